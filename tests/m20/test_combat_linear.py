"""m20 combats stay as small as their combat, however long the record: replay is linear.

A long combat in which nobody attacks piles up what waits to be used: every round ``a``
hinders ``b`` and ``b`` hinders ``a``, ``c`` assists ``a`` against ``b``, and ``d`` hides from
``a``, none of it ever used. The effects that wait are kept as one per kind, creature and
label (``Effect.times``), and those that concern a creature gone for good leave the state,
so that every event of a replay costs the same work at the end of a long record as at its
start. Work is counted as lines of Python run (``sys.settrace``), never as time.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from tabletop_rules import ScriptedDice, engine
from tabletop_rules.checks import Term
from tabletop_rules.engine import Entry, GameRecord
from tabletop_rules.m20 import (
    RULESET,
    Assist,
    Attack,
    Attributes,
    Character,
    CombatSetup,
    CombatState,
    Command,
    Dismiss,
    EffectKind,
    Event,
    FocusDefense,
    Hide,
    Hinder,
    HinderChoice,
    Participant,
    Skill,
    SkillPick,
    Specialty,
    Summon,
    Tendency,
)

Record = GameRecord[CombatSetup, Command, Event]

#: One round of the long combat: four actions, each a d20 of 20 (a success).
ROUND: tuple[Command, ...] = (
    Hinder(actor="a", target="b", choice=HinderChoice.ATTACK),
    Assist(actor="c", target="b", ally="a"),
    Hinder(actor="b", target="a", choice=HinderChoice.DEFENSE),
    Hide(actor="d", target="a"),
)


def character(name: str, *skills: Skill) -> Character:
    return Character(
        name=name,
        attributes=Attributes(
            physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
        ),
        tendency=Tendency.CUNNING,
        bonus_specialty=Specialty.KNOWLEDGE,
        picks=[SkillPick(skill=s) for s in skills],
    )


def setup() -> CombatSetup:
    return CombatSetup(
        participants=[
            Participant(id="a", character=character("A"), side="heroes"),
            Participant(id="b", character=character("B"), side="foes", player=False),
            Participant(id="c", character=character("C"), side="heroes"),
            Participant(id="d", character=character("D"), side="foes", player=False),
        ]
    )


def long_combat(rounds: int) -> tuple[Record, CombatState]:
    """*rounds* rounds of :data:`ROUND` (five events each, with the round's end)."""
    dice = ScriptedDice([20] * (len(ROUND) * rounds))
    state, record = engine.begin(RULESET, setup(), dice)
    entries: list[Entry[Command, Event]] = []
    for _ in range(rounds):
        for command in ROUND:
            state, entry = engine.step(RULESET, state, command, dice)
            entries.append(entry)
    return record.extend(entries), state


def lines_run(work: Callable[[], Any]) -> int:
    """The lines of Python that *work* runs (every frame, the library's and the engine's)."""
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame: FrameType, event: str, arg: object) -> Any:
        return local

    before = sys.gettrace()
    sys.settrace(calls)
    try:
        work()
    finally:
        sys.settrace(before)
    return count


def test_effects_that_wait_are_kept_as_one_per_kind_creature_and_label() -> None:
    """M20-058, M20-060: 200 rounds of unused assists and hinders leave a few effects.

    ``a`` holds one assist against ``b`` worth 200 uses and one hinder worth 200, ``b`` one
    hinder worth 200; ``d`` is hidden once (a new hiding replaces the last, M20-054).
    """
    _, state = long_combat(200)

    held = {
        c.id: sorted((e.kind.value, e.other, e.times) for e in c.effects) for c in state.combatants
    }
    assert {
        "a": [("assisted", "b", 200), ("hindered_defense", "b", 200)],
        "b": [("hindered_attack", "a", 200)],
        "c": [],
        "d": [("hidden", "a", 1)],
    } == held


def test_each_use_takes_one_of_the_uses_an_effect_holds() -> None:
    """M20-058: assisted twice against ``b``, ``a``'s next two attacks on it get +2 each.

    ``c`` assists ``a`` in rounds 1 and 2 (the others focus); ``a`` attacks ``b`` in rounds 2
    and 3, each attack with one +2, and holds one use after the first, none after the second.
    """
    focus = (FocusDefense("a"), FocusDefense("b"), FocusDefense("d"))
    assist = Assist(actor="c", target="b", ally="a")
    attack = Attack(actor="a", targets=("b",))
    dice = ScriptedDice([20, 20, 10, 1, 10, 1])
    state = RULESET.start(setup())
    for command in (assist, *focus):
        state, _ = engine.step(RULESET, state, command, dice)
    state, _ = engine.step(RULESET, state, assist, dice)
    state, first = engine.step(RULESET, state, attack, dice)
    held = [e.times for e in state.combatant("a").effects if e.kind is EffectKind.ASSISTED]
    for command in (FocusDefense("b"), FocusDefense("d"), FocusDefense("c")):
        state, _ = engine.step(RULESET, state, command, dice)
    state, second = engine.step(RULESET, state, attack, dice)

    bonus = Term("m20.term.assisted", 2)
    terms = [entry.events[0].strikes[0].check.terms for entry in (first, second)]  # type: ignore[union-attr]
    assert ([1], [1, 1]) == (held, [t.count(bonus) for t in terms])
    assert [] == [e for e in state.combatant("a").effects if e.kind is EffectKind.ASSISTED]


def test_effects_on_a_creature_gone_for_good_leave_the_state() -> None:
    """M20-054, M20-058, M20-123: hiding from a summon, or an assist against it, ends with it.

    ``b`` summons; ``a`` hides from the summon and ``c`` assists ``a`` against it; when ``b``
    dismisses it, no attack can be aimed at it again, and both effects leave the state.
    """
    foes = CombatSetup(
        participants=[
            Participant(id="a", character=character("A"), side="heroes"),
            Participant(
                id="b", character=character("B", Skill.SUMMONER), side="foes", player=False
            ),
            Participant(id="c", character=character("C"), side="heroes"),
        ]
    )
    dice = ScriptedDice([20, 20])
    state = RULESET.start(foes)
    for command in (
        Summon("b"),
        Hide(actor="a", target="b/summon"),
        Assist(actor="c", target="b/summon", ally="a"),
    ):
        state, _ = engine.step(RULESET, state, command, dice)
    waiting = [e.other for e in state.combatant("a").effects]
    state, _ = engine.step(RULESET, state, Dismiss("b"), dice)

    assert (["b/summon", "b/summon"], ()) == (waiting, state.combatant("a").effects)


@pytest.mark.parametrize("trusted", [True, False], ids=["trusted", "verified"])
def test_replay_costs_the_same_work_an_event_at_any_length(trusted: bool) -> None:
    """M20-049, M20-058, M20-060: a record 8 times as long costs 8 times the work, or less.

    The lines of Python run by a replay of 1,600 rounds (8,000 events), per event, are at
    most 1.25 times those of 200 rounds (1,000 events): a replay is linear in its record.
    """
    short, _ = long_combat(200)
    long, _ = long_combat(1600)

    def per_event(record: Record) -> float:
        return lines_run(lambda: engine.replay(record, RULESET, trusted=trusted)) / len(
            record.events
        )

    assert (8000, 1000) == (len(long.events), len(short.events))
    assert per_event(long) <= 1.25 * per_event(short)
