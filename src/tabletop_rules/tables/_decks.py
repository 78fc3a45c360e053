"""Decks: Dice!'s ``.draw`` decks and HKTRPG's tables, drawn with and without replacement."""

from __future__ import annotations

import json
import math
import re
import types
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar, Final, NamedTuple, cast

import attrs

from tabletop_rules._arguments import (
    SMALL_STACK,
    a_flag,
    checked,
    checked_source,
    nested_too_deeply,
    shown,
    wrong_type,
)
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic
from tabletop_rules.errors import InvalidData, InvalidNotation, LimitExceeded
from tabletop_rules.i18n import DEFAULT_LOCALE
from tabletop_rules.notation import Expression, Limits, parse
from tabletop_rules.tables._common import (
    Recording,
    active_limits,
    check_entries,
    check_name,
    check_source,
    finish,
    key_path,
    limits_or_default,
    quoted,
    template,
)

__all__ = [
    "Card",
    "Deck",
    "DeckDraw",
    "DeckState",
    "Decks",
    "DrawResult",
    "read_dice_decks",
    "read_hktrpg_table",
]

#: The heaviest weight of a card (Dice! reads a weight of more than six digits as text).
#:
#: .. versionadded:: 0.1.0
MAX_WEIGHT: Final = 999_999
#: The most characters the value of a roll in brackets may add to a draw's text, beyond the
#: characters of what the brackets hold.
_ROLL_WIDTH: Final = 20
#: References deeper than this are refused whatever the limits say: they would overflow the
#: interpreter's stack.
_MOST_DEPTH: Final = 100


def _check_card_text(_: object, __: attrs.Attribute[str], value: object) -> None:
    if type(value) is not str:
        raise wrong_type("$.text", "str", value)


def _check_weight(_: object, __: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise wrong_type("$.weight", "int", value)
    if not 1 <= value <= MAX_WEIGHT:
        raise InvalidData("$.weight", f"a weight is 1 to {MAX_WEIGHT}, not {shown(value)}")


@attrs.frozen(kw_only=True)
class Card:
    r"""One card of a deck: its text and its weight (how many copies of it the deck holds).

    The text may name other decks, ``{deck}`` (drawn without replacement within one draw) or
    ``{%deck}`` (with replacement), and hold rolls in brackets, ``[1D6+2]``; ``\{`` and
    ``\[`` are the brackets themselves.

    .. versionadded:: 0.1.0
    """

    #: The text, as Dice! writes it without the weight.
    text: str = attrs.field(validator=_check_card_text)
    #: How many copies of the card the deck holds (Dice!'s ``::n::``).
    weight: int = attrs.field(default=1, validator=_check_weight)


def _check_deck_name(_: object, __: attrs.Attribute[str], value: object) -> None:
    check_name("$.name", value)


def _to_cards(cards: Any) -> tuple[Card, ...]:
    if isinstance(cards, str) or not hasattr(cards, "__iter__"):
        raise wrong_type("$.cards", "tuple[Card, ...]", cards)
    found = tuple(cards)
    check_entries(len(found))
    for index, card in enumerate(found):
        if not isinstance(card, Card):
            raise wrong_type(f"$.cards[{index}]", "tables.Card", card)
    return found


@attrs.frozen(kw_only=True)
class Deck:
    """A named deck of cards.

    .. versionadded:: 0.1.0
    """

    #: The deck's name: ``.draw`` and ``{name}`` name it. Dice! hides a name that starts
    #: with ``_`` from ``.draw``: only other decks draw from it.
    name: str = attrs.field(validator=_check_deck_name)
    #: The cards, at least one, in the order written.
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)

    def __attrs_post_init__(self) -> None:
        if not self.cards:
            raise InvalidData("$.cards", f"the deck {quoted(self.name)} has no cards: give it one")

    @property
    def copies(self) -> int:
        """How many copies of cards the deck holds (the sum of the weights)."""
        return sum(card.weight for card in self.cards)

    @property
    def hidden(self) -> bool:
        """Whether ``.draw`` leaves the deck out (its name starts with ``_``)."""
        return self.name.startswith("_")


def _check_left(_: object, __: attrs.Attribute[Any], value: tuple[object, ...]) -> None:
    for index, count in enumerate(value):
        if type(count) is not int or count < 0:
            raise InvalidData(
                f"$.left[{index}]", f"a count of copies is 0 or more, not {quoted(count)}"
            )


def _to_left(values: Any) -> tuple[int, ...]:
    if isinstance(values, str) or not hasattr(values, "__iter__"):
        raise wrong_type("$.left", "tuple[int, ...]", values)
    return tuple(values)


@attrs.frozen(kw_only=True)
class DeckState:
    """What is left of a deck drawn without replacement: the copies of each card.

    A bot stores it (as JSON) between two draws, to draw on from the same deck.

    .. versionadded:: 0.1.0
    """

    #: The deck's name.
    deck: str = attrs.field(validator=_check_deck_name)
    #: The copies left of each card, in the deck's order.
    left: tuple[int, ...] = attrs.field(converter=_to_left, validator=_check_left)

    @property
    def copies(self) -> int:
        """How many copies are left."""
        return sum(self.left)


class _Piece(NamedTuple):
    # A piece of a card's text, read: text, a reference to a deck (its index, and whether it
    # draws with replacement) or the inside of brackets, rolled when the card is drawn.
    text: str = ""
    target: int = -1
    replace: bool = False
    bracket: bool = False


_ROLL_TEXT: Final = re.compile(r"[+-]?[0-9]{1,18}")
_SPECIAL: Final = re.compile(r"\\[{\[]|[{\[]")


def _pieces(text: str, names: Mapping[str, int]) -> tuple[_Piece, ...]:
    # One pass: the text between special characters is taken whole.
    pieces: list[_Piece] = []
    literal: list[str] = []
    at = 0
    while True:
        found = _SPECIAL.search(text, at)
        if found is None:
            literal.append(text[at:])
            break
        literal.append(text[at : found.start()])
        if len(found[0]) == 2:  # an escaped bracket
            literal.append(found[0][1])
            at = found.end()
            continue
        char = found[0]
        closing = text.find("}" if char == "{" else "]", found.end())
        if closing < 0:
            literal.append(text[found.start() :])
            break
        inner = text[found.end() : closing]
        piece: _Piece | None = None
        if char == "{":
            replace = inner.startswith("%")
            name = inner[1:] if replace else inner
            if name in names:
                piece = _Piece(target=names[name], replace=replace)
        elif _ROLL_TEXT.fullmatch(inner.strip()):
            literal.append(str(int(inner.strip())))
        else:
            piece = _Piece(text=inner, bracket=True)
        if piece is None:
            if char == "{":
                literal.append(text[found.start() : closing + 1])
        else:
            if any(literal):
                pieces.append(_Piece(text="".join(literal)))
            literal = []
            pieces.append(piece)
        at = closing + 1
    if any(literal):
        pieces.append(_Piece(text="".join(literal)))
    return tuple(pieces)


def _rolled(inner: str, dice: DiceSource) -> str:
    # Dice!'s [...]: a sum of dice in the notation's language rolls; anything else stays.
    try:
        command = parse(inner)
    except InvalidNotation:
        command = None
    if isinstance(command, Expression) and not command.comment:
        return str(command.roll(dice).total)
    return f"[{inner}]"


def _to_decks(decks: Any) -> tuple[Deck, ...]:
    if isinstance(decks, str) or not hasattr(decks, "__iter__"):
        raise wrong_type("$.decks", "tuple[Deck, ...]", decks)
    found = tuple(decks)
    check_entries(len(found))
    for index, deck in enumerate(found):
        if not isinstance(deck, Deck):
            raise wrong_type(f"$.decks[{index}]", "tables.Deck", deck)
    return found


def _checked_times(times: object, limits: Limits) -> int:
    if type(times) is not int:
        raise wrong_type("$.times", "int", times)
    if times < 1:
        raise InvalidData("$.times", f"draw 1 card or more, not {times}")
    if times > limits.max_repeats:
        raise LimitExceeded("repeats", allowed=limits.max_repeats, given=times)
    return times


@attrs.frozen(kw_only=True)
class _Worst:
    # The most a draw of one card of a deck may cost: references and rolls expanded, depth of
    # references, and characters.
    references: int
    depth: int
    length: int


@attrs.frozen
class Decks:
    """A deck file: decks that may draw from one another (``{name}``, ``{%name}``).

    >>> from tabletop_rules.dice import ScriptedDice
    >>> decks = read_dice_decks(
    ...     '{"fruit": ["apple", "::2::pear", "{colour} plum"], "colour": ["red", "blue"]}'
    ... )
    >>> print(decks.draw("fruit", ScriptedDice([4, 2])).render())
    Drew from fruit: blue plum
    >>> dict((card.text, chance) for card, chance in decks.odds("fruit"))
    {'apple': Fraction(1, 4), 'pear': Fraction(1, 2), '{colour} plum': Fraction(1, 4)}

    .. versionadded:: 0.1.0
    """

    #: The decks, each name once, in the order written.
    decks: tuple[Deck, ...] = attrs.field(converter=_to_decks)
    _names: Mapping[str, int] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _plans: tuple[tuple[tuple[_Piece, ...], ...], ...] = attrs.field(
        init=False, eq=False, repr=False, hash=False
    )
    _worst: tuple[_Worst, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        names: dict[str, int] = {}
        for index, deck in enumerate(self.decks):
            if deck.name in names:
                raise InvalidData(
                    f"$.decks[{index}].name",
                    f"two decks are called {quoted(deck.name)}: rename one",
                )
            names[deck.name] = index
        plans = tuple(
            tuple(_pieces(card.text, names) for card in deck.cards) for deck in self.decks
        )
        object.__setattr__(self, "_names", types.MappingProxyType(names))
        object.__setattr__(self, "_plans", plans)
        object.__setattr__(self, "_worst", self._analyse(plans))

    def _analyse(self, plans: tuple[tuple[tuple[_Piece, ...], ...], ...]) -> tuple[_Worst, ...]:
        # Depth-first over the references, without recursion; a loop is refused.
        worst: list[_Worst | None] = [None] * len(self.decks)
        on_path = [False] * len(self.decks)
        for start in range(len(self.decks)):
            if worst[start] is not None:
                continue
            stack: list[tuple[int, int]] = [(start, 0)]
            on_path[start] = True
            while stack:
                deck, _ = stack[-1]
                pending = None
                for card_index, plan in enumerate(plans[deck]):
                    for piece in plan:
                        if piece.target < 0:
                            continue
                        target = piece.target
                        if on_path[target]:
                            loop = [self.decks[index].name for index, _ in stack]
                            loop = loop[loop.index(self.decks[target].name) :]
                            raise InvalidData(
                                f"$.decks[{deck}].cards[{card_index}]",
                                "the decks refer to one another in a loop ("
                                + " → ".join([*loop, self.decks[target].name])
                                + "): a draw would never end",
                            )
                        if worst[target] is None:
                            pending = target
                            break
                    if pending is not None:
                        break
                if pending is not None:
                    on_path[pending] = True
                    stack.append((pending, 0))
                    continue
                worst[deck] = self._card_worst(plans[deck], worst)
                on_path[deck] = False
                stack.pop()
        return tuple(found for found in worst if found is not None)

    def _card_worst(
        self, plans: tuple[tuple[_Piece, ...], ...], worst: list[_Worst | None]
    ) -> _Worst:
        references = depth = length = 0
        for plan in plans:
            card_references = card_depth = card_length = 0
            for piece in plan:
                if piece.bracket:
                    card_references += 1
                    card_length += len(piece.text) + _ROLL_WIDTH
                elif piece.target < 0:
                    card_length += len(piece.text)
                else:
                    below = worst[piece.target]
                    assert below is not None
                    card_references += 1 + below.references
                    card_depth = max(card_depth, 1 + below.depth)
                    card_length += below.length
            references = max(references, card_references)
            depth = max(depth, card_depth)
            length = max(length, card_length)
        return _Worst(references=references, depth=depth, length=length)

    @property
    def names(self) -> tuple[str, ...]:
        """The decks' names, in the order written."""
        return tuple(deck.name for deck in self.decks)

    def deck(self, name: str) -> Deck:
        """The deck called *name*.

        Raises:
            InvalidData: No deck is called *name* (path ``$.deck``).
        """
        return self.decks[self._index(name)]

    def _index(self, name: object) -> int:
        if type(name) is not str:
            raise wrong_type("$.deck", "str", name)
        index = self._names.get(name)
        if index is None:
            raise InvalidData("$.deck", f"no deck is called {quoted(name)}")
        return index

    def _left(self, index: int, state: DeckState | None) -> list[int]:
        deck = self.decks[index]
        if state is None:
            return [card.weight for card in deck.cards]
        state = checked(state, DeckState, "$.state", "tables.DeckState")
        if state.deck != deck.name or len(state.left) != len(deck.cards):
            raise InvalidData("$.state", f"this is no state of the deck {quoted(deck.name)}")
        for at, (count, card) in enumerate(zip(state.left, deck.cards, strict=True)):
            if count > card.weight:
                raise InvalidData(
                    f"$.state.left[{at}]", f"the card has {card.weight} copies, not {count}"
                )
        return list(state.left)

    def _pool(self, index: int, state: DeckState | None, replace: bool) -> list[int]:
        # The copies a draw takes from: what *state* leaves, or the whole deck with
        # replacement, without a state, or when nothing is left.
        left = self._left(index, None if replace else state)
        return left if any(left) else self._left(index, None)

    def odds(
        self, name: str, *, state: DeckState | None = None
    ) -> tuple[tuple[Card, Fraction], ...]:
        """Every card of the deck *name* with the exact chance that one draw gives it.

        Args:
            name: The deck.
            state: What is left of the deck; the whole deck if not given.
        """
        index = self._index(name)
        left = self._pool(index, state, replace=False)
        total = sum(left)
        return tuple(
            (card, Fraction(count, total))
            for card, count in zip(self.decks[index].cards, left, strict=True)
        )

    def probability(
        self,
        name: str,
        text: str,
        *,
        times: int = 1,
        replace: bool = False,
        state: DeckState | None = None,
        limits: Limits | None = None,
    ) -> Fraction:
        """The exact chance that *times* draws from the deck *name* give a card of *text*.

        Cards are told apart by their text as written (``{colour} plum``, before it is
        filled in); copies of the same text count together.

        Raises:
            InvalidData: No deck is called *name*, *text* is no ``str``, *times* is no
                whole number from 1, or more than the cards left (without replacement).
            LimitExceeded: *times* is more than ``max_repeats``.
        """
        index = self._index(name)
        if type(text) is not str:
            raise wrong_type("$.text", "str", text)
        _checked_times(times, limits_or_default(limits))
        left = self._pool(index, state, replace)
        total = sum(left)
        copies = sum(
            count
            for card, count in zip(self.decks[index].cards, left, strict=True)
            if card.text == text
        )
        if replace:
            return 1 - (1 - Fraction(copies, total)) ** times
        if times > total:
            raise InvalidData("$.times", f"only {total} cards are left in {quoted(name)}")
        return 1 - Fraction(math.comb(total - copies, times), math.comb(total, times))

    def check(self, name: str, *, times: int = 1, limits: Limits | None = None) -> None:
        """Refuse a draw whose worst case goes over the limits, before anything is rolled.

        Raises:
            LimitExceeded: The draws (``repeats``), the references expanded (``references``),
                their depth (``depth``) or the characters (``output``) could go over a limit.
        """
        found = limits_or_default(limits)
        index = self._index(name)
        _checked_times(times, found)
        worst = self._worst[index]
        depth = min(found.max_depth, _MOST_DEPTH)
        if worst.depth > depth:
            raise LimitExceeded("depth", allowed=depth, given=worst.depth)
        if times * worst.references > found.max_references:
            raise LimitExceeded(
                "references", allowed=found.max_references, given=times * worst.references
            )
        if times * worst.length > found.max_output:
            raise LimitExceeded("output", allowed=found.max_output, given=times * worst.length)

    def draw(
        self,
        name: str,
        dice: DiceSource,
        *,
        times: int = 1,
        replace: bool = False,
        state: DeckState | None = None,
        limits: Limits | None = None,
    ) -> DrawResult:
        """Draw *times* cards from the deck *name*, as Dice!'s ``.draw`` does.

        Each card is one roll of a die with as many sides as there are copies left: face *k*
        is the *k*-th copy, in the deck's order (a deck with one card left rolls nothing).
        References in a card's text draw from their decks (``{deck}`` without replacement
        within this draw, ``{%deck}`` with replacement), then its rolls in brackets roll.

        Args:
            name: The deck.
            dice: The dice source.
            times: How many cards.
            replace: Whether a card drawn goes back before the next one is drawn.
            state: What is left of the deck from earlier draws without replacement; the
                whole deck if not given, if nothing is left, or with replacement.
            limits: The limits; the active ones if not given.

        Returns:
            The cards drawn, their text filled in, every die rolled and, without
            replacement, what is left.

        Raises:
            InvalidData: No deck is called *name*, *state* is not of that deck, or fewer
                cards are left than *times* (without replacement).
            LimitExceeded: The draw could go over a limit (:meth:`check`).
        """
        self.check(name, times=times, limits=limits)
        index = self._index(name)
        source = checked_source(dice)
        left = self._pool(index, state, replace)
        if not replace and times > sum(left):
            raise InvalidData(
                "$.times", f"only {sum(left)} cards are left in {quoted(name)}, not {times}"
            )
        temps: dict[int, list[int]] = {}
        cards: list[str] = []
        with atomic(source) as rolling:
            recording = Recording(rolling)
            for _ in range(times):
                picked = self._pick(left, recording)
                if not replace:
                    left[picked] -= 1
                cards.append(self._fill(index, picked, temps, recording))
        after = None if replace else DeckState(deck=name, left=tuple(left))
        return DrawResult(deck=name, cards=tuple(cards), rolls=tuple(recording.rolls), state=after)

    @staticmethod
    def _pick(left: list[int], dice: DiceSource) -> int:
        held = [index for index, count in enumerate(left) if count]
        if len(held) == 1:
            return held[0]
        face = dice.roll(Dice(1, sum(left))).faces[0]
        for index, count in enumerate(left):
            face -= count
            if face <= 0:
                return index
        raise AssertionError("a face beyond the copies left")  # pragma: no cover

    def _fill(self, deck: int, card: int, temps: dict[int, list[int]], dice: DiceSource) -> str:
        plan = self._plans[deck][card]
        texts: list[str] = []
        for piece in plan:
            if piece.target >= 0:
                target, replace = piece.target, piece.replace
                temp: list[int] | None = temps.get(target)
                if replace:
                    pool = self._left(target, None) if temp is None or not any(temp) else temp
                    picked = self._pick(pool, dice)
                else:
                    if temp is None or not any(temp):
                        temp = temps[target] = self._left(target, None)
                    picked = self._pick(temp, dice)
                    temp[picked] -= 1
                texts.append(self._fill(target, picked, temps, dice))
            else:
                texts.append("" if piece.bracket else piece.text)
        for at, piece in enumerate(plan):
            if piece.bracket:
                texts[at] = _rolled(piece.text, dice)
        return "".join(texts)


def _to_texts(values: Any) -> tuple[str, ...]:
    if isinstance(values, str) or not hasattr(values, "__iter__"):
        raise wrong_type("$.cards", "tuple[str, ...]", values)
    return tuple(values)


def _to_rolls(values: Any) -> tuple[Roll, ...]:
    if isinstance(values, str) or not hasattr(values, "__iter__"):
        raise wrong_type("$.rolls", "tuple[Roll, ...]", values)
    return tuple(values)


@attrs.frozen(kw_only=True)
class DrawResult:
    """Cards drawn from a deck: their text filled in, and every die rolled.

    .. versionadded:: 0.1.0
    """

    #: The deck's name.
    deck: str = attrs.field(validator=_check_deck_name)
    #: Each card drawn, its references and rolls filled in, in the order drawn.
    cards: tuple[str, ...] = attrs.field(converter=_to_texts)
    #: Every die rolled, in order; one for each card (none where one card was left), then
    #: those of the references and the rolls in brackets.
    rolls: tuple[Roll, ...] = attrs.field(converter=_to_rolls)
    #: What is left of the deck after a draw without replacement; ``None`` with replacement.
    state: DeckState | None = None
    #: Whether the draw is secret (``.drawh``).
    secret: bool = attrs.field(default=False, validator=a_flag)

    def __attrs_post_init__(self) -> None:
        if not self.cards:
            raise InvalidData("$.cards", "a draw gives at least one card")
        for index, card in enumerate(self.cards):
            if type(card) is not str:
                raise wrong_type(f"$.cards[{index}]", "str", card)
        for index, roll in enumerate(self.rolls):
            checked(roll, Roll, f"$.rolls[{index}]", "dice.Roll")

    def __str__(self) -> str:
        return self.render()

    def render(self, locale: str = DEFAULT_LOCALE) -> str:
        """``Drew from fruit: pear | apple``, in *locale*."""
        line = template("tables.draw", locale).format(
            deck=self.deck, cards=template("tables.draw_separator", locale).join(self.cards)
        )
        return finish(line, secret=self.secret, comment="", locale=locale)


@attrs.frozen(kw_only=True)
class DeckDraw:
    """A draw named in chat (``.draw fruit 2``, ``.ra3 fruit``): draw it with :meth:`roll`.

    .. versionadded:: 0.1.0
    """

    #: Why it is not read from JSON (``from_json`` refuses it at ``$.cls``).
    _NOT_JSON: ClassVar[str] = "decks and the limits of a draw"

    #: The deck file.
    decks: Decks = attrs.field(repr=False)
    #: The deck drawn from.
    deck: str = attrs.field(validator=_check_deck_name)
    #: How many cards.
    times: int = 1
    #: Whether a card drawn goes back before the next one (HKTRPG's ``.rra``).
    replace: bool = attrs.field(default=False, validator=a_flag)
    #: Whether the draw is secret (Dice!'s ``.drawh``).
    secret: bool = attrs.field(default=False, validator=a_flag)
    # The limits the draw was checked against when it was made, which its roll keeps to.
    _limits: Limits = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        checked(self.decks, Decks, "$.decks", "tables.Decks")
        limits = active_limits()
        self.decks.check(self.deck, times=self.times, limits=limits)
        object.__setattr__(self, "_limits", limits)

    def __str__(self) -> str:
        verb = "drawh" if self.secret else "draw"
        if self.replace:
            return f".rra{self.times} {self.deck}"
        return f".{verb} {self.deck}" + (f" {self.times}" if self.times != 1 else "")

    def roll(self, dice: DiceSource, *, state: DeckState | None = None) -> DrawResult:
        """Draw with *dice* (from *state*, what is left of the deck, if given)."""
        result = self.decks.draw(
            self.deck,
            dice,
            times=self.times,
            replace=self.replace,
            state=state,
            limits=self._limits,
        )
        return attrs.evolve(result, secret=True) if self.secret else result


# -- Dice!'s deck files ------------------------------------------------------------------------

_WEIGHT_NUMBER: Final = re.compile(r"\s*\+?([0-9]+)")


def _card(text: str, path: str) -> Card:
    # Dice!'s CardDeck::drawCard: "::n::" anywhere marks a weight n, the text after it the
    # card; a weight that is no positive number of at most six digits leaves the text as is.
    first = text.find("::")
    second = text.find("::", first + 2) if first >= 0 else -1
    if second < 0:
        return Card(text=text)
    number = text[first + 2 : second]
    if "[" in number or "{" in number:
        raise InvalidData(
            path,
            f"a weight that is drawn or rolled ({quoted(number)}) is not supported: write a "
            "whole number, such as ::2::",
        )
    found = _WEIGHT_NUMBER.match(number)
    if len(number) > 6 or found is None or int(found[1]) < 1:
        return Card(text=text)
    return Card(text=text[second + 2 :], weight=int(found[1]))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    made: dict[str, Any] = {}
    for key, value in pairs:
        if key in made:
            raise _Duplicate(key)
        made[key] = value
    return made


class _Duplicate(Exception):
    pass


def read_dice_decks(text: str, *, limits: Limits | None = None) -> Decks:
    """Read a deck file of Dice! (its ``.draw`` decks, JSON).

    The file is a JSON object: each key a deck's name, each value the deck's cards, a list
    of texts; ``::2::text`` is a card of weight 2 (two copies), ``{deck}`` and ``{%deck}`` in
    a text draw from another deck of the file, and ``[1D6]`` rolls.
    A name in braces that is no deck of the file stays as written (Dice! fills ``{nick}``
    and the like itself).

    Args:
        text: The file's text.
        limits: The limits (characters, decks, cards); the active ones if not given.

    Raises:
        InvalidData: The text is no deck file; the path names the deck and the card
            (``$["塔罗牌"][3]``).
        LimitExceeded: The text is longer, or has more decks or cards, than *limits* allow.

    >>> from tabletop_rules.errors import InvalidData
    >>> try:
    ...     read_dice_decks('{"a": ["{b}"], "b": ["{a}"]}')
    ... except InvalidData as error:
    ...     print(error.path, "-", error.detail)
    $.b[0] - the decks refer to one another in a loop (a → b → a): a draw would never end
    """
    found = limits_or_default(limits)
    source = check_source(text, found)
    if SMALL_STACK and nested_too_deeply(source):  # the decoder would overflow the stack
        raise InvalidData("$", "the JSON is nested too deeply")
    try:
        document = json.loads(source, object_pairs_hook=_no_duplicates)
    except _Duplicate as error:
        raise InvalidData(
            "$", f"the deck {quoted(error.args[0])} is written twice: keep one"
        ) from None
    except RecursionError:
        raise InvalidData("$", "the JSON is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise InvalidData(
            "$", f"this is no JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except ValueError:  # a number of more than 4,300 digits
        raise InvalidData("$", "this JSON holds a number too long to read") from None
    if not isinstance(document, dict):
        raise InvalidData("$", "a deck file is a JSON object of deck names and their cards")
    entries = cast("dict[str, object]", document)
    with found.applied():
        check_entries(len(entries))
        decks: list[Deck] = []
        for name, cards in entries.items():
            path = key_path("$", name)
            check_name(path, name.strip())
            if name != name.strip():
                raise InvalidData(path, "a deck's name has no surrounding spaces")
            if not isinstance(cards, list):
                raise InvalidData(path, 'a deck is a list of texts, such as ["a", "b"]')
            texts = cast("list[object]", cards)
            check_entries(len(texts))
            made: list[Card] = []
            for index, card in enumerate(texts):
                if type(card) is not str:
                    raise InvalidData(f"{path}[{index}]", f"a card is a text, not {shown(card)}")
                made.append(_card(card, f"{path}[{index}]"))
            if not made:
                raise InvalidData(path, "the deck has no cards: give it one, or leave it out")
            decks.append(Deck(name=name, cards=tuple(made)))
        try:
            return Decks(tuple(decks))
        except InvalidData as error:
            raise _in_file(error, decks) from None


_IN_MODEL: Final = re.compile(r"\$\.decks\[(\d+)\](?:\.cards\[(\d+)\])?")


def _in_file(error: InvalidData, decks: list[Deck]) -> InvalidData:
    # A path of the value model ($.decks[1].cards[0]) as a path of the file ($.b[0]).
    found = _IN_MODEL.match(error.path)
    if found is None:
        return error
    path = key_path("$", decks[int(found[1])].name)
    if found[2] is not None:
        path += f"[{found[2]}]"
    return InvalidData(path, error.detail)


# -- HKTRPG's tables ---------------------------------------------------------------------------

_HKTRPG_ADD: Final = re.compile(r"[.。](?:r?)ra[ps]?\s+add\s+", re.IGNORECASE)
_HKTRPG_CODE: Final = re.compile(r"\{([^{}]*)\}")
_HKTRPG_RAN: Final = re.compile(r"ran:([0-9]{1,18})", re.IGNORECASE)
_HKTRPG_RANDOM: Final = re.compile(r"random:([0-9]{1,18})-([0-9]{1,18})", re.IGNORECASE)


def _hktrpg_code(found: re.Match[str]) -> str:
    code = found[1]
    ran = _HKTRPG_RAN.fullmatch(code)
    if ran is not None and int(ran[1]) >= 1:
        return f"[1D{int(ran[1])}]"
    ranged = _HKTRPG_RANDOM.fullmatch(code)
    if ranged is not None and 0 <= int(ranged[1]) <= int(ranged[2]):
        low, high = int(ranged[1]), int(ranged[2])
        offset = low - 1
        return f"[1D{high - low + 1}{offset:+d}]" if offset else f"[1D{high - low + 1}]"
    if code.lower() == "br":
        return "\n"
    return "\\{" + code + "}"  # the bot's own codes ({my.name}, ...) stay as written


def read_hktrpg_table(text: str, *, limits: Limits | None = None) -> Decks:
    """Read one of HKTRPG's tables (``.ra add 名稱 選項1 選項2 ...``) as a deck of one card each.

    The text is what follows ``.ra add`` (the command itself may be left in): the table's
    name, then its options, separated by spaces.
    HKTRPG's codes in an option become the library's: ``{ran:100}`` rolls ``1D100``,
    ``{random:5-20}`` a number from 5 to 20, ``{br}`` breaks the line; its other codes
    (``{my.name}``, ...) stay as written, for the bot to fill.

    Raises:
        InvalidData: The text has no name or no option, or its name is one of HKTRPG's
            words (``add``, ``del``, ``show``).
        LimitExceeded: The text is longer, or has more options, than *limits* allow.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> decks = read_hktrpg_table(".ra add 九大陣營 守序善良 中立善良 混亂邪惡")
    >>> print(decks.draw("九大陣營", ScriptedDice([3, 1]), times=2).render("zh-Hant"))
    從「九大陣營」抽到：混亂邪惡 | 守序善良
    """
    found = limits_or_default(limits)
    source = check_source(text, found).strip()
    command = _HKTRPG_ADD.match(source)
    if command is not None:
        source = source[command.end() :]
    words = source.split()
    if not words:
        raise InvalidData("$", "write the table's name, then its options: 九大陣營 守序善良 ...")
    name, options = words[0], words[1:]
    if name.lower() in ("add", "del", "show"):
        raise InvalidData(
            "$.name", f"{quoted(name)} is one of HKTRPG's words: name the table otherwise"
        )
    if not options:
        raise InvalidData(
            "$.cards", f"the table {quoted(name)} has no options: write them after it"
        )
    with found.applied():
        check_entries(len(options))
        cards = tuple(
            Card(text=_HKTRPG_CODE.sub(_hktrpg_code, option.replace("[", "\\[")))
            for option in options
        )
        return Decks((Deck(name=name, cards=cards),))
