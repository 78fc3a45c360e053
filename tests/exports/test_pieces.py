"""Pieces of every system's characters, and their CCFOLIA clipboard JSON (issue 23)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import exports
from tabletop_rules.errors import InvalidData
from tabletop_rules.exports import PaletteLine, Param, Piece, Resource
from tabletop_rules.i18n import LOCALES
from tabletop_rules.notation import parse
from tabletop_rules.skirmish import sample_cards
from tabletop_rules.systems import Registry, RuleSystem

REGISTRY = Registry.default()
SYSTEMS = [system for system in REGISTRY if system.piece is not None]
SAMPLES = [
    pytest.param(system.name, character, id=f"{system.name}-{index}")
    for system in SYSTEMS
    for index, character in enumerate(system.piece.samples())  # type: ignore[union-attr]
]


def _characters(system: RuleSystem[Any, Any, Any, Any]) -> st.SearchStrategy[Any]:
    module = system.strategies_module()
    return module.cards() if system.name == "skirmish" else module.characters()


def test_every_registered_system_exports() -> None:
    """The library's four systems and the duel plugin all describe their characters as pieces."""
    assert {"bar2d6", "bayside23", "duel", "m20", "skirmish"} <= {s.name for s in SYSTEMS}


@pytest.mark.parametrize(("system", "character"), SAMPLES)
@pytest.mark.parametrize("locale", LOCALES)
def test_ccfolia_has_the_published_fields(system: str, character: object, locale: str) -> None:
    """The clipboard JSON is CCFOLIA's shape: kind, and the character's typed fields."""
    data = json.loads(exports.export(character, "ccfolia", system=system, locale=locale))
    body = data["data"]
    assert "character" == data["kind"]
    assert isinstance(body["name"], str)
    assert isinstance(body["memo"], str)
    assert isinstance(body["commands"], str)
    assert all(
        isinstance(s["label"], str) and type(s["value"]) is int and type(s["max"]) is int
        for s in body["status"]
    )
    assert all(isinstance(p["label"], str) and isinstance(p["value"], str) for p in body["params"])
    assert "HP" == body["status"][0]["label"]


@pytest.mark.parametrize(("system", "character"), SAMPLES)
def test_every_palette_line_is_a_dice_command(system: str, character: object) -> None:
    """Each line, references filled in, is a command of the library's dice language too."""
    piece = exports.piece_of(character, system=system, locale="ja")
    for line in piece.palette:
        assert parse(exports.resolved(piece, line)) is not None, line


def test_m20_palette_refers_to_the_attributes() -> None:
    """M20-036: a specialty check is 1D20 + specialty + attribute ≥ the difficulty parameter."""
    from tabletop_rules.m20 import EXAMPLE_SHEET, parse_sheet

    piece = exports.piece_of(parse_sheet(EXAMPLE_SHEET), system="m20", locale="zh-Hant")
    first = piece.palette[0]
    assert ("1D20+{身理}+{物攻}>={難度}", "M20+6>=12") == (first.command, first.check)
    assert "1D20+3+3>=12" == exports.resolved(piece, first)


def test_another_systems_character_is_refused() -> None:
    """An m20 export of a bar2d6 character is InvalidData at $.character, in the reader's words."""
    from tabletop_rules.bar2d6 import EXAMPLE_SHEET, parse_sheet

    with pytest.raises(InvalidData) as caught:
        exports.export(parse_sheet(EXAMPLE_SHEET), "ccfolia", system="m20")
    assert "$.character" == caught.value.path
    assert "m20" in caught.value.localized("ja")


def test_no_system_exports_anything_else() -> None:
    """A value no system exports is InvalidData at $.character."""
    with pytest.raises(InvalidData) as caught:
        exports.piece_of(object())
    assert "$.character" == caught.value.path


def test_a_format_that_is_not_known_is_refused() -> None:
    """Only ccfolia and udonarium are formats."""
    with pytest.raises(InvalidData) as caught:
        exports.export(sample_cards().cards[0], "roll20")  # type: ignore[arg-type]
    assert "$.format" == caught.value.path


HOSTILE = 'x"}\n1D100<=99 {HP}｛HP｝</data><chat-palette>\u2028//HP=0\r\n:HP-9\x00\ud800'


def _hostile_card() -> Any:
    import attrs

    return attrs.evolve(sample_cards()["ember_knight"], name=HOSTILE)


def test_hostile_name_stays_one_line_without_references() -> None:
    """A name with JSON, XML, palette syntax and line breaks is one plain line in the piece."""
    piece = exports.piece_of(_hostile_card(), locale="en")
    assert "\n" not in piece.name
    assert "{" not in piece.name
    assert "｛" not in piece.name
    assert "\x00" not in piece.name
    assert "\ud800" not in piece.name


def test_hostile_name_cannot_add_a_palette_line() -> None:
    """The commands keep one line per palette line, none of them from the name."""
    card = _hostile_card()
    piece = exports.piece_of(card, locale="en")
    data = json.loads(exports.ccfolia(piece))
    assert [line.text for line in piece.palette] == data["data"]["commands"].split("\n")
    assert piece.name == data["data"]["name"]


def test_hostile_skill_name_stays_in_its_label() -> None:
    """A skill's name with a line break and braces is part of its line's label, not a command."""
    import attrs

    card = sample_cards()["ember_knight"]
    skill = attrs.evolve(card.skills[0], name="Lance\n1D100 {HP}")
    piece = exports.piece_of(attrs.evolve(card, skills=(skill,)), locale="en")
    assert ["2D6+{skl}", "2D6+{skl}", "2D6+{def}"] == [line.command for line in piece.palette]
    assert "Check (Lance 1D100 (HP))" == piece.palette[1].label


def test_a_reference_to_nothing_is_refused() -> None:
    """A palette command may only name the piece's own resources and parameters."""
    with pytest.raises(InvalidData) as caught:
        Piece(system="duel", name="K", palette=[PaletteLine(command="2D6+{skill}", label="")])
    assert "$.palette[0].command" == caught.value.path


def test_a_reference_to_a_label_held_twice_is_refused() -> None:
    """A reference must name one value: two parameters of one label make it ambiguous."""
    with pytest.raises(InvalidData):
        Piece(
            system="duel",
            name="K",
            params=[Param(label="a", value="1"), Param(label="a", value="2")],
            palette=[PaletteLine(command="2D6+{a}", label="")],
        )


def test_a_command_with_a_space_is_refused() -> None:
    """The label follows the first space: a command is one word."""
    with pytest.raises(InvalidData) as caught:
        PaletteLine(command="2D6 +1", label="x")
    assert "$.command" == caught.value.path


def test_resolved_fills_in_a_resource_value() -> None:
    """A reference to a resource stands for its value now."""
    piece = Piece(
        system="duel",
        name="K",
        resources=[Resource(label="HP", value=3, max=4)],
        palette=[PaletteLine(command="1D6<={HP}", label="")],
    )
    assert "1D6<=3" == exports.resolved(piece, piece.palette[0])


def test_read_character_reads_a_characters_json() -> None:
    """read_character takes a stored character's JSON as well as its sheet."""
    from tabletop_rules.m20 import EXAMPLE_SHEET, parse_sheet
    from tabletop_rules.serialization import to_json

    hero = parse_sheet(EXAMPLE_SHEET)
    assert hero == exports.read_character(to_json(hero), "m20")


def test_read_character_refuses_a_card_file_of_two_cards() -> None:
    """A skirmish card file to export holds one card."""
    from tabletop_rules.skirmish import dump_cards

    with pytest.raises(InvalidData):
        exports.read_character(dump_cards(sample_cards().cards[:2]), "skirmish")


@pytest.mark.parametrize("system", [s.name for s in SYSTEMS])
def test_random_characters_export_in_both_formats(system: str) -> None:
    """Any valid character of the system gives loadable JSON and XML, in every locale."""
    from xml.etree.ElementTree import fromstring

    found = REGISTRY.get(system)

    @given(_characters(found), st.sampled_from(LOCALES))
    def check(character: object, locale: str) -> None:
        piece = exports.piece_of(character, system=system, locale=locale)
        data = json.loads(exports.ccfolia(piece))
        assert len(piece.palette) == len(data["data"]["commands"].split("\n"))
        root = fromstring(exports.udonarium_xml(piece, locale).encode("utf-8"))
        assert "character" == root.tag
        for line in piece.palette:
            assert parse(exports.resolved(piece, line)) is not None

    check()
