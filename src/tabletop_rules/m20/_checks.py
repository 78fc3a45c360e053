"""m20 checks: attack against defense, specialty checks, opposed checks, their exact odds.

Every check is 1D20 plus modifiers, each modifier a :class:`~tabletop_rules.checks.Term` that
names where it came from.
The ``*_terms`` functions apply the rules to a character (attributes, specialties, the skills
that change checks by themselves, cooperation, reward items); the check values hold the
terms, so that a caller can add any other modifier (a summon's penalty, a GM-made skill) as
an extra term.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

import attrs

from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Opposition, Term
from tabletop_rules.dice import Dice, DiceSource, Roll
from tabletop_rules.errors import InvalidCheck, InvalidNotation
from tabletop_rules.i18n import LOCALES, translate
from tabletop_rules.kit import (
    checked,
    checked_items,
    checked_source,
    checked_whole,
    wrong_type,
)
from tabletop_rules.m20._character import Attribute, Character, Specialty, normalize
from tabletop_rules.m20._skills import Skill, SkillPick
from tabletop_rules.odds import Distribution

__all__ = [
    "D20",
    "MAX_HELPER_BONUS",
    "AttackCheck",
    "AttackKind",
    "DifficultyLevel",
    "OpposedCheck",
    "RewardItem",
    "Rulings",
    "SpecialtyCheck",
    "Stance",
    "attack_terms",
    "character_check",
    "defense_terms",
    "helper_terms",
    "reroll",
    "specialty_terms",
]

#: The die of every m20 check.
D20: Final = Dice(1, 20)
#: Every roll of one d20 alone in a tuple, built once (by face - 1): rolls are immutable
#: values, so the thousands of d20 checks of a combat share these.
_D20_ALONE: Final = tuple((Roll(D20, (face,)),) for face in range(1, 21))


def d20_alone(dice: DiceSource) -> tuple[Roll]:
    """A d20 rolled from *dice*, alone in a tuple: the rolls of one check (a shared value)."""
    roll = dice.roll(D20)
    if roll.dice is D20 and type(roll) is Roll:
        face = roll.faces[0]
        if 0 < face <= len(_D20_ALONE):
            return _D20_ALONE[face - 1]
    return (roll,)


#: The most that helpers add to a check, however many there are (M20-046).
MAX_HELPER_BONUS: Final = 3
#: What 專精特長 adds (M20-137).
EXPERTISE_BONUS: Final = 5
#: What a specialised skill (攻擊特化, 防禦特化) adds, and what it costs the other side.
SPECIALIZATION_BONUS: Final = 3
SPECIALIZATION_PENALTY: Final = -2


class DifficultyLevel(enum.Enum):
    """The difficulty ladder of specialty checks (難度梯度, M20-035).

    A check takes one of these or any whole number.

    >>> DifficultyLevel.parse("困難")
    <DifficultyLevel.HARD: 16>
    >>> DifficultyLevel.parse("moderate").difficulty
    Difficulty(value=12, label='m20.difficulty.moderate', parts=())

    .. versionadded:: 0.1.0
    """

    #: 輕而易舉 — 4.
    TRIVIAL = 4
    #: 簡單 — 8.
    EASY = 8
    #: 適中 — 12.
    MODERATE = 12
    #: 困難 — 16.
    HARD = 16

    @property
    def label(self) -> str:
        """The catalog key of the level's name."""
        return f"m20.difficulty.{self.name.lower()}"

    @property
    def difficulty(self) -> Difficulty:
        """The level as a named :class:`~tabletop_rules.checks.Difficulty`."""
        return Difficulty(self.value, self.label)

    @classmethod
    def parse(cls, text: str) -> DifficultyLevel:
        """Read a level from a player's word, in any shipped locale or by its English name.

        Full-width text and any letter case are accepted (``"困難"``, ``"Hard"``, ``"HARD"``,
        ``"難しい"`` where the locale's label says so).

        Raises:
            InvalidNotation: The word names no level; the message lists the words that do.
        """
        wanted = normalize(text)
        for level in cls:
            words = {normalize(level.name)}
            words.update(normalize(translate(level.label, locale)) for locale in LOCALES)
            if wanted in words:
                return level
        raise InvalidNotation(
            "m20.error.unknown_difficulty",
            text=text,
            position=0,
            known=", ".join(
                f"{translate(level.label, 'zh-Hant')}/{level.name.lower()} {level.value}"
                for level in cls
            ),
        )


class Stance(enum.Enum):
    """Whether a specialty check acts or reacts (主動/應對, M20-038).

    .. versionadded:: 0.1.0
    """

    #: Acting on something — 物攻 or 特攻.
    ACTING = "acting"
    #: Reacting to something — 物防 or 特防.
    REACTING = "reacting"

    @property
    def label(self) -> str:
        """The catalog key of the stance's name."""
        return f"m20.stance.{self.value}"


class AttackKind(enum.Enum):
    """A physical (物攻 against 物防) or special (特攻 against 特防) attack (M20-027..030).

    .. versionadded:: 0.1.0
    """

    #: 物理攻擊.
    PHYSICAL = "physical"
    #: 特殊攻擊.
    SPECIAL = "special"

    @property
    def label(self) -> str:
        """The catalog key of the kind's name."""
        return f"m20.attack_kind.{self.value}"

    @property
    def attack_attribute(self) -> Attribute:
        """物攻 or 特攻."""
        if self is AttackKind.PHYSICAL:
            return Attribute.PHYSICAL_ATTACK
        return Attribute.SPECIAL_ATTACK

    @property
    def defense_attribute(self) -> Attribute:
        """物防 or 特防."""
        if self is AttackKind.PHYSICAL:
            return Attribute.PHYSICAL_DEFENSE
        return Attribute.SPECIAL_DEFENSE


@attrs.frozen(kw_only=True)
class Rulings:
    """The readings of the m20 text that a table may choose otherwise.

    The defaults are the library's readings (``docs/rulings``).

    .. versionadded:: 0.1.0
    """

    #: M20-048 — a tie in an opposed check goes to the active side; ``False`` gives it to
    #: the reacting side.
    opposed_tie_to_active: bool = True
    #: M20-137 — at most one 專精特長 adds +5 to a check; ``True`` lets every matching pick
    #: add its +5.
    expertise_stacks: bool = False


@attrs.frozen(kw_only=True)
class RewardItem:
    """A bar reward item that adds +N to a check (【酒吧獎勵的使用】, M20-139, M20-140).

    An item from another bar system is made for 2D6 and counts double here; an item of this
    system counts as printed.
    Both appear in the check's terms: the item as printed, then the doubling.

    >>> [t.value for t in RewardItem(name="幸運符", bonus=2).terms()]
    [2, 2]

    .. versionadded:: 0.1.0
    """

    #: The item's name, as the player calls it (or a catalog key).
    name: str
    #: The +N printed on the item.
    bonus: int
    #: Whether the item comes from this system (M20-140); if not, its bonus counts double.
    from_this_system: bool = False

    @property
    def modifier(self) -> int:
        """What the item adds to an m20 check."""
        return self.bonus if self.from_this_system else 2 * self.bonus

    def terms(self) -> tuple[Term, ...]:
        """The item's terms: the bonus as printed and, for another system's item, its double."""
        printed = Term(self.name, self.bonus)
        if self.from_this_system:
            return (printed,)
        return (printed, Term("m20.term.item_doubled", self.bonus))


# One converter per field, so that a refusal names its field. No combat builds these checks.


def _to_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.terms")


def _to_attack(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.attack")


def _to_defense(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.defense")


def _to_active(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.active")


def _to_reactive(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.reactive")


def _to_difficulty(value: DifficultyLevel | int | Difficulty) -> Difficulty:
    if isinstance(value, DifficultyLevel):
        return value.difficulty
    if isinstance(value, Difficulty):
        return value
    if type(value) is not int:
        raise wrong_type("$.difficulty", "m20.DifficultyLevel | int | checks.Difficulty", value)
    return Difficulty(value)


def _modifier(terms: tuple[Term, ...]) -> int:
    return sum(term.value for term in terms)


def _grouped(terms: Iterable[tuple[str, int]]) -> list[Term]:
    # One term per label, in the order the labels first appear.
    totals: dict[str, int] = {}
    for label, value in terms:
        totals[label] = totals.get(label, 0) + value
    return [Term(label, value) for label, value in totals.items()]


def _first_pick(character: Character, skill: Skill) -> SkillPick | None:
    picks = character.picks_of(skill)
    return picks[0] if picks else None


def _specialization_penalty(character: Character, attribute: Attribute) -> list[Term]:
    # M20-074, M20-096: a specialised skill costs −2 on every check that uses the other side's
    # attributes.
    other = Skill.DEFENSE_SPECIALIZATION if attribute.offensive else Skill.ATTACK_SPECIALIZATION
    pick = _first_pick(character, other)
    if pick is None:
        return []
    return [Term(pick.label, SPECIALIZATION_PENALTY)]


def _boosts(character: Character, boost: Skill, specialization: Skill) -> list[Term]:
    # M20-073/075, M20-095/097: the specialised skill replaces the boosts (+3, not +3+n).
    special = _first_pick(character, specialization)
    if special is not None:
        return [Term(special.label, SPECIALIZATION_BONUS)]
    return _grouped((pick.label, 1) for pick in character.picks_of(boost))


def _items(items: Iterable[RewardItem]) -> list[Term]:
    return [term for item in items for term in item.terms()]


def _combat_terms(
    character: Character,
    attribute: Attribute,
    boosts: tuple[Skill, Skill],
    items: Iterable[RewardItem],
    extra: Iterable[Term],
) -> tuple[Term, ...]:
    # The attribute, the boost or its specialization, the other specialization's −2, items.
    return (
        Term(attribute.label, character.attributes[attribute]),
        *_boosts(character, *boosts),
        *_specialization_penalty(character, attribute),
        *_items(items),
        *extra,
    )


def attack_terms(
    character: Character,
    kind: AttackKind = AttackKind.PHYSICAL,
    *,
    items: Iterable[RewardItem] = (),
    extra: Iterable[Term] = (),
) -> tuple[Term, ...]:
    """The modifiers of *character*'s attack check (M20-031).

    物攻 or 特攻 by *kind*; 攻擊強化 (+1 a pick) or 攻擊特化 (+3, replacing it); −2 with
    防禦特化; then *items* and *extra* terms.

    .. versionadded:: 0.1.0
    """
    boosts = (Skill.ATTACK_BOOST, Skill.ATTACK_SPECIALIZATION)
    character, kind = _character_and_kind(character, kind)
    return _combat_terms(character, kind.attack_attribute, boosts, items, extra)


def defense_terms(
    character: Character,
    kind: AttackKind = AttackKind.PHYSICAL,
    *,
    items: Iterable[RewardItem] = (),
    extra: Iterable[Term] = (),
) -> tuple[Term, ...]:
    """The modifiers of *character*'s defense check against a *kind* attack (M20-032).

    物防 or 特防 by *kind*; 防禦強化 (+1 a pick) or 防禦特化 (+3, replacing it); −2 with
    攻擊特化; then *items* and *extra* terms.

    .. versionadded:: 0.1.0
    """
    boosts = (Skill.DEFENSE_BOOST, Skill.DEFENSE_SPECIALIZATION)
    character, kind = _character_and_kind(character, kind)
    return _combat_terms(character, kind.defense_attribute, boosts, items, extra)


def _character_and_kind(
    character: object, kind: object, path: str = "$.character"
) -> tuple[Character, AttackKind]:
    """*character* and *kind*, after checking their types (paths *path* and ``$.kind``)."""
    return checked(character, Character, path, "m20.Character"), checked(kind, AttackKind, "$.kind")


def _stance_attribute(specialty: Specialty, stance: Stance) -> Attribute:
    if stance is Stance.ACTING:
        return Attribute.PHYSICAL_ATTACK if specialty.physical else Attribute.SPECIAL_ATTACK
    return Attribute.PHYSICAL_DEFENSE if specialty.physical else Attribute.SPECIAL_DEFENSE


def specialty_terms(
    character: Character,
    specialty: Specialty,
    *,
    stance: Stance = Stance.ACTING,
    attribute: Attribute | None = None,
    helpers: int = 0,
    situation: str | None = None,
    items: Iterable[RewardItem] = (),
    extra: Iterable[Term] = (),
    rulings: Rulings | None = None,
) -> tuple[Term, ...]:
    """The modifiers of *character*'s specialty check (M20-036).

    In order: the specialty's bonus; the attribute (物攻/特攻 when acting, 物防/特防 when
    reacting, 物 for 身理 and 詭計, 特 for 知識 and 交涉 — M20-038, M20-039 — unless
    *attribute* names it, as hide, assist, hinder, first aid and 治療 do); −2 for a
    specialised skill that the attribute's side costs (M20-074, M20-096); +5 for a 專精特長
    whose situations include *situation* (M20-137); +1 per helper, at most +3 (M20-045,
    M20-046); *items*; *extra* terms.

    Args:
        character: Who rolls.
        specialty: The specialty the check uses.
        stance: Acting or reacting.
        attribute: The attribute, when the action names it; overrides *stance*.
        helpers: How many characters help (0 or more; more than 3 add no more).
        situation: The situation the GM agreed the check is about, for 專精特長.
        items: Reward items used on the check.
        extra: Any other modifiers (a GM-made skill, a status), added last.
        rulings: The table's readings; the library's defaults if not given.

    Raises:
        InvalidCheck: *helpers* is below 0.

    .. versionadded:: 0.1.0
    """
    rulings = rulings or Rulings()
    character = checked(character, Character, "$.character", "m20.Character")
    specialty = checked(specialty, Specialty, "$.specialty")
    if checked_whole(helpers, "$.helpers") < 0:
        raise InvalidCheck("m20.error.negative_helpers", helpers=helpers)
    used = attribute if attribute is not None else _stance_attribute(specialty, stance)
    terms = [
        Term(specialty.label, character.specialty_bonus(specialty)),
        Term(used.label, character.attributes[used]),
        *_specialization_penalty(character, used),
    ]
    if situation is not None:
        wanted = normalize(situation)
        for pick in character.picks_of(Skill.EXPERTISE):
            if wanted in {normalize(s) for s in pick.situations}:
                terms.append(Term(pick.label, EXPERTISE_BONUS))
                if not rulings.expertise_stacks:
                    break
    terms.extend(helper_terms(helpers))
    return (*terms, *_items(items), *extra)


def helper_terms(helpers: int) -> tuple[Term, ...]:
    """The cooperation term of *helpers* helpers: +1 each, at most +3 (M20-045, M20-046).

    >>> helper_terms(5)
    (Term(label='m20.term.helpers', value=3),)

    Raises:
        InvalidData: *helpers* is not an ``int`` (path ``$.helpers``).

    .. versionadded:: 0.1.0
    """
    if checked_whole(helpers, "$.helpers") <= 0:
        return ()
    return (Term("m20.term.helpers", min(helpers, MAX_HELPER_BONUS)),)


def _reroll_success(first: Fraction) -> Fraction:
    # Roll again after a failure: p + (1 − p)·p.
    return first + (1 - first) * first


def _d20_plus(terms: tuple[Term, ...]) -> Distribution:
    return Distribution.of(D20) + _modifier(terms)


@attrs.frozen(kw_only=True)
class SpecialtyCheck:
    """1D20 + modifiers ≥ a difficulty (M20-036, M20-037).

    Build one with :meth:`of` from a character, or from terms you made yourself.

    .. versionadded:: 0.1.0
    """

    #: The modifiers, each with its source.
    terms: tuple[Term, ...] = attrs.field(converter=_to_terms)
    #: The difficulty — a :class:`DifficultyLevel`, any whole number, or a ``Difficulty``.
    difficulty: Difficulty = attrs.field(converter=_to_difficulty)
    #: Whether a reroll item is used when the check fails (M20-141).
    reroll_on_failure: bool = False

    @classmethod
    def of(
        cls,
        character: Character,
        specialty: Specialty,
        difficulty: DifficultyLevel | int | Difficulty,
        *,
        stance: Stance = Stance.ACTING,
        attribute: Attribute | None = None,
        helpers: int = 0,
        situation: str | None = None,
        items: Iterable[RewardItem] = (),
        extra: Iterable[Term] = (),
        reroll_on_failure: bool = False,
        rulings: Rulings | None = None,
    ) -> SpecialtyCheck:
        """The check of *character* with *specialty* against *difficulty*.

        The other arguments are those of :func:`specialty_terms`.

        Raises:
            InvalidCheck: *helpers* is below 0.
        """
        terms = specialty_terms(
            character,
            specialty,
            stance=stance,
            attribute=attribute,
            helpers=helpers,
            situation=situation,
            items=items,
            extra=extra,
            rulings=rulings,
        )
        return cls(terms=terms, difficulty=difficulty, reroll_on_failure=reroll_on_failure)

    @property
    def modifier(self) -> int:
        """The sum of the terms."""
        return _modifier(self.terms)

    def probability(self) -> Fraction:
        """The exact chance of success."""
        first = _d20_plus(self.terms).p_at_least(self.difficulty.value)
        return _reroll_success(first) if self.reroll_on_failure else first

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll the d20 (and once more on a failure, with a reroll item) and judge."""
        result = CheckResult.judged(
            rolls=d20_alone(dice), terms=self.terms, against=self.difficulty
        )
        if self.reroll_on_failure and not result.success:
            result = reroll(result, dice)
        return result


def _opposed_probability(
    active: Distribution, reactive: Distribution, *, tie_wins: bool, reroll_on_failure: bool
) -> Fraction:
    if not reroll_on_failure:
        return active.p_at_least(reactive) if tie_wins else active.p_greater(reactive)
    # The reacting die stays as rolled: for each of its outcomes, the active side wins with
    # its first d20 or, failing that, with the second.
    return sum(
        (
            chance * _reroll_success(active.p_at_least(outcome if tie_wins else outcome + 1))
            for outcome, chance in reactive.probabilities()
        ),
        Fraction(0),
    )


@attrs.frozen(kw_only=True)
class AttackCheck:
    """An attack check against a defense check: 1D20 + attack ≥ 1D20 + defense (M20-033).

    The attacker's d20 is rolled first, then the defender's.
    The result is the attacker's: success is a hit (a tie hits).

    .. versionadded:: 0.1.0
    """

    #: The attack's modifiers.
    attack: tuple[Term, ...] = attrs.field(converter=_to_attack)
    #: The defense's modifiers.
    defense: tuple[Term, ...] = attrs.field(converter=_to_defense)
    #: Whether the attacker uses a reroll item when the attack misses (M20-141).
    reroll_on_failure: bool = False

    @classmethod
    def between(
        cls,
        attacker: Character,
        defender: Character,
        kind: AttackKind = AttackKind.PHYSICAL,
        *,
        attack_items: Iterable[RewardItem] = (),
        defense_items: Iterable[RewardItem] = (),
        attack_extra: Iterable[Term] = (),
        defense_extra: Iterable[Term] = (),
        reroll_on_failure: bool = False,
    ) -> AttackCheck:
        """*attacker*'s *kind* attack on *defender*.

        The terms come from :func:`attack_terms` and :func:`defense_terms`.

        Raises:
            InvalidData: *attacker* or *defender* is no m20 character (path ``$.attacker`` or
                ``$.defender``), or *kind* no :class:`AttackKind` (``$.kind``).
        """
        _character_and_kind(attacker, kind, "$.attacker")
        _character_and_kind(defender, kind, "$.defender")
        return cls(
            attack=attack_terms(attacker, kind, items=attack_items, extra=attack_extra),
            defense=defense_terms(defender, kind, items=defense_items, extra=defense_extra),
            reroll_on_failure=reroll_on_failure,
        )

    def probability(self) -> Fraction:
        """The exact chance that the attack hits."""
        return _opposed_probability(
            _d20_plus(self.attack),
            _d20_plus(self.defense),
            tie_wins=True,
            reroll_on_failure=self.reroll_on_failure,
        )

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll the attack, then the defense, and judge (the attacker's result)."""
        attack = d20_alone(dice)
        defense = Opposition(rolls=d20_alone(dice), terms=self.defense)
        result = CheckResult.judged(rolls=attack, terms=self.attack, against=defense)
        if self.reroll_on_failure and not result.success:
            result = reroll(result, dice)
        return result


@attrs.frozen(kw_only=True)
class OpposedCheck:
    """Two specialty checks, each total the other's difficulty (M20-047, M20-048).

    The active side's d20 is rolled first; the result is the active side's.
    A tie goes to the active side, or to the reacting side with
    ``Rulings(opposed_tie_to_active=False)``.

    .. versionadded:: 0.1.0
    """

    #: The active side's modifiers (see :func:`specialty_terms`).
    active: tuple[Term, ...] = attrs.field(converter=_to_active)
    #: The other side's modifiers.
    reactive: tuple[Term, ...] = attrs.field(converter=_to_reactive)
    #: The table's readings (the tie rule).
    rulings: Rulings = attrs.field(factory=Rulings)
    #: Whether the active side uses a reroll item when it loses (M20-141).
    reroll_on_failure: bool = False

    @property
    def comparison(self) -> Comparison:
        """``≥`` when a tie goes to the active side, else ``>``."""
        return Comparison.AT_LEAST if self.rulings.opposed_tie_to_active else Comparison.GREATER

    def probability(self) -> Fraction:
        """The exact chance that the active side wins."""
        return _opposed_probability(
            _d20_plus(self.active),
            _d20_plus(self.reactive),
            tie_wins=self.rulings.opposed_tie_to_active,
            reroll_on_failure=self.reroll_on_failure,
        )

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll the active side, then the other, and judge (the active side's result)."""
        active = d20_alone(dice)
        reactive = Opposition(rolls=d20_alone(dice), terms=self.reactive)
        result = CheckResult.judged(
            rolls=active, terms=self.active, against=reactive, comparison=self.comparison
        )
        if self.reroll_on_failure and not result.success:
            result = reroll(result, dice)
        return result


def reroll(result: CheckResult, dice: DiceSource | Roll, *, opposing: bool = False) -> CheckResult:
    """Use a reroll item: roll the d20 again and keep every modifier (M20-141).

    Every face stays in the result: the new d20 is added after the old one, and a term
    labelled ``m20.term.reroll`` takes the old face away again, so the total is the new face
    plus the same modifiers.

    Args:
        result: A resolved m20 check.
        dice: Where the new d20 comes from, or the new d20 itself when it is already rolled
            (an area attack's one reroll serves every target).
        opposing: Reroll the opposing side's d20 (an attack's defender, an opposed check's
            reacting side) instead of the check's own.

    Raises:
        InvalidCheck: *opposing* is asked for on a check against a fixed difficulty.
        InvalidData: *result* is no :class:`~tabletop_rules.checks.CheckResult` (path
            ``$.result``), or *dice* neither a roll nor a dice source (``$.dice``).

    .. versionadded:: 0.1.0
    """
    result = checked(result, CheckResult, "$.result", "checks.CheckResult")
    if not isinstance(dice, Roll):
        checked_source(dice)
    against = result.against
    if opposing and not isinstance(against, Opposition):
        raise InvalidCheck("m20.error.no_opposing_roll")
    new = dice if isinstance(dice, Roll) else dice.roll(D20)
    if not opposing:
        old = result.rolls[-1]
        return CheckResult.judged(
            rolls=(*result.rolls, new),
            terms=(*result.terms, Term("m20.term.reroll", -old.total)),
            comparison=result.comparison,
            against=result.against,
            label=result.label,
        )
    assert isinstance(against, Opposition)
    old = against.rolls[-1]
    rerolled = Opposition(
        rolls=(*against.rolls, new),
        terms=(*against.terms, Term("m20.term.reroll", -old.total)),
        label=against.label,
    )
    return CheckResult.judged(
        rolls=result.rolls,
        terms=result.terms,
        comparison=result.comparison,
        against=rerolled,
        label=result.label,
    )


# --------------------------------------------------------------------------- a player's words


def _names(value: str, label: str, *more: str) -> frozenset[str]:
    """Every word that names a value: its code name, its label in each locale, and *more*."""
    return frozenset(
        normalize(name)
        for name in (value, *more, *(translate(label, locale) for locale in LOCALES))
    )


def _specialty_named(word: str) -> Specialty | None:
    wanted = normalize(word)
    for specialty in Specialty:
        if wanted in _names(specialty.value, specialty.label, specialty.text_name):
            return specialty
    return None


#: The short words of the stances a bot's usage names (``react``).
_STANCE_WORDS: Final = {Stance.ACTING: "act", Stance.REACTING: "react"}


def _stance_named(word: str) -> Stance | None:
    wanted = normalize(word)
    for stance in Stance:
        if wanted in _names(stance.value, stance.label, _STANCE_WORDS[stance]):
            return stance
    return None


def character_check(character: Character, words: Sequence[str]) -> SpecialtyCheck:
    """The specialty check *character* makes, named by a player's words (a bot's ``.check``).

    The words are ``SPECIALTY DIFFICULTY [STANCE]``: a specialty by its name in any shipped
    locale, in the rule text or in code (``身理``, ``Physique``, ``physique``); a difficulty
    as a whole number of 1 to 3 digits or a word of the ladder (``困難``, ``hard``); and,
    for a check that reacts (物防 or 特防) rather than acts, ``react`` or the stance's name.

    >>> from tabletop_rules.m20 import EXAMPLE_SHEET, parse_sheet
    >>> check = character_check(parse_sheet(EXAMPLE_SHEET), ["身理", "困難", "react"])
    >>> check.difficulty.value, [term.value for term in check.terms]
    (16, [3, 2])

    Raises:
        InvalidData: *character* is no m20 character (path ``$.character``), or *words* is
            no list of texts (``$.words``).
        InvalidNotation: The words name no check; the message says which word, and what
            it should be.

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "m20.Character")
    said = checked_items(words, str, "$.words", most=_MOST_WORDS)
    text = " ".join(said)
    if len(said) not in (2, 3):
        raise InvalidNotation("m20.error.check_words", text=text, position=0)
    specialty = _specialty_named(said[0])
    if specialty is None:
        raise InvalidNotation(
            "m20.error.check_specialty",
            text=text,
            position=0,
            word=said[0],
            known=", ".join(f"{s.text_name}/{translate(s.label, 'en')}" for s in Specialty),
        )
    at = len(said[0]) + 1
    word = normalize(said[1])
    difficulty: DifficultyLevel | int
    if word.isdigit() and len(word) <= 3:
        difficulty = int(word)
    else:
        try:
            difficulty = DifficultyLevel.parse(said[1])
        except InvalidNotation as error:
            raise InvalidNotation(
                "m20.error.chat_difficulty",
                text=text,
                position=at,
                word=said[1],
                known=error.params.get("known", ""),
            ) from None
    stance = Stance.ACTING
    if len(said) == 3:
        named = _stance_named(said[2])
        if named is None:
            raise InvalidNotation(
                "m20.error.check_stance",
                text=text,
                position=at + len(said[1]) + 1,
                word=said[2],
            )
        stance = named
    return SpecialtyCheck.of(character, specialty, difficulty, stance=stance)


#: The most words :func:`character_check` reads (it needs three at most).
_MOST_WORDS: Final = 16
