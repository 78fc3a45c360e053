"""Udonarium's character piece: a zip that holds ``data.xml``.

The XML has the element and attribute names Udonarium reads (TK11235/udonarium,
``src/app/class/game-character.ts``, ``tabletop-object.ts``, ``data-element.ts`` and
``chat-palette.ts``): a ``character`` element holding a ``data`` tree named ``character``
(``image``, ``common`` with ``name`` and ``size``, ``detail`` with the resources as
``numberResource`` elements, whose text is the most and ``currentValue`` the value now, the
parameters and a ``note``), then a ``chat-palette`` whose text is the palette, one line a
command.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from tabletop_rules._arguments import checked, checked_text
from tabletop_rules.exports._piece import Piece
from tabletop_rules.i18n import translate

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

__all__ = ["udonarium", "udonarium_xml"]

# A fixed date keeps the zip the same for the same piece (the format's earliest).
_DATE = (1980, 1, 1, 0, 0, 0)


def _data(parent: Element, name: str, text: str = "", **attributes: str) -> Element:
    from xml.etree.ElementTree import SubElement

    element = SubElement(parent, "data", {**attributes, "name": name})
    element.text = text
    return element


def udonarium_xml(piece: Piece, locale: str = "en") -> str:
    """The ``data.xml`` of *piece*; the section names are in *locale*.

    Raises:
        InvalidData: *piece* is no :class:`Piece` (path ``$.piece``), *locale* no ``str``
            (``$.locale``).

    .. versionadded:: 0.1.0
    """
    from xml.etree.ElementTree import Element, SubElement, tostring

    piece = checked(piece, Piece, "$.piece", "exports.Piece")
    locale = checked_text(locale, "$.locale")
    root = Element(
        "character",
        {"location.name": "table", "location.x": "0", "location.y": "0", "posZ": "0"},
    )
    tree = _data(root, "character")
    image = _data(tree, "image")
    _data(image, "imageIdentifier", type="image")
    common = _data(tree, "common")
    _data(common, "name", piece.name)
    _data(common, "size", "1")
    detail = _data(tree, "detail")
    resources = _data(detail, translate("exports.section.resources", locale))
    for resource in piece.resources:
        if resource.max is None:
            _data(resources, resource.label, str(resource.value))
        else:
            _data(
                resources,
                resource.label,
                str(resource.max),
                type="numberResource",
                currentValue=str(resource.value),
            )
    if piece.params:
        params = _data(detail, translate("exports.section.params", locale))
        for param in piece.params:
            _data(params, param.label, param.value)
    info = _data(detail, translate("exports.section.info", locale))
    _data(info, translate("exports.section.memo", locale), piece.memo, type="note")
    palette = SubElement(root, "chat-palette", {"dicebot": "DiceBot"})
    palette.text = "".join(f"{line.text}\n" for line in piece.palette)
    body: str = tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body


def udonarium(piece: Piece, locale: str = "en") -> bytes:
    """The zip to drop onto an Udonarium table: ``data.xml`` alone.

    The same piece gives the same bytes.

    Raises:
        InvalidData: *piece* is no :class:`Piece` (path ``$.piece``), *locale* no ``str``
            (``$.locale``).

    .. versionadded:: 0.1.0
    """
    import zipfile

    xml = udonarium_xml(piece, locale)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("data.xml", date_time=_DATE), xml.encode("utf-8"))
    return buffer.getvalue()
