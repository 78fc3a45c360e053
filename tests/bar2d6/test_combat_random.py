"""Random legal bar2d6 combats, driven only by ``legal_commands``: the invariants of play."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import IllegalCommand, SeededDice, engine
from tabletop_rules.bar2d6 import (
    RULESET,
    Attack,
    Attacked,
    CombatSetup,
    CombatState,
    Command,
    Event,
    RoundEnded,
    command_label,
)
from tabletop_rules.bar2d6.strategies import setups
from tabletop_rules.engine import GameRecord
from tabletop_rules.i18n import LOCALES
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.testing.strategies import games

GAMES = games(RULESET, setups(max_participants=4), max_steps=40)


def _states(record: GameRecord[CombatSetup, Event]) -> list[CombatState]:
    state = RULESET.start(record.setup)
    seen = [state]
    for event in record.events:
        state = RULESET.evolve(state, event)
        seen.append(state)
    return seen


@given(GAMES)
def test_hp_stays_within_zero_and_max(record: GameRecord[CombatSetup, Any]) -> None:
    """B2D6-01, B2D6-08, B2D6-15: HP never below 0 nor above 3 + HP bought."""
    for state in _states(record):
        for c in state.combatants:
            assert 0 <= c.hp <= c.max_hp == 3 + c.character.hp_bought


@given(GAMES)
def test_no_one_at_zero_hp_acts(record: GameRecord[CombatSetup, Any]) -> None:
    """B2D6-03: no attack is made by a combatant at 0 HP, and none is offered one."""
    for state, event in zip(_states(record), record.events, strict=False):
        if isinstance(event, Attacked):
            assert state.combatant(event.actor).hp > 0
        for command in RULESET.legal_commands(state):
            actor = getattr(command, "actor", "gm")
            assert actor == "gm" or state.combatant(actor).hp > 0


@given(GAMES)
def test_hits_deal_damage_and_misses_none(record: GameRecord[CombatSetup, Any]) -> None:
    """B2D6-02, B2D6-38: a strike deals damage (1 or more) exactly when strictly higher."""
    for event in record.events:
        if isinstance(event, Attacked):
            for strike in event.strikes:
                assert (strike.damage >= 1) == (strike.check.total > strike.check.against.value)


@given(GAMES)
def test_replay_equals_live_play_and_json(record: GameRecord[CombatSetup, Any]) -> None:
    """B2D6-34: verified and trusted replay equal the live fold; the record survives JSON."""
    live = engine.fold(RULESET, RULESET.start(record.setup), record.events)
    again = from_json(to_json(record), GameRecord)
    assert live == engine.replay(record, RULESET) == engine.replay(again, RULESET, trusted=True)
    assert live.round == 1 + sum(isinstance(e, RoundEnded) for e in record.events)
    assert live == from_json(to_json(live), CombatState)


@given(GAMES, st.data())
def test_refused_commands_change_nothing(
    record: GameRecord[CombatSetup, Any], data: st.DataObject
) -> None:
    """B2D6-03, B2D6-26: an illegal attack (an item nobody has) is refused; the state is the
    same; ``to_act`` is exactly who has a legal command."""
    state = engine.fold(RULESET, RULESET.start(record.setup), record.events)
    before = to_json(state)
    ids = [c.id for c in state.combatants]
    actor = data.draw(st.sampled_from(ids))
    target = data.draw(st.sampled_from(ids))
    bad = Attack(actor=actor, targets=(target,), items=("沒有這個",))
    with pytest.raises(IllegalCommand):
        RULESET.decide(state, bad, SeededDice(0))
    assert before == to_json(state)
    legal = RULESET.legal_commands(state)
    assert {getattr(c, "actor", "gm") for c in legal} == set(RULESET.to_act(state))
    assert RULESET.is_over(state) or legal


def _mutations(command: Command, state: CombatState) -> list[Command]:
    """*command* sent by everyone, at everyone, and with other numbers where it has them."""
    ids = [c.id for c in state.combatants]
    out: list[Command] = []
    for id in [*ids, "gm", "nobody"]:
        if hasattr(command, "actor"):
            out.append(attrs.evolve(command, actor=id))
        if hasattr(command, "target"):
            out.append(attrs.evolve(command, target=id))
        if isinstance(command, Attack):
            out.append(attrs.evolve(command, targets=(id,)))
    if hasattr(command, "hp"):
        out.extend(attrs.evolve(command, hp=hp) for hp in (-1, 0, 1, 99))
    return out


@given(GAMES, st.data())
def test_commands_of_another_moment_change_nothing(
    record: GameRecord[CombatSetup, Any], data: st.DataObject
) -> None:
    """B2D6-03, B2D6-26, B2D6-39: a command of another moment, or a mutated one, is legal or
    refused with ``IllegalCommand`` leaving the state as it was; only an attack, whose items
    and targets are free-form, or the GM's ruling of the HP a combatant already has, may be
    accepted without being listed."""
    moments = _states(record)
    state = data.draw(st.sampled_from(moments))
    other = data.draw(st.sampled_from(moments))
    candidates = list(RULESET.legal_commands(other))
    if candidates:
        candidates.extend(_mutations(data.draw(st.sampled_from(candidates)), state))
    legal = set(RULESET.legal_commands(state))
    before = to_json(state)
    for command in (
        data.draw(st.lists(st.sampled_from(candidates), max_size=8)) if candidates else []
    ):
        try:
            RULESET.decide(state, command, SeededDice(0))
        except IllegalCommand:
            assert command not in legal
        else:
            assert command in legal or isinstance(command, Attack)
        assert before == to_json(state)


@given(GAMES, st.data())
def test_every_legal_command_has_a_label_in_every_locale(
    record: GameRecord[CombatSetup, Any], data: st.DataObject
) -> None:
    """B2D6-34, B2D6-39: at any moment of play, every command of ``legal_commands`` has a
    one-line label in every locale, with names and no raw key or placeholder."""
    state = data.draw(st.sampled_from(_states(record)))
    # Names are free text (a brace is a legal name): the check reads the label without them.
    names = sorted(
        {
            name
            for c in state.combatants
            for name in (c.id, c.character.name, *(i.name for i in c.character.items))
        },
        key=len,
        reverse=True,
    )
    for command in RULESET.legal_commands(state):
        for locale in LOCALES:
            label = command_label(command, locale, state=state)
            assert label
            assert "\n" not in label
            for name in names:
                label = label.replace(name, "")
            assert all(mark not in label for mark in ("bar2d6.", "{", "}")), label
