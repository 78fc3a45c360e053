"""The bar2d6 combat ruleset, built on the core's ruleset kit (:mod:`tabletop_rules.kit`).

The text gives no initiative: the order of action is the table's (B2D6-35).
Each standing combatant has one action a round, in any order; the round ends when all
standing have acted or the GM ends it; the combat ends when one side or none is left standing,
or when the GM ends it.
Every die is drawn in ``decide`` and recorded in the events; ``evolve`` applies the facts an
event records and never rolls or plans.

The package is split by concern: ``_values`` (setup, combatants, state), ``_commands``,
``_events``, ``_rules`` (one rule and one fold per command, the automatic events, who may
send what) and ``_log``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from tabletop_rules.bar2d6._combat import _rules as rules
from tabletop_rules.bar2d6._combat._commands import (
    Attack,
    Command,
    EndCombat,
    EndRound,
    GrantBonus,
    Heal,
    SetHp,
    Wait,
)
from tabletop_rules.bar2d6._combat._events import (
    Attacked,
    BonusGranted,
    CombatEnded,
    Event,
    Healed,
    HpSet,
    RoundEnded,
    Waited,
)
from tabletop_rules.bar2d6._combat._log import command_label, describe
from tabletop_rules.bar2d6._combat._values import (
    Combatant,
    CombatSetup,
    CombatState,
    check_loaded,
)
from tabletop_rules.engine import GameResult
from tabletop_rules.kit import Rules

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource

__all__ = ["RULESET", "CombatRuleset", "command_label", "describe", "hp_after"]


class CombatRuleset(Rules[CombatSetup, CombatState, Command, Event]):
    """The bar2d6 combat as an :class:`~tabletop_rules.engine.Ruleset` (use ``RULESET``).

    Built with :class:`tabletop_rules.kit.Rules`: its tables map every command to its rule
    and every event to its fold and its cause.

    .. versionadded:: 0.2.0
    """

    name: str = "bar2d6"
    rules_version: str = "1"
    setup_type: Any = CombatSetup
    state_type: Any = CombatState
    command_type: Any = Command
    event_type: Any = Event

    def __init__(self) -> None:
        super().__init__(
            commands={
                Attack: rules.decide_attack,
                Heal: rules.decide_heal,
                GrantBonus: rules.decide_grant,
                Wait: rules.decide_wait,
                EndRound: rules.decide_end_round,
                EndCombat: rules.decide_end_combat,
                SetHp: rules.decide_set_hp,
            },
            events={
                Attacked: rules.fold_attacked,
                Healed: rules.fold_healed,
                BonusGranted: rules.fold_granted,
                Waited: rules.fold_waited,
                HpSet: rules.fold_hp_set,
                RoundEnded: rules.fold_round_ended,
                CombatEnded: rules.fold_combat_ended,
            },
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
        """The automatic event the rules call for next (the combat's or the round's end)."""
        return rules.follow_up(state)

    def actors(self, state: CombatState) -> tuple[str, ...]:
        """Who may act in a settled state."""
        return rules.actors(state)

    def commands_of(self, state: CombatState, actor: str) -> list[Command]:
        """Everything *actor* may send in a settled state."""
        return rules.commands_of(state, actor)

    def outcome_of(self, state: CombatState) -> GameResult | None:
        """How the combat ended, or ``None`` while it goes on."""
        return state.result


#: The bar2d6 combat ruleset (registered as ``bar2d6`` through the ``tabletop_rules.rulesets``
#: entry point).
RULESET: Final = CombatRuleset()


def hp_after(state: CombatState) -> Mapping[str, int]:
    """Each participant's HP, to carry into the next combat.

    Raises:
        InvalidData: *state* is no bar2d6 combat state (path ``$.state``).

    .. versionadded:: 0.2.0
    """
    state = RULESET.checked_state(state)
    return MappingProxyType({c.id: c.hp for c in state.combatants})
