"""The checks that refuse a command the rules do not allow now, each with its reason.

Every refusal is an :class:`~tabletop_rules.errors.IllegalCommand` whose reason is a catalog
key under ``m20.illegal.`` (or a core key such as ``game_over``); nothing is changed.
"""

from __future__ import annotations

from tabletop_rules.checks import Term
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.i18n import Label
from tabletop_rules.kit import MAX_NAME_LENGTH
from tabletop_rules.m20._character import Character
from tabletop_rules.m20._checks import AttackKind, RewardItem
from tabletop_rules.m20._combat._values import (
    MAX_BOOST_VALUE,
    MAX_BOOSTS,
    AttackMode,
    Boosts,
    Combatant,
    CombatState,
    Status,
)
from tabletop_rules.m20._skills import Skill

__all__ = [
    "check_attack",
    "check_character",
    "check_free",
    "check_guard",
    "check_heal_target",
    "check_main",
    "check_open",
    "check_other",
    "check_rule_fallen",
    "check_skill",
    "illegal",
]


def illegal(reason: str, **params: object) -> IllegalCommand:
    """A refusal with the m20 reason *reason*."""
    return IllegalCommand(f"m20.illegal.{reason}", **params)


def check_open(state: CombatState) -> None:
    """Refuse anything but an answer while the combat is over or a question waits."""
    if state.result is not None:
        raise IllegalCommand("game_over")
    frames = state.prompts.frames
    if frames:
        responder = frames[-1].responder
        if responder is None:
            raise illegal("resolving")
        raise IllegalCommand("not_your_prompt", actor="?", responder=responder)


def check_main(state: CombatState, actor: str) -> Combatant:
    """Refuse a main action of someone who cannot take one now; the actor."""
    check_open(state)
    c = state.combatant(actor)
    if not c.standing:
        raise illegal("not_standing", actor=actor)
    if c.actions_taken >= c.actions_allowed:
        raise illegal("no_action_left", actor=actor)
    return c


def check_character(state: CombatState, actor: str) -> Character:
    """:func:`check_main`, for an action only a character (not a summon) takes."""
    c = check_main(state, actor)
    if c.character is None:
        raise illegal("summon_only_attacks", actor=actor)
    return c.character


def check_skill(character: Character | None, skill: Skill) -> None:
    """Refuse the use of a skill *character* lacks (``None``: a summon, which has none)."""
    if character is None or not character.has(skill):
        raise illegal("lacks_skill", skill=Label(skill.label))


def check_other(state: CombatState, actor: str, target: str) -> Combatant:
    """Refuse a target that is the actor or is not standing; the target."""
    t = state.combatant(target)
    if target == actor:
        raise illegal("not_yourself", actor=actor)
    if not t.standing:
        raise illegal("not_standing", actor=target)
    return t


def check_attack(
    state: CombatState, actor: str, kind: AttackKind, mode: AttackMode, targets: tuple[str, ...]
) -> Combatant:
    """Refuse an attack action the attacker may not make on these targets; the attacker."""
    c = check_main(state, actor)
    if c.attacks >= 1:
        raise illegal("one_attack_a_round", actor=actor)
    if mode is AttackMode.SINGLE and len(targets) != 1:
        raise illegal("bad_targets")
    if mode is AttackMode.DOUBLE:
        check_skill(c.character, Skill.DOUBLE_ATTACK)
        if len(targets) != 2:
            raise illegal("bad_targets")
    if mode is AttackMode.AREA:
        check_skill(c.character, Skill.AREA_ATTACK)
        if not targets or len(set(targets)) != len(targets):
            raise illegal("bad_targets")
    for target in targets:
        check_other(state, actor, target)
    return c


def check_free(state: CombatState, actor: str, skill: Skill) -> Combatant:
    """Refuse a free declaration (冷卻, 狂暴, 分神援護, 廣域防禦) not allowed now."""
    c = check_main(state, actor)
    check_skill(c.character, skill)
    if skill in c.declared:
        raise illegal("once_a_round", skill=Label(skill.label))
    if skill is Skill.SPLIT_FOCUS and c.actions_taken:
        raise illegal("before_main_action", skill=Label(skill.label))
    return c


def check_guard(state: CombatState, actor: str, protected: tuple[str, ...]) -> Combatant:
    """Refuse a 廣域防禦 over creatures it cannot protect; the guard."""
    c = check_free(state, actor, Skill.WIDE_GUARD)
    if not protected or len(set(protected)) != len(protected):
        raise illegal("bad_targets")
    for other in protected:
        check_other(state, actor, other)
    return c


def check_heal_target(state: CombatState, target: str, *, first_aid: bool) -> Combatant:
    """Refuse a first-aid or 治療 target the rules exclude; the target."""
    t = state.combatant(target)
    if t.character is None:
        raise illegal("not_a_character", actor=target)
    if first_aid:
        if not t.standing or t.hp != t.max_hp - 1:
            raise illegal("first_aid_hp", actor=target, hp=t.hp, wanted=t.max_hp - 1)
        return t
    if t.status not in (Status.STANDING, Status.DOWN, Status.UNCONSCIOUS):
        raise illegal("cannot_heal", actor=target)
    if t.hp >= t.max_hp:
        raise illegal("at_full_hp", actor=target)
    return t


def check_rule_fallen(state: CombatState, target: str, *, dead: bool) -> Combatant:
    """Refuse a ruling that is not on a fallen non-player character, or changes nothing.

    Ruling an unconscious one unconscious again changes nothing. Returns the fallen one.
    """
    t = state.combatant(target)
    if t.player or t.character is None or t.status not in (Status.DOWN, Status.UNCONSCIOUS):
        raise illegal("not_fallen_npc", actor=target)
    if t.status is Status.UNCONSCIOUS and not dead:
        raise illegal("already_unconscious", actor=target)
    return t


def _bad(command: str, field: str, expected: str, value: object) -> IllegalCommand:
    shown = repr(value)
    return illegal(
        "bad_command",
        command=command,
        field=field,
        expected=expected,
        value=shown if len(shown) <= 60 else shown[:57] + "...",
    )


def check_boosts(command: str, field: str, boosts: object) -> Boosts:
    """Refuse boosts of the wrong shape, or more or larger than a check may take; the boosts."""
    if not isinstance(boosts, Boosts):
        raise _bad(command, field, "Boosts", boosts)
    if type(boosts.reroll) is not bool:
        raise _bad(command, f"{field}.reroll", "bool", boosts.reroll)
    if len(boosts.items) > MAX_BOOSTS or len(boosts.extra) > MAX_BOOSTS:
        raise illegal("too_many_boosts", most=MAX_BOOSTS)
    for item in boosts.items:
        if not (
            isinstance(item, RewardItem)  # pyright: ignore[reportUnnecessaryIsInstance]
            and isinstance(item.name, str)  # pyright: ignore[reportUnnecessaryIsInstance]
            and type(item.bonus) is int
            and type(item.from_this_system) is bool
        ):
            raise _bad(command, f"{field}.items", "tuple[RewardItem, ...]", item)
        if not 0 < len(item.name) <= MAX_NAME_LENGTH or abs(item.bonus) > MAX_BOOST_VALUE:
            raise illegal("boost_too_large", most=MAX_BOOST_VALUE, length=MAX_NAME_LENGTH)
    for term in boosts.extra:
        if not (
            isinstance(term, Term)  # pyright: ignore[reportUnnecessaryIsInstance]
            and isinstance(term.label, str)  # pyright: ignore[reportUnnecessaryIsInstance]
            and type(term.value) is int
        ):
            raise _bad(command, f"{field}.extra", "tuple[Term, ...]", term)
        if not 0 < len(term.label) <= MAX_NAME_LENGTH or abs(term.value) > MAX_BOOST_VALUE:
            raise illegal("boost_too_large", most=MAX_BOOST_VALUE, length=MAX_NAME_LENGTH)
    return boosts


def check_helpers(state: CombatState, actor: str, helpers: tuple[str, ...]) -> int:
    """Refuse helpers who cannot cooperate with *actor*; how many there are (M20-043).

    A helper is another standing creature, named once.
    """
    if len(set(helpers)) != len(helpers):
        raise illegal("helper_twice")
    for helper in helpers:
        c = state.combatant(helper)
        if helper == actor or not c.standing:
            raise illegal("not_a_helper", actor=helper)
    return len(helpers)
