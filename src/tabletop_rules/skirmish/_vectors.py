"""The checks skirmish's rule vectors build from cards (``VECTOR_CHECKS``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from tabletop_rules.errors import InvalidData
from tabletop_rules.skirmish._cards import sample_cards
from tabletop_rules.skirmish._checks import card_check

if TYPE_CHECKING:
    from tabletop_rules.notation import SystemCheck
    from tabletop_rules.vectors import CheckSpec


def _card_check(spec: CheckSpec) -> SystemCheck:
    """``check = "cards"``: two sample card ids, actor then target (``sheets``).

    Args ``distance`` (rows between them; −1 per row), ``actor_bonus``, ``defender_bonus``.
    """
    spec.unknown("distance", "actor_bonus", "defender_bonus")
    cards = sample_cards()
    for index in (0, 1):
        if spec.sheet(index) not in cards:
            known = ", ".join(cards.ids)
            raise InvalidData(f"{spec.where}.sheets[{index}]", f"not a sample card; known: {known}")
    return card_check(
        cards[spec.sheet(0)],
        cards[spec.sheet(1)],
        distance=spec.integer("distance"),
        actor_bonus=spec.integer("actor_bonus"),
        defender_bonus=spec.integer("defender_bonus"),
    )


#: The checks a rule vector may build (``check = "cards"``), by name.
VECTOR_CHECKS: Mapping[str, Callable[[CheckSpec], SystemCheck]] = MappingProxyType(
    {"cards": _card_check}
)
