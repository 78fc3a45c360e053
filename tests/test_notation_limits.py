"""Limits of the notation for JSON and for exact odds (issue 14, points 2 and 5)."""

from __future__ import annotations

import time

import pytest

from tabletop_rules.dice import Dice
from tabletop_rules.errors import InvalidData, NotationLimitExceeded
from tabletop_rules.notation import (
    Check,
    CountRoll,
    Expression,
    Limits,
    Part,
    Repeat,
    parse,
)
from tabletop_rules.odds import Distribution
from tabletop_rules.serialization import from_json

HUGE_SUM = '{"parts":[{"dice":{"count":10000000,"sides":6}}]}'
HUGE_REPEAT = (
    '{"times":1000000000000,"command":{"type":"Expression","parts":[{"dice":'
    '{"count":1,"sides":6}}]}}'
)


@pytest.mark.needs("native speed")
def test_json_sum_over_the_limits_is_refused_before_any_work() -> None:
    """An Expression of 10,000,000 dice from JSON is InvalidData, refused at once."""
    start = time.perf_counter()
    with pytest.raises(InvalidData) as caught:
        from_json(HUGE_SUM, Expression)
    assert time.perf_counter() - start < 0.5
    assert "Too many dice" in caught.value.detail


@pytest.mark.needs("native speed")
def test_json_repeat_over_the_limits_is_refused_before_any_work() -> None:
    """A Repeat of 10**12 from JSON is InvalidData, refused at once."""
    start = time.perf_counter()
    with pytest.raises(InvalidData) as caught:
        from_json(HUGE_REPEAT.replace('"type":"Expression",', ""), Repeat)
    assert time.perf_counter() - start < 0.5
    assert "Too many repeats" in caught.value.detail


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        (
            '{"left":{"parts":[{"dice":{"count":1,"sides":100000}}]},"comparison":">=",'
            '"right":{"parts":[{"number":3}]}}',
            Check,
        ),
        ('{"dice":{"count":5000,"sides":6}}', CountRoll),
        ('{"parts":[{"dice":{"count":100,"sides":1000}}]}', Expression),
        ('{"dice":{"count":3,"sides":6},"factor":1000000000}', Part),
    ],
)
def test_every_rollable_value_from_json_meets_the_limits(text: str, cls: type[object]) -> None:
    """Checks, counting rolls, sums and terms from JSON meet the same limits as text."""
    with pytest.raises(InvalidData):
        from_json(text, cls)


def test_applied_limits_allow_more_from_json() -> None:
    """Inside ``Limits(...).applied()``, JSON is held to those limits instead."""
    text = '{"parts":[{"dice":{"count":500,"sides":6}}]}'
    with Limits(max_dice=500, max_work=10**6).applied():
        expression = from_json(text, Expression)
    assert 500 == expression.dice_count


def test_values_built_in_code_meet_the_active_limits() -> None:
    """Building a value over the default limits raises the notation's limit error."""
    with pytest.raises(NotationLimitExceeded) as caught:
        Repeat(10**12, Expression((Part(number=1), Part(dice=Dice(1, 66)))))
    assert "repeats" == caught.value.limit


def test_100d1000_is_refused_for_its_odds() -> None:
    """100D1000 would take about a second of exact odds: refused before any work."""
    with pytest.raises(NotationLimitExceeded) as caught:
        parse("100d1000")
    assert "work" == caught.value.limit


#: Commands at the edge of the default limits, each costly in its own way.
WORST = [
    "100D120",
    "50D80+50D80",
    "100D7KH50",
    "100D1000KH1",
    "16D65!",
    "16D1000RR1",
    "50D160R1",
    "(1D1000)*600",
    "50D231>=50D231",
    "10D100KH5+10D100KL5",
    "+".join(["5D110"] * 20),
]


def _clear_memos() -> None:
    from tabletop_rules import odds

    for memo in (
        odds.Distribution._dice_sum,  # pyright: ignore[reportPrivateUsage]
        odds._pool_sum,  # pyright: ignore[reportPrivateUsage]
        odds._keep_highest,  # pyright: ignore[reportPrivateUsage]
        odds._exploding,  # pyright: ignore[reportPrivateUsage]
        odds._rerolling,  # pyright: ignore[reportPrivateUsage]
        odds._fraction,  # pyright: ignore[reportPrivateUsage]
    ):
        memo.cache_clear()


@pytest.mark.needs("native speed")
@pytest.mark.parametrize("text", WORST)
def test_worst_commands_within_the_defaults_compute_their_odds(text: str) -> None:
    """Each costly command the defaults allow computes its exact odds, memos cold.

    How long it takes is for benchmarks/chat_dice.py (no test times anything); that the work
    stays within the estimate the limit checks is tests/test_notation_costs.py's.
    """
    command = parse(text)
    assert command is not None
    _clear_memos()
    if isinstance(command, Check):
        assert 0 <= command.probability() <= 1
    else:
        assert isinstance(command, Expression)
        distribution: Distribution = command.distribution()
        assert distribution.min <= distribution.mean() <= distribution.max


@pytest.mark.parametrize("text", WORST)
def test_worst_commands_are_near_the_work_limit(text: str) -> None:
    """The listed commands are allowed, and refused with half the work allowed."""
    assert parse(text) is not None
    with pytest.raises(NotationLimitExceeded) as caught:
        parse(text, limits=Limits(max_work=Limits().max_work // 2))
    assert "work" == caught.value.limit


def test_long_surrounding_whitespace_does_not_hide_a_command() -> None:
    """Whitespace around a command does not count, however long it is."""
    assert "2D6" == str(parse(" " * 1000 + "2d6" + "\u3000" * 1000))


def test_long_chat_is_told_from_its_start() -> None:
    """A very long message that does not start like a command is chat, read from its start."""
    assert parse("hello " * 10_000 + "2d6") is None
