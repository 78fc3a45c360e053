"""The events of a bar2d6 combat: what commands produce, and the automatic ones.

Every die is recorded in an event (an attack's strikes keep their checks whole), so that
folding the events never rolls.
The round's end and the combat's are the kit's :class:`~tabletop_rules.kit.RoundEnded` and
:class:`~tabletop_rules.kit.CombatEnded`.
"""

from __future__ import annotations

import attrs

from tabletop_rules.bar2d6._checks import HelpedResult
from tabletop_rules.bar2d6._combat._values import AttackMode, Strike
from tabletop_rules.kit import CombatEnded, RoundEnded

__all__ = [
    "Attacked",
    "BonusGranted",
    "CheckMade",
    "CombatEnded",
    "Event",
    "Healed",
    "HpSet",
    "RoundEnded",
    "Waited",
]


def _strikes(strikes: tuple[Strike, ...]) -> tuple[Strike, ...]:
    return tuple(strikes)


@attrs.frozen(kw_only=True)
class Attacked:
    """An attack was made: every strike with its dice, terms and damage.

    The command's choices (its targets, items, special and boost items) are not copied
    here: the record keeps the command beside its events.

    .. versionadded:: 0.1.0
    """

    #: Who attacked.
    actor: str
    #: Single, area or multi.
    mode: AttackMode = AttackMode.SINGLE
    #: The strikes in the order rolled (an area attack's one per target, a multi-attack's
    #: one per attack).
    strikes: tuple[Strike, ...] = attrs.field(default=(), converter=_strikes)


@attrs.frozen(kw_only=True)
class Healed:
    """An item's healing ability restored HP (already held to max HP, B2D6-15).

    .. versionadded:: 0.1.0
    """

    #: Who healed.
    actor: str
    #: Whom.
    target: str
    #: The item used, as its sheet names it.
    item: str
    #: The HP restored.
    amount: int


@attrs.frozen(kw_only=True)
class BonusGranted:
    """An item's bonus-granting ability gave *target*'s next check a bonus (B2D6-17).

    .. versionadded:: 0.1.0
    """

    #: Who granted.
    actor: str
    #: Whose next check gets it.
    target: str
    #: The item used, as its sheet names it (it labels the bonus's term).
    item: str
    #: The bonus.
    bonus: int


@attrs.frozen
class Waited:
    """A combatant let its action go.

    .. versionadded:: 0.1.0
    """

    #: Who waited.
    actor: str


@attrs.frozen(kw_only=True)
class HpSet:
    """The GM ruled a combatant's HP.

    .. versionadded:: 0.1.0
    """

    #: Whose HP.
    target: str
    #: The HP it has now.
    hp: int


@attrs.frozen(kw_only=True)
class CheckMade:
    """A check the GM called was made: the helpers' checks, then the challenger's (B2D6-43).

    The result keeps every die (the helpers', the challenger's, the GM's) and every term
    (items, wound, granted bonuses, the GM's modifiers, each successful help).

    .. versionadded:: 0.1.0
    """

    #: Who took the challenge.
    challenger: str
    #: The helpers, in the order they rolled (their results are :attr:`result`'s helpers).
    helpers: tuple[str, ...]
    #: The check.
    result: HelpedResult


#: Every bar2d6 combat event (a union, tagged by class name in JSON).
Event = Attacked | Healed | BonusGranted | Waited | HpSet | RoundEnded | CombatEnded | CheckMade
