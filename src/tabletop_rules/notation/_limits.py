"""The limits of the notation, and the active limits that values are checked against."""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules.errors import NotationLimitExceeded

if TYPE_CHECKING:
    # Qualified in the annotation: a bare ``Command`` would be ambiguous in the docs, where every
    # rule system has a ``Command`` too.
    import tabletop_rules.notation

__all__ = ["CHAIN_DEPTH", "Limits"]

#: The most extra dice one die may bring. An exploding die explodes at most this many times,
#: and ``RR`` rerolls a die at most this many times; exact odds are for this rule.
#:
#: .. versionadded:: 0.1.0
CHAIN_DEPTH: Final = 5


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"{attribute.name} must be a whole number, 1 or more, not {value!r}")


@attrs.frozen(kw_only=True)
class Limits:
    """The most a command may ask for; :func:`parse` refuses more before any work is done.

    Pass ``limits=Limits(max_dice=500)`` to :func:`parse` to change a limit for one call.
    Commands built in code or read from JSON are held to the *active* limits, the defaults
    unless a ``with limits.applied():`` block says otherwise.

    >>> Limits().max_dice
    100
    >>> parse("x3 50d6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.NotationLimitExceeded: Too many dice: 150 in one roll, ...
    >>> print(parse("x3 50d6", limits=Limits(max_dice=200)))
    x3 50D6

    .. versionadded:: 0.1.0
    """

    #: The most dice one command may roll, every repeat, both sides of a check, and every
    #: explosion and reroll at its cap (``CHAIN_DEPTH``) included.
    max_dice: int = attrs.field(default=100, validator=_positive)
    #: The most sides a die may have.
    max_sides: int = attrs.field(default=1000, validator=_positive)
    #: The most terms (dice and numbers) in one command, both sides of a check included.
    max_terms: int = attrs.field(default=20, validator=_positive)
    #: The most characters a command may have, after normalization.
    max_length: int = attrs.field(default=200, validator=_positive)
    #: The most times a command may be repeated.
    max_repeats: int = attrs.field(default=20, validator=_positive)
    #: The most work the exact odds of one command may take, in the units of
    #: :meth:`Expression.odds_work`: about one addition of two counts each.
    #: The default keeps every command's odds under 0.25 s (see the performance page).
    #:
    #: .. versionadded:: 0.1.0
    max_work: int = attrs.field(default=600_000, validator=_positive)
    #: The most items of a ``choice`` (BCDice's own limit).
    #:
    #: .. versionadded:: 0.1.0
    max_items: int = attrs.field(default=100, validator=_positive)
    #: The most rows of a table, cards of a deck and decks of a deck file
    #: (:mod:`tabletop_rules.tables`).
    #:
    #: .. versionadded:: 0.1.0
    max_entries: int = attrs.field(default=1000, validator=_positive)
    #: The most characters of a table or deck file that a reader takes (a pasted table).
    #:
    #: .. versionadded:: 0.1.0
    max_source: int = attrs.field(default=100_000, validator=_positive)
    #: The most references to decks and rolls in brackets that one draw may expand, at the
    #: worst (every reference of every card drawn counted).
    #:
    #: .. versionadded:: 0.1.0
    max_references: int = attrs.field(default=200, validator=_positive)
    #: The most references one inside another (``{a}`` drawing a card that names ``{b}``, ...).
    #:
    #: .. versionadded:: 0.1.0
    max_depth: int = attrs.field(default=10, validator=_positive)
    #: The most characters the text of one draw or table roll may have, at the worst.
    #:
    #: .. versionadded:: 0.1.0
    max_output: int = attrs.field(default=20_000, validator=_positive)

    def enforce(self, command: tabletop_rules.notation.Command) -> None:
        """Check *command* against the limits other than the length.

        :func:`parse` calls this before it returns; commands built in code or read from JSON
        are checked against the active limits when they are built.

        Raises:
            NotationLimitExceeded: The repeats, the sides of a die, the terms, the items of a
                choice, the dice or the work of *command* go over a limit (checked in that
                order).

        >>> Limits(max_sides=100).enforce(parse("1d100"))
        >>> Limits(max_sides=100).enforce(parse("1d1000"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tabletop_rules.errors.NotationLimitExceeded: Too many sides: a d1000, but at most 100 ...
        """
        self._enforce(command)

    def _enforce(
        self, command: object, text: str | None = None, positions: dict[int, int] | None = None
    ) -> None:
        from tabletop_rules.notation._commands import Repeat

        def fail(limit: str, allowed: int, given: int, at: object = None) -> None:
            key = -1 if at is None else id(at)
            where = 0 if positions is None else positions.get(key, 0)
            raise NotationLimitExceeded(
                limit,
                allowed=allowed,
                given=given,
                text=str(command) if text is None else text,
                position=where,
            )

        times = 1
        single: object = command
        if isinstance(command, Repeat):
            times, single = command.times, command.command
            if times > self.max_repeats:
                fail("repeats", self.max_repeats, times)
        shape = _shapes().get(type(single))
        if shape is None:
            raise TypeError(f"expected a command of the notation, not {type(single).__name__}")
        atoms, items = shape(single)
        for sides, at in atoms:
            if sides > self.max_sides:
                fail("sides", self.max_sides, sides, at)
        if len(atoms) > self.max_terms:
            fail("terms", self.max_terms, len(atoms), atoms[self.max_terms][1])
        if items > self.max_items:
            fail("items", self.max_items, items)
        shaped: Any = single
        worst: int = shaped.worst_rolls
        if times * worst > self.max_dice:
            # The first term at which the dice go over, for the column of the message.
            running = 0
            for leaf in _leaves(single):
                own = leaf.worst_rolls - sum(step.operand.worst_rolls for step in leaf.steps)
                running += times * own
                if running > self.max_dice:
                    fail("dice", self.max_dice, times * worst, leaf)
            fail("dice", self.max_dice, times * worst)
        parts = _all_parts(single)
        work = 0
        for part in parts:
            work += part.odds_work()
            if work > self.max_work:
                fail("work", self.max_work, shaped.odds_work(), part)
        total: int = shaped.odds_work()
        if total > self.max_work:
            fail("work", self.max_work, total, parts[0] if parts else None)

    @contextlib.contextmanager
    def applied(self) -> Generator[Limits]:
        """Hold the commands built in this block (in code, or by ``from_json``) to these limits.

        >>> from tabletop_rules.serialization import from_json
        >>> text = '{"parts":[{"dice":{"count":500,"sides":6}}]}'
        >>> with Limits(max_dice=500, max_work=10**6).applied():
        ...     print(from_json(text, Expression))
        500D6

        .. versionadded:: 0.1.0
        """
        token = _ACTIVE.set(self)
        try:
            yield self
        finally:
            _ACTIVE.reset(token)


DEFAULT_LIMITS: Final = Limits()

# The limits that values are checked against when they are built: the defaults, those of a
# `Limits.applied()` block, or None while the parser builds a command it checks at the end.
_ACTIVE: contextvars.ContextVar[Limits | None] = contextvars.ContextVar(
    "tabletop_rules.notation.limits", default=DEFAULT_LIMITS
)


def active_limits() -> Limits:
    """The limits that values being built are held to (the defaults outside any block)."""
    limits = _ACTIVE.get()
    return DEFAULT_LIMITS if limits is None else limits


def check_value(value: object) -> None:
    """Check a command or a term being built against the active limits."""
    limits = _ACTIVE.get()
    if limits is not None:
        limits._enforce(value)  # pyright: ignore[reportPrivateUsage]


@contextlib.contextmanager
def unchecked() -> Generator[None]:
    """Build values without checking them (the parser checks the whole command at the end)."""
    token = _ACTIVE.set(None)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def _sum_atoms(single: Any) -> tuple[list[tuple[int, object]], int]:
    # Every atom of a sum or a check (numbers, dice, operands), with the sides of its dice.
    atoms: list[tuple[int, object]] = []
    for part in single.all_parts:
        for leaf in part.leaves:
            atoms.append((0 if leaf.dice is None else leaf.dice.sides, leaf))
    return atoms, 0


def _pool_atoms(single: Any) -> tuple[list[tuple[int, object]], int]:
    # Every pool of a counting, reroll or upper roll.
    return [(pool.sides, None) for pool in single.dice], 0


def _tally_atoms(single: Any) -> tuple[list[tuple[int, object]], int]:
    return [(single.dice.sides, None)], 0


def _choice_atoms(single: Any) -> tuple[list[tuple[int, object]], int]:
    return [], len(single.items)


def _no_atoms(_: Any) -> tuple[list[tuple[int, object]], int]:
    return [], 0


@functools.cache
def _shapes() -> dict[type[Any], Callable[[Any], tuple[list[tuple[int, object]], int]]]:
    from tabletop_rules.notation._commands import Check, CountRoll
    from tabletop_rules.notation._picks import Calculation, Choice, D66Roll
    from tabletop_rules.notation._pools import RerollCount, Tally, UpperRoll
    from tabletop_rules.notation._sums import Expression, Part

    return {
        Part: _sum_atoms,
        Expression: _sum_atoms,
        Check: _sum_atoms,
        CountRoll: _pool_atoms,
        RerollCount: _pool_atoms,
        UpperRoll: _pool_atoms,
        Tally: _tally_atoms,
        Choice: _choice_atoms,
        Calculation: _no_atoms,
        D66Roll: _no_atoms,
    }


def _all_parts(single: Any) -> tuple[Any, ...]:
    return tuple(getattr(single, "all_parts", ()))


def _leaves(single: Any) -> tuple[Any, ...]:
    return tuple(leaf for part in _all_parts(single) for leaf in part.leaves)
