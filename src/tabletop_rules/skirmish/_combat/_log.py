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
    MarkerActed,
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
from tabletop_rules.skirmish._combat._resolution import PREPARE_AP
from tabletop_rules.skirmish._combat._values import (
    Action,
    ActionKind,
    CombatState,
    PlacedMarker,
    Status,
    Unit,
)
from tabletop_rules.skirmish._effects import MarkerEffect

__all__ = ["COMMAND_LINES", "EVENT_LINES", "STEP_LINES", "marker_effect", "unit_names"]


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
    if taken.paid:
        key = "skirmish.event.paid" if taken.cost else "skirmish.event.paid_nothing"
    else:
        key = "skirmish.event.unpaid"
    return words(key, unit=words.name(taken.unit), ap=taken.ap, cost=taken.cost)


def _target_lost(taken: TargetLost, words: Words[CombatState]) -> str:
    return words(
        "skirmish.event.target_lost", unit=words.name(taken.unit), target=words.name(taken.target)
    )


def _stepped(taken: Stepped, words: Words[CombatState]) -> str:
    return words("skirmish.event.stepped", step=words(f"skirmish.step.{taken.step.value}"))


def _rolled(taken: Rolled, words: Words[CombatState]) -> str:
    return words("skirmish.event.rolled", check=taken.result.explain(words.locale))


#: The modifiers a marker may give, by field, with their term labels.
_MARKER_TERMS: Final = (
    ("skl", "skirmish.term.skl"),
    ("defense", "skirmish.term.def"),
    ("atk", "skirmish.term.atk"),
)
#: The statuses a marker may give (SK-41, 「類似於造成狀態」).
_MARKER_FLAGS: Final = ("cannot_act", "cannot_move", "cannot_respond")
#: The changes a marker may make at a turn's end or start.
_MARKER_CHANGES: Final = ("turn_end_hp", "turn_start_ap")


def marker_effect(effect: MarkerEffect, words: Words[Any]) -> str:
    """What *effect* does, in the reader's words: ``-2 def, cannot act``.

    .. versionadded:: 0.1.0
    """
    parts = [
        f"{getattr(effect, field):+d} {words(label)}"
        for field, label in _MARKER_TERMS
        if getattr(effect, field)
    ]
    parts += [words(f"skirmish.marker.{flag}") for flag in _MARKER_FLAGS if getattr(effect, flag)]
    parts += [
        words(f"skirmish.marker.{change}", amount=f"{getattr(effect, change):+d}")
        for change in _MARKER_CHANGES
        if getattr(effect, change)
    ]
    return words("skirmish.marker.separator").join(parts)


def _marker(marker: PlacedMarker, words: Words[CombatState]) -> str:
    return words(
        "skirmish.status.marker",
        name=marker.name,
        turns=marker.turns,
        effect=marker_effect(marker.effect, words),
    )


def _status(unit: Unit, words: Words[CombatState]) -> str:
    standing = unit.status is Status.STANDING
    key = "skirmish.status.unit" if standing else f"skirmish.status.{unit.status.value}"
    line = words(key, unit=words.name(unit.id), hp=unit.hp, ap=unit.ap, row=unit.row)
    if not standing or not unit.markers:
        return line
    markers = words("skirmish.marker.separator").join(_marker(m, words) for m in unit.markers)
    return words("skirmish.status.with_markers", status=line, markers=markers)


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


def _then(words: Words[CombatState], sentences: list[str]) -> str:
    """*sentences* as one line: "A. B." in English, "A。B。" in Chinese and Japanese."""
    line = sentences[0]
    for sentence in sentences[1:]:
        line = words("skirmish.event.then", before=line, after=sentence)
    return line


def _marked(key: str, marked: tuple[MarkerActed, ...], words: Words[CombatState]) -> list[str]:
    """A sentence for each character whose markers changed its hp or AP."""
    separator = words("skirmish.marker.separator")
    return [
        words(
            f"{key}_down" if key == "skirmish.event.marker_hp" and not acted.after else key,
            unit=words.name(acted.unit),
            markers=separator.join(acted.markers),
            change=f"{acted.change:+d}",
            after=acted.after,
        )
        for acted in marked
    ]


def _turn_started(event: TurnStarted, words: Words[CombatState]) -> str:
    line = words("skirmish.event.turn_started", turn=event.turn, player=event.player)
    return _then(words, [line, *_marked("skirmish.event.marker_ap", event.marked, words)])


def _ap_given(event: ApGiven, words: Words[CombatState]) -> str:
    return words("skirmish.event.ap_given", unit=words.name(event.unit))


def _declared(event: Declared, words: Words[CombatState]) -> str:
    action = event.action
    if action.kind is ActionKind.PREPARE:  # it pays nothing, and gains 2 AP (SK-16)
        key = "skirmish.event.prepared" if action.row is None else "skirmish.event.prepared_move"
        return words(key, unit=words.name(action.unit), ap=PREPARE_AP, row=action.row)
    key = "skirmish.event.responded" if action.response else "skirmish.event.declared"
    return words(
        key,
        unit=words.name(action.unit),
        action=_action(words, action),
        target=_target(words, action.target),
    )


def _passed(event: Passed, words: Words[CombatState]) -> str:
    return words("skirmish.event.passed", player=event.actor)


def _silent(taken: StepTaken) -> bool:
    """Whether *taken* says nothing in the middle of the steps.

    A step past which nothing happened says nothing, nor a payment of nothing (a normal
    attack's, a preparatory action's).
    """
    kind = type(taken)
    return kind is Stepped or (kind is Paid and taken.paid and not taken.cost)  # type: ignore[union-attr]


def _advanced(event: Advanced, words: Words[CombatState]) -> str:
    # A step that says nothing says something only when the steps stop there.
    last = len(event.steps) - 1
    told = [
        _step(taken, words)
        for index, taken in enumerate(event.steps)
        if index == last or not _silent(taken)
    ]
    if not told:
        raise InvalidData("$.steps", "an Advanced event takes at least one step")
    return _then(words, told)


def _turn_ended(event: TurnEnded, words: Words[CombatState]) -> str:
    line = words("skirmish.event.turn_ended", player=event.actor)
    return _then(words, [*_marked("skirmish.event.marker_hp", event.marked, words), line])


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
