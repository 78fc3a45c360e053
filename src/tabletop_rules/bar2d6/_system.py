"""The bar2d6 rule system as one value: what everything that serves every system finds."""

from __future__ import annotations

from typing import Final

from tabletop_rules.bar2d6._character import Character
from tabletop_rules.bar2d6._checks import character_check
from tabletop_rules.bar2d6._combat import RULESET, command_label, describe
from tabletop_rules.bar2d6._combat._flow import menu_form
from tabletop_rules.bar2d6._combat._odds import odds
from tabletop_rules.bar2d6._combat._values import lineup
from tabletop_rules.bar2d6._export import PIECES
from tabletop_rules.bar2d6._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.bar2d6._vectors import VECTOR_CHECKS
from tabletop_rules.kit import GM
from tabletop_rules.systems import RuleSystem, Sheets

__all__ = ["SYSTEM"]

#: The bar2d6 rule system, registered as ``bar2d6`` through the ``tabletop_rules.systems``
#: entry point.
#:
#: Its menus offer each command with its free parameters in one form (``menu_form``): an
#: attack with every item that has a bonus (which apply is the GM's call), an area attack at
#: every standing enemy, the GM's HP ruling at one HP less (max HP, at 0).
#:
#: .. versionadded:: 0.1.0
SYSTEM: Final = RuleSystem(
    name="bar2d6",
    ruleset=RULESET,
    package="tabletop_rules.bar2d6",
    title="bar2d6.title",
    describe=describe,
    command_label=command_label,
    odds=odds,
    sheets=Sheets(
        character_type=Character,
        parse=parse_sheet,
        format=format_sheet,
        example=EXAMPLE_SHEET,
    ),
    character_check=character_check,
    lineup=lineup,
    gm=GM,
    menu_form=menu_form,
    chat="tabletop_rules.bar2d6._chat",
    checks=VECTOR_CHECKS,
    strategies="tabletop_rules.bar2d6.strategies",
    piece=PIECES,
)
