"""A record as JSON Lines: the streamed form for records longer than one JSON text may be.

Issue 26, Deliver 6: "The JSON limit admits a 100,000-event record, or ``GameRecord`` offers
a streamed form that does." A 100,000-event m20 combat is about 36 million characters as one
text, past :data:`~tabletop_rules.serialization.MAX_JSON_LENGTH`; as lines, its longest line
is one entry's, and reading it is linear in its lines (a batch of entries at a time).
"""

from __future__ import annotations

import functools
import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from tabletop_rules import engine, serialization, skirmish
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import InvalidData
from tabletop_rules.serialization import from_json, from_json_lines, to_json, to_json_lines
from tabletop_rules.simulation import play
from tabletop_rules.systems import Registry, RuleSystem
from tabletop_rules.testing import laws

SYSTEMS = [system for system in Registry.default() if system.strategies is not None]


@pytest.mark.parametrize("system", SYSTEMS, ids=[system.name for system in SYSTEMS])
def test_every_systems_record_reads_back_from_its_lines(
    system: RuleSystem[Any, Any, Any, Any],
) -> None:
    """In every system, a played record's lines read back to the same record: the head
    first, then one line an entry, no line holding a newline."""

    @settings(max_examples=max(3, settings().max_examples // 10), deadline=None)
    @given(played=laws.games(system, max_steps=12))
    def law(played: laws.Played[Any, Any, Any, Any]) -> None:
        lines = list(to_json_lines(played.record))
        assert len(lines) == 1 + len(played.record.entries)
        assert not any("\n" in line for line in lines)
        assert "entries" not in json.loads(lines[0])
        assert from_json_lines(lines) == played.record
        assert from_json_lines(line + "\n" for line in lines) == played.record  # a file's lines

    law()


@functools.cache
def _long() -> GameRecord[Any, Any, Any]:
    """A skirmish record of 2,600 entries: more than two batches of lines."""
    record = play(skirmish.RULESET, skirmish.sample_setup("arcane", "bastion"), seed=5)
    entries = (record.entries * (2600 // len(record.entries) + 1))[:2600]
    return attrs.evolve(record, entries=entries)


def test_a_record_longer_than_one_text_may_be_reads_from_its_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the bound of one text lowered below the record's length (the real bound, 10
    million characters, would take a record of about 20,000 entries), ``from_json`` refuses
    the record as one text, and its lines, each under the bound, read back whole."""
    record = _long()
    lines = list(to_json_lines(record))
    bound = max(map(len, lines))
    monkeypatch.setattr(serialization, "MAX_JSON_LENGTH", bound)
    with pytest.raises(InvalidData, match="longer than"):
        from_json(to_json(record), GameRecord)
    assert from_json_lines(iter(lines)) == record
    # The game's own lines (the head, then its entries) read back to a record that replays.
    game = play(skirmish.RULESET, skirmish.sample_setup("arcane", "bastion"), seed=5)
    assert engine.replay(from_json_lines(lines[: 1 + len(game.entries)])) == engine.replay(game)


def test_a_bad_line_is_refused_at_its_index() -> None:
    """A bad entry is refused at ``$[n]``, n its line from 0 (the head is ``$[0]``), in a
    later batch as in the first, with the path inside the entry."""
    lines = list(to_json_lines(_long()))
    for index in (1, 999, 1000, 1001, 2500):
        entry = json.loads(lines[index])
        entry["faces"] = ["six"]
        bad = [*lines[:index], json.dumps(entry), *lines[index + 1 :]]
        with pytest.raises(InvalidData) as info:
            from_json_lines(bad)
        assert info.value.path.startswith(f"$[{index}].faces"), info.value.path


@pytest.mark.parametrize(
    ("lines", "path", "words"),
    [
        ("one text", "$.lines", "not one text"),
        (b"{}", "$.lines", "not one text"),
        (5, "$.lines", "Iterable"),
        ([], "$", "no lines"),
        (["[]"], "$[0]", "without its entries"),
        (['{"entries": []}'], "$[0]", "without its entries"),
        (["{"], "$[0]", "not valid JSON"),
        ([5], "$[0]", "str | bytes"),
    ],
)
def test_what_is_no_record_of_lines_is_refused(lines: Any, path: str, words: str) -> None:
    """Input that is no list of lines, or whose head is no record's, is refused with
    ``InvalidData`` at its path."""
    with pytest.raises(InvalidData, match=words) as info:
        from_json_lines(lines)
    assert info.value.path == path


def test_a_bad_head_or_entry_line_is_refused() -> None:
    """A head of an unknown format, an entry line that is no JSON, or no object."""
    lines = list(to_json_lines(_long()))[:5]
    head = json.loads(lines[0])
    with pytest.raises(InvalidData) as info:
        from_json_lines([json.dumps({**head, "format": 1}), *lines[1:]])
    assert info.value.path.startswith("$[0]")
    for bad, index in (("nope", 3), ("", 2), ("[1, 2]", 4)):
        changed = [*lines]
        changed[index] = bad
        with pytest.raises(InvalidData) as info:
            from_json_lines(changed)
        assert info.value.path.startswith(f"$[{index}]"), (bad, info.value.path)


def test_only_a_record_has_lines() -> None:
    """``to_json_lines`` writes a record only."""
    with pytest.raises(InvalidData) as info:
        to_json_lines(skirmish.sample_setup("arcane", "bastion"))  # type: ignore[arg-type]
    assert info.value.path == "$.record"
