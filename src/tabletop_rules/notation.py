"""The command language for bots: dice sums, checks and repeats, as players type them.

A bot hands every message to :func:`parse`.
Ordinary chat gives ``None``; a command gives a typed value that rolls with any
:class:`~tabletop_rules.dice.DiceSource`, knows its exact odds, and renders the result
BCDice-style in the player's locale:

>>> from tabletop_rules.dice import Dice, ScriptedDice
>>> from tabletop_rules.notation import Limits, Part, parse
>>> parse("I have 2 cats") is None
True
>>> command = parse("２Ｄ６＋５＞＝８")
>>> print(command)
2D6+5>=8
>>> command.probability()
Fraction(35, 36)
>>> result = command.roll(ScriptedDice([1, 2]))
>>> print(result.render("zh-Hant"))
(2D6+5>=8) ＞ 3[1,2]+5 ＞ 8 ＞ 成功

**The language.**
A command is a sum of terms (``2D6+3``, ``1d20-1+2d4``, ``-1d4+3``): dice written
``NdS`` (``d20`` is ``1D20``) and whole numbers, joined by ``+`` and ``-``.
A check compares two sums with ``>=``, ``>``, ``<=`` or ``<`` (``≥``, ``≤``, ``≧`` and ``≦``
too), and either side may hold dice: ``2D6+5>=8``, ``3D6<=12``, ``2D6+5>=3D6``.
Each comparison means exactly what it says about ties: ``>=`` and ``<=`` succeed on a tie,
``>`` and ``<`` fail on one.
A repeat prefix ``x3`` or ``rep3``, then a space, rolls the command that many times
(``x3 2d6``).
Text is read after NFKC normalization (full-width ``２Ｄ６`` is ``2D6``), in either case, with
spaces allowed around terms and signs and ignored around the whole text.

**What counts as a command.**
After normalization, and apart from an optional repeat prefix, a text is a command when it
is written only with notation characters (the digits, ``d``, the signs ``+ - − * / ( )``,
the comparisons ``< > = ≥ ≤ ≧ ≦`` and whitespace) and has a ``d`` next to a digit (a dice
term).
Any other text is chat and gives ``None``: a word, a letter other than ``d``, or no dice at
all (``3+4``, ``10>=8``).
A command that breaks the grammar raises
:class:`~tabletop_rules.errors.InvalidNotation` with the position of the problem.

**Limits.**
Only commands are held to :class:`Limits`, and only before anything is rolled or computed:
the length first, before the text is parsed; then the repeats, the sides of each die, the
terms, and the dice of the whole command (both sides of a check, every repeat).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from fractions import Fraction
from typing import Final, TypeAlias

import attrs

from tabletop_rules.checks import Comparison, Outcome
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic
from tabletop_rules.errors import InvalidNotation, LimitExceeded
from tabletop_rules.i18n import DEFAULT_LOCALE, translate
from tabletop_rules.odds import Distribution

__all__ = [
    "Check",
    "CheckRoll",
    "Command",
    "Expression",
    "ExpressionResult",
    "Limits",
    "Part",
    "Repeat",
    "RepeatResult",
    "Result",
    "RolledPart",
    "parse",
]

#: The most digits a number in a command may have (leading zeros aside).
_MAX_DIGITS: Final = 18

_DIGITS: Final = frozenset("0123456789")
_DICE_LETTERS: Final = frozenset("dD")
_SIGNS: Final = {"+": 1, "-": -1, "−": -1}
_UNSUPPORTED: Final = frozenset("*/()")
_COMPARATORS: Final = (
    (">=", Comparison.AT_LEAST),
    ("<=", Comparison.AT_MOST),
    ("≥", Comparison.AT_LEAST),
    ("≧", Comparison.AT_LEAST),
    ("≤", Comparison.AT_MOST),
    ("≦", Comparison.AT_MOST),
    (">", Comparison.GREATER),
    ("<", Comparison.LESS),
)
_COMPARATOR_STARTS: Final = frozenset(symbol[0] for symbol, _ in _COMPARATORS)

_REPEAT: Final = re.compile(r"(?:[xX]|[rR][eE][pP])([0-9]+)\s+")
_NOTATION_ONLY: Final = re.compile(r"[0-9dD+\-−*/()<>=≥≤≧≦\s]*")
_DICE_HINT: Final = re.compile(r"[0-9][dD]|[dD][0-9]")


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"{attribute.name} must be a whole number, 1 or more, not {value!r}")


def _check_sign(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (1, -1):
        raise ValueError(f"a sign must be 1 or -1, not {value!r}")


def _check_number(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"a number must be a whole number, 0 or more, not {value!r}")


def _signed(sign: int, text: str, *, first: bool) -> str:
    if sign < 0:
        return f"-{text}"
    return text if first else f"+{text}"


@attrs.frozen(kw_only=True)
class Limits:
    """The most a command may ask for; :func:`parse` refuses more before any work is done.

    Pass ``limits=Limits(max_dice=500)`` to :func:`parse` to change a limit for one call.

    >>> Limits().max_dice
    100
    >>> parse("x3 50d6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.LimitExceeded: Too many dice: 150 in one roll, but at most 100 ...
    >>> print(parse("x3 50d6", limits=Limits(max_dice=200)))
    x3 50D6

    .. versionadded:: 0.1.0
    """

    #: The most dice one command rolls, every repeat and both sides of a check included.
    max_dice: int = attrs.field(default=100, validator=_positive)
    #: The most sides a die may have.
    max_sides: int = attrs.field(default=1000, validator=_positive)
    #: The most terms (dice and numbers) in one command, both sides of a check included.
    max_terms: int = attrs.field(default=20, validator=_positive)
    #: The most characters a command may have, after normalization.
    max_length: int = attrs.field(default=200, validator=_positive)
    #: The most times a command may be repeated.
    max_repeats: int = attrs.field(default=20, validator=_positive)

    def enforce(self, command: Command) -> None:
        """Check *command* against the limits other than the length.

        :func:`parse` calls this before it returns; call it yourself on a command you built
        from untrusted numbers.

        Raises:
            LimitExceeded: The repeats, the sides of a die, the terms or the dice of
                *command* go over a limit (checked in that order).

        >>> Limits(max_sides=100).enforce(parse("1d100"))
        >>> Limits(max_sides=100).enforce(parse("1d1000"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tabletop_rules.errors.LimitExceeded: Too many sides: a d1000, but at most 100 sides are ...
        """
        times = 1
        single: Expression | Check
        if isinstance(command, Repeat):
            times, single = command.times, command.command
        else:
            single = command
        if times > self.max_repeats:
            raise LimitExceeded("repeats", allowed=self.max_repeats, given=times)
        parts = single.all_parts
        for part in parts:
            if part.dice is not None and part.dice.sides > self.max_sides:
                raise LimitExceeded("sides", allowed=self.max_sides, given=part.dice.sides)
        if len(parts) > self.max_terms:
            raise LimitExceeded("terms", allowed=self.max_terms, given=len(parts))
        dice = times * single.dice_count
        if dice > self.max_dice:
            raise LimitExceeded("dice", allowed=self.max_dice, given=dice)


_DEFAULT_LIMITS: Final = Limits()


@attrs.frozen(kw_only=True)
class Part:
    """One term of a sum: dice, or a whole number, added or subtracted.

    >>> Part(dice=Dice(2, 6))
    Part(sign=1, dice=Dice(count=2, sides=6), number=0)
    >>> Part(sign=-1, number=3).distribution().min
    -3

    .. versionadded:: 0.1.0
    """

    #: ``1`` to add the term, ``-1`` to subtract it.
    sign: int = attrs.field(default=1, validator=_check_sign)
    #: The dice (at least one die), or ``None`` for a number.
    dice: Dice | None = None
    #: The number, 0 or more, when :attr:`dice` is ``None``; 0 for dice.
    number: int = attrs.field(default=0, validator=_check_number)

    def __attrs_post_init__(self) -> None:
        if self.dice is not None:
            if self.dice.count < 1:
                raise ValueError(f"a dice term needs at least 1 die, not {self.dice}")
            if self.number != 0:
                raise ValueError("a dice term has no number")

    def __str__(self) -> str:
        """The term without its sign: ``2D6`` or ``3``."""
        return str(self.number) if self.dice is None else str(self.dice)

    def distribution(self) -> Distribution:
        """The distribution of the term's signed value."""
        if self.dice is None:
            return Distribution.constant(self.sign * self.number)
        dice = Distribution.of(self.dice)
        return dice if self.sign > 0 else -dice

    def roll(self, dice: DiceSource) -> RolledPart:
        """Roll the term's dice, if it has any, with *dice*."""
        if self.dice is None:
            return RolledPart(sign=self.sign, number=self.number)
        return RolledPart(sign=self.sign, roll=dice.roll(self.dice))


def _to_parts(parts: Iterable[Part]) -> tuple[Part, ...]:
    return tuple(parts)


@attrs.frozen
class Expression:
    """A sum of dice and numbers, such as ``2D6+3`` or ``1D20-1+2D4``.

    >>> expression = parse("2d6+3")
    >>> print(expression)
    2D6+3
    >>> expression.distribution().p_at_least(10)
    Fraction(7, 12)
    >>> from tabletop_rules.dice import ScriptedDice
    >>> print(expression.roll(ScriptedDice([3, 4])).render())
    (2D6+3) ＞ 7[3,4]+3 ＞ 10

    .. versionadded:: 0.1.0
    """

    #: The terms, in the order written; at least one.
    parts: tuple[Part, ...] = attrs.field(converter=_to_parts)

    def __attrs_post_init__(self) -> None:
        if not self.parts:
            raise ValueError("a sum needs at least one term")

    def __str__(self) -> str:
        """The canonical text: ``2D6+3``, ``-1D4+3``."""
        return "".join(
            _signed(part.sign, str(part), first=index == 0) for index, part in enumerate(self.parts)
        )

    @property
    def all_parts(self) -> tuple[Part, ...]:
        """The terms (the same as :attr:`parts`, for symmetry with :attr:`Check.all_parts`)."""
        return self.parts

    @property
    def dice_count(self) -> int:
        """How many dice one roll of the sum rolls."""
        return sum(part.dice.count for part in self.parts if part.dice is not None)

    @property
    def has_dice(self) -> bool:
        """Whether any term is dice."""
        return any(part.dice is not None for part in self.parts)

    def distribution(self) -> Distribution:
        """The exact distribution of the total.

        >>> parse("1d20-1+2d4").distribution().mean()
        Fraction(29, 2)
        """
        first, *rest = self.parts
        total = first.distribution()
        for part in rest:
            total = total + part.distribution()
        return total

    def roll(self, dice: DiceSource) -> ExpressionResult:
        """Roll every dice term with *dice*, in the order written (all or nothing)."""
        with atomic(dice) as rolling:
            return ExpressionResult(tuple(part.roll(rolling) for part in self.parts))


@attrs.frozen(kw_only=True)
class Check:
    """A comparison of two sums; either side may hold dice.

    The comparison means exactly what it says: ``>=`` and ``<=`` succeed on a tie, ``>`` and
    ``<`` fail on one.

    >>> check = parse("2D6+5>=3D6")
    >>> check.probability()
    Fraction(1801, 2592)
    >>> print(parse("3d6 <= 12"))
    3D6<=12

    .. versionadded:: 0.1.0
    """

    #: The side that is checked.
    left: Expression
    #: How :attr:`left`'s total is compared with :attr:`right`'s.
    comparison: Comparison
    #: What it is compared with, a number (``8``) or dice for an opposed roll.
    right: Expression

    def __str__(self) -> str:
        """The canonical text: ``2D6+5>=8``."""
        return f"{self.left}{self.comparison.value}{self.right}"

    @property
    def all_parts(self) -> tuple[Part, ...]:
        """The terms of both sides."""
        return self.left.parts + self.right.parts

    @property
    def dice_count(self) -> int:
        """How many dice one roll of the check rolls, both sides included."""
        return self.left.dice_count + self.right.dice_count

    def probability(self) -> Fraction:
        """The exact probability that the check succeeds.

        >>> parse("2d6>=7").probability()
        Fraction(7, 12)
        >>> parse("2d6>7").probability()
        Fraction(5, 12)
        """
        left = self.left.distribution()
        right: int | Distribution
        if self.right.has_dice:
            right = self.right.distribution()
        else:
            right = sum(part.sign * part.number for part in self.right.parts)
        if self.comparison is Comparison.AT_LEAST:
            return left.p_at_least(right)
        if self.comparison is Comparison.GREATER:
            return left.p_greater(right)
        if self.comparison is Comparison.AT_MOST:
            return left.p_at_most(right)
        return left.p_less(right)

    def roll(self, dice: DiceSource) -> CheckRoll:
        """Roll the left side, then the right side, with *dice* (all or nothing)."""
        with atomic(dice) as rolling:
            left = self.left.roll(rolling)
            right = self.right.roll(rolling)
        return CheckRoll(left=left, comparison=self.comparison, right=right)


def _positive_times(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"times must be a whole number, 1 or more, not {value!r}")


@attrs.frozen
class Repeat:
    """A sum or a check rolled several times (``x3 2D6``, ``rep3 2D6>=7``).

    >>> from tabletop_rules.dice import ScriptedDice
    >>> result = parse("x2 1d6>=4").roll(ScriptedDice([5, 2]))
    >>> print(result.render())
    #1 (1D6>=4) ＞ 5[5] ＞ 5 ＞ Success
    #2 (1D6>=4) ＞ 2[2] ＞ 2 ＞ Failure
    Successes: 1/2

    .. versionadded:: 0.1.0
    """

    #: How many times, 1 or more.
    times: int = attrs.field(validator=_positive_times)
    #: What is rolled each time.
    command: Expression | Check

    def __str__(self) -> str:
        """The canonical text: ``x3 2D6``."""
        return f"x{self.times} {self.command}"

    @property
    def dice_count(self) -> int:
        """How many dice all the repeats roll together."""
        return self.times * self.command.dice_count

    def roll(self, dice: DiceSource) -> RepeatResult:
        """Roll the command :attr:`times` times with *dice* (all or nothing)."""
        with atomic(dice) as rolling:
            return RepeatResult(tuple(self.command.roll(rolling) for _ in range(self.times)))


@attrs.frozen(kw_only=True)
class RolledPart:
    """One term of a rolled sum: the roll of its dice, or its number, with its sign.

    .. versionadded:: 0.1.0
    """

    #: ``1`` if the term was added, ``-1`` if subtracted.
    sign: int = attrs.field(default=1, validator=_check_sign)
    #: The dice as rolled, or ``None`` for a number.
    roll: Roll | None = None
    #: The number, 0 or more, when :attr:`roll` is ``None``; 0 for dice.
    number: int = attrs.field(default=0, validator=_check_number)

    def __attrs_post_init__(self) -> None:
        if self.roll is not None:
            if self.roll.dice.count < 1:
                raise ValueError(f"a dice term needs at least 1 die, not {self.roll.dice}")
            if self.number != 0:
                raise ValueError("a rolled dice term has no number")

    def __str__(self) -> str:
        """The term without its sign: ``7[3,4]`` or ``3``."""
        return str(self.number) if self.roll is None else str(self.roll)

    @property
    def part(self) -> Part:
        """The term that was rolled."""
        if self.roll is None:
            return Part(sign=self.sign, number=self.number)
        return Part(sign=self.sign, dice=self.roll.dice)

    @property
    def value(self) -> int:
        """The signed value the term adds to the total."""
        return self.sign * (self.number if self.roll is None else self.roll.total)


def _to_rolled_parts(parts: Iterable[RolledPart]) -> tuple[RolledPart, ...]:
    return tuple(parts)


@attrs.frozen
class ExpressionResult:
    """A rolled sum: every term as rolled, in the order written.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> result = parse("1d20-1+2d4").roll(ScriptedDice([14, 2, 3]))
    >>> result.total
    18
    >>> print(result)
    (1D20-1+2D4) ＞ 14[14]-1+5[2,3] ＞ 18

    .. versionadded:: 0.1.0
    """

    #: The terms as rolled; at least one.
    parts: tuple[RolledPart, ...] = attrs.field(converter=_to_rolled_parts)

    def __attrs_post_init__(self) -> None:
        if not self.parts:
            raise ValueError("a rolled sum needs at least one term")

    def __str__(self) -> str:
        return self.render()

    @property
    def expression(self) -> Expression:
        """The sum that was rolled."""
        return Expression(part.part for part in self.parts)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """The dice rolls, in order (subtracted ones included)."""
        return tuple(part.roll for part in self.parts if part.roll is not None)

    @property
    def total(self) -> int:
        """The sum of the signed terms."""
        return sum(part.value for part in self.parts)

    @property
    def detail(self) -> str:
        """Every term as rolled with its sign, such as ``7[3,4]+3``."""
        return "".join(
            _signed(part.sign, str(part), first=index == 0) for index, part in enumerate(self.parts)
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """BCDice-style text: ``(2D6+3) ＞ 7[3,4]+3 ＞ 10``."""
        return translate(
            "notation.sum",
            locale,
            command=str(self.expression),
            detail=self.detail,
            total=self.total,
        )


def _is_number(expression: Expression) -> bool:
    return len(expression.parts) == 1 and expression.parts[0].dice is None


@attrs.frozen(kw_only=True)
class CheckRoll:
    """A rolled check: both sides as rolled, and how they compare.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> result = parse("2D6>=7").roll(ScriptedDice([4, 4]))
    >>> result.success, result.outcome
    (True, <Outcome.SUCCESS: 'success'>)
    >>> print(result.render("ja"))
    (2D6>=7) ＞ 8[4,4] ＞ 8 ＞ 成功

    Against dice, both sides are shown:

    >>> print(parse("2d6+5>=3d6").roll(ScriptedDice([3, 4, 2, 3, 5])).render())
    (2D6+5>=3D6) ＞ 7[3,4]+5 ≥ 10[2,3,5] ＞ 12 ≥ 10 ＞ Success

    .. versionadded:: 0.1.0
    """

    #: The checked side as rolled.
    left: ExpressionResult
    #: How the totals are compared.
    comparison: Comparison
    #: The other side as rolled (a number, or dice for an opposed roll).
    right: ExpressionResult

    def __str__(self) -> str:
        return self.render()

    @property
    def check(self) -> Check:
        """The check that was rolled."""
        return Check(
            left=self.left.expression, comparison=self.comparison, right=self.right.expression
        )

    @property
    def total(self) -> int:
        """The checked side's total."""
        return self.left.total

    @property
    def target(self) -> int:
        """The other side's total, the number to reach or the opposing roll's total."""
        return self.right.total

    @property
    def outcome(self) -> Outcome:
        """:attr:`~tabletop_rules.checks.Outcome.SUCCESS` when the comparison holds."""
        if self.comparison.holds(self.total, self.target):
            return Outcome.SUCCESS
        return Outcome.FAILURE

    @property
    def success(self) -> bool:
        """Whether the comparison holds."""
        return self.outcome.success

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """BCDice-style text in *locale*.

        Against a number: ``(2D6>=7) ＞ 8[4,4] ＞ 8 ＞ 成功``.
        Otherwise both sides are shown with the comparison's sign, then both totals:
        ``(2D6+5>=3D6) ＞ 7[3,4]+5 ≥ 10[2,3,5] ＞ 12 ≥ 10 ＞ Success``.
        """
        outcome = translate(self.outcome.label, locale)
        if _is_number(self.right.expression):
            return translate(
                "notation.check",
                locale,
                command=str(self.check),
                detail=self.left.detail,
                total=self.total,
                outcome=outcome,
            )
        return translate(
            "notation.opposed",
            locale,
            command=str(self.check),
            left=self.left.detail,
            right=self.right.detail,
            symbol=self.comparison.symbol,
            total=self.total,
            target=self.target,
            outcome=outcome,
        )


def _to_results(
    results: Iterable[ExpressionResult | CheckRoll],
) -> tuple[ExpressionResult | CheckRoll, ...]:
    return tuple(results)


def _command_of(result: ExpressionResult | CheckRoll) -> Expression | Check:
    return result.expression if isinstance(result, ExpressionResult) else result.check


@attrs.frozen
class RepeatResult:
    """The results of a repeated command, in the order rolled.

    .. versionadded:: 0.1.0
    """

    #: One result per repeat, all of the same command; at least one.
    results: tuple[ExpressionResult | CheckRoll, ...] = attrs.field(converter=_to_results)

    def __attrs_post_init__(self) -> None:
        if not self.results:
            raise ValueError("a repeat has at least one result")
        commands = {_command_of(result) for result in self.results}
        if len(commands) > 1:
            raise ValueError("the results of a repeat must all be of the same command")

    def __str__(self) -> str:
        return self.render()

    @property
    def repeat(self) -> Repeat:
        """The repeat that was rolled."""
        return Repeat(len(self.results), _command_of(self.results[0]))

    @property
    def successes(self) -> int:
        """How many repeats of a check succeeded (0 for a sum)."""
        return sum(1 for result in self.results if isinstance(result, CheckRoll) and result.success)

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """One line per repeat (``#1 ...``), then the number of successes for a check."""
        lines = [
            translate("notation.repeat_line", locale, index=index, line=result.render(locale))
            for index, result in enumerate(self.results, 1)
        ]
        if isinstance(self.results[0], CheckRoll):
            lines.append(
                translate(
                    "notation.successes",
                    locale,
                    successes=self.successes,
                    times=len(self.results),
                )
            )
        return "\n".join(lines)


#: Anything :func:`parse` returns for a command.
Command: TypeAlias = Expression | Check | Repeat

#: What rolling a :data:`Command` gives.
Result: TypeAlias = ExpressionResult | CheckRoll | RepeatResult


class _Parser:
    """A recursive-descent reader over the normalized text, keeping the position."""

    __slots__ = ("position", "text")

    def __init__(self, text: str, position: int) -> None:
        self.text = text
        self.position = position

    def fail(self, key: str, position: int, **params: object) -> InvalidNotation:
        return InvalidNotation(key, text=self.text, position=position, **params)

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

    def term(self, sign: int) -> Part:
        start = self.position
        found = self.peek()
        if not found:
            raise self.fail("error.notation.unexpected_end", start)
        count = self.number()
        if self.peek() in _DICE_LETTERS:
            self.position += 1
            sides_start = self.position
            sides = self.number()
            if sides is None:
                raise self.fail("error.notation.expected_sides", sides_start)
            if count == 0:
                raise self.fail("error.notation.zero_dice", start)
            if sides == 0:
                raise self.fail("error.notation.zero_sides", sides_start)
            return Part(sign=sign, dice=Dice(1 if count is None else count, sides))
        if count is None:
            if found in _UNSUPPORTED:
                raise self.fail("error.notation.unsupported", start, found=found)
            raise self.fail("error.notation.expected_term", start, found=found)
        return Part(sign=sign, number=count)

    def expression(self) -> Expression:
        self.skip_spaces()
        sign = _SIGNS.get(self.peek(), 0)
        if sign:
            self.position += 1
            self.skip_spaces()
        parts = [self.term(sign or 1)]
        while True:
            self.skip_spaces()
            sign = _SIGNS.get(self.peek(), 0)
            if not sign:
                return Expression(parts)
            self.position += 1
            self.skip_spaces()
            parts.append(self.term(sign))

    def comparison(self) -> Comparison | None:
        for symbol, comparison in _COMPARATORS:
            if self.text.startswith(symbol, self.position):
                self.position += len(symbol)
                return comparison
        return None

    def finish(self, *, compared: bool) -> None:
        self.skip_spaces()
        if self.position == len(self.text):
            return
        found = self.text[self.position]
        if found in _UNSUPPORTED:
            raise self.fail("error.notation.unsupported", self.position, found=found)
        if compared and found in _COMPARATOR_STARTS:
            raise self.fail("error.notation.second_comparison", self.position)
        raise self.fail("error.notation.unexpected", self.position, found=found)

    def command(self) -> Expression | Check:
        left = self.expression()
        comparison = self.comparison()
        if comparison is None:
            self.finish(compared=False)
            return left
        right = self.expression()
        self.finish(compared=True)
        return Check(left=left, comparison=comparison, right=right)


def parse(text: str, *, limits: Limits | None = None) -> Command | None:
    """Read a player's message as a command, or return ``None`` for chat.

    The text is NFKC-normalized and stripped first; positions in errors count characters of
    that normalized text from 0.
    What counts as a command is described in the module's introduction.

    Args:
        text: The whole message.
        limits: The limits for this call; :class:`Limits` ``()`` if not given.

    Returns:
        An :class:`Expression`, a :class:`Check` or a :class:`Repeat`; ``None`` when the text
        is not a command.

    Raises:
        LimitExceeded: The command goes over a limit; nothing has been rolled or computed.
        InvalidNotation: The text looks like a command but breaks the grammar.

    >>> parse("hello") is None
    True
    >>> print(parse(" x3  2D6 "))
    x3 2D6
    >>> from tabletop_rules.errors import InvalidNotation, LimitExceeded
    >>> try:
    ...     parse("2D6>=>3")
    ... except InvalidNotation as error:
    ...     print(error.position)
    ...     print(error.localized("ja"))
    5
    「>」ではなく数値かダイス（2D6 など）が必要です（「2D6>=>3」の 6 文字目）。
    >>> try:
    ...     parse("101d6")
    ... except LimitExceeded as error:
    ...     print(error.limit, error.allowed, error.given)
    dice 100 101
    >>> print(parse("101d6", limits=Limits(max_dice=500)))
    101D6
    """
    limits = _DEFAULT_LIMITS if limits is None else limits
    normalized = unicodedata.normalize("NFKC", text).strip()
    repeat = _REPEAT.match(normalized)
    body = normalized[repeat.end() :] if repeat else normalized
    if _NOTATION_ONLY.fullmatch(body) is None or _DICE_HINT.search(body) is None:
        return None
    if len(normalized) > limits.max_length:
        raise LimitExceeded("length", allowed=limits.max_length, given=len(normalized))
    parser = _Parser(normalized, repeat.end() if repeat else 0)
    single = parser.command()
    command: Command = single
    if repeat:
        parser.position = repeat.start(1)
        times = parser.number()
        if not times:
            raise parser.fail("error.notation.zero_repeats", repeat.start(1))
        command = Repeat(times, single)
    limits.enforce(command)
    return command
