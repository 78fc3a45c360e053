"""A 2D6 roll-over duel: a fifth rule system for tabletop_rules, shipped as a plugin.

>>> from tabletop_rules import ScriptedDice, notation
>>> check = notation.parse("DUEL+2>=9", system="duel")
>>> check.probability()
Fraction(7, 12)
>>> print(check.resolve(ScriptedDice([3, 4])).explain("ja"))
2D6[3,4] +2 修正 = 9 ≥ 9 成功
"""

from typing import TYPE_CHECKING

from tabletop_duel._character import POINTS, Character
from tabletop_duel._checks import TWO_D6, Check
from tabletop_duel._combat import (
    LOG,
    RULESET,
    Attack,
    Attacked,
    Brace,
    Braced,
    Combatant,
    CombatSetup,
    CombatState,
    Command,
    Declined,
    DuelRuleset,
    Event,
    InitiativeRolled,
    Participant,
    Wait,
    Waited,
    Wounded,
)
from tabletop_duel._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet

if TYPE_CHECKING:
    from tabletop_duel._system import SYSTEM, character_check, lineup
else:

    def __getattr__(name: str) -> object:
        # The system (and so the CCFOLIA export and the vectors it names) is imported when
        # first asked for: the registry reads SYSTEM from the entry point then (PEP 562).
        if name in ("SYSTEM", "character_check", "lineup"):
            from tabletop_duel import _system

            return getattr(_system, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EXAMPLE_SHEET",
    "LOG",
    "POINTS",
    "RULESET",
    "SYSTEM",
    "TWO_D6",
    "Attack",
    "Attacked",
    "Brace",
    "Braced",
    "Character",
    "Check",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Command",
    "Declined",
    "DuelRuleset",
    "Event",
    "InitiativeRolled",
    "Participant",
    "Wait",
    "Waited",
    "Wounded",
    "character_check",
    "format_sheet",
    "lineup",
    "parse_sheet",
]
