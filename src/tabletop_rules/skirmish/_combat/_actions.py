"""The actions: the rules of the commands and their folds.

A command rule checks what the rules allow and declares the action (SK-09, SK-30 step 0);
the action then goes through its steps on the response stack, taken at once by the rules
(:func:`._flow.declared`) as far as no one is asked, and at its effect step
:func:`._resolution.resolution` says what it does.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from tabletop_rules.arguments import shown
from tabletop_rules.dice import DiceSource
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import Planned
from tabletop_rules.skirmish._cards import Target, Timing
from tabletop_rules.skirmish._combat._commands import Attack, EndTurn, GiveAp, Prepare, UseSkill
from tabletop_rules.skirmish._combat._events import (
    ApGiven,
    Declared,
    Event,
    MarkerActed,
    TurnEnded,
)
from tabletop_rules.skirmish._combat._flow import declared, marker_changes
from tabletop_rules.skirmish._combat._reactions import copy_stack, open_window, stack_promises
from tabletop_rules.skirmish._combat._refusals import (
    check_can_act,
    check_done,
    check_going_on,
    check_main,
    own,
    skill_of,
)
from tabletop_rules.skirmish._combat._resolution import ATTACK_RANGE, move_rows, targets
from tabletop_rules.skirmish._combat._values import (
    DURATIONS,
    Action,
    ActionKind,
    CombatState,
    Phase,
    PlacedMarker,
    Status,
    Unit,
    copy_state,
    copy_unit,
    other,
)

__all__ = [
    "decide_attack",
    "decide_end",
    "decide_give",
    "decide_prepare",
    "decide_skill",
    "fold_declared",
    "fold_given",
    "fold_turn_ended",
]

# Enum members read in the hot paths, once: an enum class's attribute is a slow lookup.
_STANDING: Final = Status.STANDING
_DOWNED: Final = Status.DOWNED
_REMOVED: Final = Status.REMOVED
_ATTACK: Final = ActionKind.ATTACK
_PREPARE: Final = ActionKind.PREPARE
_SKILL: Final = ActionKind.SKILL
_NO_TARGET: Final = Target.NONE
_SELF: Final = Target.SELF
_ALLY: Final = Target.ALLY
_PREPARATION: Final = Phase.PREPARATION
_MAIN: Final = Timing.MAIN

# --------------------------------------------------------------------------- command rules


def decide_attack(
    state: CombatState, command: Attack, dice: DiceSource
) -> Planned[CombatState, Event]:
    """A normal attack: once a turn, not after a preparatory action, distance 1 (SK-11...)."""
    check_main(state, command.actor)
    unit = own(state, command.actor, command.unit)
    check_can_act(unit)
    check_done(state, unit, "attacked")
    check_done(state, unit, "prepared")
    target = state.find(command.target)
    if target is None or target.owner == unit.owner or target.status is not _STANDING:
        raise IllegalCommand("skirmish.illegal.bad_target", target=command.target)
    if abs(unit.row - target.row) > ATTACK_RANGE:
        raise IllegalCommand("skirmish.illegal.out_of_range", target=command.target)
    action = Action(kind=_ATTACK, unit=unit.id, target=target.id)
    return declared(state, command.actor, action, _marked(state, unit, "attacked"), dice)


def decide_prepare(
    state: CombatState, command: Prepare, dice: DiceSource
) -> Planned[CombatState, Event]:
    """A preparatory action: once a turn, not after a normal attack (SK-15...SK-18)."""
    check_main(state, command.actor)
    unit = own(state, command.actor, command.unit)
    check_can_act(unit)
    check_done(state, unit, "prepared")
    check_done(state, unit, "attacked")
    if command.row is not None and command.row not in move_rows(state, unit):
        raise IllegalCommand("skirmish.illegal.bad_row", row=shown(command.row))
    if command.row is not None and not unit.can_move:
        raise IllegalCommand("skirmish.illegal.cannot_move", unit=unit.id)
    action = Action(kind=_PREPARE, unit=unit.id, row=command.row)
    return declared(state, command.actor, action, _marked(state, unit, "prepared"), dice)


def decide_skill(
    state: CombatState, command: UseSkill, dice: DiceSource
) -> Planned[CombatState, Event]:
    """A skill as an action (on the turn, nothing resolving) or as a response (SK-20, SK-31).

    A response is paid with the AP its character has not promised to skills declared and not
    yet paid (:func:`~tabletop_rules.skirmish._combat._reactions.promised`).
    """
    check_going_on(state)
    unit = own(state, command.actor, command.unit)
    skill = skill_of(unit, command.skill)
    frames = state.stack.frames
    check_can_act(unit, response=bool(frames))
    if frames:
        # The kit's gate has checked that a window asks the actor.
        # A skill names a step exactly when it is a response (Skill checks it).
        if skill.step is not frames[-1].pending.pending.step:
            raise IllegalCommand("skirmish.illegal.not_a_response", skill=skill.name)
    else:
        check_main(state, command.actor)
        if skill.timing is not _MAIN:
            raise IllegalCommand("skirmish.illegal.response_only", skill=skill.name)
        if skill.attack:
            check_done(state, unit, "prepared")
    if skill.cost > unit.ap:
        raise IllegalCommand("skirmish.illegal.no_ap", unit=unit.id, cost=skill.cost)
    # A response must leave the AP its character has promised to skills not yet paid.
    promised = stack_promises(state).get(unit.id, 0)
    if skill.cost > unit.ap - promised:
        raise IllegalCommand(
            "skirmish.illegal.ap_promised", unit=unit.id, cost=skill.cost, promised=promised
        )
    if command.target not in targets(state.units, unit, skill):
        raise IllegalCommand("skirmish.illegal.bad_target", target=str(command.target))
    action = Action(
        kind=_SKILL,
        unit=unit.id,
        skill=command.skill,
        target=command.target,
        response=bool(frames),
    )
    return declared(state, command.actor, action, state.units, dice)


def decide_give(state: CombatState, command: GiveAp, dice: DiceSource) -> list[ApGiven]:
    """One AP of a downed character to another character (SK-08)."""
    check_main(state, command.actor)
    if state.spare_ap <= 0:
        raise IllegalCommand("skirmish.illegal.no_spare_ap")
    own(state, command.actor, command.unit)
    return [ApGiven(command.actor, command.unit)]


_turn_ended: Final = functools.lru_cache(maxsize=64)(TurnEnded)


def decide_end(state: CombatState, command: EndTurn, dice: DiceSource) -> list[TurnEnded]:
    """The end of the turn, whenever its player likes (SK-33).

    Every standing character's ``turn_end_hp`` markers change its hp first (SK-41).
    """
    check_main(state, command.actor)
    marked: list[MarkerActed] = []
    for unit in state.units:
        if unit.markers and unit.status is _STANDING:
            acted = marker_changes(unit, "turn_end_hp", unit.hp, 0, unit.card.hp)
            if acted is not None:
                marked.append(acted)
    if marked:
        return [TurnEnded(command.actor, tuple(marked))]
    return [_turn_ended(command.actor)]


# --------------------------------------------------------------------------- folds


def fold_given(state: CombatState, event: ApGiven) -> CombatState:
    """The spare AP goes to the character."""
    unit = state.unit(event.unit)
    unit = copy_unit(unit, ap=unit.ap + 1)
    units = tuple([unit if u.id == event.unit else u for u in state.units])
    return copy_state(state, units=units, spare_ap=state.spare_ap - 1)


#: The once-a-turn mark of an action of each kind, if it has one (SK-14, SK-18).
_MARKS: Final[Mapping[ActionKind, str]] = MappingProxyType(
    {_ATTACK: "attacked", _PREPARE: "prepared"}
)


def _marked(state: CombatState, unit: Unit, mark: str) -> tuple[Unit, ...]:
    """The characters once *unit* has made its action of the turn (``attacked``, ``prepared``)."""
    marked = copy_unit(unit, **{mark: True})
    unit_id = unit.id
    return tuple([marked if u.id == unit_id else u for u in state.units])


def fold_declared(state: CombatState, event: Declared) -> CombatState:
    """The action goes on the stack; the window before paying opens."""
    action = event.action
    units = state.units
    mark = None if action.response else _MARKS.get(action.kind)
    if mark is not None:
        units = _marked(state, state.unit(action.unit), mark)
    # The once-a-turn marks do not change who may respond: the window reads the state before.
    frame = open_window(state, action)
    stack = copy_stack(state.stack, frames=(*state.stack.frames, frame))
    return copy_state(state, units=units, stack=stack)


def _hp_at_end(unit: Unit, hp: int) -> Unit:
    """*unit* at *hp* after its markers acted: at 0 downed, a summon removed (SK-40, SK-53)."""
    if hp:
        return copy_unit(unit, hp=hp)
    return copy_unit(unit, hp=0, status=_REMOVED if unit.summon else _DOWNED)


def fold_turn_ended(state: CombatState, event: TurnEnded) -> CombatState:
    """The markers' hp changes; every marker loses a turn, those at 0 go (SK-45, SK-46).

    Then it is the other player's turn.
    """
    units = state.units
    if event.marked:
        hp = {m.unit: m.after for m in event.marked}
        units = tuple([_hp_at_end(u, hp[u.id]) if u.id in hp else u for u in units])
    units = tuple(
        [
            copy_unit(u, markers=DURATIONS.tick(u.markers, _turns, _with_turns)) if u.markers else u
            for u in units
        ]
    )
    return copy_state(
        state,
        units=units,
        turn=state.turn + 1,
        active=other(event.actor),
        phase=_PREPARATION,
        spare_ap=0,
    )


def _turns(marker: PlacedMarker) -> int:
    return marker.turns


def _with_turns(marker: PlacedMarker, turns: int) -> PlacedMarker:
    return attrs.evolve(marker, turns=turns)
