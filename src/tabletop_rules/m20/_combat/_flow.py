"""The flow of an m20 combat: turns, automatic events, rounds, the end, and who may act.

No initiative (M20-049): each standing participant has one main action a round (two with
分神援護), in any order; the round ends when all standing have acted or the GM ends it.
Consequences that need no choice are *automatic events*, which :func:`follow_up` names one
at a time: a fall, a summon vanishing, a strike's damage, the end of the combat or the round.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from tabletop_rules.engine import Pass
from tabletop_rules.kit import GM, GM_COMMANDS, CombatEnded, Expiry, RoundEnded
from tabletop_rules.kit import replaced as replaced_members
from tabletop_rules.m20._character import Specialty
from tabletop_rules.m20._checks import AttackKind, DifficultyLevel
from tabletop_rules.m20._combat._commands import (
    Assist,
    Attack,
    Command,
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
    WideGuard,
)
from tabletop_rules.m20._combat._events import (
    FallenRuled,
    Fell,
    StrikeResolved,
    SummonVanished,
)
from tabletop_rules.m20._combat._reactions import BY_QUESTION, NO_ANSWERS, ask, damage
from tabletop_rules.m20._combat._terms import summon_of
from tabletop_rules.m20._combat._values import (
    DURATIONS,
    NEW_ATTACK,
    NO_BOOSTS,
    NO_PROMPTS,
    NOTHING_DECLARED,
    AttackMode,
    Combatant,
    CombatState,
    Effect,
    EffectKind,
    HinderChoice,
    Status,
    attack_with,
    changed,
    one_prompt,
    state_with,
)
from tabletop_rules.m20._skills import Skill

__all__ = [
    "DANGER_MENU_DIFFICULTY",
    "DANGER_MENU_SPECIALTY",
    "acted",
    "actors",
    "commands_of",
    "follow_up",
    "menu_form",
    "replaced",
    "turn_begun",
]

_KINDS: Any = DURATIONS.kinds
_ROUND_END_KINDS: Any = _KINDS[Expiry.ROUND_END]
_TURN_END_KINDS: Any = _KINDS[Expiry.TURN_END]


def replaced(state: CombatState, *new: Combatant, **changes: Any) -> CombatState:
    """*state* with the *new* combatants swapped in by id (the kit's roster), and *changes*."""
    combatants = replaced_members(state.combatants, *new)
    if changes:
        return state_with(state, combatants=combatants, **changes)
    return state_with(state, combatants=combatants)


def turn_begun(c: Combatant, round_: int) -> Combatant:
    """*c* with its turn begun in *round_* (its effects "until the start of your next turn" end)."""
    if c.turn_started:
        return c
    effects = DURATIONS.expire(c.effects, Expiry.TURN_START, before_round=round_)
    return changed(c, turn_started=True, effects=effects)


def acted(
    c: Combatant, round_: int, *, attack: bool, effects: tuple[Effect, ...] | None = None
) -> Combatant:
    """*c* (with *effects*, if given) after one more main action of a turn it has begun.

    Its effects "until the end of your next turn" end when the action was its last (an
    attack's, when its last strike is resolved).
    """
    taken = c.actions_taken + 1
    if effects is None:
        effects = c.effects
    if taken >= c.actions_allowed and not attack:
        effects = DURATIONS.expire(effects, Expiry.TURN_END, before_round=round_)
    return changed(
        c,
        turn_started=True,
        actions_taken=taken,
        attacks=c.attacks + int(attack),
        effects=effects,
    )


# --------------------------------------------------------------------------- automatic events


def _fall_status(c: Combatant) -> Status:
    if c.summoner is not None:
        return Status.GONE
    return Status.UNCONSCIOUS if c.player else Status.DOWN


def _strike_outcome(state: CombatState) -> StrikeResolved:
    attack = state.prompts.frames[-1].pending
    strike = attack.strikes[attack.index]
    target = state.combatant(strike.target)
    if not (target.standing and state.combatant(attack.attacker).standing):
        # 雙重攻擊's second strike on a target the first one downed: lost, hit or miss.
        return StrikeResolved(
            attacker=attack.attacker,
            target=target.id,
            hit=strike.hit,
            damage=0,
            hp=target.hp,
            lost=True,
        )
    if not strike.hit:
        return StrikeResolved(
            attacker=attack.attacker, target=target.id, hit=False, damage=0, hp=target.hp
        )
    dealt = damage(attack)
    hp = max(0, target.hp - dealt)
    if hp == 0 and attack.indomitable:
        hp = 1
    return StrikeResolved(attacker=attack.attacker, target=target.id, hit=True, damage=dealt, hp=hp)


def follow_up(state: CombatState) -> Any:
    """The event the rules call for next without anyone's choice, if any.

    In order: the first combatant at 0 HP still standing falls; the first summon whose
    summoner is down vanishes; the current strike of an attack no one is asked about is
    resolved; the combat ends when one side or none is left standing; the round ends when
    every one standing has acted.
    """
    if state.result is not None:
        return None
    combatants = state.combatants
    standing = Status.STANDING
    sides: list[str] = []
    all_acted = True
    summons = False
    for c in combatants:
        if c.status is standing:
            if c.hp <= 0:
                return Fell(participant=c.id, status=_fall_status(c))
            if c.summoner is not None:
                summons = True
            if c.side not in sides:
                sides.append(c.side)
            if c.actions_taken < c.actions_allowed:
                all_acted = False
    if summons:
        for c in combatants:
            summoner = c.summoner
            if (
                summoner is not None
                and c.status is standing
                and not state.combatant(summoner).standing
            ):
                return SummonVanished(c.id)
    frames = state.prompts.frames
    if frames:
        return _strike_outcome(state) if frames[-1].responder is None else None
    if len(sides) <= 1:
        return CombatEnded(
            winners=tuple(sides),
            reason="m20.result.one_side_left" if sides else "m20.result.all_down",
        )
    if all_acted:
        return _round_ended(state.round)
    return None


@functools.lru_cache(maxsize=256)
def _round_ended(round_: int) -> RoundEnded:
    # One event per round number, shared by every combat (events are immutable values).
    return RoundEnded(round=round_)


def fold_strike_resolved(state: CombatState, event: StrikeResolved) -> CombatState:
    """A strike's damage: the next strike, or the attack action's end."""
    attack = state.prompts.frames[-1].pending
    target = state.combatant(event.target)
    hit = target if target.hp == event.hp else changed(target, hp=event.hp)
    if attack.index + 1 < len(attack.strikes):
        following = attack_with(
            NEW_ATTACK,
            attacker=attack.attacker,
            strikes=attack.strikes,
            index=attack.index + 1,
            boosted_groups=attack.boosted_groups,
        )
        return ask(replaced(state, hit, prompts=one_prompt(None, NO_ANSWERS, following)))
    # The attack action ends with its last strike.
    attacker = hit if hit.id == attack.attacker else state.combatant(attack.attacker)
    if attacker.actions_taken >= attacker.actions_allowed:
        effects = DURATIONS.expire(attacker.effects, Expiry.TURN_END, before_round=state.round)
        if effects is not attacker.effects:
            attacker = changed(attacker, effects=effects)
    return replaced(state, hit, attacker, prompts=NO_PROMPTS)


#: The effects on others that concern one creature, which end when it leaves for good: no
#: attack can be aimed at it again.
_ON_ONE: Final = (EffectKind.HIDDEN, EffectKind.ASSISTED, EffectKind.GUARDING)


def _forgotten(state: CombatState, gone: str) -> CombatState:
    """*state* without the effects that concern *gone*, dead or gone for good.

    Hiding from it, an assist against it, a guard over it: none can be used again, and an
    effect that cannot be used leaves the state, so that it never grows with the record.
    """
    changed_ones: list[Combatant] = []
    for c in state.combatants:
        if any(e.other == gone and e.kind in _ON_ONE for e in c.effects):
            kept = tuple(e for e in c.effects if not (e.other == gone and e.kind in _ON_ONE))
            changed_ones.append(changed(c, effects=kept))
    return replaced(state, *changed_ones) if changed_ones else state


def fold_fell(state: CombatState, event: Fell) -> CombatState:
    """A combatant at 0 HP falls; its effects end (and those on it, if it is gone)."""
    c = state.combatant(event.participant)
    state = replaced(state, changed(c, hp=0, status=event.status, effects=()))
    if event.status is Status.GONE:
        state = _forgotten(state, c.id)
    return ask(state)


def fold_summon_gone(state: CombatState, summon: str) -> CombatState:
    """A summon vanishes or is dismissed (M20-121, M20-123): its effects, and those on it, end."""
    c = state.combatant(summon)
    return ask(_forgotten(replaced(state, changed(c, status=Status.GONE, effects=())), summon))


def fold_round_ended(state: CombatState, _: RoundEnded) -> CombatState:
    """The round ends: effects "this round" end, and every count of actions is reset."""
    round_ = state.round
    round_end = _ROUND_END_KINDS
    turn_end = _TURN_END_KINDS
    combatants: list[Combatant] = []
    for c in state.combatants:
        effects = c.effects
        started = c.turn_started
        for e in effects:  # a plain loop first: build a new tuple only if an effect ends
            if e.kind in round_end or (started and e.kind in turn_end and e.since_round < round_):
                effects = tuple(
                    kept
                    for kept in effects
                    if not (
                        kept.kind in round_end
                        or (started and kept.kind in turn_end and kept.since_round < round_)
                    )
                )
                break
        if (
            len(effects) == len(c.effects)
            and c.actions_taken == 0
            and c.actions_allowed == 1
            and c.attacks == 0
            and not c.turn_started
            and not c.declared
        ):
            combatants.append(c)  # nothing to reset
            continue
        combatants.append(
            changed(
                c,
                actions_taken=0,
                actions_allowed=1,
                attacks=0,
                turn_started=False,
                declared=NOTHING_DECLARED,
                effects=effects,
            )
        )
    return state_with(state, combatants=tuple(combatants), round=round_ + 1)


def fold_combat_ended(state: CombatState, event: CombatEnded) -> CombatState:
    """The combat ends: every effect ends with it."""
    cleared = tuple(changed(c, effects=()) if c.effects else c for c in state.combatants)
    return state_with(state, combatants=cleared, prompts=NO_PROMPTS, result=event.result)


def fold_fallen_ruled(state: CombatState, event: FallenRuled) -> CombatState:
    """The GM's ruling on a fallen non-player character (M20-066)."""
    t = state.combatant(event.target)
    state = replaced(state, changed(t, status=Status.DEAD if event.dead else Status.UNCONSCIOUS))
    return _forgotten(state, t.id) if event.dead else state


# --------------------------------------------------------------------------- who may act


def rulings(state: CombatState) -> list[RuleFallen]:
    """The GM's rulings on fallen non-player characters still open."""
    return [
        RuleFallen(target=c.id, dead=dead)
        for c in state.combatants
        if not c.player
        and c.character is not None
        and c.status in (Status.DOWN, Status.UNCONSCIOUS)
        for dead in ((False, True) if c.status is Status.DOWN else (True,))
    ]


def actors(state: CombatState) -> tuple[str, ...]:
    """Who may act in a settled state: exactly the actors of its legal commands.

    The prompt's responder; or every combatant with an action or a summon to dismiss, and
    the GM; after the combat, the GM while rulings on fallen characters remain.
    """
    if state.result is not None:
        return (GM,) if rulings(state) else ()
    frames = state.prompts.frames
    if frames:
        responder = frames[-1].responder
        return () if responder is None else (responder,)
    alive = Status.STANDING
    found = [
        c.id
        for c in state.combatants
        if c.status is alive
        and c.hp > 0
        and (c.actions_taken < c.actions_allowed or summon_of(state, c) is not None)
    ]
    return (*found, GM)


#: The specialty and difficulty of the check against a danger that the GM's menu offers:
#: the GM chooses them freely (``SYSTEM.menu_form``).
DANGER_MENU_SPECIALTY: Final = Specialty.PHYSIQUE
DANGER_MENU_DIFFICULTY: Final = DifficultyLevel.MODERATE.value


def commands_of(state: CombatState, actor: str) -> tuple[Any, ...]:
    """Everything *actor* may send in a settled state.

    Choices that are free-form are offered in one form each (``SYSTEM.menu_form`` reads a
    command in that form, and ``decide`` accepts any valid choice): a 範圍攻擊 names every
    other standing member of one side, or everyone else standing; a 廣域防禦 protects one
    creature or every other standing ally; a check takes no reward items, GM terms or
    helpers; the GM's check against a danger is a 身理 check against 12, a dodge, for each
    standing character.
    """
    if actor == GM:
        if state.result is not None:
            return tuple(rulings(state))
        if state.prompts.frames:
            return ()
        return (*GM_COMMANDS, *_dangers(state), *rulings(state))
    if state.result is not None:
        return ()
    frames = state.prompts.frames
    if frames:
        frame = frames[-1]
        question = frame.pending.question
        if frame.responder != actor or question is None:
            return ()
        return (BY_QUESTION[question].command(actor), Pass(actor))
    for c in state.combatants:
        if c.id == actor:
            break
    else:
        return ()
    if not c.standing:
        return ()
    # The menu is a cached tuple: returned as it is when nothing is added to it.
    main = _main_commands(state, c) if c.actions_taken < c.actions_allowed else ()
    if summon_of(state, c) is not None:
        return (*main, Dismiss(actor))
    return main


def _dangers(state: CombatState) -> tuple[DangerCheck, ...]:
    """The GM's checks against a danger, one for each standing character, in the menu form."""
    return _danger_menu(
        tuple(c.id for c in state.combatants if c.character is not None and c.standing)
    )


@functools.lru_cache(maxsize=256)
def _danger_menu(ids: tuple[str, ...]) -> tuple[DangerCheck, ...]:
    return tuple(
        DangerCheck(
            participant=id, specialty=DANGER_MENU_SPECIALTY, difficulty=DANGER_MENU_DIFFICULTY
        )
        for id in ids
    )


_KINDS_OF_ATTACK = tuple(AttackKind)
_HINDER_CHOICES = tuple(HinderChoice)
_HEALABLE = (Status.STANDING, Status.DOWN, Status.UNCONSCIOUS)
_DECLARATIONS = (
    (Skill.SPLIT_FOCUS, SplitFocus),
    (Skill.COOL_DOWN, CoolDown),
    (Skill.FRENZY, Frenzy),
)


def _main_commands(state: CombatState, c: Combatant) -> tuple[Any, ...]:
    me = c.id
    character = c.character
    alive = Status.STANDING
    if character is None:
        others = tuple(
            o.id for o in state.combatants if o.status is alive and o.hp > 0 and o.id != me
        )
        return _menu(
            me, c.attacks == 0, others, (), (), False, False, (), False, (), (), False, True
        )
    side = c.side
    skills = character.skills
    heals = Skill.HEALING in skills
    # One pass over the combatants: the others standing, the allies, the creatures first
    # aid may treat and those 治療 may heal, each in combatant order.
    others_found: list[str] = []
    allies: list[str] = []
    aided: list[str] = []
    healed: list[str] = []
    for o in state.combatants:
        status = o.status
        hp = o.hp
        if status is alive and hp > 0:
            oid = o.id
            if oid != me:
                others_found.append(oid)
                if o.side == side:
                    allies.append(oid)
            if hp == o.max_hp - 1 and o.character is not None:
                aided.append(oid)
        if heals and o.character is not None and status in _HEALABLE and hp < o.max_hp:
            healed.append(o.id)
    others = tuple(others_found)
    areas: list[tuple[str, ...]] = []
    if Skill.AREA_ATTACK in skills:
        by_side: dict[str, list[str]] = {}
        for o in state.combatants:
            if o.id in others:
                by_side.setdefault(o.side, []).append(o.id)
        areas = [tuple(members) for s, members in by_side.items() if s != side]
        if others not in areas:
            areas.append(others)
    declared = c.declared
    declarations = tuple(
        [
            skill
            for skill, _ in _DECLARATIONS
            if skill in skills
            and skill not in declared
            and (skill is not Skill.SPLIT_FOCUS or c.actions_taken == 0)
        ]
    )
    round_ = state.round
    focus = True
    for e in c.effects:
        if e.kind is EffectKind.FOCUS_DEFENSE and e.since_round == round_:
            focus = False
            break
    return _menu(
        me,
        c.attacks == 0,
        others,
        tuple(allies),
        tuple(areas),
        True,
        Skill.DOUBLE_ATTACK in skills,
        declarations,
        Skill.WIDE_GUARD in skills and Skill.WIDE_GUARD not in declared,
        tuple(healed),
        tuple(aided),
        Skill.SUMMONER in skills and not c.summoned,
        focus,
    )


@functools.lru_cache(maxsize=4096)
def _menu(  # noqa: PLR0917 - the cache key is its arguments, one call site
    me: str,
    may_attack: bool,
    others: tuple[str, ...],
    allies: tuple[str, ...],
    areas: tuple[tuple[str, ...], ...],
    character: bool,
    double: bool,
    declarations: tuple[Skill, ...],
    guard: bool,
    healed: tuple[str, ...],
    aided: tuple[str, ...],
    summon: bool,
    focus: bool,
) -> tuple[Any, ...]:
    """The main commands of one combatant, from everything that decides them.

    *me* may attack (*may_attack*) the *others* standing; *allies* are its side's others;
    *areas* the groups a 範圍攻擊 names; *character* is false for a summon; *double*: it has
    雙重攻擊; *declarations*: the free declarations it may make; *guard*: it may declare
    廣域防禦; *healed* and *aided*: whom 治療 and first aid may treat; *summon*: it may
    summon; *focus*: it may take 專注防禦.

    Commands are immutable values, so one tuple serves every state with the same menu: a
    random game lists the same menu many times, and building its commands is most of the
    cost of listing them.
    A new menu is put together from parts cached on their own (the attacks, the hides...),
    so that a change in one part (a wound that opens first aid) builds no other command.
    """
    if not character:
        return _attacks(me, others, False, ()) if may_attack else ()
    parts: list[tuple[Any, ...]] = []
    if may_attack:
        parts.append(_attacks(me, others, double, areas))
    if declarations:
        declare = dict(_DECLARATIONS)
        parts.append(tuple(declare[skill](me) for skill in declarations))
    if guard and others:
        parts.append(_guards(me, others, allies))
    parts.append(_hides(me, others))
    if focus:
        parts.append((FocusDefense(me),))
    parts.append(_supports(me, others, allies))
    if healed:
        parts.append(_treatments(Heal, me, healed))
    if aided:
        parts.append(_treatments(FirstAid, me, aided))
    if summon:
        parts.append((Summon(me),))
    return tuple(itertools.chain.from_iterable(parts))


@functools.lru_cache(maxsize=1024)
def _attacks(
    me: str, others: tuple[str, ...], double: bool, areas: tuple[tuple[str, ...], ...]
) -> tuple[Attack, ...]:
    """The attack actions: on each other, in pairs with 雙重攻擊 (in either order), on each area."""
    kinds = _KINDS_OF_ATTACK
    out = [Attack(actor=me, targets=(t,), kind=k) for t in others for k in kinds]
    if double:
        out.extend(
            Attack(actor=me, targets=pair, kind=k, mode=AttackMode.DOUBLE)
            for pair in itertools.product(others, repeat=2)
            for k in kinds
        )
    out.extend(
        Attack(actor=me, targets=area, kind=k, mode=AttackMode.AREA)
        for area in areas
        for k in kinds
    )
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _guards(me: str, others: tuple[str, ...], allies: tuple[str, ...]) -> tuple[WideGuard, ...]:
    """廣域防禦 over each other, and over every ally when there are several."""
    choices: list[tuple[str, ...]] = [(t,) for t in others]
    if len(allies) > 1:
        choices.append(allies)
    return tuple(WideGuard(actor=me, protected=p) for p in choices)


@functools.lru_cache(maxsize=1024)
def _hides(me: str, others: tuple[str, ...]) -> tuple[Hide, ...]:
    """Hiding from each other, each way."""
    return tuple(Hide(actor=me, target=t, kind=k) for t in others for k in _KINDS_OF_ATTACK)


@functools.lru_cache(maxsize=1024)
def _supports(me: str, others: tuple[str, ...], allies: tuple[str, ...]) -> tuple[Any, ...]:
    """Assisting each ally against each other, then hindering each other."""
    kinds = _KINDS_OF_ATTACK
    assists = (
        Assist(actor=me, target=t, ally=a, kind=k)
        for t in others
        for a in allies
        if a != t
        for k in kinds
    )
    hinders = (
        Hinder(actor=me, target=t, choice=h, kind=k)
        for t in others
        for h in _HINDER_CHOICES
        for k in kinds
    )
    return (*assists, *hinders)


@functools.lru_cache(maxsize=1024)
def _treatments(
    command: type[Heal | FirstAid], me: str, targets: tuple[str, ...]
) -> tuple[Heal | FirstAid, ...]:
    """治療 or first aid on each target, plainly and magically."""
    return tuple(command(actor=me, target=t, magical=m) for t in targets for m in (False, True))


# --------------------------------------------------------------------------- menu forms


def _attack_form(command: Attack) -> Attack:
    if command.mode is AttackMode.AREA:
        return attrs.evolve(command, targets=(), boosts=NO_BOOSTS, defense_boosts=())
    return attrs.evolve(command, boosts=NO_BOOSTS, defense_boosts=())


def _check_form(command: Any) -> Any:
    return attrs.evolve(command, boosts=NO_BOOSTS, helpers=())


def _guard_form(command: WideGuard) -> WideGuard:
    return attrs.evolve(command, protected=())


def _danger_form(command: DangerCheck) -> DangerCheck:
    return DangerCheck(
        participant=command.participant,
        specialty=DANGER_MENU_SPECIALTY,
        difficulty=DANGER_MENU_DIFFICULTY,
        actor=command.actor,
    )


#: The menu form of each command type that has free parameters.
_FORMS: Final[Mapping[type[Any], Callable[[Any], Any]]] = MappingProxyType(
    {
        Attack: _attack_form,
        **dict.fromkeys((Hide, Assist, Hinder, Heal, FirstAid), _check_form),
        WideGuard: _guard_form,
        DangerCheck: _danger_form,
    }
)


def menu_form(command: Command) -> Command:
    """*command* in the one form the menus offer it: its free parameters as a menu sets them.

    ``legal_commands`` offers every choice the rules leave to no one in full, and the free
    choices in one form each; ``decide`` accepts any valid choice. The free parameters are:

    - the reward items, GM terms and reroll of a check (``boosts``, ``defense_boosts``),
      and its helpers: none in a menu;
    - the creatures in a 範圍攻擊's area (M20-104): the caller names them; a menu offers
      every other standing member of one side, and everyone else standing;
    - the creatures a 廣域防禦 protects (M20-082): a menu offers each other standing
      creature alone, and every other standing ally;
    - the GM's check against a danger: its specialty, difficulty, stance, dodge and
      situation; a menu offers a 身理 check against 12, a dodge, for each standing
      character.

    A 雙重攻擊 names its two targets in the order of its strikes, and a menu offers both
    orders. Every other command is its own form.

    >>> from tabletop_rules.m20 import Attack, AttackMode, menu_form
    >>> menu_form(Attack(actor="al", targets=("g1", "g2"), mode=AttackMode.AREA)).targets
    ()

    .. versionadded:: 0.1.0
    """
    form = _FORMS.get(type(command))
    return command if form is None else form(command)
