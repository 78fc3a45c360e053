"""Balance reports: every pairing of a system's ready-made decks, played by one bot.

:func:`balance` plays each ordered pair of the decks given (each deck as the first player and
as the second) with the same bot on both sides, on any
:class:`~concurrent.futures.Executor`, and returns a :class:`BalanceReport`: each deck's win
rate against each other deck with its 95% Wilson interval, as a table
(:meth:`BalanceReport.rows`) and as a heat map (:meth:`BalanceReport.heat_map`, which needs
matplotlib: the ``charts`` extra).
``tabletop-rules balance DECK...`` prints the table and can save the image.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from tabletop_rules.balance import balance
>>> with ThreadPoolExecutor(1) as pool:
...     report = balance(["vanguard", "wilds"], bot="random", games=4, executor=pool)
>>> report.decks
('vanguard', 'wilds')
>>> report.cell("vanguard", "wilds").total
8

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from tabletop_rules._arguments import checked_whole, shown, wrong_type
from tabletop_rules.errors import InvalidData
from tabletop_rules.simulation import (
    Bot,
    Estimate,
    Simulator,
    _wilson,  # pyright: ignore[reportPrivateUsage]
    simulators,
)

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["MAX_GAMES", "SEARCH", "BalanceReport", "balance", "bots_of"]

#: The most games of one pairing (one deck as the first player against another).
MAX_GAMES: Final = 1_000_000
#: The name of the library's search bot among every system's bots.
SEARCH: Final = "search"


def bots_of(simulator: Simulator) -> Mapping[str, Bot]:
    """The bots a balance report of *simulator*'s system may use: its own and ``"search"``.

    ``"search"`` is :class:`~tabletop_rules.search.SearchBot` at its default budget.
    """
    from tabletop_rules.search import SearchBot

    return MappingProxyType({**simulator.bots, SEARCH: SearchBot()})


def _pairings(decks: tuple[str, ...]) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(decks)) for j in range(len(decks)) if i != j]


@attrs.frozen(kw_only=True)
class BalanceReport:
    """Each deck's win rate against each other deck, with 95% Wilson intervals.

    .. versionadded:: 0.1.0
    """

    #: Why it is not read from JSON (``from_json`` refuses it at ``$.cls``).
    _NOT_JSON: ClassVar[str] = "win rates keyed by pairs of decks, to print or chart"

    #: The rule system.
    system: str
    #: The decks, in the order given.
    decks: tuple[str, ...]
    #: The bot's name (or ``repr`` of a bot given as a function).
    bot: str
    #: The games of each ordered pairing (twice as many games make one cell).
    games: int
    #: The seed of the first game.
    seed: int
    #: The wins of the row deck against the column deck, over both seatings, by pair.
    cells: Mapping[tuple[str, str], Estimate]

    def cell(self, deck: str, against: str) -> Estimate:
        """The win rate of *deck* against *against*, with its interval.

        Raises:
            InvalidData: No cell has those decks (``$.deck``).
        """
        found = self.cells.get((deck, against))
        if found is None:
            raise InvalidData("$.deck", f"no cell of {shown(deck)} against {shown(against)}")
        return found

    def rows(self) -> list[list[str]]:
        """The table: a head row of the decks, then one row per deck (``—`` on the diagonal).

        Each cell reads ``rate [low–high]`` in percent.
        """
        table = [["", *self.decks]]
        for deck in self.decks:
            row = [deck]
            for against in self.decks:
                if deck == against:
                    row.append("—")
                else:
                    e = self.cells[deck, against]
                    row.append(f"{e.rate:.0%} [{e.low:.0%}–{e.high:.0%}]")
            table.append(row)
        return table

    def heat_map(self, path: str | Path | None = None, *, title: str | None = None) -> Any:
        """Draw the matrix as a heat map with matplotlib; save it to *path* if given.

        Returns:
            The matplotlib figure.

        Raises:
            ImportError: matplotlib is not installed (the ``charts`` extra).
        """
        try:
            import matplotlib

            if path is not None:
                matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as error:
            raise ImportError(
                "a heat map needs matplotlib: install the 'charts' extra "
                "(pip install 'tabletop-rules[charts]')",
                name=error.name,
            ) from error
        size = len(self.decks)
        grid = [
            [float("nan") if d == a else self.cells[d, a].rate for a in self.decks]
            for d in self.decks
        ]
        # matplotlib's stubs leave the **kwargs of most methods unannotated, which pyright's
        # strict mode reports at each call: the figure and its axes are used as Any.
        fig: Any
        ax: Any
        fig, ax = plt.subplots(figsize=(4 + 1.4 * size, 2 + 1.2 * size))
        image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
        for i, deck in enumerate(self.decks):
            for j, against in enumerate(self.decks):
                if deck == against:
                    continue
                e = self.cells[deck, against]
                ax.text(
                    j,
                    i,
                    f"{e.rate:.0%}\n[{e.low:.0%}–{e.high:.0%}]",
                    ha="center",
                    va="center",
                    fontsize=9,
                    color="white" if abs(e.rate - 0.5) > 0.3 else "black",
                )
        ax.set_xticks(range(size), self.decks)
        ax.set_yticks(range(size), self.decks)
        ax.set_xlabel("against")
        ax.set_ylabel("deck")
        ax.set_title(
            title
            or (
                f"{self.system}: each deck's win rate, {self.bot} bot on both sides\n"
                f"{2 * self.games} games a cell (both seatings), 95% Wilson intervals"
            ),
            fontsize=10,
        )
        fig.colorbar(image, ax=ax, format="{x:.0%}", label="win rate of the row's deck")
        fig.tight_layout()
        if path is not None:
            fig.savefig(path)
        return fig


def _simulator(system: str | None) -> Simulator:
    found = simulators()
    if system is None:
        if len(found) == 1:
            return next(iter(found.values()))
        raise InvalidData(
            "$.system", f"name the system: those with decks are {', '.join(found) or 'none'}"
        )
    if not isinstance(system, str):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise wrong_type("$.system", "str", system)
    if system not in found:
        raise InvalidData(
            "$.system",
            f"{shown(system)} has no ready-made decks to balance; "
            f"those that have are {', '.join(found) or 'none'}",
        )
    return found[system]


def _checked_decks(decks: object, simulator: Simulator) -> tuple[str, ...]:
    if isinstance(decks, str) or not isinstance(decks, Sequence):
        raise wrong_type("$.decks", "list[str]", decks)
    listed: Sequence[Any] = decks  # pyright: ignore[reportUnknownVariableType]
    chosen = tuple(listed)
    known = ", ".join(simulator.decks)
    for index, deck in enumerate(chosen):
        if deck not in simulator.decks:
            raise InvalidData(
                f"$.decks[{index}]",
                f"{simulator.system} has no deck {shown(deck)}; its decks are {known}",
            )
    if len(chosen) < 2:
        raise InvalidData("$.decks", f"give two decks or more to pair, not {len(chosen)}")
    if len(set(chosen)) != len(chosen):
        raise InvalidData("$.decks", "give each deck once")
    return chosen


def _checked_bot(bot: object, simulator: Simulator) -> tuple[str, Bot]:
    if isinstance(bot, str):
        known = bots_of(simulator)
        if bot not in known:
            raise InvalidData(
                "$.bot",
                f"{simulator.system} has no bot {shown(bot)}; its bots are {', '.join(known)}",
            )
        return bot, known[bot]
    if not callable(bot):
        raise wrong_type("$.bot", "str | simulation.Bot", bot)
    return repr(bot), bot


def balance(
    decks: Sequence[str],
    *,
    system: str | None = None,
    bot: str | Bot = SEARCH,
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int], object] | None = None,
) -> BalanceReport:
    """Play every ordered pairing of *decks*, *games* games each, with *bot* on both sides.

    Pairing *k* (deck *i* as the first player against deck *j*, in the order
    ``(0, 1), (0, 2), …, (1, 0), …``) uses the seeds ``seed + k * games`` onwards, so the
    report is the same on any executor.

    Args:
        decks: Two decks or more of the system's ready-made decks.
        system: The rule system; by default the only one with ready-made decks.
        bot: A bot's name (the system's own, or ``"search"``) or a bot.
        games: The games of each ordered pairing, 1 to :data:`MAX_GAMES`.
        seed: The seed of the first game.
        executor: Where the games run; a process pool over every core if not given.
        progress: Called with the games of each batch as it ends (for a progress bar).

    Raises:
        InvalidData: A system with no decks (``$.system``), an unknown deck or fewer than two
            (``$.decks``), an unknown bot (``$.bot``), or a count out of range (``$.games``,
            ``$.seed``), found before any game starts.
        UnknownSystem: No system has that name.

    .. versionadded:: 0.1.0
    """
    simulator = _simulator(system)
    if len(simulator.players) != 2:
        raise InvalidData("$.system", f"{simulator.system} is not played by two players")
    chosen = _checked_decks(decks, simulator)
    bot_name, chosen_bot = _checked_bot(bot, simulator)
    if not 1 <= checked_whole(games, "$.games") <= MAX_GAMES:
        raise InvalidData("$.games", f"must be from 1 to {MAX_GAMES:,}, not {shown(games)}")
    checked_whole(seed, "$.seed")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise wrong_type("$.executor", "concurrent.futures.Executor", executor)
    if progress is not None and not callable(progress):
        raise wrong_type("$.progress", "Callable[[int], object]", progress)
    first, second = simulator.players
    bots = {first: chosen_bot, second: chosen_bot}
    owned = executor is None
    pool: Executor = ProcessPoolExecutor() if executor is None else executor
    wins: dict[tuple[str, str], int] = {}
    try:
        for k, (i, j) in enumerate(_pairings(chosen)):
            a, b = chosen[i], chosen[j]
            rates = simulator.run((a, b), games, bots, seed + k * games, pool, progress)
            wins[a, b] = wins.get((a, b), 0) + rates[first].count
            wins[b, a] = wins.get((b, a), 0) + rates[second].count
    finally:
        if owned:
            pool.shutdown()
    cells = {pair: _wilson(count, 2 * games) for pair, count in wins.items()}
    return BalanceReport(
        system=simulator.system,
        decks=chosen,
        bot=bot_name,
        games=games,
        seed=seed,
        cells=MappingProxyType(cells),
    )
