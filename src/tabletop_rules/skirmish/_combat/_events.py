"""The events a skirmish game records: what happened, with every face the rules rolled."""

from __future__ import annotations

import attrs

from tabletop_rules.checks import CheckResult, Term
from tabletop_rules.dice import Roll
from tabletop_rules.skirmish._cards import Step
from tabletop_rules.skirmish._combat._values import Action, Unit
from tabletop_rules.skirmish._effects import Role

__all__ = [
    "Advanced",
    "ApGiven",
    "Declared",
    "Ended",
    "Event",
    "FirstPlayerRolled",
    "GameEnded",
    "MarkerActed",
    "Paid",
    "Passed",
    "Resolved",
    "Rolled",
    "StepTaken",
    "Stepped",
    "TargetLost",
    "TurnEnded",
    "TurnStarted",
]


@attrs.frozen
class FirstPlayerRolled:
    """Automatic: both players rolled 2D6 for the first turn until they differed (SK-02).

    The rules roll it when the game begins (:func:`tabletop_rules.engine.begin`).
    """

    #: The rolls, ``a``'s then ``b``'s, pair by pair.
    rolls: tuple[Roll, ...]
    #: Who goes first: the higher total of the last pair.
    first: str


@attrs.frozen(kw_only=True)
class MarkerActed:
    """What a character's markers did at a turn's end (its hp) or start (its AP) (SK-41).

    .. versionadded:: 0.1.0
    """

    #: The character.
    unit: str
    #: The names of the markers that acted, in the order they were placed.
    markers: tuple[str, ...]
    #: The change they made, hp at a turn's end and AP at a turn's start; it is their sum, less
    #: what the limits kept (no hp above the card's, none below 0; no AP below 0).
    change: int
    #: The hp or AP after it (hp within 0 and the card's hp, AP never below 0).
    after: int


@attrs.frozen(kw_only=True)
class TurnStarted:
    """Automatic: a turn began; its player's standing characters gained 1 AP (SK-07)."""

    #: The turn player.
    player: str
    #: The turn (from 1).
    turn: int
    #: The AP of downed characters the player may hand out (SK-08).
    spare_ap: int
    #: The standing characters whose markers changed their AP besides (``turn_start_ap``).
    marked: tuple[MarkerActed, ...] = ()


@attrs.frozen
class ApGiven:
    """One spare AP went to *unit* (SK-08)."""

    #: The player.
    actor: str
    #: The character that gained it.
    unit: str


@attrs.frozen
class Declared:
    """An action or a response was declared (SK-09, SK-30 step 0)."""

    #: The player.
    actor: str
    #: The action, at its first step.
    action: Action


@attrs.frozen
class Passed:
    """The one asked in a response window passed (SK-32)."""

    #: The player who passed.
    actor: str


@attrs.frozen
class Paid:
    """A step of :class:`Advanced`: the top action paid its AP (SK-20, SK-30 step 1).

    *paid* is false when it could no longer pay, and the action comes to nothing.
    """

    #: The acting character.
    unit: str
    #: Its AP after paying.
    ap: int
    #: Whether it could pay.
    paid: bool
    #: The AP it paid (0 for a normal attack and a preparatory action, and when it could not
    #: pay).
    #:
    #: .. versionadded:: 0.1.0
    cost: int = 0


@attrs.frozen
class TargetLost:
    """A step of :class:`Advanced`: at step 1 the top action's target was no longer a target.

    The target is chosen at step 1 (SK-30): a target that has moved out of the action's range,
    or is no longer standing, cannot be chosen, and the action comes to nothing, paying
    nothing.

    .. versionadded:: 0.1.0
    """

    #: The acting character.
    unit: str
    #: The target it was declared on.
    target: str


@attrs.frozen
class Stepped:
    """A step of :class:`Advanced`: the top action went past a step where nothing happened."""

    #: The step.
    step: Step
    #: Whether the action takes effect, as known after the step (``None``: not yet known).
    success: bool | None


@attrs.frozen
class Rolled:
    """A step of :class:`Advanced`: the top action's check, rolled when its window closed.

    The rules roll it on their own (SK-22 to SK-29, SK-30 step 2): nobody sends a command to
    roll.
    """

    #: The check.
    result: CheckResult
    #: The checking character's AP after a natural (SK-27, SK-29).
    ap: int


@attrs.frozen(kw_only=True)
class Resolved:
    """A step of :class:`Advanced`: the top action's effect (SK-30 step 3).

    It holds the characters as they are after it, and the modifiers it gave the check it
    answers.
    """

    #: Whether it took effect.
    success: bool
    #: The characters it changed or brought in, as they are after it.
    units: tuple[Unit, ...] = ()
    #: The modifiers it gave the check it answers, by the side they go to.
    modifiers: tuple[tuple[Role, Term], ...] = ()


@attrs.frozen
class Ended:
    """A step of :class:`Advanced`: the top action ended (SK-30 step 4).

    The action it suspended, if any, goes on: its window opens again (SK-31).
    """

    #: The acting character.
    unit: str


#: A step the rules take on their own, recorded in :class:`Advanced`.
StepTaken = Paid | TargetLost | Stepped | Rolled | Resolved | Ended


@attrs.frozen
class Advanced:
    """Automatic: the rules took the steps of the response stack that no one was asked about.

    From a state whose top action waits on no one, the steps go on, each recorded in
    :attr:`steps` (a check rolls when its window closes; an action ending lets the one it
    suspended go on), until a response window asks someone, the stack is empty, or an effect
    leaves a player no standing character (:class:`GameEnded` comes next).

    .. versionadded:: 0.1.0
    """

    #: What happened at each step, in order.
    steps: tuple[StepTaken, ...]


@attrs.frozen
class TurnEnded:
    """The turn ended (SK-33, SK-34); every marker lost a turn (SK-45, SK-46)."""

    #: The player whose turn ended.
    actor: str
    #: The standing characters whose markers changed their hp, before the markers lost a turn
    #: (``turn_end_hp``).
    marked: tuple[MarkerActed, ...] = ()


@attrs.frozen
class GameEnded:
    """Automatic: the game is over."""

    #: The winner, or none for a draw.
    winners: tuple[str, ...]
    #: Why (a catalog key).
    reason: str


#: Every skirmish event.
Event = (
    FirstPlayerRolled | TurnStarted | ApGiven | Declared | Passed | Advanced | TurnEnded | GameEnded
)
