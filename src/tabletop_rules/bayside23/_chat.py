"""bayside23's chat commands: a player's typed check read into bayside23's own checks.

``notation.parse(text, system="bayside23")`` finds them through ``CHAT_COMMANDS``.

- ``BAYHIT+N<+M``: a hit check, 3D6 + N against 3D6 + M; the lower total hits, all ones is a
  critical and all sixes a fumble.
- ``BAY2D6<=F+S-D``: an action check, 2D6 at or under feature F + skill S − difficulty D.
- ``BAYINIT+N<+M``: an initiative roll, 1D6 + N against 1D6 + M; lower acts first, a tie
  rolls again.
"""

from __future__ import annotations

import re
from typing import Final

from tabletop_rules.bayside23._checks import (
    FEATURE_TERM,
    SKILL_TERM,
    ActionCheck,
    HitCheck,
    InitiativeCheck,
)
from tabletop_rules.checks import Term
from tabletop_rules.notation import NUMBER, SIGNED, ChatCommand, signed_total, unreadable

__all__ = ["CHAT_COMMANDS"]

_MODIFIER: Final = "bayside23.term.modifier"
_HIT: Final = re.compile(rf"BAYHIT\s*(?P<mine>{SIGNED})<\s*(?P<theirs>{SIGNED})", re.I)
_INIT: Final = re.compile(rf"BAYINIT\s*(?P<mine>{SIGNED})<\s*(?P<theirs>{SIGNED})", re.I)
_ACTION: Final = re.compile(
    rf"BAY2D6\s*(?:<=|≤|≦)\s*(?P<feature>{NUMBER})\s*\+\s*(?P<skill>{NUMBER})"
    rf"\s*(?:[\-−]\s*(?P<difficulty>{NUMBER})\s*)?",
    re.I,
)
_HIT_READ: Final = re.compile(rf"BAYHIT\s*{SIGNED}(?:<\s*{SIGNED})?", re.I)
_INIT_READ: Final = re.compile(rf"BAYINIT\s*{SIGNED}(?:<\s*{SIGNED})?", re.I)
_ACTION_READ: Final = re.compile(
    rf"BAY2D6\s*(?:(?:<=|≤|≦)\s*(?:{NUMBER}\s*(?:\+\s*(?:{NUMBER}\s*"
    rf"(?:[\-−]\s*(?:{NUMBER}\s*)?)?)?)?)?)?",
    re.I,
)


def _modifier(text: str) -> tuple[Term, ...]:
    return (Term(_MODIFIER, signed_total(text)),)


def _read_hit(text: str) -> HitCheck:
    match = _HIT.fullmatch(text)
    if match is None:
        raise unreadable("bayside23.error.chat_command", text, _HIT_READ, "BAYHIT-2<+0")
    return HitCheck(attack=_modifier(match["mine"]), defense=_modifier(match["theirs"]))


def _read_initiative(text: str) -> InitiativeCheck:
    match = _INIT.fullmatch(text)
    if match is None:
        raise unreadable("bayside23.error.chat_command", text, _INIT_READ, "BAYINIT+1<+0")
    return InitiativeCheck(mine=_modifier(match["mine"]), theirs=_modifier(match["theirs"]))


def _read_action(text: str) -> ActionCheck:
    match = _ACTION.fullmatch(text)
    if match is None:
        raise unreadable("bayside23.error.chat_command", text, _ACTION_READ, "BAY2D6<=3+13-8")
    return ActionCheck(
        feature=Term(FEATURE_TERM, int(match["feature"])),
        skill=Term(SKILL_TERM, int(match["skill"])),
        difficulty=int(match["difficulty"] or 0),
    )


#: bayside23's chat commands, for :func:`tabletop_rules.notation.parse`
#: (``system="bayside23"``).
#:
#: .. versionadded:: 0.1.0
CHAT_COMMANDS: Final = (
    ChatCommand(
        system="bayside23",
        name="hit",
        pattern="BAYHIT+N<+M",
        prefix=r"BAYHIT",
        help="bayside23.chat.hit",
        reader=_read_hit,
        examples=("BAYHIT-2<+0", "bayhit+1<-1", "BAYHIT<"),
    ),
    ChatCommand(
        system="bayside23",
        name="action",
        pattern="BAY2D6<=F+S-D",
        prefix=r"BAY2D6",
        help="bayside23.chat.action",
        reader=_read_action,
        examples=("BAY2D6<=3+13-8", "bay2d6<=4+2"),
    ),
    ChatCommand(
        system="bayside23",
        name="initiative",
        pattern="BAYINIT+N<+M",
        prefix=r"BAYINIT",
        help="bayside23.chat.initiative",
        reader=_read_initiative,
        examples=("BAYINIT+1<+0", "bayinit-1<+2"),
    ),
)
