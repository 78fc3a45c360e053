"""The combat log and menus: a localized line for each event and each command.

Participants are named by their characters' names when the state is given (a summon as its
summoner's summon); the ids stay in the JSON.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from typing import Any

from tabletop_rules._arguments import wrong_type
from tabletop_rules.i18n import resolve_locale, translate
from tabletop_rules.kit._rules import describe_input, label_input
from tabletop_rules.m20._combat._commands import (
    Assist,
    Attack,
    Command,
    DangerCheck,
    FirstAid,
    Heal,
    Hide,
    Hinder,
    RuleFallen,
    WideGuard,
)
from tabletop_rules.m20._combat._events import (
    Attacked,
    CombatEnded,
    DangerChecked,
    Event,
    FallenRuled,
    Fell,
    Hindered,
    StrikeResolved,
    Treated,
    WideGuardDeclared,
)
from tabletop_rules.m20._combat._values import GM, AttackMode, CombatState, Status

__all__ = ["command_label", "describe", "names_of"]

#: The fields of events and commands that hold a participant's id.
_ID_FIELDS = ("actor", "target", "ally", "summon", "participant", "attacker")


def names_of(state: CombatState, locale: str = "en") -> Mapping[str, str]:
    """Each combatant's name for a log in *locale*, by id, and the GM's.

    A character's name, or for a summon its summoner's summon.

    Raises:
        InvalidData: *state* is no m20 combat state (path ``$.state``).

    .. versionadded:: 0.2.0
    """
    from tabletop_rules.m20._combat import RULESET

    state = RULESET.checked_state(state)
    names: dict[str, str] = {GM: translate("m20.name.gm", locale)}
    for c in state.combatants:
        if c.character is not None:
            names[c.id] = c.character.name
    for c in state.combatants:
        if c.summoner is not None:
            owner = names.get(c.summoner, c.summoner)
            names[c.id] = translate("m20.name.summon", locale, summoner=owner)
    return names


_EVENTS: frozenset[type[Any]] = frozenset(typing.get_args(Event))
_COMMANDS: frozenset[type[Any]] = frozenset(typing.get_args(Command))


def _key(prefix: str, value: object) -> str:
    kind, known = ("event", _EVENTS) if prefix.endswith("event") else ("command", _COMMANDS)
    if type(value) not in known:
        raise wrong_type("$", f"m20.{kind.capitalize()}", value)
    return f"{prefix}.{_snake(type(value).__name__)}"


def _list(ids: Iterable[str], names: Mapping[str, str], locale: str) -> str:
    return ("、" if resolve_locale(locale) != "en" else ", ").join(names.get(i, i) for i in ids)


def describe(event: Event, locale: str = "en", *, state: CombatState | None = None) -> str:
    """One line (or one per strike) of a combat log for *event*, in *locale*.

    Args:
        event: An m20 combat event.
        locale: The reader's language.
        state: A state of the combat (any one: names do not change); with it, participants
            are named by their characters' names, else by their ids.

    Raises:
        InvalidData: *event* is not an m20 combat event (path ``$``); *state* is not an m20
            combat state (``$.state``).

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *state*, for names; an object that is no m20 event, or a state of another system,
       raises.
    """
    # The ruleset; imported here, as its module imports this one.
    from tabletop_rules.m20._combat import RULESET

    state = describe_input(RULESET, event, state)
    key = _key("m20.event", event)
    names: Mapping[str, str] = names_of(state, locale) if state is not None else {}
    if isinstance(event, Attacked):
        return "\n".join(
            translate(
                "m20.event.strike",
                locale,
                actor=names.get(event.actor, event.actor),
                target=names.get(strike.target, strike.target),
                check=strike.check.explain(locale),
            )
            for strike in event.strikes
        )
    fields: dict[str, object] = {
        name: getattr(event, name)
        for name in (*_ID_FIELDS, "damage", "hp", "round")
        if hasattr(event, name)
    }
    for name in _ID_FIELDS:
        if name in fields:
            fields[name] = names.get(str(fields[name]), fields[name])
    check = getattr(event, "check", None)
    if check is not None:
        fields["check"] = check.explain(locale)
    if isinstance(event, WideGuardDeclared):
        fields["protected"] = _list(event.protected, names, locale)
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
        if event.lost:
            key = "m20.event.strike_lost"
        else:
            key = "m20.event.strike_resolved" if event.hit else "m20.event.strike_missed"
    if isinstance(event, Treated) and event.first_aid:
        key = "m20.event.first_aided"
    if isinstance(event, Hindered):
        fields["choice"] = translate(f"m20.hinder.{event.choice.value}", locale)
    if isinstance(event, DangerChecked):
        fields["specialty"] = translate(event.specialty.label, locale)
    return translate(key, locale, **fields)


def command_label(command: Command, locale: str = "en", *, state: CombatState | None = None) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    >>> print(command_label(Hide(actor="al", target="bea"), "zh-Hant"))
    al 躲藏，避開 bea 的視線（物理攻擊）

    Args:
        command: An m20 combat command.
        locale: The reader's language.
        state: A state of the combat; with it, participants are named by their characters'
            names, else by their ids.

    Raises:
        InvalidData: *command* is not an m20 combat command, or has a field of the wrong
            type; *state* is not an m20 combat state.

    .. versionadded:: 0.2.0
    """
    # The ruleset; imported here, as its module imports this one.
    from tabletop_rules.m20._combat import RULESET

    state = label_input(RULESET, command, state)
    key = _key("m20.command", command)
    names: Mapping[str, str] = names_of(state, locale) if state is not None else {}
    fields: dict[str, Any] = {
        name: names.get(getattr(command, name), getattr(command, name))
        for name in ("actor", "target", "ally", "participant")
        if hasattr(command, name)
    }
    if isinstance(command, Attack | Hide | Assist | Hinder):
        fields["kind"] = translate(command.kind.label, locale)
    if isinstance(command, Attack):
        fields["targets"] = _list(command.targets, names, locale)
        if command.mode is not AttackMode.SINGLE:
            key = f"m20.command.attack_{command.mode.value}"
    if isinstance(command, Hinder):
        fields["choice"] = translate(f"m20.hinder.{command.choice.value}", locale)
    if isinstance(command, Heal | FirstAid) and command.magical:
        key += "_magical"
    if isinstance(command, WideGuard):
        fields["protected"] = _list(command.protected, names, locale)
    if isinstance(command, RuleFallen):
        fields["status"] = translate(
            (Status.DEAD if command.dead else Status.UNCONSCIOUS).label, locale
        )
    if isinstance(command, DangerCheck):
        fields["specialty"] = translate(command.specialty.label, locale)
        fields["difficulty"] = command.difficulty
    return translate(key, locale, **fields)


def _snake(name: str) -> str:
    out: list[str] = []
    for index, ch in enumerate(name):
        if ch.isupper() and index:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)
