"""bayside23 heals by direct action (BAY-15).

A healing weapon adds 体力's bonus, a healing spell 精神力's.
"""

from __future__ import annotations

import pytest

from tabletop_rules import ScriptedDice
from tabletop_rules.bayside23 import (
    RULESET,
    Attack,
    Attribute,
    Cast,
    CombatSetup,
    CombatState,
    Healed,
    Participant,
    Side,
    Weapon,
    command_label,
    describe,
    odds,
)
from tabletop_rules.dice import Dice, Roll
from tabletop_rules.errors import IllegalCommand, InvalidCheck

from .test_battle import GOBLIN, HEAL, MINA, REN, begun, play

KIT = Weapon(name="救急箱", heals=True)


def _first_aid() -> CombatState:
    """ミナ (体力 17: bonus +2) holds a first-aid kit and acts first; レン (生命力 4) is down."""
    setup = CombatSetup(
        participants=[
            Participant(id="mina", character=MINA, weapons=[KIT]),
            Participant(id="ren", character=REN, spells=[HEAL], hp=0),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES),
        ]
    )
    return begun(setup, [1, 5])[0]  # mina 1, g1 5: ren is down and rolls none


def test_a_healing_weapon_adds_strengths_bonus() -> None:
    """BAY-15: first aid restores its die + 体力's bonus (+2), no defense taken off."""
    state, events = play(_first_aid(), Attack("mina", "ren"), [1])

    expected = Healed(
        actor="mina",
        target="ren",
        roll=Roll(Dice(1, 6), (1,)),
        amount=3,
        attribute=Attribute.STRENGTH,
        bonus=2,
    )
    assert (expected,) == events
    assert 3 == state.combatant("ren").hp


def test_a_healing_weapon_never_heals_above_max_hp() -> None:
    """BAY-15: HP stops at 生命力 (レン's 4)."""
    state, events = play(_first_aid(), Attack("mina", "ren"), [6])

    assert (4, 4) == (events[0].amount, state.combatant("ren").hp)  # type: ignore[union-attr]


def test_a_healing_spell_adds_minds_bonus() -> None:
    """BAY-15: the magic heal adds 精神力's bonus (レン's 15: +1), beside the weapon's 体力."""
    setup = CombatSetup(
        participants=[
            Participant(id="ren", character=REN, spells=[HEAL]),
            Participant(id="mina", character=MINA, hp=1),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES),
        ]
    )
    state = begun(setup, [1, 4, 5])[0]
    _, events = play(state, Cast(actor="ren", target="mina", spell=0), [2])

    healed = events[0]
    assert isinstance(healed, Healed)
    assert (Attribute.MIND, 1, 3) == (healed.attribute, healed.bonus, healed.amount)


def test_a_healing_weapon_is_offered_on_allies_not_enemies() -> None:
    """BAY-14, BAY-15: the menu offers first aid on the wielder's side, the fallen included."""
    attacks = {c for c in RULESET.legal_commands(_first_aid()) if type(c) is Attack}

    assert {Attack("mina", "mina"), Attack("mina", "ren")} == attacks


def test_a_healing_weapon_on_an_enemy_is_refused() -> None:
    """BAY-15: a heal targets an ally."""
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(_first_aid(), Attack("mina", "g1"), ScriptedDice([3]))
    assert "bayside23.illegal.not_an_ally" == caught.value.reason


def test_a_bow_cannot_heal() -> None:
    """BAY-14, BAY-15: a healing weapon is used by direct action, so no bow or gun heals."""
    with pytest.raises(InvalidCheck) as caught:
        Weapon(name="弓", ranged=True, heals=True)
    assert "bayside23.error.ranged_heal" == caught.value.key


def test_a_heal_makes_no_check_so_has_no_odds() -> None:
    """BAY-15: the menu's odds of a heal are ``None``: nothing is rolled against anyone."""
    assert odds(_first_aid(), Attack("mina", "ren")) is None


@pytest.mark.parametrize(
    ("locale", "line", "label"),
    [
        (
            "ja",
            "ミナ が レン を回復：1D6[1] +2 体力、生命力 +3。",
            "ミナ が 救急箱 で レン を手当て",
        ),
        ("en", "ミナ heals レン: 1D6[1] +2 Strength (体力), +3 HP.", "ミナ tends レン with 救急箱"),
        ("zh-Hant", "ミナ 治療 レン：1D6[1] +2 體力，生命力 +3。", "ミナ 以救急箱照料 レン"),
    ],
)
def test_first_aid_is_told_with_its_bonus(locale: str, line: str, label: str) -> None:
    """BAY-15: the log shows the die and 体力's bonus; the menu says first aid, not attack."""
    state = _first_aid()
    after, events = play(state, Attack("mina", "ren"), [1])

    assert (line, label) == (
        describe(events[0], locale, state=after),
        command_label(Attack("mina", "ren"), locale, state=state),
    )
