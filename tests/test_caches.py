"""Every cache of the library is bounded, unless what it is keyed by is (DESIGN.md, limits).

A bot passes the library what its players type: a cache keyed by such input must forget, or
one player could make the bot's memory grow without end with distinct inputs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import library_modules

#: The unbounded caches, each with why what it is keyed by cannot grow without end.
UNBOUNDED = {
    "tabletop_rules.i18n._shipped": "one entry for each shipped locale (resolved tags only)",
    "tabletop_rules.notation._limits._shapes": "no argument",
    "tabletop_rules.bayside23._checks._hit_classes": "the two readings of Rulings.specials",
    "tabletop_rules.bayside23._checks._all_totals": "no argument",
    "tabletop_rules.bar2d6._sheet._field_words": "no argument",
    "tabletop_rules.bar2d6._sheet._kind_words": "no argument",
    "tabletop_rules.bar2d6._sheet._effect_words": "no argument",
    "tabletop_rules.m20._sheet._vocabulary": "no argument",
    "tabletop_rules.systems._entry_point_names": "no argument",
    "tabletop_rules.systems._entry_point_system": "installed system names (only they reach it)",
    "tabletop_rules.systems._entry_point_package": "installed system names (only they reach it)",
    "tabletop_rules.serialization._default_converter": "no argument",
    "tabletop_rules.simulation.simulators": "no argument",
    "tabletop_rules.skirmish._cards.sample_cards": "no argument",
    "tabletop_rules.vectors._runner.shipped_files": "no argument",
}


def _caches() -> Iterator[tuple[str, Any]]:
    for loaded in library_modules.modules():
        for name, value in vars(loaded).items():
            if callable(value) and hasattr(value, "cache_info"):
                home = getattr(value, "__module__", loaded.__name__)
                if home == loaded.__name__:  # each cache once, in the module that defines it
                    yield f"{loaded.__name__}.{name}", value


def test_every_cache_keyed_by_input_is_bounded() -> None:
    """A cache with no size limit must be one of those keyed by a finite set of values."""
    unbounded = sorted(name for name, cache in _caches() if cache.cache_info().maxsize is None)
    assert unbounded == sorted(UNBOUNDED)


def test_the_caches_are_found() -> None:
    """The walk finds the library's caches (a broken walk would pass the test above)."""
    found = dict(_caches())
    assert "tabletop_rules.i18n._catalog" in found
    assert "tabletop_rules.skirmish._checks._odds" in found
