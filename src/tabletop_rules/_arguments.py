"""The checks of arguments' types that every public entry point shares.

A public function or constructor given an argument of the wrong type (``None`` or a number
where a text belongs, a value of another rule system) refuses it with
:class:`~tabletop_rules.errors.InvalidData` at ``$.<parameter>``, whose message says what was
expected and what was given, in the reader's locale (catalog key ``error.wrong_type``), never
with an ``AttributeError`` or ``TypeError`` from deep inside.

Each check returns the value it was given, typed, so that a caller writes
``text = checked_text(text, "$.text")``.
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final, TypeVar, Union, get_args, get_origin, overload

from tabletop_rules.errors import InvalidData

if TYPE_CHECKING:
    import attrs

    from tabletop_rules.dice import DiceSource
    from tabletop_rules.engine import Ruleset

__all__ = [
    "MAX_SMALL_STACK_NESTING",
    "SMALL_STACK",
    "Validator",
    "a_flag",
    "a_text",
    "a_whole",
    "alias_name",
    "an_instance",
    "checked",
    "checked_flag",
    "checked_items",
    "checked_ruleset",
    "checked_source",
    "checked_text",
    "checked_whole",
    "described",
    "nested_too_deeply",
    "shown",
    "tupled",
    "type_name",
    "wrong_type",
]

T = TypeVar("T")
OtherT = TypeVar("OtherT")

#: An attrs validator: ``check(instance, attribute, value)``, raising what it refuses.
#:
#: .. versionadded:: 0.1.0
Validator = Callable[[object, "attrs.Attribute[Any]", object], None]

#: The deepest nesting of arrays and objects a reader of JSON hands to the JSON decoder on
#: the browser's Python (Pyodide), whose small stack the C decoder would overflow, crashing
#: the interpreter, before it raises ``RecursionError`` (at 10,000 levels); elsewhere the
#: decoder's own ``RecursionError`` (near 1,000 levels) is the bound. It is well below what
#: the decoder survives, since comparing, writing and using the value recurse as deep again
#: on a stack already deep with the caller's frames; no document of the library nests past
#: a few dozen levels.
MAX_SMALL_STACK_NESTING: Final = 200
#: Whether this Python runs on a small stack (Pyodide, WASI): see :func:`nested_too_deeply`.
SMALL_STACK: Final = sys.platform in {"emscripten", "wasi"}
#: The characters that open or close a JSON string, an escape, an array or an object.
_JSON_STRUCTURE: Final = re.compile(r'[\\"\[\]{}]')

#: Whole numbers of more digits than this are described, not written out, in a refusal.
_MOST_DIGITS: Final = 80
#: The most characters of a value's ``repr`` that a refusal quotes.
_MOST_QUOTED: Final = 40


def shown(value: object) -> str:
    """``repr(value)``, except that a whole number of more than 80 digits is described.

    Python cannot write out a whole number of more than 4,300 digits (it raises a bare
    ``ValueError``), and a refusal that quoted one would not fit a chat message.

    .. versionadded:: 0.1.0
    """
    if isinstance(value, int) and not -(10**_MOST_DIGITS) < value < 10**_MOST_DIGITS:
        return f"a whole number of more than {_MOST_DIGITS} digits"
    return repr(value)


def type_name(cls: object) -> str:
    """The name of *cls* as a user imports it: ``int``, ``m20.CombatState``, ``dice.Roll``.

    A union or a tuple of classes is named as a union is written, ``str | bytes``, and
    ``None`` (the type of ``None`` in a union) as ``None``.
    """
    if isinstance(cls, tuple | types.UnionType) or get_origin(cls) is Union:
        members: tuple[object, ...] = cls if isinstance(cls, tuple) else get_args(cls)  # pyright: ignore[reportUnknownVariableType]
        return " | ".join(type_name(member) for member in members)
    if cls is None or cls is type(None):
        return "None"
    if not isinstance(cls, type):
        return repr(cls)  # a typing form: as it is written
    module = cls.__module__
    if module == "builtins":
        return cls.__qualname__
    package = module.split("._")[0]  # a class's public home, not its private module
    return f"{package.removeprefix('tabletop_rules.')}.{cls.__qualname__}"


def alias_name(cls: object, owner: type, alias: str) -> str:
    """The name of *cls* as ``<package>.<alias>`` if *owner*'s package exports it so.

    A union of many classes has no name of its own: a system exports its union of events as
    ``Event`` (``m20.Event``), and a refusal names it so rather than list two dozen classes.
    Otherwise :func:`type_name` of *cls*.
    """
    package = owner.__module__.split("._")[0]
    module = sys.modules.get(package)
    if module is not None and getattr(module, alias, None) == cls:
        return f"{package.removeprefix('tabletop_rules.')}.{alias}"
    return type_name(cls)


def described(value: object) -> str:
    """*value* as a refusal names it: ``None``, ``5 (int)``, ``'x' (str)``, ``m20.CombatState``.

    A number or a text is quoted (cut short), a class is named as its type is written
    (``type[m20.CombatState]``: the class, not one of its values), anything else is named by
    its type, so that the description is short and shows no memory address.
    """
    if value is None:
        return "None"
    if isinstance(value, type):
        return f"type[{type_name(value)}]"
    if isinstance(value, bool | int | float | str | bytes):
        quoted = shown(value)
        if len(quoted) > _MOST_QUOTED:
            quoted = quoted[: _MOST_QUOTED - 1] + "…"
        return f"{quoted} ({type_name(type(value))})"
    return type_name(type(value))


def wrong_type(path: str, expected: str, value: object) -> InvalidData:
    """The refusal of *value* at *path*, where *expected* (a type, in code) belongs.

    >>> print(wrong_type("$.locale", "str", 5))
    Invalid data at $.locale: expected str, not 5 (int).

    .. versionadded:: 0.1.0
    """
    return InvalidData(path, "error.wrong_type", expected=expected, given=described(value))


@overload
def checked(value: object, cls: type[T], path: str, expected: str | None = None) -> T: ...
@overload
def checked(
    value: object, cls: tuple[type[T], type[OtherT]], path: str, expected: str | None = None
) -> T | OtherT: ...
@overload
def checked(value: object, cls: types.UnionType, path: str, expected: str | None = None) -> Any: ...
def checked(
    value: object,
    cls: type[object] | tuple[type[object], ...] | types.UnionType,
    path: str,
    expected: str | None = None,
) -> object:
    """*value*, after checking that it is an instance of *cls* (or of one of *cls*).

    Args:
        value: What the caller gave.
        cls: The class it must be an instance of, a union of classes (``A | B``) or a tuple
            of them.
        path: Where it was given, such as ``$.state``.
        expected: What to call *cls* in the refusal, in code (by default its name, as
            imported: ``m20.CombatState | skirmish.CombatState``).

    Raises:
        InvalidData: *value* is no instance of *cls*, at *path*.

    .. versionadded:: 0.1.0
    """
    if isinstance(value, cls):
        return value
    raise wrong_type(path, expected or type_name(cls), value)


def checked_text(value: object, path: str) -> str:
    """*value*, after checking that it is a ``str``.

    Raises:
        InvalidData: *value* is no ``str``, at *path*.

    .. versionadded:: 0.1.0
    """
    if isinstance(value, str):
        return value
    raise wrong_type(path, "str", value)


def checked_whole(value: object, path: str) -> int:
    """*value*, after checking that it is a whole number (an ``int``, but not a ``bool``).

    Raises:
        InvalidData: *value* is no ``int``, or a ``bool``, at *path*.

    .. versionadded:: 0.1.0
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise wrong_type(path, "int", value)


def checked_flag(value: object, path: str) -> bool:
    """*value*, after checking that it is exactly ``True`` or ``False`` (not ``1`` or ``0``).

    Raises:
        InvalidData: *value* is no ``bool``, at *path*.
    """
    if type(value) is bool:
        return value
    raise wrong_type(path, "bool", value)


def checked_source(value: object, path: str = "$.dice") -> DiceSource:
    """*value*, after checking that it is a :class:`~tabletop_rules.dice.DiceSource`.

    It has a ``roll`` method, which is all the protocol asks (and quicker to check than
    ``isinstance`` with the protocol).

    Raises:
        InvalidData: *value* has no ``roll`` method, at *path*.

    .. versionadded:: 0.1.0
    """
    if callable(getattr(value, "roll", None)):
        source: DiceSource = value  # type: ignore[assignment]  # it has the protocol's method
        return source
    raise wrong_type(path, "dice.DiceSource", value)


def tupled(values: Iterable[T], path: str, expected: str) -> tuple[T, ...]:
    """*values* as a tuple, refusing what is no iterable at *path*.

    Only ``iter(values)`` is guarded: an error raised while the items are made (inside a
    generator the caller passed) is the caller's own, and goes on with its traceback.

    Args:
        values: What the caller gave.
        path: Where it was given, such as ``$.faces``.
        expected: What belongs there, in code (``list[int]``).

    Raises:
        InvalidData: *values* is no iterable, at *path*.
    """
    if type(values) is tuple:  # the commonest case, and the quickest
        return values  # pyright: ignore[reportUnknownVariableType]  # a tuple of T
    try:
        iterator = iter(values)
    except TypeError:  # not iterable
        raise wrong_type(path, expected, values) from None
    return tuple(iterator)


def checked_items(
    values: object, cls: type[T], path: str, expected: str | None = None, *, most: int | None = None
) -> tuple[T, ...]:
    """*values* as a tuple, after checking that it is a list (or any iterable but a text) of *cls*.

    Args:
        values: What the caller gave.
        cls: The class of every item.
        path: Where it was given, such as ``$.participants``.
        expected: What to call *cls* in the refusal (by default its name, as imported).
        most: The most items allowed, checked before any item is.

    Raises:
        InvalidData: *values* is a text or no iterable, or has more than *most* items (at
            *path*), or an item is no *cls* (at ``path[index]``; for ``int``, a ``bool`` is
            none, as in :func:`checked_whole`).

    .. versionadded:: 0.1.0
    """
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise wrong_type(path, f"list[{expected or type_name(cls)}]", values)
    items: tuple[object, ...] = tuple(values)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    if most is not None and len(items) > most:
        raise InvalidData(path, "error.too_many", most=most, given=len(items))
    for index, item in enumerate(items):
        if not isinstance(item, cls) or (cls is int and type(item) is bool):
            raise wrong_type(f"{path}[{index}]", expected or type_name(cls), item)
    return items  # type: ignore[return-value]  # every item was checked


def checked_ruleset(value: object, path: str = "$.ruleset") -> Ruleset[Any, Any, Any, Any]:
    """*value*, after checking that it has a ruleset's ``start`` and ``evolve`` methods.

    Raises:
        InvalidData: *value* is no :class:`~tabletop_rules.engine.Ruleset`, at *path*.
    """
    if callable(getattr(value, "evolve", None)) and callable(getattr(value, "start", None)):
        ruleset: Ruleset[Any, Any, Any, Any] = value  # type: ignore[assignment]  # duck-typed
        return ruleset
    raise wrong_type(path, "engine.Ruleset", value)


def an_instance(cls: type[Any], what: str | None = None) -> Validator:
    """An attrs validator of a field that is an instance of *cls*, named *what* in the error.

    Raises:
        InvalidData: At ``$.<field>``.

    .. versionadded:: 0.1.0
    """

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, cls):
            checked(value, cls, f"$.{attribute.name}", what)

    return check


def a_whole(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    """An attrs validator of a field that is a whole number (an ``int``, not a ``bool``).

    Raises:
        InvalidData: At ``$.<field>``.

    .. versionadded:: 0.1.0
    """
    if type(value) is not int:
        checked_whole(value, f"$.{attribute.name}")


def a_flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    """An attrs validator of a field that is exactly ``True`` or ``False`` (not ``1`` or ``0``).

    Raises:
        InvalidData: At ``$.<field>``.

    .. versionadded:: 0.1.0
    """
    if type(value) is not bool:
        checked_flag(value, f"$.{attribute.name}")


def a_text(_: object, attribute: attrs.Attribute[str], value: object) -> None:
    """An attrs validator of a field that is a ``str``.

    Raises:
        InvalidData: At ``$.<field>``.

    .. versionadded:: 0.1.0
    """
    if not isinstance(value, str):
        raise wrong_type(f"$.{attribute.name}", "str", value)


def nested_too_deeply(text: str | bytes | bytearray) -> bool:
    """Whether JSON *text* nests arrays and objects more than ``MAX_SMALL_STACK_NESTING`` deep.

    Brackets inside strings do not count. Every text is scanned, however few brackets it
    has, so that the cost of reading grows as the text does and has no step at some size.
    A reader asks it before decoding where :data:`SMALL_STACK` holds.
    """
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8", errors="replace")
    depth = 0
    in_string = False
    escaped = -1  # the index of the character a backslash escapes
    for found in _JSON_STRUCTURE.finditer(text):  # one pass: linear, whatever the text
        at, mark = found.start(), found[0]
        if at == escaped:
            continue
        if in_string:
            if mark == "\\":
                escaped = at + 1
            elif mark == '"':
                in_string = False
        elif mark == '"':
            in_string = True
        elif mark in "[{":
            depth += 1
            if depth > MAX_SMALL_STACK_NESTING:
                return True
        elif mark in "]}":
            depth -= 1
    return False
