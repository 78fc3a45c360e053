"""Tests of the ``tabletop-rules`` command (tabletop_rules.cli)."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_rules
from tabletop_rules.cli import main
from tabletop_rules.dice import SeededDice
from tabletop_rules.notation import parse


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def rendered(text: str, seed: int, locale: str = "en") -> str:
    command = parse(text)
    assert command is not None
    return command.roll(SeededDice(seed)).render(locale) + "\n"


# -- roll ------------------------------------------------------------------------------------


def test_roll_with_a_seed_prints_the_seeded_render(capsys: pytest.CaptureFixture[str]) -> None:
    """``roll EXPR --seed N`` prints exactly the render of SeededDice(N)'s roll."""
    assert (0, rendered("2d6+3", 7), "") == run(capsys, "roll", "2d6+3", "--seed", "7")


def test_roll_with_a_seed_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed prints the same text twice."""
    first = run(capsys, "roll", "3d6>=10", "--seed", "42")
    assert first == run(capsys, "roll", "3d6>=10", "--seed", "42")


def test_roll_uses_the_locale(capsys: pytest.CaptureFixture[str]) -> None:
    """``--locale zh-Hant`` renders the outcome in Traditional Chinese."""
    expected = rendered("2d6>=2", 1, "zh-Hant")
    assert (0, expected, "") == run(capsys, "roll", "2d6>=2", "--seed", "1", "--locale", "zh-Hant")
    assert expected.endswith("成功\n")


def test_roll_reads_a_simplified_chinese_tag(capsys: pytest.CaptureFixture[str]) -> None:
    """``--locale zh-CN`` renders the outcome in Simplified Chinese (zh-Hans)."""
    expected = rendered("2d6>=13", 1, "zh-Hans")
    assert (0, expected, "") == run(capsys, "roll", "2d6>=13", "--seed", "1", "--locale", "zh-CN")
    assert expected.endswith("失败\n")


def test_roll_joins_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Several words are joined with spaces: ``roll x3 2d6``."""
    assert (0, rendered("x3 2d6", 5), "") == run(capsys, "roll", "x3", "2d6", "--seed", "5")


def test_roll_without_a_seed_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--seed`` the command still rolls and prints one line."""
    code, out, err = run(capsys, "roll", "1d6")
    assert (0, "", 1) == (code, err, out.count("\n"))
    assert out.startswith("(1D6) ＞ ")


def test_roll_a_leading_minus_after_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    """A command that starts with ``-`` is given after ``--``."""
    expected = rendered("-1d4+3", 3)
    assert (0, expected, "") == run(capsys, "roll", "--seed", "3", "--", "-1d4+3")


# -- odds ------------------------------------------------------------------------------------


def test_odds_of_a_check(capsys: pytest.CaptureFixture[str]) -> None:
    """``odds`` prints the exact fraction and a rounded percentage for a check."""
    assert (0, "P(2D6+5>=8) = 35/36 ≈ 97.22%\n", "") == run(capsys, "odds", "2D6+5>=8")


def test_odds_of_an_opposed_check(capsys: pytest.CaptureFixture[str]) -> None:
    """An exact percentage is marked with ``=``."""
    assert (0, "P(1D20+5>=1D20+3) = 247/400 = 61.75%\n", "") == run(
        capsys, "odds", "1d20+5>=1d20+3"
    )


def test_odds_of_a_sum_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    """A sum prints its mean and range, then each total's fraction and percentage."""
    expected = "\n".join(
        [
            "1D4+1: mean 3.5, from 2 to 5",
            "  2  1/4  25.00%",
            "  3  1/4  25.00%",
            "  4  1/4  25.00%",
            "  5  1/4  25.00%",
            "",
        ]
    )
    assert (0, expected, "") == run(capsys, "odds", "1d4+1")


def test_odds_of_a_sum_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    """The summary line is localized."""
    code, out, _ = run(capsys, "odds", "1d4+1", "--locale", "ja")
    assert (0, "1D4+1：平均 3.5、2 から 5") == (code, out.splitlines()[0])


def test_odds_of_a_repeated_check(capsys: pytest.CaptureFixture[str]) -> None:
    """A repeated check prints one check's odds, then the distribution of successes."""
    expected = "\n".join(
        [
            "P(1D2>=2) = 1/2 = 50.00%",
            "Successes in 2 rolls:",
            "  0  1/4  25.00%",
            "  1  1/2  50.00%",
            "  2  1/4  25.00%",
            "",
        ]
    )
    assert (0, expected, "") == run(capsys, "odds", "x2 1d2>=2")


def test_odds_of_a_repeated_sum(capsys: pytest.CaptureFixture[str]) -> None:
    """A repeated sum prints the table of one roll."""
    expected = "\n".join(
        [
            "Each of the 2 rolls:",
            "1D2: mean 1.5, from 1 to 2",
            "  1  1/2  50.00%",
            "  2  1/2  50.00%",
            "",
        ]
    )
    assert (0, expected, "") == run(capsys, "odds", "x2", "1d2")


# -- version, usage errors, library errors ---------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``--version`` prints the program's name and version."""
    assert (0, f"tabletop-rules {tabletop_rules.__version__}\n", "") == run(capsys, "--version")


@pytest.mark.parametrize(
    "argv",
    [[], ["frobnicate"], ["roll"], ["roll", "2d6", "--seed", "x"], ["odds", "--bogus", "2d6"]],
)
def test_usage_errors_exit_with_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """argparse's own usage errors return 2."""
    code, out, err = run(capsys, *argv)
    assert (2, "") == (code, out)
    assert "usage: tabletop-rules" in err


@pytest.mark.parametrize("subcommand", ["roll", "odds"])
def test_text_that_is_not_a_command_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], subcommand: str
) -> None:
    """Chat given as EXPR is a usage error: exit 2, the usage and one error line."""
    code, out, err = run(capsys, subcommand, "hello")
    assert (2, "") == (code, out)
    assert err.splitlines()[-1] == (
        "tabletop-rules: error: not a dice command: “hello” (try 2D6+3 or 2D6>=7)"
    )


@pytest.mark.parametrize("subcommand", ["roll", "odds"])
def test_malformed_command_exits_with_1_and_one_line(
    capsys: pytest.CaptureFixture[str], subcommand: str
) -> None:
    """A malformed command prints one localized line on stderr, no traceback, and returns 1."""
    expected = (
        "tabletop-rules: error: The command ends too early: expected a number or dice such as "
        "2D6 (column 5 of “2d6+”).\n"
    )
    assert (1, "", expected) == run(capsys, subcommand, "2d6+")


def test_limit_exceeded_exits_with_1(capsys: pytest.CaptureFixture[str]) -> None:
    """A command over a limit is a library error: exit 1, one line."""
    expected = (
        "tabletop-rules: error: Too many dice: 101 in one roll (explosions and rerolls at their "
        "cap included), but at most 100 are allowed (column 1 of “101d6”).\n"
    )
    assert (1, "", expected) == run(capsys, "roll", "101d6")


def test_library_errors_are_localized(capsys: pytest.CaptureFixture[str]) -> None:
    """``--locale ja`` gives the error message in Japanese."""
    code, _, err = run(capsys, "roll", "2d0", "--locale", "ja")
    assert (
        1,
        "tabletop-rules: error: ダイスの面数は1以上でなければなりません（「2d0」の 3 文字目）。\n",
    ) == (
        code,
        err,
    )


def test_error_with_a_newline_stays_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """An error about text with a line break is still printed on one line."""
    code, _, err = run(capsys, "roll", "2d6\n+")
    assert (1, 1) == (code, err.count("\n"))


@given(st.text(max_size=60))
def test_main_returns_an_exit_code_for_any_text(text: str) -> None:
    """Whatever the text, ``main`` returns 0, 1 or 2 and never lets an exception out."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["roll", "--seed", "1", "--", text])
    assert code in {0, 1, 2}
    assert "Traceback" not in err.getvalue()


# -- demo ------------------------------------------------------------------------------------


def test_demo_exits_with_0(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo runs to the end and writes nothing on stderr."""
    code, out, err = run(capsys, "demo")
    assert (0, "") == (code, err)
    assert out.startswith(f"tabletop-rules {tabletop_rules.__version__}")


def test_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo prints the same text every time (its seed is fixed)."""
    assert run(capsys, "demo") == run(capsys, "demo", "--seed", "2026")


def test_demo_explains_the_m20_check_in_three_locales(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo shows the m20-style check result in en, zh-Hant and ja, each locale wording
    the modifiers' labels (the player's own 半狼 stays as written)."""
    out = run(capsys, "demo")[1]
    for line in (
        "1D20[14] +3 Physique +2 Physical Defense +5 半狼 = 24 ≥ 16 Success",
        "1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16 成功",
        "1D20[14] +3 身体 +2 物防 +5 半狼 = 24 ≥ 16 成功",
    ):
        assert line in out


def test_demo_round_trips_json(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo's JSON round trip reads back an equal result."""
    assert "Read back equal to the original: True" in run(capsys, "demo")[1]


def test_demo_headings_follow_the_locale(capsys: pytest.CaptureFixture[str]) -> None:
    """``demo --locale ja`` prints its headings in Japanese."""
    out = run(capsys, "demo", "--locale", "ja")[1]
    assert "4. 結果を JSON に保存して読み戻す（to_json / from_json）" in out


# -- python -m -------------------------------------------------------------------------------


@pytest.mark.needs("a subprocess")
def test_python_dash_m_prints_the_version() -> None:
    """``python -m tabletop_rules --version`` works in a fresh process."""
    source = str(Path(tabletop_rules.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([source, os.environ.get("PYTHONPATH", "")])}
    completed = subprocess.run(
        [sys.executable, "-m", "tabletop_rules", "--version"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert (0, f"tabletop-rules {tabletop_rules.__version__}\n") == (
        completed.returncode,
        completed.stdout,
    )


def test_an_expression_may_start_with_a_minus(capsys: pytest.CaptureFixture[str]) -> None:
    """``roll -1d4+3`` is an expression, not an unknown option."""
    code = main(["roll", "-1d4+3", "--seed", "1"])

    assert (0, "(-1D4+3) ＞ -2[2]+3 ＞ 1\n") == (code, capsys.readouterr().out)


@pytest.mark.needs("a subprocess")
def test_a_closed_pipe_ends_quietly() -> None:
    """``odds 30d100 | head -1`` prints no traceback when the reader goes away."""
    done = subprocess.run(
        f"{sys.executable} -m tabletop_rules odds 30d100 | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )

    assert "" == done.stderr
    assert done.stdout.startswith("30D100")


# -- odds rows, percent view, locales, terminals (issue 9, point 5) ---------------------------


def test_odds_caps_the_rows(capsys: pytest.CaptureFixture[str]) -> None:
    """``odds`` prints at most --rows outcomes, the most likely, and says how many are left."""
    code, out, _ = run(capsys, "odds", "100d6", "--rows", "3")
    lines = out.splitlines()
    assert 0 == code
    assert ["349", "350", "351"] == [line.split()[0] for line in lines[1:4]]
    assert "498 less likely outcomes" in lines[-1]


def test_odds_caps_rows_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --rows, at most 40 rows are printed (then the note that 100D6's fractions are
    left out, and how many outcomes are)."""
    _, out, _ = run(capsys, "odds", "100d6")
    assert 1 + 40 + 2 == len(out.splitlines())


def test_odds_rows_zero_prints_every_row(capsys: pytest.CaptureFixture[str]) -> None:
    """``--rows 0`` prints every outcome."""
    _, out, _ = run(capsys, "odds", "3d6", "--rows", "0")
    assert 1 + 16 == len(out.splitlines())


def test_odds_percent_only(capsys: pytest.CaptureFixture[str]) -> None:
    """``--percent`` prints outcomes and percentages without fractions."""
    _, out, _ = run(capsys, "odds", "2d6", "--percent")
    assert "   7  16.67%" == out.splitlines()[6]
    assert "/" not in out


def test_unknown_locale_lists_the_supported_ones(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown --locale is a usage error naming every supported locale."""
    code, _, err = run(capsys, "roll", "2d6", "--locale", "fr")
    assert 2 == code
    assert "unknown locale 'fr': the supported locales are en, zh-Hant, zh-Hans, ja" in err


def test_locale_tags_that_resolve_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    """Tags such as zh_TW and ja-JP resolve to a shipped locale."""
    code, out, _ = run(capsys, "roll", "2d6>=2", "--seed", "1", "--locale", "zh_TW")
    assert (0, True) == (code, out.endswith("成功\n"))


@pytest.mark.needs("a subprocess")
def test_output_never_crashes_on_a_terminal_that_is_not_utf8() -> None:
    """On an ASCII terminal the output escapes what it cannot show instead of crashing."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "tabletop_rules", "roll", "2d6>=7", "--seed", "1", "--locale", "ja"],
        capture_output=True,
        env=env,
        check=False,
    )
    assert (0, b"") == (done.returncode, done.stderr)
    assert b"\\u" in done.stdout


def test_system_commands_roll_and_odds(capsys: pytest.CaptureFixture[str]) -> None:
    """``--system m20`` reads m20's commands for roll and odds."""
    code, out, _ = run(capsys, "roll", "--system", "m20", "M20+4>=16", "--seed", "1")
    assert (0, True) == (code, "+4 modifier" in out)
    code, out, _ = run(capsys, "odds", "--system", "m20", "M20+4>=16")
    assert (0, "P(M20+4>=16) = 9/20 = 45.00%\n") == (code, out)


def test_new_dice_language_in_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Counting rolls and keep-highest have odds in the CLI."""
    code, out, _ = run(capsys, "odds", "6b6>=4", "--rows", "0")
    assert (0, 1 + 7) == (code, len(out.splitlines()))
    code, out, _ = run(capsys, "odds", "4d6kh3", "--percent", "--rows", "0")
    assert (0, "4D6KH3: mean ≈12.24, from 3 to 18") == (code, out.splitlines()[0])
