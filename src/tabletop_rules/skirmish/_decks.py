"""The sample decks: three teams of three sample cards, and a ready setup.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from tabletop_rules._arguments import shown, wrong_type
from tabletop_rules.errors import InvalidData
from tabletop_rules.skirmish._cards import sample_cards
from tabletop_rules.skirmish._checks import Rulings
from tabletop_rules.skirmish._combat._values import PLAYERS, Setup, Team, home_rows, not_a_player

__all__ = ["SAMPLE_DECKS", "sample_deck", "sample_setup", "sample_team", "team_of"]

#: The sample decks by name, each the ids of its three cards, front card first.
SAMPLE_DECKS: Final[Mapping[str, tuple[str, str, str]]] = MappingProxyType(
    {
        "vanguard": ("ember_knight", "stone_warden", "field_medic"),
        "wilds": ("beast_caller", "wind_archer", "moon_shifter"),
        "arcane": ("hex_weaver", "void_binder", "riposte_duelist"),
        "bastion": ("iron_golem", "lantern_sage", "mist_dancer"),
    }
)


def sample_team(deck: str, player: str) -> Team:
    """Sample deck *deck* placed for *player*.

    Its first card goes in the front row, the others in the back row.

    .. versionadded:: 0.2.0

    Raises:
        InvalidData: No sample deck has that name (path ``$.deck``), or *player* is neither
            ``"a"`` nor ``"b"`` (``$.player``).

    .. versionchanged:: 0.2.0
       :class:`~tabletop_rules.errors.InvalidData`, not ``KeyError``, for an unknown deck.
    """
    return team_of(deck, player, "$.deck")


def team_of(deck: str, player: str, path: str) -> Team:
    """:func:`sample_team`, refusing an unknown deck at *path*."""
    names = sample_deck(deck, path)
    if player not in PLAYERS:
        raise not_a_player(player)
    cards = sample_cards()
    back, front = home_rows(player) if player == PLAYERS[0] else home_rows(player)[::-1]
    return Team(cards=tuple(cards[i] for i in names), rows=(front, back, back))


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


def sample_setup(a: str = "vanguard", b: str = "wilds", *, rulings: Rulings | None = None) -> Setup:
    """A setup of two sample decks (:func:`sample_team`), every sample card in the library.

    .. versionadded:: 0.2.0

    >>> from tabletop_rules.skirmish import sample_setup
    >>> [card.id for card in sample_setup().teams[0].cards]
    ['ember_knight', 'stone_warden', 'field_medic']

    Raises:
        InvalidData: No sample deck has that name (path ``$.a`` or ``$.b``), or *rulings* is
            no :class:`Rulings` (``$.rulings``).

    .. versionchanged:: 0.2.0
       :class:`~tabletop_rules.errors.InvalidData`, not ``KeyError``, for an unknown deck.
    """
    teams = (team_of(a, PLAYERS[0], "$.a"), team_of(b, PLAYERS[1], "$.b"))
    if rulings is None:
        rulings = Rulings()
    return Setup(teams=teams, library=sample_cards().cards, rulings=rulings)
