"""The checks that refuse a command with :class:`~tabletop_rules.errors.IllegalCommand`."""

from __future__ import annotations

from typing import Final

from tabletop_rules.arguments import shown
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import member
from tabletop_rules.skirmish._cards import Skill
from tabletop_rules.skirmish._combat._values import CombatState, Status, Unit

#: Read at every command, once: an enum class's attribute is a slow lookup.
_STANDING: Final = Status.STANDING

__all__ = [
    "check_can_act",
    "check_done",
    "check_going_on",
    "check_main",
    "check_turn_player",
    "done",
    "own",
    "skill_of",
]


def check_going_on(state: CombatState) -> None:
    """Refuse any command once the game is over."""
    if state.result is not None:
        raise IllegalCommand("skirmish.illegal.game_over")


def check_turn_player(state: CombatState, actor: str) -> None:
    """Refuse a command of anyone but the turn player."""
    check_going_on(state)
    if actor != state.active:
        raise IllegalCommand("skirmish.illegal.not_your_turn", actor=actor)


def check_main(state: CombatState, actor: str) -> None:
    """Refuse a main action or the turn's end: not the turn player's, or while resolving (SK-31)."""
    check_turn_player(state, actor)
    if state.stack.frames:
        raise IllegalCommand("skirmish.illegal.resolving")


def own(state: CombatState, actor: str, unit_id: str) -> Unit:
    """*actor*'s standing character *unit_id*.

    Raises:
        IllegalCommand: No character has that id (``unknown_actor``, as in every system), it
            is another player's, or it is not standing.
    """
    unit = member(state.units, unit_id)
    if unit.owner != actor:
        raise IllegalCommand("skirmish.illegal.not_your_character", unit=unit_id)
    if unit.status is not _STANDING:
        raise IllegalCommand("skirmish.illegal.not_standing", unit=unit_id)
    return unit


def done(state: CombatState, unit: Unit, flag: str) -> bool:
    """Whether *unit* (or, per player, any of its side) has attacked or prepared (SK-14...)."""
    if state.rulings.limits_per_player:
        return any(getattr(u, flag) for u in state.units if u.owner == unit.owner)
    return bool(getattr(unit, flag))


def check_done(state: CombatState, unit: Unit, flag: str) -> None:
    """Refuse an action *unit* may not take after it has attacked or prepared (SK-15, SK-19)."""
    if done(state, unit, flag):
        raise IllegalCommand(f"skirmish.illegal.{flag}", unit=unit.id)


def skill_of(unit: Unit, index: int) -> Skill:
    """Skill number *index* of *unit*'s card.

    Raises:
        IllegalCommand: The card has no skill of that number (``skirmish.illegal.no_skill``).
    """
    skills = unit.card.skills
    if type(index) is not int or not 0 <= index < len(skills):
        raise IllegalCommand("skirmish.illegal.no_skill", unit=unit.id, skill=shown(index))
    return skills[index]


def check_can_act(unit: Unit, *, response: bool = False) -> None:
    """Refuse an action (a *response*) of *unit*, which a marker keeps from it (SK-41).

    Raises:
        IllegalCommand: ``skirmish.illegal.cannot_act`` or ``skirmish.illegal.cannot_respond``.
    """
    if not unit.markers:
        return
    if not unit.can_act:
        raise IllegalCommand("skirmish.illegal.cannot_act", unit=unit.id)
    if response and not unit.can_respond:
        raise IllegalCommand("skirmish.illegal.cannot_respond", unit=unit.id)
