"""Time random m20 combats: events folded per second and commands decided per second.

Usage::

    python benchmarks/m20_combat.py [--combats N] [--runs N] [--json]

Each run plays ``--combats`` random combats of four valid characters (two a side), every
command drawn from ``RULESET.legal_commands`` with ``SeededDice``; the GM's rulings to end a
round or the combat are left out so that combats run to their end.
It then times, on the recorded games:

- ``decide``: the commands decided per second (each decide includes the automatic events
  and folds them to check them);
- ``replay``: the events folded per second by ``engine.replay`` of every record.

Figures are the median of ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tabletop_rules import SeededDice, engine
from tabletop_rules.engine import GameRecord, Registry
from tabletop_rules.m20 import (
    RULESET,
    Attributes,
    Character,
    CombatSetup,
    CombatState,
    Command,
    EndCombat,
    EndRound,
    Event,
    Participant,
    Skill,
    SkillPick,
    Specialty,
    Tendency,
)

REGISTRY = Registry().with_rulesets(RULESET)
SKILLS = [s for s in Skill if not s.prerequisites and s is not Skill.EXPERTISE]
SPREADS = [(3, 3, 2, 2), (4, 2, 2, 2), (2, 4, 2, 2), (1, 1, 4, 4), (4, 4, 1, 1)]


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


def play(seed: int) -> tuple[GameRecord[CombatSetup, Event], list[tuple[CombatState, Command]]]:
    rng = random.Random(seed)
    start = setup(rng)
    state = RULESET.start(start)
    dice = SeededDice(seed)
    record: GameRecord[CombatSetup, Event] = GameRecord.begin(RULESET, start)
    decided: list[tuple[CombatState, Command]] = []
    for _ in range(500):
        if RULESET.is_over(state):
            break
        commands = [
            c for c in RULESET.legal_commands(state) if not isinstance(c, EndRound | EndCombat)
        ]
        command = rng.choice(commands)
        decided.append((state, command))
        state, events = engine.step(RULESET, state, command, dice)
        record = record.extend(events)
    return record, decided


def measure(combats: int, seed: int) -> dict[str, float]:
    games = [play(seed + i) for i in range(combats)]
    records = [g[0] for g in games]
    moments = [m for g in games for m in g[1]]
    events = sum(len(r.events) for r in records)

    began = time.perf_counter()
    for record in records:
        engine.replay(record, registry=REGISTRY)
    replay_seconds = time.perf_counter() - began

    dice = SeededDice(seed)
    began = time.perf_counter()
    for state, command in moments:
        RULESET.decide(state, command, dice)
    decide_seconds = time.perf_counter() - began
    return {
        "events": events,
        "commands": len(moments),
        "events_folded_per_second": events / replay_seconds,
        "commands_decided_per_second": len(moments) / decide_seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--combats", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = [measure(args.combats, seed=1000 * run) for run in range(args.runs)]
    result = {
        key: statistics.median(run[key] for run in runs)
        for key in ("events", "commands", "events_folded_per_second", "commands_decided_per_second")
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"m20 combats: {args.combats} a run, median of {args.runs} runs")
    print(f"  events per run          {result['events']:>12,.0f}")
    print(f"  commands per run        {result['commands']:>12,.0f}")
    print(f"  events folded / second  {result['events_folded_per_second']:>12,.0f}")
    print(f"  commands decided / sec  {result['commands_decided_per_second']:>12,.0f}")


if __name__ == "__main__":
    main()
