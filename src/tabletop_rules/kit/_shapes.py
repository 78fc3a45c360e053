"""Type checks of command fields, derived from the attrs fields of the command classes."""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from tabletop_rules.errors import IllegalCommand

__all__ = ["CommandShapes"]


# --------------------------------------------------------------------------- command shapes


def _all_fit(value: object, fits: Callable[[object], bool]) -> bool:
    if type(value) is tuple and not value:  # the commonest value (no helpers, no boosts)
        return True
    if not isinstance(value, tuple | list):
        return False
    items: tuple[object, ...] = tuple(value)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    return all(fits(item) for item in items)


def _check_for(annotation: Any) -> tuple[Callable[[object], bool], str] | None:
    """A test that a value fits *annotation*, and the annotation's name; None for any value."""
    origin = typing.get_origin(annotation)
    if annotation is str:
        return (lambda v: isinstance(v, str)), "str"
    if annotation is bool:
        return (lambda v: type(v) is bool), "bool"
    if annotation is int:
        return (lambda v: type(v) is int), "int"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        kind: type[enum.Enum] = annotation
        return (lambda v: isinstance(v, kind)), kind.__name__
    if isinstance(annotation, type) and attrs.has(annotation):
        value_type: type[Any] = annotation
        return (lambda v: isinstance(v, value_type)), value_type.__name__
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _check_for(args[0])
            if inner is None:
                return (lambda v: isinstance(v, tuple | list)), "tuple"
            fits, name = inner
            return (lambda v: _all_fit(v, fits)), f"tuple[{name}, ...]"
    if origin in (typing.Union, types.UnionType):
        parts = typing.get_args(annotation)
        checks = [c for c in (_check_for(p) for p in parts if p is not type(None)) if c]
        if len(checks) != len([p for p in parts if p is not type(None)]):
            return None
        optional = type(None) in parts
        names = " | ".join([n for _, n in checks] + (["None"] if optional else []))
        return (lambda v: (optional and v is None) or any(fits(v) for fits, _ in checks)), names
    return None


def _compiled(
    cls: type[Any], shape: tuple[tuple[str, Callable[[object], bool], str], ...]
) -> Callable[[object], bool]:
    """One function that tests every checked field of a *cls* command, with no loop."""
    namespace: dict[str, Any] = {}
    tests: list[str] = []
    for index, (name, fits, expected) in enumerate(shape):
        value = f"command.{name}"
        if expected == "str":
            tests.append(f"isinstance({value}, str)")
        elif expected in ("bool", "int"):
            tests.append(f"type({value}) is {expected}")
        else:
            namespace[f"fits{index}"] = fits
            tests.append(f"fits{index}({value})")
    body = " and ".join(tests) or "True"
    source = f"def fits(command):\n    return {body}\n"
    exec(compile(source, f"<shape of {cls.__qualname__}>", "exec"), namespace)
    compiled: Callable[[object], bool] = namespace["fits"]
    return compiled


@attrs.frozen
class CommandShapes:
    """The type check of every field of every command class, derived from their attrs fields.

    Commands built in Python are not type-checked by attrs; a bot may build one from what a
    player typed.
    :meth:`check` refuses a command that is of no known class, or whose field holds a value of
    the wrong type, before any rule reads it.
    Fields of type ``str``, ``bool``, ``int``, an enum, an attrs class, ``tuple[X, ...]`` and
    unions of those (``None`` included) are checked (an attrs value by its class only); any
    other field is left to the rule that reads it.

    >>> import attrs
    >>> @attrs.frozen
    ... class Jump:
    ...     actor: str
    ...     height: int
    >>> shapes = CommandShapes.of([Jump], reason="demo.bad_command")
    >>> shapes.check(Jump("a", 2))
    >>> shapes.check(Jump("a", "high"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop_rules.errors.IllegalCommand: ...

    .. versionadded:: 0.1.0
    """

    #: The checked fields of each command class (name, test, and the expected type's name).
    shapes: Mapping[type[Any], tuple[tuple[str, Callable[[object], bool], str], ...]]
    #: Per command class, one generated test of all its fields at once (the fast path).
    fits: Mapping[type[Any], Callable[[object], bool]] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: The catalog key of the refusal of a malformed command (``command``, ``field``,
    #: ``expected`` and ``value`` are its message fields).
    reason: str
    #: The catalog key of the refusal of a command of no known class (``command``).
    unknown: str

    @classmethod
    def of(
        cls,
        commands: Iterable[type[Any]],
        *,
        reason: str = "bad_command",
        unknown: str = "unknown_command",
    ) -> CommandShapes:
        """The shapes of the attrs classes *commands*."""
        shapes: dict[type[Any], tuple[tuple[str, Callable[[object], bool], str], ...]] = {}
        for command in commands:
            hints = typing.get_type_hints(command)
            checked: list[tuple[str, Callable[[object], bool], str]] = []
            for field in attrs.fields(command):
                found = _check_for(hints.get(field.name, Any))
                if found is not None:
                    checked.append((field.name, *found))
            shapes[command] = tuple(checked)
        return cls(MappingProxyType(shapes), reason, unknown)

    def __attrs_post_init__(self) -> None:
        fast = {cls: _compiled(cls, shape) for cls, shape in self.shapes.items()}
        object.__setattr__(self, "fits", MappingProxyType(fast))

    def check(self, command: object) -> None:
        """Refuse *command* unless it is a known command with every field of the right type.

        Raises:
            IllegalCommand: An unknown command class (:attr:`unknown`) or a field of the
                wrong type (:attr:`reason`).
        """
        fast = self.fits.get(type(command))
        if fast is None:
            raise IllegalCommand(self.unknown, command=type(command).__name__)
        if fast(command):
            return
        for name, fits, expected in self.shapes[type(command)]:
            value = getattr(command, name, None)
            if not fits(value):
                shown = repr(value)
                raise IllegalCommand(
                    self.reason,
                    command=type(command).__name__,
                    field=name,
                    expected=expected,
                    value=shown if len(shown) <= 60 else shown[:57] + "...",
                )
