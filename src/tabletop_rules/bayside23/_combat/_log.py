"""The battle log in words: every event of a bayside23 battle, in any shipped locale."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tabletop_rules.bayside23._combat._events import (
    ArtifactUsed,
    Attacked,
    BattleEnded,
    Event,
    Fled,
    Healed,
    InitiativeRolled,
    Readied,
    StrikeForgone,
    Struck,
    TurnEnded,
    TurnLost,
    Waited,
    WeaponSwitched,
)
from tabletop_rules.bayside23._combat._values import GM, BattleSetup
from tabletop_rules.i18n import Label, translate

__all__ = ["describe", "names_of"]


def names_of(setup: BattleSetup) -> dict[str, str]:
    """The display name of every participant of *setup*, by id."""
    return {p.id: p.character.name for p in setup.participants}


def describe(event: Event, locale: str = "ja", names: Mapping[str, str] | None = None) -> str:
    """One line of the battle log for *event* in *locale*.

    Args:
        event: The event.
        locale: A language tag.
        names: Display names by id (:func:`names_of`); ids are shown where a name is missing.
    """
    known = dict(names or {})
    known.setdefault(GM, translate("bayside23.name.gm", locale))

    def name(id: str) -> str:
        return known.get(id, id)

    if isinstance(event, InitiativeRolled):
        rolls = ", ".join(
            f"{name(r.id)} {r.roll.dice}[{r.roll.total}]={r.total}"
            + (translate("bayside23.log.reroll", locale) if r.round else "")
            for r in event.rolls
        )
        order = " → ".join(name(i) for i in event.order)
        return translate(
            "bayside23.log.initiative", locale, turn=event.turn, rolls=rolls, order=order
        )
    if isinstance(event, Attacked):
        text = translate(
            "bayside23.log.attacked",
            locale,
            actor=name(event.actor),
            target=name(event.target),
            check=event.check.explain(locale),
        )
        parts = [text]
        if event.damage_roll is not None or event.damage:
            roll = (
                ""
                if event.damage_roll is None
                else f"{event.damage_roll.dice}[{','.join(map(str, event.damage_roll.faces))}] → "
            )
            parts.append(
                translate(
                    "bayside23.log.damage",
                    locale,
                    roll=roll,
                    target=name(event.target),
                    damage=event.damage,
                )
            )
        if event.backlash:
            parts.append(
                translate(
                    "bayside23.log.damage",
                    locale,
                    roll="",
                    target=name(event.actor),
                    damage=event.backlash,
                )
            )
        parts.extend(translate("bayside23.log.falls", locale, actor=name(i)) for i in event.falls)
        return " ".join(parts)
    if isinstance(event, Healed):
        return translate(
            "bayside23.log.healed",
            locale,
            actor=name(event.actor),
            target=name(event.target),
            roll=f"{event.roll.dice}[{event.roll.total}]",
            amount=event.amount,
        )
    if isinstance(event, Struck):
        return translate(
            "bayside23.log.struck",
            locale,
            actor=name(event.actor),
            target=name(event.target),
            roll=f"{event.roll.dice}[{event.roll.total}]",
        )
    if isinstance(event, BattleEnded):
        return translate("bayside23.log.battle_ended", locale, winner=Label(event.winner.label))
    if isinstance(event, TurnEnded):
        return translate("bayside23.log.turn_ended", locale, turn=event.turn)
    if isinstance(event, WeaponSwitched):
        return translate("bayside23.log.switched", locale, actor=name(event.actor))
    if isinstance(event, ArtifactUsed):
        return translate(
            "bayside23.log.artifact", locale, actor=name(event.actor), artifact=event.artifact
        )
    key = {
        Readied: "bayside23.log.readied",
        Waited: "bayside23.log.waited",
        Fled: "bayside23.log.fled",
        TurnLost: "bayside23.log.turn_lost",
        StrikeForgone: "bayside23.log.forgone",
    }[type(event)]
    return translate(key, locale, actor=name(event.actor))


def log(events: Iterable[Event], locale: str = "ja", names: Mapping[str, str] | None = None) -> str:
    """The log of *events*, one line each."""
    return "\n".join(describe(e, locale, names) for e in events)
