"""The modifiers of combat checks: which effects a check reads or uses up, and its terms.

Planning an attack is split in two, so that folding an event never builds a term:

- :func:`attack_uses` says, for every strike of an attack action, which lasting effects it
  reads and which it uses up, and what effects each combatant keeps afterwards (the fold of
  :class:`~tabletop_rules.m20.Attacked` needs only this);
- :func:`strike_terms` turns one strike's uses into the terms of its attack and defense
  checks (``decide`` needs this too).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable
from types import MappingProxyType
from typing import Any, Final

import attrs

from tabletop_rules.checks import Term
from tabletop_rules.kit import Durations, Expiry, copier
from tabletop_rules.m20._character import Attribute, Character, Specialty
from tabletop_rules.m20._checks import (
    AttackKind,
    Stance,
    attack_terms,
    defense_terms,
    helper_terms,
    specialty_terms,
)
from tabletop_rules.m20._combat._values import (
    DURATIONS,
    NO_BOOSTS,
    AttackMode,
    Boosts,
    Combatant,
    CombatState,
    Effect,
    EffectKind,
    Status,
)
from tabletop_rules.m20._skills import Skill

#: The effects an attack check reads (not used up).
ATTACK_READS: Final = (EffectKind.FRENZY_ATTACK, EffectKind.COOL_DOWN_ATTACK)
#: The effects a defense check reads (not used up).
DEFENSE_READS: Final = (
    EffectKind.FOCUS_DEFENSE,
    EffectKind.COOL_DOWN_DEFENSE,
    EffectKind.FRENZY_DEFENSE,
    EffectKind.SPLIT_FOCUS,
)
#: The effects a check to dodge a danger reads (M20-056).
DANGER_READS: Final = (EffectKind.FOCUS_DEFENSE, EffectKind.SPLIT_FOCUS)

_first = Durations.first
_without = Durations.without
#: Copy an effect with some fields changed.
_effect_with: Final = copier(Effect)
#: The kinds of effect that wait to be used: alike ones are kept as one (:attr:`Effect.times`).
_WAITING: Final = DURATIONS.kinds[Expiry.USE]


def added(effects: tuple[Effect, ...], *new: Effect) -> tuple[Effect, ...]:
    """*effects* with each of *new*: one more use of an alike effect that waits to be used.

    Effects that wait to be used (assisted, hindered, protected) are alike when they differ
    in nothing but the round they began, which no rule reads: the first of them is kept,
    holding the uses of both, so that however often a combatant is assisted or hindered, it
    holds one effect for each kind, creature and label, and each check reads a few effects.
    Any other effect is added at the end.
    """
    for effect in new:
        effects = _one_more(effects, effect) if effect.kind in _WAITING else (*effects, effect)
    return effects


def _one_more(effects: tuple[Effect, ...], new: Effect) -> tuple[Effect, ...]:
    kind, other, value, label_ = new.kind, new.other, new.value, new.label
    for index, effect in enumerate(effects):
        if (
            effect.kind is kind
            and effect.other == other
            and effect.value == value
            and effect.label == label_
        ):
            more = _effect_with(effect, times=effect.times + new.times)
            return (*effects[:index], more, *effects[index + 1 :])
    return (*effects, new)


def spent(effects: tuple[Effect, ...], used: Effect) -> tuple[Effect, ...]:
    """*effects* with one use of *used* taken: it holds one fewer, or is gone with its last."""
    if used.times == 1:
        return _without(effects, used)
    index = effects.index(used)
    fewer = _effect_with(used, times=used.times - 1)
    return (*effects[:index], fewer, *effects[index + 1 :])


def label(character: Character | None, skill: Skill) -> str:
    """The label of *skill*'s term: the display name of *character*'s pick, if it has one."""
    if character is not None:
        picks = character.picks_of(skill)
        if picks:
            return picks[0].label
    return skill.label


def has(c: Combatant, skill: Skill) -> bool:
    """Whether *c* is a character with *skill*."""
    return c.character is not None and c.character.has(skill)


#: One term per label and value, shared by every check that reads such an effect.
_term: Final = functools.lru_cache(maxsize=1024)(Term)


def effect_terms(effects: Iterable[Effect]) -> list[Term]:
    """The terms of *effects* (those of value 0 add none)."""
    return [_term(e.label, e.value) for e in effects if e.value]


def reads(effects: tuple[Effect, ...], kinds: tuple[EffectKind, ...]) -> tuple[Effect, ...]:
    """The effects of *kinds* among *effects*, in order."""
    return tuple(e for e in effects if e.kind in kinds)


def summon_of(state: CombatState, c: Combatant) -> Combatant | None:
    """*c*'s summon while it is there."""
    for other in state.combatants:
        if other.summoner == c.id and other.status is Status.STANDING:
            return other
    return None


def summoner_penalty(state: CombatState, c: Combatant) -> list[Term]:
    """The summoner's penalty on every check while its summon is there (M20-122)."""
    # M20-122, M20-127, M20-130, M20-131: −4, −3 with one upgrade, −2 with both.
    if c.character is None or Skill.SUMMONER not in c.character.skills:
        return []
    if summon_of(state, c) is None:
        return []
    # The term carries the label of the skill that set its value: 強化召喚物能力 says −2
    # with both upgrades (M20-131).
    character = c.character
    if character.has(Skill.SUMMON_PROWESS):
        value = -2 if character.has(Skill.SUMMON_ENDURANCE) else -3
        return [Term(label(character, Skill.SUMMON_PROWESS), value)]
    if character.has(Skill.SUMMON_ENDURANCE):
        return [Term(label(character, Skill.SUMMON_ENDURANCE), -3)]
    return [Term(label(character, Skill.SUMMONER), -4)]


def owner(state: CombatState, c: Combatant) -> Character | None:
    """The character behind *c*: its own, or its summoner's for a summon."""
    if c.summoner is None:
        return c.character
    for other in state.combatants:
        if other.id == c.summoner:
            return other.character
    return None


def _summon_attributes(summoner: Character | None, attribute: Attribute) -> list[Term]:
    value = 2 if attribute.offensive else 0
    terms = [Term(attribute.label, value)]
    if summoner is not None and summoner.has(Skill.SUMMON_PROWESS):
        terms.append(Term(label(summoner, Skill.SUMMON_PROWESS), 1))
    return terms


def mode_penalty(c: Combatant, mode: AttackMode) -> list[Term]:
    """雙重攻擊's −2 (none enhanced) or 範圍攻擊's −4 (−2 enhanced) on each attack check."""
    if mode is AttackMode.DOUBLE:
        if has(c, Skill.IMPROVED_DOUBLE_ATTACK):
            return []
        return [Term(label(c.character, Skill.DOUBLE_ATTACK), -2)]
    if mode is AttackMode.AREA:
        if has(c, Skill.IMPROVED_AREA_ATTACK):
            return [Term(label(c.character, Skill.IMPROVED_AREA_ATTACK), -2)]
        return [Term(label(c.character, Skill.AREA_ATTACK), -4)]
    return []


def begun_effects(c: Combatant, round_: int) -> tuple[Effect, ...]:
    """*c*'s effects once its turn has begun in *round_*."""
    # "Until the start of your next turn" ends when the holder begins a turn in a later round.
    if c.turn_started:
        return c.effects
    return DURATIONS.expire(c.effects, Expiry.TURN_START, before_round=round_)


@attrs.frozen(kw_only=True)
class StrikeUse:
    """What one strike of an attack action reads and uses up, before any term is built."""

    #: The creature aimed at.
    aimed_at: str
    #: The creature that defends (its guard, when 廣域防禦 redirected the attack).
    target: str
    #: Which attack check (0; 1 for the second of 雙重攻擊).
    group: int
    #: The attacker's effects that modify this strike's attack check, in term order.
    attack: tuple[Effect, ...]
    #: The defender's effects that modify its defense check, in term order.
    defense: tuple[Effect, ...]
    #: Whether 暗殺 adds 1 damage.
    assassination: bool


Uses = tuple[tuple[StrikeUse, ...], MappingProxyType[str, tuple[Effect, ...]]]

#: The last call of :func:`attack_uses` (state, actor, mode, targets) and its answer, in one
#: tuple: ``decide`` plans an attack, then its fold asks the same of the same immutable state.
_last_uses: list[tuple[CombatState, str, AttackMode, tuple[str, ...], Uses] | None] = [None]


def attack_uses(state: CombatState, actor: str, mode: AttackMode, targets: tuple[str, ...]) -> Uses:
    """Every strike's uses, and the effects left to the actor and to those the attack used.

    The effects left are keyed by id: the actor's (once its turn has begun and the attack
    has used its own) and those of each defender and guard the attack used.
    The targets must have been checked.
    """
    last = _last_uses[0]
    if last is not None and last[0] is state and last[1:4] == (actor, mode, targets):
        return last[4]
    found = _attack_uses(state, actor, mode, targets)
    _last_uses[0] = (state, actor, mode, targets, found)
    return found


def _attack_uses(
    state: CombatState, actor: str, mode: AttackMode, targets: tuple[str, ...]
) -> Uses:
    me = state.combatant(actor)
    effects = {actor: begun_effects(me, state.round)}
    # M20-082, M20-083: the next attack aimed at a protected creature targets its guard.
    guards = [
        g.id
        for g in state.combatants
        if g.effects
        and g.id != actor
        and g.standing
        and any(e.kind is EffectKind.GUARDING for e in g.effects)
    ]
    assassin = has(me, Skill.ASSASSINATION)
    uses: list[StrikeUse] = []
    defended: dict[str, int] = {}  # each defender's strike, for an area attack
    groups = (
        [(0, targets)] if mode is not AttackMode.DOUBLE else [(0, targets[:1]), (1, targets[1:])]
    )
    for group, aimed_targets in groups:
        mine = effects[actor]
        base: list[Effect] = []
        if mine:
            base.extend(e for e in mine if e.kind in ATTACK_READS)
            for kind in (EffectKind.HINDERED_ATTACK, EffectKind.GUARDED):
                used = _first(mine, kind)
                if used is not None:
                    base.append(used)
                    mine = spent(mine, used)
            effects[actor] = mine
        for aimed in aimed_targets:
            target, guard = _guard_for(state, effects, guards, aimed)
            if mode is AttackMode.AREA and target in defended:
                # One attack roll, one defense each: a guard who is itself in the area, or
                # who guards two creatures in it, defends once, with its guard's penalty.
                at = defended[target]
                if guard is not None and not any(
                    e.kind is EffectKind.GUARDING for e in uses[at].defense
                ):
                    uses[at] = attrs.evolve(uses[at], defense=(*uses[at].defense, guard))
                continue
            own, hidden = _own_effects(effects, actor, target)
            theirs = effects[target] if target in effects else state.combatant(target).effects
            defense: list[Effect] = []
            if theirs:
                defense.extend(e for e in theirs if e.kind in DEFENSE_READS)
            if guard is not None:
                defense.append(guard)
            if theirs:
                for kind in (EffectKind.HINDERED_DEFENSE, EffectKind.GUARDED):
                    used = _first(theirs, kind)
                    if used is not None:
                        defense.append(used)
                        theirs = spent(theirs, used)
            effects[target] = theirs
            defended[target] = len(uses)
            uses.append(
                StrikeUse(
                    aimed_at=aimed,
                    target=target,
                    group=group,
                    attack=(*base, *own),
                    defense=tuple(defense),
                    assassination=hidden is not None and assassin,
                )
            )
    # M20-054: hiding ends with the hider's next attack, on anyone.
    mine = effects[actor]
    if mine and _first(mine, EffectKind.HIDDEN) is not None:
        effects[actor] = tuple(e for e in mine if e.kind is not EffectKind.HIDDEN)
    return tuple(uses), MappingProxyType(effects)


#: A character's own terms of each kind of check, by the ids of the function that builds
#: them, of the character and of the enum members that name the check (the character kept
#: beside them, to tell it from another that took its id): an id is hashed at once, an
#: enum member through a Python call.
_BASES: dict[tuple[int, int, int, int], tuple[Character, tuple[Term, ...]]] = {}
#: The most entries :data:`_BASES` keeps before it starts afresh.
_MAX_BASES: Final = 4096


def _base(
    build: Callable[[Character, Any, Any], tuple[Term, ...]],
    character: Character,
    first: enum.Enum,
    second: enum.Enum | None = None,
) -> tuple[Term, ...]:
    """``build(character, first, second)``, built once for each character and check."""
    key = (id(build), id(character), id(first), id(second))
    found = _BASES.get(key)
    if found is not None and found[0] is character:
        return found[1]
    terms = build(character, first, second)
    if len(_BASES) >= _MAX_BASES:
        _BASES.clear()
    _BASES[key] = (character, terms)
    return terms


def _attack_terms(character: Character, kind: AttackKind, _: None) -> tuple[Term, ...]:
    return attack_terms(character, kind)


def _defense_terms(character: Character, kind: AttackKind, _: None) -> tuple[Term, ...]:
    return defense_terms(character, kind)


def _specialty_terms(
    character: Character, specialty: Specialty, attribute: Attribute
) -> tuple[Term, ...]:
    # No situation and no helpers: the rulings do not change these terms.
    return specialty_terms(character, specialty, attribute=attribute)


def _attack_base(character: Character, kind: AttackKind) -> tuple[Term, ...]:
    # A character's own attack terms: the same in every check of a combat.
    return _base(_attack_terms, character, kind)


def _defense_base(character: Character, kind: AttackKind) -> tuple[Term, ...]:
    return _base(_defense_terms, character, kind)


def _specialty_base(
    character: Character, specialty: Specialty, attribute: Attribute
) -> tuple[Term, ...]:
    return _base(_specialty_terms, character, specialty, attribute)


def _guard_for(
    state: CombatState, effects: dict[str, tuple[Effect, ...]], guards: list[str], aimed: str
) -> tuple[str, Effect | None]:
    """Who defends against an attack aimed at *aimed*, and the guard's effect; uses it."""
    for guard_id in guards:
        if guard_id == aimed:
            continue
        held = effects[guard_id] if guard_id in effects else state.combatant(guard_id).effects
        for effect in held:
            if effect.kind is EffectKind.GUARDING and effect.other == aimed:
                effects[guard_id] = spent(held, effect)
                return guard_id, effect
    return aimed, None


def _own_effects(
    effects: dict[str, tuple[Effect, ...]], actor: str, target: str
) -> tuple[list[Effect], Effect | None]:
    """The attacker's hiding and assistance on *target*, used up; and the hiding itself."""
    own: list[Effect] = []
    hidden: Effect | None = None
    mine = effects[actor]
    if mine:
        for kind in (EffectKind.HIDDEN, EffectKind.ASSISTED):
            for effect in mine:
                if effect.kind is kind and effect.other == target:
                    own.append(effect)
                    mine = spent(mine, effect)
                    if kind is EffectKind.HIDDEN:
                        hidden = effect
                    break
        effects[actor] = mine
    return own, hidden


def strike_terms(
    state: CombatState,
    me: Combatant,
    kind: AttackKind,
    mode: AttackMode,
    use: StrikeUse,
    *,
    boosts: Boosts = NO_BOOSTS,
    defense_boosts: Boosts = NO_BOOSTS,
) -> tuple[tuple[Term, ...], tuple[Term, ...]]:
    """The terms of a strike's attack check and of its defense check, boosts last."""
    # The attack's terms: the effects it reads, the mode's penalty, the effects it used up,
    # the summoner's penalty, then hiding and assistance on this target.
    read = [e for e in use.attack if e.kind in ATTACK_READS]
    used = [e for e in use.attack if e.kind in (EffectKind.HINDERED_ATTACK, EffectKind.GUARDED)]
    own = [e for e in use.attack if e.kind in (EffectKind.HIDDEN, EffectKind.ASSISTED)]
    attack_extra = [
        *effect_terms(read),
        *mode_penalty(me, mode),
        *effect_terms(used),
        *summoner_penalty(state, me),
        *effect_terms(own),
        *boosts.terms,
    ]
    defender = state.combatant(use.target)
    defense_extra = [
        *effect_terms(use.defense),
        *summoner_penalty(state, defender),
        *defense_boosts.terms,
    ]
    # A character's own terms are a cached tuple, kept as it is when nothing is added.
    if me.character is None:
        attack = (*_summon_attributes(owner(state, me), kind.attack_attribute), *attack_extra)
    elif attack_extra:
        attack = (*_attack_base(me.character, kind), *attack_extra)
    else:
        attack = _attack_base(me.character, kind)
    if defender.character is None:
        defense = (
            *_summon_attributes(owner(state, defender), kind.defense_attribute),
            *defense_extra,
        )
    elif defense_extra:
        defense = (*_defense_base(defender.character, kind), *defense_extra)
    else:
        defense = _defense_base(defender.character, kind)
    return attack, defense


def specialty_uses(effects: tuple[Effect, ...]) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """The effects a combat specialty check reads or uses up, and the effects left after it.

    *effects* are the actor's once its turn has begun: 分神援護's −2 is read, 廣域防禦's +1
    is used up.
    """
    if not effects:
        return effects, effects
    read = tuple(e for e in effects if e.kind is EffectKind.SPLIT_FOCUS)
    guarded = _first(effects, EffectKind.GUARDED)
    if guarded is None:
        return read, effects
    return (*read, guarded), spent(effects, guarded)


#: The last answer of :func:`turn_specialty_uses`, with the combatant and round it was for.
_last_turn_uses: list[
    tuple[Combatant, int, tuple[tuple[Effect, ...], tuple[Effect, ...]]] | None
] = [None]


def turn_specialty_uses(
    me: Combatant, round_: int
) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """:func:`specialty_uses` of *me*'s effects once its turn has begun in *round_*.

    ``decide`` plans a specialty action, then its fold asks the same of the same
    (immutable) combatant: the last answer is remembered.
    """
    last = _last_turn_uses[0]
    if last is not None and last[0] is me and last[1] == round_:
        return last[2]
    found = specialty_uses(begun_effects(me, round_))
    _last_turn_uses[0] = (me, round_, found)
    return found


def specialty_check_terms(
    state: CombatState,
    me: Combatant,
    specialty: Specialty,
    *,
    attribute: Attribute,
    used: tuple[Effect, ...],
    extra: Iterable[Term] = (),
    helpers: int = 0,
    boosts: Boosts = NO_BOOSTS,
) -> tuple[Term, ...]:
    """The terms of *me*'s specialty check in combat, with the effects it *used*.

    In order: the character's own terms, cooperation, reward items (as
    :func:`~tabletop_rules.m20.specialty_terms` gives them), the action's *extra* terms, the
    effects, the summoner's penalty, then the GM's terms.
    """
    character = me.character
    assert character is not None  # only characters take these actions
    base = _specialty_base(character, specialty, attribute)
    if not (helpers or boosts.items or boosts.extra or extra or used) and not (
        character.skills and Skill.SUMMONER in character.skills
    ):
        return base  # nothing but the character's own terms: the most frequent check
    return (
        *base,
        *helper_terms(helpers),
        *(term for item in boosts.items for term in item.terms()),
        *extra,
        *effect_terms(used),
        *summoner_penalty(state, me),
        *boosts.extra,
    )


def danger_uses(
    effects: tuple[Effect, ...], *, dodge: bool
) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """The effects a check against a danger reads or uses up, and the effects left after it.

    專注防禦's +2 when it is a dodge (M20-056), 分神援護's −2, and 廣域防禦's +1, used up.
    """
    kinds = DANGER_READS if dodge else (EffectKind.SPLIT_FOCUS,)
    read = tuple(e for e in effects if e.kind in kinds)
    guarded = _first(effects, EffectKind.GUARDED)
    if guarded is None:
        return read, effects
    return (*read, guarded), spent(effects, guarded)


def danger_check_terms(
    state: CombatState,
    me: Combatant,
    specialty: Specialty,
    *,
    stance: Stance,
    situation: str | None,
    used: tuple[Effect, ...],
    helpers: int,
    boosts: Boosts,
) -> tuple[Term, ...]:
    """The terms of *me*'s check against a danger.

    As a stand-alone specialty check (:func:`~tabletop_rules.m20.specialty_terms`, 專精特長
    included), then the combat's effects and the summoner's penalty, then the GM's terms.
    """
    character = me.character
    assert character is not None  # only characters make specialty checks
    return (
        *specialty_terms(
            character,
            specialty,
            stance=stance,
            situation=situation,
            helpers=helpers,
            items=boosts.items,
            rulings=state.rulings,
        ),
        *effect_terms(used),
        *summoner_penalty(state, me),
        *boosts.extra,
    )


__all__ = [
    "ATTACK_READS",
    "DANGER_READS",
    "DEFENSE_READS",
    "StrikeUse",
    "added",
    "attack_uses",
    "begun_effects",
    "danger_check_terms",
    "danger_uses",
    "effect_terms",
    "has",
    "label",
    "mode_penalty",
    "owner",
    "reads",
    "specialty_check_terms",
    "specialty_uses",
    "spent",
    "strike_terms",
    "summon_of",
    "summoner_penalty",
    "turn_specialty_uses",
]
