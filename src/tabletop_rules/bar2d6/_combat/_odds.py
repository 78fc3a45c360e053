"""The exact chance of success of each command a menu offers, as things stand.

An attack's chance is computed from the plan its rule rolls (``_actions.py``: the same
refusals, terms and targets), never simulated: it succeeds when at least one of its contests
is won, the attacker's 2D6 + terms strictly above the defender's (B2D6-34, B2D6-38):

- a single attack: one contest;
- an area attack: one attack roll against each target's own defense roll (B2D6-13);
- a multi-attack: one roll per attack against the target's one defense roll (B2D6-14).

A check the GM calls (``CallCheck``) is the :class:`~tabletop_rules.bar2d6.GMCheck` its rule
rolls (``plan_call_check``), every helper's chance included (B2D6-42..51).
The other commands (a heal, a bonus granted, waiting, the GM's rulings) make no check.
The cost is a few hundred whole-number steps an attack or a check, so that a menu can show
the chance of each of its items.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules.arguments import wrong_type
from tabletop_rules.bar2d6._checks import CHECK_DICE
from tabletop_rules.bar2d6._combat import RULESET
from tabletop_rules.bar2d6._combat._actions import PlannedAttack, plan_attack, plan_call_check
from tabletop_rules.bar2d6._combat._commands import Attack, CallCheck, Command
from tabletop_rules.bar2d6._combat._values import AttackMode, CombatState
from tabletop_rules.checks import Term
from tabletop_rules.odds import Distribution

__all__ = ["CHANCES", "attack_chance", "odds"]

#: The totals of 2D6 and the ways to roll each.
_TWO_D6: Final = tuple(Distribution.of(CHECK_DICE).items())
_WAYS: Final = Distribution.of(CHECK_DICE).total


def _sum(terms: tuple[Term, ...]) -> int:
    total = 0
    for term in terms:
        total += term.value
    return total


def _at_most(total: int) -> int:
    """The ways a 2D6 roll is at most *total*."""
    ways = 0
    for face, count in _TWO_D6:
        if face <= total:
            ways += count
    return ways


def attack_chance(plan: PlannedAttack) -> Fraction:
    """The chance that at least one contest of *plan* is won."""
    first = _sum(plan.first)
    whole = _WAYS ** len(plan.defenses)
    if plan.mode is AttackMode.MULTI:
        # One defense roll; each attack roll wins when strictly above it.
        defense = _sum(plan.defenses[0][1])
        bonuses = [first] + [_sum(plan.later)] * (plan.attacks - 1)
        lost = 0
        for face, count in _TWO_D6:
            every = count
            for bonus in bonuses:
                every *= _at_most(face + defense - bonus)
            lost += every
        return 1 - Fraction(lost, _WAYS ** (plan.attacks + 1))
    # One attack roll; each target's defense roll holds when at least the attack.
    lost = 0
    for face, count in _TWO_D6:
        every = count
        for _, terms in plan.defenses:
            every *= _WAYS - _at_most(face + first - _sum(terms) - 1)
        lost += every
    return 1 - Fraction(lost, _WAYS * whole)


def _attack_odds(state: CombatState, command: Attack) -> Fraction:
    return attack_chance(plan_attack(state, command))


def _call_check_odds(state: CombatState, command: CallCheck) -> Fraction:
    return plan_call_check(state, command).probability()


#: The chance of each command type that makes a check; each refuses a command that
#: ``decide`` refuses, with the same error.
CHANCES: Final[Mapping[type[Any], Callable[[CombatState, Any], Fraction]]] = MappingProxyType(
    {Attack: _attack_odds, CallCheck: _call_check_odds}
)


def odds(state: CombatState, command: Command) -> Fraction | None:
    """The exact chance that *command*'s check succeeds in *state*, before any die is rolled.

    It is :attr:`SYSTEM.odds <tabletop_rules.systems.RuleSystem.odds>`: what a menu shows
    beside each item.
    An attack succeeds when at least one of its contests is won (a tie goes to the
    defender, B2D6-38): its one contest, any target of an area attack, any attack of a
    multi-attack.
    A check the GM calls succeeds when the challenger's total is at least the GM's, every
    helper's chance included (B2D6-42..51).

    Returns:
        The chance as a :class:`~fractions.Fraction`, or ``None`` for a command that makes no
        check (a heal, a bonus granted, waiting, the GM's rulings).

    Raises:
        InvalidData: *state* is no bar2d6 combat state (path ``$.state``), or *command* no
            bar2d6 command (``$.command``).
        IllegalCommand: The attack or the called check is not allowed now, or has a field of
            the wrong type: the refusal ``decide`` gives it.

    .. versionadded:: 0.1.0
    """
    state = RULESET.checked_state(state)
    if type(command) not in RULESET.command_rules:
        raise wrong_type("$.command", "bar2d6.Command", command)
    RULESET.shapes.check(command)  # a field of the wrong type: refused as decide refuses it
    chance = CHANCES.get(type(command))
    if chance is None:
        return None
    return chance(state, command)
