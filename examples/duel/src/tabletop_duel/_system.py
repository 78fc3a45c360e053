"""The duel as one value, found through the ``tabletop_rules.systems`` entry point."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tabletop_duel._character import Character
from tabletop_duel._checks import Check
from tabletop_duel._combat import LOG, RULESET, CombatSetup, Participant
from tabletop_duel._export import PIECES
from tabletop_duel._sheet import EXAMPLE_SHEET, format_sheet, parse_sheet
from tabletop_rules.checks import Term
from tabletop_rules.errors import InvalidNotation
from tabletop_rules.kit import GM
from tabletop_rules.systems import RuleSystem, Seat, Sheets
from tabletop_rules.vectors import CheckSpec

__all__ = ["SYSTEM", "character_check", "lineup"]


def lineup(seats: Sequence[Seat[Any]]) -> CombatSetup:
    """The players' characters against the GM's foes.

    Raises:
        InvalidData: The seats make no combat (fewer than two sides, an id twice).
    """
    return CombatSetup(
        participants=[
            Participant(id=s.id, character=s.character, side="foes" if s.foe else "party")
            for s in seats
        ]
    )


def character_check(character: Character, words: Sequence[str]) -> Check:
    """``.check TARGET``: the character's skill check, 2D6 + skill against TARGET.

    Raises:
        InvalidNotation: The words are not one whole number.
    """
    text = " ".join(words)
    if len(words) != 1 or not words[0].isdecimal() or len(words[0]) > 3:
        raise InvalidNotation("duel.error.check_words", text=text, position=0)
    return Check(terms=[Term("duel.term.skill", character.skill)], target=int(words[0]))


def _vector_check(spec: CheckSpec) -> Check:
    """``check = "check"``: a sheet's skill check, ``args = { target = 9 }``."""
    spec.unknown("target")
    return character_check(parse_sheet(spec.sheet()), [str(spec.integer("target", 7))])


#: The duel, registered as ``duel`` by this distribution's entry point.
SYSTEM: Final = RuleSystem(
    name="duel",
    ruleset=RULESET,
    package="tabletop_duel",
    title="duel.title",
    describe=LOG.describe,
    command_label=LOG.label,
    sheets=Sheets(
        character_type=Character, parse=parse_sheet, format=format_sheet, example=EXAMPLE_SHEET
    ),
    character_check=character_check,
    lineup=lineup,
    gm=GM,
    chat="tabletop_duel._chat",
    checks={"check": _vector_check},
    strategies="tabletop_duel.strategies",
    piece=PIECES,
)
