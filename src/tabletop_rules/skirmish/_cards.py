"""Character cards as data: the card and skill values, the schema, and the loaders.

A card file (TOML or JSON) holds a list ``card`` of tables::

    [[card]]
    id = "ember_knight"
    name = "Ember Knight"
    hp = 6
    atk = 2
    skl = 2
    def = 1

    [[card.skill]]
    name = "Flame Lance"
    cost = 2
    check = true
    attack = true
    target = "enemy"
    range = 2
    [[card.skill.effect]]
    kind = "damage"
    amount = 3

Every field is checked; a bad one raises :class:`~tabletop_rules.errors.InvalidData` whose
path names the field (``$.card[3].skill[0].effect[1].duration``) and whose detail names the
card.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final, Literal, cast

import attrs

from tabletop_rules._arguments import a_text, a_whole, checked_items, wrong_type
from tabletop_rules.errors import InvalidData
from tabletop_rules.skirmish._effects import (
    MARKER_CHANGE,
    MARKER_DURATIONS,
    ApChange,
    Damage,
    Effect,
    Heal,
    Marker,
    MarkerEffect,
    Modify,
    Move,
    Remove,
    Replace,
    Role,
    Summon,
)

__all__ = [
    "Card",
    "CardSet",
    "Skill",
    "Step",
    "Target",
    "Timing",
    "dump_cards",
    "load_cards",
    "sample_cards",
]

#: The most a card's number may be (hp, atk, skl, def), and the most a skill costs.
MAX_STAT: Final = 99


class Timing(enum.Enum):
    """When a skill may be used.

    .. versionadded:: 0.1.0
    """

    #: As the character's action in its player's action phase.
    MAIN = "main"
    #: As a response, in the window before a named step of another action (SK-31, SK-32).
    RESPONSE = "response"


class Step(enum.Enum):
    """The steps of the resolution order (SK-30) that a response window comes before.

    Step 0, the declaration, is the command itself.

    .. versionadded:: 0.1.0
    """

    #: Step 1, pay the AP and choose the targets.
    PAY = "pay"
    #: Step 2, roll the check (the window before it is step 1's "before the action/roll").
    ROLL = "roll"
    #: Step 3, the effect (or none if the check failed).
    EFFECT = "effect"
    #: Step 4, the end of the check.
    END = "end"


class Target(enum.Enum):
    """Whom a skill is aimed at.

    .. versionadded:: 0.1.0
    """

    #: No one (a summon, a modifier to the check it answers).
    NONE = "none"
    #: The acting character itself.
    SELF = "self"
    #: A standing character of the actor's side, itself included.
    ALLY = "ally"
    #: A standing character of the other side.
    ENEMY = "enemy"


@attrs.frozen(kw_only=True)
class Skill:
    """A skill of a card: its cost, check, target, timing and effects.

    .. versionadded:: 0.1.0
    """

    #: The skill's name as printed.
    name: str
    #: The AP it costs (SK-20); at least 1.
    cost: int = attrs.field(validator=attrs.validators.ge(1))
    #: Whether it needs a check against its target (SK-21); only with an enemy target.
    check: bool = False
    #: Whether it is an attack-type action (SK-13, SK-19).
    attack: bool = False
    #: Whom it is aimed at.
    target: Target = Target.NONE
    #: The farthest row distance of its target; ``None`` for any.
    range: int | None = None
    #: A main action or a response.
    timing: Timing = Timing.MAIN
    #: For a response, the step whose window it is used in.
    step: Step | None = None
    #: What it does, in order, when it takes effect.
    effects: tuple[Effect, ...] = ()

    def __attrs_post_init__(self) -> None:
        # The schema's rules, also for a skill built in Python or read from a game's JSON.
        if self.check and self.target is not Target.ENEMY:
            raise ValueError(f"{self.name}: only a skill aimed at an enemy makes a check")
        if (self.timing is Timing.RESPONSE) != (self.step is not None):
            raise ValueError(f"{self.name}: a response, and only a response, names a step")
        gained = sum(e.amount for e in self.effects if isinstance(e, ApChange) and e.amount > 0)
        if gained >= self.cost:
            raise ValueError(f"{self.name}: a skill may not give as much AP as it costs")


def _to_skills(skills: Iterable[Skill]) -> tuple[Skill, ...]:
    return checked_items(skills, Skill, "$.skills")


@attrs.frozen(kw_only=True, cache_hash=True)
class Card:
    """A character card (SK-01): its numbers and skills.

    .. versionadded:: 0.1.0
    """

    #: A unique id (lowercase letters, digits, ``_`` and ``-``).
    id: str = attrs.field(validator=a_text)
    #: The name as printed.
    name: str = attrs.field(validator=a_text)
    #: Hit points at the start.
    hp: int = attrs.field(validator=[a_whole, attrs.validators.ge(1)])
    #: The damage of a normal attack (SK-12).
    atk: int = attrs.field(validator=a_whole)
    #: Added to the card's checks (SK-23).
    skl: int = attrs.field(validator=a_whole)
    #: Added when the card opposes a check (SK-24).
    defense: int = attrs.field(validator=a_whole)
    #: The card's skills.
    skills: tuple[Skill, ...] = attrs.field(default=(), converter=_to_skills)

    def __attrs_post_init__(self) -> None:
        if min(self.atk, self.skl, self.defense) < 0:
            raise ValueError(f"card {self.id!r}: atk, skl and def are 0 or more")


@attrs.frozen
class CardSet(Mapping[str, Card]):
    """A set of cards by id, as loaded from a file: a read-only mapping from id to card.

    >>> from tabletop_rules import skirmish
    >>> cards = skirmish.sample_cards()
    >>> list(cards)[:2], cards["ember_knight"].name, len(cards) == len(cards.cards)
    (['ember_knight', 'stone_warden'], 'Ember Knight', True)

    .. versionadded:: 0.1.0
    """

    #: The cards in file order.
    cards: tuple[Card, ...]

    def __getitem__(self, card_id: str) -> Card:
        """The card *card_id*.

        Raises:
            KeyError: No card has that id (as from any mapping).
        """
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def __contains__(self, card_id: object) -> bool:
        return any(card.id == card_id for card in self.cards)

    def __iter__(self) -> Iterator[str]:
        return (card.id for card in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def ids(self) -> tuple[str, ...]:
        """The ids in file order."""
        return tuple(card.id for card in self.cards)


# --------------------------------------------------------------------------- the schema


class _Reader:
    """Reads one card's table, naming the card in every problem."""

    def __init__(self, card: str) -> None:
        self.card = card

    def fail(self, path: str, detail: str) -> InvalidData:
        field = path.rsplit(".", 1)[-1]
        return InvalidData(path, f"card {self.card!r}, field {field!r}: {detail}")

    def table(self, value: object, path: str) -> Mapping[str, object]:
        if not isinstance(value, dict):
            raise self.fail(path, "expected a table")
        table = cast("dict[object, object]", value)
        for key in table:
            if not isinstance(key, str):
                raise self.fail(path, "expected a table with text keys")
        return cast("Mapping[str, object]", table)

    def known(self, table: Mapping[str, object], path: str, allowed: Iterable[str]) -> None:
        extra = sorted(set(table) - set(allowed))
        if extra:
            raise self.fail(f"{path}.{extra[0]}", "unknown field")

    def integer(
        self, table: Mapping[str, object], path: str, key: str, low: int, high: int, **default: int
    ) -> int:
        if key not in table:
            if "default" in default:
                return default["default"]
            raise self.fail(f"{path}.{key}", "missing")
        value = table[key]
        if type(value) is not int or not low <= value <= high:
            raise self.fail(f"{path}.{key}", f"expected a whole number {low}–{high}")
        return value

    def text(self, table: Mapping[str, object], path: str, key: str) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip() or len(value) > 80:
            raise self.fail(f"{path}.{key}", "expected a text of 1–80 characters")
        return value

    def flag(self, table: Mapping[str, object], path: str, key: str) -> bool:
        value = table.get(key, False)
        if type(value) is not bool:
            raise self.fail(f"{path}.{key}", "expected true or false")
        return value

    def choice(
        self, table: Mapping[str, object], path: str, key: str, enum_: Any, default: Any
    ) -> Any:
        if key not in table:
            return default
        value = table[key]
        try:
            return enum_(value)
        except ValueError:
            known = ", ".join(m.value for m in enum_)
            raise self.fail(f"{path}.{key}", f"expected one of {known}") from None

    def array(self, table: Mapping[str, object], path: str, key: str) -> list[object]:
        value = table.get(key, [])
        if not isinstance(value, list):
            raise self.fail(f"{path}.{key}", "expected an array")
        return cast("list[object]", value)


_ID_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")


#: A marker's numbers in a card file (``def`` is :attr:`MarkerEffect.defense`).
_MARKER_NUMBERS: Final = (
    ("skl", "skl"),
    ("def", "defense"),
    ("atk", "atk"),
    ("turn_end_hp", "turn_end_hp"),
    ("turn_start_ap", "turn_start_ap"),
)
#: A marker's statuses in a card file (SK-41, 「類似於造成狀態」).
_MARKER_FLAGS: Final = ("cannot_act", "cannot_move", "cannot_respond")


def _marker_effect(reader: _Reader, value: object, where: str) -> MarkerEffect:
    """A marker's ``effect`` table: its modifiers and statuses."""
    inner = reader.table(value, where)
    reader.known(inner, where, (*(key for key, _ in _MARKER_NUMBERS), *_MARKER_FLAGS))

    def number(key: str) -> int:
        return reader.integer(inner, where, key, -MARKER_CHANGE, MARKER_CHANGE, default=0)

    return MarkerEffect(
        skl=number("skl"),
        defense=number("def"),
        atk=number("atk"),
        cannot_act=reader.flag(inner, where, "cannot_act"),
        cannot_move=reader.flag(inner, where, "cannot_move"),
        cannot_respond=reader.flag(inner, where, "cannot_respond"),
        turn_end_hp=number("turn_end_hp"),
        turn_start_ap=number("turn_start_ap"),
    )


def _effect(reader: _Reader, value: object, path: str) -> Effect:
    table = reader.table(value, path)
    kind = table.get("kind")

    def amount(low: int, high: int) -> int:
        return reader.integer(table, path, "amount", low, high)

    if kind == "damage":
        reader.known(table, path, ("kind", "amount"))
        return Damage(amount(1, MAX_STAT))
    if kind == "heal":
        reader.known(table, path, ("kind", "amount"))
        return Heal(amount(1, MAX_STAT))
    if kind == "ap":
        reader.known(table, path, ("kind", "amount"))
        return ApChange(amount(-MAX_STAT, MAX_STAT))
    if kind == "move":
        reader.known(table, path, ("kind", "rows"))
        return Move(reader.integer(table, path, "rows", -3, 3))
    if kind == "modify":
        reader.known(table, path, ("kind", "role", "amount"))
        if "role" not in table:
            raise reader.fail(f"{path}.role", "missing")
        role = reader.choice(table, path, "role", Role, Role.ACTOR)
        return Modify(role, amount(-MAX_STAT, MAX_STAT))
    if kind == "marker":
        reader.known(table, path, ("kind", "name", "duration", "stacks", "effect"))
        name = reader.text(table, path, "name")
        low, high = MARKER_DURATIONS.start, MARKER_DURATIONS.stop - 1
        duration = reader.integer(table, path, "duration", low, high)
        if "effect" not in table:
            raise reader.fail(f"{path}.effect", "a marker must say what it does (SK-44)")
        where = f"{path}.effect"
        effect = _marker_effect(reader, table["effect"], where)
        if effect.empty:
            raise reader.fail(where, "a marker must say what it does (SK-44)")
        stacks = reader.flag(table, path, "stacks")
        return Marker(name=name, duration=duration, effect=effect, stacks=stacks)
    if kind == "remove":
        reader.known(table, path, ("kind",))
        return Remove()
    if kind in ("replace", "summon"):
        reader.known(table, path, ("kind", "card"))
        card = reader.text(table, path, "card")
        return Replace(card) if kind == "replace" else Summon(card)
    known = "ap, damage, heal, marker, modify, move, remove, replace, summon"
    raise reader.fail(f"{path}.kind", f"unknown effect {kind!r}; expected one of {known}")


_SKILL_FIELDS: Final = (
    "name",
    "cost",
    "check",
    "attack",
    "target",
    "range",
    "timing",
    "step",
    "effect",
)


def _skill(reader: _Reader, value: object, path: str) -> Skill:
    table = reader.table(value, path)
    reader.known(table, path, _SKILL_FIELDS)
    name = reader.text(table, path, "name")
    cost = reader.integer(table, path, "cost", 1, MAX_STAT)
    check = reader.flag(table, path, "check")
    attack = reader.flag(table, path, "attack")
    target: Target = reader.choice(table, path, "target", Target, Target.NONE)
    reach = None if "range" not in table else reader.integer(table, path, "range", 0, 3)
    timing: Timing = reader.choice(table, path, "timing", Timing, Timing.MAIN)
    step: Step | None = reader.choice(table, path, "step", Step, None)
    effects = tuple(
        _effect(reader, item, f"{path}.effect[{index}]")
        for index, item in enumerate(reader.array(table, path, "effect"))
    )
    if not effects:
        raise reader.fail(f"{path}.effect", "a skill needs at least one effect")
    if check and target is not Target.ENEMY:
        raise reader.fail(f"{path}.check", "only a skill aimed at an enemy makes a check")
    if timing is Timing.RESPONSE and step is None:
        raise reader.fail(f"{path}.step", "a response names the step it answers")
    if timing is Timing.MAIN and step is not None:
        raise reader.fail(f"{path}.step", "only a response names a step")
    if timing is Timing.MAIN and any(isinstance(e, Modify) for e in effects):
        raise reader.fail(f"{path}.timing", "only a response may modify a check it answers")
    gained = sum(e.amount for e in effects if isinstance(e, ApChange) and e.amount > 0)
    if gained >= cost:
        raise reader.fail(f"{path}.effect", "a skill may not give as much AP as it costs")
    return Skill(
        name=name,
        cost=cost,
        check=check,
        attack=attack,
        target=target,
        range=reach,
        timing=timing,
        step=step,
        effects=effects,
    )


def _id_of(value: object) -> str | None:
    if not isinstance(value, dict):
        return None
    raw = cast("dict[object, object]", value).get("id")
    return raw if isinstance(raw, str) else None


def _card(value: object, path: str, index: int) -> Card:
    reader = _Reader(_id_of(value) or f"#{index}")
    table = reader.table(value, path)
    reader.known(table, path, ("id", "name", "hp", "atk", "skl", "def", "skill"))
    card_id = reader.text(table, path, "id")
    if not set(card_id) <= _ID_CHARS:
        raise reader.fail(f"{path}.id", "use lowercase letters, digits, _ and - only")
    return Card(
        id=card_id,
        name=reader.text(table, path, "name"),
        hp=reader.integer(table, path, "hp", 1, MAX_STAT),
        atk=reader.integer(table, path, "atk", 0, MAX_STAT),
        skl=reader.integer(table, path, "skl", 0, MAX_STAT),
        defense=reader.integer(table, path, "def", 0, MAX_STAT),
        skills=tuple(
            _skill(reader, item, f"{path}.skill[{number}]")
            for number, item in enumerate(reader.array(table, path, "skill"))
        ),
    )


def read_cards(data: object) -> CardSet:
    """Check parsed card data (``{"card": [...]}``) against the schema.

    Raises:
        InvalidData: The first problem, with the path of the bad field and the card's id.
    """
    document = cast("dict[object, object]", data) if isinstance(data, dict) else {}
    items = document.get("card")
    if set(document) != {"card"} or not isinstance(items, list):
        raise InvalidData("$", 'expected a document with one array "card"')
    listed = cast("list[object]", items)
    cards = tuple(_card(item, f"$.card[{i}]", i) for i, item in enumerate(listed))
    seen: set[str] = set()
    for index, card in enumerate(cards):
        if card.id in seen:
            raise InvalidData(f"$.card[{index}].id", f"card {card.id!r}, field 'id': repeated")
        seen.add(card.id)
    for index, card in enumerate(cards):
        for number, skill in enumerate(card.skills):
            for at, effect in enumerate(skill.effects):
                if isinstance(effect, Replace | Summon) and effect.card not in seen:
                    path = f"$.card[{index}].skill[{number}].effect[{at}].card"
                    raise InvalidData(
                        path, f"card {card.id!r}, field 'card': no card {effect.card!r} in the set"
                    )
    return CardSet(cards)


def load_cards(text: str | bytes, *, format: Literal["toml", "json"] = "toml") -> CardSet:
    """Load a card file's text.

    >>> from tabletop_rules.skirmish import load_cards
    >>> cards = load_cards('''
    ... [[card]]
    ... id = "pike"
    ... name = "Pike"
    ... hp = 5
    ... atk = 2
    ... skl = 1
    ... def = 1
    ... ''')
    >>> cards["pike"].defense
    1

    Raises:
        InvalidData: The text is not TOML (JSON) or a card breaks the schema; or *text* is
            no ``str`` or ``bytes`` (path ``$``), *format* neither ``"toml"`` nor ``"json"``
            (``$.format``).
    """
    if not isinstance(text, str | bytes):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise wrong_type("$", "str | bytes", text)
    if format not in ("toml", "json"):
        raise wrong_type("$.format", 'Literal["toml", "json"]', format)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidData("$", f"not UTF-8 text: {error}") from None
    import tomllib  # imported when first used, so that importing the skirmish stays quick

    try:
        data: object = tomllib.loads(text) if format == "toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as error:
        raise InvalidData("$", f"not valid {format.upper()}: {error}") from None
    return read_cards(data)


def _effect_data(effect: Effect) -> dict[str, object]:
    if isinstance(effect, Damage):
        return {"kind": "damage", "amount": effect.amount}
    if isinstance(effect, Heal):
        return {"kind": "heal", "amount": effect.amount}
    if isinstance(effect, ApChange):
        return {"kind": "ap", "amount": effect.amount}
    if isinstance(effect, Move):
        return {"kind": "move", "rows": effect.rows}
    if isinstance(effect, Modify):
        return {"kind": "modify", "role": effect.role.value, "amount": effect.amount}
    if isinstance(effect, Marker):
        held = effect.effect
        inner: dict[str, object] = {key: getattr(held, field) for key, field in _MARKER_NUMBERS}
        inner.update({key: getattr(held, key) for key in _MARKER_FLAGS})
        return {
            "kind": "marker",
            "name": effect.name,
            "duration": effect.duration,
            "stacks": effect.stacks,
            "effect": {k: v for k, v in inner.items() if v},
        }
    if isinstance(effect, Remove):
        return {"kind": "remove"}
    return {"kind": "replace" if isinstance(effect, Replace) else "summon", "card": effect.card}


def _skill_data(skill: Skill) -> dict[str, object]:
    data: dict[str, object] = {
        "name": skill.name,
        "cost": skill.cost,
        "check": skill.check,
        "attack": skill.attack,
        "target": skill.target.value,
        "timing": skill.timing.value,
        "effect": [_effect_data(e) for e in skill.effects],
    }
    if skill.range is not None:
        data["range"] = skill.range
    if skill.step is not None:
        data["step"] = skill.step.value
    return data


def _card_data(card: Card) -> dict[str, object]:
    return {
        "id": card.id,
        "name": card.name,
        "hp": card.hp,
        "atk": card.atk,
        "skl": card.skl,
        "def": card.defense,
        "skill": [_skill_data(s) for s in card.skills],
    }


def _toml_value(value: object) -> str:
    """*value* (text, a whole number, a flag or a table of them) as a TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # A JSON string is a TOML basic string, but for DEL, which TOML wants escaped.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    table = cast("dict[str, object]", value)
    return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in table.items()) + " }"


def _toml_table(header: str, table: Mapping[str, object], lines: list[str]) -> None:
    """*table* as the array-of-tables item *header*, its arrays of tables after it."""
    lines.append(f"[[{header}]]")
    nested: list[tuple[str, list[dict[str, object]]]] = []
    for key, value in table.items():
        if isinstance(value, list):
            nested.append((key, cast("list[dict[str, object]]", value)))
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    for key, items in nested:
        for item in items:
            _toml_table(f"{header}.{key}", item, lines)


def _toml(data: list[dict[str, object]]) -> str:
    lines: list[str] = []
    for card in data:
        if lines:
            lines.append("")
        _toml_table("card", card, lines)
    return "\n".join(lines) + "\n"


def dump_cards(cards: Iterable[Card] | CardSet, *, format: Literal["toml", "json"] = "toml") -> str:
    """The card file of *cards* (a :class:`CardSet` or cards): :func:`load_cards` reads it.

    It is TOML by default, the format :func:`load_cards` reads by default, so that
    ``load_cards(dump_cards(cards))`` gives the cards back; ``format="json"`` writes the
    JSON of the same shape (read with ``load_cards(text, format="json")``).

    >>> from tabletop_rules.skirmish import dump_cards, load_cards, sample_cards
    >>> load_cards(dump_cards(sample_cards())) == sample_cards()
    True
    >>> print(dump_cards([sample_cards()["spirit_wolf"]]), end="")
    [[card]]
    id = "spirit_wolf"
    name = "Spirit Wolf"
    hp = 3
    atk = 2
    skl = 2
    def = 0

    Raises:
        InvalidData: *cards* is no list of :class:`Card` (path ``$.cards``), or *format*
            neither ``"toml"`` nor ``"json"`` (``$.format``).
    """
    if format not in ("toml", "json"):
        raise wrong_type("$.format", 'Literal["toml", "json"]', format)
    if isinstance(cards, CardSet):
        cards = cards.cards
    cards = checked_items(cards, Card, "$.cards", "skirmish.Card")
    data = [_card_data(c) for c in cards]
    if format == "json":
        return json.dumps({"card": data}, ensure_ascii=False)
    return _toml(data)


@functools.cache
def sample_cards() -> CardSet:
    """The sample set shipped with the package (``skirmish/cards/sample.toml``)."""
    from importlib import resources

    path = resources.files("tabletop_rules.skirmish").joinpath("cards", "sample.toml")
    return load_cards(path.read_text("utf-8"))
