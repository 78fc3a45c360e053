"""Reading a player's message: chat or a command, and where a command goes wrong.

Everything here reads the text with hand-written scanners that look at each character a
bounded number of times: no regular expression reads a player's text, so nothing can
backtrack past linear time.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any, Final, TypeVar

import attrs

from tabletop_rules._arguments import checked, checked_text
from tabletop_rules.dice import Dice
from tabletop_rules.errors import InvalidNotation, NotationLimitExceeded, UnsupportedNotation
from tabletop_rules.i18n import Label
from tabletop_rules.notation._arithmetic import MAX_DIGITS, FormulaError, FormulaReader
from tabletop_rules.notation._commands import (
    Check,
    Command,
    CountRoll,
    Repeat,
    Single,
    plain_check,
)
from tabletop_rules.notation._limits import DEFAULT_LIMITS, Limits, unchecked
from tabletop_rules.notation._modifiers import MISSPELLED, Keep, Relation, Reroll
from tabletop_rules.notation._picks import Calculation, Choice, D66Roll
from tabletop_rules.notation._pools import (
    TALLY_SIDES,
    RerollCount,
    Tally,
    UpperRoll,
    rerolls_forever,
)
from tabletop_rules.notation._sums import (
    D66_SIDES,
    Expression,
    Part,
    make_part,
    make_step,
    new_unchecked,
    plain_part,
    plain_sum,
    stepped_part,
    target_side,
)
from tabletop_rules.notation._systems import ChatCommand, SystemCheck, SystemCommand, commands

__all__ = ["CACHED_LENGTH", "IMPLICIT_SIDES", "cached_default", "parse_text", "read_in_full"]

T = TypeVar("T")

#: Texts up to this long are remembered, with what they gave, for the next time.
CACHED_LENGTH: Final = 256
#: The sides of a die written without them (``5D``, ``5DKH3``), as BCDice's generic bot.
IMPLICIT_SIDES: Final = 6

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
_CONTINUES: Final = frozenset("+-−*/") | _RELATION_STARTS
#: Syntax of other dice bots that this notation does not support.
_UNSUPPORTED: Final = frozenset("^%]{}!#")
#: What a die of no written sides may be followed by (besides a keep): an operator, a
#: comparison, a parenthesis, an explosion.
_AFTER_DIE: Final = frozenset("+-−*/)!") | _RELATION_STARTS
#: What may come before the first die of a command: numbers, operators, parentheses, spaces.
_BEFORE_DIE: Final = frozenset("0123456789+-−*/()<>=≥≤≧≦≠.")
_ROUNDINGS: Final = {"U": "U", "C": "U", "R": "R", "F": "F"}
_POOL_LETTERS: Final = frozenset("BRU")
_D66_ORDERS: Final = frozenset("ANSD")


class _Chat(Exception):
    """The text is chat after all (a ``choice`` of one word, ``C3PO``)."""


class _Parser:
    """A recursive-descent reader over the normalized text, keeping the position."""

    __slots__ = ("end", "limits", "position", "positions", "text")

    def __init__(self, text: str, position: int, limits: Limits) -> None:
        self.text = text
        self.end = len(text)
        self.position = position
        self.limits = limits
        #: Where each term starts, by the term's id, for the limits' errors.
        self.positions: dict[int, int] = {}

    # -- reading characters -------------------------------------------------------------

    def fail(self, key: str, position: int, **params: object) -> InvalidNotation:
        return InvalidNotation(key, text=self.text, position=position, **params)

    def refuse(self, key: str, position: int) -> UnsupportedNotation:
        """A combination the language leaves out, such as ``6B6+1``."""
        return UnsupportedNotation(key, text=self.text, position=position)

    def unsupported(self, position: int) -> UnsupportedNotation:
        text = self.text
        end = position
        while end < len(text) and (
            (text[end].isascii() and text[end].isalpha()) or text[end] in "!%"
        ):
            end += 1
        found = text[position:end] or text[position : position + 1]
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
        return self.text[self.position] if self.position < self.end else ""

    def upper(self, offset: int = 0) -> str:
        at = self.position + offset
        return self.text[at].upper() if at < self.end else ""

    def skip_spaces(self) -> None:
        text, end = self.text, self.end
        while self.position < end and text[self.position].isspace():
            self.position += 1

    def number(self) -> int | None:
        start = self.position
        text, end = self.text, self.end
        while self.position < end and text[self.position] in _DIGITS:
            self.position += 1
        digits = text[start : self.position]
        if not digits:
            return None
        if len(digits) > MAX_DIGITS and len(digits.lstrip("0")) > MAX_DIGITS:
            raise self.fail("error.notation.number_too_long", start, allowed=MAX_DIGITS)
        return int(digits)

    def required_number(self, key: str) -> int:
        start = self.position
        found = self.number()
        if found is None:
            if self.peek().isalpha() or self.peek() in _UNSUPPORTED:
                raise self.unsupported(start)
            raise self.fail(key, start)
        return found

    def formula(self, read: str = "sum") -> int:
        """A whole number written as BCDice's arithmetic (``3``, ``(2+3)``, ``7/2U``)."""
        reader = FormulaReader(self.text, self.position)
        start = self.position
        try:
            if read == "term":
                value, _ = reader.term()
            elif read == "product":
                value, _ = reader.product()
            else:
                value, _ = reader.sum()
        except FormulaError as error:
            raise self.fail(error.key, error.position, **error.params) from None
        if value is None:
            raise self.fail("error.notation.division_by_zero", start)
        self.position = reader.position
        return value

    def count_term(self, key: str) -> int:
        """A count or sides: a number, or arithmetic in parentheses (``(2+3)``)."""
        if self.peek() == "(":
            return self.formula("term")
        return self.required_number(key)

    def relation(self) -> Relation | None:
        before = self.position
        self.skip_spaces()
        misspelled = self.misspelled(self.position)
        if misspelled is not None:
            raise misspelled
        for symbol, relation in _FAST_RELATIONS.get(self.peek(), ()):
            if self.text.startswith(symbol, self.position):
                self.position += len(symbol)
                return relation
        self.position = before
        return None

    def target(self) -> int:
        """The number after a comparison of BCDice's pools: arithmetic, no dice."""
        self.skip_spaces()
        if self.peek() == "?":
            raise self.fail("error.notation.unknown_target", self.position)
        if not self.peek():
            raise self.fail("error.notation.expected_target", self.position)
        return self.formula()

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
        if found == "?":
            raise self.fail("error.notation.unknown_target", self.position)
        if found in _UNSUPPORTED or (found.isascii() and found.isalpha()):
            raise self.unsupported(self.position)
        raise self.fail("error.notation.unexpected", self.position, found=found)

    # -- sums and checks ----------------------------------------------------------------

    def made(self, part: Part, start: int) -> Part:
        self.positions[id(part)] = start
        return part

    def signs(self) -> int:
        """The sign of a run of ``+`` and ``-`` (``--3`` is ``+3``), or 0 for none."""
        sign = 0
        while True:
            found = _SIGNS.get(self.peek(), 0)
            if not found:
                return sign
            sign = found if sign == 0 else sign * found
            self.position += 1
            self.skip_spaces()

    def modifier(self, dice: Dice) -> dict[str, object]:
        found = self.upper()
        after = self.upper(1)
        here = self.position
        if found == "M" and self.text[here : here + 3].upper() in ("MAX", "MIN"):
            self.position += 3
            return {"keep": Keep(kind="KH" if after == "A" else "KL", count=1)}
        if found == "K" or (found == "D" and after in ("H", "L")):
            self.position += 1
            kind = found + (after if after in ("H", "L") else "H")
            if after in ("H", "L"):
                self.position += 1
            if self.peek() in _DIGITS or self.peek() == "(":
                count = self.count_term("error.notation.expected_count")
            elif after in ("H", "L"):
                count = 1  # BCDice's KH alone: the highest die
            else:
                count = self.required_number("error.notation.expected_count")
            keep_text = f"{kind}{count}"
            if count <= 0:  # before Keep, whose own check refuses it less helpfully
                raise self.fail("error.notation.bad_keep", here, keep=keep_text, dice=str(dice))
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
            once = self.upper() != "R"
            if not once:
                self.position += 1
            face_at = self.position
            face = self.required_number("error.notation.expected_face")
            if not 1 <= face <= dice.sides or dice.sides == 1:
                raise self.fail("error.notation.bad_reroll", face_at, face=face, dice=str(dice))
            return {"reroll": Reroll(face=face, once=once)}
        return {}

    def dice(self, count: int | None, start: int) -> Part:
        """The dice after their count (at the ``D``)."""
        self.position += 1
        sides_start = self.position
        found = self.peek()
        if found in ("%", "f", "F"):
            raise self.unsupported(sides_start - 1)
        if found in _DIGITS or found == "(":
            sides = self.count_term("error.notation.expected_sides")
        elif count is None:
            if found.isalpha():
                raise self.unsupported(sides_start - 1)
            raise self.fail("error.notation.expected_sides", sides_start)
        else:
            sides = IMPLICIT_SIDES
        if count is not None and count < 1:
            raise self.fail("error.notation.zero_dice", start)
        if sides < 1:
            raise self.fail("error.notation.zero_sides", sides_start)
        dice = Dice(1 if count is None else count, sides)
        if sides == D66_SIDES:
            here = self.position
            letter = self.upper()
            if letter in _D66_ORDERS and not self.text[here + 1 : here + 2].isalnum():
                raise self.fail("error.notation.d66_order", start, order=letter)
            if self.modifier(dice):
                raise self.fail("error.notation.d66_modifier", here)
            part = make_part(dice=dice)
        else:
            part = make_part(dice=dice, **self.modifier(dice))  # type: ignore[arg-type]
        following = self.peek()
        if following and following.isascii() and (following.isalpha() or following in "!%"):
            if following.upper() in _POOL_LETTERS:
                raise self.refuse("error.notation.count_sum", self.position)
            raise self.misspelled(self.position) or self.unsupported(self.position)
        return part

    def atom(self, depth: int) -> Part:
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
            if self.upper() == "D":
                if inner.constant is None:
                    raise self.fail("error.notation.dice_count_dice", start)
                return self.made(self.dice(inner.constant, start), start)
            return self.made(make_part(group=inner), start)
        count = self.number()
        letter = self.upper()
        if letter == "D":
            return self.made(self.dice(count, start), start)
        if count is None:
            if found in _UNSUPPORTED or found == "[" or (found.isascii() and found.isalpha()):
                raise self.unsupported(start)
            raise self.fail("error.notation.expected_term", start, found=found)
        if letter in _POOL_LETTERS or (letter == "T" and self.upper(1) in ("Y", "Z")):
            after = self.text[self.position + (2 if letter == "T" else 1) :][:1]
            if after in _DIGITS or after == "(":
                raise self.refuse("error.notation.count_sum", start)
        return self.made(make_part(number=count), start)

    def term(self, sign: int, depth: int) -> Part:
        start = self.position
        base = self.atom(depth)
        steps: list[Any] = []
        held = base.constant is None
        while True:
            before = self.position
            self.skip_spaces()
            op = self.peek()
            if op not in ("*", "/"):
                self.position = before
                break
            op_at = self.position
            misspelled = self.misspelled(op_at)
            if misspelled is not None:
                raise misspelled
            self.position += 1
            self.skip_spaces()
            operand_sign = self.signs() or 1
            operand_start = self.position
            operand = self.atom(depth)
            if operand_sign < 0:
                operand = self.made(_with(operand, sign=-1), operand_start)
            rounding = ""
            if op == "/":
                rounding = _ROUNDINGS.get(self.upper(), "")
                if rounding:
                    self.position += 1
                if operand.constant is None:
                    raise self.fail("error.notation.dice_divisor", op_at)
                if operand.constant == 0:
                    raise self.fail("error.notation.division_by_zero", op_at)
            else:
                if operand.constant == 0:
                    raise self.fail("error.notation.zero_factor", op_at)
                if operand.constant is None:
                    if held:
                        raise UnsupportedNotation(
                            "error.notation.dice_times_dice", text=self.text, position=start
                        )
                    held = True
            steps.append(make_step(op, operand, rounding))
        if not steps and sign == 1:
            return base
        return self.made(_with(base, sign=sign, steps=tuple(steps)), start)

    def expression(self, depth: int = 0) -> Expression:
        self.skip_spaces()
        sign = self.signs()
        parts = [self.term(sign or 1, depth)]
        while True:
            before = self.position
            self.skip_spaces()
            if self.peek() not in _SIGNS:
                self.position = before
                return plain_sum(tuple(parts))
            sign = self.signs()
            parts.append(self.term(sign, depth))

    def check_or_sum(self) -> tuple[Expression | Check, str]:
        left = self.expression()
        relation = self.relation()
        if relation is None:
            return left, self.finish(compared=False)
        self.skip_spaces()
        if self.peek() == "?":
            raise self.fail("error.notation.unknown_target", self.position)
        right = self.expression()
        comment = self.finish(compared=True)
        return Check(left=left, comparison=relation, right=right), comment

    # -- BCDice's pools -----------------------------------------------------------------

    def pool_letter(self) -> str:
        """The letter (B, R, U, T) after the count at the position, without reading: or ``""``."""
        text = self.text
        at = self.position
        if at < len(text) and text[at] == "(":
            depth = 0
            while at < len(text):
                if text[at] == "(":
                    depth += 1
                elif text[at] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                at += 1
            at += 1
        else:
            while at < len(text) and text[at] in _DIGITS:
                at += 1
            if at == self.position:
                return ""
        letter = text[at : at + 1].upper()
        if letter == "T" and text[at + 1 : at + 2].upper() in ("Y", "Z"):
            return "T"
        return letter if letter in _POOL_LETTERS else ""

    def pool(self, letter: str) -> Dice:
        start = self.position
        count = self.count_term("error.notation.expected_count")
        self.position += 2 if letter == "T" else 1
        sides_at = self.position
        sides = self.count_term("error.notation.expected_sides")
        if count < 1:
            raise self.fail("error.notation.zero_dice", start)
        if sides < 1:
            raise self.fail("error.notation.zero_sides", sides_at)
        return Dice(count, sides)

    def pools(self, letter: str) -> list[Dice]:
        found = [self.pool(letter)]
        while self.peek() == "+":
            before = self.position
            self.position += 1
            if self.pool_letter() != letter:
                self.position = before
                break
            found.append(self.pool(letter))
        return found

    def threshold(self) -> tuple[Relation | None, int]:
        """``[5]``, ``[>=5]`` or, after ``@``, ``5`` or ``>=5``: a relation and a number."""
        relation = self.relation()
        self.skip_spaces()
        if not self.peek() or self.peek() == "]":
            raise self.fail("error.notation.expected_threshold", self.position)
        return relation, self.formula()

    def bracket(self) -> tuple[Relation | None, int] | None:
        # Right after the pools, as BCDice reads it: after a space, it is a comment.
        if self.peek() != "[":
            return None
        start = self.position
        self.position += 1
        found = self.threshold()
        self.skip_spaces()
        if self.peek() != "]":
            if not self.peek():
                raise self.fail("error.notation.unclosed_bracket", start)
            raise self.fail("error.notation.expected_bracket", self.position, found=self.peek())
        self.position += 1
        return found

    def at_threshold(self, bracket: object) -> tuple[Relation | None, int] | None:
        if self.peek() != "@":
            return None
        if bracket is not None:
            raise self.fail("error.notation.threshold_twice", self.position)
        self.position += 1
        return self.threshold()

    def counting(self) -> tuple[CountRoll, str]:
        pools = self.pools("B")
        relation = self.relation()
        target = self.target() if relation is not None else None
        self.no_sum()
        comment = self.finish(compared=relation is not None)
        command = _made(CountRoll, dice=tuple(pools), relation=relation, target=target)
        return command, comment

    def no_sum(self) -> None:
        before = self.position
        self.skip_spaces()
        if self.peek() in _SIGNS or self.peek() in ("*", "/"):
            raise self.refuse("error.notation.count_sum", self.position)
        self.position = before

    def reroll_count(self) -> tuple[RerollCount, str]:
        start = self.position
        pools = self.pools("R")
        bracket = self.bracket()
        relation = self.relation()
        target = self.target() if relation is not None else None
        threshold = self.at_threshold(bracket) or bracket
        self.no_sum()
        comment = self.finish(compared=relation is not None)
        if threshold is None and target is None:
            raise self.fail("error.notation.reroll_threshold", start)
        reroll_relation = (threshold[0] if threshold else None) or relation or Relation.AT_LEAST
        reroll_at = threshold[1] if threshold else target
        assert reroll_at is not None
        for pool in pools:
            if rerolls_forever(reroll_relation, reroll_at, pool.sides):
                raise self.fail(
                    "error.notation.reroll_forever",
                    start,
                    condition=f"{reroll_relation.value}{reroll_at}",
                    dice=f"d{pool.sides}",
                )
        command = _made(
            RerollCount,
            dice=tuple(pools),
            reroll_at=reroll_at,
            reroll_relation=reroll_relation,
            relation=relation,
            target=target,
        )
        return command, comment

    def upper_roll(self) -> tuple[UpperRoll, str]:
        start = self.position
        pools = self.pools("U")
        bracket = self.bracket()
        modifier = 0
        while True:
            before = self.position
            self.skip_spaces()
            sign = _SIGNS.get(self.peek(), 0)
            if not sign:
                self.position = before
                break
            self.position += 1
            modifier += sign * self.formula("product")
        relation = self.relation()
        target = self.target() if relation is not None else None
        at = self.at_threshold(bracket)
        comment = self.finish(compared=relation is not None)
        found = at or bracket
        if found is None:
            raise self.fail("error.notation.upper_threshold", start)
        if found[0] is not None:
            raise self.fail("error.notation.upper_relation", start)
        if found[1] < 2:
            raise self.fail("error.notation.upper_forever", start, threshold=found[1])
        command = _made(
            UpperRoll,
            dice=tuple(pools),
            upper_at=found[1],
            modifier=modifier,
            relation=relation,
            target=target,
        )
        return command, comment

    def tally(self) -> tuple[Tally, str]:
        start = self.position
        count = self.count_term("error.notation.expected_count")
        zeros = self.upper(1) == "Z"
        self.position += 2
        sides = self.count_term("error.notation.expected_sides")
        if count < 1:
            raise self.fail("error.notation.zero_dice", start)
        if not 1 <= sides <= TALLY_SIDES:
            raise self.fail("error.notation.tally_sides", start, allowed=TALLY_SIDES, sides=sides)
        self.no_sum()
        comment = self.finish(compared=False)
        return _made(Tally, dice=Dice(count, sides), zeros=zeros), comment

    # -- C(), choice, D66 -----------------------------------------------------------------

    def calculation(self) -> tuple[Calculation, str]:
        start = self.position
        self.position += 1  # the C
        opened = self.peek() == "("
        reader = FormulaReader(self.text, self.position)
        try:
            value, shown = reader.sum()
        except FormulaError as error:
            if not opened:
                raise _Chat from None
            raise self.fail(error.key, error.position, **error.params) from None
        self.position = reader.position
        end = self.position
        self.skip_spaces()
        if self.position < len(self.text) and self.position == end and not opened:
            raise _Chat  # C3PO: a word, not arithmetic
        self.position = end
        if value is None:
            raise self.fail("error.notation.division_by_zero", start)
        comment = self.finish(compared=False)
        formula = shown[1:-1] if _one_group(shown) else shown
        return _made(Calculation, formula=formula, _value=value), comment

    def choice(self) -> tuple[Choice, str]:
        start = self.position
        text = self.text
        self.position += 6  # choice
        takes_at = self.position
        takes = self.number()
        opening = self.peek()
        if opening not in ("[", "(") and not opening.isspace():
            raise _Chat
        if takes == 0:
            raise self.fail("error.notation.choice_takes", takes_at)
        takes = 1 if takes is None else takes
        if opening.isspace():
            words = text[self.position :].split()
            comment = ""
            brackets = " "
        else:
            closing = "]" if opening == "[" else ")"
            end = text.find(closing, self.position + 1)
            if end < 0:
                raise self.fail("error.notation.unclosed_choice", self.position, closing=closing)
            words = [item.strip() for item in text[self.position + 1 : end].split(",")]
            self.position = end + 1
            comment = self.finish(compared=False)
            brackets = opening
        items = [word for word in words if word]
        if len(items) == 1:
            items = self.choice_range(items[0], start)
        if len(items) < 2:
            if brackets == " ":
                raise _Chat
            raise self.fail("error.notation.choice_items", start)
        if len(items) > self.limits.max_items:
            raise self.too_many_items(len(items))
        if takes > len(items):
            raise self.fail(
                "error.notation.choice_takes_many", takes_at, takes=takes, items=len(items)
            )
        choice = _made(Choice, items=tuple(items), takes=takes, brackets=brackets)
        return choice, comment

    def too_many_items(self, given: int) -> NotationLimitExceeded:
        return NotationLimitExceeded(
            "items", allowed=self.limits.max_items, given=given, text=self.text, position=0
        )

    def choice_range(self, item: str, start: int) -> list[str]:
        """BCDice's shorthand of one item: ``A-F``, ``c-g`` or ``3-10``; else nothing."""
        first, dash, last = item.partition("-")
        if not dash:
            return []
        if first.isascii() and last.isascii() and first.isdigit() and last.isdigit():
            if len(first) > MAX_DIGITS or len(last) > MAX_DIGITS:
                raise self.fail("error.notation.number_too_long", start, allowed=MAX_DIGITS)
            low, high = int(first), int(last)
            if low > high:
                return []
            if high - low + 1 > self.limits.max_items:
                raise self.too_many_items(high - low + 1)
            return [str(value) for value in range(low, high + 1)]
        letters = len(first) == len(last) == 1 and (first + last).isascii()
        same_case = first.islower() == last.islower()
        if letters and (first + last).isalpha() and same_case and first <= last:
            return [chr(code) for code in range(ord(first), ord(last) + 1)]
        return []

    def d66(self) -> tuple[D66Roll, str]:
        self.position += 3
        order = self.upper()
        if order in _D66_ORDERS:
            self.position += 1
        else:
            order = ""
        comment = self.finish(compared=False)
        return _made(D66Roll, order=order), comment

    # -- a whole command ------------------------------------------------------------------

    def command(self, kind: str) -> tuple[Single, str]:
        """Read one command of *kind* and its comment; the caller adds the S mark."""
        if kind == "choice":
            return self.choice()
        if kind == "calc":
            return self.calculation()
        if kind == "d66":
            return self.d66()
        letter = self.pool_letter()
        if letter == "B":
            return self.counting()
        if letter == "R":
            return self.reroll_count()
        if letter == "U":
            return self.upper_roll()
        if letter == "T":
            return self.tally()
        return self.check_or_sum()


def _made(cls: type[T], **fields: object) -> T:
    """A command the parser has read and checked, built without checking it again.

    The whole command is held to the limits at the end.
    """
    made: T = new_unchecked(cls, secret=False, comment="", **fields)  # type: ignore[assignment]
    return made


def _one_group(text: str) -> bool:
    """Whether *text* is one pair of parentheses around the rest: ``(1+2)``, not ``(1)+(2)``."""
    if not text.startswith("("):
        return False
    depth = 0
    for index, character in enumerate(text):
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
            if depth == 0:
                return index == len(text) - 1
    return False


def _with(part: Part, **changes: Any) -> Part:
    fields: dict[str, Any] = {
        "sign": part.sign,
        "dice": part.dice,
        "number": part.number,
        "group": part.group,
        "keep": part.keep,
        "explode": part.explode,
        "reroll": part.reroll,
        "steps": part.steps,
    }
    fields.update(changes)
    return make_part(**fields)


# -- what counts as a command -------------------------------------------------------------


def _dice_ahead(text: str, start: int) -> bool:
    """Whether *text* from *start* begins with notation that holds a die.

    Numbers, operators, parentheses and spaces may come first; the first letter must make a
    die (``2D6``, ``d20``, ``5D``, ``(2+3)d6``, ``1d%``), a pool of BCDice's (``6B6``, ``3R6``,
    ``5U10``, ``6TY6``), or the text is chat.
    """
    index = start
    end = len(text)
    while index < end:
        character = text[index]
        if character in _BEFORE_DIE or character.isspace():
            index += 1
            continue
        before = text[index - 1] if index > start else ""
        after = text[index + 1] if index + 1 < end else ""
        counted = before in _DIGITS or before == ")"
        letter = character.upper()
        if letter == "D":
            if after in _DIGITS or after == "(":
                return True
            if counted:
                if after in ("%", "f", "F") or not after or after in _AFTER_DIE:
                    return True
                if after.upper() in ("K", "D", "M"):
                    return True
                if after.isspace():
                    # 2D >= 7 is a die; 3d printing is chat.
                    rest = index + 1
                    while rest < end and text[rest].isspace():
                        rest += 1
                    return rest < end and text[rest] in _AFTER_DIE
            return False
        if counted and letter in _POOL_LETTERS and (after in _DIGITS or after == "("):
            return True
        if counted and letter == "T" and after.upper() in ("Y", "Z"):
            follow = text[index + 2 : index + 3]
            return follow in _DIGITS or follow == "("
        if before in _DIGITS and letter in _ROUNDINGS:
            # A rounding suffix, as in (3/2F)d1: the die may still come.
            index += 1
            continue
        return False
    return False


def _kind_at(text: str, start: int) -> str | None:
    """What the command at *start* is: ``choice``, ``calc``, ``d66`` or ``dice``; or chat."""
    if text[start : start + 6].lower() == "choice":
        return "choice"
    first = text[start : start + 1]
    if first in ("c", "C"):
        after = text[start + 1 : start + 2]
        if after and (after in _DIGITS or after in "(+-−"):
            return "calc"
        return None
    if text[start : start + 3].upper() == "D66":
        after = text[start + 3 : start + 4]
        if after.upper() in _D66_ORDERS:
            after = text[start + 4 : start + 5]
        if not after or after.isspace():
            return "d66"
    return "dice" if _dice_ahead(text, start) else None


def _repeat_at(text: str, start: int) -> tuple[int, int] | None:
    """``x3 ``, ``rep3 `` or ``repeat3 `` at *start*: where the count starts, and the command."""
    lowered = text[start : start + 6].lower()
    if lowered == "repeat":
        at = start + 6
    elif lowered[:3] == "rep":
        at = start + 3
    elif lowered[:1] == "x":
        at = start + 1
    else:
        return None
    digits = at
    while at < len(text) and text[at] in _DIGITS:
        at += 1
    if at == digits or at == len(text) or not text[at].isspace():
        return None
    while at < len(text) and text[at].isspace():
        at += 1
    return digits, at


def _secret_at(text: str, start: int) -> bool:
    """Whether an ``S`` at *start* marks the command right after it (``S2D6``, not ``S 2D6``)."""
    after = text[start + 1 : start + 2]
    return (
        text[start : start + 1] in ("s", "S")
        and bool(after)
        and not after.isspace()
        and (_repeat_at(text, start + 1) is not None or _kind_at(text, start + 1) is not None)
    )


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


def _too_long(normalized: str, limits: Limits) -> NotationLimitExceeded:
    return NotationLimitExceeded(
        "length",
        allowed=limits.max_length,
        given=len(normalized),
        text=normalized[: limits.max_length],
        position=limits.max_length,
    )


_ASCII_DIGITS: Final = "0123456789"
#: Each relation by its first character, two-character spellings first.
_FAST_RELATIONS: Final = {
    ">": ((">=", Relation.AT_LEAST), (">", Relation.GREATER)),
    "<": (("<=", Relation.AT_MOST), ("<>", Relation.NOT_EQUAL), ("<", Relation.LESS)),
    "=": (("=", Relation.EQUAL),),
    "≥": (("≥", Relation.AT_LEAST),),
    "≧": (("≧", Relation.AT_LEAST),),
    "≤": (("≤", Relation.AT_MOST),),
    "≦": (("≦", Relation.AT_MOST),),
    "≠": (("≠", Relation.NOT_EQUAL),),
}
#: What a comment the fast path takes may not start with (the full reader decides those).
_NOT_A_COMMENT_START: Final = frozenset("+-−*/<>=≥≤≧≦≠!?@[")
#: What may follow dice in the fast path: the end, a sign, a step, a comparison, a space, a
#: closing parenthesis.
_FAST_AFTER_TERM: Final = frozenset(("", "+", "-", "−", "*", "/", " ", ")")) | _RELATION_STARTS
_FAST_SIGNS: Final = {"+": 1, "-": -1, "−": -1}
#: The deepest parentheses the fast path reads (the full reader reads the deeper ones).
_FAST_DEPTH: Final = 4


def _fast_keep(head: str, at: int, count: int) -> tuple[Keep | None, int] | None:
    """A keep after dice of *count* at *at*, or nothing; ``None`` for the full reader.

    A keep is ``KH3``, ``K3``, ``DL1``, ``KH`` or ``MAX``.
    """
    letter = head[at : at + 1].upper()
    after = head[at + 1 : at + 2].upper()
    if letter == "M":
        word = head[at : at + 3].upper()
        if word not in ("MAX", "MIN"):
            return None
        return Keep(kind="KH" if word == "MAX" else "KL", count=1), at + 3
    if letter == "K":
        kind = "K" + (after if after in ("H", "L") else "H")
        at += 1 + (after in ("H", "L"))
    elif letter == "D" and after in ("H", "L"):
        kind = letter + after
        at += 2
    else:
        return (None, at) if letter in _FAST_AFTER_TERM else None
    start = at
    while at < len(head) and head[at] in _ASCII_DIGITS:
        at += 1
    if start == at and kind == "KH" and head[start - 1 : start].upper() != "H":
        return None  # K alone needs a count
    kept = int(head[start:at]) if start < at and at - start <= MAX_DIGITS else 1
    if start < at and at - start > MAX_DIGITS:
        return None
    if kept < 1:
        return None
    keep = Keep(kind=kind, count=kept)  # type: ignore[arg-type]
    if not 1 <= keep.kept(count)[0] <= count:
        return None
    return keep, at


def _fast_steps(head: str, at: int) -> tuple[tuple[Any, ...], int] | None:
    """The ``*`` and ``/`` by whole numbers at *at* (``*3``, ``/2U``, ``*-1``), or ``None``."""
    steps: list[Any] = []
    end = len(head)
    while at < end and head[at] in ("*", "/"):
        op = head[at]
        at += 1
        sign = 1
        if head[at : at + 1] == "-":
            sign = -1
            at += 1
        start = at
        while at < end and head[at] in _ASCII_DIGITS:
            at += 1
        if start == at or at - start > MAX_DIGITS:
            return None
        number = int(head[start:at])
        if number == 0:
            return None
        rounding = ""
        if op == "/":
            rounding = _ROUNDINGS.get(head[at : at + 1].upper(), "")
            at += bool(rounding)
        steps.append(make_step(op, plain_part(sign, None, number), rounding))
    return tuple(steps), at


def _fast_dice(
    head: str, at: int, number: int, counted: bool, limits: Limits
) -> tuple[Part, int, int] | None:
    """The dice from their ``D`` at *at*: the term before its steps, its dice, where it ends."""
    end = len(head)
    at += 1
    sides_at = at
    while at < end and head[at] in _ASCII_DIGITS:
        at += 1
    sides = head[sides_at:at]
    if len(sides) > MAX_DIGITS or (not sides and not counted):
        return None
    faces = int(sides) if sides else IMPLICIT_SIDES
    if not 1 <= faces <= limits.max_sides or number < 1 or (faces == D66_SIDES and not counted):
        return None
    if not sides and head[at : at + 1].isspace():
        return None  # 3d printing: the full reader decides
    found = _fast_keep(head, at, number)
    if found is None or (found[0] is not None and faces == D66_SIDES):
        return None
    keep, at = found
    dice = Dice(number, faces)
    part = plain_part(1, dice, 0) if keep is None and faces != D66_SIDES else None
    if part is None:
        part = make_part(dice=dice, keep=keep)
    return part, (2 * number if faces == D66_SIDES else number), at


def _fast_sum(head: str, at: int, limits: Limits, depth: int) -> tuple[list[Part], int, int] | None:
    """The terms of a sum from *at*, their dice and where they end, or ``None``.

    Terms are numbers and dice (``2D6+3-1d4``, ``4D6KH3``, ``3D6/2U``, ``5D``, ``2D66``), in
    parentheses too (``(1D6+1)*2``, ``(2+3)D6``), each with ``*`` and ``/`` by numbers.
    """
    end = len(head)
    sign = 1
    parts: list[Part] = []
    dice = 0
    while True:
        while at < end and head[at] in _FAST_SIGNS:  # a run of signs: their product
            sign *= _FAST_SIGNS[head[at]]
            at += 1
        if head[at : at + 1] == "(":
            grouped = _fast_group(head, at, limits, depth)
            if grouped is None:
                return None
            atom, rolled, at = grouped
        else:
            start = at
            while at < end and head[at] in _ASCII_DIGITS:
                at += 1
            count = head[start:at]
            if len(count) > MAX_DIGITS:
                return None
            if at < end and head[at] in "dD":
                made = _fast_dice(head, at, int(count) if count else 1, bool(count), limits)
                if made is None:
                    return None
                atom, rolled, at = made
            elif count and head[at : at + 1] in _FAST_AFTER_TERM:
                atom, rolled = plain_part(1, None, int(count)), 0
            else:
                return None  # nothing, or a pool of BCDice's (3R6, 6B6): not a sum
        dice += rolled
        stepped = _fast_steps(head, at)
        if stepped is None:
            return None
        steps, at = stepped
        if sign == 1 and not steps:
            parts.append(atom)
        elif 0 <= atom._kind <= 1 and not steps:  # pyright: ignore[reportPrivateUsage]
            parts.append(plain_part(sign, atom.dice, atom.number))
        elif steps and atom._kind >= 1 and atom.constant is None:  # pyright: ignore[reportPrivateUsage]
            parts.append(stepped_part(atom, sign, steps))
        else:
            parts.append(_with(atom, sign=sign, steps=steps))
        if at == end or head[at] not in _FAST_SIGNS:
            return parts, dice, at
        sign = 1


def _fast_group(head: str, at: int, limits: Limits, depth: int) -> tuple[Part, int, int] | None:
    """A sum in parentheses at *at* (``(1D6+1)``, or ``(2+3)D6`` as a count of dice)."""
    if depth >= _FAST_DEPTH:
        return None
    inner = _fast_sum(head, at + 1, limits, depth + 1)
    if inner is None or head[inner[2] : inner[2] + 1] != ")":
        return None
    group = plain_sum(tuple(inner[0]))
    at = inner[2] + 1
    if head[at : at + 1] not in ("d", "D"):
        return make_part(group=group), inner[1], at
    if group.constant is None:
        return None
    return _fast_dice(head, at, group.constant, True, limits)


def _fast_terms(head: str, at: int, limits: Limits) -> tuple[list[Part], int] | None:
    """The terms of the command's sum from *at*, and where they end, or ``None``."""
    found = _fast_sum(head, at, limits, 0)
    if found is None:
        return None
    parts, dice, at = found
    return (parts, at) if 0 < dice <= limits.max_dice else None


def _fast_comparison(head: str, at: int) -> tuple[Relation | None, int, int, int] | None:
    """A comparison with a whole number at *at* (``>=7``, ``<-1``), nothing, or ``None``.

    A comparison is its relation, the number's sign and digits, and where it ends; nothing
    is ``(None, 1, 0, at)``.
    """
    spellings = _FAST_RELATIONS.get(head[at : at + 1])
    if spellings is None:
        return None, 1, 0, at
    relation = Relation.EQUAL
    for spelling, found in spellings:
        if head.startswith(spelling, at):
            relation = found
            at += len(spelling)
            break
    sign = 1
    if head[at : at + 1] in ("-", "−") and head[at : at + 1]:
        sign = -1
        at += 1
    start = at
    while at < len(head) and head[at] in _ASCII_DIGITS:
        at += 1
    if start == at or at - start > MAX_DIGITS:
        return None
    return relation, sign, int(head[start:at]), at


def _fast(head: str, limits: Limits) -> Expression | Check | None:
    """The commonest commands in one pass, or ``None`` for the full reader.

    They are a sum of plain dice and numbers (``2D6+3``, ``1d20-1+2d4``), maybe compared with
    a number (``2D6>=7``), maybe secret, maybe with a comment.
    The fast reader gives exactly what the full reader gives, within the limits; a command over
    a limit is left to the full reader, which names the limit and the column.
    """
    if len(head) > limits.max_length:
        return None
    secret = head[:1] in ("s", "S")
    terms = _fast_terms(head, 1 if secret else 0, limits)
    if terms is None:
        return None
    parts, at = terms
    compared = _fast_comparison(head, at)
    if compared is None:
        return None
    relation, sign, number, at = compared
    comment = ""
    if at < len(head):
        if not head[at].isspace():
            return None
        comment = head[at:].strip()
        if comment[0] in _NOT_A_COMMENT_START:
            return None
    leaves = int(relation is not None)
    for part in parts:
        leaves += 1 + len(part.steps) if part.group is None else len(part.leaves)
    if leaves > limits.max_terms:
        return None
    command: Expression | Check
    if relation is None:
        command = plain_sum(tuple(parts), secret=secret, comment=comment)
    else:
        right, rolled_right = target_side(sign, number)
        command = plain_check(
            plain_sum(tuple(parts)),
            relation,
            right,
            secret=secret,
            comment=comment,
            rolled_right=rolled_right,
        )
    return command if command.odds_work() <= limits.max_work else None


def _fast_number(head: str, at: int, *, signed: bool = False) -> tuple[int, int] | None:
    """A whole number at *at* (with a ``-`` if *signed*), and where it ends, or ``None``."""
    sign = 1
    if signed and head[at : at + 1] in ("-", "−") and head[at : at + 1]:
        sign = -1
        at += 1
    start = at
    while at < len(head) and head[at] in _ASCII_DIGITS:
        at += 1
    if start == at or at - start > MAX_DIGITS:
        return None
    return sign * int(head[start:at]), at


def _fast_pool(head: str, limits: Limits) -> Single | None:
    """One pool of BCDice's in one pass, or ``None`` for the full reader.

    A pool is ``6B6>=4``, ``3R6>=5``, ``2R6[3]`` or ``5U10[8]+1``; the full reader gives the
    same for every text this reads.
    """
    at = 1 if head[:1] in ("s", "S") else 0
    count = _fast_number(head, at)
    if (
        count is None
        or count[0] < 1
        or head[count[1] : count[1] + 1].upper() not in ("B", "R", "U")
    ):
        return None
    letter = head[count[1]].upper()
    sides = _fast_number(head, count[1] + 1)
    if sides is None or not 1 <= sides[0] <= limits.max_sides:
        return None
    pool, at = Dice(count[0], sides[0]), sides[1]
    threshold: tuple[Relation | None, int] | None = None
    if letter != "B" and head[at : at + 1] == "[":
        reroll: Relation | None = None
        for spelling, found in _FAST_RELATIONS.get(head[at + 1 : at + 2], ()):
            if letter == "R" and head.startswith(spelling, at + 1):
                reroll = found
                at += len(spelling)
                break
        number = _fast_number(head, at + 1)
        if number is None or head[number[1] : number[1] + 1] != "]":
            return None
        threshold, at = (reroll, number[0]), number[1] + 1
    modifier = 0
    if letter == "U" and head[at : at + 1] in ("+", "-", "−") and head[at : at + 1]:
        added = _fast_number(head, at + 1)
        if added is None:
            return None
        modifier, at = (-added[0] if head[at] != "+" else added[0]), added[1]
    compared = _fast_comparison(head, at)
    if compared is None:
        return None
    relation, sign, digits, at = compared
    value = None if relation is None else sign * digits
    comment = ""
    if at < len(head):
        if not head[at].isspace():
            return None
        comment = head[at:].strip()
        if comment[0] in _NOT_A_COMMENT_START:
            return None
    secret = head[:1] in ("s", "S")
    common = {"dice": (pool,), "relation": relation, "target": value}
    command: Any
    if letter == "B":
        command = new_unchecked(CountRoll, secret=secret, comment=comment, **common)
    elif letter == "R":
        if threshold is None and value is None:
            return None
        again = (threshold[0] if threshold else None) or relation or Relation.AT_LEAST
        at_value = threshold[1] if threshold else value
        if at_value is None or rerolls_forever(again, at_value, pool.sides):
            return None
        command = new_unchecked(
            RerollCount,
            reroll_at=at_value,
            reroll_relation=again,
            secret=secret,
            comment=comment,
            **common,
        )
    else:
        if threshold is None or threshold[1] < 2:
            return None
        command = new_unchecked(
            UpperRoll,
            upper_at=threshold[1],
            modifier=modifier,
            secret=secret,
            comment=comment,
            **common,
        )
    if command.worst_rolls > limits.max_dice or command.odds_work() > limits.max_work:
        return None
    return command  # type: ignore[no-any-return]


def _read(text: str, limits: Limits, system: str | None) -> Command | SystemCheck | None:
    # A text far longer than the limit is told chat or command from its start alone, without
    # normalizing all of it.
    stripped = text.lstrip()
    if len(stripped) > 4 * limits.max_length + 64:
        head = unicodedata.normalize("NFKC", stripped[: limits.max_length + 64]).strip()
    else:
        head = unicodedata.normalize("NFKC", stripped).strip()
    if system is not None:
        found = _system_command(text, head, limits, system)
        if found is not None:
            return found
    elif len(stripped) <= limits.max_length:
        fast = _fast(head, limits)
        if fast is not None:
            return fast
        if len(head) <= limits.max_length:
            pool = _fast_pool(head, limits)
            if pool is not None:
                return pool
    return read_in_full(text, head, limits)


def read_in_full(text: str, head: str, limits: Limits) -> Command | None:
    """*text* read by the full reader (its normalized start *head*): chat, or a command."""
    secret = _secret_at(head, 0)
    start = 1 if secret else 0
    repeat = _repeat_at(head, start)
    if repeat is not None:
        start = repeat[1]
        if _secret_at(head, start):
            secret = True
            start += 1
    kind = _kind_at(head, start)
    if kind is None and repeat is None:
        return None
    normalized = unicodedata.normalize("NFKC", text).strip()
    if len(normalized) > limits.max_length:
        raise _too_long(normalized, limits)
    parser = _Parser(normalized, start, limits)
    with unchecked():
        try:
            if kind is None:
                raise _Chat
            single, comment = parser.command(kind)
            if isinstance(single, Expression | Check) and _without_dice(single):
                raise _Chat
        except _Chat:
            if repeat is None:
                return None
            if _repeat_at(head, repeat[1]) is not None:
                raise parser.fail("error.notation.repeat_twice", repeat[1]) from None
            raise parser.fail("error.notation.repeat_what", repeat[1]) from None
        command: Command
        if repeat is not None:
            parser.position = repeat[0]
            times = parser.number()
            parser.positions[-1] = repeat[0]
            if not times:
                raise parser.fail("error.notation.zero_repeats", repeat[0])
            command = Repeat(times, single, secret=secret, comment=comment)
        elif secret or comment:
            command = _decorated(single, secret, comment)
        else:
            command = single
    limits._enforce(command, normalized, parser.positions)  # pyright: ignore[reportPrivateUsage]
    return command


def _system_command(text: str, head: str, limits: Limits, system: str) -> SystemCheck | None:
    """*text* read as one of *system*'s commands, or ``None`` when it is none of them."""
    # An S in front of a system's command marks it secret, as in the common language.
    secret = head[:1] in ("s", "S") and any(chat.matches(head[1:]) for chat in commands(system))
    body = head[1:] if secret else head
    for chat in commands(system):
        if chat.matches(body):
            normalized = unicodedata.normalize("NFKC", text).strip()
            if len(normalized) > limits.max_length:
                raise _too_long(normalized, limits)
            return _read_system(chat, normalized[1:] if secret else normalized, secret)
    return None


def _without_dice(single: Expression | Check) -> bool:
    if isinstance(single, Expression):
        return single.constant is not None
    return single.left.constant is not None and single.right.constant is not None


#: What the first word of a system command's comment may not hold: it reads as more of the
#: command (``HELP+2@x``, ``+2``), so a mistyped part is refused rather than ignored.
_COMMAND_LIKE: Final = frozenset("+-−@<>=≥≤≧≦≠")


def _command_like(comment: str) -> bool:
    """Whether the first word of *comment* holds a sign, a comparison or ``@``."""
    for character in comment:
        if character.isspace():
            return False
        if character in _COMMAND_LIKE:
            return True
    return False


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
        spaces = [
            index
            for index in range(1, len(text))
            if text[index].isspace() and not text[index - 1].isspace()
        ]
        for space in reversed(spaces):
            comment = text[space:].strip()
            if _command_like(comment) or not chat.matches(text[:space]):
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


def _decorated(single: Single, secret: bool, comment: str) -> Single:
    """*single* with the S mark and the comment (every command has both fields)."""
    return attrs.evolve(single, secret=secret, comment=comment)
