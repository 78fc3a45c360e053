"""One rule and one fold per command of a bayside23 battle.

A rule checks that the command is allowed (:mod:`._refusals`), rolls every die and returns
the events; a fold applies what an event records and rolls nothing.
"""

from __future__ import annotations

from typing import Final

import attrs

from tabletop_rules.arguments import shown
from tabletop_rules.bayside23._artifacts import SessionLedger
from tabletop_rules.bayside23._character import Attribute
from tabletop_rules.bayside23._checks import (
    CRITICAL_DAMAGE,
    ActionCheck,
    HitKind,
    unchecked_special,
)
from tabletop_rules.bayside23._combat import _refusals as refuse
from tabletop_rules.bayside23._combat._commands import (
    Attack,
    Cast,
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
    Fled,
    Healed,
    ObstacleChecked,
    Readied,
    StrikeForgone,
    Struck,
    Waited,
    WeaponSwitched,
)
from tabletop_rules.bayside23._combat._flow import next_in_order
from tabletop_rules.bayside23._combat._terms import damage_roll, hit_check
from tabletop_rules.bayside23._combat._values import (
    Combatant,
    CombatState,
    Side,
    Status,
    changed,
    replace,
    state_with,
)
from tabletop_rules.checks import Opposition, Outcome
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic

# --------------------------------------------------------------------------- attacks


def _yet_to_act(state: CombatState, id: str) -> bool:
    """Whether *id* has its place in this turn's order still to come."""
    return id in state.order[state.position + 1 :]


def _strike(  # noqa: PLR0917 - one call site, every argument named by its role
    state: CombatState,
    actor: Combatant,
    target: Combatant,
    kind: HitKind,
    dice: Dice,
    rolling: DiceSource,
) -> Attacked:
    with atomic(rolling) as source:
        result = hit_check(state, actor, target, kind).resolve(source)
        rolled: Roll | None = None
        damage = 0
        if result.outcome is Outcome.CRITICAL:
            damage = CRITICAL_DAMAGE
        elif result.outcome is Outcome.SUCCESS:
            rolled, damage = damage_roll(state, actor, target, kind, dice).resolve(source)
    backlash = 0
    falls: tuple[str, ...] = ()
    falls_now: tuple[str, ...] = ()
    if result.outcome is Outcome.FUMBLE:
        falls = (actor.id,)
    elif state.rulings.defender_specials and isinstance(result.against, Opposition):
        found = unchecked_special(result.against.rolls[0].faces, state.rulings)
        if found is Outcome.CRITICAL and result.outcome is Outcome.FAILURE:
            backlash = CRITICAL_DAMAGE
        elif found is Outcome.FUMBLE:
            falls = (target.id,)
            falls_now = falls if _yet_to_act(state, target.id) else ()
    return Attacked(
        actor=actor.id,
        target=target.id,
        kind=kind,
        check=result,
        damage_roll=rolled,
        damage=damage,
        backlash=backlash,
        falls=falls,
        falls_now=falls_now,
    )


def _heal(
    actor: Combatant, target: Combatant, dice: Dice, attribute: Attribute, rolling: DiceSource
) -> Healed:
    """A heal: the die + *attribute*'s bonus, no defense subtracted, never above 生命力 (BAY-15)."""
    roll = rolling.roll(dice)
    bonus = actor.character.bonus(attribute)
    amount = min(target.character.hp - target.hp, max(0, roll.total + bonus))
    return Healed(
        actor=actor.id, target=target.id, roll=roll, amount=amount, attribute=attribute, bonus=bonus
    )


@attrs.frozen(kw_only=True)
class Planned:
    """An attack or a spell checked before any die: who, on whom, and how it is rolled."""

    #: Who acts.
    actor: Combatant
    #: On whom (an enemy for a hit, an ally for a heal).
    target: Combatant
    #: The hit check's kind, or ``None`` for a heal (no hit check).
    kind: HitKind | None
    #: The damage or healing dice.
    dice: Dice
    #: The attribute whose bonus a heal adds.
    heal_attribute: Attribute = Attribute.MIND


def plan_attack(state: CombatState, command: Attack) -> Planned:
    """Refuse an attack not allowed now; its plan.

    A direct attack hits with 体力, a readied bow or gun with 敏捷性 (BAY-21, BAY-27); a
    healing weapon heals an ally with 体力's bonus and no hit check (BAY-15).

    Raises:
        IllegalCommand: The attack is not allowed now (``_refusals.py``).
    """
    actor = refuse.on_turn(state, command.actor)
    aimed = refuse.target(state, command.target)
    weapon = refuse.ready_weapon(actor)
    if weapon.heals:
        target = refuse.ally(actor, aimed)
        return Planned(
            actor=actor,
            target=target,
            kind=None,
            dice=weapon.damage,
            heal_attribute=Attribute.STRENGTH,
        )
    kind = HitKind.RANGED if weapon.ranged else HitKind.WEAPON
    return Planned(actor=actor, target=refuse.enemy(actor, aimed), kind=kind, dice=weapon.damage)


def plan_cast(state: CombatState, command: Cast) -> Planned:
    """Refuse a spell not allowed now; its plan (a heal adds 精神力's bonus, BAY-15, BAY-24).

    Raises:
        IllegalCommand: The spell is not allowed now (``_refusals.py``).
    """
    actor = refuse.on_turn(state, command.actor)
    aimed = refuse.target(state, command.target)
    if not 0 <= command.spell < len(actor.spells):
        raise refuse.illegal("no_spell", actor=actor.id, spell=shown(command.spell))
    spell = actor.spells[command.spell]
    if spell.heals:
        return Planned(actor=actor, target=refuse.ally(actor, aimed), kind=None, dice=spell.damage)
    target = refuse.enemy(actor, aimed)
    return Planned(actor=actor, target=target, kind=HitKind.MAGIC, dice=spell.damage)


def _planned(state: CombatState, plan: Planned, dice: DiceSource) -> tuple[Attacked | Healed]:
    if plan.kind is None:
        return (_heal(plan.actor, plan.target, plan.dice, plan.heal_attribute, dice),)
    return (_strike(state, plan.actor, plan.target, plan.kind, plan.dice, dice),)


def decide_attack(
    state: CombatState, command: Attack, dice: DiceSource
) -> tuple[Attacked | Healed]:
    """A direct attack (体力), a ranged one with a bow or gun in hand (敏捷性), or first aid."""
    return _planned(state, plan_attack(state, command), dice)


def decide_cast(state: CombatState, command: Cast, dice: DiceSource) -> tuple[Attacked | Healed]:
    """An attacking spell (精神力 against 精神力), or a heal on the caster's side (BAY-15)."""
    return _planned(state, plan_cast(state, command), dice)


def _hurt(state: CombatState, id: str, damage: int) -> CombatState:
    if not damage:
        return state
    c = state.combatant(id)
    hp = max(0, c.hp - damage)
    return replace(state, changed(c, hp=hp, status=Status.DOWN if hp == 0 else c.status))


def fold_attacked(state: CombatState, event: Attacked) -> CombatState:
    """Damage, backlash and falls, as recorded."""
    state = _hurt(state, event.target, event.damage)
    state = _hurt(state, event.actor, event.backlash)
    for id in event.falls:
        state = replace(state, changed(state.combatant(id), prone=True))
    return next_in_order(state)


def fold_healed(state: CombatState, event: Healed) -> CombatState:
    """HP restored; a downed ally with HP again can act again."""
    c = state.combatant(event.target)
    hp = c.hp + event.amount
    status = Status.ACTIVE if c.status is Status.DOWN and hp > 0 else c.status
    return next_in_order(replace(state, changed(c, hp=hp, status=status)))


# --------------------------------------------------------------------------- other actions


def decide_switch(
    state: CombatState, command: SwitchWeapon, _: DiceSource
) -> tuple[WeaponSwitched]:
    """Take another weapon in hand (BAY-14)."""
    actor = refuse.on_turn(state, command.actor)
    if not 0 <= command.weapon < len(actor.weapons) or command.weapon == actor.wielding:
        raise refuse.illegal("no_weapon_to_switch", actor=actor.id, weapon=shown(command.weapon))
    return (WeaponSwitched(actor.id, command.weapon),)


def fold_switch(state: CombatState, event: WeaponSwitched) -> CombatState:
    """The weapon in hand changes, unready."""
    c = state.combatant(event.actor)
    return next_in_order(replace(state, changed(c, wielding=event.weapon, ready=False)))


def decide_ready(state: CombatState, command: Ready, _: DiceSource) -> tuple[Readied]:
    """Ready the bow or gun in hand (BAY-14)."""
    actor = refuse.on_turn(state, command.actor)
    weapon = actor.weapon
    if weapon is None or not weapon.ranged or actor.ready:
        raise refuse.illegal("nothing_to_ready", actor=actor.id)
    return (Readied(actor.id),)


def fold_ready(state: CombatState, event: Readied) -> CombatState:
    """The bow or gun in hand is ready until another weapon is taken."""
    return next_in_order(replace(state, changed(state.combatant(event.actor), ready=True)))


def decide_wait(state: CombatState, command: Wait, _: DiceSource) -> tuple[Waited]:
    """Wait: the action passes (BAY-14)."""
    refuse.on_turn(state, command.actor)
    return (Waited(command.actor),)


def fold_wait(state: CombatState, _: Waited) -> CombatState:
    """The next in order acts."""
    return next_in_order(state)


#: The most the GM's difficulty of an action check in a battle may be, either way.
MAX_DIFFICULTY: Final = 99


def plan_overcome(state: CombatState, command: Overcome) -> ActionCheck:
    """Refuse an action check not allowed now; the check, before any die (BAY-34 to BAY-37).

    :func:`decide_overcome` rolls it; the menus' odds (``bayside23.odds``) are its
    :meth:`~tabletop_rules.bayside23.ActionCheck.probability`.

    Raises:
        IllegalCommand: Not the actor's turn, a difficulty beyond ±99
            (``bayside23.illegal.difficulty``), or a skill the character lacks
            (``bayside23.illegal.no_skill``).
    """
    actor = refuse.on_turn(state, command.actor)
    if not -MAX_DIFFICULTY <= command.difficulty <= MAX_DIFFICULTY:
        raise refuse.illegal(
            "difficulty", difficulty=shown(command.difficulty), most=MAX_DIFFICULTY
        )
    character = actor.character
    if command.skill is not None and all(s.name != command.skill for s in character.skills):
        raise refuse.illegal("no_skill", actor=actor.id, skill=command.skill)
    return ActionCheck.of(character, command.skill, command.difficulty)


def decide_overcome(
    state: CombatState, command: Overcome, dice: DiceSource
) -> tuple[ObstacleChecked]:
    """An action check the GM calls, as the turn's action (BAY-14, BAY-34 to BAY-37)."""
    result = plan_overcome(state, command).resolve(dice)
    return (ObstacleChecked(actor=command.actor, obstacle=command.obstacle, result=result),)


def fold_overcome(state: CombatState, _: ObstacleChecked) -> CombatState:
    """The action is spent: the next in order acts."""
    return next_in_order(state)


def decide_flee(state: CombatState, command: Flee, _: DiceSource) -> tuple[Fled]:
    """Flee: leave at once, no check (BAY-14)."""
    refuse.on_turn(state, command.actor)
    return (Fled(command.actor),)


def fold_flee(state: CombatState, event: Fled) -> CombatState:
    """The combatant is gone."""
    gone = changed(state.combatant(event.actor), status=Status.GONE)
    return next_in_order(replace(state, gone))


def decide_artifact(state: CombatState, command: UseArtifact, _: DiceSource) -> tuple[ArtifactUsed]:
    """A player character uses an artifact on its turn (BAY-47, BAY-49)."""
    actor = refuse.player(refuse.on_turn(state, command.actor))
    state.ledger.use(command.artifact)  # refuses an artifact not held or spent
    return (ArtifactUsed(actor.id, command.artifact),)


def fold_artifact(state: CombatState, event: ArtifactUsed) -> CombatState:
    """The artifact is spent; the turn goes on."""
    ledger = state.ledger
    spent = ledger.spent | {event.artifact}
    return state_with(state, ledger=SessionLedger(artifacts=ledger.artifacts, spent=spent))


# --------------------------------------------------------------------------- after a win


def decide_strike(state: CombatState, command: FinishingStrike, dice: DiceSource) -> tuple[Struck]:
    """The winners strike an enemy for 1d3 or 1d6, their choice (BAY-33)."""
    refuse.striker(state, command.actor)
    target = refuse.target(state, command.target)
    if target.side is not Side.ENEMIES:
        raise refuse.illegal("not_an_enemy", target=target.id)
    if command.sides not in (3, 6):
        raise refuse.illegal("strike_dice", sides=shown(command.sides))
    return (Struck(actor=command.actor, target=target.id, roll=dice.roll(Dice(1, command.sides))),)


def fold_strike(state: CombatState, event: Struck) -> CombatState:
    """The enemy loses the HP rolled (never below 0); the battle is over."""
    state = _hurt(state, event.target, event.roll.total)
    return state_with(state, finished=True)


def decide_forgo(state: CombatState, command: ForgoStrike, _: DiceSource) -> tuple[StrikeForgone]:
    """The winners do without the strike."""
    refuse.striker(state, command.actor)
    return (StrikeForgone(command.actor),)


def fold_forgo(state: CombatState, _: StrikeForgone) -> CombatState:
    """The battle is over."""
    return state_with(state, finished=True)
