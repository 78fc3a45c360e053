"""Issue 26, Deliver 4: every sheet that a system's ``format_sheet`` writes reads back.

The characters are the systems' own strategies, with one text field or number changed to
anything the creation rules accept: a name that ends in ``+`` or ``、``, a mark of another
width, a number of any size.
``format_sheet`` writes a sheet that ``parse_sheet`` reads back as the same character, in
every shipped locale, or refuses with :class:`~tabletop_rules.errors.InvalidData` at the
field a sheet cannot hold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import bar2d6, bayside23, m20
from tabletop_rules.bar2d6 import strategies as bar2d6s
from tabletop_rules.bayside23 import strategies as bayside23s
from tabletop_rules.errors import InvalidCharacter, InvalidData
from tabletop_rules.i18n import LOCALES
from tabletop_rules.m20 import strategies as m20s

#: Text that sheets read as marks, in either width, with letters and spaces.
_MARKS: Final = "+-−＋:：︰、,，､()（）[]［］=@ 　\t\n\u2028\x1c0123456789０３aAあ頑固"
_texts = st.text(st.sampled_from(_MARKS) | st.characters(), max_size=12)
_numbers = st.integers(-(10**7), 10**7) | st.integers()

Edit = Callable[[Any, Any], Any]


def _at(items: str, index: int, edit: Edit) -> Edit:
    """*edit* applied to item *index* (modulo the count) of the tuple field *items*."""

    def apply(value: Any, new: Any) -> Any:
        held = getattr(value, items)
        if not held:
            return value
        at = index % len(held)
        changed = (*held[:at], edit(held[at], new), *held[at + 1 :])
        return attrs.evolve(value, **{items: changed})

    return apply


def _field(name: str) -> Edit:
    return lambda value, new: attrs.evolve(value, **{name: new})


def _inside(outer: str, edit: Edit) -> Edit:
    return lambda value, new: attrs.evolve(value, **{outer: edit(getattr(value, outer), new)})


#: For each system: its characters, the edits of its text fields and numbers, its writer
#: (in each locale) and its reader.
SYSTEMS: Final[dict[str, Any]] = {
    "m20": (
        m20s.characters(),
        [(_field("name"), _texts), (_field("description"), _texts)]
        + [(_at("picks", i, _field("display_name")), _texts) for i in range(3)]
        + [
            (_at("picks", i, _field("situations")), st.lists(_texts, max_size=2).map(tuple))
            for i in range(3)
        ],
        m20.format_sheet,
        m20.parse_sheet,
    ),
    "bar2d6": (
        bar2d6s.characters(),
        [(_field("name"), _texts), (_field("description"), _texts)]
        + [(_at("items", i, _field("name")), _texts) for i in range(3)],
        bar2d6.format_sheet,
        bar2d6.parse_sheet,
    ),
    "bayside23": (
        bayside23s.characters(),
        [
            (_field("name"), _texts),
            (_field("armor"), _texts),
            (_field("job"), _texts),
            (_inside("feature", _field("name")), _texts),
            (_inside("feature", _field("value")), _numbers),
            (_field("defense"), _numbers),
            (_field("magic_defense"), _numbers),
        ]
        + [(_at("skills", i, _field("name")), _texts) for i in range(3)]
        + [(_at("skills", i, _field("value")), _numbers) for i in range(3)]
        + [(_at("titles", i, lambda _, new: new), _texts) for i in range(2)],
        lambda character, _locale: bayside23.format_sheet(character),
        bayside23.parse_sheet,
    ),
}


@st.composite
def _characters(draw: st.DrawFn, system: str) -> Any:
    """A character of *system*, with up to three fields changed where the rules allow it."""
    characters, edits, _, _ = SYSTEMS[system]
    character = draw(characters)
    for _ in range(draw(st.integers(0, 3))):
        edit, values = draw(st.sampled_from(edits))
        try:
            character = edit(character, draw(values))
        except (InvalidCharacter, InvalidData, ValueError, TypeError):
            continue  # the creation rules refuse it: no character to write
    return character


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@given(data=st.data())
def test_every_written_sheet_reads_back(system: str, data: st.DataObject) -> None:
    """Issue 26 (findings: bayside23's ``特徴：頑固 3+`` and ``頑固 1234567``): a sheet that
    ``format_sheet`` writes, in any locale, is read back by ``parse_sheet`` as the same
    character; bayside23, whose creation rules take any text, refuses to write a field a
    sheet cannot hold, at that field's path."""
    _, _, write, read = SYSTEMS[system]
    character = data.draw(_characters(system), label="character")
    for locale in LOCALES:
        try:
            sheet = write(character, locale)
        except InvalidData as error:
            refused = (system, error.detail_key, error.path.startswith("$.character."))
            assert ("bayside23", "bayside23.error.sheet_unwritable", True) == refused
            continue
        assert character == read(sheet)


@pytest.mark.parametrize(
    ("feature", "skill"),
    [
        (bayside23.Feature("頑固+", 3), bayside23.Skill("鍵開け+", 5)),
        (bayside23.Feature("頑固:", 3), bayside23.Skill("鍵開け：", 5)),
        (bayside23.Feature("頑固 3", 4), bayside23.Skill("13", 0)),
        (bayside23.Feature("ＡＢ", -3), bayside23.Skill("ｶﾞ", 999_999)),
    ],
)
def test_bayside23_names_are_kept_as_written(
    feature: bayside23.Feature, skill: bayside23.Skill
) -> None:
    """Issue 26, BAY-10, BAY-34: a name that ends in a sign, a colon or a number, or is
    written in another width, reads back as written."""
    hero = attrs.evolve(bayside23.parse_sheet(bayside23.EXAMPLE_SHEET), feature=feature)
    hero = attrs.evolve(hero, skills=(skill,))
    assert hero == bayside23.parse_sheet(bayside23.format_sheet(hero))


def test_bayside23_reads_no_long_number_as_part_of_a_name() -> None:
    """Issue 26 (``頑固 1234567`` was the feature ``頑固 1`` of 234567), BAY-34: a value of
    more than 6 digits is refused, with the line that holds it."""
    sheet = bayside23.EXAMPLE_SHEET.replace("頑固 3", "頑固 1234567")
    with pytest.raises(InvalidCharacter) as caught:
        bayside23.parse_sheet(sheet)
    assert [("bayside23.error.sheet_long_number", {"line": "特徴", "text": "頑固 1234567"})] == [
        (key, dict(params)) for key, params in caught.value.problem_keys
    ]


def test_bayside23_refuses_to_write_a_feature_with_a_list_mark() -> None:
    """Issue 26, BAY-10: a feature named ``頑固、強情`` would read back as two features."""
    hero = attrs.evolve(
        bayside23.parse_sheet(bayside23.EXAMPLE_SHEET), feature=bayside23.Feature("頑固、強情", 3)
    )
    with pytest.raises(InvalidData) as caught:
        bayside23.format_sheet(hero)
    assert ("$.character.feature.name", "bayside23.error.sheet_unwritable") == (
        caught.value.path,
        caught.value.detail_key,
    )
