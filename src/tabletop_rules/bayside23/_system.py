"""The bayside23 rule system as one value: what everything that serves every system finds."""

from __future__ import annotations

from typing import Final

from tabletop_rules.bayside23._character import Character
from tabletop_rules.bayside23._combat import RULESET
from tabletop_rules.bayside23._combat._log import command_label, describe
from tabletop_rules.bayside23._combat._values import GM
from tabletop_rules.bayside23._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.bayside23._vectors import VECTOR_CHECKS
from tabletop_rules.systems import RuleSystem, Sheets

__all__ = ["SYSTEM"]


def _format(character: Character, locale: str) -> str:
    # The sheet is the text's own, in Japanese, whatever the locale.
    return format_sheet(character)


#: The bayside23 rule system, registered as ``bayside23`` through the
#: ``tabletop_rules.systems`` entry point.
#:
#: .. versionadded:: 0.1.0
SYSTEM: Final = RuleSystem(
    name="bayside23",
    ruleset=RULESET,
    package="tabletop_rules.bayside23",
    title="bayside23.title",
    describe=describe,
    command_label=command_label,
    sheets=Sheets(
        character_type=Character,
        parse=parse_sheet,
        format=_format,
        example=EXAMPLE_SHEET,
    ),
    gm=GM,
    chat="tabletop_rules.bayside23._chat",
    checks=VECTOR_CHECKS,
    strategies="tabletop_rules.bayside23.strategies",
)
