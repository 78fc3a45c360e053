"""Hypothesis strategies for bayside23 values: characters, riddles and battle setups.

Public through :mod:`tabletop_rules.bayside23.strategies`; this module imports Hypothesis, so
the ``tabletop_rules.bayside23`` package never imports it.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from tabletop_rules.bayside23._artifacts import SessionLedger
from tabletop_rules.bayside23._book import BlankBook, Clue, Hint, Riddle
from tabletop_rules.bayside23._character import Character, Feature, Skill
from tabletop_rules.bayside23._checks import Rulings
from tabletop_rules.bayside23._combat._values import (
    CombatSetup,
    Participant,
    Side,
    Spell,
    Weapon,
)
from tabletop_rules.dice import Dice

__all__ = [
    "blank_books",
    "characters",
    "ledgers",
    "names",
    "riddles",
    "rulings",
    "setups",
]

#: Letters for names: kana, kanji and Latin, none that a sheet reads as punctuation.
_ALPHABET = "アイウエオカキクケコサシスセソタチツテトミナ剣盾竜火水風abcdefgXYZ"


def names(*, min_size: int = 1, max_size: int = 8) -> SearchStrategy[str]:
    """Names that every reader of the library takes as they are (no digits, no marks).

    .. versionadded:: 0.1.0
    """
    return st.text(_ALPHABET, min_size=min_size, max_size=max_size)


@st.composite
def _skills(draw: st.DrawFn, max_skills: int) -> tuple[Skill, ...]:
    labels = draw(st.lists(names(), max_size=max_skills, unique=True))
    return tuple(Skill(label, draw(st.integers(0, 20))) for label in labels)


def characters(*, max_skills: int = 3, max_titles: int = 2) -> SearchStrategy[Character]:
    """Valid characters: every score, 生命力, defense and feature within the rules.

    .. versionadded:: 0.1.0
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


def _weapons() -> SearchStrategy[tuple[Weapon, ...]]:
    # A weapon is a plain one, a bow or gun, or a healing one (never a healing bow).
    weapon = st.builds(
        Weapon,
        name=names(),
        damage=st.builds(Dice, st.integers(1, 2), st.sampled_from([3, 6])),
        ranged=st.just(False),
        heals=st.booleans(),
    ) | st.builds(
        Weapon,
        name=names(),
        damage=st.builds(Dice, st.integers(1, 2), st.sampled_from([3, 6])),
        ranged=st.just(True),
    )
    return st.lists(weapon, max_size=2).map(tuple)


def _spells() -> SearchStrategy[tuple[Spell, ...]]:
    spell = st.builds(
        Spell,
        name=names(),
        damage=st.builds(Dice, st.just(1), st.sampled_from([3, 6])),
        heals=st.booleans(),
    )
    return st.lists(spell, max_size=2).map(tuple)


def rulings() -> SearchStrategy[Rulings]:
    """Every combination of the readings.

    .. versionadded:: 0.1.0
    """
    return st.builds(
        Rulings,
        initiative_raw_score=st.booleans(),
        tie_hits=st.booleans(),
        ranged_six_is_one=st.booleans(),
        specials=st.sampled_from(["all", "any_two"]),
        defender_specials=st.booleans(),
    )


def ledgers(*, max_artifacts: int = 3) -> SearchStrategy[SessionLedger]:
    """Session ledgers of up to *max_artifacts* artifacts, some spent.

    .. versionadded:: 0.1.0
    """

    @st.composite
    def build(draw: st.DrawFn) -> SessionLedger:
        held = draw(st.lists(names(), max_size=max_artifacts, unique=True))
        spent: set[str] = draw(st.sets(st.sampled_from(held))) if held else set()
        return SessionLedger(artifacts=held, spent=spent)

    return build()


def setups(*, max_per_side: int = 3) -> SearchStrategy[CombatSetup]:
    """Valid battle setups: one to *max_per_side* combatants a side, gear, readings, artifacts.

    .. versionadded:: 0.1.0
    """
    # The strategies are built once, not at every draw: building and checking them costs
    # more than drawing from them.
    sizes = st.integers(1, max_per_side)
    fighters = characters(max_skills=0, max_titles=0)
    weapons, spells, readings, held = _weapons(), _spells(), rulings(), ledgers()

    @st.composite
    def build(draw: st.DrawFn) -> CombatSetup:
        party = draw(sizes)
        enemies = draw(sizes)
        participants: list[Participant] = []
        for index in range(party + enemies):
            side = Side.PARTY if index < party else Side.ENEMIES
            participants.append(
                Participant(
                    id=f"c{index}",
                    character=draw(fighters),
                    side=side,
                    follower=side is Side.PARTY and draw(st.booleans()),
                    weapons=draw(weapons),
                    spells=draw(spells),
                )
            )
        return CombatSetup(participants=participants, rulings=draw(readings), ledger=draw(held))

    return build()


def riddles() -> SearchStrategy[Riddle]:
    """Riddles with one to three answers and up to two hints.

    .. versionadded:: 0.1.0
    """
    hint = st.builds(Hint, text=names(), place=names(min_size=0))
    return st.builds(
        Riddle,
        question=names(),
        answers=st.lists(names(), min_size=1, max_size=3).map(tuple),
        hints=st.lists(hint, max_size=2).map(tuple),
    )


def blank_books(*, max_entries: int = 4) -> SearchStrategy[BlankBook]:
    """Blank books with up to *max_entries* recorded clues.

    .. versionadded:: 0.1.0
    """
    clue = st.builds(Clue, text=names(), place=names(min_size=0), recordable=st.just(True))
    return st.lists(clue, max_size=max_entries).map(lambda c: BlankBook(entries=c))
