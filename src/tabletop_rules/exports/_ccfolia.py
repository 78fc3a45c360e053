"""CCFOLIA's clipboard format: ``{"kind": "character", "data": {...}}``.

The fields are those CCFOLIA publishes for a pasted character (docs.ccfolia.com,
developer-api, clipboard-api): ``name``, ``memo``, ``initiative``, ``status`` (``label``,
``value``, ``max``), ``params`` (``label``, ``value``) and ``commands`` (the chat palette, one
command a line).
"""

from __future__ import annotations

import json
from typing import Any

from tabletop_rules._arguments import checked
from tabletop_rules.exports._piece import Piece

__all__ = ["ccfolia", "ccfolia_data"]


def ccfolia_data(piece: Piece) -> dict[str, Any]:
    """The clipboard value of *piece*, as Python data.

    A resource without a most is shown with its value as the most.

    Raises:
        InvalidData: *piece* is no :class:`Piece` (path ``$.piece``).

    .. versionadded:: 0.1.0
    """
    piece = checked(piece, Piece, "$.piece", "exports.Piece")
    return {
        "kind": "character",
        "data": {
            "name": piece.name,
            "memo": piece.memo,
            "initiative": 0,
            "status": [
                {
                    "label": r.label,
                    "value": r.value,
                    "max": r.value if r.max is None else r.max,
                }
                for r in piece.resources
            ],
            "params": [{"label": p.label, "value": p.value} for p in piece.params],
            "commands": "\n".join(line.text for line in piece.palette),
        },
    }


def ccfolia(piece: Piece) -> str:
    """The text to copy and paste onto a CCFOLIA board.

    Raises:
        InvalidData: *piece* is no :class:`Piece` (path ``$.piece``).

    .. versionadded:: 0.1.0
    """
    return json.dumps(ccfolia_data(piece), ensure_ascii=False, separators=(",", ":"))
