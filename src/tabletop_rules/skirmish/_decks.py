"""Decks: the sample decks, a player's deck of three sample cards, and the setups they make.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

import attrs

from tabletop_rules._hypothesis import strategies_of
from tabletop_rules.arguments import checked_items, checked_text, shown, wrong_type
from tabletop_rules.errors import InvalidData
from tabletop_rules.skirmish._cards import Card, sample_cards
from tabletop_rules.skirmish._checks import Check, Rulings, card_check
from tabletop_rules.skirmish._combat._values import (
    PLAYERS,
    TEAM_SIZE,
    CombatSetup,
    Team,
    home_rows,
    not_a_player,
)
from tabletop_rules.systems import Seat

__all__ = [
    "SAMPLE_DECKS",
    "Deck",
    "deck_check",
    "lineup",
    "sample_deck",
    "sample_setup",
    "sample_team",
    "team_of",
]

#: The sample decks by name, each the ids of its three cards, front card first.
SAMPLE_DECKS: Final[Mapping[str, tuple[str, str, str]]] = MappingProxyType(
    {
        "vanguard": ("ember_knight", "stone_warden", "field_medic"),
        "wilds": ("beast_caller", "wind_archer", "moon_shifter"),
        "arcane": ("hex_weaver", "void_binder", "riposte_duelist"),
        "bastion": ("iron_golem", "lantern_sage", "mist_dancer"),
        "blight": ("venom_stalker", "thorn_keeper", "frost_witch"),
    }
)


#: The sample decks' names, as a problem lists them.
_DECKS: Final = ", ".join(SAMPLE_DECKS)


def sample_team(deck: str, player: str) -> Team:
    """Sample deck *deck* placed for *player*.

    Its first card goes in the front row, the others in the back row.

    .. versionadded:: 0.1.0

    Raises:
        InvalidData: No sample deck has that name (path ``$.deck``), or *player* is neither
            ``"a"`` nor ``"b"`` (``$.player``).
    """
    return team_of(deck, player, "$.deck")


def team_of(deck: str, player: str, path: str) -> Team:
    """:func:`sample_team`, refusing an unknown deck at *path*."""
    names = sample_deck(deck, path)
    if player not in PLAYERS:
        raise not_a_player(player)
    return _placed(names, player)


def _placed(card_ids: Iterable[str], player: str) -> Team:
    """The sample cards *card_ids* placed for *player*: the first in front, the others behind."""
    cards = sample_cards()
    back, front = home_rows(player) if player == PLAYERS[0] else home_rows(player)[::-1]
    return Team(cards=tuple(cards[i] for i in card_ids), rows=(front, back, back))


def sample_deck(deck: object, path: str) -> tuple[str, ...]:
    """The card ids of the sample deck called *deck*.

    Raises:
        InvalidData: No sample deck has that name, at *path*.
    """
    if not isinstance(deck, str):
        raise wrong_type(path, "str", deck)
    found = SAMPLE_DECKS.get(deck)
    if found is None:
        known = ", ".join(SAMPLE_DECKS)
        raise InvalidData(
            path, f"no sample deck is called {shown(deck)}; the sample decks are {known}"
        )
    return found


def sample_setup(
    a: str = "vanguard", b: str = "wilds", *, rulings: Rulings | None = None
) -> CombatSetup:
    """A setup of two sample decks (:func:`sample_team`), every sample card in the library.

    .. versionadded:: 0.1.0

    >>> from tabletop_rules.skirmish import sample_setup
    >>> [card.id for card in sample_setup().teams[0].cards]
    ['ember_knight', 'stone_warden', 'field_medic']

    Raises:
        InvalidData: No sample deck has that name (path ``$.a`` or ``$.b``), or *rulings* is
            no :class:`Rulings` (``$.rulings``).
    """
    teams = (team_of(a, PLAYERS[0], "$.a"), team_of(b, PLAYERS[1], "$.b"))
    if rulings is None:
        rulings = Rulings()
    return CombatSetup(teams=teams, library=sample_cards().cards, rulings=rulings)


# --------------------------------------------------------------------------- a player's deck


def _deck_cards(values: Iterable[str]) -> tuple[str, ...]:
    ids: tuple[object, ...] = checked_items(values, object, "$.cards", "str")
    if len(ids) != TEAM_SIZE:
        raise InvalidData("$.cards", "skirmish.problem.deck_size", given=len(ids), decks=_DECKS)
    cards = sample_cards()
    for index, card_id in enumerate(ids):
        if not isinstance(card_id, str):
            raise wrong_type(f"$.cards[{index}]", "str", card_id)
        if card_id not in cards:
            raise InvalidData(
                f"$.cards[{index}]",
                "skirmish.problem.unknown_card",
                card=shown(card_id),
                known=", ".join(cards.ids),
            )
    return ids  # type: ignore[return-value]  # every item was checked


@attrs.frozen
class Deck:
    """A player's deck: three sample cards, front card first (what a bot stores as a sheet).

    >>> from tabletop_rules.skirmish import Deck
    >>> deck = Deck(("ember_knight", "stone_warden", "field_medic"))
    >>> deck.team("b").rows
    (2, 3, 3)

    Raises:
        InvalidData: Not three ids, or one that no sample card has (path ``$.cards[i]``).

    .. versionadded:: 0.1.0
    """

    #: The ids of its three sample cards (``skirmish/cards/sample.toml``), front card first.
    cards: tuple[str, ...] = attrs.field(converter=_deck_cards)

    @classmethod
    def sample(cls, name: str) -> Deck:
        """The sample deck called *name* (a key of :data:`SAMPLE_DECKS`).

        Raises:
            InvalidData: No sample deck has that name (path ``$.name``).
        """
        return cls(sample_deck(name, "$.name"))

    def team(self, player: str) -> Team:
        """The deck placed for *player*: its first card in the front row, the others behind.

        Raises:
            InvalidData: *player* is neither ``"a"`` nor ``"b"`` (path ``$.player``).
        """
        if player not in PLAYERS:
            raise not_a_player(player)
        return _placed(self.cards, player)


def lineup(seats: Sequence[Seat[Deck]]) -> CombatSetup:
    """The setup of a lobby's two seats, ``a`` and ``b``, each with its player's deck.

    What ``SYSTEM.lineup`` gives a bot: each deck placed for its player (:meth:`Deck.team`),
    every sample card in the library.

    Raises:
        InvalidData: Not two seats ``a`` and ``b`` (path ``$.seats``), a seat run by the GM
            (the skirmish has none), or a seat whose character is no :class:`Deck`
            (``$.seats[i].character``).

    .. versionadded:: 0.1.0
    """
    given_seats: tuple[object, ...] = checked_items(
        seats, object, "$.seats", "systems.Seat[skirmish.Deck]"
    )
    decks: dict[str, Deck] = {}
    for index, seat in enumerate(given_seats):
        if not isinstance(seat, Seat):
            raise wrong_type(f"$.seats[{index}]", "systems.Seat[skirmish.Deck]", seat)
        given: Seat[Any] = seat  # pyright: ignore[reportUnknownVariableType]
        if given.foe:
            raise InvalidData(f"$.seats[{index}].foe", "skirmish.problem.no_gm")
        if given.id not in PLAYERS or given.id in decks:
            raise InvalidData("$.seats", "skirmish.problem.seats", given=len(given_seats))
        if not isinstance(given.character, Deck):
            raise wrong_type(f"$.seats[{index}].character", "skirmish.Deck", given.character)
        decks[given.id] = given.character
    if len(decks) != len(PLAYERS):
        raise InvalidData("$.seats", "skirmish.problem.seats", given=len(given_seats))
    teams = tuple(decks[player].team(player) for player in PLAYERS)
    return CombatSetup(teams=teams, library=sample_cards().cards)


def _norm(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def deck_check(deck: Deck, words: Sequence[str]) -> Check:
    """The check a card of *deck* makes against a sample card, named by a player's words.

    What ``SYSTEM.character_check`` gives a bot's ``.check``: the words are one of the deck's
    cards (its id, or its place 1–3), the id of the sample card it acts against, and
    optionally the rows between them (0–3, −1 a row; SK-06).

    >>> from tabletop_rules.skirmish import Deck, deck_check
    >>> check = deck_check(Deck.sample("vanguard"), ["1", "wind_archer", "1"])
    >>> check.probability()
    Fraction(5, 9)

    Raises:
        InvalidData: *deck* is no :class:`Deck` (path ``$.deck``), or the words name no card
            of the deck, no sample card or no distance (``$.words``).

    .. versionadded:: 0.1.0
    """
    if not isinstance(deck, Deck):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise wrong_type("$.deck", "skirmish.Deck", deck)
    if isinstance(words, str) or not isinstance(words, Sequence):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise wrong_type("$.words", "list[str]", words)
    said = [_norm(checked_text(w, f"$.words[{i}]")) for i, w in enumerate(words[:4])]
    if not 2 <= len(said) <= 3:
        raise InvalidData("$.words", "skirmish.problem.check_words", cards=", ".join(deck.cards))
    cards = sample_cards()
    places = {str(i + 1): card_id for i, card_id in enumerate(deck.cards)}
    actor_id = places.get(said[0], said[0])
    if actor_id not in deck.cards:
        raise InvalidData("$.words", "skirmish.problem.check_words", cards=", ".join(deck.cards))
    if said[1] not in cards:
        raise InvalidData(
            "$.words",
            "skirmish.problem.unknown_card",
            card=shown(said[1]),
            known=", ".join(cards.ids),
        )
    rows = 0
    if len(said) == 3:
        if said[2] not in ("0", "1", "2", "3"):
            raise InvalidData("$.words", "skirmish.problem.check_distance", given=shown(said[2]))
        rows = int(said[2])
    actor: Card = cards[actor_id]
    return card_check(actor, cards[said[1]], distance=rows)


# st.from_type(Deck) draws from tabletop_rules.skirmish.strategies.characters(), registered when
# this module is imported (the package imports it when first used).
_register_hypothesis_strategies = strategies_of(
    "tabletop_rules.skirmish.strategies", [(Deck, "characters")]
)
