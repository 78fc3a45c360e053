"""The ruleset kit (:mod:`tabletop_rules.kit`), one piece at a time.

Issue 7, point 1: the copier, command shapes, lasting effects, response windows, the prompt
gate and record verification.
Where a concrete ruleset is needed, the toy response-stack duel of ``tests/toy_stack.py``
serves.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

from tabletop_rules import engine
from tabletop_rules.dice import Roll, ScriptedDice
from tabletop_rules.engine import Entry, GameRecord, Pass, PromptFrame, PromptStack
from tabletop_rules.errors import CorruptRecord, IllegalCommand, InvalidData
from tabletop_rules.i18n import LOCALES
from tabletop_rules.kit import (
    CommandShapes,
    Durations,
    Expiry,
    ResponseWindow,
    Rules,
    copier,
)
from tabletop_rules.kit._copier import unchecked_copier
from tabletop_rules.kit._windows import copy_window

from .toy_stack import (
    D6,
    RULESET,
    Card,
    Cast,
    EndTurn,
    Event,
    Passed,
    Resolved,
    Setup,
    SpellCast,
    State,
    TurnEnded,
)

# --------------------------------------------------------------------------- copier


@attrs.frozen(kw_only=True)
class Sheet:
    name: str
    hp: int = 3
    tags: tuple[str, ...] = ()
    note: str | None = None


def test_copier_keeps_every_field() -> None:
    """A copy with no changes equals the original, every field kept (defaults not restored)."""
    sheet = Sheet(name="Al", hp=7, tags=("brave",), note="n")

    copy = copier(Sheet)(sheet)

    assert sheet == copy
    assert copy is not sheet


def test_copier_changes_the_given_fields() -> None:
    """The given fields change, as with ``attrs.evolve``; the others are kept."""
    sheet = Sheet(name="Al", hp=7, tags=("brave",))

    assert attrs.evolve(sheet, hp=2, note="hurt") == copier(Sheet)(sheet, hp=2, note="hurt")


def test_copier_copies_a_field_added_to_the_class() -> None:
    """The copier is generated from the class's fields: a field added (here by a subclass) is
    copied too, never reset to its default."""

    @attrs.frozen(kw_only=True)
    class Hero(Sheet):
        level: int = 1

    hero = Hero(name="Al", level=4)

    assert Hero(name="Al", hp=1, level=4) == copier(Hero)(hero, hp=1)


@attrs.frozen
class Awkward:
    inst: int
    new: int = 0
    cls: int = 0
    missing: int = 0
    setattr: int = 0
    make: int = 0
    _private: int = 0


def test_copier_takes_fields_named_like_its_own_code() -> None:
    """Fields named like the generated code's names are copied and changed like any other."""
    copy = copier(Awkward)
    awkward = Awkward(1, 2, 3, 4, 5, 6, 7)

    assert awkward == copy(awkward)
    assert attrs.evolve(awkward, new=9, cls=8, private=5) == copy(awkward, new=9, cls=8, private=5)


def test_copier_of_a_hash_caching_class_hashes_the_copy_afresh() -> None:
    """A copy of a ``cache_hash=True`` class has the hash of an equal fresh instance."""

    @attrs.frozen(cache_hash=True)
    class Cached:
        value: int

    original = Cached(1)
    assert hash(original) == hash(Cached(1))  # the original caches its hash

    assert hash(Cached(2)) == hash(copier(Cached)(original, value=2))


def test_copier_refuses_an_unknown_field() -> None:
    """A change to a field the class does not have is a ``TypeError``."""
    copy = copier(Sheet)

    with pytest.raises(TypeError):
        copy(Sheet(name="Al"), mana=3)


@attrs.frozen
class Checked:
    """A class whose post-init only checks its value."""

    x: int

    def __attrs_post_init__(self) -> None:
        if self.x < 0:
            raise ValueError("negative")


def test_copier_refuses_classes_it_cannot_copy() -> None:
    """Only slotted attrs classes without ``__attrs_post_init__`` can be copied directly."""

    @attrs.define(slots=False, frozen=True)
    class Unslotted:
        x: int

    class Plain:
        __slots__ = ("x",)

    for cls in (Unslotted, Checked, Plain):
        with pytest.raises(TypeError):
            copier(cls)


def test_unchecked_copier_copies_a_checked_class_without_its_check() -> None:
    """A class whose post-init only checks its values is copied by its own code, unchecked.

    The response window's copy is such a copier, and its copy equals the checked window.
    """
    assert Checked(3) == unchecked_copier(Checked)(Checked(1), x=3)
    window = ResponseWindow(responders=("a", "b"), pending="hit", passes=2)
    expected = ResponseWindow(responders=("a", "b"), pending="miss", passes=2)
    assert expected == copy_window(window, pending="miss")
    for cls in (Checked, ResponseWindow):
        with pytest.raises(TypeError):
            copier(cls)


def test_copier_copies_the_toy_state() -> None:
    """The toy duel's states are copied by a copier at every fold; it keeps them equal."""
    state = RULESET.start(Setup())

    assert state == copier(State)(state)


# --------------------------------------------------------------------------- command shapes


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen(kw_only=True)
class Paint:
    actor: str
    wet: bool
    coats: int
    color: Color
    walls: tuple[str, ...]
    note: str | None = None
    extra: Any = None


PAINT = Paint(actor="al", wet=True, coats=2, color=Color.RED, walls=("north",))
SHAPES = CommandShapes.of([Paint, Pass], reason="demo.bad", unknown="demo.unknown")


def test_shapes_accept_a_well_formed_command() -> None:
    """A command whose every field has the type its annotation names passes."""
    SHAPES.check(PAINT)
    SHAPES.check(attrs.evolve(PAINT, note="matte", walls=(), extra=object()))
    SHAPES.check(Pass("al"))


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("actor", 3, "str"),
        ("wet", 1, "bool"),
        ("coats", True, "int"),
        ("coats", "2", "int"),
        ("color", "red", "Color"),
        ("walls", "north", "tuple[str, ...]"),
        ("walls", ("north", 1), "tuple[str, ...]"),
        ("note", 3, "str | None"),
    ],
)
def test_shapes_refuse_a_field_of_the_wrong_type(field: str, value: object, expected: str) -> None:
    """A field of the wrong type is refused with the shapes' reason, naming the command, the
    field, the type it needs and the value given."""
    changes: dict[str, Any] = {field: value}
    command = attrs.evolve(PAINT, **changes)

    with pytest.raises(IllegalCommand) as refused:
        SHAPES.check(command)

    assert "demo.bad" == refused.value.reason
    assert {"command": "Paint", "field": field, "expected": expected, "value": repr(value)} == dict(
        refused.value.params
    )


def test_shapes_leave_unchecked_fields_alone() -> None:
    """A field whose annotation is not one the kit checks is left to the rule that reads it."""
    assert "extra" not in {name for name, _, _ in SHAPES.shapes[Paint]}


def test_shapes_refuse_an_unknown_command_class() -> None:
    """An object of no known command class is refused with the *unknown* reason."""
    with pytest.raises(IllegalCommand) as refused:
        SHAPES.check(Color.RED)

    assert "demo.unknown" == refused.value.reason
    assert {"command": "Color"} == dict(refused.value.params)


def test_shapes_shorten_a_long_value_in_the_message() -> None:
    """A long value is cut to 60 characters in the message fields."""
    long: Any = "x" * 100
    with pytest.raises(IllegalCommand) as refused:
        SHAPES.check(attrs.evolve(PAINT, coats=long))

    shown = refused.value.params["value"]
    assert isinstance(shown, str)
    assert 60 == len(shown)
    assert shown.endswith("...")


def test_rules_check_command_shapes_before_any_rule() -> None:
    """A kit ruleset refuses a malformed command with its own ``bad_command`` reason."""
    state = RULESET.start(Setup())

    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, Cast("ann", "bolt", "bo"), ScriptedDice([1]))  # type: ignore[arg-type]

    assert "toy.illegal.bad_command" == refused.value.reason
    assert "card" == refused.value.params["field"]


# --------------------------------------------------------------------------- durations


class Kind(enum.Enum):
    RAGE = "rage"
    GUARD = "guard"
    AIM = "aim"
    MARKED = "marked"


@attrs.frozen
class Mod:
    kind: Kind
    since_round: int
    count: int = 0


#: (Typed ``dict[Any, Any]``: mypy cannot bind the kit's ``MappingProxyType`` converter.)
EXPIRIES: dict[Any, Any] = {
    Kind.RAGE: Expiry.ROUND_END,
    Kind.GUARD: Expiry.TURN_START,
    Kind.AIM: Expiry.USE,
    Kind.MARKED: Expiry.COUNT,
}
TABLE: Durations[Kind] = Durations(EXPIRIES)


def test_durations_expire_every_effect_of_the_moment() -> None:
    """Without ``before_round``, every effect that ends at the moment goes; the others stay."""
    effects = (Mod(Kind.RAGE, 1), Mod(Kind.AIM, 1), Mod(Kind.RAGE, 2))

    assert (Mod(Kind.AIM, 1),) == TABLE.expire(effects, Expiry.ROUND_END)
    assert Expiry.TURN_START is TABLE.expiry(Kind.GUARD)


def test_durations_expire_only_older_effects_before_a_round() -> None:
    """With ``before_round``, an effect begun in that round (or later) outlives the moment."""
    effects = (Mod(Kind.GUARD, 1), Mod(Kind.GUARD, 2), Mod(Kind.AIM, 1))

    kept = TABLE.expire(effects, Expiry.TURN_START, before_round=2)

    assert (Mod(Kind.GUARD, 2), Mod(Kind.AIM, 1)) == kept


def test_durations_expire_returns_the_same_tuple_when_nothing_ends() -> None:
    """When no effect ends, the very same tuple comes back (no copy)."""
    effects = (Mod(Kind.AIM, 1),)

    assert effects is TABLE.expire(effects, Expiry.ROUND_END)
    assert () == TABLE.expire((), Expiry.ROUND_END)


def test_durations_first_finds_the_first_of_a_kind() -> None:
    """``first`` gives the first effect of a kind (meeting ``where``, if given), or ``None``."""
    effects = (Mod(Kind.AIM, 1), Mod(Kind.AIM, 2), Mod(Kind.RAGE, 1))

    assert Mod(Kind.AIM, 1) == Durations.first(effects, Kind.AIM)
    assert Mod(Kind.AIM, 2) == Durations.first(effects, Kind.AIM, lambda e: e.since_round > 1)
    assert Durations.first(effects, Kind.GUARD) is None


def test_durations_take_uses_up_one_effect() -> None:
    """``take`` removes and returns the first effect of a kind; with none, nothing changes."""
    effects = (Mod(Kind.RAGE, 1), Mod(Kind.AIM, 1), Mod(Kind.AIM, 2))

    assert (Mod(Kind.AIM, 1), (Mod(Kind.RAGE, 1), Mod(Kind.AIM, 2))) == TABLE.take(
        effects, Kind.AIM
    )
    assert (None, effects) == TABLE.take(effects, Kind.GUARD)


def test_durations_without_removes_one_equal_effect() -> None:
    """``without`` removes the first effect equal to the one used, and only that one."""
    effects = (Mod(Kind.AIM, 1), Mod(Kind.AIM, 1))

    assert (Mod(Kind.AIM, 1),) == Durations.without(effects, Mod(Kind.AIM, 1))


def test_durations_tick_lowers_counts_and_drops_those_at_zero() -> None:
    """``tick`` lowers every ``Expiry.COUNT`` effect by 1 and drops those that reach 0; other
    kinds are left as they are."""
    effects = (Mod(Kind.MARKED, 1, 3), Mod(Kind.MARKED, 1, 1), Mod(Kind.RAGE, 1, 1))

    ticked = TABLE.tick(effects, lambda e: e.count, lambda e, n: attrs.evolve(e, count=n))

    assert (Mod(Kind.MARKED, 1, 2), Mod(Kind.RAGE, 1, 1)) == ticked


# --------------------------------------------------------------------------- response windows


def test_window_asks_its_responders_in_order() -> None:
    """A window asks its first responder, then the next after each pass."""
    window = ResponseWindow(responders=("opp", "act"), pending="step")

    assert "opp" == window.to_answer
    assert "act" == window.passed("opp").to_answer
    assert "opp" == window.passed("opp").passed("act").to_answer


def test_window_closes_when_everyone_passed_in_a_row() -> None:
    """The window is closed once every responder has passed in a row, not before."""
    window = ResponseWindow(responders=("opp", "act"), pending="step")

    once = window.passed("opp")

    assert (0, False) == (window.passes, window.closed)
    assert (1, False) == (once.passes, once.closed)
    assert once.passed("act").closed
    assert ResponseWindow(responders=("solo",), pending=0).passed("solo").closed


def test_window_responded_gives_priority_back_to_the_first() -> None:
    """After a response has resolved, the passes start again from the first responder."""
    window = ResponseWindow(responders=("opp", "act"), pending="step").passed("opp")

    again = window.responded()

    assert ResponseWindow(responders=("opp", "act"), pending="step") == again
    assert ("opp", 0, "step") == (again.to_answer, again.passes, again.pending)


def test_window_refuses_an_answer_out_of_turn() -> None:
    """Only the one asked may pass; anyone else is refused with ``not_your_prompt``."""
    window = ResponseWindow(responders=("opp", "act"), pending="step")

    with pytest.raises(IllegalCommand) as refused:
        window.passed("act")
    with pytest.raises(IllegalCommand):
        window.check("nobody")

    assert "not_your_prompt" == refused.value.reason
    assert {"actor": "act", "responder": "opp"} == dict(refused.value.params)
    window.check("opp")


def test_window_needs_a_responder() -> None:
    """A window with no responder cannot be built."""
    with pytest.raises(InvalidData, match="responder"):
        ResponseWindow(responders=(), pending="step")


@pytest.mark.parametrize(("turn", "passes"), [(2, 0), (-1, 0), (0, 3), (0, -1)])
def test_window_refuses_a_turn_or_passes_out_of_range(turn: int, passes: int) -> None:
    """A window read from JSON with its turn or passes out of range is refused, not a crash."""
    with pytest.raises(InvalidData):
        ResponseWindow(responders=("opp", "act"), pending="step", turn=turn, passes=passes)


def test_window_frame_asks_the_one_to_answer_until_closed() -> None:
    """The window's frame asks ``to_answer``; a closed window's frame asks no one."""
    window = ResponseWindow(responders=("opp", "act"), pending="step")

    asking = window.frame({"Cast", "Pass"})
    closing = window.passed("opp").passed("act").frame({"Cast", "Pass"})

    assert ("opp", frozenset({"Cast", "Pass"}), window) == (
        asking.responder,
        asking.answers,
        asking.pending,
    )
    assert (None, frozenset()) == (closing.responder, closing.answers)


# --------------------------------------------------------------------------- the prompt gate


def _state_after(setup: Setup, *events: Event) -> State:
    return engine.fold(RULESET, RULESET.start(setup), events)


BOLT = SpellCast(actor="ann", card=Card.BOLT, target="bo", roll=Roll(D6, (3,)))


def test_gate_lets_only_the_responder_answer() -> None:
    """While a window asks ``bo``, a command from ``ann`` is refused (``not_your_prompt``)."""
    state = _state_after(Setup(), BOLT)

    with pytest.raises(IllegalCommand) as refused:
        RULESET.gate(state, Pass("ann"))

    assert "not_your_prompt" == refused.value.reason
    RULESET.gate(state, Pass("bo"))
    RULESET.gate(state, Cast("bo", Card.COUNTER, "ann"))


def test_gate_refuses_what_does_not_answer() -> None:
    """The responder may send only the frame's answers (``not_an_answer``)."""
    state = _state_after(Setup(), BOLT)

    with pytest.raises(IllegalCommand) as refused:
        RULESET.gate(state, EndTurn("bo"))

    assert "not_an_answer" == refused.value.reason
    assert "Cast, Pass" == refused.value.params["answers"]


def test_gate_refuses_everything_while_a_frame_asks_no_one() -> None:
    """While the top frame asks no one, the rules are resolving it: nothing may be sent."""
    state = _state_after(Setup(), BOLT, Passed("bo"), Passed("ann"))

    assert state.stack.top.responder is None
    with pytest.raises(IllegalCommand) as refused:
        RULESET.gate(state, Pass("ann"))

    assert RULESET.resolving_reason == refused.value.reason


def test_gate_refuses_an_answer_with_nothing_to_answer() -> None:
    """With no frame, an answer type (``Pass``) is refused (``no_prompt``); others go on."""
    state = RULESET.start(Setup())

    with pytest.raises(IllegalCommand) as refused:
        RULESET.gate(state, Pass("ann"))

    assert "no_prompt" == refused.value.reason
    RULESET.gate(state, EndTurn("bo"))  # the rule, not the gate, refuses it


def test_decide_settles_a_state_before_the_gate() -> None:
    """A state that owes automatic events (one built from events, not played) is played as
    the state after them: the owed events come first in the command's events."""
    owing = _state_after(Setup(), BOLT, Passed("bo"), Passed("ann"))

    events = RULESET.decide(owing, EndTurn("ann"), ScriptedDice([]))

    assert (Resolved(caster="ann", card=Card.BOLT, target="bo", life=7), TurnEnded("ann")) == events
    assert ("ann",) == RULESET.to_act(owing)
    assert (EndTurn("ann"),) == RULESET.legal_commands(owing, actor="ann")[-1:]


def test_legal_commands_of_one_actor() -> None:
    """``legal_commands(state, actor=...)`` lists that actor's commands only."""
    state = _state_after(Setup(), BOLT)

    assert () == RULESET.legal_commands(state, actor="ann")
    assert () == RULESET.legal_commands(state, actor="nobody")
    assert RULESET.legal_commands(state) == RULESET.legal_commands(state, actor="bo")
    assert Pass("bo") in RULESET.legal_commands(state, actor="bo")


# --------------------------------------------------------------------------- records


def _played(setup: Setup, *moves: tuple[Any, list[int]]) -> GameRecord[Setup, Any, Event]:
    state, record = engine.begin(RULESET, setup, ScriptedDice([]))
    for command, faces in moves:
        state, entry = engine.step(RULESET, state, command, ScriptedDice(faces))
        record = record.append(entry)
    return record


SETUP = Setup(hands=((Card.BOLT, Card.BOLT), (Card.SHIELD,)))
#: ann bolts bo for 4; both pass: the bolt resolves; ann ends her turn.
RECORD = _played(
    SETUP,
    (Cast("ann", Card.BOLT, "bo"), [4]),
    (Pass("bo"), []),
    (Pass("ann"), []),
    (EndTurn("ann"), []),
)


#: The bolt's automatic resolution, and ann's turn end.
RESOLVED = Resolved(caster="ann", card=Card.BOLT, target="bo", life=6)
ENDED = TurnEnded("ann")


def _with(index: int, entry: Entry[Any, Event]) -> GameRecord[Setup, Any, Event]:
    entries = RECORD.entries
    return attrs.evolve(RECORD, entries=(*entries[:index], entry, *entries[index + 1 :]))


def test_an_entry_keeps_the_automatic_events_its_command_set_off() -> None:
    """The last pass's entry holds the pass and the bolt's automatic resolution after it."""
    assert (Passed("ann"), RESOLVED) == RECORD.entries[2].events
    assert ((4,), (), (), ()) == tuple(entry.faces for entry in RECORD.entries)
    assert (SpellCast, Passed, Passed, Resolved, TurnEnded) == tuple(map(type, RECORD.events))


def test_verified_replay_rebuilds_the_state_of_a_legal_record() -> None:
    """Every command decided again with its faces: the state is the fold of the record."""
    folded = engine.fold(RULESET, RULESET.start(SETUP), RECORD.events)

    assert folded == engine.replay(RECORD, RULESET)


def test_verified_replay_refuses_a_dropped_automatic_event() -> None:
    """An entry whose command's automatic events are missing is refused at that entry."""
    dropped = attrs.evolve(RECORD.entries[2], events=RECORD.entries[2].events[:1])

    with pytest.raises(CorruptRecord) as refused:
        engine.replay(_with(2, dropped), RULESET)

    assert 2 == refused.value.index


def test_verified_replay_refuses_a_wrong_automatic_event() -> None:
    """An automatic event other than the one the rules call for is refused at its entry."""
    wrong = attrs.evolve(RECORD.entries[2], events=(Passed("ann"), attrs.evolve(RESOLVED, life=1)))

    with pytest.raises(CorruptRecord) as refused:
        engine.replay(_with(2, wrong), RULESET)

    assert 2 == refused.value.index


def test_verified_replay_refuses_leftover_faces() -> None:
    """An entry that records more faces than its command rolls is refused."""
    padded = attrs.evolve(RECORD.entries[1], faces=(4,))

    with pytest.raises(CorruptRecord) as refused:
        engine.replay(_with(1, padded), RULESET)

    assert (1, True) == (refused.value.index, "more faces" in refused.value.cause)


def test_verified_replay_refuses_a_command_the_rules_refuse() -> None:
    """An entry whose command the rules refuse (ann ends bo's turn) is refused."""
    record = RECORD.append(Entry(command=EndTurn("ann"), events=(TurnEnded("ann"),)))

    with pytest.raises(CorruptRecord) as refused:
        engine.replay(record, RULESET)

    assert 4 == refused.value.index


def test_replay_verifies_unless_trusted() -> None:
    """``engine.replay`` verifies a kit ruleset's record; trusted, it only folds."""
    forged_entry = attrs.evolve(
        RECORD.entries[2], events=(Passed("ann"), attrs.evolve(RESOLVED, life=1))
    )
    forged = _with(2, forged_entry)

    with pytest.raises(CorruptRecord):
        engine.replay(forged, RULESET)

    assert 1 == engine.replay(forged, RULESET, trusted=True).player("bo").life


def test_a_state_read_without_dice_is_settled_as_far_as_nothing_rolls() -> None:
    """``legal_commands`` of a state that owes automatic events reads the state after them."""
    owing = _state_after(SETUP, *RECORD.events[:3])

    assert not RULESET.is_chance(owing)
    assert RULESET.legal_commands(engine.replay(RECORD, RULESET)) == RULESET.legal_commands(
        _state_after(SETUP, *RECORD.events)
    )
    assert ("ann",) == RULESET.to_act(owing)


def test_prompt_frames_of_the_toy_hold_windows() -> None:
    """The toy's prompt stack holds one window frame per spell, the frame asking its window's
    ``to_answer``."""
    state = _state_after(Setup(), BOLT)
    frame = state.stack.top

    assert isinstance(frame, PromptFrame)
    assert isinstance(RULESET.prompts(state), PromptStack)
    assert frame.pending.to_answer == frame.responder == "bo"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(
    ("reason", "params"),
    [
        ("no_prompt", {}),
        ("not_your_prompt", {"actor": "a", "responder": "b"}),
        ("not_an_answer", {"command": "Attack", "answers": "Pass"}),
        ("unexpected_event", {"event": "Attacked"}),
        (Rules.resolving_reason, {}),
    ],
)
def test_every_refusal_of_the_kit_reads_in_every_locale(
    locale: str, reason: str, params: dict[str, str]
) -> None:
    """The kit's own refusals have a message in each locale, not a raw catalog key."""
    message = IllegalCommand(reason, **params).localized(locale)
    assert "illegal." not in message
    assert all(value in message for value in params.values())
