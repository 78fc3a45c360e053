"""An m20 character as a virtual tabletop's piece (CCFOLIA, Udonarium).

The palette has a specialty check for each specialty, acting and reacting, against the
piece's difficulty parameter (BCDice answers it exactly: 1D20 + terms ≥ difficulty,
M20-036); and the attack and defense rolls, physical and special, which BCDice cannot
compare with each other (M20-033): the memo says the attack hits when its total is at least
the defense's.
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.checks import Term
from tabletop_rules.exports import PaletteLine, Param, Piece, Pieces, Resource, reference, signed
from tabletop_rules.i18n import translate
from tabletop_rules.m20._character import Attribute, Character, Specialty
from tabletop_rules.m20._checks import (
    AttackKind,
    DifficultyLevel,
    SpecialtyCheck,
    Stance,
    attack_terms,
    defense_terms,
)
from tabletop_rules.m20._sheet import EXAMPLE_SHEET, parse_sheet
from tabletop_rules.m20._skills import Skill

__all__ = ["PIECES", "piece"]

#: The difficulty the palette starts with (適中, M20-037); the player edits the parameter.
_DIFFICULTY: Final = DifficultyLevel.MODERATE.difficulty.value
#: Uses a scenario (or a combat) of the skills that have them (M20-078, M20-098, M20-104).
_USES: Final = {Skill.NARROW_ESCAPE: 2, Skill.DECISIVE_STRIKE: 2, Skill.INDOMITABLE: 1}


def _sum(terms: tuple[Term, ...], locale: str) -> str:
    """The terms as a command writes them: references to parameters, numbers for the rest."""
    parts: list[str] = []
    for term in terms:
        if term.label.startswith(("m20.attribute.", "m20.specialty.")):
            parts.append("+" + reference(translate(term.label, locale)))
        else:
            parts.append(signed(term.value))
    return "".join(parts)


def _specialty_lines(character: Character, locale: str) -> list[PaletteLine]:
    difficulty = reference(translate("exports.param.difficulty", locale))
    lines: list[PaletteLine] = []
    for stance in Stance:
        for specialty in Specialty:
            check = SpecialtyCheck.of(character, specialty, _DIFFICULTY, stance=stance)
            attribute = next(t for t in check.terms if t.label.startswith("m20.attribute."))
            words = translate("exports.separator", locale).join(
                (translate(attribute.label, locale), translate(stance.label, locale))
            )
            lines.append(
                PaletteLine(
                    command=f"1D20{_sum(check.terms, locale)}>={difficulty}",
                    label=translate(
                        "exports.line.with",
                        locale,
                        what=translate(
                            "exports.line.check", locale, what=translate(specialty.label, locale)
                        ),
                        detail=words,
                    ),
                    check=f"M20{signed(check.modifier)}>={_DIFFICULTY}",
                )
            )
    return lines


def _combat_lines(character: Character, locale: str) -> list[PaletteLine]:
    lines: list[PaletteLine] = []
    for kind in AttackKind:
        for key, terms in (
            ("m20.check.attack", attack_terms(character, kind)),
            ("m20.check.defense", defense_terms(character, kind)),
        ):
            lines.append(
                PaletteLine(
                    command=f"1D20{_sum(terms, locale)}",
                    label=translate(
                        "exports.line.with",
                        locale,
                        what=translate(key, locale),
                        detail=translate(kind.label, locale),
                    ),
                )
            )
    return lines


def _memo(character: Character, locale: str) -> str:
    lines = [character.description] if character.description else []
    lines.append(
        translate(
            "m20.sheet.line",
            locale,
            field=translate("m20.sheet.field.tendency", locale),
            value=translate(character.tendency.label, locale),
        )
    )
    for pick in character.picks:
        name = translate(pick.label, locale)
        skill = translate(pick.skill.label, locale)
        shown = (
            skill
            if name == skill
            else translate("exports.memo.renamed", locale, name=name, original=skill)
        )
        if pick.situations:
            shown += translate("exports.separator", locale) + "/".join(pick.situations)
        lines.append("- " + shown)
    lines.append(
        translate(
            "exports.memo.difficulty",
            locale,
            param=translate("exports.param.difficulty", locale),
            values=" / ".join(str(level.difficulty.value) for level in DifficultyLevel),
        )
    )
    lines.append(
        translate(
            "exports.memo.opposed",
            locale,
            what=translate("m20.check.attack", locale),
            theirs=translate("m20.check.defense", locale),
            rule=translate("exports.rule.tie_to_roller", locale),
        )
    )
    return "\n".join(lines)


def piece(character: Character, locale: str) -> Piece:
    """The piece of an m20 character in *locale*.

    .. versionadded:: 0.1.0
    """
    params = [
        Param(label=translate(a.label, locale), value=str(character.attributes[a]))
        for a in Attribute
    ]
    params += [
        Param(label=translate(s.label, locale), value=str(character.specialty_bonus(s)))
        for s in Specialty
    ]
    params.append(
        Param(label=translate("exports.param.difficulty", locale), value=str(_DIFFICULTY))
    )
    resources = [Resource(label="HP", value=character.max_hp, max=character.max_hp)]
    for skill, uses in _USES.items():
        if character.has(skill):
            resources.append(Resource(label=translate(skill.label, locale), value=uses, max=uses))
    boosts = character.count(Skill.DAMAGE_BOOST)
    if boosts:
        label = translate(Skill.DAMAGE_BOOST.label, locale)
        resources.append(Resource(label=label, value=boosts, max=boosts))
    return Piece(
        system="m20",
        name=character.name,
        memo=_memo(character, locale),
        resources=resources,
        params=params,
        palette=[*_specialty_lines(character, locale), *_combat_lines(character, locale)],
    )


def _samples() -> tuple[Character, ...]:
    return (parse_sheet(EXAMPLE_SHEET),)


#: How m20 characters become pieces (``SYSTEM.piece``).
#:
#: .. versionadded:: 0.1.0
PIECES: Final = Pieces(character_type=Character, piece=piece, samples=_samples)
