"""bar2d6's public API used the way a user's code uses it, for the type checkers.

Never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s typing``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import assert_type

from hypothesis.strategies import SearchStrategy

from tabletop_rules import (
    CheckResult,
    GameRecord,
    GameResult,
    InvalidCharacter,
    Outcome,
    ScriptedDice,
    SeededDice,
    Term,
    engine,
    from_json,
    notation,
    to_json,
)
from tabletop_rules import bar2d6 as b
from tabletop_rules.bar2d6 import strategies as bs
from tabletop_rules.engine import Entry, Ruleset
from tabletop_rules.notation import ChatCommand, SystemCheck
from tabletop_rules.simulation import play, random_bot
from tabletop_rules.systems import RuleSystem, Seat

# -- characters and the sheet --------------------------------------------------------------------

hook = b.Item(name="繩鉤", kind=b.ItemKind.WEAPON, active=3)
whirl = b.Item(
    name="旋風斬", kind=b.ItemKind.MOVE, specials=[b.Special(kind=b.SpecialKind.AREA, cost=3)]
)
assert_type(hook.points, int)
assert_type(hook.cap, int)
assert_type(whirl.special(b.SpecialKind.AREA), b.Special | None)
assert_type(b.Special(kind=b.SpecialKind.HEAL, cost=4, amount=3).amount_or_default, int)
assert_type(b.SpecialKind.HEAL.default_amount(4), int)
assert_type(b.ItemKind.SKILL.label, str)

hero = b.Character(name="B", description="攀岩好手", items=[hook, whirl], hp_bought=1)
assert_type(hero.max_hp, int)
assert_type(hero.spent, int)
assert_type(hero.unspent, int)
assert_type(hero.items, tuple[b.Item, ...])
assert_type(hero.item("繩鉤"), b.Item)
assert_type(hero.has_item("攀爬"), bool)
assert_type(hero.specials_of(b.SpecialKind.AREA), tuple[tuple[b.Item, b.Special], ...])

sheet_hero = b.parse_sheet(b.EXAMPLE_SHEET)
assert_type(sheet_hero, b.Character)
assert_type(b.format_sheet(sheet_hero, "en"), str)
try:
    b.Character(name="", items=[b.Item(name="x", kind=b.ItemKind.TRAIT, active=9)])
except InvalidCharacter as error:
    assert_type(error.localized_problems("zh-Hant"), tuple[str, ...])

# -- checks and odds -----------------------------------------------------------------------------

terms = b.check_terms(sheet_hero, ["攀爬", "繩鉤"], b.Side.ACTIVE, hp=2, extra=[Term("霧", -1)])
assert_type(terms, tuple[Term, ...])
assert_type(b.is_wounded(2), bool)
assert_type(b.granted_bonus(5, 3), int)
assert_type(b.special_amount(hero, "旋風斬", b.SpecialKind.AREA), int)

climb = b.GMCheck(terms=terms, difficulty=b.DifficultyDice.HARD)
assert_type(climb.difficulty, b.DifficultyDice)
assert_type(b.DifficultyDice.parse("困難"), b.DifficultyDice)
assert_type(climb.modifier, int)
assert_type(climb.probability(), Fraction)
helped = b.GMCheck(
    terms=terms,
    difficulty=3,
    helpers=[b.Helper(bonus=[Term("繩索", 3)], dice=3)],
    rulings=b.Rulings(help_counts_modifiers=True),
)
helped_result = helped.resolve(ScriptedDice([5, 5, 2, 3, 4, 3, 4, 6, 5, 3]))
assert_type(helped_result, b.HelpedResult)
assert_type(helped_result.helpers, tuple[CheckResult, ...])
assert_type(helped_result.success, bool)
assert_type(helped_result.explain("zh-Hant"), str)
plain: CheckResult = helped_result
assert_type(from_json(to_json(helped_result), b.HelpedResult), b.HelpedResult)

helper = b.Helper.of(sheet_hero, ["攀爬"], dice=2)
assert_type(helper, b.Helper)
assert_type(helper.granted(), int)
assert_type(helper.probability(), Fraction)
assert_type(helper.resolve(SeededDice(1)), CheckResult)

match = b.Contest(attacker=[Term("怪力", 2)], defender=[Term("鐵腕", 2)])
assert_type(match.probability(), Fraction)
contest = match.resolve(SeededDice(3))
assert_type(contest, CheckResult)
assert_type(contest.outcome, Outcome)
assert_type(
    b.Contest.between(sheet_hero, hero, attacker_items=["攀爬"], defender_items=["繩鉤"]), b.Contest
)

# -- chat commands -------------------------------------------------------------------------------

chat_commands: tuple[ChatCommand, ...] = b.CHAT_COMMANDS
typed = notation.parse("B2D6+5>=困難", system="bar2d6")
if isinstance(typed, SystemCheck):
    assert_type(typed.probability(), Fraction)
    assert_type(typed.resolve(SeededDice(5)).explain("ja"), str)

# -- combat --------------------------------------------------------------------------------------

goblin = b.Character(name="Goblin", items=[b.Item(name="盾", kind=b.ItemKind.WEAPON, passive=2)])
setup = b.CombatSetup(
    participants=[
        b.Participant(id="hero", character=hero, side="pc"),
        b.Participant(id="g1", character=goblin, side="npc", player=False, hp=1),
    ],
    rulings=b.Rulings(),
)
assert_type(setup.participants, tuple[b.Participant, ...])
ruleset: Ruleset[b.CombatSetup, b.CombatState, b.Command, b.Event] = b.RULESET
assert_type(b.RULESET, b.CombatRuleset)
state = b.RULESET.start(setup)
assert_type(state, b.CombatState)
assert_type(state.combatant("hero"), b.Combatant)
assert_type(state.combatant("hero").standing, bool)
called = b.CallCheck(
    challenger="hero",
    difficulty=3,
    items=("劍",),
    modifiers=(Term("霧", -1),),
    helpers=(b.CheckHelp(helper="g1", dice=2),),
)
assert_type(b.odds(state, called), Fraction | None)
assert_type(
    b.Attack(actor="hero", targets=("g1",), modifiers=[Term("霧", -1)]).modifiers, tuple[Term, ...]
)
assert_type(state.combatant("g1").wounded, bool)
assert_type(state.standing_sides(), tuple[str, ...])
assert_type(state.result, GameResult | None)

legal = b.RULESET.legal_commands(state, actor="hero")
assert_type(legal, tuple[b.Command, ...])
assert_type(b.RULESET.to_act(state), tuple[str, ...])
attack = b.Attack(actor="hero", targets=("g1",), items=("繩鉤",), defense_items=("盾",))
assert_type(b.odds(state, attack), Fraction | None)
assert_type(b.SYSTEM.odds(state, attack), Fraction | None)
opened, record = engine.begin(b.RULESET, setup, SeededDice(2))
assert_type(opened, b.CombatState)
assert_type(record, GameRecord[b.CombatSetup, b.Command, b.Event])
after, entry = engine.step(b.RULESET, opened, attack, SeededDice(2))
assert_type(after, b.CombatState)
assert_type(entry, Entry[b.Command, b.Event])
assert_type(entry.faces, tuple[int, ...])
events = entry.events
assert_type(events, tuple[b.Event, ...])
for event in events:
    assert_type(b.describe(event, "zh-Hant"), str)
    assert_type(b.describe(event, "zh-Hant", state=after), str)
    if isinstance(event, b.Attacked):
        assert_type(event.strikes, tuple[b.Strike, ...])
        assert_type(event.strikes[0].check, CheckResult)
        assert_type(event.mode, b.AttackMode)
for command in legal:
    assert_type(b.command_label(command, "zh-Hant", state=state), str)
assert_type(b.command_label(attack), str)
assert_type(b.hp_after(after), Mapping[str, int])
assert_type(b.RULESET.is_over(after), bool)
assert_type(b.RULESET.outcome(after), GameResult | None)
gm_commands: tuple[b.Command, ...] = (
    b.SetHp(target="g1", hp=0),
    b.EndRound(),
    b.EndCombat(),
    b.Wait(actor="hero"),
    b.Heal(actor="hero", target="hero", item="x"),
    b.GrantBonus(actor="hero", target="hero", item="x"),
)

record = record.append(entry)
assert_type(record, GameRecord[b.CombatSetup, b.Command, b.Event])
assert_type(engine.replay(record, b.RULESET), b.CombatState)
assert_type(engine.replay(record, b.RULESET, trusted=True), b.CombatState)
stored = from_json(to_json(record), GameRecord[b.CombatSetup, b.Command, b.Event])
assert_type(stored, GameRecord[b.CombatSetup, b.Command, b.Event])
assert_type(from_json(to_json(after), b.CombatState), b.CombatState)
assert_type(from_json(to_json(hero), b.Character), b.Character)
assert_type(from_json(to_json(attack), b.Attack), b.Attack)
played = play(b.RULESET, setup, seed=4, bot=random_bot)
assert_type(played, GameRecord[b.CombatSetup, b.Command, b.Event])

# -- the rule system -----------------------------------------------------------------------------

system: RuleSystem[b.CombatSetup, b.CombatState, b.Command, b.Event] = b.SYSTEM
gm: str = b.GM
assert_type(b.SYSTEM.menu_form(attack), b.Command)
assert_type(
    b.lineup([Seat(id="b", character=hero), Seat(id="g", character=goblin, foe=True)]),
    b.CombatSetup,
)
assert_type(b.character_check(sheet_hero, ["困難", "攀爬"]), b.GMCheck)
assert_type(b.LOG.describe(events[0], "ja", state=after), str)
end_round: b.Command = b.EndRound()
assert_type(b.RoundEnded(round=1), b.RoundEnded)

# -- strategies ----------------------------------------------------------------------------------

assert_type(bs.characters(max_items=3), SearchStrategy[b.Character])
assert_type(bs.setups(max_participants=3), SearchStrategy[b.CombatSetup])
