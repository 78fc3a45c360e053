"""The fuzz suite: every public entry point that takes outside input keeps its contract.

A bot hands the library whatever a player types or uploads, and whatever its database holds.
For every such entry point, and for any input, the suite checks that:

- only the library's errors (:class:`~tabletop_rules.errors.TabletopRulesError` and its
  subclasses) are raised, and each one renders in every shipped locale in at most
  :data:`MESSAGE_LIMIT` characters (one chat message);
- one input, when it is quick enough to trace, costs at most :data:`MEMORY_LIMIT` bytes at
  its peak (``tracemalloc``); nothing is timed: that work grows linearly with the input is
  counted in ``tests/test_linear.py`` and ``tests/test_notation_costs.py``;
- what is accepted can be used: a command rolls and renders, a sheet's character writes back
  to an equal sheet, a value read from JSON explains itself and writes back to equal JSON;
- a command refused by a ruleset changes nothing (the state's JSON is the same before and
  after), and ``decide`` is pure (the same state, command and seed give the same events).

An entry point whose messages cannot be short yet may say ``short_messages=False``; none
does: a message quotes a text field at most ``errors.MAX_QUOTED`` characters long
(``test_no_error_quotes_a_huge_input``); that a language tag resolves in linear
time is counted in ``tests/test_linear.py``.

**Adding a system.**
Every entry point is one item of :data:`ENTRY_POINTS`, the one list of this module:

- a :class:`TextInput` for a parser of text (the notation, ``Dice.parse``, a system's sheet
  parser and its other parsers of players' words), with well-formed samples for the fuzzer to
  mutate and the sizes of its limits;
- a :class:`JsonInput` for each public type ``from_json`` reads, with a strategy for valid
  values to mangle (``test_every_public_type_is_fuzzed`` fails until every public type of
  :data:`PUBLIC_MODULES` is covered or listed in :data:`NOT_DATA` with a reason);
- a :class:`RulesetInput` for a ruleset, with a strategy for its setups: random legal play
  (``legal_commands``) reaches random states, and random, illegal and garbage commands are
  thrown at ``decide`` there.

A new system adds its items to :data:`ENTRY_POINTS`, and nothing else: its package is found
through the ruleset entry points (:data:`PUBLIC_MODULES`), so that the completeness test
names every public type of it that no item reads yet.

**Budget.**
The suite follows the Hypothesis profile of ``tests/conftest.py`` (:data:`EXAMPLES`): text
parsers get the profile's examples, rulesets half of them, each JSON type a sixth.
It takes about 10 s under the default profile and under a minute under ``ci``
(``HYPOTHESIS_PROFILE=ci``) on two cores.

Issue 14 ("Hardening") asked for this suite; its findings are cited in the tests.
"""

from __future__ import annotations

import contextlib
import copy
import enum
import functools
import importlib
import importlib.resources
import json
import random
import time
import tracemalloc
import types
import typing
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, Final

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

import tabletop_rules
from tabletop_rules import bar2d6, bayside23, engine, m20, notation, skirmish, tables, vectors
from tabletop_rules.bar2d6 import strategies as bar2d6s
from tabletop_rules.bayside23 import strategies as bayside23s
from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Opposition, Outcome, Term
from tabletop_rules.dice import Dice, Roll, SeededDice, SeededDiceState
from tabletop_rules.engine import GameRecord, GameResult, Pass, PromptFrame, PromptStack
from tabletop_rules.errors import IllegalCommand, InvalidData, InvalidNotation, TabletopRulesError
from tabletop_rules.i18n import LOCALES, Label
from tabletop_rules.kit import ResponseWindow
from tabletop_rules.m20 import strategies as m20s
from tabletop_rules.odds import Distribution
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.simulation import Estimate, SimulatedGame, random_bot
from tabletop_rules.skirmish import strategies as skirmishs
from tabletop_rules.systems import Registry
from tabletop_rules.testing import strategies as ts

from . import library_modules

#: The most bytes one input may allocate at its peak, traced for inputs under
#: :data:`_TRACE_UNDER` seconds (tracing makes big-integer work many times slower).
MEMORY_LIMIT: Final = 64 * 2**20
_TRACE_UNDER: Final = 0.05
#: The longest message of an error, in any shipped locale: one Discord message.
MESSAGE_LIMIT: Final = 2_000
#: The examples of each test, from the profile's (50 by default, 300 under ``ci``): as many
#: for a text parser, half as many for a ruleset (each plays a game and decides up to 8
#: commands), a sixth as many (at least 10) for each JSON type.
EXAMPLES: Final = settings().max_examples


def _fuzz(share: float) -> settings:
    return settings(
        max_examples=max(10, int(EXAMPLES * share)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# -- the kinds of entry points ---------------------------------------------------------------


def _nothing(_: Any) -> None:
    return None


@attrs.frozen(kw_only=True)
class TextInput:
    """A parser of text a player typed: the notation, a system's sheet parser."""

    #: How the test names it.
    name: str
    #: The entry point: text in, a value (or ``None``) out.
    read: Callable[[str], object]
    #: What a bot does next with what was read; must raise only library errors.
    use: Callable[[Any], None] = _nothing
    #: Well-formed inputs that the fuzzer mutates.
    samples: tuple[str, ...]
    #: Characters that mean something to the parser, mixed into random text.
    alphabet: str
    #: Lengths at which repeated input is built: the limits, just over, and far over.
    sizes: tuple[int, ...]
    #: Whether an error's message must fit :data:`MESSAGE_LIMIT`; ``False`` only while a
    #: finding is open, with its case in ``test_no_error_quotes_a_huge_input``.
    short_messages: bool = True


@attrs.frozen(kw_only=True)
class JsonInput:
    """A public type that ``from_json`` reads from untrusted JSON."""

    #: How the test names it.
    name: str
    #: The type given to ``from_json``; ``None`` reads each value as its own class.
    cls: Any
    #: Valid values, whose JSON the fuzzer mangles.
    values: SearchStrategy[Any]
    #: What a bot does with a value it read (explain it, render it, replay it).
    use: Callable[[Any], None] = _nothing
    #: The public types it covers, besides ``cls`` and the members of a union ``cls``.
    covers: tuple[Any, ...] = ()


@attrs.frozen(kw_only=True)
class RulesetInput:
    """A ruleset: commands are decided at random states reached by random legal play."""

    #: How the test names it.
    name: str
    #: The ruleset.
    ruleset: Any
    #: Setups for ``ruleset.start``.
    setups: SearchStrategy[Any]
    #: The union of the ruleset's command classes (garbage commands are built from them).
    command_type: Any
    #: The most commands of random legal play before the state is fuzzed.
    max_steps: int = 30
    #: Whether a refusal's message must fit :data:`MESSAGE_LIMIT`; ``False`` only while a
    #: finding is open, with its case in ``test_no_error_quotes_a_huge_input``.
    short_messages: bool = True


EntryPoint = TextInput | JsonInput | RulesetInput


# -- what a bot does with what it read -------------------------------------------------------


def _use_command(command: Any) -> None:
    """Roll, render in every locale, compute the odds, and round-trip through JSON.

    A system's chat command (``M20+3>=困難``) is a check of the system: it is resolved and
    explained instead.
    """
    if command is None:
        return
    if hasattr(command, "resolve"):
        _resolve(command)
    else:
        str(command)
        result = command.roll(SeededDice(14))
        for locale in LOCALES:
            result.render(locale)
        single = command.command if isinstance(command, notation.Repeat) else command
        if isinstance(single, notation.Choice):
            single.probability(single.items[0])
        elif hasattr(single, "probability"):
            single.probability()
        else:
            single.distribution().mean()
    assert command == from_json(to_json(command), type(command))


def _use_json_command(command: Any) -> None:
    """A command read from JSON is held to the limits before it is rolled (finding 2)."""
    notation.Limits().enforce(command)
    _use_command(command)


def _use_character(character: m20.Character) -> None:
    """Write the sheet back in every locale and read it again."""
    for locale in LOCALES:
        assert character == m20.parse_sheet(m20.format_sheet(character, locale))


def _explain(value: Term | Difficulty | Opposition | CheckResult) -> None:
    for locale in LOCALES:
        value.explain(locale)


def _render(value: notation.Result) -> None:
    for locale in LOCALES:
        value.render(locale)


def _odds(value: Distribution) -> None:
    value.mean()
    value.p_at_least(value)
    repr(value)


def _resolve(check: m20.SpecialtyCheck | m20.AttackCheck | m20.OpposedCheck) -> None:
    check.probability()
    _explain(check.resolve(SeededDice(3)))


def _describe(event: m20.Event) -> None:
    for locale in LOCALES:
        m20.describe(event, locale)


def _replay(record: GameRecord[Any, Any, Any]) -> None:
    engine.replay(record)


# -- valid values of every public type -------------------------------------------------------

_names = st.text(min_size=1, max_size=8)
_moves = st.sampled_from(
    [
        "2d6",
        "2D6+5>=8",
        "x3 1d20+4",
        "1d20-1+2d4>10",
        "rep2 2d6>=2d6",
        "3D6/2U+1",
        "2B6+4B10>3",
        "3R6>=5",
        "5U10[8]+1",
        "6TZ6",
        "C(10/3)",
        "choice2[a,b,c]",
        "D66S",
    ]
)


def _parsed(text: str) -> notation.Command:
    command = notation.parse(text)
    assert command is not None
    return command


_commands = _moves.map(_parsed)
#: A system's chat command with the secret mark or a comment (issue 26: it went to JSON and
#: did not read back).
_system_commands = st.sampled_from(
    [
        ("m20", "SM20+4>=困難 跳過懸崖"),
        ("m20", "M20ATK+3>=DEF+2 x"),
        ("bar2d6", "SB2D6+5>=3 HELP+2@1"),
        ("bar2d6", "B2D6+3 VS +2 comment"),
        ("bayside23", "SBAY2D6<=3+13-8"),
        ("bayside23", "BAYHIT-2<+0 x"),
        ("bayside23", "SBAYINIT+1<+0"),
        ("skirmish", "SSK+3>DEF+2@1"),
    ]
).map(lambda pair: notation.parse(pair[1], system=pair[0]))
_results = st.builds(lambda c, seed: c.roll(SeededDice(seed)), _commands, ts.seeds())
_sum_results = st.builds(
    lambda c, seed: c.roll(SeededDice(seed)),
    st.sampled_from(["2d6", "2D6+5>=8", "x3 1d20+4", "3D6/2U+1", "3*2D6-1"]).map(_parsed),
    ts.seeds(),
)
_small = st.integers(1, 6)
_KEEPS = ("KH", "KL", "DH", "DL")
_reward_items = st.builds(m20.RewardItem, name=_names, bonus=st.integers(0, 3))
_boosts = st.builds(
    m20.Boosts,
    items=st.lists(_reward_items, max_size=2),
    extra=st.lists(ts.terms(), max_size=2),
    reroll=st.booleans(),
)


def _state_after(seed: int, rolls: int) -> SeededDiceState:
    dice = SeededDice(seed)
    for _ in range(rolls):
        dice.roll(Dice(2, 6))
    return dice.state


_dice_states = st.builds(_state_after, ts.seeds(), st.integers(0, 5))


def _resume(state: SeededDiceState) -> None:
    """A bot resumes its dice after a restart and rolls on."""
    SeededDice.resume(state).roll(Dice(3, 6))


def _rolled_parts(result: notation.Result) -> SearchStrategy[notation.RolledPart]:
    if isinstance(result, notation.RepeatResult):
        result = result.results[0]
    expression = result.left if isinstance(result, notation.CheckRoll) else result
    return st.sampled_from(expression.parts)


_m20_games = ts.games(m20.RULESET, m20s.setups(max_participants=3), max_steps=12)


def _final(record: GameRecord[m20.CombatSetup, m20.Command, m20.Event]) -> m20.CombatState:
    return engine.fold(m20.RULESET, m20.RULESET.start(record.setup), record.events)


_m20_states = _m20_games.map(_final)
_m20_events = _m20_games.filter(lambda r: bool(r.events)).flatmap(
    lambda r: st.sampled_from(r.events)
)
_m20_commands = _m20_states.flatmap(
    lambda s: st.sampled_from(m20.RULESET.legal_commands(s) or (m20.EndCombat(actor=m20.GM),))
)
_checks_of = st.builds(
    m20.SpecialtyCheck.of,
    m20s.characters(),
    st.sampled_from(m20.Specialty),
    st.integers(-5, 40),
    stance=st.sampled_from(m20.Stance),
)
_attack_checks = st.builds(
    m20.AttackCheck.between,
    m20s.characters(),
    m20s.characters(),
    st.sampled_from(m20.AttackKind),
)
_opposed = st.builds(
    m20.OpposedCheck,
    active=st.lists(ts.terms(), max_size=3),
    reactive=st.lists(ts.terms(), max_size=3),
)


_M20_ENUMS: Final[tuple[type[enum.Enum], ...]] = (
    m20.Attribute,
    m20.Specialty,
    m20.Tendency,
    m20.Skill,
    m20.Stance,
    m20.AttackKind,
    m20.DifficultyLevel,
    m20.AttackMode,
    m20.HinderChoice,
    m20.Status,
    m20.Question,
    m20.EffectKind,
    m20.Expiry,
)


def _plain(
    types_: list[tuple[Any, SearchStrategy[Any], Callable[[Any], None]]],
) -> Iterator[JsonInput]:
    for cls, values, use in types_:
        yield JsonInput(name=_type_name(cls), cls=cls, values=values, use=use)


def _table_play_json_inputs() -> Iterator[JsonInput]:
    """A JsonInput for each value of the places a game reaches: exports, the server's
    settings, session logs, simulations' tallies, decks, the game-AI seats and bots."""
    from tabletop_rules import _gameai, exports, search, server, sessionlog, simulation

    def piece(system: str) -> Any:
        sample = next(iter(Registry.default().get(system).piece.samples()))  # type: ignore[union-attr]
        return exports.piece_of(sample, system=system, locale="en")

    pieces = st.sampled_from(["m20", "bar2d6", "bayside23", "skirmish"]).map(piece)
    logs = st.sampled_from(["arcane", "bastion"]).map(
        lambda deck: sessionlog.SessionLog.of(
            simulation.play(skirmish.RULESET, skirmish.sample_setup(deck, "vanguard"), seed=3),
            "en",
        )
    )
    yield from _plain(
        [
            (exports.Piece, pieces, _nothing),
            (exports.Resource, pieces.map(lambda p: p.resources[0]), _nothing),
            (exports.Param, pieces.map(lambda p: p.params[0]), _nothing),
            (exports.PaletteLine, pieces.map(lambda p: p.palette[0]), _nothing),
            (server.ServerSettings, st.builds(server.ServerSettings), _nothing),
            (sessionlog.SessionLog, logs, _nothing),
            (sessionlog.LogEntry, logs.map(lambda log: log.entries[0]), _nothing),
            (sessionlog.Markup, st.sampled_from(sessionlog.Markup), _nothing),
            (
                simulation.Tally,
                st.builds(
                    simulation.Tally,
                    games=st.integers(0, 9),
                    wins=st.just((("a", 1),)),
                    draws=st.integers(0, 3),
                ),
                _nothing,
            ),
            (
                skirmish.Deck,
                st.sampled_from(list(skirmish.SAMPLE_DECKS.values())).map(
                    lambda ids: skirmish.Deck(cards=ids)
                ),
                _nothing,
            ),
            (_gameai.Seating, st.just(_gameai.Seating(sides=("a", "b"))), _nothing),
            (search.SearchBot, st.builds(search.SearchBot), _nothing),
        ]
    )


def _core_json_inputs() -> Iterator[JsonInput]:
    """A JsonInput for each public type of the core: values, and what a bot does with them."""
    yield from _plain(
        [
            (Dice, ts.dice(), _nothing),
            (Roll, ts.rolls(), _nothing),
            (Term, ts.terms(), _explain),
            (Difficulty, ts.difficulties(), _explain),
            (Opposition, ts.oppositions(), _explain),
            (CheckResult, ts.check_results(), _explain),
            (Distribution, ts.distributions(), _odds),
            (Outcome, st.sampled_from(Outcome), _nothing),
            (Comparison, st.sampled_from(Comparison), _nothing),
            (Fraction, st.fractions(), _nothing),
            (SeededDiceState, _dice_states, _resume),
            (
                GameResult,
                st.builds(GameResult, winners=st.lists(_names, max_size=3), reason=_names),
                _nothing,
            ),
            (Pass, st.builds(Pass, actor=_names), _nothing),
            (
                PromptFrame[str],
                st.builds(
                    PromptFrame[str],
                    responder=_names,
                    answers=st.frozensets(_names),
                    pending=_names,
                ),
                _nothing,
            ),
            (PromptStack[str], st.builds(PromptStack[str]), _nothing),
            (
                ResponseWindow[str],
                st.lists(_names, min_size=1, max_size=3).flatmap(
                    lambda names: st.builds(
                        ResponseWindow[str],
                        responders=st.just(tuple(names)),
                        pending=_names,
                        turn=st.integers(0, len(names) - 1),
                        passes=st.integers(0, len(names)),
                    )
                ),
                _nothing,
            ),
            (Label, st.builds(Label, _names), _nothing),
            (
                SimulatedGame[int],
                st.builds(
                    SimulatedGame[int],
                    seed=ts.seeds(),
                    result=st.none() | st.builds(GameResult, winners=st.lists(_names, max_size=2)),
                    events=st.integers(0, 10**6),
                ),
                _nothing,
            ),
            (
                Estimate,
                st.integers(0, 100).flatmap(
                    lambda total: st.builds(
                        Estimate,
                        count=st.integers(0, total),
                        total=st.just(total),
                        low=st.floats(0, 1),
                        high=st.floats(0, 1),
                    )
                ),
                _nothing,
            ),
            (GameRecord, _m20_games, _replay),
            # the notation
            (notation.Command, _commands, _use_json_command),
            (
                notation.Expression,
                st.sampled_from(["2d6", "1d20-1+2d4", "3D6/2U+1", "(1D6+1)*2", "2D66"]).map(
                    _parsed
                ),
                _use_json_command,
            ),
            (notation.Check, st.just(_parsed("2d6+5>=3d6")), _use_json_command),
            (notation.Repeat, st.just(_parsed("x3 1d20>=10")), _use_json_command),
            (
                notation.Part,
                st.builds(notation.Part, dice=st.just(Dice(2, 6)) | st.none()),
                _nothing,
            ),
            (
                notation.Step,
                st.builds(
                    notation.Step,
                    op=st.sampled_from(["*", "/"]),
                    operand=st.builds(notation.Part, number=_small),
                ),
                _nothing,
            ),
            (notation.Limits, st.builds(notation.Limits), _nothing),
            (
                notation.Keep,
                st.builds(notation.Keep, kind=st.sampled_from(_KEEPS), count=_small),
                _nothing,
            ),
            (
                notation.Reroll,
                st.builds(notation.Reroll, face=_small, once=st.booleans()),
                _nothing,
            ),
            (notation.Relation, st.sampled_from(notation.Relation), _nothing),
            (notation.Result, _results, _render),
            (notation.RolledPart, _sum_results.flatmap(_rolled_parts), _nothing),
            (notation.SystemCommand, _system_commands, _use_command),
            # rule vectors: the shipped files and their cases
            (vectors.VectorFile, st.sampled_from(vectors.shipped_files()), _nothing),
        ]
    )
    yield JsonInput(
        name="vectors.VectorCase",
        cls=vectors.VectorCase,
        values=st.sampled_from(vectors.shipped_files()).flatmap(
            lambda file: st.sampled_from(file.cases)
        ),
        covers=(
            vectors.ChatInput,
            vectors.CheckInput,
            vectors.CheckSpec,
            vectors.CombatInput,
            vectors.DieFace,
        ),
    )


def _m20_json_inputs() -> Iterator[JsonInput]:
    """A JsonInput for each public type of m20: values, and what a bot does with them."""
    yield from _plain(
        [
            (m20.Character, m20s.characters(), _use_character),
            (m20.Attributes, m20s.characters().map(lambda c: c.attributes), _nothing),
            (m20.SkillPick, m20s.characters(min_picks=1).map(lambda c: c.picks[0]), _nothing),
            (m20.Rulings, st.builds(m20.Rulings), _nothing),
            (m20.RewardItem, _reward_items, _nothing),
            (m20.Boosts, _boosts, _nothing),
            (
                m20.DefenseBoosts,
                st.builds(m20.DefenseBoosts, defender=_names, boosts=_boosts),
                _nothing,
            ),
            (m20.SpecialtyCheck, _checks_of, _resolve),
            (m20.AttackCheck, _attack_checks, _resolve),
            (m20.OpposedCheck, _opposed, _resolve),
            (m20.CombatSetup, m20s.setups(max_participants=3), m20.RULESET.start),
            (m20.Participant, m20s.setups().map(lambda s: s.participants[0]), _nothing),
            (m20.ScenarioLedger, m20s.setups().map(lambda s: s.ledger), _nothing),
            (m20.CombatState, _m20_states, _nothing),
            (m20.Combatant, _m20_states.flatmap(lambda s: st.sampled_from(s.combatants)), _nothing),
            (m20.Command, _m20_commands, _nothing),
            (m20.Event, _m20_events, _describe),
        ]
    )
    yield JsonInput(
        name="m20 enums",
        cls=None,
        values=st.sampled_from([member for kind in _M20_ENUMS for member in kind]),
        covers=_M20_ENUMS,
    )
    yield JsonInput(
        name="m20 state parts",
        cls=None,
        values=_m20_states.flatmap(
            lambda s: st.sampled_from(
                [
                    *s.ledger.entries,
                    *(e for c in s.combatants for e in c.effects),
                    *(f.pending for f in s.prompts.frames),
                    s.ledger,
                ]
            )
        ),
        covers=(m20.LedgerEntry, m20.Effect, m20.PendingAttack, m20.Strike),
    )
    yield JsonInput(name="m20 events, each as its own class", cls=None, values=_m20_events)
    yield JsonInput(name="m20 commands, each as its own class", cls=None, values=_m20_commands)


def _type_name(cls: Any) -> str:
    unions = {"notation.Command": notation.Command, "notation.Result": notation.Result}
    unions |= {"m20.Command": m20.Command, "m20.Event": m20.Event}
    for name, union in unions.items():
        if cls == union:
            return name
    cls = typing.get_origin(cls) or cls
    return f"{cls.__module__.replace('tabletop_rules.', '')}.{cls.__qualname__}"


# -- the one list ------------------------------------------------------------------------------


def _m20_chat(text: str) -> object:
    return notation.parse(text, system="m20")


def _read_as_every_chat_command(text: str) -> None:
    """*text* read by every system's chat commands themselves, which have no length limit."""
    for system in ("bar2d6", "bayside23", "m20", "skirmish"):
        for chat in notation.commands(system):
            chat.matches(text)
            with contextlib.suppress(InvalidNotation):
                chat.read(text)


def _read_vector_dice(text: str) -> object:
    return vectors.parse_dice([text])


_NOTATION_ALPHABET = "0123456789dD+-−*/()<>=≥≤≧≦ xXrep０１２ｄＤ＋＞＝　#S"
_SHEET_ALPHABET = (
    "姓名描述屬性生命值行事傾向特長技能：:（）()[]［］\n 0123456789＋－+-"
    "物攻特防身理詭計知識交涉雙重攻擊強化專精Name Skills Attributes"
)


def _reachable(value: object, found: dict[type[Any], list[Any]]) -> None:
    """Collect every attrs value and enum member reachable from *value*, by type."""
    # A generic class (a prompt frame, a response window) is read through the state that
    # holds it, with its parameter: alone, ``from_json`` could not know what it holds.
    generic = bool(getattr(type(value), "__parameters__", ()))
    if (isinstance(value, enum.Enum) or attrs.has(type(value))) and not generic:
        seen = found.setdefault(type(value), [])
        if len(seen) < 20 and value not in seen:
            seen.append(value)
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            _reachable(getattr(value, field.name), found)
    elif isinstance(value, tuple | list | frozenset):
        for item in value:  # pyright: ignore[reportUnknownVariableType]
            _reachable(item, found)  # pyright: ignore[reportUnknownArgumentType]
    elif isinstance(value, dict):
        for item in value.values():  # pyright: ignore[reportUnknownVariableType]
            _reachable(item, found)  # pyright: ignore[reportUnknownArgumentType]


def _types_within(*roots: Any) -> set[type[Any]]:
    """Every attrs class and enum a value of the *roots* types may hold, by their type hints."""
    found: set[type[Any]] = set()
    pending = list(roots)
    while pending:
        hint = pending.pop()
        if isinstance(hint, type) and (attrs.has(hint) or issubclass(hint, enum.Enum)):
            if hint in found:
                continue
            found.add(hint)
            if attrs.has(hint):
                pending.extend(typing.get_type_hints(hint).values())
        else:
            pending.extend(typing.get_args(hint))
    return found


@st.composite
def _played_values(draw: st.DrawFn, ruleset: Any, setups: SearchStrategy[Any]) -> Any:
    """A value random legal play of *ruleset* reaches: its setup, a state, a command, an event."""
    setup = draw(setups)
    rng = random.Random(draw(st.integers(0, 2**16)))
    dice = SeededDice(draw(st.integers(0, 2**16)))
    state = ruleset.start(setup)
    found: dict[type[Any], list[Any]] = {}
    _reachable(setup, found)
    for _ in range(draw(st.integers(0, 60))):
        command = random_bot(ruleset, state, rng)
        if command is None:
            break
        state, entry = engine.step(ruleset, state, command, dice)
        for value in (command, entry, *entry.events, state):
            _reachable(value, found)
    kind = draw(st.sampled_from(sorted(found, key=lambda cls: cls.__qualname__)))
    return draw(st.sampled_from(found[kind]))


def _system_inputs(
    name: str, ruleset: Any, setups: SearchStrategy[Any], extra: dict[Any, SearchStrategy[Any]]
) -> Iterator[EntryPoint]:
    """A system's ruleset, and a JsonInput for every type its random play reaches and for
    each of *extra* (types play does not reach, with a strategy for their values)."""
    yield RulesetInput(
        name=f"{name} rules", ruleset=ruleset, setups=setups, command_type=ruleset.command_type
    )
    start = typing.get_type_hints(type(ruleset).start)["return"]
    yield JsonInput(
        name=f"{name} values reached by play, each as its own class",
        cls=None,
        values=_played_values(ruleset, setups),
        covers=tuple(
            _types_within(ruleset.setup_type, ruleset.command_type, ruleset.event_type, start)
        ),
    )
    for cls, values in extra.items():
        yield JsonInput(name=_type_name(cls), cls=cls, values=values)


_bar2d6_helpers = st.builds(
    bar2d6.Helper,
    bonus=st.lists(ts.terms(), max_size=2),
    dice=st.integers(1, 4),
    modifiers=st.lists(ts.terms(), max_size=2),
)

_SKIRMISH_CARDS: Final = (
    importlib.resources.files("tabletop_rules.skirmish").joinpath("cards", "sample.toml")
).read_text("utf-8")

# -- tables and decks --------------------------------------------------------------------------

_BCDICE_TABLE = (
    "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料"
)
_D66_TABLE = "表\nD66S\n" + "\n".join(f"{a}{b}:x" for a in range(1, 7) for b in range(a, 7))
_DICE_DECKS = (
    '{"塔罗牌": ["【0】愚者", "::2::【1】魔术师", "\\\\{x}"], "正逆": ["正位", "逆位"],'
    ' "牌阵": ["{塔罗牌} {%正逆} [1d6+1]", "{%塔罗牌}"]}'
)
_TABLE_ALPHABET = "0123456789:：dD6\n\r 表水{}[]%\\\"',_"
_LIBRARY = tables.Library(
    tables=(tables.read_bcdice_table(_BCDICE_TABLE),),
    decks=tables.read_dice_decks(_DICE_DECKS),
)


def _use_table(table: Any) -> None:
    """Roll, render in every locale, list the odds, and round-trip through JSON."""
    result = table.roll(SeededDice(14))
    for locale in LOCALES:
        result.render(locale)
    table.odds()
    assert from_json(to_json(table), type(table)) == table


def _use_decks(decks: Any) -> None:
    """Draw from the first decks, render, list the odds, and round-trip through JSON."""
    for deck in decks.decks[:5]:
        decks.draw(deck.name, SeededDice(14)).render()
        decks.odds(deck.name)
    assert from_json(to_json(decks), type(decks)) == decks


def _use_library_command(command: Any) -> None:
    """Roll what the library read and render it in every locale."""
    if command is not None:
        for locale in LOCALES:
            command.roll(SeededDice(14)).render(locale)


def _draw_results(decks: tables.Decks) -> SearchStrategy[tables.DrawResult]:
    return st.integers().map(lambda seed: decks.draw(decks.decks[0].name, SeededDice(seed)))


def _read_decks(text: str) -> tables.Decks:
    if text.startswith("{"):
        return tables.read_dice_decks(text)
    return tables.read_hktrpg_table(text)


_some_tables = st.sampled_from([_BCDICE_TABLE, _D66_TABLE]).map(tables.read_bcdice_table)
_some_decks = st.sampled_from([_DICE_DECKS, "九大陣營 守序善良 中立善良 混亂{ran:6}"]).map(
    _read_decks
)


def _tables_inputs() -> Iterator[EntryPoint]:
    """The readers of tables and decks, the library's chat, and JSON of every value."""
    yield TextInput(
        name="tables.read_bcdice_table",
        read=tables.read_bcdice_table,
        use=_use_table,
        samples=(
            _BCDICE_TABLE,
            _D66_TABLE,
            "表\n3D4\n" + "\n".join(f"{n}:x" for n in range(3, 13)),
        ),
        alphabet=_TABLE_ALPHABET,
        sizes=(100_000, 100_001, 1_000_000),
    )
    yield TextInput(
        name="tables.read_dice_decks",
        read=tables.read_dice_decks,
        use=_use_decks,
        samples=(_DICE_DECKS, '{"a": ["{b}{b}"], "b": ["{c}", "x"], "c": ["[2d6]"]}'),
        alphabet=_TABLE_ALPHABET,
        sizes=(100_000, 100_001, 1_000_000),
    )
    yield TextInput(
        name="tables.read_hktrpg_table",
        read=tables.read_hktrpg_table,
        use=_use_decks,
        samples=(".ra add 九大陣營 守序善良 中立善良 {ran:100} {random:5-20}{br}x {my.name}",),
        alphabet=_TABLE_ALPHABET + "ran:dom-",
        sizes=(100_000, 100_001, 1_000_000),
    )
    yield TextInput(
        name="tables.Library.parse",
        read=_LIBRARY.parse,
        use=_use_library_command,
        samples=(
            "飲み物表",
            "S飲み物表",
            ".draw 牌阵 3",
            ".drawh 塔罗牌",
            ".ra2 塔罗牌",
            ".rra9 正逆",
        ),
        alphabet=_TABLE_ALPHABET + ".drawh 牌阵塔罗正逆",
        sizes=(200, 201, 100_000),
    )
    yield from _plain(
        [
            (tables.Table, _some_tables, _use_table),
            (tables.Row, _some_tables.map(lambda table: table.rows[0]), _nothing),
            (
                tables.TableRoll,
                _some_tables.map(lambda table: tables.TableRoll(table=table)),
                _nothing,
            ),
            (
                tables.TableResult,
                _some_tables.map(lambda table: table.roll(SeededDice(3))),
                lambda result: result.render(),
            ),
            (tables.Decks, _some_decks, _use_decks),
            (tables.Deck, _some_decks.map(lambda decks: decks.decks[0]), _nothing),
            (tables.Card, _some_decks.map(lambda decks: decks.decks[0].cards[0]), _nothing),
            (
                tables.DeckState,
                _some_decks.flatmap(_draw_results).map(lambda result: result.state),
                _nothing,
            ),
            (tables.DrawResult, _some_decks.flatmap(_draw_results), lambda result: result.render()),
        ]
    )


#: Every entry point that takes outside input. A new system adds its own here.
ENTRY_POINTS: Final[tuple[EntryPoint, ...]] = (
    # the core: the notation and JSON of every public value
    TextInput(
        name="notation.parse",
        read=notation.parse,
        use=_use_command,
        samples=(
            "2d6",
            "2D6+5>=8",
            "x3 1d20+4",
            "1d20-1+2d4",
            "３Ｄ６＜＝１２",
            "rep2 2d6>=2d6",
            "100d1000>=50000",
            "d20>10",
            "-1d4+3",
            "x20 5d1000>=5d1000",
            "I rolled 2d6",
        ),
        alphabet=_NOTATION_ALPHABET,
        sizes=(200, 201, 100_000),
    ),
    TextInput(
        name="Dice.parse",
        read=Dice.parse,
        samples=("2d6", "D20", "２ｄ６", "100d1000", "0d6"),
        alphabet="0123456789dD ２ｄ",
        sizes=(40, 100_000),
    ),
    TextInput(
        name="the systems' chat commands, read directly",
        read=_read_as_every_chat_command,
        samples=("M20+3>=困難", "B2D6+5>=困難 HELP+2@1", "BAY2D6<=5+3-1", "SK+3>DEF+2@1"),
        alphabet=_NOTATION_ALPHABET + "MBAYSKHITDEFVSHELP@<>=困難",
        sizes=(200, 10_000, 100_000),
    ),
    TextInput(
        name="vectors.parse_dice",
        read=_read_vector_dice,
        samples=("d20:17", "3d6:1,2,3"),
        alphabet="0123456789dD:, ",
        sizes=(40, 10_000, 100_000),
    ),
    *_core_json_inputs(),
    *_table_play_json_inputs(),
    *_tables_inputs(),
    # m20: the sheet, JSON of every public value, and the combat ruleset
    TextInput(
        name="m20.parse_sheet",
        read=m20.parse_sheet,
        use=_use_character,
        samples=(
            m20.EXAMPLE_SHEET,
            m20.EXAMPLE_SHEET.replace("（攻擊強化）", "（飛行）").replace("物攻3", "物攻5"),
            "Name: Yang\nAttributes: Physical Attack 3, Special Attack 3, Physical Defense 2, "
            "Special Defense 2\nTendency: Physique type\nSpecialties: Physique +4, Cunning +0, "
            "Knowledge +0, Negotiation +0\nSkills:\nDouble Attack: two attacks\n",
        ),
        alphabet=_SHEET_ALPHABET,
        sizes=(10_000, 10_001, 1_000_000),
    ),
    TextInput(
        name="m20.DifficultyLevel.parse",
        read=m20.DifficultyLevel.parse,
        samples=("困難", "Hard", "ＨＡＲＤ", "普通", "nope"),
        alphabet="困難普通簡單極限hardHARD ",
        sizes=(100_000,),
    ),
    TextInput(
        name="notation.parse(system='m20')",
        read=_m20_chat,
        use=_use_command,
        samples=("M20+3>=困難", "M20ATK+3>=DEF+2", "m20+0>=16", "M20-1>=Hard", "2d6"),
        alphabet=_NOTATION_ALPHABET + "M20ATKDEF困難普通簡單",
        sizes=(200, 201, 100_000),
    ),
    *_m20_json_inputs(),
    RulesetInput(
        name="m20 combat",
        ruleset=m20.RULESET,
        setups=m20s.setups(max_participants=4),
        command_type=m20.Command,
    ),
    # bar2d6: the sheet, its chat commands, its checks, and every value its combats reach
    TextInput(
        name="bar2d6.parse_sheet",
        read=bar2d6.parse_sheet,
        samples=(bar2d6.EXAMPLE_SHEET,),
        alphabet=_SHEET_ALPHABET,
        sizes=(10_000, 10_001, 100_000),
    ),
    TextInput(
        name="notation.parse(system='bar2d6')",
        read=lambda text: notation.parse(text, system="bar2d6"),
        samples=("B2D6+5>=3", "B2D6+5>=困難 HELP+2@1", "B2D6+3 VS +2"),
        alphabet=_NOTATION_ALPHABET + "B2DVSHELP@困難",
        sizes=(200, 201, 100_000),
    ),
    *_system_inputs(
        "bar2d6",
        bar2d6.RULESET,
        bar2d6s.setups(),
        {
            bar2d6.Character: bar2d6s.characters(),
            bar2d6.GMCheck: st.builds(
                bar2d6.GMCheck,
                terms=st.lists(ts.terms(), max_size=3),
                difficulty=st.sampled_from(bar2d6.DifficultyDice),
                helpers=st.lists(_bar2d6_helpers, max_size=2),
            ),
            bar2d6.Contest: st.from_type(bar2d6.Contest),
            bar2d6.HelpedResult: st.from_type(bar2d6.HelpedResult),
            bar2d6.Helper: _bar2d6_helpers,
            bar2d6.DifficultyDice: st.sampled_from(bar2d6.DifficultyDice),
            bar2d6.Side: st.sampled_from(bar2d6.Side),
        },
    ),
    # bayside23: the sheet, its chat commands, its checks, the blank book, and its battles
    TextInput(
        name="bayside23.parse_sheet",
        read=bayside23.parse_sheet,
        samples=(bayside23.EXAMPLE_SHEET,),
        alphabet=_SHEET_ALPHABET + "名前体力精神敏捷性生命防御魔法特徴技能称号",
        sizes=(10_000, 10_001, 100_000),
    ),
    TextInput(
        name="notation.parse(system='bayside23')",
        read=lambda text: notation.parse(text, system="bayside23"),
        samples=("BAYHIT+1<+0", "BAY2D6<=5+3-1", "BAYINIT+0<+1"),
        alphabet=_NOTATION_ALPHABET + "BAYHITNIT<=",
        sizes=(200, 201, 100_000),
    ),
    *_system_inputs(
        "bayside23",
        bayside23.RULESET,
        bayside23s.setups(),
        {
            bayside23.Character: bayside23s.characters(),
            bayside23.Riddle: bayside23s.riddles(),
            bayside23.BlankBook: bayside23s.blank_books(),
            bayside23.Clue: bayside23s.blank_books(max_entries=1)
            .filter(lambda book: bool(book.entries))
            .map(lambda book: book.entries[0]),
            bayside23.Hint: bayside23s.riddles()
            .filter(lambda r: bool(r.hints))
            .map(lambda r: r.hints[0]),
            bayside23.DamageRoll: st.builds(
                bayside23.DamageRoll,
                dice=ts.dice(min_count=1, max_count=3, min_sides=2, max_sides=6),
                bonus=st.integers(-3, 3),
                reduction=st.integers(0, 3),
                six_is_one=st.booleans(),
            ),
            # A difficulty is as large as JSON reads a number (10**18 - 1 either way).
            bayside23.ActionCheck: st.builds(
                bayside23.ActionCheck, difficulty=st.integers(-(10**18) + 1, 10**18 - 1)
            ),
            bayside23.HitCheck: st.from_type(bayside23.HitCheck),
            bayside23.InitiativeCheck: st.from_type(bayside23.InitiativeCheck),
            bayside23.InitiativeResult: st.from_type(bayside23.InitiativeResult),
            bayside23.RiddleResult: st.builds(
                bayside23.RiddleResult,
                answer=st.text(min_size=1, max_size=10),
                correct=st.booleans(),
                hint=st.none()
                | bayside23s.riddles().filter(lambda r: bool(r.hints)).map(lambda r: r.hints[0]),
            ),
            bayside23.Attribute: st.sampled_from(bayside23.Attribute),
        },
    ),
    # skirmish: card files, its chat command, its checks, and every value its games reach
    TextInput(
        name="skirmish.load_cards",
        read=skirmish.load_cards,
        samples=(_SKIRMISH_CARDS,),
        alphabet='[]="\n.abcdefghijklmnopqrstuvwxyz0123456789 ',
        sizes=(10_000, 100_000),
    ),
    TextInput(
        name="notation.parse(system='skirmish')",
        read=lambda text: notation.parse(text, system="skirmish"),
        samples=("SK+3>DEF+2@1", "SK+0>DEF+0@0"),
        alphabet=_NOTATION_ALPHABET + "SKDEF@>",
        sizes=(200, 201, 100_000),
    ),
    *_system_inputs(
        "skirmish",
        skirmish.RULESET,
        skirmishs.setups(),
        {
            skirmish.CardSet: st.lists(
                skirmishs.cards(), max_size=3, unique_by=lambda c: c.name
            ).map(lambda cards: skirmish.CardSet(cards=tuple(cards))),
            skirmish.Check: st.builds(
                skirmish.Check,
                actor=st.lists(ts.terms(), max_size=3),
                defender=st.lists(ts.terms(), max_size=3),
            ),
        },
    ),
)


def _system_packages() -> tuple[types.ModuleType, ...]:
    """The package of every registered ruleset (``tabletop_rules.m20`` for m20's)."""
    # The library's own systems: a system of another distribution brings its own tests
    # (testing.laws attacks its JSON).
    names = {
        system.package
        for system in Registry.default()
        if system.package is not None and system.package.startswith("tabletop_rules.")
    }
    return tuple(importlib.import_module(name) for name in sorted(names))


def _public_modules() -> tuple[types.ModuleType, ...]:
    """The root package and every module of it named without a leading underscore, and the
    package of every ruleset registered through entry points (so that a new system, in this
    distribution or another, is found)."""
    modules = [
        module
        for module in library_modules.modules()
        if not any(part.startswith("_") for part in module.__name__.split("."))
    ]
    return (tabletop_rules, *modules, *_system_packages())


#: The modules whose public types (those of their ``__all__``) must each be read by some
#: JsonInput, or be listed in :data:`NOT_DATA`.
PUBLIC_MODULES: Final = _public_modules()

#: Public types that are not data, so never read from JSON, each with the reason.
#: ``from_json`` refuses each with ``InvalidData`` at ``$.cls``, whatever the text.
NOT_DATA: Final = {
    tabletop_rules.Registry: "holds rule systems, found through entry points",
    tabletop_rules.Entry: "read within a GameRecord, whose system names its types (fuzzed there)",
    tabletop_rules.RuleSystem: "holds a system's functions, given in code",
    tabletop_rules.exports.Pieces: "how a system makes its pieces: holds functions",
    tabletop_rules.kit.Log: "a system's renderers: holds functions",
    tabletop_rules.kit.Words: "a renderer's view of a state, made while a line is written",
    tabletop_rules.testing.laws.Played: "a game the laws played, with every state: test data",
    tabletop_rules.balance.BalanceReport: "a report to print or chart, keyed by pairs of decks",
    tabletop_rules.systems.Sheets: "holds a system's sheet functions, given in code",
    tabletop_rules.systems.Seat: "built by a bot in code from its lobby, never read from JSON",
    skirmish.Versus: "holds a bot for each player: functions, given in code",
    notation.ChatCommand: "holds a reader function; a system registers it in code",
    tabletop_rules.simulation.Simulator: "holds a ruleset, a bot and an executor, given in code",
    tabletop_rules.kit.CommandShapes: "a ruleset's command checks: holds classes",
    tabletop_rules.kit.Durations: "a ruleset's table of how effects expire, built in code",
    vectors.Difference: "a failed case's report: holds whatever value the case or library had",
    tables.Library: "holds a bot's loaded tables and decks, given in code; its parse is fuzzed",
    tables.DeckDraw: "made by Library.parse from text, fuzzed there; holds a deck file",
}


def _entries(kind: type[Any]) -> list[Any]:
    return [entry for entry in ENTRY_POINTS if isinstance(entry, kind)]


# -- the contract --------------------------------------------------------------------------------


def _bounded(name: str, call: Callable[[], object], *, short_messages: bool = True) -> object:
    """Run *call* (twice when it is quick: the second time traced) and check the contract.

    Args:
        name: The entry point, for failure messages.
        call: One input, read and used.
        short_messages: Whether an error's message must fit :data:`MESSAGE_LIMIT`.

    Returns:
        What *call* returned, or the library error it raised.
    """
    start = time.perf_counter()
    try:
        outcome: object = call()
    except TabletopRulesError as error:
        outcome = error
    elapsed = time.perf_counter() - start  # decides only whether to trace: nothing is timed
    if elapsed < _TRACE_UNDER:
        tracemalloc.start()
        try:
            with _quietly():
                call()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < MEMORY_LIMIT, f"{name}: one input took {peak / 2**20:.0f} MiB"
    if isinstance(outcome, TabletopRulesError):
        for locale in LOCALES:
            message = outcome.localized(locale)
            assert not short_messages or len(message) <= MESSAGE_LIMIT, (
                f"{name}: a {len(message)}-character message"
            )
    return outcome


class _quietly:
    """Swallow the library's errors (the traced second run of an input that raised one)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> bool:
        return kind is not None and issubclass(kind, TabletopRulesError)


# -- text ----------------------------------------------------------------------------------------


#: Pieces built to attack a regular expression (issue 26): what comes before a long run, the
#: run's piece, and what comes after it. Runs of spaces (either width) after an unclosed
#: parenthesis, nesting, and runs of the marks a parser reads, ending where it fails.
_ATTACK_STARTS: Final = ("", "x(", "x（", "[", "a:", "+", "名前：", "B2D6+", "M20", "SK")
_ATTACK_RUNS: Final = (" ", "　", "\t", "(", "（", "[", "{", "[[", "+1", "+ ", "1", "、 ", ":")
_ATTACK_ENDS: Final = ("", "x", ")", "\x00", "]", ">=")


@st.composite
def _attacks(draw: st.DrawFn, entry: TextInput) -> str:
    """A sample with a long run inserted (up to the parser's sizes), between a start and an
    end that make the pattern fail: what a catastrophic backtracker stalls on."""
    text = draw(st.sampled_from(entry.samples))
    at = draw(st.integers(0, len(text)))
    start = draw(st.sampled_from(_ATTACK_STARTS))
    run = draw(st.sampled_from(_ATTACK_RUNS))
    end = draw(st.sampled_from(_ATTACK_ENDS))
    joiner = draw(st.sampled_from(("", "\n")))
    # The whole text is one of the sizes: at a limit, the run is as long as the limit allows.
    room = draw(st.sampled_from(entry.sizes)) - len(text) - len(start + end + joiner)
    return text[:at] + joiner + start + run * max(0, room // len(run)) + end + text[at:]


@st.composite
def _texts(draw: st.DrawFn, entry: TextInput) -> str:
    """Random text, a mutated sample, a sample's piece repeated to one of the sizes, or a
    sample attacked with a long run (:func:`_attacks`)."""
    kind = draw(st.sampled_from(("random", "mutated", "repeated", "sample", "attack")))
    characters = st.sampled_from(entry.alphabet) | st.characters()
    if kind == "random":
        return draw(st.text(characters, max_size=300))
    if kind == "attack":
        return draw(_attacks(entry))
    text = draw(st.sampled_from(entry.samples))
    if kind == "repeated":
        start = draw(st.integers(0, len(text) - 1))
        piece = text[start : draw(st.integers(start + 1, len(text)))]
        size = draw(st.sampled_from(entry.sizes))
        return (piece * (size // len(piece) + 1))[:size]
    for _ in range(draw(st.integers(0 if kind == "sample" else 1, 6))):
        at = draw(st.integers(0, len(text)))
        end = draw(st.integers(at, min(len(text), at + 20)))
        edit = draw(st.sampled_from(("insert", "delete", "replace", "double", "number")))
        if edit == "insert":
            text = text[:at] + draw(st.text(characters, min_size=1, max_size=5)) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[end:]
        elif edit == "replace":
            text = text[:at] + draw(st.text(characters, max_size=5)) + text[end:]
        elif edit == "double":
            text = text[:end] + text[at:end] * draw(st.integers(1, 50)) + text[end:]
        else:
            number = draw(st.sampled_from(("0", "9" * 18, "9" * 19, "1" * 5000, "-1", "１０")))
            text = text[:at] + number + text[end:]
    return text


@pytest.mark.parametrize("entry", _entries(TextInput), ids=lambda e: e.name)
@_fuzz(1)
@given(data=st.data())
def test_text_entry_points_keep_the_contract(entry: TextInput, data: st.DataObject) -> None:
    """Issue 14, findings 3 and 5: any text a player types is read, or refused with a library
    error that fits a chat message, within the time and memory bounds; what is read can be
    used (rolled and rendered, or written back as a sheet)."""
    text = data.draw(_texts(entry), label="text")

    def read_and_use() -> None:
        entry.use(entry.read(text))

    _bounded(entry.name, read_and_use, short_messages=entry.short_messages)


# -- JSON ----------------------------------------------------------------------------------------

_KEYS = (
    "type", "count", "sides", "faces", "dice", "rolls", "terms", "label", "value", "against",
    "outcome", "counts", "actor", "target", "targets", "id", "hp", "events", "setup", "system",
    "rules_version", "participants", "character", "picks", "skill", "Attack", "Attacked",
)  # fmt: skip
_HUGE: Final = (10**18 - 1, 10**18, -(10**18), 2**63, 2**64, 10**4000, -(10**4299))
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**16), 2**16),
    st.sampled_from(_HUGE),
    st.floats(),
    st.text(max_size=8),
    st.sampled_from(_KEYS),
    st.sampled_from(("x" * 100_000, "1/0", "1" * 200 + "/3", "gm", "p0", "")),
)


def _containers(children: SearchStrategy[Any]) -> SearchStrategy[Any]:
    keys = st.sampled_from(_KEYS) | st.text(max_size=4)
    return st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=5)


_json_values = st.recursive(_scalars, _containers, max_leaves=20)
#: The largest document a repeated array is grown to (the cap is 10 MB; bigger documents
#: only test the cap, which is checked before anything else).
_GROWN: Final = 1_000_000


def _locations(root: list[Any]) -> list[tuple[Any, Any]]:
    """Every (container, key) in the document, its holder's first."""
    found: list[tuple[Any, Any]] = []
    pending: list[tuple[Any, Any]] = [(root, 0)]
    while pending:
        container, key = pending.pop()
        found.append((container, key))
        child = container[key]
        if isinstance(child, dict):
            pending.extend((child, k) for k in child)
        elif isinstance(child, list):
            pending.extend((child, i) for i in range(len(child)))
    return found


@st.composite
def _documents(draw: st.DrawFn, entry: JsonInput) -> str:
    """A valid value's JSON, mangled at one to three places, or arbitrary JSON."""
    if draw(st.integers(0, 9)) == 0:
        return json.dumps(draw(_json_values))
    holder: list[Any] = [json.loads(to_json(draw(entry.values, label="value")))]
    for _ in range(draw(st.integers(0, 3))):
        container, key = draw(st.sampled_from(_locations(holder)))
        old = container[key]
        edit = draw(st.sampled_from(("drop", "retype", "extra", "grow", "huge", "tag")))
        if edit == "drop" and container is not holder:
            del container[key]
        elif edit == "extra" and isinstance(old, dict):
            old[draw(st.sampled_from(_KEYS))] = draw(_json_values)
        elif edit == "grow" and isinstance(old, list) and old:
            size = len(json.dumps(old)) // len(old) + 1
            copies = draw(st.sampled_from((2, 100, max(2, _GROWN // size))))
            container[key] = (old * (copies // len(old) + 1))[:copies]
        elif edit == "huge" and type(old) is int:
            container[key] = draw(st.sampled_from(_HUGE))
        elif edit == "tag" and isinstance(old, dict) and "type" in old:
            old["type"] = draw(st.sampled_from(_KEYS) | st.text(max_size=8))
        else:
            container[key] = draw(_json_values)
    if draw(st.integers(0, 9)) == 0:
        # One value nested to the limit (issue 26): Python's JSON reader and cattrs recurse,
        # and must refuse, not crash. Last, so that no edit grows the nesting a thousandfold.
        container, key = draw(st.sampled_from(_locations(holder)))
        depth = draw(st.sampled_from((50, 500)))
        container[key] = functools.reduce(lambda inner, _: [inner], range(depth), container[key])
    text = json.dumps(holder[0], ensure_ascii=draw(st.booleans()))
    if draw(st.integers(0, 19)) == 0:  # nested past what any reader recurses to
        text = "[" * 5_000 + text + "]" * 5_000
    if draw(st.integers(0, 19)) == 0:
        text = text[: draw(st.integers(0, len(text)))]
    return text


def _read_as(entry: JsonInput, value: Any) -> Any:
    return type(value) if entry.cls is None else entry.cls


@pytest.mark.parametrize("entry", _entries(JsonInput), ids=lambda e: e.name)
@_fuzz(1 / 6)
@given(data=st.data())
def test_json_entry_points_keep_the_contract(entry: JsonInput, data: st.DataObject) -> None:
    """Issue 14, findings 1, 2 and 4: any JSON read as a public type gives a value or
    ``InvalidData`` (with a short message), within the time and memory bounds; a value that
    loads can be used (explained, rendered, replayed) and writes back to equal JSON."""
    cls = entry.cls
    if cls is None:
        cls = type(data.draw(entry.values, label="class"))
    text = data.draw(_documents(entry), label="document")

    def read_and_use() -> None:
        try:
            value = from_json(text, cls)
        except InvalidData:
            raise
        except TabletopRulesError as error:
            # Reading raises only InvalidData; using a value may raise another library error.
            raise AssertionError(f"from_json raised {error!r}") from error
        assert value == from_json(to_json(value), cls)
        entry.use(value)

    _bounded(entry.name, read_and_use)


def _public_types() -> set[Any]:
    found: set[Any] = set()
    for module in PUBLIC_MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, type) and (
                attrs.has(value) or issubclass(value, enum.Enum) or value is Distribution
            ):
                found.add(value)
    return found


def _covered() -> set[Any]:
    covered: set[Any] = set()
    for entry in _entries(JsonInput):
        for cls in (entry.cls, *entry.covers):
            covered.add(typing.get_origin(cls) or cls)
            covered.update(typing.get_args(cls) if typing.get_origin(cls) in _UNIONS else ())
    return covered


_UNIONS = (types.UnionType, typing.Union)


@pytest.mark.parametrize("entry", _entries(JsonInput), ids=lambda e: e.name)
@_fuzz(1 / 6)
@given(data=st.data())
def test_every_public_value_reads_back(entry: JsonInput, data: st.DataObject) -> None:
    """Issue 26, Deliver 4 (findings: a system's command, and eleven more classes, went to
    JSON and did not read back): every value of every public type, drawn from the strategies
    of :data:`ENTRY_POINTS`, reads back from the JSON the library writes as an equal value."""
    value = data.draw(entry.values, label="value")
    assert value == from_json(to_json(value), _read_as(entry, value))


#: Texts that are no value of any type.
_GARBAGE: Final = ("", "x", '"x"', "{", "null", "[]", "{}", "[1]", "1e999", "[" * 5_000)


def _all_public_types() -> list[Any]:
    return sorted(_public_types(), key=_type_name)


@pytest.mark.parametrize("cls", _all_public_types(), ids=_type_name)
@_fuzz(1 / 10)
@given(document=st.sampled_from(_GARBAGE) | _json_values.map(json.dumps))
def test_garbage_is_invalid_data_for_every_public_type(cls: Any, document: str) -> None:
    """Issue 26, Deliver 4 (``from_json`` of a ``SystemCommand``, of any text, raised cattrs'
    ``StructureHandlerNotFoundError``): for every public type, data or not, generic or not,
    text that is no value of it is refused with ``InvalidData``."""
    try:
        from_json(document, cls)
    except InvalidData:
        return
    except TabletopRulesError as error:
        raise AssertionError(f"from_json raised {error!r}") from error


@pytest.mark.parametrize("cls", sorted(NOT_DATA, key=_type_name), ids=_type_name)
def test_what_is_not_data_is_refused_whatever_the_text(cls: Any) -> None:
    """Issue 26, Deliver 4: a type of :data:`NOT_DATA` is refused at ``$.cls``, not at a
    field of the text: no text is a value of it."""
    with pytest.raises(InvalidData) as caught:
        from_json("{}", cls)
    assert "$.cls" == caught.value.path


@pytest.mark.parametrize("cls", [PromptFrame, PromptStack, ResponseWindow, SimulatedGame])
def test_a_generic_type_is_read_with_its_parameters(cls: Any) -> None:
    """Issue 26, Deliver 4: ``PromptFrame`` alone says nothing of what its frames hold; it is
    refused at ``$.cls`` with the form to use (``PromptFrame[...]``)."""
    with pytest.raises(InvalidData) as caught:
        from_json("{}", cls)
    assert ("$.cls", True) == (caught.value.path, f"{cls.__qualname__}[" in caught.value.detail)


def test_every_public_type_is_fuzzed() -> None:
    """Issue 14, issue 26 (Deliver 4): every public value type of :data:`PUBLIC_MODULES`
    (attrs classes, enums, distributions), found from their ``__all__`` lists, is read by a
    JsonInput of :data:`ENTRY_POINTS`, or is listed in :data:`NOT_DATA` with a reason."""
    missing = _public_types() - _covered() - set(NOT_DATA)
    assert [] == sorted(_type_name(cls) for cls in missing)


# -- rulesets ------------------------------------------------------------------------------------


@functools.cache
def _enum_members(command_type: Any) -> tuple[object, ...]:
    """Every member of every enum a command field is typed with."""
    members: list[object] = []
    pending = [
        hint
        for cls in typing.get_args(command_type)
        for hint in typing.get_type_hints(cls).values()
    ]
    while pending:
        hint = pending.pop()
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            members.extend(hint)
        pending.extend(typing.get_args(hint))
    return tuple(members)


def _wild(ids: list[str], command_type: Any) -> SearchStrategy[object]:
    """Values of any type a garbage command's field may hold."""
    names = st.sampled_from([*ids, m20.GM, "", "nobody", "x" * 10_000])
    return st.one_of(
        names,
        st.lists(names, max_size=4).map(tuple),
        st.just(tuple(ids) * 50),
        st.integers(-3, 30) | st.sampled_from(_HUGE),
        st.booleans(),
        st.none(),
        st.sampled_from(_enum_members(command_type) or (None,)),
        st.text(max_size=8),
        st.just([ids[0]] if ids else []),
        st.just(Dice(1, 6)),
    )


@st.composite
def _garbage(draw: st.DrawFn, entry: RulesetInput, state: Any, pool: list[Any]) -> object:
    """A legal command of another moment, a mutated one, one built of wild values, one read
    from mangled JSON, or something that is no command at all."""
    ids = [c.id for c in getattr(state, "combatants", ())]
    wild = _wild(ids, entry.command_type)
    kind = draw(st.sampled_from(("other", "mutated", "built", "json", "junk")))
    if kind == "other" and pool:
        return draw(st.sampled_from(pool))
    if kind == "junk":
        return draw(st.sampled_from((None, 0, "Attack", Dice(2, 6), Pass("nobody"), object())))
    cls = draw(st.sampled_from(typing.get_args(entry.command_type)))
    if kind == "mutated" and pool:
        base = draw(st.sampled_from(pool))
        cls = type(base)
    else:
        base = object.__new__(cls)
        for field in attrs.fields(cls):
            object.__setattr__(base, field.name, draw(wild))
    command = copy.copy(base)
    fields = attrs.fields(cls)
    if kind in ("mutated", "built") and fields:
        for _ in range(draw(st.integers(1, 2))):
            field = draw(st.sampled_from(fields))
            object.__setattr__(command, field.name, draw(wild))
    if kind == "json" and pool:
        base = draw(st.sampled_from(pool))
        mangled = JsonInput(name="", cls=entry.command_type, values=st.just(base))
        try:
            return from_json(draw(_documents(mangled)), entry.command_type)
        except InvalidData:
            return base
    return command


def _moments(entry: RulesetInput, record: GameRecord[Any, Any, Any]) -> list[Any]:
    state = entry.ruleset.start(record.setup)
    moments = [state]
    for event in record.events:
        state = entry.ruleset.evolve(state, event)
        moments.append(state)
    return moments


@pytest.mark.parametrize("entry", _entries(RulesetInput), ids=lambda e: e.name)
@_fuzz(1 / 2)
@given(data=st.data())
def test_commands_at_random_states_keep_the_contract(
    entry: RulesetInput, data: st.DataObject
) -> None:
    """Issue 14: at a random state of random legal play, random, illegal and garbage commands
    are accepted or refused with a library error, within the time and memory bounds; a refused
    command changes nothing, and ``decide`` is pure (same state, command and seed: same
    events, and the state unchanged)."""
    ruleset = entry.ruleset
    record = data.draw(ts.games(ruleset, entry.setups, max_steps=entry.max_steps), label="game")
    moments = _moments(entry, record)
    state = data.draw(st.sampled_from(moments), label="moment")
    pool = [c for moment in moments[::4] for c in ruleset.legal_commands(moment)]
    before = to_json(state)
    for _ in range(data.draw(st.integers(1, 8), label="commands")):
        command = data.draw(_garbage(entry, state, pool), label="command")
        seed = data.draw(ts.seeds(), label="seed")

        def decide(command: object = command, seed: int = seed) -> object:
            return ruleset.decide(state, command, SeededDice(seed))

        outcome = _bounded(entry.name, decide, short_messages=entry.short_messages)
        assert before == to_json(state), f"{command!r} changed the state"
        if isinstance(outcome, TabletopRulesError):
            assert isinstance(outcome, IllegalCommand), outcome
            continue
        assert outcome == decide(), f"{command!r} gave other events the second time"
        engine.fold(ruleset, state, typing.cast(tuple[Any, ...], outcome))


def _refusal() -> TabletopRulesError:
    state = m20.RULESET.start(_SETUP)
    try:
        m20.RULESET.decide(state, m20.FocusDefense(actor="x" * 10_000), SeededDice(0))
    except IllegalCommand as error:
        return error
    raise AssertionError("the command was not refused")


def _raised(call: Callable[[], object]) -> TabletopRulesError:
    try:
        call()
    except TabletopRulesError as error:
        return error
    raise AssertionError("nothing was raised")


@pytest.mark.parametrize(
    "error",
    [
        pytest.param(_refusal, id="m20 combat refusal"),
        pytest.param(lambda: _raised(lambda: Dice.parse("x" * 10_000)), id="Dice.parse"),
        pytest.param(
            lambda: _raised(lambda: m20.DifficultyLevel.parse("x" * 10_000)),
            id="m20.DifficultyLevel.parse",
        ),
    ],
)
def test_no_error_quotes_a_huge_input(error: Callable[[], TabletopRulesError]) -> None:
    """Issue 14: an error's message fits a chat message in every locale, whatever the input
    held: a text field is quoted at most ``errors.MAX_QUOTED`` characters long."""
    raised = error()
    assert all(len(raised.localized(locale)) <= MESSAGE_LIMIT for locale in LOCALES)


_SETUP = m20.CombatSetup(
    participants=(
        m20.Participant(id="a", character=m20.parse_sheet(m20.EXAMPLE_SHEET), side="left"),
        m20.Participant(id="b", character=m20.parse_sheet(m20.EXAMPLE_SHEET), side="right"),
    )
)
