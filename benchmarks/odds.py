"""Time exact check probabilities: tabletop_rules.odds.Distribution against icepool.

Usage::

    python benchmarks/odds.py [--runs N] [--json]

Both libraries run in this one process, on the same checks, and must give identical
fractions: the script exits with 1 if any pair differs, and with 0 otherwise.
Speed never changes the exit code; a ratio under its target is marked "below target".

Each timed call builds the whole expression from the dice up, on both sides, and ends with
the probability as a Fraction.
Every check is timed twice on our side: through the generic path
(``Distribution.probability(predicate)``, target 20x) and through the comparison methods
(``p_at_least`` and friends, target 10x).
Full distributions of 10D10 and 100D6 (every outcome with its Fraction, target 20x) and
keep-highest (4D6KH3, advantage; target 10x) follow.
``Distribution.of`` memoizes sums of dice by their pools by design, and icepool caches
internally too; both caches are warmed by one untimed call, so the figures are steady-state.
The last row times a cold 100D6 distribution: each side in fresh interpreters, first call
only (target: no slower than icepool).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import icepool

from tabletop_rules.dice import Dice
from tabletop_rules.odds import Distribution

TARGET = 10.0
GENERIC_TARGET = 20.0
SAMPLE_NS = 5_000_000  # aim for about 5 ms of work per timed sample


@dataclass(frozen=True)
class Check:
    name: str
    ours: Callable[[], object]
    icepool: Callable[[], object]
    target: float = TARGET


# -- the checks ---------------------------------------------------------------------------


def ours_opposed_d20() -> Fraction:
    attack = Distribution.of(Dice(1, 20)) + 5
    defense = Distribution.of(Dice(1, 20)) + 3
    return attack.p_at_least(defense)


def icepool_opposed_d20() -> Fraction:
    return (icepool.d(20) + 5 >= icepool.d(20) + 3).probability(True)


def ours_d20_vs_target() -> Fraction:
    return (Distribution.of(Dice(1, 20)) + 7).p_at_least(16)


def icepool_d20_vs_target() -> Fraction:
    return (icepool.d(20) + 7).probability(">=", 16)


def ours_2d6_vs_kd6(k: int) -> Callable[[], Fraction]:
    def run() -> Fraction:
        return (Distribution.of(Dice(2, 6)) + 5).p_at_least(Distribution.of(Dice(k, 6)))

    return run


def icepool_2d6_vs_kd6(k: int) -> Callable[[], Fraction]:
    def run() -> Fraction:
        return (2 @ icepool.d(6) + 5 >= k @ icepool.d(6)).probability(True)

    return run


def ours_3d6_less() -> Fraction:
    return (Distribution.of(Dice(3, 6)) - 1).p_less(Distribution.of(Dice(3, 6)) + 2)


def icepool_3d6_less() -> Fraction:
    return (3 @ icepool.d(6) - 1 < 3 @ icepool.d(6) + 2).probability(True)


def _middle(total: int) -> bool:
    return 2 < total < 12


def ours_fumble_crit() -> Fraction:
    # For 2D6, total 2 is exactly 1+1 (always fails) and total 12 exactly 6+6 (always
    # succeeds); every other total compares as usual.
    first = Distribution.of(Dice(2, 6))
    other = Distribution.of(Dice(2, 6)) + 2
    compared = (first.restrict(_middle) + 3).p_greater(other)
    return first.p_equal(12) + first.probability(_middle) * compared


def _fumble_crit_rule(first: int, other: int) -> bool:
    if first == 12:  # 6+6
        return True
    if first == 2:  # 1+1
        return False
    return first + 3 > other + 2


def icepool_fumble_crit() -> Fraction:
    return icepool.map(_fumble_crit_rule, 2 @ icepool.d(6), 2 @ icepool.d(6)).probability(True)


# The hit chance is an input to the last check on both sides: it is computed once, outside
# the timed region.
HIT = ours_opposed_d20()


def ours_three_hits() -> Fraction:
    return Distribution.bernoulli(HIT).repeat(5).p_at_least(3)


def icepool_three_hits() -> Fraction:
    attack = icepool.Die({0: HIT.denominator - HIT.numerator, 1: HIT.numerator})
    return (5 @ attack).probability(">=", 3)


# -- the generic path: distributions built from the dice, then probability(predicate) -------


def _not_negative(total: int) -> bool:
    return total >= 0


def _positive(total: int) -> bool:
    return total > 0


def _negative(total: int) -> bool:
    return total < 0


def _at_least_16(total: int) -> bool:
    return total >= 16


def _twelve(total: int) -> bool:
    return total == 12


def _three_or_more(hits: int) -> bool:
    return hits >= 3


def generic_opposed_d20() -> Fraction:
    return (Distribution.of(Dice(1, 20)) + 5 - Distribution.of(Dice(1, 20)) - 3).probability(
        _not_negative
    )


def generic_d20_vs_target() -> Fraction:
    return (Distribution.of(Dice(1, 20)) + 7).probability(_at_least_16)


def generic_2d6_vs_kd6(k: int) -> Callable[[], Fraction]:
    def run() -> Fraction:
        difference = Distribution.of(Dice(2, 6)) + 5 - Distribution.of(Dice(k, 6))
        return difference.probability(_not_negative)

    return run


def generic_3d6_less() -> Fraction:
    difference = Distribution.of(Dice(3, 6)) - 1 - Distribution.of(Dice(3, 6)) - 2
    return difference.probability(_negative)


def generic_fumble_crit() -> Fraction:
    first = Distribution.of(Dice(2, 6))
    other = Distribution.of(Dice(2, 6))
    compared = (first.restrict(_middle) + 1 - other).probability(_positive)
    return first.probability(_twelve) + first.probability(_middle) * compared


def generic_three_hits() -> Fraction:
    return Distribution.bernoulli(HIT).repeat(5).probability(_three_or_more)


# -- full distributions and keep-highest ----------------------------------------------------


def ours_full(count: int, sides: int) -> Callable[[], dict[int, Fraction]]:
    def run() -> dict[int, Fraction]:
        return dict(Distribution.of(Dice(count, sides)).probabilities())

    return run


def icepool_full(count: int, sides: int) -> Callable[[], dict[int, Fraction]]:
    def run() -> dict[int, Fraction]:
        die = count @ icepool.d(sides)
        return dict(zip(die.outcomes(), die.probabilities(), strict=True))

    return run


def ours_4d6kh3() -> Fraction:
    return Distribution.keep(Dice(4, 6), 3).p_at_least(15)


def icepool_4d6kh3() -> Fraction:
    return icepool.d(6).highest(4, 3).probability(">=", 15)


def ours_advantage() -> Fraction:
    return (Distribution.keep(Dice(2, 20), 1) + 5).p_at_least(15)


def icepool_advantage() -> Fraction:
    return (icepool.d(20).highest(2, 1) + 5).probability(">=", 15)


CHECKS: tuple[Check, ...] = (
    Check("P(1d20+5 >= 1d20+3)", generic_opposed_d20, icepool_opposed_d20, GENERIC_TARGET),
    Check("P(1d20+7 >= 16)", generic_d20_vs_target, icepool_d20_vs_target, GENERIC_TARGET),
    *(
        Check(f"P(2d6+5 >= {k}d6)", generic_2d6_vs_kd6(k), icepool_2d6_vs_kd6(k), GENERIC_TARGET)
        for k in range(5)
    ),
    Check("P(3d6-1 < 3d6+2)", generic_3d6_less, icepool_3d6_less, GENERIC_TARGET),
    Check(
        "P(2d6+3 > 2d6+2), 1+1 fails, 6+6 succeeds",
        generic_fumble_crit,
        icepool_fumble_crit,
        GENERIC_TARGET,
    ),
    Check("P(>= 3 hits in 5 attacks)", generic_three_hits, icepool_three_hits, GENERIC_TARGET),
    Check("full 10d10", ours_full(10, 10), icepool_full(10, 10), GENERIC_TARGET),
    Check("full 100d6", ours_full(100, 6), icepool_full(100, 6), GENERIC_TARGET),
    Check("p_*: P(1d20+5 >= 1d20+3)", ours_opposed_d20, icepool_opposed_d20),
    Check("p_*: P(1d20+7 >= 16)", ours_d20_vs_target, icepool_d20_vs_target),
    *(
        Check(f"p_*: P(2d6+5 >= {k}d6)", ours_2d6_vs_kd6(k), icepool_2d6_vs_kd6(k))
        for k in range(5)
    ),
    Check("p_*: P(3d6-1 < 3d6+2)", ours_3d6_less, icepool_3d6_less),
    Check("p_*: P(2d6+3 > 2d6+2), 1+1 fails, 6+6", ours_fumble_crit, icepool_fumble_crit),
    Check("p_*: P(>= 3 hits in 5 attacks)", ours_three_hits, icepool_three_hits),
    Check("keep: P(4d6kh3 >= 15)", ours_4d6kh3, icepool_4d6kh3),
    Check("keep: P(2d20kh1+5 >= 15), advantage", ours_advantage, icepool_advantage),
)

_COLD_OURS = """
import time
t = time.perf_counter()
from tabletop_rules.dice import Dice
from tabletop_rules.odds import Distribution
start = time.perf_counter()
result = dict(Distribution.of(Dice(100, 6)).probabilities())
print(time.perf_counter() - start)
"""
_COLD_ICEPOOL = """
import time
import icepool
start = time.perf_counter()
die = 100 @ icepool.d(6)
result = dict(zip(die.outcomes(), die.probabilities(), strict=True))
print(time.perf_counter() - start)
"""


def cold_seconds(script: str, runs: int) -> float:
    """The median time of the first call in *runs* fresh interpreters (imports not counted)."""
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        ).stdout
        times.append(float(out))
    return statistics.median(times)


# -- timing ---------------------------------------------------------------------------------


def _loop_ns(function: Callable[[], object], iterations: int) -> int:
    start = time.perf_counter_ns()
    for _ in range(iterations):
        function()
    return time.perf_counter_ns() - start


def _iterations(function: Callable[[], object]) -> int:
    """How many calls fill about SAMPLE_NS, after one untimed call warms the caches."""
    function()
    iterations = 1
    while (elapsed := _loop_ns(function, iterations)) < SAMPLE_NS // 4:
        iterations *= 4
    return max(1, iterations * SAMPLE_NS // max(elapsed, 1))


def median_call_ns(
    ours: Callable[[], object], theirs: Callable[[], object], runs: int
) -> tuple[float, float, float]:
    """The median time per call of each side, and the median ratio of adjacent samples.

    The two sides' samples alternate, so that a burst of load on the machine falls on
    both of them rather than on one; the ratio is the median of icepool's sample over ours
    taken just before it, which such a burst moves less than the ratio of the medians.
    """
    ours_k, theirs_k = _iterations(ours), _iterations(theirs)
    ours_ns: list[float] = []
    theirs_ns: list[float] = []
    gc_was_enabled = gc.isenabled()
    gc.disable()  # as timeit does: a collection in one sample would be noise
    try:
        for _ in range(runs):
            ours_ns.append(_loop_ns(ours, ours_k) / ours_k)
            theirs_ns.append(_loop_ns(theirs, theirs_k) / theirs_k)
    finally:
        if gc_was_enabled:
            gc.enable()
    ratio = statistics.median(t / o for t, o in zip(theirs_ns, ours_ns, strict=True))
    return statistics.median(ours_ns), statistics.median(theirs_ns), ratio


# -- report ---------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31, help="timed samples per side (31)")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")

    results: list[dict[str, object]] = []
    for check in CHECKS:
        ours, theirs = check.ours(), check.icepool()
        ours_ns, icepool_ns, ratio = median_call_ns(check.ours, check.icepool, args.runs)
        ours_us, icepool_us = ours_ns / 1000, icepool_ns / 1000
        results.append(
            {
                "check": check.name,
                "ours_us": round(ours_us, 3),
                "icepool_us": round(icepool_us, 3),
                "ratio": round(ratio, 2),
                "target": check.target,
                "meets_target": ratio >= check.target,
                "ours_fraction": _shown(ours),
                "icepool_fraction": _shown(theirs),
                "fractions_match": _same(ours, theirs),
            }
        )
    cold_runs = max(3, min(args.runs, 7))
    ours_cold = cold_seconds(_COLD_OURS, cold_runs) * 1e6
    icepool_cold = cold_seconds(_COLD_ICEPOOL, cold_runs) * 1e6
    cold_ratio = icepool_cold / ours_cold
    results.append(
        {
            "check": f"cold full 100d6 (median of {cold_runs} fresh processes)",
            "ours_us": round(ours_cold, 1),
            "icepool_us": round(icepool_cold, 1),
            "ratio": round(cold_ratio, 2),
            "target": 1.0,
            "meets_target": cold_ratio >= 1.0,
            "ours_fraction": "",
            "icepool_fraction": "",
            "fractions_match": True,
        }
    )
    all_match = all(r["fractions_match"] for r in results)
    environment = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "icepool": icepool.__version__,
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "hit_chance_timed": False,
        "runs": args.runs,
        "targets": {"generic": GENERIC_TARGET, "p_* and keep": TARGET, "cold": 1.0},
    }

    if args.json:
        print(json.dumps({"environment": environment, "results": results}, indent=2))
    else:
        print(
            f"Python {environment['python']} ({environment['implementation']}), "
            f"icepool {environment['icepool']}, median of {args.runs} samples per side"
        )
        header = (
            f"{'check':<46} {'ours µs':>9} {'icepool µs':>11} {'ratio':>8} {'target':>7}  "
            f"{'ours':<28} icepool"
        )
        print(header)
        print("-" * len(header))
        for r in results:
            marks = []
            if not r["meets_target"]:
                marks.append("below target")
            if not r["fractions_match"]:
                marks.append("FRACTIONS DIFFER")
            print(
                f"{r['check']:<46} {r['ours_us']:>9.2f} {r['icepool_us']:>11.1f} "
                f"{r['ratio']:>7.1f}x {r['target']:>6g}x  "
                f"{r['ours_fraction']:<28} {r['icepool_fraction']}"
                + ("  <- " + "; ".join(marks) if marks else "")
            )
        below = [r["check"] for r in results if not r["meets_target"]]
        print("every ratio meets its target" if not below else f"below target: {below}")
        print("all fractions identical" if all_match else "SOME FRACTIONS DIFFER")
    return 0 if all_match else 1


def _shown(value: object) -> str:
    if isinstance(value, dict):
        return f"{len(value)} outcomes"
    return str(value)


def _same(ours: object, theirs: object) -> bool:
    if isinstance(ours, dict) and isinstance(theirs, dict):
        return ours == theirs and all(type(v) is Fraction for v in ours.values())
    return type(ours) is Fraction and type(theirs) is Fraction and ours == theirs


if __name__ == "__main__":
    sys.exit(main())
