"""Property tests of the notation with the public strategies (issue 9, point 6)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules.dice import Dice, Roll, SeededDice
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.notation import Command, Limits, Result, parse
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
    for locale in ("en", "zh-Hant", "ja"):
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
    *"0123456789dDkKhHlLrRbB!+-−*/()<>=≥≤≧≦%fFxXsS ",
    "66",
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


@given(st.lists(st.sampled_from(NOTATION_PIECES), max_size=30).map("".join))
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
