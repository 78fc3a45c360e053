"""Skirmish checks: strictly higher wins, the actor's naturals, exact odds (SK-22 to SK-29)."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import ScriptedDice, notation
from tabletop_rules.checks import Opposition, Outcome, Term
from tabletop_rules.skirmish import Check, Rulings


def check(actor: int, defender: int, rulings: Rulings | None = None) -> Check:
    return Check(
        actor=(Term("skirmish.term.skl", actor),),
        defender=(Term("skirmish.term.def", defender),),
        rulings=rulings or Rulings(),
    )


def test_five_ninths() -> None:
    """SK-23, SK-24, SK-25, SK-26, SK-28: P(2D6+3 beats 2D6+2) with the naturals is 5/9."""
    assert check(3, 2).probability() == Fraction(5, 9)


def test_strictly_higher_succeeds() -> None:
    """SK-25: 9 against 9 fails; 10 against 9 succeeds."""
    assert not check(3, 2).resolve(ScriptedDice([3, 3, 3, 4])).success
    assert check(3, 2).resolve(ScriptedDice([3, 4, 3, 4])).success


def test_natural_one_one_ends_the_check() -> None:
    """SK-26: the actor's 1+1 fails whatever the totals, and the defender does not roll."""
    result = check(20, 0).resolve(ScriptedDice([1, 1]))
    assert isinstance(result.against, Opposition)
    assert (result.outcome, result.against.rolls) == (Outcome.AUTOMATIC_FAILURE, ())


def test_natural_six_six_ends_the_check() -> None:
    """SK-28: the actor's 6+6 succeeds whatever the totals."""
    result = check(0, 20).resolve(ScriptedDice([6, 6]))
    assert result.outcome is Outcome.AUTOMATIC_SUCCESS


def test_defender_naturals_do_nothing_by_default() -> None:
    """SK-26, SK-28: the defender's 6+6 is only a total of 12 by default."""
    assert check(9, 0).resolve(ScriptedDice([3, 4, 6, 6])).success
    reading = Rulings(defender_naturals=True)
    assert not check(9, 0, reading).resolve(ScriptedDice([3, 4, 6, 6])).success


@given(st.integers(-8, 8), st.integers(-8, 8), st.booleans())
def test_probability_equals_enumeration(actor: int, defender: int, naturals: bool) -> None:
    """SK-22 to SK-28: probability() × 6⁴ equals the successes over every face combination."""
    subject = check(actor, defender, Rulings(defender_naturals=naturals))
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=4):
        wins += subject.resolve(ScriptedDice(faces)).success  # a natural leaves 2 faces
    assert subject.probability() * 6**4 == wins


def test_chat_command_reads_a_check_with_distance() -> None:
    """SK-06, SK-25: SK+3>DEF+2@1 is 2D6+3−1 against 2D6+2."""
    read = notation.parse("SK+3>DEF+2@1", system="skirmish")
    assert isinstance(read, Check)
    assert (read.actor_bonus, read.defender_bonus) == (2, 2)
    assert read.probability() == check(2, 2).probability()


def test_explain_names_every_term() -> None:
    """SK-23, SK-24: the explanation shows both rolls and their modifiers."""
    text = check(3, 2).resolve(ScriptedDice([3, 4, 2, 2])).explain("zh-Hant")
    assert text == "判定：2D6[3,4] +3 技巧值 = 10 > 6（2D6[2,2] +2 防禦值） 成功"
