"""Skirmish checks: 2D6 + skl against 2D6 + def, the actor's naturals, and exact odds.

>>> from tabletop_rules.checks import Term
>>> check = Check(actor=(Term("skirmish.term.skl", 3),), defender=(Term("skirmish.term.def", 2),))
>>> check.probability()
Fraction(5, 9)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from fractions import Fraction
from typing import Final

import attrs

from tabletop_rules.arguments import checked, checked_whole, tupled, wrong_type
from tabletop_rules.checks import CheckResult, Comparison, Opposition, Outcome, Term
from tabletop_rules.dice import Dice, DiceSource, Roll
from tabletop_rules.errors import InvalidData
from tabletop_rules.odds import Distribution
from tabletop_rules.skirmish._cards import Card

__all__ = ["TWO_D6", "Check", "Rulings", "card_check", "natural"]

#: The dice of every check (SK-23, SK-24).
TWO_D6: Final = Dice(2, 6)
# Read at every check, once: an enum class's attribute is a slow lookup.
_FAILS: Final = Outcome.AUTOMATIC_FAILURE
_SUCCEEDS: Final = Outcome.AUTOMATIC_SUCCESS
_GREATER: Final = Comparison.GREATER
#: The labels of a check and of its opposing roll.
_ACTION: Final = "skirmish.check.action"
_DEFENSE: Final = "skirmish.check.defense"


@attrs.frozen(kw_only=True)
class Rulings:
    """The readings of the skirmish text that a table may choose otherwise.

    The defaults are the library's readings (``docs/rulings``).

    .. versionadded:: 0.1.0
    """

    #: SK-26, SK-28 — ``True``: the defender's natural 1+1 makes the action succeed and its
    #: natural 6+6 makes it fail (no AP change for the defender).
    defender_naturals: bool = False
    #: SK-06 — ``True``: the penalty counts the rows *between* actor and target (adjacent
    #: rows 0), instead of the row difference.
    rows_between: bool = False
    #: SK-14, SK-15, SK-18, SK-19 — ``True``: the once-a-turn limits and the exclusions are
    #: the player's, not each character's.
    limits_per_player: bool = False
    #: SK-17 — ``False``: a preparatory move may not enter the opponent's rows.
    enter_enemy_rows: bool = True
    #: SK-43 — ``False``: a repeated marker is ignored instead of keeping the longer duration.
    refresh_markers: bool = True
    #: SK-36 — the last turn (a turn is one player's); 24 reads "12 rounds of both players".
    last_turn: int = attrs.field(default=12, validator=attrs.validators.in_(range(1, 1000)))


def natural(roll: Roll) -> Outcome | None:
    """The outcome a natural roll decides at once: 1+1 fails, 6+6 succeeds (SK-26, SK-28).

    Raises:
        InvalidData: *roll* is no :class:`~tabletop_rules.dice.Roll` (path ``$.roll``).
    """
    try:  # free unless it raises: the check is on the slow path only
        faces = roll.faces
    except AttributeError:
        raise wrong_type("$.roll", "dice.Roll", roll) from None
    if faces == (1, 1):
        return _FAILS
    if faces == (6, 6):
        return _SUCCEEDS
    return None


# One converter per field, so that a refusal names its field. A game builds a check for every
# attack and every greedy choice: tupled() returns a tuple as it is.


def _actor_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(terms, "$.actor", "list[checks.Term]")


def _defender_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(terms, "$.defender", "list[checks.Term]")


@functools.lru_cache(maxsize=4096)  # a chat command may give any modifiers
def _odds(actor: int, defender: int, defender_naturals: bool) -> Fraction:
    two = Distribution.of(TWO_D6)
    total = two.total
    ways = two.count(12) * total  # the actor's 6+6 wins at once; its 1+1 loses
    for a, count_a in two.items():
        if a in (2, 12):
            continue
        for d, count_d in two.items():
            natural_d = defender_naturals and d in (2, 12)
            wins = d == 2 if natural_d else a + actor > d + defender
            if wins:
                ways += count_a * count_d
    return Fraction(ways, total * total)


@attrs.frozen(kw_only=True)
class Check:
    """An opposed check: the actor's 2D6 + terms against the defender's 2D6 + terms.

    The actor succeeds only with a strictly higher total (SK-25); its natural 1+1 fails and
    its natural 6+6 succeeds at once, and then the defender does not roll (SK-26, SK-28).

    .. versionadded:: 0.1.0
    """

    #: The actor's modifiers (skl, markers, distance, responses).
    actor: tuple[Term, ...] = attrs.field(converter=_actor_terms)
    #: The defender's modifiers (def, markers, responses).
    defender: tuple[Term, ...] = attrs.field(converter=_defender_terms)
    #: The readings.
    rulings: Rulings = attrs.field(factory=Rulings)

    @property
    def actor_bonus(self) -> int:
        """The sum of the actor's modifiers."""
        return sum(t.value for t in self.actor)

    @property
    def defender_bonus(self) -> int:
        """The sum of the defender's modifiers."""
        return sum(t.value for t in self.defender)

    def probability(self) -> Fraction:
        """The exact chance that the actor succeeds, the naturals included."""
        return _odds(self.actor_bonus, self.defender_bonus, self.rulings.defender_naturals)

    def judge(self, actor: Roll, defender: Roll | None) -> CheckResult:
        """The result of the given rolls (*defender* is ``None`` after an actor's natural).

        Raises:
            InvalidData: The defender's roll is missing, or given after a natural (path
                ``$.defender``).
        """
        decided = natural(actor)
        if (defender is None) != (decided is not None):
            raise InvalidData(
                "$.defender", "the defender rolls exactly when the actor's roll is not natural"
            )
        return self._judged(actor, defender, decided)

    def _judged(self, actor: Roll, defender: Roll | None, decided: Outcome | None) -> CheckResult:
        against = Opposition(
            rolls=() if defender is None else (defender,),
            terms=self.defender,
            label=_DEFENSE,
        )
        outcome = decided
        if outcome is None and defender is not None and self.rulings.defender_naturals:
            opposing = natural(defender)
            if opposing is not None:
                outcome = _SUCCEEDS if opposing is _FAILS else _FAILS
        if outcome is None:  # the plain comparison: the core's quick way to build the result
            return CheckResult.judged(
                rolls=(actor,),
                terms=self.actor,
                comparison=_GREATER,
                against=against,
                label=_ACTION,
            )
        return CheckResult(
            rolls=(actor,),
            terms=self.actor,
            comparison=_GREATER,
            against=against,
            outcome=outcome,
            label=_ACTION,
        )

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll the actor's 2D6, then (unless it is natural) the defender's, and judge."""
        actor = dice.roll(TWO_D6)
        decided = natural(actor)
        return self._judged(actor, None if decided is not None else dice.roll(TWO_D6), decided)


def card_check(
    actor: Card,
    target: Card,
    *,
    distance: int = 0,
    actor_bonus: int = 0,
    defender_bonus: int = 0,
    rulings: Rulings | None = None,
) -> Check:
    """The check of the card *actor* against the card *target*, outside a game.

    The actor adds its skl and takes −1 a row of *distance* (SK-06, SK-23), the target adds
    its def (SK-24); each side may add a modifier.

    >>> from tabletop_rules.skirmish import card_check, sample_cards
    >>> cards = sample_cards()
    >>> card_check(cards["ember_knight"], cards["wind_archer"], distance=1).probability()
    Fraction(5, 9)

    Raises:
        InvalidData: *actor* or *target* is no :class:`Card` (path ``$.actor`` or
            ``$.target``), or a number is no ``int`` (``$.<name>``).

    .. versionadded:: 0.1.0
    """
    checked(actor, Card, "$.actor", "skirmish.Card")
    checked(target, Card, "$.target", "skirmish.Card")
    mine = [Term("skirmish.term.skl", actor.skl)]
    theirs = [Term("skirmish.term.def", target.defense)]
    if checked_whole(distance, "$.distance"):
        mine.append(Term("skirmish.term.distance", -distance))
    if checked_whole(actor_bonus, "$.actor_bonus"):
        mine.append(Term("skirmish.term.modifier", actor_bonus))
    if checked_whole(defender_bonus, "$.defender_bonus"):
        theirs.append(Term("skirmish.term.modifier", defender_bonus))
    if rulings is None:
        rulings = Rulings()
    return Check(actor=mine, defender=theirs, rulings=checked(rulings, Rulings, "$.rulings"))
