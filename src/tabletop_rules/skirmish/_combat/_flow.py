"""The skirmish game as a kit ruleset: command rules, folds, automatic events, who acts."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

import attrs

from tabletop_rules._arguments import shown
from tabletop_rules.dice import DiceSource
from tabletop_rules.dice import Roll as DiceRoll
from tabletop_rules.engine import GameResult, Pass, PromptStack
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.kit import Cause, ResponseWindow, Rules, copier
from tabletop_rules.kit._windows import copy_window
from tabletop_rules.skirmish._cards import Card, Step, Target, Timing
from tabletop_rules.skirmish._checks import TWO_D6, natural
from tabletop_rules.skirmish._combat._events import (
    Advanced,
    ApGiven,
    Attack,
    Command,
    Declared,
    Ended,
    EndTurn,
    Event,
    FirstPlayerRolled,
    GameEnded,
    GiveAp,
    Paid,
    Passed,
    Prepare,
    Resolved,
    RollCheck,
    Rolled,
    RollForFirst,
    Stepped,
    StepTaken,
    TurnEnded,
    TurnStarted,
    UseSkill,
)
from tabletop_rules.skirmish._combat._rules import (
    ANSWERS,
    ATTACK_RANGE,
    NEXT_STEP,
    action_check,
    asking_frame,
    closed_frame,
    copy_frame,
    distance,
    has_check,
    move_rows,
    open_window,
    resolution,
    responses,
    rows_to,
    skill_of,
    targets,
)
from tabletop_rules.skirmish._combat._values import (
    DURATIONS,
    PLAYERS,
    Action,
    ActionKind,
    Frame,
    Phase,
    Setup,
    State,
    Status,
    Unit,
    check_loaded,
    copy_action,
    copy_state,
    copy_unit,
    other,
)
from tabletop_rules.skirmish._effects import Replace, Summon

if TYPE_CHECKING:
    import cattrs

__all__ = ["RULESET", "SkirmishRuleset"]

#: The most rolls for the first turn before the dice are taken to be broken.
MAX_INITIATIVE_ROLLS: Final = 100


# --------------------------------------------------------------------------- helpers

#: The empty response stack; stacks are copied with the kit's copier (a frame changes at
#: nearly every event).
_NOTHING_PENDING: Final = PromptStack[ResponseWindow[Action]]()
_copy_stack: Final = cast("Callable[..., PromptStack[ResponseWindow[Action]]]", copier(PromptStack))


def _going_on(state: State) -> None:
    if state.result is not None:
        raise IllegalCommand("skirmish.illegal.game_over")
    if state.phase is Phase.INITIATIVE:
        raise IllegalCommand("skirmish.illegal.initiative")


def _turn_player(state: State, actor: str) -> None:
    _going_on(state)
    if actor != state.active:
        raise IllegalCommand("skirmish.illegal.not_your_turn", actor=actor)


def _own(state: State, actor: str, unit_id: str) -> Unit:
    unit = state.find(unit_id)
    if unit is None or unit.owner != actor:
        raise IllegalCommand("skirmish.illegal.not_your_character", unit=unit_id)
    if unit.status is not Status.STANDING:
        raise IllegalCommand("skirmish.illegal.not_standing", unit=unit_id)
    return unit


def _done(state: State, unit: Unit, flag: str) -> bool:
    """Whether *unit* (or, per player, any of its side) has attacked or prepared (SK-14...)."""
    if state.rulings.limits_per_player:
        return any(getattr(u, flag) for u in state.units if u.owner == unit.owner)
    return bool(getattr(unit, flag))


def _main(state: State, actor: str) -> None:
    _turn_player(state, actor)
    if not state.stack.empty:
        raise IllegalCommand("skirmish.illegal.resolving")


def _with_units(state: State, units: Sequence[Unit]) -> tuple[Unit, ...]:
    by_id = {u.id: u for u in units}
    kept = [by_id.pop(u.id, u) for u in state.units]
    return (*kept, *by_id.values())


def _set_unit(state: State, unit: Unit) -> State:
    return copy_state(state, units=_units_with(state, unit))


def _units_with(state: State, unit: Unit) -> tuple[Unit, ...]:
    """*state*'s characters with *unit* in place of the one of its id."""
    unit_id = unit.id
    return tuple([unit if u.id == unit_id else u for u in state.units])


def _replace_action_of(state: State, unit: Unit, action: Action) -> State:
    """*state* with *unit* changed, then the top action changed and its next window opened."""
    units = _units_with(state, unit)
    frame = open_window(copy_state(state, units=units), action)
    frames = (*state.stack.frames[:-1], frame)
    return copy_state(state, units=units, stack=_copy_stack(state.stack, frames=frames))


def _top(state: State) -> Action:
    return state.stack.top.pending.pending


# --------------------------------------------------------------------------- command rules


def decide_first(state: State, command: RollForFirst, dice: DiceSource) -> list[Event]:
    """Both roll 2D6; a tie rolls again; the higher starts (SK-02)."""
    if state.phase is not Phase.INITIATIVE:
        raise IllegalCommand("skirmish.illegal.first_chosen")
    if command.actor not in PLAYERS:
        raise IllegalCommand("skirmish.illegal.unknown_player", actor=command.actor)
    if command.actor != PLAYERS[0]:  # a rolls for both, as legal_commands offers it
        raise IllegalCommand("skirmish.illegal.not_your_turn", actor=command.actor)
    rolls: list[DiceRoll] = []
    for _ in range(MAX_INITIATIVE_ROLLS):
        a, b = dice.roll(TWO_D6), dice.roll(TWO_D6)
        rolls += (a, b)
        if a.total != b.total:
            first = PLAYERS[0] if a.total > b.total else PLAYERS[1]
            return [FirstPlayerRolled(command.actor, tuple(rolls), first)]
    raise IllegalCommand("skirmish.illegal.endless_ties")


def decide_attack(state: State, command: Attack, dice: DiceSource) -> list[Event]:
    """A normal attack: once a turn, not after a preparatory action, distance 1 (SK-11...)."""
    _main(state, command.actor)
    unit = _own(state, command.actor, command.unit)
    if _done(state, unit, "attacked"):
        raise IllegalCommand("skirmish.illegal.attacked", unit=unit.id)
    if _done(state, unit, "prepared"):
        raise IllegalCommand("skirmish.illegal.prepared", unit=unit.id)
    target = state.find(command.target)
    if target is None or target.owner == unit.owner or target.status is not Status.STANDING:
        raise IllegalCommand("skirmish.illegal.bad_target", target=command.target)
    if distance(unit, target) > ATTACK_RANGE:
        raise IllegalCommand("skirmish.illegal.out_of_range", target=command.target)
    action = Action(kind=ActionKind.ATTACK, unit=unit.id, target=target.id)
    return [Declared(command.actor, action)]


def decide_prepare(state: State, command: Prepare, dice: DiceSource) -> list[Event]:
    """A preparatory action: once a turn, not after a normal attack (SK-15...SK-18)."""
    _main(state, command.actor)
    unit = _own(state, command.actor, command.unit)
    if _done(state, unit, "prepared"):
        raise IllegalCommand("skirmish.illegal.prepared", unit=unit.id)
    if _done(state, unit, "attacked"):
        raise IllegalCommand("skirmish.illegal.attacked", unit=unit.id)
    if command.row is not None and command.row not in move_rows(state, unit):
        raise IllegalCommand("skirmish.illegal.bad_row", row=shown(command.row))
    action = Action(kind=ActionKind.PREPARE, unit=unit.id, row=command.row)
    return [Declared(command.actor, action)]


def decide_skill(state: State, command: UseSkill, dice: DiceSource) -> list[Event]:
    """A skill as an action (on the turn, nothing resolving) or as a response (SK-20, SK-31)."""
    _going_on(state)
    unit = _own(state, command.actor, command.unit)
    skill = skill_of(unit, command.skill)
    response = not state.stack.empty
    if response:
        # The kit's gate has checked that a window asks the actor.
        if skill.timing is not Timing.RESPONSE or skill.step is not _top(state).step:
            raise IllegalCommand("skirmish.illegal.not_a_response", skill=skill.name)
    else:
        _main(state, command.actor)
        if skill.timing is not Timing.MAIN:
            raise IllegalCommand("skirmish.illegal.response_only", skill=skill.name)
        if skill.attack and _done(state, unit, "prepared"):
            raise IllegalCommand("skirmish.illegal.prepared", unit=unit.id)
    if skill.cost > unit.ap:
        raise IllegalCommand("skirmish.illegal.no_ap", unit=unit.id, cost=skill.cost)
    if command.target not in targets(state, unit, skill):
        raise IllegalCommand("skirmish.illegal.bad_target", target=str(command.target))
    action = Action(
        kind=ActionKind.SKILL,
        unit=unit.id,
        skill=command.skill,
        target=command.target,
        response=response,
    )
    return [Declared(command.actor, action)]


def decide_give(state: State, command: GiveAp, dice: DiceSource) -> list[Event]:
    """One AP of a downed character to another character (SK-08)."""
    _main(state, command.actor)
    if state.spare_ap <= 0:
        raise IllegalCommand("skirmish.illegal.no_spare_ap")
    _own(state, command.actor, command.unit)
    return [ApGiven(command.actor, command.unit)]


def decide_roll(state: State, command: RollCheck, dice: DiceSource) -> list[Event]:
    """The top action's check (the gate has checked that its player is asked to roll)."""
    action = _top(state)
    result = action_check(state, action).resolve(dice)
    unit = state.unit(action.unit)
    decided = natural(result.rolls[0])
    change = 0 if decided is None else (1 if decided.success else -1)  # SK-27, SK-29
    return [Rolled(command.actor, result, max(0, unit.ap + change))]


def decide_pass(state: State, command: Pass, dice: DiceSource) -> list[Event]:
    """A pass in a response window (the gate has checked the actor is asked)."""
    return [Passed(command.actor)]


def decide_end(state: State, command: EndTurn, dice: DiceSource) -> list[Event]:
    """The end of the turn, whenever its player likes (SK-33)."""
    _main(state, command.actor)
    return [TurnEnded(command.actor)]


# --------------------------------------------------------------------------- folds


def fold_first(state: State, event: FirstPlayerRolled) -> State:
    """The first player's first turn begins."""
    return copy_state(state, active=event.first, turn=1, phase=Phase.PREPARATION)


def fold_turn_started(state: State, event: TurnStarted) -> State:
    """Each standing character of the turn player gains 1 AP; the turn's limits reset."""
    player = event.player
    standing = Status.STANDING
    units = [
        copy_unit(u, ap=u.ap + 1, attacked=False, prepared=False)
        if u.owner == player and u.status is standing
        else u
        for u in state.units
    ]
    return copy_state(state, units=tuple(units), spare_ap=event.spare_ap, phase=Phase.ACTION)


def fold_given(state: State, event: ApGiven) -> State:
    """The spare AP goes to the character."""
    unit = state.unit(event.unit)
    state = _set_unit(state, copy_unit(unit, ap=unit.ap + 1))
    return copy_state(state, spare_ap=state.spare_ap - 1)


def fold_declared(state: State, event: Declared) -> State:
    """The action goes on the stack; the window before paying opens."""
    action = event.action
    units = state.units
    if not action.response:
        unit = state.unit(action.unit)
        if action.kind is ActionKind.ATTACK:
            units = _units_with(state, copy_unit(unit, attacked=True))
        elif action.kind is ActionKind.PREPARE:
            units = _units_with(state, copy_unit(unit, prepared=True))
    # The once-a-turn marks do not change who may respond: the window reads the state before.
    frame = open_window(state, action)
    stack = _copy_stack(state.stack, frames=(*state.stack.frames, frame))
    return copy_state(state, units=units, stack=stack)


def fold_passed(state: State, event: Passed) -> State:
    """The next responder is asked; when all passed in a row the step goes on (SK-32)."""
    window = state.stack.top.pending.passed(event.actor)
    frame = closed_frame(state, window) if window.closed else window.frame(ANSWERS)
    frames = (*state.stack.frames[:-1], frame)
    return copy_state(state, stack=_copy_stack(state.stack, frames=frames))


def fold_rolled(state: State, event: Rolled) -> State:
    """The check's result; a natural changes the checking character's AP."""
    action = _top(state)
    unit = copy_unit(state.unit(action.unit), ap=event.ap)
    done = copy_action(action, step=Step.EFFECT, result=event.result, success=event.result.success)
    return _replace_action_of(state, unit, done)


def _modify_below(state: State, frames: list[Frame], event: Resolved) -> None:
    """Give *event*'s modifiers to the nearest check below the top not rolled yet."""
    for index in range(len(frames) - 2, -1, -1):
        frame = frames[index]
        below = frame.pending.pending
        if below.result is None and below.success is None and has_check(state, below):
            changed = copy_action(below, modifiers=(*below.modifiers, *event.modifiers))
            window = copy_window(frame.pending, pending=changed)
            frames[index] = copy_frame(frame, pending=window)
            return


def _take(
    state: State, frames: list[Frame], action: Action, taken: StepTaken
) -> tuple[State, Action | None]:
    """One step of :class:`Advanced` taken by *action*, the top of *frames*.

    Returns the state (its stack not rebuilt yet) and the top action after the step, or
    ``None`` once the stack is empty. *frames* loses its top frame when the action ends, and
    the frames below it get the modifiers of an effect; the top frame itself is stale until
    :func:`_restacked`.
    """
    kind = type(taken)
    if kind is Paid:
        assert isinstance(taken, Paid)
        unit = state.unit(taken.unit)
        if unit.ap != taken.ap:  # a normal attack and a preparatory action cost nothing
            state = _set_unit(state, copy_unit(unit, ap=taken.ap))
        success = None if taken.paid else False  # an action that could not pay comes to nothing
        return state, copy_action(action, step=Step.ROLL, success=success)
    if kind is Stepped:
        assert isinstance(taken, Stepped)
        return state, copy_action(action, step=NEXT_STEP[taken.step], success=taken.success)
    if kind is Resolved:
        # The effect: the characters it changed; its modifiers go to the check it answers.
        assert isinstance(taken, Resolved)
        if taken.units:
            state = copy_state(state, units=_with_units(state, taken.units))
        if taken.modifiers:
            _modify_below(state, frames, taken)
        return state, copy_action(action, step=Step.END)
    if kind is not Ended:  # an Advanced event built by hand with anything else
        raise IllegalCommand("unexpected_event", event=kind.__name__)
    # Ended: the action leaves the stack; the one below asks its responders again (SK-31).
    frames.pop()
    return state, frames[-1].pending.pending if frames else None


def _restacked(state: State, frames: list[Frame], action: Action | None) -> State:
    """*state* with the stack of *frames*, whose top action *action* opens its next window."""
    if action is None:
        return copy_state(state, stack=_NOTHING_PENDING)
    frames[-1] = open_window(state, action)
    return copy_state(state, stack=_copy_stack(state.stack, frames=tuple(frames)))


def _advance(state: State) -> tuple[Advanced, State, bool]:
    """The steps no one is asked about from *state*'s top frame, and the state after them.

    The steps go on until a frame asks someone (a window or a roll), the stack is empty, or an
    effect leaves a player no standing character (the game ends next).
    The third value says whether that state owes nothing more: *state* must not be over
    (:func:`owed` has checked it), every effect is checked for the game's end, and the other
    steps change no one's status.
    """
    frames = list(state.stack.frames)
    action = frames[-1].pending.pending
    steps: list[StepTaken] = []
    while True:
        taken = _step_event(state, action)
        steps.append(taken)
        state, after = _take(state, frames, action, taken)
        if after is None or (type(taken) is Resolved and _ends(state, taken)):
            # Only an empty stack owes nothing: the game's end is owed otherwise.
            return Advanced(tuple(steps)), _restacked(state, frames, after), after is None
        frame = asking_frame(state, after)
        if frame is not None:
            frames[-1] = frame
            stack = _copy_stack(state.stack, frames=tuple(frames))
            return Advanced(tuple(steps)), copy_state(state, stack=stack), True
        action = after


def fold_advanced(state: State, event: Advanced) -> State:
    """The steps taken: the AP paid, the effects, the actions ended; the next window opens."""
    frames = list(state.stack.frames)
    if not frames or not event.steps:
        raise IllegalCommand("unexpected_event", event="Advanced")
    action: Action | None = frames[-1].pending.pending
    for taken in event.steps:
        if action is None:
            raise IllegalCommand("unexpected_event", event="Advanced")
        state, action = _take(state, frames, action, taken)
    return _restacked(state, frames, action)


def fold_turn_ended(state: State, event: TurnEnded) -> State:
    """Every marker loses a turn, those at 0 go (SK-45, SK-46); the other player's turn."""
    units = tuple(
        copy_unit(
            u,
            markers=DURATIONS.tick(
                u.markers, lambda m: m.turns, lambda m, turns: attrs.evolve(m, turns=turns)
            ),
        )
        if u.markers
        else u
        for u in state.units
    )
    return copy_state(
        state,
        units=units,
        turn=state.turn + 1,
        active=other(event.actor),
        phase=Phase.PREPARATION,
        spare_ap=0,
    )


def fold_game_ended(state: State, event: GameEnded) -> State:
    """The result; whatever was resolving is gone."""
    result = GameResult(winners=event.winners, reason=event.reason)
    return copy_state(state, result=result, phase=Phase.OVER, stack=PromptStack())


# --------------------------------------------------------------------------- automatic events


def _end_of(state: State) -> GameEnded | None:
    a, b = PLAYERS
    up_a = up_b = False
    for unit in state.units:
        if unit.status is Status.STANDING:
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
    if state.phase is Phase.PREPARATION and state.turn > state.rulings.last_turn:
        standing = {p: state.standing(p) for p in PLAYERS}
        count = {p: len(standing[p]) for p in PLAYERS}  # SK-37
        hp = {p: sum(u.hp for u in standing[p]) for p in PLAYERS}  # SK-38
        for key in (count, hp):
            if key[a] != key[b]:
                return GameEnded((a if key[a] > key[b] else b,), "skirmish.result.last_turn")
        return GameEnded((), "skirmish.result.last_turn")  # SK-39
    return None


def _ends(state: State, effect: Resolved) -> bool:
    """Whether *effect*, just taken, ends the game (which the state before it had not)."""
    # Only a character that leaves can end it: one that comes in is standing.
    standing = Status.STANDING
    return any(u.status is not standing for u in effect.units) and _end_of(state) is not None


def _step_event(state: State, action: Action) -> StepTaken:
    step = action.step
    if step is Step.END:
        return Ended(action.unit)
    if step is Step.EFFECT:
        return resolution(state, action)
    unit = state.unit(action.unit)
    if step is Step.PAY:
        cost = 0
        if action.kind is ActionKind.SKILL and action.skill is not None:
            cost = skill_of(unit, action.skill).cost
        paid = unit.status is Status.STANDING and unit.ap >= cost
        return Paid(unit.id, unit.ap - cost if paid else unit.ap, paid)
    # Step.ROLL, with no roll: a preparatory action or a skill without a check, or a check
    # whose actor or target has left (it fails).
    success = action.success
    if success is None:
        target = state.find(action.target)
        aimed = action.target is not None
        success = unit.status is Status.STANDING and (
            not aimed or (target is not None and target.status is Status.STANDING)
        )
        if success and action.kind is not ActionKind.PREPARE:
            skill = None if action.skill is None else skill_of(unit, action.skill)
            success = skill is not None and not skill.check
    return Stepped(Step.ROLL, success)


def owed(state: State) -> tuple[Event, State | None, bool] | None:
    """The automatic event *state* owes, with the state after it when the rules built it.

    The third value says whether that state is known to owe nothing more.
    """
    if state.result is not None or state.phase is Phase.INITIATIVE:
        return None
    ended = _end_of(state)
    if ended is not None:
        return ended, None, False
    if state.phase is Phase.PREPARATION:
        downed = sum(
            1 for u in state.units if u.owner == state.active and u.status is Status.DOWNED
        )
        can_take = bool(state.standing(state.active))
        turn = TurnStarted(player=state.active, turn=state.turn, spare_ap=downed if can_take else 0)
        # The turn's AP change no one's status: with no action resolving, it owes nothing more.
        after = fold_turn_started(state, turn)
        return turn, after, not after.stack.frames
    frames = state.stack.frames
    if frames and frames[-1].responder is None:
        return _advance(state)
    return None


# --------------------------------------------------------------------------- legal commands


# Commands are immutable values that bots are offered again and again: each is built once
# (bounded caches; an equal command is the same command).
_attack: Final = functools.lru_cache(maxsize=4096)(Attack)
_prepare: Final = functools.lru_cache(maxsize=4096)(Prepare)
_use_skill: Final = functools.lru_cache(maxsize=4096)(UseSkill)
_give_ap: Final = functools.lru_cache(maxsize=1024)(GiveAp)
_end_turn: Final = functools.lru_cache(maxsize=64)(EndTurn)
_roll_check: Final = functools.lru_cache(maxsize=64)(RollCheck)
_pass: Final = functools.lru_cache(maxsize=64)(Pass)


def _main_commands(state: State, actor: str) -> list[Command]:
    # The standing characters of both sides, listed once (as State.standing lists them).
    mine: list[Unit] = []
    enemies: list[Unit] = []
    for unit in state.units:
        if unit.status is Status.STANDING:
            (mine if unit.owner == actor else enemies).append(unit)
    sides = (mine, enemies)
    spare = state.spare_ap > 0
    per_player = state.rulings.limits_per_player
    enter = state.rulings.enter_enemy_rows
    out: list[Command] = []
    add = out.append
    for unit in mine:
        unit_id = unit.id
        if spare:
            add(_give_ap(actor, unit_id))
        if per_player:
            attacked, prepared = _done(state, unit, "attacked"), _done(state, unit, "prepared")
        else:
            attacked, prepared = unit.attacked, unit.prepared
        if not attacked and not prepared:
            row = unit.row
            near, far = row - ATTACK_RANGE, row + ATTACK_RANGE
            for enemy in enemies:
                if near <= enemy.row <= far:
                    add(_attack(actor, unit_id, enemy.id))
            out.extend(_prepares(actor, unit_id, row, enter))
        ap = unit.ap
        for index, skill in enumerate(unit.card.skills):
            if skill.timing is Timing.MAIN and skill.cost <= ap:
                if skill.attack and prepared:
                    continue
                for target in targets(state, unit, skill, sides):
                    add(_use_skill(actor, unit_id, index, target))
    add(_end_turn(actor))
    return out


@functools.lru_cache(maxsize=1024)
def _prepares(actor: str, unit: str, row: int, enter: bool) -> tuple[Prepare, ...]:
    """The preparatory actions of *actor*'s *unit* in *row*: staying, then each move (SK-17)."""
    moves = rows_to(actor, row, enter)
    return (_prepare(actor, unit), *(_prepare(actor, unit, to) for to in moves))


def _response_commands(state: State, actor: str) -> list[Command]:
    frame = state.stack.top
    if "RollCheck" in frame.answers:
        return [_roll_check(actor)]
    out: list[Command] = [_pass(actor)]
    step = frame.pending.pending.step
    for unit, index, skill in responses(state, actor, step):
        for target in targets(state, unit, skill):
            out.append(_use_skill(actor, unit.id, index, target))
    return out


def _library(setup: Setup) -> tuple[Card, ...]:
    seen: dict[str, Card] = {}
    for card in (*setup.library, *(c for t in setup.teams for c in t.cards)):
        seen.setdefault(card.id, card)
    ids = set(seen)
    for card in seen.values():
        for skill in card.skills:
            for effect in skill.effects:
                if isinstance(effect, Replace | Summon) and effect.card not in ids:
                    raise InvalidData(
                        "$.library", f"card {card.id!r} brings in {effect.card!r}, not given"
                    )
            if skill.check and skill.target is not Target.ENEMY:
                raise InvalidData("$.teams", f"card {card.id!r}: a check needs an enemy target")
    return tuple(seen.values())


def _reachable(setup: Setup, library: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards that can come onto the field: the teams' and those they bring in."""
    by_id = {card.id: card for card in library}
    found: dict[str, Card] = {}
    todo = [card for team in setup.teams for card in team.cards]
    while todo:
        card = todo.pop()
        if card.id in found:
            continue
        found[card.id] = card
        for skill in card.skills:
            for effect in skill.effects:
                if isinstance(effect, Replace | Summon):
                    todo.append(by_id[effect.card])
    return tuple(found.values())


class SkirmishRuleset(Rules[Setup, State, Command, Event]):
    """The card skirmish as a kit ruleset.

    .. versionadded:: 0.2.0
    """

    name: str = "skirmish"
    rules_version: str = "2"
    setup_type: Any = Setup
    state_type: Any = State
    command_type: Any = Command
    event_type: Any = Event
    resolving_reason: ClassVar[str] = "skirmish.illegal.resolving"

    def __init__(self) -> None:
        def declared(_: State, e: Declared) -> Command:
            a = e.action
            if a.kind is ActionKind.ATTACK:
                return Attack(e.actor, a.unit, a.target or "")
            if a.kind is ActionKind.PREPARE:
                return Prepare(e.actor, a.unit, a.row)
            return UseSkill(e.actor, a.unit, a.skill if a.skill is not None else -1, a.target)

        super().__init__(
            commands={
                RollForFirst: decide_first,
                Attack: decide_attack,
                Prepare: decide_prepare,
                UseSkill: decide_skill,
                GiveAp: decide_give,
                RollCheck: decide_roll,
                EndTurn: decide_end,
                Pass: decide_pass,
            },
            events={
                FirstPlayerRolled: fold_first,
                TurnStarted: fold_turn_started,
                ApGiven: fold_given,
                Declared: fold_declared,
                Passed: fold_passed,
                Rolled: fold_rolled,
                Advanced: fold_advanced,
                TurnEnded: fold_turn_ended,
                GameEnded: fold_game_ended,
            },
            causes={
                FirstPlayerRolled: Cause(
                    command=lambda _, e: RollForFirst(e.actor), rolls=lambda e: e.rolls
                ),
                ApGiven: Cause(command=lambda _, e: GiveAp(e.actor, e.unit)),
                Declared: Cause(command=declared),
                Passed: Cause(command=lambda _, e: Pass(e.actor)),
                Rolled: Cause(
                    command=lambda _, e: RollCheck(e.actor),
                    rolls=lambda e: (*e.result.rolls, *e.result.against.rolls),
                ),
                TurnEnded: Cause(command=lambda _, e: EndTurn(e.actor)),
                TurnStarted: Cause(),
                Advanced: Cause(),
                GameEnded: Cause(),
            },
            bad_command="skirmish.illegal.bad_command",
            unknown_command="skirmish.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command, event and effect unions by class name; check states when read."""
        from tabletop_rules.serialization import register_tagged_union
        from tabletop_rules.skirmish._effects import Effect

        register_tagged_union(converter, Effect)  # first: events hold cards, which hold effects
        register_tagged_union(converter, StepTaken)  # and Advanced holds steps
        register_tagged_union(converter, Command)
        register_tagged_union(converter, Event)
        plain = converter.get_structure_hook(State)
        converter.register_structure_hook(State, lambda value, cls: check_loaded(plain(value, cls)))

    def start(self, setup: Setup) -> State:
        """Each team's cards on their rows, at full hp and 0 AP; the roll for the first turn.

        Raises:
            InvalidData: A card brings in a card that the setup does not give.
        """
        setup = self.checked_setup(setup)
        units = tuple(
            Unit(id=f"{player}{i + 1}", owner=player, card=card, hp=card.hp, row=row)
            for player, team in zip(PLAYERS, setup.teams, strict=True)
            for i, (card, row) in enumerate(zip(team.cards, team.rows, strict=True))
        )
        library = _library(setup)
        answered = frozenset(
            skill.step
            for card in _reachable(setup, library)
            for skill in card.skills
            if skill.timing is Timing.RESPONSE and skill.step is not None
        )
        return State(units=units, library=library, rulings=setup.rulings, answered_steps=answered)

    def prompts(self, state: State) -> PromptStack[Any]:
        """The response stack."""
        return state.stack

    def follow_up(self, state: State) -> Event | None:
        """The automatic event the rules call for next."""
        found = owed(state)
        return None if found is None else found[0]

    def advance(self, state: State) -> tuple[Event, State] | None:
        """The automatic event the rules call for next, and the state after it.

        The steps of :class:`Advanced` are taken while they are planned: not folded again.
        """
        found = owed(state)
        if found is None:
            return None
        event, after, settled = found
        if after is None:
            return event, self.event_rules[type(event)](state, event)
        if settled:
            self._owes_nothing(after)
        return event, after

    def actors(self, state: State) -> tuple[str, ...]:
        """``a`` rolls for the first turn; then the one asked on the stack, or the turn player."""
        if state.result is not None:
            return ()
        if state.phase is Phase.INITIATIVE:
            return (PLAYERS[0],)
        frames = state.stack.frames
        if frames:
            responder = frames[-1].responder
            return () if responder is None else (responder,)
        return (state.active,)

    def commands_of(self, state: State, actor: str) -> list[Command]:
        """Everything *actor*, one of :meth:`actors`, may send now."""
        if state.phase is Phase.INITIATIVE:
            return [RollForFirst(actor)]
        if state.stack.frames:
            return _response_commands(state, actor)
        return _main_commands(state, actor)

    def outcome_of(self, state: State) -> GameResult | None:
        """How the game ended, or ``None``."""
        return state.result


#: The skirmish ruleset.
RULESET: Final = SkirmishRuleset()
