"""The exact chance of a command's success, by playing it with every sequence of faces.

A menu's ``odds`` is checked against this: the command is decided with scripted dice of
every sequence of faces its rule can draw (a sequence grows by one face whenever the dice ran
out), each sequence weighted by its chance, and the successes are added up.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from tabletop_rules.dice import ScriptedDice
from tabletop_rules.errors import DiceExhausted


def enumerated(
    decide: Callable[[ScriptedDice], Any],
    success: Callable[[Any], bool],
    *,
    sides: int,
    counted: int | None = None,
    limit: int = 200_000,
) -> Fraction:
    """The chance that ``success(decide(dice))`` over every sequence of faces of *sides*.

    With *counted*, only the first *counted* faces are enumerated, and every later die shows
    1: for rolls after the check (a hit's damage) that cannot change whether it succeeded.

    Raises:
        AssertionError: More than *limit* sequences were tried.
    """
    chance = Fraction(0)
    pending: list[tuple[int, ...]] = [()]
    tried = 0
    while pending:
        faces = pending.pop()
        tried += 1
        assert tried <= limit, "too many sequences of faces"
        padded = faces + (1,) * 10 if len(faces) == counted else faces
        try:
            decided = decide(ScriptedDice(padded))
        except DiceExhausted:
            pending.extend((*faces, face) for face in range(1, sides + 1))
            continue
        if success(decided):
            chance += Fraction(1, sides ** len(faces))
    return chance
