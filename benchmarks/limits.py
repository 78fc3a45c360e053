"""The worst-case cost of untrusted input within the default limits.

For each entry point that takes outside input (the notation, ``from_json``,
``m20.parse_sheet``), this script builds the costliest inputs the default limits allow, and
just-over-the-limit inputs that must be refused at once, and reports for each the time to
read and use it (the median of ``--runs`` runs) and its peak memory (one more run, traced with
``tracemalloc``, which slows big-integer work many times over but measures every allocation).

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
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from tabletop_rules import Dice, Distribution, Roll, SeededDice, from_json, to_json
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.m20 import EXAMPLE_SHEET, RULESET, parse_sheet
from tabletop_rules.m20._sheet import MAX_SHEET_LENGTH
from tabletop_rules.notation import Check, Limits, Repeat, parse
from tabletop_rules.serialization import MAX_COUNT_DIGITS, MAX_JSON_LENGTH

Case = tuple[str, str, Callable[[], object]]


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
    # 100 dice in 20 terms of different sides: every sum is a fresh convolution.
    left = "+".join(f"5d{1000 - i}" for i in range(10))
    right = "+".join(f"5d{990 - i}" for i in range(10))
    return f"{left}>={right}"


def _notation_cases() -> list[Case]:
    limits = Limits()
    return [
        ("notation", "odds of `100D1000>=50000` (the most dice, the most sides)",
         _chat("100d1000>=50000")),
        ("notation", "odds of `50D1000>=50D1000` (two pools of the largest dice)",
         _chat("50d1000>=50d1000")),
        ("notation", "odds of `5D1000+…+5D991>=5D990+…+5D981` (20 terms, 100 dice)",
         _chat(_mixed_pools())),
        ("notation", "`x20 5D1000>=2500` (the most repeats)", _chat("x20 5d1000>=2500")),
        ("notation", f"`100D1000>=00…050000`, {limits.max_length} characters",
         _chat("100d1000>=" + "0" * (limits.max_length - 15) + "50000")),
        ("notation", "refused: `101D6` (one die over)", _chat("101d6")),
        ("notation", "refused: a 1 MB command", _chat("1d6+" * 250_000 + "1")),
        ("notation", "ignored: a 1 MB chat message", _chat("hello " * 170_000)),
    ]  # fmt: skip


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
    state = RULESET.start(setup)
    events: list[Any] = []
    dice = SeededDice(5)
    while len(events) < 40 and not RULESET.is_over(state):
        command = RULESET.legal_commands(state)[0]
        new = RULESET.decide(state, command, dice)
        for event in new:
            state = RULESET.evolve(state, event)
        events.extend(new)
    record = json.loads(to_json(GameRecord.begin(RULESET, setup).extend(events)))
    pattern = record["events"]
    text = _fill(record, "events", pattern[0], MAX_JSON_LENGTH)
    count = len(json.loads(text)["events"])
    record["events"] = (pattern * (count // len(pattern) + 1))[:count]
    text = _compact(record)
    while len(text) > MAX_JSON_LENGTH:
        record["events"] = record["events"][:-10]
        text = _compact(record)
    return text


def _json_cases() -> list[Case]:
    pairs = _compact({"counts": [[i, 7] for i in range(900_000)]})
    huge = 10 ** (MAX_COUNT_DIGITS - 1)
    counts = _fill({}, "counts", [100_000, huge], MAX_JSON_LENGTH)
    wide = json.loads(counts)
    wide["counts"] = [[100_000 + i, huge] for i in range(len(wide["counts"]))]
    faces = _fill({"dice": {"count": 1_000_000, "sides": 6}}, "faces", 6, MAX_JSON_LENGTH)
    rolled = json.loads(faces)
    rolled["dice"]["count"] = len(rolled["faces"])
    record = _record_text()
    bad = _fill({}, "parts", {"sign": 1, "dice": {"count": 2}, "number": 0}, MAX_JSON_LENGTH)

    def load(text: str, cls: Any) -> Callable[[], object]:
        return lambda: from_json(text, cls)

    def replayed(text: str) -> Callable[[], object]:
        def run() -> object:
            from tabletop_rules import engine

            return engine.replay(from_json(text, GameRecord))

        return run

    from tabletop_rules.notation import Expression

    n_pairs = len(json.loads(pairs)["counts"])
    n_events = len(json.loads(record)["events"])
    return [
        ("JSON", f"a distribution of {n_pairs:,} pairs ({len(pairs) / 1e6:.1f} MB)",
         load(pairs, Distribution)),
        ("JSON", f"a distribution of {len(wide['counts']):,} counts of {MAX_COUNT_DIGITS} digits "
         "(10 MB)", load(_compact(wide), Distribution)),
        ("JSON", f"a roll of {len(rolled['faces']):,} faces (10 MB)",
         load(_compact(rolled), Roll)),
        ("JSON", f"an m20 record of {n_events:,} events (10 MB), read", load(record, GameRecord)),
        ("JSON", "the same record, read, then replayed up to its first event that does not fit",
         replayed(record)),
        ("JSON", "refused: 10 MB of bad items", load(bad, Expression)),
        ("JSON", "refused: 10 MB + 1 character", load(" " * MAX_JSON_LENGTH + "1", Dice)),
    ]  # fmt: skip


def _sheet_cases() -> list[Case]:
    size = MAX_SHEET_LENGTH

    def read(text: str) -> Callable[[], object]:
        return lambda: parse_sheet(text[:size])

    return [
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


def _measure(run: Callable[[], object], runs: int) -> tuple[float, float, str]:
    """The median seconds of *runs* runs, the traced peak in MiB, and how it ended."""

    def once() -> str:
        try:
            run()
        except TabletopRulesError as error:
            return f"refused ({type(error).__name__})"
        return "read"

    times = []
    ending = ""
    for _ in range(runs):
        start = time.perf_counter()
        ending = once()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    try:
        once()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return statistics.median(times), peak / 2**20, ending


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
    """Measure every case and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs per input")
    args = parser.parse_args(argv)
    cases = [*_notation_cases(), *_json_cases(), *_sheet_cases()]
    print(f"Run on {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {_machine()}.")
    print()
    print("| entry point | input | outcome | time (median) | peak memory |")
    print("| --- | --- | --- | ---: | ---: |")
    for entry, name, run in cases:
        seconds, mib, ending = _measure(run, args.runs)
        print(f"| {entry} | {name} | {ending} | {seconds * 1000:,.1f} ms | {mib:,.1f} MiB |")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
