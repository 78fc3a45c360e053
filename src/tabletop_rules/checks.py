"""The shared shape of every check's result.

A :class:`CheckResult` keeps every die and every modifier with where it came from, what the
total was compared against, and the :class:`Outcome`, and can explain itself in any shipped
locale:

>>> from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Term
>>> from tabletop_rules.dice import Dice, Roll
>>> result = CheckResult.judged(
...     rolls=(Roll(Dice(1, 20), (14,)),),
...     terms=(Term("身理", 3), Term("物防", 2), Term("半狼", 5)),
...     comparison=Comparison.AT_LEAST,
...     against=Difficulty(16),
... )
>>> result.total, result.success
(24, True)
>>> print(result.explain("zh-Hant"))
1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16 成功
>>> print(result.explain("en"))
1D20[14] +3 身理 +2 物防 +5 半狼 = 24 ≥ 16 Success

A term's label is a catalog key, rendered in each locale; text that is not a key (here the
players' own names for things) is shown as it is.

The sign between the total and what it is against is always true of the two numbers
(:func:`relation`): the rule's own sign when its comparison holds, its negation when it does
not, whatever outcome a system gave (a critical, a fumble):

>>> missed = CheckResult.judged(
...     rolls=(Roll(Dice(1, 20), (2,)),),
...     terms=(Term("m20.specialty.physique", 3), Term("m20.attribute.physical_defense", 2)),
...     against=Difficulty(16),
... )
>>> print(missed.explain("en"))
1D20[2] +3 Physique +2 Physical Defense = 7 < 16 Failure

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from tabletop_rules._arguments import checked, checked_whole, tupled
from tabletop_rules.dice import Roll
from tabletop_rules.i18n import translate

__all__ = [
    "CheckResult",
    "Comparison",
    "Difficulty",
    "Opposition",
    "Outcome",
    "Term",
    "relation",
]


class Outcome(enum.Enum):
    """How a check came out."""

    #: The total beat the difficulty or the opposition.
    SUCCESS = "success"
    #: It did not.
    FAILURE = "failure"
    #: A special success named by the system (bayside23's all-ones).
    CRITICAL = "critical"
    #: A special failure named by the system (bayside23's all-sixes).
    FUMBLE = "fumble"
    #: A success whatever the total (skirmish's natural 6+6).
    AUTOMATIC_SUCCESS = "automatic_success"
    #: A failure whatever the total (skirmish's natural 1+1).
    AUTOMATIC_FAILURE = "automatic_failure"

    @property
    def success(self) -> bool:
        """Whether this outcome counts as a success."""
        return self in _SUCCESSES  # a tuple: compared by identity, no hashing

    @property
    def label(self) -> str:
        """The catalog key of this outcome's name."""
        return f"outcome.{self.value}"


_SUCCESSES = (Outcome.SUCCESS, Outcome.CRITICAL, Outcome.AUTOMATIC_SUCCESS)
#: The outcomes a natural roll decides whatever the totals (the other side may not have rolled).
_NATURALS = (Outcome.AUTOMATIC_SUCCESS, Outcome.AUTOMATIC_FAILURE)


class Comparison(enum.Enum):
    """How a total is compared with what it is against; each means exactly what it says."""

    AT_LEAST = ">="
    GREATER = ">"
    AT_MOST = "<="
    LESS = "<"

    def holds(self, left: int, right: int) -> bool:
        """Whether ``left <op> right`` holds.

        >>> Comparison.GREATER.holds(7, 7)
        False
        """
        if self is Comparison.AT_LEAST:
            return left >= right
        if self is Comparison.GREATER:
            return left > right
        if self is Comparison.AT_MOST:
            return left <= right
        return left < right

    @property
    def symbol(self) -> str:
        """The sign as written in mathematics (``≥``, ``>``, ``≤`` or ``<``)."""
        return _SYMBOLS[self]


_SYMBOLS = {
    Comparison.AT_LEAST: "≥",
    Comparison.GREATER: ">",
    Comparison.AT_MOST: "≤",
    Comparison.LESS: "<",
}

#: The sign of each comparison's negation: what holds when the comparison does not.
_NEGATED = {
    Comparison.AT_LEAST: "<",
    Comparison.GREATER: "≤",
    Comparison.AT_MOST: ">",
    Comparison.LESS: "≥",
}


def relation(total: int, target: int, comparison: Comparison) -> str:
    """The sign to print between *total* and *target*: one that is true of the two numbers.

    Every explanation of a check shows its total, a sign and what the total was against;
    the sign is this one.
    It is the sign of *comparison* when the comparison holds, and the sign of its negation
    when it does not, so that a reader sees on which side of the rule the total fell and
    never a false statement, whatever outcome a system gave (a critical, a fumble, an
    automatic success):

    >>> from tabletop_rules.checks import Comparison, relation
    >>> relation(24, 16, Comparison.AT_LEAST), relation(7, 16, Comparison.AT_LEAST)
    ('≥', '<')
    >>> relation(9, 9, Comparison.GREATER), relation(9, 8, Comparison.AT_MOST)
    ('≤', '>')
    >>> relation(18, 3, Comparison.LESS)
    '≥'

    A system that writes its own explanation calls it with its total, its target and the
    comparison its rule makes (the roll-under systems compare with ``≤`` or ``<``).

    Args:
        total: The check's total.
        target: What it is compared with (a difficulty, an opposing total).
        comparison: The rule's comparison, ``total <comparison> target`` being a success.

    Raises:
        InvalidData: *total* or *target* is no ``int`` (path ``$.total`` or ``$.target``),
            or *comparison* no :class:`Comparison` (``$.comparison``).

    .. versionadded:: 0.1.0
    """
    checked_whole(total, "$.total")
    checked_whole(target, "$.target")
    checked(comparison, Comparison, "$.comparison", "checks.Comparison")
    return _relation(total, target, comparison)


def _relation(total: int, target: int, comparison: Comparison) -> str:
    """:func:`relation` of arguments known to be of the right types."""
    return _SYMBOLS[comparison] if comparison.holds(total, target) else _NEGATED[comparison]


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


@attrs.frozen
class Term:
    """One modifier of a check, with where it came from.

    >>> Term("outcome.critical", 3).explain("ja")
    '+3 クリティカル'
    >>> Term("Blessing", -1).explain("ja")
    '-1 Blessing'
    """

    #: A catalog key (an attribute, a specialty, a skill, a status), or a name a player gave.
    label: str
    #: The modifier, positive or negative.
    value: int

    def explain(self, locale: str) -> str:
        """The term as ``+3 label`` in *locale*."""
        return f"{_signed(self.value)} {translate(self.label, locale)}"


# Converters of the lists of every check result: free unless given what is no list (every
# check builds a result, so the items are left to the type checker).


def _to_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(terms, "$.terms", "list[checks.Term]")


def _to_parts(parts: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(parts, "$.parts", "list[checks.Term]")


def _to_rolls(rolls: Iterable[Roll]) -> tuple[Roll, ...]:
    return tupled(rolls, "$.rolls", "list[dice.Roll]")


def _sum(rolls: tuple[Roll, ...], terms: tuple[Term, ...]) -> int:
    # Plain loops: every check is judged with this, and generators cost more than the sum.
    total = 0
    for roll in rolls:
        total += sum(roll.faces)
    for term in terms:
        total += term.value
    return total


def _explain_sum(rolls: tuple[Roll, ...], terms: tuple[Term, ...], locale: str) -> str:
    parts = [f"{roll.dice}[{','.join(map(str, roll.faces))}]" for roll in rolls]
    parts.extend(term.explain(locale) for term in terms)
    return " ".join(parts)


@attrs.frozen
class Difficulty:
    """A fixed number to compare a total with, perhaps with a name (``困難``).

    A number computed from others keeps them as :attr:`parts`, so that an explanation shows
    them in the reader's language:

    >>> target = Difficulty(8, parts=(Term("Stubborn", 3), Term("Surgery", 13), Term("", -8)))
    >>> target.explain("en"), target.explain("ja")
    ('8 (Stubborn 3 + Surgery 13 − 8)', '8（Stubborn 3 + Surgery 13 − 8）')
    """

    #: The number.
    value: int
    #: A catalog key naming the difficulty, if it has a name.
    label: str | None = None
    #: The numbers it was computed from, each with a catalog key or a name as its label (an
    #: empty label for a bare number), if it was computed.
    parts: tuple[Term, ...] = attrs.field(default=(), converter=_to_parts, kw_only=True)

    def explain(self, locale: str) -> str:
        """The difficulty as ``16``, ``16 (Hard)`` or ``8 (feature 3 + skill 13 − 8)``."""
        if self.label is None and not self.parts:
            return str(self.value)
        named = None if self.label is None else translate(self.label, locale)
        if self.parts:
            parts = _parts(self.parts, locale)
            named = (
                parts
                if named is None
                else translate("check.difficulty_parts", locale, label=named, parts=parts)
            )
        return translate("check.difficulty_labeled", locale, value=self.value, label=named)


def _parts(parts: tuple[Term, ...], locale: str) -> str:
    """``feature 3 + skill 13 − 8``: each part's label and number, joined by its sign."""
    shown: list[str] = []
    for index, part in enumerate(parts):
        label = translate(part.label, locale) if part.label else ""
        number = abs(part.value) if index else part.value
        text = f"{label} {number}" if label else str(number)
        if index:
            text = f"{'+' if part.value >= 0 else '−'} {text}"
        shown.append(text)
    return " ".join(shown)


@attrs.frozen(kw_only=True)
class Opposition:
    """An opposing roll: another side's dice and modifiers."""

    #: The opposing dice.
    rolls: tuple[Roll, ...] = attrs.field(converter=_to_rolls)
    #: The opposing modifiers.
    terms: tuple[Term, ...] = attrs.field(default=(), converter=_to_terms)
    #: A catalog key naming the opposing check (``"m20.check.defense"``), if any.
    label: str | None = None

    @property
    def value(self) -> int:
        """The opposing total."""
        return _sum(self.rolls, self.terms)

    def explain(self, locale: str) -> str:
        """The opposing total with its dice and modifiers in *locale*."""
        return translate(
            "check.opposed",
            locale,
            value=self.value,
            detail=_explain_sum(self.rolls, self.terms, locale),
        )


@attrs.frozen(kw_only=True)
class CheckResult:
    """A resolved check: dice, modifiers, what it was compared with, and the outcome."""

    #: The dice rolled for the check.
    rolls: tuple[Roll, ...] = attrs.field(converter=_to_rolls)
    #: The modifiers, each with where it came from.
    terms: tuple[Term, ...] = attrs.field(default=(), converter=_to_terms)
    #: How the total is compared with :attr:`against`.
    comparison: Comparison = Comparison.AT_LEAST
    #: A difficulty, or an opposing roll.
    against: Difficulty | Opposition
    #: How the check came out; systems may set one the comparison alone would not give.
    outcome: Outcome
    #: A catalog key naming the check (``"m20.check.attack"``), if any.
    label: str | None = None

    @classmethod
    def judged(
        cls,
        *,
        rolls: Iterable[Roll],
        against: Difficulty | Opposition,
        terms: Iterable[Term] = (),
        comparison: Comparison = Comparison.AT_LEAST,
        label: str | None = None,
    ) -> CheckResult:
        """Build a result whose outcome is the plain comparison of the totals.

        Raises:
            InvalidData: *rolls* or *terms* is no list (path ``$.rolls`` or ``$.terms``).
        """
        rolls = _to_rolls(rolls)
        terms = _to_terms(terms)
        holds = comparison.holds(_sum(rolls, terms), against.value)
        outcome = Outcome.SUCCESS if holds else Outcome.FAILURE
        if cls is CheckResult:
            # The hot path of every system: the fields are converted already, so each is
            # set by its slot, without __init__'s converters.
            made = object.__new__(CheckResult)
            _set_rolls(made, rolls)
            _set_terms(made, terms)
            _set_comparison(made, comparison)
            _set_against(made, against)
            _set_outcome(made, outcome)
            _set_label(made, label)
            return made
        return cls(
            rolls=rolls,
            terms=terms,
            comparison=comparison,
            against=against,
            outcome=outcome,
            label=label,
        )

    @property
    def total(self) -> int:
        """The sum of the dice and the modifiers."""
        return _sum(self.rolls, self.terms)

    @property
    def success(self) -> bool:
        """Whether the check succeeded."""
        return self.outcome in _SUCCESSES  # Outcome.success, without the enum property

    def explain(self, locale: str = "en") -> str:
        """Explain the check in *locale*: every die, every term, the total and the outcome.

        >>> from tabletop_rules.dice import Dice, Roll
        >>> CheckResult.judged(
        ...     rolls=[Roll(Dice(2, 6), (3, 4))],
        ...     terms=[Term("Sword", 2)],
        ...     comparison=Comparison.GREATER,
        ...     against=Difficulty(9),
        ... ).explain("ja")
        '2D6[3,4] +2 Sword = 9 ≤ 9 失敗'

        The sign is :func:`relation`'s: true of the total and of what it is against, in
        every locale, whatever the outcome.
        Where a natural roll decided the check before the other side rolled (an automatic
        success or failure against an opposition that rolled no dice), no relation holds and
        none is printed, nor the opposing total:

        >>> from tabletop_rules.checks import Opposition, Outcome
        >>> CheckResult(
        ...     rolls=[Roll(Dice(2, 6), (6, 6))],
        ...     terms=[Term("Skill", -10)],
        ...     comparison=Comparison.GREATER,
        ...     against=Opposition(rolls=(), terms=[Term("Defense", 20)]),
        ...     outcome=Outcome.AUTOMATIC_SUCCESS,
        ... ).explain("en")
        '2D6[6,6] -10 Skill = 2 Automatic success'
        """
        total = self.total
        against = self.against
        outcome = translate(self.outcome.label, locale)
        if self.outcome in _NATURALS and type(against) is Opposition and not against.rolls:
            # A natural decided before the other side rolled: no relation to state.
            body = f"{_explain_sum(self.rolls, self.terms, locale)} = {total} {outcome}"
        else:
            body = (
                f"{_explain_sum(self.rolls, self.terms, locale)} = {total}"
                f" {_relation(total, against.value, self.comparison)} {against.explain(locale)}"
                f" {outcome}"
            )
        if self.label is None:
            return body
        return translate("check.labeled", locale, label=translate(self.label, locale), body=body)


# The slots of CheckResult's fields, set directly by CheckResult.judged.
_set_rolls, _set_terms, _set_comparison, _set_against, _set_outcome, _set_label = (
    vars(CheckResult)[field.name].__set__ for field in attrs.fields(CheckResult)
)
