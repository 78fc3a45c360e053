"""The public Hypothesis strategy for m20 characters."""

from __future__ import annotations

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis.errors import InvalidArgument

from tabletop_rules.m20 import Character, Skill
from tabletop_rules.m20.strategies import characters

#: Deterministic and without shrinking: the first character found is enough.
SEARCH = settings(max_examples=3000, derandomize=True, database=None, phases=[Phase.generate])


@given(characters())
def test_every_character_is_valid(hero: Character) -> None:
    """M20-005, M20-006, M20-018, M20-019, M20-136: building it again raises nothing."""
    assert (
        Character(
            name=hero.name,
            description=hero.description,
            attributes=hero.attributes,
            tendency=hero.tendency,
            bonus_specialty=hero.bonus_specialty,
            picks=hero.picks,
        )
        == hero
    )


@pytest.mark.parametrize("skill", list(Skill), ids=lambda s: s.value)
def test_every_skill_is_reached(skill: Skill) -> None:
    """M20-021: for each of the 27 skills the strategy makes a character who has it."""
    assert find(characters(min_picks=4), lambda hero: hero.has(skill), settings=SEARCH).has(skill)


@given(characters(min_picks=2, max_picks=3))
def test_the_pick_bounds_hold(hero: Character) -> None:
    """M20-018: ``min_picks`` and ``max_picks`` bound the picks, repeats included."""
    assert 2 <= len(hero.picks) <= 3


@pytest.mark.parametrize(("low", "high"), [(-1, 4), (0, 5), (3, 2), (1.5, 4)])
def test_bad_bounds_are_refused(low: int, high: int) -> None:
    """M20-018: the bounds are whole numbers with 0 <= min_picks <= max_picks <= 4."""
    with pytest.raises(InvalidArgument):
        characters(min_picks=low, max_picks=high)


def test_from_type_draws_valid_characters() -> None:
    """``st.from_type(m20.Character)`` works through the Hypothesis entry point."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tabletop_rules import m20

    @settings(max_examples=10, database=None)
    @given(st.from_type(m20.Character))
    def check(character: m20.Character) -> None:
        assert 3 <= character.max_hp <= 7

    check()
