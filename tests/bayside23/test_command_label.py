"""bayside23 menus: a localized one-line label for every battle command."""

from __future__ import annotations

import typing

import pytest

from tabletop_rules import ScriptedDice, engine
from tabletop_rules.bayside23 import (
    RULESET,
    Attack,
    Cast,
    Character,
    CombatSetup,
    CombatState,
    Command,
    Feature,
    FinishingStrike,
    Flee,
    ForgoStrike,
    Obstacle,
    Overcome,
    Participant,
    Ready,
    SessionLedger,
    Side,
    Spell,
    SwitchWeapon,
    UseArtifact,
    Wait,
    Weapon,
    command_label,
)
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import LOCALES
from tabletop_rules.m20 import Hide


def _character(name: str) -> Character:
    return Character(name=name, strength=12, mind=12, agility=12, hp=5, feature=Feature("頑固", 3))


SETUP = CombatSetup(
    participants=[
        Participant(
            id="mina",
            character=_character("ミナ"),
            weapons=[Weapon(name="剣"), Weapon(name="弓", ranged=True)],
        ),
        Participant(
            id="ren",
            character=_character("レン"),
            spells=[Spell(name="火炎"), Spell(name="癒し", heals=True)],
        ),
        Participant(id="g1", character=_character("ゴブリンA"), side=Side.ENEMIES),
        Participant(id="g2", character=_character("ゴブリンB"), side=Side.ENEMIES),
    ],
    ledger=SessionLedger(artifacts=("星の指輪",)),
)

#: One of each command and each variant a menu shows (a heal, both strike dice).
EVERY: tuple[Command, ...] = (
    Attack("mina", "g1"),
    Cast(actor="ren", target="g1", spell=0),
    Cast(actor="ren", target="mina", spell=1),
    SwitchWeapon("mina", 1),
    Ready("mina"),
    Wait("mina"),
    Flee("mina"),
    UseArtifact("mina", "星の指輪"),
    FinishingStrike(actor="mina", target="g1", sides=3),
    FinishingStrike(actor="mina", target="g1", sides=6),
    ForgoStrike("mina"),
    Overcome(actor="mina"),
    Overcome(actor="mina", obstacle=Obstacle.LOCK, difficulty=4, skill="解錠"),
)


def assert_rendered(label: str) -> None:
    assert label
    assert "{" not in label
    assert "}" not in label
    assert "bayside23." not in label
    assert "\n" not in label


def test_every_command_type_is_covered() -> None:
    """BAY-14: the examples hold every type of the Command union."""
    assert {type(c) for c in EVERY} == set(typing.get_args(Command))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_command_has_a_label(locale: str) -> None:
    """BAY-13, BAY-14, BAY-15, BAY-33, BAY-47: every command and variant has its own label,
    with names when the state is given and ids without it."""
    state = RULESET.start(SETUP)
    named = [command_label(c, locale, state=state) for c in EVERY]
    bare = [command_label(c, locale) for c in EVERY]
    for label in (*named, *bare):
        assert_rendered(label)
    assert len(set(named)) == len(named)
    assert not any("mina" in label for label in named)
    assert not any("ミナ" in label for label in bare)


def test_labels_name_characters_weapons_and_spells() -> None:
    """BAY-14, BAY-15, BAY-24: a menu names the character, the spell (a heal says so) and the
    weapon to take."""
    state = RULESET.start(SETUP)
    assert "レン が「癒し」で ミナ を回復" == command_label(
        Cast(actor="ren", target="mina", spell=1), "ja", state=state
    )
    assert "レン が ゴブリンA に魔法「火炎」を使う" == command_label(
        Cast(actor="ren", target="g1", spell=0), "ja", state=state
    )
    assert "ミナ switches to 弓" == command_label(SwitchWeapon("mina", 1), "en", state=state)
    assert "ミナ が ゴブリンB の生命力を 1D6 減らす" == command_label(
        FinishingStrike(actor="mina", target="g2"), "ja", state=state
    )


def test_without_a_state_gear_is_numbered() -> None:
    """BAY-14, BAY-24: without a state (or for an index the combatant lacks), a weapon or a
    spell is shown by its place in the list, from #1."""
    assert "ren casts #2 on mina" == command_label(Cast(actor="ren", target="mina", spell=1))
    assert "mina が「#1」に持ち替える" == command_label(SwitchWeapon("mina", 0), "ja")
    state = RULESET.start(SETUP)
    assert "レン casts #8 on ミナ" == command_label(
        Cast(actor="ren", target="mina", spell=7), state=state
    )


def test_an_artifact_keeps_its_name() -> None:
    """BAY-47: an artifact is named as written, even if a participant's id spells the same."""
    state = RULESET.start(SETUP)
    assert "ミナ uses the artifact ren" == command_label(UseArtifact("mina", "ren"), state=state)


def test_legal_commands_have_labels() -> None:
    """BAY-13, BAY-14: every command of a turn's menu has a distinct label in every locale."""
    state, _ = engine.begin(RULESET, SETUP, ScriptedDice([2, 1, 5, 6]))
    commands = RULESET.legal_commands(state)
    assert len(commands) > 3
    for locale in LOCALES:
        labels = [command_label(c, locale, state=state) for c in commands]
        for label in labels:
            assert_rendered(label)
        assert len(set(labels)) == len(labels)


def test_two_of_one_name_are_told_apart() -> None:
    """BAY-13, BAY-20: two combatants of one name are named with their ids in a menu."""
    twins = CombatSetup(
        participants=[
            Participant(id="mina", character=_character("ミナ"), weapons=[Weapon(name="剣")]),
            Participant(id="g1", character=_character("ゴブリン"), side=Side.ENEMIES),
            Participant(id="g2", character=_character("ゴブリン"), side=Side.ENEMIES),
        ]
    )
    state = RULESET.start(twins)
    assert "ミナ attacks ゴブリン (g2)" == command_label(Attack("mina", "g2"), state=state)
    assert "ミナ が ゴブリン（g1） を攻撃" == command_label(Attack("mina", "g1"), "ja", state=state)


def test_what_is_no_command_is_refused() -> None:
    """BAY-14: a label of another system's command, or of a wrong state, raises InvalidData."""
    with pytest.raises(InvalidData):
        command_label(Hide(actor="a", target="b"))  # type: ignore[arg-type]
    with pytest.raises(InvalidData):
        command_label("wait")  # type: ignore[arg-type]
    with pytest.raises(InvalidData):
        command_label(Wait("mina"), state=SETUP)  # type: ignore[arg-type]
    assert isinstance(RULESET.start(SETUP), CombatState)
