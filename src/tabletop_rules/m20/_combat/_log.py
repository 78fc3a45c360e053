"""The combat log and menus: a renderer for each event type and each command type.

Participants are named by their characters' names when the state is given (two of one name
told apart by their ids, a summon as its summoner's summon); the ids stay in the JSON.
Every renderer is ``render(value, words) -> str`` (:class:`~tabletop_rules.kit.Words`), and
the two tables, :data:`EVENT_LINES` and :data:`COMMAND_LINES`, are the ``m20`` package's
:class:`~tabletop_rules.kit.Log` (``LOG``): the round's lines are the kit's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules.engine import Pass
from tabletop_rules.i18n import translate
from tabletop_rules.kit import (
    GM,
    ROUND_COMMAND_LINES,
    ROUND_EVENT_LINES,
    Renderer,
    Words,
    display_names,
)
from tabletop_rules.m20._combat._commands import (
    Assist,
    Attack,
    BoostDamage,
    CoolDown,
    DangerCheck,
    Dismiss,
    FirstAid,
    FocusDefense,
    Frenzy,
    Heal,
    Hide,
    Hinder,
    RuleFallen,
    SplitFocus,
    Summon,
    UseDecisiveStrike,
    UseIndomitable,
    UseNarrowEscape,
    WideGuard,
)
from tabletop_rules.m20._combat._events import (
    Assisted,
    Attacked,
    CoolDownDeclared,
    DamageBoosted,
    DangerChecked,
    DecisiveStrikeUsed,
    Declined,
    FallenRuled,
    Fell,
    FocusedDefense,
    FrenzyDeclared,
    Hid,
    Hindered,
    IndomitableUsed,
    NarrowEscapeUsed,
    SplitFocusDeclared,
    StrikeResolved,
    SummonDismissed,
    Summoned,
    SummonVanished,
    Treated,
    WideGuardDeclared,
)
from tabletop_rules.m20._combat._values import AttackMode, CombatState, Status

__all__ = ["COMMAND_LINES", "EVENT_LINES", "names_of"]


def names_of(state: CombatState, locale: str = "en") -> Mapping[str, str]:
    """Each combatant's name for a log in *locale*, by id, and the GM's.

    A character's name (``name (id)`` where two characters share a name, the kit's
    :func:`~tabletop_rules.kit.display_names`), or for a summon its summoner's summon.

    Raises:
        InvalidData: *state* is no m20 combat state (path ``$.state``); *locale* is no
            ``str`` (``$.locale``).

    .. versionadded:: 0.1.0
    """
    from tabletop_rules.m20._combat import RULESET

    state = RULESET.checked_state(state)
    names = display_names(
        ((c.id, c.character.name) for c in state.combatants if c.character is not None), locale
    )
    names[GM] = translate("m20.name.gm", locale)
    for c in state.combatants:
        if c.summoner is not None:
            owner = names.get(c.summoner, c.summoner)
            names[c.id] = translate("m20.name.summon", locale, summoner=owner)
    return MappingProxyType(names)


def _list(ids: Iterable[str], words: Words[Any]) -> str:
    return ("、" if words.locale != "en" else ", ").join(words.name(i) for i in ids)


def _status(dead: bool, words: Words[Any]) -> str:
    return words((Status.DEAD if dead else Status.UNCONSCIOUS).label)


def _actor_line(key: str) -> Renderer:
    """A renderer of a value whose line names its actor only."""

    def render(value: Any, words: Words[Any]) -> str:
        return words(key, actor=words.name(value.actor))

    return render


# --------------------------------------------------------------------------- events


def _attacked(event: Attacked, words: Words[Any]) -> str:
    actor = words.name(event.actor)
    return "\n".join(
        words(
            "m20.event.strike",
            actor=actor,
            target=words.name(strike.target),
            check=strike.check.explain(words.locale),
        )
        for strike in event.strikes
    )


def _hid(event: Hid, words: Words[Any]) -> str:
    return words(
        "m20.event.hid",
        actor=words.name(event.actor),
        target=words.name(event.target),
        check=event.check.explain(words.locale),
    )


def _assisted(event: Assisted, words: Words[Any]) -> str:
    return words(
        "m20.event.assisted",
        actor=words.name(event.actor),
        target=words.name(event.target),
        ally=words.name(event.ally),
        check=event.check.explain(words.locale),
    )


def _hindered(event: Hindered, words: Words[Any]) -> str:
    return words(
        "m20.event.hindered",
        actor=words.name(event.actor),
        target=words.name(event.target),
        choice=words(f"m20.hinder.{event.choice.value}"),
        check=event.check.explain(words.locale),
    )


def _treated(event: Treated, words: Words[Any]) -> str:
    return words(
        "m20.event.first_aided" if event.first_aid else "m20.event.treated",
        actor=words.name(event.actor),
        target=words.name(event.target),
        hp=event.hp,
        check=event.check.explain(words.locale),
    )


def _wide_guard_declared(event: WideGuardDeclared, words: Words[Any]) -> str:
    return words(
        "m20.event.wide_guard_declared",
        actor=words.name(event.actor),
        protected=_list(event.protected, words),
    )


def _summon_dismissed(event: SummonDismissed, words: Words[Any]) -> str:
    return words(
        "m20.event.summon_dismissed",
        actor=words.name(event.actor),
        summon=words.name(event.summon),
    )


def _summoned(event: Summoned, words: Words[Any]) -> str:
    return words(
        "m20.event.summoned",
        actor=words.name(event.actor),
        summon=words.name(event.summon),
        hp=event.hp,
    )


def _strike_key(event: StrikeResolved) -> str:
    """The line of a strike's outcome: lost (its target down before it came), hit or missed."""
    if event.lost:
        return "m20.event.strike_lost"
    return "m20.event.strike_resolved" if event.hit else "m20.event.strike_missed"


def _strike_resolved(event: StrikeResolved, words: Words[Any]) -> str:
    return words(
        _strike_key(event),
        attacker=words.name(event.attacker),
        target=words.name(event.target),
        damage=event.damage,
        hp=event.hp,
    )


def _fell(event: Fell, words: Words[Any]) -> str:
    return words(
        "m20.event.fell",
        participant=words.name(event.participant),
        status=words(event.status.label),
    )


def _summon_vanished(event: SummonVanished, words: Words[Any]) -> str:
    return words("m20.event.summon_vanished", summon=words.name(event.summon))


def _fallen_ruled(event: FallenRuled, words: Words[Any]) -> str:
    return words(
        "m20.event.fallen_ruled",
        target=words.name(event.target),
        status=_status(event.dead, words),
    )


def _danger_checked(event: DangerChecked, words: Words[Any]) -> str:
    return words(
        "m20.event.danger_checked",
        participant=words.name(event.participant),
        specialty=words(event.specialty.label),
        check=event.check.explain(words.locale),
    )


#: The renderer of each m20 combat event.
EVENT_LINES: Final[Mapping[type[Any], Renderer]] = MappingProxyType(
    {
        SplitFocusDeclared: _actor_line("m20.event.split_focus_declared"),
        CoolDownDeclared: _actor_line("m20.event.cool_down_declared"),
        FrenzyDeclared: _actor_line("m20.event.frenzy_declared"),
        WideGuardDeclared: _wide_guard_declared,
        SummonDismissed: _summon_dismissed,
        Attacked: _attacked,
        Hid: _hid,
        FocusedDefense: _actor_line("m20.event.focused_defense"),
        Assisted: _assisted,
        Hindered: _hindered,
        Treated: _treated,
        Summoned: _summoned,
        DecisiveStrikeUsed: _actor_line("m20.event.decisive_strike_used"),
        NarrowEscapeUsed: _actor_line("m20.event.narrow_escape_used"),
        DamageBoosted: _actor_line("m20.event.damage_boosted"),
        IndomitableUsed: _actor_line("m20.event.indomitable_used"),
        Declined: _actor_line("m20.event.declined"),
        StrikeResolved: _strike_resolved,
        Fell: _fell,
        SummonVanished: _summon_vanished,
        FallenRuled: _fallen_ruled,
        DangerChecked: _danger_checked,
        **ROUND_EVENT_LINES,
    }
)


# --------------------------------------------------------------------------- commands

#: The key of an attack's label by its mode.
_ATTACK_KEYS: Final = MappingProxyType(
    {
        AttackMode.SINGLE: "m20.command.attack",
        AttackMode.DOUBLE: "m20.command.attack_double",
        AttackMode.AREA: "m20.command.attack_area",
    }
)


def _attack(command: Attack, words: Words[Any]) -> str:
    return words(
        _ATTACK_KEYS[command.mode],
        actor=words.name(command.actor),
        targets=_list(command.targets, words),
        kind=words(command.kind.label),
    )


def _hide(command: Hide, words: Words[Any]) -> str:
    return words(
        "m20.command.hide",
        actor=words.name(command.actor),
        target=words.name(command.target),
        kind=words(command.kind.label),
    )


def _assist(command: Assist, words: Words[Any]) -> str:
    return words(
        "m20.command.assist",
        actor=words.name(command.actor),
        target=words.name(command.target),
        ally=words.name(command.ally),
        kind=words(command.kind.label),
    )


def _hinder(command: Hinder, words: Words[Any]) -> str:
    return words(
        "m20.command.hinder",
        actor=words.name(command.actor),
        target=words.name(command.target),
        choice=words(f"m20.hinder.{command.choice.value}"),
        kind=words(command.kind.label),
    )


def _treatment(key: str) -> Callable[[Heal | FirstAid, Words[Any]], str]:
    """The renderer of 治療 or first aid (*key*), ``_magical`` when the healing is magic."""

    def render(command: Heal | FirstAid, words: Words[Any]) -> str:
        return words(
            f"{key}_magical" if command.magical else key,
            actor=words.name(command.actor),
            target=words.name(command.target),
        )

    return render


def _wide_guard(command: WideGuard, words: Words[Any]) -> str:
    return words(
        "m20.command.wide_guard",
        actor=words.name(command.actor),
        protected=_list(command.protected, words),
    )


def _rule_fallen(command: RuleFallen, words: Words[Any]) -> str:
    return words(
        "m20.command.rule_fallen",
        target=words.name(command.target),
        status=_status(command.dead, words),
    )


def _danger_check(command: DangerCheck, words: Words[Any]) -> str:
    return words(
        "m20.command.danger_check",
        participant=words.name(command.participant),
        specialty=words(command.specialty.label),
        difficulty=command.difficulty,
    )


#: The menu label of each m20 combat command.
COMMAND_LINES: Final[Mapping[type[Any], Renderer]] = MappingProxyType(
    {
        Attack: _attack,
        Hide: _hide,
        FocusDefense: _actor_line("m20.command.focus_defense"),
        Assist: _assist,
        Hinder: _hinder,
        Heal: _treatment("m20.command.heal"),
        FirstAid: _treatment("m20.command.first_aid"),
        Summon: _actor_line("m20.command.summon"),
        SplitFocus: _actor_line("m20.command.split_focus"),
        CoolDown: _actor_line("m20.command.cool_down"),
        Frenzy: _actor_line("m20.command.frenzy"),
        WideGuard: _wide_guard,
        Dismiss: _actor_line("m20.command.dismiss"),
        UseDecisiveStrike: _actor_line("m20.command.use_decisive_strike"),
        UseNarrowEscape: _actor_line("m20.command.use_narrow_escape"),
        BoostDamage: _actor_line("m20.command.boost_damage"),
        UseIndomitable: _actor_line("m20.command.use_indomitable"),
        Pass: _actor_line("m20.command.pass"),
        RuleFallen: _rule_fallen,
        DangerCheck: _danger_check,
        **ROUND_COMMAND_LINES,
    }
)
