"""Bots and simulations of skirmish games."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from tabletop_rules import SeededDice
from tabletop_rules.engine import begin, replay
from tabletop_rules.simulation import play
from tabletop_rules.skirmish import (
    RULESET,
    Attack,
    Versus,
    greedy_bot,
    odds,
    random_bot,
    sample_setup,
    simulate,
)

T = TypeVar("T")


class InlineExecutor(Executor):
    """Runs every task at once in the calling thread."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_bots_only_play_legal_commands() -> None:
    """SK-09, SK-32: both bots choose among the legal commands, and their games replay."""
    for bot in (greedy_bot, random_bot, Versus({"a": greedy_bot, "b": random_bot})):
        record = play(RULESET, sample_setup(), seed=5, bot=bot)
        state = replay(record, RULESET)
        assert state.result is not None


def test_odds_before_paying() -> None:
    """SK-06, SK-23, SK-24: the odds of a normal attack are known before it is declared."""
    from tabletop_rules import ScriptedDice

    state = begin(RULESET, sample_setup(), ScriptedDice([4, 4, 1, 2]))[0]
    # Ember Knight (skl 2, row 1) against Beast Caller (def 1, row 2): 2D6+2−1 vs 2D6+1.
    chance = odds(state, Attack("a", "a1", "b1"))
    from tabletop_rules.checks import Term
    from tabletop_rules.skirmish import Check

    assert chance == Check(actor=(Term("x", 1),), defender=(Term("y", 1),)).probability()


def test_greedy_beats_random() -> None:
    """SK-35: the greedy bot wins more than half of 1,000 games against the random bot.

    The whole 95% Wilson interval of its win rate lies above one half; the games run on the
    default process pool, over every core.
    """
    rates = simulate("vanguard", "wilds", 1000, {"a": greedy_bot, "b": random_bot}, seed=1)
    assert (1000, True) == (rates["a"].total, rates["a"].low > 0.5)


@pytest.mark.needs("threads")
def test_same_seed_same_rates_on_any_executor() -> None:
    """The rates depend on the seed only, not on the executor."""
    inline = simulate("vanguard", "wilds", 40, seed=9, executor=InlineExecutor())
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate("vanguard", "wilds", 40, seed=9, executor=pool)
    assert inline == threaded
    assert sum(e.count for e in inline.values()) == 40


@pytest.mark.needs("processes")
def test_a_process_pool_gives_the_same_rates() -> None:
    """The rates of a process pool (the default kind) equal those played in this process."""
    from concurrent.futures import ProcessPoolExecutor

    inline = simulate("arcane", "bastion", 8, seed=4, executor=InlineExecutor())
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate("arcane", "bastion", 8, seed=4, executor=pool)
    assert inline == pooled


def test_simulate_takes_placed_teams() -> None:
    """SK-03, SK-05: a deck may be a team placed by the caller; a misplaced one is refused."""
    from tabletop_rules import InvalidData
    from tabletop_rules.skirmish import sample_team

    rates = simulate(sample_team("arcane", "a"), "wilds", 4, executor=InlineExecutor())
    assert sum(e.count for e in rates.values()) == 4
    with pytest.raises(InvalidData):
        simulate(sample_team("arcane", "a"), sample_team("wilds", "a"), 1)


def test_versus_is_picklable() -> None:
    """A Versus bot crosses process boundaries (module-level bots)."""
    import pickle

    bot = Versus({"a": greedy_bot, "b": random_bot})
    assert pickle.loads(pickle.dumps(bot)) == bot
    state = begin(RULESET, sample_setup(), SeededDice(0))[0]
    assert bot(RULESET, state, random.Random(0)) is not None


def test_simulate_reports_progress_by_batch() -> None:
    """The progress callback hears of every game once, batch by batch."""
    done: list[int] = []
    simulate("vanguard", "wilds", 120, seed=1, executor=InlineExecutor(), progress=done.append)
    assert [20, 50, 50] == sorted(done)


def test_simulate_lists_a_player_who_never_won() -> None:
    """Both players and the draws have a rate, even with no game won."""
    rates = simulate("vanguard", "wilds", 0, executor=InlineExecutor())
    assert ["a", "b", ""] == list(rates)
    assert all(e.count == 0 and e.total == 0 for e in rates.values())


@pytest.mark.parametrize(
    ("args", "path"),
    [
        (("nowhere", "wilds", 1), "$.deck_a"),
        (("vanguard", "nowhere", 1), "$.deck_b"),
        (("vanguard", "wilds", -1), "$.games"),
        (("vanguard", "wilds", 1.5), "$.games"),
        (("vanguard", "wilds", 1, {"a": greedy_bot}), "$.bots"),
        (("vanguard", "wilds", 1, {"a": greedy_bot, "b": "random"}), "$.bots.b"),
        (("vanguard", "wilds", 1, None, "7"), "$.seed"),
    ],
)
def test_simulate_refuses_bad_input_before_playing(args: tuple[Any, ...], path: str) -> None:
    """An unknown deck, a bad count or seed, or a missing bot is InvalidData naming it."""
    from tabletop_rules import InvalidData

    played: list[int] = []
    with pytest.raises(InvalidData) as raised:
        simulate(*args, executor=InlineExecutor(), progress=played.append)
    assert (path, []) == (raised.value.path, played)
