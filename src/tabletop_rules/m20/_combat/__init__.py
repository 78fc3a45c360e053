"""The m20 combat ruleset, built on the core's ruleset kit (:mod:`tabletop_rules.kit`).

The combat follows 【戰鬥規則】 as ``DESIGN.md`` reads it: no initiative; each standing
participant has one main action a round (two with 分神援護), in any order; the round ends when
all standing have acted or the GM ends it.
Every die is drawn in ``decide`` and recorded in the events; ``evolve`` applies the facts an
event records and never rolls or plans.
A record keeps each command with its faces and events; :func:`tabletop_rules.engine.replay`
decides every command again unless the record is trusted.

The package is split by concern: ``_values`` (setup, combatants, effects, state),
``_commands``, ``_events``, ``_terms`` (the modifiers of checks), ``_refusals``,
``_actions`` (one rule and one fold per action), ``_reactions`` (one row per reaction),
``_flow`` (turns, automatic events, who may act) and ``_log`` (the renderer tables); this
module holds the ruleset, ``RULESET`` and ``LOG``.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from tabletop_rules.checks import Term
from tabletop_rules.engine import GameResult, Pass, PromptStack
from tabletop_rules.kit import ROUND_RULES, CombatEnded, Log, RoundEnded, Rules, checked_text
from tabletop_rules.m20._combat import _actions as actions
from tabletop_rules.m20._combat import _flow as flow
from tabletop_rules.m20._combat._commands import (
    Attack,
    CoolDown,
    DangerCheck,
    Dismiss,
    FocusDefense,
    Frenzy,
    RuleFallen,
    SplitFocus,
    Summon,
    WideGuard,
)
from tabletop_rules.m20._combat._commands import Command as Command
from tabletop_rules.m20._combat._events import (
    Attacked,
    CoolDownDeclared,
    DangerChecked,
    Declined,
    FallenRuled,
    Fell,
    FocusedDefense,
    FrenzyDeclared,
    SplitFocusDeclared,
    StrikeResolved,
    SummonDismissed,
    Summoned,
    SummonVanished,
    WideGuardDeclared,
)
from tabletop_rules.m20._combat._events import Event as Event
from tabletop_rules.m20._combat._log import COMMAND_LINES, EVENT_LINES, names_of
from tabletop_rules.m20._combat._reactions import REACTIONS, answer, decline
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
    "LOG",
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
    """

    name: str = "m20"
    rules_version: str = "3"
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
                **dict.fromkeys(actions.SPECIALTY_ACTIONS, actions.decide_specialty),
                FocusDefense: actions.decide_focus,
                Summon: actions.decide_summon,
                SplitFocus: actions.decide_split_focus,
                CoolDown: actions.decide_cool_down,
                Frenzy: actions.decide_frenzy,
                WideGuard: actions.decide_wide_guard,
                Dismiss: actions.decide_dismiss,
                **ROUND_RULES,
                RuleFallen: actions.decide_rule_fallen,
                DangerCheck: actions.decide_danger,
                Pass: _answer_rule(Declined),
                **{r.command: _answer_rule(r.event) for r in REACTIONS},
            },
            events={
                Attacked: actions.fold_attacked,
                **dict.fromkeys(actions.OUTCOMES, actions.fold_specialty),
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
                Declined: decline,
                **dict.fromkeys((r.event for r in REACTIONS), answer),
            },
            bad_command="m20.illegal.bad_command",
            unknown_command="m20.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command and event unions by class name; check states when they are read.

        The fields that most commands and events leave at their defaults (``boosts``,
        ``defense_boosts``, ``helpers``, ``lost``) are left out of the JSON then, so that a
        record of plain play stays short.
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


#: Fields left out of the JSON when they hold their defaults.
_OPTIONAL_FIELDS: Final = ("boosts", "defense_boosts", "helpers", "lost")

#: The m20 combat ruleset (``SYSTEM.ruleset``; the system is registered as ``m20`` through
#: the ``tabletop_rules.systems`` entry point).
RULESET: Final = CombatRuleset()

#: The m20 combat log and menu labels: a renderer per event type and per command type
#: (``describe`` and ``command_label`` read them).
LOG: Final[Log[CombatState]] = Log(
    events=EVENT_LINES,
    commands=COMMAND_LINES,
    names=names_of,
    state_type=CombatState,
    event_name="m20.Event",
    command_name="m20.Command",
    shapes=RULESET.shapes,
)


def describe(event: Event, locale: str = "en", *, state: CombatState | None = None) -> str:
    """One line (or one per strike) of a combat log for *event*, in *locale*.

    Args:
        event: An m20 combat event.
        locale: The reader's language.
        state: A state of the combat (any one: names do not change); with it, participants
            are named by their characters' names (two of one name told apart by their ids),
            else by their ids.

    Raises:
        InvalidData: *event* is not an m20 combat event (path ``$``); *state* is not an m20
            combat state (``$.state``); *locale* is no ``str`` (``$.locale``).

    .. versionadded:: 0.1.0
    """
    return LOG.describe(event, locale, state=state)


def command_label(command: Command, locale: str = "en", *, state: CombatState | None = None) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    >>> from tabletop_rules.m20 import Hide
    >>> print(command_label(Hide(actor="al", target="bea"), "zh-Hant"))
    al 躲藏，避開 bea 的視線（物理攻擊）

    Args:
        command: An m20 combat command.
        locale: The reader's language.
        state: A state of the combat; with it, participants are named by their characters'
            names (two of one name told apart by their ids), else by their ids.

    Raises:
        InvalidData: *command* is not an m20 combat command (path ``$``), or has a field of
            the wrong type (``$.<field>``); *state* is not an m20 combat state
            (``$.state``); *locale* is no ``str`` (``$.locale``).

    .. versionadded:: 0.1.0
    """
    return LOG.label(command, locale, state=state)


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
