"""The game log and the menus: one small renderer per event type, step type and command type.

Every renderer is ``render(value, words) -> str`` (:class:`tabletop_rules.kit.Words`); the
package's :data:`~tabletop_rules.skirmish.LOG` is a :class:`tabletop_rules.kit.Log` of these
tables, and characters are named as :func:`tabletop_rules.kit.display_names` names them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules._arguments import shown
from tabletop_rules.engine import Pass
from tabletop_rules.errors import InvalidData
from tabletop_rules.kit import Renderer, Words, display_names
from tabletop_rules.skirmish._cards import Skill
from tabletop_rules.skirmish._combat._commands import Attack, EndTurn, GiveAp, Prepare, UseSkill
from tabletop_rules.skirmish._combat._events import (
    Advanced,
    ApGiven,
    Declared,
    Ended,
    FirstPlayerRolled,
    GameEnded,
    Paid,
    Passed,
    Resolved,
    Rolled,
    Stepped,
    StepTaken,
    TargetLost,
    TurnEnded,
    TurnStarted,
)
from tabletop_rules.skirmish._combat._values import Action, ActionKind, CombatState, Status

__all__ = ["COMMAND_LINES", "EVENT_LINES", "STEP_LINES", "unit_names"]


def unit_names(state: CombatState, locale: str) -> Mapping[str, str]:
    """Every character of *state* by id: its card's name, with its id where names clash."""
    return display_names([(u.id, u.card.name) for u in state.units], locale)


def _target(words: Words[CombatState], target: str | None) -> str:
    return "-" if target is None else words.name(target)


def _skill(words: Words[CombatState], unit_id: str, index: int | None, path: str) -> Skill | None:
    """Skill number *index* of the character *unit_id* in the words' state, if it knows it.

    Raises:
        InvalidData: The card has no skill *index*, or *index* is below 0 (at *path*).
    """
    if type(index) is int and index < 0:
        raise InvalidData(path, f"a skill index is 0 or more, not {index}")
    state = words.state
    unit = None if state is None or index is None else state.find(unit_id)
    if unit is None or type(index) is not int:
        return None
    skills = unit.card.skills
    if index >= len(skills):
        detail = f"the card of {shown(unit_id)} has {len(skills)} skills, no skill {index}"
        raise InvalidData(path, detail)
    return skills[index]


def _action(words: Words[CombatState], action: Action) -> str:
    """What *action* is: a normal attack, a preparatory action, or its skill's card name."""
    if action.kind is ActionKind.SKILL:
        skill = _skill(words, action.unit, action.skill, "$.action.skill")
        if skill is not None:
            return skill.name
    return words(f"skirmish.action.{action.kind.value}")


# --------------------------------------------------------------------------- the steps


def _paid(taken: Paid, words: Words[CombatState]) -> str:
    key = "skirmish.event.paid" if taken.paid else "skirmish.event.unpaid"
    return words(key, unit=words.name(taken.unit), ap=taken.ap)


def _target_lost(taken: TargetLost, words: Words[CombatState]) -> str:
    return words(
        "skirmish.event.target_lost", unit=words.name(taken.unit), target=words.name(taken.target)
    )


def _stepped(taken: Stepped, words: Words[CombatState]) -> str:
    return words("skirmish.event.stepped", step=words(f"skirmish.step.{taken.step.value}"))


def _rolled(taken: Rolled, words: Words[CombatState]) -> str:
    return words("skirmish.event.rolled", check=taken.result.explain(words.locale))


def _status(unit: Any, words: Words[CombatState]) -> str:
    key = (
        "skirmish.status.unit"
        if unit.status is Status.STANDING
        else f"skirmish.status.{unit.status.value}"
    )
    return words(key, unit=words.name(unit.id), hp=unit.hp, ap=unit.ap, row=unit.row)


def _resolved(taken: Resolved, words: Words[CombatState]) -> str:
    if not taken.success:
        return words("skirmish.event.no_effect")
    parts = [_status(u, words) for u in taken.units]
    parts += [f"{t.value:+d} {words(t.label)}" for _, t in taken.modifiers]
    return words("skirmish.event.resolved", changes="; ".join(parts) or "-")


def _ended(taken: Ended, words: Words[CombatState]) -> str:
    return words("skirmish.event.ended", unit=words.name(taken.unit))


#: The sentence of each kind of step of an :class:`Advanced` event.
STEP_LINES: Final[Mapping[type[Any], Renderer]] = MappingProxyType(
    {
        Paid: _paid,
        TargetLost: _target_lost,
        Stepped: _stepped,
        Rolled: _rolled,
        Resolved: _resolved,
        Ended: _ended,
    }
)


def _step(taken: StepTaken, words: Words[CombatState]) -> str:
    render = STEP_LINES.get(type(taken))
    if render is None:
        raise InvalidData("$.steps", f"{type(taken).__name__} is no step of an Advanced event")
    return render(taken, words)


# --------------------------------------------------------------------------- the events


def _first(event: FirstPlayerRolled, words: Words[CombatState]) -> str:
    rolls = " ".join(f"{r.total}" for r in event.rolls)
    return words("skirmish.event.first", rolls=rolls, player=event.first)


def _turn_started(event: TurnStarted, words: Words[CombatState]) -> str:
    return words("skirmish.event.turn_started", turn=event.turn, player=event.player)


def _ap_given(event: ApGiven, words: Words[CombatState]) -> str:
    return words("skirmish.event.ap_given", unit=words.name(event.unit))


def _declared(event: Declared, words: Words[CombatState]) -> str:
    action = event.action
    key = "skirmish.event.responded" if action.response else "skirmish.event.declared"
    return words(
        key,
        unit=words.name(action.unit),
        action=_action(words, action),
        target=_target(words, action.target),
    )


def _passed(event: Passed, words: Words[CombatState]) -> str:
    return words("skirmish.event.passed", player=event.actor)


def _advanced(event: Advanced, words: Words[CombatState]) -> str:
    # A step past which nothing happened says something only when the steps stop there.
    last = len(event.steps) - 1
    told = [
        _step(taken, words)
        for index, taken in enumerate(event.steps)
        if index == last or type(taken) is not Stepped
    ]
    if not told:
        raise InvalidData("$.steps", "an Advanced event takes at least one step")
    line = told[0]
    for sentence in told[1:]:  # "A. B." in English, "A。B。" in Chinese and Japanese
        line = words("skirmish.event.then", before=line, after=sentence)
    return line


def _turn_ended(event: TurnEnded, words: Words[CombatState]) -> str:
    return words("skirmish.event.turn_ended", player=event.actor)


def _game_ended(event: GameEnded, words: Words[CombatState]) -> str:
    winners = ", ".join(event.winners) or "-"
    return words("skirmish.event.game_ended", winners=winners, reason=words(event.reason))


#: The line of the log of each event type.
EVENT_LINES: Final[Mapping[type[Any], Renderer]] = MappingProxyType(
    {
        FirstPlayerRolled: _first,
        TurnStarted: _turn_started,
        ApGiven: _ap_given,
        Declared: _declared,
        Passed: _passed,
        Advanced: _advanced,
        TurnEnded: _turn_ended,
        GameEnded: _game_ended,
    }
)


# --------------------------------------------------------------------------- the menus


def _attack(command: Attack, words: Words[CombatState]) -> str:
    return words(
        "skirmish.command.attack",
        unit=words.name(command.unit),
        target=words.name(command.target),
    )


def _prepare(command: Prepare, words: Words[CombatState]) -> str:
    key = "skirmish.command.prepare" if command.row is None else "skirmish.command.prepare_move"
    return words(key, unit=words.name(command.unit), row=command.row)


def _use_skill(command: UseSkill, words: Words[CombatState]) -> str:
    skill = _skill(words, command.unit, command.skill, "$.skill")
    if skill is None:
        what = words("skirmish.command.skill_number", index=command.skill)
    else:
        what = words("skirmish.command.skill", name=skill.name, cost=skill.cost)
    state = words.state
    key = "respond" if state is not None and state.stack.frames else "use_skill"
    if command.target is None:
        key += "_untargeted"
    if command.target == command.unit:
        target = words("skirmish.command.itself")
    else:
        target = _target(words, command.target)
    return words(
        f"skirmish.command.{key}", unit=words.name(command.unit), skill=what, target=target
    )


def _give_ap(command: GiveAp, words: Words[CombatState]) -> str:
    return words("skirmish.command.give_ap", unit=words.name(command.unit))


def _player(key: str) -> Callable[[Any, Words[CombatState]], str]:
    def render(command: Any, words: Words[CombatState]) -> str:
        return words(key, player=command.actor)

    return render


#: The menu entry of each command type.
COMMAND_LINES: Final[Mapping[type[Any], Renderer]] = MappingProxyType(
    {
        Attack: _attack,
        Prepare: _prepare,
        UseSkill: _use_skill,
        GiveAp: _give_ap,
        EndTurn: _player("skirmish.command.end_turn"),
        Pass: _player("skirmish.command.pass"),
    }
)
