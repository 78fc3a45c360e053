"""m20 characters: attributes, specialties, tendencies, skill picks and their validation."""

from __future__ import annotations

import enum
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping

import attrs

from tabletop_rules.errors import InvalidCharacter
from tabletop_rules.i18n import Label
from tabletop_rules.kit import a_whole, an_instance, checked_items, checked_text
from tabletop_rules.m20._skills import Skill, SkillPick

__all__ = [
    "ATTRIBUTE_POINTS",
    "BASE_HP",
    "MAX_ATTRIBUTE",
    "SKILL_SLOTS",
    "Attribute",
    "Attributes",
    "Character",
    "Specialty",
    "Tendency",
]

#: Attribute points every character spends, all of them (M20-005).
ATTRIBUTE_POINTS = 10
#: The most points one attribute may have (M20-006).
MAX_ATTRIBUTE = 4
#: Skill slots; each pick, a repeat included, fills one (M20-018).
SKILL_SLOTS = 4
#: HP before unused skill slots are added (M20-002).
BASE_HP = 3

#: One problem of a character — a catalog key and the values that fill it.
Problem = tuple[str, Mapping[str, object]]


class Attribute(enum.Enum):
    """One of the four attributes (屬性, M20-004).

    .. versionadded:: 0.1.0
    """

    #: 物攻 — physical attacks; acting checks of 身理 and 詭計.
    PHYSICAL_ATTACK = "physical_attack"
    #: 特攻 — special attacks; acting checks of 知識 and 交涉.
    SPECIAL_ATTACK = "special_attack"
    #: 物防 — physical defense; reacting checks of 身理 and 詭計.
    PHYSICAL_DEFENSE = "physical_defense"
    #: 特防 — special defense; reacting checks of 知識 and 交涉.
    SPECIAL_DEFENSE = "special_defense"

    @property
    def label(self) -> str:
        """The catalog key of the attribute's name."""
        return f"m20.attribute.{self.value}"

    @property
    def text_name(self) -> str:
        """The attribute's name in the rule text (``"物攻"``)."""
        return _ATTRIBUTE_NAMES[self]

    @property
    def offensive(self) -> bool:
        """Whether this is 物攻 or 特攻 (used when acting and attacking)."""
        return self in (Attribute.PHYSICAL_ATTACK, Attribute.SPECIAL_ATTACK)

    @property
    def physical(self) -> bool:
        """Whether this is 物攻 or 物防."""
        return self in (Attribute.PHYSICAL_ATTACK, Attribute.PHYSICAL_DEFENSE)


_ATTRIBUTE_NAMES = {
    Attribute.PHYSICAL_ATTACK: "物攻",
    Attribute.SPECIAL_ATTACK: "特攻",
    Attribute.PHYSICAL_DEFENSE: "物防",
    Attribute.SPECIAL_DEFENSE: "特防",
}


class Specialty(enum.Enum):
    """One of the four specialties (特長, M20-008, M20-011).

    .. versionadded:: 0.1.0
    """

    #: 身理 — climbing, dodging falling rocks, anything that moves the body.
    PHYSIQUE = "physique"
    #: 詭計 — finding clues, hiding, concealing things, disguise.
    CUNNING = "cunning"
    #: 知識 — understanding, learning, logical reasoning.
    KNOWLEDGE = "knowledge"
    #: 交涉 — persuading, intimidating, deceiving other thinking beings.
    NEGOTIATION = "negotiation"

    @property
    def label(self) -> str:
        """The catalog key of the specialty's name."""
        return f"m20.specialty.{self.value}"

    @property
    def text_name(self) -> str:
        """The specialty's name in the rule text (``"身理"``)."""
        return _SPECIALTY_NAMES[self]

    @property
    def scope(self) -> str:
        """The catalog key of what the specialty covers, in the text's words (M20-011).

        A bot can show it to a player who asks which specialty fits.
        """
        return f"m20.specialty.{self.value}.scope"

    @property
    def physical(self) -> bool:
        """Whether the specialty uses 物攻/物防 (身理, 詭計) rather than 特攻/特防 (M20-039)."""
        return self in (Specialty.PHYSIQUE, Specialty.CUNNING)


_SPECIALTY_NAMES = {
    Specialty.PHYSIQUE: "身理",
    Specialty.CUNNING: "詭計",
    Specialty.KNOWLEDGE: "知識",
    Specialty.NEGOTIATION: "交涉",
}


class Tendency(enum.Enum):
    """A character's tendency (行事傾向, M20-012..017).

    .. versionadded:: 0.1.0
    """

    #: 身體型 — 身理 +3.
    PHYSIQUE = "physique"
    #: 詭計型 — 詭計 +3.
    CUNNING = "cunning"
    #: 知識型 — 知識 +3.
    KNOWLEDGE = "knowledge"
    #: 交涉型 — 交涉 +3.
    NEGOTIATION = "negotiation"
    #: 萬能型 — +1 to every specialty.
    ALL_ROUND = "all_round"

    @property
    def label(self) -> str:
        """The catalog key of the tendency's name."""
        return f"m20.tendency.{self.value}"

    @property
    def text_name(self) -> str:
        """The tendency's name in the rule text (``"身體型"``)."""
        return _TENDENCY_NAMES[self]

    @property
    def specialty(self) -> Specialty | None:
        """The specialty the tendency gives +3, or ``None`` for 萬能型."""
        if self is Tendency.ALL_ROUND:
            return None
        return Specialty(self.value)

    def bonus(self, specialty: Specialty) -> int:
        """The bonus the tendency gives *specialty*.

        >>> Tendency.PHYSIQUE.bonus(Specialty.PHYSIQUE), Tendency.ALL_ROUND.bonus(Specialty.CUNNING)
        (3, 1)
        """
        if self is Tendency.ALL_ROUND:
            return 1
        return 3 if self.specialty is specialty else 0


_TENDENCY_NAMES = {
    Tendency.PHYSIQUE: "身體型",
    Tendency.CUNNING: "詭計型",
    Tendency.KNOWLEDGE: "知識型",
    Tendency.NEGOTIATION: "交涉型",
    Tendency.ALL_ROUND: "萬能型",
}


@attrs.frozen(kw_only=True)
class Attributes:
    """The four attribute values (M20-004, M20-007).

    The value holds any whole numbers (a summon has 物攻2 特攻2 物防0 特防0);
    :class:`Character` checks the creation rules (10 points, each 0–4).

    >>> stats = Attributes(
    ...     physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
    ... )
    >>> stats[Attribute.PHYSICAL_DEFENSE], stats.total
    (2, 10)

    .. versionadded:: 0.1.0
    """

    #: 物攻.
    physical_attack: int = attrs.field(validator=a_whole)
    #: 特攻.
    special_attack: int = attrs.field(validator=a_whole)
    #: 物防.
    physical_defense: int = attrs.field(validator=a_whole)
    #: 特防.
    special_defense: int = attrs.field(validator=a_whole)

    def __getitem__(self, attribute: Attribute) -> int:
        value: int = getattr(self, attribute.value)
        return value

    @property
    def total(self) -> int:
        """The sum of the four values."""
        return (
            self.physical_attack
            + self.special_attack
            + self.physical_defense
            + self.special_defense
        )

    @classmethod
    def from_mapping(cls, values: Mapping[Attribute, int]) -> Attributes:
        """Build the value from one number per attribute.

        Raises:
            KeyError: An attribute is missing.
        """
        return cls(**{attribute.value: values[attribute] for attribute in Attribute})


def _picks(picks: Iterable[SkillPick]) -> tuple[SkillPick, ...]:
    return checked_items(picks, SkillPick, "$.picks", "m20.SkillPick")


def _name(value: str) -> str:
    return checked_text(value, "$.name").strip()


def _description(value: str) -> str:
    return checked_text(value, "$.description").strip()


@attrs.frozen(kw_only=True, cache_hash=True)
class Character:
    """An m20 character; building one that breaks a creation rule raises.

    Args:
        name: The character's name (one line, not blank).
        description: A one-line description (may be empty).
        attributes: 10 points over 物攻, 特攻, 物防, 特防, each 0–4 (M20-005, M20-006).
        tendency: The tendency, which gives its specialty +3 or every specialty +1.
        bonus_specialty: The one specialty that gets a further +1 (M20-010); it may be the
            tendency's own.
        picks: At most 4 skill picks (M20-018), each skill within its repeat limit and with
            its prerequisites (M20-019, M20-071, M20-080, ...); each 專精特長 names exactly
            two different situations (M20-136).

    Raises:
        InvalidCharacter: The character breaks any creation rule; the error lists every
            problem at once, each with a catalog key (``m20.problem.*``).

    .. versionadded:: 0.1.0
    """

    #: The character's name.
    name: str = attrs.field(converter=_name)
    #: A one-line description.
    description: str = attrs.field(default="", converter=_description)
    #: The attribute values.
    attributes: Attributes = attrs.field(validator=an_instance(Attributes, "m20.Attributes"))
    #: The tendency.
    tendency: Tendency = attrs.field(validator=an_instance(Tendency, "m20.Tendency"))
    #: The specialty that gets the creation +1.
    bonus_specialty: Specialty = attrs.field(validator=an_instance(Specialty, "m20.Specialty"))
    #: The skill picks, in the order written.
    picks: tuple[SkillPick, ...] = attrs.field(default=(), converter=_picks)
    #: The distinct skills picked, in the order of their first pick (derived from
    #: :attr:`picks`, for quick look-ups).
    skills: tuple[Skill, ...] = attrs.field(init=False, eq=False, repr=False)

    @skills.default  # pyright: ignore[reportAttributeAccessIssue, reportUntypedFunctionDecorator, reportUnknownMemberType]
    def _skills(self) -> tuple[Skill, ...]:  # pyright: ignore[reportUnusedFunction]
        # A pick that is no SkillPick is reported by the creation checks that follow.
        found = (p.skill for p in self.picks if isinstance(p, SkillPick))  # pyright: ignore[reportUnnecessaryIsInstance]
        return tuple(dict.fromkeys(found))

    def __attrs_post_init__(self) -> None:
        problems = creation_problems(
            name=self.name,
            description=self.description,
            attributes=self.attributes,
            picks=self.picks,
        )
        if problems:
            raise InvalidCharacter(problems)

    @property
    def max_hp(self) -> int:
        """3, plus 1 for every skill slot left empty (M20-002, M20-003).

        Every pick fills a slot, a repeat included.
        """
        return BASE_HP + SKILL_SLOTS - len(self.picks)

    def specialty_bonus(self, specialty: Specialty) -> int:
        """The bonus of *specialty*: the tendency's, plus 1 for the bonus specialty."""
        return self.tendency.bonus(specialty) + (1 if specialty is self.bonus_specialty else 0)

    def picks_of(self, skill: Skill) -> tuple[SkillPick, ...]:
        """The picks of *skill*, in order."""
        return tuple(pick for pick in self.picks if pick.skill is skill)

    def count(self, skill: Skill) -> int:
        """How many times *skill* is picked."""
        return sum(1 for pick in self.picks if pick.skill is skill)

    def has(self, skill: Skill) -> bool:
        """Whether *skill* is picked at least once."""
        return skill in self.skills


def normalize(text: str) -> str:
    """Text as the library compares it: NFKC, case-folded, without surrounding space."""
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _one_line(text: str) -> bool:
    return len(text.splitlines()) <= 1


#: Characters a display name cannot hold — a sheet could not be read back.
_NAME_BREAKERS = frozenset(":()︰")
#: Characters a situation cannot hold — a sheet writes situations in brackets.
_SITUATION_BREAKERS = frozenset("[]")


def _holds_any(text: str, breakers: frozenset[str]) -> bool:
    return any(ch in breakers for ch in text + unicodedata.normalize("NFKC", text))


def pick_name(pick: SkillPick) -> Label:
    """How a problem names a pick: its display name, or the skill's label."""
    return Label(pick.label)


def creation_problems(
    *,
    name: str | None,
    description: str | None,
    attributes: Attributes | None,
    picks: tuple[SkillPick, ...],
) -> list[Problem]:
    """Every creation rule the given parts break (a part given as ``None`` is not checked)."""
    problems: list[Problem] = []
    if name is not None:
        if not name:
            problems.append(("m20.problem.name_blank", {}))
        elif not _one_line(name):
            problems.append(("m20.problem.name_lines", {}))
    if description is not None and not _one_line(description):
        problems.append(("m20.problem.description_lines", {}))
    if attributes is not None:
        problems.extend(_attribute_problems(attributes))
    problems.extend(_pick_problems(picks))
    return problems


def _attribute_problems(attributes: Attributes) -> list[Problem]:
    problems: list[Problem] = []
    if attributes.total != ATTRIBUTE_POINTS:
        problems.append(
            ("m20.problem.attribute_total", {"total": attributes.total, "points": ATTRIBUTE_POINTS})
        )
    for attribute in Attribute:
        value = attributes[attribute]
        if not 0 <= value <= MAX_ATTRIBUTE:
            problems.append(
                (
                    "m20.problem.attribute_range",
                    {"attribute": Label(attribute.label), "value": value, "most": MAX_ATTRIBUTE},
                )
            )
    return problems


def _pick_problems(picks: tuple[SkillPick, ...]) -> list[Problem]:
    problems: list[Problem] = []
    if len(picks) > SKILL_SLOTS:
        problems.append(("m20.problem.too_many_picks", {"count": len(picks), "most": SKILL_SLOTS}))
    counts = Counter(pick.skill for pick in picks)
    for skill, count in counts.items():
        limit = skill.repeat_limit
        if limit is not None and count > limit:
            problems.append(
                (
                    "m20.problem.repeat_limit",
                    {"skill": Label(skill.label), "limit": limit, "count": count},
                )
            )
        for needed in sorted(skill.prerequisites, key=lambda s: s.value):
            if needed not in counts:
                problems.append(
                    (
                        "m20.problem.missing_prerequisite",
                        {"skill": Label(skill.label), "prerequisite": Label(needed.label)},
                    )
                )
    for pick in picks:
        problems.extend(_one_pick_problems(pick))
    return problems


def _one_pick_problems(pick: SkillPick) -> list[Problem]:
    problems: list[Problem] = []
    label = pick_name(pick)
    if pick.display_name is not None and (
        not _one_line(pick.display_name) or _holds_any(pick.display_name, _NAME_BREAKERS)
    ):
        problems.append(("m20.problem.display_name", {"pick": label}))
    if pick.skill is Skill.EXPERTISE:
        distinct = {normalize(situation) for situation in pick.situations}
        if len(distinct) != 2 or len(pick.situations) != 2:
            problems.append(
                ("m20.problem.expertise_situations", {"pick": label, "count": len(distinct)})
            )
    elif pick.situations:
        problems.append(("m20.problem.situations_without_expertise", {"pick": label}))
    for situation in pick.situations:
        if not situation or not _one_line(situation) or _holds_any(situation, _SITUATION_BREAKERS):
            problems.append(("m20.problem.situation_text", {"pick": label, "situation": situation}))
    return problems
