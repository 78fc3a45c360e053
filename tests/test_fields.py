"""The setup fields the systems share (``tabletop_rules.kit._fields``), with each system's words.

m20 and bar2d6 check their participants with the same validators; each keeps its own
refusals: m20 also refuses ``/`` in an id (a summon is named ``<summoner>/summon``), and each
names its own ``Character`` type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tabletop_rules import bar2d6, bayside23, m20
from tabletop_rules.errors import InvalidData
from tabletop_rules.kit._fields import MAX_NAME_LENGTH

M20_HERO = m20.parse_sheet(
    "姓名：A\n屬性：物攻3 特攻3 物防2 特防2\n行事傾向：身體型\n特長：身理+4 詭計+0 知識+0 交涉+0"
)
BAR_HERO = bar2d6.Character(name="A")


def refusal(build: Callable[[], object]) -> tuple[str, str]:
    with pytest.raises(InvalidData) as raised:
        build()
    return raised.value.path, raised.value.detail


LONG = "x" * (MAX_NAME_LENGTH + 1)


@pytest.mark.parametrize("bad", ["", "gm", "a/b", LONG, 7])
def test_m20_participant_ids(bad: object) -> None:
    """M20-049, M20-121: an m20 id is a short text, not the GM's, without '/'."""
    path, detail = refusal(lambda: m20.Participant(id=bad, character=M20_HERO, side="s"))  # type: ignore[arg-type]
    assert (path, detail) == (
        "$.id",
        f"a participant id must be a non-empty text of at most {MAX_NAME_LENGTH} "
        f"characters, not 'gm', without '/': {repr(bad)[:80]}",
    )


@pytest.mark.parametrize("bad", ["", "gm", LONG, 7])
def test_bar2d6_participant_ids(bad: object) -> None:
    """B2D6-39: a bar2d6 id is a short text, not the GM's ('/' is allowed)."""
    path, detail = refusal(lambda: bar2d6.Participant(id=bad, character=BAR_HERO, side="s"))  # type: ignore[arg-type]
    assert (path, detail) == (
        "$.id",
        f"a participant id must be a non-empty text of at most {MAX_NAME_LENGTH} "
        f"characters, not 'gm': {repr(bad)[:80]}",
    )
    assert bar2d6.Participant(id="a/b", character=BAR_HERO, side="s").id == "a/b"


def test_each_system_names_its_character() -> None:
    """M20-049, B2D6-39: a participant's character is its own system's Character."""
    assert refusal(lambda: m20.Participant(id="a", character=BAR_HERO, side="s")) == (  # type: ignore[arg-type]
        "$.character",
        "expected m20.Character, not bar2d6.Character.",
    )
    assert refusal(lambda: bar2d6.Participant(id="a", character=M20_HERO, side="s")) == (  # type: ignore[arg-type]
        "$.character",
        "expected bar2d6.Character, not m20.Character.",
    )


@pytest.mark.parametrize(
    ("system", "hero", "most"),
    [(m20, M20_HERO, m20.MAX_PARTICIPANTS), (bar2d6, BAR_HERO, bar2d6.MAX_PARTICIPANTS)],
)
def test_participant_lists(system: object, hero: object, most: int) -> None:
    """M20-049, B2D6-39: participants are a list of at most the system's limit of Participants."""
    setup = system.CombatSetup  # type: ignore[attr-defined]
    participant = system.Participant  # type: ignore[attr-defined]
    name = system.__name__.removeprefix("tabletop_rules.")  # type: ignore[attr-defined]
    assert refusal(lambda: setup(participants="ab")) == (
        "$.participants",
        f"expected list[{name}.Participant], not 'ab' (str).",
    )
    assert refusal(lambda: setup(participants=[1])) == (
        "$.participants[0]",
        f"expected {name}.Participant, not 1 (int).",
    )
    many = [participant(id=f"p{i}", character=hero, side=f"s{i}") for i in range(most + 1)]
    assert refusal(lambda: setup(participants=many)) == (
        "$.participants",
        f"expected at most {most} items, not {most + 1}.",
    )
    fighters = (participant(id=f"p{i}", character=hero, side=f"s{i}") for i in range(2))
    assert len(setup(participants=fighters).participants) == 2


BAY_HERO = bayside23.parse_sheet(bayside23.EXAMPLE_SHEET)


@pytest.mark.parametrize(
    ("build", "path", "detail"),
    [
        (
            lambda: bayside23.CombatSetup(participants=[1, 2]),
            "$.participants[0]",
            "expected bayside23.Participant, not 1 (int).",
        ),
        (
            lambda: bayside23.CombatSetup(participants=5),
            "$.participants",
            "expected list[bayside23.Participant], not 5 (int).",
        ),
        (
            lambda: bayside23.Participant(id="a", character=M20_HERO),
            "$.character",
            "expected bayside23.Character, not m20.Character.",
        ),
        (
            lambda: bayside23.Participant(id="a", character=BAY_HERO, side="party"),
            "$.side",
            "expected bayside23.Side, not 'party' (str).",
        ),
        (
            lambda: bayside23.Participant(id="a", character=BAY_HERO, follower=1),
            "$.follower",
            "expected bool, not 1 (int).",
        ),
        (
            lambda: bayside23.Participant(id="a", character=BAY_HERO, spells=["x"]),
            "$.spells[0]",
            "expected bayside23.Spell, not 'x' (str).",
        ),
    ],
)
def test_bayside23_setups_refuse_values_of_the_wrong_type(
    build: Callable[[], object], path: str, detail: str
) -> None:
    """BAY-13, BAY-20: a battle's participants, followers included, are checked as they are
    built, with the library's own error naming the field."""
    assert refusal(build) == (path, detail)


HUGE = 10**5000
DESCRIBED = "a whole number of more than 80 digits"


@pytest.mark.parametrize(("system", "hero"), [(m20, M20_HERO), (bar2d6, BAR_HERO)])
def test_a_huge_number_is_described_not_written(system: Any, hero: Any) -> None:
    """M20-049, B2D6-39: a setup refusal describes a whole number too long to write (Python
    cannot write one of more than 4,300 digits), and writes the others as they are."""
    assert refusal(
        lambda: system.CombatSetup(
            participants=[
                system.Participant(id="a", character=hero, side="s", hp=HUGE),
                system.Participant(id="b", character=hero, side="t"),
            ]
        )
    ) == ("$.participants[0].hp", f"HP must be from 0 to {hero.max_hp}, not {DESCRIBED}")
    detail = refusal(lambda: system.Participant(id=HUGE, character=hero, side="s"))[1]
    assert detail.endswith(f": {DESCRIBED}")


def test_a_huge_number_is_described_in_bayside23() -> None:
    """BAY-06, BAY-20: bayside23's setup refusals describe a huge whole number too."""
    with pytest.raises(InvalidData, match=f"HP must be from 0 to 4, not {DESCRIBED}"):
        bayside23.CombatSetup(
            participants=[
                bayside23.Participant(id="mina", character=BAY_HERO, hp=HUGE),
                bayside23.Participant(id="g", character=BAY_HERO, side=bayside23.Side.ENEMIES),
            ]
        )
    assert refusal(lambda: bayside23.Participant(id="a", character=BAY_HERO, follower=HUGE)) == (
        "$.follower",
        f"expected bool, not {DESCRIBED} (int).",
    )
    assert refusal(lambda: bayside23.CombatSetup(participants=HUGE)) == (
        "$.participants",
        f"expected list[bayside23.Participant], not {DESCRIBED} (int).",
    )
