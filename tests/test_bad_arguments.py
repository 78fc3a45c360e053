"""Every public entry point refuses an argument of the wrong type with the library's own error.

A chat bot or a web app hands the library what its users typed and what its database holds:
a locale from a user's settings, a command string, a JSON document, a deck's name, a state
read back from storage.
When such a value has the wrong type (``None``, a number where a text belongs, a value of
another rule system), the entry point raises
:class:`~tabletop_rules.errors.InvalidData` at ``$.<parameter>`` (``$.locale``, ``$.state``),
never an ``AttributeError``, ``TypeError`` or ``KeyError`` from deep inside
(DESIGN principle 4; the rule is in ``docs/concepts.md``, "Errors").

The module has one table per kind of argument:

- :data:`LOCALE_TAKERS`: every public function and method with a ``locale`` parameter
  (``test_every_public_function_with_a_locale_is_probed`` finds them all), each called with a
  valid value for every other argument;
- :data:`PROBES`: the other entry points, each called with one argument of the wrong type.

``command_label``'s own refusals are in ``tests/test_command_labels.py``.
"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import random
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from tabletop_rules import (
    Dice,
    InvalidData,
    Roll,
    ScriptedDice,
    SeededDice,
    bar2d6,
    bayside23,
    checks,
    engine,
    errors,
    i18n,
    m20,
    notation,
    serialization,
    simulation,
    skirmish,
    tables,
)
from tabletop_rules.dice import SeededDiceState
from tabletop_rules.i18n import LOCALES
from tabletop_rules.systems import Registry, RuleSystem

# -- samples ---------------------------------------------------------------------------------


@attrs.frozen
class Game:
    """One short game of a system: its first state and the events of a few steps."""

    #: The system's package.
    package: Any
    #: Its setup.
    setup: Any
    #: Its first state.
    first: Any
    #: The state after the events.
    state: Any
    #: The events of the first few steps.
    events: tuple[Any, ...]
    #: The record of those steps.
    record: Any


def _played(package: Any, setup: object, *, steps: int = 12) -> Game:
    """A game of *package* from *setup*, played by the random bot for a few steps."""
    record = simulation.play(package.RULESET, setup, seed=3, max_steps=steps)
    state = package.RULESET.start(setup)
    for event in record.events:  # each game's own folds, not those under test
        state = package.RULESET.evolve(state, event)
    first = engine.replay(attrs.evolve(record, entries=record.entries[:1]), package.RULESET)
    return Game(
        package=package,
        setup=setup,
        first=first,
        state=state,
        events=tuple(record.events),
        record=record,
    )


def _duel_setup(package: Any, character: object) -> object:
    """An m20 or bar2d6 combat of *character* against itself."""
    return package.CombatSetup(
        participants=[
            package.Participant(id="al", character=character, side="party"),
            package.Participant(id="bea", character=character, side="foes", player=False),
        ]
    )


def _bayside23_character() -> bayside23.Character:
    return bayside23.Character(
        name="ミナ", strength=12, mind=12, agility=12, hp=5, feature=bayside23.Feature("頑固", 3)
    )


@functools.cache
def games() -> dict[str, Game]:
    """A short game of each system, by name."""
    mina = _bayside23_character()
    return {
        "m20": _played(m20, _duel_setup(m20, m20.parse_sheet(m20.EXAMPLE_SHEET))),
        "bar2d6": _played(bar2d6, _duel_setup(bar2d6, bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET))),
        "bayside23": _played(
            bayside23,
            bayside23.CombatSetup(
                participants=[
                    bayside23.Participant(id="mina", character=mina),
                    bayside23.Participant(id="g1", character=mina, side=bayside23.Side.ENEMIES),
                ]
            ),
        ),
        "skirmish": _played(skirmish, skirmish.sample_setup()),
    }


def game(name: str) -> Game:
    """The short game of the system *name*."""
    return games()[name]


@functools.cache
def check_result() -> checks.CheckResult:
    """An m20 specialty check's result."""
    character = m20.parse_sheet(m20.EXAMPLE_SHEET)
    check = m20.SpecialtyCheck.of(character, m20.Specialty.PHYSIQUE, m20.DifficultyLevel.HARD)
    return check.resolve(ScriptedDice([12]))


def rolled(text: str, *, system: str | None = None) -> Any:
    """The chat command *text*, parsed and rolled with seeded dice."""
    command: Any = notation.parse(text, system=system)
    return command.roll(SeededDice(1))


# -- locales ---------------------------------------------------------------------------------

#: Locales of the wrong type, as a bot might read them from a user's settings.
BAD_LOCALES: dict[str, object] = {
    "int": 5,
    "None": None,
    "bytes": b"en",
    "list": ["en"],
    "dict": {"locale": "en"},
    "float": 1.5,
    "object": object(),
}


def _system_command_render(locale: object) -> str:
    command: Any = notation.parse("SM20+4>=12", system="m20")
    rendered: str = command.render(command.resolve(ScriptedDice([12])), locale)
    return rendered


def _helped_result() -> bar2d6.HelpedResult:
    character = bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET)
    check = bar2d6.GMCheck(terms=bar2d6.check_terms(character, []), difficulty=2)
    return check.resolve(ScriptedDice([3, 4, 2, 2]))


def _initiative_result() -> bayside23.InitiativeResult:
    check = bayside23.InitiativeCheck(mine=[checks.Term("敏捷", 1)])
    return check.resolve(ScriptedDice([3, 6]))  # no tie


def _explain_difficulty(locale: object) -> str:
    explained: str = check_result().against.explain(locale)  # type: ignore[arg-type]
    return explained


def _explain_term(locale: object) -> str:
    explained: str = check_result().terms[0].explain(locale)  # type: ignore[arg-type]
    return explained


def _chat_command() -> notation.ChatCommand:
    """m20's first chat command."""
    return notation.commands("m20")[0]


def _chat_help(locale: object) -> str:
    return _chat_command().help_text(locale)  # type: ignore[arg-type]


def _chat_matches(text: object) -> bool:
    return _chat_command().matches(text)  # type: ignore[arg-type]


def _chat_read(text: object) -> object:
    return _chat_command().read(text)  # type: ignore[arg-type]


def _skirmish_unit(unit_id: object) -> object:
    return game("skirmish").first.unit(unit_id)


def _skirmish_card(card_id: object) -> object:
    return game("skirmish").setup.card(card_id)


#: Every public function and method that takes a locale, called with the given locale and a
#: valid value for each other argument, by its name as a user imports it.
def _drinks() -> tables.Table:
    return tables.read_bcdice_table("飲み物表\n1D2\n1:水\n2:緑茶")


def _fruit() -> tables.Decks:
    return tables.read_dice_decks('{"fruit": ["apple", "pear"]}')


LOCALE_TAKERS: dict[str, Callable[[Any], object]] = {
    # tables
    "tables.TableResult.render": lambda locale: _drinks().roll(ScriptedDice([1])).render(locale),
    "tables.DrawResult.render": lambda locale: (
        _fruit().draw("fruit", ScriptedDice([1])).render(locale)
    ),
    # core
    "i18n.translate": lambda locale: i18n.translate("outcome.success", locale),
    "i18n.catalog": i18n.catalog,
    "i18n.resolve_locale": i18n.resolve_locale,
    "checks.CheckResult.explain": lambda locale: check_result().explain(locale),
    "checks.Difficulty.explain": _explain_difficulty,
    "checks.Opposition.explain": lambda locale: checks.Opposition(
        rolls=check_result().rolls, terms=check_result().terms
    ).explain(locale),
    "checks.Term.explain": _explain_term,
    "errors.TabletopRulesError.localized": lambda locale: errors.DiceExhausted(
        "error.dice_exhausted", dice="1D6"
    ).localized(locale),
    "errors.InvalidData.localized": lambda locale: InvalidData("$", "bad").localized(locale),
    "errors.InvalidCharacter.localized": lambda locale: errors.InvalidCharacter(
        [("error.dice_count", {"count": -1})]
    ).localized(locale),
    "errors.InvalidCharacter.localized_problems": lambda locale: errors.InvalidCharacter(
        [("error.dice_count", {"count": -1})]
    ).localized_problems(locale),
    # notation
    "notation.help_text": lambda locale: notation.help_text("m20", locale),
    "notation.ChatCommand.help_text": _chat_help,
    "notation.ExpressionResult.render": lambda locale: rolled("2D6+1").render(locale),
    "notation.ExpressionResult.line": lambda locale: rolled("2D6+1").line(locale),
    "notation.CheckRoll.render": lambda locale: rolled("2D6>=7").render(locale),
    "notation.CheckRoll.line": lambda locale: rolled("2D6>=7").line(locale),
    "notation.CountResult.render": lambda locale: rolled("6B6>=4").render(locale),
    "notation.CountResult.line": lambda locale: rolled("6B6>=4").line(locale),
    "notation.RepeatResult.render": lambda locale: rolled("x2 2D6").render(locale),
    "notation.RerollResult.render": lambda locale: rolled("3R6>=5").render(locale),
    "notation.RerollResult.line": lambda locale: rolled("3R6>=5").line(locale),
    "notation.UpperResult.render": lambda locale: rolled("3U6[6]+1").render(locale),
    "notation.UpperResult.line": lambda locale: rolled("3U6[6]+1").line(locale),
    "notation.TallyResult.render": lambda locale: rolled("6TY6").render(locale),
    "notation.TallyResult.line": lambda locale: rolled("6TY6").line(locale),
    "notation.CalculationResult.render": lambda locale: rolled("C(10/3)").render(locale),
    "notation.CalculationResult.line": lambda locale: rolled("C(10/3)").line(locale),
    "notation.ChoiceResult.render": lambda locale: rolled("choice[a,b]").render(locale),
    "notation.ChoiceResult.line": lambda locale: rolled("choice[a,b]").line(locale),
    "notation.D66Result.render": lambda locale: rolled("D66S").render(locale),
    "notation.D66Result.line": lambda locale: rolled("D66S").line(locale),
    "notation.SystemCommand.render": _system_command_render,
    # m20
    "m20.describe": lambda locale: m20.describe(game("m20").events[-1], locale),
    "m20.command_label": lambda locale: m20.command_label(m20.EndRound(), locale),
    "m20.format_sheet": lambda locale: m20.format_sheet(m20.parse_sheet(m20.EXAMPLE_SHEET), locale),
    "m20.names_of": lambda locale: m20.names_of(game("m20").state, locale),
    # bar2d6
    "bar2d6.describe": lambda locale: bar2d6.describe(game("bar2d6").events[-1], locale),
    "bar2d6.command_label": lambda locale: bar2d6.command_label(bar2d6.EndRound(), locale),
    "bar2d6.format_sheet": lambda locale: bar2d6.format_sheet(
        bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET), locale
    ),
    "bar2d6.HelpedResult.explain": lambda locale: _helped_result().explain(locale),
    "bayside23.format_sheet": lambda locale: bayside23.format_sheet(
        bayside23.parse_sheet(bayside23.EXAMPLE_SHEET), locale
    ),
    "skirmish.format_sheet": lambda locale: skirmish.format_sheet(
        skirmish.parse_sheet(skirmish.EXAMPLE_SHEET), locale
    ),
    # bayside23
    "bayside23.describe": lambda locale: bayside23.describe(game("bayside23").events[-1], locale),
    "bayside23.log": lambda locale: bayside23.log(game("bayside23").events, locale),
    "bayside23.command_label": lambda locale: bayside23.command_label(
        bayside23.Wait(actor="mina"), locale
    ),
    "bayside23.InitiativeResult.explain": lambda locale: _initiative_result().explain(locale),
    # skirmish
    "skirmish.describe": lambda locale: skirmish.describe(game("skirmish").events[-1], locale),
    "skirmish.command_label": lambda locale: skirmish.command_label(skirmish.EndTurn("a"), locale),
}


@pytest.mark.parametrize("locale", list(BAD_LOCALES.values()), ids=list(BAD_LOCALES))
@pytest.mark.parametrize("name", sorted(LOCALE_TAKERS))
def test_a_locale_that_is_no_text_is_refused_at_locale(name: str, locale: object) -> None:
    """A locale that is not a ``str`` raises InvalidData at ``$.locale``, wherever it is given."""
    with pytest.raises(InvalidData) as raised:
        LOCALE_TAKERS[name](locale)
    assert "$.locale" == raised.value.path


@pytest.mark.parametrize("name", sorted(LOCALE_TAKERS))
def test_every_locale_taker_works_with_a_locale(name: str) -> None:
    """Each probe is a valid call once its locale is valid: only the locale is wrong."""
    assert [True] * len(LOCALES) == [
        LOCALE_TAKERS[name](locale) is not None for locale in (*LOCALES[1:], "fr-CA")
    ]


def test_the_refusal_of_a_locale_says_what_a_locale_is_in_every_locale() -> None:
    """The refusal names the shipped tags and what was given, in en, zh-Hant and ja."""
    with pytest.raises(InvalidData) as raised:
        i18n.translate("outcome.success", 5)  # type: ignore[arg-type]
    messages = [raised.value.localized(locale) for locale in LOCALES]
    assert [True] * len(LOCALES) == ['"zh-Hant"' in m and "5 (int)" in m for m in messages]
    assert len(LOCALES) == len(set(messages))
    assert ("error.locale_type", "5 (int)") == (
        raised.value.detail_key,
        raised.value.detail_params["given"],
    )


# -- finding every public callable -----------------------------------------------------------

#: The public modules whose functions and classes the completeness test walks.
PUBLIC_MODULES = (
    "checks",
    "dice",
    "engine",
    "errors",
    "i18n",
    "notation",
    "odds",
    "serialization",
    "simulation",
    "m20",
    "bar2d6",
    "bayside23",
    "skirmish",
    "tables",
)


def _public_callables() -> Iterator[tuple[str, Callable[..., object]]]:
    """Every public function, and every public method of a public class, by its name."""
    seen: set[int] = set()
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(f"tabletop_rules.{module_name}")
        for name in module.__all__:
            value = getattr(module, name)
            if id(value) in seen:
                continue
            seen.add(id(value))
            if isinstance(value, type):
                if issubclass(value, enum.Enum):
                    continue
                for attribute, member in vars(value).items():
                    function = getattr(member, "__func__", member)
                    if not attribute.startswith("_") and inspect.isfunction(function):
                        yield f"{module_name}.{name}.{attribute}", function
            elif callable(value):
                yield f"{module_name}.{name}", value


def _parameters(function: Callable[..., object]) -> tuple[str, ...]:
    """The names of *function*'s parameters (none for a callable value it cannot read)."""
    try:
        return tuple(inspect.signature(function).parameters)
    except ValueError:  # a public constant that is a typing alias, such as a Bot
        return ()


def test_every_public_function_with_a_locale_is_probed() -> None:
    """Every public function and method with a ``locale`` parameter is in LOCALE_TAKERS."""
    taking = {name for name, function in _public_callables() if "locale" in _parameters(function)}
    assert set() == taking - set(LOCALE_TAKERS)


# -- other arguments -------------------------------------------------------------------------

NOT_TEXT: dict[str, object] = {
    "None": None,
    "int": 5,
    "bytes": b"x",
    "list": ["x"],
    "object": object(),
}
NOT_WHOLE: dict[str, object] = {
    "None": None,
    "str": "3",
    "float": 1.5,
    "list": [3],
    "object": object(),
}
NOT_FLAG: dict[str, object] = {"None": None, "int": 1, "str": "yes"}
NOT_ITERABLE: dict[str, object] = {"None": None, "int": 5, "object": object()}
NOT_DICE: dict[str, object] = {"None": None, "str": "2D6", "int": 6, "object": object()}
NOT_SOURCE: dict[str, object] = {"None": None, "int": 5, "str": "2D6", "Dice": Dice(1, 6)}
NOT_MAPPING: dict[str, object] = {"int": 5, "str": "x", "list": ["x"]}
#: A sum to build notation values around.
TWO = notation.Expression((notation.Part(dice=Dice(2, 6)),))


def _foreign(kind: str, system: str, *, optional: bool = False) -> dict[str, object]:
    """Values that are no *kind* of *system*: builtins, and the same kind of another system.

    ``None`` is among them unless the argument is *optional*.
    """
    other = "skirmish" if system != "skirmish" else "m20"
    foreign = {
        "state": lambda: game(other).state,
        "setup": lambda: game(other).setup,
        "event": lambda: game(other).events[-1],
        "character": lambda: (
            m20.parse_sheet(m20.EXAMPLE_SHEET) if system != "m20" else _bayside23_character()
        ),
    }[kind]
    values = {"None": None, "str": kind, "dict": {"id": "x"}, f"another system's {kind}": foreign()}
    if optional:
        del values["None"]
    return values


@attrs.frozen
class Probe:
    """An entry point called with one argument of the wrong type."""

    #: The entry point, as a user imports it (and the argument, after a colon).
    name: str
    #: Calls the entry point with the given value in that argument, valid ones in the others.
    call: Callable[[Any], object]
    #: The path the refusal names.
    path: str
    #: The wrong values, by label (built when the test runs).
    values: Callable[[], dict[str, object]]
    #: The error expected.
    error: type[errors.TabletopRulesError] = InvalidData


def _fixed(values: dict[str, object]) -> Callable[[], dict[str, object]]:
    return lambda: values


def _sheet(system: str) -> Any:
    """The example character of *system*."""
    if system == "bayside23":
        return _bayside23_character()
    package: Any = {"m20": m20, "bar2d6": bar2d6}[system]
    return package.parse_sheet(package.EXAMPLE_SHEET)


def _ruleset_probes(system: str) -> list[Probe]:
    """The ruleset kit's entry points, through *system*'s ruleset."""
    ruleset = lambda: game(system).package.RULESET  # noqa: E731
    first = lambda: game(system).first  # noqa: E731
    command = lambda: ruleset().legal_commands(first())[0]  # noqa: E731
    states = lambda: _foreign("state", system)  # noqa: E731
    name = f"{system}.RULESET"
    return [
        Probe(
            f"{name}.start",
            lambda v: ruleset().start(v),
            "$.setup",
            lambda: _foreign("setup", system),
        ),
        Probe(
            f"{name}.decide:state",
            lambda v: ruleset().decide(v, command(), SeededDice(1)),
            "$.state",
            states,
        ),
        Probe(
            f"{name}.decide:dice",
            lambda v: ruleset().decide(first(), command(), v),
            "$.dice",
            _fixed(NOT_SOURCE),
        ),
        Probe(
            f"{name}.decide:command",
            lambda v: ruleset().decide(first(), v, SeededDice(1)),
            "",
            _fixed({"None": None, "str": "Attack", "object": object()}),
            errors.IllegalCommand,
        ),
        Probe(
            f"{name}.evolve:state",
            lambda v: ruleset().evolve(v, game(system).events[0]),
            "$.state",
            _fixed({"None": None, "str": "state", "dict": {}}),
        ),
        Probe(f"{name}.legal_commands", lambda v: ruleset().legal_commands(v), "$.state", states),
        Probe(
            f"{name}.legal_commands:actor",
            lambda v: ruleset().legal_commands(first(), actor=v),
            "$.actor",
            _fixed({"int": 5, "list": ["al"]}),
        ),
        Probe(f"{name}.to_act", lambda v: ruleset().to_act(v), "$.state", states),
        Probe(f"{name}.is_over", lambda v: ruleset().is_over(v), "$.state", states),
        Probe(f"{name}.outcome", lambda v: ruleset().outcome(v), "$.state", states),
        Probe(
            f"engine.fold:{system} state",
            lambda v: engine.fold(ruleset(), v, game(system).events),
            "$.state",
            states,
        ),
        Probe(
            f"engine.step:{system} state",
            lambda v: engine.step(ruleset(), v, command(), SeededDice(1)),
            "$.state",
            states,
        ),
        Probe(
            f"simulation.play:{system} setup",
            lambda v: simulation.play(ruleset(), v, seed=1),
            "$.setup",
            lambda: _foreign("setup", system),
        ),
    ]


def _record() -> engine.GameRecord[Any, Any, Any]:
    return game("bar2d6").record


CORE_PROBES: list[Probe] = [
    # dice
    Probe("dice.Dice.parse", Dice.parse, "$", _fixed(NOT_TEXT)),
    Probe("dice.Roll:dice", lambda v: Roll(v, (1,)), "$.dice", _fixed(NOT_DICE)),
    Probe("dice.Roll:faces", lambda v: Roll(Dice(1, 6), v), "$.faces", _fixed(NOT_ITERABLE)),
    Probe("dice.SeededDice", SeededDice, "$.seed", _fixed({**NOT_WHOLE, "bool": True})),
    Probe("dice.SeededDice.roll", lambda v: SeededDice(1).roll(v), "$.dice", _fixed(NOT_DICE)),
    Probe(
        "dice.SeededDice.resume",
        SeededDice.resume,
        "$.state",
        _fixed({"None": None, "dict": {"seed": 1}, "SeededDice": SeededDice(1)}),
    ),
    Probe(
        "dice.SeededDiceState:seed",
        lambda v: SeededDiceState(seed=v, draws=0, words=0),
        "$.seed",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "dice.SeededDiceState:draws",
        lambda v: SeededDiceState(seed=1, draws=v, words=0),
        "$.draws",
        _fixed(NOT_WHOLE),
    ),
    Probe("dice.ScriptedDice", ScriptedDice, "$.faces", _fixed(NOT_ITERABLE)),
    Probe(
        "dice.ScriptedDice:sides",
        lambda v: ScriptedDice([1], sides=v),
        "$.sides",
        _fixed({"int": 6, "object": object()}),
    ),
    Probe(
        "dice.ScriptedDice.roll", lambda v: ScriptedDice([1]).roll(v), "$.dice", _fixed(NOT_DICE)
    ),
    # checks
    Probe(
        "checks.Opposition:rolls",
        lambda v: checks.Opposition(rolls=v),
        "$.rolls",
        _fixed(NOT_ITERABLE),
    ),
    Probe(
        "checks.CheckResult.judged:terms",
        lambda v: checks.CheckResult.judged(
            rolls=check_result().rolls, against=check_result().against, terms=v
        ),
        "$.terms",
        _fixed(NOT_ITERABLE),
    ),
    # engine
    Probe(
        "engine.fold:ruleset",
        lambda v: engine.fold(v, game("m20").first, ()),
        "$.ruleset",
        _fixed({"None": None, "str": "m20", "object": object()}),
    ),
    Probe(
        "engine.fold:events",
        lambda v: engine.fold(m20.RULESET, game("m20").first, v),
        "$.events",
        _fixed(NOT_ITERABLE),
    ),
    Probe(
        "engine.step:ruleset",
        lambda v: engine.step(v, game("m20").first, m20.EndRound(), SeededDice(1)),
        "$.ruleset",
        _fixed({"None": None, "str": "m20"}),
    ),
    Probe(
        "engine.step:dice",
        lambda v: engine.step(m20.RULESET, game("m20").first, m20.EndRound(), v),
        "$.dice",
        _fixed(NOT_SOURCE),
    ),
    Probe(
        "engine.replay",
        engine.replay,
        "$",
        _fixed({"None": None, "str": "{}", "dict": {"system": "m20"}}),
    ),
    Probe(
        "engine.replay:ruleset",
        lambda v: engine.replay(_record(), v),
        "$.ruleset",
        _fixed({"str": "bar2d6", "object": object()}),
    ),
    Probe(
        "engine.replay:registry",
        lambda v: engine.replay(_record(), registry=v),
        "$.registry",
        _fixed({"str": "bar2d6", "dict": {}}),
    ),
    Probe(
        "engine.replay:trusted",
        lambda v: engine.replay(_record(), trusted=v),
        "$.trusted",
        _fixed(NOT_FLAG),
    ),
    Probe(
        "engine.begin",
        lambda v: engine.begin(v, None, SeededDice(1)),
        "$.ruleset",
        _fixed({"None": None, "str": "m20"}),
    ),
    Probe(
        "engine.begin:dice",
        lambda v: engine.begin(bar2d6.RULESET, game("bar2d6").setup, v),
        "$.dice",
        _fixed(NOT_SOURCE),
    ),
    Probe(
        "engine.GameRecord.extend",
        lambda v: _record().extend(v),
        "$.entries",
        _fixed({"None": None, "int": 5}),
    ),
    Probe(
        "engine.GameRecord.extend:items",
        lambda v: _record().extend(v),
        "$.entries[0]",
        _fixed({"str": "entry", "events": game("bar2d6").events[:1]}),
    ),
    Probe(
        "engine.GameRecord.append",
        lambda v: _record().append(v),
        "$.entry",
        _fixed({"None": None, "str": "entry", "dict": {}}),
    ),
    Probe(
        "systems.Registry.get",
        lambda v: Registry.default().get(v),
        "$.name",
        _fixed({"None": None, "int": 5, "list": ["m20"]}),
    ),
    Probe(
        "systems.Registry.with_systems",
        lambda v: Registry().with_systems(v),
        "$.systems[0]",
        _fixed({"None": None, "str": "m20", "ruleset": m20.RULESET}),
    ),
    # serialization
    Probe(
        "serialization.from_json",
        lambda v: serialization.from_json(v, Dice),
        "$",
        _fixed({"None": None, "int": 5, "dict": {"count": 1}}),
    ),
    Probe(
        "serialization.from_json:cls",
        lambda v: serialization.from_json("{}", v),
        "$.cls",
        _fixed({"None": None, "int": 5, "str": "Dice"}),
    ),
    Probe(
        "serialization.from_json:converter",
        lambda v: serialization.from_json("{}", Dice, converter=v),
        "$.converter",
        _fixed({"int": 5, "str": "x"}),
    ),
    Probe(
        "serialization.structure:cls",
        lambda v: serialization.structure({}, v),
        "$.cls",
        _fixed({"int": 5, "str": "Dice"}),
    ),
    Probe(
        "serialization.to_json",
        serialization.to_json,
        "$",
        _fixed({"object": object(), "function": print}),
    ),
    Probe(
        "serialization.to_json:converter",
        lambda v: serialization.to_json(Dice(1, 6), converter=v),
        "$.converter",
        _fixed({"int": 5, "str": "x"}),
    ),
    # i18n
    Probe(
        "i18n.translate:key",
        lambda v: i18n.translate(v, "en"),
        "$.key",
        _fixed({"int": 5, "list": ["outcome.success"], "None": None}),
    ),
    Probe("i18n.template_fields", i18n.template_fields, "$", _fixed(NOT_TEXT)),
    # notation
    Probe("notation.parse", notation.parse, "$", _fixed(NOT_TEXT)),
    Probe(
        "notation.parse:system",
        lambda v: notation.parse("2d6", system=v),
        "$.system",
        _fixed({"int": 5, "list": ["m20"], "bytes": b"m20"}),
    ),
    Probe(
        "notation.parse:limits",
        lambda v: notation.parse("2d6", limits=v),
        "$.limits",
        _fixed({"int": 5, "dict": {"max_dice": 5}}),
    ),
    Probe("notation.commands", notation.commands, "$.system", _fixed(NOT_TEXT)),
    # notation values built in code (a bot that builds a command rather than parsing it)
    Probe(
        "notation.Keep:count",
        lambda v: notation.Keep(kind="KH", count=v),
        "$.count",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "notation.Keep:kind", lambda v: notation.Keep(kind=v, count=1), "$.kind", _fixed(NOT_TEXT)
    ),
    Probe("notation.Reroll:face", lambda v: notation.Reroll(face=v), "$.face", _fixed(NOT_WHOLE)),
    Probe(
        "notation.Reroll:once",
        lambda v: notation.Reroll(face=1, once=v),
        "$.once",
        _fixed(NOT_FLAG),
    ),
    Probe(
        "notation.Part:dice",
        lambda v: notation.Part(dice=v),
        "$.dice",
        _fixed({"str": "2D6", "int": 6}),
    ),
    Probe("notation.Part:number", lambda v: notation.Part(number=v), "$.number", _fixed(NOT_WHOLE)),
    Probe(
        "notation.Part:sign", lambda v: notation.Part(sign=v, number=1), "$.sign", _fixed(NOT_WHOLE)
    ),
    Probe(
        "notation.Part:keep",
        lambda v: notation.Part(dice=Dice(2, 6), keep=v),
        "$.keep",
        _fixed({"str": "KH1", "int": 1}),
    ),
    Probe(
        "notation.Part:explode",
        lambda v: notation.Part(dice=Dice(2, 6), explode=v),
        "$.explode",
        _fixed(NOT_FLAG),
    ),
    Probe(
        "notation.Part:group",
        lambda v: notation.Part(group=v),
        "$.group",
        _fixed({"str": "2D6", "int": 6}),
    ),
    Probe(
        "notation.Expression:parts",
        notation.Expression,
        "$.parts",
        _fixed({**NOT_ITERABLE, "str": "2D6"}),
    ),
    Probe(
        "notation.Expression:parts[0]",
        lambda v: notation.Expression((v,)),
        "$.parts[0]",
        _fixed({"str": "2D6", "int": 6, "Dice": Dice(2, 6)}),
    ),
    Probe(
        "notation.Expression:secret",
        lambda v: notation.Expression((notation.Part(number=1),), secret=v),
        "$.secret",
        _fixed(NOT_FLAG),
    ),
    Probe(
        "notation.Expression:comment",
        lambda v: notation.Expression((notation.Part(number=1),), comment=v),
        "$.comment",
        _fixed({"None": None, "int": 5}),
    ),
    Probe(
        "notation.Check:comparison",
        lambda v: notation.Check(left=TWO, comparison=v, right=TWO),
        "$.comparison",
        _fixed({"None": None, "int": 5, "str": "=>"}),
    ),
    Probe(
        "notation.Check:left",
        lambda v: notation.Check(left=v, comparison=">=", right=TWO),
        "$.left",
        _fixed({"None": None, "str": "2D6"}),
    ),
    Probe(
        "notation.CountRoll:dice", lambda v: notation.CountRoll(dice=v), "$.dice", _fixed(NOT_DICE)
    ),
    Probe(
        "notation.CountRoll:target",
        lambda v: notation.CountRoll(dice=Dice(6, 6), relation=">=", target=v),
        "$.target",
        _fixed({"str": "4", "float": 4.0}),
    ),
    Probe("notation.Repeat:times", lambda v: notation.Repeat(v, TWO), "$.times", _fixed(NOT_WHOLE)),
    Probe(
        "notation.Repeat:command",
        lambda v: notation.Repeat(2, v),
        "$.command",
        _fixed({"None": None, "str": "2D6"}),
    ),
    Probe(
        "notation.help_text:system",
        notation.help_text,
        "$.system",
        _fixed({"int": 5, "list": ["m20"], "bytes": b"m20"}),
    ),
    Probe(
        "notation.ChatCommand.matches",
        _chat_matches,
        "$",
        _fixed(NOT_TEXT),
    ),
    Probe(
        "notation.ChatCommand.read",
        _chat_read,
        "$",
        _fixed(NOT_TEXT),
    ),
    Probe(
        "notation.Expression.roll",
        lambda v: notation.parse("2d6").roll(v),
        "$.dice",
        _fixed(NOT_SOURCE),
    ),  # type: ignore[union-attr]
    # simulation
    Probe(
        "simulation.play:ruleset",
        lambda v: simulation.play(v, game("m20").setup, seed=1),
        "$.ruleset",
        _fixed({"None": None, "str": "m20"}),
    ),
    Probe(
        "simulation.play:seed",
        lambda v: simulation.play(m20.RULESET, game("m20").setup, seed=v),
        "$.seed",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "simulation.play:bot",
        lambda v: simulation.play(m20.RULESET, game("m20").setup, seed=1, bot=v),
        "$.bot",
        _fixed({"None": None, "str": "random"}),
    ),
    Probe(
        "simulation.play:max_steps",
        lambda v: simulation.play(m20.RULESET, game("m20").setup, seed=1, max_steps=v),
        "$.max_steps",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "simulation.simulate:setups",
        lambda v: simulation.simulate(m20.RULESET, v, executor=_inline()),
        "$.setups",
        _fixed(NOT_ITERABLE),
    ),
    Probe(
        "simulation.simulate:first_seed",
        lambda v: simulation.simulate(
            m20.RULESET, [game("m20").setup], first_seed=v, executor=_inline()
        ),
        "$.first_seed",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "simulation.simulate:chunk_size",
        lambda v: simulation.simulate(
            m20.RULESET, [game("m20").setup], chunk_size=v, executor=_inline()
        ),
        "$.chunk_size",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "simulation.simulate:executor",
        lambda v: simulation.simulate(m20.RULESET, [game("m20").setup], executor=v),
        "$.executor",
        _fixed({"str": "pool", "int": 2}),
    ),
    Probe(
        "simulation.random_bot:state",
        lambda v: simulation.random_bot(m20.RULESET, v, random.Random(1)),
        "$.state",
        lambda: _foreign("state", "m20"),
    ),
    Probe(
        "simulation.random_bot:rng",
        lambda v: simulation.random_bot(m20.RULESET, game("m20").first, v),
        "$.rng",
        _fixed({"None": None, "int": 1}),
    ),
    Probe(
        "simulation.win_rates",
        simulation.win_rates,
        "$.outcomes",
        _fixed(NOT_ITERABLE),
    ),
    Probe(
        "simulation.win_rates:item",
        lambda v: simulation.win_rates([v]),
        "$.outcomes[0]",
        _fixed({"None": None, "str": "a"}),
    ),
    Probe(
        "simulation.win_rates:sides",
        lambda v: simulation.win_rates([], sides=v),
        "$.sides",
        _fixed({"int": 5, "None": None}),
    ),
]


def _inline() -> Any:
    """An executor that runs each task at once, in this process."""
    from concurrent.futures import Executor, Future

    class Inline(Executor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            future: Future[Any] = Future()
            future.set_result(fn(*args, **kwargs))
            return future

    return Inline()


def _m20() -> m20.Character:
    character: m20.Character = _sheet("m20")
    return character


M20_PROBES: list[Probe] = [
    Probe("m20.parse_sheet", m20.parse_sheet, "$", _fixed(NOT_TEXT)),
    Probe(
        "m20.parse_sheet:max_length",
        lambda v: m20.parse_sheet(m20.EXAMPLE_SHEET, max_length=v),
        "$.max_length",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "m20.format_sheet",
        m20.format_sheet,
        "$.character",
        lambda: _foreign("character", "m20"),
    ),
    Probe("m20.describe", m20.describe, "$", lambda: _foreign("event", "m20")),
    Probe(
        "m20.describe:state",
        lambda v: m20.describe(game("m20").events[-1], state=v),
        "$.state",
        lambda: _foreign("state", "m20", optional=True),
    ),
    Probe("m20.names_of", m20.names_of, "$.state", lambda: _foreign("state", "m20")),
    Probe("m20.hp_after", m20.hp_after, "$.state", lambda: _foreign("state", "m20")),
    Probe(
        "m20.ledger_after",
        m20.ledger_after,
        "$.state",
        lambda: _foreign("state", "m20"),
    ),
    Probe(
        "m20.danger_terms",
        lambda v: m20.danger_terms(v, "al"),
        "$.state",
        lambda: _foreign("state", "m20"),
    ),
    Probe(
        "m20.danger_terms:participant",
        lambda v: m20.danger_terms(game("m20").first, v),
        "$.participant",
        _fixed({"None": None, "int": 5}),
    ),
    Probe(
        "m20.attack_terms",
        m20.attack_terms,
        "$.character",
        lambda: _foreign("character", "m20"),
    ),
    Probe(
        "m20.attack_terms:kind",
        lambda v: m20.attack_terms(_m20(), v),
        "$.kind",
        _fixed({"None": None, "str": "physical"}),
    ),
    Probe(
        "m20.defense_terms",
        m20.defense_terms,
        "$.character",
        lambda: _foreign("character", "m20"),
    ),
    Probe(
        "m20.specialty_terms",
        lambda v: m20.specialty_terms(v, m20.Specialty.PHYSIQUE),
        "$.character",
        lambda: _foreign("character", "m20"),
    ),
    Probe(
        "m20.specialty_terms:specialty",
        lambda v: m20.specialty_terms(_m20(), v),
        "$.specialty",
        _fixed({"None": None, "str": "physique"}),
    ),
    Probe(
        "m20.specialty_terms:helpers",
        lambda v: m20.specialty_terms(_m20(), m20.Specialty.PHYSIQUE, helpers=v),
        "$.helpers",
        _fixed(NOT_WHOLE),
    ),
    Probe("m20.helper_terms", m20.helper_terms, "$.helpers", _fixed(NOT_WHOLE)),
    Probe(
        "m20.reroll",
        lambda v: m20.reroll(v, SeededDice(1)),
        "$.result",
        _fixed({"None": None, "str": "1D20[3]"}),
    ),
    Probe(
        "m20.reroll:dice",
        lambda v: m20.reroll(check_result(), v),
        "$.dice",
        _fixed({"None": None, "str": "1d20", "int": 5}),
    ),
    Probe(
        "m20.rest", lambda v: m20.rest(v, 1, 2), "$.character", lambda: _foreign("character", "m20")
    ),
    Probe("m20.rest:hp", lambda v: m20.rest(_m20(), v, 2), "$.hp", _fixed(NOT_WHOLE)),
    Probe("m20.rest:hours", lambda v: m20.rest(_m20(), 1, v), "$.hours", _fixed(NOT_WHOLE)),
    Probe(
        "m20.SpecialtyCheck.of",
        lambda v: m20.SpecialtyCheck.of(v, m20.Specialty.PHYSIQUE, 12),
        "$.character",
        lambda: _foreign("character", "m20"),
    ),
    Probe(
        "m20.SpecialtyCheck.of:specialty",
        lambda v: m20.SpecialtyCheck.of(_m20(), v, 12),
        "$.specialty",
        _fixed({"None": None, "str": "physique"}),
    ),
    Probe(
        "m20.SpecialtyCheck.of:difficulty",
        lambda v: m20.SpecialtyCheck.of(_m20(), m20.Specialty.PHYSIQUE, v),
        "$.difficulty",
        _fixed({"None": None, "str": "12", "float": 1.5}),
    ),
    Probe(
        "m20.AttackCheck.between",
        lambda v: m20.AttackCheck.between(v, _m20()),
        "$.attacker",
        lambda: _foreign("character", "m20"),
    ),
    Probe(
        "m20.AttackCheck.between:defender",
        lambda v: m20.AttackCheck.between(_m20(), v),
        "$.defender",
        lambda: _foreign("character", "m20"),
    ),
    Probe("m20.Character:name", lambda v: attrs.evolve(_m20(), name=v), "$.name", _fixed(NOT_TEXT)),
    Probe(
        "m20.Character:attributes",
        lambda v: attrs.evolve(_m20(), attributes=v),
        "$.attributes",
        _fixed({"None": None, "dict": {"physical_attack": 3}}),
    ),
    Probe(
        "m20.Character:tendency",
        lambda v: attrs.evolve(_m20(), tendency=v),
        "$.tendency",
        _fixed({"None": None, "str": "身體型"}),
    ),
    Probe(
        "m20.Attributes",
        lambda v: m20.Attributes(
            physical_attack=v, special_attack=3, physical_defense=2, special_defense=2
        ),
        "$.physical_attack",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "m20.SkillPick",
        lambda v: m20.SkillPick(skill=v),
        "$.skill",
        _fixed({"None": None, "str": "healing"}),
    ),
    Probe(
        "m20.Participant:character",
        lambda v: m20.Participant(id="al", character=v, side="party"),
        "$.character",
        lambda: _foreign("character", "m20"),
    ),
    Probe(
        "m20.CombatSetup",
        lambda v: m20.CombatSetup(participants=v),
        "$.participants",
        _fixed(NOT_ITERABLE),
    ),
    *_ruleset_probes("m20"),
]


def _bar2d6() -> bar2d6.Character:
    character: bar2d6.Character = _sheet("bar2d6")
    return character


BAR2D6_PROBES: list[Probe] = [
    Probe("bar2d6.parse_sheet", bar2d6.parse_sheet, "$", _fixed(NOT_TEXT)),
    Probe(
        "bar2d6.format_sheet",
        bar2d6.format_sheet,
        "$.character",
        lambda: _foreign("character", "bar2d6"),
    ),
    Probe("bar2d6.describe", bar2d6.describe, "$", lambda: _foreign("event", "bar2d6")),
    Probe(
        "bar2d6.hp_after",
        bar2d6.hp_after,
        "$.state",
        lambda: _foreign("state", "bar2d6"),
    ),
    Probe(
        "bar2d6.check_terms",
        lambda v: bar2d6.check_terms(v, []),
        "$.character",
        lambda: _foreign("character", "bar2d6"),
    ),
    Probe(
        "bar2d6.check_terms:items",
        lambda v: bar2d6.check_terms(_bar2d6(), v),
        "$.items",
        _fixed({"None": None, "int": 5, "list": [5]}),
    ),
    Probe(
        "bar2d6.check_terms:hp",
        lambda v: bar2d6.check_terms(_bar2d6(), [], hp=v),
        "$.hp",
        _fixed({"str": "3", "float": 1.5}),
    ),
    Probe(
        "bar2d6.granted_bonus", lambda v: bar2d6.granted_bonus(v, 2), "$.bonus", _fixed(NOT_WHOLE)
    ),
    Probe(
        "bar2d6.granted_bonus:dice",
        lambda v: bar2d6.granted_bonus(4, v),
        "$.dice",
        _fixed(NOT_WHOLE),
    ),
    Probe("bar2d6.is_wounded", bar2d6.is_wounded, "$.hp", _fixed(NOT_WHOLE)),
    Probe(
        "bar2d6.special_amount",
        lambda v: bar2d6.special_amount(v, "x", bar2d6.SpecialKind.HEAL),
        "$.character",
        lambda: _foreign("character", "bar2d6"),
    ),
    Probe(
        "bar2d6.special_amount:item",
        lambda v: bar2d6.special_amount(_bar2d6(), v, bar2d6.SpecialKind.HEAL),
        "$.item",
        _fixed({"None": None, "int": 5}),
    ),
    Probe(
        "bar2d6.special_amount:kind",
        lambda v: bar2d6.special_amount(_bar2d6(), "x", v),
        "$.kind",
        _fixed({"None": None, "str": "heal"}),
    ),
    Probe(
        "bar2d6.contest_result",
        lambda v: bar2d6.contest_result(v, [], Roll(Dice(2, 6), (3, 4)), []),
        "$.attack",
        _fixed({"None": None, "str": "7", "int": 7}),
    ),
    Probe(
        "bar2d6.Contest.between",
        lambda v: bar2d6.Contest.between(v, _bar2d6()),
        "$.attacker",
        lambda: _foreign("character", "bar2d6"),
    ),
    Probe(
        "bar2d6.Helper.of",
        lambda v: bar2d6.Helper.of(v, [], 2),
        "$.character",
        lambda: _foreign("character", "bar2d6"),
    ),
    Probe(
        "bar2d6.Helper.of:dice",
        lambda v: bar2d6.Helper.of(_bar2d6(), [], v),
        "$.dice",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "bar2d6.GMCheck:terms",
        lambda v: bar2d6.GMCheck(terms=v, difficulty=2),
        "$.terms",
        _fixed(NOT_ITERABLE),
    ),
    Probe(
        "bar2d6.GMCheck:difficulty",
        lambda v: bar2d6.GMCheck(terms=[], difficulty=v),
        "$.difficulty",
        _fixed({"None": None, "str": "2", "float": 1.5}),
    ),
    Probe("bar2d6.Character:name", lambda v: bar2d6.Character(name=v), "$.name", _fixed(NOT_TEXT)),
    Probe(
        "bar2d6.Character:items",
        lambda v: bar2d6.Character(name="x", items=v),
        "$.items",
        _fixed({"None": None, "int": 5, "list": ["sword"]}),
    ),
    Probe(
        "bar2d6.Item:active",
        lambda v: bar2d6.Item(name="劍", kind=bar2d6.ItemKind.WEAPON, active=v),
        "$.active",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "bar2d6.Item:kind",
        lambda v: bar2d6.Item(name="劍", kind=v),
        "$.kind",
        _fixed({"None": None, "str": "weapon"}),
    ),
    Probe(
        "bar2d6.Participant:character",
        lambda v: bar2d6.Participant(id="al", character=v, side="party"),
        "$.character",
        lambda: _foreign("character", "bar2d6"),
    ),
    *_ruleset_probes("bar2d6"),
]


def _bay() -> bayside23.Character:
    return _bayside23_character()


BAYSIDE23_PROBES: list[Probe] = [
    Probe("bayside23.parse_sheet", bayside23.parse_sheet, "$", _fixed(NOT_TEXT)),
    Probe(
        "bayside23.format_sheet",
        bayside23.format_sheet,
        "$.character",
        lambda: _foreign("character", "bayside23"),
    ),
    Probe(
        "bayside23.describe",
        bayside23.describe,
        "$",
        lambda: _foreign("event", "bayside23"),
    ),
    Probe(
        "bayside23.describe:state",
        lambda v: bayside23.describe(game("bayside23").events[-1], "ja", state=v),
        "$.state",
        lambda: _foreign("state", "bayside23", optional=True),
    ),
    Probe("bayside23.log", bayside23.log, "$.events", _fixed(NOT_ITERABLE)),
    Probe(
        "bayside23.log:item",
        lambda v: bayside23.log([v]),
        "$.events[0]",
        lambda: _foreign("event", "bayside23"),
    ),
    Probe(
        "bayside23.names_of",
        bayside23.names_of,
        "$.setup",
        lambda: _foreign("setup", "bayside23"),
    ),
    Probe(
        "bayside23.ledger_after",
        bayside23.ledger_after,
        "$.state",
        lambda: _foreign("state", "bayside23"),
    ),
    Probe("bayside23.normalize_answer", bayside23.normalize_answer, "$", _fixed(NOT_TEXT)),
    Probe(
        "bayside23.modifier",
        bayside23.modifier,
        "$.score",
        _fixed(NOT_WHOLE),
        errors.InvalidCheck,
    ),
    Probe(
        "bayside23.damage_bonus",
        bayside23.damage_bonus,
        "$.score",
        _fixed(NOT_WHOLE),
        errors.InvalidCheck,
    ),
    Probe("bayside23.special", bayside23.special, "$.faces", _fixed(NOT_ITERABLE)),
    Probe(
        "bayside23.special:rulings",
        lambda v: bayside23.special([1, 1, 1], v),
        "$.rulings",
        _fixed({"None": None, "str": "all"}),
    ),
    Probe(
        "bayside23.hit_outcome",
        lambda v: bayside23.hit_outcome(v, 7, Roll(Dice(3, 6), (3, 3, 3)), 9, bayside23.Rulings()),
        "$.attack",
        _fixed({"None": None, "int": 7}),
    ),
    Probe(
        "bayside23.HitCheck.of",
        lambda v: bayside23.HitCheck.of(v, _bay(), bayside23.HitKind.WEAPON),
        "$.attacker",
        lambda: _foreign("character", "bayside23"),
    ),
    Probe(
        "bayside23.HitCheck.of:kind",
        lambda v: bayside23.HitCheck.of(_bay(), _bay(), v),
        "$.kind",
        _fixed({"None": None, "str": "weapon"}),
    ),
    Probe(
        "bayside23.ActionCheck.of",
        lambda v: bayside23.ActionCheck.of(v, None, 8),
        "$.character",
        lambda: _foreign("character", "bayside23"),
    ),
    Probe(
        "bayside23.ActionCheck.of:skill",
        lambda v: bayside23.ActionCheck.of(_bay(), v, 8),
        "$.skill",
        _fixed({"int": 5, "list": ["x"]}),
    ),
    Probe(
        "bayside23.ActionCheck.of:difficulty",
        lambda v: bayside23.ActionCheck.of(_bay(), None, v),
        "$.difficulty",
        _fixed(NOT_WHOLE),
    ),
    Probe(
        "bayside23.Character.roll",
        lambda v: bayside23.Character.roll(v, name="x", feature=bayside23.Feature("頑固", 3)),
        "$.dice",
        _fixed(NOT_SOURCE),
    ),
    Probe(
        "bayside23.Character:strength",
        lambda v: attrs.evolve(_bay(), strength=v),
        "$.strength",
        _fixed(NOT_WHOLE),
        errors.InvalidCharacter,
    ),
    Probe(
        "bayside23.Character:name",
        lambda v: attrs.evolve(_bay(), name=v),
        "$.name",
        _fixed(NOT_TEXT),
        errors.InvalidCharacter,
    ),
    Probe(
        "bayside23.Riddle.accepts",
        lambda v: bayside23.Riddle(question="q", answers=["a"]).accepts(v),
        "$.answer",
        _fixed(NOT_TEXT),
    ),
    Probe(
        "bayside23.Riddle.answer",
        lambda v: bayside23.Riddle(question="q", answers=["a"]).answer(v),
        "$.answer",
        _fixed(NOT_TEXT),
    ),
    Probe(
        "bayside23.BlankBook.search",
        lambda v: bayside23.BlankBook().search(v),
        "$.word",
        _fixed(NOT_TEXT),
    ),
    Probe(
        "bayside23.SessionLedger.use",
        lambda v: bayside23.SessionLedger(artifacts=["鍵"]).use(v),
        "$.artifact",
        _fixed(NOT_TEXT),
    ),
    Probe(
        "bayside23.Participant:character",
        lambda v: bayside23.Participant(id="mina", character=v),
        "$.character",
        lambda: _foreign("character", "bayside23"),
    ),
    *_ruleset_probes("bayside23"),
]


SKIRMISH_PROBES: list[Probe] = [
    Probe(
        "skirmish.load_cards",
        skirmish.load_cards,
        "$",
        _fixed({"None": None, "int": 5, "list": ["x"]}),
    ),
    Probe(
        "skirmish.load_cards:format",
        lambda v: skirmish.load_cards("", format=v),
        "$.format",
        _fixed({"None": None, "int": 5, "str": "yaml"}),
    ),
    Probe(
        "skirmish.read_cards",
        skirmish.read_cards,
        "$",
        _fixed({"None": None, "int": 5, "str": "cards"}),
    ),
    Probe("skirmish.dump_cards", skirmish.dump_cards, "$.cards", _fixed(NOT_ITERABLE)),
    Probe(
        "skirmish.dump_cards:item",
        lambda v: skirmish.dump_cards([v]),
        "$.cards[0]",
        _fixed({"None": None, "str": "ember_knight"}),
    ),
    Probe(
        "skirmish.sample_team",
        lambda v: skirmish.sample_team(v, "a"),
        "$.deck",
        _fixed({"None": None, "int": 5, "list": ["wilds"], "unknown": "nope"}),
    ),
    Probe(
        "skirmish.sample_team:player",
        lambda v: skirmish.sample_team("wilds", v),
        "$.player",
        _fixed({"None": None, "int": 5, "unknown": "c"}),
    ),
    Probe(
        "skirmish.sample_setup",
        skirmish.sample_setup,
        "$.a",
        _fixed({"None": None, "int": 5, "unknown": "nope"}),
    ),
    Probe(
        "skirmish.sample_setup:rulings",
        lambda v: skirmish.sample_setup(rulings=v),
        "$.rulings",
        _fixed({"str": "x", "dict": {}}),
    ),
    Probe(
        "skirmish.home_rows",
        skirmish.home_rows,
        "$.player",
        _fixed({"None": None, "int": 5, "unknown": "c"}),
    ),
    Probe(
        "skirmish.other",
        skirmish.other,
        "$.player",
        _fixed({"None": None, "int": 5, "unknown": "c"}),
    ),
    Probe(
        "skirmish.natural",
        skirmish.natural,
        "$.roll",
        _fixed({"None": None, "int": 7, "str": "7"}),
    ),
    Probe(
        "skirmish.odds",
        lambda v: skirmish.odds(v, skirmish.EndTurn("a")),
        "$.state",
        lambda: _foreign("state", "skirmish"),
    ),
    Probe(
        "skirmish.odds:command",
        lambda v: skirmish.odds(game("skirmish").first, v),
        "$.command",
        _fixed({"None": None, "str": "EndTurn"}),
    ),
    Probe(
        "skirmish.describe",
        skirmish.describe,
        "$",
        lambda: _foreign("event", "skirmish"),
    ),
    Probe(
        "skirmish.describe:state",
        lambda v: skirmish.describe(game("skirmish").events[-1], state=v),
        "$.state",
        lambda: _foreign("state", "skirmish", optional=True),
    ),
    Probe(
        "skirmish.greedy_bot",
        lambda v: skirmish.greedy_bot(skirmish.RULESET, v, random.Random(1)),
        "$.state",
        lambda: _foreign("state", "skirmish"),
    ),
    Probe(
        "skirmish.simulate",
        lambda v: skirmish.simulate(v, "wilds", 1, executor=_inline()),
        "$.deck_a",
        _fixed({"None": None, "int": 5, "unknown": "nope"}),
    ),
    Probe(
        "skirmish.simulate:games",
        lambda v: skirmish.simulate("vanguard", "wilds", v, executor=_inline()),
        "$.games",
        _fixed({**NOT_WHOLE, "huge": 10**100}),
    ),
    Probe(
        "skirmish.simulate:bots",
        lambda v: skirmish.simulate("vanguard", "wilds", 1, v, executor=_inline()),
        "$.bots",
        _fixed({"int": 5, "list": ["a"]}),
    ),
    Probe(
        "skirmish.CombatState.unit",
        _skirmish_unit,
        "$.unit_id",
        _fixed({"None": None, "int": 5}),
    ),
    Probe(
        "skirmish.CombatSetup.card",
        _skirmish_card,
        "$.card_id",
        _fixed({"None": None, "int": 5}),
    ),
    *_ruleset_probes("skirmish"),
]


def _cli(argv: object) -> object:
    from tabletop_rules import cli

    return cli.main(argv)  # type: ignore[arg-type]


CLI_PROBES: list[Probe] = [
    Probe("cli.main", _cli, "$.argv", _fixed({"int": 5, "str": "roll 2d6", "object": object()})),
    Probe(
        "cli.main:item",
        lambda v: _cli(["roll", v]),
        "$.argv[1]",
        _fixed({"int": 5, "None": None, "bytes": b"2d6"}),
    ),
]

_NOT_TERMS = {"int": 5, "None": None, "int item": [5]}
_NOT_LIST = {"int": 5, "None": None}

#: Values a bot builds from what a player typed: checks, riddles, cards and markers.
VALUE_PROBES: list[Probe] = [
    Probe(
        "m20.AttackCheck:attack",
        lambda v: m20.AttackCheck(attack=v, defense=[]),
        "$.attack",
        _fixed(_NOT_TERMS),
    ),
    Probe(
        "m20.AttackCheck:defense",
        lambda v: m20.AttackCheck(attack=[], defense=v),
        "$.defense",
        _fixed(_NOT_TERMS),
    ),
    Probe(
        "m20.OpposedCheck:active",
        lambda v: m20.OpposedCheck(active=v, reactive=[]),
        "$.active",
        _fixed(_NOT_TERMS),
    ),
    Probe(
        "m20.OpposedCheck:reactive",
        lambda v: m20.OpposedCheck(active=[], reactive=v),
        "$.reactive",
        _fixed(_NOT_TERMS),
    ),
    Probe(
        "m20.SpecialtyCheck:terms",
        lambda v: m20.SpecialtyCheck(terms=v, difficulty=4),
        "$.terms",
        _fixed(_NOT_TERMS),
    ),
    Probe(
        "bayside23.HitCheck:attack",
        lambda v: bayside23.HitCheck(attack=v),
        "$.attack",
        _fixed(_NOT_LIST),
    ),
    Probe(
        "bayside23.HitCheck:defense",
        lambda v: bayside23.HitCheck(defense=v),
        "$.defense",
        _fixed(_NOT_LIST),
    ),
    Probe(
        "bayside23.InitiativeCheck:mine",
        lambda v: bayside23.InitiativeCheck(mine=v),
        "$.mine",
        _fixed(_NOT_LIST),
    ),
    Probe(
        "bayside23.InitiativeCheck:theirs",
        lambda v: bayside23.InitiativeCheck(theirs=v),
        "$.theirs",
        _fixed(_NOT_LIST),
    ),
    Probe(
        "bayside23.Riddle:answers",
        lambda v: bayside23.Riddle(question="q", answers=v),
        "$.answers",
        _fixed({**_NOT_LIST, "int item": [5]}),
    ),
    Probe(
        "bayside23.Riddle:hints",
        lambda v: bayside23.Riddle(question="q", answers=["a"], hints=v),
        "$.hints",
        _fixed({**_NOT_LIST, "str item": ["hint"]}),
    ),
    Probe(
        "skirmish.Check:actor",
        lambda v: skirmish.Check(actor=v, defender=[]),
        "$.actor",
        _fixed(_NOT_LIST),
    ),
    Probe(
        "skirmish.Check:defender",
        lambda v: skirmish.Check(actor=[], defender=v),
        "$.defender",
        _fixed(_NOT_LIST),
    ),
    *(
        Probe(
            f"skirmish.Card:{field}",
            functools.partial(
                lambda field, v: skirmish.Card(
                    **{"id": "x", "name": "x", "hp": 5, "atk": 1, "skl": 1, "defense": 1, field: v}
                ),
                field,
            ),
            f"$.{field}",
            _fixed(
                {"None": None, "str": "5"}
                if field not in {"id", "name"}
                else {"None": None, "int": 5}
            ),
        )
        for field in ("id", "name", "hp", "atk", "skl", "defense")
    ),
    Probe(
        "skirmish.Card:skills",
        lambda v: skirmish.Card(id="x", name="x", hp=5, atk=1, skl=1, defense=1, skills=v),
        "$.skills",
        _fixed({**_NOT_LIST, "str item": ["strike"]}),
    ),
    Probe(
        "skirmish.Marker:name",
        lambda v: skirmish.Marker(name=v, duration=2, effect=_marker_effect()),
        "$.name",
        _fixed(_NOT_LIST),
    ),
    Probe(
        "skirmish.Marker:duration",
        lambda v: skirmish.Marker(name="x", duration=v, effect=_marker_effect()),
        "$.duration",
        _fixed({"None": None, "str": "2"}),
    ),
    Probe(
        "skirmish.Marker:effect",
        lambda v: skirmish.Marker(name="x", duration=2, effect=v),
        "$.effect",
        _fixed({"None": None, "str": "skl+1"}),
    ),
    Probe(
        "skirmish.Marker:stacks",
        lambda v: skirmish.Marker(name="x", duration=2, effect=_marker_effect(), stacks=v),
        "$.stacks",
        _fixed({"int": 1, "str": "yes"}),
    ),
    *(
        Probe(
            f"{system}.RULESET.settle",
            functools.partial(
                lambda system, v: game(system).package.RULESET.settle(v, SeededDice(1)), system
            ),
            "$.state",
            _fixed({"None": None, "int": 5}),
        )
        for system in ("m20", "bar2d6", "bayside23", "skirmish")
    ),
]


def _marker_effect() -> Any:
    """A marker's effect that says something."""
    return skirmish.MarkerEffect(skl=1)


TABLES_PROBES: list[Probe] = [
    Probe("tables.read_bcdice_table", tables.read_bcdice_table, "$", _fixed(NOT_TEXT)),
    Probe("tables.read_dice_decks", tables.read_dice_decks, "$", _fixed(NOT_TEXT)),
    Probe("tables.read_hktrpg_table", tables.read_hktrpg_table, "$", _fixed(NOT_TEXT)),
    Probe(
        "tables.read_bcdice_table:limits",
        lambda v: tables.read_bcdice_table("t\n1D1\n1:a", limits=v),
        "$.limits",
        _fixed({"int": 5, "str": "x", "object": object()}),
    ),
    Probe("tables.Table.roll", lambda v: _drinks().roll(v), "$.dice", _fixed(NOT_SOURCE)),
    Probe(
        "tables.Table.row_for",
        lambda v: _drinks().row_for(v),
        "$.value",
        _fixed({"int": 7, "str": "2", "None": None}),
    ),
    Probe(
        "tables.Decks.draw",
        lambda v: _fruit().draw("fruit", v),
        "$.dice",
        _fixed(NOT_SOURCE),
    ),
    Probe(
        "tables.Decks.draw:deck",
        lambda v: _fruit().draw(v, SeededDice(1)),
        "$.deck",
        _fixed({**NOT_TEXT, "unknown": "plum"}),
    ),
    Probe(
        "tables.Decks.draw:times",
        lambda v: _fruit().draw("fruit", SeededDice(1), times=v),
        "$.times",
        _fixed({**NOT_WHOLE, "zero": 0, "three": 3}),
    ),
    Probe(
        "tables.Decks.draw:state",
        lambda v: _fruit().draw("fruit", SeededDice(1), state=v),
        "$.state",
        _fixed({"int": 5, "str": "x", "other": tables.DeckState(deck="plum", left=(1,))}),
    ),
    Probe("tables.Library.parse", lambda v: tables.Library().parse(v), "$", _fixed(NOT_TEXT)),
    Probe(
        "tables.Library:tables",
        lambda v: tables.Library(tables=v),
        "$.tables",
        _fixed({"None": None, "int": 5, "str": "x", "list of str": ["x"]}),
    ),
    Probe(
        "tables.Library:decks",
        lambda v: tables.Library(decks=v),
        "$.decks",
        _fixed({"None": None, "int": 5, "str": "x"}),
    ),
    Probe("tables.Card:text", lambda v: tables.Card(text=v), "$.text", _fixed(NOT_TEXT)),
    Probe(
        "tables.Card:weight",
        lambda v: tables.Card(text="x", weight=v),
        "$.weight",
        _fixed({**NOT_WHOLE, "zero": 0, "bool": True}),
    ),
    Probe(
        "tables.Row:low",
        lambda v: tables.Row(low=v, high=1, text="x"),
        "$.low",
        _fixed(NOT_WHOLE),
    ),
]

PROBES: list[Probe] = [
    *CORE_PROBES,
    *TABLES_PROBES,
    *VALUE_PROBES,
    *M20_PROBES,
    *BAR2D6_PROBES,
    *BAYSIDE23_PROBES,
    *SKIRMISH_PROBES,
    *CLI_PROBES,
]


def _cases() -> Iterator[Any]:
    for probe in PROBES:
        for label in probe.values():
            yield pytest.param(probe, label, id=f"{probe.name}-{label}")


@pytest.mark.parametrize(("probe", "label"), list(_cases()))
def test_an_argument_of_the_wrong_type_is_refused_with_the_library_s_error(
    probe: Probe, label: str
) -> None:
    """The entry point raises the library's error (InvalidData at the argument's path)."""
    value = probe.values()[label]
    with pytest.raises(errors.TabletopRulesError) as raised:
        probe.call(value)
    assert isinstance(raised.value, probe.error), raised.value
    if isinstance(raised.value, InvalidData):  # an item of a list: at the item's own path
        path = raised.value.path
        assert probe.path == path or path.startswith(f"{probe.path}["), path


# -- what is not the caller's fault stays the error it is ------------------------------------
#
# A refusal names the caller's argument. An error raised by what the caller's argument runs
# (a generator), by a rule system's package, by the catalogs or by a converter is not a
# wrong-typed argument: it goes on as it is, with its traceback.


def _broken_faces() -> Iterator[int]:
    """Faces made by a generator that breaks on its second item."""
    return (int(x) for x in ["1", None])  # type: ignore[call-overload]


@pytest.mark.parametrize(
    "call",
    [
        lambda: ScriptedDice(_broken_faces()),
        lambda: ScriptedDice([1, 1], sides=_broken_faces()),
        lambda: Roll(Dice(2, 6), _broken_faces()),
        lambda: checks.CheckResult.judged(
            rolls=[],
            terms=(checks.Term("x", int(x)) for x in ["1", None]),  # type: ignore[call-overload]
            against=checks.Difficulty(1),
        ),
        lambda: checks.Difficulty(1, parts=(checks.Term("x", int(x)) for x in ["1", None])),  # type: ignore[call-overload]
        lambda: checks.Opposition(
            rolls=(Roll(Dice(1, 6), (int(x),)) for x in ["1", None])  # type: ignore[call-overload]
        ),
    ],
    ids=["ScriptedDice:faces", "ScriptedDice:sides", "Roll", "terms", "parts", "rolls"],
)
def test_an_error_inside_a_generator_argument_goes_on_as_it_is(call: Callable[[], object]) -> None:
    """A TypeError raised while a generator makes its items is the generator's, not a refusal."""
    with pytest.raises(TypeError, match="int\\(\\) argument must be") as raised:
        call()
    assert not isinstance(raised.value, errors.TabletopRulesError)


def test_a_system_s_broken_chat_commands_are_not_blamed_on_the_system_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A system whose CHAT_COMMANDS is no list is its own bug, not a wrong $.system."""
    from tabletop_rules.notation import _systems

    broken = RuleSystem(
        name="mysys",
        ruleset=m20.RULESET,
        title="mysys",
        describe=m20.describe,
        command_label=m20.command_label,
        chat="tabletop_rules.mysys_chat",
    )
    monkeypatch.setitem(
        sys.modules, "tabletop_rules.mysys_chat", types.SimpleNamespace(CHAT_COMMANDS=5)
    )
    monkeypatch.setattr(Registry, "default", classmethod(lambda cls: cls().with_systems(broken)))
    _systems._commands.cache_clear()
    try:
        with pytest.raises(TypeError, match="not iterable") as raised:
            notation.commands("mysys")
        assert not isinstance(raised.value, errors.TabletopRulesError)
    finally:
        _systems._commands.cache_clear()


def test_a_chat_command_s_broken_prefix_is_not_blamed_on_the_text() -> None:
    """A ChatCommand whose prefix cannot match a str raises its own TypeError."""
    import re

    from tabletop_rules.notation import ChatCommand

    command = ChatCommand(
        system="x",
        name="x",
        pattern="X",
        prefix=re.compile(b"x"),  # type: ignore[arg-type]
        help="x",
        reader=lambda text: None,  # type: ignore[arg-type,return-value]
    )
    with pytest.raises(TypeError, match="bytes pattern"):
        command.matches("x")
    with pytest.raises(InvalidData):
        command.matches(5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [lambda: i18n.catalog("en"), lambda: i18n.translate("outcome.success", "en")],
    ids=["catalog", "translate"],
)
def test_a_broken_catalog_is_not_blamed_on_the_locale(
    monkeypatch: pytest.MonkeyPatch, call: Callable[[], object]
) -> None:
    """A TypeError from reading the catalogs of a str locale is not a refusal of the locale."""

    def broken(locale: str) -> object:
        raise TypeError("a bug in the catalogs")

    monkeypatch.setattr(i18n, "_catalog", broken)
    monkeypatch.setattr(i18n, "_merged", broken)
    with pytest.raises(TypeError, match="a bug in the catalogs"):
        call()


def test_a_type_with_a_field_the_converter_cannot_read_is_refused_at_cls() -> None:
    """Issue 26 (``from_json`` of a ``SystemCommand``, of any text, raised cattrs'
    ``StructureHandlerNotFoundError``): a type with a field no JSON is read into (a
    function) is no type ``from_json`` reads, refused at ``$.cls`` as a type that is no type
    of a value is."""

    @attrs.frozen
    class Unreadable:
        x: Callable[[int], int]

    for cls in (Unreadable, Callable[[int], int]):
        with pytest.raises(InvalidData) as raised:
            serialization.structure({"x": 1}, cls)  # type: ignore[arg-type]
        assert raised.value.path == "$.cls"


def test_invalid_data_takes_its_path_and_detail_by_keyword() -> None:
    """Third-party rulesets raise InvalidData(path=..., detail=...), as they always could."""
    error = InvalidData(path="$.x", detail="bad")
    assert ("$.x", "bad") == (error.path, error.detail)
    assert "Invalid data at $.x: bad" == str(error)


@pytest.mark.parametrize("key", ["error.wrong_type", "error.locale_type", "error.too_many"])
def test_no_detail_template_has_a_field_named_as_invalid_data_s_arguments(key: str) -> None:
    """A detail's template may not use path or detail: they are InvalidData's own arguments."""
    for locale in LOCALES:
        fields = i18n.template_fields(i18n.catalog(locale)[key])
        assert not fields & {"path", "detail"}, (locale, key)


@pytest.mark.parametrize(
    ("call", "path"),
    [
        (lambda: bar2d6.Helper(bonus=5, dice=1), "$.bonus"),
        (lambda: bar2d6.Helper(bonus=[], dice=1, modifiers=5), "$.modifiers"),
        (lambda: bar2d6.GMCheck(terms=5, difficulty=1), "$.terms"),
        (lambda: bar2d6.GMCheck(terms=[], difficulty=1, helpers=5), "$.helpers"),
        (lambda: bar2d6.Contest(attacker=5, defender=[]), "$.attacker"),
        (lambda: bar2d6.Contest(attacker=[], defender=5), "$.defender"),
    ],
)
def test_each_list_of_terms_of_bar2d6_is_refused_at_its_own_field(
    call: Callable[[], object], path: str
) -> None:
    """Each field that converts a list names itself in its refusal."""
    with pytest.raises(InvalidData) as raised:
        call()
    assert path == raised.value.path


def _union_ruleset() -> Any:
    """m20's ruleset whose states may also be skirmish's: a union of state classes."""
    ruleset = type(m20.RULESET)()
    ruleset.state_type = m20.CombatState | skirmish.CombatState
    return ruleset


@pytest.mark.parametrize(
    "call",
    [
        lambda: _union_ruleset().checked_state(5),
        lambda: engine.fold(_union_ruleset(), 5, []),
        lambda: _union_ruleset().legal_commands(5),
    ],
    ids=["checked_state", "fold", "legal_commands"],
)
def test_a_union_state_type_is_named_in_the_refusal(call: Callable[[], object]) -> None:
    """A state_type that is a union refuses a state of neither class, naming both."""
    with pytest.raises(InvalidData) as raised:
        call()
    assert ("$.state", "expected m20.CombatState | skirmish.CombatState, not 5 (int).") == (
        raised.value.path,
        raised.value.detail,
    )


def test_a_state_of_a_union_state_type_is_accepted() -> None:
    """Either class of a union state_type passes the kit's and the engine's checks."""
    ruleset = _union_ruleset()
    state = game("skirmish").first
    assert state is ruleset.checked_state(state)
    assert state is engine.fold(ruleset, state, [])


def test_the_type_names_of_unions_and_tuples_are_code() -> None:
    """A union, a tuple of classes, None and a class given as a value are named as in code."""
    from tabletop_rules._arguments import described, type_name

    union = m20.CombatState | skirmish.CombatState
    assert "m20.CombatState | skirmish.CombatState" == type_name(union)
    assert "str | bytes" == type_name((str, bytes))
    assert "int | None" == type_name(int | None)
    assert "type[m20.CombatState]" == described(m20.CombatState)


# The sentence is the catalog's, in the reader's language; what is expected is code.
WORDS = ("a ", "an ", " of ", " or ", "such as", "function", "mapping", "name")


@pytest.mark.parametrize(("probe", "label"), list(_cases()))
def test_what_a_refusal_expects_is_code(probe: Probe, label: str) -> None:
    """error.wrong_type's {expected} is a type in code, never an English phrase."""
    value = probe.values()[label]
    with pytest.raises(errors.TabletopRulesError) as raised:
        probe.call(value)
    error = raised.value
    if isinstance(error, InvalidData) and error.detail_key == "error.wrong_type":
        expected = str(error.detail_params["expected"])
        assert not any(word in expected for word in WORDS), expected


def test_a_value_s_own_refusal_keeps_its_path_and_key_through_json() -> None:
    """structure() joins a value's own InvalidData path to the field's and keeps its key."""
    with pytest.raises(InvalidData) as raised:
        serialization.from_json('{"seed":1,"words":-1,"draws":0}', SeededDiceState)
    assert "Invalid data at $.words: must be 0 or more, not -1" == str(raised.value)
    record = '{"dice":{"count":1,"sides":6},"faces":[1]}'
    assert serialization.from_json(record, Roll) == Roll(Dice(1, 6), (1,))


def test_a_nested_value_s_refusal_is_at_its_full_path() -> None:
    """``$.a`` and a refusal at ``$.words`` give ``$.a.words``, localized by its key."""
    from tabletop_rules.serialization import _rebased

    error = _rebased("$.a", InvalidData("$.words", "error.wrong_type", expected="int", given="x"))
    assert ("$.a.words", "error.wrong_type") == (error.path, error.detail_key)
    assert {"expected": "int", "given": "x"} == dict(error.detail_params)
    assert "$.a[0]" == _rebased("$.a", InvalidData("$[0]", "bad")).path
    assert "$.words" == _rebased("$", InvalidData("$.words", "bad")).path


def test_a_wrong_typed_field_read_from_json_is_localized() -> None:
    """A value's wrong_type refusal raised while reading JSON keeps its catalog key."""

    @attrs.frozen
    class Holder:
        state: SeededDiceState

    with pytest.raises(InvalidData) as raised:
        serialization.structure({"state": {"seed": 1, "words": 1, "draws": 2}}, Holder)
    assert "$.state.words" == raised.value.path


def test_the_kit_s_state_type_defaults_to_object_on_the_class() -> None:
    """Rules.state_type is a class attribute (any state passes), not set in __init__."""
    from tabletop_rules import kit

    assert kit.Rules.state_type is object
    assert "state_type" not in vars(m20.RULESET)


@pytest.mark.parametrize(
    ("games", "seed", "path", "detail"),
    [
        (True, 0, "$.games", "expected int, not True (bool)."),
        ("5", 0, "$.games", "expected int, not '5' (str)."),
        (1, 1.0, "$.seed", "expected int, not 1.0 (float)."),
    ],
)
def test_skirmish_simulate_refuses_numbers_as_every_entry_point_does(
    games: object, seed: object, path: str, detail: str
) -> None:
    """simulate's games and seed are refused with the shared error.wrong_type."""
    with pytest.raises(InvalidData) as raised:
        skirmish.simulate("vanguard", "wilds", games, seed=seed, executor=_inline())  # type: ignore[arg-type]
    assert (path, detail, "error.wrong_type") == (
        raised.value.path,
        raised.value.detail,
        raised.value.detail_key,
    )


def test_a_row_that_is_a_bool_is_refused_at_its_index() -> None:
    """A team's rows are whole numbers: True is none (checked_items refuses a bool as int)."""
    team = skirmish.sample_team("vanguard", "a")
    with pytest.raises(InvalidData) as raised:
        skirmish.Team(cards=team.cards, rows=(True, 0, 0))
    assert ("$.rows[0]", "expected int, not True (bool).") == (
        raised.value.path,
        raised.value.detail,
    )
