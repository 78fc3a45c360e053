"""The charts of the docs, drawn by matplotlib's ``plot`` directive when the docs build.

Each function draws one figure from the library itself: the odds charts from the checks'
exact ``probability()``, the skirmish chart from a small seeded simulation. Nothing here is
committed as an image.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import matplotlib.pyplot as plt

from tabletop_rules import Term
from tabletop_rules.bar2d6 import MAX_DIFFICULTY, GMCheck
from tabletop_rules.m20 import SpecialtyCheck
from tabletop_rules.skirmish import SAMPLE_DECKS, greedy_bot, simulate

# The m20 chart: 1D20 + modifier against difficulties 2 to 25.
M20_MODIFIERS = (0, 3, 6, 9)
M20_DIFFICULTIES = range(2, 26)
# The bar2d6 chart: 2D6 + bonus against the GM's 0 to 4 dice.
BAR2D6_BONUSES = (0, 2, 4, 6)
# The skirmish chart: games per pairing of sample decks, and the seed of the first game.
SKIRMISH_GAMES = 40
SKIRMISH_SEED = 0


def m20_odds() -> None:
    """m20: the exact chance of a specialty check against each difficulty, for a few modifiers."""
    fig, ax = plt.subplots(figsize=(7, 4))
    for modifier in M20_MODIFIERS:
        chances = [
            float(SpecialtyCheck(terms=[Term("modifier", modifier)], difficulty=d).probability())
            for d in M20_DIFFICULTIES
        ]
        ax.plot(M20_DIFFICULTIES, chances, marker=".", label=f"1D20 {modifier:+d}")
    for level in (4, 8, 12, 16):
        ax.axvline(level, color="0.85", linewidth=1, zorder=0)
    ax.set_xlabel("difficulty (the ladder's rungs 4, 8, 12, 16 marked)")
    ax.set_ylabel("chance of success")
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter("{x:.0%}")
    ax.set_title("m20 specialty check: exact odds (SpecialtyCheck.probability)")
    ax.legend()
    fig.tight_layout()


def bar2d6_odds() -> None:
    """bar2d6: the exact chance of 2D6 + bonus against 0 to 4 GM dice, for a few bonuses."""
    fig, ax = plt.subplots(figsize=(7, 4))
    dice = range(MAX_DIFFICULTY + 1)
    width = 0.8 / len(BAR2D6_BONUSES)
    for i, bonus in enumerate(BAR2D6_BONUSES):
        chances = [
            float(GMCheck(terms=[Term("bonus", bonus)], difficulty=d).probability()) for d in dice
        ]
        ax.bar([d + (i - 1.5) * width for d in dice], chances, width, label=f"2D6 {bonus:+d}")
    ax.set_xticks(list(dice))
    ax.set_xlabel("the GM's dice (d6)")
    ax.set_ylabel("chance of success")
    ax.yaxis.set_major_formatter("{x:.0%}")
    ax.set_title("bar2d6 check against the GM's dice: exact odds (GMCheck.probability)")
    ax.legend()
    fig.tight_layout()


def skirmish_win_rates() -> None:
    """skirmish: player a's win rate for every pairing of sample decks, greedy bots both sides."""
    decks = list(SAMPLE_DECKS)
    bots = {"a": greedy_bot, "b": greedy_bot}
    rates = []
    with ThreadPoolExecutor(1) as pool:
        for deck_a in decks:
            rates.append(
                [
                    simulate(deck_a, b, SKIRMISH_GAMES, bots, SKIRMISH_SEED, executor=pool)["a"]
                    for b in decks
                ]
            )
    fig, ax = plt.subplots(figsize=(7, 5.5))
    image = ax.imshow(
        [[r.count / r.total for r in row] for row in rates], cmap="RdBu", vmin=0, vmax=1
    )
    for i, row in enumerate(rates):
        for j, r in enumerate(row):
            ax.text(
                j,
                i,
                f"{r.count / r.total:.0%}\n[{r.low:.0%}–{r.high:.0%}]",
                ha="center",
                va="center",
                fontsize=9,
                color="white" if abs(r.count / r.total - 0.5) > 0.3 else "black",
            )
    ax.set_xticks(range(len(decks)), decks)
    ax.set_yticks(range(len(decks)), decks)
    ax.set_xlabel("player b's deck")
    ax.set_ylabel("player a's deck")
    last_seed = SKIRMISH_SEED + SKIRMISH_GAMES - 1
    ax.set_title(
        "skirmish: player a's win rate, greedy bot against greedy bot\n"
        f"{SKIRMISH_GAMES} games per cell (seeds {SKIRMISH_SEED}–{last_seed}),"
        " 95% Wilson intervals",
        fontsize=10,
    )
    fig.colorbar(image, ax=ax, format="{x:.0%}", label="a's win rate")
    fig.tight_layout()
