"""Markers that are statuses, not only modifiers (SK-41 to SK-46, 「類似於造成狀態」)."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import IllegalCommand, InvalidData, ScriptedDice
from tabletop_rules.engine import Pass, begin, step
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.skirmish import (
    RULESET,
    Attack,
    CardSet,
    CombatSetup,
    CombatState,
    Command,
    EndTurn,
    Event,
    Marker,
    MarkerActed,
    MarkerEffect,
    Prepare,
    Status,
    Team,
    TurnEnded,
    TurnStarted,
    UseSkill,
    card_check,
    describe,
    dump_cards,
    greedy_bot,
    load_cards,
    odds,
    read_cards,
    sample_cards,
)
from tabletop_rules.skirmish._bots import _marker_worth, _Worth

#: A hexer's skills, by index: each puts one status on its target; no check (no dice).
STUN, ROOT, SILENCE, POISON, RENEW, SLOW, HASTE, VENOM, SHOVE = range(9)

CARDS = load_cards("""
[[card]]
id = "hexer"
name = "Hexer"
hp = 5
atk = 1
skl = 2
def = 1
[[card.skill]]
name = "Stun"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "marker"
name = "stunned"
duration = 2
effect = { cannot_act = true }
[[card.skill]]
name = "Root"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "marker"
name = "rooted"
duration = 2
effect = { cannot_move = true }
[[card.skill]]
name = "Silence"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "marker"
name = "silenced"
duration = 2
effect = { cannot_respond = true }
[[card.skill]]
name = "Poison"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "marker"
name = "poisoned"
duration = 3
effect = { turn_end_hp = -2 }
[[card.skill]]
name = "Renew"
cost = 1
target = "ally"
[[card.skill.effect]]
kind = "marker"
name = "renewing"
duration = 2
effect = { turn_end_hp = 3 }
[[card.skill]]
name = "Slow"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "marker"
name = "slowed"
duration = 3
effect = { turn_start_ap = -1 }
[[card.skill]]
name = "Haste"
cost = 1
target = "ally"
[[card.skill.effect]]
kind = "marker"
name = "hasted"
duration = 3
effect = { turn_start_ap = 2 }
[[card.skill]]
name = "Venom"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "marker"
name = "venom"
duration = 2
stacks = true
effect = { turn_end_hp = -1 }
[[card.skill]]
name = "Shove"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "move"
rows = 1

[[card]]
id = "guard"
name = "Guard"
hp = 5
atk = 1
skl = 1
def = 1
[[card.skill]]
name = "Parry"
cost = 1
timing = "response"
step = "roll"
[[card.skill.effect]]
kind = "modify"
role = "defender"
amount = 2
""")


def _setup(a: tuple[str, ...], b: tuple[str, ...], cards: CardSet = CARDS) -> CombatSetup:
    return CombatSetup(
        teams=(
            Team(cards=tuple(cards[i] for i in a), rows=(1, 1, 1)),
            Team(cards=tuple(cards[i] for i in b), rows=(2, 2, 2)),
        ),
        library=cards.cards,
    )


def _begin(
    a: tuple[str, ...] = ("hexer",) * 3, b: tuple[str, ...] = ("hexer",) * 3, *, first: str = "a"
) -> Any:
    """Turn 1 of ``a`` (every character of ``a`` has 1 AP); or, if *first* is ``b``, turn 2 of
    ``a`` after ``b``'s first turn (every character has 1 AP)."""
    faces = [4, 4, 1, 2] if first == "a" else [1, 2, 4, 4]
    state = begin(RULESET, _setup(a, b), ScriptedDice(faces))[0]
    return state if first == "a" else run(state, EndTurn("b"))[0]


def run(state: CombatState, command: Command, faces: list[int] | None = None) -> Any:
    """*command* with *faces*, and the state and events after it."""
    dice = ScriptedDice(faces or [])
    after, entry = step(RULESET, state, command, dice)
    assert not dice.remaining
    return after, entry.events


def _passed(state: CombatState) -> CombatState:
    """*state* once every open window is passed (SK-32), with no check left to roll."""
    while state.stack.frames and state.stack.frames[-1].responder is not None:
        state, _ = run(state, Pass(state.stack.frames[-1].responder))
    return state


def _marker_of(state: CombatState, unit: str, name: str) -> int | None:
    for marker in state.unit(unit).markers:
        if marker.name == name:
            return marker.turns
    return None


def _refused(state: CombatState, command: Command) -> str:
    """The reason *command* is refused; the state is as it was (the engine's law)."""
    before = to_json(state)
    with pytest.raises(IllegalCommand) as refused:
        step(RULESET, state, command, ScriptedDice([3, 3, 3, 3]))
    assert before == to_json(state)
    return refused.value.reason


def _of(events: tuple[Event, ...], kind: type[Any]) -> Any:
    return next(e for e in events if isinstance(e, kind))


# --------------------------------------------------------------------------- cannot act


def test_a_stunned_character_is_offered_no_action() -> None:
    """SK-41, SK-10: a marker that says "cannot act" takes its holder out of the menus."""
    state, _ = run(_begin(), UseSkill("a", "a1", STUN, "b1"))
    state, _ = run(state, EndTurn("a"))
    offered = {getattr(c, "unit", None) for c in RULESET.legal_commands(state, actor="b")}
    assert ({"b2", "b3", None}, 1) == (offered, _marker_of(state, "b1", "stunned"))


@pytest.mark.parametrize(
    "command",
    [
        Attack("b", "b1", "a1"),
        Prepare("b", "b1"),
        UseSkill("b", "b1", POISON, "a1"),
    ],
)
def test_a_stunned_characters_actions_are_refused(command: Command) -> None:
    """SK-41: a stunned character's attack, preparatory action and skill are refused."""
    state, _ = run(_begin(), UseSkill("a", "a1", STUN, "b1"))
    state, _ = run(state, EndTurn("a"))
    assert "skirmish.illegal.cannot_act" == _refused(state, command)


def test_a_stun_ends_with_its_duration() -> None:
    """SK-45, SK-46: the stun of 2 lasts through the other player's turn, then goes."""
    state, _ = run(_begin(), UseSkill("a", "a1", STUN, "b1"))
    state, _ = run(state, EndTurn("a"))
    state, _ = run(state, EndTurn("b"))
    state, _ = run(state, EndTurn("a"))
    assert (None, True) == (
        _marker_of(state, "b1", "stunned"),
        Prepare("b", "b1") in RULESET.legal_commands(state, actor="b"),
    )


def test_odds_of_a_stunned_characters_attack_are_none() -> None:
    """SK-41: a character a marker keeps from acting makes no check: its odds are None."""
    state, _ = run(_begin(), UseSkill("a", "a1", STUN, "b1"))
    state, _ = run(state, EndTurn("a"))
    hexer = CARDS["hexer"]
    assert (None, card_check(hexer, hexer, distance=1).probability()) == (
        odds(state, Attack("b", "b1", "a1")),
        odds(state, Attack("b", "b2", "a1")),
    )


# --------------------------------------------------------------------------- cannot move


def test_a_rooted_character_prepares_without_moving() -> None:
    """SK-41, SK-17: a marker that says "cannot move" leaves only the preparation in place."""
    state, _ = run(_begin(), UseSkill("a", "a1", ROOT, "b1"))
    state, _ = run(state, EndTurn("a"))
    prepares = [c for c in RULESET.legal_commands(state, actor="b") if isinstance(c, Prepare)]
    assert [Prepare("b", "b1")] == [c for c in prepares if c.unit == "b1"]
    assert "skirmish.illegal.cannot_move" == _refused(state, Prepare("b", "b1", 3))


def test_a_rooted_character_is_not_moved_by_a_move_effect() -> None:
    """SK-41: a move effect on a character that cannot move leaves it in its row."""
    state, _ = run(_begin(), UseSkill("a", "a1", ROOT, "b1"))
    state, _ = run(state, UseSkill("a", "a2", SHOVE, "b1"))
    state, _ = run(state, UseSkill("a", "a3", SHOVE, "b2"))
    assert (2, 3) == (state.unit("b1").row, state.unit("b2").row)


# --------------------------------------------------------------------------- cannot respond


def test_a_silenced_character_is_not_asked_to_respond() -> None:
    """SK-41, SK-31: with its only responder silenced, no window asks the other player."""
    start = _begin(b=("guard", "hexer", "hexer"), first="b")
    heard, _ = run(start, Attack("a", "a2", "b1"))
    state = _passed(run(start, UseSkill("a", "a1", SILENCE, "b1"))[0])
    state, _ = run(state, Attack("a", "a2", "b1"), [4, 4, 2, 2])
    assert (("b",), (), False) == (
        RULESET.to_act(heard),
        state.stack.frames,
        state.unit("b1").can_respond,
    )


def test_a_silenced_characters_response_is_refused() -> None:
    """SK-41: in a window, the silenced character's response is refused and not offered."""
    start = _begin(b=("guard", "guard", "hexer"), first="b")
    state = _passed(run(start, UseSkill("a", "a1", SILENCE, "b1"))[0])
    state, _ = run(state, Attack("a", "a2", "b2"))
    offered = [c for c in RULESET.legal_commands(state, actor="b") if isinstance(c, UseSkill)]
    assert [UseSkill("b", "b2", 0, None)] == offered
    assert "skirmish.illegal.cannot_respond" == _refused(state, UseSkill("b", "b1", 0, None))


# --------------------------------------------------------------------------- hp at turn end


def test_poison_deals_its_damage_at_every_turn_end() -> None:
    """SK-41, SK-45: the hp change comes at each turn's end, before the marker loses a turn."""
    state, _ = run(_begin(), UseSkill("a", "a1", POISON, "b1"))
    state, events = run(state, EndTurn("a"))
    ended = _of(events, TurnEnded)
    assert (
        (MarkerActed(unit="b1", markers=("poisoned",), change=-2, after=3),),
        3,
        2,
    ) == (ended.marked, state.unit("b1").hp, _marker_of(state, "b1", "poisoned"))


def test_poison_downs_its_holder_at_zero() -> None:
    """SK-40, SK-41: a turn end's damage that takes the holder to 0 hp downs it."""
    state, _ = run(_begin(), UseSkill("a", "a1", POISON, "b1"))
    for player in ("a", "b", "a"):
        state, _ = run(state, EndTurn(player))
    unit = state.unit("b1")
    assert (0, Status.DOWNED, ()) == (unit.hp, unit.status, unit.markers)


def test_healing_at_turn_end_stops_at_the_cards_hp() -> None:
    """SK-41: healing at a turn's end never raises hp above the card's."""
    state, _ = run(_begin(), UseSkill("a", "a1", POISON, "b1"))
    state, _ = run(state, EndTurn("a"))  # b1 at 3 hp
    state, _ = run(state, UseSkill("b", "b2", RENEW, "b1"))
    state, events = run(state, EndTurn("b"))  # -2 + 3
    acted = _of(events, TurnEnded).marked
    assert ((MarkerActed(unit="b1", markers=("poisoned", "renewing"), change=1, after=4),), 4) == (
        acted,
        state.unit("b1").hp,
    )
    state, _ = run(state, EndTurn("a"))  # -2 + 3 again, at most 5
    assert 5 == state.unit("b1").hp


def test_the_same_marker_does_not_stack() -> None:
    """SK-43: poisoning twice keeps one marker; its damage is counted once."""
    state, _ = run(_begin(), UseSkill("a", "a1", POISON, "b1"))
    state, _ = run(state, UseSkill("a", "a2", POISON, "b1"))
    state, events = run(state, EndTurn("a"))
    assert (1, 3) == (len(state.unit("b1").markers), state.unit("b1").hp)
    assert -2 == _of(events, TurnEnded).marked[0].change


def test_a_stacking_marker_counts_each_time() -> None:
    """SK-43: a marker whose effect says it stacks adds its damage each time it is put."""
    state, _ = run(_begin(), UseSkill("a", "a1", VENOM, "b1"))
    state, _ = run(state, UseSkill("a", "a2", VENOM, "b1"))
    state, events = run(state, EndTurn("a"))
    acted = _of(events, TurnEnded).marked
    assert ((MarkerActed(unit="b1", markers=("venom", "venom"), change=-2, after=3),), 3) == (
        acted,
        state.unit("b1").hp,
    )


# --------------------------------------------------------------------------- AP at turn start


def test_slow_takes_ap_at_its_holders_turn_start() -> None:
    """SK-41, SK-07: an AP change at the turn's start comes with the 1 AP of preparation."""
    state, _ = run(_begin(), UseSkill("a", "a1", SLOW, "b1"))
    state, events = run(state, EndTurn("a"))
    started = _of(events, TurnStarted)
    assert ((MarkerActed(unit="b1", markers=("slowed",), change=-1, after=0),), 0, 1) == (
        started.marked,
        state.unit("b1").ap,
        state.unit("b2").ap,
    )


def test_haste_gives_ap_at_its_holders_next_turn_start() -> None:
    """SK-41: the AP comes only at the start of its own player's turns."""
    state, _ = run(_begin(), UseSkill("a", "a1", HASTE, "a2"))
    state, events = run(state, EndTurn("a"))
    assert (1, ()) == (state.unit("a2").ap, _of(events, TurnStarted).marked)
    state, _ = run(state, EndTurn("b"))
    assert (4, 1) == (state.unit("a2").ap, _marker_of(state, "a2", "hasted"))


# --------------------------------------------------------------------------- the log


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (
            "en",
            "At the turn's end, poisoned on Hexer (b1): -2 hp, 3 hp now. a ends the turn;"
            " every marker loses 1.",
        ),
        (
            "zh-Hant",
            "回合結束時，Hexer（b1） 的poisoned：hp -2，現在 hp 3。"
            "a 宣言結束回合；所有標記持續時間-1。",
        ),
        (
            "ja",
            "ターン終了時、Hexer（b1） のpoisoned：hp -2、現在 hp 3。a がターン終了を宣言；"
            "すべてのマーカーの持続時間-1。",
        ),
    ],
)
def test_the_log_tells_the_hp_a_marker_took(locale: str, line: str) -> None:
    """SK-41, SK-45: the turn's end tells each marker's hp change, in three locales."""
    state, _ = run(_begin(), UseSkill("a", "a1", POISON, "b1"))
    state, events = run(state, EndTurn("a"))
    assert line == describe(_of(events, TurnEnded), locale, state=state)


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en", "markers stunned (2 turn ends: cannot act)"),
        ("zh-Hant", "標記 stunned（剩餘 2 回合：不能行動）"),
        ("ja", "マーカー stunned（残り 2 ターン：行動できない）"),
    ],
)
def test_the_log_tells_the_status_a_marker_puts(locale: str, words: str) -> None:
    """SK-41, SK-44: the effect step names the marker, its duration and what it does."""
    state, events = run(_begin(), UseSkill("a", "a1", STUN, "b1"))
    lines = [describe(e, locale, state=state) for e in events]
    assert any(words in line for line in lines), lines


def test_the_log_tells_the_ap_a_marker_took_at_the_turn_start() -> None:
    """SK-41, SK-07: the turn's start tells each marker's AP change."""
    state, _ = run(_begin(), UseSkill("a", "a1", SLOW, "b1"))
    state, events = run(state, EndTurn("a"))
    line = describe(_of(events, TurnStarted), "en", state=state)
    assert line.endswith("slowed on Hexer (b1): -1 AP besides, 0 AP now.")


# --------------------------------------------------------------------------- the greedy bot


def test_the_greedy_bot_does_not_stun_its_own_ally() -> None:
    """SK-41: the greedy bot weighs a status by whom it holds: a stun on an ally is a loss."""
    cards = load_cards("""
[[card]]
id = "jinx"
name = "Jinx"
hp = 5
atk = 0
skl = 0
def = 0
[[card.skill]]
name = "Curse"
cost = 1
target = "ally"
[[card.skill.effect]]
kind = "marker"
name = "cursed"
duration = 2
effect = { cannot_act = true }
""")
    state = begin(
        RULESET,
        CombatSetup(
            teams=(
                Team(cards=(cards["jinx"],) * 3, rows=(0, 0, 0)),
                Team(cards=(cards["jinx"],) * 3, rows=(3, 3, 3)),
            )
        ),
        ScriptedDice([4, 4, 1, 2]),
    )[0]
    chosen = greedy_bot(RULESET, state, random.Random(1))
    assert not isinstance(chosen, UseSkill), chosen


def _witches_and_wolves() -> CombatState:
    """Three Frost Witches of player a in row 0 against three Spirit Wolves of b in row 2."""
    sample = sample_cards()
    setup = CombatSetup(
        teams=(
            Team(cards=(sample["frost_witch"],) * 3, rows=(0, 0, 0)),
            Team(cards=(sample["spirit_wolf"],) * 3, rows=(2, 2, 2)),
        )
    )
    return begin(RULESET, setup, ScriptedDice([4, 4, 1, 2]))[0]


def test_the_greedy_bot_freezes_a_foe_rather_than_pass_its_turn() -> None:
    """SK-41: a stun on an enemy out of reach is worth its 4 AP to the greedy bot."""
    state = _witches_and_wolves()
    for _ in range(6):  # three turns of each: the witches have 4 AP
        state, _ = run(state, EndTurn(state.active))
    chosen = greedy_bot(RULESET, state, random.Random(1))
    assert (UseSkill, 0) == (type(chosen), getattr(chosen, "skill", None))


@pytest.mark.parametrize(
    ("effect", "duration", "on_enemy", "worth"),
    [
        # kept from acting: 3 hp for each of the holder's turns it lasts through
        (MarkerEffect(cannot_act=True), 2, True, Fraction(3)),
        (MarkerEffect(cannot_act=True), 3, False, Fraction(-6)),
        # kept from moving or responding: half an hp each
        (MarkerEffect(cannot_move=True, cannot_respond=True), 1, True, Fraction(1)),
        (MarkerEffect(cannot_respond=True), 4, False, Fraction(-1, 2)),
        # hp at each turn's end, no more than the holder has (its 3 hp)
        (MarkerEffect(turn_end_hp=-2), 3, True, Fraction(3)),
        (MarkerEffect(turn_end_hp=1), 3, False, Fraction(3)),
        # half an hp an AP at its turns' starts; a modifier is worth 1 on either side
        (MarkerEffect(turn_start_ap=1, skl=1), 5, False, Fraction(2)),
        (MarkerEffect(turn_start_ap=1, defense=-1), 5, True, Fraction(0)),
    ],
)
def test_the_greedy_bot_weighs_a_status_in_halves_of_an_hp(
    effect: MarkerEffect, duration: int, on_enemy: bool, worth: Fraction
) -> None:
    """SK-41: the greedy bot's worth of a marker, exactly, as its docstring counts it."""
    state = _witches_and_wolves()
    target = state.unit("b1" if on_enemy else "a2")
    command = UseSkill("a", "a1", 0, target.id)
    skill = state.unit("a1").card.skills[0]
    marker = Marker(name="test", duration=duration, effect=effect)
    assert _marker_worth(_Worth(state, command, skill, target), marker) == worth


# --------------------------------------------------------------------------- the sample cards


def test_three_sample_cards_put_every_status() -> None:
    """SK-41: three or more sample cards put statuses, every kind among them."""
    found: dict[str, set[str]] = {}
    for card in sample_cards().cards:
        for skill in card.skills:
            for effect in skill.effects:
                if not isinstance(effect, Marker):
                    continue
                held = effect.effect
                kinds = {
                    "cannot_act": held.cannot_act,
                    "cannot_move": held.cannot_move,
                    "cannot_respond": held.cannot_respond,
                    "damage at turn end": held.turn_end_hp < 0,
                    "healing at turn end": held.turn_end_hp > 0,
                    "AP at turn start": held.turn_start_ap != 0,
                }
                for kind, has in kinds.items():
                    if has:
                        found.setdefault(kind, set()).add(card.id)
    holders = set().union(*found.values())
    assert (6, True) == (len(found), len(holders) >= 3)


# --------------------------------------------------------------------------- bad input


KNIGHT: dict[str, Any] = {
    "id": "knight",
    "name": "Knight",
    "hp": 5,
    "atk": 2,
    "skl": 2,
    "def": 1,
    "skill": [
        {
            "name": "Stun",
            "cost": 2,
            "target": "enemy",
            "effect": [
                {"kind": "marker", "name": "stunned", "duration": 2, "effect": {"cannot_act": True}}
            ],
        }
    ],
}


def _with_effect(effect: object) -> dict[str, Any]:
    card = json.loads(json.dumps(KNIGHT))
    card["skill"][0]["effect"][0]["effect"] = effect
    return {"card": [card]}


def test_every_status_loads_from_a_card_file() -> None:
    """SK-41, SK-44: a card file names its marker's statuses in the effect table."""
    effect = {
        "cannot_act": True,
        "cannot_move": True,
        "cannot_respond": True,
        "turn_end_hp": -1,
        "turn_start_ap": 2,
    }
    marker = read_cards(_with_effect(effect))["knight"].skills[0].effects[0]
    assert isinstance(marker, Marker)
    assert (
        MarkerEffect(
            cannot_act=True, cannot_move=True, cannot_respond=True, turn_end_hp=-1, turn_start_ap=2
        )
        == marker.effect
    )


@pytest.mark.parametrize(
    ("effect", "where", "words"),
    [
        ({"cannot_act": 1}, ".effect.cannot_act", "true or false"),
        ({"cannot_move": "yes"}, ".effect.cannot_move", "true or false"),
        ({"cannot_respond": None}, ".effect.cannot_respond", "true or false"),
        ({"turn_end_hp": 1000}, ".effect.turn_end_hp", "whole number"),
        ({"turn_start_ap": True}, ".effect.turn_start_ap", "whole number"),
        ({"turn_end_hp": 0}, ".effect", "SK-44"),
        ({"cannot_act": False}, ".effect", "SK-44"),
        ({"sleep": True}, ".effect.sleep", "unknown field"),
        ([True], ".effect", "table"),
    ],
)
def test_bad_statuses_are_invalid_data(effect: object, where: str, words: str) -> None:
    """SK-44: a marker's bad status names the card, the field and the path."""
    with pytest.raises(InvalidData) as raised:
        read_cards(_with_effect(effect))
    assert raised.value.path.endswith(where), raised.value.path
    assert "'knight'" in raised.value.detail
    assert words in raised.value.detail


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 200) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=12,
)
_STATUS_KEYS = st.sampled_from(
    ["cannot_act", "cannot_move", "cannot_respond", "turn_end_hp", "turn_start_ap", "skl", "x"]
)


@given(st.dictionaries(_STATUS_KEYS, _JSON, max_size=5))
def test_fuzzed_statuses_raise_only_invalid_data(effect: dict[str, object]) -> None:
    """SK-41, SK-44: any marker effect of statuses loads or raises InvalidData, nothing else."""
    try:
        read_cards(_with_effect(effect))
    except InvalidData as error:
        detail = error.detail
    else:
        detail = "'knight'"
    assert "'knight'" in detail


@given(st.dictionaries(_STATUS_KEYS, _JSON, max_size=5))
def test_fuzzed_status_files_raise_only_invalid_data(effect: dict[str, object]) -> None:
    """SK-41, SK-44: a JSON card file with any statuses loads or raises InvalidData."""
    text = json.dumps(_with_effect(effect))
    try:
        load_cards(text, format="json")
    except InvalidData as error:
        path = error.path
    else:
        path = "$"
    assert path.startswith("$.card[0]") or path == "$"


@pytest.mark.parametrize(
    ("fields", "path"),
    [
        ({"cannot_act": 1}, "$.cannot_act"),
        ({"cannot_move": "no"}, "$.cannot_move"),
        ({"turn_end_hp": "1"}, "$.turn_end_hp"),
        ({"turn_start_ap": 10**6}, "$.turn_start_ap"),
    ],
)
def test_a_marker_effect_of_bad_values_is_invalid_data(fields: dict[str, Any], path: str) -> None:
    """SK-44: a status built in Python with a value of the wrong kind names its field."""
    with pytest.raises(InvalidData) as raised:
        MarkerEffect(**fields)
    assert path == raised.value.path


def test_statuses_round_trip_through_a_card_file_and_json() -> None:
    """SK-41: cards with statuses are written and read back equal; a game's state too."""
    cards = sample_cards()
    state, _ = run(_begin(), UseSkill("a", "a1", STUN, "b1"))
    assert (cards, state) == (
        load_cards(dump_cards(cards)),
        from_json(to_json(state), CombatState),
    )
