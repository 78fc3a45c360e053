"""The bayside23 battle as a ruleset on the kit (戦闘の基本ルール).

Every turn starts with initiative, which the rules roll by themselves: every active
combatant rolls 1D6 + 敏捷性's modifier, lower first, and the tied roll again among
themselves, each die recorded (the first turn's is rolled by
:func:`~tabletop_rules.engine.begin`, each later one by the command that ends a turn).
Then each acts in that order: attack, cast, switch weapon, ready a bow or gun, make the action
check the GM calls (a trap, a lock, a riddle), wait or flee (one action), and a player
character may use an artifact first.
Automatic events follow on their own: a fallen combatant's lost turn, the end of the turn,
the end of the battle.
After a win the party strikes an enemy for 1d3 or 1d6, or forgoes it.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from tabletop_rules.bayside23._artifacts import SessionLedger
from tabletop_rules.bayside23._combat import _actions as actions
from tabletop_rules.bayside23._combat import _flow as flow
from tabletop_rules.bayside23._combat._commands import (
    Attack,
    Cast,
    Command,
    FinishingStrike,
    Flee,
    ForgoStrike,
    Overcome,
    Ready,
    SwitchWeapon,
    UseArtifact,
    Wait,
)
from tabletop_rules.bayside23._combat._events import (
    ArtifactUsed,
    Attacked,
    CombatEnded,
    Event,
    Fled,
    Healed,
    InitiativeRolled,
    ObstacleChecked,
    Readied,
    StrikeForgone,
    Struck,
    TurnEnded,
    TurnLost,
    Waited,
    WeaponSwitched,
)
from tabletop_rules.bayside23._combat._log import COMMAND_LINES, EVENT_LINES, names
from tabletop_rules.bayside23._combat._values import (
    Combatant,
    CombatSetup,
    CombatState,
    Status,
    check_loaded,
)
from tabletop_rules.i18n import DEFAULT_LOCALE
from tabletop_rules.kit import Log, Rules, checked_items

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource
    from tabletop_rules.engine import GameResult

__all__ = ["LOG", "RULESET", "CombatRuleset", "command_label", "describe", "ledger_after", "log"]


class CombatRuleset(Rules[CombatSetup, CombatState, Command, Event]):
    """The bayside23 battle: initiative each turn, roll-under hits, damage, the strike.

    .. versionadded:: 0.1.0
    """

    name: str = "bayside23"
    rules_version: str = "3"
    setup_type: Any = CombatSetup
    state_type: Any = CombatState
    command_type: Any = Command
    event_type: Any = Event
    resolving_reason: ClassVar[str] = "bayside23.illegal.battle_decided"

    def __init__(self) -> None:
        super().__init__(
            commands={
                Attack: actions.decide_attack,
                Cast: actions.decide_cast,
                SwitchWeapon: actions.decide_switch,
                Ready: actions.decide_ready,
                Wait: actions.decide_wait,
                Overcome: actions.decide_overcome,
                Flee: actions.decide_flee,
                UseArtifact: actions.decide_artifact,
                FinishingStrike: actions.decide_strike,
                ForgoStrike: actions.decide_forgo,
            },
            events={
                InitiativeRolled: flow.fold_initiative,
                Attacked: actions.fold_attacked,
                Healed: actions.fold_healed,
                WeaponSwitched: actions.fold_switch,
                Readied: actions.fold_ready,
                Waited: actions.fold_wait,
                ObstacleChecked: actions.fold_overcome,
                Fled: actions.fold_flee,
                ArtifactUsed: actions.fold_artifact,
                Struck: actions.fold_strike,
                StrikeForgone: actions.fold_forgo,
                TurnLost: flow.fold_turn_lost,
                TurnEnded: flow.fold_turn_ended,
                CombatEnded: flow.fold_combat_ended,
            },
            bad_command="bayside23.illegal.bad_command",
            unknown_command="bayside23.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the unions, and check every state read from JSON (its ids, HP and order)."""
        super().configure_converter(converter)
        plain = converter.get_structure_hook(CombatState)
        converter.register_structure_hook(
            CombatState, lambda value, cls: check_loaded(plain(value, cls))
        )

    def start(self, setup: CombatSetup) -> CombatState:
        """The state before the first initiative: everyone at its HP, the first weapon in hand.

        The rules roll that initiative before anyone acts: :func:`~tabletop_rules.engine.begin`
        starts a battle and rolls it.
        """
        setup = self.checked_setup(setup)
        combatants: list[Combatant] = []
        for p in setup.participants:
            hp = p.character.hp if p.hp is None else p.hp
            combatants.append(
                Combatant(
                    id=p.id,
                    side=p.side,
                    follower=p.follower,
                    character=p.character,
                    weapons=p.weapons,
                    spells=p.spells,
                    hp=hp,
                    status=Status.ACTIVE if hp > 0 else Status.DOWN,
                )
            )
        return CombatState(combatants=combatants, rulings=setup.rulings, ledger=setup.ledger)

    def follow_up(self, state: CombatState, dice: DiceSource) -> Event | None:
        """The automatic event owed, if any.

        The end of the battle, the initiative of a new turn (rolled with *dice*), a lost
        turn, the end of a turn.
        """
        return flow.follow_up(state, dice)

    def actors(self, state: CombatState) -> tuple[str, ...]:
        """Who may act: the combatant on turn, or the winners."""
        return flow.actors(state)

    def commands_of(self, state: CombatState, actor: str) -> list[Any]:
        """Everything *actor* may send."""
        return flow.commands_of(state, actor)

    def outcome_of(self, state: CombatState) -> GameResult | None:
        """The winning side once everything is over."""
        return flow.outcome_of(state)


def ledger_after(state: CombatState) -> SessionLedger:
    """The session ledger to carry to the next battle of the session (artifacts spent).

    Raises:
        InvalidData: *state* is no bayside23 battle state (path ``$.state``).

    .. versionadded:: 0.1.0
    """
    return RULESET.checked_state(state).ledger


#: The bayside23 battle ruleset, registered as ``bayside23``.
#:
#: .. versionadded:: 0.1.0
RULESET: Final = CombatRuleset()

#: The bayside23 battle's log and menu labels: a renderer per event and per command type.
#:
#: .. versionadded:: 0.1.0
LOG: Final = Log(
    events=EVENT_LINES,
    commands=COMMAND_LINES,
    names=names,
    state_type=CombatState,
    event_name="bayside23.Event",
    command_name="bayside23.Command",
    shapes=RULESET.shapes,
)


def describe(
    event: Event, locale: str = DEFAULT_LOCALE, *, state: CombatState | None = None
) -> str:
    """One line of the battle log for *event* in *locale*.

    >>> from tabletop_rules.bayside23 import Waited, describe
    >>> print(describe(Waited(actor="mina"), "ja"))
    mina は待機した。

    Args:
        event: A bayside23 battle event.
        locale: The reader's language.
        state: A state of the battle (any one: names do not change); with it, participants
            are named by their characters' names (``name (id)`` where two share one), else
            by their ids.

    Raises:
        InvalidData: *event* is not a bayside23 battle event (path ``$``); *state* is not a
            :class:`~tabletop_rules.bayside23.CombatState` (``$.state``).

    .. versionadded:: 0.1.0
    """
    return LOG.describe(event, locale, state=state)


def log(
    events: Iterable[Event], locale: str = DEFAULT_LOCALE, *, state: CombatState | None = None
) -> str:
    """The log of *events*, one :func:`describe` line each, joined by newlines.

    Args:
        events: Events of a bayside23 battle.
        locale: The reader's language.
        state: A state of the battle; with it, participants are named by their characters'
            names, else by their ids.

    Raises:
        InvalidData: *events* is no list of bayside23 battle events (path ``$.events``, or
            ``$.events[<index>]`` for an event); *state* is not a
            :class:`~tabletop_rules.bayside23.CombatState` (``$.state``).

    .. versionadded:: 0.1.0
    """
    listed = checked_items(events, object, "$.events", "bayside23.Event")
    known = [RULESET.checked_event(event, f"$.events[{i}]") for i, event in enumerate(listed)]
    return "\n".join(LOG.describe(e, locale, state=state) for e in known)


def command_label(
    command: Command, locale: str = DEFAULT_LOCALE, *, state: CombatState | None = None
) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    With *state*, participants are named by their characters' names, and a weapon or a
    spell by its name (a heal says so); without it, by their ids and their places in the
    combatant's list, from ``#1``.

    >>> from tabletop_rules.bayside23 import FinishingStrike, command_label
    >>> print(command_label(FinishingStrike(actor="mina", target="g1", sides=3), "ja"))
    mina が g1 の生命力を 1D3 減らす

    Args:
        command: A bayside23 battle command.
        locale: The reader's language.
        state: A state of the battle; with it, names instead of ids and numbers.

    Raises:
        InvalidData: *command* is not a bayside23 battle command (path ``$``), or has a field
            of the wrong type (``$.<field>``); *state* is not a
            :class:`~tabletop_rules.bayside23.CombatState` (``$.state``).

    .. versionadded:: 0.1.0
    """
    return LOG.label(command, locale, state=state)
