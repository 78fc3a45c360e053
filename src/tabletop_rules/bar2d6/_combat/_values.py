"""The values of a bar2d6 combat: the setup, the combatants and the state."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from tabletop_rules.bar2d6._character import Character
from tabletop_rules.bar2d6._checks import Rulings, is_wounded
from tabletop_rules.checks import CheckResult, Term
from tabletop_rules.engine import GameResult
from tabletop_rules.errors import InvalidData
from tabletop_rules.kit import (
    GM,
    a_flag,
    a_side,
    an_instance,
    check_lineup,
    checked_items,
    copier,
    member,
    participant_id,
    replaced,
    shown,
)

if TYPE_CHECKING:
    from tabletop_rules.systems import Seat

__all__ = [
    "FOES",
    "MAX_PARTICIPANTS",
    "PARTY",
    "AttackMode",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Participant",
    "Strike",
    "changed",
    "check_loaded",
    "lineup",
    "state_with",
]

#: The most participants one combat takes.
MAX_PARTICIPANTS: Final = 32
#: The side of the players' characters in a combat set up from a lobby (:func:`lineup`).
PARTY: Final = "party"
#: The side of the GM's foes in a combat set up from a lobby (:func:`lineup`).
FOES: Final = "foes"


class AttackMode(enum.Enum):
    """How an attack rolls: one target, an area, or several attacks on one target.

    .. versionadded:: 0.1.0
    """

    #: One attack roll against one target's defense.
    SINGLE = "single"
    #: 範圍攻擊 — one attack roll; every target rolls its own defense (B2D6-13).
    AREA = "area"
    #: 多次攻擊 — one attack roll per attack; the target defends once against all (B2D6-14).
    MULTI = "multi"


@attrs.frozen(kw_only=True)
class Participant:
    """One character entering a combat.

    Raises:
        InvalidData: A field of the wrong type, or an id that is empty or ``"gm"``.

    .. versionadded:: 0.1.0
    """

    #: A stable id, unique in the combat.
    id: str = attrs.field(validator=participant_id(GM))
    #: The character.
    character: Character = attrs.field(validator=an_instance(Character))
    #: The side it fights on.
    side: str = attrs.field(validator=a_side)
    #: Whether a player runs it; the GM rolls for the others (B2D6-39).
    player: bool = attrs.field(default=True, validator=a_flag)
    #: Its HP when the combat starts; ``None`` for max HP.
    hp: int | None = None

    @property
    def starting_hp(self) -> int:
        """The HP it starts with."""
        return self.character.max_hp if self.hp is None else self.hp


def _participants(values: Iterable[Participant]) -> tuple[Participant, ...]:
    return checked_items(values, Participant, "$.participants", most=MAX_PARTICIPANTS)


def _side(participant: Participant) -> str:
    return participant.side


@attrs.frozen(kw_only=True)
class CombatSetup:
    """What :meth:`CombatRuleset.start` needs: the participants and the table's rulings.

    Raises:
        InvalidData: An HP outside 0..max, an id used twice, or fewer than two sides, every
            problem at once.

    .. versionadded:: 0.1.0
    """

    #: The participants, in the order the table lists them.
    participants: tuple[Participant, ...] = attrs.field(converter=_participants)
    #: The table's readings.
    rulings: Rulings = attrs.field(factory=Rulings, validator=an_instance(Rulings))

    def __attrs_post_init__(self) -> None:
        problems: list[tuple[str, str]] = []
        for index, p in enumerate(self.participants):
            hp = p.starting_hp
            if type(hp) is not int or not 0 <= hp <= p.character.max_hp:
                problems.append(
                    (
                        f"$.participants[{index}].hp",
                        f"HP must be from 0 to {p.character.max_hp}, not {shown(hp)}",
                    )
                )
        check_lineup(self.participants, side=_side, problems=problems)


def lineup(seats: Sequence[Seat[Any]]) -> CombatSetup:
    """The combat of a lobby's seats: the players' characters against the GM's foes.

    Each seat's character fights on the side :data:`PARTY`, run by a player, or, for a foe,
    on the side :data:`FOES`, run by the GM (B2D6-39); everyone starts at max HP.
    It is :attr:`SYSTEM.lineup <tabletop_rules.systems.RuleSystem.lineup>`, which a bot
    calls when a lobby starts its game.

    >>> from tabletop_rules import bar2d6
    >>> from tabletop_rules.systems import Seat
    >>> hero = bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET)
    >>> setup = bar2d6.lineup(
    ...     [Seat(id="b", character=hero), Seat(id="b2", character=hero, foe=True)]
    ... )
    >>> [(p.id, p.side, p.player) for p in setup.participants]
    [('b', 'party', True), ('b2', 'foes', False)]

    Raises:
        InvalidData: A seat that is no :class:`~tabletop_rules.systems.Seat` of a bar2d6
            character, at ``$.seats[index]`` (``$.seats[index].character``), or seats that
            make no combat (``$.participants``: one side only, an id used twice).

    .. versionadded:: 0.1.0
    """
    from tabletop_rules.systems import Seat

    given = cast("tuple[Seat[Any], ...]", checked_items(seats, Seat, "$.seats", "systems.Seat"))
    participants: list[Participant] = []
    for index, seat in enumerate(given):
        try:
            participants.append(
                Participant(
                    id=seat.id,
                    character=seat.character,
                    side=FOES if seat.foe else PARTY,
                    player=not seat.foe,
                )
            )
        except InvalidData as error:
            raise InvalidData(
                f"$.seats[{index}]{error.path[1:]}", error.detail_key, **error.detail_params
            ) from None
    return CombatSetup(participants=participants)


def _terms(values: Iterable[Term]) -> tuple[Term, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class Combatant:
    """One participant during the combat.

    .. versionadded:: 0.1.0
    """

    #: Its id.
    id: str
    #: Its side.
    side: str
    #: Whether a player runs it.
    player: bool
    #: Its character.
    character: Character
    #: Its max HP (B2D6-01, B2D6-08).
    max_hp: int
    #: Its HP now.
    hp: int
    #: Whether it has acted this round.
    acted: bool = False
    #: Bonuses granted to its next check (給予加值, B2D6-17), each labelled with the item.
    grants: tuple[Term, ...] = attrs.field(default=(), converter=_terms)

    @property
    def standing(self) -> bool:
        """Whether it can act, at HP 1 or more (B2D6-03)."""
        return self.hp > 0

    @property
    def wounded(self) -> bool:
        """Whether it is wounded, at HP 2 or less (B2D6-21)."""
        return is_wounded(self.hp)


def _combatants(values: Iterable[Combatant]) -> tuple[Combatant, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class CombatState:
    """The state of a bar2d6 combat: a pure fold over its events.

    .. versionadded:: 0.1.0
    """

    #: Every combatant, in the setup's order.
    combatants: tuple[Combatant, ...] = attrs.field(converter=_combatants)
    #: The round, from 1.
    round: int = 1
    #: The table's readings.
    rulings: Rulings = attrs.field(factory=Rulings)
    #: How the combat ended, once it has.
    result: GameResult | None = None

    def combatant(self, id: str) -> Combatant:
        """The combatant with *id* (:func:`tabletop_rules.kit.member`).

        Raises:
            IllegalCommand: No combatant has that id (``unknown_actor``).
        """
        return member(self.combatants, id)

    def has(self, id: str) -> bool:
        """Whether a combatant has *id*."""
        return any(c.id == id for c in self.combatants)

    def standing_sides(self) -> tuple[str, ...]:
        """The sides with someone standing, in the combatants' order."""
        return tuple(dict.fromkeys(c.side for c in self.combatants if c.standing))

    def replace(self, *changed: Combatant) -> CombatState:
        """The state with the combatants of the same ids replaced."""
        return state_with(self, combatants=replaced(self.combatants, *changed))


#: A copy of a combatant with some fields changed (the folds' fast ``attrs.evolve``).
changed: Final = copier(Combatant)
#: A copy of a state with some fields changed.
state_with: Final = copier(CombatState)


@attrs.frozen(kw_only=True)
class Strike:
    """One attack roll against one target's defense, and the damage it dealt.

    .. versionadded:: 0.1.0
    """

    #: The target's id.
    target: str
    #: The attacker's check against the target's defense (its rolls and terms).
    check: CheckResult
    #: The damage dealt (0 on a miss).
    damage: int


def check_loaded(state: CombatState) -> CombatState:
    """*state*, read from JSON, if it is one that play can reach in its shape.

    Raises:
        InvalidData: Two combatants with one id, or one with the GM's, more than
            :data:`MAX_PARTICIPANTS`, an HP outside 0..max, a max HP that is not the
            character's, or a round below 1.
    """
    ids = [c.id for c in state.combatants]
    if len(set(ids)) != len(ids):
        raise InvalidData("$.combatants", "every combatant needs its own id")
    if GM in ids:
        raise InvalidData("$.combatants", f"the id {GM!r} is kept for the GM")
    if len(ids) > MAX_PARTICIPANTS:  # as many as a setup may have: play adds none
        raise InvalidData("$.combatants", f"at most {MAX_PARTICIPANTS} combatants")
    for index, c in enumerate(state.combatants):
        if c.max_hp != c.character.max_hp:
            raise InvalidData(f"$.combatants[{index}].max_hp", "not the character's max HP")
        if not 0 <= c.hp <= c.max_hp:
            raise InvalidData(f"$.combatants[{index}].hp", f"HP {c.hp} outside 0..{c.max_hp}")
    if state.round < 1:
        raise InvalidData("$.round", f"the round must be 1 or more, not {state.round}")
    return state
