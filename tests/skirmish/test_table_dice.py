"""A table with physical dice plays a whole skirmish game through dice that ask for faces.

The rules roll the first player and every check on their own (SK-02, SK-30 step 2): the
table answers each roll when the rules make it, with :class:`~tabletop_rules.dice.AskingDice`.
"""

from __future__ import annotations

import random

import pytest

from tabletop_rules import InvalidData, engine
from tabletop_rules.dice import AskingDice, Dice
from tabletop_rules.errors import InvalidDice, InvalidDiceFace
from tabletop_rules.simulation import random_bot
from tabletop_rules.skirmish import RULESET, Attack, sample_setup


class Table:
    """Players who roll real dice: each answer comes from their own (seeded) hands."""

    def __init__(self, seed: int) -> None:
        self.hands = random.Random(seed)
        self.asked: list[Dice] = []

    def __call__(self, dice: Dice) -> list[int]:
        self.asked.append(dice)
        return [self.hands.randint(1, dice.sides) for _ in range(dice.count)]


def test_a_whole_game_with_faces_asked_of_the_table() -> None:
    """SK-02, SK-22, SK-30, SK-35: a game with faces asked of the table reaches its end.

    Every roll the rules make is asked of the table, the record keeps the faces, and a
    verified replay of it gives the live state.
    """
    table = Table(7)
    dice = AskingDice(table)
    bot = random.Random(7)
    state, record = engine.begin(RULESET, sample_setup(), dice)
    for _ in range(2_000):
        if RULESET.is_over(state):
            break
        state, entry = engine.step(RULESET, state, random_bot(RULESET, state, bot), dice)
        record = record.append(entry)
    assert state.result is not None
    faces = [face for entry in record.entries for face in entry.faces]
    assert (sum(d.count for d in table.asked), {"2D6"}) == (
        len(faces),
        {str(d) for d in table.asked},
    )
    assert engine.replay(record, RULESET) == state


def test_a_scripted_table_plays_a_known_game() -> None:
    """SK-02, SK-12: the answers of a table, one list of faces a roll, in the order asked."""
    answers = iter([[4, 4], [1, 2], [6, 5], [1, 1]])  # a first; then a1's attack hits
    dice = AskingDice(lambda wanted: next(answers))
    state, _ = engine.begin(RULESET, sample_setup("wilds", "vanguard"), dice)
    state, entry = engine.step(RULESET, state, Attack("a", "a1", "b1"), dice)
    assert ((6, 5, 1, 1), 5) == (entry.faces, state.unit("b1").hp)


@pytest.mark.parametrize(
    ("answer", "error"),
    [([7, 1], InvalidDiceFace), ([3], InvalidDice), ([1, 2, 3], InvalidDice), ("34", InvalidData)],
)
def test_faces_that_do_not_fit_are_refused_and_change_nothing(
    answer: object, error: type[Exception]
) -> None:
    """SK-22: faces a d6 cannot show, or too few or many, refuse the command: nothing changed.

    The table may send the command again and answer again.
    """
    first = iter([[4, 4], [1, 2]])
    setup = sample_setup("wilds", "vanguard")  # no one can respond to a's first attack
    state, _ = engine.begin(RULESET, setup, AskingDice(lambda _: next(first)))
    with pytest.raises(error):
        engine.step(RULESET, state, Attack("a", "a1", "b1"), AskingDice(lambda _: answer))  # type: ignore[arg-type, return-value]
    again, entry = engine.step(
        RULESET, state, Attack("a", "a1", "b1"), AskingDice(lambda _: [6, 6])
    )
    assert entry.faces == (6, 6)
    assert again.unit("b1").hp == 5


def test_an_endless_answer_is_read_in_bounded_time() -> None:
    """An answer that never ends is refused after one face more than the dice have."""
    import itertools

    with pytest.raises(InvalidDice):
        AskingDice(lambda _: itertools.count(1)).roll(Dice(2, 6))


def test_asking_needs_something_to_ask() -> None:
    """AskingDice refuses an *ask* that cannot be called, at ``$.ask``."""
    with pytest.raises(InvalidData) as raised:
        AskingDice([3, 4])  # type: ignore[arg-type]
    assert raised.value.path == "$.ask"
