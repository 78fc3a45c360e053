"""Rule vectors as values: reading a TOML vector file into cases."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, TypeAlias, TypeVar, cast

import attrs

from tabletop_rules.dice import ScriptedDice
from tabletop_rules.errors import InvalidData

__all__ = [
    "ChatInput",
    "CheckInput",
    "CheckSpec",
    "CombatInput",
    "DieFace",
    "VectorCase",
    "VectorFile",
    "VectorInput",
    "parse_dice",
    "read_vectors",
]

EnumT = TypeVar("EnumT", bound=enum.Enum)

# Numbers of at most 18 digits, as in a command: a longer one is no die, and Python would
# refuse to read one of more than 4,300.
_DIE = re.compile(r"([0-9]{0,18})[dD]([0-9]{1,18}):([0-9]{1,18}(?:,[0-9]{1,18})*)")
_CLAUSE = re.compile(r"[A-Z0-9]+-[0-9]+")
_CASE_KEYS = frozenset(
    {"id", "system", "clauses", "dice", "note", "chat", "check", "sheets", "args", "setup"}
    | {"commands", "expect"}
)


@attrs.frozen
class DieFace:
    """One scripted die: its size and the face it shows (``d20:17``).

    .. versionadded:: 0.1.0
    """

    #: How many sides the die has.
    sides: int
    #: The face it shows, from 1 to :attr:`sides`.
    face: int

    def __str__(self) -> str:
        return f"d{self.sides}:{self.face}"


def parse_dice(items: Iterable[str], *, where: str = "dice") -> tuple[DieFace, ...]:
    """Read scripted dice written ``d20:17`` (one die) or ``3d6:1,2,3`` (one face per die).

    >>> from tabletop_rules.vectors import parse_dice
    >>> [str(die) for die in parse_dice(["d20:17", "2d6:3,4"])]
    ['d20:17', 'd6:3', 'd6:4']

    Raises:
        InvalidData: An item is not written so, or a face does not fit its die; the error
            names *where* and the item's index.

    .. versionadded:: 0.1.0
    """
    dice: list[DieFace] = []
    for index, item in enumerate(items):
        path = f"{where}[{index}]"
        match = _DIE.fullmatch(item.replace(" ", "")) if isinstance(item, str) else None  # pyright: ignore[reportUnnecessaryIsInstance]
        if match is None:
            raise InvalidData(path, f'write a die as "d20:17" or "3d6:1,2,3", not {item!r}')
        count = int(match[1]) if match[1] else 1
        sides = int(match[2])
        faces = [int(face) for face in match[3].split(",")]
        if len(faces) != count:
            raise InvalidData(path, f"{count} dice need {count} faces, not {len(faces)}")
        for face in faces:
            if not 1 <= face <= sides:
                raise InvalidData(path, f"a d{sides} cannot show {face}")
            dice.append(DieFace(sides, face))
    return tuple(dice)


def _read_only(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@attrs.frozen(kw_only=True)
class CheckSpec:
    """What a system's vector check builder gets: the sheets and the case's ``args``.

    Its readers (:meth:`text`, :meth:`integer`, :meth:`choice`, …) raise ``InvalidData``
    that names the case's field, so that a builder needs no checks of its own.

    .. versionadded:: 0.1.0
    """

    #: The sheets (or card ids) the case names, as text.
    sheets: tuple[str, ...]
    #: The case's ``args`` table.
    args: Mapping[str, Any] = attrs.field(factory=lambda: _read_only({}), converter=_read_only)
    #: Where the case is, for error paths (``m20.toml:m20-check-1``).
    where: str = "case"

    def _fail(self, name: str, detail: str) -> InvalidData:
        return InvalidData(f"{self.where}.args.{name}", detail)

    def sheet(self, index: int = 0) -> str:
        """The *index*-th sheet (or card id) of the case."""
        if not 0 <= index < len(self.sheets):
            raise InvalidData(f"{self.where}.sheets", f"this check needs {index + 1} sheets")
        return self.sheets[index]

    def unknown(self, *known: str) -> None:
        """Refuse any ``args`` key not in *known* (a typo would otherwise be ignored)."""
        extra = sorted(set(self.args) - set(known))
        if extra:
            raise self._fail(extra[0], f"not an argument of this check; known: {', '.join(known)}")

    def text(self, name: str, default: str | None = None) -> str | None:
        """The string argument *name*, or *default*."""
        value = self.args.get(name, default)
        if value is not None and not isinstance(value, str):
            raise self._fail(name, f"expected a string, not {value!r}")
        return value

    def integer(self, name: str, default: int = 0) -> int:
        """The whole-number argument *name*, or *default*."""
        value = self.args.get(name, default)
        if type(value) is not int:
            raise self._fail(name, f"expected a whole number, not {value!r}")
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        """The true/false argument *name*, or *default*."""
        value = self.args.get(name, default)
        if type(value) is not bool:
            raise self._fail(name, f"expected true or false, not {value!r}")
        return value

    def strings(self, name: str) -> tuple[str, ...]:
        """The array-of-strings argument *name*, or ``()``."""
        value = _string_list(self.args.get(name, []))
        if value is None:
            raise self._fail(name, f"expected an array of strings, not {self.args[name]!r}")
        return value

    def choice(self, name: str, kind: type[EnumT], default: EnumT | None = None) -> EnumT:
        """The argument *name* as a member of *kind*, by value or by name, in any case."""
        value = self.args.get(name)
        if value is None:
            if default is None:
                raise self._fail(name, "this argument is required")
            return default
        for member in kind:
            if value == member.value or (
                isinstance(value, str) and value.casefold() == member.name.casefold()
            ):
                return member
        known = ", ".join(str(member.value) for member in kind)
        raise self._fail(name, f"expected one of {known}, not {value!r}")


def _optional_read_only(value: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    return None if value is None else _read_only(value)


@attrs.frozen
class ChatInput:
    """A chat command, read by :func:`tabletop_rules.notation.parse`.

    .. versionadded:: 0.1.0
    """

    #: The message as a player types it.
    text: str


@attrs.frozen
class CheckInput:
    """A check that the system's ``VECTOR_CHECKS[kind]`` builds from sheets.

    .. versionadded:: 0.1.0
    """

    #: The key of the system's ``VECTOR_CHECKS``.
    kind: str
    #: The sheets and arguments.
    spec: CheckSpec


@attrs.frozen
class CombatInput:
    """A short combat: a setup and commands, both as JSON, played with ``engine.step``.

    .. versionadded:: 0.1.0
    """

    #: The ruleset's setup, as JSON.
    setup: str
    #: The commands, each as JSON, in order.
    commands: tuple[str, ...]


#: The input of a case: a chat command, a check built from sheets, or a short combat.
VectorInput: TypeAlias = ChatInput | CheckInput | CombatInput


@attrs.frozen(kw_only=True)
class VectorCase:
    """One rule vector: an input, scripted dice, and the results it must give.

    .. versionadded:: 0.1.0
    """

    #: The file the case comes from (its name, such as ``m20.toml``).
    file: str
    #: The case's id, unique among the shipped vectors.
    id: str
    #: The rule system (``""`` for the common dice language).
    system: str
    #: The clause ids of ``rules/clauses.md`` that the case checks.
    clauses: tuple[str, ...]
    #: The scripted dice, every one of which the case must use.
    dice: tuple[DieFace, ...]
    #: What is played.
    input: VectorInput
    #: The expected results, or ``None`` when not recorded yet.
    expect: Mapping[str, Any] | None = attrs.field(converter=_optional_read_only)
    #: A free note for readers.
    note: str = ""

    def scripted_dice(self) -> ScriptedDice:
        """Fresh scripted dice for one run of this case, sizes included."""
        return ScriptedDice((die.face for die in self.dice), sides=(die.sides for die in self.dice))


@attrs.frozen
class VectorFile:
    """A vector file: its name and its cases, in file order.

    .. versionadded:: 0.1.0
    """

    #: The file's name.
    name: str
    #: The cases.
    cases: tuple[VectorCase, ...]


def _string_list(value: object) -> tuple[str, ...] | None:
    if not isinstance(value, list):
        return None
    items = tuple(cast("list[object]", value))
    if not all(isinstance(item, str) for item in items):
        return None
    return cast("tuple[str, ...]", items)


def _table(value: object, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise InvalidData(path, "expected a table")
    return cast("Mapping[str, Any]", value)


def _string(table: Mapping[str, Any], key: str, path: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise InvalidData(f"{path}.{key}", "expected a string" if key in table else "missing")
    return value


def _strings(table: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    value = _string_list(table.get(key, []))
    if value is None:
        raise InvalidData(f"{path}.{key}", "expected an array of strings")
    return value


def _named(library: Mapping[str, Any], name: str, path: str, section: str) -> str:
    if name not in library:
        known = ", ".join(sorted(library)) or "none"
        raise InvalidData(path, f"no [{section}] entry {name!r} in this file; known: {known}")
    text = library[name]
    if not isinstance(text, str):
        raise InvalidData(f"{section}.{name}", "expected a string")
    return text


def _input(raw: Mapping[str, Any], path: str, file: Mapping[str, Any]) -> VectorInput:
    kinds = [key for key in ("chat", "check", "commands") if key in raw]
    if len(kinds) != 1:
        raise InvalidData(path, 'a case needs exactly one of "chat", "check" or "commands"')
    if kinds[0] == "chat":
        return ChatInput(_string(raw, "chat", path))
    sheets = _table(file.get("sheets", {}), "sheets")
    if kinds[0] == "check":
        names = _strings(raw, "sheets", path)
        texts = tuple(sheets.get(name, name) for name in names)
        args = _table(raw.get("args", {}), f"{path}.args")
        spec = CheckSpec(sheets=texts, args=args, where=path)
        return CheckInput(_string(raw, "check", path), spec)
    setups = _table(file.get("setups", {}), "setups")
    setup = _string(raw, "setup", path)
    if not setup.lstrip().startswith("{"):
        setup = _named(setups, setup, f"{path}.setup", "setups")
    return CombatInput(setup, _strings(raw, "commands", path))


def _case(raw: object, path: str, name: str, file: Mapping[str, Any]) -> VectorCase:
    table = _table(raw, path)
    case_id = _string(table, "id", path)
    path = f"{name}:{case_id}"
    extra = sorted(set(table) - _CASE_KEYS)
    if extra:
        raise InvalidData(f"{path}.{extra[0]}", "not a field of a case")
    clauses = _strings(table, "clauses", path)
    for clause in clauses:
        if _CLAUSE.fullmatch(clause) is None:
            raise InvalidData(f"{path}.clauses", f"{clause!r} is not a clause id such as M20-054")
    raw_expect = table.get("expect")
    expect = None if raw_expect is None else _table(raw_expect, f"{path}.expect")
    return VectorCase(
        file=name,
        id=case_id,
        system=_string(table, "system", path, _string(file, "system", name, "")),
        clauses=clauses,
        dice=parse_dice(_strings(table, "dice", path), where=f"{path}.dice"),
        input=_input(table, path, file),
        expect=expect,
        note=_string(table, "note", path, ""),
    )


def read_vectors(text: str, name: str = "<vectors>") -> VectorFile:
    """Read a vector file's TOML *text*; *name* is used in error paths.

    Raises:
        InvalidData: The text is not TOML, or a case does not fit the format; the error's
            path names the file, the case and the field (``m20.toml:m20-check-1.dice[0]``).

    .. versionadded:: 0.1.0
    """
    import tomllib  # only when first needed

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidData(name, str(error)) from None
    extra = sorted(set(data) - {"system", "sheets", "setups", "case"})
    if extra:
        raise InvalidData(f"{name}.{extra[0]}", "not a top-level field of a vector file")
    raw_list: object = data.get("case", [])
    if not isinstance(raw_list, list):
        raise InvalidData(f"{name}.case", "write cases as [[case]] tables")
    raw_cases = cast("list[object]", raw_list)
    cases = tuple(
        _case(raw, f"{name}.case[{index}]", name, data) for index, raw in enumerate(raw_cases)
    )
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise InvalidData(f"{name}:{case.id}", "two cases have this id")
        seen.add(case.id)
    return VectorFile(name, cases)
