"""Time chat dice: tabletop_rules.notation against avrae's d20, and the worst costs allowed.

Usage::

    python benchmarks/chat_dice.py [--runs N] [--json]

Everything is measured in this one process, so the figures compare; the machine's load is
printed with them, since a shared machine moves them.

1. **Parse, roll and render** of the same texts with both libraries: ours is
   ``parse(text).roll(SeededDice).render("en")``, d20's is ``d20.Roller().roll(text)`` (its
   explanation is made lazily).
   Each text is timed as *cached* (a bot that sees the same command again) and as *never seen*
   (both libraries' parse caches cleared before every call).
   Target: at least 1.5 times d20's rolls a second, both ways.
2. **The slowest commands within the default limits** to roll and render, each against d20
   doing the same (``x10 5d6>=5d6`` is ten ``d20.roll("5d6>=5d6")``). Target: at least 1.0x.
3. **BCDice's forms**: each against d20 where d20 has the form (target 1.5x), and against the
   library's own plain sum of the same dice where it has not (target: at most 2x its time).
4. **The exact odds** of the costliest commands the default limits allow, every memo cleared
   first, and **reading and rendering** the longest ones (target: each under 0.25 s).

The rolls a second are medians of samples; a ratio is the median of the ratios of adjacent
samples (the other side's right after ours), which a burst of load moves less.
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
from typing import Any

import d20  # type: ignore[import-untyped]

from tabletop_rules import odds
from tabletop_rules.dice import SeededDice
from tabletop_rules.notation import Check, Choice, Limits, Repeat, parse
from tabletop_rules.notation import _parser as notation_parser

TARGET = 1.5
SLOWEST_TARGET = 1.0
PLAIN_TARGET = 2.0
BUDGET_S = 0.25
SAMPLE_NS = 2_000_000
TEXTS = ("1d20+5", "4d6", "2d6+3d8+7", "10d10", "2d6>=7", "1d20+5>=15", "4d6kh3", "(1d6+1)*2")

#: Heavy commands within the default limits, each with what d20 rolls for the same work.
SLOWEST = (
    ("x10 5d6>=5d6", ["5d6>=5d6"] * 10),
    ("x20 5d6", ["5d6"] * 20),
    ("x20 1d20+5>=15", ["1d20+5>=15"] * 20),
    ("100d6", ["100d6"]),
    ("50d6+50d6", ["50d6+50d6"]),
    ("+".join(["1d6"] * 20), ["+".join(["1d6"] * 20)]),
    ("x5 20d6kh10", ["20d6kh10"] * 5),
    ("x4 (1d6+1)*2+(1d8+2)*3", ["(1d6+1)*2+(1d8+2)*3"] * 4),
)

#: BCDice's forms that d20 also has, with d20's spelling.
SHARED_FORMS = (
    ("5DKH3", "5d6kh3"),
    ("3D6/2", "3d6//2"),
    ("2d10--3-4", "2d10--3-4"),
    ("3D6MAX+2", "3d6kh1+2"),
)

#: BCDice's forms that d20 lacks, with the library's plain sum of the same dice.
OWN_FORMS = (
    ("3D6/2U", "3d6"),
    ("1D100/10R", "1d100"),
    ("(2+3)d6", "5d6"),
    ("2b6+4b10>3", "2d6+4d10"),
    ("6B6>=4", "6d6"),
    ("3R6>=5", "3d6"),
    ("12R6>=6", "12d6"),
    ("5U10[8]", "5d10"),
    ("3U6[6]+1", "3d6+1"),
    ("6TY6", "6d6"),
    ("6TZ6", "6d6"),
    ("C(10/3)", "1d6"),
    ("choice[sword,axe,bow]", "1d3"),
    ("choice2 sword axe bow", "2d3"),
    ("D66S", "2d6"),
    ("2D66", "4d6"),
    ("x3 2D6>=7", "x3 2d6>=7"),
)

#: Commands at the edge of the default limits, each costly in its own way, for their odds.
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
    "100B100",
    "100B1000>=500",
    "50B1000+50B6>=3",
    "16R1000[2]>=500",
    "16U1000[999]>=500",
    "16U20[2]",
    "100TY20",
    "50D66",
    "20D100/7R+20D100/3U",
    "choice[1-100]",
)

#: The longest commands within the default limits, for reading and rendering.
LONGEST = (
    "(" * 98 + "1d6" + ")" * 98,
    "+".join(["1d6"] * 20),
    "1d6" + "*-1" * 19,
    "C(" + "1+" * 97 + "1)",
    "choice[" + ",".join(f"i{n:02}" for n in range(48)) + "]",
    "x20 " + "+".join(["1d5"] * 5) + ">=10",
)

_ROLLER = d20.Roller()


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


def _clear_parse_caches() -> None:
    notation_parser.cached_default.cache_clear()
    notation_parser._cached.cache_clear()  # pyright: ignore[reportPrivateUsage]


def _ours(text: str, *, seen: bool) -> Callable[[], object]:
    dice = SeededDice(2026)

    def cached() -> str:
        command: Any = parse(text)
        return str(command.roll(dice).render("en"))

    def fresh() -> str:
        _clear_parse_caches()
        command: Any = parse(text)
        return str(command.roll(dice).render("en"))

    return cached if seen else fresh


def _theirs(texts: list[str], *, seen: bool) -> Callable[[], object]:
    def cached() -> object:
        return [_ROLLER.roll(text) for text in texts]

    def fresh() -> object:
        found = []
        for text in texts:
            _ROLLER._parse_cache.clear()
            found.append(_ROLLER.roll(text))
        return found

    return cached if seen else fresh


def _ratio(ours: Callable[[], object], theirs: Callable[[], object], runs: int) -> dict[str, Any]:
    ours_s, theirs_s = samples([ours, theirs], runs)
    return {
        "ours_per_s": round(1e9 / statistics.median(ours_s)),
        "theirs_per_s": round(1e9 / statistics.median(theirs_s)),
        # Each of their samples is taken right after ours: the median of the ratios of such
        # pairs shrugs off a burst of load better than the ratio of the medians.
        "ratio": round(statistics.median(t / o for t, o in zip(theirs_s, ours_s, strict=True)), 2),
    }


def chat_rows(runs: int) -> list[dict[str, Any]]:
    rows = []
    for text in TEXTS:
        for seen in (True, False):
            row = {"text": text, "seen": seen}
            row |= _ratio(_ours(text, seen=seen), _theirs([text], seen=seen), runs)
            row["meets_target"] = row["ratio"] >= TARGET
            rows.append(row)
    return rows


def slowest_rows(runs: int) -> list[dict[str, Any]]:
    rows = []
    for text, theirs in SLOWEST:
        row: dict[str, Any] = {"text": text, "d20": f"{len(theirs)} x {theirs[0]}"}
        row |= _ratio(_ours(text, seen=True), _theirs(theirs, seen=True), runs)
        row["meets_target"] = row["ratio"] >= SLOWEST_TARGET
        rows.append(row)
    return rows


def form_rows(runs: int) -> list[dict[str, Any]]:
    rows = []
    for text, theirs in SHARED_FORMS:
        for seen in (True, False):
            row: dict[str, Any] = {"text": text, "against": f"d20 {theirs}", "seen": seen}
            row |= _ratio(_ours(text, seen=seen), _theirs([theirs], seen=seen), runs)
            row["meets_target"] = row["ratio"] >= TARGET
            rows.append(row)
    for text, plain in OWN_FORMS:
        for seen in (True, False):
            row = {"text": text, "against": f"ours {plain}", "seen": seen}
            row |= _ratio(_ours(text, seen=seen), _ours(plain, seen=seen), runs)
            # At most PLAIN_TARGET times the plain sum's time: a ratio of 1 / PLAIN_TARGET.
            row["meets_target"] = row["ratio"] >= 1 / PLAIN_TARGET
            rows.append(row)
    return rows


def _clear_memos() -> None:
    for memo in (
        odds.Distribution._dice_sum,  # pyright: ignore[reportPrivateUsage]
        odds._pool_sum,  # pyright: ignore[reportPrivateUsage]
        odds._keep_highest,  # pyright: ignore[reportPrivateUsage]
        odds._exploding,  # pyright: ignore[reportPrivateUsage]
        odds._rerolling,  # pyright: ignore[reportPrivateUsage]
        odds._fraction,  # pyright: ignore[reportPrivateUsage]
        odds._small_convolution,  # pyright: ignore[reportPrivateUsage]
    ):
        memo.cache_clear()


def _odds(command: Any) -> object:
    single = command.command if isinstance(command, Repeat) else command
    if isinstance(single, Check):
        return single.probability()
    if isinstance(single, Choice):
        return [single.probability(item) for item in single.items]
    found = [single.distribution().mean()]
    if hasattr(single, "highest_distribution"):
        found.append(single.highest_distribution().mean())
    return found


def _seconds(function: Callable[[], object], runs: int, clear: Callable[[], None]) -> list[float]:
    seconds = []
    for _ in range(max(3, min(runs, 5))):
        clear()
        start = time.perf_counter()
        function()
        seconds.append(time.perf_counter() - start)
    return seconds


def worst_rows(runs: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    limits = Limits()
    for text in WORST:
        command: Any = parse(text)
        single = command.command if isinstance(command, Repeat) else command
        seconds = _seconds(lambda command=command: _odds(command), runs, _clear_memos)
        rows.append(
            {
                "what": "odds",
                "command": text if len(text) <= 40 else text[:37] + "...",
                "work": single.odds_work(),
                "max_work": limits.max_work,
                "median_s": round(statistics.median(seconds), 4),
                "max_s": round(max(seconds), 4),
            }
        )
    for text in LONGEST:

        def use(text: str = text) -> object:
            command: Any = parse(text)
            result = command.roll(SeededDice(1))
            return [result.render(locale) for locale in ("en", "zh-Hant", "ja")]

        seconds = _seconds(use, runs, _clear_parse_caches)
        rows.append(
            {
                "what": "read, roll, render",
                "command": text if len(text) <= 40 else text[:37] + "...",
                "work": None,
                "max_work": None,
                "median_s": round(statistics.median(seconds), 4),
                "max_s": round(max(seconds), 4),
            }
        )
    return rows


def _mark(row: dict[str, Any]) -> str:
    return "" if row["meets_target"] else "  <- below target"


def _print(environment: dict[str, Any], results: dict[str, list[dict[str, Any]]]) -> None:
    print(
        f"{environment['date']}, Python {environment['python']}, d20 {environment['d20']}, "
        f"{environment['cpus']} CPUs, load {environment['load']} before and "
        f"{environment['load_after']} after, median of {environment['runs']} samples"
    )
    print(f"\n1. parse, roll, render against d20.roll (target {TARGET:g}x)")
    print(f"{'text':<14} {'text seen':<10} {'ours/s':>9} {'d20/s':>9} {'ratio':>7}")
    for row in results["chat"]:
        seen = "cached" if row["seen"] else "never"
        print(
            f"{row['text']:<14} {seen:<10} {row['ours_per_s']:>9} {row['theirs_per_s']:>9} "
            f"{row['ratio']:>6}x{_mark(row)}"
        )
    print(f"\n2. the slowest commands within the default limits (target {SLOWEST_TARGET:g}x)")
    print(f"{'command':<34} {'against':<26} {'ours/s':>8} {'d20/s':>8} {'ratio':>7}")
    for row in results["slowest"]:
        text = row["text"] if len(row["text"]) <= 33 else row["text"][:30] + "..."
        print(
            f"{text:<34} {row['d20']:<26} {row['ours_per_s']:>8} {row['theirs_per_s']:>8} "
            f"{row['ratio']:>6}x{_mark(row)}"
        )
    print(
        f"\n3. BCDice's forms: against d20 (target {TARGET:g}x) or the library's plain sum "
        f"(target: at most {PLAIN_TARGET:g}x its time, a ratio of {1 / PLAIN_TARGET:g})"
    )
    print(
        f"{'form':<22} {'against':<18} {'text seen':<10} {'ours/s':>8} {'other/s':>8} {'ratio':>7}"
    )
    for row in results["forms"]:
        seen = "cached" if row["seen"] else "never"
        print(
            f"{row['text']:<22} {row['against']:<18} {seen:<10} {row['ours_per_s']:>8} "
            f"{row['theirs_per_s']:>8} {row['ratio']:>6}x{_mark(row)}"
        )
    print(f"\n4. the costliest commands within the default limits (target: under {BUDGET_S} s)")
    print(f"{'what':<19} {'command':<42} {'work':>8} {'median s':>9} {'max s':>7}")
    for row in results["worst"]:
        work = "" if row["work"] is None else row["work"]
        print(
            f"{row['what']:<19} {row['command']:<42} {work:>8} {row['median_s']:>9} "
            f"{row['max_s']:>7}"
        )
    slowest = max(row["max_s"] for row in results["worst"])
    verdict = "under" if slowest < BUDGET_S else "OVER"
    print(f"slowest: {slowest} s ({verdict} the {BUDGET_S} s target)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31, help="timed samples per side (31)")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    results = {
        "chat": chat_rows(args.runs),
        "slowest": slowest_rows(args.runs),
        "forms": form_rows(args.runs),
        "worst": worst_rows(args.runs),
    }
    environment = {
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "python": platform.python_version(),
        "d20": version("d20"),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load": load,
        "load_after": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "runs": args.runs,
    }
    if args.json:
        print(json.dumps({"environment": environment, **results}, indent=2))
    else:
        _print(environment, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
