"""The commands a player sends in a skirmish game.

The rules roll what they roll by themselves (the first player, a check whose window closed):
no command exists only to roll.
"""

from __future__ import annotations

import attrs

from tabletop_rules.engine import Pass

__all__ = ["Attack", "Command", "EndTurn", "GiveAp", "Prepare", "UseSkill"]


@attrs.frozen
class Attack:
    """A normal attack by *unit* on *target* (SK-11).

    .. versionadded:: 0.1.0
    """

    #: The player.
    actor: str
    #: The attacking character.
    unit: str
    #: The character attacked, within distance 1.
    target: str


@attrs.frozen
class Prepare:
    """A preparatory action of *unit*: +2 AP and, if *row* is given, a move there (SK-16).

    .. versionadded:: 0.1.0
    """

    #: The player.
    actor: str
    #: The character.
    unit: str
    #: The adjacent row it moves to, or ``None`` to stay.
    row: int | None = None


@attrs.frozen
class UseSkill:
    """Use skill number *skill* of *unit*, as an action or as a response (SK-20).

    .. versionadded:: 0.1.0
    """

    #: The player.
    actor: str
    #: The character.
    unit: str
    #: The skill's index on the character's card (from 0).
    skill: int
    #: The target's id, or ``None`` for a skill aimed at no one.
    target: str | None = None


@attrs.frozen
class GiveAp:
    """Give one AP of a downed character to *unit* (SK-08).

    .. versionadded:: 0.1.0
    """

    #: The player.
    actor: str
    #: The character that gains the AP.
    unit: str


@attrs.frozen
class EndTurn:
    """End the turn (SK-33).

    .. versionadded:: 0.1.0
    """

    #: The turn player.
    actor: str


#: Every skirmish command.
Command = Attack | Prepare | UseSkill | GiveAp | EndTurn | Pass
