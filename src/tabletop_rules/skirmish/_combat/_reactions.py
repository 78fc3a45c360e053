"""Responses: who may answer before a step, the windows that ask them, and a pass.

Before each step of an action the opponent of the acting character's player, then that
player, may respond with a response skill of that step (SK-31, SK-32); only players with a
response they can use now are asked, and when all of them have passed in a row the step
happens. A response resolves completely, through the same steps, before the action it
answered goes on: the stack is the state's :class:`~tabletop_rules.engine.PromptStack`, one
frame per action, each holding a :class:`~tabletop_rules.kit.ResponseWindow` of its action.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Final, cast

from tabletop_rules.dice import DiceSource
from tabletop_rules.engine import Pass, PromptFrame, PromptStack
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import ResponseWindow, copier
from tabletop_rules.skirmish._cards import Skill, Step, Target
from tabletop_rules.skirmish._combat._events import Passed
from tabletop_rules.skirmish._combat._values import (
    PLAYERS,
    Action,
    CombatState,
    Frame,
    Status,
    Unit,
    copy_state,
    other,
)

__all__ = [
    "ANSWERS",
    "NOTHING_PENDING",
    "answering",
    "copy_frame",
    "copy_stack",
    "decide_pass",
    "fold_passed",
    "open_window",
    "promised",
    "responses",
    "stack_promises",
    "window",
]

# Enum members read in the hot paths, once: an enum class's attribute is a slow lookup.
_STANDING: Final = Status.STANDING
_NO_TARGET: Final = Target.NONE
_SELF: Final = Target.SELF
_ALLY: Final = Target.ALLY
_PAY: Final = Step.PAY

#: The command types that answer a response window.
ANSWERS: Final = frozenset({"UseSkill", "Pass"})

#: The empty response stack.
NOTHING_PENDING: Final = PromptStack[ResponseWindow[Action]]()

# Frames and stacks are copied with the kit's copier: one changes at nearly every step of
# every action.
copy_frame: Final = cast("Callable[..., Frame]", copier(PromptFrame))
copy_stack: Final = cast("Callable[..., PromptStack[ResponseWindow[Action]]]", copier(PromptStack))

_ASKS_NO_ONE: Final[PromptFrame[Any]] = PromptFrame(responder=None, pending=None)
_ASKS_TO_ANSWER: Final[PromptFrame[Any]] = PromptFrame(responder="", answers=ANSWERS, pending=None)

#: The window all have passed, before a step of an action of each player's: the windows of
#: :func:`_frame` that ask no one hold their action in a copy of it.
_PASSED: Final[Mapping[str, ResponseWindow[Any]]] = MappingProxyType(
    {p: ResponseWindow(responders=(other(p), p), pending=None, passes=2) for p in PLAYERS}
)
#: The windows that ask, by the order of the players asked.
_ASKING: Final[Mapping[tuple[str, ...], ResponseWindow[Any]]] = MappingProxyType(
    {
        asked: ResponseWindow(responders=asked, pending=None)
        for asked in (*((p,) for p in PLAYERS), *((other(p), p) for p in PLAYERS))
    }
)


#: Nobody has promised any AP: the stack holds no skill still to be paid.
_NOTHING_PROMISED: Final[Mapping[str, int]] = MappingProxyType({})


def promised(
    units: tuple[Unit, ...], below: tuple[Frame, ...], top: Action, step: Step
) -> Mapping[str, int]:
    """The AP each character has promised to its skills declared and not yet paid.

    *below* are the frames under the action on top of the stack, *top* that action and *step*
    its next step. A skill is paid at its pay step (SK-20, SK-30), after the window before it;
    a response declared in that window must leave the AP to pay it, so the AP a character may
    spend on a new skill is its AP less what it has promised. Without it, a character with a
    response of the pay step could answer its own response for ever, and the stack and the
    game would never end.
    """
    owed: dict[str, int] | None = None
    actions = [(frame.pending.pending, frame.pending.pending.step) for frame in below]
    actions.append((top, step))
    for action, next_step in actions:
        index = action.skill
        if index is None or next_step is not _PAY:
            continue
        for unit in units:
            if unit.id == action.unit:
                if owed is None:
                    owed = {}
                owed[unit.id] = owed.get(unit.id, 0) + unit.card.skills[index].cost
                break
    return _NOTHING_PROMISED if owed is None else owed


def stack_promises(state: CombatState) -> Mapping[str, int]:
    """:func:`promised` of *state*'s whole stack (nothing with an empty stack)."""
    frames = state.stack.frames
    if not frames:
        return _NOTHING_PROMISED
    top = frames[-1].pending.pending
    return promised(state.units, frames[:-1], top, top.step)


def responses(state: CombatState, player: str, step: Step) -> Iterator[tuple[Unit, int, Skill]]:
    """*player*'s characters' responses usable in the window before *step*.

    Each must be paid with the AP its character has not promised (:func:`promised`).
    """
    owed = stack_promises(state)
    for unit in state.units:
        if unit.owner != player or unit.status is not _STANDING:
            continue
        if unit.markers and not unit.can_respond:  # a marker keeps it from responding
            continue
        ap = unit.ap - owed.get(unit.id, 0) if owed else unit.ap
        # A skill names a step exactly when it is a response (Skill checks it).
        for index, skill in enumerate(unit.card.skills):
            if skill.step is step and skill.cost <= ap:
                yield unit, index, skill


def _has_target(units: tuple[Unit, ...], unit: Unit, skill: Skill) -> bool:
    """Whether the standing *unit* may aim *skill* at anyone of *units*."""
    kind = skill.target
    reach = skill.range
    if kind is _NO_TARGET or kind is _SELF:
        return True
    if kind is _ALLY and (reach is None or reach >= 0):
        return True  # itself
    side = unit.owner if kind is _ALLY else other(unit.owner)
    row = unit.row
    for u in units:
        if (
            u.owner == side
            and u.status is _STANDING
            and (reach is None or abs(u.row - row) <= reach)
        ):
            return True
    return False


def _who_can_respond(units: tuple[Unit, ...], step: Step, owed: Mapping[str, int]) -> set[str]:
    """The players of *units* with a response they can use now in the window before *step*.

    *owed* is the AP each character has promised (:func:`promised`).
    """
    found: set[str] = set()
    standing = _STANDING
    for unit in units:
        if unit.status is not standing or (unit.markers and not unit.can_respond):
            continue
        ap = unit.ap - owed.get(unit.id, 0) if owed else unit.ap
        for skill in unit.card.skills:  # steps by identity: an enum's hash is a Python call
            if skill.step is step and skill.cost <= ap:
                kind = skill.target
                if kind is _NO_TARGET or kind is _SELF or _has_target(units, unit, skill):
                    found.add(unit.owner)
                    break
    return found


def answering(
    state: CombatState,
    below: tuple[Frame, ...],
    top: Action,
    step: Step,
    units: tuple[Unit, ...] | None = None,
) -> set[str]:
    """The players asked in the window before *top*'s next *step*: those with a response.

    Empty for a step no card of the game answers (:attr:`CombatState.answered_steps`).
    *below* are the frames under *top*'s, and *units* the characters as they are now, if not
    yet the state's; a response must leave the AP its character has promised (:func:`promised`).
    """
    for some in state.answered_steps:  # by identity: an enum's hash is a Python call
        if some is step:
            units = state.units if units is None else units
            return _who_can_respond(units, step, promised(units, below, top, step))
    return set()


def window(units: tuple[Unit, ...], action: Action, asked: set[str]) -> Frame:
    """The frame of the window before *action*'s next step, asking the players *asked*.

    *units* are the characters of the game, *action*'s among them.

    The opponent of the acting character's player is asked first, then that player (SK-32).
    With no one to ask, the window is closed at once and the frame asks no one: the rules take
    the step.
    """
    unit_id = action.unit
    for unit in units:
        if unit.id == unit_id:
            owner = unit.owner
            break
    else:
        raise IllegalCommand("unknown_actor", actor=unit_id)
    if not asked:
        return copy_frame(_ASKS_NO_ONE, pending=_PASSED[owner].holding(action))
    order = tuple([p for p in (other(owner), owner) if p in asked])
    return copy_frame(_ASKS_TO_ANSWER, responder=order[0], pending=_ASKING[order].holding(action))


def open_window(state: CombatState, action: Action) -> Frame:
    """The frame of the window before *action*'s next step (SK-32): see :func:`window`."""
    return window(state.units, action, answering(state, state.stack.frames, action, action.step))


_passed: Final = functools.lru_cache(maxsize=64)(Passed)


def decide_pass(state: CombatState, command: Pass, dice: DiceSource) -> list[Passed]:
    """A pass in a response window (the kit's gate has checked that the actor is asked)."""
    return [_passed(command.actor)]


def fold_passed(state: CombatState, event: Passed) -> CombatState:
    """The next responder is asked; when all passed in a row the step goes on (SK-32)."""
    stack = state.stack
    window = stack.top.pending.passed(event.actor)
    frame = copy_frame(_ASKS_NO_ONE, pending=window) if window.closed else window.frame(ANSWERS)
    return copy_state(state, stack=copy_stack(stack, frames=(*stack.frames[:-1], frame)))
