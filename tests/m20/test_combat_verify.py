"""Verified replay of m20 combat records against an independent re-decide oracle.

A record keeps, for each decision, its command, the faces it drew and the events that came
of it (:class:`~tabletop_rules.engine.Entry`).
``engine.replay(record, RULESET)`` verifies it: each command is decided again with exactly
its faces, and the first entry whose events differ, whose faces are not all used, or whose
command the rules refuse, is refused with ``CorruptRecord(index)``.
The oracle here checks the same records on its own, from the menus: at each entry, the
command must be one that ``legal_commands`` offers in its menu form (``menu_form``), and
playing it with the entry's faces must give exactly the entry's events, every face used.
Random legal combats are recorded, tampered with in thousands of ways, and the oracle's
verdict (valid, or the index of the first entry no legal play gives) must be replay's.
"""

from __future__ import annotations

import enum
import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import CorruptRecord, ScriptedDice, SeededDice, engine
from tabletop_rules.checks import CheckResult, Outcome, Term
from tabletop_rules.dice import Dice, Roll
from tabletop_rules.engine import Entry, GameRecord
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.m20 import (
    GM,
    RULESET,
    Attack,
    Attributes,
    Character,
    CombatEnded,
    CombatSetup,
    CombatState,
    Command,
    EndCombat,
    Event,
    Participant,
    RoundEnded,
    RuleFallen,
    Skill,
    SkillPick,
    Specialty,
    Tendency,
    menu_form,
)
from tabletop_rules.m20.strategies import setups
from tabletop_rules.testing.strategies import games

Entries = tuple[Entry[Command, Event], ...]
Record = GameRecord[CombatSetup, Command, Event]

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


def oracle(
    setup: CombatSetup,
    entries: Sequence[Entry[Any, Any]],
    *,
    resume: tuple[int, CombatState] | None = None,
) -> Verdict:
    """Re-decide *entries* from *setup*: valid (with the state reached) or the first bad index.

    At each entry the command must be offered by ``legal_commands`` in its menu form, and
    deciding it with scripted dice of exactly the entry's faces must use every face and give
    exactly the entry's events. An m20 combat owes nothing at its start, so no entry may
    lack a command.

    *resume* starts from an entry index and the state before it (an earlier walk of the same
    prefix reached it).
    """
    index, state = resume if resume is not None else (0, RULESET.start(setup))
    for at in range(index, len(entries)):
        entry = entries[at]
        command = entry.command
        if command is None or not isinstance(entry, Entry):
            return Verdict(at, None)
        offered = {menu_form(c) for c in RULESET.legal_commands(state)}
        try:
            form = menu_form(command)
        except (TabletopRulesError, TypeError, ValueError):
            return Verdict(at, None)
        if form not in offered:
            return Verdict(at, None)
        dice = ScriptedDice(entry.faces)
        try:
            after, events = RULESET.play(state, command, dice)
        except TabletopRulesError:
            return Verdict(at, None)
        if dice.remaining or events != entry.events:
            return Verdict(at, None)
        state = after
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
    dice = SeededDice(seed)
    state, record = engine.begin(RULESET, setup, dice)
    entries: list[Entry[Command, Event]] = []
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
        state, entry = engine.step(RULESET, state, command, dice)
        entries.append(entry)
    return record.extend(entries), state


@attrs.frozen
class Game:
    """A seeded random combat, with the state before each of its entries."""

    seed: int
    record: Record
    live: CombatState
    before: tuple[CombatState, ...]

    def resume_at(self, changed_from: int) -> tuple[int, CombatState]:
        """The entry *changed_from* (or the last one) and the state before it."""
        at = min(changed_from, len(self.before) - 1)
        return at, self.before[at]


@functools.cache
def seeded_games() -> tuple[Game, ...]:
    out: list[Game] = []
    for seed in GAME_SEEDS:
        record, live = play_random(seed)
        before = [RULESET.start(record.setup)]
        for entry in record.entries:
            before.append(engine.fold(RULESET, before[-1], entry.events))
        assert live == before[-1]
        assert oracle(record.setup, record.entries) == Verdict(None, live), (
            f"seed {seed}: the oracle refuses legal play"
        )
        out.append(Game(seed, record, live, tuple(before)))
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


Tamper = Callable[[random.Random, Game], "tuple[Entries, str] | None"]


def _with_entry(entries: Entries, index: int, entry: Entry[Any, Any]) -> Entries:
    return (*entries[:index], entry, *entries[index + 1 :])


def drop(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    entries = game.record.entries
    at = rng.randrange(len(entries))
    return (*entries[:at], *entries[at + 1 :]), f"drop {at}"


def duplicate(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    entries = game.record.entries
    at = rng.randrange(len(entries))
    to = at + 1 if rng.random() < 0.5 else rng.randrange(len(entries) + 1)
    return (*entries[:to], entries[at], *entries[to:]), f"copy {at} to {to}"


def _swap(entries: Entries, a: int, b: int) -> Entries | None:
    if a == b or entries[a] == entries[b]:
        return None
    out = list(entries)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def swap_adjacent(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    entries = game.record.entries
    if len(entries) < 2:
        return None
    at = rng.randrange(len(entries) - 1)
    swapped = _swap(entries, at, at + 1)
    return None if swapped is None else (swapped, f"swap {at} {at + 1}")


def swap_distant(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    entries = game.record.entries
    if len(entries) < 2:
        return None
    a, b = sorted(rng.sample(range(len(entries)), 2))
    swapped = _swap(entries, a, b)
    return None if swapped is None else (swapped, f"swap {a} {b}")


def change_face(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """One face an entry recorded turned into another face of a d20 (every m20 die)."""
    entries = game.record.entries
    rolled = [i for i, e in enumerate(entries) if e.faces]
    if not rolled:
        return None
    at = rng.choice(rolled)
    entry = entries[at]
    die = rng.randrange(len(entry.faces))
    face = rng.choice([f for f in range(1, 21) if f != entry.faces[die]])
    faces = (*entry.faces[:die], face, *entry.faces[die + 1 :])
    return _with_entry(
        entries, at, attrs.evolve(entry, faces=faces)
    ), f"face {die} of {at} -> {face}"


def change_faces(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """A face added to an entry, or one taken away."""
    entries = game.record.entries
    at = rng.randrange(len(entries))
    entry = entries[at]
    if entry.faces and rng.random() < 0.5:
        cut = rng.randrange(len(entry.faces))
        faces = (*entry.faces[:cut], *entry.faces[cut + 1 :])
        how = f"face {cut} of {at} dropped"
    else:
        faces = (*entry.faces, rng.randint(1, 20))
        how = f"a face added to {at}"
    return _with_entry(entries, at, attrs.evolve(entry, faces=faces)), how


def _with_event(entries: Entries, at: int, nth: int, event: Event) -> Entries:
    entry = entries[at]
    events = (*entry.events[:nth], event, *entry.events[nth + 1 :])
    return _with_entry(entries, at, attrs.evolve(entry, events=events))


def _an_event(
    rng: random.Random, game: Game, where: Callable[[Event], bool]
) -> tuple[int, int] | None:
    found = [
        (i, n)
        for i, entry in enumerate(game.record.entries)
        for n, event in enumerate(entry.events)
        if where(event)
    ]
    return rng.choice(found) if found else None


def change_term(
    rng: random.Random, game: Game, *, rejudge: bool = False
) -> tuple[Entries, str] | None:
    """One term of a check gets another value or label; the outcomes are left or judged again."""
    place = _an_event(rng, game, lambda e: _count(e, Term) > 0)
    if place is None:
        return None
    at, n = place
    event = game.record.entries[at].events[n]
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
    return _with_event(
        game.record.entries, at, n, tampered
    ), f"term {nth} of {at}.{n}: {what} ({how})"


def change_field(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """Any other recorded fact: one field of an event, a strike or a check gets another value.

    Flags (``hit``, ``decisive``, ``escaped``, ``by_gm``...), numbers (HP, damage, rounds,
    groups), names (actors, targets, labels) and enums (modes, statuses, outcomes); dice and
    terms have their own tampers.
    """
    place = _an_event(rng, game, lambda e: True)
    if place is None:
        return None
    at, n = place
    event = game.record.entries[at].events[n]
    tampered, what = _mutated_node(rng, game, event)
    if tampered is None or tampered == event:
        return None
    return _with_event(game.record.entries, at, n, tampered), f"event {at}.{n}: {what}"


def change_command(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """One field of an entry's command gets another value (an actor, a target, a kind...)."""
    entries = game.record.entries
    at = rng.randrange(len(entries))
    entry = entries[at]
    tampered, what = _mutated_node(rng, game, entry.command)
    if tampered is None or tampered == entry.command:
        return None
    return _with_entry(entries, at, attrs.evolve(entry, command=tampered)), f"command {at}: {what}"


def _mutated_node(rng: random.Random, game: Game, value: Any) -> tuple[Any, str]:
    """*value* with one field of one of its nodes changed, and what was changed."""
    nodes = _count(value, _Fact)
    if not nodes:
        return None, ""
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
        return _rebuild(value, _nth(_Fact, nth, replace)), what[0]
    except (TabletopRulesError, TypeError, ValueError):
        return None, ""  # a value its class refuses to hold


def move_event(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """An entry's last event moved to the start of the next entry, or the other way."""
    entries = game.record.entries
    if len(entries) < 2:
        return None
    at = rng.randrange(len(entries) - 1)
    first, second = entries[at], entries[at + 1]
    if rng.random() < 0.5 and first.events:
        moved = (
            attrs.evolve(first, events=first.events[:-1]),
            attrs.evolve(second, events=(first.events[-1], *second.events)),
        )
        how = f"last event of {at} moved on"
    elif second.events:
        moved = (
            attrs.evolve(first, events=(*first.events, second.events[0])),
            attrs.evolve(second, events=second.events[1:]),
        )
        how = f"first event of {at + 1} moved back"
    else:
        return None
    return (*entries[:at], *moved, *entries[at + 2 :]), how


def foreign_entry(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """An entry of another seeded combat put in place of one, or inserted."""
    other = rng.choice(seeded_games())
    if other.seed == game.seed or not other.record.entries:
        return None
    entries = game.record.entries
    at = rng.randrange(len(entries))
    taken = rng.randrange(len(other.record.entries))
    entry = other.record.entries[taken]
    if rng.random() < 0.5:
        return _with_entry(entries, at, entry), f"entry {at} -> seed {other.seed}'s {taken}"
    return (*entries[:at], entry, *entries[at:]), f"insert seed {other.seed}'s {taken} at {at}"


def gm_round_end(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """A RoundEnded rewritten as the GM's (``by_gm`` False to True), or back."""
    place = _an_event(rng, game, lambda e: isinstance(e, RoundEnded))
    if place is None:
        return None
    at, n = place
    event = game.record.entries[at].events[n]
    assert isinstance(event, RoundEnded)
    flipped = RoundEnded(round=event.round, by_gm=not event.by_gm)
    return _with_event(game.record.entries, at, n, flipped), f"by_gm of {at}.{n} -> {flipped.by_gm}"


def gm_combat_end(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """The automatic CombatEnded rewritten as the GM's ending (the GM's own event)."""
    place = _an_event(rng, game, lambda e: isinstance(e, CombatEnded))
    if place is None:
        return None
    at, n = place
    ruling = RULESET.decide(RULESET.start(game.record.setup), EndCombat(), ScriptedDice(()))
    if ruling[0] == game.record.entries[at].events[n]:
        return None
    return _with_event(game.record.entries, at, n, ruling[0]), f"CombatEnded {at} -> the GM's"


def play_after_end(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    """The automatic CombatEnded dropped from its entry, and play continued after the end.

    The continuation is played from the state without the CombatEnded with the rules of
    each command and the automatic events, every CombatEnded left out; or it is the record's
    own entries after the end (the GM's rulings).
    """
    entries = game.record.entries
    place = _an_event(rng, game, lambda e: isinstance(e, CombatEnded))
    if place is None:
        return None
    at, n = place
    entry = entries[at]
    if entry.command is not None and type(entry.command) is EndCombat:
        return None  # the GM ended it: play might have gone on instead
    cut = attrs.evolve(entry, events=entry.events[:n])
    before = (*entries[:at], cut)
    if rng.random() < 0.25 and at + 1 < len(entries):
        return (*before, *entries[at + 1 :]), f"drop CombatEnded of {at}, keep the rest"
    state = engine.fold(RULESET, game.before[at], cut.events)
    dice = SeededDice(rng.randrange(2**32))
    continued: list[Entry[Command, Event]] = []
    for _ in range(rng.randint(1, 4)):
        actors = [a for a in RULESET.actors(state) if a != GM]
        commands = [c for a in actors for c in RULESET.commands_of(state, a)]
        if not commands:
            break
        command = rng.choice(commands)
        recording = _Recording(dice)
        try:
            new = list(RULESET.command_rules[type(command)](state, command, recording))
        except TabletopRulesError:
            continue
        for event in new:
            state = RULESET.evolve(state, event)
        while (owed := RULESET.follow_up(state, recording)) is not None and not isinstance(
            owed, CombatEnded
        ):
            new.append(owed)
            state = RULESET.evolve(state, owed)
        continued.append(Entry(command=command, faces=recording.faces, events=new))
    if not continued:
        return None
    return (*before, *continued), f"drop CombatEnded of {at}, play {len(continued)} entries on"


class _Recording:
    """Dice that keep every face they hand out."""

    def __init__(self, dice: SeededDice) -> None:
        self.dice = dice
        self.faces: list[int] = []

    def roll(self, dice: Dice) -> Roll:
        roll = self.dice.roll(dice)
        self.faces.extend(roll.faces)
        return roll


def truncate(rng: random.Random, game: Game) -> tuple[Entries, str] | None:
    entries = game.record.entries
    cut = rng.randrange(len(entries))
    return entries[:cut], f"cut at {cut}"


TAMPERS: dict[str, Tamper] = {
    "drop": drop,
    "duplicate": duplicate,
    "swap_adjacent": swap_adjacent,
    "swap_distant": swap_distant,
    "change_face": change_face,
    "change_faces": change_faces,
    "change_term": change_term,
    "change_term_rejudged": functools.partial(change_term, rejudge=True),
    "change_field": change_field,
    "change_command": change_command,
    "move_event": move_event,
    "foreign_entry": foreign_entry,
    "gm_round_end": gm_round_end,
    "gm_combat_end": gm_combat_end,
    "play_after_end": play_after_end,
    "truncate": truncate,
}


# --------------------------------------------------------------------------- comparing


def _first_difference(a: Entries, b: Entries) -> int:
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return index
    return min(len(a), len(b))


def replay_verdict(setup: CombatSetup, entries: Entries) -> tuple[int | None, Any]:
    """``engine.replay``'s verdict: (None, state) or (index, error); a crash is re-raised."""
    record: Record = GameRecord(
        system="m20", rules_version=RULESET.rules_version, setup=setup, entries=entries
    )
    try:
        return None, engine.replay(record, RULESET)
    except CorruptRecord as error:
        return error.index, error


def compare(game: Game, entries: Entries, how: str, *, scratch: bool = False) -> tuple[bool, str]:
    """Compare the oracle's verdict on *entries* with ``engine.replay``'s.

    Returns whether the oracle finds the record valid, and the disagreement found (empty
    when both accept it with the same state, or both refuse it at the same index).
    Every 97th tamper (*scratch*) the oracle also walks from the start, to check that
    resuming from the untampered record's state changes nothing.
    """
    changed = _first_difference(game.record.entries, entries)
    setup = game.record.setup
    verdict = oracle(setup, entries, resume=game.resume_at(changed))
    if scratch:
        assert verdict == oracle(setup, entries), "resuming changed the verdict"
    if verdict.index is not None:
        assert verdict.index >= changed, "the oracle refuses the untouched prefix"
    where = f"seed {game.seed}, {how}"
    try:
        index, found = replay_verdict(setup, entries)
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
        if made is None or made[0] == game.record.entries:
            continue
        entries, how = made
        valid, problem = compare(game, entries, how, scratch=tally["tampers"] % 97 == 0)
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
    ended = sum(any(isinstance(e, CombatEnded) for e in g.record.events) for g in games_)
    assert ended >= len(games_) // 2
    for game in games_:
        assert game.live == engine.replay(game.record, RULESET)
        assert game.live == engine.replay(game.record, RULESET, trusted=True)


@pytest.mark.parametrize(
    ("kind", "least_invalid"),
    [
        # Dropping the last entry leaves a shorter legal record, and dropping one that
        # nothing after it needs (a focus whose round passed) may leave a legal record too.
        ("drop", 0.8),
        ("duplicate", 0.9),
        ("swap_adjacent", 0.8),
        ("swap_distant", 0.9),
        # Every face is recorded in an event: another face gives other events.
        ("change_face", 1.0),
        ("change_faces", 1.0),
        # The terms are the rules' own: any other term is refused.
        ("change_term", 1.0),
        ("change_term_rejudged", 1.0),
        ("change_field", 1.0),
        # A command may hold a choice that did not matter (a reroll item not needed).
        ("change_command", 0.9),
        ("move_event", 1.0),
        ("foreign_entry", 0.8),
    ],
)
def test_tampered_records_get_the_oracles_verdict(kind: str, least_invalid: float) -> None:
    """M20-049, M20-051, M20-065: a tampered record is refused exactly where no play fits.

    Dropped, duplicated, swapped (adjacent and distant) entries, a face changed, added or
    taken away, a term's value or label changed (with the checks' outcomes left, or judged
    again so that the event is consistent), any other field of an event changed (a flag, an
    HP, a name, a status), a command's field changed, an event moved across the boundary of
    two entries, an entry of another combat put in:
    ``engine.replay`` must accept exactly the records the oracle accepts, with the state
    the oracle reaches, and refuse the others with ``CorruptRecord.index`` equal to the
    oracle's first entry that no legal play gives (never a later one).
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
    play gives, refused at the rewritten entry by the oracle and by replay.
    """
    tally, problems = run_tampers(kind, TAMPERS_PER_KIND // 2)

    assert not problems, _report(problems)
    assert TAMPERS_PER_KIND // 2 == tally["tampers"] == tally["invalid"], tally


def test_play_after_the_combat_ended_is_refused() -> None:
    """M20-065: the combat ends when one side is left; a record that plays on is refused.

    The CombatEnded the rules owe is dropped from its entry, and the record goes on with
    entries played after it (or the GM's rulings that followed it): the entry it was dropped
    from is the first that no legal play gives, for the oracle and for replay alike.
    """
    tally, problems = run_tampers("play_after_end", TAMPERS_PER_KIND)

    assert not problems, _report(problems)
    assert TAMPERS_PER_KIND == tally["tampers"] == tally["invalid"], tally


def test_truncated_records_replay_to_the_oracles_state() -> None:
    """M20-049, M20-051: a record cut after any entry is valid.

    Verified replay must accept it and give the state the oracle reaches, as trusted replay
    does.
    """
    tally, problems = run_tampers("truncate", TAMPERS_PER_KIND)

    assert not problems, _report(problems)
    assert TAMPERS_PER_KIND == tally["tampers"] == tally["valid"], tally
    rng = random.Random("truncate trusted")
    for game in seeded_games():
        cut = rng.randrange(len(game.record.entries) + 1)
        record = attrs.evolve(game.record, entries=game.record.entries[:cut])
        assert engine.replay(record, RULESET, trusted=True) == engine.replay(record, RULESET)
        assert game.before[cut] == engine.replay(record, RULESET)


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
    verdict = oracle(record.setup, record.entries)
    live = engine.fold(RULESET, RULESET.start(record.setup), record.events)

    assert Verdict(None, live) == verdict
    assert live == engine.replay(record, RULESET)
    assert live == engine.replay(record, RULESET, trusted=True)
    if not record.entries:
        return
    before = [RULESET.start(record.setup)]
    for entry in record.entries:
        before.append(engine.fold(RULESET, before[-1], entry.events))
    game = Game(-1, record, live, tuple(before))
    problems: list[str] = []
    for _ in range(6):
        made = TAMPERS[rng.choice(sorted(k for k in TAMPERS if k != "foreign_entry"))](rng, game)
        if made is None or made[0] == record.entries:
            continue
        _, problem = compare(game, made[0], made[1])
        if problem:
            problems.append(problem)
    assert not problems, _report(problems)


def test_ruling_an_unconscious_npc_unconscious_again_is_refused() -> None:
    """M20-065, M20-066: a fallen non-player character is ruled unconscious once, then dead.

    ``a`` (7 HP) hits ``b``, a GM-run character at 1 HP, with 20 against 1: ``b`` falls, the
    combat ends (one side left), and the GM rules ``b`` unconscious.  The only ruling left
    is dead (``legal_commands``); a record that repeats the unconscious ruling is one no
    legal play gives, refused at the repeated entry by the oracle and by replay.
    """
    setup = CombatSetup(
        participants=[
            Participant(id="a", character=_plain("A"), side="heroes"),
            Participant(id="b", character=_plain("B"), side="foes", player=False, hp=1),
        ]
    )
    state, record = engine.begin(RULESET, setup, ScriptedDice(()))
    attack = Attack(actor="a", targets=("b",))
    for command, faces in ((attack, (20, 1)), (RuleFallen(target="b", dead=False), ())):
        state, entry = engine.step(RULESET, state, command, ScriptedDice(faces))
        record = record.append(entry)
    forged = (*record.entries, record.entries[-1])

    assert (RuleFallen(target="b", dead=True),) == RULESET.legal_commands(state)
    assert Verdict(len(record.entries), None) == oracle(setup, forged)
    with pytest.raises(CorruptRecord) as raised:
        engine.replay(attrs.evolve(record, entries=forged), RULESET)
    assert len(record.entries) == raised.value.index


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
    caller may build one.  Trusted replay names its entry with ``CorruptRecord``; verified
    replay must do the same (the oracle refuses it there too), not fail with an
    ``AttributeError`` that is no ``TabletopRulesError``.
    """
    game = next(g for g in seeded_games() if any(type(e).__name__ == kind for e in g.record.events))
    entries = game.record.entries
    at, n = next(
        (i, n)
        for i, entry in enumerate(entries)
        for n, event in enumerate(entry.events)
        if type(event).__name__ == kind
    )
    record = attrs.evolve(
        game.record, entries=_with_event(entries, at, n, malform(entries[at].events[n]))
    )

    assert at == oracle(record.setup, record.entries).index
    for trusted in (True, False):
        with pytest.raises(CorruptRecord) as raised:
            engine.replay(record, RULESET, trusted=trusted)
        assert at == raised.value.index
