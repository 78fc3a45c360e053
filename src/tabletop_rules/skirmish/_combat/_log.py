"""The game log: one localized line per event."""

from __future__ import annotations

from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import translate
from tabletop_rules.skirmish._combat._events import (
    ApGiven,
    Declared,
    Ended,
    Event,
    FirstPlayerRolled,
    GameEnded,
    Paid,
    Passed,
    Resolved,
    Rolled,
    Stepped,
    TurnEnded,
    TurnStarted,
)
from tabletop_rules.skirmish._combat._values import ActionKind, State, Status

__all__ = ["describe"]


def _name(state: State | None, unit_id: str | None) -> str:
    if unit_id is None:
        return "-"
    found = None if state is None else state.find(unit_id)
    return unit_id if found is None else f"{found.card.name} ({unit_id})"


def describe(event: Event | object, locale: str = "en", *, state: State | None = None) -> str:
    """One line of the game log for *event*, in *locale*.

    Args:
        event: A skirmish event.
        locale: The reader's language.
        state: A state of the game after the event, to name characters by their cards.

    Raises:
        InvalidData: *event* is no skirmish event.

    .. versionadded:: 0.2.0
    """
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
        unit = state.find(action.unit) if state is not None else None
        what = translate(f"skirmish.action.{action.kind.value}", locale)
        if action.kind is ActionKind.SKILL and unit is not None and action.skill is not None:
            what = unit.card.skills[action.skill].name
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
    if isinstance(event, Paid):
        key = "skirmish.event.paid" if event.paid else "skirmish.event.unpaid"
        return translate(key, locale, unit=_name(state, event.unit), ap=event.ap)
    if isinstance(event, Rolled):
        return translate("skirmish.event.rolled", locale, check=event.result.explain(locale))
    if isinstance(event, Stepped):
        step = translate(f"skirmish.step.{event.step.value}", locale)
        return translate("skirmish.event.stepped", locale, step=step)
    if isinstance(event, Resolved):
        if not event.success:
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
            for u in event.units
        ]
        parts += [f"{t.value:+d} {translate(t.label, locale)}" for _, t in event.modifiers]
        return translate("skirmish.event.resolved", locale, changes="; ".join(parts) or "-")
    if isinstance(event, Ended):
        return translate("skirmish.event.ended", locale, unit=_name(state, event.unit))
    if isinstance(event, TurnEnded):
        return translate("skirmish.event.turn_ended", locale, player=event.actor)
    if isinstance(event, GameEnded):
        winners = ", ".join(event.winners) or "-"
        return translate(
            "skirmish.event.game_ended",
            locale,
            winners=winners,
            reason=translate(event.reason, locale),
        )
    raise InvalidData("$", f"{type(event).__name__} is no skirmish event")
