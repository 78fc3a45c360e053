"""The skirmish rule system as one value: what everything that serves every system finds."""

from __future__ import annotations

from typing import Final

from tabletop_rules.skirmish._bots import SIMULATOR, odds
from tabletop_rules.skirmish._combat import RULESET, command_label, describe
from tabletop_rules.skirmish._decks import Deck, deck_check, lineup
from tabletop_rules.skirmish._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.skirmish._vectors import VECTOR_CHECKS
from tabletop_rules.systems import RuleSystem, Sheets

__all__ = ["SYSTEM"]

#: The card skirmish, registered as ``skirmish`` through the ``tabletop_rules.systems`` entry
#: point. Its sheets are decks (:class:`~tabletop_rules.skirmish.Deck`), its lineup seats
#: players ``a`` and ``b`` (:func:`~tabletop_rules.skirmish.lineup`), and a deck's check is a
#: card's against a sample card (:func:`~tabletop_rules.skirmish.deck_check`).
#:
#: .. versionadded:: 0.1.0
SYSTEM: Final = RuleSystem(
    name="skirmish",
    ruleset=RULESET,
    package="tabletop_rules.skirmish",
    title="skirmish.title",
    describe=describe,
    command_label=command_label,
    odds=odds,
    sheets=Sheets(
        character_type=Deck,
        parse=parse_sheet,
        format=format_sheet,
        example=EXAMPLE_SHEET,
    ),
    character_check=deck_check,
    lineup=lineup,
    seats=(2, 2),
    chat="tabletop_rules.skirmish._chat",
    checks=VECTOR_CHECKS,
    simulator=SIMULATOR,
    strategies="tabletop_rules.skirmish.strategies",
)
