"""bayside23 checks: hit checks with criticals and fumbles, damage, action checks, odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import ScriptedDice, Term, from_json, notation, to_json
from tabletop_rules.bayside23 import (
    EXAMPLE_SHEET,
    ActionCheck,
    DamageRoll,
    HitCheck,
    HitKind,
    InitiativeCheck,
    InitiativeResult,
    Rulings,
    hit_outcome,
    parse_sheet,
    special,
)
from tabletop_rules.checks import CheckResult, Outcome
from tabletop_rules.dice import Dice, Roll
from tabletop_rules.errors import DiceExhausted, InvalidCheck, InvalidNotation
from tabletop_rules.i18n import LOCALES

MINA = parse_sheet(EXAMPLE_SHEET)
D3 = Dice(3, 6)
ALL_3D6 = list(itertools.product(range(1, 7), repeat=3))
ROLLS = [Roll(D3, faces) for faces in ALL_3D6]
RULINGS = st.builds(
    Rulings,
    tie_hits=st.booleans(),
    specials=st.sampled_from(["all", "any_two"]),
    defender_specials=st.booleans(),
)


def test_lower_total_hits() -> None:
    """BAY-12, BAY-21: both sides roll 3d6 + 体力's modifier and the lower total hits."""
    check = HitCheck(attack=[Term("a", -2)], defense=[Term("d", 0)])
    assert check.resolve(ScriptedDice([3, 4, 2, 5, 5, 1])).outcome is Outcome.SUCCESS
    assert check.resolve(ScriptedDice([5, 5, 5, 3, 4, 2])).outcome is Outcome.FAILURE


def test_a_tie_misses_unless_ruled_otherwise() -> None:
    """BAY-21, BAY-24, BAY-27: equal totals miss by default; Rulings(tie_hits=True) hits."""
    faces = [3, 4, 2, 4, 3, 2]
    assert not HitCheck().resolve(ScriptedDice(faces)).success
    assert HitCheck(rulings=Rulings(tie_hits=True)).resolve(ScriptedDice(faces)).success


def test_each_kind_uses_its_attribute() -> None:
    """BAY-21, BAY-24, BAY-27: weapons use 体力, magic 精神力, bows and guns 敏捷性."""
    foe = MINA
    for kind, value in ((HitKind.WEAPON, -2), (HitKind.MAGIC, 0), (HitKind.RANGED, 2)):
        check = HitCheck.of(MINA, foe, kind)
        assert check.attack == (Term(kind.attribute.label, value),)
        assert check.defense == check.attack


def test_all_ones_is_a_critical_whatever_the_totals() -> None:
    """BAY-29: all dice 1 is a critical even against a lower total."""
    check = HitCheck(attack=[Term("a", 3)], defense=[Term("d", -3)])
    result = check.resolve(ScriptedDice([1, 1, 1, 1, 1, 2]))
    assert result.outcome is Outcome.CRITICAL
    assert result.success


def test_all_sixes_is_a_fumble_whatever_the_totals() -> None:
    """BAY-31: all dice 6 is an automatic miss even against a higher total."""
    check = HitCheck(attack=[Term("a", -3)], defense=[Term("d", 3)])
    result = check.resolve(ScriptedDice([6, 6, 6, 6, 6, 6]))
    assert result.outcome is Outcome.FUMBLE
    assert not result.success


def test_any_two_is_an_option() -> None:
    """BAY-29, BAY-31: 'both dice' read as any two dice is a Rulings option."""
    two = Rulings(specials="any_two")
    assert special((1, 1, 5)) is None
    assert special((1, 1, 5), two) is Outcome.CRITICAL
    assert special((6, 2, 6)) is None
    assert special((6, 2, 6), two) is Outcome.FUMBLE


@pytest.mark.parametrize("specials", ["all", "any_two"])
def test_critical_and_fumble_precedence_is_exhaustive(specials: str) -> None:
    """BAY-29, BAY-30, BAY-31: every 3d6 roll is exactly one of critical, fumble or plain."""
    rulings = Rulings(specials="all" if specials == "all" else "any_two")
    levels = {faces: special(faces, rulings) for faces in ALL_3D6}
    criticals = [f for f, v in levels.items() if v is Outcome.CRITICAL]
    fumbles = [f for f, v in levels.items() if v is Outcome.FUMBLE]
    assert not set(criticals) & set(fumbles)
    assert all(f.count(1) >= (3 if specials == "all" else 2) for f in criticals)
    assert len(criticals) == len(fumbles) == (1 if specials == "all" else 16)


@pytest.mark.parametrize("specials", ["all", "any_two"])
@pytest.mark.parametrize("defender_specials", [False, True])
def test_every_pair_of_rolls_has_exactly_one_outcome_level(
    specials: str, defender_specials: bool
) -> None:
    """BAY-21, BAY-29, BAY-30, BAY-31: over all 6^6 attacker and defender faces, a roll that
    qualifies as a critical never also qualifies as a fumble, the attacker's critical or
    fumble decides before anything else, and every other pair is a plain hit or miss."""
    needed = 3 if specials == "all" else 2
    check = HitCheck(
        rulings=Rulings(
            specials="all" if specials == "all" else "any_two",
            defender_specials=defender_specials,
        )
    )
    seen: dict[Outcome, int] = dict.fromkeys(Outcome, 0)
    for attack in ROLLS:
        critical = attack.faces.count(1) >= needed
        fumble = attack.faces.count(6) >= needed
        assert not (critical and fumble), attack.faces
        for defense in ROLLS:
            outcome = check.judge(attack, defense).outcome
            seen[outcome] += 1
            if critical:
                assert outcome is Outcome.CRITICAL
            elif fumble:
                assert outcome is Outcome.FUMBLE
            elif defender_specials and defense.faces.count(1) >= needed:
                assert outcome is Outcome.FAILURE
            else:
                hit = attack.total < defense.total
                assert outcome is (Outcome.SUCCESS if hit else Outcome.FAILURE)
    levels = 1 if specials == "all" else 16
    assert (seen[Outcome.CRITICAL], seen[Outcome.FUMBLE]) == (levels * 216, levels * 216)
    assert sum(seen.values()) == 6**6


def test_the_attackers_special_decides_first() -> None:
    """BAY-30: the attacker's critical or fumble stands whatever the defender rolls."""
    check = HitCheck(rulings=Rulings(defender_specials=True))
    assert check.resolve(ScriptedDice([1, 1, 1, 1, 1, 1])).outcome is Outcome.CRITICAL
    assert check.resolve(ScriptedDice([6, 6, 6, 1, 1, 1])).outcome is Outcome.FUMBLE


def test_a_defenders_critical_counts_only_by_option() -> None:
    """BAY-30: a defender's all-ones stops the attack only with defender_specials."""
    faces = [2, 2, 2, 1, 1, 1]
    assert HitCheck(attack=[Term("a", -5)]).resolve(ScriptedDice(faces)).success
    ruled = HitCheck(attack=[Term("a", -5)], rulings=Rulings(defender_specials=True))
    assert not ruled.resolve(ScriptedDice(faces)).success


@settings(max_examples=12)
@given(st.integers(-3, 3), st.integers(-3, 3), RULINGS, st.sampled_from(list(HitKind)))
def test_hit_probability_equals_enumeration(
    attack: int, defense: int, rulings: Rulings, kind: HitKind
) -> None:
    """BAY-21, BAY-29, BAY-31: probability() is exactly the share of the 6^6 rolls that hit."""
    check = HitCheck(
        attack=[Term("a", attack)], defense=[Term("d", defense)], kind=kind, rulings=rulings
    )
    counts = dict.fromkeys(Outcome, 0)
    for a in ROLLS:
        for d in ROLLS:
            outcome = hit_outcome(a, a.total + attack, d, d.total + defense, rulings)
            counts[outcome] += 1
    chances = check.chances()
    assert {o: Fraction(n, 6**6) for o, n in counts.items() if n} == {
        o: p for o, p in chances.items() if p
    }
    assert check.probability() == Fraction(counts[Outcome.SUCCESS] + counts[Outcome.CRITICAL], 6**6)


def test_hit_probability_through_scripted_dice() -> None:
    """BAY-21: resolving every face combination through ScriptedDice matches the odds."""
    check = HitCheck(attack=[Term("a", 1)], defense=[Term("d", -1)])
    hits = sum(check.resolve(ScriptedDice([*a, *d])).success for a in ALL_3D6 for d in ALL_3D6)
    assert Fraction(hits, 6**6) == check.probability()


def test_weapon_damage_is_die_plus_bonus_minus_defense() -> None:
    """BAY-22: the weapon die + 体力's bonus − 防御力; never below 0."""
    roll = DamageRoll(dice=Dice(1, 6), bonus=2, reduction=3, six_is_one=True)
    assert [roll.damage(Roll(Dice(1, 6), (f,))) for f in range(1, 6)] == [0, 1, 2, 3, 4]


def test_a_six_deals_exactly_one() -> None:
    """BAY-23, BAY-26: a weapon or spell damage die showing 6 deals exactly 1."""
    roll = DamageRoll(dice=Dice(1, 6), bonus=3, six_is_one=True)
    assert roll.resolve(ScriptedDice([6])) == (Roll(Dice(1, 6), (6,)), 1)


def test_ranged_six_is_not_one_by_default() -> None:
    """BAY-28: a ranged damage die + 敏捷性's bonus − 防御力; a 6 counts as 6."""
    roll = DamageRoll(dice=Dice(1, 6), bonus=1, reduction=1)
    assert roll.resolve(ScriptedDice([6]))[1] == 6


def test_magic_damage_subtracts_magic_defense() -> None:
    """BAY-25: the spell die + 精神力's bonus − 魔法防御力 (火炎 1d6)."""
    roll = DamageRoll(dice=Dice(1, 6), bonus=-1, reduction=1, six_is_one=True)
    assert roll.resolve(ScriptedDice([5]))[1] == 3


@given(
    st.integers(1, 3),
    st.sampled_from([3, 4, 6, 8]),
    st.integers(-3, 3),
    st.integers(0, 4),
    st.booleans(),
)
def test_damage_distribution_equals_enumeration(
    count: int, sides: int, bonus: int, reduction: int, six: bool
) -> None:
    """BAY-22, BAY-23, BAY-25, BAY-26, BAY-28: the damage odds are exact."""
    roll = DamageRoll(dice=Dice(count, sides), bonus=bonus, reduction=reduction, six_is_one=six)
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        value = roll.damage(Roll(Dice(count, sides), faces))
        counts[value] = counts.get(value, 0) + 1
    assert dict(roll.distribution().items()) == counts


def test_damage_dice_are_limited() -> None:
    """BAY-22: a damage roll needs 1 to 10 dice; more is refused before rolling."""
    with pytest.raises(InvalidCheck):
        DamageRoll(dice=Dice(11, 6))


def test_the_texts_action_check_example() -> None:
    """BAY-34, BAY-37, BAY-39: 頑固 3 + 外科手術 13 − 8 = 8; a 2d6 of 6 succeeds; P = 13/18."""
    check = ActionCheck.of(MINA, "外科手術", 8)
    assert check.target == 8
    assert check.probability() == Fraction(13, 18)
    assert check.resolve(ScriptedDice([1, 5])).outcome is Outcome.SUCCESS


def test_rolling_the_target_succeeds() -> None:
    """BAY-35, BAY-36, BAY-39: at or under the target succeeds; 8 on a target of 8 succeeds."""
    check = ActionCheck.of(MINA, "外科手術", 8)
    assert check.resolve(ScriptedDice([4, 4])).success
    assert not check.resolve(ScriptedDice([4, 5])).success


def test_skills_are_not_split() -> None:
    """BAY-38: 技能分割 has no effect: the whole skill value counts."""
    assert ActionCheck.of(MINA, "外科手術", 0).target == 3 + 13


@given(st.integers(-5, 20), st.integers(-5, 20), st.integers(-5, 20))
def test_action_probability_equals_enumeration(feature: int, skill: int, difficulty: int) -> None:
    """BAY-35, BAY-37: probability() is the share of the 36 rolls at or under the target."""
    check = ActionCheck(feature=Term("f", feature), skill=Term("s", skill), difficulty=difficulty)
    wins = sum(
        check.resolve(ScriptedDice(list(faces))).success
        for faces in itertools.product(range(1, 7), repeat=2)
    )
    assert Fraction(wins, 36) == check.probability()


PAIRS = list(itertools.product(range(1, 7), repeat=2))


@given(st.integers(-3, 5), st.integers(-3, 5))
def test_initiative_probability_equals_enumeration(mine: int, theirs: int) -> None:
    """BAY-18: lower 1d6 + modifier goes first, ties roll again; odds match two rounds' faces.

    Every first round and, after a tie, every second round is resolved through scripted dice:
    the share won within two rounds is P × (1 − t²), t the chance of a tie.
    """
    check = InitiativeCheck(mine=[Term("m", mine)], theirs=[Term("t", theirs)])
    won = 0
    ties = 0
    for first in PAIRS:
        if first[0] + mine != first[1] + theirs:
            won += 36 * check.resolve(ScriptedDice(list(first))).success
            continue
        ties += 1
        for second in PAIRS:
            if second[0] + mine != second[1] + theirs:
                won += check.resolve(ScriptedDice([*first, *second])).success
    tie = Fraction(ties, 36)
    assert Fraction(won, 36 * 36) == check.probability() * (1 - tie * tie)


def test_initiative_tie_rolls_again() -> None:
    """BAY-18: a tie is rolled again; the result keeps the tied round and its dice."""
    dice = ScriptedDice([4, 4, 6, 6, 2, 5])
    result = InitiativeCheck().resolve(dice)
    assert isinstance(result, InitiativeResult)
    assert [(tie.rolls[0].faces, tie.against.value) for tie in result.ties] == [
        ((4,), 4),
        ((6,), 6),
    ]
    assert all(tie.label == "bayside23.check.initiative_tied" for tie in result.ties)
    assert (result.rolls[0].faces, result.against.value, result.success) == ((2,), 5, True)
    assert result.label == "bayside23.check.initiative"
    assert dice.remaining == ()


def test_initiative_second_after_a_tie() -> None:
    """BAY-18: the higher total after the re-roll acts second (the check fails)."""
    result = InitiativeCheck(mine=[Term("m", 1)]).resolve(ScriptedDice([2, 3, 5, 1]))
    assert (len(result.ties), result.total, result.against.value, result.success) == (
        1,
        6,
        1,
        False,
    )


def test_initiative_explains_every_round() -> None:
    """BAY-18: each tied round, then the deciding one, explained in every shipped locale."""
    result = InitiativeCheck(
        mine=[Term("bayside23.term.modifier", 1)], theirs=[Term("bayside23.term.modifier", -1)]
    ).resolve(ScriptedDice([2, 4, 1, 6]))
    assert result.explain("ja") == (
        "先攻判定（同値：振り直し）：3（1D6[2] +1 修正） = 3（1D6[4] -1 修正）\n"
        "先攻判定：1D6[1] +1 修正 = 2 < 5（1D6[6] -1 修正） 成功"
    )
    assert result.explain("en") == (
        "Initiative (tied: roll again): 3 (1D6[2] +1 modifier) = 3 (1D6[4] -1 modifier)\n"
        "Initiative: 1D6[1] +1 modifier = 2 < 5 (1D6[6] -1 modifier) Success"
    )
    assert result.explain("zh-Hant") == (
        "先攻判定（同值：重擲）：3（1D6[2] +1 修正） = 3（1D6[4] -1 修正）\n"
        "先攻判定：1D6[1] +1 修正 = 2 < 5（1D6[6] -1 修正） 成功"
    )


def test_initiative_out_of_dice_draws_nothing() -> None:
    """BAY-18: scripted dice that run out during the re-rolls raise and are left as they were."""
    dice = ScriptedDice([3, 3, 5, 5])
    with pytest.raises(DiceExhausted):
        InitiativeCheck().resolve(dice)
    assert dice.remaining == (3, 3, 5, 5)


def test_initiative_result_json_round_trip() -> None:
    """BAY-18: an initiative result with its tied rounds goes to JSON and back."""
    result = InitiativeCheck(mine=[Term("m", 2)]).resolve(ScriptedDice([1, 3, 4, 2]))
    assert len(result.ties) == 1
    assert from_json(to_json(result), InitiativeResult) == result


def test_chat_commands() -> None:
    """BAY-21, BAY-29, BAY-34, BAY-18: the chat commands read into the system's checks."""
    hit = notation.parse("BAYHIT-2<+0", system="bayside23")
    assert hit == HitCheck(
        attack=[Term("bayside23.term.modifier", -2)], defense=[Term("bayside23.term.modifier", 0)]
    )
    action = notation.parse("ＢＡＹ２Ｄ６<=3+13-8", system="bayside23")
    assert isinstance(action, ActionCheck)
    assert action.target == 8
    assert action.probability() == Fraction(13, 18)
    initiative = notation.parse("bayinit+1<-1", system="bayside23")
    assert isinstance(initiative, InitiativeCheck)
    rerolled = initiative.resolve(ScriptedDice([2, 4, 1, 6]))
    assert (len(rerolled.ties), rerolled.success) == (1, True)
    result = hit.resolve(ScriptedDice([1, 1, 1, 3, 3, 3])) if hit else None
    assert isinstance(result, CheckResult)
    assert result.outcome is Outcome.CRITICAL
    assert "クリティカル" in result.explain("ja")
    assert "Critical" in result.explain("en")
    assert "大成功" in result.explain("zh-Hant")


@pytest.mark.parametrize("sign", ["<=", "≤", "≦", "＜＝"])
def test_action_chat_takes_every_at_most_sign(sign: str) -> None:
    """BAY-35: the action command reads "at most" as the common dice language does (≦ too)."""
    check = notation.parse(f"BAY2D6{sign}3+13-8", system="bayside23")
    assert isinstance(check, ActionCheck)
    assert check.target == 8


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("BAYHIT+2", 8),
        ("BAY2D6<=3", 9),
        ("BAYINIT<x", 8),
        ("BAY2D6<=3+13-8 +1", 15),
        ("BAY2D6<=3+13-8-1", 14),
        ("BAY2D6<=3+13-x", 13),
    ],
)
def test_malformed_chat_commands(text: str, position: int) -> None:
    """BAY-21, BAY-34: a malformed command says where it stops reading, after the difficulty too."""
    with pytest.raises(InvalidNotation) as caught:
        notation.parse(text, system="bayside23")
    assert caught.value.params["position"] == position


@given(RULINGS)
def test_check_json_round_trip(rulings: Rulings) -> None:
    """BAY-21: checks and results go to JSON and back."""
    check = HitCheck(attack=[Term("a", 1)], rulings=rulings)
    assert from_json(to_json(check), HitCheck) == check
    result = check.resolve(ScriptedDice([1, 2, 3, 4, 5, 6]))
    assert from_json(to_json(result), CheckResult) == result


@pytest.mark.needs("a subprocess")
def test_chat_commands_load_the_notation_only_when_asked() -> None:
    """BAY-21, BAY-34: importing bayside23 loads no notation; CHAT_COMMANDS does, on demand."""
    import json
    import subprocess
    import sys

    code = (
        "import sys, json, tabletop_rules.bayside23 as b; "
        "before = [m for m in sys.modules if m.startswith('tabletop_rules.notation')]; "
        "b.CHAT_COMMANDS; "
        "print(json.dumps([before, 'tabletop_rules.notation' in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [[], True]


@pytest.mark.parametrize("specials", ["all", "any_two"])
def test_outcome_precedence_over_every_pair_of_rolls(specials: str) -> None:
    """BAY-29, BAY-30, BAY-31: over all 6^6 attack and defense rolls, with the defender's
    specials counted, the attacker's critical or fumble always decides, and each pair has
    exactly one outcome."""
    rulings = Rulings(specials="all" if specials == "all" else "any_two", defender_specials=True)
    for a in ROLLS:
        mine = special(a.faces, rulings)
        for d in ROLLS:
            outcome = hit_outcome(a, a.total, d, d.total, rulings)
            if mine is not None:
                assert outcome is mine
            elif special(d.faces, rulings) is Outcome.CRITICAL:
                assert outcome is Outcome.FAILURE
            else:
                assert outcome is (Outcome.SUCCESS if a.total < d.total else Outcome.FAILURE)


_CHAT_ACTION = "BAY2D6<=3+13-8"
_ACTION_EXPLAINED = {
    "en": "Action check: 2D6[6,2] = 8 ≤ 8 (feature 3 + skill 13 − 8) Success",
    "ja": "行動判定：2D6[6,2] = 8 ≤ 8（特徴 3 + 技能 13 − 8） 成功",
    "zh-Hant": "行動判定：2D6[6,2] = 8 ≤ 8（特徵 3 + 技能 13 − 8） 成功",
}


@pytest.mark.parametrize("locale", sorted(_ACTION_EXPLAINED))
def test_chat_action_check_names_its_terms_in_the_readers_locale(locale: str) -> None:
    """BAY-34, BAY-39: BAY2D6's unnamed feature and skill are the library's words, translated."""
    check = notation.parse(_CHAT_ACTION, system="bayside23")
    assert isinstance(check, ActionCheck)
    result = check.resolve(ScriptedDice([6, 2]))
    assert result.explain(locale) == _ACTION_EXPLAINED[locale]


@pytest.mark.parametrize("locale", ["en", "zh-Hant"])
def test_action_check_without_a_skill_translates_the_skill_word(locale: str) -> None:
    """BAY-34: a sheet's check with no skill shows the sheet's feature, and "skill" translated."""
    text = ActionCheck.of(MINA, None, 2).resolve(ScriptedDice([1, 1])).explain(locale)
    assert "頑固 3" in text  # the sheet's own name, as written
    assert "特徴" not in text
    assert "技能 0" in text if locale == "zh-Hant" else "skill 0" in text


def test_sheet_action_check_keeps_the_names_as_written() -> None:
    """BAY-39: a feature or skill named on the sheet is data: shown as written in every locale."""
    result = ActionCheck.of(MINA, "外科手術", 8).resolve(ScriptedDice([2, 4]))
    assert result.explain("en") == (
        "Action check: 2D6[2,4] = 6 ≤ 8 (頑固 3 + 外科手術 13 − 8) Success"
    )
    assert result.explain("ja") == "行動判定：2D6[2,4] = 6 ≤ 8（頑固 3 + 外科手術 13 − 8） 成功"


@pytest.mark.parametrize("text", [_CHAT_ACTION, "BAY2D6<=3+13"])
def test_action_check_result_json_round_trip(text: str) -> None:
    """BAY-34: an action check's result, its target's parts included, goes to JSON and back."""
    check = notation.parse(text, system="bayside23")
    assert isinstance(check, ActionCheck)
    result = check.resolve(ScriptedDice([6, 2]))
    back = from_json(to_json(result), CheckResult)
    assert back == result
    for locale in LOCALES:
        assert back.explain(locale) == result.explain(locale)
