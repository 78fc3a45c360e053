"""Many games at once: bots that play a ruleset, and batches of games on any executor.

A *bot* chooses one command in a state; :func:`random_bot` chooses among
``legal_commands(state, actor=...)`` at random.
:func:`play` plays one game to its end with a bot and :class:`~tabletop_rules.dice.SeededDice`,
and returns its :class:`~tabletop_rules.engine.GameRecord` (replayable, JSON-ready).
:func:`simulate` plays a batch, spread over every core by default through
:mod:`concurrent.futures`, or over any :class:`~concurrent.futures.Executor` you pass (a
thread pool, a process pool, Dask's; Ray's through :class:`FutureExecutor`), with a bounded
number of chunks under way; it returns every game or, in memory that does not grow with the
games, their :class:`Tally`. :func:`win_rates` turns either into win rates with Wilson
confidence intervals.
Where no process pool can start (the browser's Pyodide), the games run in the caller's
thread, on an :class:`InlineExecutor`.
A rule system whose matches the ``tabletop-rules simulate`` command can play lists a
:class:`Simulator`, found by :func:`simulators`.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
import math
import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    wait,
)
from types import MappingProxyType
from typing import Any, Final, Generic, Literal, Protocol, TypeVar, cast, overload

import attrs

from tabletop_rules._arguments import (
    a_whole,
    checked_flag,
    checked_items,
    checked_ruleset,
    checked_whole,
    shown,
    tupled,
    type_name,
    wrong_type,
)
from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import Entry, GameRecord, GameResult, Ruleset, begin, step
from tabletop_rules.errors import InvalidData, TabletopRulesError

__all__ = [
    "Bot",
    "Estimate",
    "FutureExecutor",
    "FutureLike",
    "InlineExecutor",
    "SimulatedGame",
    "SimulationFailed",
    "Simulator",
    "SubmitFunction",
    "Tally",
    "play",
    "process_pool",
    "random_bot",
    "simulate",
    "simulators",
    "win_rates",
]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")

#: The type of a bot, which is given the ruleset, the state and a random generator, and
#: returns the command to play, or ``None`` when it will play none (the game then stops).
Bot = Callable[[Ruleset[Any, Any, Any, Any], Any, random.Random], Any]


def random_bot(
    ruleset: Ruleset[Any, StateT, CommandT, Any],
    state: StateT,
    rng: random.Random,
    *,
    skip: Iterable[str] = (),
) -> CommandT | None:
    """A command chosen at random: first one of those who may act, then one of its commands.

    Args:
        ruleset: The rules.
        state: The state to play in.
        rng: Where the choices come from.
        skip: Actors never chosen (such as ``"gm"``, so that the GM ends no round and no
            combat early); pass it with :func:`functools.partial`.

    Returns:
        The command, or ``None`` when no one but the skipped may act.

    Raises:
        InvalidData: *rng* has no ``randrange`` (path ``$.rng``); *ruleset* or *state* is of
            the wrong type (``$.ruleset``, ``$.state``).
    """
    try:  # free unless it raises: bots play every command, so the checks wait for a failure
        actors = list(ruleset.to_act(state))
        if skip:
            skipped = frozenset(skip)
            actors = [a for a in actors if a not in skipped]
        while actors:
            actor = actors.pop(rng.randrange(len(actors)))
            commands = ruleset.legal_commands(state, actor=actor)
            if commands:
                return rng.choice(commands)  # the same draw as randrange(len(commands))
    except AttributeError:
        checked_ruleset(ruleset)
        if not callable(getattr(rng, "randrange", None)):
            raise wrong_type("$.rng", "random.Random", rng) from None
        raise
    return None


def _play(
    ruleset: Ruleset[SetupT, StateT, CommandT, EventT],
    setup: SetupT,
    seed: int,
    bot: Bot,
    max_steps: int,
) -> tuple[StateT, GameRecord[SetupT, CommandT, EventT]]:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, record = begin(ruleset, setup, dice)
    entries: list[Entry[CommandT, EventT]] = []
    for _ in range(max_steps):
        command = bot(ruleset, state, rng)
        if command is None:
            break
        state, entry = step(ruleset, state, command, dice)
        entries.append(entry)
    return state, record.extend(entries)


def play(
    ruleset: Ruleset[SetupT, Any, CommandT, EventT],
    setup: SetupT,
    *,
    seed: int,
    bot: Bot = random_bot,
    max_steps: int = 10_000,
) -> GameRecord[SetupT, CommandT, EventT]:
    """Play one game to its end (or *max_steps* commands) and return its record.

    The dice are ``SeededDice(seed)`` and the bot's choices come from ``random.Random(seed)``:
    the same seed plays the same game.

    Raises:
        InvalidData: An argument of the wrong type, at ``$.<argument>``.
    """
    _check_play(ruleset, seed, bot, max_steps)
    return _play(ruleset, setup, seed, bot, max_steps)[1]


def _check_play(
    ruleset: object, seed: object, bot: object, max_steps: object, seed_path: str = "$.seed"
) -> None:
    """Refuse arguments of :func:`play` and :func:`simulate` of the wrong type."""
    checked_ruleset(ruleset)
    checked_whole(seed, seed_path)
    if not callable(bot):
        raise wrong_type("$.bot", "simulation.Bot", bot)
    checked_whole(max_steps, "$.max_steps")


@attrs.frozen(kw_only=True)
class SimulatedGame(Generic[SetupT]):
    """One simulated game: its seed (replay it with :func:`play`) and how it ended."""

    #: The seed of its dice and of its bot.
    seed: int
    #: How it ended; ``None`` if it stopped before its end.
    result: GameResult | None
    #: The number of events.
    events: int


def _sorted_counts(
    counts: Mapping[str, int] | Iterable[tuple[str, int]],
) -> tuple[tuple[str, int], ...]:
    """``(side, count)`` pairs sorted by side, from pairs or a mapping; refuses anything else."""
    given: object = counts
    pairs: Iterable[object]
    if isinstance(given, Mapping):
        pairs = cast("Mapping[object, object]", given).items()
    else:
        pairs = tupled(cast("Iterable[object]", given), "$.wins", _PAIRS)
    return tuple(sorted(_count(pair, f"$.wins[{i}]") for i, pair in enumerate(pairs)))


def _count(pair: object, path: str) -> tuple[str, int]:
    """*pair* as ``(side, count)``, with a count of 0 or more."""
    given: object = pair
    if isinstance(given, tuple):
        items = cast("tuple[object, ...]", given)
        if len(items) == 2:
            side, count = items
            if isinstance(side, str) and type(count) is int and count >= 0:
                return side, count
    raise wrong_type(path, "tuple[str, int]", pair)


_PAIRS: Final = "list[tuple[str, int]]"


@attrs.frozen(kw_only=True)
class Tally:
    """What a batch of games came to, counted: what :func:`simulate` gives with ``tally=True``.

    A tally takes the same memory for ten games as for ten million.
    *wins* may be given as pairs or as a mapping; every count is a whole number.
    Two tallies add up (``a + b``) to the tally of both batches; adding is exact and does
    not depend on the order, so a batch split in any way gives the same tally.
    :func:`win_rates` takes a tally as it takes the games.

    .. versionadded:: 0.1.0
    """

    #: The games counted.
    games: int = attrs.field(default=0, validator=a_whole)
    #: ``(winner, games won)`` for each side (or player) that won a game, sorted by name; a
    #: game with several winners counts for each.
    wins: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_sorted_counts)
    #: The games that ended with no winner.
    draws: int = attrs.field(default=0, validator=a_whole)
    #: The games that stopped before their end (*max_steps*, or a bot that played nothing).
    unfinished: int = attrs.field(default=0, validator=a_whole)
    #: The events of all the games.
    events: int = attrs.field(default=0, validator=a_whole)

    @classmethod
    def of(cls, games: Iterable[SimulatedGame[Any]]) -> Tally:
        """The tally of *games*.

        Raises:
            InvalidData: *games* is no list of :class:`SimulatedGame` (path ``$.games``).
        """
        done = cast(
            "tuple[SimulatedGame[Any], ...]",
            checked_items(games, SimulatedGame, "$.games", "simulation.SimulatedGame"),
        )
        return _tally(done)

    def won(self, side: str) -> int:
        """The games *side* won (0 if it won none)."""
        return dict(self.wins).get(side, 0)

    def __add__(self, other: object) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        wins = Counter(dict(self.wins))
        wins.update(dict(other.wins))
        return Tally(
            games=self.games + other.games,
            wins=wins,
            draws=self.draws + other.draws,
            unfinished=self.unfinished + other.unfinished,
            events=self.events + other.events,
        )


def _tally(games: Iterable[SimulatedGame[Any]]) -> Tally:
    wins: Counter[str] = Counter()
    count = draws = unfinished = events = 0
    for game in games:
        count += 1
        events += game.events
        if game.result is None:
            unfinished += 1
        elif not game.result.winners:
            draws += 1
        else:
            wins.update(game.result.winners)
    return Tally(games=count, wins=wins, draws=draws, unfinished=unfinished, events=events)


def _play_games(
    ruleset: Ruleset[Any, Any, Any, Any],
    setups: Sequence[Any],
    first_seed: int,
    bot: Bot,
    max_steps: int,
) -> list[SimulatedGame[Any]]:
    out: list[SimulatedGame[Any]] = []
    for seed, setup in enumerate(setups, first_seed):
        state, record = _play(ruleset, setup, seed, bot, max_steps)
        events = sum(len(entry.events) for entry in record.entries)
        out.append(SimulatedGame(seed=seed, result=ruleset.outcome(state), events=events))
    return out


def _play_chunk(
    ruleset: Ruleset[Any, Any, Any, Any],
    setups: Sequence[Any],
    first_seed: int,
    bot: Bot,
    max_steps: int,
    *,
    tally: bool,
) -> list[SimulatedGame[Any]] | Tally:
    """The games of one chunk (what a worker runs), or their tally."""
    games = _play_games(ruleset, setups, first_seed, bot, max_steps)
    return _tally(games) if tally else games


class InlineExecutor(Executor):
    """An executor that runs each call at once, in the caller's thread, with no pool.

    :func:`simulate` falls back on it where no process pool can start, as in the browser
    (Pyodide), which has neither processes nor threads; pass it to play a batch in this
    process (a debugger and a profiler then see every game).

    .. versionadded:: 0.1.0
    """

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` now; the future holds its result or its exception."""
        future: Future[T] = Future()
        future.set_running_or_notify_cancel()
        try:
            result = fn(*args, **kwargs)
        except BaseException as error:
            future.set_exception(error)
            if not isinstance(error, Exception):  # KeyboardInterrupt, SystemExit: go on up
                raise
        else:
            future.set_result(result)
        return future


class FutureLike(Protocol[T_co]):
    """What :class:`FutureExecutor` needs of a future: Dask's, Ray's, or any other.

    .. versionadded:: 0.1.0
    """

    def result(self) -> T_co:
        """The result, or raise the call's exception; wait for it if need be."""
        ...

    def add_done_callback(self, fn: Callable[[Any], object], /) -> None:
        """Call *fn* with this future once it is done (at once if it is done already)."""
        ...


#: A function that starts ``fn(*args, **kwargs)`` somewhere and returns its future.
SubmitFunction = Callable[..., "FutureLike[Any] | Future[Any]"]


class FutureExecutor(Executor):
    """An :class:`~concurrent.futures.Executor` made of a function that submits a call.

    A cluster with no ``Executor`` of its own (Ray) gives :func:`simulate` its workers
    through this adapter: *submit* starts ``fn(*args, **kwargs)`` on the cluster and returns
    a future, a :class:`concurrent.futures.Future` (Ray's ``ObjectRef.future()``) or
    anything with ``result()`` and ``add_done_callback()``, which the executor wraps in one.

    Args:
        submit: Starts a call and returns its future.
        shutdown: Called once by :meth:`shutdown` (to close a client, say); nothing by
            default.

    Raises:
        InvalidData: *submit* or *shutdown* is not callable (paths ``$.submit``,
            ``$.shutdown``).

    .. versionadded:: 0.1.0
    """

    def __init__(
        self, submit: SubmitFunction, *, shutdown: Callable[[], object] | None = None
    ) -> None:
        if not callable(submit):
            raise wrong_type("$.submit", "Callable[..., Future]", submit)
        if shutdown is not None and not callable(shutdown):
            raise wrong_type("$.shutdown", "Callable[[], object]", shutdown)
        self._submit = submit
        self._on_shutdown = shutdown

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Start ``fn(*args, **kwargs)`` with *submit*; its future, as a standard one."""
        theirs = self._submit(fn, *args, **kwargs)
        if isinstance(theirs, Future):
            return cast("Future[T]", theirs)
        if not callable(getattr(theirs, "add_done_callback", None)):
            raise wrong_type("$.submit", "Callable[..., Future]", theirs)
        ours: Future[T] = Future()
        ours.set_running_or_notify_cancel()

        def copy(done: FutureLike[T]) -> None:
            try:
                result = done.result()
            except BaseException as error:  # the call's own error, whatever it is
                ours.set_exception(error)
            else:
                ours.set_result(result)

        theirs.add_done_callback(copy)
        return ours

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Call the *shutdown* given, once."""
        on_shutdown, self._on_shutdown = self._on_shutdown, None
        if on_shutdown is not None:
            on_shutdown()


def _seeds(ranges: Sequence[range]) -> str:
    """Seed ranges as a message lists them: ``0–49, 100–149`` (at most 10, then a count)."""
    shown = [f"{r.start}–{r.stop - 1}" if len(r) > 1 else str(r.start) for r in ranges[:10]]
    if len(ranges) > 10:
        shown.append(f"+{len(ranges) - 10}")
    return ", ".join(shown) or "–"


class SimulationFailed(TabletopRulesError):
    """Games of a :func:`simulate` batch were lost: a worker died, or a game raised.

    No chunk is sent after the first one fails; those under way are waited for, and every
    game that finished is kept, in :attr:`completed`.
    Play the lost seeds again (:attr:`failed` and :attr:`unplayed`) to complete the batch;
    :func:`play` replays any one of them, so that a failure can be looked into.
    The first failure's exception is the ``__cause__``.

    Args:
        failed: The seeds of each chunk that was sent and failed, in seed order.
        unplayed: The seeds that were never sent.
        completed: What the games that finished came to: the games, in seed order, or
            their :class:`Tally`.
        cause: The first failure.

    .. versionadded:: 0.1.0
    """

    def __init__(
        self,
        *,
        failed: Sequence[range],
        unplayed: range,
        completed: list[SimulatedGame[Any]] | Tally,
        cause: BaseException,
    ) -> None:
        #: The seeds of each chunk that failed.
        self.failed: tuple[range, ...] = tuple(sorted(failed, key=lambda r: r.start))
        #: The seeds never sent.
        self.unplayed = unplayed
        #: The games that finished, in seed order, or their tally.
        self.completed = completed
        done = completed.games if isinstance(completed, Tally) else len(completed)
        super().__init__(
            "error.simulation_failed",
            seeds=_seeds(self.failed),
            lost=sum(map(len, self.failed)),
            unplayed=len(unplayed),
            done=done,
            cause=f"{type(cause).__name__}: {cause}",
        )


def process_pool(workers: int | None = None) -> Executor:
    """A started process pool of *workers* (every core if ``None``), or an :class:`InlineExecutor`.

    The pool is started (its workers up) before it is given, so that a platform that has no
    processes (the browser's Pyodide, a sandbox that forbids them) is known here, not in
    the middle of a batch: there the games run in the caller's thread instead.
    :func:`simulate` uses it when it is given no executor.

    Raises:
        InvalidData: *workers* is not a whole number of 1 or more (path ``$.workers``).

    .. versionadded:: 0.1.0
    """
    if workers is not None and checked_whole(workers, "$.workers") < 1:
        raise InvalidData("$.workers", f"must be 1 or more, not {shown(workers)}")
    if sys.platform in _NO_PROCESSES:
        return InlineExecutor()
    # Imported only to make a pool: multiprocessing is slow to import.
    from concurrent.futures import ProcessPoolExecutor

    try:
        pool = ProcessPoolExecutor(workers)
    except (NotImplementedError, ImportError, OSError):
        # A Python built without multiprocessing's semaphores (Pyodide, some sandboxes).
        return InlineExecutor()
    try:
        pool.submit(int).result()
    except (NotImplementedError, ImportError, OSError, BrokenExecutor):
        pool.shutdown(wait=False, cancel_futures=True)
        return InlineExecutor()
    return pool


#: Platforms where no process pool or thread can start (the browser's Python, WASI).
_NO_PROCESSES: Final = frozenset({"emscripten", "wasi"})


def _checked_setups(ruleset: Ruleset[Any, Any, Any, Any], setups: object) -> Sequence[Any]:
    """*setups*, after starting each distinct one, so that a bad one is refused here."""
    if isinstance(setups, str | bytes) or not isinstance(setups, Sequence):
        setup_type = getattr(ruleset, "setup_type", object)
        raise wrong_type("$.setups", f"list[{type_name(setup_type)}]", setups)
    listed: Sequence[Any] = setups  # pyright: ignore[reportUnknownVariableType]
    seen: set[int] = set()
    for index, setup in enumerate(listed):
        if id(setup) in seen:
            continue
        seen.add(id(setup))
        try:
            ruleset.start(setup)
        except InvalidData as error:
            inner = error.path.removeprefix("$.setup").removeprefix("$")
            raise InvalidData(
                f"$.setups[{index}]{inner}", error.detail_key, **error.detail_params
            ) from None
        except TabletopRulesError as error:
            params = dict(error.params)
            if {"path", "detail"} & set(params):  # no template has them: the English text
                raise InvalidData(f"$.setups[{index}]", str(error)) from None
            raise InvalidData(f"$.setups[{index}]", error.key, **params) from None
    return listed


#: Chunks in flight per core of this machine, unless *in_flight* says otherwise.
_IN_FLIGHT_PER_CORE: Final = 2


@overload
def simulate(
    ruleset: Ruleset[SetupT, Any, Any, Any],
    setups: Sequence[SetupT],
    *,
    games: int | None = None,
    bot: Bot = ...,
    first_seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 50,
    in_flight: int | None = None,
    max_steps: int = 10_000,
    progress: Callable[[int], object] | None = None,
    tally: Literal[False] = False,
) -> list[SimulatedGame[SetupT]]: ...
@overload
def simulate(
    ruleset: Ruleset[SetupT, Any, Any, Any],
    setups: Sequence[SetupT],
    *,
    games: int | None = None,
    bot: Bot = ...,
    first_seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 50,
    in_flight: int | None = None,
    max_steps: int = 10_000,
    progress: Callable[[int], object] | None = None,
    tally: Literal[True],
) -> Tally: ...
def simulate(
    ruleset: Ruleset[SetupT, Any, Any, Any],
    setups: Sequence[SetupT],
    *,
    games: int | None = None,
    bot: Bot = random_bot,
    first_seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 50,
    in_flight: int | None = None,
    max_steps: int = 10_000,
    progress: Callable[[int], object] | None = None,
    tally: bool = False,
) -> list[SimulatedGame[SetupT]] | Tally:
    """Play a batch of games, spread over an executor: every game in seed order, or the tally.

    Game *i* plays ``setups[i % len(setups)]`` with the seed ``first_seed + i``, so a batch
    gives the same games whatever the executor, the chunk size and the number of workers.
    At most *in_flight* chunks of *chunk_size* games are sent and not yet collected at any
    time; with ``tally=True`` each chunk comes back as a :class:`Tally` and the tallies are
    added up as they come, so that the memory a batch takes does not grow with its games.

    Args:
        ruleset: The rules. To run in other processes it must be picklable (the kit's
            rulesets are, by their class).
        setups: The setups to play, one game each unless *games* is given (a setup may be
            repeated).
        games: How many games, 0 or more, played through *setups* in turn: ``[setup]`` with
            ``games=10_000_000`` plays ten million games of one setup without a list of them.
        bot: The bot that plays every side (picklable, for other processes: a module-level
            function, or a :func:`functools.partial` of one).
        first_seed: The seed of the first game.
        executor: Where the games run: any :class:`~concurrent.futures.Executor` (a process
            or thread pool, Dask's ``client.get_executor()``, a :class:`FutureExecutor` for
            Ray). If not given, a new :class:`~concurrent.futures.ProcessPoolExecutor` over
            every core, or an :class:`InlineExecutor` where no process pool can start (the
            browser's Pyodide), as :func:`process_pool` gives; it is shut down at the end.
        chunk_size: Games sent to the executor at a time.
        in_flight: The most chunks sent and not yet collected; by default two per core of
            this machine. Give a cluster at least two per worker.
        max_steps: The most commands a game plays.
        progress: Called with the number of games of each chunk as it finishes (in the
            order they finish), for a progress bar.
        tally: Return only the :class:`Tally` of the games, not every game.

    Returns:
        Every game in seed order or, with ``tally=True``, their :class:`Tally`.

    Raises:
        InvalidData: Before any game is played: an argument of the wrong type, at
            ``$.<argument>``; a setup that the ruleset does not start, at ``$.setups[i]``;
            no setup for one game or more; *games* below 0; *chunk_size* or *in_flight*
            below 1.
        SimulationFailed: A worker died or a game raised: it names the seeds of the chunks
            lost and holds everything that finished.
    """
    _check_play(ruleset, first_seed, bot, max_steps, "$.first_seed")
    listed = _checked_setups(ruleset, setups)
    total = len(listed) if games is None else checked_whole(games, "$.games")
    if total < 0:
        raise InvalidData("$.games", f"must be 0 or more, not {shown(total)}")
    if total and not listed:
        raise InvalidData("$.setups", f"{total:,} games need a setup, but none is given")
    if checked_whole(chunk_size, "$.chunk_size") < 1:
        raise InvalidData("$.chunk_size", f"must be 1 or more, not {shown(chunk_size)}")
    if in_flight is None:
        in_flight = _IN_FLIGHT_PER_CORE * (os.cpu_count() or 1)
    elif checked_whole(in_flight, "$.in_flight") < 1:
        raise InvalidData("$.in_flight", f"must be 1 or more, not {shown(in_flight)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise wrong_type("$.executor", "concurrent.futures.Executor", executor)
    if progress is not None and not callable(progress):
        raise wrong_type("$.progress", "Callable[[int], object]", progress)
    checked_flag(tally, "$.tally")
    batch = _Batch(
        ruleset=ruleset,
        setups=listed,
        first_seed=first_seed,
        bot=bot,
        max_steps=max_steps,
        tally=tally,
        progress=progress,
    )
    if executor is not None:
        return batch.run(executor, total, chunk_size, in_flight)
    pool = process_pool()
    try:
        return batch.run(pool, total, chunk_size, in_flight)
    finally:
        pool.shutdown(cancel_futures=True)


class _Batch:
    """One call of :func:`simulate`: what every chunk is played with, and what came back."""

    def __init__(
        self,
        *,
        ruleset: Ruleset[Any, Any, Any, Any],
        setups: Sequence[Any],
        first_seed: int,
        bot: Bot,
        max_steps: int,
        tally: bool,
        progress: Callable[[int], object] | None,
    ) -> None:
        self.ruleset = ruleset
        self.setups = setups
        self.first_seed = first_seed
        self.bot = bot
        self.max_steps = max_steps
        self.tally = tally
        self.progress = progress
        # The chunks done, by their first game (only when the games are kept), or their
        # tally so far (only with ``tally=True``).
        self.chunks: dict[int, list[SimulatedGame[Any]]] = {}
        self.counted = Tally()
        # The seeds of each chunk lost, and the first chunk's error.
        self.failed: list[range] = []
        self.cause: BaseException | None = None

    def send(self, executor: Executor, games: range) -> Future[list[SimulatedGame[Any]] | Tally]:
        count = len(self.setups)
        chunk = [self.setups[i % count] for i in games]
        return executor.submit(
            _play_chunk,
            self.ruleset,
            chunk,
            self.first_seed + games.start,
            self.bot,
            self.max_steps,
            tally=self.tally,
        )

    def collect(self, future: Future[list[SimulatedGame[Any]] | Tally], games: range) -> None:
        try:
            result = future.result()
        except Exception as error:  # a worker died, or a game raised: the chunk is lost
            self.lose(games, error)
            return
        if isinstance(result, Tally):
            self.counted += result
        else:
            self.chunks[games.start] = result
        if self.progress is not None:
            self.progress(len(games))

    def lose(self, games: range, error: BaseException) -> None:
        self.failed.append(range(self.first_seed + games.start, self.first_seed + games.stop))
        if self.cause is None:
            self.cause = error

    def completed(self) -> list[SimulatedGame[Any]] | Tally:
        if self.tally:
            return self.counted
        return [game for start in sorted(self.chunks) for game in self.chunks[start]]

    def run(
        self, executor: Executor, total: int, chunk_size: int, in_flight: int
    ) -> list[SimulatedGame[Any]] | Tally:
        pending: dict[Future[list[SimulatedGame[Any]] | Tally], range] = {}
        starts = iter(range(0, total, chunk_size))
        sent = 0
        try:
            while True:
                while self.cause is None and len(pending) < in_flight:
                    start = next(starts, None)
                    if start is None:
                        break
                    games = range(start, min(total, start + chunk_size))
                    sent = games.stop
                    try:
                        pending[self.send(executor, games)] = games
                    except Exception as error:  # a broken pool refuses new work
                        self.lose(games, error)
                if not pending:
                    break
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    self.collect(future, pending.pop(future))
        except BaseException:  # an interrupt: what is under way is not waited for
            for future in pending:
                future.cancel()
            raise
        if self.cause is not None:
            raise SimulationFailed(
                failed=self.failed,
                unplayed=range(self.first_seed + sent, self.first_seed + total),
                completed=self.completed(),
                cause=self.cause,
            ) from self.cause
        return self.completed()


@attrs.frozen(kw_only=True)
class Estimate:
    """A proportion with its 95% Wilson confidence interval."""

    #: The games counted.
    count: int
    #: The games in all.
    total: int
    #: The lower bound of the interval.
    low: float
    #: The upper bound of the interval.
    high: float

    @property
    def rate(self) -> float:
        """``count / total`` (0 for no games)."""
        return self.count / self.total if self.total else 0.0


def _wilson(count: int, total: int, z: float = 1.959963984540054) -> Estimate:
    if not total:
        return Estimate(count=0, total=0, low=0.0, high=1.0)
    p = count / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    margin = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    # No count or every count: the bound is exactly 0 or 1, not a rounding error away.
    low = 0.0 if count == 0 else max(0.0, centre - margin)
    high = 1.0 if count == total else min(1.0, centre + margin)
    return Estimate(count=count, total=total, low=low, high=high)


def win_rates(
    outcomes: Iterable[SimulatedGame[Any]] | Tally, *, sides: Iterable[str] = ()
) -> Mapping[str, Estimate]:
    """Each winner's share of the games, and ``""`` for draws and unfinished games.

    Args:
        outcomes: The games, or their :class:`Tally`.
        sides: Sides to list even if they won no game.

    Raises:
        InvalidData: *outcomes* is no tally and no list of :class:`SimulatedGame` (path
            ``$.outcomes``), or *sides* no list of ``str`` (``$.sides``).
    """
    if isinstance(outcomes, Tally):
        counted = outcomes
    else:
        done = cast(
            "tuple[SimulatedGame[Any], ...]",
            checked_items(outcomes, SimulatedGame, "$.outcomes", "simulation.SimulatedGame"),
        )
        counted = _tally(done)
    listed = checked_items(sides, str, "$.sides")
    counts = dict(counted.wins)
    names = sorted(set(counts) | set(listed))
    table = {name: _wilson(counts.get(name, 0), counted.games) for name in names}
    table[""] = _wilson(counted.draws + counted.unfinished, counted.games)
    return MappingProxyType(table)


#: The type of :attr:`Simulator.run`, which plays a batch and returns its win rates.
RunSimulation = Callable[
    [
        tuple[str, ...],
        int,
        Mapping[str, Bot],
        int,
        Executor | None,
        Callable[[int], object] | None,
    ],
    Mapping[str, Estimate],
]


def _read_only_bots(bots: Mapping[str, Bot]) -> Mapping[str, Bot]:
    return MappingProxyType(dict(bots))


@attrs.frozen(kw_only=True)
class Simulator:
    """What a rule system offers the ``tabletop-rules simulate`` command.

    A system names one as its :attr:`~tabletop_rules.systems.RuleSystem.simulator`; the
    command finds it with :func:`simulators`, through the registry, so that the core imports
    no system.

    .. versionadded:: 0.1.0
    """

    #: The system's registry name.
    system: str
    #: The players, in the order their decks and bots are given.
    players: tuple[str, ...]
    #: The names of the ready-made decks (teams) a player may field; the first ones are the
    #: defaults, one per player.
    decks: tuple[str, ...]
    #: The bots by name; the first is the default.
    bots: Mapping[str, Bot] = attrs.field(converter=_read_only_bots)
    #: The function that plays a batch, ``run(decks, games, bots, seed, executor, progress)``
    #: with one deck name and one bot per player; it returns each player's win rate and the
    #: draws (``""``), as :func:`win_rates` does, and calls *progress* with the games of each
    #: batch as it ends.
    run: RunSimulation = attrs.field(eq=False)


@functools.cache
def simulators() -> Mapping[str, Simulator]:
    """The :class:`Simulator` of every registered rule system that has one, by name.

    .. versionadded:: 0.1.0
    """
    from tabletop_rules.systems import Registry

    found = {s.name: s.simulator for s in Registry.default() if s.simulator is not None}
    return MappingProxyType(dict(sorted(found.items())))
