"""Hypothesis strategies for bar2d6 values: characters and combat setups.

Public through :mod:`tabletop_rules.bar2d6.strategies`; this module imports Hypothesis, so the
``tabletop_rules.bar2d6`` package never imports it.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import unicodedata

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from tabletop_rules.bar2d6._character import (
    ITEM_CAP,
    PERSONALITY_POINTS,
    Character,
    Item,
    ItemKind,
    Special,
    SpecialKind,
)
from tabletop_rules.bar2d6._combat._values import MAX_PARTICIPANTS, CombatSetup, Participant

__all__ = ["characters", "setups"]

#: The abilities a drawn item may have (custom ones have no effect in play, but they cost).
_KINDS = tuple(SpecialKind)


def _name_char(ch: str) -> bool:
    normal = unicodedata.normalize("NFKC", ch)
    if ch in ":：︰()（）" or normal.isspace():
        return False
    return not any(mark in normal for mark in ":()=+,、")


def _names() -> SearchStrategy[str]:
    return st.text(
        st.characters(exclude_categories=("C", "Z")).filter(_name_char), min_size=1, max_size=8
    )


@st.composite
def _items(draw: st.DrawFn, budget: int, index: int) -> Item:
    special: tuple[Special, ...] = ()
    points = ITEM_CAP
    if draw(st.booleans()):
        kind = draw(st.sampled_from(_KINDS))
        cost = draw(st.integers(1, min(budget, 6)))
        amount = draw(st.one_of(st.none(), st.integers(2, 3)))
        if kind is SpecialKind.MULTI and amount is None:
            amount = 2
        special = (Special(kind=kind, cost=cost, amount=amount),)
        points = max(ITEM_CAP, cost) - cost
        budget -= cost
    active = draw(st.integers(0, max(0, min(points, budget))))
    passive = draw(st.integers(0, max(0, min(points - active, budget - active))))
    # An index keeps the names distinct after normalization.
    return Item(
        name=f"{draw(_names())}{index}",
        kind=draw(st.sampled_from(tuple(ItemKind))),
        active=active,
        passive=passive,
        specials=special,
    )


@st.composite
def _characters(draw: st.DrawFn, max_items: int) -> Character:
    budget = PERSONALITY_POINTS
    hp_bought = draw(st.integers(0, 2))
    budget -= 2 * hp_bought
    items: list[Item] = []
    for index in range(draw(st.integers(0, max_items))):
        if budget <= 0:
            break
        item = draw(_items(budget, index))
        budget -= item.points
        items.append(item)
    return Character(
        name=draw(_names()),
        description=draw(st.text(st.characters(exclude_categories=("C", "Zl", "Zp")), max_size=12)),
        items=items,
        hp_bought=hp_bought,
    )


def characters(*, max_items: int = 4) -> SearchStrategy[Character]:
    """Valid bar2d6 characters: up to *max_items* items, HP bought, some points left unspent.

    Args:
        max_items: The most items (0 to 10).

    Raises:
        InvalidArgument: *max_items* is not an int from 0 to 10.

    .. versionadded:: 0.1.0
    """
    if type(max_items) is not int or not 0 <= max_items <= PERSONALITY_POINTS:
        raise InvalidArgument(f"max_items={max_items!r} must be an int from 0 to 10")
    return _characters(max_items)


@st.composite
def _setups(draw: st.DrawFn, low: int, high: int) -> CombatSetup:
    count = draw(st.integers(low, high))
    participants: list[Participant] = []
    for index in range(count):
        character = draw(characters(max_items=3))
        side = "left" if index % 2 == 0 else draw(st.sampled_from(("right", "third")))
        if index == 1:
            side = "right"
        hp = draw(st.one_of(st.none(), st.integers(0, character.max_hp)))
        participants.append(
            Participant(
                id=f"p{index}",
                character=character,
                side=side,
                player=draw(st.booleans()),
                hp=hp,
            )
        )
    return CombatSetup(participants=participants)


def setups(*, min_participants: int = 2, max_participants: int = 4) -> SearchStrategy[CombatSetup]:
    """Setups of bar2d6 combats: valid characters on two or three sides, at any HP.

    Participants are called ``p0``, ``p1``, ...; ``p0`` fights for ``left`` and ``p1`` for
    ``right``.

    Args:
        min_participants: The fewest participants (2 or more).
        max_participants: The most (``min_participants`` to 32).

    Raises:
        InvalidArgument: The bounds are not whole numbers with
            ``2 <= min_participants <= max_participants <= 32``.

    .. versionadded:: 0.1.0
    """
    for name, value in (
        ("min_participants", min_participants),
        ("max_participants", max_participants),
    ):
        if type(value) is not int or not 2 <= value <= MAX_PARTICIPANTS:
            raise InvalidArgument(f"{name}={value!r} must be an int from 2 to {MAX_PARTICIPANTS}")
    if min_participants > max_participants:
        raise InvalidArgument(
            f"min_participants={min_participants!r} must not be greater than "
            f"max_participants={max_participants!r}"
        )
    return _setups(min_participants, max_participants)
