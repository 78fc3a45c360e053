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
from typing import TYPE_CHECKING, Any, Final

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
        "LOG": "tabletop_rules.m20._combat",
        "RULESET": "tabletop_rules.m20._combat",
        "CombatRuleset": "tabletop_rules.m20._combat",
        "command_label": "tabletop_rules.m20._combat",
        "danger_terms": "tabletop_rules.m20._combat",
        "describe": "tabletop_rules.m20._combat",
        "hp_after": "tabletop_rules.m20._combat",
        "ledger_after": "tabletop_rules.m20._combat",
        "names_of": "tabletop_rules.m20._combat",
        "Assist": "tabletop_rules.m20._combat._commands",
        "Attack": "tabletop_rules.m20._combat._commands",
        "BoostDamage": "tabletop_rules.m20._combat._commands",
        "CoolDown": "tabletop_rules.m20._combat._commands",
        "DangerCheck": "tabletop_rules.m20._combat._commands",
        "Dismiss": "tabletop_rules.m20._combat._commands",
        "FirstAid": "tabletop_rules.m20._combat._commands",
        "FocusDefense": "tabletop_rules.m20._combat._commands",
        "Frenzy": "tabletop_rules.m20._combat._commands",
        "Heal": "tabletop_rules.m20._combat._commands",
        "Hide": "tabletop_rules.m20._combat._commands",
        "Hinder": "tabletop_rules.m20._combat._commands",
        "RuleFallen": "tabletop_rules.m20._combat._commands",
        "SplitFocus": "tabletop_rules.m20._combat._commands",
        "Summon": "tabletop_rules.m20._combat._commands",
        "UseDecisiveStrike": "tabletop_rules.m20._combat._commands",
        "UseIndomitable": "tabletop_rules.m20._combat._commands",
        "UseNarrowEscape": "tabletop_rules.m20._combat._commands",
        "WideGuard": "tabletop_rules.m20._combat._commands",
        "Command": "tabletop_rules.m20._combat._commands",
        "Assisted": "tabletop_rules.m20._combat._events",
        "Attacked": "tabletop_rules.m20._combat._events",
        "CoolDownDeclared": "tabletop_rules.m20._combat._events",
        "DamageBoosted": "tabletop_rules.m20._combat._events",
        "DangerChecked": "tabletop_rules.m20._combat._events",
        "DecisiveStrikeUsed": "tabletop_rules.m20._combat._events",
        "Declined": "tabletop_rules.m20._combat._events",
        "FallenRuled": "tabletop_rules.m20._combat._events",
        "Fell": "tabletop_rules.m20._combat._events",
        "FocusedDefense": "tabletop_rules.m20._combat._events",
        "FrenzyDeclared": "tabletop_rules.m20._combat._events",
        "Hid": "tabletop_rules.m20._combat._events",
        "Hindered": "tabletop_rules.m20._combat._events",
        "IndomitableUsed": "tabletop_rules.m20._combat._events",
        "NarrowEscapeUsed": "tabletop_rules.m20._combat._events",
        "SplitFocusDeclared": "tabletop_rules.m20._combat._events",
        "StrikeResolved": "tabletop_rules.m20._combat._events",
        "SummonDismissed": "tabletop_rules.m20._combat._events",
        "Summoned": "tabletop_rules.m20._combat._events",
        "SummonVanished": "tabletop_rules.m20._combat._events",
        "Treated": "tabletop_rules.m20._combat._events",
        "WideGuardDeclared": "tabletop_rules.m20._combat._events",
        "Event": "tabletop_rules.m20._combat._events",
        "MAX_BOOST_VALUE": "tabletop_rules.m20._combat._values",
        "MAX_BOOSTS": "tabletop_rules.m20._combat._values",
        "MAX_PARTICIPANTS": "tabletop_rules.m20._combat._values",
        "AttackMode": "tabletop_rules.m20._combat._values",
        "Boosts": "tabletop_rules.m20._combat._values",
        "Combatant": "tabletop_rules.m20._combat._values",
        "CombatSetup": "tabletop_rules.m20._combat._values",
        "CombatState": "tabletop_rules.m20._combat._values",
        "DefenseBoosts": "tabletop_rules.m20._combat._values",
        "Effect": "tabletop_rules.m20._combat._values",
        "EffectKind": "tabletop_rules.m20._combat._values",
        "HinderChoice": "tabletop_rules.m20._combat._values",
        "Participant": "tabletop_rules.m20._combat._values",
        "PendingAttack": "tabletop_rules.m20._combat._values",
        "Question": "tabletop_rules.m20._combat._values",
        "Status": "tabletop_rules.m20._combat._values",
        "Strike": "tabletop_rules.m20._combat._values",
        "lineup": "tabletop_rules.m20._combat._values",
        "menu_form": "tabletop_rules.m20._combat._flow",
        "odds": "tabletop_rules.m20._combat._odds",
        "SYSTEM": "tabletop_rules.m20._system",
        "CHAT_COMMANDS": "tabletop_rules.m20._chat",
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
    _lazy_attribute = _lazy_attributes(__name__, _LAZY)

    def __getattr__(name: str) -> Any:
        value = _lazy_attribute(name)
        globals()[name] = value  # found directly from now on
        return value

    def __dir__() -> list[str]:
        # dir() (and so Sphinx's autodoc) lists the names not loaded yet too.
        return sorted({*globals(), *__all__})


# st.from_type(Character) draws from tabletop_rules.m20.strategies.characters().
_register_hypothesis_strategies = _strategies_of(
    "tabletop_rules.m20.strategies", [(Character, "characters")]
)
