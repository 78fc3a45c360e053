"""The example bot's tables and decks: a channel loads them from pasted text and rolls them.

Issue 22, item 4: "The example bot lets a channel load a table, from a file or a pasted
text, and roll it." The bot's transport has no attachments, so a table comes as text
pasted after ``.table add`` (an adapter hands an attached file's text the same way).
BCDice's original tables, Dice!'s deck files and HKTRPG's tables are read; every message
is offered to the channel's :class:`~tabletop_rules.tables.Library` first, rolled with the
channel's seeded dice; a deck drawn without replacement goes on from what is left of it,
across messages and across a restart; a refusal changes nothing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from .test_bot import ROOT, SEED, say

from tabletop_bot import Bot, Store  # isort: skip
from tabletop_bot.messages import MESSAGES, say as bot_say  # isort: skip
from tabletop_bot.tables import MAX_LOADED  # isort: skip
from tabletop_rules.dice import SeededDice  # isort: skip
from tabletop_rules.errors import InvalidData, InvalidNotation, LimitExceeded  # isort: skip
from tabletop_rules.i18n import LOCALES  # isort: skip
from tabletop_rules.tables import (  # isort: skip
    Library,
    read_bcdice_table,
    read_dice_decks,
    read_hktrpg_table,
)

DRINKS = "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料"
FRUIT = '{"fruit": ["apple", "::2::pear", "{colour} plum"], "colour": ["red", "blue"]}'
ALIGNMENTS = ".ra add 九大陣營 守序善良 中立善良 混亂邪惡"


def _bot(db: Path) -> tuple[Store, Bot]:
    store = Store(db)
    return store, Bot(store, seed=SEED)


def _dice(bot: Bot, channel: str) -> SeededDice:
    """A copy of the channel's dice, where they are now."""
    return SeededDice.resume(bot.channels[channel].dice.state)


def _dump(db: Path) -> list[list[tuple[object, ...]]]:
    raw = sqlite3.connect(db)
    try:
        tables = [
            name
            for (name,) in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return [sorted(raw.execute(f"SELECT * FROM {table}").fetchall()) for table in tables]
    finally:
        raw.close()


# Loading and rolling ------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_pasted_bcdice_table_is_rolled_by_its_name(tmp_path: Path, locale: str) -> None:
    """``.table add`` and a BCDice table on the next lines loads it; its name rolls it with
    the channel's dice, written as the library writes it in the channel's locale."""
    store, bot = _bot(tmp_path / "bot.db")
    say(bot, "t", "ann", f".lang {locale}")
    (loaded,) = say(bot, "t", "ann", f".table add\n{DRINKS}")
    assert loaded == f"[#t] {bot_say('bot.tables.loaded_table', locale, name='飲み物表')}"
    dice = _dice(bot, "t")
    expected = read_bcdice_table(DRINKS).roll(dice).render(locale)
    assert say(bot, "t", "bo", "飲み物表") == [f"[#t] bo: {expected}"]
    assert bot.channels["t"].dice.state == dice.state
    store.close()


def test_a_pasted_dice_deck_file_is_drawn(tmp_path: Path) -> None:
    """Dice!'s deck file (JSON, detected by its brace) loads every deck of it; ``.draw``
    draws with the channel's dice, references filled in."""
    store, bot = _bot(tmp_path / "bot.db")
    (loaded,) = say(bot, "t", "ann", f".table add\n{FRUIT}")
    assert loaded == f"[#t] {bot_say('bot.tables.loaded_decks', 'en', names='fruit, colour')}"
    dice = _dice(bot, "t")
    expected = read_dice_decks(FRUIT).draw("fruit", dice, times=2).render()
    assert say(bot, "t", "ann", ".draw fruit 2") == [f"[#t] ann: {expected}"]
    store.close()


@pytest.mark.parametrize("pasted", [ALIGNMENTS, "hktrpg\n九大陣營 守序善良 中立善良 混亂邪惡"])
def test_a_pasted_hktrpg_table_is_drawn_with_ra(tmp_path: Path, pasted: str) -> None:
    """HKTRPG's table, as its ``.ra add`` writes it (detected) or named ``hktrpg`` without
    the command, loads as a deck; ``.ra`` draws from it."""
    store, bot = _bot(tmp_path / "bot.db")
    form, _, text = pasted.rpartition("\n")
    say(bot, "t", "ann", ".lang zh-Hant")
    say(bot, "t", "ann", f".table add {form}\n{text}")
    dice = _dice(bot, "t")
    expected = read_hktrpg_table(ALIGNMENTS).draw("九大陣營", dice).render("zh-Hant")
    assert say(bot, "t", "ann", ".ra 九大陣營") == [f"[#t] ann: {expected}"]
    store.close()


def test_a_pasted_text_is_kept_as_written(tmp_path: Path) -> None:
    """The pasted lines are read as written, not normalized as commands are: a card's
    full-width signs stay full-width."""
    store, bot = _bot(tmp_path / "bot.db")
    say(bot, "t", "ann", '.table add dice\n{"叫び": ["ＡＡ！（全角）"]}')
    assert say(bot, "t", "ann", ".draw 叫び") == ["[#t] ann: Drew from 叫び: ＡＡ！（全角）"]
    store.close()


def test_the_channel_lists_shuffles_and_unloads_its_tables(tmp_path: Path) -> None:
    """``.table`` lists what is loaded (and what is left of each deck), ``.table shuffle``
    puts a deck's cards back, ``.table remove`` and ``.table clear`` unload."""
    store, bot = _bot(tmp_path / "bot.db")
    assert say(bot, "t", "ann", ".table") == [f"[#t] {MESSAGES['en']['bot.tables.none']}"]
    say(bot, "t", "ann", f".table add\n{DRINKS}")
    say(bot, "t", "ann", f".table add\n{FRUIT}")
    say(bot, "t", "ann", ".draw fruit")
    assert say(bot, "t", "ann", ".table") == [
        "[#t] Tables and decks of this channel:\n"
        "飲み物表: a table (1D6); type its name to roll it\n"
        "fruit: a deck, 3 of 4 cards left; .draw fruit\n"
        "colour: a deck, 2 of 2 cards left; .draw colour"
    ]
    assert say(bot, "t", "ann", ".table shuffle FRUIT") == [
        "[#t] Every card drawn from fruit is back in it."
    ]
    assert "fruit: a deck, 4 of 4 cards left" in say(bot, "t", "ann", ".table")[0]
    assert say(bot, "t", "ann", ".table remove 飲み物表") == [
        "[#t] 飲み物表 is unloaded from this channel."
    ]
    assert say(bot, "t", "ann", "飲み物表") == []  # chat again
    assert say(bot, "t", "ann", ".table clear") == [
        "[#t] Every table and deck of this channel is unloaded."
    ]
    assert say(bot, "t", "ann", ".draw fruit") == [f"[#t] {MESSAGES['en']['bot.tables.no_decks']}"]
    store.close()


def test_tables_belong_to_their_channel(tmp_path: Path) -> None:
    """A table loaded in one channel is not read in another."""
    store, bot = _bot(tmp_path / "bot.db")
    say(bot, "t", "ann", f".table add\n{DRINKS}")
    assert say(bot, "u", "ann", "飲み物表") == []
    store.close()


# Secret rolls ---------------------------------------------------------------------------


def test_secret_table_rolls_and_draws_go_to_the_roller_and_the_gm(tmp_path: Path) -> None:
    """``S飲み物表`` and ``.drawh`` are secret, as the bot's secret rolls are: the result
    goes to the roller and to the channel's GM, and the channel is told a roll was made."""
    store, bot = _bot(tmp_path / "bot.db")
    say(bot, "t", "gm", ".battle m20")
    say(bot, "t", "ann", f".table add\n{DRINKS}")
    say(bot, "t", "ann", f".table add\n{FRUIT}")
    dice = _dice(bot, "t")
    table = read_bcdice_table(DRINKS).roll(dice)
    rolled = attrs.evolve(table, secret=True).render()
    assert say(bot, "t", "ann", "S飲み物表") == [
        f"[@ann] [t] {rolled}",
        f"[@gm] ann: [t] {rolled}",
        "[#t] ann rolled secretly.",
    ]
    drawn = read_dice_decks(FRUIT).draw("fruit", dice)
    shown = attrs.evolve(drawn, secret=True).render()
    assert say(bot, "t", "ann", ".drawh fruit") == [
        f"[@ann] [t] {shown}",
        f"[@gm] ann: [t] {shown}",
        "[#t] ann rolled secretly.",
    ]
    store.close()


# Across messages and restarts ---------------------------------------------------------------


def test_a_draw_without_replacement_goes_on_after_a_restart(tmp_path: Path) -> None:
    """A deck drawn without replacement keeps what is left of it in the database: a bot
    started again on the same file draws on exactly as one that never stopped."""
    script = [
        f".table add\n{FRUIT}",
        ".draw fruit",
        ".draw fruit 2",
        ".draw fruit",
        ".table",
        ".draw fruit",
        ".table",
    ]
    store, whole = _bot(tmp_path / "whole.db")
    expected = [say(whole, "t", "ann", text) for text in script]
    store.close()
    db = tmp_path / "restarted.db"
    got: list[list[str]] = []
    for text in script:  # a new bot for every message
        store, bot = _bot(db)
        got.append(say(bot, "t", "ann", text))
        store.close()
    assert expected == got
    # The four cards were drawn once each; then the deck was taken afresh.
    drawn = [card for lines in expected[1:4] for card in lines[0].split(": ", 2)[2].split(" | ")]
    assert ["apple", "pear", "pear"] == sorted(card for card in drawn if "plum" not in card)
    assert len(drawn) == 4
    assert "fruit: a deck, 0 of 4 cards left" in expected[4][0]
    assert "fruit: a deck, 3 of 4 cards left" in expected[6][0]


def test_a_database_made_before_tables_gets_them(tmp_path: Path) -> None:
    """A database made before the bot loaded tables (no ``libraries`` table) is given the
    table when it is opened, and the rest of it goes on as before."""
    db = tmp_path / "bot.db"
    store, bot = _bot(db)
    say(bot, "t", "ann", "1d6")
    store.close()
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("DROP TABLE libraries")
    raw.close()
    store, bot = _bot(db)
    say(bot, "t", "ann", f".table add\n{DRINKS}")
    dice = _dice(bot, "t")
    assert say(bot, "t", "ann", "飲み物表") == [
        f"[#t] ann: {read_bcdice_table(DRINKS).roll(dice).render()}"
    ]
    store.close()


# Refusals ---------------------------------------------------------------------------------


def _refusal(make: Callable[[], object], locale: str) -> str:
    try:
        make()
    except (InvalidData, InvalidNotation, LimitExceeded) as error:
        return error.localized(locale)
    raise AssertionError("not refused")


REFUSALS: dict[str, tuple[str, Callable[[str], str]]] = {
    "a table that is not one": (
        ".table add\n表\nD6\n1:a",
        lambda locale: _refusal(lambda: read_bcdice_table("表\nD6\n1:a"), locale),
    ),
    "a table whose rows miss a value": (
        ".table add bcdice\n表\n1D3\n1:a\n2:b",
        lambda locale: _refusal(lambda: read_bcdice_table("表\n1D3\n1:a\n2:b"), locale),
    ),
    "a deck file that is no JSON": (
        '.table add dice\n{"a": [',
        lambda locale: _refusal(lambda: read_dice_decks('{"a": ['), locale),
    ),
    "decks in a loop": (
        '.table add\n{"a": ["{b}"], "b": ["{a}"]}',
        lambda locale: _refusal(lambda: read_dice_decks('{"a": ["{b}"], "b": ["{a}"]}'), locale),
    ),
    "a text too long": (
        ".table add hktrpg\n名 " + "x " * 60_000 + "y",
        lambda locale: _refusal(lambda: read_hktrpg_table("名 " + "x " * 60_000 + "y"), locale),
    ),
    "a deck the channel has not loaded": (
        ".draw tarot",
        lambda locale: _refusal(
            lambda: Library(decks=read_dice_decks(FRUIT)).parse(".draw tarot"), locale
        ),
    ),
    "more cards than are left": (
        ".draw fruit 4",
        lambda locale: _refusal(
            lambda: read_dice_decks(FRUIT).draw(
                "fruit",
                SeededDice(0),
                times=4,
                state=read_dice_decks(FRUIT).draw("fruit", SeededDice(0), times=2).state,
            ),
            locale,
        ),
    ),
    "a name loaded already": (
        f".table add\n{DRINKS}",
        lambda locale: bot_say("bot.tables.taken", locale, name="飲み物表"),
    ),
    "a table named as a dice command": (
        ".table add\n2D6\n1D2\n1:a\n2:b",
        lambda locale: bot_say("bot.tables.command_name", locale, name="2D6"),
    ),
    "an unknown format": (
        ".table add toml\n表\n1D2\n1:a\n2:b",
        lambda locale: bot_say(
            "bot.tables.unknown_format", locale, word="toml", formats="bcdice, dice, hktrpg"
        ),
    ),
    "nothing pasted": (
        ".table add",
        lambda locale: bot_say(
            "bot.usage",
            locale,
            usage=".table add [bcdice|dice|hktrpg], then the table on the next lines",
        ),
    ),
    "a deck that is not loaded to shuffle": (
        ".table shuffle tarot",
        lambda locale: bot_say("bot.tables.unknown", locale, name="tarot"),
    ),
    "a table that is not loaded to remove": (
        ".table remove tarot",
        lambda locale: bot_say("bot.tables.unknown", locale, name="tarot"),
    ),
}


@pytest.mark.parametrize("locale", ["en", "zh-Hant", "ja"])
@pytest.mark.parametrize("case", REFUSALS.values(), ids=REFUSALS.keys())
def test_a_refusal_is_the_librarys_message_and_changes_nothing(
    tmp_path: Path, case: tuple[str, Callable[[str], str]], locale: str
) -> None:
    """A bad text, a text over the limits, a deck not loaded, too many cards, a name taken
    or read as a command: the channel gets the refusal in its locale (the library's own
    ``InvalidData``, ``LimitExceeded`` or ``InvalidNotation`` where the library refuses),
    and nothing is stored or rolled."""
    text, expected = case
    db = tmp_path / "bot.db"
    store, bot = _bot(db)
    say(bot, "t", "ann", f".lang {locale}")
    say(bot, "t", "ann", f".table add\n{DRINKS}")
    say(bot, "t", "ann", f".table add\n{FRUIT}")
    say(bot, "t", "ann", ".draw fruit 2")
    store.close()
    before = _dump(db)
    store, bot = _bot(db)
    loaded, dice = bot.libraries["t"], bot.channels["t"].dice.state
    assert say(bot, "t", "ann", text) == [f"[#t] {expected(locale)}"]
    assert loaded == bot.libraries["t"]
    assert dice == bot.channels["t"].dice.state
    store.close()
    assert before == _dump(db)


def test_a_channel_holds_a_bounded_number_of_tables(tmp_path: Path) -> None:
    """A channel holds at most ``MAX_LOADED`` tables and decks: the file that would go over
    is refused, and nothing of it is loaded; ``.table`` lists the first 30."""
    store, bot = _bot(tmp_path / "bot.db")
    many = "{" + ", ".join(f'"d{n}": ["x"]' for n in range(MAX_LOADED)) + "}"
    say(bot, "t", "ann", f".table add\n{many}")
    assert say(bot, "t", "ann", f".table add\n{DRINKS}") == [
        f"[#t] {bot_say('bot.tables.too_many', 'en', count=MAX_LOADED)}"
    ]
    assert "飲み物表" not in bot.libraries["t"].names
    (listed,) = say(bot, "t", "ann", ".table")
    assert len(listed.splitlines()) == 32  # the head, 30 decks and an ellipsis
    assert listed.endswith("\n…")
    store.close()


def test_damaged_tables_are_refused_until_cleared(tmp_path: Path) -> None:
    """A channel whose stored tables do not read refuses ``.table`` and draws, saying so,
    and ``.table clear`` unloads the row; other channels' tables go on."""
    db = tmp_path / "bot.db"
    store, bot = _bot(db)
    say(bot, "t", "ann", f".table add\n{FRUIT}")
    say(bot, "u", "ann", f".table add\n{DRINKS}")
    store.close()
    raw = sqlite3.connect(db)
    with raw:
        raw.execute(
            "UPDATE libraries SET states = ? WHERE channel = 't'",
            ('[{"deck": "nosuch", "left": [1]}]',),
        )
    raw.close()
    store, bot = _bot(db)
    (refused,) = say(bot, "t", "ann", ".draw fruit")
    assert refused.startswith("[#t] This channel's stored tables and decks are damaged (")
    assert say(bot, "t", "ann", ".table")[0].startswith("[#t] This channel's stored tables")
    assert say(bot, "u", "ann", "飲み物表")[0].startswith("[#u] ann: 飲み物表(")
    assert say(bot, "t", "ann", ".table clear") == [
        "[#t] Every table and deck of this channel is unloaded."
    ]
    assert say(bot, "t", "ann", ".table") == [f"[#t] {MESSAGES['en']['bot.tables.none']}"]
    store.close()


# Help and the guide -----------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_help_lists_the_table_command_in_every_locale(tmp_path: Path, locale: str) -> None:
    """``.help`` names ``.table add``, ``.draw`` and ``.table shuffle`` in every locale."""
    store, bot = _bot(tmp_path / "bot.db")
    say(bot, "t", "ann", f".lang {locale}")
    (help_text,) = say(bot, "t", "ann", ".help")
    for word in (".table add [bcdice|dice|hktrpg]", ".table remove", ".draw", ".table shuffle"):
        assert word in help_text
    store.close()


def test_the_tables_session_in_the_bots_guide(tmp_path: Path) -> None:
    """docs/bots.md's "Tables and decks" session, played through the stdio transport with
    ``--seed 7``, gives exactly its lines."""
    import io

    from tabletop_bot.stdio import StdioTransport
    from tabletop_bot.transport import serve

    guide = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    section = guide.split("## Tables and decks\n", 1)[1]
    block = section.split("```text\n", 1)[1].split("```\n", 1)[0].splitlines()
    typed = [line[2:] if line.startswith("> ") else "" for line in block if line.startswith(">")]
    shown = [line for line in block if not line.startswith(">")]
    out = io.StringIO()
    store = Store(tmp_path / "bot.db")
    serve(Bot(store, seed=7), StdioTransport(io.StringIO("\n".join(typed) + "\n"), out))
    store.close()
    assert out.getvalue().splitlines() == shown
