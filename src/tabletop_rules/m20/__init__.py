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
from tabletop_rules.m20._chat import CHAT_COMMANDS
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
from tabletop_rules.m20._combat import (
    GM,
    RULESET,
    Assist,
    Assisted,
    Attack,
    Attacked,
    AttackMode,
    BoostDamage,
    Combatant,
    CombatEnded,
    CombatRuleset,
    CombatSetup,
    CombatState,
    CoolDown,
    CoolDownDeclared,
    DamageBoosted,
    DecisiveStrikeUsed,
    Declined,
    Dismiss,
    Effect,
    EffectKind,
    EndCombat,
    EndRound,
    Expiry,
    FallenRuled,
    Fell,
    FirstAid,
    FocusDefense,
    FocusedDefense,
    Frenzy,
    FrenzyDeclared,
    Heal,
    Hid,
    Hide,
    Hinder,
    HinderChoice,
    Hindered,
    IndomitableUsed,
    NarrowEscapeUsed,
    Participant,
    PendingAttack,
    Question,
    RoundEnded,
    RuleFallen,
    SplitFocus,
    SplitFocusDeclared,
    Status,
    Strike,
    StrikeResolved,
    Summon,
    SummonDismissed,
    Summoned,
    SummonVanished,
    Treated,
    UseDecisiveStrike,
    UseIndomitable,
    UseNarrowEscape,
    WideGuard,
    WideGuardDeclared,
    danger_terms,
    describe,
    hp_after,
    ledger_after,
)
from tabletop_rules.m20._combat import Command as _Command
from tabletop_rules.m20._combat import Event as _Event
from tabletop_rules.m20._ledger import SCENARIO_LIMITS, LedgerEntry, ScenarioLedger, rest
from tabletop_rules.m20._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.m20._skills import Skill, SkillPick

#: Every m20 combat command, a union tagged in JSON by class name.
Command = _Command
#: Every m20 combat event, a union tagged in JSON by class name.
Event = _Event

__all__ = [
    "CHAT_COMMANDS",
    "EXAMPLE_SHEET",
    "GM",
    "RULESET",
    "SCENARIO_LIMITS",
    "Assist",
    "Assisted",
    "Attack",
    "AttackCheck",
    "AttackKind",
    "AttackMode",
    "Attacked",
    "Attribute",
    "Attributes",
    "BoostDamage",
    "Character",
    "CombatEnded",
    "CombatRuleset",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Command",
    "CoolDown",
    "CoolDownDeclared",
    "DamageBoosted",
    "DecisiveStrikeUsed",
    "Declined",
    "DifficultyLevel",
    "Dismiss",
    "Effect",
    "EffectKind",
    "EndCombat",
    "EndRound",
    "Event",
    "Expiry",
    "FallenRuled",
    "Fell",
    "FirstAid",
    "FocusDefense",
    "FocusedDefense",
    "Frenzy",
    "FrenzyDeclared",
    "Heal",
    "Hid",
    "Hide",
    "Hinder",
    "HinderChoice",
    "Hindered",
    "IndomitableUsed",
    "LedgerEntry",
    "NarrowEscapeUsed",
    "OpposedCheck",
    "Participant",
    "PendingAttack",
    "Question",
    "RewardItem",
    "RoundEnded",
    "RuleFallen",
    "Rulings",
    "ScenarioLedger",
    "Skill",
    "SkillPick",
    "Specialty",
    "SpecialtyCheck",
    "SplitFocus",
    "SplitFocusDeclared",
    "Stance",
    "Status",
    "Strike",
    "StrikeResolved",
    "Summon",
    "SummonDismissed",
    "SummonVanished",
    "Summoned",
    "Tendency",
    "Treated",
    "UseDecisiveStrike",
    "UseIndomitable",
    "UseNarrowEscape",
    "WideGuard",
    "WideGuardDeclared",
    "attack_terms",
    "danger_terms",
    "defense_terms",
    "describe",
    "format_sheet",
    "hp_after",
    "ledger_after",
    "parse_sheet",
    "reroll",
    "rest",
    "specialty_terms",
]
