"""The card skirmish's public API used the way a user's code uses it, for the type checkers.

Never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s typing``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import assert_type

from hypothesis.strategies import SearchStrategy

from tabletop_rules import (
    CheckResult,
    GameRecord,
    GameResult,
    InvalidData,
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
from tabletop_rules import skirmish as sk
from tabletop_rules.dice import AskingDice
from tabletop_rules.engine import Entry, Pass, Ruleset
from tabletop_rules.notation import ChatCommand, SystemCheck
from tabletop_rules.search import SearchBot
from tabletop_rules.simulation import Bot, Estimate, play
from tabletop_rules.skirmish import strategies as ss
from tabletop_rules.systems import RuleSystem, Seat

# -- cards ---------------------------------------------------------------------------------------

cards = sk.sample_cards()
assert_type(cards, sk.CardSet)
assert_type(cards["ember_knight"], sk.Card)
assert_type(cards.ids, tuple[str, ...])
assert_type("ember_knight" in cards, bool)
knight = cards["ember_knight"]
assert_type(knight.skills, tuple[sk.Skill, ...])
assert_type(knight.skills[0].effects, tuple[sk.Effect, ...])
assert_type(knight.skills[0].timing, sk.Timing)
assert_type(knight.skills[0].step, sk.Step | None)
assert_type(sk.dump_cards(cards.cards), str)
assert_type(sk.load_cards(sk.dump_cards(cards.cards)), sk.CardSet)
assert_type(sk.load_cards("[]", format="json"), sk.CardSet)
try:
    sk.read_cards({"cards": "nope"})
except InvalidData as error:
    assert_type(error.path, str)
assert_type(from_json(to_json(knight), sk.Card), sk.Card)

# -- checks and odds -----------------------------------------------------------------------------

check = sk.Check(actor=[Term("skirmish.term.skl", 3)], defender=[Term("skirmish.term.def", 2)])
assert_type(check.probability(), Fraction)
assert_type(check.actor_bonus, int)
resolved = check.resolve(SeededDice(1))
assert_type(resolved, CheckResult)
assert_type(sk.natural(resolved.rolls[0]), Outcome | None)
assert_type(check.judge(Roll(sk.TWO_D6, (6, 6)), None).success, bool)
chat_commands: tuple[ChatCommand, ...] = sk.CHAT_COMMANDS
typed = notation.parse("SK+3>DEF+2@1", system="skirmish")
if isinstance(typed, SystemCheck):
    assert_type(typed.probability(), Fraction)

# -- a game --------------------------------------------------------------------------------------

setup = sk.CombatSetup(
    teams=(
        sk.Team(cards=(knight, cards["riposte_duelist"], cards["field_medic"]), rows=(1, 1, 0)),
        sk.sample_team("wilds", "b"),
    ),
    library=cards.cards,
    rulings=sk.Rulings(last_turn=12),
)
assert_type(sk.sample_setup("vanguard", "wilds"), sk.CombatSetup)
# The constructors are typed: values of the wrong kind are errors for the checkers (issue 24).
sk.Team(cards="abc", rows=5)  # type: ignore[arg-type]
sk.CombatSetup(teams=[sk.sample_team("wilds", "a")] * 2, library=["ember_knight"])  # type: ignore[list-item]
assert_type(sk.Team(cards=[knight] * 3, rows=[1, 1, 0]).rows, tuple[int, ...])
assert_type(sk.load_cards(sk.dump_cards(cards, format="json"), format="json"), sk.CardSet)
assert_type(sk.MarkerEffect(cannot_act=True, turn_end_hp=-1).cannot_act, bool)
assert_type(sk.TurnEnded("a").marked, tuple[sk.MarkerActed, ...])
ruleset: Ruleset[sk.CombatSetup, sk.CombatState, sk.Command, sk.Event] = sk.RULESET
assert_type(sk.RULESET, sk.SkirmishRuleset)
state = sk.RULESET.start(setup)
assert_type(state, sk.CombatState)
assert_type(state.unit("a1"), sk.Unit)
assert_type(state.unit("a1").hp, int)
assert_type(state.standing("a"), tuple[sk.Unit, ...])
assert_type(state.phase, sk.Phase)
assert_type(state.result, GameResult | None)
assert_type(sk.home_rows("a"), tuple[int, int])
assert_type(sk.other("a"), str)

legal = sk.RULESET.legal_commands(state, actor="a")
assert_type(legal, tuple[sk.Command, ...])
assert_type(sk.RULESET.to_act(state), tuple[str, ...])
assert_type(sk.RULESET.is_chance(state), bool)
state, record = engine.begin(sk.RULESET, setup, ScriptedDice([4, 4, 1, 2]))
assert_type(state, sk.CombatState)
assert_type(record, GameRecord[sk.CombatSetup, sk.Command, sk.Event])
state, entry = engine.step(sk.RULESET, state, sk.EndTurn("a"), ScriptedDice([]))
assert_type(entry, Entry[sk.Command, sk.Event])
assert_type(entry.events, tuple[sk.Event, ...])
assert_type(entry.faces, tuple[int, ...])
for event in entry.events:
    assert_type(sk.describe(event, "zh-Hant", state=state), str)
    assert_type(sk.LOG.describe(event, "ja", state=state), str)
commands: tuple[sk.Command, ...] = (
    sk.Attack("a", "a1", "b1"),
    sk.UseSkill("a", "a2", 1),
    sk.Prepare("a", "a1", row=1),
    sk.GiveAp("a", "a1"),
    sk.EndTurn("a"),
    Pass("a"),
)
for command in commands:
    assert_type(sk.odds(state, command), Fraction | None)
    assert_type(sk.command_label(command, "zh-Hant", state=state), str)

owed = sk.RULESET.advance(state, SeededDice(3))
assert_type(owed, tuple[sk.Event, sk.CombatState] | None)
advanced = sk.Advanced((sk.Paid("a1", 1, True), sk.Stepped(sk.Step.ROLL, True)))
for taken in advanced.steps:
    assert_type(taken, sk.StepTaken)
    if isinstance(taken, sk.Resolved):
        assert_type(taken.units, tuple[sk.Unit, ...])
    if isinstance(taken, sk.Rolled):
        assert_type(taken.result, CheckResult)
    if isinstance(taken, sk.TargetLost):
        assert_type(taken.target, str)

record = record.append(entry)
assert_type(engine.replay(record, sk.RULESET), sk.CombatState)
assert_type(
    from_json(to_json(record), GameRecord[sk.CombatSetup, sk.Command, sk.Event]),
    GameRecord[sk.CombatSetup, sk.Command, sk.Event],
)
assert_type(from_json(to_json(state), sk.CombatState), sk.CombatState)

# -- decks, the table's dice, the system ---------------------------------------------------------

deck = sk.parse_sheet(sk.EXAMPLE_SHEET)
assert_type(deck, sk.Deck)
assert_type(deck.cards, tuple[str, ...])
assert_type(deck.team("a"), sk.Team)
assert_type(sk.Deck.sample("wilds"), sk.Deck)
assert_type(sk.format_sheet(deck, "ja"), str)
assert_type(sk.lineup([Seat(id="a", character=deck), Seat(id="b", character=deck)]), sk.CombatSetup)
assert_type(sk.deck_check(deck, ["1", "wind_archer"]), sk.Check)
assert_type(sk.card_check(knight, cards["wind_archer"], distance=1), sk.Check)
assert_type(sk.SYSTEM, RuleSystem[sk.CombatSetup, sk.CombatState, sk.Command, sk.Event])
table = AskingDice(lambda dice: [1] * dice.count)
assert_type(table.roll(sk.TWO_D6), Roll)
assert_type(engine.begin(sk.RULESET, setup, table)[0], sk.CombatState)

# -- bots and simulations ------------------------------------------------------------------------

played = play(sk.RULESET, sk.sample_setup(), seed=7, bot=sk.greedy_bot)
assert_type(played, GameRecord[sk.CombatSetup, sk.Command, sk.Event])
versus = sk.Versus({"a": sk.greedy_bot, "b": sk.random_bot})
choice = versus(sk.RULESET, state, random.Random(1))
with ThreadPoolExecutor(2) as pool:
    rates = sk.simulate("vanguard", "wilds", 10, bots={"a": sk.greedy_bot}, executor=pool)
assert_type(rates, Mapping[str, Estimate])
searching = SearchBot(iterations=4, rollout_steps=400, playout=sk.greedy_bot)
assert_type(searching.playout, Bot | None)
searched = play(
    sk.RULESET, sk.sample_setup(), seed=7, bot=sk.Versus({"a": searching, "b": sk.greedy_bot})
)

# -- strategies ----------------------------------------------------------------------------------

assert_type(ss.cards(max_skills=1), SearchStrategy[sk.Card])
assert_type(ss.setups(sample=False), SearchStrategy[sk.CombatSetup])
assert_type(ss.characters(), SearchStrategy[sk.Deck])
