"""bar2d6, the personality-point 2D6 rules: characters, checks, odds, sheets and combat.

Checks against the GM's dice, contests between characters, cooperation and special abilities
all have exact odds.

The text's own example: B climbs with 攀爬 (active +2) and a grappling hook (active +3),
rolls 3 and 4 for 12, against the 3 dice of a hard climb:

>>> from tabletop_rules import ScriptedDice, bar2d6
>>> b = bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET)
>>> climb = bar2d6.GMCheck(terms=bar2d6.check_terms(b, ["攀爬", "繩鉤"]), difficulty=3)
>>> climb.probability()
Fraction(1801, 2592)
>>> print(climb.resolve(ScriptedDice([3, 4, 5, 5, 3])).explain("zh-Hant"))
對GM：2D6[3,4] +2 攀爬 +3 繩鉤 = 12 < 13（3D6[5,5,3]） 失敗

.. versionadded:: 0.1.0
"""

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from tabletop_rules._hypothesis import strategies_of as _strategies_of
from tabletop_rules._lazy import lazy_attributes as _lazy_attributes
from tabletop_rules.bar2d6._character import (
    BASE_HP,
    HP_COST,
    ITEM_CAP,
    PERSONALITY_POINTS,
    Character,
    Item,
    ItemKind,
    Special,
    SpecialKind,
)
from tabletop_rules.bar2d6._checks import (
    CHECK_DICE,
    MAX_DIFFICULTY,
    WOUND_PENALTY,
    WOUNDED_AT,
    Contest,
    DifficultyDice,
    GMCheck,
    HelpedResult,
    Helper,
    Rulings,
    Side,
    character_check,
    check_terms,
    contest_result,
    granted_bonus,
    is_wounded,
    special_amount,
)
from tabletop_rules.bar2d6._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.kit import GM

if TYPE_CHECKING:
    from tabletop_rules.bar2d6._chat import CHAT_COMMANDS
    from tabletop_rules.bar2d6._combat import (
        LOG,
        RULESET,
        CombatRuleset,
        command_label,
        describe,
        hp_after,
    )
    from tabletop_rules.bar2d6._combat._commands import (
        Attack,
        CallCheck,
        CheckHelp,
        EndCombat,
        EndRound,
        GrantBonus,
        Heal,
        SetHp,
        Wait,
    )
    from tabletop_rules.bar2d6._combat._commands import Command as _Command
    from tabletop_rules.bar2d6._combat._events import (
        Attacked,
        BonusGranted,
        CheckMade,
        CombatEnded,
        Healed,
        HpSet,
        RoundEnded,
        Waited,
    )
    from tabletop_rules.bar2d6._combat._events import Event as _Event
    from tabletop_rules.bar2d6._combat._odds import odds
    from tabletop_rules.bar2d6._combat._values import (
        FOES,
        MAX_PARTICIPANTS,
        PARTY,
        AttackMode,
        Combatant,
        CombatSetup,
        CombatState,
        Participant,
        Strike,
        lineup,
    )
    from tabletop_rules.bar2d6._system import SYSTEM

    #: Every bar2d6 combat command, a union tagged in JSON by class name.
    Command = _Command
    #: Every bar2d6 combat event, a union tagged in JSON by class name.
    Event = _Event

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
            "describe",
            "hp_after",
        ),
        f"{__name__}._combat._commands": (
            "Attack",
            "CallCheck",
            "CheckHelp",
            "EndCombat",
            "EndRound",
            "GrantBonus",
            "Heal",
            "SetHp",
            "Wait",
            "Command",
        ),
        f"{__name__}._combat._events": (
            "Attacked",
            "BonusGranted",
            "CheckMade",
            "CombatEnded",
            "Healed",
            "HpSet",
            "RoundEnded",
            "Waited",
            "Event",
        ),
        f"{__name__}._combat._odds": ("odds",),
        f"{__name__}._combat._values": (
            "FOES",
            "MAX_PARTICIPANTS",
            "PARTY",
            "AttackMode",
            "Combatant",
            "CombatSetup",
            "CombatState",
            "Participant",
            "Strike",
            "lineup",
        ),
        f"{__name__}._system": ("SYSTEM",),
        f"{__name__}._chat": ("CHAT_COMMANDS",),
    }
)


__all__ = [
    "BASE_HP",
    "CHAT_COMMANDS",
    "CHECK_DICE",
    "EXAMPLE_SHEET",
    "FOES",
    "GM",
    "HP_COST",
    "ITEM_CAP",
    "LOG",
    "MAX_DIFFICULTY",
    "MAX_PARTICIPANTS",
    "PARTY",
    "PERSONALITY_POINTS",
    "RULESET",
    "SYSTEM",
    "WOUNDED_AT",
    "WOUND_PENALTY",
    "Attack",
    "AttackMode",
    "Attacked",
    "BonusGranted",
    "CallCheck",
    "Character",
    "CheckHelp",
    "CheckMade",
    "CombatEnded",
    "CombatRuleset",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Command",
    "Contest",
    "DifficultyDice",
    "EndCombat",
    "EndRound",
    "Event",
    "GMCheck",
    "GrantBonus",
    "Heal",
    "Healed",
    "HelpedResult",
    "Helper",
    "HpSet",
    "Item",
    "ItemKind",
    "Participant",
    "RoundEnded",
    "Rulings",
    "SetHp",
    "Side",
    "Special",
    "SpecialKind",
    "Strike",
    "Wait",
    "Waited",
    "character_check",
    "check_terms",
    "command_label",
    "contest_result",
    "describe",
    "format_sheet",
    "granted_bonus",
    "hp_after",
    "is_wounded",
    "lineup",
    "odds",
    "parse_sheet",
    "special_amount",
]


if not TYPE_CHECKING:
    _lazy_attributes(globals(), _LAZY)


# st.from_type(Character) draws from tabletop_rules.bar2d6.strategies.characters().
_register_hypothesis_strategies = _strategies_of(
    "tabletop_rules.bar2d6.strategies", [(Character, "characters")]
)
