"""Event-sourced games: rulesets, folds, replays and records.

Every combat or game of every system is a :class:`Ruleset` of the same shape, the Decider
form of event sourcing:

- :meth:`Ruleset.start` builds a validated initial state;
- :meth:`Ruleset.decide` turns a command into events, drawing every die it needs from the
  :class:`~tabletop_rules.dice.DiceSource` it is given and recording the faces in the events;
  it raises :class:`~tabletop_rules.errors.IllegalCommand` and changes nothing on refusal;
- :meth:`Ruleset.evolve` folds one event into a new state, with no dice;
- :meth:`Ruleset.legal_commands` lists everything that may be done now.

A :class:`GameRecord` is what a bot stores: the system, the rules version, the setup, and one
:class:`Entry` per decision (the command, every face it drew, the events that came of it).
:func:`begin` starts one, :func:`step` gives each entry, and :func:`replay` rebuilds the state
from it exactly: a verified replay decides every command again with its faces, a trusted one
folds the events, and neither rolls.

A rule that lets someone react in the middle of a resolution keeps the suspended resolution in
the state as a :class:`PromptFrame` on a :class:`PromptStack`: data, never a closure, so the
state stays serializable.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar, overload

import attrs

from tabletop_rules._arguments import (
    alias_name,
    checked,
    checked_flag,
    checked_ruleset,
    checked_source,
    checked_text,
    checked_whole,
    wrong_type,
)
from tabletop_rules.dice import ScriptedDice, atomic
from tabletop_rules.errors import CorruptRecord, IllegalCommand, InvalidData, TabletopRulesError

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import Dice, DiceSource, Roll
    from tabletop_rules.systems import Registry

__all__ = [
    "RECORD_FORMAT",
    "Entry",
    "GameRecord",
    "GameResult",
    "Pass",
    "PromptFrame",
    "PromptStack",
    "Ruleset",
    "begin",
    "fold",
    "replay",
    "settle",
    "step",
    "undo",
]

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
PendingT = TypeVar("PendingT")
SetupT_contra = TypeVar("SetupT_contra", contravariant=True)
NewSetupT = TypeVar("NewSetupT")
NewCommandT = TypeVar("NewCommandT")
NewEventT = TypeVar("NewEventT")


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen(kw_only=True)
class GameResult:
    """How a finished game ended."""

    #: The winning sides (or players); empty for a draw or a game with no winner.
    winners: tuple[str, ...] = attrs.field(converter=_names)
    #: A catalog key saying why the game ended (``"result.all_down"``, ``"result.gm_ended"``).
    reason: str

    @property
    def draw(self) -> bool:
        """Whether nobody won."""
        return not self.winners


@attrs.frozen
class Pass:
    """Decline to answer a prompt (or to respond, where a system has responses)."""

    #: Who passes.
    actor: str


class Ruleset(Protocol[SetupT_contra, StateT, CommandT, EventT]):
    """The shape every rule system's game has.

    A ruleset is a stateless object (usually one module-level constant per system); every
    method is pure given its arguments and the dice.
    """

    @property
    def name(self) -> str:
        """The system's registry name, such as ``"m20"``."""
        ...

    @property
    def rules_version(self) -> str:
        """The version of the rules' reading; a record must match it to be replayed."""
        ...

    @property
    def setup_type(self) -> Any:
        """The type of :meth:`start`'s argument (for serialization)."""
        ...

    @property
    def state_type(self) -> Any:
        """The class of the states, or a union of classes (for serialization and checks)."""
        ...

    @property
    def command_type(self) -> Any:
        """The type of a command, usually a union of command classes (for serialization)."""
        ...

    @property
    def event_type(self) -> Any:
        """The type of an event, usually a union of event classes (for serialization)."""
        ...

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Register what the system's values need on a converter (tagged unions, ...)."""
        ...

    def start(self, setup: SetupT_contra) -> StateT:
        """Build the validated initial state."""
        ...

    def decide(self, state: StateT, command: CommandT, dice: DiceSource) -> tuple[EventT, ...]:
        """Turn *command* into events; raise ``IllegalCommand`` and change nothing on refusal."""
        ...

    def evolve(self, state: StateT, event: EventT) -> StateT:
        """Fold one event into a new state; raise a library error for one that does not fit."""
        ...

    def legal_commands(self, state: StateT, *, actor: str | None = None) -> tuple[CommandT, ...]:
        """Everything that may be done now, by anyone who may act, or by *actor* only."""
        ...

    def to_act(self, state: StateT) -> tuple[str, ...]:
        """Who may act now (the holder of the top prompt, if there is one); empty when over."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        ...

    def outcome(self, state: StateT) -> GameResult | None:
        """How the game ended, or ``None`` while it goes on."""
        ...


def _checked_state(ruleset: Ruleset[Any, Any, Any, Any], state: object) -> None:
    """Refuse *state* if *ruleset* names its state class and *state* is not of it.

    A ruleset built with :class:`tabletop_rules.kit.Rules` names it (``state_type``: a
    class, a union of classes or a tuple of them, as the kit's ``checked_state`` reads it);
    another ruleset's :meth:`~Ruleset.evolve` is trusted to check for itself.
    """
    state_type = getattr(ruleset, "state_type", None)
    if state_type is not None:
        checked(state, state_type, "$.state")


def fold(
    ruleset: Ruleset[Any, StateT, Any, EventT], state: StateT, events: Iterable[EventT]
) -> StateT:
    """Apply *events* to *state* in order with ``ruleset.evolve``.

    Raises:
        IllegalCommand: An event is of no type of the ruleset (``unexpected_event``).
        InvalidData: *ruleset* is no ruleset (path ``$.ruleset``), *state* is no state of it
            (``$.state``), or *events* is no list (``$.events``).
    """
    evolve = checked_ruleset(ruleset).evolve
    _checked_state(ruleset, state)
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):  # pyright: ignore[reportUnnecessaryIsInstance]
        event_type = getattr(ruleset, "event_type", object)
        raise wrong_type(
            "$.events", f"list[{alias_name(event_type, type(ruleset), 'Event')}]", events
        )
    for event in events:
        state = evolve(state, event)
    return state


class _Recording:
    """A dice source that hands out another's rolls and keeps every face, in order."""

    __slots__ = ("faces", "source")

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.faces: list[int] = []

    def roll(self, dice: Dice) -> Roll:
        roll = self.source.roll(dice)
        self.faces.extend(roll.faces)
        return roll


def _play(
    ruleset: Ruleset[Any, StateT, CommandT, EventT],
    state: StateT,
    command: CommandT,
    dice: DiceSource,
) -> tuple[StateT, tuple[EventT, ...]]:
    """Decide *command* and fold its events (in one pass, for a ruleset that can)."""
    play = getattr(ruleset, "play", None)
    if play is not None:
        # A kit ruleset folds the events while it decides them, and checks its arguments.
        played: tuple[StateT, tuple[EventT, ...]] = play(state, command, dice)
        return played
    events = tuple(ruleset.decide(state, command, dice))
    return fold(ruleset, state, events), events


def step(
    ruleset: Ruleset[Any, StateT, CommandT, EventT],
    state: StateT,
    command: CommandT,
    dice: DiceSource,
) -> tuple[StateT, Entry[CommandT, EventT]]:
    """Decide *command*, fold its events, and give the record's entry for it.

    The entry holds the command, every face that deciding it drew (the automatic steps it
    set off included) and the events that came of it: append it to the game's
    :class:`GameRecord` with :meth:`GameRecord.append`.

    Raises:
        IllegalCommand: The rules do not allow *command* now (nothing has changed).
        DiceExhausted: Scripted dice ran out; they are given back every face the command
            took (see :func:`~tabletop_rules.dice.atomic`).
        InvalidData: *ruleset* is no ruleset (path ``$.ruleset``), *state* is no state of it
            (``$.state``), or *dice* is no dice source (``$.dice``).
    """
    if getattr(ruleset, "play", None) is None:  # a kit ruleset's play checks them itself
        _checked_state(checked_ruleset(ruleset), state)
        checked_source(dice)
    elif not callable(getattr(dice, "roll", None)):
        checked_source(dice)
    recording = _Recording(dice)
    if isinstance(dice, ScriptedDice):  # only scripted dice take faces back (atomic)
        with atomic(dice):
            state, events = _play(ruleset, state, command, recording)
    else:  # a bot's every command: no context manager to enter
        state, events = _play(ruleset, state, command, recording)
    return state, _entry(command, tuple(recording.faces), events)


def settle(
    ruleset: Ruleset[Any, StateT, Any, EventT], state: StateT, dice: DiceSource
) -> tuple[StateT, tuple[EventT, ...]]:
    """*state* after the automatic steps it owes, rolling what they roll with *dice*.

    Only a game's first state owes steps before anyone acts (skirmish rolls for the first
    player, bayside23 for the first initiative); :func:`begin` settles it.
    A ruleset with no ``settle`` of its own owes nothing.

    Raises:
        DiceExhausted: Scripted dice ran out.
        InvalidData: *state* is no state of *ruleset* (``$.state``), or *dice* is no dice
            source (``$.dice``).

    .. versionadded:: 0.1.0
    """
    own = getattr(ruleset, "settle", None)
    if own is None:
        _checked_state(checked_ruleset(ruleset), state)
        return state, ()
    settled: tuple[StateT, tuple[EventT, ...]] = own(state, dice)
    return settled


def begin(
    ruleset: Ruleset[NewSetupT, StateT, NewCommandT, NewEventT],
    setup: NewSetupT,
    dice: DiceSource,
) -> tuple[StateT, GameRecord[NewSetupT, NewCommandT, NewEventT]]:
    """Start a game of *ruleset*: its first state, and the record to keep.

    The state is settled: the steps the rules take before anyone acts are taken, rolling
    with *dice*, and the record's first entry (with no command) holds their faces and events.
    A game that owes nothing at its start gets a record with no entries.

    Raises:
        InvalidData: *ruleset* is no ruleset (path ``$.ruleset``), *setup* is not one of
            its setups (``$.setup``), or *dice* is no dice source (``$.dice``).
        DiceExhausted: Scripted dice ran out before the opening steps were rolled (they are
            given back every face taken).

    .. versionadded:: 0.1.0
    """
    ruleset = checked_ruleset(ruleset)
    checked_source(dice)
    state = ruleset.start(setup)
    record: GameRecord[NewSetupT, NewCommandT, NewEventT] = GameRecord(
        system=ruleset.name, rules_version=ruleset.rules_version, setup=setup
    )
    with atomic(dice) as rolling:
        recording = _Recording(rolling)
        state, events = settle(ruleset, state, recording)
    if events or recording.faces:
        record = record.append(Entry(command=None, faces=tuple(recording.faces), events=events))
    return state, record


def _faces(faces: Iterable[int]) -> tuple[int, ...]:
    return tuple(faces)


def _events(events: Iterable[EventT]) -> tuple[EventT, ...]:
    return tuple(events)


@attrs.frozen(kw_only=True)
class Entry(Generic[CommandT, EventT]):
    """One entry of a :class:`GameRecord`: a command, the faces it drew, the events it gave.

    The record keeps what was decided, not only what happened: verified replay decides
    :attr:`command` again with exactly :attr:`faces` and must get exactly :attr:`events`;
    trusted replay folds :attr:`events`.

    .. versionadded:: 0.1.0
    """

    #: The command decided; ``None`` only for a record's first entry: the steps the rules
    #: take at the start of a game, before anyone acts (see :func:`begin`).
    command: CommandT | None
    #: Every face the decision drew, in order (the command's own rolls, then those of the
    #: automatic steps it set off).
    faces: tuple[int, ...] = attrs.field(default=(), converter=_faces)
    #: The events that came of it, in order (the command's own, then the automatic ones).
    events: tuple[EventT, ...] = attrs.field(default=(), converter=_events)


# The slots of Entry's fields, set directly by _entry.
_set_command, _set_faces, _set_events = (
    vars(Entry)[field.name].__set__ for field in attrs.fields(Entry)
)


def _entry(
    command: CommandT | None, faces: tuple[int, ...], events: tuple[EventT, ...]
) -> Entry[CommandT, EventT]:
    """An :class:`Entry` of values that are tuples already: each field set by its slot.

    :func:`step` makes one for every command a bot plays, without ``__init__``'s converters.
    """
    entry: Entry[CommandT, EventT] = object.__new__(Entry)  # pyright: ignore[reportUnknownVariableType]
    _set_command(entry, command)
    _set_faces(entry, faces)
    _set_events(entry, events)
    return entry


#: The version of the :class:`GameRecord` format: entries of commands, faces and events.
#: A record of another format is refused when it is read.
RECORD_FORMAT: Final = 2


def _entries(entries: Iterable[Entry[Any, Any]]) -> tuple[Entry[Any, Any], ...]:
    return tuple(entries)


def _record_format(_: object, __: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value != RECORD_FORMAT:
        raise InvalidData(
            "$.format",
            f"this record is of format {value!r}: this version of the library reads records "
            f"of format {RECORD_FORMAT} (entries of commands, faces and events) only",
        )


@attrs.frozen(kw_only=True)
class GameRecord(Generic[SetupT, CommandT, EventT]):
    """What a bot stores: enough to rebuild a game's state exactly with :func:`replay`.

    A record is the game's setup and its :class:`Entry` values, one per decision: start one
    with :func:`begin` and append what :func:`step` gives.
    """

    #: The registry name of the ruleset.
    system: str
    #: The ruleset's :attr:`~Ruleset.rules_version` when the game was played.
    rules_version: str
    #: The argument that :meth:`Ruleset.start` was given.
    setup: SetupT
    #: Every entry so far, in order.
    entries: tuple[Entry[CommandT, EventT], ...] = attrs.field(default=(), converter=_entries)
    #: The record format, :data:`RECORD_FORMAT`.
    format: int = attrs.field(default=RECORD_FORMAT, validator=_record_format)

    @property
    def events(self) -> tuple[EventT, ...]:
        """Every event of every entry, in order (what a log shows)."""
        return tuple([event for entry in self.entries for event in entry.events])

    def append(self, entry: Entry[CommandT, EventT]) -> GameRecord[SetupT, CommandT, EventT]:
        """This record with *entry* at its end.

        Raises:
            InvalidData: *entry* is no :class:`Entry` (path ``$.entry``).
        """
        if type(entry) is not Entry:
            checked(entry, Entry, "$.entry", "engine.Entry")
        return attrs.evolve(self, entries=(*self.entries, entry))

    def extend(
        self, entries: Iterable[Entry[CommandT, EventT]]
    ) -> GameRecord[SetupT, CommandT, EventT]:
        """This record with *entries* appended.

        Raises:
            InvalidData: *entries* is no list of entries (path ``$.entries``).
        """
        try:
            added = tuple(entries)
        except TypeError:
            raise wrong_type("$.entries", "list[engine.Entry]", entries) from None
        for index, entry in enumerate(added):
            if type(entry) is not Entry:
                checked(entry, Entry, f"$.entries[{index}]", "engine.Entry")
        return attrs.evolve(self, entries=(*self.entries, *added))

    @property
    def commands(self) -> int:
        """How many commands the record holds, which is every entry but the opening one.

        .. versionadded:: 0.1.0
        """
        entries = self.entries
        return len(entries) - 1 if entries and entries[0].command is None else len(entries)


@overload
def replay(
    record: GameRecord[Any, Any, Any],
    ruleset: Ruleset[Any, StateT, Any, Any],
    *,
    trusted: bool = False,
) -> StateT: ...


@overload
def replay(
    record: GameRecord[Any, Any, Any],
    ruleset: None = None,
    *,
    registry: Registry | None = None,
    trusted: bool = False,
) -> Any: ...


def replay(
    record: GameRecord[Any, Any, Any],
    ruleset: Ruleset[Any, Any, Any, Any] | None = None,
    *,
    registry: Registry | None = None,
    trusted: bool = False,
) -> Any:
    """Rebuild a game's state from its record: start from the setup, apply every entry.

    By default the record is *verified*: each entry's command is decided again, on the state
    before it, with exactly the faces the entry recorded, and the events that come out must
    be exactly the entry's, every face used; the first entry that does not hold is refused.
    A caller replaying a record it stored itself may pass ``trusted=True``: the events are
    then only folded, which is several times faster.

    Args:
        record: The stored game.
        ruleset: The ruleset to replay with; the state it returns has the ruleset's type.
            If not given, the ruleset of the system registered under ``record.system`` in
            *registry*.
        registry: Where to find the system;
            :meth:`~tabletop_rules.systems.Registry.default` if not given.
        trusted: Fold the events without checking them against the rules.

    Returns:
        The state, equal to the live state of the game that produced the record.

    Raises:
        UnknownSystem: No system is registered under ``record.system``.
        InvalidData: The record was made under another rules version, or for another
            system than *ruleset*; or an argument is of the wrong type: *record* is no
            :class:`GameRecord` (path ``$``, the record; ``$.system`` for its system),
            *ruleset* no ruleset (``$.ruleset``), *registry* no
            :class:`~tabletop_rules.systems.Registry` (``$.registry``), *trusted* no
            ``bool`` (``$.trusted``).
        CorruptRecord: The first entry that legal play does not give (or, trusted, whose
            events do not fit the state they are folded into), by its index.
    """
    from tabletop_rules.systems import Registry as _Registry

    checked(record, GameRecord, "$", "engine.GameRecord")
    checked_text(record.system, "$.system")
    checked_flag(trusted, "$.trusted")
    if ruleset is not None:
        ruleset = checked_ruleset(ruleset)
    if registry is not None:
        registry = checked(registry, _Registry, "$.registry", "systems.Registry")
    if ruleset is None:
        ruleset = (registry or _Registry.default()).get(record.system).ruleset
    elif record.system != ruleset.name:
        raise InvalidData(
            "$.system", f"the record is of {record.system!r}, not of {ruleset.name!r}"
        )
    if record.rules_version != ruleset.rules_version:
        raise InvalidData(
            "$.rules_version",
            f"the record is for rules version {record.rules_version!r}, "
            f"but {ruleset.name} is at {ruleset.rules_version!r}",
        )
    if trusted:
        return _fold_record(ruleset, record)
    return _verify(ruleset, record)


def _fold_record(
    ruleset: Ruleset[Any, StateT, Any, Any], record: GameRecord[Any, Any, Any]
) -> StateT:
    """The state after folding every event of *record*: what a trusted replay gives."""
    state = ruleset.start(record.setup)
    evolve = ruleset.evolve
    for index, entry in enumerate(record.entries):
        try:
            for event in entry.events:
                state = evolve(state, event)
        except Exception as error:
            # An event from untrusted storage may break evolve in any way: name its entry.
            raise CorruptRecord(index, str(error) or type(error).__name__) from error
    return state


def _verify(ruleset: Ruleset[Any, StateT, Any, Any], record: GameRecord[Any, Any, Any]) -> StateT:
    """The state after deciding every entry of *record* again: what a verified replay gives."""
    state = ruleset.start(record.setup)
    for index, entry in enumerate(record.entries):
        command = entry.command
        if command is None and index:
            raise CorruptRecord(index, "only the first entry may hold the opening steps")
        try:
            dice = ScriptedDice(entry.faces)
            if command is None:
                state, events = settle(ruleset, state, dice)
            else:
                state, events = _play(ruleset, state, command, dice)
        except TabletopRulesError as error:
            raise CorruptRecord(index, str(error)) from error
        if events != entry.events:
            raise CorruptRecord(index, _difference(events, entry.events))
        if dice.remaining:
            raise CorruptRecord(index, "the entry records more faces than the rules roll")
    return state


def _difference(wanted: tuple[Any, ...], recorded: tuple[Any, ...]) -> str:
    """Where the events the rules give part from those an entry recorded, in words."""
    for at, (rule, kept) in enumerate(zip(wanted, recorded, strict=False)):
        if rule != kept:
            return f"its event {at} should be the rules' {type(rule).__name__}"
    if len(wanted) > len(recorded):
        return f"it lacks the rules' {type(wanted[len(recorded)]).__name__} (event {len(recorded)})"
    return f"the rules give no {type(recorded[len(wanted)]).__name__} (event {len(wanted)})"


@overload
def undo(
    record: GameRecord[SetupT, CommandT, EventT],
    commands: int,
    ruleset: Ruleset[Any, StateT, Any, Any],
    *,
    trusted: bool = False,
) -> tuple[StateT, GameRecord[SetupT, CommandT, EventT]]: ...


@overload
def undo(
    record: GameRecord[SetupT, CommandT, EventT],
    commands: int = 1,
    ruleset: None = None,
    *,
    registry: Registry | None = None,
    trusted: bool = False,
) -> tuple[Any, GameRecord[SetupT, CommandT, EventT]]: ...


def undo(
    record: GameRecord[SetupT, CommandT, EventT],
    commands: int = 1,
    ruleset: Ruleset[Any, Any, Any, Any] | None = None,
    *,
    registry: Registry | None = None,
    trusted: bool = False,
) -> tuple[Any, GameRecord[SetupT, CommandT, EventT]]:
    """Undo the last *commands* commands of a game: the state before them, and the cut record.

    The record is cut back by its last *commands* entries and replayed (verified, unless
    *trusted*), so the state is exactly the live state the game had before those commands.
    The opening entry (the steps :func:`begin` took, with no command) is never cut: undoing
    every command gives the game as it began. The dice are not turned back: the faces the
    undone commands drew are dropped with them, and the next command rolls new ones.

    >>> from tabletop_rules import SeededDice, engine, m20
    >>> from tabletop_rules.systems import Seat
    >>> hero = m20.parse_sheet(m20.EXAMPLE_SHEET)
    >>> seats = [Seat(id="ann", character=hero), Seat(id="orc", character=hero, foe=True)]
    >>> dice = SeededDice(1)
    >>> state, record = engine.begin(m20.RULESET, m20.lineup(seats), dice)
    >>> command = m20.RULESET.legal_commands(state)[0]
    >>> after, entry = engine.step(m20.RULESET, state, command, dice)
    >>> before, cut = engine.undo(record.append(entry), 1)
    >>> before == state, cut == record, cut.commands
    (True, True, 0)

    Args:
        record: The game's record.
        commands: How many commands to undo, 0 or more (0 gives the record as it is).
        ruleset: The ruleset to replay with; if not given, the ruleset of the system
            registered under ``record.system`` in *registry*.
        registry: Where to find the system when no *ruleset* is given;
            :meth:`~tabletop_rules.systems.Registry.default` if not given.
        trusted: Fold the cut record's events rather than verify them (see :func:`replay`).

    Returns:
        The state before the undone commands, and the record cut back to it.

    Raises:
        IllegalCommand: The record holds fewer than *commands* commands
            (``undo_past_start``); nothing is cut.
        InvalidData: *record* is no :class:`GameRecord` (path ``$.record``), *commands* no
            whole number of 0 or more (``$.commands``); or as :func:`replay` raises it.
        UnknownSystem: No system is registered under ``record.system``.
        CorruptRecord: The cut record's first entry that legal play does not give.

    .. versionadded:: 0.1.0
    """
    checked(record, GameRecord, "$.record", "engine.GameRecord")
    count = checked_whole(commands, "$.commands")
    if count < 0:
        raise InvalidData("$.commands", "error.undo_negative", commands=count)
    held = record.commands
    if count > held:
        raise IllegalCommand("undo_past_start", commands=count, held=held)
    cut = record if count == 0 else attrs.evolve(record, entries=record.entries[:-count])
    if ruleset is None:
        return replay(cut, registry=registry, trusted=trusted), cut
    return replay(cut, ruleset, trusted=trusted), cut


def _answers(answers: Iterable[str]) -> frozenset[str]:
    return frozenset(answers)


def _no_answers() -> frozenset[str]:
    return frozenset()


@attrs.frozen(kw_only=True)
class PromptFrame(Generic[PendingT]):
    """One pending question in the middle of a resolution.

    The frame names who may answer and with what, and holds the suspended work as data:
    when the answer comes, the ruleset resumes from :attr:`pending`.
    A frame whose :attr:`responder` is ``None`` asks no one: the rules resolve its work on
    their own (automatic events), and only answers a record cut short may still owe.
    """

    #: Who may answer; ``None`` while the rules resolve the work on their own.
    responder: str | None
    #: The names of the command types that answer it (``"Pass"`` where declining is allowed).
    answers: frozenset[str] = attrs.field(converter=_answers, factory=_no_answers)
    #: The suspended resolution, as a value of the system's own type.
    pending: PendingT


def _frames(frames: Iterable[PromptFrame[PendingT]]) -> tuple[PromptFrame[PendingT], ...]:
    return tuple(frames)


@attrs.frozen
class PromptStack(Generic[PendingT]):
    """A stack of prompts: a new question suspends the ones below it until it is answered.

    >>> stack = PromptStack[str]().push(
    ...     PromptFrame(responder="b", answers={"Dodge"}, pending="hit")
    ... )
    >>> stack.top.responder
    'b'
    >>> stack.pop().empty
    True
    """

    #: The frames, bottom first.
    frames: tuple[PromptFrame[PendingT], ...] = attrs.field(default=(), converter=_frames)

    @property
    def empty(self) -> bool:
        """Whether nothing is pending."""
        return not self.frames

    @property
    def top(self) -> PromptFrame[PendingT]:
        """The frame that must be answered first.

        Raises:
            IllegalCommand: Nothing is pending (reason ``"no_prompt"``).
        """
        if not self.frames:
            raise IllegalCommand("no_prompt")
        return self.frames[-1]

    def push(self, frame: PromptFrame[PendingT]) -> PromptStack[PendingT]:
        """The stack with *frame* on top."""
        return PromptStack((*self.frames, frame))

    def replace_top(self, frame: PromptFrame[PendingT]) -> PromptStack[PendingT]:
        """The stack with *frame* in place of its top frame.

        Raises:
            IllegalCommand: Nothing is pending (reason ``"no_prompt"``).
        """
        if not self.frames:
            raise IllegalCommand("no_prompt")
        return PromptStack((*self.frames[:-1], frame))

    def pop(self) -> PromptStack[PendingT]:
        """The stack without its top frame.

        Raises:
            IllegalCommand: Nothing is pending (reason ``"no_prompt"``).
        """
        if not self.frames:
            raise IllegalCommand("no_prompt")
        return PromptStack(self.frames[:-1])

    def check_answer(self, actor: str, command_name: str) -> PromptFrame[PendingT]:
        """The top frame, if *actor* may answer it with a command called *command_name*.

        Raises:
            IllegalCommand: Nothing is pending (``"no_prompt"``), *actor* is not the one asked
                (``"not_your_prompt"``), or the command does not answer it
                (``"not_an_answer"``).
        """
        frame = self.top
        if frame.responder is None:
            raise IllegalCommand("no_prompt")
        if actor != frame.responder:
            raise IllegalCommand("not_your_prompt", actor=actor, responder=frame.responder)
        if command_name not in frame.answers:
            raise IllegalCommand(
                "not_an_answer", command=command_name, answers=", ".join(sorted(frame.answers))
            )
        return frame
