"""Menus: a localized one-line label for every command a player may be offered (SK-09, SK-30)."""

from __future__ import annotations

import typing

import pytest
from hypothesis import given, settings

from tabletop_rules import InvalidData, ScriptedDice, engine
from tabletop_rules.engine import GameRecord, Pass
from tabletop_rules.i18n import LOCALES
from tabletop_rules.m20 import Hide
from tabletop_rules.skirmish import (
    RULESET,
    Attack,
    CombatSetup,
    CombatState,
    Command,
    EndTurn,
    Event,
    GiveAp,
    Prepare,
    Team,
    UseSkill,
    command_label,
    sample_cards,
)
from tabletop_rules.skirmish.strategies import setups
from tabletop_rules.testing.strategies import games

from .test_game import _stack_setup

#: The worked example's setup (docs/skirmish.md): Ember Knight's side against Stone Warden's.
SETUP = _stack_setup()

#: One command of each kind and variant a menu can show.
EVERY_COMMAND: tuple[Command, ...] = (
    Attack("a", "a1", "b1"),
    Prepare("a", "a1"),
    Prepare("a", "a1", row=0),
    UseSkill("a", "a1", 0, "b1"),
    UseSkill("a", "a3", 0, "a3"),
    UseSkill("b", "b1", 0),
    GiveAp("a", "a2"),
    EndTurn("a"),
    Pass("b"),
)


def _main_state() -> CombatState:
    """Player a's second turn: 2 AP each (SK-07)."""
    state = engine.begin(RULESET, SETUP, ScriptedDice([4, 4, 1, 2]))[0]
    for command in (EndTurn("a"), EndTurn("b")):
        state = engine.step(RULESET, state, command, ScriptedDice([]))[0]
    return state


def _response_state() -> CombatState:
    """Ember Knight's attack on Stone Warden waits in the window before its payment (SK-30)."""
    return engine.step(RULESET, _main_state(), Attack("a", "a1", "b1"), ScriptedDice([]))[0]


def _readable(label: str) -> bool:
    return bool(label) and "{" not in label and "skirmish." not in label and "\n" not in label


def test_every_command_type_is_covered() -> None:
    """The menu test below names every type of the Command union."""
    assert {type(c) for c in EVERY_COMMAND} == set(typing.get_args(Command))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_command_has_a_label_in_every_locale(locale: str) -> None:
    """SK-09, SK-30: each command and variant has one readable line, with or without a state."""
    for state in (None, _main_state(), _response_state()):
        labels = [command_label(c, locale, state=state) for c in EVERY_COMMAND]
        assert all(_readable(label) for label in labels), labels
        assert len(set(labels)) == len(labels)


def test_labels_name_characters_skills_and_targets() -> None:
    """SK-11, SK-16, SK-20: characters by their cards, skills by their card names and costs."""
    main, response = _main_state(), _response_state()
    assert "Ember Knight makes a normal attack on Stone Warden" == command_label(
        Attack("a", "a1", "b1"), state=main
    )
    assert "a1 makes a normal attack on b1" == command_label(Attack("a", "a1", "b1"))
    assert "Ember Knight uses Flame Lance (2 AP) on Wind Archer" == command_label(
        UseSkill("a", "a1", 0, "b2"), state=main
    )
    assert "Field Medic uses Mend (2 AP) on itself" == command_label(
        UseSkill("a", "a3", 0, "a3"), state=main
    )
    assert "a1 uses skill 0 on b2" == command_label(UseSkill("a", "a1", 0, "b2"))
    assert "a1 uses skill 9 on b1" == command_label(UseSkill("a", "a1", 9, "b1"))
    assert "Ember Knight takes a preparatory action (+2 AP) and moves to row 2" == (
        command_label(Prepare("a", "a1", row=2), state=main)
    )
    assert "Stone Warden responds with Shield Wall (1 AP)" == command_label(
        UseSkill("b", "b1", 0), state=response
    )
    assert "b passes (no response)" == command_label(Pass("b"), state=response)


def test_two_characters_of_one_name_are_told_apart_by_their_ids() -> None:
    """SK-01: where two characters share a card's name, the menus add their ids."""
    cards = sample_cards()
    same = (cards["ember_knight"], cards["riposte_duelist"], cards["field_medic"])
    setup = CombatSetup(
        teams=(Team(cards=same, rows=(1, 1, 0)), Team(cards=same, rows=(2, 2, 3))),
        library=cards.cards,
    )
    state = engine.begin(RULESET, setup, ScriptedDice([4, 4, 1, 2]))[0]
    assert "Ember Knight (a1) makes a normal attack on Ember Knight (b1)" == command_label(
        Attack("a", "a1", "b1"), state=state
    )


def test_every_legal_command_of_the_docs_game_is_labelled() -> None:
    """SK-09: the menus of the worked example, both players, in every locale."""
    for state in (_main_state(), _response_state()):
        for command in RULESET.legal_commands(state):
            for locale in LOCALES:
                assert _readable(command_label(command, locale, state=state))


def test_a_state_owing_automatic_events_is_read_as_legal_commands_reads_it() -> None:
    """SK-30: cut short after a declaration, the state is labelled as after its follow-ups."""
    main = _main_state()
    declared = RULESET.decide(main, Attack("a", "a1", "b1"), ScriptedDice([]))[0]
    partial = RULESET.evolve(main, declared)
    assert RULESET.follow_up(partial, ScriptedDice([])) is not None
    settled = RULESET.settle(partial, ScriptedDice([]))[0]
    commands = RULESET.legal_commands(partial)
    labels = [command_label(c, state=partial) for c in commands]
    assert labels == [command_label(c, state=settled) for c in commands]
    assert "Stone Warden responds with Shield Wall (1 AP)" in labels


@settings(max_examples=20)
@given(games(RULESET, setups(), max_steps=150))
def test_every_legal_command_at_random_states_has_a_label(
    record: GameRecord[CombatSetup, Command, Event],
) -> None:
    """SK-09, SK-30: in random play, every offered command has a label in every locale."""
    state = RULESET.start(record.setup)
    for event in record.events:
        state = RULESET.evolve(state, event)
        for command in RULESET.legal_commands(state):
            for locale in LOCALES:
                assert _readable(command_label(command, locale, state=state)), command


@pytest.mark.parametrize("foreign", [Hide(actor="al", target="bea"), object(), "EndTurn"])
def test_a_foreign_command_is_refused(foreign: object) -> None:
    """A command of another system, or no command, raises InvalidData."""
    with pytest.raises(InvalidData):
        command_label(foreign, state=_main_state())  # type: ignore[arg-type]


def test_a_foreign_state_is_refused() -> None:
    """A state of no skirmish game raises InvalidData."""
    with pytest.raises(InvalidData):
        command_label(EndTurn("a"), state=object())  # type: ignore[arg-type]
