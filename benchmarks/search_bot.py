"""Measure the search bot: its win rates against the other bots, and its cost per decision.

Usage::

    python benchmarks/search_bot.py [--games N] [--skirmish-games N] [--iterations N]
                                    [--skirmish-iterations N] [--skirmish-playout P]
                                    [--skirmish-rollout-steps N]
                                    [--systems NAME ...] [--processes N] [--json]

What it plays (each game seeded, the search bot's side alternating between games and between
rounds of the setups, so that it plays each setup from both sides equally often):

- ``skirmish``: the search bot against the greedy bot (``skirmish.greedy_bot``), over every
  ordered pairing of the sample decks in turn, ``--skirmish-games`` games (1,000 by default;
  the issue's target: the search bot wins more than 60%). The search bot searches
  ``--skirmish-iterations`` (40) a decision, with the greedy bot as its playout bot
  (``--skirmish-playout greedy``, or ``random``) and playouts of at most
  ``--skirmish-rollout-steps`` (400) commands, which reach a game's end;
- ``m20``, ``bar2d6``, ``bayside23``, ``duel`` (and any other registered system with a
  ``lineup`` and an example sheet): the search bot against
  :func:`~tabletop_rules.simulation.random_bot` (the GM skipped), on two seats of the
  system's example sheet, ``--games`` games (200 by default; the target for m20 and bar2d6:
  more than 70%).

Each line gives the search bot's wins, its rate and 95% Wilson interval, the draws, and the
CPU time of its decisions (the mean over every decision that searched, i.e. that had more
than one legal command) at the budget given (``--iterations``, the bot's default unless
told). Games run on ``--processes`` worker processes (every core by default).
The figures of one run go in docs/performance.md; the win rates do not depend on the
machine, the costs do: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tabletop_rules import engine
from tabletop_rules._gameai import Seating, default_setup
from tabletop_rules.dice import SeededDice
from tabletop_rules.search import DEFAULT_ITERATIONS, DEFAULT_ROLLOUT_STEPS, SearchBot
from tabletop_rules.simulation import _wilson, random_bot
from tabletop_rules.systems import Registry, RuleSystem


def _setup(system: RuleSystem[Any, Any, Any, Any]) -> Any:
    """Two seats of the example sheet: the system's lineup, or its CombatSetup by hand."""
    try:
        return default_setup(system)
    except Exception:
        pass
    import importlib

    if system.sheets is None:
        raise LookupError(f"{system.name}: no sheet to seat")
    package = importlib.import_module(system.package or system.name)
    character = system.sheets.parse(system.sheets.example)
    participant = package.Participant
    return package.CombatSetup(
        participants=[
            participant(id="p1", character=character, side="heroes"),
            participant(id="p2", character=character, side="foes", player=False),
        ]
    )


def _play(  # noqa: PLR0917 - submitted to a pool with its arguments in order
    system_name: str,
    setup: Any,
    seed: int,
    search_side: int,
    other: str,
    iterations: int,
    playout: str = "random",
    rollout_steps: int = DEFAULT_ROLLOUT_STEPS,
) -> tuple[int, int, list[float]]:
    """One game: (1 if the search bot won, 1 if nobody did, the search's decision times)."""
    from tabletop_rules.skirmish import greedy_bot

    system = Registry.default().get(system_name)
    ruleset = system.ruleset
    search = SearchBot(
        iterations=iterations,
        rollout_steps=rollout_steps,
        playout=greedy_bot if playout == "greedy" else None,
    )
    if other == "greedy":
        opponent: Any = greedy_bot
    else:
        opponent = functools.partial(random_bot, skip=(system.gm,) if system.gm else ())
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, _ = engine.begin(ruleset, setup, dice)
    seating = Seating.of(state)
    times: list[float] = []
    for _ in range(5_000):
        if ruleset.outcome(state) is not None:
            break
        player = seating.player(state, ruleset.to_act(state))
        if player is None:
            break
        if player == search_side:
            _, commands = seating.commands(ruleset, state)
            started = time.process_time()
            command = search(ruleset, state, rng)
            if len(commands) > 1:
                times.append(time.process_time() - started)
        else:
            command = opponent(ruleset, state, rng)
        if command is None:
            break
        state, _ = engine.step(ruleset, state, command, dice)
    result = ruleset.outcome(state)
    mine = seating.sides[search_side]
    won = int(result is not None and mine in result.winners)
    drawn = int(result is None or not result.winners)
    return won, drawn, times


def _side(game: int, setups: int) -> int:
    """The search bot's side in game *game* of *setups* setups played in turn.

    Alternating from game to game, and from one round of the setups to the next, so that
    each setup is played from both sides equally often, even when there are an even number
    of setups (``game % 2`` alone would seat the search bot on one side of each setup).
    """
    return (game + game // setups) % 2


def _measure(  # noqa: PLR0917
    pool: ProcessPoolExecutor,
    name: str,
    setups: Sequence[Any],
    games: int,
    other: str,
    iterations: int,
    playout: str = "random",
    rollout_steps: int = DEFAULT_ROLLOUT_STEPS,
) -> dict[str, Any]:
    futures = [
        pool.submit(
            _play,
            name,
            setups[i % len(setups)],
            i,
            _side(i, len(setups)),
            other,
            iterations,
            playout,
            rollout_steps,
        )
        for i in range(games)
    ]
    wins = draws = 0
    times: list[float] = []
    for future in futures:
        won, drawn, taken = future.result()
        wins += won
        draws += drawn
        times.extend(taken)
    estimate = _wilson(wins, games)
    return {
        "system": name,
        "against": other,
        "games": games,
        "wins": wins,
        "rate": wins / games,
        "low": estimate.low,
        "high": estimate.high,
        "draws": draws,
        "iterations": iterations,
        "playout": playout,
        "rollout_steps": rollout_steps,
        "decisions": len(times),
        "ms_per_decision": 1000 * sum(times) / len(times) if times else 0.0,
    }


def _skirmish_setups() -> list[Any]:
    from tabletop_rules.skirmish import SAMPLE_DECKS, sample_setup

    decks = list(SAMPLE_DECKS)
    return [sample_setup(a, b) for a in decks for b in decks if a != b]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--skirmish-games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--skirmish-iterations", type=int, default=40)
    parser.add_argument("--skirmish-playout", choices=("greedy", "random"), default="greedy")
    parser.add_argument("--skirmish-rollout-steps", type=int, default=400)
    parser.add_argument("--systems", nargs="*", default=None)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    registry = Registry.default()
    names = args.systems if args.systems is not None else list(registry.names)
    results: list[Mapping[str, Any]] = []
    with ProcessPoolExecutor(args.processes) as pool:
        for name in names:
            system = registry.get(name)
            started = time.perf_counter()
            if name == "skirmish":
                row = _measure(
                    pool,
                    name,
                    _skirmish_setups(),
                    args.skirmish_games,
                    "greedy",
                    args.skirmish_iterations,
                    args.skirmish_playout,
                    args.skirmish_rollout_steps,
                )
            else:
                try:
                    setups = [_setup(system)]
                except Exception as error:  # a system with no seats to offer
                    print(f"{name}: skipped ({error})", file=sys.stderr)
                    continue
                row = _measure(pool, name, setups, args.games, "random", args.iterations)
            row = {**row, "seconds": time.perf_counter() - started}
            results.append(row)
            if not args.json:
                print(
                    f"{name:10} search vs {row['against']:6}: {row['wins']:5}/{row['games']} "
                    f"= {row['rate']:.1%} [{row['low']:.1%}, {row['high']:.1%}], "
                    f"{row['draws']} draws; {row['ms_per_decision']:.1f} ms a decision "
                    f"({row['decisions']} decisions, {row['iterations']} iterations, "
                    f"{row['playout']} playouts of at most {row['rollout_steps']} commands), "
                    f"{row['seconds']:.0f} s",
                    flush=True,
                )
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
