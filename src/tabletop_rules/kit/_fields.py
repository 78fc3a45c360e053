"""Field validators that every rule system's combat setup shares."""

from __future__ import annotations

from typing import Final

import attrs

from tabletop_rules.errors import InvalidData

__all__ = ["MAX_NAME_LENGTH", "a_flag", "a_side"]

#: The longest participant id or side name, in characters.
MAX_NAME_LENGTH: Final = 64


def a_side(_: object, __: attrs.Attribute[str], value: object) -> None:
    """Validate a side name: a non-empty text of at most :data:`MAX_NAME_LENGTH`."""
    if not isinstance(value, str) or not value or len(value) > MAX_NAME_LENGTH:
        raise InvalidData(
            "$.side",
            f"a side must be a non-empty text of at most {MAX_NAME_LENGTH} characters, "
            f"not {repr(value)[:80]}",
        )


def a_flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    """Validate a field that is exactly ``True`` or ``False`` (not ``1`` or ``0``)."""
    if type(value) is not bool:
        raise InvalidData(f"$.{attribute.name}", f"expected true or false, not {value!r}")
