"""What the rules do on their own, who acts, and what they may send.

The automatic steps: the roll for the first player when the game begins (SK-02), each turn's
preparation (SK-07, SK-08), the steps of the response stack that no one is asked about (SK-30),
the check rolled when the window before it closes (SK-22 to SK-29), and the end of the game
(SK-35 to SK-39, SK-49). Then who may act, and the menus of ``legal_commands``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules.dice import DiceSource, Roll
from tabletop_rules.engine import GameResult, Pass, PromptFrame
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import Planned, ResponseWindow
from tabletop_rules.skirmish._cards import Step, Target, Timing
from tabletop_rules.skirmish._checks import TWO_D6, natural
from tabletop_rules.skirmish._combat._commands import (
    Attack,
    Command,
    EndTurn,
    GiveAp,
    Prepare,
    UseSkill,
)
from tabletop_rules.skirmish._combat._events import (
    Advanced,
    Declared,
    Ended,
    Event,
    FirstPlayerRolled,
    GameEnded,
    MarkerActed,
    Paid,
    Resolved,
    Rolled,
    Stepped,
    StepTaken,
    TargetLost,
    TurnStarted,
)
from tabletop_rules.skirmish._combat._reactions import (
    NOTHING_PENDING,
    answering,
    copy_frame,
    copy_stack,
    responses,
    window,
)
from tabletop_rules.skirmish._combat._refusals import done, skill_of
from tabletop_rules.skirmish._combat._resolution import ATTACK_RANGE, resolution, rows_to, targets
from tabletop_rules.skirmish._combat._terms import action_check
from tabletop_rules.skirmish._combat._values import (
    PLAYERS,
    Action,
    ActionKind,
    CombatState,
    Frame,
    Phase,
    Status,
    Unit,
    copy_action,
    copy_state,
    copy_unit,
)

__all__ = [
    "MAX_INITIATIVE_ROLLS",
    "actors",
    "commands_of",
    "declared",
    "first_player",
    "fold_advanced",
    "fold_first",
    "fold_game_ended",
    "fold_turn_started",
    "marker_changes",
    "owed",
]

# Enum members read in the hot paths, once: an enum class's attribute is a slow lookup.
_STANDING: Final = Status.STANDING
_DOWNED: Final = Status.DOWNED
_ATTACK: Final = ActionKind.ATTACK
_SKILL: Final = ActionKind.SKILL
_INITIATIVE: Final = Phase.INITIATIVE
_PREPARATION: Final = Phase.PREPARATION
_ACTION: Final = Phase.ACTION
_OVER: Final = Phase.OVER
_MAIN: Final = Timing.MAIN
_NO_TARGET: Final = Target.NONE
_SELF: Final = Target.SELF
_ALLY: Final = Target.ALLY

#: No upper limit to AP (SK-07: AP accumulates).
_NO_LIMIT: Final = 1 << 62

#: The most pairs of rolls for the first turn before the dice are taken to be broken.
MAX_INITIATIVE_ROLLS: Final = 100


# --------------------------------------------------------------------------- the first player


def first_player(dice: DiceSource) -> FirstPlayerRolled:
    """Both roll 2D6, ``a`` first; a tie rolls again; the higher starts (SK-02).

    Raises:
        IllegalCommand: The dice tied :data:`MAX_INITIATIVE_ROLLS` times in a row
            (``skirmish.illegal.endless_ties``): they are not dice.
    """
    rolls: list[Roll] = []
    for _ in range(MAX_INITIATIVE_ROLLS):
        a, b = dice.roll(TWO_D6), dice.roll(TWO_D6)
        rolls += (a, b)
        if a.total != b.total:
            first = PLAYERS[0] if a.total > b.total else PLAYERS[1]
            return FirstPlayerRolled(tuple(rolls), first)
    raise IllegalCommand("skirmish.illegal.endless_ties")


def fold_first(state: CombatState, event: FirstPlayerRolled) -> CombatState:
    """The first player's first turn begins."""
    if state.phase is not _INITIATIVE:
        raise IllegalCommand("unexpected_event", event="FirstPlayerRolled")
    return copy_state(state, active=event.first, turn=1, phase=_PREPARATION)


# --------------------------------------------------------------------------- a turn's start


def fold_turn_started(state: CombatState, event: TurnStarted) -> CombatState:
    """Each standing character of the turn player gains 1 AP; the turn's limits reset.

    A character whose markers change its AP at the turn's start has the AP the event records.
    """
    player = event.player
    standing = _STANDING
    marked = {m.unit: m.after for m in event.marked} if event.marked else None
    units = [
        copy_unit(
            u,
            ap=u.ap + 1 if marked is None else marked.get(u.id, u.ap + 1),
            attacked=False,
            prepared=False,
        )
        if u.owner == player and u.status is standing
        else u
        for u in state.units
    ]
    return copy_state(state, units=tuple(units), spare_ap=event.spare_ap, phase=_ACTION)


def marker_changes(unit: Unit, what: str, before: int, low: int, high: int) -> MarkerActed | None:
    """What *unit*'s markers do to its *what* (``turn_end_hp``, ``turn_start_ap``), if anything.

    *before* is the number they change, kept within *low* and *high*; the change recorded is
    the one made (healing at full hp makes none).
    """
    names: list[str] = []
    change = 0
    for marker in unit.markers:
        amount = getattr(marker.effect, what)
        if amount:
            names.append(marker.name)
            change += amount
    if not names:
        return None
    after = min(max(before + change, low), high)
    return MarkerActed(unit=unit.id, markers=tuple(names), change=after - before, after=after)


def _turn_start(state: CombatState) -> TurnStarted:
    """The preparation of the turn player: the spare AP of its downed characters (SK-08).

    Its standing characters' ``turn_start_ap`` markers change their AP besides (SK-41).
    """
    active = state.active
    downed = 0
    can_take = False
    marked: list[MarkerActed] = []
    for u in state.units:
        if u.owner == active:
            if u.status is _DOWNED:
                downed += 1
            elif u.status is _STANDING:
                can_take = True
                if u.markers:
                    acted = marker_changes(u, "turn_start_ap", u.ap + 1, 0, _NO_LIMIT)
                    if acted is not None:
                        marked.append(acted)
    return TurnStarted(
        player=active, turn=state.turn, spare_ap=downed if can_take else 0, marked=tuple(marked)
    )


# --------------------------------------------------------------------------- the stack's steps

_PAY, _ROLL, _EFFECT, _END = Step.PAY, Step.ROLL, Step.EFFECT, Step.END

#: The step after each step.
NEXT_STEP: Final[Mapping[Step, Step]] = MappingProxyType(
    {_PAY: _ROLL, _ROLL: _EFFECT, _EFFECT: _END}
)
# Steps are values that recur, game after game: each is built once (bounded caches).
_paid: Final = functools.lru_cache(maxsize=4096)(Paid)
_ended: Final = functools.lru_cache(maxsize=1024)(Ended)

#: The roll step of an action without a roll, by whether the action takes effect (built once).
_NO_ROLL: Final = MappingProxyType({True: Stepped(_ROLL, True), False: Stepped(_ROLL, False)})


class _Top:
    """The action on top of the stack while the rules take its steps, and its outcome so far.

    The rules take several steps of an action in one go; the :class:`Action` value is built
    again only when a frame must hold it.
    """

    __slots__ = ("action", "result", "step", "success")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.step = action.step
        self.success = action.success
        self.result = action.result

    def value(self) -> Action:
        """The action as it is now."""
        action = self.action
        if (
            self.step is action.step
            and self.success is action.success
            and self.result is action.result
        ):
            return action
        return copy_action(action, step=self.step, success=self.success, result=self.result)


#: What stands for the top action's frame while the rules take its steps (it is rebuilt before
#: anything reads it).
_PLACEHOLDER: Final[Frame] = PromptFrame(
    responder=None,
    pending=ResponseWindow(responders=PLAYERS, pending=Action(kind=_ATTACK, unit="", target="")),
)


class _Work:
    """The rules' work while they take the steps of the stack in one pass.

    :attr:`units` are the characters as the steps so far left them and :attr:`frames` the
    stack's frames (the top one stale while its action is taken); :attr:`state` holds every
    other field of the game (its characters and stack stale): the state after the steps is
    built once, at the end (:meth:`built`).
    """

    __slots__ = ("frames", "state", "units")

    def __init__(self, state: CombatState, frames: list[Frame], units: tuple[Unit, ...]) -> None:
        self.state = state
        self.frames = frames
        self.units = units

    def built(self, frames: tuple[Frame, ...]) -> CombatState:
        """The state after the steps: the characters as they are, the stack of *frames*."""
        stack = copy_stack(NOTHING_PENDING, frames=frames) if frames else NOTHING_PENDING
        return copy_state(self.state, units=self.units, stack=stack)


def _unit(units: tuple[Unit, ...], unit_id: str) -> Unit:
    for unit in units:
        if unit.id == unit_id:
            return unit
    raise IllegalCommand("unknown_actor", actor=unit_id)


def _makes_check(actor: Unit, action: Action) -> bool:
    """Whether *action* of *actor* makes a check (a normal attack, a skill with a check; SK-22)."""
    kind = action.kind
    if kind is _ATTACK:
        return True
    return kind is _SKILL and skill_of(actor, action.skill or 0).check


def _aimed(units: tuple[Unit, ...], action: Action, actor: Unit) -> bool:
    """Whether *action*'s target can still be chosen at step 1: standing, and in range (SK-30)."""
    target_id = action.target
    target = None
    for unit in units:
        if unit.id == target_id:
            target = unit
            break
    if target is None or target.status is not _STANDING:
        return False
    if action.kind is _ATTACK:
        return target.owner != actor.owner and abs(target.row - actor.row) <= ATTACK_RANGE
    if action.skill is None:
        return False
    return target_id in targets(units, actor, skill_of(actor, action.skill))


def _pay(work: _Work, top: _Top, dice: DiceSource) -> StepTaken:
    """Step 1: choose the target and pay the AP (SK-20, SK-30)."""
    action = top.action
    unit = _unit(work.units, action.unit)
    if unit.status is not _STANDING:
        return _paid(unit.id, unit.ap, False)
    if action.target is not None and not _aimed(work.units, action, unit):
        return TargetLost(unit.id, action.target)
    cost = 0  # a normal attack and a preparatory action cost nothing
    if action.kind is _SKILL and action.skill is not None:
        cost = skill_of(unit, action.skill).cost
    if unit.ap < cost:
        return _paid(unit.id, unit.ap, False)
    return _paid(unit.id, unit.ap - cost, True, cost)


def _roll(work: _Work, top: _Top, dice: DiceSource) -> StepTaken:
    """Step 2: the check, if the action makes one and both sides still stand (SK-22...SK-29).

    The rules roll it when the window before it has closed: nobody sends a command to roll.
    """
    if top.success is not None:  # it came to nothing at step 1
        return _NO_ROLL[top.success]
    action = top.action
    units = work.units
    actor = _unit(units, action.unit)
    target = None
    if action.target is not None:
        for unit in units:
            if unit.id == action.target:
                target = unit
                break
        if target is None or target.status is not _STANDING:
            return _NO_ROLL[False]
    if actor.status is not _STANDING:
        return _NO_ROLL[False]
    if target is None or not _makes_check(actor, action):
        return _NO_ROLL[True]
    result = action_check(work.state, action, actor, target).resolve(dice)
    decided = natural(result.rolls[0])
    change = 0 if decided is None else (1 if decided.success else -1)  # SK-27, SK-29
    return Rolled(result, max(0, actor.ap + change))


def _plan(work: _Work, top: _Top, dice: DiceSource) -> StepTaken:
    """What the rules do at the top action's next step (SK-30).

    Told by identity, not by a table keyed by the step: an enum's hash is a Python call,
    and this is asked at every step of every action.
    """
    step = top.step
    if step is _PAY:
        return _pay(work, top, dice)
    if step is _ROLL:
        return _roll(work, top, dice)
    if step is _EFFECT:  # step 3: the effect, or none
        return resolution(work.state, work.units, top.action, top.success)
    return _ended(top.action.unit)  # step 4


def _with_ap(units: tuple[Unit, ...], unit_id: str, ap: int) -> tuple[Unit, ...]:
    """*units* with *unit_id*'s AP set to *ap* (the same tuple if it has that many)."""
    for index, unit in enumerate(units):
        if unit.id == unit_id:
            if unit.ap == ap:
                return units
            return (*units[:index], copy_unit(unit, ap=ap), *units[index + 1 :])
    raise IllegalCommand("unknown_actor", actor=unit_id)


def _take_paid(work: _Work, top: _Top, taken: Paid) -> _Top | None:
    top.step = _ROLL
    top.success = None if taken.paid else False  # an action that could not pay comes to nothing
    work.units = _with_ap(work.units, taken.unit, taken.ap)
    return top


def _take_lost(work: _Work, top: _Top, taken: TargetLost) -> _Top | None:
    top.step = _ROLL
    top.success = False
    return top


def _take_stepped(work: _Work, top: _Top, taken: Stepped) -> _Top | None:
    top.step = NEXT_STEP[taken.step]
    top.success = taken.success
    return top


def _take_rolled(work: _Work, top: _Top, taken: Rolled) -> _Top | None:
    top.step = _EFFECT
    top.result = taken.result
    top.success = taken.result.success
    work.units = _with_ap(work.units, top.action.unit, taken.ap)
    return top


def _modify_below(work: _Work, taken: Resolved) -> None:
    """Give *taken*'s modifiers to the nearest check below the top not rolled yet."""
    frames = work.frames
    for index in range(len(frames) - 2, -1, -1):
        frame = frames[index]
        below = frame.pending.pending
        if (
            below.result is None
            and below.success is None
            and _makes_check(_unit(work.units, below.unit), below)
        ):
            changed = copy_action(below, modifiers=(*below.modifiers, *taken.modifiers))
            frames[index] = copy_frame(frame, pending=frame.pending.holding(changed))
            return


def _with_units(units: tuple[Unit, ...], changed: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """*units* with each of *changed* in place of the one of its id, the new ones at the end."""
    if len(changed) == 1:
        (one,) = changed
        wanted = one.id
        for index, unit in enumerate(units):
            if unit.id == wanted:
                return (*units[:index], one, *units[index + 1 :])
        return (*units, one)  # it comes in
    by_id = {u.id: u for u in changed}
    kept = [by_id.pop(u.id, u) for u in units]
    return (*kept, *by_id.values())


def _take_resolved(work: _Work, top: _Top, taken: Resolved) -> _Top | None:
    # The effect: the characters it changed; its modifiers go to the check it answers.
    top.step = _END
    if taken.units:
        work.units = _with_units(work.units, taken.units)
    if taken.modifiers:
        _modify_below(work, taken)
    return top


def _take_ended(work: _Work, top: _Top, taken: Ended) -> _Top | None:
    # The action leaves the stack; the one below asks its responders again (SK-31).
    frames = work.frames
    frames.pop()
    return _Top(frames[-1].pending.pending) if frames else None


_Take = Callable[[_Work, _Top, Any], "_Top | None"]

#: How each step changes the characters and the top action: shared by the rules, which take
#: the steps while they plan them, and the fold of :class:`Advanced`. The stack loses its top
#: frame when the action ends, and the frames below it get the modifiers of an effect.
_TAKE: Final[Mapping[type[Any], _Take]] = MappingProxyType(
    {
        Paid: _take_paid,
        TargetLost: _take_lost,
        Stepped: _take_stepped,
        Rolled: _take_rolled,
        Resolved: _take_resolved,
        Ended: _take_ended,
    }
)

#: The step each kind of step is taken at (a :class:`Stepped` names its own).
_STEP_OF: Final[Mapping[type[Any], Step]] = MappingProxyType(
    {Paid: _PAY, TargetLost: _PAY, Rolled: _ROLL, Resolved: _EFFECT, Ended: _END}
)


def _restacked(work: _Work, top: _Top | None) -> CombatState:
    """The state after the steps, whose top action opens its next window."""
    if top is None:
        return work.built(())
    frames = work.frames
    units = work.units
    found = answering(work.state, tuple(frames[:-1]), top.action, top.step, units)
    frames[-1] = window(units, top.value(), found)
    return work.built(tuple(frames))


def _ends(work: _Work, effect: Resolved) -> bool:
    """Whether *effect*, just taken, ends the game (which the state before it had not)."""
    # Only a character that leaves can end it: one that comes in is standing.
    for unit in effect.units:
        if unit.status is not _STANDING:
            return _end_of(work.state, work.units) is not None
    return False


def _steps(
    work: _Work, top: _Top, dice: DiceSource, steps: list[StepTaken]
) -> tuple[CombatState, bool]:
    """Take *top*'s steps, and those of the actions below it, as far as no one is asked.

    The steps go on, the check rolled with *dice* when its window has closed, until a window
    asks someone, the stack is empty, or an effect leaves a player no standing character
    (the game ends next); each is added to *steps*.
    Returns the state after them, and whether it owes nothing more: the game was not over
    (:func:`owed` has checked it, or a command was allowed), every effect is checked for the
    game's end, and the other steps change no one's status.
    """
    take = _TAKE
    answered = work.state.answered_steps
    while True:
        taken = _plan(work, top, dice)
        steps.append(taken)
        after = take[type(taken)](work, top, taken)
        if after is None:
            return work.built(()), True
        top = after
        if type(taken) is Resolved and _ends(work, taken):
            return _restacked(work, top), False  # the game's end is owed next
        step = top.step
        for some in answered:  # by identity: an enum's hash is a Python call
            if some is step:
                units = work.units
                found = answering(work.state, tuple(work.frames[:-1]), top.action, step, units)
                if found:
                    frames = work.frames
                    frames[-1] = window(units, top.value(), found)
                    return work.built(tuple(frames)), True
                break


def _advance(state: CombatState, dice: DiceSource) -> tuple[Advanced, CombatState, bool]:
    """The steps no one is asked about from *state*'s top frame, and the state after them.

    The third value says whether that state owes nothing more (see :func:`_steps`).
    """
    frames = list(state.stack.frames)
    steps: list[StepTaken] = []
    work = _Work(state, frames, state.units)
    after, settled = _steps(work, _Top(frames[-1].pending.pending), dice, steps)
    return Advanced(tuple(steps)), after, settled


def declared(
    state: CombatState, actor: str, action: Action, units: tuple[Unit, ...], dice: DiceSource
) -> Planned[CombatState, Event]:
    """*action*, declared by *actor*, and the steps the rules take on their own right after.

    What a command rule gives: the :class:`Declared` event, then the :class:`Advanced` steps
    of the stack as far as no one is asked (a check rolled with *dice* when its window has
    closed), with the state after them, built in one pass (what folding the events gives).
    *units* are the characters once the action is declared (its once-a-turn mark made).
    """
    event = Declared(actor, action)
    frames = list(state.stack.frames)
    frames.append(_PLACEHOLDER)  # the action's own frame, made only if a window must hold it
    # The once-a-turn marks do not change who may respond: the window reads the state before.
    found = answering(state, state.stack.frames, action, action.step)
    if found:
        frames[-1] = window(state.units, action, found)
        after = copy_state(
            state, units=units, stack=copy_stack(NOTHING_PENDING, frames=tuple(frames))
        )
        return Planned((event,), after, True)
    steps: list[StepTaken] = []
    after, settled = _steps(_Work(state, frames, units), _Top(action), dice, steps)
    return Planned((event, Advanced(tuple(steps))), after, settled)


def fold_advanced(state: CombatState, event: Advanced) -> CombatState:
    """The steps taken: the AP paid, the checks, the effects, the actions ended; the next window.

    Raises:
        IllegalCommand: The steps do not fit the stack (``unexpected_event``).
    """
    frames = list(state.stack.frames)
    if not frames or not event.steps:
        raise IllegalCommand("unexpected_event", event="Advanced")
    work = _Work(state, frames, state.units)
    top: _Top | None = _Top(frames[-1].pending.pending)
    for taken in event.steps:
        kind = type(taken)
        take = _TAKE.get(kind)
        if top is None or take is None:
            raise IllegalCommand("unexpected_event", event="Advanced")
        step = taken.step if kind is Stepped else _STEP_OF[kind]  # type: ignore[union-attr]
        if step is not top.step:
            raise IllegalCommand("unexpected_event", event="Advanced")
        top = take(work, top, taken)
    return _restacked(work, top)


# --------------------------------------------------------------------------- the end


def _end_of(state: CombatState, units: tuple[Unit, ...] | None = None) -> GameEnded | None:
    """The game's end, if *state* (with the characters *units*, if given) has reached it."""
    a, b = PLAYERS
    up_a = up_b = False
    if units is None:
        units = state.units
    for unit in units:
        if unit.status is _STANDING:
            if unit.owner == a:
                up_a = True
            else:
                up_b = True
            if up_a and up_b:
                break
    if not up_a or not up_b:
        if not up_a and not up_b:
            return GameEnded((), "skirmish.result.nobody_left")  # SK-49
        return GameEnded((b if up_b else a,), "skirmish.result.all_down")  # SK-35
    if state.phase is _PREPARATION and state.turn > state.rulings.last_turn:
        standing = {
            p: [u for u in units if u.owner == p and u.status is _STANDING] for p in PLAYERS
        }
        count = {p: len(standing[p]) for p in PLAYERS}  # SK-37
        hp = {p: sum(u.hp for u in standing[p]) for p in PLAYERS}  # SK-38
        for key in (count, hp):
            if key[a] != key[b]:
                return GameEnded((a if key[a] > key[b] else b,), "skirmish.result.last_turn")
        return GameEnded((), "skirmish.result.last_turn")  # SK-39
    return None


def fold_game_ended(state: CombatState, event: GameEnded) -> CombatState:
    """The result; whatever was resolving is gone."""
    result = GameResult(winners=event.winners, reason=event.reason)
    return copy_state(state, result=result, phase=_OVER, stack=NOTHING_PENDING)


# --------------------------------------------------------------------------- what is owed


def owed(state: CombatState, dice: DiceSource) -> tuple[Event, CombatState | None, bool] | None:
    """The automatic event *state* owes, with the state after it when the rules built it.

    The third value says whether that state is known to owe nothing more. Only the roll for
    the first player and a check whose window has closed roll *dice*.
    """
    if state.result is not None:
        return None
    if state.phase is _INITIATIVE:
        return first_player(dice), None, False
    ended = _end_of(state)
    if ended is not None:
        return ended, None, False
    if state.phase is _PREPARATION:
        turn = _turn_start(state)
        # The turn's AP change no one's status: with no action resolving, it owes nothing more.
        after = fold_turn_started(state, turn)
        return turn, after, not after.stack.frames
    frames = state.stack.frames
    if frames and frames[-1].responder is None:
        return _advance(state, dice)
    return None


# --------------------------------------------------------------------------- who acts, menus


def actors(state: CombatState) -> tuple[str, ...]:
    """The one asked on the stack, or the turn player; no one once the game is over."""
    if state.result is not None or state.phase is _INITIATIVE:
        return ()
    frames = state.stack.frames
    if frames:
        responder = frames[-1].responder
        return () if responder is None else (responder,)
    return (state.active,)


# Commands are immutable values that bots are offered again and again: each is built once
# (bounded caches; an equal command is the same command).
_attack: Final = functools.lru_cache(maxsize=4096)(Attack)
_prepare: Final = functools.lru_cache(maxsize=4096)(Prepare)
_use_skill: Final = functools.lru_cache(maxsize=4096)(UseSkill)
_give_ap: Final = functools.lru_cache(maxsize=1024)(GiveAp)
_end_turn: Final = functools.lru_cache(maxsize=64)(EndTurn)
_pass: Final = functools.lru_cache(maxsize=64)(Pass)


@functools.lru_cache(maxsize=1024)
def _prepares(actor: str, unit: str, row: int, enter: bool) -> tuple[Prepare, ...]:
    """The preparatory actions of *actor*'s *unit* in *row*: staying, then each move (SK-17)."""
    moves = rows_to(actor, row, enter)
    return (_prepare(actor, unit), *(_prepare(actor, unit, to) for to in moves))


def _main_commands(state: CombatState, actor: str) -> list[Command]:
    # The standing characters of both sides, listed once (as CombatState.standing lists them).
    mine: list[Unit] = []
    enemies: list[Unit] = []
    standing = _STANDING
    units = state.units
    for unit in units:
        if unit.status is standing:
            (mine if unit.owner == actor else enemies).append(unit)
    spare = state.spare_ap > 0
    rulings = state.rulings
    per_player = rulings.limits_per_player
    enter = rulings.enter_enemy_rows
    main = _MAIN
    no_target, itself, ally = _NO_TARGET, _SELF, _ALLY
    out: list[Command] = []
    add = out.append
    for unit in mine:
        unit_id = unit.id
        if spare:
            add(_give_ap(actor, unit_id))
        if unit.markers and not unit.can_act:  # a marker keeps it from acting (SK-41)
            continue
        if per_player:
            attacked, prepared = done(state, unit, "attacked"), done(state, unit, "prepared")
        else:
            attacked, prepared = unit.attacked, unit.prepared
        if not attacked and not prepared:
            row = unit.row
            near, far = row - ATTACK_RANGE, row + ATTACK_RANGE
            for enemy in enemies:
                if near <= enemy.row <= far:
                    add(_attack(actor, unit_id, enemy.id))
            if unit.markers and not unit.can_move:  # it prepares, staying in its row
                add(_prepare(actor, unit_id))
            else:
                out.extend(_prepares(actor, unit_id, row, enter))
        ap = unit.ap
        index = -1
        for skill in unit.card.skills:
            index += 1
            if skill.timing is not main or skill.cost > ap or (skill.attack and prepared):
                continue
            # The targets of the skill (targets(), written out: the menus are built at every
            # command of every game).
            kind = skill.target
            if kind is no_target:
                add(_use_skill(actor, unit_id, index, None))
            elif kind is itself:
                add(_use_skill(actor, unit_id, index, unit_id))
            else:
                reach = skill.range
                row = unit.row
                for other in mine if kind is ally else enemies:
                    if reach is None or -reach <= other.row - row <= reach:
                        add(_use_skill(actor, unit_id, index, other.id))
    add(_end_turn(actor))
    return out


def _response_commands(state: CombatState, actor: str) -> list[Command]:
    out: list[Command] = [_pass(actor)]
    step = state.stack.frames[-1].pending.pending.step
    units = state.units
    for unit, index, skill in responses(state, actor, step):
        for target in targets(units, unit, skill):
            out.append(_use_skill(actor, unit.id, index, target))
    return out


def commands_of(state: CombatState, actor: str) -> list[Command]:
    """Everything *actor*, one of :func:`actors`, may send now."""
    if state.stack.frames:
        return _response_commands(state, actor)
    return _main_commands(state, actor)
