"""The checks m20's rule vectors build from sheets (``VECTOR_CHECKS``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from tabletop_rules.m20._character import Attribute, Specialty
from tabletop_rules.m20._checks import (
    AttackCheck,
    AttackKind,
    DifficultyLevel,
    OpposedCheck,
    Rulings,
    SpecialtyCheck,
    Stance,
    specialty_terms,
)
from tabletop_rules.m20._sheet import parse_sheet

if TYPE_CHECKING:
    from tabletop_rules.notation import SystemCheck
    from tabletop_rules.vectors import CheckSpec


def _specialty(spec: CheckSpec) -> SystemCheck:
    """``check = "specialty"``: one sheet and its specialty check.

    Args ``specialty``, ``difficulty`` (a number or ``trivial``/``easy``/``moderate``/
    ``hard``), ``stance``, ``attribute``, ``helpers``, ``situation``, ``reroll``.
    """
    spec.unknown("specialty", "difficulty", "stance", "attribute", "helpers", "situation", "reroll")
    difficulty: DifficultyLevel | int = (
        spec.integer("difficulty")
        if type(spec.args.get("difficulty")) is int
        else spec.choice("difficulty", DifficultyLevel)
    )
    attribute = spec.choice("attribute", Attribute) if "attribute" in spec.args else None
    return SpecialtyCheck.of(
        parse_sheet(spec.sheet(0)),
        spec.choice("specialty", Specialty),
        difficulty,
        stance=spec.choice("stance", Stance, Stance.ACTING),
        attribute=attribute,
        helpers=spec.integer("helpers"),
        situation=spec.text("situation"),
        reroll_on_failure=spec.flag("reroll"),
    )


def _attack(spec: CheckSpec) -> SystemCheck:
    """``check = "attack"``: two sheets, attacker then defender; args ``kind``, ``reroll``."""
    spec.unknown("kind", "reroll")
    return AttackCheck.between(
        parse_sheet(spec.sheet(0)),
        parse_sheet(spec.sheet(1)),
        spec.choice("kind", AttackKind, AttackKind.PHYSICAL),
        reroll_on_failure=spec.flag("reroll"),
    )


def _opposed(spec: CheckSpec) -> SystemCheck:
    """``check = "opposed"``: two sheets, the active side then the other (M20-047, M20-048).

    Args ``specialty`` (the active side's), ``against`` (the other side's; the same if not
    given), ``tie_to_active`` (the ruling; true if not given), ``reroll``.
    The active side acts and the other reacts, each with its own attribute.
    """
    spec.unknown("specialty", "against", "tie_to_active", "reroll")
    specialty = spec.choice("specialty", Specialty)
    against = spec.choice("against", Specialty, specialty)
    rulings = Rulings(opposed_tie_to_active=spec.flag("tie_to_active", True))
    return OpposedCheck(
        active=specialty_terms(parse_sheet(spec.sheet(0)), specialty, rulings=rulings),
        reactive=specialty_terms(
            parse_sheet(spec.sheet(1)), against, stance=Stance.REACTING, rulings=rulings
        ),
        rulings=rulings,
        reroll_on_failure=spec.flag("reroll"),
    )


#: The checks a rule vector may build (``check = "specialty"``), by name.
VECTOR_CHECKS: Mapping[str, Callable[[CheckSpec], SystemCheck]] = MappingProxyType(
    {"attack": _attack, "opposed": _opposed, "specialty": _specialty}
)
