"""The bar2d6 character sheet: a few lines a player pastes into a chat, read and written back.

The format, in Chinese or English labels (or Japanese), full or half width::

    姓名：B
    描述：攀岩好手
    血量：4
    個性點數：7/10
    項目：
    攀爬（技能）：主動+2
    繩鉤（武器）：主動+3
    急救包（武器）：回復能力2

``血量`` is the max HP (3 + the HP bought); ``個性點數`` (points spent) is optional and, when
given, must match what the items and HP cost.
An item line is ``name（kind）：effects``; the effects are ``主動+N`` (active), ``被動+N``
(passive) and special abilities written as their name and cost (``回復能力4``), with ``=M``
after the cost for the GM's amount (``多次攻擊3=3``: three points, three attacks).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from tabletop_rules.bar2d6._character import (
    BASE_HP,
    PERSONALITY_POINTS,
    Character,
    Item,
    ItemKind,
    Problem,
    Special,
    SpecialKind,
    creation_problems,
    normalize,
)
from tabletop_rules.errors import InvalidCharacter
from tabletop_rules.i18n import LOCALES, resolve_locale, translate
from tabletop_rules.kit import checked, checked_text

__all__ = ["EXAMPLE_SHEET", "format_sheet", "parse_sheet"]

#: The climber B of the rule text's example (B2D6-33), as a sheet.
#:
#: .. versionadded:: 0.1.0
EXAMPLE_SHEET: Final = """\
姓名：B
描述：攀岩好手
血量：4
個性點數：7/10
項目：
攀爬（技能）：主動+2
繩鉤（武器）：主動+3
"""

_FIELDS: Final = ("name", "description", "hp", "points", "items")
_ACTIVE: Final = "bar2d6.side.active"
_PASSIVE: Final = "bar2d6.side.passive"
# Names and descriptions are kept as written: only the marks are read in either width.
_OPEN: Final = "(（"
_CLOSE: Final = ")）"
_COLONS: Final = ":：︰"
_NUMBER: Final = re.compile(r"[0-9]{1,6}")
_EFFECT: Final = re.compile(
    r"(?P<word>[^\d+\s=,、]+?)\s*(?:\+\s*)?(?P<points>\d{1,4})(?:\s*=\s*(?P<amount>\d{1,4}))?"
)
_SEPARATORS: Final = re.compile(r"[\s,、]+")


def words_of(key: str) -> set[str]:
    """The words of the catalog key *key* in every shipped locale, normalized."""
    return {normalize(translate(key, locale)) for locale in LOCALES}


@functools.cache
def _field_words() -> Mapping[str, str]:
    words: dict[str, str] = {}
    for field in _FIELDS:
        for word in words_of(f"bar2d6.sheet.{field}"):
            words[word] = field
    words["hp"] = "hp"
    words["生命值"] = "hp"
    words["名字"] = "name"
    return MappingProxyType(words)


@functools.cache
def _kind_words() -> Mapping[str, ItemKind]:
    return MappingProxyType(
        {word: kind for kind in ItemKind for word in {*words_of(kind.label), kind.value}}
    )


@functools.cache
def _effect_words() -> Mapping[str, str | SpecialKind]:
    words: dict[str, str | SpecialKind] = {}
    for key, value in ((_ACTIVE, "active"), (_PASSIVE, "passive")):
        for word in {*words_of(key), value}:
            words[word] = value
    for kind in SpecialKind:
        for word in {*words_of(kind.label), kind.value}:
            words[word] = kind
    return MappingProxyType(words)


def _clean(text: str) -> str:
    return "".join(ch for ch in text if ch not in "\u200b\ufeff\u200e\u200f").strip()


def _parse_effects(name: str, text: str, problems: list[Problem]) -> tuple[int, int, list[Special]]:
    active = passive = 0
    specials: list[Special] = []
    for token in _SEPARATORS.split(unicodedata.normalize("NFKC", text).strip()):
        if not token:
            continue
        match = _EFFECT.fullmatch(token)
        what = None if match is None else _effect_words().get(normalize(match["word"]))
        if match is None or what is None:
            problems.append(("bar2d6.problem.sheet_effect", {"item": name, "text": token}))
            continue
        points = int(match["points"])
        if isinstance(what, SpecialKind):
            amount = None if match["amount"] is None else int(match["amount"])
            specials.append(Special(kind=what, cost=points, amount=amount))
        elif match["amount"] is not None:
            problems.append(("bar2d6.problem.sheet_effect", {"item": name, "text": token}))
        elif what == "active":
            active += points
        else:
            passive += points
    return active, passive, specials


def _first(text: str, marks: str, start: int) -> int:
    """Where the first of *marks* is in *text* from *start*, or -1."""
    return min((i for i in (text.find(mark, start) for mark in marks) if i >= 0), default=-1)


def _split_item(line: str) -> tuple[str, str, str] | None:
    """An item line's name, kind and effects (``name（kind）：effects``), or ``None``.

    The name holds no parenthesis or colon and the kind no closing parenthesis; spaces around
    each part are not part of it.
    A scan in one pass: a pattern of lazy parts between optional spaces took cubic time on a
    line of spaces after an unclosed parenthesis (issue 26).
    """
    opened = _first(line, _OPEN + _COLONS, 0)
    if opened < 1 or line[opened] not in _OPEN or not line[:opened].strip():
        return None
    closed = _first(line, _CLOSE, opened + 1)
    if closed <= opened + 1:
        return None
    rest = line[closed + 1 :].lstrip()
    if not rest or rest[0] not in _COLONS:
        return None
    inside = line[opened + 1 : closed]
    return line[:opened].strip(), inside.strip() or inside[-1], rest[1:].lstrip()


def _parse_item(line: str, problems: list[Problem]) -> Item | None:
    parts = _split_item(line)
    if parts is None:
        problems.append(("bar2d6.problem.sheet_line", {"line": line}))
        return None
    name, written_kind, effects = parts
    kind = _kind_words().get(normalize(written_kind))
    if kind is None:
        problems.append(("bar2d6.problem.sheet_kind", {"item": name, "kind": written_kind}))
        return None
    active, passive, specials = _parse_effects(name, effects, problems)
    return Item(name=name, kind=kind, active=active, passive=passive, specials=specials)


#: The longest sheet :func:`parse_sheet` reads, in characters.
MAX_SHEET_LENGTH: Final = 10_000


def _split_line(line: str, colons: str) -> dict[str, str] | None:
    """A ``label: value`` line split at its first colon, in linear time; ``None`` if none."""
    at = min((i for i in (line.find(colon) for colon in colons) if i >= 0), default=-1)
    if at < 0:
        return None
    label = line[:at].strip()
    return {"label": label, "value": line[at + 1 :].strip()} if label else None


def parse_sheet(text: str) -> Character:
    """Read a character from a sheet in the format above.

    >>> from tabletop_rules import bar2d6
    >>> b = bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET)
    >>> b.max_hp, [item.name for item in b.items], b.unspent
    (4, ['攀爬', '繩鉤'], 3)

    Raises:
        InvalidCharacter: Every problem at once: lines that cannot be read, a missing name,
            HP below 3, a stated number of points that is not what is spent, and every
            creation problem (B2D6-04, B2D6-10).

    .. versionadded:: 0.1.0
    """
    text = checked_text(text, "$")
    if len(text) > MAX_SHEET_LENGTH:
        raise InvalidCharacter(
            [("bar2d6.sheet.too_long", {"given": len(text), "allowed": MAX_SHEET_LENGTH})]
        )
    problems: list[Problem] = []
    values: dict[str, str] = {}
    items: list[Item] = []
    in_items = False
    for raw in _clean(text).splitlines():
        line = raw.strip()
        if not line:
            continue
        match = _split_line(line, ":：︰")
        field = None if match is None else _field_words().get(normalize(match["label"]))
        if match is not None and field is not None:
            if field in values or (field == "items" and in_items):
                problems.append(("bar2d6.problem.sheet_repeated", {"field": match["label"]}))
            in_items = field == "items"
            values[field] = match["value"].strip()
            if in_items and values[field]:
                item = _parse_item(values[field], problems)
                if item is not None:
                    items.append(item)
            continue
        if in_items:
            item = _parse_item(line, problems)
            if item is not None:
                items.append(item)
            continue
        problems.append(("bar2d6.problem.sheet_line", {"line": line}))
    name = values.get("name", "")
    hp_bought = 0
    if "hp" in values:
        hp_text = normalize(values["hp"])
        if not _NUMBER.fullmatch(hp_text) or int(hp_text) < BASE_HP:
            problems.append(("bar2d6.problem.sheet_hp", {"hp": hp_text, "base": BASE_HP}))
        else:
            hp_bought = int(hp_text) - BASE_HP
    problems.extend(
        creation_problems(
            name=name,
            items=tuple(items),
            hp_bought=hp_bought,
            description=values.get("description", ""),
        )
    )
    if "points" in values:
        spent = sum(item.points for item in items) + 2 * hp_bought
        stated = normalize(values["points"]).split("/")[0].strip()
        if not _NUMBER.fullmatch(stated) or int(stated) != spent:
            problems.append(("bar2d6.problem.sheet_points", {"stated": stated, "spent": spent}))
    if problems:
        raise InvalidCharacter(problems)
    return Character(
        name=name, description=values.get("description", ""), items=items, hp_bought=hp_bought
    )


def _effects(item: Item, locale: str) -> str:
    parts: list[str] = []
    if item.active:
        parts.append(f"{translate(_ACTIVE, locale)}+{item.active}")
    if item.passive:
        parts.append(f"{translate(_PASSIVE, locale)}+{item.passive}")
    for special in item.specials:
        amount = "" if special.amount is None else f"={special.amount}"
        parts.append(f"{translate(special.kind.label, locale)}{special.cost}{amount}")
    return " ".join(parts)


def format_sheet(character: Character, locale: str = "zh-Hant") -> str:
    """Write *character* as a sheet with *locale*'s labels; :func:`parse_sheet` reads it back.

    >>> from tabletop_rules import bar2d6
    >>> print(bar2d6.format_sheet(bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET), "en"))
    Name: B
    Description: 攀岩好手
    HP: 4
    Points: 7/10
    Items:
    攀爬 (Skill): Active+2
    繩鉤 (Weapon): Active+3

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "bar2d6.Character")
    locale = resolve_locale(locale)
    wide = locale != "en"
    colon = "：" if wide else ": "

    def label(field: str) -> str:
        return translate(f"bar2d6.sheet.{field}", locale)

    lines = [f"{label('name')}{colon}{character.name}"]
    if character.description:
        lines.append(f"{label('description')}{colon}{character.description}")
    lines.append(f"{label('hp')}{colon}{character.max_hp}")
    lines.append(f"{label('points')}{colon}{character.spent}/{PERSONALITY_POINTS}")
    lines.append(f"{label('items')}{colon}".rstrip())
    for item in character.items:
        kind = translate(item.kind.label, locale)
        head = f"{item.name}（{kind}）" if wide else f"{item.name} ({kind})"
        lines.append(f"{head}{colon}{_effects(item, locale)}".rstrip())
    return "\n".join(lines)
