"""Public Hypothesis strategies for bar2d6: valid characters and combat setups.

This module imports Hypothesis (install the ``hypothesis`` extra); ``tabletop_rules.bar2d6``
itself never imports it.
With Hypothesis imported, ``st.from_type(bar2d6.Character)`` draws from :func:`characters`.

>>> from hypothesis import HealthCheck, given, settings
>>> from tabletop_rules.bar2d6 import strategies as b2s
>>> # The first draw loads the system's words: slow on a busy machine, so not a health check.
>>> @settings(max_examples=10, database=None, suppress_health_check=[HealthCheck.too_slow])
... @given(b2s.characters())
... def test_no_character_overspends(character):
...     assert 0 <= character.unspent <= 10
>>> test_no_character_overspends()

.. versionadded:: 0.1.0
"""

from tabletop_rules._hypothesis import require_hypothesis

try:
    from tabletop_rules.bar2d6._strategies import characters, setups
except ImportError as error:
    require_hypothesis(__name__, error)
    raise

__all__ = ["characters", "setups"]
