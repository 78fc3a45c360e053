"""BCDice as the oracle of original tables (BCDice's ``UserDefinedDiceTable``).

BCDice 3.16.1 (the npm ``bcdice`` package 4.9.0) runs in Node through
``tools/bcdice/oracle.cjs``, whose randomizer is fed the faces the library rolled.
For generated tables of BCDice's format, the two must agree on the text, on the dice rolled,
and on which tables are valid; the readings the library keeps apart from BCDice's
("Differences from BCDice" on the tables page) are each checked here against BCDice too.

``nox -s bcdice`` runs this file with the oracle installed; elsewhere it is skipped, with the
reason, when Node or the package is missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.errors import InvalidData
from tabletop_rules.tables import read_bcdice_table

from .test_notation_bcdice import _REASON, oracle

pytestmark = pytest.mark.skipif(_REASON is not None, reason=_REASON or "")

_D66 = {
    "D66": [10 * a + b for a in range(1, 7) for b in range(1, 7)],
    "D66A": [10 * a + b for a in range(1, 7) for b in range(a, 7)],
    "D66D": sorted(10 * a + b for b in range(1, 7) for a in range(b, 7)),
}
_D66["D66N"], _D66["D66S"] = _D66["D66"], _D66["D66A"]


@pytest.fixture(scope="module", autouse=True)
def _stop_the_oracle() -> Iterator[None]:
    yield
    if oracle.cache_info().currsize:
        oracle().close()
        oracle.cache_clear()


def ask_table(text: str, faces: list[int]) -> dict[str, Any]:
    """BCDice's roll of the original table *text* with its dice showing *faces*, in order."""
    process = oracle().process
    assert process.stdin is not None
    process.stdin.write(json.dumps({"table": text, "faces": faces}) + "\n")
    process.stdin.flush()
    return oracle()._read()  # pyright: ignore[reportPrivateUsage]


class RecordingDice:
    """Seeded dice that remember each die's sides and face, in the order rolled."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededDice(seed)
        self.sides: list[int] = []
        self.faces: list[int] = []

    def roll(self, dice: Dice) -> Roll:
        roll = self.inner.roll(dice)
        self.sides.extend([dice.sides] * dice.count)
        self.faces.extend(roll.faces)
        return roll


_words = st.text(alphabet=st.sampled_from("abcXYZ 表水茶:：1\\n"), min_size=1, max_size=12).filter(
    lambda text: text.strip() == text and "\\n" not in text[-2:] and text[:2] != "\\n"
)


@st.composite
def table_texts(draw: st.DrawFn) -> str:
    """Valid tables of BCDice's format: a name, sum dice or a D66, one row a value."""
    name = draw(st.text(alphabet="表ABCxyz()0-9 ", min_size=1, max_size=10).map(str.strip))
    name = name or "表"
    if draw(st.booleans()):
        dice = draw(st.sampled_from(sorted(_D66)))
        values = _D66[dice]
        written = draw(st.sampled_from([dice, dice.lower()]))
    else:
        count, sides = draw(st.integers(1, 3)), draw(st.integers(1, 8))
        values = list(range(count, count * sides + 1))
        written = draw(st.sampled_from([f"{count}D{sides}", f"{count}d{sides}"]))
    rows = [f"{value}:{draw(_words)}" for value in values]
    rows = draw(st.permutations(rows))
    return "\n".join([name, written, *rows])


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(table_texts(), st.integers(0, 2**32))
def test_generated_tables_roll_alike(text: str, seed: int) -> None:
    """A generated table rolled by both on the same faces gives the same text and dice."""
    dice = RecordingDice(seed)
    result = read_bcdice_table(text).roll(dice)
    answer = ask_table(text, dice.faces)
    assert (True, result.render(), dice.sides) == (answer["valid"], answer["text"], answer["asked"])


@pytest.mark.parametrize(
    "text",
    [
        "表\n1D6\n1:a\n2:b\n3:c\n4:d\n5:e",  # a row missing
        "表\n1D4\n1:a\n2:b\n3:c\n5:d",  # a row out of range
        "表\n2D4\n2:a\n2:b\n4:c\n5:d\n6:e\n7:f\n8:g",  # a value twice, one missing
        "表\nD100\n100:a",  # no such dice
        "表\nD6\n1:a\n2:b\n3:c\n4:d\n5:e\n6:f",  # no count
        "表\n1D2\n1:a\nb",  # no value
        "表\nD66\n" + "\n".join(f"{value}:a" for value in _D66["D66A"]),  # D66A rows for D66
    ],
)
def test_tables_bcdice_refuses_are_refused(text: str) -> None:
    """What BCDice finds invalid (and does not roll), the library refuses with InvalidData."""
    answer = ask_table(text, [1] * 6)
    with pytest.raises(InvalidData):
        read_bcdice_table(text)
    assert (False, None) == (answer["valid"], answer["text"])


def test_difference_a_value_written_twice() -> None:
    """Difference: BCDice takes the first of two rows for one value; the library refuses."""
    text = "表\n1D2\n1:a\n2:b\n1:c"
    assert "表(1) ＞ a" == ask_table(text, [1])["text"]
    with pytest.raises(InvalidData):
        read_bcdice_table(text)


@pytest.mark.parametrize(
    "text",
    [
        "表\n  1D2\n1:a\n2:b",  # spaces before the dice
        "表\n1D2\n 1:a\n2:b",  # spaces before a row
        "表\n1D2\n1 :a\n2:b",  # a space before the colon
        "表\n1D2\n１：a\n2:b",  # a full-width value and colon
        "表\n1D2\n01:a\n2:b",  # a leading zero
    ],
)
def test_difference_spaces_full_width_and_zeros_are_read(text: str) -> None:
    """Difference: BCDice rolls none of these tables; the library reads them."""
    assert None is ask_table(text, [1])["text"]
    assert "表(1) ＞ a" == read_bcdice_table(text).roll(ScriptedDice([1])).render()
