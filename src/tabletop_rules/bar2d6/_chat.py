"""bar2d6's chat commands: the checks a player types in a chat, read into bar2d6's own checks.

``notation.parse(text, system="bar2d6")`` finds them through the ``CHAT_COMMANDS`` tuple of
the bar2d6 package (the package the ``tabletop_rules.rulesets`` entry point names).

- ``B2D6+N>=DICE``: a check against the GM's dice, 2D6 + N against 0 to 4 d6, a number or a
  word of the ladder in any shipped locale (``B2D6+5>=3``, ``B2D6+5>=困難``, ``B2D6>=hard``).
- ``B2D6+N>=DICE HELP+M@D ...``: the same check helped: each ``HELP+M@D`` (or the word of
  ``bar2d6.term.help`` in any shipped locale: ``協力+M@D``, ``协力+M@D``) is a helper using a
  bonus of M at D dice (1 to 4), rolled before the check.
- ``B2D6+N VS +M``: a contest between characters, attacker + N against defender + M (a tie
  goes to the defender); it cannot be helped.
"""

from __future__ import annotations

import re
from typing import Final

from tabletop_rules.bar2d6._checks import Contest, DifficultyDice, GMCheck, Helper
from tabletop_rules.bar2d6._sheet import words_of
from tabletop_rules.checks import Term
from tabletop_rules.errors import InvalidCheck, InvalidNotation
from tabletop_rules.notation import SIGNED, ChatCommand, signed_total, unreadable

__all__ = ["CHAT_COMMANDS"]

#: The label of the modifier a player types.
_MODIFIER: Final = "bar2d6.term.modifier"
#: The word of a helper, as the help (``HELP``) is called in each shipped locale: read when the
#: chat commands are first used, as every system's words are.
_HELP_WORD: Final = "(?:{})".format(
    "|".join(re.escape(word) for word in sorted(words_of("bar2d6.term.help") | {"help"}))
)
_HELP: Final = rf"{_HELP_WORD}\s*(?P<bonus>{SIGNED})@\s*(?P<dice>[0-9])"
_CHECK: Final = re.compile(
    rf"B2D6\s*(?P<modifier>{SIGNED})(?:>=|≥)\s*(?P<difficulty>[^\s]+)(?P<helpers>(?:\s+\S+)*)",
    re.IGNORECASE,
)
_HELPER: Final = re.compile(_HELP, re.IGNORECASE)
_CONTEST: Final = re.compile(
    rf"B2D6\s*(?P<attack>{SIGNED})VS\s*(?P<defense>{SIGNED})", re.IGNORECASE
)
_CHECK_READ: Final = re.compile(rf"B2D6\s*{SIGNED}(?:(?:>=|≥)\s*(?:\S+)?)?", re.IGNORECASE)
_CONTEST_READ: Final = re.compile(rf"B2D6\s*{SIGNED}(?:VS\s*{SIGNED})?", re.IGNORECASE)
#: The words after a check's difficulty: its helpers.
_WORDS: Final = re.compile(r"\S+")


def _modifier(text: str) -> tuple[Term, ...]:
    total = signed_total(text)
    return (Term(_MODIFIER, total),) if total else ()


def _read_check(text: str) -> GMCheck:
    match = _CHECK.fullmatch(text)
    if match is None:
        raise unreadable("bar2d6.error.chat_command", text, _CHECK_READ, "B2D6+5>=3")
    word = match["difficulty"]
    try:
        level = DifficultyDice.parse(word)
    except InvalidNotation as error:
        raise InvalidNotation(
            "bar2d6.error.chat_difficulty",
            text=text,
            position=match.start("difficulty"),
            word=word,
            known=error.params.get("known", ""),
        ) from None
    helpers: list[Helper] = []
    offset = match.start("helpers")
    for token in _WORDS.finditer(match["helpers"]):
        found = _HELPER.fullmatch(token[0])
        at = offset + token.start()
        if found is None:
            raise InvalidNotation(
                "bar2d6.error.chat_helper", text=text, position=at, example="HELP+2@1"
            )
        bonus = signed_total(found["bonus"])
        try:
            helpers.append(
                Helper(bonus=(Term(_MODIFIER, bonus),) if bonus else (), dice=int(found["dice"]))
            )
        except InvalidCheck:
            raise InvalidNotation(
                "bar2d6.error.chat_helper", text=text, position=at, example="HELP+2@1"
            ) from None
    return GMCheck(terms=_modifier(match["modifier"]), difficulty=level, helpers=helpers)


def _read_contest(text: str) -> Contest:
    match = _CONTEST.fullmatch(text)
    if match is None:
        rest = _CONTEST_READ.match(text)
        position = 0 if rest is None else rest.end()
        if _HELPER.search(text, position) is not None:
            # B2D6-40: a contest between characters cannot be helped.
            raise InvalidNotation("bar2d6.error.contest_help", text=text, position=position)
        raise unreadable("bar2d6.error.chat_command", text, _CONTEST_READ, "B2D6+3 VS +2")
    return Contest(attacker=_modifier(match["attack"]), defender=_modifier(match["defense"]))


#: bar2d6's chat commands, for :func:`tabletop_rules.notation.parse` (``system="bar2d6"``).
#:
#: .. versionadded:: 0.1.0
CHAT_COMMANDS: Final = (
    ChatCommand(
        system="bar2d6",
        name="contest",
        pattern="B2D6+N VS +M",
        prefix=rf"B2D6\s*{SIGNED}VS",
        help="bar2d6.chat.contest",
        reader=_read_contest,
        examples=("B2D6+3 VS +2", "b2d6vs+1", "B2D6+2-2VS"),
    ),
    ChatCommand(
        system="bar2d6",
        name="helped",
        pattern="B2D6+N>=DICE HELP+M@D",
        prefix=rf"B2D6\s*{SIGNED}(?:>=|≥)\s*\S+\s+{_HELP_WORD}",
        help="bar2d6.chat.helped",
        reader=_read_check,
        examples=("B2D6+5>=3 HELP+2@1", "B2D6+1>=困難 協力+3@4 協力+1@1", "B2D6+1>=困难 协力+3@4"),
    ),
    ChatCommand(
        system="bar2d6",
        name="check",
        pattern="B2D6+N>=DICE",
        prefix=r"B2D6\s*(?:[+\-−>≥])",
        help="bar2d6.chat.check",
        reader=_read_check,
        examples=("B2D6+5>=3", "B2D6+5>=困難", "b2d6>=normal", "B2D6-2>=0"),
    ),
)
