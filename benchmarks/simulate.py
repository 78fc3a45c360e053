"""Time skirmish simulations on one and on two cores, and the parent's peak memory.

Usage::

    python benchmarks/simulate.py [--games N] [--chunk-size N] [--json]

It plays ``--games`` random-bot games of the sample decks (``vanguard`` against ``wilds``,
100,000 unless told otherwise) with :func:`tabletop_rules.simulation.simulate` and
``tally=True``, on a process pool of one worker and then on one of two, and reports for
each: the seconds (the pool started, and its workers' imports done, before the clock
starts), the games a second, and the peak memory of the parent process, the one that sends
the chunks and adds up the tallies (its peak resident set size, ``ru_maxrss``, imports
included; each pool runs in a fresh process of its own so that one peak does not hide the
other). Then the speed-up of two workers over one.

Targets: at least 1.8 times faster on two idle cores, with the parent under 100 MiB.
The exit code is 1 if the two pools do not give the same tally (the same seeds must play
the same games on any number of workers).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tabletop_rules.simulation import Tally, simulate
from tabletop_rules.skirmish import RULESET, sample_setup


def child(games: int, workers: int, chunk_size: int) -> dict[str, Any]:
    """One pool of *workers*, in this process: its time, its tally and this process's peak."""
    setup = sample_setup()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # Start every worker and import the library in it before the clock starts.
        simulate(RULESET, [setup], games=4 * workers, chunk_size=1, executor=pool, tally=True)
        started = time.perf_counter()
        tally = simulate(
            RULESET, [setup], games=games, chunk_size=chunk_size, executor=pool, tally=True
        )
        elapsed = time.perf_counter() - started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {
        "seconds": elapsed,
        "tally": [tally.games, list(tally.wins), tally.draws, tally.unfinished, tally.events],
        "peak MiB": peak_kib / 1024,
    }


def on_pool(games: int, workers: int, chunk_size: int) -> dict[str, Any]:
    """:func:`child` in a fresh interpreter, so that its peak memory is its own."""
    command = [
        sys.executable, __file__, "--child", str(workers),
        "--games", str(games), "--chunk-size", str(chunk_size),
    ]  # fmt: skip
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--chunk-size", type=int, default=50)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.games, args.child, args.chunk_size)))
        return
    one = on_pool(args.games, 1, args.chunk_size)
    two = on_pool(args.games, 2, args.chunk_size)
    if one["tally"] != two["tally"]:
        print("one and two workers played different games", file=sys.stderr)
        sys.exit(1)
    games, wins, draws, unfinished, _ = one["tally"]
    tally = Tally(games=games, wins=tuple(map(tuple, wins)), draws=draws, unfinished=unfinished)
    figures: dict[str, Any] = {
        "games": args.games,
        "1 worker (s)": one["seconds"],
        "2 workers (s)": two["seconds"],
        "1 worker games/s": args.games / one["seconds"],
        "2 workers games/s": args.games / two["seconds"],
        "2 workers / 1 worker speed-up": one["seconds"] / two["seconds"],
        "parent peak, 1 worker (MiB)": one["peak MiB"],
        "parent peak, 2 workers (MiB)": two["peak MiB"],
        "a wins": tally.won("a"),
        "b wins": tally.won("b"),
        "draws and unfinished": tally.draws + tally.unfinished,
    }
    if args.json:
        print(json.dumps(figures))
        return
    width = max(map(len, figures))
    for name, value in figures.items():
        shown = f"{value:,.2f}" if isinstance(value, float) else f"{value:,}"
        print(f"{name:>{width}}: {shown}")


if __name__ == "__main__":
    main()
