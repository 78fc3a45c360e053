"""m20 characters: attributes, specialties, tendencies, HP and every creation rule."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given

from tabletop_rules import InvalidCharacter, InvalidData, from_json, to_json
from tabletop_rules.i18n import Label
from tabletop_rules.m20 import (
    Attribute,
    Attributes,
    Character,
    Skill,
    SkillPick,
    Specialty,
    Tendency,
)
from tabletop_rules.m20.strategies import characters

BALANCED = Attributes(physical_attack=3, special_attack=3, physical_defense=2, special_defense=2)


def build(
    *,
    attributes: Attributes = BALANCED,
    tendency: Tendency = Tendency.PHYSIQUE,
    bonus: Specialty = Specialty.CUNNING,
    picks: Iterable[SkillPick] = (),
    name: str = "楊望蒼",
    description: str = "",
) -> Character:
    return Character(
        name=name,
        description=description,
        attributes=attributes,
        tendency=tendency,
        bonus_specialty=bonus,
        picks=tuple(picks),
    )


def picks(*skills: Skill) -> tuple[SkillPick, ...]:
    return tuple(
        SkillPick(skill=s, situations=("奔跑", "調查線索") if s is Skill.EXPERTISE else ())
        for s in skills
    )


def problem_keys(error: InvalidCharacter) -> list[str]:
    return [key for key, _ in error.problem_keys]


def attributes(a: int, b: int, c: int, d: int) -> Attributes:
    return Attributes(physical_attack=a, special_attack=b, physical_defense=c, special_defense=d)


# -- what a character is made of ---------------------------------------------------------


def test_a_character_holds_hp_attributes_specialties_tendency_and_skills() -> None:
    """M20-001: a character is made of HP, attributes, specialties, a tendency and skills."""
    hero = build(picks=picks(Skill.HEALING))
    assert (hero.max_hp, hero.attributes, hero.tendency, hero.picks) == (
        6,
        BALANCED,
        Tendency.PHYSIQUE,
        picks(Skill.HEALING),
    )


def test_there_are_four_attributes() -> None:
    """M20-004: the attributes are 物攻, 特攻, 物防, 特防."""
    assert [a.text_name for a in Attribute] == ["物攻", "特攻", "物防", "特防"]


def test_attribute_values_are_read_by_attribute() -> None:
    """M20-007: the points given are the attribute's value."""
    stats = attributes(4, 3, 2, 1)
    assert [stats[a] for a in Attribute] == [4, 3, 2, 1]


def test_there_are_four_specialties() -> None:
    """M20-008: the specialties are 身理, 詭計, 知識, 交涉."""
    assert [s.text_name for s in Specialty] == ["身理", "詭計", "知識", "交涉"]


def test_there_are_five_tendencies() -> None:
    """M20-012: a character picks one of five tendencies."""
    assert [t.text_name for t in Tendency] == ["身體型", "詭計型", "知識型", "交涉型", "萬能型"]


@pytest.mark.parametrize(
    ("tendency", "specialty"),
    [
        (Tendency.PHYSIQUE, Specialty.PHYSIQUE),
        (Tendency.CUNNING, Specialty.CUNNING),
        (Tendency.KNOWLEDGE, Specialty.KNOWLEDGE),
        (Tendency.NEGOTIATION, Specialty.NEGOTIATION),
    ],
)
def test_a_focused_tendency_gives_its_specialty_three(
    tendency: Tendency, specialty: Specialty
) -> None:
    """M20-013, M20-014, M20-015, M20-016: each focused tendency gives its specialty +3."""
    bonuses = {s: tendency.bonus(s) for s in Specialty}
    assert bonuses == {s: 3 if s is specialty else 0 for s in Specialty}


def test_all_round_gives_every_specialty_one() -> None:
    """M20-017: 萬能型 gives +1 to every specialty."""
    assert [Tendency.ALL_ROUND.bonus(s) for s in Specialty] == [1, 1, 1, 1]


def test_the_bonus_specialty_adds_one() -> None:
    """M20-010: one chosen specialty gets a further +1."""
    hero = build(tendency=Tendency.PHYSIQUE, bonus=Specialty.CUNNING)
    assert [hero.specialty_bonus(s) for s in Specialty] == [3, 1, 0, 0]


def test_the_bonus_specialty_may_be_the_tendencys_own() -> None:
    """M20-010, M20-013: 身體型 with the +1 on 身理 gives 身理 +4."""
    hero = build(tendency=Tendency.PHYSIQUE, bonus=Specialty.PHYSIQUE)
    assert [hero.specialty_bonus(s) for s in Specialty] == [4, 0, 0, 0]


def test_all_round_with_a_bonus_specialty() -> None:
    """M20-010, M20-017: 萬能型 with the +1 on 交涉 gives +1 +1 +1 +2."""
    hero = build(tendency=Tendency.ALL_ROUND, bonus=Specialty.NEGOTIATION)
    assert [hero.specialty_bonus(s) for s in Specialty] == [1, 1, 1, 2]


# -- HP ----------------------------------------------------------------------------------


def test_four_picks_leave_base_hp() -> None:
    """M20-002: base HP is 3 (with all four skill slots used)."""
    hero = build(picks=picks(Skill.HEALING, Skill.FRENZY, Skill.COOL_DOWN, Skill.SUMMONER))
    assert hero.max_hp == 3


def test_every_skill_given_up_adds_one_hp() -> None:
    """M20-003: each skill given up raises HP by 1."""
    assert [build(picks=picks(*[Skill.EXPERTISE] * n)).max_hp for n in range(5)] == [
        7,
        6,
        5,
        4,
        3,
    ]


def test_a_repeat_fills_a_slot() -> None:
    """M20-003, M20-018: every pick, a repeat included, fills one slot."""
    hero = build(picks=picks(Skill.ATTACK_BOOST, Skill.ATTACK_BOOST))
    assert hero.max_hp == 5


# -- every creation rule, broken -----------------------------------------------------------


def test_attributes_must_add_up_to_ten() -> None:
    """M20-005: 9 points is a problem naming the total."""
    with pytest.raises(InvalidCharacter) as caught:
        build(attributes=attributes(3, 2, 2, 2))
    assert caught.value.problem_keys == (
        ("m20.problem.attribute_total", {"total": 9, "points": 10}),
    )


def test_attributes_may_not_go_over_ten() -> None:
    """M20-005: 11 points is a problem too."""
    with pytest.raises(InvalidCharacter) as caught:
        build(attributes=attributes(4, 3, 2, 2))
    assert problem_keys(caught.value) == ["m20.problem.attribute_total"]


def test_an_attribute_over_four_is_a_problem() -> None:
    """M20-006: 物攻 5 is a problem naming 物攻 and its value."""
    with pytest.raises(InvalidCharacter) as caught:
        build(attributes=attributes(5, 3, 2, 0))
    assert caught.value.problem_keys == (
        (
            "m20.problem.attribute_range",
            {"attribute": Label("m20.attribute.physical_attack"), "value": 5, "most": 4},
        ),
    )


def test_a_negative_attribute_is_a_problem() -> None:
    """M20-006: each attribute is 0–4, so −1 is a problem."""
    with pytest.raises(InvalidCharacter) as caught:
        build(attributes=attributes(4, 4, 3, -1))
    assert caught.value.problem_keys == (
        (
            "m20.problem.attribute_range",
            {"attribute": Label("m20.attribute.special_defense"), "value": -1, "most": 4},
        ),
    )


def test_more_than_four_picks_is_a_problem() -> None:
    """M20-018: five picks is a problem naming the count."""
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=picks(*[Skill.EXPERTISE] * 5))
    assert caught.value.problem_keys == (("m20.problem.too_many_picks", {"count": 5, "most": 4}),)


def test_a_skill_may_be_picked_once() -> None:
    """M20-019: 治療 twice is a problem naming the skill and its limit."""
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=picks(Skill.HEALING, Skill.HEALING))
    assert caught.value.problem_keys == (
        ("m20.problem.repeat_limit", {"skill": Label("m20.skill.healing"), "limit": 1, "count": 2}),
    )


@pytest.mark.parametrize("skill", [Skill.DEFENSE_BOOST, Skill.ATTACK_BOOST, Skill.DAMAGE_BOOST])
def test_three_picks_of_a_boost_are_allowed(skill: Skill) -> None:
    """M20-071, M20-093, M20-111: 防禦強化, 攻擊強化, 傷害增幅 may be picked three times."""
    assert build(picks=picks(skill, skill, skill)).count(skill) == 3


@pytest.mark.parametrize("skill", [Skill.DEFENSE_BOOST, Skill.ATTACK_BOOST, Skill.DAMAGE_BOOST])
def test_a_fourth_pick_of_a_boost_is_a_problem(skill: Skill) -> None:
    """M20-071, M20-093, M20-111: a fourth pick goes beyond the limit of three."""
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=picks(skill, skill, skill, skill))
    assert caught.value.problem_keys == (
        ("m20.problem.repeat_limit", {"skill": Label(skill.label), "limit": 3, "count": 4}),
    )


def test_expertise_may_be_picked_any_number_of_times() -> None:
    """M20-138: 專精特長 four times is allowed; each pick fills a slot."""
    hero = build(picks=picks(*[Skill.EXPERTISE] * 4))
    assert (hero.count(Skill.EXPERTISE), hero.max_hp) == (4, 3)


@pytest.mark.parametrize(
    ("skill", "needed"),
    [
        (Skill.IMPROVED_SPLIT_FOCUS, Skill.SPLIT_FOCUS),
        (Skill.IMPROVED_WIDE_GUARD, Skill.WIDE_GUARD),
        (Skill.IMPROVED_DOUBLE_ATTACK, Skill.DOUBLE_ATTACK),
        (Skill.IMPROVED_AREA_ATTACK, Skill.AREA_ATTACK),
        (Skill.SUMMON_ENDURANCE, Skill.SUMMONER),
        (Skill.SUMMON_PROWESS, Skill.SUMMONER),
    ],
)
def test_a_missing_prerequisite_is_a_problem(skill: Skill, needed: Skill) -> None:
    """M20-080, M20-085, M20-102, M20-107, M20-125, M20-128: an upgrade needs its base skill."""
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=picks(skill))
    assert caught.value.problem_keys == (
        (
            "m20.problem.missing_prerequisite",
            {"skill": Label(skill.label), "prerequisite": Label(needed.label)},
        ),
    )


def test_a_prerequisite_may_come_after_the_skill() -> None:
    """M20-102: the order of the picks does not matter, only that the base skill is there."""
    hero = build(picks=picks(Skill.IMPROVED_DOUBLE_ATTACK, Skill.DOUBLE_ATTACK))
    assert hero.has(Skill.IMPROVED_DOUBLE_ATTACK)


def test_both_summon_upgrades_need_only_the_summoner() -> None:
    """M20-125, M20-128: 召喚師 and both upgrades make a valid character."""
    hero = build(picks=picks(Skill.SUMMONER, Skill.SUMMON_ENDURANCE, Skill.SUMMON_PROWESS))
    assert hero.max_hp == 4


@pytest.mark.parametrize("situations", [(), ("奔跑",), ("奔跑", "游泳", "攀爬")])
def test_expertise_needs_exactly_two_situations(situations: tuple[str, ...]) -> None:
    """M20-136: a 專精特長 naming 0, 1 or 3 situations is a problem naming the pick."""
    pick = SkillPick(skill=Skill.EXPERTISE, display_name="半狼", situations=situations)
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=[pick])
    assert caught.value.problem_keys == (
        ("m20.problem.expertise_situations", {"pick": Label("半狼"), "count": len(situations)}),
    )


def test_expertise_needs_two_different_situations() -> None:
    """M20-136: the same situation twice (in any width or case) counts as one."""
    pick = SkillPick(skill=Skill.EXPERTISE, situations=("Run", "ｒｕｎ"))
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=[pick])
    assert caught.value.problem_keys == (
        ("m20.problem.expertise_situations", {"pick": Label("m20.skill.expertise"), "count": 1}),
    )


def test_only_expertise_names_situations() -> None:
    """M20-136: situations on another skill are a problem."""
    pick = SkillPick(skill=Skill.HEALING, situations=("奔跑", "游泳"))
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=[pick])
    assert caught.value.problem_keys == (
        ("m20.problem.situations_without_expertise", {"pick": Label("m20.skill.healing")}),
    )


def test_every_problem_is_listed_at_once() -> None:
    """M20-005, M20-006, M20-018, M20-019, M20-080: five broken rules give five problems."""
    with pytest.raises(InvalidCharacter) as caught:
        build(
            attributes=attributes(5, 4, 4, 4),
            picks=picks(
                Skill.HEALING,
                Skill.HEALING,
                Skill.IMPROVED_SPLIT_FOCUS,
                Skill.EXPERTISE,
                Skill.EXPERTISE,
            ),
        )
    assert problem_keys(caught.value) == [
        "m20.problem.attribute_total",
        "m20.problem.attribute_range",
        "m20.problem.too_many_picks",
        "m20.problem.repeat_limit",
        "m20.problem.missing_prerequisite",
    ]


def test_problems_are_localized() -> None:
    """M20-006: the problem reads in each locale, naming the attribute in that locale."""
    with pytest.raises(InvalidCharacter) as caught:
        build(attributes=attributes(5, 3, 2, 0))
    assert caught.value.localized_problems("zh-Hant") == (
        "物攻 是 5，但每個屬性必須介於 0 到 4 點：請調整 物攻。",
    )
    assert caught.value.problems == (
        "Physical Attack is 5, but each attribute must be from 0 to 4: change Physical Attack.",
    )


def test_a_blank_name_is_a_problem() -> None:
    """M20-023: a sheet's character has a name; a blank one is a problem."""
    with pytest.raises(InvalidCharacter) as caught:
        build(name="   ")
    assert problem_keys(caught.value) == ["m20.problem.name_blank"]


def test_text_with_line_breaks_is_a_problem() -> None:
    """M20-020, M20-023: names, descriptions, display names and situations are one line."""
    with pytest.raises(InvalidCharacter) as caught:
        build(
            name="楊\n望蒼",
            description="雙劍士\n食量很大",
            picks=[
                SkillPick(skill=Skill.EXPERTISE, display_name="半\n狼", situations=("奔\n跑", "x"))
            ],
        )
    assert problem_keys(caught.value) == [
        "m20.problem.name_lines",
        "m20.problem.description_lines",
        "m20.problem.display_name",
        "m20.problem.situation_text",
    ]


def test_a_display_name_with_brackets_is_a_problem() -> None:
    """M20-020: 「名稱（原技能）」 could not be read back from a name holding brackets."""
    with pytest.raises(InvalidCharacter) as caught:
        build(picks=[SkillPick(skill=Skill.HEALING, display_name="治（療）")])
    assert caught.value.problem_keys == (("m20.problem.display_name", {"pick": Label("治（療）")}),)


def test_text_is_stripped() -> None:
    """M20-020: surrounding spaces are not part of a name, and a blank display name is none."""
    hero = build(name=" 楊望蒼 ", picks=[SkillPick(skill=Skill.HEALING, display_name="  ")])
    assert (hero.name, hero.picks[0].display_name) == ("楊望蒼", None)


# -- values and JSON ------------------------------------------------------------------------


def test_a_character_round_trips_through_json() -> None:
    """M20-020, M20-023: every field, display names and situations included, survives JSON."""
    hero = build(
        picks=[
            SkillPick(skill=Skill.DOUBLE_ATTACK, display_name="蒼嵐劍勢"),
            SkillPick(skill=Skill.EXPERTISE, display_name="半狼", situations=("調查線索", "奔跑")),
        ]
    )
    assert from_json(to_json(hero), Character) == hero


@given(characters())
def test_any_character_round_trips_through_json(hero: Character) -> None:
    """M20-001: every valid character survives JSON."""
    assert from_json(to_json(hero), Character) == hero


def test_json_that_breaks_a_rule_is_invalid_data() -> None:
    """M20-005: a stored character with 9 points is refused with the rule's message."""
    text = to_json(build()).replace('"physical_attack":3', '"physical_attack":2')
    with pytest.raises(InvalidData, match="add up to exactly 10"):
        from_json(text, Character)


def test_json_with_an_unknown_skill_is_invalid_data() -> None:
    """M20-021: skills outside the text's set are not stored as picks."""
    text = to_json(build(picks=picks(Skill.HEALING))).replace('"healing"', '"flying"')
    with pytest.raises(InvalidData):
        from_json(text, Character)


@pytest.mark.parametrize("value", [*Attribute, *Specialty, *Tendency, BALANCED], ids=repr)
def test_parts_of_a_character_round_trip_through_json(
    value: Attribute | Specialty | Tendency | Attributes,
) -> None:
    """M20-004, M20-008, M20-012: attributes, specialties and tendencies survive JSON."""
    assert from_json(to_json(value), type(value)) == value


def test_each_specialty_says_what_it_covers_in_the_texts_words() -> None:
    """M20-011: 身理 moving the body, 詭計 clues and hiding, 知識 knowledge, 交涉 persuasion."""
    from tabletop_rules.i18n import translate

    rule_text = {
        Specialty.PHYSIQUE: "包含攀爬、閃躲落石等涉及身體運動的行為",
        Specialty.CUNNING: "包含尋找線索、躲藏、隱匿道具、偽裝等行為",
        Specialty.KNOWLEDGE: "包含各種知識的理解、學習能力、以及邏輯推算等行為",
        Specialty.NEGOTIATION: "包含說服、威嚇、欺騙等與其他知性生命體互動的行為",
    }

    assert rule_text == {s: translate(s.scope, "zh-Hant") for s in Specialty}
