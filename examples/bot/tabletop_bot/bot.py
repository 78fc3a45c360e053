"""The chat bot: one message in, replies out; the database keeps everything else.

:meth:`Bot.handle` is the whole bot. It offers a message to the channel's tables and decks
first (a table's name, ``.draw``, ``.ra``: :mod:`tabletop_bot.tables`), then reads it as a
bot command (``.st``, ``.battle``, ``.do``, ``.table``, ...) or hands it to the dice
notation (parse → roll → render), and
returns :class:`~tabletop_bot.transport.Public` and :class:`~tabletop_bot.transport.Private`
replies. Every change is stored before the reply is returned, so a reply that was sent is
never lost by a crash.

A damaged row (a value of the wrong type, an unknown name, JSON that does not read, rows
that contradict each other) is refused in the channel it belongs to, with a message that
says what is wrong, and every other channel goes on. The bot never rewrites a damaged
value except with one a user sets anew (``.lang``, ``.system``, ``.battle``, ``.st``).
"""

from __future__ import annotations

import json
import re
import secrets
import unicodedata
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar, cast

from tabletop_bot.messages import BotError, Reason, Term, quote, reason_of, say
from tabletop_bot.store import (
    ChannelRow,
    GameRow,
    Key,
    LibraryRow,
    LobbyRow,
    NoGameId,
    Store,
    Unreadable,
)
from tabletop_bot.systems import (
    SYSTEMS,
    Seat,
    System,
    check,
    export,
    kind,
    read_sheet,
    setup,
    show_sheet,
)
from tabletop_bot.tables import FORMATS, Loaded, read_pasted
from tabletop_bot.transport import Incoming, Outgoing, Private, Public
from tabletop_rules import engine, from_json, notation, to_json
from tabletop_rules.dice import SeededDice, SeededDiceState
from tabletop_rules.engine import Entry, GameRecord
from tabletop_rules.errors import CorruptRecord, InvalidData, TabletopRulesError
from tabletop_rules.i18n import DEFAULT_LOCALE, LOCALES, resolve_locale
from tabletop_rules.sessionlog import Markup, SessionLog
from tabletop_rules.tables import DeckDraw, TableRoll

__all__ = ["Bot"]

#: The longest id ``.foe`` gives a foe.
MAX_ID = 32

#: The columns of a channel's row, in the order their damage is told.
_CHANNEL_COLUMNS = ("channel", "locale", "system", "dice")

#: What a damaged column of a channel's row refuses, and with which message.
_DAMAGED_CHANNEL = {
    "channel": "bot.damaged_channel",
    "locale": "bot.damaged_locale",
    "system": "bot.damaged_system",
    "dice": "bot.damaged_dice",
}


@dataclass
class Channel:
    """A channel's settings and dice, in memory."""

    name: str
    locale: str
    system: str | None
    dice: SeededDice
    #: The columns of its stored row that cannot be used, with why: ``channel`` (the row
    #: itself: its key, or no row at all), ``locale``, ``system`` or ``dice``. A damaged
    #: column is never written but by a command that sets it anew.
    damage: dict[str, Reason] = field(default_factory=dict[str, Reason])

    def refuse(self, columns: Iterable[str]) -> None:
        """Raise the refusal of the first damaged one of *columns*, if any."""
        for column in _CHANNEL_COLUMNS:
            if column in columns and column in self.damage:
                raise BotError(_DAMAGED_CHANNEL[column], detail=self.damage[column])


@dataclass
class Lobby:
    """A game being set up in a channel."""

    system: str
    gm: str
    seats: list[Seat] = field(default_factory=list[Seat])


@dataclass
class Game:
    """A running game: its record (every entry of it is stored) and its state."""

    id: int
    system: System
    record: GameRecord[Any, Any, Any]
    state: Any
    gm: str
    seats: tuple[Seat, ...]

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


def _seats(text: str, system: System, gm: str) -> tuple[Seat, ...]:
    """The seats stored as JSON, checked against each other and the system's rules.

    Raises:
        BotError: They are not a list of three texts each, or they are not seats the
            lobby gives (``bot.reason.seats_contradict``).
    """
    try:
        read: object = json.loads(text)
    except ValueError:
        raise BotError("bot.reason.seats_shape") from None
    values = cast("list[object]", read) if isinstance(read, list) else [None]
    seats = [_seat(value) for value in values]
    found = tuple(seat for seat in seats if seat is not None)
    if len(found) != len(seats):
        raise BotError("bot.reason.seats_shape")
    problem = _seat_problem(found, system, gm)
    if problem:
        raise BotError("bot.reason.seats_contradict", problem=BotError(problem))
    return found


def _seat_problem(seats: Sequence[Seat], system: System, gm: str) -> str:
    """The key of the first thing in *seats* no lobby of *system* run by *gm* gives, or ``""``."""
    players = [seat for seat in seats if seat.role == "player"]
    ids = [seat.id for seat in seats]
    most = system.seats[1]
    problems = {
        "role": any(seat.role not in ("player", "foe") for seat in seats),
        "id": len(set(ids)) != len(ids) or any(not id_ or id_ == system.gm for id_ in ids),
        "player": len({seat.user for seat in players}) != len(players)
        or (most is not None and len(players) > most)
        or any(
            seat.id != (seat.user if system.gm else "ab"[index])
            for index, seat in enumerate(players)
        ),
        "foe": any(seat.role == "foe" and (seat.user != gm or not system.gm) for seat in seats),
    }
    return next((f"bot.seat_problem.{name}" for name, bad in problems.items() if bad), "")


def _damage(value: Unreadable) -> BotError:
    """The refusal of a stored value of the wrong type."""
    return BotError("bot.reason.type", column=value.column, found=value.found, wanted=value.wanted)


def _column(value: str | Unreadable) -> str:
    """A stored text that must be readable here; ``BotError`` if it is not."""
    if isinstance(value, Unreadable):
        raise _damage(value)
    return value


def _known_system(value: str | Unreadable) -> System:
    """The system a row names; ``BotError`` if it is unreadable or names none."""
    name = _column(value)
    system = SYSTEMS.get(name)
    if system is None:
        raise BotError("bot.reason.unknown_system", system=name)
    return system


def _names(names: Sequence[str]) -> str:
    """Names as a reply lists them: each quoted, at most ``_MOST_NAMES`` of them."""
    shown = ", ".join(quote(name) for name in names[:_MOST_NAMES])
    return shown + (", …" if len(names) > _MOST_NAMES else "")


#: How ``.table`` is written.
_TABLE_USAGE = (
    ".table | .table add [bcdice|dice|hktrpg] | .table remove NAME | .table shuffle NAME"
    " | .table clear"
)
#: How ``.table add`` is written.
_TABLE_ADD = ".table add [bcdice|dice|hktrpg], then the table on the next lines"


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


#: The most words ``.do`` reads: no menu label has as many, so more name no item (and the
#: work of matching stays bounded, whatever is typed).
_MOST_WORDS = 32

#: The most menu items an answer to ambiguous words lists.
_MOST_LISTED = 5

#: The markups ``.log`` writes, by name.
_MARKUPS = frozenset(markup.value for markup in Markup)

#: A draw from a deck (Dice!'s ``.draw``, ``.drawh``, HKTRPG's ``.ra``, ``.rra``).
_DRAWS = re.compile(r"[.。](?:drawh?|r?ra[0-9]*)(?:\s|$)", re.IGNORECASE)

#: The most names a reply lists.
_MOST_NAMES = 10

#: The most tables and decks ``.table`` lists.
_MOST_LINES = 30


class _Keyed(Protocol):
    @property
    def channel(self) -> Key: ...


KeyedT = TypeVar("KeyedT", bound=_Keyed)


def _good_first(rows: Iterable[KeyedT]) -> list[KeyedT]:
    """Rows whose key is stored as it should be first: a damaged key yields to a good one."""
    return sorted(rows, key=lambda row: row.channel.damage is not None)


class Bot:
    """The bot, over a :class:`~tabletop_bot.store.Store`.

    Building it resumes every running game from the database by verified replay; a game
    whose record is refused is set aside with its reason (:attr:`broken`), a lobby that
    does not read too (:attr:`damaged_lobbies`), and a channel whose row is damaged
    refuses what needs the damaged column (:attr:`Channel.damage`); the others go on.

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
        #: Channels whose running game could not be resumed: (game id, why).
        self.broken: dict[str, tuple[int, Reason]] = {}
        #: Channels whose stored lobby could not be used, with why; they have no lobby.
        self.damaged_lobbies: dict[str, Reason] = {}
        #: Each channel's tables and decks (``.table add``), with what is left of its decks.
        self.libraries: dict[str, Loaded] = {}
        #: Channels whose stored tables and decks could not be read, with why.
        self.damaged_libraries: dict[str, Reason] = {}
        #: Rows left as they are and not used, in words, for the operator: a row whose key
        #: is damaged, beside the good row of the same channel.
        self.set_aside: list[str] = []
        self._resume()

    # Restart --------------------------------------------------------------------------

    def _resume(self) -> None:
        for row in _good_first(self.store.channels()):
            if row.channel.name in self.channels:
                self.set_aside.append(f"a second channels row for #{row.channel.name}")
            else:
                self.channels[row.channel.name] = self._read_channel(row)
        for game in _good_first(self.store.running_games()):
            name = game.channel.name
            if name in self.games or name in self.broken:
                self.set_aside.append(f"game #{game.id}, a second running game in #{name}")
                continue
            try:
                self.games[name] = self._replay(game)
            except Exception as error:
                self.broken[name] = (game.id, reason_of(error))
        for lobby in _good_first(self.store.lobbies()):
            name = lobby.channel.name
            if name in self.lobbies or name in self.damaged_lobbies:
                self.set_aside.append(f"a second lobbies row for #{name}")
                continue
            try:
                self.lobbies[name] = self._read_lobby(lobby)
            except BotError as error:
                # The channel has no lobby then; a new .battle replaces the damaged row.
                self.damaged_lobbies[name] = error
        for library in _good_first(self.store.libraries()):
            name = library.channel.name
            if name in self.libraries or name in self.damaged_libraries:
                self.set_aside.append(f"a second libraries row for #{name}")
                continue
            try:
                self.libraries[name] = self._read_library(library)
            except Exception as error:
                # The channel has no tables then, until .table clear unloads the row.
                self.damaged_libraries[name] = reason_of(error)
        for name in [*self.games, *self.broken, *self.lobbies, *self.damaged_lobbies]:
            if name not in self.channels:
                # Its dice are gone: a new stream could repeat faces its game has used.
                channel = Channel(name, DEFAULT_LOCALE, None, SeededDice(0))
                channel.damage["channel"] = BotError("bot.reason.no_row")
                self.channels[name] = channel

    def _read_channel(self, row: ChannelRow) -> Channel:
        """A stored channel, with each column that cannot be used named in its damage."""
        damage: dict[str, Reason] = {}
        if row.channel.damage:
            damage["channel"] = _damage(row.channel.damage)
        locale = DEFAULT_LOCALE
        try:
            locale = _column(row.locale)
            if locale not in LOCALES:
                raise BotError("bot.reason.unknown_locale", tag=locale)
        except BotError as error:
            locale, damage["locale"] = DEFAULT_LOCALE, error
        system: str | None = None
        try:
            system = None if row.system is None else _known_system(row.system).name
        except BotError as error:
            damage["system"] = error
        dice = SeededDice(0)  # never rolled while the stored dice are damaged
        try:
            dice = SeededDice.resume(from_json(_column(row.dice), SeededDiceState))
        except Exception as error:
            damage["dice"] = reason_of(error)
        return Channel(row.channel.name, locale, system, dice, damage)

    def _read_library(self, row: LibraryRow) -> Loaded:
        """A channel's stored tables and decks; an error naming what is wrong if unreadable."""
        if row.channel.damage:
            raise _damage(row.channel.damage)
        return Loaded.read(_column(row.tables), _column(row.decks), _column(row.states))

    def _read_lobby(self, row: LobbyRow) -> Lobby:
        """A stored lobby; ``BotError`` naming what is wrong if it cannot be used."""
        if row.channel.damage:
            raise _damage(row.channel.damage)
        system = _known_system(row.system)
        gm = _column(row.gm)
        running = self.games.get(row.channel.name) or self.broken.get(row.channel.name)
        if running is not None:
            game = running.id if isinstance(running, Game) else running[0]
            raise BotError("bot.reason.beside_game", game=game)
        return Lobby(system.name, gm, list(_seats(_column(row.seats), system, gm)))

    def _replay(self, row: GameRow) -> Game:
        """Rebuild a stored game by verified replay.

        Every entry must be one that legal play with its recorded faces gives; the first
        that is not raises ``CorruptRecord`` naming its index.
        """
        if row.channel.damage:
            raise _damage(row.channel.damage)
        if isinstance(row.over, Unreadable):
            raise _damage(row.over)
        if row.over != 0:
            raise BotError("bot.reason.over", found=row.over)
        system = _known_system(row.system)
        gm = _column(row.gm)
        seats = _seats(_column(row.seats), system, gm)
        record = self._record(row, system)
        state = engine.replay(record, system.ruleset)
        return Game(row.id, system, record, state, gm, seats)

    def _record(self, row: GameRow, system: System) -> GameRecord[Any, Any, Any]:
        """A stored game's record, every entry read; ``CorruptRecord`` at the first that is not."""
        ruleset = system.ruleset
        setup_ = from_json(_column(row.setup), ruleset.setup_type)
        entry_type = cast("Any", Entry)[ruleset.command_type, ruleset.event_type]
        entries: list[Entry[Any, Any]] = []
        for index, (seq, data) in enumerate(self.store.entries(row.id)):
            if seq != index:
                raise CorruptRecord(index, "this entry is missing")
            try:
                entries.append(from_json(_column(data), entry_type))
            except (InvalidData, BotError) as error:
                raise CorruptRecord(index, error.localized(DEFAULT_LOCALE)) from error
        if isinstance(row.length, Unreadable):
            raise _damage(row.length)
        if row.length != len(entries):
            raise BotError("bot.reason.length", length=row.length, found=len(entries))
        return GameRecord(
            system=system.name,
            rules_version=_column(row.rules_version),
            setup=setup_,
            entries=tuple(entries),
        )

    # Messages -------------------------------------------------------------------------

    def handle(self, message: Incoming) -> list[Outgoing]:
        """The replies to *message*: none for ordinary chat.

        Everything the message changes is stored in one transaction before the replies
        are returned, so a crash stores all of it or none. A refusal is a reply; any other
        error is raised with nothing stored, and the bot should then be built again from
        the database (a process that lets it end does so when it restarts).
        """
        with self.store.transaction():
            channel = self._channel(message.channel)
            text = unicodedata.normalize("NFKC", message.text).strip()
            try:
                # The channel's tables and decks read a message first, then the bot.
                drawn = self._from_tables(channel, message.user, text)
                if drawn is not None:
                    return drawn
                if text.startswith("."):
                    return self._command(channel, message.user, text, message.text)
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
            self.store.new_channel(name, channel.locale, to_json(channel.dice.state))
            self.channels[name] = channel
        return channel

    def _roll(self, channel: Channel, user: str, text: str) -> list[Outgoing]:
        """Parse → roll → render; an ``S`` in front of any command makes it secret."""
        if "system" in channel.damage:
            return self._refuse_commands(channel, text)
        command: Any = (
            notation.parse(text, system=channel.system) if channel.system else notation.parse(text)
        )
        if command is None:
            return []
        channel.refuse(_CHANNEL_COLUMNS)
        secret = bool(getattr(command, "secret", False))
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
        return self._rolled(channel, user, rendered, secret=secret)

    def _rolled(
        self, channel: Channel, user: str, rendered: str, *, secret: bool
    ) -> list[Outgoing]:
        """The replies to a roll: in the channel, or, secret, to the roller and the GM."""
        if secret:
            shown = f"[{quote(channel.name)}] {rendered}"
            # The channel's GM sees every secret roll too (as at a table, behind the screen).
            gm = self._gm_of(channel)
            seen_by_gm = (
                [] if gm is None or gm == user else [Private(gm, f"{quote(user)}: {shown}")]
            )
            return [
                Private(user, shown),
                *seen_by_gm,
                Public(channel.name, say("bot.secret_rolled", channel.locale, user=user)),
            ]
        return [Public(channel.name, f"{quote(user)}: {rendered}")]

    def _from_tables(self, channel: Channel, user: str, text: str) -> list[Outgoing] | None:
        """A table's name, ``.draw`` or ``.ra``, rolled; ``None`` if the tables read no such text.

        A draw without replacement goes on from what is left of its deck, and stores what
        is left after it with the dice, in the message's transaction.
        """
        damage = self.damaged_libraries.get(channel.name)
        loaded = self.libraries.get(channel.name)
        if damage is not None or loaded is None or not loaded.decks.decks:
            if _DRAWS.match(text):
                channel.refuse(("channel", "locale"))
                if damage is not None:
                    raise BotError("bot.damaged_tables", detail=damage)
                raise BotError("bot.tables.no_decks")
            if damage is not None or loaded is None:
                return None
        command = loaded.library.parse(text)
        if command is None:
            return None
        channel.refuse(("channel", "locale", "dice"))
        before = channel.dice.state
        try:
            rendered, after = self._table_roll(loaded, command, channel.dice, channel.locale)
            if after is loaded:
                self.store.save_dice(channel.name, to_json(channel.dice.state))
            else:
                self.store.save_states(
                    channel.name, after.states_json(), dice=to_json(channel.dice.state)
                )
        except BaseException:
            channel.dice = SeededDice.resume(before)  # refused or not stored: nothing rolled
            raise
        self.libraries[channel.name] = after
        return self._rolled(channel, user, rendered, secret=command.secret)

    @staticmethod
    def _table_roll(
        loaded: Loaded, command: TableRoll | DeckDraw, dice: SeededDice, locale: str
    ) -> tuple[str, Loaded]:
        """Roll a table or draw from a deck: the text, and the tables after it."""
        if isinstance(command, TableRoll):
            return command.roll(dice).render(locale), loaded
        result = command.roll(dice, state=loaded.states.get(command.deck))
        after = loaded if result.state is None else loaded.drawn(result.state)
        return result.render(locale), after

    def _gm_of(self, channel: Channel) -> str | None:
        """The GM of the channel's running game, or of the game being set up; ``None``."""
        game = self.games.get(channel.name)
        if game is not None:
            return game.gm
        lobby = self.lobbies.get(channel.name)
        return None if lobby is None else lobby.gm

    def _refuse_commands(self, channel: Channel, text: str) -> list[Outgoing]:
        """In a channel whose system cannot be read: chat stays chat, a command is refused.

        A command is what the common language, or any system's, reads as one.
        """
        for system in (None, *SYSTEMS):
            try:
                if notation.parse(text, system=system) is None:
                    continue
            except TabletopRulesError:
                pass
            channel.refuse(_CHANNEL_COLUMNS)
        return []

    def _rolling(self, channel: Channel, roll: Callable[[], str]) -> str:
        """Roll with the channel's dice and store where they are; on any error, roll nothing."""
        before = channel.dice.state
        try:
            rendered = roll()
            self.store.save_dice(channel.name, to_json(channel.dice.state))
        except BaseException:
            channel.dice = SeededDice.resume(before)
            raise
        return rendered

    # Bot commands ---------------------------------------------------------------------

    def _command(self, channel: Channel, user: str, text: str, raw: str) -> list[Outgoing]:
        """A bot command; *raw* is the message as written (``.table add`` keeps its lines)."""
        name, _, rest = text.partition(" ")
        name, _, first_line_rest = name.partition("\n")
        rest = f"{first_line_rest}\n{rest}".strip() if first_line_rest else rest.strip()
        handler = self._COMMANDS.get(name.lower())
        channel.refuse(self._READS.get(name.lower(), ("channel", "locale")))
        if handler is None:
            raise BotError("bot.unknown_command", command=name)
        if handler is Bot._table:
            # The words of the first line, normalized; the text pasted after it, as written.
            lines = self._table(
                channel, user, text.partition("\n")[0], raw.strip().partition("\n")[2]
            )
        else:
            lines = handler(self, channel, user, rest)
        return [Public(channel.name, line) for line in lines]

    def _help(self, channel: Channel, user: str, rest: str) -> list[str]:
        parts = [say("bot.help", channel.locale), notation.help_text(None, channel.locale)]
        if channel.system:
            parts.append(notation.help_text(channel.system, channel.locale))
        return ["\n\n".join(parts)]

    def _lang(self, channel: Channel, user: str, rest: str) -> list[str]:
        if not rest:
            if "locale" in channel.damage:
                channel.refuse(("locale",))
            locales = ", ".join(LOCALES)
            return [
                say("bot.locale_current", channel.locale, locale=channel.locale, locales=locales)
            ]
        locale = resolve_locale(rest)
        if locale not in LOCALES or (
            locale == DEFAULT_LOCALE and not rest.lower().startswith("en")
        ):
            raise BotError("bot.unknown_locale", tag=rest, locales=", ".join(LOCALES))
        self.store.save_locale(channel.name, locale)
        channel.locale = locale
        channel.damage.pop("locale", None)
        return [say("bot.locale_set", locale)]

    def _system(self, name: str) -> System:
        system = SYSTEMS.get(name.lower())
        if system is None:
            raise BotError("bot.unknown_system", system=name, systems=", ".join(SYSTEMS))
        return system

    def _choose_system(self, channel: Channel, system: str | None) -> None:
        """Store the channel's system (which mends a damaged one)."""
        self.store.save_system(channel.name, system)
        channel.system = system
        channel.damage.pop("system", None)

    def _set_system(self, channel: Channel, user: str, rest: str) -> list[str]:
        if rest.lower() == "none":
            self._choose_system(channel, None)
            return [say("bot.system_cleared", channel.locale)]
        self._choose_system(channel, self._system(rest).name)
        return [say("bot.system_set", channel.locale, system=channel.system)]

    def _sheet(self, channel: Channel, user: str, rest: str) -> list[str]:
        words = rest.split(None, 1)
        if not words:
            raise BotError("bot.usage", usage=".st SYSTEM SHEET")
        system = self._system(words[0])
        if len(words) == 2:
            self.store.save_character(user, system.name, read_sheet(system, words[1]))
        data = self._character(user, system)
        sheet = show_sheet(system, data, channel.locale).rstrip()
        what = Term(kind(system))
        return [
            say("bot.stored", channel.locale, user=user, system=system.name, kind=what, sheet=sheet)
        ]

    def _character(self, user: str, system: System) -> str:
        """A user's stored character of *system*, refused if it cannot be read."""
        data = self.store.character(user, system.name)
        if data is None:
            raise BotError(
                "bot.no_character", user=user, system=system.name, kind=Term(kind(system))
            )
        try:
            # Reading it (and writing it as a sheet) refuses a damaged row.
            show_sheet(system, _column(data), DEFAULT_LOCALE)
        except Exception as error:
            raise BotError(
                "bot.damaged_character", user=user, system=system.name, detail=reason_of(error)
            ) from error
        return _column(data)

    def _export(self, channel: Channel, user: str, rest: str) -> list[str]:
        """``.export [SYSTEM]``: the stored character as CCFOLIA's clipboard JSON."""
        name = rest.strip() or channel.system
        if not name:
            raise BotError("bot.usage", usage=".export SYSTEM")
        system = self._system(name)
        data = self._character(user, system)
        head = say("bot.exported", channel.locale, user=user, system=system.name)
        return [f"{head}\n{piece}" for piece in export(system, data, channel.locale)]

    def _check(self, channel: Channel, user: str, rest: str) -> list[str]:
        if channel.system is None:
            raise BotError("bot.no_system")
        system = SYSTEMS[channel.system]
        data = self._character(user, system)
        # A word longer than any name is quoted shortened, as every reply quotes a user.
        words = [quote(word) for word in rest.split()]
        rendered = self._rolling(
            channel, lambda: check(system, data, words, channel.dice, channel.locale)
        )
        return [f"{quote(user)}: {rendered}"]

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
        lobby = Lobby(system.name, user)
        self._choose_system(channel, system.name)
        self.store.save_lobby(channel.name, lobby.system, lobby.gm, _seats_json(lobby.seats))
        self.lobbies[channel.name] = lobby
        self.damaged_lobbies.pop(channel.name, None)
        key = "bot.lobby_open" if system.gm else "bot.lobby_open_players"
        return [say(key, channel.locale, gm=user, system=system.name)]

    def _lobby(self, channel: Channel) -> Lobby:
        lobby = self.lobbies.get(channel.name)
        if lobby is None:
            damage = self.damaged_lobbies.get(channel.name)
            if damage is not None:
                raise BotError("bot.damaged_lobby", detail=damage)
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
        if (
            not seat.id
            or len(seat.id) > MAX_ID
            or seat.id == gm
            or any(s.id == seat.id for s in lobby.seats)
        ):
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
        self._free(channel)
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
                else read_sheet(system, "example")
            )
        ruleset = system.ruleset
        channel.refuse(("dice",))
        before = channel.dice.state
        try:
            # The steps the rules take before anyone acts roll with the channel's dice.
            state, record = engine.begin(ruleset, setup(system, lobby.seats, sheets), channel.dice)
            game_id = self.store.start_game(
                channel=channel.name,
                system=system.name,
                rules_version=ruleset.rules_version,
                setup=to_json(record.setup),
                gm=lobby.gm,
                seats=_seats_json(lobby.seats),
            )
            if record.entries:
                (opening,) = record.entries
                self.store.append_entry(
                    game_id,
                    0,
                    to_json(opening),
                    channel=channel.name,
                    dice=to_json(channel.dice.state),
                    over=False,
                )
        except NoGameId:
            channel.dice = SeededDice.resume(before)
            raise BotError("bot.no_game_id") from None
        except BaseException:
            channel.dice = SeededDice.resume(before)
            raise
        del self.lobbies[channel.name]
        game = Game(game_id, system, record, state, lobby.gm, tuple(lobby.seats))
        self.games[channel.name] = game
        opened = [self._lines(game, entry, channel.locale) for entry in record.entries]
        return [
            say("bot.started", channel.locale, game=game_id, system=system.name),
            "\n".join([*opened, self._next(game, channel.locale)]),
        ]

    # Playing --------------------------------------------------------------------------

    def _game(self, channel: Channel) -> Game:
        if channel.name in self.broken:
            game_id, error = self.broken[channel.name]
            raise BotError("bot.broken", game=game_id, detail=error)
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
        shown = ", ".join(f"{quote(actor)} ({quote(game.controller(actor))})" for actor in actors)
        return say("bot.to_act", locale, actors=shown)

    def _menu(self, channel: Channel, user: str, rest: str) -> list[str]:
        game = self._game(channel)
        choices = self._choices(game, user)
        if not choices:
            waiting = ", ".join(quote(actor) for actor in game.system.ruleset.to_act(game.state))
            return [say("bot.menu_empty", channel.locale, user=user, waiting=waiting)]
        lines = [say("bot.menu_head", channel.locale, user=user)]
        lines += [
            f"{number}. {label}"
            for number, label in enumerate(self._labels(game, choices, channel.locale), 1)
        ]
        return ["\n".join(lines)]

    def _labels(self, game: Game, choices: Sequence[object], locale: str) -> list[str]:
        label = game.system.command_label
        return [label(command, locale, state=game.state) for command in choices]

    def _do(self, channel: Channel, user: str, rest: str) -> list[str]:
        game = self._game(channel)
        choices = self._choices(game, user)
        if not choices:
            waiting = ", ".join(quote(actor) for actor in game.system.ruleset.to_act(game.state))
            raise BotError("bot.menu_empty", user=user, waiting=waiting)
        return self._play(channel, game, self._chosen(game, choices, rest, channel.locale))

    def _chosen(self, game: Game, choices: Sequence[object], rest: str, locale: str) -> object:
        """The menu item *rest* names: by its number, or by words of its label.

        Words name the one item whose label (in the channel's language, or in any other)
        holds every one of them; an item whose label is exactly the words wins over others.
        """
        if rest.isdigit():
            number = int(rest)
            if not 1 <= number <= len(choices):
                raise BotError("bot.bad_choice", count=len(choices))
            return choices[number - 1]
        words = _norm(rest).split()
        if not words:
            raise BotError("bot.bad_choice", count=len(choices))
        if len(words) > _MOST_WORDS:  # more words than any label has: none holds them all
            raise BotError("bot.no_such_choice", words=rest)
        labels = {
            other: [_norm(label) for label in self._labels(game, choices, other)]
            for other in (locale, *LOCALES)
        }
        found = [
            index
            for index in range(len(choices))
            if any(all(word in text[index] for word in words) for text in labels.values())
        ]
        exact = [i for i in found if any(" ".join(words) == text[i] for text in labels.values())]
        if len(exact) == 1 or len(found) == 1:
            return choices[(exact or found)[0]]
        shown = self._labels(game, choices, locale)
        if not found:
            raise BotError("bot.no_such_choice", words=rest)
        several = "\n".join(f"{index + 1}. {shown[index]}" for index in found[:_MOST_LISTED])
        if len(found) > _MOST_LISTED:
            several += "\n…"
        raise BotError("bot.several_choices", words=rest, choices=several)

    def _play(self, channel: Channel, game: Game, command: object) -> list[str]:
        """Play *command* with the channel's dice, and store its entry.

        The entry and the dice state after it go into one transaction; only once it
        is committed does the game in memory move on.
        """
        ruleset = game.system.ruleset
        channel.refuse(("dice",))
        before = channel.dice.state
        try:
            state, entry = engine.step(ruleset, game.state, command, channel.dice)
            over = ruleset.is_over(state) and not ruleset.legal_commands(state)
            self.store.append_entry(
                game.id,
                len(game.record.entries),
                to_json(entry),
                channel=channel.name,
                dice=to_json(channel.dice.state),
                over=over,
            )
        except BaseException:
            channel.dice = SeededDice.resume(before)  # refused or not stored: nothing rolled
            raise
        game.state, game.record = state, game.record.append(entry)
        lines = [self._lines(game, entry, channel.locale)]
        if over:
            del self.games[channel.name]
            lines.append(self._result(game, channel.locale))
            lines.append(say("bot.log_offered", channel.locale))
        else:
            lines.append(self._next(game, channel.locale))
        return ["\n".join(lines)]

    def _lines(self, game: Game, entry: Entry[Any, Any], locale: str) -> str:
        describe = game.system.describe
        return "\n".join(describe(event, locale, state=game.state) for event in entry.events)

    def _result(self, game: Game, locale: str) -> str:
        """How the game ended (or that it ended with no result), in *locale*."""
        result = game.system.ruleset.outcome(game.state)
        if result is None:
            return say("bot.over_unfinished", locale)
        if result.draw:
            return say("bot.over_draw", locale)
        winners = ", ".join(quote(winner) for winner in result.winners)
        return say("bot.over", locale, winners=winners)

    def _end(self, channel: Channel, user: str, rest: str) -> list[str]:
        if channel.name in self.broken:
            game_id = self.broken[channel.name][0]
            gm = self._broken_gm(game_id)
            if gm is not None and user != gm:
                raise BotError("bot.only_gm", gm=gm)
            del self.broken[channel.name]
            self.store.end_game(game_id)
            return [say("bot.ended", channel.locale, game=game_id)]
        game = self._game(channel)
        if user != game.gm:
            raise BotError("bot.only_gm", gm=game.gm)
        del self.games[channel.name]
        self.store.end_game(game.id)
        lines = [
            say("bot.ended", channel.locale, game=game.id),
            self._result(game, channel.locale),
            say("bot.log_offered", channel.locale),
        ]
        return ["\n".join(lines)]

    def _undo(self, channel: Channel, user: str, rest: str) -> list[str]:
        """``.undo [N]``: the GM takes back the last N commands (1 if not given)."""
        game = self._game(channel)
        if user != game.gm:
            raise BotError("bot.only_gm", gm=game.gm)
        if rest and not rest.isdigit():
            raise BotError("bot.usage", usage=".undo [N]")
        count = int(rest) if rest else 1
        state, record = engine.undo(game.record, count, game.system.ruleset, trusted=True)
        self.store.cut_entries(game.id, len(record.entries))
        game.state, game.record = state, record
        return [
            "\n".join(
                [
                    say("bot.undone", channel.locale, count=count, game=game.id),
                    self._next(game, channel.locale),
                ]
            )
        ]

    def _log(self, channel: Channel, user: str, rest: str) -> list[str]:
        """``.log [text|markdown|bbcode]``: the session log of the game here, or of the last one."""
        markup = Markup(rest.lower()) if rest.lower() in _MARKUPS else None
        if rest and markup is None:
            raise BotError("bot.usage", usage=".log [text|markdown|bbcode]")
        if channel.name in self.broken:
            game_id, error = self.broken[channel.name]
            raise BotError("bot.broken", game=game_id, detail=error)
        game = self.games.get(channel.name)
        if game is not None:
            record, game_id = game.record, game.id
        else:
            row = self.store.last_game(channel.name)
            if row is None:
                raise BotError("bot.no_log")
            try:
                record = self._record(row, _known_system(row.system))
            except (TabletopRulesError, BotError) as error:
                raise BotError("bot.log_refused", game=row.id, detail=error) from error
            game_id = row.id
        log = SessionLog.of(record, channel.locale, trusted=game is not None)
        head = say("bot.log_head", channel.locale, game=game_id)
        return [f"{head}\n{log.render(markup or Markup.TEXT)}"]

    def _broken_gm(self, game_id: int) -> str | None:
        """The GM of a game set aside; ``None`` if the row does not say (anyone may end it)."""
        for row in self.store.running_games():
            if row.id == game_id and isinstance(row.gm, str):
                return row.gm
        return None

    # Tables and decks -------------------------------------------------------------------

    def _table(self, channel: Channel, user: str, line: str, pasted: str) -> list[str]:
        """``.table``: list the channel's tables and decks; ``add``, ``remove``, ``clear``.

        *line* is the command's first line; *pasted*, the lines after it, as written.
        """
        words = line.split(None, 2)[1:]
        verb = words[0].lower() if words else ""
        if verb == "clear" and len(words) == 1 and not pasted.strip():
            self.store.delete_library(channel.name)
            self.libraries.pop(channel.name, None)
            self.damaged_libraries.pop(channel.name, None)
            return [say("bot.tables.cleared", channel.locale)]
        damage = self.damaged_libraries.get(channel.name)
        if damage is not None:
            raise BotError("bot.damaged_tables", detail=damage)
        if verb == "add":
            return self._add_tables(channel, words[1:], pasted)
        if pasted.strip():
            raise BotError("bot.usage", usage=_TABLE_ADD)
        if verb == "remove" and len(words) == 2:
            return self._remove_table(channel, words[1].strip())
        if verb == "shuffle" and len(words) == 2:
            return self._shuffle(channel, words[1].strip())
        if words:
            raise BotError("bot.usage", usage=_TABLE_USAGE)
        return [self._listed_tables(channel)]

    def _add_tables(self, channel: Channel, words: list[str], pasted: str) -> list[str]:
        form = words[0].lower() if words else None
        if form is not None and (form not in FORMATS or " " in words[0].strip()):
            raise BotError("bot.tables.unknown_format", word=words[0], formats=", ".join(FORMATS))
        if not pasted.strip():
            raise BotError("bot.usage", usage=_TABLE_ADD)
        tables, decks = read_pasted(pasted, form)
        loaded = self.libraries.get(channel.name, Loaded()).adding(tables, decks)
        self.store.save_library(
            channel.name, loaded.tables_json(), loaded.decks_json(), loaded.states_json()
        )
        self.libraries[channel.name] = loaded
        if tables:
            return [say("bot.tables.loaded_table", channel.locale, name=tables[0].name)]
        shown = [name for name in decks.names if not name.startswith("_")] or list(decks.names)
        return [say("bot.tables.loaded_decks", channel.locale, names=_names(shown))]

    def _remove_table(self, channel: Channel, name: str) -> list[str]:
        loaded = self.libraries.get(channel.name)
        after = None if loaded is None else loaded.without(name)
        if after is None:
            raise BotError("bot.tables.unknown", name=name)
        if after.names:
            self.store.save_library(
                channel.name, after.tables_json(), after.decks_json(), after.states_json()
            )
            self.libraries[channel.name] = after
        else:
            self.store.delete_library(channel.name)
            del self.libraries[channel.name]
        return [say("bot.tables.removed", channel.locale, name=name)]

    def _shuffle(self, channel: Channel, name: str) -> list[str]:
        """``.table shuffle NAME``: every card drawn from the deck goes back into it."""
        loaded = self.libraries.get(channel.name)
        deck = None if loaded is None else loaded.deck_named(name)
        if loaded is None or deck is None:
            raise BotError("bot.tables.unknown", name=name)
        after = loaded.shuffled(deck)
        self.store.save_library(
            channel.name, after.tables_json(), after.decks_json(), after.states_json()
        )
        self.libraries[channel.name] = after
        return [say("bot.tables.shuffled", channel.locale, name=deck)]

    def _listed_tables(self, channel: Channel) -> str:
        loaded = self.libraries.get(channel.name)
        if loaded is None:
            return say("bot.tables.none", channel.locale)
        locale = channel.locale
        lines = [say("bot.tables.list_head", locale)]
        lines += [
            say("bot.tables.table_line", locale, name=table.name, dice=table.dice_text)
            for table in loaded.tables
        ]
        for deck in loaded.decks.decks:
            if deck.hidden:
                lines.append(say("bot.tables.hidden_line", locale, name=deck.name))
            else:
                left = loaded.left(deck.name)
                lines.append(
                    say(
                        "bot.tables.deck_line",
                        locale,
                        name=deck.name,
                        left=left,
                        copies=deck.copies,
                    )
                )
        if len(lines) > _MOST_LINES + 1:  # a reply that fits in a chat message
            lines = [*lines[: _MOST_LINES + 1], "…"]
        return "\n".join(lines)

    _COMMANDS: ClassVar[Mapping[str, Callable[..., list[str]]]] = {
        ".help": _help,
        ".lang": _lang,
        ".system": _set_system,
        ".st": _sheet,
        ".check": _check,
        ".export": _export,
        ".battle": _battle,
        ".join": _join,
        ".foe": _foe,
        ".fight": _fight,
        ".menu": _menu,
        ".do": _do,
        ".end": _end,
        ".undo": _undo,
        ".log": _log,
        ".table": _table,
    }

    #: The columns of the channel's row each command reads (any other: channel, locale).
    #: A damaged one refuses the command; ``.lang`` and ``.system`` mend their own.
    _READS: ClassVar[Mapping[str, tuple[str, ...]]] = {
        ".lang": ("channel",),
        ".help": ("channel", "locale", "system"),
        ".check": _CHANNEL_COLUMNS,
        ".do": ("channel", "locale", "dice"),
    }
