"""The card skirmish: cards as data, the four-row field, AP, the response stack, bots.

Load the sample set, field two teams and play a game with scripted or seeded dice:

>>> from tabletop_rules.engine import replay
>>> from tabletop_rules.simulation import play
>>> from tabletop_rules.skirmish import RULESET, sample_setup
>>> record = play(RULESET, sample_setup(), seed=7)
>>> replay(record, RULESET).result is not None
True

.. versionadded:: 0.1.0
"""

from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from tabletop_rules._hypothesis import strategies_of as _strategies_of
from tabletop_rules._lazy import lazy_attributes as _lazy_attributes
from tabletop_rules.engine import Pass
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
from tabletop_rules.skirmish._checks import TWO_D6, Check, Rulings, card_check, natural
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

#: Every effect a skill may have, a union tagged in JSON by class name.
Effect = _Effect


if TYPE_CHECKING:
    from tabletop_rules.skirmish._bots import (
        BOTS,
        SIMULATOR,
        Versus,
        greedy_bot,
        odds,
        random_bot,
        simulate,
    )
    from tabletop_rules.skirmish._chat import CHAT_COMMANDS
    from tabletop_rules.skirmish._combat import (
        LOG,
        RULESET,
        SkirmishRuleset,
        command_label,
        describe,
    )
    from tabletop_rules.skirmish._combat._commands import (
        Attack,
        EndTurn,
        GiveAp,
        Prepare,
        UseSkill,
    )
    from tabletop_rules.skirmish._combat._commands import Command as _Command
    from tabletop_rules.skirmish._combat._events import (
        Advanced,
        ApGiven,
        Declared,
        Ended,
        FirstPlayerRolled,
        GameEnded,
        MarkerActed,
        Paid,
        Passed,
        Resolved,
        Rolled,
        Stepped,
        StepTaken,
        TargetLost,
        TurnEnded,
        TurnStarted,
    )
    from tabletop_rules.skirmish._combat._events import Event as _Event
    from tabletop_rules.skirmish._combat._values import (
        PLAYERS,
        Action,
        ActionKind,
        CombatSetup,
        CombatState,
        MarkerKind,
        Phase,
        PlacedMarker,
        Status,
        Team,
        Unit,
        home_rows,
        other,
    )
    from tabletop_rules.skirmish._decks import (
        SAMPLE_DECKS,
        Deck,
        deck_check,
        lineup,
        sample_setup,
        sample_team,
    )
    from tabletop_rules.skirmish._sheet import (
        EXAMPLE_SHEET,
        MAX_SHEET_LENGTH,
        format_sheet,
        parse_sheet,
    )
    from tabletop_rules.skirmish._system import SYSTEM

    #: Every skirmish command, a union tagged in JSON by class name.
    Command = _Command
    #: Every skirmish event, a union tagged in JSON by class name.
    Event = _Event

#: Where each name of the combat, the decks, the bots, the system and the chat commands is
#: defined: they are imported when first used, so that a program that reads cards and rolls
#: checks never loads the combat (nor the simulation machinery, the CCFOLIA export or the
#: notation).
_LAZY: Final = MappingProxyType(
    {
        f"{__name__}._bots": (
            "BOTS",
            "SIMULATOR",
            "Versus",
            "greedy_bot",
            "odds",
            "random_bot",
            "simulate",
        ),
        f"{__name__}._combat": (
            "LOG",
            "RULESET",
            "SkirmishRuleset",
            "command_label",
            "describe",
        ),
        f"{__name__}._combat._commands": (
            "Attack",
            "EndTurn",
            "GiveAp",
            "Prepare",
            "UseSkill",
            "Command",
        ),
        f"{__name__}._combat._events": (
            "Advanced",
            "ApGiven",
            "Declared",
            "Ended",
            "FirstPlayerRolled",
            "GameEnded",
            "MarkerActed",
            "Paid",
            "Passed",
            "Resolved",
            "Rolled",
            "Stepped",
            "StepTaken",
            "TargetLost",
            "TurnEnded",
            "TurnStarted",
            "Event",
        ),
        f"{__name__}._combat._values": (
            "PLAYERS",
            "Action",
            "ActionKind",
            "CombatSetup",
            "CombatState",
            "MarkerKind",
            "Phase",
            "PlacedMarker",
            "Status",
            "Team",
            "Unit",
            "home_rows",
            "other",
        ),
        f"{__name__}._decks": (
            "SAMPLE_DECKS",
            "Deck",
            "deck_check",
            "lineup",
            "sample_setup",
            "sample_team",
        ),
        f"{__name__}._sheet": (
            "EXAMPLE_SHEET",
            "MAX_SHEET_LENGTH",
            "format_sheet",
            "parse_sheet",
        ),
        f"{__name__}._system": ("SYSTEM",),
        f"{__name__}._chat": ("CHAT_COMMANDS",),
    }
)


__all__ = [
    "BOTS",
    "CHAT_COMMANDS",
    "EXAMPLE_SHEET",
    "LOG",
    "MAX_SHEET_LENGTH",
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
    "CombatSetup",
    "CombatState",
    "Command",
    "Damage",
    "Deck",
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
    "MarkerActed",
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
    "Rolled",
    "Rulings",
    "Skill",
    "SkirmishRuleset",
    "Status",
    "Step",
    "StepTaken",
    "Stepped",
    "Summon",
    "Target",
    "TargetLost",
    "Team",
    "Timing",
    "TurnEnded",
    "TurnStarted",
    "Unit",
    "UseSkill",
    "Versus",
    "card_check",
    "command_label",
    "deck_check",
    "describe",
    "dump_cards",
    "format_sheet",
    "greedy_bot",
    "home_rows",
    "lineup",
    "load_cards",
    "natural",
    "odds",
    "other",
    "parse_sheet",
    "random_bot",
    "read_cards",
    "sample_cards",
    "sample_setup",
    "sample_team",
    "simulate",
]


if not TYPE_CHECKING:
    _lazy_attributes(globals(), _LAZY)


# st.from_type(Card) draws from tabletop_rules.skirmish.strategies.cards(); the modules of
# CombatSetup and Deck register theirs when they are imported.
_register_hypothesis_strategies = _strategies_of(
    "tabletop_rules.skirmish.strategies", [(Card, "cards")]
)
