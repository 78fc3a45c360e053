"""The engine, tested with a tiny ruleset defined here: a duel with a dodge prompt.

The duel: players ``a`` and ``b`` have 2 HP each and take turns, ``a`` first.
On your turn you attack: 1D6, a hit on 4 or more.
A hit is not resolved at once: it waits on a prompt in which the defender may ``Dodge``
(1D6, 5 or more cancels the hit) or ``Pass``; then the damage (1) is dealt and the turn passes.
"""

from __future__ import annotations

from typing import Any

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import (
    CorruptRecord,
    Dice,
    DiceExhausted,
    IllegalCommand,
    InvalidData,
    Roll,
    ScriptedDice,
    SeededDice,
    UnknownSystem,
    engine,
    from_json,
    make_converter,
    to_json,
)
from tabletop_rules.dice import DiceSource
from tabletop_rules.engine import (
    RECORD_FORMAT,
    Entry,
    GameRecord,
    GameResult,
    Pass,
    PromptFrame,
    PromptStack,
)
from tabletop_rules.serialization import register_tagged_union
from tabletop_rules.systems import Registry, RuleSystem
from tabletop_rules.testing.strategies import games

D6 = Dice(1, 6)
PLAYERS = ("a", "b")


@attrs.frozen
class Attack:
    actor: str


@attrs.frozen
class Dodge:
    actor: str


Command = Attack | Dodge | Pass


@attrs.frozen
class AttackRolled:
    actor: str
    target: str
    roll: Roll


@attrs.frozen
class DodgeRolled:
    actor: str
    roll: Roll


@attrs.frozen
class Passed:
    actor: str


@attrs.frozen
class Damaged:
    target: str
    amount: int


Event = AttackRolled | DodgeRolled | Passed | Damaged


@attrs.frozen
class PendingHit:
    """The suspended part of an attack: the damage that waits on the defender's answer."""

    attacker: str
    target: str
    damage: int


@attrs.frozen
class Setup:
    hp: int = 2


@attrs.frozen(kw_only=True)
class State:
    hp: tuple[tuple[str, int], ...]
    turn: str
    prompts: PromptStack[PendingHit] = attrs.field(factory=PromptStack)

    def hp_of(self, player: str) -> int:
        return dict(self.hp)[player]


def _other(player: str) -> str:
    return "b" if player == "a" else "a"


class Duel:
    """A ruleset in 60 lines: everything the engine asks of a system."""

    name = "duel"
    rules_version = "1"
    setup_type = Setup
    state_type = State
    command_type = Command
    event_type = Event

    def configure_converter(self, converter: cattrs.Converter) -> None:
        register_tagged_union(converter, Command)
        register_tagged_union(converter, Event)

    def start(self, setup: Setup) -> State:
        return State(hp=tuple((p, setup.hp) for p in PLAYERS), turn="a")

    def decide(self, state: State, command: Command, dice: DiceSource) -> tuple[Event, ...]:
        if self.is_over(state):
            raise IllegalCommand("game_over")
        if not state.prompts.empty:
            frame = state.prompts.check_answer(command.actor, type(command).__name__)
            hit = frame.pending
            if isinstance(command, Dodge):
                roll = dice.roll(D6)
                dodged = roll.total >= 5
                return (DodgeRolled(command.actor, roll),) + (
                    () if dodged else (Damaged(hit.target, hit.damage),)
                )
            return (Passed(command.actor), Damaged(hit.target, hit.damage))
        if not isinstance(command, Attack):
            raise IllegalCommand("no_prompt")
        if command.actor != state.turn:
            raise IllegalCommand("not_your_turn", actor=command.actor)
        return (AttackRolled(command.actor, _other(command.actor), dice.roll(D6)),)

    def evolve(self, state: State, event: Event) -> State:
        if isinstance(event, AttackRolled):
            if event.actor != state.turn or not state.prompts.empty:
                raise IllegalCommand("not_your_turn", actor=event.actor)
            if event.roll.total >= 4:
                frame = PromptFrame(
                    responder=event.target,
                    answers={"Dodge", "Pass"},
                    pending=PendingHit(event.actor, event.target, 1),
                )
                return attrs.evolve(state, prompts=state.prompts.push(frame))
            return attrs.evolve(state, turn=event.target)
        if isinstance(event, Damaged):
            if event.target not in PLAYERS:
                raise IllegalCommand("unknown_actor", actor=event.target)
            hp = tuple((p, h - event.amount if p == event.target else h) for p, h in state.hp)
            return self._resolved(attrs.evolve(state, hp=hp))
        state.prompts.check_answer(
            event.actor, "Dodge" if isinstance(event, DodgeRolled) else "Pass"
        )
        if isinstance(event, DodgeRolled) and event.roll.total >= 5:
            return self._resolved(state)
        return state

    def _resolved(self, state: State) -> State:
        top = state.prompts.top
        return attrs.evolve(state, prompts=state.prompts.pop(), turn=top.pending.target)

    def legal_commands(self, state: State) -> tuple[Command, ...]:
        if self.is_over(state):
            return ()
        if not state.prompts.empty:
            who = state.prompts.top.responder
            return (Dodge(who), Pass(who))
        return (Attack(state.turn),)

    def to_act(self, state: State) -> tuple[str, ...]:
        if self.is_over(state):
            return ()
        return (state.prompts.top.responder,) if not state.prompts.empty else (state.turn,)

    def is_over(self, state: State) -> bool:
        return any(h <= 0 for _, h in state.hp)

    def outcome(self, state: State) -> GameResult | None:
        if not self.is_over(state):
            return None
        return GameResult(winners=[p for p, h in state.hp if h > 0], reason="result.all_down")


DUEL = Duel()
SYSTEM: RuleSystem[Setup, State, Command, Event] = RuleSystem(
    name="duel",
    ruleset=DUEL,
    title="duel",
    describe=lambda event, locale="en", *, state=None: type(event).__name__,
    command_label=lambda command, locale="en", *, state=None: type(command).__name__,
)
REGISTRY = Registry().with_systems(SYSTEM)
CONVERTER = make_converter(registry=REGISTRY)


def test_fold_applies_events_in_order() -> None:
    """``fold`` folds every event with the ruleset's ``evolve``, first to last."""
    start = DUEL.start(Setup())
    events = (AttackRolled("a", "b", Roll(D6, (2,))), AttackRolled("b", "a", Roll(D6, (1,))))

    state = engine.fold(DUEL, start, events)

    assert "a" == state.turn


def test_step_decides_and_folds() -> None:
    """``step`` returns the new state with the record's entry: command, faces and events."""
    state, entry = engine.step(DUEL, DUEL.start(Setup()), Attack("a"), ScriptedDice([3]))

    assert (
        Entry(command=Attack("a"), faces=(3,), events=(AttackRolled("a", "b", Roll(D6, (3,))),))
        == entry
    )
    assert "b" == state.turn


def test_begin_of_a_game_that_owes_nothing_has_no_entries() -> None:
    """``begin`` starts the game; a ruleset with no opening steps gives a record with no entries."""
    state, record = engine.begin(DUEL, Setup(hp=3), ScriptedDice([]))

    assert DUEL.start(Setup(hp=3)) == state
    assert GameRecord(system="duel", rules_version="1", setup=Setup(hp=3)) == record


def test_illegal_command_changes_nothing() -> None:
    """A refused command raises ``IllegalCommand`` with a reason and leaves the state as it was."""
    state = DUEL.start(Setup())
    before = to_json(state, converter=CONVERTER)
    dice = ScriptedDice([6])

    with pytest.raises(IllegalCommand) as raised:
        DUEL.decide(state, Attack("b"), dice)

    assert "not_your_turn" == raised.value.reason
    assert "b" in str(raised.value)
    assert before == to_json(state, converter=CONVERTER)
    assert (6,) == dice.remaining


def test_prompt_suspends_the_resolution() -> None:
    """A hit waits on a prompt: only the defender may act, with the prompt's answers."""
    state, _ = engine.step(DUEL, DUEL.start(Setup()), Attack("a"), ScriptedDice([5]))

    assert ("b",) == DUEL.to_act(state)
    assert (Dodge("b"), Pass("b")) == DUEL.legal_commands(state)
    assert PendingHit("a", "b", 1) == state.prompts.top.pending
    assert 2 == state.hp_of("b")


def test_prompt_refuses_others() -> None:
    """While a prompt waits, a command from someone else, or that does not answer it, is refused."""
    state, _ = engine.step(DUEL, DUEL.start(Setup()), Attack("a"), ScriptedDice([5]))

    with pytest.raises(IllegalCommand) as not_yours:
        DUEL.decide(state, Pass("a"), ScriptedDice([]))
    with pytest.raises(IllegalCommand) as not_an_answer:
        DUEL.decide(state, Attack("b"), ScriptedDice([]))

    assert "not_your_prompt" == not_yours.value.reason
    assert "not_an_answer" == not_an_answer.value.reason


def test_answering_resumes_the_resolution() -> None:
    """Passing resumes the suspended hit: the damage is dealt and the turn moves on."""
    state, _ = engine.step(DUEL, DUEL.start(Setup()), Attack("a"), ScriptedDice([5]))

    state, entry = engine.step(DUEL, state, Pass("b"), ScriptedDice([]))

    assert (Passed("b"), Damaged("b", 1)) == entry.events
    assert 1 == state.hp_of("b")
    assert state.prompts.empty
    assert "b" == state.turn


def test_a_successful_answer_cancels_the_suspended_work() -> None:
    """A dodge of 5 or more resolves the prompt without the damage."""
    state, _ = engine.step(DUEL, DUEL.start(Setup()), Attack("a"), ScriptedDice([5]))

    state, entry = engine.step(DUEL, state, Dodge("b"), ScriptedDice([6]))

    assert (DodgeRolled("b", Roll(D6, (6,))),) == entry.events
    assert 2 == state.hp_of("b")
    assert state.prompts.empty


def test_prompt_stack_suspends_lower_frames() -> None:
    """A pushed frame is answered first; popping it uncovers the suspended one below."""
    lower = PromptFrame(responder="b", answers={"Dodge", "Pass"}, pending="hit on b")
    upper = PromptFrame(responder="a", answers={"Pass"}, pending="counter on a")

    stack = PromptStack[str]().push(lower).push(upper)

    assert upper == stack.top
    assert lower == stack.pop().top
    assert stack.pop().pop().empty


def test_empty_prompt_stack_is_refused() -> None:
    """Reading or popping an empty stack is an ``IllegalCommand`` (``no_prompt``)."""
    with pytest.raises(IllegalCommand) as raised:
        PromptStack[str]().pop()

    assert "no_prompt" == raised.value.reason


def _play(seed: int) -> tuple[GameRecord[Setup, Command, Event], State]:
    dice = SeededDice(seed)
    state, record = engine.begin(DUEL, Setup(), dice)
    while not DUEL.is_over(state):
        state, entry = engine.step(DUEL, state, DUEL.legal_commands(state)[-1], dice)
        record = record.append(entry)
    return record, state


def test_replay_equals_live_state() -> None:
    """Replaying a record rebuilds exactly the state the live game reached."""
    record, live = _play(seed=7)

    assert live == engine.replay(record, registry=REGISTRY)


def test_record_round_trips_through_json() -> None:
    """A record survives JSON, events tagged by type, and still replays to the live state."""
    record, live = _play(seed=11)

    text = to_json(record, converter=CONVERTER)
    again = from_json(text, GameRecord, converter=CONVERTER)

    assert record == again
    assert '"type":"AttackRolled"' in text
    assert live == engine.replay(again, registry=REGISTRY)


def test_state_round_trips_through_json() -> None:
    """A state with a pending prompt (suspended work as data) survives JSON."""
    state, _ = engine.step(DUEL, DUEL.start(Setup()), Attack("a"), ScriptedDice([5]))

    assert state == from_json(to_json(state, converter=CONVERTER), State, converter=CONVERTER)


def _entry(command: Command, faces: tuple[int, ...], *events: Event) -> Entry[Command, Event]:
    return Entry(command=command, faces=faces, events=events)


def _record(*entries: Entry[Command, Event]) -> GameRecord[Setup, Command, Event]:
    return GameRecord(system="duel", rules_version="1", setup=Setup(), entries=entries)


def test_verified_replay_refuses_an_illegal_command_at_its_entry() -> None:
    """An entry whose command the rules refuse raises ``CorruptRecord`` with the entry's index."""
    miss = _entry(Attack("a"), (1,), AttackRolled("a", "b", Roll(D6, (1,))))
    record = _record(miss, miss)

    with pytest.raises(CorruptRecord) as raised:
        engine.replay(record, registry=REGISTRY)

    assert 1 == raised.value.index
    assert "turn" in raised.value.cause


def test_verified_replay_refuses_events_the_rules_do_not_give() -> None:
    """An entry whose events differ from what its command and faces give is refused at it."""
    forged = _entry(Attack("a"), (1,), AttackRolled("a", "b", Roll(D6, (6,))))

    with pytest.raises(CorruptRecord) as raised:
        engine.replay(_record(forged), registry=REGISTRY)

    assert 0 == raised.value.index


def test_verified_replay_refuses_faces_the_rules_do_not_roll() -> None:
    """An entry that records more faces than its decision rolls is refused at it."""
    padded = _entry(Attack("a"), (1, 4), AttackRolled("a", "b", Roll(D6, (1,))))

    with pytest.raises(CorruptRecord) as raised:
        engine.replay(_record(padded), registry=REGISTRY)

    assert (0, True) == (raised.value.index, "more faces" in raised.value.cause)


def test_only_the_first_entry_may_have_no_command() -> None:
    """An entry with no command (the opening steps) is refused anywhere but first."""
    miss = _entry(Attack("a"), (1,), AttackRolled("a", "b", Roll(D6, (1,))))
    record = _record(miss, Entry(command=None))

    with pytest.raises(CorruptRecord) as raised:
        engine.replay(record, registry=REGISTRY)

    assert 1 == raised.value.index


def test_trusted_replay_folds_the_events_only() -> None:
    """A trusted replay folds the recorded events and decides nothing again."""
    forged = _entry(Attack("a"), (), AttackRolled("a", "b", Roll(D6, (2,))))

    state = engine.replay(_record(forged), registry=REGISTRY, trusted=True)

    assert "b" == state.turn


def test_a_record_of_another_format_is_refused() -> None:
    """Records of format 1 (events alone) are refused with a message that says so."""
    old = '{"system":"duel","rules_version":"1","setup":{"hp":2},"events":[]}'

    with pytest.raises(InvalidData) as raised:
        from_json(old, GameRecord, converter=CONVERTER)

    assert ("$.format", True) == (raised.value.path, "format 1" in str(raised.value))
    assert 2 == RECORD_FORMAT


def test_unknown_system_is_refused() -> None:
    """A record of a system nobody registered raises ``UnknownSystem`` naming the known ones."""
    record = GameRecord(system="nope", rules_version="1", setup=Setup())

    with pytest.raises(UnknownSystem) as raised:
        engine.replay(record, registry=REGISTRY)

    assert ("duel",) == raised.value.known


def test_other_rules_version_is_refused() -> None:
    """A record made under another rules version is refused rather than misread."""
    record = GameRecord(system="duel", rules_version="0", setup=Setup())

    with pytest.raises(InvalidData) as raised:
        engine.replay(record, registry=REGISTRY)

    assert "$.rules_version" == raised.value.path


def test_record_json_with_an_unknown_event_type_is_invalid_data() -> None:
    """Untrusted record JSON with an unknown event tag raises ``InvalidData`` at its path."""
    record, _ = _play(seed=3)
    text = to_json(record, converter=CONVERTER).replace('"Damaged"', '"Healed"', 1)

    with pytest.raises(InvalidData) as raised:
        from_json(text, GameRecord, converter=CONVERTER)

    assert raised.value.path.startswith("$.entries[")


def test_registry_lookups() -> None:
    """``with_systems`` adds systems without changing the registry it started from."""
    empty = Registry()

    assert ("duel",) == empty.with_systems(SYSTEM).names
    assert () == empty.names
    assert DUEL is REGISTRY.get("duel").ruleset


def test_game_result_draw() -> None:
    """A result with no winners is a draw."""
    assert GameResult(winners=(), reason="result.time").draw


@given(games(DUEL, st.builds(Setup, hp=st.integers(1, 4))))
def test_random_legal_play_replays(record: GameRecord[Setup, Command, Any]) -> None:
    """Random legal play: HP never goes below 0 after the end, and replay equals the live fold."""
    live = engine.fold(DUEL, DUEL.start(record.setup), record.events)

    assert live == engine.replay(record, registry=REGISTRY)
    assert all(h >= 0 for _, h in live.hp)
    assert record == from_json(
        to_json(record, converter=CONVERTER), GameRecord, converter=CONVERTER
    )


class _Fumbling(Duel):
    """The duel, but every command first rolls a d6 for show: two rolls a command."""

    def decide(self, state: State, command: Command, dice: DiceSource) -> tuple[Event, ...]:
        dice.roll(D6)
        return super().decide(state, command, dice)


def test_step_gives_scripted_faces_back_when_a_command_fails() -> None:
    """A command that runs out of scripted dice after its first roll takes none of them."""
    ruleset = _Fumbling()
    dice = ScriptedDice([4])

    with pytest.raises(DiceExhausted):
        engine.step(ruleset, ruleset.start(Setup()), Attack("a"), dice)

    assert (4,) == dice.remaining


def test_an_event_that_breaks_evolve_in_any_way_is_a_corrupt_record() -> None:
    """Whatever error an unfit event causes, a trusted replay names the entry's index."""
    junk: Any = "not an event"
    miss = _entry(Attack("a"), (1,), AttackRolled("a", "b", Roll(D6, (1,))))
    record = _record(miss, _entry(Attack("b"), (), junk))

    with pytest.raises(CorruptRecord) as raised:
        engine.replay(record, registry=REGISTRY, trusted=True)

    assert 1 == raised.value.index
