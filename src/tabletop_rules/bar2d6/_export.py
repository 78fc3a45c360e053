"""A bar2d6 character as a virtual tabletop's piece (CCFOLIA, Udonarium).

Every check of bar2d6 is compared with another roll: the GM's difficulty dice (B2D6-27) or
the other character's 2D6 (B2D6-34), which BCDice cannot do.
The palette rolls the character's side, 2D6 plus each item's active or passive bonus (and
plain 2D6); the memo says how the table compares it, and that a wounded character takes −2
(B2D6-22).
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.bar2d6._character import Character
from tabletop_rules.bar2d6._checks import WOUND_PENALTY, Side
from tabletop_rules.bar2d6._sheet import EXAMPLE_SHEET, parse_sheet
from tabletop_rules.exports import PaletteLine, Param, Piece, Pieces, Resource, signed
from tabletop_rules.i18n import translate

__all__ = ["PIECES", "piece"]

#: The HP at or under which a character is wounded (B2D6-22).
_WOUNDED_AT: Final = 2


def _bonus(character: Character, side: Side) -> dict[str, int]:
    found: dict[str, int] = {}
    for item in character.items:
        bonus = item.active if side is Side.ACTIVE else item.passive
        if bonus:
            found[item.name] = bonus
    return found


def _palette(character: Character, locale: str) -> list[PaletteLine]:
    lines = [PaletteLine(command="2D6", label=translate("exports.line.roll", locale, what="2D6"))]
    for side in Side:
        bonuses = _bonus(character, side)
        if len(bonuses) > 1:  # every item the GM allows adds its bonus (B2D6-25)
            bonuses["+".join(bonuses)] = sum(bonuses.values())
        for name, bonus in bonuses.items():
            lines.append(
                PaletteLine(
                    command=f"2D6{signed(bonus)}",
                    label=translate(
                        "exports.line.with", locale, what=name, detail=translate(side.label, locale)
                    ),
                )
            )
    return lines


def _memo(character: Character, locale: str) -> str:
    lines = [character.description] if character.description else []
    for item in character.items:
        parts = [translate(item.kind.label, locale)]
        parts += [
            f"{translate(side.label, locale)}{signed(bonus)}"
            for side, bonus in ((Side.ACTIVE, item.active), (Side.PASSIVE, item.passive))
            if bonus
        ]
        parts += [f"{translate(s.kind.label, locale)}{s.cost}" for s in item.specials]
        lines.append(
            "- "
            + translate(
                "exports.line.with",
                locale,
                what=item.name,
                detail=translate("exports.separator", locale).join(parts),
            )
        )
    check = translate("bar2d6.check.gm", locale)
    contest = translate("bar2d6.check.contest", locale)
    lines.append(
        translate(
            "exports.memo.gm_dice",
            locale,
            what=check,
            rule=translate("exports.rule.tie_to_roller", locale),
        )
    )
    lines.append(
        translate(
            "exports.memo.opposed",
            locale,
            what=contest,
            theirs="2D6",
            rule=translate("exports.rule.tie_to_other", locale),
        )
    )
    lines.append(
        translate("exports.memo.wounded", locale, hp=_WOUNDED_AT, penalty=signed(WOUND_PENALTY))
    )
    return "\n".join(lines)


def piece(character: Character, locale: str) -> Piece:
    """The piece of a bar2d6 character in *locale*.

    .. versionadded:: 0.1.0
    """
    params = [
        Param(
            label=item.name,
            value=translate("exports.separator", locale).join(
                f"{translate(side.label, locale)}{signed(bonus)}"
                for side, bonus in ((Side.ACTIVE, item.active), (Side.PASSIVE, item.passive))
            ),
        )
        for item in character.items
    ]
    return Piece(
        system="bar2d6",
        name=character.name,
        memo=_memo(character, locale),
        resources=[Resource(label="HP", value=character.max_hp, max=character.max_hp)],
        params=params,
        palette=_palette(character, locale),
    )


def _samples() -> tuple[Character, ...]:
    return (parse_sheet(EXAMPLE_SHEET),)


#: How bar2d6 characters become pieces (``SYSTEM.piece``).
#:
#: .. versionadded:: 0.1.0
PIECES: Final = Pieces(character_type=Character, piece=piece, samples=_samples)
