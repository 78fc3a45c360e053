"""Time random m20 combats: games played, commands decided and events replayed per second.

Usage::

    python benchmarks/m20_combat.py [--combats N] [--runs N] [--json]

Each run plays ``--combats`` random combats of four valid characters (two a side) to their
end, as a random bot does: it picks one of the combatants who may act (``to_act``, the GM
left out so that combats run to their end), then one of that actor's
``legal_commands(state, actor=...)``, and plays it with ``engine.step`` and ``SeededDice``.
It times, in the same process:

- ``games``: random combats played per second, listing the commands included; the timed
  games keep their records and final states, as a simulation does, and the states met along
  the way (for ``decide`` below) are collected by playing the same seeds again, untimed,
  so that the harness's own bookkeeping (about 8,000 live states a run, which the garbage
  collector would walk again and again) is not charged to the games;
- ``decide``: the commands of those games decided again per second, each with the automatic
  events that follow it;
- ``trusted replay``: events folded per second by ``engine.replay(record, trusted=True)``;
- ``verified replay``: events checked and folded per second by ``engine.replay(record)``,
  which derives every event again from the rules and the recorded dice;
- ``games on every core``: the same kind of random combats played per second by
  ``tabletop_rules.simulation.simulate`` with its default process pool over every core
  (the pool's start-up included), ``--pool-games`` of them.

Figures are the median of ``--runs`` runs.
The exit code is 1 if a replay does not give the live state.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time

from tabletop_rules import SeededDice, engine
from tabletop_rules.engine import GameRecord
from tabletop_rules.m20 import (
    GM,
    RULESET,
    Attributes,
    Character,
    CombatSetup,
    CombatState,
    Command,
    Event,
    Participant,
    Skill,
    SkillPick,
    Specialty,
    Tendency,
)
from tabletop_rules.simulation import random_bot, simulate

SKILLS = [s for s in Skill if not s.prerequisites and s is not Skill.EXPERTISE]
SPREADS = [(3, 3, 2, 2), (4, 2, 2, 2), (2, 4, 2, 2), (1, 1, 4, 4), (4, 4, 1, 1)]

Game = tuple[GameRecord[CombatSetup, Event], list[tuple[CombatState, Command]], CombatState]


def character(rng: random.Random, name: str) -> Character:
    skills = rng.sample(SKILLS, rng.randint(0, 4))
    pa, sa, pd, sd = rng.choice(SPREADS)
    return Character(
        name=name,
        attributes=Attributes(
            physical_attack=pa, special_attack=sa, physical_defense=pd, special_defense=sd
        ),
        tendency=rng.choice(list(Tendency)),
        bonus_specialty=rng.choice(list(Specialty)),
        picks=[SkillPick(skill=s) for s in skills],
    )


def setup(rng: random.Random) -> CombatSetup:
    return CombatSetup(
        participants=[
            Participant(
                id=f"p{i}", character=character(rng, f"P{i}"), side=f"side{i % 2}", player=i < 2
            )
            for i in range(4)
        ]
    )


def play(seed: int, *, keep_moments: bool = False) -> Game:
    """One random combat to its end: its record, each (state, command), its final state.

    The (state, command) pairs are kept only with *keep_moments*.
    """
    rng = random.Random(seed)
    start = setup(rng)
    state = RULESET.start(start)
    dice = SeededDice(seed)
    events: list[Event] = []
    decided: list[tuple[CombatState, Command]] = []
    for _ in range(1000):
        actors = [a for a in RULESET.to_act(state) if a != GM]
        if not actors:
            break
        commands = RULESET.legal_commands(state, actor=rng.choice(actors))
        command = rng.choice(commands)
        if keep_moments:
            decided.append((state, command))
        state, new = engine.step(RULESET, state, command, dice)
        events.extend(new)
    record: GameRecord[CombatSetup, Event] = GameRecord.begin(RULESET, start).extend(events)
    return record, decided, state


def measure(combats: int, seed: int) -> dict[str, float]:
    began = time.perf_counter()
    games = [play(seed + i) for i in range(combats)]
    games_seconds = time.perf_counter() - began
    records = [g[0] for g in games]
    moments = [m for i in range(combats) for m in play(seed + i, keep_moments=True)[1]]
    events = sum(len(r.events) for r in records)

    began = time.perf_counter()
    for record in records:
        engine.replay(record, RULESET, trusted=True)
    trusted_seconds = time.perf_counter() - began

    began = time.perf_counter()
    replayed = [engine.replay(record, RULESET) for record in records]
    verified_seconds = time.perf_counter() - began
    if replayed != [g[2] for g in games]:
        sys.exit("a replay does not give the live state")

    dice = SeededDice(seed)
    began = time.perf_counter()
    for state, command in moments:
        RULESET.decide(state, command, dice)
    decide_seconds = time.perf_counter() - began
    return {
        "events": events,
        "commands": len(moments),
        "games_per_second": combats / games_seconds,
        "commands_decided_per_second": len(moments) / decide_seconds,
        "trusted_events_per_second": events / trusted_seconds,
        "verified_events_per_second": events / verified_seconds,
    }


KEYS = (
    "events",
    "commands",
    "games_per_second",
    "commands_decided_per_second",
    "trusted_events_per_second",
    "verified_events_per_second",
)
LABELS = {
    "events": "events per run",
    "commands": "commands per run",
    "games_per_second": "random games / second",
    "commands_decided_per_second": "commands decided / sec",
    "trusted_events_per_second": "trusted replay events / s",
    "verified_events_per_second": "verified replay events / s",
}


def games_on_every_core(count: int) -> float:
    """Random combats per second played by ``simulate`` over every core."""
    setups = [setup(random.Random(seed)) for seed in range(count)]
    bot = functools.partial(random_bot, skip=(GM,))
    began = time.perf_counter()
    simulate(RULESET, setups, bot=bot, chunk_size=25)
    return count / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--combats", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pool-games", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = [measure(args.combats, seed=1000 * run) for run in range(args.runs)]
    result = {key: statistics.median(run[key] for run in runs) for key in KEYS}
    result["games_on_every_core_per_second"] = games_on_every_core(args.pool_games)
    if args.json:
        print(json.dumps(result))
        return
    print(f"m20 combats: {args.combats} a run, median of {args.runs} runs")
    for key in KEYS:
        print(f"  {LABELS[key]:<28}{result[key]:>12,.0f}")
    every = result["games_on_every_core_per_second"]
    print(f"  {'games / s on every core':<28}{every:>12,.0f}")


if __name__ == "__main__":
    main()
