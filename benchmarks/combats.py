"""Random games of every system, side by side: games, events and replays per second.

Usage::

    python benchmarks/combats.py [--games N] [--json]

For each registered system (m20, bar2d6, bayside23, skirmish), ``--games`` setups are drawn
from the system's public Hypothesis strategy (derandomized, so every run plays the same
setups) and played to their end by :func:`tabletop_rules.simulation.random_bot`, which picks
one of those who may act (the GM left out, so that the GM ends no game early, unless the GM
alone may act, as when bayside23's GM rolls the initiative of a turn) and then one of its
``legal_commands``, with ``SeededDice``.
It reports, in one run and one process, on one core:

- games per second and events per second of play (listing the commands included);
- events per second of trusted replay (``engine.replay(record, ruleset, trusted=True)``)
  and of verified replay (``engine.replay(record, ruleset)``).

The exit code is 1 if a replay does not give the state the game was played to.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.strategies import SearchStrategy

from tabletop_rules import engine
from tabletop_rules.bar2d6 import RULESET as BAR2D6
from tabletop_rules.bar2d6 import strategies as bar2d6s
from tabletop_rules.bayside23 import RULESET as BAYSIDE23
from tabletop_rules.bayside23 import strategies as bayside23s
from tabletop_rules.m20 import GM
from tabletop_rules.m20 import RULESET as M20
from tabletop_rules.m20 import strategies as m20s
from tabletop_rules.simulation import play, random_bot
from tabletop_rules.skirmish import RULESET as SKIRMISH
from tabletop_rules.skirmish import strategies as skirmishs

SYSTEMS: dict[str, tuple[Any, SearchStrategy[Any]]] = {
    "m20": (M20, m20s.setups(min_participants=4, max_participants=4)),
    "bar2d6": (BAR2D6, bar2d6s.setups()),
    "bayside23": (BAYSIDE23, bayside23s.setups()),
    "skirmish": (SKIRMISH, skirmishs.setups()),
}


def bot(ruleset: Any, state: Any, rng: Any) -> Any:
    """The random bot, the GM left out unless the GM alone may act (bayside23's initiative)."""
    command = random_bot(ruleset, state, rng, skip=(GM,))
    if command is None and ruleset.to_act(state) == (GM,) and not ruleset.is_over(state):
        command = random_bot(ruleset, state, rng)
    return command


def setups(strategy: SearchStrategy[Any], count: int) -> list[Any]:
    """*count* setups of *strategy*, the same on every run."""
    found: list[Any] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return found[:count]


def measure(ruleset: Any, drawn: list[Any]) -> dict[str, float]:
    began = time.perf_counter()
    records = [play(ruleset, setup, seed=seed, bot=bot) for seed, setup in enumerate(drawn)]
    playing = time.perf_counter() - began
    events = sum(len(record.events) for record in records)

    began = time.perf_counter()
    trusted = [engine.replay(record, ruleset, trusted=True) for record in records]
    trusted_seconds = time.perf_counter() - began

    began = time.perf_counter()
    verified = [engine.replay(record, ruleset) for record in records]
    verified_seconds = time.perf_counter() - began
    if trusted != verified:
        sys.exit(f"{ruleset.name}: a verified replay differs from the trusted one")
    return {
        "games": len(records),
        "events": events,
        "games_per_second": len(records) / playing,
        "events_played_per_second": events / playing,
        "trusted_events_per_second": events / trusted_seconds,
        "verified_events_per_second": events / verified_seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {
        name: measure(ruleset, setups(strategy, args.games))
        for name, (ruleset, strategy) in SYSTEMS.items()
    }
    if args.json:
        print(json.dumps(results))
        return
    print(f"random games of every system: {args.games} each, one core")
    print(
        f"  {'system':<10}{'games/s':>10}{'events/s':>12}{'trusted ev/s':>14}{'verified ev/s':>15}"
    )
    for name, result in results.items():
        print(
            f"  {name:<10}{result['games_per_second']:>10,.0f}"
            f"{result['events_played_per_second']:>12,.0f}"
            f"{result['trusted_events_per_second']:>14,.0f}"
            f"{result['verified_events_per_second']:>15,.0f}"
        )


if __name__ == "__main__":
    main()
