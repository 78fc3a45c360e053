"""The bayside23 character sheet in Japanese: read and written back.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Final

from tabletop_rules._arguments import checked, checked_text
from tabletop_rules.bayside23._character import Character, Feature, Skill
from tabletop_rules.errors import InvalidCharacter

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
# Numbers on a sheet have at most 6 digits: a longer one is no number of these rules.
_NUMBER = re.compile(r"[+\-−]?[0-9]{1,6}")
_WITH_NOTE = re.compile(r"(?P<number>[+\-−]?[0-9]{1,6})\s*(?:\((?P<note>[^)]*)\))?")
#: The value at the end of a name: ``頑固 3``, ``頑固:3``, ``頑固+3`` or ``頑固3``.
_TRAILING_NUMBER = re.compile(r"[+\-−]?[0-9]{1,6}\Z")


def _named(text: str) -> tuple[str, str | None]:
    """A name and the number written after it, if any (in linear time, whatever the text)."""
    text = text.strip()
    found = _TRAILING_NUMBER.search(text)
    if found is not None:
        name = text[: found.start()].rstrip().rstrip(":+").rstrip()
        if name:
            return name, found[0]
    return text, None


_LIST = re.compile(r"\s*[、,]\s*")


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


#: The longest sheet :func:`parse_sheet` reads, in characters.
MAX_SHEET_LENGTH: Final = 10_000


def _split_line(line: str) -> dict[str, str] | None:
    """A ``key：value`` line split at its first colon, in linear time; ``None`` if none."""
    at = min((i for i in (line.find(":"), line.find("：")) if i >= 0), default=-1)
    if at < 0:
        return None
    key = line[:at].strip()
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

    .. versionadded:: 0.2.0
    """
    problems: list[tuple[str, Mapping[str, object]]] = []
    values: dict[str, object] = {}
    words = {field: word for word, field in _FIELDS.items()}
    text = checked_text(text, "$")
    if len(text) > MAX_SHEET_LENGTH:
        raise InvalidCharacter(
            [("bayside23.error.sheet_too_long", {"given": len(text), "allowed": MAX_SHEET_LENGTH})]
        )
    for raw in unicodedata.normalize("NFKC", text).splitlines():
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
            number = _WITH_NOTE.fullmatch(value)
            if number is None:
                problems.append(("bayside23.error.sheet_number", {"line": key, "text": value}))
                continue
            values[field] = _int(number["number"])
            if field in ("defense", "magic_defense") and number["note"]:
                values["armor" if field == "defense" else "job"] = number["note"].strip()
        elif field == "feature":
            if len(list(filter(None, _LIST.split(value)))) > 1:  # BAY-10: only one feature
                problems.append(("bayside23.error.feature", {"line": key}))
                continue
            name, written = _named(value)
            values[field] = Feature(name, _int(written or "0"))
        elif field == "skills":
            skills: list[Skill] = []
            for item in filter(None, _LIST.split(value)):
                name, written = _named(item)
                skills.append(Skill(name, _int(written or "0")))
            values[field] = tuple(skills)
        else:
            values[field] = tuple(filter(None, _LIST.split(value)))
    for field in _REQUIRED:
        if field not in values and not any(
            key == "line" and v == words[field] for p in problems for key, v in p[1].items()
        ):
            problems.append(("bayside23.error.sheet_missing", {"line": words[field]}))
    if problems:
        raise InvalidCharacter(problems)
    return Character(**values)  # type: ignore[arg-type]


def format_sheet(character: Character, locale: str = "ja") -> str:
    """Write *character* as a sheet that :func:`parse_sheet` reads back as the same value.

    The sheet is the rule text's own, in Japanese, in every *locale*: one sheet that every
    reader and :func:`parse_sheet` read alike.

    >>> from tabletop_rules.bayside23 import EXAMPLE_SHEET, format_sheet, parse_sheet
    >>> format_sheet(parse_sheet(EXAMPLE_SHEET)) == EXAMPLE_SHEET
    True
    >>> format_sheet(parse_sheet(EXAMPLE_SHEET), "en") == EXAMPLE_SHEET
    True

    Raises:
        InvalidData: *character* is no bayside23 character (path ``$.character``), or
            *locale* no ``str`` (``$.locale``).

    .. versionadded:: 0.2.0
    """
    character = checked(character, Character, "$.character", "bayside23.Character")
    checked_text(locale, "$.locale")
    lines = [
        f"名前：{character.name}",
        f"体力：{character.strength}",
        f"精神力：{character.mind}",
        f"敏捷性：{character.agility}",
        f"生命力：{character.hp}",
        f"防御力：{character.defense}" + (f"（{character.armor}）" if character.armor else ""),
        f"魔法防御力：{character.magic_defense}"
        + (f"（{character.job}）" if character.job else ""),
        f"特徴：{character.feature.name} {character.feature.value}",
    ]
    if character.skills:
        lines.append("技能：" + "、".join(f"{s.name} {s.value}" for s in character.skills))
    if character.titles:
        lines.append("称号：" + "、".join(character.titles))
    return "\n".join(lines) + "\n"
