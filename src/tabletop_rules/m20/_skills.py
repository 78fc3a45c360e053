"""The 27 skills of the m20 text, and a character's pick of one.

Each :class:`Skill` carries its data from the text: the name the text gives it
(:attr:`Skill.text_name`), how many times it may be picked (:attr:`Skill.repeat_limit`) and
which skills it needs first (:attr:`Skill.prerequisites`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from types import MappingProxyType
from typing import NamedTuple

import attrs

from tabletop_rules.kit import an_instance, checked_items, checked_text

__all__ = ["Skill", "SkillPick"]


class Skill(enum.Enum):
    """A skill of the m20 text (【技能】).

    The value is a stable English identifier; :attr:`label` is the catalog key of the name
    and :attr:`text_name` the name the rule text gives it.

    >>> Skill.EXPERTISE.text_name, Skill.EXPERTISE.repeat_limit
    ('專精特長', None)
    >>> sorted(s.text_name for s in Skill.IMPROVED_DOUBLE_ATTACK.prerequisites)
    ['雙重攻擊']

    .. versionadded:: 0.1.0
    """

    #: 防禦強化 — +1 to defense checks; up to three picks.
    DEFENSE_BOOST = "defense_boost"
    #: 防禦特化 — +3 to defense checks, −2 on checks that use 物攻 or 特攻; replaces 防禦強化.
    DEFENSE_SPECIALIZATION = "defense_specialization"
    #: 危機閃避 — +5 to a defense that would fail, twice a scenario.
    NARROW_ESCAPE = "narrow_escape"
    #: 分神援護 — one extra main action that is not an attack, then −2 on other checks.
    SPLIT_FOCUS = "split_focus"
    #: 強化分神援護 — the 分神援護 penalty becomes −0; needs 分神援護.
    IMPROVED_SPLIT_FOCUS = "improved_split_focus"
    #: 廣域防禦 — take −4 on defense to become the target of attacks on others.
    WIDE_GUARD = "wide_guard"
    #: 強化廣域防禦 — the 廣域防禦 penalty becomes −2; needs 廣域防禦.
    IMPROVED_WIDE_GUARD = "improved_wide_guard"
    #: 治療 — a main action, 知識 check against 12, heals 1; first aid becomes difficulty 8.
    HEALING = "healing"
    #: 冷卻 — +2 to defense this round, −2 to attacks until the end of your next turn.
    COOL_DOWN = "cool_down"
    #: 攻擊強化 — +1 to attack checks; up to three picks.
    ATTACK_BOOST = "attack_boost"
    #: 攻擊特化 — +3 to attack checks, −2 on checks that use 物防 or 特防; replaces 攻擊強化.
    ATTACK_SPECIALIZATION = "attack_specialization"
    #: 必殺一擊 — +5 to an attack that would miss, twice a scenario.
    DECISIVE_STRIKE = "decisive_strike"
    #: 雙重攻擊 — two attacks at −2.
    DOUBLE_ATTACK = "double_attack"
    #: 強化雙重攻擊 — the 雙重攻擊 penalty becomes −0; needs 雙重攻擊.
    IMPROVED_DOUBLE_ATTACK = "improved_double_attack"
    #: 範圍攻擊 — one attack at −4 against everyone in an area.
    AREA_ATTACK = "area_attack"
    #: 強化範圍攻擊 — the 範圍攻擊 penalty becomes −2; needs 範圍攻擊.
    IMPROVED_AREA_ATTACK = "improved_area_attack"
    #: 傷害增幅 — +1 damage on a hit, once a combat per pick; up to three picks.
    DAMAGE_BOOST = "damage_boost"
    #: 狂暴 — +2 to attacks this round, −2 to defense until the start of your next turn.
    FRENZY = "frenzy"
    #: 隱匿大師 — +2 to the check of the hide action.
    STEALTH_MASTER = "stealth_master"
    #: 暗殺 — +1 damage on a hit made while hiding.
    ASSASSINATION = "assassination"
    #: 召喚師 — a summon fights for you, −4 on all your checks while it exists.
    SUMMONER = "summoner"
    #: 強化召喚物耐久 — the summon has 2 HP, the penalty becomes −3; needs 召喚師.
    SUMMON_ENDURANCE = "summon_endurance"
    #: 強化召喚物能力 — the summon gets +1 on its checks, the penalty −3; needs 召喚師.
    SUMMON_PROWESS = "summon_prowess"
    #: 專精協助 — a successful assist gives +3 instead of +2.
    EXPERT_ASSIST = "expert_assist"
    #: 專精妨害 — a successful hinder gives −3 instead of −2.
    EXPERT_HINDER = "expert_hinder"
    #: 頑強不屈 — HP drops to 1 instead of 0, once a scenario.
    INDOMITABLE = "indomitable"
    #: 專精特長 — +5 on checks in either of two named situations; any number of picks.
    EXPERTISE = "expertise"

    @property
    def label(self) -> str:
        """The catalog key of the skill's name (``"m20.skill.expertise"``)."""
        return f"m20.skill.{self.value}"

    @property
    def effect_label(self) -> str:
        """The catalog key of a one-line summary of the skill's effect."""
        return f"m20.skill.{self.value}.effect"

    @property
    def text_name(self) -> str:
        """The skill's name in the rule text (``"專精特長"``)."""
        return _DATA[self].text_name

    @property
    def repeat_limit(self) -> int | None:
        """How many times a character may pick the skill; ``None`` for no limit."""
        return _DATA[self].repeat_limit

    @property
    def prerequisites(self) -> frozenset[Skill]:
        """The skills a character must have picked to pick this one."""
        return _DATA[self].prerequisites


class _SkillData(NamedTuple):
    text_name: str
    repeat_limit: int | None = 1
    prerequisites: frozenset[Skill] = frozenset()


_DATA = MappingProxyType(
    {
        Skill.DEFENSE_BOOST: _SkillData("防禦強化", 3),
        Skill.DEFENSE_SPECIALIZATION: _SkillData("防禦特化"),
        Skill.NARROW_ESCAPE: _SkillData("危機閃避"),
        Skill.SPLIT_FOCUS: _SkillData("分神援護"),
        Skill.IMPROVED_SPLIT_FOCUS: _SkillData(
            "強化分神援護", prerequisites=frozenset({Skill.SPLIT_FOCUS})
        ),
        Skill.WIDE_GUARD: _SkillData("廣域防禦"),
        Skill.IMPROVED_WIDE_GUARD: _SkillData(
            "強化廣域防禦", prerequisites=frozenset({Skill.WIDE_GUARD})
        ),
        Skill.HEALING: _SkillData("治療"),
        Skill.COOL_DOWN: _SkillData("冷卻"),
        Skill.ATTACK_BOOST: _SkillData("攻擊強化", 3),
        Skill.ATTACK_SPECIALIZATION: _SkillData("攻擊特化"),
        Skill.DECISIVE_STRIKE: _SkillData("必殺一擊"),
        Skill.DOUBLE_ATTACK: _SkillData("雙重攻擊"),
        Skill.IMPROVED_DOUBLE_ATTACK: _SkillData(
            "強化雙重攻擊", prerequisites=frozenset({Skill.DOUBLE_ATTACK})
        ),
        Skill.AREA_ATTACK: _SkillData("範圍攻擊"),
        Skill.IMPROVED_AREA_ATTACK: _SkillData(
            "強化範圍攻擊", prerequisites=frozenset({Skill.AREA_ATTACK})
        ),
        Skill.DAMAGE_BOOST: _SkillData("傷害增幅", 3),
        Skill.FRENZY: _SkillData("狂暴"),
        Skill.STEALTH_MASTER: _SkillData("隱匿大師"),
        Skill.ASSASSINATION: _SkillData("暗殺"),
        Skill.SUMMONER: _SkillData("召喚師"),
        Skill.SUMMON_ENDURANCE: _SkillData(
            "強化召喚物耐久", prerequisites=frozenset({Skill.SUMMONER})
        ),
        Skill.SUMMON_PROWESS: _SkillData(
            "強化召喚物能力", prerequisites=frozenset({Skill.SUMMONER})
        ),
        Skill.EXPERT_ASSIST: _SkillData("專精協助"),
        Skill.EXPERT_HINDER: _SkillData("專精妨害"),
        Skill.INDOMITABLE: _SkillData("頑強不屈"),
        Skill.EXPERTISE: _SkillData("專精特長", None),
    }
)


def _strip(value: str) -> str:
    return value.strip()


def _strip_optional(value: str | None) -> str | None:
    if value is None:
        return None
    return checked_text(value, "$.display_name").strip() or None


def _situations(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(_strip(value) for value in checked_items(values, str, "$.situations"))


@attrs.frozen(kw_only=True)
class SkillPick:
    """One pick of a skill: one of the four skill slots of a character.

    A pick may carry the name the player gave the skill (M20-020: 「蒼嵐劍勢（雙重攻擊）」);
    a pick of 專精特長 names exactly two situations outside combat (M20-136).
    Text is stripped of surrounding whitespace; a display name that is blank counts as none.
    :class:`~tabletop_rules.m20.Character` checks the rules (two situations, no line breaks).

    >>> SkillPick(skill=Skill.EXPERTISE, display_name="半狼", situations=("調查線索", "奔跑")).label
    '半狼'
    >>> SkillPick(skill=Skill.ATTACK_BOOST).label
    'm20.skill.attack_boost'

    .. versionadded:: 0.1.0
    """

    #: The skill picked.
    skill: Skill = attrs.field(validator=an_instance(Skill, "m20.Skill"))
    #: The name the player gave the skill, if any.
    display_name: str | None = attrs.field(default=None, converter=_strip_optional)
    #: For 專精特長 — the two situations in which it adds +5.
    situations: tuple[str, ...] = attrs.field(default=(), converter=_situations)

    @property
    def label(self) -> str:
        """The term label of the pick (its display name, else the skill's catalog key)."""
        return self.display_name if self.display_name is not None else self.skill.label
