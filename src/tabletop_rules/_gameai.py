"""What the search bot and the game-AI adapters share: seats, menus of bytes, and known dice.

- :class:`Seating`: who plays a game, as game-AI libraries count players. Each player is a
  *side*; every actor who is no member of a side (the GM) is nobody's to play.
- :class:`Menu`: the legal commands of a state, each spelled as the bytes of its canonical
  JSON, so that a command is chosen byte by byte where the commands differ (the action ids
  of the OpenSpiel game and of the PettingZoo environment).
- :class:`KnownFaces`: a dice source that hands out the faces known so far and stops at the
  first die that is not (:class:`Unrolled`), so that a chance node can list that die's
  outcomes.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules.dice import Roll
from tabletop_rules.errors import InvalidData
from tabletop_rules.systems import RuleSystem, Seat

if TYPE_CHECKING:
    from tabletop_rules.dice import Dice
    from tabletop_rules.engine import GameResult, Ruleset

__all__ = [
    "MEMBERS",
    "KnownFaces",
    "Menu",
    "Seating",
    "Unrolled",
    "default_setup",
    "hit_point_balance",
    "returns",
]

#: The fields of a state that may hold its members, each with an ``id`` and a ``side`` (or
#: an ``owner``): the first one a state has is read.
MEMBERS: Final = ("combatants", "units", "participants")


def _side_name(value: object) -> str | None:
    if isinstance(value, enum.Enum):
        value = value.value
    return value if isinstance(value, str) else None


def _hit_points(state: object) -> dict[str, int] | None:
    """Each side's hit points left (the sum of its members' ``hp``), or ``None`` if unknown."""
    for field in MEMBERS:
        members = getattr(state, field, None)
        if isinstance(members, tuple):
            found: dict[str, int] = {}
            for member in members:  # pyright: ignore[reportUnknownVariableType]
                hp = getattr(member, "hp", None)  # pyright: ignore[reportUnknownArgumentType]
                side = getattr(member, "side", None)  # pyright: ignore[reportUnknownArgumentType]
                if side is None:
                    side = getattr(member, "owner", None)  # pyright: ignore[reportUnknownArgumentType]
                name = _side_name(side)
                if type(hp) is not int or name is None:
                    return None
                found[name] = found.get(name, 0) + max(hp, 0)
            return found
    return None


def _members(state: object) -> tuple[tuple[str, str], ...]:
    """Each member of *state* with its side, ``(id, side)``, in the state's order."""
    for field in MEMBERS:
        members = getattr(state, field, None)
        if isinstance(members, tuple):
            found: list[tuple[str, str]] = []
            for member in members:  # pyright: ignore[reportUnknownVariableType]
                id = getattr(member, "id", None)  # pyright: ignore[reportUnknownArgumentType]
                side = getattr(member, "side", None)  # pyright: ignore[reportUnknownArgumentType]
                if side is None:
                    side = getattr(member, "owner", None)  # pyright: ignore[reportUnknownArgumentType]
                name = _side_name(side)
                if isinstance(id, str) and name is not None:
                    found.append((id, name))
            return tuple(found)
    return ()


@attrs.frozen
class Seating:
    """The players of a game: its sides, in the order their first members are listed.

    A side plays every member on it; an actor who is itself a side's name (a skirmish
    player, ``"a"`` or ``"b"``) plays for that side; any other actor (the GM) is seated
    nowhere, and its commands are no player's.
    Where several sides may act at once (an m20 round, in which anyone may act in any
    order), the side of the first actor of ``to_act`` that is seated acts first.

    .. versionadded:: 0.1.0
    """

    #: The sides, in the order their first members appear in the first state.
    sides: tuple[str, ...]

    @classmethod
    def of(cls, state: object) -> Seating:
        """The seating of a game, read from one of its states (its first, usually)."""
        sides: dict[str, None] = {}
        for _, side in _members(state):
            sides.setdefault(side, None)
        return cls(tuple(sides))

    def side_of(self, state: object, actor: str) -> str | None:
        """The side *actor* plays for in *state*, or ``None`` (the GM)."""
        if actor in self.sides:
            return actor
        for id, side in _members(state):
            if id == actor:
                return side if side in self.sides else None
        return None

    def player(self, state: object, actors: Iterable[str]) -> int | None:
        """The index of the side that acts now, of those who may act (*actors*)."""
        for actor in actors:
            side = self.side_of(state, actor)
            if side is not None:
                return self.sides.index(side)
        return None

    def actors(self, state: object, actors: Iterable[str], player: int) -> tuple[str, ...]:
        """Those of *actors* who play for side number *player*."""
        side = self.sides[player]
        return tuple(a for a in actors if self.side_of(state, a) == side)

    def commands(
        self, ruleset: Ruleset[Any, Any, Any, Any], state: object
    ) -> tuple[int | None, tuple[Any, ...]]:
        """The side that acts in *state* and every command its actors may send now."""
        actors = ruleset.to_act(state)
        player = self.player(state, actors)
        if player is None:
            return None, ()
        commands: list[Any] = []
        for actor in self.actors(state, actors, player):
            commands.extend(ruleset.legal_commands(state, actor=actor))
        return player, tuple(commands)


def hit_point_balance(seating: Seating, start: object, state: object) -> tuple[float, ...]:
    """A cut playout's value: each side's share of its hit points left, against the others'.

    Each side's share is its members' ``hp`` now over their sum in *start*; a side's value
    is its share less the mean of the others' (zero-sum, from −1 to 1). States whose members
    have no ``hp`` are worth 0 to every side.
    """
    count = len(seating.sides)
    before = _hit_points(start)
    now = _hit_points(state)
    if before is None or now is None or count < 2:
        return (0.0,) * count
    shares = [
        min(now.get(side, 0) / before[side], 1.0) if before.get(side) else 0.0
        for side in seating.sides
    ]
    total = sum(shares)
    return tuple(max(-1.0, min(1.0, share - (total - share) / (count - 1))) for share in shares)


def returns(seating: Seating, result: GameResult | None) -> tuple[float, ...]:
    """What each side gets from a game's end: zero-sum, +1 and −1 between two sides.

    With *n* sides of which *k* won, each winner gets ``(n − k) / k`` and each loser −1;
    a draw, a game every side won, and an unfinished game (``None``) give every side 0.
    """
    count = len(seating.sides)
    if result is None:
        return (0.0,) * count
    won = [side in result.winners for side in seating.sides]
    winners = sum(won)
    if winners in (0, count):
        return (0.0,) * count
    share = (count - winners) / winners
    return tuple(share if w else -1.0 for w in won)


def default_setup(system: RuleSystem[Any, Any, Any, Any]) -> Any:
    """The setup of a game with no ``setup`` parameter: two seats of the example sheet.

    Raises:
        InvalidData: The system has no lineup or no sheets to build one from (path
            ``$.setup``): give the setup as JSON.
    """
    if system.lineup is None or system.sheets is None:
        raise InvalidData(
            "$.setup",
            f"{system.name} has no lineup and example sheet to set up a game: "
            "give the game's setup as JSON in the 'setup' parameter",
        )
    character = system.sheets.parse(system.sheets.example)
    seats = [Seat(id="p1", character=character), Seat(id="p2", character=character, foe=True)]
    return system.lineup(seats)


# --------------------------------------------------------------------------- menus of bytes


@attrs.frozen(eq=False)
class Menu:
    """The legal commands of a state, each with the bytes of its canonical JSON.

    A command is chosen byte by byte: at a prefix the choices are the distinct next bytes of
    the commands that start with it, after the bytes they all share (which need no choice).
    JSON objects are prefix-free, so a prefix that one command alone starts with chooses it.

    .. versionadded:: 0.1.0
    """

    #: The commands, in the order ``legal_commands`` lists them.
    commands: tuple[Any, ...]
    #: Each command's canonical JSON, as UTF-8 bytes.
    spelled: tuple[bytes, ...]

    @classmethod
    def of(cls, commands: Sequence[Any]) -> Menu:
        """The menu of *commands* (their JSON written by the library's converter)."""
        from tabletop_rules.serialization import to_json

        unique: dict[bytes, Any] = {}
        for command in commands:
            unique.setdefault(to_json(command).encode(), command)
        return cls(tuple(unique.values()), tuple(unique))

    def matching(self, prefix: bytes) -> list[int]:
        """The indexes of the commands that start with *prefix*."""
        return [i for i, spelled in enumerate(self.spelled) if spelled.startswith(prefix)]

    def choices(self, prefix: bytes) -> tuple[bytes, list[int]]:
        """The prefix the commands matching *prefix* share, and the next bytes they offer.

        One matching command: its whole spelling and no choices. None: *prefix* and none.
        """
        found = self.matching(prefix)
        if len(found) <= 1:
            return (self.spelled[found[0]] if found else prefix), []
        spellings = [self.spelled[i] for i in found]
        shortest = min(len(s) for s in spellings)
        at = len(prefix)
        first = spellings[0]
        while at < shortest and all(s[at] == first[at] for s in spellings):
            at += 1
        return first[:at], sorted({s[at] for s in spellings})

    def chosen(self, prefix: bytes) -> Any | None:
        """The command *prefix* chooses, if only one starts with it."""
        found = self.matching(prefix)
        return self.commands[found[0]] if len(found) == 1 else None

    def index(self, command: object) -> int | None:
        """The position of *command* in the menu, if it is on it."""
        for index, offered in enumerate(self.commands):
            if offered == command:
                return index
        return None


# --------------------------------------------------------------------------- known dice


class Unrolled(Exception):
    """Raised by :class:`KnownFaces` at the first die whose face is not known yet."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        #: The sides of the die to roll.
        self.sides = sides


class KnownFaces:
    """A dice source that hands out *faces* in order and stops at the first unknown die.

    A command is decided with the faces known so far; at the first die beyond them,
    :class:`Unrolled` names that die's sides: a chance node of that die's faces, each with
    probability ``1 / sides``. With the face chosen, the command is decided again.
    """

    __slots__ = ("_faces", "_position")

    def __init__(self, faces: Sequence[int]) -> None:
        self._faces = tuple(faces)
        self._position = 0

    def roll(self, dice: Dice) -> Roll:
        """The next ``dice.count`` known faces; :class:`Unrolled` at the first unknown one."""
        end = self._position + dice.count
        if end > len(self._faces):
            raise Unrolled(dice.sides)
        faces = self._faces[self._position : end]
        self._position = end
        return Roll(dice, faces)
