"""A channel's tables and decks: read from pasted text, kept with what is left of each deck.

A channel loads BCDice's original tables, Dice!'s deck files and HKTRPG's tables with
``.table add`` and the text pasted on the next lines of the same message; the bot offers
every message of the channel to its :class:`~tabletop_rules.tables.Library` first, then
to the dice notation. Decks drawn without replacement keep their
:class:`~tabletop_rules.tables.DeckState` here, stored as JSON beside the tables, so that a
restart draws on from what is left.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from tabletop_bot.messages import BotError
from tabletop_rules import from_json, notation, to_json
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.tables import (
    Decks,
    DeckState,
    Library,
    Table,
    read_bcdice_table,
    read_dice_decks,
    read_hktrpg_table,
)

__all__ = ["FORMATS", "MAX_LOADED", "Loaded", "detect", "read_pasted"]

#: The most tables and decks (hidden decks included) one channel holds.
MAX_LOADED = 200

#: The formats ``.table add`` reads, by the word that names them.
FORMATS: Final = ("bcdice", "dice", "hktrpg")

# HKTRPG's own command in front of its table (``.ra add 名稱 ...``).
_HKTRPG: Final = re.compile(r"[.。]r?ra[ps]?\s+add\s", re.IGNORECASE)


def _key(name: str) -> str:
    """A name as chat compares it (the library's way: NFKC, any case)."""
    return unicodedata.normalize("NFKC", name).casefold()


def detect(text: str) -> str:
    """The format of a pasted text: ``dice`` (JSON), ``hktrpg`` (``.ra add``), or ``bcdice``."""
    start = text.lstrip()
    if start.startswith("{"):
        return "dice"
    if _HKTRPG.match(start):
        return "hktrpg"
    return "bcdice"


def read_pasted(text: str, form: str | None) -> tuple[tuple[Table, ...], Decks]:
    """The tables and decks of a pasted text, in *form* (detected if ``None``).

    Raises:
        InvalidData: The text is not one in its format (the library's refusal).
        LimitExceeded: The text is over the library's limits.
    """
    form = form or detect(text)
    if form == "dice":
        return (), read_dice_decks(text)
    if form == "hktrpg":
        return (), read_hktrpg_table(text)
    return (read_bcdice_table(text),), Decks(())


def _reads_as_command(name: str) -> bool:
    """Whether the bot reads a table's name as one of its commands or a dice command."""
    normalized = unicodedata.normalize("NFKC", name).strip()
    if normalized.startswith((".", "。")):
        return True
    for system in (None, *_systems()):
        try:
            if notation.parse(normalized, system=system) is not None:
                return True
        except TabletopRulesError:
            return True
    return False


def _systems() -> Iterable[str]:
    from tabletop_bot.systems import SYSTEMS

    return SYSTEMS


@dataclass(frozen=True)
class Loaded:
    """A channel's tables and decks, what is left of its decks, and the library of both."""

    tables: tuple[Table, ...] = ()
    decks: Decks = field(default_factory=lambda: Decks(()))
    #: What is left of each deck drawn without replacement, by the deck's name.
    states: Mapping[str, DeckState] = field(default_factory=dict[str, DeckState])
    library: Library = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "library", Library(tables=self.tables, decks=self.decks))

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the tables and of the decks, in the order loaded."""
        return tuple(table.name for table in self.tables) + self.decks.names

    def adding(self, tables: tuple[Table, ...], decks: Decks) -> Loaded:
        """These tables and decks with *tables* and *decks* added.

        Raises:
            BotError: A name is loaded already, or reads as a command, or the channel
                would hold more than :data:`MAX_LOADED`.
            InvalidData: The decks, together, refer to one another in a loop.
        """
        taken = {_key(name) for name in self.names}
        for name in [table.name for table in tables] + list(decks.names):
            if _key(name) in taken:
                raise BotError("bot.tables.taken", name=name)
            taken.add(_key(name))
        for table in tables:
            if _reads_as_command(table.name):
                raise BotError("bot.tables.command_name", name=table.name)
        if len(taken) > MAX_LOADED:
            raise BotError("bot.tables.too_many", count=MAX_LOADED)
        # One namespace, as Dice! has: a deck's {name} may draw from another file's deck.
        return Loaded(self.tables + tables, Decks(self.decks.decks + decks.decks), self.states)

    def without(self, name: str) -> Loaded | None:
        """These without the table or deck called *name*; ``None`` if there is none."""
        key = _key(name)
        tables = tuple(table for table in self.tables if _key(table.name) != key)
        decks = tuple(deck for deck in self.decks.decks if _key(deck.name) != key)
        if len(tables) == len(self.tables) and len(decks) == len(self.decks.decks):
            return None
        kept = {deck.name for deck in decks}
        states = {deck: state for deck, state in self.states.items() if deck in kept}
        return Loaded(tables, Decks(decks), states)

    def drawn(self, state: DeckState) -> Loaded:
        """These with *state* as what is left of its deck."""
        return Loaded(self.tables, self.decks, {**self.states, state.deck: state})

    def deck_named(self, name: str) -> str | None:
        """The deck *name* names (as chat compares names); ``None`` if there is none."""
        key = _key(name)
        return next((deck for deck in self.decks.names if _key(deck) == key), None)

    def shuffled(self, deck: str) -> Loaded:
        """These with every card of *deck* back in it."""
        states = {name: state for name, state in self.states.items() if name != deck}
        return Loaded(self.tables, self.decks, states)

    def left(self, deck: str) -> int:
        """How many cards of *deck* are left to draw without replacement."""
        state = self.states.get(deck)
        return self.decks.deck(deck).copies if state is None else state.copies

    # JSON ---------------------------------------------------------------------------

    def tables_json(self) -> str:
        """The tables as the database stores them."""
        return to_json(self.tables)

    def decks_json(self) -> str:
        """The decks as the database stores them."""
        return to_json(self.decks)

    def states_json(self) -> str:
        """What is left of the decks as the database stores it."""
        return to_json(tuple(self.states.values()))

    @classmethod
    def read(cls, tables: str, decks: str, states: str) -> Loaded:
        """A channel's stored tables, decks and states, each checked.

        Raises:
            InvalidData: A column does not read, or a state is of no deck loaded (or does
                not fit it).
        """
        found_states = from_json(states, tuple[DeckState, ...])
        loaded = cls(from_json(tables, tuple[Table, ...]), from_json(decks, Decks))
        by_deck: dict[str, DeckState] = {}
        for state in found_states:
            if state.deck in by_deck:
                raise BotError("bot.reason.states_twice", deck=state.deck)
            # Odds from the state check it against its deck (InvalidData if it is none of it).
            loaded.decks.odds(state.deck, state=state)
            by_deck[state.deck] = state
        return cls(loaded.tables, loaded.decks, by_deck)
