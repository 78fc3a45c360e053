"""Terms and sums: the values a command is made of, their odds, their rolls and results."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from typing import Final, Literal

import attrs

from tabletop_rules._arguments import (
    a_flag,
    an_instance,
    checked_items,
    checked_source,
    shown,
    wrong_type,
)
from tabletop_rules._slots import slot_setter
from tabletop_rules.dice import Dice, DiceSource, Roll, ScriptedDice, SeededDice, atomic
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE, catalog
from tabletop_rules.notation._arithmetic import ROUNDINGS, Rounding, divided
from tabletop_rules.notation._limits import CHAIN_DEPTH, check_value
from tabletop_rules.notation._modifiers import MISSPELLED, Keep, Reroll
from tabletop_rules.odds import Distribution

__all__ = [
    "D66_SIDES",
    "Expression",
    "ExpressionResult",
    "Part",
    "RolledPart",
    "Step",
    "check_comment",
    "decorate",
    "finish",
    "line_template",
    "make_part",
    "make_step",
    "new_unchecked",
    "plain_part",
    "plain_sum",
    "pool_of",
    "stepped_part",
    "target_side",
    "template",
]

#: Characters a comment may not start with: they would read as part of the command.
_OPERATOR_STARTS: Final = frozenset("+-−*/<>=≥≤≧≦≠")
#: What else a comment may not start with: a comparison as other bots write it (``!= 7``),
#: which the command's text would not read back as a comment.
_MISSPELLED_STARTS: Final = tuple(spelling for spelling, _ in MISSPELLED)
#: In a sum, dice of this many sides are BCDice's D66: two d6 read as tens and units.
D66_SIDES: Final = 66
_D6_PAIR: Final = Dice(2, 6)


def _check_sign(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise wrong_type("$.sign", "int", value)
    if value not in (1, -1):
        raise InvalidData("$.sign", f"must be 1 or -1, not {shown(value)}")


def _check_number(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise wrong_type("$.number", "int", value)
    if value < 0:
        raise InvalidData("$.number", f"must be 0 or more, not {shown(value)}")


def _check_group(_: object, __: attrs.Attribute[Expression | None], value: object) -> None:
    if value is not None and not isinstance(value, Expression):
        raise wrong_type("$.group", "notation.Expression | None", value)


def _to_steps(steps: Iterable[Step]) -> tuple[Step, ...]:
    return checked_items(steps, Step, "$.steps", "notation.Step")


def _signed(sign: int, text: str, *, first: bool) -> str:
    if sign < 0:
        return f"-{text}"
    return text if first else f"+{text}"


# The value of a term on the way through its steps: a number, or the distribution of one.
_Value = int | Distribution


def _times(left: _Value, right: _Value) -> _Value:
    if isinstance(left, int):
        if isinstance(right, int):
            return left * right
        left, right = right, left
    assert isinstance(right, int), "a product holds dice in one factor at most"
    if right == 0:
        return Distribution.constant(0)
    return left.scale(right) if right > 0 else -left.scale(-right)


def _over(left: _Value, divisor: int, rounding: str) -> _Value:
    if isinstance(left, int):
        return divided(left, divisor, rounding)
    return left.map(lambda outcome: divided(outcome, divisor, rounding))


@attrs.frozen(kw_only=True)
class Part:
    """One term of a sum: a number, dice or a group, with the ``*`` and ``/`` that follow it.

    Dice may keep, explode or reroll.

    In a sum, dice of 66 sides are BCDice's D66: each die is two d6 read as tens and units
    (11 to 66), so ``Part(dice=Dice(2, 66))`` is ``2D66``; the language has no 66-sided die.

    >>> Part(dice=Dice(2, 6)).dice
    Dice(count=2, sides=6)
    >>> Part(sign=-1, number=3).distribution().min
    -3
    >>> print(Part(dice=Dice(4, 6), keep=Keep(kind="KH", count=3)))
    4D6KH3
    >>> print(Part(dice=Dice(3, 6), steps=[Step(op="/", operand=Part(number=2), rounding="U")]))
    3D6/2U

    .. versionadded:: 0.1.0
    """

    #: ``1`` to add the term, ``-1`` to subtract it (the sign of the whole term, steps
    #: included).
    sign: int = attrs.field(default=1, validator=_check_sign)
    #: The dice (at least one die), or ``None`` for a number or a group.
    dice: Dice | None = attrs.field(
        default=None, validator=attrs.validators.optional(an_instance(Dice, "dice.Dice | None"))
    )
    #: The number, 0 or more, when the term is a number; 0 otherwise.
    number: int = attrs.field(default=0, validator=_check_number)
    #: A sum in parentheses.
    #:
    #: .. versionadded:: 0.1.0
    group: Expression | None = attrs.field(default=None, validator=_check_group)
    #: Which dice count (``KH3``, ``DL1``), for dice.
    #:
    #: .. versionadded:: 0.1.0
    keep: Keep | None = attrs.field(
        default=None,
        validator=attrs.validators.optional(an_instance(Keep, "notation.Keep | None")),
    )
    #: Whether a die showing its highest face is rolled again (``!``), for dice.
    #:
    #: .. versionadded:: 0.1.0
    explode: bool = attrs.field(default=False, validator=a_flag)
    #: Which face is rerolled (``R1``, ``RR1``), for dice.
    #:
    #: .. versionadded:: 0.1.0
    reroll: Reroll | None = attrs.field(
        default=None,
        validator=attrs.validators.optional(an_instance(Reroll, "notation.Reroll | None")),
    )
    #: The ``*`` and ``/`` that follow, in order (``2D6*3``, ``1D100/10R``, ``3*2D6``).
    #:
    #: .. versionadded:: 0.1.0
    steps: tuple[Step, ...] = attrs.field(default=(), converter=_to_steps)
    # The fast paths of roll and render: 1 for plain dice, 0 for a plain number, 2 for plain
    # dice or a group followed by steps by numbers only (``3D6/2``, ``(1D6+1)*2``), -1 for
    # the rest.
    _kind: int = attrs.field(init=False, default=-1, eq=False, repr=False, hash=False)
    # The text of a plain number or of plain dice (kinds 0 and 1); the steps' (kind 2).
    _text: str = attrs.field(init=False, default="", eq=False, repr=False, hash=False)
    # The steps' operands as rolled, the same every roll (kind 2).
    _fixed_steps: tuple[RolledPart, ...] = attrs.field(
        init=False, default=(), eq=False, repr=False, hash=False
    )
    # A number's rolled term, the same every time.
    _unrolled: RolledPart = attrs.field(init=False, default=None, eq=False, repr=False, hash=False)
    # The term's signed value when it holds no dice, else None.
    _constant: int | None = attrs.field(init=False, default=None, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        _settle_part(self)
        check_value(self)

    def __str__(self) -> str:
        """The term without its sign: ``2D6``, ``3``, ``4D6KH3``, ``(1D6+1)*2``, ``3D6/2U``."""
        if 0 <= self._kind <= 1:
            return self._text
        if self.group is not None:
            text = f"({self.group.body})"
        elif self.dice is None:
            text = str(self.number)
        else:
            text = str(self.dice)
            if self.keep is not None:
                text += str(self.keep)
            elif self.explode:
                text += "!"
            elif self.reroll is not None:
                text += str(self.reroll)
        if self.steps:
            text += "".join(map(str, self.steps))
        return text

    @property
    def d66(self) -> bool:
        """Whether the term's dice are BCDice's D66 (dice of 66 sides in a sum).

        .. versionadded:: 0.1.0
        """
        return self.dice is not None and self.dice.sides == D66_SIDES

    @property
    def constant(self) -> int | None:
        """The term's signed value when it holds no dice (``3``, ``(2+3)*2``), else ``None``.

        .. versionadded:: 0.1.0
        """
        return self._constant

    @property
    def all_parts(self) -> tuple[Part, ...]:
        """The term itself, for the limits.

        .. versionadded:: 0.1.0
        """
        return (self,)

    @property
    def leaves(self) -> tuple[Part, ...]:
        """The atoms of the term, itself (or the terms inside its parentheses) and its operands.

        .. versionadded:: 0.1.0
        """
        if self.group is None:
            found: list[Part] = [self]
        else:
            found = [leaf for part in self.group.parts for leaf in part.leaves]
        for step in self.steps:
            found.extend(step.operand.leaves)
        return tuple(found)

    @property
    def dice_count(self) -> int:
        """How many dice the term rolls at least (a D66 is two)."""
        count = self._own_dice_count()
        for step in self.steps:
            count += step.operand.dice_count
        return count

    def _own_dice_count(self) -> int:
        if self.group is not None:
            return self.group.dice_count
        if self.dice is None:
            return 0
        return self.dice.count * (2 if self.dice.sides == D66_SIDES else 1)

    @property
    def worst_rolls(self) -> int:
        """The most dice the term may roll, every explosion and reroll at its cap included.

        .. versionadded:: 0.1.0
        """
        if self.group is not None:
            worst = self.group.worst_rolls
        elif self.dice is None or self.dice.sides == D66_SIDES:
            worst = self._own_dice_count()
        elif self.explode:
            worst = self.dice.count * (CHAIN_DEPTH + 1)
        elif self.reroll is not None:
            worst = self.dice.count * (self.reroll.times + 1)
        else:
            worst = self.dice.count
        for step in self.steps:
            worst += step.operand.worst_rolls
        return worst

    def _base_length_and_work(self) -> tuple[int, int]:
        # The number of outcomes of the term's atom, and the work to build its distribution.
        if self.group is not None:
            return self.group.length_and_work()
        if self.dice is None:
            return 1, 0
        count, sides = self.dice.count, self.dice.sides
        if sides == D66_SIDES:
            # 10 × (nD6) + nD6: one dice sum, spread out, then a window per die.
            length = count * 55 + 1
            return length, count * (5 * count + 1) + 2 * count * length
        if self.keep is not None:
            kept, _ = self.keep.kept(count)
            length = kept * (sides - 1) + 1
            work = sides * kept * count + kept * kept * sides * sides // 4
            work += kept**3 * sides * sides // 12
            return length, work
        die = sides * (CHAIN_DEPTH + 1) if self.explode else sides
        length = count * (die - 1) + 1
        work = count * length // 2
        if self.explode:
            # One window sum for each level of the chain, each die.
            work *= 2 * (CHAIN_DEPTH + 1)
        elif self.reroll is not None:
            work *= 3
        return length, work

    def _length_and_work(self) -> tuple[int, int]:
        # The number of outcomes of the term's distribution, and the work to build it: the
        # atom's, then each step's pass over the outcomes.
        held = self.dice is not None or (self.group is not None and self.group.constant is None)
        length, work = self._base_length_and_work() if held else (1, 0)
        factor = 1 if held else abs(_atom_value(self))
        for step in self.steps:
            operand = step.operand.constant
            if operand is None:
                # The operand holds the dice, spread by the factor that came before it.
                length, own = step.operand._base_length_and_work()  # pyright: ignore[reportPrivateUsage]
                work += own
                held = True
            elif step.op == "*":
                factor *= abs(operand)
            elif held:
                # Each outcome is divided and counted again: a pass and a table entry.
                work += 4 * length
                length = length // abs(operand) + 2
            if held and factor > 1:
                length = (length - 1) * factor + 1
                work += length
                factor = 1
        return length, work

    def odds_work(self) -> int:
        """The estimated work of the term's exact distribution (see :class:`Limits`).

        .. versionadded:: 0.1.0
        """
        return self._length_and_work()[1]

    def distribution(self) -> Distribution:
        """The distribution of the term's signed value."""
        value: _Value = _atom_distribution(self)
        for step in self.steps:
            operand = step.operand
            if step.op == "*":
                factor = operand._constant  # pyright: ignore[reportPrivateUsage]
                value = _times(value, operand.distribution() if factor is None else factor)
            else:
                value = _over(value, operand._constant or 1, step.rounding)  # pyright: ignore[reportPrivateUsage]
        if isinstance(value, int):
            value = Distribution.constant(value)
        return value if self.sign > 0 else -value

    def roll(self, dice: DiceSource) -> RolledPart:
        """Roll the term's dice, if it has any, with *dice*."""
        try:  # free unless it raises: the check of the dice is on the slow path only
            if self._kind == 1:
                return _rolled(self, dice.roll(self.dice), None)  # type: ignore[arg-type]
            if self._kind == 0:
                return self._unrolled
            if self._kind == 2:
                return _roll_fixed(self, dice)
            base = _roll_atom(self, dice)
            if not self.steps:
                return base
            steps = tuple([step.operand.roll(dice) for step in self.steps])
            object.__setattr__(base, "steps", steps)
            return base
        except AttributeError:
            checked_source(dice)
            raise


@attrs.frozen(kw_only=True)
class Step:
    """One ``*`` or ``/`` of a term, in the order written: ``*3``, ``/2U``, ``*2D6``.

    A division rounds down unless told (BCDice's suffixes): ``U`` (or ``C``) rounds up,
    ``R`` to the nearest (halves away from zero), ``F`` down; only numbers divide.

    >>> print(Step(op="/", operand=Part(number=2), rounding="U"))
    /2U

    .. versionadded:: 0.1.0
    """

    #: ``"*"`` or ``"/"``.
    op: Literal["*", "/"]
    #: The factor or divisor: a number, dice or a group, with its own sign (``*-3``) and no
    #: steps of its own.
    operand: Part = attrs.field(validator=an_instance(Part, "notation.Part"))
    #: How a division rounds: ``""`` (down, as the generic dice bot does), ``"U"``,
    #: ``"R"`` or ``"F"``; ``""`` for a product.
    rounding: Rounding = ""

    def __attrs_post_init__(self) -> None:
        if self.op not in ("*", "/"):
            raise InvalidData("$.op", f"must be * or /, not {shown(self.op)}")
        if self.rounding not in ROUNDINGS:
            raise InvalidData("$.rounding", f"must be '', U, R or F, not {shown(self.rounding)}")
        operand = self.operand
        if operand.steps:
            raise InvalidData("$.operand", "the operand of a step has no steps of its own")
        if self.op == "*":
            if self.rounding:
                raise InvalidData("$.rounding", "only a division rounds")
            if operand.constant == 0:
                raise InvalidData("$.operand", "a term cannot be multiplied by 0")
        else:
            if operand.constant is None:
                raise InvalidData("$.operand", "only numbers divide, not dice")
            if operand.constant == 0:
                raise InvalidData("$.operand", "a term cannot be divided by 0")

    def __str__(self) -> str:
        return (
            f"{self.op}{_signed(self.operand.sign, str(self.operand), first=True)}{self.rounding}"
        )


def _atom_value(part: Part) -> int:
    # The signed-less value of a constant atom (a number or a group of numbers).
    if part.group is not None:
        value = part.group.constant
        assert value is not None
        return value
    return part.number


def _atom_distribution(part: Part) -> _Value:
    # The atom's value before the steps and the sign: a number, or the distribution of one.
    if part.group is not None:
        constant = part.group.constant
        return part.group.distribution() if constant is None else constant
    dice = part.dice
    if dice is None:
        return part.number
    if dice.sides == D66_SIDES:
        return _d66_sum(dice.count)
    if part.keep is not None:
        kept, highest = part.keep.kept(dice.count)
        return Distribution.keep(dice, kept, highest=highest)
    if part.explode:
        return Distribution.exploding(dice, CHAIN_DEPTH)
    if part.reroll is not None:
        return Distribution.rerolling(dice, part.reroll.face, part.reroll.times)
    return Distribution.of(dice)


def _d66_sum(count: int) -> Distribution:
    # The total of `count` D66: ten times the tens dice plus the units dice.
    tens_and_units = Dice(count, 6)
    return Distribution.of(tens_and_units).scale(10) + Distribution.of(tens_and_units)


def _settle_part(part: Part) -> None:
    """Check the term's shape and fill in its private fields (also for the parser's terms)."""
    dice = part.dice
    modifiers = (part.keep is not None) + part.explode + (part.reroll is not None)
    if dice is not None and part.group is not None:
        raise ValueError("a term is one of a number, dice or a group")
    if dice is None:
        if modifiers:
            raise ValueError("only dice can keep, explode or reroll")
    else:
        if dice.count < 1:
            raise ValueError(f"a dice term needs at least 1 die, not {dice}")
        if modifiers > 1:
            raise ValueError("a dice term has at most one of keep, explode and reroll")
        if modifiers and dice.sides == D66_SIDES:
            raise ValueError("D66 dice cannot keep, explode or reroll")
        if part.keep is not None:
            kept, _ = part.keep.kept(dice.count)
            if not 1 <= kept <= dice.count:
                raise ValueError(f"{part.keep} cannot be applied to {dice}")
        if part.reroll is not None and (part.reroll.face > dice.sides or dice.sides == 1):
            raise ValueError(f"{part.reroll} cannot be applied to {dice}")
    if part.number and (dice is not None or part.group is not None):
        raise ValueError("only a number term has a number")
    held = dice is not None or (part.group is not None and part.group.constant is None)
    for step in part.steps:
        if step.operand.constant is None:
            if held:
                raise ValueError("dice can be multiplied by whole numbers only, not by other dice")
            held = True
    if not part.steps and dice is None and part.group is None:
        object.__setattr__(part, "_kind", 0)
        object.__setattr__(part, "_text", str(part.number))
        object.__setattr__(part, "_unrolled", _rolled(part, None, None))
    elif not part.steps and dice is not None and not modifiers and dice.sides != D66_SIDES:
        object.__setattr__(part, "_kind", 1)
        object.__setattr__(part, "_text", str(dice))
    elif (
        not modifiers
        and (part.group is not None or (dice is not None and dice.sides != D66_SIDES))
        and all(step.operand._kind == 0 for step in part.steps)  # pyright: ignore[reportPrivateUsage]
    ):
        object.__setattr__(part, "_kind", 2)
        object.__setattr__(part, "_text", "".join(map(str, part.steps)))
        fixed = tuple(step.operand._unrolled for step in part.steps)  # pyright: ignore[reportPrivateUsage]
        object.__setattr__(part, "_fixed_steps", fixed)
    if not held:
        value = _atom_value(part)
        for step in part.steps:
            operand = step.operand.constant
            assert operand is not None
            value = value * operand if step.op == "*" else divided(value, operand, step.rounding)
        object.__setattr__(part, "_constant", part.sign * value)


def _roll_fixed(part: Part, source: DiceSource) -> RolledPart:
    # A term of kind 2: its plain dice or its group, then the steps' fixed operands.
    made = object.__new__(RolledPart)
    _set_part(made, part)
    group = part.group
    if group is None:
        _set_roll(made, source.roll(part.dice))  # type: ignore[arg-type]
        _set_group(made, None)
    else:
        _set_roll(made, None)
        _set_group(made, group.roll(source))
    _set_steps(made, part._fixed_steps)  # pyright: ignore[reportPrivateUsage]
    _set_done(made, None)
    return made


def _roll_atom(part: Part, source: DiceSource) -> RolledPart:
    if part.group is not None:
        return _rolled(part, None, part.group.roll(source))
    dice = part.dice
    if dice is None:
        return _rolled(part, None, None)
    if dice.sides == D66_SIDES:
        if type(source) is SeededDice:  # one stream: every pair drawn at once reads the same
            return _rolled(part, source.roll(pool_of(2 * dice.count, 6)), None)
        faces: list[int] = []
        for _ in range(dice.count):
            faces.extend(source.roll(_D6_PAIR).faces)
        return _rolled(part, Roll(pool_of(len(faces), 6), faces), None)
    if part.explode or part.reroll is not None:
        return _rolled(part, _chain_roll(part, source), None)
    return _rolled(part, source.roll(dice), None)


def _chain_roll(part: Part, source: DiceSource) -> Roll:
    # Roll die by die, each with its chain of explosions or rerolls.
    dice = part.dice
    assert dice is not None
    one = Dice(1, dice.sides)
    faces: list[int] = []
    for _ in range(dice.count):
        face = source.roll(one).faces[0]
        faces.append(face)
        extra = 0
        while extra < CHAIN_DEPTH and _continues(part, face, extra):
            face = source.roll(one).faces[0]
            faces.append(face)
            extra += 1
    return Roll(Dice(len(faces), dice.sides), faces)


def _continues(part: Part, face: int, extra: int) -> bool:
    dice = part.dice
    assert dice is not None
    if part.explode:
        return face == dice.sides
    reroll = part.reroll
    assert reroll is not None
    return face == reroll.face and extra < reroll.times


def _read_chains(part: Part, faces: tuple[int, ...]) -> tuple[list[int], list[str]]:
    """The value of each die and the text of each face, read back from the flat faces.

    Raises:
        ValueError: The faces are not those of the term's dice and chains.
    """
    dice = part.dice
    assert dice is not None
    values: list[int] = []
    texts: list[str] = []
    index = 0
    for _ in range(dice.count):
        if index >= len(faces):
            raise ValueError(f"too few faces for {part}")
        face = faces[index]
        index += 1
        value = face
        extra = 0
        text = str(face)
        while extra < CHAIN_DEPTH and _continues(part, face, extra):
            if index >= len(faces):
                raise ValueError(f"too few faces for {part}")
            if part.explode:
                texts.append(f"{text}!")
            else:
                texts.append(f"({text})")
                value = 0
            face = faces[index]
            index += 1
            value += face
            extra += 1
            text = str(face)
        texts.append(text)
        values.append(value)
    if index != len(faces):
        raise ValueError(f"too many faces for {part}")
    return values, texts


def _to_parts(parts: Iterable[Part]) -> tuple[Part, ...]:
    return checked_items(parts, Part, "$.parts", "notation.Part")


def check_comment(_: object, __: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        raise wrong_type("$.comment", "str", value)
    if value and (
        value != value.strip()
        or value[0] in _OPERATOR_STARTS
        or value.startswith(_MISSPELLED_STARTS)
        or unicodedata.normalize("NFKC", value) != value
    ):
        raise InvalidData(
            "$.comment",
            "a comment is NFKC-normalized text without surrounding whitespace that starts with "
            "no operator (+ - * / or a comparison, ≠ and != included)",
        )


def _no_lines() -> dict[str, str]:
    return {}


def decorate(body: str, secret: bool, comment: str) -> str:
    """The canonical text of a whole command: ``S`` if secret, the body, then the comment."""
    text = f"S{body}" if secret else body
    return f"{text} {comment}" if comment else text


@attrs.frozen
class Expression:
    """A sum of terms, such as ``2D6+3``, ``4D6KH3``, ``(1D6+1)*2``, ``3D6/2U`` or ``2D66``.

    >>> expression = parse("2d6+3")
    >>> print(expression)
    2D6+3
    >>> expression.distribution().p_at_least(10)
    Fraction(7, 12)
    >>> from tabletop_rules.dice import ScriptedDice
    >>> print(expression.roll(ScriptedDice([3, 4])).render())
    (2D6+3) ＞ 7[3,4]+3 ＞ 10

    .. versionadded:: 0.1.0
    """

    #: The terms, in the order written; at least one.
    parts: tuple[Part, ...] = attrs.field(converter=_to_parts)
    #: Whether the roll is secret (``S2D6``): a bot decides who sees it.
    #:
    #: .. versionadded:: 0.1.0
    secret: bool = attrs.field(default=False, kw_only=True, validator=a_flag)
    #: The text after the command (``2D6+3 attack the goblin``), or ``""``.
    #:
    #: .. versionadded:: 0.1.0
    comment: str = attrs.field(default="", kw_only=True, validator=check_comment)
    # The canonical text of the sum alone, and the index of the term whose die may be a
    # natural 20 or 1 (-1 for none): computed once, read by every render.
    _body: str = attrs.field(init=False, default="", eq=False, repr=False, hash=False)
    _natural_at: int = attrs.field(init=False, default=-1, eq=False, repr=False, hash=False)
    # Whether the sum is one die alone (``1D20``): BCDice then shows the total only.
    _lone: bool = attrs.field(init=False, default=False, eq=False, repr=False, hash=False)
    # The total when no term holds dice, else None.
    _constant: int | None = attrs.field(init=False, default=None, eq=False, repr=False, hash=False)
    # The line's template with the command filled in, by locale, filled on first use.
    _lines: dict[str, str] = attrs.field(
        init=False, factory=_no_lines, eq=False, repr=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        _settle_expression(self)
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text of the sum alone, without ``S`` and the comment.

        .. versionadded:: 0.1.0
        """
        return self._body

    def __str__(self) -> str:
        """The canonical text: ``2D6+3``, ``-1D4+3``, ``S2D6 attack``."""
        return decorate(self.body, self.secret, self.comment)

    @property
    def all_parts(self) -> tuple[Part, ...]:
        """The terms (the same as :attr:`parts`, for symmetry with :attr:`Check.all_parts`)."""
        return self.parts

    @property
    def dice_count(self) -> int:
        """How many dice one roll of the sum rolls at least."""
        return sum(part.dice_count for part in self.parts)

    @property
    def worst_rolls(self) -> int:
        """The most dice one roll may take, every explosion and reroll at its cap included.

        .. versionadded:: 0.1.0
        """
        return sum(part.worst_rolls for part in self.parts)

    @property
    def has_dice(self) -> bool:
        """Whether any term holds dice."""
        return self._constant is None

    @property
    def constant(self) -> int | None:
        """The total when no term holds dice (``2+3``), else ``None``.

        .. versionadded:: 0.1.0
        """
        return self._constant

    def length_and_work(self) -> tuple[int, int]:
        """The number of outcomes of the total, and the estimated work of its odds.

        Each term's own distribution counts its work; adding it to the running total counts
        a sliding window per die for plain dice, else the product of the two lengths.

        .. versionadded:: 0.1.0
        """
        length, work = 1, 0
        for index, part in enumerate(self.parts):
            part_length, part_work = part._length_and_work()  # pyright: ignore[reportPrivateUsage]
            work += part_work
            if index and part_length > 1:
                if part._kind == 1 and part.dice is not None:  # pyright: ignore[reportPrivateUsage]
                    work += part.dice.count * (length + part_length)
                else:
                    work += length * part_length
            length += part_length - 1
        return length, work

    def odds_work(self) -> int:
        """The estimated work of the exact distribution (see :attr:`Limits.max_work`).

        .. versionadded:: 0.1.0
        """
        return self.length_and_work()[1]

    def distribution(self) -> Distribution:
        """The exact distribution of the total.

        >>> parse("1d20-1+2d4").distribution().mean()
        Fraction(29, 2)
        >>> parse("1d6/2U").distribution().p_equal(3)
        Fraction(1, 3)
        """
        first, *rest = self.parts
        total = first.distribution()
        for part in rest:
            total = total + part.distribution()
        return total

    def roll(self, dice: DiceSource) -> ExpressionResult:
        """Roll every dice term with *dice*, in the order written (all or nothing)."""
        if isinstance(dice, ScriptedDice):
            with atomic(dice) as rolling:
                return _result(self, tuple([part.roll(rolling) for part in self.parts]))
        rolled: list[RolledPart] = []
        try:  # free unless it raises: the check of the dice is on the slow path only
            for part in self.parts:
                kind = part._kind  # pyright: ignore[reportPrivateUsage]
                if kind == 1:
                    made = object.__new__(RolledPart)
                    _set_part(made, part)
                    _set_roll(made, dice.roll(part.dice))  # type: ignore[arg-type]
                    _set_group(made, None)
                    _set_steps(made, ())
                    _set_done(made, None)
                    rolled.append(made)
                elif kind == 0:
                    rolled.append(part._unrolled)  # pyright: ignore[reportPrivateUsage]
                elif kind == 2:
                    rolled.append(_roll_fixed(part, dice))
                else:
                    rolled.append(part.roll(dice))
        except AttributeError:
            checked_source(dice)
            raise
        return _result(self, tuple(rolled))


def _settle_expression(expression: Expression) -> None:
    """Check the sum's shape and fill in its private fields (also for the parser's sums)."""
    parts = expression.parts
    if not parts:
        raise ValueError("a sum needs at least one term")
    texts: list[str] = []
    constant = 0
    rolled = -1  # the index of the only term with dice, -2 once a second one is found
    for index, part in enumerate(parts):
        text = str(part)
        texts.append(f"-{text}" if part.sign < 0 else f"+{text}" if index else text)
        value = part._constant  # pyright: ignore[reportPrivateUsage]
        if value is None:
            rolled = index if rolled == -1 else -2
        else:
            constant += value
    _set(expression, "_body", "".join(texts))
    if rolled == -1:
        _set(expression, "_constant", constant)
    elif rolled >= 0:
        only = parts[rolled]
        dice = only.dice
        if dice is not None and dice.sides == 20 and not only.explode and not only.reroll:
            kept = dice.count if only.keep is None else only.keep.kept(dice.count)[0]
            if kept == 1 and not only.steps:
                _set(expression, "_natural_at", rolled)
    if len(parts) == 1:
        only = parts[0]
        dice = only.dice
        if (
            only.sign > 0
            and dice is not None
            and dice.count == 1
            and not only.steps
            and only.keep is None
            and not only.explode
            and only.reroll is None
        ):
            _set(expression, "_lone", True)


_set = object.__setattr__


def plain_part(sign: int, dice: Dice | None, number: int) -> Part:
    """A term of plain dice (not D66) or a plain number, valid by construction.

    The parser's fast path builds it without the checks that :class:`Part` runs.
    """
    part = object.__new__(Part)
    _set(part, "sign", sign)
    _set(part, "dice", dice)
    _set(part, "number", number)
    _set(part, "group", None)
    _set(part, "keep", None)
    _set(part, "explode", False)
    _set(part, "reroll", None)
    _set(part, "steps", ())
    _set(part, "_fixed_steps", ())
    if dice is None:
        _set(part, "_kind", 0)
        _set(part, "_text", str(number))
        _set(part, "_unrolled", _rolled(part, None, None))
        _set(part, "_constant", sign * number)
    else:
        _set(part, "_kind", 1)
        _set(part, "_text", str(dice))
        _set(part, "_unrolled", None)
        _set(part, "_constant", None)
    return part


def stepped_part(atom: Part, sign: int, steps: tuple[Step, ...]) -> Part:
    """Plain dice or a group that holds dice, with *sign* and steps by numbers (``3D6/2U``).

    The parser's fast path builds it, valid by construction, without the checks that
    :class:`Part` runs: *atom* is a term of kind 1 or 2 without steps, and each step's operand
    a plain number other than 0.
    """
    part = object.__new__(Part)
    _set(part, "sign", sign)
    _set(part, "dice", atom.dice)
    _set(part, "number", 0)
    _set(part, "group", atom.group)
    _set(part, "keep", None)
    _set(part, "explode", False)
    _set(part, "reroll", None)
    _set(part, "steps", steps)
    _set(part, "_kind", 2)
    _set(part, "_text", "".join(map(str, steps)))
    _set(part, "_unrolled", None)
    _set(part, "_constant", None)
    _set(part, "_fixed_steps", tuple([step.operand._unrolled for step in steps]))  # pyright: ignore[reportPrivateUsage]
    return part


def make_part(
    *,
    sign: int = 1,
    dice: Dice | None = None,
    number: int = 0,
    group: Expression | None = None,
    keep: Keep | None = None,
    explode: bool = False,
    reroll: Reroll | None = None,
    steps: tuple[Step, ...] = (),
) -> Part:
    """A term the parser has checked field by field: only its shape is checked again.

    Raises:
        ValueError: The fields do not make a term (as :class:`Part` raises).
    """
    part = object.__new__(Part)
    for name, value in (
        ("sign", sign),
        ("dice", dice),
        ("number", number),
        ("group", group),
        ("keep", keep),
        ("explode", explode),
        ("reroll", reroll),
        ("steps", steps),
        ("_kind", -1),
        ("_text", ""),
        ("_unrolled", None),
        ("_constant", None),
        ("_fixed_steps", ()),
    ):
        _set(part, name, value)
    _settle_part(part)
    return part


def make_step(op: str, operand: Part, rounding: str) -> Step:
    """A step the parser has checked (a factor or a divisor it has read)."""
    step = object.__new__(Step)
    _set(step, "op", op)
    _set(step, "operand", operand)
    _set(step, "rounding", rounding)
    return step


def plain_sum(parts: tuple[Part, ...], *, secret: bool = False, comment: str = "") -> Expression:
    """A sum of valid terms, valid by construction (the parser's fast path)."""
    expression = object.__new__(Expression)
    _set(expression, "parts", parts)
    _set(expression, "secret", secret)
    _set(expression, "comment", comment)
    _set(expression, "_body", "")
    _set(expression, "_natural_at", -1)
    _set(expression, "_lone", False)
    _set(expression, "_constant", None)
    _set(expression, "_lines", {})
    _settle_expression(expression)
    return expression


@functools.lru_cache(maxsize=1024)
def target_side(sign: int, number: int) -> tuple[Expression, ExpressionResult]:
    """The sum of one number (a check's target, ``>=7``), and that sum as rolled, shared.

    Both are frozen, and a target is one of a few numbers that commands use again and again.
    """
    side = plain_sum((plain_part(sign, None, number),))
    return side, _result(side, (side.parts[0]._unrolled,))  # pyright: ignore[reportPrivateUsage]


def new_unchecked(cls: type[object], **fields: object) -> object:
    # Results of rolls the library made itself are valid by construction: skip the checks.
    made = object.__new__(cls)
    for name, value in fields.items():
        _set(made, name, value)
    return made


def _rolled(part: Part, roll: Roll | None, group: ExpressionResult | None) -> RolledPart:
    made = object.__new__(RolledPart)
    _set_part(made, part)
    _set_roll(made, roll)
    _set_group(made, group)
    _set_steps(made, ())
    _set_done(made, None)
    return made


def _result(expression: Expression, parts: tuple[RolledPart, ...]) -> ExpressionResult:
    made = object.__new__(ExpressionResult)
    _set_expression(made, expression)
    _set_parts(made, parts)
    _set_result_done(made, None)
    return made


def _to_rolled_steps(steps: Iterable[RolledPart]) -> tuple[RolledPart, ...]:
    return tuple(steps)


@attrs.frozen(kw_only=True)
class RolledPart:
    """One term of a rolled sum: its term, and the roll of its dice or its group's result.

    .. versionadded:: 0.1.0
    """

    #: The term that was rolled.
    #:
    #: .. versionadded:: 0.1.0
    part: Part
    #: The faces as rolled (every explosion and reroll included, in order; two d6 for each
    #: D66), or ``None``.
    roll: Roll | None = None
    #: The rolled sum in parentheses, for a group.
    #:
    #: .. versionadded:: 0.1.0
    group: ExpressionResult | None = None
    #: The operand of each of the term's steps as rolled, in order.
    #:
    #: .. versionadded:: 0.1.0
    steps: tuple[RolledPart, ...] = attrs.field(default=(), converter=_to_rolled_steps)
    # The value and the text, computed once.
    _done: tuple[int, str] | None = attrs.field(
        init=False, default=None, eq=False, repr=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        part = self.part
        if len(self.steps) != len(part.steps) or any(
            rolled.part != step.operand for rolled, step in zip(self.steps, part.steps, strict=True)
        ):
            raise ValueError(f"the steps of {part} need one rolled operand each")
        if part.group is not None:
            if self.group is None or self.roll is not None or self.group.expression != part.group:
                raise ValueError(f"a rolled group needs the result of {part.group}")
            return
        if self.group is not None:
            raise ValueError("only a group has a rolled group")
        dice = part.dice
        if dice is None:
            if self.roll is not None:
                raise ValueError("a number has no roll")
            return
        if self.roll is None:
            raise ValueError(f"{part} needs a roll")
        if dice.sides == D66_SIDES:
            if self.roll.dice != Dice(2 * dice.count, 6):
                raise ValueError(f"{part} is a roll of {2 * dice.count}D6")
        elif self.roll.dice.sides != dice.sides:
            raise ValueError(f"{part} needs a roll of d{dice.sides}")
        elif part.explode or part.reroll is not None:
            _read_chains(part, self.roll.faces)
        elif self.roll.dice != dice:
            raise ValueError(f"{part} needs a roll of {dice}")

    @property
    def sign(self) -> int:
        """``1`` if the term was added, ``-1`` if subtracted."""
        return self.part.sign

    def _atom(self) -> tuple[int, str]:
        # The atom's value before the steps and the sign, and its text without them.
        part = self.part
        roll = self.roll
        if self.group is not None:
            detail, total = self.group._detail_and_total()  # pyright: ignore[reportPrivateUsage]
            return total, f"({detail})"
        if roll is None:
            return part.number, str(part.number)
        faces = roll.faces
        dice = part.dice
        assert dice is not None
        if dice.sides == D66_SIDES:
            values = [10 * faces[i] + faces[i + 1] for i in range(0, len(faces), 2)]
            value = sum(values)
            return value, f"{value}[{','.join(map(str, values))}]"
        if part.keep is not None:
            kept, highest = part.keep.kept(dice.count)
            order = sorted(range(len(faces)), key=lambda i: faces[i], reverse=highest)
            chosen = set(order[:kept])
            value = sum(faces[i] for i in chosen)
            texts = [str(f) if i in chosen else f"({f})" for i, f in enumerate(faces)]
            return value, f"{value}[{','.join(texts)}]"
        if part.explode or part.reroll is not None:
            values, texts = _read_chains(part, faces)
            value = sum(values)
            return value, f"{value}[{','.join(texts)}]"
        value = sum(faces)
        return value, f"{value}[{','.join(map(str, faces))}]"

    def _evaluated(self) -> tuple[int, str]:
        # The signed value and the text without the sign, each computed once.
        done = self._done
        if done is not None:
            return done
        value, text = self._atom()
        part = self.part
        if part.steps:
            pieces = [text]
            for step, rolled in zip(part.steps, self.steps, strict=True):
                operand, operand_text = rolled._evaluated()
                if rolled.part.sign < 0:
                    operand_text = f"-{operand_text}"
                if step.op == "*":
                    value *= operand
                else:
                    value = divided(value, operand, step.rounding)
                pieces.append(f"{step.op}{operand_text}{step.rounding}")
            text = "".join(pieces)
        done = (part.sign * value, text)
        _set(self, "_done", done)
        return done

    @property
    def value(self) -> int:
        """The signed value the term adds to the total."""
        return self._evaluated()[0]

    @property
    def kept_faces(self) -> tuple[int, ...]:
        """The faces that count (the kept ones, the last of each reroll, all explosions).

        .. versionadded:: 0.1.0
        """
        part = self.part
        roll = self.roll
        if roll is None:
            return ()
        faces = roll.faces
        if part.keep is not None and part.dice is not None:
            kept, highest = part.keep.kept(part.dice.count)
            order = sorted(range(len(faces)), key=lambda i: faces[i], reverse=highest)
            return tuple(sorted((faces[i] for i in order[:kept]), reverse=highest))
        if part.reroll is not None:
            return tuple(_read_chains(part, faces)[0])
        return faces

    def __str__(self) -> str:
        """The term as rolled without its sign: ``7[3,4]``, ``3``, ``13[6,4,3,(1)]``."""
        return self._evaluated()[1]


def _to_rolled_parts(parts: Iterable[RolledPart]) -> tuple[RolledPart, ...]:
    return tuple(parts)


def template(key: str, locale: str) -> str:
    """The catalog template of *key* in *locale*, English where the locale lacks it.

    Raises:
        InvalidData: *locale* is not a ``str`` (path ``$.locale``).
    """
    try:
        return _template(key, locale)
    except TypeError:  # an unhashable locale: the cache cannot look it up
        catalog(locale)  # refuses it
        raise


@functools.lru_cache(maxsize=1024)
def _template(key: str, locale: str) -> str:
    found = catalog(locale).get(key)
    return catalog(DEFAULT_LOCALE)[key] if found is None else found


@functools.lru_cache(maxsize=512)
def pool_of(count: int, sides: int) -> Dice:
    """``Dice(count, sides)``, shared: the few shapes a roll asks for again and again."""
    return Dice(count, sides)


@functools.lru_cache(maxsize=1024)
def line_template(key: str, locale: str, outcome: str = "") -> str:
    """The template of a rendered line, ready for its command.

    ``{detail}`` and ``{total}`` become ``{0}`` and ``{1}``, and *outcome*'s words (a catalog
    key, or ``""`` for none) fill ``{outcome}``; each command fills ``{command}`` once a
    locale, and each roll formats the rest.
    """
    found = template(key, locale).replace("{detail}", "{0}").replace("{total}", "{1}")
    return found.replace("{outcome}", template(outcome, locale)) if outcome else found


def finish(line: str, *, secret: bool, comment: str, locale: str) -> str:
    """Add the comment and the secret mark of a command to its rendered line."""
    if comment:
        line = template("notation.comment", locale).format(line=line, comment=comment)
    if secret:
        line = template("notation.secret", locale).format(line=line)
    return line


@attrs.frozen(kw_only=True)
class ExpressionResult:
    """A rolled sum: every term as rolled, in the order written.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> result = parse("1d20-1+2d4").roll(ScriptedDice([14, 2, 3]))
    >>> result.total
    18
    >>> print(result)
    (1D20-1+2D4) ＞ 14[14]-1+5[2,3] ＞ 18

    A die alone shows its total only, as BCDice does:

    >>> print(parse("1d20").roll(ScriptedDice([14])))
    (1D20) ＞ 14

    .. versionadded:: 0.1.0
    """

    #: The sum that was rolled.
    #:
    #: .. versionadded:: 0.1.0
    expression: Expression
    #: The terms as rolled, one for each term of :attr:`expression`.
    parts: tuple[RolledPart, ...] = attrs.field(converter=_to_rolled_parts)
    # The detail and the total, computed once.
    _done: tuple[str, int] | None = attrs.field(
        init=False, default=None, eq=False, repr=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        rolled = tuple(part.part for part in self.parts)
        if rolled != self.expression.parts:
            raise ValueError("the rolled terms must be those of the sum, in order")

    def __str__(self) -> str:
        return self.render()

    @property
    def command(self) -> Expression:
        """The sum that was rolled (the same as :attr:`expression`).

        .. versionadded:: 0.1.0
        """
        return self.expression

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """The dice rolls, in order (subtracted ones included, groups left out)."""
        return tuple(part.roll for part in self.parts if part.roll is not None)

    def _detail_and_total(self) -> tuple[str, int]:
        done = self._done
        if done is not None:
            return done
        texts: list[str] = []
        total = 0
        for rolled in self.parts:
            part = rolled.part
            kind = part._kind  # pyright: ignore[reportPrivateUsage]
            if kind == 1:
                faces = rolled.roll.faces  # type: ignore[union-attr]
                if len(faces) == 1:
                    value = faces[0]
                    text = f"{value}[{value}]"
                else:
                    value = sum(faces)
                    text = f"{value}[{','.join(map(str, faces))}]"
                if part.sign < 0:
                    value = -value
            elif kind == 0:
                value = part.number if part.sign > 0 else -part.number
                text = part._text  # pyright: ignore[reportPrivateUsage]
            elif kind == 2:
                group = rolled.group
                if group is None:
                    faces = rolled.roll.faces  # type: ignore[union-attr]
                    value = sum(faces)
                    text = f"{value}[{','.join(map(str, faces))}]"
                else:
                    detail, value = group._detail_and_total()
                    text = f"({detail})"
                for step in part.steps:  # each operand a number (kind 2)
                    by: int = step.operand._constant  # type: ignore[assignment]  # pyright: ignore[reportPrivateUsage]
                    value = value * by if step.op == "*" else divided(value, by, step.rounding)
                text += part._text  # pyright: ignore[reportPrivateUsage]
                if part.sign < 0:
                    value = -value
            else:
                value, text = rolled._evaluated()  # pyright: ignore[reportPrivateUsage]
            total += value
            if part.sign < 0:
                texts.append(f"-{text}")
            else:
                texts.append(f"+{text}" if texts else text)
        done = ("".join(texts), total)
        _set(self, "_done", done)
        return done

    @property
    def total(self) -> int:
        """The sum of the signed terms."""
        return (self._done or self._detail_and_total())[1]

    @property
    def detail(self) -> str:
        """Every term as rolled with its sign, such as ``7[3,4]+3``."""
        return self._detail_and_total()[0]

    @property
    def natural(self) -> int | None:
        """20 or 1 when the sum's only die is a d20 (or one kept d20) showing it, else ``None``.

        >>> from tabletop_rules.dice import ScriptedDice
        >>> parse("1d20+5").roll(ScriptedDice([20])).natural
        20
        >>> parse("2d20kh1").roll(ScriptedDice([1, 7])).natural is None
        True

        .. versionadded:: 0.1.0
        """
        at = self.expression._natural_at  # pyright: ignore[reportPrivateUsage]
        if at < 0:
            return None
        rolled = self.parts[at]
        roll = rolled.roll
        faces = roll.faces if rolled.part.keep is None and roll is not None else rolled.kept_faces
        return faces[0] if faces[0] in (1, 20) else None

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark.

        .. versionadded:: 0.1.0
        """
        detail, total = self._detail_and_total()
        expression = self.expression
        lines = expression._lines  # pyright: ignore[reportPrivateUsage]
        try:
            filled = lines.get(locale)
        except TypeError:  # an unhashable locale
            catalog(locale)  # refuses it
            raise
        if filled is None:
            body = expression._body.replace("{", "{{").replace("}", "}}")  # pyright: ignore[reportPrivateUsage]
            key = "notation.single" if expression._lone else "notation.sum"  # pyright: ignore[reportPrivateUsage]
            filled = lines[locale] = line_template(key, locale).replace("{command}", body)
        line = filled.format(detail, total)
        if expression._natural_at >= 0:  # pyright: ignore[reportPrivateUsage]
            natural = self.natural
            if natural is not None:
                line = template("notation.natural", locale).format(line=line, face=natural)
        return line

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """BCDice-style text: ``(2D6+3) ＞ 7[3,4]+3 ＞ 10``."""
        expression = self.expression
        line = self.line(locale)
        if expression.secret or expression.comment:
            return finish(line, secret=expression.secret, comment=expression.comment, locale=locale)
        return line


# The slots of the rolled terms and sums that rolls build (the functions above run only once
# the module is loaded).
_set_part = slot_setter(RolledPart, "part")
_set_roll = slot_setter(RolledPart, "roll")
_set_group = slot_setter(RolledPart, "group")
_set_steps = slot_setter(RolledPart, "steps")
_set_done = slot_setter(RolledPart, "_done")
_set_expression = slot_setter(ExpressionResult, "expression")
_set_parts = slot_setter(ExpressionResult, "parts")
_set_result_done = slot_setter(ExpressionResult, "_done")
