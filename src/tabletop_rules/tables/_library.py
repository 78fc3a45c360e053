"""A bot's tables and decks, named in chat: table names, Dice!'s ``.draw``, HKTRPG's ``.ra``."""

from __future__ import annotations

import re
import types
import unicodedata
from collections.abc import Mapping
from typing import Any, ClassVar, Final

import attrs

from tabletop_rules._arguments import checked, wrong_type
from tabletop_rules.errors import InvalidData, InvalidNotation, LimitExceeded, NotationLimitExceeded
from tabletop_rules.notation import Limits
from tabletop_rules.tables._common import limits_or_default, quoted
from tabletop_rules.tables._decks import DeckDraw, Decks
from tabletop_rules.tables._tables import Table, TableRoll

__all__ = ["Library"]

# Dice!'s ``.draw name [count]`` and ``.drawh`` (hidden), the name with or without a space
# before it; ``。`` is the full stop of a Chinese keyboard.
# Dice!'s ``.draw name 3`` (``.drawh`` hidden): what follows is split by _name_and_count.
_DRAW: Final = re.compile(r"[.。]draw(h?)(.*)", re.IGNORECASE | re.DOTALL)
# HKTRPG's ``.ra3 name`` (no repeats) and ``.rra3 name`` (repeats).
_RA: Final = re.compile(r"[.。](r?)ra([0-9]*)(?:\s+(.+))?", re.IGNORECASE | re.DOTALL)


def _name_and_count(rest: str) -> tuple[str | None, str | None]:
    """The deck's name and the count of ``.draw``'s words (``deck 3``, ``deck``, ``3``, none).

    A count is the digits at the end after a space; the name is all before them (a name
    alone may be digits). One pass: no pattern backtracks over the spaces between the two.
    """
    rest = rest.lstrip()
    if not rest:
        return None, None
    end = len(rest)
    while end > 0 and "0" <= rest[end - 1] <= "9":
        end -= 1
    if end < len(rest) and end > 0 and rest[end - 1].isspace():
        return rest[:end].rstrip(), rest[end:]
    return rest, None


def _to_tables(tables: Any) -> tuple[Table, ...]:
    if isinstance(tables, str) or not hasattr(tables, "__iter__"):
        raise wrong_type("$.tables", "tuple[Table, ...]", tables)
    found = tuple(tables)
    for index, table in enumerate(found):
        if not isinstance(table, Table):
            raise wrong_type(f"$.tables[{index}]", "tables.Table", table)
    return found


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def _no_decks() -> Decks:
    return Decks(())


@attrs.frozen(kw_only=True)
class Library:
    r"""The tables and decks a bot has loaded, which players name in chat.

    It is opt-in: :func:`tabletop_rules.notation.parse` knows no table; a bot that loads
    tables asks its library first, then the notation.

    >>> from tabletop_rules.dice import ScriptedDice
    >>> from tabletop_rules.tables import read_bcdice_table, read_dice_decks
    >>> library = Library(
    ...     tables=(read_bcdice_table("飲み物表\n1D2\n1:水\n2:緑茶"),),
    ...     decks=read_dice_decks('{"fruit": ["apple", "pear"]}'),
    ... )
    >>> print(library.parse("飲み物表").roll(ScriptedDice([2])).render("ja"))
    飲み物表(2) ＞ 緑茶
    >>> print(library.parse(".draw fruit 2").roll(ScriptedDice([2])).render())
    Drew from fruit: pear | apple
    >>> library.parse("2D6") is None
    True

    .. versionadded:: 0.1.0
    """

    #: Why it is not read from JSON (``from_json`` refuses it at ``$.cls``).
    _NOT_JSON: ClassVar[str] = "a bot's tables and decks, with their lookups"

    #: The tables, each rolled by typing its name (BCDice's original tables).
    tables: tuple[Table, ...] = attrs.field(default=(), converter=_to_tables)
    #: The decks, drawn with ``.draw`` (Dice!) or ``.ra`` / ``.rra`` (HKTRPG).
    decks: Decks = attrs.field(factory=_no_decks)
    _by_name: Mapping[str, Table] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _deck_names: Mapping[str, str] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        checked(self.decks, Decks, "$.decks", "tables.Decks")
        names: dict[str, Table] = {}
        for index, table in enumerate(self.tables):
            key = _key(table.name)
            if key in names:
                raise InvalidData(
                    f"$.tables[{index}].name",
                    f"two tables are called {quoted(table.name)}: rename one",
                )
            names[key] = table
        object.__setattr__(self, "_by_name", types.MappingProxyType(names))
        decks: dict[str, str] = {}
        for name in self.decks.names:
            decks.setdefault(_key(name), name)  # the first of names that read alike
        object.__setattr__(self, "_deck_names", types.MappingProxyType(decks))

    def parse(self, text: str, *, limits: Limits | None = None) -> TableRoll | DeckDraw | None:
        """Read a message that names a table or a deck, or return ``None``.

        Read are a table's name alone (``飲み物表``; ``S飲み物表`` rolls it in secret), as
        BCDice answers an original table's name, Dice!'s ``.draw name`` with a count
        (``.draw fruit 2``; ``.drawh`` draws in secret), and HKTRPG's ``.ra name`` (without
        repeats, ``.ra3`` three cards) and ``.rra3 name`` (with repeats).
        Names are compared after NFKC normalization, in any case; a count of 0 draws one
        card, as HKTRPG reads it.
        ``.draw`` and ``.ra`` are read only when the library has decks.

        Raises:
            InvalidNotation: ``.draw`` or ``.ra`` names no deck of the library (or a hidden
                one, whose name starts with ``_``), or asks for too many cards
                (:class:`~tabletop_rules.errors.NotationLimitExceeded`).
            InvalidData: *text* is no ``str`` (path ``$``).
        """
        if type(text) is not str:
            raise wrong_type("$", "str", text)
        found_limits = limits_or_default(limits)
        normalized = unicodedata.normalize("NFKC", text).strip()
        if len(normalized) > found_limits.max_length:
            return None
        table = self._by_name.get(_key(normalized))
        if table is not None:
            return TableRoll(table=table)
        if normalized[:1] in ("S", "s"):
            table = self._by_name.get(_key(normalized[1:]))
            if table is not None:
                return TableRoll(table=table, secret=True)
        if not self.decks.decks:
            return None
        draw = _DRAW.fullmatch(normalized)
        if draw is not None:
            name, count = _name_and_count(draw[2])
            times = max(1, int(count)) if count else 1
            return self._draw(
                normalized, name, times, replace=False, secret=bool(draw[1]), limits=found_limits
            )
        ra = _RA.fullmatch(normalized)
        if ra is not None:
            times = max(1, int(ra[2])) if ra[2] else 1
            name = ra[3].strip() if ra[3] else None
            known = None if name is None else self._deck_names.get(_key(name))
            if not ra[1] and known is not None:
                # HKTRPG draws without repeats at most as many cards as the table has.
                times = min(times, self.decks.deck(known).copies)
            return self._draw(
                normalized, name, times, replace=bool(ra[1]), secret=False, limits=found_limits
            )
        return None

    def _draw(
        self,
        text: str,
        name: str | None,
        times: int,
        *,
        replace: bool,
        secret: bool,
        limits: Limits,
    ) -> DeckDraw:
        if name is None:
            raise InvalidNotation("error.tables.deck_missing", text=text, position=len(text))
        name = name.strip()
        at = text.find(name)
        known = self._deck_names.get(_key(name))
        if known is None or known.startswith("_"):
            raise InvalidNotation("error.tables.unknown_deck", text=text, position=at, name=name)
        name = known
        copies = self.decks.deck(name).copies
        if not replace and times > copies:
            raise InvalidNotation(
                "error.tables.too_many_cards", text=text, position=at, name=name, copies=copies
            )
        if times > limits.max_repeats:
            raise NotationLimitExceeded(
                "repeats", allowed=limits.max_repeats, given=times, text=text, position=0
            )
        try:
            with limits.applied():
                return DeckDraw(
                    decks=self.decks, deck=name, times=times, replace=replace, secret=secret
                )
        except LimitExceeded as error:
            raise NotationLimitExceeded(
                error.limit, allowed=error.allowed, given=error.given, text=text, position=at
            ) from None
