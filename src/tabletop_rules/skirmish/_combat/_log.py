"""The game log and menus: one localized line per event and per command."""

from __future__ import annotations

from typing import Any

from tabletop_rules._arguments import shown
from tabletop_rules.engine import Pass
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import translate
from tabletop_rules.kit._rules import describe_input, label_input
from tabletop_rules.skirmish._cards import Skill
from tabletop_rules.skirmish._combat._events import (
    Advanced,
    ApGiven,
    Attack,
    Command,
    Declared,
    Ended,
    EndTurn,
    Event,
    FirstPlayerRolled,
    GiveAp,
    Paid,
    Passed,
    Prepare,
    Resolved,
    RollCheck,
    Rolled,
    RollForFirst,
    Stepped,
    StepTaken,
    TurnEnded,
    TurnStarted,
    UseSkill,
)
from tabletop_rules.skirmish._combat._flow import RULESET
from tabletop_rules.skirmish._combat._values import Action, ActionKind, State, Status

__all__ = ["command_label", "describe"]

#: The catalog key of each command whose label names only its player, or one character.
_PLAIN: dict[type[Any], str] = {
    RollForFirst: "roll_for_first",
    GiveAp: "give_ap",
    RollCheck: "roll_check",
    EndTurn: "end_turn",
    Pass: "pass",
}


def _name(state: State | None, unit_id: str | None) -> str:
    if unit_id is None:
        return "-"
    found = None if state is None else state.find(unit_id)
    return unit_id if found is None else f"{found.card.name} ({unit_id})"


def _skill(state: State | None, unit_id: str, index: object, path: str) -> Skill | None:
    """The skill *index* of the card of *unit_id*, or ``None`` when *state* does not know it.

    Raises:
        InvalidData: The card has no skill *index*, or *index* is below 0 (at *path*).
    """
    if type(index) is int and index < 0:
        raise InvalidData(path, f"a skill index is 0 or more, not {index}")
    unit = state.find(unit_id) if state is not None else None
    if unit is None or type(index) is not int:
        return None
    if index >= len(unit.card.skills):
        count = len(unit.card.skills)
        detail = f"the card of {shown(unit_id)} has {count} skills, no skill {index}"
        raise InvalidData(path, detail)
    return unit.card.skills[index]


def _action(state: State | None, action: Action, locale: str, path: str) -> str:
    """What *action* is: a normal attack, a preparatory action, or its skill's card name.

    Raises:
        InvalidData: The acting card has no skill at the action's index (at *path*).
    """
    if action.kind is ActionKind.SKILL and action.skill is not None:
        skill = _skill(state, action.unit, action.skill, f"{path}.skill")
        if skill is not None:
            return skill.name
    return translate(f"skirmish.action.{action.kind.value}", locale)


def describe(event: Event, locale: str = "en", *, state: State | None = None) -> str:
    """One line of the game log for *event*, in *locale*.

    Args:
        event: A skirmish event.
        locale: The reader's language.
        state: A state of the game after the event; with it, characters are named by their
            cards, else by their ids.

    Raises:
        InvalidData: *event* is no skirmish event (path ``$``), or an :class:`Advanced` event
            without steps or with something else among them (``$.steps``); *state* is no
            skirmish state (``$.state``); a declared skill's index is below 0, or names no
            skill of the card *state* gives the acting character (``$.action.skill``).

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.1.0
       A skill the card lacks is refused, not a bare ``IndexError`` or another skill.
    """
    state = describe_input(RULESET, event, state)
    if isinstance(event, FirstPlayerRolled):
        rolls = " ".join(f"{r.total}" for r in event.rolls)
        return translate("skirmish.event.first", locale, rolls=rolls, player=event.first)
    if isinstance(event, TurnStarted):
        return translate(
            "skirmish.event.turn_started", locale, turn=event.turn, player=event.player
        )
    if isinstance(event, ApGiven):
        return translate("skirmish.event.ap_given", locale, unit=_name(state, event.unit))
    if isinstance(event, Declared):
        action = event.action
        what = _action(state, action, locale, "$.action")
        key = "skirmish.event.responded" if action.response else "skirmish.event.declared"
        return translate(
            key,
            locale,
            unit=_name(state, action.unit),
            action=what,
            target=_name(state, action.target),
        )
    if isinstance(event, Passed):
        return translate("skirmish.event.passed", locale, player=event.actor)
    if isinstance(event, Rolled):
        return translate("skirmish.event.rolled", locale, check=event.result.explain(locale))
    if isinstance(event, Advanced):
        # A step past which nothing happened says something only when the steps stop there.
        last = len(event.steps) - 1
        told = [
            _step(taken, locale, state)
            for index, taken in enumerate(event.steps)
            if index == last or not isinstance(taken, Stepped)
        ]
        if not told:
            raise InvalidData("$.steps", "an Advanced event takes at least one step")
        line = told[0]
        for sentence in told[1:]:  # "A. B." in English, "A。B。" in Chinese and Japanese
            line = translate("skirmish.event.then", locale, before=line, after=sentence)
        return line
    if isinstance(event, TurnEnded):
        return translate("skirmish.event.turn_ended", locale, player=event.actor)
    winners = ", ".join(event.winners) or "-"
    return translate(
        "skirmish.event.game_ended",
        locale,
        winners=winners,
        reason=translate(event.reason, locale),
    )


def _step(taken: StepTaken, locale: str, state: State | None) -> str:
    """The sentence of one step of an :class:`Advanced` event."""
    if isinstance(taken, Paid):
        key = "skirmish.event.paid" if taken.paid else "skirmish.event.unpaid"
        return translate(key, locale, unit=_name(state, taken.unit), ap=taken.ap)
    if isinstance(taken, Stepped):
        step = translate(f"skirmish.step.{taken.step.value}", locale)
        return translate("skirmish.event.stepped", locale, step=step)
    if isinstance(taken, Resolved):
        if not taken.success:
            return translate("skirmish.event.no_effect", locale)
        parts = [
            translate(
                f"skirmish.status.{u.status.value}"
                if u.status is not Status.STANDING
                else "skirmish.status.unit",
                locale,
                unit=_name(state, u.id),
                hp=u.hp,
                ap=u.ap,
                row=u.row,
            )
            for u in taken.units
        ]
        parts += [f"{t.value:+d} {translate(t.label, locale)}" for _, t in taken.modifiers]
        return translate("skirmish.event.resolved", locale, changes="; ".join(parts) or "-")
    if isinstance(taken, Ended):  # pyright: ignore[reportUnnecessaryIsInstance]
        return translate("skirmish.event.ended", locale, unit=_name(state, taken.unit))
    raise InvalidData("$.steps", f"{type(taken).__name__} is no step of an Advanced event")


def command_label(command: Command, locale: str = "en", *, state: State | None = None) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    >>> from tabletop_rules.skirmish import Prepare, command_label
    >>> print(command_label(Prepare("a", "a1", row=0), "zh-Hant"))
    a1 預備動作（+2 行動點），移動到第 0 行

    Args:
        command: A skirmish command.
        locale: The reader's language.
        state: The state the command is offered in (read, as ``legal_commands`` reads it,
            after the automatic events it owes); with it, characters are named by their
            cards, skills by their card names and costs, and a skill offered while an action
            is being resolved is labelled as a response. Without it, ids and skill numbers.

    Raises:
        InvalidData: *command* is no skirmish command, or has a field of the wrong type;
            *state* is no skirmish state; a skill index below 0, or one the card *state*
            gives the character lacks (``$.skill``, or the action being resolved's at
            ``$.state.stack.top.pending.pending.skill``).

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.1.0
       A skill the card lacks is refused, not a bare ``IndexError`` or another skill.
    """
    state = label_input(RULESET, command, state)
    player = command.actor
    if isinstance(command, Attack):
        return translate(
            "skirmish.command.attack",
            locale,
            unit=_name(state, command.unit),
            target=_name(state, command.target),
        )
    if isinstance(command, Prepare):
        key = "skirmish.command.prepare" if command.row is None else "skirmish.command.prepare_move"
        return translate(key, locale, unit=_name(state, command.unit), row=command.row)
    if isinstance(command, UseSkill):
        return _skill_label(command, locale, state)
    if isinstance(command, RollCheck) and state is not None and state.stack.frames:
        action = state.stack.top.pending.pending
        return translate(
            "skirmish.command.roll_check_of",
            locale,
            player=player,
            unit=_name(state, action.unit),
            action=_action(state, action, locale, "$.state.stack.top.pending.pending"),
        )
    unit = getattr(command, "unit", None)
    key = _PLAIN[type(command)]
    return translate(f"skirmish.command.{key}", locale, player=player, unit=_name(state, unit))


def _skill_label(command: UseSkill, locale: str, state: State | None) -> str:
    skill = _skill(state, command.unit, command.skill, "$.skill")
    if skill is not None:
        what = translate("skirmish.command.skill", locale, name=skill.name, cost=skill.cost)
    else:
        what = translate("skirmish.command.skill_number", locale, index=command.skill)
    key = "respond" if state is not None and state.stack.frames else "use_skill"
    if command.target is None:
        key += "_untargeted"
    if command.target == command.unit:
        target = translate("skirmish.command.itself", locale)
    else:
        target = _name(state, command.target)
    return translate(
        f"skirmish.command.{key}",
        locale,
        unit=_name(state, command.unit),
        skill=what,
        target=target,
    )
