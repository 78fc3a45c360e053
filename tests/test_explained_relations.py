"""Every system's explanation of a check states a true relation of its two numbers (issue 24).

The sign between a check's total and what it is against is the rule's when the rule's
comparison holds and its negation when not, whatever outcome the system gave; where a natural
roll decided before the other side rolled, no relation is printed.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import bar2d6, bayside23, m20, skirmish
from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Opposition, Outcome, Term
from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.testing.strategies import seeds

LOCALES: Final = ("en", "ja", "zh-Hant")
#: What each printed sign says of the two numbers, independent of the library.
SIGNS: Final[dict[str, Callable[[int, int], bool]]] = {
    "≥": operator.ge,
    ">": operator.gt,
    "≤": operator.le,
    "<": operator.lt,
}
#: ``= total sign number``: every stated relation of an explanation, helpers' lines included.
RELATION: Final = re.compile(r"= (-?\d+) ([≥>≤<]) (-?\d+)")


def terms(*, min_value: int, max_value: int) -> st.SearchStrategy[Term]:
    """Terms whose labels hold no number or sign that could read as a relation."""
    labels = st.sampled_from(("m20.specialty.physique", "skirmish.term.def", "Sword", "頑固"))
    return st.builds(Term, labels, st.integers(min_value, max_value))


_terms = st.lists(terms(min_value=-25, max_value=25), max_size=3)

CHECKS: Final[dict[str, st.SearchStrategy[Any]]] = {
    "m20 specialty": st.builds(
        m20.SpecialtyCheck,
        terms=_terms,
        difficulty=st.integers(-5, 40).map(Difficulty),
        reroll_on_failure=st.booleans(),
    ),
    "m20 attack": st.builds(
        m20.AttackCheck, attack=_terms, defense=_terms, reroll_on_failure=st.booleans()
    ),
    "m20 opposed": st.builds(
        m20.OpposedCheck,
        active=_terms,
        reactive=_terms,
        rulings=st.builds(m20.Rulings, opposed_tie_to_active=st.booleans()),
    ),
    "bar2d6 against the GM": st.builds(
        bar2d6.GMCheck,
        terms=_terms,
        difficulty=st.sampled_from(bar2d6.DifficultyDice),
        helpers=st.lists(
            st.builds(
                bar2d6.Helper,
                bonus=st.lists(terms(min_value=0, max_value=3), max_size=2),
                dice=st.integers(1, 4),
            ),
            max_size=2,
        ),
    ),
    "bar2d6 contest": st.builds(bar2d6.Contest, attacker=_terms, defender=_terms),
    "bayside23 action": st.builds(
        bayside23.ActionCheck,
        feature=terms(min_value=0, max_value=6),
        skill=terms(min_value=0, max_value=15),
        difficulty=st.integers(-5, 20),
    ),
    "bayside23 hit": st.builds(
        bayside23.HitCheck,
        attack=_terms,
        defense=_terms,
        kind=st.sampled_from(bayside23.HitKind),
        rulings=st.builds(
            bayside23.Rulings,
            tie_hits=st.booleans(),
            specials=st.sampled_from(("all", "any_two")),
        ),
    ),
    "bayside23 initiative": st.builds(
        bayside23.InitiativeCheck,
        mine=st.lists(terms(min_value=-3, max_value=3), max_size=1),
        theirs=st.lists(terms(min_value=-3, max_value=3), max_size=1),
    ),
    "skirmish": st.builds(
        skirmish.Check,
        actor=_terms,
        defender=_terms,
        rulings=st.builds(skirmish.Rulings, defender_naturals=st.booleans()),
    ),
}


def _decided_unopposed(result: CheckResult) -> bool:
    """A natural decided the check before the other side rolled."""
    natural = result.outcome in (Outcome.AUTOMATIC_SUCCESS, Outcome.AUTOMATIC_FAILURE)
    return natural and isinstance(result.against, Opposition) and not result.against.rolls


def _stated(text: str) -> list[tuple[int, str, int]]:
    return [(int(a), sign, int(b)) for a, sign, b in RELATION.findall(text)]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("system", sorted(CHECKS))
@given(data=st.data(), seed=seeds())
def test_every_stated_relation_is_true(system: str, locale: str, data: Any, seed: int) -> None:
    """Each ``total sign number`` of an explanation holds of its numbers (M20-036, M20-033,
    B2D6-27, B2D6-35, BAY-18, BAY-19, BAY-35, SK-25, SK-26, SK-28)."""
    result = data.draw(CHECKS[system]).resolve(SeededDice(seed))
    stated = _stated(result.explain(locale))
    false = [(a, sign, b) for a, sign, b in stated if not SIGNS[sign](a, b)]
    assert [] == false


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("system", sorted(CHECKS))
@given(data=st.data(), seed=seeds())
def test_the_check_states_its_own_relation(system: str, locale: str, data: Any, seed: int) -> None:
    """The check's last line relates its total to what it is against, unless a natural
    decided before the other side rolled (SK-26, SK-28); then it states none."""
    result = data.draw(CHECKS[system]).resolve(SeededDice(seed))
    last = result.explain(locale).split("\n")[-1]
    stated = _stated(last)
    expected = [] if _decided_unopposed(result) else [(result.total, result.against.value)]
    assert expected == [(a, b) for a, _, b in stated]


@pytest.mark.parametrize(
    ("faces", "text"),
    [
        ((4, 3), "2D6[4,3] = 7 ≤ 8"),
        ((5, 4), "2D6[5,4] = 9 > 8"),  # the "9 ≤ 8 失敗"
    ],
)
def test_a_bayside23_action_check_states_which_side_of_its_target(
    faces: tuple[int, int], text: str
) -> None:
    """An action check at or under its target says ``≤``, one above it ``>`` (BAY-35)."""
    check = bayside23.ActionCheck(difficulty=-8)
    assert text in check.judge(Roll(Dice(2, 6), faces)).explain("en")


def test_a_skirmish_natural_where_the_defender_did_not_roll_states_no_relation() -> None:
    """The issue's ``2D6[6,6] -10 skl = 2 > 20`` reads ``= 2 Automatic success`` (SK-28)."""
    check = skirmish.Check(
        actor=(Term("skirmish.term.skl", -10),), defender=(Term("skirmish.term.def", 20),)
    )
    expected = "Check: 2D6[6,6] -10 skl = 2 Automatic success"
    assert expected == check.resolve(ScriptedDice([6, 6])).explain("en")


def test_an_m20_miss_states_less_than() -> None:
    """The issue's m20 ``7 ≥ 16 失敗`` reads ``7 < 16 失敗`` (M20-036)."""
    check = m20.SpecialtyCheck(terms=(Term("m20.specialty.physique", 3),), difficulty=16)
    assert "= 7 < 16 失敗" in check.resolve(ScriptedDice([4])).explain("zh-Hant")


def test_a_bayside23_fumble_states_the_true_relation() -> None:
    """The issue's ``18 ‹ 3 ファンブル``: a fumble whose total is above the defense says so
    (BAY-19, BAY-30)."""
    result = bayside23.HitCheck().resolve(ScriptedDice([6, 6, 6, 1, 1, 1]))
    assert "= 18 ≥ 3" in result.explain("ja")


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        (("7", 16, Comparison.AT_LEAST), "$.total"),
        ((7, 16.5, Comparison.AT_LEAST), "$.target"),
        ((7, 16, ">="), "$.comparison"),
    ],
)
def test_relation_refuses_what_is_no_number_or_comparison(
    arguments: tuple[Any, Any, Any], path: str
) -> None:
    """``checks.relation`` names the argument of the wrong type."""
    from tabletop_rules.checks import relation
    from tabletop_rules.errors import InvalidData

    with pytest.raises(InvalidData) as caught:
        relation(*arguments)
    assert path == caught.value.path
