"""The terms of a check: skl and def, markers, the distance, and the responses' modifiers."""

from __future__ import annotations

import functools
from typing import Final

from tabletop_rules.checks import Term
from tabletop_rules.skirmish._checks import Check
from tabletop_rules.skirmish._combat._values import Action, CombatState, Unit
from tabletop_rules.skirmish._effects import Role

__all__ = ["action_check", "distance", "penalty"]

# Enum members read in the hot paths, once: an enum class's attribute is a slow lookup.
_ACTOR: Final = Role.ACTOR

#: The labels of the card's skl and def (SK-23, SK-24), and of the distance penalty (SK-06).
SKL: Final = "skirmish.term.skl"
DEF: Final = "skirmish.term.def"
DISTANCE: Final = "skirmish.term.distance"


def distance(a: Unit, b: Unit) -> int:
    """The row difference between two characters (SK-04)."""
    return abs(a.row - b.row)


def penalty(state: CombatState, actor: Unit, target: Unit) -> int:
    """The check's penalty for the rows between *actor* and *target* (SK-06)."""
    rows = abs(actor.row - target.row)
    return max(0, rows - 1) if state.rulings.rows_between else rows


@functools.lru_cache(maxsize=1024)  # labels of cards and markers, and small numbers
def _term(label: str, value: int) -> Term:
    """The term *label* of *value*, built once (a check of every attack builds several)."""
    return Term(label, value)


def action_check(state: CombatState, action: Action, actor: Unit, target: Unit) -> Check:
    """The check of *action* by *actor* against *target* as things stand (SK-06, SK-23, SK-24).

    The actor adds its skl and its markers' skl, the target its def and its markers' def;
    the actor takes the distance penalty; each response's modifier goes to its side.
    """
    mine = [_term(SKL, actor.card.skl)]
    theirs = [_term(DEF, target.card.defense)]
    for marker in actor.markers:
        if marker.effect.skl:
            mine.append(_term(marker.name, marker.effect.skl))
    for marker in target.markers:
        if marker.effect.defense:
            theirs.append(_term(marker.name, marker.effect.defense))
    rows = penalty(state, actor, target)
    if rows:
        mine.append(_term(DISTANCE, -rows))
    for role, term in action.modifiers:
        (mine if role is _ACTOR else theirs).append(term)
    return Check(actor=tuple(mine), defender=tuple(theirs), rulings=state.rulings)
