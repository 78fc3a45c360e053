"""The values of a skirmish game: teams, characters on the field, actions and the state."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final

import attrs

from tabletop_rules._hypothesis import strategies_of
from tabletop_rules.arguments import an_instance, checked_items, checked_text, shown, wrong_type
from tabletop_rules.checks import CheckResult, Term
from tabletop_rules.engine import GameResult, PromptFrame, PromptStack
from tabletop_rules.errors import InvalidData
from tabletop_rules.kit import Durations, Expiry, ResponseWindow, copier
from tabletop_rules.skirmish._cards import Card, Step
from tabletop_rules.skirmish._checks import Rulings
from tabletop_rules.skirmish._effects import MARKER_DURATIONS, MarkerEffect, Replace, Role, Summon

__all__ = [
    "FIELD_ROWS",
    "PLAYERS",
    "Action",
    "ActionKind",
    "CombatSetup",
    "CombatState",
    "Frame",
    "MarkerKind",
    "Phase",
    "PlacedMarker",
    "Status",
    "Team",
    "Unit",
    "check_loaded",
    "home_rows",
    "other",
]

#: The two players; ``a`` places in rows 0–1, ``b`` in rows 2–3 (SK-04, SK-05).
PLAYERS: Final = ("a", "b")
#: The rows of the field.
FIELD_ROWS: Final = range(4)
#: How many character cards each player fields (SK-01).
TEAM_SIZE: Final = 3


def other(player: str) -> str:
    """The other player.

    Raises:
        InvalidData: *player* is neither ``"a"`` nor ``"b"`` (path ``$.player``).
    """
    if player == PLAYERS[0]:
        return PLAYERS[1]
    if player == PLAYERS[1]:
        return PLAYERS[0]
    raise not_a_player(player)


def home_rows(player: str) -> tuple[int, int]:
    """The two rows on *player*'s own side (SK-05).

    Raises:
        InvalidData: *player* is neither ``"a"`` nor ``"b"`` (path ``$.player``).
    """
    if player == PLAYERS[0]:
        return (0, 1)
    if player == PLAYERS[1]:
        return (2, 3)
    raise not_a_player(player)


def not_a_player(player: object, path: str = "$.player") -> InvalidData:
    """The refusal of *player*, which is no player of the game."""
    if not isinstance(player, str):
        return wrong_type(path, "str", player)
    return InvalidData(path, f"the players are a and b, not {shown(player)}")


class MarkerKind(enum.Enum):
    """The kit's kind of every marker: counted down at each turn end (SK-45)."""

    COUNTED = "counted"


#: Markers last a count of turn ends (the kit's table).
_EXPIRIES: dict[Any, Any] = {MarkerKind.COUNTED: Expiry.COUNT}
DURATIONS: Final[Durations[MarkerKind]] = Durations(_EXPIRIES)


@attrs.frozen(kw_only=True)
class PlacedMarker:
    """A marker on a character: its name, effect and the turn ends it still lasts."""

    #: The marker's name.
    name: str
    #: What it does.
    effect: MarkerEffect
    #: Turn ends left (the die face).
    turns: int
    #: The turn it was placed in.
    since_round: int
    #: The kit's kind (always counted).
    kind: MarkerKind = MarkerKind.COUNTED


class Status(enum.Enum):
    """Where a character is."""

    #: On the field, above 0 hp.
    STANDING = "standing"
    #: At 0 hp (SK-40), on the field but out of play.
    DOWNED = "downed"
    #: Removed from the game (SK-47, SK-48), replaced (SK-50) or a summon at 0 hp (SK-53).
    REMOVED = "removed"


@attrs.frozen(kw_only=True)
class Unit:
    """A character on the field."""

    #: Its id (``a1``, ``b3``, ``a4`` for a later one).
    id: str
    #: Its player.
    owner: str
    #: Its card.
    card: Card
    #: Its hp now.
    hp: int
    #: Its row (0–3).
    row: int
    #: Its action points (SK-07), never below 0.
    ap: int = 0
    #: Where it is.
    status: Status = Status.STANDING
    #: Whether it is a summon (SK-51).
    summon: bool = False
    #: Its markers.
    markers: tuple[PlacedMarker, ...] = ()
    #: Whether it made a normal attack this turn (SK-14).
    attacked: bool = False
    #: Whether it took a preparatory action this turn (SK-18).
    prepared: bool = False

    @property
    def standing(self) -> bool:
        """Whether it is on the field and can act."""
        return self.status is Status.STANDING

    def bonus(self, what: str) -> int:
        """The sum of its markers' ``skl``, ``defense`` or ``atk`` (or another number of theirs)."""
        return sum(getattr(m.effect, what) for m in self.markers)

    def held(self, status: str) -> bool:
        """Whether a marker gives it *status*: ``cannot_act``, ``cannot_move``, ``cannot_respond``.

        .. versionadded:: 0.1.0
        """
        return any(getattr(m.effect, status) for m in self.markers)

    @property
    def can_act(self) -> bool:
        """Whether it is standing and no marker keeps it from acting (SK-41).

        .. versionadded:: 0.1.0
        """
        return self.status is Status.STANDING and not (self.markers and self.held("cannot_act"))

    @property
    def can_respond(self) -> bool:
        """Whether it may use a response (it can act, and no marker keeps it from responding).

        .. versionadded:: 0.1.0
        """
        return self.can_act and not (self.markers and self.held("cannot_respond"))

    @property
    def can_move(self) -> bool:
        """Whether its row may change, no marker holding it in place (SK-41).

        .. versionadded:: 0.1.0
        """
        return not (self.markers and self.held("cannot_move"))


def _cards(values: Iterable[Card]) -> tuple[Card, ...]:
    return checked_items(values, Card, "$.cards")


def _rows(values: Iterable[int]) -> tuple[int, ...]:
    return checked_items(values, int, "$.rows")


def _teams(values: Iterable[Team]) -> tuple[Team, ...]:
    return checked_items(values, Team, "$.teams")


def _library(values: Iterable[Card]) -> tuple[Card, ...]:
    return checked_items(values, Card, "$.library")


@attrs.frozen(kw_only=True)
class Team:
    """One player's three cards and the rows they are placed in (SK-03, SK-05)."""

    #: The three cards (SK-01).
    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    #: The row of each card, in the player's own two rows; any number per row (SK-03).
    rows: tuple[int, ...] = attrs.field(converter=_rows)


def _check_setup(setup: CombatSetup, attribute: object, teams: tuple[Team, ...]) -> None:
    if len(teams) != len(PLAYERS):
        raise InvalidData("$.teams", "a game has two teams")
    for index, (player, team) in enumerate(zip(PLAYERS, teams, strict=True)):
        if len(team.cards) != TEAM_SIZE:
            raise InvalidData(f"$.teams[{index}].cards", "a team fields exactly three cards")
        if len(team.rows) != TEAM_SIZE:
            raise InvalidData(f"$.teams[{index}].rows", "each card needs a row")
        for at, row in enumerate(team.rows):
            if row not in home_rows(player):
                raise InvalidData(
                    f"$.teams[{index}].rows[{at}]",
                    f"player {player} places in rows {home_rows(player)}, not {row}",
                )
    _check_brought_in(setup, teams)


def _check_brought_in(setup: CombatSetup, teams: tuple[Team, ...]) -> None:
    """One card to an id, and every card a skill brings in among the setup's cards."""
    groups = [("$.library", setup.library)]
    groups += [(f"$.teams[{i}].cards", team.cards) for i, team in enumerate(teams)]
    cards: dict[str, Card] = {}
    for path, group in groups:
        for index, card in enumerate(group):
            if cards.setdefault(card.id, card) != card:
                raise InvalidData(f"{path}[{index}]", f"two cards have the id {shown(card.id)}")
    for path, group in groups:
        for index, card in enumerate(group):
            for brought in _brought_in(card):
                if brought not in cards:
                    raise InvalidData(
                        f"{path}[{index}]",
                        f"card {shown(card.id)} brings in {shown(brought)}, which is not given",
                    )


def _brought_in(card: Card) -> list[str]:
    """The cards *card*'s skills summon or replace a character with (SK-50, SK-51)."""
    return [
        effect.card
        for skill in card.skills
        for effect in skill.effects
        if isinstance(effect, Replace | Summon)
    ]


@attrs.frozen(kw_only=True)
class CombatSetup:
    """The start of a game: both teams, the cards that may be summoned, the readings."""

    #: The teams of ``a`` and ``b``.
    teams: tuple[Team, ...] = attrs.field(converter=_teams, validator=_check_setup)
    #: The cards a summon or a replace may bring in.
    library: tuple[Card, ...] = attrs.field(default=(), converter=_library)
    #: The readings.
    rulings: Rulings = attrs.field(factory=Rulings, validator=an_instance(Rulings))

    def card(self, card_id: str) -> Card:
        """The card *card_id* of the library or a team.

        Raises:
            InvalidData: No such card (path ``$.library``), or *card_id* is no ``str``
                (``$.card_id``).
        """
        checked_text(card_id, "$.card_id")
        for card in (*self.library, *(c for t in self.teams for c in t.cards)):
            if card.id == card_id:
                return card
        raise InvalidData("$.library", f"no card {card_id!r}")


class ActionKind(enum.Enum):
    """The three kinds of action (SK-10)."""

    ATTACK = "attack"
    PREPARE = "prepare"
    SKILL = "skill"


@attrs.frozen(kw_only=True)
class Action:
    """An action being resolved: the work a response window suspends."""

    #: What it is.
    kind: ActionKind
    #: The acting character.
    unit: str
    #: The skill's index on the card, for a skill.
    skill: int | None = None
    #: The target's id, if any.
    target: str | None = None
    #: The row a preparatory action moves to, if any.
    row: int | None = None
    #: Whether it answers another action (a response).
    response: bool = False
    #: The step that comes next.
    step: Step = Step.PAY
    #: Modifiers responses gave its check, by the total they go to.
    modifiers: tuple[tuple[Role, Term], ...] = ()
    #: Its check, once rolled.
    result: CheckResult | None = None
    #: Whether it takes effect (``None`` until known).
    success: bool | None = None


#: A frame of the response stack.
Frame = PromptFrame[ResponseWindow[Action]]


class Phase(enum.Enum):
    """Where the game is."""

    #: The first player is not rolled yet (SK-02): the rules roll it before anyone acts.
    INITIATIVE = "initiative"
    #: A turn has begun and its preparation is owed (SK-07).
    PREPARATION = "preparation"
    #: The turn player acts (SK-09).
    ACTION = "action"
    #: The game has ended.
    OVER = "over"


@attrs.frozen(kw_only=True)
class CombatState:
    """A skirmish game between two events."""

    #: Every character that has been on the field, in order.
    units: tuple[Unit, ...]
    #: The cards a summon or a replace may bring in.
    library: tuple[Card, ...] = ()
    #: The readings.
    rulings: Rulings = attrs.field(factory=Rulings)
    #: The steps some card of the game (a library card included) can answer with a response.
    answered_steps: frozenset[Step] = frozenset()
    #: Where the game is.
    phase: Phase = Phase.INITIATIVE
    #: The turn (from 1).
    turn: int = 0
    #: Whose turn it is.
    active: str = PLAYERS[0]
    #: AP of downed characters the turn player may still hand out this turn (SK-08).
    spare_ap: int = 0
    #: The response stack, one frame per action being resolved.
    stack: PromptStack[ResponseWindow[Action]] = attrs.field(
        factory=PromptStack[ResponseWindow[Action]]
    )
    #: How the game ended.
    result: GameResult | None = None

    def unit(self, unit_id: str) -> Unit:
        """The character *unit_id*.

        Raises:
            InvalidData: No such character (path ``$.unit_id``).
        """
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        if not isinstance(unit_id, str):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise wrong_type("$.unit_id", "str", unit_id)
        raise InvalidData("$.unit_id", f"no character {shown(unit_id)} in this game")

    def find(self, unit_id: str | None) -> Unit | None:
        """The character *unit_id*, or ``None``."""
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        return None

    def standing(self, player: str) -> tuple[Unit, ...]:
        """*player*'s standing characters."""
        standing = Status.STANDING
        return tuple([u for u in self.units if u.owner == player and u.status is standing])

    def library_card(self, card_id: str) -> Card:
        """The library card *card_id*."""
        for card in self.library:
            if card.id == card_id:
                return card
        raise KeyError(card_id)


def _check_unit(unit: Unit, at: str) -> None:
    if unit.owner not in PLAYERS:
        raise not_a_player(unit.owner, f"{at}.owner")
    if unit.row not in FIELD_ROWS:
        raise InvalidData(f"{at}.row", f"the field has rows 0 to 3, not {unit.row}")
    if not 0 <= unit.hp <= unit.card.hp:
        raise InvalidData(f"{at}.hp", f"hp {unit.hp} outside 0..{unit.card.hp}, its card's")
    if (unit.hp == 0 and unit.standing) or (unit.status is Status.DOWNED and unit.hp != 0):
        raise InvalidData(f"{at}.status", f"{unit.status.value} at hp {unit.hp} (SK-40)")
    if unit.ap < 0:
        raise InvalidData(f"{at}.ap", f"AP is never below 0, not {unit.ap} (SK-07)")
    for index, marker in enumerate(unit.markers):
        if marker.turns not in MARKER_DURATIONS:
            raise InvalidData(
                f"{at}.markers[{index}].turns",
                f"a marker lasts 1 to 6 turn ends, not {marker.turns}",
            )


def _check_cards(state: CombatState) -> None:
    """The library's ids are unique, and every card brought in by a skill is in it."""
    ids: set[str] = set()
    for index, card in enumerate(state.library):
        if card.id in ids:
            raise InvalidData(f"$.library[{index}].id", f"two cards have the id {shown(card.id)}")
        ids.add(card.id)
    for where, cards in (("units", [u.card for u in state.units]), ("library", state.library)):
        for index, card in enumerate(cards):
            for brought in _brought_in(card):
                if brought not in ids:
                    path = f"$.{where}[{index}]" + (".card" if where == "units" else "")
                    raise InvalidData(
                        path,
                        f"card {shown(card.id)} brings in {shown(brought)}, not in the library",
                    )


def _check_action(units: dict[str, Unit], action: Action, at: str) -> None:
    unit = units.get(action.unit)
    if unit is None:
        raise InvalidData(f"{at}.unit", f"no character {shown(action.unit)} in this game")
    if action.target is not None and action.target not in units:
        raise InvalidData(f"{at}.target", f"no character {shown(action.target)} in this game")
    if (action.kind is ActionKind.SKILL) != (action.skill is not None):
        raise InvalidData(f"{at}.skill", "a skill's action names its skill, and only a skill's")
    if action.skill is not None and not 0 <= action.skill < len(unit.card.skills):
        raise InvalidData(
            f"{at}.skill", f"the card of {shown(unit.id)} has no skill {action.skill}"
        )
    if action.row is not None and action.row not in FIELD_ROWS:
        raise InvalidData(f"{at}.row", f"the field has rows 0 to 3, not {action.row}")


def check_loaded(state: CombatState) -> CombatState:
    """*state*, read from JSON, if it is one that play can reach in its shape.

    Checks what the rules rely on, so that a forged or damaged state is refused when it is
    read, not with a bare ``KeyError`` or ``IndexError`` in play: unique ids of characters
    and library cards, owners that are players, rows, hp and AP in range, markers of 1 to 6
    turns, every card a skill brings in in the library, an active player, a result exactly
    when the game is over, and the response stack's actions naming characters of the game
    and skills of their cards.

    Raises:
        InvalidData: The first problem, with its path.
    """
    units: dict[str, Unit] = {}
    for index, unit in enumerate(state.units):
        if unit.id in units:
            raise InvalidData(
                f"$.units[{index}].id", f"two characters have the id {shown(unit.id)}"
            )
        units[unit.id] = unit
        _check_unit(unit, f"$.units[{index}]")
    _check_cards(state)
    if state.active not in PLAYERS:
        raise not_a_player(state.active, "$.active")
    if state.turn < 0 or state.spare_ap < 0:
        raise InvalidData("$.turn", "the turn and the spare AP are 0 or more")
    if (state.result is None) == (state.phase is Phase.OVER):
        raise InvalidData("$.result", "a game has a result exactly when it is over")
    if state.result is not None:
        for index, winner in enumerate(state.result.winners):
            if winner not in PLAYERS:
                raise not_a_player(winner, f"$.result.winners[{index}]")
    for index, frame in enumerate(state.stack.frames):
        at = f"$.stack.frames[{index}]"
        if frame.responder is not None and frame.responder not in PLAYERS:
            raise not_a_player(frame.responder, f"{at}.responder")
        for at_responder, responder in enumerate(frame.pending.responders):
            if responder not in PLAYERS:
                raise not_a_player(responder, f"{at}.pending.responders[{at_responder}]")
        _check_action(units, frame.pending.pending, f"{at}.pending.pending")
    return state


copy_state: Final = copier(CombatState)
copy_unit: Final = copier(Unit)
copy_action: Final = copier(Action)


# st.from_type(CombatSetup) draws from tabletop_rules.skirmish.strategies.setups(), registered when
# this module is imported (the package imports it when first used).
_register_hypothesis_strategies = strategies_of(
    "tabletop_rules.skirmish.strategies", [(CombatSetup, "setups")]
)
