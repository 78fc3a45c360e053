"""The duel's chat command: ``DUEL+N>=T``, 2D6 + N against a target, naturals counted."""

from __future__ import annotations

import re
from typing import Final

from tabletop_duel._checks import Check
from tabletop_rules.checks import Term
from tabletop_rules.notation import NUMBER, SIGNED, ChatCommand, signed_total, unreadable

__all__ = ["CHAT_COMMANDS"]

_CHECK: Final = re.compile(rf"DUEL\s*(?P<bonus>{SIGNED})(?:>=|≥)\s*(?P<target>{NUMBER})", re.I)
_READ: Final = re.compile(rf"DUEL\s*{SIGNED}(?:(?:>=|≥)\s*{NUMBER})?", re.I)


def _read(text: str) -> Check:
    match = _CHECK.fullmatch(text)
    if match is None:
        raise unreadable("duel.error.chat", text, _READ, "DUEL+2>=9")
    bonus = signed_total(match["bonus"])
    terms = (Term("duel.term.modifier", bonus),) if bonus else ()
    return Check(terms=terms, target=int(match["target"]))


#: The duel's chat commands, for ``notation.parse(text, system="duel")``.
CHAT_COMMANDS: Final = (
    ChatCommand(
        system="duel",
        name="check",
        pattern="DUEL+N>=T",
        prefix=r"DUEL\s*(?:[+\-−>≥])",
        help="duel.chat.check",
        reader=_read,
        examples=("DUEL+2>=9", "duel>=7", "DUEL+1-1>=8"),
    ),
)
