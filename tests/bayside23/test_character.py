"""bayside23 characters: rolled scores, the modifier table, validation, sheets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import ScriptedDice, from_json, to_json
from tabletop_rules.bayside23 import (
    EXAMPLE_SHEET,
    Attribute,
    Character,
    Feature,
    Skill,
    damage_bonus,
    format_sheet,
    modifier,
    parse_sheet,
)
from tabletop_rules.bayside23.strategies import characters
from tabletop_rules.errors import DiceExhausted, InvalidCharacter, InvalidCheck, InvalidData
from tabletop_rules.i18n import LOCALES

STUBBORN = Feature("頑固", 3)


def test_roll_uses_3d6_for_each_attribute_and_1d6_for_hp() -> None:
    """BAY-01, BAY-06: 体力, 精神力, 敏捷性 are 3d6 each, in that order; 生命力 is 1d6 as is."""
    dice = ScriptedDice([6, 5, 6, 3, 3, 4, 1, 2, 2, 4])
    hero = Character.roll(dice, name="ミナ", feature=STUBBORN)
    assert (hero.strength, hero.mind, hero.agility, hero.hp) == (17, 10, 5, 4)
    assert dice.remaining == ()


def test_roll_takes_nothing_when_the_dice_run_out() -> None:
    """BAY-01: a roll cut short by scripted dice gives every face back."""
    dice = ScriptedDice([6, 5, 6, 3])
    with pytest.raises(DiceExhausted):
        Character.roll(dice, name="ミナ", feature=STUBBORN)
    assert dice.remaining == (6, 5, 6, 3)


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        (18, -3),
        (17, -2),
        (16, -2),
        (15, -1),
        (13, -1),
        (12, 0),
        (9, 0),
        (8, 1),
        (6, 1),
        (5, 2),
        (4, 2),
        (3, 3),
    ],
)
def test_modifier_table(score: int, expected: int) -> None:
    """BAY-05: the hit-check modifier table, lower being better, at every boundary."""
    assert modifier(score) == expected
    assert damage_bonus(score) == -expected


@pytest.mark.parametrize("score", [2, 19, 0, -1])
def test_modifier_refuses_impossible_scores(score: int) -> None:
    """BAY-05: a score 3d6 cannot give has no modifier."""
    with pytest.raises(InvalidCheck):
        modifier(score)


def test_attributes_name_their_checks() -> None:
    """BAY-02, BAY-03, BAY-04: 体力, 精神力 and 敏捷性 are the three rolled attributes."""
    hero = parse_sheet(EXAMPLE_SHEET)
    assert [hero.modifier(a) for a in Attribute] == [-2, 0, 2]
    assert [hero.bonus(a) for a in Attribute] == [2, 0, -2]


def test_every_problem_is_listed_at_once() -> None:
    """BAY-01, BAY-06, BAY-08, BAY-09, BAY-10: every broken creation rule is reported."""
    with pytest.raises(InvalidCharacter) as caught:
        Character(
            name=" ",
            strength=2,
            mind=19,
            agility=10,
            hp=7,
            defense=-1,
            magic_defense=-2,
            feature=Feature("", 0),
            skills=(Skill("剣", 1), Skill("剣", 2)),
            titles=("",),
        )
    assert len(caught.value.problems) == 9
    assert "生命力は 1 から 6 です（7 は不可）。" in caught.value.localized_problems("ja")


def test_defenses_come_with_armor_and_class() -> None:
    """BAY-08, BAY-09: 防御力 is the armor's, 魔法防御力 the class's, both kept by name."""
    hero = parse_sheet(EXAMPLE_SHEET)
    assert (hero.defense, hero.armor, hero.magic_defense, hero.job) == (2, "革鎧", 1, "僧侶")


def test_one_feature_and_titles() -> None:
    """BAY-10, BAY-11: exactly one feature; any number of earned titles, each usable."""
    hero = parse_sheet(EXAMPLE_SHEET)
    assert hero.feature == STUBBORN
    assert hero.titles == ("白紙の本の読み手",)
    titled = Character(
        name="ミナ",
        strength=10,
        mind=10,
        agility=10,
        hp=3,
        feature=STUBBORN,
        titles=("竜殺し", "百戦錬磨"),
    )
    assert titled.titles == ("竜殺し", "百戦錬磨")


@pytest.mark.parametrize("line", ["頑固 3、臆病 2", "頑固 3, 臆病 2", "頑固 3，臆病 2"])
def test_a_sheet_with_two_features_is_refused(line: str) -> None:
    """BAY-10: a feature line that lists two features is refused, not read as one."""
    sheet = f"名前：ミナ\n体力：10\n精神力：10\n敏捷性：10\n生命力：3\n特徴：{line}\n"
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(sheet)
    assert caught.value.localized_problems("en") == (
        "A character needs exactly one named feature (特徴).",
    )


def test_missing_skill_is_a_typed_error() -> None:
    """BAY-34: an action check names a skill the character has."""
    with pytest.raises(InvalidCheck):
        parse_sheet(EXAMPLE_SHEET).skill("飛行")


def test_sheet_reads_full_width() -> None:
    """BAY-34: feature and skill values are numbers on the sheet, full-width as well."""
    sheet = EXAMPLE_SHEET.replace("17", "１７").replace("頑固 3", "頑固　３")
    assert parse_sheet(sheet) == parse_sheet(EXAMPLE_SHEET)


@pytest.mark.parametrize(
    ("feature", "skills"),
    [
        ("頑固3", "外科手術13、鍵開け5"),
        ("頑固:3", "外科手術:13、鍵開け:5"),
        ("頑固+3", "外科手術+13、鍵開け 5"),
    ],
)
def test_sheet_reads_a_value_written_without_a_space(feature: str, skills: str) -> None:
    """BAY-10, BAY-34: ``頑固3`` is the feature 頑固 of 3, as ``頑固 3`` is."""
    example = parse_sheet(EXAMPLE_SHEET)
    sheet = EXAMPLE_SHEET.replace("頑固 3", feature).replace("外科手術 13、鍵開け 5", skills)
    read = parse_sheet(sheet)
    assert (example.feature, example.skills) == (read.feature, read.skills)


def test_sheet_lists_every_problem() -> None:
    """BAY-10: a sheet without a feature, with a bad number and a repeated line."""
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet("名前：ミナ\n名前：ミナ\n体力：x\n精神力：10\n敏捷性：10\n生命力：3\n")
    assert len(caught.value.problems) == 3


@given(characters())
def test_sheet_round_trip(character: Character) -> None:
    """BAY-34: a written sheet reads back as the same character."""
    assert parse_sheet(format_sheet(character)) == character


@given(characters(), st.sampled_from(LOCALES))
def test_sheet_round_trip_in_every_locale(character: Character, locale: str) -> None:
    """BAY-34: the sheet written for a reader of any shipped locale reads back the same."""
    assert parse_sheet(format_sheet(character, locale)) == character


def test_a_sheet_refuses_a_locale_that_is_no_text() -> None:
    """BAY-34: a locale of the wrong type is refused with its path."""
    with pytest.raises(InvalidData) as caught:
        format_sheet(parse_sheet(EXAMPLE_SHEET), 3)  # type: ignore[arg-type]
    assert caught.value.path == "$.locale"


@given(characters())
def test_json_round_trip(character: Character) -> None:
    """BAY-01, BAY-10, BAY-11: characters go to JSON and back unchanged."""
    assert from_json(to_json(character), Character) == character


@given(st.from_type(Character))
def test_from_type_draws_valid_characters(character: Character) -> None:
    """BAY-01, BAY-06: the registered strategy draws characters within the rules."""
    assert 3 <= character.agility <= 18
    assert 1 <= character.hp <= 6


def test_bad_json_is_invalid_data() -> None:
    """BAY-06: untrusted JSON that breaks the rules is refused with a typed error."""
    text = to_json(parse_sheet(EXAMPLE_SHEET)).replace('"hp":4', '"hp":9')
    with pytest.raises((InvalidData, InvalidCharacter)):
        from_json(text, Character)
