"""The m20 combat fold's fast paths: the same states and the same refusals as the plain ones.

``evolve`` copies combatants and states with spelled-out copiers and checks a recorded
check's outcome without building a second result; these tests pin that nothing is lost.
"""

from __future__ import annotations

import random

import attrs
import pytest

from tabletop_rules import CorruptRecord, ScriptedDice, SeededDice, engine
from tabletop_rules.checks import CheckResult, Outcome, Term
from tabletop_rules.engine import Entry, GameRecord
from tabletop_rules.m20 import (
    RULESET,
    Attack,
    Attacked,
    Attributes,
    Character,
    CombatSetup,
    CombatState,
    Command,
    EndCombat,
    EndRound,
    Event,
    Hid,
    Hide,
    Participant,
    Skill,
    SkillPick,
    Specialty,
    Tendency,
)
from tabletop_rules.m20._combat._values import Combatant
from tabletop_rules.m20._combat._values import changed as _changed
from tabletop_rules.m20._combat._values import state_with as _state_with

SKILLS = [s for s in Skill if not s.prerequisites and s is not Skill.EXPERTISE]


def hero(name: str, *skills: Skill) -> Character:
    return Character(
        name=name,
        attributes=Attributes(
            physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
        ),
        tendency=Tendency.CUNNING,
        bonus_specialty=Specialty.KNOWLEDGE,
        picks=[SkillPick(skill=s) for s in skills],
    )


def duel() -> CombatSetup:
    return CombatSetup(
        participants=[
            Participant(id="a", character=hero("A"), side="heroes"),
            Participant(id="b", character=hero("B"), side="foes", player=False),
        ]
    )


Entries = tuple[Entry[Command, Event], ...]


def replay(setup: CombatSetup, entries: Entries) -> CombatState:
    record: GameRecord[CombatSetup, Command, Event] = GameRecord(
        system="m20", rules_version=RULESET.rules_version, setup=setup, entries=entries
    )
    state: CombatState = engine.replay(record)
    return state


def random_game(seed: int) -> tuple[CombatSetup, CombatState, Entries]:
    rng = random.Random(seed)
    setup = CombatSetup(
        participants=[
            Participant(
                id=f"p{i}",
                character=hero(f"P{i}", *rng.sample(SKILLS, rng.randint(0, 4))),
                side=f"side{i % 2}",
                player=i < 2,
            )
            for i in range(4)
        ]
    )
    dice = SeededDice(seed)
    state, record = engine.begin(RULESET, setup, dice)
    entries = list(record.entries)
    for _ in range(300):
        if RULESET.is_over(state):
            break
        commands = [
            c for c in RULESET.legal_commands(state) if not isinstance(c, EndRound | EndCombat)
        ]
        state, entry = engine.step(RULESET, state, rng.choice(commands), dice)
        entries.append(entry)
    return setup, state, tuple(entries)


@pytest.mark.parametrize("name", [a.name for a in attrs.fields(Combatant)])
def test_the_combatant_copier_keeps_and_changes_every_field(name: str) -> None:
    """M20-051: copying a combatant with one field changed is ``attrs.evolve``."""
    state = RULESET.start(duel())
    c = state.combatant("a")
    other = state.combatant("b")

    assert attrs.evolve(c, **{name: getattr(other, name)}) == _changed(
        c, **{name: getattr(other, name)}
    )


@pytest.mark.parametrize("name", [a.name for a in attrs.fields(CombatState)])
def test_the_state_copier_keeps_and_changes_every_field(name: str) -> None:
    """M20-051: copying a state with one field changed is ``attrs.evolve``."""
    state = RULESET.start(duel())
    other = attrs.evolve(RULESET.start(duel()), round=2, combatants=state.combatants[::-1])

    assert attrs.evolve(state, **{name: getattr(other, name)}) == _state_with(
        state, **{name: getattr(other, name)}
    )


@pytest.mark.parametrize("seed", range(12))
def test_replay_of_random_play_equals_the_live_state(seed: int) -> None:
    """M20-049, M20-051: folding a random game's record gives the state it was played to."""
    setup, live, entries = random_game(seed)

    assert live == replay(setup, entries)


def hid_entry() -> Entry[Command, Event]:
    state = RULESET.start(duel())
    _, entry = engine.step(RULESET, state, Hide(actor="a", target="b"), ScriptedDice([15]))
    return entry


def forged_hide(entry: Entry[Command, Event], event: Event) -> Entries:
    """The hide's entry with its event replaced by *event*."""
    return (attrs.evolve(entry, events=(event, *entry.events[1:])),)


def test_a_hide_with_a_forged_outcome_is_corrupt() -> None:
    """M20-052: a hide check whose outcome does not follow from its dice is refused."""
    entry = hid_entry()
    event = entry.events[0]
    assert isinstance(event, Hid)
    forged = attrs.evolve(event, check=attrs.evolve(event.check, outcome=Outcome.FAILURE))

    with pytest.raises(CorruptRecord) as raised:
        replay(duel(), forged_hide(entry, forged))

    assert 0 == raised.value.index


def test_a_hide_with_a_forged_term_is_corrupt() -> None:
    """M20-052: a hide check with a modifier the rules do not give is refused."""
    entry = hid_entry()
    event = entry.events[0]
    assert isinstance(event, Hid)
    check = CheckResult.judged(
        rolls=event.check.rolls,
        terms=(*event.check.terms, Term("m20.term.hidden", 2)),
        against=event.check.against,
    )

    with pytest.raises(CorruptRecord) as raised:
        replay(duel(), forged_hide(entry, attrs.evolve(event, check=check)))

    assert 0 == raised.value.index


def test_a_hide_with_a_forged_label_is_corrupt() -> None:
    """M20-052: a hide check labelled otherwise than the rules label it is refused."""
    entry = hid_entry()
    event = entry.events[0]
    assert isinstance(event, Hid)
    forged = attrs.evolve(event, check=attrs.evolve(event.check, label="m20.check.attack"))

    with pytest.raises(CorruptRecord):
        replay(duel(), forged_hide(entry, forged))


def test_an_attack_with_a_forged_defense_term_is_corrupt() -> None:
    """M20-051: an attack whose defense lacks a modifier the rules give is refused."""
    state = RULESET.start(duel())
    _, entry = engine.step(
        RULESET, state, Attack(actor="a", targets=("b",)), ScriptedDice([10, 10])
    )
    events = entry.events
    event = events[0]
    assert isinstance(event, Attacked)
    strike = event.strikes[0]
    against = strike.check.against
    forged_against = attrs.evolve(against, terms=against.terms[1:])
    check = CheckResult.judged(
        rolls=strike.check.rolls,
        terms=strike.check.terms,
        against=forged_against,
        label=strike.check.label,
    )
    forged = attrs.evolve(event, strikes=(attrs.evolve(strike, check=check),))

    with pytest.raises(CorruptRecord) as raised:
        replay(duel(), (attrs.evolve(entry, events=(forged, *events[1:])),))

    assert 0 == raised.value.index
