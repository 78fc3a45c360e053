"""Logs and menu labels as tables of small renderers, one per event or command type.

A system's log is a :class:`Log`: a table from each event type to the function that puts one
event into words, another from each command type to its menu label, and how participants are
named.
Every renderer has one signature, ``render(value, words) -> str``, as structlog's processors
share theirs, and dispatch is by the exact type through the table: no ladder of
``isinstance`` checks, and adding an event is adding a row.

>>> import attrs
>>> from tabletop_rules.kit import Log, Words
>>> @attrs.frozen
... class Waited:
...     actor: str
>>> log = Log(
...     events={Waited: lambda event, words: f"{words.name(event.actor)} waits."},
...     commands={},
...     names=lambda state, locale: {"g1": "Goblin"},
... )
>>> log.describe(Waited("g1"))
'g1 waits.'
>>> log.describe(Waited("g1"), state=object())
'Goblin waits.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs

from tabletop_rules._arguments import checked, wrong_type
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.i18n import DEFAULT_LOCALE, resolve_locale, translate
from tabletop_rules.kit._shapes import CommandShapes

__all__ = ["Log", "Renderer", "Words"]

StateT = TypeVar("StateT")
ValueT = TypeVar("ValueT")


@attrs.frozen
class Words(Generic[StateT]):
    """What a renderer writes with: the reader's locale, the state, and participants' names.

    .. versionadded:: 0.1.0
    """

    #: The reader's language, one of the shipped locales.
    locale: str
    #: The state the caller gave (names come from it), or ``None``.
    state: StateT | None
    #: Each participant's name by id (empty without a state).
    names: Mapping[str, str]

    def name(self, id: str) -> str:
        """The name of participant *id* (the id itself where none is known)."""
        return self.names.get(id, id)

    def __call__(self, key: str, /, **params: object) -> str:
        """The catalog's *key* in the reader's locale, filled with *params*."""
        return translate(key, self.locale, **params)


#: A renderer: one value (an event or a command) in words.
Renderer = Callable[[Any, Words[Any]], str]


def _table(rows: Mapping[type[Any], Renderer]) -> Mapping[type[Any], Renderer]:
    return MappingProxyType(dict(rows))


def _no_names(state: object, locale: str) -> Mapping[str, str]:
    return {}


@attrs.frozen(kw_only=True)
class Log(Generic[StateT]):
    """A system's log and menu labels: a renderer per event type and per command type.

    ``describe(event, locale, *, state=None)`` and ``label(command, locale, *, state=None)``
    are what a system offers as its ``describe`` and ``command_label``; both refuse a value
    of no type in their table, and a state that is not one of *state_type*, with
    :class:`~tabletop_rules.errors.InvalidData`, alike in every system.

    .. versionadded:: 0.1.0
    """

    #: The renderer of each event type.
    events: Mapping[type[Any], Renderer] = attrs.field(converter=_table)
    #: The renderer of each command type (a menu entry).
    commands: Mapping[type[Any], Renderer] = attrs.field(converter=_table)
    #: How participants are named in a state, by id, in a locale.
    names: Callable[[StateT, str], Mapping[str, str]] = _no_names
    #: The class of the states (a class or a union): another is refused at ``$.state``.
    state_type: Any = object
    #: How the system's events are named in a refusal (``m20.Event``).
    event_name: str = "Event"
    #: How the system's commands are named in a refusal (``m20.Command``).
    command_name: str = "Command"
    #: The field checks of the command classes (a ruleset's ``shapes``): a command built
    #: with a field of the wrong type is refused before a renderer reads it.
    shapes: CommandShapes | None = None

    def _words(self, state: object, locale: str) -> Words[StateT]:
        resolved = resolve_locale(locale)
        if state is None:
            return Words(resolved, None, {})
        if not isinstance(state, self.state_type):
            checked(state, self.state_type, "$.state")
        known: StateT = state  # type: ignore[assignment]  # checked just above
        return Words(resolved, known, self.names(known, resolved))

    def describe(
        self, event: object, locale: str = DEFAULT_LOCALE, *, state: StateT | None = None
    ) -> str:
        """The line of the log for *event* in *locale*; with *state*, participants by name.

        Raises:
            InvalidData: *event* is of no type of the table (path ``$``); *state* is no
                state of the system (``$.state``); *locale* is no ``str`` (``$.locale``).
        """
        render = self.events.get(type(event))
        if render is None:
            raise wrong_type("$", self.event_name, event)
        return render(event, self._words(state, locale))

    def label(
        self, command: object, locale: str = DEFAULT_LOCALE, *, state: StateT | None = None
    ) -> str:
        """The menu entry of *command* in *locale*; with *state*, participants by name.

        Raises:
            InvalidData: *command* is of no type of the table (path ``$``); *state* is no
                state of the system (``$.state``); *locale* is no ``str`` (``$.locale``).
        """
        render = self.commands.get(type(command))
        if render is None:
            raise wrong_type("$", self.command_name, command)
        if self.shapes is not None:
            try:
                self.shapes.check(command)
            except IllegalCommand as error:
                field = error.params.get("field")
                path = f"$.{field}" if field else "$"
                raise InvalidData(path, error.key, **error.params) from None
        return render(command, self._words(state, locale))
