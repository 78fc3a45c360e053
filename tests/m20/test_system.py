"""The m20 rule system as one value: what a bot reaches through ``SYSTEM``.

``lineup`` seats a lobby (players' characters against the GM's foes), and
``character_check`` reads a player's words (``.check 身理 困難``) into a specialty check.
"""

from __future__ import annotations

import pytest

from tabletop_rules import ScriptedDice
from tabletop_rules.errors import InvalidData, InvalidNotation
from tabletop_rules.i18n import LOCALES, translate
from tabletop_rules.m20 import (
    EXAMPLE_SHEET,
    GM,
    RULESET,
    SYSTEM,
    Attribute,
    CombatSetup,
    DifficultyLevel,
    Specialty,
    SpecialtyCheck,
    Stance,
    character_check,
    lineup,
    parse_sheet,
)
from tabletop_rules.systems import Registry, Seat

HERO = parse_sheet(EXAMPLE_SHEET)


def test_the_registry_finds_the_system_with_its_pieces() -> None:
    """The entry point gives SYSTEM, whose pieces are the package's own functions."""
    system = Registry.default().get("m20")

    assert (system, system.ruleset, system.gm) == (SYSTEM, RULESET, GM)
    assert (system.lineup, system.character_check) == (lineup, character_check)


def test_lineup_sets_players_against_the_gms_foes() -> None:
    """M20-002, M20-066: players' characters on the party's side, foes run by the GM."""
    setup = lineup(
        [
            Seat(id="al", character=HERO),
            Seat(id="g1", character=HERO, foe=True),
            Seat(id="g2", character=HERO, foe=True),
        ]
    )

    assert isinstance(setup, CombatSetup)
    assert [("al", "party", True), ("g1", "foes", False), ("g2", "foes", False)] == [
        (p.id, p.side, p.player) for p in setup.participants
    ]
    assert all(p.hp is None for p in setup.participants)  # max HP


def test_lineup_of_one_side_is_refused() -> None:
    """M20-065: a combat needs two sides: players alone are no combat."""
    with pytest.raises(InvalidData) as raised:
        lineup([Seat(id="al", character=HERO), Seat(id="bo", character=HERO)])

    assert "two sides" in raised.value.detail


@pytest.mark.parametrize(
    ("seats", "path"),
    [
        ("al", "$.seats"),
        ([object()], "$.seats[0]"),
        ([Seat(id="al", character="not a character")], "$.character"),
    ],
)
def test_lineup_of_what_is_no_seat_is_refused(seats: object, path: str) -> None:
    """Seats that are no seats, or hold no m20 character, are refused with their path."""
    with pytest.raises(InvalidData) as raised:
        lineup(seats)  # type: ignore[arg-type]

    assert path == raised.value.path


@pytest.mark.parametrize("locale", LOCALES)
def test_a_check_is_named_in_every_locale(locale: str) -> None:
    """M20-035, M20-036, M20-038: the specialty and the level in the reader's words."""
    words = [
        translate(Specialty.PHYSIQUE.label, locale),
        translate(DifficultyLevel.HARD.label, locale),
    ]

    assert SpecialtyCheck.of(HERO, Specialty.PHYSIQUE, DifficultyLevel.HARD) == (
        character_check(HERO, words)
    )


def test_a_reacting_check_uses_the_defense_attribute() -> None:
    """M20-038, M20-039: ``react`` (or the stance's name) makes the check react: 物防."""
    checks = [
        character_check(HERO, ["physique", "12", word]) for word in ("react", "應對", "Reacting")
    ]

    assert 1 == len(set(checks))
    assert Attribute.PHYSICAL_DEFENSE.label in [term.label for term in checks[0].terms]
    assert SpecialtyCheck.of(HERO, Specialty.PHYSIQUE, 12, stance=Stance.REACTING) == checks[0]


def test_a_check_in_simplified_words() -> None:
    """M20-035, M20-038: 诡计 困难 应对 (Simplified) asks the check 詭計 困難 應對 does."""
    assert character_check(HERO, ["詭計", "困難", "應對"]) == (
        character_check(HERO, ["诡计", "困难", "应对"])
    )


def test_a_number_is_any_difficulty() -> None:
    """M20-036: a difficulty is any whole number, full-width digits included."""
    check = character_check(HERO, ["知識", "１３"])

    assert 13 == check.difficulty.value
    assert check.resolve(ScriptedDice([13])).success is (13 + check.modifier >= 13)


@pytest.mark.parametrize(
    ("words", "key", "position"),
    [
        (["身理"], "m20.error.check_words", 0),
        (["身理", "12", "react", "now"], "m20.error.check_words", 0),
        (["swimming", "12"], "m20.error.check_specialty", 0),
        (["身理", "impossible"], "m20.error.chat_difficulty", 3),
        (["身理", "12", "sideways"], "m20.error.check_stance", 6),
    ],
)
def test_words_that_name_no_check_say_which_word(words: list[str], key: str, position: int) -> None:
    """M20-035, M20-036: a word that names nothing is refused, at its place, in every locale."""
    with pytest.raises(InvalidNotation) as raised:
        character_check(HERO, words)

    assert (key, position) == (raised.value.key, raised.value.position)
    assert all("m20.error" not in raised.value.localized(locale) for locale in LOCALES)


@pytest.mark.parametrize(
    ("character", "words", "path"),
    [
        ("hero", ["身理", "12"], "$.character"),
        (HERO, "身理 12", "$.words"),
        (HERO, [1, 2], "$.words[0]"),
    ],
)
def test_a_check_of_what_is_no_character_or_no_words_is_refused(
    character: object, words: object, path: str
) -> None:
    """The arguments are checked as every public function checks them."""
    with pytest.raises(InvalidData) as raised:
        character_check(character, words)  # type: ignore[arg-type]

    assert path == raised.value.path
