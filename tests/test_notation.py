"""Tests of tabletop_rules.notation: the command language for bots."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

import icepool  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules.checks import Comparison, Outcome
from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.errors import InvalidNotation, LimitExceeded, TabletopRulesError
from tabletop_rules.i18n import LOCALES, catalog, template_fields
from tabletop_rules.notation import (
    Check,
    CheckRoll,
    Command,
    CountResult,
    Expression,
    ExpressionResult,
    Keep,
    Limits,
    Part,
    Relation,
    Repeat,
    RepeatResult,
    Reroll,
    RolledPart,
    Step,
    parse,
)

# -- helpers ---------------------------------------------------------------------------------

T = TypeVar("T")


class FailingDice:
    """A dice source that fails the test if anything is rolled."""

    def roll(self, dice: Dice) -> Roll:
        pytest.fail(f"{dice} was rolled although a limit should have stopped the command")


class CountingDice:
    """Seeded dice that count how many dice they rolled."""

    def __init__(self) -> None:
        self.inner = SeededDice(0)
        self.count = 0

    def roll(self, dice: Dice) -> Roll:
        self.count += dice.count
        return self.inner.roll(dice)


def must_parse(text: str, *, limits: Limits | None = None) -> Command:
    command = parse(text, limits=limits)
    assert command is not None, f"{text!r} should be a command"
    return command


def must_check(text: str) -> Check:
    command = must_parse(text)
    assert isinstance(command, Check)
    return command


def must_expression(text: str) -> Expression:
    command = must_parse(text)
    assert isinstance(command, Expression)
    return command


GENEROUS = Limits(
    max_dice=10**6,
    max_sides=10**6,
    max_terms=10**4,
    max_length=10**6,
    max_repeats=10**6,
    max_work=10**15,
)


def generously(build: Callable[..., T]) -> Callable[..., T]:
    """*build*, run under limits far above the defaults (values over them are built on purpose)."""

    def run(*args: Any, **kwargs: Any) -> T:
        with GENEROUS.applied():
            return build(*args, **kwargs)

    return run


def dice_parts(max_count: int = 3, max_sides: int = 6) -> st.SearchStrategy[Part]:
    return st.builds(
        generously(lambda sign, count, sides: Part(sign=sign, dice=Dice(count, sides))),
        st.sampled_from([1, -1]),
        st.integers(1, max_count),
        st.integers(1, max_sides),
    )


def number_parts() -> st.SearchStrategy[Part]:
    return st.builds(
        lambda sign, number: Part(sign=sign, number=number),
        st.sampled_from([1, -1]),
        st.integers(0, 20),
    )


def expressions(
    *, with_dice: bool, max_count: int = 3, max_sides: int = 6
) -> st.SearchStrategy[Expression]:
    part = st.one_of(dice_parts(max_count, max_sides), number_parts())
    if not with_dice:
        return st.lists(part, min_size=1, max_size=3).map(generously(Expression))
    return (
        st.tuples(dice_parts(max_count, max_sides), st.lists(part, max_size=2))
        .flatmap(lambda t: st.permutations([t[0], *t[1]]))
        .map(generously(Expression))
    )


@st.composite
def checks(draw: st.DrawFn, max_count: int = 3, max_sides: int = 6) -> Check:
    with_dice = draw(expressions(with_dice=True, max_count=max_count, max_sides=max_sides))
    other = draw(expressions(with_dice=False, max_count=max_count, max_sides=max_sides))
    comparison = draw(st.sampled_from(list(Relation)))
    build = generously(Check)
    if draw(st.booleans()):
        return build(left=with_dice, comparison=comparison, right=other)
    return build(left=other, comparison=comparison, right=with_dice)


commands: st.SearchStrategy[Command] = st.one_of(
    expressions(with_dice=True),
    checks(),
    st.builds(Repeat, st.integers(1, 4), st.one_of(expressions(with_dice=True), checks())),
)


def to_icepool(expression: Expression) -> icepool.Die:
    total = icepool.Die([0])
    for part in expression.parts:
        if part.dice is None:
            term = icepool.Die([part.number])
        else:
            term = part.dice.count @ icepool.d(part.dice.sides)
        total = total + term if part.sign > 0 else total - term
    return total


def icepool_probability(check: Check) -> Fraction:
    left, right = to_icepool(check.left), to_icepool(check.right)
    if check.comparison is Relation.AT_LEAST:
        outcome = left >= right
    elif check.comparison is Relation.GREATER:
        outcome = left > right
    elif check.comparison is Relation.AT_MOST:
        outcome = left <= right
    elif check.comparison is Relation.LESS:
        outcome = left < right
    elif check.comparison is Relation.EQUAL:
        outcome = left == right
    else:
        outcome = left != right
    return Fraction(outcome.probability(True))


def brute_force(check: Check) -> Fraction:
    """Resolve every face combination through ScriptedDice and count the successes."""
    pools = [part.dice for part in check.left.parts + check.right.parts if part.dice is not None]
    dies = [range(1, pool.sides + 1) for pool in pools for _ in range(pool.count)]
    successes = combos = 0
    for faces in itertools.product(*dies):
        combos += 1
        successes += check.roll(ScriptedDice(faces)).success
    return Fraction(successes, combos)


# -- what is a command -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "hello",
        "I have 2 cats",
        "3+4",
        "10 >= 8",
        "d",
        "D:",
        "xD",
        "3d printing is fun",
        "dd6",
        "DFS first, then BFS",
        "d% is not a die here",
        "Sdf 3",
        "S 2d6",
        "So, 2d6 then?",
        "x3",
        "x32d6",
        "rep 2d6",
        "hello " * 100,
    ],
)
def test_chat_is_not_a_command(text: str) -> None:
    """Text that does not start with notation holding a die gives None."""
    assert parse(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2D6+3", "2D6+3"),
        ("2d6+3", "2D6+3"),
        ("1d20-1+2d4", "1D20-1+2D4"),
        ("d20", "1D20"),
        ("D20", "1D20"),
        ("-1d4+3", "-1D4+3"),
        ("+2d6", "2D6"),
        ("3+2d6", "3+2D6"),
        ("  2d6 + 3  ", "2D6+3"),
        ("\t2D6\n", "2D6"),
        ("２Ｄ６＋３", "2D6+3"),
        ("１ｄ２０−１＋２ｄ４", "1D20-1+2D4"),
        ("1d20\u22121", "1D20-1"),
        ("\u30002d6\u3000", "2D6"),
        ("007d06", "7D6"),
    ],
)
def test_parse_sums_to_canonical_text(text: str, expected: str) -> None:
    """Sums are read in any case, full width and with spaces, and print canonically."""
    assert expected == str(must_expression(text))


def test_parse_builds_the_typed_sum() -> None:
    """``2D6+3-1D4`` is three parts, each with its sign."""
    expected = Expression((Part(dice=Dice(2, 6)), Part(number=3), Part(sign=-1, dice=Dice(1, 4))))
    assert expected == parse("2D6+3-1D4")


@pytest.mark.parametrize(
    ("symbol", "comparison"),
    [
        (">=", Comparison.AT_LEAST),
        ("≥", Comparison.AT_LEAST),
        ("≧", Comparison.AT_LEAST),
        ("＞＝", Comparison.AT_LEAST),
        (">", Comparison.GREATER),
        ("＞", Comparison.GREATER),
        ("<=", Comparison.AT_MOST),
        ("≤", Comparison.AT_MOST),
        ("≦", Comparison.AT_MOST),
        ("＜＝", Comparison.AT_MOST),
        ("<", Comparison.LESS),
        ("＜", Comparison.LESS),
    ],
)
def test_parse_reads_each_comparison(symbol: str, comparison: Comparison) -> None:
    """Every spelling of a comparison gives its Comparison."""
    expected = Check(
        left=Expression((Part(dice=Dice(2, 6)), Part(number=5))),
        comparison=comparison,
        right=Expression((Part(number=8),)),
    )
    assert expected == parse(f"2d6+5 {symbol} 8")


def test_parse_reads_dice_on_both_sides() -> None:
    """``2D6+5>=3D6`` is an opposed check with dice on each side."""
    expected = Check(
        left=Expression((Part(dice=Dice(2, 6)), Part(number=5))),
        comparison=Comparison.AT_LEAST,
        right=Expression((Part(dice=Dice(3, 6)),)),
    )
    assert expected == parse("2D6+5>=3D6")


def test_parse_reads_dice_on_the_right_only() -> None:
    """A number may be checked against dice: ``10>=2D6``."""
    assert "10>=2D6" == str(must_parse("10 >= 2d6"))


@pytest.mark.parametrize("text", ["x3 2d6", "rep3 2d6", "REP3 2D6", "X3 2d6", "ｘ３　２ｄ６"])
def test_parse_reads_repeat_prefixes(text: str) -> None:
    """``x3`` and ``rep3`` (any case, full width) followed by a space repeat a command."""
    assert Repeat(3, Expression((Part(dice=Dice(2, 6)),))) == parse(text)


def test_parse_reads_a_repeated_check() -> None:
    """A repeat may hold a check."""
    assert "x2 1D6>=4" == str(must_parse("rep2 d6>=4"))


@given(commands)
def test_canonical_text_parses_back_to_the_same_command(command: Command) -> None:
    """``parse(str(command)) == command`` for every command with dice."""
    assert command == parse(str(command), limits=Limits(max_dice=1000))


# -- malformed commands ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "key"),
    [
        ("2d6+", 4, "error.notation.unexpected_end"),
        ("2d6>=", 5, "error.notation.unexpected_end"),
        ("  2d6+  ", 4, "error.notation.unexpected_end"),
        ("２ｄ６＋", 4, "error.notation.unexpected_end"),
        ("2d0", 2, "error.notation.zero_sides"),
        ("0d6", 0, "error.notation.zero_dice"),
        ("1d6+d", 5, "error.notation.expected_sides"),
        ("2D6>=>3", 5, "error.notation.expected_term"),
        ("2d6+-", 5, "error.notation.unexpected_end"),
        ("2d6/0", 3, "error.notation.division_by_zero"),
        ("2d6^2", 3, "error.notation.unsupported"),
        ("(2d6", 0, "error.notation.unclosed"),
        ("(2d6]", 4, "error.notation.expected_close"),
        ("2d6>=7>=3", 6, "error.notation.second_comparison"),
        ("2d6=7=", 5, "error.notation.second_comparison"),
        ("2d6>=7)", 6, "error.notation.unexpected"),
        ("2d6*0", 3, "error.notation.zero_factor"),
        ("4d6k", 4, "error.notation.expected_count"),
        ("4d6kh5", 3, "error.notation.bad_keep"),
        ("4d6kh0", 3, "error.notation.bad_keep"),
        ("4d6k0", 3, "error.notation.bad_keep"),
        ("4d6dl0", 3, "error.notation.bad_keep"),
        ("1d6r7", 4, "error.notation.bad_reroll"),
        ("x0 2d6", 1, "error.notation.zero_repeats"),
        ("1" * 19 + "d6", 0, "error.notation.number_too_long"),
    ],
)
def test_malformed_commands_say_where(text: str, position: int, key: str) -> None:
    """A text that looks like a command but breaks the grammar names the key and position."""
    with pytest.raises(InvalidNotation) as caught:
        parse(text)
    assert (key, position) == (caught.value.key, caught.value.position)


def test_invalid_notation_keeps_the_normalized_text() -> None:
    """Positions index the NFKC-normalized, stripped text that the error carries."""
    with pytest.raises(InvalidNotation) as caught:
        parse("  ２ｄ６＞＝＞３ ")
    assert ("2d6>=>3", 5) == (caught.value.text, caught.value.position)


def test_invalid_notation_is_a_value_error() -> None:
    """InvalidNotation is a library error and a ValueError."""
    with pytest.raises(InvalidNotation) as caught:
        parse("2d6+")
    assert isinstance(caught.value, TabletopRulesError)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("locale", LOCALES)
def test_invalid_notation_is_localized(locale: str) -> None:
    """The message comes from the locale's catalog and names the column."""
    with pytest.raises(InvalidNotation) as caught:
        parse("2d6+")
    message = caught.value.localized(locale)
    assert message == catalog(locale)["error.notation.unexpected_end"].format(
        text="2d6+", column=5, position=4
    )


def test_notation_catalogs_have_the_same_keys_and_fields() -> None:
    """Every notation and CLI key exists in every locale with the same fields."""
    prefixes = ("notation.", "cli.", "error.notation.")
    english = {key: value for key, value in catalog("en").items() if key.startswith(prefixes)}
    for locale in LOCALES:
        found = {k: v for k, v in catalog(locale).items() if k.startswith(prefixes)}
        assert english.keys() == found.keys()
        assert {k: template_fields(v) for k, v in english.items()} == {
            k: template_fields(v) for k, v in found.items()
        }


def test_dice_parse_error_has_a_message() -> None:
    """``Dice.parse`` uses the catalog's ``error.notation.dice`` message."""
    with pytest.raises(InvalidNotation) as caught:
        Dice.parse("abc")
    assert "“abc” is not dice notation such as 2D6." == str(caught.value)


# -- limits ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "limit", "allowed", "given"),
    [
        ("101d6", "dice", 100, 101),
        ("60d6+41d4", "dice", 100, 101),
        ("50d6>=51d6", "dice", 100, 101),
        ("x3 34d6", "dice", 100, 102),
        ("1d1001", "sides", 1000, 1001),
        ("1d6>=1d1001", "sides", 1000, 1001),
        ("+".join(["1d6"] * 21), "terms", 20, 21),
        ("+".join(["1d6"] * 11) + ">=" + "+".join(["1"] * 10), "terms", 20, 21),
        ("x21 1d6", "repeats", 20, 21),
        ("1d6" + "+1" * 99, "length", 200, 201),
    ],
)
def test_limits_stop_commands_before_rolling(
    text: str, limit: str, allowed: int, given: int
) -> None:
    """Each default limit raises LimitExceeded, and nothing is rolled."""
    with pytest.raises(LimitExceeded) as caught:
        must_parse(text).roll(FailingDice())
    assert (limit, allowed, given) == (
        caught.value.limit,
        caught.value.allowed,
        caught.value.given,
    )


@pytest.mark.parametrize(
    "text",
    [
        "100d6",
        "50d6>=50d6",
        "x20 5d6",
        "1d1000",
        "+".join(["1d6"] * 20),
        "1d6" + " " * 195 + "+1",
    ],
)
def test_commands_at_the_limits_are_accepted(text: str) -> None:
    """A command exactly at a limit is allowed."""
    assert parse(text) is not None


def test_length_is_checked_before_parsing() -> None:
    """A too-long command is refused for its length even when it is also malformed."""
    with pytest.raises(LimitExceeded) as caught:
        parse("2d6" + "+" * 300)
    assert "length" == caught.value.limit


def test_length_counts_the_normalized_text() -> None:
    """Surrounding whitespace does not count and full-width characters count once each."""
    command = "２ｄ６" + "\u3000" * 195 + "＋１"  # 200 characters once normalized
    assert "2D6+1" == str(must_parse(" " * 100 + command + "\u3000" * 100))


def test_limits_can_be_changed_for_one_call() -> None:
    """``limits=Limits(max_dice=500)`` allows more dice for that call only."""
    assert "200D6" == str(must_parse("200d6", limits=Limits(max_dice=500)))
    with pytest.raises(LimitExceeded):
        parse("200d6")


def test_lower_limits_are_enforced() -> None:
    """A caller may lower a limit."""
    with pytest.raises(LimitExceeded) as caught:
        parse("1d100", limits=Limits(max_sides=20))
    assert ("sides", 20, 100) == (
        caught.value.limit,
        caught.value.allowed,
        caught.value.given,
    )


@pytest.mark.parametrize("value", [0, -1, True, 1.5])
def test_limits_must_be_positive_whole_numbers(value: object) -> None:
    """A limit that is not a positive int is refused."""
    with pytest.raises(ValueError, match="max_dice"):
        Limits(max_dice=value)  # type: ignore[arg-type]


def test_enforce_checks_a_command_built_in_code() -> None:
    """``Limits.enforce`` checks commands that did not come from ``parse``."""
    with Limits(max_dice=1000, max_work=10**9).applied():
        command = Expression((Part(dice=Dice(1000, 6)),))
    with pytest.raises(LimitExceeded):
        Limits().enforce(command)


# -- rolling and rendering -------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_render_sum(locale: str) -> None:
    """A sum renders BCDice-style, the same in every locale."""
    result = must_parse("2D6+3").roll(ScriptedDice([3, 4]))
    assert "(2D6+3) ＞ 7[3,4]+3 ＞ 10" == result.render(locale)


def test_render_sum_with_subtractions() -> None:
    """Subtracted dice and numbers show their sign."""
    result = must_parse("-1d4+3-2d6").roll(ScriptedDice([2, 1, 5]))
    assert "(-1D4+3-2D6) ＞ -2[2]+3-6[1,5] ＞ -5" == result.render()


@pytest.mark.parametrize(
    ("locale", "faces", "expected"),
    [
        ("en", [4, 4], "(2D6>=7) ＞ 8[4,4] ＞ 8 ＞ Success"),
        ("zh-Hant", [4, 4], "(2D6>=7) ＞ 8[4,4] ＞ 8 ＞ 成功"),
        ("ja", [4, 4], "(2D6>=7) ＞ 8[4,4] ＞ 8 ＞ 成功"),
        ("en", [1, 2], "(2D6>=7) ＞ 3[1,2] ＞ 3 ＞ Failure"),
        ("zh-Hant", [1, 2], "(2D6>=7) ＞ 3[1,2] ＞ 3 ＞ 失敗"),
        ("ja", [1, 2], "(2D6>=7) ＞ 3[1,2] ＞ 3 ＞ 失敗"),
    ],
)
def test_render_check_against_a_number(locale: str, faces: list[int], expected: str) -> None:
    """A check against a number renders like BCDice, with the outcome in the locale."""
    assert expected == must_parse("2d6>=7").roll(ScriptedDice(faces)).render(locale)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "(2D6+5>=3D6) ＞ 7[3,4]+5 ≥ 10[2,3,5] ＞ 12 ≥ 10 ＞ Success"),
        ("zh-Hant", "(2D6+5>=3D6) ＞ 7[3,4]+5 ≥ 10[2,3,5] ＞ 12 ≥ 10 ＞ 成功"),
        ("ja", "(2D6+5>=3D6) ＞ 7[3,4]+5 ≥ 10[2,3,5] ＞ 12 ≥ 10 ＞ 成功"),
    ],
)
def test_render_opposed_check(locale: str, expected: str) -> None:
    """Dice on both sides show both sides, then both totals, then the outcome."""
    result = must_parse("2d6+5>=3d6").roll(ScriptedDice([3, 4, 2, 3, 5]))
    assert expected == result.render(locale)


def test_render_check_against_a_sum_of_numbers() -> None:
    """A target of several numbers is shown as its value, as BCDice shows it."""
    result = must_parse("1d20<3+4").roll(ScriptedDice([7]))
    assert "(1D20<7) ＞ 7 ＞ Failure" == result.render()


@pytest.mark.parametrize(
    ("locale", "last"),
    [("en", "Successes: 1/2"), ("zh-Hant", "成功次數：1/2"), ("ja", "成功数：1/2")],
)
def test_render_repeated_check(locale: str, last: str) -> None:
    """A repeat renders as BCDice lays it out (``#1``, the line, a blank line, ...), then the
    successes of a check."""
    outcome = {"en": ("Success", "Failure"), "zh-Hant": ("成功", "失敗"), "ja": ("成功", "失敗")}
    win, lose = outcome[locale]
    expected = "\n\n".join([f"#1\n(1D6>=4) ＞ 5 ＞ {win}", f"#2\n(1D6>=4) ＞ 2 ＞ {lose}", last])
    assert expected == must_parse("x2 1d6>=4").roll(ScriptedDice([5, 2])).render(locale)


def test_render_repeated_sum() -> None:
    """A repeated sum has no successes line."""
    result = must_parse("x2 2d6").roll(ScriptedDice([1, 2, 3, 4]))
    assert "#1\n(2D6) ＞ 3[1,2] ＞ 3\n\n#2\n(2D6) ＞ 7[3,4] ＞ 7" == result.render()


def test_str_of_a_result_is_the_english_render() -> None:
    """``str(result)`` is ``result.render("en")``."""
    result = must_parse("2d6>=7").roll(ScriptedDice([6, 6]))
    assert result.render("en") == str(result)


@pytest.mark.parametrize(
    ("comparison", "success"),
    [(">=", True), (">", False), ("<=", True), ("<", False)],
)
def test_ties_mean_what_the_comparison_says(comparison: str, success: bool) -> None:
    """On a tie, ``>=`` and ``<=`` succeed and ``>`` and ``<`` fail."""
    result = must_parse(f"2d6{comparison}7").roll(ScriptedDice([3, 4]))
    assert isinstance(result, CheckRoll)
    assert success == result.success


def test_check_roll_reports_totals_and_outcome() -> None:
    """A rolled check gives both totals, the outcome and success."""
    result = must_parse("1d20+5>=1d20+3").roll(ScriptedDice([9, 17]))
    assert isinstance(result, CheckRoll)
    assert (14, 20, Outcome.FAILURE, False) == (
        result.total,
        result.target,
        result.outcome,
        result.success,
    )


def test_check_rolls_left_side_first() -> None:
    """The left side's dice are rolled before the right side's."""
    result = must_parse("1d6>=1d8").roll(ScriptedDice([2, 7]))
    assert isinstance(result, CheckRoll)
    assert ((Roll(Dice(1, 6), (2,)),), (Roll(Dice(1, 8), (7,)),)) == (
        result.left.rolls,
        result.right.rolls,
    )


def test_expression_result_keeps_every_signed_part() -> None:
    """A rolled sum keeps each roll with its sign, and its total is recomputed from them."""
    result = must_expression("1d20-1+2d4").roll(ScriptedDice([14, 2, 3]))
    expected = ExpressionResult(
        expression=must_expression("1d20-1+2d4"),
        parts=(
            RolledPart(part=Part(dice=Dice(1, 20)), roll=Roll(Dice(1, 20), (14,))),
            RolledPart(part=Part(sign=-1, number=1)),
            RolledPart(part=Part(dice=Dice(2, 4)), roll=Roll(Dice(2, 4), (2, 3))),
        ),
    )
    assert (expected, 18) == (result, result.total)


@given(commands, st.integers())
def test_results_know_the_command_they_came_from(command: Command, seed: int) -> None:
    """A result's expression, check or repeat is the command that was rolled."""
    result = command.roll(SeededDice(seed))
    if isinstance(result, ExpressionResult):
        assert command == result.expression
    elif isinstance(result, CheckRoll):
        assert command == result.check
    else:
        assert command == result.repeat


def test_repeat_result_successes_counts_successful_checks() -> None:
    """``successes`` counts the repeats whose check succeeded."""
    result = must_parse("x3 1d6>=4").roll(ScriptedDice([4, 3, 6]))
    assert isinstance(result, RepeatResult)
    assert 2 == result.successes


def test_repeat_result_refuses_mixed_commands() -> None:
    """The results of a repeat must all come from one command."""
    one = must_parse("1d6").roll(ScriptedDice([1]))
    other = must_parse("1d8").roll(ScriptedDice([1]))
    assert isinstance(one, ExpressionResult)
    assert isinstance(other, ExpressionResult)
    with pytest.raises(ValueError, match="of its command"):
        RepeatResult(repeat=Repeat(2, one.expression), results=(one, other))


@pytest.mark.parametrize(
    "build",
    [
        lambda: Part(sign=2, number=1),
        lambda: Part(number=-1),
        lambda: Part(dice=Dice(1, 6), number=2),
        lambda: Part(dice=Dice(0, 6)),
        lambda: Expression(()),
        lambda: Repeat(0, Expression((Part(dice=Dice(1, 6)),))),
        lambda: RolledPart(part=Part(number=1), roll=Roll(Dice(1, 6), (2,))),
        lambda: RolledPart(part=Part(dice=Dice(2, 6)), roll=Roll(Dice(1, 6), (2,))),
        lambda: ExpressionResult(expression=Expression((Part(number=1),)), parts=()),
        lambda: RepeatResult(repeat=Repeat(1, Expression((Part(number=1),))), results=()),
        lambda: Part(dice=Dice(2, 6), keep=Keep(kind="KH", count=3)),
        lambda: Part(number=2, explode=True),
        lambda: Part(dice=Dice(2, 6), reroll=Reroll(face=7)),
        lambda: Part(dice=Dice(2, 66), keep=Keep(kind="KH", count=1)),
        lambda: Part(dice=Dice(1, 6), steps=[Step(op="*", operand=Part(dice=Dice(1, 6)))]),
    ],
)
def test_impossible_values_cannot_be_built(build: object) -> None:
    """Values with an impossible field raise ValueError."""
    assert callable(build)
    with pytest.raises(ValueError):  # noqa: PT011 - each value has its own message
        build()


# -- exact odds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2d6>=7", Fraction(7, 12)),
        ("2d6>7", Fraction(5, 12)),
        ("2d6<=7", Fraction(7, 12)),
        ("2d6<7", Fraction(5, 12)),
        ("2D6+5>=8", Fraction(35, 36)),
        ("1d20+5>=1d20+3", Fraction(247, 400)),
        ("1d6>=7", Fraction(0)),
        ("1d6>=0", Fraction(1)),
    ],
)
def test_probability_examples(text: str, expected: Fraction) -> None:
    """Known probabilities, exact."""
    assert expected == must_check(text).probability()


@pytest.mark.parametrize(
    "text",
    [
        "2d6>=7",
        "2d6>7",
        "1d6+1d4<=5",
        "1d6<1d6",
        "2d4-1d6>=1",
        "1d6+2>=1d8-1",
        "-1d4+3>1d3",
        "5<=1d6+1d6",
    ],
)
def test_probability_equals_brute_force(text: str) -> None:
    """``probability()`` equals enumerating every face combination through ScriptedDice."""
    check = must_check(text)
    assert brute_force(check) == check.probability()


def combinations(check: Check) -> int:
    return math.prod(
        part.dice.sides**part.dice.count for part in check.all_parts if part.dice is not None
    )


@settings(max_examples=40, deadline=None)
@given(checks(max_count=2, max_sides=4).filter(lambda check: combinations(check) <= 1296))
def test_probability_equals_brute_force_on_generated_checks(check: Check) -> None:
    """The consistency law holds on generated small checks."""
    assert brute_force(check) == check.probability()


@given(checks())
def test_probability_equals_icepool(check: Check) -> None:
    """``probability()`` equals icepool's exact answer."""
    assert icepool_probability(check) == check.probability()


@given(expressions(with_dice=True))
def test_distribution_equals_icepool(expression: Expression) -> None:
    """A sum's distribution gives every total icepool's probability."""
    die = to_icepool(expression)
    expected = {outcome: Fraction(die.probability(outcome)) for outcome in die.outcomes()}
    assert expected == dict(expression.distribution().probabilities())


# -- arbitrary text --------------------------------------------------------------------------

NOTATIONISH = "0123456789dD+-<>=x# ２Ｄ６＋＞＝ｄ−≥≤≧rep*()\n\u3000"

texts = st.one_of(
    st.text(),
    st.text(alphabet=NOTATIONISH),
    st.text(alphabet=NOTATIONISH, min_size=150, max_size=600),
    st.text(min_size=180, max_size=2000),
    st.lists(st.sampled_from(["2d6", "d20", "+", "-", "3", ">=", " ", "x3 ", "100d100"])).map(
        "".join
    ),
    commands.map(str),
    st.builds(
        generously(lambda times, single: str(Repeat(times, single))),
        st.integers(1, 25),
        st.one_of(
            expressions(with_dice=True, max_count=120, max_sides=1200),
            checks(max_count=60, max_sides=1200),
        ),
    ),
)

limit_values = st.one_of(
    st.none(),
    st.builds(
        Limits,
        max_dice=st.integers(1, 120),
        max_sides=st.integers(1, 1200),
        max_terms=st.integers(1, 25),
        max_length=st.integers(1, 300),
        max_repeats=st.integers(1, 25),
    ),
)


@given(texts, limit_values)
def test_arbitrary_text_is_none_a_result_or_a_library_error(
    text: str, limits: Limits | None
) -> None:
    """Any text gives None, a result, or a library error, and never rolls over the limit."""
    dice = CountingDice()
    try:
        command = parse(text, limits=limits)
        result = None if command is None else command.roll(dice)
    except TabletopRulesError:
        result = None
    assert result is None or isinstance(
        result, ExpressionResult | CheckRoll | RepeatResult | CountResult
    )
    assert dice.count <= (limits or Limits()).max_dice
