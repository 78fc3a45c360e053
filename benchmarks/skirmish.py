"""Time random skirmish games: games and commands per second on one core, and the bots.

Usage::

    python benchmarks/skirmish.py [--games N] [--runs N] [--greedy N] [--simulate N] [--json]

Each run plays ``--games`` games of the sample decks (``vanguard`` against ``wilds``) with the
random bot of :mod:`tabletop_rules.simulation` (one of ``legal_commands`` at random, played
with ``engine.begin``, ``engine.step`` and ``SeededDice``), in this process, and reports:

- ``games/s``: random-bot games played to their end per second (one core), by the wall
  clock and by the process's CPU time (the figure that does not depend on other load); the
  timed games keep what :func:`~tabletop_rules.skirmish.simulate` keeps, each game's result
  and length, and the records to replay come from playing the same seeds again, untimed, so
  that the garbage collector's walks over the harness's own records are not charged to the
  games;
- ``commands/s``: the commands of those games per second, each with its automatic events;
- ``verified replay events/s``: events checked per second by ``engine.replay(record)``,
  which decides every entry's command again with its faces;
- ``trusted replay events/s`` and ``games/s``: the same games rebuilt from their records by
  ``engine.replay(record, trusted=True)``, which only folds the events.

With ``--greedy N`` it also plays N games of the greedy bot (player ``a``) against the random
bot (player ``b``) and prints the greedy bot's win rate with its 95% Wilson interval.

With ``--simulate N`` (10,000 unless told otherwise; 0 skips it) it times
:func:`tabletop_rules.skirmish.simulate` of N random-bot games on a process pool of one
worker and then of two (each pool started, and its workers' imports done, before the clock
starts), and prints both times and the speed-up of two processes over one (target: 1.7 or
more, on a machine with two idle cores).

Figures are the median of ``--runs`` runs.
The exit code is 1 if a replay does not give the live state.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from tabletop_rules import SeededDice, engine
from tabletop_rules.engine import GameRecord
from tabletop_rules.simulation import random_bot
from tabletop_rules.skirmish import (
    RULESET,
    CombatSetup,
    CombatState,
    Command,
    Event,
    greedy_bot,
    sample_setup,
    simulate,
)

T = TypeVar("T")


class _Inline(Executor):
    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


Record = GameRecord[CombatSetup, Command, Event]


def play(setup: CombatSetup, seed: int) -> tuple[CombatState, Record]:
    """One random-bot game of *setup* with *seed*: its final state and its record."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, record = engine.begin(RULESET, setup, dice)
    entries = []
    while state.result is None:
        command = random_bot(RULESET, state, rng)
        state, entry = engine.step(RULESET, state, command, dice)
        entries.append(entry)
    return state, record.extend(entries)


def run(games: int) -> dict[str, float]:
    setup = sample_setup()
    commands = 0
    results = []
    started = time.perf_counter()
    cpu = time.process_time()
    for seed in range(games):
        # Keep what a simulation keeps: the result and the length of each game.
        state, record = play(setup, seed)
        results.append((state.result, sum(len(e.events) for e in record.entries)))
        commands += sum(1 for e in record.entries if e.command is not None)
    played = time.perf_counter() - started
    cpu = time.process_time() - cpu
    # The records to replay: the same seeds played again, untimed.
    records = [play(setup, seed) for seed in range(games)]
    if [(s.result, len(r.events)) for s, r in records] != results:
        print("the same seed played another game", file=sys.stderr)
        sys.exit(1)
    count = sum(len(record.events) for _, record in records)
    started = time.perf_counter()
    for live, record in records:
        if engine.replay(record, RULESET) != live:
            print("replay differs from the live state", file=sys.stderr)
            sys.exit(1)
    verified = time.perf_counter() - started
    started = time.perf_counter()
    for live, record in records:
        if engine.replay(record, RULESET, trusted=True) != live:
            print("trusted replay differs from the live state", file=sys.stderr)
            sys.exit(1)
    trusted = time.perf_counter() - started
    return {
        "games/s": games / played,
        "games/CPU s": games / cpu,
        "commands/s": commands / played,
        "commands a game": commands / games,
        "events a game": count / games,
        "verified replay events/s": count / verified,
        "trusted replay events/s": count / trusted,
        "trusted replay games/s": games / trusted,
    }


def on_processes(games: int, processes: int) -> float:
    """The seconds a simulation of *games* games takes on a pool of *processes* workers."""
    with ProcessPoolExecutor(max_workers=processes) as pool:
        # Start every worker and import the library in it before the clock starts.
        simulate("vanguard", "wilds", 50 * processes, executor=pool)
        started = time.perf_counter()
        rates = simulate("vanguard", "wilds", games, executor=pool)
        elapsed = time.perf_counter() - started
    if sum(rate.count for rate in rates.values()) != games:
        print("the simulation lost games", file=sys.stderr)
        sys.exit(1)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--greedy", type=int, default=0)
    parser.add_argument("--simulate", type=int, default=10_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [run(args.games) for _ in range(args.runs)]
    figures: dict[str, Any] = {k: statistics.median(r[k] for r in results) for k in results[0]}
    if args.greedy:
        rates = simulate(
            "vanguard", "wilds", args.greedy, {"a": greedy_bot, "b": random_bot}, executor=_Inline()
        )
        a = rates["a"]
        figures["greedy win rate"] = f"{a.rate:.3f} [{a.low:.3f}, {a.high:.3f}]"
    if args.simulate:
        one = on_processes(args.simulate, 1)
        two = on_processes(args.simulate, 2)
        figures["simulation, 1 process (s)"] = one
        figures["simulation, 2 processes (s)"] = two
        figures["2 processes / 1 process speed-up"] = one / two
    if args.json:
        print(json.dumps(figures))
        return
    width = max(map(len, figures))
    for name, value in figures.items():
        shown = f"{value:,.2f}" if isinstance(value, float) else str(value)
        print(f"{name:>{width}}: {shown}")


if __name__ == "__main__":
    main()
