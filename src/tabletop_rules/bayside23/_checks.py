"""bayside23 checks: roll-under hit checks with criticals and fumbles, damage, action checks.

Every check has an exact :meth:`probability` computed with
:class:`~tabletop_rules.odds.Distribution`, never simulated.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
import functools
import itertools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final, Literal

import attrs

from tabletop_rules.bayside23._character import Attribute, Character
from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Opposition, Outcome, Term
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic
from tabletop_rules.errors import InvalidCheck, InvalidData
from tabletop_rules.i18n import translate
from tabletop_rules.kit import checked, checked_items, checked_text, checked_whole, tupled
from tabletop_rules.odds import Distribution

__all__ = [
    "HIT_DICE",
    "ActionCheck",
    "DamageRoll",
    "HitCheck",
    "HitKind",
    "InitiativeCheck",
    "InitiativeResult",
    "Rulings",
    "character_check",
    "hit_outcome",
    "special",
]

#: The dice of a hit check (BAY-21, BAY-24, BAY-27).
HIT_DICE = Dice(3, 6)
#: The dice of an action check (BAY-37).
ACTION_DICE = Dice(2, 6)
#: The die of initiative (BAY-18).
INITIATIVE_DIE = Dice(1, 6)
#: The damage of a critical (BAY-29).
CRITICAL_DAMAGE = 3
#: The most dice a damage roll may have (a limit against abusive input).
MAX_DAMAGE_DICE = 10


@attrs.frozen(kw_only=True)
class Rulings:
    """The readings of bayside23 that a table may choose otherwise.

    The defaults are the library's (see the rulings page of the docs).

    .. versionadded:: 0.1.0
    """

    #: Initiative adds the raw 敏捷性 score instead of its modifier (BAY-18, BAY-19).
    initiative_raw_score: bool = False
    #: A hit check whose totals tie hits instead of missing (BAY-21, BAY-24, BAY-27).
    tie_hits: bool = False
    #: A ranged damage die showing 6 deals exactly 1 too (BAY-28).
    ranged_six_is_one: bool = False
    #: Which hit rolls are criticals and fumbles, every die alike (``"all"``) or any two
    #: dice showing 1 or 6 (``"any_two"``) (BAY-29, BAY-31).
    specials: Literal["all", "any_two"] = "all"
    #: A defender's critical makes the attack miss and deals 3 to the attacker, and a
    #: defender's fumble makes it fall (BAY-30); without it only the attacker's roll counts.
    defender_specials: bool = False


class HitKind(enum.Enum):
    """The three kinds of hit check, each with its attribute (BAY-21, BAY-24, BAY-27).

    .. versionadded:: 0.1.0
    """

    #: A weapon (直接攻撃), with 体力.
    WEAPON = "weapon"
    #: A spell (魔法), with 精神力.
    MAGIC = "magic"
    #: A bow or a gun (遠隔攻撃), with 敏捷性.
    RANGED = "ranged"

    @property
    def attribute(self) -> Attribute:
        """The attribute both sides roll with."""
        return _KIND_ATTRIBUTES[self]

    @property
    def label(self) -> str:
        """The catalog key of the check's name."""
        return f"bayside23.check.{self.value}"


_KIND_ATTRIBUTES = {
    HitKind.WEAPON: Attribute.STRENGTH,
    HitKind.MAGIC: Attribute.MIND,
    HitKind.RANGED: Attribute.AGILITY,
}


def special(faces: Iterable[int], rulings: Rulings = Rulings()) -> Outcome | None:
    """The critical or fumble that hit-check *faces* show, or ``None`` (BAY-29, BAY-31).

    >>> from tabletop_rules.bayside23 import Rulings, special
    >>> special((1, 1, 1)), special((6, 6, 6)), special((1, 1, 2))
    (<Outcome.CRITICAL: 'critical'>, <Outcome.FUMBLE: 'fumble'>, None)
    >>> special((1, 1, 2), Rulings(specials="any_two"))
    <Outcome.CRITICAL: 'critical'>

    With three dice at most one of the two can show, whichever reading is taken.

    Raises:
        InvalidData: *faces* is no list of ``int`` (path ``$.faces``), or *rulings* no
            :class:`Rulings` (``$.rulings``).

    .. versionadded:: 0.1.0
    """
    listed = checked_items(faces, int, "$.faces")
    return unchecked_special(listed, checked(rulings, Rulings, "$.rulings", "bayside23.Rulings"))


def unchecked_special(faces: tuple[int, ...], rulings: Rulings) -> Outcome | None:
    """:func:`special` of arguments known to be of the right types (the rules' own)."""
    needed = len(faces) if rulings.specials == "all" else min(2, len(faces))
    if faces.count(1) >= needed:
        return Outcome.CRITICAL
    if faces.count(6) >= needed:
        return Outcome.FUMBLE
    return None


# One converter per field, so that a refusal names its field. Battles build these checks
# for every attack and turn: tupled() returns a tuple as it is.


def _to_attack(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(terms, "$.attack", "list[checks.Term]")


def _to_defense(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(terms, "$.defense", "list[checks.Term]")


def _to_mine(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(terms, "$.mine", "list[checks.Term]")


def _to_theirs(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tupled(terms, "$.theirs", "list[checks.Term]")


@functools.cache
def _hit_classes(specials: str) -> tuple[int, int, Distribution, Distribution]:
    # Every 3d6 face combination, split into criticals, fumbles and the rest: (criticals,
    # fumbles, the totals of the plain rolls, the totals of every roll but the criticals).
    rulings = Rulings(specials="all" if specials == "all" else "any_two")
    criticals = fumbles = 0
    plain: dict[int, int] = {}
    not_critical: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=HIT_DICE.count):
        found = unchecked_special(faces, rulings)
        total = sum(faces)
        if found is Outcome.CRITICAL:
            criticals += 1
            continue
        not_critical[total] = not_critical.get(total, 0) + 1
        if found is Outcome.FUMBLE:
            fumbles += 1
        else:
            plain[total] = plain.get(total, 0) + 1
    return (
        criticals,
        fumbles,
        Distribution.from_counts(plain),
        Distribution.from_counts(not_critical),
    )


def hit_outcome(
    attack: Roll, attack_total: int, defense: Roll, defense_total: int, rulings: Rulings
) -> Outcome:
    """The outcome of a hit check from both rolls and totals (BAY-21 to BAY-31).

    The attacker's critical or fumble decides first; then, with
    :attr:`Rulings.defender_specials`, a defender's critical makes the attack miss; then the
    lower total hits, a tie missing unless :attr:`Rulings.tie_hits`.

    Raises:
        InvalidData: An argument of the wrong type, at ``$.<argument>``.

    .. versionadded:: 0.1.0
    """
    checked(attack, Roll, "$.attack", "dice.Roll")
    checked_whole(attack_total, "$.attack_total")
    checked(defense, Roll, "$.defense", "dice.Roll")
    checked_whole(defense_total, "$.defense_total")
    checked(rulings, Rulings, "$.rulings", "bayside23.Rulings")
    return _hit_outcome(attack, attack_total, defense, defense_total, rulings)


def _hit_outcome(
    attack: Roll, attack_total: int, defense: Roll, defense_total: int, rulings: Rulings
) -> Outcome:
    found = unchecked_special(attack.faces, rulings)
    if found is not None:
        return found
    if rulings.defender_specials and unchecked_special(defense.faces, rulings) is Outcome.CRITICAL:
        return Outcome.FAILURE
    comparison = Comparison.AT_MOST if rulings.tie_hits else Comparison.LESS
    return Outcome.SUCCESS if comparison.holds(attack_total, defense_total) else Outcome.FAILURE


@attrs.frozen(kw_only=True)
class HitCheck:
    """A hit check: both sides roll 3d6 + modifier, and the lower total hits (BAY-21).

    All dice showing 1 is a critical and all showing 6 a fumble, whatever the totals
    (BAY-29, BAY-31):

    >>> from tabletop_rules import ScriptedDice, Term
    >>> from tabletop_rules.bayside23 import HitCheck
    >>> check = HitCheck(
    ...     attack=[Term("bayside23.attribute.strength", -2)],
    ...     defense=[Term("bayside23.attribute.strength", 0)],
    ... )
    >>> check.probability()
    Fraction(29711, 46656)
    >>> print(check.resolve(ScriptedDice([3, 4, 2, 5, 5, 1])).explain("ja"))
    命中判定（武器）：3D6[3,4,2] -2 体力 = 7 < 11（3D6[5,5,1] +0 体力） 成功
    >>> print(check.resolve(ScriptedDice([1, 1, 1, 6, 6, 6])).explain("ja"))
    命中判定（武器）：3D6[1,1,1] -2 体力 = 1 < 18（3D6[6,6,6] +0 体力） クリティカル

    .. versionadded:: 0.1.0
    """

    #: The attacker's modifiers.
    attack: tuple[Term, ...] = attrs.field(default=(), converter=_to_attack)
    #: The defender's modifiers.
    defense: tuple[Term, ...] = attrs.field(default=(), converter=_to_defense)
    #: The kind of attack (its label names the check).
    kind: HitKind = HitKind.WEAPON
    #: The readings in force.
    rulings: Rulings = Rulings()

    @classmethod
    def of(
        cls, attacker: Character, defender: Character, kind: HitKind, rulings: Rulings = Rulings()
    ) -> HitCheck:
        """The hit check of *attacker* on *defender*, each with the kind's modifier.

        Raises:
            InvalidData: An argument of the wrong type, at ``$.<argument>``.
        """
        checked(attacker, Character, "$.attacker", "bayside23.Character")
        checked(defender, Character, "$.defender", "bayside23.Character")
        attribute = checked(kind, HitKind, "$.kind", "bayside23.HitKind").attribute
        checked(rulings, Rulings, "$.rulings", "bayside23.Rulings")
        return cls(
            attack=(Term(attribute.label, attacker.modifier(attribute)),),
            defense=(Term(attribute.label, defender.modifier(attribute)),),
            kind=kind,
            rulings=rulings,
        )

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll the attacker's 3d6, then the defender's, and judge."""
        with atomic(dice) as rolling:
            attack = rolling.roll(HIT_DICE)
            defense = rolling.roll(HIT_DICE)
        return self.judge(attack, defense)

    def judge(self, attack: Roll, defense: Roll) -> CheckResult:
        """The result of the check with these rolls."""
        opposition = Opposition(rolls=(defense,), terms=self.defense)
        total = attack.total + sum(term.value for term in self.attack)
        return CheckResult(
            rolls=(attack,),
            terms=self.attack,
            comparison=Comparison.AT_MOST if self.rulings.tie_hits else Comparison.LESS,
            against=opposition,
            outcome=_hit_outcome(attack, total, defense, opposition.value, self.rulings),
            label=self.kind.label,
        )

    def probability(self) -> Fraction:
        """The exact chance that the attack hits (a critical counts as a hit)."""
        return self.chances()[Outcome.SUCCESS] + self.chances()[Outcome.CRITICAL]

    def chances(self) -> dict[Outcome, Fraction]:
        """The exact chance of each outcome: critical, fumble, success and failure."""
        criticals, fumbles, plain, not_critical = _hit_classes(self.rulings.specials)
        ways = HIT_DICE.sides**HIT_DICE.count
        attack = plain + sum(term.value for term in self.attack)
        defending = not_critical if self.rulings.defender_specials else _all_totals()
        defense = defending + sum(term.value for term in self.defense)
        share = Fraction(defending.total, ways)
        hit = attack.p_at_most(defense) if self.rulings.tie_hits else attack.p_less(defense)
        plain_share = Fraction(plain.total, ways)
        success = plain_share * share * hit
        critical = Fraction(criticals, ways)
        fumble = Fraction(fumbles, ways)
        return {
            Outcome.CRITICAL: critical,
            Outcome.FUMBLE: fumble,
            Outcome.SUCCESS: success,
            Outcome.FAILURE: 1 - critical - fumble - success,
        }


@functools.cache
def _all_totals() -> Distribution:
    return Distribution.of(HIT_DICE)


def _check_dice(_: object, __: attrs.Attribute[Dice], value: object) -> None:
    if not isinstance(value, Dice) or value.count > MAX_DAMAGE_DICE or value.count < 1:
        raise InvalidCheck("bayside23.error.damage_dice", dice=str(value), most=MAX_DAMAGE_DICE)


@attrs.frozen(kw_only=True)
class DamageRoll:
    """A damage or healing roll: the die, the bonus, what reduces it (BAY-22, BAY-25, BAY-28).

    Damage is never below 0; when :attr:`six_is_one` holds, a die showing 6 makes the damage
    exactly 1 (BAY-23, BAY-26):

    >>> from tabletop_rules import Dice, Roll
    >>> from tabletop_rules.bayside23 import DamageRoll
    >>> roll = DamageRoll(dice=Dice(1, 6), bonus=1, reduction=2, six_is_one=True)
    >>> roll.damage(Roll(Dice(1, 6), (5,))), roll.damage(Roll(Dice(1, 6), (6,)))
    (4, 1)
    >>> roll.distribution().p_at_least(3)
    Fraction(1, 3)

    .. versionadded:: 0.1.0
    """

    #: The weapon's or spell's dice (``1D6``).
    dice: Dice = attrs.field(validator=_check_dice)
    #: The attribute's damage bonus (the modifier with its sign turned).
    bonus: int = 0
    #: 防御力 or 魔法防御力 (0 for a heal).
    reduction: int = 0
    #: Whether a die showing 6 deals exactly 1.
    six_is_one: bool = False

    def damage(self, roll: Roll) -> int:
        """The damage these faces deal."""
        if self.six_is_one and self.dice.sides >= 6 and 6 in roll.faces:
            return 1
        return max(0, roll.total + self.bonus - self.reduction)

    def resolve(self, dice: DiceSource) -> tuple[Roll, int]:
        """Roll the dice: the roll and the damage."""
        roll = dice.roll(self.dice)
        return roll, self.damage(roll)

    def distribution(self) -> Distribution:
        """The exact distribution of the damage."""
        count, sides = self.dice.count, self.dice.sides
        shift = self.bonus - self.reduction
        if not (self.six_is_one and sides >= 6):
            return (Distribution.of(self.dice) + shift).map(lambda v: max(0, v))
        # Rolls with no 6 are dice of five faces; every other roll deals 1.
        without = (Distribution.of(Dice(count, sides - 1)) + shift).map(lambda v: max(0, v))
        counts: dict[int, int] = dict(without.items())
        # The dice of *sides - 1* faces do not all stand for the same faces when sides > 6.
        if sides > 6:
            counts = {}
            for faces in itertools.product(range(1, sides + 1), repeat=count):
                if 6 not in faces:
                    value = max(0, sum(faces) + shift)
                    counts[value] = counts.get(value, 0) + 1
        counts[1] = counts.get(1, 0) + sides**count - (sides - 1) ** count
        return Distribution.from_counts(counts)


#: The catalog key of the feature term when no feature is named (a chat command's ``F``).
FEATURE_TERM: Final = "bayside23.term.feature"
#: The catalog key of the skill term when no skill is named (a chat command's ``S``).
SKILL_TERM: Final = "bayside23.term.skill"
_NO_FEATURE: Final = Term(FEATURE_TERM, 0)
_NO_SKILL: Final = Term(SKILL_TERM, 0)


#: The largest difficulty of an action check, either way: as large as JSON reads a number
#: (``serialization.MAX_INTEGER``), so that every check reads back.
_MOST_DIFFICULT: Final = 10**18 - 1


def _a_difficulty(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if abs(checked_whole(value, f"$.{attribute.name}")) > _MOST_DIFFICULT:
        raise InvalidData(f"$.{attribute.name}", f"at most {_MOST_DIFFICULT} either way")


@attrs.frozen(kw_only=True)
class ActionCheck:
    """An action check: 2D6 at or under feature + skill − difficulty succeeds (BAY-34 to 37).

    The text's example (BAY-39): 頑固 3 + 外科手術 13 − 8 = 8.

    >>> from tabletop_rules import ScriptedDice, Term
    >>> from tabletop_rules.bayside23 import ActionCheck
    >>> check = ActionCheck(feature=Term("頑固", 3), skill=Term("外科手術", 13), difficulty=8)
    >>> check.target, check.probability()
    (8, Fraction(13, 18))
    >>> print(check.resolve(ScriptedDice([2, 4])).explain("ja"))
    行動判定：2D6[2,4] = 6 ≤ 8（頑固 3 + 外科手術 13 − 8） 成功

    .. versionadded:: 0.1.0
    """

    #: The feature used, with its value.
    feature: Term = _NO_FEATURE
    #: The skill used, with its value.
    skill: Term = _NO_SKILL
    #: The difficulty: a whole number, at most 10**18 − 1 either way (as JSON reads one).
    difficulty: int = attrs.field(default=0, validator=_a_difficulty)

    @classmethod
    def of(cls, character: Character, skill: str | None, difficulty: int) -> ActionCheck:
        """*character*'s check with its feature and the skill called *skill* (or none).

        Raises:
            InvalidCheck: *character* has no skill called *skill*.
            InvalidData: An argument of the wrong type, at ``$.<argument>``.
        """
        character = checked(character, Character, "$.character", "bayside23.Character")
        if skill is not None:
            checked_text(skill, "$.skill")
        checked_whole(difficulty, "$.difficulty")
        feature = Term(character.feature.name, character.feature.value)
        if skill is None:
            return cls(feature=feature, difficulty=difficulty)
        found = character.skill(skill)
        return cls(feature=feature, skill=Term(found.name, found.value), difficulty=difficulty)

    @property
    def target(self) -> int:
        """The target (目標値), feature + skill − difficulty."""
        return self.feature.value + self.skill.value - self.difficulty

    def against(self) -> Difficulty:
        """The target with how it was computed, as the difficulty the roll is compared with."""
        parts: tuple[Term, ...] = (self.feature, self.skill)
        if self.difficulty:
            parts += (Term("", -self.difficulty),)
        return Difficulty(self.target, parts=parts)

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll 2D6 and compare with the target."""
        return self.judge(dice.roll(ACTION_DICE))

    def judge(self, roll: Roll) -> CheckResult:
        """The result of the check with this roll."""
        return CheckResult.judged(
            rolls=(roll,),
            comparison=Comparison.AT_MOST,
            against=self.against(),
            label="bayside23.check.action",
        )

    def probability(self) -> Fraction:
        """The exact chance of success."""
        return Distribution.of(ACTION_DICE).p_at_most(self.target)


_INITIATIVE: Final = "bayside23.check.initiative"
_INITIATIVE_TIED: Final = "bayside23.check.initiative_tied"


def _initiative_round(mine: Roll, theirs: Roll, check: InitiativeCheck) -> CheckResult:
    result = CheckResult.judged(
        rolls=(mine,),
        terms=check.mine,
        comparison=Comparison.LESS,
        against=Opposition(rolls=(theirs,), terms=check.theirs),
        label=_INITIATIVE,
    )
    if result.total == result.against.value:
        return attrs.evolve(result, label=_INITIATIVE_TIED)
    return result


@attrs.frozen(kw_only=True)
class InitiativeResult(CheckResult):
    """An initiative roll that went first or second, with the tied rounds before it (BAY-18).

    The result itself is the round that decided; :attr:`ties` holds every earlier round, each a
    tie that both sides rolled again, with its dice.

    .. versionadded:: 0.1.0
    """

    #: The tied rounds, in the order rolled, before the deciding one.
    ties: tuple[CheckResult, ...] = ()

    def explain(self, locale: str = "en") -> str:
        """Each tied round on a line of its own (``3（…） = 3（…）``), then the deciding round."""
        lines = [
            translate(
                "check.labeled",
                locale,
                label=translate(_INITIATIVE_TIED, locale),
                body=(
                    f"{Opposition(rolls=tie.rolls, terms=tie.terms).explain(locale)}"
                    f" = {tie.against.explain(locale)}"
                ),
            )
            for tie in self.ties
        ]
        lines.append(super().explain(locale))
        return "\n".join(lines)


@attrs.frozen(kw_only=True)
class InitiativeCheck:
    """One initiative roll against another: 1D6 + modifier each, lower acts first (BAY-18).

    A tie is neither first: both roll again, as often as it takes, and every round is kept in
    the result (DESIGN's reading of BAY-18), so :meth:`probability` is the chance of going
    first in the end.

    >>> from tabletop_rules import ScriptedDice, Term
    >>> from tabletop_rules.bayside23 import InitiativeCheck
    >>> check = InitiativeCheck(mine=[Term("敏捷", 1)], theirs=[Term("敏捷", 0)])
    >>> check.probability()
    Fraction(10, 31)
    >>> print(check.resolve(ScriptedDice([3, 4, 1, 6])).explain("en"))
    Initiative (tied: roll again): 4 (1D6[3] +1 敏捷) = 4 (1D6[4] +0 敏捷)
    Initiative: 1D6[1] +1 敏捷 = 2 < 6 (1D6[6] +0 敏捷) Success

    .. versionadded:: 0.1.0
    """

    #: The roller's modifiers.
    mine: tuple[Term, ...] = attrs.field(default=(), converter=_to_mine)
    #: The other side's modifiers.
    theirs: tuple[Term, ...] = attrs.field(default=(), converter=_to_theirs)

    def resolve(self, dice: DiceSource) -> InitiativeResult:
        """Roll both dice, and again while they tie: success when the roller's total is lower.

        Raises:
            DiceExhausted: *dice* ran out before the tie was broken; nothing was drawn.
        """
        ties: list[CheckResult] = []
        with atomic(dice) as rolling:
            while True:
                result = _initiative_round(
                    rolling.roll(INITIATIVE_DIE), rolling.roll(INITIATIVE_DIE), self
                )
                if result.label != _INITIATIVE_TIED:
                    break
                ties.append(result)
        return InitiativeResult(
            rolls=result.rolls,
            terms=result.terms,
            comparison=result.comparison,
            against=result.against,
            outcome=result.outcome,
            label=result.label,
            ties=tuple(ties),
        )

    def probability(self) -> Fraction:
        """The exact chance of acting first, ties rolled again: P(lower) / P(not tied)."""
        mine = Distribution.of(INITIATIVE_DIE) + sum(term.value for term in self.mine)
        theirs = Distribution.of(INITIATIVE_DIE) + sum(term.value for term in self.theirs)
        first = mine.p_less(theirs)
        return first / (first + theirs.p_less(mine))


#: A difficulty a player types: a whole number of at most 6 digits, maybe signed.
_DIFFICULTY: Final = re.compile(r"[+\-]?[0-9]{1,6}")


def character_check(character: Character, words: Sequence[str]) -> ActionCheck:
    """The action check *character* makes, named in a player's words: ``[SKILL] DIFFICULTY``.

    The last word is the difficulty (full-width digits too); the words before it, if any,
    name one of the character's skills as its sheet writes it (joined by a space), else the
    check uses the feature alone (BAY-34).
    This is what a bot's ``.check`` asks for (``SYSTEM.character_check``).

    >>> from tabletop_rules import ScriptedDice
    >>> from tabletop_rules.bayside23 import EXAMPLE_SHEET, character_check, parse_sheet
    >>> mina = parse_sheet(EXAMPLE_SHEET)
    >>> check = character_check(mina, ["外科手術", "８"])
    >>> check.target, check.probability()
    (8, Fraction(13, 18))
    >>> character_check(mina, ["2"]).target
    1

    Raises:
        InvalidCheck: No words (``bayside23.error.check_words``), a last word that is no
            whole number (``bayside23.error.check_difficulty``), or a skill the character
            lacks (``bayside23.error.no_skill``).
        InvalidData: *character* is no bayside23 character (path ``$.character``), or
            *words* no list of texts (``$.words``).

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "bayside23.Character")
    listed = checked_items(words, str, "$.words")
    if not listed:
        raise InvalidCheck("bayside23.error.check_words", usage="[SKILL] DIFFICULTY")
    *skill, last = listed
    number = unicodedata.normalize("NFKC", last).strip().replace("−", "-")
    if _DIFFICULTY.fullmatch(number) is None:
        raise InvalidCheck("bayside23.error.check_difficulty", word=last[:40])
    named = " ".join(skill) or None
    return ActionCheck.of(character, named, int(number))
