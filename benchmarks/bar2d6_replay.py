"""Replay of long bar2d6 records: events per second, trusted and verified, and how they scale.

Usage::

    python benchmarks/bar2d6_replay.py [--events N ...] [--runs R] [--json]

A record is played with ``SeededDice`` by a random bot over the players' ``legal_commands``
(attacks and waits of four characters with bonuses and no abilities, two a side), with the
GM ruling a combatant at 1 HP back to max HP, so that the combat never ends and the record
grows to any length.
For each length (by default 2,500 and 100,000 events) it reports the events per second of
``engine.replay(record, RULESET, trusted=True)`` and of the verified
``engine.replay(record, RULESET)``: the best of ``--runs`` timings, in CPU time of this
process (``time.process_time``), which another process's load moves less than wall time.
The last column is the long record's rate over the short one's: near 1 when replay is
linear in the record's length.

The exit code is 1 if a replay does not give the state the game was played to.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from tabletop_rules import SeededDice, engine
from tabletop_rules.bar2d6 import (
    GM,
    RULESET,
    Character,
    CombatSetup,
    Item,
    ItemKind,
    Participant,
    SetHp,
)


def _setup() -> CombatSetup:
    def fighter(name: str, active: int, passive: int) -> Character:
        return Character(
            name=name,
            items=[
                Item(name="劍", kind=ItemKind.WEAPON, active=active),
                Item(name="盾", kind=ItemKind.WEAPON, passive=passive),
            ],
            hp_bought=2,
        )

    return CombatSetup(
        participants=[
            Participant(id="a1", character=fighter("A1", 3, 2), side="a"),
            Participant(id="a2", character=fighter("A2", 2, 3), side="a"),
            Participant(id="b1", character=fighter("B1", 3, 3), side="b", player=False),
            Participant(id="b2", character=fighter("B2", 1, 3), side="b", player=False),
        ]
    )


def record_of(events: int, seed: int = 0) -> tuple[engine.GameRecord[Any, Any, Any], Any]:
    """A record of at least *events* events, and the live state it was played to."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, record = engine.begin(RULESET, _setup(), dice)
    entries: list[engine.Entry[Any, Any]] = []
    count = 0
    while count < events:
        hurt = [c for c in state.combatants if c.hp == 1]
        if hurt:
            command: Any = SetHp(target=hurt[0].id, hp=hurt[0].max_hp)
        else:
            players = [a for a in RULESET.to_act(state) if a != GM]
            command = rng.choice(RULESET.legal_commands(state, actor=rng.choice(players)))
        state, entry = engine.step(RULESET, state, command, dice)
        entries.append(entry)
        count += len(entry.events)
    return record.extend(entries), state


def _best(runs: int, replay: Any) -> tuple[float, Any]:
    times: list[float] = []
    state = None
    for _ in range(runs):
        began = time.process_time()
        state = replay()
        times.append(time.process_time() - began)
    return min(times), state


def measure(events: int, runs: int) -> dict[str, float]:
    record, live = record_of(events)
    count = len(record.events)
    trusted, folded = _best(runs, lambda: engine.replay(record, RULESET, trusted=True))
    verified, checked = _best(runs, lambda: engine.replay(record, RULESET))
    if folded != live or checked != live:
        sys.exit(f"a replay of {count} events differs from live play")
    return {
        "events": count,
        "trusted_events_per_second": count / trusted,
        "verified_events_per_second": count / verified,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[2_500, 100_000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [measure(events, args.runs) for events in args.events]
    if args.json:
        print(json.dumps(results))
        return
    first = results[0]
    print("bar2d6 replay of long records, one core (CPU time, best of runs)")
    print(f"  {'events':>9}{'trusted ev/s':>14}{'verified ev/s':>15}{'vs first':>10}")
    for result in results:
        ratio = result["verified_events_per_second"] / first["verified_events_per_second"]
        print(
            f"  {result['events']:>9,.0f}{result['trusted_events_per_second']:>14,.0f}"
            f"{result['verified_events_per_second']:>15,.0f}{ratio:>10.2f}"
        )


if __name__ == "__main__":
    main()
