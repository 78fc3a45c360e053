"""JSON for every public value, command, event, state and record.

:func:`make_converter` returns a new, configured :mod:`cattrs` converter (the library never
uses cattrs' global one): enums by value, tuples and frozensets as JSON arrays, fractions as
``"n/d"`` strings, and unions of commands and events tagged by a ``"type"`` field that holds
the class name.
:func:`to_json` and :func:`from_json` use it:

>>> from tabletop_rules.dice import Dice, Roll
>>> from tabletop_rules.serialization import from_json, to_json
>>> to_json(Roll(Dice(2, 6), (3, 4)))
'{"dice":{"count":2,"sides":6},"faces":[3,4]}'
>>> from_json('{"dice":{"count":2,"sides":6},"faces":[3,4]}', Roll)
Roll(dice=Dice(count=2, sides=6), faces=(3, 4))

Untrusted JSON that does not fit raises :class:`~tabletop_rules.errors.InvalidData` with the
path of the bad field, and nothing else:

>>> from tabletop_rules.errors import InvalidData
>>> try:
...     from_json('{"dice":{"count":"two","sides":6},"faces":[3,4]}', Roll)
... except InvalidData as error:
...     print(error.path, "-", error.detail)
$.dice.count - expected a whole number, got str

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import collections.abc
import enum
import functools
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs
import cattrs
from cattrs.errors import (
    ForbiddenExtraKeysError,
    IterableValidationNote,
    StructureHandlerNotFoundError,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.preconf.json import make_converter as _json_converter

from tabletop_rules._arguments import (
    MAX_SMALL_STACK_NESTING,
    SMALL_STACK,
    checked,
    nested_too_deeply,
    wrong_type,
)
from tabletop_rules.checks import Difficulty, Opposition
from tabletop_rules.dice import SEED_RANGE, SeededDiceState
from tabletop_rules.engine import RECORD_FORMAT, GameRecord
from tabletop_rules.errors import InvalidData, TabletopRulesError
from tabletop_rules.odds import MAX_SPAN, Distribution

if TYPE_CHECKING:
    from tabletop_rules.systems import Registry

__all__ = [
    "MAX_COUNT_DIGITS",
    "MAX_INTEGER",
    "MAX_JSON_LENGTH",
    "MAX_TEXT_LENGTH",
    "from_json",
    "from_json_lines",
    "make_converter",
    "register_tagged_union",
    "structure",
    "to_json",
    "to_json_lines",
]

T = TypeVar("T")

#: The longest JSON text :func:`from_json` reads (characters), against abusive uploads.
MAX_JSON_LENGTH = 10_000_000

#: The largest magnitude of a whole number read from JSON, for every field but a
#: distribution's counts: 18 digits, as many as a number in a command may have.
#: Anything larger is refused with :class:`~tabletop_rules.errors.InvalidData`, so that a
#: value read from JSON can always be added up, explained and rendered.
#:
#: .. versionadded:: 0.1.0
MAX_INTEGER = 10**18 - 1

#: The longest text read from JSON into any field (a name, a label, a note), in characters,
#: as long as the longest sheet a system reads: a megabyte of name is refused with
#: :class:`~tabletop_rules.errors.InvalidData` at its path.
#:
#: .. versionadded:: 0.1.0
MAX_TEXT_LENGTH = 10_000

#: The most digits of one count (number of ways) of a :class:`~tabletop_rules.odds.Distribution`
#: read from JSON. Counts legitimately grow large (100D6 has counts of 78 digits, 100D1000 of
#: 301), so they have their own bound; the outcomes follow :data:`MAX_INTEGER`.
#:
#: .. versionadded:: 0.1.0
MAX_COUNT_DIGITS = 1000

#: The longest detail an :class:`~tabletop_rules.errors.InvalidData` from :func:`structure`
#: quotes, so that an error about a huge document stays short enough to show in a chat.
_MAX_DETAIL = 300

#: Whether :func:`from_json` bounds nesting before decoding (see
#: :func:`~tabletop_rules._arguments.nested_too_deeply`).
_SMALL_STACK = SMALL_STACK

_TAG = "type"


def _strict(kind: type[Any], name: str) -> Callable[[object, object], Any]:
    def hook(value: object, _: object) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {name}, got {type(value).__name__}")
        return value

    return hook


def _text(max_text: int) -> Callable[[object, object], str]:
    def hook(value: object, _: object) -> str:
        if type(value) is not str:
            raise TypeError(f"expected a string, got {type(value).__name__}")
        if len(value) > max_text:
            raise ValueError(f"a text of at most {max_text} characters, not {len(value)}")
        return value

    return hook


def _digits(value: int) -> int:
    """The number of decimal digits of ``abs(value)``, without converting it to text."""
    magnitude = abs(value)
    if magnitude < 10:
        return 1
    # bit_length gives the digits to within one; a comparison settles it (and never hits
    # Python's limit on converting huge integers to text).
    estimate = max(1, int(magnitude.bit_length() * 0.30102999566398120) + 1)
    return estimate if magnitude >= 10 ** (estimate - 1) else estimate - 1


def _whole_number(max_integer: int) -> Callable[[object, object], int]:
    def hook(value: object, _: object) -> int:
        if type(value) is not int:
            raise TypeError(f"expected a whole number, got {type(value).__name__}")
        if not -max_integer <= value <= max_integer:
            raise ValueError(
                f"expected a whole number from -{max_integer} to {max_integer}, "
                f"got one of {_digits(value)} digits"
            )
        return value

    return hook


def _seed_in(seeds: range, expected: str) -> Callable[[object, object], int]:
    """The structure hook of a seed field: a whole number in *seeds* (else "expected ...")."""

    def seed(value: object, _: object) -> int:
        if type(value) is not int:
            raise TypeError(f"expected a whole number, got {type(value).__name__}")
        if value not in seeds:
            raise ValueError(f"expected {expected}")
        return value

    return seed


#: A dice state's seed: any seed is written modulo 2**64, so every one reads back.
_seed: Final = _seed_in(SEED_RANGE, f"a seed from 0 to {SEED_RANGE.stop - 1}")
#: A simulated game's seed: a whole number of at most 65 bits either way.
_game_seed: Final = _seed_in(range(-(2**65) + 1, 2**65), "a seed of at most 65 bits")


def _simulated_game(cls: Any) -> bool:
    from tabletop_rules.simulation import SimulatedGame

    return typing.get_origin(cls) is SimulatedGame


_FRACTION_TEXT = re.compile(r"(-?[0-9]{1,100})(?:/([0-9]{1,100}))?")


def _fraction(value: object, _: object) -> Fraction:
    match = _FRACTION_TEXT.fullmatch(value) if isinstance(value, str) else None
    if match is None or (match[2] is not None and int(match[2]) == 0):
        raise TypeError("expected a fraction as a string like '1/3' (at most 100 digits a part)")
    return Fraction(int(match[1]), int(match[2] or 1))


def _shown(value: object) -> str:
    """*value* quoted for a refusal: a text or number briefly, anything else by its type."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        text = (
            repr(value) if not isinstance(value, int) or _digits(value) <= 30 else "a huge number"
        )
        return text if len(text) <= 40 else f"{text[:39]}…"
    return "null" if value is None else f"{type(value).__name__}"


def _enum(cls: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    """Read an enum member by its value, quoting only a short part of what is not one.

    cattrs' own hook quotes the whole value (a megabyte of nested arrays took seconds).
    """
    by_value = {member.value: member for member in cls}
    expected = ", ".join(repr(value) for value in by_value)

    def hook(value: object, _: object) -> enum.Enum:
        member = by_value.get(value) if type(value) in (str, int) else None
        if member is None or type(member.value) is not type(value):
            raise ValueError(f"expected one of {expected}, got {_shown(value)}")
        return member

    return hook


def _object(value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object, got {type(value).__name__}")
    return typing.cast(dict[str, object], value)


def _array(value: object) -> list[object]:
    if not isinstance(value, list):
        raise TypeError(f"expected an array, got {type(value).__name__}")
    return typing.cast(list[object], value)


def _distribution(max_integer: int, max_count_digits: int) -> Callable[[object, object], Any]:
    largest = 10**max_count_digits

    def hook(value: object, _: object) -> Distribution:
        fields = _object(value)
        if set(fields) != {"counts"}:
            raise TypeError('expected {"counts": [[outcome, ways], ...]}')
        counts: dict[int, int] = {}
        low = high = 0
        # One pass, constant work a pair: the lowest and highest outcomes are kept as they
        # go, so a long list loads in linear time (and a too-wide one stops early).
        for index, item in enumerate(_array(fields["counts"])):
            if type(item) is not list or len(item) != 2:  # pyright: ignore[reportUnknownArgumentType]
                raise InvalidData(f"$.counts[{index}]", "expected an [outcome, ways] pair")
            outcome, ways = typing.cast(list[object], item)
            if type(outcome) is not int or not -max_integer <= outcome <= max_integer:
                raise InvalidData(
                    f"$.counts[{index}][0]",
                    f"expected a whole number from -{max_integer} to {max_integer}",
                )
            if type(ways) is not int or not 0 <= ways < largest:
                raise InvalidData(
                    f"$.counts[{index}][1]",
                    f"expected a whole number of ways, 0 or more, of at most {max_count_digits}"
                    " digits",
                )
            if not counts:
                low = high = outcome
            elif outcome < low:
                low = outcome
            elif outcome > high:
                high = outcome
            if high - low > MAX_SPAN:
                raise InvalidData(f"$.counts[{index}][0]", f"outcomes may span at most {MAX_SPAN}")
            if outcome in counts:
                raise InvalidData(f"$.counts[{index}][0]", f"outcome {outcome} is listed twice")
            counts[outcome] = ways
        if not any(counts.values()):
            raise InvalidData("$.counts", "a distribution needs at least one positive count")
        return Distribution.from_counts(counts)

    return hook


def _is_sequence(cls: Any) -> bool:
    origin = typing.get_origin(cls)
    return origin in (tuple, frozenset, set, list) or cls in (tuple, frozenset)


def register_tagged_union(converter: cattrs.Converter, union: Any) -> None:
    """Tag the members of *union* with a ``"type"`` field holding their class name.

    Every member is unstructured with its tag (also when it is not inside the union), and
    the union is structured by reading the tag.
    Rule systems call this for their command and event unions; a member's class name is its
    stable tag.

    Args:
        converter: The converter to configure.
        union: A union of attrs classes with distinct names.
    """
    members: tuple[type[Any], ...] = typing.get_args(union)
    by_tag = {member.__name__: member for member in members}
    if len(by_tag) != len(members):
        raise ValueError(f"the members of {union} need distinct class names")
    for tag, member in by_tag.items():
        plain_unstructure = converter.get_unstructure_hook(member)
        plain_structure = converter.get_structure_hook(member)

        def unstructure(value: Any, _plain: Any = plain_unstructure, _tag: str = tag) -> Any:
            return {_TAG: _tag, **_plain(value)}

        def structure_member(
            value: object, cls: Any, _plain: Any = plain_structure, _tag: str = tag
        ) -> Any:
            fields = typing.cast(dict[str, object], value) if isinstance(value, dict) else {}
            if _TAG in fields:
                if fields[_TAG] != _tag:
                    raise ValueError(f"expected type {_tag!r}, got {fields[_TAG]!r}")
                value = {k: v for k, v in fields.items() if k != _TAG}
            return _plain(value, cls)

        converter.register_unstructure_hook(member, unstructure)
        converter.register_structure_hook(member, structure_member)

    def structure_union(value: Any, _: Any) -> Any:
        tag = _object(value).get(_TAG)
        member = by_tag.get(tag) if isinstance(tag, str) else None
        if member is None:
            raise ValueError(f"unknown type {tag!r}; expected one of {', '.join(sorted(by_tag))}")
        return converter.structure(value, member)

    converter.register_structure_hook(union, structure_union)
    converter.register_unstructure_hook(union, converter.unstructure)


def make_converter(
    *,
    registry: Registry | None = None,
    max_integer: int = MAX_INTEGER,
    max_count_digits: int = MAX_COUNT_DIGITS,
    max_text: int = MAX_TEXT_LENGTH,
) -> cattrs.Converter:
    """Return a new converter configured for every public value of the library.

    Args:
        registry: The systems whose values (commands, events, states, records) the converter
            must handle; :meth:`~tabletop_rules.systems.Registry.default` if not given.
        max_integer: The largest magnitude of a whole number read into any field but a
            distribution's counts; larger ones are refused (:data:`MAX_INTEGER` if not given).
        max_count_digits: The most digits of a distribution's count
            (:data:`MAX_COUNT_DIGITS` if not given).
        max_text: The longest text read into any field, in characters; longer ones are
            refused (:data:`MAX_TEXT_LENGTH` if not given).

    Returns:
        A fresh converter: changing it changes nothing else.
    """
    bounds = (
        ("max_integer", max_integer),
        ("max_count_digits", max_count_digits),
        ("max_text", max_text),
    )
    for name, bound in bounds:
        if type(bound) is not int or bound < 1:
            raise ValueError(f"{name} must be a whole number, 1 or more, not {bound!r}")
    from tabletop_rules.systems import Registry

    registry = registry or Registry.default()
    converter = _json_converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _whole_number(max_integer))
    converter.register_structure_hook(str, _text(max_text))
    converter.register_structure_hook(bool, _strict(bool, "true or false"))
    converter.register_structure_hook(Fraction, _fraction)
    converter.register_structure_hook_factory(
        lambda cls: isinstance(cls, type) and issubclass(cls, enum.Enum), _enum
    )
    # A seed has 64 bits, more than MAX_INTEGER: the dice state of any seed reads back.
    converter.register_structure_hook(
        SeededDiceState,
        make_dict_structure_fn(SeededDiceState, converter, seed=override(struct_hook=_seed)),
    )

    # A value that is also a mapping (skirmish's CardSet) is written as the value it is, by its
    # fields: cattrs would take it for a dict.
    def by_fields(cls: type[Any]) -> Callable[[Any, Any], Any]:
        return make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)

    def to_fields(cls: type[Any]) -> Callable[[Any], Any]:
        return make_dict_unstructure_fn(cls, converter)

    converter.register_structure_hook_factory(_mapping_value, by_fields)
    converter.register_unstructure_hook_factory(_mapping_value, to_fields)

    # A simulated game's seed is any the bots' seeds are (64 bits, and the games after it).
    def game(cls: type[Any]) -> Callable[[Any, Any], Any]:
        seed = override(struct_hook=_game_seed)
        return make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True, seed=seed)

    converter.register_structure_hook_factory(_simulated_game, game)
    converter.register_unstructure_hook(Fraction, str)
    converter.register_structure_hook(Distribution, _distribution(max_integer, max_count_digits))
    converter.register_unstructure_hook(
        Distribution, lambda d: {"counts": [[o, c] for o, c in d.items()]}
    )
    _require_arrays(converter)
    _sorted_sets(converter)
    # A difficulty without parts is written as it was before parts existed: no "parts" key.
    converter.register_unstructure_hook(
        Difficulty,
        make_dict_unstructure_fn(Difficulty, converter, parts=override(omit_if_default=True)),
    )
    register_tagged_union(converter, Difficulty | Opposition)
    for system in registry:
        system.ruleset.configure_converter(converter)
    _register_system_checks(converter, registry)

    def structure_record(value: Any, _: Any) -> GameRecord[Any, Any, Any]:
        document = _object(value)
        if document.get("format", RECORD_FORMAT) != RECORD_FORMAT or "events" in document:
            raise InvalidData(
                "$.format",
                f"this record is of format {document.get('format', 1)!r}: this version of the "
                f"library reads records of format {RECORD_FORMAT} (entries of commands, faces "
                "and events) only; format 1 (events alone) is not read",
            )
        system = document.get("system")
        if not isinstance(system, str):
            raise TypeError('expected an object with a "system" name')
        ruleset = registry.get(system).ruleset
        record_type: Any = GameRecord[ruleset.setup_type, ruleset.command_type, ruleset.event_type]  # type: ignore[name-defined]
        return converter.structure(value, record_type)

    converter.register_structure_hook_func(lambda cls: cls is GameRecord, structure_record)

    # Values that hold what only code gives (rule systems, a bot's lookups, a report keyed by
    # pairs): each says so in its ``_NOT_JSON``, and is refused whatever the text.
    converter.register_structure_hook_factory(_built_in_code, _refusal)
    # A field that may hold a function (a search bot's playout bot, ``Bot | None``) is read
    # and written only while it holds none: a function is code. (A type whose field must
    # hold one has no hook for it, and is refused at ``$.cls`` above.)
    converter.register_structure_hook_func(_may_hold_function, _no_function)
    converter.register_unstructure_hook_func(_may_hold_function, _unwritten_function)
    return converter


def _built_in_code(cls: Any) -> bool:
    """Whether *cls* is a value built in code only (it says why in ``_NOT_JSON``)."""
    return isinstance(cls, type) and isinstance(vars(cls).get("_NOT_JSON"), str)


def _refusal(cls: Any) -> Callable[[object, object], Any]:
    detail = f"a {cls.__name__} holds {vars(cls)['_NOT_JSON']}: it is built in code, not read"

    def refuse(_value: object, _: object) -> Any:
        raise InvalidData("$.cls", detail)

    return refuse


def _may_hold_function(cls: Any) -> bool:
    """Whether *cls* is a union of a function's type with others (``Bot | None``)."""
    return typing.get_origin(cls) in (typing.Union, types.UnionType) and any(
        typing.get_origin(arg) is collections.abc.Callable for arg in typing.get_args(cls)
    )


def _no_function(value: object, _: object) -> None:
    if value is not None:
        raise InvalidData(
            "$",
            f"a function (such as a bot) is code, not JSON: leave this out or null, not "
            f"{_clip(repr(value))}, and give the function in code",
        )


def _unwritten_function(value: object) -> None:
    if value is not None:
        raise InvalidData(
            "$",
            f"{_clip(repr(value))} is a function (such as a bot): code has no JSON form; "
            "write the value without it and give the function in code",
        )


def _mapping_value(cls: Any) -> bool:
    """Whether *cls* is an attrs value that is also a mapping."""
    return isinstance(cls, type) and attrs.has(cls) and issubclass(cls, collections.abc.Mapping)


_SYSTEM = "system"


def _system_checks(registry: Registry) -> dict[tuple[str, str], type[Any]]:
    """The checks of every system of *registry*, by (system, class name).

    A system's checks are the public attrs classes of its package with ``probability`` and
    ``resolve``, as its chat commands give them.
    """
    import importlib

    found: dict[tuple[str, str], type[Any]] = {}
    for system in registry:
        if system.package is None:  # a system made in code, with no package of checks
            continue
        package = importlib.import_module(system.package)
        for name in getattr(package, "__all__", ()):
            value = getattr(package, name, None)
            if (
                isinstance(value, type)
                and attrs.has(value)
                and callable(getattr(value, "probability", None))
                and callable(getattr(value, "resolve", None))
            ):
                found[system.name, value.__name__] = value
    return found


def _register_system_checks(converter: cattrs.Converter, registry: Registry) -> None:
    """Write a :class:`~tabletop_rules.notation.SystemCommand`'s check with its system and type.

    ``{"system": "m20", "type": "SpecialtyCheck", ...}``: the command reads back as it was
    written.
    """
    from tabletop_rules.notation._systems import SystemCheck

    by_tag = _system_checks(registry)
    by_class = {cls: tag for tag, cls in by_tag.items()}

    def unstructure(check: object) -> dict[str, Any]:
        tag = by_class.get(type(check))
        if tag is None:
            raise InvalidData("$.check", f"{type(check).__name__} is no check of a known system")
        return {_SYSTEM: tag[0], _TAG: tag[1], **converter.unstructure(check)}

    def structure_check(value: object, _: object) -> Any:
        fields = _object(value)
        system, name = fields.get(_SYSTEM), fields.get(_TAG)
        cls = None
        if isinstance(system, str) and isinstance(name, str):
            cls = by_tag.get((system, name))
        if cls is None:
            known = ", ".join(f"{system} {name}" for system, name in sorted(by_tag))
            raise ValueError(f"expected the system and type of a check ({known})")
        rest = {key: item for key, item in fields.items() if key not in (_SYSTEM, _TAG)}
        return converter.structure(rest, cls)

    # By predicate, not by class: every check is a SystemCheck to a dispatch by subclass.
    converter.register_unstructure_hook_func(lambda cls: cls is SystemCheck, unstructure)
    converter.register_structure_hook_func(lambda cls: cls is SystemCheck, structure_check)


def _is_set(cls: Any) -> bool:
    return (typing.get_origin(cls) or cls) in (frozenset, set, collections.abc.Set)


def _sorted_sets(converter: cattrs.Converter) -> None:
    # A set is written as an array in a fixed order (by each item's JSON text), so that the
    # same value gives the same bytes whatever PYTHONHASHSEED is.
    def factory(cls: Any) -> Callable[[Any], Any]:
        args = typing.get_args(cls)
        item_type = args[0] if args else Any

        def unstructure(value: Any) -> list[Any]:
            items = [converter.unstructure(item, unstructure_as=item_type) for item in value]
            return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))

        return unstructure

    converter.register_unstructure_hook_factory(_is_set, factory)


def _require_arrays(converter: cattrs.Converter) -> None:
    # cattrs builds a tuple from any iterable (a string, an object's keys); untrusted JSON
    # must give an array where a sequence is expected.
    def factory(cls: Any) -> Callable[[Any, Any], Any]:
        collection: Callable[[list[Any]], Any] = typing.get_origin(cls) or cls
        args = typing.get_args(cls)
        if collection is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            items = [converter.get_structure_hook(arg) for arg in args]

            def fixed(value: Any, _: Any) -> Any:
                array = _array(value)
                if len(array) != len(items):
                    raise TypeError(f"expected an array of {len(items)} items")
                return tuple(
                    hook(item, arg) for hook, item, arg in zip(items, array, args, strict=True)
                )

            return fixed
        item_type = args[0] if args else Any
        item_hook = converter.get_structure_hook(item_type)

        def variable(value: Any, _: Any) -> Any:
            result: list[Any] = []
            for index, item in enumerate(_array(value)):
                try:
                    result.append(item_hook(item, item_type))
                except Exception as error:  # re-raised below with the item's index
                    # Only the first problem is reported, so reading stops at the first bad
                    # item: a long array of bad items costs no more than one.
                    note = IterableValidationNote(
                        f"Structuring {cls} @ index {index}", index, item_type
                    )
                    error.__notes__ = [*getattr(error, "__notes__", []), note]
                    # cattrs defines __new__ with three arguments; pyright reads
                    # ExceptionGroup's two.
                    raise cattrs.IterableValidationError(
                        f"While structuring {cls}",
                        [error],
                        cls,  # pyright: ignore[reportCallIssue]
                    ) from None
            return collection(result)

        return variable

    converter.register_structure_hook_factory(_is_sequence, factory)


@functools.cache
def _default_converter() -> cattrs.Converter:
    return make_converter()


def _converter(converter: object) -> cattrs.Converter:
    """*converter*, or the shared default for ``None``.

    Raises:
        InvalidData: *converter* is no :class:`cattrs.Converter` (path ``$.converter``).
    """
    if converter is None:
        return _default_converter()
    found: cattrs.Converter = checked(
        converter, cattrs.Converter, "$.converter", "cattrs.Converter"
    )
    return found


def to_json(value: object, *, converter: cattrs.Converter | None = None) -> str:
    """Serialize *value* to compact JSON (UTF-8 text, non-ASCII kept as is).

    Args:
        value: Any public value of the library (or of a registered ruleset).
        converter: A converter from :func:`make_converter`; a shared default if not given.

    Raises:
        InvalidData: *value* is nothing the converter writes as JSON (path ``$``), or
            *converter* is no converter (``$.converter``).
    """
    data = _converter(converter).unstructure(value)
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:  # a value the converter passed through as it is
        raise InvalidData("$", _clip(str(error))) from error


def structure(data: object, cls: type[T], *, converter: cattrs.Converter | None = None) -> T:
    """Build a *cls* from already-parsed JSON data, validating every field.

    Raises:
        InvalidData: The data does not fit *cls*; the error names the path of the bad field.
            Also *cls* that is no type the converter reads (path ``$.cls``), and
            *converter* that is no converter (``$.converter``).
    """
    chosen = _converter(converter)
    if cls is None:  # cattrs reads None as NoneType, and would give None back  # pyright: ignore[reportUnnecessaryComparison]
        raise wrong_type("$.cls", "type", cls)
    try:
        return chosen.structure(data, cls)
    except StructureHandlerNotFoundError as error:
        if error.type_ is cls:  # no hook for cls itself: the caller asked for no value's type
            raise wrong_type("$.cls", "type", cls) from None
        if getattr(cls, "__parameters__", None):  # a generic class, given without its types
            name = _type_name(cls)
            detail = f"{name} is generic: read it as {name}[...], with the types it holds"
            raise InvalidData("$.cls", detail) from None
        # No hook for a field's type: a function, a protocol, any object. Such a value is
        # built in code, never read from JSON, whatever the text.
        detail = f"{_type_name(cls)} is not read from JSON, it is built in code: {error}"
        raise InvalidData("$.cls", _clip(detail)) from None
    except NameError:  # its fields name types only a type checker imports: built in code
        detail = f"{_type_name(cls)} is not read from JSON, it is built in code"
        raise InvalidData("$.cls", detail) from None
    except cattrs.BaseValidationError as error:
        raise _first_problem(error) from None
    except InvalidData as error:
        raise _rebased("$", error) from None
    except TabletopRulesError as error:
        raise InvalidData("$", _clip(str(error))) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as error:
        raise InvalidData("$", _clip(_describe(error))) from None


def _type_name(cls: object) -> str:
    return getattr(cls, "__qualname__", None) or repr(cls)


def _clip(detail: str) -> str:
    """*detail* cut to ``_MAX_DETAIL`` characters: a huge value is not quoted whole."""
    return detail if len(detail) <= _MAX_DETAIL else f"{detail[: _MAX_DETAIL - 1]}…"


def from_json(text: str | bytes, cls: type[T], *, converter: cattrs.Converter | None = None) -> T:
    """Read a *cls* from JSON text, validating every field.

    Args:
        text: JSON text, at most :data:`MAX_JSON_LENGTH` characters.
        cls: The type to read (a value, a command, an event, a state, a record...).
        converter: A converter from :func:`make_converter`; a shared default if not given.

    Raises:
        InvalidData: The text is not JSON, is too long, or does not fit *cls*; the error names
            the path of the bad field (``$`` for a text that is no ``str`` or ``bytes``).
    """
    return structure(_loads(text), cls, converter=converter)


def _loads(text: object) -> object:
    """The data of one JSON *text*, at most :data:`MAX_JSON_LENGTH` characters.

    Raises:
        InvalidData: *text* is no ``str`` or ``bytes``, is too long, or is not JSON (``$``).
    """
    if not isinstance(text, str | bytes | bytearray):
        raise wrong_type("$", "str | bytes", text)
    if len(text) > MAX_JSON_LENGTH:
        raise InvalidData("$", f"the text is longer than {MAX_JSON_LENGTH} characters")
    if _SMALL_STACK and nested_too_deeply(text):
        raise InvalidData("$", f"not valid JSON: nested more than {MAX_SMALL_STACK_NESTING} deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidData("$", f"not valid JSON: {error}") from None


#: The entries :func:`from_json_lines` reads in one go: each batch is structured with the
#: record's head, so the head is read once a batch, not once an entry.
_LINES_BATCH: Final = 1000
#: A record of any system, for the checkers: the converter finds the system's types.
_ANY_RECORD: Any = GameRecord


def to_json_lines(
    record: GameRecord[Any, Any, Any], *, converter: cattrs.Converter | None = None
) -> Iterator[str]:
    """*record* as JSON Lines: the record without its entries, then one line an entry.

    The streamed form of a record, for records longer than one JSON text may be
    (:data:`MAX_JSON_LENGTH`): a combat of 100,000 events is about 36 million characters as
    one text, and its longest line here is one entry's. Each line is compact JSON, as
    :func:`to_json` writes it, with no newline in it: write each followed by a newline.
    :func:`from_json_lines` reads them back.

    Raises:
        InvalidData: *record* is no :class:`~tabletop_rules.engine.GameRecord` (path
            ``$.record``), or *converter* no converter (``$.converter``).

    .. versionadded:: 0.1.0
    """
    if type(record) is not GameRecord:
        checked(record, GameRecord, "$.record", "engine.GameRecord")
    data = _converter(converter).unstructure(record)
    entries = data.pop("entries")
    return (
        json.dumps(part, ensure_ascii=False, separators=(",", ":")) for part in [data, *entries]
    )


def from_json_lines(
    lines: Iterable[str | bytes], *, converter: cattrs.Converter | None = None
) -> GameRecord[Any, Any, Any]:
    """Read a record from JSON Lines, as :func:`to_json_lines` writes it.

    The first line is the record without its entries, each later line one entry: an open
    text file, ``text.splitlines()`` or any iterable of lines will do, read once, line after
    line. Each line is at most :data:`MAX_JSON_LENGTH` characters, and is checked as
    :func:`from_json` checks a text; the record as a whole has no bound of length, and
    reading it is linear in its lines. The record is not replayed: replay it
    (:func:`~tabletop_rules.engine.replay`) to check that its entries make a game.

    Raises:
        InvalidData: The path names the line as an index of the lines, from 0 (``$[0]``,
            the record's head; ``$[3].command.actor``, the third entry's command); ``$`` if
            there is no line, ``$.lines`` if *lines* is no iterable of lines (a single text
            is refused: split it first).

    .. versionadded:: 0.1.0
    """
    chosen = _converter(converter)
    if isinstance(lines, str | bytes | bytearray):
        raise wrong_type("$.lines", "Iterable[str] (a list of lines, not one text)", lines)
    try:
        numbered = enumerate(lines)
    except TypeError:
        raise wrong_type("$.lines", "Iterable[str]", lines) from None
    first = next(numbered, None)
    if first is None:
        raise InvalidData(
            "$", "no lines: the first line, the record without its entries, is missing"
        )
    data = _line(first[1], 0)
    if not isinstance(data, dict) or "entries" in data:
        raise InvalidData(
            "$[0]",
            'the first line is the record without its entries (an object with no "entries"):'
            " each entry is a line of its own",
        )
    head = typing.cast("dict[str, Any]", data)
    try:
        record: GameRecord[Any, Any, Any] = structure(head, _ANY_RECORD, converter=chosen)
    except InvalidData as error:
        raise _rebased("$[0]", error) from None
    entries: list[Any] = []
    batch: list[object] = []
    for index, line in numbered:
        batch.append(_line(line, index))
        if len(batch) == _LINES_BATCH:
            entries += _entries(head, batch, index - len(batch) + 1, chosen)
            batch = []
    if batch:
        entries += _entries(head, batch, len(entries) + 1, chosen)
    return attrs.evolve(record, entries=entries)


def _line(text: object, index: int) -> object:
    """The data of line *index*, its refusal at ``$[index]``."""
    try:
        return _loads(text)
    except InvalidData as error:
        raise _rebased(f"$[{index}]", error) from None


def _entries(
    head: dict[str, Any], batch: list[object], first: int, converter: cattrs.Converter
) -> tuple[Any, ...]:
    """The entries of *batch*, lines *first* on, read with the record's *head*."""
    try:
        read: GameRecord[Any, Any, Any] = structure(
            {**head, "entries": batch}, _ANY_RECORD, converter=converter
        )
        return read.entries
    except InvalidData as error:
        prefix = "$.entries["
        if not error.path.startswith(prefix):  # the batch as a whole: the first line's place
            raise _rebased(f"$[{first}]", error) from None
        close = error.path.index("]", len(prefix))
        index = first + int(error.path[len(prefix) : close])
        rest = error.path[close + 1 :]
        raise InvalidData(
            f"$[{index}]{rest}", _clip(error.detail_key), **error.detail_params
        ) from None


def _describe(error: BaseException) -> str:
    if isinstance(error, TabletopRulesError):
        return str(error)
    if isinstance(error, KeyError):
        return f"missing field {error.args[0]}" if error.args else "missing field"
    if isinstance(error, AttributeError):
        return "expected an object"
    if isinstance(error, ForbiddenExtraKeysError):
        return f"unknown field(s): {', '.join(sorted(error.extra_fields))}"
    return str(error) or type(error).__name__


def _first_problem(error: cattrs.BaseValidationError) -> InvalidData:
    """The refusal of the first problem *error* holds, at its path.

    A problem that is an :class:`InvalidData` itself (a value's own check) keeps its path
    below the field's and its catalog key and parameters, so that it is still localized.
    """
    found: list[BaseException] = []

    def described(exc: BaseException, _type: object) -> str:
        found.append(exc)  # transform_error formats the problems in the order it lists them
        return _describe(exc)

    messages = cattrs.transform_error(error, path="$", format_exception=described)
    first = messages[0] if messages else "invalid data @ $"
    detail, _, path = first.rpartition(" @ ")
    if found and isinstance(found[0], InvalidData):
        return _rebased(path or "$", found[0])
    return InvalidData(path or "$", _clip(detail or first))


def _rebased(base: str, error: InvalidData) -> InvalidData:
    """*error*, found in the field at *base*, at its own path below *base*.

    ``$`` and ``$.words`` give ``$.words``; ``$.a`` and ``$.words`` give ``$.a.words``.
    """
    return InvalidData(
        base + error.path.removeprefix("$"), _clip(error.detail_key), **error.detail_params
    )
