"""Check results and their explanation (DESIGN.md "Core contracts: Checks")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import (
    CheckResult,
    Comparison,
    Dice,
    Difficulty,
    Opposition,
    Outcome,
    Roll,
    Term,
)
from tabletop_rules.i18n import LOCALES, translate
from tabletop_rules.testing import strategies as ts

D20 = Dice(1, 20)

# The design's example: 1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16.
HALF_WOLF = CheckResult.judged(
    rolls=(Roll(D20, (14,)),),
    terms=(Term("身理", 3), Term("物防", 2), Term("半狼", 5)),
    comparison=Comparison.AT_LEAST,
    against=Difficulty(16),
)


# -- Comparison ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("comparison", "below", "tie", "above"),
    [
        (Comparison.AT_LEAST, False, True, True),
        (Comparison.GREATER, False, False, True),
        (Comparison.AT_MOST, True, True, False),
        (Comparison.LESS, True, False, False),
    ],
)
def test_comparison_holds_means_what_it_says(
    comparison: Comparison, below: bool, tie: bool, above: bool
) -> None:
    """Each comparison holds for 6 vs 7, 7 vs 7 and 8 vs 7 exactly as its sign says."""
    assert (below, tie, above) == (
        comparison.holds(6, 7),
        comparison.holds(7, 7),
        comparison.holds(8, 7),
    )


@pytest.mark.parametrize(
    ("comparison", "symbol"),
    [
        (Comparison.AT_LEAST, "≥"),
        (Comparison.GREATER, ">"),
        (Comparison.AT_MOST, "≤"),
        (Comparison.LESS, "<"),
    ],
)
def test_comparison_symbols(comparison: Comparison, symbol: str) -> None:
    """Each comparison is shown with its mathematical sign."""
    assert symbol == comparison.symbol


# -- Outcome -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "success"),
    [
        (Outcome.SUCCESS, True),
        (Outcome.CRITICAL, True),
        (Outcome.AUTOMATIC_SUCCESS, True),
        (Outcome.FAILURE, False),
        (Outcome.FUMBLE, False),
        (Outcome.AUTOMATIC_FAILURE, False),
    ],
)
def test_outcome_success(outcome: Outcome, success: bool) -> None:
    """Success, critical and automatic success count as successes; the others do not."""
    assert success == outcome.success


def test_outcome_labels_are_catalog_keys() -> None:
    """An outcome's label is ``outcome.<value>``."""
    assert "outcome.automatic_failure" == Outcome.AUTOMATIC_FAILURE.label


# -- judged --------------------------------------------------------------------------------------


def test_judged_total_adds_dice_and_terms() -> None:
    """The design's example totals 14 + 3 + 2 + 5 = 24."""
    assert 24 == HALF_WOLF.total


def test_judged_outcome_compares_the_total() -> None:
    """24 ≥ 16 is a success."""
    assert (Outcome.SUCCESS, True) == (HALF_WOLF.outcome, HALF_WOLF.success)


def test_judged_tie_under_greater_fails() -> None:
    """9 > 9 does not hold: the check fails."""
    result = CheckResult.judged(
        rolls=[Roll(Dice(2, 6), (3, 4))],
        terms=[Term("Sword", 2)],
        comparison=Comparison.GREATER,
        against=Difficulty(9),
    )
    assert Outcome.FAILURE == result.outcome


def test_judged_against_an_opposition_uses_its_total() -> None:
    """An attack of 19 against a defense of 9 + 3 = 12 succeeds."""
    defense = Opposition(rolls=[Roll(D20, (9,))], terms=[Term("物防", 3)])
    result = CheckResult.judged(rolls=[Roll(D20, (14,))], terms=[Term("物攻", 5)], against=defense)
    assert (12, Outcome.SUCCESS) == (defense.value, result.outcome)


def test_judged_roll_under() -> None:
    """3D6 ≤ 12 with a roll of 13 fails."""
    result = CheckResult.judged(
        rolls=[Roll(Dice(3, 6), (6, 4, 3))], comparison=Comparison.AT_MOST, against=Difficulty(12)
    )
    assert Outcome.FAILURE == result.outcome


def test_judged_keeps_rolls_and_terms_as_tuples() -> None:
    """Rolls and terms given as lists are stored as tuples."""
    result = CheckResult.judged(
        rolls=[Roll(D20, (1,))], terms=[Term("a", 1)], against=Difficulty(1)
    )
    assert (tuple, tuple) == (type(result.rolls), type(result.terms))


@given(ts.check_results())
def test_total_is_dice_plus_terms(result: CheckResult) -> None:
    """Every check's total is the sum of its faces and its modifiers."""
    expected = sum(sum(roll.faces) for roll in result.rolls) + sum(t.value for t in result.terms)
    assert expected == result.total


@given(
    st.lists(ts.rolls(dice=ts.dice(max_count=3, max_sides=20)), max_size=3),
    st.lists(ts.terms(), max_size=3),
    st.sampled_from(Comparison),
    ts.difficulties() | ts.oppositions(),
)
def test_judged_success_is_the_comparison(
    rolls: list[Roll],
    terms: list[Term],
    comparison: Comparison,
    against: Difficulty | Opposition,
) -> None:
    """A judged check succeeds exactly when its comparison holds."""
    result = CheckResult.judged(rolls=rolls, terms=terms, comparison=comparison, against=against)
    assert comparison.holds(result.total, against.value) == result.success


def test_a_system_may_set_another_outcome() -> None:
    """A result built directly keeps the outcome a system gave it (a critical on a low total)."""
    result = CheckResult(rolls=(Roll(D20, (1,)),), against=Difficulty(16), outcome=Outcome.CRITICAL)
    assert (True, Outcome.CRITICAL) == (result.success, result.outcome)


# -- explain -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16 Success"),
        ("zh-Hant", "1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16 成功"),
        ("ja", "1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16 成功"),
    ],
)
def test_explain_the_design_example(locale: str, expected: str) -> None:
    """The design's example renders exactly, in every shipped locale."""
    assert expected == HALF_WOLF.explain(locale)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "2D6[3,4] -1 Tired = 6 ≤ 9 Failure"),
        ("zh-Hant", "2D6[3,4] -1 Tired = 6 ≤ 9 失敗"),
        ("ja", "2D6[3,4] -1 Tired = 6 ≤ 9 失敗"),
    ],
)
def test_explain_a_failure_with_a_negative_term(locale: str, expected: str) -> None:
    """A negative modifier is shown with a minus sign; the outcome word is localized."""
    result = CheckResult.judged(
        rolls=[Roll(Dice(2, 6), (3, 4))],
        terms=[Term("Tired", -1)],
        comparison=Comparison.GREATER,
        against=Difficulty(9),
    )
    assert expected == result.explain(locale)


def test_explain_defaults_to_english() -> None:
    """``explain()`` with no locale is English."""
    assert HALF_WOLF.explain("en") == HALF_WOLF.explain()


def test_explain_of_a_regional_tag_uses_its_locale() -> None:
    """``zh-TW`` and ``ja-JP`` render as zh-Hant and ja."""
    assert (HALF_WOLF.explain("zh-Hant"), HALF_WOLF.explain("ja")) == (
        HALF_WOLF.explain("zh-TW"),
        HALF_WOLF.explain("ja-JP"),
    )


@pytest.mark.parametrize(
    ("outcome", "locale", "word"),
    [
        (Outcome.CRITICAL, "en", "Critical"),
        (Outcome.CRITICAL, "zh-Hant", "大成功"),
        (Outcome.CRITICAL, "ja", "クリティカル"),
        (Outcome.FUMBLE, "zh-Hant", "大失敗"),
        (Outcome.FUMBLE, "ja", "ファンブル"),
        (Outcome.AUTOMATIC_FAILURE, "en", "Automatic failure"),
        (Outcome.AUTOMATIC_SUCCESS, "ja", "自動成功"),
    ],
)
def test_explain_names_special_outcomes(outcome: Outcome, locale: str, word: str) -> None:
    """Criticals, fumbles and automatic results end the explanation with their own word;
    the sign stays true of the numbers."""
    result = CheckResult(rolls=(Roll(Dice(2, 6), (1, 1)),), against=Difficulty(8), outcome=outcome)
    assert f"2D6[1,1] = 2 < 8 {word}" == result.explain(locale)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "16 (Critical)"),
        ("zh-Hant", "16（大成功）"),
        ("ja", "16（クリティカル）"),
    ],
)
def test_labeled_difficulty_shows_its_localized_name(locale: str, expected: str) -> None:
    """A difficulty with a catalog-key label shows the value and the label's text."""
    assert expected == Difficulty(16, "outcome.critical").explain(locale)


def test_difficulty_with_a_players_label_shows_it_as_is() -> None:
    """A label that is not a catalog key is shown as it is."""
    assert "16 (困難)" == Difficulty(16, "困難").explain("en")


def test_unlabeled_difficulty_is_its_number() -> None:
    """A difficulty without a label is shown as its number."""
    assert "16" == Difficulty(16).explain("ja")


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "Attack: 1D20[14] +5 物攻 = 19 ≥ 12 (1D20[9] +3 物防) Success"),
        ("zh-Hant", "Attack：1D20[14] +5 物攻 = 19 ≥ 12（1D20[9] +3 物防） 成功"),
        ("ja", "Attack：1D20[14] +5 物攻 = 19 ≥ 12（1D20[9] +3 物防） 成功"),
    ],
)
def test_explain_a_labeled_opposed_check(locale: str, expected: str) -> None:
    """An opposed check shows the opposing total with its dice, and a label prefixes it."""
    result = CheckResult.judged(
        rolls=[Roll(D20, (14,))],
        terms=[Term("物攻", 5)],
        against=Opposition(rolls=[Roll(D20, (9,))], terms=[Term("物防", 3)]),
        label="Attack",
    )
    assert expected == result.explain(locale)


def test_opposition_explains_its_dice_and_terms() -> None:
    """An opposition is shown as its total with its detail."""
    defense = Opposition(rolls=[Roll(Dice(2, 6), (2, 5))], terms=[Term("Shield", -1)])
    assert "6 (2D6[2,5] -1 Shield)" == defense.explain("en")


def test_term_explain_localizes_catalog_keys() -> None:
    """A term whose label is a catalog key is shown in the locale's words."""
    assert ["+3 Critical", "+3 大成功", "+3 大成功", "+3 クリティカル"] == [
        Term("outcome.critical", 3).explain(locale) for locale in LOCALES
    ]


def test_term_explain_shows_zero_as_plus() -> None:
    """A zero modifier is written +0."""
    assert "+0 Luck" == Term("Luck", 0).explain("en")


@given(ts.check_results(), st.sampled_from(LOCALES))
def test_explain_ends_with_the_outcome_word_and_shows_the_total(
    result: CheckResult, locale: str
) -> None:
    """Every explanation contains ``= total`` and ends with the outcome's word."""
    text = result.explain(locale)
    assert (True, True) == (
        f"= {result.total} " in text,
        text.endswith(translate(result.outcome.label, locale)),
    )
