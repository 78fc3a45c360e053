"""The duel's combat, written with the ruleset kit's public names only.

Rounds: the rules roll initiative at the start of each (a chance step, with the dice of the
command that ended the round before, or of :func:`~tabletop_rules.engine.begin`), then each
standing fighter, highest initiative first, attacks or waits. A hit waits on a prompt: the
fighter hit may brace, once a combat. The GM may end a round or the combat.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Final

import attrs

from tabletop_duel._character import Character
from tabletop_duel._checks import Check
from tabletop_rules import kit
from tabletop_rules.checks import CheckResult, Term
from tabletop_rules.dice import Dice, DiceSource, Roll
from tabletop_rules.engine import GameResult, Pass, PromptFrame, PromptStack
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import GM, CombatEnded, EndCombat, EndRound, RoundEnded, Words

__all__ = [
    "LOG",
    "RULESET",
    "Attack",
    "Attacked",
    "Brace",
    "Braced",
    "CombatSetup",
    "CombatState",
    "Combatant",
    "Command",
    "Declined",
    "DuelRuleset",
    "Event",
    "InitiativeRolled",
    "Participant",
    "Wait",
    "Waited",
    "Wounded",
]

#: The most fighters in one combat.
MAX_PARTICIPANTS: Final = 8
#: The number an attack must reach before the target's guard.
BASE_TARGET: Final = 7
#: The die of initiative and of a brace; a brace blocks on this face or more.
D6: Final = Dice(1, 6)
BRACE_BLOCKS: Final = 4
#: Why a combat ended with one side standing (a catalog key).
LAST_STANDING: Final = "duel.result.last_standing"

# --------------------------------------------------------------------------- values


@attrs.frozen(kw_only=True)
class Participant:
    """A character entering a combat, on a side."""

    #: Its id in the combat.
    id: str
    #: The character.
    character: Character
    #: Its side's name.
    side: str


def _participants(values: Iterable[Participant]) -> tuple[Participant, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class CombatSetup:
    """The fighters of a combat (2 to 8, on two sides or more).

    Raises:
        InvalidData: Ids used twice or kept for the GM, fewer than two sides, too many.
    """

    #: The fighters, in the order that breaks initiative ties.
    participants: tuple[Participant, ...] = attrs.field(converter=_participants)

    def __attrs_post_init__(self) -> None:
        problems: list[tuple[str, str]] = []
        if not 2 <= len(self.participants) <= MAX_PARTICIPANTS:
            problems.append(("$.participants", f"a duel takes 2 to {MAX_PARTICIPANTS} fighters"))
        kit.check_lineup(self.participants, side=lambda p: p.side, problems=problems)


@attrs.frozen(kw_only=True)
class Combatant:
    """A fighter during a combat."""

    #: Its id.
    id: str
    #: Its side.
    side: str
    #: Its character.
    character: Character
    #: HP left.
    hp: int
    #: Whether it has braced this combat.
    braced: bool = False

    @property
    def standing(self) -> bool:
        """Whether it has HP left."""
        return self.hp > 0


@attrs.frozen(kw_only=True)
class PendingHit:
    """A hit that waits on the target's brace: the work a prompt suspends."""

    #: Who hit.
    attacker: str
    #: Who is hit.
    target: str


@attrs.frozen(kw_only=True)
class CombatState:
    """A combat between two events."""

    #: The fighters.
    combatants: tuple[Combatant, ...]
    #: The round under way (0 before the first initiative).
    round: int = 0
    #: This round's order of turns, highest initiative first (empty: initiative is owed).
    order: tuple[str, ...] = ()
    #: How many of the order have had their turn, or were passed over.
    acted: int = 0
    #: The hit waiting on a brace, if any.
    prompts: PromptStack[PendingHit] = attrs.field(factory=PromptStack[PendingHit])
    #: How the combat ended.
    result: GameResult | None = None

    def combatant(self, id: str) -> Combatant:
        """The fighter *id* (``IllegalCommand`` ``unknown_actor`` if none)."""
        return kit.member(self.combatants, id)

    @property
    def current(self) -> str | None:
        """Who has the turn, or ``None`` between rounds."""
        return self.order[self.acted] if self.acted < len(self.order) else None


# --------------------------------------------------------------------------- commands, events


@attrs.frozen
class Attack:
    """Attack a standing enemy: 2D6 + skill against 7 + its guard."""

    actor: str
    target: str


@attrs.frozen
class Wait:
    """Pass the turn."""

    actor: str


@attrs.frozen
class Brace:
    """Brace against a hit (once a combat): 1D6, and 4 or more blocks it."""

    actor: str


@attrs.frozen(kw_only=True)
class InitiativeRolled:
    """The rules rolled initiative for a round: each standing fighter's 1D6, and the order."""

    round: int
    rolls: tuple[tuple[str, Roll], ...]
    order: tuple[str, ...]


@attrs.frozen(kw_only=True)
class Attacked:
    """An attack and its check."""

    actor: str
    target: str
    check: CheckResult


@attrs.frozen
class Waited:
    """A fighter passed its turn."""

    actor: str


@attrs.frozen(kw_only=True)
class Braced:
    """A fighter braced against a hit, with its die."""

    actor: str
    roll: Roll

    @property
    def blocked(self) -> bool:
        """Whether the brace blocked the hit."""
        return self.roll.total >= BRACE_BLOCKS


@attrs.frozen
class Declined:
    """The fighter hit did not brace."""

    actor: str


@attrs.frozen
class Wounded:
    """A hit took 1 HP."""

    target: str


Command = Attack | Wait | Brace | Pass | EndRound | EndCombat
Event = (
    InitiativeRolled | Attacked | Waited | Braced | Declined | Wounded | RoundEnded | CombatEnded
)

# --------------------------------------------------------------------------- rules and folds


def _turn(state: CombatState, actor: str) -> Combatant:
    if state.result is not None:
        raise IllegalCommand("game_over")
    if actor != state.current:
        raise IllegalCommand("not_your_turn", actor=actor)
    return state.combatant(actor)


def _passed_over(state: CombatState) -> CombatState:
    """*state* with its turn moved on past those who fell since initiative."""
    acted = state.acted
    while acted < len(state.order) and not state.combatant(state.order[acted]).standing:
        acted += 1
    return attrs.evolve(state, acted=acted)


def _next_turn(state: CombatState) -> CombatState:
    return _passed_over(attrs.evolve(state, acted=state.acted + 1))


def decide_attack(state: CombatState, command: Attack, dice: DiceSource) -> tuple[Attacked]:
    """Roll the attack of the fighter on turn."""
    me = _turn(state, command.actor)
    target = state.combatant(command.target)
    if target.side == me.side or not target.standing:
        raise IllegalCommand("duel.illegal.target", target=command.target)
    check = Check(
        terms=[Term("duel.term.skill", me.character.skill)],
        target=BASE_TARGET + target.character.guard,
    )
    return (Attacked(actor=me.id, target=target.id, check=check.resolve(dice)),)


def fold_attacked(state: CombatState, event: Attacked) -> CombatState:
    """A miss ends the turn; a hit waits on the target's brace, or on no one."""
    if not event.check.success:
        return _next_turn(state)
    target = state.combatant(event.target)
    responder = None if target.braced else target.id
    frame = PromptFrame(
        responder=responder,
        answers={"Brace", "Pass"} if responder else (),
        pending=PendingHit(attacker=event.actor, target=event.target),
    )
    return attrs.evolve(state, prompts=state.prompts.push(frame))


def decide_wait(state: CombatState, command: Wait, _: DiceSource) -> tuple[Waited]:
    """Pass the turn."""
    _turn(state, command.actor)
    return (Waited(command.actor),)


def decide_brace(state: CombatState, command: Brace, dice: DiceSource) -> tuple[Braced]:
    """The fighter hit braces (the kit's gate has checked that it is asked)."""
    return (Braced(actor=command.actor, roll=dice.roll(D6)),)


def decide_decline(state: CombatState, command: Pass, _: DiceSource) -> tuple[Declined]:
    """The fighter hit takes the hit."""
    return (Declined(command.actor),)


def fold_braced(state: CombatState, event: Braced) -> CombatState:
    """The brace is used; a block ends the hit and the turn, else the hit goes on."""
    me = state.combatant(event.actor)
    state = attrs.evolve(
        state, combatants=kit.replaced(state.combatants, attrs.evolve(me, braced=True))
    )
    if event.blocked:
        return _next_turn(attrs.evolve(state, prompts=state.prompts.pop()))
    return _asking_no_one(state)


def _asking_no_one(state: CombatState) -> CombatState:
    top = state.prompts.top
    return attrs.evolve(
        state, prompts=state.prompts.replace_top(attrs.evolve(top, responder=None, answers=()))
    )


def fold_declined(state: CombatState, _: Declined) -> CombatState:
    """The hit goes on, asking no one."""
    return _asking_no_one(state)


def fold_wounded(state: CombatState, event: Wounded) -> CombatState:
    """1 HP off; the hit and the turn are over."""
    hit = state.combatant(event.target)
    wounded = attrs.evolve(hit, hp=hit.hp - 1)
    state = attrs.evolve(
        state, combatants=kit.replaced(state.combatants, wounded), prompts=state.prompts.pop()
    )
    return _next_turn(state)


def fold_waited(state: CombatState, _: Waited) -> CombatState:
    """The turn passes."""
    return _next_turn(state)


def fold_initiative(state: CombatState, event: InitiativeRolled) -> CombatState:
    """The round's order is set."""
    return _passed_over(attrs.evolve(state, round=event.round, order=event.order, acted=0))


def fold_round_ended(state: CombatState, _: RoundEnded) -> CombatState:
    """Initiative is owed again."""
    return attrs.evolve(state, order=(), acted=0)


def fold_combat_ended(state: CombatState, event: CombatEnded) -> CombatState:
    """The result is known; a waiting hit is dropped."""
    return attrs.evolve(state, result=event.result, prompts=PromptStack())


def roll_initiative(state: CombatState, dice: DiceSource) -> InitiativeRolled:
    """Each standing fighter rolls 1D6 + skill; highest first, ties in the setup's order."""
    standing = [c for c in state.combatants if c.standing]
    rolls = tuple((c.id, dice.roll(D6)) for c in standing)
    score = {
        c.id: roll.total + c.character.skill for c, (_, roll) in zip(standing, rolls, strict=True)
    }
    order = tuple(sorted(score, key=lambda id: -score[id]))  # sorted() is stable
    return InitiativeRolled(round=state.round + 1, rolls=rolls, order=order)


def follow_up(state: CombatState, dice: DiceSource) -> Event | None:
    """The end when one side stands alone; a hit nobody braces; the round's end; initiative."""
    if state.result is not None:
        return None
    sides = {c.side for c in state.combatants if c.standing}
    if len(sides) < 2:
        return CombatEnded(winners=tuple(sides), reason=LAST_STANDING)
    frames = state.prompts.frames
    if frames:
        return Wounded(frames[-1].pending.target) if frames[-1].responder is None else None
    if not state.order:
        return roll_initiative(state, dice)  # a chance step
    if state.current is None:
        return RoundEnded(round=state.round)
    return None


# --------------------------------------------------------------------------- the ruleset


class DuelRuleset(kit.Rules[CombatSetup, CombatState, Command, Event]):
    """The duel as a kit ruleset: two tables, the automatic steps, who may act."""

    name: str = "duel"
    rules_version: str = "1"
    setup_type: Any = CombatSetup
    state_type: Any = CombatState
    command_type: Any = Command
    event_type: Any = Event
    answer_types: ClassVar[frozenset[type[Any]]] = frozenset({Pass, Brace})

    def __init__(self) -> None:
        super().__init__(
            commands={
                Attack: decide_attack,
                Wait: decide_wait,
                Brace: decide_brace,
                Pass: decide_decline,
                **kit.ROUND_RULES,
            },
            events={
                InitiativeRolled: fold_initiative,
                Attacked: fold_attacked,
                Waited: fold_waited,
                Braced: fold_braced,
                Declined: fold_declined,
                Wounded: fold_wounded,
                RoundEnded: fold_round_ended,
                CombatEnded: fold_combat_ended,
            },
        )

    def start(self, setup: CombatSetup) -> CombatState:
        """Every fighter at full HP; initiative is owed (:func:`~tabletop_rules.engine.begin`)."""
        setup = self.checked_setup(setup)
        return CombatState(
            combatants=tuple(
                Combatant(id=p.id, side=p.side, character=p.character, hp=p.character.max_hp)
                for p in setup.participants
            )
        )

    def prompts(self, state: CombatState) -> PromptStack[Any]:
        """The hit that waits on a brace."""
        return state.prompts

    def follow_up(self, state: CombatState, dice: DiceSource) -> Event | None:
        """See :func:`follow_up`."""
        return follow_up(state, dice)

    def actors(self, state: CombatState) -> tuple[str, ...]:
        """The fighter asked to brace; else the one on turn and the GM."""
        if state.result is not None:
            return ()
        if not state.prompts.empty:
            responder = state.prompts.top.responder
            return () if responder is None else (responder,)
        current = state.current
        return (GM,) if current is None else (current, GM)

    def commands_of(self, state: CombatState, actor: str) -> list[Any]:
        """Brace or take the hit; attack an enemy or wait; the GM's round."""
        if actor == GM:
            return list(kit.GM_COMMANDS)
        if not state.prompts.empty:
            return [Brace(actor), Pass(actor)]
        me = state.combatant(actor)
        enemies = [c for c in state.combatants if c.side != me.side and c.standing]
        return [*(Attack(actor, c.id) for c in enemies), Wait(actor)]

    def outcome_of(self, state: CombatState) -> GameResult | None:
        """How the combat ended."""
        return state.result


#: The duel's ruleset.
RULESET: Final = DuelRuleset()

# --------------------------------------------------------------------------- the log


def _names(state: CombatState, locale: str) -> dict[str, str]:
    pairs = [(c.id, c.character.name) for c in state.combatants]
    return {**kit.display_names(pairs, locale), GM: "GM"}


def _initiative(event: InitiativeRolled, words: Words[Any]) -> str:
    rolls = ", ".join(f"{words.name(id)} {roll.total}" for id, roll in event.rolls)
    order = " → ".join(words.name(id) for id in event.order)
    return words("duel.event.initiative", round=event.round, rolls=rolls, order=order)


def _attacked(event: Attacked, words: Words[Any]) -> str:
    return words(
        "duel.event.attacked",
        actor=words.name(event.actor),
        target=words.name(event.target),
        check=event.check.explain(words.locale),
    )


def _braced(event: Braced, words: Words[Any]) -> str:
    key = "duel.event.blocked" if event.blocked else "duel.event.braced"
    return words(key, actor=words.name(event.actor), roll=event.roll.total)


#: The duel's log and menu labels.
LOG: Final = kit.Log(
    events={
        InitiativeRolled: _initiative,
        Attacked: _attacked,
        Waited: lambda e, w: w("duel.event.waited", actor=w.name(e.actor)),
        Braced: _braced,
        Declined: lambda e, w: w("duel.event.declined", actor=w.name(e.actor)),
        Wounded: lambda e, w: w("duel.event.wounded", target=w.name(e.target)),
        **kit.ROUND_EVENT_LINES,
    },
    commands={
        Attack: lambda c, w: w(
            "duel.command.attack", actor=w.name(c.actor), target=w.name(c.target)
        ),
        Wait: lambda c, w: w("duel.command.wait", actor=w.name(c.actor)),
        Brace: lambda c, w: w("duel.command.brace", actor=w.name(c.actor)),
        Pass: lambda c, w: w("duel.command.take_hit", actor=w.name(c.actor)),
        **kit.ROUND_COMMAND_LINES,
    },
    names=_names,
    state_type=CombatState,
    event_name="duel.Event",
    command_name="duel.Command",
    shapes=RULESET.shapes,
)
