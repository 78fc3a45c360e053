"""m20's public API used the way a user's code uses it, for the type checkers.

Never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s typing``).
The names of the combat load on first use (the package's ``__getattr__``); the type checkers
see them as the package's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import assert_type

from hypothesis.strategies import SearchStrategy

from tabletop_rules import CheckResult, GameResult, ScriptedDice, SeededDice, Term, engine
from tabletop_rules import m20 as m
from tabletop_rules.engine import Entry, GameRecord, Ruleset
from tabletop_rules.kit import Log
from tabletop_rules.m20 import strategies as ms
from tabletop_rules.notation import ChatCommand
from tabletop_rules.systems import RuleSystem, Seat

# -- characters, sheets and checks ---------------------------------------------------------------

hero = m.parse_sheet(m.EXAMPLE_SHEET)
assert_type(hero, m.Character)
assert_type(hero.max_hp, int)
assert_type(hero.specialty_bonus(m.Specialty.PHYSIQUE), int)
assert_type(m.format_sheet(hero, "zh-Hant"), str)

check = m.SpecialtyCheck.of(hero, m.Specialty.PHYSIQUE, m.DifficultyLevel.HARD)
assert_type(check.probability(), Fraction)
assert_type(check.resolve(ScriptedDice([12])), CheckResult)
assert_type(m.character_check(hero, ["身理", "困難", "react"]), m.SpecialtyCheck)
chat: tuple[ChatCommand, ...] = m.CHAT_COMMANDS

# -- the system ----------------------------------------------------------------------------------

assert_type(m.SYSTEM, RuleSystem[m.CombatSetup, m.CombatState, m.Command, m.Event])
setup = m.lineup([Seat(id="al", character=hero), Seat(id="g1", character=hero, foe=True)])
assert_type(setup, m.CombatSetup)
assert_type(m.menu_form(m.Attack(actor="al", targets=("g1",))), m.Command)
assert_type(m.LOG, Log[m.CombatState])

# -- combat --------------------------------------------------------------------------------------

ruleset: Ruleset[m.CombatSetup, m.CombatState, m.Command, m.Event] = m.RULESET
state, record = engine.begin(m.RULESET, setup, SeededDice(1))
assert_type(state, m.CombatState)
assert_type(record, GameRecord[m.CombatSetup, m.Command, m.Event])
legal = m.RULESET.legal_commands(state, actor="al")
assert_type(m.odds(state, legal[0]), Fraction | None)
assert_type(legal, tuple[m.Command, ...])
state, entry = engine.step(m.RULESET, state, legal[0], SeededDice(2))
assert_type(entry, Entry[m.Command, m.Event])
record = record.append(entry)
assert_type(engine.replay(record, m.RULESET), m.CombatState)
assert_type(engine.replay(record, ruleset, trusted=True), m.CombatState)
assert_type(m.RULESET.outcome(state), GameResult | None)

assert_type(m.describe(entry.events[0], "ja", state=state), str)
assert_type(m.command_label(legal[0], "en", state=state), str)
assert_type(m.names_of(state, "en"), Mapping[str, str])
assert_type(m.hp_after(state), Mapping[str, int])
assert_type(m.ledger_after(state), m.ScenarioLedger)
assert_type(m.danger_terms(state, "al"), tuple[Term, ...])

guard = m.WideGuard(actor="al", protected=("g1",))
assert_type(guard.protected, tuple[str, ...])
end: m.Command = m.EndRound()
assert_type(m.EndCombat().actor, str)
assert_type(m.RoundEnded(round=1).by_gm, bool)
gm: str = m.GM

effect = m.Effect(kind=m.EffectKind.ASSISTED, value=2, label="m20.term.assisted", since_round=1)
assert_type(effect.times, int)
assert_type(effect.kind.expiry, m.Expiry)

# -- strategies ----------------------------------------------------------------------------------

assert_type(ms.setups(), SearchStrategy[m.CombatSetup])
assert_type(ms.characters(max_picks=2), SearchStrategy[m.Character])
