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
  (the pool's start-up included), ``--pool-games`` of them;
- ``long records``: replay of one long combat, ``--long-events`` events (100,000 by
  default), against its first 2,500 events: trusted and verified events per second of
  each, and their ratio (1.0 for a replay linear in its record). The long combat is played
  by the random bot with every command but an attack, by characters without 召喚師, so that
  nobody falls and it goes on for ever: assists, hinders and hidings pile up unused, the
  case where an m20 state once grew with its record.

Figures are the median of ``--runs`` runs (the long records: one run).
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

import attrs

from tabletop_rules import SeededDice, engine, to_json
from tabletop_rules.engine import GameRecord
from tabletop_rules.m20 import (
    GM,
    RULESET,
    Attack,
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

Game = tuple[
    GameRecord[CombatSetup, Command, Event], list[tuple[CombatState, Command]], CombatState
]


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
    dice = SeededDice(seed)
    state, record = engine.begin(RULESET, setup(rng), dice)
    entries: list[engine.Entry[Command, Event]] = []
    decided: list[tuple[CombatState, Command]] = []
    for _ in range(1000):
        actors = [a for a in RULESET.to_act(state) if a != GM]
        if not actors:
            break
        commands = RULESET.legal_commands(state, actor=rng.choice(actors))
        command = rng.choice(commands)
        if keep_moments:
            decided.append((state, command))
        state, entry = engine.step(RULESET, state, command, dice)
        entries.append(entry)
    return record.extend(entries), decided, state


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


def long_record(
    events: int, seed: int
) -> tuple[GameRecord[CombatSetup, Command, Event], CombatState]:
    """A combat nobody attacks in, of at least *events* events: its record and final state."""
    rng = random.Random(seed)
    skills = [s for s in SKILLS if s is not Skill.SUMMONER]
    participants = []
    for i in range(4):
        pa, sa, pd, sd = rng.choice(SPREADS)
        character = Character(
            name=f"P{i}",
            attributes=Attributes(
                physical_attack=pa, special_attack=sa, physical_defense=pd, special_defense=sd
            ),
            tendency=rng.choice(list(Tendency)),
            bonus_specialty=rng.choice(list(Specialty)),
            picks=[SkillPick(skill=s) for s in rng.sample(skills, rng.randint(0, 4))],
        )
        participants.append(
            Participant(id=f"p{i}", character=character, side=f"side{i % 2}", player=i < 2)
        )
    dice = SeededDice(seed)
    state, record = engine.begin(RULESET, CombatSetup(participants=participants), dice)
    entries: list[engine.Entry[Command, Event]] = []
    count = 0
    while count < events:
        actor = rng.choice([a for a in RULESET.to_act(state) if a != GM])
        commands = [c for c in RULESET.legal_commands(state, actor=actor) if type(c) is not Attack]
        state, entry = engine.step(RULESET, state, rng.choice(commands), dice)
        entries.append(entry)
        count += len(entry.events)
    return record.extend(entries), state


def _events_per_second(record: GameRecord[CombatSetup, Command, Event], *, trusted: bool) -> float:
    began = time.perf_counter()
    engine.replay(record, RULESET, trusted=trusted)
    return len(record.events) / (time.perf_counter() - began)


def long_records(events: int, short: int = 2_500) -> dict[str, float]:
    """Replay of a long record against the first *short* events of it, in events per second."""
    record, live = long_record(events, seed=7)
    if engine.replay(record, RULESET) != live:
        sys.exit("a replay of the long record does not give the live state")
    cut, taken = 0, 0
    while taken < short:
        taken += len(record.entries[cut].events)
        cut += 1
    head = attrs.evolve(record, entries=record.entries[:cut])
    result = {
        "long_events": float(len(record.events)),
        "long_json_characters": float(len(to_json(record))),
        "short_events": float(len(head.events)),
    }
    for name, trusted in (("trusted", True), ("verified", False)):
        result[f"short_{name}_events_per_second"] = _events_per_second(head, trusted=trusted)
        result[f"long_{name}_events_per_second"] = _events_per_second(record, trusted=trusted)
        result[f"{name}_long_to_short"] = (
            result[f"long_{name}_events_per_second"] / result[f"short_{name}_events_per_second"]
        )
    return result


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
    parser.add_argument("--long-events", type=int, default=100_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = [measure(args.combats, seed=1000 * run) for run in range(args.runs)]
    result = {key: statistics.median(run[key] for run in runs) for key in KEYS}
    result["games_on_every_core_per_second"] = (
        games_on_every_core(args.pool_games) if args.pool_games else 0.0
    )
    long = long_records(args.long_events) if args.long_events else {}
    result.update(long)
    if args.json:
        print(json.dumps(result))
        return
    print(f"m20 combats: {args.combats} a run, median of {args.runs} runs")
    for key in KEYS:
        print(f"  {LABELS[key]:<28}{result[key]:>12,.0f}")
    every = result["games_on_every_core_per_second"]
    print(f"  {'games / s on every core':<28}{every:>12,.0f}")
    if long:
        print(
            f"long record: {long['long_events']:,.0f} events "
            f"({long['long_json_characters']:,.0f} characters of JSON), "
            f"against its first {long['short_events']:,.0f}"
        )
        for name in ("trusted", "verified"):
            print(
                f"  {name + ' replay events / s':<28}"
                f"{long[f'short_{name}_events_per_second']:>12,.0f} short"
                f"{long[f'long_{name}_events_per_second']:>12,.0f} long"
                f"{long[f'{name}_long_to_short']:>8.2f} long/short"
            )


if __name__ == "__main__":
    main()
