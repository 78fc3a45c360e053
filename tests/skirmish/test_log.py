"""The game log and the chat help in every locale."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import InvalidData, InvalidNotation, engine, notation
from tabletop_rules.checks import Term
from tabletop_rules.dice import Roll, ScriptedDice
from tabletop_rules.i18n import LOCALES
from tabletop_rules.simulation import play
from tabletop_rules.skirmish import (
    RULESET,
    TWO_D6,
    Action,
    ActionKind,
    Advanced,
    Card,
    Check,
    CombatSetup,
    Deck,
    Declared,
    Ended,
    EndTurn,
    GameEnded,
    Paid,
    Resolved,
    Rolled,
    Rulings,
    Step,
    Stepped,
    TargetLost,
    UseSkill,
    command_label,
    describe,
    sample_cards,
    sample_setup,
)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_event_of_a_game_has_a_line(locale: str) -> None:
    """SK-09, SK-30: every event of a whole game is told in each locale, with no raw key."""
    record = play(RULESET, sample_setup("arcane", "bastion"), seed=11)
    state = RULESET.start(record.setup)
    for event in record.events:
        state = RULESET.evolve(state, event)
        line = describe(event, locale, state=state)
        assert line
        assert "skirmish." not in line


def test_describe_refuses_what_is_no_event() -> None:
    """An object that is no skirmish event, or an Advanced event without steps or with an
    event among its steps, raises InvalidData."""
    bad: list[object] = [object(), Advanced(()), Advanced((EndTurn("a"),))]  # type: ignore[arg-type]
    for event in bad:
        with pytest.raises(InvalidData):
            describe(event)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "a1 pays 1 AP; 2 AP left. The action of a1 ends."),
        ("ja", "a1 が行動点を 1 消費；残り 2。a1 の行動終了。"),
        ("zh-Hant", "a1 消耗 1 點行動點；剩下 2 點。a1 的行動結束。"),
    ],
)
def test_an_advanced_event_is_one_line(locale: str, expected: str) -> None:
    """SK-30: the steps no one answered are told in order on one line; a step without a roll
    is told only when the steps stop there."""
    steps = (Paid("a1", 2, True, 1), Stepped(Step.ROLL, True), Ended("a1"))
    assert describe(Advanced(steps), locale) == expected


def test_a_check_rolled_among_the_steps_is_told_on_the_line() -> None:
    """SK-22, SK-30: a check the rules rolled when its window closed is one of the steps."""
    result = Check(actor=(Term("skirmish.term.skl", 2),), defender=()).judge(
        Roll(TWO_D6, (4, 4)), Roll(TWO_D6, (1, 2))
    )
    steps = (Paid("a1", 1, True, 2), Rolled(result, 1), Resolved(success=True), Ended("a1"))
    assert (
        "a1 pays 2 AP; 1 AP left. Check: 2D6[4,4] +2 skl = 10 > 3 (2D6[1,2]) Success. "
        "Effect: -. The action of a1 ends."
    ) == describe(Advanced(steps), "en")


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "b3 can no longer be the target of a1: the action comes to nothing."),
        ("zh-Hant", "b3 已無法成為 a1 的目標：行動無效。"),
        ("ja", "b3 はもう a1 の対象にできない：行動は無効。"),
    ],
)
def test_a_lost_target_is_told(locale: str, expected: str) -> None:
    """SK-30: a target no longer a target at step 1 leaves the action with nothing to do."""
    assert expected == describe(Advanced((TargetLost("a1", "b3"),)), locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_chat_help_in_every_locale(locale: str) -> None:
    """SK-06, SK-25: the chat command has its help in each locale."""
    text = notation.help_text("skirmish", locale)
    assert "SK+N>DEF+M@D" in text


def test_a_malformed_chat_command_says_where() -> None:
    """SK-25: SK+3>DEX is a skirmish command that cannot be read; the error gives a column."""
    with pytest.raises(InvalidNotation) as raised:
        notation.parse("SK+3>DEX", system="skirmish")
    assert raised.value.position == 5


@given(st.from_type(Card), st.from_type(CombatSetup), st.from_type(Deck))
def test_strategies_are_registered_for_from_type(
    card: Card, setup: CombatSetup, deck: Deck
) -> None:
    """SK-01: st.from_type draws valid cards, setups and decks."""
    assert card.hp >= 1
    assert RULESET.start(setup).units
    assert len(deck.cards) == 3


@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_turn_line_fits_the_ruling(locale: str) -> None:
    """SK-36: with Rulings(last_turn=2) the end's line does not speak of the 12th turn."""
    dice = ScriptedDice([6, 5, 2, 3])
    state, _ = engine.begin(RULESET, sample_setup(rulings=Rulings(last_turn=2)), dice)
    events: tuple[Any, ...] = ()
    for command in (EndTurn("a"), EndTurn("b")):
        state, entry = engine.step(RULESET, state, command, dice)
        events = entry.events
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.reason == "skirmish.result.last_turn"
    assert "12" not in describe(ended, locale, state=state)


@given(data=st.data())
def test_a_skill_the_card_lacks_is_refused_by_the_log_and_the_menu(data: st.DataObject) -> None:
    """Issue 26 (a bare ``IndexError``, and a negative index named another skill): with the
    state, ``describe`` of a declared skill and ``command_label`` of a skill command name the
    card's skill when it has one at that index, and refuse any other index (one the card
    lacks, or one below 0) with ``InvalidData`` at the index's path."""
    state = RULESET.start(sample_setup("arcane", "bastion"))
    unit = data.draw(st.sampled_from(state.units), label="unit")
    skills = unit.card.skills
    index = data.draw(st.integers(-len(skills) - 2, len(skills) + 2), label="index")
    event = Declared(unit.owner, Action(kind=ActionKind.SKILL, unit=unit.id, skill=index))
    command = UseSkill(actor=unit.owner, unit=unit.id, skill=index)
    if 0 <= index < len(skills):
        assert skills[index].name in describe(event, "en", state=state)
        assert skills[index].name in command_label(command, "en", state=state)
        return
    with pytest.raises(InvalidData) as described:
        describe(event, "en", state=state)
    with pytest.raises(InvalidData) as labelled:
        command_label(command, "en", state=state)
    assert ("$.action.skill", "$.skill") == (described.value.path, labelled.value.path)


def test_a_card_set_is_a_mapping_of_ids() -> None:
    """Issue 26 (``list(sample_cards())`` raised ``KeyError: 0``), SK-01: a card set
    iterates its ids in file order, and has a length, values and items."""
    cards = sample_cards()
    assert list(cards) == list(cards.ids)
    assert (len(cards.cards), list(cards.cards)) == (len(cards), list(cards.values()))
    assert dict(cards.items()) == {card.id: card for card in cards.cards}
