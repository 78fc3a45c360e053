"""The checks bar2d6's rule vectors build from sheets (``VECTOR_CHECKS``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tabletop_rules.bar2d6._checks import Contest, GMCheck, Side, check_terms
from tabletop_rules.bar2d6._combat._log import describe
from tabletop_rules.bar2d6._sheet import parse_sheet

if TYPE_CHECKING:
    from tabletop_rules.bar2d6._combat._events import Event
    from tabletop_rules.notation import SystemCheck
    from tabletop_rules.vectors import CheckSpec


def _hp(spec: CheckSpec, name: str) -> int | None:
    return spec.integer(name) if name in spec.args else None


def _gm(spec: CheckSpec) -> SystemCheck:
    """``check = "gm"``: one sheet; args ``items``, ``side``, ``hp``, ``difficulty`` (0–4 dice)."""
    spec.unknown("items", "side", "hp", "difficulty")
    terms = check_terms(
        parse_sheet(spec.sheet(0)),
        spec.strings("items"),
        spec.choice("side", Side, Side.ACTIVE),
        hp=_hp(spec, "hp"),
    )
    return GMCheck(terms=terms, difficulty=spec.integer("difficulty", 2))


def _contest(spec: CheckSpec) -> SystemCheck:
    """``check = "contest"``: two sheets, attacker then defender.

    Args ``attacker_items``, ``defender_items``, ``attacker_side``, ``defender_side``,
    ``attacker_hp``, ``defender_hp``.
    """
    spec.unknown(
        "attacker_items",
        "defender_items",
        "attacker_side",
        "defender_side",
        "attacker_hp",
        "defender_hp",
    )
    return Contest.between(
        parse_sheet(spec.sheet(0)),
        parse_sheet(spec.sheet(1)),
        attacker_items=spec.strings("attacker_items"),
        defender_items=spec.strings("defender_items"),
        attacker_side=spec.choice("attacker_side", Side, Side.ACTIVE),
        defender_side=spec.choice("defender_side", Side, Side.PASSIVE),
        attacker_hp=_hp(spec, "attacker_hp"),
        defender_hp=_hp(spec, "defender_hp"),
    )


def vector_log(setup: object, state: object, events: Iterable[Event], locale: str) -> str:
    """The combat log of a vector's *events* in *locale*."""
    return "\n".join(describe(event, locale) for event in events)


#: The checks a rule vector may build (``check = "gm"``), by name.
VECTOR_CHECKS: Mapping[str, Callable[[CheckSpec], SystemCheck]] = MappingProxyType(
    {"contest": _contest, "gm": _gm}
)

#: Renders a vector's combat events as the log in a locale: ``(setup, state, events, locale)``.
VECTOR_LOG: Callable[[Any, Any, Iterable[Any], str], str] = vector_log
