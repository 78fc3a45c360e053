"""Hypothesis strategies for bayside23 values: characters, riddles and battle setups.

Public through :mod:`tabletop_rules.bayside23.strategies`; this module imports Hypothesis, so
the ``tabletop_rules.bayside23`` package never imports it.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from tabletop_rules.bayside23._character import Character, Feature, Skill

__all__ = ["characters", "names"]

#: Letters for names: kana, kanji and Latin, none that a sheet reads as punctuation.
_ALPHABET = "アイウエオカキクケコサシスセソタチツテトミナ剣盾竜火水風abcdefgXYZ"


def names(*, min_size: int = 1, max_size: int = 8) -> SearchStrategy[str]:
    """Names that every reader of the library takes as they are (no digits, no marks).

    .. versionadded:: 0.2.0
    """
    return st.text(_ALPHABET, min_size=min_size, max_size=max_size)


@st.composite
def _skills(draw: st.DrawFn, max_skills: int) -> tuple[Skill, ...]:
    labels = draw(st.lists(names(), max_size=max_skills, unique=True))
    return tuple(Skill(label, draw(st.integers(0, 20))) for label in labels)


def characters(*, max_skills: int = 3, max_titles: int = 2) -> SearchStrategy[Character]:
    """Valid characters: every score, 生命力, defense and feature within the rules.

    .. versionadded:: 0.2.0
    """
    score = st.integers(3, 18)
    return st.builds(
        Character,
        name=names(),
        strength=score,
        mind=score,
        agility=score,
        hp=st.integers(1, 6),
        feature=st.builds(Feature, names(), st.integers(0, 10)),
        defense=st.integers(0, 4),
        armor=names(min_size=0),
        magic_defense=st.integers(0, 4),
        job=names(min_size=0),
        skills=_skills(max_skills),
        titles=st.lists(names(), max_size=max_titles).map(tuple),
    )
