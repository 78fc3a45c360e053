"""The command line's output on every terminal and disk, and its usage errors (issue 24)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_rules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _subprocess(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop_rules", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="strict",
        env={**os.environ, **env},
        check=False,
    )


def test_odds_of_100d100_prints_percentages_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """``odds 100d100``'s fractions have 200 digits: the table prints percentages only and
    says how to get the fractions."""
    code, out, _ = run(capsys, "odds", "100d100")
    rows = out.splitlines()[1:41]
    assert 0 == code
    assert all(len(row) < 20 for row in rows)
    assert "--fractions prints them" in out


def test_odds_fractions_prints_them_however_long(capsys: pytest.CaptureFixture[str]) -> None:
    """``--fractions`` prints the exact fractions of 100d100."""
    out = run(capsys, "odds", "100d100", "--fractions")[1]
    assert "/" in out.splitlines()[1]
    assert "--fractions prints them" not in out


def test_short_fractions_are_printed_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """3d6's fractions are short: they are printed, with no note."""
    out = run(capsys, "odds", "3d6")[1]
    assert "   3  1/216    0.46%" == out.splitlines()[1]


def test_hidden_outcomes_as_likely_as_one_shown_are_not_called_less_likely(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """2d6 with 4 rows shows 5, 6, 7, 8 (or 6, 7, 8, 9): 9 is as likely as 5, so the others
    are not all "less likely"."""
    out = run(capsys, "odds", "2d6", "--rows", "4")[1]
    assert "less likely" not in out
    assert "7 other outcomes, none more likely than the least likely shown" in out


def test_hidden_outcomes_all_less_likely_are_called_so(capsys: pytest.CaptureFixture[str]) -> None:
    """2d6 with 3 rows shows 6, 7, 8: the 8 others are each less likely."""
    assert "8 less likely outcomes" in run(capsys, "odds", "2d6", "--rows", "3")[1]


@pytest.mark.parametrize("command", ["roll", "odds"])
def test_an_unknown_system_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``--system nope`` exits 2 with the usage and the known systems."""
    code, _, err = run(capsys, command, "--system", "nope", "1d6")
    assert 2 == code
    assert err.startswith("usage:")
    assert "no rule system is called 'nope'; the known ones are: " in err


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en", "add --system m20"),
        ("ja", "--system m20 を付けてください"),
        ("zh-Hant", "請加上 --system m20"),
    ],
)
def test_a_systems_command_suggests_its_system(
    capsys: pytest.CaptureFixture[str], locale: str, words: str
) -> None:
    """``roll 'M20+4>=困難'`` is m20's command: the error says to add ``--system m20``."""
    code, _, err = run(capsys, "roll", "M20+4>=困難", "--locale", locale)
    assert 2 == code
    assert words in err


def test_chat_suggests_no_system(capsys: pytest.CaptureFixture[str]) -> None:
    """Text that is no one's command gets the plain "not a dice command"."""
    err = run(capsys, "roll", "hello")[2]
    assert "not a dice command" in err
    assert "add --system" not in err


@pytest.mark.needs("a subprocess")
def test_a_full_disk_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    """Writing to a full disk (``/dev/full``) exits 1 with one line on standard error."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with Path("/dev/full").open("w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "tabletop_rules", "odds", "3d6"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert 1 == done.returncode
    assert ["tabletop-rules: error: cannot write the output: No space left on device"] == (
        done.stderr.splitlines()
    )


@pytest.mark.needs("a subprocess")
def test_ascii_output_spells_signs_plainly() -> None:
    """On an ASCII terminal ``＞`` is ``>`` and ``≥`` is ``>=``, never ``\\uff1e``."""
    done = _subprocess("roll", "2d6+5>=3d6", "--seed", "3", PYTHONIOENCODING="ascii")
    assert 0 == done.returncode
    assert "\\u" not in done.stdout
    assert "> " in done.stdout
    assert ">=" in done.stdout


@pytest.mark.needs("a subprocess")
def test_ascii_output_escapes_only_what_has_no_plain_spelling() -> None:
    """A Japanese word has no ASCII spelling: it alone is escaped, the signs are plain."""
    done = _subprocess(
        "roll",
        "--system",
        "m20",
        "M20+4>=困難",
        "--seed",
        "1",
        "--locale",
        "ja",
        PYTHONIOENCODING="ascii",
    )
    assert "1D20[6] +4 \\u4fee\\u6b63 = 10 < 16(\\u56f0\\u96e3) \\u5931\\u6557" == (
        done.stdout.strip()
    )


def test_no_line_of_the_demo_ends_in_a_space(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo's blank lines between repeated rolls carry no indentation."""
    out = run(capsys, "demo")[1]
    assert [] == [line for line in out.splitlines() if line.endswith(" ")]
