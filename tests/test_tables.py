"""BCDice's original tables: the text format, rolls with scripted dice, exact odds, JSON.

The scenarios are those of BCDice's own tests of ``UserDefinedDiceTable``
(``lib/bcdice/user_defined_dice_table.test.js`` in the npm package 4.9.0, BCDice 3.16.1)
and the example of its README (飲み物表).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.errors import InvalidData, LimitExceeded
from tabletop_rules.notation import Limits
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.tables import Row, Table, TableResult, read_bcdice_table

DRINKS = (
    "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料\n"
)
TEXT_1D6 = "テスト表\n1D6\n1:いち\n2:に\n3:さん\n4:し\n5:ご\n6:ろく"
TEXT_3D4 = (
    "3-4テスト表\n3D4\n3:さん\n4:し\n5:ご\n6:ろく\n7:なな\n8:はち\n9:きゅう\n10:じゅう\n"
    "11:じゅういち\n12:じゅうに"
)
D66_ALL = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
D66_ASCENDING = [10 * a + b for a in range(1, 7) for b in range(a, 7)]
D66_DESCENDING = sorted(10 * a + b for b in range(1, 7) for a in range(b, 7))


def _d66_text(name: str, dice: str, values: list[int], special: dict[int, str]) -> str:
    rows = "\n".join(f"{value}:{special.get(value, 'a')}" for value in values)
    return f"{name}\n{dice}\n{rows}"


def test_the_readme_example_reads_and_rolls() -> None:
    """BCDice's README: 飲み物表 rolled 6 gives 「飲み物表(6) ＞ 選ばれし者の知的飲料」."""
    table = read_bcdice_table(DRINKS)
    assert "飲み物表(6) ＞ 選ばれし者の知的飲料" == table.roll(ScriptedDice([6])).render()


@pytest.mark.parametrize(
    ("text", "faces", "expected"),
    [
        (TEXT_1D6, [1], "テスト表(1) ＞ いち"),
        (TEXT_1D6, [6], "テスト表(6) ＞ ろく"),
        (TEXT_3D4, [1, 1, 1], "3-4テスト表(3) ＞ さん"),
        (TEXT_3D4, [4, 4, 4], "3-4テスト表(12) ＞ じゅうに"),
        (
            _d66_text("ソートなし表", "D66", D66_ALL, {16: "いちろく"}),
            [1, 6],
            "ソートなし表(16) ＞ いちろく",
        ),
        (
            _d66_text("ソートなし表", "D66", D66_ALL, {61: "ろくいち"}),
            [6, 1],
            "ソートなし表(61) ＞ ろくいち",
        ),
        (
            _d66_text("ソート昇順表", "D66a", D66_ASCENDING, {16: "いちろく"}),
            [1, 6],
            "ソート昇順表(16) ＞ いちろく",
        ),
        (
            _d66_text("ソート昇順表", "D66a", D66_ASCENDING, {16: "いちろく"}),
            [6, 1],
            "ソート昇順表(16) ＞ いちろく",
        ),
        (
            _d66_text("ソート降順表", "D66d", D66_DESCENDING, {61: "ろくいち"}),
            [1, 6],
            "ソート降順表(61) ＞ ろくいち",
        ),
        (
            _d66_text("ソート降順表", "D66d", D66_DESCENDING, {61: "ろくいち"}),
            [6, 1],
            "ソート降順表(61) ＞ ろくいち",
        ),
    ],
)
def test_bcdice_scenarios_roll_alike(text: str, faces: list[int], expected: str) -> None:
    """Each scenario of BCDice's UserDefinedDiceTable tests gives BCDice's text."""
    assert expected == read_bcdice_table(text).roll(ScriptedDice(faces)).render()


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("不正な表\nD100\n100:ひゃく", "$.dice"),  # invalid_dice_type
        ("抜けありテスト表\n3D4\n3:さん\n4:し\n5:ご\n6:ろく\n12:じゅうに", "$.rows"),  # miss rows
        ("重複あり表\n2D4\n2:a\n2:b\n4:c\n5:d\n6:e\n7:f\n8:g", "$.rows[1]"),  # dup rows
        ("範囲外表\n1D4\n1:a\n2:b\n3:c\n5:d", "$.rows"),  # out of range: no row for 4
        (_d66_text("フォーマット確認(D66)", "D66", D66_ASCENDING, {}), "$.rows"),  # invalid_d66
        (_d66_text("フォーマット確認(D66d)", "D66a", D66_DESCENDING, {}), "$.rows"),
        (_d66_text("フォーマット確認(D66d)", "D66d", D66_ASCENDING, {}), "$.rows"),
    ],
)
def test_tables_bcdice_finds_invalid_are_refused_with_a_path(text: str, path: str) -> None:
    """Every table BCDice's ``valid?`` refuses in its tests is refused, at the bad field."""
    with pytest.raises(InvalidData) as raised:
        read_bcdice_table(text)
    assert path == raised.value.path


def test_a_row_out_of_range_names_the_row() -> None:
    """A row the dice can never give is named, with the range the dice give."""
    with pytest.raises(InvalidData) as raised:
        read_bcdice_table("表\n1D2\n1:a\n2:b\n3:c")
    assert ("$.rows[2]", "row 3 can never be rolled: 1D2 gives 1 to 2") == (
        raised.value.path,
        raised.value.detail,
    )


def test_a_row_written_twice_names_both_lines() -> None:
    """Two rows for one value are refused with both lines, where BCDice takes the first."""
    with pytest.raises(InvalidData) as raised:
        read_bcdice_table("表\n1D2\n1:a\n2:b\n1:c")
    assert "line 5: the row for 1 is written twice (lines 3 and 5): keep one" == (
        raised.value.detail
    )


def test_a_line_without_a_colon_says_how_to_write_a_row() -> None:
    """A row without ``value:`` says how rows are written, with its line."""
    with pytest.raises(InvalidData) as raised:
        read_bcdice_table("表\n1D2\n1:a\nb")
    assert raised.value.detail.startswith("line 4: write each row as its value, a colon")


def test_backslash_n_is_a_line_break_and_text_is_stripped() -> None:
    """A row's ``\\n`` is a line break and its text is stripped, as BCDice's ``roll`` does."""
    table = read_bcdice_table("表\n1D2\n1:  one\\ntwo  \n2:b")
    assert "one\ntwo" == table.rows[0].text


def test_blank_lines_case_and_full_width_are_read() -> None:
    """Blank lines are skipped, the dice in any case, and a full-width row key is read."""
    table = read_bcdice_table("\n表\n\n１ｄ２\n１：a\n\n2:b\n")
    assert (Dice(1, 2), ("a", "b")) == (table.dice, tuple(row.text for row in table.rows))


def test_rows_may_come_in_any_order() -> None:
    """Rows are looked up by value, whatever their order in the text."""
    table = read_bcdice_table("表\n1D3\n3:c\n1:a\n2:b")
    assert "表(1) ＞ a" == table.roll(ScriptedDice([1])).render()


@pytest.mark.parametrize("locale", ["en", "zh-Hant", "ja"])
def test_the_text_is_bcdice_s_in_every_locale(locale: str) -> None:
    """The line is BCDice's in every locale: the table's own words carry the meaning."""
    result = read_bcdice_table(DRINKS).roll(ScriptedDice([2]))
    assert "飲み物表(2) ＞ 緑茶" == result.render(locale)


def test_a_secret_roll_says_so() -> None:
    """A secret table roll is marked as the notation marks secret rolls."""
    result = TableResult(table=read_bcdice_table(DRINKS), roll=Roll(Dice(1, 6), (2,)), secret=True)
    assert "（暗骰）飲み物表(2) ＞ 緑茶" == result.render("zh-Hant")


def test_ranges_cover_several_values() -> None:
    """A row built in code may cover a range, and carries all of its values' odds."""
    table = Table(
        name="encounter",
        dice=Dice(2, 6),
        rows=(Row(low=2, high=6, text="quiet"), Row(low=7, high=12, text="ambush")),
    )
    assert (Fraction(5, 12), Fraction(7, 12)) == tuple(chance for _, chance in table.odds())


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """Valid tables: a sum of up to 3 small dice or a D66 in any order, one row a value."""
    if draw(st.booleans()):
        order = draw(st.sampled_from(["", "N", "A", "S", "D"]))
        values = {"": D66_ALL, "N": D66_ALL, "A": D66_ASCENDING, "S": D66_ASCENDING}.get(
            order, D66_DESCENDING
        )
        rows = tuple(Row(low=value, high=value, text=f"r{value}") for value in values)
        return Table(name="t", dice=Dice(2, 6), d66=order, rows=rows)  # type: ignore[arg-type]
    dice = Dice(draw(st.integers(1, 3)), draw(st.integers(1, 6)))
    values = list(range(dice.minimum, dice.maximum + 1))
    cuts = sorted(draw(st.sets(st.sampled_from(values[1:]), max_size=4))) if values[1:] else []
    bounds = [values[0], *cuts, values[-1] + 1]
    rows = tuple(
        Row(low=low, high=high - 1, text=f"r{low}") for low, high in itertools.pairwise(bounds)
    )
    return Table(name="t", dice=dice, rows=draw(st.permutations(rows)))


@given(tables())
def test_odds_equal_enumeration(table: Table) -> None:
    """Rolling every combination of faces gives each row exactly its odds × combinations."""
    sides = [6, 6] if table.d66 is not None else [table.dice.sides] * table.dice.count
    combinations = list(itertools.product(*(range(1, side + 1) for side in sides)))
    counts = dict.fromkeys(table.rows, 0)
    for faces in combinations:
        counts[table.roll(ScriptedDice(faces)).row] += 1
    expected = {row: chance * len(combinations) for row, chance in table.odds()}
    assert expected == counts


@given(tables())
def test_probability_of_each_row_is_its_odds(table: Table) -> None:
    """``probability(row)`` and ``odds()`` agree, and the odds add up to 1."""
    odds = table.odds()
    assert (1, [chance for _, chance in odds]) == (
        sum(chance for _, chance in odds),
        [table.probability(row) for row, _ in odds],
    )


@given(tables(), st.integers())
def test_tables_and_results_round_trip_through_json(table: Table, seed: int) -> None:
    """A table and a rolled result come back equal from JSON."""
    result = table.roll(SeededDice(seed))
    assert (table, result) == (
        from_json(to_json(table), Table),
        from_json(to_json(result), TableResult),
    )


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"name":"t","dice":{"count":1,"sides":2},"d66":null,"rows":[]}', "$.rows"),
        (
            '{"name":"t","dice":{"count":1,"sides":6},"d66":"S",'
            '"rows":[{"low":1,"high":6,"text":"a"}]}',
            "$.dice",
        ),
        (
            '{"name":"t","dice":{"count":1,"sides":2},"d66":null,'
            '"rows":[{"low":2,"high":1,"text":"a"}]}',
            "$.rows[0].high",
        ),
        (
            '{"name":" t","dice":{"count":1,"sides":1},"d66":null,'
            '"rows":[{"low":1,"high":1,"text":"a"}]}',
            "$.name",
        ),
    ],
)
def test_bad_json_tables_raise_invalid_data_with_the_path(text: str, path: str) -> None:
    """JSON for an impossible table is refused at the bad field."""
    with pytest.raises(InvalidData) as raised:
        from_json(text, Table)
    assert path == raised.value.path


def test_a_result_of_other_dice_is_refused() -> None:
    """A result whose roll is not the table's dice cannot be built."""
    with pytest.raises(InvalidData) as raised:
        TableResult(table=read_bcdice_table(DRINKS), roll=Roll(Dice(2, 6), (1, 2)))
    assert "$.roll.dice" == raised.value.path


def test_too_many_rows_are_refused_before_they_are_read() -> None:
    """A table with more rows than ``max_entries`` is refused as a limit."""
    text = "表\n1D20\n" + "\n".join(f"{n}:x" for n in range(1, 21))
    with pytest.raises(LimitExceeded) as raised:
        read_bcdice_table(text, limits=Limits(max_entries=10))
    assert ("entries", 10, 20) == (raised.value.limit, raised.value.allowed, raised.value.given)


def test_too_long_a_text_is_refused_first() -> None:
    """A text longer than ``max_source`` is refused before anything is read."""
    with pytest.raises(LimitExceeded) as raised:
        read_bcdice_table("x" * 101, limits=Limits(max_source=100))
    assert "source" == raised.value.limit


def test_dice_over_the_notation_s_limits_are_refused() -> None:
    """A table's dice are held to the notation's limits of dice and sides."""
    with pytest.raises(LimitExceeded) as raised:
        read_bcdice_table("表\n1D2000\n1:a", limits=Limits(max_entries=5000))
    assert "sides" == raised.value.limit


@pytest.mark.parametrize(
    "text", ["[" * 100_000, '{"a": ' + "[" * 1_001 + '"x"' + "]" * 1_001 + "}"]
)
def test_on_a_small_stack_deep_deck_json_is_refused_before_decoding(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """On the browser's Python, whose C decoder would overflow the stack, nesting is bounded."""
    from tabletop_rules.tables import _decks, read_dice_decks

    monkeypatch.setattr(_decks, "SMALL_STACK", True)
    with pytest.raises(InvalidData, match="nested too deeply") as info:
        read_dice_decks(text)
    assert "$" == info.value.path
