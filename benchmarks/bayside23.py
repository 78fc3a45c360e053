"""bayside23 battles: random games, replays of them, and replays of long records.

Usage::

    python benchmarks/bayside23.py [--games N] [--long EVENTS] [--json]

- ``--games`` setups (100 by default) are drawn from ``bayside23.strategies.setups()``
  (derandomized: every run plays the same setups) and played to their end by
  :func:`tabletop_rules.simulation.random_bot` with ``SeededDice``; the figures are games
  and events a second of play, and events a second of trusted replay
  (``engine.replay(record, ruleset, trusted=True)``) and of verified replay
  (``engine.replay(record, ruleset)``) of those records.
- Two long records show that replay is linear in a record's length: a battle of two against
  two in which everyone waits, turn after turn (each turn's initiative rolled by the rules),
  played to about 2,500 events and to ``--long`` events (100,000 by default); the figures
  are the events a second of both replays of each, and the ratio of the long to the short.

The targets (``docs/performance.md``) are 150,000 trusted and 40,000 verified replay events
a second; as every figure here, they hold for a quiet machine, and a ratio of the long to
the short record's rate near 1 is what linear means.
The exit code is 1 if a replay does not give the state the game was played to.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings

from tabletop_rules import SeededDice, engine
from tabletop_rules.bayside23 import (
    RULESET,
    Character,
    CombatSetup,
    Feature,
    Participant,
    Side,
    Wait,
    Weapon,
)
from tabletop_rules.bayside23.strategies import setups
from tabletop_rules.simulation import play, random_bot


def drawn_setups(count: int) -> list[CombatSetup]:
    """*count* setups of the public strategy, the same on every run."""
    found: list[CombatSetup] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(setups())
    def collect(value: CombatSetup) -> None:
        found.append(value)

    collect()
    return found[:count]


def replays(records: list[Any], finals: list[Any]) -> dict[str, float]:
    """Events a second of trusted and of verified replay of *records*."""
    events = sum(len(record.events) for record in records)
    began = time.perf_counter()
    trusted = [engine.replay(record, RULESET, trusted=True) for record in records]
    trusted_seconds = time.perf_counter() - began
    began = time.perf_counter()
    verified = [engine.replay(record, RULESET) for record in records]
    verified_seconds = time.perf_counter() - began
    if trusted != finals or verified != finals:
        sys.exit("bayside23: a replay differs from the state the game was played to")
    return {
        "events": events,
        "trusted_events_per_second": events / trusted_seconds,
        "verified_events_per_second": events / verified_seconds,
    }


def random_games(count: int) -> dict[str, float]:
    """Play *count* random games, then replay them both ways."""
    drawn = drawn_setups(count)
    began = time.perf_counter()
    records = [play(RULESET, setup, seed=seed, bot=random_bot) for seed, setup in enumerate(drawn)]
    playing = time.perf_counter() - began
    finals = [engine.replay(record, RULESET, trusted=True) for record in records]
    result = replays(records, finals)
    return {
        "games": len(records),
        "games_per_second": len(records) / playing,
        "events_played_per_second": result["events"] / playing,
        **result,
    }


def _waiting_setup() -> CombatSetup:
    fighter = Character(name="x", strength=10, mind=10, agility=10, hp=3, feature=Feature("y"))
    sides = (Side.PARTY, Side.PARTY, Side.ENEMIES, Side.ENEMIES)
    return CombatSetup(
        participants=[
            Participant(id=f"p{i}", character=fighter, side=side, weapons=[Weapon(name="w")])
            for i, side in enumerate(sides)
        ]
    )


def waiting(events: int) -> tuple[Any, Any]:
    """A record of at least *events* events in which everyone waits, and its last state."""
    dice = SeededDice(events)
    state, record = engine.begin(RULESET, _waiting_setup(), dice)
    entries: list[Any] = []
    played = len(record.events)
    while played < events:
        current = state.current
        state, entry = engine.step(RULESET, state, Wait(current), dice)
        entries.append(entry)
        played += len(entry.events)
    return record.extend(entries), state


def long_records(long: int) -> dict[str, float]:
    """Replay a short and a long waiting battle; the ratio of their rates."""
    found: dict[str, float] = {}
    for name, size in (("short", 2_500), ("long", long)):
        record, final = waiting(size)
        rates = replays([record], [final])
        found |= {f"{name}_{key}": value for key, value in rates.items()}
    for kind in ("trusted", "verified"):
        found[f"{kind}_long_to_short"] = (
            found[f"long_{kind}_events_per_second"] / found[f"short_{kind}_events_per_second"]
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--long", type=int, default=100_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    random.seed(0)
    results = {"random": random_games(args.games), "records": long_records(args.long)}
    if args.json:
        print(json.dumps(results))
        return
    games = results["random"]
    print(f"bayside23, {games['games']:.0f} random games ({games['events']:.0f} events), one core")
    print(f"  games/s            {games['games_per_second']:>12,.0f}")
    print(f"  events/s played    {games['events_played_per_second']:>12,.0f}")
    print(f"  trusted replay     {games['trusted_events_per_second']:>12,.0f} events/s")
    print(f"  verified replay    {games['verified_events_per_second']:>12,.0f} events/s")
    records = results["records"]
    print("waiting battles: replay events/s of a short and a long record")
    for name in ("short", "long"):
        print(
            f"  {name:<6}{records[f'{name}_events']:>9,.0f} events"
            f"{records[f'{name}_trusted_events_per_second']:>12,.0f} trusted"
            f"{records[f'{name}_verified_events_per_second']:>12,.0f} verified"
        )
    print(
        f"  long/short: trusted {records['trusted_long_to_short']:.2f},"
        f" verified {records['verified_long_to_short']:.2f}"
    )


if __name__ == "__main__":
    main()
