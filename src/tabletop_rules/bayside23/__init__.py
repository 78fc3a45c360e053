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

.. versionadded:: 0.2.0
"""

from tabletop_rules._hypothesis import register_if_hypothesis as _register_if_hypothesis
from tabletop_rules.bayside23._character import (
    Attribute,
    Character,
    Feature,
    Skill,
    damage_bonus,
    modifier,
)
from tabletop_rules.bayside23._chat import CHAT_COMMANDS
from tabletop_rules.bayside23._checks import (
    ActionCheck,
    DamageRoll,
    HitCheck,
    HitKind,
    InitiativeCheck,
    Rulings,
    hit_outcome,
    special,
)
from tabletop_rules.bayside23._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet

__all__ = [
    "CHAT_COMMANDS",
    "EXAMPLE_SHEET",
    "ActionCheck",
    "Attribute",
    "Character",
    "DamageRoll",
    "Feature",
    "HitCheck",
    "HitKind",
    "InitiativeCheck",
    "Rulings",
    "Skill",
    "damage_bonus",
    "format_sheet",
    "hit_outcome",
    "modifier",
    "parse_sheet",
    "special",
]


def _register_hypothesis_strategies() -> None:  # pyright: ignore[reportUnusedFunction]
    # st.from_type(Character) draws from tabletop_rules.bayside23.strategies.characters().
    from tabletop_rules._hypothesis import register_types

    register_types("tabletop_rules.bayside23.strategies", [(Character, "characters")])


_register_if_hypothesis(_register_hypothesis_strategies)
