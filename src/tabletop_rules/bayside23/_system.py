"""The bayside23 rule system as one value: what everything that serves every system finds."""

from __future__ import annotations

from typing import Final

from tabletop_rules.bayside23._character import Character
from tabletop_rules.bayside23._checks import character_check
from tabletop_rules.bayside23._combat import RULESET, command_label, describe
from tabletop_rules.bayside23._combat._flow import menu_form
from tabletop_rules.bayside23._combat._odds import odds
from tabletop_rules.bayside23._combat._values import GM, lineup
from tabletop_rules.bayside23._export import PIECES
from tabletop_rules.bayside23._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.bayside23._vectors import VECTOR_CHECKS
from tabletop_rules.systems import RuleSystem, Sheets

__all__ = ["SYSTEM"]


#: The bayside23 rule system, registered as ``bayside23`` through the
#: ``tabletop_rules.systems`` entry point.
#:
#: Its battles have one command with free parameters: the action check the GM calls in the
#: battle (``Overcome``), whose difficulty, obstacle and skill are chosen when the GM calls it
#: (``menu_form``); the menus offer every other command as it is (both dice of the strike
#: after a win among them).
#: The GM runs the enemies; no command is the GM's own (initiative is rolled by the rules).
#:
#: .. versionadded:: 0.1.0
SYSTEM: Final = RuleSystem(
    name="bayside23",
    ruleset=RULESET,
    package="tabletop_rules.bayside23",
    title="bayside23.title",
    describe=describe,
    command_label=command_label,
    odds=odds,
    menu_form=menu_form,
    sheets=Sheets(
        character_type=Character,
        parse=parse_sheet,
        format=format_sheet,
        example=EXAMPLE_SHEET,
    ),
    character_check=character_check,
    lineup=lineup,
    gm=GM,
    chat="tabletop_rules.bayside23._chat",
    checks=VECTOR_CHECKS,
    strategies="tabletop_rules.bayside23.strategies",
    piece=PIECES,
)
