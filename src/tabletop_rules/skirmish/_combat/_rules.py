"""What the rules allow: targets, windows, checks and the effects of an action.

Every function here is pure and reads only the state; the command rules and the automatic
events of :mod:`._flow` are built from them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from types import MappingProxyType
from typing import Any, Final, cast

from tabletop_rules._arguments import shown
from tabletop_rules.checks import Term
from tabletop_rules.engine import PromptFrame
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import ResponseWindow, copier
from tabletop_rules.kit._windows import copy_window
from tabletop_rules.skirmish._cards import Skill, Step, Target
from tabletop_rules.skirmish._checks import Check
from tabletop_rules.skirmish._combat._events import Resolved
from tabletop_rules.skirmish._combat._values import (
    DURATIONS,
    FIELD_ROWS,
    PLAYERS,
    Action,
    ActionKind,
    Frame,
    PlacedMarker,
    State,
    Status,
    Unit,
    copy_unit,
    home_rows,
    other,
)
from tabletop_rules.skirmish._effects import (
    ApChange,
    Damage,
    Heal,
    Marker,
    Modify,
    Move,
    Remove,
    Role,
    Summon,
)

__all__ = [
    "ANSWERS",
    "NEXT_STEP",
    "action_check",
    "asking_frame",
    "copy_frame",
    "distance",
    "has_check",
    "move_rows",
    "open_window",
    "resolution",
    "responses",
    "rows_to",
    "skill_of",
    "targets",
]

#: The command types that answer a response window.
ANSWERS: Final = frozenset({"UseSkill", "Pass"})
#: The command type that answers a closed window before a check.
_ROLL_ANSWERS: Final = frozenset({"RollCheck"})
#: The step after each step.
NEXT_STEP: Final = {Step.PAY: Step.ROLL, Step.ROLL: Step.EFFECT, Step.EFFECT: Step.END}
#: The range of a normal attack (SK-11).
ATTACK_RANGE: Final = 1
#: The AP a preparatory action gives (SK-16).
PREPARE_AP: Final = 2


def distance(a: Unit, b: Unit) -> int:
    """The row difference between two characters (SK-04)."""
    return abs(a.row - b.row)


def skill_of(unit: Unit, index: int) -> Skill:
    """Skill number *index* of *unit*'s card; refused (``skirmish.illegal.no_skill``) if none."""
    skills = unit.card.skills
    if type(index) is not int or not 0 <= index < len(skills):
        raise IllegalCommand("skirmish.illegal.no_skill", unit=unit.id, skill=shown(index))
    return skills[index]


def targets(
    state: State,
    unit: Unit,
    skill: Skill,
    sides: tuple[Sequence[Unit], Sequence[Unit]] | None = None,
) -> tuple[str | None, ...]:
    """The targets *unit* may aim *skill* at.

    *sides*, if given, are the standing characters of *unit*'s player and of the other, in
    the order of the state's (a menu lists them once for every skill).
    """
    kind = skill.target
    if kind is Target.NONE:
        return (None,)
    if kind is Target.SELF:
        return (unit.id,)
    ally = kind is Target.ALLY
    if sides is None:
        candidates: Sequence[Unit] = state.standing(unit.owner if ally else other(unit.owner))
    else:
        candidates = sides[0] if ally else sides[1]
    reach = skill.range
    if reach is None:
        return tuple([u.id for u in candidates])
    row = unit.row
    return tuple([u.id for u in candidates if abs(u.row - row) <= reach])


def move_rows(state: State, unit: Unit) -> tuple[int, ...]:
    """The rows a preparatory action may move *unit* to (SK-17)."""
    return rows_to(unit.owner, unit.row, state.rulings.enter_enemy_rows)


@functools.lru_cache(maxsize=64)  # two players, four rows, two readings
def rows_to(owner: str, row: int, enter: bool) -> tuple[int, ...]:
    """The rows *owner*'s character in *row* may move to, *enter* the opponent's rows or not."""
    own = home_rows(owner)
    return tuple([r for r in (row - 1, row + 1) if r in FIELD_ROWS and (enter or r in own)])


def responses(state: State, player: str, step: Step) -> Iterator[tuple[Unit, int, Skill]]:
    """*player*'s characters' responses usable in the window before *step*, as paid now."""
    for unit in state.units:
        if unit.owner != player or unit.status is not Status.STANDING:
            continue
        # A skill names a step exactly when it is a response (Skill checks it).
        for index, skill in enumerate(unit.card.skills):
            if skill.step is step and skill.cost <= unit.ap:
                yield unit, index, skill


def _has_target(state: State, unit: Unit, skill: Skill) -> bool:
    """Whether the standing *unit* may aim *skill* at anyone (:func:`targets` is not empty)."""
    kind = skill.target
    reach = skill.range
    if kind is Target.NONE or kind is Target.SELF:
        return True
    if kind is Target.ALLY and (reach is None or reach >= 0):
        return True  # itself
    side = unit.owner if kind is Target.ALLY else other(unit.owner)
    row = unit.row
    for u in state.units:
        if (
            u.owner == side
            and u.status is Status.STANDING
            and (reach is None or abs(u.row - row) <= reach)
        ):
            return True
    return False


def _who_can_respond(state: State, step: Step) -> set[str]:
    """The players with a response they can use now in the window before *step*."""
    found: set[str] = set()
    for unit in state.units:
        if unit.status is not Status.STANDING or unit.owner in found:
            continue
        for skill in unit.card.skills:
            if skill.step is step and skill.cost <= unit.ap and _has_target(state, unit, skill):
                found.add(unit.owner)
                break
    return found


def has_check(state: State, action: Action) -> bool:
    """Whether *action* makes a check (a normal attack, a skill with a check; SK-22)."""
    if action.kind is ActionKind.ATTACK:
        return True
    if action.kind is ActionKind.PREPARE or action.skill is None:
        return False
    actor = state.find(action.unit)
    return actor is not None and skill_of(actor, action.skill).check


def _needs_roll(state: State, action: Action) -> bool:
    if action.success is not None or action.result is not None:
        return False
    if not has_check(state, action):
        return False
    actor, target = state.find(action.unit), state.find(action.target)
    return (
        actor is not None
        and target is not None
        and actor.status is Status.STANDING
        and target.status is Status.STANDING
    )


#: Frames are copied from these, with the kit's copier: a window opens or closes on nearly
#: every step of every action.
copy_frame: Final = cast("Callable[..., Frame]", copier(PromptFrame))
_ASKS_NO_ONE: Final[PromptFrame[Any]] = PromptFrame(responder=None, pending=None)
_ASKS_TO_ANSWER: Final[PromptFrame[Any]] = PromptFrame(responder="", answers=ANSWERS, pending=None)
_ASKS_TO_ROLL: Final[PromptFrame[Any]] = PromptFrame(
    responder="", answers=_ROLL_ANSWERS, pending=None
)


def _roller(state: State, action: Action) -> str | None:
    """Who is asked to roll *action*'s check when its window closes: its player, or no one."""
    if action.step is Step.ROLL and _needs_roll(state, action):
        return state.unit(action.unit).owner
    return None


def _closed(window: ResponseWindow[Action], roller: str | None) -> Frame:
    """The frame of *window*, which all have passed: it asks *roller* to roll, or no one."""
    if roller is None:
        return copy_frame(_ASKS_NO_ONE, pending=window)
    return copy_frame(_ASKS_TO_ROLL, responder=roller, pending=window)


def closed_frame(state: State, window: ResponseWindow[Action]) -> Frame:
    """The frame of a window all have passed: the roller is asked to roll, or no one."""
    return _closed(window, _roller(state, window.pending))


#: The window all have passed, before a step of an action of each player's. The windows of
#: :func:`_frame` are copied from it without the window's checks (their values are valid):
#: with the action, and the responders when someone is asked.
_PASSED: Final = MappingProxyType(
    {p: ResponseWindow(responders=(other(p), p), pending=None, passes=2) for p in PLAYERS}
)


def _frame(state: State, action: Action, *, asking: bool) -> Frame | None:
    """The frame before *action*'s next step; ``None`` if it asks no one and *asking* is set.

    The opponent of the acting character's player is asked first, then that player; only
    those who have a response they can use now (SK-32). With no one to ask, the window is
    closed at once, and the frame asks the roller to roll a check, or no one.
    """
    step = action.step
    answered = False
    for some in state.answered_steps:  # by identity: an enum's hash is a Python call
        if some is step:
            answered = True
            break
    if answered:
        found = _who_can_respond(state, step)
        if found:
            owner = state.unit(action.unit).owner
            asked = tuple([p for p in (other(owner), owner) if p in found])
            window = copy_window(_PASSED[owner], responders=asked, pending=action, passes=0)
            return copy_frame(_ASKS_TO_ANSWER, responder=asked[0], pending=window)
    roller = _roller(state, action)
    if roller is None and asking:
        return None  # the window is closed, and no check is rolled: no frame
    owner = state.unit(action.unit).owner if roller is None else roller
    return _closed(copy_window(_PASSED[owner], pending=action), roller)


def asking_frame(state: State, action: Action) -> Frame | None:
    """The frame before *action*'s next step if it asks someone (a window or a roll), or ``None``.

    Exactly the :func:`open_window` frames whose responder is not ``None``.
    """
    return _frame(state, action, asking=True)


def open_window(state: State, action: Action) -> Frame:
    """The frame of the window before *action*'s next step (SK-32).

    The opponent of the acting character's player is asked first, then that player; only
    those who have a response they can use now are asked, and with no one to ask the window
    is closed at once.
    """
    frame = _frame(state, action, asking=False)
    assert frame is not None
    return frame


def _penalty(state: State, actor: Unit, target: Unit) -> int:
    rows = distance(actor, target)
    return max(0, rows - 1) if state.rulings.rows_between else rows


def action_check(state: State, action: Action) -> Check:
    """The check of *action* against its target as things stand (SK-06, SK-23, SK-24)."""
    actor, target = state.unit(action.unit), state.unit(action.target or "")
    mine = [Term("skirmish.term.skl", actor.card.skl)]
    theirs = [Term("skirmish.term.def", target.card.defense)]
    mine.extend(Term(m.name, m.effect.skl) for m in actor.markers if m.effect.skl)
    theirs.extend(Term(m.name, m.effect.defense) for m in target.markers if m.effect.defense)
    penalty = _penalty(state, actor, target)
    if penalty:
        mine.append(Term("skirmish.term.distance", -penalty))
    for role, term in action.modifiers:
        (mine if role is Role.ACTOR else theirs).append(term)
    return Check(actor=mine, defender=theirs, rulings=state.rulings)


# --------------------------------------------------------------------------- effects


class _Changes:
    """The characters an effect step changes, and those it brings in."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.changed: dict[str, Unit] = {}
        self.order: list[str] = []

    def get(self, unit_id: str | None) -> Unit | None:
        if unit_id is None:
            return None
        found = self.changed.get(unit_id)
        return found if found is not None else self.state.find(unit_id)

    def put(self, unit: Unit) -> None:
        if unit.id not in self.changed:
            self.order.append(unit.id)
        self.changed[unit.id] = unit

    def new_id(self, owner: str) -> str:
        count = sum(1 for u in self.state.units if u.owner == owner)
        count += sum(1 for i in self.order if self.state.find(i) is None and i[0] == owner)
        return f"{owner}{count + 1}"

    def units(self) -> tuple[Unit, ...]:
        return tuple(self.changed[i] for i in self.order)


def _damaged(unit: Unit, amount: int) -> Unit:
    hp = max(0, unit.hp - amount)
    if hp:
        return copy_unit(unit, hp=hp)
    status = Status.REMOVED if unit.summon else Status.DOWNED  # SK-40, SK-53
    return copy_unit(unit, hp=0, status=status)


def _moved(unit: Unit, actor: Unit, rows: int) -> Unit:
    if unit.row == actor.row:
        direction = -1 if home_rows(unit.owner)[0] == 0 else 1
    else:
        direction = 1 if unit.row > actor.row else -1
    row = min(max(unit.row + direction * rows, FIELD_ROWS[0]), FIELD_ROWS[-1])
    return copy_unit(unit, row=row)


def _marked(state: State, unit: Unit, marker: Marker) -> Unit:
    placed = PlacedMarker(
        name=marker.name, effect=marker.effect, turns=marker.duration, since_round=state.turn
    )
    same = DURATIONS.first(unit.markers, placed.kind, lambda m: m.name == marker.name)
    if same is None or marker.stacks:
        return copy_unit(unit, markers=(*unit.markers, placed))
    if not state.rulings.refresh_markers or same.turns >= marker.duration:
        return unit  # SK-43: one marker, the longer duration
    kept = DURATIONS.without(unit.markers, same)
    return copy_unit(unit, markers=(*kept, placed))


def _fresh(changes: _Changes, owner: str, card_id: str, row: int, summon: bool) -> Unit:
    card = changes.state.library_card(card_id)
    unit = Unit(
        id=changes.new_id(owner), owner=owner, card=card, hp=card.hp, row=row, summon=summon
    )
    changes.put(unit)
    return unit


def resolution(state: State, action: Action) -> Resolved:
    """The effect step of *action* (SK-30 step 3), computed from the state (no dice)."""
    actor = state.find(action.unit)
    if not action.success or actor is None or actor.status is not Status.STANDING:
        return Resolved(success=False)
    if action.kind is ActionKind.PREPARE:
        row = actor.row if action.row is None else action.row
        prepared = copy_unit(actor, ap=actor.ap + PREPARE_AP, row=row)  # SK-16, SK-17
        return Resolved(success=True, units=(prepared,))
    if action.kind is ActionKind.ATTACK:
        target = state.find(action.target)
        if target is None or target.status is not Status.STANDING:
            return Resolved(success=True)
        hit = _damaged(target, actor.card.atk + actor.bonus("atk"))  # SK-12
        return Resolved(success=True, units=(hit,))
    assert action.skill is not None
    changes = _Changes(state)
    modifiers: list[tuple[Role, Term]] = []
    skill = skill_of(actor, action.skill)
    for effect in skill.effects:
        if isinstance(effect, Modify):
            modifiers.append((effect.role, Term(skill.name, effect.amount)))
            continue
        if isinstance(effect, Summon):
            _fresh(changes, actor.owner, effect.card, actor.row, summon=True)
            continue
        target = changes.get(action.target)
        if target is None or target.status is not Status.STANDING:
            continue
        mover = changes.get(actor.id) or actor
        if isinstance(effect, Damage):
            changes.put(_damaged(target, effect.amount))
        elif isinstance(effect, Heal):
            changes.put(copy_unit(target, hp=min(target.card.hp, target.hp + effect.amount)))
        elif isinstance(effect, ApChange):
            changes.put(copy_unit(target, ap=max(0, target.ap + effect.amount)))
        elif isinstance(effect, Move):
            changes.put(_moved(target, mover, effect.rows))
        elif isinstance(effect, Marker):
            changes.put(_marked(state, target, effect))
        elif isinstance(effect, Remove):
            changes.put(copy_unit(target, status=Status.REMOVED))  # SK-47, SK-48
        else:  # Replace: the old card leaves as if removed; a fresh one comes in (SK-50)
            changes.put(copy_unit(target, status=Status.REMOVED))
            _fresh(changes, target.owner, effect.card, target.row, summon=target.summon)
    return Resolved(success=True, units=changes.units(), modifiers=tuple(modifiers))
