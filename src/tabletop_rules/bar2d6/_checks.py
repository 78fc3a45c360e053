"""bar2d6 checks: 2D6 against the GM's dice, contests between characters, cooperation, odds.

Every check is 2D6 plus modifiers, each a :class:`~tabletop_rules.checks.Term` that names
where it came from: the items the GM allows (by the names the player gave them), the wound
penalty, the help of other characters, anything else the caller adds.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Final

import attrs

from tabletop_rules.bar2d6._character import Character, SpecialKind, normalize
from tabletop_rules.checks import CheckResult, Comparison, Opposition, Outcome, Term
from tabletop_rules.dice import Dice, DiceSource, Roll
from tabletop_rules.errors import InvalidCheck, InvalidNotation
from tabletop_rules.i18n import LOCALES, translate
from tabletop_rules.kit import (
    a_flag,
    checked,
    checked_items,
    checked_text,
    checked_whole,
    wrong_type,
)
from tabletop_rules.odds import Distribution

__all__ = [
    "CHECK_DICE",
    "MAX_DIFFICULTY",
    "WOUNDED_AT",
    "WOUND_PENALTY",
    "Contest",
    "DifficultyDice",
    "GMCheck",
    "HelpedResult",
    "Helper",
    "Rulings",
    "Side",
    "character_check",
    "check_terms",
    "contest_result",
    "granted_bonus",
    "is_wounded",
    "special_amount",
]

#: The dice of every check (B2D6-19).
CHECK_DICE: Final = Dice(2, 6)
#: At this HP or below a character is wounded (B2D6-21).
WOUNDED_AT: Final = 2
#: What a wound costs every check (B2D6-22).
WOUND_PENALTY: Final = -2
#: The most dice a difficulty (or a helper's chosen difficulty) has (B2D6-30).
MAX_DIFFICULTY: Final = 4
#: The die the GM rolls.
_D6: Final = Dice(1, 6)


class Side(enum.Enum):
    """Which bonus of an item a check uses (B2D6-23, B2D6-24).

    .. versionadded:: 0.1.0
    """

    #: 攻擊＆主動應用 — attacking, attempting a challenge.
    ACTIVE = "active"
    #: 防禦＆被動應用 — defending, facing trouble.
    PASSIVE = "passive"

    @property
    def label(self) -> str:
        """The catalog key of the side's name."""
        return f"bar2d6.side.{self.value}"


class DifficultyDice(enum.Enum):
    """The difficulty ladder: how many d6 the GM rolls against the player (B2D6-28, B2D6-30).

    >>> from tabletop_rules.bar2d6 import DifficultyDice
    >>> DifficultyDice.parse("困難")
    <DifficultyDice.HARD: 3>
    >>> DifficultyDice.parse("normal").dice
    Dice(count=2, sides=6)

    .. versionadded:: 0.1.0
    """

    #: 0骰 — not a challenge.
    NONE = 0
    #: 1骰 — 簡單.
    EASY = 1
    #: 2骰 — 普通 (the default a bot offers, B2D6-31).
    NORMAL = 2
    #: 3骰 — 困難.
    HARD = 3
    #: 4骰 — 極為困難.
    VERY_HARD = 4

    @property
    def label(self) -> str:
        """The catalog key of the level's name."""
        return f"bar2d6.difficulty.{self.name.lower()}"

    @property
    def dice(self) -> Dice:
        """The GM's dice."""
        return Dice(self.value, 6)

    @classmethod
    def parse(cls, text: str) -> DifficultyDice:
        """Read a level from a number of dice (``"3"``) or a word in any shipped locale.

        Raises:
            InvalidNotation: The text names no level; the message lists those that exist.
        """
        wanted = normalize(text)
        for level in cls:
            words = {
                normalize(level.name),
                normalize(level.name.replace("_", " ")),
                str(level.value),
            }
            words.update(normalize(translate(level.label, locale)) for locale in LOCALES)
            if wanted in words:
                return level
        raise InvalidNotation(
            "bar2d6.error.unknown_difficulty",
            text=text,
            position=0,
            known=", ".join(
                f"{level.value} {translate(level.label, 'zh-Hant')}/{level.name.lower()}"
                for level in cls
            ),
        )


def _to_level(value: DifficultyDice | int) -> DifficultyDice:
    if isinstance(value, DifficultyDice):
        return value
    if type(value) is not int:
        raise wrong_type("$.difficulty", "bar2d6.DifficultyDice | int", value)
    if not 0 <= value <= MAX_DIFFICULTY:
        raise InvalidCheck("bar2d6.error.difficulty", dice=value)
    return DifficultyDice(value)


def _a_dice_count(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value <= MAX_DIFFICULTY:
        raise InvalidCheck("bar2d6.error.difficulty", dice=value)


@attrs.frozen(kw_only=True)
class Rulings:
    """The readings of the bar2d6 text that a table may choose otherwise.

    The defaults are the library's readings (``docs/rulings``).

    .. versionadded:: 0.1.0
    """

    #: B2D6-48 — "the bonus used" by a helper counts personality-point bonuses only;
    #: ``True`` counts the helper's other modifiers (the wound −2) too.
    help_counts_modifiers: bool = attrs.field(default=False, validator=a_flag)
    #: B2D6-40 — the fewest GM dice a check must have to be helped (the text speaks of
    #: "high-difficulty challenges"); 0 lets any check against the GM be helped.
    help_min_dice: int = attrs.field(default=0, validator=_a_dice_count)
    #: B2D6-15 — healing never raises HP above max HP; ``True`` lets it.
    heal_above_max: bool = attrs.field(default=False, validator=a_flag)


def is_wounded(hp: int) -> bool:
    """Whether a character at *hp* is wounded: 2 or less, 0 included (B2D6-21).

    Raises:
        InvalidData: *hp* is not an ``int`` (path ``$.hp``).

    .. versionadded:: 0.1.0
    """
    if type(hp) is not int:
        checked_whole(hp, "$.hp")
    return hp <= WOUNDED_AT


# One converter per field, so that a refusal names the field it is in.


def _to_bonus(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.bonus")


def _to_modifiers(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.modifiers")


def _to_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.terms")


def _to_attacker(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.attacker")


def _to_defender(terms: Iterable[Term]) -> tuple[Term, ...]:
    return checked_items(terms, Term, "$.defender")


def _sum(terms: Iterable[Term]) -> int:
    return sum(term.value for term in terms)


def check_terms(
    character: Character,
    items: Iterable[str],
    side: Side = Side.ACTIVE,
    *,
    hp: int | None = None,
    extra: Iterable[Term] = (),
) -> tuple[Term, ...]:
    """The modifiers of *character*'s check with the *items* the GM allows (B2D6-20..26).

    One term per item with a bonus on *side* (labelled with the item's name; several items
    combine, B2D6-25), then −2 when *hp* is 2 or less (B2D6-22), then *extra*.

    >>> from tabletop_rules import bar2d6
    >>> b = bar2d6.Character(
    ...     name="B", items=[bar2d6.Item(name="攀爬", kind=bar2d6.ItemKind.SKILL, active=2)]
    ... )
    >>> bar2d6.check_terms(b, ["攀爬"], hp=2)
    (Term(label='攀爬', value=2), Term(label='bar2d6.term.wounded', value=-2))

    Args:
        character: Who rolls.
        items: The names of the items the GM allows for this check.
        side: The active or the passive bonus.
        hp: The character's HP now, if the wound penalty may apply; at 0 it cannot act.
        extra: Other modifiers (a granted bonus, a situation), added last.

    Raises:
        InvalidCheck: The character has no item of one of the names, or *hp* is 0 or less
            (``bar2d6.error.cannot_act``, B2D6-03).
        InvalidData: An argument of the wrong type, at ``$.<argument>``.

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "bar2d6.Character")
    names = checked_items(items, str, "$.items")
    side = checked(side, Side, "$.side", "bar2d6.Side")
    if hp is not None:
        checked_whole(hp, "$.hp")
    extra = checked_items(extra, Term, "$.extra", "checks.Term")
    return item_terms(character, names, side, hp=hp, extra=extra)


def item_terms(
    character: Character,
    names: Iterable[str],
    side: Side,
    *,
    hp: int | None = None,
    extra: tuple[Term, ...] = (),
    held_only: bool = False,
) -> tuple[Term, ...]:
    """:func:`check_terms` of arguments already checked: the combat's own path.

    With *held_only*, a name the character has no item of is passed over (a defender uses
    those of the allowed items it has), not refused.
    """
    find = character.find_item
    terms: list[Term] = []
    seen: set[str] = set()
    active = side is Side.ACTIVE
    for name in names:
        item = find(name)
        if item is None:
            if held_only:
                continue
            raise InvalidCheck(
                "bar2d6.error.unknown_item", item=normalize(name), character=character.name
            )
        if item.name in seen:  # the same item, named twice (or in two spellings)
            continue
        seen.add(item.name)
        bonus = item.active if active else item.passive
        if bonus:
            terms.append(Term(item.name, bonus))
    if hp is not None:
        if hp <= 0:
            raise InvalidCheck("bar2d6.error.cannot_act", character=character.name)
        if hp <= WOUNDED_AT:
            terms.append(Term("bar2d6.term.wounded", WOUND_PENALTY))
    return (*terms, *extra)


#: Per cooperation difficulty, how the bonus used is divided, rounding up (B2D6-48..51).
_HELP_DIVISORS: Final = {1: 4, 2: 3, 3: 2, 4: 1}


def granted_bonus(bonus: int, dice: int) -> int:
    """What a successful helper adds: ⌈*bonus* ÷ 4, 3, 2 or 1⌉ for 1, 2, 3 or 4 dice.

    >>> from tabletop_rules.bar2d6 import granted_bonus
    >>> [granted_bonus(5, dice) for dice in (1, 2, 3, 4)]
    [2, 2, 3, 5]

    Raises:
        InvalidCheck: *dice* is not 1 to 4.
        InvalidData: *bonus* or *dice* is not an ``int`` (path ``$.bonus`` or ``$.dice``).

    .. versionadded:: 0.1.0
    """
    checked_whole(bonus, "$.bonus")
    divisor = _HELP_DIVISORS.get(_help_dice(dice))
    if divisor is None:
        raise InvalidCheck("bar2d6.error.help_dice", dice=dice)
    return -(-bonus // divisor)


def _help_dice(value: object) -> int:
    if type(value) is not int:
        raise wrong_type("$.dice", "int", value)
    if value not in _HELP_DIVISORS:
        raise InvalidCheck("bar2d6.error.help_dice", dice=value)
    return value


@attrs.frozen(kw_only=True)
class Helper:
    """One cooperation check (協力判定, B2D6-41..47), rolled before the challenger's.

    The helper's player chooses 1 to 4 GM dice (B2D6-47) and rolls 2D6 with the bonuses that
    fit the challenge (B2D6-46); a success adds :meth:`granted` to the challenger's check.

    .. versionadded:: 0.1.0
    """

    #: The personality-point bonuses the helper uses — "the bonus used" (B2D6-48).
    bonus: tuple[Term, ...] = attrs.field(converter=_to_bonus)
    #: The GM dice the helper's player chose, 1 to 4.
    dice: int = attrs.field(converter=_help_dice)
    #: The helper's other modifiers (the wound −2), which change its roll, not what it grants.
    modifiers: tuple[Term, ...] = attrs.field(default=(), converter=_to_modifiers)

    @classmethod
    def of(
        cls,
        character: Character,
        items: Iterable[str],
        dice: int,
        *,
        side: Side = Side.ACTIVE,
        hp: int | None = None,
    ) -> Helper:
        """*character*'s help with *items*, at *dice* chosen dice (see :func:`check_terms`).

        Raises:
            InvalidCheck: As :func:`check_terms`, or *dice* is not 1 to 4.
        """
        terms = check_terms(character, items, side, hp=hp)
        wound = tuple(t for t in terms if t.label == "bar2d6.term.wounded")
        bonus = tuple(t for t in terms if t.label != "bar2d6.term.wounded")
        return cls(bonus=bonus, dice=dice, modifiers=wound)

    def granted(self, rulings: Rulings | None = None) -> int:
        """What the help adds to the check when it succeeds (B2D6-48..51)."""
        rulings = rulings or Rulings()
        used = _sum(self.bonus) + (_sum(self.modifiers) if rulings.help_counts_modifiers else 0)
        return granted_bonus(used, self.dice)

    @property
    def terms(self) -> tuple[Term, ...]:
        """Every modifier of the helper's own roll."""
        return (*self.bonus, *self.modifiers)

    def probability(self) -> Fraction:
        """The exact chance that the help succeeds."""
        return _gm_distribution(self.terms, Dice(self.dice, 6)).probability(_at_least_zero)

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll the helper's 2D6, then the GM's dice, and judge."""
        return _against_gm(dice, self.terms, Dice(self.dice, 6), "bar2d6.check.help")


def _granted_if_met(grant: int) -> Callable[[int], int]:
    def granted(margin: int) -> int:
        return grant if margin >= 0 else 0

    return granted


def _at_least_zero(margin: int) -> bool:
    return margin >= 0


def _gm_distribution(terms: tuple[Term, ...], gm: Dice) -> Distribution:
    # The margin: the player's total minus the GM's.
    return Distribution.of(CHECK_DICE) + _sum(terms) - Distribution.of(gm)


def _against_gm(dice: DiceSource, terms: tuple[Term, ...], gm: Dice, label: str) -> CheckResult:
    # B2D6-32: the player rolls first, then the GM.
    player = dice.roll(CHECK_DICE)
    opposition = Opposition(rolls=(dice.roll(gm),), label="bar2d6.check.gm")
    return CheckResult.judged(rolls=(player,), terms=terms, against=opposition, label=label)


def _to_helpers(helpers: Iterable[Helper]) -> tuple[Helper, ...]:
    return checked_items(helpers, Helper, "$.helpers")


@attrs.frozen(kw_only=True)
class HelpedResult(CheckResult):
    """A check against the GM with its cooperation checks, each kept with its dice.

    .. versionadded:: 0.1.0
    """

    #: The helpers' results, in the order rolled.
    helpers: tuple[CheckResult, ...] = ()

    def explain(self, locale: str = "en") -> str:
        """Each helper's check on a line of its own, then the check itself."""
        lines = [helper.explain(locale) for helper in self.helpers]
        lines.append(super().explain(locale))
        return "\n".join(lines)


@attrs.frozen(kw_only=True)
class GMCheck:
    """2D6 + modifiers against the GM's difficulty dice; ≥ succeeds (B2D6-27..33).

    The helpers, if any, roll first (B2D6-43), each followed by its GM dice; then the player
    rolls 2D6, then the GM rolls the difficulty (B2D6-32).
    Each successful helper adds its :meth:`Helper.granted` to this one check (B2D6-42,
    B2D6-44, B2D6-45).

    >>> from tabletop_rules import ScriptedDice, Term
    >>> from tabletop_rules.bar2d6 import GMCheck
    >>> climb = GMCheck(terms=[Term("攀爬", 2), Term("繩鉤", 3)], difficulty=3)
    >>> print(climb.resolve(ScriptedDice([3, 4, 6, 5, 1])).explain("zh-Hant"))
    對GM：2D6[3,4] +2 攀爬 +3 繩鉤 = 12 ≥ 12（3D6[6,5,1]） 成功

    .. versionadded:: 0.1.0
    """

    #: The player's modifiers (see :func:`check_terms`).
    terms: tuple[Term, ...] = attrs.field(converter=_to_terms)
    #: The GM's dice — a :class:`DifficultyDice` or 0 to 4.
    difficulty: DifficultyDice = attrs.field(converter=_to_level)
    #: The cooperation checks, rolled before the player's.
    helpers: tuple[Helper, ...] = attrs.field(default=(), converter=_to_helpers)
    #: The table's readings.
    rulings: Rulings = attrs.field(factory=Rulings)

    def __attrs_post_init__(self) -> None:
        if self.helpers and self.difficulty.value < self.rulings.help_min_dice:
            raise InvalidCheck(
                "bar2d6.error.help_too_easy",
                dice=self.difficulty.value,
                needed=self.rulings.help_min_dice,
            )

    @property
    def modifier(self) -> int:
        """The sum of the player's own terms."""
        return _sum(self.terms)

    def probability(self) -> Fraction:
        """The exact chance of success, every helper's chance included."""
        margin = _gm_distribution(self.terms, self.difficulty.dice)
        for helper in self.helpers:
            grant = helper.granted(self.rulings)
            help_margin = _gm_distribution(helper.terms, Dice(helper.dice, 6))
            margin = margin + help_margin.map(_granted_if_met(grant))
        return margin.probability(_at_least_zero)

    def resolve(self, dice: DiceSource) -> HelpedResult:
        """Roll the helpers, then the player, then the GM, and judge."""
        helped: list[CheckResult] = []
        help_terms: list[Term] = []
        for helper in self.helpers:
            result = helper.resolve(dice)
            helped.append(result)
            if result.success:
                help_terms.append(Term("bar2d6.term.help", helper.granted(self.rulings)))
        player = dice.roll(CHECK_DICE)
        opposition = Opposition(rolls=(dice.roll(self.difficulty.dice),), label="bar2d6.check.gm")
        terms = (*self.terms, *help_terms)
        holds = player.total + _sum(terms) >= opposition.value
        return HelpedResult(
            rolls=(player,),
            terms=terms,
            against=opposition,
            outcome=Outcome.SUCCESS if holds else Outcome.FAILURE,
            label="bar2d6.check.gm",
            helpers=tuple(helped),
        )


def contest_result(
    attack: Roll | Iterable[Roll],
    attack_terms: Iterable[Term],
    defense: Roll | Iterable[Roll],
    defense_terms: Iterable[Term],
    *,
    label: str = "bar2d6.check.contest",
) -> CheckResult:
    """Judge a contest already rolled: the attacker wins only when strictly higher (B2D6-38).

    Raises:
        InvalidData: An argument of the wrong type, at ``$.<argument>``.

    .. versionadded:: 0.1.0
    """
    attack_rolls = (
        (attack,) if isinstance(attack, Roll) else checked_items(attack, Roll, "$.attack")
    )
    defense_rolls = (
        (defense,) if isinstance(defense, Roll) else checked_items(defense, Roll, "$.defense")
    )
    attack_terms = checked_items(attack_terms, Term, "$.attack_terms", "checks.Term")
    defense_terms = checked_items(defense_terms, Term, "$.defense_terms", "checks.Term")
    return judged_contest(attack_rolls, attack_terms, defense_rolls, defense_terms, label=label)


def judged_contest(
    attack: tuple[Roll, ...],
    attack_terms: tuple[Term, ...],
    defense: tuple[Roll, ...],
    defense_terms: tuple[Term, ...],
    *,
    label: str = "bar2d6.check.contest",
) -> CheckResult:
    """:func:`contest_result` of arguments already checked: the combat's own path."""
    return CheckResult.judged(
        rolls=attack,
        terms=attack_terms,
        comparison=Comparison.GREATER,
        against=Opposition(rolls=defense, terms=defense_terms, label="bar2d6.check.defender"),
        label=label,
    )


@attrs.frozen(kw_only=True)
class Contest:
    """A contest between two characters: 2D6 each, the attacker wins only when higher.

    In combat, races, contests of strength (B2D6-34), the attacker (攻方) rolls first, then
    the defender (守方); a tie goes to the defender (B2D6-38).
    Which side is which, and which bonuses apply when neither is, the GM decides (B2D6-35..37):
    the caller passes the terms.
    A contest between characters cannot be helped (B2D6-40): it has no helpers.

    >>> from tabletop_rules import ScriptedDice, Term
    >>> from tabletop_rules.bar2d6 import Contest
    >>> race = Contest(attacker=[Term("疾走", 2)], defender=[Term("長腿", 1)])
    >>> race.resolve(ScriptedDice([3, 3, 4, 4])).success
    False

    .. versionadded:: 0.1.0
    """

    #: The attacker's modifiers.
    attacker: tuple[Term, ...] = attrs.field(converter=_to_attacker)
    #: The defender's modifiers.
    defender: tuple[Term, ...] = attrs.field(converter=_to_defender)

    @classmethod
    def between(
        cls,
        attacker: Character,
        defender: Character,
        *,
        attacker_items: Iterable[str] = (),
        defender_items: Iterable[str] = (),
        attacker_side: Side = Side.ACTIVE,
        defender_side: Side = Side.PASSIVE,
        attacker_hp: int | None = None,
        defender_hp: int | None = None,
    ) -> Contest:
        """The contest of two characters with the items the GM allows each.

        Raises:
            InvalidCheck: As :func:`check_terms`.
            InvalidData: *attacker* or *defender* is no bar2d6 character (path
                ``$.attacker`` or ``$.defender``).
        """
        checked(attacker, Character, "$.attacker", "bar2d6.Character")
        checked(defender, Character, "$.defender", "bar2d6.Character")
        return cls(
            attacker=check_terms(attacker, attacker_items, attacker_side, hp=attacker_hp),
            defender=check_terms(defender, defender_items, defender_side, hp=defender_hp),
        )

    def probability(self) -> Fraction:
        """The exact chance that the attacker wins."""
        dist = Distribution.of(CHECK_DICE)
        return (dist + _sum(self.attacker)).p_greater(dist + _sum(self.defender))

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll the attacker, then the defender, and judge (the attacker's result)."""
        attack = dice.roll(CHECK_DICE)
        defense = dice.roll(CHECK_DICE)
        return contest_result(attack, self.attacker, defense, self.defender)


def special_amount(character: Character, item: str, kind: SpecialKind) -> int:
    """The amount of *character*'s ability of *kind* on *item* (the GM's or the default).

    Raises:
        InvalidCheck: The item does not exist or has no such ability.
        InvalidData: An argument of the wrong type, at ``$.<argument>``.

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "bar2d6.Character")
    item = checked_text(item, "$.item")
    kind = checked(kind, SpecialKind, "$.kind", "bar2d6.SpecialKind")
    if not character.has_item(item):
        raise InvalidCheck("bar2d6.error.unknown_item", item=item, character=character.name)
    special = character.item(item).special(kind)
    if special is None:
        raise InvalidCheck("bar2d6.error.no_special", item=item, special=kind.value)
    return special.amount_or_default


def character_check(character: Character, words: Sequence[str]) -> GMCheck:
    """The check against the GM that a player's words ask of *character*: a bot's ``.check``.

    The first word is the difficulty: 0 to 4 dice, or a word of the ladder in any shipped
    locale (B2D6-30); the others name the items the GM allows (B2D6-26), whose active bonuses
    apply. The character is at full HP (a stored sheet has no wound).
    It is :attr:`SYSTEM.character_check <tabletop_rules.systems.RuleSystem.character_check>`.

    >>> from tabletop_rules import ScriptedDice, bar2d6
    >>> b = bar2d6.parse_sheet(bar2d6.EXAMPLE_SHEET)
    >>> climb = bar2d6.character_check(b, ["困難", "攀爬", "繩鉤"])
    >>> print(climb.resolve(ScriptedDice([3, 4, 4, 4, 4])).explain("en"))
    Against the GM: 2D6[3,4] +2 攀爬 +3 繩鉤 = 12 ≥ 12 (3D6[4,4,4]) Success

    Raises:
        InvalidNotation: No words, or a first word that names no difficulty
            (``bar2d6.error.check_words``, ``bar2d6.error.unknown_difficulty``).
        InvalidCheck: The character has no item of one of the names.
        InvalidData: *character* is no bar2d6 character, or *words* no list of texts.

    .. versionadded:: 0.1.0
    """
    character = checked(character, Character, "$.character", "bar2d6.Character")
    given = checked_items(words, str, "$.words")
    if not given:
        raise InvalidNotation("bar2d6.error.check_words", text="", position=0)
    return GMCheck(
        terms=check_terms(character, given[1:]), difficulty=DifficultyDice.parse(given[0])
    )
