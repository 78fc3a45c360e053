"""bar2d6 checks: 2D6 against the GM's dice, contests, cooperation, and their exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import InvalidCheck, ScriptedDice
from tabletop_rules.bar2d6 import (
    CHECK_DICE,
    Character,
    Contest,
    DifficultyDice,
    GMCheck,
    Helper,
    Item,
    ItemKind,
    Rulings,
    Side,
    check_terms,
    granted_bonus,
    is_wounded,
)
from tabletop_rules.checks import Comparison, Opposition, Outcome, Term
from tabletop_rules.dice import Dice
from tabletop_rules.serialization import from_json, to_json

B = Character(
    name="B",
    items=[
        Item(name="攀爬", kind=ItemKind.SKILL, active=2, passive=1),
        Item(name="繩鉤", kind=ItemKind.WEAPON, active=3),
        Item(name="木杖", kind=ItemKind.WEAPON, passive=2),
    ],
)


def _enumerate(check: GMCheck | Contest, dice: int) -> Fraction:
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=dice):
        wins += check.resolve(ScriptedDice(faces)).success
    return Fraction(wins, 6**dice)


# --------------------------------------------------------------------------- the text's example


def test_the_climbing_example_adds_five_to_two_d6() -> None:
    """B2D6-33, B2D6-20, B2D6-25: 攀爬 +2 and 繩鉤 +3 on one check; faces 3 and 4 give 12."""
    climb = GMCheck(terms=check_terms(B, ["攀爬", "繩鉤"]), difficulty=DifficultyDice.HARD)
    result = climb.resolve(ScriptedDice([3, 4, 4, 4, 4]))
    assert ((3, 4), 5, 12) == (result.rolls[0].faces, climb.modifier, result.total)


def test_the_climbing_example_succeeds_when_the_gm_rolls_twelve_or_less() -> None:
    """B2D6-33, B2D6-29: against 3D6 [4,4,4] = 12 the climb succeeds (12 ≥ 12)."""
    climb = GMCheck(terms=check_terms(B, ["攀爬", "繩鉤"]), difficulty=3)
    assert Outcome.SUCCESS == climb.resolve(ScriptedDice([3, 4, 4, 4, 4])).outcome


def test_the_climbing_example_fails_when_the_gm_rolls_more() -> None:
    """B2D6-33, B2D6-29: against 3D6 [6,6,1] = 13 the climb fails (12 < 13)."""
    climb = GMCheck(terms=check_terms(B, ["攀爬", "繩鉤"]), difficulty=3)
    assert Outcome.FAILURE == climb.resolve(ScriptedDice([3, 4, 6, 6, 1])).outcome


def test_the_climbing_example_odds() -> None:
    """B2D6-33: the chance that 3D6 ≤ 2D6 + 5, exactly."""
    climb = GMCheck(terms=check_terms(B, ["攀爬", "繩鉤"]), difficulty=3)
    assert (Fraction(1801, 2592), Fraction(1801, 2592)) == (
        climb.probability(),
        _enumerate(climb, 5),
    )


def test_the_climbing_example_explains_itself() -> None:
    """B2D6-33, B2D6-28: every die and term, the GM's roll, and the outcome, in zh-Hant."""
    climb = GMCheck(terms=check_terms(B, ["攀爬", "繩鉤"]), difficulty=3)
    assert "對GM：2D6[3,4] +2 攀爬 +3 繩鉤 = 12 ≥ 12（3D6[4,4,4]） 成功" == (
        climb.resolve(ScriptedDice([3, 4, 4, 4, 4])).explain("zh-Hant")
    )


# --------------------------------------------------------------------------- checks


def test_a_check_is_two_d6() -> None:
    """B2D6-19: the player rolls 2D6."""
    assert Dice(2, 6) == CHECK_DICE


def test_the_player_rolls_first_then_the_gm() -> None:
    """B2D6-32, B2D6-28: the first two faces are the player's 2D6, the next the GM's dice."""
    result = GMCheck(terms=[], difficulty=1).resolve(ScriptedDice([1, 2, 6]))
    assert isinstance(result.against, Opposition)
    assert ((1, 2), (6,)) == (result.rolls[0].faces, result.against.rolls[0].faces)


def test_no_target_number() -> None:
    """B2D6-27: a check is compared with the GM's roll, not with a fixed number."""
    result = GMCheck(terms=[], difficulty=2).resolve(ScriptedDice([3, 3, 2, 2]))
    assert (Opposition, 4) == (type(result.against), result.against.value)


def test_a_tie_with_the_gm_succeeds() -> None:
    """B2D6-29: a total equal to the GM's succeeds (≥)."""
    result = GMCheck(terms=[], difficulty=2).resolve(ScriptedDice([3, 4, 3, 4]))
    assert (Comparison.AT_LEAST, True) == (result.comparison, result.success)


def test_below_the_gm_fails() -> None:
    """B2D6-29: a total below the GM's fails."""
    assert not GMCheck(terms=[], difficulty=2).resolve(ScriptedDice([3, 3, 3, 4])).success


@pytest.mark.parametrize(
    ("level", "dice", "zh"),
    [
        (DifficultyDice.NONE, 0, "稱不上挑戰"),
        (DifficultyDice.EASY, 1, "簡單"),
        (DifficultyDice.NORMAL, 2, "普通"),
        (DifficultyDice.HARD, 3, "困難"),
        (DifficultyDice.VERY_HARD, 4, "極為困難"),
    ],
)
def test_the_difficulty_ladder(level: DifficultyDice, dice: int, zh: str) -> None:
    """B2D6-30: 0 dice not a challenge, 1 easy, 2 normal, 3 hard, 4 very hard."""
    assert (Dice(dice, 6), level, level) == (
        level.dice,
        DifficultyDice.parse(zh),
        DifficultyDice.parse(str(dice)),
    )


def test_zero_dice_always_succeeds() -> None:
    """B2D6-30: at 0 dice (not a challenge) the GM's total is 0."""
    assert 1 == GMCheck(terms=[Term("x", -2)], difficulty=0).probability()


def test_normal_is_two_gm_dice() -> None:
    """B2D6-31: a check of the default difficulty (2 dice, 普通) is opposed by 2D6."""
    result = GMCheck(terms=[], difficulty=DifficultyDice.NORMAL).resolve(ScriptedDice([1, 1, 1, 1]))
    assert isinstance(result.against, Opposition)
    assert Dice(2, 6) == result.against.rolls[0].dice


def test_a_check_always_names_its_difficulty() -> None:
    """B2D6-31 (DESIGN: a check always names its dice count): no silent default."""
    with pytest.raises(TypeError):
        GMCheck(terms=[])  # type: ignore[call-arg]


@pytest.mark.parametrize("dice", [-1, 5])
def test_a_difficulty_outside_the_ladder_is_refused(dice: int) -> None:
    """B2D6-30: only 0 to 4 dice."""
    with pytest.raises(InvalidCheck):
        GMCheck(terms=[], difficulty=dice)


def test_an_unknown_difficulty_word_is_refused() -> None:
    """B2D6-30: a word that names no level says which do."""
    with pytest.raises(ValueError, match="極為困難"):
        DifficultyDice.parse("impossible")


def test_active_bonuses_for_challenges() -> None:
    """B2D6-24, B2D6-06: attempting a challenge uses the items' active bonuses."""
    assert (Term("攀爬", 2),) == check_terms(B, ["攀爬"], Side.ACTIVE)


def test_passive_bonuses_for_trouble() -> None:
    """B2D6-24, B2D6-07: facing trouble uses the items' passive bonuses."""
    assert (Term("攀爬", 1), Term("木杖", 2)) == check_terms(B, ["攀爬", "木杖"], Side.PASSIVE)


def test_attack_and_defense_use_their_sides() -> None:
    """B2D6-23: attacking takes the active bonus, defending the passive one."""
    contest = Contest.between(B, B, attacker_items=["繩鉤"], defender_items=["木杖", "繩鉤"])
    assert ((Term("繩鉤", 3),), (Term("木杖", 2),)) == (contest.attacker, contest.defender)


def test_several_items_combine() -> None:
    """B2D6-25: one check may use any number of items."""
    assert 5 == sum(t.value for t in check_terms(B, ["攀爬", "繩鉤"]))


def test_only_the_items_the_gm_allows_count() -> None:
    """B2D6-26: the wooden staff does not put out a fire: leave it out and it adds nothing."""
    assert (Term("攀爬", 2),) == check_terms(B, ["攀爬"])


def test_an_unknown_item_is_refused() -> None:
    """B2D6-26: an item the character does not have cannot be allowed."""
    with pytest.raises(InvalidCheck, match="滅火器"):
        check_terms(B, ["滅火器"])


@pytest.mark.parametrize(("hp", "wounded"), [(0, True), (1, True), (2, True), (3, False)])
def test_wounded_at_two_hp_or_less(hp: int, wounded: bool) -> None:
    """B2D6-21: HP 2 or less, 2 included, is wounded."""
    assert wounded == is_wounded(hp)


def test_a_wounded_check_takes_two_off() -> None:
    """B2D6-22: a wounded character's check has −2."""
    assert (Term("攀爬", 2), Term("bar2d6.term.wounded", -2)) == check_terms(B, ["攀爬"], hp=2)


def test_a_character_at_zero_hp_cannot_check() -> None:
    """B2D6-03: at 0 HP a character takes no action."""
    with pytest.raises(InvalidCheck):
        check_terms(B, ["攀爬"], hp=0)


# --------------------------------------------------------------------------- contests


def test_characters_roll_against_each_other() -> None:
    """B2D6-34: a contest is 2D6 against 2D6, no GM dice."""
    result = Contest(attacker=[], defender=[]).resolve(ScriptedDice([5, 5, 2, 2]))
    assert isinstance(result.against, Opposition)
    assert (CHECK_DICE, CHECK_DICE) == (result.rolls[0].dice, result.against.rolls[0].dice)


def test_the_attacker_rolls_first() -> None:
    """B2D6-35: the attacker (who acts first) rolls first, then the defender."""
    result = Contest(attacker=[], defender=[]).resolve(ScriptedDice([6, 6, 1, 1]))
    assert (12, True) == (result.total, result.success)


def test_a_tie_goes_to_the_defender() -> None:
    """B2D6-38: equal totals: the defender wins."""
    result = Contest(attacker=[Term("x", 1)], defender=[]).resolve(ScriptedDice([3, 3, 4, 3]))
    assert (Comparison.GREATER, False) == (result.comparison, result.success)


def test_the_attacker_wins_when_strictly_higher() -> None:
    """B2D6-38: the attacker's higher total wins."""
    assert Contest(attacker=[], defender=[]).resolve(ScriptedDice([4, 4, 3, 4])).success


def test_the_gm_chooses_who_attacks() -> None:
    """B2D6-36, B2D6-39: when the sides cannot be told, the GM names the attacker (the GM rolls
    for an NPC with the same dice); swapping them turns a tie into the other's win."""
    ties = ScriptedDice([3, 3, 3, 3, 3, 3, 3, 3])
    first = Contest(attacker=[Term("A", 1)], defender=[Term("B", 1)]).resolve(ties)
    second = Contest(attacker=[Term("B", 1)], defender=[Term("A", 1)]).resolve(ties)
    assert (False, False) == (first.success, second.success)


def test_the_gm_chooses_the_bonuses_of_a_simultaneous_contest() -> None:
    """B2D6-37: in a race neither attacks: the GM may give both sides their active bonuses."""
    race = Contest.between(
        B, B, attacker_items=["攀爬"], defender_items=["攀爬"], defender_side=Side.ACTIVE
    )
    assert race.attacker == race.defender == (Term("攀爬", 2),)


@given(st.integers(-6, 6), st.integers(-6, 6))
def test_contest_odds_equal_enumeration(a: int, d: int) -> None:
    """B2D6-38: the exact odds of a contest equal all 6⁴ faces resolved."""
    contest = Contest(attacker=[Term("a", a)], defender=[Term("d", d)])
    assert _enumerate(contest, 4) == contest.probability()


@given(st.integers(-4, 8), st.integers(0, 2))
def test_check_odds_equal_enumeration(bonus: int, dice: int) -> None:
    """B2D6-29, B2D6-28: the exact odds of a check against 0–2 GM dice equal enumeration."""
    check = GMCheck(terms=[Term("b", bonus)], difficulty=dice)
    assert _enumerate(check, 2 + dice) == check.probability()


def test_check_odds_against_four_dice() -> None:
    """B2D6-30: +3 against 4 very hard dice, enumerated over 6⁶ faces."""
    check = GMCheck(terms=[Term("b", 3)], difficulty=4)
    assert _enumerate(check, 6) == check.probability()


# --------------------------------------------------------------------------- cooperation


@pytest.mark.parametrize(
    ("dice", "bonus", "granted"),
    [(1, 5, 2), (1, 4, 1), (1, 1, 1), (2, 5, 2), (2, 3, 1), (3, 5, 3), (3, 1, 1), (4, 5, 5)],
)
def test_the_cooperation_table(dice: int, bonus: int, granted: int) -> None:
    """B2D6-48, B2D6-49, B2D6-50, B2D6-51: ⌈bonus ÷ 4⌉, ⌈÷ 3⌉, ⌈÷ 2⌉, the whole, at 1–4 dice."""
    assert granted == granted_bonus(bonus, dice)


def test_a_wound_does_not_lower_the_bonus_used() -> None:
    """B2D6-48 (DESIGN: personality-point bonuses only): a wounded helper with +3 at 4 dice
    grants 3, while rolling with −2."""
    helper = Helper.of(B, ["繩鉤"], 4, hp=1)
    assert (3, 1) == (helper.granted(), sum(t.value for t in helper.terms))


def test_the_other_reading_counts_the_wound() -> None:
    """B2D6-48, as a ruling: counting the wound, the same helper grants 1."""
    assert 1 == Helper.of(B, ["繩鉤"], 4, hp=1).granted(Rulings(help_counts_modifiers=True))


def test_helpers_roll_before_the_challenger() -> None:
    """B2D6-43, B2D6-42: the helper's 2D6 and GM die come first; its success adds its grant."""
    helper = Helper(bonus=[Term("繩鉤", 3)], dice=3)
    check = GMCheck(terms=[Term("攀爬", 2)], difficulty=2, helpers=[helper])
    result = check.resolve(ScriptedDice([4, 4, 1, 1, 1, 1, 1, 6, 6]))
    gm = result.helpers[0].against
    assert isinstance(gm, Opposition)
    assert (
        ((4, 4), (1, 1, 1)),
        (1, 1),
        (Term("攀爬", 2), Term("bar2d6.term.help", 2)),
        6,
        False,
    ) == (
        (result.helpers[0].rolls[0].faces, gm.rolls[0].faces),
        result.rolls[0].faces,
        result.terms,
        result.total,
        result.success,
    )


def test_a_failed_helper_adds_nothing() -> None:
    """B2D6-42: only a successful cooperation check adds its bonus."""
    helper = Helper(bonus=[Term("繩鉤", 3)], dice=1)
    check = GMCheck(terms=[], difficulty=1, helpers=[helper])
    result = check.resolve(ScriptedDice([1, 1, 6, 3, 3, 1]))
    assert ((), True) == (
        tuple(t for t in result.terms if t.label == "bar2d6.term.help"),
        result.success,
    )


def test_any_number_of_helpers_stack() -> None:
    """B2D6-41, B2D6-44: three helpers, each succeeding, add their grants together."""
    helpers = [Helper(bonus=[Term(f"h{i}", 4)], dice=4) for i in range(3)]
    check = GMCheck(terms=[], difficulty=0, helpers=helpers)
    result = check.resolve(ScriptedDice([6, 6, 1, 1, 1, 1] * 3 + [1, 1]))
    assert 2 + 12 == result.total


def test_help_counts_for_that_one_check() -> None:
    """B2D6-45: the help is a term of the helped check only; a new check has none."""
    check = GMCheck(terms=[], difficulty=0)
    assert () == check.resolve(ScriptedDice([1, 1])).terms


def test_a_helper_uses_the_bonuses_that_fit() -> None:
    """B2D6-46: a helper's bonus comes from its items on the challenge's side."""
    assert (Term("攀爬", 1),) == Helper.of(B, ["攀爬"], 2, side=Side.PASSIVE).bonus


@pytest.mark.parametrize("dice", [0, 5])
def test_the_helper_chooses_one_to_four_dice(dice: int) -> None:
    """B2D6-47: the helper's player chooses 1 to 4 dice; nothing else."""
    with pytest.raises(InvalidCheck):
        Helper(bonus=[], dice=dice)


@pytest.mark.parametrize("dice", [0, 1, 4])
def test_any_check_against_the_gm_can_be_helped(dice: int) -> None:
    """B2D6-40 (DESIGN: whatever its difficulty): a helper on a 0-dice check is allowed."""
    check = GMCheck(terms=[], difficulty=dice, helpers=[Helper(bonus=[], dice=1)])
    assert 1 == len(check.helpers)


def test_a_table_may_help_only_hard_checks() -> None:
    """B2D6-40, as a ruling: with help_min_dice=3 a normal check cannot be helped."""
    with pytest.raises(InvalidCheck):
        GMCheck(
            terms=[],
            difficulty=2,
            helpers=[Helper(bonus=[], dice=1)],
            rulings=Rulings(help_min_dice=3),
        )


def test_a_contest_has_no_helpers() -> None:
    """B2D6-40: a contest between characters cannot be helped; it takes no helpers."""
    with pytest.raises(TypeError):
        Contest(attacker=[], defender=[], helpers=[])  # type: ignore[call-arg]


def test_helped_odds_equal_enumeration() -> None:
    """B2D6-42, B2D6-48: a helped check's exact odds equal all 6⁶ faces resolved."""
    check = GMCheck(
        terms=[Term("b", 1)], difficulty=1, helpers=[Helper(bonus=[Term("h", 3)], dice=1)]
    )
    assert _enumerate(check, 6) == check.probability()


@pytest.mark.parametrize("bonus", [0, 3, 4, 5, 8])
def test_helped_odds_equal_enumeration_at_every_bonus(bonus: int) -> None:
    """B2D6-42, B2D6-44, B2D6-48: helped odds equal enumeration over every face (6⁵)."""
    check = GMCheck(terms=[], difficulty=0, helpers=[Helper(bonus=[Term("h", bonus)], dice=1)])
    assert _enumerate(check, 5) == check.probability()


def test_a_helped_result_explains_every_roll() -> None:
    """B2D6-43: the helper's line, then the check's, in English."""
    check = GMCheck(terms=[], difficulty=1, helpers=[Helper(bonus=[Term("Rope", 2)], dice=1)])
    assert (
        "Cooperation: 2D6[3,3] +2 Rope = 8 ≥ 1 (1D6[1]) Success\n"
        "Against the GM: 2D6[1,1] +1 Help = 3 ≥ 2 (1D6[2]) Success"
    ) == check.resolve(ScriptedDice([3, 3, 1, 1, 1, 2])).explain("en")


def test_check_results_round_trip_through_json() -> None:
    """B2D6-33: a resolved check survives JSON."""
    result = Contest(attacker=[Term("x", 1)], defender=[]).resolve(ScriptedDice([1, 2, 3, 4]))
    assert result == from_json(to_json(result), type(result))
