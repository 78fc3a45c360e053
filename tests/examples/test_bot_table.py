"""The example bot at the table: undo, session logs, the end of a game, and the rough edges.

Issue 24, items 6 and 7: ``.undo`` (the GM's), ``.log`` (the session log, in the channel's
language), ``.end`` with the result and the log offered; a secret roll seen by the roller and
the channel's GM; ``.lang`` alone; ``.st skirmish`` that says "deck"; a menu item chosen by
its words. Issue 21: the bot plays every registered system through its ``RuleSystem``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .test_bot import SEED, Message, game_script, next_move, opening, say

from tabletop_bot import Bot, Store  # isort: skip
from tabletop_bot.systems import SYSTEMS, playable  # isort: skip
from tabletop_rules import engine, exports, m20, skirmish  # isort: skip
from tabletop_rules.errors import IllegalCommand  # isort: skip
from tabletop_rules.sessionlog import SessionLog  # isort: skip
from tabletop_rules.systems import Registry  # isort: skip


def _bot(db: Path, script: list[Message]) -> tuple[Store, Bot]:
    """A bot on *db* that has been sent *script*."""
    store = Store(db)
    bot = Bot(store, seed=SEED)
    for message in script:
        say(bot, *message)
    return store, bot


# Undo -----------------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["m20", "bar2d6", "bayside23", "skirmish"])
def test_undo_gives_the_state_before_the_last_command(tmp_path: Path, system: str) -> None:
    """``.undo`` takes back the last command: the game's state is the one before it, and
    its stored record replays, verified, to that state after a restart."""
    script = game_script(system, 4)
    store, shorter = _bot(tmp_path / "shorter.db", script[:-1])
    expected = shorter.games["table"].state
    store.close()
    store, bot = _bot(tmp_path / "undone.db", script)
    (reply,) = say(bot, "table", "gm", ".undo")
    assert reply.startswith("[#table] The GM takes back 1 command(s) of game #1.\nNext: ")
    assert expected == bot.games["table"].state
    store.close()
    store = Store(tmp_path / "undone.db")
    assert expected == Bot(store, seed=SEED).games["table"].state
    store.close()


def test_undo_takes_back_n_commands(tmp_path: Path) -> None:
    """``.undo N`` takes back the last N commands."""
    script = game_script("m20", 5)
    store, shorter = _bot(tmp_path / "shorter.db", script[:-3])
    expected = shorter.games["table"].state
    store.close()
    store, bot = _bot(tmp_path / "undone.db", script)
    say(bot, "table", "gm", ".undo 3")
    assert expected == bot.games["table"].state
    store.close()


def test_the_next_command_after_an_undo_rolls_new_dice(tmp_path: Path) -> None:
    """The dice are not turned back: a command played again after an undo rolls on."""
    store, bot = _bot(tmp_path / "bot.db", game_script("m20", 2))
    dice = bot.channels["table"].dice.state
    say(bot, "table", "gm", ".undo")
    assert dice == bot.channels["table"].dice.state
    store.close()


def test_only_the_gm_may_undo(tmp_path: Path) -> None:
    """A player's ``.undo`` is refused and changes nothing."""
    store, bot = _bot(tmp_path / "bot.db", game_script("m20", 2))
    game = bot.games["table"]
    record = game.record
    assert ["[#table] Only the GM (gm) may do that."] == say(bot, "table", "ann", ".undo")
    assert record == bot.games["table"].record
    store.close()


def test_an_undo_past_the_start_is_refused(tmp_path: Path) -> None:
    """Undoing more commands than were played is the library's refusal, in the channel's
    language, and changes nothing."""
    store, bot = _bot(tmp_path / "bot.db", [*game_script("m20", 2), ("table", "gm", ".lang ja")])
    record = bot.games["table"].record
    with pytest.raises(IllegalCommand) as refused:
        engine.undo(record, 3)
    assert [f"[#table] {refused.value.localized('ja')}"] == say(bot, "table", "gm", ".undo 3")
    assert record == bot.games["table"].record
    store.close()


@pytest.mark.parametrize("words", ["x", "-1", "1 2"])
def test_an_undo_of_anything_but_a_count_is_refused(tmp_path: Path, words: str) -> None:
    """``.undo`` takes a whole number of commands, or nothing."""
    store, bot = _bot(tmp_path / "bot.db", game_script("m20", 2))
    assert ["[#table] Usage: .undo [N]"] == say(bot, "table", "gm", f".undo {words}")
    store.close()


def test_undo_without_a_game_is_refused(tmp_path: Path) -> None:
    """With no game running, ``.undo`` says so."""
    store, bot = _bot(tmp_path / "bot.db", [])
    assert ["[#t] No game is running here."] == say(bot, "t", "gm", ".undo")
    store.close()


# Session logs and the end of a game ------------------------------------------------------


@pytest.mark.parametrize("system", ["m20", "bar2d6", "bayside23", "skirmish"])
@pytest.mark.parametrize("markup", ["text", "markdown", "bbcode"])
def test_log_is_the_session_log_of_the_game(tmp_path: Path, system: str, markup: str) -> None:
    """``.log [markup]`` answers with the library's session log of the game's record, in the
    channel's language and the markup asked for."""
    script = [("table", "gm", ".lang zh-Hant"), *game_script(system, 4)]
    store, bot = _bot(tmp_path / "bot.db", script)
    record = bot.games["table"].record
    log = SessionLog.of(record, "zh-Hant").render(markup)
    words = ".log" if markup == "text" else f".log {markup}"
    assert [f"[#table] 第 #1 局的團錄：\n{log}"] == say(bot, "table", "ann", words)
    store.close()


def test_end_shows_the_result_and_offers_the_log(tmp_path: Path) -> None:
    """``.end`` says the game ends, how it ended, and that ``.log`` gives its log; ``.log``
    then gives the ended game's log, read back from the database."""
    store, bot = _bot(tmp_path / "bot.db", game_script("m20", 2))
    record = bot.games["table"].record
    assert [
        "[#table] Game #1 ends.\n"
        "The game ended before the rules decided it: no result.\n"
        ".log gives its session log (.log markdown, .log bbcode for a forum)."
    ] == say(bot, "table", "gm", ".end")
    store.close()
    store = Store(tmp_path / "bot.db")
    again = Bot(store, seed=SEED)
    log = SessionLog.of(record, "en").render()
    assert [f"[#table] Session log of game #1:\n{log}"] == say(again, "table", "ann", ".log")
    store.close()


def test_a_game_played_to_its_end_offers_the_log(tmp_path: Path) -> None:
    """The move that ends a game says who won and offers the log, whose result agrees."""
    store, bot = _bot(tmp_path / "bot.db", opening("table", "m20"))
    record = None
    for _ in range(200):
        game = bot.games.get("table")
        if game is None:
            break
        record = game.record
        move = next_move(bot, "table")
        assert move is not None
        (last,) = say(bot, *move)
    assert "table" not in bot.games
    assert last.endswith("\n.log gives its session log (.log markdown, .log bbcode for a forum).")
    assert "The game is over. Winners: " in last
    (log,) = say(bot, "table", "ann", ".log")
    assert record is not None
    assert log.splitlines()[-1].startswith("Result: ")
    store.close()


def test_log_with_no_game_played_is_refused(tmp_path: Path) -> None:
    """A channel that has had no game has no log, and says so."""
    store, bot = _bot(tmp_path / "bot.db", [])
    expected = ["[#t] No game has been played here yet: there is no session log."]
    assert expected == say(bot, "t", "ann", ".log")
    store.close()


@pytest.mark.parametrize("words", ["html", "text markdown"])
def test_log_in_an_unknown_markup_is_refused(tmp_path: Path, words: str) -> None:
    """``.log`` writes text, Markdown or BBCode, and says so when asked for anything else."""
    store, bot = _bot(tmp_path / "bot.db", game_script("m20", 1))
    expected = ["[#table] Usage: .log [text|markdown|bbcode]"]
    assert expected == say(bot, "table", "ann", f".log {words}")
    store.close()


# Secret rolls, languages, decks -----------------------------------------------------------


def test_a_secret_roll_is_shown_to_the_roller_and_the_channels_gm(tmp_path: Path) -> None:
    """In a channel whose game has a GM, a player's secret roll goes to the player and to
    the GM (named as the roller's), and the channel is told a roll was made."""
    store, bot = _bot(tmp_path / "bot.db", game_script("m20", 1))
    replies = say(bot, "table", "ann", "S2D6>=7 sneak")
    assert 3 == len(replies)
    mine, gms, public = replies
    assert mine.startswith("[@ann] [table] (secret) (2D6>=7) ＞ ")
    assert gms == mine.replace("[@ann] ", "[@gm] ann: ", 1)
    assert "[#table] ann rolled secretly." == public
    store.close()


def test_the_gms_own_secret_roll_is_shown_once(tmp_path: Path) -> None:
    """The GM's secret roll goes to the GM once."""
    store, bot = _bot(tmp_path / "bot.db", [("table", "gm", ".battle m20")])
    replies = say(bot, "table", "gm", "S1d20")
    assert ["[@gm]", "[#table]"] == [reply.split(" ", 1)[0] for reply in replies]
    store.close()


def test_a_secret_roll_in_a_lobby_is_shown_to_its_gm(tmp_path: Path) -> None:
    """Before the game begins, the GM who opened it sees the secret rolls too."""
    store, bot = _bot(tmp_path / "bot.db", [("table", "gm", ".battle m20")])
    replies = say(bot, "table", "ann", "S1d20")
    assert ["[@ann]", "[@gm]", "[#table]"] == [reply.split(" ", 1)[0] for reply in replies]
    store.close()


def test_lang_alone_shows_the_channels_language(tmp_path: Path) -> None:
    """``.lang`` with no argument says which language the channel speaks, in it."""
    store, bot = _bot(tmp_path / "bot.db", [])
    expected = ["[#t] This channel speaks en; .lang changes it (en, zh-Hant, zh-Hans, ja)."]
    assert expected == say(bot, "t", "ann", ".lang")
    say(bot, "t", "ann", ".lang ja")
    expected = [
        "[#t] このチャンネルの言語は ja です。.lang で変えられます（en, zh-Hant, zh-Hans, ja）。"
    ]
    assert expected == say(bot, "t", "ann", ".lang")
    store.close()


def test_a_skirmish_sheet_is_a_deck(tmp_path: Path) -> None:
    """``.st skirmish`` stores and shows a deck, and says "deck", not "character"."""
    store, bot = _bot(tmp_path / "bot.db", [])
    (stored,) = say(bot, "t", "ann", ".st skirmish vanguard")
    assert stored.startswith("[#t] ann's skirmish deck is stored:\nember_knight: Ember Knight")
    expected = ["[#t] bo has no skirmish deck: store one with .st skirmish SHEET."]
    assert expected == say(bot, "t", "bo", ".st skirmish")
    say(bot, "t", "ann", ".lang zh-Hant")
    assert say(bot, "t", "ann", ".st skirmish")[0].startswith("[#t] 已儲存 ann 的 skirmish 牌組：")
    store.close()


# A menu item by its words -----------------------------------------------------------------


def _menu(bot: Bot, user: str) -> list[str]:
    (menu,) = say(bot, "table", user, ".menu")
    return [line.split(". ", 1)[1] for line in menu.splitlines()[1:]]


def test_a_menu_item_is_chosen_by_its_words(tmp_path: Path) -> None:
    """``.do`` with words plays the one item whose label holds them all, as its number does."""
    script = opening("table", "m20")
    store, by_number = _bot(tmp_path / "number.db", script)
    labels = _menu(by_number, "ann")
    number = labels.index("楊望蒼 focuses on defense") + 1
    expected = say(by_number, "table", "ann", f".do {number}")
    store.close()
    store, by_words = _bot(tmp_path / "words.db", script)
    assert expected == say(by_words, "table", "ann", ".do focuses on DEFENSE")
    assert by_number.games["table"].state == by_words.games["table"].state
    store.close()


def test_a_menu_item_is_chosen_by_its_words_in_any_language(tmp_path: Path) -> None:
    """Words of the item's label in another shipped language name it too."""
    script = [*opening("table", "m20"), ("table", "ann", ".lang zh-Hant")]
    store, bot = _bot(tmp_path / "bot.db", script)
    (played,) = say(bot, "table", "ann", ".do focuses on defense")
    assert played.startswith("[#table] 楊望蒼 專注防禦。")
    store.close()


def test_words_that_name_several_items_list_them(tmp_path: Path) -> None:
    """Words that several labels hold (each word somewhere in each) are refused with those
    items and their numbers."""
    store, bot = _bot(tmp_path / "bot.db", opening("table", "m20"))
    labels = _menu(bot, "ann")
    state = bot.games["table"].state
    (refusal,) = say(bot, "table", "ann", ".do attacks orc")
    found = [
        f"{n}. {label}"
        for n, label in enumerate(labels, 1)
        if "attacks" in label and "orc" in label
    ]
    assert len(found) > 1
    assert [
        "[#table] “attacks orc” names more than one item; choose by number, or with more words:",
        *found,
    ] == refusal.splitlines()
    assert state == bot.games["table"].state
    store.close()


def test_words_that_name_no_item_are_refused(tmp_path: Path) -> None:
    """Words no label holds are refused, and nothing is played."""
    store, bot = _bot(tmp_path / "bot.db", opening("table", "m20"))
    state = bot.games["table"].state
    assert [
        "[#table] “dance” names nothing on the menu: .menu lists it;"
        " choose by number or by its words."
    ] == say(bot, "table", "ann", ".do dance")
    assert state == bot.games["table"].state
    store.close()


def test_a_flood_of_words_names_no_item(tmp_path: Path) -> None:
    """100,000 characters of words, each of which some label holds, name no item: more words
    than any label has are refused before any is matched."""
    store, bot = _bot(tmp_path / "bot.db", opening("table", "m20"))
    (refusal,) = say(bot, "table", "ann", ".do " + "a " * 50_000)
    assert refusal.startswith("[#table] “a a a a a a a a a a a a a a a a a a a a…” names nothing")
    store.close()


@pytest.mark.parametrize("words", ["0", "99", ""])
def test_a_number_off_the_menu_is_refused(tmp_path: Path, words: str) -> None:
    """A number that is no item's, or nothing, asks for a number on the menu."""
    store, bot = _bot(tmp_path / "bot.db", opening("table", "m20"))
    count = len(_menu(bot, "ann"))
    expected = [f"[#table] Choose a number from 1 to {count} (.menu shows them)."]
    assert expected == say(bot, "table", "ann", f".do {words}".rstrip())
    store.close()


# Every system of the registry ---------------------------------------------------------------


def test_the_bot_plays_every_registered_system_that_has_sheets_and_a_lineup() -> None:
    """The bot keeps no class per system: it plays what the registry holds (issue 21)."""
    systems: dict[str, Any] = dict(playable(Registry.default()))
    assert systems == dict(SYSTEMS)
    assert {"m20", "bar2d6", "bayside23", "skirmish"} <= set(SYSTEMS)


def test_a_system_of_another_distribution_plays_in_the_bot(tmp_path: Path) -> None:
    """The duel of ``examples/duel``, registered through its entry point, is played like the
    library's own systems: a sheet, a game from the menu, its log."""
    pytest.importorskip("tabletop_duel")
    store, bot = _bot(tmp_path / "bot.db", opening("table", "duel"))
    assert "table" in bot.games
    move = next_move(bot, "table")
    assert move is not None
    say(bot, *move)
    (log,) = say(bot, "table", "ann", ".log")
    assert log.startswith("[#table] Session log of game #1:\nSession log: ")
    store.close()


# The bots guide ------------------------------------------------------------------------------


def _guide() -> str:
    from .test_bot import ROOT

    return (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")


def test_the_guides_discord_sketch_uses_slash_commands() -> None:
    """The Discord sketch is Python that takes slash commands (``app_commands``), answers a
    secret roll ephemerally, reads ``interaction.locale``, and asks for no privileged
    ``message_content`` intent."""
    import ast

    guide = _guide()
    sketch = next(block for block in guide.split("```python\n")[1:] if "discord" in block)
    code = sketch.split("```", 1)[0]
    ast.parse(code)
    assert all(
        needed in code
        for needed in ("app_commands.CommandTree", "ephemeral=secret", "interaction.locale")
    )
    assert "message_content=True" not in code
    assert "on_message" not in code


def test_the_guides_line_advice_prefers_the_reply_token() -> None:
    """The LINE advice says push messages are billed and reach only friends of the bot, and
    prefers the reply token."""
    line = _guide().split("A LINE adapter", 1)[1].split("\n\n", 1)[0]
    assert all(
        said in line
        for said in ("reply token whenever you can", "is billed", "added the bot as a friend")
    )


def test_export_gives_the_stored_character_as_a_ccfolia_piece(tmp_path: Path) -> None:
    """Issue 23: ``.export SYSTEM`` answers the stored character as CCFOLIA's clipboard JSON,
    exactly what ``tabletop_rules.exports`` writes, labelled in the channel's language."""
    store, bot = _bot(
        tmp_path / "bot.db", [("t", "ann", ".lang ja"), ("t", "ann", ".st m20 example")]
    )
    (reply,) = say(bot, "t", "ann", ".export m20")
    head, _, body = reply.partition("\n")
    character = m20.parse_sheet(m20.EXAMPLE_SHEET)
    expected = exports.ccfolia(exports.piece_of(character, system="m20", locale="ja"))
    assert (
        "[#t] ann の m20 の CCFOLIA 用コマ：コピーして盤面に貼り付けてください。",
        expected,
    ) == (
        head,
        body,
    )
    assert "character" == json.loads(body)["kind"]
    store.close()


def test_export_gives_a_deck_card_by_card(tmp_path: Path) -> None:
    """Issue 23: a skirmish deck is exported as one CCFOLIA piece for each of its cards."""
    store, bot = _bot(tmp_path / "bot.db", [("t", "ann", ".st skirmish vanguard")])
    replies = say(bot, "t", "ann", ".export skirmish")
    names = [json.loads(reply.partition("\n")[2])["data"]["name"] for reply in replies]
    cards = skirmish.sample_cards()
    assert [cards[card].name for card in skirmish.SAMPLE_DECKS["vanguard"]] == names
    store.close()


def test_export_without_a_stored_character_says_so(tmp_path: Path) -> None:
    """``.export`` of a system the user stored nothing of is refused, and names the system."""
    store, bot = _bot(tmp_path / "bot.db", [])
    (reply,) = say(bot, "t", "ann", ".export bar2d6")
    assert "bar2d6" in reply
    assert "{" not in reply
    store.close()
