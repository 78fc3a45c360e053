"""Simulations: bots, one game, batches on executors, win rates."""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import os
import pickle
import random
import tracemalloc
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import engine, simulation
from tabletop_rules.engine import GameResult
from tabletop_rules.errors import InvalidData
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
from tabletop_rules.simulation import (
    FutureExecutor,
    InlineExecutor,
    SimulatedGame,
    SimulationFailed,
    Tally,
    play,
    random_bot,
    simulate,
    win_rates,
)

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


@pytest.mark.needs("threads and processes")
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
    simulate(
        RULESET,
        [duel()] * 7,
        bot=BOT,
        executor=InlineExecutor(),
        chunk_size=3,
        progress=done.append,
    )
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


# ---------------------------------------------------------------------------
# Batches at scale: bounded chunks in flight, tallies, any executor, failures
# ---------------------------------------------------------------------------


@attrs.frozen
class _Coin:
    """A ruleset as cheap as a game can be: the one actor names the winner, and it is over."""

    name: str = "coin"
    rules_version: str = "1"
    setup_type: Any = str
    event_type: Any = str

    def configure_converter(self, converter: Any) -> None:
        """Nothing to register."""

    def start(self, setup: str) -> str:
        if not isinstance(setup, str):
            raise InvalidData("$.setup", f"expected str, not {type(setup).__name__}")
        return "start"

    def decide(self, state: str, command: str, dice: object) -> tuple[str, ...]:
        return (command,)

    def evolve(self, state: str, event: str) -> str:
        return event

    def legal_commands(self, state: str, *, actor: str | None = None) -> tuple[str, ...]:
        return ("a", "b", "draw") if state == "start" else ()

    def to_act(self, state: str) -> tuple[str, ...]:
        return ("a",) if state == "start" else ()

    def is_over(self, state: str) -> bool:
        return state != "start"

    def outcome(self, state: str) -> GameResult | None:
        if state == "start":
            return None
        return GameResult(winners=() if state == "draw" else (state,), reason="x")


COIN = _Coin()


class _Counting(Executor):
    """Runs each call at once, and counts the futures sent whose result is not yet read."""

    def __init__(self) -> None:
        self.sent = 0
        self.unread = 0
        self.most_unread = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        owner = self

        class Tracked(Future[Any]):
            def result(self, timeout: float | None = None) -> Any:
                owner.unread -= 1
                return super().result(timeout)

        future = Tracked()
        future.set_result(fn(*args, **kwargs))
        self.sent += 1
        self.unread += 1
        self.most_unread = max(self.most_unread, self.unread)
        return future


class _Refusing(Executor):
    """An executor that fails the test if anything is sent to it."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise AssertionError("a worker was started")


def test_simulate_keeps_at_most_in_flight_chunks_under_way() -> None:
    """No more than *in_flight* chunks are sent and not yet collected, whatever the batch."""
    executor = _Counting()
    games = simulate(COIN, ["x"], games=100, chunk_size=3, in_flight=4, executor=executor)
    assert (100, 34, 4) == (len(games), executor.sent, executor.most_unread)


def test_a_tally_counts_what_the_games_came_to() -> None:
    """``tally=True`` gives the Tally of the games that ``simulate`` would return."""
    games = simulate(COIN, ["x"], games=300, executor=InlineExecutor())
    tally = simulate(COIN, ["x"], games=300, executor=InlineExecutor(), tally=True)
    assert Tally.of(games) == tally
    assert 300 == tally.games == tally.won("a") + tally.won("b") + tally.draws
    assert win_rates(games, sides=("a", "b", "c")) == win_rates(tally, sides=("a", "b", "c"))


def test_tallies_add_up_in_any_order() -> None:
    """The tally of two batches is the sum of theirs, in either order."""
    first = Tally(games=3, wins=(("b", 1), ("a", 2)), events=9)
    second = Tally(games=2, wins=(("c", 1),), draws=1, unfinished=0, events=4)
    both = Tally(games=5, wins=(("a", 2), ("b", 1), ("c", 1)), draws=1, events=13)
    assert (both, both) == (first + second, second + first)


def test_games_cycle_through_the_setups() -> None:
    """With *games*, game *i* plays ``setups[i % len(setups)]`` with seed ``first_seed + i``."""
    games = simulate(RULESET, [duel()], games=4, bot=BOT, first_seed=5, executor=InlineExecutor())
    assert [5, 6, 7, 8] == [game.seed for game in games]
    assert (
        simulate(RULESET, [duel()] * 4, bot=BOT, first_seed=5, executor=InlineExecutor()) == games
    )


def test_the_memory_of_a_tallied_batch_does_not_grow_with_its_games() -> None:
    """The peak memory of 100,000 tallied games is that of 1,000, plus a few KiB.

    The games run in this process (InlineExecutor), through the same chunks, the same bounded
    queue and the same adding up of tallies as on any pool; kept, the 100,000 games alone
    would take over 10 MB.
    """

    def peak(games: int) -> int:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        tally = simulate(COIN, ["x"], games=games, executor=InlineExecutor(), tally=True)
        assert games == tally.games
        return tracemalloc.get_traced_memory()[1] - before

    tracemalloc.start()
    try:
        small, large = peak(1_000), peak(100_000)
    finally:
        tracemalloc.stop()
    assert large < small + 64 * 1024, (small, large)


@pytest.fixture(scope="module")
def process_pool() -> Iterator[ProcessPoolExecutor]:
    """Two worker processes, shared by the examples of a property."""
    with ProcessPoolExecutor(2) as pool:
        yield pool


@pytest.mark.needs("threads and processes")
@settings(max_examples=20)
@given(
    chunk_size=st.integers(1, 7),
    in_flight=st.integers(1, 5),
    workers=st.sampled_from(["inline", "1 thread", "3 threads", "2 processes"]),
    tally=st.booleans(),
)
def test_a_batch_is_the_same_on_any_executor_chunk_size_and_workers(
    process_pool: ProcessPoolExecutor, chunk_size: int, in_flight: int, workers: str, tally: bool
) -> None:
    """A batch's games depend on the seeds only: not on the executor, chunks or workers."""
    reference = simulate(
        RULESET, [duel()], games=9, bot=BOT, first_seed=3, chunk_size=9, executor=InlineExecutor()
    )
    expected = Tally.of(reference) if tally else reference
    with contextlib.ExitStack() as stack:
        executor: Executor
        if workers == "inline":
            executor = InlineExecutor()
        elif workers == "2 processes":
            executor = process_pool
        else:
            executor = stack.enter_context(ThreadPoolExecutor(int(workers[0])))
        played = simulate(
            RULESET,
            [duel()],
            games=9,
            bot=BOT,
            first_seed=3,
            chunk_size=chunk_size,
            in_flight=in_flight,
            executor=executor,
            tally=tally,
        )
    assert expected == played


def test_without_processes_the_games_run_in_this_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the browser's Python (``sys.platform == "emscripten"``) no pool is even tried."""

    def no_pool(*args: object, **kwargs: object) -> Executor:
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    monkeypatch.setattr(simulation.sys, "platform", "emscripten")
    expected = simulate(COIN, ["x"], games=120, executor=InlineExecutor())
    assert expected == simulate(COIN, ["x"], games=120)


class _NoSemaphores:
    """A process pool that cannot be built, as on a Python without multiprocessing's locks."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise NotImplementedError("This Python build lacks multiprocessing.synchronize")


class _NoFork(Executor):
    """A process pool that is built but cannot start a process."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise PermissionError("fork: Operation not permitted")


@pytest.mark.parametrize("pool", [_NoSemaphores, _NoFork], ids=["not built", "not started"])
def test_where_no_pool_starts_the_games_run_in_this_thread(
    monkeypatch: pytest.MonkeyPatch, pool: type[object]
) -> None:
    """A process pool that fails to start gives way to the InlineExecutor: the same games."""
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", pool)
    expected = simulate(COIN, ["x"], games=120, executor=InlineExecutor(), tally=True)
    assert expected == simulate(COIN, ["x"], games=120, tally=True)


class _DiesInWorker(CombatSetup):
    """A setup that kills the worker process it is sent to (as it is unpickled there)."""

    def __reduce__(self) -> tuple[object, ...]:
        return (os._exit, (1,))


@pytest.mark.needs("processes")
@pytest.mark.parametrize("tally", [False, True], ids=["games", "tally"])
def test_a_worker_that_dies_is_reported_with_its_seeds(tally: bool) -> None:
    """The chunk whose worker died is named by its seeds; every game that finished is kept.

    Every seed is accounted for: finished, lost with a chunk, or never sent.
    """
    base = duel()
    setups = [base] * 12
    setups[7] = _DiesInWorker(participants=base.participants)
    with ProcessPoolExecutor(2) as pool, pytest.raises(SimulationFailed) as caught:
        simulate(
            RULESET, setups, bot=BOT, first_seed=100, chunk_size=2, in_flight=2, executor=pool,
            tally=tally,
        )  # fmt: skip
    error = caught.value
    assert range(106, 108) in error.failed
    assert "106–107" in str(error)
    assert isinstance(error.__cause__, BrokenProcessPool)
    lost = {seed for seeds in error.failed for seed in seeds} | set(error.unplayed)
    kept = [s for s in range(100, 112) if s not in lost]
    played = simulate(RULESET, [base], games=12, bot=BOT, first_seed=100, executor=InlineExecutor())
    finished = [game for game in played if game.seed in kept]
    assert (Tally.of(finished) if tally else finished) == error.completed


def test_a_game_that_raises_loses_its_chunk_only() -> None:
    """A bot that raises loses the games of its chunk; the chunks under way are kept."""
    calls = {"n": 0}

    def bot(ruleset: Any, state: Any, rng: random.Random) -> Any:
        calls["n"] += 1
        if calls["n"] == 9:  # two calls a coin game (the second plays nothing): game 4
            raise RuntimeError("the bot broke")
        return random_bot(ruleset, state, rng)

    with pytest.raises(SimulationFailed) as caught:
        simulate(
            COIN, ["x"], games=10, bot=bot, chunk_size=2, in_flight=1, executor=InlineExecutor()
        )
    error = caught.value
    assert ((range(4, 6),), range(6, 10)) == (error.failed, error.unplayed)
    assert [0, 1, 2, 3] == [game.seed for game in cast("list[SimulatedGame[str]]", error.completed)]
    assert "RuntimeError: the bot broke" in error.localized("ja")


class _RemoteFuture:
    """A future that is no ``concurrent.futures.Future``, as a cluster's own futures are not."""

    def __init__(self, call: Callable[[], Any]) -> None:
        self._value: Any = None
        self._error: BaseException | None = None
        try:
            self._value = call()
        except Exception as error:
            self._error = error

    def result(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._value

    def add_done_callback(self, fn: Callable[[Any], object], /) -> None:
        fn(self)


def test_a_future_executor_takes_a_clusters_own_futures() -> None:
    """Games sent through a submit function that returns its own futures are the same games."""
    closed: list[str] = []
    executor = FutureExecutor(
        lambda fn, *args, **kwargs: _RemoteFuture(lambda: fn(*args, **kwargs)),
        shutdown=lambda: closed.append("closed"),
    )
    expected = simulate(RULESET, [duel()], games=6, bot=BOT, executor=InlineExecutor())
    with executor:
        assert expected == simulate(RULESET, [duel()], games=6, bot=BOT, executor=executor)
    executor.shutdown()
    assert ["closed"] == closed


def test_a_future_executor_passes_on_a_calls_error() -> None:
    """A call that raises on the cluster raises from its future's result."""
    executor = FutureExecutor(lambda fn, *args: _RemoteFuture(lambda: fn(*args)))
    with pytest.raises(ZeroDivisionError):
        executor.submit(divmod, 1, 0).result()


@pytest.mark.needs("threads")
def test_a_future_executor_takes_standard_futures_as_rays_object_refs_give() -> None:
    """``ObjectRef.future()`` gives a concurrent.futures.Future: it is used as it is.

    A thread pool stands in for Ray's workers; ``remote(fn, *args).future()`` is what the
    docs' adapter sends.
    """

    class ObjectRef:
        def __init__(self, future: Future[Any]) -> None:
            self._future = future

        def future(self) -> Future[Any]:
            return self._future

    with ThreadPoolExecutor(2) as workers:

        def remote(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> ObjectRef:
            return ObjectRef(workers.submit(fn, *args, **kwargs))

        executor = FutureExecutor(lambda fn, *a, **k: remote(fn, *a, **k).future())
        expected = simulate(RULESET, [duel()], games=8, bot=BOT, executor=InlineExecutor())
        played = simulate(RULESET, [duel()], games=8, bot=BOT, chunk_size=3, executor=executor)
    assert expected == played


def test_a_future_executor_refuses_what_is_not_callable() -> None:
    """The submit and shutdown functions must be callable."""
    with pytest.raises(InvalidData, match=r"\$\.submit"):
        FutureExecutor(cast("Any", "ray"))
    with pytest.raises(InvalidData, match=r"\$\.shutdown"):
        FutureExecutor(lambda fn: fn, shutdown=cast("Any", 3))


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        ({"setups": [duel(), "x"]}, r"\$\.setups\[1\]"),
        ({"setups": [duel()], "games": -1}, r"\$\.games"),
        ({"setups": [duel()], "games": 2.0}, r"\$\.games"),
        ({"setups": [], "games": 3}, r"\$\.setups"),
        ({"setups": [duel()], "bot": "greedy"}, r"\$\.bot"),
        ({"setups": [duel()], "in_flight": 0}, r"\$\.in_flight"),
        ({"setups": [duel()], "tally": 1}, r"\$\.tally"),
        ({"setups": [duel()], "progress": 5}, r"\$\.progress"),
    ],
    ids=["setup", "negative games", "games", "no setup", "bot", "in flight", "tally", "progress"],
)
def test_simulate_refuses_bad_arguments_before_any_worker_starts(
    monkeypatch: pytest.MonkeyPatch, arguments: dict[str, Any], path: str
) -> None:
    """Bad setups, bots and counts raise InvalidData; neither a given pool nor a new one is used."""

    def no_pool() -> Executor:
        raise AssertionError("a pool was started")

    monkeypatch.setattr(simulation, "process_pool", no_pool)
    for executor in (None, _Refusing()):
        with pytest.raises(InvalidData, match=path):
            simulate(RULESET, executor=executor, **arguments)


def test_a_setup_the_ruleset_refuses_is_named_by_its_index() -> None:
    """The ruleset's own refusal of a setup is given at ``$.setups[i]``, in every locale."""
    with pytest.raises(InvalidData) as caught:
        simulate(COIN, ["x", "y", cast("Any", 3)], executor=_Refusing())
    assert "$.setups[2]" == caught.value.path


def test_a_process_pool_of_no_workers_is_refused() -> None:
    """A pool needs one worker or more."""
    with pytest.raises(InvalidData, match=r"\$\.workers"):
        simulation.process_pool(0)


def test_a_tally_takes_its_wins_as_pairs_or_a_mapping_and_refuses_others() -> None:
    """Wins given as a mapping or as pairs make the same tally; a bad count is named."""
    assert Tally(games=2, wins={"b": 1, "a": 1}) == Tally(games=2, wins=[("a", 1), ("b", 1)])
    with pytest.raises(InvalidData, match=r"\$\.wins\[0\]"):
        Tally(wins=[("a", -1)])
    with pytest.raises(InvalidData, match=r"\$\.games"):
        Tally(games=cast("Any", 1.5))
