"""Uses per scenario, which outlast one combat, and rest between combats (M20-022, M20-067)."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType
from typing import Final

import attrs

from tabletop_rules.errors import InvalidData
from tabletop_rules.kit import checked, checked_items, checked_whole
from tabletop_rules.m20._character import Character
from tabletop_rules.m20._skills import Skill

__all__ = ["SCENARIO_LIMITS", "LedgerEntry", "ScenarioLedger", "rest"]

#: The skills limited per scenario and their uses (M20-077, M20-099, M20-135).
SCENARIO_LIMITS: Final = MappingProxyType(
    {Skill.NARROW_ESCAPE: 2, Skill.DECISIVE_STRIKE: 2, Skill.INDOMITABLE: 1}
)
#: Hours of rest that restore every HP (M20-068).
FULL_REST_HOURS: Final = 8


def _a_participant(_: object, __: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise InvalidData("$.participant", f"a participant id must be a non-empty text: {value!r}")


def _scenario_skill(_: object, __: attrs.Attribute[Skill], value: object) -> None:
    if not isinstance(value, Skill) or value not in SCENARIO_LIMITS:
        name = value.text_name if isinstance(value, Skill) else repr(value)
        raise InvalidData("$.skill", f"{name} is not a skill limited per scenario")


def _spent(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise InvalidData(
            "$.spent", f"uses spent must be a whole number of 1 or more, not {value!r}"
        )


@attrs.frozen(kw_only=True)
class LedgerEntry:
    """How many uses of one per-scenario skill one participant has spent.

    .. versionadded:: 0.1.0
    """

    #: The participant's id (keep ids stable from one combat of a scenario to the next).
    participant: str = attrs.field(validator=_a_participant)
    #: 危機閃避, 必殺一擊 or 頑強不屈.
    skill: Skill = attrs.field(validator=_scenario_skill)
    #: Uses spent so far in this scenario (1 or more).
    spent: int = attrs.field(validator=_spent)


def _entries(entries: Iterable[LedgerEntry]) -> tuple[LedgerEntry, ...]:
    given = checked_items(entries, LedgerEntry, "$.entries", "m20.LedgerEntry")
    ordered = tuple(sorted(given, key=lambda e: (e.participant, e.skill.value)))
    keys = [(e.participant, e.skill) for e in ordered]
    if len(set(keys)) != len(keys):
        raise InvalidData("$.entries", "a ledger lists each participant's skill at most once")
    return ordered


@attrs.frozen
class ScenarioLedger:
    """The uses per scenario spent so far (M20-022): carry it from one combat to the next.

    ``ScenarioLedger()`` starts a new scenario with every use available.

    >>> ledger = ScenarioLedger().spend("楊望蒼", Skill.DECISIVE_STRIKE)
    >>> ledger.spent("楊望蒼", Skill.DECISIVE_STRIKE)
    1
    >>> ScenarioLedger().spent("楊望蒼", Skill.DECISIVE_STRIKE)
    0

    .. versionadded:: 0.1.0
    """

    #: The uses spent, one entry per participant and skill, sorted.
    entries: tuple[LedgerEntry, ...] = attrs.field(default=(), converter=_entries)

    def spent(self, participant: str, skill: Skill) -> int:
        """Uses of *skill* that *participant* has spent in this scenario."""
        for entry in self.entries:
            if entry.participant == participant and entry.skill is skill:
                return entry.spent
        return 0

    def remaining(self, participant: str, character: Character, skill: Skill) -> int:
        """Uses of *skill* left to *participant* (0 when *character* lacks the skill)."""
        if not character.has(skill):
            return 0
        return max(0, SCENARIO_LIMITS[skill] - self.spent(participant, skill))

    def spend(self, participant: str, skill: Skill) -> ScenarioLedger:
        """The ledger with one more use of *skill* spent by *participant*."""
        others = [
            e for e in self.entries if not (e.participant == participant and e.skill is skill)
        ]
        entry = LedgerEntry(
            participant=participant, skill=skill, spent=self.spent(participant, skill) + 1
        )
        return ScenarioLedger((*others, entry))


def rest(character: Character, hp: int, hours: int, *, extra: int = 0) -> int:
    """HP after *hours* of rest: 1 an hour, all after 8 hours, never above max (M20-067/068).

    *extra* is what the GM adds (or, negative, takes away) for the care given (M20-069).

    >>> from tabletop_rules.m20 import Attributes, Character, Specialty, Tendency
    >>> hero = Character(
    ...     name="阿蒼",
    ...     attributes=Attributes(
    ...         physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
    ...     ),
    ...     tendency=Tendency.PHYSIQUE,
    ...     bonus_specialty=Specialty.CUNNING,
    ... )
    >>> rest(hero, 1, 2), rest(hero, 1, 8)
    (3, 7)

    Raises:
        InvalidData: *character* is no m20 character (path ``$.character``), *hp* is no
            whole number from 0 to max HP (``$.hp``), *hours* no whole number of 0 or more
            (``$.hours``), *extra* no whole number (``$.extra``). It is a ``ValueError``.

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "m20.Character")
    if not 0 <= checked_whole(hp, "$.hp") <= character.max_hp:
        raise InvalidData("$.hp", f"must be from 0 to {character.max_hp}, not {hp}")
    if checked_whole(hours, "$.hours") < 0:
        raise InvalidData("$.hours", f"must be 0 or more, not {hours}")
    checked_whole(extra, "$.extra")
    if hours >= FULL_REST_HOURS:
        return character.max_hp
    return max(hp, min(character.max_hp, hp + hours + extra))
