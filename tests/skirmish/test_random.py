"""Random legal skirmish games: the rules' own laws of play (SK-07, SK-27, SK-30, SK-31, SK-45).

The engine's laws (replay, JSON, refusals, menus) are checked by ``test_laws.py``.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import ScriptedDice, SeededDice, engine
from tabletop_rules.engine import GameRecord
from tabletop_rules.skirmish import (
    RULESET,
    Advanced,
    CombatSetup,
    CombatState,
    Command,
    Declared,
    Ended,
    Event,
    Rolled,
    TurnEnded,
)
from tabletop_rules.skirmish.strategies import setups
from tabletop_rules.testing.strategies import games

GAMES = games(RULESET, setups(), max_steps=150)


def _states(record: GameRecord[CombatSetup, Command, Event]) -> list[tuple[CombatState, Event]]:
    """Every event of *record* with the state it was folded into."""
    state = RULESET.start(record.setup)
    seen = []
    for event in record.events:
        seen.append((state, event))
        state = RULESET.evolve(state, event)
    return seen


def _faces(event: Advanced) -> list[int]:
    """The faces the checks of *event*'s steps rolled, in order."""
    found: list[int] = []
    for taken in event.steps:
        if isinstance(taken, Rolled):
            for roll in (*taken.result.rolls, *getattr(taken.result.against, "rolls", ())):
                found.extend(roll.faces)
    return found


@given(GAMES)
def test_steps_taken_while_planned_equal_their_fold(
    record: GameRecord[CombatSetup, Command, Event],
) -> None:
    """SK-30: the state the rules build while they plan an ``Advanced`` event is its fold.

    The rules plan it with the faces its checks rolled, and roll nothing else.
    """
    for state, event in _states(record):
        if isinstance(event, Advanced):
            dice = ScriptedDice(_faces(event))
            assert RULESET.advance(state, dice) == (event, RULESET.evolve(state, event))
            assert not dice.remaining


@given(GAMES)
def test_ap_never_below_zero(record: GameRecord[CombatSetup, Command, Event]) -> None:
    """SK-07, SK-27: no character ever has negative AP."""
    for state, _ in _states(record):
        assert all(u.ap >= 0 for u in state.units)


@given(GAMES)
def test_markers_expire_on_time(record: GameRecord[CombatSetup, Command, Event]) -> None:
    """SK-45, SK-46, SK-42: each turn end lowers every marker by 1 and removes those at 0."""
    for state, event in _states(record):
        if isinstance(event, TurnEnded):
            after = RULESET.evolve(state, event)
            for before_unit, after_unit in zip(state.units, after.units, strict=True):
                expected = [m.turns - 1 for m in before_unit.markers if m.turns > 1]
                assert [m.turns for m in after_unit.markers] == expected
        assert all(1 <= m.turns <= 6 for u in state.units for m in u.markers)


@given(GAMES)
def test_the_stack_resolves_last_in_first_out(
    record: GameRecord[CombatSetup, Command, Event],
) -> None:
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
def test_play_never_stalls(setup: CombatSetup, seed: int) -> None:
    """SK-09, SK-32, SK-33: until the game is over, someone can always act."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, _ = engine.begin(RULESET, setup, dice)
    for _ in range(300):
        if RULESET.is_over(state):
            return
        commands = RULESET.legal_commands(state)
        assert commands, "play stalled"
        state = engine.step(RULESET, state, commands[rng.randrange(len(commands))], dice)[0]
