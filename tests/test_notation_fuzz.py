"""Property tests of the notation with the public strategies (issue 9, point 6)."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable
from types import FrameType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules.dice import Dice, Roll, SeededDice
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.i18n import LOCALES
from tabletop_rules.notation import Check, Command, Expression, Limits, Repeat, Result, parse
from tabletop_rules.notation._limits import DEFAULT_LIMITS
from tabletop_rules.notation._parser import (  # pyright: ignore[reportPrivateUsage]
    _fast,
    _fast_pool,
    read_in_full,
)
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.testing import strategies as ts


class CountingDice:
    """Seeded dice that count the dice they roll."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededDice(seed)
        self.count = 0

    def roll(self, dice: Dice) -> Roll:
        self.count += dice.count
        return self.inner.roll(dice)


@given(ts.notation_commands(), st.integers(0, 2**64))
def test_generated_commands_parse_roll_within_limits_and_round_trip(
    command: Command, seed: int
) -> None:
    """Every generated command parses from its canonical text and rolls within the limits."""
    assert command == parse(str(command))
    dice = CountingDice(seed)
    result = command.roll(dice)
    assert dice.count <= Limits().max_dice
    assert isinstance(result, Result)
    for locale in LOCALES:
        assert result.render(locale)


@given(ts.notation_texts())
def test_every_spelling_parses_to_its_command(pair: tuple[str, Command]) -> None:
    """Any letter case, full width and padding give the same command."""
    text, command = pair
    assert command == parse(text)


@settings(max_examples=25)
@given(ts.notation_commands(max_terms=2), st.integers(0, 2**32))
def test_generated_commands_and_results_round_trip_through_json(
    command: Command, seed: int
) -> None:
    """Commands and their results come back equal from JSON."""
    result = command.roll(SeededDice(seed))
    assert command == from_json(to_json(command), type(command))
    assert result == from_json(to_json(result), type(result))


@given(st.text(max_size=300), st.sampled_from([None, "m20"]))
def test_arbitrary_unicode_raises_only_library_errors(text: str, system: str | None) -> None:
    """Any Unicode text gives None, a command, or a library error."""
    try:
        command = parse(text) if system is None else parse(text, system=system)
    except TabletopRulesError:
        return
    assert command is None or hasattr(command, "probability") or hasattr(command, "roll")


@given(ts.chat_messages())
def test_ordinary_chat_is_never_a_command(message: str) -> None:
    """Chat in English, Chinese and Japanese is never a command, with or without a system."""
    assert parse(message) is None
    assert parse(message, system="m20") is None


NOTATION_PIECES = [
    *"0123456789dDkKhHlLrRbB!+-−*/()<>=≥≤≧≦%fFxXsSuUtTyYzZcC[]@?,",
    "66",
    "D66",
    "MAX",
    "MIN",
    "choice",
    "choice[",
    "rep",
    "repeat",
    "C(",
    "/2U",
    "TY",
    "3R6",
    "5U10",
    "M20",
    "ATK",
    "DEF",
    ">=",
    "<>",
    "!=",
    "≠",
    "困難",
    "ｄ",
    "２",
    "\u3000",
    "\n",
]


@given(st.lists(st.sampled_from(NOTATION_PIECES), max_size=40).map("".join))
def test_notation_like_text_raises_only_library_errors_and_round_trips(text: str) -> None:
    """Text made of the language's own pieces is chat, a library error, or a command whose
    canonical text parses back to it."""
    try:
        command = parse(text, system="m20")
    except TabletopRulesError:
        return
    if command is not None and not hasattr(command, "resolve"):
        assert command == parse(str(command))


def test_a_comment_may_span_lines() -> None:
    """A comment keeps its line breaks and round-trips."""
    command = parse("2d6+1 attack\nthen run")
    assert command is not None
    assert ("attack\nthen run", command) == (command.comment, parse(str(command)))


#: Inputs built to attack a parser: long runs of spaces, unclosed brackets, nesting to the
#: limit, and the same piece over and over, in every form of the language (issue 26).
ATTACKS = [
    " " * 10_000 + "2d6",
    "2d6" + " " * 190 + "+",
    "2d6" + " " * 10_000 + "+1",
    "x3" + " " * 190 + "2d6",
    "2d6>=" + " " * 190,
    "(" * 199,
    "(" * 98 + "1d6" + ")" * 98,
    "(" * 98 + "1d6" + ")" * 97,
    "(1d6+" * 39 + "1" + ")" * 39,
    "((" * 60 + "2+3" + "))" * 60 + "d6",
    "[" * 199,
    "2R6[" + "(" * 190,
    "2R6[" + "[" * 190,
    "5U10[" + "1+" * 90,
    "choice[" + "a," * 95,
    "choice(" + "(" * 190,
    "choice " + "a " * 95,
    "C(" * 99,
    "C" + "(" * 98 + "1" + ")" * 98,
    "C(" + "1+" * 98 + "1)",
    "1d6" + "+" * 190,
    "1d6" + "-" * 190 + "1",
    "1d6" + "*2" * 95,
    "1d6" + "/2U" * 64,
    "+".join(["2b6"] * 40),
    "+".join(["2r6"] * 40) + ">=5",
    "+".join(["1u6"] * 40) + "[6]",
    "S" * 199,
    "Sx3 " * 49,
    "x3 " * 66,
    "2d6" + "kh" * 95,
    "4d6k" + "(" * 190,
    "D66" + "S" * 190,
    "1" * 199 + "d6",
    "d" * 199,
    "2d6 " + "!=" * 95,
]


@pytest.mark.parametrize("text", ATTACKS, ids=lambda text: f"{text[:12]!r}×{len(text)}")
@pytest.mark.parametrize("system", [None, "m20"])
def test_attacking_inputs_are_chat_a_command_or_refused_in_linear_work(
    text: str, system: str | None
) -> None:
    """Each attack gives None, a command (rolled and rendered in three locales), or a library
    error, after a number of function calls linear in its length (counted, not timed)."""
    outcome: list[object] = []

    def read() -> None:
        try:
            command: Any = parse(text) if system is None else parse(text, system=system)
        except TabletopRulesError as error:
            outcome.append(error)
            return
        outcome.append(command)
        if command is not None and hasattr(command, "roll"):
            result = command.roll(SeededDice(1))
            for locale in LOCALES:
                result.render(locale)

    made = calls(read)
    assert made <= 100 * len(text) + 5_000
    found = outcome[0]
    assert found is None or isinstance(found, TabletopRulesError) or hasattr(found, "roll")


def calls(function: Callable[[], object]) -> int:
    """How many Python functions *function* calls, all the way down."""
    count = 0

    def profile(_: FrameType, event: str, __: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        function()
    finally:
        sys.setprofile(None)
    return count


def _both_readers(text: str) -> None:
    """Where the one-pass reader reads a text, the full reader reads the same command."""
    head = unicodedata.normalize("NFKC", text).strip()
    for fast_reader in (_fast, _fast_pool):
        try:
            fast: Any = fast_reader(head, DEFAULT_LIMITS)
        except TabletopRulesError:  # pragma: no cover - the fast readers never refuse
            raise AssertionError(f"the fast reader refused {text!r}") from None
        if fast is not None:
            full: Any = read_in_full(text, head, DEFAULT_LIMITS)
            assert fast == full
            assert str(fast) == str(full)
            # The fast reader's commands share their parts (a check's target): rolled with
            # the same faces, they show what the full reader's show.
            fast_result, full_result = fast.roll(SeededDice(7)), full.roll(SeededDice(7))
            assert fast_result == full_result
            for locale in LOCALES:
                assert fast_result.render(locale) == full_result.render(locale)


@settings(max_examples=300)
@given(ts.notation_texts())
def test_the_fast_reader_reads_generated_texts_as_the_full_reader_does(
    pair: tuple[str, Command],
) -> None:
    """The parser's fast path gives the full reader's command for every text it takes."""
    _both_readers(pair[0])


_FAST_PIECES = [*NOTATION_PIECES, "1d6", "2D6", "10", "d20", "5d", " attack", "kh", "k", "dl"]
_FAST_PIECES += ["/2", "*3", "*-1", "U", "R", "C", " ", "S", ">=7", "=", "<>", "-", "+", "3R6"]
_FAST_PIECES += ["2B6", "5U10", "[", "]", "[3]", "[>=2]", "@", "(", ")", "(2+3)", "d66", "0"]


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(_FAST_PIECES), max_size=20))
def test_the_fast_reader_reads_any_notation_as_the_full_reader_does(pieces: list[str]) -> None:
    """The same, for any text made of the language's pieces."""
    _both_readers("".join(pieces))


class OneDieAtATime:
    """Seeded dice asked for their faces one die at a time, whatever the pool asked for."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededDice(seed)

    def roll(self, dice: Dice) -> Roll:
        one = Dice(1, dice.sides)
        return Roll(dice, [self.inner.roll(one).faces[0] for _ in range(dice.count)])


@given(ts.notation_commands(), st.integers(0, 2**64))
def test_the_fast_paths_of_rolling_give_what_rolling_die_by_die_gives(
    command: Command, seed: int
) -> None:
    """Seeded dice draw pools at once where the rules roll die by die (upper dice, chains);
    the faces, the result and the dice's state are those of a source asked die by die."""
    pooled, by_die = SeededDice(seed), OneDieAtATime(seed)
    result = command.roll(pooled)
    assert result == command.roll(by_die)
    assert pooled.state == by_die.inner.state
    for locale in LOCALES:
        assert result.render(locale) == command.roll(OneDieAtATime(seed)).render(locale)


@given(ts.notation_commands(), st.integers(0, 2**64))
def test_the_fast_paths_of_rendering_give_the_terms_as_rolled(command: Command, seed: int) -> None:
    """A sum's detail and total, read in one pass, are its terms as each renders alone; and
    a result the library built without its checks is one the checks accept."""
    single = command.command if isinstance(command, Repeat) else command
    result: Any = single.roll(SeededDice(seed))
    assert result == attrs.evolve(result)
    sums = [result] if isinstance(single, Expression) else []
    if isinstance(single, Check):
        sums = [result.left, result.right]
    for rolled in sums:
        texts = [str(part) for part in rolled.parts]
        signed = [
            f"-{text}" if part.sign < 0 else f"+{text}" if index else text
            for index, (part, text) in enumerate(zip(rolled.parts, texts, strict=True))
        ]
        assert rolled.detail == "".join(signed)
        assert rolled.total == sum(part.value for part in rolled.parts)
