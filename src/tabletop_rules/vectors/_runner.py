"""Running rule vectors: results, differences, the shipped files and the record tool."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, cast

import attrs

from tabletop_rules.checks import CheckResult, Outcome
from tabletop_rules.errors import DiceExhausted, InvalidData, InvalidDice, TabletopRulesError
from tabletop_rules.i18n import LOCALES as _SHIPPED
from tabletop_rules.i18n import translate
from tabletop_rules.vectors._format import (
    ChatInput,
    CheckInput,
    CheckSpec,
    CombatInput,
    VectorCase,
    VectorFile,
    read_vectors,
)

__all__ = [
    "LOCALES",
    "Difference",
    "VectorFailure",
    "case_ids",
    "check_case",
    "cited_clauses",
    "compare",
    "counts",
    "find_case",
    "record_file",
    "run_case",
    "shipped_files",
]

#: The locales every case's explanation is recorded in: the shipped ones,
#: :data:`tabletop_rules.i18n.LOCALES`.
LOCALES: tuple[str, ...] = _SHIPPED
_CRITICAL = frozenset({Outcome.CRITICAL, Outcome.AUTOMATIC_SUCCESS})
_FUMBLE = frozenset({Outcome.FUMBLE, Outcome.AUTOMATIC_FAILURE})


@attrs.frozen
class Difference:
    """One expected field that the library does not give.

    .. versionadded:: 0.1.0
    """

    #: The field (``en``, ``probability``, ``events[2]``, ``dice``).
    field: str
    #: What the case expects (``None``: the case does not have the field).
    expected: object
    #: What the library gave (``None``: it does not give the field).
    got: object

    def __str__(self) -> str:
        return f"{self.field}: expected {self.expected!r}, got {self.got!r}"


class VectorFailure(TabletopRulesError, AssertionError):
    """A rule vector that does not pass: every difference, each with its field.

    An ``AssertionError`` too, so that pytest shows it as a failed assertion.

    .. versionadded:: 0.1.0
    """

    def __init__(self, case: str, differences: Iterable[Difference]) -> None:
        #: The differences, in field order.
        self.differences = tuple(differences)
        #: The case's id.
        self.case = case
        super().__init__(
            "error.vector_failed",
            case=case,
            differences="; ".join(map(str, self.differences)),
        )


def _check_result(
    result: CheckResult,
    probability: object,
    *,
    secret: bool = False,
    explain: Callable[[str], str] | None = None,
) -> dict[str, object]:
    """What a check gives; *explain* writes it in a locale (``result.explain`` if not given)."""
    found: dict[str, object] = {
        "outcome": result.outcome.value,
        "success": result.success,
        "critical": result.outcome in _CRITICAL,
        "fumble": result.outcome in _FUMBLE,
        "secret": secret,
        "total": result.total,
    }
    if probability is not None:
        found["probability"] = str(probability)
    text = result.explain if explain is None else explain
    for locale in LOCALES:
        found[locale] = text(locale)
    return found


def _chat(case: VectorCase, text: str, dice: Any) -> dict[str, object]:
    from tabletop_rules import notation

    command = notation.parse(text, system=case.system) if case.system else notation.parse(text)
    if command is None:
        return {"command": False}
    if isinstance(command, notation.SystemCommand):
        resolved = command.resolve(dice)
        return _check_result(
            resolved,
            command.probability(),
            secret=command.secret,
            explain=functools.partial(command.render, resolved),
        )
    if isinstance(command, notation.SystemCheck):
        return _check_result(command.resolve(dice), command.probability())
    result = command.roll(dice)
    found: dict[str, object] = {"secret": command.secret}
    outcome = getattr(result, "outcome", None)
    if isinstance(outcome, Outcome):
        found["outcome"] = outcome.value
        found["success"] = outcome.success
        found["critical"] = outcome in _CRITICAL
        found["fumble"] = outcome in _FUMBLE
    if isinstance(command, notation.Check):
        found["probability"] = str(command.probability())
    if isinstance(result, notation.RepeatResult):
        found["successes"] = result.successes
    elif isinstance(result, notation.ChoiceResult):
        found["chosen"] = list(result.chosen)
    elif isinstance(result, notation.TallyResult):
        found["counts"] = list(result.counts)
    else:
        found["total"] = result.total
    for locale in LOCALES:
        found[locale] = result.render(locale)
    return found


def _builders(system: str) -> Mapping[str, Callable[[CheckSpec], Any]]:
    from tabletop_rules.systems import Registry

    return Registry.default().get(system).checks


def _check(case: VectorCase, given: CheckInput, dice: Any) -> dict[str, object]:
    builders = _builders(case.system)
    if given.kind not in builders:
        known = ", ".join(sorted(builders)) or "none"
        raise InvalidData(
            f"{case.file}:{case.id}.check",
            f"{case.system} has no check {given.kind!r}; known: {known}",
        )
    check = builders[given.kind](given.spec)
    return _check_result(check.resolve(dice), check.probability())


def _combat(case: VectorCase, given: CombatInput, dice: Any) -> dict[str, object]:
    from tabletop_rules import engine
    from tabletop_rules.serialization import from_json, to_json
    from tabletop_rules.systems import Registry

    system = Registry.default().get(case.system)
    ruleset = system.ruleset
    path = f"{case.file}:{case.id}"
    command_type = getattr(ruleset, "command_type", None)
    if command_type is None:
        raise InvalidData(f"{path}.commands", f"{case.system} does not name its command type")
    setup = from_json(given.setup, ruleset.setup_type)
    state, record = engine.begin(ruleset, setup, dice)
    for index, text in enumerate(given.commands):
        try:
            command = from_json(text, command_type)
        except InvalidData as error:
            raise InvalidData(f"{path}.commands[{index}]{error.path[1:]}", error.detail) from None
        state, entry = engine.step(ruleset, state, command, dice)
        record = record.append(entry)
    played = record.events
    found: dict[str, object] = {"events": [to_json(event) for event in played]}
    result = ruleset.outcome(state)
    if result is not None:
        found["result"] = to_json(result)
    for locale in LOCALES:
        found[locale] = "\n".join(system.describe(event, locale, state=state) for event in played)
    return found


def _dice_problem(error: TabletopRulesError) -> bool:
    return isinstance(error, DiceExhausted) or (
        isinstance(error, InvalidDice) and error.key == "error.scripted_die_size"
    )


def run_case(case: VectorCase) -> dict[str, object]:
    """Play *case* with its scripted dice and return every result it gives, by field.

    A refusal by the library (an illegal command, an invalid sheet or notation) is a result:
    the fields ``error`` (the error's class) and its message in every locale.

    Raises:
        VectorFailure: The dice do not fit: a die of the wrong size, too few dice, or dice
            left over.
        InvalidData: The case's input does not fit its system.

    .. versionadded:: 0.1.0
    """
    if case.system:
        from tabletop_rules.systems import Registry

        known = Registry.default().names
        if case.system not in known:
            detail = f"no rule system is called {case.system!r}; known: {', '.join(known)}"
            raise InvalidData(f"{case.file}:{case.id}.system", detail)
    dice = case.scripted_dice()
    given = case.input
    found: dict[str, object]
    try:
        if isinstance(given, ChatInput):
            found = _chat(case, given.text, dice)
        elif isinstance(given, CheckInput):
            found = _check(case, given, dice)
        else:
            found = _combat(case, given, dice)
    except InvalidData:
        raise
    except TabletopRulesError as error:
        if _dice_problem(error):
            raise VectorFailure(
                case.id, [Difference("dice", "enough dice of the right sizes", str(error))]
            ) from None
        found = {"error": type(error).__name__}  # a refusal is a result
        reason = getattr(error, "reason", None)
        if isinstance(reason, str):
            found["reason"] = reason
        for locale in LOCALES:
            found[locale] = error.localized(locale)
    left = dice.remaining
    if left:
        unused = ", ".join(map(str, case.dice[len(case.dice) - len(left) :]))
        message = translate(
            "error.vector_dice_left", "en", case=case.id, count=len(left), dice=unused
        )
        if "error" in found:
            message += f" It stopped at: {found['en']}"
        raise VectorFailure(case.id, [Difference("dice", "every die used", message)])
    return found


def _items(value: object) -> list[object] | None:
    return cast("list[object]", value) if isinstance(value, list) else None


def compare(case: VectorCase) -> tuple[Difference, ...]:
    """Every difference between what *case* expects and what the library gives.

    A case not recorded yet differs in every field.

    .. versionadded:: 0.1.0
    """
    try:
        got = run_case(case)
    except VectorFailure as failure:
        return failure.differences
    expected = dict(case.expect or {})
    differences: list[Difference] = []
    for field in [*expected, *(key for key in got if key not in expected)]:
        want: object = expected.get(field)
        have: object = got.get(field)
        wanted, given = _items(want), _items(have)
        if wanted is not None and given is not None and len(wanted) == len(given):
            differences.extend(
                Difference(f"{field}[{index}]", a, b)
                for index, (a, b) in enumerate(zip(wanted, given, strict=True))
                if a != b
            )
        elif want != have or type(want) is not type(have):
            differences.append(Difference(field, want, have))
    return tuple(differences)


def check_case(case: VectorCase | str) -> None:
    """Pass silently, or raise :class:`VectorFailure` naming every difference.

    *case* is a case or the id of a shipped case; this is the one call a test needs.

    .. versionadded:: 0.1.0
    """
    found = find_case(case) if isinstance(case, str) else case
    differences = compare(found)
    if differences:
        raise VectorFailure(found.id, differences)


@functools.cache
def shipped_files() -> tuple[VectorFile, ...]:
    """Every vector file: the common dice language's, then each registered system's, by name.

    The common dice language's file ships in ``tabletop_rules/vectors/data``; each system's
    in its own package (:attr:`~tabletop_rules.systems.RuleSystem.vectors`), named after it.
    """
    from importlib import resources

    from tabletop_rules.systems import Registry

    found = [
        (entry.name, entry)
        for entry in resources.files("tabletop_rules.vectors").joinpath("data").iterdir()
        if entry.name.endswith(".toml")
    ]
    for system in Registry.default():
        vectors = system.vectors
        if vectors is not None:
            found.append((f"{system.name}.toml", vectors))
    files = tuple(read_vectors(entry.read_text("utf-8"), name) for name, entry in sorted(found))
    seen: dict[str, str] = {}
    for file in files:
        for case in file.cases:
            if case.id in seen:
                raise InvalidData(
                    f"{file.name}:{case.id}", f"the id is used in {seen[case.id]} too"
                )
            seen[case.id] = file.name
    return files


def _shipped_cases() -> dict[str, VectorCase]:
    return {case.id: case for file in shipped_files() for case in file.cases}


def case_ids(system: str | None = None) -> tuple[str, ...]:
    """The ids of the shipped cases, of one *system* (``""``: the common dice language) or all.

    .. versionadded:: 0.1.0
    """
    return tuple(
        case.id for case in _shipped_cases().values() if system is None or case.system == system
    )


def find_case(case_id: str) -> VectorCase:
    """The shipped case called *case_id*.

    Raises:
        InvalidData: No shipped case has that id.

    .. versionadded:: 0.1.0
    """
    cases = _shipped_cases()
    if case_id not in cases:
        raise InvalidData(case_id, "no shipped rule vector has this id")
    return cases[case_id]


def counts() -> dict[str, int]:
    """How many shipped cases each system has (``"chat"`` for the common dice language).

    .. versionadded:: 0.1.0
    """
    found: dict[str, int] = {}
    for case in _shipped_cases().values():
        key = case.system or "chat"
        found[key] = found.get(key, 0) + 1
    return dict(sorted(found.items()))


def cited_clauses() -> dict[str, tuple[str, ...]]:
    """For each clause id cited by a shipped case, the ids of the cases that cite it.

    .. versionadded:: 0.1.0
    """
    found: dict[str, list[str]] = {}
    for case in _shipped_cases().values():
        for clause in case.clauses:
            found.setdefault(clause, []).append(case.id)
    return {clause: tuple(ids) for clause, ids in sorted(found.items())}


def _toml_string(text: str) -> str:
    plain = all(ch >= " " and ch != "\x7f" for ch in text)
    if plain and '"' not in text and "\\" not in text:
        return f'"{text}"'
    if plain and "'" not in text:
        return f"'{text}'"  # JSON reads best unescaped, as a literal string
    return json.dumps(text, ensure_ascii=False)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    items = _items(value)
    if items is not None:
        if not items:
            return "[]"
        return "[\n" + "".join(f"  {_toml_value(item)},\n" for item in items) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def _expect_lines(found: Mapping[str, object]) -> list[str]:
    lines = ["[case.expect]"]
    for key, value in found.items():
        lines.append(f"{key} = {_toml_value(value)}")
    return lines


def _blocks(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    head: list[str] = []
    blocks: list[list[str]] = []
    for line in lines:
        if line.strip() == "[[case]]":
            blocks.append([line])
        elif blocks:
            blocks[-1].append(line)
        else:
            head.append(line)
    return head, blocks


def _replace_expect(block: list[str], expect: list[str]) -> list[str]:
    end = len(block)
    while end > 1 and (not block[end - 1].strip() or block[end - 1].lstrip().startswith("#")):
        end -= 1
    body, tail = block[:end], block[end:]
    for index, line in enumerate(body):
        if line.strip() == "[case.expect]":
            body = body[:index]
            break
    while body and not body[-1].strip():
        body.pop()
    return [*body, *expect, *(tail or [""])]


def record_file(
    path: str | Path, *, only: Iterable[str] | None = None, missing: bool = False
) -> int:
    """Fill or refresh the ``[case.expect]`` tables of the vector file at *path*.

    Each case is played with its scripted dice and its ``[case.expect]`` table is rewritten
    from what the library gives; everything else in the file (comments, order, the input
    fields) stays as written.
    Review the change by hand (``git diff``) before committing it: recording makes a case
    agree with the library, not with the rules.

    Args:
        path: The vector file.
        only: Record only the cases with these ids.
        missing: Record only the cases that have no ``[case.expect]`` yet.

    Returns:
        How many cases were recorded.

    Raises:
        InvalidData: The file does not fit the format.
        VectorFailure: A case's dice do not fit (wrong size, too few, left over); nothing
            is written.

    .. versionadded:: 0.1.0
    """
    path = Path(path)
    text = path.read_text("utf-8")
    file = read_vectors(text, path.name)
    wanted = None if only is None else frozenset(only)
    head, blocks = _blocks(text.splitlines())
    if len(blocks) != len(file.cases):
        raise InvalidData(path.name, "write every case as a [[case]] table on its own line")
    recorded = 0
    for index, case in enumerate(file.cases):
        if (wanted is not None and case.id not in wanted) or (missing and case.expect is not None):
            continue
        blocks[index] = _replace_expect(blocks[index], _expect_lines(run_case(case)))
        recorded += 1
    out = [*head, *(line for block in blocks for line in block)]
    path.write_text("\n".join(out).rstrip("\n") + "\n", "utf-8")
    return recorded
