"""Hypothesis strategies for the library's values and for random legal games.

Every function here returns a :class:`~hypothesis.strategies.SearchStrategy`; options are
keyword-only and have bounds that keep examples small and fast.
The strategies build valid values directly (no filtering), so they never exhaust Hypothesis'
budget.

>>> from hypothesis import given, settings
>>> from tabletop_rules.testing import strategies as ts
>>> @settings(max_examples=20, database=None)
... @given(ts.rolls())
... def test_total_is_within_the_dice(roll):
...     assert roll.dice.minimum <= roll.total <= roll.dice.maximum
>>> test_total_is_within_the_dice()

Once the package is installed, ``st.from_type(Dice)`` (and ``@given(dice=...)`` with
``st.builds`` and type hints) use these strategies: the library registers them with
Hypothesis through its ``hypothesis`` entry point, at no cost to ``import hypothesis``.
Each rule system has its own strategies module, such as :mod:`tabletop_rules.m20.strategies`.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from tabletop_rules._hypothesis import require_hypothesis

try:
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
    from hypothesis.strategies import SearchStrategy
except ImportError as error:
    require_hypothesis(__name__, error)
    raise

from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Opposition, Outcome, Term
from tabletop_rules.dice import Dice, Roll, SeededDice
from tabletop_rules.engine import CommandT, EventT, GameRecord, Ruleset, SetupT, StateT, begin, step
from tabletop_rules.odds import Distribution
from tabletop_rules.testing._notation_strategies import (
    chat_messages,
    notation_commands,
    notation_texts,
)

__all__ = [
    "chat_messages",
    "check_results",
    "dice",
    "difficulties",
    "distributions",
    "games",
    "notation_commands",
    "notation_texts",
    "oppositions",
    "rolls",
    "seeds",
    "terms",
]

# Labels a check's terms and difficulties may carry: catalog keys and players' own names.
_SAMPLE_LABELS = ("身理", "物防", "半狼", "Sword", "outcome.critical", "outcome.success")


def _check_int(name: str, value: object, minimum: int) -> None:
    if type(value) is not int:
        raise InvalidArgument(f"{name}={value!r} must be an int")
    if value < minimum:
        raise InvalidArgument(f"{name}={value!r} must be at least {minimum}")


def _check_order(low_name: str, low: int, high_name: str, high: int) -> None:
    if low > high:
        raise InvalidArgument(f"{low_name}={low!r} must not be greater than {high_name}={high!r}")


def _labels() -> SearchStrategy[str]:
    return st.sampled_from(_SAMPLE_LABELS) | st.text(min_size=1, max_size=12)


def dice(
    *, min_count: int = 0, max_count: int = 10, min_sides: int = 1, max_sides: int = 100
) -> SearchStrategy[Dice]:
    """Pools of identical dice.

    Args:
        min_count: The fewest dice in a pool (0 or more).
        max_count: The most dice in a pool.
        min_sides: The fewest sides a die has (1 or more).
        max_sides: The most sides a die has.

    Returns:
        A strategy for :class:`~tabletop_rules.dice.Dice`.

    Raises:
        hypothesis.errors.InvalidArgument: A bound is not an int, is too small, or a minimum
            is greater than its maximum.

    .. versionadded:: 0.1.0
    """
    _check_int("min_count", min_count, 0)
    _check_int("max_count", max_count, 0)
    _check_int("min_sides", min_sides, 1)
    _check_int("max_sides", max_sides, 1)
    _check_order("min_count", min_count, "max_count", max_count)
    _check_order("min_sides", min_sides, "max_sides", max_sides)
    return st.builds(
        Dice,
        count=st.integers(min_value=min_count, max_value=max_count),
        sides=st.integers(min_value=min_sides, max_value=max_sides),
    )


def _default_dice() -> SearchStrategy[Dice]:
    return dice()


@st.composite
def _rolls_of(draw: st.DrawFn, pools: SearchStrategy[Dice]) -> Roll:
    pool = draw(pools)
    faces = draw(
        st.lists(
            st.integers(min_value=1, max_value=pool.sides),
            min_size=pool.count,
            max_size=pool.count,
        )
    )
    return Roll(pool, tuple(faces))


def rolls(*, dice: Dice | SearchStrategy[Dice] | None = None) -> SearchStrategy[Roll]:
    """Rolls whose faces fit their dice.

    Args:
        dice: The dice to roll: one pool, a strategy for pools, or ``None`` for
            :func:`dice` with its defaults.

    Returns:
        A strategy for :class:`~tabletop_rules.dice.Roll`.

    Raises:
        hypothesis.errors.InvalidArgument: *dice* is neither ``None``, a
            :class:`~tabletop_rules.dice.Dice` nor a strategy.

    .. versionadded:: 0.1.0
    """
    if dice is None:
        pools = _default_dice()
    elif isinstance(dice, Dice):
        pools = st.just(dice)
    elif isinstance(dice, SearchStrategy):  # pyright: ignore[reportUnnecessaryIsInstance]
        pools = dice
    else:
        raise InvalidArgument(f"dice={dice!r} must be None, a Dice or a strategy for Dice")
    return _rolls_of(pools)


def terms(*, min_value: int = -10, max_value: int = 10) -> SearchStrategy[Term]:
    """Modifiers of a check, labeled with a catalog key or a player's own name.

    Args:
        min_value: The lowest modifier.
        max_value: The highest modifier.

    Returns:
        A strategy for :class:`~tabletop_rules.checks.Term`.

    Raises:
        hypothesis.errors.InvalidArgument: A bound is not an int, or *min_value* is greater
            than *max_value*.

    .. versionadded:: 0.1.0
    """
    _check_int("min_value", min_value, -(2**63))
    _check_int("max_value", max_value, -(2**63))
    _check_order("min_value", min_value, "max_value", max_value)
    return st.builds(
        Term, label=_labels(), value=st.integers(min_value=min_value, max_value=max_value)
    )


def difficulties(*, min_value: int = -5, max_value: int = 40) -> SearchStrategy[Difficulty]:
    """Fixed difficulties, some with a name.

    Args:
        min_value: The lowest difficulty.
        max_value: The highest difficulty.

    Returns:
        A strategy for :class:`~tabletop_rules.checks.Difficulty`.

    Raises:
        hypothesis.errors.InvalidArgument: A bound is not an int, or *min_value* is greater
            than *max_value*.

    .. versionadded:: 0.1.0
    """
    _check_int("min_value", min_value, -(2**63))
    _check_int("max_value", max_value, -(2**63))
    _check_order("min_value", min_value, "max_value", max_value)
    return st.builds(
        Difficulty,
        value=st.integers(min_value=min_value, max_value=max_value),
        label=st.none() | _labels(),
    )


def _small_rolls() -> SearchStrategy[Roll]:
    return rolls(dice=dice(max_count=3, max_sides=20))


def oppositions(*, max_rolls: int = 2, max_terms: int = 3) -> SearchStrategy[Opposition]:
    """Opposing rolls: another side's dice and modifiers.

    Args:
        max_rolls: The most rolls (pools of up to 3 dice of up to 20 sides).
        max_terms: The most modifiers.

    Returns:
        A strategy for :class:`~tabletop_rules.checks.Opposition`.

    Raises:
        hypothesis.errors.InvalidArgument: A bound is not an int or is negative.

    .. versionadded:: 0.1.0
    """
    _check_int("max_rolls", max_rolls, 0)
    _check_int("max_terms", max_terms, 0)
    return st.builds(
        Opposition,
        rolls=st.lists(_small_rolls(), max_size=max_rolls).map(tuple),
        terms=st.lists(terms(), max_size=max_terms).map(tuple),
        label=st.none() | _labels(),
    )


@st.composite
def _check_results(draw: st.DrawFn, max_rolls: int, max_terms: int) -> CheckResult:
    rolled = tuple(draw(st.lists(_small_rolls(), max_size=max_rolls)))
    modifiers = tuple(draw(st.lists(terms(), max_size=max_terms)))
    comparison = draw(st.sampled_from(Comparison))
    against: Difficulty | Opposition = draw(difficulties() | oppositions())
    label = draw(st.none() | _labels())
    if draw(st.booleans()):
        return CheckResult.judged(
            rolls=rolled, terms=modifiers, comparison=comparison, against=against, label=label
        )
    # Systems may set an outcome that the comparison alone would not give.
    return CheckResult(
        rolls=rolled,
        terms=modifiers,
        comparison=comparison,
        against=against,
        outcome=draw(st.sampled_from(Outcome)),
        label=label,
    )


def check_results(*, max_rolls: int = 3, max_terms: int = 4) -> SearchStrategy[CheckResult]:
    """Resolved checks against a difficulty or an opposing roll.

    About half are judged by the plain comparison
    (:meth:`~tabletop_rules.checks.CheckResult.judged`); the others carry any
    :class:`~tabletop_rules.checks.Outcome`, as systems with criticals and automatic results
    produce.

    Args:
        max_rolls: The most rolls (pools of up to 3 dice of up to 20 sides).
        max_terms: The most modifiers.

    Returns:
        A strategy for :class:`~tabletop_rules.checks.CheckResult`.

    Raises:
        hypothesis.errors.InvalidArgument: A bound is not an int or is negative.

    .. versionadded:: 0.1.0
    """
    _check_int("max_rolls", max_rolls, 0)
    _check_int("max_terms", max_terms, 0)
    return _check_results(max_rolls, max_terms)


@st.composite
def _distributions(draw: st.DrawFn, max_outcomes: int) -> Distribution:
    if draw(st.booleans()):
        sides = draw(st.integers(min_value=1, max_value=max_outcomes))
        most = 8 if sides == 1 else min(8, (max_outcomes - 1) // (sides - 1))
        count = draw(st.integers(min_value=0, max_value=most))
        base = Distribution.of(Dice(count, sides))
    else:
        first = draw(st.integers(min_value=1, max_value=1000))
        rest = draw(st.lists(st.integers(min_value=0, max_value=1000), max_size=max_outcomes - 1))
        base = Distribution.from_counts(dict(enumerate([first, *rest])))
    return base + draw(st.integers(min_value=-20, max_value=20))


def distributions(*, max_outcomes: int = 30) -> SearchStrategy[Distribution]:
    """Exact distributions: sums of identical dice, or arbitrary counts, shifted.

    Args:
        max_outcomes: The widest span from the lowest to the highest outcome (1 or more).

    Returns:
        A strategy for :class:`~tabletop_rules.odds.Distribution`.

    Raises:
        hypothesis.errors.InvalidArgument: *max_outcomes* is not an int or is less than 1.

    .. versionadded:: 0.1.0
    """
    _check_int("max_outcomes", max_outcomes, 1)
    return _distributions(max_outcomes)


def seeds() -> SearchStrategy[int]:
    """Seeds for :class:`~tabletop_rules.dice.SeededDice` (every distinct seed, 0 to 2**64 - 1).

    Returns:
        A strategy for ints.

    .. versionadded:: 0.1.0
    """
    return st.integers(min_value=0, max_value=2**64 - 1)


def games(
    ruleset: Ruleset[SetupT, StateT, CommandT, EventT],
    setups: SearchStrategy[SetupT],
    *,
    max_steps: int = 50,
) -> SearchStrategy[GameRecord[SetupT, CommandT, EventT]]:
    """Random legal games of *ruleset*, as records.

    Each example draws a setup and a seed, begins the game with
    :class:`~tabletop_rules.dice.SeededDice` (:func:`~tabletop_rules.engine.begin`), then
    repeatedly draws one of ``ruleset.legal_commands(state)`` and plays it with the same
    dice, until the game is over, nothing is legal, or *max_steps* commands have been played.
    Shrinking makes games shorter and prefers the first legal command.

    Args:
        ruleset: The rules to play.
        setups: A strategy for the argument of :meth:`~tabletop_rules.engine.Ruleset.start`.
        max_steps: The most commands played (0 or more).

    Returns:
        A strategy for :class:`~tabletop_rules.engine.GameRecord` with every entry played;
        :func:`~tabletop_rules.engine.replay` rebuilds its final state.

    Raises:
        hypothesis.errors.InvalidArgument: *setups* is not a strategy, or *max_steps* is not
            an int or is negative.

    .. versionadded:: 0.1.0
    """
    if not isinstance(setups, SearchStrategy):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise InvalidArgument(f"setups={setups!r} must be a strategy")
    _check_int("max_steps", max_steps, 0)

    @st.composite
    def play(draw: st.DrawFn) -> GameRecord[SetupT, CommandT, EventT]:
        setup = draw(setups)
        source = SeededDice(draw(seeds()))
        state, record = begin(ruleset, setup, source)
        for _ in range(max_steps):
            if ruleset.is_over(state):
                break
            commands = ruleset.legal_commands(state)
            if not commands:
                break
            command = draw(st.sampled_from(commands))
            state, entry = step(ruleset, state, command, source)
            record = record.append(entry)
        return record

    return play()
