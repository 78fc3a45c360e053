"""Public Hypothesis strategies for m20: valid characters and combat setups.

This module imports Hypothesis (install the ``hypothesis`` extra); ``tabletop_rules.m20``
itself never imports it.
With Hypothesis imported, ``st.from_type(m20.Character)`` draws from :func:`characters`.

>>> from hypothesis import given, settings
>>> from tabletop_rules.m20 import strategies as m20s
>>> @settings(max_examples=10, database=None)
... @given(m20s.characters(max_picks=2))
... def test_hp_is_three_plus_the_free_slots(character):
...     assert character.max_hp == 3 + 4 - len(character.picks)
>>> test_hp_is_three_plus_the_free_slots()

.. versionadded:: 0.1.0
"""

from tabletop_rules._hypothesis import require_hypothesis

try:
    from tabletop_rules.m20._strategies import characters, setups
except ImportError as error:
    require_hypothesis(__name__, error)
    raise

__all__ = ["characters", "setups"]
