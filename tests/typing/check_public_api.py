"""The public API used the way a user's code uses it, for the type checkers.

This file is never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s
typing``), so that the public names keep precise types, with no ``Any`` leaking into a user's
code.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, assert_type

import attrs
import cattrs
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from tabletop_rules import (
    CheckResult,
    Comparison,
    CorruptRecord,
    Dice,
    DiceExhausted,
    DiceSource,
    Difficulty,
    Distribution,
    Entry,
    GameRecord,
    GameResult,
    IllegalCommand,
    InvalidCharacter,
    InvalidData,
    InvalidDiceFace,
    InvalidNotation,
    LimitExceeded,
    Opposition,
    Outcome,
    Registry,
    Roll,
    RuleSystem,
    ScriptedDice,
    SeededDice,
    TabletopRulesError,
    Term,
    UnknownSystem,
    begin,
    fold,
    from_json,
    make_converter,
    replay,
    step,
    to_json,
)
from tabletop_rules.engine import Pass, PromptFrame, PromptStack, Ruleset
from tabletop_rules.i18n import LOCALES, resolve_locale, translate
from tabletop_rules.testing import strategies as ts

# -- dice ----------------------------------------------------------------------------------------

pool = Dice(2, 6)
assert_type(pool.count, int)
assert_type(pool.sides, int)
assert_type(pool.maximum, int)
assert_type(Dice.parse("２ｄ６"), Dice)
assert_type(str(pool), str)

roll = Roll(pool, (3, 4))
assert_type(roll.dice, Dice)
assert_type(roll.faces, tuple[int, ...])
assert_type(roll.total, int)


def roll_twice(source: DiceSource, dice: Dice) -> tuple[Roll, Roll]:
    """A user's function that takes any dice source."""
    return source.roll(dice), source.roll(dice)


seeded = SeededDice(42)
scripted = ScriptedDice([6, 1, 4, 4])
assert_type(roll_twice(seeded, Dice(1, 20)), tuple[Roll, Roll])
assert_type(roll_twice(scripted, Dice(1, 6)), tuple[Roll, Roll])
assert_type(seeded.seed, int)
assert_type(seeded.draws, int)
assert_type(scripted.remaining, tuple[int, ...])

# -- odds ----------------------------------------------------------------------------------------

attack = Distribution.of(Dice(1, 20)) + 5
defense = Distribution.of(Dice(1, 20)) + 3
assert_type(attack, Distribution)
assert_type(attack - defense, Distribution)
assert_type(attack - 1, Distribution)
assert_type(-attack, Distribution)
assert_type(2 + attack, Distribution)
assert_type(21 - attack, Distribution)
assert_type(attack.p_at_least(defense), Fraction)
assert_type(attack.p_at_least(16), Fraction)
assert_type(attack.p_greater(defense), Fraction)
assert_type(attack.p_at_most(16), Fraction)
assert_type(attack.p_less(defense), Fraction)
assert_type(attack.p_equal(16), Fraction)
assert_type(attack.probability(lambda total: total % 2 == 0), Fraction)
assert_type(attack.mean(), Fraction)
assert_type(attack.min, int)
assert_type(attack.max, int)
assert_type(attack.total, int)
assert_type(attack.count(10), int)
assert_type(list(attack.items()), list[tuple[int, int]])
assert_type(dict(attack.probabilities()), dict[int, Fraction])
assert_type(attack.map(lambda total: min(total, 20)), Distribution)
assert_type(attack.restrict(lambda total: total > 6), Distribution)
hits = Distribution.bernoulli(attack.p_at_least(defense)).repeat(5)
assert_type(hits, Distribution)
assert_type(hits.p_at_least(3), Fraction)
assert_type(Distribution.from_counts({0: 3, 1: 1}), Distribution)
assert_type(Distribution.constant(4), Distribution)

# -- checks --------------------------------------------------------------------------------------

result = CheckResult.judged(
    rolls=[Roll(Dice(1, 20), (14,))],
    terms=[Term("身理", 3), Term("物防", 2), Term("半狼", 5)],
    comparison=Comparison.AT_LEAST,
    against=Difficulty(16),
)
assert_type(result, CheckResult)
assert_type(result.total, int)
assert_type(result.success, bool)
assert_type(result.outcome, Outcome)
assert_type(result.against, Difficulty | Opposition)
assert_type(result.rolls, tuple[Roll, ...])
assert_type(result.terms, tuple[Term, ...])
assert_type(result.label, str | None)
assert_type(result.explain("zh-Hant"), str)
assert_type(result.explain(), str)
assert_type(Outcome.CRITICAL.success, bool)
assert_type(Comparison.GREATER.holds(7, 7), bool)
assert_type(Comparison.GREATER.symbol, str)
opposed = CheckResult.judged(
    rolls=[Roll(Dice(1, 20), (14,))],
    against=Opposition(rolls=[Roll(Dice(1, 20), (9,))], terms=[Term("物防", 3)]),
)
assert_type(opposed.against.value, int)
assert_type(Term("Sword", 2).explain("ja"), str)
assert_type(Difficulty(12, "m20.difficulty.moderate").explain("en"), str)

# -- JSON ----------------------------------------------------------------------------------------

text = to_json(roll)
assert_type(text, str)
assert_type(from_json(text, Roll), Roll)
assert_type(from_json(text.encode(), Roll), Roll)
assert_type(from_json(to_json(result), CheckResult), CheckResult)
assert_type(from_json("16", Outcome), Outcome)
converter = make_converter()
assert_type(converter, cattrs.Converter)
assert_type(from_json(text, Roll, converter=converter), Roll)
assert_type(to_json(roll, converter=converter), str)

# -- errors --------------------------------------------------------------------------------------


def explain_error(error: TabletopRulesError, locale: str) -> str:
    """A bot's error handler: a message in the player's language."""
    assert_type(error.key, str)
    return error.localized(resolve_locale(locale))


try:
    from_json("{", Roll)
except InvalidData as error:
    assert_type(error.path, str)
    assert_type(error.detail, str)
    assert_type(explain_error(error, "zh_TW"), str)

try:
    Dice.parse("2x6")
except InvalidNotation as error:
    assert_type(error.position, int)
    assert_type(error.text, str)

try:
    ScriptedDice([7]).roll(Dice(1, 6))
except InvalidDiceFace as error:
    assert_type(error.face, object)
    assert_type(error.sides, int | None)
except DiceExhausted as error:
    assert_type(error, DiceExhausted)

limit = LimitExceeded("dice", allowed=100, given=101)
assert_type(limit.limit, str)
assert_type(limit.allowed, int)
assert_type(limit.given, int)
character = InvalidCharacter([("error.dice_count", {"count": -1})])
assert_type(character.problems, tuple[str, ...])
assert_type(character.localized_problems("ja"), tuple[str, ...])
assert_type(IllegalCommand("no_prompt").reason, str)
assert_type(CorruptRecord(3, "bad").index, int)
assert_type(UnknownSystem("x", ["m20"]).known, tuple[str, ...])
assert_type(translate("outcome.success", "ja"), str)
assert_type(LOCALES, tuple[str, ...])
value_error: ValueError = InvalidData("$", "bad")

# -- engine: a user's tiny ruleset ---------------------------------------------------------------


@attrs.frozen
class Setup:
    """Count to a target."""

    target: int


@attrs.frozen
class State:
    """The count so far."""

    target: int
    value: int = 0


@attrs.frozen
class Add:
    """Add a number."""

    actor: str
    amount: int


@attrs.frozen
class Added:
    """A number was added."""

    amount: int


class CounterRules:
    """A ruleset in a user's code."""

    name = "counter"
    rules_version = "1"
    setup_type: Any = Setup
    state_type: Any = State
    command_type: Any = Add | Pass
    event_type: Any = Added

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Nothing to register: the events are plain attrs classes."""

    def start(self, setup: Setup) -> State:
        """Start at 0."""
        return State(setup.target)

    def decide(self, state: State, command: Add | Pass, dice: DiceSource) -> tuple[Added, ...]:
        """Add the amount, or a die when passing."""
        if isinstance(command, Pass):
            return (Added(dice.roll(Dice(1, 3)).total),)
        if state.value >= state.target:
            raise IllegalCommand("game_over")
        return (Added(command.amount),)

    def evolve(self, state: State, event: Added) -> State:
        """Add to the count."""
        return attrs.evolve(state, value=state.value + event.amount)

    def legal_commands(self, state: State, *, actor: str | None = None) -> tuple[Add | Pass, ...]:
        """Add 1, or pass."""
        if self.is_over(state) or actor not in (None, "player"):
            return ()
        return (Add("player", 1), Pass("player"))

    def to_act(self, state: State) -> tuple[str, ...]:
        """The one player, until the end."""
        return () if self.is_over(state) else ("player",)

    def is_over(self, state: State) -> bool:
        """Over at the target."""
        return state.value >= state.target

    def outcome(self, state: State) -> GameResult | None:
        """The player wins at the target."""
        return GameResult(winners=("player",), reason="reached") if self.is_over(state) else None


RULES = CounterRules()
as_protocol: Ruleset[Setup, State, Add | Pass, Added] = RULES
start, opened = begin(RULES, Setup(3), SeededDice(1))
assert_type(start, State)
assert_type(opened, GameRecord[Setup, Add | Pass, Added])
after, entry = step(RULES, start, Add("player", 2), SeededDice(1))
assert_type(after, State)
assert_type(entry, Entry[Add | Pass, Added])
assert_type(entry.events, tuple[Added, ...])
assert_type(entry.faces, tuple[int, ...])
assert_type(entry.command, Add | Pass | None)
assert_type(fold(RULES, start, entry.events), State)

record = opened.append(entry)
assert_type(record, GameRecord[Setup, Add | Pass, Added])
assert_type(record.setup, Setup)
assert_type(record.entries, tuple[Entry[Add | Pass, Added], ...])
assert_type(record.events, tuple[Added, ...])


def describe(event: Added, locale: str = "en", *, state: State | None = None) -> str:
    """A line of the counter's log."""
    return f"+{event.amount}"


def command_label(command: Add | Pass, locale: str = "en", *, state: State | None = None) -> str:
    """A menu entry of the counter."""
    return type(command).__name__


SYSTEM: RuleSystem[Setup, State, Add | Pass, Added] = RuleSystem(
    name="counter", ruleset=RULES, title="counter", describe=describe, command_label=command_label
)
assert_type(SYSTEM.ruleset, Ruleset[Setup, State, Add | Pass, Added])
registry = Registry().with_systems(SYSTEM)
assert_type(registry.names, tuple[str, ...])
assert_type(registry.get("counter"), RuleSystem[Any, Any, Any, Any])
replayed: State = replay(record, registry=registry)
assert_type(replay(record, RULES), State)
assert_type(replay(record, RULES, trusted=True), State)
stored = to_json(record, converter=make_converter(registry=registry))
assert_type(
    from_json(stored, GameRecord[Setup, Add | Pass, Added]), GameRecord[Setup, Add | Pass, Added]
)
result_or_none = RULES.outcome(after)
if result_or_none is not None:
    assert_type(result_or_none.winners, tuple[str, ...])
    assert_type(result_or_none.draw, bool)

prompts = PromptStack[str]().push(PromptFrame(responder="b", answers={"Dodge"}, pending="hit"))
assert_type(prompts.top, PromptFrame[str])
assert_type(prompts.top.pending, str)
assert_type(prompts.check_answer("b", "Dodge").answers, frozenset[str])

# -- strategies ----------------------------------------------------------------------------------

assert_type(ts.dice(max_count=4, max_sides=20), SearchStrategy[Dice])
assert_type(ts.rolls(), SearchStrategy[Roll])
assert_type(ts.rolls(dice=Dice(1, 20)), SearchStrategy[Roll])
assert_type(ts.rolls(dice=ts.dice(min_count=1)), SearchStrategy[Roll])
assert_type(ts.terms(), SearchStrategy[Term])
assert_type(ts.difficulties(), SearchStrategy[Difficulty])
assert_type(ts.oppositions(), SearchStrategy[Opposition])
assert_type(ts.check_results(), SearchStrategy[CheckResult])
assert_type(ts.distributions(max_outcomes=12), SearchStrategy[Distribution])
assert_type(ts.seeds(), SearchStrategy[int])
setups = st.builds(Setup, target=st.integers(min_value=0, max_value=10))
assert_type(
    ts.games(RULES, setups, max_steps=20), SearchStrategy[GameRecord[Setup, Add | Pass, Added]]
)

# -- chat dice (0.2.0) -----------------------------------------------------------------------

from tabletop_rules.dice import SeededDiceState  # noqa: E402
from tabletop_rules.errors import NotationLimitExceeded, UnsupportedNotation  # noqa: E402
from tabletop_rules.notation import (  # noqa: E402
    ChatCommand,
    Check,
    CheckRoll,
    Command,
    CountRoll,
    Expression,
    Limits,
    Relation,
    Result,
    SystemCheck,
    SystemCommand,
    commands,
    help_text,
    parse,
)

chat_command = parse("4d6kh3 strength")
assert_type(chat_command, Command | None)
system_command = parse("M20+4>=16", system="m20")
assert_type(system_command, Command | SystemCheck | None)
if isinstance(system_command, SystemCheck):
    assert_type(system_command.probability(), Fraction)
    assert_type(system_command.resolve(seeded).explain("ja"), str)
secret_check = parse("SM20+4>=16 jump the gap", system="m20")
if isinstance(secret_check, SystemCommand):
    assert_type(secret_check.secret, bool)
    assert_type(secret_check.comment, str)
    assert_type(secret_check.check, SystemCheck)
    assert_type(secret_check.render(secret_check.resolve(seeded), "ja"), str)
if chat_command is not None:
    chat_result = chat_command.roll(seeded)
    assert_type(chat_result, Result)
    assert_type(chat_result.render("zh-Hant"), str)
    assert_type(chat_command.secret, bool)
    assert_type(chat_command.comment, str)
if isinstance(chat_command, Expression):
    assert_type(chat_command.distribution(), Distribution)
    assert_type(chat_command.odds_work(), int)
    assert_type(chat_command.roll(seeded).natural, int | None)
if isinstance(chat_command, Check):
    assert_type(chat_command.comparison, Relation)
    assert_type(chat_command.roll(seeded), CheckRoll)
if isinstance(chat_command, CountRoll):
    assert_type(chat_command.distribution(), Distribution)
assert_type(commands("m20"), tuple[ChatCommand, ...])
assert_type(help_text("m20", "ja"), str)
with Limits(max_dice=500, max_work=10**6).applied() as active:
    assert_type(active, Limits)
notation_refusal: type[InvalidNotation] = NotationLimitExceeded
limit_refusal: type[LimitExceeded] = NotationLimitExceeded
unsupported: type[InvalidNotation] = UnsupportedNotation
saved_state = seeded.state
assert_type(saved_state, SeededDiceState)
assert_type(SeededDice.resume(saved_state), SeededDice)
assert_type(Distribution.keep(Dice(4, 6), 3), Distribution)
assert_type(Distribution.exploding(Dice(3, 6), 5), Distribution)
assert_type(Distribution.rerolling(Dice(1, 20), 1, 1), Distribution)
assert_type(Distribution.of(Dice(2, 6)).scale(3), Distribution)
assert_type(ts.notation_commands(max_dice=3), SearchStrategy[Command])
assert_type(ts.notation_texts(), SearchStrategy[tuple[str, Command]])
assert_type(ts.chat_messages(), SearchStrategy[str])
assert_type(parse("2d6", system=None), Command | None)

# -- the ruleset kit and simulations ---------------------------------------------------------------

from concurrent.futures import ThreadPoolExecutor  # noqa: E402

from tabletop_rules import engine, m20  # noqa: E402
from tabletop_rules.kit import Durations, Expiry, ResponseWindow, copier  # noqa: E402
from tabletop_rules.simulation import (  # noqa: E402
    Estimate,
    SimulatedGame,
    play,
    random_bot,
    simulate,
    win_rates,
)


def kit_rulesets_are_rulesets(setup: m20.CombatSetup) -> None:
    """A ruleset built with the kit is a Ruleset, and replay gives its state type."""
    as_protocol: Ruleset[m20.CombatSetup, m20.CombatState, m20.Command, m20.Event] = m20.RULESET
    record = play(m20.RULESET, setup, seed=1, bot=random_bot)
    assert_type(record, GameRecord[m20.CombatSetup, m20.Command, m20.Event])
    assert_type(engine.replay(record, as_protocol), m20.CombatState)
    assert_type(engine.replay(record, m20.RULESET, trusted=True), m20.CombatState)
    games = simulate(m20.RULESET, [setup], executor=ThreadPoolExecutor(1))
    assert_type(games, list[SimulatedGame[m20.CombatSetup]])
    rates = win_rates(games)
    assert_type(rates[""], Estimate)
    assert_type(rates[""].rate, float)
    legal = m20.RULESET.legal_commands(m20.RULESET.start(setup), actor="a")
    assert_type(legal, tuple[m20.Command, ...])
    assert_type(m20.command_label(legal[0], "ja"), str)
    window = ResponseWindow(responders=("a", "b"), pending=3)
    assert_type(window.passed("a").pending, int)
    assert_type(
        Durations({m20.EffectKind.HIDDEN: Expiry.USE}).expiry(m20.EffectKind.HIDDEN), Expiry
    )
    move = copier(m20.Boosts)
    assert_type(move(m20.Boosts(), reroll=True), m20.Boosts)


def simulations_report_progress_and_list_simulators(setup: m20.CombatSetup) -> None:
    """A batch reports its progress; systems offer simulators; the skirmish takes a progress."""
    from collections.abc import Mapping

    from tabletop_rules import skirmish
    from tabletop_rules.simulation import Simulator, simulators

    done: list[int] = []
    games = simulate(m20.RULESET, [setup], executor=ThreadPoolExecutor(1), progress=done.append)
    assert_type(win_rates(games, sides=("heroes", "foes"))["foes"], Estimate)
    found = simulators()
    assert_type(found, Mapping[str, Simulator])
    assert_type(found["skirmish"].decks, tuple[str, ...])
    rates = skirmish.simulate("vanguard", "wilds", 2, progress=done.append)
    assert_type(rates, Mapping[str, Estimate])
    assert_type(skirmish.SIMULATOR, Simulator)


def simulations_tally_on_any_executor(setup: m20.CombatSetup) -> None:
    """``tally=True`` gives a Tally; the executors of the module are Executors."""
    from collections.abc import Callable
    from concurrent.futures import Executor, Future

    from tabletop_rules.simulation import (
        FutureExecutor,
        InlineExecutor,
        SimulationFailed,
        Tally,
        process_pool,
    )

    tally = simulate(m20.RULESET, [setup], games=10, executor=InlineExecutor(), tally=True)
    assert_type(tally, Tally)
    assert_type(tally.won("heroes"), int)
    assert_type(win_rates(tally)["heroes"], Estimate)
    games = simulate(m20.RULESET, [setup], games=10, in_flight=2, tally=False)
    assert_type(games, list[SimulatedGame[m20.CombatSetup]])

    def submit(fn: Callable[..., object], /, *args: object) -> Future[object]:
        return InlineExecutor().submit(fn, *args)

    executors: list[Executor] = [FutureExecutor(submit), InlineExecutor(), process_pool(2)]
    assert_type(executors[0].submit(int).result(), int)
    try:
        simulate(m20.RULESET, [setup], executor=executors[0], tally=True)
    except SimulationFailed as error:
        assert_type(error.failed, tuple[range, ...])
        assert_type(error.completed, list[SimulatedGame[Any]] | Tally)
