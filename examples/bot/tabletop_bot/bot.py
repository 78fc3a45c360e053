"""The chat bot: one message in, replies out; the database keeps everything else.

:meth:`Bot.handle` is the whole bot. It reads a message as a bot command (``.st``,
``.battle``, ``.do``, ...) or hands it to the dice notation (parse → roll → render), and
returns :class:`~tabletop_bot.transport.Public` and :class:`~tabletop_bot.transport.Private`
replies. Every change is stored before the reply is returned, so a reply that was sent is
never lost by a crash.
"""

from __future__ import annotations

import json
import secrets
import unicodedata
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from tabletop_bot.messages import BotError, say
from tabletop_bot.store import ChannelRow, GameRow, Store
from tabletop_bot.systems import SYSTEMS, Seat, System
from tabletop_bot.transport import Incoming, Outgoing, Private, Public
from tabletop_rules import engine, from_json, notation, to_json
from tabletop_rules.dice import SeededDice, SeededDiceState
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import CorruptRecord, InvalidData, TabletopRulesError
from tabletop_rules.i18n import DEFAULT_LOCALE, LOCALES, resolve_locale

__all__ = ["Bot"]


@dataclass
class Channel:
    """A channel's settings and dice, in memory."""

    name: str
    locale: str
    system: str | None
    dice: SeededDice
    #: Why the stored dice could not be read (then the channel rolls nothing).
    damaged: str | None = None
    #: The stored dice that could not be read: kept as they are, never replaced by a new
    #: stream that could repeat faces.
    damaged_dice: str = ""

    def row(self) -> ChannelRow:
        """The row to store."""
        dice = self.damaged_dice if self.damaged else to_json(self.dice.state)
        return ChannelRow(self.name, self.locale, self.system, dice)


@dataclass
class Lobby:
    """A game being set up in a channel."""

    system: str
    gm: str
    seats: list[Seat] = field(default_factory=list[Seat])


@dataclass
class Game:
    """A running game: its setup, state and how many events are stored."""

    id: int
    system: System
    setup: object
    state: Any
    gm: str
    seats: tuple[Seat, ...]
    events: int

    def actors_of(self, user: str) -> list[str]:
        """The ids *user* plays, in the game's order: the GM plays the GM and the foes."""
        mine = [seat.id for seat in self.seats if seat.user == user and seat.role == "player"]
        if user == self.gm:
            foes = [seat.id for seat in self.seats if seat.role == "foe"]
            mine = ([self.system.gm] if self.system.gm else []) + mine + foes
        return mine

    def controller(self, actor: str) -> str:
        """The user who plays *actor*."""
        for seat in self.seats:
            if seat.id == actor and seat.role == "player":
                return seat.user
        return self.gm


def _seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([[s.user, s.id, s.role] for s in seats], ensure_ascii=False)


def _seat(value: object) -> Seat | None:
    """One stored seat, ``[user, id, role]``, or ``None`` if it is not three texts."""
    if isinstance(value, list):
        parts = cast("list[object]", value)
        if len(parts) == 3 and all(isinstance(part, str) for part in parts):
            user, id_, role = cast("list[str]", parts)
            return Seat(user, id_, role)
    return None


def _seats(text: str) -> tuple[Seat, ...]:
    """The seats stored as JSON; ``ValueError`` if the row is not a list of three texts each."""
    read: object = json.loads(text)
    if isinstance(read, list):
        seats = [_seat(value) for value in cast("list[object]", read)]
        found = [seat for seat in seats if seat is not None]
        if len(found) == len(seats):
            return tuple(found)
    raise ValueError(f"the seats are not a list of [user, id, role] texts: {text[:80]!r}")


def _detail(error: Exception, locale: str) -> str:
    if isinstance(error, TabletopRulesError | BotError):
        return error.localized(locale)
    return f"{type(error).__name__}: {error}"


class Bot:
    """The bot, over a :class:`~tabletop_bot.store.Store`.

    Building it resumes every running game from the database by verified replay; a game
    whose record is refused is set aside with its reason (:attr:`broken`), and the others
    go on.

    Args:
        store: The database.
        seed: Where new channels' dice start (a channel's seed is derived from it and the
            channel's name); ``None`` for fresh randomness.
    """

    def __init__(self, store: Store, *, seed: int | None = None) -> None:
        self.store = store
        self._seed = seed
        self.channels: dict[str, Channel] = {}
        self.lobbies: dict[str, Lobby] = {}
        self.games: dict[str, Game] = {}
        #: Channels whose running game could not be resumed: (game id, the error).
        self.broken: dict[str, tuple[int, Exception]] = {}
        #: Channels whose stored lobby could not be read, with the error; they have no lobby.
        self.damaged_lobbies: dict[str, Exception] = {}
        self._resume()

    # Restart --------------------------------------------------------------------------

    def _resume(self) -> None:
        for row in self.store.channels():
            try:
                dice = SeededDice.resume(from_json(row.dice, SeededDiceState))
                damaged = None
            except TabletopRulesError as error:
                dice, damaged = SeededDice(0), error.localized(row.locale)
            self.channels[row.channel] = Channel(
                row.channel, row.locale, row.system, dice, damaged, row.dice
            )
        for channel, system, gm, seats in self.store.lobbies():
            try:
                self.lobbies[channel] = Lobby(system, gm, list(_seats(seats)))
            except ValueError as error:
                # The channel has no lobby then; a new .battle replaces the damaged row.
                self.damaged_lobbies[channel] = error
        for game in self.store.running_games():
            try:
                self.games[game.channel] = self._replay(game)
            except (TabletopRulesError, ValueError, KeyError) as error:
                self.broken[game.channel] = (game.id, error)

    def _replay(self, row: GameRow) -> Game:
        """Rebuild a stored game by verified replay.

        Every event must be the one that legal play with its recorded dice gives; the
        first that is not raises ``CorruptRecord`` naming its index.
        """
        system = SYSTEMS[row.system]
        ruleset = system.ruleset
        setup = from_json(row.setup, ruleset.setup_type)
        events: list[Any] = []
        for index, (seq, data) in enumerate(self.store.events(row.id)):
            if seq != index:
                raise CorruptRecord(index, "this event is missing")
            try:
                events.append(from_json(data, ruleset.event_type))
            except InvalidData as error:
                raise CorruptRecord(index, error.localized(DEFAULT_LOCALE)) from error
        record = GameRecord(
            system=row.system, rules_version=row.rules_version, setup=setup, events=tuple(events)
        )
        state = engine.replay(record, ruleset)
        return Game(row.id, system, setup, state, row.gm, _seats(row.seats), len(events))

    # Messages -------------------------------------------------------------------------

    def handle(self, message: Incoming) -> list[Outgoing]:
        """The replies to *message*: none for ordinary chat."""
        channel = self._channel(message.channel)
        text = unicodedata.normalize("NFKC", message.text).strip()
        try:
            if text.startswith("."):
                return self._command(channel, message.user, text)
            return self._roll(channel, message.user, text)
        except (TabletopRulesError, BotError) as error:
            return [Public(channel.name, error.localized(channel.locale))]

    def _channel(self, name: str) -> Channel:
        channel = self.channels.get(name)
        if channel is None:
            seed = (
                secrets.randbits(64)
                if self._seed is None
                else self._seed ^ zlib.crc32(name.encode())
            )
            channel = Channel(name, DEFAULT_LOCALE, None, SeededDice(seed))
            self.store.save_channel(channel.row())
            self.channels[name] = channel
        return channel

    def _roll(self, channel: Channel, user: str, text: str) -> list[Outgoing]:
        """Parse → roll → render; an ``S`` in front of any command makes it secret."""
        command: Any = (
            notation.parse(text, system=channel.system) if channel.system else notation.parse(text)
        )
        if command is None:
            return []
        secret = bool(getattr(command, "secret", False))
        if channel.damaged:
            raise BotError("bot.damaged_dice", detail=channel.damaged)
        if isinstance(command, notation.SystemCommand):
            rendered = self._rolling(
                channel,
                lambda: command.render(command.resolve(channel.dice), channel.locale),
            )
        elif isinstance(command, notation.SystemCheck):
            rendered = self._rolling(
                channel, lambda: command.resolve(channel.dice).explain(channel.locale)
            )
        else:
            rendered = self._rolling(
                channel, lambda: command.roll(channel.dice).render(channel.locale)
            )
        if secret:
            return [
                Private(user, f"[{channel.name}] {rendered}"),
                Public(channel.name, say("bot.secret_rolled", channel.locale, user=user)),
            ]
        return [Public(channel.name, f"{user}: {rendered}")]

    def _rolling(self, channel: Channel, roll: Callable[[], str]) -> str:
        """Roll with the channel's dice and store where they are; on any error, roll nothing."""
        before = channel.dice.state
        try:
            rendered = roll()
            self.store.save_channel(channel.row())
        except BaseException:
            channel.dice = SeededDice.resume(before)
            raise
        return rendered

    # Bot commands ---------------------------------------------------------------------

    def _command(self, channel: Channel, user: str, text: str) -> list[Outgoing]:
        name, _, rest = text.partition(" ")
        name, _, first_line_rest = name.partition("\n")
        rest = f"{first_line_rest}\n{rest}".strip() if first_line_rest else rest.strip()
        handler = self._COMMANDS.get(name.lower())
        if handler is None:
            raise BotError("bot.unknown_command", command=name)
        lines = handler(self, channel, user, rest)
        return [Public(channel.name, line) for line in lines]

    def _help(self, channel: Channel, user: str, rest: str) -> list[str]:
        parts = [say("bot.help", channel.locale), notation.help_text(None, channel.locale)]
        if channel.system:
            parts.append(notation.help_text(channel.system, channel.locale))
        return ["\n\n".join(parts)]

    def _lang(self, channel: Channel, user: str, rest: str) -> list[str]:
        locale = resolve_locale(rest) if rest else ""
        if locale not in LOCALES or (
            locale == DEFAULT_LOCALE and not rest.lower().startswith("en")
        ):
            raise BotError("bot.unknown_locale", tag=rest, locales=", ".join(LOCALES))
        channel.locale = locale
        self.store.save_channel(channel.row())
        return [say("bot.locale_set", locale)]

    def _system(self, name: str) -> System:
        system = SYSTEMS.get(name.lower())
        if system is None:
            raise BotError("bot.unknown_system", system=name, systems=", ".join(SYSTEMS))
        return system

    def _set_system(self, channel: Channel, user: str, rest: str) -> list[str]:
        if rest.lower() == "none":
            channel.system = None
            self.store.save_channel(channel.row())
            return [say("bot.system_cleared", channel.locale)]
        channel.system = self._system(rest).name
        self.store.save_channel(channel.row())
        return [say("bot.system_set", channel.locale, system=channel.system)]

    def _sheet(self, channel: Channel, user: str, rest: str) -> list[str]:
        words = rest.split(None, 1)
        if not words:
            raise BotError("bot.usage", usage=".st SYSTEM SHEET")
        system = self._system(words[0])
        if len(words) == 2:
            self.store.save_character(user, system.name, system.read_sheet(words[1]))
        data = self._character(user, system)
        sheet = system.show_sheet(data, channel.locale).rstrip()
        return [say("bot.stored", channel.locale, user=user, system=system.name, sheet=sheet)]

    def _character(self, user: str, system: System) -> str:
        data = self.store.character(user, system.name)
        if data is None:
            raise BotError("bot.no_character", user=user, system=system.name)
        try:
            system.show_sheet(data, DEFAULT_LOCALE)  # reading it refuses a damaged row
        except (TabletopRulesError, ValueError) as error:
            raise BotError(
                "bot.damaged_character", user=user, system=system.name, detail=_detail(error, "en")
            ) from error
        return data

    def _check(self, channel: Channel, user: str, rest: str) -> list[str]:
        if channel.system is None:
            raise BotError("bot.no_system")
        system = SYSTEMS[channel.system]
        data = self._character(user, system)
        if channel.damaged:
            raise BotError("bot.damaged_dice", detail=channel.damaged)
        words = rest.split()
        rendered = self._rolling(
            channel, lambda: system.check(data, words, channel.dice, channel.locale)
        )
        return [f"{user}: {rendered}"]

    # Lobby ----------------------------------------------------------------------------

    def _free(self, channel: Channel) -> None:
        if channel.name in self.games:
            raise BotError("bot.busy", game=self.games[channel.name].id)
        if channel.name in self.broken:
            raise BotError("bot.busy", game=self.broken[channel.name][0])

    def _battle(self, channel: Channel, user: str, rest: str) -> list[str]:
        self._free(channel)
        open_lobby = self.lobbies.get(channel.name)
        if open_lobby is not None and open_lobby.gm != user:
            raise BotError("bot.only_gm", gm=open_lobby.gm)
        system = self._system(rest)
        self.lobbies[channel.name] = lobby = Lobby(system.name, user)
        channel.system = system.name
        self.store.save_channel(channel.row())
        self.store.save_lobby(channel.name, lobby.system, lobby.gm, _seats_json(lobby.seats))
        key = "bot.lobby_open" if system.gm else "bot.lobby_open_players"
        return [say(key, channel.locale, gm=user, system=system.name)]

    def _lobby(self, channel: Channel) -> Lobby:
        lobby = self.lobbies.get(channel.name)
        if lobby is None:
            raise BotError("bot.no_lobby")
        return lobby

    def _join(self, channel: Channel, user: str, rest: str) -> list[str]:
        lobby = self._lobby(channel)
        system = SYSTEMS[lobby.system]
        players = [seat for seat in lobby.seats if seat.role == "player"]
        if any(seat.user == user for seat in players):
            raise BotError("bot.already_seated", user=user)
        most = system.seats[1]
        if most is not None and len(players) >= most:
            raise BotError("bot.full")
        self._character(user, system)
        # The skirmish names its players a and b; other systems use the user's name.
        seat_id = "ab"[len(players)] if system.gm is None else user
        self._new_seat(lobby, Seat(user, seat_id, "player"))
        self.store.save_lobby(channel.name, lobby.system, lobby.gm, _seats_json(lobby.seats))
        return [say("bot.joined", channel.locale, user=user, id=seat_id)]

    def _new_seat(self, lobby: Lobby, seat: Seat) -> None:
        gm = SYSTEMS[lobby.system].gm
        if not seat.id or seat.id == gm or any(s.id == seat.id for s in lobby.seats):
            raise BotError("bot.bad_id", id=seat.id)
        lobby.seats.append(seat)

    def _foe(self, channel: Channel, user: str, rest: str) -> list[str]:
        lobby = self._lobby(channel)
        system = SYSTEMS[lobby.system]
        if system.gm is None:
            raise BotError("bot.no_gm_here", system=system.name)
        if user != lobby.gm:
            raise BotError("bot.only_gm", gm=lobby.gm)
        if not rest or " " in rest:
            raise BotError("bot.usage", usage=".foe ID")
        self._new_seat(lobby, Seat(user, rest, "foe"))
        self.store.save_lobby(channel.name, lobby.system, lobby.gm, _seats_json(lobby.seats))
        has_own = self.store.character(user, system.name) is not None
        template = user if has_own else say("bot.example_sheet", channel.locale)
        return [say("bot.foe_added", channel.locale, id=rest, template=template)]

    def _fight(self, channel: Channel, user: str, rest: str) -> list[str]:
        lobby = self._lobby(channel)
        system = SYSTEMS[lobby.system]
        if user != lobby.gm:
            raise BotError("bot.only_gm", gm=lobby.gm)
        players = [seat for seat in lobby.seats if seat.role == "player"]
        if len(players) < system.seats[0]:
            raise BotError("bot.not_enough", system=system.name, count=system.seats[0])
        sheets: dict[str, str] = {}
        for seat in lobby.seats:
            stored = self.store.character(seat.user, system.name)
            # A foe is a copy of the GM's own character, or of the system's example.
            sheets[seat.id] = (
                self._character(seat.user, system)
                if seat.role == "player" or stored is not None
                else system.read_sheet("example")
            )
        setup = system.setup(lobby.seats, sheets)
        state = system.ruleset.start(setup)
        row = GameRow(
            0,
            channel.name,
            system.name,
            system.ruleset.rules_version,
            to_json(setup),
            lobby.gm,
            _seats_json(lobby.seats),
        )
        game_id = self.store.start_game(row)
        del self.lobbies[channel.name]
        game = Game(game_id, system, setup, state, lobby.gm, tuple(lobby.seats), 0)
        self.games[channel.name] = game
        return [
            say("bot.started", channel.locale, game=game_id, system=system.name),
            self._next(game, channel.locale),
        ]

    # Playing --------------------------------------------------------------------------

    def _game(self, channel: Channel) -> Game:
        if channel.name in self.broken:
            game_id, error = self.broken[channel.name]
            raise BotError("bot.broken", game=game_id, detail=_detail(error, channel.locale))
        game = self.games.get(channel.name)
        if game is None:
            raise BotError("bot.no_game")
        return game

    def _choices(self, game: Game, user: str) -> list[object]:
        ruleset = game.system.ruleset
        return [
            command
            for actor in game.actors_of(user)
            for command in ruleset.legal_commands(game.state, actor=actor)
        ]

    def _next(self, game: Game, locale: str) -> str:
        actors = game.system.ruleset.to_act(game.state)
        shown = ", ".join(f"{actor} ({game.controller(actor)})" for actor in actors)
        return say("bot.to_act", locale, actors=shown)

    def _menu(self, channel: Channel, user: str, rest: str) -> list[str]:
        game = self._game(channel)
        choices = self._choices(game, user)
        if not choices:
            waiting = ", ".join(game.system.ruleset.to_act(game.state))
            return [say("bot.menu_empty", channel.locale, user=user, waiting=waiting)]
        lines = [say("bot.menu_head", channel.locale, user=user)]
        lines += [
            f"{number}. {game.system.label(command, channel.locale, game.state)}"
            for number, command in enumerate(choices, 1)
        ]
        return ["\n".join(lines)]

    def _do(self, channel: Channel, user: str, rest: str) -> list[str]:
        game = self._game(channel)
        if channel.damaged:
            raise BotError("bot.damaged_dice", detail=channel.damaged)
        choices = self._choices(game, user)
        if not choices:
            waiting = ", ".join(game.system.ruleset.to_act(game.state))
            raise BotError("bot.menu_empty", user=user, waiting=waiting)
        try:
            command = choices[int(rest) - 1]
            if int(rest) < 1:
                raise IndexError
        except (ValueError, IndexError):
            raise BotError("bot.bad_choice", count=len(choices)) from None
        return self._play(channel, game, command)

    def _play(self, channel: Channel, game: Game, command: object) -> list[str]:
        """Play *command* with the channel's dice, and store it.

        The events and the dice state after them go into one transaction; only once it
        is committed does the game in memory move on.
        """
        ruleset = game.system.ruleset
        before = channel.dice.state
        try:
            state, events = engine.step(ruleset, game.state, command, channel.dice)
            over = ruleset.is_over(state) and not ruleset.legal_commands(state)
            self.store.append_events(
                game.id,
                game.events,
                [to_json(event) for event in events],
                channel=channel.name,
                dice=to_json(channel.dice.state),
                over=over,
            )
        except BaseException:
            channel.dice = SeededDice.resume(before)  # refused or not stored: nothing rolled
            raise
        game.state, game.events = state, game.events + len(events)
        lines = [game.system.describe(event, channel.locale, state) for event in events]
        if over:
            del self.games[channel.name]
            result = ruleset.outcome(state)
            if result is None or result.draw:
                lines.append(say("bot.over_draw", channel.locale))
            else:
                lines.append(say("bot.over", channel.locale, winners=", ".join(result.winners)))
        else:
            lines.append(self._next(game, channel.locale))
        return ["\n".join(lines)]

    def _end(self, channel: Channel, user: str, rest: str) -> list[str]:
        if channel.name in self.broken:
            game_id = self.broken[channel.name][0]
            gm = self._broken_gm(game_id)
            if user != gm:
                raise BotError("bot.only_gm", gm=gm)
            del self.broken[channel.name]
        else:
            game = self._game(channel)
            if user != game.gm:
                raise BotError("bot.only_gm", gm=game.gm)
            game_id = game.id
            del self.games[channel.name]
        self.store.end_game(game_id)
        return [say("bot.ended", channel.locale, game=game_id)]

    def _broken_gm(self, game_id: int) -> str:
        for row in self.store.running_games():
            if row.id == game_id:
                return row.gm
        return ""

    _COMMANDS: ClassVar[Mapping[str, Callable[..., list[str]]]] = {
        ".help": _help,
        ".lang": _lang,
        ".system": _set_system,
        ".st": _sheet,
        ".check": _check,
        ".battle": _battle,
        ".join": _join,
        ".foe": _foe,
        ".fight": _fight,
        ".menu": _menu,
        ".do": _do,
        ".end": _end,
    }
