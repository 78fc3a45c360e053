"""The bot's SQLite database: channels, characters, lobbies, games and their records.

One file, in WAL mode, opened with the standard library's :mod:`sqlite3`, by **one process
at a time**: the store holds SQLite's exclusive lock from the moment it opens the file until
it closes it, and a second store on the same file is refused with :class:`DatabaseInUse`
before it reads anything. Two bots on one file would each keep their own copy of every
channel's dice in memory and roll the same faces twice.

Every value is stored as the library's JSON (:func:`tabletop_rules.to_json`), so a row
can be read back with :func:`tabletop_rules.from_json`, which refuses a damaged one with
:class:`~tabletop_rules.errors.InvalidData`. A column that holds a value of the wrong
SQLite type (a blob where text belongs, text where a number belongs) is read as
:class:`Unreadable`, never as a value, so the bot can refuse that row and go on.

A game is stored as its :class:`~tabletop_rules.engine.GameRecord`: the setup in its row of
``games``, and one row of ``entries`` per entry of the record (a command, the faces it drew,
the events that came of it), so that a restart rebuilds it by verified replay.

The one rule that makes restarts exact: the entry of a command and the channel's dice
state after it are written in **one transaction** (:meth:`Store.append_entry`).
Either both are stored or neither is, so a crash never loses a roll (entry stored,
dice behind) nor repeats one (dice stored, entry lost). The bot goes further and
stores everything one message changes in one (:meth:`Store.transaction`).
"""

from __future__ import annotations

import contextlib
import math
import sqlite3
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ChannelRow",
    "DatabaseInUse",
    "GameRow",
    "Key",
    "LibraryRow",
    "LobbyRow",
    "NoGameId",
    "Store",
    "Unreadable",
]

SCHEMA = """
CREATE TABLE IF NOT EXISTS channels (
    channel TEXT PRIMARY KEY,
    locale  TEXT NOT NULL,
    system  TEXT,
    dice    TEXT NOT NULL            -- SeededDiceState as JSON
);
CREATE TABLE IF NOT EXISTS characters (
    user   TEXT NOT NULL,
    system TEXT NOT NULL,
    data   TEXT NOT NULL,            -- the character (or skirmish deck) as JSON
    PRIMARY KEY (user, system)
);
CREATE TABLE IF NOT EXISTS lobbies (
    channel TEXT PRIMARY KEY,
    system  TEXT NOT NULL,
    gm      TEXT NOT NULL,
    seats   TEXT NOT NULL            -- JSON list of [user, id, role]
);
CREATE TABLE IF NOT EXISTS games (
    id            INTEGER PRIMARY KEY,
    channel       TEXT NOT NULL,
    system        TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    setup         TEXT NOT NULL,     -- the ruleset's setup as JSON
    gm            TEXT NOT NULL,
    seats         TEXT NOT NULL,
    over          INTEGER NOT NULL DEFAULT 0,
    length        INTEGER NOT NULL DEFAULT 0   -- how many entries are stored
);
CREATE UNIQUE INDEX IF NOT EXISTS one_running_game ON games (channel) WHERE over = 0;
CREATE TABLE IF NOT EXISTS entries (
    game  INTEGER NOT NULL REFERENCES games (id),
    seq   INTEGER NOT NULL,          -- 0, 1, 2, ... within the game
    data  TEXT NOT NULL,             -- one entry of the game's record as JSON
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS libraries (
    channel TEXT PRIMARY KEY,
    tables  TEXT NOT NULL,           -- the tables loaded here: a JSON list of tables.Table
    decks   TEXT NOT NULL,           -- the decks loaded here: tables.Decks as JSON
    states  TEXT NOT NULL            -- what is left of decks drawn without replacement:
                                     -- a JSON list of tables.DeckState
);
"""

#: The largest integer SQLite stores.
_MAX_ROWID = 2**63 - 1


class DatabaseInUse(Exception):
    """Another process (another bot) has the database open."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(
            f"{path} is in use by another process (another bot on the same database?):"
            " stop it first; one bot process serves one database"
        )


class NoGameId(Exception):
    """No game can be numbered past the games and entries stored: the last id is taken."""


@dataclass(frozen=True)
class Unreadable:
    """A stored value of the wrong SQLite type, as found: a row the bot cannot use."""

    #: The column.
    column: str
    #: What it holds: SQLite's name of the value's type (``blob``, ``integer``, ``real``, ``text``).
    found: str
    #: What belongs there (``text``, ``integer``).
    wanted: str


@dataclass(frozen=True)
class Key:
    """A row's key column: the name it gives, and whether it is stored as it should be.

    A key of the wrong type (a blob where the channel's name belongs) still names its
    channel, decoded, so that channel can be told its row is damaged.
    """

    name: str
    damage: Unreadable | None = None


@dataclass(frozen=True)
class ChannelRow:
    """A channel's settings and dice, as stored."""

    channel: Key
    locale: str | Unreadable
    system: str | Unreadable | None
    dice: str | Unreadable


@dataclass(frozen=True)
class LobbyRow:
    """An open lobby, as stored."""

    channel: Key
    system: str | Unreadable
    gm: str | Unreadable
    seats: str | Unreadable


@dataclass(frozen=True)
class LibraryRow:
    """The tables and decks a channel has loaded, and what is left of its decks, as stored."""

    channel: Key
    tables: str | Unreadable
    decks: str | Unreadable
    states: str | Unreadable


@dataclass(frozen=True)
class GameRow:
    """A game, as stored: its record's entries are read with :meth:`Store.entries`."""

    id: int
    channel: Key
    system: str | Unreadable
    rules_version: str | Unreadable
    setup: str | Unreadable
    gm: str | Unreadable
    seats: str | Unreadable
    #: 0 while the game runs (any other value but 1 is damage).
    over: int | Unreadable
    #: How many entries of its record the game has stored.
    length: int | Unreadable


_TYPES: dict[type[object], str] = {
    str: "text",
    int: "integer",
    float: "real",
    bytes: "blob",
    type(None): "null",
}


def _found(value: object) -> str:
    return _TYPES.get(type(value), type(value).__name__)


def _text(column: str, value: object) -> str | Unreadable:
    return value if isinstance(value, str) else Unreadable(column, _found(value), "text")


def _integer(column: str, value: object) -> int | Unreadable:
    return value if isinstance(value, int) else Unreadable(column, _found(value), "integer")


def _key(column: str, value: object) -> Key:
    if isinstance(value, str):
        return Key(value)
    damage = Unreadable(column, _found(value), "text")
    if isinstance(value, bytes):
        return Key(value.decode("utf-8", "replace"), damage)
    return Key(str(value), damage)


class Store:
    """The database file (created if missing), held by this process until :meth:`close`.

    Raises:
        DatabaseInUse: Another process has the file open.
    """

    def __init__(self, path: str | Path) -> None:
        # isolation_level=None: no implicit transactions; each write says where it begins.
        # timeout=0: a file another process holds is refused at once, not waited for.
        db = sqlite3.connect(path, isolation_level=None, timeout=0)
        try:
            # EXCLUSIVE: the first access takes SQLite's lock on the file, and the
            # connection keeps it until it is closed (or its process dies): a second
            # process gets SQLITE_BUSY on its first statement.
            db.execute("PRAGMA locking_mode=EXCLUSIVE")
            db.execute("PRAGMA journal_mode=WAL")
            # FULL: a committed transaction survives a power cut too, not only a crash.
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(f"BEGIN EXCLUSIVE;{SCHEMA}")
            _add_lengths(db)
            db.execute("COMMIT")
        except BaseException as error:
            db.close()
            if isinstance(error, sqlite3.OperationalError) and error.sqlite_errorcode in (
                sqlite3.SQLITE_BUSY,
                sqlite3.SQLITE_LOCKED,
            ):
                raise DatabaseInUse(path) from error
            raise
        self._db = db

    @property
    def journal_mode(self) -> str:
        """The journal mode in force (``"wal"``)."""
        row = self._db.execute("PRAGMA journal_mode").fetchone()
        return str(row[0])

    def close(self) -> None:
        """Close the file, and let another process open it."""
        self._db.close()

    @contextlib.contextmanager
    def transaction(self) -> Generator[None]:
        """Store everything written inside at its end, in one transaction, or nothing.

        Inside another, it is part of that one: the bot handles each message in one.
        """
        db = self._db
        if db.in_transaction:
            yield
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _write(self, statements: Iterable[tuple[str, tuple[object, ...]]]) -> None:
        """Run *statements* in one transaction: all of them are stored, or none."""
        with self.transaction():
            for sql, params in statements:
                self._db.execute(sql, params)

    # Channels -------------------------------------------------------------------------

    def channels(self) -> list[ChannelRow]:
        """Every channel the bot has seen."""
        rows = self._db.execute("SELECT channel, locale, system, dice FROM channels")
        return [
            ChannelRow(
                _key("channel", channel),
                _text("locale", locale),
                None if system is None else _text("system", system),
                _text("dice", dice),
            )
            for channel, locale, system, dice in rows
        ]

    def new_channel(self, channel: str, locale: str, dice: str) -> None:
        """Store a channel seen for the first time: its locale, no system, its dice."""
        self._write(
            [
                (
                    "INSERT INTO channels (channel, locale, system, dice) VALUES (?, ?, NULL, ?)",
                    (channel, locale, dice),
                )
            ]
        )

    def save_locale(self, channel: str, locale: str) -> None:
        """Store a channel's locale (and nothing else of its row)."""
        self._write([("UPDATE channels SET locale = ? WHERE channel = ?", (locale, channel))])

    def save_system(self, channel: str, system: str | None) -> None:
        """Store a channel's system (and nothing else of its row)."""
        self._write([("UPDATE channels SET system = ? WHERE channel = ?", (system, channel))])

    def save_dice(self, channel: str, dice: str) -> None:
        """Store where a channel's dice are (and nothing else of its row)."""
        self._write([("UPDATE channels SET dice = ? WHERE channel = ?", (dice, channel))])

    # Characters -----------------------------------------------------------------------

    def character(self, user: str, system: str) -> str | Unreadable | None:
        """A user's stored character of *system*, as JSON (``None``: there is none).

        A row whose user or system is stored as a blob is still found (as
        :class:`Unreadable`) when the user has no row stored as it should be.
        """
        rows = self._db.execute(
            "SELECT user, system, data FROM characters"
            " WHERE user IN (?, CAST(? AS BLOB)) AND system IN (?, CAST(? AS BLOB))",
            (user, user, system, system),
        ).fetchall()
        damaged: Unreadable | None = None
        for row_user, row_system, data in rows:
            key = _key("user", row_user).damage or _key("system", row_system).damage
            if key is None:
                return _text("data", data)
            damaged = key
        return damaged

    def save_character(self, user: str, system: str, data: str) -> None:
        """Store (or replace) a user's character of *system*."""
        self._write(
            [
                (
                    "INSERT OR REPLACE INTO characters (user, system, data) VALUES (?, ?, ?)",
                    (user, system, data),
                )
            ]
        )

    # Lobbies --------------------------------------------------------------------------

    def lobbies(self) -> list[LobbyRow]:
        """Every open lobby."""
        rows = self._db.execute("SELECT channel, system, gm, seats FROM lobbies")
        return [
            LobbyRow(
                _key("channel", channel),
                _text("system", system),
                _text("gm", gm),
                _text("seats", seats),
            )
            for channel, system, gm, seats in rows
        ]

    def save_lobby(self, channel: str, system: str, gm: str, seats: str) -> None:
        """Store (or replace) a channel's lobby."""
        self._write(
            [
                (
                    "INSERT OR REPLACE INTO lobbies (channel, system, gm, seats)"
                    " VALUES (?, ?, ?, ?)",
                    (channel, system, gm, seats),
                )
            ]
        )

    # Tables and decks -----------------------------------------------------------------

    def libraries(self) -> list[LibraryRow]:
        """The tables and decks of every channel that has loaded some."""
        rows = self._db.execute("SELECT channel, tables, decks, states FROM libraries")
        return [
            LibraryRow(
                _key("channel", channel),
                _text("tables", tables),
                _text("decks", decks),
                _text("states", states),
            )
            for channel, tables, decks, states in rows
        ]

    def save_library(self, channel: str, tables: str, decks: str, states: str) -> None:
        """Store (or replace) a channel's tables, decks and what is left of its decks."""
        self._write(
            [
                (
                    "INSERT OR REPLACE INTO libraries (channel, tables, decks, states)"
                    " VALUES (?, ?, ?, ?)",
                    (channel, tables, decks, states),
                )
            ]
        )

    def save_states(self, channel: str, states: str, *, dice: str) -> None:
        """Store what is left of a channel's decks and its dice after a draw, in one transaction."""
        self._write(
            [
                ("UPDATE libraries SET states = ? WHERE channel = ?", (states, channel)),
                ("UPDATE channels SET dice = ? WHERE channel = ?", (dice, channel)),
            ]
        )

    def delete_library(self, channel: str) -> None:
        """Unload every table and deck of a channel (its rows under a damaged key too)."""
        self._write(
            [
                (
                    "DELETE FROM libraries WHERE channel IN (?, CAST(? AS BLOB))",
                    (channel, channel),
                )
            ]
        )

    # Games ----------------------------------------------------------------------------

    def start_game(
        self, *, channel: str, system: str, rules_version: str, setup: str, gm: str, seats: str
    ) -> int:
        """Store a new game and close the channel's lobby, in one transaction; its id.

        The id is past every id the entries table names too, so a new game never
        inherits the stray entries of a game whose row is gone.

        Raises:
            NoGameId: The largest id SQLite stores is taken.
        """
        db = self._db
        with self.transaction():
            (last_game,) = db.execute("SELECT coalesce(max(id), 0) FROM games").fetchone()
            stray = db.execute(
                "SELECT game FROM entries WHERE game <= ? ORDER BY game DESC LIMIT 1",
                (_MAX_ROWID,),
            ).fetchone()
            last = max(int(last_game), math.floor(stray[0]) if stray else 0)
            if last >= _MAX_ROWID:
                raise NoGameId
            cursor = db.execute(
                "INSERT INTO games (id, channel, system, rules_version, setup, gm, seats)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (last + 1, channel, system, rules_version, setup, gm, seats),
            )
            db.execute("DELETE FROM lobbies WHERE channel = ?", (channel,))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def running_games(self) -> list[GameRow]:
        """Every game not over (and every game whose ``over`` is damaged), oldest first."""
        rows = self._db.execute(
            "SELECT id, channel, system, rules_version, setup, gm, seats, over, length"
            " FROM games WHERE over IS NOT 1 ORDER BY id"
        )
        return [_game_row(row) for row in rows]

    def entries(self, game: int) -> list[tuple[int | Unreadable, str | Unreadable]]:
        """A game's record entries in order: (seq, JSON)."""
        rows = self._db.execute(
            "SELECT seq, data FROM entries WHERE game = ? ORDER BY seq", (game,)
        )
        return [(_integer("seq", seq), _text("data", data)) for seq, data in rows]

    def append_entry(
        self, game: int, seq: int, entry: str, *, channel: str, dice: str, over: bool
    ) -> None:
        """Store an entry of a game's record and the dice after it, in one transaction.

        A crash before the commit stores neither, so the command never happened; after it,
        both are stored. (The primary key refuses a second writer of the same seq.)
        """
        self._write(
            [
                ("INSERT INTO entries (game, seq, data) VALUES (?, ?, ?)", (game, seq, entry)),
                ("UPDATE channels SET dice = ? WHERE channel = ?", (dice, channel)),
                (
                    "UPDATE games SET length = ?, over = ? WHERE id = ?",
                    (seq + 1, int(over), game),
                ),
            ]
        )

    def cut_entries(self, game: int, length: int) -> None:
        """Keep the first *length* entries of a game's record and drop the rest (an undo)."""
        self._write(
            [
                ("DELETE FROM entries WHERE game = ? AND seq >= ?", (game, length)),
                ("UPDATE games SET length = ? WHERE id = ?", (length, game)),
            ]
        )

    def last_game(self, channel: str) -> GameRow | None:
        """The channel's latest game, running or over (``None``: it has had none)."""
        row = self._db.execute(
            "SELECT id, channel, system, rules_version, setup, gm, seats, over, length"
            " FROM games WHERE channel = ? ORDER BY id DESC LIMIT 1",
            (channel,),
        ).fetchone()
        return None if row is None else _game_row(row)

    def end_game(self, game: int) -> None:
        """Mark a game over (the GM ended it, or its record was refused)."""
        self._write([("UPDATE games SET over = 1 WHERE id = ?", (game,))])


def _game_row(row: tuple[object, ...]) -> GameRow:
    id_, channel, system, rules_version, setup, gm, seats, over, length = row
    assert isinstance(id_, int)  # the INTEGER PRIMARY KEY is a rowid
    return GameRow(
        id_,
        _key("channel", channel),
        _text("system", system),
        _text("rules_version", rules_version),
        _text("setup", setup),
        _text("gm", gm),
        _text("seats", seats),
        _integer("over", over),
        _integer("length", length),
    )


def _add_lengths(db: sqlite3.Connection) -> None:
    """Give a database made before ``games.length`` existed that column, filled in."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    if "length" not in columns:
        db.execute("ALTER TABLE games ADD COLUMN length INTEGER NOT NULL DEFAULT 0")
        db.execute("UPDATE games SET length = (SELECT count(*) FROM entries WHERE game = games.id)")
