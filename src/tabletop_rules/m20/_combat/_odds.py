"""The exact chance of success of each command a menu offers, as things stand.

A command's chance is computed from the plan its rule rolls (``_actions.py``: the same
refusals, terms, difficulty and boosts), never simulated:

- a specialty action (hide, assist, hinder, 治療, first aid) and the GM's check against a
  danger: 1D20 + terms ≥ the difficulty, with the reroll item's second chance (M20-141);
- an attack action: the chance that at least one of its strikes hits (1D20 + attack ≥
  1D20 + defense, a tie hits, M20-033), every reroll item counted as ``decide`` uses it:
  the strikes of a 雙重攻擊 roll their own dice, those of a 範圍攻擊 share one attack d20
  (M20-100, M20-104).

The reactions after the dice (必殺一擊, 危機閃避, M20-076, M20-098) are answers to a strike
already rolled, not part of the command: the chance is the command's before any of them.
The cost is that of the plan plus, for an attack, at most 400 steps of whole-number
arithmetic a strike (20 for a strike with no reroll item), so that a menu can show the chance
of each of its items.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules.arguments import wrong_type
from tabletop_rules.m20._checks import SpecialtyCheck
from tabletop_rules.m20._combat import RULESET
from tabletop_rules.m20._combat._actions import (
    SPECIALTY_ACTIONS,
    PlannedStrike,
    plan_attack,
    plan_danger,
    plan_specialty,
)
from tabletop_rules.m20._combat._commands import Attack, Command, DangerCheck
from tabletop_rules.m20._combat._values import AttackMode, CombatState

__all__ = ["CHANCES", "odds", "strikes_chance"]

#: The faces of a d20, and the ways two d20 can fall.
_FACES: Final = 20
_PAIRS: Final = _FACES * _FACES


def _at_most(total: int) -> int:
    """How many faces of a d20 are at most *total*."""
    return 0 if total <= 0 else min(total, _FACES)


def _shared(strikes: tuple[tuple[int, bool], ...], reroll: bool) -> Fraction:
    """The chance that at least one of *strikes* hits when they share one attack d20.

    Each strike is ``(margin, again)``: its attack terms minus its defense terms, and whether
    its defender rerolls a hit (M20-141); *reroll*: the attacker rolls the attack d20 again
    when any strike misses.
    A strike hits when its defense d20 is at most the attack face + its margin (a tie hits).
    The chances are counted in whole numbers of equally likely faces, and divided once.
    """
    ways = [[_at_most(face + margin) for face in range(1, _FACES + 1)] for margin, _ in strikes]
    again = [defender for _, defender in strikes]
    whole = _PAIRS ** len(strikes)
    total = 0
    for first in range(_FACES):
        # Out of 400 each: the strike's hit with this face (the defense d20, then the
        # defender's reroll of a hit), and its hit before the defender's reroll.
        hit_all = missed_all = 1
        for row, rerolls in zip(ways, again, strict=True):
            hits = row[first]
            missed_all *= _PAIRS - hits * (hits if rerolls else _FACES)
            hit_all *= _FACES * hits
        if not reroll:
            total += _FACES * (whole - missed_all)
            continue
        # The attack d20 is rolled again unless every strike hit with the first face.
        kept = hit_all
        lost = 1
        for row, rerolls in zip(ways, again, strict=True):
            hits = row[first]
            lost *= hits * (_FACES - hits) if rerolls else 0
        total += _FACES * (kept - lost)
        for second in range(_FACES):
            none = none_and_hit = 1
            for row, rerolls in zip(ways, again, strict=True):
                hits, later = row[first], row[second]
                none *= _PAIRS - later * (later if rerolls else _FACES)
                none_and_hit *= _FACES * max(0, hits - later) + (
                    min(hits, later) * (_FACES - later) if rerolls else 0
                )
            total += whole - hit_all - none + none_and_hit
    return Fraction(total, _PAIRS * whole)


def _margin(strike: PlannedStrike) -> tuple[int, bool]:
    attack = 0
    for term in strike.attack:
        attack += term.value
    for term in strike.defense:
        attack -= term.value
    return attack, strike.defender.reroll


def strikes_chance(planned: tuple[PlannedStrike, ...], *, area: bool, reroll: bool) -> Fraction:
    """The chance that at least one of *planned* hits.

    The strikes of an *area* attack share one attack d20 (rolled again for all of them when
    any misses and the attacker has a *reroll* item); the others roll their own.
    """
    if area:
        return _shared(tuple(_margin(strike) for strike in planned), reroll)
    missed = Fraction(1)
    for strike in planned:
        missed *= 1 - _shared((_margin(strike),), reroll)
    return 1 - missed


def _attack(state: CombatState, command: Attack) -> Fraction:
    boosts, planned = plan_attack(state, command)
    return strikes_chance(planned, area=command.mode is AttackMode.AREA, reroll=boosts.reroll)


def _specialty(state: CombatState, command: Any) -> Fraction:
    terms, difficulty, boosts = plan_specialty(state, command)
    return SpecialtyCheck(
        terms=terms, difficulty=difficulty, reroll_on_failure=boosts.reroll
    ).probability()


def _danger(state: CombatState, command: DangerCheck) -> Fraction:
    terms, boosts = plan_danger(state, command)
    return SpecialtyCheck(
        terms=terms, difficulty=command.difficulty, reroll_on_failure=boosts.reroll
    ).probability()


#: The chance of each command type that makes a check, given a state and a command of it;
#: each refuses a command that ``decide`` refuses, with the same error.
CHANCES: Final[Mapping[type[Any], Callable[[CombatState, Any], Fraction]]] = MappingProxyType(
    {
        Attack: _attack,
        **dict.fromkeys(SPECIALTY_ACTIONS, _specialty),
        DangerCheck: _danger,
    }
)


def odds(state: CombatState, command: Command) -> Fraction | None:
    """The exact chance that *command*'s check succeeds in *state*, before any die is rolled.

    It is :attr:`SYSTEM.odds <tabletop_rules.systems.RuleSystem.odds>`: what a menu shows
    beside each item.
    An attack succeeds when at least one of its strikes hits (M20-033: a tie hits; a
    雙重攻擊's two strikes, a 範圍攻擊's every target); a specialty action (hide, assist,
    hinder, 治療, first aid) and the GM's check against a danger when the d20 and its terms
    reach the difficulty (M20-036).
    Reroll items count as ``decide`` uses them (M20-141): the attacker's on a miss, then the
    defender's on a hit.
    The reactions after the dice (必殺一擊, 危機閃避) are not counted: each is a choice
    made once the dice are seen.

    ``docs/m20.md`` shows a menu with its odds.

    Returns:
        The chance as a :class:`~fractions.Fraction`, or ``None`` for a command that makes no
        check (ending the round, declaring 冷卻, answering a prompt, ...).

    Raises:
        InvalidData: *state* is no m20 combat state (path ``$.state``), or *command* no m20
            command (``$.command``).
        IllegalCommand: The command makes a check but is not allowed now: the refusal
            ``decide`` gives it.

    .. versionadded:: 0.1.0
    """
    state = RULESET.checked_state(state)
    kind = type(command)
    if kind not in RULESET.command_rules:
        raise wrong_type("$.command", "m20.Command", command)
    chance = CHANCES.get(kind)
    return None if chance is None else chance(state, command)
