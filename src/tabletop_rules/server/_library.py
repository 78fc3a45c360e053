"""The library's own routes, as plain data: check a sheet, export a character, verify a record."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tabletop_rules.errors import (
    CorruptRecord,
    InvalidCharacter,
    InvalidData,
    TabletopRulesError,
    UnknownSystem,
)
from tabletop_rules.server._rolls import Refusal

if TYPE_CHECKING:
    from tabletop_rules.systems import Registry

__all__ = ["check_sheet", "export", "sheet_text", "verify_record"]


def _refused(error: TabletopRulesError, locale: str, status: int = 400) -> Refusal:
    message = error.localized(locale)
    return Refusal(status, message, message)


def _system(name: str, registry: Registry, locale: str) -> None:
    if name not in registry:
        raise _refused(UnknownSystem(name[:80], registry.names), locale)


def sheet_text(body: bytes, content_type: str, locale: str) -> str:
    """The sheet a request holds: its text, or the ``sheet`` of a JSON object.

    Raises:
        Refusal: The body is no UTF-8 text, or JSON without a ``sheet`` text.
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise _refused(InvalidData("$", "server.error.not_utf8"), locale) from None
    if content_type.startswith("application/json"):
        data: object = _json(text, locale)
        sheet = _field(data, "sheet")
        if not isinstance(sheet, str):
            raise _refused(InvalidData("$.sheet", "server.error.sheet_field"), locale)
        return sheet
    return text


def _field(data: object, name: str) -> object:
    """*data*'s field *name* when *data* is a JSON object, else ``None``."""
    if not isinstance(data, dict):
        return None
    found: dict[str, object] = data  # pyright: ignore[reportUnknownVariableType]  # JSON's keys are texts
    return found.get(name)


def _json(text: str, locale: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        detail = str(error)[:120]
        raise _refused(InvalidData("$", "server.error.json", error=detail), locale) from None


def check_sheet(system: str, sheet: str, registry: Registry, locale: str) -> dict[str, Any]:
    """Read *sheet* as *system*'s sheet: the character, or every problem in *locale*.

    Raises:
        Refusal: No such system, or one without sheets.
    """
    from tabletop_rules.serialization import to_json

    _system(system, registry, locale)
    found = registry.get(system)
    if found.sheets is None:
        raise _refused(InvalidData("$.system", "exports.error.no_sheet", system=system), locale)
    try:
        character = found.sheets.parse(sheet)
    except InvalidCharacter as error:
        return {"ok": True, "valid": False, "problems": list(error.localized_problems(locale))}
    except TabletopRulesError as error:
        return {"ok": True, "valid": False, "problems": [error.localized(locale)]}
    return {
        "ok": True,
        "valid": True,
        "problems": [],
        "character": json.loads(to_json(character)),
        "sheet": found.sheets.format(character, locale),
    }


def export(
    system: str, text: str, format: str, registry: Registry, locale: str
) -> tuple[bytes, str]:
    """*text* (a sheet, a character's JSON, a card file) exported: the bytes and their type.

    Raises:
        Refusal: No such system; a sheet that breaks the rules; a format that is not known.
    """
    from tabletop_rules import exports

    _system(system, registry, locale)
    if format not in exports.FORMATS:
        raise _refused(InvalidData("$.format", "exports.error.format", given=format[:40]), locale)
    try:
        character = exports.read_character(text, system, registry=registry)
        piece = exports.piece_of(character, system=system, locale=locale, registry=registry)
    except TabletopRulesError as error:
        raise _refused(error, locale) from None
    if format == "ccfolia":
        return exports.ccfolia(piece).encode("utf-8"), "application/json"
    return exports.udonarium(piece, locale), "application/zip"


def verify_record(text: str, registry: Registry, locale: str) -> dict[str, Any]:
    """Replay a stored ``GameRecord``, verified: its log in *locale*, or where it breaks.

    Raises:
        Refusal: The text is no record (bad JSON, a field that does not fit, an unknown
            system).
    """
    from tabletop_rules.engine import GameRecord, replay
    from tabletop_rules.serialization import from_json

    record: GameRecord[Any, Any, Any]
    try:
        record = from_json(text, GameRecord)  # pyright: ignore[reportUnknownVariableType]
    except (TabletopRulesError, RecursionError) as error:
        if isinstance(error, RecursionError):
            error = InvalidData("$", "server.error.json", error="nested too deeply")
        raise _refused(error, locale) from None
    if record.system not in registry:
        raise _refused(UnknownSystem(record.system[:80], registry.names), locale)
    system = registry.get(record.system)
    try:
        state = replay(record, registry=registry)
    except CorruptRecord as error:
        return {
            "ok": True,
            "valid": False,
            "index": error.index,
            "problems": [error.localized(locale)],
        }
    except TabletopRulesError as error:
        return {"ok": True, "valid": False, "index": None, "problems": [error.localized(locale)]}
    events: tuple[Any, ...] = record.events
    return {
        "ok": True,
        "valid": True,
        "system": record.system,
        "entries": len(record.entries),
        "events": len(events),
        "over": bool(system.ruleset.is_over(state)),
        "log": [system.describe(event, locale, state=state) for event in events],
    }
