"""The toy response-stack duel (``tests/toy_stack.py``): random legal play and scripted stacks.

Issue 7, point 4: a toy ruleset built on :mod:`tabletop_rules.kit` with a response stack (two
players, a spell answered by another, answers nested last-in first-out), with property tests
on random play.
Random games draw the actor from ``to_act``, the command from ``legal_commands(actor=...)``
and every die face from Hypothesis, so that a failing game shrinks to a short one.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import engine
from tabletop_rules.dice import Dice, Roll, ScriptedDice
from tabletop_rules.engine import Entry, GameRecord, GameResult, Pass
from tabletop_rules.errors import CorruptRecord, DiceExhausted, IllegalCommand
from tabletop_rules.serialization import from_json, make_converter, to_json
from tabletop_rules.systems import Registry

from .toy_stack import (
    D6,
    PLAYERS,
    RULESET,
    SYSTEM,
    Card,
    Cast,
    Command,
    Effect,
    EndTurn,
    Event,
    Fizzled,
    GameEnded,
    Mark,
    Passed,
    Resolved,
    Setup,
    SpellCast,
    State,
    other,
)

CONVERTER = make_converter(registry=Registry().with_systems(SYSTEM))

#: Every command a player could send, legal or not, for the refusal checks.
EVERY_COMMAND: tuple[Command, ...] = (
    *(Pass(actor) for actor in PLAYERS),
    *(EndTurn(actor) for actor in PLAYERS),
    *(Cast(actor, card, target) for actor in PLAYERS for card in Card for target in PLAYERS),
)

setups = st.builds(
    Setup,
    hands=st.tuples(
        *[st.lists(st.sampled_from(Card), min_size=1, max_size=6).map(tuple) for _ in PLAYERS]
    ),
    life=st.integers(1, 10),
    turns=st.integers(1, 6),
)


class DrawnDice:
    """A dice source whose faces Hypothesis draws."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def roll(self, dice: Dice) -> Roll:
        """Draw ``dice.count`` faces."""
        face = st.integers(1, dice.sides)
        return Roll(dice, tuple(self.data.draw(face, label="face") for _ in range(dice.count)))


@attrs.frozen(kw_only=True)
class Step:
    """One command of a game: the state before it, its record entry, the state after."""

    before: State
    entry: Entry[Command, Event]
    after: State

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the command."""
        return self.entry.events


@attrs.frozen(kw_only=True)
class Game:
    """A random legal game: its record and its steps."""

    record: GameRecord[Setup, Command, Event]
    steps: tuple[Step, ...]

    @property
    def live(self) -> State:
        """The state the live game reached."""
        return self.steps[-1].after if self.steps else RULESET.start(self.record.setup)


@st.composite
def games(draw: st.DrawFn, *, max_steps: int = 300) -> Game:
    """A random legal game: the actor from ``to_act``, the command from its legal commands."""
    setup = draw(setups)
    data = draw(st.data())
    dice = DrawnDice(data)
    state, record = engine.begin(RULESET, setup, dice)
    steps: list[Step] = []
    while not RULESET.is_over(state) and len(steps) < max_steps:
        actor = data.draw(st.sampled_from(RULESET.to_act(state)), label="actor")
        legal = RULESET.legal_commands(state, actor=actor)
        command = data.draw(st.sampled_from(legal), label="command")
        after, entry = engine.step(RULESET, state, command, dice)
        steps.append(Step(before=state, entry=entry, after=after))
        record = record.append(entry)
        state = after
    assert RULESET.is_over(state) or len(steps) == max_steps, "a toy duel always ends"
    return Game(record=record, steps=tuple(steps))


def check_stack(state: State) -> None:
    """The response stack is well formed: one window per spell, asking its right responder."""
    frames = state.stack.frames
    for index, frame in enumerate(frames):
        window = frame.pending
        spell = window.pending
        assert (other(spell.caster), spell.caster) == window.responders
        if frame.responder is None:
            # Only the top frame may ask no one: its window closed, or its spell countered.
            assert index == len(frames) - 1
            assert window.closed or spell.countered
            assert frozenset() == frame.answers
        else:
            assert window.to_answer == frame.responder
            assert frame.responder in window.responders
            assert frozenset({"Cast", "Pass"}) == frame.answers
            assert not window.closed
        if spell.card is Card.COUNTER:
            assert index > 0, "a counter answers the spell below it"
            assert frames[index - 1].pending.pending.caster == spell.target
    if state.result is not None:
        assert state.stack.empty


def check_players(state: State, setup: Setup) -> None:
    """Life stays within 0 and the maximum; a shield is single and lasts at most two turns."""
    for player in state.players:
        assert 0 <= player.life <= setup.life
        assert len(player.effects) <= 1
        assert all(e.kind is Mark.SHIELD and 1 <= e.turns <= 2 for e in player.effects)


@given(games())
def test_random_play_keeps_invariants(game: Game) -> None:
    """After every event of random play: life within bounds, stack frames well formed, the
    responder one of its window's responders, and who may act is who has legal commands."""
    setup = game.record.setup
    for step in game.steps:
        state = step.before
        assert RULESET.legal_commands(state) == tuple(
            c for actor in RULESET.to_act(state) for c in RULESET.legal_commands(state, actor=actor)
        )
        if not state.stack.empty:
            assert (state.stack.top.responder,) == RULESET.to_act(state)
        for event in step.events:
            state = RULESET.evolve(state, event)
            check_stack(state)
            check_players(state, setup)
        assert step.after == state
        assert RULESET.follow_up(state, ScriptedDice([])) is None, "a step settles its state"


@given(games())
def test_answers_resolve_last_in_first_out(game: Game) -> None:
    """Spells leave the stack newest first; each resolves right after its opponent then its
    caster passed; a resolved counter is followed by its countered spell fizzling."""
    model: list[tuple[str, Card]] = []
    events = game.record.events
    for index, event in enumerate(events):
        if isinstance(event, SpellCast):
            model.append((event.actor, event.card))
        elif isinstance(event, Resolved | Fizzled):
            assert model[-1] == (event.caster, event.card)
            model.pop()
            if isinstance(event, Resolved):
                assert events[index - 2 : index] == (
                    Passed(other(event.caster)),
                    Passed(event.caster),
                )
                if event.card is Card.COUNTER:
                    assert Fizzled(*model[-1]) == events[index + 1]
        elif isinstance(event, GameEnded):
            model.clear()
    assert [] == model


@given(games())
def test_replay_equals_live_state(game: Game) -> None:
    """Verified and trusted replay both rebuild the live state."""
    assert game.live == engine.replay(game.record, RULESET)
    assert game.live == engine.replay(game.record, RULESET, trusted=True)


@given(games(), st.data())
def test_cut_record_replays_to_the_state_at_the_cut(game: Game, data: st.DataObject) -> None:
    """A record cut after any entry replays, verified or trusted, to the live state there, from
    which play goes on as in the live game (an undo of the entries after the cut)."""
    cut = data.draw(st.integers(0, len(game.steps)), label="cut")
    record = attrs.evolve(game.record, entries=game.record.entries[:cut])
    verified = engine.replay(record, RULESET)
    live = game.steps[cut - 1].after if cut else RULESET.start(game.record.setup)
    assert live == verified == engine.replay(record, RULESET, trusted=True)
    assert RULESET.legal_commands(verified) == RULESET.legal_commands(live)


@given(games())
def test_record_and_state_round_trip_through_json(game: Game) -> None:
    """Records and states survive JSON, events tagged by their class name."""
    text = to_json(game.record, converter=CONVERTER)
    assert game.record == from_json(text, GameRecord, converter=CONVERTER)
    for step in game.steps[::5]:
        state_text = to_json(step.before, converter=CONVERTER)
        assert step.before == from_json(state_text, State, converter=CONVERTER)
    if game.record.events:
        assert f'"type":"{type(game.record.events[0]).__name__}"' in text


@given(games(max_steps=12))
def test_exactly_the_legal_commands_are_accepted(game: Game) -> None:
    """In every state, a command is accepted exactly when ``legal_commands`` lists it; a refused
    one raises ``IllegalCommand`` and changes nothing, not even the dice."""
    for step in game.steps:
        state = step.before
        before = to_json(state, converter=CONVERTER)
        legal = set(RULESET.legal_commands(state))
        for command in EVERY_COMMAND:
            dice = ScriptedDice([4])
            if command in legal:
                RULESET.decide(state, command, dice)
                continue
            with pytest.raises(IllegalCommand):
                engine.step(RULESET, state, command, dice)
            assert (4,) == dice.remaining
            assert before == to_json(state, converter=CONVERTER)


def first_bad_entry(record: GameRecord[Setup, Command, Event]) -> int | None:
    """The index of the first entry no legal play gives, derived with ``legal_commands``: its
    command must be one the state offers, decided with its faces (all of them used) into
    exactly its events; ``None`` when every entry fits."""
    state = RULESET.start(record.setup)
    for index, entry in enumerate(record.entries):
        if entry.command not in RULESET.legal_commands(state):
            return index
        dice = ScriptedDice(entry.faces)
        try:
            state, produced = RULESET.play(state, entry.command, dice)
        except DiceExhausted:
            return index
        if dice.remaining or produced != entry.events:
            return index
    return None


def _tamper(
    record: GameRecord[Setup, Command, Event], data: st.DataObject
) -> tuple[GameRecord[Setup, Command, Event], int]:
    """*record* with an entry dropped, duplicated or swapped, a die face changed or an event
    dropped; the first index touched."""
    entries = list(record.entries)
    kind = data.draw(st.sampled_from(["drop", "duplicate", "swap", "face", "event"]), label="kind")
    at = data.draw(st.integers(0, len(entries) - 1), label="at")
    if kind == "drop":
        del entries[at]
    elif kind == "duplicate":
        entries.insert(at, entries[at])
        at += 1
    elif kind == "face" and any(e.faces for e in entries):
        at = data.draw(
            st.sampled_from([i for i, e in enumerate(entries) if e.faces]), label="rolled"
        )
        (face,) = entries[at].faces
        other_face = data.draw(st.sampled_from([f for f in range(1, 7) if f != face]), label="face")
        entries[at] = attrs.evolve(entries[at], faces=(other_face,))
    elif kind == "event" and entries[at].events:
        entries[at] = attrs.evolve(entries[at], events=entries[at].events[:-1])
    else:
        later = data.draw(st.integers(0, len(entries) - 1), label="with")
        first, second = sorted((at, later))
        entries[first], entries[second] = entries[second], entries[first]
        at = first
    return attrs.evolve(record, entries=tuple(entries)), at


@given(games(), st.data())
def test_tampered_record_is_refused_at_the_first_bad_entry(game: Game, data: st.DataObject) -> None:
    """A tampered record (an entry dropped, duplicated or swapped, a die face changed, an event
    dropped) is refused with ``CorruptRecord`` at the first entry that no legal play gives, or
    accepted when legal play could have given it all (a record cut short, two equal entries
    swapped)."""
    if not game.record.entries:
        return
    record, touched = _tamper(game.record, data)
    expected = first_bad_entry(record)
    if expected is None:
        assert engine.replay(record, RULESET) == engine.replay(record, RULESET, trusted=True)
        return
    with pytest.raises(CorruptRecord) as refused:
        engine.replay(record, RULESET)
    assert expected == refused.value.index
    assert touched <= refused.value.index


# --------------------------------------------------------------------------- scripted duels


def _record(setup: Setup, *moves: tuple[Command, list[int]]) -> GameRecord[Setup, Command, Event]:
    state, record = engine.begin(RULESET, setup, ScriptedDice([]))
    for command, faces in moves:
        state, entry = engine.step(RULESET, state, command, ScriptedDice(faces))
        record = record.append(entry)
    return record


def _run(setup: Setup, *moves: tuple[Command, list[int]]) -> list[tuple[Event, ...]]:
    return [entry.events for entry in _record(setup, *moves).entries]


def test_nested_answers_resolve_last_in_first_out() -> None:
    """ann's bolt is countered by bo, whose counter ann counters; bo then mends in answer to the
    bolt: the counters resolve newest first, then the mend, then the bolt, then the end."""
    setup = Setup(hands=((Card.BOLT, Card.COUNTER), (Card.COUNTER, Card.MEND)), life=10)
    bolt = SpellCast(actor="ann", card=Card.BOLT, target="bo", roll=Roll(D6, (5,)))

    steps = _run(
        setup,
        (Cast("ann", Card.BOLT, "bo"), [5]),
        (Cast("bo", Card.COUNTER, "ann"), []),
        (Cast("ann", Card.COUNTER, "bo"), []),
        (Pass("bo"), []),
        (Pass("ann"), []),
        (Cast("bo", Card.MEND, "bo"), []),
        (Pass("ann"), []),
        (Pass("bo"), []),
        (Pass("bo"), []),
        (Pass("ann"), []),
    )

    assert [
        (bolt,),
        (SpellCast(actor="bo", card=Card.COUNTER, target="ann"),),
        (SpellCast(actor="ann", card=Card.COUNTER, target="bo"),),
        (Passed("bo"),),
        (
            Passed("ann"),
            Resolved(caster="ann", card=Card.COUNTER, target="bo", life=10),
            Fizzled("bo", Card.COUNTER),
        ),
        (SpellCast(actor="bo", card=Card.MEND, target="bo"),),
        (Passed("ann"),),
        (Passed("bo"), Resolved(caster="bo", card=Card.MEND, target="bo", life=10)),
        (Passed("bo"),),
        (
            Passed("ann"),
            Resolved(caster="ann", card=Card.BOLT, target="bo", life=5),
            GameEnded(("ann",), "toy.result.no_cards"),
        ),
    ] == steps


def test_window_asks_opponent_then_caster_and_again_after_an_answer() -> None:
    """A window asks the caster's opponent, then the caster; once an answer has resolved, the
    window below asks its first responder again."""
    state = RULESET.start(Setup())
    state, _ = engine.step(RULESET, state, Cast("ann", Card.BOLT, "bo"), ScriptedDice([2]))
    assert ("bo",) == RULESET.to_act(state)
    state, _ = engine.step(RULESET, state, Pass("bo"), ScriptedDice([]))
    assert ("ann",) == RULESET.to_act(state)
    state, _ = engine.step(RULESET, state, Cast("ann", Card.SHIELD, "ann"), ScriptedDice([]))
    assert ("bo",) == RULESET.to_act(state)
    for actor in ("bo", "ann"):
        state, _ = engine.step(RULESET, state, Pass(actor), ScriptedDice([]))

    window = state.stack.top.pending
    assert (1, "bo", 0) == (len(state.stack.frames), window.to_answer, window.passes)


def test_shield_absorbs_a_bolt_and_is_used_up() -> None:
    """A shield cast in answer to a bolt resolves first and absorbs it whole; the next bolt
    hits."""
    setup = Setup(hands=((Card.BOLT, Card.BOLT), (Card.SHIELD,)))
    steps = _run(
        setup,
        (Cast("ann", Card.BOLT, "bo"), [6]),
        (Cast("bo", Card.SHIELD, "bo"), []),
        (Pass("ann"), []),
        (Pass("bo"), []),
        (Pass("bo"), []),
        (Pass("ann"), []),
        (Cast("ann", Card.BOLT, "bo"), [3]),
        (Pass("bo"), []),
        (Pass("ann"), []),
    )

    assert Resolved(caster="bo", card=Card.SHIELD, target="bo", life=10) == steps[3][1]
    assert (
        Resolved(caster="ann", card=Card.BOLT, target="bo", life=10, absorbed=True) == steps[5][1]
    )
    assert Resolved(caster="ann", card=Card.BOLT, target="bo", life=7) == steps[8][1]


def test_shield_ends_after_two_turn_ends() -> None:
    """A shield lasts a count of turn ends (``Expiry.COUNT``): it is gone after the second."""
    setup = Setup(hands=((Card.BOLT,), (Card.SHIELD,)))
    state = RULESET.start(setup)
    moves: list[Command] = [EndTurn("ann"), Cast("bo", Card.SHIELD, "bo"), Pass("ann"), Pass("bo")]
    for command in moves:
        state, _ = engine.step(RULESET, state, command, ScriptedDice([]))
    shields = []
    for actor in ("bo", "ann"):
        shields.append(state.player("bo").effects)
        state, _ = engine.step(RULESET, state, EndTurn(actor), ScriptedDice([]))
    shields.append(state.player("bo").effects)

    assert [
        (Effect(Mark.SHIELD, since_round=2, turns=2),),
        (Effect(Mark.SHIELD, since_round=2, turns=1),),
        (),
    ] == shields


def test_mend_never_raises_life_above_the_start() -> None:
    """A mend gives back 2 life, never more than the starting life."""
    setup = Setup(hands=((Card.MEND,), (Card.BOLT,)), life=10)
    steps = _run(
        setup,
        (EndTurn("ann"), []),
        (Cast("bo", Card.BOLT, "ann"), [1]),
        (Cast("ann", Card.MEND, "ann"), []),
        (Pass("bo"), []),
        (Pass("ann"), []),
        (Pass("ann"), []),
        (Pass("bo"), []),
    )

    assert Resolved(caster="ann", card=Card.MEND, target="ann", life=10) == steps[4][1]
    assert Resolved(caster="bo", card=Card.BOLT, target="ann", life=9) == steps[6][1]


def test_a_bolt_to_zero_life_ends_the_duel_and_clears_the_stack() -> None:
    """Life 0 ends the duel at once, with the spells still on the stack left unresolved."""
    setup = Setup(hands=((Card.BOLT,), (Card.BOLT,)), life=3)
    record = _record(
        setup,
        (Cast("ann", Card.BOLT, "bo"), [2]),
        (Cast("bo", Card.BOLT, "ann"), [6]),
        (Pass("ann"), []),
        (Pass("bo"), []),
    )
    steps = [entry.events for entry in record.entries]
    state = engine.replay(record, RULESET)

    assert (
        Passed("bo"),
        Resolved(caster="bo", card=Card.BOLT, target="ann", life=0),
        GameEnded(("bo",), "toy.result.no_life"),
    ) == steps[-1]
    assert GameResult(winners=("bo",), reason="toy.result.no_life") == RULESET.outcome(state)
    assert state.stack.empty
    assert 3 == state.player("bo").life
    assert () == RULESET.to_act(state)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (Cast("bo", Card.BOLT, "ann"), "toy.illegal.not_your_turn"),
        (Cast("ann", Card.COUNTER, "bo"), "toy.illegal.nothing_to_counter"),
        (Cast("ann", Card.BOLT, "ann"), "toy.illegal.bad_target"),
        (Cast("ann", Card.BOLT, "cy"), "toy.illegal.bad_target"),
        (Cast("cy", Card.BOLT, "ann"), "toy.illegal.unknown_player"),
        (Cast("ann", "bolt", "bo"), "toy.illegal.bad_command"),  # type: ignore[arg-type]
        (Pass("ann"), "no_prompt"),
        (EndTurn("bo"), "toy.illegal.not_your_turn"),
    ],
)
def test_refusals_name_their_reason(command: Any, reason: str) -> None:
    """Commands the rules refuse at the start raise ``IllegalCommand`` with their reason."""
    setup = Setup(hands=((Card.BOLT, Card.COUNTER), (Card.BOLT,)))
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(RULESET.start(setup), command, ScriptedDice([1]))

    assert reason == refused.value.reason


def test_a_changed_die_is_refused_where_it_counts() -> None:
    """A bolt's die is recorded when it is cast and used when the bolt resolves: with the face
    changed in the entry and its event alike, the cast is still legal play, but the recorded
    resolution, two entries later, is not."""
    setup = Setup(hands=((Card.BOLT,), (Card.MEND,)))
    record = _record(
        setup, (Cast("ann", Card.BOLT, "bo"), [4]), (Pass("bo"), []), (Pass("ann"), [])
    )
    cast = record.entries[0]
    (bolt,) = cast.events
    assert isinstance(bolt, SpellCast)
    changed = attrs.evolve(cast, faces=(1,), events=(attrs.evolve(bolt, roll=Roll(D6, (1,))),))
    forged = attrs.evolve(record, entries=(changed, *record.entries[1:]))

    assert 6 == engine.replay(record, RULESET).player("bo").life
    with pytest.raises(CorruptRecord) as refused:
        engine.replay(forged, RULESET)
    assert (
        Resolved(caster="ann", card=Card.BOLT, target="bo", life=6) == record.entries[2].events[1]
    )
    assert 2 == refused.value.index


def test_a_die_changed_in_the_event_alone_is_refused_at_its_entry() -> None:
    """An event whose die differs from the face its entry recorded is refused at once."""
    setup = Setup(hands=((Card.BOLT,), (Card.MEND,)))
    record = _record(setup, (Cast("ann", Card.BOLT, "bo"), [4]))
    (bolt,) = record.entries[0].events
    assert isinstance(bolt, SpellCast)
    changed = attrs.evolve(record.entries[0], events=(attrs.evolve(bolt, roll=Roll(D6, (1,))),))

    with pytest.raises(CorruptRecord) as refused:
        engine.replay(attrs.evolve(record, entries=(changed,)), RULESET)
    assert 0 == refused.value.index
