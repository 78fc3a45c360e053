"""The terms of a bayside23 battle's checks: what each roll adds and what reduces it."""

from __future__ import annotations

from tabletop_rules.bayside23._character import Attribute
from tabletop_rules.bayside23._checks import DamageRoll, HitCheck, HitKind
from tabletop_rules.bayside23._combat._values import Combatant, CombatState
from tabletop_rules.dice import Dice

__all__ = ["damage_roll", "hit_check", "initiative_bonus"]


def initiative_bonus(state: CombatState, combatant: Combatant) -> int:
    """What *combatant* adds to its initiative die: 敏捷性's modifier, or the raw score (BAY-18)."""
    if state.rulings.initiative_raw_score:
        return combatant.character.agility
    return combatant.character.modifier(Attribute.AGILITY)


def hit_check(state: CombatState, actor: Combatant, target: Combatant, kind: HitKind) -> HitCheck:
    """*actor*'s hit check on *target*: both sides roll 3d6 + the kind's modifier (BAY-21)."""
    return HitCheck.of(actor.character, target.character, kind, state.rulings)


def damage_roll(
    state: CombatState, actor: Combatant, target: Combatant, kind: HitKind, dice: Dice
) -> DamageRoll:
    """The damage of a hit: the die + the bonus − 防御力 (魔法防御力 for magic), BAY-22 to 28.

    A die showing 6 deals exactly 1 for weapons and spells, and for bows and guns only by the
    rulings (BAY-23, BAY-26, BAY-28).
    """
    reduction = (
        target.character.magic_defense if kind is HitKind.MAGIC else target.character.defense
    )
    return DamageRoll(
        dice=dice,
        bonus=actor.character.bonus(kind.attribute),
        reduction=reduction,
        six_is_one=kind is not HitKind.RANGED or state.rulings.ranged_six_is_one,
    )
