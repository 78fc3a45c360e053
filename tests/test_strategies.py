"""The public Hypothesis strategies (DESIGN.md "Hypothesis strategies")."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import attrs
import cattrs
import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import _tabletop_rules_hypothesis
from tabletop_rules import (
    CheckResult,
    Dice,
    Difficulty,
    Distribution,
    GameRecord,
    GameResult,
    IllegalCommand,
    Opposition,
    Outcome,
    Roll,
    Term,
    from_json,
    make_converter,
    replay,
    to_json,
)
from tabletop_rules.dice import DiceSource
from tabletop_rules.serialization import register_tagged_union
from tabletop_rules.systems import Registry, RuleSystem
from tabletop_rules.testing import strategies as ts

# -- a minimal ruleset: count up to a target -----------------------------------------------------


@attrs.frozen
class Setup:
    target: int


@attrs.frozen
class State:
    target: int
    value: int = 0


@attrs.frozen
class Add:
    amount: int


@attrs.frozen
class RollAdd:
    """Add 1D3."""


@attrs.frozen
class Added:
    amount: int


@attrs.frozen
class Rolled:
    roll: Roll


Command = Add | RollAdd
Event = Added | Rolled
D3 = Dice(1, 3)


class Counter:
    """Players add 1, 2 or 1D3 until the count reaches the target."""

    name = "counter"
    rules_version = "1"
    setup_type = Setup
    state_type = State
    command_type = Command
    event_type = Event

    def configure_converter(self, converter: cattrs.Converter) -> None:
        register_tagged_union(converter, Command)
        register_tagged_union(converter, Event)

    def start(self, setup: Setup) -> State:
        return State(setup.target)

    def decide(self, state: State, command: Command, dice: DiceSource) -> tuple[Event, ...]:
        if self.is_over(state):
            raise IllegalCommand("game_over")
        if isinstance(command, Add):
            return (Added(command.amount),)
        return (Rolled(dice.roll(D3)),)

    def evolve(self, state: State, event: Event) -> State:
        amount = event.amount if isinstance(event, Added) else event.roll.total
        return attrs.evolve(state, value=state.value + amount)

    def legal_commands(self, state: State) -> tuple[Command, ...]:
        return () if self.is_over(state) else (Add(1), Add(2), RollAdd())

    def to_act(self, state: State) -> tuple[str, ...]:
        return () if self.is_over(state) else ("player",)

    def is_over(self, state: State) -> bool:
        return state.value >= state.target

    def outcome(self, state: State) -> GameResult | None:
        return GameResult(winners=("player",), reason="reached") if self.is_over(state) else None


COUNTER = Counter()
# find() without shrinking: these tests only need some example, not the simplest.
NO_SHRINK = settings(phases=[Phase.generate], database=None, max_examples=1000)
REGISTRY = Registry().with_systems(
    RuleSystem(
        name="counter",
        ruleset=COUNTER,
        title="counter",
        describe=lambda event, locale="en", *, state=None: repr(event),
        command_label=lambda command, locale="en", *, state=None: repr(command),
    )
)
SETUPS = st.builds(Setup, target=st.integers(min_value=0, max_value=30))


# -- games ---------------------------------------------------------------------------------------


@given(ts.games(COUNTER, SETUPS))
def test_games_replay_to_a_finished_state(record: GameRecord[Setup, Command, Event]) -> None:
    """A random game (well within max_steps) replays to a state that is over."""
    assert True is COUNTER.is_over(replay(record, registry=REGISTRY))


@given(ts.games(COUNTER, SETUPS))
def test_games_record_the_ruleset(record: GameRecord[Setup, Command, Event]) -> None:
    """The record names the ruleset and its rules version."""
    assert ("counter", "1") == (record.system, record.rules_version)


@given(ts.games(COUNTER, SETUPS, max_steps=3))
def test_games_stop_at_max_steps(record: GameRecord[Setup, Command, Event]) -> None:
    """At most max_steps commands are played (one event each here)."""
    assert len(record.entries) <= 3


@given(ts.games(COUNTER, SETUPS, max_steps=0))
def test_games_with_no_steps_have_no_events(record: GameRecord[Setup, Command, Event]) -> None:
    """max_steps=0 gives a record of the setup alone."""
    assert () == record.events


@given(ts.games(COUNTER, st.just(Setup(0))))
def test_games_stop_when_over_at_the_start(record: GameRecord[Setup, Command, Event]) -> None:
    """A game that is over at the start plays nothing."""
    assert () == record.events


@given(ts.games(COUNTER, SETUPS))
def test_game_records_round_trip_through_json(record: GameRecord[Setup, Command, Event]) -> None:
    """A generated record survives JSON with a converter that knows its ruleset."""
    converter = make_converter(registry=REGISTRY)
    assert record == from_json(
        to_json(record, converter=converter), GameRecord, converter=converter
    )


def test_games_use_the_dice() -> None:
    """Some game rolls dice (the seed is drawn and used)."""
    record = find(
        ts.games(COUNTER, SETUPS),
        lambda r: any(isinstance(e, Rolled) for e in r.events),
        settings=NO_SHRINK,
    )
    assert any(isinstance(event, Rolled) for event in record.events)


@pytest.mark.parametrize("kwargs", [{"max_steps": -1}, {"max_steps": 1.5}, {"setups": Setup(1)}])
def test_games_reject_bad_arguments(kwargs: dict[str, Any]) -> None:
    """A negative or non-int max_steps, or setups that are not a strategy, are refused."""
    arguments: dict[str, Any] = {"setups": SETUPS, **kwargs}
    with pytest.raises(InvalidArgument):
        ts.games(COUNTER, **arguments)


# -- value strategies ------------------------------------------------------------------------------


@given(ts.dice(min_count=2, max_count=4, min_sides=6, max_sides=8))
def test_dice_respects_its_bounds(pool: Dice) -> None:
    """Counts and sides stay within the bounds given."""
    assert (True, True) == (2 <= pool.count <= 4, 6 <= pool.sides <= 8)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"min_count": -1},
        {"min_sides": 0},
        {"min_count": 3, "max_count": 2},
        {"min_sides": 7, "max_sides": 6},
        {"max_count": 2.5},
    ],
)
def test_dice_rejects_bad_bounds(kwargs: dict[str, Any]) -> None:
    """Bounds below the possible, reversed or not ints raise InvalidArgument."""
    with pytest.raises(InvalidArgument):
        ts.dice(**kwargs)


@given(ts.rolls(dice=Dice(2, 6)))
def test_rolls_of_one_pool(roll: Roll) -> None:
    """``rolls(dice=Dice(2, 6))`` rolls exactly 2D6."""
    assert Dice(2, 6) == roll.dice


@given(ts.rolls(dice=ts.dice(min_count=1, max_count=1, max_sides=4)))
def test_rolls_of_a_dice_strategy(roll: Roll) -> None:
    """``rolls(dice=strategy)`` rolls pools drawn from it, with faces that fit."""
    assert (1, True) == (roll.dice.count, 1 <= roll.faces[0] <= roll.dice.sides <= 4)


def test_rolls_rejects_other_dice_arguments() -> None:
    """``rolls(dice="2d6")`` raises InvalidArgument."""
    with pytest.raises(InvalidArgument):
        ts.rolls(dice="2d6")  # type: ignore[arg-type]


@given(ts.terms(min_value=-2, max_value=2))
def test_terms_respect_their_bounds(term: Term) -> None:
    """Modifiers stay within the bounds given, and labels are not empty."""
    assert (True, True) == (-2 <= term.value <= 2, bool(term.label))


@given(ts.difficulties(min_value=4, max_value=16))
def test_difficulties_respect_their_bounds(difficulty: Difficulty) -> None:
    """Difficulties stay within the bounds given."""
    assert 4 <= difficulty.value <= 16


@pytest.mark.parametrize(
    "make",
    [
        lambda: ts.terms(min_value=1, max_value=0),
        lambda: ts.difficulties(min_value=1, max_value=0),
        lambda: ts.oppositions(max_rolls=-1),
        lambda: ts.check_results(max_terms=-1),
        lambda: ts.distributions(max_outcomes=0),
    ],
)
def test_strategies_reject_bad_bounds(make: Any) -> None:
    """Reversed or negative bounds raise InvalidArgument when the strategy is made."""
    with pytest.raises(InvalidArgument):
        make()


@given(ts.oppositions(max_rolls=1, max_terms=1))
def test_oppositions_respect_their_bounds(opposition: Opposition) -> None:
    """At most max_rolls rolls and max_terms terms."""
    assert (True, True) == (len(opposition.rolls) <= 1, len(opposition.terms) <= 1)


@given(ts.check_results(max_rolls=1, max_terms=1))
def test_check_results_respect_their_bounds(result: CheckResult) -> None:
    """At most max_rolls rolls and max_terms terms."""
    assert (True, True) == (len(result.rolls) <= 1, len(result.terms) <= 1)


@pytest.mark.parametrize("outcome", list(Outcome), ids=lambda o: o.value)
def test_check_results_cover_every_outcome(outcome: Outcome) -> None:
    """Every outcome can be generated, criticals and automatic results included."""
    assert (
        outcome
        == find(ts.check_results(), lambda r: r.outcome is outcome, settings=NO_SHRINK).outcome
    )


def test_check_results_cover_oppositions() -> None:
    """Checks against an opposing roll are generated."""
    assert isinstance(
        find(
            ts.check_results(),
            lambda r: isinstance(r.against, Opposition),
            settings=NO_SHRINK,
        ).against,
        Opposition,
    )


@given(ts.distributions(max_outcomes=5))
def test_distributions_respect_max_outcomes(distribution: Distribution) -> None:
    """From the lowest to the highest outcome there are at most max_outcomes values."""
    assert distribution.max - distribution.min + 1 <= 5


@given(ts.distributions())
def test_distributions_sum_to_one(distribution: Distribution) -> None:
    """Probabilities of a generated distribution sum to 1."""
    assert 1 == sum(p for _, p in distribution.probabilities())


@given(ts.seeds())
def test_seeds_are_distinct_seeded_dice_seeds(seed: int) -> None:
    """Seeds lie in 0..2**64 - 1, one per distinct SeededDice stream."""
    assert 0 <= seed < 2**64


# -- from_type -------------------------------------------------------------------------------------

REGISTERED = [Dice, Roll, Term, Difficulty, Opposition, CheckResult, Distribution]


@pytest.mark.parametrize("cls", REGISTERED, ids=lambda c: c.__name__)
def test_from_type_works_after_the_setup_hook(cls: type[Any]) -> None:
    """After the entry-point hook runs, ``st.from_type(cls)`` draws instances of cls."""
    _tabletop_rules_hypothesis._hypothesis_setup_hook()
    assert isinstance(find(st.from_type(cls), lambda _: True, settings=NO_SHRINK), cls)


def test_from_type_of_distribution_uses_the_strategy() -> None:
    """``st.from_type(Distribution)`` never calls the refusing constructor."""
    _tabletop_rules_hypothesis._hypothesis_setup_hook()
    found = find(st.from_type(Distribution), lambda d: d.max - d.min >= 3, settings=NO_SHRINK)
    assert found.max - found.min >= 3


@pytest.mark.needs("a subprocess")
def test_importing_the_strategies_first_works() -> None:
    """Importing the strategies before Hypothesis (which then runs the entry-point hook on the
    half-imported module) works, and ``from_type`` then uses the strategies."""
    code = (
        "import tabletop_rules.testing.strategies as ts\n"
        "from hypothesis import find, settings, strategies as st\n"
        "from tabletop_rules import Distribution\n"
        "import _tabletop_rules_hypothesis\n"
        "_tabletop_rules_hypothesis._hypothesis_setup_hook()\n"
        "d = find(st.from_type(Distribution), lambda _: True, settings=settings(database=None))\n"
        "print(type(d).__name__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "Distribution\n" == out
