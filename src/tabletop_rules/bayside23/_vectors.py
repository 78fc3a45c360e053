"""The checks bayside23's rule vectors build from sheets (``VECTOR_CHECKS``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tabletop_rules.bayside23._checks import ActionCheck, HitCheck, HitKind
from tabletop_rules.bayside23._combat._log import log
from tabletop_rules.bayside23._sheet import parse_sheet

if TYPE_CHECKING:
    from tabletop_rules.bayside23._combat._events import Event
    from tabletop_rules.bayside23._combat._values import BattleState
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


def vector_log(setup: object, state: BattleState, events: Iterable[Event], locale: str) -> str:
    """The battle log of a vector's *events* in *locale*, participants by name."""
    return log(events, locale, state=state)


#: The checks a rule vector may build (``check = "hit"``), by name.
VECTOR_CHECKS: Mapping[str, Callable[[CheckSpec], SystemCheck]] = MappingProxyType(
    {"action": _action, "hit": _hit}
)

#: Renders a vector's combat events as the log in a locale: ``(setup, state, events, locale)``.
VECTOR_LOG: Callable[[Any, Any, Iterable[Any], str], str] = vector_log
