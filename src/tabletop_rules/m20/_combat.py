"""The m20 combat ruleset: commands, events, state, decide, evolve and legal commands.

The combat follows 【戰鬥規則】 as ``DESIGN.md`` reads it: no initiative; each standing
participant has one main action a round (two with 分神援護), in any order; the round ends when
all standing have acted or the GM ends it.
Every die is drawn in :meth:`CombatRuleset.decide` and recorded in the events;
:meth:`CombatRuleset.evolve` never rolls.

Consequences that need no choice (a strike's damage, a fall, a summon vanishing, the end of a
round or of the combat) are *automatic events*: :meth:`CombatRuleset.decide` appends them
after the events of the command, and :meth:`CombatRuleset.evolve` accepts one only when it is
exactly the event the rules call for next, so a record cannot disagree with the rules.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import attrs

from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Opposition, Outcome, Term
from tabletop_rules.engine import GameResult, Pass, PromptFrame, PromptStack
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.i18n import Label, translate
from tabletop_rules.m20._character import Attribute, Character, Specialty
from tabletop_rules.m20._checks import (
    D20,
    AttackKind,
    Rulings,
    attack_terms,
    defense_terms,
    specialty_terms,
)
from tabletop_rules.m20._ledger import ScenarioLedger
from tabletop_rules.m20._skills import Skill

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource

__all__ = [
    "GM",
    "RULESET",
    "Assist",
    "AttackMode",
    "CombatRuleset",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Command",
    "Effect",
    "EffectKind",
    "Event",
    "HinderChoice",
    "Participant",
    "Question",
    "Status",
    "danger_terms",
    "describe",
    "hp_after",
    "ledger_after",
]

T = TypeVar("T")

#: The actor name of the game master, who sends the rulings.
GM: Final = "gm"
#: What a summon's id adds to its summoner's id.
SUMMON_SUFFIX: Final = "/summon"
#: The difficulty of hide, assist and hinder (M20-052, M20-057, M20-059).
ACTION_DIFFICULTY: Final = 10
#: The difficulty of 治療 (M20-087).
HEAL_DIFFICULTY: Final = 12
#: The difficulty of first aid, and with 治療 (M20-063, M20-089).
FIRST_AID_DIFFICULTY: Final = 16
FIRST_AID_DIFFICULTY_WITH_HEALING: Final = 8


class AttackMode(enum.Enum):
    """How many attack checks an attack action makes, and against whom (M20-100, M20-104).

    .. versionadded:: 0.1.0
    """

    #: One attack check against one target.
    SINGLE = "single"
    #: 雙重攻擊 — two attack checks at −2 (−0 enhanced), same or different targets.
    DOUBLE = "double"
    #: 範圍攻擊 — one attack roll at −4 (−2 enhanced) against every creature named.
    AREA = "area"


class HinderChoice(enum.Enum):
    """Which check of the target a successful hinder worsens, chosen at once (M20-060).

    .. versionadded:: 0.1.0
    """

    #: The target's next attack check.
    ATTACK = "attack"
    #: The target's next defense check.
    DEFENSE = "defense"


class Status(enum.Enum):
    """Where a combatant stands (M20-065, M20-066, M20-121).

    .. versionadded:: 0.1.0
    """

    #: In the fight.
    STANDING = "standing"
    #: A non-player character at 0 HP that the GM has not ruled on yet.
    DOWN = "down"
    #: At 0 HP and unconscious.
    UNCONSCIOUS = "unconscious"
    #: Dead, by the GM's ruling.
    DEAD = "dead"
    #: A summon that vanished or was dismissed.
    GONE = "gone"

    @property
    def label(self) -> str:
        """The catalog key of the status's name."""
        return f"m20.status.{self.value}"


class Question(enum.Enum):
    """A reaction the rules offer in the middle of an attack (the prompt's question).

    .. versionadded:: 0.1.0
    """

    #: 必殺一擊 — +5 to an attack that would miss (the attacker answers).
    DECISIVE_STRIKE = "decisive_strike"
    #: 危機閃避 — +5 to a defense that would fail (the defender answers).
    NARROW_ESCAPE = "narrow_escape"
    #: 傷害增幅 — +1 damage on a hit (the attacker answers).
    DAMAGE_BOOST = "damage_boost"
    #: 頑強不屈 — HP 1 instead of 0 (the one hit answers).
    INDOMITABLE = "indomitable"

    @property
    def command(self) -> str:
        """The name of the command that says yes."""
        return _ANSWERS[self]


_ANSWERS = MappingProxyType(
    {
        Question.DECISIVE_STRIKE: "UseDecisiveStrike",
        Question.NARROW_ESCAPE: "UseNarrowEscape",
        Question.DAMAGE_BOOST: "BoostDamage",
        Question.INDOMITABLE: "UseIndomitable",
    }
)


class EffectKind(enum.Enum):
    """A lasting modifier on a combatant; :attr:`expiry` says when it ends.

    .. versionadded:: 0.1.0
    """

    #: 專注防禦 — +2 to defense checks this round (M20-055).
    FOCUS_DEFENSE = "focus_defense"
    #: 冷卻 — +2 to defense checks this round (M20-090).
    COOL_DOWN_DEFENSE = "cool_down_defense"
    #: 冷卻 — −2 to attack checks until the end of your next turn (M20-091).
    COOL_DOWN_ATTACK = "cool_down_attack"
    #: 狂暴 — +2 to attack checks this round (M20-114).
    FRENZY_ATTACK = "frenzy_attack"
    #: 狂暴 — −2 to defense checks until the start of your next turn (M20-115).
    FRENZY_DEFENSE = "frenzy_defense"
    #: 分神援護 — −2 to every check but attacks until the start of your next turn (M20-079).
    SPLIT_FOCUS = "split_focus"
    #: 躲藏 — +2 on your next attack against :attr:`Effect.other` (M20-053, M20-054).
    HIDDEN = "hidden"
    #: 協助隊友 — +2 (+3) on your next attack against :attr:`Effect.other` (M20-058).
    ASSISTED = "assisted"
    #: 妨害敵人 — −2 (−3) on your next attack check (M20-060).
    HINDERED_ATTACK = "hindered_attack"
    #: 妨害敵人 — −2 (−3) on your next defense check (M20-060).
    HINDERED_DEFENSE = "hindered_defense"
    #: 廣域防禦 — the next attack on :attr:`Effect.other` targets you, your defense −4 (−2).
    GUARDING = "guarding"
    #: 廣域防禦 — protected, +1 on your next check (M20-084).
    GUARDED = "guarded"

    @property
    def expiry(self) -> Expiry:
        """When the effect ends (if it is not used up first)."""
        return _EXPIRY[self]


class Expiry(enum.Enum):
    """When an effect ends.

    .. versionadded:: 0.1.0
    """

    #: At the end of the round ("this round").
    ROUND_END = "round_end"
    #: When its holder next begins a turn in a later round ("until the start of your next turn").
    TURN_START = "turn_start"
    #: When its holder finishes its turn in a later round ("until the end of your next turn").
    TURN_END = "turn_end"
    #: When used, or at the combat's end.
    USE = "use"


_EXPIRY = MappingProxyType(
    {
        EffectKind.FOCUS_DEFENSE: Expiry.ROUND_END,
        EffectKind.COOL_DOWN_DEFENSE: Expiry.ROUND_END,
        EffectKind.COOL_DOWN_ATTACK: Expiry.TURN_END,
        EffectKind.FRENZY_ATTACK: Expiry.ROUND_END,
        EffectKind.FRENZY_DEFENSE: Expiry.TURN_START,
        EffectKind.SPLIT_FOCUS: Expiry.TURN_START,
        EffectKind.HIDDEN: Expiry.USE,
        EffectKind.ASSISTED: Expiry.USE,
        EffectKind.HINDERED_ATTACK: Expiry.USE,
        EffectKind.HINDERED_DEFENSE: Expiry.USE,
        EffectKind.GUARDING: Expiry.TURN_START,
        EffectKind.GUARDED: Expiry.USE,
    }
)


# --------------------------------------------------------------------------- setup


def _no_gm_id(_: object, __: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value or value == GM or "/" in value:
        raise InvalidData(
            "$.id", f"a participant id must be a non-empty text, not {GM!r}, without '/': {value!r}"
        )


def _a_character(_: object, __: attrs.Attribute[Character], value: object) -> None:
    if not isinstance(value, Character):
        raise InvalidData("$.character", f"expected an m20 Character, not {value!r}")


def _a_side(_: object, __: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise InvalidData("$.side", f"a side must be a non-empty text, not {value!r}")


def _a_flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise InvalidData(f"$.{attribute.name}", f"expected true or false, not {value!r}")


@attrs.frozen(kw_only=True)
class Participant:
    """One character entering a combat.

    Raises:
        InvalidData: A field of the wrong type, or an id that is empty, ``"gm"`` or has
            a ``/`` (the path names the field, such as ``$.id``).

    .. versionadded:: 0.1.0
    """

    #: A stable id, unique in the combat (keep it from one combat of a scenario to the next).
    id: str = attrs.field(validator=_no_gm_id)
    #: The character.
    character: Character = attrs.field(validator=_a_character)
    #: The side it fights on.
    side: str = attrs.field(validator=_a_side)
    #: Whether it is a player character (a non-player character is run by the GM).
    player: bool = attrs.field(default=True, validator=_a_flag)
    #: Its HP when the combat starts (carried from the last combat); ``None`` for max HP.
    hp: int | None = None

    @property
    def starting_hp(self) -> int:
        """The HP it starts with."""
        return self.character.max_hp if self.hp is None else self.hp


def _participants(values: Iterable[Participant]) -> tuple[Participant, ...]:
    given = cast(object, values)  # a caller may pass anything: check it all
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise InvalidData("$.participants", f"expected a list of participants, not {given!r}")
    out: tuple[object, ...] = tuple(given)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    for index, value in enumerate(out):
        if not isinstance(value, Participant):
            raise InvalidData(f"$.participants[{index}]", f"expected a Participant, not {value!r}")
    return tuple(values)


@attrs.frozen(kw_only=True)
class CombatSetup:
    """What :meth:`CombatRuleset.start` needs: the participants, rulings and scenario ledger.

    Raises:
        InvalidData: An HP outside 0..max, an id used twice, or fewer than two sides with
            someone above 0 HP (every problem found, in one error).

    .. versionadded:: 0.1.0
    """

    #: The participants, in the order the table lists them.
    participants: tuple[Participant, ...] = attrs.field(converter=_participants)
    #: The table's readings.
    rulings: Rulings = attrs.field(factory=Rulings, validator=attrs.validators.instance_of(Rulings))
    #: The uses per scenario spent before this combat (``ScenarioLedger()`` for a new one).
    ledger: ScenarioLedger = attrs.field(
        factory=ScenarioLedger, validator=attrs.validators.instance_of(ScenarioLedger)
    )

    def __attrs_post_init__(self) -> None:
        problems: list[tuple[str, str]] = []
        # A participant whose HP is wrong still names its side: fixing its HP gives the
        # side its fighter, so it counts as one for the sides check.
        fit: list[Participant] = []
        for index, p in enumerate(self.participants):
            hp = p.starting_hp
            if type(hp) is not int or not 0 <= hp <= p.character.max_hp:
                problems.append(
                    (
                        f"$.participants[{index}].hp",
                        f"HP must be from 0 to {p.character.max_hp}, not {hp!r}",
                    )
                )
            else:
                fit.append(p)
        ids = [p.id for p in self.participants]
        if len(set(ids)) != len(ids):
            problems.append(("$.participants", "every participant needs its own id"))
        sides = {p.side for p in self.participants if p not in fit or p.starting_hp > 0}
        if len(sides) < 2:
            problems.append(
                ("$.participants", "a combat needs two sides or more with someone above 0 HP")
            )
        if len(problems) == 1:
            raise InvalidData(*problems[0])
        if problems:
            raise InvalidData(
                "$.participants", "; ".join(f"{path}: {detail}" for path, detail in problems)
            )


# --------------------------------------------------------------------------- state


@attrs.frozen(kw_only=True)
class Effect:
    """A lasting modifier: its kind, value, the label its term shows, and when it began.

    .. versionadded:: 0.1.0
    """

    #: What it does.
    kind: EffectKind
    #: The modifier it adds (or, for 廣域防禦's guard, its defense penalty).
    value: int
    #: The label of its term (a catalog key or a skill's display name).
    label: str
    #: The round in which it began.
    since_round: int
    #: The other creature it concerns (the hidden-from, assisted-against or protected one).
    other: str | None = None


def _effects(values: Iterable[Effect]) -> tuple[Effect, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class Combatant:
    """A participant (or a summon) during the combat.

    .. versionadded:: 0.1.0
    """

    #: Its id (a summon's is its summoner's id followed by ``/summon``).
    id: str
    #: Its side.
    side: str
    #: Whether a player runs it.
    player: bool
    #: The character; ``None`` for a summon.
    character: Character | None
    #: For a summon, its summoner's id.
    summoner: str | None = None
    #: Max HP.
    max_hp: int
    #: Current HP.
    hp: int
    #: Standing, down, unconscious, dead or gone.
    status: Status = Status.STANDING
    #: Main actions taken this round.
    actions_taken: int = 0
    #: Main actions allowed this round (2 after 分神援護).
    actions_allowed: int = 1
    #: Attack actions taken this round (at most one).
    attacks: int = 0
    #: Whether its turn has begun this round.
    turn_started: bool = False
    #: Free declarations made this round (冷卻, 狂暴, 分神援護, 廣域防禦), by skill.
    declared: frozenset[Skill] = frozenset()
    #: 傷害增幅 uses left in this combat.
    damage_boosts_left: int = 0
    #: Whether it has used 召喚師 in this combat.
    summoned: bool = False
    #: Its lasting modifiers.
    effects: tuple[Effect, ...] = attrs.field(default=(), converter=_effects)

    @property
    def standing(self) -> bool:
        """Whether it is in the fight (standing and above 0 HP)."""
        return self.status is Status.STANDING and self.hp > 0


@attrs.frozen(kw_only=True)
class Strike:
    """One attack check of an attack action against one defender.

    .. versionadded:: 0.1.0
    """

    #: The creature the attack was aimed at.
    aimed_at: str
    #: The creature that defends (another, when 廣域防禦 redirected it).
    target: str
    #: Which attack check it belongs to (0; 1 for the second of 雙重攻擊).
    group: int
    #: The attack check, judged against the defense as an opposing roll.
    check: CheckResult
    #: Whether 暗殺 adds 1 damage when it hits (an attack from hiding on the hidden-from one).
    assassination: bool = False
    #: Whether 必殺一擊 was spent on it.
    decisive: bool = False
    #: Whether 危機閃避 was spent on it.
    escaped: bool = False

    @property
    def hit(self) -> bool:
        """Whether the attack check beats the defense check."""
        return self.check.success


def _strikes(values: Iterable[Strike]) -> tuple[Strike, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class PendingAttack:
    """An attack action being resolved, strike by strike: the suspended work of the prompts.

    .. versionadded:: 0.1.0
    """

    #: The attacker's id.
    attacker: str
    #: The strikes, resolved in order.
    strikes: tuple[Strike, ...] = attrs.field(converter=_strikes)
    #: The strike being resolved.
    index: int = 0
    #: Questions declined for the current strike.
    declined: frozenset[Question] = frozenset()
    #: The attack checks that already got 傷害增幅's +1.
    boosted_groups: frozenset[int] = frozenset()
    #: Whether 傷害增幅 adds 1 to the current strike.
    boost: bool = False
    #: Whether 頑強不屈 saves the current strike's target.
    indomitable: bool = False

    @property
    def strike(self) -> Strike:
        """The strike being resolved."""
        return self.strikes[self.index]


def _no_prompts() -> PromptStack[Question]:
    return PromptStack()


def _combatants(values: Iterable[Combatant]) -> tuple[Combatant, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class CombatState:
    """The whole state of an m20 combat: a value that survives JSON.

    .. versionadded:: 0.1.0
    """

    #: Every combatant, in setup order, summons after their summoners.
    combatants: tuple[Combatant, ...] = attrs.field(converter=_combatants)
    #: The round (from 1).
    round: int = 1
    #: The table's readings.
    rulings: Rulings = attrs.field(factory=Rulings)
    #: The uses per scenario spent, this combat's included.
    ledger: ScenarioLedger = attrs.field(factory=ScenarioLedger)
    #: The attack being resolved, if any.
    attack: PendingAttack | None = None
    #: The pending question, if any (its frame's pending value says which).
    prompts: PromptStack[Question] = attrs.field(factory=_no_prompts)
    #: How the combat ended; ``None`` while it goes on.
    result: GameResult | None = None

    def combatant(self, id: str) -> Combatant:
        """The combatant called *id*.

        Raises:
            IllegalCommand: No combatant has that id (``unknown_actor``).
        """
        for c in self.combatants:
            if c.id == id:
                return c
        raise IllegalCommand("unknown_actor", actor=id)


# --------------------------------------------------------------------------- commands


@attrs.frozen(kw_only=True)
class Attack:
    """Main action: attack (M20-051), 雙重攻擊 (two targets) or 範圍攻擊 (every one named).

    .. versionadded:: 0.1.0
    """

    #: Who attacks.
    actor: str
    #: The targets — one; two for 雙重攻擊 (may be the same twice); any number for 範圍攻擊.
    targets: tuple[str, ...]
    #: Physical (物攻 against 物防) or special (特攻 against 特防).
    kind: AttackKind = AttackKind.PHYSICAL
    #: Single, double or area.
    mode: AttackMode = AttackMode.SINGLE


@attrs.frozen(kw_only=True)
class Hide:
    """Main action: hide from *target* (M20-052); *kind* chooses 物攻 or 特攻.

    .. versionadded:: 0.1.0
    """

    #: Who hides.
    actor: str
    #: From whom.
    target: str
    #: How the hiding is done, physical (物攻) or special (特攻).
    kind: AttackKind = AttackKind.PHYSICAL


@attrs.frozen
class FocusDefense:
    """Main action: +2 to your defense checks this round (M20-055).

    .. versionadded:: 0.1.0
    """

    #: Who focuses.
    actor: str


@attrs.frozen(kw_only=True)
class Assist:
    """Main action: help *ally*'s next attack on *target* (M20-057, M20-058).

    .. versionadded:: 0.1.0
    """

    #: Who assists.
    actor: str
    #: The creature the ally will attack.
    target: str
    #: The ally who gets the bonus.
    ally: str
    #: How the assist is done, physical (物防) or special (特防).
    kind: AttackKind = AttackKind.PHYSICAL


@attrs.frozen(kw_only=True)
class Hinder:
    """Main action: worsen *target*'s next attack or defense check (M20-059, M20-060).

    .. versionadded:: 0.1.0
    """

    #: Who hinders.
    actor: str
    #: Whom.
    target: str
    #: Which check of the target, chosen at once.
    choice: HinderChoice
    #: How the hinder is done, physical (物攻) or special (特攻).
    kind: AttackKind = AttackKind.PHYSICAL


@attrs.frozen(kw_only=True)
class Heal:
    """Main action: 治療 (M20-087, M20-088), on yourself or another, unconscious included.

    .. versionadded:: 0.1.0
    """

    #: Who heals.
    actor: str
    #: Whom.
    target: str
    #: Whether the healing is magical or psionic (知識 + 特防 instead of 物防).
    magical: bool = False


@attrs.frozen(kw_only=True)
class FirstAid:
    """Main action: first aid on a target at exactly max HP − 1 (M20-062..064).

    .. versionadded:: 0.1.0
    """

    #: Who gives first aid.
    actor: str
    #: Whom.
    target: str
    #: Whether the healing is magical or psionic (知識 + 特防 instead of 物防).
    magical: bool = False


@attrs.frozen
class Summon:
    """Main action: 召喚師, once a combat (M20-119, M20-124).

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str


@attrs.frozen
class SplitFocus:
    """Free, before your first main action: 分神援護's extra main action (M20-078).

    .. versionadded:: 0.1.0
    """

    #: Who declares it.
    actor: str


@attrs.frozen
class CoolDown:
    """Free, before a main action, once a round: 冷卻 (M20-090, M20-091).

    .. versionadded:: 0.1.0
    """

    #: Who declares it.
    actor: str


@attrs.frozen
class Frenzy:
    """Free, before a main action, once a round: 狂暴 (M20-114, M20-115).

    .. versionadded:: 0.1.0
    """

    #: Who declares it.
    actor: str


@attrs.frozen(kw_only=True)
class WideGuard:
    """Free, on your turn, once a round: 廣域防禦 over *protected* (M20-082..084).

    .. versionadded:: 0.1.0
    """

    #: The guard.
    actor: str
    #: The creatures whose next attack the guard takes.
    protected: tuple[str, ...]


@attrs.frozen
class Dismiss:
    """Free, any time no question waits: send your summon back (M20-123).

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str


@attrs.frozen
class UseDecisiveStrike:
    """Answer: spend 必殺一擊 on the attack that would miss (M20-098).

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class UseNarrowEscape:
    """Answer: spend 危機閃避 on the defense that would fail (M20-076).

    .. versionadded:: 0.1.0
    """

    #: The defender.
    actor: str


@attrs.frozen
class BoostDamage:
    """Answer: spend 傷害增幅 on the hit (M20-109).

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class UseIndomitable:
    """Answer: spend 頑強不屈, HP 1 instead of 0 (M20-134).

    .. versionadded:: 0.1.0
    """

    #: The one hit.
    actor: str


@attrs.frozen
class EndRound:
    """GM ruling: end the round now (M20-049).

    .. versionadded:: 0.1.0
    """

    #: The GM.
    actor: str = GM


@attrs.frozen
class EndCombat:
    """GM ruling: end the combat now (M20-065).

    .. versionadded:: 0.1.0
    """

    #: The GM.
    actor: str = GM


@attrs.frozen(kw_only=True)
class RuleFallen:
    """GM ruling: a non-player character at 0 HP is unconscious or dead (M20-066).

    .. versionadded:: 0.1.0
    """

    #: The fallen non-player character.
    target: str
    #: Dead (``True``) or unconscious (``False``).
    dead: bool
    #: The GM.
    actor: str = GM


#: Every m20 combat command (a union, tagged by class name in JSON).
Command = (
    Attack
    | Hide
    | FocusDefense
    | Assist
    | Hinder
    | Heal
    | FirstAid
    | Summon
    | SplitFocus
    | CoolDown
    | Frenzy
    | WideGuard
    | Dismiss
    | UseDecisiveStrike
    | UseNarrowEscape
    | BoostDamage
    | UseIndomitable
    | Pass
    | EndRound
    | EndCombat
    | RuleFallen
)

# --------------------------------------------------------------------------- events


@attrs.frozen
class SplitFocusDeclared:
    """分神援護 was declared.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen
class CoolDownDeclared:
    """冷卻 was declared.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen
class FrenzyDeclared:
    """狂暴 was declared.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen(kw_only=True)
class WideGuardDeclared:
    """廣域防禦 was declared over the protected creatures.

    .. versionadded:: 0.1.0
    """

    #: The guard.
    actor: str
    #: The protected creatures.
    protected: tuple[str, ...]


@attrs.frozen(kw_only=True)
class SummonDismissed:
    """A summoner sent its summon back.

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str
    #: The summon.
    summon: str


@attrs.frozen(kw_only=True)
class Attacked:
    """An attack action: every attack and defense die, judged, strike by strike.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str
    #: Physical or special.
    kind: AttackKind
    #: Single, double or area.
    mode: AttackMode
    #: The targets named by the command.
    aimed: tuple[str, ...]
    #: The strikes, in order.
    strikes: tuple[Strike, ...] = attrs.field(converter=_strikes)


@attrs.frozen(kw_only=True)
class Hid:
    """A hide check.

    .. versionadded:: 0.1.0
    """

    #: Who hid.
    actor: str
    #: From whom.
    target: str
    #: The way (物攻 or 特攻).
    kind: AttackKind
    #: The check against 10.
    check: CheckResult


@attrs.frozen
class FocusedDefense:
    """專注防禦 was taken.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen(kw_only=True)
class Assisted:
    """An assist check.

    .. versionadded:: 0.1.0
    """

    #: Who assisted.
    actor: str
    #: The creature to be attacked.
    target: str
    #: The ally who gets the bonus.
    ally: str
    #: The way (物防 or 特防).
    kind: AttackKind
    #: The check against 10.
    check: CheckResult


@attrs.frozen(kw_only=True)
class Hindered:
    """A hinder check.

    .. versionadded:: 0.1.0
    """

    #: Who hindered.
    actor: str
    #: Whom.
    target: str
    #: The target's attack or defense.
    choice: HinderChoice
    #: The way (物攻 or 特攻).
    kind: AttackKind
    #: The check against 10.
    check: CheckResult


@attrs.frozen(kw_only=True)
class Treated:
    """A 治療 or first-aid check, and the target's HP after it.

    .. versionadded:: 0.1.0
    """

    #: Who treated.
    actor: str
    #: Whom.
    target: str
    #: Whether it was first aid (else 治療).
    first_aid: bool
    #: Whether it was magical (特防).
    magical: bool
    #: The check.
    check: CheckResult
    #: The target's HP afterwards.
    hp: int


@attrs.frozen(kw_only=True)
class Summoned:
    """A summon appeared.

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str
    #: The summon's id.
    summon: str
    #: The summon's HP (1, or 2 with 強化召喚物耐久).
    hp: int


@attrs.frozen
class DecisiveStrikeUsed:
    """必殺一擊 was spent: +5 to the attack check.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class NarrowEscapeUsed:
    """危機閃避 was spent: +5 to the defense check.

    .. versionadded:: 0.1.0
    """

    #: The defender.
    actor: str


@attrs.frozen
class DamageBoosted:
    """傷害增幅 was spent: +1 damage.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class IndomitableUsed:
    """頑強不屈 was spent: HP 1 instead of 0.

    .. versionadded:: 0.1.0
    """

    #: The one hit.
    actor: str


@attrs.frozen
class Declined:
    """The one asked passed on the question.

    .. versionadded:: 0.1.0
    """

    #: Who passed.
    actor: str


@attrs.frozen(kw_only=True)
class StrikeResolved:
    """Automatic: a strike's damage (0 for a miss) and the target's HP after it.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    attacker: str
    #: The defender.
    target: str
    #: Whether it hit.
    hit: bool
    #: The damage dealt.
    damage: int
    #: The target's HP afterwards.
    hp: int


@attrs.frozen(kw_only=True)
class Fell:
    """Automatic: a combatant reached 0 HP (M20-065, M20-066, M20-121).

    .. versionadded:: 0.1.0
    """

    #: Who.
    participant: str
    #: Unconscious (a player character), down (awaiting the GM) or gone (a summon).
    status: Status


@attrs.frozen
class SummonVanished:
    """Automatic: a summon vanished because its summoner fell (M20-121).

    .. versionadded:: 0.1.0
    """

    #: The summon.
    summon: str


@attrs.frozen(kw_only=True)
class RoundEnded:
    """The round ended: all standing acted (automatic), or the GM ended it.

    .. versionadded:: 0.1.0
    """

    #: The round that ended.
    round: int
    #: Whether the GM ended it.
    by_gm: bool = False


@attrs.frozen(kw_only=True)
class CombatEnded:
    """The combat ended: one side is left standing (automatic), or the GM ended it.

    .. versionadded:: 0.1.0
    """

    #: The winning side, if any.
    winners: tuple[str, ...]
    #: A catalog key saying why.
    reason: str


@attrs.frozen(kw_only=True)
class FallenRuled:
    """The GM ruled a fallen non-player character unconscious or dead.

    .. versionadded:: 0.1.0
    """

    #: Whom.
    target: str
    #: Dead or unconscious.
    dead: bool


#: Every m20 combat event (a union, tagged by class name in JSON).
Event = (
    SplitFocusDeclared
    | CoolDownDeclared
    | FrenzyDeclared
    | WideGuardDeclared
    | SummonDismissed
    | Attacked
    | Hid
    | FocusedDefense
    | Assisted
    | Hindered
    | Treated
    | Summoned
    | DecisiveStrikeUsed
    | NarrowEscapeUsed
    | DamageBoosted
    | IndomitableUsed
    | Declined
    | StrikeResolved
    | Fell
    | SummonVanished
    | RoundEnded
    | CombatEnded
    | FallenRuled
)

GM_ENDED: Final = "m20.result.gm_ended"


def _is_automatic(event: Event) -> bool:
    if isinstance(event, RoundEnded):
        return not event.by_gm
    if isinstance(event, CombatEnded):
        return event.reason != GM_ENDED
    return isinstance(event, StrikeResolved | Fell | SummonVanished)


# --------------------------------------------------------------------------- rules helpers


@functools.cache
def _init_names(cls: type[Any]) -> tuple[str, ...]:
    return tuple(a.name for a in attrs.fields(cls) if a.init)


def _evolved(inst: T, **changes: Any) -> T:
    """``attrs.evolve`` for the combat's own classes, without its per-call introspection."""
    cls: type[Any] = type(inst)
    for name in _init_names(cls):  # type: ignore[arg-type]  # a class is hashable
        if name not in changes:
            changes[name] = getattr(inst, name)
    new: T = cls(**changes)
    return new


def _changed(c: Combatant, **changes: Any) -> Combatant:
    """``attrs.evolve`` for a combatant, spelled out: the fold's most frequent copy."""
    get = changes.get
    return Combatant(
        id=get("id", c.id),
        side=get("side", c.side),
        player=get("player", c.player),
        character=get("character", c.character),
        summoner=get("summoner", c.summoner),
        max_hp=get("max_hp", c.max_hp),
        hp=get("hp", c.hp),
        status=get("status", c.status),
        actions_taken=get("actions_taken", c.actions_taken),
        actions_allowed=get("actions_allowed", c.actions_allowed),
        attacks=get("attacks", c.attacks),
        turn_started=get("turn_started", c.turn_started),
        declared=get("declared", c.declared),
        damage_boosts_left=get("damage_boosts_left", c.damage_boosts_left),
        summoned=get("summoned", c.summoned),
        effects=get("effects", c.effects),
    )


def _state_with(state: CombatState, **changes: Any) -> CombatState:
    """``attrs.evolve`` for a combat state, spelled out: one per event folded."""
    get = changes.get
    return CombatState(
        combatants=get("combatants", state.combatants),
        round=get("round", state.round),
        rulings=get("rulings", state.rulings),
        ledger=get("ledger", state.ledger),
        attack=get("attack", state.attack),
        prompts=get("prompts", state.prompts),
        result=get("result", state.result),
    )


def _illegal(reason: str, **params: object) -> IllegalCommand:
    return IllegalCommand(f"m20.illegal.{reason}", **params)


def _label(character: Character | None, skill: Skill) -> str:
    if character is not None:
        picks = character.picks_of(skill)
        if picks:
            return picks[0].label
    return skill.label


def _has(c: Combatant, skill: Skill) -> bool:
    return c.character is not None and c.character.has(skill)


def _scenario_left(state: CombatState, c: Combatant, skill: Skill) -> int:
    if c.character is None:
        return 0
    return state.ledger.remaining(c.id, c.character, skill)


def _summon_of(state: CombatState, c: Combatant) -> Combatant | None:
    for other in state.combatants:
        if other.summoner == c.id and other.status is Status.STANDING:
            return other
    return None


def _summoner_penalty(state: CombatState, c: Combatant) -> list[Term]:
    # M20-122, M20-127, M20-130, M20-131: −4, −3 with one upgrade, −2 with both.
    if c.character is None or _summon_of(state, c) is None:
        return []
    # The term carries the label of the skill that set its value: 強化召喚物能力 says −2
    # with both upgrades (M20-131).
    character = c.character
    if character.has(Skill.SUMMON_PROWESS):
        value = -2 if character.has(Skill.SUMMON_ENDURANCE) else -3
        return [Term(_label(character, Skill.SUMMON_PROWESS), value)]
    if character.has(Skill.SUMMON_ENDURANCE):
        return [Term(_label(character, Skill.SUMMON_ENDURANCE), -3)]
    return [Term(_label(character, Skill.SUMMONER), -4)]


def _first_in(
    effects: tuple[Effect, ...], kind: EffectKind, other: str | None = None
) -> Effect | None:
    for effect in effects:
        if effect.kind is kind and (other is None or effect.other == other):
            return effect
    return None


def _terms_in(effects: tuple[Effect, ...], *kinds: EffectKind) -> list[Term]:
    return [Term(e.label, e.value) for e in effects if e.kind in kinds and e.value]


def _terms_of(c: Combatant, *kinds: EffectKind) -> list[Term]:
    return _terms_in(c.effects, *kinds)


def _take(
    effects: tuple[Effect, ...], kind: EffectKind, other: str | None = None
) -> tuple[list[Term], tuple[Effect, ...]]:
    """Use up the first *kind* effect of *effects*: its term and the effects without it."""
    effect = _first_in(effects, kind, other)
    if effect is None:
        return [], effects
    return [Term(effect.label, effect.value)], _remove(effects, effect)


def _summon_attributes(summoner: Character | None, attribute: Attribute) -> list[Term]:
    value = 2 if attribute.offensive else 0
    terms = [Term(attribute.label, value)]
    if summoner is not None and summoner.has(Skill.SUMMON_PROWESS):
        terms.append(Term(_label(summoner, Skill.SUMMON_PROWESS), 1))
    return terms


def _owner(state: CombatState, c: Combatant) -> Character | None:
    if c.summoner is None:
        return c.character
    for other in state.combatants:
        if other.id == c.summoner:
            return other.character
    return None


def _attack_base(
    state: CombatState, c: Combatant, kind: AttackKind, extra: list[Term]
) -> tuple[Term, ...]:
    if c.character is None:
        return (*_summon_attributes(_owner(state, c), kind.attack_attribute), *extra)
    return attack_terms(c.character, kind, extra=extra)


def _defense_base(
    state: CombatState, c: Combatant, kind: AttackKind, extra: list[Term]
) -> tuple[Term, ...]:
    if c.character is None:
        return (*_summon_attributes(_owner(state, c), kind.defense_attribute), *extra)
    return defense_terms(c.character, kind, extra=extra)


@attrs.frozen(kw_only=True)
class _Planned:
    aimed_at: str
    target: str
    group: int
    attack: tuple[Term, ...]
    defense: tuple[Term, ...]
    assassination: bool


def _mode_penalty(c: Combatant, mode: AttackMode) -> list[Term]:
    if mode is AttackMode.DOUBLE:
        if _has(c, Skill.IMPROVED_DOUBLE_ATTACK):
            return []
        return [Term(_label(c.character, Skill.DOUBLE_ATTACK), -2)]
    if mode is AttackMode.AREA:
        if _has(c, Skill.IMPROVED_AREA_ATTACK):
            return [Term(_label(c.character, Skill.IMPROVED_AREA_ATTACK), -2)]
        return [Term(_label(c.character, Skill.AREA_ATTACK), -4)]
    return []


def _replaced(state: CombatState, *changed: Combatant, **changes: Any) -> CombatState:
    """*state* with the *changed* combatants swapped in by id (and *changes*), built once."""
    if len(changed) == 1:
        one = changed[0]
        combatants = tuple(one if c.id == one.id else c for c in state.combatants)
    else:
        by_id = {c.id: c for c in changed}
        combatants = tuple(by_id.get(c.id, c) for c in state.combatants)
    return _state_with(state, combatants=combatants, **changes)


def _redirect(
    state: CombatState, effects: dict[str, tuple[Effect, ...]], attacker: str, aimed: str
) -> tuple[str, list[Term]]:
    """Who defends against an attack aimed at *aimed*, and the guard's terms; uses the guard."""
    # M20-082, M20-083: the next attack aimed at a protected creature targets its guard.
    for guard in state.combatants:
        if guard.id in (attacker, aimed) or not guard.standing:
            continue
        held = effects.get(guard.id, guard.effects)
        effect = _first_in(held, EffectKind.GUARDING, aimed)
        if effect is not None:
            effects[guard.id] = _remove(held, effect)
            return guard.id, [Term(effect.label, effect.value)]
    return aimed, []


def _plan_attack(
    state: CombatState, actor: str, kind: AttackKind, mode: AttackMode, targets: tuple[str, ...]
) -> tuple[list[_Planned], dict[str, tuple[Effect, ...]]]:
    """The terms of every strike, and the effects left to those whose effects it used (pure).

    The effects left are keyed by id: the actor's (those left once its turn has begun and
    the attack has used its own) and those of each defender and guard the attack used.
    The targets must have been checked.
    """
    me = state.combatant(actor)
    effects = {actor: _begun_effects(me, state.round)}
    planned: list[_Planned] = []
    groups = (
        [(0, targets)] if mode is not AttackMode.DOUBLE else [(0, targets[:1]), (1, targets[1:])]
    )
    for group, aimed_targets in groups:
        mine = effects[actor]
        base = [
            *_terms_in(mine, EffectKind.FRENZY_ATTACK, EffectKind.COOL_DOWN_ATTACK),
            *_mode_penalty(me, mode),
        ]
        used, mine = _take(mine, EffectKind.HINDERED_ATTACK)
        base += used
        used, mine = _take(mine, EffectKind.GUARDED)
        base += used
        base += _summoner_penalty(state, me)
        effects[actor] = mine
        for aimed in aimed_targets:
            target, guard_terms = _redirect(state, effects, actor, aimed)
            mine = effects[actor]
            own: list[Term] = []
            hidden = _first_in(mine, EffectKind.HIDDEN, target)
            if hidden is not None:
                own.append(Term(hidden.label, hidden.value))
                mine = _remove(mine, hidden)
            used, mine = _take(mine, EffectKind.ASSISTED, target)
            own += used
            effects[actor] = mine
            defender = state.combatant(target)
            theirs = effects.get(target, defender.effects)
            defense = [
                *_terms_in(
                    theirs,
                    EffectKind.FOCUS_DEFENSE,
                    EffectKind.COOL_DOWN_DEFENSE,
                    EffectKind.FRENZY_DEFENSE,
                    EffectKind.SPLIT_FOCUS,
                ),
                *guard_terms,
            ]
            used, theirs = _take(theirs, EffectKind.HINDERED_DEFENSE)
            defense += used
            used, theirs = _take(theirs, EffectKind.GUARDED)
            defense += used
            defense += _summoner_penalty(state, defender)
            effects[target] = theirs
            planned.append(
                _Planned(
                    aimed_at=aimed,
                    target=target,
                    group=group,
                    attack=_attack_base(state, me, kind, [*base, *own]),
                    defense=_defense_base(state, defender, kind, defense),
                    assassination=hidden is not None and _has(me, Skill.ASSASSINATION),
                )
            )
    # M20-054: hiding ends with the hider's next attack, on anyone.
    mine = effects[actor]
    if _first_in(mine, EffectKind.HIDDEN) is not None:
        effects[actor] = tuple(e for e in mine if e.kind is not EffectKind.HIDDEN)
    return planned, effects


def _plan_specialty(
    state: CombatState,
    me: Combatant,
    effects: tuple[Effect, ...],
    specialty: Specialty,
    *,
    attribute: Attribute,
    extra: Iterable[Term] = (),
) -> tuple[tuple[Term, ...], tuple[Effect, ...]]:
    """The terms of *me*'s specialty check, and its *effects* without those it used (pure).

    *effects* are *me*'s effects once its turn has begun.
    """
    character = me.character
    assert character is not None  # only characters take these actions
    terms = [
        *extra,
        *(Term(e.label, e.value) for e in effects if e.kind is EffectKind.SPLIT_FOCUS and e.value),
    ]
    for guarded in effects:
        if guarded.kind is EffectKind.GUARDED:
            terms.append(Term(guarded.label, guarded.value))
            effects = _remove(effects, guarded)
            break
    terms += _summoner_penalty(state, me)
    full = specialty_terms(
        character, specialty, attribute=attribute, extra=terms, rulings=state.rulings
    )
    return full, effects


def _remove(effects: tuple[Effect, ...], used: Effect) -> tuple[Effect, ...]:
    """*effects* without the first that equals *used*."""
    kept = list(effects)
    kept.remove(used)
    return tuple(kept)


#: The effect kinds of each expiry, as tuples (``in`` on a tuple of enum members compares
#: by identity, cheaper than hashing them).
_KINDS_EXPIRING: Final = MappingProxyType(
    {x: tuple(k for k in EffectKind if _EXPIRY[k] is x) for x in Expiry}
)


def _expire(c: Combatant, expiry: Expiry, round_: int, *, earlier: bool) -> Combatant:
    if not c.effects:
        return c
    kinds = _KINDS_EXPIRING[expiry]
    kept = [
        e for e in c.effects if not (e.kind in kinds and (not earlier or e.since_round < round_))
    ]
    if len(kept) == len(c.effects):
        return c
    return _changed(c, effects=kept)


def _begun_effects(c: Combatant, round_: int) -> tuple[Effect, ...]:
    """*c*'s effects once its turn has begun in *round_*."""
    if c.turn_started or not c.effects:
        return c.effects
    kinds = _KINDS_EXPIRING[Expiry.TURN_START]
    return tuple(e for e in c.effects if not (e.kind in kinds and e.since_round < round_))


def _turn_begun(c: Combatant, round_: int) -> Combatant:
    """*c* with its turn begun in *round_* (its effects "until the start of your next turn" end)."""
    # "Until the start of your next turn" ends when the holder begins a turn in a later round.
    if c.turn_started:
        return c
    return _changed(c, turn_started=True, effects=_begun_effects(c, round_))


def _acted(
    c: Combatant, round_: int, *, attack: bool, effects: tuple[Effect, ...] | None = None
) -> Combatant:
    """*c* (with *effects*, if given) after one more main action of a turn it has begun.

    Its effects "until the end of your next turn" end when the action was its last.
    """
    # "Until the end of your next turn" ends when the holder finishes its last main action
    # of a later round.
    taken = c.actions_taken + 1
    if effects is None:
        effects = c.effects
    if taken >= c.actions_allowed and effects:
        kinds = _KINDS_EXPIRING[Expiry.TURN_END]
        effects = tuple(e for e in effects if not (e.kind in kinds and e.since_round < round_))
    return _changed(
        c,
        turn_started=True,
        actions_taken=taken,
        attacks=c.attacks + int(attack),
        effects=effects,
    )


def _begin_turn(state: CombatState, actor: str) -> CombatState:
    c = state.combatant(actor)
    begun = _turn_begun(c, state.round)
    return state if begun is c else _replaced(state, begun)


def _effect(
    kind: EffectKind, value: int, label: str, round_: int, other: str | None = None
) -> Effect:
    return Effect(kind=kind, value=value, label=label, since_round=round_, other=other)


def _with_effects(c: Combatant, *effects: Effect) -> Combatant:
    return _changed(c, effects=(*c.effects, *effects))


def _add(state: CombatState, id_: str, *effects: Effect) -> CombatState:
    return _replaced(state, _with_effects(state.combatant(id_), *effects))


# --------------------------------------------------------------------------- legality


def _check_open(state: CombatState) -> None:
    if state.result is not None:
        raise IllegalCommand("game_over")
    if not state.prompts.empty:
        top = state.prompts.top
        raise IllegalCommand("not_your_prompt", actor="?", responder=top.responder)


def _check_main(state: CombatState, actor: str) -> Combatant:
    _check_open(state)
    c = state.combatant(actor)
    if not c.standing:
        raise _illegal("not_standing", actor=actor)
    if c.actions_taken >= c.actions_allowed:
        raise _illegal("no_action_left", actor=actor)
    return c


def _check_character(state: CombatState, actor: str) -> Character:
    c = _check_main(state, actor)
    if c.character is None:
        raise _illegal("summon_only_attacks", actor=actor)
    return c.character


def _check_skill(c: Combatant | Character, skill: Skill) -> None:
    character = c.character if isinstance(c, Combatant) else c
    if character is None or not character.has(skill):
        raise _illegal("lacks_skill", skill=Label(skill.label))


def _check_other(state: CombatState, actor: str, target: str) -> Combatant:
    t = state.combatant(target)
    if target == actor:
        raise _illegal("not_yourself", actor=actor)
    if not t.standing:
        raise _illegal("not_standing", actor=target)
    return t


def _check_attack(
    state: CombatState, actor: str, kind: AttackKind, mode: AttackMode, targets: tuple[str, ...]
) -> None:
    c = _check_main(state, actor)
    if c.attacks >= 1:
        raise _illegal("one_attack_a_round", actor=actor)
    if not isinstance(kind, AttackKind) or not isinstance(mode, AttackMode):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise _illegal("bad_targets")
    if mode is AttackMode.SINGLE and len(targets) != 1:
        raise _illegal("bad_targets")
    if mode is AttackMode.DOUBLE:
        _check_skill(c, Skill.DOUBLE_ATTACK)
        if len(targets) != 2:
            raise _illegal("bad_targets")
    if mode is AttackMode.AREA:
        _check_skill(c, Skill.AREA_ATTACK)
        if not targets or len(set(targets)) != len(targets):
            raise _illegal("bad_targets")
    for target in targets:
        _check_other(state, actor, target)


def _check_free(state: CombatState, actor: str, skill: Skill) -> Combatant:
    c = _check_main(state, actor)
    _check_skill(c, skill)
    if skill in c.declared:
        raise _illegal("once_a_round", skill=Label(skill.label))
    if skill is Skill.SPLIT_FOCUS and c.actions_taken:
        raise _illegal("before_main_action", skill=Label(skill.label))
    return c


def _check_heal_target(state: CombatState, target: str, *, first_aid: bool) -> Combatant:
    t = state.combatant(target)
    if t.character is None:
        raise _illegal("not_a_character", actor=target)
    if first_aid:
        if not t.standing or t.hp != t.max_hp - 1:
            raise _illegal("first_aid_hp", actor=target, hp=t.hp, wanted=t.max_hp - 1)
        return t
    if t.status not in (Status.STANDING, Status.DOWN, Status.UNCONSCIOUS):
        raise _illegal("cannot_heal", actor=target)
    if t.hp >= t.max_hp:
        raise _illegal("at_full_hp", actor=target)
    return t


def _check_guard(state: CombatState, actor: str, protected: tuple[str, ...]) -> None:
    _check_free(state, actor, Skill.WIDE_GUARD)
    if not protected or len(set(protected)) != len(protected):
        raise _illegal("bad_targets")
    for other in protected:
        _check_other(state, actor, other)


def _check_rule_fallen(state: CombatState, target: str) -> None:
    t = state.combatant(target)
    if t.player or t.character is None or t.status not in (Status.DOWN, Status.UNCONSCIOUS):
        raise _illegal("not_fallen_npc", actor=target)


# --------------------------------------------------------------------------- questions


def _question(state: CombatState) -> tuple[Question, str] | None:
    attack = state.attack
    if attack is None:
        return None
    strike = attack.strike
    attacker = state.combatant(attack.attacker)
    target = state.combatant(strike.target)
    if not target.standing or not attacker.standing:
        return None
    declined = attack.declined
    if not strike.hit:
        if (
            Question.DECISIVE_STRIKE not in declined
            and not strike.decisive
            and _scenario_left(state, attacker, Skill.DECISIVE_STRIKE)
        ):
            return Question.DECISIVE_STRIKE, attacker.id
        return None
    if (
        Question.NARROW_ESCAPE not in declined
        and not strike.escaped
        and _scenario_left(state, target, Skill.NARROW_ESCAPE)
    ):
        return Question.NARROW_ESCAPE, target.id
    if (
        Question.DAMAGE_BOOST not in declined
        and not attack.boost
        and strike.group not in attack.boosted_groups
        and attacker.damage_boosts_left > 0
    ):
        return Question.DAMAGE_BOOST, attacker.id
    if (
        Question.INDOMITABLE not in declined
        and not attack.indomitable
        and target.hp - _damage(attack) <= 0
        and _scenario_left(state, target, Skill.INDOMITABLE)
    ):
        return Question.INDOMITABLE, target.id
    return None


def _damage(attack: PendingAttack) -> int:
    # M20-034, M20-109, M20-113, M20-117, M20-118: 1, +1 傷害增幅, +1 暗殺 (stacking).
    return 1 + int(attack.boost) + int(attack.strike.assassination)


def _with_prompt(state: CombatState) -> CombatState:
    asked = _question(state)
    if asked is None:
        prompts: PromptStack[Question] = PromptStack()
    else:
        question, responder = asked
        prompts = PromptStack(
            (
                PromptFrame(
                    responder=responder, answers={question.command, "Pass"}, pending=question
                ),
            )
        )
    if prompts == state.prompts:
        return state
    return _state_with(state, prompts=prompts)


def _strike_outcome(state: CombatState) -> StrikeResolved:
    attack = state.attack
    assert attack is not None
    strike = attack.strike
    target = state.combatant(strike.target)
    if not (strike.hit and target.standing and state.combatant(attack.attacker).standing):
        return StrikeResolved(
            attacker=attack.attacker, target=target.id, hit=False, damage=0, hp=target.hp
        )
    damage = _damage(attack)
    hp = max(0, target.hp - damage)
    if hp == 0 and attack.indomitable:
        hp = 1
    return StrikeResolved(
        attacker=attack.attacker, target=target.id, hit=True, damage=damage, hp=hp
    )


def _standing_sides(state: CombatState) -> tuple[str, ...]:
    sides: list[str] = []
    for c in state.combatants:
        if c.standing and c.side not in sides:
            sides.append(c.side)
    return tuple(sides)


def _fall_status(c: Combatant) -> Status:
    if c.summoner is not None:
        return Status.GONE
    return Status.UNCONSCIOUS if c.player else Status.DOWN


def _automatic(state: CombatState) -> Event | None:
    """The event the rules call for next without anyone's choice, if any."""
    if state.result is not None:
        return None
    for c in state.combatants:
        if c.status is Status.STANDING and c.hp <= 0:
            return Fell(participant=c.id, status=_fall_status(c))
    for c in state.combatants:
        summoner = c.summoner
        if (
            summoner is not None
            and c.status is Status.STANDING
            and not state.combatant(summoner).standing
        ):
            return SummonVanished(c.id)
    if state.attack is not None:
        if not state.prompts.empty:
            return None
        return _strike_outcome(state)
    sides = _standing_sides(state)
    if len(sides) <= 1:
        return CombatEnded(
            winners=sides, reason="m20.result.one_side_left" if sides else "m20.result.all_down"
        )
    if all(c.actions_taken >= c.actions_allowed for c in state.combatants if c.standing):
        return RoundEnded(round=state.round)
    return None


# --------------------------------------------------------------------------- the ruleset


def _roll_attack(planned: list[_Planned], mode: AttackMode, dice: DiceSource) -> tuple[Strike, ...]:
    strikes: list[Strike] = []
    shared = dice.roll(D20) if mode is AttackMode.AREA else None
    for plan in planned:
        attack_roll = shared if shared is not None else dice.roll(D20)
        defense = Opposition(rolls=(dice.roll(D20),), terms=plan.defense, label="m20.check.defense")
        check = CheckResult.judged(
            rolls=(attack_roll,), terms=plan.attack, against=defense, label="m20.check.attack"
        )
        strikes.append(
            Strike(
                aimed_at=plan.aimed_at,
                target=plan.target,
                group=plan.group,
                check=check,
                assassination=plan.assassination,
            )
        )
    return tuple(strikes)


def _specialty_check(terms: tuple[Term, ...], difficulty: int, dice: DiceSource) -> CheckResult:
    return CheckResult.judged(rolls=(dice.roll(D20),), terms=terms, against=Difficulty(difficulty))


def _verify(event_check: CheckResult, terms: tuple[Term, ...], difficulty: int) -> None:
    if (
        event_check.terms != terms
        or not isinstance(event_check.against, Difficulty)
        or event_check.against.value != difficulty
        or len(event_check.rolls) != 1
        or event_check.rolls[0].dice != D20
        or event_check.label is not None
        or not _plainly_judged(event_check, difficulty)
    ):
        raise _illegal("check_mismatch")


def _plainly_judged(check: CheckResult, against: int) -> bool:
    """Whether *check* is what :meth:`CheckResult.judged` makes of its own rolls and terms.

    The same test as ``check == CheckResult.judged(rolls=..., terms=..., against=...,
    label=...)``, without building the second result.
    """
    holds = check.comparison.holds(check.total, against)
    return (
        type(check) is CheckResult
        and check.comparison is Comparison.AT_LEAST
        and check.outcome is (Outcome.SUCCESS if holds else Outcome.FAILURE)
    )


# --------------------------------------------------------------------------- command shapes


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _is_texts(value: object) -> bool:
    return isinstance(value, tuple | list) and all(isinstance(v, str) for v in value)  # pyright: ignore[reportUnknownVariableType]


def _is_flag(value: object) -> bool:
    return type(value) is bool


def _is_kind(value: object) -> bool:
    return isinstance(value, AttackKind)


def _is_mode(value: object) -> bool:
    return isinstance(value, AttackMode)


def _is_choice(value: object) -> bool:
    return isinstance(value, HinderChoice)


_Field = tuple[str, Callable[[object], bool], str]
_ACTOR: Final[_Field] = ("actor", _is_text, "str")
_TARGET: Final[_Field] = ("target", _is_text, "str")
_KIND: Final[_Field] = ("kind", _is_kind, "AttackKind")
_MAGICAL: Final[_Field] = ("magical", _is_flag, "bool")

#: The type each field of each command must have (commands built in Python are not checked
#: by attrs): ``decide`` refuses a malformed command before reading it.
_SHAPES: Mapping[type[Any], tuple[_Field, ...]] = MappingProxyType(
    {
        Attack: (
            _ACTOR,
            ("targets", _is_texts, "tuple[str, ...]"),
            _KIND,
            ("mode", _is_mode, "AttackMode"),
        ),
        Hide: (_ACTOR, _TARGET, _KIND),
        Assist: (_ACTOR, _TARGET, ("ally", _is_text, "str"), _KIND),
        Hinder: (_ACTOR, _TARGET, ("choice", _is_choice, "HinderChoice"), _KIND),
        Heal: (_ACTOR, _TARGET, _MAGICAL),
        FirstAid: (_ACTOR, _TARGET, _MAGICAL),
        WideGuard: (_ACTOR, ("protected", _is_texts, "tuple[str, ...]")),
        RuleFallen: (_TARGET, ("dead", _is_flag, "bool"), _ACTOR),
        **dict.fromkeys(
            (
                FocusDefense,
                Summon,
                SplitFocus,
                CoolDown,
                Frenzy,
                Dismiss,
                UseDecisiveStrike,
                UseNarrowEscape,
                BoostDamage,
                UseIndomitable,
                Pass,
                EndRound,
                EndCombat,
            ),
            (_ACTOR,),
        ),
    }
)


def _check_shape(command: object) -> None:
    """Refuse a command that is no m20 command, or has a field of the wrong type."""
    shape = _SHAPES.get(type(command))
    if shape is None:
        raise _illegal("unknown_command", command=type(command).__name__)
    for name, fits, expected in shape:
        value = getattr(command, name, None)
        if not fits(value):
            shown = repr(value)
            raise _illegal(
                "bad_command",
                command=type(command).__name__,
                field=name,
                expected=expected,
                value=shown if len(shown) <= 60 else shown[:57] + "...",
            )


class CombatRuleset:
    """The m20 combat as an :class:`~tabletop_rules.engine.Ruleset` (use ``RULESET``).

    .. versionadded:: 0.1.0
    """

    @property
    def name(self) -> str:
        """``"m20"``."""
        return "m20"

    @property
    def rules_version(self) -> str:
        """The version of this reading of the rules."""
        return "1"

    @property
    def setup_type(self) -> Any:
        """:class:`CombatSetup`."""
        return CombatSetup

    @property
    def event_type(self) -> Any:
        """The union of every event class."""
        return Event

    @property
    def command_type(self) -> Any:
        """The union of every command class."""
        return Command

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command and event unions by class name."""
        from tabletop_rules.serialization import register_tagged_union

        register_tagged_union(converter, Command)
        register_tagged_union(converter, Event)

    # ------------------------------------------------------------------ start

    def start(self, setup: CombatSetup) -> CombatState:
        """The state before the first round: every participant standing (or fallen at 0 HP)."""
        combatants: list[Combatant] = []
        for p in setup.participants:
            hp = p.starting_hp
            status = (
                Status.STANDING if hp > 0 else (Status.UNCONSCIOUS if p.player else Status.DOWN)
            )
            combatants.append(
                Combatant(
                    id=p.id,
                    side=p.side,
                    player=p.player,
                    character=p.character,
                    max_hp=p.character.max_hp,
                    hp=hp,
                    status=status,
                    damage_boosts_left=p.character.count(Skill.DAMAGE_BOOST),
                )
            )
        return CombatState(combatants=combatants, rulings=setup.rulings, ledger=setup.ledger)

    # ------------------------------------------------------------------ decide

    def decide(self, state: CombatState, command: Command, dice: DiceSource) -> tuple[Event, ...]:
        """Turn *command* into events, with the automatic events that follow it.

        Raises:
            IllegalCommand: The rules do not allow *command* now; nothing has changed.
        """
        _check_shape(command)
        # A state that owes automatic events (a record cut short after its last command)
        # gets them first: what the rules call for next comes before anything else.
        state, events = self._settle(state)
        first = self._decide(state, command, dice)
        events.extend(first)
        for event in first:
            state = self.evolve(state, event)
        while (follow := _automatic(state)) is not None:
            events.append(follow)
            # What ``evolve`` does, less its check that *follow* is what the rules call for.
            state = _with_prompt(self._evolve(state, follow))
        return tuple(events)

    def _settle(self, state: CombatState) -> tuple[CombatState, list[Event]]:
        """*state* after the automatic events it owes, and those events (none, in live play)."""
        events: list[Event] = []
        while (follow := _automatic(state)) is not None:
            events.append(follow)
            state = _with_prompt(self._evolve(state, follow))
        return state, events

    def _decide(self, state: CombatState, command: Command, dice: DiceSource) -> tuple[Event, ...]:
        if state.result is None:
            if state.attack is not None and state.prompts.empty:
                raise _illegal("resolving")
            if not state.prompts.empty:
                # The prompt's responder answers first; even the GM's rulings wait.
                state.prompts.check_answer(command.actor, type(command).__name__)
                if isinstance(command, Pass):
                    return (Declined(command.actor),)
                if isinstance(command, UseDecisiveStrike):
                    return (DecisiveStrikeUsed(command.actor),)
                if isinstance(command, UseNarrowEscape):
                    return (NarrowEscapeUsed(command.actor),)
                if isinstance(command, BoostDamage):
                    return (DamageBoosted(command.actor),)
                return (IndomitableUsed(command.actor),)
            if isinstance(
                command, Pass | UseDecisiveStrike | UseNarrowEscape | BoostDamage | UseIndomitable
            ):
                raise IllegalCommand("no_prompt")
        if isinstance(command, RuleFallen):
            self._check_gm(command.actor)
            _check_rule_fallen(state, command.target)
            return (FallenRuled(target=command.target, dead=command.dead),)
        if state.result is not None:
            raise IllegalCommand("game_over")
        if isinstance(command, EndRound):
            self._check_gm(command.actor)
            return (RoundEnded(round=state.round, by_gm=True),)
        if isinstance(command, EndCombat):
            self._check_gm(command.actor)
            return (CombatEnded(winners=(), reason=GM_ENDED),)
        if isinstance(command, Dismiss):
            summoner = state.combatant(command.actor)
            summon = _summon_of(state, summoner)
            if summon is None:
                raise _illegal("no_summon", actor=command.actor)
            return (SummonDismissed(actor=command.actor, summon=summon.id),)
        if isinstance(command, SplitFocus):
            _check_free(state, command.actor, Skill.SPLIT_FOCUS)
            return (SplitFocusDeclared(command.actor),)
        if isinstance(command, CoolDown):
            _check_free(state, command.actor, Skill.COOL_DOWN)
            return (CoolDownDeclared(command.actor),)
        if isinstance(command, Frenzy):
            _check_free(state, command.actor, Skill.FRENZY)
            return (FrenzyDeclared(command.actor),)
        if isinstance(command, WideGuard):
            protected = tuple(command.protected)
            _check_guard(state, command.actor, protected)
            return (WideGuardDeclared(actor=command.actor, protected=protected),)
        if isinstance(command, Attack):
            targets = tuple(command.targets)
            _check_attack(state, command.actor, command.kind, command.mode, targets)
            planned, _ = _plan_attack(state, command.actor, command.kind, command.mode, targets)
            strikes = _roll_attack(planned, command.mode, dice)
            return (
                Attacked(
                    actor=command.actor,
                    kind=command.kind,
                    mode=command.mode,
                    aimed=targets,
                    strikes=strikes,
                ),
            )
        if isinstance(command, FocusDefense):
            _check_character(state, command.actor)
            return (FocusedDefense(command.actor),)
        if isinstance(command, Summon):
            character = _check_character(state, command.actor)
            self._check_summon(state, command.actor, character)
            hp = 2 if character.has(Skill.SUMMON_ENDURANCE) else 1
            return (Summoned(actor=command.actor, summon=command.actor + SUMMON_SUFFIX, hp=hp),)
        if isinstance(command, Hide | Assist | Hinder | Heal | FirstAid):  # pyright: ignore[reportUnnecessaryIsInstance]
            terms, difficulty, _ = self._specialty(state, command)
            check = _specialty_check(terms, difficulty, dice)
            return (self._specialty_event(state, command, check),)
        raise _illegal("unknown_command", command=type(command).__name__)

    @staticmethod
    def _check_gm(actor: str) -> None:
        if actor != GM:
            raise _illegal("gm_only", actor=actor)

    @staticmethod
    def _check_summon(state: CombatState, actor: str, character: Character) -> None:
        _check_skill(character, Skill.SUMMONER)
        if state.combatant(actor).summoned:
            raise _illegal("once_a_combat", skill=Label(Skill.SUMMONER.label))

    @staticmethod
    def _specialty(
        state: CombatState, command: Hide | Assist | Hinder | Heal | FirstAid
    ) -> tuple[tuple[Term, ...], int, tuple[Effect, ...]]:
        """Check the command; its check's terms and difficulty, and the actor's effects after.

        The effects after are those left once the actor's turn has begun and the check has
        used its own (pure: *state* is left as it was).
        """
        character = _check_character(state, command.actor)
        begun = state.combatant(command.actor)
        effects = _begun_effects(begun, state.round)
        if isinstance(command, Hide):
            _check_other(state, command.actor, command.target)
            extra: list[Term] = []
            if character.has(Skill.STEALTH_MASTER):
                extra.append(Term(_label(character, Skill.STEALTH_MASTER), 2))
            terms, planned = _plan_specialty(
                state,
                begun,
                effects,
                Specialty.CUNNING,
                attribute=command.kind.attack_attribute,
                extra=extra,
            )
            return terms, ACTION_DIFFICULTY, planned
        if isinstance(command, Assist):
            _check_other(state, command.actor, command.target)
            ally = _check_other(state, command.actor, command.ally)
            if ally.side != state.combatant(command.actor).side or command.ally == command.target:
                raise _illegal("not_an_ally", actor=command.ally)
            terms, planned = _plan_specialty(
                state, begun, effects, Specialty.CUNNING, attribute=command.kind.defense_attribute
            )
            return terms, ACTION_DIFFICULTY, planned
        if isinstance(command, Hinder):
            _check_other(state, command.actor, command.target)
            if not isinstance(command.choice, HinderChoice):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise _illegal("bad_targets")
            terms, planned = _plan_specialty(
                state, begun, effects, Specialty.CUNNING, attribute=command.kind.attack_attribute
            )
            return terms, ACTION_DIFFICULTY, planned
        first_aid = isinstance(command, FirstAid)
        if not first_aid:
            _check_skill(character, Skill.HEALING)
        _check_heal_target(state, command.target, first_aid=first_aid)
        attribute = Attribute.SPECIAL_DEFENSE if command.magical else Attribute.PHYSICAL_DEFENSE
        terms, planned = _plan_specialty(
            state, begun, effects, Specialty.KNOWLEDGE, attribute=attribute
        )
        if not first_aid:
            return terms, HEAL_DIFFICULTY, planned
        if character.has(Skill.HEALING):
            return terms, FIRST_AID_DIFFICULTY_WITH_HEALING, planned
        return terms, FIRST_AID_DIFFICULTY, planned

    @staticmethod
    def _specialty_event(
        state: CombatState, command: Hide | Assist | Hinder | Heal | FirstAid, check: CheckResult
    ) -> Event:
        if isinstance(command, Hide):
            return Hid(actor=command.actor, target=command.target, kind=command.kind, check=check)
        if isinstance(command, Assist):
            return Assisted(
                actor=command.actor,
                target=command.target,
                ally=command.ally,
                kind=command.kind,
                check=check,
            )
        if isinstance(command, Hinder):
            return Hindered(
                actor=command.actor,
                target=command.target,
                choice=command.choice,
                kind=command.kind,
                check=check,
            )
        target = state.combatant(command.target)
        hp = min(target.max_hp, target.hp + 1) if check.success else target.hp
        return Treated(
            actor=command.actor,
            target=command.target,
            first_aid=isinstance(command, FirstAid),
            magical=command.magical,
            check=check,
            hp=hp,
        )

    # ------------------------------------------------------------------ evolve

    def evolve(self, state: CombatState, event: Event) -> CombatState:
        """Fold one event into the state (no dice).

        Raises:
            IllegalCommand: The event does not fit the state (a replay reports it as
                :class:`~tabletop_rules.errors.CorruptRecord`).
        """
        if state.result is None and state.attack is None and state.prompts.empty:
            # The most frequent events, straight to where ``_evolve`` would take them: a
            # specialty check or an attack when no question waits and the combat goes on.
            if isinstance(event, Hid | Hindered | Assisted | Treated):
                return _with_prompt(self._specialty_done(state, event))
            if isinstance(event, Attacked):
                return _with_prompt(self._action(state, event))
        if _is_automatic(event) and event != _automatic(state):
            raise _illegal("unexpected_event", event=type(event).__name__)
        return _with_prompt(self._evolve(state, event))

    def _evolve(self, state: CombatState, event: Event) -> CombatState:
        if isinstance(event, FallenRuled):
            if state.attack is not None:
                # decide takes no ruling while an attack is resolved (M20-066 waits).
                raise _illegal("unexpected_event", event="FallenRuled")
            _check_rule_fallen(state, event.target)
            t = state.combatant(event.target)
            return _replaced(
                state, _changed(t, status=Status.DEAD if event.dead else Status.UNCONSCIOUS)
            )
        if isinstance(event, CombatEnded):
            if state.result is not None or (
                event.reason == GM_ENDED and (event.winners or state.attack is not None)
            ):
                raise _illegal("unexpected_event", event="CombatEnded")
            cleared = [_changed(c, effects=()) for c in state.combatants]
            return _state_with(
                state,
                combatants=cleared,
                attack=None,
                result=GameResult(winners=event.winners, reason=event.reason),
            )
        if state.result is not None:
            raise IllegalCommand("game_over")
        if isinstance(
            event,
            Declined | DecisiveStrikeUsed | NarrowEscapeUsed | DamageBoosted | IndomitableUsed,
        ):
            return self._answer(state, event)
        if state.attack is not None and not isinstance(
            event, StrikeResolved | Fell | SummonVanished
        ):
            # While an attack is resolved only its automatic events and the prompt's
            # answers fit: decide refuses every other command then.
            raise _illegal("unexpected_event", event=type(event).__name__)
        if not state.prompts.empty and not isinstance(event, Fell | SummonVanished):
            raise _illegal("unexpected_event", event=type(event).__name__)
        if isinstance(event, StrikeResolved):
            return self._strike_resolved(state, event)
        if isinstance(event, Fell):
            c = state.combatant(event.participant)
            return _replaced(state, _changed(c, hp=0, status=event.status, effects=()))
        if isinstance(event, SummonVanished | SummonDismissed):
            summon_id = event.summon
            if isinstance(event, SummonDismissed):
                summon = _summon_of(state, state.combatant(event.actor))
                if summon is None or summon.id != summon_id:
                    raise _illegal("no_summon", actor=event.actor)
            c = state.combatant(summon_id)
            return _replaced(state, _changed(c, status=Status.GONE, effects=()))
        if isinstance(event, RoundEnded):
            if state.attack is not None or event.round != state.round:
                raise _illegal("unexpected_event", event="RoundEnded")
            return self._end_round(state)
        return self._action(state, event)

    def _answer(
        self,
        state: CombatState,
        event: Declined | DecisiveStrikeUsed | NarrowEscapeUsed | DamageBoosted | IndomitableUsed,
    ) -> CombatState:
        name = "Pass" if isinstance(event, Declined) else _EVENT_ANSWERS[type(event)]
        frame = state.prompts.check_answer(event.actor, name)
        attack = state.attack
        assert attack is not None
        question = frame.pending
        if isinstance(event, Declined):
            return _state_with(
                state, attack=_evolved(attack, declined=attack.declined | {question})
            )
        c = state.combatant(event.actor)
        strike = attack.strike
        if isinstance(event, DecisiveStrikeUsed):
            check = strike.check
            check = CheckResult.judged(
                rolls=check.rolls,
                terms=(*check.terms, Term(_label(c.character, Skill.DECISIVE_STRIKE), 5)),
                against=check.against,
                label=check.label,
            )
            strike = _evolved(strike, check=check, decisive=True)
            ledger = state.ledger.spend(c.id, Skill.DECISIVE_STRIKE)
            return _state_with(state, attack=self._strike(attack, strike), ledger=ledger)
        if isinstance(event, NarrowEscapeUsed):
            check = strike.check
            against = check.against
            assert isinstance(against, Opposition)
            against = _evolved(
                against,
                terms=(*against.terms, Term(_label(c.character, Skill.NARROW_ESCAPE), 5)),
            )
            check = CheckResult.judged(
                rolls=check.rolls, terms=check.terms, against=against, label=check.label
            )
            strike = _evolved(strike, check=check, escaped=True)
            ledger = state.ledger.spend(c.id, Skill.NARROW_ESCAPE)
            return _state_with(state, attack=self._strike(attack, strike), ledger=ledger)
        if isinstance(event, DamageBoosted):
            state = _replaced(state, _changed(c, damage_boosts_left=c.damage_boosts_left - 1))
            attack = _evolved(
                attack, boost=True, boosted_groups=attack.boosted_groups | {strike.group}
            )
            return _state_with(state, attack=attack)
        ledger = state.ledger.spend(c.id, Skill.INDOMITABLE)
        return _state_with(state, attack=_evolved(attack, indomitable=True), ledger=ledger)

    @staticmethod
    def _strike(attack: PendingAttack, strike: Strike) -> PendingAttack:
        strikes = list(attack.strikes)
        strikes[attack.index] = strike
        return _evolved(attack, strikes=strikes)

    @staticmethod
    def _strike_resolved(state: CombatState, event: StrikeResolved) -> CombatState:
        attack = state.attack
        assert attack is not None
        target = state.combatant(event.target)
        hit = target if target.hp == event.hp else _changed(target, hp=event.hp)
        if attack.index + 1 < len(attack.strikes):
            following = PendingAttack(
                attacker=attack.attacker,
                strikes=attack.strikes,
                index=attack.index + 1,
                boosted_groups=attack.boosted_groups,
            )
            return _replaced(state, hit, attack=following)
        # The attack action ends with its last strike.
        attacker = hit if hit.id == attack.attacker else state.combatant(attack.attacker)
        if attacker.actions_taken >= attacker.actions_allowed:
            attacker = _expire(attacker, Expiry.TURN_END, state.round, earlier=True)
        return _replaced(state, hit, attacker, attack=None)

    @staticmethod
    def _end_round(state: CombatState) -> CombatState:
        round_ = state.round
        round_end = _KINDS_EXPIRING[Expiry.ROUND_END]
        turn_end = _KINDS_EXPIRING[Expiry.TURN_END]
        combatants: list[Combatant] = []
        for c in state.combatants:
            effects = c.effects and tuple(
                e
                for e in c.effects
                if not (
                    e.kind in round_end
                    or (c.turn_started and e.kind in turn_end and e.since_round < round_)
                )
            )
            if (
                len(effects) == len(c.effects)
                and c.actions_taken == 0
                and c.actions_allowed == 1
                and c.attacks == 0
                and not c.turn_started
                and not c.declared
            ):
                combatants.append(c)  # nothing to reset
                continue
            combatants.append(
                _changed(
                    c,
                    actions_taken=0,
                    actions_allowed=1,
                    attacks=0,
                    turn_started=False,
                    declared=frozenset(),
                    effects=effects,
                )
            )
        return _state_with(state, combatants=combatants, round=round_ + 1)

    def _action(self, state: CombatState, event: Event) -> CombatState:
        round_ = state.round
        if isinstance(
            event, SplitFocusDeclared | CoolDownDeclared | FrenzyDeclared | WideGuardDeclared
        ):
            skill = _DECLARED[type(event)]
            if isinstance(event, WideGuardDeclared):
                _check_guard(state, event.actor, event.protected)
            else:
                _check_free(state, event.actor, skill)
            c = _turn_begun(state.combatant(event.actor), round_)
            c = _changed(c, declared=c.declared | {skill})
            label = _label(c.character, skill)
            if isinstance(event, SplitFocusDeclared):
                c = _changed(c, actions_allowed=2)
                if not _has(c, Skill.IMPROVED_SPLIT_FOCUS):
                    c = _with_effects(c, _effect(EffectKind.SPLIT_FOCUS, -2, label, round_))
                return _replaced(state, c)
            if isinstance(event, CoolDownDeclared):
                return _replaced(
                    state,
                    _with_effects(
                        c,
                        _effect(EffectKind.COOL_DOWN_DEFENSE, 2, label, round_),
                        _effect(EffectKind.COOL_DOWN_ATTACK, -2, label, round_),
                    ),
                )
            if isinstance(event, FrenzyDeclared):
                return _replaced(
                    state,
                    _with_effects(
                        c,
                        _effect(EffectKind.FRENZY_ATTACK, 2, label, round_),
                        _effect(EffectKind.FRENZY_DEFENSE, -2, label, round_),
                    ),
                )
            state = _replaced(state, c)
            penalty = -2 if _has(c, Skill.IMPROVED_WIDE_GUARD) else -4
            guard_label = _label(
                c.character,
                Skill.IMPROVED_WIDE_GUARD if penalty == -2 else Skill.WIDE_GUARD,
            )
            state = _add(
                state,
                c.id,
                *(
                    _effect(EffectKind.GUARDING, penalty, guard_label, round_, p)
                    for p in event.protected
                ),
            )
            for p in event.protected:
                state = _add(
                    state, p, _effect(EffectKind.GUARDED, 1, "m20.term.guarded", round_, c.id)
                )
            return state
        if isinstance(event, Attacked):
            targets = tuple(event.aimed)
            _check_attack(state, event.actor, event.kind, event.mode, targets)
            planned, effects = _plan_attack(state, event.actor, event.kind, event.mode, targets)
            self._verify_strikes(planned, event)
            # The action is counted now; it ends (for its effects) with its last strike.
            me = state.combatant(event.actor)
            changed = [
                _changed(
                    me,
                    turn_started=True,
                    actions_taken=me.actions_taken + 1,
                    attacks=me.attacks + 1,
                    effects=effects.pop(event.actor),
                )
            ]
            for id_, held in effects.items():
                c = state.combatant(id_)
                if held != c.effects:
                    changed.append(_changed(c, effects=held))
            return _replaced(
                state, *changed, attack=PendingAttack(attacker=event.actor, strikes=event.strikes)
            )
        if isinstance(event, FocusedDefense):
            _check_character(state, event.actor)
            me = _with_effects(
                _turn_begun(state.combatant(event.actor), round_),
                _effect(EffectKind.FOCUS_DEFENSE, 2, "m20.term.focus_defense", round_),
            )
            return _replaced(state, _acted(me, round_, attack=False))
        if isinstance(event, Summoned):
            character = _check_character(state, event.actor)
            self._check_summon(state, event.actor, character)
            if event.summon != event.actor + SUMMON_SUFFIX or event.hp != (
                2 if character.has(Skill.SUMMON_ENDURANCE) else 1
            ):
                raise _illegal("unexpected_event", event="Summoned")
            state = _begin_turn(state, event.actor)
            me = state.combatant(event.actor)
            summon = Combatant(
                id=event.summon,
                side=me.side,
                player=me.player,
                character=None,
                summoner=me.id,
                max_hp=event.hp,
                hp=event.hp,
            )
            combatants = [c for c in state.combatants if c.id != event.summon]
            at = combatants.index(me)
            combatants[at] = _acted(_changed(me, summoned=True), round_, attack=False)
            combatants.insert(at + 1, summon)
            return _state_with(state, combatants=combatants)
        if isinstance(event, Hid | Assisted | Hindered | Treated):
            return self._specialty_done(state, event)
        raise _illegal("unexpected_event", event=type(event).__name__)

    @staticmethod
    def _verify_strikes(planned: list[_Planned], event: Attacked) -> None:
        if len(planned) != len(event.strikes):
            raise _illegal("check_mismatch")
        shared = event.strikes[0].check.rolls if event.strikes else ()
        for plan, strike in zip(planned, event.strikes, strict=True):
            check = strike.check
            against = check.against
            if (
                plan.aimed_at != strike.aimed_at
                or plan.target != strike.target
                or plan.group != strike.group
                or plan.assassination != strike.assassination
                or strike.decisive
                or strike.escaped
                or check.terms != plan.attack
                or not isinstance(against, Opposition)
                or against.terms != plan.defense
                or len(check.rolls) != 1
                or check.rolls[0].dice != D20
                or len(against.rolls) != 1
                or against.rolls[0].dice != D20
                or (event.mode is AttackMode.AREA and check.rolls != shared)
                or not _plainly_judged(check, against.value)
            ):
                raise _illegal("check_mismatch")

    def _specialty_done(
        self, state: CombatState, event: Hid | Assisted | Hindered | Treated
    ) -> CombatState:
        command: Hide | Assist | Hinder | Heal | FirstAid
        if isinstance(event, Hid):
            command = Hide(actor=event.actor, target=event.target, kind=event.kind)
        elif isinstance(event, Assisted):
            command = Assist(
                actor=event.actor, target=event.target, ally=event.ally, kind=event.kind
            )
        elif isinstance(event, Hindered):
            command = Hinder(
                actor=event.actor, target=event.target, choice=event.choice, kind=event.kind
            )
        elif event.first_aid:
            command = FirstAid(actor=event.actor, target=event.target, magical=event.magical)
        else:
            command = Heal(actor=event.actor, target=event.target, magical=event.magical)
        terms, difficulty, effects = self._specialty(state, command)
        _verify(event.check, terms, difficulty)
        round_ = state.round
        me = state.combatant(event.actor)
        character = me.character
        assert character is not None
        other: Combatant | None = None  # the one other combatant the event changes
        if event.check.success:
            if isinstance(event, Hid):
                kept = [e for e in effects if e.kind is not EffectKind.HIDDEN]
                hidden = _effect(EffectKind.HIDDEN, 2, "m20.term.hidden", round_, event.target)
                effects = (*kept, hidden)
            elif isinstance(event, Assisted):
                bonus = 3 if character.has(Skill.EXPERT_ASSIST) else 2
                label = (
                    _label(character, Skill.EXPERT_ASSIST) if bonus == 3 else "m20.term.assisted"
                )
                other = _with_effects(
                    state.combatant(event.ally),
                    _effect(EffectKind.ASSISTED, bonus, label, round_, event.target),
                )
            elif isinstance(event, Hindered):
                penalty = -3 if character.has(Skill.EXPERT_HINDER) else -2
                label = (
                    _label(character, Skill.EXPERT_HINDER) if penalty == -3 else "m20.term.hindered"
                )
                kind = (
                    EffectKind.HINDERED_ATTACK
                    if event.choice is HinderChoice.ATTACK
                    else EffectKind.HINDERED_DEFENSE
                )
                other = _with_effects(
                    state.combatant(event.target),
                    _effect(kind, penalty, label, round_, event.actor),
                )
        if isinstance(event, Treated):
            target = me if event.target == me.id else state.combatant(event.target)
            hp = min(target.max_hp, target.hp + 1) if event.check.success else target.hp
            if event.hp != hp:
                raise _illegal("unexpected_event", event="Treated")
            status = Status.STANDING if hp > 0 else target.status
            if hp != target.hp or status is not target.status:
                target = _changed(target, hp=hp, status=status)
            if target.id == me.id:
                me = target
            else:
                other = target
        me = _acted(me, round_, attack=False, effects=effects)
        if other is None:
            return _replaced(state, me)
        return _replaced(state, other, me)

    # ------------------------------------------------------------------ queries

    def legal_commands(self, state: CombatState) -> tuple[Command, ...]:
        """Everything that may be done now, by anyone who may act.

        Choices that are free-form are offered in their usual forms: a 範圍攻擊 names every
        other standing member of one side, or everyone else standing; a 廣域防禦 protects
        one creature or every other standing ally (``decide`` accepts any valid choice).

        A state that owes automatic events (a record cut short after its last command) is
        read as the state after them: ``decide`` records them before the command's own.
        """
        state = self._settled(state)
        rulings = self._rulings(state)
        if state.result is not None:
            return rulings
        if state.attack is not None and state.prompts.empty:
            # Mid-resolution (between the events of one decide): the rules act next.
            return ()
        if not state.prompts.empty:
            frame = state.prompts.top
            yes = _COMMANDS[frame.pending](frame.responder)
            return (yes, Pass(frame.responder))
        commands: list[Command] = []
        for c in state.combatants:
            if c.standing and c.actions_taken < c.actions_allowed:
                commands.extend(self._commands_of(state, c))
        for c in state.combatants:
            if c.standing and _summon_of(state, c) is not None:
                commands.append(Dismiss(c.id))
        commands.extend((EndRound(), EndCombat()))
        commands.extend(rulings)
        return tuple(commands)

    @staticmethod
    def _rulings(state: CombatState) -> tuple[Command, ...]:
        return tuple(
            RuleFallen(target=c.id, dead=dead)
            for c in state.combatants
            if not c.player
            and c.character is not None
            and c.status in (Status.DOWN, Status.UNCONSCIOUS)
            for dead in ((False, True) if c.status is Status.DOWN else (True,))
        )

    @staticmethod
    def _commands_of(state: CombatState, c: Combatant) -> list[Command]:
        me = c.id
        others = [o.id for o in state.combatants if o.standing and o.id != me]
        allies = [o.id for o in state.combatants if o.standing and o.id != me and o.side == c.side]
        kinds = tuple(AttackKind)
        out: list[Command] = []
        if c.attacks == 0:
            out.extend(Attack(actor=me, targets=(t,), kind=k) for t in others for k in kinds)
        if c.character is None:
            return out
        character = c.character
        if c.attacks == 0 and character.has(Skill.DOUBLE_ATTACK):
            out.extend(
                Attack(actor=me, targets=pair, kind=k, mode=AttackMode.DOUBLE)
                for pair in itertools.combinations_with_replacement(others, 2)
                for k in kinds
            )
        if c.attacks == 0 and character.has(Skill.AREA_ATTACK):
            areas: list[tuple[str, ...]] = []
            for side in _standing_sides(state):
                members = tuple(t for t in others if state.combatant(t).side == side)
                if members and side != c.side:
                    areas.append(members)
            if tuple(others) not in areas:
                areas.append(tuple(others))
            out.extend(
                Attack(actor=me, targets=area, kind=k, mode=AttackMode.AREA)
                for area in areas
                for k in kinds
            )
        for skill, command in (
            (Skill.SPLIT_FOCUS, SplitFocus),
            (Skill.COOL_DOWN, CoolDown),
            (Skill.FRENZY, Frenzy),
        ):
            if (
                character.has(skill)
                and skill not in c.declared
                and (skill is not Skill.SPLIT_FOCUS or c.actions_taken == 0)
            ):
                out.append(command(me))
        if character.has(Skill.WIDE_GUARD) and Skill.WIDE_GUARD not in c.declared and others:
            choices: list[tuple[str, ...]] = [(t,) for t in others]
            if len(allies) > 1:
                choices.append(tuple(allies))
            out.extend(WideGuard(actor=me, protected=p) for p in choices)
        out.extend(Hide(actor=me, target=t, kind=k) for t in others for k in kinds)
        out.append(FocusDefense(me))
        out.extend(
            Assist(actor=me, target=t, ally=a, kind=k)
            for t in others
            for a in allies
            if a != t
            for k in kinds
        )
        out.extend(
            Hinder(actor=me, target=t, choice=h, kind=k)
            for t in others
            for h in HinderChoice
            for k in kinds
        )
        for o in state.combatants:
            if o.character is None:
                continue
            if (
                character.has(Skill.HEALING)
                and o.status
                in (
                    Status.STANDING,
                    Status.DOWN,
                    Status.UNCONSCIOUS,
                )
                and o.hp < o.max_hp
            ):
                out.extend(Heal(actor=me, target=o.id, magical=m) for m in (False, True))
            if o.standing and o.hp == o.max_hp - 1:
                out.extend(FirstAid(actor=me, target=o.id, magical=m) for m in (False, True))
        if character.has(Skill.SUMMONER) and not c.summoned:
            out.append(Summon(me))
        return out

    def _settled(self, state: CombatState) -> CombatState:
        if _automatic(state) is None:
            return state
        return self._settle(state)[0]

    def to_act(self, state: CombatState) -> tuple[str, ...]:
        """Who may act now: exactly the actors of :meth:`legal_commands`.

        The prompt's responder; or every combatant with an action or a summon to dismiss,
        and the GM; after the combat, the GM while rulings on fallen characters remain.
        """
        state = self._settled(state)
        if state.result is not None:
            return (GM,) if self._rulings(state) else ()
        if state.attack is not None and state.prompts.empty:
            return ()
        if not state.prompts.empty:
            return (state.prompts.top.responder,)
        actors = [
            c.id
            for c in state.combatants
            if c.standing
            and (c.actions_taken < c.actions_allowed or _summon_of(state, c) is not None)
        ]
        return (*actors, GM)

    def is_over(self, state: CombatState) -> bool:
        """Whether the combat has ended (or its automatic end is all that is left)."""
        return state.result is not None or self._settled(state).result is not None

    def outcome(self, state: CombatState) -> GameResult | None:
        """How the combat ended, or ``None`` while it goes on."""
        if state.result is not None:
            return state.result
        return self._settled(state).result


_EVENT_ANSWERS: Mapping[type[Any], str] = MappingProxyType(
    {
        DecisiveStrikeUsed: "UseDecisiveStrike",
        NarrowEscapeUsed: "UseNarrowEscape",
        DamageBoosted: "BoostDamage",
        IndomitableUsed: "UseIndomitable",
    }
)

_COMMANDS: Mapping[Question, Any] = MappingProxyType(
    {
        Question.DECISIVE_STRIKE: UseDecisiveStrike,
        Question.NARROW_ESCAPE: UseNarrowEscape,
        Question.DAMAGE_BOOST: BoostDamage,
        Question.INDOMITABLE: UseIndomitable,
    }
)

_DECLARED: Mapping[type[Any], Skill] = MappingProxyType(
    {
        SplitFocusDeclared: Skill.SPLIT_FOCUS,
        CoolDownDeclared: Skill.COOL_DOWN,
        FrenzyDeclared: Skill.FRENZY,
        WideGuardDeclared: Skill.WIDE_GUARD,
    }
)

#: The m20 combat ruleset (registered as ``m20`` through the ``tabletop_rules.rulesets``
#: entry point).
RULESET: Final = CombatRuleset()


# --------------------------------------------------------------------------- after a combat


def danger_terms(state: CombatState, participant: str) -> tuple[Term, ...]:
    """The combat's modifiers on *participant*'s specialty check to dodge a danger (M20-056).

    Pass them as ``extra`` to :meth:`~tabletop_rules.m20.SpecialtyCheck.of`: 專注防禦's +2
    this round, 分神援護's −2 and the summoner's penalty, as they stand now.

    Raises:
        IllegalCommand: No combatant has that id (``unknown_actor``).

    .. versionadded:: 0.1.0
    """
    c = state.combatant(participant)
    return (
        *_terms_of(c, EffectKind.FOCUS_DEFENSE, EffectKind.SPLIT_FOCUS),
        *_summoner_penalty(state, c),
    )


def ledger_after(state: CombatState) -> ScenarioLedger:
    """The scenario ledger to carry into the next combat of the scenario (M20-022).

    .. versionadded:: 0.1.0
    """
    return state.ledger


def hp_after(state: CombatState) -> Mapping[str, int]:
    """Each participant's HP (summons left out), to carry into the next combat.

    .. versionadded:: 0.1.0
    """
    return MappingProxyType({c.id: c.hp for c in state.combatants if c.summoner is None})


# --------------------------------------------------------------------------- the log


def describe(event: Event, locale: str = "en") -> str:
    """One line (or one per strike) of a combat log for *event*, in *locale*.

    .. versionadded:: 0.1.0
    """
    key = f"m20.event.{_snake(type(event).__name__)}"
    if isinstance(event, Attacked):
        lines: list[str] = []
        for strike in event.strikes:
            lines.append(
                translate(
                    "m20.event.strike",
                    locale,
                    actor=event.actor,
                    target=strike.target,
                    check=strike.check.explain(locale),
                )
            )
        return "\n".join(lines)
    fields: dict[str, object] = {
        name: getattr(event, name)
        for name in ("actor", "target", "ally", "summon", "participant", "damage", "hp", "round")
        if hasattr(event, name)
    }
    if isinstance(event, Hid | Assisted | Hindered | Treated):
        fields["check"] = event.check.explain(locale)
    if isinstance(event, WideGuardDeclared):
        fields["protected"] = (
            "、".join(event.protected) if locale != "en" else ", ".join(event.protected)
        )
    if isinstance(event, Fell):
        fields["status"] = translate(event.status.label, locale)
    if isinstance(event, FallenRuled):
        fields["status"] = translate(
            (Status.DEAD if event.dead else Status.UNCONSCIOUS).label, locale
        )
    if isinstance(event, CombatEnded):
        fields["winners"] = ", ".join(event.winners) or "-"
        fields["reason"] = translate(event.reason, locale)
    if isinstance(event, StrikeResolved):
        key = "m20.event.strike_resolved" if event.hit else "m20.event.strike_missed"
    if isinstance(event, Treated) and event.first_aid:
        key = "m20.event.first_aided"
    if isinstance(event, Hindered):
        fields["choice"] = translate(f"m20.hinder.{event.choice.value}", locale)
    return translate(key, locale, **fields)


def _snake(name: str) -> str:
    out: list[str] = []
    for index, ch in enumerate(name):
        if ch.isupper() and index:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)
