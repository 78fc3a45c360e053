"""Event-sourced games: rulesets, folds, replays and records.

Every combat or game of every system is a :class:`Ruleset` of the same shape, the Decider
form of event sourcing:

- :meth:`Ruleset.start` builds a validated initial state;
- :meth:`Ruleset.decide` turns a command into events, drawing every die it needs from the
  :class:`~tabletop_rules.dice.DiceSource` it is given and recording the faces in the events;
  it raises :class:`~tabletop_rules.errors.IllegalCommand` and changes nothing on refusal;
- :meth:`Ruleset.evolve` folds one event into a new state, with no dice;
- :meth:`Ruleset.legal_commands` lists everything that may be done now.

A :class:`GameRecord` (system, rules version, setup, events) is what a bot stores;
:func:`replay` rebuilds the state from it exactly, because replaying events never rolls again.

A rule that lets someone react in the middle of a resolution keeps the suspended resolution in
the state as a :class:`PromptFrame` on a :class:`PromptStack`: data, never a closure, so the
state stays serializable.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

import attrs

from tabletop_rules._arguments import (
    alias_name,
    checked,
    checked_flag,
    checked_ruleset,
    checked_source,
    checked_text,
    wrong_type,
)
from tabletop_rules.dice import ScriptedDice, atomic
from tabletop_rules.errors import CorruptRecord, IllegalCommand, InvalidData, UnknownSystem

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource

__all__ = [
    "ENTRY_POINT_GROUP",
    "GameRecord",
    "GameResult",
    "Pass",
    "PromptFrame",
    "PromptStack",
    "Registry",
    "Ruleset",
    "fold",
    "replay",
    "step",
]

#: The entry-point group in which packages register rulesets (``name = "module:RULESET"``).
ENTRY_POINT_GROUP = "tabletop_rules.rulesets"

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
PendingT = TypeVar("PendingT")
SetupT_contra = TypeVar("SetupT_contra", contravariant=True)
NewSetupT = TypeVar("NewSetupT")
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


def step(
    ruleset: Ruleset[Any, StateT, CommandT, EventT],
    state: StateT,
    command: CommandT,
    dice: DiceSource,
) -> tuple[StateT, tuple[EventT, ...]]:
    """Decide *command* and fold its events: the new state and the events to store.

    Raises:
        IllegalCommand: The rules do not allow *command* now (nothing has changed).
        DiceExhausted: Scripted dice ran out; they are given back every face the command
            took (see :func:`~tabletop_rules.dice.atomic`).
        InvalidData: *ruleset* is no ruleset (path ``$.ruleset``), *state* is no state of it
            (``$.state``), or *dice* is no dice source (``$.dice``).
    """
    play = getattr(ruleset, "play", None)
    if play is None:  # a kit ruleset's play checks the state and the dice itself
        _checked_state(checked_ruleset(ruleset), state)
        checked_source(dice)
    elif not isinstance(dice, ScriptedDice):
        # Only scripted dice give faces back on a failure (see atomic): others need no block.
        played: tuple[StateT, tuple[EventT, ...]] = play(state, command, dice)
        return played
    with atomic(dice) as rolling:
        if play is not None:
            # A kit ruleset folds the events while it decides them: no second fold.
            atomic_play: tuple[StateT, tuple[EventT, ...]] = play(state, command, rolling)
            return atomic_play
        events = ruleset.decide(state, command, rolling)
    return fold(ruleset, state, events), events


@attrs.frozen(kw_only=True)
class GameRecord(Generic[SetupT, EventT]):
    """What a bot stores: enough to rebuild a game's state exactly with :func:`replay`."""

    #: The registry name of the ruleset.
    system: str
    #: The ruleset's :attr:`~Ruleset.rules_version` when the game was played.
    rules_version: str
    #: The argument that :meth:`Ruleset.start` was given.
    setup: SetupT
    #: Every event so far, in order.
    events: tuple[EventT, ...] = ()

    @staticmethod
    def begin(
        ruleset: Ruleset[NewSetupT, Any, Any, NewEventT], setup: NewSetupT
    ) -> GameRecord[NewSetupT, NewEventT]:
        """A record of a new game of *ruleset* with no events yet.

        Raises:
            InvalidData: *ruleset* is no ruleset (path ``$.ruleset``).
        """
        ruleset = checked_ruleset(ruleset)
        return GameRecord(system=ruleset.name, rules_version=ruleset.rules_version, setup=setup)

    def extend(self, events: Iterable[EventT]) -> GameRecord[SetupT, EventT]:
        """This record with *events* appended.

        Raises:
            InvalidData: *events* is no list (path ``$.events``).
        """
        if isinstance(events, str | bytes) or not isinstance(events, Iterable):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise wrong_type("$.events", "list", events)
        return attrs.evolve(self, events=(*self.events, *events))


@functools.cache
def _entry_point_rulesets() -> Mapping[str, Ruleset[Any, Any, Any, Any]]:
    from importlib import metadata  # only when first needed: it is slow to import

    found: dict[str, Ruleset[Any, Any, Any, Any]] = {}
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        ruleset: Ruleset[Any, Any, Any, Any] = entry.load()
        found[ruleset.name] = ruleset
    return MappingProxyType(found)


def _read_only(
    rulesets: Mapping[str, Ruleset[Any, Any, Any, Any]],
) -> Mapping[str, Ruleset[Any, Any, Any, Any]]:
    return MappingProxyType(dict(rulesets))


@attrs.frozen
class Registry:
    """The rulesets that :func:`replay` and the converter know, by name.

    :meth:`default` holds every ruleset registered through the ``tabletop_rules.rulesets``
    entry-point group, which is how a system in another package registers itself::

        [project.entry-points."tabletop_rules.rulesets"]
        mysystem = "mypackage.rules:RULESET"

    :meth:`with_rulesets` adds others for one use, without changing any shared state.
    """

    #: The rulesets by name.
    rulesets: Mapping[str, Ruleset[Any, Any, Any, Any]] = attrs.field(
        factory=lambda: _read_only({}), converter=_read_only
    )

    @classmethod
    def default(cls) -> Registry:
        """Every ruleset registered through entry points."""
        return cls(_entry_point_rulesets())

    def with_rulesets(self, *rulesets: Ruleset[Any, Any, Any, Any]) -> Registry:
        """A registry that also holds *rulesets* (replacing any of the same name)."""
        return Registry({**self.rulesets, **{r.name: r for r in rulesets}})

    @property
    def names(self) -> tuple[str, ...]:
        """The registered names, sorted."""
        return tuple(sorted(self.rulesets))

    def get(self, name: str) -> Ruleset[Any, Any, Any, Any]:
        """The ruleset called *name*.

        Raises:
            UnknownSystem: No ruleset has that name.
            InvalidData: *name* is not a ``str`` (path ``$.name``).
        """
        try:
            return self.rulesets[name]
        except (KeyError, TypeError):  # TypeError: an unhashable name
            if not isinstance(name, str):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise wrong_type("$.name", "str", name) from None
            raise UnknownSystem(name, self.rulesets) from None

    def __iter__(self) -> Iterator[Ruleset[Any, Any, Any, Any]]:
        return iter(self.rulesets.values())


@overload
def replay(
    record: GameRecord[Any, Any],
    ruleset: Ruleset[Any, StateT, Any, Any],
    *,
    trusted: bool = False,
) -> StateT: ...


@overload
def replay(
    record: GameRecord[Any, Any],
    ruleset: None = None,
    *,
    registry: Registry | None = None,
    trusted: bool = False,
) -> Any: ...


def replay(
    record: GameRecord[Any, Any],
    ruleset: Ruleset[Any, Any, Any, Any] | None = None,
    *,
    registry: Registry | None = None,
    trusted: bool = False,
) -> Any:
    """Rebuild a game's state from its record: start from the setup, apply every event.

    By default the record is *verified*: every event must be the one that legal play with
    the recorded dice produces (a ruleset built with :class:`tabletop_rules.kit.Rules`
    derives each event again from the rules), and the first one that is not is refused.
    A caller replaying a record it stored itself may pass ``trusted=True``: the events are
    then only folded, which is several times faster.

    Args:
        record: The stored game.
        ruleset: The ruleset to replay with; the state it returns has the ruleset's type.
            If not given, the one registered under ``record.system`` in *registry*.
        registry: Where to find the ruleset; :meth:`Registry.default` if not given.
        trusted: Fold the events without checking them against the rules.

    Returns:
        The state, equal to the live state of the game that produced the record.

    Raises:
        UnknownSystem: No ruleset is registered under ``record.system``.
        InvalidData: The record was made under another rules version, or for another
            system than *ruleset*; or an argument is of the wrong type: *record* is no
            :class:`GameRecord` (path ``$``, the record; ``$.system`` for its system),
            *ruleset* no ruleset (``$.ruleset``), *registry* no :class:`Registry`
            (``$.registry``), *trusted* no ``bool`` (``$.trusted``).
        CorruptRecord: An event that legal play does not produce (or, trusted, that does not
            fit the state it is applied to); its index is given.

    .. versionchanged:: 0.2.0
       Verifies by default; ``ruleset`` and ``trusted`` were added.
    """
    checked(record, GameRecord, "$", "engine.GameRecord")
    checked_text(record.system, "$.system")
    checked_flag(trusted, "$.trusted")
    if ruleset is not None:
        ruleset = checked_ruleset(ruleset)
    if registry is not None:
        registry = checked(registry, Registry, "$.registry", "engine.Registry")
    if ruleset is None:
        ruleset = (registry or Registry.default()).get(record.system)
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
    verify = getattr(ruleset, "verify", None)
    if verify is not None and not trusted:
        return verify(record.setup, record.events)
    state = ruleset.start(record.setup)
    evolve = ruleset.evolve
    for index, event in enumerate(record.events):
        try:
            state = evolve(state, event)
        except Exception as error:
            # An event from untrusted storage may break evolve in any way: name its index.
            raise CorruptRecord(index, str(error) or type(error).__name__) from error
    return state


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

    .. versionchanged:: 0.2.0
       :attr:`responder` may be ``None``.
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
