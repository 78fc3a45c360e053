"""m20 combat states and records as JSON: checked when read, the same bytes on every run."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tabletop_rules.errors import InvalidData
from tabletop_rules.m20 import CombatState, Skill, UseNarrowEscape
from tabletop_rules.serialization import from_json, to_json

from .test_combat import CONVERTER, combat, hero, hit, play

NARROW = hero("B", Skill.NARROW_ESCAPE)


def prompted() -> dict[str, object]:
    """The JSON of a state waiting on b's 危機閃避 after a's hit."""
    state, _ = play(combat(b=NARROW), [hit()], [15, 5])
    assert state.question is not None
    data: dict[str, object] = json.loads(to_json(state, converter=CONVERTER))
    return data


def test_a_state_with_a_prompt_round_trips() -> None:
    """M20-076: a state waiting on a reaction goes to JSON and back, and play goes on."""
    data = prompted()
    state = from_json(json.dumps(data), CombatState, converter=CONVERTER)

    assert state.question is not None
    play(state, [UseNarrowEscape("b")], [])


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d["prompts"]["frames"][0]["pending"].update(index=5), "index"),
        (lambda d: d["prompts"]["frames"][0]["pending"].update(strikes=[]), "index"),
        (lambda d: d["prompts"]["frames"][0].update(responder="nobody"), "responder"),
        (lambda d: d["prompts"]["frames"][0].update(responder=None), "responder"),
        (lambda d: d["prompts"]["frames"][0]["pending"].update(attacker="nobody"), "attacker"),
        (lambda d: d["combatants"][0].update(hp=99), "hp"),
        (lambda d: d.update(round=0), "round"),
    ],
)
def test_a_state_that_play_cannot_reach_is_refused_when_read(change: object, path: str) -> None:
    """A forged or damaged state is refused with InvalidData naming the path when it is read,
    never later with a bare IndexError (issue 7, point 2)."""
    data = prompted()
    change(data)  # type: ignore[operator]

    with pytest.raises(InvalidData) as raised:
        from_json(json.dumps(data), CombatState, converter=CONVERTER)
    assert path in str(raised.value)


@pytest.mark.needs("a subprocess")
def test_json_is_the_same_bytes_whatever_the_hash_seed() -> None:
    """Sets (declared skills, a prompt's answers) are written in a fixed order: a state's
    JSON is the same whatever ``PYTHONHASHSEED`` is (issue 7, point 2)."""
    code = (
        "import sys; sys.path.insert(0, 'tests')\n"
        "from tabletop_rules import SeededDice, engine\n"
        "from tabletop_rules.m20 import *\n"
        "from tabletop_rules.serialization import to_json\n"
        "from tabletop_rules.simulation import play, random_bot\n"
        "import functools\n"
        "def hero(n, *skills):\n"
        "    return Character(name=n, attributes=Attributes(physical_attack=3, "
        "special_attack=3, physical_defense=2, special_defense=2), tendency=Tendency.CUNNING, "
        "bonus_specialty=Specialty.KNOWLEDGE, picks=[SkillPick(skill=s) for s in skills])\n"
        "setup = CombatSetup(participants=[Participant(id='a', character=hero('A', "
        "Skill.COOL_DOWN, Skill.FRENZY, Skill.NARROW_ESCAPE), side='x'), Participant(id='b', "
        "character=hero('B', Skill.DECISIVE_STRIKE, Skill.WIDE_GUARD), side='y')])\n"
        "record = play(RULESET, setup, seed=3, bot=functools.partial(random_bot, skip=[GM]))\n"
        "state = RULESET.start(setup)\n"
        "for event in record.events:\n"
        "    state = RULESET.evolve(state, event)\n"
        "    print(to_json(state))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(seed), "PATH": ""},
        ).stdout
        for seed in (0, 1, 2, 3)
    }
    assert 1 == len(outputs)
    assert '"declared":[' in outputs.pop()
