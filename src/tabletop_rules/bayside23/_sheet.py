"""The bayside23 character sheet in Japanese: read and written back.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Final

from tabletop_rules._arguments import checked, checked_text
from tabletop_rules.bayside23._character import Character, Feature, Skill
from tabletop_rules.errors import InvalidCharacter, InvalidData

__all__ = ["EXAMPLE_SHEET", "format_sheet", "parse_sheet"]

#: A sheet in the format :func:`parse_sheet` reads (the feature and skill of the text's
#: example, BAY-39).
EXAMPLE_SHEET = """\
名前：ミナ
体力：17
精神力：10
敏捷性：5
生命力：4
防御力：2（革鎧）
魔法防御力：1（僧侶）
特徴：頑固 3
技能：外科手術 13、鍵開け 5
称号：白紙の本の読み手
"""

_FIELDS: Mapping[str, str] = {
    "名前": "name",
    "体力": "strength",
    "精神力": "mind",
    "敏捷性": "agility",
    "生命力": "hp",
    "防御力": "defense",
    "魔法防御力": "magic_defense",
    "特徴": "feature",
    "技能": "skills",
    "称号": "titles",
}
_REQUIRED = ("name", "strength", "mind", "agility", "hp", "feature")
# Marks and numbers are read in either width (as NFKC reads them); names and notes are kept
# as written, so that a sheet of any name reads back as the character it was written from.
_COLONS: Final = ":：﹕︓"
_OPEN: Final = "(（﹙"
_CLOSE: Final = ")）﹚"
_SIGNS: Final = "+-−＋－﹢﹣"
#: The marks between the items of a list (skills, titles): 、 and , in either width.
_LIST: Final = re.compile("[、,，､﹐﹑]")
# Numbers on a sheet have at most 6 digits: a longer one is no number of these rules.
_DIGITS: Final = 6
_NUMBER: Final = re.compile(rf"[+\-−]?[0-9]{{1,{_DIGITS}}}")


def _is_digit(ch: str) -> bool:
    """Whether *ch* reads as digits (``3``, ``３``), as NFKC makes it."""
    read = unicodedata.normalize("NFKC", ch)
    return read.isascii() and read.isdigit()


def _named(text: str) -> tuple[str, str | None] | None:
    """A name and the number written after it, if any; ``None`` if that number is too long.

    ``頑固 3``, ``頑固:3``, ``頑固+3`` and ``頑固3`` are the feature 頑固 of 3; a name is kept
    as written (``頑固+ 3`` is 頑固+ of 3).
    A scan from the end, in linear time whatever the text.
    """
    text = text.strip()
    start = len(text)
    while start > 0 and _is_digit(text[start - 1]):
        start -= 1
    if start == len(text):
        return text, None
    digits = unicodedata.normalize("NFKC", text[start:])
    if len(digits) > _DIGITS:
        return None
    if start > 0 and text[start - 1] in _SIGNS:
        start -= 1
        digits = unicodedata.normalize("NFKC", text[start]).replace("−", "-") + digits
    name = text[:start].rstrip()
    if name[-1:] in _COLONS:
        name = name[:-1].rstrip()
    return (name, digits) if name else (text, None)


def _with_note(text: str) -> tuple[int, str] | None:
    """A number and the note in parentheses after it (``2（革鎧）``), or ``None``."""
    opened = min((i for i in map(text.find, _OPEN) if i >= 0), default=len(text))
    head, note = text[:opened], text[opened + 1 : -1]
    if opened < len(text) and text[-1:] not in _CLOSE:
        return None
    number = unicodedata.normalize("NFKC", head).strip()
    if _NUMBER.fullmatch(number) is None:
        return None
    return _int(number), note.strip()


def _items(text: str) -> list[str]:
    """The items of a list, without the spaces around them and without empty ones."""
    return [item for item in (part.strip() for part in _LIST.split(text)) if item]


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


#: The longest sheet :func:`parse_sheet` reads, in characters.
MAX_SHEET_LENGTH: Final = 10_000


def _split_line(line: str) -> dict[str, str] | None:
    """A ``key：value`` line split at its first colon, in linear time; ``None`` if none."""
    at = min((i for i in map(line.find, _COLONS) if i >= 0), default=-1)
    if at < 0:
        return None
    key = unicodedata.normalize("NFKC", line[:at]).strip()
    return {"key": key, "value": line[at + 1 :].strip()} if key else None


def parse_sheet(text: str) -> Character:
    r"""Read a character from a sheet in the format of ``EXAMPLE_SHEET``.

    Full-width and half-width text are alike (NFKC); unknown lines and empty lines are
    ignored.
    Every problem, of the sheet and of the creation rules, is listed at once.

    >>> from tabletop_rules.bayside23 import EXAMPLE_SHEET, parse_sheet
    >>> from tabletop_rules.errors import InvalidCharacter
    >>> hero = parse_sheet(EXAMPLE_SHEET)
    >>> hero.strength, hero.feature, hero.armor
    (17, Feature(name='頑固', value=3), '革鎧')
    >>> try:
    ...     parse_sheet("名前：ミナ\n体力：十七")
    ... except InvalidCharacter as error:
    ...     print(*error.localized_problems("ja"), sep="\n")
    体力：十七 は数値ではありません。
    シートに 精神力 の行がありません。
    シートに 敏捷性 の行がありません。
    シートに 生命力 の行がありません。
    シートに 特徴 の行がありません。

    Raises:
        InvalidCharacter: The sheet cannot be read, or breaks the creation rules.

    .. versionadded:: 0.1.0
    """
    problems: list[tuple[str, Mapping[str, object]]] = []
    values: dict[str, object] = {}
    words = {field: word for word, field in _FIELDS.items()}
    text = checked_text(text, "$")
    if len(text) > MAX_SHEET_LENGTH:
        raise InvalidCharacter(
            [("bayside23.error.sheet_too_long", {"given": len(text), "allowed": MAX_SHEET_LENGTH})]
        )
    for raw in text.splitlines():
        match = _split_line(raw)
        if match is None or match["key"] not in _FIELDS:
            continue
        key, value = match["key"], match["value"]
        field = _FIELDS[key]
        if field in values:
            problems.append(("bayside23.error.sheet_twice", {"line": key}))
            continue
        if field in ("name",):
            values[field] = value
        elif field in ("strength", "mind", "agility", "hp", "defense", "magic_defense"):
            number = _with_note(value)
            if number is None:
                problems.append(("bayside23.error.sheet_number", {"line": key, "text": value}))
                continue
            values[field] = number[0]
            if field in ("defense", "magic_defense") and number[1]:
                values["armor" if field == "defense" else "job"] = number[1]
        elif field == "feature":
            if len(_items(value)) > 1:  # BAY-10: only one feature
                problems.append(("bayside23.error.feature", {"line": key}))
                continue
            named = _named(value)
            if named is None:
                problems.append(("bayside23.error.sheet_long_number", {"line": key, "text": value}))
                continue
            values[field] = Feature(named[0], _int(named[1] or "0"))
        elif field == "skills":
            skills: list[Skill] = []
            for item in _items(value):
                named = _named(item)
                if named is None:
                    problems.append(
                        ("bayside23.error.sheet_long_number", {"line": key, "text": item})
                    )
                    continue
                skills.append(Skill(named[0], _int(named[1] or "0")))
            values[field] = tuple(skills)
        else:
            values[field] = tuple(_items(value))
    for field in _REQUIRED:
        if field not in values and not any(
            key == "line" and v == words[field] for p in problems for key, v in p[1].items()
        ):
            problems.append(("bayside23.error.sheet_missing", {"line": words[field]}))
    if problems:
        raise InvalidCharacter(problems)
    return Character(**values)  # type: ignore[arg-type]


def _unwritable(path: str, field: str, text: object) -> InvalidData:
    return InvalidData(path, "bayside23.error.sheet_unwritable", field=field, text=str(text))


def _line_text(text: str, path: str, field: str) -> str:
    """*text* as one line of a sheet reads it back, or the refusal of *text*."""
    if text != text.strip() or len(text.splitlines()) > 1:
        raise _unwritable(path, field, text)
    return text


def _list_item(text: str, path: str, field: str) -> str:
    if _LIST.search(_line_text(text, path, field)) is not None:
        raise _unwritable(path, field, text)
    return text


def _number(value: int, path: str, field: str) -> str:
    written = str(value)
    if len(written.lstrip("-")) > _DIGITS:
        raise _unwritable(path, field, value)
    return written


def _named_text(name: str, value: int, path: str, field: str) -> str:
    """``name value`` as :func:`_named` reads it back (``頑固: 3`` for a name ending in a colon)."""
    _list_item(name, path, field)
    number = _number(value, f"{path}.value", field)
    written = f"{name}: {number}" if name[-1:] in _COLONS else f"{name} {number}"
    if _named(written) != (name, number):
        raise _unwritable(path, field, name)
    return written


def _with_note_text(value: int, note: str, path: str, field: str) -> str:
    number = _number(value, path, field)
    if not note:
        return number
    note_path = path.rpartition(".")[0] + (".armor" if field == "防御力" else ".job")
    return f"{number}（{_line_text(note, note_path, field)}）"


def format_sheet(character: Character, locale: str = "ja") -> str:
    """Write *character* as a sheet that :func:`parse_sheet` reads back as the same value.

    The sheet is the rule text's own, in Japanese, in every *locale*: one sheet that every
    reader and :func:`parse_sheet` read alike.

    >>> from tabletop_rules.bayside23 import EXAMPLE_SHEET, format_sheet, parse_sheet
    >>> format_sheet(parse_sheet(EXAMPLE_SHEET)) == EXAMPLE_SHEET
    True
    >>> format_sheet(parse_sheet(EXAMPLE_SHEET), "en") == EXAMPLE_SHEET
    True

    Names are written as they are: a name that ends in ``+`` or a mark of another width
    reads back unchanged.

    Raises:
        InvalidData: *locale* is no ``str`` (``$.locale``); *character* is no
            :class:`Character` (path ``$.character``), or has a
            text a sheet cannot hold so that it reads back (a line break, spaces at its
            ends, a list mark 、 or , in a feature, skill or title) or a number of more
            than 6 digits; the path names the field
            (``$.character.skills[1].name``) and the message says what a sheet holds.

    .. versionadded:: 0.1.0
    """
    c = checked(character, Character, "$.character", "bayside23.Character")
    checked_text(locale, "$.locale")
    at = "$.character"
    feature = _named_text(c.feature.name, c.feature.value, f"{at}.feature.name", "特徴")
    lines = [
        f"名前：{_line_text(c.name, f'{at}.name', '名前')}",
        f"体力：{c.strength}",
        f"精神力：{c.mind}",
        f"敏捷性：{c.agility}",
        f"生命力：{c.hp}",
        f"防御力：{_with_note_text(c.defense, c.armor, f'{at}.defense', '防御力')}",
        "魔法防御力："
        + _with_note_text(c.magic_defense, c.job, f"{at}.magic_defense", "魔法防御力"),
        f"特徴：{feature}",
    ]
    if c.skills:
        skills = (
            _named_text(s.name, s.value, f"{at}.skills[{i}].name", "技能")
            for i, s in enumerate(c.skills)
        )
        lines.append("技能：" + "、".join(skills))
    if c.titles:
        titles = (_list_item(t, f"{at}.titles[{i}]", "称号") for i, t in enumerate(c.titles))
        lines.append("称号：" + "、".join(titles))
    return "\n".join(lines) + "\n"
