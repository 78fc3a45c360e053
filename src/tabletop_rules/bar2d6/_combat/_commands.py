"""The commands of a bar2d6 combat: actions, and the GM's rulings.

Every command that a combatant sends names its ``actor``; ``decide`` checks each field's type
(from these classes' attrs fields) before any rule reads it.
The order of action is the table's (B2D6-35): any standing combatant that has not acted this
round may act.
The GM ends the round and the combat with the kit's :class:`~tabletop_rules.kit.EndRound` and
:class:`~tabletop_rules.kit.EndCombat`, and rules on HP with :class:`SetHp`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from tabletop_rules.bar2d6._checks import Side
from tabletop_rules.checks import Term
from tabletop_rules.kit import GM, EndCombat, EndRound

__all__ = [
    "Attack",
    "CallCheck",
    "CheckHelp",
    "Command",
    "EndCombat",
    "EndRound",
    "GrantBonus",
    "Heal",
    "SetHp",
    "Wait",
]


def _terms(values: Iterable[Term]) -> tuple[Term, ...]:
    return tuple(values)


def _helps(values: Iterable[CheckHelp]) -> tuple[CheckHelp, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class Attack:
    """Attack: a contest of the attacker's active bonuses against each target's passive ones.

    With ``special`` naming an item with a 範圍攻擊 ability, every target rolls its own
    defense against one attack roll (B2D6-13); with a 多次攻擊 item, one target defends once
    against one roll per attack (B2D6-14); an item with both is an area attack.
    ``boost`` names an item with a 增傷能力 ability, whose amount each hit adds (B2D6-16).
    Items are named as on the sheet, compared after NFKC normalization and case folding.

    Which items apply is the GM's call (B2D6-26), and who stands in an area the table's:
    ``legal_commands`` offers each attack in one form (every item with a bonus, an area
    attack at every standing enemy), and ``decide`` accepts any other choice of these.

    .. versionadded:: 0.1.0
    """

    #: Who attacks.
    actor: str
    #: The targets — one, or any number with an area attack.
    targets: tuple[str, ...]
    #: The attacker's items the GM allows (their active bonuses apply, B2D6-23, B2D6-26).
    items: tuple[str, ...] = ()
    #: The defenders' items the GM allows; each target uses those it has.
    defense_items: tuple[str, ...] = ()
    #: The item whose area or multi-attack ability the attack uses, if any.
    special: str | None = None
    #: The item whose damage-boost ability the attack uses, if any.
    boost: str | None = None
    #: The GM's situational modifiers to the attacker's rolls (cover, footing, ...), as a
    #: check takes them (B2D6-20, 「其他修正值」).
    #:
    #: .. versionadded:: 0.1.0
    modifiers: tuple[Term, ...] = attrs.field(default=(), converter=_terms)
    #: The GM's situational modifiers to each defender's roll.
    #:
    #: .. versionadded:: 0.1.0
    defense_modifiers: tuple[Term, ...] = attrs.field(default=(), converter=_terms)


@attrs.frozen(kw_only=True)
class Heal:
    """Use an item's 回復能力 on *target* (B2D6-15): no check, HP up to max HP.

    .. versionadded:: 0.1.0
    """

    #: Who heals.
    actor: str
    #: Whom (itself, an ally, or someone at 0 HP, who can act again).
    target: str
    #: The item with the ability.
    item: str


@attrs.frozen(kw_only=True)
class GrantBonus:
    """Use an item's 給予加值 on *target*: its next check gets the bonus (B2D6-17).

    .. versionadded:: 0.1.0
    """

    #: Who grants.
    actor: str
    #: Whose next check gets it.
    target: str
    #: The item with the ability.
    item: str


@attrs.frozen
class Wait:
    """Do nothing this round.

    .. versionadded:: 0.1.0
    """

    #: Who waits.
    actor: str


@attrs.frozen(kw_only=True)
class SetHp:
    """The GM's ruling on a combatant's HP, from 0 to max HP.

    For what the rules leave to the GM: a fall, a trap, a rest.
    The HP is the GM's to choose: ``legal_commands`` offers one ruling a combatant, one HP
    less than it has (or its max HP, at 0), and ``decide`` accepts any other in range.

    .. versionadded:: 0.1.0
    """

    #: Whose HP.
    target: str
    #: The HP it has now.
    hp: int
    #: Always the GM.
    actor: str = GM


@attrs.frozen(kw_only=True)
class CheckHelp:
    """A named character's cooperation check (協力判定) on a check the GM calls (B2D6-41..47).

    .. versionadded:: 0.1.0
    """

    #: Who helps, a standing combatant other than the challenger, once a check (B2D6-41).
    helper: str
    #: The GM dice its player chose, 1 to 4 (B2D6-47).
    dice: int
    #: Its items the GM allows for the help, on the check's side (B2D6-46).
    items: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class CallCheck:
    """The GM calls a check against its dice in the middle of the combat (B2D6-27..33).

    A door to force, a ledge to leap while the fight goes on: the challenger rolls 2D6 with
    the bonuses of the items the GM allows (and its granted bonuses, B2D6-17), its wound, and
    the GM's situational modifiers, against the GM's difficulty dice; its helpers roll first
    (B2D6-43). It takes no one's action for the round.
    The menus offer it for each standing combatant in one form (2 dice, no items, no
    modifiers, no helpers): the difficulty, items, modifiers and helpers are the table's to
    choose.

    .. versionadded:: 0.1.0
    """

    #: Who takes the challenge.
    challenger: str
    #: The GM's dice, 0 to 4 (B2D6-30); 2 is the normal difficulty (B2D6-31).
    difficulty: int = 2
    #: The challenger's items the GM allows (B2D6-26).
    items: tuple[str, ...] = ()
    #: The active (acting) or passive (reacting) bonuses (B2D6-23).
    side: Side = Side.ACTIVE
    #: The GM's situational modifiers.
    modifiers: tuple[Term, ...] = attrs.field(default=(), converter=_terms)
    #: The named helpers, each once (B2D6-41, B2D6-44).
    helpers: tuple[CheckHelp, ...] = attrs.field(default=(), converter=_helps)
    #: Always the GM.
    actor: str = GM


#: Every bar2d6 combat command (a union, tagged by class name in JSON).
Command = Attack | Heal | GrantBonus | Wait | EndRound | EndCombat | SetHp | CallCheck
