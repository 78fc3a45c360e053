"""The blank book (情景記憶) and riddles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import from_json, to_json
from tabletop_rules.bayside23 import BlankBook, Clue, Hint, Riddle, normalize_answer
from tabletop_rules.bayside23.strategies import blank_books, names, riddles
from tabletop_rules.errors import IllegalCommand, InvalidCheck, InvalidData

MURAL = Clue(text="扉は『ＳＵＮ』の名を待つ", place="壁画の間", recordable=True)
RIDDLE = Riddle(
    question="昼を照らすものの名は？",
    answers=("sun", "太陽"),
    hints=(Hint(text="壁画を見よ", place="別部屋"), Hint(text="空を見よ")),
)


def test_clues_are_recorded_verbatim() -> None:
    """BAY-42, BAY-43: what the GM presents is written exactly as given, full-width and all."""
    book = BlankBook().record(MURAL)
    assert book.entries == (MURAL,)
    assert book.entries[0].text == "扉は『ＳＵＮ』の名を待つ"


def test_only_where_the_gm_allows() -> None:
    """BAY-45: information is recorded only where the GM announced it may be."""
    with pytest.raises(IllegalCommand) as caught:
        BlankBook().record(Clue(text="秘密の合言葉", recordable=False))
    assert caught.value.reason == "bayside23.illegal.not_recordable"


def test_the_book_is_held_from_the_start() -> None:
    """BAY-46: the party holds a blank book from the start: an empty book, one per party."""
    assert BlankBook().entries == ()


def test_riddles_compare_after_nfkc_and_case_folding() -> None:
    """BAY-40: a riddle accepts its answers, full-width or not, in any case."""
    assert RIDDLE.answer("ＳＵＮ").correct
    assert RIDDLE.answer(" Sun ").correct
    assert RIDDLE.answer("太陽").correct
    assert not RIDDLE.answer("月").correct


def test_a_failed_riddle_points_to_hints() -> None:
    """BAY-41: a wrong answer points to a hint, the next one after each failure."""
    assert RIDDLE.answer("月").hint == Hint(text="壁画を見よ", place="別部屋")
    assert RIDDLE.answer("星", failures=1).hint == Hint(text="空を見よ")
    assert RIDDLE.answer("星", failures=5).hint == Hint(text="空を見よ")
    assert RIDDLE.answer("sun").hint is None


def test_answer_from_the_book() -> None:
    """BAY-44: a riddle answered with what the blank book holds."""
    book = BlankBook().record(MURAL)
    assert book.search("sun") == (MURAL,)
    assert RIDDLE.answer_from(book, 0, "ＳＵＮ").correct
    with pytest.raises(IllegalCommand) as caught:
        RIDDLE.answer_from(book, 0, "月")
    assert caught.value.reason == "bayside23.illegal.not_in_book"
    with pytest.raises(IllegalCommand):
        RIDDLE.answer_from(book, 3, "sun")


def test_riddles_need_answers() -> None:
    """BAY-40: a riddle without an answer, or with an empty one, cannot be set."""
    with pytest.raises(InvalidCheck):
        Riddle(question="?", answers=())
    with pytest.raises(InvalidCheck):
        Riddle(question="?", answers=("  ",))
    with pytest.raises(InvalidCheck):
        Clue(text="")


@given(riddles(), st.integers(0, 3))
def test_every_accepted_answer_is_accepted(riddle: Riddle, failures: int) -> None:
    """BAY-40, BAY-41: each accepted answer, full-width or case-changed, is correct."""
    for answer in riddle.answers:
        assert riddle.answer(answer.upper(), failures=failures).correct
    wrong = riddle.answer("\u3000".join(riddle.answers) + "x", failures=failures)
    assert wrong.correct is riddle.accepts(wrong.answer)


@given(names())
def test_normalization_is_idempotent(text: str) -> None:
    """BAY-40: normalizing twice changes nothing."""
    assert normalize_answer(normalize_answer(text)) == normalize_answer(text)


@given(blank_books(), riddles())
def test_json_round_trips(book: BlankBook, riddle: Riddle) -> None:
    """BAY-43, BAY-40: the book and the riddles are values that go to JSON and back."""
    assert from_json(to_json(book), BlankBook) == book
    assert from_json(to_json(riddle), Riddle) == riddle


def test_bad_json_is_invalid_data() -> None:
    """BAY-40: a riddle from JSON without answers is refused with a typed error."""
    with pytest.raises(InvalidData):
        from_json('{"question": "?", "answers": []}', Riddle)
