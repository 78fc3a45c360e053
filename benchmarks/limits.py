"""The worst-case cost of untrusted input within the default limits.

For each entry point that takes outside input (the notation, ``from_json``,
``m20.parse_sheet``), this script builds the costliest inputs the default limits allow, and
just-over-the-limit inputs that must be refused at once, and reports for each the time to
read and use it (the median of ``--runs`` runs) and its peak memory (one more run, traced with
``tracemalloc``, which slows big-integer work many times over but measures every allocation).
Every run is made cold, in a fresh interpreter, so that no cache of an earlier run (the
notation's parse cache, memoized sums of dice) makes an input look cheaper than it is.

Run it from the repository root::

    python benchmarks/limits.py            # a Markdown table, with the date and the machine
    python benchmarks/limits.py --runs 5   # more timed runs per input (default 3)

``docs/limits.md`` quotes a run of it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from tabletop_rules import Dice, Distribution, Roll, SeededDice, engine, from_json, to_json
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.m20 import EXAMPLE_SHEET, RULESET, parse_sheet
from tabletop_rules.m20._sheet import MAX_SHEET_LENGTH
from tabletop_rules.notation import Check, Limits, Repeat, parse
from tabletop_rules.serialization import MAX_COUNT_DIGITS, MAX_JSON_LENGTH

#: An entry point, and a function that builds one input (outside the timing) and returns its
#: description and the call to measure.
Case = tuple[str, Callable[[], tuple[str, Callable[[], object]]]]


def _ready(name: str, run: Callable[[], object]) -> Callable[[], tuple[str, Callable[[], object]]]:
    return lambda: (name, run)


def _chat(text: str) -> Callable[[], object]:
    """What a dice bot does with a message: parse, roll, render in three locales, odds."""

    def run() -> object:
        command = parse(text)
        if command is None:
            return None
        result = command.roll(SeededDice(1))
        for locale in ("en", "zh-Hant", "ja"):
            result.render(locale)
        single = command.command if isinstance(command, Repeat) else command
        if isinstance(single, Check):
            return single.probability()
        return single.distribution().mean()

    return run


def _mixed_pools() -> str:
    # 40 dice in 20 terms of different sides: every sum is a fresh convolution.
    left = "+".join(f"2d{1000 - i}" for i in range(10))
    right = "+".join(f"2d{990 - i}" for i in range(10))
    return f"{left}>={right}"


def _notation_cases() -> list[Case]:
    limits = Limits()
    cases = [
        ("notation", "odds of `100D100>=5000` (the most dice)", _chat("100d100>=5000")),
        ("notation", "odds of `30D1000>=15000` (the largest dice)", _chat("30d1000>=15000")),
        ("notation", "odds of `20D1000>=20D1000` (two pools)", _chat("20d1000>=20d1000")),
        ("notation", "odds of `2D1000+…+2D991>=2D990+…+2D981` (20 terms)",
         _chat(_mixed_pools())),
        ("notation", "odds of `4D1000!>=1` (explosions)", _chat("4d1000!>=1")),
        ("notation", "odds of `12D100KH6>=1` (keep the highest)", _chat("12d100kh6>=1")),
        ("notation", "odds of `50D100R1>=1` (rerolls)", _chat("50d100r1>=1")),
        ("notation", "`x20 5D100>=250` (the most repeats)", _chat("x20 5d100>=250")),
        ("notation", f"`100D100>=00…05000`, {limits.max_length} characters",
         _chat("100d100>=" + "0" * (limits.max_length - 13) + "5000")),
        ("notation", "refused: `100D1000>=50000` (too much work for its odds)",
         _chat("100d1000>=50000")),
        ("notation", "refused: `101D6` (one die over)", _chat("101d6")),
        ("notation", "refused: a 1 MB command", _chat("1d6+" * 250_000 + "1")),
        ("notation", "ignored: a 1 MB chat message", _chat("hello " * 170_000)),
    ]  # fmt: skip
    return [(entry, _ready(name, run)) for entry, name, run in cases]


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _fill(document: dict[str, Any], key: str, item: object, budget: int) -> str:
    """*document* with ``document[key]`` a list of *item* as long as *budget* characters allow."""
    per = len(_compact(item)) + 1
    count = (budget - len(_compact(document)) - 10) // per
    while True:
        text = _compact({**document, key: [item] * count})
        if len(text) <= budget:
            return text
        count -= (len(text) - budget) // per + 1


def _record_text() -> str:
    sheet = parse_sheet(EXAMPLE_SHEET)
    from tabletop_rules.m20 import CombatSetup, Participant

    setup = CombatSetup(
        participants=(
            Participant(id="a", character=sheet, side="left"),
            Participant(id="b", character=sheet, side="right"),
        )
    )
    state, record = engine.begin(RULESET, setup, SeededDice(5))
    dice = SeededDice(5)
    while len(record.entries) < 40 and not RULESET.is_over(state):
        state, entry = engine.step(RULESET, state, RULESET.legal_commands(state)[0], dice)
        record = record.append(entry)
    document = json.loads(to_json(record))
    pattern = document["entries"][1:]  # the commands' entries, repeated up to the limit
    text = _fill(document, "entries", pattern[0], MAX_JSON_LENGTH)
    count = len(json.loads(text)["entries"])
    document["entries"] = (pattern * (count // len(pattern) + 1))[:count]
    record = document
    text = _compact(record)
    while len(text) > MAX_JSON_LENGTH:
        record["entries"] = record["entries"][:-10]
        text = _compact(record)
    return text


def _load(text: str, cls: Any) -> Callable[[], object]:
    return lambda: from_json(text, cls)


def _pairs() -> tuple[str, Callable[[], object]]:
    text = _compact({"counts": [[i, 7] for i in range(900_000)]})
    return f"a distribution of 900,000 pairs ({len(text) / 1e6:.1f} MB)", _load(text, Distribution)


def _wide_counts() -> tuple[str, Callable[[], object]]:
    huge = 10 ** (MAX_COUNT_DIGITS - 1)
    wide = json.loads(_fill({}, "counts", [100_000, huge], MAX_JSON_LENGTH))
    wide["counts"] = [[100_000 + i, huge] for i in range(len(wide["counts"]))]
    name = f"a distribution of {len(wide['counts']):,} counts of {MAX_COUNT_DIGITS} digits (10 MB)"
    return name, _load(_compact(wide), Distribution)


def _faces() -> tuple[str, Callable[[], object]]:
    faces = _fill({"dice": {"count": 1_000_000, "sides": 6}}, "faces", 6, MAX_JSON_LENGTH)
    rolled = json.loads(faces)
    rolled["dice"]["count"] = len(rolled["faces"])
    return f"a roll of {len(rolled['faces']):,} faces (10 MB)", _load(_compact(rolled), Roll)


def _record() -> tuple[str, Callable[[], object]]:
    text = _record_text()
    entries = len(json.loads(text)["entries"])
    return f"an m20 record of {entries:,} entries (10 MB), read", _load(text, GameRecord)


def _replayed() -> tuple[str, Callable[[], object]]:
    text = _record_text()
    name = "the same record, read, then replayed up to its first entry that does not fit"
    return name, lambda: engine.replay(from_json(text, GameRecord))


def _bad_items() -> tuple[str, Callable[[], object]]:
    from tabletop_rules.notation import Expression

    bad = _fill({}, "parts", {"sign": 1, "dice": {"count": 2}, "number": 0}, MAX_JSON_LENGTH)
    return "refused: 10 MB of bad items", _load(bad, Expression)


def _over_cap() -> tuple[str, Callable[[], object]]:
    return "refused: 10 MB + 1 character", _load(" " * MAX_JSON_LENGTH + "1", Dice)


def _json_cases() -> list[Case]:
    builders = (_pairs, _wide_counts, _faces, _record, _replayed, _bad_items, _over_cap)
    return [("JSON", build) for build in builders]


def _sheet_cases() -> list[Case]:
    size = MAX_SHEET_LENGTH

    def read(text: str) -> Callable[[], object]:
        return lambda: parse_sheet(text[:size])

    cases = [
        ("m20 sheet", "the example sheet", read(EXAMPLE_SHEET)),
        ("m20 sheet", f"{size:,} characters of unknown skills",
         read("技能：\n" + "".join(f"x{i}（y{i}）：z\n" for i in range(size)))),
        ("m20 sheet", f"{size:,} characters of 2-character skill lines",
         read("Skills:\n" + "a:\n" * size)),
        ("m20 sheet", f"{size:,} characters of repeated skills",
         read("技能：\n" + "攻擊強化\n" * size)),
        ("m20 sheet", f"{size:,} characters of unknown lines", read("a\n" * size)),
        ("m20 sheet", f"{size:,} characters of attribute words", read("屬性：" + "w1 " * size)),
        ("m20 sheet", "refused: 1 MB", lambda: parse_sheet("a\n" * 500_000)),
    ]  # fmt: skip
    return [(entry, _ready(name, run)) for entry, name, run in cases]


def _once(run: Callable[[], object]) -> str:
    try:
        run()
    except TabletopRulesError as error:
        return f"refused ({type(error).__name__})"
    return "read"


def _measure_here(case: Case, mode: str) -> dict[str, object]:
    """Build the input of *case* and run it once, cold: timed, or traced for memory."""
    name, run = case[1]()
    if mode == "time":
        start = time.perf_counter()
        ending = _once(run)
        return {"name": name, "ending": ending, "seconds": time.perf_counter() - start}
    tracemalloc.start()
    try:
        ending = _once(run)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return {"name": name, "ending": ending, "mib": peak / 2**20}


def _measure(index: int, mode: str) -> dict[str, object]:
    """Measure case *index* in a fresh interpreter, so that no cache of another run helps."""
    found = subprocess.run(
        [sys.executable, __file__, "--case", str(index), "--mode", mode],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, object] = json.loads(found.stdout)
    return result


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [
                line.split(":", 1)[1].strip() for line in info if line.startswith("model name")
            ]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


def main(argv: list[str] | None = None) -> int:
    """Measure every case, each cold in its own interpreter, and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed cold runs per input")
    parser.add_argument("--case", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--mode", choices=("time", "memory"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    cases = [*_notation_cases(), *_json_cases(), *_sheet_cases()]
    if args.case is not None:
        print(json.dumps(_measure_here(cases[args.case], args.mode or "time")))
        return 0
    print(f"Run on {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {_machine()}.")
    print()
    print("| entry point | input | outcome | time (median, cold) | peak memory |")
    print("| --- | --- | --- | ---: | ---: |")
    for index, (entry, _) in enumerate(cases):
        timed = [_measure(index, "time") for _ in range(args.runs)]
        traced = _measure(index, "memory")
        seconds = statistics.median(float(str(t["seconds"])) for t in timed)
        print(
            f"| {entry} | {timed[0]['name']} | {timed[0]['ending']} | {seconds * 1000:,.1f} ms "
            f"| {float(str(traced['mib'])):,.1f} MiB |"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
