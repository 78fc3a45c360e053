"""Issue 26, Deliver 2: no parser of the library backtracks its way past linear time.

Each test counts steps and times nothing (``tests/regex_steps.py``):

- every regular expression of the library outside the notation package (whose own are
  checked with it) is found, listed with the way the library calls it, and its steps on
  texts built to attack it (a run of one character, ``N`` and ``4N`` long, at every point of
  a text it matches, with and without a character that makes it fail at the end) grow at
  most four times when the run does;
- every parser of text a player gives (the sheets, card files, the systems' chat commands,
  dice, difficulties, riddles) runs with each of its patterns counted and every line of
  Python it runs counted too, on texts that grow by a repeated piece: the count grows at most
  as the text does.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.resources
import itertools
import json
import pathlib
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_rules
from tabletop_rules import bar2d6, bayside23, engine, m20, notation, skirmish
from tabletop_rules.dice import Dice, Roll
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.i18n import resolve_locale
from tabletop_rules.odds import Distribution
from tabletop_rules.serialization import from_json, to_json

from . import library_modules
from .regex_steps import (
    BUDGET,
    CountingPattern,
    Stepper,
    TooManySteps,
    classes,
    example,
    literal_characters,
)

#: The pumped run is this long, then four times as long.
RUN: Final = 16
#: What a count may gain beyond four times when the run is four times as long: a bounded
#: repeat (``{1,6}``) or an optional part adds a few steps that do not grow with the run.
SLACK: Final = 24

#: A parser's text grows by this many pieces, then four and sixteen times as many.
RUNS: Final = (16, 64, 256)
#: What a parser's count may gain beyond four times: a bounded loop (at most ten problems
#: listed in an error) ends, and costs nothing more.
PARSER_SLACK: Final = 200

#: How the library calls each of its patterns: the modes the linear law is checked in.
#: ``finditer`` stands for every call that tries each start (``search``, ``findall``,
#: ``split``, ``sub``); ``match`` for a call at one start (the m20 sheet calls it at
#: successive ones).
PATTERNS: Final[dict[str, tuple[str, ...]]] = {
    "_arguments._JSON_STRUCTURE": ("finditer",),
    "bar2d6._chat._CHECK": ("fullmatch",),
    "bar2d6._chat._CHECK_READ": ("match",),
    "bar2d6._chat._CONTEST": ("fullmatch",),
    "bar2d6._chat._CONTEST_READ": ("match",),
    "bar2d6._chat._HELPER": ("fullmatch", "finditer"),
    "bar2d6._chat._WORDS": ("finditer",),
    "bar2d6._sheet._EFFECT": ("fullmatch",),
    "bar2d6._sheet._NUMBER": ("fullmatch",),
    "bar2d6._sheet._SEPARATORS": ("finditer",),
    "bayside23._chat._ACTION": ("fullmatch",),
    "bayside23._chat._ACTION_READ": ("match",),
    "bayside23._chat._HIT": ("fullmatch",),
    "bayside23._chat._HIT_READ": ("match",),
    "bayside23._chat._INIT": ("fullmatch",),
    "bayside23._chat._INIT_READ": ("match",),
    "bayside23._checks._DIFFICULTY": ("fullmatch",),
    "bayside23._sheet._LIST": ("finditer",),
    "bayside23._sheet._NUMBER": ("fullmatch",),
    "cli._LEADING_MINUS": ("match",),
    "dice._DICE_TEXT": ("fullmatch",),
    "exports._piece._BREAKS": ("finditer",),
    "exports._piece._COMMAND": ("fullmatch",),
    "exports._piece._NOT_XML": ("finditer",),
    "exports._piece._REFERENCE": ("finditer",),
    "m20._chat._ATTACK": ("fullmatch",),
    "m20._chat._ATTACK_READ": ("match",),
    "m20._chat._CHECK": ("fullmatch",),
    "m20._chat._CHECK_READ": ("match",),
    "m20._sheet._HP": ("fullmatch",),
    "m20._sheet._TOKEN": ("match",),
    "serialization._FRACTION_TEXT": ("fullmatch",),
    "sessionlog._BBCODE_TAG": ("finditer",),
    "sessionlog._MARKDOWN_INLINE": ("finditer",),
    "sessionlog._MARKDOWN_START": ("finditer",),
    "skirmish._chat._CHECK": ("fullmatch",),
    "skirmish._chat._READ": ("match",),
    "skirmish._sheet._WORDS": ("finditer",),
    "tables._common._IDENTIFIER": ("fullmatch",),
    "tables._decks._HKTRPG_ADD": ("match",),
    "tables._decks._HKTRPG_CODE": ("finditer",),
    "tables._decks._HKTRPG_RAN": ("fullmatch",),
    "tables._decks._HKTRPG_RANDOM": ("fullmatch",),
    "tables._decks._IN_MODEL": ("match",),
    "tables._decks._ROLL_TEXT": ("fullmatch",),
    "tables._decks._SPECIAL": ("finditer",),
    "tables._decks._WEIGHT_NUMBER": ("match",),
    "tables._library._DRAW": ("fullmatch",),
    "tables._library._RA": ("fullmatch",),
    "tables._tables._D66_DICE": ("fullmatch",),
    "tables._tables._LINES": ("finditer",),
    "tables._tables._SUM_DICE": ("fullmatch",),
    "vectors._format._CLAUSE": ("fullmatch",),
    "vectors._format._DIE": ("fullmatch",),
    # The prefixes of the systems' chat commands, matched at the start of every message
    # that names a system.
    "bar2d6 chat prefix check": ("match",),
    "bar2d6 chat prefix contest": ("match",),
    "bar2d6 chat prefix helped": ("match",),
    "bayside23 chat prefix action": ("match",),
    "bayside23 chat prefix hit": ("match",),
    "bayside23 chat prefix initiative": ("match",),
    "m20 chat prefix attack": ("match",),
    "m20 chat prefix check": ("match",),
    "skirmish chat prefix check": ("match",),
}

_SOURCE: Final = pathlib.Path(tabletop_rules.__file__).parent
#: The package whose patterns its own tests check (issue 26's notation items).
_NOT_HERE: Final = "tabletop_rules.notation"


@functools.cache
def _modules() -> tuple[Any, ...]:
    """Every module of the library, but the notation's and ``__main__`` ones."""
    return tuple(m for m in library_modules.modules() if not m.__name__.startswith(_NOT_HERE))


def _found() -> dict[str, re.Pattern[str]]:
    """Every compiled pattern of the library: module globals, and chat command prefixes."""
    found: dict[str, re.Pattern[str]] = {}
    for module in _modules():
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                found[f"{module.__name__.removeprefix('tabletop_rules.')}.{name}"] = value
    from tabletop_rules import notation

    for system in ("bar2d6", "bayside23", "m20", "skirmish"):
        for chat in notation.commands(system):
            found[f"{system} chat prefix {chat.name}"] = chat.prefix
    return found


def test_every_pattern_is_listed() -> None:
    """Issue 26, Deliver 2: every regular expression of the library (outside the notation)
    is in :data:`PATTERNS` with the ways it is called, so that none goes unchecked."""
    assert sorted(PATTERNS) == sorted(_found())


#: A call of a function of ``re`` with a pattern written in place: it would escape the
#: listing above (and the counting of whole parsers below), so patterns are compiled once,
#: at module level.
_INLINE = re.compile(r"\bre\.(?:match|fullmatch|search|finditer|findall|split|sub|subn)\(")


def test_no_pattern_is_written_in_a_call() -> None:
    """Issue 26, Deliver 2: every pattern is a module's compiled constant, where the tests
    find it; no ``re.fullmatch(r"...", text)`` in the library (outside the notation)."""
    calls = [
        f"{path.relative_to(_SOURCE)}:{number}"
        for path in sorted(_SOURCE.rglob("*.py"))
        if not str(path.relative_to(_SOURCE)).startswith("notation")
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if _INLINE.search(line)
    ]
    assert [] == calls


def _count(stepper: Stepper, mode: str, text: str) -> tuple[int, bool]:
    """The steps of one call, and whether it found a match."""
    before = stepper.steps
    try:
        found = getattr(stepper, mode)(text)
    except TooManySteps:
        return BUDGET, False
    return stepper.steps - before, bool(found)


def _attacks(pattern: re.Pattern[str]) -> Iterator[tuple[str, str, str]]:
    """(before, run character, after) for a run at every point of a text the pattern takes."""
    base = example(pattern)
    for at in range(len(base) + 1):
        for ch in classes(Stepper(pattern)):
            for end in ("", "\x00"):
                yield base[:at], ch, base[at:] + end


def _superlinear(
    pattern: re.Pattern[str], mode: str, attacks: Iterator[tuple[str, str, str]]
) -> list[str]:
    """The attacks on which *pattern*'s steps grow faster than the run.

    The run is ``RUN``, then 4 and 16 times as long; the law is checked between two lengths
    at which the call comes out alike: a run that passes a bounded repeat (``{1,100}``) turns
    a match into a failure, and a failure gives back the whole bound, once.
    """
    stepper = Stepper(pattern)
    found: list[str] = []
    for before, piece, after in attacks:
        short = _count(stepper, mode, before + piece * RUN + after)
        for run in (4 * RUN, 16 * RUN):
            long = _count(stepper, mode, before + piece * run + after)
            if short[1] == long[1]:
                if long[0] > 4 * short[0] + SLACK:
                    found.append(
                        f"{before!r} + {piece!r} * N + {after!r}: {short[0]} then {long[0]} steps"
                    )
                break
            short = long
    return found


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_every_pattern_is_linear_on_runs(name: str) -> None:
    """Issue 26, Deliver 2 (findings: bar2d6's item line, 60 s for 817 characters): a
    pattern's steps on a run of any one character, at any point of a text it reads, grow as
    the run does, in every way the library calls it."""
    pattern = _found()[name]
    problems = [
        f"{mode}: {problem}"
        for mode in PATTERNS[name]
        for problem in _superlinear(pattern, mode, _attacks(pattern))
    ]
    assert [] == problems[:5]


@pytest.mark.parametrize("name", sorted(PATTERNS))
@settings(max_examples=max(5, settings().max_examples // 10), deadline=None)
@given(data=st.data())
def test_every_pattern_is_linear_on_repeated_pieces(name: str, data: st.DataObject) -> None:
    """Issue 26, Deliver 2: the same law for a repeated piece of two or three characters
    (``+1``, `` (``), drawn from the characters the pattern tells apart, at a random point
    of a text it matches."""
    pattern = _found()[name]
    alphabet = classes(Stepper(pattern))
    letters = st.sampled_from(sorted(set(alphabet + literal_characters(pattern))))
    text = st.from_regex(pattern, fullmatch=True, alphabet=letters)
    base = data.draw(text.map(lambda t: t[:40]))
    at = data.draw(st.integers(0, len(base)))
    piece = data.draw(st.text(st.sampled_from(alphabet), min_size=2, max_size=3))
    end = data.draw(st.sampled_from(("", "\x00", *alphabet)))
    mode = data.draw(st.sampled_from(PATTERNS[name]))
    assert [] == _superlinear(pattern, mode, iter([(base[:at], piece, base[at:] + end)]))


_Parser = Callable[[str], object]


# -- whole parsers ---------------------------------------------------------------------------


@functools.cache
def _counters() -> dict[int, CountingPattern]:
    """A :class:`CountingPattern` for each pattern of :func:`_found`, by the pattern's id."""
    return {id(pattern): CountingPattern(pattern) for pattern in _found().values()}


@contextlib.contextmanager
def _counted_patterns() -> Iterator[list[CountingPattern]]:
    """Every pattern of :func:`_found` replaced by its :class:`CountingPattern` while inside."""
    from tabletop_rules import notation

    counters = _counters()
    restore: list[Callable[[], None]] = []
    for module in _modules():
        for name, value in list(vars(module).items()):
            if isinstance(value, re.Pattern):
                setattr(module, name, counters[id(value)])
                restore.append(functools.partial(setattr, module, name, value))
    for system in ("bar2d6", "bayside23", "m20", "skirmish"):
        for chat in notation.commands(system):
            restore.append(functools.partial(object.__setattr__, chat, "prefix", chat.prefix))
            object.__setattr__(chat, "prefix", counters[id(chat.prefix)])
    try:
        yield list(counters.values())
    finally:
        for undo in reversed(restore):
            undo()


def _steps(parser: _Parser, text: str, patterns: list[CountingPattern]) -> int:
    """The lines of Python *parser* runs on *text*, plus the steps of every pattern it calls.

    The counting matcher's own lines are not counted: its steps are.
    """
    lines = 0
    own = CountingPattern.__init__.__code__.co_filename

    def local(frame: Any, event: str, arg: object) -> Any:
        nonlocal lines
        if event == "line":
            lines += 1
        return local

    def calls(frame: Any, event: str, arg: object) -> Any:
        return None if frame.f_code.co_filename == own else local

    before = sum(p.steps for p in patterns)
    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        parser(text)
    except TabletopRulesError:
        pass
    finally:
        sys.settrace(previous)
    return lines + sum(p.steps for p in patterns) - before


def _chat_parsers() -> Iterator[tuple[str, _Parser, tuple[str, ...]]]:
    from tabletop_rules import notation

    for system in ("bar2d6", "bayside23", "m20", "skirmish"):
        for chat in notation.commands(system):
            yield f"{system} chat {chat.name}: read", chat.read, chat.examples
            yield f"{system} chat {chat.name}: matches", chat.matches, chat.examples


def _cards_json(text: str) -> object:
    return skirmish.load_cards(text, format="json")


_SAMPLE_CARDS: Final = (
    importlib.resources.files("tabletop_rules.skirmish").joinpath("cards", "sample.toml")
).read_text("utf-8")
_CARDS_JSON: Final = skirmish.dump_cards(skirmish.sample_cards().cards, format="json")
_RIDDLE: Final = bayside23.Riddle(question="？", answers=("sun", "太陽"))


#: Every parser of a player's text: its name, the parser, and texts it reads well.
PARSERS: Final[tuple[tuple[str, _Parser, tuple[str, ...]], ...]] = (
    ("m20.parse_sheet", m20.parse_sheet, (m20.EXAMPLE_SHEET,)),
    ("bar2d6.parse_sheet", bar2d6.parse_sheet, (bar2d6.EXAMPLE_SHEET,)),
    ("bayside23.parse_sheet", bayside23.parse_sheet, (bayside23.EXAMPLE_SHEET,)),
    ("skirmish.load_cards", skirmish.load_cards, (_SAMPLE_CARDS.split("[[card]]", 2)[1],)),
    (
        "skirmish.load_cards(json)",
        _cards_json,
        (skirmish.dump_cards(skirmish.sample_cards().cards, format="json"),),
    ),
    *_chat_parsers(),
    ("Dice.parse", Dice.parse, ("2d6", "Ｄ２０")),
    ("m20.DifficultyLevel.parse", m20.DifficultyLevel.parse, ("困難", "Hard")),
    ("bar2d6.DifficultyDice.parse", bar2d6.DifficultyDice.parse, ("困難", "hard", "3")),
    ("bayside23.Riddle.answer", _RIDDLE.answer, ("Ｓｕｎ",)),
    ("bayside23.normalize_answer", bayside23.normalize_answer, ("  ＳＵＮ ",)),
    ("i18n.resolve_locale", resolve_locale, ("zh-Hant-HK", "ja_JP")),
)

#: Pieces that attack a parser: runs of spaces, unclosed brackets, nesting, separators.
ATTACKS: Final = (
    " ",
    "　",
    "(",
    "（",
    ")",
    "[",
    "{",
    "+",
    "1",
    ":",
    "：",
    "、",
    ",",
    "=",
    "\n",
    "a",
)


@pytest.mark.parametrize(("name", "parser", "samples"), PARSERS, ids=[p[0] for p in PARSERS])
@settings(max_examples=max(10, settings().max_examples // 3), deadline=None)
@given(data=st.data())
def test_every_parser_is_linear(
    name: str, parser: _Parser, samples: tuple[str, ...], data: st.DataObject
) -> None:
    """Issue 26, Deliver 1 and 2: a parser's count (its lines of Python, and the steps of
    every pattern it calls) on a text grown by a repeated piece, at any point of a text it
    reads well, grows at most as the text does: a run of spaces, an unclosed bracket,
    nesting, a separator, or a piece of the text itself."""
    sample = data.draw(st.sampled_from(samples), label="sample")
    at = data.draw(st.integers(0, len(sample)), label="at")
    piece = data.draw(
        st.sampled_from(ATTACKS)
        | st.integers(0, len(sample) - 1).flatmap(
            lambda start: st.integers(start + 1, min(len(sample), start + 8)).map(
                lambda end: sample[start:end]
            )
        )
        | st.text(st.sampled_from(ATTACKS), min_size=2, max_size=3),
        label="piece",
    )
    with _counted_patterns() as patterns:
        _steps(parser, sample, patterns)  # the first use of a table or catalog is no growth
        counts = [_steps(parser, sample[:at] + piece * n + sample[at:], patterns) for n in RUNS]
    assert all(long <= 4 * short + PARSER_SLACK for short, long in itertools.pairwise(counts)), (
        f"{name}: {counts} for {RUNS} pieces"
    )


#: Texts built to attack a parser, each ``(before, run, after)``: a run of spaces after an
#: unclosed parenthesis (bar2d6's finding), in either width, nesting, and runs of the marks
#: the parsers read, between a start and an end that make the text fail.
ATTACK_TEXTS: Final = (
    ("x(", " ", "y"),
    ("x（", "　", "y"),
    ("x(", " (", ""),
    ("", "(", ""),
    ("", "[", ""),
    ("", "{", ""),
    ("a", " ", "a"),
    ("+", " ", "x"),
    ("a:", " ", ""),
    ("", "1", ""),
    ("a", "、 ", "a"),
)


@pytest.mark.parametrize(("name", "parser", "samples"), PARSERS, ids=[p[0] for p in PARSERS])
def test_every_parser_is_linear_on_attacks(
    name: str, parser: _Parser, samples: tuple[str, ...]
) -> None:
    """Issue 26, Deliver 1 and 2 (bar2d6's sheet took 60 s on 817 characters of one item
    line of spaces after an unclosed ``(``): each attack of :data:`ATTACK_TEXTS`, as a line
    of its own after a text the parser reads well and in the middle of it, costs a count
    that grows at most as the run does."""
    sample = samples[0]
    problems: list[str] = []
    with _counted_patterns() as patterns:
        _steps(parser, sample, patterns)
        for before, run, after in ATTACK_TEXTS:
            for at, joiner in ((len(sample), "\n"), (len(sample) // 2, "")):
                counts = [
                    _steps(
                        parser,
                        sample[:at] + joiner + before + run * n + after + sample[at:],
                        patterns,
                    )
                    for n in RUNS[:2]
                ]
                if counts[1] > 4 * counts[0] + PARSER_SLACK:
                    problems.append(f"{before!r} + {run!r} * N + {after!r} at {at}: {counts}")
    assert [] == problems


# -- JSON --------------------------------------------------------------------------------------


def _roll(n: int) -> tuple[Any, str]:
    return Roll, json.dumps({"dice": {"count": n, "sides": 6}, "faces": [3] * n})


def _distribution(n: int) -> tuple[Any, str]:
    return Distribution, json.dumps({"counts": [[i, i + 1] for i in range(n)]})


def _system_command(n: int) -> tuple[Any, str]:
    command = notation.parse("SM20+4>=困難 " + "x" * min(n, 150), system="m20")
    document = json.loads(to_json(command))
    document["check"]["terms"] = document["check"]["terms"] * n
    return notation.SystemCommand, json.dumps(document)


@functools.cache
def _played() -> tuple[str, str]:
    from tabletop_rules.simulation import play

    record = play(skirmish.RULESET, skirmish.sample_setup("arcane", "bastion"), seed=5)
    state = engine.fold(skirmish.RULESET, skirmish.RULESET.start(record.setup), record.events)
    return to_json(record), to_json(state)


def _record(n: int) -> tuple[Any, str]:
    document = json.loads(_played()[0])
    entries = document["entries"]
    document["entries"] = (entries * (n // len(entries) + 1))[:n]
    return engine.GameRecord, json.dumps(document)


def _skirmish_state(n: int) -> tuple[Any, str]:
    document = json.loads(_played()[1])
    units = document["units"]
    document["units"] = [{**u, "id": f"{u['id']}-{i}"} for i in range(n) for u in units[:1]]
    document["units"] += units
    return skirmish.CombatState, json.dumps(document)


#: Documents that grow with *n*: each builds the type to read and the text.
JSON_DOCUMENTS: Final[dict[str, Callable[[int], tuple[Any, str]]]] = {
    "a roll of n faces": _roll,
    "a distribution of n counts": _distribution,
    "a system's command of n terms": _system_command,
    "a skirmish record of n entries": _record,
    "a skirmish state of n characters": _skirmish_state,
}


@pytest.mark.parametrize("name", sorted(JSON_DOCUMENTS))
def test_reading_json_is_linear(name: str) -> None:
    """Issue 26, Deliver 7: ``from_json`` (every field checked as it is read, a state checked
    whole) runs a count of Python lines that grows at most as the document does: the steps
    each added character costs, from 200 to 800 items, are at most a quarter more than from 50
    to 200 (a cost growing as the square of the length would cost nearly four times more)."""
    build = JSON_DOCUMENTS[name]
    with _counted_patterns() as patterns:
        cls, text = build(4)
        _steps(lambda t: from_json(t, cls), text, patterns)  # the converter is built once
        sizes: list[tuple[int, int]] = []
        for n in (50, 200, 800):
            cls, text = build(n)
            sizes.append((len(text), _steps(lambda t, cls=cls: from_json(t, cls), text, patterns)))
    (short_length, short), (middle_length, middle), (long_length, long) = sizes
    earlier = (middle - short) / (middle_length - short_length)
    later = (long - middle) / (long_length - middle_length)
    assert later <= 1.25 * earlier, f"{name}: (characters, steps) {sizes}"
