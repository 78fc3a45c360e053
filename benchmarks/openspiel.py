"""Skirmish random play against OpenSpiel's pure-Python games, steps per second in one run.

Usage::

    python benchmarks/openspiel.py [--seconds S] [--runs N] [--json]

Each run times, in this process and one after the other:

- ``skirmish``: random-bot games of the sample decks played with the library, one step being
  one command (``engine.step`` with :func:`~tabletop_rules.simulation.random_bot`'s choice
  and ``SeededDice``, every automatic step it sets off included);
- ``python_tic_tac_toe`` and ``python_block_dominoes``: OpenSpiel's games written in Python,
  played at random, one step being one ``apply_action`` (chance outcomes drawn by their
  probabilities included), the legal actions listed before each;
- ``tabletop_rules_skirmish`` through :mod:`tabletop_rules.openspiel`, one step being one
  OpenSpiel action (a byte of a command, or a face), for what the adapter costs.

Each is played for ``--seconds`` of CPU time (whole games only). The figure is the median of
``--runs`` runs of steps per CPU second; the ratio is the skirmish's over tic-tac-toe's
(the issue's target: 1.0 or more).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np
import pyspiel
from open_spiel.python.games import block_dominoes, tic_tac_toe

import tabletop_rules.openspiel
from tabletop_rules import engine
from tabletop_rules.dice import SeededDice
from tabletop_rules.serialization import to_json
from tabletop_rules.simulation import random_bot
from tabletop_rules.skirmish import RULESET, sample_setup

del block_dominoes, tic_tac_toe  # imported to register the games


def _skirmish_game(seed: int) -> int:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, _ = engine.begin(RULESET, sample_setup(), dice)
    steps = 0
    while not RULESET.is_over(state):
        command = random_bot(RULESET, state, rng)
        if command is None:
            break
        state, _ = engine.step(RULESET, state, command, dice)
        steps += 1
    return steps


def _openspiel_game(game: pyspiel.Game) -> Callable[[int], int]:
    def play(seed: int) -> int:
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=chances)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps

    return play


def _rate(play: Callable[[int], int], seconds: float) -> float:
    """Steps per CPU second over whole games played for about *seconds*."""
    steps = 0
    seed = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        steps += play(seed)
        seed += 1
    return steps / (time.process_time() - started)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    adapter = pyspiel.load_game(
        tabletop_rules.openspiel.game_name("skirmish"), {"setup": to_json(sample_setup())}
    )
    players: dict[str, Callable[[int], int]] = {
        "skirmish": _skirmish_game,
        "python_tic_tac_toe": _openspiel_game(pyspiel.load_game("python_tic_tac_toe")),
        "python_block_dominoes": _openspiel_game(pyspiel.load_game("python_block_dominoes")),
        "tabletop_rules_skirmish": _openspiel_game(adapter),
    }
    rates: dict[str, list[float]] = {name: [] for name in players}
    for _ in range(args.runs):
        for name, play in players.items():
            rates[name].append(_rate(play, args.seconds))
    medians = {name: statistics.median(found) for name, found in rates.items()}
    ratios = {
        "skirmish / python_tic_tac_toe": medians["skirmish"] / medians["python_tic_tac_toe"],
        "skirmish / python_block_dominoes": medians["skirmish"] / medians["python_block_dominoes"],
    }
    if args.json:
        print(json.dumps({"steps_per_second": medians, "ratios": ratios}, indent=2))
        return 0
    for name, rate in medians.items():
        print(f"{name:24} {rate:12,.0f} steps/s")
    for name, ratio in ratios.items():
        print(f"{name:33} {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
