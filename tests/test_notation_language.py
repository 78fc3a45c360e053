"""Tests of the common dice language of tabletop_rules.notation (issue 9, point 1)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import pytest

from tabletop_rules.dice import Dice, ScriptedDice
from tabletop_rules.errors import (
    InvalidData,
    InvalidNotation,
    LimitExceeded,
    NotationLimitExceeded,
    TabletopRulesError,
    UnsupportedNotation,
)
from tabletop_rules.i18n import LOCALES, catalog
from tabletop_rules.notation import (
    CHAIN_DEPTH,
    Check,
    CheckRoll,
    Command,
    CountResult,
    CountRoll,
    D66Roll,
    Expression,
    ExpressionResult,
    Keep,
    Part,
    Relation,
    Repeat,
    Reroll,
    Result,
    RolledPart,
    parse,
)
from tabletop_rules.serialization import from_json


def must(text: str) -> Command:
    command = parse(text)
    assert command is not None, f"{text!r} should be a command"
    return command


def rendered(text: str, faces: list[int], locale: str = "en") -> str:
    return must(text).roll(ScriptedDice(faces)).render(locale)


def chains(sides: int, face: int | None, limit: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every face sequence of one die with its weight out of sides**(limit + 1).

    ``face`` is the rerolled face (or ``None`` to explode on the highest face).
    """

    def walk(prefix: tuple[int, ...], extra: int) -> Iterator[tuple[tuple[int, ...], int]]:
        for f in range(1, sides + 1):
            continues = f == (sides if face is None else face) and extra < limit
            if continues:
                yield from walk((*prefix, f), extra + 1)
            else:
                yield (*prefix, f), sides ** (limit - extra)

    yield from walk((), 0)


def enumerated(command: Expression | Check, dice: list[tuple[int, int | None, int]]) -> Fraction:
    """P(success) or the distribution's P(total >= 0) by rolling every face sequence.

    ``dice`` lists, in rolling order, each die's sides, chain face and chain limit.
    """
    successes = Fraction(0)
    total = Fraction(0)
    per_die = [list(chains(sides, face, limit)) for sides, face, limit in dice]
    for combo in itertools.product(*per_die):
        faces = [f for sequence, _ in combo for f in sequence]
        weight = Fraction(1)
        for (sides, _, limit), (_, ways) in zip(dice, combo, strict=True):
            weight *= Fraction(ways, sides ** (limit + 1))
        result = command.roll(ScriptedDice(faces))
        total += weight
        if isinstance(result, CheckRoll):
            successes += weight * result.success
    assert total == 1
    return successes


# -- keep and drop ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "expected"),
    [
        ("4D6KH3", [3, 6, 1, 4], "(4D6KH3) ＞ 13[3,6,(1),4] ＞ 13"),
        ("4D6KL1", [3, 6, 1, 4], "(4D6KL1) ＞ 1[(3),(6),1,(4)] ＞ 1"),
        ("4D6DH1", [3, 6, 1, 4], "(4D6DH1) ＞ 8[3,(6),1,4] ＞ 8"),
        ("4D6DL1", [3, 6, 1, 4], "(4D6DL1) ＞ 13[3,6,(1),4] ＞ 13"),
        ("2D20KH1", [7, 15], "(2D20KH1) ＞ 15[(7),15] ＞ 15"),
        ("2D20KL1", [7, 15], "(2D20KL1) ＞ 7[7,(15)] ＞ 7"),
        ("4d6k3", [3, 6, 1, 4], "(4D6KH3) ＞ 13[3,6,(1),4] ＞ 13"),
    ],
)
def test_keep_and_drop_roll_and_render(text: str, faces: list[int], expected: str) -> None:
    """Kept dice count, dropped ones are shown in parentheses; K alone keeps the highest."""
    assert expected == rendered(text, faces)


def test_keep_ties_drop_the_later_die() -> None:
    """Of equal faces, the first rolled are kept."""
    assert "(3D6KH2) ＞ 8[4,4,(4)] ＞ 8" == rendered("3d6kh2", [4, 4, 4])


@pytest.mark.parametrize("text", ["4D6KH3", "4D6KL2", "4D6DH1", "4D6DL2", "2D20KH1", "3D4KL1"])
def test_keep_odds_equal_every_face_combination(text: str) -> None:
    """The exact distribution of a kept total equals rolling every face combination."""
    command = must(text)
    assert isinstance(command, Expression)
    part = command.parts[0]
    assert part.dice is not None
    combos = itertools.product(range(1, part.dice.sides + 1), repeat=part.dice.count)
    totals = [command.roll(ScriptedDice(list(faces))).total for faces in combos]
    for threshold in range(min(totals), max(totals) + 1):
        expected = Fraction(sum(t >= threshold for t in totals), len(totals))
        assert expected == command.distribution().p_at_least(threshold)


def test_advantage_equals_icepool() -> None:
    """P(2D20KH1+5 >= 15) equals icepool's keep-highest."""
    expected = Fraction((icepool.d(20).highest(2, 1) + 5 >= 15).probability(True))
    check = must("2d20kh1+5>=15")
    assert isinstance(check, Check)
    assert expected == check.probability()


# -- explode and reroll -------------------------------------------------------------------


def test_explosion_rolls_again_on_the_highest_face() -> None:
    """Each die showing its highest face rolls one more die, marked with !."""
    assert "(2D6!) ＞ 15[6!,6!,2,1] ＞ 15" == rendered("2d6!", [6, 6, 2, 1])


def test_explosion_stops_at_its_depth() -> None:
    """A die explodes at most CHAIN_DEPTH times; the last face then stands."""
    faces = [2] * (CHAIN_DEPTH + 1)
    result = must("1d2!").roll(ScriptedDice(faces))
    assert isinstance(result, ExpressionResult)
    assert 2 * (CHAIN_DEPTH + 1) == result.total


@pytest.mark.parametrize(
    ("text", "threshold"), [("1D3!>=4", 0), ("2D2!>=5", 0), ("1D2!+1D3>=6", 0)]
)
def test_explosion_odds_equal_every_chain(text: str, threshold: int) -> None:
    """The odds of exploding dice, to the stated depth, equal rolling every chain."""
    check = must(text)
    assert isinstance(check, Check)
    dice: list[tuple[int, int | None, int]] = []
    for part in check.left.parts:
        assert part.dice is not None
        limit = CHAIN_DEPTH if part.explode else 0
        dice.extend([(part.dice.sides, None, limit)] * part.dice.count)
    assert enumerated(check, dice) == check.probability()


def test_reroll_once_replaces_the_face() -> None:
    """R1 rolls a 1 again once; the first face is shown in parentheses."""
    assert "(1D20R1) ＞ 1[(1),1] ＞ 1" == rendered("1d20r1", [1, 1])


def test_reroll_until_another_face() -> None:
    """RR1 rolls again while the face is 1."""
    assert "(1D6RR1) ＞ 4[(1),(1),4] ＞ 4" == rendered("1d6rr1", [1, 1, 4])


@pytest.mark.parametrize(("text", "face", "once"), [("1D4R1>=3", 1, True), ("2D3RR3>=4", 3, False)])
def test_reroll_odds_equal_every_chain(text: str, face: int, once: bool) -> None:
    """The odds of rerolled dice equal rolling every chain of rerolls."""
    check = must(text)
    assert isinstance(check, Check)
    part = check.left.parts[0]
    assert part.dice is not None
    limit = 1 if once else CHAIN_DEPTH
    dice = [(part.dice.sides, face, limit)] * part.dice.count
    assert enumerated(check, dice) == check.probability()


# -- D66, counting rolls, comparisons, parentheses, factors --------------------------------


def test_d66_reads_tens_and_units() -> None:
    """D66 is two d6 read as tens and units, not a 66-sided die, shown as BCDice shows it."""
    assert "(D66) ＞ 35" == rendered("d66", [3, 5])
    roll = must("D66")
    assert isinstance(roll, D66Roll)
    distribution = roll.distribution()
    assert (11, 66, Fraction(1, 36), Fraction(0)) == (
        distribution.min,
        distribution.max,
        distribution.p_equal(35),
        distribution.p_equal(37),
    )


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "(6B6>=4) ＞ 2,3,5,6,4,1 ＞ Successes: 3"),
        ("zh-Hant", "(6B6>=4) ＞ 2,3,5,6,4,1 ＞ 成功數3"),
        ("ja", "(6B6>=4) ＞ 2,3,5,6,4,1 ＞ 成功数3"),
    ],
)
def test_counting_roll_counts_successes(locale: str, expected: str) -> None:
    """6B6>=4 shows each die and the number that pass, in the locale (成功数3, as BCDice)."""
    assert expected == rendered("6b6>=4", [2, 3, 5, 6, 4, 1], locale)


def test_counting_roll_without_a_comparison_shows_the_faces() -> None:
    """6B6 shows each die."""
    result = must("6B6").roll(ScriptedDice([2, 3, 5, 6, 4, 1]))
    assert isinstance(result, CountResult)
    assert ("(6B6) ＞ 2,3,5,6,4,1", 21) == (result.render(), result.total)


def test_counting_roll_odds_are_binomial() -> None:
    """The number of successes of 3B6>=5 is binomial with p = 1/3."""
    command = must("3b6>=5")
    assert isinstance(command, CountRoll)
    assert Fraction(7, 27) == command.distribution().p_at_least(2)


@pytest.mark.parametrize(
    ("text", "faces", "success", "probability"),
    [
        ("2d6=7", [3, 4], True, Fraction(1, 6)),
        ("2d6=7", [3, 3], False, Fraction(1, 6)),
        ("2d6<>7", [3, 4], False, Fraction(5, 6)),
        ("2d6<>7", [6, 6], True, Fraction(5, 6)),
    ],
)
def test_equal_and_not_equal(
    text: str, faces: list[int], success: bool, probability: Fraction
) -> None:
    """= succeeds only on equal totals and <> only on different ones, with exact odds."""
    check = must(text)
    assert isinstance(check, Check)
    result = check.roll(ScriptedDice(faces))
    assert (success, probability) == (result.success, check.probability())


def test_parentheses_and_factors() -> None:
    """(1D6+1)*2 doubles the group; 3*2D6 keeps its order, as BCDice shows it."""
    assert "((1D6+1)*2) ＞ (4[4]+1)*2 ＞ 10" == rendered("(1d6+1)*2", [4])
    assert "(3*2D6) ＞ 3*7[3,4] ＞ 21" == rendered("3*2d6", [3, 4])
    expression = must("(1d6+1)*2")
    assert isinstance(expression, Expression)
    assert {4: 1, 6: 1, 8: 1, 10: 1, 12: 1, 14: 1} == dict(expression.distribution().items())


def test_relation_accepts_a_comparison() -> None:
    """A checks.Comparison given to a Check is read as the relation of the same sign."""
    from tabletop_rules.checks import Comparison

    check = Check(
        left=Expression((Part(dice=Dice(1, 6)),)),
        comparison=Comparison.AT_MOST,
        right=Expression((Part(number=3),)),
    )
    assert Relation.AT_MOST is check.comparison


# -- comments, secret rolls, naturals -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "comment"),
    [
        ("2D6+3 attack the goblin", "attack the goblin"),
        ("1D20+5 攻撃", "攻撃"),
        ("1d20 + 5   攻擊 哥布林", "攻擊 哥布林"),
        ("x2 1d6 fire", "fire"),
    ],
)
def test_trailing_comment_is_kept(text: str, comment: str) -> None:
    """Text after the command and a space is a comment kept on the command and the result."""
    command = must(text)
    assert comment == command.comment
    assert must(str(command)) == command


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "(2D6+3) ＞ 7[3,4]+3 ＞ 10 — attack"),
        ("zh-Hant", "(2D6+3) ＞ 7[3,4]+3 ＞ 10「attack」"),
        ("ja", "(2D6+3) ＞ 7[3,4]+3 ＞ 10「attack」"),
    ],
)
def test_comment_is_shown_in_the_explanation(locale: str, expected: str) -> None:
    """The comment follows the result in each locale."""
    assert expected == rendered("2d6+3 attack", [3, 4], locale)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "(secret) (2D6>=7) ＞ 8[4,4] ＞ 8 ＞ Success"),
        ("zh-Hant", "（暗骰）(2D6>=7) ＞ 8[4,4] ＞ 8 ＞ 成功"),
        ("ja", "（シークレット）(2D6>=7) ＞ 8[4,4] ＞ 8 ＞ 成功"),
    ],
)
def test_secret_roll_is_marked(locale: str, expected: str) -> None:
    """S marks a roll as secret on the command and in the explanation."""
    command = must("S2D6>=7")
    assert command.secret
    assert expected == rendered("S2D6>=7", [4, 4], locale)


def test_secret_repeat() -> None:
    """S may come before a repeat."""
    command = must("Sx2 1d6")
    assert isinstance(command, Repeat)
    assert (True, 2) == (command.secret, command.times)


@pytest.mark.parametrize(
    ("text", "faces", "natural"),
    [
        ("1d20+5", [20], 20),
        ("1d20+5", [1], 1),
        ("1d20+5", [19], None),
        ("2d20kh1", [20, 3], 20),
        ("2d20kl1", [20, 1], 1),
        ("1d20+1d4", [20, 4], None),
        ("2d20", [20, 20], None),
    ],
)
def test_natural_20_and_1_on_a_single_d20(text: str, faces: list[int], natural: int | None) -> None:
    """A single d20 (or one kept d20) showing 20 or 1 is flagged; other sums are not."""
    result = must(text).roll(ScriptedDice(faces))
    assert isinstance(result, ExpressionResult)
    assert natural == result.natural


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "(1D20+5>=15) ＞ 20[20]+5 ＞ 25 ＞ Success (natural 20)"),
        ("zh-Hant", "(1D20+5>=15) ＞ 20[20]+5 ＞ 25 ＞ 成功（自然骰 20）"),
        ("ja", "(1D20+5>=15) ＞ 20[20]+5 ＞ 25 ＞ 成功（出目 20）"),
    ],
)
def test_natural_is_shown(locale: str, expected: str) -> None:
    """A natural 20 on a check is shown in the locale."""
    result = must("1d20+5>=15").roll(ScriptedDice([20]))
    assert isinstance(result, CheckRoll)
    assert (20, expected) == (result.natural, result.render(locale))


# -- not supported, one error to catch ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found", "position"),
    [
        ("1d%", "d%", 1),
        ("4dF", "dF", 1),
        ("2d6!!", "!!", 3),
        ("2d6!p", "!p", 3),
        ("2d6!=7", "!=", 3),
        ("2d6%2", "%", 3),
        ("2d6ro1", "o", 4),
        ("1d20cs>19", "cs", 4),
        ("2d6mi2", "mi", 3),
        ("1d20 + 1d4^2", "^", 10),
    ],
)
def test_look_alike_syntax_is_not_supported(text: str, found: str, position: int) -> None:
    """Syntax of other dice bots raises UnsupportedNotation naming it; it is never chat."""
    with pytest.raises(UnsupportedNotation) as caught:
        parse(text)
    assert (found, position) == (caught.value.params["found"], caught.value.position)


@pytest.mark.parametrize(
    ("text", "found", "position", "instead"),
    [
        ("2d6!=7", "!=", 3, "<>"),
        ("2D6 != 7", "!=", 4, "<>"),
        ("d20 != 10 to hit", "!=", 4, "<>"),
        ("２Ｄ６！＝７", "!=", 3, "<>"),
        ("2d6!==7", "!==", 3, "<>"),
        ("2d6=/=7", "=/=", 3, "<>"),
        ("2d6 =/= 7", "=/=", 4, "<>"),
        ("2d6=!7", "=!", 3, "<>"),
        ("2d6/=7", "/=", 3, "<>"),
        ("2d6==7", "==", 3, "="),
        ("2d6 === 7", "===", 4, "="),
        ("2d6=>7", "=>", 3, ">="),
        ("2d6=<7", "=<", 3, "<="),
        ("(2d6+1)!=7", "!=", 7, "<>"),
        ("4d6kh3!=12", "!=", 6, "<>"),
        ("1d20r1!=5", "!=", 6, "<>"),
        ("d66!=35", "!=", 3, "<>"),
        ("6B6!=4", "!=", 3, "<>"),
        ("6b6 == 4", "==", 4, "="),
        ("x3 2d6!=7", "!=", 6, "<>"),
        ("S2d6 != 7", "!=", 5, "<>"),
    ],
)
def test_other_spellings_of_a_comparison_say_what_to_write(
    text: str, found: str, position: int, instead: str
) -> None:
    """!=, =/=, == and the like are refused at the operator, naming this language's sign.

    A space before them does not make them a comment: ``2D6 != 7`` is no roll of 2D6.
    """
    with pytest.raises(UnsupportedNotation) as caught:
        parse(text)
    error = caught.value
    assert ("error.notation.comparison_spelling", found, position, instead) == (
        error.key,
        error.params["found"],
        error.position,
        error.params["instead"],
    )


@pytest.mark.parametrize(
    ("text", "locale", "expected"),
    [
        (
            "2d6!=7",
            "en",
            "“!=” is not supported here: write <> for not equal (column 4 of “2d6!=7”).",
        ),
        (
            "2d6!=7",
            "ja",
            "「!=」には対応していません。「等しくない」は <> と書いてください"
            "（「2d6!=7」の 4 文字目）。",
        ),
        ("2d6!=7", "zh-Hant", "不支援「!=」；「不等於」請寫成 <>（「2d6!=7」的第 4 個字）。"),
        ("2d6==7", "en", "“==” is not supported here: write = for equal (column 4 of “2d6==7”)."),
        (
            "2d6==7",
            "ja",
            "「==」には対応していません。「等しい」は = と書いてください"
            "（「2d6==7」の 4 文字目）。",
        ),
        ("2d6==7", "zh-Hant", "不支援「==」；「等於」請寫成 =（「2d6==7」的第 4 個字）。"),
    ],
)
def test_comparison_hint_is_localized(text: str, locale: str, expected: str) -> None:
    """The hint names the sign to write and what it means, in the reader's language."""
    with pytest.raises(UnsupportedNotation) as caught:
        parse(text)
    assert expected == caught.value.localized(locale)


@pytest.mark.parametrize("relation", list(Relation))
@pytest.mark.parametrize("locale", LOCALES)
def test_every_relation_has_a_name_in_every_locale(relation: Relation, locale: str) -> None:
    """The hints name a relation by a catalog entry that every locale has."""
    key = f"notation.relation.{relation.name.lower()}"
    assert key in catalog(locale)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("2d6!", "2D6!"),
        ("2d6!>5", "2D6!>5"),
        ("3d6!>=10", "3D6!>=10"),
        ("2d6!<=4", "2D6!<=4"),
        ("2d6!<>7", "2D6!<>7"),
        ("2d6! = 7", "2D6! = 7"),
        ("2d6! =7", "2D6! = 7"),
        ("1d6!+1d4!>=8", "1D6!+1D4!>=8"),
        ("2d6 !important", "2D6 !important"),
        ("2d6>=7 !!!", "2D6>=7 !!!"),
    ],
)
def test_explosions_and_comments_with_an_exclamation_mark_still_read(
    text: str, canonical: str
) -> None:
    """! after a die explodes it, before any comparison but !=; a comment may start with !."""
    command = must(text)
    assert (canonical, command) == (str(command), must(canonical))


@pytest.mark.parametrize("comment", ["!= 7", "!==7", "≠ 7", "/= 7", "== 7", "=> 7", "≥ 7"])
def test_no_comment_starts_with_another_bots_comparison(comment: str) -> None:
    """A command built in code or read from JSON has a text that reads back: no != comment."""
    with pytest.raises(ValueError, match="comment"):
        Expression((Part(dice=Dice(2, 6)),), comment=comment)
    stored = json.dumps({"parts": [{"dice": {"count": 2, "sides": 6}}], "comment": comment})
    with pytest.raises(InvalidData):
        from_json(stored, Expression)


def test_a_comment_may_start_with_an_exclamation_mark() -> None:
    """Only the comparisons are refused: a comment such as "!important" reads back."""
    command = Expression((Part(dice=Dice(2, 6)),), comment="!important")
    assert command == must(str(command))


@pytest.mark.parametrize(("text", "position"), [("2d6>=7!=3", 6), ("2d6>=7 != 3", 7)])
def test_a_misspelled_comparison_after_a_check_is_a_second_comparison(
    text: str, position: int
) -> None:
    """After a whole check, != is a second comparison, as <> is, not a comment."""
    with pytest.raises(InvalidNotation) as caught:
        parse(text)
    assert ("error.notation.second_comparison", position) == (
        caught.value.key,
        caught.value.position,
    )


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("2d6*1d4", "error.notation.dice_times_dice"),
        ("6B6+1", "error.notation.count_sum"),
    ],
)
def test_unsupported_combinations(text: str, key: str) -> None:
    """Combinations the language leaves out say so."""
    with pytest.raises(UnsupportedNotation) as caught:
        parse(text)
    assert key == caught.value.key


@pytest.mark.parametrize(
    "text", ["2d6+", "1d%", "101d6", "x21 1d6", "1d6" + "+1" * 150, "100d1000"]
)
def test_one_except_clause_catches_every_refusal(text: str) -> None:
    """Malformed, unsupported and over-the-limit commands are all InvalidNotation."""
    with pytest.raises(InvalidNotation) as caught:
        parse(text)
    assert isinstance(caught.value, TabletopRulesError)


def test_limit_refusal_is_both_notation_and_limit_error() -> None:
    """A limit refusal is a NotationLimitExceeded: an InvalidNotation and a LimitExceeded."""
    with pytest.raises(NotationLimitExceeded) as caught:
        parse("2d6+101d6")
    error = caught.value
    assert isinstance(error, InvalidNotation)
    assert isinstance(error, LimitExceeded)
    assert ("dice", 4) == (error.limit, error.position)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "column 5 of “2d6+1d2000”"),
        ("zh-Hant", "「2d6+1d2000」的第 5 個字"),
        ("ja", "「2d6+1d2000」の 5 文字目"),
    ],
)
def test_limit_errors_name_the_column_in_the_locale(locale: str, expected: str) -> None:
    """The limit error names the column of the offending term in the caller's locale."""
    with pytest.raises(NotationLimitExceeded) as caught:
        parse("2d6+1d2000")
    assert expected in caught.value.localized(locale)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("17D6!", "dice"),
        ("51D6R1", "dice"),
        ("17D6RR1", "dice"),
        ("x2 51B6>=4", "dice"),
        ("x21 2B6", "repeats"),
    ],
)
def test_explosions_rerolls_counting_rolls_and_repeats_meet_the_dice_limit(
    text: str, limit: str
) -> None:
    """The worst case of every chain, counting roll and repeat counts before any work."""
    with pytest.raises(NotationLimitExceeded) as caught:
        parse(text)
    assert limit == caught.value.limit


@pytest.mark.parametrize("locale", LOCALES)
def test_every_new_feature_renders_in_every_locale(locale: str) -> None:
    """Each feature rolls and renders in en, zh-Hant and ja."""
    faces = [3, 6, 1, 4, 6, 2, 1, 5, 3, 5, 2]
    for text in ["4d6kh3", "2d6!", "1d6r1", "d66", "(1d4+1)*2", "2d6<>7", "3b6>=4 hi"]:
        result = must(text).roll(ScriptedDice(faces))
        assert isinstance(result, Result)
        assert result.render(locale)


def test_built_values_check_their_fields() -> None:
    """Keep, Reroll and Part refuse impossible combinations."""
    with pytest.raises(InvalidData, match=r"\$\.kind: must be KH, KL, DH or DL"):
        Keep(kind="KX", count=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most one"):
        Part(dice=Dice(2, 6), explode=True, reroll=Reroll(face=1))
    with pytest.raises(ValueError, match="needs a roll"):
        RolledPart(part=Part(dice=Dice(1, 6)))


@pytest.mark.parametrize(("text", "same"), [("2d6≠7", "2d6<>7"), ("2D6 ≠ 1D6+1", "2D6<>1D6+1")])
def test_the_not_equal_sign_reads_as_not_equal(text: str, same: str) -> None:
    """≠, the sign the explanations print for <>, reads as <> (as ≥ reads as >=)."""
    command = must(text)
    assert (command, str(command)) == (must(same), str(must(same)))
