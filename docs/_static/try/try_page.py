"""What the "Try it" page (docs/try.md) runs in Pyodide: its three tools, as plain data.

``try.js`` loads this file into the browser's Python after installing the library's wheel,
calls one function per click with the page's inputs, and draws what it returns: JSON-ready
dicts of texts and whole numbers (exact probabilities as numerators over one denominator, so
that the chart is drawn from exact counts). Nothing here knows about the page's HTML.

Each function takes what a visitor typed; what the library refuses is answered with the
library's own message in the visitor's language (``reason``, or a sheet's ``problems``), never
an exception, and the library's limits (notation, JSON, sheets) bound the work of every call.
``docs/check_try.py`` computes the same answers with CPython and compares.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from tabletop_rules.errors import CorruptRecord, InvalidCharacter, TabletopRulesError
from tabletop_rules.i18n import LOCALES, resolve_locale
from tabletop_rules.odds import Distribution
from tabletop_rules.systems import Registry

#: The most bars a chart gets: a wider distribution is drawn from its likeliest totals.
MAX_BARS: Final = 400


def _refused(error: TabletopRulesError, locale: str) -> dict[str, Any]:
    return {"ok": False, "reason": error.localized(locale)}


def _bars(
    distribution: Distribution, axis: str, wins: Callable[[int], bool] | None = None
) -> dict[str, Any]:
    """The chart of *distribution*: each value's count out of its total, and whether it wins.

    *axis* says what the values are, in English (the page's own words).
    """
    counted = sorted(distribution.items())
    shown = counted
    if len(counted) > MAX_BARS:  # the likeliest totals, in order of total
        shown = sorted(sorted(counted, key=lambda item: -item[1])[:MAX_BARS])
    return {
        "axis": axis,
        "values": [value for value, _ in shown],
        # Whole numbers as text: JavaScript's numbers cannot hold every count exactly.
        "counts": [str(count) for _, count in shown],
        "total": str(distribution.total),
        "wins": None if wins is None else [wins(value) for value, _ in shown],
        "shown_all": len(shown) == len(counted),
    }


def _chart_of(command: Any) -> tuple[dict[str, Any] | None, str | None]:
    """The chart of a parsed command and its probability of success, if it has one."""
    from tabletop_rules.notation import Check, CountRoll, Expression, Repeat, SystemCheck

    if isinstance(command, Repeat):
        single = command.command
        if isinstance(single, Check):
            successes = Distribution.bernoulli(single.probability()).repeat(command.times)
            return _bars(successes, "successes"), str(single.probability())
        return _chart_of(single)[0], None
    if isinstance(command, Check):
        relation = command.comparison
        right = command.right
        if right.has_dice:
            # Dice on both sides: the chart of left minus right, which wins where it compares
            # with 0 as the two sides compare.
            difference = command.left.distribution() - right.distribution()
            chart = _bars(difference, "left − right", lambda value: relation.holds(value, 0))
        else:
            target = next(iter(right.distribution().items()))[0]
            chart = _bars(
                command.left.distribution(), "total", lambda value: relation.holds(value, target)
            )
        return chart, str(command.probability())
    if isinstance(command, Expression):
        return _bars(command.distribution(), "total"), None
    if isinstance(command, CountRoll):
        return _bars(command.distribution(), "successes"), None
    if isinstance(command, SystemCheck):
        p = command.probability()
        # A system's check: its two outcomes, success (1) and failure (0).
        outcomes = Distribution.from_counts({1: p.numerator, 0: p.denominator - p.numerator})
        return _bars(outcomes, "outcome (1: success, 0: failure)", lambda value: value == 1), str(p)
    return None, None


def roll(text: str, locale: str, system: str, seed: int) -> dict[str, Any]:
    """Roll *text* (in *system*'s chat commands, or the common language if ``""``).

    Returns its explanation in *locale*, the exact probability of a check, and the chart of
    its exact distribution (the totals of a sum, the successes of a count or of a repeated
    check, the two outcomes of a system's check).
    """
    from tabletop_rules.dice import SeededDice
    from tabletop_rules.notation import Check, CountRoll, Expression, Repeat, parse

    locale = resolve_locale(locale)
    try:
        command = parse(text) if not system else parse(text, system=system)
        if command is None:
            return {"ok": False, "chat": True}  # ordinary chat: the page says so in words
        dice = SeededDice(seed)
        if isinstance(command, Expression | Check | CountRoll | Repeat):
            explanation = command.roll(dice).render(locale)
        else:
            explanation = command.resolve(dice).explain(locale)
        chart, probability = _chart_of(command)
    except TabletopRulesError as error:
        return _refused(error, locale)
    return {"ok": True, "explanation": explanation, "probability": probability, "chart": chart}


def _registry() -> Registry:
    return Registry.default()


def _sample_text(name: str) -> str:
    """The text the builder starts with: the system's sample card, or its example sheet.

    A system whose pieces are not what its sheets hold (the skirmish's sheets hold decks, its
    pieces are cards) starts with its sample from :data:`_SAMPLES`.
    """
    if name in _SAMPLES:
        return _SAMPLES[name]()
    found = _registry().get(name)
    if found.sheets is None:
        raise ValueError(f"{name} has neither a sample card nor an example sheet")
    return found.sheets.example


def _skirmish_card() -> str:
    from tabletop_rules.skirmish import dump_cards, sample_cards

    return dump_cards(sample_cards().cards[:1])


#: The starting text of a system without sheets (the skirmish builds cards, not characters).
_SAMPLES: Final[Mapping[str, Callable[[], str]]] = {"skirmish": _skirmish_card}


def systems() -> dict[str, Any]:
    """The systems the builder offers (every registered one that exports), the locales."""
    names = [s.name for s in _registry() if s.piece is not None]
    return {
        "systems": [{"name": name, "sample": _sample_text(name)} for name in names],
        "locales": list(LOCALES),
    }


def build(system: str, text: str, locale: str) -> dict[str, Any]:
    """Read *text* as *system*'s sheet (or card): every problem in *locale*, or its CCFOLIA JSON."""
    from tabletop_rules import exports

    locale = resolve_locale(locale)
    try:
        character = exports.read_character(text, system)
        piece = exports.piece_of(character, system=system, locale=locale)
    except InvalidCharacter as error:
        return {"ok": True, "problems": list(error.localized_problems(locale))}
    except TabletopRulesError as error:
        return {"ok": True, "problems": [error.localized(locale)]}
    return {
        "ok": True,
        "problems": [],
        "name": piece.name,
        "ccfolia": exports.ccfolia(piece),
        "palette": [line.text for line in piece.palette],
    }


def _steps(system: Any, entries: Iterable[Any], state: Any, locale: str) -> list[dict[str, Any]]:
    steps = []
    for entry in entries:
        # No command: the steps the rules take before anyone acts (the page names them).
        label = (
            None
            if entry.command is None
            else system.command_label(entry.command, locale, state=state)
        )
        events = [system.describe(event, locale, state=state) for event in entry.events]
        steps.append({"command": label, "faces": list(entry.faces), "events": events})
    return steps


def verify(text: str, locale: str) -> dict[str, Any]:
    """Replay a pasted ``GameRecord``, verified: its steps in *locale*, or where it breaks."""
    from tabletop_rules.engine import GameRecord, replay
    from tabletop_rules.errors import InvalidData
    from tabletop_rules.serialization import from_json

    locale = resolve_locale(locale)
    registry = _registry()
    try:
        record: GameRecord[Any, Any, Any] = from_json(text, GameRecord)
        system = registry.get(record.system)
    except RecursionError:  # JSON nested deeper than the interpreter's stack
        return _refused(InvalidData("$", "server.error.json", error="nested too deeply"), locale)
    except TabletopRulesError as error:
        return _refused(error, locale)
    try:
        state = replay(record, registry=registry)
    except CorruptRecord as error:
        return {"ok": True, "valid": False, "index": error.index, "reason": error.localized(locale)}
    except TabletopRulesError as error:
        return {"ok": True, "valid": False, "index": None, "reason": error.localized(locale)}
    result = system.ruleset.outcome(state) if system.ruleset.is_over(state) else None
    return {
        "ok": True,
        "valid": True,
        "system": record.system,
        "over": result is not None,
        "steps": _steps(system, record.entries, state, locale),
    }


def example_record(seed: int, locale: str) -> dict[str, Any]:
    """The record (JSON) of a skirmish game of the sample decks, played by random bots."""
    from tabletop_rules import skirmish
    from tabletop_rules.serialization import to_json
    from tabletop_rules.simulation import play

    try:
        record = play(skirmish.RULESET, skirmish.sample_setup(), seed=seed)
    except TabletopRulesError as error:  # a seed that is no whole number of 0 or more
        return _refused(error, resolve_locale(locale))
    return {"ok": True, "record": to_json(record)}


#: What ``try.js`` calls, by name: each takes and returns JSON text.
TOOLS: Final[Mapping[str, Callable[..., object]]] = {
    "roll": roll,
    "systems": systems,
    "build": build,
    "verify": verify,
    "example_record": example_record,
}


def call(name: str, arguments: str) -> str:
    """Call the tool *name* with the JSON array *arguments*; its answer as JSON text."""
    return json.dumps(TOOLS[name](*json.loads(arguments)), ensure_ascii=False)
