"""The Hypothesis entry point of ``tabletop_rules``, kept outside the package on purpose.

Hypothesis imports every plugin's entry point when it is itself imported; importing a module
inside ``tabletop_rules`` would import the whole package first.
This module imports nothing: it asks each ``tabletop_rules`` package that is already imported
to register its strategies (see ``tabletop_rules._hypothesis``); a package imported later
registers its own.
"""

import sys


def _hypothesis_setup_hook() -> None:  # pyright: ignore[reportUnusedFunction]
    """Register the strategies of the ``tabletop_rules`` packages already imported."""
    for name, module in tuple(sys.modules.items()):
        if name == "tabletop_rules" or name.startswith("tabletop_rules."):
            register = getattr(module, "_register_hypothesis_strategies", None)
            if register is not None:
                register()
