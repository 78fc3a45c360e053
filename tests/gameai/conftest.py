"""What the game-AI tests share: a setup of two seats for every system that can give one."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest

from tabletop_rules._gameai import default_setup
from tabletop_rules.errors import InvalidData
from tabletop_rules.systems import Registry, RuleSystem


def two_seats(system: RuleSystem[Any, Any, Any, Any]) -> Any:
    """The system's lineup of two seats of its example sheet; for a system that has none
    yet (its migration to kit v2 adds one), its own sample setup or a CombatSetup of two
    participants of its example sheet; ``pytest.skip`` if none of these exists."""
    try:
        return default_setup(system)
    except InvalidData:
        pass
    package = importlib.import_module(system.package or system.name)
    sample = getattr(package, "sample_setup", None)
    if sample is not None:
        return sample()
    if system.sheets is None or not hasattr(package, "CombatSetup"):
        pytest.skip(f"{system.name} offers no setup of two seats")
    character = system.sheets.parse(system.sheets.example)
    return package.CombatSetup(
        participants=[
            package.Participant(id="p1", character=character, side="heroes"),
            package.Participant(id="p2", character=character, side="foes", player=False),
        ]
    )


@pytest.fixture
def seated() -> Callable[[RuleSystem[Any, Any, Any, Any]], Any]:
    """The function that sets up a game of two seats of a system."""
    return two_seats


#: Every registered system's name (the duel plugin's too, where it is installed).
SYSTEMS = Registry.default().names
