"""Every palette line, fed to the pinned npm ``bcdice`` package (issue 23).

BCDice's generic dice bot (``DiceBot``) must answer each line of every sample character's
palette, references filled in as the tabletop fills them; and where a line says exactly what
the rules decide (:attr:`PaletteLine.check`), BCDice's verdict on its own dice must be the
library's verdict on the same faces.

BCDice runs under Node from ``tools/bcdice`` (``npm ci`` there installs bcdice 4.9.0 from
its lock file; ``nox -s bcdice`` does it and runs this file); without node or that install
the tests skip and say why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import exports
from tabletop_rules.dice import ScriptedDice
from tabletop_rules.i18n import LOCALES
from tabletop_rules.notation import parse
from tabletop_rules.systems import Registry

TOOLS = Path(__file__).resolve().parents[2] / "tools" / "bcdice"
RUNNER = TOOLS / "oracle.cjs"
#: How many times BCDice rolls each line.
TIMES = 20
REGISTRY = Registry.default()
SYSTEMS = [s for s in REGISTRY if s.piece is not None]


#: ``nox -s bcdice`` sets it: a missing BCDice then fails instead of skipping.
REQUIRED = os.environ.get("TABLETOP_RULES_BCDICE") == "required"


def _node() -> str:
    node = shutil.which("node")
    reason = None
    if node is None:
        reason = "node is not installed: BCDice runs under Node (see tools/bcdice)"
    elif not (TOOLS / "node_modules" / "bcdice" / "package.json").is_file():
        reason = "the bcdice package is not installed: run `npm ci` in tools/bcdice"
    if reason is not None:
        if REQUIRED:
            pytest.fail(f"TABLETOP_RULES_BCDICE=required, but {reason}")
        pytest.skip(reason)
    assert node is not None
    return node


def _bcdice(commands: list[str], times: int = TIMES) -> list[list[dict[str, Any]] | None]:
    """BCDice's answers to each command rolled *times* (``None`` where it reads no command)."""
    requests = "".join(json.dumps({"command": c}) + "\n" for c in commands for _ in range(times))
    done = subprocess.run(
        [_node(), str(RUNNER)],
        input=requests,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()[1:]]  # after the version
    found: list[list[dict[str, Any]] | None] = []
    for index in range(len(commands)):
        rolls: list[dict[str, Any]] = lines[index * times : (index + 1) * times]
        found.append(None if any(roll["text"] is None for roll in rolls) else rolls)
    return found


def _lines(system: str, characters: list[object]) -> list[tuple[str, exports.PaletteLine]]:
    found: list[tuple[str, exports.PaletteLine]] = []
    for character in characters:
        for locale in LOCALES:
            piece = exports.piece_of(character, system=system, locale=locale)
            found += [(exports.resolved(piece, line), line) for line in piece.palette]
    return found


SAMPLE_LINES = [
    (system.name, command, line)
    for system in SYSTEMS
    for command, line in _lines(system.name, list(system.piece.samples()))  # type: ignore[union-attr]
]


@pytest.fixture(scope="module")
def answers() -> list[list[dict[str, Any]] | None]:
    return _bcdice([command for _, command, _ in SAMPLE_LINES])


def test_bcdice_is_the_pinned_version() -> None:
    """The lock file pins bcdice 4.9.0, and that is what npm installed."""
    _node()
    lock = json.loads((TOOLS / "package-lock.json").read_text("utf-8"))
    installed = json.loads((TOOLS / "node_modules" / "bcdice" / "package.json").read_text())
    assert ("4.9.0", "4.9.0") == (
        lock["packages"]["node_modules/bcdice"]["version"],
        installed["version"],
    )


def test_every_sample_line_is_answered(answers: list[list[dict[str, Any]] | None]) -> None:
    """BCDice reads every line of every sample's palette, in every locale, as a command."""
    unanswered = [
        command
        for (_, command, _), found in zip(SAMPLE_LINES, answers, strict=True)
        if found is None
    ]
    assert [] == unanswered


def _library_verdict(system: str, check: str, faces: list[int]) -> bool:
    command = parse(check, system=system)
    assert command is not None
    dice = ScriptedDice(faces)
    result = command.resolve(dice) if hasattr(command, "resolve") else command.roll(dice)  # type: ignore[union-attr]
    verdict: bool = result.success
    return verdict


def test_exact_lines_give_the_rules_verdict(answers: list[list[dict[str, Any]] | None]) -> None:
    """M20-036, BAY-34: where a line is exact, BCDice's success is the library's, die for die."""
    compared = 0
    wrong: list[tuple[str, list[int], bool]] = []
    for (system, command, line), found in zip(SAMPLE_LINES, answers, strict=True):
        if line.check is None or found is None:
            continue
        for roll in found:
            faces = [value for value, _ in roll["rands"]]
            compared += 1
            if _library_verdict(system, line.check, faces) != roll["success"]:
                wrong.append((command, faces, roll["success"]))
    assert [] == wrong
    assert compared > 0


def _characters(system: str) -> st.SearchStrategy[Any]:
    module = REGISTRY.get(system).strategies_module()
    return module.cards() if system == "skirmish" else module.characters()


@pytest.mark.parametrize("system", [s.name for s in SYSTEMS])
def test_random_characters_lines_are_answered(system: str) -> None:
    """Lines of random valid characters are answered too, and the exact ones agree."""
    _node()

    @settings(max_examples=2, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(_characters(system), min_size=8, max_size=8))
    def check(characters: list[object]) -> None:
        lines = _lines(system, characters)
        found = _bcdice([command for command, _ in lines], times=5)
        for (command, line), rolls in zip(lines, found, strict=True):
            assert rolls is not None, command
            if line.check is not None:
                for roll in rolls:
                    faces = [value for value, _ in roll["rands"]]
                    assert roll["success"] == _library_verdict(system, line.check, faces), command

    check()
