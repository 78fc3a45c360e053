"""Public Hypothesis strategies for bayside23: characters, battles, ledgers, riddles, books.

This module imports Hypothesis (install the ``hypothesis`` extra); ``tabletop_rules.bayside23``
itself never imports it.
With Hypothesis imported, ``st.from_type(bayside23.Character)`` draws from :func:`characters`.

>>> from hypothesis import given, settings
>>> from tabletop_rules.bayside23 import strategies as bays
>>> @settings(max_examples=10, database=None)
... @given(bays.characters())
... def test_scores_are_3d6(character):
...     assert 3 <= character.strength <= 18
>>> test_scores_are_3d6()

.. versionadded:: 0.1.0
"""

from tabletop_rules._hypothesis import require_hypothesis

try:
    from tabletop_rules.bayside23._strategies import (
        blank_books,
        characters,
        ledgers,
        names,
        riddles,
        rulings,
        setups,
    )
except ImportError as error:
    require_hypothesis(__name__, error)
    raise

__all__ = [
    "blank_books",
    "characters",
    "ledgers",
    "names",
    "riddles",
    "rulings",
    "setups",
]
