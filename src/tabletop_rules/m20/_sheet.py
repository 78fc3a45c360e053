"""The m20 character sheet: read the format of the rule text's example, and write it back.

The format is that of 楊望蒼 in the rule text (M20-023)::

    姓名：楊望蒼
    描述：御使蒼藍色鬥氣的雙劍士，食量很大
    屬性：物攻3 特攻3 物防２ 特防２
    生命值：３
    行事傾向：身體型
    特長：身理＋３ 詭計＋１ 知識＋0 交涉＋０
    技能：
    蒼嵐劍勢（雙重攻擊）：可以在進行攻擊判定時承受－２減值，以進行二次攻擊。
    ...

Field names and words may be written in any shipped locale (``姓名`` or ``Name``), in full or
half width.

A sheet comes from a player, so reading one is bounded: a sheet longer than
``MAX_SHEET_LENGTH`` characters is refused before it is read, and the error lists at most
``MAX_SHEET_PROBLEMS`` problems (then how many more there are), each quoting at most 40
characters of the sheet, in a message of at most ``MAX_MESSAGE_LENGTH`` characters in every
shipped locale.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final, NamedTuple, TypeVar

import attrs

from tabletop_rules.errors import InvalidCharacter
from tabletop_rules.i18n import DEFAULT_LOCALE, LOCALES, Label, catalog, resolve_locale, translate
from tabletop_rules.kit import checked, checked_text, checked_whole
from tabletop_rules.m20._character import (
    BASE_HP,
    SKILL_SLOTS,
    Attribute,
    Attributes,
    Character,
    Problem,
    Specialty,
    Tendency,
    creation_problems,
    normalize,
)
from tabletop_rules.m20._skills import Skill, SkillPick

__all__ = [
    "EXAMPLE_SHEET",
    "MAX_MESSAGE_LENGTH",
    "MAX_SHEET_LENGTH",
    "MAX_SHEET_PROBLEMS",
    "format_sheet",
    "parse_sheet",
]

#: The longest sheet :func:`parse_sheet` reads by default, in characters; the rule text's
#: example has about 300.
#:
#: .. versionadded:: 0.1.0
MAX_SHEET_LENGTH: Final = 10_000

#: The most problems one error from :func:`parse_sheet` lists; the others are counted in a
#: last problem ("and 12 more").
#:
#: .. versionadded:: 0.1.0
MAX_SHEET_PROBLEMS: Final = 10

#: The longest message of an error from :func:`parse_sheet`, in every shipped locale: what
#: one chat message holds on the strictest common platform (Discord's 2,000 characters).
#: Fewer than ``MAX_SHEET_PROBLEMS`` problems are listed when more would not fit.
#:
#: .. versionadded:: 0.1.0
MAX_MESSAGE_LENGTH: Final = 2_000

#: The fields of a problem that quote the sheet (or a name taken from it): clipped to 40
#: characters in every problem, so that no problem grows with the sheet.
_QUOTED: Final = frozenset({"word", "text", "field", "pick", "situation"})

#: The rule text's example sheet, 楊望蒼 (M20-023), as the text gives it.
#:
#: .. versionadded:: 0.1.0
EXAMPLE_SHEET: Final = """\
姓名：楊望蒼
描述：御使蒼藍色鬥氣的雙劍士，食量很大
屬性：物攻3 特攻3 物防２ 特防２
生命值：３
行事傾向：身體型
特長：身理＋３ 詭計＋１ 知識＋0 交涉＋０
技能：
蒼嵐劍勢（雙重攻擊）：可以在進行攻擊判定時承受－２減值，以進行二次攻擊。
這兩次攻擊可以針對同一個目標，也可以針對不同目標。
蒼嵐鬥氣（強化雙重攻擊）：在進行雙重攻擊時，攻擊判定所承受的減值從－２變為－０。
蒼空/夜魂（攻擊強化）：進行攻擊判定時將額外獲得＋１加值。
半狼（專精特長）：進行與[調查線索]或[奔跑]相關的判定時獲得＋５的加值
"""

#: The sheet's fields, in the order a sheet writes them.
_FIELDS: Final = ("name", "description", "attributes", "hp", "tendency", "specialties", "skills")
#: The fields a sheet must have.
_REQUIRED: Final = ("name", "attributes", "tendency", "specialties")
#: The rule text quotes its example after 「引用︰」 (quote:); the marker is not part of it.
_QUOTE_MARKERS: Final = ("引用︰", "引用:", "引用：")

_E = TypeVar("_E", Attribute, Specialty, Tendency, Skill)

_SEPARATORS: Final = r"[\s,、，/]"
_TOKEN: Final = re.compile(
    rf"{_SEPARATORS}*(?P<word>[^\d+\-\s,、，/](?:[^\d+\-,、，/]*[^\d+\-\s,、，/])?)"
    rf"\s*(?P<value>[+\-]?\d{{1,6}}){_SEPARATORS}*"
)
#: The HP line's number.
_HP: Final = re.compile(r"\+?\d{1,6}")
#: Invisible characters that copying a sheet from a chat or a web page may bring along.
_INVISIBLE: Final = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060"))
#: Marks read as another: the text's own ``︰`` (in 引用︰) is a colon.
_ALSO: Final = {":": "︰"}
#: Signs read as a minus in a line of scores.
_MINUS: Final = str.maketrans({"−": "-", "–": "-"})


def _words(members: Iterable[_E]) -> Mapping[str, _E]:
    found: dict[str, _E] = {}
    for member in members:
        words = {member.text_name, str(member.value)}
        words.update(translate(member.label, locale) for locale in LOCALES)
        for word in words:
            found[normalize(word)] = member
    return MappingProxyType(found)


class _Vocabulary(NamedTuple):
    fields: Mapping[str, tuple[str, str]]
    attributes: Mapping[str, Attribute]
    specialties: Mapping[str, Specialty]
    tendencies: Mapping[str, Tendency]
    skills: Mapping[str, Skill]


@functools.cache
def _vocabulary() -> _Vocabulary:
    fields: dict[str, tuple[str, str]] = {}
    for locale in reversed(LOCALES):  # the first locale wins a shared word: zh-Hant, zh-Hans, ja
        for field in _FIELDS:
            fields[normalize(translate(f"m20.sheet.field.{field}", locale))] = (field, locale)
    return _Vocabulary(
        fields=MappingProxyType(fields),
        attributes=_words(Attribute),
        specialties=_words(Specialty),
        tendencies=_words(Tendency),
        skills=_words(Skill),
    )


def _is(ch: str, mark: str) -> bool:
    return unicodedata.normalize("NFKC", ch) == mark or ch == _ALSO.get(mark)


def _find(text: str, mark: str) -> int | None:
    for index, ch in enumerate(text):
        if _is(ch, mark):
            return index
    return None


def _rfind(text: str, mark: str) -> int | None:
    for index in range(len(text) - 1, -1, -1):
        if _is(text[index], mark):
            return index
    return None


def _bracketed(text: str) -> tuple[str, ...]:
    """The terms written in brackets (``[奔跑]`` or ``［奔跑］``), in order."""
    found: list[str] = []
    start: int | None = None
    for index, ch in enumerate(text):
        if _is(ch, "["):
            start = index + 1
        elif _is(ch, "]") and start is not None:
            found.append(text[start:index].strip())
            start = None
    return tuple(found)


def _clip(text: str, limit: int = 40) -> str:
    """*text* as a problem quotes it: at most *limit* characters."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


@functools.lru_cache(maxsize=256)  # a sheet may name any locale tag
def _known(locale: str, labels: tuple[str, ...]) -> str:
    """The words of *labels* in *locale*, as a problem lists them."""
    return translate("m20.sheet.list_separator", locale).join(
        translate(label, locale) for label in labels
    )


def _quoted(value: object) -> object:
    if isinstance(value, str):
        return _clip(value)
    if isinstance(value, Label) and value.key not in catalog(DEFAULT_LOCALE):
        return Label(_clip(value.key))  # a name from the sheet, not a catalog key
    return value


def _short(problem: Problem) -> Problem:
    """*problem* with every quote of the sheet clipped."""
    key, params = problem
    return key, {name: _quoted(v) if name in _QUOTED else v for name, v in params.items()}


def _message(problems: list[Problem], locale: str) -> str:
    """The message of an :class:`InvalidCharacter` of *problems* in *locale*."""
    listed = "; ".join(translate(key, locale, **params) for key, params in problems)
    return translate("error.invalid_character", locale, problems=listed)


def _reported(problems: list[Problem]) -> list[Problem]:
    """The problems an error lists: the first ones that fit, then how many more there are.

    At most ``MAX_SHEET_PROBLEMS`` are listed, fewer when the message would pass
    ``MAX_MESSAGE_LENGTH`` characters in a shipped locale; the first is always listed.
    """

    def more(count: int) -> list[Problem]:
        return [("m20.problem.sheet.more", {"count": count})] if count else []

    shown: list[Problem] = []
    for problem in problems[:MAX_SHEET_PROBLEMS]:
        candidate = [*shown, _short(problem)]
        tail = more(len(problems) - len(candidate))
        if shown and any(
            len(_message(candidate + tail, locale)) > MAX_MESSAGE_LENGTH for locale in LOCALES
        ):
            break
        shown = candidate
    return shown + more(len(problems) - len(shown))


def _drop_quote_marker(line: str) -> str:
    for marker in _QUOTE_MARKERS:
        if line.startswith(marker):
            return line[len(marker) :].strip()
    return line


@attrs.define
class _PickDraft:
    skill: Skill
    display_name: str | None
    note: list[str]

    def build(self) -> SkillPick:
        situations = _bracketed("\n".join(self.note)) if self.skill is Skill.EXPERTISE else ()
        return SkillPick(skill=self.skill, display_name=self.display_name, situations=situations)


@attrs.define
class _Reader:
    """The state of one reading: what was found, and every problem."""

    vocabulary: _Vocabulary
    locale: str | None = None
    problems: list[Problem] = attrs.field(factory=list[Problem])
    values: dict[str, tuple[int, str]] = attrs.field(factory=dict[str, tuple[int, str]])
    #: One draft per skill line; ``None`` for a line whose skill could not be read.
    drafts: list[_PickDraft | None] = attrs.field(factory=list[_PickDraft | None])
    in_skills: bool = False
    skills_read: bool = True

    @property
    def sheet_locale(self) -> str:
        return self.locale or "zh-Hant"

    def known(self, labels: Iterable[str]) -> str:
        return _known(self.sheet_locale, tuple(labels))

    def read(self, text: str) -> None:
        first = True
        text = text.translate(_INVISIBLE)
        for number, line in enumerate(text.splitlines(), 1):
            raw = line.strip()
            if first and raw:
                raw, first = _drop_quote_marker(raw), False
            if not raw:
                continue
            if self.in_skills:
                self.skill_line(number, raw)
            else:
                self.header_line(number, raw)

    def header(self, raw: str) -> tuple[str, str] | None:
        colon = _find(raw, ":")
        if colon is None:
            return None
        found = self.vocabulary.fields.get(normalize(raw[:colon]))
        if found is None:
            return None
        field, locale = found
        if self.locale is None or (self.locale, locale) == ("zh-Hant", "zh-Hans"):
            # The two scripts share field names (姓名, 描述, 技能), which read as zh-Hant: a
            # sheet is Simplified from its first field name that only Simplified writes.
            self.locale = locale
        return field, raw[colon + 1 :].strip()

    def header_line(self, number: int, raw: str) -> None:
        found = self.header(raw)
        if found is None:
            self.problems.append(
                ("m20.problem.sheet.unknown_line", {"line": number, "text": _clip(raw)})
            )
            return
        self.field(number, raw, *found)

    def field(self, number: int, raw: str, field: str, value: str) -> None:
        if field in self.values:
            head = raw[: _find(raw, ":")].strip()
            self.problems.append(
                ("m20.problem.sheet.duplicate_field", {"line": number, "field": head})
            )
            return
        self.values[field] = (number, value)
        if field == "skills":
            self.in_skills = True
            if value:
                self.skill_line(number, value)

    def skill_line(self, number: int, raw: str) -> None:
        colon = _find(raw, ":")
        if colon is None and self._names_a_skill(raw):
            # A skill written without a description is a pick of its own.
            self.skill_line(number, f"{raw}：")
            return
        if colon is None:
            if self.drafts:
                # The description of the skill above goes on.
                draft = self.drafts[-1]
                if draft is not None:
                    draft.note.append(raw)
                return
            self.problems.append(
                ("m20.problem.sheet.skill_line", {"line": number, "text": _clip(raw)})
            )
            self.skills_read = False
            return
        head = raw[:colon]
        note = raw[colon + 1 :].strip()
        opening, closing = _rfind(head, "("), _rfind(head, ")")
        if (
            opening is not None
            and closing is not None
            and opening < closing
            and not head[closing + 1 :].strip()
        ):
            display = head[:opening].strip() or None
            self.start_pick(number, head[opening + 1 : closing], display, note)
            return
        word = normalize(head)
        if word in self.vocabulary.skills:
            self.start_pick(number, head, None, note)
            return
        found = self.header(raw)
        if found is not None and found[0] != "skills":
            self.in_skills = False
            self.field(number, raw, *found)
            return
        self.start_pick(number, head, None, note)

    def _names_a_skill(self, raw: str) -> bool:
        opening, closing = _rfind(raw, "("), _rfind(raw, ")")
        if opening is not None and closing is not None and opening < closing:
            if raw[closing + 1 :].strip():
                return False
            raw = raw[opening + 1 : closing]
        return normalize(raw) in self.vocabulary.skills

    def start_pick(self, number: int, word: str, display: str | None, note: str) -> None:
        skill = self.vocabulary.skills.get(normalize(word))
        if skill is None:
            if self.skills_read:
                # The first unknown skill lists the rules' skills; the others do not repeat it.
                key = "m20.problem.sheet.unknown_skill"
                params: dict[str, object] = {"known": self.known(s.label for s in Skill)}
            else:
                key, params = "m20.problem.sheet.unknown_skill_again", {}
            self.problems.append((key, {"line": number, "word": word.strip(), **params}))
            self.skills_read = False
            self.drafts.append(None)
            return
        self.drafts.append(_PickDraft(skill, display, [note] if note else []))

    def picks(self) -> tuple[SkillPick, ...]:
        return tuple(draft.build() for draft in self.drafts if draft is not None)

    def scores(
        self, field: str, words: Mapping[str, _E], members: tuple[_E, ...]
    ) -> dict[_E, int] | None:
        """The ``word number`` pairs of an attribute or specialty line, or ``None``."""
        if field not in self.values:
            return None
        number, raw = self.values[field]
        text = unicodedata.normalize("NFKC", raw).translate(_MINUS)
        scores: dict[_E, int] = {}
        position = 0
        readable = bool(text)
        while position < len(text):
            match = _TOKEN.match(text, position)
            if match is None:
                readable = False
                break
            position = match.end()
            member = words.get(normalize(match["word"]))
            if member is None:
                self.problems.append(
                    (
                        "m20.problem.sheet.unknown_word",
                        {
                            "line": number,
                            "word": match["word"],
                            "known": self.known(m.label for m in members),
                        },
                    )
                )
            elif member in scores:
                self.problems.append(
                    ("m20.problem.sheet.repeated_word", {"line": number, "word": match["word"]})
                )
            else:
                scores[member] = int(match["value"])
        if not readable:
            self.problems.append(
                (
                    "m20.problem.sheet.unreadable",
                    {"line": number, "text": _clip(raw), "example": self.example(field)},
                )
            )
            return None
        missing = [m for m in members if m not in scores]
        for member in missing:
            self.problems.append(
                (
                    "m20.problem.sheet.missing_word",
                    {"line": number, "word": translate(member.label, self.sheet_locale)},
                )
            )
        return None if missing else scores

    def example(self, field: str) -> str:
        if field == "attributes":
            return _attribute_text((3, 3, 2, 2), self.sheet_locale)
        return _specialty_text((3, 1, 0, 0), self.sheet_locale)

    def hp(self) -> int | None:
        if "hp" not in self.values:
            return None
        number, raw = self.values["hp"]
        text = unicodedata.normalize("NFKC", raw).strip()
        if _HP.fullmatch(text) is None:
            self.problems.append(
                ("m20.problem.sheet.bad_number", {"line": number, "text": _clip(raw)})
            )
            return None
        return int(text)

    def tendency(self) -> Tendency | None:
        if "tendency" not in self.values:
            return None
        number, raw = self.values["tendency"]
        found = self.vocabulary.tendencies.get(normalize(raw))
        if found is None:
            self.problems.append(
                (
                    "m20.problem.sheet.unknown_word",
                    {
                        "line": number,
                        "word": raw,
                        "known": self.known(t.label for t in Tendency),
                    },
                )
            )
        return found

    def bonus_specialty(
        self, tendency: Tendency | None, stated: dict[Specialty, int] | None
    ) -> Specialty | None:
        """The specialty whose stated bonus is 1 above what the tendency gives, if any.

        Every stated bonus that does not fit the tendency and that specialty is a problem.
        """
        if tendency is None or stated is None:
            return None
        above = {s: stated[s] - tendency.bonus(s) for s in Specialty}
        # The first specialty exactly 1 above; failing that, the one furthest above.
        exact = [s for s in Specialty if above[s] == 1]
        best = exact[0] if exact else max(Specialty, key=lambda s: above[s])
        if above[best] < 1:
            number, _ = self.values["specialties"]
            self.problems.append(
                (
                    "m20.problem.sheet.no_bonus_specialty",
                    {"line": number, "tendency": translate(tendency.label, self.sheet_locale)},
                )
            )
            return None
        for specialty in Specialty:
            computed = tendency.bonus(specialty) + (1 if specialty is best else 0)
            if stated[specialty] != computed:
                self.problems.append(
                    (
                        "m20.problem.stated_bonus",
                        {
                            "specialty": Label(specialty.label),
                            "stated": stated[specialty],
                            "computed": computed,
                        },
                    )
                )
        return best


def parse_sheet(text: str, *, max_length: int = MAX_SHEET_LENGTH) -> Character:
    """Read a character sheet in the format of the rule text's example (M20-023).

    Lines are ``field：value``: 姓名, 描述, 屬性 (``物攻3 特攻3 物防２ 特防２``), 生命值,
    行事傾向, 特長 (``身理＋３ 詭計＋１ 知識＋0 交涉＋０``) and 技能, in any order, the
    skills last; field names and words may be those of any shipped locale, in full or half
    width.
    Under 技能, each skill is ``顯示名稱（原技能）：說明`` or ``原技能：說明``; the
    description may run onto the following lines, and is not kept, except that a 專精特長's
    two situations are the terms it writes in brackets (``[調查線索]或[奔跑]``).

    The bonus specialty is the one whose stated bonus is 1 above the tendency's.
    A stated 生命值 or specialty bonus that contradicts what the rules compute is a problem;
    生命值 and 描述 may be left out.

    Args:
        text: The sheet.
        max_length: The longest sheet read, in characters (10,000 if not given); a longer
            one is refused before any other work.

    Returns:
        The character.

    Raises:
        InvalidCharacter: The sheet is too long (``m20.problem.sheet.too_long``), cannot be
            read or breaks a creation rule; the problems are listed, each saying what to fix,
            at most 10 of them and then how many more there are, in a message of at most
            2,000 characters in every shipped locale (see :doc:`/limits`).

    .. versionadded:: 0.1.0
    """
    text = checked_text(text, "$")
    max_length = checked_whole(max_length, "$.max_length")
    if len(text) > max_length:
        raise InvalidCharacter(
            [("m20.problem.sheet.too_long", {"given": len(text), "allowed": max_length})]
        )
    vocabulary = _vocabulary()
    reader = _Reader(vocabulary)
    reader.read(text)
    for field in _REQUIRED:
        if field not in reader.values:
            reader.problems.append((f"m20.problem.sheet.missing_{field}", {}))
    scores = reader.scores("attributes", vocabulary.attributes, tuple(Attribute))
    attributes = Attributes.from_mapping(scores) if scores is not None else None
    stated_hp = reader.hp()
    tendency = reader.tendency()
    stated = reader.scores("specialties", vocabulary.specialties, tuple(Specialty))
    bonus = reader.bonus_specialty(tendency, stated)
    picks = reader.picks()
    name = reader.values["name"][1] if "name" in reader.values else None
    description = reader.values["description"][1] if "description" in reader.values else ""
    problems = reader.problems
    problems.extend(
        creation_problems(name=name, description=description, attributes=attributes, picks=picks)
    )
    if stated_hp is not None and reader.skills_read and len(picks) <= SKILL_SLOTS:
        computed = BASE_HP + SKILL_SLOTS - len(picks)
        if stated_hp != computed:
            problems.append(
                (
                    "m20.problem.stated_hp",
                    {"stated": stated_hp, "computed": computed, "picks": len(picks)},
                )
            )
    if problems or name is None or attributes is None or tendency is None or bonus is None:
        raise InvalidCharacter(_reported(problems))
    return Character(
        name=name,
        description=description,
        attributes=attributes,
        tendency=tendency,
        bonus_specialty=bonus,
        picks=picks,
    )


def _digits(value: int, locale: str) -> str:
    digits = translate("m20.sheet.digits", locale)
    text = "".join(digits[int(d)] for d in str(abs(value)))
    return translate("m20.sheet.minus", locale) + text if value < 0 else text


def _signed(value: int, locale: str) -> str:
    if value < 0:
        return _digits(value, locale)
    return translate("m20.sheet.plus", locale) + _digits(value, locale)


def _attribute_text(values: Iterable[int], locale: str) -> str:
    return translate("m20.sheet.separator", locale).join(
        translate(
            "m20.sheet.attribute",
            locale,
            attribute=translate(attribute.label, locale),
            value=_digits(value, locale),
        )
        for attribute, value in zip(Attribute, values, strict=True)
    )


def _specialty_text(values: Iterable[int], locale: str) -> str:
    return translate("m20.sheet.separator", locale).join(
        translate(
            "m20.sheet.specialty",
            locale,
            specialty=translate(specialty.label, locale),
            value=_signed(value, locale),
        )
        for specialty, value in zip(Specialty, values, strict=True)
    )


def _skill_line(pick: SkillPick, locale: str) -> str:
    if pick.skill is Skill.EXPERTISE and len(pick.situations) == 2:
        first, second = pick.situations
        effect = translate("m20.sheet.expertise_effect", locale, first=first, second=second)
    else:
        effect = translate(pick.skill.effect_label, locale)
    skill = translate(pick.skill.label, locale)
    if pick.display_name is None:
        return translate("m20.sheet.skill", locale, skill=skill, effect=effect)
    return translate(
        "m20.sheet.skill_renamed", locale, name=pick.display_name, skill=skill, effect=effect
    )


def format_sheet(character: Character, locale: str = "zh-Hant") -> str:
    """Write *character* as a sheet that :func:`parse_sheet` reads back to an equal character.

    Field names, words, digits and signs are those of *locale*; each skill gets a one-line
    summary of its effect (a 專精特長 names its situations in brackets).

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "m20.Character")
    locale = resolve_locale(locale)

    def line(field: str, value: str) -> str:
        name = translate(f"m20.sheet.field.{field}", locale)
        return translate("m20.sheet.line", locale, field=name, value=value).rstrip()

    lines = [
        line("name", character.name),
        line("description", character.description),
        line(
            "attributes",
            _attribute_text((character.attributes[a] for a in Attribute), locale),
        ),
        line("hp", _digits(character.max_hp, locale)),
        line("tendency", translate(character.tendency.label, locale)),
        line(
            "specialties",
            _specialty_text((character.specialty_bonus(s) for s in Specialty), locale),
        ),
        line("skills", ""),
        *(_skill_line(pick, locale) for pick in character.picks),
    ]
    return "\n".join(lines) + "\n"
