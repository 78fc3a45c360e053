"""JSON of the notation's values and results, and all-or-nothing rolls."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.errors import InvalidData, TabletopRulesError
from tabletop_rules.notation import Command, Expression, Limits, Part, RolledPart, parse
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.testing import strategies as ts


def must_parse(text: str) -> Command:
    command = parse(text)
    assert command is not None, f"{text!r} should be a command"
    return command


# -- JSON ------------------------------------------------------------------------------------


def _values() -> list[object]:
    sum_result = must_parse("2d6+3").roll(ScriptedDice([3, 4]))
    check_result = must_parse("2d6+5>=3d6").roll(ScriptedDice([3, 4, 2, 3, 5]))
    return [
        Limits(max_dice=500),
        Part(dice=Dice(2, 6)),
        Part(sign=-1, number=3),
        must_parse("1d20-1+2d4"),
        must_parse("2d6+5>=3d6"),
        must_parse("x3 2d6"),
        must_parse("x3 2d6>=7"),
        RolledPart(part=Part(sign=-1, dice=Dice(1, 4)), roll=Roll(Dice(1, 4), (2,))),
        sum_result,
        check_result,
        must_parse("x2 1d6").roll(ScriptedDice([1, 2])),
        must_parse("x2 1d6>=4").roll(ScriptedDice([5, 2])),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda value: type(value).__name__)
def test_values_round_trip_through_json(value: object) -> None:
    """Every notation value and result comes back equal from JSON."""
    assert value == from_json(to_json(value), type(value))


@given(ts.notation_commands(max_terms=2), st.integers())
def test_rolled_results_round_trip_through_json(command: Command, seed: int) -> None:
    """Any rolled result comes back equal from JSON."""
    result = command.roll(SeededDice(seed))
    assert result == from_json(to_json(result), type(result))


@pytest.mark.parametrize(
    "text",
    [
        '{"parts":[{"sign":2,"dice":null,"number":1}]}',
        '{"parts":[]}',
        '{"parts":[{"sign":1,"dice":{"count":0,"sides":6},"number":0}]}',
    ],
)
def test_bad_json_raises_invalid_data(text: str) -> None:
    """JSON for an impossible sum raises InvalidData."""
    with pytest.raises(InvalidData):
        from_json(text, Expression)


@pytest.mark.parametrize(
    ("text", "faces"),
    [("1d6+1d4", [5, 6]), ("x2 1d6+1d6", [5, 3, 4]), ("1d6>=1d8", [2])],
)
def test_a_roll_that_fails_part_way_takes_no_scripted_face(text: str, faces: list[int]) -> None:
    """A command whose dice fail part way gives every face back, so the bot can try again."""
    command = parse(text)
    assert command is not None
    dice = ScriptedDice(faces)

    with pytest.raises(TabletopRulesError):
        command.roll(dice)

    assert tuple(faces) == dice.remaining
