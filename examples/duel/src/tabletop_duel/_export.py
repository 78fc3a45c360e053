"""A duelist as a virtual tabletop's piece (CCFOLIA, Udonarium), on the library's public kit."""

from __future__ import annotations

from typing import Final

from tabletop_duel._character import Character
from tabletop_duel._combat import BASE_TARGET
from tabletop_duel._sheet import EXAMPLE_SHEET, parse_sheet
from tabletop_rules.exports import PaletteLine, Param, Piece, Pieces, Resource, reference, signed
from tabletop_rules.i18n import translate

__all__ = ["PIECES", "piece"]

_SCORES: Final = ("skill", "guard", "vigor")


def piece(character: Character, locale: str) -> Piece:
    """The duelist's piece: HP, the three scores, and the check against the difficulty.

    The check is 2D6 + skill ≥ the difficulty (an attack's is 7 + the target's guard).
    At the piece's difficulty of 7 BCDice's answer is the rules' (no natural changes it);
    the memo says that at other difficulties a natural 1+1 fails and 6+6 succeeds.
    """
    difficulty = translate("exports.param.difficulty", locale)
    skill = translate("duel.score.skill", locale)
    check = translate("exports.line.check", locale, what=translate("duel.term.skill", locale))
    return Piece(
        system="duel",
        name=character.name,
        memo="\n".join(
            (
                translate(
                    "exports.memo.difficulty",
                    locale,
                    param=difficulty,
                    values=f"{BASE_TARGET} + {translate('duel.score.guard', locale)}",
                ),
                translate("exports.memo.naturals", locale, what=check, low="1+1", high="6+6"),
            )
        ),
        resources=[Resource(label="HP", value=character.max_hp, max=character.max_hp)],
        params=[
            *(
                Param(
                    label=translate(f"duel.score.{score}", locale),
                    value=str(getattr(character, score)),
                )
                for score in _SCORES
            ),
            Param(label=difficulty, value=str(BASE_TARGET)),
        ],
        palette=[
            PaletteLine(
                command=f"2D6+{reference(skill)}>={reference(difficulty)}",
                label=check,
                check=f"DUEL{signed(character.skill)}>={BASE_TARGET}",
            )
        ],
    )


def _samples() -> tuple[Character, ...]:
    return (parse_sheet(EXAMPLE_SHEET),)


#: How duelists become pieces (``SYSTEM.piece``).
PIECES: Final = Pieces(character_type=Character, piece=piece, samples=_samples)
