"""The commands of a bayside23 battle: the actions of the text and the strike after a win.

Initiative is no command: the rules roll it at the start of every turn (BAY-13, BAY-16).
"""

from __future__ import annotations

import enum

import attrs

__all__ = [
    "Attack",
    "Cast",
    "Command",
    "FinishingStrike",
    "Flee",
    "ForgoStrike",
    "Obstacle",
    "Overcome",
    "Ready",
    "SwitchWeapon",
    "UseArtifact",
    "Wait",
]


@attrs.frozen
class Attack:
    """Attack *target* with the weapon in hand: a direct or a ranged attack (BAY-21, BAY-27).

    .. versionadded:: 0.1.0
    """

    #: Who attacks.
    actor: str
    #: Whom.
    target: str


@attrs.frozen(kw_only=True)
class Cast:
    """Cast the actor's spell number *spell* on *target* (BAY-24; a heal, BAY-15).

    .. versionadded:: 0.1.0
    """

    #: Who casts.
    actor: str
    #: On whom.
    target: str
    #: The index of the spell among the caster's.
    spell: int = 0


@attrs.frozen
class SwitchWeapon:
    """Take weapon number *weapon* in hand (武器の持ち替え, BAY-14); the action is spent.

    .. versionadded:: 0.1.0
    """

    #: Who switches.
    actor: str
    #: The index of the weapon to take.
    weapon: int


@attrs.frozen
class Ready:
    """Ready the bow or gun in hand (弓・銃を構える, BAY-14); the action is spent.

    .. versionadded:: 0.1.0
    """

    #: Who readies.
    actor: str


@attrs.frozen
class Wait:
    """Wait (待機, BAY-14): the action passes.

    .. versionadded:: 0.1.0
    """

    #: Who waits.
    actor: str


@attrs.frozen
class Flee:
    """Flee (逃げる, BAY-14): leave the battle at once, without a check.

    .. versionadded:: 0.1.0
    """

    #: Who flees.
    actor: str


@attrs.frozen
class UseArtifact:
    """Use an artifact on the actor's turn, without spending the action (BAY-47, BAY-49).

    .. versionadded:: 0.1.0
    """

    #: The player character who uses it.
    actor: str
    #: The artifact's name.
    artifact: str


@attrs.frozen(kw_only=True)
class FinishingStrike:
    """After a win, strike an enemy for 1d3 or 1d6 HP, as the party chooses (BAY-33).

    .. versionadded:: 0.1.0
    """

    #: The party member who strikes.
    actor: str
    #: The enemy.
    target: str
    #: The sides of the die, 3 or 6.
    sides: int = 6


@attrs.frozen
class ForgoStrike:
    """After a win, end the battle without the strike (BAY-33: 「減らすことができる」).

    .. versionadded:: 0.1.0
    """

    #: The party member who says so.
    actor: str


class Obstacle(enum.Enum):
    """What an action check in a battle is against, as the GM describes it.

    .. versionadded:: 0.1.0
    """

    #: A trap to disarm or to escape.
    TRAP = "trap"
    #: A lock to open.
    LOCK = "lock"
    #: A riddle to solve.
    RIDDLE = "riddle"
    #: Anything else the GM calls a check for.
    OTHER = "other"


@attrs.frozen(kw_only=True)
class Overcome:
    """On its turn, make the action check the GM calls: a trap, a lock, a riddle (BAY-34..37).

    2D6 at or under the feature's value + the skill's − the GM's difficulty succeeds; the
    check is the turn's action (BAY-14: one action a turn).
    The menus offer it once, with the feature alone, against the GM's difficulty 0 and the
    obstacle ``other``; the difficulty, the obstacle and the skill are chosen when the GM
    calls the check (``SYSTEM.menu_form``).

    .. versionadded:: 0.1.0
    """

    #: Who makes the check (the combatant on turn).
    actor: str
    #: What it is against.
    obstacle: Obstacle = Obstacle.OTHER
    #: The GM's difficulty (subtracted from the target), −99 to 99.
    difficulty: int = 0
    #: The actor's skill used, as its sheet names it; ``None`` for the feature alone.
    skill: str | None = None


#: Every command of a bayside23 battle.
Command = (
    Attack
    | Cast
    | SwitchWeapon
    | Ready
    | Wait
    | Flee
    | UseArtifact
    | FinishingStrike
    | ForgoStrike
    | Overcome
)
