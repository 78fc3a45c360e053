"""The readers of tables and decks refuse any bad file cleanly: ``InvalidData`` or a limit.

``tests/test_fuzz.py`` holds every entry point to the library's whole contract (only library
errors, short messages, bounded time and memory); this file asks more of the readers: a bad
file is refused with :class:`~tabletop_rules.errors.InvalidData` (a path and a message) or,
over a limit, :class:`~tabletop_rules.errors.LimitExceeded`, and nothing else; what they
accept rolls, draws and round-trips through JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules.dice import SeededDice
from tabletop_rules.errors import InvalidData, LimitExceeded
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.tables import (
    Decks,
    Table,
    read_bcdice_table,
    read_dice_decks,
    read_hktrpg_table,
)

_BCDICE = "表\n2D3\n2:a\n3:b\\nc\n4:d\n5:e\n6:f"
_DICE = '{"a": ["x", "::2::{b} [1d6]", "\\\\{b}"], "b": ["y", "{%c}"], "c": ["z"], "_h": ["w"]}'
_HKTRPG = ".ra add 寶箱 金幣{ran:100} {random:5-20}支箭 {br} {my.name}"


@st.composite
def mutated(draw: st.DrawFn, sample: str, alphabet: str) -> str:
    """*sample* with a few characters inserted, deleted or replaced, or random text."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text(alphabet=alphabet, max_size=60))
    text = list(sample)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.sampled_from(alphabet))
        if action == "insert":
            text.insert(at, char)
        elif text and at < len(text):
            if action == "delete":
                del text[at]
            else:
                text[at] = char
    return "".join(text)


_ALPHABET = "0123456789:：Dd6S\n\r 表ab{}[]%\\\"',_:"


def _use_table(table: Table) -> None:
    result = table.roll(SeededDice(1))
    result.render("ja")
    assert table == from_json(to_json(table), Table)


def _use_decks(decks: Decks) -> None:
    for deck in decks.decks:
        decks.draw(deck.name, SeededDice(1)).render("zh-Hant")
    assert decks == from_json(to_json(decks), Decks)


_CASES: list[tuple[str, Callable[[str], Any], Callable[[Any], None], str]] = [
    ("bcdice", read_bcdice_table, _use_table, _BCDICE),
    ("dice", read_dice_decks, _use_decks, _DICE),
    ("hktrpg", read_hktrpg_table, _use_decks, _HKTRPG),
]


@pytest.mark.parametrize(("name", "read", "use", "sample"), _CASES, ids=[c[0] for c in _CASES])
@given(data=st.data())
def test_a_mutated_file_is_read_or_refused_cleanly(
    name: str,
    read: Callable[[str], Any],
    use: Callable[[Any], None],
    sample: str,
    data: st.DataObject,
) -> None:
    """A mangled file is read (and then rolls and round-trips) or refused with InvalidData."""
    text = data.draw(mutated(sample, _ALPHABET), label="text")
    refusal: InvalidData | LimitExceeded | None = None
    try:
        value = read(text)
    except (InvalidData, LimitExceeded) as error:
        refusal = error
    if refusal is None:
        use(value)
    else:
        assert refusal.localized("ja")


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(alphabet="ab{}%[]:1", max_size=6),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(alphabet="ab_ ", max_size=3), children, max_size=3)
    ),
    max_leaves=12,
)


@given(_json_values)
def test_any_json_document_is_a_deck_file_or_refused(document: object) -> None:
    """Any JSON document is a deck file, or is refused with InvalidData at a path."""
    refusal: InvalidData | None = None
    try:
        decks = read_dice_decks(json.dumps(document))
    except InvalidData as error:
        refusal = error
    if refusal is None:
        _use_decks(decks)
    else:
        assert refusal.path.startswith("$")


@given(_json_values)
def test_any_json_is_a_table_or_refused(document: object) -> None:
    """``from_json`` of any document as a Table gives a table or InvalidData."""
    try:
        table = from_json(json.dumps(document), Table)
    except InvalidData:
        return
    _use_table(table)
