"""The example bot and its damaged rows: each column of each table, damaged in turn.

The damage is made from the schema (``tabletop_bot.store.SCHEMA``): every column gets
each kind of damage its type allows (a value of the wrong type, an unknown name, JSON that
is malformed, cut short or of the wrong shape, a number out of range), and a list of
rows that contradict each other completes it. After each one, a bot started on the
damaged database must answer the damaged row's channel with a refusal that says what is
wrong, in the channel's locale, and every other channel exactly as if nothing had happened.
"""

from __future__ import annotations

import itertools
import re
import shutil
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from .test_bot import SEED, Message, next_move

from tabletop_bot import Bot, Incoming, Outgoing, Public, Store  # isort: skip
from tabletop_bot.messages import MESSAGES  # isort: skip
from tabletop_bot.store import SCHEMA  # isort: skip

#: The world: a channel for each thing the database holds, each with its own users.
#: north: an m20 combat under way (in Japanese); south: a skirmish game under way (in
#: Traditional Chinese); east: a bar2d6 lobby; tavern: bayside23 checks; west: dice, and
#: a deck file it has loaded and drawn from.
OPENING: list[Message] = [
    ("north", "nia", ".lang ja"),
    ("north", "nia", ".st m20 example"),
    ("north", "gn", ".battle m20"),
    ("north", "nia", ".join"),
    ("north", "gn", ".foe orc"),
    ("north", "gn", ".fight"),
    ("south", "sam", ".lang zh-Hant"),
    ("south", "sam", ".st skirmish vanguard"),
    ("south", "sol", ".st skirmish wilds"),
    ("south", "gs", ".battle skirmish"),
    ("south", "sam", ".join"),
    ("south", "sol", ".join"),
    ("south", "gs", ".fight"),
    ("east", "eve", ".st bar2d6 example"),
    ("east", "ge", ".battle bar2d6"),
    ("east", "eve", ".join"),
    ("east", "ge", ".foe imp"),
    ("tavern", "tom", ".system bayside23"),
    ("tavern", "tom", ".st bayside23 example"),
    ("tavern", "tom", "2d6"),
    ("west", "wes", "1d20"),
    ("west", "wes", '.table add\n{"fruit": ["apple", "::2::pear", "plum"], "_c": ["red"]}'),
    ("west", "wes", ".draw fruit"),
]
MOVES = 3  # moves played in north and in south

#: What each channel is asked after the damage, in groups, each asked of a bot of its
#: own: a group changes nothing but by its last message (a roll, a move, a new game), so
#: that one refusal cannot change what a later probe finds. ``MOVE`` is the move its
#: game's next player makes.
MOVE: Message = ("", "", "")
PROBES: dict[str, list[list[Message]]] = {
    "north": [
        [
            ("north", "nia", ".menu"),
            ("north", "nia", ".st m20"),
            ("north", "gn", ".fight"),
            ("north", "nia", ".check physique 10"),
        ],
        [MOVE],
        [("north", "nia", "1d6")],
    ],
    "south": [
        [
            ("south", "sam", ".menu"),
            ("south", "sam", ".st skirmish"),
            ("south", "gs", ".fight"),
            MOVE,
        ],
        [("south", "sol", "2d6")],
    ],
    "east": [
        [("east", "eve", ".st bar2d6"), ("east", "ge", ".foe imp2"), ("east", "ge", ".fight")]
    ],
    "tavern": [[("tavern", "tom", ".check 10")], [("tavern", "tom", "2d6")]],
    "west": [
        [("west", "wes", "1d20")],
        [("west", "wes", ".table")],
        [("west", "wes", ".draw fruit")],
    ],
}
#: The channels whose game is under way.
GAMES = ("north", "south")

#: Each column's part: the key of its row, a name, JSON (any other is a number).
KEYS = {("channels", "channel"), ("characters", "user"), ("characters", "system")}
KEYS |= {("lobbies", "channel"), ("games", "channel"), ("libraries", "channel")}
NAMES = {("channels", "locale"), ("channels", "system"), ("lobbies", "system")}
NAMES |= {("lobbies", "gm"), ("games", "system"), ("games", "rules_version"), ("games", "gm")}
JSON = {("channels", "dice"), ("characters", "data"), ("lobbies", "seats")}
JSON |= {("games", "setup"), ("games", "seats"), ("entries", "data")}
JSON |= {("libraries", "tables"), ("libraries", "decks"), ("libraries", "states")}
#: JSON that holds names the bot checks, and where one is (a path for SQLite's json_set):
#: a seat's id, a skirmish deck's first card.
NAMED_JSON = {("lobbies", "seats"): "$[0][1]", ("games", "seats"): "$[0][1]"}
NAMED_JSON[("characters", "data")] = "$.cards[0]"


def _last_entry(game: str) -> str:
    return f"game = {game} AND seq = (SELECT max(seq) FROM entries WHERE game = {game})"


NORTH_GAME = "(SELECT id FROM games WHERE channel = 'north')"
SOUTH_GAME = "(SELECT id FROM games WHERE channel = 'south')"
#: The rows damaged, by table: (which row, its channel, a label for the case's id).
ROWS: dict[str, list[tuple[str, str, str]]] = {
    "channels": [("channel = 'north'", "north", "")],
    "characters": [
        ("user = 'nia' AND system = 'm20'", "north", "m20"),
        ("user = 'sam' AND system = 'skirmish'", "south", "skirmish"),
    ],
    "lobbies": [("channel = 'east'", "east", "")],
    "games": [("channel = 'north'", "north", "m20"), ("channel = 'south'", "south", "skirmish")],
    "entries": [
        (f"game = {NORTH_GAME} AND seq = 0", "north", "m20 first"),
        (_last_entry(NORTH_GAME), "north", "m20 last"),
        (_last_entry(SOUTH_GAME), "south", "skirmish last"),
    ],
    "libraries": [("channel = 'west'", "west", "")],
}

#: What the damaged row's channel may answer, besides what it answers undamaged.
REFUSED = "refused"  # at least one refusal that says the row is damaged
LOST = "lost"  # the row is another's now, so what it held is missing here (or refused)
IGNORED = "ignored"  # a stray row, left alone: the channel answers as undamaged

DAMAGE_KEYS = (
    "bot.damaged_channel",
    "bot.damaged_locale",
    "bot.damaged_system",
    "bot.damaged_dice",
    "bot.damaged_lobby",
    "bot.damaged_character",
    "bot.broken",
    "bot.no_game_id",
    "bot.damaged_tables",
)
LOST_KEYS = ("bot.no_character", "bot.no_lobby", "bot.no_game", "bot.tables.none")
LOST_KEYS += ("bot.tables.no_decks",)


@dataclass(frozen=True)
class Damage:
    """One damaged database: the SQL that damages it, whose row it is, what to expect."""

    id: str
    sql: str
    victim: str
    expect: str = REFUSED
    #: The locale the refusal is in, if not the channel's own (its own is lost).
    locale: str | None = None


def _columns() -> Iterator[tuple[str, str, str, bool]]:
    """Each column of the schema: table, column, declared type, whether it is the rowid."""
    schema = sqlite3.connect(":memory:")
    schema.executescript(SCHEMA)
    tables = schema.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    for (table,) in tables:
        columns = schema.execute(f"PRAGMA table_info({table})").fetchall()
        keys = [column for column in columns if column[5]]
        for _, column, kind, _, _, pk in columns:
            yield table, column, kind, bool(pk) and len(keys) == 1 and kind == "INTEGER"
    schema.close()


def _kinds(part: tuple[str, str], kind: str, rowid: bool) -> Iterator[tuple[str, str]]:
    """The damage a column's type allows: (its name, the SQL of the value put there)."""
    column = part[1]
    if rowid:
        yield "another id", f"{column} + 1000"
    elif kind == "TEXT":
        yield "blob", f"CAST({column} AS BLOB)"
        yield "number", "7"  # stored as the text '7': SQLite converts it
        if part in KEYS or part in NAMES:
            yield "unknown name", "'nosuch'"
        if part in JSON:
            yield "malformed JSON", "'{\"seed\": 1, oops'"
            yield "truncated JSON", f"substr({column}, 1, length({column}) / 2)"
            shape = f"CASE WHEN {column} LIKE '[%' THEN '{{}}' ELSE '[]' END"
            yield "JSON of the wrong shape", shape
        if part in NAMED_JSON:
            yield "unknown name in JSON", f"json_set({column}, '{NAMED_JSON[part]}', 'nosuch')"
    else:
        assert kind == "INTEGER", part
        yield "text", "'x'"
        yield "real", "0.5"
        yield "out of range", f"{column} + 1000"
        yield "negative", "-1"


def _expected(part: tuple[str, str], name: str, label: str) -> tuple[str, str | None]:
    """What the damaged channel answers (REFUSED, LOST, IGNORED), and in which locale."""
    if part == ("channels", "channel") and name != "blob":
        return REFUSED, "en"  # the channel has no row of its own now, nor its locale
    if part in KEYS and name != "blob":
        return LOST, None
    if part == ("channels", "locale"):
        return REFUSED, "en"
    if part == ("games", "gm") and name != "blob" and label == "skirmish":
        return IGNORED, None  # the skirmish seats no foes of its GM: nothing contradicts it
    return REFUSED, None


def _schema_damage() -> Iterator[Damage]:
    for table, column, kind, rowid in _columns():
        part = (table, column)
        assert table in ROWS, f"no row of {table} is damaged"
        assert kind != "TEXT" or part in KEYS | NAMES | JSON, f"what is {table}.{column}?"
        for where, victim, label in ROWS[table]:
            for name, value in _kinds(part, kind, rowid):
                if name == "unknown name in JSON" and label == "m20":
                    continue  # an m20 character's texts are its own names: any will do
                expect, locale = _expected(part, name, label)
                yield Damage(
                    " ".join(word for word in (f"{table}.{column}", label, name) if word),
                    f"UPDATE {table} SET {column} = {value} WHERE {where}",
                    victim,
                    expect,
                    locale,
                )


#: Rows that contradict each other.
CONTRADICTIONS = [
    Damage(
        "a lobby beside a running game",
        "INSERT INTO lobbies VALUES ('north', 'm20', 'gn', '[]')",
        "north",
    ),
    Damage(
        "a game whose channel has no row",
        "DELETE FROM channels WHERE channel = 'north'",
        "north",
        locale="en",
    ),
    Damage(
        "a lobby whose channel has no row",
        "DELETE FROM channels WHERE channel = 'east'",
        "east",
        locale="en",
    ),
    Damage(
        "a lobby seating one id twice",
        "UPDATE lobbies SET seats = json_set(seats, '$[1][1]', json_extract(seats, '$[0][1]'))",
        "east",
    ),
    Damage(
        "a lobby seating a foe of another user",
        "UPDATE lobbies SET seats = json_set(seats, '$[1][0]', 'eve')",
        "east",
    ),
    Damage(
        "a skirmish game with its players swapped",
        'UPDATE games SET seats = \'[["sol", "b", "player"], ["sam", "a", "player"]]\''
        " WHERE channel = 'south'",
        "south",
    ),
    Damage(
        "stray entries of the next game",
        f"INSERT INTO entries SELECT {SOUTH_GAME} + 1, seq, data FROM entries"
        f" WHERE game = {NORTH_GAME}",
        "east",
        IGNORED,
    ),
    Damage(
        "a stray entry of the last game id SQLite has",
        f"INSERT INTO entries VALUES ({2**63 - 1}, 0, '{{}}')",
        "east",
    ),
    Damage(
        "a game deleted, its entries left",
        "DELETE FROM games WHERE channel = 'south'",
        "south",
        LOST,
    ),
    Damage(
        "a copy of a channel's row under a damaged key",
        "INSERT INTO channels SELECT CAST(channel AS BLOB), locale, system, dice FROM channels"
        " WHERE channel = 'north'",
        "north",
        IGNORED,
    ),
    Damage(
        "a copy of a lobby under a damaged key",
        "INSERT INTO lobbies SELECT CAST(channel AS BLOB), system, gm, seats FROM lobbies"
        " WHERE channel = 'east'",
        "east",
        IGNORED,
    ),
    Damage(
        "a copy of a running game under a damaged key",
        "INSERT INTO games (channel, system, rules_version, setup, gm, seats, length)"
        " SELECT CAST(channel AS BLOB), system, rules_version, setup, gm, seats, length"
        " FROM games WHERE channel = 'north'",
        "north",
        IGNORED,
    ),
    Damage(
        "a copy of a channel's tables under a damaged key",
        "INSERT INTO libraries SELECT CAST(channel AS BLOB), tables, decks, states FROM libraries"
        " WHERE channel = 'west'",
        "west",
        IGNORED,
    ),
    Damage(
        "a state of a deck not loaded",
        'UPDATE libraries SET states = \'[{"deck": "tarot", "left": [1]}]\'',
        "west",
    ),
    Damage(
        "a state that does not fit its deck",
        "UPDATE libraries SET states = json_set(states, '$[0].left[0]', 5)",
        "west",
    ),
]

DAMAGE = [*_schema_damage(), *CONTRADICTIONS]


def test_every_column_is_damaged() -> None:
    """The damage covers every column of every table of the schema, each in several ways."""
    columns = {f"{table}.{column}" for table, column, _, _ in _columns()}
    covered = {damage.id.split(" ", 1)[0] for damage in DAMAGE}
    assert columns == covered & columns
    assert len(DAMAGE) > 100


# The world and what it answers undamaged ---------------------------------------------


class QuickStore(Store):
    """The bot's store without waiting for the disk: these tests crash no process."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self._db.execute("PRAGMA synchronous=OFF")


def _replies(db: Path, messages: Sequence[Message]) -> list[list[Outgoing]]:
    store = QuickStore(db)
    try:
        bot = Bot(store, seed=SEED)
        return [bot.handle(Incoming(*message)) for message in messages]
    finally:
        store.close()


@dataclass
class World:
    """The world's database, its probes, and what it answers undamaged (remembered)."""

    db: Path
    scratch: Path
    probes: dict[str, list[list[Message]]]
    answers: dict[tuple[str, ...], list[list[Outgoing]]]
    copies: Iterator[int] = field(default_factory=itertools.count)

    def copy(self, db: Path | None = None) -> Path:
        """A copy of *db* (of the world's, by default) to play on."""
        copy = self.scratch / f"copy{next(self.copies)}.db"
        shutil.copy(db or self.db, copy)
        return copy

    def clean(self) -> None:
        """Delete the copies."""
        for copy in self.scratch.iterdir():
            copy.unlink()

    def healthy(self, messages: list[Message]) -> list[list[Outgoing]]:
        """The replies of a bot on the undamaged world to *messages*, in turn."""
        key = tuple(text for message in messages for text in message)
        if key not in self.answers:
            self.answers[key] = _replies(self.copy(), messages)
        return self.answers[key]

    def others(self, channel: str) -> list[Message]:
        """The probes of every channel but *channel*, in turn."""
        return [
            message
            for name, groups in self.probes.items()
            if name != channel
            for group in groups
            for message in group
        ]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    db = tmp_path_factory.mktemp("world") / "world.db"
    store = QuickStore(db)
    bot = Bot(store, seed=SEED)
    for message in OPENING:
        bot.handle(Incoming(*message))
    for _ in range(MOVES):
        for channel in GAMES:
            move = next_move(bot, channel)
            assert move is not None
            bot.handle(Incoming(*move))
    moves: dict[str, Message] = {}
    for channel in GAMES:
        move = next_move(bot, channel)
        assert move is not None
        moves[channel] = move
    probes = {
        channel: [[moves[channel] if m == MOVE else m for m in group] for group in groups]
        for channel, groups in PROBES.items()
    }
    store.close()
    return World(db, tmp_path_factory.mktemp("copies"), probes, {})


def _same(a: list[Outgoing], b: list[Outgoing]) -> bool:
    """The same replies, but for game numbers (a damaged database may number games on)."""

    def plain(replies: list[Outgoing]) -> list[tuple[str, str]]:
        return [(type(r).__name__, re.sub(r"#\d+", "#N", r.text)) for r in replies]

    return plain(a) == plain(b)


def _refusal(replies: list[Outgoing], channel: str, keys: Sequence[str], locale: str) -> bool:
    """Whether *replies* are one public reply, one of the messages *keys* in *locale*."""
    if len(replies) != 1 or not isinstance(replies[0], Public) or replies[0].channel != channel:
        return False
    for key in keys:
        template = MESSAGES[locale].get(key)
        if template is None:
            continue  # a message this bot does not have
        parts = re.split(r"\{\w+\}", template)
        if re.fullmatch(".*".join(map(re.escape, parts)), replies[0].text, re.DOTALL):
            return True
    return False


LOCALES = {"north": "ja", "south": "zh-Hant", "east": "en", "tavern": "en", "west": "en"}


@pytest.mark.parametrize("damage", DAMAGE, ids=[damage.id for damage in DAMAGE])
def test_a_damaged_row_is_refused_and_every_other_channel_goes_on(
    world: World, damage: Damage
) -> None:
    """The damaged row's channel gets a refusal naming the damage; the others are untouched.

    Each group of the channel's probes is asked of a bot of its own, started on a copy of
    the damaged database.
    """
    damaged = world.copy()
    raw = sqlite3.connect(damaged)
    raw.execute("PRAGMA synchronous=OFF")
    with raw:
        changed = raw.execute(damage.sql).rowcount
    raw.close()
    assert changed > 0, "the damage changed nothing"
    # Every other channel: one bot, every probe in turn, exactly as undamaged.
    others = world.others(damage.victim)
    for got, want in zip(_replies(world.copy(damaged), others), world.healthy(others), strict=True):
        assert _same(got, want)
    # The damaged row's channel: each probe refused, or answered as undamaged.
    locale = damage.locale or LOCALES[damage.victim]
    keys = DAMAGE_KEYS + (LOST_KEYS if damage.expect == LOST else ())
    refusals = 0
    for group in world.probes[damage.victim]:
        answers = zip(_replies(world.copy(damaged), group), world.healthy(group), strict=True)
        for probe, (got, want) in zip(group, answers, strict=True):
            if _refusal(got, damage.victim, keys, locale) and not _same(got, want):
                refusals += 1
            else:
                assert _same(got, want), (probe, got)
    world.clean()
    if damage.expect == IGNORED:
        assert refusals == 0
    else:
        assert refusals > 0
