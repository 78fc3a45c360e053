"""BCDice's pools that roll on: ``3R6>=5`` rerolls, ``5U10[8]`` upper dice, ``6TY6`` tallies."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from fractions import Fraction
from itertools import repeat

import attrs

from tabletop_rules._arguments import a_flag, an_instance, checked_source, wrong_type
from tabletop_rules._slots import slot_setter
from tabletop_rules.dice import (
    Dice,
    DiceSource,
    Roll,
    ScriptedDice,
    SeededDice,
    atomic,
    unchecked_roll,
)
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE
from tabletop_rules.notation._limits import CHAIN_DEPTH, check_value
from tabletop_rules.notation._modifiers import (
    Relation,
    check_target,
    dice_pools,
    optional_relation,
    pools_text,
    to_relation,
)
from tabletop_rules.notation._sums import (
    check_comment,
    decorate,
    finish,
    new_unchecked,
    pool_of,
    template,
)
from tabletop_rules.odds import Distribution

__all__ = [
    "TALLY_SIDES",
    "RerollCount",
    "RerollResult",
    "Tally",
    "TallyResult",
    "UpperResult",
    "UpperRoll",
    "modifier_text",
    "rerolls_forever",
]

#: The most sides of a tally's dice, as BCDice allows.
TALLY_SIDES = 20

_set = object.__setattr__


def rerolls_forever(relation: Relation, threshold: int, sides: int) -> bool:
    """Whether a reroll of dice of *sides* sides ``relation threshold`` rerolls every face.

    BCDice refuses such a roll (it would never end); so does the library.

    >>> rerolls_forever(Relation.AT_LEAST, 1, 6), rerolls_forever(Relation.AT_LEAST, 5, 6)
    (True, False)
    """
    if relation is Relation.AT_MOST:
        return threshold >= sides
    if relation is Relation.LESS:
        return threshold > sides
    if relation is Relation.AT_LEAST:
        return threshold <= 1
    if relation is Relation.GREATER:
        return threshold < 1
    if relation is Relation.NOT_EQUAL:
        return not 1 <= threshold <= sides
    return sides == 1 and threshold == 1


def _check_threshold(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise wrong_type(f"$.{attribute.name}", "int", value)


def _reroll_relation(value: object) -> Relation:
    return to_relation(value, "$.reroll_relation")


def _chain_successes(
    sides: int, passes: list[bool], rerolls: list[bool], depth: int
) -> dict[int, int]:
    """The ways, out of ``sides ** (depth + 1)``, that one die and its rerolls give k passes."""
    # The last die of a chain is never rerolled; each die before it, when it is, brings one.
    chain = {0: 0, 1: 0}
    for face in range(sides):
        chain[int(passes[face])] += 1
    for level in range(depth - 1, -1, -1):
        weight = sides ** (depth - level)
        made: dict[int, int] = {}
        for face in range(sides):
            hit = int(passes[face])
            if rerolls[face]:
                for k, ways in chain.items():
                    made[k + hit] = made.get(k + hit, 0) + ways
            else:
                made[hit] = made.get(hit, 0) + weight
        chain = made
    return {k: ways for k, ways in chain.items() if ways}


@attrs.frozen(kw_only=True)
class RerollCount:
    """BCDice's reroll roll: ``3R6>=5`` rerolls the dice that reach 5 and counts those that pass.

    Each die that reaches the reroll threshold brings one more die, in batches, as BCDice
    rolls them, and every die is counted (``成功数``).

    The threshold is written ``[5]``, ``[>=5]`` or ``@5``; it is the target when not given, and
    its comparison the target's (``>=`` without a target).
    Each die is rolled again at most ``CHAIN_DEPTH`` times, and the exact odds are for that rule.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> command = parse("3R6>=5")
    >>> print(command)
    3R6[5]>=5
    >>> print(command.roll(ScriptedDice([5, 6, 1, 5, 2, 1])).render("ja"))
    (3R6[5]>=5) ＞ 5,6,1 + 5,2 + 1 ＞ 成功数3
    >>> command.distribution().p_at_least(1)
    Fraction(19, 27)

    .. versionadded:: 0.1.0
    """

    #: The pools, rolled in order (``2R4+2R6``).
    dice: tuple[Dice, ...] = attrs.field(converter=dice_pools)
    #: The threshold a die is compared with to be rolled again.
    reroll_at: int = attrs.field(validator=_check_threshold)
    #: How a die is compared with :attr:`reroll_at`.
    reroll_relation: Relation = attrs.field(default=Relation.AT_LEAST, converter=_reroll_relation)
    #: How each die is compared with :attr:`target` to count, or ``None`` to count nothing.
    relation: Relation | None = attrs.field(default=None, converter=optional_relation)
    #: The number each die is compared with (when :attr:`relation` is given).
    target: int | None = attrs.field(default=None, validator=check_target)
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        if (self.relation is None) != (self.target is None):
            raise InvalidData("$.target", "a relation needs a target, and a target a relation")
        for pool in self.dice:
            if rerolls_forever(self.reroll_relation, self.reroll_at, pool.sides):
                raise InvalidData(
                    "$.reroll_at",
                    f"{self.reroll_relation.value}{self.reroll_at} rerolls every face of a "
                    f"d{pool.sides}",
                )
        check_value(self)

    @functools.cached_property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment, as BCDice shows it."""
        shown_relation = "" if self.reroll_relation is self.relation else self.reroll_relation.value
        text = f"{pools_text(self.dice, 'R')}[{shown_relation}{self.reroll_at}]"
        if self.relation is not None:
            text += f"{self.relation.value}{self.target}"
        return text

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """How many dice one roll rolls at least."""
        return sum(pool.count for pool in self.dice)

    @property
    def worst_rolls(self) -> int:
        """The most dice one roll may take, every reroll at its cap included."""
        return self.dice_count * (CHAIN_DEPTH + 1)

    def odds_work(self) -> int:
        """The estimated work of the exact odds."""
        depth = CHAIN_DEPTH + 1
        count = self.dice_count
        return sum(pool.sides * depth * depth for pool in self.dice) + (count * depth) ** 2

    def passes(self, face: int) -> bool:
        """Whether a die showing *face* counts."""
        if self.relation is None or self.target is None:
            return False
        return self.relation.holds(face, self.target)

    def rerolls(self, face: int) -> bool:
        """Whether a die showing *face* is rolled again (below the cap)."""
        return self.reroll_relation.holds(face, self.reroll_at)

    def distribution(self) -> Distribution:
        """The distribution of the number of dice that pass."""
        total: Distribution | None = None
        for pool in self.dice:
            faces = range(1, pool.sides + 1)
            chain = _chain_successes(
                pool.sides,
                [self.passes(face) for face in faces],
                [self.rerolls(face) for face in faces],
                CHAIN_DEPTH,
            )
            counted = Distribution.from_counts(chain).repeat(pool.count)
            total = counted if total is None else total + counted
        assert total is not None
        return total

    def roll(self, dice: DiceSource) -> RerollResult:
        """Roll the pools, then each batch of rerolls, in BCDice's order (all or nothing)."""
        if isinstance(dice, ScriptedDice):
            with atomic(dice) as rolling:
                batches = self._batches(rolling)
        else:
            try:  # free unless it raises: the check of the dice is on the slow path only
                batches = self._batches(dice)
            except AttributeError:
                checked_source(dice)
                raise
        made = object.__new__(RerollResult)  # valid by construction: skip the checks
        _set_reroll_command(made, self)
        _set_batches(made, batches)
        return made

    def _batches(self, dice: DiceSource) -> tuple[Roll, ...]:
        compare, threshold = self.reroll_relation.compare, self.reroll_at
        queue = [(pool, 0) for pool in self.dice]
        batches: list[Roll] = []
        for pool, depth in queue:  # the queue grows as dice are rolled again
            roll = dice.roll(pool)
            batches.append(roll)
            if depth < CHAIN_DEPTH:
                again = sum(map(compare, roll.faces, repeat(threshold)))
                if again:
                    queue.append((pool_of(again, pool.sides), depth + 1))
        return tuple(batches)


@functools.lru_cache(maxsize=64)
def _single_rolls(sides: int) -> tuple[Roll, ...]:
    # One die of *sides* sides showing each face, at the face's index: a die that does not
    # roll on is one of these (rolls are values, and these are shared).
    one = pool_of(1, sides)
    return (Roll(one, [1]), *(Roll(one, [face]) for face in range(1, sides + 1)))


def _to_rolls(rolls: Iterable[Roll]) -> tuple[Roll, ...]:
    return tuple(rolls)


def _expected_batches(command: RerollCount, batches: tuple[Roll, ...]) -> list[Dice]:
    queue = [(pool, 0) for pool in command.dice]
    at = 0
    while at < len(queue) and at < len(batches):
        pool, depth = queue[at]
        again = sum(1 for face in batches[at].faces if command.rerolls(face))
        if again and depth < CHAIN_DEPTH:
            queue.append((Dice(again, pool.sides), depth + 1))
        at += 1
    return [pool for pool, _ in queue]


@attrs.frozen(kw_only=True)
class RerollResult:
    """A rolled reroll roll: each batch of dice as rolled, and the dice that pass.

    .. versionadded:: 0.1.0
    """

    #: The roll that was rolled.
    command: RerollCount = attrs.field(validator=an_instance(RerollCount, "notation.RerollCount"))
    #: Each batch as rolled: the pools, then the rerolls of each batch, in order.
    batches: tuple[Roll, ...] = attrs.field(converter=_to_rolls)

    def __attrs_post_init__(self) -> None:
        expected = _expected_batches(self.command, self.batches)
        if [roll.dice for roll in self.batches] != expected:
            raise ValueError(f"the batches are not those of {self.command.body}")

    def __str__(self) -> str:
        return self.render()

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face, batch after batch."""
        return tuple(face for roll in self.batches for face in roll.faces)

    @property
    def successes(self) -> int:
        """How many dice passed, rerolled ones included."""
        command = self.command
        if command.relation is None or command.target is None:
            return 0
        compare, target = command.relation.compare, command.target
        return sum([sum(map(compare, roll.faces, repeat(target))) for roll in self.batches])

    @property
    def total(self) -> int:
        """The number of successes (the same as :attr:`successes`)."""
        return self.successes

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark."""
        command = self.command
        texts: list[str] = []
        successes = 0
        if command.relation is None or command.target is None:
            for roll in self.batches:
                texts.append(",".join(map(str, roll.faces)))
        else:
            compare, target = command.relation.compare, command.target
            for roll in self.batches:
                faces = roll.faces
                texts.append(",".join(map(str, faces)))
                successes += sum(map(compare, faces, repeat(target)))
        return template("notation.count", locale).format(
            command=command.body, faces=" + ".join(texts), successes=successes
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``(3R6[5]>=5) ＞ 5,6,1 + 5,2 + 1 ＞ Successes: 3``, in *locale*."""
        command = self.command
        if command.secret or command.comment:
            return finish(
                self.line(locale), secret=command.secret, comment=command.comment, locale=locale
            )
        return self.line(locale)


def modifier_text(modifier: int) -> str:
    """A modifier as BCDice writes it after dice: ``+3``, ``-2``, nothing for 0."""
    if modifier == 0:
        return ""
    return f"+{modifier}" if modifier > 0 else str(modifier)


def _check_upper(_: object, __: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise wrong_type("$.upper_at", "int", value)
    if value < 2:
        raise InvalidData("$.upper_at", f"must be 2 or more (1 would roll forever), not {value}")


def _window(counts: list[int], low: int, high: int) -> list[int]:
    # counts convolved with one face from low to high (each once): a sliding window.
    width = high - low + 1
    out = [0] * (len(counts) + high)
    window = 0
    for i in range(len(out)):
        source = i - low
        if 0 <= source < len(counts):
            window += counts[source]
        gone = source - width
        if 0 <= gone < len(counts):
            window -= counts[gone]
        out[i] = window
    return out


def _upper_die(sides: int, threshold: int, depth: int) -> list[int]:
    """The ways, out of ``sides ** (depth + 1)``, that one upper die totals each value."""
    if threshold > sides:
        return [0, *([sides**depth] * sides)]
    total = [0]
    going = [1]  # the ways to have rolled on j times, by the sum so far
    for level in range(depth + 1):
        if level == depth:
            stop = _window(going, 1, sides)
        else:
            stop = [ways * sides ** (depth - level) for ways in _window(going, 1, threshold - 1)]
        if len(stop) > len(total):
            total.extend([0] * (len(stop) - len(total)))
        for value, ways in enumerate(stop):
            total[value] += ways
        if level < depth:
            going = _window(going, threshold, sides)
    return total


@attrs.frozen(kw_only=True)
class UpperRoll:
    """BCDice's upper dice: ``5U10[8]`` rolls on each die that shows 8 or more.

    Each die that shows the threshold or more is rolled again and its faces added up.

    Without a target it shows the highest die and the total (``最大/合計``), the modifier added
    to each; with one (``3U6[6]+1>=5``) it counts the dice whose total passes.
    The threshold is written ``[8]`` or ``@8``.
    Each die rolls on at most ``CHAIN_DEPTH`` times, and the exact odds are for that rule.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> command = parse("3U6[6]+1")
    >>> print(command.roll(ScriptedDice([6, 2, 3, 4])).render("ja"))
    (3U6[6]+1) ＞ 8[6,2],3,4+1 ＞ 9/16(最大/合計)
    >>> parse("1U6[6]>=7").distribution().p_equal(1)
    Fraction(1, 6)

    .. versionadded:: 0.1.0
    """

    #: The pools, rolled in order (``2U6+2U4``).
    dice: tuple[Dice, ...] = attrs.field(converter=dice_pools)
    #: A die showing this or more is rolled on (2 or more).
    upper_at: int = attrs.field(validator=_check_upper)
    #: The number added to each die's total (``+1``).
    modifier: int = attrs.field(default=0, validator=_check_threshold)
    #: How each die's total is compared with :attr:`target`, or ``None`` for the highest and
    #: the total.
    relation: Relation | None = attrs.field(default=None, converter=optional_relation)
    #: The number each die's total is compared with (when :attr:`relation` is given).
    target: int | None = attrs.field(default=None, validator=check_target)
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        if (self.relation is None) != (self.target is None):
            raise InvalidData("$.target", "a relation needs a target, and a target a relation")
        check_value(self)

    @functools.cached_property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment, as BCDice shows it."""
        text = f"{pools_text(self.dice, 'U')}[{self.upper_at}]{modifier_text(self.modifier)}"
        if self.relation is not None:
            text += f"{self.relation.value}{self.target}"
        return text

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """How many dice one roll rolls at least."""
        return sum(pool.count for pool in self.dice)

    @property
    def worst_rolls(self) -> int:
        """The most dice one roll may take, every die rolled on to its cap."""
        return self.dice_count * (CHAIN_DEPTH + 1)

    def odds_work(self) -> int:
        """The estimated work of the exact odds."""
        depth = CHAIN_DEPTH + 1
        work = sum(pool.sides * depth * depth * 2 for pool in self.dice)
        if self.relation is not None:
            return work + self.dice_count**2
        length = 1
        for pool in self.dice:
            die = pool.sides * depth
            for _ in range(pool.count):
                length += die - 1
                work += 2 * depth * length
        return work

    def _die(self, pool: Dice) -> Distribution:
        counts = _upper_die(pool.sides, self.upper_at, CHAIN_DEPTH)
        return Distribution.from_counts(dict(enumerate(counts))) + self.modifier

    def distribution(self) -> Distribution:
        """The number of dice that pass with a target; the total (modifier included) without."""
        total: Distribution | None = None
        for pool in self.dice:
            die = self._die(pool)
            if self.relation is None:
                part = die.repeat(pool.count)
            else:
                relation, target = self.relation, self.target
                assert target is not None
                ways = sum(count for value, count in die.items() if relation.holds(value, target))
                part = Distribution.bernoulli(Fraction(ways, die.total)).repeat(pool.count)
            total = part if total is None else total + part
        assert total is not None
        if self.relation is None:
            # The modifier is added once to the total, not once per die.
            total = total - self.modifier * (self.dice_count - 1)
        return total

    def highest_distribution(self) -> Distribution:
        """The distribution of the highest die's total, the modifier included."""
        dice = [
            (_upper_die(pool.sides, self.upper_at, CHAIN_DEPTH), pool.count) for pool in self.dice
        ]
        high = max(len(counts) for counts, _ in dice)
        # The ways that every die is at most each value, by the running sums of each die.
        at_most = [1] * high
        for counts, count in dice:
            running = 0
            for value in range(high):
                running += counts[value] if value < len(counts) else 0
                at_most[value] *= running**count
        ways = {
            value + self.modifier: at_most[value] - (at_most[value - 1] if value else 0)
            for value in range(high)
        }
        return Distribution.from_counts(ways)

    def roll(self, dice: DiceSource) -> UpperResult:
        """Roll each die and its chain, pool after pool (all or nothing)."""
        if isinstance(dice, ScriptedDice):
            with atomic(dice) as rolling:
                chains = self._chains(rolling)
        else:
            try:  # free unless it raises: the check of the dice is on the slow path only
                chains = self._chains(dice)
            except AttributeError:
                checked_source(dice)
                raise
        made = object.__new__(UpperResult)  # valid by construction: skip the checks
        _set_upper_command(made, self)
        _set_chains(made, chains)
        return made

    def _chains(self, dice: DiceSource) -> tuple[Roll, ...]:
        # Die after die, each with its chain: the faces read in the order they come. Seeded
        # dice are one stream, so a pool drawn at once reads the same as die after die: they
        # draw as many faces at once as are sure to be read (one for each die not yet rolled,
        # one for the chain rolling on). Other sources are asked for one die at a time.
        upper = self.upper_at
        pooled = type(dice) is SeededDice
        chains: list[Roll] = []
        for pool in self.dice:
            sides = pool.sides
            singles = _single_rolls(sides)
            left = pool.count
            going: list[int] = []  # the faces of the die rolling on
            while left or going:
                wanted = left + bool(going) if pooled else 1
                for face in dice.roll(pool_of(wanted, sides)).faces:
                    if not going:
                        left -= 1
                        if face < upper:
                            chains.append(singles[face])
                        else:
                            going = [face]
                        continue
                    going.append(face)
                    if face < upper or len(going) > CHAIN_DEPTH:
                        # Faces the source rolled: valid already.
                        chains.append(unchecked_roll(pool_of(len(going), sides), tuple(going)))
                        going = []
        return tuple(chains)


@attrs.frozen(kw_only=True)
class UpperResult:
    """A rolled upper roll: each die with the faces it rolled on.

    .. versionadded:: 0.1.0
    """

    #: The roll that was rolled.
    command: UpperRoll = attrs.field(validator=an_instance(UpperRoll, "notation.UpperRoll"))
    #: One roll for each die: its first face and each face it rolled on.
    chains: tuple[Roll, ...] = attrs.field(converter=_to_rolls)

    def __attrs_post_init__(self) -> None:
        sides = [pool.sides for pool in self.command.dice for _ in range(pool.count)]
        if [roll.dice.sides for roll in self.chains] != sides:
            raise ValueError(f"one chain for each die of {self.command.body}")
        upper = self.command.upper_at
        for roll in self.chains:
            faces = roll.faces
            last = len(faces) - 1
            stopped = last == CHAIN_DEPTH or faces[last] < upper
            if last > CHAIN_DEPTH or not stopped or any(face < upper for face in faces[:last]):
                raise ValueError(f"{roll} is not the chain of a die of {self.command.body}")

    def __str__(self) -> str:
        return self.render()

    @property
    def sums(self) -> tuple[int, ...]:
        """Each die's total, without the modifier."""
        return tuple([sum(roll.faces) for roll in self.chains])

    def _successes(self, sums: Iterable[int]) -> int:
        command = self.command
        if command.relation is None or command.target is None:
            return 0
        compare, target = command.relation.compare, command.target - command.modifier
        return sum(map(compare, sums, repeat(target)))

    @property
    def successes(self) -> int:
        """How many dice's totals (modifier included) pass; 0 without a target."""
        return self._successes(self.sums)

    @property
    def highest(self) -> int:
        """The highest die's total, the modifier included."""
        return max(self.sums) + self.command.modifier

    @property
    def total(self) -> int:
        """The number of successes with a target; else the dice's total plus the modifier."""
        if self.command.relation is not None:
            return self.successes
        return sum(self.sums) + self.command.modifier

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark."""
        command = self.command
        sums: list[int] = []
        texts: list[str] = []
        for roll in self.chains:
            faces = roll.faces
            if len(faces) == 1:
                sums.append(faces[0])
                texts.append(str(faces[0]))
            else:
                total = sum(faces)
                sums.append(total)
                texts.append(f"{total}[{','.join(map(str, faces))}]")
        dice = ",".join(texts) + modifier_text(command.modifier)
        if command.relation is not None:
            return template("notation.count", locale).format(
                command=command.body, faces=dice, successes=self._successes(sums)
            )
        return template("notation.upper", locale).format(
            command=command.body,
            faces=dice,
            highest=max(sums) + command.modifier,
            total=sum(sums) + command.modifier,
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``(3U6[6]+1) ＞ 8[6,2],3,4+1 ＞ 9/16 (highest/total)``, in *locale*."""
        command = self.command
        if command.secret or command.comment:
            return finish(
                self.line(locale), secret=command.secret, comment=command.comment, locale=locale
            )
        return self.line(locale)


# The slots of the results that rolls build.
_set_reroll_command = slot_setter(RerollResult, "command")
_set_batches = slot_setter(RerollResult, "batches")
_set_upper_command = slot_setter(UpperResult, "command")
_set_chains = slot_setter(UpperResult, "chains")


def _check_tally(_: object, __: attrs.Attribute[Dice], value: object) -> None:
    if not isinstance(value, Dice):
        raise wrong_type("$.dice", "dice.Dice", value)
    if value.count < 1:
        raise InvalidData("$.dice", f"a tally needs at least 1 die, not {value}")
    if value.sides > TALLY_SIDES:
        raise InvalidData("$.dice", f"a tally's dice have at most {TALLY_SIDES} sides, not {value}")


@attrs.frozen(kw_only=True)
class Tally:
    """BCDice's tally: ``6TY6`` rolls 6d6 and counts how many dice show each face.

    ``6TZ6`` lists the faces no die shows too (``×0``).

    >>> from tabletop_rules.dice import ScriptedDice
    >>> print(parse("6TY6").roll(ScriptedDice([1, 2, 2, 3, 6, 6])).render())
    (6TY6) ＞ 1,2,2,3,6,6 ＞ [1]×1, [2]×2, [3]×1, [6]×2

    .. versionadded:: 0.1.0
    """

    #: The dice (at most 20 sides, as BCDice allows).
    dice: Dice = attrs.field(validator=_check_tally)
    #: Whether faces not shown are listed too (``TZ``) or left out (``TY``).
    zeros: bool = attrs.field(validator=a_flag)
    #: Whether the roll is secret.
    secret: bool = attrs.field(default=False, validator=a_flag)
    #: The text after the command, or ``""``.
    comment: str = attrs.field(default="", validator=check_comment)

    def __attrs_post_init__(self) -> None:
        check_value(self)

    @property
    def body(self) -> str:
        """The canonical text without ``S`` and the comment."""
        return f"{self.dice.count}T{'Z' if self.zeros else 'Y'}{self.dice.sides}"

    def __str__(self) -> str:
        return decorate(self.body, self.secret, self.comment)

    @property
    def dice_count(self) -> int:
        """How many dice one roll rolls."""
        return self.dice.count

    @property
    def worst_rolls(self) -> int:
        """The most dice one roll rolls (the same as :attr:`dice_count`)."""
        return self.dice.count

    def odds_work(self) -> int:
        """The estimated work of the exact odds: small."""
        return self.dice.count * 4

    def distribution(self) -> Distribution:
        """How many dice show one given face (the same for every face): binomial.

        >>> parse("6TY6").distribution().p_equal(0)
        Fraction(15625, 46656)
        """
        return Distribution.bernoulli(Fraction(1, self.dice.sides)).repeat(self.dice.count)

    def roll(self, dice: DiceSource) -> TallyResult:
        """Roll the dice with *dice*."""
        try:  # free unless it raises: the check of the dice is on the slow path only
            roll = dice.roll(self.dice)
        except AttributeError:
            checked_source(dice)
            raise
        return new_unchecked(TallyResult, command=self, roll=roll)  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class TallyResult:
    """A rolled tally: the faces, and how many dice showed each.

    .. versionadded:: 0.1.0
    """

    #: The tally that was rolled.
    command: Tally = attrs.field(validator=an_instance(Tally, "notation.Tally"))
    #: The faces.
    roll: Roll

    def __attrs_post_init__(self) -> None:
        if self.roll.dice != self.command.dice:
            raise ValueError(f"the roll must be of {self.command.dice}")

    def __str__(self) -> str:
        return self.render()

    @property
    def counts(self) -> tuple[int, ...]:
        """How many dice showed each face, from 1 to the sides."""
        found = [0] * self.command.dice.sides
        for face in self.roll.faces:
            found[face - 1] += 1
        return tuple(found)

    def line(self, locale: str) -> str:
        """The BCDice-style line without the comment and the secret mark."""
        command = self.command
        tally = ", ".join(
            f"[{face}]×{count}"
            for face, count in enumerate(self.counts, 1)
            if count or command.zeros
        )
        return template("notation.tally", locale).format(
            command=command.body, faces=",".join(map(str, self.roll.faces)), tally=tally
        )

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``(6TY6) ＞ 1,2,2,3,6,6 ＞ [1]×1, [2]×2, [3]×1, [6]×2``."""
        command = self.command
        return finish(
            self.line(locale), secret=command.secret, comment=command.comment, locale=locale
        )
