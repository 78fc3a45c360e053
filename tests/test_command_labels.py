"""The four systems' ``command_label`` functions refuse bad input alike and read states alike.

Each system's menu label takes ``(command, locale, *, state=None)``: anything that is no command
of the system is refused with ``InvalidData`` at ``$`` (a wrongly typed field at its own path),
a state of another system at ``$.state``, any locale tag is resolved as
:func:`~tabletop_rules.i18n.resolve_locale` resolves it, and a state that owes automatic events
(rebuilt from a record cut short) is read after them, as ``legal_commands`` reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from tabletop_rules import bar2d6, bayside23, engine, m20, skirmish
from tabletop_rules.bar2d6.strategies import setups as bar2d6_setups
from tabletop_rules.bayside23.strategies import setups
from tabletop_rules.dice import ScriptedDice
from tabletop_rules.errors import DiceExhausted, InvalidData
from tabletop_rules.i18n import LOCALES, resolve_locale
from tabletop_rules.m20.strategies import setups as m20_setups
from tabletop_rules.skirmish.strategies import setups as skirmish_setups
from tabletop_rules.testing.strategies import games


@attrs.frozen
class System:
    """What the tests need of one system."""

    #: The system's package.
    package: Any
    #: Random setups of it.
    setups: SearchStrategy[Any]
    #: One of its commands, labelled with or without a state.
    command: object
    #: The same kind of command with a number where its ``actor`` text should be.
    malformed: object
    #: A short game's first state, from a setup of two characters.
    start: Callable[[], object]

    @property
    def name(self) -> str:
        """Its registry name (the test id)."""
        name: str = self.package.RULESET.name
        return name

    @property
    def ruleset(self) -> Any:
        """Its ruleset."""
        return self.package.RULESET

    def label(self, command: object, locale: str, *, state: object = None) -> str:
        """Its ``command_label``."""
        label: str = self.package.command_label(command, locale, state=state)
        return label


def _duel(system: Any, character: object) -> object:
    """The first state of an m20 or bar2d6 combat of *character* against itself."""
    return system.RULESET.start(
        system.CombatSetup(
            participants=[
                system.Participant(id="al", character=character, side="party"),
                system.Participant(id="bea", character=character, side="foes", player=False),
            ]
        )
    )


def _bayside23_start() -> bayside23.CombatState:
    mina = bayside23.Character(
        name="ミナ", strength=12, mind=12, agility=12, hp=5, feature=bayside23.Feature("頑固", 3)
    )
    return bayside23.RULESET.start(
        bayside23.CombatSetup(
            participants=[
                bayside23.Participant(id="mina", character=mina),
                bayside23.Participant(id="g1", character=mina, side=bayside23.Side.ENEMIES),
            ]
        )
    )


def _skirmish_start() -> skirmish.State:
    return skirmish.RULESET.start(skirmish.sample_setup())


SYSTEMS = (
    System(
        package=m20,
        setups=m20_setups(max_participants=4),
        command=m20.Hide(actor="al", target="bea"),
        malformed=m20.Hide(actor=5, target="bea"),  # type: ignore[arg-type]
        start=lambda: _duel(m20, m20.parse_sheet(m20.EXAMPLE_SHEET)),
    ),
    System(
        package=bar2d6,
        setups=bar2d6_setups(max_participants=4),
        command=bar2d6.Wait(actor="al"),
        malformed=bar2d6.Wait(actor=5),  # type: ignore[arg-type]
        start=lambda: _duel(bar2d6, bar2d6.Character(name="Goblin")),
    ),
    System(
        package=bayside23,
        setups=setups(),
        command=bayside23.Wait(actor="mina"),
        malformed=bayside23.Wait(actor=5),  # type: ignore[arg-type]
        start=_bayside23_start,
    ),
    System(
        package=skirmish,
        setups=skirmish_setups(),
        command=skirmish.EndTurn("a"),
        malformed=skirmish.EndTurn(5),  # type: ignore[arg-type]
        start=_skirmish_start,
    ),
)


def _ids(system: System) -> str:
    return system.name


def _other(system: System) -> System:
    """The next system, whose commands and states are foreign to *system*."""
    return SYSTEMS[(SYSTEMS.index(system) + 1) % len(SYSTEMS)]


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
@pytest.mark.parametrize("kind", ["another system's command", "object", "text", "None"])
def test_what_is_no_command_of_the_system_is_refused_at_the_root(system: System, kind: str) -> None:
    """A label of another system's command, or of no command, raises InvalidData at ``$``."""
    foreign = {
        "another system's command": _other(system).command,
        "object": object(),
        "text": "Wait",
        "None": None,
    }[kind]
    with pytest.raises(InvalidData) as raised:
        system.label(foreign, "en")
    assert "$" == raised.value.path


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
def test_a_field_of_the_wrong_type_is_refused_at_its_path(system: System) -> None:
    """A command whose ``actor`` is a number raises InvalidData at ``$.actor``."""
    with pytest.raises(InvalidData) as raised:
        system.label(system.malformed, "en")
    assert "$.actor" == raised.value.path


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
@pytest.mark.parametrize("kind", ["another system's state", "object", "mapping"])
def test_what_is_no_state_of_the_system_is_refused_at_state(system: System, kind: str) -> None:
    """A label with a state of another system, or what is no state, fails at ``$.state``."""
    foreign = {
        "another system's state": _other(system).start(),
        "object": object(),
        "mapping": {"combatants": []},
    }[kind]
    with pytest.raises(InvalidData) as raised:
        system.label(system.command, "en", state=foreign)
    assert "$.state" == raised.value.path


@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
@pytest.mark.parametrize("tag", ["fr-CA", "", "zh_TW", "JA-jp", "zh-Hant-HK", "x" * 300])
def test_a_locale_tag_is_resolved_as_resolve_locale_resolves_it(system: System, tag: str) -> None:
    """Any language tag gives the label of the shipped locale that serves it, never an error."""
    expected = system.label(system.command, resolve_locale(tag))
    assert expected == system.label(system.command, tag)


def _owed(ruleset: Any, state: Any) -> bool:
    """Whether *state* owes automatic events that roll nothing."""
    try:
        return bool(ruleset.settle(state, ScriptedDice([]))[1])
    except DiceExhausted:  # a chance step: a label reads the state before it
        return False


@settings(max_examples=15)
@pytest.mark.parametrize("system", SYSTEMS, ids=_ids)
@given(data=st.data())
def test_a_state_owing_automatic_events_is_labelled_as_legal_commands_reads_it(
    system: System, data: st.DataObject
) -> None:
    """M20-065, BAY-16, BAY-17, SK-30, SK-34: a state folded partway through an entry's events.

    A state folded from a record's events up to a command's own (a state a bot built by hand,
    or read from JSON) owes the automatic events after them (a round's or turn's end, a fall,
    the end of the game).
    ``legal_commands`` offers the commands of the state after those events; their labels with
    the state as rebuilt are the labels with the settled state, in every locale.
    """
    ruleset = system.ruleset
    record = data.draw(games(ruleset, system.setups, max_steps=30))
    state = ruleset.start(record.setup)
    cuts: list[int] = []
    for index, event in enumerate(record.events, start=1):
        state = ruleset.evolve(state, event)
        if _owed(ruleset, state):
            cuts.append(index)
    assume(cuts)
    cut = data.draw(st.sampled_from(cuts), label="cut")
    partial = engine.fold(ruleset, ruleset.start(record.setup), record.events[:cut])
    settled, owed = ruleset.settle(partial, ScriptedDice([]))
    assert owed
    for command in ruleset.legal_commands(partial):
        for locale in LOCALES:
            expected = system.label(command, locale, state=settled)
            assert expected == system.label(command, locale, state=partial)
