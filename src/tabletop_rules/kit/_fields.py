"""Field validators and converters that every rule system's combat setup shares."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

import attrs

from tabletop_rules.errors import InvalidData

__all__ = [
    "MAX_NAME_LENGTH",
    "a_flag",
    "a_side",
    "an_instance",
    "checked_items",
    "participant_id",
    "shown",
]

#: The longest participant id or side name, in characters.
MAX_NAME_LENGTH: Final = 64

T = TypeVar("T")

#: An attrs validator.
Validator = Callable[[object, "attrs.Attribute[Any]", object], None]


#: Whole numbers of more digits than this are described, not written out, in a refusal.
_MOST_DIGITS: Final = 80


def shown(value: object) -> str:
    """``repr(value)``, except that a whole number of more than 80 digits is described.

    Python cannot write out a whole number of more than 4,300 digits (it raises a bare
    ``ValueError``), and a refusal that quoted one would not fit a chat message.
    """
    if isinstance(value, int) and not -(10**_MOST_DIGITS) < value < 10**_MOST_DIGITS:
        return f"a whole number of more than {_MOST_DIGITS} digits"
    return repr(value)


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
        raise InvalidData(f"$.{attribute.name}", f"expected true or false, not {shown(value)}")


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


def an_instance(cls: type[Any], what: str) -> Validator:
    """A validator of a field that must be an instance of *cls*, named *what* in the error."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, cls):
            raise InvalidData(f"$.{attribute.name}", f"expected {what}, not {shown(value)}")

    return check


def checked_items(
    values: object, cls: type[T], *, field: str, most: int | None = None
) -> tuple[T, ...]:
    """*values* as a tuple after checking that it is a list of *cls* (at most *most* of them).

    Raises:
        InvalidData: Not a list, too long, or an item of another type, with the path
            ``$.field`` or ``$.field[index]``.
    """
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InvalidData(f"$.{field}", f"expected a list of {field}, not {shown(values)}")
    out: tuple[object, ...] = tuple(values)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    if most is not None and len(out) > most:
        raise InvalidData(f"$.{field}", f"a combat takes at most {most} {field}, not {len(out)}")
    checked: list[T] = []
    for index, value in enumerate(out):
        if not isinstance(value, cls):
            raise InvalidData(
                f"$.{field}[{index}]", f"expected a {cls.__name__}, not {shown(value)}"
            )
        checked.append(value)
    return tuple(checked)
