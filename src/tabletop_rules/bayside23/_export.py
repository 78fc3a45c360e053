"""A bayside23 character as a virtual tabletop's piece (CCFOLIA, Udonarium).

The action checks, 2D6 at or under feature + skill − difficulty (BAY-34), are exact lines,
against the piece's difficulty parameter; the hit checks and initiative compare two rolls
(BAY-22, BAY-16), and the hit checks' all-ones critical and all-sixes fumble (BAY-28,
BAY-29) are no part of BCDice's generic dice: the palette rolls the character's side and the
memo says how the table compares.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.bayside23._character import Attribute, Character
from tabletop_rules.bayside23._checks import ActionCheck
from tabletop_rules.bayside23._sheet import EXAMPLE_SHEET, parse_sheet
from tabletop_rules.exports import PaletteLine, Param, Piece, Pieces, Resource, reference, signed
from tabletop_rules.i18n import translate

__all__ = ["PIECES", "piece"]

#: The hit check of each attribute (BAY-22 to 24): weapons, magic, bows and guns.
_HITS: Final = {
    Attribute.STRENGTH: "bayside23.check.weapon",
    Attribute.MIND: "bayside23.check.magic",
    Attribute.AGILITY: "bayside23.check.ranged",
}


def _modifier_label(attribute: Attribute, locale: str) -> str:
    # Its value is signed (``+1``, ``-2``) and a command writes it with no sign before it.
    return translate("exports.param.modifier", locale, what=translate(attribute.label, locale))


def _action_lines(character: Character, locale: str) -> list[PaletteLine]:
    difficulty = reference(translate("exports.param.difficulty", locale))
    feature = character.feature
    lines: list[PaletteLine] = []
    for skill in (None, *character.skills):
        check = ActionCheck.of(character, None if skill is None else skill.name, 0)
        named = feature.name if skill is None else f"{feature.name}+{skill.name}"
        values = f"{feature.value}" + ("" if skill is None else signed(skill.value))
        lines.append(
            PaletteLine(
                command=f"2D6<={values}-{difficulty}",
                label=translate(
                    "exports.line.with",
                    locale,
                    what=translate("bayside23.check.action", locale),
                    detail=named,
                ),
                check=f"2D6<={check.target}",
            )
        )
    return lines


def _opposed_lines(character: Character, locale: str) -> list[PaletteLine]:
    lines = [
        PaletteLine(
            command=f"3D6{reference(_modifier_label(attribute, locale))}",
            label=translate(key, locale),
        )
        for attribute, key in _HITS.items()
    ]
    lines.append(
        PaletteLine(
            command=f"1D6{reference(_modifier_label(Attribute.AGILITY, locale))}",
            label=translate("bayside23.check.initiative", locale),
        )
    )
    return lines


def _memo(character: Character, locale: str) -> str:
    lines: list[str] = []
    for key, value, source in (
        ("bayside23.field.defense", character.defense, character.armor),
        ("bayside23.field.magic_defense", character.magic_defense, character.job),
    ):
        shown = (
            f"{value}"
            if not source
            else translate("exports.memo.renamed", locale, name=value, original=source)
        )
        lines.append(
            translate("exports.memo.bonus", locale, what=translate(key, locale), bonus=shown)
        )
    lines.extend(f"- {title}" for title in character.titles)
    lines.append(
        translate(
            "exports.memo.difficulty",
            locale,
            param=translate("exports.param.difficulty", locale),
            values="0…",
        )
    )
    hit = translate("bayside23.check.weapon", locale)
    lines.append(
        translate(
            "exports.memo.opposed",
            locale,
            what=hit,
            theirs="3D6",
            rule=translate("exports.rule.lower_wins", locale),
        )
    )
    lines.append(translate("exports.memo.naturals", locale, what=hit, low="1,1,1", high="6,6,6"))
    return "\n".join(lines)


def piece(character: Character, locale: str) -> Piece:
    """The piece of a bayside23 character in *locale*.

    .. versionadded:: 0.1.0
    """
    params = [
        Param(label=translate(a.label, locale), value=str(character.score(a))) for a in Attribute
    ]
    params += [
        Param(label=_modifier_label(a, locale), value=signed(character.modifier(a)))
        for a in Attribute
    ]
    params.append(Param(label=character.feature.name, value=str(character.feature.value)))
    params += [Param(label=skill.name, value=str(skill.value)) for skill in character.skills]
    params.append(Param(label=translate("exports.param.difficulty", locale), value="0"))
    return Piece(
        system="bayside23",
        name=character.name,
        memo=_memo(character, locale),
        resources=[Resource(label="HP", value=character.hp, max=character.hp)],
        params=params,
        palette=[*_action_lines(character, locale), *_opposed_lines(character, locale)],
    )


def _samples() -> tuple[Character, ...]:
    return (parse_sheet(EXAMPLE_SHEET),)


#: How bayside23 characters become pieces (``SYSTEM.piece``).
#:
#: .. versionadded:: 0.1.0
PIECES: Final = Pieces(character_type=Character, piece=piece, samples=_samples)
