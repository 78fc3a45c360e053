"""The effect vocabulary of skirmish skills: small values that the library interprets.

A card's skill lists its effects as data; no card has Python of its own (as Forge's card
scripts describe abilities as key–value data).
Each effect is an attrs value tagged in card files by its ``kind``.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from tabletop_rules.arguments import a_flag, a_text, a_whole, an_instance
from tabletop_rules.errors import InvalidData

__all__ = [
    "MARKER_CHANGE",
    "MARKER_DURATIONS",
    "ApChange",
    "Damage",
    "Effect",
    "Heal",
    "Marker",
    "MarkerEffect",
    "Modify",
    "Move",
    "Remove",
    "Replace",
    "Role",
    "Summon",
]

#: The durations a marker may have: the faces of a die (SK-42).
MARKER_DURATIONS: Final = range(1, 7)


class Role(enum.Enum):
    """Which side of a check a modifier goes to.

    .. versionadded:: 0.1.0
    """

    #: The acting character's total (2D6 + skl).
    ACTOR = "actor"
    #: The opposing character's total (2D6 + def).
    DEFENDER = "defender"


@attrs.frozen
class Damage:
    """Lower the target's hp by :attr:`amount` (never below 0).

    .. versionadded:: 0.1.0
    """

    #: The hp taken.
    amount: int


@attrs.frozen
class Heal:
    """Raise the target's hp by :attr:`amount`, never above its card's hp.

    .. versionadded:: 0.1.0
    """

    #: The hp given back.
    amount: int


@attrs.frozen
class ApChange:
    """Give (or, negative, take) AP; AP never goes below 0.

    .. versionadded:: 0.1.0
    """

    #: The AP given (taken, if negative).
    amount: int


@attrs.frozen
class Move:
    """Move the target :attr:`rows` rows away from the actor (negative: toward it).

    The target stays within the field's rows 0–3.

    .. versionadded:: 0.1.0
    """

    #: Rows away from the actor (a target in the actor's own row moves toward its own side's
    #: back row).
    rows: int


@attrs.frozen
class Modify:
    """A modifier to the check this response answers (the suspended action's check).

    Only a response may carry it; it does nothing once that check has been rolled.

    .. versionadded:: 0.1.0
    """

    #: Which total it changes.
    role: Role
    #: The modifier.
    amount: int


#: The most a marker changes a number by (hp at a turn's end, AP at a turn's start).
MARKER_CHANGE: Final = 99


def _a_change(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    a_whole(_, attribute, value)
    if not -MARKER_CHANGE <= value <= MARKER_CHANGE:  # type: ignore[operator]
        raise InvalidData(
            f"$.{attribute.name}", f"must be from -{MARKER_CHANGE} to {MARKER_CHANGE}, not {value}"
        )


@attrs.frozen(kw_only=True)
class MarkerEffect:
    """What a marker does while it lasts: modifiers to its holder's numbers, or a status.

    A marker is "like a status" (SK-41, 「類似於造成狀態」): besides the modifiers it may keep
    its holder from acting, moving or responding, change its hp at every turn's end, or its
    AP at the start of its player's turns.

    .. versionadded:: 0.1.0
    """

    #: Added to the holder's skl in its checks.
    skl: int = attrs.field(default=0, validator=_a_change)
    #: Added to the holder's def when it opposes a check.
    defense: int = attrs.field(default=0, validator=_a_change)
    #: Added to the damage of the holder's normal attacks.
    atk: int = attrs.field(default=0, validator=_a_change)
    #: The holder takes no action of its own (no normal attack, preparatory action or skill,
    #: on its turn or as a response).
    cannot_act: bool = attrs.field(default=False, validator=a_flag)
    #: The holder's row does not change (its preparatory action moves nowhere, and a move
    #: effect on it does nothing).
    cannot_move: bool = attrs.field(default=False, validator=a_flag)
    #: The holder uses no response skill.
    cannot_respond: bool = attrs.field(default=False, validator=a_flag)
    #: At every turn's end, before the marker loses a turn, the holder's hp changes by this
    #: (below 0 damage, above 0 healing, never above its card's hp).
    turn_end_hp: int = attrs.field(default=0, validator=_a_change)
    #: At the start of each of its player's turns, the holder's AP changes by this besides the
    #: 1 AP of preparation (never below 0).
    turn_start_ap: int = attrs.field(default=0, validator=_a_change)

    @property
    def empty(self) -> bool:
        """Whether the marker would do nothing."""
        return not (
            self.skl
            or self.defense
            or self.atk
            or self.cannot_act
            or self.cannot_move
            or self.cannot_respond
            or self.turn_end_hp
            or self.turn_start_ap
        )


def _says_something(instance: object, attribute: object, value: MarkerEffect) -> None:
    if value.empty:
        raise InvalidData("$.effect", "a marker must say what it does (SK-44)")


@attrs.frozen(kw_only=True)
class Marker:
    """Put a marker on the target (SK-41): a named effect with a duration on a die face.

    .. versionadded:: 0.1.0
    """

    #: The marker's name; markers of the same name do not stack unless :attr:`stacks`.
    name: str = attrs.field(validator=a_text)
    #: Turn ends it lasts (1–6).
    duration: int = attrs.field(validator=[a_whole, attrs.validators.in_(MARKER_DURATIONS)])
    #: What it does (never nothing, SK-44).
    effect: MarkerEffect = attrs.field(validator=[an_instance(MarkerEffect), _says_something])
    #: Whether a second marker of the same name is added beside the first.
    stacks: bool = attrs.field(default=False, validator=a_flag)


@attrs.frozen
class Remove:
    """Take the target off the field: removed from the game, not downed (SK-47, SK-48).

    .. versionadded:: 0.1.0
    """


@attrs.frozen
class Replace:
    """Replace the target by a fresh character of another card, in the same row (SK-50).

    .. versionadded:: 0.1.0
    """

    #: The id of the card that comes in.
    card: str


@attrs.frozen
class Summon:
    """Summon a temporary character of another card into the actor's row (SK-51).

    .. versionadded:: 0.1.0
    """

    #: The id of the summoned card.
    card: str


#: Every effect (tagged by class name in JSON, by ``kind`` in card files).
Effect = Damage | Heal | ApChange | Move | Modify | Marker | Remove | Replace | Summon
