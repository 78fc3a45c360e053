"""The skirmish game on the ruleset kit: its tables, the ruleset, its log and menus.

The rooms: ``_values`` (the setup, the characters, the state), ``_commands``, ``_events``,
``_terms`` (the terms of a check), ``_refusals`` (the checks that refuse a command),
``_actions`` (the command rules and their folds), ``_reactions`` (response windows and
passes), ``_resolution`` (what an action may target and what its effect does: the
interpreter of the cards' effects, which only the skirmish has), ``_flow`` (the automatic
steps, who acts, the menus) and ``_log`` (the renderers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from tabletop_rules.dice import DiceSource
from tabletop_rules.engine import GameResult, Pass, PromptStack
from tabletop_rules.i18n import DEFAULT_LOCALE
from tabletop_rules.kit import Log, Rules, label_input
from tabletop_rules.skirmish._cards import Card, Timing
from tabletop_rules.skirmish._combat import _actions, _flow, _reactions
from tabletop_rules.skirmish._combat._commands import (
    Attack,
    Command,
    EndTurn,
    GiveAp,
    Prepare,
    UseSkill,
)
from tabletop_rules.skirmish._combat._events import (
    Advanced,
    ApGiven,
    Declared,
    Event,
    FirstPlayerRolled,
    GameEnded,
    Passed,
    StepTaken,
    TurnEnded,
    TurnStarted,
)
from tabletop_rules.skirmish._combat._log import COMMAND_LINES, EVENT_LINES, unit_names
from tabletop_rules.skirmish._combat._values import (
    PLAYERS,
    CombatSetup,
    CombatState,
    Unit,
    check_loaded,
)
from tabletop_rules.skirmish._effects import Replace, Summon

if TYPE_CHECKING:
    import cattrs

__all__ = ["LOG", "RULESET", "SkirmishRuleset", "command_label", "describe"]


def _library(setup: CombatSetup) -> tuple[Card, ...]:
    """The cards of the game, one to an id.

    The setup's own check (``CombatSetup``) has refused two different cards of one id and a
    card that brings in a card the setup does not give.
    """
    cards = (*setup.library, *(card for team in setup.teams for card in team.cards))
    return tuple({card.id: card for card in cards}.values())


def _reachable(setup: CombatSetup, library: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards that can come onto the field: the teams' and those they bring in."""
    by_id = {card.id: card for card in library}
    found: dict[str, Card] = {}
    todo = [card for team in setup.teams for card in team.cards]
    while todo:
        card = todo.pop()
        if card.id in found:
            continue
        found[card.id] = card
        for skill in card.skills:
            for effect in skill.effects:
                if type(effect) in (Replace, Summon):
                    todo.append(by_id[effect.card])  # type: ignore[union-attr]
    return tuple(found.values())


class SkirmishRuleset(Rules[CombatSetup, CombatState, Command, Event]):
    """The card skirmish as a kit ruleset.

    .. versionadded:: 0.1.0
    """

    name: str = "skirmish"
    rules_version: str = "5"
    setup_type: Any = CombatSetup
    state_type: Any = CombatState
    command_type: Any = Command
    event_type: Any = Event
    resolving_reason: ClassVar[str] = "skirmish.illegal.resolving"

    def __init__(self) -> None:
        super().__init__(
            commands={
                Attack: _actions.decide_attack,
                Prepare: _actions.decide_prepare,
                UseSkill: _actions.decide_skill,
                GiveAp: _actions.decide_give,
                EndTurn: _actions.decide_end,
                Pass: _reactions.decide_pass,
            },
            events={
                FirstPlayerRolled: _flow.fold_first,
                TurnStarted: _flow.fold_turn_started,
                ApGiven: _actions.fold_given,
                Declared: _actions.fold_declared,
                Passed: _reactions.fold_passed,
                Advanced: _flow.fold_advanced,
                TurnEnded: _actions.fold_turn_ended,
                GameEnded: _flow.fold_game_ended,
            },
            bad_command="skirmish.illegal.bad_command",
            unknown_command="skirmish.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the command, event, step and effect unions by class name; check states read."""
        from tabletop_rules.serialization import register_tagged_union
        from tabletop_rules.skirmish._effects import Effect

        register_tagged_union(converter, Effect)  # first: events hold cards, which hold effects
        register_tagged_union(converter, StepTaken)  # and Advanced holds steps
        register_tagged_union(converter, Command)
        register_tagged_union(converter, Event)
        plain = converter.get_structure_hook(CombatState)
        converter.register_structure_hook(
            CombatState, lambda value, cls: check_loaded(plain(value, cls))
        )

    def start(self, setup: CombatSetup) -> CombatState:
        """Each team's cards on their rows, at full hp and 0 AP; the first player not rolled yet.

        Raises:
            InvalidData: *setup* is no :class:`CombatSetup` (path ``$.setup``); a setup's
                cards are checked when it is made.
        """
        setup = self.checked_setup(setup)
        units = tuple(
            Unit(id=f"{player}{i + 1}", owner=player, card=card, hp=card.hp, row=row)
            for player, team in zip(PLAYERS, setup.teams, strict=True)
            for i, (card, row) in enumerate(zip(team.cards, team.rows, strict=True))
        )
        library = _library(setup)
        answered = frozenset(
            skill.step
            for card in _reachable(setup, library)
            for skill in card.skills
            if skill.timing is Timing.RESPONSE and skill.step is not None
        )
        return CombatState(
            units=units, library=library, rulings=setup.rulings, answered_steps=answered
        )

    def prompts(self, state: CombatState) -> PromptStack[Any]:
        """The response stack."""
        return state.stack

    def follow_up(self, state: CombatState, dice: DiceSource) -> Event | None:
        """The automatic event the rules call for next (it may roll: the first player, a check)."""
        found = _flow.owed(state, dice)
        return None if found is None else found[0]

    def advance(self, state: CombatState, dice: DiceSource) -> tuple[Event, CombatState] | None:
        """The automatic event the rules call for next, and the state after it.

        The steps of :class:`Advanced` are taken while they are planned: not folded again.
        """
        found = _flow.owed(state, dice)
        if found is None:
            return None
        event, after, settled = found
        if after is None:
            return event, self.event_rules[type(event)](state, event)
        if settled:
            self._owes_nothing(after)
        return event, after

    def actors(self, state: CombatState) -> tuple[str, ...]:
        """The one asked on the stack, or the turn player."""
        return _flow.actors(state)

    def commands_of(self, state: CombatState, actor: str) -> list[Command]:
        """Everything *actor*, one of :meth:`actors`, may send now."""
        return _flow.commands_of(state, actor)

    def outcome_of(self, state: CombatState) -> GameResult | None:
        """How the game ended, or ``None``."""
        return state.result


#: The skirmish ruleset.
RULESET: Final = SkirmishRuleset()

#: The skirmish's log and menu labels: a renderer per event type and per command type.
#:
#: .. versionadded:: 0.1.0
LOG: Final = Log[CombatState](
    events=EVENT_LINES,
    commands=COMMAND_LINES,
    names=unit_names,
    state_type=CombatState,
    event_name="skirmish.Event",
    command_name="skirmish.Command",
    shapes=RULESET.shapes,
)


def describe(
    event: Event, locale: str = DEFAULT_LOCALE, *, state: CombatState | None = None
) -> str:
    """One line of the game log for *event*, in *locale*.

    Args:
        event: A skirmish event.
        locale: The reader's language.
        state: A state of the game after the event; with it, characters are named by their
            cards (with their ids where two share a name), else by their ids.

    Raises:
        InvalidData: *event* is no skirmish event (path ``$``), or an :class:`Advanced` event
            without steps or with something else among them (``$.steps``); *state* is no
            skirmish state (``$.state``).

    .. versionadded:: 0.1.0
    """
    return LOG.describe(event, locale, state=state)


def command_label(
    command: Command, locale: str = DEFAULT_LOCALE, *, state: CombatState | None = None
) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    >>> from tabletop_rules.skirmish import Prepare, command_label
    >>> print(command_label(Prepare("a", "a1", row=0), "zh-Hant"))
    a1 預備動作（+2 行動點），移動到第 0 行

    Args:
        command: A skirmish command.
        locale: The reader's language.
        state: The state the command is offered in (read, as ``legal_commands`` reads it,
            after the automatic events it owes); with it, characters are named by their
            cards, skills by their card names and costs, and a skill offered while an action
            is being resolved is labelled as a response. Without it, ids and skill numbers.

    Raises:
        InvalidData: *command* is no skirmish command, or has a field of the wrong type;
            *state* is no skirmish state.

    .. versionadded:: 0.1.0
    """
    return LOG.label(command, locale, state=label_input(RULESET, command, state))
