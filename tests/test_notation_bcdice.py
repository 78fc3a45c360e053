"""BCDice as the oracle of the common dice language (issue 22, item 3).

BCDice 3.16.1 (the npm ``bcdice`` package 4.9.0, pinned by ``tools/bcdice/package-lock.json``)
runs in Node through ``tools/bcdice/oracle.cjs``; its randomizer is fed the faces the library
rolled, as BCDice's own tests feed it.
For generated commands of the vocabulary the two share, and for BCDice's own test vectors of
its generic dice bot, the two must agree on the text, the total, the success and failure
flags, the secret flag and the dice rolled; every difference the library keeps is listed in
``docs/notation.md`` ("Differences from BCDice") and named here by its tag.

``nox -s bcdice`` installs the oracle (``npm ci``) and runs this file with
``TABLETOP_RULES_BCDICE=required``: a missing oracle then fails.
Elsewhere (the plain ``tests`` session) the file is skipped, with the reason, when Node or the
installed package is missing.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.errors import InvalidNotation
from tabletop_rules.notation import (
    CHAIN_DEPTH,
    CheckRoll,
    Command,
    CountResult,
    ExpressionResult,
    Repeat,
    RepeatResult,
    RerollResult,
    Result,
    RolledPart,
    UpperResult,
    parse,
)
from tabletop_rules.testing import strategies as ts

ORACLE_DIR = Path(__file__).resolve().parents[1] / "tools" / "bcdice"
INSTALLED = ORACLE_DIR / "node_modules" / "bcdice" / "package.json"
#: BCDice's own test vectors, shipped in the npm package.
BCDICE_VECTORS = ORACLE_DIR / "node_modules" / "bcdice" / "lib" / "bcdice" / "test_data.json"
REQUIRED = os.environ.get("TABLETOP_RULES_BCDICE") == "required"


def _missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed (nox -s bcdice installs BCDice and runs this file)"
    if not INSTALLED.exists():
        return f"BCDice is not installed in {ORACLE_DIR} (run `npm ci` there, or nox -s bcdice)"
    return None


_REASON = _missing()
if _REASON is not None and REQUIRED:
    raise RuntimeError(f"TABLETOP_RULES_BCDICE=required, but {_REASON}")
pytestmark = pytest.mark.skipif(_REASON is not None, reason=_REASON or "")


class Oracle:
    """One Node process running BCDice, asked one command at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["node", str(ORACLE_DIR / "oracle.cjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.version = self._read()["version"]

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the BCDice oracle stopped")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    def ask(self, command: str, faces: list[int]) -> dict[str, Any]:
        """BCDice's answer to *command* with its dice showing *faces*, in order."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"command": command, "faces": faces}) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()


@functools.cache
def oracle() -> Oracle:
    made = Oracle()
    assert made.version == "3.16.1", "tools/bcdice/package-lock.json pins BCDice 3.16.1"
    return made


@pytest.fixture(scope="module", autouse=True)
def _stop_the_oracle() -> Iterator[None]:
    yield
    if oracle.cache_info().currsize:
        oracle().close()
        oracle.cache_clear()


class RecordingDice:
    """Seeded dice that remember each die's sides and face, in the order rolled."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededDice(seed)
        self.sides: list[int] = []
        self.faces: list[int] = []

    def roll(self, dice: Dice) -> Roll:
        roll = self.inner.roll(dice)
        self.sides.extend([dice.sides] * dice.count)
        self.faces.extend(roll.faces)
        return roll


# -- the library's result read as BCDice shows it ------------------------------------------


def _keep_texts(rolled: RolledPart) -> Iterator[tuple[str, str]]:
    """Each kept term's text as the library shows it, and as BCDice does (difference: keep)."""
    if rolled.group is not None:
        for inner in rolled.group.parts:
            yield from _keep_texts(inner)
    if rolled.part.keep is not None and rolled.roll is not None:
        value, ours = rolled._atom()  # pyright: ignore[reportPrivateUsage]
        yield ours, f"{value}[{','.join(map(str, sorted(rolled.roll.faces)))}]"
    for step in rolled.steps:
        yield from _keep_texts(step)


def _sums_of(result: object) -> Iterator[ExpressionResult]:
    if isinstance(result, ExpressionResult):
        yield result
    elif isinstance(result, CheckRoll):
        yield result.left
        yield result.right


def bcdice_line(result: object) -> str:
    """The library's Japanese line of a single result, with the listed differences undone:
    kept dice sorted without marks (keep), no natural flag (natural)."""
    line: str = result.line("ja")  # type: ignore[attr-defined]
    natural = getattr(result, "natural", None)
    if natural is not None:
        line = line.removesuffix(f"（出目 {natural}）")
    for expression in _sums_of(result):
        for rolled in expression.parts:
            for ours, theirs in _keep_texts(rolled):
                line = line.replace(ours, theirs, 1)
    return line


def bcdice_text(result: Result) -> str:
    """The whole text as BCDice shows it: repeats without the successes line (successes)."""
    if isinstance(result, RepeatResult):
        return "\n\n".join(
            f"#{index}\n{bcdice_line(single)}" for index, single in enumerate(result.results, 1)
        )
    return bcdice_line(result)


def capped(result: Result) -> bool:
    """Whether a chain of the roll reached CHAIN_DEPTH, where BCDice would roll on (cap)."""
    results = result.results if isinstance(result, RepeatResult) else (result,)
    for single in results:
        if isinstance(single, RerollResult) and _reroll_capped(single):
            return True
        if isinstance(single, UpperResult) and any(
            len(roll.faces) == CHAIN_DEPTH + 1 and roll.faces[-1] >= single.command.upper_at
            for roll in single.chains
        ):
            return True
    return False


def _reroll_capped(result: RerollResult) -> bool:
    # Whether a batch at the deepest depth holds a die BCDice would roll again.
    depths = [0] * len(result.command.dice)
    for at, batch in enumerate(result.batches):
        again = sum(1 for face in batch.faces if result.command.rerolls(face))
        if again and depths[at] == CHAIN_DEPTH:
            return True
        if again:
            depths.append(depths[at] + 1)
    return False


_TOTAL = re.compile(r"(-?\d+)$")
_NEGATIVE_ZERO = re.compile(r"(?<![\d.])-0\.0(?!\d)")
_SUCCESSES = re.compile(r"成功数(\d+)$")
_HIGHEST = re.compile(r"(-?\d+)/(-?\d+)\(最大/合計\)$")


def bcdice_total(text: str) -> int | None:
    """The total BCDice's text ends with: a sum, a check's total, a count of successes."""
    last = text.rsplit("\n", maxsplit=1)[-1]
    pieces = last.split(" ＞ ")
    for pattern, piece in ((_SUCCESSES, pieces[-1]), (_HIGHEST, pieces[-1])):
        found = pattern.search(piece)
        if found is not None:
            return int(found[found.lastindex or 1])
    for piece in reversed(pieces):
        found = _TOTAL.search(piece)
        if found is not None and piece.lstrip("-").isdigit():
            return int(found[1])
    return None


def our_total(result: Result) -> int | None:
    """The total the last line shows, as the library gives it (``None`` when BCDice shows
    none: faces alone, a tally, a choice)."""
    single = result.results[-1] if isinstance(result, RepeatResult) else result
    if isinstance(single, CountResult) and single.command.relation is None:
        return None
    total = getattr(single, "total", None)
    return total if isinstance(total, int) else None


# -- the shared vocabulary -------------------------------------------------------------------


def _shared(command: Command) -> bool:
    """Whether BCDice reads *command* as the library does: no explosions, no face rerolls,
    no opposed checks, no minus before a term that divides (sign)."""
    single: Any = command.command if isinstance(command, Repeat) else command
    sums = [single] if hasattr(single, "parts") else []
    if hasattr(single, "left"):
        if single.right.constant is None or single.left.constant is not None:
            return False
        sums = [single.left]
    while sums:
        expression = sums.pop()
        for index, part in enumerate(expression.parts):
            if part.explode or part.reroll is not None:
                return False
            if index == 0 and part.sign < 0 and any(step.op == "/" for step in part.steps):
                return False
            atoms = [part, *(step.operand for step in part.steps)]
            for atom in atoms:
                if atom.explode or atom.reroll is not None:
                    return False
                if atom.group is not None:
                    sums.append(atom.group)
    return True


shared_commands = ts.notation_commands(max_dice=4, max_terms=3).filter(_shared)


def _compare(text: str, seed: int) -> None:
    command = parse(text)
    assert command is not None, text
    dice = RecordingDice(seed)
    result = command.roll(dice)
    if capped(result):
        return  # a chain at CHAIN_DEPTH: BCDice rolls on (difference: cap)
    answer = oracle().ask(text, dice.faces)
    # BCDice's JavaScript build prints a negated 0 as -0.0, where Ruby's BCDice prints 0.
    answer["text"] = _NEGATIVE_ZERO.sub("0", answer["text"] or "")
    expected = bcdice_text(result)
    assert (expected, command.secret, dice.sides) == (
        answer["text"],
        answer.get("secret"),
        answer["asked"],
    ), text
    single = result.results[-1] if isinstance(result, RepeatResult) else result
    success = isinstance(single, CheckRoll) and single.success
    failure = isinstance(single, CheckRoll) and not single.success
    if not isinstance(result, RepeatResult):
        assert (success, failure) == (answer["success"], answer["failure"]), text
    total = our_total(result)
    if total is not None:
        assert total == bcdice_total(answer["text"]), text


@settings(max_examples=400, suppress_health_check=[HealthCheck.filter_too_much])
@given(shared_commands, st.integers(0, 2**32))
def test_generated_commands_agree_with_bcdice(command: Command, seed: int) -> None:
    """A generated command of the shared vocabulary, rolled by the library and by BCDice with
    the same faces, gives the same text, total, flags, secret mark and dice."""
    _compare(str(command), seed)


@settings(max_examples=200, suppress_health_check=[HealthCheck.filter_too_much])
@given(ts.notation_texts(shared_commands), st.integers(0, 2**32))
def test_spellings_agree_with_bcdice(pair: tuple[str, Command], seed: int) -> None:
    """Any spelling of a shared command that BCDice reads (ASCII, in any case) agrees too."""
    text, _ = pair
    text = text.strip()
    if any("\uff01" <= character <= "\uff5e" or character == "\u3000" for character in text):
        return  # full width: BCDice does not read it (difference: full width)
    _compare(text, seed)


# -- BCDice's own vectors of its generic dice bot ------------------------------------------

#: BCDice's test vectors (test/data/*.toml of its generic dice bot, DiceBot) the library
#: answers differently, each with the tag of the difference in docs/notation.md.
DIFFERENT: dict[str, str] = {
    "1D6/0": "zero",
    "1D6/3x": "silent",
    "2R6": "message",
    "2R6<=7 無限に振り足ししてしまう": "message",
    "5D10KH0 取る数が0の場合でも動く": "keep-count",
    "5D10KH7 取る数が多すぎても動く": "keep-count",
    "2D6> 目標値が空": "silent",
    "2D6>?a 不正な目標値": "silent",
    "2D6>12?a 不正な目標値": "silent",
    "choice[A,B,C,D) 終端記号が違う": "silent",
    "choice[A,B,C,D 終端記号がない": "silent",
    "choice(A,B,C,D] 終端記号が違う": "silent",
    "choice(A,B,C,D 終端記号がない": "silent",
    "choice[] 要素数ゼロ": "silent",
    "choice[, ,,  ,, ,] 要素数ゼロ": "silent",
    "choice0[abc,def] 0個とる": "silent",
    "choice3[abc,def] とる数が多い": "silent",
    "choice[F-A] 大小関係が逆": "silent",
    "choice[g-c] 大小関係が逆": "silent",
    "choice[10-3] 大小関係が逆": "silent",
    "choice[a-zz] 複数文字では省略にならない": "silent",
    "choice3[1-1000]": "message",
    "repeat100 C1": "limits",
    "rep0 1D6": "message",
    "rep101 1D6": "message",
    "rep2 ほげ": "message",
    "x100 rep100 10D100": "message",
    "1D10000": "limits",
    "1D10001": "limits",
    "4U6[6]+11>=21@4 角カッコと@の両指定はパースエラー": "silent",
    "4U6+2U4+11>=21 条件未指定": "message",
    "4U6+2U4[1]+14-3>=21 条件指定ミス": "message",
    "4U6+2U4+11>=21@1 条件指定ミス": "message",
    "4U6==21 比較演算子の確認": "message",
    "4U6<>21 比較演算子の確認": "message",
    "0TY4 個数0はエラー": "silent",
    "(2-3)TY4 個数がマイナスはエラー": "silent",
    "2TY0 面数0はエラー": "silent",
    "2TY(0-1) 面数がマイナスはエラー": "silent",
    "2TY21 面数21以上はエラー": "message",
    "0TZ4 個数0はエラー": "silent",
    "(2-3)TZ4 個数がマイナスはエラー": "silent",
    "2TZ0 面数0はエラー": "silent",
    "2TZ(0-1) 面数がマイナスはエラー": "silent",
    "2TZ21 面数21以上はエラー": "message",
    "2d6もけけ": "silent",
    "500d6": "limits",
    "201D": "limits",
    "1D6*1D6+2": "dice-times-dice",
    "C(1/0) 0で割る": "message",
    "C(1+(2-3*4/(5/6))-7) 遠回しに0で割る": "message",
}


def _bcdice_vectors() -> list[dict[str, Any]]:
    if not BCDICE_VECTORS.exists():
        return []
    found: list[dict[str, Any]] = []
    for suite in json.loads(BCDICE_VECTORS.read_text(encoding="utf-8")).values():
        found.extend(case for case in suite["test"] if case.get("game_system") == "DiceBot")
    return found


def _case_id(case: dict[str, Any]) -> str:
    return str(case["input"]).split(" ")[0][:40]


@pytest.mark.parametrize("case", _bcdice_vectors(), ids=_case_id)
def test_bcdice_own_vectors(case: dict[str, Any]) -> None:
    """Each of BCDice's vectors of its generic dice bot is answered alike, with its faces, or
    differs in a way docs/notation.md lists: the library refuses with a message where BCDice
    answers with one or is silent, or a limit or listed reading differs."""
    text: str = case["input"]
    expected: str = case.get("output", "")
    faces = [rand["value"] for rand in case.get("rands", [])]
    difference = DIFFERENT.get(text)
    try:
        command = parse(text)
    except InvalidNotation:
        assert difference is not None, f"{text!r} is refused, BCDice answers {expected!r}"
        return
    if command is None:
        assert (expected, difference) == ("", None), f"{text!r} is read as chat"
        return
    assert difference is None, f"{text!r} is listed as a difference ({difference}), yet agrees"
    result = command.roll(ScriptedDice(faces))
    assert (expected, bool(case.get("secret"))) == (bcdice_text(result), command.secret)


def test_bcdice_commands_the_library_reads_as_chat() -> None:
    """The report of BCDice commands the library reads as chat: exactly those listed, each
    with its reason (docs/notation.md, difference "chat")."""
    candidates = [str(case["input"]) for case in _bcdice_vectors()] + list(READ_AS_CHAT)
    candidates += [
        "2D6 attack",
        "2D6 + 3",
        "1D100<=50 技能",
        "choice is hard",
        "choice 攻撃 防御",
        "CHOICE[a,b]",
        "C3 hello",
        "x3 hello",
        "sx3 1d6",
        "x3 2d6>=7 回避",
        "S2D6",
        "2D6>=7 hit",
        "d66 table",
        "D66S",
        "2D66",
        "4D6KH3",
        "6TY6",
        "3U6[6]",
        "2R6[3]",
        "C(1+2)",
        "BCDiceVersion",
    ]
    chat: dict[str, str] = {}
    for text in candidates:
        answer = oracle().ask(text, [1] * 200)
        if not answer["text"] and "raised" not in answer:
            continue
        try:
            read = parse(text)
        except InvalidNotation:
            continue
        if read is None:
            chat[text] = answer["text"]
    print("\nBCDice commands the library reads as chat:")
    for text, answer in chat.items():
        print(f"  {text!r}: BCDice answers {answer!r} — {READ_AS_CHAT.get(text, 'NOT LISTED')}")
    assert set(READ_AS_CHAT) == set(chat)


#: BCDice commands the library reads as chat, with the reason (docs/notation.md).
READ_AS_CHAT: dict[str, str] = {
    "3d printing is fun": "dice without sides, then a space and a word: chat people write",
    "5d 攻撃": "dice without sides, then a space and a word: chat people write",
    "BCDiceVersion": "BCDice's own version: the library is not BCDice",
}
