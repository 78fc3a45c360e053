"""Type-check the public API of tabletop_rules.tables as a bot author would use it."""

from __future__ import annotations

from fractions import Fraction
from typing import assert_type

from tabletop_rules.dice import ScriptedDice, SeededDice
from tabletop_rules.notation import Limits
from tabletop_rules.odds import Distribution
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.tables import (
    Card,
    DeckDraw,
    Decks,
    DeckState,
    DrawResult,
    Library,
    Row,
    Table,
    TableResult,
    TableRoll,
    read_bcdice_table,
    read_dice_decks,
    read_hktrpg_table,
)

table = read_bcdice_table("飲み物表\n1D2\n1:水\n2:緑茶", limits=Limits(max_entries=10))
assert_type(table, Table)
rolled = table.roll(ScriptedDice([2]))
assert_type(rolled, TableResult)
assert_type(rolled.render("ja"), str)
assert_type(rolled.row, Row)
assert_type(rolled.value, int)
assert_type(table.probability(table.rows[0]), Fraction)
assert_type(table.odds(), tuple[tuple[Row, Fraction], ...])
assert_type(table.distribution(), Distribution)

decks = read_dice_decks('{"fruit": ["apple", "::2::pear"]}')
assert_type(decks, Decks)
assert_type(read_hktrpg_table("九大陣營 守序善良 混亂邪惡"), Decks)
drawn = decks.draw("fruit", SeededDice(1), times=2)
assert_type(drawn, DrawResult)
assert_type(drawn.cards, tuple[str, ...])
assert_type(drawn.state, DeckState | None)
assert_type(decks.odds("fruit"), tuple[tuple[Card, Fraction], ...])
assert_type(decks.probability("fruit", "pear", times=2), Fraction)
if drawn.state is not None:
    assert_type(from_json(to_json(drawn.state), DeckState), DeckState)

library = Library(tables=(table,), decks=decks)
command = library.parse(".draw fruit")
assert_type(command, TableRoll | DeckDraw | None)
if isinstance(command, DeckDraw):
    assert_type(command.roll(SeededDice(2), state=None), DrawResult)
elif command is not None:
    assert_type(command.roll(SeededDice(2)), TableResult)
