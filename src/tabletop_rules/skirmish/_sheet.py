"""A deck's sheet: the text a player pastes to choose a deck, and the sheet written back.

A sheet is a sample deck's name (``vanguard``), or the ids of three sample cards, front card
first, on one line (``ember_knight stone_warden field_medic``) or one a line; a line may
go on after its id and a colon, as :func:`format_sheet` writes it, and the rest of the line is
not read:

>>> from tabletop_rules.skirmish import format_sheet, parse_sheet
>>> deck = parse_sheet("vanguard")
>>> print(format_sheet(deck, "en"))
ember_knight: Ember Knight — hp 6, atk 2, skl 2, def 1
stone_warden: Stone Warden — hp 8, atk 1, skl 1, def 3
field_medic: Field Medic — hp 5, atk 1, skl 1, def 1
>>> parse_sheet(format_sheet(deck, "ja")) == deck
True

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from tabletop_rules.arguments import checked, checked_text, checked_whole, shown
from tabletop_rules.errors import InvalidCharacter
from tabletop_rules.i18n import translate
from tabletop_rules.skirmish._cards import sample_cards
from tabletop_rules.skirmish._combat._values import TEAM_SIZE
from tabletop_rules.skirmish._decks import SAMPLE_DECKS, Deck

__all__ = ["EXAMPLE_SHEET", "MAX_SHEET_LENGTH", "format_sheet", "parse_sheet"]

#: The longest sheet read, in characters.
MAX_SHEET_LENGTH: Final = 10_000

#: A sheet to show a new player: the ``vanguard`` sample deck, as :func:`format_sheet` writes
#: it in English.
EXAMPLE_SHEET: Final = """\
ember_knight: Ember Knight — hp 6, atk 2, skl 2, def 1
stone_warden: Stone Warden — hp 8, atk 1, skl 1, def 3
field_medic: Field Medic — hp 5, atk 1, skl 1, def 1"""

#: What separates the words of a line: spaces, commas, the ideographic comma.
_WORDS: Final = re.compile(r"[\s,、]+")


def _words(text: str) -> list[str]:
    """The words of a sheet: each line up to its colon, split at spaces and commas."""
    found: list[str] = []
    for line in text.splitlines():
        head = line.split(":", 1)[0]
        found.extend(word for word in _WORDS.split(head) if word)
    return found


def parse_sheet(text: str, *, max_length: int = MAX_SHEET_LENGTH) -> Deck:
    """Read a deck's sheet: a sample deck's name, or three sample card ids.

    The text is read after NFKC normalization, in either case.

    Args:
        text: The sheet.
        max_length: The longest sheet read, in characters (10,000 if not given); a longer
            one is refused before any other work.

    Returns:
        The deck.

    Raises:
        InvalidCharacter: The sheet is too long (``skirmish.problem.sheet_too_long``), names
            another number of cards than three (``skirmish.problem.deck_size``), or a card that
            is no sample card (``skirmish.problem.unknown_card``, one problem each).
        InvalidData: *text* is no ``str`` (path ``$``), or *max_length* no ``int``
            (``$.max_length``).

    .. versionadded:: 0.1.0
    """
    text = checked_text(text, "$")
    max_length = checked_whole(max_length, "$.max_length")
    if len(text) > max_length:
        raise InvalidCharacter(
            [("skirmish.problem.sheet_too_long", {"given": len(text), "allowed": max_length})]
        )
    words = _words(unicodedata.normalize("NFKC", text).casefold())
    if len(words) == 1 and words[0] in SAMPLE_DECKS:
        return Deck(SAMPLE_DECKS[words[0]])
    cards = sample_cards()
    problems: list[tuple[str, dict[str, object]]] = []
    if len(words) != TEAM_SIZE:
        problems.append(
            ("skirmish.problem.deck_size", {"given": len(words), "decks": ", ".join(SAMPLE_DECKS)})
        )
    known = ", ".join(cards.ids)
    problems.extend(
        ("skirmish.problem.unknown_card", {"card": shown(word), "known": known})
        for word in words
        if word not in cards
    )
    if problems:
        raise InvalidCharacter(problems)
    return Deck(tuple(words))


def format_sheet(deck: Deck, locale: str) -> str:
    """*deck*'s sheet in *locale*: one line a card, its id first; :func:`parse_sheet` reads it.

    Raises:
        InvalidData: *deck* is no :class:`Deck` (path ``$.deck``), or *locale* no ``str``
            (``$.locale``).

    .. versionadded:: 0.1.0
    """
    checked(deck, Deck, "$.deck", "skirmish.Deck")
    checked_text(locale, "$.locale")
    cards = sample_cards()
    return "\n".join(
        translate(
            "skirmish.sheet.card",
            locale,
            id=card.id,
            name=card.name,
            hp=card.hp,
            atk=card.atk,
            skl=card.skl,
            defense=card.defense,
        )
        for card in (cards[card_id] for card_id in deck.cards)
    )
