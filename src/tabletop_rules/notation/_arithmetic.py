"""Whole-number arithmetic as BCDice does it: division with its rounding suffixes."""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

__all__ = [
    "MAX_DIGITS",
    "ROUNDINGS",
    "FormulaError",
    "FormulaReader",
    "Rounding",
    "divided",
    "read_formula",
]

#: How a division rounds: ``""`` as the generic dice bot does (down), ``"U"`` up (also
#: written ``C``), ``"R"`` to the nearest (halves away from zero), ``"F"`` down.
Rounding: TypeAlias = Literal["", "U", "R", "F"]
ROUNDINGS: Final = ("", "U", "R", "F")


def divided(dividend: int, divisor: int, rounding: str) -> int:
    """*dividend* / *divisor* (not 0), rounded as *rounding* says, exactly.

    BCDice divides in floating point for ``U`` and ``R``; here every quotient is exact, so
    the two agree wherever a float holds the numbers exactly (below 2**53).

    >>> divided(7, 2, ""), divided(7, 2, "U"), divided(-5, 10, "R"), divided(4, -3, "F")
    (3, 4, -1, -2)
    """
    if rounding == "U":
        return -(-dividend // divisor)
    if rounding == "R":
        # Halves away from zero, as Ruby's Float#round.
        near = (2 * abs(dividend) + abs(divisor)) // (2 * abs(divisor))
        return near if (dividend < 0) == (divisor < 0) else -near
    return dividend // divisor


class FormulaError(Exception):
    """A formula that does not read: the catalog key of what is wrong, and where."""

    def __init__(self, key: str, position: int, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.position = position
        self.params = params


#: The most digits a number may have (leading zeros aside), in a formula as in a command.
MAX_DIGITS: Final = 18
_DIGITS: Final = frozenset("0123456789")
_SIGNS: Final = {"+": 1, "-": -1, "−": -1}
#: How BCDice's C() shows each rounding suffix: ``U`` and ``C`` both as ``C``.
_SHOWN_ROUNDING: Final = {"U": "C", "C": "C", "R": "R", "F": "F"}
_READ_ROUNDING: Final = {"U": "U", "C": "U", "R": "R", "F": "F"}


class FormulaReader:
    """A reader of BCDice's C() arithmetic over a normalized text, from a position.

    It reads ``+ - * /``, the rounding suffixes, parentheses and signs into the value and the
    text BCDice shows.

    The text keeps what BCDice keeps (every sign, every parenthesis) and drops what it drops
    (a ``+`` sign, leading zeros); ``U`` is shown ``C``.
    A division by 0 is reported, as BCDice does, when the formula is computed.
    """

    __slots__ = ("end", "position", "text")

    def __init__(self, text: str, position: int) -> None:
        self.text = text
        self.end = len(text)
        self.position = position

    def peek(self) -> str:
        return self.text[self.position] if self.position < self.end else ""

    def skip_spaces(self) -> None:
        text, end = self.text, self.end
        while self.position < end and text[self.position].isspace():
            self.position += 1

    def _number(self) -> tuple[int, str]:
        start = self.position
        text = self.text
        while self.position < len(text) and text[self.position] in _DIGITS:
            self.position += 1
        digits = text[start : self.position]
        if not digits:
            found = self.peek()
            key = "error.notation.unexpected_end" if not found else "error.notation.expected_term"
            raise FormulaError(key, start, found=found)
        if len(digits.lstrip("0")) > MAX_DIGITS:
            raise FormulaError("error.notation.number_too_long", start, allowed=MAX_DIGITS)
        value = int(digits)
        return value, str(value)

    def term(self) -> tuple[int | None, str]:
        self.skip_spaces()
        if self.peek() == "(":
            start = self.position
            self.position += 1
            value, text = self.sum()
            self.skip_spaces()
            if self.peek() != ")":
                if not self.peek():
                    raise FormulaError("error.notation.unclosed", start)
                raise FormulaError(
                    "error.notation.expected_close", self.position, found=self.peek()
                )
            self.position += 1
            return value, f"({text})"
        return self._number()

    def unary(self) -> tuple[int | None, str]:
        self.skip_spaces()
        found = self.peek()
        if found == "+":
            self.position += 1
            return self.unary()
        if found in ("-", "−"):
            self.position += 1
            value, text = self.unary()
            return (None if value is None else -value), f"-{text}"
        return self.term()

    def product(self) -> tuple[int | None, str]:
        value, text = self.unary()
        while True:
            before = self.position
            self.skip_spaces()
            found = self.peek()
            if found not in ("*", "/"):
                self.position = before
                return value, text
            self.position += 1
            right, right_text = self.unary()
            if found == "*":
                value = None if value is None or right is None else value * right
                text = f"{text}*{right_text}"
                continue
            suffix = self.peek().upper()
            rounding = ""
            if suffix in _READ_ROUNDING:
                self.position += 1
                rounding = _READ_ROUNDING[suffix]
            # BCDice computes in order: a division by 0 stops the formula.
            if value is None or right is None or right == 0:
                value = None
            else:
                value = divided(value, right, rounding)
            text = f"{text}/{right_text}{_SHOWN_ROUNDING.get(suffix, '')}"

    def sum(self) -> tuple[int | None, str]:
        """Read a sum: its value (``None`` after a division by 0) and its text."""
        value, text = self.product()
        while True:
            before = self.position
            self.skip_spaces()
            sign = _SIGNS.get(self.peek(), 0)
            if not sign:
                self.position = before
                return value, text
            self.position += 1
            right, right_text = self.product()
            value = None if value is None or right is None else value + sign * right
            text = f"{text}{'+' if sign > 0 else '-'}{right_text}"


def read_formula(formula: str) -> tuple[int | None, str]:
    """The value (``None`` after a division by 0) and BCDice's text of a whole *formula*.

    Raises:
        FormulaError: *formula* does not read, or holds more than the formula.
    """
    reader = FormulaReader(formula, 0)
    value, text = reader.sum()
    reader.skip_spaces()
    if reader.position != len(formula):
        raise FormulaError(
            "error.notation.unexpected", reader.position, found=formula[reader.position]
        )
    return value, text
