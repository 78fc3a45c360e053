"""Count the steps a backtracking matcher takes on a regular expression (issue 26, Deliver 2).

Python's ``re`` backtracks; it says nothing about the work it does.
:class:`StepCounter` reads the same pattern (``re._parser``'s tree) and matches it with a
plain backtracking matcher that tries the alternatives in the order ``re`` does, counting one
step for each node it tries: a pattern whose steps grow faster than its input would stall
``re`` the same way, so a test can check growth by counting, never by timing.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from re import _constants as sre_constants  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

_C: Any = sre_constants
_CATEGORIES = {
    _C.CATEGORY_DIGIT: re.compile(r"\d"),
    _C.CATEGORY_NOT_DIGIT: re.compile(r"\D"),
    _C.CATEGORY_SPACE: re.compile(r"\s"),
    _C.CATEGORY_NOT_SPACE: re.compile(r"\S"),
    _C.CATEGORY_WORD: re.compile(r"\w"),
    _C.CATEGORY_NOT_WORD: re.compile(r"\W"),
}


class TooManySteps(Exception):
    """The matcher went over its budget of steps."""


class StepCounter:
    """A backtracking matcher of one compiled pattern that counts its steps."""

    def __init__(self, pattern: re.Pattern[str], budget: int = 2_000_000) -> None:
        self.pattern = pattern
        self.tree = list(sre_parse.parse(pattern.pattern, pattern.flags))
        self.folded = bool(pattern.flags & re.IGNORECASE)
        self.dotall = bool(pattern.flags & re.DOTALL)
        self.budget = budget
        self.steps = 0

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise TooManySteps(self.pattern.pattern)

    def _same(self, character: str, code: int) -> bool:
        if self.folded:
            return character.lower() == chr(code).lower()
        return ord(character) == code

    def _in(self, items: list[tuple[Any, Any]], character: str) -> bool:
        negate = False
        found = False
        candidates = (
            {character, character.lower(), character.upper()} if self.folded else {character}
        )
        for op, av in items:
            if op is _C.NEGATE:
                negate = True
            elif op is _C.LITERAL:
                found = found or any(ord(c) == av for c in candidates)
            elif op is _C.RANGE:
                low, high = av
                found = found or any(low <= ord(c) <= high for c in candidates)
            elif op is _C.CATEGORY:
                found = found or bool(_CATEGORIES[av].match(character))
            else:  # pragma: no cover - a set item the library's patterns do not use
                raise NotImplementedError(f"set item {op}")
        return found != negate

    def _sequence(self, items: list[Any], index: int, text: str, at: int) -> Iterator[int]:
        if index == len(items):
            yield at
            return
        op, av = items[index]
        for end in self._node(op, av, text, at):
            yield from self._sequence(items, index + 1, text, end)

    def _node(self, op: Any, av: Any, text: str, at: int) -> Iterator[int]:
        self._tick()
        inside = at < len(text)
        if op is _C.LITERAL:
            if inside and self._same(text[at], av):
                yield at + 1
        elif op is _C.NOT_LITERAL:
            if inside and not self._same(text[at], av):
                yield at + 1
        elif op is _C.ANY:
            if inside and (self.dotall or text[at] != "\n"):
                yield at + 1
        elif op is _C.IN:
            if inside and self._in(av, text[at]):
                yield at + 1
        elif op is _C.BRANCH:
            for alternative in av[1]:
                yield from self._sequence(list(alternative), 0, text, at)
        elif op is _C.SUBPATTERN:
            yield from self._sequence(list(av[-1]), 0, text, at)
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT):
            yield from self._repeat(op, av, text, at)
        elif op is _C.ATOMIC_GROUP:
            first = next(self._sequence(list(av), 0, text, at), None)
            if first is not None:
                yield first
        elif op is _C.AT:
            if self._at(av, text, at):
                yield at
        elif op in (_C.ASSERT, _C.ASSERT_NOT):
            direction, item = av
            if direction != 1:  # pragma: no cover - no lookbehind in the library's patterns
                raise NotImplementedError("lookbehind")
            holds = next(self._sequence(list(item), 0, text, at), None) is not None
            if holds == (op is _C.ASSERT):
                yield at
        else:  # pragma: no cover - an opcode the library's patterns do not use
            raise NotImplementedError(f"opcode {op}")

    def _at(self, where: Any, text: str, at: int) -> bool:
        if where in (_C.AT_BEGINNING, _C.AT_BEGINNING_STRING):
            return at == 0
        if where is _C.AT_END:
            return at == len(text) or (at == len(text) - 1 and text[at] == "\n")
        if where is _C.AT_END_STRING:
            return at == len(text)
        word = re.compile(r"\w")
        before = at > 0 and bool(word.match(text[at - 1]))
        after = at < len(text) and bool(word.match(text[at]))
        if where is _C.AT_BOUNDARY:
            return before != after
        if where is _C.AT_NON_BOUNDARY:
            return before == after
        raise NotImplementedError(f"anchor {where}")  # pragma: no cover

    def _repeat(self, op: Any, av: Any, text: str, at: int) -> Iterator[int]:
        low, high, repeated = av
        item = list(repeated)
        top = sys.maxsize if high == _C.MAXREPEAT else high

        def greedy(at: int, count: int) -> Iterator[int]:
            self._tick()
            if count < top:
                for end in self._sequence(item, 0, text, at):
                    if end != at:  # an empty pass ends the repeat, as re's does
                        yield from greedy(end, count + 1)
            if count >= low:
                yield at

        def lazy(at: int, count: int) -> Iterator[int]:
            self._tick()
            if count >= low:
                yield at
            if count < top:
                for end in self._sequence(item, 0, text, at):
                    if end != at:
                        yield from lazy(end, count + 1)

        if op is _C.MIN_REPEAT:
            yield from lazy(at, 0)
        elif op is _C.POSSESSIVE_REPEAT:
            first = next(greedy(at, 0), None)
            if first is not None:
                yield first
        else:
            yield from greedy(at, 0)

    def count(self, text: str) -> int:
        """The steps of ``re.findall`` over *text*: a match tried at each start, in turn."""
        self.steps = 0
        start = 0
        while start <= len(text):
            end = next(self._sequence(self.tree, 0, text, start), None)
            start = end if end is not None and end > start else start + 1
        return self.steps


def literal_runs(pattern: re.Pattern[str]) -> list[str]:
    """The runs of literal characters in *pattern* (``B2D6``, ``HELP``, ``>=``) and one
    character of each class it holds: the pieces that move a match along."""
    runs: list[str] = []

    def walk(items: list[Any]) -> None:
        run = ""
        for op, av in items:
            if op is _C.LITERAL:
                run += chr(av)
                continue
            if run:
                runs.append(run)
                run = ""
            if op is _C.IN:
                for item_op, item_av in av:
                    if item_op is _C.LITERAL:
                        runs.append(chr(item_av))
                    elif item_op is _C.RANGE:
                        runs.append(chr(item_av[0]))
                    elif item_op is _C.CATEGORY:
                        runs.append(
                            {"DIGIT": "7", "SPACE": " ", "WORD": "w"}.get(
                                str(item_av).split("_")[-1], "·"
                            )
                        )
            elif op is _C.BRANCH:
                for alternative in av[1]:
                    walk(list(alternative))
            elif op is _C.SUBPATTERN:
                walk(list(av[-1]))
            elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT, _C.ATOMIC_GROUP):
                walk(list(av[-1]) if op is not _C.ATOMIC_GROUP else list(av))
            elif op in (_C.ASSERT, _C.ASSERT_NOT):
                walk(list(av[1]))
            elif op is _C.ANY:
                runs.append("x")
        if run:
            runs.append(run)

    walk(list(sre_parse.parse(pattern.pattern, pattern.flags)))
    return sorted(set(runs))
