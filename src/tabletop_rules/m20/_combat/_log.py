"""The combat log: one localized line (or one per strike) for each event."""

from __future__ import annotations

from tabletop_rules.i18n import translate
from tabletop_rules.m20._combat._events import (
    Assisted,
    Attacked,
    CombatEnded,
    Event,
    FallenRuled,
    Fell,
    Hid,
    Hindered,
    StrikeResolved,
    Treated,
    WideGuardDeclared,
)
from tabletop_rules.m20._combat._values import Status

__all__ = ["describe"]


def describe(event: Event, locale: str = "en") -> str:
    """One line (or one per strike) of a combat log for *event*, in *locale*.

    .. versionadded:: 0.1.0
    """
    key = f"m20.event.{_snake(type(event).__name__)}"
    if isinstance(event, Attacked):
        lines: list[str] = []
        for strike in event.strikes:
            lines.append(
                translate(
                    "m20.event.strike",
                    locale,
                    actor=event.actor,
                    target=strike.target,
                    check=strike.check.explain(locale),
                )
            )
        return "\n".join(lines)
    fields: dict[str, object] = {
        name: getattr(event, name)
        for name in ("actor", "target", "ally", "summon", "participant", "damage", "hp", "round")
        if hasattr(event, name)
    }
    if isinstance(event, Hid | Assisted | Hindered | Treated):
        fields["check"] = event.check.explain(locale)
    if isinstance(event, WideGuardDeclared):
        fields["protected"] = (
            "、".join(event.protected) if locale != "en" else ", ".join(event.protected)
        )
    if isinstance(event, Fell):
        fields["status"] = translate(event.status.label, locale)
    if isinstance(event, FallenRuled):
        fields["status"] = translate(
            (Status.DEAD if event.dead else Status.UNCONSCIOUS).label, locale
        )
    if isinstance(event, CombatEnded):
        fields["winners"] = ", ".join(event.winners) or "-"
        fields["reason"] = translate(event.reason, locale)
    if isinstance(event, StrikeResolved):
        key = "m20.event.strike_resolved" if event.hit else "m20.event.strike_missed"
    if isinstance(event, Treated) and event.first_aid:
        key = "m20.event.first_aided"
    if isinstance(event, Hindered):
        fields["choice"] = translate(f"m20.hinder.{event.choice.value}", locale)
    return translate(key, locale, **fields)


def _snake(name: str) -> str:
    out: list[str] = []
    for index, ch in enumerate(name):
        if ch.isupper() and index:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)
