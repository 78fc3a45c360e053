"""Package attributes imported when first used, so that importing a package stays fast.

A package lists the names in ``if TYPE_CHECKING:`` imports, for the type checkers, and calls
:func:`lazy_attributes` outside ``TYPE_CHECKING``, so that the checkers do not read every
unknown attribute of the package as ``Any``:

.. code-block:: python

    if TYPE_CHECKING:
        from tabletop_rules.m20._system import SYSTEM
    else:
        _lazy_attributes(globals(), {"tabletop_rules.m20._system": ("SYSTEM",)})
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any


def lazy_attributes(
    namespace: MutableMapping[str, Any], modules: Mapping[str, Iterable[str]]
) -> None:
    """Make each name in ``modules[module]`` a module attribute imported when first used.

    *namespace* is the module's ``globals()``. This sets the module's ``__getattr__`` and
    ``__dir__``: a name is imported once, then kept in the module's globals, where it is
    found directly; ``dir()`` (and so Sphinx's autodoc) lists the names not imported yet too.
    """
    package = namespace["__name__"]
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *where})

    namespace["__getattr__"] = __getattr__
    namespace["__dir__"] = __dir__
