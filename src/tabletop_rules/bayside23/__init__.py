"""bayside23 / Phantom Side Story: characters, roll-under checks, exact odds and sheets.

Read a character from its sheet and roll the text's action check (BAY-39):

>>> from tabletop_rules import ScriptedDice
>>> from tabletop_rules.bayside23 import EXAMPLE_SHEET, ActionCheck, parse_sheet
>>> mina = parse_sheet(EXAMPLE_SHEET)
>>> check = ActionCheck.of(mina, "外科手術", 8)
>>> check.target, check.probability()
(8, Fraction(13, 18))
>>> print(check.resolve(ScriptedDice([3, 3])).explain("ja"))
行動判定：2D6[3,3] = 6 ≤ 8（頑固 3 + 外科手術 13 − 8） 成功

.. versionadded:: 0.1.0
"""

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from tabletop_rules._hypothesis import strategies_of as _strategies_of
from tabletop_rules._lazy import lazy_attributes as _lazy_attributes
from tabletop_rules.bayside23._artifacts import MAX_ARTIFACTS, SessionLedger
from tabletop_rules.bayside23._book import (
    BlankBook,
    Clue,
    Hint,
    Riddle,
    RiddleResult,
    normalize_answer,
)
from tabletop_rules.bayside23._character import (
    Attribute,
    Character,
    Feature,
    Skill,
    damage_bonus,
    modifier,
)
from tabletop_rules.bayside23._checks import (
    ActionCheck,
    DamageRoll,
    HitCheck,
    HitKind,
    InitiativeCheck,
    InitiativeResult,
    Rulings,
    character_check,
    hit_outcome,
    special,
)
from tabletop_rules.bayside23._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet

if TYPE_CHECKING:
    from tabletop_rules.bayside23._chat import CHAT_COMMANDS
    from tabletop_rules.bayside23._combat import (
        LOG,
        RULESET,
        CombatRuleset,
        command_label,
        describe,
        ledger_after,
        log,
    )
    from tabletop_rules.bayside23._combat._commands import (
        Attack,
        Cast,
        Command,
        FinishingStrike,
        Flee,
        ForgoStrike,
        Obstacle,
        Overcome,
        Ready,
        SwitchWeapon,
        UseArtifact,
        Wait,
    )
    from tabletop_rules.bayside23._combat._events import (
        ArtifactUsed,
        Attacked,
        CombatEnded,
        Event,
        Fled,
        Healed,
        InitiativeRoll,
        InitiativeRolled,
        ObstacleChecked,
        Readied,
        StrikeForgone,
        Struck,
        TurnEnded,
        TurnLost,
        Waited,
        WeaponSwitched,
    )
    from tabletop_rules.bayside23._combat._flow import menu_form
    from tabletop_rules.bayside23._combat._log import names_of
    from tabletop_rules.bayside23._combat._odds import odds
    from tabletop_rules.bayside23._combat._values import (
        GM,
        Combatant,
        CombatSetup,
        CombatState,
        Participant,
        Side,
        Spell,
        Status,
        Weapon,
        lineup,
    )
    from tabletop_rules.bayside23._system import SYSTEM

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
            "ledger_after",
            "log",
        ),
        f"{__name__}._combat._commands": (
            "Attack",
            "Cast",
            "Command",
            "FinishingStrike",
            "Flee",
            "ForgoStrike",
            "Obstacle",
            "Overcome",
            "Ready",
            "SwitchWeapon",
            "UseArtifact",
            "Wait",
        ),
        f"{__name__}._combat._events": (
            "ArtifactUsed",
            "Attacked",
            "CombatEnded",
            "Event",
            "Fled",
            "Healed",
            "InitiativeRoll",
            "InitiativeRolled",
            "ObstacleChecked",
            "Readied",
            "StrikeForgone",
            "Struck",
            "TurnEnded",
            "TurnLost",
            "Waited",
            "WeaponSwitched",
        ),
        f"{__name__}._combat._flow": ("menu_form",),
        f"{__name__}._combat._log": ("names_of",),
        f"{__name__}._combat._odds": ("odds",),
        f"{__name__}._combat._values": (
            "GM",
            "Combatant",
            "CombatSetup",
            "CombatState",
            "Participant",
            "Side",
            "Spell",
            "Status",
            "Weapon",
            "lineup",
        ),
        f"{__name__}._system": ("SYSTEM",),
        f"{__name__}._chat": ("CHAT_COMMANDS",),
    }
)


__all__ = [
    "CHAT_COMMANDS",
    "EXAMPLE_SHEET",
    "GM",
    "LOG",
    "MAX_ARTIFACTS",
    "RULESET",
    "SYSTEM",
    "ActionCheck",
    "ArtifactUsed",
    "Attack",
    "Attacked",
    "Attribute",
    "BlankBook",
    "Cast",
    "Character",
    "Clue",
    "CombatEnded",
    "CombatRuleset",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Command",
    "DamageRoll",
    "Event",
    "Feature",
    "FinishingStrike",
    "Fled",
    "Flee",
    "ForgoStrike",
    "Healed",
    "Hint",
    "HitCheck",
    "HitKind",
    "InitiativeCheck",
    "InitiativeResult",
    "InitiativeRoll",
    "InitiativeRolled",
    "Obstacle",
    "ObstacleChecked",
    "Overcome",
    "Participant",
    "Readied",
    "Ready",
    "Riddle",
    "RiddleResult",
    "Rulings",
    "SessionLedger",
    "Side",
    "Skill",
    "Spell",
    "Status",
    "StrikeForgone",
    "Struck",
    "SwitchWeapon",
    "TurnEnded",
    "TurnLost",
    "UseArtifact",
    "Wait",
    "Waited",
    "Weapon",
    "WeaponSwitched",
    "character_check",
    "command_label",
    "damage_bonus",
    "describe",
    "format_sheet",
    "hit_outcome",
    "ledger_after",
    "lineup",
    "log",
    "menu_form",
    "modifier",
    "names_of",
    "normalize_answer",
    "odds",
    "parse_sheet",
    "special",
]


if not TYPE_CHECKING:
    _lazy_attributes(globals(), _LAZY)


# st.from_type(Character) draws from tabletop_rules.bayside23.strategies.characters().
_register_hypothesis_strategies = _strategies_of(
    "tabletop_rules.bayside23.strategies", [(Character, "characters")]
)
