"""Every registered rule system as an OpenSpiel game, with chance nodes of exact odds.

Importing this module registers one Python game with OpenSpiel
(:func:`pyspiel.register_game`) for each system of
:meth:`~tabletop_rules.systems.Registry.default`, under the short name
``tabletop_rules_<system>``; :func:`register` registers the systems of another registry.
It needs the ``openspiel`` extra (``pip install 'tabletop-rules[openspiel]'``).

>>> import pyspiel
>>> import tabletop_rules.openspiel
>>> game = pyspiel.load_game("tabletop_rules_bayside23")
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the first initiative
True

How a game of the library reads as an OpenSpiel game:

- **Players** are the game's sides (:class:`~tabletop_rules.search.Seating`), in the order
  their first members are listed; the GM is no player, and a state in which only the GM may
  act ends the OpenSpiel game (returns 0).
- **Actions** choose a command of the acting side's legal commands byte by byte of its
  canonical JSON (:func:`~tabletop_rules.serialization.to_json`): action *b* is "the next
  byte is *b*", offered only where the legal commands differ (the bytes they share are taken
  without a choice), so a command is as many decisions as the menu has branches on its way.
  The ids are the same for a command in every state, setup and process (0 to 255,
  ``num_distinct_actions() == 256``).
- **Chance**: a chosen command is decided with the faces known so far; at the first die not
  known, the state is a chance node whose outcomes are that die's faces (action *f − 1* for
  face *f*), each of probability ``1 / sides``, exactly; with the face known, the command is
  decided again. A game's opening steps (skirmish's first player, bayside23's initiative)
  are chance nodes of the initial state.
- **Returns** at the end: +1 and −1 between two sides, 0 for a draw (zero-sum among more
  sides: each of *k* winners of *n* sides gets ``(n − k) / k``, each loser −1).
- **Observations**: every system's games are of perfect information (every face is shown
  to every player, nothing is dealt in secret), so a player's observation is the whole
  state: its JSON, with the command being chosen or rolled for; the information state is
  the record of the game so far (:class:`~tabletop_rules.engine.GameRecord`) and the
  command under way, which every player knows alike.
- **Serialization**: :meth:`State.serialize` writes the record and the command under way
  as the library's JSON; :meth:`Game.deserialize_state` plays the record's commands and
  faces again, so the action history is rebuilt too.

Game parameters: ``setup``, the JSON of a setup of the system (by default the system's
``lineup`` of two seats of its example sheet, the second a foe); ``max_die``, the most sides
of a die the game may roll (100); ``max_actions``, the game length (OpenSpiel actions, chance
outcomes included) at which the game stops as a draw (100,000).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

# pyspiel, a pybind11 extension, ships no type information (mypy ignores it through
# pyproject's override): pyright in strict mode would report every use of it as unknown.
# pyright: reportUnknownMemberType=false, reportUnknownArgumentType=false
# pyright: reportUnknownVariableType=false, reportUnknownParameterType=false

try:
    import numpy as np
    import pyspiel
except ImportError as _error:  # pragma: no cover - the extra is missing
    if (_error.name or "").partition(".")[0] in ("pyspiel", "numpy"):
        raise ImportError(
            f"{__name__} needs OpenSpiel, which is not installed: install the 'openspiel' "
            "extra (pip install 'tabletop-rules[openspiel]')",
            name=_error.name,
        ) from _error
    raise

import json
from typing import Any, Final

import attrs

from tabletop_rules._gameai import KnownFaces, Menu, Seating, Unrolled, default_setup, returns
from tabletop_rules.engine import Entry, GameRecord, settle, step
from tabletop_rules.errors import InvalidData, TabletopRulesError
from tabletop_rules.systems import Registry, RuleSystem

__all__ = [
    "GAME_PREFIX",
    "Game",
    "State",
    "default_setup",
    "game_class",
    "game_name",
    "register",
]

#: The prefix of every game's short name: ``tabletop_rules_m20``.
GAME_PREFIX: Final = "tabletop_rules_"
#: The largest number of sides (OpenSpiel players) a game may have.
MAX_PLAYERS: Final = 64
_DEFAULTS: Final[dict[str, Any]] = {"setup": "", "max_die": 100, "max_actions": 100_000}


def game_name(system: str) -> str:
    """The OpenSpiel short name of the game of *system*: ``"tabletop_rules_" + system``."""
    return GAME_PREFIX + system


#: How a setup parameter in the game's string starts: base64 (URL-safe, unpadded) of JSON.
SETUP_BASE64: Final = "b64:"


def _encoded(text: str) -> str:
    if text.startswith(SETUP_BASE64):
        return text
    import base64

    return SETUP_BASE64 + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _decoded(text: str) -> str:
    if not text.startswith(SETUP_BASE64):
        return text
    import base64
    import binascii

    body = text[len(SETUP_BASE64) :]
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError) as error:
        raise InvalidData("$", f"the setup is no base64 of JSON text: {error}") from None


def _game_type(system: RuleSystem[Any, Any, Any, Any]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=game_name(system.name),
        long_name=f"tabletop_rules {system.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=dict(_DEFAULTS),
    )


class Game(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """The OpenSpiel game of one rule system and one setup.

    Raises:
        InvalidData: A parameter that does not fit: a ``setup`` that is no JSON of the
            system's setup (at its path inside ``$.setup``), a ``max_die`` or
            ``max_actions`` below 1, or a setup with fewer than two sides.

    .. versionadded:: 0.1.0
    """

    #: The rule system of the games of this class (each registered game is a subclass).
    system: RuleSystem[Any, Any, Any, Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        from tabletop_rules.serialization import from_json

        system = self.system
        given = {**_DEFAULTS, **(params or {})}
        ruleset = system.ruleset
        text = given["setup"]
        if not isinstance(text, str):
            raise InvalidData("$.setup", "give the setup as a JSON text")
        try:
            setup = from_json(_decoded(text), ruleset.setup_type) if text else default_setup(system)
        except InvalidData as error:
            raise InvalidData(f"$.setup{error.path[1:]}", error.detail) from error
        if text:
            # The game's string (``load_game`` reads it back) cannot hold JSON's commas.
            given["setup"] = _encoded(text)
        for name in ("max_die", "max_actions"):
            value = given[name]
            if type(value) is not int or value < 1:
                raise InvalidData(
                    f"$.{name}", f"must be a whole number of 1 or more, not {value!r}"
                )
        first = ruleset.start(setup)
        seating = Seating.of(first)
        if not 2 <= len(seating.sides) <= MAX_PLAYERS:
            raise InvalidData(
                "$.setup",
                f"an OpenSpiel game needs 2 to {MAX_PLAYERS} sides, not {len(seating.sides)}",
            )
        players = len(seating.sides)
        #: The setup every game starts from.
        self.setup = setup
        #: The players.
        self.seating = seating
        self.max_die: int = given["max_die"]
        self.max_actions: int = given["max_actions"]
        self._fixed = _Fixed(
            ruleset=ruleset, seating=seating, max_die=self.max_die, max_actions=self.max_actions
        )
        record: GameRecord[Any, Any, Any] = GameRecord(
            system=ruleset.name, rules_version=ruleset.rules_version, setup=setup
        )
        self._opening = _opening(self._fixed, first, record)
        info = pyspiel.GameInfo(
            num_distinct_actions=256,
            max_chance_outcomes=self.max_die,
            num_players=players,
            min_utility=-1.0,
            max_utility=float(players - 1),
            utility_sum=0.0,
            max_game_length=self.max_actions,
        )
        super().__init__(_game_type(system), info, {k: given[k] for k in _DEFAULTS})

    def new_initial_state(self) -> State:
        """The state before anything happens (a chance node if the game opens with rolls)."""
        return State(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        """The observer of the strings (no tensors): every player sees everything.

        Returns:
            An observer of OpenSpiel's Python observer protocol (``tensor``, ``dict``,
            ``set_from``, ``string_from``).
        """
        if params:
            raise pyspiel.SpielError(f"observation parameters are not supported; passed {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(perfect_recall=perfect_recall)

    def deserialize_state(self, text: str) -> State:
        """The state that :meth:`State.serialize` wrote, played again from its record.

        Raises:
            pyspiel.SpielError: The text is no serialized state of this game, or its record
                does not replay.
        """
        try:
            data = json.loads(text)
            record_text = json.dumps(data["record"])
            pending = data["pending"]
        except (ValueError, TypeError, KeyError) as error:
            raise pyspiel.SpielError(
                f"not a serialized {self.system.name} state: {error}"
            ) from None
        from tabletop_rules.serialization import from_json

        try:
            record = from_json(record_text, GameRecord)
            command = (
                None
                if pending is None or pending.get("command") is None
                else from_json(json.dumps(pending["command"]), self.system.ruleset.command_type)
            )
        except TabletopRulesError as error:
            raise pyspiel.SpielError(str(error)) from None
        state = self.new_initial_state()
        try:
            state._replay(record, pending, command)  # pyright: ignore[reportPrivateUsage]
        except TabletopRulesError as error:
            raise pyspiel.SpielError(str(error)) from None
        return state


@attrs.frozen(kw_only=True)
class _Fixed:
    """What every state of one game shares."""

    ruleset: Any
    seating: Seating
    max_die: int
    max_actions: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Fixed:
        return self  # immutable: OpenSpiel's clone copies a state's attributes deeply


@attrs.frozen(kw_only=True)
class _Position:
    """Where a game is: the library's state, the record, and the choice or roll under way."""

    #: The library's state (settled, unless the opening steps are being rolled).
    state: Any
    #: The record so far.
    record: GameRecord[Any, Any, Any]
    #: The acting side, or ``None`` at the end (or while only the GM may act).
    player: int | None = None
    #: The acting side's commands.
    menu: Menu | None = None
    #: The bytes of the command being chosen.
    prefix: bytes = b""
    #: The command chosen, while its dice are rolled.
    command: Any = None
    #: Whether the game's opening steps are being rolled.
    opening: bool = False
    #: The faces known of the decision under way.
    faces: tuple[int, ...] = ()
    #: The sides of the die to roll now; 0 when no die is.
    sides: int = 0
    #: Whether the game stopped at ``max_actions``.
    stopped: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def settled(self, fixed: _Fixed, state: Any, record: GameRecord[Any, Any, Any]) -> _Position:
        """The position at *state*, settled: who acts, and the menu of that side."""
        ruleset = fixed.ruleset
        if ruleset.outcome(state) is not None:
            return _Position(state=state, record=record, stopped=self.stopped)
        player, commands = fixed.seating.commands(ruleset, state)
        menu = Menu.of(commands) if commands else None
        return _Position(state=state, record=record, player=player, menu=menu, stopped=self.stopped)

    def resolved(self, fixed: _Fixed) -> _Position:
        """Decide the command (or the opening steps) with the faces known; roll on if short."""
        dice = KnownFaces(self.faces)
        entry: Entry[Any, Any]
        try:
            if self.opening:
                state, events = settle(fixed.ruleset, self.state, dice)
                entry = Entry(command=None, faces=self.faces, events=events)
            else:
                state, entry = step(fixed.ruleset, self.state, self.command, dice)
        except Unrolled as unrolled:
            return attrs.evolve(self, sides=_checked_die(fixed, unrolled.sides))
        return self.settled(fixed, state, self.record.append(entry))

    def position(self) -> int:
        """Where the next choice goes in the spelling of the commands matching the prefix."""
        assert self.menu is not None
        shared, choices = self.menu.choices(self.prefix)
        return len(shared) if choices else len(self.prefix)

    def legal(self) -> list[int]:
        """The next bytes a player may choose."""
        menu = self.menu
        assert menu is not None
        _, choices = menu.choices(self.prefix)
        if choices:
            return choices
        return [menu.spelled[menu.matching(self.prefix)[0]][len(self.prefix)]]

    def chosen(self, fixed: _Fixed, action: int) -> _Position:
        """The position after a player chooses byte *action*."""
        menu = self.menu
        assert menu is not None
        shared, choices = menu.choices(self.prefix)
        prefix = (shared if choices else self.prefix) + bytes([action])
        command = menu.chosen(prefix)
        if command is None:
            return attrs.evolve(self, prefix=prefix)
        return attrs.evolve(self, prefix=b"", command=command).resolved(fixed)


def _checked_die(fixed: _Fixed, sides: int) -> int:
    if sides > fixed.max_die:
        raise pyspiel.SpielError(
            f"the rules roll a d{sides}, larger than the game's max_die ({fixed.max_die})"
        )
    return sides


def _opening(fixed: _Fixed, state: Any, record: GameRecord[Any, Any, Any]) -> _Position:
    """The first position of a game: its opening rolls, or its settled first state."""
    at = _Position(state=state, record=record)
    try:
        settled, events = settle(fixed.ruleset, state, KnownFaces(()))
    except Unrolled as unrolled:
        return attrs.evolve(at, opening=True, sides=_checked_die(fixed, unrolled.sides))
    if events:
        record = record.append(Entry(command=None, events=events))
    return at.settled(fixed, settled, record)


class State(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A state of a :class:`Game`: the library's state, the record, and a choice under way.

    .. versionadded:: 0.1.0
    """

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        # Immutable values only: OpenSpiel's clone copies a Python state's attributes deeply.
        self._fixed: _Fixed = game._fixed  # pyright: ignore[reportPrivateUsage]
        self._at: _Position = game._opening  # pyright: ignore[reportPrivateUsage]

    @property
    def state(self) -> Any:
        """The library's state (settled, once the opening chance nodes are rolled)."""
        return self._at.state

    @property
    def record(self) -> GameRecord[Any, Any, Any]:
        """The record of the game so far (every command decided, with its faces and events)."""
        return self._at.record

    # ---------------------------------------------------------------- replay

    def _replay(
        self, record: GameRecord[Any, Any, Any], pending: dict[str, Any] | None, command: Any
    ) -> None:
        """Apply the actions that play *record* and then *pending*, as a player would."""
        mine = self.record
        if (record.system, record.rules_version) != (mine.system, mine.rules_version):
            raise InvalidData("$.record", "the record is of another system or rules version")
        if record.setup != mine.setup:
            raise InvalidData("$.record.setup", "the record is of another setup than the game's")
        entries = list(record.entries)
        if entries and entries[0].command is None:
            self._apply_faces(entries.pop(0).faces)
        for entry in entries:
            self._apply_command(entry.command)
            self._apply_faces(entry.faces)
        if self.record != record:
            raise InvalidData("$.record", "the record does not replay to the same entries")
        if pending:
            if command is not None:
                self._apply_command(command)
            elif pending.get("prefix"):
                self._apply_prefix(str(pending["prefix"]).encode("utf-8", "surrogateescape"))
            self._apply_faces(pending.get("faces", ()))

    def _apply_command(self, command: Any) -> None:
        menu = self._at.menu
        at = None if menu is None else menu.index(command)
        if menu is None or at is None:
            raise InvalidData("$.record", f"a command no menu offers: {command!r}")
        spelled = menu.spelled[at]
        while self._at.command is None and self._at.menu is menu and not self._at.stopped:
            self.apply_action(spelled[self._at.position()])

    def _apply_prefix(self, prefix: bytes) -> None:
        while self._at.prefix != prefix:
            if self._at.menu is None or self._at.position() >= len(prefix):
                raise InvalidData("$.pending.prefix", "no command of the menu starts so")
            self.apply_action(prefix[self._at.position()])

    def _apply_faces(self, faces: Any) -> None:
        for face in faces:
            if not self._at.sides:
                raise InvalidData("$.record", "a face the rules do not roll")
            self.apply_action(int(face) - 1)

    # ---------------------------------------------------------------- OpenSpiel's side

    def current_player(self) -> int:
        """The acting side's index, ``CHANCE`` while a die is rolled, or ``TERMINAL``."""
        at = self._at
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if at.sides:
            return int(pyspiel.PlayerId.CHANCE)
        assert at.player is not None
        return at.player

    def is_terminal(self) -> bool:
        """Whether the game is over, only the GM may act, or it hit ``max_actions``."""
        at = self._at
        return at.stopped or (not at.sides and at.menu is None)

    def returns(self) -> list[float]:
        """Each side's return: 0 until the end."""
        seating = self._fixed.seating
        if not self.is_terminal():
            return [0.0] * len(seating.sides)
        return list(returns(seating, self._fixed.ruleset.outcome(self._at.state)))

    def _legal_actions(self, player: int) -> list[int]:
        at = self._at
        if self.is_terminal() or at.sides or player != at.player:
            return []
        return at.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The faces of the die to roll (action *f − 1* for face *f*), each ``1 / sides``."""
        sides = self._at.sides
        if not sides or self._at.stopped:
            return []
        chance = 1.0 / sides
        return [(face, chance) for face in range(sides)]

    def _apply_action(self, action: int) -> None:
        at = self._at
        fixed = self._fixed
        if self.is_terminal():
            raise pyspiel.SpielError(f"illegal action {action}: the game is over")
        if at.sides:
            if not 0 <= action < at.sides:
                raise pyspiel.SpielError(
                    f"illegal chance outcome {action}: the die has outcomes 0 to {at.sides - 1}"
                )
            at = attrs.evolve(at, faces=(*at.faces, action + 1), sides=0).resolved(fixed)
        else:
            legal = at.legal()
            if action not in legal:
                raise pyspiel.SpielError(
                    f"illegal action {action} for player {at.player}: the legal actions are {legal}"
                )
            at = at.chosen(fixed, action)
        if self.move_number() + 1 >= fixed.max_actions:
            at = attrs.evolve(at, stopped=True)
        self._at = at

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"face {action + 1}"
        at = self._at
        menu = at.menu
        if menu is None:
            return f"byte {action}"
        shared, choices = menu.choices(at.prefix)
        prefix = (shared if choices else at.prefix) + bytes([action])
        chosen = menu.chosen(prefix)
        if chosen is not None:
            label: str = self.get_game().system.command_label(chosen, "en", state=at.state)
            return label
        return prefix.decode("utf-8", "replace") + "…"

    def pending(self) -> dict[str, Any] | None:
        """The choice under way: the bytes chosen, or the command and its known faces."""
        from tabletop_rules.serialization import to_json

        at = self._at
        if at.command is not None:
            return {"command": json.loads(to_json(at.command)), "faces": list(at.faces)}
        if at.opening:
            return {"faces": list(at.faces)}
        if at.prefix:
            return {"prefix": at.prefix.decode("utf-8", "surrogateescape")}
        return None

    def serialize(self) -> str:
        """The record and the choice under way, as the library's JSON.

        :meth:`Game.deserialize_state` reads it back.
        """
        from tabletop_rules.serialization import to_json

        return json.dumps(
            {"record": json.loads(to_json(self._at.record)), "pending": self.pending()},
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def observation(self) -> str:
        """The state's JSON and the choice under way: what every player sees."""
        from tabletop_rules.serialization import to_json

        return json.dumps(
            {"state": json.loads(to_json(self._at.state)), "pending": self.pending()},
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def __str__(self) -> str:
        return self.observation()


class _Observer:
    """The strings of every player's view (perfect information: the same for all)."""

    def __init__(self, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: State, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: State, player: int) -> str:
        """The record and the choice under way (perfect recall), or the state's JSON."""
        if not 0 <= player < state.num_players():
            raise pyspiel.SpielError(f"no player {player} in a game of {state.num_players()}")
        return state.serialize() if self.perfect_recall else state.observation()


def game_class(system: RuleSystem[Any, Any, Any, Any]) -> type[Game]:
    """The :class:`Game` subclass of *system*, which OpenSpiel builds from its parameters.

    >>> from tabletop_rules.openspiel import game_class
    >>> from tabletop_rules.systems import Registry
    >>> Battle = game_class(Registry.default().get("bayside23"))
    >>> Battle().num_players()
    2
    """
    # A class, not a closure: OpenSpiel keeps the factory until after the interpreter is
    # gone, and a closure it then drops crashes the exit.
    name = "".join(part.title() for part in system.name.split("_")) + "Game"
    return type(name, (Game,), {"system": system, "__module__": __name__})


def register(registry: Registry | None = None) -> tuple[str, ...]:
    """Register the game of every system of *registry* not registered yet; their names.

    Importing this module registers those of
    :meth:`~tabletop_rules.systems.Registry.default`.

    Raises:
        InvalidData: *registry* is no :class:`~tabletop_rules.systems.Registry` (``$.registry``).
    """
    from tabletop_rules._arguments import checked

    found = Registry.default() if registry is None else checked(registry, Registry, "$.registry")
    known = set(pyspiel.registered_names())
    names: list[str] = []
    for system in found:
        name = game_name(system.name)
        if name not in known:
            pyspiel.register_game(_game_type(system), game_class(system))
        names.append(name)
    return tuple(names)


register()
