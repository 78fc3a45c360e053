"""Time chat dice: tabletop_rules.notation against avrae's d20, and the worst odds allowed.

Usage::

    python benchmarks/chat_dice.py [--runs N] [--json]

Part one times parse, roll and render of the same texts with both libraries, in this one
process: ours is ``parse(text).roll(SeededDice).render("en")``, d20's is ``d20.roll(text)``
(its explanation is made lazily, so ``str(d20.roll(text))`` is shown too, for reference).
The target is at least 1.5 times d20's rolls a second on each text, against ``d20.roll``.
The rolls a second are the medians of the samples; the ratio is the median of the ratios of
adjacent samples (d20's right after ours), which a burst of load on the machine moves less.

Part two computes the exact odds of the costliest commands that the default limits allow,
each with every memo cleared first, and reports the slowest (target: under 0.25 s).

The exit code is 0; speed never changes it.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version

import d20  # type: ignore[import-untyped]

from tabletop_rules import odds
from tabletop_rules.dice import SeededDice
from tabletop_rules.notation import Check, CountRoll, Expression, Limits, Repeat, parse

TARGET = 1.5
ODDS_TARGET_S = 0.25
SAMPLE_NS = 2_000_000
TEXTS = ("1d20+5", "4d6", "2d6+3d8+7", "10d10")

#: Commands at the edge of the default limits, each costly in its own way.
WORST = (
    "100D120",
    "50D80+50D80",
    "50D80-50D80",
    "100D7KH50",
    "100D1000KH1",
    "16D65!",
    "16D1000RR1",
    "50D160R1",
    "(1D1000)*600",
    "50D231>=50D231",
    "10D100KH5+10D100KL5",
    "+".join(["5D110"] * 20),
    "+".join(["1D1000"] * 20),
    "x20 5D1000",
)


def _loop_ns(function: Callable[[], object], iterations: int) -> int:
    start = time.perf_counter_ns()
    for _ in range(iterations):
        function()
    return time.perf_counter_ns() - start


def _iterations(function: Callable[[], object]) -> int:
    function()
    iterations = 1
    while (elapsed := _loop_ns(function, iterations)) < SAMPLE_NS // 4:
        iterations *= 4
    return max(1, iterations * SAMPLE_NS // max(elapsed, 1))


def samples(functions: list[Callable[[], object]], runs: int) -> list[list[float]]:
    """*runs* samples of ns per call of each function, their samples alternating, GC off."""
    loops = [_iterations(function) for function in functions]
    found_samples: list[list[float]] = [[] for _ in functions]
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(runs):
            for function, loop, found in zip(functions, loops, found_samples, strict=True):
                found.append(_loop_ns(function, loop) / loop)
    finally:
        if enabled:
            gc.enable()
    return found_samples


def chat_rows(runs: int) -> list[dict[str, object]]:
    dice = SeededDice(2026)
    rows: list[dict[str, object]] = []
    for text in TEXTS:
        command = parse(text)
        assert command is not None

        def ours(text: str = text) -> str:
            found = parse(text)
            assert found is not None
            return found.roll(dice).render("en")

        def theirs(text: str = text) -> object:
            return d20.roll(text)

        def theirs_text(text: str = text) -> str:
            return str(d20.roll(text))

        ours_s, theirs_s, theirs_text_s = samples([ours, theirs, theirs_text], runs)
        ours_ns, theirs_ns, theirs_text_ns = (
            statistics.median(found) for found in (ours_s, theirs_s, theirs_text_s)
        )
        # Each of d20's samples is taken right after ours: the median of the ratios of such
        # pairs shrugs off a burst of load better than the ratio of the medians.
        ratio = statistics.median(t / o for t, o in zip(theirs_s, ours_s, strict=True))
        ratio_text = statistics.median(t / o for t, o in zip(theirs_text_s, ours_s, strict=True))
        rows.append(
            {
                "text": text,
                "ours_rolls_per_s": round(1e9 / ours_ns),
                "d20_rolls_per_s": round(1e9 / theirs_ns),
                "d20_with_text_rolls_per_s": round(1e9 / theirs_text_ns),
                "ratio": round(ratio, 2),
                "ratio_with_text": round(ratio_text, 2),
                "meets_target": ratio >= TARGET,
                "example": ours(),
                "d20_example": theirs_text(),
            }
        )
    return rows


def _clear_memos() -> None:
    for memo in (
        odds.Distribution._dice_sum,
        odds._pool_sum,
        odds._keep_highest,
        odds._exploding,
        odds._rerolling,
        odds._fraction,
        odds._small_convolution,
    ):
        memo.cache_clear()


def _odds(command: Expression | Check | CountRoll | Repeat) -> object:
    single = command.command if isinstance(command, Repeat) else command
    if isinstance(single, Check):
        return single.probability()
    distribution = single.distribution()
    return distribution.mean()


def worst_rows(runs: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    limits = Limits()
    for text in WORST:
        command = parse(text)
        assert command is not None
        single = command.command if isinstance(command, Repeat) else command
        seconds = []
        for _ in range(max(3, min(runs, 5))):
            _clear_memos()
            start = time.perf_counter()
            _odds(command)
            seconds.append(time.perf_counter() - start)
        rows.append(
            {
                "command": text if len(text) <= 40 else text[:37] + "...",
                "work": single.odds_work(),
                "max_work": limits.max_work,
                "median_s": round(statistics.median(seconds), 4),
                "max_s": round(max(seconds), 4),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31, help="timed samples per side (31)")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    chat = chat_rows(args.runs)
    worst = worst_rows(args.runs)
    environment = {
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "python": platform.python_version(),
        "d20": version("d20"),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "runs": args.runs,
    }
    slowest = max(row["max_s"] for row in worst)  # type: ignore[type-var]
    if args.json:
        print(json.dumps({"environment": environment, "chat": chat, "worst": worst}, indent=2))
        return 0
    print(
        f"{environment['date']}, Python {environment['python']}, d20 {environment['d20']}, "
        f"{environment['cpus']} CPUs, load {environment['load']}, median of {args.runs} samples"
    )
    header = f"{'text':<12} {'ours/s':>9} {'d20/s':>9} {'ratio':>7} {'d20+str/s':>10} {'ratio':>7}"
    print(header)
    print("-" * len(header))
    for row in chat:
        mark = "" if row["meets_target"] else f"  <- below target ({TARGET:g}x)"
        print(
            f"{row['text']:<12} {row['ours_rolls_per_s']:>9} {row['d20_rolls_per_s']:>9} "
            f"{row['ratio']:>6}x {row['d20_with_text_rolls_per_s']:>10} "
            f"{row['ratio_with_text']:>6}x{mark}"
        )
    print()
    print(
        f"{'costliest odds within the default limits':<42} {'work':>8} {'median s':>9} {'max s':>7}"
    )
    for row in worst:
        print(f"{row['command']:<42} {row['work']:>8} {row['median_s']:>9} {row['max_s']:>7}")
    verdict = "under" if slowest < ODDS_TARGET_S else "OVER"
    print(f"slowest: {slowest} s ({verdict} the {ODDS_TARGET_S} s target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
