"""Tests of ``tabletop-rules simulate``: bot games of a system's decks, with win rates."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tabletop_rules.cli import main
from tabletop_rules.simulation import Estimate, simulators
from tabletop_rules.skirmish import SAMPLE_DECKS, greedy_bot, random_bot, simulate


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import rich`` fail, as where the ``cli`` extra is not installed."""
    for name in [m for m in sys.modules if m == "rich" or m.startswith("rich.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)


def plain_row(label: str, estimate: Estimate) -> tuple[str, str, str, str]:
    interval = f"[{estimate.low:.1%}, {estimate.high:.1%}]"
    return label, f"{estimate.count:,}", f"{estimate.rate:.1%}", interval


def cells(line: str) -> list[str]:
    """The cells of a plain table line (cells are two spaces or more apart)."""
    return [cell.strip() for cell in line.split("  ") if cell.strip()]


def test_skirmish_offers_simulations() -> None:
    """The skirmish lists a simulator of its sample decks and its two bots (SK-01)."""
    found = simulators()["skirmish"]
    assert (("a", "b"), tuple(SAMPLE_DECKS), {"random", "greedy"}) == (
        found.players,
        found.decks,
        set(found.bots),
    )


@pytest.mark.needs("threads")
@pytest.mark.usefixtures("without_rich")
def test_the_plain_table_gives_the_library_rates(capsys: pytest.CaptureFixture[str]) -> None:
    """SK-35, SK-39: without rich, the table lists each player's wins and the draws."""
    code, out, err = run(
        capsys,
        *("simulate", "arcane", "bastion", "--games", "24", "--seed", "3"),
        *("--bots", "greedy", "random", "--processes", "1"),
    )
    bots = {"a": greedy_bot, "b": random_bot}
    with ThreadPoolExecutor(max_workers=1) as pool:
        rates = simulate("arcane", "bastion", 24, bots, seed=3, executor=pool)
    lines = out.splitlines()
    expected = [
        "24 skirmish games, seed 3, 1 process(es)",
        ["Result", "Games", "Rate", "95% interval"],
        list(plain_row("a wins (arcane, greedy)", rates["a"])),
        list(plain_row("b wins (bastion, random)", rates["b"])),
        list(plain_row("Draws", rates[""])),
    ]
    assert (0, expected) == (code, [lines[0], *map(cells, lines[1:])])
    assert "Simulating 24 skirmish games on 1 process(es)…" in err


@pytest.mark.usefixtures("without_rich")
def test_quiet_prints_only_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``--quiet`` prints no message on standard error."""
    code, out, err = run(capsys, "simulate", "--games", "3", "--processes", "1", "--quiet")
    assert (0, "") == (code, err)
    assert out.startswith("3 skirmish games, seed 0, 1 process(es)\n")


def test_the_same_seed_gives_the_same_table_on_two_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A process pool of two plays the same games as one process."""
    args = ("simulate", "vanguard", "wilds", "--games", "12", "--seed", "5", "--quiet")
    code_one, one, _ = run(capsys, *args, "--processes", "1")
    code_two, two, _ = run(capsys, *args, "--processes", "2")
    # The title names the processes; the table below it is the same.
    assert (0, 0, one.splitlines()[1:]) == (code_one, code_two, two.splitlines()[1:])


@pytest.mark.needs("threads")
def test_the_rich_table_shows_the_rates(capsys: pytest.CaptureFixture[str]) -> None:
    """With rich installed, the table holds the same counts, rates and intervals."""
    pytest.importorskip("rich")
    code, out, _ = run(capsys, "simulate", "--games", "10", "--processes", "1", "--seed", "2")
    with ThreadPoolExecutor(max_workers=1) as pool:
        rates = simulate("vanguard", "wilds", 10, seed=2, executor=pool)
    assert code == 0
    for key in ("a", "b", ""):
        for cell in plain_row("", rates[key])[1:]:
            assert cell in out


def test_the_table_is_localized(capsys: pytest.CaptureFixture[str]) -> None:
    """``--locale ja`` prints the title and the rows in Japanese."""
    code, out, _ = run(
        capsys, "simulate", "--games", "2", "--processes", "1", "--quiet", "--locale", "ja"
    )
    assert (0, True, True) == (code, "skirmish 2 戦" in out, "引き分け" in out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("nowhere", "wilds"), "unknown deck 'nowhere': the decks of skirmish are vanguard"),
        (("vanguard",), "give one deck for each of the 2 players, or none, not 1"),
        (("--bots", "clever"), "unknown bot 'clever': the bots of skirmish are random, greedy"),
        (("--bots", "greedy", "random", "random"), "give one bot for all players or one"),
        (("--system", "m20"), "no rule system with simulations is called 'm20'"),
        (("--games", "0"), "expected a whole number from 1 to 1,000,000, not '0'"),
        (("--games", "many"), "expected a whole number from 1 to 1,000,000, not 'many'"),
        (("--processes", "0"), "expected a whole number from 1 to 256, not '0'"),
    ],
)
def test_bad_input_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    """A bad deck, bot, system or number is a usage error (exit code 2) that says why."""
    code, out, err = run(capsys, "simulate", "--processes", "1", *argv)
    assert (2, "") == (code, out)
    assert "usage: tabletop-rules simulate" in err
    assert message in " ".join(err.split())
