"""Package attributes imported when first used, so that importing a package stays fast.

A package lists the names in ``if TYPE_CHECKING:`` imports, for the type checkers, and sets
its module ``__getattr__`` to :func:`lazy_attributes` outside ``TYPE_CHECKING``, so that the
checkers do not read every unknown attribute of the package as ``Any``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_attributes(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for *package* that imports each name from ``modules[name]``."""
    where = dict(modules)

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return __getattr__
