"""The duel's check: 2D6 + a bonus against a target, with naturals, and its exact odds."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Final

import attrs

from tabletop_rules.checks import CheckResult, Difficulty, Outcome, Term
from tabletop_rules.dice import Dice, DiceSource
from tabletop_rules.odds import Distribution

__all__ = ["TWO_D6", "Check"]

#: The dice of every check.
TWO_D6: Final = Dice(2, 6)


def _terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tuple(terms)


@attrs.frozen(kw_only=True)
class Check:
    """2D6 + the terms against a target: success at or above it.

    A natural 2 (1+1) always fails and a natural 12 (6+6) always succeeds, whatever the
    total, which a sum of dice alone cannot say.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> check = Check(terms=[Term("duel.term.skill", 2)], target=9)
    >>> check.probability()
    Fraction(7, 12)
    >>> print(check.resolve(ScriptedDice([6, 6])).explain("en"))
    2D6[6,6] +2 Skill = 14 ≥ 9 Automatic success
    """

    #: The modifiers, each with where it comes from.
    terms: tuple[Term, ...] = attrs.field(default=(), converter=_terms)
    #: The number to reach.
    target: int

    @property
    def bonus(self) -> int:
        """The sum of the terms."""
        return sum(term.value for term in self.terms)

    def probability(self) -> Fraction:
        """The exact chance of success, naturals included."""
        need = self.target - self.bonus
        plain = Distribution.of(TWO_D6).probability(lambda total: 2 < total < 12 and total >= need)
        return plain + Fraction(1, 36)  # the natural 12

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll 2D6 and judge."""
        roll = dice.roll(TWO_D6)
        result = CheckResult.judged(rolls=[roll], terms=self.terms, against=Difficulty(self.target))
        if roll.faces == (1, 1):
            return attrs.evolve(result, outcome=Outcome.AUTOMATIC_FAILURE)
        if roll.faces == (6, 6):
            return attrs.evolve(result, outcome=Outcome.AUTOMATIC_SUCCESS)
        return result
