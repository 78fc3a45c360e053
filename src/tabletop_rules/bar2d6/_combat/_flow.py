"""The flow of a bar2d6 combat: its automatic events, who may act, and the menus.

The combat has no initiative (B2D6-35): every standing combatant that has not acted this round
may act, and the GM may always rule.
The rules take two steps by themselves, neither of which rolls: the combat's end when one side
or none stands, and the round's end when everyone standing has acted.

The menus (:func:`commands_of`) offer every action with its *free* parameters in one form,
which :func:`menu_form` maps any command to:

- an attack adds the bonuses of every item of the attacker with an active bonus and of every
  item of its targets with a passive one; which of them apply is the GM's call (B2D6-26);
- an area attack is aimed at every standing enemy; who else stands in the area (an ally, or
  fewer enemies) is the table's call;
- the GM's :class:`SetHp` sets one HP less than the combatant has (a fall, a trap), or its
  max HP at 0 (a rest); the HP is the GM's to choose;
- an attack's situational modifiers (the GM's) are none in the menu; any are the GM's call;
- the GM's :class:`CallCheck` is offered for each standing combatant at 2 dice, with no
  items, modifiers or helpers; its difficulty, side, items, modifiers and named helpers are
  the table's to choose (a helper who may not help is refused).

``decide`` accepts any other choice of these, and nothing else a menu does not offer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from tabletop_rules.bar2d6._character import Character, Item, SpecialKind, normalize
from tabletop_rules.bar2d6._checks import Side
from tabletop_rules.bar2d6._combat._commands import (
    Attack,
    CallCheck,
    Command,
    GrantBonus,
    Heal,
    SetHp,
    Wait,
)
from tabletop_rules.bar2d6._combat._events import CombatEnded, Event, RoundEnded
from tabletop_rules.bar2d6._combat._values import Combatant, CombatState
from tabletop_rules.kit import GM, GM_COMMANDS

__all__ = ["NOBODY_LEFT", "ONE_SIDE_LEFT", "actors", "commands_of", "follow_up", "menu_form"]

#: The reason of a combat that ended with one side standing.
ONE_SIDE_LEFT: Final = "bar2d6.result.one_side_left"
#: The reason of a combat that ended with nobody standing.
NOBODY_LEFT: Final = "bar2d6.result.nobody_left"


def follow_up(state: CombatState) -> Event | None:
    """The automatic event owed, if any.

    The combat's end when one side or none stands, else the round's end when everyone
    standing has acted.
    """
    if state.result is not None:
        return None
    # One pass, as the rules ask it after every event: the first side standing, whether
    # another stands, and whether someone standing has yet to act.
    first: str | None = None
    sides = waiting = False
    for c in state.combatants:
        if c.hp > 0:
            if first is None:
                first = c.side
            elif c.side != first:
                sides = True
            if not c.acted:
                waiting = True
            if sides and waiting:
                return None
    if not sides:
        winners = () if first is None else (first,)
        return CombatEnded(winners=winners, reason=ONE_SIDE_LEFT if winners else NOBODY_LEFT)
    return RoundEnded(round=state.round)


def actors(state: CombatState) -> tuple[str, ...]:
    """Who may act: every standing combatant that has not acted, and the GM."""
    if state.result is not None:
        return ()
    return (*(c.id for c in state.combatants if c.standing and not c.acted), GM)


# --------------------------------------------------------------------------- menus


def _with(character: Character, kind: SpecialKind) -> list[Item]:
    """The items of *character* with an ability of *kind*, each once."""
    return [item for item in character.items if item.special(kind) is not None]


def _passive(targets: list[Combatant]) -> tuple[str, ...]:
    """The items with a passive bonus of *targets*, each name once (normalized)."""
    seen: dict[str, str] = {}
    for target in targets:
        for item in target.character.items:
            if item.passive > 0:
                seen.setdefault(normalize(item.name), item.name)
    return tuple(seen.values())


def _attacks(state: CombatState, c: Combatant) -> Iterator[Command]:
    character = c.character
    items = tuple(i.name for i in character.items if i.active > 0)
    boosts: list[str | None] = [None, *(i.name for i in _with(character, SpecialKind.DAMAGE))]
    # An item with both abilities makes an area attack (the command names the item).
    areas = _with(character, SpecialKind.AREA)
    multis = [i for i in _with(character, SpecialKind.MULTI) if i.special(SpecialKind.AREA) is None]
    others = [o for o in state.combatants if o.standing and o.id != c.id]
    enemies = [o for o in others if o.side != c.side]
    enemy_ids = tuple(e.id for e in enemies)
    defended = _passive(enemies)
    for boost in boosts:
        for target in others:
            defense = _passive([target])
            targets = (target.id,)
            yield Attack(
                actor=c.id, targets=targets, items=items, defense_items=defense, boost=boost
            )
            for item in multis:
                yield Attack(
                    actor=c.id,
                    targets=targets,
                    items=items,
                    defense_items=defense,
                    special=item.name,
                    boost=boost,
                )
        if enemies:
            for item in areas:
                yield Attack(
                    actor=c.id,
                    targets=enemy_ids,
                    items=items,
                    defense_items=defended,
                    special=item.name,
                    boost=boost,
                )


def _gm_commands(state: CombatState) -> list[Command]:
    out: list[Command] = list(GM_COMMANDS)
    out.extend(SetHp(target=c.id, hp=c.hp - 1 if c.hp > 0 else c.max_hp) for c in state.combatants)
    out.extend(CallCheck(challenger=c.id) for c in state.combatants if c.standing)
    return out


def commands_of(state: CombatState, actor: str) -> list[Command]:
    """Everything *actor* may send in a settled state, free parameters in their one form."""
    if actor == GM:
        return _gm_commands(state)
    c = state.combatant(actor)
    commands: list[Command] = list(_attacks(state, c))
    heal_above_max = state.rulings.heal_above_max
    for item in _with(c.character, SpecialKind.HEAL):
        commands.extend(
            Heal(actor=c.id, target=target.id, item=item.name)
            for target in state.combatants
            if heal_above_max or target.hp < target.max_hp
        )
    for item in _with(c.character, SpecialKind.GRANT):
        commands.extend(
            GrantBonus(actor=c.id, target=target.id, item=item.name)
            for target in state.combatants
            if target.standing
        )
    commands.append(Wait(c.id))
    return commands


# --------------------------------------------------------------------------- the one form


def _name(name: str | None) -> str | None:
    return None if name is None else normalize(name)


def _attack_form(command: Attack) -> Attack:
    return attrs.evolve(
        command,
        # Who stands in an area is the table's: a multi-attack's one target is offered
        # at everyone anyway.
        targets=command.targets if command.special is None else (),
        items=(),
        defense_items=(),
        special=_name(command.special),
        boost=_name(command.boost),
        modifiers=(),
        defense_modifiers=(),
    )


def _call_check_form(command: CallCheck) -> CallCheck:
    return attrs.evolve(command, difficulty=2, items=(), side=Side.ACTIVE, modifiers=(), helpers=())


def _heal_form(command: Heal) -> Heal:
    return attrs.evolve(command, item=normalize(command.item))


def _grant_form(command: GrantBonus) -> GrantBonus:
    return attrs.evolve(command, item=normalize(command.item))


def _set_hp_form(command: SetHp) -> SetHp:
    return attrs.evolve(command, hp=0)


_FORMS: Final[Mapping[type[Any], Callable[[Any], Any]]] = MappingProxyType(
    {
        Attack: _attack_form,
        Heal: _heal_form,
        GrantBonus: _grant_form,
        SetHp: _set_hp_form,
        CallCheck: _call_check_form,
    }
)


def menu_form(command: Command) -> Command:
    """*command* with its free parameters set to one value, and its items' names normalized.

    Two commands with the same form are the same choice but for what the GM or the table
    chooses freely (see the module's introduction): ``decide`` accepts a command only if
    ``legal_commands`` offers one of its form.
    It is :attr:`SYSTEM.menu_form <tabletop_rules.systems.RuleSystem.menu_form>`, which
    :mod:`tabletop_rules.testing.laws` reads.
    """
    form = _FORMS.get(type(command))
    return command if form is None else form(command)
