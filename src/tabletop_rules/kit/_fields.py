"""Field validators and converters that every rule system's combat setup shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules._arguments import shown
from tabletop_rules.errors import InvalidData

if TYPE_CHECKING:
    from tabletop_rules._arguments import Validator

__all__ = [
    "MAX_NAME_LENGTH",
    "a_side",
    "participant_id",
]

#: The longest participant id or side name, in characters.
MAX_NAME_LENGTH: Final = 64


def a_side(_: object, __: attrs.Attribute[str], value: object) -> None:
    """Validate a side name: a non-empty text of at most :data:`MAX_NAME_LENGTH`.

    .. versionadded:: 0.1.0
    """
    if not isinstance(value, str) or not value or len(value) > MAX_NAME_LENGTH:
        raise InvalidData(
            "$.side",
            f"a side must be a non-empty text of at most {MAX_NAME_LENGTH} characters, "
            f"not {shown(value)[:80]}",
        )


def participant_id(gm: str, *, without: str = "") -> Validator:
    """A validator of participant ids: a non-empty text of at most :data:`MAX_NAME_LENGTH`.

    The id may not be *gm* (the game master's actor id) nor hold a character of *without*.

    .. versionadded:: 0.1.0
    """

    def check(_: object, __: attrs.Attribute[Any], value: object) -> None:
        if (
            not isinstance(value, str)
            or not value
            or value == gm
            or len(value) > MAX_NAME_LENGTH
            or any(mark in value for mark in without)
        ):
            rule = "".join(f", without {mark!r}" for mark in without)
            raise InvalidData(
                "$.id",
                f"a participant id must be a non-empty text of at most {MAX_NAME_LENGTH} "
                f"characters, not {gm!r}{rule}: {shown(value)[:80]}",
            )

    return check
