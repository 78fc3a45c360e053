"""The events of a bar2d6 combat: what commands produce, and the automatic ones.

Every die is recorded in an event (an attack's strikes keep their checks whole), so that
folding the events never rolls.
"""

from __future__ import annotations

import attrs

from tabletop_rules.bar2d6._combat._values import AttackMode, Strike
from tabletop_rules.checks import CheckResult, Opposition
from tabletop_rules.dice import Roll

__all__ = [
    "Attacked",
    "BonusGranted",
    "CombatEnded",
    "Event",
    "Healed",
    "HpSet",
    "RoundEnded",
    "Waited",
]


@attrs.frozen(kw_only=True)
class Attacked:
    """An attack was made: every strike with its dice, terms and damage.

    .. versionadded:: 0.2.0
    """

    #: Who attacked.
    actor: str
    #: The targets named.
    targets: tuple[str, ...]
    #: The attacker's items used.
    items: tuple[str, ...] = ()
    #: The defenders' items allowed.
    defense_items: tuple[str, ...] = ()
    #: The item whose area or multi-attack ability was used.
    special: str | None = None
    #: The item whose damage boost was used.
    boost: str | None = None
    #: Single, area or multi.
    mode: AttackMode = AttackMode.SINGLE
    #: The strikes, in the order rolled.
    strikes: tuple[Strike, ...] = ()

    def rolls(self) -> tuple[Roll, ...]:
        """Every die the attack drew, in the order drawn.

        A single attack: the attacker's 2D6, then the defender's.
        An area attack: the attacker's one 2D6, then each target's (B2D6-13).
        A multi-attack: each attack's 2D6, then the target's one 2D6 (B2D6-14).
        """
        checks = [strike.check for strike in self.strikes]
        if not checks:
            return ()
        if self.mode is AttackMode.AREA:
            attack = checks[0].rolls
            defenses = [r for c in checks for r in _defense(c)]
            return (*attack, *defenses)
        if self.mode is AttackMode.MULTI:
            return (*(r for c in checks for r in c.rolls), *_defense(checks[0]))
        return (*checks[0].rolls, *_defense(checks[0]))


def _defense(check: CheckResult) -> tuple[Roll, ...]:
    against = check.against
    return against.rolls if isinstance(against, Opposition) else ()


@attrs.frozen(kw_only=True)
class Healed:
    """An item's healing ability restored HP (already held to max HP, B2D6-15).

    .. versionadded:: 0.2.0
    """

    #: Who healed.
    actor: str
    #: Whom.
    target: str
    #: The item used.
    item: str
    #: The HP restored.
    amount: int


@attrs.frozen(kw_only=True)
class BonusGranted:
    """An item's bonus-granting ability gave *target*'s next check a bonus (B2D6-17).

    .. versionadded:: 0.2.0
    """

    #: Who granted.
    actor: str
    #: Whose next check gets it.
    target: str
    #: The item used (it labels the bonus's term).
    item: str
    #: The bonus.
    bonus: int


@attrs.frozen
class Waited:
    """A combatant let its action go.

    .. versionadded:: 0.2.0
    """

    #: Who waited.
    actor: str


@attrs.frozen(kw_only=True)
class HpSet:
    """The GM ruled a combatant's HP.

    .. versionadded:: 0.2.0
    """

    #: Whose HP.
    target: str
    #: The HP it has now.
    hp: int


@attrs.frozen(kw_only=True)
class RoundEnded:
    """The round ended: all standing acted (automatic), or the GM ended it.

    .. versionadded:: 0.2.0
    """

    #: The round that ended.
    round: int
    #: Whether the GM ended it.
    by_gm: bool = False


@attrs.frozen(kw_only=True)
class CombatEnded:
    """The combat ended: one side or none is left standing (automatic), or the GM ended it.

    .. versionadded:: 0.2.0
    """

    #: The winning side, if any.
    winners: tuple[str, ...]
    #: A catalog key saying why.
    reason: str


#: Every bar2d6 combat event (a union, tagged by class name in JSON).
Event = Attacked | Healed | BonusGranted | Waited | HpSet | RoundEnded | CombatEnded
