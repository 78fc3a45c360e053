"""m20 menus and logs tell apart two participants of one name, as bar2d6's do (issue 24)."""

from __future__ import annotations

import pytest

from tabletop_rules import ScriptedDice, engine
from tabletop_rules.m20 import RULESET, Attack, command_label, describe

from .test_combat import combat, hero


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "A (a) attacks A (b) (Physical attack)"),
        ("zh-Hant", "A（a） 攻擊 A（b）（物理攻擊）"),
        ("ja", "A（a） が A（b） を攻撃（物理攻撃）"),
    ],
)
def test_a_menu_names_two_of_one_name_with_their_ids(locale: str, expected: str) -> None:
    """M20-051: three participants named A are ``A (a)``, ``A (b)``, ``A (c)`` in a menu."""
    state = combat(hero("A"), hero("A"), c=hero("A"))
    assert expected == command_label(Attack(actor="a", targets=("b",)), locale, state=state)


def test_a_menu_names_a_unique_name_alone() -> None:
    """M20-051: a name no one else has is shown without its id."""
    state = combat(hero("A"), hero("B"))
    assert "A attacks B (Physical attack)" == command_label(
        Attack(actor="a", targets=("b",)), "en", state=state
    )


def test_a_log_names_two_of_one_name_with_their_ids() -> None:
    """M20-033, M20-051: the attack and its damage name ``A (a)`` and ``A (b)``."""
    state = combat(hero("A"), hero("A"))
    state, entry = engine.step(
        RULESET, state, Attack(actor="a", targets=("b",)), ScriptedDice([10, 5])
    )
    lines = [describe(event, "en", state=state) for event in entry.events]
    assert [
        "A (a) attacks A (b): Attack: 1D20[10] +3 Physical Attack = 13 ≥ 7"
        " (1D20[5] +2 Physical Defense) Success",
        "A (b) takes 1 damage (HP 6).",
    ] == lines
