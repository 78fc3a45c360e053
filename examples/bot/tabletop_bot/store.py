"""The bot's SQLite database: channels, characters, lobbies, games and their events.

One file, in WAL mode, opened with the standard library's :mod:`sqlite3`.
Every value is stored as the library's JSON (:func:`tabletop_rules.to_json`), so a row
can be read back with :func:`tabletop_rules.from_json`, which refuses a damaged one with
:class:`~tabletop_rules.errors.InvalidData`.

The one rule that makes restarts exact: the events of a command and the channel's dice
state after it are written in **one transaction** (:meth:`Store.append_events`).
Either both are stored or neither is, so a crash never loses a roll (events stored,
dice behind) nor repeats one (dice stored, events lost).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ChannelRow", "GameRow", "Store"]

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
    over          INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS one_running_game ON games (channel) WHERE over = 0;
CREATE TABLE IF NOT EXISTS events (
    game  INTEGER NOT NULL REFERENCES games (id),
    seq   INTEGER NOT NULL,          -- 0, 1, 2, ... within the game
    data  TEXT NOT NULL,             -- one event as JSON
    PRIMARY KEY (game, seq)
);
"""


@dataclass(frozen=True)
class ChannelRow:
    """A channel's settings and dice, as stored."""

    channel: str
    locale: str
    system: str | None
    dice: str


@dataclass(frozen=True)
class GameRow:
    """A running game, as stored: its events are read with :meth:`Store.events`."""

    id: int
    channel: str
    system: str
    rules_version: str
    setup: str
    gm: str
    seats: str


class Store:
    """The database file (created if missing)."""

    def __init__(self, path: str | Path) -> None:
        # isolation_level=None: no implicit transactions; each write says where it begins.
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # FULL: a committed transaction survives a power cut too, not only a crash.
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    @property
    def journal_mode(self) -> str:
        """The journal mode in force (``"wal"``)."""
        row = self._db.execute("PRAGMA journal_mode").fetchone()
        return str(row[0])

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def _write(self, statements: Iterable[tuple[str, tuple[object, ...]]]) -> None:
        """Run *statements* in one transaction: all of them are stored, or none."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in statements:
                db.execute(sql, params)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # Channels -------------------------------------------------------------------------

    def channels(self) -> list[ChannelRow]:
        """Every channel the bot has seen."""
        rows = self._db.execute("SELECT channel, locale, system, dice FROM channels")
        return [ChannelRow(*row) for row in rows]

    def save_channel(self, row: ChannelRow) -> None:
        """Store a channel's settings and dice."""
        self._write(
            [
                (
                    "INSERT OR REPLACE INTO channels (channel, locale, system, dice)"
                    " VALUES (?, ?, ?, ?)",
                    (row.channel, row.locale, row.system, row.dice),
                )
            ]
        )

    # Characters -----------------------------------------------------------------------

    def character(self, user: str, system: str) -> str | None:
        """A user's stored character of *system*, as JSON."""
        row = self._db.execute(
            "SELECT data FROM characters WHERE user = ? AND system = ?", (user, system)
        ).fetchone()
        return None if row is None else str(row[0])

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

    def lobbies(self) -> list[tuple[str, str, str, str]]:
        """Every open lobby: channel, system, GM, seats."""
        rows = self._db.execute("SELECT channel, system, gm, seats FROM lobbies")
        return [(str(a), str(b), str(c), str(d)) for a, b, c, d in rows]

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

    # Games ----------------------------------------------------------------------------

    def start_game(self, row: GameRow) -> int:
        """Store a new game and close the channel's lobby, in one transaction; its id."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            cursor = db.execute(
                "INSERT INTO games (channel, system, rules_version, setup, gm, seats)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (row.channel, row.system, row.rules_version, row.setup, row.gm, row.seats),
            )
            db.execute("DELETE FROM lobbies WHERE channel = ?", (row.channel,))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def running_games(self) -> list[GameRow]:
        """Every game not over, oldest first."""
        rows = self._db.execute(
            "SELECT id, channel, system, rules_version, setup, gm, seats FROM games"
            " WHERE over = 0 ORDER BY id"
        )
        return [GameRow(*row) for row in rows]

    def events(self, game: int) -> list[tuple[int, str]]:
        """A game's events in order: (seq, JSON)."""
        rows = self._db.execute("SELECT seq, data FROM events WHERE game = ? ORDER BY seq", (game,))
        return [(int(seq), str(data)) for seq, data in rows]

    def append_events(
        self,
        game: int,
        first_seq: int,
        events: Iterable[str],
        *,
        channel: str,
        dice: str,
        over: bool,
    ) -> None:
        """Store a command's events and the channel's dice state after it: one transaction.

        A crash before the commit stores neither, so the command never happened; after it,
        both are stored. (The primary key refuses a second writer of the same seq.)
        """
        statements: list[tuple[str, tuple[object, ...]]] = [
            ("INSERT INTO events (game, seq, data) VALUES (?, ?, ?)", (game, seq, data))
            for seq, data in enumerate(events, first_seq)
        ]
        statements.append(("UPDATE channels SET dice = ? WHERE channel = ?", (dice, channel)))
        if over:
            statements.append(("UPDATE games SET over = 1 WHERE id = ?", (game,)))
        self._write(statements)

    def end_game(self, game: int) -> None:
        """Mark a game over (the GM ended it, or its record was refused)."""
        self._write([("UPDATE games SET over = 1 WHERE id = ?", (game,))])
