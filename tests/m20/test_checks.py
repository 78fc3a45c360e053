"""m20 checks: specialty, attack against defense, opposed; items; exact odds."""

from __future__ import annotations

import inspect
import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import (
    CheckResult,
    Difficulty,
    InvalidNotation,
    Opposition,
    ScriptedDice,
    Term,
    from_json,
    to_json,
)
from tabletop_rules.errors import InvalidCheck
from tabletop_rules.m20 import (
    EXAMPLE_SHEET,
    AttackCheck,
    AttackKind,
    Attribute,
    Attributes,
    Character,
    DifficultyLevel,
    OpposedCheck,
    RewardItem,
    Rulings,
    Skill,
    SkillPick,
    Specialty,
    SpecialtyCheck,
    Stance,
    Tendency,
    attack_terms,
    parse_sheet,
    reroll,
    specialty_terms,
)
from tabletop_rules.m20.strategies import characters

#: The rule text's example sheet (M20-023).
SHEET = EXAMPLE_SHEET

YANG = parse_sheet(SHEET)

#: A character whose four attributes differ, so that each term shows which one was used.
SAGE = Character(
    name="賢者",
    attributes=Attributes(
        physical_attack=1, special_attack=2, physical_defense=3, special_defense=4
    ),
    tendency=Tendency.KNOWLEDGE,
    bonus_specialty=Specialty.NEGOTIATION,
)

FACES = range(1, 21)
modifiers = st.lists(st.integers(-6, 12), max_size=3).map(
    lambda values: tuple(Term(f"t{i}", v) for i, v in enumerate(values))
)


def dodge_rocks(*, situation: str | None = None) -> SpecialtyCheck:
    """The text's example: 楊望蒼 dodges falling rocks, 身理 + 物防, against 16."""
    return SpecialtyCheck.of(
        YANG, Specialty.PHYSIQUE, 16, stance=Stance.REACTING, situation=situation
    )


def successes(check: SpecialtyCheck | AttackCheck | OpposedCheck, dice: int) -> int:
    return sum(
        check.resolve(ScriptedDice(faces)).success
        for faces in itertools.product(FACES, repeat=dice)
    )


def icepool_chance(die: icepool.Die[bool]) -> Fraction:
    return Fraction(die.probability(True))


# -- the rule text's example ---------------------------------------------------------------


def test_dodging_rocks_uses_physique_and_physical_defense() -> None:
    """M20-040: 1D20 + 3（身理） + 2（物防）."""
    assert dodge_rocks().terms == (
        Term("m20.specialty.physique", 3),
        Term("m20.attribute.physical_defense", 2),
    )


def test_dodging_rocks_explained_in_zh_hant() -> None:
    """M20-040: a 10 gives 15 against 16: failure."""
    result = dodge_rocks().resolve(ScriptedDice([10]))
    assert result.explain("zh-Hant") == "1D20[10] +3 身理 +2 物防 = 15 < 16 失敗"


def test_dodging_rocks_while_running_explained_in_zh_hant() -> None:
    """M20-041: when the GM agrees the check is about running, 半狼 adds +5."""
    result = dodge_rocks(situation="奔跑").resolve(ScriptedDice([14]))
    assert result.explain("zh-Hant") == "1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16 成功"


def test_dodging_rocks_while_running_explained_in_en() -> None:
    """M20-041: the same check in English; the player's name 半狼 stays as written."""
    result = dodge_rocks(situation="奔跑").resolve(ScriptedDice([14]))
    assert result.explain("en") == (
        "1D20[14] +3 Physique +2 Physical Defense +5 半狼 = 24 ≥ 16 Success"
    )


def test_dodging_rocks_while_running_explained_in_ja() -> None:
    """M20-041: the same check in Japanese."""
    result = dodge_rocks(situation="奔跑").resolve(ScriptedDice([14]))
    assert result.explain("ja") == "1D20[14] +3 身体 +2 物防 +5 半狼 = 24 ≥ 16 成功"


def test_dodging_rocks_while_running_turns_a_failure_into_a_success() -> None:
    """M20-040, M20-041: a 10 fails without 半狼 and succeeds with it."""
    outcomes = [
        check.resolve(ScriptedDice([10])).success
        for check in (
            dodge_rocks(),
            dodge_rocks(situation="奔跑"),
        )
    ]
    assert outcomes == [False, True]


def test_dodging_rocks_odds() -> None:
    """M20-040, M20-041: 11 or more on the d20 (10 of 20); with 半狼, 6 or more (15 of 20)."""
    assert (dodge_rocks().probability(), dodge_rocks(situation="奔跑").probability()) == (
        Fraction(1, 2),
        Fraction(3, 4),
    )


def test_a_named_difficulty_is_explained_with_its_name() -> None:
    """M20-035: 困難 shows as 16（困難）."""
    check = SpecialtyCheck.of(
        YANG, Specialty.PHYSIQUE, DifficultyLevel.HARD, stance=Stance.REACTING
    )
    assert check.resolve(ScriptedDice([11])).explain("zh-Hant") == (
        "1D20[11] +3 身理 +2 物防 = 16 ≥ 16（困難） 成功"
    )


# -- specialty checks --------------------------------------------------------------------------


def test_there_are_two_kinds_of_checks() -> None:
    """M20-024: attack/defense checks and specialty checks."""
    assert (
        AttackCheck.between(YANG, SAGE).resolve(ScriptedDice([1, 1])).success,
        SpecialtyCheck.of(YANG, Specialty.CUNNING, 1).resolve(ScriptedDice([1])).success,
    ) == (True, True)


@pytest.mark.parametrize(
    ("specialty", "stance", "attribute"),
    [
        (Specialty.PHYSIQUE, Stance.ACTING, Attribute.PHYSICAL_ATTACK),
        (Specialty.CUNNING, Stance.ACTING, Attribute.PHYSICAL_ATTACK),
        (Specialty.KNOWLEDGE, Stance.ACTING, Attribute.SPECIAL_ATTACK),
        (Specialty.NEGOTIATION, Stance.ACTING, Attribute.SPECIAL_ATTACK),
        (Specialty.PHYSIQUE, Stance.REACTING, Attribute.PHYSICAL_DEFENSE),
        (Specialty.CUNNING, Stance.REACTING, Attribute.PHYSICAL_DEFENSE),
        (Specialty.KNOWLEDGE, Stance.REACTING, Attribute.SPECIAL_DEFENSE),
        (Specialty.NEGOTIATION, Stance.REACTING, Attribute.SPECIAL_DEFENSE),
    ],
)
def test_stance_and_specialty_pick_the_attribute(
    specialty: Specialty, stance: Stance, attribute: Attribute
) -> None:
    """M20-009, M20-011, M20-038, M20-039: acting 攻/reacting 防, 身理詭計 物/知識交涉 特."""
    terms = specialty_terms(SAGE, specialty, stance=stance)
    assert terms == (
        Term(specialty.label, SAGE.specialty_bonus(specialty)),
        Term(attribute.label, SAGE.attributes[attribute]),
    )


def test_an_action_that_names_its_attribute_overrides_the_stance() -> None:
    """M20-038: hiding by magic uses 詭計 + 特攻, whatever the stance says."""
    terms = specialty_terms(
        SAGE, Specialty.CUNNING, stance=Stance.REACTING, attribute=Attribute.SPECIAL_ATTACK
    )
    assert terms[1] == Term("m20.attribute.special_attack", 2)


def test_the_check_adds_attribute_and_specialty() -> None:
    """M20-036: 1D20 + attribute + specialty bonus: 12 + 3 + 2 = 17."""
    assert dodge_rocks().resolve(ScriptedDice([12])).total == 17


def test_a_check_succeeds_on_meeting_the_difficulty() -> None:
    """M20-037: a total equal to the difficulty succeeds."""
    assert dodge_rocks().resolve(ScriptedDice([11])).success


def test_a_check_fails_below_the_difficulty() -> None:
    """M20-037: one below the difficulty fails."""
    assert not dodge_rocks().resolve(ScriptedDice([10])).success


def test_the_difficulty_ladder() -> None:
    """M20-035: 輕而易舉 4, 簡單 8, 適中 12, 困難 16."""
    assert {level.value for level in DifficultyLevel} == {4, 8, 12, 16}


@pytest.mark.parametrize(
    ("word", "level"),
    [
        ("輕而易舉", DifficultyLevel.TRIVIAL),
        ("簡單", DifficultyLevel.EASY),
        ("適中", DifficultyLevel.MODERATE),
        ("困難", DifficultyLevel.HARD),
        ("Hard", DifficultyLevel.HARD),
        ("ＥＡＳＹ", DifficultyLevel.EASY),
        ("簡単", DifficultyLevel.EASY),
        (" moderate ", DifficultyLevel.MODERATE),
    ],
)
def test_difficulty_words_are_read(word: str, level: DifficultyLevel) -> None:
    """M20-035: the text's words, and English and Japanese ones, in any width or case."""
    assert DifficultyLevel.parse(word) is level


def test_an_unknown_difficulty_word_says_what_to_use() -> None:
    """M20-035: 「超難」 is no difficulty; the error lists the words there are."""
    with pytest.raises(InvalidNotation) as caught:
        DifficultyLevel.parse("超難")
    assert str(caught.value) == (
        "There is no difficulty called '超難': use one of 輕而易舉/trivial 4, 簡單/easy 8, "
        "適中/moderate 12, 困難/hard 16."
    )


def test_any_number_is_a_difficulty() -> None:
    """M20-035: a GM may set 10; 1D20 + 1 詭計 + 3 物攻 ≥ 10 on 6 or more."""
    check = SpecialtyCheck.of(YANG, Specialty.CUNNING, 10)
    assert (check.difficulty, check.probability()) == (Difficulty(10), Fraction(3, 4))


@pytest.mark.parametrize(("helpers", "bonus"), [(1, 1), (2, 2), (3, 3)])
def test_each_helper_adds_one(helpers: int, bonus: int) -> None:
    """M20-043, M20-045: the representative rolls; each helper adds +1."""
    terms = specialty_terms(YANG, Specialty.PHYSIQUE, helpers=helpers)
    assert terms[-1] == Term("m20.term.helpers", bonus)


def test_helpers_add_at_most_three() -> None:
    """M20-046: five helpers may help, and add +3."""
    terms = specialty_terms(YANG, Specialty.PHYSIQUE, helpers=5)
    assert terms[-1] == Term("m20.term.helpers", 3)


def test_no_helpers_no_term() -> None:
    """M20-045: without helpers there is no cooperation term."""
    assert len(specialty_terms(YANG, Specialty.PHYSIQUE, helpers=0)) == 2


def test_helpers_do_not_roll() -> None:
    """M20-044: a helped check rolls one d20, the representative's."""
    check = SpecialtyCheck.of(YANG, Specialty.PHYSIQUE, 12, helpers=3)
    assert [roll.faces for roll in check.resolve(ScriptedDice([9])).rolls] == [(9,)]


def test_helpers_below_zero_say_what_to_fix() -> None:
    """M20-045: −1 helpers is a typed error that says to give 0 or more."""
    with pytest.raises(InvalidCheck) as caught:
        SpecialtyCheck.of(YANG, Specialty.PHYSIQUE, 12, helpers=-1)
    assert str(caught.value) == (
        "The number of helpers cannot be -1: give 0 or more (more than 3 still add only +3)."
    )


def test_cooperation_is_for_specialty_checks_only() -> None:
    """M20-042: helpers are an option of specialty checks and of no other check."""
    assert ("helpers" in inspect.signature(SpecialtyCheck.of).parameters) is True
    assert ("helpers" in inspect.signature(AttackCheck.between).parameters) is False
    assert ("helpers" in inspect.signature(attack_terms).parameters) is False


def test_at_most_one_expertise_adds_five() -> None:
    """M20-137: two picks naming the same situation add +5 once (the library's reading)."""
    twice = Character(
        name="x",
        attributes=YANG.attributes,
        tendency=Tendency.PHYSIQUE,
        bonus_specialty=Specialty.PHYSIQUE,
        picks=[
            SkillPick(skill=Skill.EXPERTISE, display_name="腳程", situations=("奔跑", "跳躍")),
            SkillPick(skill=Skill.EXPERTISE, display_name="半狼", situations=("奔跑", "嗅覺")),
        ],
    )
    terms = specialty_terms(twice, Specialty.PHYSIQUE, situation="奔跑")
    assert terms[2:] == (Term("腳程", 5),)


def test_stacking_expertise_is_a_ruling() -> None:
    """M20-137: with ``Rulings(expertise_stacks=True)`` every matching pick adds +5."""
    twice = Character(
        name="x",
        attributes=YANG.attributes,
        tendency=Tendency.PHYSIQUE,
        bonus_specialty=Specialty.PHYSIQUE,
        picks=[
            SkillPick(skill=Skill.EXPERTISE, display_name="腳程", situations=("奔跑", "跳躍")),
            SkillPick(skill=Skill.EXPERTISE, display_name="半狼", situations=("奔跑", "嗅覺")),
        ],
    )
    terms = specialty_terms(
        twice, Specialty.PHYSIQUE, situation="奔跑", rulings=Rulings(expertise_stacks=True)
    )
    assert terms[2:] == (Term("腳程", 5), Term("半狼", 5))


def test_terms_come_in_order_with_extra_terms_last() -> None:
    """M20-036, M20-045, M20-137, M20-139: specialty, attribute, skills, helpers, items, extra."""
    terms = specialty_terms(
        YANG,
        Specialty.PHYSIQUE,
        stance=Stance.REACTING,
        helpers=1,
        situation="奔跑",
        items=[RewardItem(name="靴", bonus=1, from_this_system=True)],
        extra=[Term("專注防禦", 2)],
    )
    assert [t.label for t in terms] == [
        "m20.specialty.physique",
        "m20.attribute.physical_defense",
        "半狼",
        "m20.term.helpers",
        "靴",
        "專注防禦",
    ]


# -- attack against defense ---------------------------------------------------------------------


def test_a_physical_attack_is_physical_attack_against_physical_defense() -> None:
    """M20-027, M20-029, M20-031, M20-032: 1D20 + 物攻 against 1D20 + 物防."""
    check = AttackCheck.between(SAGE, SAGE, AttackKind.PHYSICAL)
    assert (check.attack, check.defense) == (
        (Term("m20.attribute.physical_attack", 1),),
        (Term("m20.attribute.physical_defense", 3),),
    )


def test_a_special_attack_is_special_attack_against_special_defense() -> None:
    """M20-028, M20-030: 1D20 + 特攻 against 1D20 + 特防."""
    check = AttackCheck.between(SAGE, SAGE, AttackKind.SPECIAL)
    assert (check.attack, check.defense) == (
        (Term("m20.attribute.special_attack", 2),),
        (Term("m20.attribute.special_defense", 4),),
    )


def test_attacks_add_no_specialty() -> None:
    """M20-026: attack and defense checks add attributes, not specialties."""
    labels = [t.label for t in attack_terms(YANG)]
    assert not any(label.startswith("m20.specialty.") for label in labels)


def test_an_attack_that_ties_hits() -> None:
    """M20-033: attack ≥ defense hits, a tie included."""
    result = AttackCheck.between(SAGE, SAGE).resolve(ScriptedDice([12, 10]))
    assert (result.total, result.against.value, result.success) == (13, 13, True)


def test_an_attack_below_the_defense_misses() -> None:
    """M20-033: one below misses."""
    assert not AttackCheck.between(SAGE, SAGE).resolve(ScriptedDice([11, 10])).success


def test_an_attack_is_explained_with_the_defense() -> None:
    """M20-031, M20-032: the attacker's roll, then the defender's in brackets."""
    result = AttackCheck.between(YANG, YANG).resolve(ScriptedDice([7, 9]))
    assert result.explain("zh-Hant") == (
        "1D20[7] +3 物攻 +1 蒼空/夜魂 = 11 ≥ 11（1D20[9] +2 物防） 成功"
    )


def test_attack_odds() -> None:
    """M20-031, M20-032, M20-033: 1D20+5 against 1D20+3 hits 247 times in 400."""
    check = AttackCheck(attack=[Term("a", 5)], defense=[Term("d", 3)])
    assert check.probability() == Fraction(247, 400)


# -- opposed checks ------------------------------------------------------------------------------


def test_each_total_is_the_others_difficulty() -> None:
    """M20-047: the active total 13 is compared with the other side's 13."""
    check = OpposedCheck(
        active=specialty_terms(YANG, Specialty.NEGOTIATION),
        reactive=specialty_terms(YANG, Specialty.NEGOTIATION, stance=Stance.REACTING),
    )
    assert check.resolve(ScriptedDice([10, 11])).explain("zh-Hant") == (
        "1D20[10] +0 交涉 +3 特攻 = 13 ≥ 13（1D20[11] +0 交涉 +2 特防） 成功"
    )


def test_a_tie_goes_to_the_active_side() -> None:
    """M20-048: by default a tie is the active side's win."""
    check = OpposedCheck(active=[Term("a", 2)], reactive=[Term("r", 2)])
    assert check.resolve(ScriptedDice([8, 8])).success


def test_a_tie_may_go_to_the_reacting_side() -> None:
    """M20-048: the GM decides; ``Rulings(opposed_tie_to_active=False)`` gives it away."""
    check = OpposedCheck(
        active=[Term("a", 2)],
        reactive=[Term("r", 2)],
        rulings=Rulings(opposed_tie_to_active=False),
    )
    assert not check.resolve(ScriptedDice([8, 8])).success


def test_opposed_odds_follow_the_tie_rule() -> None:
    """M20-048: equal sides win 21/40 with ties and 19/40 without."""
    terms = [Term("x", 1)]
    assert [
        OpposedCheck(
            active=terms, reactive=terms, rulings=Rulings(opposed_tie_to_active=t)
        ).probability()
        for t in (True, False)
    ] == [Fraction(21, 40), Fraction(19, 40)]


# -- bar reward items --------------------------------------------------------------------------


def test_an_item_from_another_system_counts_double() -> None:
    """M20-139: a +2 item made for 2D6 adds +4, shown as the item and its double."""
    terms = specialty_terms(YANG, Specialty.CUNNING, items=[RewardItem(name="幸運符", bonus=2)])
    assert terms[2:] == (Term("幸運符", 2), Term("m20.term.item_doubled", 2))


def test_an_item_from_this_system_counts_as_printed() -> None:
    """M20-140: a +2 item of this system adds +2."""
    item = RewardItem(name="蒼之符", bonus=2, from_this_system=True)
    assert (item.terms(), item.modifier) == ((Term("蒼之符", 2),), 2)


def test_a_doubled_item_is_explained() -> None:
    """M20-139: the explanation shows the item and that it counts double."""
    check = SpecialtyCheck.of(
        YANG, Specialty.CUNNING, 12, items=[RewardItem(name="幸運符", bonus=1)]
    )
    assert check.resolve(ScriptedDice([6])).explain("en") == (
        "1D20[6] +1 Cunning +3 Physical Attack +1 幸運符 "
        "+1 reward item from another system ×2 = 12 ≥ 12 Success"
    )


def test_a_reroll_rolls_only_the_d20_again() -> None:
    """M20-141: the reroll keeps every modifier; the new face replaces the old."""
    first = dodge_rocks(situation="奔跑").resolve(ScriptedDice([2]))
    again = reroll(first, ScriptedDice([9]))
    assert (first.total, again.total, again.terms[:3]) == (12, 19, first.terms)


def test_a_reroll_keeps_both_faces_and_says_so() -> None:
    """M20-141: both d20s stay in the result, and a term takes the old face away."""
    again = reroll(dodge_rocks().resolve(ScriptedDice([2])), ScriptedDice([15]))
    assert again.explain("zh-Hant") == (
        "1D20[2] 1D20[15] +3 身理 +2 物防 -2 重新擲骰（捨棄前一顆1D20） = 20 ≥ 16 成功"
    )


def test_a_reroll_is_explained_in_ja() -> None:
    """M20-141: the reroll term in Japanese."""
    again = reroll(dodge_rocks().resolve(ScriptedDice([2])), ScriptedDice([3]))
    assert again.explain("ja") == (
        "1D20[2] 1D20[3] +3 身体 +2 物防 -2 振り直し（前の1D20は不採用） = 8 < 16 失敗"
    )


def test_a_check_may_reroll_on_failure_by_itself() -> None:
    """M20-141: with ``reroll_on_failure`` a failed check rolls once more."""
    check = SpecialtyCheck.of(YANG, Specialty.PHYSIQUE, 16, reroll_on_failure=True)
    result = check.resolve(ScriptedDice([2, 18]))
    assert ([r.faces for r in result.rolls], result.success) == ([(2,), (18,)], True)


def test_a_check_that_succeeds_keeps_its_reroll() -> None:
    """M20-141: a success does not use the reroll: one d20 is rolled."""
    check = SpecialtyCheck.of(YANG, Specialty.PHYSIQUE, 16, reroll_on_failure=True)
    dice = ScriptedDice([15, 1])
    check.resolve(dice)
    assert dice.remaining == (1,)


def test_the_defender_may_reroll() -> None:
    """M20-141: ``opposing=True`` rerolls the defender's d20 and keeps its modifiers."""
    hit = AttackCheck.between(SAGE, SAGE).resolve(ScriptedDice([12, 2]))
    defended = reroll(hit, ScriptedDice([17]), opposing=True)
    assert (defended.against.value, defended.success) == (20, False)


def test_a_fixed_difficulty_has_no_opposing_roll() -> None:
    """M20-141: rerolling the other side of a check against a number says what is wrong."""
    result = dodge_rocks().resolve(ScriptedDice([2]))
    with pytest.raises(InvalidCheck, match="leave out opposing"):
        reroll(result, ScriptedDice([3]), opposing=True)


def test_other_item_effects_are_extra_terms() -> None:
    """M20-142: any other item effect, as the GM judges, is an extra term."""
    check = SpecialtyCheck.of(YANG, Specialty.KNOWLEDGE, 12, extra=[Term("古書", 3)])
    assert check.terms[-1] == Term("古書", 3)


# -- exact odds: the consistency law and icepool ---------------------------------------------------


@given(modifiers, st.integers(-5, 35), st.booleans())
def test_specialty_odds_count_every_face(
    terms: tuple[Term, ...], difficulty: int, again: bool
) -> None:
    """M20-036, M20-037, M20-141: probability() × faces = successes over every d20 face."""
    check = SpecialtyCheck(terms=terms, difficulty=difficulty, reroll_on_failure=again)
    dice = 2 if again else 1
    assert check.probability() * 20**dice == successes(check, dice)


@given(characters(), st.sampled_from(Specialty), st.sampled_from(Stance), st.integers(0, 5))
def test_a_characters_specialty_odds_count_every_face(
    hero: Character, specialty: Specialty, stance: Stance, helpers: int
) -> None:
    """M20-036, M20-045: the law holds for checks built from any valid character."""
    check = SpecialtyCheck.of(hero, specialty, 12, stance=stance, helpers=helpers)
    assert check.probability() * 20 == successes(check, 1)


@given(modifiers, modifiers)
def test_attack_odds_count_every_pair(attack: tuple[Term, ...], defense: tuple[Term, ...]) -> None:
    """M20-033: probability() × 400 = hits over every pair of d20s."""
    check = AttackCheck(attack=attack, defense=defense)
    assert check.probability() * 400 == successes(check, 2)


@given(characters(), characters(), st.sampled_from(AttackKind))
def test_a_characters_attack_odds_count_every_pair(
    attacker: Character, defender: Character, kind: AttackKind
) -> None:
    """M20-031, M20-032, M20-092, M20-095: the law holds for any two characters' skills."""
    check = AttackCheck.between(attacker, defender, kind)
    assert check.probability() * 400 == successes(check, 2)


@given(modifiers, modifiers, st.booleans())
def test_opposed_odds_count_every_pair(
    active: tuple[Term, ...], reactive: tuple[Term, ...], ties: bool
) -> None:
    """M20-047, M20-048: probability() × 400 = wins over every pair, for either tie rule."""
    check = OpposedCheck(
        active=active, reactive=reactive, rulings=Rulings(opposed_tie_to_active=ties)
    )
    assert check.probability() * 400 == successes(check, 2)


@settings(max_examples=4)
@given(st.integers(-6, 12), st.integers(-6, 12), st.booleans())
def test_rerolled_opposed_odds_count_every_triple(active: int, reactive: int, ties: bool) -> None:
    """M20-048, M20-141: with a reroll, probability() × 8000 = wins over every three d20s."""
    check = OpposedCheck(
        active=[Term("a", active)],
        reactive=[Term("r", reactive)],
        rulings=Rulings(opposed_tie_to_active=ties),
        reroll_on_failure=True,
    )
    assert check.probability() * 8000 == successes(check, 3)


@settings(max_examples=4)
@given(st.integers(-6, 12), st.integers(-6, 12))
def test_rerolled_attack_odds_count_every_triple(attack: int, defense: int) -> None:
    """M20-033, M20-141: with a reroll, probability() × 8000 = hits over every three d20s."""
    check = AttackCheck(
        attack=[Term("a", attack)], defense=[Term("d", defense)], reroll_on_failure=True
    )
    assert check.probability() * 8000 == successes(check, 3)


@given(st.integers(-6, 14), st.integers(-5, 35))
def test_specialty_odds_match_icepool(modifier: int, difficulty: int) -> None:
    """M20-036, M20-037: the same chance as icepool's d20 + modifier ≥ difficulty."""
    check = SpecialtyCheck(terms=[Term("m", modifier)], difficulty=difficulty)
    assert check.probability() == icepool_chance(icepool.d20 + modifier >= difficulty)


@settings(max_examples=10)
@given(st.integers(-6, 14), st.integers(-5, 35))
def test_rerolled_specialty_odds_match_icepool(modifier: int, difficulty: int) -> None:
    """M20-141: a reroll after a failure succeeds when either d20 does."""
    check = SpecialtyCheck(
        terms=[Term("m", modifier)], difficulty=difficulty, reroll_on_failure=True
    )
    either = icepool.map(
        lambda a, b: a + modifier >= difficulty or b + modifier >= difficulty,
        icepool.d20,
        icepool.d20,
    )
    assert check.probability() == icepool_chance(either)


@given(st.integers(-6, 12), st.integers(-6, 12))
def test_attack_odds_match_icepool(attack: int, defense: int) -> None:
    """M20-033: the same chance as icepool's d20 + attack ≥ d20 + defense."""
    check = AttackCheck(attack=[Term("a", attack)], defense=[Term("d", defense)])
    expected = icepool_chance(icepool.d20 + attack >= icepool.d20 + defense)
    assert check.probability() == expected


@given(st.integers(-6, 12), st.integers(-6, 12), st.booleans())
def test_opposed_odds_match_icepool(active: int, reactive: int, ties: bool) -> None:
    """M20-047, M20-048: ≥ when ties go to the active side, > when they do not."""
    check = OpposedCheck(
        active=[Term("a", active)],
        reactive=[Term("r", reactive)],
        rulings=Rulings(opposed_tie_to_active=ties),
    )
    mine, theirs = icepool.d20 + active, icepool.d20 + reactive
    expected = icepool_chance(mine >= theirs if ties else mine > theirs)
    assert check.probability() == expected


@settings(max_examples=5)
@given(st.integers(-6, 12), st.integers(-6, 12))
def test_rerolled_attack_odds_match_icepool(attack: int, defense: int) -> None:
    """M20-141: the defender's d20 stays; the attacker hits with either of its two d20s."""
    check = AttackCheck(
        attack=[Term("a", attack)], defense=[Term("d", defense)], reroll_on_failure=True
    )
    either = icepool.map(
        lambda a, b, d: a + attack >= d + defense or b + attack >= d + defense,
        icepool.d20,
        icepool.d20,
        icepool.d20,
    )
    assert check.probability() == icepool_chance(either)


# -- JSON ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "difficulty", [16, DifficultyLevel.HARD, Difficulty(7, "m20.difficulty.easy")]
)
def test_a_specialty_check_round_trips_through_json(
    difficulty: int | DifficultyLevel | Difficulty,
) -> None:
    """M20-035: a numbered or a named difficulty survives JSON."""
    check = SpecialtyCheck.of(YANG, Specialty.PHYSIQUE, difficulty, reroll_on_failure=True)
    assert from_json(to_json(check), SpecialtyCheck) == check


def test_an_attack_check_round_trips_through_json() -> None:
    """M20-031, M20-032: both sides' terms survive JSON."""
    check = AttackCheck.between(YANG, SAGE, AttackKind.SPECIAL)
    assert from_json(to_json(check), AttackCheck) == check


def test_an_opposed_check_round_trips_through_json() -> None:
    """M20-048: the rulings survive JSON."""
    check = OpposedCheck(
        active=[Term("a", 1)], reactive=[Term("r", 2)], rulings=Rulings(opposed_tie_to_active=False)
    )
    assert from_json(to_json(check), OpposedCheck) == check


def test_a_rerolled_result_round_trips_through_json() -> None:
    """M20-141: both faces and the reroll term survive JSON."""
    result = reroll(
        AttackCheck.between(YANG, SAGE).resolve(ScriptedDice([3, 4])),
        ScriptedDice([5]),
        opposing=True,
    )
    assert isinstance(result.against, Opposition)
    assert from_json(to_json(result), CheckResult) == result


def test_items_and_rulings_round_trip_through_json() -> None:
    """M20-048, M20-139: a reward item and the rulings survive JSON."""
    values = (RewardItem(name="幸運符", bonus=2), Rulings(expertise_stacks=True))
    assert tuple(from_json(to_json(v), type(v)) for v in values) == values


def test_difficulty_levels_round_trip_through_json() -> None:
    """M20-035: a level is stored by its number."""
    assert [from_json(to_json(level), DifficultyLevel) for level in DifficultyLevel] == list(
        DifficultyLevel
    )


@pytest.mark.parametrize("value", [*Stance, *AttackKind], ids=repr)
def test_stances_and_attack_kinds_round_trip_through_json(value: Stance | AttackKind) -> None:
    """M20-027, M20-028, M20-038: stances and attack kinds are stored by value."""
    assert from_json(to_json(value), type(value)) == value
