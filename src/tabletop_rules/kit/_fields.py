"""Field validators and converters that every rule system's combat setup shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from tabletop_rules._arguments import an_instance, shown, wrong_type
from tabletop_rules.errors import InvalidData

__all__ = [
    "MAX_NAME_LENGTH",
    "a_flag",
    "a_side",
    "an_instance",
    "participant_id",
]

#: The longest participant id or side name, in characters.
MAX_NAME_LENGTH: Final = 64

#: An attrs validator.
Validator = Callable[[object, "attrs.Attribute[Any]", object], None]


def a_side(_: object, __: attrs.Attribute[str], value: object) -> None:
    """Validate a side name: a non-empty text of at most :data:`MAX_NAME_LENGTH`."""
    if not isinstance(value, str) or not value or len(value) > MAX_NAME_LENGTH:
        raise InvalidData(
            "$.side",
            f"a side must be a non-empty text of at most {MAX_NAME_LENGTH} characters, "
            f"not {shown(value)[:80]}",
        )


def a_flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    """Validate a field that is exactly ``True`` or ``False`` (not ``1`` or ``0``)."""
    if type(value) is not bool:
        raise wrong_type(f"$.{attribute.name}", "bool", value)


def participant_id(gm: str, *, without: str = "") -> Validator:
    """A validator of participant ids: a non-empty text of at most :data:`MAX_NAME_LENGTH`.

    The id may not be *gm* (the game master's actor id) nor hold a character of *without*.
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
