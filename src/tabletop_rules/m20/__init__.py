"""酒吧M20變體 (the Bar M20 variant): characters, skills, checks, exact odds and sheets.

Build a character from a sheet and roll a check:

>>> from tabletop_rules import ScriptedDice
>>> from tabletop_rules.m20 import Character, Specialty, SpecialtyCheck, Stance, parse_sheet
>>> hero = parse_sheet('''
... 姓名：阿蒼
... 屬性：物攻3 特攻3 物防２ 特防２
... 行事傾向：身體型
... 特長：身理＋４ 詭計＋０ 知識＋０ 交涉＋０
... ''')
>>> hero.max_hp, hero.specialty_bonus(Specialty.PHYSIQUE)
(7, 4)
>>> check = SpecialtyCheck.of(hero, Specialty.PHYSIQUE, 16, stance=Stance.REACTING)
>>> check.probability()
Fraction(11, 20)
>>> print(check.resolve(ScriptedDice([12])).explain("zh-Hant"))
1D20[12] +4 身理 +2 物防 = 18 ≥ 16 成功

.. versionadded:: 0.1.0
"""

from tabletop_rules.m20._character import (
    Attribute,
    Attributes,
    Character,
    Specialty,
    Tendency,
)
from tabletop_rules.m20._checks import (
    AttackCheck,
    AttackKind,
    DifficultyLevel,
    OpposedCheck,
    RewardItem,
    Rulings,
    SpecialtyCheck,
    Stance,
    attack_terms,
    defense_terms,
    reroll,
    specialty_terms,
)
from tabletop_rules.m20._sheet import format_sheet, parse_sheet
from tabletop_rules.m20._skills import Skill, SkillPick

__all__ = [
    "AttackCheck",
    "AttackKind",
    "Attribute",
    "Attributes",
    "Character",
    "DifficultyLevel",
    "OpposedCheck",
    "RewardItem",
    "Rulings",
    "Skill",
    "SkillPick",
    "Specialty",
    "SpecialtyCheck",
    "Stance",
    "Tendency",
    "attack_terms",
    "defense_terms",
    "format_sheet",
    "parse_sheet",
    "reroll",
    "specialty_terms",
]
