"""The duel plugin (examples/duel) used the way a user's code uses it, for the type checkers.

Never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s typing``).
The plugin is a package of its own (``pip install -e examples/duel``); the library finds it
through the ``tabletop_rules.systems`` entry point, by name, as it finds its own four.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, assert_type

import tabletop_duel as duel
from hypothesis.strategies import SearchStrategy
from tabletop_duel import strategies as ds

from tabletop_rules import CheckResult, GameResult, ScriptedDice, SeededDice, engine, notation
from tabletop_rules.engine import Entry, GameRecord
from tabletop_rules.exports import Piece, export, piece_of
from tabletop_rules.notation import SystemCheck
from tabletop_rules.systems import Registry, RuleSystem, Seat

# -- characters and checks -----------------------------------------------------------------------

kira = duel.parse_sheet(duel.EXAMPLE_SHEET)
assert_type(kira, duel.Character)
assert_type(duel.format_sheet(kira, "ja"), str)
check = duel.character_check(kira, ["skill"])
assert_type(check, duel.Check)
assert_type(check.probability(), Fraction)
assert_type(check.resolve(ScriptedDice([3, 4])), CheckResult)
chat = notation.parse("DUEL+2>=9", system="duel")
if isinstance(chat, SystemCheck):
    assert_type(chat.probability(), Fraction)

# -- the system, found by name -------------------------------------------------------------------

assert_type(duel.SYSTEM, RuleSystem[duel.CombatSetup, duel.CombatState, duel.Command, duel.Event])
found = Registry.default().get("duel")
assert_type(found, RuleSystem[Any, Any, Any, Any])
assert_type(Registry.default().names, tuple[str, ...])
setup = duel.lineup([Seat(id="a", character=kira), Seat(id="b", character=kira, foe=True)])
assert_type(setup, duel.CombatSetup)

# -- a combat ------------------------------------------------------------------------------------

state, record = engine.begin(duel.RULESET, setup, SeededDice(1))
assert_type(state, duel.CombatState)
assert_type(record, GameRecord[duel.CombatSetup, duel.Command, duel.Event])
legal = duel.RULESET.legal_commands(state, actor="a")
assert_type(legal, tuple[duel.Command, ...])
state, entry = engine.step(duel.RULESET, state, legal[0], SeededDice(2))
assert_type(entry, Entry[duel.Command, duel.Event])
assert_type(engine.replay(record.append(entry), duel.RULESET), duel.CombatState)
assert_type(duel.RULESET.outcome(state), GameResult | None)

# -- its strategies and its piece ----------------------------------------------------------------

assert_type(ds.characters(), SearchStrategy[duel.Character])
assert_type(ds.setups(max_per_side=1), SearchStrategy[duel.CombatSetup])
assert_type(piece_of(kira, system="duel", locale="ja"), Piece)
assert_type(export(kira, "ccfolia", system="duel"), str | bytes)
