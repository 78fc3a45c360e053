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
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from tabletop_rules import (
    Dice,
    InvalidData,
    ScriptedDice,
    SeededDice,
    TabletopRulesError,
    bar2d6,
    bayside23,
    checks,
    errors,
    i18n,
    m20,
    notation,
    simulation,
    skirmish,
)
from tabletop_rules.i18n import LOCALES

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


def _played(package: Any, setup: object, *, steps: int = 12) -> Game:
    """A game of *package* from *setup*, played by the random bot for a few steps."""
    record = simulation.play(package.RULESET, setup, seed=3, max_steps=steps)
    state = package.RULESET.start(setup)
    for event in record.events:  # each game's own folds, not those under test
        state = package.RULESET.evolve(state, event)
    first = package.RULESET.start(setup)
    return Game(
        package=package, setup=setup, first=first, state=state, events=tuple(record.events)
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
            bayside23.BattleSetup(
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

#: Every public function and method that takes a locale, called with the given locale and a
#: valid value for each other argument, by its name as a user imports it.
LOCALE_TAKERS: dict[str, Callable[[Any], object]] = {
    # core
    "i18n.translate": lambda locale: i18n.translate("outcome.success", locale),
    "i18n.catalog": lambda locale: i18n.catalog(locale),
    "i18n.resolve_locale": lambda locale: i18n.resolve_locale(locale),
    "checks.CheckResult.explain": lambda locale: check_result().explain(locale),
    "checks.Difficulty.explain": lambda locale: check_result().against.explain(locale),
    "checks.Opposition.explain": lambda locale: checks.Opposition(
        rolls=check_result().rolls, terms=check_result().terms
    ).explain(locale),
    "checks.Term.explain": lambda locale: check_result().terms[0].explain(locale),
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
    "notation.ChatCommand.help_text": lambda locale: notation.commands("m20")[0].help_text(locale),
    "notation.ExpressionResult.render": lambda locale: rolled("2D6+1").render(locale),
    "notation.ExpressionResult.line": lambda locale: rolled("2D6+1").line(locale),
    "notation.CheckRoll.render": lambda locale: rolled("2D6>=7").render(locale),
    "notation.CheckRoll.line": lambda locale: rolled("2D6>=7").line(locale),
    "notation.CountResult.render": lambda locale: rolled("6B6>=4").render(locale),
    "notation.CountResult.line": lambda locale: rolled("6B6>=4").line(locale),
    "notation.RepeatResult.render": lambda locale: rolled("x2 2D6").render(locale),
    "notation.SystemCommand.render": lambda locale: _system_command_render(locale),
    # m20
    "m20.describe": lambda locale: m20.describe(game("m20").events[-1], locale),
    "m20.command_label": lambda locale: m20.command_label(m20.EndRound(), locale),
    "m20.format_sheet": lambda locale: m20.format_sheet(m20.parse_sheet(m20.EXAMPLE_SHEET), locale),
    "m20.names_of": lambda locale: m20.names_of(game("m20").state, locale),
    "m20.VECTOR_LOG": lambda locale: m20.VECTOR_LOG(
        None, game("m20").state, game("m20").events, locale
    ),
    # bar2d6
    "bar2d6.describe": lambda locale: bar2d6.describe(game("bar2d6").events[-1], locale),
    "bar2d6.command_label": lambda locale: bar2d6.command_label(bar2d6.EndRound(), locale),
    "bar2d6.format_sheet": lambda locale: bar2d6.format_sheet(
        bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET), locale
    ),
    "bar2d6.HelpedResult.explain": lambda locale: _helped_result().explain(locale),
    "bar2d6.VECTOR_LOG": lambda locale: bar2d6.VECTOR_LOG(
        None, game("bar2d6").state, game("bar2d6").events, locale
    ),
    # bayside23
    "bayside23.describe": lambda locale: bayside23.describe(game("bayside23").events[-1], locale),
    "bayside23.log": lambda locale: bayside23.log(game("bayside23").events, locale),
    "bayside23.command_label": lambda locale: bayside23.command_label(
        bayside23.Wait(actor="mina"), locale
    ),
    "bayside23.InitiativeResult.explain": lambda locale: _initiative_result().explain(locale),
    "bayside23.VECTOR_LOG": lambda locale: bayside23.VECTOR_LOG(
        game("bayside23").setup, game("bayside23").state, game("bayside23").events, locale
    ),
    # skirmish
    "skirmish.describe": lambda locale: skirmish.describe(game("skirmish").events[-1], locale),
    "skirmish.command_label": lambda locale: skirmish.command_label(skirmish.EndTurn("a"), locale),
    "skirmish.VECTOR_LOG": lambda locale: skirmish.VECTOR_LOG(
        None, game("skirmish").state, game("skirmish").events, locale
    ),
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
    taking = {
        name
        for name, function in _public_callables()
        if "locale" in _parameters(function)
    }
    assert set() == taking - set(LOCALE_TAKERS)
