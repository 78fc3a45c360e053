"""Skirmish's chat command: an opposed check with the naturals and a distance.

``notation.parse(text, system="skirmish")`` finds it through ``CHAT_COMMANDS``.

- ``SK+N>DEF+M``: 2D6 + N against 2D6 + M; the actor needs a strictly higher total, its
  natural 1+1 fails and its natural 6+6 succeeds (SK-25, SK-26, SK-28).
- ``SK+N>DEF+M@D``: the same at a distance of *D* rows, −1 a row (SK-06).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import re
from typing import Final

from tabletop_rules.checks import Term
from tabletop_rules.notation import SIGNED, ChatCommand, signed_total, unreadable
from tabletop_rules.skirmish._checks import Check

__all__ = ["CHAT_COMMANDS"]

_CHECK: Final = re.compile(
    rf"SK\s*(?P<actor>{SIGNED})>\s*DEF\s*(?P<defender>{SIGNED})(?:@\s*(?P<rows>[0-3]))?",
    re.IGNORECASE,
)
_READ: Final = re.compile(rf"SK\s*{SIGNED}(?:>\s*(?:DEF\s*{SIGNED}(?:@\s*)?)?)?", re.IGNORECASE)


def _read(text: str) -> Check:
    match = _CHECK.fullmatch(text)
    if match is None:
        raise unreadable("skirmish.error.chat_command", text, _READ, "SK+3>DEF+2@1")
    actor = [Term("skirmish.term.modifier", signed_total(match["actor"]))]
    rows = int(match["rows"] or 0)
    if rows:
        actor.append(Term("skirmish.term.distance", -rows))
    defender = [Term("skirmish.term.modifier", signed_total(match["defender"]))]
    return Check(actor=actor, defender=defender)


#: Skirmish's chat commands, for :func:`tabletop_rules.notation.parse` (``system="skirmish"``).
#:
#: .. versionadded:: 0.1.0
CHAT_COMMANDS: Final = (
    ChatCommand(
        system="skirmish",
        name="check",
        pattern="SK+N>DEF+M@D",
        prefix=r"SK\s*(?:[+\-−>])",
        help="skirmish.chat.check",
        reader=_read,
        examples=("SK+3>DEF+2", "sk+2>def+1@2", "SK>DEF"),
    ),
)
