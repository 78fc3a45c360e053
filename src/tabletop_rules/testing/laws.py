"""The engine's laws, as a test suite that any rule system runs.

Every ruleset of the library, and every rule system a contributor writes, keeps the same
promises: a replay rebuilds the live state exactly, a record survives JSON, a refused command
changes nothing, every command a menu offers is accepted and nothing else is, who may act is
who the menus name, a tampered record is refused at the entry that was changed, every event
and every command has words in every locale, and damaged JSON is refused with
:class:`~tabletop_rules.errors.InvalidData`.
:func:`suite` turns them into a pytest test class for one system; each law is also a plain
function of a played game (:class:`Played`), for a test of one's own.

>>> from tabletop_rules.m20 import SYSTEM
>>> from tabletop_rules.testing import laws
>>> TestM20Laws = laws.suite(SYSTEM)  # pytest collects the class and runs every law

It imports Hypothesis (install the ``hypothesis`` extra).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from tabletop_rules._hypothesis import require_hypothesis

try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
    from hypothesis.strategies import SearchStrategy
except ImportError as error:
    require_hypothesis(__name__, error)
    raise

import contextlib
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, cast

import attrs

from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import (
    CommandT,
    Entry,
    EventT,
    GameRecord,
    SetupT,
    StateT,
    begin,
    replay,
    step,
)
from tabletop_rules.errors import CorruptRecord, IllegalCommand, InvalidData, TabletopRulesError
from tabletop_rules.i18n import LOCALES
from tabletop_rules.systems import RuleSystem

__all__ = [
    "Played",
    "check_json",
    "check_legal_commands_are_accepted",
    "check_only_legal_commands_are_accepted",
    "check_replay",
    "check_tampering",
    "check_to_act",
    "check_words",
    "games",
    "suite",
]


@attrs.frozen(kw_only=True)
class Played(Generic[SetupT, StateT, CommandT, EventT]):
    """A game played by random legal play: its record, and the live state after each entry.

    .. versionadded:: 0.1.0
    """

    #: The system played.
    system: RuleSystem[SetupT, StateT, CommandT, EventT]
    #: The record of the game.
    record: GameRecord[SetupT, CommandT, EventT]
    #: The live state after :func:`~tabletop_rules.engine.begin`, then after each entry
    #: that has a command: one more than the commands played.
    states: tuple[StateT, ...]
    #: The seed of the dice it was played with.
    seed: int

    @property
    def final(self) -> StateT:
        """The live state at the end of the game."""
        return self.states[-1]


def games(
    system: RuleSystem[SetupT, StateT, CommandT, EventT],
    *,
    setups: SearchStrategy[SetupT] | None = None,
    max_steps: int = 40,
) -> SearchStrategy[Played[SetupT, StateT, CommandT, EventT]]:
    """Games of *system* played by random legal play, with every live state kept.

    Each example draws a setup (from *setups*, or the ``setups()`` of the system's
    strategies module) and a seed, begins the game with ``SeededDice(seed)``, then plays one
    of ``legal_commands`` at a time until the game is over, nothing is legal, or *max_steps*
    commands have been played. Shrinking makes games shorter and prefers the first command.

    Raises:
        hypothesis.errors.InvalidArgument: *system* is no rule system, *setups* no strategy,
            or *max_steps* not a whole number of 0 or more; or *setups* is not given and the
            system names no strategies.

    .. versionadded:: 0.1.0
    """
    if not isinstance(system, RuleSystem):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise InvalidArgument(f"system={system!r} must be a RuleSystem")
    if type(max_steps) is not int or max_steps < 0:
        raise InvalidArgument(f"max_steps={max_steps!r} must be a whole number, 0 or more")
    if setups is None:
        if system.strategies is None:
            raise InvalidArgument(f"{system.name} names no strategies: pass setups=")
        setups = system.strategies_module().setups()
    if not isinstance(setups, SearchStrategy):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise InvalidArgument(f"setups={setups!r} must be a strategy")
    drawn_setups = setups
    ruleset = system.ruleset

    @st.composite
    def play(draw: st.DrawFn) -> Played[SetupT, StateT, CommandT, EventT]:
        setup = draw(drawn_setups)
        seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
        dice = SeededDice(seed)
        state, record = begin(ruleset, setup, dice)
        states = [state]
        entries: list[Entry[CommandT, EventT]] = []
        for _ in range(max_steps):
            if ruleset.is_over(state):
                break
            commands = ruleset.legal_commands(state)
            if not commands:
                break
            command = draw(st.sampled_from(commands))
            state, entry = step(ruleset, state, command, dice)
            entries.append(entry)
            states.append(state)
        return Played(system=system, record=record.extend(entries), states=tuple(states), seed=seed)

    return play()


# --------------------------------------------------------------------------- the laws


def check_replay(played: Played[Any, Any, Any, Any]) -> None:
    """A verified replay and a trusted one both rebuild the live state, at the end and midway.

    Raises:
        AssertionError: A replay gives another state than live play did.
    """
    ruleset = played.system.ruleset
    record = played.record
    assert replay(record, ruleset) == played.final, "verified replay differs from live play"
    assert replay(record, ruleset, trusted=True) == played.final, (
        "trusted replay (folding the events) differs from live play: an automatic event's "
        "planned state is not the fold of the event"
    )
    opening = 1 if record.entries and record.entries[0].command is None else 0
    middle = (len(record.entries) - opening) // 2
    cut = attrs.evolve(record, entries=record.entries[: opening + middle])
    assert replay(cut, ruleset) == played.states[middle], "a cut record replays to another state"


def check_json(played: Played[Any, Any, Any, Any]) -> None:
    """The record, and every live state, come back equal from JSON.

    Raises:
        AssertionError: A value does not round-trip.
    """
    from tabletop_rules.serialization import from_json, to_json

    record = played.record
    assert from_json(to_json(record), GameRecord) == record, "the record does not round-trip"
    state_type: Any = played.system.ruleset.state_type
    for state in (played.states[0], played.final):
        assert from_json(to_json(state), state_type) == state, "a state does not round-trip"


def _actors(commands: tuple[Any, ...]) -> set[str]:
    found: set[str] = set()
    for command in commands:
        actor = getattr(command, "actor", None)
        assert isinstance(actor, str), f"{type(command).__name__} names no actor"
        found.add(actor)
    return found


def check_to_act(played: Played[Any, Any, Any, Any]) -> None:
    """At every state, ``to_act`` is exactly the actors of ``legal_commands``, each by itself.

    Raises:
        AssertionError: Someone may act with nothing to send, or sends without being named.
    """
    ruleset = played.system.ruleset
    for state in played.states:
        commands = ruleset.legal_commands(state)
        actors = ruleset.to_act(state)
        assert set(actors) == _actors(commands), "to_act is not the actors of legal_commands"
        for actor in actors:
            own = ruleset.legal_commands(state, actor=actor)
            assert own, f"{actor} may act but has no command"
            assert {getattr(c, "actor", None) for c in own} == {actor}


def check_legal_commands_are_accepted(
    played: Played[Any, Any, Any, Any], seed: int, states: Iterable[Any] | None = None
) -> None:
    """Every command ``legal_commands`` offers is decided without refusal.

    Args:
        played: The game.
        seed: The seed of the dice each command is decided with.
        states: The states to check, every live state of the game if not given.

    Raises:
        AssertionError: A command a menu offers is refused.
    """
    ruleset = played.system.ruleset
    for state in played.states if states is None else states:
        for command in ruleset.legal_commands(state):
            try:
                step(ruleset, state, command, SeededDice(seed))
            except IllegalCommand as error:
                raise AssertionError(f"{command!r} is offered but refused: {error}") from error


def check_only_legal_commands_are_accepted(
    played: Played[Any, Any, Any, Any], state: Any, command: Any, seed: int
) -> None:
    """*command* at *state* is refused and changes nothing, unless a menu offers its form.

    Its form is its :attr:`~tabletop_rules.systems.RuleSystem.menu_form`: a command with a
    free parameter (a GM's chosen difficulty) is offered in one form.

    Raises:
        AssertionError: A command no menu offers is accepted, a refusal changes the state or
            its menus, or something else than the library's own error is raised.
    """
    system = played.system
    ruleset = system.ruleset
    form = system.menu_form
    before = ruleset.legal_commands(state)
    offered = {form(c) for c in before}
    try:
        step(ruleset, state, command, SeededDice(seed))
    except IllegalCommand:
        assert ruleset.legal_commands(state) == before, "a refused command changed the menus"
        return
    except TabletopRulesError:
        return  # a malformed command built in Python: refused too, with the library's error
    assert form(command) in offered, f"{command!r} is accepted but no menu offers it"


def _tampered_faces(faces: tuple[int, ...], at: int) -> tuple[int, ...]:
    face = faces[at]
    return (*faces[:at], 1 if face > 1 else 2, *faces[at + 1 :])


def check_tampering(played: Played[Any, Any, Any, Any], index: int, kind: int) -> None:
    """A record with entry *index* changed is refused by verified replay at that entry.

    *kind* picks the change: a face turned into another, an event dropped, an event
    repeated, or a face added.

    Raises:
        AssertionError: The changed record is accepted, or refused at another entry.
    """
    record = played.record
    if not record.entries:
        return
    index %= len(record.entries)
    entry = record.entries[index]
    changes: list[Entry[Any, Any]] = []
    if entry.faces:
        changes.append(
            attrs.evolve(entry, faces=_tampered_faces(entry.faces, kind % len(entry.faces)))
        )
    if entry.events:
        changes.append(attrs.evolve(entry, events=entry.events[:-1]))
        changes.append(attrs.evolve(entry, events=(*entry.events, entry.events[-1])))
    changes.append(attrs.evolve(entry, faces=(*entry.faces, 1)))
    changed = changes[kind % len(changes)]
    tampered = attrs.evolve(
        record, entries=(*record.entries[:index], changed, *record.entries[index + 1 :])
    )
    refused: CorruptRecord | None = None
    try:
        replay(tampered, played.system.ruleset)
    except CorruptRecord as error:
        refused = error
    assert refused is not None, f"a record changed at entry {index} was accepted"
    assert refused.index == index, f"refused at entry {refused.index}, changed at {index}"


def check_words(played: Played[Any, Any, Any, Any]) -> None:
    """Every event of the game, and every command a menu offered, has words in every locale.

    Raises:
        AssertionError: A line is empty, or a renderer breaks.
    """
    system = played.system
    final = played.final
    for locale in LOCALES:
        for event in played.record.events:
            assert system.describe(event, locale, state=final), f"no words for {event!r}"
        for state in (played.states[0], final):
            for command in system.ruleset.legal_commands(state):
                assert system.command_label(command, locale, state=state)


def _mangled(document: Any, data: st.DataObject) -> Any:
    """*document* with one value somewhere replaced by another of a wrong kind."""
    places: list[tuple[Any, Any]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            mapping = cast("dict[str, object]", node)
            places.extend((mapping, key) for key in mapping)
            for value in mapping.values():
                walk(value)
        elif isinstance(node, list):
            items = cast("list[object]", node)
            places.extend((items, i) for i in range(len(items)))
            for value in items:
                walk(value)

    walk(document)
    if not places:
        return None
    parent, key = data.draw(st.sampled_from(places))
    wrong: list[object] = [None, -1, 10**30, "", "?", [], {}, True, 1.5]
    parent[key] = data.draw(st.sampled_from(wrong))
    return document


# --------------------------------------------------------------------------- the suite


def _field_names(value: object) -> list[str]:
    """The names of the attrs fields of *value*'s class (none for another class)."""
    cls: type[Any] = type(value)
    return [field.name for field in attrs.fields(cls)] if attrs.has(cls) else []


def _draws(played: Played[Any, Any, Any, Any], data: st.DataObject) -> Iterator[tuple[Any, Any]]:
    """States of *played*, each with a command to throw at it: offered elsewhere, or mutated."""
    ruleset = played.system.ruleset
    pool: list[Any] = [c for s in played.states for c in ruleset.legal_commands(s)]
    if not pool:
        return
    for _ in range(3):
        state: Any = data.draw(st.sampled_from(played.states))
        command: Any = data.draw(st.sampled_from(pool))
        names = _field_names(command)
        mutate: bool = data.draw(st.booleans())
        if names and mutate:
            name: str = data.draw(st.sampled_from(names))
            values: list[object] = [getattr(c, name) for c in pool if type(c) is type(command)]
            for other in pool:
                values.extend(getattr(other, field) for field in _field_names(other))
            value: object = data.draw(st.sampled_from(values))
            try:
                command = attrs.evolve(command, **{name: value})
            except (TabletopRulesError, TypeError, ValueError):
                continue  # the class itself refuses the value: no command to send
        yield state, command


def suite(
    system: RuleSystem[SetupT, StateT, CommandT, EventT],
    *,
    setups: SearchStrategy[SetupT] | None = None,
    max_steps: int = 40,
    examples: float = 1.0,
) -> type:
    """A pytest test class that checks every law on random games of *system*.

    Assign it to a name that starts with ``Test`` in a test module::

        TestDuelLaws = laws.suite(SYSTEM)

    Args:
        system: The rule system.
        setups: A strategy for its setups; by default its strategies module's ``setups()``.
        max_steps: The most commands of a game.
        examples: The share of the Hypothesis profile's ``max_examples`` each law runs.

    Raises:
        hypothesis.errors.InvalidArgument: As :func:`games` raises.

    .. versionadded:: 0.1.0
    """
    strategy = games(system, setups=setups, max_steps=max_steps)
    if not isinstance(examples, int | float) or not 0 < examples <= 10:  # pyright: ignore[reportUnnecessaryIsInstance]
        raise InvalidArgument(f"examples={examples!r} must be a number above 0, at most 10")
    runs = max(1, round(settings().max_examples * examples))
    quick = settings(
        max_examples=runs,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )

    def law(check: Callable[..., None]) -> Callable[..., None]:
        @quick
        @given(played=strategy, data=st.data())
        def test(self: object, played: Played[Any, Any, Any, Any], data: st.DataObject) -> None:
            check(played, data)

        test.__doc__ = check.__doc__
        return test

    def replays(played: Played[Any, Any, Any, Any], _: st.DataObject) -> None:
        check_replay(played)

    def round_trips(played: Played[Any, Any, Any, Any], _: st.DataObject) -> None:
        check_json(played)

    def actors(played: Played[Any, Any, Any, Any], _: st.DataObject) -> None:
        check_to_act(played)

    def accepted(played: Played[Any, Any, Any, Any], data: st.DataObject) -> None:
        some = [data.draw(st.sampled_from(played.states)) for _ in range(3)]
        check_legal_commands_are_accepted(played, data.draw(st.integers(0, 2**32)), some)

    def refused(played: Played[Any, Any, Any, Any], data: st.DataObject) -> None:
        for state, command in _draws(played, data):
            check_only_legal_commands_are_accepted(
                played, state, command, data.draw(st.integers(0, 2**32))
            )

    def tampered(played: Played[Any, Any, Any, Any], data: st.DataObject) -> None:
        check_tampering(played, data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 7)))

    def worded(played: Played[Any, Any, Any, Any], _: st.DataObject) -> None:
        check_words(played)

    def garbage(played: Played[Any, Any, Any, Any], data: st.DataObject) -> None:
        from tabletop_rules.serialization import from_json, to_json

        state_type: Any = system.ruleset.state_type
        kinds: tuple[tuple[object, Any], ...] = (
            (played.record, GameRecord),
            (played.final, state_type),
        )
        for value, kind in kinds:
            mangled = _mangled(json.loads(to_json(value)), data)
            if mangled is None:
                continue
            with contextlib.suppress(InvalidData):  # or read: a damage that still fits
                from_json(json.dumps(mangled), kind)

    namespace = {
        "__doc__": f"The engine's laws on random games of {system.name}.",
        "test_replay_equals_live_play": law(replays),
        "test_records_and_states_round_trip_through_json": law(round_trips),
        "test_to_act_is_the_actors_of_legal_commands": law(actors),
        "test_every_legal_command_is_accepted": law(accepted),
        "test_other_commands_are_refused_and_change_nothing": law(refused),
        "test_a_tampered_record_is_refused_at_the_changed_entry": law(tampered),
        "test_every_event_and_command_has_words": law(worded),
        "test_damaged_json_is_refused_with_invalid_data": law(garbage),
    }
    return type(f"Test{system.name.title().replace('_', '')}Laws", (), namespace)
