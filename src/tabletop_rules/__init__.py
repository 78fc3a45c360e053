"""Tabletop role-playing rules as typed values, pure resolvers and replayable event logs.

The root package re-exports the core: dice and dice sources, exact odds, check results,
errors, the engine's record and replay, and JSON.
Rule systems live in their own subpackages; the command language is
:mod:`tabletop_rules.notation`.
"""

from typing import TYPE_CHECKING

from tabletop_rules._hypothesis import strategies_of as _strategies_of
from tabletop_rules._lazy import lazy_attributes as _lazy_attributes
from tabletop_rules.checks import CheckResult, Comparison, Difficulty, Opposition, Outcome, Term
from tabletop_rules.dice import Dice, DiceSource, Roll, ScriptedDice, SeededDice
from tabletop_rules.engine import Entry, GameRecord, GameResult, begin, fold, replay, step
from tabletop_rules.errors import (
    CorruptRecord,
    DiceExhausted,
    IllegalCommand,
    InvalidCharacter,
    InvalidCheck,
    InvalidData,
    InvalidDice,
    InvalidDiceFace,
    InvalidNotation,
    LimitExceeded,
    NotationLimitExceeded,
    TabletopRulesError,
    UnknownSystem,
    UnsupportedNotation,
)
from tabletop_rules.odds import Distribution
from tabletop_rules.systems import Registry, RuleSystem

if TYPE_CHECKING:
    from tabletop_rules.serialization import from_json, make_converter, to_json

#: The version of the installed package (a :pep:`440` string).
__version__ = "0.1.0.dev0"

__all__ = [
    "CheckResult",
    "Comparison",
    "CorruptRecord",
    "Dice",
    "DiceExhausted",
    "DiceSource",
    "Difficulty",
    "Distribution",
    "Entry",
    "GameRecord",
    "GameResult",
    "IllegalCommand",
    "InvalidCharacter",
    "InvalidCheck",
    "InvalidData",
    "InvalidDice",
    "InvalidDiceFace",
    "InvalidNotation",
    "LimitExceeded",
    "NotationLimitExceeded",
    "Opposition",
    "Outcome",
    "Registry",
    "Roll",
    "RuleSystem",
    "ScriptedDice",
    "SeededDice",
    "TabletopRulesError",
    "Term",
    "UnknownSystem",
    "UnsupportedNotation",
    "__version__",
    "begin",
    "fold",
    "from_json",
    "make_converter",
    "replay",
    "step",
    "to_json",
]


if not TYPE_CHECKING:
    # JSON (and so cattrs) is imported when first used: most imports of the package never
    # need it, and it is the slowest part of the core to import.
    _lazy_attributes(
        globals(), {f"{__name__}.serialization": ("from_json", "make_converter", "to_json")}
    )


# st.from_type() of the core's values draws from tabletop_rules.testing.strategies.
_register_hypothesis_strategies = _strategies_of(
    "tabletop_rules.testing.strategies",
    [
        (Dice, "dice"),
        (Roll, "rolls"),
        (Term, "terms"),
        (Difficulty, "difficulties"),
        (Opposition, "oppositions"),
        (CheckResult, "check_results"),
        (Distribution, "distributions"),
    ],
)
