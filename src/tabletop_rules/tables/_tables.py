"""Dice tables: BCDice's original tables, their rows, their rolls and their exact odds."""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from fractions import Fraction
from typing import Any, Final

import attrs

from tabletop_rules._arguments import a_flag, a_whole, an_instance, checked_source, wrong_type
from tabletop_rules.dice import Dice, DiceSource, Roll
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE
from tabletop_rules.notation import D66Roll, Expression, Limits, Part
from tabletop_rules.notation._picks import D66Order
from tabletop_rules.odds import Distribution
from tabletop_rules.tables._common import (
    check_entries,
    check_name,
    check_source,
    finish,
    limits_or_default,
    quoted,
    template,
)

__all__ = ["Row", "Table", "TableResult", "TableRoll", "read_bcdice_table"]

_D6_PAIR: Final = Dice(2, 6)
_D66_ORDERS: Final = ("", "N", "A", "S", "D")


def _check_text(_: object, __: attrs.Attribute[str], value: object) -> None:
    if type(value) is not str:
        raise wrong_type("$.text", "str", value)
    if value != value.strip():
        raise InvalidData("$.text", "a row's text has no surrounding whitespace")


@attrs.frozen(kw_only=True)
class Row:
    """One row of a table: the values it covers, ``low`` to ``high``, and its text.

    BCDice's rows cover one value each (``low == high``).

    .. versionadded:: 0.1.0
    """

    #: The lowest value the row covers.
    low: int = attrs.field(validator=a_whole)
    #: The highest value the row covers (``low`` for a row of one value).
    high: int = attrs.field(validator=a_whole)
    #: What the row says (BCDice's ``\n`` is a line break here).
    text: str = attrs.field(validator=_check_text)

    def __attrs_post_init__(self) -> None:
        if self.low > self.high:
            raise InvalidData("$.high", f"a row covers {self.low} to {self.high}: low > high")

    @property
    def label(self) -> str:
        """The values the row covers, as ``7`` or ``2-5``."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def _check_d66(_: object, __: attrs.Attribute[Any], value: object) -> None:
    if value is not None and value not in _D66_ORDERS:
        raise InvalidData("$.d66", f"must be null, '', N, A, S or D, not {quoted(value)}")


def _check_table_name(_: object, __: attrs.Attribute[str], value: object) -> None:
    check_name("$.name", value)


def _to_rows(rows: Any) -> tuple[Row, ...]:
    if isinstance(rows, str) or not hasattr(rows, "__iter__"):
        raise wrong_type("$.rows", "tuple[Row, ...]", rows)
    found = tuple(rows)
    check_entries(len(found))
    for index, row in enumerate(found):
        if not isinstance(row, Row):
            raise wrong_type(f"$.rows[{index}]", "tables.Row", row)
    return found


def _d66_value(order: str, first: int, second: int) -> int:
    if order in ("A", "S"):
        first, second = min(first, second), max(first, second)
    elif order == "D":
        first, second = max(first, second), min(first, second)
    return 10 * first + second


@attrs.frozen(kw_only=True)
class Table:
    r"""A dice table: roll the dice, read the row that covers the value.

    The dice are a sum (``1D6``, ``2D6``, ``3D4``) or BCDice's ``D66`` in one of its orders
    (``d66`` is ``""`` or ``"N"`` as rolled, ``"A"`` or ``"S"`` the lower die first, ``"D"`` the
    higher die first); the rows cover every value the dice can give exactly once.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> table = read_bcdice_table(
    ...     "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n"
    ...     "5:オレンジジュース\n6:選ばれし者の知的飲料"
    ... )
    >>> print(table.roll(ScriptedDice([6])).render())
    飲み物表(6) ＞ 選ばれし者の知的飲料
    >>> table.probability(table.rows[0])
    Fraction(1, 6)

    .. versionadded:: 0.1.0
    """

    #: The table's name, shown first in a result (BCDice's first line).
    name: str = attrs.field(validator=_check_table_name)
    #: The dice rolled: a sum of them, or the two d6 of a ``D66``.
    dice: Dice = attrs.field(validator=an_instance(Dice, "dice.Dice"))
    #: ``None`` for a sum of the dice, or the order of a ``D66``.
    d66: D66Order | None = attrs.field(default=None, validator=_check_d66)
    #: The rows, in the order written.
    rows: tuple[Row, ...] = attrs.field(converter=_to_rows)
    # The values the dice can give, in order, and the index of the row that covers each.
    _values: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _covering: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if self.d66 is not None and self.dice != _D6_PAIR:
            raise InvalidData("$.dice", "a D66 table rolls 2D6")
        if self.d66 is None:
            # Held to the notation's limits of dice, sides and exact odds, as a command is.
            Expression((Part(dice=self.dice),))
            values: tuple[int, ...] = tuple(range(self.dice.minimum, self.dice.maximum + 1))
        else:
            order = self.d66
            values = tuple(
                sorted({_d66_value(order, a, b) for a in range(1, 7) for b in range(1, 7)})
            )
        if not self.rows:
            raise InvalidData("$.rows", "a table needs rows")
        order_of_rows = sorted(range(len(self.rows)), key=lambda index: self.rows[index].low)
        lows = [self.rows[index].low for index in order_of_rows]
        for before, after in itertools.pairwise(order_of_rows):
            if self.rows[after].low <= self.rows[before].high:
                raise InvalidData(
                    f"$.rows[{after}]",
                    f"row {self.rows[after].label} covers a value that row "
                    f"{self.rows[before].label} covers too: each value has one row",
                )
        covering: list[int] = []
        for value in values:
            at = bisect.bisect_right(lows, value) - 1
            if at < 0 or self.rows[order_of_rows[at]].high < value:
                raise InvalidData("$.rows", f"no row for {value}: {self._dice_text} gives it")
            covering.append(order_of_rows[at])
        used = set(covering)
        for index, row in enumerate(self.rows):
            if index not in used:
                raise InvalidData(
                    f"$.rows[{index}]",
                    f"row {row.label} can never be rolled: {self._dice_text} gives "
                    f"{values[0]} to {values[-1]}",
                )
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_covering", tuple(covering))

    @property
    def _dice_text(self) -> str:
        return str(self.dice) if self.d66 is None else f"D66{self.d66}"

    @property
    def dice_text(self) -> str:
        """The dice as BCDice's second line writes them (``2D6``, ``D66``, ``D66S``)."""
        return self._dice_text

    def row_for(self, value: int) -> Row:
        """The row that covers *value*.

        Raises:
            InvalidData: The dice cannot give *value* (path ``$.value``).
        """
        if type(value) is not int:
            raise wrong_type("$.value", "int", value)
        at = bisect.bisect_left(self._values, value)
        if at == len(self._values) or self._values[at] != value:
            raise InvalidData("$.value", f"{self._dice_text} cannot give {quoted(value)}")
        return self.rows[self._covering[at]]

    def distribution(self) -> Distribution:
        """The exact distribution of the value the dice give."""
        if self.d66 is None:
            return Distribution.of(self.dice)
        return D66Roll(order=self.d66).distribution()

    def probability(self, row: Row) -> Fraction:
        """The exact chance that a roll gives *row* (0 for a row of another table)."""
        distribution = self.distribution()
        return sum(
            (
                distribution.p_equal(value)
                for value, index in zip(self._values, self._covering, strict=True)
                if self.rows[index] == row
            ),
            Fraction(0),
        )

    def odds(self) -> tuple[tuple[Row, Fraction], ...]:
        """Every row with the exact chance of rolling it, in the order written."""
        distribution = self.distribution()
        chances = [Fraction(0)] * len(self.rows)
        for value, index in zip(self._values, self._covering, strict=True):
            chances[index] += distribution.p_equal(value)
        return tuple(zip(self.rows, chances, strict=True))

    def roll(self, dice: DiceSource) -> TableResult:
        """Roll the table with *dice*.

        Raises:
            InvalidData: *dice* is no dice source (path ``$.dice``).
        """
        source = checked_source(dice)
        rolled = source.roll(_D6_PAIR if self.d66 is not None else self.dice)
        return TableResult(table=self, roll=rolled)


@attrs.frozen(kw_only=True)
class TableResult:
    """A rolled table: the dice as rolled, the value and the row they give.

    .. versionadded:: 0.1.0
    """

    #: The table.
    table: Table = attrs.field(validator=an_instance(Table, "tables.Table"))
    #: The dice as rolled.
    roll: Roll = attrs.field(validator=an_instance(Roll, "dice.Roll"))
    #: Whether the roll is secret (``S`` before the table's name in chat).
    secret: bool = attrs.field(default=False, validator=a_flag)

    def __attrs_post_init__(self) -> None:
        wanted = _D6_PAIR if self.table.d66 is not None else self.table.dice
        if self.roll.dice != wanted:
            raise InvalidData("$.roll.dice", f"the table rolls {wanted}, not {self.roll.dice}")

    @property
    def value(self) -> int:
        """The value the dice give, their sum or the ``D66`` in the table's order."""
        if self.table.d66 is None:
            return self.roll.total
        first, second = self.roll.faces
        return _d66_value(self.table.d66, first, second)

    @property
    def row(self) -> Row:
        """The row rolled."""
        return self.table.row_for(self.value)

    @property
    def text(self) -> str:
        """The row's text."""
        return self.row.text

    def __str__(self) -> str:
        return self.render()

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``飲み物表(6) ＞ 選ばれし者の知的飲料``, as BCDice writes an original table's roll."""
        line = template("tables.table", locale).format(
            name=self.table.name, value=self.value, text=self.text
        )
        return finish(line, secret=self.secret, comment="", locale=locale)


@attrs.frozen(kw_only=True)
class TableRoll:
    """A table named in chat: roll it (:meth:`Library.parse`).

    .. versionadded:: 0.1.0
    """

    #: The table.
    table: Table = attrs.field(validator=an_instance(Table, "tables.Table"))
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)

    def __str__(self) -> str:
        return f"S{self.table.name}" if self.secret else self.table.name

    def roll(self, dice: DiceSource) -> TableResult:
        """Roll the table with *dice*."""
        result = self.table.roll(dice)
        return attrs.evolve(result, secret=self.secret) if self.secret else result


# -- BCDice's text format ---------------------------------------------------------------------

_LINES: Final = re.compile(r"\r?\n")
_SUM_DICE: Final = re.compile(r"([0-9]{1,18})D([0-9]{1,18})")
_D66_DICE: Final = re.compile(r"D66([NASD]?)")
_DICE_HELP: Final = (
    "write the dice on the second line as a count, D and the sides (1D6, 2D6, 3D4) or as "
    "D66, D66N, D66A, D66S or D66D"
)


def read_bcdice_table(text: str, *, limits: Limits | None = None) -> Table:
    r"""Read a table in BCDice's original-table format (bcdice-api's ``/v2/original_table``).

    The first line is the table's name, the second its dice (``1D6``, ``2D6``, ``D66``,
    ``D66S``, ...), and every further line a row: the value, a colon, the text
    (``7:緑茶``), where ``\n`` stands for a line break.
    Blank lines are skipped; the rows may come in any order, and must cover every value the
    dice can give exactly once, as BCDice's ``valid?`` asks.

    Args:
        text: The whole table, as pasted.
        limits: The limits (rows, characters, dice); the active ones if not given.

    Returns:
        The table.

    Raises:
        InvalidData: The text is no such table; the path names the field (``$.dice``,
            ``$.rows[3]``) and the message the line.
        LimitExceeded: The text is longer, or has more rows, than *limits* allow (checked
            first, before the rows are read).

    >>> table = read_bcdice_table(
    ...     "ソート表\nD66S\n"
    ...     + "\n".join(f"{a}{b}:{a}と{b}" for a in range(1, 7) for b in range(a, 7))
    ... )
    >>> len(table.rows), table.dice_text
    (21, 'D66S')
    >>> from tabletop_rules.errors import InvalidData
    >>> try:
    ...     read_bcdice_table("表\n1D6\n1:a\n2:b")
    ... except InvalidData as error:
    ...     print(error.path, error.detail)
    $.rows no row for 3: 1D6 gives it
    """
    found = limits_or_default(limits)
    source = check_source(text, found)
    with found.applied():
        lines = [
            (number, line.strip())
            for number, line in enumerate(_LINES.split(source), start=1)
            if line.strip()
        ]
        if len(lines) < 2:
            raise InvalidData("$", "a table is its name, its dice and its rows, one a line")
        check_entries(len(lines) - 2)
        (_, name), (dice_line, dice_text) = lines[0], lines[1]
        dice_text = unicodedata.normalize("NFKC", dice_text).upper()
        d66: str | None = None
        summed = _SUM_DICE.fullmatch(dice_text)
        paired = _D66_DICE.fullmatch(dice_text)
        if summed is not None:
            count, sides = int(summed[1]), int(summed[2])
            if count < 1 or sides < 1:
                raise InvalidData("$.dice", f"line {dice_line}: {dice_text} rolls no dice")
            dice = Dice(count, sides)
        elif paired is not None:
            d66, dice = paired[1], _D6_PAIR
        else:
            raise InvalidData("$.dice", f"line {dice_line}: {quoted(dice_text)}: {_DICE_HELP}")
        rows: list[Row] = []
        seen: dict[int, int] = {}
        for index, (number, line) in enumerate(lines[2:]):
            key, colon, rest = line.partition(":")
            if not colon:
                key, colon, rest = line.partition("：")
            key = unicodedata.normalize("NFKC", key).strip()
            if not colon or not key.isdecimal() or not key.isascii() or len(key) > 18:
                raise InvalidData(
                    f"$.rows[{index}]",
                    f"line {number}: write each row as its value, a colon and its text, "
                    f"such as 3:text, not {quoted(line)}",
                )
            value = int(key)
            if value in seen:
                raise InvalidData(
                    f"$.rows[{index}]",
                    f"line {number}: the row for {value} is written twice (lines "
                    f"{seen[value]} and {number}): keep one",
                )
            seen[value] = number
            rows.append(Row(low=value, high=value, text=rest.replace("\\n", "\n").strip()))
        name = check_name("$.name", name)
        return Table(name=name, dice=dice, d66=d66, rows=tuple(rows))  # type: ignore[arg-type]
