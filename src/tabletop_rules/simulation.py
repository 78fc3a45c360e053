"""Many games at once: bots that play a ruleset, and batches of games on any executor.

A *bot* chooses one command in a state; :func:`random_bot` chooses among
``legal_commands(state, actor=...)`` at random.
:func:`play` plays one game to its end with a bot and :class:`~tabletop_rules.dice.SeededDice`,
and returns its :class:`~tabletop_rules.engine.GameRecord` (replayable, JSON-ready).
:func:`simulate` plays a batch, spread over every core by default through
:mod:`concurrent.futures`, or over any :class:`~concurrent.futures.Executor` you pass (a
thread pool, a process pool, Dask's); :func:`win_rates` turns the results into win rates with
Wilson confidence intervals.
A rule system whose matches the ``tabletop-rules simulate`` command can play lists a
:class:`Simulator`, found by :func:`simulators`.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

import attrs

from tabletop_rules._arguments import (
    checked_items,
    checked_ruleset,
    checked_whole,
    type_name,
    wrong_type,
)
from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import Entry, GameRecord, GameResult, Ruleset, begin, step
from tabletop_rules.errors import InvalidData

__all__ = [
    "Bot",
    "Estimate",
    "SimulatedGame",
    "Simulator",
    "play",
    "random_bot",
    "simulate",
    "simulators",
    "win_rates",
]

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


def _play_batch(
    ruleset: Ruleset[Any, Any, Any, Any],
    setups: Sequence[Any],
    seeds: Sequence[int],
    bot: Bot,
    max_steps: int,
) -> list[SimulatedGame[Any]]:
    out: list[SimulatedGame[Any]] = []
    for setup, seed in zip(setups, seeds, strict=True):
        state, record = _play(ruleset, setup, seed, bot, max_steps)
        events = sum(len(entry.events) for entry in record.entries)
        out.append(SimulatedGame(seed=seed, result=ruleset.outcome(state), events=events))
    return out


def _chunks(count: int, size: int) -> Iterator[range]:
    for start in range(0, count, size):
        yield range(start, min(count, start + size))


def simulate(
    ruleset: Ruleset[SetupT, Any, Any, Any],
    setups: Sequence[SetupT],
    *,
    bot: Bot = random_bot,
    first_seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 50,
    max_steps: int = 10_000,
    progress: Callable[[int], object] | None = None,
) -> list[SimulatedGame[SetupT]]:
    """Play one game per setup, spread over an executor; the outcomes in setup order.

    Game *i* uses the seed ``first_seed + i``, so a batch is reproducible whatever the
    executor and however it splits the work.

    Args:
        ruleset: The rules. To run in other processes it must be picklable (the kit's
            rulesets are, by their class).
        setups: One setup per game (repeat a setup to play it many times).
        bot: The bot that plays every side (picklable, for other processes: a module-level
            function, or a :func:`functools.partial` of one).
        first_seed: The seed of the first game.
        executor: Where the games run; a new :class:`~concurrent.futures.ProcessPoolExecutor`
            over every core if not given.
        chunk_size: Games sent to the executor at a time.
        max_steps: The most commands a game plays.
        progress: Called with the number of games of each batch as it finishes (in the
            order they finish), for a progress bar.

    Raises:
        InvalidData: An argument of the wrong type, at ``$.<argument>``, or a *chunk_size*
            below 1.

    .. versionchanged:: 0.2.0
       *progress* was added; arguments of the wrong type raise
       :class:`~tabletop_rules.errors.InvalidData`.
    """
    _check_play(ruleset, first_seed, bot, max_steps, "$.first_seed")
    if isinstance(setups, str | bytes) or not isinstance(setups, Sequence):  # pyright: ignore[reportUnnecessaryIsInstance]
        setup_type = getattr(ruleset, "setup_type", object)
        raise wrong_type("$.setups", f"list[{type_name(setup_type)}]", setups)
    if checked_whole(chunk_size, "$.chunk_size") < 1:
        raise InvalidData("$.chunk_size", f"must be 1 or more, not {chunk_size}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise wrong_type("$.executor", "concurrent.futures.Executor", executor)
    if progress is not None and not callable(progress):
        raise wrong_type("$.progress", "Callable[[int], object]", progress)
    owned = executor is None
    if executor is None:
        # Imported only for a pool of our own: multiprocessing is slow to import.
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor()
    pool: Executor = executor
    try:
        futures: list[Future[list[SimulatedGame[Any]]]] = [
            pool.submit(
                _play_batch,
                ruleset,
                [setups[i] for i in chunk],
                [first_seed + i for i in chunk],
                bot,
                max_steps,
            )
            for chunk in _chunks(len(setups), chunk_size)
        ]
        if progress is not None:
            for future in as_completed(futures):
                progress(len(future.result()))
        return [outcome for future in futures for outcome in future.result()]
    finally:
        if owned:
            pool.shutdown()


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
    outcomes: Iterable[SimulatedGame[Any]], *, sides: Iterable[str] = ()
) -> Mapping[str, Estimate]:
    """Each winner's share of the games, and ``""`` for draws and unfinished games.

    Args:
        outcomes: The games.
        sides: Sides to list even if they won no game.

    Raises:
        InvalidData: *outcomes* is no list of :class:`SimulatedGame` (path ``$.outcomes``),
            or *sides* no list of ``str`` (``$.sides``).

    .. versionchanged:: 0.2.0
       *sides* was added.
    """
    done = cast(
        "tuple[SimulatedGame[Any], ...]",
        checked_items(outcomes, SimulatedGame, "$.outcomes", "simulation.SimulatedGame"),
    )
    listed = checked_items(sides, str, "$.sides")
    names = sorted(
        {w for o in done if o.result is not None for w in o.result.winners} | set(listed)
    )
    counts = dict.fromkeys(names, 0)
    undecided = 0
    for outcome in done:
        if outcome.result is None or not outcome.result.winners:
            undecided += 1
        for winner in outcome.result.winners if outcome.result is not None else ():
            counts[winner] += 1
    table = {name: _wilson(count, len(done)) for name, count in counts.items()}
    table[""] = _wilson(undecided, len(done))
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

    .. versionadded:: 0.2.0
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

    .. versionadded:: 0.2.0
    """
    from tabletop_rules.systems import Registry

    found = {s.name: s.simulator for s in Registry.default() if s.simulator is not None}
    return MappingProxyType(dict(sorted(found.items())))
