"""Exact probability distributions over integers.

A :class:`Distribution` counts, for each integer outcome, the number of equally likely ways
to reach it: ``Distribution.of(Dice(2, 6))`` counts 1 way to roll 2, 2 ways to roll 3, ...
out of 36.
Everything is done with integer counts; a :class:`~fractions.Fraction` appears only in the
answer, so every probability is exact.

>>> from tabletop_rules.dice import Dice
>>> from tabletop_rules.odds import Distribution
>>> attack = Distribution.of(Dice(1, 20)) + 5
>>> defense = Distribution.of(Dice(1, 20)) + 3
>>> attack.p_at_least(defense)
Fraction(247, 400)
>>> (Distribution.of(Dice(2, 6)) + 3).p_at_least(10)
Fraction(7, 12)

Sums of identical dice are memoized, and comparisons read cached running sums, so a
comparison of two small pools costs a few microseconds.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Final

from tabletop_rules.dice import Dice

__all__ = ["MAX_SPAN", "Distribution"]

_DIRECT_LIMIT: Final = 4096
#: Pools of more outcomes than this (count × sides) are not memoized.
_MEMO_LIMIT: Final = 10_000

#: The widest range of outcomes, highest minus lowest, that untrusted data may ask for;
#: JSON with a wider distribution is refused before any memory is taken for it.
MAX_SPAN: Final = 1_000_000


def _trim(offset: int, counts: list[int]) -> tuple[int, tuple[int, ...]]:
    start = 0
    while counts[start] == 0:
        start += 1
    end = len(counts)
    while counts[end - 1] == 0:
        end -= 1
    return offset + start, tuple(counts[start:end])


def _convolve(left: tuple[int, ...], right: tuple[int, ...]) -> list[int]:
    if len(left) < len(right):
        left, right = right, left
    if len(left) * len(right) <= _DIRECT_LIMIT:
        out = [0] * (len(left) + len(right) - 1)
        for j, weight in enumerate(right):
            if weight:
                for i, count in enumerate(left, j):
                    out[i] += weight * count
        return out
    # Kronecker substitution: pack each sequence into one big integer, multiply once in C,
    # and unpack. Exact, and fast for long sequences.
    width = (max(left).bit_length() + max(right).bit_length() + len(right).bit_length()) // 8 + 1
    length = len(left) + len(right) - 1
    packed_left = int.from_bytes(b"".join(c.to_bytes(width, "little") for c in left), "little")
    packed_right = int.from_bytes(b"".join(c.to_bytes(width, "little") for c in right), "little")
    raw = (packed_left * packed_right).to_bytes(width * length, "little")
    return [int.from_bytes(raw[k : k + width], "little") for k in range(0, width * length, width)]


@functools.lru_cache(maxsize=2048)
def _small_convolution(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...]:
    # Sums of small distributions are memoized by their counts: a check asked again (the same
    # restricted roll against the same dice) costs a lookup.
    return tuple(_convolve(left, right))


def _add_die(counts: tuple[int, ...], sides: int) -> tuple[int, ...]:
    # Adding one die is a sliding-window sum: linear in the length, whatever the sides.
    out = [0] * (len(counts) + sides - 1)
    window = 0
    for i in range(len(out)):
        if i < len(counts):
            window += counts[i]
        if i >= sides:
            window -= counts[i - sides]
        out[i] = window
    return tuple(out)


def _add_dice(counts: tuple[int, ...], count: int, sides: int) -> tuple[int, ...]:
    for _ in range(count):
        counts = _add_die(counts, sides)
    return counts


_Pool = tuple[tuple[int, int, int], ...]


@functools.lru_cache(maxsize=1024)
def _pool_base(pool: _Pool) -> int:
    # The lowest total of a pool: each added die shows 1, each subtracted die its highest.
    return sum(n if sign > 0 else -n * sides for sides, sign, n in pool)


@functools.lru_cache(maxsize=1024)
def _negated_pool(pool: _Pool) -> _Pool:
    return tuple(sorted((sides, -sign, n) for sides, sign, n in pool))


@functools.lru_cache(maxsize=1024)
def _merge_pools(left: _Pool, right: _Pool) -> _Pool | None:
    merged: dict[tuple[int, int], int] = {}
    for sides, sign, n in (*left, *right):
        merged[sides, sign] = merged.get((sides, sign), 0) + n
    if sum(sides * n for (sides, _), n in merged.items()) > _MEMO_LIMIT:
        return None
    return tuple(sorted((sides, sign, n) for (sides, sign), n in merged.items()))


class _PoolSum:
    """The key of a memoized sum of pools: equal by the pools, carrying what to add up.

    The operands are dropped once the sum is made, so the memo holds only the sums.
    """

    __slots__ = ("left", "pool", "right")

    def __init__(self, pool: _Pool, left: Distribution, right: Distribution) -> None:
        self.pool = pool
        self.left: Distribution | None = left
        self.right: Distribution | None = right

    def __hash__(self) -> int:
        return hash(self.pool)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _PoolSum) and other.pool == self.pool


@functools.lru_cache(maxsize=1024)
def _pool_sum(key: _PoolSum) -> Distribution:
    # The sum of the pools at their lowest totals (the caller shifts it), made from the two
    # operands that first asked for it.
    left, right = key.left, key.right
    assert left is not None
    assert right is not None
    key.left = key.right = None
    counts = left._sum_counts(right)  # pyright: ignore[reportPrivateUsage]
    made = Distribution._raw(_pool_base(key.pool), counts, left.total * right.total)  # pyright: ignore[reportPrivateUsage]
    made._pool = key.pool  # pyright: ignore[reportPrivateUsage]
    return made


def _answers(predicate: Callable[[int], bool], offset: int, length: int) -> Sequence[bool]:
    """The predicate's answer for each outcome from *offset*, remembered for small ranges."""
    if length <= _DIRECT_LIMIT:
        return _remembered_answers(predicate, offset, length)
    return [bool(predicate(outcome)) for outcome in range(offset, offset + length)]


@functools.lru_cache(maxsize=1024)
def _remembered_answers(
    predicate: Callable[[int], bool], offset: int, length: int
) -> tuple[bool, ...]:
    return tuple(bool(predicate(outcome)) for outcome in range(offset, offset + length))


@functools.lru_cache(maxsize=4096)
def _fraction(ways: int, total: int) -> Fraction:
    return Fraction(ways, total)


@functools.lru_cache(maxsize=256)
def _keep_highest(count: int, sides: int, keep: int, highest: bool) -> Distribution:
    # Kept total of the `keep` highest of `count` dice of `sides` sides. For the lowest kept
    # value v, `a` dice above it (a < keep), `b` dice equal to it (b >= keep - a), and the
    # rest below it: C(count, a) * C(count - a, b) * (v - 1)**rest ways for the faces at and
    # under v, times the sums of `a` dice over v+1..sides.
    out = [0] * (keep * sides + 1)
    for v in range(1, sides + 1):
        for a in range(min(keep, count)):
            if a and v == sides:
                break
            rest_ways = sum(
                math.comb(count - a, b) * (v - 1) ** (count - a - b)
                for b in range(keep - a, count - a + 1)
            )
            weight = math.comb(count, a) * rest_ways
            if not weight:
                continue
            base = (keep - a) * v
            if a == 0:
                out[base] += weight
                continue
            above = Distribution.of(Dice(a, sides - v))
            start = base + above.min + a * v
            for i, ways in enumerate(above._counts, start):  # pyright: ignore[reportPrivateUsage]
                out[i] += weight * ways
    offset, counts = _trim(0, out)
    made = Distribution._raw(offset, counts, sides**count)  # pyright: ignore[reportPrivateUsage]
    if highest:
        return made
    # The lowest `keep` of the dice are the highest of the dice read upside down.
    return Distribution._raw(  # pyright: ignore[reportPrivateUsage]
        keep * (sides + 1) - made.max, counts[::-1], made.total
    )


def _add_exploding_die(counts: tuple[int, ...], sides: int, depth: int) -> tuple[int, ...]:
    # One exploding die adds j*sides + f: for j < depth, f in 1..sides-1 with weight
    # sides**(depth - j); for j = depth, f in 1..sides with weight 1. Each level is a
    # window sum over the running prefix sums: linear in the length for each level.
    length = len(counts)
    prefix = [0] * (length + 1)
    running = 0
    for i, count in enumerate(counts):
        running += count
        prefix[i + 1] = running
    levels = [
        (level * sides + 1, level * sides + sides - 1, sides ** (depth - level))
        for level in range(depth)
        if sides > 1
    ]
    levels.append((depth * sides + 1, depth * sides + sides, 1))
    top = depth * sides + sides
    out = [0] * (length + top - 1)
    for low, high, weight in levels:
        # out[i] += weight * sum(counts[i - v + 1] for v in low..high), i >= low - 1.
        for i in range(low - 1, length + high - 1):
            first = i - high + 1
            last = i - low + 2
            total = prefix[last if last < length else length] - prefix[first if first > 0 else 0]
            if total:
                out[i] += weight * total
    return tuple(out)


def _add_rerolled_die(
    counts: tuple[int, ...], sides: int, face: int, stays: int
) -> tuple[int, ...]:
    # A rerolled die: every face with weight `stays`, except `face` with weight 1.
    window = _add_die(counts, sides)
    out = [stays * count for count in window]
    for i, count in enumerate(counts):
        if count:
            out[i + face - 1] -= (stays - 1) * count
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _exploding(count: int, sides: int, depth: int) -> Distribution:
    if type(depth) is not int or depth < 0:
        raise ValueError(f"a depth must be a whole number, 0 or more, not {depth!r}")
    counts: tuple[int, ...] = (1,)
    for _ in range(count):
        counts = _add_exploding_die(counts, sides, depth)
    offset, trimmed = _trim(0, list(counts))
    return Distribution._raw(offset + count, trimmed, sides ** ((depth + 1) * count))  # pyright: ignore[reportPrivateUsage]


@functools.lru_cache(maxsize=256)
def _rerolling(count: int, sides: int, face: int, times: int) -> Distribution:
    if type(times) is not int or times < 1:
        raise ValueError(f"times must be a whole number, 1 or more, not {times!r}")
    if type(face) is not int or not 1 <= face <= sides:
        raise ValueError(f"a d{sides} cannot show {face!r}")
    stays = sum(sides**k for k in range(times + 1))
    counts: tuple[int, ...] = (1,)
    for _ in range(count):
        counts = _add_rerolled_die(counts, sides, face, stays)
    return Distribution._raw(count, counts, sides ** ((times + 1) * count))  # pyright: ignore[reportPrivateUsage]


class Distribution:
    """An exact distribution over integers, as counts of equally likely ways.

    Build one with :meth:`of`, :meth:`constant`, :meth:`from_counts` or :meth:`bernoulli`,
    combine them with ``+`` and ``-`` (with integers, or with another distribution for the
    sum or difference of independent values), and ask for probabilities with the ``p_*``
    methods or :meth:`probability`.

    Distributions are immutable and compare equal when they give every outcome the same
    probability.
    """

    __slots__ = ("_counts", "_dice", "_hash", "_offset", "_pairs", "_pool", "_tail", "_total")

    _offset: int
    _counts: tuple[int, ...]
    _total: int
    _tail: tuple[int, ...] | None
    _hash: int | None
    # (count, sides) when the counts are those of a sum of identical dice: adding such a
    # distribution to another is then a few sliding-window sums, whatever their lengths.
    _dice: tuple[int, int] | None
    # The pools of dice this is the sum of, as sorted (sides, sign, count) triples, when it
    # is a sum of pools shifted by a number: sums of such distributions are memoized by
    # their pools, so that ``2D6 + 5 - 3D6`` is computed once however often it is asked.
    _pool: _Pool | None
    # Each outcome with its probability, made once: memoized distributions answer at once.
    _pairs: tuple[tuple[int, Fraction], ...] | None

    @classmethod
    def _raw(
        cls,
        offset: int,
        counts: tuple[int, ...],
        total: int | None = None,
        dice: tuple[int, int] | None = None,
    ) -> Distribution:
        self = object.__new__(cls)
        self._offset = offset
        self._counts = counts
        self._total = sum(counts) if total is None else total
        self._tail = None
        self._hash = None
        self._dice = dice
        self._pool = None
        self._pairs = None
        return self

    def __init__(self) -> None:
        raise TypeError(
            "build a Distribution with Distribution.of(), .constant(), .from_counts() "
            "or .bernoulli()"
        )

    # -- construction ---------------------------------------------------------------

    @classmethod
    def of(cls, dice: Dice) -> Distribution:
        """The distribution of the total of *dice* (memoized).

        >>> Distribution.of(Dice(2, 6)).count(7)
        6
        """
        if dice.count * dice.sides > _MEMO_LIMIT:
            # Large pools are computed each time: a few of them would fill the memo's memory.
            return Distribution._dice_sum.__wrapped__(dice.count, dice.sides)
        if dice.count == 0:
            return Distribution.constant(0)
        return Distribution._dice_sum(dice.count, dice.sides)

    @staticmethod
    @functools.lru_cache(maxsize=256)
    def _dice_sum(count: int, sides: int) -> Distribution:
        counts: tuple[int, ...] = (1,)
        for _ in range(count):
            counts = _add_die(counts, sides)
        made = Distribution._raw(count, counts, sides**count, (count, sides))
        if count:
            made._pool = ((sides, 1, count),)
        return made

    @classmethod
    def constant(cls, value: int) -> Distribution:
        """The distribution that is always *value*."""
        return cls._raw(int(value), (1,))

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> Distribution:
        """A distribution from the number of ways to reach each outcome.

        Args:
            counts: Outcome to number of ways; counts are whole numbers, 0 or more, and at
                least one is positive.

        Raises:
            ValueError: A count is negative or not a whole number, or every count is 0.

        >>> Distribution.from_counts({0: 3, 1: 1}).p_equal(1)
        Fraction(1, 4)
        """
        if any(type(c) is not int or c < 0 for c in counts.values()):
            raise ValueError("counts must be whole numbers, 0 or more")
        if not any(counts.values()):
            raise ValueError("a distribution needs at least one positive count")
        low, high = min(counts), max(counts)
        dense = [0] * (high - low + 1)
        for outcome, count in counts.items():
            dense[outcome - low] = count
        return cls._raw(*_trim(low, dense))

    @classmethod
    def bernoulli(cls, p: Fraction) -> Distribution:
        """1 with probability *p*, else 0: for counting successes over repeated checks.

        >>> from fractions import Fraction
        >>> hit = Distribution.bernoulli(Fraction(1, 2))
        >>> hit.repeat(3).p_at_least(2)
        Fraction(1, 2)
        """
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise ValueError(f"a probability must be from 0 to 1, not {p}")
        miss, hit = p.denominator - p.numerator, p.numerator
        if miss == 0:
            return cls.constant(1)
        if hit == 0:
            return cls.constant(0)
        return cls._raw(0, (miss, hit))

    @classmethod
    def keep(cls, dice: Dice, count: int, *, highest: bool = True) -> Distribution:
        """The total of the *count* highest (or lowest) dice of *dice* (``4D6KH3``).

        Exact, by the value of the lowest kept die: for each value ``v`` and each number
        ``a`` of dice above it, the dice above ``v`` are a smaller pool of dice, and the
        rest are counted by binomials.

        Args:
            dice: The pool rolled.
            count: How many dice are kept, from 1 to ``dice.count``.
            highest: Keep the highest dice (``KH``) or the lowest (``KL``).

        Raises:
            ValueError: *count* is not from 1 to ``dice.count``.

        >>> Distribution.keep(Dice(4, 6), 3).p_at_least(18)
        Fraction(7, 432)
        >>> Distribution.keep(Dice(2, 20), 1).mean()
        Fraction(553, 40)

        .. versionadded:: 0.1.0
        """
        if type(count) is not int or not 1 <= count <= dice.count:
            raise ValueError(f"keep from 1 to {dice.count} dice, not {count!r}")
        if dice.count * dice.sides > _MEMO_LIMIT:
            return _keep_highest.__wrapped__(dice.count, dice.sides, count, highest)
        return _keep_highest(dice.count, dice.sides, count, highest)

    @classmethod
    def exploding(cls, dice: Dice, depth: int) -> Distribution:
        """The total of *dice* where each die showing its highest face is rolled again.

        Each die explodes at most *depth* times: after *depth* extra dice the chain stops,
        whatever the last face, and the distribution is exact for that rule.

        >>> Distribution.exploding(Dice(1, 6), 1).p_at_least(8)
        Fraction(5, 36)

        .. versionadded:: 0.1.0
        """
        return _exploding(dice.count, dice.sides, depth)

    @classmethod
    def rerolling(cls, dice: Dice, face: int, times: int) -> Distribution:
        """The total of *dice* where a die showing *face* is rolled again, up to *times* times.

        ``times=1`` is ``R`` (reroll once); more is ``RR`` with a cap.

        >>> Distribution.rerolling(Dice(1, 20), 1, 1).p_equal(1)
        Fraction(1, 400)

        .. versionadded:: 0.1.0
        """
        return _rerolling(dice.count, dice.sides, face, times)

    def scale(self, factor: int) -> Distribution:
        """The distribution of the outcome times *factor* (a whole number, 1 or more).

        >>> Distribution.of(Dice(1, 6)).scale(2).max
        12

        .. versionadded:: 0.1.0
        """
        if type(factor) is not int or factor < 1:
            raise ValueError(f"a factor must be a whole number, 1 or more, not {factor!r}")
        if factor == 1:
            return self
        counts = [0] * ((len(self._counts) - 1) * factor + 1)
        counts[::factor] = self._counts
        return Distribution._raw(self._offset * factor, tuple(counts), self._total)

    # -- reading ------------------------------------------------------------------------

    @property
    def min(self) -> int:
        """The lowest possible outcome."""
        return self._offset

    @property
    def max(self) -> int:
        """The highest possible outcome."""
        return self._offset + len(self._counts) - 1

    @property
    def total(self) -> int:
        """The number of equally likely ways counted (36 for 2D6)."""
        return self._total

    def count(self, outcome: int) -> int:
        """The number of ways to reach *outcome*."""
        index = outcome - self._offset
        return self._counts[index] if 0 <= index < len(self._counts) else 0

    def items(self) -> Iterator[tuple[int, int]]:
        """Each possible outcome with its count, lowest first."""
        offset = self._offset
        return ((offset + i, c) for i, c in enumerate(self._counts) if c)

    def probabilities(self) -> Iterator[tuple[int, Fraction]]:
        """Each possible outcome with its probability, lowest first."""
        pairs = self._pairs
        if pairs is None:
            total = self._total
            pairs = self._pairs = tuple(
                (outcome, _fraction(count, total)) for outcome, count in self.items()
            )
        return iter(pairs)

    def mean(self) -> Fraction:
        """The expected value."""
        return Fraction(sum(o * c for o, c in self.items()), self._total)

    def __repr__(self) -> str:
        body = ", ".join(f"{o}: {c}" for o, c in self.items())
        return f"Distribution.from_counts({{{body}}})"

    def _reduced(self) -> tuple[int, tuple[int, ...]]:
        divisor = math.gcd(*self._counts)
        return self._offset, tuple(c // divisor for c in self._counts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._reduced() == other._reduced()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._reduced())
        return self._hash

    def __reduce__(self) -> tuple[object, ...]:
        return (Distribution.from_counts, (dict(self.items()),))

    # -- arithmetic ---------------------------------------------------------------------

    def __add__(self, other: int | Distribution) -> Distribution:
        if isinstance(other, Distribution):
            if self._pool is not None and other._pool is not None:
                pool = _merge_pools(self._pool, other._pool)
                if pool is not None:
                    shift = (
                        self._offset
                        - _pool_base(self._pool)
                        + other._offset
                        - _pool_base(other._pool)
                    )
                    return _pool_sum(_PoolSum(pool, self, other)) + shift
            return Distribution._raw(
                self._offset + other._offset,
                self._sum_counts(other),
                self._total * other._total,
            )
        if type(other) is int:
            shifted = Distribution._raw(self._offset + other, self._counts, self._total, self._dice)
            # Shifts share the running sums, computed once on the (often memoized) base; a
            # one-off distribution computes its own only if a comparison asks for them.
            shifted._tail = self._tails() if self._pool or self._dice else self._tail
            shifted._pool = self._pool
            return shifted
        return NotImplemented

    __radd__ = __add__

    def _sum_counts(self, other: Distribution) -> tuple[int, ...]:
        small, large = (self, other) if len(self._counts) <= len(other._counts) else (other, self)
        if len(small._counts) == 1:
            weight = small._counts[0]
            return large._counts if weight == 1 else tuple(c * weight for c in large._counts)
        if len(small._counts) * len(large._counts) <= _DIRECT_LIMIT:
            return _small_convolution(self._counts, other._counts)
        dice = [d for d in (small, large) if d._dice is not None]
        if dice:
            slide = min(dice, key=lambda d: d._dice[0] if d._dice else 0)
            rest = large if slide is small else small
            count, sides = slide._dice or (0, 1)
            return _add_dice(rest._counts, count, sides)
        return tuple(_convolve(self._counts, other._counts))

    def __neg__(self) -> Distribution:
        # A sum of identical dice is symmetric: its reversed counts are still those dice.
        negated = Distribution._raw(-self.max, self._counts[::-1], self._total, self._dice)
        if self._pool is not None:
            negated._pool = _negated_pool(self._pool)
        return negated

    def __sub__(self, other: int | Distribution) -> Distribution:
        if isinstance(other, Distribution):
            return self + (-other)
        if type(other) is int:
            return self + (-other)
        return NotImplemented

    def __rsub__(self, other: int) -> Distribution:
        if type(other) is int:
            return (-self) + other
        return NotImplemented

    def repeat(self, times: int) -> Distribution:
        """The sum of *times* independent copies.

        >>> Distribution.of(Dice(1, 6)).repeat(2) == Distribution.of(Dice(2, 6))
        True
        """
        if type(times) is not int or times < 0:
            raise ValueError(f"times must be a whole number, 0 or more, not {times!r}")
        if times == 0:
            return Distribution.constant(0)
        counts = self._counts
        if len(counts) == 2:
            # Two neighbouring outcomes (a hit or a miss): the binomial counts directly.
            miss, hit = counts
            return Distribution._raw(
                self._offset * times,
                tuple(math.comb(times, i) * miss ** (times - i) * hit**i for i in range(times + 1)),
                self._total**times,
            )
        result: Distribution | None = None
        base: Distribution = self
        while True:
            if times & 1:
                result = base if result is None else result + base
            times >>= 1
            if not times:
                return base if result is None else result
            base = base + base

    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of ``function(outcome)``.

        >>> Distribution.of(Dice(1, 6)).map(lambda face: max(face - 3, 0)).p_equal(0)
        Fraction(1, 2)
        """
        counts: dict[int, int] = {}
        for outcome, count in self.items():
            key = function(outcome)
            counts[key] = counts.get(key, 0) + count
        return Distribution.from_counts(counts)

    def restrict(self, predicate: Callable[[int], bool]) -> Distribution:
        """The distribution given that *predicate* holds (the others removed).

        Raises:
            ValueError: No outcome satisfies *predicate*.

        >>> Distribution.of(Dice(2, 6)).restrict(lambda t: t != 2 and t != 12).total
        34
        """
        answers = _answers(predicate, self._offset, len(self._counts))
        kept = [count if holds else 0 for count, holds in zip(self._counts, answers, strict=True)]
        offset = self._offset
        if not any(kept):
            raise ValueError(
                "no outcome satisfies the predicate: a distribution needs at least one "
                "positive count"
            )
        return Distribution._raw(*_trim(offset, kept))

    # -- probabilities ------------------------------------------------------------------

    def probability(self, predicate: Callable[[int], bool]) -> Fraction:
        """The probability that *predicate* holds for the outcome.

        The predicate must depend on the outcome only: for distributions of up to
        4,096 outcomes, its answers are remembered by the predicate object and the range of
        outcomes, so that a check asked again with the same function costs no calls.

        >>> Distribution.of(Dice(1, 6)).probability(lambda face: face % 2 == 0)
        Fraction(1, 2)
        """
        counts = self._counts
        # The loop runs in C; the predicate is called in Python, once per outcome at most.
        ways = sum(itertools.compress(counts, _answers(predicate, self._offset, len(counts))))
        return _fraction(ways, self._total)

    def _tails(self) -> tuple[int, ...]:
        tail = self._tail
        if tail is None:
            running = [0] * (len(self._counts) + 1)
            acc = 0
            for i in range(len(self._counts) - 1, -1, -1):
                acc += self._counts[i]
                running[i] = acc
            tail = self._tail = tuple(running)
        return tail

    def _ways_at_least(self, threshold: int) -> int:
        index = threshold - self._offset
        if index <= 0:
            return self._total
        tail = self._tails()
        return tail[index] if index < len(tail) else 0

    def _ways_ge(self, other: Distribution) -> tuple[int, int]:
        # Ways that self >= other, out of self.total * other.total.
        tail = self._tails()
        last = len(tail) - 1
        total = self._total
        shift = other._offset - self._offset
        ways = 0
        for j, weight in enumerate(other._counts, shift):
            if j <= 0:
                ways += weight * total
            elif j < last:
                ways += weight * tail[j]
            else:
                break
        return ways, total * other._total

    def p_at_least(self, other: int | Distribution) -> Fraction:
        """P(self ≥ *other*), for a number or an independent distribution."""
        if isinstance(other, Distribution):
            return _fraction(*self._ways_ge(other))
        return _fraction(self._ways_at_least(other), self._total)

    def p_greater(self, other: int | Distribution) -> Fraction:
        """P(self > *other*)."""
        return self.p_at_least(other + 1)

    def p_at_most(self, other: int | Distribution) -> Fraction:
        """P(self ≤ *other*)."""
        if isinstance(other, Distribution):
            return _fraction(*other._ways_ge(self))
        return _fraction(self._total - self._ways_at_least(other + 1), self._total)

    def p_less(self, other: int | Distribution) -> Fraction:
        """P(self < *other*)."""
        if isinstance(other, Distribution):
            ways, total = self._ways_ge(other)
            return _fraction(total - ways, total)
        return _fraction(self._total - self._ways_at_least(other), self._total)

    def p_equal(self, other: int | Distribution) -> Fraction:
        """P(self = *other*)."""
        if isinstance(other, Distribution):
            ways = sum(c * other.count(o) for o, c in self.items())
            return _fraction(ways, self._total * other._total)
        return _fraction(self.count(other), self._total)
