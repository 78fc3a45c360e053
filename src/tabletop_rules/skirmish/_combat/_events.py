"""The commands a player sends and the events a skirmish game records."""

from __future__ import annotations

import attrs

from tabletop_rules.checks import CheckResult, Term
from tabletop_rules.dice import Roll
from tabletop_rules.engine import Pass
from tabletop_rules.skirmish._cards import Step
from tabletop_rules.skirmish._combat._values import Action, Unit
from tabletop_rules.skirmish._effects import Role

__all__ = [
    "Advanced",
    "ApGiven",
    "Attack",
    "Command",
    "Declared",
    "EndTurn",
    "Ended",
    "Event",
    "FirstPlayerRolled",
    "GameEnded",
    "GiveAp",
    "Paid",
    "Passed",
    "Prepare",
    "Resolved",
    "RollCheck",
    "RollForFirst",
    "Rolled",
    "StepTaken",
    "Stepped",
    "TurnEnded",
    "TurnStarted",
    "UseSkill",
]


# --------------------------------------------------------------------------- commands


@attrs.frozen
class RollForFirst:
    """Both players roll 2D6 for the first turn, again on a tie (SK-02)."""

    #: Who rolls: player ``a``, for both players.
    actor: str


@attrs.frozen
class Attack:
    """A normal attack by *unit* on *target* (SK-11)."""

    actor: str
    unit: str
    target: str


@attrs.frozen
class Prepare:
    """A preparatory action of *unit*: +2 AP and, if *row* is given, a move there (SK-16)."""

    actor: str
    unit: str
    row: int | None = None


@attrs.frozen
class UseSkill:
    """Use skill number *skill* of *unit*, as an action or as a response (SK-20)."""

    actor: str
    unit: str
    skill: int
    target: str | None = None


@attrs.frozen
class GiveAp:
    """Give one AP of a downed character to *unit* (SK-08)."""

    actor: str
    unit: str


@attrs.frozen
class RollCheck:
    """Roll the check of the action on top of the stack (SK-30 step 2)."""

    actor: str


@attrs.frozen
class EndTurn:
    """End the turn (SK-33)."""

    actor: str


#: Every skirmish command.
Command = RollForFirst | Attack | Prepare | UseSkill | GiveAp | RollCheck | EndTurn | Pass


# --------------------------------------------------------------------------- events


@attrs.frozen
class FirstPlayerRolled:
    """The rolls for the first turn, ``a``'s then ``b``'s, until they differed."""

    actor: str
    rolls: tuple[Roll, ...]
    first: str


@attrs.frozen(kw_only=True)
class TurnStarted:
    """Automatic: a turn began; its player's standing characters gained 1 AP (SK-07)."""

    player: str
    turn: int
    #: The AP of downed characters the player may hand out (SK-08).
    spare_ap: int


@attrs.frozen
class ApGiven:
    """One spare AP went to *unit* (SK-08)."""

    actor: str
    unit: str


@attrs.frozen
class Declared:
    """An action or a response was declared (SK-09, SK-30 step 0)."""

    actor: str
    action: Action


@attrs.frozen
class Passed:
    """The one asked in a response window passed (SK-32)."""

    actor: str


@attrs.frozen
class Rolled:
    """The top action's check (SK-22 to SK-29)."""

    actor: str
    result: CheckResult
    #: The checking character's AP after a natural (SK-27, SK-29).
    ap: int


@attrs.frozen
class Paid:
    """A step of :class:`Advanced`: the top action paid its AP (SK-20, SK-30 step 1).

    *paid* is false when it could no longer pay, and the action comes to nothing.
    """

    unit: str
    ap: int
    paid: bool


@attrs.frozen
class Stepped:
    """A step of :class:`Advanced`: the top action went past a step where nothing happened."""

    step: Step
    success: bool | None


@attrs.frozen(kw_only=True)
class Resolved:
    """A step of :class:`Advanced`: the top action's effect (SK-30 step 3).

    It holds the characters as they are after it, and the modifiers it gave the check it
    answers.
    """

    success: bool
    units: tuple[Unit, ...] = ()
    modifiers: tuple[tuple[Role, Term], ...] = ()


@attrs.frozen
class Ended:
    """A step of :class:`Advanced`: the top action ended (SK-30 step 4).

    The action it suspended, if any, goes on: its window opens again (SK-31).
    """

    unit: str


#: A step the rules take on their own, recorded in :class:`Advanced`.
StepTaken = Paid | Stepped | Resolved | Ended


@attrs.frozen
class Advanced:
    """Automatic: the rules took the steps of the response stack that no one was asked about.

    From a state whose top action waits on no one, the steps go on, each recorded in
    :attr:`steps` (an action ending lets the one it suspended go on), until a response
    window asks someone, a check waits for its roll, the stack is empty, or an effect leaves
    a player no standing character (:class:`GameEnded` comes next).

    .. versionadded:: 0.2.0
    """

    #: What happened at each step, in order.
    steps: tuple[StepTaken, ...]


@attrs.frozen
class TurnEnded:
    """The turn ended (SK-33, SK-34); every marker lost a turn (SK-45, SK-46)."""

    actor: str


@attrs.frozen
class GameEnded:
    """Automatic: the game is over."""

    winners: tuple[str, ...]
    reason: str


#: Every skirmish event.
Event = (
    FirstPlayerRolled
    | TurnStarted
    | ApGiven
    | Declared
    | Passed
    | Rolled
    | Advanced
    | TurnEnded
    | GameEnded
)
