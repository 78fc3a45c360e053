"""What every combat with participants shares: rosters, setup checks and the GM-run round.

A combat's state holds its participants as a tuple of values with an ``id``; the kit finds
and replaces them by id, with one refusal for an id that names no one, checks a setup's
participants alike in every system, names them for logs and menus, and gives the round that
the GM runs: the GM's actor id, the commands :class:`EndRound` and :class:`EndCombat`, the
events :class:`RoundEnded` and :class:`CombatEnded` and the rules that decide them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

import attrs

from tabletop_rules.engine import GameResult
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.i18n import translate

if TYPE_CHECKING:
    from tabletop_rules.dice import DiceSource
    from tabletop_rules.kit._log import Renderer, Words

__all__ = [
    "GM",
    "GM_COMMANDS",
    "GM_ENDED",
    "ROUND_COMMAND_LINES",
    "ROUND_EVENT_LINES",
    "ROUND_RULES",
    "CombatEnded",
    "EndCombat",
    "EndRound",
    "Member",
    "RoundEnded",
    "Rounds",
    "check_gm",
    "check_lineup",
    "decide_end_combat",
    "decide_end_round",
    "display_names",
    "member",
    "replaced",
]

#: The actor id of the game master in every system's combats.
GM: Final = "gm"
#: Why a combat the GM ended is over (a catalog key).
GM_ENDED: Final = "result.gm_ended"

MemberT = TypeVar("MemberT", bound="Member")


class Member(Protocol):
    """A participant of a combat, as the kit reads it: anything with an ``id``."""

    @property
    def id(self) -> str:
        """Its id, unique in the combat."""
        ...


def member(members: Iterable[MemberT], id: str) -> MemberT:
    """The member of *members* whose id is *id*.

    Raises:
        IllegalCommand: No member has that id (``unknown_actor``): a command that names
            someone who is not in the combat is refused alike in every system.
    """
    for found in members:
        if found.id == id:
            return found
    raise IllegalCommand("unknown_actor", actor=id)


def replaced(members: tuple[MemberT, ...], *changed: MemberT) -> tuple[MemberT, ...]:
    """*members* with each member of *changed* in place of the one with its id.

    Ids are unique in a roster: a changed member replaces the first member of its id, and
    the members after it are not looked at; of two changed members of one id, the later
    wins. Rosters are small (a dozen members), and a plain loop is the quickest way.
    """
    if len(changed) == 1:
        (one,) = changed
        wanted = one.id
        for index, m in enumerate(members):
            if m.id == wanted:
                return (*members[:index], one, *members[index + 1 :])
        return members
    swapped = list(members)
    for one in changed:  # a later one of the same id wins
        wanted = one.id
        for index, m in enumerate(swapped):
            if m.id == wanted:
                swapped[index] = one
                break
    return tuple(swapped)


def display_names(
    members: Iterable[tuple[str, str]], locale: str, *, same_name: str = "name.same"
) -> dict[str, str]:
    """Each member's name by id, from ``(id, name)`` pairs: ``name (id)`` where names clash.

    Logs and menus name participants by their characters' names; two goblins called alike
    are told apart by their ids (the catalog's *same_name* template, ``{name}`` and ``{id}``).

    >>> display_names([("g1", "Goblin"), ("g2", "Goblin"), ("al", "Al")], "en")
    {'g1': 'Goblin (g1)', 'g2': 'Goblin (g2)', 'al': 'Al'}
    """
    pairs = list(members)
    shared = Counter(name for _, name in pairs)
    return {
        id: name if shared[name] == 1 else translate(same_name, locale, name=name, id=id)
        for id, name in pairs
    }


def check_lineup(
    participants: Sequence[Any],
    *,
    side: Callable[[Any], object] | None = None,
    reserved: Iterable[str] = (GM,),
    problems: Iterable[tuple[str, str]] = (),
) -> None:
    """Refuse a setup's participants that no combat can hold, every problem at once.

    Every participant needs its own id, no id may be one the rules reserve (the GM's), and,
    where *side* reads each participant's side, a combat needs two sides or more. *problems*
    are the system's own, ``(path, detail)`` each, reported with these.

    Raises:
        InvalidData: At ``$.participants`` (or the one problem's own path).
    """
    found = list(problems)
    ids = [p.id for p in participants]
    if len(set(ids)) != len(ids):
        found.append(("$.participants", "every participant needs its own id"))
    taken = set(reserved) & set(ids)
    if taken:
        found.append(("$.participants", f"the id {sorted(taken)[0]!r} is kept for the GM"))
    if side is not None and len({side(p) for p in participants}) < 2:
        found.append(("$.participants", "a combat needs two sides or more"))
    if len(found) == 1:
        raise InvalidData(*found[0])
    if found:
        raise InvalidData(
            "$.participants", "; ".join(f"{path}: {detail}" for path, detail in found)
        )


# --------------------------------------------------------------------------- the GM-run round


def check_gm(actor: str) -> None:
    """Refuse a GM's command sent by anyone else.

    Raises:
        IllegalCommand: *actor* is not :data:`GM` (``gm_only``).
    """
    if actor != GM:
        raise IllegalCommand("gm_only", actor=actor)


@attrs.frozen
class EndRound:
    """The GM ends the round now: everyone still standing may act again.

    .. versionadded:: 0.1.0
    """

    #: The GM.
    actor: str = GM


@attrs.frozen
class EndCombat:
    """The GM ends the combat now, with no winner.

    .. versionadded:: 0.1.0
    """

    #: The GM.
    actor: str = GM


@attrs.frozen(kw_only=True)
class RoundEnded:
    """A round ended: everyone had their turn, or the GM ended it.

    .. versionadded:: 0.1.0
    """

    #: The round that ended (the first is 1).
    round: int
    #: Whether the GM ended it before everyone had acted.
    by_gm: bool = False


def _winners(winners: Iterable[str]) -> tuple[str, ...]:
    return tuple(winners)


@attrs.frozen(kw_only=True)
class CombatEnded:
    """The combat ended: who won, and why.

    .. versionadded:: 0.1.0
    """

    #: The winning sides; empty when nobody won.
    winners: tuple[str, ...] = attrs.field(converter=_winners)
    #: Why it ended (a catalog key, such as :data:`~tabletop_rules.kit.GM_ENDED`).
    reason: str

    @property
    def result(self) -> GameResult:
        """The combat's result."""
        return GameResult(winners=self.winners, reason=self.reason)


class Rounds(Protocol):
    """The state of a combat whose rounds the GM runs, as the kit reads it."""

    @property
    def round(self) -> int:
        """The round under way (the first is 1)."""
        ...

    @property
    def result(self) -> GameResult | None:
        """How the combat ended, or ``None`` while it goes on."""
        ...


def decide_end_round(state: Rounds, command: EndRound, _: DiceSource) -> tuple[RoundEnded]:
    """The GM ends the round.

    Raises:
        IllegalCommand: Anyone but the GM sent it (``gm_only``), or the combat is over
            (``game_over``).
    """
    check_gm(command.actor)
    if state.result is not None:
        raise IllegalCommand("game_over")
    return (RoundEnded(round=state.round, by_gm=True),)


def decide_end_combat(state: Rounds, command: EndCombat, _: DiceSource) -> tuple[CombatEnded]:
    """The GM ends the combat, with no winner.

    Raises:
        IllegalCommand: Anyone but the GM sent it (``gm_only``), or the combat is over
            (``game_over``).
    """
    check_gm(command.actor)
    if state.result is not None:
        raise IllegalCommand("game_over")
    return (CombatEnded(winners=(), reason=GM_ENDED),)


#: The GM's commands of the round, as a menu offers them while the combat goes on.
GM_COMMANDS: Final = (EndRound(), EndCombat())

#: The rows the GM-run round adds to a ruleset's command table.
ROUND_RULES: Final[Mapping[type[Any], Callable[..., tuple[Any, ...]]]] = {
    EndRound: decide_end_round,
    EndCombat: decide_end_combat,
}


# --------------------------------------------------------------------------- the round's words


def _round_ended(event: RoundEnded, words: Words[Any]) -> str:
    key = "event.round_ended_gm" if event.by_gm else "event.round_ended"
    return words(key, round=event.round)


def _combat_ended(event: CombatEnded, words: Words[Any]) -> str:
    winners = ", ".join(words.name(w) for w in event.winners) or words("event.no_winner")
    return words("event.combat_ended", winners=winners, reason=words(event.reason))


#: The renderers of the round's events, for a system's :class:`~tabletop_rules.kit.Log`.
ROUND_EVENT_LINES: Final[Mapping[type[Any], Renderer]] = {
    RoundEnded: _round_ended,
    CombatEnded: _combat_ended,
}
#: The renderers of the GM's commands of the round, for a system's menus.
ROUND_COMMAND_LINES: Final[Mapping[type[Any], Renderer]] = {
    EndRound: lambda _, words: words("command.end_round"),
    EndCombat: lambda _, words: words("command.end_combat"),
}
