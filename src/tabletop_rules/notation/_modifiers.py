"""The modifiers of the language: how checks compare, which dice are kept, which rerolled."""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from typing import Final, Literal, cast

import attrs

from tabletop_rules._arguments import a_flag, shown, wrong_type
from tabletop_rules.dice import Dice
from tabletop_rules.errors import InvalidData
from tabletop_rules.notation._limits import CHAIN_DEPTH
from tabletop_rules.odds import Distribution

__all__ = [
    "MISSPELLED",
    "Keep",
    "Relation",
    "Reroll",
    "check_positive",
    "check_target",
    "dice_pools",
    "optional_relation",
    "pools_text",
    "sum_work",
    "to_relation",
]


class Relation(enum.Enum):
    """How a check compares its two sides; each means exactly what it says about ties.

    .. versionadded:: 0.1.0
    """

    AT_LEAST = ">="
    GREATER = ">"
    AT_MOST = "<="
    LESS = "<"
    EQUAL = "="
    NOT_EQUAL = "<>"

    def holds(self, left: int, right: int) -> bool:
        """Whether ``left <relation> right`` holds.

        >>> Relation.NOT_EQUAL.holds(7, 7)
        False
        """
        if self is Relation.AT_LEAST:
            return left >= right
        if self is Relation.GREATER:
            return left > right
        if self is Relation.AT_MOST:
            return left <= right
        if self is Relation.LESS:
            return left < right
        if self is Relation.EQUAL:
            return left == right
        return left != right

    @property
    def symbol(self) -> str:
        """The sign as written in mathematics (``≥``, ``>``, ``≤``, ``<``, ``=``, ``≠``)."""
        return _SYMBOLS[self._value_]

    @property
    def compare(self) -> Callable[[int, int], bool]:
        """The comparison as a function of two numbers (``operator.ge`` for ``>=``).

        .. versionadded:: 0.1.0
        """
        return _OPERATORS[self._value_]

    def probability_of(self, left: Distribution, right: int | Distribution) -> object:
        """The exact probability that ``left <relation> right`` (a ``Fraction``)."""
        if self is Relation.AT_LEAST:
            return left.p_at_least(right)
        if self is Relation.GREATER:
            return left.p_greater(right)
        if self is Relation.AT_MOST:
            return left.p_at_most(right)
        if self is Relation.LESS:
            return left.p_less(right)
        if self is Relation.EQUAL:
            return left.p_equal(right)
        return 1 - left.p_equal(right)


# By the relation's value: a string hashes in C, an enum member through Python.
_OPERATORS: Final[dict[str, Callable[[int, int], bool]]] = {
    Relation.AT_LEAST.value: operator.ge,
    Relation.GREATER.value: operator.gt,
    Relation.AT_MOST.value: operator.le,
    Relation.LESS.value: operator.lt,
    Relation.EQUAL.value: operator.eq,
    Relation.NOT_EQUAL.value: operator.ne,
}
_SYMBOLS: Final = {
    Relation.AT_LEAST.value: "≥",
    Relation.GREATER.value: ">",
    Relation.AT_MOST.value: "≤",
    Relation.LESS.value: "<",
    Relation.EQUAL.value: "=",
    Relation.NOT_EQUAL.value: "≠",
}


#: Comparisons as other dice bots and programming languages write them, longest first, with
#: the relation this language writes instead.
#: The parser refuses them with a hint, never reading them as that relation (``2D6!=7`` could
#: as well be an exploding ``2D6!`` compared with ``=7``), and no comment may start with one.
MISSPELLED: Final = (
    ("!==", Relation.NOT_EQUAL),
    ("===", Relation.EQUAL),
    ("=/=", Relation.NOT_EQUAL),
    ("!=", Relation.NOT_EQUAL),
    ("=!", Relation.NOT_EQUAL),
    ("/=", Relation.NOT_EQUAL),
    ("==", Relation.EQUAL),
    ("=>", Relation.AT_LEAST),
    ("=<", Relation.AT_MOST),
)


def check_positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise wrong_type(f"$.{attribute.name}", "int", value)
    if value < 1:
        raise InvalidData(f"$.{attribute.name}", f"must be 1 or more, not {shown(value)}")


@attrs.frozen(kw_only=True)
class Keep:
    """Which dice of a pool count: ``KH3`` keeps the 3 highest, ``DL1`` drops the lowest.

    .. versionadded:: 0.1.0
    """

    #: ``"KH"`` keep highest, ``"KL"`` keep lowest, ``"DH"`` drop highest, ``"DL"`` drop lowest.
    kind: Literal["KH", "KL", "DH", "DL"]
    #: How many dice are kept or dropped, 1 or more.
    count: int = attrs.field(validator=check_positive)

    def __attrs_post_init__(self) -> None:
        if self.kind not in ("KH", "KL", "DH", "DL"):
            raise InvalidData("$.kind", f"must be KH, KL, DH or DL, not {shown(self.kind)}")

    def __str__(self) -> str:
        return f"{self.kind}{self.count}"

    def kept(self, dice: int) -> tuple[int, bool]:
        """How many of *dice* dice are kept, and whether they are the highest."""
        if self.kind == "KH":
            return self.count, True
        if self.kind == "KL":
            return self.count, False
        if self.kind == "DH":
            return dice - self.count, False
        return dice - self.count, True


@attrs.frozen(kw_only=True)
class Reroll:
    """``R1`` rerolls a die showing 1 once; ``RR1`` rerolls it until it does not show 1.

    ``RR`` rerolls a die at most ``CHAIN_DEPTH`` times; the last face then stands.

    .. versionadded:: 0.1.0
    """

    #: The face that is rerolled.
    face: int = attrs.field(validator=check_positive)
    #: ``True`` for ``R`` (once), ``False`` for ``RR`` (until another face, up to the cap).
    once: bool = attrs.field(default=True, validator=a_flag)

    def __str__(self) -> str:
        return f"{'R' if self.once else 'RR'}{self.face}"

    @property
    def times(self) -> int:
        """The most times one die is rerolled."""
        return 1 if self.once else CHAIN_DEPTH


def to_relation(value: object, path: str = "$.comparison") -> Relation:
    """*value* as a :class:`Relation` (a ``checks.Comparison`` or a sign reads as its own)."""
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


def optional_relation(value: object) -> Relation | None:
    """*value* as a :class:`Relation` at ``$.relation``, or ``None``."""
    return None if value is None else to_relation(value, "$.relation")


def check_target(_: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    """A field that holds a whole number or ``None``."""
    if value is not None and type(value) is not int:
        raise wrong_type(f"$.{attribute.name}", "int | None", value)


def dice_pools(value: object) -> tuple[Dice, ...]:
    """The pools of one of BCDice's rolls: one :class:`Dice`, or several in order.

    There is at least one pool, and each has one die or more.

    Raises:
        InvalidData: At ``$.dice``.
    """
    if isinstance(value, Dice):
        pools: tuple[object, ...] = (value,)
    elif isinstance(value, tuple | list):
        pools = tuple(cast("list[object]", value))
    else:
        raise wrong_type("$.dice", "dice.Dice | tuple[dice.Dice, ...]", value)
    if not pools:
        raise InvalidData("$.dice", "a roll needs at least one pool of dice")
    checked: list[Dice] = []
    for index, pool in enumerate(pools):
        if not isinstance(pool, Dice):
            raise wrong_type(f"$.dice[{index}]", "dice.Dice", pool)
        if pool.count < 1:
            raise InvalidData(f"$.dice[{index}]", f"a pool needs at least 1 die, not {pool}")
        checked.append(pool)
    return tuple(checked)


def pools_text(pools: tuple[Dice, ...], letter: str) -> str:
    """``2B6+4B10``: the pools with *letter* between count and sides."""
    return "+".join(f"{pool.count}{letter}{pool.sides}" for pool in pools)


def sum_work(pools: tuple[Dice, ...]) -> int:
    """The estimated work of the total of *pools*, as the sum of dice it is."""
    length, work = 1, 0
    for index, pool in enumerate(pools):
        pool_length = pool.count * (pool.sides - 1) + 1
        work += pool.count * pool_length // 2
        if index:
            work += pool.count * (length + pool_length)
        length += pool_length - 1
    return work
