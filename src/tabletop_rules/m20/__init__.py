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

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from tabletop_rules._hypothesis import strategies_of as _strategies_of
from tabletop_rules._lazy import lazy_attributes as _lazy_attributes
from tabletop_rules.kit import GM, CombatEnded, EndCombat, EndRound, Expiry, RoundEnded
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
    character_check,
    defense_terms,
    helper_terms,
    reroll,
    specialty_terms,
)
from tabletop_rules.m20._ledger import SCENARIO_LIMITS, LedgerEntry, ScenarioLedger, rest
from tabletop_rules.m20._sheet import (
    EXAMPLE_SHEET,
    MAX_MESSAGE_LENGTH,
    MAX_SHEET_LENGTH,
    MAX_SHEET_PROBLEMS,
    format_sheet,
    parse_sheet,
)
from tabletop_rules.m20._skills import Skill, SkillPick

if TYPE_CHECKING:
    from tabletop_rules.m20._chat import (
        CHAT_COMMANDS,
    )
    from tabletop_rules.m20._combat import (
        LOG,
        RULESET,
        CombatRuleset,
        _commands,
        _events,
        command_label,
        danger_terms,
        describe,
        hp_after,
        ledger_after,
        names_of,
    )
    from tabletop_rules.m20._combat._commands import (
        Assist,
        Attack,
        BoostDamage,
        CoolDown,
        DangerCheck,
        Dismiss,
        FirstAid,
        FocusDefense,
        Frenzy,
        Heal,
        Hide,
        Hinder,
        RuleFallen,
        SplitFocus,
        Summon,
        UseDecisiveStrike,
        UseIndomitable,
        UseNarrowEscape,
        WideGuard,
    )
    from tabletop_rules.m20._combat._events import (
        Assisted,
        Attacked,
        CoolDownDeclared,
        DamageBoosted,
        DangerChecked,
        DecisiveStrikeUsed,
        Declined,
        FallenRuled,
        Fell,
        FocusedDefense,
        FrenzyDeclared,
        Hid,
        Hindered,
        IndomitableUsed,
        NarrowEscapeUsed,
        SplitFocusDeclared,
        StrikeResolved,
        SummonDismissed,
        Summoned,
        SummonVanished,
        Treated,
        WideGuardDeclared,
    )
    from tabletop_rules.m20._combat._flow import (
        menu_form,
    )
    from tabletop_rules.m20._combat._odds import (
        odds,
    )
    from tabletop_rules.m20._combat._values import (
        MAX_BOOST_VALUE,
        MAX_BOOSTS,
        MAX_PARTICIPANTS,
        AttackMode,
        Boosts,
        Combatant,
        CombatSetup,
        CombatState,
        DefenseBoosts,
        Effect,
        EffectKind,
        HinderChoice,
        Participant,
        PendingAttack,
        Question,
        Status,
        Strike,
        lineup,
    )
    from tabletop_rules.m20._system import (
        SYSTEM,
    )

    #: Every m20 combat command, a union tagged in JSON by class name.
    Command = _commands.Command
    #: Every m20 combat event, a union tagged in JSON by class name.
    Event = _events.Event

#: Where each name of the combat, the system and the chat commands is defined: they are
#: imported when first used, so that a program that reads sheets and rolls checks never
#: loads the combat (nor the notation).
_LAZY: Final = MappingProxyType(
    {
        f"{__name__}._combat": (
            "LOG",
            "RULESET",
            "CombatRuleset",
            "command_label",
            "danger_terms",
            "describe",
            "hp_after",
            "ledger_after",
            "names_of",
        ),
        f"{__name__}._combat._commands": (
            "Assist",
            "Attack",
            "BoostDamage",
            "CoolDown",
            "DangerCheck",
            "Dismiss",
            "FirstAid",
            "FocusDefense",
            "Frenzy",
            "Heal",
            "Hide",
            "Hinder",
            "RuleFallen",
            "SplitFocus",
            "Summon",
            "UseDecisiveStrike",
            "UseIndomitable",
            "UseNarrowEscape",
            "WideGuard",
            "Command",
        ),
        f"{__name__}._combat._events": (
            "Assisted",
            "Attacked",
            "CoolDownDeclared",
            "DamageBoosted",
            "DangerChecked",
            "DecisiveStrikeUsed",
            "Declined",
            "FallenRuled",
            "Fell",
            "FocusedDefense",
            "FrenzyDeclared",
            "Hid",
            "Hindered",
            "IndomitableUsed",
            "NarrowEscapeUsed",
            "SplitFocusDeclared",
            "StrikeResolved",
            "SummonDismissed",
            "Summoned",
            "SummonVanished",
            "Treated",
            "WideGuardDeclared",
            "Event",
        ),
        f"{__name__}._combat._values": (
            "MAX_BOOST_VALUE",
            "MAX_BOOSTS",
            "MAX_PARTICIPANTS",
            "AttackMode",
            "Boosts",
            "Combatant",
            "CombatSetup",
            "CombatState",
            "DefenseBoosts",
            "Effect",
            "EffectKind",
            "HinderChoice",
            "Participant",
            "PendingAttack",
            "Question",
            "Status",
            "Strike",
            "lineup",
        ),
        f"{__name__}._combat._flow": ("menu_form",),
        f"{__name__}._combat._odds": ("odds",),
        f"{__name__}._system": ("SYSTEM",),
        f"{__name__}._chat": ("CHAT_COMMANDS",),
    }
)

__all__ = [
    "CHAT_COMMANDS",
    "EXAMPLE_SHEET",
    "GM",
    "LOG",
    "MAX_BOOSTS",
    "MAX_BOOST_VALUE",
    "MAX_MESSAGE_LENGTH",
    "MAX_PARTICIPANTS",
    "MAX_SHEET_LENGTH",
    "MAX_SHEET_PROBLEMS",
    "RULESET",
    "SCENARIO_LIMITS",
    "SYSTEM",
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
    "Boosts",
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
    "DangerCheck",
    "DangerChecked",
    "DecisiveStrikeUsed",
    "Declined",
    "DefenseBoosts",
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
    "character_check",
    "command_label",
    "danger_terms",
    "defense_terms",
    "describe",
    "format_sheet",
    "helper_terms",
    "hp_after",
    "ledger_after",
    "lineup",
    "menu_form",
    "names_of",
    "odds",
    "parse_sheet",
    "reroll",
    "rest",
    "specialty_terms",
]


if not TYPE_CHECKING:
    _lazy_attributes(globals(), _LAZY)


# st.from_type(Character) draws from tabletop_rules.m20.strategies.characters().
_register_hypothesis_strategies = _strategies_of(
    "tabletop_rules.m20.strategies", [(Character, "characters")]
)
