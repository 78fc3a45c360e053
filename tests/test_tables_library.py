"""A bot's library of tables and decks, read from chat: table names, ``.draw``, ``.ra``."""

from __future__ import annotations

import pytest

from tabletop_rules.dice import ScriptedDice
from tabletop_rules.errors import InvalidData, InvalidNotation, NotationLimitExceeded
from tabletop_rules.notation import Limits
from tabletop_rules.tables import (
    DeckDraw,
    Library,
    TableRoll,
    read_bcdice_table,
    read_dice_decks,
    read_hktrpg_table,
)

DRINKS = read_bcdice_table("飲み物表\n1D3\n1:水\n2:緑茶\n3:麦茶")
DECKS = read_dice_decks('{"fruit": ["apple", "pear", "plum"], "_hidden": ["x"]}')
LIBRARY = Library(tables=(DRINKS,), decks=DECKS)


def test_a_table_s_name_rolls_it() -> None:
    """A registered table's name is answered, as BCDice answers an original table's."""
    assert TableRoll(table=DRINKS) == LIBRARY.parse("飲み物表")


def test_the_name_is_read_in_full_width_and_any_case() -> None:
    """The name is compared after NFKC normalization and case folding."""
    library = Library(tables=(read_bcdice_table("Loot\n1D2\n1:a\n2:b"),))
    command = library.parse(" ＬＯＯＴ ")
    assert isinstance(command, TableRoll)
    assert "Loot" == command.table.name


def test_an_s_before_the_name_rolls_in_secret() -> None:
    """``S飲み物表`` rolls the table in secret."""
    command = LIBRARY.parse("S飲み物表")
    assert command is not None
    assert "（シークレット）飲み物表(2) ＞ 緑茶" == command.roll(ScriptedDice([2])).render("ja")


@pytest.mark.parametrize(
    ("text", "times", "replace", "secret"),
    [
        (".draw fruit", 1, False, False),
        (".draw fruit 2", 2, False, False),
        ("。draw fruit", 1, False, False),
        (".drawfruit 2", 2, False, False),
        (".draw FRUIT", 1, False, False),
        (".ra2 Ｆｒｕｉｔ", 2, False, False),
        (".draw fruit 0", 1, False, False),
        (".rra0 fruit", 1, True, False),
        (".drawh fruit 3", 3, False, True),
        (".ra fruit", 1, False, False),
        (".ra2 fruit", 2, False, False),
        (".ra9 fruit", 3, False, False),
        (".rra5 fruit", 5, True, False),
    ],
)
def test_dice_and_hktrpg_draws_are_read(text: str, times: int, replace: bool, secret: bool) -> None:
    """Dice!'s ``.draw``/``.drawh`` and HKTRPG's ``.raN``/``.rraN`` name a draw.

    HKTRPG's ``.ra9`` of a three-option table draws the three (it caps the count).
    """
    expected = DeckDraw(decks=DECKS, deck="fruit", times=times, replace=replace, secret=secret)
    assert expected == LIBRARY.parse(text)


def test_chat_and_notation_are_left_alone() -> None:
    """Ordinary chat and dice commands are not the library's: ``None``."""
    assert [None, None, None] == [LIBRARY.parse(text) for text in ["hello", "2D6", "飲み物"]]


def test_draws_are_read_only_with_decks() -> None:
    """A library without decks leaves ``.draw`` to other commands."""
    assert None is Library(tables=(DRINKS,)).parse(".draw fruit")


@pytest.mark.parametrize("text", [".draw pear", ".draw _hidden", ".ra nothing", ".draw"])
def test_an_unknown_or_hidden_deck_is_refused_with_a_reason(text: str) -> None:
    """``.draw`` of no deck the library has (or of a hidden one) says so."""
    with pytest.raises(InvalidNotation):
        LIBRARY.parse(text)


@pytest.mark.parametrize("locale", ["en", "zh-Hant", "ja"])
def test_the_refusal_is_in_the_player_s_locale(locale: str) -> None:
    """The refusal of an unknown deck names it, in the player's language."""
    with pytest.raises(InvalidNotation) as raised:
        LIBRARY.parse(".draw pear")
    assert "pear" in raised.value.localized(locale)


def test_more_cards_than_the_deck_has_are_refused() -> None:
    """``.draw fruit 4`` of a deck of three cards says how many it has."""
    with pytest.raises(InvalidNotation) as raised:
        LIBRARY.parse(".draw fruit 4")
    assert "“fruit” has 3 cards" in str(raised.value)


def test_more_draws_than_the_repeats_are_refused_as_a_limit() -> None:
    """HKTRPG's ``.rra30`` goes over the default 20 repeats: a limit of the notation."""
    with pytest.raises(NotationLimitExceeded) as raised:
        LIBRARY.parse(".rra30 fruit")
    assert ("repeats", 20, 30) == (raised.value.limit, raised.value.allowed, raised.value.given)
    command = LIBRARY.parse(".rra30 fruit", limits=Limits(max_repeats=30))
    assert command is not None
    assert 30 == len(command.roll(ScriptedDice([1] * 30)).cards)


def test_a_drawn_hktrpg_table_is_explained() -> None:
    """HKTRPG's example table drawn with ``.ra2`` gives two different options."""
    library = Library(decks=read_hktrpg_table("九大陣營 守序善良 中立善良 混亂邪惡"))
    command = library.parse(".ra2 九大陣營")
    assert command is not None
    assert "從「九大陣營」抽到：中立善良 | 守序善良" == command.roll(ScriptedDice([2, 1])).render(
        "zh-Hant"
    )


def test_two_tables_of_one_name_are_refused() -> None:
    """Two tables whose names read alike cannot be in one library."""
    with pytest.raises(InvalidData) as raised:
        Library(tables=(DRINKS, read_bcdice_table("飲み物表\n1D1\n1:水")))
    assert "$.tables[1].name" == raised.value.path


def test_the_command_s_text_reads_back() -> None:
    """A draw's text is the command that names it."""
    command = LIBRARY.parse(".drawh fruit 2")
    assert command is not None
    assert command == LIBRARY.parse(str(command))
