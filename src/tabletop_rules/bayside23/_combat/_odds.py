"""The exact chance of success of each command a menu offers, as things stand.

A command's chance is computed from the plan its rule rolls (``_actions.py``: the same
refusals, attacker, target and kind), never simulated: an attack or an attacking spell hits
when its hit check succeeds, a critical included (:meth:`HitCheck.probability
<tabletop_rules.bayside23.HitCheck.probability>`: the lower total hits, all dice 1 is a
critical, all dice 6 a fumble, the rulings in force; BAY-21, BAY-24, BAY-27, BAY-29, BAY-31).
An action check the GM calls (``Overcome``) succeeds when its 2D6 is at or under its target,
the :class:`~tabletop_rules.bayside23.ActionCheck` its rule rolls (``plan_overcome``; BAY-34 to
BAY-37).
A heal (a spell or a healing weapon) has no hit check, nor have the other actions.
The cost is one hit check's odds (sums of two 3d6 distributions) or one 2D6 count, so that a
menu can show the chance of each of its items.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules.arguments import wrong_type
from tabletop_rules.bayside23._combat import RULESET
from tabletop_rules.bayside23._combat._actions import Planned, plan_attack, plan_cast, plan_overcome
from tabletop_rules.bayside23._combat._commands import Attack, Cast, Command, Overcome
from tabletop_rules.bayside23._combat._terms import hit_check
from tabletop_rules.bayside23._combat._values import CombatState

__all__ = ["CHANCES", "odds"]


def _hit_chance(plan: Callable[[CombatState, Any], Planned]) -> Callable[..., Fraction | None]:
    """The chance of the hit check of *plan*'s command; ``None`` for a heal (no hit check)."""

    def chance(state: CombatState, command: Any) -> Fraction | None:
        planned = plan(state, command)
        if planned.kind is None:
            return None
        return hit_check(state, planned.actor, planned.target, planned.kind).probability()

    return chance


def _overcome_chance(state: CombatState, command: Overcome) -> Fraction:
    return plan_overcome(state, command).probability()


#: The chance of each command type that may make a check; each refuses a command that
#: ``decide`` refuses, with the same error.
CHANCES: Final[Mapping[type[Any], Callable[[CombatState, Any], Fraction | None]]] = (
    MappingProxyType(
        {Attack: _hit_chance(plan_attack), Cast: _hit_chance(plan_cast), Overcome: _overcome_chance}
    )
)


def odds(state: CombatState, command: Command) -> Fraction | None:
    """The exact chance that *command*'s check succeeds in *state*, before any die.

    It is :attr:`SYSTEM.odds <tabletop_rules.systems.RuleSystem.odds>`: what a menu shows
    beside each item.
    A direct, ranged or magic attack succeeds when it hits, a critical included; an action
    check the GM calls when its 2D6 is at or under its target.

    Returns:
        The chance as a :class:`~fractions.Fraction`, or ``None`` for a command that makes no
        check (a heal, switching or readying a weapon, waiting, fleeing, an artifact, the
        strike after a win).

    Raises:
        InvalidData: *state* is no bayside23 battle state (path ``$.state``), or *command* no
            bayside23 command (``$.command``).
        IllegalCommand: The attack, spell or action check is not allowed now, or has a field
            of the wrong type: the refusal ``decide`` gives.

    .. versionadded:: 0.1.0
    """
    state = RULESET.checked_state(state)
    kind = type(command)
    if kind not in RULESET.command_rules:
        raise wrong_type("$.command", "bayside23.Command", command)
    RULESET.shapes.check(command)  # a field of the wrong type: refused as decide refuses it
    chance = CHANCES.get(kind)
    if chance is None:
        return None
    return chance(state, command)
