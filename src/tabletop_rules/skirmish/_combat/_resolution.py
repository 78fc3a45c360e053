"""What an action reaches and what it does: its targets, the rows it may move to, its effect.

At an action's effect step (SK-30 step 3) :func:`resolution` says what it does, from the
state and with no dice: a normal attack's damage, a preparatory action's AP and move, and for
a skill each of its effects, interpreted by its row of :data:`EFFECTS` (the card vocabulary
of :mod:`tabletop_rules.skirmish`, with no code per card).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules.checks import Term
from tabletop_rules.skirmish._cards import Skill, Target
from tabletop_rules.skirmish._combat._events import Resolved
from tabletop_rules.skirmish._combat._refusals import skill_of
from tabletop_rules.skirmish._combat._values import (
    DURATIONS,
    FIELD_ROWS,
    Action,
    ActionKind,
    CombatState,
    PlacedMarker,
    Status,
    Unit,
    copy_unit,
    home_rows,
    other,
)
from tabletop_rules.skirmish._effects import (
    ApChange,
    Damage,
    Heal,
    Marker,
    Modify,
    Move,
    Remove,
    Replace,
    Role,
    Summon,
)

__all__ = [
    "ATTACK_RANGE",
    "EFFECTS",
    "PREPARE_AP",
    "move_rows",
    "resolution",
    "rows_to",
    "targets",
]

# Enum members read in the hot paths, once: an enum class's attribute is a slow lookup.
_STANDING: Final = Status.STANDING
_DOWNED: Final = Status.DOWNED
_REMOVED: Final = Status.REMOVED
_ATTACK: Final = ActionKind.ATTACK
_PREPARE: Final = ActionKind.PREPARE
_NO_TARGET: Final = Target.NONE
_SELF: Final = Target.SELF
_ALLY: Final = Target.ALLY

#: The range of a normal attack (SK-11).
ATTACK_RANGE: Final = 1
#: The AP a preparatory action gives (SK-16).
PREPARE_AP: Final = 2


# --------------------------------------------------------------------------- targets and rows


def _find(units: tuple[Unit, ...], unit_id: str | None) -> Unit | None:
    for unit in units:
        if unit.id == unit_id:
            return unit
    return None


def targets(units: tuple[Unit, ...], unit: Unit, skill: Skill) -> tuple[str | None, ...]:
    """The targets *unit*, one of *units*, may aim *skill* at, in the order of *units*.

    ``None`` for a skill aimed at no one; the menus of the turn player write the same rule out
    (``_flow._main_commands``).
    """
    kind = skill.target
    if kind is _NO_TARGET:
        return (None,)
    if kind is _SELF:
        return (unit.id,)
    side = unit.owner if kind is _ALLY else other(unit.owner)
    reach = skill.range
    row = unit.row
    return tuple(
        [
            u.id
            for u in units
            if u.owner == side
            and u.status is _STANDING
            and (reach is None or abs(u.row - row) <= reach)
        ]
    )


def move_rows(state: CombatState, unit: Unit) -> tuple[int, ...]:
    """The rows a preparatory action may move *unit* to (SK-17)."""
    return rows_to(unit.owner, unit.row, state.rulings.enter_enemy_rows)


@functools.lru_cache(maxsize=64)  # two players, four rows, two readings
def rows_to(owner: str, row: int, enter: bool) -> tuple[int, ...]:
    """The rows *owner*'s character in *row* may move to, *enter* the opponent's rows or not."""
    own_rows = home_rows(owner)
    return tuple([r for r in (row - 1, row + 1) if r in FIELD_ROWS and (enter or r in own_rows)])


# --------------------------------------------------------------------------- the effect


class _Effect:
    """The effect step of one action being worked out: the characters it changes, in order.

    Each row of :data:`EFFECTS` reads the action's actor and target as the effects before it
    left them, and puts what it changes.
    """

    __slots__ = ("action", "actor", "changed", "modifiers", "order", "skill", "state", "units")

    def __init__(
        self, state: CombatState, units: tuple[Unit, ...], action: Action, actor: Unit, skill: Skill
    ) -> None:
        self.state = state
        self.units = units
        self.action = action
        self.actor = actor
        self.skill = skill
        self.changed: dict[str, Unit] = {}
        self.order: list[str] = []
        self.modifiers: list[tuple[Role, Term]] = []

    def get(self, unit_id: str | None) -> Unit | None:
        """The character *unit_id* as the effects so far left it."""
        if unit_id is None:
            return None
        found = self.changed.get(unit_id)
        return found if found is not None else _find(self.units, unit_id)

    def target(self) -> Unit | None:
        """The action's target if it is still standing, as the effects so far left it."""
        target = self.get(self.action.target)
        return target if target is not None and target.status is _STANDING else None

    def put(self, unit: Unit) -> None:
        """Record *unit* as changed (or brought in)."""
        if unit.id not in self.changed:
            self.order.append(unit.id)
        self.changed[unit.id] = unit

    def fresh(self, owner: str, card_id: str, row: int, *, summon: bool) -> None:
        """Bring in a fresh character of the library card *card_id* (SK-50, SK-51)."""
        card = self.state.library_card(card_id)
        count = sum(1 for u in self.units if u.owner == owner)
        count += sum(1 for i in self.order if _find(self.units, i) is None and i[0] == owner)
        unit_id = f"{owner}{count + 1}"
        self.put(Unit(id=unit_id, owner=owner, card=card, hp=card.hp, row=row, summon=summon))

    def resolved(self) -> Resolved:
        """The step: the changed characters in order, and the modifiers."""
        units = tuple([self.changed[i] for i in self.order])
        return Resolved(success=True, units=units, modifiers=tuple(self.modifiers))


def _damaged(unit: Unit, amount: int) -> Unit:
    hp = max(0, unit.hp - amount)
    if hp:
        return copy_unit(unit, hp=hp)
    status = _REMOVED if unit.summon else _DOWNED  # SK-40, SK-53
    return copy_unit(unit, hp=0, status=status)


def _damage(work: _Effect, effect: Damage) -> None:
    target = work.target()
    if target is not None:
        work.put(_damaged(target, effect.amount))


def _heal(work: _Effect, effect: Heal) -> None:
    target = work.target()
    if target is not None:
        work.put(copy_unit(target, hp=min(target.card.hp, target.hp + effect.amount)))


def _ap_change(work: _Effect, effect: ApChange) -> None:
    target = work.target()
    if target is not None:
        work.put(copy_unit(target, ap=max(0, target.ap + effect.amount)))


def _move(work: _Effect, effect: Move) -> None:
    target = work.target()
    if target is None or not target.can_move:  # a marker holds it in its row (SK-41)
        return
    actor = work.get(work.actor.id) or work.actor
    if target.row == actor.row:
        direction = -1 if home_rows(target.owner)[0] == 0 else 1
    else:
        direction = 1 if target.row > actor.row else -1
    row = min(max(target.row + direction * effect.rows, FIELD_ROWS[0]), FIELD_ROWS[-1])
    work.put(copy_unit(target, row=row))


def _marker(work: _Effect, effect: Marker) -> None:
    target = work.target()
    if target is None:
        return
    state = work.state
    placed = PlacedMarker(
        name=effect.name, effect=effect.effect, turns=effect.duration, since_round=state.turn
    )
    same = DURATIONS.first(target.markers, placed.kind, lambda m: m.name == effect.name)
    if same is None or effect.stacks:
        work.put(copy_unit(target, markers=(*target.markers, placed)))
    elif state.rulings.refresh_markers and same.turns < effect.duration:
        kept = DURATIONS.without(target.markers, same)  # SK-43: one marker, the longer duration
        work.put(copy_unit(target, markers=(*kept, placed)))


def _remove(work: _Effect, effect: Remove) -> None:
    target = work.target()
    if target is not None:
        work.put(copy_unit(target, status=_REMOVED))  # SK-47, SK-48


def _replace(work: _Effect, effect: Replace) -> None:
    # The old card leaves as if removed; a fresh one comes in its row (SK-50).
    target = work.target()
    if target is not None:
        work.put(copy_unit(target, status=_REMOVED))
        work.fresh(target.owner, effect.card, target.row, summon=target.summon)


def _summon(work: _Effect, effect: Summon) -> None:
    work.fresh(work.actor.owner, effect.card, work.actor.row, summon=True)  # SK-51


def _modify(work: _Effect, effect: Modify) -> None:
    work.modifiers.append((effect.role, Term(work.skill.name, effect.amount)))


#: What each kind of effect does: one row per effect type of the card vocabulary.
EFFECTS: Final[Mapping[type[Any], Callable[[_Effect, Any], None]]] = MappingProxyType(
    {
        Damage: _damage,
        Heal: _heal,
        ApChange: _ap_change,
        Move: _move,
        Marker: _marker,
        Remove: _remove,
        Replace: _replace,
        Summon: _summon,
        Modify: _modify,
    }
)

_NO_EFFECT: Final = Resolved(success=False)
_NOTHING: Final = Resolved(success=True)


def _prepared(state: CombatState, units: tuple[Unit, ...], action: Action, actor: Unit) -> Resolved:
    """+2 AP, and the move to the row declared if it is still an adjacent one (SK-16, SK-17)."""
    row = action.row
    if row is None or row not in move_rows(state, actor) or not actor.can_move:
        row = actor.row
    return Resolved(success=True, units=(copy_unit(actor, ap=actor.ap + PREPARE_AP, row=row),))


def _attacked(state: CombatState, units: tuple[Unit, ...], action: Action, actor: Unit) -> Resolved:
    """The target loses the attacker's atk, and its atk markers', in hp (SK-12)."""
    target = _find(units, action.target)
    if target is None or target.status is not _STANDING:
        return _NOTHING
    return Resolved(success=True, units=(_damaged(target, actor.card.atk + actor.bonus("atk")),))


def _skill_effect(
    state: CombatState, units: tuple[Unit, ...], action: Action, actor: Unit
) -> Resolved:
    """The skill's effects, in order."""
    assert action.skill is not None
    skill = skill_of(actor, action.skill)
    work = _Effect(state, units, action, actor, skill)
    for effect in skill.effects:
        EFFECTS[type(effect)](work, effect)
    return work.resolved()


def resolution(
    state: CombatState, units: tuple[Unit, ...], action: Action, success: bool | None
) -> Resolved:
    """The effect step of *action*, whose check (or step 1) gave *success* (SK-30 step 3).

    It is computed with no dice from the characters *units* as they are now, and the state's
    other fields (the turn, the readings, the library).
    """
    actor = _find(units, action.unit)
    if not success or actor is None or actor.status is not _STANDING:
        return _NO_EFFECT
    kind = action.kind  # by identity, not by a table keyed by the kind: an enum's hash is slow
    if kind is _ATTACK:
        return _attacked(state, units, action, actor)
    if kind is _PREPARE:
        return _prepared(state, units, action, actor)
    return _skill_effect(state, units, action, actor)
