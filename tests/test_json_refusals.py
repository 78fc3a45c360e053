"""What ``from_json`` refuses, and how the refusal reads when nothing catches it (issue 24)."""

from __future__ import annotations

import json
import traceback

import pytest

from tabletop_rules import from_json, to_json
from tabletop_rules.bayside23 import Character, Feature
from tabletop_rules.errors import InvalidData
from tabletop_rules.m20 import Character as M20Character
from tabletop_rules.serialization import MAX_TEXT_LENGTH, make_converter

CHARACTER = Character(name="x", strength=10, mind=10, agility=10, hp=3, feature=Feature("y"))


def _with_name(name: str) -> str:
    data = json.loads(to_json(CHARACTER))
    data["name"] = name
    return json.dumps(data)


def test_a_megabyte_name_is_refused_at_its_path() -> None:
    """Every text read from JSON is bounded, as sheets are: a 1 MB name is InvalidData."""
    with pytest.raises(InvalidData) as caught:
        from_json(_with_name("a" * 1_000_000), Character)
    assert "$.name" == caught.value.path


def test_a_text_at_the_bound_is_read() -> None:
    """A name of exactly MAX_TEXT_LENGTH characters reads back."""
    name = "a" * MAX_TEXT_LENGTH
    assert name == from_json(_with_name(name), Character).name


def test_the_bound_is_the_converters_to_choose() -> None:
    """``make_converter(max_text=...)`` sets another bound."""
    with pytest.raises(InvalidData):
        from_json(_with_name("abcd"), Character, converter=make_converter(max_text=3))


@pytest.mark.parametrize(
    "text",
    [
        '{"name": 1}',
        '{"name": "x", "attributes": {"physical_attack": "many"}}',
        "[1, 2",
    ],
)
def test_an_uncaught_refusal_carries_no_chain(text: str) -> None:
    """Uncaught, a refusal prints itself alone: no cattrs exceptions it was raised from,
    no "During handling of the above exception"."""
    with pytest.raises(InvalidData) as caught:
        from_json(text, M20Character)
    error = caught.value
    printed = "".join(traceback.format_exception(error))
    assert (None, True) == (error.__cause__, error.__suppress_context__)
    assert "During handling" not in printed
    assert "direct cause" not in printed
