"""The modifiers of the language: how checks compare, which dice are kept, which rerolled."""

from __future__ import annotations

import enum
from typing import Final, Literal

import attrs

from tabletop_rules._arguments import a_flag, shown, wrong_type
from tabletop_rules.errors import InvalidData
from tabletop_rules.notation._limits import CHAIN_DEPTH
from tabletop_rules.odds import Distribution

__all__ = ["MISSPELLED", "Keep", "Relation", "Reroll", "check_positive"]


class Relation(enum.Enum):
    """How a check compares its two sides; each means exactly what it says about ties.

    .. versionadded:: 0.2.0
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
        return _SYMBOLS[self]

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


_SYMBOLS: Final = {
    Relation.AT_LEAST: "≥",
    Relation.GREATER: ">",
    Relation.AT_MOST: "≤",
    Relation.LESS: "<",
    Relation.EQUAL: "=",
    Relation.NOT_EQUAL: "≠",
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

    .. versionadded:: 0.2.0
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

    .. versionadded:: 0.2.0
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
