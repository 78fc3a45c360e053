"""bayside23 battles under random legal play: invariants, every command, words, bad JSON.

The engine's laws (replay, JSON round trips, refusals, tampered records) run in
``test_laws.py``; this module checks what is bayside23's own.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import SeededDice, engine, from_json, to_json
from tabletop_rules.bayside23 import (
    RULESET,
    Attack,
    Attacked,
    Cast,
    Character,
    CombatSetup,
    CombatState,
    Event,
    Feature,
    FinishingStrike,
    Flee,
    ForgoStrike,
    InitiativeRolled,
    Participant,
    Ready,
    Side,
    Status,
    SwitchWeapon,
    UseArtifact,
    Wait,
    Weapon,
    command_label,
    describe,
)
from tabletop_rules.bayside23.strategies import setups
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.i18n import LOCALES

MAX_STEPS = 120


def random_play(
    setup: CombatSetup, seed: int
) -> tuple[CombatState, list[Event], list[CombatState]]:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, record = engine.begin(RULESET, setup, dice)
    events: list[Event] = list(record.events)
    states = [state]
    for _ in range(MAX_STEPS):
        commands = RULESET.legal_commands(state)
        if not commands:
            break
        state, entry = engine.step(RULESET, state, rng.choice(commands), dice)
        events.extend(entry.events)
        states.append(state)
    return state, events, states


def check_invariants(state: CombatState) -> None:
    for c in state.combatants:
        assert 0 <= c.hp <= c.character.hp
        assert (c.hp == 0) <= (c.status is not Status.ACTIVE)
        assert 0 <= c.wielding <= max(0, len(c.weapons) - 1)
    assert state.ledger.spent <= set(state.ledger.artifacts)
    if state.winner is not None:
        losers = state.winner.other
        assert all(not c.active for c in state.combatants if c.side is losers)
    current = state.current
    if current is not None:
        assert state.combatant(current).active
    actors = RULESET.to_act(state)
    assert set(actors) == {c.actor for c in RULESET.legal_commands(state)}
    assert RULESET.is_over(state) == (not actors)


@settings(max_examples=30)
@given(setups(), st.integers(0, 2**32))
def test_random_battles_keep_the_invariants(setup: CombatSetup, seed: int) -> None:
    """BAY-07, BAY-13, BAY-17, BAY-47: HP within 0..生命力, down at 0, the order is of the
    active, a decided battle has a beaten side, every legal command is of one who may act,
    and only an ended battle has no one to act."""
    _, _, states = random_play(setup, seed)
    for state in states:
        check_invariants(state)


@settings(max_examples=30)
@given(setups(), st.integers(0, 2**32))
def test_every_die_is_in_the_events(setup: CombatSetup, seed: int) -> None:
    """BAY-13, BAY-16, BAY-18, BAY-21: every turn starts with its initiative, a die per active
    roller and re-roll; attacks hold the attacker's dice."""
    _, events, _ = random_play(setup, seed)
    assert isinstance(events[0], InitiativeRolled)
    turns = [e.turn for e in events if isinstance(e, InitiativeRolled)]
    assert turns == list(range(1, len(turns) + 1))
    for event in events:
        if isinstance(event, InitiativeRolled):
            first = [r.id for r in event.rolls if r.round == 0]
            assert sorted(first) == sorted(event.order)
        if isinstance(event, Attacked):
            assert len(event.check.rolls) == 1


@given(setups(max_per_side=1))
def test_bad_json_record_is_invalid_data(setup: CombatSetup) -> None:
    """BAY-06: a record whose JSON does not fit is refused with the path to the bad field."""
    record = engine.begin(RULESET, setup, SeededDice(1))[1]
    text = to_json(record).replace('"hp":null', '"hp":"x"', 1)
    assert '"hp":"x"' in text
    with pytest.raises(InvalidData):
        from_json(text, GameRecord)


def test_seeded_battles_end() -> None:
    """BAY-17: random play of a two-against-two battle reaches an end within the step limit."""
    fighter = Character(name="x", strength=10, mind=10, agility=10, hp=3, feature=Feature("y"))
    setup = CombatSetup(
        participants=[
            Participant(id=f"p{i}", character=fighter, side=side, weapons=[Weapon(name="w")])
            for i, side in enumerate([Side.PARTY, Side.PARTY, Side.ENEMIES, Side.ENEMIES])
        ]
    )
    ended = 0
    for seed in range(20):
        rng = random.Random(seed)
        dice = SeededDice(seed)
        state, _ = engine.begin(RULESET, setup, dice)
        for _ in range(400):
            commands = [c for c in RULESET.legal_commands(state) if type(c).__name__ != "Flee"]
            commands = [c for c in commands if type(c).__name__ != "Wait"] or commands
            if not commands:
                break
            state = engine.step(RULESET, state, rng.choice(commands), dice)[0]
        ended += RULESET.is_over(state)
    assert ended == 20


def candidate_commands(state: CombatState) -> list[object]:
    """Every command of every shape over the battle's ids, legal or not."""
    ids = [c.id for c in state.combatants]
    out: list[object] = []
    for actor in [*ids, "nobody", "gm"]:
        out.extend([Wait(actor), Flee(actor), Ready(actor), ForgoStrike(actor)])
        out.extend(UseArtifact(actor, a) for a in [*state.ledger.artifacts, "なし"])
        out.extend(SwitchWeapon(actor, i) for i in range(-1, 3))
        for target in [*ids, "nobody"]:
            out.append(Attack(actor, target))
            out.extend(Cast(actor=actor, target=target, spell=i) for i in range(-1, 3))
            out.extend(FinishingStrike(actor=actor, target=target, sides=s) for s in (2, 3, 6))
    return out


@settings(max_examples=15)
@given(setups(max_per_side=2), st.integers(0, 2**32))
def test_decide_accepts_exactly_the_legal_commands(setup: CombatSetup, seed: int) -> None:
    """BAY-13, BAY-14, BAY-33, BAY-47: every command of every shape over the battle's ids
    that legal_commands does not offer is refused with IllegalCommand, leaving the state as
    it was; every offered one is accepted."""
    _, _, states = random_play(setup, seed)
    for state in states[:: max(1, len(states) // 4)]:
        legal = set(RULESET.legal_commands(state))
        before = to_json(state)
        for command in candidate_commands(state):
            try:
                RULESET.decide(state, command, SeededDice(seed))  # type: ignore[arg-type]
            except IllegalCommand:
                assert command not in legal
            else:
                assert command in legal
        assert to_json(state) == before


@given(setups(max_per_side=1), st.sampled_from(["order", "hp", "position"]))
def test_forged_states_are_invalid_data(setup: CombatSetup, field: str) -> None:
    """BAY-06, BAY-07: a state from JSON with an unknown id, HP above 生命力 or a position
    outside the order is refused with InvalidData naming the path."""
    state = RULESET.start(setup)
    first = state.combatants[0]
    forged = {
        "order": attrs.evolve(state, order=("ghost",)),
        "hp": attrs.evolve(state, combatants=(attrs.evolve(first, hp=7), *state.combatants[1:])),
        "position": attrs.evolve(state, position=3),
    }[field]
    with pytest.raises(InvalidData) as caught:
        from_json(to_json(forged), CombatState)
    assert caught.value.path.startswith("$")


def assert_rendered(text: str) -> None:
    assert text
    assert "{" not in text
    assert "bayside23." not in text
    assert "\n" not in text


@settings(max_examples=15)
@given(setups(), st.integers(0, 2**32))
def test_every_legal_command_has_a_label(setup: CombatSetup, seed: int) -> None:
    """BAY-13, BAY-14, BAY-33: at every state of random play, every legal command has a
    rendered one-line label in every locale."""
    _, _, states = random_play(setup, seed)
    for state in states:
        for command in RULESET.legal_commands(state):
            for locale in LOCALES:
                assert_rendered(command_label(command, locale, state=state))


@settings(max_examples=15)
@given(setups(), st.integers(0, 2**32))
def test_every_event_has_a_line(setup: CombatSetup, seed: int) -> None:
    """BAY-13, BAY-18, BAY-21, BAY-32: every event of random play has a rendered one-line
    log entry in every locale, with a state and without (no catalog key left unfilled)."""
    final, events, _ = random_play(setup, seed)
    for event in events:
        for locale in LOCALES:
            assert_rendered(describe(event, locale, state=final))
            assert_rendered(describe(event, locale))


def test_a_long_battle_keeps_a_state_of_one_size() -> None:
    """BAY-13, BAY-16: turn after turn of waiting, the state holds nothing more than after the
    first (only the turn's number grows), so each event costs the same to fold however long
    the record is (issue 26: replay linear in the record's length)."""
    fighter = Character(name="x", strength=10, mind=10, agility=10, hp=3, feature=Feature("y"))
    setup = CombatSetup(
        participants=[
            Participant(id=f"p{i}", character=fighter, side=side)
            for i, side in enumerate([Side.PARTY, Side.ENEMIES])
        ]
    )
    dice = SeededDice(7)
    state, _ = engine.begin(RULESET, setup, dice)
    sizes: dict[int, int] = {}
    while state.turn < 300:
        state = engine.step(RULESET, state, Wait(state.current or ""), dice)[0]
        if state.turn in (10, 300):
            sizes[state.turn] = len(to_json(attrs.evolve(state, turn=0)))
    assert sizes[10] == sizes[300]
