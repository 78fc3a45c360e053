"""m20 menus and decide agree: every command decide accepts, a menu offers in its form.

``legal_commands`` offers every choice in full but the free ones, which it offers in one form
each (``menu_form``): the boosts and helpers of a check, a 範圍攻擊's area, a 廣域防禦's
protected, and the GM's danger check. Issue 26's fuzzing found an area and a guard that
decide accepted and no menu offered; these are the cases.
Characters are :func:`~test_combat.hero`s; faces are given in the order they are rolled.
"""

from __future__ import annotations

import pytest

from tabletop_rules import ScriptedDice
from tabletop_rules.m20 import (
    GM,
    RULESET,
    SYSTEM,
    Attack,
    AttackKind,
    AttackMode,
    Boosts,
    CombatState,
    Command,
    DangerCheck,
    DifficultyLevel,
    Hide,
    RewardItem,
    Skill,
    Specialty,
    Stance,
    WideGuard,
    menu_form,
)

from .test_combat import combat, hero


def offered(state: CombatState, actor: str | None = None) -> set[Command]:
    """The menu forms of what the menus offer (*actor*'s only, if given)."""
    return {menu_form(c) for c in RULESET.legal_commands(state, actor=actor)}


def accepted(state: CombatState, command: Command, faces: list[int]) -> bool:
    """Whether decide accepts *command* (it raises if not)."""
    RULESET.decide(state, command, ScriptedDice(faces))
    return True


def test_a_double_attack_is_offered_in_either_order() -> None:
    """M20-100: the two strikes of 雙重攻擊 come in the order named; a menu offers both."""
    state = combat(hero("A", Skill.DOUBLE_ATTACK), c=hero("C"))
    doubles = {
        c.targets
        for c in RULESET.legal_commands(state, actor="a")
        if isinstance(c, Attack) and c.mode is AttackMode.DOUBLE
    }

    assert {("b", "b"), ("b", "c"), ("c", "b"), ("c", "c")} == doubles


def test_an_area_of_one_creature_is_accepted_and_offered_in_its_form() -> None:
    """M20-104: the caller names the area, here b alone of its side with c beside it.

    decide accepts it; the menus offer areas (one side, everyone else), and its menu form,
    the area left to the caller, is the form of those.
    """
    state = combat(hero("A", Skill.AREA_ATTACK), c=hero("C"))
    area = Attack(actor="a", targets=("c",), mode=AttackMode.AREA)

    assert area not in RULESET.legal_commands(state)
    assert accepted(state, area, [10, 10])
    assert menu_form(area) in offered(state)


def test_a_guard_over_any_creatures_is_accepted_and_offered_in_its_form() -> None:
    """M20-082: 廣域防禦 protects the creatures its guard chooses, here b and c together."""
    state = combat(hero("A", Skill.WIDE_GUARD), c=hero("C"))
    guard = WideGuard(actor="a", protected=("b", "c"))

    assert guard not in RULESET.legal_commands(state)
    assert accepted(state, guard, [])
    assert menu_form(guard) in offered(state)


def test_a_check_with_boosts_and_helpers_is_offered_in_its_plain_form() -> None:
    """M20-043, M20-139: items and helpers are the player's and the GM's: a menu has none."""
    state = combat(c=hero("C"))
    hide = Hide(
        actor="a", target="b", helpers=("c",), boosts=Boosts(items=[RewardItem(name="符", bonus=1)])
    )

    assert Hide(actor="a", target="b") == menu_form(hide)
    assert accepted(state, hide, [10])
    assert menu_form(hide) in offered(state)


def test_the_gm_menu_offers_a_danger_check_of_each_standing_character() -> None:
    """M20-009, M20-056: a 身理 check against 12, a dodge, for each character standing."""
    state = combat(hero("A", Skill.SUMMONER), c=hero("C"), hp={"c": 0})
    dangers = [c for c in RULESET.legal_commands(state, actor=GM) if isinstance(c, DangerCheck)]

    assert [("a", Specialty.PHYSIQUE, 12), ("b", Specialty.PHYSIQUE, 12)] == [
        (c.participant, c.specialty, c.difficulty) for c in dangers
    ]
    assert DifficultyLevel.MODERATE.value == dangers[0].difficulty


def test_any_danger_check_the_gm_calls_is_offered_in_its_form() -> None:
    """M20-009: the specialty, difficulty, stance and situation are the GM's to choose."""
    state = combat()
    danger = DangerCheck(
        participant="b",
        specialty=Specialty.NEGOTIATION,
        difficulty=17,
        stance=Stance.ACTING,
        dodge=False,
        situation="x",
    )

    assert accepted(state, danger, [10])
    assert menu_form(danger) in offered(state, GM)


@pytest.mark.parametrize(
    "command",
    [
        Attack(actor="a", targets=("b",)),
        Attack(actor="a", targets=("b", "c"), mode=AttackMode.DOUBLE, kind=AttackKind.SPECIAL),
        Hide(actor="a", target="b"),
    ],
)
def test_a_choice_no_one_is_free_to_make_is_its_own_form(command: Command) -> None:
    """M20-051, M20-100: targets of a single or double attack are no free parameter."""
    assert command == menu_form(command)


def test_the_system_names_its_menu_form() -> None:
    """``testing.laws`` reads the free parameters through ``SYSTEM.menu_form``."""
    assert menu_form is SYSTEM.menu_form
