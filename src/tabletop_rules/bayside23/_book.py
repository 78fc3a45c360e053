"""The blank book (白紙の本) of 情景記憶, and the GM's riddles (リドル).

The GM presents keywords and information (:class:`Clue`); where the GM allows recording,
the party writes them in its blank book exactly as given (BAY-42, BAY-43, BAY-45, BAY-46).
A :class:`Riddle` has accepted answers and hints; an answer, typed or read from the book,
is compared after NFKC normalization and case folding (BAY-40, BAY-41, BAY-44).

>>> from tabletop_rules.bayside23 import BlankBook, Clue, Hint, Riddle
>>> book = BlankBook()
>>> book = book.record(Clue(text="扉は『ＳＵＮ』の名を待つ", place="壁画の間", recordable=True))
>>> riddle = Riddle(
...     question="昼を照らすものの名は？",
...     answers=("sun", "太陽"),
...     hints=(Hint(text="壁画を見よ", place="壁画の間"),),
... )
>>> riddle.answer("Ｓｕｎ").correct
True
>>> riddle.answer_from(book, 0, "ＳＵＮ").correct
True
>>> riddle.answer("月").hint
Hint(text='壁画を見よ', place='壁画の間')

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import attrs

from tabletop_rules.errors import IllegalCommand, InvalidCheck
from tabletop_rules.kit import checked, checked_items, checked_text, checked_whole

__all__ = ["BlankBook", "Clue", "Hint", "Riddle", "RiddleResult", "normalize_answer"]


def normalize_answer(text: str) -> str:
    """An answer as riddles compare it: NFKC, case folded, outer spaces removed.

    >>> from tabletop_rules.bayside23 import normalize_answer
    >>> normalize_answer("  ＳＵＮ ")
    'sun'

    Raises:
        InvalidData: *text* is not a ``str`` (path ``$``).

    .. versionadded:: 0.1.0
    """
    return unicodedata.normalize("NFKC", checked_text(text, "$")).casefold().strip()


def _text(_: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise InvalidCheck("bayside23.error.empty_text", field=attribute.name)


@attrs.frozen(kw_only=True)
class Clue:
    """What the GM presents: a hint, a key term, information about a place (BAY-42).

    .. versionadded:: 0.1.0
    """

    #: The words, as the GM gives them.
    text: str = attrs.field(validator=_text)
    #: Where it was found, if anywhere.
    place: str = ""
    #: Whether the GM announced that it may be recorded (BAY-45).
    recordable: bool = False


def _clues(values: Iterable[Clue]) -> tuple[Clue, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class BlankBook:
    """The party's blank book, held from the start (BAY-46), one per party.

    .. versionadded:: 0.1.0
    """

    #: What is written in it, oldest first, verbatim.
    entries: tuple[Clue, ...] = attrs.field(default=(), converter=_clues)

    def record(self, clue: Clue) -> BlankBook:
        """The book with *clue* written in it, exactly as given (BAY-43).

        Raises:
            IllegalCommand: ``bayside23.illegal.not_recordable``: the GM has not allowed it.
        """
        if not clue.recordable:
            raise IllegalCommand("bayside23.illegal.not_recordable", text=clue.text)
        return BlankBook(entries=(*self.entries, clue))

    def search(self, word: str) -> tuple[Clue, ...]:
        """The entries that contain *word*, compared as answers are.

        Raises:
            InvalidData: *word* is not a ``str`` (path ``$.word``).
        """
        wanted = normalize_answer(checked_text(word, "$.word"))
        return tuple(c for c in self.entries if wanted in normalize_answer(c.text))


@attrs.frozen(kw_only=True)
class Hint:
    """A hint for a riddle, perhaps placed in another room (BAY-41).

    .. versionadded:: 0.1.0
    """

    #: The hint.
    text: str = attrs.field(validator=_text)
    #: Where it is to be found (``別部屋``), if anywhere.
    place: str = ""


def _answers(values: Iterable[str]) -> tuple[str, ...]:
    return checked_items(values, str, "$.answers")


def _hints(values: Iterable[Hint]) -> tuple[Hint, ...]:
    return checked_items(values, Hint, "$.hints")


def _some_answer(
    _: object, __: attrs.Attribute[tuple[str, ...]], value: tuple[object, ...]
) -> None:
    if not value or not all(isinstance(a, str) and normalize_answer(a) for a in value):
        raise InvalidCheck("bayside23.error.riddle_answers")


@attrs.frozen(kw_only=True)
class RiddleResult:
    """How an answer to a riddle came out.

    .. versionadded:: 0.1.0
    """

    #: The answer as given.
    answer: str
    #: Whether it is accepted.
    correct: bool
    #: The hint it points to when wrong (``None`` when right or when the riddle has none).
    hint: Hint | None = None


@attrs.frozen(kw_only=True)
class Riddle:
    """A riddle the GM sets, with the answers it accepts and its hints (BAY-40, BAY-41).

    .. versionadded:: 0.1.0
    """

    #: The question.
    question: str = attrs.field(validator=_text)
    #: Every accepted answer.
    answers: tuple[str, ...] = attrs.field(converter=_answers, validator=_some_answer)
    #: Hints, in the order a failed party gets them.
    hints: tuple[Hint, ...] = attrs.field(default=(), converter=_hints)

    def accepts(self, answer: str) -> bool:
        """Whether *answer* is accepted (NFKC and case folding on both sides).

        Raises:
            InvalidData: *answer* is not a ``str`` (path ``$.answer``).
        """
        given = normalize_answer(checked_text(answer, "$.answer"))
        return any(given == normalize_answer(a) for a in self.answers)

    def answer(self, answer: str, *, failures: int = 0) -> RiddleResult:
        """Judge *answer*; a wrong one after *failures* earlier ones points to the next hint.

        Raises:
            InvalidData: *answer* is not a ``str`` (path ``$.answer``) or *failures* is not
                an ``int`` (``$.failures``).
        """
        failures = checked_whole(failures, "$.failures")
        if self.accepts(answer):
            return RiddleResult(answer=answer, correct=True)
        hint = self.hints[min(failures, len(self.hints) - 1)] if self.hints else None
        return RiddleResult(answer=answer, correct=False, hint=hint)

    def answer_from(
        self, book: BlankBook, entry: int, answer: str, *, failures: int = 0
    ) -> RiddleResult:
        """Judge *answer* taken from the book's entry number *entry* (BAY-44).

        Raises:
            IllegalCommand: ``bayside23.illegal.not_in_book``: the entry does not exist or
                does not contain the answer.
            InvalidData: *book* is no :class:`BlankBook` (path ``$.book``), *entry* no
                ``int`` (``$.entry``), *answer* no ``str`` (``$.answer``).
        """
        book = checked(book, BlankBook, "$.book", "bayside23.BlankBook")
        entry = checked_whole(entry, "$.entry")
        checked_text(answer, "$.answer")
        if not 0 <= entry < len(book.entries) or normalize_answer(answer) not in normalize_answer(
            book.entries[entry].text
        ):
            raise IllegalCommand("bayside23.illegal.not_in_book", answer=answer, entry=entry)
        return self.answer(answer, failures=failures)
