"""The words of a bar2d6 combat: a renderer per event type (the log) and per command type (menus).

Each renderer is ``render(value, words) -> str`` (:class:`~tabletop_rules.kit.Words`), and the
tables are read by the combat's :class:`~tabletop_rules.kit.Log`; the round's and the GM's
own are the kit's.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from tabletop_rules.bar2d6._character import SpecialKind
from tabletop_rules.bar2d6._combat._commands import (
    Attack,
    CallCheck,
    GrantBonus,
    Heal,
    SetHp,
    Wait,
)
from tabletop_rules.bar2d6._combat._events import (
    Attacked,
    BonusGranted,
    CheckMade,
    Healed,
    HpSet,
    Waited,
)
from tabletop_rules.bar2d6._combat._values import CombatState
from tabletop_rules.checks import CheckResult
from tabletop_rules.kit import (
    ROUND_COMMAND_LINES,
    ROUND_EVENT_LINES,
    Renderer,
    Words,
    display_names,
)

__all__ = ["COMMAND_LINES", "EVENT_LINES", "names"]

#: The words of a combatant's state, as a renderer reads them.
_Words = Words[CombatState]


def names(state: CombatState, locale: str) -> Mapping[str, str]:
    """Each combatant's character's name by id; with its id where characters share a name."""
    return display_names([(c.id, c.character.name) for c in state.combatants], locale)


# --------------------------------------------------------------------------- the log


def _attacked(event: Attacked, words: _Words) -> str:
    # One line per strike: an area attack's target, a multi-attack's attack.
    actor = words.name(event.actor)
    return "\n".join(
        words(
            "bar2d6.event.strike",
            actor=actor,
            target=words.name(strike.target),
            check=strike.check.explain(words.locale),
            damage=strike.damage,
        )
        for strike in event.strikes
    )


def _healed(event: Healed, words: _Words) -> str:
    return words(
        "bar2d6.event.healed",
        actor=words.name(event.actor),
        target=words.name(event.target),
        item=event.item,
        amount=event.amount,
    )


def _granted(event: BonusGranted, words: _Words) -> str:
    return words(
        "bar2d6.event.bonus_granted",
        actor=words.name(event.actor),
        target=words.name(event.target),
        item=event.item,
        bonus=event.bonus,
    )


def _waited(event: Waited, words: _Words) -> str:
    return words("bar2d6.event.waited", actor=words.name(event.actor))


def _hp_set(event: HpSet, words: _Words) -> str:
    return words("bar2d6.event.hp_set", target=words.name(event.target), hp=event.hp)


def _check_made(event: CheckMade, words: _Words) -> str:
    # Each helper's check, then the challenger's, on one line (B2D6-43: the helpers first).
    locale = words.locale
    helps = "".join(
        words("bar2d6.event.helped", helper=words.name(helper), check=result.explain(locale))
        for helper, result in zip(event.helpers, event.result.helpers, strict=False)
    )
    return words(
        "bar2d6.event.check_made",
        challenger=words.name(event.challenger),
        helps=helps,
        check=CheckResult.explain(event.result, locale),
    )


#: The line of the log of each event type.
EVENT_LINES: Final[Mapping[type[Any], Renderer]] = MappingProxyType(
    {
        Attacked: _attacked,
        Healed: _healed,
        BonusGranted: _granted,
        Waited: _waited,
        HpSet: _hp_set,
        CheckMade: _check_made,
        **ROUND_EVENT_LINES,
    }
)


# --------------------------------------------------------------------------- menu labels


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


def _attack(command: Attack, words: _Words) -> str:
    # The items whose bonuses apply are left out: a menu offers the same ones in every attack.
    fields: dict[str, object] = {
        "actor": words.name(command.actor),
        "targets": words("bar2d6.command.list_separator").join(
            words.name(t) for t in command.targets
        ),
    }
    key = "bar2d6.command.attack"
    if command.special is not None:
        key = "bar2d6.command.attack_special"
        fields["special"] = command.special
        ability = _ability_of(words.state, command.actor, command.special)
        if ability is not None:
            fields["special"] = words(
                "bar2d6.command.special", item=command.special, ability=words(ability.label)
            )
    label = words(key, **fields)
    if command.boost is not None:
        label = words("bar2d6.command.boosted", label=label, item=command.boost)
    return label


def _heal(command: Heal, words: _Words) -> str:
    return words(
        "bar2d6.command.heal",
        actor=words.name(command.actor),
        target=words.name(command.target),
        item=command.item,
    )


def _grant(command: GrantBonus, words: _Words) -> str:
    return words(
        "bar2d6.command.grant_bonus",
        actor=words.name(command.actor),
        target=words.name(command.target),
        item=command.item,
    )


def _wait(command: Wait, words: _Words) -> str:
    return words("bar2d6.command.wait", actor=words.name(command.actor))


def _set_hp(command: SetHp, words: _Words) -> str:
    return words("bar2d6.command.set_hp", target=words.name(command.target), hp=command.hp)


def _call_check(command: CallCheck, words: _Words) -> str:
    return words(
        "bar2d6.command.call_check",
        challenger=words.name(command.challenger),
        dice=command.difficulty,
    )


#: The menu label of each command type.
COMMAND_LINES: Final[Mapping[type[Any], Renderer]] = MappingProxyType(
    {
        Attack: _attack,
        Heal: _heal,
        GrantBonus: _grant,
        Wait: _wait,
        SetHp: _set_hp,
        CallCheck: _call_check,
        **ROUND_COMMAND_LINES,
    }
)
