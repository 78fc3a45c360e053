"""The m20 character sheet: reading the rule text's example, problems, and writing it back."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import InvalidCharacter, from_json, to_json
from tabletop_rules.i18n import Label, translate
from tabletop_rules.m20 import (
    EXAMPLE_SHEET,
    Attributes,
    Character,
    Skill,
    SkillPick,
    Specialty,
    Tendency,
    format_sheet,
    parse_sheet,
)
from tabletop_rules.m20._sheet import MAX_MESSAGE_LENGTH, MAX_SHEET_LENGTH, MAX_SHEET_PROBLEMS
from tabletop_rules.m20.strategies import characters

#: The rule text's example sheet (M20-023).
SHEET = EXAMPLE_SHEET

YANG = Character(
    name="楊望蒼",
    description="御使蒼藍色鬥氣的雙劍士，食量很大",
    attributes=Attributes(
        physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
    ),
    tendency=Tendency.PHYSIQUE,
    bonus_specialty=Specialty.CUNNING,
    picks=(
        SkillPick(skill=Skill.DOUBLE_ATTACK, display_name="蒼嵐劍勢"),
        SkillPick(skill=Skill.IMPROVED_DOUBLE_ATTACK, display_name="蒼嵐鬥氣"),
        SkillPick(skill=Skill.ATTACK_BOOST, display_name="蒼空/夜魂"),
        SkillPick(skill=Skill.EXPERTISE, display_name="半狼", situations=("調查線索", "奔跑")),
    ),
)

LOCALES = ("zh-Hant", "zh-Hans", "en", "ja")


def problems_of(text: str) -> tuple[tuple[str, dict[str, object]], ...]:
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(text)
    return tuple((key, dict(params)) for key, params in caught.value.problem_keys)


def keys_of(text: str) -> list[str]:
    return [key for key, _ in problems_of(text)]


# -- the example -------------------------------------------------------------------------------


def test_the_example_parses_to_the_texts_character() -> None:
    """M20-020, M20-023, M20-136: every field, the renamed skills and 半狼's two situations."""
    assert parse_sheet(SHEET) == YANG


def test_the_example_has_three_hp() -> None:
    """M20-002, M20-003, M20-023: four picks leave 生命值 3."""
    assert parse_sheet(SHEET).max_hp == 3


def test_the_example_has_its_specialty_bonuses() -> None:
    """M20-010, M20-013, M20-023: 身理 +3, 詭計 +1, 知識 +0, 交涉 +0."""
    hero = parse_sheet(SHEET)
    assert [hero.specialty_bonus(s) for s in Specialty] == [3, 1, 0, 0]


def test_the_example_as_quoted_in_the_text_parses() -> None:
    """M20-023: the text quotes the sheet after 「引用︰」; the marker is not a field."""
    assert parse_sheet("引用︰" + SHEET) == YANG


def test_the_example_round_trips_through_json() -> None:
    """M20-023: the parsed example survives JSON."""
    hero = parse_sheet(SHEET)
    assert from_json(to_json(hero), Character) == hero


@pytest.mark.parametrize("locale", LOCALES)
def test_the_example_round_trips_through_format_sheet(locale: str) -> None:
    """M20-023: the written sheet, in any locale, parses back to the same character."""
    hero = parse_sheet(SHEET)
    assert parse_sheet(format_sheet(hero, locale)) == hero


def test_format_sheet_writes_the_texts_format() -> None:
    """M20-020, M20-023: the zh-Hant sheet has the example's fields, words and widths."""
    assert format_sheet(YANG) == (
        "姓名：楊望蒼\n"
        "描述：御使蒼藍色鬥氣的雙劍士，食量很大\n"
        "屬性：物攻３ 特攻３ 物防２ 特防２\n"
        "生命值：３\n"
        "行事傾向：身體型\n"
        "特長：身理＋３ 詭計＋１ 知識＋０ 交涉＋０\n"
        "技能：\n"
        "蒼嵐劍勢（雙重攻擊）：你可以在進行攻擊判定時承受－２減值，以進行二次攻擊。\n"
        "蒼嵐鬥氣（強化雙重攻擊）：你在進行雙重攻擊時，攻擊判定所承受的減值從－２變為－０。\n"
        "蒼空/夜魂（攻擊強化）：你在進行攻擊判定時將額外獲得＋１加值。\n"
        "半狼（專精特長）：進行與[調查線索]或[奔跑]相關的判定時獲得＋５的加值\n"
    )


def test_format_sheet_writes_english() -> None:
    """M20-023: the English sheet uses English field names and words."""
    assert format_sheet(YANG, "en").splitlines()[2:6] == [
        "Attributes: Physical Attack 3, Special Attack 3, Physical Defense 2, Special Defense 2",
        "HP: 3",
        "Tendency: Physique type",
        "Specialties: Physique +3, Cunning +1, Knowledge +0, Negotiation +0",
    ]


@given(characters(), st.sampled_from(LOCALES))
def test_any_character_round_trips_through_format_sheet(hero: Character, locale: str) -> None:
    """M20-020, M20-023, M20-136: every valid character survives a written sheet."""
    assert parse_sheet(format_sheet(hero, locale)) == hero


# -- reading -----------------------------------------------------------------------------------


#: The example in Simplified Chinese words: field names, tendency, specialties and the skills
#: in brackets (the names the player gave stay as written).
SIMPLIFIED_SHEET = (
    SHEET.replace("屬性", "属性")
    .replace("行事傾向：身體型", "行事倾向：身体型")
    .replace("特長：", "特长：")
    .replace("詭計＋１ 知識", "诡计＋１ 知识")
    .replace("（雙重攻擊）", "（双重攻击）")
    .replace("（強化雙重攻擊）", "（强化双重攻击）")
    .replace("（攻擊強化）", "（攻击强化）")
    .replace("（專精特長）", "（专精特长）")
)


def test_a_sheet_in_simplified_chinese_reads_the_same() -> None:
    """M20-020, M20-023: Simplified field names and words (属性, 行事倾向, 双重攻击) read as
    the Traditional ones do."""
    assert YANG == parse_sheet(SIMPLIFIED_SHEET)


def test_a_simplified_sheets_problems_list_simplified_words() -> None:
    """M20-012: a sheet written in Simplified (from 属性 on, after the shared 姓名 and 描述)
    is answered with the Simplified words."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(SIMPLIFIED_SHEET.replace("身体型", "战士型"))
    assert caught.value.localized_problems("zh-Hans") == (
        "第 5 行的「战士型」无法辨识：请使用 身体型、诡计型、知识型、交涉型、万能型 之一。",
    )


def test_half_width_text_reads_the_same() -> None:
    """M20-023: half-width digits, signs, colons and brackets are read alike."""
    half = (
        SHEET.replace("：", ":")
        .replace("（", "(")
        .replace("）", ")")
        .replace("＋", "+")
        .replace("２", "2")
        .replace("３", "3")
        .replace("１", "1")
        .replace("０", "0")
    )
    assert parse_sheet(half) == YANG


def test_a_skill_may_be_written_without_a_display_name() -> None:
    """M20-020: 「攻擊強化：說明」 is the skill under its own name."""
    text = SHEET.replace("蒼空/夜魂（攻擊強化）", "攻擊強化")
    assert parse_sheet(text).picks[2] == SkillPick(skill=Skill.ATTACK_BOOST)


def test_situations_may_use_full_width_brackets() -> None:
    """M20-136: ［調查線索］ is read like [調查線索]."""
    text = SHEET.replace("[調查線索]或[奔跑]", "［調查線索］或［奔跑］")
    assert parse_sheet(text).picks[3].situations == ("調查線索", "奔跑")


def test_situations_may_be_on_a_continued_line() -> None:
    """M20-136: a description that goes on to the next line may hold the brackets."""
    text = SHEET.replace(
        "進行與[調查線索]或[奔跑]相關的判定時獲得＋５的加值",
        "狼的血統。\n與[調查線索]或[奔跑]相關時＋５",
    )
    assert parse_sheet(text) == YANG


def test_hp_and_description_may_be_left_out() -> None:
    """M20-002, M20-003: without a 生命值 line the rules compute it."""
    text = SHEET.replace("生命值：３\n", "").replace("描述：御使蒼藍色鬥氣的雙劍士，食量很大\n", "")
    hero = parse_sheet(text)
    assert (hero.max_hp, hero.description) == (3, "")


def test_a_sheet_in_english_reads() -> None:
    """M20-023: field names and words of another locale are read too."""
    text = (
        "Name: Ada\n"
        "Attributes: Physical Attack 1, Special Attack 4, Physical Defense 1, Special Defense 4\n"
        "HP: 7\n"
        "Tendency: All-round type\n"
        "Specialties: Physique +1, Cunning +1, Knowledge +2, Negotiation +1\n"
    )
    hero = parse_sheet(text)
    assert (hero.bonus_specialty, hero.max_hp) == (Specialty.KNOWLEDGE, 7)


def test_the_bonus_specialty_is_read_from_the_bonuses() -> None:
    """M20-010: 身體型 with 身理 +4 has its +1 on 身理."""
    text = SHEET.replace("身理＋３ 詭計＋１", "身理＋４ 詭計＋０")
    assert parse_sheet(text).bonus_specialty is Specialty.PHYSIQUE


# -- problems ----------------------------------------------------------------------------------


def test_a_stated_hp_that_contradicts_the_rules_is_a_problem() -> None:
    """M20-002, M20-003, M20-023: four picks give 3, so a stated 5 is a problem."""
    assert problems_of(SHEET.replace("生命值：３", "生命值：５")) == (
        ("m20.problem.stated_hp", {"stated": 5, "computed": 3, "picks": 4}),
    )


def test_the_hp_problem_says_what_to_write() -> None:
    """M20-003: the message gives the computed HP."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(SHEET.replace("生命值：３", "生命值：５"))
    assert caught.value.localized_problems("zh-Hant") == (
        "角色卡寫生命值 5，但選了 4 個技能的角色生命值是 3（３，每少選一個技能＋１）：請改為 3。",
    )


def test_a_stated_bonus_that_contradicts_the_rules_is_a_problem() -> None:
    """M20-010, M20-013, M20-023: 身體型 with 詭計 +1 cannot have 知識 +1 as well."""
    assert problems_of(SHEET.replace("知識＋0", "知識＋1")) == (
        (
            "m20.problem.stated_bonus",
            {"specialty": Label("m20.specialty.knowledge"), "stated": 1, "computed": 0},
        ),
    )


def test_a_stated_bonus_over_the_tendency_plus_one_is_a_problem() -> None:
    """M20-010, M20-013: 身理 +5 is one more than 3 + 1."""
    text = SHEET.replace("身理＋３ 詭計＋１", "身理＋５ 詭計＋０")
    assert problems_of(text) == (
        (
            "m20.problem.stated_bonus",
            {"specialty": Label("m20.specialty.physique"), "stated": 5, "computed": 4},
        ),
    )


def test_bonuses_without_the_creation_plus_one_are_a_problem() -> None:
    """M20-010: every character has one bonus specialty; bonuses without it say so."""
    text = SHEET.replace("詭計＋１", "詭計＋０")
    assert keys_of(text) == ["m20.problem.sheet.no_bonus_specialty"]


def test_bonuses_that_contradict_the_tendency_are_a_problem() -> None:
    """M20-013, M20-023: a 身體型 sheet that gives 身理 only +1 contradicts the tendency."""
    text = SHEET.replace("身理＋３ 詭計＋１", "身理＋1 詭計＋3")
    assert problems_of(text) == (
        (
            "m20.problem.stated_bonus",
            {"specialty": Label("m20.specialty.physique"), "stated": 1, "computed": 3},
        ),
        (
            "m20.problem.stated_bonus",
            {"specialty": Label("m20.specialty.cunning"), "stated": 3, "computed": 1},
        ),
    )


def test_an_unknown_skill_says_what_to_write() -> None:
    """M20-020, M20-021: 「飛行」 is not a skill; the message lists the text's skills."""
    text = SHEET.replace("蒼空/夜魂（攻擊強化）", "蒼空/夜魂（飛行）")
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(text)
    assert caught.value.problems == (
        "Line 11: '飛行' is not a skill of the rules: write the original skill's name in the "
        "brackets, one of: 防禦強化、防禦特化、危機閃避、分神援護、強化分神援護、廣域防禦、"
        "強化廣域防禦、治療、冷卻、攻擊強化、攻擊特化、必殺一擊、雙重攻擊、強化雙重攻擊、範圍攻擊、"
        "強化範圍攻擊、傷害增幅、狂暴、隱匿大師、暗殺、召喚師、強化召喚物耐久、強化召喚物能力、"
        "專精協助、專精妨害、頑強不屈、專精特長.",
    )


def test_an_unknown_skill_does_not_hide_other_problems() -> None:
    """M20-021, M20-013: an unknown skill and a wrong bonus are both reported."""
    text = SHEET.replace("（攻擊強化）", "（飛行）").replace("知識＋0", "知識＋2")
    assert keys_of(text) == ["m20.problem.sheet.unknown_skill", "m20.problem.stated_bonus"]


def test_a_line_with_a_colon_under_the_skills_must_be_a_skill() -> None:
    """M20-020: 「注意：…」 under 技能 reads as a skill line whose skill is unknown."""
    text = SHEET + "注意：不要吃太多\n"
    assert problems_of(text)[0][0] == "m20.problem.sheet.unknown_skill"


def test_expertise_without_two_bracketed_situations_is_a_problem() -> None:
    """M20-136: a 專精特長 line with one bracketed term names one situation."""
    text = SHEET.replace("[調查線索]或[奔跑]", "調查線索或[奔跑]")
    assert problems_of(text) == (
        ("m20.problem.expertise_situations", {"pick": Label("半狼"), "count": 1}),
    )


def test_an_expertise_problem_says_how_to_write_situations() -> None:
    """M20-136: the message shows the bracket form."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(SHEET.replace("[調查線索]或[奔跑]", "調查線索或奔跑"))
    assert "[調查線索]或[奔跑]" in caught.value.problems[0]


def test_creation_rules_are_checked_on_a_sheet() -> None:
    """M20-005, M20-006: 物攻5 on a sheet breaks two rules, both reported."""
    assert keys_of(SHEET.replace("物攻3", "物攻5")) == [
        "m20.problem.attribute_total",
        "m20.problem.attribute_range",
    ]


def test_a_fifth_skill_on_a_sheet_is_a_problem() -> None:
    """M20-018: five skill lines break the limit of four."""
    text = SHEET.replace("生命值：３\n", "") + "治療：回復１點生命值。\n"
    assert keys_of(text) == ["m20.problem.too_many_picks"]


def test_a_missing_prerequisite_on_a_sheet_is_a_problem() -> None:
    """M20-102: 強化雙重攻擊 without 雙重攻擊."""
    text = SHEET.replace("蒼嵐劍勢（雙重攻擊）", "蒼嵐劍勢（攻擊強化）")
    assert keys_of(text) == ["m20.problem.missing_prerequisite"]


def test_a_repeat_beyond_its_limit_on_a_sheet_is_a_problem() -> None:
    """M20-019: 雙重攻擊 twice."""
    text = SHEET.replace("（強化雙重攻擊）", "（雙重攻擊）")
    assert keys_of(text) == ["m20.problem.repeat_limit"]


def test_missing_fields_are_problems() -> None:
    """M20-001, M20-023: a sheet needs a name, attributes, a tendency and specialties."""
    assert keys_of("描述：無名\n") == [
        "m20.problem.sheet.missing_name",
        "m20.problem.sheet.missing_attributes",
        "m20.problem.sheet.missing_tendency",
        "m20.problem.sheet.missing_specialties",
    ]


def test_an_unknown_tendency_says_what_to_write() -> None:
    """M20-012: 「戰士型」 is no tendency; the message lists the five."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(SHEET.replace("身體型", "戰士型"))
    assert caught.value.localized_problems("zh-Hant") == (
        "第 5 行的「戰士型」無法辨識：請使用 身體型、詭計型、知識型、交涉型、萬能型 之一。",
    )


def test_an_attribute_left_out_is_a_problem() -> None:
    """M20-004: the 屬性 line must give all four attributes."""
    assert problems_of(SHEET.replace(" 特防２", "")) == (
        ("m20.problem.sheet.missing_word", {"line": 3, "word": "特防"}),
    )


def test_an_unknown_attribute_word_is_a_problem() -> None:
    """M20-004: 「魔攻」 is not an attribute."""
    assert keys_of(SHEET.replace("特攻3", "魔攻3")) == [
        "m20.problem.sheet.unknown_word",
        "m20.problem.sheet.missing_word",
    ]


def test_an_unreadable_attribute_line_shows_an_example() -> None:
    """M20-004: 「物攻三」 cannot be read; the message shows the form."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(SHEET.replace("物攻3 特攻3 物防２ 特防２", "物攻三"))
    assert caught.value.localized_problems("zh-Hant") == (
        "第 3 行「物攻三」無法讀取：請寫成名稱後接數字，例如「物攻３ 特攻３ 物防２ 特防２」。",
    )


def test_a_specialty_repeated_is_a_problem() -> None:
    """M20-008: the 特長 line gives each specialty once."""
    text = SHEET.replace("交涉＋０", "交涉＋０ 身理＋３")
    assert keys_of(text) == ["m20.problem.sheet.repeated_word"]


def test_hp_that_is_not_a_number_is_a_problem() -> None:
    """M20-002: 「三」 is not a number."""
    assert problems_of(SHEET.replace("生命值：３", "生命值：三")) == (
        ("m20.problem.sheet.bad_number", {"line": 4, "text": "三"}),
    )


def test_a_line_that_is_no_field_is_a_problem() -> None:
    """M20-023: 「職業：劍士」 is not a field of the sheet."""
    assert problems_of(SHEET.replace("描述：", "職業：劍士\n描述：")) == (
        ("m20.problem.sheet.unknown_line", {"line": 2, "text": "職業：劍士"}),
    )


def test_a_field_given_twice_is_a_problem() -> None:
    """M20-023: a second 姓名 line."""
    assert problems_of(SHEET.replace("描述：", "姓名：阿蒼\n描述：")) == (
        ("m20.problem.sheet.duplicate_field", {"line": 2, "field": "姓名"}),
    )


def test_a_description_line_under_skills_before_any_skill_is_a_problem() -> None:
    """M20-020: the first line under 技能 must be a skill."""
    text = SHEET.replace("技能：\n", "技能：\n雙劍士的技能\n")
    assert keys_of(text) == ["m20.problem.sheet.skill_line"]


def test_a_field_after_the_skills_is_read() -> None:
    """M20-023: a field line after the skills ends them."""
    text = SHEET.replace("生命值：３\n", "") + "生命值：３\n"
    assert parse_sheet(text) == YANG


def test_every_problem_of_a_sheet_is_listed_at_once() -> None:
    """M20-005, M20-012, M20-021, M20-136: four problems, one error."""
    text = (
        SHEET.replace("物攻3", "物攻4")
        .replace("身體型", "戰士型")
        .replace("（攻擊強化）", "（飛行）")
        .replace("[調查線索]或", "")
    )
    assert keys_of(text) == [
        "m20.problem.sheet.unknown_skill",
        "m20.problem.sheet.unknown_word",
        "m20.problem.attribute_total",
        "m20.problem.expertise_situations",
    ]


def test_a_number_too_long_to_read_is_a_problem() -> None:
    """M20-023: a stated HP of thousands of digits is reported, never an untyped error."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(SHEET.replace("生命值：３", "生命值：" + "３" * 5000))

    assert ["m20.problem.sheet.bad_number"] == [key for key, _ in caught.value.problem_keys]
    assert all(len(problem) < 200 for problem in caught.value.problems)


def test_a_skill_without_a_description_is_a_pick_of_its_own() -> None:
    """M20-018, M20-020: a skill line with no colon is a pick, not the line above's description."""
    head = SHEET.split("技能：", maxsplit=1)[0]

    hero = parse_sheet(
        head.replace("生命值：３", "生命值：５") + "技能：\n雙重攻擊：說明\n攻擊強化\n"
    )

    assert (Skill.DOUBLE_ATTACK, Skill.ATTACK_BOOST) == tuple(p.skill for p in hero.picks)


def test_a_copied_sheet_reads_as_typed() -> None:
    """M20-023: a byte-order mark, the text's own ︰ colon and an en dash for a sign are read."""
    copied = "\ufeff引用︰\n" + SHEET.replace("姓名：", "姓名︰").replace("知識＋0", "知識–0")

    assert YANG == parse_sheet(copied)


_RULE_TEXT = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "m20.zh-Hant.txt"


@pytest.mark.skipif(not _RULE_TEXT.exists(), reason="the rule texts lie beside the repository")
def test_the_example_sheet_is_the_rule_texts_own() -> None:
    """M20-023: ``EXAMPLE_SHEET`` is the text's 楊望蒼 sheet, line for line."""
    text = _RULE_TEXT.read_text("utf-8")

    assert EXAMPLE_SHEET.replace("姓名：", "引用︰姓名：", 1) in text


# -- bounds (issue 14, finding 3) --------------------------------------------------------------


def _junk_lines(count: int) -> str:
    return "".join(f"不是欄位{index}\n" for index in range(count))


def test_a_sheet_over_the_length_limit_is_refused_before_reading() -> None:
    """Issue 14, finding 3: a 1 MB sheet took 16 s and 875 MB; one over MAX_SHEET_LENGTH is
    refused before it is read (its memory says so), with one problem that says how long it
    is and how long it may be."""
    text = _junk_lines(100_000)
    tracemalloc.start()
    try:
        with pytest.raises(InvalidCharacter) as caught:
            parse_sheet(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (("m20.problem.sheet.too_long", {"given": len(text), "allowed": MAX_SHEET_LENGTH}),) == (
        caught.value.problem_keys
    )
    assert peak < 100_000  # refused before reading: no line is split off the text


def test_a_sheet_at_the_length_limit_is_read() -> None:
    """Issue 14, finding 3: the limit refuses only what is longer than MAX_SHEET_LENGTH."""
    padding = MAX_SHEET_LENGTH - len(SHEET)
    text = SHEET.replace("食量很大", "食量很大" + "。" * padding)
    assert MAX_SHEET_LENGTH == len(text)
    assert parse_sheet(text).description.endswith("。")


def test_the_length_limit_can_be_changed_per_call() -> None:
    """Issue 14, finding 3: ``max_length`` lowers or raises the limit for one call."""
    longer = SHEET.replace("食量很大", "食量很大" + "。" * MAX_SHEET_LENGTH)
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(SHEET, max_length=100)
    assert ["m20.problem.sheet.too_long"] == [key for key, _ in caught.value.problem_keys]
    assert YANG.name == parse_sheet(longer, max_length=2 * MAX_SHEET_LENGTH).name


@pytest.mark.parametrize("locale", LOCALES)
def test_at_most_ten_problems_are_listed_then_how_many_more(locale: str) -> None:
    """Issue 14, finding 3: 300 bad lines give the first problems and "and N more" (in the
    reader's locale), not 300 problems."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(_junk_lines(300))
    keys = [key for key, _ in caught.value.problem_keys]
    listed = len(keys) - 1
    hidden = 300 + 4 - listed  # every line, and the four required fields missing

    assert 1 <= listed <= MAX_SHEET_PROBLEMS
    assert ["m20.problem.sheet.unknown_line"] * listed == keys[:-1]
    assert ("m20.problem.sheet.more", {"count": hidden}) == caught.value.problem_keys[-1]
    assert (
        translate("m20.problem.sheet.more", locale, count=hidden)
        == (caught.value.localized_problems(locale)[-1])
    )


_ABUSIVE = {
    "unknown skills": "技能：\n" + "".join(f"x{i}（y{i}）：z\n" for i in range(2000)),
    "english unknown skills": "Skills:\n" + "".join(f"{'x' * 60}{i}:\n" for i in range(500)),
    "unknown lines": "".join(f"{'行' * 80}{i}\n" for i in range(500)),
    "attribute words": "屬性：" + "".join(f"{'字' * 50}1 " for i in range(500)),
    "long display names": "技能：\n"
    + "".join(f"{'名' * 2000}（專精特長）：說明\n" for _ in range(5)),
    "long field": "職業：" + "x" * 9000,
}


@pytest.mark.parametrize("name", sorted(_ABUSIVE))
def test_every_message_fits_a_chat_message(name: str) -> None:
    """Issue 14, finding 3: a 2 KB sheet gave a 160,000-character message; now the message of
    a sheet at the length limit fits MAX_MESSAGE_LENGTH in every locale, and no problem
    quotes more than 40 characters of the sheet."""
    text = _ABUSIVE[name][:MAX_SHEET_LENGTH]
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(text)
    for locale in LOCALES:
        assert len(caught.value.localized(locale)) <= MAX_MESSAGE_LENGTH
    for _, params in caught.value.problem_keys:
        for field in ("word", "text", "field", "pick", "situation"):
            quoted = params.get(field)
            if isinstance(quoted, Label):
                quoted = quoted.key
            assert quoted is None or len(str(quoted)) <= 40


def test_the_skills_of_the_rules_are_listed_once() -> None:
    """Issue 14, finding 3: the list of every skill (about 420 characters in English) came with
    every unknown skill; only the first unknown skill lists them now."""
    text = SHEET.replace("（攻擊強化）", "（飛行）").replace("（雙重攻擊）", "（游泳）")
    assert [
        ("m20.problem.sheet.unknown_skill", 8, "游泳"),
        ("m20.problem.sheet.unknown_skill_again", 11, "飛行"),
    ] == [(key, params["line"], params["word"]) for key, params in problems_of(text)[:2]]


@given(st.text(max_size=3000))
def test_any_text_gives_a_character_or_a_short_error(text: str) -> None:
    """Issue 14, finding 3: any text reads as a character or raises InvalidCharacter with at
    most MAX_SHEET_PROBLEMS problems and the "more" line, in a message that fits a chat."""
    error: InvalidCharacter | None = None
    try:
        parse_sheet(text)
    except InvalidCharacter as caught:
        error = caught
    if error is not None:
        assert len(error.problems) <= MAX_SHEET_PROBLEMS + 1
        assert all(len(error.localized(locale)) <= MAX_MESSAGE_LENGTH for locale in LOCALES)
