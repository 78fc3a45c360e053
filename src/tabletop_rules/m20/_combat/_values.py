"""The values of an m20 combat: options, setup, combatants, effects, strikes and the state."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from tabletop_rules.checks import CheckResult, Term
from tabletop_rules.engine import GameResult, PromptFrame, PromptStack
from tabletop_rules.errors import InvalidData
from tabletop_rules.kit import (
    GM,
    Durations,
    Expiry,
    a_flag,
    a_side,
    an_instance,
    check_lineup,
    checked_items,
    copier,
    member,
    participant_id,
    shown,
)
from tabletop_rules.m20._character import Character
from tabletop_rules.m20._checks import RewardItem, Rulings
from tabletop_rules.m20._ledger import ScenarioLedger
from tabletop_rules.m20._skills import Skill

if TYPE_CHECKING:
    from tabletop_rules.systems import Seat

__all__ = [
    "ACTION_DIFFICULTY",
    "DURATIONS",
    "FIRST_AID_DIFFICULTY",
    "FIRST_AID_DIFFICULTY_WITH_HEALING",
    "FOES",
    "GM",
    "HEAL_DIFFICULTY",
    "MAX_BOOSTS",
    "MAX_BOOST_VALUE",
    "MAX_PARTICIPANTS",
    "NEW_ATTACK",
    "NOTHING_DECLARED",
    "NO_BOOSTS",
    "NO_PROMPTS",
    "PARTY",
    "SUMMON_SUFFIX",
    "AttackMode",
    "Boosts",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "DefenseBoosts",
    "Effect",
    "EffectKind",
    "HinderChoice",
    "Participant",
    "PendingAttack",
    "Question",
    "Status",
    "Strike",
    "attack_with",
    "changed",
    "check_loaded",
    "lineup",
    "one_prompt",
    "state_with",
    "strike_with",
]

#: What a summon's id adds to its summoner's id.
SUMMON_SUFFIX: Final = "/summon"
#: The difficulty of hide, assist and hinder (M20-052, M20-057, M20-059).
ACTION_DIFFICULTY: Final = 10
#: The difficulty of 治療 (M20-087).
HEAL_DIFFICULTY: Final = 12
#: The difficulty of first aid, and with 治療 (M20-063, M20-089).
FIRST_AID_DIFFICULTY: Final = 16
FIRST_AID_DIFFICULTY_WITH_HEALING: Final = 8
#: The most participants a combat may have (summons not counted).
MAX_PARTICIPANTS: Final = 12
#: The most reward items, and the most GM terms, one check in a combat takes.
MAX_BOOSTS: Final = 8
#: The largest modifier a reward item or a GM term may add or take away.
MAX_BOOST_VALUE: Final = 100
#: No free declaration made this round (shared, rather than a new empty set per reset).
NOTHING_DECLARED: Final[frozenset[Skill]] = frozenset()


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
        return DURATIONS.expiry(self)


#: When each kind of effect ends, and so which are used up (:attr:`Expiry.USE`).
DURATIONS: Final[Durations[EffectKind]] = Durations(
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


# --------------------------------------------------------------------------- boosts


def _items(values: Iterable[RewardItem]) -> tuple[RewardItem, ...]:
    return tuple(values)


def _terms(values: Iterable[Term]) -> tuple[Term, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class Boosts:
    """What one check in a combat takes beyond the rules' own modifiers.

    The same as a stand-alone check takes: bar reward items (×2 unless they come from this
    system, M20-139, M20-140), the GM's extra terms for GM-made or GM-altered skills and other
    item effects (M20-021, M20-142), and a reroll item used when the check fails (M20-141).

    >>> boosts = Boosts(items=[RewardItem(name="幸運符", bonus=1)], reroll=True)
    >>> [term.value for term in boosts.terms]
    [1, 1]

    .. versionadded:: 0.1.0
    """

    #: Reward items used on the check, each counted as :class:`RewardItem` says.
    items: tuple[RewardItem, ...] = attrs.field(default=(), converter=_items)
    #: Terms the GM adds (a GM-made skill, an item's other effect), in the order given.
    extra: tuple[Term, ...] = attrs.field(default=(), converter=_terms)
    #: Whether a reroll item rolls the d20 again when the check fails, keeping every modifier.
    reroll: bool = False

    @property
    def terms(self) -> tuple[Term, ...]:
        """The items' terms, then the GM's."""
        return (*(term for item in self.items for term in item.terms()), *self.extra)

    @property
    def empty(self) -> bool:
        """Whether the check takes nothing beyond the rules."""
        return not (self.items or self.extra or self.reroll)


#: No boosts: what a check takes by default.
NO_BOOSTS: Final = Boosts()


@attrs.frozen(kw_only=True)
class DefenseBoosts:
    """The boosts of one defender's defense check against an attack.

    .. versionadded:: 0.1.0
    """

    #: The defender (a target of the attack, or a guard that takes an attack for it).
    defender: str
    #: What its defense check takes.
    boosts: Boosts


# --------------------------------------------------------------------------- setup


@attrs.frozen(kw_only=True)
class Participant:
    """One character entering a combat.

    Raises:
        InvalidData: A field of the wrong type, or an id that is empty, ``"gm"`` or has
            a ``/`` (the path names the field, such as ``$.id``).

    .. versionadded:: 0.1.0
    """

    #: A stable id, unique in the combat (keep it from one combat of a scenario to the next).
    id: str = attrs.field(validator=participant_id(GM, without="/"))
    #: The character.
    character: Character = attrs.field(validator=an_instance(Character))
    #: The side it fights on.
    side: str = attrs.field(validator=a_side)
    #: Whether it is a player character (a non-player character is run by the GM).
    player: bool = attrs.field(default=True, validator=a_flag)
    #: Its HP when the combat starts (carried from the last combat); ``None`` for max HP.
    hp: int | None = None

    @property
    def starting_hp(self) -> int:
        """The HP it starts with."""
        return self.character.max_hp if self.hp is None else self.hp


def _participants(values: Iterable[Participant]) -> tuple[Participant, ...]:
    return checked_items(values, Participant, "$.participants", most=MAX_PARTICIPANTS)


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
        fighting: set[str] = set()
        for index, p in enumerate(self.participants):
            hp = p.starting_hp
            if type(hp) is not int or not 0 <= hp <= p.character.max_hp:
                problems.append(
                    (
                        f"$.participants[{index}].hp",
                        f"HP must be from 0 to {p.character.max_hp}, not {shown(hp)}",
                    )
                )
                fighting.add(p.side)
            elif hp > 0:
                fighting.add(p.side)
        if len(fighting) < 2:
            problems.append(
                ("$.participants", "a combat needs two sides or more with someone above 0 HP")
            )
        # The kit adds what every system's setup checks: an id for each participant.
        check_lineup(self.participants, problems=problems)


#: The sides of a combat a lobby sets up: the players' characters, and the GM's foes.
PARTY: Final = "party"
FOES: Final = "foes"


def lineup(seats: Sequence[Seat[Any]]) -> CombatSetup:
    """The combat of a lobby's seats: the players' characters against the GM's foes.

    Each seat's character takes part under the seat's id, at max HP: a player's on the side
    ``party``, a foe (run by the GM, so a non-player character) on the side ``foes``.
    Two seats whose characters have one name are told apart in logs and menus by their ids.

    Raises:
        InvalidData: *seats* is no list of :class:`~tabletop_rules.systems.Seat` (path
            ``$.seats``), a seat's character is no m20 character or its id no participant
            id, or the setup has no two sides (every problem of :class:`CombatSetup`).

    .. versionadded:: 0.1.0
    """
    from tabletop_rules.systems import Seat

    found = cast("tuple[Seat[Any], ...]", checked_items(seats, Seat, "$.seats", "systems.Seat"))
    return CombatSetup(
        participants=[
            Participant(
                id=seat.id,
                character=seat.character,
                side=FOES if seat.foe else PARTY,
                player=not seat.foe,
            )
            for seat in found
        ]
    )


# --------------------------------------------------------------------------- state


@attrs.frozen(kw_only=True)
class Effect:
    """A lasting modifier: its kind, value, the label its term shows, and when it began.

    Effects that wait to be used (:attr:`~tabletop_rules.kit.Expiry.USE`) and are alike in
    all but the round they began are kept as one, with :attr:`times` the uses it holds: a
    combatant assisted a hundred times against one target holds one effect, not a hundred,
    so that the state stays as small as its combat, however long the record.

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
    #: How many uses it holds: each use gives its term once and takes one away; the last
    #: use removes it.
    times: int = 1


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
    declared: frozenset[Skill] = NOTHING_DECLARED
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
    #: The reaction offered now for the current strike, if any.
    question: Question | None = None

    @property
    def strike(self) -> Strike:
        """The strike being resolved."""
        return self.strikes[self.index]


#: No attack being resolved: one empty prompt stack shared by every state.
NO_PROMPTS: Final[PromptStack[PendingAttack]] = PromptStack()


def _no_prompts() -> PromptStack[PendingAttack]:
    return NO_PROMPTS


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
    #: The attack being resolved, if any, as the suspended work of a prompt frame, which
    #: names who is asked now and the answers they may give (no one, while the rules resolve
    #: the attack on their own).
    prompts: PromptStack[PendingAttack] = attrs.field(factory=_no_prompts)
    #: How the combat ended; ``None`` while it goes on.
    result: GameResult | None = None

    @property
    def attack(self) -> PendingAttack | None:
        """The attack being resolved, if any (the work of the top prompt frame)."""
        frames = self.prompts.frames
        return frames[-1].pending if frames else None

    @property
    def question(self) -> Question | None:
        """The reaction the rules offer now in the middle of an attack, if any."""
        frames = self.prompts.frames
        return frames[-1].pending.question if frames else None

    def combatant(self, id: str) -> Combatant:
        """The combatant called *id*.

        Raises:
            IllegalCommand: No combatant has that id (``unknown_actor``, the kit's
                :func:`~tabletop_rules.kit.member`).
        """
        # The loop inline: the rules look a combatant up several times an event.
        for c in self.combatants:
            if c.id == id:
                return c
        return member(self.combatants, id)  # raises the kit's refusal of an unknown id


#: Copy a combatant with some fields changed (every other field kept).
changed: Final = copier(Combatant)
#: Copy a combat state with some fields changed (every other field kept).
state_with: Final = copier(CombatState)
#: Copy a pending attack with some fields changed.
attack_with: Final = copier(PendingAttack)
#: Copy a strike with some fields changed.
strike_with: Final = copier(Strike)

_frame_with: Final[Callable[..., PromptFrame[PendingAttack]]] = copier(PromptFrame)
_stack_with: Final[Callable[..., PromptStack[PendingAttack]]] = copier(PromptStack)
#: The templates of a new frame and a new pending attack (their other fields' defaults).
_NO_FRAME: Final[PromptFrame[PendingAttack | None]] = PromptFrame(responder=None, pending=None)
NEW_ATTACK: Final = PendingAttack(attacker="", strikes=())


def one_prompt(
    responder: str | None, answers: frozenset[str], pending: PendingAttack
) -> PromptStack[PendingAttack]:
    """A prompt stack of one frame (built by copying, without the classes' converters)."""
    frame = _frame_with(_NO_FRAME, responder=responder, answers=answers, pending=pending)
    return _stack_with(NO_PROMPTS, frames=(frame,))


def check_loaded(state: CombatState) -> CombatState:
    """*state*, read from JSON, if it is one that play can reach in its shape.

    Checks what folds rely on, so that a forged or damaged state is refused when it is read,
    not with a bare ``IndexError`` later: unique ids, at most :data:`MAX_PARTICIPANTS`
    participants and one summon each, summoners that exist, HP in range, at most one attack
    being resolved, a pending attack with strikes and a strike index inside
    them, whose attacker and targets exist, and a prompt whose responder exists.

    Raises:
        InvalidData: The first problem, with its path.
    """
    ids = [c.id for c in state.combatants]
    if len(set(ids)) != len(ids):
        raise InvalidData("$.combatants", "every combatant needs its own id")
    known = set(ids)
    # A combat has at most MAX_PARTICIPANTS participants, and each at most one summon (once a
    # combat, M20-119): a state of more, which no setup starts, is refused before its menus
    # (cubic in the combatants) are listed.
    summoners = [c.summoner for c in state.combatants if c.summoner is not None]
    if len(ids) - len(summoners) > MAX_PARTICIPANTS:
        raise InvalidData("$.combatants", f"at most {MAX_PARTICIPANTS} participants, and summons")
    if len(set(summoners)) != len(summoners):
        raise InvalidData("$.combatants", "a summoner has at most one summon (M20-119)")
    summons = {c.id for c in state.combatants if c.summoner is not None}
    for index, c in enumerate(state.combatants):
        if c.summoner is not None and (c.summoner not in known or c.summoner in summons):
            raise InvalidData(f"$.combatants[{index}].summoner", f"no combatant {c.summoner!r}")
        if not 0 <= c.hp <= c.max_hp or c.max_hp < 1:
            raise InvalidData(f"$.combatants[{index}].hp", f"HP {c.hp} outside 0..{c.max_hp}")
        if not 0 <= c.actions_taken <= c.actions_allowed <= 2 or not 0 <= c.attacks <= 1:
            raise InvalidData(f"$.combatants[{index}]", "action counters out of range")
        for e_index, effect in enumerate(c.effects):
            if effect.times < 1:
                raise InvalidData(
                    f"$.combatants[{index}].effects[{e_index}].times",
                    f"an effect holds 1 use or more, not {effect.times}",
                )
    if state.round < 1:
        raise InvalidData("$.round", f"the round must be 1 or more, not {state.round}")
    frames = state.prompts.frames
    if len(frames) > 1:
        raise InvalidData("$.prompts.frames", "an m20 combat resolves one attack at a time")
    for frame in frames:
        path = "$.prompts.frames[0]"
        attack = frame.pending
        if not isinstance(attack, PendingAttack):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise InvalidData(f"{path}.pending", "expected the pending attack")
        if not attack.strikes or not 0 <= attack.index < len(attack.strikes):
            raise InvalidData(f"{path}.pending.index", "no strike at that index")
        if attack.attacker not in known:
            raise InvalidData(f"{path}.pending.attacker", f"no combatant {attack.attacker!r}")
        for s_index, strike in enumerate(attack.strikes):
            if strike.target not in known or strike.aimed_at not in known:
                raise InvalidData(
                    f"{path}.pending.strikes[{s_index}]", "a strike on an unknown combatant"
                )
        if frame.responder is not None and frame.responder not in known:
            raise InvalidData(f"{path}.responder", f"no combatant {frame.responder!r}")
        if (frame.responder is None) != (attack.question is None):
            raise InvalidData(f"{path}.responder", "the prompt does not match its question")
    return state
