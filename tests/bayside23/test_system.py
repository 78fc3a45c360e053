"""bayside23 as one rule system: found in the registry, seated from a lobby, checked by words."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop_rules import ScriptedDice, SeededDice, engine
from tabletop_rules.bayside23 import (
    EXAMPLE_SHEET,
    GM,
    RULESET,
    SYSTEM,
    ActionCheck,
    Side,
    character_check,
    lineup,
    parse_sheet,
)
from tabletop_rules.errors import InvalidCheck, InvalidData
from tabletop_rules.i18n import LOCALES
from tabletop_rules.kit import GM as KIT_GM
from tabletop_rules.m20 import EXAMPLE_SHEET as M20_SHEET
from tabletop_rules.m20 import parse_sheet as parse_m20_sheet
from tabletop_rules.systems import Registry, Seat

MINA = parse_sheet(EXAMPLE_SHEET)


def test_the_registry_finds_the_system() -> None:
    """BAY-13: the entry point names bayside23's SYSTEM, with its ruleset and the kit's GM."""
    found = Registry.default().get("bayside23")
    assert found is SYSTEM
    assert found.ruleset is RULESET
    assert (found.gm, GM) == (KIT_GM, KIT_GM)


def test_lineup_seats_players_and_foes() -> None:
    """BAY-13, BAY-17: a lobby's players are the party and its foes the enemies, each with a
    1D6 weapon, as a sheet names none."""
    setup = lineup([Seat(id="mina", character=MINA), Seat(id="g1", character=MINA, foe=True)])
    assert [(p.id, p.side) for p in setup.participants] == [
        ("mina", Side.PARTY),
        ("g1", Side.ENEMIES),
    ]
    assert all(str(p.weapons[0].damage) == "1D6" for p in setup.participants)
    assert SYSTEM.lineup is lineup
    state, _ = engine.begin(RULESET, setup, SeededDice(3))
    assert len(RULESET.to_act(state)) == 1


def test_lineup_refuses_another_systems_character() -> None:
    """BAY-13: a seat holding a character of another system is refused with its path."""
    other = parse_m20_sheet(M20_SHEET)
    with pytest.raises(InvalidData) as caught:
        lineup([Seat(id="mina", character=MINA), Seat(id="x", character=other, foe=True)])
    assert caught.value.path == "$.seats[1].character"


def test_lineup_refuses_a_lobby_without_foes() -> None:
    """BAY-17: a battle needs someone on each side."""
    with pytest.raises(InvalidData) as caught:
        lineup([Seat(id="mina", character=MINA), Seat(id="ren", character=MINA)])
    assert caught.value.path == "$.participants"


def test_a_check_by_words_names_a_skill_and_a_difficulty() -> None:
    """BAY-34, BAY-39: ``外科手術 8`` is the text's example, 頑固 3 + 外科手術 13 − 8 = 8."""
    check = character_check(MINA, ["外科手術", "8"])
    assert check == ActionCheck.of(MINA, "外科手術", 8)
    assert (check.target, check.probability()) == (8, Fraction(13, 18))
    assert check.resolve(ScriptedDice([4, 4])).success
    assert SYSTEM.character_check is character_check


def test_a_check_by_words_without_a_skill_uses_the_feature() -> None:
    """BAY-34: a difficulty alone is the feature's check; full-width digits read alike."""
    assert character_check(MINA, ["２"]).target == 1
    assert character_check(MINA, ["-2"]).target == 5


@pytest.mark.parametrize(
    ("words", "key"),
    [
        ([], "bayside23.error.check_words"),
        (["外科手術", "八"], "bayside23.error.check_difficulty"),
        (["1234567"], "bayside23.error.check_difficulty"),
        (["空手", "3"], "bayside23.error.no_skill"),
    ],
)
def test_a_check_by_words_refuses_what_names_none(words: list[str], key: str) -> None:
    """BAY-34: no words, a difficulty that is no number, or a skill the character lacks."""
    with pytest.raises(InvalidCheck) as caught:
        character_check(MINA, words)
    assert caught.value.key == key


def test_a_check_by_words_refuses_words_that_are_no_texts() -> None:
    """BAY-34: the words must be texts."""
    with pytest.raises(InvalidData) as caught:
        character_check(MINA, [8])  # type: ignore[list-item]
    assert caught.value.path == "$.words[0]"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_systems_sheet_reads_back(locale: str) -> None:
    """BAY-34: the sheet the system writes in any locale is the one it reads."""
    sheets = SYSTEM.sheets
    assert sheets is not None
    assert sheets.parse(sheets.format(MINA, locale)) == MINA
    assert sheets.parse(sheets.example) == MINA
