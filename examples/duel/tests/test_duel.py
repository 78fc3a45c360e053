"""The duel, tested from its own distribution with the library's public tools only."""

from __future__ import annotations

import itertools
import subprocess
import sys
from fractions import Fraction

import pytest
import tabletop_duel as duel
from hypothesis import given
from hypothesis import strategies as st
from tabletop_duel.strategies import characters

from tabletop_rules import ScriptedDice, engine, from_json, notation, to_json, vectors
from tabletop_rules.checks import Outcome, Term
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import IllegalCommand, InvalidCharacter, InvalidNotation
from tabletop_rules.i18n import LOCALES
from tabletop_rules.systems import Registry
from tabletop_rules.testing import laws

#: Every law of the engine, on random duels.
TestLaws = laws.suite(duel.SYSTEM)

KIRA = duel.parse_sheet("Kira skill 2 guard 1 vigor 1")
GOB = duel.parse_sheet("Gob skill 1")
SETUP = duel.CombatSetup(
    participants=[
        duel.Participant(id="k", character=KIRA, side="party"),
        duel.Participant(id="g", character=GOB, side="foes"),
    ]
)


def test_the_system_is_found_through_its_entry_point() -> None:
    """The registry finds the duel as it finds the library's own systems."""
    assert duel.SYSTEM is Registry.default().get("duel")


@pytest.mark.parametrize(("bonus", "target"), [(0, 7), (2, 9), (9, 3), (-5, 12), (0, 20)])
def test_the_odds_are_those_of_every_face_combination(bonus: int, target: int) -> None:
    """probability() times 36 is the number of the 36 face pairs that succeed."""
    check = duel.Check(terms=[Term("duel.term.modifier", bonus)], target=target)
    wins = sum(
        check.resolve(ScriptedDice(faces)).success
        for faces in itertools.product(range(1, 7), repeat=2)
    )
    assert Fraction(wins, 36) == check.probability()


def test_naturals_decide_whatever_the_total() -> None:
    """1+1 fails against 3 with +9; 6+6 succeeds against 20."""
    low = duel.Check(terms=[Term("duel.term.modifier", 9)], target=3)
    high = duel.Check(target=20)
    assert low.resolve(ScriptedDice([1, 1])).outcome == Outcome.AUTOMATIC_FAILURE
    assert high.resolve(ScriptedDice([6, 6])).outcome == Outcome.AUTOMATIC_SUCCESS


def test_a_character_lists_every_problem_at_once() -> None:
    """Too many points, a score out of range and an empty name: three problems, at once."""
    with pytest.raises(InvalidCharacter) as refused:
        duel.Character(name=" ", skill=3, guard=3, vigor=5)
    assert len(refused.value.problems) == 3
    assert all(refused.value.localized_problems(locale) for locale in LOCALES)


@given(characters(), st.sampled_from(LOCALES))
def test_every_sheet_reads_back(character: duel.Character, locale: str) -> None:
    """format_sheet writes, in every locale, what parse_sheet reads back."""
    assert character == duel.parse_sheet(duel.format_sheet(character, locale))


def test_the_chat_command_reads_as_the_check() -> None:
    """DUEL+2>=9 is the check 2D6 + 2 against 9; a malformed one is refused, not chat."""
    check = notation.parse("DUEL+2>=9", system="duel")
    assert isinstance(check, duel.Check)
    assert Fraction(7, 12) == check.probability()
    with pytest.raises(InvalidNotation):
        notation.parse("DUEL+2>=", system="duel")


def test_initiative_is_rolled_by_the_rules_before_anyone_acts() -> None:
    """begin() rolls the first round's initiative: no command exists only to roll it."""
    state, record = engine.begin(duel.RULESET, SETUP, ScriptedDice([2, 3]))
    assert duel.RULESET.is_chance(duel.RULESET.start(SETUP))
    (opening,) = record.entries
    assert (opening.command, opening.faces) == (None, (2, 3))
    assert state.order == ("k", "g")  # 2 + 2 ties 3 + 1: the setup's order breaks it
    assert duel.RULESET.to_act(state) == ("k", "gm")


def test_a_brace_is_asked_once_a_combat() -> None:
    """A hit asks the target to brace; after one brace, the next hit asks no one."""
    state, _ = engine.begin(duel.RULESET, SETUP, ScriptedDice([6, 1]))
    state, _ = engine.step(duel.RULESET, state, duel.Attack("k", "g"), ScriptedDice([6, 5]))
    assert duel.RULESET.to_act(state) == ("g",)
    state, entry = engine.step(duel.RULESET, state, duel.Brace("g"), ScriptedDice([1]))
    assert duel.Wounded("g") in entry.events
    with pytest.raises(IllegalCommand):
        duel.RULESET.decide(state, duel.Brace("g"), ScriptedDice([6]))


def test_a_record_replays_through_the_registry_and_json() -> None:
    """The record of a whole game comes back from JSON and replays to the live state."""
    from tabletop_rules.simulation import play

    record = play(duel.RULESET, SETUP, seed=11)
    again = from_json(to_json(record), GameRecord)
    assert engine.replay(again) == engine.replay(record, duel.RULESET, trusted=True)


def test_every_vector_passes() -> None:
    """The duel's vectors, found through the registry, pass the library's runner."""
    ids = vectors.case_ids("duel")
    assert len(ids) >= 5
    for case_id in ids:
        vectors.check_case(vectors.find_case(case_id))


def test_the_cli_rolls_the_duel_s_commands() -> None:
    """``tabletop-rules roll --system duel`` reads the duel's chat command."""
    ran = subprocess.run(
        [sys.executable, "-m", "tabletop_rules", "roll", "--system", "duel", "DUEL+2>=9"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "2D6[" in ran.stdout


def test_every_word_is_in_every_locale() -> None:
    """The duel's catalogs have the same keys in every shipped locale."""
    keys = [set(duel.SYSTEM.catalog(locale)) for locale in LOCALES]
    assert all(keys[0] == other for other in keys)
