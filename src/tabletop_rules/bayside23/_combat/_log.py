"""The battle log in words: every event of a bayside23 battle, in any shipped locale."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from tabletop_rules._arguments import checked, checked_items
from tabletop_rules.bayside23._combat import RULESET
from tabletop_rules.bayside23._combat._commands import (
    Attack,
    Cast,
    Command,
    FinishingStrike,
    Flee,
    ForgoStrike,
    Ready,
    RollInitiative,
    SwitchWeapon,
    UseArtifact,
    Wait,
)
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
from tabletop_rules.bayside23._combat._values import GM, BattleSetup, BattleState
from tabletop_rules.i18n import Label, translate
from tabletop_rules.kit._rules import describe_input, label_input

__all__ = ["command_label", "describe", "log", "names_of"]

_T = TypeVar("_T")


def names_of(setup: BattleSetup | BattleState) -> dict[str, str]:
    """The display name of every participant of *setup*, or of a state of its battle, by id.

    Raises:
        InvalidData: *setup* is neither (path ``$.setup``).

    .. versionchanged:: 0.2.0
       A :class:`BattleState` too.
    """
    setup = checked(setup, (BattleSetup, BattleState), "$.setup")
    people = setup.participants if isinstance(setup, BattleSetup) else setup.combatants
    return {p.id: p.character.name for p in people}


def _names(state: BattleState | None, locale: str) -> dict[str, str]:
    """The names a log or a menu in *locale* shows by id: the GM's, and those of *state*."""
    known = names_of(state) if state is not None else {}
    known[GM] = translate("bayside23.name.gm", locale)
    return known


def describe(event: Event, locale: str = "en", *, state: BattleState | None = None) -> str:
    """One line of the battle log for *event* in *locale*.

    >>> from tabletop_rules.bayside23 import Waited, describe
    >>> print(describe(Waited(actor="mina"), "ja"))
    mina は待機した。

    Args:
        event: A bayside23 battle event.
        locale: The reader's language.
        state: A state of the battle (any one: names do not change); with it, participants
            are named by their characters' names (:func:`names_of`), else by their ids.

    Raises:
        InvalidData: *event* is not a bayside23 battle event (path ``$``); *state* is not a
            :class:`BattleState` (``$.state``).

    .. versionadded:: 0.2.0
    """
    known = _names(describe_input(RULESET, event, state), locale)

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


def log(events: Iterable[Event], locale: str = "en", *, state: BattleState | None = None) -> str:
    """The log of *events*, one :func:`describe` line each, joined by newlines.

    Args:
        events: Events of a bayside23 battle.
        locale: The reader's language.
        state: A state of the battle; with it, participants are named by their characters'
            names, else by their ids.

    Raises:
        InvalidData: *events* is no list of bayside23 battle events (path ``$.events``, or
            ``$.events[<index>]`` for an event); *state* is not a :class:`BattleState`
            (``$.state``).

    .. versionadded:: 0.2.0
    """
    listed = checked_items(events, object, "$.events", "bayside23.Event")
    known = [RULESET.checked_event(event, f"$.events[{i}]") for i, event in enumerate(listed)]
    return "\n".join(describe(e, locale, state=state) for e in known)


#: The catalog key of each command's label.
_COMMAND_KEYS: Mapping[type[object], str] = {
    RollInitiative: "bayside23.command.roll_initiative",
    Attack: "bayside23.command.attack",
    Cast: "bayside23.command.cast",
    SwitchWeapon: "bayside23.command.switch_weapon",
    Ready: "bayside23.command.ready",
    Wait: "bayside23.command.wait",
    Flee: "bayside23.command.flee",
    UseArtifact: "bayside23.command.use_artifact",
    FinishingStrike: "bayside23.command.finishing_strike",
    ForgoStrike: "bayside23.command.forgo_strike",
}


def command_label(command: Command, locale: str = "en", *, state: BattleState | None = None) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    With *state*, participants are named by their characters' names, and a weapon or a
    spell by its name (a heal says so); without it, by their ids and their places in the
    combatant's list, from ``#1``.

    >>> from tabletop_rules.bayside23 import FinishingStrike, command_label
    >>> print(command_label(FinishingStrike(actor="mina", target="g1", sides=3), "ja"))
    mina が g1 の生命力を 1D3 減らす

    Args:
        command: A bayside23 battle command.
        locale: The reader's language.
        state: A state of the battle; with it, names instead of ids and numbers.

    Raises:
        InvalidData: *command* is not a bayside23 battle command, or has a field of the
            wrong type; *state* is not a :class:`BattleState`.

    .. versionadded:: 0.2.0
    """
    state = label_input(RULESET, command, state)
    key = _COMMAND_KEYS[type(command)]
    known = _names(state, locale)
    fields: dict[str, object] = {
        name: getattr(command, name)
        for name in ("actor", "target", "artifact", "sides")
        if hasattr(command, name)
    }
    for name in ("actor", "target"):
        if name in fields:
            fields[name] = known.get(str(fields[name]), fields[name])
    if isinstance(command, RollInitiative):
        fields["actor"] = known[GM]
    me = (
        {c.id: c for c in state.combatants}.get(command.actor)
        if state is not None and isinstance(command, Cast | SwitchWeapon)
        else None
    )
    if isinstance(command, Cast):
        spell = _nth(me.spells if me is not None else (), command.spell)
        fields["spell"] = spell.name if spell is not None else _place(command.spell)
        if spell is not None and spell.heals:
            key = "bayside23.command.cast_heal"
    if isinstance(command, SwitchWeapon):
        weapon = _nth(me.weapons if me is not None else (), command.weapon)
        fields["weapon"] = weapon.name if weapon is not None else _place(command.weapon)
    return translate(key, locale, **fields)


def _nth(items: tuple[_T, ...], index: object) -> _T | None:
    return items[index] if type(index) is int and 0 <= index < len(items) else None


def _place(index: object) -> str:
    return f"#{index + 1}" if type(index) is int else f"#{index}"
