"""Hypothesis strategies for the duel: characters and combat setups (needs Hypothesis)."""

from __future__ import annotations

from hypothesis import strategies as st

from tabletop_duel._character import Character
from tabletop_duel._combat import CombatSetup, Participant

__all__ = ["characters", "setups"]


@st.composite
def _characters(draw: st.DrawFn) -> Character:
    skill = draw(st.integers(0, 3))
    guard = draw(st.integers(0, min(3, 4 - skill)))
    vigor = draw(st.integers(0, min(2, 4 - skill - guard)))
    name = draw(st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8))
    return Character(name=name.title(), skill=skill, guard=guard, vigor=vigor)


def characters() -> st.SearchStrategy[Character]:
    """Valid duelists: every spread of the points, names of letters."""
    return _characters()


@st.composite
def _setups(draw: st.DrawFn, max_per_side: int) -> CombatSetup:
    sides = [draw(st.integers(1, max_per_side)) for _ in range(2)]
    participants = [
        Participant(id=f"{side}{index}", character=draw(characters()), side=side)
        for side, count in zip(("a", "b"), sides, strict=True)
        for index in range(count)
    ]
    return CombatSetup(participants=participants)


def setups(*, max_per_side: int = 2) -> st.SearchStrategy[CombatSetup]:
    """Combats of two sides, 1 to *max_per_side* fighters each."""
    return _setups(max_per_side)
