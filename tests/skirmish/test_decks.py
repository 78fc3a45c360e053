"""Decks: a player's three sample cards, its sheet, the lineup of a lobby, a card's check."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given

from tabletop_rules import InvalidCharacter, InvalidData
from tabletop_rules.i18n import LOCALES
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.skirmish import (
    EXAMPLE_SHEET,
    SAMPLE_DECKS,
    SYSTEM,
    Deck,
    card_check,
    deck_check,
    format_sheet,
    lineup,
    parse_sheet,
    sample_cards,
    sample_setup,
)
from tabletop_rules.skirmish.strategies import characters
from tabletop_rules.systems import Seat


@given(characters())
def test_every_sheet_written_reads_back(deck: Deck) -> None:
    """SK-01: a deck's sheet, written in any locale, reads back as the same deck."""
    for locale in LOCALES:
        assert parse_sheet(format_sheet(deck, locale)) == deck


@given(characters())
def test_a_deck_goes_to_json_and_back(deck: Deck) -> None:
    """SK-01: a deck round-trips through JSON, as a bot stores it."""
    assert from_json(to_json(deck), Deck) == deck


def test_a_sheet_is_a_deck_name_or_three_card_ids() -> None:
    """SK-01: a sample deck's name, or three sample cards' ids, in either case and width."""
    vanguard = Deck(SAMPLE_DECKS["vanguard"])
    assert vanguard == parse_sheet("Vanguard")
    assert vanguard == parse_sheet("ember_knight, stone_warden、ｆｉｅｌｄ_medic")
    assert vanguard == parse_sheet(EXAMPLE_SHEET)


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("ember_knight stone_warden", ["skirmish.problem.deck_size"]),
        ("", ["skirmish.problem.deck_size"]),
        ("ember_knight nobody field_medic", ["skirmish.problem.unknown_card"]),
        ("x" * 10_001, ["skirmish.problem.sheet_too_long"]),
        ("one two", ["skirmish.problem.deck_size", *["skirmish.problem.unknown_card"] * 2]),
    ],
)
def test_a_sheet_that_is_no_deck_lists_its_problems(text: str, keys: list[str]) -> None:
    """SK-01: every problem of a sheet at once, each saying what to fix."""
    with pytest.raises(InvalidCharacter) as raised:
        parse_sheet(text)
    assert keys == [key for key, _ in raised.value.problem_keys]


@pytest.mark.parametrize(
    ("cards", "path"),
    [
        (("ember_knight",), "$.cards"),
        (("ember_knight", "nobody", "x"), "$.cards[1]"),
        ("abc", "$.cards"),
    ],
)
def test_a_deck_holds_three_sample_cards(cards: object, path: str) -> None:
    """SK-01: a deck built in code, or read from a bot's store, is three sample card ids."""
    with pytest.raises(InvalidData) as raised:
        Deck(cards)  # type: ignore[arg-type]
    assert path == raised.value.path


def test_the_lineup_seats_a_and_b() -> None:
    """SK-01, SK-03, SK-05: a lobby's two decks, placed on their players' rows, as the samples."""
    seats = [
        Seat(id="b", character=Deck.sample("wilds")),
        Seat(id="a", character=Deck.sample("vanguard")),
    ]
    assert sample_setup("vanguard", "wilds") == lineup(seats)
    assert SYSTEM.lineup is lineup


@pytest.mark.parametrize(
    "seats",
    [
        [Seat(id="a", character=Deck.sample("wilds"))],
        [
            Seat(id="a", character=Deck.sample("wilds")),
            Seat(id="a", character=Deck.sample("wilds")),
        ],
        [
            Seat(id="a", character=Deck.sample("wilds")),
            Seat(id="c", character=Deck.sample("wilds")),
        ],
        [Seat(id="a", character=Deck.sample("wilds")), Seat(id="b", character="wilds")],
        [
            Seat(id="a", character=Deck.sample("wilds")),
            Seat(id="b", character=Deck.sample("arcane"), foe=True),
        ],
        "ab",
    ],
)
def test_a_lineup_the_skirmish_cannot_seat_is_refused(seats: object) -> None:
    """SK-01: two players' seats, a and b, each with a deck; no GM runs a foe."""
    with pytest.raises(InvalidData):
        lineup(seats)  # type: ignore[arg-type]


def test_a_decks_check_is_its_cards_against_a_sample_card() -> None:
    """SK-06, SK-23, SK-24: a card of the deck, by id or place, against a sample card."""
    cards = sample_cards()
    deck = Deck.sample("vanguard")
    expected = card_check(cards["ember_knight"], cards["wind_archer"], distance=2)
    assert expected == deck_check(deck, ["ember_knight", "Wind_Archer", "2"])
    assert expected == deck_check(deck, ["1", "wind_archer", "2"])
    medic = card_check(cards["field_medic"], cards["wind_archer"])
    assert (medic, Fraction(5, 9)) == (
        deck_check(deck, ["3", "wind_archer"]),
        deck_check(deck, ["3", "wind_archer"]).probability(),
    )
    assert SYSTEM.character_check is deck_check


@pytest.mark.parametrize(
    "words",
    [
        [],
        ["1"],
        ["wind_archer", "ember_knight"],
        ["1", "nobody"],
        ["1", "wind_archer", "4"],
        ["1", "a", "b", "c"],
    ],
)
def test_words_that_name_no_check_are_refused(words: list[str]) -> None:
    """SK-06: words that name no card of the deck, no sample card or no distance."""
    with pytest.raises(InvalidData):
        deck_check(Deck.sample("vanguard"), words)
