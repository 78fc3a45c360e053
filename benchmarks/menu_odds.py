"""Menu odds: the cost of the exact chance of every item of a menu, in each system.

Usage::

    python benchmarks/menu_odds.py [--games N] [--json]

For each system with menu odds (m20, bar2d6, bayside23, skirmish), ``--games`` setups (20 by
default) are drawn from the system's public strategy (derandomized: every run plays the same)
and played to their end by :func:`tabletop_rules.simulation.random_bot` with ``SeededDice``.
At every state of those games where someone may act, the menu is listed
(``legal_commands``) and ``SYSTEM.odds`` is computed for each of its items.
The figures are the microseconds an item's odds take, the milliseconds a whole menu's odds
take (the mean and the slowest menu), and the ratio of a menu's odds to listing the menu.

The target (issue 24, ``docs/performance.md``) is odds cheap enough to show beside every item
of a menu: a whole menu's odds well under the 0.25 s a chat user may cost, and of the order
of listing the menu.
As every figure here, it holds for a quiet machine: figures from a loaded one are not
comparable.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings

from tabletop_rules import engine
from tabletop_rules.simulation import play, random_bot
from tabletop_rules.systems import Registry

SYSTEMS = ("m20", "bar2d6", "bayside23", "skirmish")


def drawn_setups(system: Any, count: int) -> list[Any]:
    """*count* setups of *system*'s public strategy, the same on every run."""
    strategies = importlib.import_module(system.strategies)
    found: list[Any] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategies.setups())
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return found[:count]


def states_of(system: Any, setups: list[Any]) -> list[Any]:
    """Every state of random games from *setups* where someone may act."""
    ruleset = system.ruleset
    found: list[Any] = []
    for seed, setup in enumerate(setups):
        record = play(ruleset, setup, seed=seed, bot=random_bot)
        state = ruleset.start(setup)
        for entry in record.entries:
            state = engine.fold(ruleset, state, entry.events)
            if ruleset.legal_commands(state):
                found.append(state)
    return found


def measure(name: str, games: int) -> dict[str, Any]:
    """The cost of the odds of every menu of *games* random games of system *name*."""
    system = Registry.default().get(name)
    ruleset = system.ruleset
    states = states_of(system, drawn_setups(system, games))
    items = 0
    listing = 0.0
    odds = 0.0
    slowest = 0.0
    for state in states:
        began = time.perf_counter()
        menu = ruleset.legal_commands(state)
        listed = time.perf_counter()
        for command in menu:
            system.odds(state, command)
        done = time.perf_counter()
        items += len(menu)
        listing += listed - began
        odds += done - listed
        slowest = max(slowest, done - listed)
    return {
        "system": name,
        "menus": len(states),
        "items": items,
        "odds_us_per_item": odds / items * 1e6,
        "odds_ms_per_menu": odds / len(states) * 1e3,
        "slowest_menu_ms": slowest * 1e3,
        "odds_to_listing": odds / listing,
    }


def main() -> None:
    """Measure each system and print a table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=20, help="random games per system")
    parser.add_argument("--json", action="store_true", help="print JSON")
    arguments = parser.parse_args()
    results = [measure(name, arguments.games) for name in SYSTEMS]
    if arguments.json:
        print(json.dumps(results, indent=2))
        return
    head = ("system", "menus", "items", "µs/item", "ms/menu", "slowest", "÷ menu")
    print(f"{head[0]:<10}" + "".join(f" {h:>9}" for h in head[1:]))
    for r in results:
        cells = (
            f"{r['menus']}",
            f"{r['items']}",
            f"{r['odds_us_per_item']:.1f}",
            f"{r['odds_ms_per_menu']:.3f}",
            f"{r['slowest_menu_ms']:.3f}",
            f"{r['odds_to_listing']:.2f}",
        )
        print(f"{r['system']:<10}" + "".join(f" {c:>9}" for c in cells))


if __name__ == "__main__":
    main()
