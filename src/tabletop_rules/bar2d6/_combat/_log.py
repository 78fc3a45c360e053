"""Localized lines for the events of a bar2d6 combat, for a bot to post."""

from __future__ import annotations

from tabletop_rules.bar2d6._combat._events import (
    Attacked,
    BonusGranted,
    Event,
    Healed,
    HpSet,
    RoundEnded,
    Waited,
)
from tabletop_rules.i18n import translate

__all__ = ["describe"]


def describe(event: Event, locale: str = "en") -> str:
    """One line per thing *event* records, in *locale* (an attack: a line per strike).

    >>> from tabletop_rules import bar2d6
    >>> print(bar2d6.describe(bar2d6.RoundEnded(round=2, by_gm=True), "zh-Hant"))
    第2輪結束（GM）。

    .. versionadded:: 0.2.0
    """
    if isinstance(event, Attacked):
        return "\n".join(
            translate(
                "bar2d6.event.strike",
                locale,
                actor=event.actor,
                target=strike.target,
                check=strike.check.explain(locale),
                damage=strike.damage,
            )
            for strike in event.strikes
        )
    if isinstance(event, Healed):
        return translate(
            "bar2d6.event.healed",
            locale,
            actor=event.actor,
            target=event.target,
            item=event.item,
            amount=event.amount,
        )
    if isinstance(event, BonusGranted):
        return translate(
            "bar2d6.event.bonus_granted",
            locale,
            actor=event.actor,
            target=event.target,
            item=event.item,
            bonus=event.bonus,
        )
    if isinstance(event, Waited):
        return translate("bar2d6.event.waited", locale, actor=event.actor)
    if isinstance(event, HpSet):
        return translate("bar2d6.event.hp_set", locale, target=event.target, hp=event.hp)
    if isinstance(event, RoundEnded):
        key = "bar2d6.event.round_ended_gm" if event.by_gm else "bar2d6.event.round_ended"
        return translate(key, locale, round=event.round)
    winners = ", ".join(event.winners) or translate("bar2d6.result.no_winner", locale)
    return translate(
        "bar2d6.event.combat_ended",
        locale,
        winners=winners,
        reason=translate(event.reason, locale),
    )
