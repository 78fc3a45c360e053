"""Terms and sums: the values a command is made of, their odds, their rolls and results."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from typing import Final

import attrs

from tabletop_rules._arguments import (
    a_flag,
    an_instance,
    checked_items,
    checked_source,
    shown,
    wrong_type,
)
from tabletop_rules.dice import Dice, DiceSource, Roll, ScriptedDice, atomic
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE, catalog
from tabletop_rules.notation._limits import CHAIN_DEPTH, check_value
from tabletop_rules.notation._modifiers import MISSPELLED, Keep, Reroll, check_positive
from tabletop_rules.odds import Distribution

__all__ = ["Expression", "ExpressionResult", "Part", "RolledPart"]

#: Characters a comment may not start with: they would read as part of the command.
_OPERATOR_STARTS: Final = frozenset("+-−*<>=≥≤≧≦≠")
#: What else a comment may not start with: a comparison as other bots write it (``!= 7``),
#: which the command's text would not read back as a comment.
_MISSPELLED_STARTS: Final = tuple(spelling for spelling, _ in MISSPELLED)
_D66: Final = Dice(2, 6)


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


def _signed(sign: int, text: str, *, first: bool) -> str:
    if sign < 0:
        return f"-{text}"
    return text if first else f"+{text}"


@attrs.frozen(kw_only=True)
class Part:
    """One term of a sum: a number, dice (with keep, explode or reroll), ``D66`` or a group.

    >>> Part(dice=Dice(2, 6)).dice
    Dice(count=2, sides=6)
    >>> Part(sign=-1, number=3).distribution().min
    -3
    >>> print(Part(dice=Dice(4, 6), keep=Keep(kind="KH", count=3)))
    4D6KH3

    .. versionadded:: 0.1.0
    """

    #: ``1`` to add the term, ``-1`` to subtract it.
    sign: int = attrs.field(default=1, validator=_check_sign)
    #: The dice (at least one die), or ``None`` for a number, ``D66`` or a group.
    dice: Dice | None = attrs.field(
        default=None, validator=attrs.validators.optional(an_instance(Dice, "dice.Dice | None"))
    )
    #: The number, 0 or more, when the term is a number; 0 otherwise.
    number: int = attrs.field(default=0, validator=_check_number)
    #: BCDice's ``D66``: two d6 read as tens and units (11 to 66).
    #:
    #: .. versionadded:: 0.2.0
    d66: bool = attrs.field(default=False, validator=a_flag)
    #: A sum in parentheses.
    #:
    #: .. versionadded:: 0.2.0
    group: Expression | None = attrs.field(default=None, validator=_check_group)
    #: A whole number the term is multiplied by (``*3``), 1 or more.
    #:
    #: .. versionadded:: 0.2.0
    factor: int = attrs.field(default=1, validator=check_positive)
    #: Which dice count (``KH3``, ``DL1``), for dice.
    #:
    #: .. versionadded:: 0.2.0
    keep: Keep | None = attrs.field(
        default=None,
        validator=attrs.validators.optional(an_instance(Keep, "notation.Keep | None")),
    )
    #: Whether a die showing its highest face is rolled again (``!``), for dice.
    #:
    #: .. versionadded:: 0.2.0
    explode: bool = attrs.field(default=False, validator=a_flag)
    #: Which face is rerolled (``R1``, ``RR1``), for dice.
    #:
    #: .. versionadded:: 0.2.0
    reroll: Reroll | None = attrs.field(
        default=None,
        validator=attrs.validators.optional(an_instance(Reroll, "notation.Reroll | None")),
    )
    # 1 for plain dice, 0 for a plain number, -1 otherwise: the fast paths of roll and render.
    _kind: int = attrs.field(init=False, default=-1, eq=False, repr=False, hash=False)
    # A number's text.
    _text: str = attrs.field(init=False, default="", eq=False, repr=False, hash=False)
    # A number's rolled term, the same every time.
    _unrolled: RolledPart = attrs.field(init=False, default=None, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        kinds = (self.dice is not None) + self.d66 + (self.group is not None)
        if kinds > 1:
            raise ValueError("a term is one of a number, dice, D66 or a group")
        modifiers = (self.keep is not None) + self.explode + (self.reroll is not None)
        if self.dice is None:
            if modifiers:
                raise ValueError("only dice can keep, explode or reroll")
        else:
            if self.dice.count < 1:
                raise ValueError(f"a dice term needs at least 1 die, not {self.dice}")
            if modifiers > 1:
                raise ValueError("a dice term has at most one of keep, explode and reroll")
            if self.keep is not None:
                kept, _ = self.keep.kept(self.dice.count)
                if not 1 <= kept <= self.dice.count:
                    raise ValueError(f"{self.keep} cannot be applied to {self.dice}")
            if self.reroll is not None and (
                self.reroll.face > self.dice.sides or self.dice.sides == 1
            ):
                raise ValueError(f"{self.reroll} cannot be applied to {self.dice}")
        if self.number and kinds:
            raise ValueError("only a number term has a number")
        if self.factor == 1 and not kinds:
            object.__setattr__(self, "_kind", 0)
            object.__setattr__(self, "_unrolled", _rolled(self, None, None))
            object.__setattr__(self, "_text", str(self.number))
        elif self.factor == 1 and self.dice is not None and not modifiers:
            object.__setattr__(self, "_kind", 1)
        check_value(self)

    def __str__(self) -> str:
        """The term without its sign: ``2D6``, ``3``, ``4D6KH3``, ``(1D6+1)*2``."""
        if self.group is not None:
            text = f"({self.group})"
        elif self.d66:
            text = "D66"
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
        return text if self.factor == 1 else f"{text}*{self.factor}"

    @property
    def all_parts(self) -> tuple[Part, ...]:
        """The term itself, for the limits.

        .. versionadded:: 0.2.0
        """
        return (self,)

    @property
    def leaves(self) -> tuple[Part, ...]:
        """The term, or the terms inside its parentheses.

        .. versionadded:: 0.2.0
        """
        if self.group is None:
            return (self,)
        return tuple(leaf for part in self.group.parts for leaf in part.leaves)

    @property
    def dice_count(self) -> int:
        """How many dice the term rolls at least."""
        if self.group is not None:
            return self.group.dice_count
        if self.d66:
            return 2
        return 0 if self.dice is None else self.dice.count

    @property
    def worst_rolls(self) -> int:
        """The most dice the term may roll, every explosion and reroll at its cap included.

        .. versionadded:: 0.2.0
        """
        if self.group is not None:
            return self.group.worst_rolls
        if self.dice is None:
            return self.dice_count
        if self.explode:
            return self.dice.count * (CHAIN_DEPTH + 1)
        if self.reroll is not None:
            return self.dice.count * (self.reroll.times + 1)
        return self.dice.count

    def _length_and_work(self) -> tuple[int, int]:
        # The number of outcomes of the term's distribution, and the work to build it.
        if self.group is not None:
            length, work = self.group.length_and_work()
        elif self.d66:
            length, work = 56, 36
        elif self.dice is None:
            length, work = 1, 0
        else:
            count, sides = self.dice.count, self.dice.sides
            if self.keep is not None:
                kept, _ = self.keep.kept(count)
                length = kept * (sides - 1) + 1
                work = sides * kept * count + kept * kept * sides * sides // 4
                work += kept**3 * sides * sides // 12
            else:
                die = sides * (CHAIN_DEPTH + 1) if self.explode else sides
                length = count * (die - 1) + 1
                work = count * length // 2
                if self.explode:
                    # One window sum for each level of the chain, each die.
                    work *= 2 * (CHAIN_DEPTH + 1)
                elif self.reroll is not None:
                    work *= 3
        if self.factor > 1:
            length = (length - 1) * self.factor + 1
            work += length
        return length, work

    def odds_work(self) -> int:
        """The estimated work of the term's exact distribution (see :class:`Limits`).

        .. versionadded:: 0.2.0
        """
        return self._length_and_work()[1]

    def distribution(self) -> Distribution:
        """The distribution of the term's signed value."""
        if self.group is not None:
            base = self.group.distribution()
        elif self.d66:
            base = _D66_DISTRIBUTION
        elif self.dice is None:
            base = Distribution.constant(self.number)
        elif self.keep is not None:
            kept, highest = self.keep.kept(self.dice.count)
            base = Distribution.keep(self.dice, kept, highest=highest)
        elif self.explode:
            base = Distribution.exploding(self.dice, CHAIN_DEPTH)
        elif self.reroll is not None:
            base = Distribution.rerolling(self.dice, self.reroll.face, self.reroll.times)
        else:
            base = Distribution.of(self.dice)
        if self.factor > 1:
            base = base.scale(self.factor)
        return base if self.sign > 0 else -base

    def roll(self, dice: DiceSource) -> RolledPart:
        """Roll the term's dice, if it has any, with *dice*."""
        try:  # free unless it raises: the check of the dice is on the slow path only
            if self._kind == 1:
                return _rolled(self, dice.roll(self.dice), None)  # type: ignore[arg-type]
            if self.group is not None:
                return _rolled(self, None, self.group.roll(dice))
            if self.d66:
                return _rolled(self, dice.roll(_D66), None)
            if self.dice is None:
                return _rolled(self, None, None)
            if self.explode or self.reroll is not None:
                return _rolled(self, _chain_roll(self, dice), None)
            return _rolled(self, dice.roll(self.dice), None)
        except AttributeError:
            checked_source(dice)
            raise


_D66_DISTRIBUTION: Final = Distribution.from_counts(
    {10 * a + b: 1 for a in range(1, 7) for b in range(1, 7)}
)


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
            "no operator (+ - * or a comparison, ≠ and != included)",
        )


def _no_lines() -> dict[str, str]:
    return {}


def decorate(body: str, secret: bool, comment: str) -> str:
    """The canonical text of a whole command: ``S`` if secret, the body, then the comment."""
    text = f"S{body}" if secret else body
    return f"{text} {comment}" if comment else text


@attrs.frozen
class Expression:
    """A sum of terms, such as ``2D6+3``, ``4D6KH3``, ``(1D6+1)*2`` or ``D66``.

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
    #: .. versionadded:: 0.2.0
    secret: bool = attrs.field(default=False, kw_only=True, validator=a_flag)
    #: The text after the command (``2D6+3 attack the goblin``), or ``""``.
    #:
    #: .. versionadded:: 0.2.0
    comment: str = attrs.field(default="", kw_only=True, validator=check_comment)
    # The canonical text of the sum alone, and the index of the term whose die may be a
    # natural 20 or 1 (-1 for none): computed once, read by every render.
    _body: str = attrs.field(init=False, default="", eq=False, repr=False, hash=False)
    _natural_at: int = attrs.field(init=False, default=-1, eq=False, repr=False, hash=False)
    # The line's template with the command filled in, by locale, filled on first use.
    _lines: dict[str, str] = attrs.field(
        init=False, factory=_no_lines, eq=False, repr=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        if not self.parts:
            raise ValueError("a sum needs at least one term")
        body = "".join(
            _signed(part.sign, str(part), first=index == 0) for index, part in enumerate(self.parts)
        )
        object.__setattr__(self, "_body", body)
        rolled = [i for i, part in enumerate(self.parts) if part.dice or part.d66 or part.group]
        if len(rolled) == 1:
            only = self.parts[rolled[0]]
            dice = only.dice
            if dice is not None and dice.sides == 20 and not only.explode and not only.reroll:
                kept = dice.count if only.keep is None else only.keep.kept(dice.count)[0]
                if kept == 1:
                    object.__setattr__(self, "_natural_at", rolled[0])
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text of the sum alone, without ``S`` and the comment.

        .. versionadded:: 0.2.0
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

        .. versionadded:: 0.2.0
        """
        return sum(part.worst_rolls for part in self.parts)

    @property
    def has_dice(self) -> bool:
        """Whether any term holds dice."""
        return any(leaf.dice is not None or leaf.d66 for p in self.parts for leaf in p.leaves)

    def length_and_work(self) -> tuple[int, int]:
        """The number of outcomes of the total, and the estimated work of its odds.

        Each term's own distribution counts its work; adding it to the running total counts
        a sliding window per die for plain dice, else the product of the two lengths.

        .. versionadded:: 0.2.0
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

        .. versionadded:: 0.2.0
        """
        return self.length_and_work()[1]

    def distribution(self) -> Distribution:
        """The exact distribution of the total.

        >>> parse("1d20-1+2d4").distribution().mean()
        Fraction(29, 2)
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
                    _set(made, "part", part)
                    _set(made, "roll", dice.roll(part.dice))  # type: ignore[arg-type]
                    _set(made, "group", None)
                    rolled.append(made)
                elif kind == 0:
                    rolled.append(part._unrolled)  # pyright: ignore[reportPrivateUsage]
                else:
                    rolled.append(part.roll(dice))
        except AttributeError:
            checked_source(dice)
            raise
        return _result(self, tuple(rolled))


_set = object.__setattr__


def new_unchecked(cls: type[object], **fields: object) -> object:
    # Results of rolls the library made itself are valid by construction: skip the checks.
    made = object.__new__(cls)
    for name, value in fields.items():
        _set(made, name, value)
    return made


def _rolled(part: Part, roll: Roll | None, group: ExpressionResult | None) -> RolledPart:
    made = object.__new__(RolledPart)
    _set(made, "part", part)
    _set(made, "roll", roll)
    _set(made, "group", group)
    return made


def _result(expression: Expression, parts: tuple[RolledPart, ...]) -> ExpressionResult:
    made = object.__new__(ExpressionResult)
    _set(made, "expression", expression)
    _set(made, "parts", parts)
    return made


@attrs.frozen(kw_only=True)
class RolledPart:
    """One term of a rolled sum: its term, and the roll of its dice or its group's result.

    .. versionadded:: 0.1.0
    """

    #: The term that was rolled.
    #:
    #: .. versionadded:: 0.2.0
    part: Part
    #: The faces as rolled (every explosion and reroll included, in order), or ``None``.
    roll: Roll | None = None
    #: The rolled sum in parentheses, for a group.
    #:
    #: .. versionadded:: 0.2.0
    group: ExpressionResult | None = None

    def __attrs_post_init__(self) -> None:
        part = self.part
        if part.group is not None:
            if self.group is None or self.roll is not None or self.group.expression != part.group:
                raise ValueError(f"a rolled group needs the result of {part.group}")
            return
        if self.group is not None:
            raise ValueError("only a group has a rolled group")
        if part.dice is None and not part.d66:
            if self.roll is not None:
                raise ValueError("a number has no roll")
            return
        if self.roll is None:
            raise ValueError(f"{part} needs a roll")
        if part.d66:
            if self.roll.dice != _D66:
                raise ValueError("D66 is a roll of 2D6")
        elif part.dice is not None and self.roll.dice.sides != part.dice.sides:
            raise ValueError(f"{part} needs a roll of d{part.dice.sides}")
        elif part.explode or part.reroll is not None:
            _read_chains(part, self.roll.faces)
        elif self.roll.dice != part.dice:
            raise ValueError(f"{part} needs a roll of {part.dice}")

    @property
    def sign(self) -> int:
        """``1`` if the term was added, ``-1`` if subtracted."""
        return self.part.sign

    def _base(self) -> tuple[int, str]:
        # The term's value before its sign and factor, and its text without them.
        part = self.part
        roll = self.roll
        if self.group is not None:
            return self.group.total, f"({self.group.detail})"
        if roll is None:
            return part.number, str(part.number)
        faces = roll.faces
        if part.d66:
            value = 10 * faces[0] + faces[1]
            return value, f"{value}[{faces[0]},{faces[1]}]"
        if part.keep is not None:
            assert part.dice is not None
            kept, highest = part.keep.kept(part.dice.count)
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

    @property
    def value(self) -> int:
        """The signed value the term adds to the total."""
        return self.part.sign * self.part.factor * self._base()[0]

    @property
    def kept_faces(self) -> tuple[int, ...]:
        """The faces that count (the kept ones, the last of each reroll, all explosions).

        .. versionadded:: 0.2.0
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
        text = self._base()[1]
        factor = self.part.factor
        return text if factor == 1 else f"{text}*{factor}"


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

    .. versionadded:: 0.1.0
    """

    #: The sum that was rolled.
    #:
    #: .. versionadded:: 0.2.0
    expression: Expression
    #: The terms as rolled, one for each term of :attr:`expression`.
    parts: tuple[RolledPart, ...] = attrs.field(converter=_to_rolled_parts)

    def __attrs_post_init__(self) -> None:
        rolled = tuple(part.part for part in self.parts)
        if rolled != self.expression.parts:
            raise ValueError("the rolled terms must be those of the sum, in order")

    def __str__(self) -> str:
        return self.render()

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """The dice rolls, in order (subtracted ones included, groups left out)."""
        return tuple(part.roll for part in self.parts if part.roll is not None)

    def _detail_and_total(self) -> tuple[str, int]:
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
            elif kind == 0:
                value = part.number
                text = part._text  # pyright: ignore[reportPrivateUsage]
            else:
                value, text = rolled._base()  # pyright: ignore[reportPrivateUsage]
                if part.factor != 1:
                    value *= part.factor
                    text = f"{text}*{part.factor}"
            if part.sign < 0:
                total -= value
                texts.append(f"-{text}")
            else:
                total += value
                texts.append(f"+{text}" if texts else text)
        return "".join(texts), total

    @property
    def total(self) -> int:
        """The sum of the signed terms."""
        return self._detail_and_total()[1]

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

        .. versionadded:: 0.2.0
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

        .. versionadded:: 0.2.0
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
            filled = lines[locale] = (
                template("notation.sum", locale)
                .replace("{command}", body)
                .replace("{detail}", "{0}")
                .replace("{total}", "{1}")
            )
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
