"""The skirmish rule system as one value: what everything that serves every system finds."""

from __future__ import annotations

from typing import Final

from tabletop_rules.skirmish._bots import SIMULATOR, odds
from tabletop_rules.skirmish._combat import RULESET
from tabletop_rules.skirmish._combat._log import command_label, describe
from tabletop_rules.skirmish._export import PIECES
from tabletop_rules.skirmish._vectors import VECTOR_CHECKS
from tabletop_rules.systems import RuleSystem

__all__ = ["SYSTEM"]

#: The card skirmish, registered as ``skirmish`` through the ``tabletop_rules.systems`` entry
#: point.
#:
#: .. versionadded:: 0.1.0
SYSTEM: Final = RuleSystem(
    name="skirmish",
    ruleset=RULESET,
    package="tabletop_rules.skirmish",
    title="skirmish.title",
    describe=describe,
    command_label=command_label,
    odds=odds,
    seats=(2, 2),
    chat="tabletop_rules.skirmish._chat",
    checks=VECTOR_CHECKS,
    simulator=SIMULATOR,
    strategies="tabletop_rules.skirmish.strategies",
    piece=PIECES,
)
