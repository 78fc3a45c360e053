"""The flow of a bayside23 battle: automatic events, who may act, what each may send.

The automatic events come in this order: the end of the battle when one side is all down or
gone (BAY-17); the initiative of a new turn, which the rules roll by themselves (a chance
step: BAY-13, BAY-16, BAY-18); the lost turn of a fallen combatant (BAY-32); the end of the
turn when everyone in the order has had theirs (BAY-16).

The menus offer every command as it is, but for the one with free parameters: the action
check the GM calls (:class:`Overcome`) is offered once a turn, with the feature alone, at the
GM's difficulty 0 against ``other``, which :func:`menu_form` maps any ``Overcome`` to; the
difficulty, the obstacle and the skill that fits it are chosen when the GM calls the check
(one item, not one a skill, so that a bot's menu and a random game are not crowded with
checks nobody called).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules.bayside23._checks import INITIATIVE_DIE
from tabletop_rules.bayside23._combat._commands import (
    Attack,
    Cast,
    Command,
    FinishingStrike,
    Flee,
    ForgoStrike,
    Obstacle,
    Overcome,
    Ready,
    SwitchWeapon,
    UseArtifact,
    Wait,
)
from tabletop_rules.bayside23._combat._events import (
    CombatEnded,
    Event,
    InitiativeRoll,
    InitiativeRolled,
    TurnEnded,
    TurnLost,
)
from tabletop_rules.bayside23._combat._terms import initiative_bonus
from tabletop_rules.bayside23._combat._values import (
    Combatant,
    CombatState,
    Side,
    Status,
    changed,
    replace,
    state_with,
)
from tabletop_rules.engine import GameResult
from tabletop_rules.errors import InvalidData

if TYPE_CHECKING:
    from tabletop_rules.dice import DiceSource

__all__ = [
    "DEFEAT",
    "VICTORY",
    "actors",
    "commands_of",
    "fold_combat_ended",
    "fold_initiative",
    "fold_turn_ended",
    "fold_turn_lost",
    "follow_up",
    "menu_form",
    "next_in_order",
    "outcome_of",
    "roll_initiative",
]

#: The reasons of a decided battle (catalog keys).
VICTORY: Final = "bayside23.result.victory"
DEFEAT: Final = "bayside23.result.defeat"
_REASONS: Final = {Side.PARTY: VICTORY, Side.ENEMIES: DEFEAT}


# --------------------------------------------------------------------------- initiative


def _rank(
    ids: Sequence[str],
    bonuses: Mapping[str, int],
    dice: DiceSource,
    round: int,
    out: list[InitiativeRoll],
) -> list[str]:
    """*ids* in order of action; ties roll again among the tied, as often as it takes."""
    totals: dict[str, int] = {}
    for id in ids:
        roll = dice.roll(INITIATIVE_DIE)
        total = roll.total + bonuses[id]
        totals[id] = total
        out.append(InitiativeRoll(id=id, roll=roll, total=total, round=round))
    ordered: list[str] = []
    # A stable sort keeps the tied in the order they rolled.
    for _, group in itertools.groupby(sorted(ids, key=totals.__getitem__), totals.__getitem__):
        tied = list(group)
        ordered.extend(tied if len(tied) == 1 else _rank(tied, bonuses, dice, round + 1, out))
    return ordered


def roll_initiative(state: CombatState, dice: DiceSource) -> InitiativeRolled:
    """A new turn's initiative, which the rules roll by themselves (BAY-13, BAY-18, BAY-20).

    Every active combatant rolls 1D6 + 敏捷性's modifier, lower first, and the tied roll again
    among themselves.
    """
    bonuses = {c.id: initiative_bonus(state, c) for c in state.combatants if c.active}
    rolls: list[InitiativeRoll] = []
    order = _rank(list(bonuses), bonuses, dice, 0, rolls)
    return InitiativeRolled(turn=state.turn + 1, rolls=tuple(rolls), order=tuple(order))


def fold_initiative(state: CombatState, event: InitiativeRolled) -> CombatState:
    """A new turn with its order."""
    return state_with(state, turn=event.turn, order=event.order, position=0)


# --------------------------------------------------------------------------- the automatic steps


def follow_up(state: CombatState, dice: DiceSource) -> Event | None:
    """The automatic event the rules call for next, if any (see the module's introduction).

    Only the initiative rolls *dice*; those down or gone since it was rolled are passed over
    without an event.
    """
    if state.winner is not None:
        return None
    party = enemies = False
    for c in state.combatants:
        if c.status is Status.ACTIVE:
            if c.side is Side.PARTY:
                party = True
            else:
                enemies = True
    if not enemies:
        return CombatEnded(winners=(Side.PARTY.value,), reason=VICTORY)
    if not party:
        return CombatEnded(winners=(Side.ENEMIES.value,), reason=DEFEAT)
    if not state.order:
        return roll_initiative(state, dice)
    current = state.current
    if current is None:
        return TurnEnded(state.turn)
    combatant = state.combatant(current)
    if combatant.prone and combatant.active:
        return TurnLost(current)
    return None


def next_in_order(state: CombatState) -> CombatState:
    """*state* with the turn passed to the next in order who can still act."""
    position = state.position + 1
    order = state.order
    while position < len(order) and not state.combatant(order[position]).active:
        position += 1
    return state_with(state, position=position)


def fold_turn_lost(state: CombatState, event: TurnLost) -> CombatState:
    """The fallen combatant stands again; its turn is gone."""
    return next_in_order(replace(state, changed(state.combatant(event.actor), prone=False)))


def fold_turn_ended(state: CombatState, _: TurnEnded) -> CombatState:
    """No order until the initiative of the next turn is rolled."""
    return state_with(state, order=(), position=0)


def fold_combat_ended(state: CombatState, event: CombatEnded) -> CombatState:
    """The winner is known; a defeat ends everything, a win waits for the strike.

    Raises:
        InvalidData: The event does not name one side as the winner (path ``$.winners``).
    """
    if len(event.winners) != 1 or event.winners[0] not in _SIDES:
        raise InvalidData("$.winners", "a bayside23 battle is won by one side, party or enemies")
    winner = _SIDES[event.winners[0]]
    return state_with(state, winner=winner, finished=winner is Side.ENEMIES)


_SIDES: Final = {side.value: side for side in Side}


# --------------------------------------------------------------------------- who acts, and how


def actors(state: CombatState) -> tuple[str, ...]:
    """Who may act in a settled state: the one on turn, or the winners after a win."""
    if state.finished:
        return ()
    if state.winner is Side.PARTY:
        return tuple(c.id for c in state.combatants if c.side is Side.PARTY and c.active)
    current = state.current
    return () if current is None else (current,)


def _enemies(state: CombatState, actor: Combatant) -> list[Combatant]:
    return [c for c in state.combatants if c.side is not actor.side and c.active]


def _allies(state: CombatState, actor: Combatant) -> list[Combatant]:
    """Whom *actor* may heal: its side, itself included, but not who fled (BAY-15)."""
    return [c for c in state.combatants if c.side is actor.side and c.status is not Status.GONE]


def commands_of(state: CombatState, actor: str) -> list[Any]:
    """Everything *actor*, one of :func:`actors`, may send in a settled state."""
    me = state.combatant(actor)
    if state.winner is Side.PARTY:
        strikes: list[Any] = [
            FinishingStrike(actor=actor, target=c.id, sides=sides)
            for c in state.combatants
            if c.side is Side.ENEMIES
            for sides in (3, 6)
        ]
        return [*strikes, ForgoStrike(actor)]
    out: list[Any] = []
    weapon = me.weapon
    if weapon is not None and (me.ready or not weapon.ranged):
        aimed = _allies(state, me) if weapon.heals else _enemies(state, me)
        out.extend(Attack(actor, c.id) for c in aimed)
    for index, spell in enumerate(me.spells):
        targets = _allies(state, me) if spell.heals else _enemies(state, me)
        out.extend(Cast(actor=actor, target=c.id, spell=index) for c in targets)
    out.extend(SwitchWeapon(actor, i) for i in range(len(me.weapons)) if i != me.wielding)
    if weapon is not None and weapon.ranged and not me.ready:
        out.append(Ready(actor))
    out.append(Wait(actor))
    out.append(Overcome(actor=actor))  # the GM's action check, in its one form
    out.append(Flee(actor))
    if me.side is Side.PARTY and not me.follower:
        out.extend(UseArtifact(actor, a) for a in state.ledger.available)
    return out


def outcome_of(state: CombatState) -> GameResult | None:
    """How a finished battle ended: the winning side and why."""
    if not state.finished or state.winner is None:
        return None
    return GameResult(winners=(state.winner.value,), reason=_REASONS[state.winner])


def menu_form(command: Command) -> Command:
    """*command* with the GM's free parameters set to the one value the menus offer.

    An :class:`Overcome`'s difficulty, obstacle and skill are chosen when the GM calls the
    check: the menus offer it with the feature alone, at difficulty 0 against ``other``.
    Every other command is offered as it is.
    It is :attr:`SYSTEM.menu_form <tabletop_rules.systems.RuleSystem.menu_form>`.

    .. versionadded:: 0.1.0
    """
    if type(command) is Overcome:
        return attrs.evolve(command, difficulty=0, obstacle=Obstacle.OTHER, skill=None)
    return command
