"""The values of a bar2d6 combat: the setup, the combatants and the state."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

import attrs

from tabletop_rules._arguments import a_flag, an_instance, checked_items, shown
from tabletop_rules.bar2d6._character import Character
from tabletop_rules.bar2d6._checks import Rulings, is_wounded
from tabletop_rules.checks import CheckResult, Term
from tabletop_rules.engine import GameResult
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.kit._fields import a_side, participant_id

__all__ = [
    "GM",
    "MAX_PARTICIPANTS",
    "AttackMode",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Participant",
    "Strike",
]

#: The actor id of the game master, who ends rounds and the combat and rules on HP.
GM: Final = "gm"
#: The most participants one combat takes.
MAX_PARTICIPANTS: Final = 32


class AttackMode(enum.Enum):
    """How an attack rolls: one target, an area, or several attacks on one target.

    .. versionadded:: 0.2.0
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

    .. versionadded:: 0.2.0
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


@attrs.frozen(kw_only=True)
class CombatSetup:
    """What :meth:`CombatRuleset.start` needs: the participants and the table's rulings.

    Raises:
        InvalidData: An HP outside 0..max, an id used twice, or fewer than two sides.

    .. versionadded:: 0.2.0
    """

    #: The participants, in the order the table lists them.
    participants: tuple[Participant, ...] = attrs.field(converter=_participants)
    #: The table's readings.
    rulings: Rulings = attrs.field(factory=Rulings, validator=attrs.validators.instance_of(Rulings))

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
        ids = [p.id for p in self.participants]
        if len(set(ids)) != len(ids):
            problems.append(("$.participants", "every participant needs its own id"))
        if len({p.side for p in self.participants}) < 2:
            problems.append(("$.participants", "a combat needs two sides or more"))
        if len(problems) == 1:
            raise InvalidData(*problems[0])
        if problems:
            raise InvalidData(
                "$.participants", "; ".join(f"{path}: {detail}" for path, detail in problems)
            )


def _terms(values: Iterable[Term]) -> tuple[Term, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class Combatant:
    """One participant during the combat.

    .. versionadded:: 0.2.0
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

    .. versionadded:: 0.2.0
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
        """The combatant with *id*.

        Raises:
            IllegalCommand: No combatant has that id (``unknown_actor``).
        """
        for c in self.combatants:
            if c.id == id:
                return c
        raise IllegalCommand("unknown_actor", actor=id)

    def has(self, id: str) -> bool:
        """Whether a combatant has *id*."""
        return any(c.id == id for c in self.combatants)

    def standing_sides(self) -> tuple[str, ...]:
        """The sides with someone standing, in the combatants' order."""
        return tuple(dict.fromkeys(c.side for c in self.combatants if c.standing))

    def replace(self, *changed: Combatant) -> CombatState:
        """The state with the combatants of the same ids replaced."""
        by_id = {c.id: c for c in changed}
        return attrs.evolve(self, combatants=tuple(by_id.get(c.id, c) for c in self.combatants))


@attrs.frozen(kw_only=True)
class Strike:
    """One attack roll against one target's defense, and the damage it dealt.

    .. versionadded:: 0.2.0
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
        InvalidData: Two combatants with one id, more than :data:`MAX_PARTICIPANTS`, an HP
            outside 0..max, a max HP that is not the character's, or a round below 1.
    """
    ids = [c.id for c in state.combatants]
    if len(set(ids)) != len(ids):
        raise InvalidData("$.combatants", "every combatant needs its own id")
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
