"""The main actions and free declarations: one rule (command → events) and one fold each.

A rule checks the command against the state (see ``_refusals.py``), plans the terms of its
check, draws its dice and returns its event; a fold applies what the event records and plans
nothing (the terms and dice are in the event already).
The specialty actions (hide, assist, hinder, 治療, first aid) share one rule,
:func:`decide_specialty`, which finds each command's own part in :data:`SPECIALTY_ACTIONS`
by the command's type; each event has its own fold.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules.checks import CheckResult, Difficulty, Opposition, Term
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.i18n import Label
from tabletop_rules.kit import check_gm
from tabletop_rules.m20._character import Attribute, Character, Specialty
from tabletop_rules.m20._checks import D20, d20_alone, reroll
from tabletop_rules.m20._combat._commands import (
    Assist,
    Attack,
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
    Assisted,
    Attacked,
    CoolDownDeclared,
    DangerChecked,
    FallenRuled,
    FocusedDefense,
    FrenzyDeclared,
    Hid,
    Hindered,
    SplitFocusDeclared,
    SummonDismissed,
    Summoned,
    Treated,
    WideGuardDeclared,
)
from tabletop_rules.m20._combat._flow import acted, replaced, turn_begun
from tabletop_rules.m20._combat._reactions import NO_ANSWERS, ask
from tabletop_rules.m20._combat._refusals import (
    check_attack,
    check_boosts,
    check_character,
    check_free,
    check_guard,
    check_heal_target,
    check_helpers,
    check_main,
    check_open,
    check_other,
    check_rule_fallen,
    check_skill,
    illegal,
)
from tabletop_rules.m20._combat._terms import (
    StrikeUse,
    added,
    attack_uses,
    begun_effects,
    danger_check_terms,
    danger_uses,
    has,
    label,
    specialty_check_terms,
    strike_terms,
    summon_of,
    turn_specialty_uses,
)
from tabletop_rules.m20._combat._values import (
    ACTION_DIFFICULTY,
    FIRST_AID_DIFFICULTY,
    FIRST_AID_DIFFICULTY_WITH_HEALING,
    HEAL_DIFFICULTY,
    NEW_ATTACK,
    NO_BOOSTS,
    SUMMON_SUFFIX,
    AttackMode,
    Boosts,
    Combatant,
    CombatState,
    Effect,
    EffectKind,
    HinderChoice,
    Status,
    Strike,
    attack_with,
    changed,
    one_prompt,
    state_with,
)
from tabletop_rules.m20._skills import Skill

if TYPE_CHECKING:
    from tabletop_rules.dice import DiceSource


def _effect(
    kind: EffectKind, value: int, label_: str, round_: int, other: str | None = None
) -> Effect:
    return Effect(kind=kind, value=value, label=label_, since_round=round_, other=other)


def _with_effects(c: Combatant, *effects: Effect) -> Combatant:
    return changed(c, effects=added(c.effects, *effects))


# --------------------------------------------------------------------------- attack


def _defense_boosts(state: CombatState, command: Attack) -> dict[str, Boosts]:
    # The command's shape is checked: a tuple of DefenseBoosts.
    found: dict[str, Boosts] = {}
    for entry in command.defense_boosts:
        if not isinstance(entry.defender, str):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise illegal("bad_targets")
        state.combatant(entry.defender)  # refuses an unknown id
        if entry.defender in found:
            raise illegal("bad_targets")
        found[entry.defender] = check_boosts("Attack", "defense_boosts", entry.boosts)
    return found


@attrs.frozen(kw_only=True)
class PlannedStrike:
    """One strike of an attack action, planned before any die: its uses and its terms."""

    #: What the strike reads and uses up.
    use: StrikeUse
    #: The terms of its attack check.
    attack: tuple[Term, ...]
    #: The terms of its defense check.
    defense: tuple[Term, ...]
    #: What the defender's defense check takes (its reroll item among them).
    defender: Boosts


def plan_attack(state: CombatState, command: Attack) -> tuple[Boosts, tuple[PlannedStrike, ...]]:
    """Refuse an attack action not allowed now; its boosts and every strike, planned.

    :func:`decide_attack` rolls the plan; the menus' odds (``m20.odds``) compute its chance.

    Raises:
        IllegalCommand: The attack is not allowed now (``_refusals.py``).
    """
    targets = tuple(command.targets)
    me = check_attack(state, command.actor, command.kind, command.mode, targets)
    boosts = check_boosts("Attack", "boosts", command.boosts)
    defenses = _defense_boosts(state, command)
    uses, _ = attack_uses(state, command.actor, command.mode, targets)
    planned: list[PlannedStrike] = []
    for use in uses:
        defender = defenses.get(use.target, NO_BOOSTS)
        attack, defense = strike_terms(
            state, me, command.kind, command.mode, use, boosts=boosts, defense_boosts=defender
        )
        planned.append(PlannedStrike(use=use, attack=attack, defense=defense, defender=defender))
    return boosts, tuple(planned)


def decide_attack(state: CombatState, command: Attack, dice: DiceSource) -> tuple[Attacked]:
    """An attack action: plan every strike, roll every die (M20-051, M20-100, M20-104).

    The dice are drawn in this order: for each strike, the attack d20 and the defense d20,
    then the attacker's reroll if the attack misses and the defender's if it hits (M20-141);
    for an area attack, the one attack d20, each defense d20, then one reroll of the attack
    d20 for every target if it misses any, then each defender's reroll.
    """
    boosts, planned = plan_attack(state, command)
    checks: list[CheckResult] = []
    area = command.mode is AttackMode.AREA
    shared = d20_alone(dice) if area else None
    for strike in planned:
        rolled = shared if shared is not None else d20_alone(dice)
        against = Opposition(rolls=d20_alone(dice), terms=strike.defense, label="m20.check.defense")
        check = CheckResult.judged(
            rolls=rolled, terms=strike.attack, against=against, label="m20.check.attack"
        )
        if not area:
            check = _rerolled(check, boosts, strike.defender, dice)
        checks.append(check)
    if area:
        if boosts.reroll and not all(check.success for check in checks):
            again = dice.roll(D20)
            checks = [reroll(check, again) for check in checks]
        checks = [
            _rerolled(check, NO_BOOSTS, strike.defender, dice)
            for check, strike in zip(checks, planned, strict=True)
        ]
    strikes = tuple(
        Strike(
            aimed_at=strike.use.aimed_at,
            target=strike.use.target,
            group=strike.use.group,
            check=check,
            assassination=strike.use.assassination,
        )
        for strike, check in zip(planned, checks, strict=True)
    )
    aimed = tuple(command.targets)
    return (Attacked(actor=command.actor, mode=command.mode, aimed=aimed, strikes=strikes),)


def _rerolled(
    check: CheckResult, attacker: Boosts, defender: Boosts, dice: DiceSource
) -> CheckResult:
    """*check* after the reroll items: the attacker's on a miss, then the defender's on a hit."""
    if attacker.reroll and not check.success:
        check = reroll(check, dice)
    if defender.reroll and check.success:
        check = reroll(check, dice, opposing=True)
    return check


def fold_attacked(state: CombatState, event: Attacked) -> CombatState:
    """The attack action begins: effects used, the action counted, the strikes pending."""
    me = state.combatant(event.actor)
    effects: Mapping[str, tuple[Effect, ...]]
    if _uses_nothing(state, me, event.aimed):
        effects = {me.id: begun_effects(me, state.round)}
    else:
        _, effects = attack_uses(state, event.actor, event.mode, tuple(event.aimed))
    new = [
        changed(
            me,
            turn_started=True,
            actions_taken=me.actions_taken + 1,
            attacks=me.attacks + 1,
            effects=effects[event.actor],
        )
    ]
    for id_, held in effects.items():
        if id_ == event.actor:
            continue
        c = state.combatant(id_)
        if held != c.effects:
            new.append(changed(c, effects=held))
    pending = attack_with(NEW_ATTACK, attacker=event.actor, strikes=event.strikes)
    return ask(replaced(state, *new, prompts=one_prompt(None, NO_ANSWERS, pending)))


_ATTACKER_USES: Final = (
    EffectKind.HINDERED_ATTACK,
    EffectKind.GUARDED,
    EffectKind.HIDDEN,
    EffectKind.ASSISTED,
)
_DEFENDER_USES: Final = (EffectKind.HINDERED_DEFENSE, EffectKind.GUARDED)


def _uses_nothing(state: CombatState, me: Combatant, aimed: tuple[str, ...]) -> bool:
    """Whether an attack can use up no effect: then only the attacker's turn begins."""
    if any(e.kind in _ATTACKER_USES for e in me.effects):
        return False
    for c in state.combatants:
        if c.effects and (
            (c.id in aimed and any(e.kind in _DEFENDER_USES for e in c.effects))
            or any(e.kind is EffectKind.GUARDING for e in c.effects)
        ):
            return False
    return True


# --------------------------------------------------------------------------- specialty actions


#: The difficulties of the combat's specialty actions, built once.
_DIFFICULTIES: Final = MappingProxyType(
    {
        value: Difficulty(value)
        for value in (
            ACTION_DIFFICULTY,
            HEAL_DIFFICULTY,
            FIRST_AID_DIFFICULTY,
            FIRST_AID_DIFFICULTY_WITH_HEALING,
        )
    }
)

SpecialtyCommand = Hide | Assist | Hinder | Heal | FirstAid
SpecialtyEvent = Hid | Assisted | Hindered | Treated

#: What a specialty action's own part plans: its specialty, attribute, difficulty and the
#: extra terms of its check.
Plan = tuple[Specialty, Attribute, int, tuple[Term, ...]]


@attrs.frozen(kw_only=True)
class SpecialtyAction:
    """One specialty action's own part of :func:`decide_specialty`, a row of a table."""

    #: Check the command's targets (``_refusals.py``) and plan its check, given the state,
    #: the command, and the actor's character.
    plan: Callable[[CombatState, Any, Character], Plan]
    #: The event of the command, given the state, the command and its check.
    event: Callable[[CombatState, Any, CheckResult], SpecialtyEvent]


def _plan_hide(state: CombatState, command: Hide, character: Character) -> Plan:
    check_other(state, command.actor, command.target)
    extra: tuple[Term, ...] = ()
    if character.has(Skill.STEALTH_MASTER):
        extra = (Term(label(character, Skill.STEALTH_MASTER), 2),)
    return Specialty.CUNNING, command.kind.attack_attribute, ACTION_DIFFICULTY, extra


def _plan_assist(state: CombatState, command: Assist, _: Character) -> Plan:
    me = state.combatant(command.actor)
    check_other(state, command.actor, command.target)
    ally = check_other(state, command.actor, command.ally)
    if ally.side != me.side or command.ally == command.target:
        raise illegal("not_an_ally", actor=command.ally)
    return Specialty.CUNNING, command.kind.defense_attribute, ACTION_DIFFICULTY, ()


def _plan_hinder(state: CombatState, command: Hinder, _: Character) -> Plan:
    check_other(state, command.actor, command.target)
    return Specialty.CUNNING, command.kind.attack_attribute, ACTION_DIFFICULTY, ()


def _treatment_attribute(magical: bool) -> Attribute:
    return Attribute.SPECIAL_DEFENSE if magical else Attribute.PHYSICAL_DEFENSE


def _plan_heal(state: CombatState, command: Heal, character: Character) -> Plan:
    check_skill(character, Skill.HEALING)
    check_heal_target(state, command.target, first_aid=False)
    attribute = _treatment_attribute(command.magical)
    return Specialty.KNOWLEDGE, attribute, HEAL_DIFFICULTY, ()


def _plan_first_aid(state: CombatState, command: FirstAid, character: Character) -> Plan:
    check_heal_target(state, command.target, first_aid=True)
    difficulty = (
        FIRST_AID_DIFFICULTY_WITH_HEALING if character.has(Skill.HEALING) else FIRST_AID_DIFFICULTY
    )
    return Specialty.KNOWLEDGE, _treatment_attribute(command.magical), difficulty, ()


def _hid(_: CombatState, command: Hide, check: CheckResult) -> Hid:
    return Hid(actor=command.actor, target=command.target, check=check)


def _assisted(_: CombatState, command: Assist, check: CheckResult) -> Assisted:
    return Assisted(actor=command.actor, target=command.target, ally=command.ally, check=check)


def _hindered(_: CombatState, command: Hinder, check: CheckResult) -> Hindered:
    return Hindered(actor=command.actor, target=command.target, choice=command.choice, check=check)


def _treated(
    state: CombatState, command: Heal | FirstAid, check: CheckResult, *, first_aid: bool
) -> Treated:
    target = state.combatant(command.target)
    hp = min(target.max_hp, target.hp + 1) if check.success else target.hp
    return Treated(
        actor=command.actor, target=command.target, first_aid=first_aid, check=check, hp=hp
    )


def _healed(state: CombatState, command: Heal, check: CheckResult) -> Treated:
    return _treated(state, command, check, first_aid=False)


def _first_aided(state: CombatState, command: FirstAid, check: CheckResult) -> Treated:
    return _treated(state, command, check, first_aid=True)


#: The own part of each specialty action, by command type.
SPECIALTY_ACTIONS: Final[Mapping[type[Any], SpecialtyAction]] = MappingProxyType(
    {
        Hide: SpecialtyAction(plan=_plan_hide, event=_hid),
        Assist: SpecialtyAction(plan=_plan_assist, event=_assisted),
        Hinder: SpecialtyAction(plan=_plan_hinder, event=_hindered),
        Heal: SpecialtyAction(plan=_plan_heal, event=_healed),
        FirstAid: SpecialtyAction(plan=_plan_first_aid, event=_first_aided),
    }
)


def plan_specialty(
    state: CombatState, command: SpecialtyCommand
) -> tuple[tuple[Term, ...], Difficulty, Boosts]:
    """Refuse a specialty action not allowed now; the terms, difficulty and boosts of its check.

    :func:`decide_specialty` rolls the check; the menus' odds (``m20.odds``) compute its
    chance.

    Raises:
        IllegalCommand: The action is not allowed now (``_refusals.py``).
    """
    me = check_main(state, command.actor)
    character = me.character
    if character is None:
        raise illegal("summon_only_attacks", actor=command.actor)
    action = SPECIALTY_ACTIONS[type(command)]
    boosts = command.boosts
    if boosts is not NO_BOOSTS:  # the default needs no check
        check_boosts(type(command).__name__, "boosts", boosts)
    helpers = check_helpers(state, command.actor, tuple(command.helpers)) if command.helpers else 0
    specialty, attribute, difficulty, extra = action.plan(state, command, character)
    used, _ = turn_specialty_uses(me, state.round)
    terms = specialty_check_terms(
        state,
        me,
        specialty,
        attribute=attribute,
        used=used,
        extra=extra,
        helpers=helpers,
        boosts=boosts,
    )
    return terms, _DIFFICULTIES[difficulty], boosts


def decide_specialty(
    state: CombatState, command: SpecialtyCommand, dice: DiceSource
) -> tuple[SpecialtyEvent]:
    """Hide, assist, hinder, 治療 or first aid: a d20 specialty check (M20-052..064, M20-087).

    The actor must have a main action left and be a character; helpers cooperate (M20-043),
    boosts are the GM's; the command's own part (:data:`SPECIALTY_ACTIONS`) checks its
    targets and names the check's specialty, attribute and difficulty.
    """
    terms, difficulty, boosts = plan_specialty(state, command)
    check = CheckResult.judged(rolls=d20_alone(dice), terms=terms, against=difficulty)
    if boosts.reroll and not check.success:
        check = reroll(check, dice)
    return (SPECIALTY_ACTIONS[type(command)].event(state, command, check),)


#: What a specialty event does beyond counting the action: given the state, the actor, its
#: effects once its turn has begun and the check has used what it uses, the event and its
#: round, the actor's effects afterwards and the one other combatant the event changes (the
#: actor itself, changed, when it treats itself), if any.
Outcome = Callable[
    [CombatState, Combatant, tuple[Effect, ...], Any, int],
    tuple[tuple[Effect, ...], Combatant | None],
]


def fold_specialty(state: CombatState, event: SpecialtyEvent) -> CombatState:
    """A specialty action's event: its check's outcome (:data:`OUTCOMES`), the action counted.

    Hiding gives +2 on the next attack on the target (M20-053), an assist +2 (+3) on the
    ally's next attack on it (M20-058), a hinder −2 (−3) on the target's chosen next check
    (M20-060), and a treatment the target's HP as the event records it (M20-063, M20-088).
    """
    round_ = state.round
    me = state.combatant(event.actor)
    _, effects = turn_specialty_uses(me, round_)
    effects, other = OUTCOMES[type(event)](state, me, effects, event, round_)
    if other is not None and other.id == me.id:  # a treatment of oneself
        me, other = other, None
    me = acted(me, round_, attack=False, effects=effects)
    if other is None:
        return replaced(state, me)
    return replaced(state, other, me)


def _hid_outcome(
    _: CombatState, __: Combatant, effects: tuple[Effect, ...], event: Hid, round_: int
) -> tuple[tuple[Effect, ...], Combatant | None]:
    if not event.check.success:
        return effects, None
    kept = tuple(e for e in effects if e.kind is not EffectKind.HIDDEN)
    hidden = _effect(EffectKind.HIDDEN, 2, "m20.term.hidden", round_, event.target)
    return (*kept, hidden), None


def _assisted_outcome(
    state: CombatState, me: Combatant, effects: tuple[Effect, ...], event: Assisted, round_: int
) -> tuple[tuple[Effect, ...], Combatant | None]:
    if not event.check.success:
        return effects, None
    character = me.character
    expert = character is not None and character.has(Skill.EXPERT_ASSIST)
    bonus = 3 if expert else 2
    label_ = label(character, Skill.EXPERT_ASSIST) if expert else "m20.term.assisted"
    ally = _with_effects(
        state.combatant(event.ally),
        _effect(EffectKind.ASSISTED, bonus, label_, round_, event.target),
    )
    return effects, ally


def _hindered_outcome(
    state: CombatState, me: Combatant, effects: tuple[Effect, ...], event: Hindered, round_: int
) -> tuple[tuple[Effect, ...], Combatant | None]:
    if not event.check.success:
        return effects, None
    character = me.character
    expert = character is not None and character.has(Skill.EXPERT_HINDER)
    penalty = -3 if expert else -2
    label_ = label(character, Skill.EXPERT_HINDER) if expert else "m20.term.hindered"
    kind = (
        EffectKind.HINDERED_ATTACK
        if event.choice is HinderChoice.ATTACK
        else EffectKind.HINDERED_DEFENSE
    )
    target = _with_effects(
        state.combatant(event.target), _effect(kind, penalty, label_, round_, event.actor)
    )
    return effects, target


def _treated_outcome(
    state: CombatState, me: Combatant, effects: tuple[Effect, ...], event: Treated, _: int
) -> tuple[tuple[Effect, ...], Combatant | None]:
    target = me if event.target == me.id else state.combatant(event.target)
    if event.hp != target.hp:
        status = Status.STANDING if event.hp > 0 else target.status
        target = changed(target, hp=event.hp, status=status)
    return effects, target


#: The outcome of each specialty event, by its type.
OUTCOMES: Final[Mapping[type[Any], Outcome]] = MappingProxyType(
    {
        Hid: _hid_outcome,
        Assisted: _assisted_outcome,
        Hindered: _hindered_outcome,
        Treated: _treated_outcome,
    }
)


# --------------------------------------------------------------------------- other main actions


def decide_focus(state: CombatState, command: FocusDefense, _: DiceSource) -> tuple[Any]:
    """專注防禦: +2 to defense checks this round (M20-055).

    A second 專注防禦 in a round (after 分神援護) is refused: the text describes a state,
    "your defense checks this round get +2", which a second one cannot add to.
    """
    check_character(state, command.actor)
    me = state.combatant(command.actor)
    if any(e.kind is EffectKind.FOCUS_DEFENSE and e.since_round == state.round for e in me.effects):
        raise illegal("already_focused", actor=command.actor)
    return (FocusedDefense(command.actor),)


def fold_focused(state: CombatState, event: FocusedDefense) -> CombatState:
    """The +2 of 專注防禦, and the action counted."""
    round_ = state.round
    me = state.combatant(event.actor)
    focus = _effect(EffectKind.FOCUS_DEFENSE, 2, "m20.term.focus_defense", round_)
    return replaced(
        state, acted(me, round_, attack=False, effects=(*begun_effects(me, round_), focus))
    )


def _summon_hp(state: CombatState, actor: str) -> int:
    character = state.combatant(actor).character
    assert character is not None
    return 2 if character.has(Skill.SUMMON_ENDURANCE) else 1


def decide_summon(state: CombatState, command: Summon, _: DiceSource) -> tuple[Any]:
    """召喚師: a summon appears, once a combat (M20-119..124)."""
    character = check_character(state, command.actor)
    check_skill(character, Skill.SUMMONER)
    if state.combatant(command.actor).summoned:
        raise illegal("once_a_combat", skill=Label(Skill.SUMMONER.label))
    summon = command.actor + SUMMON_SUFFIX
    return (Summoned(actor=command.actor, summon=summon, hp=_summon_hp(state, command.actor)),)


def fold_summoned(state: CombatState, event: Summoned) -> CombatState:
    """The summon stands beside its summoner; the summoner's action is counted."""
    round_ = state.round
    me = turn_begun(state.combatant(event.actor), round_)
    summon = Combatant(
        id=event.summon,
        side=me.side,
        player=me.player,
        character=None,
        summoner=me.id,
        max_hp=event.hp,
        hp=event.hp,
    )
    combatants = [c for c in state.combatants if c.id != event.summon]
    at = next(i for i, c in enumerate(combatants) if c.id == me.id)
    combatants[at] = acted(changed(me, summoned=True), round_, attack=False)
    combatants.insert(at + 1, summon)
    return state_with(state, combatants=tuple(combatants))


# --------------------------------------------------------------------------- free declarations


def decide_split_focus(state: CombatState, command: SplitFocus, _: DiceSource) -> tuple[Any]:
    """分神援護: one more main action, not an attack (M20-078)."""
    check_free(state, command.actor, Skill.SPLIT_FOCUS)
    return (SplitFocusDeclared(command.actor),)


def decide_cool_down(state: CombatState, command: CoolDown, _: DiceSource) -> tuple[Any]:
    """冷卻 (M20-090, M20-091)."""
    check_free(state, command.actor, Skill.COOL_DOWN)
    return (CoolDownDeclared(command.actor),)


def decide_frenzy(state: CombatState, command: Frenzy, _: DiceSource) -> tuple[Any]:
    """狂暴 (M20-114, M20-115)."""
    check_free(state, command.actor, Skill.FRENZY)
    return (FrenzyDeclared(command.actor),)


def decide_wide_guard(state: CombatState, command: WideGuard, _: DiceSource) -> tuple[Any]:
    """廣域防禦 over the protected creatures (M20-082..084)."""
    protected = tuple(command.protected)
    check_guard(state, command.actor, protected)
    return (WideGuardDeclared(actor=command.actor, protected=protected),)


def _declared(state: CombatState, actor: str, skill: Skill) -> Combatant:
    c = turn_begun(state.combatant(actor), state.round)
    return changed(c, declared=c.declared | {skill})


def fold_split_focus(state: CombatState, event: SplitFocusDeclared) -> CombatState:
    """Two main actions this round; −2 on every check but attacks (none enhanced)."""
    c = _declared(state, event.actor, Skill.SPLIT_FOCUS)
    c = changed(c, actions_allowed=2)
    if not has(c, Skill.IMPROVED_SPLIT_FOCUS):
        c = _with_effects(
            c,
            _effect(EffectKind.SPLIT_FOCUS, -2, label(c.character, Skill.SPLIT_FOCUS), state.round),
        )
    return replaced(state, c)


def fold_cool_down(state: CombatState, event: CoolDownDeclared) -> CombatState:
    """+2 defense this round, −2 attack until the end of the next turn."""
    c = _declared(state, event.actor, Skill.COOL_DOWN)
    name = label(c.character, Skill.COOL_DOWN)
    return replaced(
        state,
        _with_effects(
            c,
            _effect(EffectKind.COOL_DOWN_DEFENSE, 2, name, state.round),
            _effect(EffectKind.COOL_DOWN_ATTACK, -2, name, state.round),
        ),
    )


def fold_frenzy(state: CombatState, event: FrenzyDeclared) -> CombatState:
    """+2 attack this round, −2 defense until the start of the next turn."""
    c = _declared(state, event.actor, Skill.FRENZY)
    name = label(c.character, Skill.FRENZY)
    return replaced(
        state,
        _with_effects(
            c,
            _effect(EffectKind.FRENZY_ATTACK, 2, name, state.round),
            _effect(EffectKind.FRENZY_DEFENSE, -2, name, state.round),
        ),
    )


def fold_wide_guard(state: CombatState, event: WideGuardDeclared) -> CombatState:
    """The guard takes the next attack on each protected one, who gets +1 on its next check."""
    round_ = state.round
    c = _declared(state, event.actor, Skill.WIDE_GUARD)
    penalty = -2 if has(c, Skill.IMPROVED_WIDE_GUARD) else -4
    guard_label = label(
        c.character, Skill.IMPROVED_WIDE_GUARD if penalty == -2 else Skill.WIDE_GUARD
    )
    new = {
        c.id: _with_effects(
            c,
            *(
                _effect(EffectKind.GUARDING, penalty, guard_label, round_, p)
                for p in event.protected
            ),
        )
    }
    for p in event.protected:
        held = new.get(p, state.combatant(p))
        new[p] = _with_effects(
            held, _effect(EffectKind.GUARDED, 1, "m20.term.guarded", round_, c.id)
        )
    return replaced(state, *new.values())


def decide_dismiss(state: CombatState, command: Dismiss, _: DiceSource) -> tuple[Any]:
    """Send the summon back, at will (M20-123)."""
    check_open(state)
    summon = summon_of(state, state.combatant(command.actor))
    if summon is None:
        raise illegal("no_summon", actor=command.actor)
    return (SummonDismissed(actor=command.actor, summon=summon.id),)


# --------------------------------------------------------------------------- GM rulings


def decide_rule_fallen(state: CombatState, command: RuleFallen, _: DiceSource) -> tuple[Any]:
    """The GM rules a fallen non-player character unconscious or dead (M20-066)."""
    check_gm(command.actor)
    check_rule_fallen(state, command.target, dead=command.dead)
    return (FallenRuled(target=command.target, dead=command.dead),)


# --------------------------------------------------------------------------- dangers


def plan_danger(state: CombatState, command: DangerCheck) -> tuple[tuple[Term, ...], Boosts]:
    """Refuse a check against a danger not allowed now; the terms and boosts of the check.

    :func:`decide_danger` rolls it; the menus' odds (``m20.odds``) compute its chance.

    Raises:
        IllegalCommand: The check is not allowed now.
    """
    check_gm(command.actor)
    if state.result is not None:
        raise IllegalCommand("game_over")
    me = state.combatant(command.participant)
    if me.character is None:
        raise illegal("not_a_character", actor=command.participant)
    if not me.standing:
        raise illegal("not_standing", actor=command.participant)
    boosts = check_boosts("DangerCheck", "boosts", command.boosts)
    helpers = tuple(command.helpers)
    used, _ = danger_uses(me.effects, dodge=command.dodge)
    terms = danger_check_terms(
        state,
        me,
        command.specialty,
        stance=command.stance,
        situation=command.situation,
        used=used,
        helpers=check_helpers(state, command.participant, helpers),
        boosts=boosts,
    )
    return terms, boosts


def decide_danger(state: CombatState, command: DangerCheck, dice: DiceSource) -> tuple[Any]:
    """A check against a danger, called by the GM (M20-009, M20-056); no action is spent."""
    terms, boosts = plan_danger(state, command)
    check = CheckResult.judged(
        rolls=d20_alone(dice), terms=terms, against=Difficulty(command.difficulty)
    )
    if boosts.reroll and not check.success:
        check = reroll(check, dice)
    return (
        DangerChecked(
            participant=command.participant,
            specialty=command.specialty,
            dodge=command.dodge,
            check=check,
        ),
    )


def fold_danger(state: CombatState, event: DangerChecked) -> CombatState:
    """A check against a danger uses 廣域防禦's +1; its outcome is the GM's to apply."""
    me = state.combatant(event.participant)
    _, effects = danger_uses(me.effects, dodge=event.dodge)
    return state if effects is me.effects else replaced(state, changed(me, effects=effects))
