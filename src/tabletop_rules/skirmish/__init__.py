"""The card skirmish: cards as data, the four-row field, AP, the response stack, bots.

Load the sample set, field two teams and play a game with scripted or seeded dice:

>>> from tabletop_rules import SeededDice
>>> from tabletop_rules.engine import replay
>>> from tabletop_rules.simulation import play
>>> from tabletop_rules.skirmish import RULESET, sample_setup
>>> record = play(RULESET, sample_setup(), seed=7)
>>> replay(record, RULESET).result is not None
True

.. versionadded:: 0.2.0
"""

from tabletop_rules._hypothesis import strategies_of as _strategies_of
from tabletop_rules.engine import Pass
from tabletop_rules.skirmish._bots import (
    BOTS,
    SIMULATOR,
    Versus,
    greedy_bot,
    odds,
    random_bot,
    simulate,
)
from tabletop_rules.skirmish._cards import (
    Card,
    CardSet,
    Skill,
    Step,
    Target,
    Timing,
    dump_cards,
    load_cards,
    read_cards,
    sample_cards,
)
from tabletop_rules.skirmish._chat import CHAT_COMMANDS
from tabletop_rules.skirmish._checks import TWO_D6, Check, Rulings, natural
from tabletop_rules.skirmish._combat import RULESET, SkirmishRuleset
from tabletop_rules.skirmish._combat._events import (
    Advanced,
    ApGiven,
    Attack,
    Declared,
    Ended,
    EndTurn,
    FirstPlayerRolled,
    GameEnded,
    GiveAp,
    Paid,
    Passed,
    Prepare,
    Resolved,
    RollCheck,
    Rolled,
    RollForFirst,
    Stepped,
    StepTaken,
    TurnEnded,
    TurnStarted,
    UseSkill,
)
from tabletop_rules.skirmish._combat._events import Command as _Command
from tabletop_rules.skirmish._combat._events import Event as _Event
from tabletop_rules.skirmish._combat._log import command_label, describe
from tabletop_rules.skirmish._combat._values import (
    PLAYERS,
    Action,
    ActionKind,
    MarkerKind,
    Phase,
    PlacedMarker,
    Setup,
    State,
    Status,
    Team,
    Unit,
    home_rows,
    other,
)
from tabletop_rules.skirmish._decks import SAMPLE_DECKS, sample_setup, sample_team
from tabletop_rules.skirmish._effects import (
    ApChange,
    Damage,
    Heal,
    Marker,
    MarkerEffect,
    Modify,
    Move,
    Remove,
    Replace,
    Role,
    Summon,
)
from tabletop_rules.skirmish._effects import Effect as _Effect
from tabletop_rules.skirmish._system import SYSTEM

#: Every skirmish command, a union tagged in JSON by class name.
Command = _Command
#: Every skirmish event, a union tagged in JSON by class name.
Event = _Event
#: Every effect a skill may have, a union tagged in JSON by class name.
Effect = _Effect


__all__ = [
    "BOTS",
    "CHAT_COMMANDS",
    "PLAYERS",
    "RULESET",
    "SAMPLE_DECKS",
    "SIMULATOR",
    "SYSTEM",
    "TWO_D6",
    "Action",
    "ActionKind",
    "Advanced",
    "ApChange",
    "ApGiven",
    "Attack",
    "Card",
    "CardSet",
    "Check",
    "Command",
    "Damage",
    "Declared",
    "Effect",
    "EndTurn",
    "Ended",
    "Event",
    "FirstPlayerRolled",
    "GameEnded",
    "GiveAp",
    "Heal",
    "Marker",
    "MarkerEffect",
    "MarkerKind",
    "Modify",
    "Move",
    "Paid",
    "Pass",
    "Passed",
    "Phase",
    "PlacedMarker",
    "Prepare",
    "Remove",
    "Replace",
    "Resolved",
    "Role",
    "RollCheck",
    "RollForFirst",
    "Rolled",
    "Rulings",
    "Setup",
    "Skill",
    "SkirmishRuleset",
    "State",
    "Status",
    "Step",
    "StepTaken",
    "Stepped",
    "Summon",
    "Target",
    "Team",
    "Timing",
    "TurnEnded",
    "TurnStarted",
    "Unit",
    "UseSkill",
    "Versus",
    "command_label",
    "describe",
    "dump_cards",
    "greedy_bot",
    "home_rows",
    "load_cards",
    "natural",
    "odds",
    "other",
    "random_bot",
    "read_cards",
    "sample_cards",
    "sample_setup",
    "sample_team",
    "simulate",
]


# st.from_type(Card) and st.from_type(Setup) draw from tabletop_rules.skirmish.strategies.
_register_hypothesis_strategies = _strategies_of(
    "tabletop_rules.skirmish.strategies", [(Card, "cards"), (Setup, "setups")]
)
