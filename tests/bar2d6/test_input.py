"""Bad input to bar2d6 gets a typed error and changes nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import InvalidCharacter, InvalidData, InvalidNotation, notation
from tabletop_rules.bar2d6 import (
    RULESET,
    Character,
    CombatSetup,
    CombatState,
    Item,
    ItemKind,
    Participant,
    Rulings,
    parse_sheet,
)
from tabletop_rules.bar2d6.strategies import characters, setups
from tabletop_rules.serialization import from_json, to_json

_SHEET_WORDS = st.sampled_from(
    [
        "姓名：",
        "血量：",
        "項目：",
        "Name: ",
        "HP: ",
        "（技能）：",
        "主動+",
        "被動+",
        "回復能力",
        "=",
        "\n",
    ]
)


@given(st.lists(st.one_of(_SHEET_WORDS, st.text(max_size=4)), max_size=12).map("".join))
def test_any_sheet_reads_or_lists_its_problems(text: str) -> None:
    """B2D6-04, B2D6-05: a pasted text is a character or an InvalidCharacter, nothing else."""
    try:
        parse_sheet(text)
    except InvalidCharacter:
        return


@given(st.text(max_size=30).map(lambda t: "B2D6" + t))
def test_any_chat_text_is_a_command_chat_or_a_typed_error(text: str) -> None:
    """B2D6-28, B2D6-34: text starting like a command reads, is chat, or says what is wrong."""
    try:
        notation.parse(text, system="bar2d6")
    except InvalidNotation:
        return


@given(characters())
def test_a_character_with_a_broken_field_is_invalid_data(character: Character) -> None:
    """B2D6-06: JSON with a bonus that is text is refused with the path to it."""
    data = json.loads(to_json(Character(name="A", items=[Item(name="劍", kind=ItemKind.WEAPON)])))
    data["items"][0]["active"] = "many"
    with pytest.raises(InvalidData):
        from_json(json.dumps(data), Character)
    assert character == from_json(to_json(character), Character)


@given(setups())
def test_setups_and_states_round_trip(setup: CombatSetup) -> None:
    """B2D6-01, B2D6-03: setups and the state they start survive JSON."""
    state = RULESET.start(setup)
    assert (setup, state) == (
        from_json(to_json(setup), CombatSetup),
        from_json(to_json(state), CombatState),
    )


def test_a_state_with_hp_above_max_is_refused() -> None:
    """B2D6-01, B2D6-15: a forged state at 9 of 3 HP is refused when it is read."""
    a = Character(name="A")
    setup = CombatSetup(
        participants=[
            Participant(id="a", character=a, side="x"),
            Participant(id="b", character=a, side="y"),
        ]
    )
    data = json.loads(to_json(RULESET.start(setup)))
    data["combatants"][0]["hp"] = 9
    with pytest.raises(InvalidData, match="hp"):
        from_json(json.dumps(data), CombatState)


def test_a_setup_with_hp_above_max_is_refused() -> None:
    """B2D6-01: a participant cannot start above its max HP."""
    with pytest.raises(InvalidData):
        CombatSetup(
            participants=[
                Participant(id="a", character=Character(name="A"), side="x", hp=4),
                Participant(id="b", character=Character(name="B"), side="y"),
            ]
        )


def test_from_type_draws_bar2d6_characters() -> None:
    """B2D6-04: ``st.from_type(bar2d6.Character)`` draws valid characters."""

    @given(st.from_type(Character))
    def check(character: Character) -> None:
        assert character.unspent >= 0

    check()


@pytest.mark.parametrize("text", ['{"help_min_dice": 7}', '{"heal_above_max": "yes"}'])
def test_rulings_from_json_are_checked(text: str) -> None:
    """B2D6-40, B2D6-15: a ruling outside its range is refused when it is read."""
    with pytest.raises(InvalidData):
        from_json(text, Rulings)
