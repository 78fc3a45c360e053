"""The sample decks: three teams of three sample cards, and a ready setup.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from tabletop_rules.skirmish._cards import sample_cards
from tabletop_rules.skirmish._checks import Rulings
from tabletop_rules.skirmish._combat._values import PLAYERS, Setup, Team, home_rows

__all__ = ["SAMPLE_DECKS", "sample_setup", "sample_team"]

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
        KeyError: No sample deck has that name.
    """
    cards = sample_cards()
    back, front = home_rows(player) if player == PLAYERS[0] else home_rows(player)[::-1]
    return Team(cards=tuple(cards[i] for i in SAMPLE_DECKS[deck]), rows=(front, back, back))


def sample_setup(a: str = "vanguard", b: str = "wilds", *, rulings: Rulings | None = None) -> Setup:
    """A setup of two sample decks (:func:`sample_team`), every sample card in the library.

    .. versionadded:: 0.2.0

    >>> from tabletop_rules.skirmish import sample_setup
    >>> [card.id for card in sample_setup().teams[0].cards]
    ['ember_knight', 'stone_warden', 'field_medic']

    Raises:
        KeyError: No sample deck has that name.
    """
    teams = tuple(sample_team(deck, player) for player, deck in zip(PLAYERS, (a, b), strict=True))
    return Setup(teams=teams, library=sample_cards().cards, rulings=rulings or Rulings())
