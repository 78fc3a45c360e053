"""bayside23's public API used the way a user's code uses it, for the type checkers.

Never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s typing``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import assert_type

from hypothesis.strategies import SearchStrategy

from tabletop_rules import (
    CheckResult,
    Dice,
    GameRecord,
    GameResult,
    IllegalCommand,
    InvalidCharacter,
    Outcome,
    Roll,
    ScriptedDice,
    SeededDice,
    Term,
    engine,
    from_json,
    notation,
    to_json,
)
from tabletop_rules import bayside23 as bay
from tabletop_rules.bayside23 import strategies as bs
from tabletop_rules.engine import Entry, Ruleset
from tabletop_rules.notation import ChatCommand, SystemCheck
from tabletop_rules.simulation import play, random_bot
from tabletop_rules.systems import RuleSystem, Seat

# -- characters, the modifier table and the sheet ------------------------------------------------

rolled = bay.Character.roll(
    ScriptedDice([6, 5, 6, 3, 3, 4, 1, 2, 2, 4]),
    name="ミナ",
    feature=bay.Feature("頑固", 3),
    skills=[bay.Skill("外科手術", 13)],
    titles=["白紙の本の読み手"],
)
assert_type(rolled, bay.Character)
assert_type(rolled.strength, int)
assert_type(rolled.feature, bay.Feature)
assert_type(rolled.skills, tuple[bay.Skill, ...])
assert_type(rolled.titles, tuple[str, ...])
assert_type(rolled.skill("外科手術"), bay.Skill)
assert_type(rolled.score(bay.Attribute.AGILITY), int)
assert_type(rolled.modifier(bay.Attribute.STRENGTH), int)
assert_type(rolled.bonus(bay.Attribute.MIND), int)
assert_type(bay.modifier(17), int)
assert_type(bay.damage_bonus(17), int)
assert_type(bay.Attribute.MIND.label, str)
mina = bay.parse_sheet(bay.EXAMPLE_SHEET)
assert_type(mina, bay.Character)
assert_type(bay.format_sheet(mina), str)
assert_type(bay.format_sheet(mina, "en"), str)
try:
    bay.parse_sheet("名前：ミナ\n体力：19")
except InvalidCharacter as error:
    assert_type(error.localized_problems("ja"), tuple[str, ...])
assert_type(from_json(to_json(mina), bay.Character), bay.Character)

# -- checks and odds -----------------------------------------------------------------------------

goblin = bay.Character(
    name="ゴブリン", strength=10, mind=8, agility=9, hp=3, feature=bay.Feature("臆病")
)
hit = bay.HitCheck.of(mina, goblin, bay.HitKind.WEAPON, bay.Rulings(specials="any_two"))
assert_type(hit, bay.HitCheck)
assert_type(hit.probability(), Fraction)
assert_type(hit.chances(), dict[Outcome, Fraction])
assert_type(hit.resolve(SeededDice(1)), CheckResult)
attack_roll = Roll(Dice(3, 6), (1, 1, 1))
defense_roll = Roll(Dice(3, 6), (4, 4, 4))
assert_type(hit.judge(attack_roll, defense_roll).outcome, Outcome)
assert_type(bay.special(attack_roll.faces), Outcome | None)
assert_type(bay.hit_outcome(attack_roll, 1, defense_roll, 12, bay.Rulings()), Outcome)
assert_type(bay.HitKind.RANGED.attribute, bay.Attribute)

damage = bay.DamageRoll(dice=Dice(1, 6), bonus=2, reduction=1, six_is_one=True)
assert_type(damage.resolve(SeededDice(2)), tuple[Roll, int])
assert_type(damage.damage(Roll(Dice(1, 6), (6,))), int)
assert_type(damage.distribution().mean(), Fraction)

surgery = bay.ActionCheck.of(mina, "外科手術", 8)
assert_type(bay.character_check(mina, ["外科手術", "8"]), bay.ActionCheck)
assert_type(surgery.target, int)
assert_type(surgery.probability(), Fraction)
assert_type(surgery.resolve(ScriptedDice([2, 4])).explain("ja"), str)
assert_type(
    bay.ActionCheck(feature=Term("特徴", 3), skill=Term("技能", 13), difficulty=8), bay.ActionCheck
)

initiative = bay.InitiativeCheck(mine=[Term("敏捷", 1)], theirs=[Term("敏捷", 0)])
assert_type(initiative.probability(), Fraction)
first = initiative.resolve(ScriptedDice([3, 4, 1, 6]))
assert_type(first, bay.InitiativeResult)
assert_type(first.ties, tuple[CheckResult, ...])
assert_type(first.success, bool)
assert_type(first.explain("ja"), str)
as_result: CheckResult = first
assert_type(from_json(to_json(first), bay.InitiativeResult), bay.InitiativeResult)

# -- chat commands -------------------------------------------------------------------------------

chat_commands: tuple[ChatCommand, ...] = bay.CHAT_COMMANDS
typed = notation.parse("BAYINIT+1<-1", system="bayside23")
if isinstance(typed, SystemCheck):
    assert_type(typed.probability(), Fraction)
    assert_type(typed.resolve(SeededDice(3)).explain("zh-Hant"), str)
if isinstance(typed, bay.InitiativeCheck):
    assert_type(typed.resolve(SeededDice(3)).ties, tuple[CheckResult, ...])

# -- artifacts, the blank book and riddles -------------------------------------------------------

ledger = bay.SessionLedger(artifacts=("星の指輪", "時の砂"))
assert_type(ledger.use("時の砂"), bay.SessionLedger)
assert_type(ledger.available, tuple[str, ...])
assert_type(ledger.next_session(), bay.SessionLedger)
assert_type(ledger.spent, frozenset[str])
book = bay.BlankBook().record(bay.Clue(text="扉は『ＳＵＮ』の名を待つ", recordable=True))
assert_type(book, bay.BlankBook)
assert_type(book.search("sun"), tuple[bay.Clue, ...])
riddle = bay.Riddle(question="昼の名は？", answers=("sun", "太陽"), hints=(bay.Hint(text="壁画"),))
answered = riddle.answer("月", failures=1)
assert_type(answered, bay.RiddleResult)
assert_type(answered.hint, bay.Hint | None)
assert_type(riddle.answer_from(book, 0, "ＳＵＮ").correct, bool)
assert_type(riddle.accepts("Sun"), bool)
assert_type(bay.normalize_answer("ＳＵＮ"), str)
assert_type(from_json(to_json(book), bay.BlankBook), bay.BlankBook)
assert_type(from_json(to_json(riddle), bay.Riddle), bay.Riddle)
try:
    bay.BlankBook().record(bay.Clue(text="秘密"))
except IllegalCommand as error:
    assert_type(error.reason, str)

# -- battles -------------------------------------------------------------------------------------

setup = bay.CombatSetup(
    participants=[
        bay.Participant(id="mina", character=mina, weapons=[bay.Weapon(name="剣")]),
        bay.Participant(
            id="ren",
            character=rolled,
            follower=True,
            spells=[bay.Spell(name="火炎"), bay.Spell(name="癒し", heals=True)],
        ),
        bay.Participant(
            id="g1",
            character=goblin,
            side=bay.Side.ENEMIES,
            weapons=[bay.Weapon(name="弓", damage=Dice(1, 6), ranged=True)],
            hp=2,
        ),
    ],
    rulings=bay.Rulings(initiative_raw_score=False),
    ledger=ledger,
)
ruleset: Ruleset[bay.CombatSetup, bay.CombatState, bay.Command, bay.Event] = bay.RULESET
assert_type(bay.RULESET, bay.CombatRuleset)
assert_type(
    bay.lineup([Seat(id="mina", character=mina), Seat(id="g", character=goblin)]), bay.CombatSetup
)
state, record = engine.begin(bay.RULESET, setup, SeededDice(4))
assert_type(state, bay.CombatState)
assert_type(record, GameRecord[bay.CombatSetup, bay.Command, bay.Event])
assert_type(state.combatant("g1"), bay.Combatant)
assert_type(state.combatant("g1").status, bay.Status)
assert_type(state.combatant("g1").weapon, bay.Weapon | None)
assert_type(state.current, str | None)
assert_type(state.winner, bay.Side | None)
assert_type(bay.Side.PARTY.other, bay.Side)

assert_type(bay.RULESET.to_act(state), tuple[str, ...])
assert_type(bay.odds(state, bay.Attack("mina", "g1")), Fraction | None)
assert_type(bay.Weapon(name="救急箱", heals=True).heals, bool)
trap = bay.Overcome(actor="mina", obstacle=bay.Obstacle.TRAP, difficulty=8, skill="外科手術")
assert_type(bay.odds(state, trap), Fraction | None)
assert_type(bay.menu_form(trap), bay.Command)
assert_type(bay.RULESET.is_chance(bay.RULESET.start(setup)), bool)
events = record.events
assert_type(events, tuple[bay.Event, ...])
for event in events:
    if isinstance(event, bay.InitiativeRolled):
        assert_type(event.rolls, tuple[bay.InitiativeRoll, ...])
        assert_type(event.order, tuple[str, ...])
    if isinstance(event, bay.Attacked):
        assert_type(event.falls_now, tuple[str, ...])
    if isinstance(event, bay.Healed):
        assert_type(event.attribute, bay.Attribute)
        assert_type(event.bonus, int)
    if isinstance(event, bay.CombatEnded):
        assert_type(event.winners, tuple[str, ...])
assert_type(bay.names_of(setup), dict[str, str])
assert_type(bay.log(events), str)
assert_type(bay.log(events, "ja", state=state), str)
assert_type(bay.describe(events[0]), str)
assert_type(bay.describe(events[0], "en", state=state), str)
legal = bay.RULESET.legal_commands(state)
assert_type(legal, tuple[bay.Command, ...])
commands: tuple[bay.Command, ...] = (
    bay.Attack("mina", "g1"),
    bay.Cast(actor="ren", target="mina", spell=1),
    bay.SwitchWeapon(actor="mina", weapon=0),
    bay.Ready(actor="g1"),
    bay.Wait(actor="mina"),
    bay.Flee(actor="ren"),
    bay.UseArtifact("ren", "星の指輪"),
    bay.FinishingStrike(actor="mina", target="g1", sides=3),
    bay.ForgoStrike(actor="mina"),
)
for command in (*legal, *commands):
    assert_type(bay.command_label(command), str)
    assert_type(bay.command_label(command, "ja", state=state), str)
assert_type(bay.names_of(state), dict[str, str])
assert_type(bay.RULESET.is_over(state), bool)
assert_type(bay.RULESET.outcome(state), GameResult | None)
assert_type(bay.ledger_after(state), bay.SessionLedger)
command = legal[0]
state, entry = engine.step(bay.RULESET, state, command, SeededDice(5))
assert_type(entry, Entry[bay.Command, bay.Event])
record = record.append(entry)

assert_type(engine.replay(record, bay.RULESET), bay.CombatState)
assert_type(engine.replay(record, bay.RULESET, trusted=True), bay.CombatState)
assert_type(
    from_json(to_json(record), GameRecord[bay.CombatSetup, bay.Command, bay.Event]),
    GameRecord[bay.CombatSetup, bay.Command, bay.Event],
)
assert_type(from_json(to_json(state), bay.CombatState), bay.CombatState)
played = play(bay.RULESET, setup, seed=2, bot=random_bot)
assert_type(played, GameRecord[bay.CombatSetup, bay.Command, bay.Event])

# -- the rule system -----------------------------------------------------------------------------

system: RuleSystem[bay.CombatSetup, bay.CombatState, bay.Command, bay.Event] = bay.SYSTEM
assert_type(bay.SYSTEM.describe(events[0], "ja", state=state), str)
assert_type(bay.LOG.label(legal[0], "ja", state=state), str)

# -- strategies ----------------------------------------------------------------------------------

assert_type(bs.characters(max_skills=2), SearchStrategy[bay.Character])
assert_type(bs.setups(max_per_side=2), SearchStrategy[bay.CombatSetup])
assert_type(bs.ledgers(), SearchStrategy[bay.SessionLedger])
assert_type(bs.riddles(), SearchStrategy[bay.Riddle])
assert_type(bs.blank_books(max_entries=2), SearchStrategy[bay.BlankBook])
assert_type(bs.rulings(), SearchStrategy[bay.Rulings])
assert_type(bs.names(), SearchStrategy[str])
