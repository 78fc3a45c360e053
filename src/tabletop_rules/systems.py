"""Rule systems as values, and the registry that finds them.

A rule system is one frozen :class:`RuleSystem`: its ruleset, the functions that put its
events and commands into words, the odds a menu shows, its sheets, its chat commands, the
strategies of its tests, and the package that holds its catalogs and its rule vectors.
It is found through the ``tabletop_rules.systems`` entry-point group, so that a system shipped
in another distribution works everywhere the library's own four do: in
:func:`~tabletop_rules.engine.replay`, the converter, the notation, the CLI, the vectors runner,
:mod:`tabletop_rules.testing.laws` and the example bot::

    [project.entry-points."tabletop_rules.systems"]
    duel = "tabletop_duel:SYSTEM"

>>> from tabletop_rules.systems import Registry
>>> registry = Registry.default()
>>> "m20" in registry.names
True
>>> registry.get("m20").ruleset.name
'm20'

The engine guide's "Write a rule system" walks through a whole system in its own
distribution.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Protocol, TypeVar

import attrs

from tabletop_rules._arguments import checked_text, wrong_type
from tabletop_rules.errors import UnknownSystem

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from tabletop_rules.engine import Ruleset
    from tabletop_rules.exports import Pieces
    from tabletop_rules.notation import ChatCommand, SystemCheck
    from tabletop_rules.simulation import Simulator
    from tabletop_rules.vectors import CheckSpec

__all__ = [
    "ENTRY_POINT_GROUP",
    "CharacterCheck",
    "CommandLabel",
    "Describe",
    "Lineup",
    "MenuOdds",
    "Registry",
    "RuleSystem",
    "Seat",
    "Sheets",
    "system_catalog",
]

#: The entry-point group in which packages register rule systems (``name = "module:SYSTEM"``).
ENTRY_POINT_GROUP: Final = "tabletop_rules.systems"

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
CharacterT = TypeVar("CharacterT")
EventT_contra = TypeVar("EventT_contra", contravariant=True)
CommandT_contra = TypeVar("CommandT_contra", contravariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)
CharacterT_contra = TypeVar("CharacterT_contra", contravariant=True)
SetupT_co = TypeVar("SetupT_co", covariant=True)


class Describe(Protocol[EventT_contra, StateT_contra]):
    """A system's ``describe``: one line of the log for an event, in a locale."""

    def __call__(
        self, event: EventT_contra, locale: str = ..., *, state: StateT_contra | None = ...
    ) -> str:
        """The line; with *state*, participants are named as the menus name them."""
        ...


class CommandLabel(Protocol[CommandT_contra, StateT_contra]):
    """A system's ``command_label``: one entry of a menu for a command, in a locale."""

    def __call__(
        self, command: CommandT_contra, locale: str = ..., *, state: StateT_contra | None = ...
    ) -> str:
        """The label; with *state*, participants are named as the log names them."""
        ...


class MenuOdds(Protocol[StateT_contra, CommandT_contra]):
    """A system's ``odds``: the exact chance that a command offered in a state succeeds."""

    def __call__(self, state: StateT_contra, command: CommandT_contra) -> Fraction | None:
        """The chance, or ``None`` for a command that makes no check."""
        ...


class CharacterCheck(Protocol[CharacterT_contra]):
    """A check a stored character makes, named by a player's words (a bot's ``.check``)."""

    def __call__(self, character: CharacterT_contra, words: Sequence[str], /) -> SystemCheck:
        """The check; words that name none raise the library's own error.

        The arguments are positional: a system names them as it likes (``deck``, ``words``).
        """
        ...


@attrs.frozen(kw_only=True)
class Seat(Generic[CharacterT]):
    """One place in a game a lobby fills: a character, and who runs it.

    .. versionadded:: 0.1.0
    """

    #: Its id in the game.
    id: str
    #: The character (for the skirmish, the deck) that sits there.
    character: CharacterT
    #: Whether the GM runs it (a foe), rather than a player.
    foe: bool = False


class Lineup(Protocol[SetupT_co]):
    """How a system turns a lobby's seats into the setup of a game."""

    def __call__(self, seats: Sequence[Seat[Any]]) -> SetupT_co:
        """The setup; seats the system cannot seat raise the library's own error."""
        ...


@attrs.frozen(kw_only=True)
class Sheets(Generic[CharacterT]):
    """How a system reads and writes the sheets of its characters (or decks, or cards).

    .. versionadded:: 0.1.0
    """

    #: The class of what a sheet holds (for JSON).
    character_type: type[CharacterT]
    #: Read a sheet a player pasted.
    parse: Callable[[str], CharacterT]
    #: Write a character as a sheet in a locale; ``parse`` reads it back.
    format: Callable[[CharacterT, str], str]
    #: A sheet to show a new player.
    example: str
    #: The catalog key of the word a player calls a sheet's contents by, such as
    #: ``sheets.kind.character`` (the default), ``sheets.kind.deck`` (a skirmish deck), or a
    #: key of the system's own.
    kind: str = "sheets.kind.character"


def _no_odds(state: object, command: object) -> Fraction | None:
    return None


def _read_only_checks(
    checks: Mapping[str, Callable[[CheckSpec], SystemCheck]],
) -> Mapping[str, Callable[[CheckSpec], SystemCheck]]:
    return MappingProxyType(dict(checks))


def _read_catalog(folder: Traversable) -> Mapping[str, str]:
    """Every JSON file in *folder*, merged in the order of their names (none: empty)."""
    import json

    merged: dict[str, str] = {}
    if folder.is_dir():
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".json"):
                merged.update(json.loads(entry.read_text("utf-8")))
    return MappingProxyType(merged)


@attrs.frozen(kw_only=True)
class RuleSystem(Generic[SetupT, StateT, CommandT, EventT]):
    """Everything of one rule system, as one value.

    A system package defines one, ``SYSTEM``, and registers it under the
    :data:`ENTRY_POINT_GROUP` entry point; everything that serves every system (the engine,
    the converter, the notation, the CLI, the vectors, the laws, the example bot) finds it
    there, and nothing else needs to know the system exists.

    .. versionadded:: 0.1.0
    """

    #: The registry name (``ruleset.name``).
    name: str
    #: The system's game: its combat, battle or card game.
    ruleset: Ruleset[SetupT, StateT, CommandT, EventT]
    #: The catalog key of the system's name, as a player reads it.
    title: str
    #: One line of the log per event.
    describe: Describe[EventT, StateT]
    #: One entry of a menu per command.
    command_label: CommandLabel[CommandT, StateT]
    #: The package that holds the system's data: its catalogs (every JSON file in
    #: ``locales/<locale>/``) and its rule vectors (``vectors.toml``); ``None`` for a system
    #: with neither. It is the package whose ``SYSTEM`` the entry point names: the catalogs
    #: of a key are read from there without loading the system.
    package: str | None = None
    #: The exact chance of success of a command a menu offers (``None``: no check).
    odds: MenuOdds[StateT, CommandT] = _no_odds
    #: The system's sheets, if its characters have one.
    sheets: Sheets[Any] | None = None
    #: The check a stored character makes from a player's words, if the system has one.
    character_check: CharacterCheck[Any] | None = None
    #: How a lobby's seats become a setup, if the system's games can be set up so.
    lineup: Lineup[SetupT] | None = None
    #: The actor id of the GM in the system's games; ``None`` where no GM plays.
    gm: str | None = None
    #: How many seats a game takes at least, and at most (``None``: any number).
    seats: tuple[int, int | None] = (1, None)
    #: The module that defines the system's commands in the chat language, as
    #: ``CHAT_COMMANDS`` (``notation.parse(text, system=name)`` reads them); imported when
    #: first needed, since the notation is more than most users of a system need.
    chat: str | None = None
    #: The form in which ``legal_commands`` offers a command: the command with its *free*
    #: parameters (those the docs leave to the GM, such as a chosen difficulty or modifier)
    #: set as the menu sets them. ``decide`` accepts only commands whose form a menu offers
    #: (``testing.laws`` checks it); the default leaves every command as it is.
    menu_form: Callable[[CommandT], CommandT] = attrs.field(default=lambda command: command)
    #: The system's checks by name, each built from a rule vector's ``check`` table
    #: (:class:`~tabletop_rules.vectors.CheckSpec`): what its vectors can check.
    checks: Mapping[str, Callable[[CheckSpec], SystemCheck]] = attrs.field(
        factory=lambda: _read_only_checks({}), converter=_read_only_checks
    )
    #: The batch simulator of ``tabletop-rules simulate``, if the system has one.
    simulator: Simulator | None = None
    #: The module of the system's public Hypothesis strategies: it defines ``setups()``
    #: (and ``characters()`` where the system has characters).
    strategies: str | None = None
    #: How the system's characters (or cards) become pieces of a virtual tabletop, for
    #: :mod:`tabletop_rules.exports` (CCFOLIA, Udonarium); ``None`` if they cannot.
    #:
    #: .. versionadded:: 0.1.0
    piece: Pieces[Any] | None = None

    def catalog(self, locale: str) -> Mapping[str, str]:
        """The system's own catalog of one shipped locale (empty if it has none).

        It is every JSON file in the package's ``locales/<locale>/`` folder, merged.

        Raises:
            InvalidData: *locale* is no ``str`` (path ``$.locale``).
        """
        from tabletop_rules.i18n import resolve_locale

        resolved = resolve_locale(locale)
        return _EMPTY if self.package is None else _catalog_of(self.package, resolved)

    @property
    def vectors(self) -> Traversable | None:
        """The system's rule vector file, or ``None`` if it ships none."""
        if self.package is None:
            return None
        from importlib import resources

        found = resources.files(self.package).joinpath("vectors.toml")
        return found if found.is_file() else None

    def chat_commands(self) -> tuple[ChatCommand, ...]:
        """The system's chat commands (none if it names no :attr:`chat` module)."""
        if self.chat is None:
            return ()
        found: tuple[ChatCommand, ...] = tuple(importlib.import_module(self.chat).CHAT_COMMANDS)
        return found

    def strategies_module(self) -> ModuleType:
        """The module of the system's strategies, imported (it imports Hypothesis).

        Raises:
            LookupError: The system names no strategies module.
        """
        if self.strategies is None:
            raise LookupError(f"{self.name} names no strategies module")
        return importlib.import_module(self.strategies)


@functools.lru_cache(maxsize=64)  # a bounded number of systems, each in a few locales
def _catalog_of(package: str, locale: str) -> Mapping[str, str]:
    from importlib import resources

    return _read_catalog(resources.files(package).joinpath("locales").joinpath(locale))


class _Installed(Mapping[str, "RuleSystem[Any, Any, Any, Any]"]):
    """The systems registered through entry points, each loaded when first looked up."""

    __slots__ = ()

    def __getitem__(self, name: str) -> RuleSystem[Any, Any, Any, Any]:
        system = _entry_point_system(name) if name in _entry_point_names() else None
        if system is None:
            raise KeyError(name)
        return system

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(_entry_point_names()))

    def __len__(self) -> int:
        return len(_entry_point_names())


def _read_only(
    systems: Mapping[str, RuleSystem[Any, Any, Any, Any]],
) -> Mapping[str, RuleSystem[Any, Any, Any, Any]]:
    if isinstance(systems, _Installed):
        return systems  # read-only already, and loaded lazily
    return MappingProxyType(dict(systems))


@functools.cache
def _entry_point_names() -> frozenset[str]:
    from importlib import metadata  # only when first needed: it is slow to import

    return frozenset(entry.name for entry in metadata.entry_points(group=ENTRY_POINT_GROUP))


@functools.cache  # only the names of installed systems reach it: a finite set
def _entry_point_system(name: str) -> RuleSystem[Any, Any, Any, Any] | None:
    from importlib import metadata

    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP, name=name):
        system: object = entry.load()
        if not isinstance(system, RuleSystem):
            raise TypeError(
                f"the entry point {entry.name} = {entry.value!r} of {ENTRY_POINT_GROUP} "
                f"gives a {type(system).__name__}, not a systems.RuleSystem"
            )
        found: RuleSystem[Any, Any, Any, Any] = system  # pyright: ignore[reportUnknownVariableType]
        return found
    return None


@functools.cache  # only the names of installed systems reach it: a finite set
def _entry_point_package(name: str) -> str | None:
    from importlib import metadata

    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP, name=name):
        return entry.module
    return None


def system_catalog(name: str, locale: str) -> Mapping[str, str]:
    """The catalog of the installed system *name* in a shipped *locale*, or an empty one.

    :func:`~tabletop_rules.i18n.translate` reads a key ``"<system>.…"`` here when the core's
    catalogs lack it, so that each system's words live in its own package. The catalog is
    read from the package its entry point names (the system's
    :attr:`~RuleSystem.package`), without loading the system's value, and only when one of
    its keys is first shown.
    """
    package = _entry_point_package(name) if name in _entry_point_names() else None
    return _EMPTY if package is None else _catalog_of(package, locale)


_INSTALLED: Final = _Installed()
_EMPTY: Final[Mapping[str, str]] = MappingProxyType({})


@attrs.frozen
class Registry:
    """The rule systems known, by name.

    :meth:`default` holds every system registered through the :data:`ENTRY_POINT_GROUP`
    entry points; :meth:`with_systems` adds others for one use, without changing any shared
    state.

    .. versionadded:: 0.1.0
    """

    #: Why it is not read from JSON (``from_json`` refuses it at ``$.cls``).
    _NOT_JSON: ClassVar[str] = "rule systems"

    #: The systems by name.
    systems: Mapping[str, RuleSystem[Any, Any, Any, Any]] = attrs.field(
        factory=lambda: _read_only({}), converter=_read_only
    )

    @classmethod
    def default(cls) -> Registry:
        """Every system registered through entry points, each loaded when first looked up."""
        return cls(_INSTALLED)

    def with_systems(self, *systems: RuleSystem[Any, Any, Any, Any]) -> Registry:
        """A registry that also holds *systems* (replacing any of the same name).

        Raises:
            InvalidData: One of *systems* is no :class:`RuleSystem` (path ``$.systems[i]``).
        """
        for index, system in enumerate(systems):
            if not isinstance(system, RuleSystem):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise wrong_type(f"$.systems[{index}]", "systems.RuleSystem", system)
        return Registry({**self.systems, **{s.name: s for s in systems}})

    @property
    def names(self) -> tuple[str, ...]:
        """The registered names, sorted."""
        return tuple(sorted(self.systems))

    def get(self, name: str) -> RuleSystem[Any, Any, Any, Any]:
        """The system called *name*.

        Raises:
            UnknownSystem: No system has that name.
            InvalidData: *name* is not a ``str`` (path ``$.name``).
        """
        try:
            return self.systems[name]
        except (KeyError, TypeError):  # TypeError: an unhashable name
            checked_text(name, "$.name")
            raise UnknownSystem(name, self.systems) from None

    def __iter__(self) -> Iterator[RuleSystem[Any, Any, Any, Any]]:
        return iter(self.systems.values())

    def __contains__(self, name: object) -> bool:
        return name in self.systems
