"""The ruleset base class: decide, evolve, settle and legal commands from handler tables."""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, NamedTuple, TypeVar

from tabletop_rules._arguments import alias_name, checked, checked_source, checked_text, wrong_type
from tabletop_rules.engine import Pass, PromptStack
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.kit._shapes import CommandShapes

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import Dice, DiceSource, Roll
    from tabletop_rules.engine import GameResult

__all__ = ["Planned", "Rules", "describe_input", "label_input"]

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")


# --------------------------------------------------------------------------- the ruleset base


class Planned(NamedTuple, Generic[StateT, EventT]):
    """What a command rule may give instead of its events: the events, and the state after them.

    A rule returns its events, and the kit folds each of them.
    Rules that build the state after the events while they plan them (a command and the
    automatic steps it sets off, taken in one pass with the command's dice) may return that
    state with the events, as :meth:`Rules.advance` may for an automatic event: the kit does
    not fold them again.
    The state must equal the fold of the events: live play and verified replay take it, a
    trusted replay folds the events, and ``testing.laws`` compares the two.

    .. versionadded:: 0.1.0
    """

    #: The events, in order (the command's own, then any automatic ones the rules took).
    events: tuple[EventT, ...]
    #: The state after them.
    state: StateT
    #: Whether that state is known to owe no automatic event: the kit then asks it none.
    settled: bool = False


class Rules(abc.ABC, Generic[SetupT, StateT, CommandT, EventT]):
    """A :class:`~tabletop_rules.engine.Ruleset` built from tables.

    A subclass sets the class attributes, fills the two tables in ``__init__`` (by calling
    ``super().__init__``) and writes the few functions that are its rules:

    - :meth:`start`, the initial state;
    - the command table: per command type, ``rule(state, command, dice) -> events`` (checks
      legality, raises :class:`~tabletop_rules.errors.IllegalCommand`, draws dice), or a
      :class:`Planned` of the events and the state after them;
    - the event table: per event type, ``fold(state, event) -> state`` (applies the recorded
      facts; plans, rolls and checks nothing);
    - :meth:`follow_up`, the automatic event the rules call for next, if any; it may roll
      (a *chance step*, as OpenSpiel's chance player), drawing from the dice of the command
      that set it off (and :meth:`advance`, if the rules build the state after it while they
      plan it);
    - :meth:`commands_of`, the commands one actor may send now; :meth:`actors`, who may act;
    - :meth:`outcome_of`;
    - :meth:`prompts`, if the system has prompts, and :attr:`answer_types`.

    The kit gives the rest: :meth:`decide` (shape check, the prompt :meth:`gate`, the rule,
    the automatic loop), :meth:`evolve` (table dispatch), :meth:`play` (decide and fold in
    one pass), :meth:`settle` (the steps a game's first state owes), :meth:`legal_commands`,
    :meth:`to_act` and :meth:`is_chance`.
    A record is checked by deciding each of its commands again
    (:func:`tabletop_rules.engine.replay`): nothing turns an event back into a command.

    .. versionadded:: 0.1.0
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
    #: .. versionadded:: 0.1.0
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
        commands: Mapping[
            type[Any],
            Callable[[StateT, Any, DiceSource], Sequence[EventT] | Planned[StateT, EventT]],
        ],
        events: Mapping[type[Any], Callable[[StateT, Any], StateT]],
        bad_command: str = "bad_command",
        unknown_command: str = "unknown_command",
    ) -> None:
        #: The rule of each command type.
        self.command_rules: Mapping[
            type[Any],
            Callable[[StateT, Any, DiceSource], Sequence[EventT] | Planned[StateT, EventT]],
        ] = MappingProxyType(dict(commands))
        #: The fold of each event type.
        self.event_rules: Mapping[type[Any], Callable[[StateT, Any], StateT]] = MappingProxyType(
            dict(events)
        )
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
    def follow_up(self, state: StateT, dice: DiceSource) -> EventT | None:
        """The automatic event the rules call for next in *state*, or ``None``.

        A step the rules roll for by themselves (initiative at a turn's start, a check whose
        window closed) rolls *dice*: the source of the command that set it off, so that the
        record keeps its faces with that command's.
        A step that rolls nothing must not touch *dice*: the kit asks states with no dice to
        hand (:meth:`legal_commands` of a state read from JSON), and a roll there marks the
        state as waiting for chance (:meth:`is_chance`).
        """

    def advance(self, state: StateT, dice: DiceSource) -> tuple[EventT, StateT] | None:
        """The automatic event *state* owes and the state after it, or ``None`` if it owes none.

        The kit's loops (:meth:`play`, :meth:`settle`) call this rather than
        :meth:`follow_up`: by default it folds the event :meth:`follow_up` gives.
        A system whose rules build the state after an automatic event while they plan it may
        return that state instead of folding the event again. It must equal
        ``evolve(state, event)``: live play and verified replay take the returned state, a
        trusted replay folds the event, and ``testing.laws`` compares the two.

        .. versionadded:: 0.1.0
        """
        follow = self.follow_up(state, dice)
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
        return _NO_PROMPTS

    # ---------------------------------------------------------------- what the kit gives

    def checked_setup(self, setup: object) -> SetupT:
        """*setup*, after checking that it is a :attr:`setup_type`: :meth:`start` begins here.

        Raises:
            InvalidData: *setup* is of another type (path ``$.setup``).

        .. versionadded:: 0.1.0
        """
        found: SetupT = checked(setup, self.setup_type, "$.setup")
        return found

    def checked_event(self, event: object, path: str = "$") -> EventT:
        """*event*, after checking that it is an event of this ruleset (of a type it folds).

        A system's log (``describe``) begins here.

        Raises:
            InvalidData: *event* is no event of this ruleset, such as another system's (at
                *path*).

        .. versionadded:: 0.1.0
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

        .. versionadded:: 0.1.0
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

    def _owed(self, state: StateT, dice: DiceSource) -> tuple[EventT, StateT] | None:
        """:meth:`advance` of *state*, asked once of a state found to owe nothing.

        A bot asks the same state who may act, what they may send, and plays in it, and each
        asks whether the state owes an automatic event. States are immutable, so the last one
        found to owe none is remembered by identity.
        """
        if state is self._settled:
            return None
        found = self.advance(state, dice)
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

    def settle(self, state: StateT, dice: DiceSource) -> tuple[StateT, tuple[EventT, ...]]:
        """*state* after the automatic steps it owes, rolling with *dice*, and their events.

        In play only a game's first state owes steps (:func:`tabletop_rules.engine.begin`
        settles it): every command's own automatic steps are taken when it is played.

        Raises:
            InvalidData: *state* is no state of this ruleset (path ``$.state``) or *dice*
                is no dice source (``$.dice``).
        """
        if not isinstance(state, self.state_type):
            self.checked_state(state)
        if not callable(getattr(dice, "roll", None)):
            checked_source(dice)
        events: list[EventT] = []
        owed = self._owed
        while (found := owed(state, dice)) is not None:
            follow, state = found
            events.append(follow)
        return state, tuple(events)

    def _without_dice(self, state: StateT) -> tuple[StateT, bool]:
        """*state* after the steps it owes that roll nothing, and whether chance comes next.

        Raises:
            InvalidData: *state* is no state of this ruleset (path ``$.state``).
        """
        if state is self._settled:
            return state, False
        if not isinstance(state, self.state_type):
            self.checked_state(state)
        owed = self._owed
        try:
            while (found := owed(state, _NO_DICE)) is not None:
                state = found[1]
        except _ChanceStep:
            return state, True
        return state, False

    def is_chance(self, state: StateT) -> bool:
        """Whether the rules must roll before anyone may act (OpenSpiel's chance node).

        Only a game's first state, before :func:`tabletop_rules.engine.begin` settles it,
        can be one: :meth:`legal_commands` and :meth:`to_act` are then empty, and
        :meth:`settle` rolls.

        Raises:
            InvalidData: *state* is no state of this ruleset (path ``$.state``).

        .. versionadded:: 0.1.0
        """
        return self._without_dice(state)[1]

    def play(
        self, state: StateT, command: CommandT, dice: DiceSource
    ) -> tuple[StateT, tuple[EventT, ...]]:
        """Decide *command* and fold its events in one pass: the new state and the events.

        :func:`tabletop_rules.engine.step` uses it, so that the events are folded once.
        The automatic steps the command sets off follow its own events, rolling *dice*.

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
        if owed(state, dice) is None:
            events: list[EventT] = []
        else:
            state, settled = self.settle(state, dice)
            events = list(settled)
        self.gate(state, command)
        decided = self.command_rules[type(command)](state, command, dice)
        if type(decided) is Planned:  # the rules built the state while they planned it
            planned: Planned[StateT, EventT] = decided  # type: ignore[assignment]  # pyright: ignore[reportAssignmentType]
            events.extend(planned.events)
            state = planned.state
            if planned.settled:
                self._settled = state
        else:
            folds = self.event_rules  # the rules' own events: every type has its fold
            told: Sequence[EventT] = decided  # type: ignore[assignment]  # pyright: ignore[reportAssignmentType]
            for event in told:
                events.append(event)
                state = folds[type(event)](state, event)
        while (found := owed(state, dice)) is not None:
            follow, state = found
            events.append(follow)
        return state, tuple(events)

    def decide(self, state: StateT, command: CommandT, dice: DiceSource) -> tuple[EventT, ...]:
        """Turn *command* into events (see :meth:`play`).

        The events are the command's own, then the automatic events that follow them.

        Raises:
            IllegalCommand: The rules do not allow *command* now; nothing has changed.
        """
        return self.play(state, command, dice)[1]

    def legal_commands(self, state: StateT, *, actor: str | None = None) -> tuple[CommandT, ...]:
        """Everything that may be done now, by anyone, or by *actor* only.

        A state that owes automatic steps is read as the state after them; one that waits
        for chance (:meth:`is_chance`) has none.

        Raises:
            InvalidData: *state* is no state of this ruleset (path ``$.state``), or *actor*
                is no ``str`` (path ``$.actor``).
        """
        state, chance = self._without_dice(state)
        if actor is not None:
            if type(actor) is not str:
                checked_text(actor, "$.actor")
            if chance or actor not in self._acting(state):
                return ()
            return tuple(self.commands_of(state, actor))
        if chance:
            return ()
        out: list[CommandT] = []
        for who in self._acting(state):
            out.extend(self.commands_of(state, who))
        return tuple(out)

    def to_act(self, state: StateT) -> tuple[str, ...]:
        """Who may act now: exactly the actors of :meth:`legal_commands` (none before chance)."""
        state, chance = self._without_dice(state)
        return () if chance else self._acting(state)

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended (or its automatic end is all that is left)."""
        return self.outcome(state) is not None

    def outcome(self, state: StateT) -> GameResult | None:
        """How the game ended, or ``None`` while it goes on."""
        state, chance = self._without_dice(state)
        return None if chance else self.outcome_of(state)


#: The prompt stack of a system that has no prompts (a frozen value: one serves every call
#: of the gate, which reads it before every command).
_NO_PROMPTS: Final[PromptStack[Any]] = PromptStack()


class _ChanceStep(Exception):
    """Raised by :data:`_NO_DICE`: an automatic step would roll, and no dice are at hand."""


class _NoDice:
    """The dice of a state asked about with no command: any roll is a chance step to come."""

    __slots__ = ()

    def roll(self, dice: Dice) -> Roll:
        raise _ChanceStep


_NO_DICE: Final = _NoDice()


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
        *state* after the automatic events it owes that roll nothing (as
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
    return rules._without_dice(rules.checked_state(state))[0]  # pyright: ignore[reportPrivateUsage]


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
