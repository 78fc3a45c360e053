"""Localized lines for the events of a bar2d6 combat, for a bot to post, and menu labels."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from tabletop_rules.bar2d6._character import SpecialKind
from tabletop_rules.bar2d6._combat._commands import (
    Attack,
    Command,
    EndRound,
    GrantBonus,
    Heal,
    SetHp,
    Wait,
)
from tabletop_rules.bar2d6._combat._events import (
    Attacked,
    BonusGranted,
    Event,
    Healed,
    HpSet,
    RoundEnded,
    Waited,
)
from tabletop_rules.bar2d6._combat._values import CombatState
from tabletop_rules.i18n import translate
from tabletop_rules.kit._rules import describe_input, label_input

__all__ = ["command_label", "describe"]


def describe(event: Event, locale: str = "en", *, state: CombatState | None = None) -> str:
    """One line per thing *event* records, in *locale* (an attack: a line per strike).

    With *state*, combatants are named as :func:`command_label` names them: by their
    characters' names, told apart by their ids where characters share a name.

    >>> from tabletop_rules import bar2d6
    >>> print(bar2d6.describe(bar2d6.RoundEnded(round=2, by_gm=True), "zh-Hant"))
    第2輪結束（GM）。
    >>> setup = bar2d6.CombatSetup(
    ...     participants=[
    ...         bar2d6.Participant(id="al", character=bar2d6.Character(name="阿爾"), side="pc"),
    ...         bar2d6.Participant(id="g1", character=bar2d6.Character(name="哥布林"), side="npc"),
    ...     ]
    ... )
    >>> print(bar2d6.describe(bar2d6.Waited(actor="g1"), "zh-Hant"))
    g1 等待。
    >>> state = bar2d6.RULESET.start(setup)
    >>> print(bar2d6.describe(bar2d6.Waited(actor="g1"), "zh-Hant", state=state))
    哥布林 等待。

    Args:
        event: A bar2d6 combat event.
        locale: The reader's language.
        state: A state of the combat (any one: names do not change); with it, combatants
            are named by their characters' names, else by their ids.

    Raises:
        InvalidData: *event* is not a bar2d6 combat event (path ``$``); *state* is not a
            bar2d6 combat state (``$.state``).

    .. versionadded:: 0.2.0
    """
    # The ruleset; imported here, as its module imports this one.
    from tabletop_rules.bar2d6._combat import RULESET

    state = describe_input(RULESET, event, state)
    names: Mapping[str, str] = _names_of(state, locale) if state is not None else {}

    def name(id: str) -> str:
        return names.get(id, id)

    if isinstance(event, Attacked):
        return "\n".join(
            translate(
                "bar2d6.event.strike",
                locale,
                actor=name(event.actor),
                target=name(strike.target),
                check=strike.check.explain(locale),
                damage=strike.damage,
            )
            for strike in event.strikes
        )
    if isinstance(event, Healed):
        return translate(
            "bar2d6.event.healed",
            locale,
            actor=name(event.actor),
            target=name(event.target),
            item=event.item,
            amount=event.amount,
        )
    if isinstance(event, BonusGranted):
        return translate(
            "bar2d6.event.bonus_granted",
            locale,
            actor=name(event.actor),
            target=name(event.target),
            item=event.item,
            bonus=event.bonus,
        )
    if isinstance(event, Waited):
        return translate("bar2d6.event.waited", locale, actor=name(event.actor))
    if isinstance(event, HpSet):
        return translate("bar2d6.event.hp_set", locale, target=name(event.target), hp=event.hp)
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


def command_label(command: Command, locale: str = "en", *, state: CombatState | None = None) -> str:
    """A one-line label of *command* in *locale*, for a menu of ``legal_commands``.

    Combatants whose characters share a name are told apart by their ids.
    An attack names its area or multi-attack item and its damage-boost item; with *state*,
    also the kind of the item's ability. The items whose bonuses apply are not shown: a
    menu offers the same ones in every attack.

    >>> from tabletop_rules import bar2d6
    >>> print(bar2d6.command_label(bar2d6.Heal(actor="al", target="bea", item="聖光"), "zh-Hant"))
    al 以 聖光 回復 bea

    Args:
        command: A bar2d6 combat command.
        locale: The reader's language.
        state: A state of the combat; with it, combatants are named by their characters'
            names, else by their ids.

    Raises:
        InvalidData: *command* is not a bar2d6 combat command, or has a field of the wrong
            type; *state* is not a bar2d6 combat state.

    .. versionadded:: 0.2.0
    """
    # The ruleset; imported here, as its module imports this one.
    from tabletop_rules.bar2d6._combat import RULESET

    state = label_input(RULESET, command, state)
    names: Mapping[str, str] = _names_of(state, locale) if state is not None else {}

    def name(id: str) -> str:
        return names.get(id, id)

    if isinstance(command, Attack):
        return _attack_label(command, locale, state, name)
    if isinstance(command, Heal | GrantBonus):
        key = "bar2d6.command.heal" if isinstance(command, Heal) else "bar2d6.command.grant_bonus"
        return translate(
            key, locale, actor=name(command.actor), target=name(command.target), item=command.item
        )
    if isinstance(command, Wait):
        return translate("bar2d6.command.wait", locale, actor=name(command.actor))
    if isinstance(command, SetHp):
        return translate(
            "bar2d6.command.set_hp", locale, target=name(command.target), hp=command.hp
        )
    if isinstance(command, EndRound):
        return translate("bar2d6.command.end_round", locale)
    return translate("bar2d6.command.end_combat", locale)


def _names_of(state: CombatState, locale: str) -> Mapping[str, str]:
    """Each combatant's character's name by id; with its id where characters share a name."""
    shared = Counter(c.character.name for c in state.combatants)
    return {
        c.id: c.character.name
        if shared[c.character.name] == 1
        else translate("bar2d6.command.same_name", locale, name=c.character.name, id=c.id)
        for c in state.combatants
    }


def _attack_label(
    command: Attack,
    locale: str,
    state: CombatState | None,
    name: Callable[[str], str],
) -> str:
    fields: dict[str, object] = {
        "actor": name(command.actor),
        "targets": translate("bar2d6.command.list_separator", locale).join(
            name(t) for t in command.targets
        ),
    }
    key = "bar2d6.command.attack"
    if command.special is not None:
        key = "bar2d6.command.attack_special"
        fields["special"] = command.special
        ability = _ability_of(state, command.actor, command.special)
        if ability is not None:
            fields["special"] = translate(
                "bar2d6.command.special",
                locale,
                item=command.special,
                ability=translate(ability.label, locale),
            )
    label = translate(key, locale, **fields)
    if command.boost is not None:
        label = translate("bar2d6.command.boosted", locale, label=label, item=command.boost)
    return label


def _ability_of(state: CombatState | None, actor: str, item: str) -> SpecialKind | None:
    """The area or multi-attack ability of *actor*'s *item*, if *state* shows one."""
    if state is None or not state.has(actor):
        return None
    character = state.combatant(actor).character
    if not character.has_item(item):
        return None
    held = character.item(item)
    for kind in (SpecialKind.AREA, SpecialKind.MULTI):
        if held.special(kind) is not None:
            return kind
    return None
