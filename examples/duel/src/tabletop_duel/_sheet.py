"""The duel's sheet: one line, ``Kira skill 2 guard 1 vigor 1``, in any shipped locale."""

from __future__ import annotations

import unicodedata
from typing import Final

from tabletop_duel._character import MAX_NAME, Character
from tabletop_rules.errors import InvalidCharacter
from tabletop_rules.i18n import LOCALES, translate

__all__ = ["EXAMPLE_SHEET", "format_sheet", "parse_sheet"]

#: A sheet to show a new player.
EXAMPLE_SHEET: Final = "Kira skill 2 guard 1 vigor 1"
_SCORES: Final = ("skill", "guard", "vigor")
_MAX_LENGTH: Final = MAX_NAME + 100


def _score_of(word: str) -> str | None:
    """The score a word names, in any shipped locale, or ``None``."""
    folded = word.casefold()
    for score in _SCORES:
        if folded in {translate(f"duel.score.{score}", loc).casefold() for loc in LOCALES}:
            return score
    return None


def parse_sheet(text: str) -> Character:
    """Read a sheet: a name, then each score's name and value (a score left out is 0).

    The scores are read from the end of the line, so a name may hold any words.

    >>> parse_sheet("Kira skill 2 guard 1 vigor 1").max_hp
    4

    Raises:
        InvalidCharacter: The line is too long, or the character breaks a rule.
    """
    words = unicodedata.normalize("NFKC", text).split()
    if sum(map(len, words)) > _MAX_LENGTH:
        raise InvalidCharacter([("duel.problem.sheet", {"example": EXAMPLE_SHEET})])
    scores: dict[str, int] = {}
    while len(words) >= 2 and words[-1].isdecimal() and len(words[-1]) == 1:
        score = _score_of(words[-2])
        if score is None or score in scores:
            break
        scores[score] = int(words[-1])
        del words[-2:]
    return Character(name=" ".join(words), **scores)


def format_sheet(character: Character, locale: str = "en") -> str:
    """The sheet of *character* in *locale*, which :func:`parse_sheet` reads back.

    >>> format_sheet(parse_sheet(EXAMPLE_SHEET), "ja")
    'Kira 技量 2 守り 1 活力 1'
    """
    scores = " ".join(
        f"{translate(f'duel.score.{score}', locale)} {getattr(character, score)}"
        for score in _SCORES
    )
    return f"{character.name} {scores}"
