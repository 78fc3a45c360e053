"""Tools for testing code that uses :mod:`tabletop_rules`.

:mod:`tabletop_rules.testing.strategies` holds the public `Hypothesis`_ strategies for the
library's values and for whole random legal games.
It imports Hypothesis (install the ``hypothesis`` extra); this package itself imports
nothing, and the root package never imports it.

.. _Hypothesis: https://hypothesis.readthedocs.io/

.. versionadded:: 0.1.0
"""

__all__: list[str] = []
