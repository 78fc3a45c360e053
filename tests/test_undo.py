"""Undo: a record cut back by N commands is the record of the game before them.

``GameRecord.undo(n)`` (issue 24, item 6): its verified replay, and its trusted one, give
exactly the live state the game had N commands ago, in every registered system; an undo past
the start is refused with ``IllegalCommand`` and cuts nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import SeededDice, engine, m20
from tabletop_rules.engine import GameRecord, replay
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.systems import Registry, RuleSystem, Seat
from tabletop_rules.testing import laws

SYSTEMS = [system for system in Registry.default() if system.strategies is not None]


def _opening(record: GameRecord[Any, Any, Any]) -> int:
    return 1 if record.entries and record.entries[0].command is None else 0


@pytest.mark.parametrize("system", SYSTEMS, ids=[system.name for system in SYSTEMS])
def test_an_undo_replays_to_the_live_state_before_the_undone_commands(
    system: RuleSystem[Any, Any, Any, Any],
) -> None:
    """Cutting N commands off a random game's record gives, by verified and by trusted
    replay, the live state after its first commands but N."""

    @settings(max_examples=max(5, settings().max_examples // 5), deadline=None)
    @given(played=laws.games(system, max_steps=25), data=st.data())
    def law(played: laws.Played[Any, Any, Any, Any], data: st.DataObject) -> None:
        record = played.record
        count = data.draw(st.integers(0, record.commands), label="commands undone")
        cut = record.undo(count)
        expected = played.states[len(played.states) - 1 - count]
        assert (expected, expected) == (
            replay(cut, system.ruleset),
            replay(cut, system.ruleset, trusted=True),
        )
        assert record.entries[: len(cut.entries)] == cut.entries

    law()


def _played(commands: int) -> tuple[GameRecord[Any, Any, Any], list[Any]]:
    """An m20 combat of *commands* commands, and its live states (before each, and at the end)."""
    hero = m20.parse_sheet(m20.EXAMPLE_SHEET)
    setup = m20.lineup([Seat(id="ann", character=hero), Seat(id="orc", character=hero, foe=True)])
    dice = SeededDice(11)
    state, record = engine.begin(m20.RULESET, setup, dice)
    states = [state]
    for _ in range(commands):
        state, entry = engine.step(m20.RULESET, state, m20.RULESET.legal_commands(state)[0], dice)
        record = record.append(entry)
        states.append(state)
    return record, states


def test_commands_counts_the_entries_but_the_opening() -> None:
    """``commands`` is how many commands an undo may cut: every entry but the opening one."""
    record, _ = _played(3)
    assert (3, 3) == (record.commands, len(record.entries) - _opening(record))


def test_undoing_every_command_gives_the_game_as_it_began() -> None:
    record, states = _played(4)
    assert states[0] == replay(record.undo(4), m20.RULESET)


def test_undoing_nothing_gives_the_record_itself() -> None:
    record, _ = _played(2)
    assert record is record.undo(0)


def test_an_undo_is_one_command_by_default() -> None:
    record, states = _played(3)
    assert states[2] == replay(record.undo(), m20.RULESET)


def test_an_undo_past_the_start_is_refused() -> None:
    """Cutting more commands than the record holds raises ``IllegalCommand`` and cuts nothing."""
    record, _ = _played(2)
    with pytest.raises(IllegalCommand) as refused:
        record.undo(3)
    assert ("undo_past_start", 2) == (refused.value.reason, record.commands)
    assert "The record holds 2 commands: it cannot be cut back by 3." == str(refused.value)
    assert "記録にはコマンドが 2 件しかありません：3 件は取り消せません。" == (
        refused.value.localized("ja")
    )


def test_an_undo_of_an_empty_record_is_refused() -> None:
    record, _ = _played(0)
    with pytest.raises(IllegalCommand):
        record.undo(1)


@pytest.mark.parametrize("commands", [-1, 1.0, "1", None, True])
def test_an_undo_of_anything_but_a_whole_number_of_0_or_more_is_refused(commands: object) -> None:
    record, _ = _played(1)
    with pytest.raises(InvalidData) as refused:
        record.undo(commands)  # type: ignore[arg-type]
    assert "$.commands" == refused.value.path


def test_the_opening_entry_is_never_undone() -> None:
    """A game whose rules roll before anyone acts keeps that entry: undoing every command
    gives the settled first state, not the unsettled one."""
    from tabletop_rules import bayside23

    mina = bayside23.parse_sheet(bayside23.EXAMPLE_SHEET)
    setup = bayside23.lineup(
        [Seat(id="mina", character=mina), Seat(id="g", character=mina, foe=True)]
    )
    dice = SeededDice(5)
    first, record = engine.begin(bayside23.RULESET, setup, dice)
    assert record.entries[0].command is None
    _, entry = engine.step(
        bayside23.RULESET, first, bayside23.RULESET.legal_commands(first)[0], dice
    )
    longer = record.append(entry)
    assert (1, record, first) == (
        longer.commands,
        longer.undo(1),
        replay(longer.undo(1), bayside23.RULESET),
    )
    with pytest.raises(IllegalCommand):
        longer.undo(2)
