"""The library's modules, for the tests that check every one of them.

The game-AI adapters (``tabletop_rules.openspiel``, ``tabletop_rules.pettingzoo``) need their
extras; where an extra is not installed (the ``tests`` sessions, Pyodide), the module refuses
to import with an ``ImportError`` that names the extra, and is left out here: ``nox -s ai``
installs the extras and tests those modules.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import types

import tabletop_rules

__all__ = ["modules"]


@functools.cache
def modules() -> tuple[types.ModuleType, ...]:
    """Every module of the library that imports here, by name (``__main__`` ones left out)."""
    found: list[types.ModuleType] = []
    for info in pkgutil.walk_packages(tabletop_rules.__path__, "tabletop_rules."):
        if info.name.endswith("__main__"):
            continue
        try:
            found.append(importlib.import_module(info.name))
        except ImportError as error:
            if "extra" not in str(error):  # only a missing extra may leave a module out
                raise
    return tuple(found)
