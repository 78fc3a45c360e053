"""Setting the slots of a frozen attrs instance directly, for values the library builds.

A value the library makes from parts it has already checked (a roll's faces, a rolled sum,
a copy of a game's state) skips ``__init__`` and its validators; setting each field through
its slot's descriptor is cheaper than ``object.__setattr__``, which looks the descriptor up
on every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["slot_setter"]


def slot_setter(cls: type[Any], name: str) -> Callable[[Any, Any], None]:
    """The setter of the slot *name* of *cls* (a slot may be a base class's).

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    >>> point = object.__new__(Point)
    >>> slot_setter(Point, "x")(point, 3)
    >>> point
    Point(x=3)

    Raises:
        TypeError: *cls* has no slot *name*.
    """
    for klass in cls.__mro__:
        descriptor = vars(klass).get(name)
        if descriptor is not None and hasattr(descriptor, "__set__"):
            setter: Callable[[Any, Any], None] = descriptor.__set__
            return setter
    raise TypeError(f"{cls.__qualname__} has no slot {name!r}")
