"""bar2d6 as one rule system: what a bot finds through ``SYSTEM``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tabletop_rules import InvalidCheck, InvalidData, InvalidNotation, ScriptedDice
from tabletop_rules.bar2d6 import (
    EXAMPLE_SHEET,
    FOES,
    GM,
    PARTY,
    RULESET,
    SYSTEM,
    Character,
    GMCheck,
    character_check,
    lineup,
    parse_sheet,
)
from tabletop_rules.kit import GM as KIT_GM
from tabletop_rules.systems import Registry, Seat

B = parse_sheet(EXAMPLE_SHEET)


def test_the_registry_finds_bar2d6() -> None:
    """The ``tabletop_rules.systems`` entry point names bar2d6's ``SYSTEM``, whose GM is the
    kit's."""
    system = Registry.default().get("bar2d6")
    assert (SYSTEM, RULESET, KIT_GM, KIT_GM) == (system, system.ruleset, system.gm, GM)


def test_a_lobby_is_the_party_against_the_foes() -> None:
    """B2D6-39: the players' seats fight for the party, the GM's foes on the other side, run
    by the GM; everyone starts at max HP."""
    setup = SYSTEM.lineup([Seat(id="b", character=B), Seat(id="g1", character=B, foe=True)])
    assert [("b", PARTY, True, None), ("g1", FOES, False, None)] == [
        (p.id, p.side, p.player, p.hp) for p in setup.participants
    ]
    assert setup == lineup([Seat(id="b", character=B), Seat(id="g1", character=B, foe=True)])


@pytest.mark.parametrize(
    ("seats", "path"),
    [
        ([Seat(id="b", character=B)], "$.participants"),
        ([Seat(id="b", character=B), Seat(id="b", character=B, foe=True)], "$.participants"),
        (
            [Seat(id="b", character=B), Seat(id="g", character="B", foe=True)],
            "$.seats[1].character",
        ),
        ([Seat(id="gm", character=B), Seat(id="g", character=B, foe=True)], "$.seats[0].id"),
        (["b"], "$.seats[0]"),
    ],
    ids=["one-side", "same-id", "no-character", "gm-id", "no-seat"],
)
def test_seats_that_make_no_combat_are_refused(seats: list[Seat[Character]], path: str) -> None:
    """B2D6-34: a combat needs two sides, ids of its own and bar2d6 characters; a refusal
    names the seat."""
    with pytest.raises(InvalidData) as caught:
        lineup(seats)
    assert path == caught.value.path


def test_a_bots_check_names_the_difficulty_then_the_items() -> None:
    """B2D6-26, B2D6-30, B2D6-33: ``.check 困難 攀爬 繩鉤`` is the text's climb: 2D6 + 5
    against the GM's 3D6."""
    climb = SYSTEM.character_check(B, ["困難", "攀爬", "繩鉤"])
    assert isinstance(climb, GMCheck)
    assert (3, 5) == (climb.difficulty.value, climb.modifier)
    result = climb.resolve(ScriptedDice([3, 4, 5, 5, 3]))
    assert "對GM：2D6[3,4] +2 攀爬 +3 繩鉤 = 12 < 13（3D6[5,5,3]） 失敗" == result.explain(
        "zh-Hant"
    )


def test_a_bots_check_takes_a_number_of_dice() -> None:
    """B2D6-28, B2D6-31: the difficulty may be the number of the GM's dice."""
    assert 2 == character_check(B, ["2"]).difficulty.value


@pytest.mark.parametrize(
    ("words", "error"),
    [([], InvalidNotation), (["hardest"], InvalidNotation), (["2", "劍"], InvalidCheck)],
    ids=["no-words", "no-difficulty", "no-item"],
)
def test_a_bots_check_that_names_nothing_is_refused(
    words: list[str], error: type[Exception]
) -> None:
    """B2D6-26, B2D6-30: no difficulty, a word of no level, or an item the character lacks
    is refused with the library's own error."""
    with pytest.raises(error):
        character_check(B, words)


@pytest.mark.needs("a subprocess")
def test_importing_bar2d6_loads_no_notation_vectors_cattrs_or_hypothesis() -> None:
    """``import tabletop_rules.bar2d6`` loads only what its first use needs: the chat
    commands (the notation), the vectors' checks, JSON (cattrs) and the strategies
    (Hypothesis) load when first used."""
    code = (
        "import sys, json, tabletop_rules.bar2d6; print(json.dumps(sorted(m for m in sys.modules"
        " if m in ('cattrs', 'hypothesis', 'importlib.metadata', 'tabletop_rules.notation',"
        " 'tabletop_rules.vectors'))))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert [] == json.loads(found)
