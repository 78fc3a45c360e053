"""Exact distributions (DESIGN.md "Core contracts: Odds"), against icepool and brute force."""

from __future__ import annotations

import itertools
import json
import math
import pickle
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import Dice, Distribution
from tabletop_rules.testing import strategies as ts

# An expression is a sum of parts: an int, or a signed pool of dice.
Part = int | tuple[int, Dice]
Expression = Sequence[Part]

D6 = Distribution.of(Dice(1, 6))


def _parts(max_count: int, max_sides: int) -> st.SearchStrategy[Part]:
    signed_dice = st.tuples(
        st.sampled_from((1, -1)), ts.dice(max_count=max_count, max_sides=max_sides)
    )
    return st.one_of(st.integers(min_value=-10, max_value=10), signed_dice)


def expressions(*, max_count: int = 4, max_sides: int = 12) -> st.SearchStrategy[Expression]:
    """Sums of at most 4 parts (dice terms or constants)."""
    return st.lists(_parts(max_count, max_sides), min_size=1, max_size=4)


def tiny_expressions() -> st.SearchStrategy[Expression]:
    """Sums small enough to enumerate: at most 4 parts of at most one d6 each."""
    return expressions(max_count=1, max_sides=6)


def to_distribution(expression: Expression) -> Distribution:
    result = Distribution.constant(0)
    for part in expression:
        if isinstance(part, int):
            result = result + part
        else:
            sign, pool = part
            result = result + Distribution.of(pool) if sign > 0 else result - Distribution.of(pool)
    return result


def to_icepool(expression: Expression) -> Any:
    result: Any = icepool.Die([0])
    for part in expression:
        if isinstance(part, int):
            result = result + part
        else:
            sign, pool = part
            result = result + sign * (pool.count @ icepool.d(pool.sides))
    return result


def icepool_probabilities(die: Any) -> dict[int, Fraction]:
    denominator = die.denominator()
    return {outcome: Fraction(q, denominator) for outcome, q in die.items() if q}


def enumerate_counts(expression: Expression) -> Counter[int]:
    """Every face combination, counted by brute force."""
    constant = sum(part for part in expression if isinstance(part, int))
    ranges: list[range] = []
    signs: list[int] = []
    for part in expression:
        if not isinstance(part, int):
            sign, pool = part
            ranges.extend([range(1, pool.sides + 1)] * pool.count)
            signs.extend([sign] * pool.count)
    return Counter(
        constant + sum(s * f for s, f in zip(signs, faces, strict=True))
        for faces in itertools.product(*ranges)
    )


# -- agreement with icepool --------------------------------------------------------------


@given(expressions())
def test_sums_agree_with_icepool(expression: Expression) -> None:
    """Every outcome's probability equals icepool's, exactly."""
    expected = icepool_probabilities(to_icepool(expression))
    assert expected == dict(to_distribution(expression).probabilities())


COMPARISONS: dict[str, Callable[[Distribution, Any], Fraction]] = {
    ">=": Distribution.p_at_least,
    ">": Distribution.p_greater,
    "<=": Distribution.p_at_most,
    "<": Distribution.p_less,
    "==": Distribution.p_equal,
}


@given(expressions(max_count=3), expressions(max_count=3), st.sampled_from(sorted(COMPARISONS)))
def test_comparisons_of_two_sums_agree_with_icepool(
    left: Expression, right: Expression, operator: str
) -> None:
    """P(A op B) for independent sums equals icepool's, exactly, for every operator."""
    a, b = to_icepool(left), to_icepool(right)
    outcomes = {">=": a >= b, ">": a > b, "<=": a <= b, "<": a < b, "==": a == b}
    expected = Fraction(outcomes[operator].probability(True))
    actual = COMPARISONS[operator](to_distribution(left), to_distribution(right))
    assert expected == actual


@given(
    expressions(), st.integers(min_value=-60, max_value=60), st.sampled_from(sorted(COMPARISONS))
)
def test_comparisons_with_a_number_agree_with_icepool(
    expression: Expression, target: int, operator: str
) -> None:
    """P(A op k) equals icepool's ``probability(op, k)``, exactly."""
    expected = Fraction(to_icepool(expression).probability(operator, target))
    assert expected == COMPARISONS[operator](to_distribution(expression), target)


# -- agreement with brute force ----------------------------------------------------------


@given(tiny_expressions())
def test_counts_agree_with_enumeration(expression: Expression) -> None:
    """The counts (not just the ratios) equal an enumeration of every face combination."""
    assert dict(enumerate_counts(expression)) == dict(to_distribution(expression).items())


@given(ts.dice(max_count=4, max_sides=6))
def test_pools_agree_with_enumeration(pool: Dice) -> None:
    """Each pool of up to 4 dice has the counts of an enumeration of its faces."""
    expected = Counter(map(sum, itertools.product(range(1, pool.sides + 1), repeat=pool.count)))
    assert dict(expected) == dict(Distribution.of(pool).items())


@given(tiny_expressions(), tiny_expressions())
def test_at_least_agrees_with_enumeration(left: Expression, right: Expression) -> None:
    """P(A ≥ B) equals the share of enumerated face pairs where A ≥ B."""
    a, b = enumerate_counts(left), enumerate_counts(right)
    ways = sum(ca * cb for (x, ca), (y, cb) in itertools.product(a.items(), b.items()) if x >= y)
    expected = Fraction(ways, a.total() * b.total())
    assert expected == to_distribution(left).p_at_least(to_distribution(right))


# -- tie semantics ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        (Distribution.p_at_least, Fraction(4, 6)),
        (Distribution.p_greater, Fraction(3, 6)),
        (Distribution.p_at_most, Fraction(3, 6)),
        (Distribution.p_less, Fraction(2, 6)),
        (Distribution.p_equal, Fraction(1, 6)),
    ],
)
def test_tie_semantics_against_a_number(
    method: Callable[[Distribution, Any], Fraction], expected: Fraction
) -> None:
    """For 1D6 against 3: ≥ counts the tie, > does not, and so on."""
    assert expected == method(D6, 3)


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        (Distribution.p_at_least, Fraction(21, 36)),
        (Distribution.p_greater, Fraction(15, 36)),
        (Distribution.p_at_most, Fraction(21, 36)),
        (Distribution.p_less, Fraction(15, 36)),
        (Distribution.p_equal, Fraction(6, 36)),
    ],
)
def test_tie_semantics_against_a_distribution(
    method: Callable[[Distribution, Any], Fraction], expected: Fraction
) -> None:
    """For 1D6 against an independent 1D6, ties (6 of 36) count only for ≥, ≤ and =."""
    assert expected == method(D6, D6)


@given(ts.distributions(), st.one_of(ts.distributions(), st.integers(-40, 40)))
def test_comparison_laws(a: Distribution, b: Distribution | int) -> None:
    """≥ and < are complements, > and ≤ are complements, and ≥ minus > is =."""
    assert (1, 1, a.p_equal(b)) == (
        a.p_at_least(b) + a.p_less(b),
        a.p_greater(b) + a.p_at_most(b),
        a.p_at_least(b) - a.p_greater(b),
    )


@pytest.mark.parametrize(("target", "expected"), [(-100, 1), (1, 1), (7, 0), (100, 0)])
def test_at_least_beyond_the_range(target: int, expected: int) -> None:
    """Thresholds below the minimum give 1, above the maximum give 0."""
    assert Fraction(expected) == D6.p_at_least(target)


def test_probability_of_a_predicate() -> None:
    """``probability`` counts the outcomes for which the predicate holds."""
    assert Fraction(1, 2) == D6.probability(lambda face: face % 2 == 0)


def test_the_module_example() -> None:
    """1D20+5 against 1D20+3 is at least with probability 247/400."""
    attack = Distribution.of(Dice(1, 20)) + 5
    defense = Distribution.of(Dice(1, 20)) + 3
    assert Fraction(247, 400) == attack.p_at_least(defense)


# -- construction and reading -----------------------------------------------------------


def test_of_counts_the_ways() -> None:
    """2D6 has 6 ways to make 7 out of 36, from 2 to 12."""
    two_d6 = Distribution.of(Dice(2, 6))
    assert (6, 36, 2, 12) == (two_d6.count(7), two_d6.total, two_d6.min, two_d6.max)


def test_of_an_empty_pool_is_zero() -> None:
    """0D6 is always 0."""
    assert Distribution.constant(0) == Distribution.of(Dice(0, 6))


def test_constant_is_certain() -> None:
    """A constant has one outcome with probability 1."""
    assert [(4, Fraction(1))] == list(Distribution.constant(4).probabilities())


def test_direct_construction_is_refused() -> None:
    """``Distribution()`` raises TypeError pointing at the constructors."""
    with pytest.raises(TypeError, match=r"Distribution\.of"):
        Distribution()


def test_count_outside_the_range_is_zero() -> None:
    """Outcomes that cannot happen have 0 ways."""
    assert (0, 0) == (D6.count(0), D6.count(7))


@pytest.mark.parametrize(
    "counts", [{1: -1}, {1: 1, 2: -1}, {1: 1.5}, {1: True}, {1: 0}, {}, {1: 0, 2: 0}]
)
def test_from_counts_rejects_bad_counts(counts: dict[int, Any]) -> None:
    """Negative, non-int or bool counts, and all-zero or empty mappings raise ValueError."""
    with pytest.raises(ValueError, match="count"):
        Distribution.from_counts(counts)


def test_from_counts_trims_zero_ends() -> None:
    """Zero counts at either end are not outcomes."""
    d = Distribution.from_counts({0: 0, 1: 2, 2: 0, 3: 1, 4: 0})
    assert (1, 3, [(1, 2), (3, 1)]) == (d.min, d.max, list(d.items()))


def test_repr_rebuilds_the_distribution() -> None:
    """``repr`` is a from_counts call that evaluates to an equal distribution."""
    d = Distribution.of(Dice(2, 4)) - 1
    assert d == eval(repr(d), {"Distribution": Distribution})


# -- arithmetic ----------------------------------------------------------------------------


def test_adding_an_int_shifts() -> None:
    """1D6 + 2 runs from 3 to 8 with the same counts; int + distribution works too."""
    assert (3, 8, D6 + 2) == ((D6 + 2).min, (D6 + 2).max, 2 + D6)


def test_subtracting_from_an_int() -> None:
    """7 - 1D6 runs from 1 to 6, uniformly."""
    assert D6 == 7 - D6


def test_negation_mirrors() -> None:
    """-(1D6) runs from -6 to -1 with probability 1/6 each."""
    assert ((-6, -1), Fraction(1, 6)) == (((-D6).min, (-D6).max), (-D6).p_equal(-6))


@given(ts.distributions())
def test_double_negation_is_identity(d: Distribution) -> None:
    """-(-d) == d."""
    negated = -d
    assert d == -negated


@given(ts.distributions(max_outcomes=12), ts.distributions(max_outcomes=12))
def test_difference_is_sum_of_negation(a: Distribution, b: Distribution) -> None:
    """a - b == a + (-b), and its mean is the difference of the means."""
    assert (a + (-b), a.mean() - b.mean()) == (a - b, (a - b).mean())


@pytest.mark.parametrize("other", [1.5, "1", True, None])
def test_arithmetic_with_other_types_is_refused(other: object) -> None:
    """Adding a float, a string, a bool or None raises TypeError."""
    with pytest.raises(TypeError):
        D6 + other  # type: ignore[operator]


def test_repeat_of_a_die_is_the_pool() -> None:
    """1D6 repeated 3 times is 3D6."""
    assert Distribution.of(Dice(3, 6)) == D6.repeat(3)


def test_repeat_zero_times_is_zero() -> None:
    """Repeating 0 times gives the constant 0."""
    assert Distribution.constant(0) == D6.repeat(0)


@pytest.mark.parametrize("times", [-1, 1.0, True])
def test_repeat_rejects_bad_times(times: object) -> None:
    """A negative or non-int number of times raises ValueError."""
    with pytest.raises(ValueError, match="times"):
        D6.repeat(times)  # type: ignore[arg-type]


@given(ts.distributions(max_outcomes=8), st.integers(min_value=0, max_value=5))
def test_repeat_equals_repeated_addition(d: Distribution, times: int) -> None:
    """d.repeat(n) equals d + d + ... + d (n times)."""
    expected = Distribution.constant(0)
    for _ in range(times):
        expected = expected + d
    assert expected == d.repeat(times)


def test_bernoulli_counts_successes() -> None:
    """Three checks at 1/2: at least two succeed with probability 1/2."""
    assert Fraction(1, 2) == Distribution.bernoulli(Fraction(1, 2)).repeat(3).p_at_least(2)


def test_bernoulli_at_least_k_of_n_is_binomial() -> None:
    """At least 3 hits in 5 at 247/400 equals the binomial sum."""
    p = Fraction(247, 400)
    expected = sum(math.comb(5, k) * p**k * (1 - p) ** (5 - k) for k in range(3, 6))
    assert expected == Distribution.bernoulli(p).repeat(5).p_at_least(3)


@pytest.mark.parametrize(("p", "expected"), [(Fraction(0), 0), (Fraction(1), 1)])
def test_bernoulli_of_a_certainty_is_constant(p: Fraction, expected: int) -> None:
    """p = 0 is always 0 and p = 1 is always 1."""
    assert Distribution.constant(expected) == Distribution.bernoulli(p)


@pytest.mark.parametrize("p", [Fraction(-1, 3), Fraction(4, 3)])
def test_bernoulli_rejects_a_probability_outside_0_1(p: Fraction) -> None:
    """A probability below 0 or above 1 raises ValueError."""
    with pytest.raises(ValueError, match="probability"):
        Distribution.bernoulli(p)


def test_bernoulli_mean_is_p() -> None:
    """The mean of a Bernoulli distribution is p."""
    assert Fraction(2, 7) == Distribution.bernoulli(Fraction(2, 7)).mean()


def test_map_transforms_outcomes() -> None:
    """Mapping 1D6 through max(face - 3, 0) gives 0 half the time."""
    assert Distribution.from_counts({0: 3, 1: 1, 2: 1, 3: 1}) == D6.map(
        lambda face: max(face - 3, 0)
    )


@given(ts.distributions())
def test_map_identity_is_identity(d: Distribution) -> None:
    """Mapping through the identity changes nothing."""
    assert d == d.map(lambda outcome: outcome)


def test_restrict_conditions() -> None:
    """2D6 given neither 2 nor 12 has 34 ways, and 7 has probability 6/34."""
    restricted = Distribution.of(Dice(2, 6)).restrict(lambda t: t not in (2, 12))
    assert (34, Fraction(6, 34)) == (restricted.total, restricted.p_equal(7))


def test_restrict_to_nothing_is_refused() -> None:
    """A predicate that no outcome satisfies raises ValueError."""
    with pytest.raises(ValueError, match="positive count"):
        D6.restrict(lambda _: False)


def test_mean_of_2d6_is_7() -> None:
    """The expected value of 2D6 is 7."""
    assert Fraction(7) == Distribution.of(Dice(2, 6)).mean()


@given(ts.distributions(max_outcomes=12), ts.distributions(max_outcomes=12))
def test_mean_is_additive(a: Distribution, b: Distribution) -> None:
    """mean(a + b) == mean(a) + mean(b)."""
    assert a.mean() + b.mean() == (a + b).mean()


# -- equality and hashing ------------------------------------------------------------------


def test_same_probabilities_are_equal() -> None:
    """Counts 2:2 and 1:1 give the same probabilities, so the distributions are equal."""
    assert Distribution.from_counts({1: 1, 2: 1}) == Distribution.from_counts({1: 2, 2: 2})


def test_equal_distributions_hash_equal() -> None:
    """Equal distributions with different counts hash the same."""
    assert hash(Distribution.from_counts({1: 1, 2: 1})) == hash(
        Distribution.from_counts({1: 2, 2: 2})
    )


def test_shifted_distributions_are_not_equal() -> None:
    """1D6 and 1D6 + 1 differ."""
    assert D6 != D6 + 1


def test_a_distribution_is_not_equal_to_a_number() -> None:
    """A constant distribution does not equal the int it always is."""
    assert Distribution.constant(3) != 3


@given(ts.distributions())
def test_pickle_round_trip(d: Distribution) -> None:
    """A distribution survives pickling (for process pools)."""
    assert d == pickle.loads(pickle.dumps(d))


# -- large pools -----------------------------------------------------------------------------


def _pool_counts(count: int, sides: int, total: int) -> int:
    """Ways for count d sides to total exactly *total*, by inclusion-exclusion."""
    n = total - count
    return sum(
        (-1) ** k * math.comb(count, k) * math.comb(n - sides * k + count - 1, count - 1)
        for k in range(count + 1)
        if n - sides * k >= 0
    )


def test_a_large_pool_matches_repeat_and_the_closed_form() -> None:
    """60D30 equals 1D30 repeated 60 times, and its counts match inclusion-exclusion."""
    pool = Distribution.of(Dice(60, 30))
    outcomes = (60, 61, 500, 930, 1799, 1800)
    assert (
        Distribution.of(Dice(1, 30)).repeat(60),
        [_pool_counts(60, 30, t) for t in outcomes],
    ) == (pool, [pool.count(t) for t in outcomes])


def test_a_large_sum_of_pools_is_symmetric_and_complete() -> None:
    """60D30 + 37D17: total ways 30**60 * 17**37, mean at the centre, P(≥ mean) = (1 + P(=))/2."""
    d = Distribution.of(Dice(60, 30)) + Distribution.of(Dice(37, 17))
    mean = 60 * 31 // 2 + 37 * 18 // 2
    assert (30**60 * 17**37, Fraction(mean), (1 + d.p_equal(mean)) / 2) == (
        d.total,
        d.mean(),
        d.p_at_least(mean),
    )


_HUGE_POOL_SCRIPT = """
import json, math
from tabletop_rules import Dice, Distribution
d = Distribution.of(Dice(100, 1000)) + Distribution.of(Dice(37, 17))
print(json.dumps([d.total == 1000**100 * 17**37, str(d.mean()), d.min, d.max]))
"""


@pytest.mark.needs("a subprocess")
def test_the_largest_pool_the_notation_allows_is_fast() -> None:
    """100D1000 + 37D17, past what the notation's default limits allow since 0.2.0 but still
    reachable in code, takes seconds, not minutes: here at most 15 s in a fresh process."""
    try:
        out = subprocess.run(
            [sys.executable, "-c", _HUGE_POOL_SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            timeout=15,
        ).stdout
    except subprocess.TimeoutExpired:
        pytest.fail("Distribution.of(Dice(100, 1000)) + Distribution.of(Dice(37, 17)) took > 15 s")
    assert [True, "50383", 137, 100 * 1000 + 37 * 17] == json.loads(out)


def test_wide_distributions_can_be_restricted_mapped_and_pickled() -> None:
    """Distributions wider than the JSON limit still work in code (the limit is for untrusted
    data only)."""
    wide = Distribution.of(Dice(1, 2_000_000))

    assert wide == wide.restrict(lambda _: True)
    assert wide == pickle.loads(pickle.dumps(wide))
    assert 2 == len(list(Distribution.bernoulli(Fraction(1, 2)).map(lambda v: v * 10**7).items()))


def test_adding_a_number_as_a_distribution_is_a_shift() -> None:
    """``constant(k) + d`` is ``d + k``, with the same counts."""
    pool = Distribution.of(Dice(3, 6))

    assert (pool + 4).total == (Distribution.constant(4) + pool).total
    assert pool + 4 == Distribution.constant(4) + pool


# -- keep, explode, reroll, scale, memoized pools (issue 9, points 1 and 7) --------------------


@pytest.mark.parametrize(("count", "sides", "keep"), [(4, 6, 3), (2, 20, 1), (5, 4, 2), (3, 10, 3)])
def test_keep_highest_equals_icepool(count: int, sides: int, keep: int) -> None:
    """Distribution.keep gives every total icepool's keep-highest probability."""
    die = icepool.d(sides).highest(count, keep)
    expected = {o: Fraction(die.probability(o)) for o in die.outcomes()}
    assert expected == dict(Distribution.keep(Dice(count, sides), keep).probabilities())


@pytest.mark.parametrize(("count", "sides", "keep"), [(4, 6, 1), (2, 20, 1), (5, 4, 3)])
def test_keep_lowest_equals_icepool(count: int, sides: int, keep: int) -> None:
    """Distribution.keep(highest=False) equals icepool's keep-lowest."""
    die = icepool.d(sides).lowest(count, keep)
    expected = {o: Fraction(die.probability(o)) for o in die.outcomes()}
    found = Distribution.keep(Dice(count, sides), keep, highest=False)
    assert expected == dict(found.probabilities())


def test_keep_refuses_impossible_counts() -> None:
    """Keeping 0 dice or more dice than the pool has is refused."""
    with pytest.raises(ValueError, match="keep from 1 to 4"):
        Distribution.keep(Dice(4, 6), 5)


@pytest.mark.parametrize(("count", "sides", "depth"), [(1, 6, 1), (2, 4, 2), (3, 2, 3)])
def test_exploding_equals_icepool_to_the_same_depth(count: int, sides: int, depth: int) -> None:
    """An exploding pool equals icepool's explode with the same depth."""
    die = count @ icepool.d(sides).explode(depth=depth)
    expected = {o: Fraction(die.probability(o)) for o in die.outcomes()}
    assert expected == dict(Distribution.exploding(Dice(count, sides), depth).probabilities())


@pytest.mark.parametrize(("count", "sides", "face", "times"), [(1, 20, 1, 1), (2, 6, 1, 3)])
def test_rerolling_equals_icepool(count: int, sides: int, face: int, times: int) -> None:
    """A rerolled pool equals icepool's reroll with the same depth."""
    die = count @ icepool.d(sides).reroll([face], depth=times)
    expected = {o: Fraction(die.probability(o)) for o in die.outcomes()}
    found = Distribution.rerolling(Dice(count, sides), face, times)
    assert expected == dict(found.probabilities())


def test_scale_multiplies_every_outcome() -> None:
    """scale(3) puts each outcome's ways on three times the outcome."""
    scaled = Distribution.of(Dice(2, 4)).scale(3)
    assert {o * 3: c for o, c in Distribution.of(Dice(2, 4)).items()} == dict(scaled.items())


def test_sums_of_pools_are_memoized_and_exact() -> None:
    """2D6 + 5 - 3D6 asked twice gives the same cached counts, equal to the plain sum."""
    first = Distribution.of(Dice(2, 6)) + 5 - Distribution.of(Dice(3, 6))
    again = Distribution.of(Dice(2, 6)) + 5 - Distribution.of(Dice(3, 6))
    plain = Distribution.from_counts(dict((Distribution.of(Dice(2, 6)) + 5).items()))
    plain = plain - Distribution.from_counts(dict(Distribution.of(Dice(3, 6)).items()))
    assert first == again == plain
    assert first._counts is again._counts  # pyright: ignore[reportPrivateUsage]


@given(
    st.lists(st.tuples(st.integers(1, 3), st.integers(1, 6), st.booleans()), min_size=1, max_size=4)
)
def test_memoized_pool_sums_equal_plain_convolution(pools: list[tuple[int, int, bool]]) -> None:
    """Any sum and difference of pools equals the convolution of their plain counts."""
    memo = Distribution.constant(0)
    plain = Distribution.constant(0)
    for count, sides, add in pools:
        pool = Distribution.of(Dice(count, sides))
        copy = Distribution.from_counts(dict(pool.items()))
        memo = memo + pool if add else memo - pool
        plain = plain + copy if add else plain - copy
    assert plain == memo
