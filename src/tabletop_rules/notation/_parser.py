"""Reading a player's message: chat or a command, and where a command goes wrong."""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Final

from tabletop_rules._arguments import checked, checked_text
from tabletop_rules.dice import Dice
from tabletop_rules.errors import InvalidNotation, NotationLimitExceeded, UnsupportedNotation
from tabletop_rules.i18n import Label
from tabletop_rules.notation._commands import Check, Command, CountRoll, Repeat
from tabletop_rules.notation._limits import DEFAULT_LIMITS, Limits, unchecked
from tabletop_rules.notation._modifiers import MISSPELLED, Keep, Relation, Reroll
from tabletop_rules.notation._sums import Expression, Part
from tabletop_rules.notation._systems import ChatCommand, SystemCheck, SystemCommand, commands

__all__ = ["CACHED_LENGTH", "cached_default", "parse_text"]

#: The most digits a number in a command may have (leading zeros aside).
_MAX_DIGITS: Final = 18
#: Texts up to this long are remembered, with what they gave, for the next time.
CACHED_LENGTH: Final = 256

_DIGITS: Final = frozenset("0123456789")
_SIGNS: Final = {"+": 1, "-": -1, "−": -1}
_RELATIONS: Final = (
    (">=", Relation.AT_LEAST),
    ("<=", Relation.AT_MOST),
    ("<>", Relation.NOT_EQUAL),
    ("≥", Relation.AT_LEAST),
    ("≧", Relation.AT_LEAST),
    ("≤", Relation.AT_MOST),
    ("≦", Relation.AT_MOST),
    ("≠", Relation.NOT_EQUAL),
    (">", Relation.GREATER),
    ("<", Relation.LESS),
    ("=", Relation.EQUAL),
)
_RELATION_STARTS: Final = frozenset(symbol[0] for symbol, _ in _RELATIONS)
_MISSPELLED_STARTS: Final = frozenset(spelling[0] for spelling, _ in MISSPELLED)
#: What may not start a comment: it would continue the command.
_CONTINUES: Final = frozenset("+-−*") | _RELATION_STARTS
#: Syntax of other dice bots that this notation does not support.
_UNSUPPORTED: Final = frozenset("/^%[]{}!#")

_PREFIX: Final = re.compile(r"(?:([sS])(?=[0-9dDxXrR(+\-−]))?(?:(?:[xX]|[rR][eE][pP])([0-9]+)\s+)?")
_HEAD: Final = re.compile(r"[0-9dDbBkKhHlLrR!+\-−*/()<>=≥≤≧≦≠%fF\s]*")
_DICE_HINT: Final = re.compile(r"[dD][0-9]|[0-9][dD][%fF]|[0-9][bB][0-9]")
_SPACES: Final = re.compile(r"\s+")
_COUNT_ROLL: Final = re.compile(r"([0-9]+)[bB]([0-9]+)")
_LETTERS: Final = re.compile(r"[a-zA-Z!%]+")


class _Parser:
    """A recursive-descent reader over the normalized text, keeping the position."""

    __slots__ = ("position", "positions", "text")

    def __init__(self, text: str, position: int) -> None:
        self.text = text
        self.position = position
        #: Where each term starts, by the term's id, for the limits' errors.
        self.positions: dict[int, int] = {}

    def fail(self, key: str, position: int, **params: object) -> InvalidNotation:
        return InvalidNotation(key, text=self.text, position=position, **params)

    def unsupported(self, position: int) -> UnsupportedNotation:
        match = _LETTERS.match(self.text, position)
        found = match[0] if match else self.text[position : position + 1]
        return UnsupportedNotation(
            "error.notation.unsupported", text=self.text, position=position, found=found
        )

    def misspelled(self, position: int) -> UnsupportedNotation | None:
        """The refusal of another notation's comparison at *position*, naming ours; or ``None``."""
        if self.text[position : position + 1] not in _MISSPELLED_STARTS:
            return None
        for spelling, relation in MISSPELLED:
            if self.text.startswith(spelling, position):
                return UnsupportedNotation(
                    "error.notation.comparison_spelling",
                    text=self.text,
                    position=position,
                    found=spelling,
                    instead=relation.value,
                    meaning=Label(f"notation.relation.{relation.name.lower()}"),
                )
        return None

    def peek(self) -> str:
        return self.text[self.position] if self.position < len(self.text) else ""

    def skip_spaces(self) -> None:
        text = self.text
        while self.position < len(text) and text[self.position].isspace():
            self.position += 1

    def number(self) -> int | None:
        start = self.position
        text = self.text
        while self.position < len(text) and text[self.position] in _DIGITS:
            self.position += 1
        digits = text[start : self.position]
        if not digits:
            return None
        if len(digits.lstrip("0")) > _MAX_DIGITS:
            raise self.fail("error.notation.number_too_long", start, allowed=_MAX_DIGITS)
        return int(digits)

    def required_number(self, key: str) -> int:
        start = self.position
        found = self.number()
        if found is None:
            if self.peek().isalpha() or self.peek() in _UNSUPPORTED:
                raise self.unsupported(start)
            raise self.fail(key, start)
        return found

    def modifier(self, dice: Dice, start: int) -> dict[str, object]:
        found = self.peek().upper()
        after = self.text[self.position + 1 : self.position + 2].upper()
        here = self.position
        if found == "K" or (found == "D" and after in ("H", "L")):
            self.position += 1
            kind = found + (after if after in ("H", "L") else "H")
            if after in ("H", "L"):
                self.position += 1
            count = self.required_number("error.notation.expected_count")
            if count == 0:  # before Keep, whose own check raises a plain ValueError
                raise self.fail("error.notation.bad_keep", here, keep=f"{kind}0", dice=str(dice))
            keep = Keep(kind=kind, count=count)  # type: ignore[arg-type]
            kept, _ = keep.kept(dice.count)
            if not 1 <= kept <= dice.count:
                raise self.fail("error.notation.bad_keep", here, keep=str(keep), dice=str(dice))
            return {"keep": keep}
        if found == "!":
            if after in ("!", "P", "="):
                raise self.misspelled(here) or self.unsupported(here)
            self.position += 1
            return {"explode": True}
        if found == "R":
            self.position += 1
            once = self.peek().upper() != "R"
            if not once:
                self.position += 1
            face_at = self.position
            face = self.required_number("error.notation.expected_face")
            if not 1 <= face <= dice.sides or dice.sides == 1:
                raise self.fail("error.notation.bad_reroll", face_at, face=face, dice=str(dice))
            return {"reroll": Reroll(face=face, once=once)}
        return {}

    def atom(self, sign: int, depth: int) -> Part:
        start = self.position
        found = self.peek()
        if not found:
            raise self.fail("error.notation.unexpected_end", start)
        if found == "(":
            self.position += 1
            inner = self.expression(depth + 1)
            self.skip_spaces()
            if self.peek() != ")":
                if not self.peek():
                    raise self.fail("error.notation.unclosed", start)
                raise self.fail("error.notation.expected_close", self.position, found=self.peek())
            self.position += 1
            return self.made(Part(sign=sign, group=inner), start)
        count = self.number()
        if self.peek() in ("d", "D"):
            self.position += 1
            sides_start = self.position
            if self.peek() in ("%", "f", "F"):
                raise self.unsupported(sides_start - 1)
            sides = self.number()
            if sides is None:
                if self.peek().isalpha():
                    raise self.unsupported(sides_start - 1)
                raise self.fail("error.notation.expected_sides", sides_start)
            if count == 0:
                raise self.fail("error.notation.zero_dice", start)
            if sides == 0:
                raise self.fail("error.notation.zero_sides", sides_start)
            if sides == 66 and self.text[sides_start : self.position] == "66":
                if count not in (None, 1):
                    raise UnsupportedNotation(
                        "error.notation.d66_count", text=self.text, position=start
                    )
                part = Part(sign=sign, d66=True)
            else:
                dice = Dice(1 if count is None else count, sides)
                part = Part(sign=sign, dice=dice, **self.modifier(dice, start))  # type: ignore[arg-type]
            following = self.peek()
            if following and following.isascii() and (following.isalpha() or following in "!%"):
                raise self.misspelled(self.position) or self.unsupported(self.position)
            return self.made(part, start)
        if count is None:
            if found in _UNSUPPORTED or (found.isascii() and found.isalpha()):
                raise self.unsupported(start)
            raise self.fail("error.notation.expected_term", start, found=found)
        return self.made(Part(sign=sign, number=count), start)

    def made(self, part: Part, start: int) -> Part:
        self.positions[id(part)] = start
        return part

    def term(self, sign: int, depth: int) -> Part:
        start = self.position
        atoms = [self.atom(1, depth)]
        while True:
            before = self.position
            self.skip_spaces()
            if self.peek() != "*":
                self.position = before
                break
            self.position += 1
            self.skip_spaces()
            atoms.append(self.atom(1, depth))
        if len(atoms) == 1:
            only = atoms[0]
            if sign == 1:
                return only
            return self.made(_with(only, sign=sign), start)
        numbers = [atom for atom in atoms if _is_number(atom)]
        others = [atom for atom in atoms if not _is_number(atom)]
        if len(others) > 1:
            raise UnsupportedNotation(
                "error.notation.dice_times_dice", text=self.text, position=start
            )
        factor = 1
        if others:
            base = others[0]
            for number in numbers:
                factor *= number.number
        else:
            base = numbers[0]
            for number in numbers[1:]:
                factor *= number.number
        if factor == 0:
            raise self.fail("error.notation.zero_factor", start)
        return self.made(_with(base, sign=sign, factor=base.factor * factor), start)

    def expression(self, depth: int = 0) -> Expression:
        self.skip_spaces()
        sign = _SIGNS.get(self.peek(), 0)
        if sign:
            self.position += 1
            self.skip_spaces()
        parts = [self.term(sign or 1, depth)]
        while True:
            before = self.position
            self.skip_spaces()
            sign = _SIGNS.get(self.peek(), 0)
            if not sign:
                self.position = before
                return Expression(parts)
            self.position += 1
            self.skip_spaces()
            parts.append(self.term(sign, depth))

    def relation(self) -> Relation | None:
        before = self.position
        self.skip_spaces()
        misspelled = self.misspelled(self.position)
        if misspelled is not None:
            raise misspelled
        for symbol, relation in _RELATIONS:
            if self.text.startswith(symbol, self.position):
                self.position += len(symbol)
                return relation
        self.position = before
        return None

    def finish(self, *, compared: bool) -> str:
        """Read the end of the command: nothing, or a comment after whitespace."""
        start = self.position
        self.skip_spaces()
        if self.position == len(self.text):
            return ""
        found = self.text[self.position]
        if compared and (found in _RELATION_STARTS or self.misspelled(self.position)):
            raise self.fail("error.notation.second_comparison", self.position)
        if self.position > start and found not in _CONTINUES:
            return self.text[self.position :].strip()
        if found in _UNSUPPORTED or (found.isascii() and found.isalpha()):
            raise self.unsupported(self.position)
        raise self.fail("error.notation.unexpected", self.position, found=found)

    def count_roll(self) -> tuple[CountRoll, str] | None:
        match = _COUNT_ROLL.match(self.text, self.position)
        if match is None:
            return None
        start = self.position
        self.position = match.end()
        if len(match[1].lstrip("0")) > _MAX_DIGITS or len(match[2].lstrip("0")) > _MAX_DIGITS:
            raise self.fail("error.notation.number_too_long", start, allowed=_MAX_DIGITS)
        count, sides = int(match[1]), int(match[2])
        if count == 0:
            raise self.fail("error.notation.zero_dice", start)
        if sides == 0:
            raise self.fail("error.notation.zero_sides", match.start(2))
        relation = self.relation()
        target: int | None = None
        if relation is not None:
            self.skip_spaces()
            target = self.required_number("error.notation.expected_target")
        before = self.position
        self.skip_spaces()
        if self.peek() in _SIGNS or self.peek() == "*":
            raise UnsupportedNotation(
                "error.notation.count_sum", text=self.text, position=self.position
            )
        self.position = before
        comment = self.finish(compared=relation is not None)
        return CountRoll(dice=Dice(count, sides), relation=relation, target=target), comment

    def command(self) -> tuple[Expression | Check | CountRoll, str]:
        """Read one command and its comment; the caller adds the S mark and the comment."""
        counted = self.count_roll()
        if counted is not None:
            return counted
        left = self.expression()
        relation = self.relation()
        if relation is None:
            return left, self.finish(compared=False)
        right = self.expression()
        comment = self.finish(compared=True)
        return Check(left=left, comparison=relation, right=right), comment


def _is_number(part: Part) -> bool:
    return part.dice is None and not part.d66 and part.group is None


def _with(part: Part, **changes: int) -> Part:
    fields = {
        "sign": part.sign,
        "dice": part.dice,
        "number": part.number,
        "d66": part.d66,
        "group": part.group,
        "factor": part.factor,
        "keep": part.keep,
        "explode": part.explode,
        "reroll": part.reroll,
    }
    fields.update(changes)
    return Part(**fields)  # type: ignore[arg-type]


def parse_text(
    text: str, limits: Limits | None, system: str | None
) -> Command | SystemCheck | None:
    """Read *text*: ``None`` for chat, a command, or a system's check (see :func:`parse`)."""
    text = checked_text(text, "$")
    if limits is not None:
        checked(limits, Limits, "$.limits", "notation.Limits")
    if system is not None:
        checked_text(system, "$.system")
    if len(text) <= CACHED_LENGTH:
        if limits is None:
            return cached_default(text, system)
        return _cached(text, limits, system)
    return _read(text, DEFAULT_LIMITS if limits is None else limits, system)


@functools.lru_cache(maxsize=2048)
def _cached(text: str, limits: Limits, system: str | None) -> Command | SystemCheck | None:
    return _read(text, limits, system)


@functools.lru_cache(maxsize=2048)
def cached_default(text: str, system: str | None) -> Command | SystemCheck | None:
    return _read(text, DEFAULT_LIMITS, system)


def _read(text: str, limits: Limits, system: str | None) -> Command | SystemCheck | None:
    # A text far longer than the limit is told chat or command from its start alone, without
    # normalizing all of it.
    stripped = text.lstrip()
    if len(stripped) > 4 * limits.max_length + 64:
        head = unicodedata.normalize("NFKC", stripped[: limits.max_length + 64]).strip()
    else:
        head = unicodedata.normalize("NFKC", stripped).strip()
    if system is not None:
        # An S in front of a system's command marks it secret, as in the common language.
        secret = head[:1] in ("s", "S") and any(chat.matches(head[1:]) for chat in commands(system))
        body = head[1:] if secret else head
        for chat in commands(system):
            if chat.matches(body):
                normalized = unicodedata.normalize("NFKC", text).strip()
                if len(normalized) > limits.max_length:
                    raise NotationLimitExceeded(
                        "length",
                        allowed=limits.max_length,
                        given=len(normalized),
                        text=normalized[: limits.max_length],
                        position=limits.max_length,
                    )
                return _read_system(chat, normalized[1:] if secret else normalized, secret)
    prefix = _PREFIX.match(head)
    assert prefix is not None
    body_start = prefix.end()
    shape = _HEAD.match(head, body_start)
    if shape is None or _DICE_HINT.search(shape[0]) is None or not shape[0].strip():
        return None
    normalized = unicodedata.normalize("NFKC", text).strip()
    if len(normalized) > limits.max_length:
        raise NotationLimitExceeded(
            "length",
            allowed=limits.max_length,
            given=len(normalized),
            text=normalized[: limits.max_length],
            position=limits.max_length,
        )
    secret = prefix[1] is not None
    parser = _Parser(normalized, body_start)
    with unchecked():
        single, comment = parser.command()
        command: Command
        if prefix[2] is not None:
            parser.position = prefix.start(2)
            times = parser.number()
            parser.positions[-1] = prefix.start(2)
            if not times:
                raise parser.fail("error.notation.zero_repeats", prefix.start(2))
            command = Repeat(times, single, secret=secret, comment=comment)
        elif secret or comment:
            command = _decorated(single, secret, comment)
        else:
            command = single
    limits._enforce(command, normalized, parser.positions)  # pyright: ignore[reportPrivateUsage]
    return command


#: What the first word of a system command's comment may not hold: it reads as more of the
#: command (``HELP+2@x``, ``+2``), so a mistyped part is refused rather than ignored.
_COMMAND_LIKE: Final = re.compile(r"\S*[+\-−@<>=≥≤≧≦≠]")


def _read_system(chat: ChatCommand, text: str, secret: bool) -> SystemCheck:
    """*text* read as *chat*'s command, with the comment after it (if any) split off."""
    try:
        check = chat.read(text)
        comment = ""
    except InvalidNotation as error:
        # The longest start that is still meant as this command and reads is the command, and
        # the rest its comment, unless the rest looks like more of the command (``HELP``
        # alone after a helped check's start is not a comment); otherwise the whole text's
        # error stands.
        for space in reversed([match.start() for match in _SPACES.finditer(text)]):
            comment = text[space:].strip()
            if _COMMAND_LIKE.match(comment) or not chat.matches(text[:space]):
                continue
            try:
                check = chat.read(text[:space])
            except InvalidNotation:
                continue
            break
        else:
            raise error from None
    if secret or comment:
        return SystemCommand(check=check, secret=secret, comment=comment)
    return check


def _decorated(
    single: Expression | Check | CountRoll, secret: bool, comment: str
) -> Expression | Check | CountRoll:
    if isinstance(single, Expression):
        return Expression(single.parts, secret=secret, comment=comment)
    if isinstance(single, Check):
        return Check(
            left=single.left,
            comparison=single.comparison,
            right=single.right,
            secret=secret,
            comment=comment,
        )
    return CountRoll(
        dice=single.dice,
        relation=single.relation,
        target=single.target,
        secret=secret,
        comment=comment,
    )
