"""Dice!'s ``.draw`` decks and HKTRPG's tables: reading, drawing, exact odds, state, JSON.

The formats are Dice!'s (``Dice/CardDeck.cpp``: weights ``::n::``, references ``{deck}``
drawn without replacement within one draw and ``{%deck}`` with it, rolls ``[1d6]``,
``\\{`` and ``\\[`` escapes, a deck of one card drawn without a roll) and HKTRPG's
(``roll/z_random_ans.js``: ``.ra add 名稱 選項...``, ``{ran:N}``, ``{random:a-b}``, ``{br}``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules.dice import Dice, Roll, ScriptedDice, SeededDice
from tabletop_rules.errors import DiceExhausted, InvalidData, LimitExceeded
from tabletop_rules.notation import Limits
from tabletop_rules.serialization import from_json, to_json
from tabletop_rules.tables import (
    Card,
    Deck,
    Decks,
    DeckState,
    DrawResult,
    read_dice_decks,
    read_hktrpg_table,
)

TAROT = (
    '{"塔罗牌": ["【0】愚者", "【1】魔术师", "【2】女祭司"], "正逆": ["正位", "逆位"],'
    ' "圣三角牌阵": ["过去：{塔罗牌} {%正逆}\\n现在：{塔罗牌} {%正逆}"]}'
)


class NoDice:
    """A dice source that fails the test if anything is rolled."""

    def roll(self, dice: Dice) -> Roll:
        raise AssertionError(f"nothing may be rolled, but {dice} was")


def test_a_weight_makes_copies() -> None:
    """``::2::pear`` is a card of weight 2: face 2 and 3 of a d4 both draw it."""
    decks = read_dice_decks('{"fruit": ["apple", "::2::pear", "plum"]}')
    drawn = [decks.draw("fruit", ScriptedDice([face])).cards[0] for face in (1, 2, 3, 4)]
    assert ["apple", "pear", "pear", "plum"] == drawn


def test_a_weight_that_is_no_number_leaves_the_text() -> None:
    """Dice! reads ``::x::`` and ``::0::`` as text, not as a weight."""
    decks = read_dice_decks('{"d": ["a::x::b", "::0::c"]}')
    assert (Card(text="a::x::b"), Card(text="::0::c")) == decks.deck("d").cards


def test_a_rolled_weight_is_refused_with_what_to_write() -> None:
    """A weight that Dice! would roll (``::[1d3]::``) is refused, at the card."""
    with pytest.raises(InvalidData) as raised:
        read_dice_decks('{"d": ["a", "::[1d3]::b"]}')
    assert "$.d[1]" == raised.value.path


def test_references_draw_without_replacement_within_one_draw() -> None:
    """The tarot spread: ``{塔罗牌}`` twice gives two different cards, ``{%正逆}`` repeats."""
    decks = read_dice_decks(TAROT)
    result = decks.draw("圣三角牌阵", ScriptedDice([3, 2, 1, 2]))
    assert "过去：【2】女祭司 逆位\n现在：【0】愚者 逆位" == result.cards[0]


def test_a_deck_of_one_card_draws_it_without_a_roll() -> None:
    """Dice! draws the only card left without rolling."""
    decks = read_dice_decks('{"one": ["only"]}')
    assert ("only",) == decks.draw("one", NoDice()).cards


def test_rolls_in_brackets_roll_after_the_references() -> None:
    """``[1d10+7]`` rolls, after the card's references; ``[5]`` is a number."""
    decks = read_dice_decks('{"age": ["age [1d10+7] {size} [5]"], "size": ["small", "tall"]}')
    assert "age 10 tall 5" == decks.draw("age", ScriptedDice([2, 3])).cards[0]


def test_escapes_and_unknown_names_stay_text() -> None:
    """``\\{x}`` and ``\\[1d6]`` are text, and ``{nick}`` (no deck) stays as written."""
    decks = read_dice_decks(r'{"d": ["\\{d} \\[1d6] {nick} [not dice]"]}')
    assert "{d} [1d6] {nick} [not dice]" == decks.draw("d", NoDice()).cards[0]


def test_loops_are_refused_when_read() -> None:
    """Decks that refer to one another in a loop are refused, naming the loop."""
    with pytest.raises(InvalidData) as raised:
        read_dice_decks('{"a": ["x", "{b}"], "b": ["{c}"], "c": ["{a}"]}')
    assert (
        "$.c[0]",
        "the decks refer to one another in a loop (a → b → c → a): a draw would never end",
    ) == (raised.value.path, raised.value.detail)


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("[1, 2]", "$"),
        ('{"a": "x"}', "$.a"),
        ('{"a": ["x", 3]}', "$.a[1]"),
        ('{"a": []}', "$.a"),
        ('{"a": ["x"], "a": ["y"]}', "$"),
        ('{"a": ["x"]', "$"),
        ('{" a": ["x"]}', '$[" a"]'),
        ('{"飲み物": [null]}', '$["飲み物"][0]'),
    ],
)
def test_bad_deck_files_raise_invalid_data_with_the_path(text: str, path: str) -> None:
    """A file that is no deck file is refused at the bad field."""
    with pytest.raises(InvalidData) as raised:
        read_dice_decks(text)
    assert path == raised.value.path


def test_without_replacement_the_state_carries_what_is_left() -> None:
    """A draw without replacement returns what is left; the next draw goes on from it."""
    decks = read_dice_decks('{"d": ["a", "::2::b", "c"]}')
    first = decks.draw("d", ScriptedDice([2, 1]), times=2)
    second = decks.draw("d", ScriptedDice([2]), state=first.state)
    assert (("b", "a"), DeckState(deck="d", left=(0, 1, 1)), ("c",)) == (
        first.cards,
        first.state,
        second.cards,
    )


def test_a_state_from_json_draws_alike() -> None:
    """A state stored as JSON and read back draws as the state itself does."""
    decks = read_dice_decks('{"d": ["a", "b", "c"]}')
    state = decks.draw("d", ScriptedDice([1])).state
    restored = from_json(to_json(state), DeckState)
    assert decks.draw("d", ScriptedDice([2]), state=state) == decks.draw(
        "d", ScriptedDice([2]), state=restored
    )


def test_an_empty_state_starts_a_fresh_deck() -> None:
    """When nothing is left, the next draw starts from the whole deck again."""
    decks = read_dice_decks('{"d": ["a", "b"]}')
    state = DeckState(deck="d", left=(0, 0))
    assert ("b",) == decks.draw("d", ScriptedDice([2]), state=state).cards


def test_drawing_more_cards_than_are_left_is_refused() -> None:
    """Without replacement, asking more cards than are left says how many are."""
    decks = read_dice_decks('{"d": ["a", "b"]}')
    with pytest.raises(InvalidData) as raised:
        decks.draw("d", NoDice(), times=3)
    assert ("$.times", "only 2 cards are left in 'd', not 3") == (
        raised.value.path,
        raised.value.detail,
    )


def test_a_state_of_another_deck_is_refused() -> None:
    """A state whose counts do not fit the deck is refused at its field."""
    decks = read_dice_decks('{"d": ["a", "b"]}')
    with pytest.raises(InvalidData) as raised:
        decks.draw("d", NoDice(), state=DeckState(deck="d", left=(2, 0)))
    assert "$.state.left[0]" == raised.value.path


def test_a_failed_draw_takes_no_scripted_face() -> None:
    """A draw whose dice run out gives every face back, so the bot can ask again."""
    decks = read_dice_decks('{"d": ["{e} {e}"], "e": ["x", "y", "z"]}')
    dice = ScriptedDice([1])
    with pytest.raises(DiceExhausted):
        decks.draw("d", dice)
    assert (1,) == dice.remaining


@pytest.mark.parametrize("locale", ["en", "zh-Hant", "ja"])
def test_a_draw_is_explained_in_each_locale(locale: str) -> None:
    """The explanation names the deck and the cards, in the player's locale."""
    result = read_dice_decks('{"fruit": ["apple", "pear"]}').draw(
        "fruit", ScriptedDice([2]), times=2
    )
    expected = {
        "en": "Drew from fruit: pear | apple",
        "zh-Hant": "從「fruit」抽到：pear | apple",
        "ja": "「fruit」から引きました：pear | apple",
    }[locale]
    assert expected == result.render(locale)


def test_hktrpg_tables_read_options_and_codes() -> None:
    """HKTRPG's codes become rolls and line breaks; its own codes stay for the bot."""
    decks = read_hktrpg_table(
        ".ra add 寶箱 金幣{ran:100}枚 {random:5-20}支箭 地圖{br}背面 {my.name}的[信]"
    )
    cards = decks.deck("寶箱").cards
    assert ("金幣[1D100]枚", "[1D16+4]支箭", "地圖\n背面", "\\{my.name}的\\[信]") == tuple(
        card.text for card in cards
    )
    assert ("金幣42枚", "9支箭", "{my.name}的[信]") == (
        decks.draw("寶箱", ScriptedDice([1, 42])).cards[0],
        decks.draw("寶箱", ScriptedDice([2, 5])).cards[0],
        decks.draw("寶箱", NoDice(), state=DeckState(deck="寶箱", left=(0, 0, 0, 1))).cards[0],
    )


@pytest.mark.parametrize(
    ("text", "path"),
    [("", "$"), ("九大陣營", "$.cards"), (".ra add show a b", "$.name")],
)
def test_bad_hktrpg_tables_are_refused(text: str, path: str) -> None:
    """An HKTRPG table without a name or options, or named as a command word, is refused."""
    with pytest.raises(InvalidData) as raised:
        read_hktrpg_table(text)
    assert path == raised.value.path


@st.composite
def decks_files(draw: st.DrawFn) -> Decks:
    """Deck files of up to three decks, each card drawing from a deck after it or not."""
    count = draw(st.integers(1, 3))
    names = [f"d{index}" for index in range(count)]
    decks: list[Deck] = []
    for index in range(count):
        cards: list[Card] = []
        for number in range(draw(st.integers(1, 4))):
            text = f"c{number}"
            later = names[index + 1 :]
            refers = draw(st.booleans())
            if later and refers:
                text += "{" + draw(st.sampled_from(["", "%"])) + draw(st.sampled_from(later)) + "}"
            cards.append(Card(text=text, weight=draw(st.integers(1, 3))))
        decks.append(Deck(name=names[index], cards=tuple(cards)))
    return Decks(tuple(decks))


@given(decks_files())
def test_odds_of_one_draw_equal_enumeration(decks: Decks) -> None:
    """Drawing with every face of the die gives each card exactly its odds × faces."""
    deck = decks.decks[0]
    faces = [[face] for face in range(1, deck.copies + 1)] if len(deck.cards) > 1 else [[]]
    counts: Counter[str] = Counter()
    for first in faces:
        result = decks.draw(deck.name, _ThenSeeded(ScriptedDice(first)))
        counts[result.cards[0][:2]] += deck.copies if not first else 1
    expected: Counter[str] = Counter()
    for card, chance in decks.odds(deck.name):
        expected[card.text[:2]] += chance * deck.copies  # type: ignore[assignment]
    assert dict(expected) == dict(counts)


@given(decks_files(), st.integers(1, 3))
def test_probability_without_replacement_equals_enumeration(decks: Decks, times: int) -> None:
    """Every sequence of faces of ``times`` draws gives each text exactly its probability."""
    deck = decks.decks[0]
    times = min(times, deck.copies)
    sequences = list(
        itertools.product(*(range(1, deck.copies - taken + 1) for taken in range(times)))
    )
    hits: Counter[str] = Counter()
    for faces in sequences:
        left = [card.weight for card in deck.cards]
        drawn: set[str] = set()
        for face in faces:
            index = _copy_at(left, face)
            left[index] -= 1
            drawn.add(deck.cards[index].text)
        hits.update(drawn)
    for card in deck.cards:
        expected = decks.probability(deck.name, card.text, times=times) * len(sequences)
        assert expected == hits[card.text]


def _copy_at(left: list[int], face: int) -> int:
    for index, count in enumerate(left):
        face -= count
        if face <= 0:
            return index
    raise AssertionError("face beyond the copies")


class _ThenSeeded:
    """Scripted faces first, then seeded ones (for the references after the first card)."""

    def __init__(self, first: ScriptedDice) -> None:
        self.first = first
        self.rest = SeededDice(0)

    def roll(self, dice: Dice) -> Roll:
        if self.first.remaining:
            return self.first.roll(dice)
        return self.rest.roll(dice)


@given(decks_files(), st.integers(), st.integers(1, 3), st.booleans())
def test_decks_states_and_draws_round_trip_through_json(
    decks: Decks, seed: int, times: int, replace: bool
) -> None:
    """A deck file, a draw and its state come back equal from JSON."""
    name = decks.decks[0].name
    times = min(times, decks.decks[0].copies)
    result = decks.draw(name, SeededDice(seed), times=times, replace=replace)
    assert (decks, result) == (
        from_json(to_json(decks), Decks),
        from_json(to_json(result), DrawResult),
    )


@given(decks_files(), st.integers())
def test_every_draw_gives_a_text_without_unfilled_references(decks: Decks, seed: int) -> None:
    """A draw fills every reference: no ``{d…}`` of the file is left in its text."""
    result = decks.draw(decks.decks[0].name, SeededDice(seed))
    assert not any("{d" in card or "{%d" in card for card in result.cards)


def test_the_worst_case_of_references_is_refused_before_rolling() -> None:
    """A deck whose cards could expand more references than allowed rolls nothing."""
    decks = read_dice_decks('{"a": ["{b}{b}{b}"], "b": ["{c}{c}{c}"], "c": ["x", "y"]}')
    with pytest.raises(LimitExceeded) as raised:
        decks.draw("a", NoDice(), limits=Limits(max_references=11))
    assert ("references", 11, 12) == (
        raised.value.limit,
        raised.value.allowed,
        raised.value.given,
    )


def test_the_depth_of_references_is_limited() -> None:
    """References nested deeper than ``max_depth`` are refused before rolling."""
    decks = read_dice_decks('{"a": ["{b}"], "b": ["{c}"], "c": ["x"]}')
    with pytest.raises(LimitExceeded) as raised:
        decks.draw("a", NoDice(), limits=Limits(max_depth=1))
    assert ("depth", 2) == (raised.value.limit, raised.value.given)


def test_the_worst_text_length_is_limited() -> None:
    """A draw that could give more characters than ``max_output`` is refused."""
    decks = read_dice_decks('{"a": ["{b}{b}"], "b": ["' + "x" * 60 + '", "y"]}')
    with pytest.raises(LimitExceeded) as raised:
        decks.draw("a", NoDice(), limits=Limits(max_output=100))
    assert ("output", 120) == (raised.value.limit, raised.value.given)


def test_draws_are_limited_by_the_repeats() -> None:
    """One draw takes at most ``max_repeats`` cards."""
    decks = read_dice_decks('{"a": ["x", "y"]}')
    with pytest.raises(LimitExceeded) as raised:
        decks.draw("a", NoDice(), times=5, replace=True, limits=Limits(max_repeats=4))
    assert "repeats" == raised.value.limit


def test_too_many_decks_or_cards_are_refused() -> None:
    """A file of more decks or cards than ``max_entries`` is refused as a limit."""
    with pytest.raises(LimitExceeded):
        read_dice_decks('{"a": ["1", "2", "3"]}', limits=Limits(max_entries=2))
    with pytest.raises(LimitExceeded):
        read_dice_decks('{"a": ["1"], "b": ["1"], "c": ["1"]}', limits=Limits(max_entries=2))


def test_with_replacement_the_odds_compound() -> None:
    """With replacement, the chance of a card among two draws is 1 − (1 − p)²."""
    decks = read_dice_decks('{"d": ["a", "::3::b"]}')
    assert Fraction(7, 16) == decks.probability("d", "a", times=2, replace=True)
