"""bar2d6's chat commands: checks against the GM's dice, helped checks and contests."""

from __future__ import annotations

import pytest

from tabletop_rules import InvalidNotation, ScriptedDice, notation
from tabletop_rules.bar2d6 import CHAT_COMMANDS, Contest, DifficultyDice, GMCheck, Helper
from tabletop_rules.checks import Term
from tabletop_rules.i18n import LOCALES, catalog


def _parse(text: str) -> object:
    return notation.parse(text, system="bar2d6")


def test_the_climb_typed_in_a_chat() -> None:
    """B2D6-33: ``B2D6+5>=3`` is the climbing example; [3,4] against [4,4,4] succeeds."""
    check = _parse("B2D6+5>=3")
    assert GMCheck(terms=[Term("bar2d6.term.modifier", 5)], difficulty=3) == check
    assert isinstance(check, GMCheck)
    assert "Against the GM: 2D6[3,4] +5 Modifier = 12 ≥ 12 (3D6[4,4,4]) Success" == (
        check.resolve(ScriptedDice([3, 4, 4, 4, 4])).explain("en")
    )


@pytest.mark.parametrize("word", ["困難", "困难", "hard", "HARD", "３"])
def test_the_difficulty_as_a_word_or_dice(word: str) -> None:
    """B2D6-30: the ladder's word in any locale, or the dice count, full width too."""
    check = _parse(f"b2d6+1>={word}")
    assert isinstance(check, GMCheck)
    assert DifficultyDice.HARD == check.difficulty


def test_helpers_in_a_chat() -> None:
    """B2D6-41, B2D6-44, B2D6-47: two helpers, each with its bonus and chosen dice."""
    check = _parse("B2D6+5>=3 HELP+2@1 協力+3@4")
    assert isinstance(check, GMCheck)
    assert (
        Helper(bonus=[Term("bar2d6.term.modifier", 2)], dice=1),
        Helper(bonus=[Term("bar2d6.term.modifier", 3)], dice=4),
    ) == check.helpers


def test_helpers_in_simplified_chinese() -> None:
    """B2D6-41, B2D6-44, B2D6-47: 协力 (Simplified) names a helper as 協力 and HELP do."""
    assert _parse("B2D6+5>=3 HELP+2@1 協力+3@4") == _parse("B2D6+5>=3 协力+2@1 协力+3@4")


def test_a_contest_in_a_chat() -> None:
    """B2D6-34, B2D6-38: ``B2D6+3 VS +2``; a tie goes to the defender."""
    contest = _parse("B2D6+3 VS +2")
    assert isinstance(contest, Contest)
    assert not contest.resolve(ScriptedDice([3, 3, 4, 3])).success


def test_a_contest_cannot_be_helped_in_a_chat() -> None:
    """B2D6-40: a helper after a contest is refused with its own message."""
    with pytest.raises(InvalidNotation) as caught:
        _parse("B2D6+3 VS +2 HELP+1@1")
    assert "bar2d6.error.contest_help" == caught.value.key


@pytest.mark.parametrize(
    "text", ["B2D6+5>=5", "B2D6+5>=3 HELP+2@5", "B2D6+5>=3 HELP", "B2D6+5>=3 协力", "B2D6+"]
)
def test_malformed_commands_say_where(text: str) -> None:
    """B2D6-30, B2D6-47: a sixth die, a helper's fifth, a bare HELP (or 协力): typed errors."""
    with pytest.raises(InvalidNotation):
        _parse(text)


def test_ordinary_chat_is_not_a_command() -> None:
    """B2D6-19: text that does not start like a command is left alone."""
    assert _parse("let's climb") is None


@pytest.mark.parametrize("command", CHAT_COMMANDS, ids=lambda c: c.name)
def test_every_example_reads(command: notation.ChatCommand) -> None:
    """B2D6-19: each command's own examples read as that command."""
    for example in command.examples:
        assert _parse(example) is not None


@pytest.mark.parametrize("locale", LOCALES)
def test_help_in_every_locale(locale: str) -> None:
    """B2D6-28, B2D6-38, B2D6-48: each command's help exists in every locale."""
    assert all(command.help in catalog(locale) for command in CHAT_COMMANDS)
