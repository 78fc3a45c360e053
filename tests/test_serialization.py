"""JSON for every public value (DESIGN.md "Core contracts: Serialization")."""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import (
    CheckResult,
    Comparison,
    Dice,
    Difficulty,
    Distribution,
    InvalidData,
    Opposition,
    Outcome,
    Roll,
    ScriptedDice,
    Term,
    from_json,
    make_converter,
    notation,
    serialization,
    to_json,
)
from tabletop_rules.engine import GameResult, Pass, PromptFrame, PromptStack
from tabletop_rules.i18n import LOCALES
from tabletop_rules.serialization import (
    MAX_COUNT_DIGITS,
    MAX_INTEGER,
    MAX_JSON_LENGTH,
    structure,
)
from tabletop_rules.testing import strategies as ts

# -- strategies for the engine's plain values ------------------------------------------------

_names = st.text(min_size=1, max_size=8)
game_results = st.builds(GameResult, winners=st.lists(_names, max_size=3).map(tuple), reason=_names)
passes = st.builds(Pass, actor=_names)
prompt_frames = st.builds(
    PromptFrame[str], responder=_names, answers=st.frozensets(_names, max_size=3), pending=_names
)
prompt_stacks = st.lists(prompt_frames, max_size=3).map(lambda fs: PromptStack[str](tuple(fs)))

# Every public value type, with a strategy for its values and the type to read it back as.
VALUES: dict[str, tuple[st.SearchStrategy[Any], Any]] = {
    "Dice": (ts.dice(), Dice),
    "Roll": (ts.rolls(), Roll),
    "Term": (ts.terms(), Term),
    "Difficulty": (ts.difficulties(), Difficulty),
    "Opposition": (ts.oppositions(), Opposition),
    "CheckResult": (ts.check_results(), CheckResult),
    "Distribution": (ts.distributions(), Distribution),
    "Outcome": (st.sampled_from(Outcome), Outcome),
    "Comparison": (st.sampled_from(Comparison), Comparison),
    "GameResult": (game_results, GameResult),
    "Pass": (passes, Pass),
    "PromptFrame": (prompt_frames, PromptFrame[str]),
    "PromptStack": (prompt_stacks, PromptStack[str]),
}
NAMES = sorted(VALUES)


def _is_instance(value: object, cls: Any) -> bool:
    return isinstance(value, typing.get_origin(cls) or cls)


# -- round trips ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_every_public_value_round_trips(name: str, data: st.DataObject) -> None:
    """``from_json(to_json(x), type(x)) == x`` for every public value type."""
    strategy, cls = VALUES[name]
    value = data.draw(strategy)
    assert value == from_json(to_json(value), cls)


@given(ts.check_results())
def test_check_results_round_trip_as_their_own_type(result: CheckResult) -> None:
    """A check result comes back with ``type(result)``, its union field included."""
    assert result == from_json(to_json(result), type(result))


def test_roll_json_is_compact_and_exact() -> None:
    """A roll is written as its dice and its faces, compactly."""
    assert '{"dice":{"count":2,"sides":6},"faces":[3,4]}' == to_json(Roll(Dice(2, 6), (3, 4)))


def test_json_keeps_non_ascii_text() -> None:
    """Labels in CJK are written as they are, not escaped."""
    assert '{"label":"身理","value":3}' == to_json(Term("身理", 3))


def test_enums_are_written_by_value() -> None:
    """Outcome and Comparison are written as their values."""
    assert ['"critical"', '">="'] == [to_json(Outcome.CRITICAL), to_json(Comparison.AT_LEAST)]


def test_distribution_json_lists_outcomes_with_ways() -> None:
    """A distribution is written as [outcome, ways] pairs."""
    assert '{"counts":[[2,1],[3,2],[4,1]]}' == to_json(Distribution.of(Dice(2, 2)))


@pytest.mark.parametrize(
    ("against", "tag"),
    [(Difficulty(16), "Difficulty"), (Opposition(rolls=(Roll(Dice(1, 20), (9,)),)), "Opposition")],
)
def test_union_field_carries_its_type_tag(against: Difficulty | Opposition, tag: str) -> None:
    """``CheckResult.against`` is written with a ``type`` field naming its class."""
    result = CheckResult.judged(rolls=[Roll(Dice(1, 20), (14,))], against=against)
    assert tag == json.loads(to_json(result))["against"]["type"]


def test_union_field_without_its_tag_is_refused() -> None:
    """An ``against`` object without ``type`` raises InvalidData at ``$.against``."""
    result = CheckResult.judged(rolls=[Roll(Dice(1, 20), (14,))], against=Difficulty(16))
    document = json.loads(to_json(result))
    del document["against"]["type"]
    with pytest.raises(InvalidData) as info:
        from_json(json.dumps(document), CheckResult)
    assert "$.against" == info.value.path


# -- paths of bad fields ---------------------------------------------------------------------------

_CHECK = CheckResult.judged(
    rolls=[Roll(Dice(2, 6), (1, 2))], terms=[Term("a", 3)], against=Difficulty(16, "hard")
)


def _bad_check(mutate: Any) -> str:
    document = json.loads(to_json(_CHECK))
    mutate(document)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("text", "cls", "path"),
    [
        ('{"dice":{"count":2,"sides":6},"faces":"ab"}', Roll, "$.faces"),
        ('{"dice":{"count":"2","sides":6},"faces":[1,2]}', Roll, "$.dice.count"),
        ('{"dice":{"count":2,"sides":6},"faces":[1,true]}', Roll, "$.faces[1]"),
        ('{"count":2}', Dice, "$.sides"),
        ('{"label":"x","value":1.5}', Term, "$.value"),
        ("[1,2]", Dice, "$"),
        (
            _bad_check(lambda d: d["rolls"][0]["faces"].__setitem__(1, "2")),
            CheckResult,
            "$.rolls[0].faces[1]",
        ),
        (_bad_check(lambda d: d["terms"][0].pop("value")), CheckResult, "$.terms[0].value"),
        (
            _bad_check(lambda d: d["against"].__setitem__("value", None)),
            CheckResult,
            "$.against.value",
        ),
        (_bad_check(lambda d: d.__setitem__("against", 16)), CheckResult, "$.against"),
        (_bad_check(lambda d: d["against"].__setitem__("type", "Nope")), CheckResult, "$.against"),
        (_bad_check(lambda d: d.__setitem__("outcome", "great")), CheckResult, "$.outcome"),
        (_bad_check(lambda d: d.__setitem__("comparison", "=>")), CheckResult, "$.comparison"),
    ],
)
def test_invalid_data_points_at_the_bad_field(text: str, cls: Any, path: str) -> None:
    """InvalidData.path is the JSON path of the field that does not fit."""
    with pytest.raises(InvalidData) as info:
        from_json(text, cls)
    assert path == info.value.path


def test_an_unknown_field_is_refused() -> None:
    """An extra key raises InvalidData naming the key."""
    with pytest.raises(InvalidData, match="extra"):
        from_json('{"count":2,"sides":6,"extra":1}', Dice)


def test_an_impossible_face_is_refused() -> None:
    """A well-typed roll whose face does not fit its die raises InvalidData."""
    with pytest.raises(InvalidData, match="cannot show 9"):
        from_json('{"dice":{"count":2,"sides":6},"faces":[3,9]}', Roll)


def test_structure_reads_parsed_data() -> None:
    """``structure`` builds a value from already-parsed JSON."""
    assert Dice(2, 6) == structure({"count": 2, "sides": 6}, Dice)


# -- bad text ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["", "{", "nope", "{'count': 2}", b"\xff\xfe", "1" * 5000, "[" * 100_000, "{" * 100_000]
)
def test_text_that_is_not_json_is_refused(text: str | bytes) -> None:
    """Malformed, non-UTF-8, too-long-integer and deeply nested text raise InvalidData at $."""
    with pytest.raises(InvalidData) as info:
        from_json(text, Dice)
    assert "$" == info.value.path


@pytest.mark.parametrize("kind", [str, bytes])
def test_oversized_text_is_refused_before_parsing(kind: type[str] | type[bytes]) -> None:
    """Text longer than MAX_JSON_LENGTH raises InvalidData."""
    text = " " * MAX_JSON_LENGTH + "1"
    with pytest.raises(InvalidData, match="longer"):
        from_json(text if kind is str else text.encode(), Dice)


@pytest.mark.parametrize("outcome", [10**20, 2**62])
def test_a_distribution_with_a_huge_span_is_refused(outcome: int) -> None:
    """Counts whose outcomes span more than memory can hold raise InvalidData (not
    OverflowError or MemoryError): untrusted JSON must not exhaust memory."""
    with pytest.raises(InvalidData):
        from_json(f'{{"counts":[[0,1],[{outcome},1]]}}', Distribution)


# -- arbitrary and mangled JSON --------------------------------------------------------------------

_KEYS = (
    "dice", "count", "sides", "faces", "rolls", "terms", "label", "value", "against", "type",
    "comparison", "outcome", "counts", "winners", "reason", "actor", "responder", "answers",
    "pending", "frames", "Difficulty", "Opposition", ">=", "success",
)  # fmt: skip

# Integers stay small enough that a distribution of them fits in memory (the huge-span case is
# tested above), with a few out of range.
_ints = st.integers(min_value=-(2**16), max_value=2**16) | st.sampled_from([2**63, -(2**64)])
_scalars = st.one_of(
    st.none(), st.booleans(), _ints, st.floats(), st.text(max_size=6), st.sampled_from(_KEYS)
)
json_values = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=4), children, max_size=5)
    ),
    max_leaves=24,
)


def _read(text: str, cls: Any) -> None:
    """from_json gives a *cls* or raises InvalidData; any other exception fails the test."""
    try:
        value = from_json(text, cls)
    except InvalidData:
        return
    assert _is_instance(value, cls)


@pytest.mark.parametrize("name", NAMES)
@given(document=json_values)
def test_arbitrary_json_raises_only_invalid_data(name: str, document: object) -> None:
    """Any JSON value read as any public type gives that type or InvalidData, nothing else."""
    _read(json.dumps(document), VALUES[name][1])


_OTHER_TYPES: tuple[object, ...] = (None, True, 0, -1, 1.5, "x", [], {}, [1], {"x": 1}, 10**30)


def _children(node: object) -> list[tuple[Any, Any]]:
    if isinstance(node, dict):
        return [(node, key) for key in node]
    if isinstance(node, list):
        return [(node, index) for index in range(len(node))]
    return []


def _locations(root: list[object]) -> list[tuple[Any, Any]]:
    """Every (container, key) in the document, the root's holder first."""
    found: list[tuple[Any, Any]] = []
    pending = _children(root)
    while pending:
        container, key = pending.pop()
        found.append((container, key))
        pending.extend(_children(container[key]))
    return found


@st.composite
def mangled(draw: st.DrawFn, value: Any) -> str:
    """A valid value's JSON with one key dropped, one value's type changed, or a key added."""
    holder: list[object] = [json.loads(to_json(value))]
    container, key = draw(st.sampled_from(_locations(holder)))
    old = container[key]
    mutation = draw(st.sampled_from(("drop", "retype", "extra")))
    if mutation == "drop" and container is not holder:
        del container[key]
    elif mutation == "extra" and isinstance(old, dict):
        old[draw(st.sampled_from(_KEYS) | st.text(max_size=4))] = draw(json_values)
    else:
        replacement = draw(st.sampled_from(_OTHER_TYPES) | json_values)
        if type(replacement) is type(old):
            replacement = [replacement]
        container[key] = replacement
    return json.dumps(holder[0])


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_mangled_json_raises_only_invalid_data(name: str, data: st.DataObject) -> None:
    """A valid document with a key dropped, a type changed or a key added gives the type or
    InvalidData, and never another exception."""
    strategy, cls = VALUES[name]
    _read(data.draw(mangled(data.draw(strategy))), cls)


@given(ts.check_results())
def test_a_dropped_required_key_is_named(result: CheckResult) -> None:
    """Dropping a required top-level key of a check result names it in the error path."""
    document = json.loads(to_json(result))
    del document["against"]
    with pytest.raises(InvalidData) as info:
        from_json(json.dumps(document), CheckResult)
    assert "$.against" == info.value.path


# -- converters ------------------------------------------------------------------------------------


def test_make_converter_returns_a_new_converter_each_time() -> None:
    """Two calls give two distinct converter objects."""
    assert make_converter() is not make_converter()


def test_changing_one_converter_changes_no_other() -> None:
    """A hook registered on one converter does not affect another or the default."""
    changed, other = make_converter(), make_converter()
    changed.register_unstructure_hook(Dice, lambda _: "changed")
    assert ['"changed"', '{"count":1,"sides":6}', '{"count":1,"sides":6}'] == [
        to_json(Dice(1, 6), converter=changed),
        to_json(Dice(1, 6), converter=other),
        to_json(Dice(1, 6)),
    ]


def test_from_json_uses_the_given_converter() -> None:
    """A structure hook on a given converter is used by from_json."""
    converter = make_converter()
    converter.register_structure_hook(Dice, lambda value, _: Dice(1, value))
    assert Dice(1, 8) == from_json("8", Dice, converter=converter)


@pytest.mark.parametrize(
    "text", ['"1e100000000"', '"1/0"', '"0.5"', '"1 /3"', '"' + "9" * 101 + '"']
)
def test_a_fraction_must_be_written_as_whole_numbers(text: str) -> None:
    """Fractions are read only as ``n`` or ``n/d`` with bounded digits and ``d`` > 0: never a
    huge exponent, never a division by zero."""
    from fractions import Fraction

    with pytest.raises(InvalidData):
        from_json(text, Fraction)


def test_a_fraction_round_trips() -> None:
    """A fraction is stored as ``"n/d"`` and read back."""
    from fractions import Fraction

    assert Fraction(-7, 3) == from_json(to_json(Fraction(-7, 3)), Fraction)


# -- hardening (issue 14) -------------------------------------------------------------------------


def _pairs(count: int, *, repeat_last: bool = False) -> str:
    pairs = [[outcome, outcome % 7 + 1] for outcome in range(count)]
    if repeat_last:
        pairs.append(pairs[-1])
    return json.dumps({"counts": pairs}, separators=(",", ":"))


def test_a_long_distribution_loads() -> None:
    """Issue 14, finding 1: the 10 MB cap allows about 900,000 pairs, which load (that reading
    is linear in the pairs is counted in tests/test_linear.py; nothing here is timed)."""
    text = _pairs(900_000)
    assert len(text) <= MAX_JSON_LENGTH
    distribution = from_json(text, Distribution)
    assert (0, 900_000 - 1) == (distribution.min, distribution.max)


def test_a_long_distribution_with_a_bad_last_pair_is_refused() -> None:
    """Issue 14, finding 1: 900,000 pairs whose last repeats an outcome are refused with the
    path of the repeated pair."""
    text = _pairs(900_000, repeat_last=True)
    with pytest.raises(InvalidData) as info:
        from_json(text, Distribution)
    assert ("$.counts[900000][0]", "outcome 899999 is listed twice") == (
        info.value.path,
        info.value.detail,
    )


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"counts":[[0,1],[1]]}', "$.counts[1]"),
        ('{"counts":[[0,1],"x"]}', "$.counts[1]"),
        ('{"counts":[[0,1],[1.5,1]]}', "$.counts[1][0]"),
        ('{"counts":[[0,1],[1,-1]]}', "$.counts[1][1]"),
        ('{"counts":[[0,1],[1,true]]}', "$.counts[1][1]"),
        ('{"counts":[[0,0]]}', "$.counts"),
        ('{"counts":[]}', "$.counts"),
    ],
)
def test_a_bad_pair_of_a_distribution_is_named(text: str, path: str) -> None:
    """Issue 14, finding 1: the one-pass reading still names the bad pair's path."""
    with pytest.raises(InvalidData) as info:
        from_json(text, Distribution)
    assert path == info.value.path


def _check_with(value: int) -> str:
    document = json.loads(to_json(_CHECK))
    document["terms"][0]["value"] = value
    return json.dumps(document)


@pytest.mark.parametrize("value", [10**4299, -(10**4299), MAX_INTEGER + 1, -MAX_INTEGER - 1])
def test_a_huge_integer_is_refused_with_its_path(value: int) -> None:
    """Issue 14, finding 4: a 4,299-digit term used to load and then break ``explain()`` with a
    bare ValueError (Python's int digit limit); integers beyond MAX_INTEGER are refused at
    the field's path, and the message does not quote the number."""
    with pytest.raises(InvalidData) as info:
        from_json(_check_with(value), CheckResult)
    assert "$.terms[0].value" == info.value.path
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("value", [MAX_INTEGER, -MAX_INTEGER])
def test_the_largest_integers_explain_in_every_locale(value: int) -> None:
    """Issue 14, finding 4: whatever loads, explains: a check whose difficulty and every term
    are at the bound explains in every shipped locale."""
    document = json.loads(_check_with(value))
    document["terms"] = [document["terms"][0]] * 20
    document["against"]["value"] = value
    result = from_json(json.dumps(document), CheckResult)
    for locale in LOCALES:
        assert str(20 * value + 3) in result.explain(locale)


def test_the_largest_numbers_of_a_command_round_trip_and_render() -> None:
    """Issue 14, finding 4: the bound is that of a number in a command (18 digits), so every
    command the notation reads loads back from JSON, and its result renders."""
    command = notation.parse(f"x2 2d6+{MAX_INTEGER}-{MAX_INTEGER}>={MAX_INTEGER}")
    assert isinstance(command, notation.Repeat)
    result = command.roll(ScriptedDice([1, 2, 3, 4]))
    assert command == from_json(to_json(command), notation.Repeat)
    again = from_json(to_json(result), notation.RepeatResult)
    for locale in LOCALES:
        assert str(MAX_INTEGER) in again.render(locale)


def test_distribution_counts_have_their_own_larger_bound() -> None:
    """Issue 14, finding 4: counts are bounded by digits, not by MAX_INTEGER: 100D6 (counts of
    78 digits) round trips, as does a count of 1000**100 (the total of 100D1000, 301 digits);
    a count of MAX_COUNT_DIGITS + 1 digits is refused at its path, and an outcome beyond
    MAX_INTEGER is refused like any integer."""
    large = Distribution.of(Dice(100, 6))
    assert large == from_json(to_json(large), Distribution)
    assert 1000**100 == from_json(f'{{"counts":[[0,{1000**100}]]}}', Distribution).total
    with pytest.raises(InvalidData) as count:
        from_json(f'{{"counts":[[0,1],[1,{10**MAX_COUNT_DIGITS}]]}}', Distribution)
    with pytest.raises(InvalidData) as outcome:
        from_json(f'{{"counts":[[{MAX_INTEGER + 1},1]]}}', Distribution)
    assert ("$.counts[1][1]", "$.counts[0][0]") == (count.value.path, outcome.value.path)


def test_the_integer_bounds_can_be_changed_per_converter() -> None:
    """Issue 14, finding 4: ``make_converter(max_integer=...)`` sets the bound for one
    converter; the default converter keeps MAX_INTEGER."""
    small = make_converter(max_integer=100)
    with pytest.raises(InvalidData) as info:
        from_json('{"count":101,"sides":6}', Dice, converter=small)
    assert "$.count" == info.value.path
    assert Dice(101, 6) == from_json('{"count":101,"sides":6}', Dice)
    wide = make_converter(max_count_digits=2000)
    assert 1 == from_json(f'{{"counts":[[0,{10**1500}]]}}', Distribution, converter=wide).max + 1


@pytest.mark.parametrize("bound", [0, -1, 1.5, True])
def test_a_bound_that_is_not_a_positive_whole_number_is_refused(bound: object) -> None:
    """Issue 14, finding 4: a converter cannot be made with a bound that refuses everything."""
    with pytest.raises(ValueError, match="max_integer"):
        make_converter(max_integer=bound)  # type: ignore[arg-type]


def test_an_error_about_a_huge_value_stays_short() -> None:
    """Issue 14: an error never quotes a huge value whole (a 1 MB tag gives a short message)."""
    document = json.loads(to_json(_CHECK))
    document["against"]["type"] = "x" * 1_000_000
    with pytest.raises(InvalidData) as info:
        from_json(json.dumps(document), CheckResult)
    assert "$.against" == info.value.path
    assert len(str(info.value)) < 400


def test_a_long_array_of_bad_items_is_refused_at_the_first() -> None:
    """Issue 14 (found by tests/test_fuzz.py): 40,000 bad items (2 MB) took 4 s, every problem
    being collected and formatted to report the first; reading now stops at the first bad
    item, and the error names it and holds no other (issue 24: no test times anything)."""
    part = {"sign": 1, "dice": {"count": 2}, "number": 0}
    text = json.dumps({"parts": [part] * 80_000})
    with pytest.raises(InvalidData) as info:
        from_json(text, notation.Expression)
    assert info.value.__cause__ is None or len(str(info.value.__cause__)) < 2_000
    assert "$.parts[0].dice.sides" == info.value.path


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 1_001, b"[" * 2_000])
def test_on_a_small_stack_deep_nesting_is_refused_before_decoding(
    monkeypatch: pytest.MonkeyPatch, text: str | bytes
) -> None:
    """On the browser's Python, whose C decoder would overflow the stack, nesting is bounded."""
    monkeypatch.setattr(serialization, "_SMALL_STACK", True)
    with pytest.raises(InvalidData, match="nested more than 200 deep") as info:
        from_json(text, Dice)
    assert "$" == info.value.path


def test_on_a_small_stack_brackets_in_strings_do_not_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text full of brackets inside a string is read as usual (and refused for its shape)."""
    monkeypatch.setattr(serialization, "_SMALL_STACK", True)
    with pytest.raises(InvalidData) as info:
        from_json('{"count": "' + "[" * 5_000 + '", "sides": 6}', Dice)
    assert "$.count" == info.value.path
