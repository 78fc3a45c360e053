"""The bayside23 battle as a ruleset on the kit (戦闘の基本ルール).

A turn starts with the GM's :class:`RollInitiative`: every active combatant rolls 1D6 +
敏捷性's modifier, lower first, and the tied roll again among themselves, each die recorded.
Then each acts in that order: attack, cast, switch weapon, ready a bow or gun, wait or flee
(one action), and a player character may use an artifact first.
Automatic events follow on their own: a fallen combatant's lost turn, the end of the turn,
the end of the battle.
After a win the party strikes an enemy for 1d3 or 1d6, or forgoes it.

The kit's ``follow_up`` rolls no dice, so the initiative of each turn is a command of the GM
(``gm``) that the automatic events lead to; a bot sends it as soon as it is the only legal
command.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

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
    Ready,
    RollInitiative,
    SwitchWeapon,
    UseArtifact,
    Wait,
)
from tabletop_rules.bayside23._combat._events import (
    ArtifactUsed,
    Attacked,
    BattleEnded,
    Event,
    Fled,
    Healed,
    InitiativeRolled,
    Readied,
    StrikeForgone,
    Struck,
    TurnEnded,
    TurnLost,
    Waited,
    WeaponSwitched,
)
from tabletop_rules.bayside23._combat._values import (
    BattleSetup,
    BattleState,
    Combatant,
    Status,
    check_loaded,
)
from tabletop_rules.kit import Rules

if TYPE_CHECKING:
    import cattrs

    from tabletop_rules.dice import DiceSource
    from tabletop_rules.engine import GameResult

__all__ = ["RULESET", "BattleRuleset", "ledger_after"]


class BattleRuleset(Rules[BattleSetup, BattleState, Command, Event]):
    """The bayside23 battle: initiative each turn, roll-under hits, damage, the strike.

    .. versionadded:: 0.2.0
    """

    name: str = "bayside23"
    rules_version: str = "1"
    setup_type: Any = BattleSetup
    state_type: Any = BattleState
    command_type: Any = Command
    event_type: Any = Event
    resolving_reason: ClassVar[str] = "bayside23.illegal.battle_decided"

    def __init__(self) -> None:
        super().__init__(
            commands={
                RollInitiative: actions.decide_initiative,
                Attack: actions.decide_attack,
                Cast: actions.decide_cast,
                SwitchWeapon: actions.decide_switch,
                Ready: actions.decide_ready,
                Wait: actions.decide_wait,
                Flee: actions.decide_flee,
                UseArtifact: actions.decide_artifact,
                FinishingStrike: actions.decide_strike,
                ForgoStrike: actions.decide_forgo,
            },
            events={
                InitiativeRolled: actions.fold_initiative,
                Attacked: actions.fold_attacked,
                Healed: actions.fold_healed,
                WeaponSwitched: actions.fold_switch,
                Readied: actions.fold_ready,
                Waited: actions.fold_wait,
                Fled: actions.fold_flee,
                ArtifactUsed: actions.fold_artifact,
                Struck: actions.fold_strike,
                StrikeForgone: actions.fold_forgo,
                TurnLost: flow.fold_turn_lost,
                TurnEnded: flow.fold_turn_ended,
                BattleEnded: flow.fold_battle_ended,
            },
            bad_command="bayside23.illegal.bad_command",
            unknown_command="bayside23.illegal.unknown_command",
        )

    def configure_converter(self, converter: cattrs.Converter) -> None:
        """Tag the unions, and check every state read from JSON (its ids, HP and order)."""
        super().configure_converter(converter)
        plain = converter.get_structure_hook(BattleState)
        converter.register_structure_hook(
            BattleState, lambda value, cls: check_loaded(plain(value, cls))
        )

    def start(self, setup: BattleSetup) -> BattleState:
        """The state before the first initiative: everyone at its HP, the first weapon in hand."""
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
        return BattleState(combatants=combatants, rulings=setup.rulings, ledger=setup.ledger)

    def follow_up(self, state: BattleState, dice: DiceSource) -> Event | None:
        """The automatic event owed: the end of the battle, a lost turn, the end of a turn."""
        return flow.follow_up(state)

    def actors(self, state: BattleState) -> tuple[str, ...]:
        """Who may act: the GM for initiative, the combatant on turn, or the winners."""
        return flow.actors(state)

    def commands_of(self, state: BattleState, actor: str) -> list[Any]:
        """Everything *actor* may send."""
        return flow.commands_of(state, actor)

    def outcome_of(self, state: BattleState) -> GameResult | None:
        """The winning side once everything is over."""
        return flow.outcome_of(state)


def ledger_after(state: BattleState) -> SessionLedger:
    """The session ledger to carry to the next battle of the session (artifacts spent).

    Raises:
        InvalidData: *state* is no bayside23 battle state (path ``$.state``).

    .. versionadded:: 0.2.0
    """
    return RULESET.checked_state(state).ledger


#: The bayside23 battle ruleset, registered as ``bayside23``.
#:
#: .. versionadded:: 0.2.0
RULESET: BattleRuleset = BattleRuleset()
