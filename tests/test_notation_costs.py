"""What the notation costs grows with what it is asked, never faster (issue 26).

Nothing here times anything: the tests count.
- Rendering (and reading, and rolling) is linear in the command's size: the function calls it
  makes are counted for a command and for one twice its size (finding: a command nested in
  parentheses rendered in time exponential in the depth).
- The work limit bounds the work of the exact odds: for every command family of the grammar
  strategies, the lines of Python the odds run are counted and must stay within a constant
  times the estimate :class:`~tabletop_rules.notation.Limits` holds to ``max_work`` (finding:
  ``100B1000`` was estimated as small, though its odds are those of ``100D1000``).
- No regular expression that reads a player's text can backtrack past linear time: the steps
  of a backtracking matcher on each pattern are counted on inputs built to attack it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import tabletop_rules.notation
from tabletop_rules import odds
from tabletop_rules.dice import SeededDice
from tabletop_rules.errors import NotationLimitExceeded
from tabletop_rules.notation import Choice, Command, Limits, Repeat, commands, parse
from tabletop_rules.testing import strategies as ts

from ._regex_steps import StepCounter, literal_runs

_ROOMY = Limits(max_length=10_000, max_terms=10_000, max_dice=100_000, max_work=10**12)

# -- calls made: linear in the size --------------------------------------------------------


class TooManyCalls(Exception):
    """More calls than any linear cost would make: an exponential or quadratic one."""


def calls(function: Callable[[], object], budget: int = 1_000_000) -> int:
    """How many Python functions *function* calls, all the way down (at most *budget*)."""
    count = 0

    def profile(_: FrameType, event: str, __: object) -> None:
        nonlocal count
        if event == "call":
            count += 1
            if count > budget:
                raise TooManyCalls(count)

    sys.setprofile(profile)
    try:
        function()
    finally:
        sys.setprofile(None)
    return count


#: Commands of a family, of a given size: each grows by one piece per step of the size.
SIZED: dict[str, Callable[[int], str]] = {
    "nested parentheses": lambda n: "(" * n + "1d6" + ")" * n,
    "nested groups with terms": lambda n: "(1d6+" * n + "1" + ")" * n,
    "a long sum": lambda n: "+".join(["1d6"] * n),
    "a long product": lambda n: "1d6" + "*2/3U" * n,
    "a nested check": lambda n: "(" * n + "2d6" + ")" * n + ">=" + "(" * n + "7" + ")" * n,
    "counting pools": lambda n: "+".join(["2b6"] * n) + ">=4",
    "reroll pools": lambda n: "+".join(["2r6"] * n) + ">=5",
    "upper pools": lambda n: "+".join(["2u6"] * n) + "[6]+1",
    "a long calculation": lambda n: "C(" + "(" * n + "1" + "+2)" * n + ")",
    "a long choice": lambda n: "choice[" + ",".join(f"i{i}" for i in range(n)) + "]",
}


def _roll_and_render(text: str) -> Callable[[], object]:
    command: Any = parse(text, limits=_ROOMY)

    def both() -> object:
        return command.roll(SeededDice(1)).render("ja")

    return both


@pytest.mark.parametrize("family", sorted(SIZED))
def test_reading_rolling_and_rendering_are_linear_in_the_size(family: str) -> None:
    """Issue 26: a command twice as large costs at most about twice the calls to read, roll and
    render (nesting included: 20 levels of parentheses used to take a second to render)."""
    build = SIZED[family]
    _roll_and_render(build(3))()  # the catalogs and caches a first render fills
    small, large = build(40), build(80)
    read = [calls(lambda text=text: parse(text, limits=_ROOMY)) for text in (small, large)]
    used = [calls(_roll_and_render(text)) for text in (small, large)]
    assert (True, True) == (read[1] <= 2.3 * read[0] + 50, used[1] <= 2.3 * used[0] + 50)


# -- the work of the exact odds, bounded by its estimate -----------------------------------

_ODDS_FILES = {
    str(Path(odds.__file__).resolve()),
    *(str(path.resolve()) for path in Path(tabletop_rules.notation.__file__).parent.glob("*.py")),
}


def _clear_memos() -> None:
    for memo in (
        odds.Distribution._dice_sum,  # pyright: ignore[reportPrivateUsage]
        odds._pool_sum,  # pyright: ignore[reportPrivateUsage]
        odds._keep_highest,  # pyright: ignore[reportPrivateUsage]
        odds._exploding,  # pyright: ignore[reportPrivateUsage]
        odds._rerolling,  # pyright: ignore[reportPrivateUsage]
        odds._small_convolution,  # pyright: ignore[reportPrivateUsage]
        odds._remembered_answers,  # pyright: ignore[reportPrivateUsage]
    ):
        memo.cache_clear()


def lines_run(function: Callable[[], object]) -> int:
    """How many lines of the odds and the notation *function* runs."""
    count = 0

    def local(frame: FrameType, event: str, _: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calling(frame: FrameType, event: str, _: object) -> Any:
        if event == "call" and frame.f_code.co_filename in _ODDS_FILES:
            return local
        return None

    sys.settrace(calling)
    try:
        function()
    finally:
        sys.settrace(None)
    return count


def odds_of(command: Command) -> object:
    """Compute the exact odds of *command*: its probability, or its distribution."""
    single: Any = command.command if isinstance(command, Repeat) else command
    if isinstance(single, Choice):
        return [single.probability(item) for item in single.items]
    if hasattr(single, "probability"):
        return single.probability()
    return single.distribution().mean()


#: Lines of Python per unit of estimated work that the odds may run, and lines for nothing.
PER_UNIT = 16
BASE = 4_000


def _check_work(command: Command) -> None:
    single: Any = command.command if isinstance(command, Repeat) else command
    _clear_memos()
    measured = lines_run(lambda: odds_of(command))
    assert measured <= PER_UNIT * single.odds_work() + BASE, str(command)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ts.notation_commands())
def test_the_work_estimate_bounds_the_work_of_every_generated_command(command: Command) -> None:
    """Issue 26, Deliver 3: for every command family of the grammar strategies, the lines the
    exact odds run stay within PER_UNIT times the estimate the work limit checks."""
    _check_work(command)


@pytest.mark.parametrize(
    "text",
    [
        "40B100",
        "30B100>=50",
        "20B50+20B60",
        "30D50",
        "10D100KH5",
        "4D20!",
        "20D20RR1",
        "(1D100)*20",
        "3D100/7R+2D100/3U",
        "3*20D20/7",
        "10R10>=8",
        "5R20[<=3]>=10",
        "10U10[9]",
        "8U20[18]+3>=30",
        "20TY20",
        "choice[1-100]",
        "20D66",
        "D66S",
        "C(" + "1+" * 50 + "1)",
        "2D6+5>=3D20",
        "x20 5D20>=50",
    ],
)
def test_the_work_estimate_bounds_the_work_of_larger_commands(text: str) -> None:
    """The same, for a larger command of each family."""
    _check_work(parse(text, limits=_ROOMY))  # type: ignore[arg-type]


def test_a_counting_roll_is_estimated_as_the_sum_it_is() -> None:
    """Issue 26: 100B1000 costs what 100D1000 costs (its distribution is that sum), and is
    refused as 100D1000 is."""
    counted: Any = parse("100B1000", limits=_ROOMY)
    summed: Any = parse("100D1000", limits=_ROOMY)
    assert counted.odds_work() >= summed.odds_work() // 2
    with pytest.raises(NotationLimitExceeded) as caught:
        parse("100B1000")
    assert "work" == caught.value.limit


# -- regular expressions that read a player's text -----------------------------------------


def _patterns() -> Iterator[tuple[str, re.Pattern[str]]]:
    """Every compiled pattern of the notation and of the systems' chat commands."""
    seen: set[int] = set()
    modules = [
        importlib.import_module(module.name)
        for module in pkgutil.iter_modules(
            tabletop_rules.notation.__path__, "tabletop_rules.notation."
        )
    ]
    for system in ("m20", "bar2d6", "bayside23", "skirmish"):
        chats = commands(system)
        modules.append(importlib.import_module(chats[0].reader.__module__))
        for chat in chats:
            if id(chat.prefix) not in seen:
                seen.add(id(chat.prefix))
                yield f"{system}.{chat.name}.prefix", chat.prefix
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and id(value) not in seen:
                seen.add(id(value))
                yield f"{module.__name__}.{name}", value  # type: ignore[misc]


PATTERNS = dict(_patterns())


#: What players type to the systems' commands: every start of each is a way into a pattern.
_EXAMPLES = sorted(
    {
        example
        for system in ("m20", "bar2d6", "bayside23", "skirmish")
        for chat in commands(system)
        for example in chat.examples
    }
)
_STARTS = sorted({example[:end] for example in _EXAMPLES for end in range(len(example) + 1)})


def _attacks(pattern: re.Pattern[str], size: int) -> Iterator[str]:
    """Inputs built to make *pattern* backtrack: a start of a command or a piece of the
    pattern, then a piece of the pattern (or a space, a bracket, a digit, a sign) many times:
    long runs of spaces, unclosed brackets, repeated modifiers."""
    runs = literal_runs(pattern)
    pieces = [*runs, " ", "(", "[", "1", "+"]
    # The starts of the commands this pattern reads (those that begin with one of its words).
    words = [run.upper() for run in runs if len(run) > 1]
    starts = [start for start in _STARTS if any(start.upper().startswith(w) for w in words)]
    for first in sorted({"", *pieces, *starts}):
        for repeated in pieces:
            times = max(1, size // len(repeated))
            for tail in ("", "\x00"):
                yield first + repeated * times + tail


def test_every_pattern_that_reads_chat_is_found() -> None:
    """The search finds the systems' patterns (an empty search would pass the test below)."""
    assert {"m20.check.prefix", "bar2d6.helped.prefix"} <= set(PATTERNS)


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_no_pattern_backtracks_past_linear_time(name: str) -> None:
    """Issue 26, Deliver 2: on every attacking input, the matcher's steps on twice the input
    are at most about twice the steps (the notation's own text is read by a hand-written
    scanner; these are the patterns still used, mostly the systems' commands)."""
    pattern = PATTERNS[name]
    counter = StepCounter(pattern)
    worst = 0.0
    for small, large in zip(_attacks(pattern, 24), _attacks(pattern, 48), strict=True):
        few, many = counter.count(small), counter.count(large)
        worst = max(worst, many / (few + 20))
    assert worst <= 2.3, name
