"""The four systems' ``describe`` functions take the same arguments and refuse bad input alike.

Each system's log line takes ``(event, locale="en", *, state=None)``: with a state of the
system's game, participants are named as the system names them; without one, by their ids.
Anything that is no event of the system is refused with ``InvalidData`` at ``$``, and a state
of another system, or anything that is no state, at ``$.state``, as ``command_label`` refuses
them (``tests/test_command_labels.py``).
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from tabletop_rules import bar2d6, bayside23, m20, skirmish
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE, LOCALES, resolve_locale


@attrs.frozen
class System:
    """What the tests need of one system."""

    #: Its registry name (the test id).
    name: str
    #: Its ``describe``.
    describe: Callable[..., str]
    #: The class of its states.
    state_type: type[Any]
    #: One of its events, which names one participant.
    event: object
    #: One of its commands (no event).
    command: object
    #: A setup of a short game, in which that participant's name is not its id.
    setup: Callable[[], object]
    #: Its ruleset.
    ruleset: Any
    #: The participant's id.
    id: str
    #: The name the system gives it with a state.
    named: str

    def start(self) -> object:
        """The game's first state."""
        return self.ruleset.start(self.setup())


def _m20_setup() -> m20.CombatSetup:
    hero = m20.parse_sheet(m20.EXAMPLE_SHEET)
    foe = attrs.evolve(hero, name="山賊")
    return m20.CombatSetup(
        participants=[
            m20.Participant(id="al", character=hero, side="party"),
            m20.Participant(id="bea", character=foe, side="foes", player=False),
        ]
    )


def _bar2d6_setup() -> bar2d6.CombatSetup:
    return bar2d6.CombatSetup(
        participants=[
            bar2d6.Participant(id="al", character=bar2d6.Character(name="Al"), side="pc"),
            bar2d6.Participant(
                id="bea", character=bar2d6.Character(name="Goblin"), side="npc", player=False
            ),
        ]
    )


def _bayside23_setup() -> bayside23.CombatSetup:
    def character(name: str) -> bayside23.Character:
        return bayside23.Character(
            name=name, strength=12, mind=12, agility=12, hp=5, feature=bayside23.Feature("頑固", 3)
        )

    return bayside23.CombatSetup(
        participants=[
            bayside23.Participant(id="mina", character=character("ミナ")),
            bayside23.Participant(
                id="g1", character=character("ゴブリン"), side=bayside23.Side.ENEMIES
            ),
        ]
    )


def _skirmish_setup() -> skirmish.CombatSetup:
    return skirmish.sample_setup()


SYSTEMS = (
    System(
        name="m20",
        describe=m20.describe,
        state_type=m20.CombatState,
        event=m20.FocusedDefense(actor="al"),
        command=m20.Hide(actor="al", target="bea"),
        setup=_m20_setup,
        ruleset=m20.RULESET,
        id="al",
        named="楊望蒼",
    ),
    System(
        name="bar2d6",
        describe=bar2d6.describe,
        state_type=bar2d6.CombatState,
        event=bar2d6.Waited(actor="al"),
        command=bar2d6.Wait(actor="al"),
        setup=_bar2d6_setup,
        ruleset=bar2d6.RULESET,
        id="al",
        named="Al",
    ),
    System(
        name="bayside23",
        describe=bayside23.describe,
        state_type=bayside23.CombatState,
        event=bayside23.Waited(actor="mina"),
        command=bayside23.Wait(actor="mina"),
        setup=_bayside23_setup,
        ruleset=bayside23.RULESET,
        id="mina",
        named="ミナ",
    ),
    System(
        name="skirmish",
        describe=skirmish.describe,
        state_type=skirmish.CombatState,
        event=skirmish.ApGiven("a", "a1"),
        command=skirmish.EndTurn("a"),
        setup=_skirmish_setup,
        ruleset=skirmish.RULESET,
        id="a1",
        named="Ember Knight",
    ),
)


def _ids(system: System) -> str:
    return system.name


def _other(system: System) -> System:
    """The next system, whose events and states are foreign to *system*."""
    return SYSTEMS[(SYSTEMS.index(system) + 1) % len(SYSTEMS)]


def _parameters(function: Callable[..., object]) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def test_the_four_describe_functions_take_the_same_arguments() -> None:
    """Every ``describe`` is ``(event, locale="en", *, state=None)``, English by default."""
    expected = [
        ("event", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("locale", inspect.Parameter.POSITIONAL_OR_KEYWORD, DEFAULT_LOCALE),
        ("state", inspect.Parameter.KEYWORD_ONLY, None),
    ]
    assert {system.name: expected for system in SYSTEMS} == {
        system.name: _parameters(system.describe) for system in SYSTEMS
    }


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
def test_describe_takes_a_state_of_its_own_system(system: System) -> None:
    """The ``state`` of each ``describe`` is typed as its system's state, or ``None``."""
    hints = typing.get_type_hints(system.describe)
    assert (system.state_type | None, str) == (hints["state"], hints["return"])


def test_the_bayside23_log_takes_the_arguments_of_describe() -> None:
    """``bayside23.log`` takes the events, then what ``describe`` takes after its event."""
    assert _parameters(bayside23.describe)[1:] == _parameters(bayside23.log)[1:]


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
def test_a_state_names_the_participants_and_ids_are_shown_without_one(system: System) -> None:
    """With a state of the game, the participant is named as the system names it; without a
    state, its id is shown; in every locale."""
    state = system.start()
    for locale in LOCALES:
        named = system.describe(system.event, locale, state=state)
        shown = system.describe(system.event, locale)
        assert system.named in named
        assert shown == named.replace(system.named, system.id)


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
def test_the_default_locale_is_english(system: System) -> None:
    """A line asked for without a locale is the English one, in every system."""
    state = system.start()
    assert system.describe(system.event, "en") == system.describe(system.event)
    assert system.describe(system.event, "en", state=state) == system.describe(
        system.event, state=state
    )


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
@pytest.mark.parametrize("tag", ["fr-CA", "", "zh_TW", "JA-jp", "zh-Hant-HK", "x" * 300])
def test_a_locale_tag_is_resolved_as_resolve_locale_resolves_it(system: System, tag: str) -> None:
    """Any language tag gives the line of the shipped locale that serves it, never an error."""
    expected = system.describe(system.event, resolve_locale(tag))
    assert expected == system.describe(system.event, tag)


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
@pytest.mark.parametrize(
    "kind", ["another system's event", "a command", "object", "text", "None", "a type"]
)
def test_what_is_no_event_of_the_system_is_refused_at_the_root(system: System, kind: str) -> None:
    """A line of another system's event, of a command or of no event raises InvalidData at
    ``$``, never a bare ``AttributeError`` or ``KeyError``."""
    foreign = {
        "another system's event": _other(system).event,
        "a command": system.command,
        "object": object(),
        "text": "Waited",
        "None": None,
        "a type": type(system.event),
    }[kind]
    with pytest.raises(InvalidData) as raised:
        system.describe(foreign, "en")
    assert "$" == raised.value.path


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
@pytest.mark.parametrize(
    "kind", ["another system's state", "object", "mapping", "the system's setup"]
)
def test_what_is_no_state_of_the_system_is_refused_at_state(system: System, kind: str) -> None:
    """A line with a state of another system, or with what is no state, fails at ``$.state``."""
    foreign = {
        "another system's state": _other(system).start(),
        "object": object(),
        "mapping": {system.id: system.named},
        "the system's setup": system.setup(),
    }[kind]
    with pytest.raises(InvalidData) as raised:
        system.describe(system.event, "en", state=foreign)
    assert "$.state" == raised.value.path
