"""The events of a bayside23 battle: each records the facts and every die rolled.

The end of the battle is the kit's :class:`~tabletop_rules.kit.CombatEnded`, with the
winning side's name (``"party"`` or ``"enemies"``) as its one winner.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from tabletop_rules.bayside23._character import Attribute
from tabletop_rules.bayside23._checks import HitKind
from tabletop_rules.bayside23._combat._commands import Obstacle
from tabletop_rules.checks import CheckResult
from tabletop_rules.dice import Roll
from tabletop_rules.kit import CombatEnded

__all__ = [
    "ArtifactUsed",
    "Attacked",
    "CombatEnded",
    "Event",
    "Fled",
    "Healed",
    "InitiativeRoll",
    "InitiativeRolled",
    "ObstacleChecked",
    "Readied",
    "StrikeForgone",
    "Struck",
    "TurnEnded",
    "TurnLost",
    "Waited",
    "WeaponSwitched",
]


@attrs.frozen(kw_only=True)
class InitiativeRoll:
    """One participant's initiative die (a re-roll among the tied has a higher round).

    .. versionadded:: 0.1.0
    """

    #: Who rolled.
    id: str
    #: The die.
    roll: Roll
    #: The die + 敏捷性's modifier (or the raw score, by the rulings).
    total: int
    #: 0 for the first roll, 1 for the first re-roll among the tied, and so on.
    round: int = 0


def _rolls(values: Iterable[InitiativeRoll]) -> tuple[InitiativeRoll, ...]:
    return tuple(values)


def _ids(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class InitiativeRolled:
    """Initiative for a turn: every die, the re-rolls among the tied, and the order.

    .. versionadded:: 0.1.0
    """

    #: The turn that starts.
    turn: int
    #: Every die in the order rolled.
    rolls: tuple[InitiativeRoll, ...] = attrs.field(converter=_rolls)
    #: The order of action, lowest first.
    order: tuple[str, ...] = attrs.field(converter=_ids)


@attrs.frozen(kw_only=True)
class Attacked:
    """An attack or an attacking spell, its hit check and its damage.

    .. versionadded:: 0.1.0
    """

    actor: str
    target: str
    #: Weapon, magic or ranged.
    kind: HitKind
    #: The hit check, both sides' dice in it.
    check: CheckResult
    #: The damage roll, if the attack hit without a critical.
    damage_roll: Roll | None = None
    #: The damage to the target (3 on a critical).
    damage: int = 0
    #: The damage to the attacker (a defender's critical, by the rulings).
    backlash: int = 0
    #: Who falls (a fumbler) and so cannot act for a turn (BAY-32).
    falls: tuple[str, ...] = attrs.field(default=(), converter=_ids)
    #: Those of :attr:`falls` who have yet to act this turn, and so lose this turn's action
    #: (a defender's fumble, by the rulings); the others lose their next turn's.
    falls_now: tuple[str, ...] = attrs.field(default=(), converter=_ids)


@attrs.frozen(kw_only=True)
class Healed:
    """A heal: its roll, the attribute bonus added and the HP restored (BAY-15).

    A healing spell adds 精神力's bonus; a healing weapon (first aid, a direct action) adds
    体力's.

    .. versionadded:: 0.1.0
    """

    actor: str
    target: str
    roll: Roll
    #: HP restored (never above 生命力).
    amount: int
    #: The attribute whose bonus was added: 精神力 for a spell, 体力 for a weapon.
    attribute: Attribute
    #: That bonus (the attribute's modifier with its sign turned).
    bonus: int


@attrs.frozen
class WeaponSwitched:
    """A weapon was taken in hand.

    .. versionadded:: 0.1.0
    """

    actor: str
    weapon: int


@attrs.frozen
class Readied:
    """A bow or gun was readied.

    .. versionadded:: 0.1.0
    """

    actor: str


@attrs.frozen
class Waited:
    """The action passed.

    .. versionadded:: 0.1.0
    """

    actor: str


@attrs.frozen
class Fled:
    """A combatant left the battle.

    .. versionadded:: 0.1.0
    """

    actor: str


@attrs.frozen
class ArtifactUsed:
    """An artifact was used: spent until the next session; the GM applies its effect.

    .. versionadded:: 0.1.0
    """

    actor: str
    artifact: str


@attrs.frozen
class TurnLost:
    """A fallen combatant's turn passed (BAY-32); it stands again.

    .. versionadded:: 0.1.0
    """

    actor: str


@attrs.frozen
class TurnEnded:
    """Everyone has acted: the turn ends (BAY-16).

    .. versionadded:: 0.1.0
    """

    turn: int


@attrs.frozen(kw_only=True)
class Struck:
    """The winners' strike on an enemy after the battle (BAY-33).

    .. versionadded:: 0.1.0
    """

    actor: str
    target: str
    #: The 1d3 or 1d6.
    roll: Roll


@attrs.frozen
class StrikeForgone:
    """The winners end the battle without a strike.

    .. versionadded:: 0.1.0
    """

    actor: str


@attrs.frozen(kw_only=True)
class ObstacleChecked:
    """An action check the GM called in the battle was made (BAY-34..37): its die and target.

    The result keeps the 2D6 and the target with how it was computed (the feature's value,
    the skill's, the GM's difficulty).

    .. versionadded:: 0.1.0
    """

    #: Who made it.
    actor: str
    #: What it was against.
    obstacle: Obstacle
    #: The check.
    result: CheckResult


#: Every event of a bayside23 battle.
Event = (
    InitiativeRolled
    | Attacked
    | Healed
    | WeaponSwitched
    | Readied
    | Waited
    | Fled
    | ArtifactUsed
    | TurnLost
    | TurnEnded
    | CombatEnded
    | Struck
    | StrikeForgone
    | ObstacleChecked
)
