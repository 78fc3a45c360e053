"""The 27 skills of the m20 text: their data, their picks, and how they change checks."""

from __future__ import annotations

import pytest

from tabletop_rules import InvalidData, Term, from_json, to_json
from tabletop_rules.i18n import translate
from tabletop_rules.m20 import (
    AttackCheck,
    AttackKind,
    Attributes,
    Character,
    Skill,
    SkillPick,
    Specialty,
    SpecialtyCheck,
    Stance,
    Tendency,
    attack_terms,
    defense_terms,
    specialty_terms,
)

#: The skills in the order of the text's table, by the text's names.
TEXT_ORDER = [
    *("防禦強化", "防禦特化", "危機閃避", "分神援護", "強化分神援護", "廣域防禦", "強化廣域防禦"),
    *("治療", "冷卻", "攻擊強化", "攻擊特化", "必殺一擊", "雙重攻擊", "強化雙重攻擊", "範圍攻擊"),
    *("強化範圍攻擊", "傷害增幅", "狂暴", "隱匿大師", "暗殺", "召喚師", "強化召喚物耐久"),
    *("強化召喚物能力", "專精協助", "專精妨害", "頑強不屈", "專精特長"),
]

STATS = Attributes(physical_attack=3, special_attack=1, physical_defense=2, special_defense=4)


def hero(*skills: Skill, names: dict[Skill, str] | None = None) -> Character:
    names = names or {}
    return Character(
        name="測試",
        attributes=STATS,
        tendency=Tendency.PHYSIQUE,
        bonus_specialty=Specialty.CUNNING,
        picks=tuple(
            SkillPick(
                skill=s,
                display_name=names.get(s),
                situations=("奔跑", "調查線索") if s is Skill.EXPERTISE else (),
            )
            for s in skills
        ),
    )


# -- the skill set ---------------------------------------------------------------------------


def test_the_text_has_27_skills() -> None:
    """M20-021: the built-in set is the text's 27 skills, in the text's order."""
    assert [s.text_name for s in Skill] == TEXT_ORDER


def test_the_zh_hant_labels_are_the_texts_names() -> None:
    """M20-020: each skill's zh-Hant label is the name the text gives it."""
    assert [translate(s.label, "zh-Hant") for s in Skill] == TEXT_ORDER


def test_repeat_limits() -> None:
    """M20-019, M20-071, M20-093, M20-111, M20-138: 3 for the boosts, none for 專精特長, else 1."""
    limits = {s: s.repeat_limit for s in Skill}
    threes = {Skill.DEFENSE_BOOST, Skill.ATTACK_BOOST, Skill.DAMAGE_BOOST}
    expected = {s: 3 if s in threes else 1 for s in Skill} | {Skill.EXPERTISE: None}
    assert limits == expected


def test_prerequisites() -> None:
    """M20-080, M20-085, M20-102, M20-107, M20-125, M20-128: the upgrades need their base."""
    needs = {s: s.prerequisites for s in Skill if s.prerequisites}
    assert needs == {
        Skill.IMPROVED_SPLIT_FOCUS: frozenset({Skill.SPLIT_FOCUS}),
        Skill.IMPROVED_WIDE_GUARD: frozenset({Skill.WIDE_GUARD}),
        Skill.IMPROVED_DOUBLE_ATTACK: frozenset({Skill.DOUBLE_ATTACK}),
        Skill.IMPROVED_AREA_ATTACK: frozenset({Skill.AREA_ATTACK}),
        Skill.SUMMON_ENDURANCE: frozenset({Skill.SUMMONER}),
        Skill.SUMMON_PROWESS: frozenset({Skill.SUMMONER}),
    }


def test_a_renamed_pick_is_labelled_by_its_name() -> None:
    """M20-020: a pick carries the player's name for the skill, and the skill it is."""
    pick = SkillPick(skill=Skill.DOUBLE_ATTACK, display_name="蒼嵐劍勢")
    assert (pick.label, pick.skill.text_name) == ("蒼嵐劍勢", "雙重攻擊")


def test_a_pick_without_a_name_is_labelled_by_the_skill() -> None:
    """M20-020: without a display name, a term shows the skill's name in the locale."""
    label = SkillPick(skill=Skill.ATTACK_BOOST).label
    assert [translate(label, loc) for loc in ("zh-Hant", "en", "ja")] == [
        "攻擊強化",
        "Attack Boost",
        "攻撃強化",
    ]


def test_a_pick_round_trips_through_json() -> None:
    """M20-136: the two situations survive JSON."""
    pick = SkillPick(skill=Skill.EXPERTISE, display_name="半狼", situations=("調查線索", "奔跑"))
    assert from_json(to_json(pick), SkillPick) == pick


def test_a_pick_without_a_display_name_round_trips_through_json() -> None:
    """M20-020: ``display_name=None`` survives JSON."""
    pick = SkillPick(skill=Skill.HEALING)
    assert from_json(to_json(pick), SkillPick) == pick


def test_situations_are_not_one_string() -> None:
    """M20-136: a string is not taken for its characters as situations (InvalidData)."""
    with pytest.raises(InvalidData) as raised:
        SkillPick(skill=Skill.EXPERTISE, situations="奔跑")
    assert "$.situations" == raised.value.path


def test_gm_made_skills_are_extra_terms() -> None:
    """M20-021: a skill the GM adds for a scenario is an extra term on the check."""
    terms = specialty_terms(hero(), Specialty.PHYSIQUE, extra=[Term("龍之血", 2)])
    assert terms[-1] == Term("龍之血", 2)


# -- skills that change checks by themselves -----------------------------------------------------


def test_attack_boost_adds_one_to_attacks() -> None:
    """M20-092: 攻擊強化 gives +1 to attack checks."""
    assert attack_terms(hero(Skill.ATTACK_BOOST)) == (
        Term("m20.attribute.physical_attack", 3),
        Term("m20.skill.attack_boost", 1),
    )


def test_attack_boost_adds_one_per_pick() -> None:
    """M20-093: three picks of 攻擊強化 give +3, in one term."""
    terms = attack_terms(hero(Skill.ATTACK_BOOST, Skill.ATTACK_BOOST, Skill.ATTACK_BOOST))
    assert terms[1:] == (Term("m20.skill.attack_boost", 3),)


def test_boosts_with_display_names_are_named() -> None:
    """M20-020, M20-092: a renamed 攻擊強化 shows by its display name."""
    terms = attack_terms(hero(Skill.ATTACK_BOOST, names={Skill.ATTACK_BOOST: "蒼空/夜魂"}))
    assert terms[1:] == (Term("蒼空/夜魂", 1),)


def test_attack_boost_does_not_touch_defense_or_specialty_checks() -> None:
    """M20-092: the +1 is for attack checks only."""
    boosted = hero(Skill.ATTACK_BOOST)
    assert (len(defense_terms(boosted)), len(specialty_terms(boosted, Specialty.PHYSIQUE))) == (
        1,
        2,
    )


def test_attack_specialization_adds_three() -> None:
    """M20-095: 攻擊特化 gives +3 to attack checks."""
    assert attack_terms(hero(Skill.ATTACK_SPECIALIZATION))[1:] == (
        Term("m20.skill.attack_specialization", 3),
    )


def test_attack_specialization_replaces_attack_boost() -> None:
    """M20-094, M20-097: with both, the attack gets +3, not +3+n."""
    terms = attack_terms(hero(Skill.ATTACK_SPECIALIZATION, Skill.ATTACK_BOOST, Skill.ATTACK_BOOST))
    assert terms[1:] == (Term("m20.skill.attack_specialization", 3),)


def test_attack_specialization_costs_defense_two() -> None:
    """M20-096: 攻擊特化 gives −2 to defense checks (物防 or 特防)."""
    terms = defense_terms(hero(Skill.ATTACK_SPECIALIZATION), AttackKind.SPECIAL)
    assert terms == (
        Term("m20.attribute.special_defense", 4),
        Term("m20.skill.attack_specialization", -2),
    )


def test_attack_specialization_costs_reacting_specialty_checks_two() -> None:
    """M20-096: a reacting specialty check uses 物防 or 特防, so it takes −2."""
    terms = specialty_terms(
        hero(Skill.ATTACK_SPECIALIZATION), Specialty.PHYSIQUE, stance=Stance.REACTING
    )
    assert terms[-1] == Term("m20.skill.attack_specialization", -2)


def test_attack_specialization_leaves_acting_specialty_checks() -> None:
    """M20-096: an acting specialty check uses 物攻 or 特攻: no −2."""
    terms = specialty_terms(hero(Skill.ATTACK_SPECIALIZATION), Specialty.PHYSIQUE)
    assert terms == (
        Term("m20.specialty.physique", 3),
        Term("m20.attribute.physical_attack", 3),
    )


def test_defense_boost_adds_one_per_pick() -> None:
    """M20-070, M20-071: 防禦強化 gives +1 a pick to defense checks."""
    terms = defense_terms(hero(Skill.DEFENSE_BOOST, Skill.DEFENSE_BOOST))
    assert terms[1:] == (Term("m20.skill.defense_boost", 2),)


def test_defense_specialization_adds_three() -> None:
    """M20-073: 防禦特化 gives +3 to defense checks."""
    assert defense_terms(hero(Skill.DEFENSE_SPECIALIZATION))[1:] == (
        Term("m20.skill.defense_specialization", 3),
    )


def test_defense_specialization_replaces_defense_boost() -> None:
    """M20-072, M20-075: with both, the defense gets +3, not +3+n."""
    terms = defense_terms(hero(Skill.DEFENSE_BOOST, Skill.DEFENSE_SPECIALIZATION))
    assert terms[1:] == (Term("m20.skill.defense_specialization", 3),)


def test_defense_specialization_costs_attacks_two() -> None:
    """M20-074: 防禦特化 gives −2 to attack checks (物攻 or 特攻)."""
    assert attack_terms(hero(Skill.DEFENSE_SPECIALIZATION))[1:] == (
        Term("m20.skill.defense_specialization", -2),
    )


def test_defense_specialization_costs_acting_specialty_checks_two() -> None:
    """M20-074: an acting specialty check uses 物攻 or 特攻, so it takes −2."""
    terms = specialty_terms(hero(Skill.DEFENSE_SPECIALIZATION), Specialty.KNOWLEDGE)
    assert terms[-1] == Term("m20.skill.defense_specialization", -2)


def test_both_specializations_apply_on_both_sides() -> None:
    """M20-073, M20-074, M20-095, M20-096: +3 −2 on attacks and on defenses."""
    both = hero(Skill.ATTACK_SPECIALIZATION, Skill.DEFENSE_SPECIALIZATION)
    check = AttackCheck.between(both, both)
    assert ([t.value for t in check.attack], [t.value for t in check.defense]) == (
        [3, 3, -2],
        [2, 3, -2],
    )


def test_expertise_adds_five_in_its_situation() -> None:
    """M20-137: 專精特長 adds +5 when the check's situation is one of its two."""
    check = SpecialtyCheck.of(hero(Skill.EXPERTISE), Specialty.CUNNING, 12, situation="調查線索")
    assert check.terms[-1] == Term("m20.skill.expertise", 5)


def test_expertise_adds_nothing_elsewhere() -> None:
    """M20-137: in another situation, or none, 專精特長 adds nothing."""
    expert = hero(Skill.EXPERTISE)
    assert (
        len(specialty_terms(expert, Specialty.CUNNING, situation="游泳")),
        len(specialty_terms(expert, Specialty.CUNNING)),
    ) == (2, 2)


def test_expertise_situations_match_in_any_width_and_case() -> None:
    """M20-137: 「ｒｕｎ」 matches the situation "Run"."""
    expert = Character(
        name="x",
        attributes=STATS,
        tendency=Tendency.ALL_ROUND,
        bonus_specialty=Specialty.PHYSIQUE,
        picks=[SkillPick(skill=Skill.EXPERTISE, situations=("Run", "Climb"))],
    )
    assert specialty_terms(expert, Specialty.PHYSIQUE, situation="ｒｕｎ")[-1].value == 5


@pytest.mark.parametrize("skill", list(Skill), ids=lambda skill: skill.value)
def test_every_skill_round_trips_through_json(skill: Skill) -> None:
    """M20-021: a skill is stored by its English identifier."""
    assert (to_json(skill), from_json(to_json(skill), Skill)) == (f'"{skill.value}"', skill)
