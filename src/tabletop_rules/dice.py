"""Dice, rolls and the sources that roll them.

The library never rolls on its own: every function that needs dice takes a
:class:`DiceSource`.
:class:`SeededDice` gives reproducible rolls (bots, simulations), :class:`ScriptedDice` hands
out faces given in advance (tests, and players who roll real dice at the table), and
:class:`AskingDice` asks for each roll's faces when the rules roll it (a table with physical
dice).

>>> from tabletop_rules.dice import Dice, ScriptedDice, SeededDice
>>> str(Dice.parse("２ｄ６"))
'2D6'
>>> ScriptedDice([3, 4]).roll(Dice(2, 6))
Roll(dice=Dice(count=2, sides=6), faces=(3, 4))
>>> SeededDice(7).roll(Dice(2, 6)) == SeededDice(7).roll(Dice(2, 6))
True

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import contextlib
import itertools
import re
import unicodedata
from collections.abc import Callable, Generator, Iterable
from typing import Final, Protocol, runtime_checkable

import attrs

from tabletop_rules._arguments import checked, checked_source, checked_text, tupled, wrong_type
from tabletop_rules._slots import slot_setter
from tabletop_rules.errors import (
    DiceExhausted,
    InvalidData,
    InvalidDice,
    InvalidDiceFace,
    InvalidNotation,
)

__all__ = [
    "SEED_RANGE",
    "AskingDice",
    "Dice",
    "DiceSource",
    "Roll",
    "ScriptedDice",
    "SeededDice",
    "SeededDiceState",
    "atomic",
]

_DICE_TEXT = re.compile(r"([0-9]{0,18})[dD]([0-9]{1,18})")


def _check_count(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise InvalidDice("error.dice_count", count=value)


def _check_sides(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise InvalidDice("error.dice_sides", sides=value)


@attrs.frozen(order=True)
class Dice:
    """A pool of identical dice, such as 2D6.

    ``count`` may be 0: an empty pool rolls no faces and a total of 0.

    >>> Dice(3, 6)
    Dice(count=3, sides=6)
    >>> str(Dice(1, 20))
    '1D20'
    """

    #: How many dice (0 or more).
    count: int = attrs.field(validator=_check_count)
    #: How many sides each die has (1 or more).
    sides: int = attrs.field(validator=_check_sides)

    def __str__(self) -> str:
        return f"{self.count}D{self.sides}"

    @property
    def minimum(self) -> int:
        """The lowest total the pool can roll."""
        return self.count

    @property
    def maximum(self) -> int:
        """The highest total the pool can roll."""
        return self.count * self.sides

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read dice written as ``2D6``, ``2d6``, ``d20`` or in full width (``２Ｄ６``).

        Raises:
            InvalidNotation: *text* is not dice notation.
            InvalidDice: The dice cannot exist (``2d0``).
            InvalidData: *text* is not a ``str`` (path ``$``).
        """
        normalized = unicodedata.normalize("NFKC", checked_text(text, "$")).strip()
        match = _DICE_TEXT.fullmatch(normalized)
        if match is None:
            raise InvalidNotation("error.notation.dice", text=normalized, position=0)
        count = int(match[1]) if match[1] else 1
        return cls(count, int(match[2]))


def _to_faces(faces: Iterable[int]) -> tuple[int, ...]:
    # A text's characters are no faces: the roll's check of each face refuses them.
    return tupled(faces, "$.faces", "list[int]")


def _not_dice(dice: object) -> InvalidData:
    """The refusal of a *dice* argument that is no :class:`Dice`."""
    return wrong_type("$.dice", "dice.Dice", dice)


@attrs.frozen
class Roll:
    """The faces a pool of dice showed, in the order they were rolled.

    A roll whose faces do not fit its dice cannot be built.

    >>> Roll(Dice(2, 6), (3, 4)).total
    7
    >>> Roll(Dice(1, 6), (7,))
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.InvalidDiceFace: A d6 cannot show 7: a face must be from 1 to 6.
    """

    #: The dice that were rolled.
    dice: Dice
    #: One face per die, each from 1 to the dice's sides.
    faces: tuple[int, ...] = attrs.field(converter=_to_faces)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.dice, Dice):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise _not_dice(self.dice)
        if len(self.faces) != self.dice.count:
            raise InvalidDice("error.roll_face_count", dice=str(self.dice), given=len(self.faces))
        sides = self.dice.sides
        for face in self.faces:
            if type(face) is not int or not 1 <= face <= sides:
                raise InvalidDiceFace(face, sides)

    @property
    def total(self) -> int:
        """The sum of the faces."""
        return sum(self.faces)

    def __str__(self) -> str:
        return f"{self.total}[{','.join(map(str, self.faces))}]"


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll dice: the one way randomness enters the library."""

    def roll(self, dice: Dice) -> Roll:
        """Roll *dice* and return the faces."""
        ...


_MASK64 = (1 << 64) - 1
_SPAN64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15


def unchecked_roll(dice: Dice, faces: tuple[int, ...]) -> Roll:
    """A roll whose faces the library itself drew in range, built without the checks."""
    roll = object.__new__(Roll)
    _set_dice(roll, dice)
    _set_faces(roll, faces)
    return roll


_set_dice = slot_setter(Roll, "dice")
_set_faces = slot_setter(Roll, "faces")


def _check_state_number(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise wrong_type(f"$.{attribute.name}", "int", value)
    if value < 0:
        raise InvalidData(f"$.{attribute.name}", f"must be 0 or more, not {value}")


#: The seeds a :class:`SeededDiceState` holds, 0 to 2**64 − 1: every seed :class:`SeededDice`
#: takes is the same stream as one of these (its value modulo 2**64).
#:
#: .. versionadded:: 0.1.0
SEED_RANGE: Final = range(_SPAN64)


def _to_seed(value: int) -> int:
    """*value* modulo 2**64: the seed of the same stream that a state holds."""
    if type(value) is not int:
        raise wrong_type("$.seed", "int", value)
    return value & _MASK64


@attrs.frozen(kw_only=True)
class SeededDiceState:
    """Where a :class:`SeededDice` is in its stream: a value a bot stores (as JSON) to resume.

    >>> from tabletop_rules.serialization import from_json, to_json
    >>> dice = SeededDice(7)
    >>> first = dice.roll(Dice(3, 6))
    >>> saved = to_json(dice.state)
    >>> saved
    '{"seed":7,"draws":3,"words":3}'
    >>> later = SeededDice.resume(from_json(saved, SeededDiceState))
    >>> later.roll(Dice(2, 6)) == dice.roll(Dice(2, 6))
    True

    The seed is held modulo 2**64, the part that places the stream, so that every seed
    :class:`SeededDice` takes (any ``int``) writes a state that reads back:

    >>> SeededDice(-1).state.seed == 2**64 - 1
    True

    .. versionadded:: 0.1.0
    """

    #: The seed the dice started from, modulo 2**64 (0 to 2**64 − 1, :data:`SEED_RANGE`):
    #: any ``int`` is taken, and kept as the seed of the same stream.
    seed: int = attrs.field(converter=_to_seed)
    #: How many dice have been rolled so far.
    draws: int = attrs.field(validator=_check_state_number)
    #: How many 64-bit numbers the generator has given so far (one per die, and one more
    #: for each rare rejected draw); this is what places the generator in its stream.
    words: int = attrs.field(validator=_check_state_number)

    def __attrs_post_init__(self) -> None:
        if self.words < self.draws:
            raise InvalidData("$.words", "cannot be fewer than draws: each die takes at least one")


class SeededDice:
    """Reproducible dice: the same seed gives the same faces everywhere.

    The faces come from SplitMix64 with rejection sampling, written out here rather than
    taken from :mod:`random`, so that they are the same on every platform and every Python
    version the library supports.
    Seeds are integers, taken modulo 2**64.
    :attr:`state` saves where the dice are and :meth:`resume` goes on from there, so that a
    bot that restarts rolls exactly the faces it would have rolled.

    Args:
        seed: Any integer.

    Raises:
        InvalidData: *seed* is not an ``int`` (path ``$.seed``).
    """

    __slots__ = ("_draws", "_seed", "_state", "_words")

    def __init__(self, seed: int) -> None:
        if type(seed) is not int:
            raise wrong_type("$.seed", "int", seed)
        self._seed = seed
        self._state = seed & _MASK64
        self._draws = 0
        self._words = 0

    def __repr__(self) -> str:
        return f"SeededDice(seed={self._seed}, draws={self._draws})"

    @property
    def seed(self) -> int:
        """The seed these dice started from."""
        return self._seed

    @property
    def draws(self) -> int:
        """How many dice have been rolled so far."""
        return self._draws

    @property
    def state(self) -> SeededDiceState:
        """Where the dice are in their stream, as a value that goes to JSON.

        .. versionadded:: 0.1.0
        """
        return SeededDiceState(seed=self._seed, draws=self._draws, words=self._words)

    @classmethod
    def resume(cls, state: SeededDiceState) -> SeededDice:
        """Dice that go on exactly where *state* was saved (in constant time).

        Raises:
            InvalidData: *state* is no :class:`SeededDiceState` (path ``$.state``).

        .. versionadded:: 0.1.0
        """
        state = checked(state, SeededDiceState, "$.state")
        dice = cls(state.seed)
        dice._state = (state.seed + state.words * _GAMMA) & _MASK64
        dice._draws = state.draws
        dice._words = state.words
        return dice

    def _next64(self) -> int:
        self._words += 1
        self._state = z = (self._state + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def _face(self, sides: int) -> int:
        # A die of more than 2**64 sides draws as many 64-bit words as it needs for each
        # candidate; rejection sampling keeps every face exactly equally likely.
        words = 1 if sides <= _SPAN64 else -(-sides.bit_length() // 64)
        span = 1 << (64 * words)
        limit = span - (span % sides)
        while True:
            value = 0
            for _ in range(words):
                value = (value << 64) | self._next64()
            if value < limit:
                return value % sides + 1

    def roll(self, dice: Dice) -> Roll:
        """Roll *dice*.

        Raises:
            InvalidData: *dice* is no :class:`Dice` (path ``$.dice``).
        """
        try:  # free unless it raises: the check is on the slow path only
            sides = dice.sides
            count = dice.count
        except AttributeError:
            if isinstance(dice, Dice):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise  # the library's own bug, not the caller's
            raise _not_dice(dice) from None
        if count == 1 and sides <= _SPAN64:
            # One die, the commonest roll: the same stream, without the loops. A draw at or
            # above 2**64 - sides may be rejected; only then is the exact bound computed.
            state = (self._state + _GAMMA) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            self._state = state
            self._words += 1
            if z >= _SPAN64 - sides and z >= _SPAN64 - (_SPAN64 % sides):
                self._draws += 1
                return unchecked_roll(dice, (self._face(sides),))
            self._draws += 1
            roll = object.__new__(Roll)
            _set_dice(roll, dice)
            _set_faces(roll, (z % sides + 1,))
            return roll
        if sides > _SPAN64:
            faces = tuple(self._face(sides) for _ in range(count))
        else:
            # SplitMix64 inlined: the same stream as _next64, without a call per die.
            limit = _SPAN64 - (_SPAN64 % sides)
            state = self._state
            words = 0
            drawn: list[int] = []
            for _ in range(count):
                while True:
                    state = (state + _GAMMA) & _MASK64
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                    z ^= z >> 31
                    words += 1
                    if z < limit:
                        break
                drawn.append(z % sides + 1)
            self._state = state
            self._words += words
            faces = tuple(drawn)
        self._draws += count
        return unchecked_roll(dice, faces)


def _script(values: Iterable[int], path: str) -> tuple[int, ...]:
    """*values* as a tuple of numbers: a text, or an item that is no number, is refused.

    A number that no die can show (0, ``1.5``) is left to the caller, which says so.
    """
    if isinstance(values, str | bytes):
        raise wrong_type(path, "list[int]", values)
    script = tupled(values, path, "list[int]")
    for index, value in enumerate(script):
        if not isinstance(value, int | float):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise wrong_type(f"{path}[{index}]", "int", value)
    return script


class ScriptedDice:
    """Dice that show faces given in advance, in order.

    Tests use them for exact scenarios; bots use them for real dice rolled at the table.
    A roll takes as many faces as it has dice.
    A roll that cannot be made (too few faces left, a face the die cannot show) raises and
    takes nothing, so the caller may fix the script and try again.

    Args:
        faces: The faces to hand out, in order.
        sides: The size of each scripted die, one per face, or ``None`` to accept a face on a
            die of any size it fits.
            With sizes, a roll of a die of another size raises
            :class:`~tabletop_rules.errors.InvalidDice`: a test that scripts a d20 catches a
            rule that rolls a d6.

    >>> dice = ScriptedDice([6, 1, 4])
    >>> dice.roll(Dice(2, 6)).faces
    (6, 1)
    >>> dice.remaining
    (4,)
    >>> dice.roll(Dice(2, 6))
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.DiceExhausted: The scripted dice ran out: no face is left for 2D6.
    >>> ScriptedDice([17], sides=[20]).roll(Dice(1, 6))
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.InvalidDice: Scripted die 1 is a d20, but the rules rolled 1D6.

    Faces are numbers: a text, or a face that is one, is refused as data of the wrong type.

    >>> ScriptedDice("364")
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.InvalidData: Invalid data at $.faces: expected list[int], not '364' (str).

    Raises:
        InvalidData: *faces* or *sides* is a text or no list (path ``$.faces`` or
            ``$.sides``), or one of them is no number (``$.faces[i]``, ``$.sides[i]``).
        InvalidDiceFace: A face is a number no die can show (0, a negative one, ``1.5``),
            or more than its scripted die's sides.
        InvalidDice: *sides* and *faces* differ in length, or a size is below 1.
    """

    __slots__ = ("_faces", "_position", "_sides")

    def __init__(self, faces: Iterable[int], *, sides: Iterable[int] | None = None) -> None:
        self._faces = _script(faces, "$.faces")
        for face in self._faces:
            if type(face) is not int or face < 1:
                raise InvalidDiceFace(face)
        self._sides: tuple[int, ...] | None = None
        if sides is not None:
            self._sides = _script(sides, "$.sides")
            if len(self._sides) != len(self._faces):
                raise InvalidDice(
                    "error.scripted_sizes", faces=len(self._faces), sides=len(self._sides)
                )
            for face, size in zip(self._faces, self._sides, strict=True):
                if type(size) is not int or size < 1:
                    raise InvalidDice("error.dice_sides", sides=size)
                if face > size:
                    raise InvalidDiceFace(face, size)
        self._position = 0

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self.remaining)!r})"

    @property
    def remaining(self) -> tuple[int, ...]:
        """The faces not handed out yet."""
        return self._faces[self._position :]

    def roll(self, dice: Dice) -> Roll:
        """Hand out the next ``dice.count`` faces as a roll of *dice*.

        Raises:
            DiceExhausted: Fewer than ``dice.count`` faces are left.
            InvalidDice: The dice were scripted with sizes, and one is not ``dice.sides``.
            InvalidDiceFace: A face does not fit ``dice.sides``.
            InvalidData: *dice* is no :class:`Dice` (path ``$.dice``).
        """
        try:  # free unless it raises (Roll checks the type of what has a count)
            end = self._position + dice.count
        except (AttributeError, TypeError):
            if isinstance(dice, Dice):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise  # the library's own bug, not the caller's
            raise _not_dice(dice) from None
        if end > len(self._faces):
            raise DiceExhausted("error.dice_exhausted", dice=str(dice))
        if self._sides is not None:
            for index in range(self._position, end):
                if self._sides[index] != dice.sides:
                    raise InvalidDice(
                        "error.scripted_die_size",
                        index=index + 1,
                        scripted=self._sides[index],
                        dice=str(dice),
                    )
        faces = self._faces[self._position : end]
        roll = Roll(dice, faces)
        self._position = end
        return roll


class AskingDice:
    """Dice that ask for the faces of each roll when the rules roll it: physical dice.

    A table that rolls real dice plays with these: *ask* is called with the :class:`Dice` the
    rules roll (``2D6``), whenever they roll them, the automatic steps of a command included
    (a skirmish check rolled when its window closes, the first player at the start), and
    returns the faces the table rolled, in order.
    Each answer is checked as a :class:`Roll` is: a face the die cannot show raises
    :class:`~tabletop_rules.errors.InvalidDiceFace` and a wrong number of faces
    :class:`~tabletop_rules.errors.InvalidDice`, and the command that rolled is refused as a
    whole, changing nothing, so that the table can send it again.

    >>> table = iter([[3, 4], [6, 1]])
    >>> dice = AskingDice(lambda dice: next(table))
    >>> dice.roll(Dice(2, 6))
    Roll(dice=Dice(count=2, sides=6), faces=(3, 4))
    >>> dice.roll(Dice(1, 6))
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.InvalidDice: ...

    Args:
        ask: Given the dice to roll, the faces they showed (any iterable of whole numbers);
            an exception it raises (the table went away) goes on to the caller.

    Raises:
        InvalidData: *ask* is not callable (path ``$.ask``).

    .. versionadded:: 0.1.0
    """

    __slots__ = ("_ask",)

    def __init__(self, ask: Callable[[Dice], Iterable[int]]) -> None:
        if not callable(ask):
            raise wrong_type("$.ask", "Callable[[dice.Dice], Iterable[int]]", ask)
        self._ask = ask

    def __repr__(self) -> str:
        return f"AskingDice({self._ask!r})"

    def roll(self, dice: Dice) -> Roll:
        """Ask for the faces of *dice* and give them as a :class:`Roll`.

        At most one face more than *dice* has is read from the answer, so that an endless
        answer is refused in bounded time.

        Raises:
            InvalidDice: The answer has another number of faces than *dice* has dice.
            InvalidDiceFace: A face is not a whole number from 1 to the dice's sides.
            InvalidData: *dice* is no :class:`Dice` (path ``$.dice``), or the answer is no
                list of faces (``$.faces``).
        """
        if not isinstance(dice, Dice):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise _not_dice(dice)
        answer = self._ask(dice)
        if isinstance(answer, str | bytes) or not isinstance(answer, Iterable):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise wrong_type("$.faces", "list[int]", answer)
        faces = tuple(itertools.islice(answer, dice.count + 1))
        return Roll(dice, faces)


@contextlib.contextmanager
def atomic(dice: DiceSource) -> Generator[DiceSource]:
    """Roll several times as one: if the block raises, scripted dice take nothing.

    A command that rolls more than once (both sides of a check, an attack and its defense)
    may fail after its first roll, for instance when :class:`ScriptedDice` run out.
    Inside this block, such a failure gives every face it took back to a
    :class:`ScriptedDice`, so that a bot can ask the table for the missing faces and try again.
    Other sources are used as they are.

    >>> dice = ScriptedDice([5])
    >>> with atomic(dice) as rolling:
    ...     first = rolling.roll(Dice(1, 6))
    ...     second = rolling.roll(Dice(1, 6))
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.DiceExhausted: The scripted dice ran out: no face is left for 1D6.
    >>> dice.remaining
    (5,)

    Raises:
        InvalidData: *dice* is no :class:`DiceSource` (path ``$.dice``).

    .. versionadded:: 0.1.0
    """
    if not isinstance(dice, ScriptedDice):
        try:  # free unless it raises: the dice are checked when the block fails on them
            yield dice
        except AttributeError:
            checked_source(dice)
            raise
        return
    start = dice._position  # pyright: ignore[reportPrivateUsage]
    try:
        yield dice
    except BaseException:
        dice._position = start  # pyright: ignore[reportPrivateUsage]
        raise
