"""Undo: a record cut back by N commands is the record of the game before them.

``engine.undo(record, n)`` (issue 24, item 6): the state it gives is exactly the live state
the game had N commands ago, in every registered system, and verified replay of the cut
record agrees; an undo past the start is refused with ``IllegalCommand`` and cuts nothing.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_rules import SeededDice, bayside23, engine, m20
from tabletop_rules.engine import GameRecord, replay
from tabletop_rules.errors import CorruptRecord, IllegalCommand, InvalidData, UnknownSystem
from tabletop_rules.systems import Registry, RuleSystem, Seat
from tabletop_rules.testing import laws

SYSTEMS = [system for system in Registry.default() if system.strategies is not None]


@pytest.mark.parametrize("system", SYSTEMS, ids=[system.name for system in SYSTEMS])
def test_an_undo_gives_the_live_state_before_the_undone_commands(
    system: RuleSystem[Any, Any, Any, Any],
) -> None:
    """Undoing N commands of a random game gives the live state after all its commands but
    N, and the cut record, whose verified and trusted replays give that state too."""

    @settings(max_examples=max(5, settings().max_examples // 5), deadline=None)
    @given(played=laws.games(system, max_steps=25), data=st.data())
    def law(played: laws.Played[Any, Any, Any, Any], data: st.DataObject) -> None:
        record = played.record
        count = data.draw(st.integers(0, record.commands), label="commands undone")
        state, cut = engine.undo(record, count, system.ruleset)
        expected = played.states[len(played.states) - 1 - count]
        assert (expected, expected, expected) == (
            state,
            replay(cut, system.ruleset),
            replay(cut, system.ruleset, trusted=True),
        )
        assert record.entries[: len(record.entries) - count] == cut.entries

    law()


def _played(commands: int) -> tuple[GameRecord[Any, Any, Any], list[Any]]:
    """An m20 combat of *commands* commands, and its live states (after begin, then each)."""
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


def test_commands_counts_the_entries_with_a_command() -> None:
    """``commands`` is how many commands an undo may cut."""
    record, _ = _played(3)
    assert 3 == record.commands


def test_the_opening_entry_is_no_command() -> None:
    """A record whose rules rolled before anyone acted counts its commands without it."""
    mina = bayside23.parse_sheet(bayside23.EXAMPLE_SHEET)
    setup = bayside23.lineup(
        [Seat(id="mina", character=mina), Seat(id="g", character=mina, foe=True)]
    )
    _, record = engine.begin(bayside23.RULESET, setup, SeededDice(5))
    assert (1, 0) == (len(record.entries), record.commands)


def test_undoing_every_command_gives_the_game_as_it_began() -> None:
    """Undoing every command gives the first state and a record with no entries."""
    record, states = _played(4)
    state, cut = engine.undo(record, 4)
    assert (states[0], ()) == (state, cut.entries)


def test_undoing_nothing_gives_the_record_itself() -> None:
    """An undo of 0 commands gives the record as it is and its state."""
    record, states = _played(2)
    state, cut = engine.undo(record, 0, m20.RULESET)
    assert (states[2], True) == (state, cut is record)


def test_an_undo_is_one_command_by_default() -> None:
    """Without a count, ``undo`` takes back the last command."""
    record, states = _played(3)
    assert states[2] == engine.undo(record)[0]


def test_the_ruleset_is_found_in_the_given_registry() -> None:
    """Without a ruleset, ``undo`` replays with the system the registry names."""
    record, states = _played(2)
    registry = Registry().with_systems(m20.SYSTEM)
    assert states[1] == engine.undo(record, 1, registry=registry)[0]
    with pytest.raises(UnknownSystem):
        engine.undo(record, 1, registry=Registry())


def test_a_trusted_undo_folds_the_cut_record() -> None:
    """``trusted=True`` gives the same state by folding the cut record."""
    record, states = _played(3)
    assert states[1] == engine.undo(record, 2, m20.RULESET, trusted=True)[0]


def test_an_undo_past_the_start_is_refused() -> None:
    """Undoing more commands than the record holds raises ``IllegalCommand``, in words a
    player can read in each locale."""
    record, _ = _played(2)
    with pytest.raises(IllegalCommand) as refused:
        engine.undo(record, 3)
    assert (
        "undo_past_start",
        "The record holds 2 commands: it cannot be cut back by 3.",
        "記録にはコマンドが 2 件しかありません：3 件は取り消せません。",
        "紀錄只有 2 個指令：無法退回 3 個。",
    ) == (
        refused.value.reason,
        str(refused.value),
        refused.value.localized("ja"),
        refused.value.localized("zh-Hant"),
    )


def test_a_refused_undo_changes_nothing() -> None:
    """The record given to a refused undo is as it was, and still replays to its state."""
    record, states = _played(2)
    kept = attrs.evolve(record)
    with pytest.raises(IllegalCommand):
        engine.undo(record, 3)
    assert (kept, states[2]) == (record, replay(record))


def test_an_undo_of_a_game_that_only_began_is_refused() -> None:
    """The opening entry is never undone: a game with no command has nothing to undo."""
    mina = bayside23.parse_sheet(bayside23.EXAMPLE_SHEET)
    setup = bayside23.lineup(
        [Seat(id="mina", character=mina), Seat(id="g", character=mina, foe=True)]
    )
    first, record = engine.begin(bayside23.RULESET, setup, SeededDice(5))
    _, entry = engine.step(
        bayside23.RULESET, first, bayside23.RULESET.legal_commands(first)[0], SeededDice(6)
    )
    longer = record.append(entry)
    assert (first, record) == engine.undo(longer, 1)
    with pytest.raises(IllegalCommand):
        engine.undo(longer, 2)


@pytest.mark.parametrize("commands", [-1, 1.0, "1", None, True])
def test_a_count_that_is_no_whole_number_of_0_or_more_is_refused(commands: object) -> None:
    """A negative count, a float, a text, ``None`` or a bool is refused at ``$.commands``."""
    record, _ = _played(1)
    with pytest.raises(InvalidData) as refused:
        engine.undo(record, commands)  # type: ignore[arg-type]
    assert "$.commands" == refused.value.path


@pytest.mark.parametrize("record", [None, "{}", 5, m20.RULESET])
def test_anything_but_a_record_is_refused(record: object) -> None:
    """Anything but a ``GameRecord`` is refused at ``$.record``."""
    with pytest.raises(InvalidData) as refused:
        engine.undo(record, 1)  # type: ignore[arg-type]
    assert "$.record" == refused.value.path


def test_a_tampered_record_is_refused_by_its_verified_replay() -> None:
    """The kept entries are verified: a forged one is refused at its index."""
    record, _ = _played(3)
    first = record.entries[0]
    forged = attrs.evolve(first, faces=tuple(7 if face != 7 else 8 for face in first.faces))
    tampered = attrs.evolve(record, entries=(forged, *record.entries[1:]))
    with pytest.raises(CorruptRecord) as refused:
        engine.undo(tampered, 1)
    assert 0 == refused.value.index
