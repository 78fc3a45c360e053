"""The flow of a bayside23 battle: automatic events, who may act, what each may send."""

from __future__ import annotations

from typing import Any, Final

from tabletop_rules.bayside23._combat._commands import (
    Attack,
    Cast,
    FinishingStrike,
    Flee,
    ForgoStrike,
    Ready,
    RollInitiative,
    SwitchWeapon,
    UseArtifact,
    Wait,
)
from tabletop_rules.bayside23._combat._events import (
    BattleEnded,
    Event,
    TurnEnded,
    TurnLost,
)
from tabletop_rules.bayside23._combat._values import (
    GM,
    BattleState,
    Combatant,
    Side,
    Status,
    changed,
    replace,
    state_with,
)
from tabletop_rules.engine import GameResult

#: The reasons of a finished battle (catalog keys).
VICTORY: Final = "bayside23.result.victory"
DEFEAT: Final = "bayside23.result.defeat"


def _out(state: BattleState, side: Side) -> bool:
    return all(not c.active for c in state.combatants if c.side is side)


def follow_up(state: BattleState) -> Event | None:
    """The automatic event the rules call for next, if any.

    In order: the end of the battle when one side is all down or gone (BAY-17); the lost
    turn of a fallen combatant (BAY-32); the end of the turn when everyone in the order has
    had theirs (BAY-16).
    Those down or gone since initiative was rolled are passed over without an event.
    """
    if state.winner is not None:
        return None
    if _out(state, Side.ENEMIES):
        return BattleEnded(Side.PARTY)
    if _out(state, Side.PARTY):
        return BattleEnded(Side.ENEMIES)
    if not state.order:
        return None
    current = state.current
    if current is None:
        return TurnEnded(state.turn)
    combatant = state.combatant(current)
    if combatant.prone and combatant.active:
        return TurnLost(current)
    return None


def skip_inactive(state: BattleState) -> BattleState:
    """*state* with those no longer active passed over in the order."""
    position = state.position
    while position < len(state.order) and not state.combatant(state.order[position]).active:
        position += 1
    return state if position == state.position else state_with(state, position=position)


def fold_turn_lost(state: BattleState, event: TurnLost) -> BattleState:
    """The fallen combatant stands again; its turn is gone."""
    state = replace(state, changed(state.combatant(event.actor), prone=False))
    return skip_inactive(state_with(state, position=state.position + 1))


def fold_turn_ended(state: BattleState, _: TurnEnded) -> BattleState:
    """No order until initiative is rolled again."""
    return state_with(state, order=(), position=0)


def fold_battle_ended(state: BattleState, event: BattleEnded) -> BattleState:
    """The winner is known; a defeat ends everything, a win waits for the strike."""
    return state_with(state, winner=event.winner, finished=event.winner is Side.ENEMIES)


def actors(state: BattleState) -> tuple[str, ...]:
    """Who may act in a settled state: the GM for initiative, the one on turn, or the winners."""
    if state.finished:
        return ()
    if state.winner is Side.PARTY:
        return tuple(c.id for c in state.combatants if c.side is Side.PARTY and c.active)
    current = state.current
    if current is None:
        return (GM,)
    return (current,)


def _enemies(state: BattleState, actor: Combatant) -> list[Combatant]:
    return [c for c in state.combatants if c.side is not actor.side and c.active]


def commands_of(state: BattleState, actor: str) -> list[Any]:
    """Everything *actor* may send in a settled state."""
    if actor == GM:
        return [RollInitiative()]
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
        out.extend(Attack(actor, c.id) for c in _enemies(state, me))
    for index, spell in enumerate(me.spells):
        if spell.heals:
            targets = [
                c for c in state.combatants if c.side is me.side and c.status is not Status.GONE
            ]
        else:
            targets = _enemies(state, me)
        out.extend(Cast(actor=actor, target=c.id, spell=index) for c in targets)
    out.extend(SwitchWeapon(actor, i) for i in range(len(me.weapons)) if i != me.wielding)
    if weapon is not None and weapon.ranged and not me.ready:
        out.append(Ready(actor))
    out.append(Wait(actor))
    out.append(Flee(actor))
    if me.side is Side.PARTY and not me.follower:
        out.extend(UseArtifact(actor, a) for a in state.ledger.available)
    return out


def outcome_of(state: BattleState) -> GameResult | None:
    """How a finished battle ended: the winning side and why."""
    if not state.finished or state.winner is None:
        return None
    reason = VICTORY if state.winner is Side.PARTY else DEFEAT
    return GameResult(winners=(state.winner.value,), reason=reason)
