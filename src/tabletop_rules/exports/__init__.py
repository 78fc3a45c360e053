"""Characters as pieces of the virtual tabletops players use: CCFOLIA and Udonarium.

Each rule system describes its characters (the skirmish: its cards) as a neutral
:class:`Piece` — a name, a memo, resources such as HP, parameters, and a chat palette of the
character's checks, each labelled in the player's language — through its
:attr:`~tabletop_rules.systems.RuleSystem.piece`.
This module writes a piece in either format:

- :func:`ccfolia`: the JSON text to paste onto a CCFOLIA board
  (``{"kind": "character", "data": {...}}``);
- :func:`udonarium`: the zip (``data.xml``) to drop onto an Udonarium table.

>>> from tabletop_rules import exports
>>> from tabletop_rules.m20 import EXAMPLE_SHEET, parse_sheet
>>> piece = exports.piece_of(parse_sheet(EXAMPLE_SHEET), system="m20", locale="zh-Hant")
>>> piece.resources[0]
Resource(label='HP', value=3, max=3)
>>> print(piece.palette[0].text)
1D20+{身理}+{物攻}>={難度} 身理判定（物攻，主動）
>>> exports.resolved(piece, piece.palette[0])
'1D20+3+3>=12'
>>> exports.ccfolia(piece)[:40]
'{"kind":"character","data":{"name":"楊望蒼"'

**The palette.**
Every line is a command that BCDice's generic dice bot answers, then a space and the label.
A ``{label}`` in a command is filled in by the tabletop with the piece's parameter or
resource of that label (so a player who edits a value edits every command that uses it).
Where a line says exactly what the rules decide, :attr:`PaletteLine.check` holds the
library's own command for it; a check BCDice cannot say (one roll against another, a natural
1+1 that always fails) gets the closest line, and the memo says what the table compares by
hand.

**Escaping.**
A player's text (a name, a description, an item's name) is made :func:`plain` on its way
into a piece: one line, the palette's braces turned into brackets, no character a file
cannot hold.
JSON and XML escape the rest, so no name can break a file or add a line to a palette.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

from tabletop_rules._arguments import checked, checked_text
from tabletop_rules.errors import InvalidData
from tabletop_rules.exports._ccfolia import ccfolia, ccfolia_data
from tabletop_rules.exports._piece import (
    MAX_PALETTE_LINES,
    MAX_TEXT,
    PaletteLine,
    Param,
    Piece,
    Pieces,
    Resource,
    note,
    plain,
    reference,
    resolved,
    signed,
)
from tabletop_rules.exports._udonarium import udonarium, udonarium_xml

if TYPE_CHECKING:
    from tabletop_rules.systems import Registry, RuleSystem

__all__ = [
    "FORMATS",
    "MAX_PALETTE_LINES",
    "MAX_TEXT",
    "Format",
    "PaletteLine",
    "Param",
    "Piece",
    "Pieces",
    "Resource",
    "ccfolia",
    "ccfolia_data",
    "export",
    "note",
    "piece_of",
    "pieces_of",
    "plain",
    "read_character",
    "reference",
    "resolved",
    "signed",
    "udonarium",
    "udonarium_xml",
]

#: A format a piece is written in.
Format = Literal["ccfolia", "udonarium"]
#: The formats, in the order the CLI lists them.
FORMATS: Final[tuple[Format, ...]] = ("ccfolia", "udonarium")


def _registry(registry: Registry | None) -> Registry:
    from tabletop_rules.systems import Registry

    if registry is None:
        return Registry.default()
    return checked(registry, Registry, "$.registry", "systems.Registry")


def pieces_of(system: str, *, registry: Registry | None = None) -> Pieces[Any]:
    """The :class:`Pieces` of the system called *system*.

    Raises:
        UnknownSystem: No system has that name.
        InvalidData: The system exports nothing (path ``$.system``), or an argument of the
            wrong type.

    .. versionadded:: 0.1.0
    """
    found: RuleSystem[Any, Any, Any, Any] = _registry(registry).get(system)
    if found.piece is None:
        raise InvalidData("$.system", "exports.error.no_pieces", system=system)
    return found.piece


def piece_of(
    character: object,
    *,
    system: str | None = None,
    locale: str = "en",
    registry: Registry | None = None,
) -> Piece:
    """The piece of *character* (a character, or a skirmish card) in *locale*.

    Args:
        character: What to export.
        system: The rule system it must be of; by default the one whose pieces are of its
            type.
        locale: The player's language: labels, memo and section names.
        registry: Where to find systems (every installed one by default).

    Raises:
        InvalidData: *character* is no character of *system* (path ``$.character``), or of
            any system when *system* is not given; an argument of the wrong type.
        UnknownSystem: No system is called *system*.

    .. versionadded:: 0.1.0
    """
    from tabletop_rules.i18n import resolve_locale

    locale = resolve_locale(checked_text(locale, "$.locale"))
    found = _registry(registry)
    if system is not None:
        return pieces_of(checked_text(system, "$.system"), registry=found).of(
            character, locale, system
        )
    for candidate in found:
        pieces = candidate.piece
        if pieces is not None and isinstance(character, pieces.character_type):
            return pieces.of(character, locale, candidate.name)
    raise InvalidData(
        "$.character",
        "exports.error.no_system",
        given=type(character).__name__,
        known=", ".join(found.names),
    )


def export(
    character: object,
    format: Format,
    *,
    system: str | None = None,
    locale: str = "en",
    registry: Registry | None = None,
) -> str | bytes:
    """*character* in *format*: CCFOLIA's JSON text, or Udonarium's zip as bytes.

    The arguments other than *format* are those of :func:`piece_of`.

    Raises:
        InvalidData: *format* is not one of :data:`FORMATS` (path ``$.format``), or as
            :func:`piece_of`.
        UnknownSystem: No system is called *system*.

    .. versionadded:: 0.1.0
    """
    if format not in FORMATS:
        raise InvalidData("$.format", "exports.error.format", given=str(format)[:40])
    piece = piece_of(character, system=system, locale=locale, registry=registry)
    if format == "ccfolia":
        return ccfolia(piece)
    from tabletop_rules.i18n import resolve_locale

    return udonarium(piece, resolve_locale(locale))


def read_character(text: str, system: str, *, registry: Registry | None = None) -> object:
    """What a player gave for *system*: its sheet, or a character's JSON, read.

    A system with its own reader (:attr:`Pieces.read`, such as the skirmish's card files)
    reads every text itself; otherwise a text that starts with ``{`` is the JSON of one of
    the system's characters, and any other text its sheet.

    Raises:
        InvalidCharacter: The sheet breaks the creation rules.
        InvalidData: The JSON or file does not fit, or the system exports nothing.
        UnknownSystem: No system is called *system*.

    .. versionadded:: 0.1.0
    """
    text = checked_text(text, "$.text")
    found = _registry(registry).get(checked_text(system, "$.system"))
    pieces = pieces_of(system, registry=_registry(registry))
    if pieces.read is not None:
        return pieces.read(text)
    if text.lstrip().startswith("{"):
        from tabletop_rules.serialization import from_json

        kind = pieces.character_type
        return from_json(text, kind if isinstance(kind, type) else kind[0])
    if found.sheets is None:
        raise InvalidData("$.system", "exports.error.no_sheet", system=system)
    return found.sheets.parse(text)
