"""What bcdice-api's routes answer, as plain data: the work of each request, without HTTP.

Every function here is synchronous and bounded by the library's own limits (the notation's,
the JSON's and the server's body cap); :mod:`._app` runs each in a worker thread under the
request's time bound.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules import __version__
from tabletop_rules.checks import Outcome
from tabletop_rules.dice import Dice, DiceSource, Roll, SeededDice
from tabletop_rules.errors import InvalidNotation, TabletopRulesError, UnknownSystem
from tabletop_rules.i18n import translate

if TYPE_CHECKING:
    from tabletop_rules.systems import Registry

__all__ = [
    "BCDICE_API_VERSION",
    "GENERIC",
    "Refusal",
    "game_system",
    "game_systems",
    "original_table",
    "roll",
]

#: The id of BCDice's generic dice bot, which the library's common dice language answers.
GENERIC: Final = "DiceBot"
#: The version of bcdice-api whose routes and shapes the server answers with.
BCDICE_API_VERSION: Final = "2.0.0"
#: BCDice's own sort key of the generic dice bot (first in every list).
_GENERIC_SORT_KEY: Final = "*たいすほつと"
#: What starts a command of the common language, as BCDice's generic bot's pattern writes it
#: (a JavaScript and a Python regular expression alike; a client ignores case).
_COMMON: Final = r"[+\-(]*\d*D\d|\d+B\d+|D66|\d+R\d+|\d+U\d+|(?:repeat|rep|x)\d+|C\(|choice"


@attrs.frozen
class Refusal(Exception):  # a refusal to answer, not an error of the code
    """A request the server answers with ``{"ok": false, "reason": ...}``.

    Args:
        status: The HTTP status (4xx).
        reason: bcdice-api's reason where bcdice-api has one (``unsupported command``),
            else the library's message.
        message: The library's message in the reader's locale.
    """

    status: int
    reason: str
    message: str


class _Recording:
    """A dice source that keeps every roll it hands out, for ``rands``."""

    __slots__ = ("rolls", "source")

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.rolls: list[Roll] = []

    def roll(self, dice: Dice) -> Roll:
        rolled = self.source.roll(dice)
        self.rolls.append(rolled)
        return rolled


def _dice() -> _Recording:
    return _Recording(SeededDice(secrets.randbits(64)))


def _rands(rolls: list[Roll]) -> list[dict[str, Any]]:
    return [
        {"kind": "normal", "sides": roll.dice.sides, "value": face}
        for roll in rolls
        for face in roll.faces
    ]


def _systems(registry: Registry) -> list[tuple[str, str, str]]:
    """``(id, name key or name, sort key)`` of every system the server answers for."""
    found = [(GENERIC, GENERIC, _GENERIC_SORT_KEY)]
    found += [(s.name, s.title, s.name.casefold()) for s in registry]
    return sorted(found, key=lambda entry: entry[2])


def game_systems(registry: Registry, locale: str) -> dict[str, Any]:
    """``/v2/game_system``: every system, sorted by ``sort_key``."""
    return {
        "game_system": [
            {"id": id_, "name": translate(name, locale), "sort_key": key}
            for id_, name, key in _systems(registry)
        ]
    }


def _unsupported_system(system: str, registry: Registry, locale: str) -> Refusal:
    error = UnknownSystem(system[:80], (GENERIC, *registry.names))
    return Refusal(400, "unsupported game system", error.localized(locale))


def _pattern(system: str | None, registry: Registry) -> str:
    prefixes: list[str] = []
    if system is not None:
        prefixes = [command.prefix.pattern for command in registry.get(system).chat_commands()]
    return "^S?(?:" + "|".join((*prefixes, _COMMON)) + ")"


def game_system(system: str, registry: Registry, locale: str) -> dict[str, Any]:
    """``/v2/game_system/{id}``: the system's name, command pattern and help.

    Raises:
        Refusal: No system has that id.
    """
    from tabletop_rules.notation import help_text

    if system == GENERIC:
        return {
            "ok": True,
            "id": GENERIC,
            "name": GENERIC,
            "sort_key": _GENERIC_SORT_KEY,
            "command_pattern": _pattern(None, registry),
            "help_message": help_text(None, locale),
        }
    if system not in registry:
        raise _unsupported_system(system, registry, locale)
    found = registry.get(system)
    return {
        "ok": True,
        "id": found.name,
        "name": translate(found.title, locale),
        "sort_key": found.name.casefold(),
        "command_pattern": _pattern(system, registry),
        "help_message": help_text(system, locale) + "\n\n" + help_text(None, locale),
    }


def _probability(command: Any) -> Fraction | None:
    """The exact chance of success of a check (of each roll of a repeated one), else ``None``."""
    from tabletop_rules.notation import Check, Repeat, SystemCheck

    if isinstance(command, Repeat):
        command = command.command
    if not isinstance(command, Check | SystemCheck):  # sums, pools, picks: no success
        return None
    chance: Fraction = command.probability()
    return chance


def _rolled(command: Any, dice: DiceSource, locale: str) -> tuple[Any, str]:
    """The result of *command* (of the dice language, or a system's check) and its text."""
    from tabletop_rules.notation import SystemCheck

    if isinstance(command, SystemCheck):  # a system's check, or its chat command
        resolved: Any = command.resolve(dice)
        explained: str = resolved.explain(locale)
        return resolved, explained
    result: Any = command.roll(dice)  # every command of the dice language
    rendered: str = result.render(locale)
    return result, rendered


def _flags(result: object) -> tuple[bool, bool, bool, bool]:
    """``success``, ``failure``, ``critical``, ``fumble`` of a result, as bcdice-api says them."""
    outcome = getattr(result, "outcome", None)
    if not isinstance(outcome, Outcome):
        return False, False, False, False
    success = bool(getattr(result, "success", False))
    critical = outcome in (Outcome.CRITICAL, Outcome.AUTOMATIC_SUCCESS)
    fumble = outcome in (Outcome.FUMBLE, Outcome.AUTOMATIC_FAILURE)
    return success, not success, critical, fumble


def roll(
    system: str, command: str | None, registry: Registry, locale: str, *, extras: bool
) -> dict[str, Any]:
    """``/v2/game_system/{id}/roll``: roll *command* as *system* reads it.

    Raises:
        Refusal: No system has that id, or the command is no command (or breaks the
            notation or a limit).
    """
    from tabletop_rules.notation import parse

    if system != GENERIC and system not in registry:
        raise _unsupported_system(system, registry, locale)
    if not command:
        message = translate("server.error.no_command", locale)
        raise Refusal(400, "unsupported command", message)
    parsed: Any
    try:
        parsed = parse(command) if system == GENERIC else parse(command, system=system)
    except InvalidNotation as error:
        raise Refusal(400, "unsupported command", error.localized(locale)) from None
    if parsed is None:
        message = translate("server.error.not_a_command", locale, text=command[:80])
        raise Refusal(400, "unsupported command", message)
    dice = _dice()
    result, text = _rolled(parsed, dice, locale)
    success, failure, critical, fumble = _flags(result)
    answer: dict[str, Any] = {
        "ok": True,
        "text": text,
        "secret": bool(getattr(parsed, "secret", False)),
        "success": success,
        "failure": failure,
        "critical": critical,
        "fumble": fumble,
        "rands": _rands(dice.rolls),
    }
    if extras:
        chance = _probability(parsed)
        answer["probability"] = None if chance is None else str(chance)
    return answer


def original_table(table: str | None, locale: str) -> dict[str, Any]:
    """``/v2/original_table``: roll a table written as BCDice's original tables are.

    :func:`tabletop_rules.tables.read_bcdice_table` reads it, with its limits.

    Raises:
        Refusal: The text is no such table.
    """
    from tabletop_rules.tables import read_bcdice_table

    if not table:
        raise Refusal(400, "unsupported table", translate("server.error.no_table", locale))
    try:
        read = read_bcdice_table(table)
    except TabletopRulesError as error:
        raise Refusal(400, "unsupported table", error.localized(locale)) from None
    source = _dice()
    return {"ok": True, "text": read.roll(source).render(locale), "rands": _rands(source.rolls)}


def version() -> dict[str, str]:
    """``/v2/version``."""
    return {"api": BCDICE_API_VERSION, "bcdice": f"tabletop_rules {__version__}"}


def admin(settings: Mapping[str, str]) -> dict[str, str]:
    """``/v2/admin``: the operator's name, terms page and address (empty if not set)."""
    return {key: settings.get(key, "") for key in ("name", "url", "email")}
