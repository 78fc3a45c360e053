"""The bar2d6 combat ruleset, built on the core's ruleset kit (:mod:`tabletop_rules.kit`).

The text gives no initiative: the order of action is the table's (B2D6-35).
Each standing combatant has one action a round, in any order; the round ends when all
standing have acted or the GM ends it; the combat ends when one side or none is left standing,
or when the GM ends it.
Every die is drawn in ``decide`` and recorded in the events; ``evolve`` applies the facts an
event records and never rolls or plans.

The package is split by concern, as every system's combat is: ``_values`` (setup, combatants,
state), ``_commands``, ``_events``, ``_terms`` (the terms of the checks), ``_refusals``,
``_actions`` (one rule and one fold per command), ``_flow`` (the automatic events, who may act,
the menus) and ``_log`` (the words); here, the ruleset and its log.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from tabletop_rules.bar2d6._combat import _flow as flow
from tabletop_rules.bar2d6._combat._actions import COMMAND_RULES, EVENT_FOLDS
from tabletop_rules.bar2d6._combat._commands import Command
from tabletop_rules.bar2d6._combat._events import Event
from tabletop_rules.bar2d6._combat._log import COMMAND_LINES, EVENT_LINES, names
from tabletop_rules.bar2d6._combat._values import (
    Combatant,
    CombatSetup,
    CombatState,
    check_loaded,
)
from tabletop_rules.engine import GameResult
from tabletop_rules.i18n import DEFAULT_LOCALE
from tabletop_rules.kit import Log, Rules

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource

__all__ = ["LOG", "RULESET", "CombatRuleset", "command_label", "describe", "hp_after"]


class CombatRuleset(Rules[CombatSetup, CombatState, Command, Event]):
    """The bar2d6 combat as an :class:`~tabletop_rules.engine.Ruleset` (use ``RULESET``).

    Built with :class:`tabletop_rules.kit.Rules`: its tables map every command to its rule
    and every event to its fold; the GM's round is the kit's.

    .. versionadded:: 0.1.0
    """

    name: str = "bar2d6"
    rules_version: str = "3"
    setup_type: Any = CombatSetup
    state_type: Any = CombatState
    command_type: Any = Command
    event_type: Any = Event

    def __init__(self) -> None:
        super().__init__(
            commands=COMMAND_RULES,
            events=EVENT_FOLDS,
            bad_command="bar2d6.illegal.bad_command",
            unknown_command="bar2d6.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command and event unions by class name; check states when they are read."""
        super().configure_converter(converter)
        plain = converter.get_structure_hook(CombatState)
        converter.register_structure_hook(
            CombatState, lambda value, cls: check_loaded(plain(value, cls))
        )

    def start(self, setup: CombatSetup) -> CombatState:
        """The state before the first round: every participant at its starting HP."""
        setup = self.checked_setup(setup)
        return CombatState(
            combatants=tuple(
                Combatant(
                    id=p.id,
                    side=p.side,
                    player=p.player,
                    character=p.character,
                    max_hp=p.character.max_hp,
                    hp=p.starting_hp,
                )
                for p in setup.participants
            ),
            rulings=setup.rulings,
        )

    def follow_up(self, state: CombatState, dice: DiceSource) -> Event | None:
        """The automatic event the rules call for next (the combat's or the round's end).

        Neither rolls: *dice* is not touched.
        """
        return flow.follow_up(state)

    def actors(self, state: CombatState) -> tuple[str, ...]:
        """Who may act in a settled state."""
        return flow.actors(state)

    def commands_of(self, state: CombatState, actor: str) -> list[Command]:
        """Everything *actor* may send in a settled state."""
        return flow.commands_of(state, actor)

    def outcome_of(self, state: CombatState) -> GameResult | None:
        """How the combat ended, or ``None`` while it goes on."""
        return state.result


#: The bar2d6 combat ruleset (the ruleset of :data:`~tabletop_rules.bar2d6.SYSTEM`).
RULESET: Final = CombatRuleset()

#: The words of the bar2d6 combat: its log and its menu labels.
LOG: Final = Log[CombatState](
    events=EVENT_LINES,
    commands=COMMAND_LINES,
    names=names,
    state_type=CombatState,
    event_name="bar2d6.Event",
    command_name="bar2d6.Command",
    shapes=RULESET.shapes,
)


def describe(
    event: Event, locale: str = DEFAULT_LOCALE, *, state: CombatState | None = None
) -> str:
    """One line per thing *event* records, in *locale* (an attack: a line per strike).

    With *state*, combatants are named as :func:`command_label` names them: by their
    characters' names, told apart by their ids where characters share a name.

    >>> from tabletop_rules import bar2d6
    >>> print(bar2d6.describe(bar2d6.RoundEnded(round=2, by_gm=True), "zh-Hant"))
    第2輪結束（GM）。
    >>> setup = bar2d6.CombatSetup(
    ...     participants=[
    ...         bar2d6.Participant(id="al", character=bar2d6.Character(name="阿爾"), side="pc"),
    ...         bar2d6.Participant(id="g1", character=bar2d6.Character(name="哥布林"), side="npc"),
    ...     ]
    ... )
    >>> print(bar2d6.describe(bar2d6.Waited(actor="g1"), "zh-Hant"))
    g1 等待。
    >>> state = bar2d6.RULESET.start(setup)
    >>> print(bar2d6.describe(bar2d6.Waited(actor="g1"), "zh-Hant", state=state))
    哥布林 等待。

    Args:
        event: A bar2d6 combat event.
        locale: The reader's language.
        state: A state of the combat (any one: names do not change); with it, combatants
            are named by their characters' names, else by their ids.

    Raises:
        InvalidData: *event* is not a bar2d6 combat event (path ``$``); *state* is not a
            bar2d6 combat state (``$.state``).

    .. versionadded:: 0.1.0
    """
    return LOG.describe(event, locale, state=state)


def command_label(
    command: Command, locale: str = DEFAULT_LOCALE, *, state: CombatState | None = None
) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    Combatants whose characters share a name are told apart by their ids.
    An attack names its area or multi-attack item and its damage-boost item; with *state*,
    also the kind of the item's ability. The items whose bonuses apply are not shown: a
    menu offers the same ones in every attack.

    >>> from tabletop_rules import bar2d6
    >>> print(bar2d6.command_label(bar2d6.Heal(actor="al", target="bea", item="聖光"), "zh-Hant"))
    al 以 聖光 回復 bea

    Args:
        command: A bar2d6 combat command.
        locale: The reader's language.
        state: A state of the combat; with it, combatants are named by their characters'
            names, else by their ids.

    Raises:
        InvalidData: *command* is not a bar2d6 combat command, or has a field of the wrong
            type; *state* is not a bar2d6 combat state.

    .. versionadded:: 0.1.0
    """
    return LOG.label(command, locale, state=state)


def hp_after(state: CombatState) -> Mapping[str, int]:
    """Each participant's HP, to carry into the next combat.

    Raises:
        InvalidData: *state* is no bar2d6 combat state (path ``$.state``).

    .. versionadded:: 0.1.0
    """
    state = RULESET.checked_state(state)
    return MappingProxyType({c.id: c.hp for c in state.combatants})
