"""The values of a bayside23 battle: weapons, spells, participants, the setup, the state."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules.bayside23._artifacts import SessionLedger
from tabletop_rules.bayside23._character import Character
from tabletop_rules.bayside23._checks import Rulings
from tabletop_rules.dice import Dice
from tabletop_rules.errors import InvalidCheck, InvalidData
from tabletop_rules.kit import (
    GM,
    a_flag,
    an_instance,
    check_lineup,
    checked,
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
    "GM",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Participant",
    "Side",
    "Spell",
    "Status",
    "Weapon",
    "lineup",
]

#: The most participants of one battle (a limit against abusive input).
MAX_PARTICIPANTS: Final = 16


class Side(enum.Enum):
    """The two sides of a battle (敵味方).

    .. versionadded:: 0.1.0
    """

    #: The player characters and their followers (味方).
    PARTY = "party"
    #: The enemies (敵).
    ENEMIES = "enemies"

    @property
    def label(self) -> str:
        """The catalog key of the side's name."""
        return f"bayside23.side.{self.value}"

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.ENEMIES if self is Side.PARTY else Side.PARTY


class Status(enum.Enum):
    """Whether a combatant is in the fight.

    .. versionadded:: 0.1.0
    """

    #: Able to act.
    ACTIVE = "active"
    #: At 0 HP, not dead but unable to act, fallen where it stands (BAY-07).
    DOWN = "down"
    #: Fled the battle (BAY-14).
    GONE = "gone"

    @property
    def label(self) -> str:
        """The catalog key of the status's name."""
        return f"bayside23.status.{self.value}"


def _damage_dice(_: object, __: attrs.Attribute[Dice], value: object) -> None:
    if not isinstance(value, Dice) or not 1 <= value.count <= 10:
        raise InvalidCheck("bayside23.error.damage_dice", dice=str(value), most=10)


def _direct_heal(weapon: Weapon, _: attrs.Attribute[bool], heals: bool) -> None:
    """A healing weapon is used by direct action: no bow or gun heals (BAY-15)."""
    if heals and weapon.ranged:
        raise InvalidCheck("bayside23.error.ranged_heal", weapon=weapon.name)


@attrs.frozen(kw_only=True)
class Weapon:
    """A weapon: its damage roll (攻撃力判定), and whether it is a bow or a gun.

    .. versionadded:: 0.1.0
    """

    #: Its name (``ショートソード``).
    name: str
    #: Its damage dice (``1D6``).
    damage: Dice = attrs.field(default=Dice(1, 6), validator=_damage_dice)
    #: Whether it is a bow or a gun, which must be readied and hits with 敏捷性 (BAY-14, BAY-27).
    ranged: bool = False
    #: Whether it heals (a first-aid kit, a healing staff): used on the wielder's own side with
    #: no hit check, its roll + 体力's bonus restores HP (BAY-15, 「直接攻撃の…回復判定」).
    #: A bow or a gun cannot heal.
    #:
    #: .. versionadded:: 0.1.0
    heals: bool = attrs.field(default=False, validator=_direct_heal)


@attrs.frozen(kw_only=True)
class Spell:
    """A spell: its damage (or healing) roll (魔法ダメージ判定, BAY-25; 回復, BAY-15).

    .. versionadded:: 0.1.0
    """

    #: Its name (``火炎``).
    name: str
    #: Its dice (``1D6`` for 火炎).
    damage: Dice = attrs.field(default=Dice(1, 6), validator=_damage_dice)
    #: Whether it heals, cast on the caster's own side with no hit check.
    heals: bool = False


def _weapons(values: Iterable[Weapon]) -> tuple[Weapon, ...]:
    return checked_items(values, Weapon, "$.weapons")


def _spells(values: Iterable[Spell]) -> tuple[Spell, ...]:
    return checked_items(values, Spell, "$.spells")


@attrs.frozen(kw_only=True)
class Participant:
    """One character entering a battle, with its side and its gear.

    Raises:
        InvalidData: A field of the wrong type (the path names it, such as ``$.character``),
            or an id that is empty, too long or the GM's (``$.id``).

    .. versionadded:: 0.1.0
    """

    #: A short id, unique in the battle (``"mina"``), and not the GM's (``"gm"``).
    id: str = attrs.field(validator=participant_id(GM))
    #: The character.
    character: Character = attrs.field(validator=an_instance(Character))
    #: Its side.
    side: Side = attrs.field(default=Side.PARTY, validator=an_instance(Side))
    #: Whether it is a follower (NPC) of the party, who fights like everyone else but holds
    #: no artifacts (BAY-20).
    follower: bool = attrs.field(default=False, validator=a_flag)
    #: The weapons it carries; the first is in hand.
    weapons: tuple[Weapon, ...] = attrs.field(default=(), converter=_weapons)
    #: The spells it knows.
    spells: tuple[Spell, ...] = attrs.field(default=(), converter=_spells)
    #: HP at the start, if not the full 生命力 (a battle after an earlier one).
    hp: int | None = None


def _participants(values: Iterable[Participant]) -> tuple[Participant, ...]:
    return checked_items(values, Participant, "$.participants")


def _side(participant: Participant) -> Side:
    return participant.side


@attrs.frozen(kw_only=True)
class CombatSetup:
    """What a battle starts from: the participants, the readings and the session ledger.

    Raises:
        InvalidData: Participants that are not a list of :class:`Participant`, or rulings or
            a ledger of the wrong type (the path names the field); or participants that no
            battle can hold, every problem at once: fewer than 2 or more than 16, ids that
            repeat, a side with no one, or an HP outside 0 to 生命力 (at
            ``$.participants[<index>].hp``).

    .. versionadded:: 0.1.0
    """

    #: Everyone in the battle.
    participants: tuple[Participant, ...] = attrs.field(converter=_participants)
    #: The readings in force.
    rulings: Rulings = attrs.field(factory=Rulings, validator=an_instance(Rulings))
    #: The party's artifacts and those already spent this session.
    ledger: SessionLedger = attrs.field(factory=SessionLedger, validator=an_instance(SessionLedger))

    def __attrs_post_init__(self) -> None:
        problems: list[tuple[str, str]] = []
        count = len(self.participants)
        if not 2 <= count <= MAX_PARTICIPANTS:
            problems.append(
                (
                    "$.participants",
                    f"a battle has 2 to {MAX_PARTICIPANTS} participants, not {count}",
                )
            )
        for index, p in enumerate(self.participants):
            if p.hp is not None and (type(p.hp) is not int or not 0 <= p.hp <= p.character.hp):
                problems.append(
                    (
                        f"$.participants[{index}].hp",
                        f"HP must be from 0 to {p.character.hp}, not {shown(p.hp)}",
                    )
                )
        check_lineup(self.participants, side=_side, problems=problems)


def lineup(seats: Sequence[Seat[Any]]) -> CombatSetup:
    """The battle of a lobby's seats: each seat's character, a foe among the enemies.

    A sheet names no weapon, so everyone fights with a 1D6 one (``Weapon(name="武器")``);
    the rulings are the defaults and the ledger is empty.
    This is how the example bot starts a bayside23 battle (``SYSTEM.lineup``).

    >>> from tabletop_rules.bayside23 import EXAMPLE_SHEET, lineup, parse_sheet
    >>> from tabletop_rules.systems import Seat
    >>> mina = parse_sheet(EXAMPLE_SHEET)
    >>> setup = lineup([Seat(id="mina", character=mina), Seat(id="g1", character=mina, foe=True)])
    >>> [(p.id, p.side.value, p.weapons[0].name) for p in setup.participants]
    [('mina', 'party', '武器'), ('g1', 'enemies', '武器')]

    Raises:
        InvalidData: *seats* is no list of seats of bayside23 characters (path ``$.seats``,
            ``$.seats[<index>].character``), or they make no battle (see
            :class:`CombatSetup`).

    .. versionadded:: 0.1.0
    """
    from tabletop_rules.systems import Seat

    seat_type: type[Seat[Any]] = Seat
    listed = checked_items(seats, seat_type, "$.seats", "systems.Seat", most=MAX_PARTICIPANTS)
    participants: list[Participant] = []
    for index, seat in enumerate(listed):
        character = checked(
            seat.character, Character, f"$.seats[{index}].character", "bayside23.Character"
        )
        participants.append(
            Participant(
                id=seat.id,
                character=character,
                side=Side.ENEMIES if seat.foe else Side.PARTY,
                weapons=(_BOT_WEAPON,),
            )
        )
    return CombatSetup(participants=participants)


#: The weapon of a combatant whose sheet names none (a seat of a lobby).
_BOT_WEAPON: Final = Weapon(name="武器")


@attrs.frozen(kw_only=True)
class Combatant:
    """A participant during the battle.

    .. versionadded:: 0.1.0
    """

    id: str
    side: Side
    follower: bool
    character: Character
    weapons: tuple[Weapon, ...]
    spells: tuple[Spell, ...]
    #: Current HP, 0 to 生命力.
    hp: int
    status: Status = Status.ACTIVE
    #: The index of the weapon in hand.
    wielding: int = 0
    #: Whether the bow or gun in hand is readied (BAY-14).
    ready: bool = False
    #: Whether it fell after a fumble and so loses its next turn (BAY-32).
    prone: bool = False

    @property
    def active(self) -> bool:
        """Whether it can act (not down, not gone)."""
        return self.status is Status.ACTIVE

    @property
    def weapon(self) -> Weapon | None:
        """The weapon in hand, if any."""
        return self.weapons[self.wielding] if self.wielding < len(self.weapons) else None


def _combatants(values: Iterable[Combatant]) -> tuple[Combatant, ...]:
    return tuple(values)


def _ids(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class CombatState:
    """The state of a battle.

    .. versionadded:: 0.1.0
    """

    #: Everyone, in the setup's order.
    combatants: tuple[Combatant, ...] = attrs.field(converter=_combatants)
    #: The readings in force.
    rulings: Rulings = attrs.field(factory=Rulings)
    #: The session ledger of artifacts.
    ledger: SessionLedger = attrs.field(factory=SessionLedger)
    #: The turn (0 before the first initiative).
    turn: int = 0
    #: This turn's order of action, lowest initiative first (empty before it is rolled).
    order: tuple[str, ...] = attrs.field(default=(), converter=_ids)
    #: How many of :attr:`order` have had their turn.
    position: int = 0
    #: The winning side, once the battle is decided.
    winner: Side | None = None
    #: Whether everything is over (after a defeat, or after the win's strike or its refusal).
    finished: bool = False

    def combatant(self, id: str) -> Combatant:
        """The combatant called *id*.

        Raises:
            IllegalCommand: No combatant has that id (``unknown_actor``).
        """
        return member(self.combatants, id)

    def has(self, id: str) -> bool:
        """Whether a combatant is called *id*."""
        return any(c.id == id for c in self.combatants)

    @property
    def current(self) -> str | None:
        """Whose turn it is, if anyone's."""
        if self.winner is None and self.position < len(self.order):
            return self.order[self.position]
        return None


changed: Final = copier(Combatant)
state_with: Final = copier(CombatState)


def replace(state: CombatState, combatant: Combatant) -> CombatState:
    """*state* with *combatant* in place of the one with its id."""
    return state_with(state, combatants=replaced(state.combatants, combatant))


def check_loaded(state: CombatState) -> CombatState:
    """*state*, read from JSON, if it is one that play can reach in its shape.

    Checks what folds rely on, so that a forged or damaged state is refused when it is read,
    not with a bare ``KeyError`` later: unique ids, at most :data:`MAX_PARTICIPANTS`
    combatants, HP within 0 to 生命力 and 0 exactly when down, weapons in hand that exist, an
    order of known ids and a position within it.

    Raises:
        InvalidData: The first problem, with its path.
    """
    ids = [c.id for c in state.combatants]
    if len(set(ids)) != len(ids) or GM in ids:
        raise InvalidData("$.combatants", "every combatant needs its own id, other than 'gm'")
    if len(ids) > MAX_PARTICIPANTS:  # as many as a setup may have: play adds none
        raise InvalidData("$.combatants", f"at most {MAX_PARTICIPANTS} combatants")
    for index, c in enumerate(state.combatants):
        if not 0 <= c.hp <= c.character.hp or (c.hp == 0) != (c.status is Status.DOWN):
            raise InvalidData(f"$.combatants[{index}].hp", f"HP {c.hp} does not fit {c.status}")
        if c.weapons and not 0 <= c.wielding < len(c.weapons):
            raise InvalidData(f"$.combatants[{index}].wielding", "no weapon at that index")
    for index, id in enumerate(state.order):
        if id not in ids:
            raise InvalidData(f"$.order[{index}]", f"no combatant {id!r}")
    if state.turn < 0 or not 0 <= state.position <= len(state.order):
        raise InvalidData("$.position", "the turn or the position is out of range")
    return state
