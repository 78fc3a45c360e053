"""A toy card duel with a response stack, built only with the public ruleset kit.

Two players, ``ann`` and ``bo``, start with the same life and a hand of cards each, and take
turns, ``ann`` first.
On your turn, with nothing on the stack, you may cast a bolt at your opponent, a shield or a
mend on yourself, or end your turn.
A spell cast goes on the stack and opens a response window: the caster's opponent is asked
first, then the caster.
The one asked may answer with any card (a counter on the spell it answers, a bolt, a shield,
a mend), which goes on the stack above it and opens a window of its own, or pass.
When both have passed in a row, the top spell resolves, and the window below it asks its first
responder again: answers resolve last-in first-out, as on Magic: The Gathering's stack.

- Bolt: 1D6 damage to the opponent, rolled when it is cast; a shield absorbs it whole.
- Counter: the spell it answers fizzles (does nothing).
- Shield: absorbs the next bolt at its holder (used up), or ends after two turn ends.
- Mend: +2 life, never above the starting life.

The game ends when a player has no life left (the other wins), or, with nothing on the stack,
after the last turn or when both hands are empty (the higher life wins; equal life is a draw).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from tabletop_rules.dice import Dice, DiceSource, Roll
from tabletop_rules.engine import GameResult, Pass, PromptFrame, PromptStack
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import Durations, Expiry, ResponseWindow, Rules, copier
from tabletop_rules.systems import RuleSystem

if TYPE_CHECKING:
    import cattrs

#: The two players, in turn order.
PLAYERS: Final = ("ann", "bo")
#: The bolt's damage roll.
D6: Final = Dice(1, 6)
#: The command types that answer a response window.
ANSWERS: Final = frozenset({"Cast", "Pass"})
#: How many turn ends a shield lasts.
SHIELD_TURNS: Final = 2
#: The life a mend gives back.
MEND_LIFE: Final = 2


class Card(enum.Enum):
    """A card in a hand."""

    BOLT = "bolt"
    COUNTER = "counter"
    SHIELD = "shield"
    MEND = "mend"


#: The cards that may answer a window (all); those that may open one on your own turn.
INSTANTS: Final = tuple(Card)
ON_YOUR_TURN: Final = (Card.BOLT, Card.SHIELD, Card.MEND)
#: The hand each player starts with by default.
HAND: Final = (Card.BOLT, Card.BOLT, Card.BOLT, Card.COUNTER, Card.SHIELD, Card.MEND)


class Mark(enum.Enum):
    """A kind of lasting effect."""

    SHIELD = "shield"


#: When each kind of lasting effect ends: a shield after a count of turn ends (or a use).
#: (The table goes in as ``dict[Any, Any]``: mypy cannot bind the type variables of the
#: ``MappingProxyType`` converter of :attr:`Durations.expiries` to a dict of enum members.)
_EXPIRIES: dict[Any, Any] = {Mark.SHIELD: Expiry.COUNT}
DURATIONS: Final[Durations[Mark]] = Durations(_EXPIRIES)


# --------------------------------------------------------------------------- values


@attrs.frozen
class Effect:
    """A lasting effect on a player (see :class:`tabletop_rules.kit.Lasting`)."""

    #: What it is.
    kind: Mark
    #: The turn it began in.
    since_round: int
    #: The turn ends it still lasts.
    turns: int = SHIELD_TURNS


@attrs.frozen(kw_only=True)
class Setup:
    """The start of a duel: each player's hand, the starting (and highest) life, the turns."""

    #: The hands of ``ann`` and ``bo``.
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = (HAND, HAND)
    #: Each player's starting life, also the most they may have.
    life: int = attrs.field(default=10, validator=attrs.validators.ge(1))
    #: How many turns the duel lasts at most.
    turns: int = attrs.field(default=8, validator=attrs.validators.ge(1))


@attrs.frozen(kw_only=True)
class Player:
    """One player's life, hand and lasting effects."""

    #: The player's name (one of :data:`PLAYERS`).
    name: str
    #: Life left.
    life: int
    #: The cards not cast yet.
    hand: tuple[Card, ...]
    #: The lasting effects on the player.
    effects: tuple[Effect, ...] = ()


@attrs.frozen(kw_only=True)
class Spell:
    """A spell on the stack: the work a response window suspends."""

    #: Who cast it.
    caster: str
    #: The card.
    card: Card
    #: The player it affects (for a counter: the caster of the spell it answers).
    target: str
    #: A bolt's damage, rolled when it was cast.
    roll: Roll | None = None
    #: Whether a counter has hit it: it fizzles instead of resolving.
    countered: bool = False


#: A frame of the response stack: its window, which suspends one spell.
Frame = PromptFrame[ResponseWindow[Spell]]


@attrs.frozen(kw_only=True)
class State:
    """The duel between two events."""

    #: ``ann`` and ``bo``.
    players: tuple[Player, ...]
    #: The most life a player may have.
    max_life: int
    #: The last turn that may be played.
    last_turn: int
    #: The turn being played, from 1.
    turn: int = 1
    #: Whose turn it is.
    active: str = PLAYERS[0]
    #: The response stack: one window per spell cast, the newest on top.
    stack: PromptStack[ResponseWindow[Spell]] = attrs.field(
        factory=PromptStack[ResponseWindow[Spell]]
    )
    #: How the duel ended, once it has.
    result: GameResult | None = None

    def player(self, name: str) -> Player:
        """The player called *name*; refused (``toy.illegal.unknown_player``) if none is."""
        for player in self.players:
            if player.name == name:
                return player
        raise IllegalCommand("toy.illegal.unknown_player", player=name)


# --------------------------------------------------------------------------- commands, events


@attrs.frozen
class Cast:
    """Cast a card from your hand at a target."""

    actor: str
    card: Card
    target: str


@attrs.frozen
class EndTurn:
    """End your turn."""

    actor: str


Command = Cast | EndTurn | Pass


@attrs.frozen(kw_only=True)
class SpellCast:
    """A spell went on the stack (with its die, for a bolt)."""

    actor: str
    card: Card
    target: str
    roll: Roll | None = None


@attrs.frozen
class Passed:
    """The one asked passed."""

    actor: str


@attrs.frozen(kw_only=True)
class Resolved:
    """Automatic: the top spell resolved; *life* is its target's life after it."""

    caster: str
    card: Card
    target: str
    life: int
    absorbed: bool = False


@attrs.frozen
class Fizzled:
    """Automatic: the top spell, countered, left the stack without effect."""

    caster: str
    card: Card


@attrs.frozen
class TurnEnded:
    """The active player ended the turn."""

    actor: str


@attrs.frozen
class GameEnded:
    """Automatic: the duel is over."""

    winners: tuple[str, ...]
    reason: str


Event = SpellCast | Passed | Resolved | Fizzled | TurnEnded | GameEnded

_state = copier(State)
_player = copier(Player)


def other(name: str) -> str:
    """The opponent of *name*."""
    return PLAYERS[1] if name == PLAYERS[0] else PLAYERS[0]


def target_of(state: State, caster: str, card: Card) -> str:
    """The one target *card* may have: the opponent for a bolt, the caster of the spell it
    answers for a counter, the caster for the others."""
    if card is Card.BOLT:
        return other(caster)
    if card is Card.COUNTER:
        return state.stack.top.pending.pending.caster
    return caster


def _resolving(window: ResponseWindow[Spell]) -> Frame:
    """A frame that asks no one: a countered spell fizzles without waiting for passes."""
    return PromptFrame(responder=None, pending=window)


def _with_player(state: State, player: Player) -> State:
    players = tuple(player if p.name == player.name else p for p in state.players)
    return _state(state, players=players)


def _reopened(stack: PromptStack[ResponseWindow[Spell]]) -> PromptStack[ResponseWindow[Spell]]:
    """The stack after its top spell left: the window below asks its first responder again."""
    return stack if stack.empty else stack.replace_top(stack.top.pending.responded().frame(ANSWERS))


# --------------------------------------------------------------------------- rules


def _check_going_on(state: State) -> None:
    if state.result is not None:
        raise IllegalCommand("toy.illegal.game_over")


def decide_cast(state: State, command: Cast, dice: DiceSource) -> tuple[SpellCast]:
    """A spell cast: from the caster's hand, at its one target; a bolt rolls its damage."""
    _check_going_on(state)
    caster = state.player(command.actor)
    if command.card not in caster.hand:
        raise IllegalCommand("toy.illegal.not_in_hand", card=command.card.value)
    if state.stack.empty:
        if command.actor != state.active:
            raise IllegalCommand("toy.illegal.not_your_turn", actor=command.actor)
        if command.card not in ON_YOUR_TURN:
            raise IllegalCommand("toy.illegal.nothing_to_counter")
    if command.target != target_of(state, command.actor, command.card):
        raise IllegalCommand("toy.illegal.bad_target", target=command.target)
    roll = dice.roll(D6) if command.card is Card.BOLT else None
    return (SpellCast(actor=command.actor, card=command.card, target=command.target, roll=roll),)


def decide_pass(state: State, command: Pass, dice: DiceSource) -> tuple[Passed]:
    """A pass (the kit's gate has checked that a window asks the actor)."""
    return (Passed(command.actor),)


def decide_end_turn(state: State, command: EndTurn, dice: DiceSource) -> tuple[TurnEnded]:
    """The end of the active player's turn (the gate refuses it while the stack is not empty)."""
    _check_going_on(state)
    if command.actor != state.active:
        raise IllegalCommand("toy.illegal.not_your_turn", actor=command.actor)
    return (TurnEnded(command.actor),)


def fold_cast(state: State, event: SpellCast) -> State:
    """The card leaves the hand; its spell opens a window, the opponent asked first."""
    caster = state.player(event.actor)
    hand = list(caster.hand)
    hand.remove(event.card)
    spell = Spell(caster=event.actor, card=event.card, target=event.target, roll=event.roll)
    window = ResponseWindow(responders=(other(event.actor), event.actor), pending=spell)
    state = _with_player(state, _player(caster, hand=tuple(hand)))
    return _state(state, stack=state.stack.push(window.frame(ANSWERS)))


def fold_passed(state: State, event: Passed) -> State:
    """The next responder is asked; once all passed in a row, the frame asks no one."""
    window = state.stack.top.pending.passed(event.actor)
    return _state(state, stack=state.stack.replace_top(window.frame(ANSWERS)))


def fold_resolved(state: State, event: Resolved) -> State:
    """The top spell's effect; a counter marks the spell below it as countered."""
    stack = state.stack.pop()
    if event.card is Card.COUNTER:
        below = stack.top.pending
        hit = attrs.evolve(below, pending=attrs.evolve(below.pending, countered=True))
        return _state(state, stack=stack.replace_top(_resolving(hit)))
    target = state.player(event.target)
    effects = target.effects
    if event.absorbed:
        effects = DURATIONS.take(effects, Mark.SHIELD)[1]
    elif event.card is Card.SHIELD:
        kept = DURATIONS.take(effects, Mark.SHIELD)[1]
        effects = (*kept, Effect(Mark.SHIELD, since_round=state.turn))
    state = _with_player(state, _player(target, life=event.life, effects=effects))
    return _state(state, stack=_reopened(stack))


def fold_fizzled(state: State, event: Fizzled) -> State:
    """The countered spell leaves the stack."""
    return _state(state, stack=_reopened(state.stack.pop()))


def _ticked(player: Player) -> Player:
    """*player* after a turn end: every counted effect lowered by 1, those at 0 gone."""
    lowered = DURATIONS.tick(
        player.effects, lambda e: e.turns, lambda e, turns: attrs.evolve(e, turns=turns)
    )
    return _player(player, effects=lowered)


def fold_turn_ended(state: State, event: TurnEnded) -> State:
    """Every lasting effect ticks; the opponent's turn begins."""
    players = tuple(_ticked(p) for p in state.players)
    return _state(state, players=players, active=other(event.actor), turn=state.turn + 1)


def fold_game_ended(state: State, event: GameEnded) -> State:
    """The result; whatever was left on the stack is gone."""
    result = GameResult(winners=event.winners, reason=event.reason)
    return _state(state, result=result, stack=PromptStack())


def resolution(state: State, spell: Spell) -> Resolved | Fizzled:
    """The event of the top spell leaving the stack, computed from the state (no dice)."""
    if spell.countered:
        return Fizzled(spell.caster, spell.card)
    target = state.player(spell.target)
    life = target.life
    absorbed = False
    if spell.card is Card.BOLT:
        assert spell.roll is not None
        absorbed = DURATIONS.first(target.effects, Mark.SHIELD) is not None
        life = life if absorbed else max(0, life - spell.roll.total)
    elif spell.card is Card.MEND:
        life = min(state.max_life, life + MEND_LIFE)
    return Resolved(
        caster=spell.caster, card=spell.card, target=spell.target, life=life, absorbed=absorbed
    )


def _ended(state: State, reason: str) -> GameEnded:
    best = max(p.life for p in state.players)
    leaders = tuple(p.name for p in state.players if p.life == best)
    return GameEnded(leaders if len(leaders) == 1 else (), reason)


class ToyStack(Rules[Setup, State, Command, Event]):
    """The toy duel as a kit ruleset: two tables, the automatic events, who may act."""

    name: str = "toy_stack"
    rules_version: str = "1"
    setup_type: Any = Setup
    state_type: Any = State
    command_type: Any = Command
    event_type: Any = Event
    resolving_reason: ClassVar[str] = "toy.illegal.resolving"

    def __init__(self) -> None:
        super().__init__(
            commands={Cast: decide_cast, Pass: decide_pass, EndTurn: decide_end_turn},
            events={
                SpellCast: fold_cast,
                Passed: fold_passed,
                Resolved: fold_resolved,
                Fizzled: fold_fizzled,
                TurnEnded: fold_turn_ended,
                GameEnded: fold_game_ended,
            },
            bad_command="toy.illegal.bad_command",
            unknown_command="toy.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command and event unions by class name."""
        from tabletop_rules.serialization import register_tagged_union

        register_tagged_union(converter, Command)
        register_tagged_union(converter, Event)

    def start(self, setup: Setup) -> State:
        """Both players at full life with their hands; ``ann``'s first turn."""
        players = tuple(
            Player(name=name, life=setup.life, hand=hand)
            for name, hand in zip(PLAYERS, setup.hands, strict=True)
        )
        return State(players=players, max_life=setup.life, last_turn=setup.turns)

    def prompts(self, state: State) -> PromptStack[Any]:
        """The response stack."""
        return state.stack

    def follow_up(self, state: State, dice: DiceSource) -> Event | None:
        """The end at 0 life; the top spell once its window closed; the end at the last turn."""
        if state.result is not None:
            return None
        for player in state.players:
            if player.life <= 0:
                return GameEnded((other(player.name),), "toy.result.no_life")
        frames = state.stack.frames
        if frames:
            top = frames[-1]
            return resolution(state, top.pending.pending) if top.responder is None else None
        if state.turn > state.last_turn:
            return _ended(state, "toy.result.last_turn")
        if not any(p.hand for p in state.players):
            return _ended(state, "toy.result.no_cards")
        return None

    def actors(self, state: State) -> tuple[str, ...]:
        """The one asked by the top window, or else the active player; no one once over."""
        if state.result is not None:
            return ()
        if not state.stack.empty:
            responder = state.stack.top.responder
            return () if responder is None else (responder,)
        return (state.active,)

    def commands_of(self, state: State, actor: str) -> Iterator[Command]:
        """A pass and the instants in hand when asked; else the turn's casts and its end."""
        if actor not in self.actors(state):
            return
        asked = not state.stack.empty
        if asked:
            yield Pass(actor)
        allowed = INSTANTS if asked else ON_YOUR_TURN
        for card in dict.fromkeys(state.player(actor).hand):
            if card in allowed:
                yield Cast(actor, card, target_of(state, actor, card))
        if not asked:
            yield EndTurn(actor)

    def outcome_of(self, state: State) -> GameResult | None:
        """How the duel ended, or ``None``."""
        return state.result


#: The toy duel's ruleset.
RULESET: Final = ToyStack()


#: The toy duel as a rule system: its ruleset, and words for its events and commands.
SYSTEM: Final = RuleSystem(
    name="toy_stack",
    ruleset=RULESET,
    title="toy_stack",
    describe=lambda event, locale="en", *, state=None: type(event).__name__,
    command_label=lambda command, locale="en", *, state=None: type(command).__name__,
)
