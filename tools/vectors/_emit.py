"""Shared by the vector generators: write cases as TOML and fit their dice to the rules.

A generator lists cases with the faces it means the dice to show; :func:`write_file` plays
each case once with those faces (a missing face is a 10, capped at the die's size), so that
every case scripts exactly the dice the rules roll, with their sizes.  It prints a warning
for a case whose faces did not fit, so that the author can look at it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop_rules.dice import Dice, Roll
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.vectors import read_vectors
from tabletop_rules.vectors._format import ChatInput, CheckInput
from tabletop_rules.vectors._runner import _chat, _check, _combat


@dataclass
class Case:
    """One case's input: the faces meant, and exactly one of chat, check or commands."""

    id: str
    clauses: Sequence[str]
    faces: Sequence[int] = ()
    note: str = ""
    chat: str | None = None
    check: str | None = None
    sheets: Sequence[str] = ()
    args: Mapping[str, object] = field(default_factory=dict)
    setup: str | None = None
    commands: Sequence[str] = ()
    #: The dice as written, kept as they are instead of fitted (a hand-written grouping).
    dice: Sequence[str] | None = None


class _Fit:
    """Dice that show the faces meant, then 10s, and remember every roll."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.rolls: list[tuple[int, int, tuple[int, ...]]] = []
        self.padded = False

    def roll(self, dice: Dice) -> Roll:
        faces: list[int] = []
        for _ in range(dice.count):
            if self.faces:
                face = self.faces.pop(0)
            else:
                face = 10
                self.padded = True
            faces.append(max(1, min(face, dice.sides)))
        self.rolls.append((dice.count, dice.sides, tuple(faces)))
        return Roll(dice, tuple(faces))


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{key} = {_value(item)}" for key, item in value.items()) + " }"
    raise TypeError(value)


def _literal(text: str) -> str:
    assert "'" not in text, text
    assert "\n" not in text, text
    return f"'{text}'"


def _case_lines(case: Case, dice: Sequence[str]) -> list[str]:
    lines = ["[[case]]", f"id = {_value(case.id)}"]
    if case.note:
        lines.append(f"note = {_value(case.note)}")
    lines.append(f"clauses = {_value(list(case.clauses))}")
    lines.append(f"dice = {_value(list(dice))}")
    if case.chat is not None:
        lines.append(f"chat = {_value(case.chat)}")
    elif case.check is not None:
        lines.append(f"check = {_value(case.check)}")
        lines.append(f"sheets = {_value(list(case.sheets))}")
        if case.args:
            lines.append(f"args = {_value(dict(case.args))}")
    else:
        lines.append(f"setup = {_value(case.setup)}")
        lines.append("commands = [")
        lines.extend(f"  {_literal(command)}," for command in case.commands)
        lines.append("]")
    return lines


def _dice_text(count: int, sides: int, faces: tuple[int, ...]) -> str:
    prefix = "" if count == 1 else str(count)
    return f"{prefix}d{sides}:{','.join(map(str, faces))}"


def _head(
    header: str, system: str | None, sheets: Mapping[str, str], setups: Mapping[str, str]
) -> list[str]:
    lines = [header]
    if system:
        lines.append(f'system = "{system}"')
    if sheets:
        lines += ["", "[sheets]"]
        for name, text in sheets.items():
            assert '"""' not in text
            assert "\\" not in text
            lines.append(f'{name} = """\n{text.strip()}\n"""')
    if setups:
        lines += ["", "[setups]"]
        for name, text in setups.items():
            assert "'''" not in text
            lines.append(f"{name} = '''{text}'''")
    return lines


def _fit(case: Any, meant: Case) -> list[str]:
    dice = _Fit(meant.faces)
    given = case.input
    try:
        if isinstance(given, ChatInput):
            _chat(case, given.text, dice)
        elif isinstance(given, CheckInput):
            _check(case, given, dice)
        else:
            _combat(case, given, dice)
    except TabletopRulesError:
        pass  # a refusal is a result; the dice rolled before it still count
    if dice.padded or dice.faces:
        print(
            f"warning: {meant.id}: meant {list(meant.faces)}, rolled {dice.rolls}",
            file=sys.stderr,
        )
    return [_dice_text(*roll) for roll in dice.rolls]


def write_file(
    path: Path,
    header: str,
    cases: Sequence[Case],
    *,
    system: str | None = None,
    sheets: Mapping[str, str] | None = None,
    setups: Mapping[str, str] | None = None,
) -> None:
    """Write *cases* (inputs only, dice fitted) to *path*; record them afterwards."""
    ids = [case.id for case in cases]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, duplicates
    head = _head(header, system, sheets or {}, setups or {})
    draft = head + [line for case in cases for line in ["", *_case_lines(case, [])]]
    parsed = read_vectors("\n".join(draft) + "\n", path.name)
    lines = list(head)
    for found, meant in zip(parsed.cases, cases, strict=True):
        dice = list(meant.dice) if meant.dice is not None else _fit(found, meant)
        lines += ["", *_case_lines(meant, dice)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{path}: {len(cases)} cases")
