"""The rules of a bar2d6 combat's commands, and the folds of their events.

A rule checks that its command is allowed now (:mod:`._refusals`), draws every die and
returns the events; a fold applies what its event records and plans nothing.
:data:`COMMAND_RULES` and :data:`EVENT_FOLDS` are the ruleset's two tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from tabletop_rules.bar2d6._character import SpecialKind
from tabletop_rules.bar2d6._checks import (
    CHECK_DICE,
    MAX_DIFFICULTY,
    GMCheck,
    Helper,
    item_terms,
    judged_contest,
)
from tabletop_rules.bar2d6._combat._commands import (
    Attack,
    CallCheck,
    GrantBonus,
    Heal,
    SetHp,
    Wait,
)
from tabletop_rules.bar2d6._combat._events import (
    Attacked,
    BonusGranted,
    CheckMade,
    CombatEnded,
    Event,
    Healed,
    HpSet,
    RoundEnded,
    Waited,
)
from tabletop_rules.bar2d6._combat._refusals import (
    ability,
    acting,
    attack_targets,
    going_on,
    held_by,
    held_items,
    standing_target,
)
from tabletop_rules.bar2d6._combat._terms import attack_terms, defense_terms
from tabletop_rules.bar2d6._combat._values import (
    AttackMode,
    Combatant,
    CombatState,
    Strike,
    changed,
    state_with,
)
from tabletop_rules.checks import Term
from tabletop_rules.dice import DiceSource
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.kit import ROUND_RULES, check_gm, shown

__all__ = [
    "COMMAND_RULES",
    "EVENT_FOLDS",
    "HIT_DAMAGE",
    "PlannedAttack",
    "plan_attack",
    "plan_call_check",
]

#: The damage of a hit before any boost (B2D6-02).
HIT_DAMAGE: Final = 1

_MODES: Final = {SpecialKind.AREA: AttackMode.AREA, SpecialKind.MULTI: AttackMode.MULTI}


# --------------------------------------------------------------------------- attack


@attrs.frozen(kw_only=True)
class PlannedAttack:
    """An attack checked and planned before any die: what its contests add and take."""

    #: Who attacks.
    attacker: Combatant
    #: Single, area or multi.
    mode: AttackMode
    #: How many attack rolls (a multi-attack's count, else 1).
    attacks: int
    #: The damage of each hit.
    damage: int
    #: The terms of the first attack roll, and of each later one (a multi-attack's).
    first: tuple[Term, ...]
    later: tuple[Term, ...]
    #: Each target with the terms of its defense.
    defenses: tuple[tuple[Combatant, tuple[Term, ...]], ...]


def plan_attack(state: CombatState, command: Attack) -> PlannedAttack:
    """Refuse an attack not allowed now; its mode, terms and targets, before any die.

    :func:`decide_attack` rolls the plan; the menus' odds (``bar2d6.odds``) compute its
    chance.

    Raises:
        IllegalCommand: The attack is not allowed now (``_refusals.py``).
    """
    attacker = acting(state, command.actor)
    targets = attack_targets(state, attacker, command)
    held_items(attacker, targets, command)
    mode = AttackMode.SINGLE
    attacks = 1
    character = attacker.character
    if command.special is not None:
        _, kind, amount = ability(character, command.special, SpecialKind.AREA, SpecialKind.MULTI)
        mode = _MODES[kind]
        if mode is AttackMode.MULTI:
            attacks = amount
    if mode is not AttackMode.AREA and len(targets) != 1:
        raise IllegalCommand("bar2d6.illegal.one_target")
    damage = HIT_DAMAGE
    if command.boost is not None:
        damage += ability(character, command.boost, SpecialKind.DAMAGE)[2]
    first, later = attack_terms(attacker, command.items)
    if command.modifiers:  # the GM's situational modifiers go to every attack roll
        first, later = (*first, *command.modifiers), (*later, *command.modifiers)
    extra = command.defense_modifiers
    return PlannedAttack(
        attacker=attacker,
        mode=mode,
        attacks=attacks,
        damage=damage,
        first=first,
        later=later,
        defenses=tuple(
            (target, (*defense_terms(target, command.defense_items), *extra)) for target in targets
        ),
    )


def decide_attack(state: CombatState, command: Attack, dice: DiceSource) -> tuple[Event, ...]:
    """An attack: contests of the attacker's 2D6 against each target's (B2D6-34, B2D6-38).

    A single attack rolls the attacker's 2D6, then the defender's; an area attack the
    attacker's one 2D6, then each target's (B2D6-13); a multi-attack each attack's 2D6, then
    the target's one (B2D6-14).
    """
    plan = plan_attack(state, command)
    damage = plan.damage
    strikes: list[Strike] = []
    if plan.mode is AttackMode.MULTI:
        target, defense_roll = plan.defenses[0]
        rolls = [(dice.roll(CHECK_DICE),) for _ in range(plan.attacks)]
        defense = (dice.roll(CHECK_DICE),)
        for index, roll in enumerate(rolls):
            check = judged_contest(roll, plan.later if index else plan.first, defense, defense_roll)
            strikes.append(Strike(target=target.id, check=check, damage=damage * check.success))
    else:
        roll = (dice.roll(CHECK_DICE),)
        for target, terms in plan.defenses:
            check = judged_contest(roll, plan.first, (dice.roll(CHECK_DICE),), terms)
            strikes.append(Strike(target=target.id, check=check, damage=damage * check.success))
    return (Attacked(actor=plan.attacker.id, mode=plan.mode, strikes=tuple(strikes)),)


def fold_attacked(state: CombatState, event: Attacked) -> CombatState:
    """The attacker has acted; every side's grants are used; each hit takes HP (never below 0)."""
    lost: dict[str, int] = {}
    for strike in event.strikes:
        lost[strike.target] = lost.get(strike.target, 0) + strike.damage
    actor = event.actor
    # One pass over the combatants, as every attack of a replay folds here.
    after: list[Combatant] = []
    touched = 0
    for c in state.combatants:
        if c.id == actor:
            after.append(changed(c, acted=True, grants=()))
            touched += 1
        elif (damage := lost.get(c.id)) is not None:
            after.append(changed(c, hp=max(0, c.hp - damage), grants=()))
            touched += 1
        else:
            after.append(c)
    if touched != 1 + len(lost):  # an event naming no one (or the attacker as a target)
        for id in (actor, *lost):
            state.combatant(id)
        raise IllegalCommand("bar2d6.illegal.self_target")
    return state_with(state, combatants=tuple(after))


# --------------------------------------------------------------------------- abilities


def decide_heal(state: CombatState, command: Heal, _: DiceSource) -> tuple[Event, ...]:
    """Healing: the ability's amount, held to max HP unless the rulings say otherwise (B2D6-15)."""
    healer = acting(state, command.actor)
    target = state.combatant(command.target)
    item, _kind, amount = ability(healer.character, command.item, SpecialKind.HEAL)
    if not state.rulings.heal_above_max:
        if target.hp >= target.max_hp:
            raise IllegalCommand("bar2d6.illegal.full_hp", target=target.id)
        amount = min(amount, target.max_hp - target.hp)
    return (Healed(actor=healer.id, target=target.id, item=item.name, amount=amount),)


def fold_healed(state: CombatState, event: Healed) -> CombatState:
    """The healer has acted; the target has the HP back."""
    state = state.replace(changed(state.combatant(event.actor), acted=True))
    target = state.combatant(event.target)
    return state.replace(changed(target, hp=target.hp + event.amount))


def decide_grant(state: CombatState, command: GrantBonus, _: DiceSource) -> tuple[Event, ...]:
    """Granting a bonus to a standing combatant's next check (B2D6-17)."""
    granter = acting(state, command.actor)
    target = standing_target(state, command.target)
    item, _kind, bonus = ability(granter.character, command.item, SpecialKind.GRANT)
    return (BonusGranted(actor=granter.id, target=target.id, item=item.name, bonus=bonus),)


def fold_granted(state: CombatState, event: BonusGranted) -> CombatState:
    """The granter has acted; the target's next check has the bonus."""
    state = state.replace(changed(state.combatant(event.actor), acted=True))
    target = state.combatant(event.target)
    grant = Term(event.item, event.bonus)
    return state.replace(changed(target, grants=(*target.grants, grant)))


def decide_wait(state: CombatState, command: Wait, _: DiceSource) -> tuple[Event, ...]:
    """Letting the action go."""
    return (Waited(acting(state, command.actor).id),)


def fold_waited(state: CombatState, event: Waited) -> CombatState:
    """The combatant has acted."""
    return state.replace(changed(state.combatant(event.actor), acted=True))


# --------------------------------------------------------------------------- the GM


def decide_set_hp(state: CombatState, command: SetHp, _: DiceSource) -> tuple[Event, ...]:
    """The GM rules a combatant's HP, from 0 to max HP."""
    check_gm(command.actor)
    going_on(state)
    target = state.combatant(command.target)
    if not 0 <= command.hp <= target.max_hp:
        raise IllegalCommand("bar2d6.illegal.hp_range", hp=shown(command.hp), max_hp=target.max_hp)
    if command.hp == target.hp:
        raise IllegalCommand("bar2d6.illegal.hp_same", target=target.id, hp=target.hp)
    return (HpSet(target=target.id, hp=command.hp),)


def fold_hp_set(state: CombatState, event: HpSet) -> CombatState:
    """The combatant has the HP the GM ruled."""
    return state.replace(changed(state.combatant(event.target), hp=event.hp))


# --------------------------------------------------------------------------- a called check


def plan_call_check(state: CombatState, command: CallCheck) -> GMCheck:
    """Refuse a called check not allowed now; the check it calls, before any die.

    :func:`decide_call_check` rolls it; the menus' odds (``bar2d6.odds``) are its
    :meth:`~tabletop_rules.bar2d6.GMCheck.probability`.

    Raises:
        IllegalCommand: The challenger or a helper is unknown or at 0 HP, a helper is the
            challenger or helps twice (B2D6-41), a helper's dice are not 1 to 4 (B2D6-47),
            the difficulty is not 0 to 4 dice (B2D6-30) or too easy to be helped, or an item
            is not the character's (B2D6-26).
    """
    challenger = standing_target(state, command.challenger)
    if not 0 <= command.difficulty <= MAX_DIFFICULTY:
        raise IllegalCommand("bar2d6.illegal.difficulty", dice=shown(command.difficulty))
    held_by(challenger, command.items)
    terms = item_terms(
        challenger.character,
        command.items,
        command.side,
        hp=challenger.hp,
        extra=(*challenger.grants, *command.modifiers),
    )
    helpers: list[Helper] = []
    seen: set[str] = set()
    for help in command.helpers:
        helper = standing_target(state, help.helper)
        if helper.id == challenger.id:
            raise IllegalCommand("bar2d6.illegal.own_check", helper=helper.id)
        if helper.id in seen:
            raise IllegalCommand("bar2d6.illegal.helped_twice", helper=helper.id)
        seen.add(helper.id)
        if type(help.dice) is not int or not 1 <= help.dice <= MAX_DIFFICULTY:
            raise IllegalCommand("bar2d6.illegal.help_dice", dice=shown(help.dice))
        held_by(helper, help.items)
        helpers.append(
            Helper.of(helper.character, help.items, help.dice, side=command.side, hp=helper.hp)
        )
    needed = state.rulings.help_min_dice
    if helpers and command.difficulty < needed:
        raise IllegalCommand("bar2d6.illegal.help_too_easy", dice=command.difficulty, needed=needed)
    return GMCheck(
        terms=terms, difficulty=command.difficulty, helpers=helpers, rulings=state.rulings
    )


def decide_call_check(
    state: CombatState, command: CallCheck, dice: DiceSource
) -> tuple[Event, ...]:
    """A check the GM calls against its dice; it takes no one's action.

    The helpers roll first, then the challenger, then the GM (B2D6-32, B2D6-43).
    """
    check_gm(command.actor)
    going_on(state)
    result = plan_call_check(state, command).resolve(dice)
    helpers = tuple(help.helper for help in command.helpers)
    return (CheckMade(challenger=command.challenger, helpers=helpers, result=result),)


def fold_check_made(state: CombatState, event: CheckMade) -> CombatState:
    """The challenger's granted bonuses are used (B2D6-17: its next check)."""
    challenger = state.combatant(event.challenger)
    for helper in event.helpers:
        state.combatant(helper)
    return state.replace(changed(challenger, grants=())) if challenger.grants else state


def fold_round_ended(state: CombatState, event: RoundEnded) -> CombatState:
    """A new round: everyone may act again."""
    return state_with(
        state,
        round=event.round + 1,
        combatants=tuple([changed(c, acted=False) if c.acted else c for c in state.combatants]),
    )


def fold_combat_ended(state: CombatState, event: CombatEnded) -> CombatState:
    """The combat is over."""
    return state_with(state, result=event.result)


#: The rule of each command type: the actions, and the GM's round (the kit's) and rulings.
COMMAND_RULES: Final[Mapping[type[Any], Callable[..., tuple[Any, ...]]]] = MappingProxyType(
    {
        Attack: decide_attack,
        Heal: decide_heal,
        GrantBonus: decide_grant,
        Wait: decide_wait,
        SetHp: decide_set_hp,
        CallCheck: decide_call_check,
        **ROUND_RULES,
    }
)

#: The fold of each event type.
EVENT_FOLDS: Final[Mapping[type[Any], Callable[[CombatState, Any], CombatState]]] = (
    MappingProxyType(
        {
            Attacked: fold_attacked,
            Healed: fold_healed,
            BonusGranted: fold_granted,
            Waited: fold_waited,
            HpSet: fold_hp_set,
            CheckMade: fold_check_made,
            RoundEnded: fold_round_ended,
            CombatEnded: fold_combat_ended,
        }
    )
)
