"""A skirmish card as a virtual tabletop's piece (CCFOLIA, Udonarium).

Every check of the skirmish is the actor's 2D6 + skl against the other side's 2D6 + def,
with the actor's natural 1+1 and 6+6 deciding at once (SK-23 to SK-28): BCDice can compare
neither.
The palette rolls the card's side of a check, for its normal attack and for each skill that
makes a check, and its side when it opposes one; the memo says how the table compares.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.errors import InvalidData
from tabletop_rules.exports import PaletteLine, Param, Piece, Pieces, Resource, reference
from tabletop_rules.i18n import translate
from tabletop_rules.skirmish._cards import Card, load_cards, sample_cards

__all__ = ["PIECES", "piece", "read_card"]


def _palette(card: Card, locale: str) -> list[PaletteLine]:
    skl = reference(translate("skirmish.term.skl", locale))
    lines = [
        PaletteLine(
            command=f"2D6+{skl}",
            label=translate(
                "exports.line.with",
                locale,
                what=translate("skirmish.check.action", locale),
                detail=translate("skirmish.action.attack", locale),
            ),
        )
    ]
    lines += [
        PaletteLine(
            command=f"2D6+{skl}",
            label=translate(
                "exports.line.with",
                locale,
                what=translate("skirmish.check.action", locale),
                detail=skill.name,
            ),
        )
        for skill in card.skills
        if skill.check
    ]
    lines.append(
        PaletteLine(
            command=f"2D6+{reference(translate('skirmish.term.def', locale))}",
            label=translate("skirmish.check.defense", locale),
        )
    )
    return lines


def _memo(card: Card, locale: str) -> str:
    lines = [f"- {skill.name} (AP {skill.cost})" for skill in card.skills]
    check = translate("skirmish.check.action", locale)
    lines.append(
        translate(
            "exports.memo.opposed",
            locale,
            what=check,
            theirs=f"2D6+{translate('skirmish.term.def', locale)}",
            rule=translate("exports.rule.tie_to_other", locale),
        )
    )
    lines.append(translate("exports.memo.naturals", locale, what=check, low="1+1", high="6+6"))
    return "\n".join(lines)


def piece(card: Card, locale: str) -> Piece:
    """The piece of a skirmish card in *locale*.

    .. versionadded:: 0.1.0
    """
    return Piece(
        system="skirmish",
        name=card.name,
        memo=_memo(card, locale),
        resources=[Resource(label="HP", value=card.hp, max=card.hp), Resource(label="AP", value=0)],
        params=[
            Param(label="atk", value=str(card.atk)),
            Param(label=translate("skirmish.term.skl", locale), value=str(card.skl)),
            Param(label=translate("skirmish.term.def", locale), value=str(card.defense)),
        ],
        palette=_palette(card, locale),
    )


def read_card(text: str) -> Card:
    """The one card of a card file (TOML, or JSON), or the sample card of that id.

    Raises:
        InvalidData: The text is no card file, or a file of more than one card.
    """
    samples = sample_cards()
    if text.strip() in samples:
        return samples[text.strip()]
    cards = load_cards(text, format="json" if text.lstrip().startswith("{") else "toml")
    if len(cards.cards) != 1:
        raise InvalidData(
            "$", "exports.error.one_card", count=len(cards.cards), ids=", ".join(cards.ids)[:200]
        )
    return cards.cards[0]


def _samples() -> tuple[Card, ...]:
    return sample_cards().cards


#: How skirmish cards become pieces (``SYSTEM.piece``).
#:
#: .. versionadded:: 0.1.0
PIECES: Final = Pieces(character_type=Card, piece=piece, samples=_samples, read=read_card)
