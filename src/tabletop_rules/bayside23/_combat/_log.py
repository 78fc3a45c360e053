"""The battle in words: a renderer per event type and per command type (the kit's ``Log``).

Each renderer puts one value into words with the reader's :class:`~tabletop_rules.kit.Words`:
its locale, the state the caller gave, and participants' names from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, TypeVar

from tabletop_rules.bayside23._character import Attribute
from tabletop_rules.bayside23._combat._commands import (
    Attack,
    Cast,
    FinishingStrike,
    Flee,
    ForgoStrike,
    Overcome,
    Ready,
    SwitchWeapon,
    UseArtifact,
    Wait,
)
from tabletop_rules.bayside23._combat._events import (
    ArtifactUsed,
    Attacked,
    CombatEnded,
    Fled,
    Healed,
    InitiativeRoll,
    InitiativeRolled,
    ObstacleChecked,
    Readied,
    StrikeForgone,
    Struck,
    TurnEnded,
    TurnLost,
    Waited,
    WeaponSwitched,
)
from tabletop_rules.bayside23._combat._values import Combatant, CombatSetup, CombatState, Side
from tabletop_rules.checks import Term
from tabletop_rules.dice import Roll
from tabletop_rules.kit import Renderer, Words, checked, display_names

__all__ = ["COMMAND_LINES", "EVENT_LINES", "names", "names_of"]

_T = TypeVar("_T")


def names_of(setup: CombatSetup | CombatState) -> dict[str, str]:
    """The name of every participant of *setup*, or of a state of its battle, by id.

    These are the characters' names as written; a log or a menu tells apart two of the same
    name by their ids (``ゴブリン (g1)``).

    Raises:
        InvalidData: *setup* is neither (path ``$.setup``).

    .. versionadded:: 0.1.0
    """
    setup = checked(setup, (CombatSetup, CombatState), "$.setup")
    people = setup.participants if isinstance(setup, CombatSetup) else setup.combatants
    return {p.id: p.character.name for p in people}


def names(state: CombatState, locale: str) -> Mapping[str, str]:
    """The names a log or a menu in *locale* shows by id: ``name (id)`` where names clash."""
    return display_names(((c.id, c.character.name) for c in state.combatants), locale)


def _roll(roll: Roll) -> str:
    return f"{roll.dice}[{','.join(map(str, roll.faces))}]"


# --------------------------------------------------------------------------- events

_AGILITY: Final = Attribute.AGILITY.label


def _initiative_roll(roll: InitiativeRoll, words: Words[Any]) -> str:
    line = words(
        "bayside23.event.initiative_roll",
        name=words.name(roll.id),
        roll=_roll(roll.roll),
        modifier=Term(_AGILITY, roll.total - roll.roll.total).explain(words.locale),
        total=roll.total,
    )
    return line + words("bayside23.event.reroll") if roll.round else line


def _initiative(event: InitiativeRolled, words: Words[Any]) -> str:
    return words(
        "bayside23.event.initiative",
        turn=event.turn,
        rolls=", ".join(_initiative_roll(r, words) for r in event.rolls),
        order=" → ".join(words.name(i) for i in event.order),
    )


def _attacked(event: Attacked, words: Words[Any]) -> str:
    parts = [
        words(
            "bayside23.event.attacked",
            actor=words.name(event.actor),
            target=words.name(event.target),
            check=event.check.explain(words.locale),
        )
    ]
    if event.damage_roll is not None or event.damage:
        rolled = "" if event.damage_roll is None else f"{_roll(event.damage_roll)} → "
        parts.append(
            words(
                "bayside23.event.damage",
                roll=rolled,
                target=words.name(event.target),
                damage=event.damage,
            )
        )
    if event.backlash:
        parts.append(
            words(
                "bayside23.event.damage",
                roll="",
                target=words.name(event.actor),
                damage=event.backlash,
            )
        )
    parts.extend(
        words(
            "bayside23.event.falls_now" if id in event.falls_now else "bayside23.event.falls",
            actor=words.name(id),
        )
        for id in event.falls
    )
    return " ".join(parts)


def _healed(event: Healed, words: Words[Any]) -> str:
    bonus = Term(event.attribute.label, event.bonus).explain(words.locale)
    return words(
        "bayside23.event.healed",
        actor=words.name(event.actor),
        target=words.name(event.target),
        roll=f"{_roll(event.roll)} {bonus}",
        amount=event.amount,
    )


def _struck(event: Struck, words: Words[Any]) -> str:
    return words(
        "bayside23.event.struck",
        actor=words.name(event.actor),
        target=words.name(event.target),
        roll=f"{event.roll.dice}[{event.roll.total}]",
    )


def _combat_ended(event: CombatEnded, words: Words[Any]) -> str:
    sides = [words(f"bayside23.side.{w}") if w in _SIDE_NAMES else w for w in event.winners]
    return words(
        "bayside23.event.combat_ended", winner=", ".join(sides) or words("event.no_winner")
    )


_SIDE_NAMES: Final = frozenset(side.value for side in Side)


def _by_actor(key: str) -> Renderer:
    def render(event: Any, words: Words[Any]) -> str:
        return words(key, actor=words.name(event.actor))

    return render


def _obstacle_checked(event: ObstacleChecked, words: Words[Any]) -> str:
    return words(
        "bayside23.event.obstacle_checked",
        actor=words.name(event.actor),
        obstacle=words(f"bayside23.check.obstacle_{event.obstacle.value}"),
        check=event.result.explain(words.locale),
    )


#: The renderer of each event type.
EVENT_LINES: Final[Mapping[type[Any], Renderer]] = {
    ObstacleChecked: _obstacle_checked,
    InitiativeRolled: _initiative,
    Attacked: _attacked,
    Healed: _healed,
    Struck: _struck,
    CombatEnded: _combat_ended,
    TurnEnded: lambda event, words: words("bayside23.event.turn_ended", turn=event.turn),
    WeaponSwitched: _by_actor("bayside23.event.switched"),
    ArtifactUsed: lambda event, words: words(
        "bayside23.event.artifact", actor=words.name(event.actor), artifact=event.artifact
    ),
    Readied: _by_actor("bayside23.event.readied"),
    Waited: _by_actor("bayside23.event.waited"),
    Fled: _by_actor("bayside23.event.fled"),
    TurnLost: _by_actor("bayside23.event.turn_lost"),
    StrikeForgone: _by_actor("bayside23.event.forgone"),
}


# --------------------------------------------------------------------------- commands


def _nth(items: tuple[_T, ...], index: object) -> _T | None:
    return items[index] if type(index) is int and 0 <= index < len(items) else None


def _place(index: object) -> str:
    return f"#{index + 1}" if type(index) is int else f"#{index}"


def _combatant(words: Words[Any], id: str) -> Combatant | None:
    state: CombatState | None = words.state
    if state is None:
        return None
    for c in state.combatants:
        if c.id == id:
            return c
    return None


def _cast(command: Cast, words: Words[Any]) -> str:
    me = _combatant(words, command.actor)
    spell = _nth(me.spells if me is not None else (), command.spell)
    heals = spell is not None and spell.heals
    return words(
        "bayside23.command.cast_heal" if heals else "bayside23.command.cast",
        actor=words.name(command.actor),
        target=words.name(command.target),
        spell=spell.name if spell is not None else _place(command.spell),
    )


def _attack(command: Attack, words: Words[Any]) -> str:
    me = _combatant(words, command.actor)
    weapon = me.weapon if me is not None else None
    if weapon is not None and weapon.heals:
        return words(
            "bayside23.command.attack_heal",
            actor=words.name(command.actor),
            target=words.name(command.target),
            weapon=weapon.name,
        )
    return words(
        "bayside23.command.attack",
        actor=words.name(command.actor),
        target=words.name(command.target),
    )


def _switch(command: SwitchWeapon, words: Words[Any]) -> str:
    me = _combatant(words, command.actor)
    weapon = _nth(me.weapons if me is not None else (), command.weapon)
    return words(
        "bayside23.command.switch_weapon",
        actor=words.name(command.actor),
        weapon=weapon.name if weapon is not None else _place(command.weapon),
    )


def _overcome(command: Overcome, words: Words[Any]) -> str:
    obstacle = words(f"bayside23.check.obstacle_{command.obstacle.value}")
    key = (
        "bayside23.command.overcome"
        if command.skill is None
        else "bayside23.command.overcome_skill"
    )
    return words(key, actor=words.name(command.actor), obstacle=obstacle, skill=command.skill)


#: The renderer of each command type: its menu label.
COMMAND_LINES: Final[Mapping[type[Any], Renderer]] = {
    Overcome: _overcome,
    Attack: _attack,
    Cast: _cast,
    SwitchWeapon: _switch,
    Ready: _by_actor("bayside23.command.ready"),
    Wait: _by_actor("bayside23.command.wait"),
    Flee: _by_actor("bayside23.command.flee"),
    UseArtifact: lambda command, words: words(
        "bayside23.command.use_artifact",
        actor=words.name(command.actor),
        artifact=command.artifact,
    ),
    FinishingStrike: lambda command, words: words(
        "bayside23.command.finishing_strike",
        actor=words.name(command.actor),
        target=words.name(command.target),
        sides=command.sides,
    ),
    ForgoStrike: _by_actor("bayside23.command.forgo_strike"),
}
