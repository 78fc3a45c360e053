"""Checks, counting rolls and repeats, and what rolling them gives."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TypeAlias

import attrs

from tabletop_rules._arguments import a_flag, an_instance, checked_source, shown, wrong_type
from tabletop_rules.checks import Outcome
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE, translate
from tabletop_rules.notation._limits import check_value
from tabletop_rules.notation._modifiers import Relation
from tabletop_rules.notation._sums import (
    Expression,
    ExpressionResult,
    Part,
    check_comment,
    decorate,
    finish,
    new_unchecked,
    template,
)
from tabletop_rules.odds import Distribution

__all__ = [
    "Check",
    "CheckRoll",
    "Command",
    "CountResult",
    "CountRoll",
    "Repeat",
    "RepeatResult",
    "Result",
]


def _to_relation(value: object, path: str = "$.comparison") -> Relation:
    if isinstance(value, Relation):
        return value
    # A checks.Comparison has the same values as the first four relations.
    found = value if isinstance(value, str) else getattr(value, "value", None)
    if isinstance(found, str):
        try:
            return Relation(found)
        except ValueError:
            pass
    raise wrong_type(path, "notation.Relation", value)


def _plain(_: object, attribute: attrs.Attribute[Expression], value: object) -> None:
    if not isinstance(value, Expression):
        raise wrong_type(f"$.{attribute.name}", "notation.Expression", value)
    if value.secret or value.comment:
        raise InvalidData(f"$.{attribute.name}", "the side of a check has no S mark and no comment")


@attrs.frozen(kw_only=True)
class Check:
    """A comparison of two sums; either side may hold dice.

    The comparison means exactly what it says: ``>=`` and ``<=`` succeed on a tie, ``>`` and
    ``<`` fail on one, ``=`` succeeds only on a tie and ``<>`` only without one.

    >>> check = parse("2D6+5>=3D6")
    >>> check.probability()
    Fraction(1801, 2592)
    >>> print(parse("3d6 <= 12"))
    3D6<=12
    >>> parse("2d6=7").probability()
    Fraction(1, 6)

    .. versionadded:: 0.1.0
    """

    #: The side that is checked.
    left: Expression = attrs.field(validator=_plain)
    #: How :attr:`left`'s total is compared with :attr:`right`'s (a
    #: :class:`~tabletop_rules.checks.Comparison` is read as the relation of the same sign).
    comparison: Relation = attrs.field(converter=_to_relation)
    #: What it is compared with, a number (``8``) or dice for an opposed roll.
    right: Expression = attrs.field(validator=_plain)
    #: Whether the roll is secret (``S2D6>=7``).
    #:
    #: .. versionadded:: 0.2.0
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    #:
    #: .. versionadded:: 0.2.0
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment.

        .. versionadded:: 0.2.0
        """
        left = self.left.body
        if self.comparison is Relation.EQUAL and left.endswith("!"):
            # "!=" is refused as another bot's not-equal: keep the explosion and "=" apart.
            return f"{left} = {self.right.body}"
        return f"{left}{self.comparison.value}{self.right.body}"

    def __str__(self) -> str:
        """The canonical text: ``2D6+5>=8``."""
        return decorate(self.body, self.secret, self.comment)

    @property
    def all_parts(self) -> tuple[Part, ...]:
        """The terms of both sides."""
        return self.left.parts + self.right.parts

    @property
    def dice_count(self) -> int:
        """How many dice one roll of the check rolls at least, both sides included."""
        return self.left.dice_count + self.right.dice_count

    @property
    def worst_rolls(self) -> int:
        """The most dice one roll may take, both sides and every chain at its cap included.

        .. versionadded:: 0.2.0
        """
        return self.left.worst_rolls + self.right.worst_rolls

    def odds_work(self) -> int:
        """The estimated work of the exact probability (see :attr:`Limits.max_work`).

        .. versionadded:: 0.2.0
        """
        left_length, left_work = self.left.length_and_work()
        right_length, right_work = self.right.length_and_work()
        return left_work + right_work + left_length + right_length

    def probability(self) -> Fraction:
        """The exact probability that the check succeeds.

        >>> parse("2d6>=7").probability()
        Fraction(7, 12)
        >>> parse("2d6>7").probability()
        Fraction(5, 12)
        """
        left = self.left.distribution()
        whole = self.right.distribution()
        right: int | Distribution = whole if self.right.has_dice else whole.min
        found = self.comparison.probability_of(left, right)
        assert isinstance(found, Fraction)
        return found

    def roll(self, dice: DiceSource) -> CheckRoll:
        """Roll the left side, then the right side, with *dice* (all or nothing)."""
        with atomic(dice) as rolling:
            left = self.left.roll(rolling)
            right = self.right.roll(rolling)
        return new_unchecked(CheckRoll, check=self, left=left, right=right)  # type: ignore[return-value]


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

    #: The check that was rolled.
    check: Check
    #: The checked side as rolled.
    left: ExpressionResult
    #: The other side as rolled (a number, or dice for an opposed roll).
    right: ExpressionResult

    def __attrs_post_init__(self) -> None:
        if self.left.expression != self.check.left or self.right.expression != self.check.right:
            raise ValueError("the rolled sides must be those of the check")

    def __str__(self) -> str:
        return self.render()

    @property
    def comparison(self) -> Relation:
        """How the totals are compared."""
        return self.check.comparison

    @property
    def total(self) -> int:
        """The checked side's total."""
        return self.left.total

    @property
    def target(self) -> int:
        """The other side's total, the number to reach or the opposing roll's total."""
        return self.right.total

    @property
    def natural(self) -> int | None:
        """20 or 1 when the checked side's only die is a d20 showing it, else ``None``.

        .. versionadded:: 0.2.0
        """
        return self.left.natural

    @property
    def outcome(self) -> Outcome:
        """:attr:`~tabletop_rules.checks.Outcome.SUCCESS` when the comparison holds."""
        if self.check.comparison.holds(self.total, self.target):
            return Outcome.SUCCESS
        return Outcome.FAILURE

    @property
    def success(self) -> bool:
        """Whether the comparison holds."""
        return self.outcome.success

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark.

        .. versionadded:: 0.2.0
        """
        check = self.check
        outcome = translate(self.outcome.label, locale)
        right = check.right.parts
        if len(right) == 1 and right[0].dice is None and not right[0].d66 and not right[0].group:
            line = template("notation.check", locale).format(
                command=check.body, detail=self.left.detail, total=self.total, outcome=outcome
            )
        else:
            symbol = check.comparison.symbol
            line = template("notation.opposed", locale).format(
                command=check.body,
                left=self.left.detail,
                right=self.right.detail,
                symbol=symbol,
                total=self.total,
                target=self.target,
                outcome=outcome,
            )
        natural = self.natural
        if natural is not None:
            line = template("notation.natural", locale).format(line=line, face=natural)
        return line

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """BCDice-style text in *locale*.

        Against a number: ``(2D6>=7) ＞ 8[4,4] ＞ 8 ＞ 成功``.
        Otherwise both sides are shown with the comparison's sign, then both totals:
        ``(2D6+5>=3D6) ＞ 7[3,4]+5 ≥ 10[2,3,5] ＞ 12 ≥ 10 ＞ Success``.
        """
        check = self.check
        return finish(self.line(locale), secret=check.secret, comment=check.comment, locale=locale)


def _optional_relation(value: object) -> Relation | None:
    return None if value is None else _to_relation(value, "$.relation")


@attrs.frozen(kw_only=True)
class CountRoll:
    """BCDice's counting roll: ``6B6`` shows each die, ``6B6>=4`` counts the dice that pass.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> command = parse("6B6>=4")
    >>> command.distribution().p_at_least(3)
    Fraction(21, 32)
    >>> print(command.roll(ScriptedDice([2, 3, 5, 6, 4, 1])).render())
    (6B6>=4) ＞ 2,3,5,6,4,1 ＞ Successes: 3

    .. versionadded:: 0.2.0
    """

    #: The dice, each read on its own.
    dice: Dice = attrs.field(validator=an_instance(Dice, "dice.Dice"))
    #: How each die is compared with :attr:`target`, or ``None`` to only show the faces.
    relation: Relation | None = attrs.field(default=None, converter=_optional_relation)
    #: The number each die is compared with (when :attr:`relation` is given).
    target: int | None = None
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        if self.dice.count < 1:
            raise InvalidData("$.dice", "a counting roll needs at least 1 die")
        if self.target is not None and type(self.target) is not int:
            raise wrong_type("$.target", "int | None", self.target)
        if (self.relation is None) != (self.target is None):
            raise InvalidData("$.target", "a relation needs a target, and a target a relation")
        if self.target is not None and self.target < 0:
            raise InvalidData("$.target", f"must be 0 or more, not {shown(self.target)}")
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment.

        .. versionadded:: 0.2.0
        """
        text = f"{self.dice.count}B{self.dice.sides}"
        if self.relation is not None:
            text += f"{self.relation.value}{self.target}"
        return text

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """How many dice one roll rolls."""
        return self.dice.count

    @property
    def worst_rolls(self) -> int:
        """The most dice one roll rolls (the same as :attr:`dice_count`)."""
        return self.dice.count

    def odds_work(self) -> int:
        """The estimated work of the exact odds: small."""
        return self.dice.count * 4

    def passes(self, face: int) -> bool:
        """Whether one die showing *face* counts as a success."""
        if self.relation is None or self.target is None:
            return False
        return self.relation.holds(face, self.target)

    def distribution(self) -> Distribution:
        """The distribution of the number of successes (of the total, without a relation)."""
        if self.relation is None:
            return Distribution.of(self.dice)
        passing = sum(1 for face in range(1, self.dice.sides + 1) if self.passes(face))
        sides = self.dice.sides
        return Distribution.bernoulli(Fraction(passing, sides)).repeat(self.dice.count)

    def roll(self, dice: DiceSource) -> CountResult:
        """Roll the dice with *dice*."""
        try:  # free unless it raises: the check of the dice is on the slow path only
            roll = dice.roll(self.dice)
        except AttributeError:
            checked_source(dice)
            raise
        return new_unchecked(CountResult, command=self, roll=roll)  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class CountResult:
    """A rolled counting roll: each face, and the number of successes.

    .. versionadded:: 0.2.0
    """

    #: The counting roll that was rolled.
    command: CountRoll
    #: The faces.
    roll: Roll

    def __attrs_post_init__(self) -> None:
        if self.roll.dice != self.command.dice:
            raise ValueError(f"the roll must be of {self.command.dice}")

    def __str__(self) -> str:
        return self.render()

    @property
    def successes(self) -> int:
        """How many dice passed (0 without a relation)."""
        return sum(1 for face in self.roll.faces if self.command.passes(face))

    @property
    def total(self) -> int:
        """The number of successes, or the sum of the faces without a relation."""
        if self.command.relation is None:
            return self.roll.total
        return self.successes

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark.

        .. versionadded:: 0.2.0
        """
        faces = ",".join(map(str, self.roll.faces))
        if self.command.relation is None:
            return template("notation.faces", locale).format(command=self.command.body, faces=faces)
        return template("notation.count", locale).format(
            command=self.command.body, faces=faces, successes=self.successes
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``(6B6>=4) ＞ 2,3,5,6,4,1 ＞ Successes: 3``, in *locale*."""
        command = self.command
        return finish(
            self.line(locale), secret=command.secret, comment=command.comment, locale=locale
        )


def _plain_single(
    _: object,
    __: attrs.Attribute[Expression | Check | CountRoll],
    value: object,
) -> None:
    if not isinstance(value, Expression | Check | CountRoll):
        raise wrong_type(
            "$.command", "notation.Expression | notation.Check | notation.CountRoll", value
        )
    if value.secret or value.comment:
        raise InvalidData(
            "$.command", "the S mark and the comment belong to the repeat, not to its command"
        )


def _positive_times(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise wrong_type("$.times", "int", value)
    if value < 1:
        raise InvalidData("$.times", f"must be 1 or more, not {shown(value)}")


@attrs.frozen
class Repeat:
    """A command rolled several times (``x3 2D6``, ``rep3 2D6>=7``).

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
    command: Expression | Check | CountRoll = attrs.field(validator=_plain_single)
    #: Whether the rolls are secret (``Sx3 2D6``).
    #:
    #: .. versionadded:: 0.2.0
    secret: bool = attrs.field(default=False, kw_only=True, validator=a_flag)
    #: The text after the command, or ``""``.
    #:
    #: .. versionadded:: 0.2.0
    comment: str = attrs.field(default="", kw_only=True, validator=check_comment)

    def __attrs_post_init__(self) -> None:
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment.

        .. versionadded:: 0.2.0
        """
        return f"x{self.times} {self.command.body}"

    def __str__(self) -> str:
        """The canonical text: ``x3 2D6``."""
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """How many dice all the repeats roll together, at least."""
        return self.times * self.command.dice_count

    def odds_work(self) -> int:
        """The estimated work of the odds of one repeat (they are all the same)."""
        return self.command.odds_work()

    def roll(self, dice: DiceSource) -> RepeatResult:
        """Roll the command :attr:`times` times with *dice* (all or nothing)."""
        with atomic(dice) as rolling:
            results = tuple(self.command.roll(rolling) for _ in range(self.times))
        return new_unchecked(RepeatResult, repeat=self, results=results)  # type: ignore[return-value]


def _to_results(
    results: Iterable[ExpressionResult | CheckRoll | CountResult],
) -> tuple[ExpressionResult | CheckRoll | CountResult, ...]:
    return tuple(results)


def _command_of(
    result: ExpressionResult | CheckRoll | CountResult,
) -> Expression | Check | CountRoll:
    if isinstance(result, ExpressionResult):
        return result.expression
    if isinstance(result, CheckRoll):
        return result.check
    return result.command


@attrs.frozen(kw_only=True)
class RepeatResult:
    """The results of a repeated command, in the order rolled.

    .. versionadded:: 0.1.0
    """

    #: The repeat that was rolled.
    #:
    #: .. versionadded:: 0.2.0
    repeat: Repeat
    #: One result per repeat, all of the repeat's command.
    results: tuple[ExpressionResult | CheckRoll | CountResult, ...] = attrs.field(
        converter=_to_results
    )

    def __attrs_post_init__(self) -> None:
        if len(self.results) != self.repeat.times:
            raise ValueError(f"a repeat of {self.repeat.times} has as many results")
        if any(_command_of(result) != self.repeat.command for result in self.results):
            raise ValueError("the results of a repeat must all be of its command")

    def __str__(self) -> str:
        return self.render()

    @property
    def successes(self) -> int:
        """How many repeats of a check succeeded (0 for a sum or a counting roll)."""
        return sum(1 for result in self.results if isinstance(result, CheckRoll) and result.success)

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """One line per repeat (``#1 ...``), then the number of successes for a check."""
        line_template = template("notation.repeat_line", locale)
        lines = [
            line_template.format(index=index, line=result.line(locale))
            for index, result in enumerate(self.results, 1)
        ]
        if isinstance(self.repeat.command, Check):
            lines.append(
                translate(
                    "notation.successes", locale, successes=self.successes, times=self.repeat.times
                )
            )
        repeat = self.repeat
        if repeat.comment:
            lines[0] = template("notation.comment", locale).format(
                line=lines[0], comment=repeat.comment
            )
        if repeat.secret:
            lines[0] = template("notation.secret", locale).format(line=lines[0])
        return "\n".join(lines)


#: Anything :func:`parse` returns for a command of the common dice language.
Command: TypeAlias = Expression | Check | CountRoll | Repeat

#: What rolling a :data:`Command` gives.
Result: TypeAlias = ExpressionResult | CheckRoll | CountResult | RepeatResult
