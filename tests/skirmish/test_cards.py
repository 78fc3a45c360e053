"""Cards as data: the schema, the loaders and the sample set (SK-01, SK-41 to SK-44)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import InvalidData
from tabletop_rules.skirmish import (
    ApChange,
    Card,
    Damage,
    Heal,
    Marker,
    Modify,
    Move,
    Remove,
    Replace,
    Summon,
    dump_cards,
    load_cards,
    read_cards,
    sample_cards,
)
from tabletop_rules.skirmish.strategies import cards

KNIGHT: dict[str, Any] = {
    "id": "knight",
    "name": "Knight",
    "hp": 5,
    "atk": 2,
    "skl": 2,
    "def": 1,
    "skill": [
        {
            "name": "Hex",
            "cost": 2,
            "target": "enemy",
            "effect": [{"kind": "marker", "name": "hexed", "duration": 3, "effect": {"def": -1}}],
        }
    ],
}


def _with(path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    card = json.loads(json.dumps(KNIGHT))
    where: Any = card
    for key in path[:-1]:
        where = where[key]
    if value is _DELETE:
        del where[path[-1]]
    else:
        where[path[-1]] = value
    return {"card": [card]}


_DELETE = object()


def test_sample_set_has_twelve_cards_using_every_effect() -> None:
    """SK-01, SK-41, SK-47, SK-50, SK-51: the sample set has 12+ cards and every effect."""
    sample = sample_cards()
    kinds = {type(e) for c in sample.cards for s in c.skills for e in s.effects}
    assert len(sample.cards) >= 12
    assert kinds == {Damage, Heal, ApChange, Move, Modify, Marker, Remove, Replace, Summon}


def test_a_card_has_its_numbers() -> None:
    """SK-01, SK-23, SK-24: a card has hp, atk, skl, def and skills."""
    card = read_cards({"card": [KNIGHT]})["knight"]
    assert (card.hp, card.atk, card.skl, card.defense, len(card.skills)) == (5, 2, 2, 1, 1)


@pytest.mark.parametrize(
    ("path", "value", "where", "words"),
    [
        (("skill", 0, "effect", 0, "duration"), 7, ".duration", "1–6"),
        (("skill", 0, "effect", 0, "duration"), 0, ".duration", "1–6"),
        (("skill", 0, "effect", 0, "effect"), _DELETE, ".effect", "SK-44"),
        (("skill", 0, "effect", 0, "effect"), {}, ".effect", "SK-44"),
        (("skill", 0, "effect", 0, "kind"), "explode", ".kind", "unknown effect"),
        (("hp",), "5", ".hp", "whole number"),
        (("skill", 0, "cost"), 0, ".cost", "whole number"),
        (("skill", 0, "mana"), 1, ".mana", "unknown field"),
        (("skill", 0, "timing"), "response", ".step", "step"),
        (("skill", 0, "check"), "yes", ".check", "true or false"),
    ],
)
def test_bad_card_data_names_card_field_and_path(
    path: tuple[str | int, ...], value: object, where: str, words: str
) -> None:
    """SK-42, SK-44: bad card data raises InvalidData naming the card, the field and the path."""
    with pytest.raises(InvalidData) as raised:
        read_cards(_with(path, value))
    assert raised.value.path.startswith("$.card[0]")
    assert raised.value.path.endswith(where)
    assert "'knight'" in raised.value.detail
    assert words in raised.value.detail


def test_an_unknown_card_to_summon_is_refused() -> None:
    """SK-51: a summon must name a card of the set."""
    data = _with(("skill", 0, "effect"), [{"kind": "summon", "card": "dragon"}])
    with pytest.raises(InvalidData, match="dragon"):
        read_cards(data)


def test_toml_and_json_load_the_same_cards() -> None:
    """SK-01: cards load from TOML or JSON alike."""
    toml = """
[[card]]
id = "pike"
name = "Pike"
hp = 5
atk = 2
skl = 1
def = 1
"""
    text = json.dumps(
        {"card": [{"id": "pike", "name": "Pike", "hp": 5, "atk": 2, "skl": 1, "def": 1}]}
    )
    assert load_cards(toml) == load_cards(text, format="json")


def test_not_toml_is_invalid_data() -> None:
    """Bad text raises InvalidData at the document's root."""
    with pytest.raises(InvalidData) as raised:
        load_cards("[[card]\nid=")
    assert raised.value.path == "$"


@given(st.lists(cards(), min_size=1, max_size=4, unique_by=lambda c: c.id))
def test_card_files_round_trip(drawn: list[Card]) -> None:
    """SK-01, SK-44: dump_cards writes a file that load_cards reads back equal, by default."""
    assert load_cards(dump_cards(drawn)).cards == tuple(drawn)


@given(st.lists(cards(), min_size=1, max_size=4, unique_by=lambda c: c.id))
def test_json_card_files_round_trip(drawn: list[Card]) -> None:
    """SK-01, SK-44: the JSON form round-trips too, when both sides name it."""
    assert load_cards(dump_cards(drawn, format="json"), format="json").cards == tuple(drawn)


def test_the_sample_set_round_trips_in_the_default_format() -> None:
    """SK-01: ``load_cards(dump_cards(sample_cards()))`` gives the sample set back (issue 24)."""
    assert sample_cards() == load_cards(dump_cards(sample_cards()))


def test_dump_cards_refuses_an_unknown_format() -> None:
    """A format that is neither TOML nor JSON is InvalidData at ``$.format``."""
    with pytest.raises(InvalidData) as raised:
        dump_cards(sample_cards(), format="yaml")  # type: ignore[arg-type]
    assert "$.format" == raised.value.path


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(st.sampled_from(["hp", "skill", "id", "def", "name"]), _JSON)
def test_fuzzed_card_fields_raise_only_invalid_data(field: str, value: object) -> None:
    """SK-42, SK-44: any value in any field loads or raises InvalidData, nothing else."""
    try:
        read_cards(_with((field,), value))
    except InvalidData as error:
        path = error.path
    else:
        path = "$"
    assert path.startswith("$")


@given(_JSON)
def test_fuzzed_effects_raise_only_invalid_data(value: object) -> None:
    """SK-42, SK-44: any effect data loads or raises InvalidData, nothing else."""
    try:
        read_cards(_with(("skill", 0, "effect"), [value]))
    except InvalidData as error:
        detail = error.detail
    else:
        detail = "'knight'"
    assert "'knight'" in detail


def test_cards_in_a_games_json_are_checked_too() -> None:
    """SK-42, SK-44: a setup read from JSON refuses a marker outside 1–6 with InvalidData."""
    from tabletop_rules.serialization import from_json, to_json
    from tabletop_rules.skirmish import CombatSetup, sample_setup

    text = to_json(sample_setup("arcane", "vanguard"))
    assert '"duration":3' in text
    with pytest.raises(InvalidData):
        from_json(text.replace('"duration":3', '"duration":9'), CombatSetup)
