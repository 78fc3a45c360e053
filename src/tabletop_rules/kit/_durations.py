"""Lasting effects: when each kind ends, and the functions that expire, use and tick them."""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping
from types import MappingProxyType
from typing import Final, Generic, Protocol, TypeVar

import attrs

__all__ = ["Durations", "Expiry", "Lasting"]

KindT = TypeVar("KindT", bound=Hashable)
LastingT = TypeVar("LastingT", bound="Lasting")


# --------------------------------------------------------------------------- lasting effects


#: Later than any round: with no ``before_round``, every effect of the moment ends.
_FOREVER: Final = float("inf")


class Expiry(enum.Enum):
    """When a lasting effect ends, if nothing uses it up first.

    .. versionadded:: 0.1.0
    """

    #: At the end of the round ("this round").
    ROUND_END = "round_end"
    #: When its holder next begins a turn in a later round ("until the start of your next
    #: turn").
    TURN_START = "turn_start"
    #: When its holder finishes its turn in a later round ("until the end of your next turn").
    TURN_END = "turn_end"
    #: Only when used (or when the game ends).
    USE = "use"
    #: After a count of turns, a marker's die face, which ``Durations.tick`` lowers by 1 at
    #: every turn end, removing the effect at 0.
    COUNT = "count"


class Lasting(Protocol):
    """What the kit needs of a system's lasting effect: its kind and when it began.

    .. versionadded:: 0.1.0
    """

    @property
    def kind(self) -> Hashable:
        """What the effect is (a system's enum member); :class:`Durations` maps it to rules."""
        ...

    @property
    def since_round(self) -> int:
        """The round (or turn) in which it began."""
        ...


@attrs.frozen
class Durations(Generic[KindT]):
    """The table of a system's lasting effects: when each kind ends, and which are used up.

    The effects themselves are the system's own values (anything with ``kind`` and
    ``since_round``, see :class:`Lasting`); the table holds the rules about them, so that
    adding a kind of effect is one row.
    Kinds are enum members: the table compares them by identity, which is cheap.

    >>> import enum
    >>> import attrs
    >>> class Mark(enum.Enum):
    ...     RAGE = "rage"
    ...     AIMED = "aimed"
    >>> @attrs.frozen
    ... class Effect:
    ...     kind: Mark
    ...     since_round: int
    >>> table = Durations({Mark.RAGE: Expiry.ROUND_END, Mark.AIMED: Expiry.USE})
    >>> table.expire((Effect(Mark.RAGE, 1), Effect(Mark.AIMED, 1)), Expiry.ROUND_END)
    (Effect(kind=<Mark.AIMED: 'aimed'>, since_round=1),)

    .. versionadded:: 0.1.0
    """

    #: When each kind of effect ends (read-only).
    expiries: Mapping[KindT, Expiry]
    #: The kinds of each expiry, as tuples (``in`` on a tuple of enum members compares by
    #: identity, cheaper than hashing them).
    kinds: Mapping[Expiry, tuple[KindT, ...]] = attrs.field(init=False, eq=False, repr=False)
    # The kinds of each expiry by the id of the Expiry member: members live as long as the
    # program, and an int key spares :meth:`expire` the enum's hash, a Python call.
    _kinds_by_id: Mapping[int, tuple[KindT, ...]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        expiries = MappingProxyType(dict(self.expiries))
        kinds = {x: tuple(k for k, e in expiries.items() if e is x) for x in Expiry}
        object.__setattr__(self, "expiries", expiries)
        object.__setattr__(self, "kinds", MappingProxyType(kinds))
        object.__setattr__(self, "_kinds_by_id", {id(x): k for x, k in kinds.items()})

    def expiry(self, kind: KindT) -> Expiry:
        """When effects of *kind* end."""
        return self.expiries[kind]

    def expire(
        self, effects: tuple[LastingT, ...], expiry: Expiry, *, before_round: int | None = None
    ) -> tuple[LastingT, ...]:
        """*effects* without those that end at *expiry*.

        Args:
            effects: A holder's effects.
            expiry: The moment that has come.
            before_round: If given, only effects that began before this round end (an effect
                "until the start of your next turn" outlives the turn that made it).

        Returns:
            The effects that remain (the same tuple when none ended).
        """
        if not effects:
            return effects
        kinds = self._kinds_by_id[id(expiry)]
        latest = before_round if before_round is not None else _FOREVER
        # A plain loop first: most of the time nothing ends, and nothing is built.
        for effect in effects:
            if effect.kind in kinds and effect.since_round < latest:
                break
        else:
            return effects
        return tuple(e for e in effects if not (e.kind in kinds and e.since_round < latest))

    @staticmethod
    def first(
        effects: Iterable[LastingT],
        kind: Hashable,
        where: Callable[[LastingT], bool] | None = None,
    ) -> LastingT | None:
        """The first effect of *kind* (that satisfies *where*, if given), or ``None``."""
        for effect in effects:
            if effect.kind is kind and (where is None or where(effect)):
                return effect
        return None

    @staticmethod
    def without(effects: tuple[LastingT, ...], used: LastingT) -> tuple[LastingT, ...]:
        """*effects* without the first one equal to *used* (an effect used up)."""
        kept = list(effects)
        kept.remove(used)
        return tuple(kept)

    def take(
        self,
        effects: tuple[LastingT, ...],
        kind: KindT,
        where: Callable[[LastingT], bool] | None = None,
    ) -> tuple[LastingT | None, tuple[LastingT, ...]]:
        """Use up the first effect of *kind*: the effect (or ``None``) and what remains."""
        effect = self.first(effects, kind, where)
        if effect is None:
            return None, effects
        return effect, self.without(effects, effect)

    def tick(
        self,
        effects: tuple[LastingT, ...],
        count: Callable[[LastingT], int],
        lowered: Callable[[LastingT, int], LastingT],
    ) -> tuple[LastingT, ...]:
        """Lower the count of every :attr:`Expiry.COUNT` effect by 1; drop those at 0.

        Args:
            effects: A holder's effects.
            count: The turns an effect has left.
            lowered: The effect with a new count.
        """
        kinds = self.kinds[Expiry.COUNT]
        out: list[LastingT] = []
        for effect in effects:
            if effect.kind not in kinds:
                out.append(effect)
                continue
            left = count(effect) - 1
            if left > 0:
                out.append(lowered(effect, left))
        return tuple(out)
