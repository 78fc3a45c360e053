"""The ruleset base class: decide, evolve, verify and legal commands from handler tables."""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from tabletop_rules._arguments import alias_name, checked, checked_source, checked_text, wrong_type
from tabletop_rules.dice import Roll, ScriptedDice, atomic
from tabletop_rules.engine import Pass, PromptStack
from tabletop_rules.errors import CorruptRecord, IllegalCommand, InvalidData, TabletopRulesError
from tabletop_rules.kit._shapes import CommandShapes

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource
    from tabletop_rules.engine import GameResult

__all__ = ["Cause", "Rules", "describe_input", "label_input"]

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")


# --------------------------------------------------------------------------- the ruleset base


@attrs.frozen
class Cause(Generic[StateT, CommandT, EventT]):
    """How an event of a record comes about, for :meth:`Rules.verify`.

    An event is either one that a command produces first (:attr:`command` rebuilds that
    command from the event, and :attr:`rolls` gives the dice it recorded, in the order they
    were drawn) or an automatic event (:attr:`command` is ``None``) that the rules call for
    on their own.

    .. versionadded:: 0.2.0
    """

    #: The command that produces the event, rebuilt from it and the state before it; ``None``
    #: (or a function that returns ``None`` for some events of the type) for an automatic
    #: event.
    command: Callable[[StateT, EventT], CommandT | None] | None = None
    #: The dice the event recorded, in the order they were drawn.
    rolls: Callable[[EventT], Iterable[Roll]] = lambda _: ()


class Rules(abc.ABC, Generic[SetupT, StateT, CommandT, EventT]):
    """A :class:`~tabletop_rules.engine.Ruleset` built from tables.

    A subclass sets the class attributes, fills the three tables in ``__init__`` (by calling
    ``super().__init__``) and writes the few functions that are its rules:

    - :meth:`start`, the initial state;
    - the command table: per command type, ``rule(state, command, dice) -> events`` (checks
      legality, raises :class:`~tabletop_rules.errors.IllegalCommand`, draws dice);
    - the event table: per event type, ``fold(state, event) -> state`` (applies the recorded
      facts; plans and checks nothing);
    - the cause table: per event type, its :class:`Cause`;
    - :meth:`follow_up`, the automatic event the rules call for next, if any (and
      :meth:`advance`, if the rules build the state after it while they plan it);
    - :meth:`commands_of`, the commands one actor may send now; :meth:`actors`, who may act;
    - :meth:`outcome_of`;
    - :meth:`prompts`, if the system has prompts, and :attr:`answer_types`.

    The kit gives the rest: :meth:`decide` (shape check, the automatic events a state owes,
    the prompt :meth:`gate`, the rule, the automatic loop), :meth:`evolve` (table dispatch),
    :meth:`play` (decide and fold in one pass), :meth:`verify` (a record checked event by
    event against the rules), :meth:`legal_commands` and :meth:`to_act`.

    .. versionadded:: 0.2.0
    """

    # Plain class attributes, not ClassVars: the Ruleset protocol reads them as attributes.
    #: The system's registry name.
    name: str
    #: The version of the rules' reading.
    rules_version: str
    #: The type of :meth:`start`'s argument.
    setup_type: Any
    #: The class of the states (or a union of classes): the public methods refuse a state of
    #: another class (such as another system's) with
    #: :class:`~tabletop_rules.errors.InvalidData` at ``$.state``.
    #: By default ``object``: a ruleset that does not set it lets any state through.
    #:
    #: .. versionadded:: 0.2.0
    state_type: Any = object
    #: The union of the command classes.
    command_type: Any
    #: The union of the event classes.
    event_type: Any
    #: The command types that answer a prompt (and only a prompt).
    answer_types: ClassVar[frozenset[type[Any]]] = frozenset({Pass})
    #: The refusal of a command while the rules resolve a frame that asks no one.
    resolving_reason: ClassVar[str] = "resolving"

    def __init__(
        self,
        *,
        commands: Mapping[type[Any], Callable[[StateT, Any, DiceSource], Sequence[EventT]]],
        events: Mapping[type[Any], Callable[[StateT, Any], StateT]],
        causes: Mapping[type[Any], Cause[StateT, Any, Any]],
        bad_command: str = "bad_command",
        unknown_command: str = "unknown_command",
    ) -> None:
        missing = set(causes) ^ set(events)
        if missing:
            raise TypeError(f"events without a fold or a cause: {sorted(map(str, missing))}")
        #: The rule of each command type.
        self.command_rules: Mapping[
            type[Any], Callable[[StateT, Any, DiceSource], Sequence[EventT]]
        ] = MappingProxyType(dict(commands))
        #: The fold of each event type.
        self.event_rules: Mapping[type[Any], Callable[[StateT, Any], StateT]] = MappingProxyType(
            dict(events)
        )
        #: How each event type comes about.
        self.causes: Mapping[type[Any], Cause[StateT, Any, Any]] = MappingProxyType(dict(causes))
        #: The field checks of the command classes (refusals *bad_command* and
        #: *unknown_command*).
        self.shapes = CommandShapes.of(commands, reason=bad_command, unknown=unknown_command)
        # The last state found to owe no automatic event (see _owed), and the last state
        # whose actors were listed, with them (see _acting).
        self._settled: StateT | None = None
        self._last_actors: tuple[StateT | None, tuple[str, ...]] = (None, ())

    def __reduce__(self) -> tuple[type[Any], tuple[()]]:
        # A ruleset holds functions in its tables; another process rebuilds it from its class
        # (a subclass's __init__ takes no arguments).
        return (type(self), ())

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command and event unions by class name (a system may register more)."""
        from tabletop_rules.serialization import register_tagged_union

        register_tagged_union(converter, self.command_type)
        register_tagged_union(converter, self.event_type)

    # ---------------------------------------------------------------- what a system writes

    @abc.abstractmethod
    def start(self, setup: SetupT) -> StateT:
        """Build the validated initial state."""

    @abc.abstractmethod
    def follow_up(self, state: StateT) -> EventT | None:
        """The automatic event the rules call for next in *state*, or ``None``."""

    def advance(self, state: StateT) -> tuple[EventT, StateT] | None:
        """The automatic event *state* owes and the state after it, or ``None`` if it owes none.

        The kit's loops (:meth:`play`, :meth:`settle`, :meth:`verify`) call this rather than
        :meth:`follow_up`: by default it folds the event :meth:`follow_up` gives.
        A system whose rules build the state after an automatic event while they plan it may
        return that state instead of folding the event again. It must equal
        ``evolve(state, event)``: live play and :meth:`verify` take the returned state, a
        trusted replay folds the event, and nothing but the system's own tests compares the
        two (skirmish's property tests do, for every ``Advanced`` event of random games).

        .. versionadded:: 0.2.0
        """
        follow = self.follow_up(state)
        if follow is None:
            return None
        return follow, self.event_rules[type(follow)](state, follow)

    @abc.abstractmethod
    def actors(self, state: StateT) -> tuple[str, ...]:
        """Who may act in a settled *state* (no automatic event owed)."""

    @abc.abstractmethod
    def commands_of(self, state: StateT, actor: str) -> Iterable[CommandT]:
        """Everything *actor*, one of :meth:`actors`, may send in a settled *state*.

        The kit asks only of those :meth:`actors` lists (:meth:`legal_commands` checks), so a
        system need not check again; what it gives for anyone else means nothing.
        """

    @abc.abstractmethod
    def outcome_of(self, state: StateT) -> GameResult | None:
        """How a settled *state*'s game ended, or ``None`` while it goes on."""

    def prompts(self, state: StateT) -> PromptStack[Any]:
        """The prompt stack of *state* (the kit's gate reads it); empty if the system has none."""
        return PromptStack()

    # ---------------------------------------------------------------- what the kit gives

    def checked_setup(self, setup: object) -> SetupT:
        """*setup*, after checking that it is a :attr:`setup_type`: :meth:`start` begins here.

        Raises:
            InvalidData: *setup* is of another type (path ``$.setup``).

        .. versionadded:: 0.2.0
        """
        found: SetupT = checked(setup, self.setup_type, "$.setup")
        return found

    def checked_event(self, event: object, path: str = "$") -> EventT:
        """*event*, after checking that it is an event of this ruleset (of a type it folds).

        A system's log (``describe``) begins here.

        Raises:
            InvalidData: *event* is no event of this ruleset, such as another system's (at
                *path*).

        .. versionadded:: 0.2.0
        """
        if type(event) in self.event_rules:
            found: EventT = event  # type: ignore[assignment]  # its type has a fold
            return found
        raise wrong_type(path, alias_name(self.event_type, type(self), "Event"), event)

    def checked_state(self, state: object, path: str = "$.state") -> StateT:
        """*state*, after checking that it is a :attr:`state_type`.

        Every public method of the kit that reads a state given from outside checks it here
        (:meth:`evolve`, which folds every event of a replay, does not).

        Raises:
            InvalidData: *state* is of another type, such as a state of another system (at
                *path*).

        .. versionadded:: 0.2.0
        """
        found: StateT = checked(state, self.state_type, path)
        return found

    def gate(self, state: StateT, command: CommandT) -> None:
        """Refuse *command* if a prompt waits for someone else or for another answer.

        While a frame asks someone, only that responder may send, and only one of the
        frame's answers (even a GM's ruling waits); while the top frame asks no one, the rules
        resolve it and nothing may be sent; with no frame, an answer has nothing to answer.

        Raises:
            IllegalCommand: ``not_your_prompt``, ``not_an_answer``, ``no_prompt`` or
                :attr:`resolving_reason`.
        """
        frames = self.prompts(state).frames
        if frames:
            frame = frames[-1]
            if frame.responder is None:
                raise IllegalCommand(self.resolving_reason)
            actor = getattr(command, "actor", None)
            if actor != frame.responder:
                raise IllegalCommand("not_your_prompt", actor=actor, responder=frame.responder)
            name = type(command).__name__
            if name not in frame.answers:
                raise IllegalCommand(
                    "not_an_answer", command=name, answers=", ".join(sorted(frame.answers))
                )
        elif type(command) in self.answer_types:
            raise IllegalCommand("no_prompt")

    def evolve(self, state: StateT, event: EventT) -> StateT:
        """Fold one event into the state: the recorded facts, with no dice and no planning.

        Raises:
            IllegalCommand: The event is of no type of this ruleset.
            InvalidData: *state* is no state of this ruleset (path ``$.state``), found only
                when the fold breaks on it: a replay folds every event here, and the check
                costs nothing until then.
        """
        fold = self.event_rules.get(type(event))
        if fold is None:
            raise IllegalCommand("unexpected_event", event=type(event).__name__)
        try:
            return fold(state, event)
        except Exception:
            if not isinstance(state, self.state_type):
                self.checked_state(state)
            raise

    def _owed(self, state: StateT) -> tuple[EventT, StateT] | None:
        """:meth:`advance` of *state*, asked once of a state found to owe nothing.

        A bot asks the same state who may act, what they may send, and plays in it, and each
        asks whether the state owes an automatic event. States are immutable, so the last one
        found to owe none is remembered by identity.
        """
        if state is self._settled:
            return None
        found = self.advance(state)
        if found is None:
            self._settled = state
        return found

    def _owes_nothing(self, state: StateT) -> None:
        """Remember *state* as one that owes no automatic event.

        A system's :meth:`advance` may call it for the state it returns when its planning has
        already shown that this state owes nothing more: the kit then does not plan it again.
        """
        self._settled = state

    def _acting(self, state: StateT) -> tuple[str, ...]:
        """:meth:`actors` of a settled *state*, listed once for the last state asked."""
        last, found = self._last_actors
        if last is not state:
            found = self.actors(state)
            self._last_actors = (state, found)
        return found

    def settle(self, state: StateT) -> tuple[StateT, list[EventT]]:
        """*state* after the automatic events it owes, and those events (none in live play).

        A state owes automatic events only when it was rebuilt from a record that was cut
        short after a command's own events.

        Raises:
            InvalidData: *state* is no state of this ruleset (path ``$.state``).
        """
        if not isinstance(state, self.state_type):
            self.checked_state(state)
        events: list[EventT] = []
        owed = self._owed
        while (found := owed(state)) is not None:
            follow, state = found
            events.append(follow)
        return state, events

    def _settled_state(self, state: StateT) -> StateT:
        """*state* after the automatic events it owes: itself (nothing built) when it owes none.

        Raises:
            InvalidData: *state* is no state of this ruleset (path ``$.state``).
        """
        if not isinstance(state, self.state_type):
            self.checked_state(state)
        return state if self._owed(state) is None else self.settle(state)[0]

    def play(
        self, state: StateT, command: CommandT, dice: DiceSource
    ) -> tuple[StateT, tuple[EventT, ...]]:
        """Decide *command* and fold its events in one pass: the new state and the events.

        :func:`tabletop_rules.engine.step` uses it, so that the events are folded once.

        Raises:
            IllegalCommand: The rules do not allow *command* now; nothing has changed.
            InvalidData: *state* is no state of this ruleset (path ``$.state``) or *dice*
                is no :class:`~tabletop_rules.dice.DiceSource` (path ``$.dice``).
        """
        if not isinstance(state, self.state_type):
            self.checked_state(state)
        if not callable(getattr(dice, "roll", None)):
            checked_source(dice)
        self.shapes.check(command)
        owed = self._owed
        # A state from play owes nothing: settle only one that does.
        if owed(state) is None:
            events: list[EventT] = []
        else:
            state, events = self.settle(state)
        self.gate(state, command)
        rule = self.command_rules[type(command)]
        folds = self.event_rules  # the rules' own events: every type has its fold
        for event in rule(state, command, dice):
            events.append(event)
            state = folds[type(event)](state, event)
        while (found := owed(state)) is not None:
            follow, state = found
            events.append(follow)
        return state, tuple(events)

    def decide(self, state: StateT, command: CommandT, dice: DiceSource) -> tuple[EventT, ...]:
        """Turn *command* into events (see :meth:`play`).

        The events are those *state* owes first (none in live play), then the command's own,
        then the automatic events that follow them.

        Raises:
            IllegalCommand: The rules do not allow *command* now; nothing has changed.
        """
        return self.play(state, command, dice)[1]

    def legal_commands(self, state: StateT, *, actor: str | None = None) -> tuple[CommandT, ...]:
        """Everything that may be done now, by anyone, or by *actor* only.

        A state that owes automatic events is read as the state after them.

        Raises:
            InvalidData: *state* is no state of this ruleset (path ``$.state``), or *actor*
                is no ``str`` (path ``$.actor``).
        """
        state = self._settled_state(state)
        if actor is not None:
            if type(actor) is not str:
                checked_text(actor, "$.actor")
            return tuple(self.commands_of(state, actor)) if actor in self._acting(state) else ()
        out: list[CommandT] = []
        for who in self._acting(state):
            out.extend(self.commands_of(state, who))
        return tuple(out)

    def to_act(self, state: StateT) -> tuple[str, ...]:
        """Who may act now: exactly the actors of :meth:`legal_commands`."""
        return self._acting(self._settled_state(state))

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended (or its automatic end is all that is left)."""
        return self.outcome(state) is not None

    def outcome(self, state: StateT) -> GameResult | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.outcome_of(self._settled_state(state))

    def verify(self, setup: SetupT, events: Sequence[EventT]) -> StateT:
        """Rebuild the state from *setup* and *events*, checking every event against the rules.

        Each event a command produces is derived again: its command is rebuilt from it (its
        :class:`Cause`), decided on the state before it with the dice it recorded, and the
        events that come out must be exactly those of the record, every recorded die used.
        Each automatic event must be the one the rules call for.
        A record may end in the middle of a command's events (the state then owes the rest),
        but nothing may follow a missing event.

        Returns:
            The state after every event.

        Raises:
            CorruptRecord: The first event that no legal play produces, by its index.
            InvalidData: *setup* is no :attr:`setup_type` (path ``$.setup``) or *events* is
                no sequence (path ``$.events``).
        """
        if isinstance(events, str | bytes) or not isinstance(events, Sequence):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise wrong_type(
                "$.events", f"list[{alias_name(self.event_type, type(self), 'Event')}]", events
            )
        state = self.start(setup)
        index = 0
        count = len(events)
        evolve = self.evolve
        while index < count:
            event = events[index]
            owed = self._owed(state)
            if owed is not None:
                if event != owed[0]:
                    raise CorruptRecord(index, f"expected the automatic {type(owed[0]).__name__}")
                state = owed[1]
                index += 1
                continue
            cause = self.causes.get(type(event))
            if cause is None:
                raise CorruptRecord(index, f"{type(event).__name__} is no event of {self.name}")
            try:
                # An event built in Python may hold anything: reading its command and dice
                # must not break on it.
                command = None if cause.command is None else cause.command(state, event)
                faces = [face for roll in cause.rolls(event) for face in roll.faces]
            except Exception as error:
                detail = f"{type(event).__name__} is malformed: {type(error).__name__}"
                raise CorruptRecord(index, detail) from error
            if command is None:
                raise CorruptRecord(index, f"nothing calls for {type(event).__name__} here")
            try:
                dice = ScriptedDice(faces)
                with atomic(dice) as rolling:
                    after, expected = self.play(state, command, rolling)
            except TabletopRulesError as error:
                raise CorruptRecord(index, str(error)) from error
            if dice.remaining:
                raise CorruptRecord(index, "the event records more dice than the rules roll")
            for offset, wanted in enumerate(expected):
                at = index + offset
                if at >= count:
                    # The record was cut short: fold what it has.
                    for kept in events[index:]:
                        state = evolve(state, kept)
                    return state
                if events[at] != wanted:
                    raise CorruptRecord(at, f"the rules give {type(wanted).__name__} here")
            state = after
            index += len(expected)
        return state


# --------------------------------------------------------------------------- menu labels and logs


def label_input(
    rules: Rules[Any, StateT, Any, Any], command: object, state: object
) -> StateT | None:
    """Check the arguments of a system's ``command_label`` and read its state as menus do.

    Every system's ``command_label(command, locale, *, state=None)`` starts here, so that the
    four refuse the same input the same way.
    Any locale tag needs no check: :func:`~tabletop_rules.i18n.translate` resolves it.

    Args:
        rules: The system's ruleset.
        command: What the caller asks a label of.
        state: The state given with it, or ``None``.

    Returns:
        *state* after the automatic events it owes (``rules.settle(state)[0]``, as
        ``legal_commands`` reads it), or ``None`` without a state.

    Raises:
        InvalidData: *command* is no command of *rules* (path ``$``) or has a field of the
            wrong type (``$.<field>``); *state* is no state of *rules* (``$.state``).
    """
    try:
        rules.shapes.check(command)
    except IllegalCommand as error:
        field = error.params.get("field")
        raise InvalidData(f"$.{field}" if field else "$", error.localized("en")) from None
    if state is None:
        return None
    return rules.settle(rules.checked_state(state))[0]


def describe_input(
    rules: Rules[Any, StateT, Any, Any], event: object, state: object
) -> StateT | None:
    """Check the arguments of a system's ``describe``, as :func:`label_input` checks a label's.

    Every system's ``describe(event, locale, *, state=None)`` starts here, so that the four
    refuse the same input the same way.
    The state only names participants: it is read as given, not settled.

    Args:
        rules: The system's ruleset.
        event: What the caller asks a line of the log of.
        state: The state given with it, or ``None``.

    Returns:
        *state*, or ``None`` without a state.

    Raises:
        InvalidData: *event* is no event of *rules* (path ``$``); *state* is no state of
            *rules* (``$.state``).
    """
    rules.checked_event(event)
    return None if state is None else rules.checked_state(state)
