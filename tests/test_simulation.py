"""Simulations: bots, one game, batches on executors, win rates."""

from __future__ import annotations

import functools
import pickle
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from tabletop_rules import engine
from tabletop_rules.engine import GameResult
from tabletop_rules.m20 import (
    GM,
    RULESET,
    Attributes,
    Character,
    CombatSetup,
    EndCombat,
    EndRound,
    Participant,
    Specialty,
    Tendency,
)
from tabletop_rules.simulation import SimulatedGame, play, random_bot, simulate, win_rates

BOT = functools.partial(random_bot, skip=(GM,))


def duel() -> CombatSetup:
    def hero(name: str) -> Character:
        return Character(
            name=name,
            attributes=Attributes(
                physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
            ),
            tendency=Tendency.CUNNING,
            bonus_specialty=Specialty.KNOWLEDGE,
        )

    return CombatSetup(
        participants=[
            Participant(id="a", character=hero("A"), side="heroes"),
            Participant(id="b", character=hero("B"), side="foes", player=False),
        ]
    )


def test_random_bot_never_picks_a_skipped_actor() -> None:
    """M20-049: a bot that skips the GM never ends a round or the combat by ruling."""
    state = RULESET.start(duel())
    rng = random.Random(3)
    for _ in range(200):
        command = BOT(RULESET, state, rng)
        assert command is not None
        assert not isinstance(command, EndRound | EndCombat)
        assert command in RULESET.legal_commands(state, actor=command.actor)


def test_random_bot_gives_none_when_only_skipped_actors_remain() -> None:
    """M20-065: after the combat only the GM may act; a bot that skips the GM stops."""
    record = play(RULESET, duel(), seed=1, bot=BOT)
    state = engine.replay(record, RULESET)
    assert RULESET.is_over(state)
    assert BOT(RULESET, state, random.Random(0)) is None


def test_play_is_reproducible_and_replays() -> None:
    """M20-049, M20-065: the same seed plays the same game; its record replays to its end."""
    first = play(RULESET, duel(), seed=7, bot=BOT)
    assert first == play(RULESET, duel(), seed=7, bot=BOT)
    assert RULESET.is_over(engine.replay(first, RULESET))


def test_max_steps_stops_a_game() -> None:
    """A game stops after *max_steps* commands, unfinished."""
    record = play(RULESET, duel(), seed=7, bot=BOT, max_steps=2)
    assert not RULESET.is_over(engine.replay(record, RULESET))


def test_simulate_gives_the_same_games_on_any_executor() -> None:
    """A batch's outcomes depend on the seeds only, not on the executor or the chunks."""
    setups = [duel()] * 6
    in_threads = simulate(
        RULESET, setups, bot=BOT, executor=ThreadPoolExecutor(2), chunk_size=4, first_seed=10
    )
    with ProcessPoolExecutor(2) as pool:
        in_processes = simulate(
            RULESET, setups, bot=BOT, executor=pool, chunk_size=1, first_seed=10
        )
    assert in_threads == in_processes
    assert [10, 11, 12, 13, 14, 15] == [game.seed for game in in_threads]
    record = play(RULESET, duel(), seed=12, bot=BOT)
    assert len(record.events) == in_threads[2].events


def test_a_kit_ruleset_pickles_as_a_fresh_one() -> None:
    """A ruleset goes to another process by its class."""
    copy = pickle.loads(pickle.dumps(RULESET))
    assert type(RULESET) is type(copy)
    assert RULESET.start(duel()) == copy.start(duel())


def test_simulate_refuses_an_empty_chunk() -> None:
    """A chunk size below 1 is refused."""
    with pytest.raises(ValueError, match="chunk_size"):
        simulate(RULESET, [duel()], executor=ThreadPoolExecutor(1), chunk_size=0)


def test_win_rates_count_winners_and_draws_with_intervals() -> None:
    """Win rates are shares of all games, each inside its Wilson interval."""
    games = [
        SimulatedGame(seed=0, result=GameResult(winners=("a",), reason="x"), events=1),
        SimulatedGame(seed=1, result=GameResult(winners=("a",), reason="x"), events=1),
        SimulatedGame(seed=2, result=GameResult(winners=("b",), reason="x"), events=1),
        SimulatedGame(seed=3, result=GameResult(winners=(), reason="x"), events=1),
        SimulatedGame(seed=4, result=None, events=1),
    ]
    rates = win_rates(games)
    assert (2, 1, 2) == (rates["a"].count, rates["b"].count, rates[""].count)
    assert 0.4 == rates["a"].rate
    for estimate in rates.values():
        assert 0.0 <= estimate.low <= estimate.rate <= estimate.high <= 1.0
    assert 0.0 == win_rates([])[""].rate


def test_simulate_reports_each_batch_as_it_ends() -> None:
    """The progress callback is told the games of every batch, once each."""
    done: list[int] = []
    with ThreadPoolExecutor(2) as pool:
        simulate(RULESET, [duel()] * 7, bot=BOT, executor=pool, chunk_size=3, progress=done.append)
    assert [1, 3, 3] == sorted(done)


def test_win_rates_list_the_given_sides_that_never_won() -> None:
    """A side named in *sides* has a rate of 0 with its interval, and no other side appears."""
    games = [SimulatedGame(seed=0, result=GameResult(winners=("a",), reason="x"), events=1)]
    rates = win_rates(games, sides=("a", "b"))
    assert (["", "a", "b"], 0, 1) == (sorted(rates), rates["b"].count, rates["b"].total)
    assert 0.0 == rates["b"].low < rates["b"].high


def test_simulators_find_the_systems_that_offer_them() -> None:
    """Only systems that list a SIMULATOR beside their ruleset are found (m20 has none)."""
    from tabletop_rules.simulation import Simulator, simulators

    found = simulators()
    assert "m20" not in found
    assert all(isinstance(s, Simulator) and s.system == name for name, s in found.items())


def test_wilson_bounds_are_exact_at_none_and_all() -> None:
    """No game counted gives a lower bound of exactly 0; every game an upper bound of 1."""
    draws = [
        SimulatedGame(seed=s, result=GameResult(winners=(), reason="x"), events=1) for s in range(7)
    ]
    rates = win_rates(draws, sides=("a",))
    assert (0.0, 1.0) == (rates["a"].low, rates[""].high)
