"""Verified replay of m20 combat records against an independent re-decide oracle.

``engine.replay(record, RULESET)`` verifies a record: each event is derived again from the
rules and the dice it recorded, and the first event that no legal play produces is refused
with ``CorruptRecord(index)`` (issue 7, point 2).
The oracle here checks the same records without ``Rules.verify`` and without the ``Cause``
table: at each position it owes the automatic event the rules call for, or it tries every
legal command with the dice the record's next event holds and keeps the one that gives the
record's events exactly.
Random legal combats are recorded, tampered with in thousands of ways, and the oracle's
verdict (valid, or the index of the first event no legal play produces) must be replay's.
"""

from __future__ import annotations

import enum
import functools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import CorruptRecord, ScriptedDice, SeededDice, engine
from tabletop_rules.checks import CheckResult, Outcome, Term
from tabletop_rules.dice import Dice, Roll
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.m20 import (
    GM,
    RULESET,
    Assist,
    Assisted,
    Attack,
    Attacked,
    AttackMode,
    Attributes,
    Character,
    CombatEnded,
    CombatSetup,
    CombatState,
    Command,
    DangerCheck,
    DangerChecked,
    EndCombat,
    Event,
    FirstAid,
    Heal,
    Hid,
    Hide,
    Hinder,
    Hindered,
    Participant,
    RoundEnded,
    RuleFallen,
    Skill,
    SkillPick,
    Specialty,
    Strike,
    Tendency,
    Treated,
    WideGuard,
    WideGuardDeclared,
)
from tabletop_rules.m20.strategies import setups
from tabletop_rules.testing.strategies import games

Events = tuple[Event, ...]
Record = GameRecord[CombatSetup, Event]

#: The seeded random combats every tamper test starts from.
GAME_SEEDS = range(40)
#: Tampers of each kind, over all the seeded combats.
TAMPERS_PER_KIND = 250


# --------------------------------------------------------------------------- the oracle


@attrs.frozen
class Verdict:
    """What the oracle finds: ``index`` is None for a valid record; the state it reaches."""

    index: int | None
    state: CombatState | None


def _rolls_in(value: object) -> Iterator[Roll]:
    """Every ``Roll`` reachable from *value* through attrs fields and tuples, in field order."""
    if isinstance(value, Roll):
        yield value
    elif isinstance(value, tuple):
        for item in value:  # pyright: ignore[reportUnknownVariableType]
            yield from _rolls_in(item)  # pyright: ignore[reportUnknownArgumentType]
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _rolls_in(getattr(value, field.name))


def recorded_faces(event: Event) -> list[int]:
    """The faces *event* recorded, in the order the rules draw them.

    An attack draws, for each strike, the attack d20 and the defense d20, then the reroll
    items' d20s (M20-141): the attacker's, then the defender's.
    An area attack (M20-104) rolls one attack d20 for every creature named and records it in
    every strike: it is drawn once, then each defense d20, then its one reroll, then the
    defenders' rerolls.
    """
    if not isinstance(event, Attacked) or not all(
        isinstance(strike, Strike) and isinstance(strike.check, CheckResult)
        for strike in event.strikes
    ):
        # Anything else, a malformed attack included: every roll, in field order.
        return [face for roll in _rolls_in(event) for face in roll.faces]
    own = [strike.check.rolls for strike in event.strikes]
    defense = [tuple(_rolls_in(strike.check.against)) for strike in event.strikes]
    if event.mode is AttackMode.AREA:
        rolls = [
            *own[0][:1],
            *(d[0] for d in defense),
            *own[0][1:],
            *(r for d in defense for r in d[1:]),
        ]
    else:
        rolls = [
            r for a, d in zip(own, defense, strict=True) for r in (*a[:1], *d[:1], *a[1:], *d[1:])
        ]
    return [face for roll in rolls for face in roll.faces]


def _free_form(event: Event, legal: Sequence[Command]) -> list[Command]:
    """The command of the free-form choices *event* names, which ``legal_commands`` does not
    list.

    ``legal_commands`` offers an area attack, a double attack and a 廣域防禦 in their usual
    forms only, and every check without reward items, GM terms or helpers (``decide`` takes
    any valid choice): the choices the record names are tried too, and the rules alone say
    whether they are legal; so is a check the GM called against a danger.
    """
    if isinstance(event, Attacked):
        return [
            Attack(
                actor=event.actor,
                targets=event.aimed,
                kind=event.kind,
                mode=event.mode,
                boosts=event.boosts,
                defense_boosts=event.defense_boosts,
            )
        ]
    if isinstance(event, WideGuardDeclared):
        return [WideGuard(actor=event.actor, protected=event.protected)]
    if isinstance(event, DangerChecked):
        return [
            DangerCheck(
                participant=event.participant,
                specialty=event.specialty,
                difficulty=event.check.against.value,
                stance=event.stance,
                dodge=event.dodge,
                situation=event.situation,
                boosts=event.boosts,
                helpers=event.helpers,
            )
        ]
    if isinstance(event, Hid | Assisted | Hindered | Treated):
        kinds = _SPECIALTY_COMMANDS[type(event)]
        return [
            attrs.evolve(command, boosts=event.boosts, helpers=event.helpers)
            for command in legal
            if isinstance(command, kinds)
        ]
    return []


_SPECIALTY_COMMANDS: dict[type[Any], tuple[type[Any], ...]] = {
    Hid: (Hide,),
    Assisted: (Assist,),
    Hindered: (Hinder,),
    Treated: (Heal, FirstAid),
}


def _common(produced: Sequence[Event], events: Sequence[Event], start: int) -> int:
    count = 0
    for wanted in produced:
        at = start + count
        if at >= len(events) or events[at] != wanted:
            break
        count += 1
    return count


def oracle(
    setup: CombatSetup,
    events: Sequence[Event],
    *,
    resume: tuple[int, CombatState] | None = None,
    checkpoints: list[tuple[int, CombatState]] | None = None,
) -> Verdict:
    """Re-decide *events* from *setup*: valid (with the state reached) or the first bad index.

    At each position, an automatic event the rules owe (``follow_up``) must be the record's
    event; otherwise every legal command of every actor (GM rulings included) is decided
    with scripted dice holding the faces of the record's next event, and the one whose
    events are the record's next events exactly, with every face used, is played.
    A record may end inside a command's events (a prefix of them).
    The first event no legal play produces is the position plus the longest prefix any
    candidate matched.

    *resume* starts from a position and state an earlier walk of the same prefix reached;
    *checkpoints*, if given, collects every position the walk starts a step at.
    """
    index, state = resume if resume is not None else (0, RULESET.start(setup))
    count = len(events)
    while index < count:
        if checkpoints is not None:
            checkpoints.append((index, state))
        event = events[index]
        owed = RULESET.follow_up(state)
        if owed is not None:
            if event != owed:
                return Verdict(index, None)
            state = engine.fold(RULESET, state, (event,))
            index += 1
            continue
        faces = recorded_faces(event)
        candidates = list(RULESET.legal_commands(state))
        candidates.extend(c for c in _free_form(event, candidates) if c not in candidates)
        best = 0
        played: tuple[CombatState, int] | None = None
        cut_short = False
        for command in candidates:
            dice = ScriptedDice(faces)
            try:
                after, produced = RULESET.play(state, command, dice)
            except TabletopRulesError:
                continue
            if dice.remaining:
                continue
            matched = _common(produced, events, index)
            if matched == len(produced):
                played = (after, matched)
                break
            if matched and index + matched == count:
                cut_short = True
            best = max(best, matched)
        if played is not None:
            state, index = played[0], index + played[1]
        elif cut_short:
            return Verdict(None, engine.fold(RULESET, state, events[index:]))
        else:
            return Verdict(index + best, None)
    return Verdict(None, state)


# --------------------------------------------------------------------------- random combats

_REACTIONS = (Skill.DECISIVE_STRIKE, Skill.NARROW_ESCAPE, Skill.DAMAGE_BOOST, Skill.INDOMITABLE)
_OTHERS = tuple(s for s in Skill if s not in _REACTIONS and s is not Skill.EXPERTISE)
_SPREADS = ((3, 3, 2, 2), (4, 2, 2, 2), (2, 4, 2, 2), (1, 1, 4, 4), (4, 4, 1, 1), (2, 2, 3, 3))


def _character(rng: random.Random, name: str) -> Character:
    """A valid character with random skills, often a reaction (so that prompts occur)."""
    wanted = [*rng.sample(_REACTIONS, rng.randint(0, 2)), *rng.sample(_OTHERS, rng.randint(0, 3))]
    rng.shuffle(wanted)
    picks: list[Skill] = []
    for skill in wanted:
        needed = sorted(skill.prerequisites - set(picks), key=lambda s: s.value)
        if skill not in picks and len(picks) + len(needed) + 1 <= 4:
            picks.extend([*needed, skill])
    pa, sa, pd, sd = rng.choice(_SPREADS)
    return Character(
        name=name,
        attributes=Attributes(
            physical_attack=pa, special_attack=sa, physical_defense=pd, special_defense=sd
        ),
        tendency=rng.choice(list(Tendency)),
        bonus_specialty=rng.choice(list(Specialty)),
        picks=[SkillPick(skill=s) for s in picks],
    )


def _setup(rng: random.Random) -> CombatSetup:
    """2–4 participants on 2 or 3 sides, some carrying lost HP (so that healing is legal)."""
    count = rng.randint(2, 4)
    sides = rng.randint(2, min(3, count))
    participants: list[Participant] = []
    for index in range(count):
        character = _character(rng, f"P{index}")
        hp = None if rng.random() < 0.6 else rng.randint(1, character.max_hp)
        participants.append(
            Participant(
                id=f"p{index}",
                character=character,
                side=f"side{index % sides}",
                player=rng.random() < 0.5,
                hp=hp,
            )
        )
    return CombatSetup(participants=participants)


def play_random(seed: int, *, max_commands: int = 100) -> tuple[Record, CombatState]:
    """A random legal combat: its record and its live state.

    Each step picks one who may act (the GM rarely, so that combats mostly end by the rules),
    then a kind of command at random (often an attack), then one command of that kind.
    After the combat, the GM's rulings on fallen characters are played too.
    """
    rng = random.Random(seed)
    setup = _setup(rng)
    state = RULESET.start(setup)
    dice = SeededDice(seed)
    events: list[Event] = []
    for _ in range(max_commands):
        actors = list(RULESET.to_act(state))
        if not actors:
            break
        if GM in actors and len(actors) > 1 and rng.random() > 0.02:
            actors.remove(GM)
        commands = RULESET.legal_commands(state, actor=rng.choice(actors))
        kinds = sorted({type(c).__name__ for c in commands})
        kind = "Attack" if "Attack" in kinds and rng.random() < 0.4 else rng.choice(kinds)
        command = rng.choice([c for c in commands if type(c).__name__ == kind])
        state, new = engine.step(RULESET, state, command, dice)
        events.extend(new)
    return GameRecord.begin(RULESET, setup).extend(events), state


@attrs.frozen
class Game:
    """A seeded random combat, with the oracle's checkpoints on its record."""

    seed: int
    record: Record
    live: CombatState
    checkpoints: tuple[tuple[int, CombatState], ...]

    def resume_at(self, changed_from: int) -> tuple[int, CombatState]:
        """The last checkpoint at or before *changed_from* (the walk is the same up to it)."""
        best = self.checkpoints[0]
        for checkpoint in self.checkpoints:
            if checkpoint[0] > changed_from:
                break
            best = checkpoint
        return best


@functools.cache
def seeded_games() -> tuple[Game, ...]:
    out: list[Game] = []
    for seed in GAME_SEEDS:
        record, live = play_random(seed)
        checkpoints: list[tuple[int, CombatState]] = []
        verdict = oracle(record.setup, record.events, checkpoints=checkpoints)
        assert verdict == Verdict(None, live), f"seed {seed}: the oracle refuses legal play"
        out.append(Game(seed, record, live, tuple(checkpoints)))
    return tuple(out)


# --------------------------------------------------------------------------- tampers


def _rebuild(value: Any, change: Callable[[Any], Any]) -> Any:
    """*value* with *change* applied to every node (``change`` returns the node to keep)."""
    new = change(value)
    if new is not value:
        return new
    if isinstance(value, tuple):
        items = tuple(_rebuild(v, change) for v in value)  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    if attrs.has(type(value)) and not isinstance(value, Roll | Term):
        updates = {}
        for field in attrs.fields(type(value)):
            old = getattr(value, field.name)
            rebuilt = _rebuild(old, change)
            if rebuilt is not old:
                updates[field.name] = rebuilt
        return attrs.evolve(value, **updates) if updates else value
    return value


def _rejudged(value: Any) -> Any:
    """*value* with every check's outcome judged again from its dice and terms."""

    def judge(node: Any) -> Any:
        if isinstance(node, CheckResult):
            against = _rebuild(node.against, judge)
            holds = node.comparison.holds(node.total, against.value)
            return attrs.evolve(
                node, against=against, outcome=Outcome.SUCCESS if holds else Outcome.FAILURE
            )
        return node

    return _rebuild(value, judge)


def _with_events(events: Events, index: int, event: Event) -> Events:
    return (*events[:index], event, *events[index + 1 :])


def _nth(kind: type[Any], nth: int, replace: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A change that replaces the *nth* node of type *kind* (in walk order) only."""
    seen = [0]

    def change(node: Any) -> Any:
        if isinstance(node, kind):
            seen[0] += 1
            if seen[0] - 1 == nth:
                return replace(node)
        return node

    return change


class _FactMeta(type):
    def __instancecheck__(cls, instance: object) -> bool:
        return attrs.has(type(instance)) and not isinstance(instance, Roll | Dice | Term)


class _Fact(metaclass=_FactMeta):
    """``isinstance(x, _Fact)``: *x* is a recorded value with fields (not dice, not a term)."""


def _count(value: Any, kind: type[Any]) -> int:
    found = [0]

    def change(node: Any) -> Any:
        if isinstance(node, kind):
            found[0] += 1
        return node

    _rebuild(value, change)
    return found[0]


Tamper = Callable[[random.Random, Game], "tuple[Events, str] | None"]


def drop(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    events = game.record.events
    at = rng.randrange(len(events))
    return (*events[:at], *events[at + 1 :]), f"drop {at}"


def duplicate(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    events = game.record.events
    at = rng.randrange(len(events))
    to = at + 1 if rng.random() < 0.5 else rng.randrange(len(events) + 1)
    return (*events[:to], events[at], *events[to:]), f"copy {at} to {to}"


def _swap(events: Events, a: int, b: int) -> Events | None:
    if a == b or events[a] == events[b]:
        return None
    out = list(events)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def swap_adjacent(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    events = game.record.events
    if len(events) < 2:
        return None
    at = rng.randrange(len(events) - 1)
    swapped = _swap(events, at, at + 1)
    return None if swapped is None else (swapped, f"swap {at} {at + 1}")


def swap_distant(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    events = game.record.events
    if len(events) < 2:
        return None
    a, b = sorted(rng.sample(range(len(events)), 2))
    swapped = _swap(events, a, b)
    return None if swapped is None else (swapped, f"swap {a} {b}")


def _with_rolls(events: Events) -> list[int]:
    return [i for i, e in enumerate(events) if next(_rolls_in(e), None) is not None]


def change_face(
    rng: random.Random, game: Game, *, rejudge: bool = False
) -> tuple[Events, str] | None:
    """One recorded d20 shows another face; the checks' outcomes are left, or judged again.

    Judged again, an area attack's one attack roll is changed in every strike.
    """
    events = game.record.events
    with_rolls = _with_rolls(events)
    if not with_rolls:
        return None
    at = rng.choice(with_rolls)
    event = events[at]
    nth = rng.randrange(_count(event, Roll))
    face = [0]

    def other_face(roll: Roll) -> Roll:
        faces = list(roll.faces)
        die = rng.randrange(len(faces))
        faces[die] = rng.choice([f for f in range(1, roll.dice.sides + 1) if f != faces[die]])
        face[0] = faces[die]
        return Roll(roll.dice, faces)

    tampered = _rebuild(event, _nth(Roll, nth, other_face))
    shared = rejudge and isinstance(event, Attacked) and event.mode is AttackMode.AREA
    if shared and nth % 2 == 0:
        # The area attack's one attack roll (walk order: attack, defense, per strike),
        # changed in every strike that records it.
        rolls = tampered.strikes[nth // 2].check.rolls
        strikes = tuple(
            attrs.evolve(s, check=attrs.evolve(s.check, rolls=rolls)) for s in tampered.strikes
        )
        tampered = attrs.evolve(tampered, strikes=strikes)
    if rejudge:
        tampered = _rejudged(tampered)
    if tampered == event:
        return None
    how = "re-judged" if rejudge else "as is"
    return _with_events(events, at, tampered), f"face {nth} of {at} -> {face[0]} ({how})"


def change_term(
    rng: random.Random, game: Game, *, rejudge: bool = False
) -> tuple[Events, str] | None:
    """One term of a check gets another value or label; the outcomes are left or judged again."""
    events = game.record.events
    with_terms = [i for i, e in enumerate(events) if _count(e, Term)]
    if not with_terms:
        return None
    at = rng.choice(with_terms)
    event = events[at]
    nth = rng.randrange(_count(event, Term))
    if rng.random() < 0.5:
        delta = rng.choice((-3, -2, -1, 1, 2, 3))
        what = f"value {delta:+}"

        def replace(term: Term) -> Term:
            return Term(term.label, term.value + delta)
    else:
        label = rng.choice(("m20.term.hidden", "m20.term.assisted", "forged", "m20.attr.pa"))
        what = f"label {label}"

        def replace(term: Term) -> Term:
            return Term(label, term.value)

    tampered = _rebuild(event, _nth(Term, nth, replace))
    if rejudge:
        tampered = _rejudged(tampered)
    if tampered == event:
        return None
    how = "re-judged" if rejudge else "as is"
    return _with_events(events, at, tampered), f"term {nth} of {at}: {what} ({how})"


def _mutated(rng: random.Random, value: object, names: Sequence[str]) -> object:
    """Another value of *value*'s kind: a flag flipped, a number moved, another name..."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((-2, -1, 1, 2))
    if isinstance(value, enum.Enum):
        return rng.choice([m for m in type(value) if m is not value] or [value])
    if isinstance(value, str) or value is None:
        return rng.choice([n for n in names if n != value])
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):  # pyright: ignore[reportUnknownVariableType]
        items: list[str] = list(value)  # pyright: ignore[reportUnknownArgumentType]
        how = rng.randrange(3)
        if how == 0 and items:
            del items[rng.randrange(len(items))]
        elif how == 1:
            items.insert(rng.randrange(len(items) + 1), rng.choice(names))
        else:
            items.reverse()
        return tuple(items)
    return value


def change_field(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    """Any other recorded fact: one field of an event, a strike or a check gets another value.

    Flags (``hit``, ``decisive``, ``escaped``, ``by_gm``...), numbers (HP, damage, rounds,
    groups), names (actors, targets, labels) and enums (kinds, modes, statuses, outcomes);
    dice and terms have their own tampers.
    """
    events = game.record.events
    at = rng.randrange(len(events))
    event = events[at]
    nodes = _count(event, _Fact)
    nth = rng.randrange(nodes)
    names = [*(p.id for p in game.record.setup.participants), GM, "nobody", "p0/summon"]
    what = [""]

    def replace(node: Any) -> Any:
        fields = [
            f.name
            for f in attrs.fields(type(node))
            if not isinstance(getattr(node, f.name), Roll | _Fact | tuple)
            or (
                isinstance(getattr(node, f.name), tuple)
                and all(isinstance(v, str) for v in getattr(node, f.name))
            )
        ]
        if not fields:
            return node
        name = rng.choice(fields)
        new = _mutated(rng, getattr(node, name), names)
        what[0] = f"{type(node).__name__}.{name} -> {new!r}"
        return attrs.evolve(node, **{name: new})

    try:
        tampered = _rebuild(event, _nth(_Fact, nth, replace))
    except (TabletopRulesError, TypeError, ValueError):
        return None  # a value its class refuses to hold
    if tampered == event:
        return None
    return _with_events(events, at, tampered), f"event {at}: {what[0]}"


def foreign_event(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    """An event of another seeded combat put in place of one, or inserted."""
    other = rng.choice(seeded_games())
    if other.seed == game.seed or not other.record.events:
        return None
    events = game.record.events
    at = rng.randrange(len(events))
    taken = rng.randrange(len(other.record.events))
    event = other.record.events[taken]
    if rng.random() < 0.5:
        return _with_events(events, at, event), f"event {at} -> seed {other.seed}'s {taken}"
    return (*events[:at], event, *events[at:]), f"insert seed {other.seed}'s {taken} at {at}"


def gm_round_end(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    """An automatic RoundEnded rewritten as the GM's (``by_gm`` False to True), or back."""
    events = game.record.events
    ends = [i for i, e in enumerate(events) if isinstance(e, RoundEnded)]
    if not ends:
        return None
    at = rng.choice(ends)
    event = events[at]
    assert isinstance(event, RoundEnded)
    flipped = RoundEnded(round=event.round, by_gm=not event.by_gm)
    return _with_events(events, at, flipped), f"by_gm of {at} -> {flipped.by_gm}"


def gm_combat_end(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    """The automatic CombatEnded rewritten as the GM's ending (the GM's own event)."""
    events = game.record.events
    end = _end_index(events)
    if end is None:
        return None
    ruling = RULESET.decide(RULESET.start(game.record.setup), EndCombat(), ScriptedDice(()))
    if ruling[0] == events[end]:
        return None
    return _with_events(events, end, ruling[0]), f"CombatEnded {end} -> the GM's"


def _end_index(events: Events) -> int | None:
    return next((i for i, e in enumerate(events) if isinstance(e, CombatEnded)), None)


def play_after_end(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    """The automatic CombatEnded dropped, and play continued after the end.

    The continuation is played from the state before the CombatEnded with the rules of each
    command and the automatic events, every CombatEnded left out; or it is the record's own
    events after the end (the GM's rulings).
    """
    events = game.record.events
    end = _end_index(events)
    if end is None:
        return None
    before = events[:end]
    state = engine.fold(RULESET, RULESET.start(game.record.setup), before)
    if RULESET.follow_up(state) != events[end]:
        return None  # the GM ended it: play might have gone on instead
    if rng.random() < 0.25 and end + 1 < len(events):
        return (*before, *events[end + 1 :]), f"drop CombatEnded {end}, keep the rest"
    dice = SeededDice(rng.randrange(2**32))
    continued: list[Event] = []
    for _ in range(rng.randint(1, 4)):
        while (owed := RULESET.follow_up(state)) is not None and not isinstance(owed, CombatEnded):
            continued.append(owed)
            state = RULESET.evolve(state, owed)
        actors = [a for a in RULESET.actors(state) if a != GM]
        commands = [c for a in actors for c in RULESET.commands_of(state, a)]
        if not commands:
            break
        command = rng.choice(commands)
        try:
            new = RULESET.command_rules[type(command)](state, command, dice)
        except TabletopRulesError:
            continue
        for event in new:
            continued.append(event)
            state = RULESET.evolve(state, event)
    if not continued:
        return None
    return (*before, *continued), f"drop CombatEnded {end}, play {len(continued)} events on"


def truncate(rng: random.Random, game: Game) -> tuple[Events, str] | None:
    events = game.record.events
    cut = rng.randrange(len(events))
    return events[:cut], f"cut at {cut}"


TAMPERS: dict[str, Tamper] = {
    "drop": drop,
    "duplicate": duplicate,
    "swap_adjacent": swap_adjacent,
    "swap_distant": swap_distant,
    "change_face": change_face,
    "change_face_rejudged": functools.partial(change_face, rejudge=True),
    "change_term": change_term,
    "change_term_rejudged": functools.partial(change_term, rejudge=True),
    "change_field": change_field,
    "foreign_event": foreign_event,
    "gm_round_end": gm_round_end,
    "gm_combat_end": gm_combat_end,
    "play_after_end": play_after_end,
    "truncate": truncate,
}


# --------------------------------------------------------------------------- comparing


def _first_difference(a: Events, b: Events) -> int:
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return index
    return min(len(a), len(b))


def replay_verdict(setup: CombatSetup, events: Events) -> tuple[int | None, Any]:
    """``engine.replay``'s verdict: (None, state) or (index, error); a crash is re-raised."""
    record: Record = GameRecord.begin(RULESET, setup).extend(events)
    try:
        return None, engine.replay(record, RULESET)
    except CorruptRecord as error:
        return error.index, error


def compare(game: Game, events: Events, how: str, *, scratch: bool = False) -> tuple[bool, str]:
    """Compare the oracle's verdict on *events* with ``engine.replay``'s.

    Returns whether the oracle finds the record valid, and the disagreement found (empty
    when both accept it with the same state, or both refuse it at the same index).
    Every 97th tamper (*scratch*) the oracle also walks from the start, to check that
    resuming from a checkpoint of the untampered record changes nothing.
    """
    changed = _first_difference(game.record.events, events)
    setup = game.record.setup
    verdict = oracle(setup, events, resume=game.resume_at(changed))
    if scratch:
        assert verdict == oracle(setup, events), "resuming from a checkpoint changed the verdict"
    if verdict.index is not None:
        assert verdict.index >= changed, "the oracle refuses the untouched prefix"
    where = f"seed {game.seed}, {how}"
    try:
        index, found = replay_verdict(setup, events)
    except Exception as error:
        return verdict.index is None, f"{where}: replay crashed with {error!r}"
    if verdict.index is None:
        if index is not None:
            return True, f"{where}: oracle valid, replay refuses at {index} ({found.cause})"
        if found != verdict.state:
            return True, f"{where}: replay's state is not the oracle's"
        return True, ""
    if index is None:
        return False, f"{where}: oracle refuses at {verdict.index}, replay accepts"
    if index != verdict.index:
        return False, (
            f"{where}: oracle refuses at {verdict.index}, replay at {index} ({found.cause})"
        )
    return False, ""


def run_tampers(kind: str, count: int) -> tuple[Counter[str], list[str]]:
    """*count* tampers of *kind* on the seeded combats: the tally and every disagreement."""
    tamper = TAMPERS[kind]
    rng = random.Random(f"tamper {kind}")
    games_ = seeded_games()
    tally: Counter[str] = Counter()
    problems: list[str] = []
    attempts = 0
    while tally["tampers"] < count and attempts < 20 * count:
        attempts += 1
        game = rng.choice(games_)
        made = tamper(rng, game)
        if made is None or made[0] == game.record.events:
            continue
        events, how = made
        valid, problem = compare(game, events, how, scratch=tally["tampers"] % 97 == 0)
        tally["tampers"] += 1
        tally["valid" if valid else "invalid"] += 1
        if problem:
            problems.append(problem)
    return tally, problems


def _report(problems: list[str]) -> str:
    shown = "\n".join(problems[:15])
    return f"{len(problems)} disagreement(s) between the oracle and replay:\n{shown}"


# --------------------------------------------------------------------------- tests


def test_oracle_and_replay_accept_random_legal_combats() -> None:
    """M20-049, M20-051, M20-065: every random legal combat is valid, and replays exactly.

    Each seeded combat (2–4 participants with random skills, reactions answered or
    declined, GM rulings included) is valid for the independent re-decide oracle, and the
    verified and trusted replays both give the live state the oracle reaches.
    """
    games_ = seeded_games()
    prompts = sum(
        type(e).__name__.endswith("Used") or type(e).__name__ in {"Declined", "DamageBoosted"}
        for g in games_
        for e in g.record.events
    )
    assert prompts >= 20, "too few reactions: the combats do not exercise prompts"
    assert sum(_end_index(g.record.events) is not None for g in games_) >= len(games_) // 2
    for game in games_:
        assert game.live == engine.replay(game.record, RULESET)
        assert game.live == engine.replay(game.record, RULESET, trusted=True)


@pytest.mark.parametrize(
    ("kind", "least_invalid"),
    [
        ("drop", 0.8),
        ("duplicate", 0.9),
        ("swap_adjacent", 0.8),
        ("swap_distant", 0.9),
        # A face changed with the outcome left is often still a legal roll (15 for 16 on a
        # check that succeeds either way): a legal record of another game.
        ("change_face", 0.2),
        ("change_face_rejudged", 0.15),
        # The terms are the rules' own: any other term is refused.
        ("change_term", 1.0),
        ("change_term_rejudged", 1.0),
        ("change_field", 0.9),
        ("foreign_event", 0.8),
    ],
)
def test_tampered_records_get_the_oracles_verdict(kind: str, least_invalid: float) -> None:
    """M20-049, M20-051, M20-065: a tampered record is refused exactly where no play fits.

    Dropped, duplicated, swapped (adjacent and distant) events, a die face changed to
    another legal face, a term's value or label changed (with the checks' outcomes left, or
    judged again so that the event is consistent and only what follows can give it away),
    any other field changed (a flag, an HP, a name, a status), an event of another combat
    put in:
    ``engine.replay`` must accept exactly the records the oracle accepts, with the state
    the oracle reaches, and refuse the others with ``CorruptRecord.index`` equal to the
    oracle's first event that no legal play produces (never a later one).
    A good share of the tampers must be invalid, so that the test cannot pass vacuously.
    """
    tally, problems = run_tampers(kind, TAMPERS_PER_KIND)

    assert not problems, _report(problems)
    assert TAMPERS_PER_KIND == tally["tampers"]
    assert tally["invalid"] >= least_invalid * tally["tampers"], tally


@pytest.mark.parametrize("kind", ["gm_round_end", "gm_combat_end"])
def test_automatic_ends_forged_as_the_gms_are_refused(kind: str) -> None:
    """M20-049, M20-065: an automatic ending rewritten as the GM's is refused where it is.

    The round ends on its own when every one standing has acted (M20-049), and the combat
    when one side is left (M20-065); the GM's endings are rulings made while play could go
    on.  An automatic ``RoundEnded`` rewritten with ``by_gm: true`` (or a GM's rewritten as
    automatic), or an automatic ``CombatEnded`` rewritten as the GM's, is a record no legal
    play produces, refused at the rewritten event by the oracle and by replay.
    """
    tally, problems = run_tampers(kind, TAMPERS_PER_KIND // 2)

    assert not problems, _report(problems)
    assert TAMPERS_PER_KIND // 2 == tally["tampers"] == tally["invalid"], tally


def test_play_after_the_combat_ended_is_refused() -> None:
    """M20-065: the combat ends when one side is left; a record that plays on is refused.

    The CombatEnded the rules owe is dropped, and the record goes on with events played
    after it (or the GM's rulings that followed it): the dropped position is the first
    event no legal play produces, for the oracle and for replay alike.
    """
    tally, problems = run_tampers("play_after_end", TAMPERS_PER_KIND)

    assert not problems, _report(problems)
    assert TAMPERS_PER_KIND == tally["tampers"] == tally["invalid"], tally


def test_truncated_records_replay_to_the_oracles_state() -> None:
    """M20-049, M20-051: a record cut anywhere, even inside an attack, is valid.

    A record may end in the middle of a command's events; verified replay must accept it
    and give the state the oracle reaches (the events so far folded), as trusted replay
    does.
    """
    tally, problems = run_tampers("truncate", TAMPERS_PER_KIND)

    assert not problems, _report(problems)
    assert TAMPERS_PER_KIND == tally["tampers"] == tally["valid"], tally
    rng = random.Random("truncate trusted")
    for game in seeded_games():
        cut = game.record.events[: rng.randrange(len(game.record.events) + 1)]
        record: Record = GameRecord.begin(RULESET, game.record.setup).extend(cut)
        assert engine.replay(record, RULESET, trusted=True) == engine.replay(record, RULESET)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(
    games(RULESET, setups(min_participants=2, max_participants=4), max_steps=30),
    st.randoms(use_true_random=False),
)
def test_public_strategy_games_verify_and_resist_tampers(
    record: Record, rng: random.Random
) -> None:
    """M20-049, M20-051, M20-065: games of the public strategy verify; tampers are caught.

    A game of ``tabletop_rules.testing.strategies.games`` (carried HP and spent uses
    included) is valid for the oracle; its verified replay, its trusted replay and the
    oracle's state are equal; and a few random tampers of it get the oracle's verdict
    from ``engine.replay``.
    """
    checkpoints: list[tuple[int, CombatState]] = []
    verdict = oracle(record.setup, record.events, checkpoints=checkpoints)
    live = engine.fold(RULESET, RULESET.start(record.setup), record.events)

    assert Verdict(None, live) == verdict
    assert live == engine.replay(record, RULESET)
    assert live == engine.replay(record, RULESET, trusted=True)
    if not record.events:
        return
    game = Game(-1, record, live, tuple(checkpoints) or ((0, RULESET.start(record.setup)),))
    problems: list[str] = []
    for _ in range(6):
        made = TAMPERS[rng.choice(sorted(TAMPERS))](rng, game)
        if made is None or made[0] == record.events:
            continue
        _, problem = compare(game, made[0], made[1])
        if problem:
            problems.append(problem)
    assert not problems, _report(problems)


def test_trusted_replay_of_valid_records_equals_verified_replay() -> None:
    """M20-049: trusted replay only folds, and gives what verified replay gives.

    For every seeded combat and every prefix of it at a command boundary the oracle
    reached, ``replay(..., trusted=True)`` equals ``replay(...)`` and the oracle's state.
    """
    for game in seeded_games():
        for index, state in game.checkpoints[:: max(1, len(game.checkpoints) // 8)]:
            record: Record = GameRecord.begin(RULESET, game.record.setup).extend(
                game.record.events[:index]
            )
            trusted = engine.replay(record, RULESET, trusted=True)
            assert trusted == engine.replay(record, RULESET)
            assert trusted == state


def test_ruling_an_unconscious_npc_unconscious_again_is_refused() -> None:
    """M20-065, M20-066: a fallen non-player character is ruled unconscious once, then dead.

    ``a`` (7 HP) hits ``b``, a GM-run character at 1 HP, with 20 against 1: ``b`` falls, the
    combat ends (one side left), and the GM rules ``b`` unconscious.  The only ruling left
    is dead (``legal_commands``); a record that repeats the unconscious ruling is one no
    legal play produces, refused at the repeated event by the oracle and by replay.
    """
    setup = CombatSetup(
        participants=[
            Participant(id="a", character=_plain("A"), side="heroes"),
            Participant(id="b", character=_plain("B"), side="foes", player=False, hp=1),
        ]
    )
    state = RULESET.start(setup)
    events: list[Event] = []
    attack = Attack(actor="a", targets=("b",))
    for command, faces in ((attack, (20, 1)), (RuleFallen(target="b", dead=False), ())):
        state, new = engine.step(RULESET, state, command, ScriptedDice(faces))
        events.extend(new)
    forged = (*events, events[-1])

    assert (RuleFallen(target="b", dead=True),) == RULESET.legal_commands(state)
    assert Verdict(len(events), None) == oracle(setup, forged)
    with pytest.raises(CorruptRecord) as raised:
        engine.replay(GameRecord.begin(RULESET, setup).extend(forged), RULESET)
    assert len(events) == raised.value.index


def _plain(name: str) -> Character:
    """物攻3 特攻3 物防2 特防2, 詭計型, no skills (7 HP)."""
    return Character(
        name=name,
        attributes=Attributes(
            physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
        ),
        tendency=Tendency.CUNNING,
        bonus_specialty=Specialty.KNOWLEDGE,
    )


def _no_strike(event: Any) -> Any:
    return attrs.evolve(event, strikes=(None,))


def _no_strike_check(event: Any) -> Any:
    return attrs.evolve(event, strikes=(attrs.evolve(event.strikes[0], check=None),))


def _no_check(event: Any) -> Any:
    return attrs.evolve(event, check=None)


@pytest.mark.parametrize(
    ("kind", "malform"),
    [("Attacked", _no_strike), ("Attacked", _no_strike_check), ("Hindered", _no_check)],
    ids=["strike None", "strike check None", "specialty check None"],
)
def test_malformed_event_is_a_corrupt_record_not_a_crash(
    kind: str, malform: Callable[[Any], Any]
) -> None:
    """M20-051, M20-059: an event built in Python without its strike or check is refused.

    JSON cannot carry such an event (reading it is refused with ``InvalidData``), but a
    caller may build one.  Trusted replay names its index with ``CorruptRecord``; verified
    replay must do the same (the oracle refuses it there too), not fail with an
    ``AttributeError`` that is no ``TabletopRulesError``.
    """
    game = seeded_games()[0]
    events = game.record.events
    at = next(i for i, e in enumerate(events) if type(e).__name__ == kind)
    record: Record = GameRecord.begin(RULESET, game.record.setup).extend(
        _with_events(events, at, malform(events[at]))
    )

    assert at == oracle(record.setup, record.events).index
    for trusted in (True, False):
        with pytest.raises(CorruptRecord) as raised:
            engine.replay(record, RULESET, trusted=trusted)
        assert at == raised.value.index
