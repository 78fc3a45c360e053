"""BCDice's generic vocabulary in the common dice language (issue 22, items 1, 2 and 6).

Every new form reads, rolls and renders as BCDice's generic dice bot does, has exact odds
(checked against every face sequence, chains included), obeys the limits, and a mistyped one
is refused with a message that says what to write, in each shipped locale.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.errors import InvalidData, InvalidNotation, NotationLimitExceeded
from tabletop_rules.i18n import LOCALES
from tabletop_rules.notation import (
    CHAIN_DEPTH,
    Calculation,
    Choice,
    Command,
    CountRoll,
    D66Roll,
    Expression,
    Limits,
    Part,
    Relation,
    RerollCount,
    RerollResult,
    Step,
    Tally,
    UpperResult,
    UpperRoll,
    parse,
)
from tabletop_rules.serialization import from_json, to_json


def must(text: str) -> Any:
    command = parse(text)
    assert command is not None, f"{text!r} should be a command"
    return command


def rendered(text: str, faces: list[int], locale: str = "ja") -> str:
    return str(must(text).roll(ScriptedDice(faces)).render(locale))


# -- every face sequence -----------------------------------------------------------------------


class _NeedFace(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Prefix:
    """Dice that show the given faces, one die at a time, and ask for more when they run out."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.at = 0

    def roll(self, dice: Dice) -> Roll:
        if self.at + dice.count > len(self.faces):
            raise _NeedFace(dice.sides)
        faces = self.faces[self.at : self.at + dice.count]
        self.at += dice.count
        return Roll(dice, faces)


def outcomes(command: Any) -> Iterator[tuple[Any, Fraction]]:
    """Every result of *command* with its exact probability, each face sequence rolled."""
    pending: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while pending:
        faces, weight = pending.pop()
        try:
            result = command.roll(_Prefix(faces))
        except _NeedFace as need:
            share = weight / need.sides
            pending.extend(((*faces, face), share) for face in range(1, need.sides + 1))
            continue
        yield result, weight


def enumerated(command: Any, value: Callable[[Any], object]) -> dict[object, Fraction]:
    found: dict[object, Fraction] = {}
    total = Fraction(0)
    for result, weight in outcomes(command):
        key = value(result)
        found[key] = found.get(key, Fraction(0)) + weight
        total += weight
    assert total == 1
    return found


def exact(distribution: Any) -> dict[object, Fraction]:
    return dict(distribution.probabilities())


# -- division and its rounding -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "expected"),
    [
        ("1D6/2", [3], "(1D6/2) ＞ 3[3]/2 ＞ 1"),
        ("3D6/2U", [1, 2, 4], "(3D6/2U) ＞ 7[1,2,4]/2U ＞ 4"),
        ("3D6/2C", [1, 2, 4], "(3D6/2U) ＞ 7[1,2,4]/2U ＞ 4"),
        ("1D100/10R", [55], "(1D100/10R) ＞ 55[55]/10R ＞ 6"),
        ("1D100/10R", [54], "(1D100/10R) ＞ 54[54]/10R ＞ 5"),
        ("1D6+3/2F", [1], "(1D6+3/2F) ＞ 1[1]+3/2F ＞ 2"),
        ("1d6/-3", [4], "(1D6/-3) ＞ 4[4]/-3 ＞ -2"),
        ("1d6/-3u", [4], "(1D6/-3U) ＞ 4[4]/-3U ＞ -1"),
        ("1d6/-3r", [5], "(1D6/-3R) ＞ 5[5]/-3R ＞ -2"),
        ("1d6/2*3", [6], "(1D6/2*3) ＞ 6[6]/2*3 ＞ 9"),
        ("3*2D6/2U", [3, 4], "(3*2D6/2U) ＞ 3*7[3,4]/2U ＞ 11"),
        ("2D6*-3", [3, 4], "(2D6*-3) ＞ 7[3,4]*-3 ＞ -21"),
    ],
)
def test_division_rounds_as_bcdice(text: str, faces: list[int], expected: str) -> None:
    """/ rounds down; U and C up, R to the nearest (halves away from 0), F down; * and / go
    left to right, each written where it was, as BCDice shows them."""
    assert expected == rendered(text, faces)


@pytest.mark.parametrize(
    "text", ["1D6/2", "3D6/2U", "1D10/3R", "2D4/3F", "1d6/-3", "-1D6/4U", "2*1D4/3", "1D6/2*3"]
)
def test_division_odds_equal_every_face(text: str) -> None:
    """The distribution of a rounded division is that of every face sequence."""
    command = must(text)
    assert enumerated(command, lambda result: result.total) == exact(command.distribution())


# -- counts and sides as arithmetic, omitted sides and counts, double signs ---------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("(2+3)d6", "5D6"),
        ("(2*3-4)d6-1d4+1", "2D6-1D4+1"),
        ("((2+3)*4/3)d6*2+5", "6D6*2+5"),
        ("1d(3/2U)", "1D2"),
        ("(3/2F)d1", "1D1"),
        ("(2+3)D(5+5)KH(5-2)", "5D10KH3"),
        ("5D", "5D6"),
        ("5D+1", "5D6+1"),
        ("5DKH3", "5D6KH3"),
        ("5D10KH", "5D10KH1"),
        ("5DDL", "5D6DL1"),
        ("3D6MAX", "3D6KH1"),
        ("5D10MIN-3", "5D10KL1-3"),
        ("2d10--3-4", "2D10+3-4"),
        ("2d10+-3", "2D10-3"),
        ("--2d6", "2D6"),
        ("1D6---1", "1D6-1"),
    ],
)
def test_bcdice_spellings_read_as_their_canonical_text(text: str, canonical: str) -> None:
    """Arithmetic counts and sides are computed; omitted sides are 6 and an omitted keep
    count 1; MAX and MIN keep one die; a run of signs is their product."""
    assert canonical == str(must(text))


def test_a_count_of_dice_holds_no_dice() -> None:
    """(1D6)D6 is refused: a count of dice is arithmetic without dice."""
    with pytest.raises(InvalidNotation) as caught:
        parse("(1D6)D6")
    assert "error.notation.dice_count_dice" == caught.value.key


# -- D66 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "expected"),
    [
        ("D66", [1, 6], "(D66) ＞ 16"),
        ("D66S", [6, 1], "(D66S) ＞ 16"),
        ("D66A", [6, 1], "(D66A) ＞ 16"),
        ("D66D", [1, 6], "(D66D) ＞ 61"),
        ("D66N", [6, 1], "(D66N) ＞ 61"),
        ("d66a", [5, 2], "(D66A) ＞ 25"),
        ("2D66", [6, 6, 5, 4], "(2D66) ＞ 120[66,54] ＞ 120"),
        ("1D3+2D66", [3, 1, 6, 6, 1], "(1D3+2D66) ＞ 3[3]+77[16,61] ＞ 80"),
        ("1D66", [3, 5], "(1D66) ＞ 35"),
    ],
)
def test_d66_and_its_orders_read_as_bcdice(text: str, faces: list[int], expected: str) -> None:
    """D66 alone, its orders, and nD66 in sums, each two d6 read as tens and units."""
    assert expected == rendered(text, faces)


@pytest.mark.parametrize("text", ["D66", "D66S", "D66D", "D66N", "2D66", "1D66+1D6"])
def test_d66_odds_equal_every_face(text: str) -> None:
    """The distribution of each D66 is that of every pair of faces."""
    command = must(text)
    assert enumerated(command, lambda result: result.total) == exact(command.distribution())


def test_the_canonical_text_of_d66_dice_reads_back() -> None:
    """Issue 26: a sum's dice of 66 sides are D66, written nD66, and read back as such;
    5𝟎ᵈ066 is fifty D66."""
    command = Expression((Part(dice=Dice(1, 66)),))
    assert (command, "50D66") == (parse(str(command)), str(must("5𝟎ᵈ066")))


# -- counting, reroll and upper rolls, tallies -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "expected"),
    [
        ("2b6+4b10>3", [3, 4, 9, 7, 1, 5], "(2B6+4B10>3) ＞ 3,4,9,7,1,5 ＞ 成功数4"),
        ("(1*2)b(2+4)>3", [4, 3], "(2B6>3) ＞ 4,3 ＞ 成功数1"),
        ("2b6>-1", [3, 4], "(2B6>-1) ＞ 3,4 ＞ 成功数2"),
        ("2R6>=3", [6, 1, 3, 1], "(2R6[3]>=3) ＞ 6,1 + 3 + 1 ＞ 成功数2"),
        ("2R6[3]", [3, 2, 1], "(2R6[>=3]) ＞ 3,2 + 1 ＞ 成功数0"),
        ("2R4+2R6>=4@>4", [4, 3, 3, 5, 2], "(2R4+2R6[>4]>=4) ＞ 4,3 + 3,5 + 2 ＞ 成功数2"),
        (
            "2R4+2R6[<>4]>=4",
            [4, 2, 3, 5, 4, 4, 4],
            "(2R4+2R6[<>4]>=4) ＞ 4,2 + 3,5 + 4 + 4,4 ＞ 成功数5",
        ),
        (
            "4U6[6]",
            [5, 2, 6, 5, 6, 6, 6, 5],
            "(4U6[6]) ＞ 5,2,11[6,5],23[6,6,6,5] ＞ 23/41(最大/合計)",
        ),
        (
            "4U6[6]-1+2+10",
            [5, 2, 6, 5, 6, 6, 6, 5],
            "(4U6[6]+11) ＞ 5,2,11[6,5],23[6,6,6,5]+11 ＞ 34/52(最大/合計)",
        ),
        (
            "2U6+2U4[4]<>13",
            [1, 5, 5, 3, 2, 4, 4, 4, 3],
            "(2U6+2U4[4]<>13) ＞ 1,13[5,5,3],2,15[4,4,4,3] ＞ 成功数3",
        ),
        ("S1U6[3]", [3, 2], "（シークレット）(1U6[3]) ＞ 5[3,2] ＞ 5/5(最大/合計)"),
        ("5TY6", [6, 1, 2, 5, 2], "(5TY6) ＞ 6,1,2,5,2 ＞ [1]×1, [2]×2, [5]×1, [6]×1"),
        (
            "(1+2*3)TZ(1+5/2C)",
            [1, 4, 4, 3, 4, 2, 3],
            "(7TZ4) ＞ 1,4,4,3,4,2,3 ＞ [1]×1, [2]×1, [3]×2, [4]×3",
        ),
    ],
)
def test_pools_read_and_render_as_bcdice(text: str, faces: list[int], expected: str) -> None:
    """B, R, U and TY/TZ rolls, with BCDice's own examples."""
    assert expected == rendered(text, faces)


def test_bcdice_r_and_the_library_r_do_not_collide() -> None:
    """3R6>=5 is BCDice's reroll roll (a count, R, the sides); 1D20R1 rerolls the die's 1s."""
    assert (RerollCount, Expression) == (type(must("3R6>=5")), type(must("1D20R1")))


@pytest.mark.parametrize(
    "text", ["2R4>=3", "1R6[5]", "2R4[<=1]>=2", "1R2>=2", "1R3[=2]>=3", "1R4+1R2[>1]<4"]
)
def test_reroll_roll_odds_equal_every_chain(text: str) -> None:
    """The number of dice that pass, rerolls at their cap included, is that of every chain."""
    command = must(text)
    assert isinstance(command, RerollCount)
    assert enumerated(command, lambda result: result.successes) == exact(command.distribution())


def test_a_reroll_chain_stops_at_chain_depth() -> None:
    """A die rolls again at most CHAIN_DEPTH times: BCDice's chain has no cap (listed)."""
    result = must("1R6>=6").roll(ScriptedDice([6] * (CHAIN_DEPTH + 1)))
    assert isinstance(result, RerollResult)
    assert (CHAIN_DEPTH + 1, CHAIN_DEPTH + 1) == (len(result.batches), result.successes)


@pytest.mark.parametrize("text", ["2U4[4]", "1U6[5]+1>=7", "1U3+2U2[2]", "2U4[3]-1<5"])
def test_upper_roll_odds_equal_every_chain(text: str) -> None:
    """The total (or the dice that pass) and the highest die are those of every chain."""
    command = must(text)
    assert isinstance(command, UpperRoll)
    assert enumerated(command, lambda result: result.total) == exact(command.distribution())
    assert enumerated(command, lambda result: result.highest) == exact(
        command.highest_distribution()
    )


def test_an_upper_chain_stops_at_chain_depth() -> None:
    """A die rolls on at most CHAIN_DEPTH times; the last face then stands."""
    result = must("1U6[6]").roll(ScriptedDice([6] * (CHAIN_DEPTH + 1)))
    assert isinstance(result, UpperResult)
    assert (6 * (CHAIN_DEPTH + 1),) == result.sums


@pytest.mark.parametrize("text", ["2b6+1b4>=3", "3B4", "2B3+1B2<2"])
def test_counting_pools_odds_equal_every_face(text: str) -> None:
    """Several pools count together; without a comparison, the distribution is the total."""
    command = must(text)
    assert isinstance(command, CountRoll)
    assert enumerated(command, lambda result: result.total) == exact(command.distribution())


def test_tally_odds_are_those_of_each_face() -> None:
    """How many dice of 3TY4 show a face is binomial: the same for each face."""
    command = must("3TY4")
    assert isinstance(command, Tally)
    for face in range(1, 5):
        counted = enumerated(command, lambda result, face=face: result.counts[face - 1])
        assert counted == exact(command.distribution())


# -- C(), choice --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C(1+2)", "c(1+2) ＞ 3"),
        ("C(12/3-2*6)", "c(12/3-2*6) ＞ -8"),
        ("C(-1--1)", "c(-1--1) ＞ 0"),
        ("C(-1---1)", "c(-1---1) ＞ -2"),
        ("C(+1)", "c(1) ＞ 1"),
        ("C((10+10)*9)", "c((10+10)*9) ＞ 180"),
        ("C((1+2))", "c((1+2)) ＞ 3"),
        ("c1+4*3/2", "c(1+4*3/2) ＞ 7"),
        ("c1/2R", "c(1/2R) ＞ 1"),
        ("c1/3U", "c(1/3C) ＞ 1"),
        ("C(-5/10F)", "c(-5/10F) ＞ -1"),
        ("C(-5/10R)", "c(-5/10R) ＞ -1"),
        ("C(10+5) mokekeke", "c(10+5) ＞ 15「mokekeke」"),
    ],
)
def test_calculations_read_and_render_as_bcdice(text: str, expected: str) -> None:
    """C() computes whole numbers with the rounding suffixes, shown as BCDice shows it."""
    assert expected == rendered(text, [])


def test_a_word_that_starts_with_c_and_a_digit_is_chat() -> None:
    """C3PO is chat; C3 alone is a calculation."""
    assert (None, Calculation) == (parse("C3PO is cool"), type(must("C3")))


@pytest.mark.parametrize(
    ("text", "faces", "expected"),
    [
        ("choice[abc,def]", [1], "(choice[abc,def]) ＞ abc"),
        ("CHOICE[abc,def] 大文字", [1], "(choice[abc,def]) ＞ abc「大文字」"),
        ("choice[A(), B(), C()]", [1], "(choice[A(),B(),C()]) ＞ A()"),
        ("choice(A[], B[], C[])", [1], "(choice(A[],B[],C[])) ＞ A[]"),
        ("choice The Call of Cthulhu", [4], "(choice The Call of Cthulhu) ＞ Cthulhu"),
        ("choice2(a,b,c)", [1, 1], "(choice2(a,b,c)) ＞ a, b"),
        ("choice2 a b c", [1, 1], "(choice2 a b c) ＞ a b"),
        ("choice3[A(), B(), C()]", [1, 2, 1], "(choice3[A(),B(),C()]) ＞ A(), C(), B()"),
        ("choice[A-F]", [3], "(choice[A,B,C,D,E,F]) ＞ C"),
        ("choice[c-g]", [5], "(choice[c,d,e,f,g]) ＞ g"),
        ("choice[3-10]", [8], "(choice[3,4,5,6,7,8,9,10]) ＞ 10"),
        ("choice A-F", [3], "(choice A B C D E F) ＞ C"),
        ("choice[A-F, Z]", [1], "(choice[A-F,Z]) ＞ A-F"),
    ],
)
def test_choices_read_and_render_as_bcdice(text: str, faces: list[int], expected: str) -> None:
    """choice in its three forms, several picks and the ranges, as BCDice's own vectors."""
    assert expected == rendered(text, faces)


@pytest.mark.parametrize("text", ["choice[a,b,c]", "choice2[a,a,b,c]", "choice3 w x y z"])
def test_choice_odds_equal_every_pick(text: str) -> None:
    """The chance of each item to be among those picked is that of every die's face."""
    command = must(text)
    assert isinstance(command, Choice)
    for item in set(command.items):
        found = enumerated(command, lambda result, item=item: item in result.chosen)
        assert found.get(True, Fraction(0)) == command.probability(item)


def test_a_choice_of_one_word_is_chat() -> None:
    """choice followed by one word is chat, as BCDice reads it."""
    assert (None, None) == (parse("choice is"), parse("choices are hard"))


# -- repeats --------------------------------------------------------------------------------------


def test_repeats_are_laid_out_as_bcdice() -> None:
    """repeat5, rep5 and x5 repeat any command; BCDice's layout: #n, the line, a blank line."""
    expected = "#1\n(1D6) ＞ 2\n\n#2\n(1D6) ＞ 4"
    assert [expected] * 3 == [
        rendered(text, [2, 4]) for text in ("x2 1D6", "rep2 1D6", "repeat2 1D6")
    ]


def test_an_s_after_the_repeat_makes_it_secret() -> None:
    """x5 s1D6 is secret, as BCDice reads it; its canonical text puts the S in front."""
    command = must("x2 s1D6")
    assert (True, "Sx2 1D6") == (command.secret, str(command))


def test_any_command_repeats() -> None:
    """C(), choice, tallies and the pools repeat too."""
    result = must("x2 choice[a,b]").roll(ScriptedDice([1, 2]))
    assert "#1\n(choice[a,b]) ＞ a\n\n#2\n(choice[a,b]) ＞ b" == result.render("ja")


# -- values built in code, JSON -----------------------------------------------------------------


def _made() -> list[Command]:
    return [
        Expression((Part(dice=Dice(3, 6), steps=[Step(op="/", operand=Part(number=2))]),)),
        CountRoll(dice=(Dice(2, 6), Dice(4, 10)), relation=Relation.GREATER, target=3),
        RerollCount(dice=Dice(3, 6), reroll_at=5, relation=">=", target=5),
        UpperRoll(dice=Dice(5, 10), upper_at=8, modifier=1),
        Tally(dice=Dice(6, 6), zeros=True),
        Calculation(formula="10/3C"),
        Choice(items=("a", "b", "c"), takes=2),
        D66Roll(order="S"),
    ]


@pytest.mark.parametrize("command", _made(), ids=lambda command: type(command).__name__)
def test_new_commands_and_results_round_trip_through_json(command: Command) -> None:
    """Each new command, and its result, reads back from JSON equal, and its text reads back."""
    result = command.roll(SeededDice(7))
    assert (command, result, command) == (
        from_json(to_json(command), type(command)),
        from_json(to_json(result), type(result)),
        parse(str(command)),
    )


@pytest.mark.parametrize(
    ("build", "path"),
    [
        (lambda: Step(op="%", operand=Part(number=2)), "$.op"),
        (lambda: Step(op="/", operand=Part(number=0)), "$.operand"),
        (lambda: Step(op="/", operand=Part(dice=Dice(1, 6))), "$.operand"),
        (lambda: Step(op="*", operand=Part(number=2), rounding="U"), "$.rounding"),
        (lambda: CountRoll(dice=()), "$.dice"),
        (lambda: RerollCount(dice=Dice(2, 6), reroll_at=1), "$.reroll_at"),
        (lambda: UpperRoll(dice=Dice(2, 6), upper_at=1), "$.upper_at"),
        (lambda: Tally(dice=Dice(2, 21), zeros=False), "$.dice"),
        (lambda: Calculation(formula="1/0"), "$.formula"),
        (lambda: Calculation(formula="1 + 2"), "$.formula"),
        (lambda: Choice(items=("a",)), "$.items"),
        (lambda: Choice(items=("a", "b"), takes=3), "$.takes"),
        (lambda: Choice(items=("a,b", "c")), "$.items[0]"),
        (lambda: Choice(items=("a", "b"), brackets=" ", comment="x"), "$.comment"),
        (lambda: D66Roll(order="X"), "$.order"),  # type: ignore[arg-type]
    ],
)
def test_impossible_new_values_are_refused_at_their_field(
    build: Callable[[], object], path: str
) -> None:
    """A new value built in code that could not be typed is refused at its field."""
    with pytest.raises(InvalidData) as caught:
        build()
    assert path == caught.value.path


# -- limits ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("choice3[1-1000]", "items"),
        ("choice[1-101]", "items"),
        ("17R6>=6", "dice"),
        ("17U6[6]", "dice"),
        ("51D66", "dice"),
        ("x21 C(1)", "repeats"),
        ("x3 choice34[1-100]", "dice"),
        ("100B1000", "work"),
        ("99B1000+1B6", "work"),
    ],
)
def test_the_limits_hold_every_new_form(text: str, limit: str) -> None:
    """Choice items (BCDice's 100), reroll and upper chains at their cap, D66 dice, repeats,
    and a counting roll's odds counted as the sum they are (issue 26: 100B1000)."""
    with pytest.raises(NotationLimitExceeded) as caught:
        parse(text)
    assert limit == caught.value.limit


@pytest.mark.parametrize("text", ["choice[1-100]", "16R6>=6", "16U6[6]", "50D66", "100B1000>=500"])
def test_the_new_forms_at_the_limits_are_accepted(text: str) -> None:
    """The largest of each new form the defaults allow reads."""
    assert must(text)


def test_applied_limits_allow_more_items() -> None:
    """Limits(max_items=...) allows more items."""
    assert 1000 == len(must_with("choice[1-1000]", Limits(max_items=1000)).items)


def must_with(text: str, limits: Limits) -> Any:
    command = parse(text, limits=limits)
    assert command is not None
    return command


# -- refusals that say what to write, in every locale --------------------------------------------

REFUSALS = [
    ("2R6", "error.notation.reroll_threshold", "2R6>=5"),
    ("2R6<=7", "error.notation.reroll_forever", "2R6>=5"),
    ("2R6[3", "error.notation.unclosed_bracket", "[5]"),
    ("2R6[]", "error.notation.expected_threshold", "2R6[5]"),
    ("4U6[6]+11>=21@4", "error.notation.threshold_twice", "4U6[6]+11>=21"),
    ("5U10", "error.notation.upper_threshold", "5U10[8]"),
    ("5U10[1]", "error.notation.upper_forever", "5U10[8]"),
    ("5U10[>=8]", "error.notation.upper_relation", "5U10[8]"),
    ("2TY21", "error.notation.tally_sides", "6TY6"),
    ("C(1/0)", "error.notation.division_by_zero", "0"),
    ("1D6/0", "error.notation.division_by_zero", "0"),
    ("1D6/1D2", "error.notation.dice_divisor", "1D6/2"),
    ("(1d6)d6", "error.notation.dice_count_dice", "(2+3)D6"),
    ("D66S+1", "error.notation.d66_order", "1D66"),
    ("2D66KH1", "error.notation.d66_modifier", "D66"),
    ("2D6>=?", "error.notation.unknown_target", "2D6>=7"),
    ("choice0[a,b]", "error.notation.choice_takes", "choice2[a,b,c]"),
    ("choice3[a,b]", "error.notation.choice_takes_many", "3"),
    ("choice[a]", "error.notation.choice_items", "choice[a,b,c]"),
    ("choice[a,b", "error.notation.unclosed_choice", "choice[a,b,c]"),
    ("x3 hello", "error.notation.repeat_what", "x3 2D6"),
    ("x2 x3 2d6", "error.notation.repeat_twice", "x6 2D6"),
    ("2b6+1", "error.notation.count_sum", "2B6+4B10>3"),
    ("1+3R6>=5", "error.notation.count_sum", "3R6>=5"),
]


@pytest.mark.parametrize(("text", "key", "example"), REFUSALS)
@pytest.mark.parametrize("locale", LOCALES)
def test_mistyped_commands_say_what_to_write(
    text: str, key: str, example: str, locale: str
) -> None:
    """Issue 22, item 6: text that looks like one of BCDice's commands but is not valid is
    refused, never read as chat, with a message that shows what to write, in the locale."""
    with pytest.raises(InvalidNotation) as caught:
        parse(text)
    message = caught.value.localized(locale)
    assert (key, True) == (caught.value.key, example in message)


# -- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["roll", "--seed", "1", "--", "C(10/3)"], "c(10/3) ＞ 3"),
        (["odds", "choice[a,b,c]"], "P(a) = 1/3 ≈ 33.33%"),
        (["odds", "6TY6", "--rows", "1"], "6TY6: mean 1, from 0 to 6"),
        (["odds", "3R6>=5", "--rows", "1"], "3R6[5]>=5: mean ≈1.5, from 0 to 18"),
    ],
)
def test_the_command_line_rolls_and_prints_the_odds_of_the_new_forms(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """tabletop-rules roll and odds take every new form."""
    from tabletop_rules.cli import main

    assert 0 == main(argv)
    assert expected == capsys.readouterr().out.splitlines()[0]
