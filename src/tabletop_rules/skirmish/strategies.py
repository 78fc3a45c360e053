"""Public Hypothesis strategies for skirmish: valid cards, decks and game setups.

This module imports Hypothesis (install the ``hypothesis`` extra); ``tabletop_rules.skirmish``
itself never imports it.
With Hypothesis imported, ``st.from_type(skirmish.Card)`` draws from :func:`cards`.

>>> from hypothesis import given, settings
>>> from tabletop_rules.skirmish import strategies as sks
>>> @settings(max_examples=10, database=None)
... @given(sks.cards())
... def test_every_skill_costs_ap(card):
...     assert all(skill.cost >= 1 for skill in card.skills)
>>> test_every_skill_costs_ap()

.. versionadded:: 0.1.0
"""

from tabletop_rules._hypothesis import require_hypothesis

try:
    from tabletop_rules.skirmish._strategies import cards, characters, setups
except ImportError as error:
    require_hypothesis(__name__, error)
    raise

__all__ = ["cards", "characters", "setups"]
