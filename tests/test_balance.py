"""Balance reports: every pairing of decks, win rates with Wilson intervals, bad input refused."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tabletop_rules.balance import BalanceReport, balance
from tabletop_rules.cli import main
from tabletop_rules.errors import InvalidData
from tabletop_rules.simulation import InlineExecutor, simulators

T = TypeVar("T")


class _Counting(Executor):
    """Runs each task in this thread, and counts them."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        self.submitted += 1
        future: Future[T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.fixture(scope="module")
def report() -> BalanceReport:
    # In this thread: the browser's Python (the pyodide session) starts no thread or process.
    return balance(
        ["vanguard", "wilds", "arcane"], bot="random", games=3, executor=InlineExecutor()
    )


def test_every_ordered_pairing_is_one_cell_of_both_seatings(report: BalanceReport) -> None:
    """Each cell counts the row deck's wins over 2 × games games, both seatings."""
    pairs = {(a, b) for a in report.decks for b in report.decks if a != b}
    assert (pairs, {6}) == (set(report.cells), {e.total for e in report.cells.values()})


def test_a_cell_and_its_mirror_count_each_game_once(report: BalanceReport) -> None:
    """The wins of a against b and of b against a are at most the games they played."""
    for (a, b), cell in report.cells.items():
        assert cell.count + report.cell(b, a).count <= cell.total


def test_the_same_seed_gives_the_same_report(report: BalanceReport) -> None:
    """Pairing k plays seeds seed + k × games onwards, whatever the executor."""
    again = balance(["vanguard", "wilds", "arcane"], bot="random", games=3, executor=_Counting())
    assert report == again


def test_the_table_has_a_row_per_deck_and_a_dash_on_the_diagonal(report: BalanceReport) -> None:
    """rows(): the head row of decks, then each deck's row; no deck plays itself."""
    rows = report.rows()
    assert (["", *report.decks], ["—", "—", "—"]) == (
        rows[0],
        [rows[i + 1][i + 1] for i in range(3)],
    )


def test_the_heat_map_is_saved_as_an_image(report: BalanceReport, tmp_path: Path) -> None:
    """heat_map(path) draws the matrix with matplotlib and writes the file."""
    pytest.importorskip("matplotlib")
    path = tmp_path / "balance.png"
    report.heat_map(path)
    assert path.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        ({"decks": ["vanguard", "nope"]}, r"\$\.decks\[1\]"),
        ({"decks": ["vanguard"]}, r"\$\.decks"),
        ({"decks": ["vanguard", "vanguard"]}, r"\$\.decks"),
        ({"decks": "vanguard"}, r"\$\.decks"),
        ({"decks": ["vanguard", "wilds"], "bot": "nope"}, r"\$\.bot"),
        ({"decks": ["vanguard", "wilds"], "bot": 3}, r"\$\.bot"),
        ({"decks": ["vanguard", "wilds"], "games": 0}, r"\$\.games"),
        ({"decks": ["vanguard", "wilds"], "games": 2.5}, r"\$\.games"),
        ({"decks": ["vanguard", "wilds"], "seed": "x"}, r"\$\.seed"),
        ({"decks": ["vanguard", "wilds"], "system": "nope"}, r"\$\.system"),
    ],
)
def test_bad_input_is_refused_before_any_game(arguments: dict[str, Any], path: str) -> None:
    """Bad decks, bots and counts raise InvalidData, and no task reaches the executor."""
    pool = _Counting()
    with pytest.raises(InvalidData, match=path):
        balance(**arguments, executor=pool)
    assert 0 == pool.submitted


def test_the_search_bot_is_offered_for_every_system_with_decks() -> None:
    """'search' is a bot of every balance report, beside the system's own."""
    from tabletop_rules.balance import bots_of

    assert all("search" in bots_of(s) for s in simulators().values())


def test_the_command_prints_the_matrix_and_saves_the_heat_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tabletop-rules balance DECK... prints the table; --image writes the heat map."""
    pytest.importorskip("matplotlib")
    image = tmp_path / "m.png"
    argv = ["balance", "vanguard", "wilds", "--bot", "random", "--games", "2"]
    code = main([*argv, "--processes", "1", "--quiet", "--image", str(image)])
    out = capsys.readouterr().out
    assert (0, True, True) == (code, "vanguard" in out and "wilds" in out, image.exists())


def test_the_command_refuses_an_unknown_deck_with_the_librarys_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad deck is one line on standard error and exit code 1; nothing is played."""
    code = main(["balance", "vanguard", "nope", "--processes", "1", "--quiet"])
    assert (1, "$.decks[1]") == (
        code,
        "$.decks[1]" if "$.decks[1]" in capsys.readouterr().err else "",
    )
