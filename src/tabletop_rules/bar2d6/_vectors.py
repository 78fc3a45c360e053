"""The checks bar2d6's rule vectors build from sheets (``VECTOR_CHECKS``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tabletop_rules.bar2d6._character import SpecialKind
from tabletop_rules.bar2d6._checks import (
    Contest,
    GMCheck,
    Helper,
    Rulings,
    Side,
    check_terms,
    special_amount,
)
from tabletop_rules.bar2d6._sheet import parse_sheet
from tabletop_rules.checks import Term
from tabletop_rules.errors import InvalidData

if TYPE_CHECKING:
    from tabletop_rules.notation import SystemCheck
    from tabletop_rules.vectors import CheckSpec


def _hp(spec: CheckSpec, name: str) -> int | None:
    return spec.integer(name) if name in spec.args else None


def _tables(spec: CheckSpec, name: str) -> tuple[CheckSpec, ...]:
    """The array-of-tables argument *name*, each table read as a spec of its own."""
    value = spec.args.get(name, [])
    where = f"{spec.where}.args.{name}"
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):  # pyright: ignore[reportUnknownVariableType]
        raise InvalidData(where, f"expected an array of tables, not {value!r}")
    tables: list[Mapping[str, Any]] = value  # pyright: ignore[reportUnknownVariableType]
    # Imported here: only a vector's checks need it, not a user of bar2d6.
    from tabletop_rules.vectors import CheckSpec

    return tuple(
        CheckSpec(sheets=spec.sheets, args=table, where=f"{where}[{index}]")
        for index, table in enumerate(tables)
    )


def _helper(case: CheckSpec, spec: CheckSpec, index: int) -> Helper:
    spec.unknown("sheet", "items", "dice", "side", "hp")
    items = spec.strings("items")
    dice = spec.integer("dice", 1)
    side = spec.choice("side", Side, Side.ACTIVE)
    hp = _hp(spec, "hp")
    sheet = case.sheet(spec.integer("sheet", index + 1))
    return Helper.of(parse_sheet(sheet), items, dice, side=side, hp=hp)


def _grant(case: CheckSpec, spec: CheckSpec) -> Term:
    spec.unknown("sheet", "item")
    item = spec.text("item") or ""
    sheet = case.sheet(spec.integer("sheet", 1))
    return Term(item, special_amount(parse_sheet(sheet), item, SpecialKind.GRANT))


def _gm(spec: CheckSpec) -> SystemCheck:
    """``check = "gm"``: one sheet, then any helpers' and granters' sheets.

    Args ``items``, ``side``, ``hp``, ``difficulty`` (0–4 dice); ``helpers``, an array of
    tables ``{sheet, items, dice, side, hp}`` (sheet defaults to the helper's place + 1);
    ``grants``, an array of tables ``{sheet, item}`` naming a 給予加值 ability (sheet defaults
    to 1); the rulings ``help_counts_modifiers`` and ``help_min_dice``.
    """
    spec.unknown(
        "items",
        "side",
        "hp",
        "difficulty",
        "helpers",
        "grants",
        "help_counts_modifiers",
        "help_min_dice",
    )
    grants = tuple(_grant(spec, table) for table in _tables(spec, "grants"))
    terms = check_terms(
        parse_sheet(spec.sheet(0)),
        spec.strings("items"),
        spec.choice("side", Side, Side.ACTIVE),
        hp=_hp(spec, "hp"),
        extra=grants,
    )
    return GMCheck(
        terms=terms,
        difficulty=spec.integer("difficulty", 2),
        helpers=[
            _helper(spec, table, index) for index, table in enumerate(_tables(spec, "helpers"))
        ],
        rulings=Rulings(
            help_counts_modifiers=spec.flag("help_counts_modifiers"),
            help_min_dice=spec.integer("help_min_dice"),
        ),
    )


def _contest(spec: CheckSpec) -> SystemCheck:
    """``check = "contest"``: two sheets, attacker then defender.

    Args ``attacker_items``, ``defender_items``, ``attacker_side``, ``defender_side``,
    ``attacker_hp``, ``defender_hp``.
    """
    spec.unknown(
        "attacker_items",
        "defender_items",
        "attacker_side",
        "defender_side",
        "attacker_hp",
        "defender_hp",
    )
    return Contest.between(
        parse_sheet(spec.sheet(0)),
        parse_sheet(spec.sheet(1)),
        attacker_items=spec.strings("attacker_items"),
        defender_items=spec.strings("defender_items"),
        attacker_side=spec.choice("attacker_side", Side, Side.ACTIVE),
        defender_side=spec.choice("defender_side", Side, Side.PASSIVE),
        attacker_hp=_hp(spec, "attacker_hp"),
        defender_hp=_hp(spec, "defender_hp"),
    )


#: The checks a rule vector may build (``check = "gm"``), by name.
VECTOR_CHECKS: Mapping[str, Callable[[CheckSpec], SystemCheck]] = MappingProxyType(
    {"contest": _contest, "gm": _gm}
)
