"""The ruleset kit: the machinery every rule system's game is written with.

A system writes its combat or game as tables and small functions; the kit turns them into a
:class:`~tabletop_rules.engine.Ruleset`:

- :class:`Rules`, a base class whose :meth:`~Rules.decide`, :meth:`~Rules.evolve`,
  :meth:`~Rules.verify` and :meth:`~Rules.legal_commands` run from *handler tables*: one from
  command type to the rule that turns a command into events, one from event type to the
  fold that applies it, and one from event type to its :class:`Cause` (the command that
  produces it, or none for an automatic event);
- the *automatic-event loop*: after each fold, :meth:`Rules.follow_up` says which event the
  rules call for next, until nothing does or someone must choose;
- *prompt frames* (:class:`~tabletop_rules.engine.PromptFrame`) that hold the suspended work
  as data, and :class:`ResponseWindow`, the frame of a response stack in which named players
  respond in a fixed order until all of them pass in a row;
- lasting modifiers: :class:`Expiry` and :class:`Durations` (when each kind of effect ends and
  what uses it up), with the functions that expire, tick and use them;
- :class:`CommandShapes`, which derives the type check of every command field from the attrs
  fields of the command classes;
- :func:`copier`, which generates a fast, complete ``evolve`` for an attrs class, so that a
  new field can never be silently reset by a hand-written copy.

``docs/engine.md`` walks through a whole ruleset built with the kit.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import abc
import enum
import types
import typing
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from tabletop_rules.dice import Roll, ScriptedDice, atomic
from tabletop_rules.engine import Pass, PromptStack
from tabletop_rules.errors import CorruptRecord, IllegalCommand, TabletopRulesError

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource
    from tabletop_rules.engine import GameResult

__all__ = [
    "Cause",
    "CommandShapes",
    "Durations",
    "Expiry",
    "Lasting",
    "ResponseWindow",
    "Rules",
    "copier",
]

T = TypeVar("T")
SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
PendingT = TypeVar("PendingT")
KindT = TypeVar("KindT", bound=Hashable)
LastingT = TypeVar("LastingT", bound="Lasting")

_MISSING: Any = object()


# --------------------------------------------------------------------------- copier


def copier(cls: type[T]) -> Callable[..., T]:
    """A fast ``attrs.evolve`` for *cls*: ``copy(instance, **changes)``.

    The function is generated once from the attrs fields of *cls*, so it copies every field
    (a field added later is copied too, never reset to its default) and refuses a change to
    a field that does not exist with a :class:`TypeError`, as :func:`attrs.evolve` does.
    It is meant for the state of a game, copied once per event by the rules' own code: it
    sets the fields directly, without ``attrs.evolve``'s per-call introspection and without
    running the class's converters and validators, so a change must already be of the
    field's type (a tuple, not a list).

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> move = copier(Point)
    >>> move(Point(1, 2), y=5)
    Point(x=1, y=5)

    Args:
        cls: An attrs class with slots and no ``__attrs_post_init__``.

    Returns:
        The copier.

    Raises:
        TypeError: *cls* is not an attrs class with slots, or has an
            ``__attrs_post_init__`` (which a direct copy would skip).

    .. versionadded:: 0.2.0
    """
    if not attrs.has(cls) or "__slots__" not in vars(cls):
        raise TypeError(f"copier() needs an attrs class with slots, not {cls!r}")
    if hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"copier() cannot copy {cls.__qualname__}: it has __attrs_post_init__")
    fields = attrs.fields(cls)  # pyright: ignore[reportArgumentType]
    params = ", ".join(f"{a.name}=_MISSING" for a in fields)
    lines = [
        f"def copy(inst, *, {params}):" if fields else "def copy(inst):",
        "    new = _new(cls)",
    ]
    lines += [
        f"    _set(new, {a.name!r}, inst.{a.name} if {a.name} is _MISSING else {a.name})"
        for a in fields
    ]
    lines.append("    return new")
    namespace: dict[str, Any] = {
        "cls": cls,
        "_MISSING": _MISSING,
        "_new": object.__new__,
        "_set": object.__setattr__,
    }
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<copier of {cls.__qualname__}>", "exec"), namespace)
    copy: Callable[..., T] = namespace["copy"]
    copy.__qualname__ = f"copier({cls.__qualname__})"
    copy.__doc__ = f"A copy of a {cls.__qualname__} with the given fields changed."
    return copy


# --------------------------------------------------------------------------- command shapes


def _all_fit(value: object, fits: Callable[[object], bool]) -> bool:
    if not isinstance(value, tuple | list):
        return False
    items: tuple[object, ...] = tuple(value)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    return all(fits(item) for item in items)


def _check_for(annotation: Any) -> tuple[Callable[[object], bool], str] | None:
    """A test that a value fits *annotation*, and the annotation's name; None for any value."""
    origin = typing.get_origin(annotation)
    if annotation is str:
        return (lambda v: isinstance(v, str)), "str"
    if annotation is bool:
        return (lambda v: type(v) is bool), "bool"
    if annotation is int:
        return (lambda v: type(v) is int), "int"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        kind: type[enum.Enum] = annotation
        return (lambda v: isinstance(v, kind)), kind.__name__
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _check_for(args[0])
            if inner is None:
                return (lambda v: isinstance(v, tuple | list)), "tuple"
            fits, name = inner
            return (lambda v: _all_fit(v, fits)), f"tuple[{name}, ...]"
    if origin in (typing.Union, types.UnionType):
        parts = typing.get_args(annotation)
        checks = [c for c in (_check_for(p) for p in parts if p is not type(None)) if c]
        if len(checks) != len([p for p in parts if p is not type(None)]):
            return None
        optional = type(None) in parts
        names = " | ".join([n for _, n in checks] + (["None"] if optional else []))
        return (lambda v: (optional and v is None) or any(fits(v) for fits, _ in checks)), names
    return None


@attrs.frozen
class CommandShapes:
    """The type check of every field of every command class, derived from their attrs fields.

    Commands built in Python are not type-checked by attrs; a bot may build one from what a
    player typed.
    :meth:`check` refuses a command that is of no known class, or whose field holds a value of
    the wrong type, before any rule reads it.
    Fields of type ``str``, ``bool``, ``int``, an enum, ``tuple[X, ...]`` and unions of those
    (``None`` included) are checked; any other field is left to the rule that reads it.

    >>> @attrs.frozen
    ... class Jump:
    ...     actor: str
    ...     height: int
    >>> shapes = CommandShapes.of([Jump], reason="demo.bad_command")
    >>> shapes.check(Jump("a", 2))
    >>> shapes.check(Jump("a", "high"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.IllegalCommand: ...

    .. versionadded:: 0.2.0
    """

    #: The checked fields of each command class (name, test, and the expected type's name).
    shapes: Mapping[type[Any], tuple[tuple[str, Callable[[object], bool], str], ...]]
    #: The catalog key of the refusal of a malformed command (``command``, ``field``,
    #: ``expected`` and ``value`` are its message fields).
    reason: str
    #: The catalog key of the refusal of a command of no known class (``command``).
    unknown: str

    @classmethod
    def of(
        cls,
        commands: Iterable[type[Any]],
        *,
        reason: str = "bad_command",
        unknown: str = "unknown_command",
    ) -> CommandShapes:
        """The shapes of the attrs classes *commands*."""
        shapes: dict[type[Any], tuple[tuple[str, Callable[[object], bool], str], ...]] = {}
        for command in commands:
            hints = typing.get_type_hints(command)
            checked: list[tuple[str, Callable[[object], bool], str]] = []
            for field in attrs.fields(command):
                found = _check_for(hints.get(field.name, Any))
                if found is not None:
                    checked.append((field.name, *found))
            shapes[command] = tuple(checked)
        return cls(MappingProxyType(shapes), reason, unknown)

    def check(self, command: object) -> None:
        """Refuse *command* unless it is a known command with every field of the right type.

        Raises:
            IllegalCommand: An unknown command class (:attr:`unknown`) or a field of the
                wrong type (:attr:`reason`).
        """
        shape = self.shapes.get(type(command))
        if shape is None:
            raise IllegalCommand(self.unknown, command=type(command).__name__)
        for name, fits, expected in shape:
            value = getattr(command, name, None)
            if not fits(value):
                shown = repr(value)
                raise IllegalCommand(
                    self.reason,
                    command=type(command).__name__,
                    field=name,
                    expected=expected,
                    value=shown if len(shown) <= 60 else shown[:57] + "...",
                )


# --------------------------------------------------------------------------- lasting effects


def _read_only(table: Mapping[Any, Expiry]) -> Mapping[Any, Expiry]:
    return MappingProxyType(dict(table))


class Expiry(enum.Enum):
    """When a lasting effect ends, if nothing uses it up first.

    .. versionadded:: 0.2.0
    """

    #: At the end of the round ("this round").
    ROUND_END = "round_end"
    #: When its holder next begins a turn in a later round ("until the start of your next
    #: turn").
    TURN_START = "turn_start"
    #: When its holder finishes its turn in a later round ("until the end of your next turn").
    TURN_END = "turn_end"
    #: Only when used (or when the game ends).
    USE = "use"
    #: After a count of turns, a marker's die face, which ``Durations.tick`` lowers by 1 at
    #: every turn end, removing the effect at 0.
    COUNT = "count"


class Lasting(Protocol):
    """What the kit needs of a system's lasting effect: its kind and when it began.

    .. versionadded:: 0.2.0
    """

    @property
    def kind(self) -> Hashable:
        """What the effect is (a system's enum member); :class:`Durations` maps it to rules."""
        ...

    @property
    def since_round(self) -> int:
        """The round (or turn) in which it began."""
        ...


@attrs.frozen
class Durations(Generic[KindT]):
    """The table of a system's lasting effects: when each kind ends, and which are used up.

    The effects themselves are the system's own values (anything with ``kind`` and
    ``since_round``, see :class:`Lasting`); the table holds the rules about them, so that
    adding a kind of effect is one row.

    >>> class Mark(enum.Enum):
    ...     RAGE = "rage"
    ...     AIMED = "aimed"
    >>> @attrs.frozen
    ... class Effect:
    ...     kind: Mark
    ...     since_round: int
    >>> table = Durations({Mark.RAGE: Expiry.ROUND_END, Mark.AIMED: Expiry.USE})
    >>> table.expire((Effect(Mark.RAGE, 1), Effect(Mark.AIMED, 1)), Expiry.ROUND_END)
    (Effect(kind=<Mark.AIMED: 'aimed'>, since_round=1),)

    .. versionadded:: 0.2.0
    """

    #: When each kind of effect ends.
    expiries: Mapping[KindT, Expiry] = attrs.field(converter=_read_only)
    #: The kinds of each expiry, as tuples (``in`` on a tuple of enum members compares by
    #: identity, cheaper than hashing them).
    kinds: Mapping[Expiry, tuple[KindT, ...]] = attrs.field(init=False, eq=False, repr=False)

    @kinds.default  # pyright: ignore[reportAttributeAccessIssue, reportUntypedFunctionDecorator, reportUnknownMemberType]
    def _kinds(self) -> Mapping[Expiry, tuple[KindT, ...]]:  # pyright: ignore[reportUnusedFunction]
        return MappingProxyType(
            {x: tuple(k for k, e in self.expiries.items() if e is x) for x in Expiry}
        )

    def expiry(self, kind: KindT) -> Expiry:
        """When effects of *kind* end."""
        return self.expiries[kind]

    def expire(
        self, effects: tuple[LastingT, ...], expiry: Expiry, *, before_round: int | None = None
    ) -> tuple[LastingT, ...]:
        """*effects* without those that end at *expiry*.

        Args:
            effects: A holder's effects.
            expiry: The moment that has come.
            before_round: If given, only effects that began before this round end (an effect
                "until the start of your next turn" outlives the turn that made it).

        Returns:
            The effects that remain (the same tuple when none ended).
        """
        if not effects:
            return effects
        kinds = self.kinds[expiry]
        if before_round is None:
            kept = tuple(e for e in effects if e.kind not in kinds)
        else:
            kept = tuple(
                e for e in effects if not (e.kind in kinds and e.since_round < before_round)
            )
        return effects if len(kept) == len(effects) else kept

    @staticmethod
    def first(
        effects: Iterable[LastingT],
        kind: Hashable,
        where: Callable[[LastingT], bool] | None = None,
    ) -> LastingT | None:
        """The first effect of *kind* (that satisfies *where*, if given), or ``None``."""
        for effect in effects:
            if effect.kind is kind and (where is None or where(effect)):
                return effect
        return None

    @staticmethod
    def without(effects: tuple[LastingT, ...], used: LastingT) -> tuple[LastingT, ...]:
        """*effects* without the first one equal to *used* (an effect used up)."""
        kept = list(effects)
        kept.remove(used)
        return tuple(kept)

    def take(
        self,
        effects: tuple[LastingT, ...],
        kind: KindT,
        where: Callable[[LastingT], bool] | None = None,
    ) -> tuple[LastingT | None, tuple[LastingT, ...]]:
        """Use up the first effect of *kind*: the effect (or ``None``) and what remains."""
        effect = self.first(effects, kind, where)
        if effect is None:
            return None, effects
        return effect, self.without(effects, effect)

    def tick(
        self,
        effects: tuple[LastingT, ...],
        count: Callable[[LastingT], int],
        lowered: Callable[[LastingT, int], LastingT],
    ) -> tuple[LastingT, ...]:
        """Lower the count of every :attr:`Expiry.COUNT` effect by 1; drop those at 0.

        Args:
            effects: A holder's effects.
            count: The turns an effect has left.
            lowered: The effect with a new count.
        """
        kinds = self.kinds[Expiry.COUNT]
        out: list[LastingT] = []
        for effect in effects:
            if effect.kind not in kinds:
                out.append(effect)
                continue
            left = count(effect) - 1
            if left > 0:
                out.append(lowered(effect, left))
        return tuple(out)


# --------------------------------------------------------------------------- response windows


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen(kw_only=True)
class ResponseWindow(Generic[PendingT]):
    """A frame of a response stack: named players may respond, in a fixed order, before a step.

    The window holds the suspended step as data (:attr:`pending`).
    The player at :attr:`to_answer` either responds (the system pushes the response's own
    work, which may open a window of its own, on top of this one; when it has resolved,
    :meth:`responded` gives the priority back to the first responder) or passes
    (:meth:`passed`, and the next responder in order is asked).
    When every responder has passed in a row, :attr:`closed` is true and the system pops the
    window and goes on with :attr:`pending`.

    >>> window = ResponseWindow(responders=("opponent", "active"), pending="attack")
    >>> window.to_answer
    'opponent'
    >>> window = window.passed("opponent")
    >>> window.to_answer, window.closed
    ('active', False)
    >>> window.passed("active").closed
    True

    .. versionadded:: 0.2.0
    """

    #: Who may respond, in the order they are asked.
    responders: tuple[str, ...] = attrs.field(converter=_names)
    #: The suspended step, as a value of the system's own type.
    pending: PendingT
    #: The index in :attr:`responders` of the one asked now.
    turn: int = 0
    #: How many responders have passed in a row.
    passes: int = 0

    def __attrs_post_init__(self) -> None:
        if not self.responders:
            raise ValueError("a response window needs at least one responder")

    @property
    def to_answer(self) -> str:
        """The responder asked now."""
        return self.responders[self.turn]

    @property
    def closed(self) -> bool:
        """Whether every responder has passed in a row."""
        return self.passes >= len(self.responders)

    def check(self, actor: str) -> None:
        """Refuse an answer from anyone but :attr:`to_answer`.

        Raises:
            IllegalCommand: *actor* is not the one asked (``"not_your_prompt"``).
        """
        if actor != self.to_answer:
            raise IllegalCommand("not_your_prompt", actor=actor, responder=self.to_answer)

    def passed(self, actor: str) -> ResponseWindow[PendingT]:
        """The window after *actor*, the one asked, passes: the next responder is asked.

        Raises:
            IllegalCommand: *actor* is not the one asked (``"not_your_prompt"``).
        """
        self.check(actor)
        return ResponseWindow(
            responders=self.responders,
            pending=self.pending,
            turn=(self.turn + 1) % len(self.responders),
            passes=self.passes + 1,
        )

    def responded(self) -> ResponseWindow[PendingT]:
        """The window once a response has resolved: no passes yet, the first responder asked."""
        return ResponseWindow(responders=self.responders, pending=self.pending)


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
    - :meth:`follow_up`, the automatic event the rules call for next, if any;
    - :meth:`commands_of`, the commands one actor may send now; :meth:`actors`, who may act;
    - :meth:`outcome_of`;
    - :meth:`prompts`, if the system has prompts, and :attr:`answer_types`.

    The kit gives the rest: :meth:`decide` (shape check, the automatic events a state owes,
    the prompt :meth:`gate`, the rule, the automatic loop), :meth:`evolve` (table dispatch),
    :meth:`play` (decide and fold in one pass), :meth:`verify` (a record checked event by
    event against the rules), :meth:`legal_commands` and :meth:`to_act`.

    .. versionadded:: 0.2.0
    """

    #: The system's registry name.
    name: ClassVar[str]
    #: The version of the rules' reading.
    rules_version: ClassVar[str]
    #: The type of :meth:`start`'s argument.
    setup_type: ClassVar[Any]
    #: The union of the command classes.
    command_type: ClassVar[Any]
    #: The union of the event classes.
    event_type: ClassVar[Any]
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

    @abc.abstractmethod
    def actors(self, state: StateT) -> tuple[str, ...]:
        """Who may act in a settled *state* (no automatic event owed)."""

    @abc.abstractmethod
    def commands_of(self, state: StateT, actor: str) -> Iterable[CommandT]:
        """Everything *actor* may send in a settled *state*."""

    @abc.abstractmethod
    def outcome_of(self, state: StateT) -> GameResult | None:
        """How a settled *state*'s game ended, or ``None`` while it goes on."""

    def prompts(self, state: StateT) -> PromptStack[Any]:
        """The prompt stack of *state* (the kit's gate reads it); empty if the system has none."""
        return PromptStack()

    # ---------------------------------------------------------------- what the kit gives

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
        """
        fold = self.event_rules.get(type(event))
        if fold is None:
            raise IllegalCommand("unexpected_event", event=type(event).__name__)
        return fold(state, event)

    def settle(self, state: StateT) -> tuple[StateT, list[EventT]]:
        """*state* after the automatic events it owes, and those events (none in live play).

        A state owes automatic events only when it was rebuilt from a record that was cut
        short after a command's own events.
        """
        events: list[EventT] = []
        follow_up = self.follow_up
        while (follow := follow_up(state)) is not None:
            events.append(follow)
            state = self.evolve(state, follow)
        return state, events

    def play(
        self, state: StateT, command: CommandT, dice: DiceSource
    ) -> tuple[StateT, tuple[EventT, ...]]:
        """Decide *command* and fold its events in one pass: the new state and the events.

        :func:`tabletop_rules.engine.step` uses it, so that the events are folded once.

        Raises:
            IllegalCommand: The rules do not allow *command* now; nothing has changed.
        """
        self.shapes.check(command)
        state, events = self.settle(state)
        self.gate(state, command)
        rule = self.command_rules[type(command)]
        folds = self.event_rules  # the rules' own events: every type has its fold
        follow_up = self.follow_up
        for event in rule(state, command, dice):
            events.append(event)
            state = folds[type(event)](state, event)
        while (follow := follow_up(state)) is not None:
            events.append(follow)
            state = folds[type(follow)](state, follow)
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
        """
        state = self.settle(state)[0]
        if actor is not None:
            return tuple(self.commands_of(state, actor))
        out: list[CommandT] = []
        for who in self.actors(state):
            out.extend(self.commands_of(state, who))
        return tuple(out)

    def to_act(self, state: StateT) -> tuple[str, ...]:
        """Who may act now: exactly the actors of :meth:`legal_commands`."""
        return self.actors(self.settle(state)[0])

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended (or its automatic end is all that is left)."""
        return self.outcome(state) is not None

    def outcome(self, state: StateT) -> GameResult | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.outcome_of(self.settle(state)[0])

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
        """
        state = self.start(setup)
        index = 0
        count = len(events)
        evolve = self.evolve
        while index < count:
            event = events[index]
            owed = self.follow_up(state)
            if owed is not None:
                if event != owed:
                    raise CorruptRecord(index, f"expected the automatic {type(owed).__name__}")
                state = evolve(state, event)
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
