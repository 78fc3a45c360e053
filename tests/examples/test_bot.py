"""The example chat bot (examples/bot): a scripted session, restarts, channels, damage.

The bot is an example, not part of the package: these tests import it from
``examples/bot`` so that CI keeps it working.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletop_rules
from tabletop_rules import bar2d6, bayside23, from_json, m20, skirmish
from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import replay

ROOT = Path(__file__).resolve().parents[2]
BOT_DIR = ROOT / "examples" / "bot"
sys.path.insert(0, str(BOT_DIR))

from tabletop_bot import Bot, Incoming, Private, Public, Store  # noqa: E402
from tabletop_bot.bot import Game  # noqa: E402
from tabletop_bot.stdio import StdioTransport  # noqa: E402
from tabletop_bot.transport import serve  # noqa: E402

SEED = 2  # every system's scripted game lasts 10 moves or more with it
Message = tuple[str, str, str]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "bot.db"


def shown(replies: list[Public | Private]) -> list[str]:
    """The replies as the stdio transport prints them."""
    return [
        f"[#{r.channel}] {r.text}" if isinstance(r, Public) else f"[@{r.user}] {r.text}"
        for r in replies
    ]


def say(bot: Bot, channel: str, user: str, text: str) -> list[str]:
    return shown(bot.handle(Incoming(channel, user, text)))


def opening(channel: str, system: str) -> list[Message]:
    """Store characters, open a game of *system* in *channel*, seat everyone, start it."""
    if system == "skirmish":
        return [
            (channel, "ann", ".st skirmish vanguard"),
            (channel, "bo", ".st skirmish wilds"),
            (channel, "gm", ".battle skirmish"),
            (channel, "ann", ".join"),
            (channel, "bo", ".join"),
            (channel, "gm", ".fight"),
        ]
    return [
        (channel, "ann", f".st {system} example"),
        (channel, "gm", f".battle {system}"),
        (channel, "ann", ".join"),
        (channel, "gm", ".foe orc"),
        (channel, "gm", ".fight"),
    ]


def next_move(bot: Bot, channel: str) -> Message | None:
    """The message that plays the first legal command of the first one to act."""
    game = bot.games.get(channel)
    if game is None:
        return None
    ruleset = game.system.ruleset
    for actor in ruleset.to_act(game.state):
        legal = ruleset.legal_commands(game.state, actor=actor)
        if legal:
            user = game.controller(actor)
            menu = [
                command
                for mine in game.actors_of(user)
                for command in ruleset.legal_commands(game.state, actor=mine)
            ]
            return channel, user, f".do {menu.index(legal[0]) + 1}"
    return None


def game_script(system: str, moves: int, channel: str = "table") -> list[Message]:
    """A whole script: the opening, then *moves* moves chosen by a throwaway bot."""
    with _scratch_bot() as bot:
        script = opening(channel, system)
        for message in script:
            bot.handle(Incoming(*message))
        for _ in range(moves):
            move = next_move(bot, channel)
            if move is None:
                break
            script.append(move)
            bot.handle(Incoming(*move))
    return script


@contextlib.contextmanager
def _scratch_bot() -> Iterator[Bot]:
    store = Store(":memory:")
    try:
        yield Bot(store, seed=SEED)
    finally:
        store.close()


def run(db: Path, script: list[Message]) -> list[str]:
    store = Store(db)
    try:
        bot = Bot(store, seed=SEED)
        return [line for message in script for line in say(bot, *message)]
    finally:
        store.close()


# A scripted session --------------------------------------------------------------------


def test_scripted_session(db: Path) -> None:
    """Dice, a secret roll, locales, a stored sheet and a check that reads it (M20-036, M20-035)."""
    store = Store(db)
    bot = Bot(store, seed=SEED)
    assert store.journal_mode == "wal"
    assert db.exists()
    dice = SeededDice(SEED ^ zlib.crc32(b"tavern"))
    assert say(bot, "tavern", "ann", "good evening, everyone") == []
    from tabletop_rules.notation import parse

    assert say(bot, "tavern", "ann", "2d6+3 sword") == [
        f"[#tavern] ann: {parse('2d6+3 sword').roll(dice).render('en')}"
    ]
    # A secret roll: the result goes to the roller only; the channel is told a roll was made.
    secret = say(bot, "tavern", "ann", "S2D6>=7 sneak")
    assert secret == [
        f"[@ann] [tavern] {parse('S2D6>=7 sneak').roll(dice).render('en')}",
        "[#tavern] ann rolled secretly.",
    ]
    # The channel's locale: replies, help and the library's explanations follow it.
    assert say(bot, "tavern", "ann", ".lang zh-Hant") == ["[#tavern] 本頻道現在使用繁體中文。"]
    assert say(bot, "tavern", "ann", ".system m20") == ["[#tavern] 本頻道現在使用 m20。"]
    (help_text,) = say(bot, "tavern", "ann", ".help")
    assert "機器人指令" in help_text
    assert "M20+N>=DIFFICULTY" in help_text
    # A system's own command, and the same made secret with S.
    check = parse("M20+4>=困難", system="m20")
    assert say(bot, "tavern", "ann", "M20+4>=困難") == [
        f"[#tavern] ann: {check.resolve(dice).explain('zh-Hant')}"
    ]
    hidden = say(bot, "tavern", "ann", "SM20+4>=困難")
    assert hidden[0] == f"[@ann] [tavern] （暗骰）{check.resolve(dice).explain('zh-Hant')}"
    assert hidden[1] == "[#tavern] ann 擲了暗骰。"
    # A pasted sheet is stored per user and system, and the check reads it.
    sheet = (
        "姓名：阿蒼\n屬性：物攻3 特攻3 物防２ 特防２\n"
        "行事傾向：身體型\n特長：身理＋４ 詭計＋０ 知識＋０ 交涉＋０"
    )
    (stored,) = say(bot, "tavern", "ann", f".st m20 {sheet}")
    assert stored.startswith("[#tavern] 已儲存 ann 的 m20 角色：")
    hero = m20.parse_sheet(sheet)
    expected = m20.SpecialtyCheck.of(hero, m20.Specialty.PHYSIQUE, m20.DifficultyLevel.HARD)
    assert say(bot, "tavern", "ann", ".check 身理 困難") == [
        f"[#tavern] ann: {expected.resolve(dice).explain('zh-Hant')}"
    ]
    assert say(bot, "tavern", "bo", ".check physique 12") == [
        "[#tavern] bo 沒有 m20 角色：請用 .st m20 角色卡 儲存。"
    ]
    # A bad sheet is refused with every problem, localized; a bad command says so.
    (refused,) = say(bot, "tavern", "ann", ".st m20 姓名：X\n屬性：物攻9 特攻3 物防２ 特防２")
    assert "物攻" in refused
    assert say(bot, "tavern", "ann", ".lang ja") == [
        "[#tavern] このチャンネルは日本語になりました。"
    ]
    assert say(bot, "tavern", "ann", "2d6+") == [f"[#tavern] {_refusal('2d6+', 'ja')}"]
    assert say(bot, "tavern", "ann", ".fly")[0].startswith("[#tavern] 不明なコマンド")
    # Everything is in the database: a restarted bot goes on with the same dice.
    store.close()
    store = Store(db)
    again = Bot(store, seed=SEED)
    assert again.channels["tavern"].dice.state == dice.state
    assert again.channels["tavern"].locale == "ja"
    assert say(again, "tavern", "ann", "1d20") == [
        f"[#tavern] ann: {parse('1d20').roll(dice).render('ja')}"
    ]
    store.close()


def _refusal(text: str, locale: str) -> str:
    from tabletop_rules.errors import InvalidNotation
    from tabletop_rules.notation import parse

    with pytest.raises(InvalidNotation) as refused:
        parse(text)
    return refused.value.localized(locale)


@pytest.mark.parametrize("system", ["m20", "bar2d6", "bayside23", "skirmish"])
def test_each_system_plays_from_its_menu(db: Path, system: str) -> None:
    """Each system's game starts from stored sheets (or decks) and plays from the menu."""
    script = game_script(system, 6)
    store = Store(db)
    bot = Bot(store, seed=SEED)
    replies = [say(bot, *message) for message in script]
    started = replies[len(opening("table", system)) - 1]
    assert started[0].startswith("[#table] Game #1 of")
    menu = say(bot, "table", script[-1][1], ".menu")
    assert menu[0].startswith("[#table]")
    played = replies[len(opening("table", system)) :]
    assert played
    assert all(reply[0].startswith("[#table] ") for reply in played)
    game = bot.games.get("table")
    if game is not None:  # still running: its stored record replays, verified, to it
        assert _stored_state(store, game) == game.state
    store.close()


@pytest.mark.parametrize("system", ["m20", "bar2d6", "bayside23", "skirmish"])
@pytest.mark.parametrize("locale", ["ja", "zh-Hant", "zh-Hans"])
def test_menus_are_each_systems_labels_in_the_channels_locale(
    db: Path, system: str, locale: str
) -> None:
    """A menu lists the system's own command_label of each choice, in the channel's locale."""
    store = Store(db)
    bot = Bot(store, seed=SEED)
    for message in game_script(system, 4):
        say(bot, *message)
    say(bot, "table", "gm", f".lang {locale}")
    game = bot.games["table"]
    labels = {
        "m20": m20.command_label,
        "bar2d6": bar2d6.command_label,
        "bayside23": bayside23.command_label,
        "skirmish": skirmish.command_label,
    }[system]
    users = {game.controller(actor) for actor in game.system.ruleset.to_act(game.state)}
    assert users
    for user in sorted(users):
        (menu,) = say(bot, "table", user, ".menu")
        commands = [
            command
            for actor in game.actors_of(user)
            for command in game.system.ruleset.legal_commands(game.state, actor=actor)
        ]
        assert commands
        assert menu.splitlines()[1:] == [
            f"{number}. {labels(command, locale, state=game.state)}"  # type: ignore[operator]
            for number, command in enumerate(commands, 1)
        ]
    store.close()


def _stored_state(store: Store, game: Game) -> object:
    from tabletop_rules.engine import Entry, GameRecord

    (row,) = [row for row in store.running_games() if row.id == game.id]
    ruleset = game.system.ruleset
    entry_type: Any = Entry[ruleset.command_type, ruleset.event_type]  # type: ignore[name-defined]
    record = GameRecord(
        system=row.system,
        rules_version=row.rules_version,
        setup=from_json(row.setup, ruleset.setup_type),
        entries=tuple(from_json(data, entry_type) for _, data in store.entries(game.id)),
    )
    return replay(record, ruleset)


# Restarts ---------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["m20", "bar2d6", "bayside23", "skirmish"])
def test_restart_mid_combat_resumes_exactly(tmp_path: Path, system: str) -> None:
    """A bot stopped in the middle of a game and started again answers exactly as one
    that never stopped: the same replies, the same dice."""
    script = game_script(system, 6)
    cut = len(opening("table", system)) + 3
    whole = run(tmp_path / "whole.db", script)
    first = run(tmp_path / "cut.db", script[:cut])
    store = Store(tmp_path / "cut.db")
    stopped = Bot(store).games["table"]  # the combat is under way, not over
    assert stopped.record.commands > 0
    assert not stopped.system.ruleset.is_over(stopped.state)
    store.close()
    second = run(tmp_path / "cut.db", script[cut:])
    assert whole == first + second
    # The dice stand at the same place too.
    states = []
    for name in ("whole.db", "cut.db"):
        store = Store(tmp_path / name)
        states.append(Bot(store).channels["table"].dice.state)
        store.close()
    assert states[0] == states[1]


# Processes ----------------------------------------------------------------------------

#: The command that runs the bot's process on a database (its path follows).
BOT_COMMAND = [sys.executable, str(BOT_DIR / "bot.py"), "--seed", str(SEED), "--db"]
#: A hang guard for each process: far longer than any of them takes.
PROCESS_TIMEOUT = 120
KILLS = 50


def _bot_env() -> dict[str, str]:
    """The bot process's environment: it imports the same tabletop_rules as this one."""
    package_root = str(Path(tabletop_rules.__file__).resolve().parents[1])
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")]),
    }


def _lines(messages: list[Message]) -> str:
    return "".join(f"#{c} {u}: {t}\n" for c, u, t in messages)


def _printed(replies: list[Public | Private]) -> str:
    return "".join(f"{line}\n" for line in shown(replies))


_TABLES = ("channels", "characters", "lobbies", "games", "entries")


def _dump(db: sqlite3.Connection) -> list[list[tuple[object, ...]]]:
    """Everything the database holds, in order (a table each, as in :data:`_TABLES`)."""
    return [db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in _TABLES]


def _unlike(found: list[list[tuple[object, ...]]], wanted: list[list[tuple[object, ...]]]) -> str:
    """Which tables of *found* differ from *wanted*, with their numbers of rows: for a failure
    that explains itself."""
    return ", ".join(
        f"{table} ({len(a)} rows, {len(b)} wanted)"
        for table, a, b in zip(_TABLES, found, wanted, strict=True)
        if a != b
    )


def _parting(out: str, expected: str) -> str:
    """Where *out* stops being the start of *expected*, with some text around it."""
    pairs = zip(out, expected, strict=False)
    at = next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(out), len(expected)))
    near = slice(max(0, at - 60), at + 60)
    return f"at character {at}: {out[near]!r}, wanted {expected[near]!r}"


def kill_script(length: int) -> list[Message]:
    """Games one after another in two channels, with dice and secret rolls between their
    moves: *length* messages or more, each answered with at least one line."""
    script: list[Message] = []
    with _scratch_bot() as bot:

        def send(message: Message) -> None:
            assert bot.handle(Incoming(*message))
            script.append(message)

        while len(script) < length:
            for channel, system in (("north", "m20"), ("south", "skirmish")):
                if channel not in bot.games:
                    for message in opening(channel, system):
                        send(message)
                move = next_move(bot, channel)
                send(move or (channel, "gm", ".end"))
            send(("tavern", "ann", f"{len(script) % 5 + 1}d6 step"))
            send(("tavern", "ann", "S2D6>=7 sneak"))  # two replies: one may be cut off
    return script


@pytest.mark.needs("a subprocess")
def test_kill_at_random_points_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """SIGKILL the bot's process at 50 random points of a long session, each time starting
    a new one on the database: every reply printed before a kill is in the database, and
    the last process goes on exactly as a bot that was never killed.

    Each process is given the rest of the session at once and killed after a random
    number of its replies, so it dies while it reads, plays, writes or prints the next
    message. A message whose reply was cut off by the kill (or not printed at all) may or
    may not have been stored; the database after the kill must be exactly the one a bot
    that never stopped has after the acknowledged messages, or after one more.
    """
    rng = random.Random(SEED)
    most = 6  # replies a process prints before it is killed
    script = kill_script(KILLS * (most + 1) + 20)  # a kill stores at most most + 1 messages
    # What a bot that never stops prints for each message, and holds after it.
    store = Store(tmp_path / "reference.db")
    store._db.execute("PRAGMA synchronous=OFF")  # no process of it is killed
    reference = Bot(store, seed=SEED)
    printed: list[str] = []
    held = [_dump(store._db)]
    for message in script:
        printed.append(_printed(reference.handle(Incoming(*message))))
        held.append(_dump(store._db))
    store.close()

    db = tmp_path / "killed.db"
    stored = 0  # messages the database holds
    for kill in range(KILLS):
        assert stored < len(script), "the session ended before the last kill"
        out = _killed_after(db, script[stored:], replies=rng.randint(1, most), rng=rng)
        expected = "".join(printed[stored:])
        # What was printed is what the bot prints.
        assert expected.startswith(out), f"kill {kill}, from message {stored}: " + _parting(
            out, expected
        )
        # The messages whose every reply line was printed, and whether the next one's
        # reply was cut off.
        ends = list(itertools.accumulate(len(text) for text in printed[stored:]))
        whole = sum(1 for end in ends if end <= len(out))
        acknowledged = stored + whole
        cut = len(out) > (ends[whole - 1] if whole else 0)
        raw = sqlite3.connect(db)
        found = _dump(raw)
        raw.close()
        # An acknowledged message is stored; the next may be, if its reply was cut off
        # or not printed yet, and must be if part of its reply was printed.
        candidates = [acknowledged + 1] if cut else [acknowledged, acknowledged + 1]
        matches = [n for n in candidates if n < len(held) and held[n] == found]
        assert matches, (
            f"kill {kill}: the database after message {acknowledged} "
            f"({'its next reply cut off' if cut else 'no reply cut off'}) holds neither; "
            + "; ".join(
                f"against the reference after {n} messages: {_unlike(found, held[n])}"
                for n in candidates
                if n < len(held)
            )
        )
        stored = matches[-1]
    end = stored + 20  # and the last process goes on as the bot that never stopped
    rest = subprocess.run(
        [*BOT_COMMAND, str(db)],
        input=_lines(script[stored:end]),
        capture_output=True,
        text=True,
        check=True,
        env=_bot_env(),
        timeout=PROCESS_TIMEOUT,
    )
    assert rest.stdout == "".join(printed[stored:end]), "the last process: " + _parting(
        rest.stdout, "".join(printed[stored:end])
    )
    raw = sqlite3.connect(db)
    found = _dump(raw)
    raw.close()
    assert found == held[end], f"the last process leaves {_unlike(found, held[end])}"


def _killed_after(db: Path, messages: list[Message], *, replies: int, rng: random.Random) -> str:
    """Start the bot on *db*, give it *messages*, and SIGKILL it once it has printed
    *replies* lines (and a random moment more); everything it printed."""
    with subprocess.Popen(
        [*BOT_COMMAND, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=_bot_env(),
    ) as bot:
        assert bot.stdin is not None
        assert bot.stdout is not None
        stdin = bot.stdin

        def feed() -> None:
            with contextlib.suppress(BrokenPipeError, ValueError):
                stdin.write(_lines(messages))
                stdin.close()

        hang_guard = threading.Timer(PROCESS_TIMEOUT, bot.kill)
        hang_guard.start()
        threading.Thread(target=feed, daemon=True).start()
        out = ""
        for _ in range(replies):
            out += bot.stdout.readline()
        time.sleep(rng.random() / 100)  # not measured: only moves where the kill lands
        bot.kill()  # SIGKILL: no clean-up, no close
        out += bot.stdout.read()  # what it printed before it died
        hang_guard.cancel()
    assert bot.returncode == -signal.SIGKILL
    return out


@pytest.mark.needs("a subprocess")
def test_a_second_process_on_the_same_database_is_refused(tmp_path: Path) -> None:
    """While a bot process has the database open, a second one (an old process not yet
    stopped during a deploy) is refused at start and changes nothing; the first goes on,
    and once it has stopped the next one starts where it stopped."""
    db = tmp_path / "bot.db"
    session: list[Message] = [("t", "ann", "1d20"), ("t", "bo", "1d20"), ("t", "cy", "1d20")]
    expected = run(tmp_path / "reference.db", session)
    with subprocess.Popen(
        [*BOT_COMMAND, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=_bot_env(),
    ) as first:
        assert first.stdin is not None
        assert first.stdout is not None
        first.stdin.write(_lines(session[:1]))
        first.stdin.flush()
        assert first.stdout.readline() == f"{expected[0]}\n"  # it is up, and holds the file
        second = subprocess.run(
            [*BOT_COMMAND, str(db)],
            check=False,
            input=_lines(session[1:2]),
            capture_output=True,
            text=True,
            env=_bot_env(),
            timeout=PROCESS_TIMEOUT,
        )
        assert second.returncode == 1
        assert second.stdout == ""
        assert "in use by another process" in second.stderr
        first.stdin.write(_lines(session[1:2]))
        first.stdin.close()
        assert first.stdout.read() == f"{expected[1]}\n"  # the dice go on as if alone
    assert first.wait(PROCESS_TIMEOUT) == 0
    third = subprocess.run(
        [*BOT_COMMAND, str(db)],
        input=_lines(session[2:]),
        capture_output=True,
        text=True,
        check=True,
        env=_bot_env(),
        timeout=PROCESS_TIMEOUT,
    )
    assert third.stdout == f"{expected[2]}\n"


def test_a_second_store_on_the_same_file_is_refused(db: Path) -> None:
    """The store holds SQLite's lock from open to close: a second one is refused at once."""
    from tabletop_bot.store import DatabaseInUse

    first = Store(db)
    with pytest.raises(DatabaseInUse, match="in use by another process"):
        Store(db)
    first.close()
    Store(db).close()  # closed, the file is free again


def test_crash_inside_the_write_loses_and_repeats_nothing(db: Path) -> None:
    """An entry and the dice state are one transaction: a crash before the commit
    stores neither, and the next bot plays that command again with the same dice."""
    script = game_script("m20", 3)
    whole = run(db.with_name("whole.db"), script)

    class Crash(Exception):
        pass

    class CrashingStore(Store):
        crash = False

        def append_entry(self, *args: Any, **kwargs: Any) -> None:
            if not self.crash:
                return super().append_entry(*args, **kwargs)
            # Store the entry (in the message's transaction), then die before the dice
            # state and the commit.
            assert self._db.in_transaction
            self._db.execute(
                "INSERT INTO entries (game, seq, data) VALUES (?, ?, ?)", (1, 999, "{}")
            )
            raise Crash

    store = CrashingStore(db)
    bot = Bot(store, seed=SEED)
    replies = [line for message in script[:-1] for line in say(bot, *message)]
    store.crash = True
    with pytest.raises(Crash):
        bot.handle(Incoming(*script[-1]))
    store.close()  # the process is gone, and its open transaction with it
    store = Store(db)
    assert [seq for seq, _ in store.entries(1)] == list(range(len(store.entries(1))))
    bot = Bot(store, seed=SEED)
    replies += say(bot, *script[-1])
    assert replies == whole
    store.close()


# Two channels ---------------------------------------------------------------------------


def test_two_channels_play_at_once(tmp_path: Path) -> None:
    """An m20 combat and a skirmish game interleaved give each channel the replies it
    gets when played alone: each channel has its own dice and its own game."""
    combat = game_script("m20", 6, channel="north")
    cards = game_script("skirmish", 6, channel="south")
    mixed: list[Message] = []
    for pair in zip(combat, cards, strict=False):
        mixed.extend(pair)
    longer = combat if len(combat) > len(cards) else cards
    mixed.extend(longer[min(len(combat), len(cards)) :])
    together = run(tmp_path / "both.db", mixed)
    alone = run(tmp_path / "north.db", combat) + run(tmp_path / "south.db", cards)

    def channel_lines(lines: list[str], name: str) -> list[str]:
        # The game ids differ (one database or two); everything else is the same.
        return [re.sub(r"#\d+ ", "#N ", line) for line in lines if line.startswith(f"[#{name}]")]

    for name in ("north", "south"):
        assert channel_lines(together, name) == channel_lines(alone, name)
        assert channel_lines(together, name)


# Damage ---------------------------------------------------------------------------------


def _flip_an_outcome(raw: sqlite3.Connection) -> None:
    (data,) = raw.execute("SELECT data FROM entries WHERE game = 1 AND seq = 0").fetchone()
    entry = json.loads(data)
    check = entry["events"][0]["strikes"][0]["check"]
    check["outcome"] = "failure" if check["outcome"] == "success" else "success"
    raw.execute("UPDATE entries SET data = ? WHERE game = 1 AND seq = 0", (json.dumps(entry),))


def _two_games(db: Path) -> None:
    run(db, game_script("m20", 2, channel="north") + game_script("bar2d6", 2, channel="south"))


@pytest.mark.parametrize(
    ("damage", "detail"),
    [
        # An outcome changed: legal play with the recorded dice gives another event.
        (_flip_an_outcome, "The record is corrupt at entry 0"),
        # A die face too many: the entry's faces and its events' rolls do not fit.
        (
            "UPDATE entries SET data = replace(data, '\"faces\":[', '\"faces\":[1,') "
            "WHERE game = 1 AND seq = 0",
            "The record is corrupt at entry 0",
        ),
        (
            'UPDATE entries SET data = \'{"type": "Nonsense"\' WHERE game = 1 AND seq = 1',
            "The record is corrupt at entry 1",
        ),
        ("UPDATE games SET seats = '5' WHERE id = 1", "the seats are not a list"),
        ("UPDATE games SET seats = 'not json' WHERE id = 1", "the seats are not a list"),
        ("DELETE FROM entries WHERE game = 1 AND seq = 0", "missing"),
    ],
)
def test_a_damaged_game_is_refused_and_the_others_go_on(
    db: Path, damage: str | Callable[[sqlite3.Connection], None], detail: str
) -> None:
    """A damaged row is refused with a clear message; the other channel plays on."""
    _two_games(db)
    raw = sqlite3.connect(db)
    with raw:
        if callable(damage):
            damage(raw)
        else:
            raw.execute(damage)
    raw.close()
    store = Store(db)
    bot = Bot(store, seed=SEED)
    assert set(bot.broken) == {"north"}
    (refusal,) = say(bot, "north", "ann", ".menu")
    assert refusal.startswith("[#north] Game #1 cannot be resumed: its stored record is refused (")
    assert detail in refusal
    assert say(bot, "north", "ann", ".do 1") == [refusal]
    # Chat dice still roll in that channel, and the other game goes on.
    assert say(bot, "north", "ann", "1d6")[0].startswith("[#north] ann: (1D6)")
    move = next_move(bot, "south")
    assert move is not None
    assert not say(bot, *move)[0].startswith("[#south] Game #2 cannot")
    # Only the GM may set the damaged game aside; then the channel is free again.
    assert say(bot, "north", "ann", ".end") == ["[#north] Only the GM (gm) may do that."]
    assert say(bot, "north", "gm", ".end") == ["[#north] Game #1 ends."]
    assert say(bot, "north", "gm", ".battle m20")[0].startswith("[#north] gm opens")
    store.close()


def test_a_damaged_lobby_is_set_aside_and_the_others_go_on(db: Path) -> None:
    """A lobby row that does not read leaves its channel without a lobby; nothing else stops."""
    run(db, [("north", "gm", ".battle m20"), *game_script("bar2d6", 1, channel="south")])
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("UPDATE lobbies SET seats = 'not json' WHERE channel = 'north'")
    raw.close()
    store = Store(db)
    bot = Bot(store, seed=SEED)
    assert set(bot.damaged_lobbies) == {"north"}
    assert "north" not in bot.lobbies
    assert "south" in bot.games
    assert say(bot, "north", "gm", ".battle m20")[0].startswith("[#north] gm opens")
    store.close()


def test_damaged_dice_are_refused(db: Path) -> None:
    """A channel whose stored dice cannot be read rolls nothing, and says why."""
    run(db, [("north", "ann", "1d6"), ("south", "ann", "1d6")])
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("UPDATE channels SET dice = '{\"seed\": 1}' WHERE channel = 'north'")
    raw.close()
    store = Store(db)
    bot = Bot(store, seed=SEED)
    (refusal,) = say(bot, "north", "ann", "1d6")
    assert refusal.startswith("[#north] This channel's stored dice are damaged (")
    # Changing the channel's settings keeps the damaged row as it is, for an operator.
    assert say(bot, "north", "ann", ".lang ja") == ["[#north] このチャンネルは日本語になりました。"]
    assert [row.dice for row in store.channels() if row.channel.name == "north"] == ['{"seed": 1}']
    assert say(bot, "south", "ann", "1d6")[0].startswith("[#south] ann: (1D6)")
    store.close()


def test_a_new_game_never_takes_the_entries_of_a_lost_one(db: Path) -> None:
    """A game whose row is gone leaves its entries behind; the next game is numbered past
    them, plays, and resumes with its own entries only."""
    run(db, game_script("m20", 3, channel="north"))
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("DELETE FROM games")
    raw.close()
    script = game_script("m20", 3, channel="south")
    replies = run(db, script)
    alone = run(db.with_name("alone.db"), script)
    assert replies == [line.replace("Game #1 ", "Game #2 ") for line in alone]
    store = Store(db)
    bot = Bot(store, seed=SEED)
    game = bot.games["south"]
    assert game.id == 2
    assert _stored_state(store, game) == game.state
    store.close()


def test_a_database_without_game_lengths_gets_them(db: Path) -> None:
    """A database made before ``games.length`` existed is given the column, filled in
    from the entries, and its games resume."""
    script = game_script("m20", 4, channel="north")
    run(db, script[:-1])
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("ALTER TABLE games DROP COLUMN length")
    raw.close()
    assert run(db, script[-1:]) == run(db.with_name("whole.db"), script)[-1:]


# The stdio transport ----------------------------------------------------------------------


def test_stdio_reads_headers_and_pasted_sheets() -> None:
    import io

    text = "2d6\n#t ann: .st m20 <<\n姓名：A\n屬性：物攻3\n\n#t bo: hi\n"
    received = list(StdioTransport(io.StringIO(text), io.StringIO()).receive())
    assert received == [
        Incoming("main", "you", "2d6"),
        Incoming("t", "ann", ".st m20\n姓名：A\n屬性：物攻3"),
        Incoming("t", "bo", "hi"),
    ]


def test_the_session_in_the_bots_guide(db: Path) -> None:
    """docs/bots.md shows a session: typed lines after ``>``, the bot's lines after them.

    Played through the stdio transport with the same seed, it gives exactly those lines.
    """
    import io

    guide = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    block = guide.split("```text\n", 1)[1].split("```\n", 1)[0].splitlines()
    typed = [line[2:] if line.startswith("> ") else "" for line in block if line.startswith(">")]
    shown = [line for line in block if not line.startswith(">")]
    out = io.StringIO()
    store = Store(db)
    serve(Bot(store, seed=7), StdioTransport(io.StringIO("\n".join(typed) + "\n"), out))
    store.close()
    assert out.getvalue().splitlines() == shown


@pytest.mark.parametrize("tag", ["zh-Hans", "zh-CN", "zh"])
def test_a_channel_in_simplified_chinese(db: Path, tag: str) -> None:
    """``.lang zh-Hans`` (or a tag that resolves to it) sets the channel to Simplified Chinese:
    the bot's replies and the library's explanations follow, and Simplified commands read."""
    store = Store(db)
    bot = Bot(store, seed=SEED)
    assert say(bot, "tavern", "ann", f".lang {tag}") == ["[#tavern] 本频道现在使用简体中文。"]
    say(bot, "tavern", "ann", ".system m20")
    (reply,) = say(bot, "tavern", "ann", "M20+4>=困难")
    assert re.fullmatch(
        r"\[#tavern\] ann: 1D20\[\d+\] \+4 修正 = \d+ [≥<] 16（困难） (成功|失败)", reply
    )
    store.close()


def test_every_message_in_every_locale() -> None:
    """The bot's own catalog has every message in every shipped locale, with the same fields."""
    from string import Formatter

    from tabletop_bot.messages import MESSAGES
    from tabletop_rules.i18n import LOCALES

    assert set(MESSAGES) == set(LOCALES)
    english = MESSAGES["en"]
    for locale in LOCALES:
        assert set(MESSAGES[locale]) == set(english), locale
        for key, template in MESSAGES[locale].items():
            fields = {name for _, name, _, _ in Formatter().parse(template) if name}
            assert fields == {n for _, n, _, _ in Formatter().parse(english[key]) if n}, key


def test_an_s_never_rolls_in_public(db: Path) -> None:
    """Text after an S that is not a secret command rolls nothing, rather than in public."""
    store = Store(db)
    bot = Bot(store, seed=SEED)
    say(bot, "t", "ann", ".system m20")
    before = bot.channels["t"].dice.state
    for text in ["S 2d6", "Ss2d6", "So, 2d6 then?"]:
        assert say(bot, "t", "ann", text) == []
    assert bot.channels["t"].dice.state == before
    replies = say(bot, "t", "ann", "sm20+4>=16")
    assert replies[0].startswith("[@ann] [t] (secret) 1D20[")
    assert replies[1] == "[#t] ann rolled secretly."
    store.close()


def test_a_lobby_survives_a_restart_and_belongs_to_its_gm(db: Path) -> None:
    run(
        db,
        [("t", "ann", ".st bar2d6 example"), ("t", "gm", ".battle bar2d6"), ("t", "ann", ".join")],
    )
    store = Store(db)
    bot = Bot(store, seed=SEED)
    assert say(bot, "t", "ann", ".battle m20") == ["[#t] Only the GM (gm) may do that."]
    assert say(bot, "t", "ann", ".fight") == ["[#t] Only the GM (gm) may do that."]
    assert say(bot, "t", "ann", ".join") == ["[#t] ann is already in this game."]
    assert say(bot, "t", "gm", ".foe orc") == ["[#t] Foe orc joins (a copy of the example sheet)."]
    assert say(bot, "t", "gm", ".foe orc") == ["[#t] “orc” cannot be used: pick another id."]
    assert say(bot, "t", "gm", ".fight")[0] == "[#t] Game #1 of bar2d6 begins."
    assert say(bot, "t", "gm", ".battle m20") == [
        "[#t] This channel already has a game (#1); the GM may .end it."
    ]
    store.close()


@pytest.mark.parametrize(
    ("system", "words", "check"),
    [
        (
            "bar2d6",
            "3 攀爬 繩鉤",
            lambda c: bar2d6.GMCheck(terms=bar2d6.check_terms(c, ["攀爬", "繩鉤"]), difficulty=3),
        ),
        ("bayside23", "外科手術 8", lambda c: bayside23.ActionCheck.of(c, "外科手術", 8)),
        ("bayside23", "10", lambda c: bayside23.ActionCheck.of(c, None, 10)),
    ],
)
def test_checks_read_the_stored_character(
    db: Path, system: str, words: str, check: Callable[[Any], Any]
) -> None:
    """``.check`` resolves the system's check of the stored sheet (B2D6-28, B2D6-33, BAY-39)."""
    module = {"bar2d6": bar2d6, "bayside23": bayside23}[system]
    store = Store(db)
    bot = Bot(store, seed=SEED)
    say(bot, "t", "ann", f".system {system}")
    assert say(bot, "t", "ann", f".check {words}") == [
        f"[#t] ann has no {system} character: store one with .st {system} SHEET."
    ]
    say(bot, "t", "ann", f".st {system} example")
    dice = SeededDice.resume(bot.channels["t"].dice.state)
    expected = check(module.parse_sheet(module.EXAMPLE_SHEET)).resolve(dice).explain("en")
    assert say(bot, "t", "ann", f".check {words}") == [f"[#t] ann: {expected}"]
    assert bot.channels["t"].dice.state == dice.state
    store.close()


def test_a_damaged_character_is_refused(db: Path) -> None:
    """A stored character that does not read is refused with the reason; others still read."""
    run(db, [("t", "ann", ".st m20 example"), ("t", "bo", ".st m20 example")])
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("UPDATE characters SET data = '{\"name\": 3}' WHERE user = 'ann'")
    raw.close()
    store = Store(db)
    bot = Bot(store, seed=SEED)
    say(bot, "t", "ann", ".system m20")
    (refusal,) = say(bot, "t", "ann", ".check physique 12")
    assert refusal.startswith("[#t] ann's stored m20 character is damaged and cannot be read (")
    assert say(bot, "t", "bo", ".check physique 12")[0].startswith("[#t] bo: 1D20[")
    store.close()


# Replies quote at most a little of what they were given -------------------------------

HUGE = "ab" * 50_000  # a 100,000-character word, name or id
#: Every reply that quotes what a user gave, with the messages that lead to it: ``{}`` is
#: the user's text (a word, their name, a foe's id).
QUOTING: dict[str, list[Message]] = {
    "unknown command": [("t", "ann", ".{}")],
    "unknown system": [("t", "ann", ".system {}")],
    "unknown system of a sheet": [("t", "ann", ".st {}")],
    "unknown system of a game": [("t", "ann", ".battle {}")],
    "unknown language": [("t", "ann", ".lang {}")],
    "unknown specialty": [
        ("t", "ann", ".system m20"),
        ("t", "ann", ".st m20 example"),
        ("t", "ann", ".check {} 10"),
    ],
    "unknown difficulty": [
        ("t", "ann", ".system m20"),
        ("t", "ann", ".st m20 example"),
        ("t", "ann", ".check physique {}"),
    ],
    "not a number (bar2d6)": [
        ("t", "ann", ".system bar2d6"),
        ("t", "ann", ".st bar2d6 example"),
        ("t", "ann", ".check {}"),
    ],
    "not a number (bayside23)": [
        ("t", "ann", ".system bayside23"),
        ("t", "ann", ".st bayside23 example"),
        ("t", "ann", ".check {}"),
    ],
    "a foe's id": [("t", "gm", ".battle m20"), ("t", "gm", ".foe {}")],
    "a roller's name": [("t", "{}", "1d6")],
    "a secret roller's name": [("t", "{}", "S2d6")],
    "a checker's name": [("t", "{}", ".system m20"), ("t", "{}", ".st m20 example")],
    "a name with no character": [("t", "{}", ".system m20"), ("t", "{}", ".check physique 10")],
    "a GM's name": [("t", "{}", ".battle m20"), ("t", "bo", ".fight")],
    "a player's name and id": [
        ("t", "{}", ".st m20 example"),
        ("t", "gm", ".battle m20"),
        ("t", "{}", ".join"),
        ("t", "{}", ".join"),
    ],
    "a GM's name as a foe's template": [
        ("t", "{}", ".st m20 example"),
        ("t", "{}", ".battle m20"),
        ("t", "{}", ".foe orc"),
    ],
    "players' names in a game": [
        ("t", "{}", ".st skirmish vanguard"),
        ("t", "bo", ".st skirmish wilds"),
        ("t", "gm", ".battle skirmish"),
        ("t", "{}", ".join"),
        ("t", "bo", ".join"),
        ("t", "gm", ".fight"),
        ("t", "{}", ".menu"),
        ("t", "bo", ".menu"),
    ],
}


def _said(db: Path, messages: list[Message], text: str) -> list[list[str]]:
    """The texts of the replies to *messages* with *text* in them (not whom they go to)."""
    store = Store(db)
    try:
        bot = Bot(store, seed=SEED)
        filled = [tuple(part.replace("{}", text) for part in message) for message in messages]
        return [[reply.text for reply in bot.handle(Incoming(*message))] for message in filled]
    finally:
        store.close()


@pytest.mark.parametrize("messages", QUOTING.values(), ids=QUOTING.keys())
def test_a_reply_quotes_at_most_a_few_words_of_what_it_was_given(
    tmp_path: Path, messages: list[Message]
) -> None:
    """A 100,000-character word, name or id is quoted as its first characters and an
    ellipsis, ``QUOTE_LIMIT`` characters in all: the replies are those to that shortened
    text, and each fits in a chat message."""
    from tabletop_bot.messages import QUOTE_LIMIT, quote

    shortened = quote(HUGE)
    assert len(shortened) == QUOTE_LIMIT
    replies = _said(tmp_path / "huge.db", messages, HUGE)
    assert replies == _said(tmp_path / "short.db", messages, shortened)
    lines = [line for reply in replies for line in reply]
    assert any("…" in line for line in lines)
    assert not any(HUGE[:QUOTE_LIMIT] in line for line in lines)
    assert all(len(line) < 2_000 for line in lines)


def test_every_message_quotes_at_most_a_few_words() -> None:
    """Each of the bot's messages, in every locale, quotes a user's text (a word, a name,
    an id) as at most ``QUOTE_LIMIT`` characters, whatever its length."""
    from string import Formatter

    from tabletop_bot.messages import MESSAGES, QUOTE_LIMIT, QUOTED_FIELDS, say

    for locale, messages in MESSAGES.items():
        for key, template in messages.items():
            fields = [name for _, name, _, _ in Formatter().parse(template) if name]
            short = say(key, locale, **dict.fromkeys(fields, ""))
            for field in set(fields) & QUOTED_FIELDS:
                huge = say(key, locale, **{**dict.fromkeys(fields, ""), field: HUGE})
                room = QUOTE_LIMIT * fields.count(field)
                assert len(huge) <= len(short) + room, (locale, key, field)


def test_stdio_tells_the_operator_what_it_could_not_use(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The stdio bot lists each damaged row on standard error when it starts, and serves."""
    import io

    from tabletop_bot.stdio import main

    run(db, [("north", "ann", "1d6"), ("south", "gm", ".battle m20")])
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("UPDATE channels SET dice = 'oops' WHERE channel = 'north'")
        raw.execute("UPDATE lobbies SET system = 'nosuch'")
    raw.close()
    monkeypatch.setattr(sys, "stdin", io.StringIO("#north ann: 1d6\n"))
    main(["--db", str(db)])
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        "tabletop_bot: the lobby of #south not resumed: “nosuch” is no system the bot plays",
        "tabletop_bot: #north: the stored dice is damaged: Invalid data at $: not valid JSON:"
        " Expecting value: line 1 column 1 (char 0)",
    ]
    assert out.startswith("[#north] This channel's stored dice are damaged (")
