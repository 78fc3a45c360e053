"""The charts of the docs, drawn by matplotlib's ``plot`` directive when the docs build.

Each function draws one figure from the library itself: the odds charts from the checks'
exact ``probability()``, the skirmish chart from a small seeded balance report played by the
search bot on every core. Nothing here is committed as an image.
"""

from __future__ import annotations

import matplotlib.pyplot as plt

from tabletop_rules import Term
from tabletop_rules.balance import balance
from tabletop_rules.bar2d6 import MAX_DIFFICULTY, GMCheck
from tabletop_rules.m20 import SpecialtyCheck
from tabletop_rules.search import SearchBot
from tabletop_rules.skirmish import SAMPLE_DECKS

# The m20 chart: 1D20 + modifier against difficulties 2 to 25.
M20_MODIFIERS = (0, 3, 6, 9)
M20_DIFFICULTIES = range(2, 26)
# The bar2d6 chart: 2D6 + bonus against the GM's 0 to 4 dice.
BAR2D6_BONUSES = (0, 2, 4, 6)
# The skirmish chart: games of each ordered pairing of sample decks (a cell counts both
# seatings), the search bot's iterations a decision, and the seed of the first game. The
# search bot is costly (docs/performance.md): these keep the chart to about a minute of the
# docs build on two cores.
SKIRMISH_GAMES = 1
SKIRMISH_ITERATIONS = 16
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
    """skirmish: each sample deck's win rate against each other, the search bot both sides."""
    report = balance(
        list(SAMPLE_DECKS),
        bot=SearchBot(iterations=SKIRMISH_ITERATIONS),
        games=SKIRMISH_GAMES,
        seed=SKIRMISH_SEED,
    )
    report.heat_map(
        title=(
            f"skirmish: each deck's win rate, the search bot ({SKIRMISH_ITERATIONS} iterations"
            " a decision) on both sides\n"
            f"{2 * SKIRMISH_GAMES} games a cell (each deck first and second), seed"
            f" {SKIRMISH_SEED} on, 95% Wilson intervals"
        )
    )
