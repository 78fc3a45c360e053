"""bayside23 characters: the three 3d6 attributes, 生命力, defenses, one 特徴 and 称号."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

import attrs

from tabletop_rules.dice import Dice, DiceSource, atomic
from tabletop_rules.errors import InvalidCharacter, InvalidCheck

__all__ = [
    "MAX_SCORE",
    "MIN_SCORE",
    "Attribute",
    "Character",
    "Feature",
    "Skill",
    "damage_bonus",
    "modifier",
]

#: The lowest score 3d6 can give (BAY-01).
MIN_SCORE = 3
#: The highest score 3d6 can give (BAY-01).
MAX_SCORE = 18
#: The lowest and highest 生命力 a 1d6 gives (BAY-06).
MIN_HP, MAX_HP = 1, 6

#: One problem of a character — a catalog key and the values that fill it.
Problem = tuple[str, Mapping[str, object]]


class Attribute(enum.Enum):
    """One of the three rolled attributes (アトリビュート, BAY-01 to BAY-04).

    .. versionadded:: 0.1.0
    """

    #: 体力 — hit and damage of weapon attacks (BAY-02).
    STRENGTH = "strength"
    #: 精神力 — hit and effect of magic (BAY-03).
    MIND = "mind"
    #: 敏捷性 — initiative and the hit of bows and guns (BAY-04).
    AGILITY = "agility"

    @property
    def label(self) -> str:
        """The catalog key of the attribute's name."""
        return f"bayside23.attribute.{self.value}"


def modifier(score: int) -> int:
    """The hit-check modifier of an attribute score (能力値による命中判定への修正, BAY-05).

    Combat rolls low, so a high score gives a negative modifier:

    >>> from tabletop_rules.bayside23 import modifier
    >>> [modifier(s) for s in (18, 16, 13, 9, 6, 4, 3)]
    [-3, -2, -1, 0, 1, 2, 3]

    Raises:
        InvalidCheck: *score* is not from 3 to 18.

    .. versionadded:: 0.1.0
    """
    if type(score) is not int or not MIN_SCORE <= score <= MAX_SCORE:
        raise InvalidCheck("bayside23.error.score", score=score)
    if score == 18:
        return -3
    if score >= 16:
        return -2
    if score >= 13:
        return -1
    if score >= 9:
        return 0
    if score >= 6:
        return 1
    if score >= 4:
        return 2
    return 3


def damage_bonus(score: int) -> int:
    """The damage bonus of a score: its modifier with the sign turned (BAY-22, BAY-25).

    >>> from tabletop_rules.bayside23 import damage_bonus
    >>> damage_bonus(17), damage_bonus(5)
    (2, -2)

    .. versionadded:: 0.1.0
    """
    return -modifier(score)


@attrs.frozen
class Feature:
    """The one 特徴 a player chooses (BAY-10), with its value for action checks (BAY-34).

    .. versionadded:: 0.1.0
    """

    #: The feature as the player names it (``頑固``).
    name: str
    #: Its value, as written on the sheet.
    value: int = 0


@attrs.frozen
class Skill:
    """A 技能 with its value for action checks (BAY-34), as written on the sheet.

    .. versionadded:: 0.1.0
    """

    #: The skill's name (``外科手術``).
    name: str
    #: Its value.
    value: int = 0


def _to_skills(skills: Iterable[Skill]) -> tuple[Skill, ...]:
    return tuple(skills)


def _to_titles(titles: Iterable[str]) -> tuple[str, ...]:
    return tuple(titles)


def _is_int(value: object) -> bool:
    return type(value) is int


def _of(value: object, cls: type[object]) -> bool:
    # A check of values that may come from untrusted data, whatever their annotations say.
    return isinstance(value, cls)


@attrs.frozen(kw_only=True)
class Character:
    """A bayside23 character (キャラクターメイキング).

    Every creation rule is checked when the value is built, and every broken rule is listed
    at once:

    >>> from tabletop_rules.bayside23 import Character, Feature
    >>> Character(name="", strength=19, mind=10, agility=10, hp=0, feature=Feature("頑固", 3))
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.InvalidCharacter: The character breaks the creation rules: \
The name is empty.; Strength (体力) must be from 3 to 18, not 19.; \
生命力 (HP) must be from 1 to 6, not 0.

    .. versionadded:: 0.1.0
    """

    #: The character's name.
    name: str
    #: 体力, 3d6 (BAY-02).
    strength: int
    #: 精神力, 3d6 (BAY-03).
    mind: int
    #: 敏捷性, 3d6 (BAY-04).
    agility: int
    #: The HP (生命力), 1d6 (BAY-06).
    hp: int
    #: The one 特徴 (BAY-10).
    feature: Feature
    #: 防御力, from the armor worn (BAY-08).
    defense: int = 0
    #: The armor that gives :attr:`defense`, if named.
    armor: str = ""
    #: 魔法防御力, from the class (BAY-09).
    magic_defense: int = 0
    #: The class (職業) that gives :attr:`magic_defense`, if named.
    job: str = ""
    #: Skills with their values, for action checks (BAY-34).
    skills: tuple[Skill, ...] = attrs.field(default=(), converter=_to_skills)
    #: Titles earned from sessions (称号, BAY-11); any of them may be used.
    titles: tuple[str, ...] = attrs.field(default=(), converter=_to_titles)

    def __attrs_post_init__(self) -> None:
        problems = list(self.problems())
        if problems:
            raise InvalidCharacter(problems)

    def problems(self) -> Iterable[Problem]:
        """Every creation rule this character breaks (none for a built character)."""
        name = self.name
        if not _of(name, str) or not name.strip():
            yield ("bayside23.problem.name", {})
        for attribute in Attribute:
            score = getattr(self, attribute.value)
            if not _is_int(score) or not MIN_SCORE <= score <= MAX_SCORE:
                yield (
                    "bayside23.problem.attribute",
                    {"attribute": _label(attribute), "value": score},
                )
        if not _is_int(self.hp) or not MIN_HP <= self.hp <= MAX_HP:
            yield ("bayside23.problem.hp", {"value": self.hp})
        for key, value in (("defense", self.defense), ("magic_defense", self.magic_defense)):
            if not _is_int(value) or value < 0:
                yield ("bayside23.problem.defense", {"field": _label_key(key), "value": value})
        feature = self.feature
        if not _of(feature, Feature) or not str(feature.name).strip():
            yield ("bayside23.problem.feature", {})
        elif not _is_int(feature.value):
            yield ("bayside23.problem.value", {"name": feature.name})
        names: set[str] = set()
        for skill in self.skills:
            if not _of(skill, Skill) or not str(skill.name).strip():
                yield ("bayside23.problem.skill", {})
                continue
            if not _is_int(skill.value):
                yield ("bayside23.problem.value", {"name": skill.name})
            if skill.name in names:
                yield ("bayside23.problem.skill_twice", {"name": skill.name})
            names.add(skill.name)
        for title in self.titles:
            if not _of(title, str) or not title.strip():
                yield ("bayside23.problem.title", {})

    @classmethod
    def roll(
        cls,
        dice: DiceSource,
        *,
        name: str,
        feature: Feature,
        defense: int = 0,
        armor: str = "",
        magic_defense: int = 0,
        job: str = "",
        skills: Iterable[Skill] = (),
        titles: Iterable[str] = (),
    ) -> Character:
        """Roll a new character: 体力, 精神力 and 敏捷性 on 3d6, then 生命力 on 1d6.

        >>> from tabletop_rules import ScriptedDice
        >>> from tabletop_rules.bayside23 import Character, Feature
        >>> hero = Character.roll(
        ...     ScriptedDice([6, 5, 6, 3, 3, 4, 1, 2, 2, 4]),
        ...     name="ミナ",
        ...     feature=Feature("頑固", 3),
        ... )
        >>> hero.strength, hero.mind, hero.agility, hero.hp
        (17, 10, 5, 4)

        Raises:
            DiceExhausted: Scripted dice ran out (they then keep every face).
            InvalidCharacter: The other values break the creation rules.
        """
        with atomic(dice) as rolling:
            scores = [rolling.roll(Dice(3, 6)).total for _ in Attribute]
            hp = rolling.roll(Dice(1, 6)).total
        return cls(
            name=name,
            strength=scores[0],
            mind=scores[1],
            agility=scores[2],
            hp=hp,
            feature=feature,
            defense=defense,
            armor=armor,
            magic_defense=magic_defense,
            job=job,
            skills=skills,
            titles=titles,
        )

    def score(self, attribute: Attribute) -> int:
        """The score of *attribute*."""
        value: int = getattr(self, attribute.value)
        return value

    def modifier(self, attribute: Attribute) -> int:
        """The hit-check modifier of *attribute* (BAY-05)."""
        return modifier(self.score(attribute))

    def bonus(self, attribute: Attribute) -> int:
        """The damage bonus of *attribute*: the modifier with its sign turned."""
        return -self.modifier(attribute)

    def skill(self, name: str) -> Skill:
        """The skill called *name*.

        Raises:
            InvalidCheck: The character has no such skill.
        """
        for skill in self.skills:
            if skill.name == name:
                return skill
        raise InvalidCheck("bayside23.error.no_skill", name=name, character=self.name)


def _label(attribute: Attribute) -> object:
    from tabletop_rules.i18n import Label

    return Label(attribute.label)


def _label_key(field: str) -> object:
    from tabletop_rules.i18n import Label

    return Label(f"bayside23.field.{field}")
