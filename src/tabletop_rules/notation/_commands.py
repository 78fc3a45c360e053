"""Checks, counting rolls and repeats, and what rolling them gives."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import repeat
from typing import Any, TypeAlias

import attrs

from tabletop_rules._arguments import a_flag, checked_source, shown, wrong_type
from tabletop_rules._slots import slot_setter
from tabletop_rules.checks import Outcome
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE, catalog, translate
from tabletop_rules.notation._limits import check_value
from tabletop_rules.notation._modifiers import (
    Relation,
    check_target,
    dice_pools,
    optional_relation,
    pools_text,
    sum_work,
    to_relation,
)
from tabletop_rules.notation._picks import (
    Calculation,
    CalculationResult,
    Choice,
    ChoiceResult,
    D66Result,
    D66Roll,
)
from tabletop_rules.notation._pools import (
    RerollCount,
    RerollResult,
    Tally,
    TallyResult,
    UpperResult,
    UpperRoll,
)
from tabletop_rules.notation._sums import (
    Expression,
    ExpressionResult,
    Part,
    check_comment,
    decorate,
    finish,
    line_template,
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
    "Single",
    "SingleResult",
    "plain_check",
]


_set = object.__setattr__


def _no_lines() -> dict[str, tuple[str, str]]:
    return {}


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
    comparison: Relation = attrs.field(converter=to_relation)
    #: What it is compared with, a number (``8``, ``3+4``) or dice for an opposed roll.
    right: Expression = attrs.field(validator=_plain)
    #: Whether the roll is secret (``S2D6>=7``).
    #:
    #: .. versionadded:: 0.1.0
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    #:
    #: .. versionadded:: 0.1.0
    comment: str = attrs.field(default="", validator=check_comment)
    # The command as the explanation shows it, and the rolled right side when it holds no
    # dice (the same every roll): computed once.
    _shown: str = attrs.field(init=False, default="", eq=False, repr=False, hash=False)
    _unrolled_right: ExpressionResult | None = attrs.field(
        init=False, default=None, eq=False, repr=False, hash=False
    )
    # The line's templates with the command and the outcome filled in, by locale: the
    # failure's, then the success's.
    _lines: dict[str, tuple[str, str]] = attrs.field(
        init=False, factory=_no_lines, eq=False, repr=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        _settle_check(self)
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment.

        .. versionadded:: 0.1.0
        """
        left = self.left.body
        if self.comparison is Relation.EQUAL and left.endswith("!"):
            # "!=" is refused as another bot's not-equal: keep the explosion and "=" apart.
            return f"{left} = {self.right.body}"
        return f"{left}{self.comparison.value}{self.right.body}"

    @property
    def shown(self) -> str:
        """The command as the explanation shows it.

        A target without dice is shown as its value, as BCDice shows it: ``2D6>=3+4`` is
        shown ``2D6>=7``.

        .. versionadded:: 0.1.0
        """
        return self._shown

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

        .. versionadded:: 0.1.0
        """
        return self.left.worst_rolls + self.right.worst_rolls

    def odds_work(self) -> int:
        """The estimated work of the exact probability (see :attr:`Limits.max_work`).

        .. versionadded:: 0.1.0
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
        target = self.right.constant
        right: int | Distribution = self.right.distribution() if target is None else target
        found = self.comparison.probability_of(left, right)
        assert isinstance(found, Fraction)
        return found

    def roll(self, dice: DiceSource) -> CheckRoll:
        """Roll the left side, then the right side, with *dice* (all or nothing)."""
        right = self._unrolled_right
        if right is not None:
            made = object.__new__(CheckRoll)  # valid by construction: skip the checks
            _set_check(made, self)
            _set_left(made, self.left.roll(dice))  # one side of dice: all or nothing already
            _set_right(made, right)
            return made
        with atomic(dice) as rolling:
            left = self.left.roll(rolling)
            right = self.right.roll(rolling)
        return new_unchecked(CheckRoll, check=self, left=left, right=right)  # type: ignore[return-value]


class _NoDice:
    """A dice source for a side without dice: it is never asked for a roll."""

    def roll(self, dice: Dice) -> Roll:
        raise AssertionError(f"a side without dice rolled {dice}")


def _settle_check(check: Check, rolled_right: ExpressionResult | None = None) -> None:
    """Fill in the check's private fields (also for the parser's checks).

    *rolled_right* is the right side as rolled, when it holds no dice and the caller has it.
    """
    target = check.right.constant
    left = check.left.body
    if target is None:
        shown = check.body
    elif check.comparison is Relation.EQUAL and left.endswith("!"):
        shown = f"{left} = {target}"
    else:
        shown = f"{left}{check.comparison.value}{target}"
    object.__setattr__(check, "_shown", shown)
    if target is not None:
        if rolled_right is None:
            rolled_right = check.right.roll(_NoDice())
        object.__setattr__(check, "_unrolled_right", rolled_right)


def plain_check(
    left: Expression,
    comparison: Relation,
    right: Expression,
    *,
    secret: bool,
    comment: str,
    rolled_right: ExpressionResult | None = None,
) -> Check:
    """A check of valid sides, valid by construction (the parser's fast path).

    *rolled_right* is *right* as rolled, when it holds no dice and the caller has it.
    """
    check = object.__new__(Check)
    lines: dict[str, tuple[str, str]] = {}
    fields: tuple[tuple[str, object], ...] = (
        ("left", left),
        ("comparison", comparison),
        ("right", right),
        ("secret", secret),
        ("comment", comment),
        ("_lines", lines),
        ("_unrolled_right", None),
    )
    for name, value in fields:
        object.__setattr__(check, name, value)
    _settle_check(check, rolled_right)
    return check


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
    def command(self) -> Check:
        """The check that was rolled (the same as :attr:`check`).

        .. versionadded:: 0.1.0
        """
        return self.check

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

        .. versionadded:: 0.1.0
        """
        return self.left.natural

    @property
    def outcome(self) -> Outcome:
        """:attr:`~tabletop_rules.checks.Outcome.SUCCESS` when the comparison holds."""
        if self.check.comparison.holds(self.left.total, self.right.total):
            return Outcome.SUCCESS
        return Outcome.FAILURE

    @property
    def success(self) -> bool:
        """Whether the comparison holds."""
        return self.check.comparison.holds(self.left.total, self.right.total)

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark.

        .. versionadded:: 0.1.0
        """
        check = self.check
        detail, total = self.left._detail_and_total()  # pyright: ignore[reportPrivateUsage]
        success = check.comparison.holds(total, self.right.total)
        if check._unrolled_right is not None:  # pyright: ignore[reportPrivateUsage]
            lines = check._lines  # pyright: ignore[reportPrivateUsage]
            try:
                filled = lines.get(locale)
            except TypeError:  # an unhashable locale
                catalog(locale)  # refuses it
                raise
            if filled is None:
                key = "notation.single_check" if check.left._lone else "notation.check"  # pyright: ignore[reportPrivateUsage]
                command = check.shown.replace("{", "{{").replace("}", "}}")
                filled = lines[locale] = (
                    line_template(key, locale, Outcome.FAILURE.label).replace("{command}", command),
                    line_template(key, locale, Outcome.SUCCESS.label).replace("{command}", command),
                )
            line = filled[success].format(detail, total)
        else:
            outcome_text = translate(self.outcome.label, locale)
            symbol = check.comparison.symbol
            line = template("notation.opposed", locale).format(
                command=check.body,
                left=self.left.detail,
                right=self.right.detail,
                symbol=symbol,
                total=self.total,
                target=self.target,
                outcome=outcome_text,
            )
        if check.left._natural_at >= 0:  # pyright: ignore[reportPrivateUsage]
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
        if check.secret or check.comment:
            return finish(
                self.line(locale), secret=check.secret, comment=check.comment, locale=locale
            )
        return self.line(locale)


# The slots of the rolled checks that rolls build.
_set_check = slot_setter(CheckRoll, "check")
_set_left = slot_setter(CheckRoll, "left")
_set_right = slot_setter(CheckRoll, "right")


@attrs.frozen(kw_only=True)
class CountRoll:
    """BCDice's counting roll: ``6B6`` shows each die, ``6B6>=4`` counts the dice that pass.

    Several pools are counted together: ``2B6+4B10>3``.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> command = parse("6B6>=4")
    >>> command.distribution().p_at_least(3)
    Fraction(21, 32)
    >>> print(command.roll(ScriptedDice([2, 3, 5, 6, 4, 1])).render())
    (6B6>=4) ＞ 2,3,5,6,4,1 ＞ Successes: 3

    .. versionadded:: 0.1.0
    """

    #: The pools, each die read on its own (one :class:`~tabletop_rules.dice.Dice` is read
    #: as one pool).
    dice: tuple[Dice, ...] = attrs.field(converter=dice_pools)
    #: How each die is compared with :attr:`target`, or ``None`` to only show the faces.
    relation: Relation | None = attrs.field(default=None, converter=optional_relation)
    #: The number each die is compared with (when :attr:`relation` is given).
    target: int | None = attrs.field(default=None, validator=check_target)
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        if (self.relation is None) != (self.target is None):
            raise InvalidData("$.target", "a relation needs a target, and a target a relation")
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment.

        .. versionadded:: 0.1.0
        """
        text = pools_text(self.dice, "B")
        if self.relation is not None:
            text += f"{self.relation.value}{self.target}"
        return text

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """How many dice one roll rolls."""
        return sum(pool.count for pool in self.dice)

    @property
    def worst_rolls(self) -> int:
        """The most dice one roll rolls (the same as :attr:`dice_count`)."""
        return self.dice_count

    def odds_work(self) -> int:
        """The estimated work of the exact odds: the sum of the dice it is, without a relation.

        ``100B1000`` shows each face, but its distribution is that of ``100D1000``'s total,
        and it costs as much.
        """
        if self.relation is None:
            return sum_work(self.dice)
        count = self.dice_count
        return count * count + 4 * count

    def passes(self, face: int) -> bool:
        """Whether one die showing *face* counts as a success."""
        if self.relation is None or self.target is None:
            return False
        return self.relation.holds(face, self.target)

    def distribution(self) -> Distribution:
        """The distribution of the number of successes (of the total, without a relation)."""
        total: Distribution | None = None
        if self.relation is None:
            for pool in self.dice:
                total = Distribution.of(pool) if total is None else total + Distribution.of(pool)
            assert total is not None
            return total
        for pool in self.dice:
            passing = sum(1 for face in range(1, pool.sides + 1) if self.passes(face))
            successes = Distribution.bernoulli(Fraction(passing, pool.sides)).repeat(pool.count)
            total = successes if total is None else total + successes
        assert total is not None
        return total

    def roll(self, dice: DiceSource) -> CountResult:
        """Roll the pools with *dice*, in order (all or nothing)."""
        try:  # free unless it raises: the check of the dice is on the slow path only
            if len(self.dice) == 1:
                rolls: tuple[Roll, ...] = (dice.roll(self.dice[0]),)
            else:
                with atomic(dice) as rolling:
                    rolls = tuple(rolling.roll(pool) for pool in self.dice)
        except AttributeError:
            checked_source(dice)
            raise
        return new_unchecked(CountResult, command=self, rolls=rolls)  # type: ignore[return-value]


def _to_rolls(rolls: Iterable[Roll]) -> tuple[Roll, ...]:
    return tuple(rolls)


@attrs.frozen(kw_only=True)
class CountResult:
    """A rolled counting roll: each face, and the number of successes.

    .. versionadded:: 0.1.0
    """

    #: The counting roll that was rolled.
    command: CountRoll
    #: The faces, one roll for each pool.
    rolls: tuple[Roll, ...] = attrs.field(converter=_to_rolls)

    def __attrs_post_init__(self) -> None:
        if tuple(roll.dice for roll in self.rolls) != self.command.dice:
            raise ValueError(f"the rolls must be of {self.command.body}, pool by pool")

    def __str__(self) -> str:
        return self.render()

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face, pool after pool."""
        return tuple(face for roll in self.rolls for face in roll.faces)

    @property
    def successes(self) -> int:
        """How many dice passed (0 without a relation)."""
        command = self.command
        if command.relation is None or command.target is None:
            return 0
        compare, target = command.relation.compare, command.target
        return sum(sum(map(compare, roll.faces, repeat(target))) for roll in self.rolls)

    @property
    def total(self) -> int:
        """The number of successes, or the sum of the faces without a relation."""
        if self.command.relation is None:
            return sum(self.faces)
        return self.successes

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark.

        .. versionadded:: 0.1.0
        """
        faces = ",".join([str(face) for roll in self.rolls for face in roll.faces])
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


_SINGLE_TYPES = (
    Expression,
    Check,
    CountRoll,
    RerollCount,
    UpperRoll,
    Tally,
    Calculation,
    Choice,
    D66Roll,
)
_SINGLE_NAMES = (
    "notation.Expression | notation.Check | notation.CountRoll | notation.RerollCount | "
    "notation.UpperRoll | notation.Tally | notation.Calculation | notation.Choice | "
    "notation.D66Roll"
)


def _plain_single(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, _SINGLE_TYPES):
        raise wrong_type("$.command", _SINGLE_NAMES, value)
    if getattr(value, "secret", False) or getattr(value, "comment", ""):
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
    """A command rolled several times (``x3 2D6``, ``rep3 2D6>=7``, ``repeat3 D66``).

    >>> from tabletop_rules.dice import ScriptedDice
    >>> result = parse("x2 1d6>=4").roll(ScriptedDice([5, 2]))
    >>> print(result.render())
    #1
    (1D6>=4) ＞ 5 ＞ Success
    <BLANKLINE>
    #2
    (1D6>=4) ＞ 2 ＞ Failure
    <BLANKLINE>
    Successes: 1/2

    .. versionadded:: 0.1.0
    """

    #: How many times, 1 or more.
    times: int = attrs.field(validator=_positive_times)
    #: What is rolled each time: any command but a repeat.
    command: Single = attrs.field(validator=_plain_single)
    #: Whether the rolls are secret (``Sx3 2D6``, ``x3 S2D6``).
    #:
    #: .. versionadded:: 0.1.0
    secret: bool = attrs.field(default=False, kw_only=True, validator=a_flag)
    #: The text after the command, or ``""``.
    #:
    #: .. versionadded:: 0.1.0
    comment: str = attrs.field(default="", kw_only=True, validator=check_comment)

    def __attrs_post_init__(self) -> None:
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment.

        .. versionadded:: 0.1.0
        """
        return f"x{self.times} {self.command.body}"

    def __str__(self) -> str:
        """The canonical text: ``x3 2D6``."""
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """How many dice all the repeats roll together, at least."""
        return self.times * self.command.dice_count

    @property
    def worst_rolls(self) -> int:
        """The most dice all the repeats may roll together.

        .. versionadded:: 0.1.0
        """
        return self.times * self.command.worst_rolls

    def odds_work(self) -> int:
        """The estimated work of the odds of one repeat (they are all the same)."""
        return self.command.odds_work()

    def roll(self, dice: DiceSource) -> RepeatResult:
        """Roll the command :attr:`times` times with *dice* (all or nothing)."""
        with atomic(dice) as rolling:
            command: Any = self.command
            results = tuple(command.roll(rolling) for _ in range(self.times))
        return new_unchecked(RepeatResult, repeat=self, results=results)  # type: ignore[return-value]


def _to_results(results: Iterable[SingleResult]) -> tuple[SingleResult, ...]:
    return tuple(results)


@attrs.frozen(kw_only=True)
class RepeatResult:
    """The results of a repeated command, in the order rolled.

    .. versionadded:: 0.1.0
    """

    #: The repeat that was rolled.
    #:
    #: .. versionadded:: 0.1.0
    repeat: Repeat
    #: One result per repeat, all of the repeat's command.
    results: tuple[SingleResult, ...] = attrs.field(converter=_to_results)

    def __attrs_post_init__(self) -> None:
        if len(self.results) != self.repeat.times:
            raise ValueError(f"a repeat of {self.repeat.times} has as many results")
        if any(result.command != self.repeat.command for result in self.results):
            raise ValueError("the results of a repeat must all be of its command")

    def __str__(self) -> str:
        return self.render()

    @property
    def successes(self) -> int:
        """How many repeats of a check succeeded (0 for anything else)."""
        return sum(1 for result in self.results if isinstance(result, CheckRoll) and result.success)

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """The results in BCDice's layout, then the number of successes of a check.

        BCDice's layout is ``#1``, the first line, a blank line, ``#2``, and so on.

        The comment and the secret mark go with the first line.
        """
        repeat = self.repeat
        line_template = template("notation.repeat_line", locale)
        blocks: list[str] = []
        for index, result in enumerate(self.results, 1):
            line = result.line(locale)
            if index == 1 and (repeat.secret or repeat.comment):
                line = finish(line, secret=repeat.secret, comment=repeat.comment, locale=locale)
            blocks.append(line_template.format(index=index, line=line))
        if isinstance(repeat.command, Check):
            blocks.append(
                translate(
                    "notation.successes", locale, successes=self.successes, times=repeat.times
                )
            )
        return "\n\n".join(blocks)


#: One command of the common dice language that is not a repeat.
Single: TypeAlias = (
    Expression
    | Check
    | CountRoll
    | RerollCount
    | UpperRoll
    | Tally
    | Calculation
    | Choice
    | D66Roll
)
#: What rolling a :data:`Single` gives.
SingleResult: TypeAlias = (
    ExpressionResult
    | CheckRoll
    | CountResult
    | RerollResult
    | UpperResult
    | TallyResult
    | CalculationResult
    | ChoiceResult
    | D66Result
)
#: Anything :func:`parse` returns for a command of the common dice language.
Command: TypeAlias = Single | Repeat
#: What rolling a :data:`Command` gives.
Result: TypeAlias = SingleResult | RepeatResult
