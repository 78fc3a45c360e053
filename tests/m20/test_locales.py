"""The m20 catalogs: complete, consistent, and in the text's own words."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tabletop_rules.i18n import LOCALES, template_fields, translate
from tabletop_rules.m20 import (
    SYSTEM,
    AttackKind,
    Attribute,
    DifficultyLevel,
    Skill,
    Specialty,
    Stance,
    Tendency,
)


def m20_catalog(locale: str) -> dict[str, str]:
    folder = resources.files("tabletop_rules.m20").joinpath("locales", locale)
    catalog: dict[str, str] = json.loads(folder.joinpath("m20.json").read_text("utf-8"))
    catalog.update(json.loads(folder.joinpath("m20_combat.json").read_text("utf-8")))
    return catalog


def test_the_catalog_is_the_systems_own() -> None:
    """The catalog the m20 system reads (``SYSTEM.catalog``) is the two files of its package."""
    assert {locale: m20_catalog(locale) for locale in LOCALES} == {
        locale: dict(SYSTEM.catalog(locale)) for locale in LOCALES
    }


def test_every_key_is_in_every_locale() -> None:
    """M20-004, M20-008, M20-012: every m20 key exists in en, zh-Hant and ja."""
    keys = [set(m20_catalog(locale)) for locale in LOCALES]
    assert [keys[0]] * len(LOCALES) == keys


def test_every_key_is_prefixed() -> None:
    """The m20 catalog holds only ``m20.`` keys."""
    assert all(key.startswith("m20.") for key in m20_catalog("en"))


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_every_template_has_the_same_fields(locale: str) -> None:
    """A message fills the same fields in every locale."""
    english, other = m20_catalog("en"), m20_catalog(locale)
    assert {k: template_fields(v) for k, v in other.items()} == {
        k: template_fields(v) for k, v in english.items()
    }


def test_every_enum_member_has_a_label() -> None:
    """M20-004, M20-008, M20-012, M20-035: each member's label is a key of the catalog."""
    members = [*Attribute, *Specialty, *Tendency, *Skill, *DifficultyLevel, *Stance, *AttackKind]
    labels = {member.label for member in members} | {s.effect_label for s in Skill}
    assert labels <= set(m20_catalog("en"))


@pytest.mark.parametrize("enum", [Attribute, Specialty, Tendency, Skill])
def test_zh_hant_uses_the_texts_words(enum: type[Attribute | Specialty | Tendency | Skill]) -> None:
    """M20-004, M20-008, M20-012, M20-021: the zh-Hant labels are the text's names."""
    members: list[Attribute | Specialty | Tendency | Skill] = list(enum)
    assert [translate(m.label, "zh-Hant") for m in members] == [m.text_name for m in members]


def test_the_difficulty_ladder_uses_the_texts_words() -> None:
    """M20-035: 輕而易舉, 簡單, 適中, 困難."""
    assert [translate(d.label, "zh-Hant") for d in DifficultyLevel] == [
        "輕而易舉",
        "簡單",
        "適中",
        "困難",
    ]


@pytest.mark.parametrize("enum", [Attribute, Specialty, Tendency, Skill, DifficultyLevel])
def test_no_word_names_two_members(
    enum: type[Attribute | Specialty | Tendency | Skill | DifficultyLevel],
) -> None:
    """M20-023: a word on a sheet, in any locale, names one member only."""
    owners: dict[str, set[object]] = {}
    for member in enum:
        for locale in LOCALES:
            owners.setdefault(translate(member.label, locale).casefold(), set()).add(member)
    assert {word: found for word, found in owners.items() if len(found) > 1} == {}


def test_no_sheet_field_word_is_a_skill() -> None:
    """M20-023: a field name (姓名, 技能, ...) is never a skill's name in any locale."""
    catalogs = [m20_catalog(locale) for locale in LOCALES]
    fields = {v for c in catalogs for k, v in c.items() if k.startswith("m20.sheet.field.")}
    skills = {translate(s.label, locale) for s in Skill for locale in LOCALES}
    assert fields & skills == set()


def test_no_skill_name_holds_a_colon_or_bracket() -> None:
    """M20-020: 「名稱（原技能）：」 can be read back for every skill name."""
    names = [translate(s.label, locale) for s in Skill for locale in LOCALES]
    assert [n for n in names if set(n) & set(":：()（）[]［］")] == []
