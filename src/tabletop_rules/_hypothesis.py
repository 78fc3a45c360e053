"""The registration of the library's strategies for Hypothesis' ``st.from_type``.

Each package that has strategies sets ``_register_hypothesis_strategies`` at the end of its
``__init__`` to what :func:`strategies_of` gives.
If Hypothesis is imported first, the package registers at its own import; if the package is
imported first, Hypothesis' entry point (the top-level module ``_tabletop_rules_hypothesis``,
which imports nothing) calls the function of every package already imported.
Either way the strategies are registered as functions of the type: the module that defines them
is only imported when a type of it is first asked for, so neither import gets slower.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any

#: The commands that install what the strategies modules need: from a checkout (the package is
#: not yet on the package index), or from the index once it is published.
INSTALL_HINT = (
    "install the 'hypothesis' extra: pip install '.[hypothesis]' in a checkout, "
    "or pip install 'tabletop-rules[hypothesis]'"
)


def require_hypothesis(module: str, error: ImportError) -> None:
    """Raise, from *error*, an ImportError naming the extra to install if Hypothesis is missing.

    A strategies module wraps its imports in ``try``/``except ImportError as error:`` and calls
    this, then re-raises *error* (an import that failed for another reason).
    """
    if (error.name or "").partition(".")[0] == "hypothesis":
        message = f"{module} needs Hypothesis, which is not installed: {INSTALL_HINT}"
        raise ImportError(message, name=error.name) from error


def register_if_hypothesis(register: Callable[[], None]) -> None:
    """Call *register* now if Hypothesis is imported (else its entry point will, later)."""
    if sys.modules.get("hypothesis") is not None:  # None: a blocked import, not Hypothesis
        register()


def register_types(module: str, strategies: Iterable[tuple[type[Any], str]]) -> None:
    """Register, for each ``(type, name)``, the strategy ``module.name()`` for the type.

    *module* is imported when one of the types is first asked for (``st.from_type``).
    """
    import importlib

    from hypothesis import strategies as st

    def later(name: str) -> Callable[[type[Any]], st.SearchStrategy[Any]]:
        # A function of the type, not a strategy: Hypothesis checks a strategy it is given
        # (and so would import the module now, maybe halfway through importing the package),
        # and calls a function only when the type is first asked for.
        return lambda _: getattr(importlib.import_module(module), name)()

    for cls, name in strategies:
        st.register_type_strategy(cls, later(name))


def strategies_of(module: str, strategies: Iterable[tuple[type[Any], str]]) -> Callable[[], None]:
    """A package's ``_register_hypothesis_strategies``: registers *strategies* of *module*.

    It is called at once if Hypothesis is imported (else Hypothesis' entry point calls it
    later); see :func:`register_types` for *strategies*.
    """
    pairs = tuple(strategies)

    def register() -> None:
        register_types(module, pairs)

    register_if_hypothesis(register)
    return register
