"""Undo and session logs used the way a bot's code uses them, for the type checkers.

Never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s typing``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, assert_type

from tabletop_rules import SeededDice, engine, m20
from tabletop_rules.engine import GameRecord, GameResult
from tabletop_rules.sessionlog import LogEntry, Markup, SessionLog
from tabletop_rules.systems import Registry, Seat

hero = m20.parse_sheet(m20.EXAMPLE_SHEET)
seats = [Seat(id="ann", character=hero), Seat(id="orc", character=hero, foe=True)]
dice = SeededDice(1)
state, record = engine.begin(m20.RULESET, m20.lineup(seats), dice)
state, entry = engine.step(m20.RULESET, state, m20.RULESET.legal_commands(state)[0], dice)
record = record.append(entry)

# -- undo --------------------------------------------------------------------------------------
assert_type(record.commands, int)
before, cut = engine.undo(record, 1, m20.RULESET)
assert_type(before, m20.CombatState)
assert_type(cut, GameRecord[m20.CombatSetup, m20.Command, m20.Event])
found, _ = engine.undo(record, registry=Registry.default(), trusted=True)
assert_type(found, Any)
engine.undo(record, "1")  # type: ignore[call-overload]  # pyright: ignore[reportCallIssue, reportArgumentType]

# -- session logs ----------------------------------------------------------------------------
log = SessionLog.of(record, "ja")
assert_type(log, SessionLog)
assert_type(log.render(Markup.BBCODE), str)
assert_type(log.render("markdown"), str)
assert_type(log.result, GameResult | None)
first: LogEntry = log.entries[0]
assert_type(first.chance, Fraction | None)
assert_type(first.number, int | None)
SessionLog.of(record, locale=5)  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]

# -- records as JSON Lines -------------------------------------------------------------------
from collections.abc import Iterator  # noqa: E402

from tabletop_rules.serialization import from_json_lines, to_json_lines  # noqa: E402

lines = to_json_lines(record)
assert_type(lines, Iterator[str])
read = from_json_lines(list(lines))
assert_type(read, GameRecord[Any, Any, Any])
from_json_lines([b"{}"])
to_json_lines(state)  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]
