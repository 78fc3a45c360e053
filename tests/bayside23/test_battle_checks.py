"""Action checks the GM calls in the middle of a bayside23 battle: a trap, a lock, a riddle."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop_rules import IllegalCommand, ScriptedDice, engine
from tabletop_rules.bayside23 import (
    RULESET,
    SYSTEM,
    ActionCheck,
    Character,
    CombatSetup,
    CombatState,
    Feature,
    Obstacle,
    ObstacleChecked,
    Overcome,
    Participant,
    Side,
    Skill,
    Wait,
    Weapon,
    describe,
    menu_form,
    odds,
)
from tabletop_rules.serialization import to_json

from .test_battle import GOBLIN

#: The text's example character: 頑固 3 and 外科手術 13 (BAY-39).
SURGEON = Character(
    name="ミナ",
    strength=17,
    mind=10,
    agility=12,
    hp=5,
    defense=1,
    feature=Feature("頑固", 3),
    skills=(Skill(name="外科手術", value=13), Skill(name="解錠", value=6)),
)


def _state() -> CombatState:
    """A battle on ミナ's turn (she rolls 1 for initiative, the goblin 6)."""
    setup = CombatSetup(
        participants=[
            Participant(id="mina", character=SURGEON, weapons=[Weapon(name="剣")]),
            Participant(
                id="g1", character=GOBLIN, side=Side.ENEMIES, weapons=[Weapon(name="棍棒")]
            ),
        ]
    )
    state, _ = engine.begin(RULESET, setup, ScriptedDice([1, 6]))
    assert "mina" == state.current
    return state


def _checked(command: Overcome, faces: list[int]) -> tuple[CombatState, ObstacleChecked]:
    state, entry = engine.step(RULESET, _state(), command, ScriptedDice(faces))
    event = entry.events[0]
    assert isinstance(event, ObstacleChecked)
    return state, event


def test_an_action_check_in_a_battle_is_recorded_with_its_dice_and_target() -> None:
    """BAY-34, BAY-35, BAY-36, BAY-39: 頑固 3 + 外科手術 13 − 8 = 8; 2D6[2,4] = 6 ≤ 8 succeeds."""
    command = Overcome(actor="mina", obstacle=Obstacle.TRAP, difficulty=8, skill="外科手術")
    _, event = _checked(command, [2, 4])
    result = event.result
    assert (Obstacle.TRAP, (2, 4), 8, True) == (
        event.obstacle,
        result.rolls[0].faces,
        result.against.value,  # type: ignore[union-attr]
        result.success,
    )


def test_the_check_over_its_target_fails() -> None:
    """BAY-35, BAY-37: 2D6 above the target fails (the rule, not the example's wording)."""
    _, event = _checked(
        Overcome(actor="mina", obstacle=Obstacle.LOCK, difficulty=4, skill="解錠"), [3, 3]
    )
    assert (5, False) == (event.result.against.value, event.result.success)  # type: ignore[union-attr]


def test_the_check_is_the_turns_action() -> None:
    """BAY-14: the check takes the turn's action; the next in order acts."""
    state, _ = _checked(Overcome(actor="mina"), [1, 1])
    assert "mina" != state.current


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (Overcome(actor="mina", skill="料理"), "bayside23.illegal.no_skill"),
        (Overcome(actor="mina", difficulty=100), "bayside23.illegal.difficulty"),
        (Overcome(actor="g1"), "bayside23.illegal.not_your_turn"),
    ],
)
def test_a_bad_action_check_is_refused_and_changes_nothing(command: Overcome, reason: str) -> None:
    """BAY-34: a skill the character has, a difficulty in range, on its own turn."""
    state = _state()
    before = to_json(state)
    with pytest.raises(IllegalCommand) as refused:
        engine.step(RULESET, state, command, ScriptedDice([3, 3]))
    assert reason in refused.value.reason
    assert before == to_json(state)


def test_odds_of_an_action_check_are_exact() -> None:
    """BAY-36, BAY-39: the menu's odds of the text's example are 13/18, as ActionCheck says."""
    command = Overcome(actor="mina", obstacle=Obstacle.RIDDLE, difficulty=8, skill="外科手術")
    expected = ActionCheck.of(SURGEON, "外科手術", 8).probability()
    assert (Fraction(13, 18), expected, SYSTEM.odds) == (odds(_state(), command), expected, odds)


def test_odds_of_another_command_are_none() -> None:
    """BAY-14: waiting makes no check: no odds."""
    assert odds(_state(), Wait("mina")) is None


def test_odds_of_a_refused_check_give_its_refusal() -> None:
    """BAY-34: a check not on the actor's turn is refused by odds as decide refuses it."""
    with pytest.raises(IllegalCommand) as refused:
        odds(_state(), Overcome(actor="g1"))
    assert "bayside23.illegal.not_your_turn" == refused.value.reason


def test_the_menu_offers_the_check_once_in_one_form() -> None:
    """BAY-34: one item; the GM's difficulty, the obstacle and the skill are free."""
    offered = [c for c in RULESET.legal_commands(_state()) if isinstance(c, Overcome)]
    assert [Overcome(actor="mina")] == offered
    chosen = Overcome(actor="mina", obstacle=Obstacle.LOCK, difficulty=5, skill="解錠")
    assert menu_form(chosen) in {menu_form(c) for c in offered}
    assert SYSTEM.menu_form is menu_form


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("ja", "ミナ が罠に挑む：行動判定：2D6[2,4] = 6 ≤ 8（頑固 3 + 外科手術 13 − 8） 成功。"),
        ("en", "ミナ tries a trap: "),
        ("zh-Hant", "ミナ 挑戰陷阱："),
        ("zh-Hans", "ミナ 挑战陷阱："),
    ],
)
def test_the_log_tells_the_action_check(locale: str, expected: str) -> None:
    """BAY-34, BAY-39: the check's line names the obstacle and explains the target."""
    command = Overcome(actor="mina", obstacle=Obstacle.TRAP, difficulty=8, skill="外科手術")
    state, event = _checked(command, [2, 4])
    assert describe(event, locale, state=state).startswith(expected)


@pytest.mark.parametrize("locale", ["en", "ja", "zh-Hant", "zh-Hans"])
def test_the_log_of_a_failed_action_check_states_the_true_relation(locale: str) -> None:
    """BAY-35, BAY-37: 2D6[3,3] = 6 over the target 5 fails, and the line says 6 > 5."""
    command = Overcome(actor="mina", obstacle=Obstacle.LOCK, difficulty=4, skill="解錠")
    state, event = _checked(command, [3, 3])
    line = describe(event, locale, state=state)
    assert (True, False) == ("= 6 > 5" in line, "≤" in line)


@pytest.mark.parametrize(
    "command",
    [
        Overcome(actor="mina", difficulty=1.5),  # type: ignore[arg-type]
        Overcome(actor="mina", obstacle="trap"),  # type: ignore[arg-type]
        Overcome(actor="mina", skill=3),  # type: ignore[arg-type]
    ],
)
def test_a_check_of_the_wrong_shape_is_refused_by_decide_and_odds_alike(command: Overcome) -> None:
    """BAY-34: a field of the wrong type is the same typed refusal in both, and changes nothing."""
    state = _state()
    before = to_json(state)
    with pytest.raises(IllegalCommand) as decided:
        engine.step(RULESET, state, command, ScriptedDice([3, 3]))
    with pytest.raises(IllegalCommand) as offered:
        odds(state, command)
    assert ("bayside23.illegal.bad_command",) * 2 + (before,) == (
        decided.value.reason,
        offered.value.reason,
        to_json(state),
    )
