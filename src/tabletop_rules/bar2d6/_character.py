"""bar2d6 characters: personality points spent on named items, HP, and their validation."""

from __future__ import annotations

import enum
import functools
import unicodedata
from collections.abc import Iterable, Mapping
from types import MappingProxyType

import attrs

from tabletop_rules.errors import InvalidCharacter
from tabletop_rules.kit import a_text, a_whole, an_instance, checked_items

__all__ = [
    "BASE_HP",
    "HP_COST",
    "ITEM_CAP",
    "PERSONALITY_POINTS",
    "Character",
    "Item",
    "ItemKind",
    "Special",
    "SpecialKind",
    "normalize",
]

#: Personality points every character has to spend (個性點數, B2D6-04).
PERSONALITY_POINTS = 10
#: HP before any is bought (基礎血量, B2D6-01).
BASE_HP = 3
#: Points that buy +1 HP (B2D6-08).
HP_COST = 2
#: The most points one item holds (B2D6-10), unless one special ability costs more (B2D6-11).
ITEM_CAP = 3

#: One problem of a character — a catalog key and the values that fill it.
Problem = tuple[str, Mapping[str, object]]


def normalize(text: str) -> str:
    """Text as the library compares it: NFKC, case-folded, without surrounding space.

    .. versionadded:: 0.1.0
    """
    return unicodedata.normalize("NFKC", text).casefold().strip()


class ItemKind(enum.Enum):
    """What an item is: a skill, a move, a trait or a weapon (B2D6-05).

    .. versionadded:: 0.1.0
    """

    #: 技能.
    SKILL = "skill"
    #: 招式.
    MOVE = "move"
    #: 特性.
    TRAIT = "trait"
    #: 武器.
    WEAPON = "weapon"

    @property
    def label(self) -> str:
        """The catalog key of the kind's name."""
        return f"bar2d6.item_kind.{self.value}"


class SpecialKind(enum.Enum):
    """The types of special ability the text describes for the GM (特殊能力, B2D6-09).

    Summoning, creating and "pay a price" abilities are not handled, by the text's own word
    (B2D6-18).

    .. versionadded:: 0.1.0
    """

    #: 回復能力 — heals ⌊points ÷ 2⌋ HP a use (B2D6-15).
    HEAL = "heal"
    #: 增傷能力 — adds ⌊points ÷ 3⌋ damage a use (B2D6-16).
    DAMAGE = "damage"
    #: 給予加值 — grants +⌊points ÷ 2⌋ to one check (B2D6-17).
    GRANT = "grant"
    #: 範圍攻擊 — one attack roll; every target rolls its own defense (B2D6-13).
    AREA = "area"
    #: 多次攻擊 — one attack roll per attack; the target defends once (B2D6-14).
    MULTI = "multi"
    #: Any other ability the GM makes; its points count, the table plays its effect.
    CUSTOM = "custom"

    @property
    def label(self) -> str:
        """The catalog key of the ability's name."""
        return f"bar2d6.special.{self.value}"

    def default_amount(self, cost: int) -> int:
        """The text's default amount for an ability bought with *cost* points.

        Healing and granting: ⌊cost ÷ 2⌋; damage: ⌊cost ÷ 3⌋; a multi-attack makes 2
        attacks unless the GM sets its number (B2D6-14); area and custom abilities have no
        amount (0).

        >>> from tabletop_rules.bar2d6 import SpecialKind
        >>> SpecialKind.HEAL.default_amount(5), SpecialKind.DAMAGE.default_amount(5)
        (2, 1)
        """
        if self in (SpecialKind.HEAL, SpecialKind.GRANT):
            return cost // 2
        if self is SpecialKind.DAMAGE:
            return cost // 3
        if self is SpecialKind.MULTI:
            return 2
        return 0


def _text(value: str) -> str:
    # Text is stripped; anything else is left to the field's validator (a_text), which
    # names the field.
    return value.strip() if isinstance(value, str) else value  # pyright: ignore[reportUnnecessaryIsInstance]


@attrs.frozen(kw_only=True)
class Special:
    """A special ability on an item, of a type and at a cost the GM sets (B2D6-09).

    ``amount`` is the GM's override of the text's default (B2D6-15..17); for a multi-attack
    it is the number of attacks.

    >>> from tabletop_rules.bar2d6 import Special, SpecialKind
    >>> Special(kind=SpecialKind.HEAL, cost=4).amount_or_default
    2
    >>> Special(kind=SpecialKind.HEAL, cost=4, amount=3).amount_or_default
    3

    .. versionadded:: 0.1.0
    """

    #: The type of ability.
    kind: SpecialKind = attrs.field(validator=an_instance(SpecialKind, "bar2d6.SpecialKind"))
    #: The personality points it costs, as the GM set.
    cost: int = attrs.field(validator=a_whole)
    #: The GM's amount, if it differs from the text's default.
    amount: int | None = attrs.field(default=None, validator=attrs.validators.optional(a_whole))

    @property
    def amount_or_default(self) -> int:
        """The amount the ability gives — the GM's, or the text's default for its cost."""
        return self.kind.default_amount(self.cost) if self.amount is None else self.amount


def _specials(value: Iterable[Special]) -> tuple[Special, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Item:
    """A skill, move, trait or weapon the player named, with the points spent on it.

    >>> from tabletop_rules.bar2d6 import Item, ItemKind
    >>> Item(name="攀爬", kind=ItemKind.SKILL, active=2).points
    2

    .. versionadded:: 0.1.0
    """

    #: The name the player gave the item (it labels the item's terms on checks).
    name: str = attrs.field(converter=_text, validator=a_text)
    #: What the item is.
    kind: ItemKind = attrs.field(validator=an_instance(ItemKind, "bar2d6.ItemKind"))
    #: The attack and acting bonus (攻擊＆主動應用), a point each (B2D6-06).
    active: int = attrs.field(default=0, validator=a_whole)
    #: The defense and reacting bonus (防禦＆被動應用), a point each (B2D6-07).
    passive: int = attrs.field(default=0, validator=a_whole)
    #: Its special abilities.
    specials: tuple[Special, ...] = attrs.field(default=(), converter=_specials)

    @property
    def points(self) -> int:
        """The personality points the item holds."""
        return self.active + self.passive + sum(s.cost for s in self.specials)

    @property
    def cap(self) -> int:
        """The most points the item may hold — 3, or the cost of its dearest ability if more.

        (B2D6-10, B2D6-11)
        """
        return max((ITEM_CAP, *(s.cost for s in self.specials)))

    def special(self, kind: SpecialKind) -> Special | None:
        """The item's first ability of *kind*, if it has one."""
        for found in self.specials:
            if found.kind is kind:
                return found
        return None


def _items(values: Iterable[Item]) -> tuple[Item, ...]:
    return checked_items(values, Item, "$.items", "bar2d6.Item")


def _item_problems(item: Item) -> list[Problem]:
    problems: list[Problem] = []
    if not item.name:
        problems.append(("bar2d6.problem.empty_item_name", {}))
    if any(mark in item.name for mark in _NAME_BREAKERS) or _breaks_line(item.name):
        problems.append(("bar2d6.problem.item_name_breaks_sheet", {"item": item.name}))
    if item.active < 0 or item.passive < 0:
        problems.append(("bar2d6.problem.negative_bonus", {"item": item.name}))
    for special in item.specials:
        if special.cost < 1:
            problems.append(
                ("bar2d6.problem.special_cost", {"item": item.name, "cost": special.cost})
            )
        if special.amount is not None and special.amount < 0:
            problems.append(
                ("bar2d6.problem.negative_amount", {"item": item.name, "amount": special.amount})
            )
        if special.kind is SpecialKind.MULTI and special.amount_or_default < 2:
            problems.append(
                ("bar2d6.problem.multi_attacks", {"item": item.name, "attacks": special.amount})
            )
    if item.points > item.cap:
        problems.append(
            ("bar2d6.problem.item_cap", {"item": item.name, "points": item.points, "cap": item.cap})
        )
    return problems


#: Characters an item's name cannot hold — a sheet could not be read back.
_NAME_BREAKERS = frozenset(":：︰()（）")


def _breaks_line(text: str) -> bool:
    """Whether *text* takes more than one line: any break ``str.splitlines`` knows, not only LF."""
    return len(text.splitlines()) > 1


def creation_problems(
    *, name: str, items: tuple[Item, ...], hp_bought: int, description: str = ""
) -> tuple[Problem, ...]:
    """Every way a character breaks the creation rules, as catalog keys with values."""
    problems: list[Problem] = []
    if not name:
        problems.append(("bar2d6.problem.empty_name", {}))
    if _breaks_line(name) or _breaks_line(description):
        problems.append(("bar2d6.problem.multiline", {}))
    if hp_bought < 0:
        problems.append(("bar2d6.problem.negative_hp", {"hp": hp_bought}))
    seen: set[str] = set()
    for item in items:
        problems.extend(_item_problems(item))
        key = normalize(item.name)
        if key in seen:
            problems.append(("bar2d6.problem.duplicate_item", {"item": item.name}))
        seen.add(key)
    spent = sum(item.points for item in items) + HP_COST * max(hp_bought, 0)
    if spent > PERSONALITY_POINTS:
        problems.append(
            ("bar2d6.problem.overspent", {"spent": spent, "allowed": PERSONALITY_POINTS})
        )
    return tuple(problems)


@attrs.frozen(kw_only=True)
class Character:
    """A bar2d6 character: 10 personality points spent on items and HP (【角色創造】).

    Creation checks every rule at once and raises
    :class:`~tabletop_rules.errors.InvalidCharacter` with every problem (B2D6-04, B2D6-10).
    Unspent points are allowed; :attr:`unspent` reports them.

    >>> from tabletop_rules.bar2d6 import Item, ItemKind
    >>> from tabletop_rules import bar2d6
    >>> b = bar2d6.Character(
    ...     name="B",
    ...     items=[
    ...         Item(name="攀爬", kind=ItemKind.SKILL, active=2),
    ...         Item(name="繩鉤", kind=ItemKind.WEAPON, active=3),
    ...     ],
    ...     hp_bought=1,
    ... )
    >>> b.max_hp, b.unspent
    (4, 3)

    .. versionadded:: 0.1.0
    """

    #: The character's name.
    name: str = attrs.field(converter=_text, validator=a_text)
    #: A one-line description.
    description: str = attrs.field(default="", converter=_text, validator=a_text)
    #: The items the points are spent on, in the order written.
    items: tuple[Item, ...] = attrs.field(default=(), converter=_items)
    #: HP bought, 2 points each, with no cap (B2D6-08, B2D6-12).
    hp_bought: int = attrs.field(default=0, validator=a_whole)

    def __attrs_post_init__(self) -> None:
        problems = creation_problems(
            name=self.name,
            items=self.items,
            hp_bought=self.hp_bought,
            description=self.description,
        )
        if problems:
            raise InvalidCharacter(problems)

    @property
    def max_hp(self) -> int:
        """3, plus the HP bought (B2D6-01, B2D6-08)."""
        return BASE_HP + self.hp_bought

    @property
    def spent(self) -> int:
        """The personality points spent."""
        return sum(item.points for item in self.items) + HP_COST * self.hp_bought

    @property
    def unspent(self) -> int:
        """The personality points left unspent (allowed, and reported, B2D6-04)."""
        return PERSONALITY_POINTS - self.spent

    @functools.cached_property
    def _by_name(self) -> Mapping[str, Item]:
        # Each item by its name as written and by its normalized name (the normalized names
        # are distinct: creation checks it), made once per character: every check and every
        # attack looks items up by name, most often as the sheet writes it.
        found = {normalize(item.name): item for item in self.items}
        found.update((item.name, item) for item in self.items)
        return MappingProxyType(found)

    def find_item(self, name: str) -> Item | None:
        """The item called *name*, or ``None`` (compared after NFKC and case folding).

        .. versionadded:: 0.1.0
        """
        by_name = self._by_name
        found = by_name.get(name)
        return found if found is not None else by_name.get(normalize(name))

    def item(self, name: str) -> Item:
        """The item called *name* (compared after NFKC normalization and case folding).

        Raises:
            KeyError: The character has no such item.
        """
        found = self.find_item(name)
        if found is None:
            raise KeyError(name)
        return found

    def has_item(self, name: str) -> bool:
        """Whether the character has an item called *name*."""
        return self.find_item(name) is not None

    def specials_of(self, kind: SpecialKind) -> tuple[tuple[Item, Special], ...]:
        """Every ability of *kind*, with the item that holds it."""
        return tuple(
            (item, special)
            for item in self.items
            for special in item.specials
            if special.kind is kind
        )
