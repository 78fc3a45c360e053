"""The bar2d6 sheet: read, written back, every problem at once."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import InvalidCharacter
from tabletop_rules.bar2d6 import (
    EXAMPLE_SHEET,
    Character,
    Item,
    ItemKind,
    Special,
    SpecialKind,
    _sheet,
    format_sheet,
    parse_sheet,
)
from tabletop_rules.bar2d6.strategies import characters


def _problems(text: str) -> tuple[str, ...]:
    with pytest.raises(InvalidCharacter) as caught:
        parse_sheet(text)
    return tuple(key for key, _ in caught.value.problem_keys)


def test_the_example_sheet() -> None:
    """B2D6-33, B2D6-05, B2D6-06, B2D6-08: B with 攀爬 +2 and 繩鉤 +3 and 1 HP bought."""
    expected = Character(
        name="B",
        description="攀岩好手",
        items=[
            Item(name="攀爬", kind=ItemKind.SKILL, active=2),
            Item(name="繩鉤", kind=ItemKind.WEAPON, active=3),
        ],
        hp_bought=1,
    )
    assert expected == parse_sheet(EXAMPLE_SHEET)


def test_english_labels_and_full_width_numbers() -> None:
    """B2D6-06, B2D6-07, B2D6-09: English labels, full-width digits, an ability with its amount."""
    text = (
        "Name: Kai\nHP: ４\nItems:\n"
        "Blade (weapon): Active+２ Passive+1\nStorm (move): Multi-attack３=３\n"
    )
    kai = parse_sheet(text)
    assert (
        4,
        (2, 1),
        (Special(kind=SpecialKind.MULTI, cost=3, amount=3),),
    ) == (kai.max_hp, (kai.items[0].active, kai.items[0].passive), kai.items[1].specials)


def test_every_sheet_problem_at_once() -> None:
    """B2D6-04, B2D6-10, B2D6-18: an unreadable effect (召喚), a wrong kind, a bad HP and a wrong
    stated total, all in one error."""
    text = (
        "姓名：A\n血量：2\n個性點數：9\n項目：\n"
        "劍（武器）：主動+4\n門（技能）：召喚3\n盾（鞋子）：被動+1\n"
    )
    assert (
        "bar2d6.problem.sheet_effect",
        "bar2d6.problem.sheet_kind",
        "bar2d6.problem.sheet_hp",
        "bar2d6.problem.item_cap",
        "bar2d6.problem.sheet_points",
    ) == _problems(text)


def test_a_line_outside_any_field_is_a_problem() -> None:
    """B2D6-05: a line before the items that is no field is reported."""
    assert ("bar2d6.problem.sheet_line",) == _problems("姓名：A\n隨便寫寫\n")


@given(characters(), st.sampled_from(["zh-Hant", "en", "ja"]))
def test_a_written_sheet_reads_back(character: Character, locale: str) -> None:
    """B2D6-04..12: format_sheet then parse_sheet gives the same character, in every locale."""
    assert character == parse_sheet(format_sheet(character, locale))


#: The pattern an item line was read with until issue 26: cubic on a line of spaces after an
#: unclosed parenthesis (817 characters took 60 s). The scanner that replaced it must read
#: every line as it did.
_OLD_ITEM = re.compile(
    r"(?P<name>[^(（:：︰]+?)\s*[(（]\s*(?P<kind>[^)）]+?)\s*[)）]\s*[:：︰]\s*(?P<effects>.*)"
)


@given(st.text(st.sampled_from("a攀 (（)）:：︰\t+2"), max_size=14).map(str.strip))
def test_an_item_line_is_split_as_the_pattern_split_it(line: str) -> None:
    """B2D6-33, issue 26: the item line's scanner finds the same name, kind and effects as
    the pattern it replaced, on every short line of the marks it reads."""
    old = _OLD_ITEM.fullmatch(line)
    expected = None if old is None else (old["name"].strip(), old["kind"], old["effects"])
    assert expected == _sheet._split_item(line)


def test_a_long_line_with_an_unclosed_parenthesis_is_one_problem() -> None:
    """B2D6-33, issue 26: a sheet at the length limit whose item line is spaces after an
    unclosed ``(`` is refused at once with that line's problem (it ran for hours)."""
    sheet = EXAMPLE_SHEET + "攀爬(" + " " * 9_000 + "x"
    assert "bar2d6.problem.sheet_line" in _problems(sheet)
