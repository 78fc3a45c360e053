r"""Tables and decks: BCDice's original tables, Dice!'s ``.draw`` decks and HKTRPG's tables.

A table rolls its dice and reads the row that covers the value; a deck draws cards, each
as likely as its weight, with or without replacement.
Each is a frozen value, read from its bot's own file format or from the library's JSON,
rolled with any :class:`~tabletop_rules.dice.DiceSource` (so
:class:`~tabletop_rules.dice.ScriptedDice` scripts it), with the exact chance of each row
and card, and explained BCDice-style:

>>> from tabletop_rules.dice import ScriptedDice
>>> from tabletop_rules.tables import read_bcdice_table
>>> table = read_bcdice_table(
...     "ドリンク表\n2D6\n" + "\n".join(f"{n}:drink {n}" for n in range(2, 13))
... )
>>> print(table.roll(ScriptedDice([3, 4])).render())
ドリンク表(7) ＞ drink 7
>>> table.probability(table.row_for(7))
Fraction(1, 6)

**Formats.**
:func:`read_bcdice_table` reads BCDice's original tables (the text bcdice-api's
``/v2/original_table`` takes: a name, the dice, then ``value:text`` rows);
:func:`read_dice_decks` reads Dice!'s deck files (JSON: deck names and their cards, with
weights ``::n::``, references ``{deck}`` and ``{%deck}`` and rolls ``[1D6]``);
:func:`read_hktrpg_table` reads HKTRPG's tables (``.ra add 名稱 選項1 選項2 ...``).
Each refuses a bad file with :class:`~tabletop_rules.errors.InvalidData`, whose path names
the bad field and whose message says what to write.
The values go to JSON and back with :func:`~tabletop_rules.serialization.to_json` and
:func:`~tabletop_rules.serialization.from_json`, as every public value does.

**Limits.**
The notation's :class:`~tabletop_rules.notation.Limits` bound tables and decks too: the
characters of a file (``max_source``), its rows, cards and decks (``max_entries``), the dice
of a table (``max_dice``, ``max_sides``), the cards of one draw (``max_repeats``), and, at
the worst, the references a draw expands (``max_references``), their depth (``max_depth``)
and the characters it gives (``max_output``).
A draw's worst case is known from the file alone, so a draw that could go over a limit is
refused before anything is rolled; decks that refer to one another in a loop are refused
when they are read.

**Chat.**
:class:`Library` holds the tables and decks a bot has loaded and reads the messages that
name them: a table's name (as BCDice answers an original table's), ``.draw`` (Dice!) and
``.ra`` / ``.rra`` (HKTRPG).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from tabletop_rules.tables._decks import (
    MAX_WEIGHT,
    Card,
    Deck,
    DeckDraw,
    Decks,
    DeckState,
    DrawResult,
    read_dice_decks,
    read_hktrpg_table,
)
from tabletop_rules.tables._library import Library
from tabletop_rules.tables._tables import Row, Table, TableResult, TableRoll, read_bcdice_table

__all__ = [
    "MAX_WEIGHT",
    "Card",
    "Deck",
    "DeckDraw",
    "DeckState",
    "Decks",
    "DrawResult",
    "Library",
    "Row",
    "Table",
    "TableResult",
    "TableRoll",
    "read_bcdice_table",
    "read_dice_decks",
    "read_hktrpg_table",
]
