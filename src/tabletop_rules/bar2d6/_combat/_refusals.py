"""The checks that refuse a bar2d6 combat command, each with its catalog key.

Each raises :class:`~tabletop_rules.errors.IllegalCommand` and changes nothing; a rule calls
them before it draws a die.
An id that names no combatant is refused by the kit's :func:`~tabletop_rules.kit.member`
(``unknown_actor``), a GM's command sent by anyone else by :func:`~tabletop_rules.kit.check_gm`
(``gm_only``), alike in every system.
"""

from __future__ import annotations

from tabletop_rules.bar2d6._character import Character, Item, SpecialKind
from tabletop_rules.bar2d6._combat._commands import Attack
from tabletop_rules.bar2d6._combat._values import Combatant, CombatState
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import GM

__all__ = [
    "ability",
    "acting",
    "attack_targets",
    "going_on",
    "held_by",
    "held_items",
    "standing_target",
]


def going_on(state: CombatState) -> None:
    """Refuse any command once the combat is over (``game_over``)."""
    if state.result is not None:
        raise IllegalCommand("game_over")


def acting(state: CombatState, actor: str) -> Combatant:
    """The combatant who sends a command of its own, if it may act now.

    Raises:
        IllegalCommand: The combat is over, *actor* is the GM (``bar2d6.illegal.gm_cannot``),
            no one (``unknown_actor``), at 0 HP (``bar2d6.illegal.cannot_act``, B2D6-03) or
            has acted this round (``bar2d6.illegal.already_acted``, B2D6-35).
    """
    going_on(state)
    if actor == GM:
        raise IllegalCommand("bar2d6.illegal.gm_cannot", actor=actor)
    c = state.combatant(actor)
    if not c.standing:
        raise IllegalCommand("bar2d6.illegal.cannot_act", actor=actor)
    if c.acted:
        raise IllegalCommand("bar2d6.illegal.already_acted", actor=actor)
    return c


def ability(character: Character, item: str, *kinds: SpecialKind) -> tuple[Item, SpecialKind, int]:
    """*character*'s *item*, the first of *kinds* it has an ability of, and its amount.

    Raises:
        IllegalCommand: No item of that name (``bar2d6.illegal.unknown_item``), or none of
            those abilities on it (``bar2d6.illegal.no_special``).
    """
    if not character.has_item(item):
        raise IllegalCommand("bar2d6.illegal.unknown_item", item=item, actor=character.name)
    held = character.item(item)
    for kind in kinds:
        special = held.special(kind)
        if special is not None:
            return held, kind, special.amount_or_default
    raise IllegalCommand("bar2d6.illegal.no_special", item=item)


def standing_target(state: CombatState, target: str) -> Combatant:
    """The combatant *target*, if it is standing.

    Raises:
        IllegalCommand: No one (``unknown_actor``), or at 0 HP (``bar2d6.illegal.target_down``).
    """
    found = state.combatant(target)
    if not found.standing:
        raise IllegalCommand("bar2d6.illegal.target_down", target=found.id)
    return found


def attack_targets(state: CombatState, attacker: Combatant, command: Attack) -> list[Combatant]:
    """The targets of *command*: others, standing, each named once.

    Raises:
        IllegalCommand: No target, one named twice, the attacker itself, or one that is no
            one or at 0 HP.
    """
    if not command.targets:
        raise IllegalCommand("bar2d6.illegal.no_target")
    if len(set(command.targets)) != len(command.targets):
        raise IllegalCommand("bar2d6.illegal.repeated_target")
    targets: list[Combatant] = []
    for id in command.targets:
        if id == attacker.id:
            raise IllegalCommand("bar2d6.illegal.self_target")
        targets.append(standing_target(state, id))
    return targets


def held_items(attacker: Combatant, targets: list[Combatant], command: Attack) -> None:
    """Refuse an attack's item the attacker lacks, or a defense item no target has.

    Raises:
        IllegalCommand: ``bar2d6.illegal.unknown_item`` (B2D6-26: only items a character has
            can add their bonus).
    """
    held_by(attacker, command.items)
    for name in command.defense_items:
        if not any(t.character.has_item(name) for t in targets):
            raise IllegalCommand("bar2d6.illegal.unknown_item", item=name, actor=targets[0].id)


def held_by(combatant: Combatant, items: tuple[str, ...]) -> None:
    """Refuse an item *combatant*'s character lacks.

    Raises:
        IllegalCommand: ``bar2d6.illegal.unknown_item`` (B2D6-26).
    """
    character = combatant.character
    for name in items:
        if not character.has_item(name):
            raise IllegalCommand("bar2d6.illegal.unknown_item", item=name, actor=combatant.id)
