"""A backtracking matcher that counts its steps, for tests that check regular expressions.

Python's :mod:`re` backtracks, and says nothing of how much: a pattern that is linear on
every input and one that is cubic on a line of spaces look alike until a player pastes the
line.
This module walks the parse tree :mod:`re` itself builds (``re._parser``), in the order
:mod:`re` tries it (greedy repeats longest first, lazy ones shortest first, branches left to
right, atomic groups and possessive repeats never given back), and counts one step for every
node tried at a position and every character a repeat takes or gives back.
It has none of :mod:`re`'s shortcuts (a literal prefix scan, a look at the next character
before a repeat gives back), so it counts at least the work :mod:`re` does in its worst
case: a pattern whose count grows linearly with the input is linear in :mod:`re` too.

Tests use it two ways:

- :class:`Stepper` counts the steps of one pattern on one text, in each way the library
  calls patterns (``fullmatch``, ``match``, ``finditer``);
- :class:`CountingPattern` stands in for a module's compiled pattern while a whole parser
  runs: each call is counted, and answered by the real pattern, after checking that the
  count's own matcher found the same span (so that the count is the count of what
  :mod:`re` does).

Nothing here measures time: the counts are the same on every machine.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

__all__ = [
    "CountingPattern",
    "Stepper",
    "TooManySteps",
    "classes",
    "example",
    "literal_characters",
    "literal_runs",
]

#: The most steps one count may take before it gives up: far beyond any linear count of the
#: tests' inputs (a scan of a whole 800-entry JSON document, as the small-stack nesting check
#: makes under Pyodide, takes about half a million), reached at once by an exponential pattern.
BUDGET = 5_000_000

Continuation = Callable[[int], "int | None"]
Node = Callable[[int, Continuation], "int | None"]
Predicate = Callable[[str], bool]

#: Characters tried as the one character of a pumped run: a representative of every kind
#: of character the library's patterns tell apart, and of none of them.
CANDIDATES = "a0A9 \t\n\u3000+-−(（)）[]{}:：︰、,，/=@<>≤≥≦#.*\"'あ攻\x00x"


class TooManySteps(Exception):
    """A count went past :data:`BUDGET`: the pattern is far from linear on this text."""


class _Subject:
    """The text being matched and the count so far, shared by a pattern's nodes."""

    __slots__ = ("end", "steps", "text")

    def __init__(self) -> None:
        self.text = ""
        self.end = 0
        self.steps = 0

    def tick(self, count: int = 1) -> None:
        self.steps += count
        if self.steps > BUDGET:
            raise TooManySteps(self.steps)


def _accept(position: int) -> int | None:
    return position


_CATEGORIES: dict[Any, Predicate] = {
    sre.CATEGORY_DIGIT: str.isdecimal,
    sre.CATEGORY_NOT_DIGIT: lambda ch: not ch.isdecimal(),
    sre.CATEGORY_SPACE: str.isspace,
    sre.CATEGORY_NOT_SPACE: lambda ch: not ch.isspace(),
    sre.CATEGORY_WORD: lambda ch: ch.isalnum() or ch == "_",
    sre.CATEGORY_NOT_WORD: lambda ch: not (ch.isalnum() or ch == "_"),
}


def _folded(test: Predicate, ignore_case: bool) -> Predicate:
    if not ignore_case:
        return test
    return lambda ch: test(ch) or test(ch.lower()) or test(ch.upper())


def _set_predicate(items: list[tuple[Any, Any]], ignore_case: bool) -> Predicate:
    negate = bool(items) and items[0][0] is sre.NEGATE
    tests: list[Predicate] = []
    for op, av in items[1:] if negate else items:
        if op is sre.LITERAL:
            tests.append(lambda ch, code=av: ord(ch) == code)
        elif op is sre.RANGE:
            tests.append(lambda ch, low=av[0], high=av[1]: low <= ord(ch) <= high)
        elif op is sre.CATEGORY:
            tests.append(_CATEGORIES[av])
        else:
            raise NotImplementedError(f"set item {op}")
    inside = _folded(lambda ch: any(test(ch) for test in tests), ignore_case)
    return (lambda ch: not inside(ch)) if negate else inside


def _predicate(op: Any, av: Any, flags: int) -> Predicate | None:
    """The test of a node that matches one character, or ``None`` for any other node."""
    ignore_case = bool(flags & re.IGNORECASE)
    if op is sre.LITERAL:
        return _folded(lambda ch: ord(ch) == av, ignore_case)
    if op is sre.NOT_LITERAL:
        inside = _folded(lambda ch: ord(ch) == av, ignore_case)
        return lambda ch: not inside(ch)
    if op is sre.ANY:
        return (lambda _: True) if flags & re.DOTALL else (lambda ch: ch != "\n")
    if op is sre.IN:
        return _set_predicate(av, ignore_case)
    if op is sre.CATEGORY:
        return _CATEGORIES[av]
    return None


def _at(code: Any, subject: _Subject) -> Callable[[int], bool]:
    def word(position: int) -> bool:
        return 0 <= position < subject.end and (
            subject.text[position].isalnum() or subject.text[position] == "_"
        )

    table: dict[Any, Callable[[int], bool]] = {
        sre.AT_BEGINNING: lambda p: p == 0,
        sre.AT_BEGINNING_STRING: lambda p: p == 0,
        sre.AT_END: lambda p: (
            p == subject.end or (p == subject.end - 1 and subject.text[p] == "\n")
        ),
        sre.AT_END_STRING: lambda p: p == subject.end,
        sre.AT_BOUNDARY: lambda p: word(p - 1) != word(p),
        sre.AT_NON_BOUNDARY: lambda p: word(p - 1) == word(p),
    }
    return table[code]


class _Compiler:
    """Turns a parse tree into nodes: ``node(position, then)`` tries the node at *position*
    and, for each way it matches, calls *then* with where it ends, until *then* succeeds."""

    def __init__(self, subject: _Subject) -> None:
        self.subject = subject
        #: Every one-character test of the pattern, for :func:`classes`.
        self.predicates: list[Predicate] = []

    def sequence(self, tree: Any, flags: int) -> Node:
        nodes = [self.node(op, av, flags) for op, av in tree]
        return self._chain(nodes)

    def _chain(self, nodes: list[Node]) -> Node:
        if not nodes:
            return lambda position, then: then(position)
        if len(nodes) == 1:
            return nodes[0]
        first, rest = nodes[0], self._chain(nodes[1:])
        return lambda position, then: first(position, lambda p: rest(p, then))

    def node(self, op: Any, av: Any, flags: int) -> Node:
        subject = self.subject
        test = _predicate(op, av, flags)
        if test is not None:
            self.predicates.append(test)

            def one(position: int, then: Continuation) -> int | None:
                subject.tick()
                if position < subject.end and test(subject.text[position]):
                    return then(position + 1)
                return None

            return one
        if op is sre.SUBPATTERN:
            _group, add, remove, tree = av
            return self.sequence(tree, (flags | add) & ~remove)
        if op is sre.BRANCH:
            alternatives = [self.sequence(tree, flags) for tree in av[1]]

            def branch(position: int, then: Continuation) -> int | None:
                subject.tick()
                for alternative in alternatives:
                    found = alternative(position, then)
                    if found is not None:
                        return found
                return None

            return branch
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            return self.repeat(op, av, flags)
        if op is sre.ATOMIC_GROUP:
            inner = self.sequence(av, flags)

            def atomic(position: int, then: Continuation) -> int | None:
                subject.tick()
                end = inner(position, _accept)
                return None if end is None else then(end)

            return atomic
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            direction, tree = av
            if direction != 1:
                raise NotImplementedError("lookbehind")
            inner = self.sequence(tree, flags)
            wanted = op is sre.ASSERT

            def look(position: int, then: Continuation) -> int | None:
                subject.tick()
                found = inner(position, _accept) is not None
                return then(position) if found == wanted else None

            return look
        if op is sre.AT:
            where = _at(av, subject)

            def at(position: int, then: Continuation) -> int | None:
                subject.tick()
                return then(position) if where(position) else None

            return at
        raise NotImplementedError(f"node {op}")

    def repeat(self, op: Any, av: Any, flags: int) -> Node:
        low, high, tree = av
        single = _predicate(*tree[0], flags) if len(tree) == 1 else None
        if single is not None:
            self.predicates.append(single)
            return self._repeat_one(op, low, high, single)
        return self._repeat(op, low, high, self.sequence(tree, flags))

    def _repeat_one(self, op: Any, low: int, high: int, test: Predicate) -> Node:
        """A repeat of one character: taken in one run, given back one at a time, as re's
        ``REPEAT_ONE`` does."""
        subject = self.subject
        unbounded = high == sre.MAXREPEAT

        def run(position: int) -> int:
            """The longest run of *test* from *position*, each character a step."""
            limit = subject.end if unbounded else min(subject.end, position + high)
            end = position
            text = subject.text
            while end < limit and test(text[end]):
                end += 1
            subject.tick(end - position + 1)
            return end

        if op is sre.MIN_REPEAT:

            def lazy_run(position: int, then: Continuation) -> int | None:
                limit = subject.end if unbounded else min(subject.end, position + high)
                end = position
                for _ in range(low):
                    subject.tick()
                    if end >= limit or not test(subject.text[end]):
                        return None
                    end += 1
                while True:
                    found = then(end)
                    if found is not None:
                        return found
                    subject.tick()
                    if end >= limit or not test(subject.text[end]):
                        return None
                    end += 1

            return lazy_run
        if op is sre.POSSESSIVE_REPEAT:

            def possessive_run(position: int, then: Continuation) -> int | None:
                end = run(position)
                return then(end) if end - position >= low else None

            return possessive_run

        def greedy_run(position: int, then: Continuation) -> int | None:
            end = run(position)
            while end - position >= low:
                found = then(end)
                if found is not None:
                    return found
                subject.tick()
                end -= 1
            return None

        return greedy_run

    def _repeat(self, op: Any, low: int, high: int, item: Node) -> Node:
        """A repeat of a sequence: one call a pass, nested, as re's ``REPEAT`` does."""
        subject = self.subject
        unbounded = high == sre.MAXREPEAT
        if op is sre.POSSESSIVE_REPEAT:

            def possessive(position: int, then: Continuation) -> int | None:
                count = 0
                while unbounded or count < high:
                    subject.tick()
                    end = item(position, _accept)
                    if end is None or end == position:
                        break
                    position, count = end, count + 1
                return then(position) if count >= low else None

            return possessive
        greedy = op is sre.MAX_REPEAT

        def again(position: int, count: int, then: Continuation) -> int | None:
            subject.tick()

            def more(end: int) -> int | None:
                # An iteration that took nothing ends the repeat, as in re.
                if end == position and count >= low:
                    return None
                return again(end, count + 1, then)

            can_more = unbounded or count < high
            if greedy:
                if can_more:
                    found = item(position, more)
                    if found is not None:
                        return found
                return then(position) if count >= low else None
            if count >= low:
                found = then(position)
                if found is not None:
                    return found
            return item(position, more) if can_more else None

        return lambda position, then: again(position, 0, then)


class Stepper:
    """One pattern, ready to count its steps on texts.

    Raises:
        NotImplementedError: The pattern uses what this matcher does not model (a
            backreference, a lookbehind); the test must then check it another way.
    """

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._subject = _Subject()
        compiler = _Compiler(self._subject)
        self._root = compiler.sequence(_parser.parse(pattern.pattern, pattern.flags), pattern.flags)
        self.predicates = tuple(compiler.predicates)
        self._flags = pattern.flags

    @property
    def steps(self) -> int:
        """The steps counted since the stepper was made."""
        return self._subject.steps

    def _prepare(self, text: str, endpos: int | None) -> None:
        self._subject.text = text
        self._subject.end = len(text) if endpos is None else max(0, min(endpos, len(text)))

    def _at(self, position: int, then: Continuation) -> int | None:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 200_000))
        try:
            return self._root(position, then)
        finally:
            sys.setrecursionlimit(limit)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> tuple[int, int] | None:
        """The span ``pattern.match`` finds, counting the steps."""
        self._prepare(text, endpos)
        end = self._at(pos, _accept)
        return None if end is None else (pos, end)

    def fullmatch(
        self, text: str, pos: int = 0, endpos: int | None = None
    ) -> tuple[int, int] | None:
        """The span ``pattern.fullmatch`` finds, counting the steps."""
        self._prepare(text, endpos)
        last = self._subject.end
        end = self._at(pos, lambda p: p if p == last else None)
        return None if end is None else (pos, end)

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> tuple[int, int] | None:
        """The span ``pattern.search`` finds, counting the steps (every start is tried)."""
        self._prepare(text, endpos)
        for start in range(pos, self._subject.end + 1):
            end = self._at(start, _accept)
            if end is not None:
                return (start, end)
        return None

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> list[tuple[int, int]]:
        """The spans ``pattern.finditer`` (and ``findall``, ``split``) find, counting the steps."""
        spans: list[tuple[int, int]] = []
        self._prepare(text, endpos)
        start = pos
        while start <= self._subject.end:
            found = self.search(text, start, endpos)
            if found is None:
                break
            spans.append(found)
            start = found[1] if found[1] > found[0] else found[1] + 1
        return spans


def _span(match: re.Match[str] | None) -> tuple[int, int] | None:
    return None if match is None else match.span()


class CountingPattern:
    """A stand-in for a compiled pattern: every call is counted, then answered by :mod:`re`.

    Each answer is checked against the counting matcher's own, so that a count is never
    the count of another match than the one the library gets.
    """

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.real = pattern
        self.stepper = Stepper(pattern)
        self.pattern = pattern.pattern
        self.flags = pattern.flags
        self.groups = pattern.groups
        self.groupindex = pattern.groupindex
        #: How many times the library called it.
        self.calls = 0

    @property
    def steps(self) -> int:
        """The steps of every call so far."""
        return self.stepper.steps

    def _checked(self, what: str, mine: object, real: object) -> None:
        self.calls += 1
        assert mine == real, f"{self.pattern!r}.{what}: counted {mine}, re found {real}"

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        found = self.real.match(text, pos, endpos)
        self._checked("match", self.stepper.match(text, pos, endpos), _span(found))
        return found

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        found = self.real.fullmatch(text, pos, endpos)
        self._checked("fullmatch", self.stepper.fullmatch(text, pos, endpos), _span(found))
        return found

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        found = self.real.search(text, pos, endpos)
        self._checked("search", self.stepper.search(text, pos, endpos), _span(found))
        return found

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        found = list(self.real.finditer(text, pos, endpos))
        spans = [m.span() for m in found]
        self._checked("finditer", self.stepper.finditer(text, pos, endpos), spans)
        return iter(found)

    def findall(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        self._checked(
            "findall",
            self.stepper.finditer(text, pos, endpos),
            [m.span() for m in self.real.finditer(text, pos, endpos)],
        )
        return self.real.findall(text, pos, endpos)

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        assert maxsplit == 0, "a counted split takes every match"
        self._checked(
            "split", self.stepper.finditer(text), [m.span() for m in self.real.finditer(text)]
        )
        return self.real.split(text)


def classes(stepper: Stepper) -> str:
    """One character of every kind the pattern tells apart (and of none), from
    :data:`CANDIDATES` and the pattern's own literal characters."""
    seen: dict[tuple[bool, ...], str] = {}
    for ch in CANDIDATES + literal_characters(stepper.pattern):
        key = tuple(test(ch) for test in stepper.predicates)
        seen.setdefault(key, ch)
    return "".join(seen.values())


def literal_characters(pattern: re.Pattern[str]) -> str:
    """Every character the pattern names: its literals, and the first of each range."""
    found: list[str] = []

    def walk(tree: Any) -> None:
        for op, av in tree:
            if op in (sre.LITERAL, sre.NOT_LITERAL):
                found.append(chr(av))
            elif op is sre.IN:
                found.extend(chr(v) for o, v in av if o is sre.LITERAL)
                found.extend(chr(v[0]) for o, v in av if o is sre.RANGE)
            elif op is sre.SUBPATTERN:
                walk(av[3])
            elif op is sre.BRANCH:
                for alternative in av[1]:
                    walk(alternative)
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
                walk(av[2])
            elif op is sre.ATOMIC_GROUP:
                walk(av)
            elif op in (sre.ASSERT, sre.ASSERT_NOT):
                walk(av[1])

    walk(_parser.parse(pattern.pattern, pattern.flags))
    return "".join(found)


def example(pattern: re.Pattern[str]) -> str:
    """A short text that walks the whole pattern: the first alternative of each branch, each
    repeat once (or its minimum), each class by a character it takes."""
    stepper = Stepper(pattern)

    def of_class(op: Any, av: Any) -> str:
        test = _predicate(op, av, pattern.flags)
        assert test is not None
        for ch in CANDIDATES + literal_characters(pattern):
            if test(ch):
                return ch
        raise AssertionError(f"no candidate character for {op} {av}")

    def walk(tree: Any) -> str:
        parts: list[str] = []
        for op, av in tree:
            if _predicate(op, av, pattern.flags) is not None:
                parts.append(chr(av) if op is sre.LITERAL else of_class(op, av))
            elif op is sre.SUBPATTERN:
                parts.append(walk(av[3]))
            elif op is sre.BRANCH:
                parts.append(walk(av[1][0]))
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
                parts.append(walk(av[2]) * max(av[0], min(av[1], 1)))
            elif op is sre.ATOMIC_GROUP:
                parts.append(walk(av))
        return "".join(parts)

    text = walk(_parser.parse(pattern.pattern, pattern.flags))
    assert stepper.match(text) is not None, f"{pattern.pattern!r} does not match {text!r}"
    return text


def literal_runs(pattern: re.Pattern[str]) -> list[str]:
    """The runs of literal characters in *pattern* (``B2D6``, ``HELP``, ``>=``) and one
    character of each class it holds: the pieces that move a match along."""
    runs: list[str] = []

    def walk(items: list[Any]) -> None:
        run = ""
        for op, av in items:
            if op is sre.LITERAL:
                run += chr(av)
                continue
            if run:
                runs.append(run)
                run = ""
            if op is sre.IN:
                for item_op, item_av in av:
                    if item_op is sre.LITERAL:
                        runs.append(chr(item_av))
                    elif item_op is sre.RANGE:
                        runs.append(chr(item_av[0]))
                    elif item_op is sre.CATEGORY:
                        runs.append(
                            {"DIGIT": "7", "SPACE": " ", "WORD": "w"}.get(
                                str(item_av).split("_")[-1], "·"
                            )
                        )
            elif op is sre.BRANCH:
                for alternative in av[1]:
                    walk(list(alternative))
            elif op is sre.SUBPATTERN:
                walk(list(av[-1]))
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT, sre.ATOMIC_GROUP):
                walk(list(av[-1]) if op is not sre.ATOMIC_GROUP else list(av))
            elif op in (sre.ASSERT, sre.ASSERT_NOT):
                walk(list(av[1]))
            elif op is sre.ANY:
                runs.append("x")
        if run:
            runs.append(run)

    walk(list(_parser.parse(pattern.pattern, pattern.flags)))
    return sorted(set(runs))
