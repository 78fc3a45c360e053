"""The m20 rule system as one value: what everything that serves every system finds."""

from __future__ import annotations

from typing import Final

from tabletop_rules.kit import GM
from tabletop_rules.m20._character import Character
from tabletop_rules.m20._checks import character_check
from tabletop_rules.m20._combat import RULESET, command_label, describe
from tabletop_rules.m20._combat._flow import menu_form
from tabletop_rules.m20._combat._odds import odds
from tabletop_rules.m20._combat._values import lineup
from tabletop_rules.m20._export import PIECES
from tabletop_rules.m20._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.m20._vectors import VECTOR_CHECKS
from tabletop_rules.systems import RuleSystem, Sheets

__all__ = ["SYSTEM"]

#: The m20 rule system, registered as ``m20`` through the ``tabletop_rules.systems`` entry
#: point.
#:
#: .. versionadded:: 0.1.0
SYSTEM: Final = RuleSystem(
    name="m20",
    ruleset=RULESET,
    package="tabletop_rules.m20",
    title="m20.title",
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
    chat="tabletop_rules.m20._chat",
    menu_form=menu_form,
    checks=VECTOR_CHECKS,
    strategies="tabletop_rules.m20.strategies",
    piece=PIECES,
)
