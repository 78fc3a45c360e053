"""The checks bayside23's rule vectors build from sheets (``VECTOR_CHECKS``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from tabletop_rules.bayside23._checks import ActionCheck, HitCheck, HitKind
from tabletop_rules.bayside23._sheet import parse_sheet

if TYPE_CHECKING:
    from tabletop_rules.notation import SystemCheck
    from tabletop_rules.vectors import CheckSpec


def _hit(spec: CheckSpec) -> SystemCheck:
    """``check = "hit"``: two sheets, attacker then defender; args ``kind``."""
    spec.unknown("kind")
    return HitCheck.of(
        parse_sheet(spec.sheet(0)),
        parse_sheet(spec.sheet(1)),
        spec.choice("kind", HitKind, HitKind.WEAPON),
    )


def _action(spec: CheckSpec) -> SystemCheck:
    """``check = "action"``: one sheet; args ``skill`` (a skill's name, or none), ``difficulty``."""
    spec.unknown("skill", "difficulty")
    return ActionCheck.of(
        parse_sheet(spec.sheet(0)), spec.text("skill"), spec.integer("difficulty")
    )


#: The checks a rule vector may build (``check = "hit"``), by name.
VECTOR_CHECKS: Mapping[str, Callable[[CheckSpec], SystemCheck]] = MappingProxyType(
    {"action": _action, "hit": _hit}
)
