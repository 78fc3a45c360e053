"""Generated copiers for attrs classes: fast, complete ``attrs.evolve`` for game states."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

from tabletop_rules._slots import slot_setter

__all__ = ["copier"]

T = TypeVar("T")

_MISSING: Any = object()


# --------------------------------------------------------------------------- copier


def _unused(name: str, taken: set[str]) -> str:
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def _need_slots(cls: type[Any]) -> None:
    if not attrs.has(cls) or "__slots__" not in vars(cls):
        raise TypeError(f"copier() needs an attrs class with slots, not {cls!r}")


def copier(cls: type[T]) -> Callable[..., T]:
    """A fast ``attrs.evolve`` for *cls*: ``copy(instance, **changes)``.

    The function is generated once from the attrs fields of *cls*, so it copies every field
    (a field added later is copied too, never reset to its default) and takes the same
    keywords as :func:`attrs.evolve` (a private field ``_x`` is changed with ``x=``),
    refusing any other with a :class:`TypeError`.
    It is meant for the state of a game, copied once per event by the rules' own code: it
    sets the fields directly, without ``attrs.evolve``'s per-call introspection and without
    running the class's converters and validators, so a change must already be of the
    field's type (a tuple, not a list).

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> move = copier(Point)
    >>> move(Point(1, 2), y=5)
    Point(x=1, y=5)

    Args:
        cls: An attrs class with slots and no ``__attrs_post_init__``.

    Returns:
        The copier.

    Raises:
        TypeError: *cls* is not an attrs class with slots, or has an
            ``__attrs_post_init__`` (which a direct copy would skip).

    .. versionadded:: 0.1.0
    """
    _need_slots(cls)
    if hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"copier() cannot copy {cls.__qualname__}: it has __attrs_post_init__")
    return unchecked_copier(cls)


def unchecked_copier(cls: type[T]) -> Callable[..., T]:
    """:func:`copier` for a class whose ``__attrs_post_init__`` only checks its values.

    The copy skips that check: for the class's own code, whose changes keep a valid value
    valid.

    Raises:
        TypeError: *cls* is not an attrs class with slots.
    """
    _need_slots(cls)
    fields = attrs.fields(cast("Any", cls))
    # The generated code's own names must not be a field's keyword.
    taken = {a.alias for a in fields}
    inst, new, missing, set_, make, klass = (
        _unused(name, taken) for name in ("inst", "new", "missing", "setattr", "make", "cls")
    )
    # Each field is set through its slot's descriptor: cheaper than object.__setattr__,
    # which looks the descriptor up on every call.
    setters = {
        a.name: (_unused(f"set_{i}", taken), slot_setter(cls, a.name)) for i, a in enumerate(fields)
    }
    keywords = ", ".join(f"{a.alias}={missing}" for a in fields)
    lines = [f"def copy({inst}, /, *, {keywords}):" if fields else f"def copy({inst}, /):"]
    lines.append(f"    {new} = {make}({klass})")
    lines += [
        f"    {setters[a.name][0]}({new}, {inst}.{a.name} if {a.alias} is {missing} else {a.alias})"
        for a in fields
    ]
    if any("_attrs_cached_hash" in getattr(k, "__slots__", ()) for k in cls.__mro__):
        # cache_hash=True: the copy's hash is computed afresh.
        lines.append(f"    {set_}({new}, '_attrs_cached_hash', None)")
    lines.append(f"    return {new}")
    namespace: dict[str, Any] = {
        klass: cls,
        missing: _MISSING,
        make: object.__new__,
        set_: object.__setattr__,
        **dict(setters.values()),
    }
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<copier of {cls.__qualname__}>", "exec"), namespace)
    copy: Callable[..., T] = namespace["copy"]
    copy.__qualname__ = f"copier({cls.__qualname__})"
    copy.__doc__ = f"A copy of a {cls.__qualname__} with the given fields changed."
    return copy
