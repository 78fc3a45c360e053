"""One rule and one fold per command of a bayside23 battle.

A rule checks that the command is allowed, rolls every die and returns the events; a fold
applies what an event records and rolls nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabletop_rules.bayside23._artifacts import SessionLedger
from tabletop_rules.bayside23._character import Attribute
from tabletop_rules.bayside23._checks import (
    CRITICAL_DAMAGE,
    INITIATIVE_DIE,
    DamageRoll,
    HitCheck,
    HitKind,
    unchecked_special,
)
from tabletop_rules.bayside23._combat._commands import (
    Attack,
    Cast,
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
    Fled,
    Healed,
    InitiativeRoll,
    InitiativeRolled,
    Readied,
    StrikeForgone,
    Struck,
    Waited,
    WeaponSwitched,
)
from tabletop_rules.bayside23._combat._flow import skip_inactive
from tabletop_rules.bayside23._combat._values import (
    BattleState,
    Combatant,
    Side,
    Status,
    changed,
    replace,
    state_with,
)
from tabletop_rules.checks import Opposition, Outcome
from tabletop_rules.dice import Dice, DiceSource, Roll, atomic
from tabletop_rules.errors import IllegalCommand

# --------------------------------------------------------------------------- refusals


def _illegal(reason: str, **params: object) -> IllegalCommand:
    return IllegalCommand(f"bayside23.illegal.{reason}", **params)


def _on_turn(state: BattleState, actor: str) -> Combatant:
    """The actor, if it is the one whose turn it is."""
    if state.winner is not None:
        raise _illegal("battle_decided")
    if not state.has(actor):
        raise _illegal("no_such_combatant", id=actor)
    if state.current != actor:
        raise _illegal("not_your_turn", actor=actor)
    return state.combatant(actor)


def _target(state: BattleState, target: str) -> Combatant:
    if not state.has(target):
        raise _illegal("no_such_combatant", id=target)
    return state.combatant(target)


def _advance(state: BattleState) -> BattleState:
    return skip_inactive(state_with(state, position=state.position + 1))


# --------------------------------------------------------------------------- initiative


def _initiative_bonus(state: BattleState, combatant: Combatant) -> int:
    if state.rulings.initiative_raw_score:
        return combatant.character.agility
    return combatant.character.modifier(Attribute.AGILITY)


def _rank(
    state: BattleState, ids: Sequence[str], dice: DiceSource, round: int, out: list[InitiativeRoll]
) -> list[str]:
    """*ids* in order of action; ties roll again among the tied, as often as it takes."""
    totals: dict[str, int] = {}
    for id in ids:
        roll = dice.roll(INITIATIVE_DIE)
        total = roll.total + _initiative_bonus(state, state.combatant(id))
        totals[id] = total
        out.append(InitiativeRoll(id=id, roll=roll, total=total, round=round))
    ordered: list[str] = []
    for value in sorted(set(totals.values())):
        tied = [id for id in ids if totals[id] == value]
        ordered.extend(tied if len(tied) == 1 else _rank(state, tied, dice, round + 1, out))
    return ordered


def decide_initiative(
    state: BattleState, _: RollInitiative, dice: DiceSource
) -> tuple[InitiativeRolled]:
    """Each active combatant rolls 1D6 + 敏捷性's modifier; lower acts first (BAY-18)."""
    if state.winner is not None:
        raise _illegal("battle_decided")
    if state.order:
        raise _illegal("initiative_rolled")
    ids = [c.id for c in state.combatants if c.active]
    rolls: list[InitiativeRoll] = []
    with atomic(dice) as rolling:
        order = _rank(state, ids, rolling, 0, rolls)
    return (InitiativeRolled(turn=state.turn + 1, rolls=tuple(rolls), order=tuple(order)),)


def fold_initiative(state: BattleState, event: InitiativeRolled) -> BattleState:
    """A new turn with its order."""
    return state_with(state, turn=event.turn, order=event.order, position=0)


def initiative_rolls(event: InitiativeRolled) -> Iterable[Roll]:
    """The dice of *event*, in the order rolled."""
    return (r.roll for r in event.rolls)


# --------------------------------------------------------------------------- attacks


def _damage_roll(
    state: BattleState, actor: Combatant, target: Combatant, kind: HitKind, dice: Dice
) -> DamageRoll:
    attribute = kind.attribute
    reduction = (
        target.character.magic_defense if kind is HitKind.MAGIC else target.character.defense
    )
    six_is_one = kind is not HitKind.RANGED or state.rulings.ranged_six_is_one
    return DamageRoll(
        dice=dice,
        bonus=actor.character.bonus(attribute),
        reduction=reduction,
        six_is_one=six_is_one,
    )


def _strike(  # noqa: PLR0917 - one call site, every argument named by its role
    state: BattleState,
    actor: Combatant,
    target: Combatant,
    kind: HitKind,
    dice: Dice,
    spell: int | None,
    rolling: DiceSource,
) -> Attacked:
    if target.side is actor.side:
        raise _illegal("not_an_enemy", target=target.id)
    if not target.active:
        raise _illegal("target_out", target=target.id)
    check = HitCheck.of(actor.character, target.character, kind, state.rulings)
    with atomic(rolling) as source:
        result = check.resolve(source)
        damage_roll: Roll | None = None
        damage = 0
        if result.outcome is Outcome.CRITICAL:
            damage = CRITICAL_DAMAGE
        elif result.outcome is Outcome.SUCCESS:
            damage_roll, damage = _damage_roll(state, actor, target, kind, dice).resolve(source)
    backlash = 0
    falls: tuple[str, ...] = ()
    if result.outcome is Outcome.FUMBLE:
        falls = (actor.id,)
    elif state.rulings.defender_specials and isinstance(result.against, Opposition):
        found = unchecked_special(result.against.rolls[0].faces, state.rulings)
        if found is Outcome.CRITICAL and result.outcome is Outcome.FAILURE:
            backlash = CRITICAL_DAMAGE
        elif found is Outcome.FUMBLE:
            falls = (target.id,)
    return Attacked(
        actor=actor.id,
        target=target.id,
        kind=kind,
        spell=spell,
        check=result,
        damage_roll=damage_roll,
        damage=damage,
        backlash=backlash,
        falls=falls,
    )


def decide_attack(state: BattleState, command: Attack, dice: DiceSource) -> tuple[Attacked]:
    """A direct attack (体力) or, with a bow or gun in hand, a ranged one (敏捷性)."""
    actor = _on_turn(state, command.actor)
    target = _target(state, command.target)
    weapon = actor.weapon
    if weapon is None:
        raise _illegal("no_weapon", actor=actor.id)
    if weapon.ranged and not actor.ready:
        raise _illegal("not_ready", actor=actor.id, weapon=weapon.name)
    kind = HitKind.RANGED if weapon.ranged else HitKind.WEAPON
    return (_strike(state, actor, target, kind, weapon.damage, None, dice),)


def decide_cast(state: BattleState, command: Cast, dice: DiceSource) -> tuple[Attacked | Healed]:
    """An attacking spell (精神力 against 精神力), or a heal on the caster's side (BAY-15)."""
    actor = _on_turn(state, command.actor)
    target = _target(state, command.target)
    if not 0 <= command.spell < len(actor.spells):
        raise _illegal("no_spell", actor=actor.id, spell=command.spell)
    spell = actor.spells[command.spell]
    if not spell.heals:
        return (_strike(state, actor, target, HitKind.MAGIC, spell.damage, command.spell, dice),)
    if target.side is not actor.side or target.status is Status.GONE:
        raise _illegal("not_an_ally", target=target.id)
    roll = dice.roll(spell.damage)
    bonus = actor.character.bonus(Attribute.MIND)
    amount = min(target.character.hp - target.hp, max(0, roll.total + bonus))
    return (
        Healed(actor=actor.id, target=target.id, spell=command.spell, roll=roll, amount=amount),
    )


def _hurt(state: BattleState, id: str, damage: int) -> BattleState:
    if not damage:
        return state
    c = state.combatant(id)
    hp = max(0, c.hp - damage)
    return replace(state, changed(c, hp=hp, status=Status.DOWN if hp == 0 else c.status))


def fold_attacked(state: BattleState, event: Attacked) -> BattleState:
    """Damage, backlash and falls, as recorded."""
    state = _hurt(state, event.target, event.damage)
    state = _hurt(state, event.actor, event.backlash)
    for id in event.falls:
        state = replace(state, changed(state.combatant(id), prone=True))
    return _advance(state)


def fold_healed(state: BattleState, event: Healed) -> BattleState:
    """HP restored; a downed ally with HP again can act again."""
    c = state.combatant(event.target)
    hp = c.hp + event.amount
    status = Status.ACTIVE if c.status is Status.DOWN and hp > 0 else c.status
    return _advance(replace(state, changed(c, hp=hp, status=status)))


def attack_rolls(event: Attacked) -> Iterable[Roll]:
    """The dice of *event*: the attacker's, the defender's, then the damage."""
    yield from event.check.rolls
    if isinstance(event.check.against, Opposition):
        yield from event.check.against.rolls
    if event.damage_roll is not None:
        yield event.damage_roll


def attack_command(_: BattleState, event: Attacked) -> Attack | Cast:
    """The command that produced *event*."""
    if event.spell is None:
        return Attack(event.actor, event.target)
    return Cast(actor=event.actor, target=event.target, spell=event.spell)


# --------------------------------------------------------------------------- other actions


def decide_switch(
    state: BattleState, command: SwitchWeapon, _: DiceSource
) -> tuple[WeaponSwitched]:
    """Take another weapon in hand (BAY-14)."""
    actor = _on_turn(state, command.actor)
    if not 0 <= command.weapon < len(actor.weapons) or command.weapon == actor.wielding:
        raise _illegal("no_weapon_to_switch", actor=actor.id, weapon=command.weapon)
    return (WeaponSwitched(actor.id, command.weapon),)


def fold_switch(state: BattleState, event: WeaponSwitched) -> BattleState:
    """The weapon in hand changes, unready."""
    c = state.combatant(event.actor)
    return _advance(replace(state, changed(c, wielding=event.weapon, ready=False)))


def decide_ready(state: BattleState, command: Ready, _: DiceSource) -> tuple[Readied]:
    """Ready the bow or gun in hand (BAY-14)."""
    actor = _on_turn(state, command.actor)
    weapon = actor.weapon
    if weapon is None or not weapon.ranged or actor.ready:
        raise _illegal("nothing_to_ready", actor=actor.id)
    return (Readied(actor.id),)


def fold_ready(state: BattleState, event: Readied) -> BattleState:
    """The bow or gun in hand is ready until another weapon is taken."""
    return _advance(replace(state, changed(state.combatant(event.actor), ready=True)))


def decide_wait(state: BattleState, command: Wait, _: DiceSource) -> tuple[Waited]:
    """Wait: the action passes (BAY-14)."""
    _on_turn(state, command.actor)
    return (Waited(command.actor),)


def fold_wait(state: BattleState, _: Waited) -> BattleState:
    """The next in order acts."""
    return _advance(state)


def decide_flee(state: BattleState, command: Flee, _: DiceSource) -> tuple[Fled]:
    """Flee: leave at once, no check (BAY-14)."""
    _on_turn(state, command.actor)
    return (Fled(command.actor),)


def fold_flee(state: BattleState, event: Fled) -> BattleState:
    """The combatant is gone."""
    return _advance(replace(state, changed(state.combatant(event.actor), status=Status.GONE)))


def decide_artifact(state: BattleState, command: UseArtifact, _: DiceSource) -> tuple[ArtifactUsed]:
    """A player character uses an artifact on its turn (BAY-47, BAY-49)."""
    actor = _on_turn(state, command.actor)
    if actor.side is not Side.PARTY or actor.follower:
        raise _illegal("not_a_player", actor=actor.id)
    state.ledger.use(command.artifact)  # refuses an artifact not held or spent
    return (ArtifactUsed(actor.id, command.artifact),)


def fold_artifact(state: BattleState, event: ArtifactUsed) -> BattleState:
    """The artifact is spent; the turn goes on."""
    ledger = state.ledger
    spent = ledger.spent | {event.artifact}
    return state_with(state, ledger=SessionLedger(artifacts=ledger.artifacts, spent=spent))


# --------------------------------------------------------------------------- after a win


def _winner_strikes(state: BattleState, actor: str) -> Combatant:
    if state.winner is not Side.PARTY or state.finished:
        raise _illegal("no_strike")
    if not state.has(actor):
        raise _illegal("no_such_combatant", id=actor)
    c = state.combatant(actor)
    if c.side is not Side.PARTY or not c.active:
        raise _illegal("not_a_winner", actor=actor)
    return c


def decide_strike(state: BattleState, command: FinishingStrike, dice: DiceSource) -> tuple[Struck]:
    """The winners strike an enemy for 1d3 or 1d6, their choice (BAY-33)."""
    _winner_strikes(state, command.actor)
    target = _target(state, command.target)
    if target.side is not Side.ENEMIES:
        raise _illegal("not_an_enemy", target=target.id)
    if command.sides not in (3, 6):
        raise _illegal("strike_dice", sides=command.sides)
    return (Struck(actor=command.actor, target=target.id, roll=dice.roll(Dice(1, command.sides))),)


def fold_strike(state: BattleState, event: Struck) -> BattleState:
    """The enemy loses the HP rolled (never below 0); the battle is over."""
    state = _hurt(state, event.target, event.roll.total)
    return state_with(state, finished=True)


def decide_forgo(state: BattleState, command: ForgoStrike, _: DiceSource) -> tuple[StrikeForgone]:
    """The winners do without the strike."""
    _winner_strikes(state, command.actor)
    return (StrikeForgone(command.actor),)


def fold_forgo(state: BattleState, _: StrikeForgone) -> BattleState:
    """The battle is over."""
    return state_with(state, finished=True)
