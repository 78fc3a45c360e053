"""The m20 combat ruleset, built on the core's ruleset kit (:mod:`tabletop_rules.kit`).

The combat follows 【戰鬥規則】 as ``DESIGN.md`` reads it: no initiative; each standing
participant has one main action a round (two with 分神援護), in any order; the round ends when
all standing have acted or the GM ends it.
Every die is drawn in ``decide`` and recorded in the events; ``evolve`` applies the facts an
event records and never rolls or plans.
A record is checked against the rules by :meth:`CombatRuleset.verify`, which
:func:`tabletop_rules.engine.replay` runs unless the record is trusted.

The package is split by concern: ``_values`` (setup, combatants, effects, state),
``_commands``, ``_events``, ``_terms`` (the modifiers of checks), ``_refusals``,
``_actions`` (one rule and one fold per action), ``_reactions`` (one row per reaction),
``_flow`` (turns, automatic events, who may act) and ``_log``.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from tabletop_rules._arguments import checked_text
from tabletop_rules.checks import Term
from tabletop_rules.engine import GameResult, Pass, PromptStack
from tabletop_rules.kit import Rules
from tabletop_rules.m20._combat import _actions as actions
from tabletop_rules.m20._combat import _flow as flow
from tabletop_rules.m20._combat._commands import (
    Assist,
    Attack,
    CoolDown,
    DangerCheck,
    Dismiss,
    EndCombat,
    EndRound,
    FirstAid,
    FocusDefense,
    Frenzy,
    Heal,
    Hide,
    Hinder,
    RuleFallen,
    SplitFocus,
    Summon,
    WideGuard,
)
from tabletop_rules.m20._combat._commands import Command as Command
from tabletop_rules.m20._combat._events import (
    Assisted,
    Attacked,
    CombatEnded,
    CoolDownDeclared,
    DangerChecked,
    Declined,
    FallenRuled,
    Fell,
    FocusedDefense,
    FrenzyDeclared,
    Hid,
    Hindered,
    RoundEnded,
    SplitFocusDeclared,
    StrikeResolved,
    SummonDismissed,
    Summoned,
    SummonVanished,
    Treated,
    WideGuardDeclared,
)
from tabletop_rules.m20._combat._events import Event as Event
from tabletop_rules.m20._combat._log import command_label, describe, names_of
from tabletop_rules.m20._combat._reactions import REACTIONS, answer
from tabletop_rules.m20._combat._terms import DANGER_READS, effect_terms, reads, summoner_penalty
from tabletop_rules.m20._combat._values import (
    Combatant,
    CombatSetup,
    CombatState,
    Status,
    check_loaded,
)
from tabletop_rules.m20._ledger import ScenarioLedger
from tabletop_rules.m20._skills import Skill

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource

__all__ = [
    "RULESET",
    "CombatRuleset",
    "command_label",
    "danger_terms",
    "describe",
    "hp_after",
    "ledger_after",
    "names_of",
]


def _answer_rule(event: type[Any]) -> Any:
    def rule(_: CombatState, command: Any, __: DiceSource) -> tuple[Any]:
        return (event(command.actor),)

    return rule


class CombatRuleset(Rules[CombatSetup, CombatState, Command, Event]):
    """The m20 combat as an :class:`~tabletop_rules.engine.Ruleset` (use ``RULESET``).

    Built with :class:`tabletop_rules.kit.Rules`: its tables map every command to its rule
    and every event to its fold.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Built on the ruleset kit; ``evolve`` applies events without checking them, and
       :meth:`~tabletop_rules.kit.Rules.verify` checks a record against the rules.
    """

    name: str = "m20"
    rules_version: str = "2"
    setup_type: Any = CombatSetup
    state_type: Any = CombatState
    command_type: Any = Command
    event_type: Any = Event
    answer_types: ClassVar[frozenset[type[Any]]] = frozenset(
        {Pass, *(r.command for r in REACTIONS)}
    )
    resolving_reason: ClassVar[str] = "m20.illegal.resolving"

    def __init__(self) -> None:
        super().__init__(
            commands={
                Attack: actions.decide_attack,
                Hide: actions.decide_specialty,
                Assist: actions.decide_specialty,
                Hinder: actions.decide_specialty,
                Heal: actions.decide_specialty,
                FirstAid: actions.decide_specialty,
                FocusDefense: actions.decide_focus,
                Summon: actions.decide_summon,
                SplitFocus: actions.decide_split_focus,
                CoolDown: actions.decide_cool_down,
                Frenzy: actions.decide_frenzy,
                WideGuard: actions.decide_wide_guard,
                Dismiss: actions.decide_dismiss,
                EndRound: actions.decide_end_round,
                EndCombat: actions.decide_end_combat,
                RuleFallen: actions.decide_rule_fallen,
                DangerCheck: actions.decide_danger,
                Pass: _answer_rule(Declined),
                **{r.command: _answer_rule(r.event) for r in REACTIONS},
            },
            events={
                Attacked: actions.fold_attacked,
                Hid: actions.fold_specialty,
                Assisted: actions.fold_specialty,
                Hindered: actions.fold_specialty,
                Treated: actions.fold_specialty,
                FocusedDefense: actions.fold_focused,
                Summoned: actions.fold_summoned,
                SplitFocusDeclared: actions.fold_split_focus,
                CoolDownDeclared: actions.fold_cool_down,
                FrenzyDeclared: actions.fold_frenzy,
                WideGuardDeclared: actions.fold_wide_guard,
                SummonDismissed: lambda state, event: flow.fold_summon_gone(state, event.summon),
                SummonVanished: lambda state, event: flow.fold_summon_gone(state, event.summon),
                StrikeResolved: flow.fold_strike_resolved,
                Fell: flow.fold_fell,
                RoundEnded: flow.fold_round_ended,
                CombatEnded: flow.fold_combat_ended,
                FallenRuled: flow.fold_fallen_ruled,
                DangerChecked: actions.fold_danger,
                Declined: answer,
                **{r.event: answer for r in REACTIONS},
            },
            bad_command="m20.illegal.bad_command",
            unknown_command="m20.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command and event unions by class name; check states when they are read.

        The fields added in rules version 2 (``boosts``, ``defense_boosts``, ``helpers``,
        ``lost``) are left out of the JSON when they hold their defaults, so that a record of
        plain play is written as before.
        """
        from cattrs.gen import make_dict_unstructure_fn, override

        for cls in (*typing.get_args(Command), *typing.get_args(Event)):
            optional: dict[str, Any] = {
                name: override(omit_if_default=True)
                for name in _OPTIONAL_FIELDS
                if name in attrs.fields_dict(cls)
            }
            if optional:
                converter.register_unstructure_hook(
                    cls, make_dict_unstructure_fn(cls, converter, **optional)
                )
        super().configure_converter(converter)
        plain = converter.get_structure_hook(CombatState)
        converter.register_structure_hook(
            CombatState, lambda value, cls: check_loaded(plain(value, cls))
        )

    def start(self, setup: CombatSetup) -> CombatState:
        """The state before the first round: every participant standing (or fallen at 0 HP)."""
        setup = self.checked_setup(setup)
        combatants: list[Combatant] = []
        for p in setup.participants:
            hp = p.starting_hp
            status = (
                Status.STANDING if hp > 0 else (Status.UNCONSCIOUS if p.player else Status.DOWN)
            )
            combatants.append(
                Combatant(
                    id=p.id,
                    side=p.side,
                    player=p.player,
                    character=p.character,
                    max_hp=p.character.max_hp,
                    hp=hp,
                    status=status,
                    damage_boosts_left=p.character.count(Skill.DAMAGE_BOOST),
                )
            )
        return CombatState(combatants=combatants, rulings=setup.rulings, ledger=setup.ledger)

    def prompts(self, state: CombatState) -> PromptStack[Any]:
        """The attack being resolved, as a prompt frame."""
        return state.prompts

    def gate(self, state: CombatState, command: Command) -> None:
        """The kit's prompt gate, while the combat goes on (after it, only rulings remain)."""
        if state.result is None or type(command) in self.answer_types:
            super().gate(state, command)

    def follow_up(self, state: CombatState, dice: DiceSource) -> Event | None:
        """The automatic event the rules call for next (a fall, damage, the round's end...)."""
        follow: Event | None = flow.follow_up(state)
        return follow

    def actors(self, state: CombatState) -> tuple[str, ...]:
        """Who may act in a settled state."""
        return flow.actors(state)

    def commands_of(self, state: CombatState, actor: str) -> tuple[Command, ...]:
        """Everything *actor* may send in a settled state."""
        return flow.commands_of(state, actor)

    def outcome_of(self, state: CombatState) -> GameResult | None:
        """How the combat ended, or ``None`` while it goes on."""
        return state.result


_GM_ENDED: Final = "m20.result.gm_ended"
#: Fields left out of the JSON when they hold their defaults.
_OPTIONAL_FIELDS: Final = ("boosts", "defense_boosts", "helpers", "lost")

#: The m20 combat ruleset (registered as ``m20`` through the ``tabletop_rules.rulesets``
#: entry point).
RULESET: Final = CombatRuleset()


# --------------------------------------------------------------------------- after a combat


def danger_terms(state: CombatState, participant: str) -> tuple[Term, ...]:
    """The combat's modifiers on *participant*'s specialty check to dodge a danger (M20-056).

    Pass them as ``extra`` to :meth:`~tabletop_rules.m20.SpecialtyCheck.of`: 專注防禦's +2
    this round, 分神援護's −2 and the summoner's penalty, as they stand now.

    Raises:
        IllegalCommand: No combatant has that id (``unknown_actor``).
        InvalidData: *state* is no m20 combat state (path ``$.state``), or *participant* no
            ``str`` (``$.participant``).

    .. versionadded:: 0.1.0
    """
    state = RULESET.checked_state(state)
    c = state.combatant(checked_text(participant, "$.participant"))
    return (*effect_terms(reads(c.effects, DANGER_READS)), *summoner_penalty(state, c))


def ledger_after(state: CombatState) -> ScenarioLedger:
    """The scenario ledger to carry into the next combat of the scenario (M20-022).

    Raises:
        InvalidData: *state* is no m20 combat state (path ``$.state``).

    .. versionadded:: 0.1.0
    """
    return RULESET.checked_state(state).ledger


def hp_after(state: CombatState) -> Mapping[str, int]:
    """Each participant's HP (summons left out), to carry into the next combat.

    Raises:
        InvalidData: *state* is no m20 combat state (path ``$.state``).

    .. versionadded:: 0.1.0
    """
    state = RULESET.checked_state(state)
    return MappingProxyType({c.id: c.hp for c in state.combatants if c.summoner is None})
