"""BCDice's commands that are no sum of dice: ``C(...)``, ``choice[...]`` and ``D66``."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Final, Literal

import attrs

from tabletop_rules._arguments import a_flag, an_instance, checked_source, shown, wrong_type
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE
from tabletop_rules.notation._arithmetic import FormulaError, read_formula
from tabletop_rules.notation._limits import check_value
from tabletop_rules.notation._sums import (
    check_comment,
    decorate,
    finish,
    new_unchecked,
    pool_of,
    template,
)
from tabletop_rules.odds import Distribution

__all__ = [
    "Calculation",
    "CalculationResult",
    "Choice",
    "ChoiceResult",
    "D66Result",
    "D66Roll",
]

_D6_PAIR: Final = Dice(2, 6)

_set = object.__setattr__


def _check_formula(_: object, __: attrs.Attribute[str], value: object) -> None:
    if type(value) is not str:
        raise wrong_type("$.formula", "str", value)
    try:
        found, text = read_formula(value)
    except FormulaError as error:
        raise InvalidData("$.formula", f"{shown(value)} is no formula of C()") from error
    if text != value:
        raise InvalidData("$.formula", f"is written {shown(text)} (as BCDice shows it)")
    if found is None:
        raise InvalidData("$.formula", "divides by 0")


@attrs.frozen(kw_only=True)
class Calculation:
    """BCDice's ``C(...)``: whole-number arithmetic with its rounding suffixes, no dice.

    >>> command = parse("C(10/3U)")
    >>> print(command)
    C(10/3C)
    >>> print(command.roll(None).render())
    c(10/3C) ＞ 4

    .. versionadded:: 0.1.0
    """

    #: The formula, as BCDice shows it (``10/3C``; ``U`` is shown ``C``) and without the outer
    #: parentheses of ``C(...)``.
    formula: str = attrs.field(validator=_check_formula)
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)
    # The formula's value, computed once.
    _value: int = attrs.field(init=False, default=0, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        found, _ = read_formula(self.formula)
        assert found is not None
        object.__setattr__(self, "_value", found)
        check_value(self)

    @property
    def value(self) -> int:
        """The formula's value."""
        return self._value

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment: ``C(1+2)``."""
        return f"C({self.formula})"

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """No dice."""
        return 0

    @property
    def worst_rolls(self) -> int:
        """No dice."""
        return 0

    def odds_work(self) -> int:
        """No work: the value is always the same."""
        return 0

    def distribution(self) -> Distribution:
        """Always the value."""
        return Distribution.constant(self.value)

    def roll(self, dice: DiceSource | None = None) -> CalculationResult:
        """Compute the value (no dice are rolled; *dice* may be anything)."""
        return new_unchecked(CalculationResult, command=self)  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class CalculationResult:
    """A computed ``C(...)``.

    .. versionadded:: 0.1.0
    """

    #: The calculation.
    command: Calculation = attrs.field(validator=an_instance(Calculation, "notation.Calculation"))

    def __str__(self) -> str:
        return self.render()

    @property
    def total(self) -> int:
        """The formula's value."""
        return self.command.value

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark."""
        return template("notation.calc", locale).format(
            formula=self.command.formula, value=self.total
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``c(10/3C) ＞ 4``, as BCDice writes it."""
        command = self.command
        return finish(
            self.line(locale), secret=command.secret, comment=command.comment, locale=locale
        )


#: How a choice is written: ``choice[a,b]``, ``choice(a,b)`` or ``choice a b``.
Brackets = Literal["[", "(", " "]
_CLOSING: Final = {"[": "]", "(": ")", " ": ""}
_JOINED: Final = {"[": ", ", "(": ", ", " ": " "}


def _to_items(items: Iterable[str]) -> tuple[str, ...]:
    if isinstance(items, str):
        raise wrong_type("$.items", "tuple[str, ...]", items)
    found = tuple(items)
    for index, item in enumerate(found):
        if type(item) is not str:
            raise wrong_type(f"$.items[{index}]", "str", item)
    return found


def _check_takes(_: object, __: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise wrong_type("$.takes", "int", value)
    if value < 1:
        raise InvalidData("$.takes", f"must be 1 or more, not {value}")


def _check_brackets(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if value not in _CLOSING:
        raise InvalidData("$.brackets", f"must be '[', '(' or ' ', not {shown(value)}")


@attrs.frozen(kw_only=True)
class Choice:
    """BCDice's choice: ``choice[a,b,c]`` picks one item; ``choice2[...]`` two different ones.

    Also written ``choice(a,b,c)`` and ``choice a b c``; one item ``A-F`` or ``3-10`` is the
    range of letters or numbers.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> command = parse("choice[sword, axe, bow]")
    >>> print(command.roll(ScriptedDice([2])).render())
    (choice[sword,axe,bow]) ＞ axe
    >>> command.probability("bow")
    Fraction(1, 3)

    .. versionadded:: 0.1.0
    """

    #: The items, at least two (their text as written, without the separators).
    items: tuple[str, ...] = attrs.field(converter=_to_items)
    #: How many different items are picked (``choice2``).
    takes: int = attrs.field(default=1, validator=_check_takes)
    #: How the items were written: ``"["``, ``"("`` or ``" "`` (separated by spaces).
    brackets: Brackets = attrs.field(default="[", validator=_check_brackets)
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        if len(self.items) < 2:
            raise InvalidData("$.items", "a choice needs at least two items")
        if self.takes > len(self.items):
            raise InvalidData("$.takes", f"cannot pick {self.takes} of {len(self.items)} items")
        if self.brackets == " " and self.comment:
            raise InvalidData("$.comment", "the words after choice are all items: no comment")
        closing = _CLOSING[self.brackets]
        for index, item in enumerate(self.items):
            if (
                not item
                or item != item.strip()
                or unicodedata.normalize("NFKC", item) != item
                or (self.brackets == " " and any(c.isspace() for c in item))
                or (self.brackets != " " and "," in item)
                or (closing and closing in item)
            ):
                raise InvalidData(
                    f"$.items[{index}]",
                    "an item is NFKC-normalized text without surrounding whitespace, a "
                    "separator or the closing bracket",
                )
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment, as BCDice shows it."""
        takes = "" if self.takes == 1 else str(self.takes)
        if self.brackets == " ":
            return f"choice{takes} {' '.join(self.items)}"
        return f"choice{takes}{self.brackets}{','.join(self.items)}{_CLOSING[self.brackets]}"

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """One die for each item picked."""
        return self.takes

    @property
    def worst_rolls(self) -> int:
        """One die for each item picked."""
        return self.takes

    def odds_work(self) -> int:
        """The work of the odds: one pass over the items."""
        return len(self.items)

    def probability(self, item: str) -> Fraction:
        """The chance that *item* is among the items picked (0 if it is none of them)."""
        copies = self.items.count(item)
        count, takes = len(self.items), self.takes
        return 1 - Fraction(math.comb(count - copies, takes), math.comb(count, takes))

    def roll(self, dice: DiceSource) -> ChoiceResult:
        """Pick with *dice*: a d(n) for the first item, a d(n-1) among the rest, ..."""
        count = len(self.items)
        if self.takes == 1:  # one die: all or nothing already
            try:  # free unless it raises: the check of the dice is on the slow path only
                picks: tuple[int, ...] = (dice.roll(pool_of(1, count)).faces[0],)
            except AttributeError:
                checked_source(dice)
                raise
        else:
            with atomic(dice) as rolling:
                picks = tuple(
                    [
                        rolling.roll(pool_of(1, count - taken)).faces[0]
                        for taken in range(self.takes)
                    ]
                )
        made = object.__new__(ChoiceResult)  # valid by construction: skip the checks
        _set(made, "command", self)
        _set(made, "picks", picks)
        return made


def _to_picks(picks: Iterable[int]) -> tuple[int, ...]:
    return tuple(picks)


@attrs.frozen(kw_only=True)
class ChoiceResult:
    """A rolled choice: the face of each die, and the items it picked.

    .. versionadded:: 0.1.0
    """

    #: The choice.
    command: Choice = attrs.field(validator=an_instance(Choice, "notation.Choice"))
    #: Each die's face: the place of the item picked among the items still left.
    picks: tuple[int, ...] = attrs.field(converter=_to_picks)

    def __attrs_post_init__(self) -> None:
        count = len(self.command.items)
        if len(self.picks) != self.command.takes or any(
            type(pick) is not int or not 1 <= pick <= count - taken
            for taken, pick in enumerate(self.picks)
        ):
            raise ValueError(f"the picks of {self.command.body} are one face of d{count}, ...")

    def __str__(self) -> str:
        return self.render()

    @property
    def chosen(self) -> tuple[str, ...]:
        """The items picked, in order."""
        items = self.command.items
        if len(self.picks) == 1:
            return (items[self.picks[0] - 1],)
        left = list(items)
        return tuple([left.pop(pick - 1) for pick in self.picks])

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark."""
        command = self.command
        return template("notation.choice", locale).format(
            command=command.body, chosen=_JOINED[command.brackets].join(self.chosen)
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``(choice[a,b,c]) ＞ b``."""
        command = self.command
        if command.secret or command.comment:
            return finish(
                self.line(locale), secret=command.secret, comment=command.comment, locale=locale
            )
        return self.line(locale)


#: The orders of BCDice's ``D66``: ``""`` as rolled (the generic dice bot's), ``"N"`` as
#: rolled, ``"A"`` and ``"S"`` the lower die first, ``"D"`` the higher die first.
D66Order = Literal["", "N", "A", "S", "D"]


def _check_order(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if value not in ("", "N", "A", "S", "D"):
        raise InvalidData("$.order", f"must be '', N, A, S or D, not {shown(value)}")


def _ordered(order: str, first: int, second: int) -> int:
    if order in ("A", "S"):
        first, second = min(first, second), max(first, second)
    elif order == "D":
        first, second = max(first, second), min(first, second)
    return 10 * first + second


@attrs.frozen(kw_only=True)
class D66Roll:
    """BCDice's ``D66``: two d6 read as tens and units, in one of its orders.

    The orders are ``D66A`` or ``D66S`` (the lower die first), ``D66D`` (the higher first) and
    ``D66N`` (as rolled); ``D66`` is as rolled, as BCDice's generic dice bot reads it.

    In a sum (``D66+1``, ``2D66``), D66 dice are terms; alone, ``D66`` is this roll, shown as
    BCDice shows it.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> print(parse("D66S").roll(ScriptedDice([5, 2])).render())
    (D66S) ＞ 25
    >>> parse("D66S").distribution().p_equal(25)
    Fraction(1, 18)

    .. versionadded:: 0.1.0
    """

    #: The order: ``""``, ``"N"``, ``"A"``, ``"S"`` or ``"D"``.
    order: D66Order = attrs.field(validator=_check_order)
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment: ``D66``, ``D66S``."""
        return f"D66{self.order}"

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """Two d6."""
        return 2

    @property
    def worst_rolls(self) -> int:
        """Two d6."""
        return 2

    def odds_work(self) -> int:
        """The work of the odds: the 36 pairs."""
        return 36

    def distribution(self) -> Distribution:
        """The distribution of the value, 11 to 66."""
        counts: dict[int, int] = {}
        for first in range(1, 7):
            for second in range(1, 7):
                value = _ordered(self.order, first, second)
                counts[value] = counts.get(value, 0) + 1
        return Distribution.from_counts(counts)

    def roll(self, dice: DiceSource) -> D66Result:
        """Roll the two d6 with *dice*."""
        try:  # free unless it raises: the check of the dice is on the slow path only
            pair = dice.roll(_D6_PAIR)
        except AttributeError:
            checked_source(dice)
            raise
        return new_unchecked(D66Result, command=self, pair=pair)  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class D66Result:
    """A rolled ``D66``: the two d6, and the value they are read as.

    .. versionadded:: 0.1.0
    """

    #: The roll.
    command: D66Roll = attrs.field(validator=an_instance(D66Roll, "notation.D66Roll"))
    #: The two d6, as rolled.
    pair: Roll

    def __attrs_post_init__(self) -> None:
        if self.pair.dice != _D6_PAIR:
            raise ValueError("a D66 is a roll of 2D6")

    def __str__(self) -> str:
        return self.render()

    @property
    def total(self) -> int:
        """The value, 11 to 66, in the roll's order."""
        first, second = self.pair.faces
        return _ordered(self.command.order, first, second)

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark."""
        return template("notation.single", locale).format(
            command=self.command.body, total=self.total
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``(D66S) ＞ 25``."""
        command = self.command
        return finish(
            self.line(locale), secret=command.secret, comment=command.comment, locale=locale
        )
