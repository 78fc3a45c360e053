"""m20's chat commands: the checks a player types in a chat, read into m20's own checks.

``notation.parse(text, system="m20")`` finds them through the ``CHAT_COMMANDS`` tuple of this
module (``SYSTEM.chat`` names it, and the notation imports it when first needed).

- ``M20+N>=DIFFICULTY``: a specialty check, 1D20 + N against a number or a word of the
  difficulty ladder in any shipped locale (``M20+4>=困難``, ``M20+4>=hard``, ``M20-1>=12``).
- ``M20ATK+N>=DEF+M``: an attack check against a defense check, 1D20 + N against 1D20 + M
  (a tie hits).
"""

from __future__ import annotations

import re
from typing import Final

from tabletop_rules.checks import Term
from tabletop_rules.errors import InvalidNotation
from tabletop_rules.m20._checks import AttackCheck, DifficultyLevel, SpecialtyCheck
from tabletop_rules.notation import SIGNED, ChatCommand, signed_total, unreadable

__all__ = ["CHAT_COMMANDS"]

#: The label of the modifier a player types.
_MODIFIER: Final = "m20.term.modifier"
_CHECK: Final = re.compile(
    rf"M20\s*(?P<modifier>{SIGNED})(?:>=|≥)\s*(?P<difficulty>\S+)",
    re.IGNORECASE,
)
_ATTACK: Final = re.compile(
    rf"M20ATK\s*(?P<attack>{SIGNED})(?:>=|≥)\s*DEF\s*"
    rf"(?P<defense>{SIGNED})",
    re.IGNORECASE,
)
# How far a text reads as each command: the column of an error is where these stop.
_CHECK_READ: Final = re.compile(rf"M20\s*{SIGNED}(?:(?:>=|≥)\s*(?:\S+)?)?", re.IGNORECASE)
_ATTACK_READ: Final = re.compile(
    rf"M20ATK\s*{SIGNED}(?:(?:>=|≥)\s*(?:DEF\s*{SIGNED})?)?",
    re.IGNORECASE,
)


def _modifier(text: str) -> tuple[Term, ...]:
    total = signed_total(text)
    return (Term(_MODIFIER, total),) if total else ()


def _read_check(text: str) -> SpecialtyCheck:
    match = _CHECK.fullmatch(text)
    if match is None:
        raise unreadable("m20.error.chat_command", text, _CHECK_READ, "M20+4>=16")
    word = match["difficulty"]
    difficulty: DifficultyLevel | int
    if word.isdigit() and len(word) <= 3:
        difficulty = int(word)
    else:
        try:
            difficulty = DifficultyLevel.parse(word)
        except InvalidNotation as error:
            raise InvalidNotation(
                "m20.error.chat_difficulty",
                text=text,
                position=match.start("difficulty"),
                word=word,
                known=error.params.get("known", ""),
            ) from None
    return SpecialtyCheck(terms=_modifier(match["modifier"]), difficulty=difficulty)


def _read_attack(text: str) -> AttackCheck:
    match = _ATTACK.fullmatch(text)
    if match is None:
        raise unreadable("m20.error.chat_command", text, _ATTACK_READ, "M20ATK+3>=DEF+2")
    return AttackCheck(attack=_modifier(match["attack"]), defense=_modifier(match["defense"]))


#: m20's chat commands, for :func:`tabletop_rules.notation.parse` (``system="m20"``).
#:
#: .. versionadded:: 0.1.0
CHAT_COMMANDS: Final = (
    ChatCommand(
        system="m20",
        name="attack",
        pattern="M20ATK+N>=DEF+M",
        prefix=r"M20ATK",
        help="m20.chat.attack",
        reader=_read_attack,
        examples=("M20ATK+3>=DEF+2", "m20atk>=def+1", "M20ATK-1>=DEF"),
    ),
    ChatCommand(
        system="m20",
        name="check",
        pattern="M20+N>=DIFFICULTY",
        prefix=r"M20\s*(?:[+\-−>≥])",
        help="m20.chat.check",
        reader=_read_check,
        examples=("M20+4>=16", "M20+4>=困難", "m20-1>=easy", "M20>=12"),
    ),
)
