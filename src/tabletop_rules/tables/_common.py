"""What the tables and the decks share: paths, limits, rendering and the recording of dice."""

from __future__ import annotations

import json
import re
from typing import Final

import attrs

from tabletop_rules._arguments import shown, wrong_type
from tabletop_rules.dice import Dice, DiceSource, Roll
from tabletop_rules.errors import InvalidData, LimitExceeded
from tabletop_rules.notation import Limits
from tabletop_rules.notation._limits import active_limits
from tabletop_rules.notation._sums import finish, template

__all__ = [
    "Recording",
    "active_limits",
    "check_entries",
    "check_name",
    "check_source",
    "finish",
    "key_path",
    "limits_or_default",
    "quoted",
    "template",
]

_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def key_path(parent: str, key: str) -> str:
    """The JSON path of *key* in the object at *parent*: ``$.name`` or ``$["飲み物"]``."""
    if _IDENTIFIER.fullmatch(key):
        return f"{parent}.{key}"
    return f"{parent}[{json.dumps(key, ensure_ascii=False)}]"


def quoted(value: object) -> str:
    """*value* as a refusal quotes it: its ``repr``, at most 40 characters of it."""
    shown_value = shown(value)
    return shown_value if len(shown_value) <= 40 else shown_value[:39] + "…"


def limits_or_default(limits: object) -> Limits:
    """*limits*, or the active limits for ``None``.

    Raises:
        InvalidData: *limits* is no :class:`~tabletop_rules.notation.Limits` (``$.limits``).
    """
    if limits is None:
        return active_limits()
    if not isinstance(limits, Limits):
        raise wrong_type("$.limits", "notation.Limits", limits)
    return limits


def check_source(text: object, limits: Limits) -> str:
    """*text*, after checking that it is a ``str`` no longer than the limits allow."""
    if type(text) is not str:
        raise wrong_type("$", "str", text)
    if len(text) > limits.max_source:
        raise LimitExceeded("source", allowed=limits.max_source, given=len(text))
    return text


def check_entries(count: int) -> None:
    """Refuse more rows, cards or decks than the active limits allow."""
    limits = active_limits()
    if count > limits.max_entries:
        raise LimitExceeded("entries", allowed=limits.max_entries, given=count)


def check_name(path: str, value: object) -> str:
    """A name: text on one line, without surrounding whitespace, not empty."""
    if type(value) is not str:
        raise wrong_type(path, "str", value)
    if not value or value != value.strip() or "\n" in value or "\r" in value:
        raise InvalidData(path, "a name is text on one line, without surrounding spaces")
    return value


@attrs.define
class Recording:
    """A dice source that keeps every roll it hands out, in order."""

    dice: DiceSource
    rolls: list[Roll] = attrs.field(factory=list[Roll])

    def roll(self, dice: Dice) -> Roll:
        """Roll with the wrapped source, and remember the roll."""
        rolled = self.dice.roll(dice)
        self.rolls.append(rolled)
        return rolled
