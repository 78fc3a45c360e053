"""The checks that refuse a bayside23 battle's commands, each with its reason."""

from __future__ import annotations

from tabletop_rules.bayside23._combat._values import Combatant, CombatState, Side, Status, Weapon
from tabletop_rules.errors import IllegalCommand

__all__ = [
    "ally",
    "enemy",
    "illegal",
    "on_turn",
    "player",
    "ready_weapon",
    "striker",
    "target",
]


def illegal(reason: str, **params: object) -> IllegalCommand:
    """The refusal ``bayside23.illegal.<reason>``."""
    return IllegalCommand(f"bayside23.illegal.{reason}", **params)


def on_turn(state: CombatState, actor: str) -> Combatant:
    """*actor*, if it is the one whose turn it is (BAY-13).

    Raises:
        IllegalCommand: The battle is decided (``battle_decided``), no one has that id
            (``unknown_actor``), or it is not its turn (``not_your_turn``).
    """
    if state.winner is not None:
        raise illegal("battle_decided")
    found = state.combatant(actor)
    if state.current != actor:
        raise illegal("not_your_turn", actor=actor)
    return found


def target(state: CombatState, id: str) -> Combatant:
    """The combatant *id* a command aims at.

    Raises:
        IllegalCommand: No one has that id (``unknown_actor``).
    """
    return state.combatant(id)


def enemy(actor: Combatant, aimed: Combatant) -> Combatant:
    """*aimed*, if it is an enemy of *actor* still in the fight.

    Raises:
        IllegalCommand: It is on *actor*'s side (``not_an_enemy``), or down or gone
            (``target_out``).
    """
    if aimed.side is actor.side:
        raise illegal("not_an_enemy", target=aimed.id)
    if not aimed.active:
        raise illegal("target_out", target=aimed.id)
    return aimed


def ally(actor: Combatant, aimed: Combatant) -> Combatant:
    """*aimed*, if it is on *actor*'s side and has not fled (a heal's target, BAY-15).

    Raises:
        IllegalCommand: ``not_an_ally``.
    """
    if aimed.side is not actor.side or aimed.status is Status.GONE:
        raise illegal("not_an_ally", target=aimed.id)
    return aimed


def ready_weapon(actor: Combatant) -> Weapon:
    """The weapon in *actor*'s hand, if it can attack with it (BAY-14).

    Raises:
        IllegalCommand: No weapon is in hand (``no_weapon``), or a bow or gun is not readied
            (``not_ready``).
    """
    weapon = actor.weapon
    if weapon is None:
        raise illegal("no_weapon", actor=actor.id)
    if weapon.ranged and not actor.ready:
        raise illegal("not_ready", actor=actor.id, weapon=weapon.name)
    return weapon


def player(actor: Combatant) -> Combatant:
    """*actor*, if it is a player character: only they hold artifacts (BAY-47).

    Raises:
        IllegalCommand: ``not_a_player``.
    """
    if actor.side is not Side.PARTY or actor.follower:
        raise illegal("not_a_player", actor=actor.id)
    return actor


def striker(state: CombatState, actor: str) -> Combatant:
    """*actor*, if it may strike (or forgo the strike) after the party's win (BAY-33).

    Raises:
        IllegalCommand: The party has not won, or the strike is done (``no_strike``); no
            one has that id (``unknown_actor``); or *actor* is no active party member
            (``not_a_winner``).
    """
    if state.winner is not Side.PARTY or state.finished:
        raise illegal("no_strike")
    found = state.combatant(actor)
    if found.side is not Side.PARTY or not found.active:
        raise illegal("not_a_winner", actor=actor)
    return found
