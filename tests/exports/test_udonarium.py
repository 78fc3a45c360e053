"""Udonarium's character zip: data.xml with the element names Udonarium reads (issue 23).

The names come from TK11235/udonarium: ``game-character.ts`` (the ``character`` object and
its ``chat-palette`` child), ``tabletop-object.ts`` (the data tree named after the object,
with ``image``, ``common`` and ``detail``), ``data-element.ts`` (``data`` elements with a
``name``, and the ``numberResource`` and ``note`` types; a resource's ``currentValue``) and
``chat-palette.ts`` (the palette's ``dicebot`` attribute and its text, one line a command).
"""

from __future__ import annotations

import io
import zipfile
from xml.etree.ElementTree import Element, fromstring

import attrs
import pytest

from tabletop_rules import exports
from tabletop_rules.i18n import LOCALES
from tabletop_rules.skirmish import sample_cards
from tabletop_rules.systems import Registry

SAMPLES = [
    pytest.param(system.name, character, id=f"{system.name}-{index}")
    for system in Registry.default()
    if system.piece is not None
    for index, character in enumerate(system.piece.samples())
]
#: Every element Udonarium's loader makes an object of, in a character file.
TAGS = {"character", "data", "chat-palette"}
#: The types of data element Udonarium knows (none: a plain value).
DATA_TYPES = {None, "image", "numberResource", "note"}


def _root(system: str, character: object, locale: str = "en") -> Element:
    data = exports.export(character, "udonarium", system=system, locale=locale)
    assert isinstance(data, bytes)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert ["data.xml"] == archive.namelist()
        return fromstring(archive.read("data.xml"))


def _child(parent: Element, name: str) -> Element:
    found = [e for e in parent if e.tag == "data" and e.get("name") == name]
    assert 1 == len(found), f"{name} under {parent.get('name')}"
    return found[0]


@pytest.mark.parametrize(("system", "character"), SAMPLES)
@pytest.mark.parametrize("locale", LOCALES)
def test_only_udonarium_elements(system: str, character: object, locale: str) -> None:
    """Every element is one Udonarium reads; every data element is named, of a known type."""
    root = _root(system, character, locale)
    assert {e.tag for e in root.iter()} <= TAGS
    for element in root.iter("data"):
        assert element.get("name")
        assert element.get("type") in DATA_TYPES


@pytest.mark.parametrize(("system", "character"), SAMPLES)
def test_the_character_tree(system: str, character: object) -> None:
    """character > data[character] > image, common (name, size), detail; then chat-palette."""
    root = _root(system, character)
    assert "character" == root.tag
    assert ["data", "chat-palette"] == [e.tag for e in root]
    tree = _child(root, "character")
    assert ["image", "common", "detail"] == [e.get("name") for e in tree]
    assert "image" == _child(_child(tree, "image"), "imageIdentifier").get("type")
    common = _child(tree, "common")
    piece = exports.piece_of(character, system=system)
    assert piece.name == _child(common, "name").text
    assert "1" == _child(common, "size").text


@pytest.mark.parametrize(("system", "character"), SAMPLES)
def test_hp_is_a_number_resource(system: str, character: object) -> None:
    """HP is a numberResource: its text the most, currentValue the value now."""
    root = _root(system, character)
    hp = [e for e in root.iter("data") if e.get("name") == "HP"]
    piece = exports.piece_of(character, system=system)
    assert 1 == len(hp)
    assert "numberResource" == hp[0].get("type")
    assert (str(piece.resources[0].max), str(piece.resources[0].value)) == (
        hp[0].text,
        hp[0].get("currentValue"),
    )


@pytest.mark.parametrize(("system", "character"), SAMPLES)
def test_the_chat_palette_holds_the_lines(system: str, character: object) -> None:
    """chat-palette, for BCDice's generic dice bot, has one line per palette line."""
    root = _root(system, character)
    palette = root.find("chat-palette")
    piece = exports.piece_of(character, system=system)
    assert palette is not None
    assert palette.text is not None
    assert "DiceBot" == palette.get("dicebot")
    assert [line.text for line in piece.palette] == palette.text.splitlines()


def test_a_hostile_name_is_escaped() -> None:
    """A name with XML, a line break and a variable line is the name's text, nothing more."""
    card = attrs.evolve(
        sample_cards()["ember_knight"], name='</data><data name="HP">0\n//HP=0 & "x"'
    )
    root = _root("skirmish", card)
    name = _child(_child(_child(root, "character"), "common"), "name")
    assert '</data><data name="HP">0 //HP=0 & "x"' == name.text
    palette = root.find("chat-palette")
    assert palette is not None
    assert palette.text is not None
    assert not any(line.startswith("//") for line in palette.text.splitlines())


def test_the_same_piece_gives_the_same_zip() -> None:
    """The zip is reproducible: no clock in it."""
    card = sample_cards()["ember_knight"]
    assert exports.export(card, "udonarium") == exports.export(card, "udonarium")
