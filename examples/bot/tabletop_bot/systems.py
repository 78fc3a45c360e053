"""The rule systems the bot plays: every registered one that has sheets and a lineup.

The bot keeps no code of its own for any system: a sheet is read and written with the
system's :attr:`~tabletop_rules.systems.RuleSystem.sheets`, a stored character's check is the
system's :attr:`~tabletop_rules.systems.RuleSystem.character_check`, a lobby's seats become a
setup through its :attr:`~tabletop_rules.systems.RuleSystem.lineup`, and the log and the menus
are its ``describe`` and ``command_label``. A system installed from another distribution
(``examples/duel``) is played exactly as the library's own four are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import attrs

from tabletop_bot.messages import BotError
from tabletop_rules import exports, from_json, to_json
from tabletop_rules.dice import DiceSource
from tabletop_rules.systems import Registry, RuleSystem
from tabletop_rules.systems import Seat as RuleSeat

__all__ = [
    "SYSTEMS",
    "Seat",
    "System",
    "check",
    "export",
    "kind",
    "playable",
    "read_sheet",
    "setup",
    "show_sheet",
]

#: A rule system, as the bot plays it.
System = RuleSystem[Any, Any, Any, Any]


@dataclass(frozen=True)
class Seat:
    """Someone in a lobby: a player's character (``player``) or a GM-run foe (``foe``)."""

    #: The chat user who controls it (the GM, for a foe).
    user: str
    #: Its id in the game.
    id: str
    #: ``"player"`` or ``"foe"``.
    role: str


def playable(registry: Registry) -> Mapping[str, System]:
    """The systems of *registry* the bot can play: those with sheets and a lineup, by name."""
    return {
        system.name: system
        for system in registry
        if system.sheets is not None and system.lineup is not None
    }


#: The systems the bot plays, by name: every installed one it can.
SYSTEMS: Mapping[str, System] = playable(Registry.default())


def _sheets(system: System) -> Any:
    sheets = system.sheets
    assert sheets is not None  # playable() keeps only systems with sheets
    return sheets


def kind(system: System) -> str:
    """The catalog key of what a sheet of *system* holds: a character, or a deck."""
    return str(_sheets(system).kind)


def read_sheet(system: System, text: str) -> str:
    """The JSON to store for a pasted sheet (``example``: the system's example sheet)."""
    sheets = _sheets(system)
    sheet = sheets.example if text.strip() == "example" else text
    return to_json(sheets.parse(sheet))


def _character(system: System, data: str) -> Any:
    return from_json(data, _sheets(system).character_type)


def export(system: System, data: str, locale: str) -> list[str]:
    """A stored character as CCFOLIA's clipboard JSON, labelled in *locale*.

    A deck is one piece for each of its cards (each card id read as the system's exports
    read one).

    Raises:
        BotError: The system has no pieces to export.
    """
    pieces = system.piece
    if pieces is None:
        raise BotError("bot.no_export", system=system.name)
    stored = _character(system, data)
    if isinstance(stored, pieces.character_type):
        characters: list[object] = [stored]
    else:  # a deck: the ids of its cards
        ids = [str(card) for card in getattr(stored, "cards", ())]
        characters = [exports.read_character(card, system.name) for card in ids]
    return [
        exports.ccfolia(exports.piece_of(character, system=system.name, locale=locale))
        for character in characters
    ]


def show_sheet(system: System, data: str, locale: str) -> str:
    """A stored character (or deck), as its sheet in *locale*."""
    return str(_sheets(system).format(_character(system, data), locale))


def check(system: System, data: str, words: Sequence[str], dice: DiceSource, locale: str) -> str:
    """Roll the check of a stored character that *words* name, explained in *locale*."""
    character_check = system.character_check
    if character_check is None:
        raise BotError("bot.no_check", system=system.name)
    found = character_check(_character(system, data), words)
    return found.resolve(dice).explain(locale)


def setup(system: System, seats: Sequence[Seat], sheets: Mapping[str, str]) -> object:
    """The setup of a game of *system*; *sheets* holds each seat's stored JSON by seat id."""
    lineup = system.lineup
    assert lineup is not None  # playable() keeps only systems with a lineup
    return lineup(
        [
            RuleSeat(
                id=seat.id,
                character=_foe(_character(system, sheets[seat.id]), seat),
                foe=seat.role == "foe",
            )
            for seat in seats
        ]
    )


def _foe(character: object, seat: Seat) -> object:
    """A foe: a copy of its template named after its id, so the log tells foes apart.

    A character with no name (a deck) is kept as it is.
    """
    kind = type(character)
    if seat.role != "foe" or not attrs.has(kind) or "name" not in attrs.fields_dict(kind):
        return character
    named: Any = character  # an attrs instance with a name field, as checked
    return attrs.evolve(named, name=seat.id)
