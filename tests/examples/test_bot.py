"""The example chat bot (examples/bot): a scripted session, restarts, channels, damage.

The bot is an example, not part of the package: these tests import it from
``examples/bot`` so that CI keeps it working.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import subprocess
import sys
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

SEED = 2026
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
@pytest.mark.parametrize("locale", ["ja", "zh-Hant"])
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
    from tabletop_rules.engine import GameRecord

    (row,) = [row for row in store.running_games() if row.id == game.id]
    ruleset = game.system.ruleset
    record = GameRecord(
        system=row.system,
        rules_version=row.rules_version,
        setup=from_json(row.setup, ruleset.setup_type),
        events=tuple(from_json(data, ruleset.event_type) for _, data in store.events(game.id)),
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
    assert stopped.events > 0
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


@pytest.mark.needs("a subprocess")
def test_kill_and_restart_process(tmp_path: Path) -> None:
    """SIGKILL the bot's process in the middle of a combat; the next process goes on."""
    script = game_script("m20", 6)
    cut = len(opening("table", "m20")) + 2
    probe: Message = ("probe", "x", ".system nothing")  # a reply that says the input was read
    lines = [f"#{c} {u}: {t}" for c, u, t in [*script[:cut], probe, *script[cut:]]]
    command = [sys.executable, str(BOT_DIR / "bot.py"), "--seed", str(SEED), "--db"]
    # The child imports the same tabletop_rules as this process.
    package_root = str(Path(tabletop_rules.__file__).resolve().parents[1])
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")]),
    }

    whole = subprocess.run(
        [*command, str(tmp_path / "whole.db")],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.splitlines()

    with subprocess.Popen(
        [*command, str(tmp_path / "cut.db")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    ) as killed:
        assert killed.stdin is not None
        assert killed.stdout is not None
        killed.stdin.write("\n".join(lines[: cut + 1]) + "\n")
        killed.stdin.flush()
        before: list[str] = []
        for line in killed.stdout:
            before.append(line.rstrip("\n"))
            if line.startswith("[#probe]"):
                break
        killed.kill()  # SIGKILL: no clean-up, no close
    assert killed.returncode == -9
    after = subprocess.run(
        [*command, str(tmp_path / "cut.db")],
        input="\n".join(lines[cut + 1 :]) + "\n",
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.splitlines()
    assert whole == before + after


def test_crash_inside_the_write_loses_and_repeats_nothing(db: Path) -> None:
    """The events and the dice state are one transaction: a crash before the commit
    stores neither, and the next bot plays that command again with the same dice."""
    script = game_script("m20", 3)
    whole = run(db.with_name("whole.db"), script)

    class Crash(Exception):
        pass

    class CrashingStore(Store):
        crash = False

        def append_events(self, *args: Any, **kwargs: Any) -> None:
            if not self.crash:
                return super().append_events(*args, **kwargs)
            # Store the events, then die before the dice state and the commit.
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO events (game, seq, data) VALUES (?, ?, ?)", (1, 999, "{}")
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
    assert [seq for seq, _ in store.events(1)] == list(range(len(store.events(1))))
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
    (data,) = raw.execute("SELECT data FROM events WHERE game = 1 AND seq = 0").fetchone()
    event = json.loads(data)
    check = event["strikes"][0]["check"]
    check["outcome"] = "failure" if check["outcome"] == "success" else "success"
    raw.execute("UPDATE events SET data = ? WHERE game = 1 AND seq = 0", (json.dumps(event),))


def _two_games(db: Path) -> None:
    run(db, game_script("m20", 2, channel="north") + game_script("bar2d6", 2, channel="south"))


@pytest.mark.parametrize(
    ("damage", "detail"),
    [
        # An outcome changed: legal play with the recorded dice gives another event.
        (_flip_an_outcome, "The record is corrupt at event 0"),
        # A die face too many: the event does not read.
        (
            "UPDATE events SET data = replace(data, '\"faces\":[', '\"faces\":[1,') "
            "WHERE game = 1 AND seq = 0",
            "The record is corrupt at event 0",
        ),
        (
            'UPDATE events SET data = \'{"type": "Nonsense"\' WHERE game = 1 AND seq = 1',
            "The record is corrupt at event 1",
        ),
        ("UPDATE games SET seats = '5' WHERE id = 1", "the seats are not a list"),
        ("UPDATE games SET seats = 'not json' WHERE id = 1", "Expecting value"),
        ("DELETE FROM events WHERE game = 1 AND seq = 0", "missing"),
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
    assert [row.dice for row in store.channels() if row.channel == "north"] == ['{"seed": 1}']
    assert say(bot, "south", "ann", "1d6")[0].startswith("[#south] ann: (1D6)")
    store.close()


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
