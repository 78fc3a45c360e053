"""Random legal skirmish games: the laws of play (SK-07, SK-27, SK-31, SK-45, SK-52)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import IllegalCommand, SeededDice, engine
from tabletop_rules.engine import GameRecord, Registry
from tabletop_rules.serialization import from_json, make_converter, to_json
from tabletop_rules.skirmish import (
    RULESET,
    Advanced,
    Declared,
    Ended,
    Event,
    Setup,
    State,
    TurnEnded,
)
from tabletop_rules.skirmish.strategies import setups
from tabletop_rules.testing.strategies import games

REGISTRY = Registry().with_rulesets(RULESET)
CONVERTER = make_converter(registry=REGISTRY)
GAMES = games(RULESET, setups(), max_steps=150)


def _states(record: GameRecord[Setup, Event]) -> list[tuple[State, Event]]:
    state = RULESET.start(record.setup)
    seen = []
    for event in record.events:
        seen.append((state, event))
        state = RULESET.evolve(state, event)
    return seen


@given(GAMES)
def test_verified_replay_equals_live_state(record: GameRecord[Setup, Event]) -> None:
    """SK-30: every recorded die replays; verified and trusted replay give the same state."""
    live = engine.fold(RULESET, RULESET.start(record.setup), record.events)
    assert engine.replay(record, RULESET) == live
    assert engine.replay(record, RULESET, trusted=True) == live


@given(GAMES)
def test_steps_taken_while_planned_equal_their_fold(record: GameRecord[Setup, Event]) -> None:
    """SK-30: the state the rules build while they plan an ``Advanced`` event is its fold."""
    for state, event in _states(record):
        if isinstance(event, Advanced):
            assert RULESET.advance(state) == (event, RULESET.evolve(state, event))


@given(GAMES)
def test_records_and_states_round_trip_through_json(record: GameRecord[Setup, Event]) -> None:
    """SK-01: records and states survive JSON."""
    state = engine.replay(record, RULESET, trusted=True)
    text = to_json(record, converter=CONVERTER)
    assert from_json(text, GameRecord, converter=CONVERTER) == record
    assert from_json(to_json(state, converter=CONVERTER), State, converter=CONVERTER) == state


@given(GAMES)
def test_ap_never_below_zero(record: GameRecord[Setup, Event]) -> None:
    """SK-07, SK-27: no character ever has negative AP."""
    for state, _ in _states(record):
        assert all(u.ap >= 0 for u in state.units)


@given(GAMES)
def test_markers_expire_on_time(record: GameRecord[Setup, Event]) -> None:
    """SK-45, SK-46, SK-42: each turn end lowers every marker by 1 and removes those at 0."""
    for state, event in _states(record):
        if isinstance(event, TurnEnded):
            after = RULESET.evolve(state, event)
            for before_unit, after_unit in zip(state.units, after.units, strict=True):
                expected = [m.turns - 1 for m in before_unit.markers if m.turns > 1]
                assert [m.turns for m in after_unit.markers] == expected
        assert all(1 <= m.turns <= 6 for u in state.units for m in u.markers)


@given(GAMES)
def test_the_stack_resolves_last_in_first_out(record: GameRecord[Setup, Event]) -> None:
    """SK-31: actions end in the reverse order of their declarations."""
    open_actions: list[str] = []
    for _, event in _states(record):
        if isinstance(event, Declared):
            open_actions.append(event.action.unit)
        elif isinstance(event, Advanced):
            for taken in event.steps:
                if isinstance(taken, Ended):
                    assert open_actions.pop() == taken.unit


@settings(max_examples=20)
@given(setups(), st.integers(0, 2**32 - 1))
def test_legal_commands_are_never_refused_and_play_never_stalls(setup: Setup, seed: int) -> None:
    """SK-09, SK-32, SK-33: every offered command is accepted; someone can always act."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state = RULESET.start(setup)
    for _ in range(300):
        if RULESET.is_over(state):
            return
        commands = RULESET.legal_commands(state)
        assert commands, "play stalled"
        for command in commands:
            try:
                RULESET.decide(state, command, SeededDice(seed))
            except IllegalCommand as error:  # pragma: no cover - a failure
                raise AssertionError(f"{command} refused: {error}") from error
        state = engine.step(RULESET, state, commands[rng.randrange(len(commands))], dice)[0]


@settings(max_examples=10)
@given(setups(sample=False), st.integers(0, 1000))
def test_random_cards_play_and_replay(setup: Setup, seed: int) -> None:
    """SK-01, SK-52: games of random valid cards play and replay, verified."""
    from tabletop_rules.simulation import play

    record = play(RULESET, setup, seed=seed, max_steps=200)
    assert engine.replay(record, RULESET) == engine.fold(
        RULESET, RULESET.start(setup), record.events
    )


def test_a_corrupt_record_names_its_event() -> None:
    """SK-30: a record whose roll was changed does not verify."""
    from tabletop_rules import CorruptRecord
    from tabletop_rules.simulation import play
    from tabletop_rules.skirmish import Rolled, sample_setup

    record = play(RULESET, sample_setup(), seed=3)
    index = next(i for i, e in enumerate(record.events) if isinstance(e, Rolled))
    event = record.events[index]
    assert isinstance(event, Rolled)
    changed = Rolled(event.actor, event.result, event.ap + 5)
    events = (*record.events[:index], changed, *record.events[index + 1 :])
    with pytest.raises(CorruptRecord) as raised:
        engine.replay(attrs.evolve(record, events=events), RULESET)
    assert raised.value.index == index
