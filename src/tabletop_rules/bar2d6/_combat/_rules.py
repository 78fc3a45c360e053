"""The rules of a bar2d6 combat: a rule and a fold per command, automatic events, actors.

A rule checks that its command is allowed now (raising
:class:`~tabletop_rules.errors.IllegalCommand` with a catalog key), draws every die and
returns the events; a fold applies what its event records and plans nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

import attrs

from tabletop_rules._arguments import shown
from tabletop_rules.bar2d6._character import Character, SpecialKind, normalize
from tabletop_rules.bar2d6._checks import (
    CHECK_DICE,
    Side,
    check_terms,
    contest_result,
)
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
from tabletop_rules.bar2d6._combat._values import (
    GM,
    AttackMode,
    Combatant,
    CombatState,
    Strike,
)
from tabletop_rules.checks import Term
from tabletop_rules.dice import DiceSource
from tabletop_rules.engine import GameResult
from tabletop_rules.errors import IllegalCommand

#: The reason of a combat the GM ended.
GM_ENDED: Final = "bar2d6.result.gm_ended"
#: The reason of a combat that ended with one side standing.
ONE_SIDE_LEFT: Final = "bar2d6.result.one_side_left"
#: The reason of a combat that ended with nobody standing.
NOBODY_LEFT: Final = "bar2d6.result.nobody_left"
#: The damage of a hit before any boost (B2D6-02).
HIT_DAMAGE: Final = 1


# --------------------------------------------------------------------------- refusals


def _going_on(state: CombatState) -> None:
    if state.result is not None:
        raise IllegalCommand("bar2d6.illegal.combat_over")


def _acting(state: CombatState, actor: str) -> Combatant:
    _going_on(state)
    if actor == GM:
        raise IllegalCommand("bar2d6.illegal.gm_cannot", actor=actor)
    c = state.combatant(actor)
    if not c.standing:
        raise IllegalCommand("bar2d6.illegal.cannot_act", actor=actor)
    if c.acted:
        raise IllegalCommand("bar2d6.illegal.already_acted", actor=actor)
    return c


def _gm(actor: str) -> None:
    if actor != GM:
        raise IllegalCommand("bar2d6.illegal.gm_only", actor=actor)


def _ability(character: Character, item: str, *kinds: SpecialKind) -> tuple[SpecialKind, int]:
    if not character.has_item(item):
        raise IllegalCommand("bar2d6.illegal.unknown_item", item=item, actor=character.name)
    held = character.item(item)
    for kind in kinds:
        special = held.special(kind)
        if special is not None:
            return kind, special.amount_or_default
    raise IllegalCommand("bar2d6.illegal.no_special", item=item)


# --------------------------------------------------------------------------- attack


def _defense_terms(target: Combatant, allowed: tuple[str, ...]) -> tuple[Term, ...]:
    names = [name for name in allowed if target.character.has_item(name)]
    return check_terms(target.character, names, Side.PASSIVE, hp=target.hp, extra=target.grants)


def decide_attack(state: CombatState, command: Attack, dice: DiceSource) -> tuple[Event, ...]:
    """An attack: contests of the attacker's 2D6 against each target's (B2D6-34, B2D6-38)."""
    attacker = _acting(state, command.actor)
    if not command.targets:
        raise IllegalCommand("bar2d6.illegal.no_target")
    if len(set(command.targets)) != len(command.targets):
        raise IllegalCommand("bar2d6.illegal.repeated_target")
    targets = [state.combatant(t) for t in command.targets]
    for target in targets:
        if target.id == attacker.id:
            raise IllegalCommand("bar2d6.illegal.self_target")
        if not target.standing:
            raise IllegalCommand("bar2d6.illegal.target_down", target=target.id)
    for name in command.items:
        if not attacker.character.has_item(name):
            raise IllegalCommand("bar2d6.illegal.unknown_item", item=name, actor=attacker.id)
    for name in command.defense_items:
        if not any(t.character.has_item(name) for t in targets):
            raise IllegalCommand("bar2d6.illegal.unknown_item", item=name, actor=command.targets[0])
    mode = AttackMode.SINGLE
    attacks = 1
    if command.special is not None:
        kind, amount = _ability(
            attacker.character, command.special, SpecialKind.AREA, SpecialKind.MULTI
        )
        mode = AttackMode.AREA if kind is SpecialKind.AREA else AttackMode.MULTI
        attacks = amount if mode is AttackMode.MULTI else 1
    if mode is not AttackMode.AREA and len(targets) != 1:
        raise IllegalCommand("bar2d6.illegal.one_target")
    damage = HIT_DAMAGE
    if command.boost is not None:
        damage += _ability(attacker.character, command.boost, SpecialKind.DAMAGE)[1]
    # The grants are used by the first check each side makes (B2D6-17).
    first = check_terms(
        attacker.character, command.items, Side.ACTIVE, hp=attacker.hp, extra=attacker.grants
    )
    later = check_terms(attacker.character, command.items, Side.ACTIVE, hp=attacker.hp)
    defenses = [_defense_terms(t, command.defense_items) for t in targets]
    strikes: list[Strike] = []
    if mode is AttackMode.MULTI:
        rolls = [dice.roll(CHECK_DICE) for _ in range(attacks)]
        defense = dice.roll(CHECK_DICE)
        for index, roll in enumerate(rolls):
            check = contest_result(roll, first if index == 0 else later, defense, defenses[0])
            strikes.append(Strike(target=targets[0].id, check=check, damage=damage * check.success))
    else:
        roll = dice.roll(CHECK_DICE)
        for target, terms in zip(targets, defenses, strict=True):
            check = contest_result(roll, first, dice.roll(CHECK_DICE), terms)
            strikes.append(Strike(target=target.id, check=check, damage=damage * check.success))
    return (
        Attacked(
            actor=attacker.id,
            targets=command.targets,
            items=command.items,
            defense_items=command.defense_items,
            special=command.special,
            boost=command.boost,
            mode=mode,
            strikes=tuple(strikes),
        ),
    )


def fold_attacked(state: CombatState, event: Attacked) -> CombatState:
    """The attacker has acted; every side's grants are used; each hit takes HP (never below 0)."""
    lost: dict[str, int] = {}
    for strike in event.strikes:
        lost[strike.target] = lost.get(strike.target, 0) + strike.damage
    changed = [attrs.evolve(state.combatant(event.actor), acted=True, grants=())]
    for target, damage in lost.items():
        c = state.combatant(target)
        changed.append(attrs.evolve(c, hp=max(0, c.hp - damage), grants=()))
    return state.replace(*changed)


def attack_command(_: CombatState, event: Attacked) -> Attack:
    """The attack that produced *event*."""
    return Attack(
        actor=event.actor,
        targets=event.targets,
        items=event.items,
        defense_items=event.defense_items,
        special=event.special,
        boost=event.boost,
    )


# --------------------------------------------------------------------------- abilities


def decide_heal(state: CombatState, command: Heal, _: DiceSource) -> tuple[Event, ...]:
    """Healing: the ability's amount, held to max HP unless the rulings say otherwise (B2D6-15)."""
    healer = _acting(state, command.actor)
    target = state.combatant(command.target)
    amount = _ability(healer.character, command.item, SpecialKind.HEAL)[1]
    if not state.rulings.heal_above_max:
        if target.hp >= target.max_hp:
            raise IllegalCommand("bar2d6.illegal.full_hp", target=target.id)
        amount = min(amount, target.max_hp - target.hp)
    return (Healed(actor=healer.id, target=target.id, item=command.item, amount=amount),)


def fold_healed(state: CombatState, event: Healed) -> CombatState:
    """The healer has acted; the target has the HP back."""
    state = state.replace(attrs.evolve(state.combatant(event.actor), acted=True))
    target = state.combatant(event.target)
    return state.replace(attrs.evolve(target, hp=target.hp + event.amount))


def decide_grant(state: CombatState, command: GrantBonus, _: DiceSource) -> tuple[Event, ...]:
    """Granting a bonus to a standing combatant's next check (B2D6-17)."""
    granter = _acting(state, command.actor)
    target = state.combatant(command.target)
    if not target.standing:
        raise IllegalCommand("bar2d6.illegal.target_down", target=target.id)
    bonus = _ability(granter.character, command.item, SpecialKind.GRANT)[1]
    return (BonusGranted(actor=granter.id, target=target.id, item=command.item, bonus=bonus),)


def fold_granted(state: CombatState, event: BonusGranted) -> CombatState:
    """The granter has acted; the target's next check has the bonus."""
    state = state.replace(attrs.evolve(state.combatant(event.actor), acted=True))
    target = state.combatant(event.target)
    grant = Term(event.item, event.bonus)
    return state.replace(attrs.evolve(target, grants=(*target.grants, grant)))


def decide_wait(state: CombatState, command: Wait, _: DiceSource) -> tuple[Event, ...]:
    """Letting the action go."""
    return (Waited(_acting(state, command.actor).id),)


def fold_waited(state: CombatState, event: Waited) -> CombatState:
    """The combatant has acted."""
    return state.replace(attrs.evolve(state.combatant(event.actor), acted=True))


# --------------------------------------------------------------------------- the GM


def decide_end_round(state: CombatState, command: EndRound, _: DiceSource) -> tuple[Event, ...]:
    """The GM ends the round."""
    _gm(command.actor)
    _going_on(state)
    return (RoundEnded(round=state.round, by_gm=True),)


def decide_end_combat(state: CombatState, command: EndCombat, _: DiceSource) -> tuple[Event, ...]:
    """The GM ends the combat, with no winner."""
    _gm(command.actor)
    _going_on(state)
    return (CombatEnded(winners=(), reason=GM_ENDED),)


def decide_set_hp(state: CombatState, command: SetHp, _: DiceSource) -> tuple[Event, ...]:
    """The GM rules a combatant's HP, from 0 to max HP."""
    _gm(command.actor)
    _going_on(state)
    target = state.combatant(command.target)
    if not 0 <= command.hp <= target.max_hp:
        raise IllegalCommand("bar2d6.illegal.hp_range", hp=shown(command.hp), max_hp=target.max_hp)
    if command.hp == target.hp:
        raise IllegalCommand("bar2d6.illegal.hp_same", target=target.id, hp=target.hp)
    return (HpSet(target=target.id, hp=command.hp),)


def fold_hp_set(state: CombatState, event: HpSet) -> CombatState:
    """The combatant has the HP the GM ruled."""
    return state.replace(attrs.evolve(state.combatant(event.target), hp=event.hp))


def fold_round_ended(state: CombatState, event: RoundEnded) -> CombatState:
    """A new round: everyone may act again."""
    return attrs.evolve(
        state,
        round=event.round + 1,
        combatants=tuple(attrs.evolve(c, acted=False) for c in state.combatants),
    )


def fold_combat_ended(state: CombatState, event: CombatEnded) -> CombatState:
    """The combat is over."""
    return attrs.evolve(state, result=GameResult(winners=event.winners, reason=event.reason))


# --------------------------------------------------------------------------- flow


def follow_up(state: CombatState) -> Event | None:
    """The automatic event owed, if any.

    The combat's end when one side or none stands, else the round's end when everyone
    standing has acted.
    """
    if state.result is not None:
        return None
    sides = state.standing_sides()
    if len(sides) <= 1:
        return CombatEnded(winners=sides, reason=ONE_SIDE_LEFT if sides else NOBODY_LEFT)
    if all(c.acted for c in state.combatants if c.standing):
        return RoundEnded(round=state.round)
    return None


def actors(state: CombatState) -> tuple[str, ...]:
    """Who may act: every standing combatant that has not acted, and the GM."""
    if state.result is not None:
        return ()
    return (*(c.id for c in state.combatants if c.standing and not c.acted), GM)


def _names(items: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    for name in items:
        seen.setdefault(normalize(name), name)
    return tuple(seen.values())


def _attacks(state: CombatState, c: Combatant) -> Iterator[Command]:
    character = c.character
    items = tuple(i.name for i in character.items if i.active > 0)
    boosts: list[str | None] = [None]
    boosts.extend(i.name for i, _ in character.specials_of(SpecialKind.DAMAGE)[:1])
    others = [o for o in state.combatants if o.standing and o.id != c.id]
    enemies = [o for o in others if o.side != c.side]

    def defended(targets: list[Combatant]) -> tuple[str, ...]:
        return _names(tuple(i.name for t in targets for i in t.character.items if i.passive > 0))

    for boost in boosts:
        for target in others:
            yield Attack(
                actor=c.id,
                targets=(target.id,),
                items=items,
                defense_items=defended([target]),
                boost=boost,
            )
            for item, _ in character.specials_of(SpecialKind.MULTI):
                yield Attack(
                    actor=c.id,
                    targets=(target.id,),
                    items=items,
                    defense_items=defended([target]),
                    special=item.name,
                    boost=boost,
                )
        if enemies:
            for item, _ in character.specials_of(SpecialKind.AREA):
                yield Attack(
                    actor=c.id,
                    targets=tuple(e.id for e in enemies),
                    items=items,
                    defense_items=defended(enemies),
                    special=item.name,
                    boost=boost,
                )


def commands_of(state: CombatState, actor: str) -> list[Command]:
    """Everything *actor* may send in a settled state."""
    if actor == GM:
        out: list[Command] = [EndRound(), EndCombat()]
        for c in state.combatants:
            out.extend(SetHp(target=c.id, hp=hp) for hp in range(c.max_hp + 1) if hp != c.hp)
        return out
    c = state.combatant(actor)
    commands: list[Command] = list(_attacks(state, c))
    for item, _ in c.character.specials_of(SpecialKind.HEAL):
        for target in state.combatants:
            if state.rulings.heal_above_max or target.hp < target.max_hp:
                commands.append(Heal(actor=c.id, target=target.id, item=item.name))
    for item, _ in c.character.specials_of(SpecialKind.GRANT):
        for target in state.combatants:
            if target.standing:
                commands.append(GrantBonus(actor=c.id, target=target.id, item=item.name))
    commands.append(Wait(c.id))
    return commands
