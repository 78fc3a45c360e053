"""The terms of a bar2d6 combat's checks: the items the GM allows, wounds and grants.

Every check is 2D6 plus the bonuses of the items the GM allows for it (B2D6-20, B2D6-26), on
the active side for the attacker and the passive side for a defender (B2D6-23), −2 while
wounded (B2D6-22), and the bonuses granted to the combatant's next check (B2D6-17).
"""

from __future__ import annotations

from tabletop_rules.bar2d6._checks import Side, item_terms
from tabletop_rules.bar2d6._combat._values import Combatant
from tabletop_rules.checks import Term

__all__ = ["attack_terms", "defense_terms"]


def attack_terms(
    attacker: Combatant, items: tuple[str, ...]
) -> tuple[tuple[Term, ...], tuple[Term, ...]]:
    """The terms of *attacker*'s first attack roll, and of every later one (a multi-attack).

    The bonuses granted to its next check go to the first roll only (B2D6-17).
    """
    later = item_terms(attacker.character, items, Side.ACTIVE, hp=attacker.hp)
    if not attacker.grants:
        return later, later
    return (*later, *attacker.grants), later


def defense_terms(target: Combatant, allowed: tuple[str, ...]) -> tuple[Term, ...]:
    """The terms of *target*'s defense: those of the *allowed* items it has (B2D6-23)."""
    return item_terms(
        target.character, allowed, Side.PASSIVE, hp=target.hp, extra=target.grants, held_only=True
    )
