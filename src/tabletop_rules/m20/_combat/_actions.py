"""The main actions and free declarations: one rule (command → events) and one fold each.

A rule checks the command against the state (see ``_refusals.py``), plans the terms of its
check, draws its dice and returns its event; a fold applies what the event records and plans
nothing (the terms and dice are in the event already).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from tabletop_rules.checks import CheckResult, Difficulty, Opposition, Term
from tabletop_rules.dice import Roll
from tabletop_rules.errors import IllegalCommand
from tabletop_rules.i18n import Label
from tabletop_rules.m20._character import Attribute, Specialty
from tabletop_rules.m20._checks import D20, d20_alone, reroll
from tabletop_rules.m20._combat._commands import (
    Assist,
    Attack,
    CoolDown,
    DangerCheck,
    Dismiss,
    EndCombat,
    EndRound,
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
    GM_ENDED,
    Assisted,
    Attacked,
    CombatEnded,
    CoolDownDeclared,
    DangerChecked,
    FallenRuled,
    FocusedDefense,
    FrenzyDeclared,
    Hid,
    Hindered,
    RoundEnded,
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
    check_gm,
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
    DefenseBoosts,
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
    return changed(c, effects=(*c.effects, *effects))


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


def decide_attack(state: CombatState, command: Attack, dice: DiceSource) -> tuple[Attacked]:
    """An attack action: plan every strike, roll every die (M20-051, M20-100, M20-104).

    The dice are drawn in this order: for each strike, the attack d20 and the defense d20,
    then the attacker's reroll if the attack misses and the defender's if it hits (M20-141);
    for an area attack, the one attack d20, each defense d20, then one reroll of the attack
    d20 for every target if it misses any, then each defender's reroll.
    """
    targets = tuple(command.targets)
    me = check_attack(state, command.actor, command.kind, command.mode, targets)
    boosts = check_boosts("Attack", "boosts", command.boosts)
    defenses = _defense_boosts(state, command)
    uses, _ = attack_uses(state, command.actor, command.mode, targets)
    checks: list[CheckResult] = []
    area = command.mode is AttackMode.AREA
    shared = d20_alone(dice) if area else None
    for use in uses:
        attack, defense = strike_terms(
            state,
            me,
            command.kind,
            command.mode,
            use,
            boosts=boosts,
            defense_boosts=defenses.get(use.target, NO_BOOSTS),
        )
        rolled = shared if shared is not None else d20_alone(dice)
        against = Opposition(rolls=d20_alone(dice), terms=defense, label="m20.check.defense")
        check = CheckResult.judged(
            rolls=rolled, terms=attack, against=against, label="m20.check.attack"
        )
        if not area:
            check = _rerolled(check, boosts, defenses.get(use.target, NO_BOOSTS), dice)
        checks.append(check)
    if area:
        if boosts.reroll and not all(check.success for check in checks):
            again = dice.roll(D20)
            checks = [reroll(check, again) for check in checks]
        checks = [
            _rerolled(check, NO_BOOSTS, defenses.get(use.target, NO_BOOSTS), dice)
            for check, use in zip(checks, uses, strict=True)
        ]
    strikes = tuple(
        Strike(
            aimed_at=use.aimed_at,
            target=use.target,
            group=use.group,
            check=check,
            assassination=use.assassination,
        )
        for use, check in zip(uses, checks, strict=True)
    )
    return (
        Attacked(
            actor=command.actor,
            kind=command.kind,
            mode=command.mode,
            aimed=targets,
            strikes=strikes,
            boosts=boosts,
            defense_boosts=tuple([DefenseBoosts(defender=d, boosts=b) for d, b in defenses.items()])
            if defenses
            else (),
        ),
    )


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


def attack_command(_: CombatState, event: Attacked) -> Attack:
    """The command that produced *event*."""
    return Attack(
        actor=event.actor,
        targets=event.aimed,
        kind=event.kind,
        mode=event.mode,
        boosts=event.boosts,
        defense_boosts=event.defense_boosts,
    )


def _defense_rolls(check: CheckResult) -> tuple[Roll, ...]:
    against = check.against
    return against.rolls if isinstance(against, Opposition) else ()


def attack_rolls(event: Attacked) -> list[Roll]:
    """The dice *event* recorded, in the order :func:`decide_attack` drew them."""
    strikes = event.strikes
    rolls: list[Roll] = []
    if event.mode is not AttackMode.AREA:
        for strike in strikes:
            check = strike.check
            defense = _defense_rolls(check)
            rolls += (*check.rolls[:1], *defense[:1], *check.rolls[1:], *defense[1:])
        return rolls
    if strikes:
        rolls += strikes[0].check.rolls[:1]
        rolls += (roll for strike in strikes for roll in _defense_rolls(strike.check)[:1])
        rolls += strikes[0].check.rolls[1:]
        rolls += (roll for strike in strikes for roll in _defense_rolls(strike.check)[1:])
    return rolls


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


def _plan(
    state: CombatState, command: SpecialtyCommand
) -> tuple[Combatant, tuple[Term, ...], int, tuple[Effect, ...]]:
    """Check *command*: the actor, its check's terms and difficulty, its effects after it."""
    me = check_main(state, command.actor)
    character = me.character
    if character is None:
        raise illegal("summon_only_attacks", actor=command.actor)
    name = type(command).__name__
    boosts = command.boosts
    if boosts is not NO_BOOSTS:  # the default needs no check
        check_boosts(name, "boosts", boosts)
    helpers = check_helpers(state, command.actor, tuple(command.helpers)) if command.helpers else 0
    used, effects = turn_specialty_uses(me, state.round)
    extra: list[Term] = []
    specialty = Specialty.CUNNING
    if isinstance(command, Hide):
        check_other(state, command.actor, command.target)
        if character.has(Skill.STEALTH_MASTER):
            extra.append(Term(label(character, Skill.STEALTH_MASTER), 2))
        attribute, difficulty = command.kind.attack_attribute, ACTION_DIFFICULTY
    elif isinstance(command, Assist):
        check_other(state, command.actor, command.target)
        ally = check_other(state, command.actor, command.ally)
        if ally.side != me.side or command.ally == command.target:
            raise illegal("not_an_ally", actor=command.ally)
        attribute, difficulty = command.kind.defense_attribute, ACTION_DIFFICULTY
    elif isinstance(command, Hinder):
        check_other(state, command.actor, command.target)
        attribute, difficulty = command.kind.attack_attribute, ACTION_DIFFICULTY
    else:
        first_aid = isinstance(command, FirstAid)
        if not first_aid:
            check_skill(character, Skill.HEALING)
        check_heal_target(state, command.target, first_aid=first_aid)
        specialty = Specialty.KNOWLEDGE
        attribute = Attribute.SPECIAL_DEFENSE if command.magical else Attribute.PHYSICAL_DEFENSE
        if not first_aid:
            difficulty = HEAL_DIFFICULTY
        elif character.has(Skill.HEALING):
            difficulty = FIRST_AID_DIFFICULTY_WITH_HEALING
        else:
            difficulty = FIRST_AID_DIFFICULTY
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
    return me, terms, difficulty, effects


def decide_specialty(
    state: CombatState, command: SpecialtyCommand, dice: DiceSource
) -> tuple[SpecialtyEvent]:
    """Hide, assist, hinder, 治療 or first aid: a d20 specialty check (M20-052..064, M20-087)."""
    _, terms, difficulty, _ = _plan(state, command)
    check = CheckResult.judged(
        rolls=d20_alone(dice), terms=terms, against=_DIFFICULTIES[difficulty]
    )
    if command.boosts.reroll and not check.success:
        check = reroll(check, dice)
    boosts, helpers = command.boosts, tuple(command.helpers)
    if isinstance(command, Hide):
        return (
            Hid(
                actor=command.actor,
                target=command.target,
                kind=command.kind,
                check=check,
                boosts=boosts,
                helpers=helpers,
            ),
        )
    if isinstance(command, Assist):
        return (
            Assisted(
                actor=command.actor,
                target=command.target,
                ally=command.ally,
                kind=command.kind,
                check=check,
                boosts=boosts,
                helpers=helpers,
            ),
        )
    if isinstance(command, Hinder):
        return (
            Hindered(
                actor=command.actor,
                target=command.target,
                choice=command.choice,
                kind=command.kind,
                check=check,
                boosts=boosts,
                helpers=helpers,
            ),
        )
    target = state.combatant(command.target)
    hp = min(target.max_hp, target.hp + 1) if check.success else target.hp
    return (
        Treated(
            actor=command.actor,
            target=command.target,
            first_aid=isinstance(command, FirstAid),
            magical=command.magical,
            check=check,
            hp=hp,
            boosts=boosts,
            helpers=helpers,
        ),
    )


def specialty_command(_: CombatState, event: SpecialtyEvent) -> SpecialtyCommand:
    """The command that produced *event*."""
    shared: dict[str, Any] = {"boosts": event.boosts, "helpers": event.helpers}
    if isinstance(event, Hid):
        return Hide(actor=event.actor, target=event.target, kind=event.kind, **shared)
    if isinstance(event, Assisted):
        return Assist(
            actor=event.actor, target=event.target, ally=event.ally, kind=event.kind, **shared
        )
    if isinstance(event, Hindered):
        return Hinder(
            actor=event.actor, target=event.target, choice=event.choice, kind=event.kind, **shared
        )
    if event.first_aid:
        return FirstAid(actor=event.actor, target=event.target, magical=event.magical, **shared)
    return Heal(actor=event.actor, target=event.target, magical=event.magical, **shared)


def specialty_rolls(event: SpecialtyEvent) -> tuple[Any, ...]:
    """The dice *event* recorded."""
    return event.check.rolls


def fold_specialty(state: CombatState, event: SpecialtyEvent) -> CombatState:
    """The effect of a specialty action: its check's outcome, and the action counted."""
    round_ = state.round
    me = state.combatant(event.actor)
    _, effects = turn_specialty_uses(me, round_)
    character = me.character
    assert character is not None
    other: Combatant | None = None  # the one other combatant the event changes
    success = event.check.success
    if isinstance(event, Hid):
        if success:
            kept = [e for e in effects if e.kind is not EffectKind.HIDDEN]
            hidden = _effect(EffectKind.HIDDEN, 2, "m20.term.hidden", round_, event.target)
            effects = (*kept, hidden)
    elif isinstance(event, Assisted):
        if success:
            bonus = 3 if character.has(Skill.EXPERT_ASSIST) else 2
            label_ = label(character, Skill.EXPERT_ASSIST) if bonus == 3 else "m20.term.assisted"
            other = _with_effects(
                state.combatant(event.ally),
                _effect(EffectKind.ASSISTED, bonus, label_, round_, event.target),
            )
    elif isinstance(event, Hindered):
        if success:
            penalty = -3 if character.has(Skill.EXPERT_HINDER) else -2
            label_ = label(character, Skill.EXPERT_HINDER) if penalty == -3 else "m20.term.hindered"
            kind = (
                EffectKind.HINDERED_ATTACK
                if event.choice is HinderChoice.ATTACK
                else EffectKind.HINDERED_DEFENSE
            )
            other = _with_effects(
                state.combatant(event.target), _effect(kind, penalty, label_, round_, event.actor)
            )
    else:
        target = me if event.target == me.id else state.combatant(event.target)
        if event.hp != target.hp:
            status = Status.STANDING if event.hp > 0 else target.status
            target = changed(target, hp=event.hp, status=status)
        if target.id == me.id:
            me = target
        else:
            other = target
    me = acted(me, round_, attack=False, effects=effects)
    if other is None:
        return replaced(state, me)
    return replaced(state, other, me)


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


def decide_end_round(state: CombatState, command: EndRound, _: DiceSource) -> tuple[Any]:
    """The GM ends the round (M20-049)."""
    check_gm(command.actor)
    if state.result is not None:
        raise IllegalCommand("game_over")
    return (RoundEnded(round=state.round, by_gm=True),)


def decide_end_combat(state: CombatState, command: EndCombat, _: DiceSource) -> tuple[Any]:
    """The GM ends the combat (M20-065)."""
    check_gm(command.actor)
    if state.result is not None:
        raise IllegalCommand("game_over")
    return (CombatEnded(winners=(), reason=GM_ENDED),)


def decide_rule_fallen(state: CombatState, command: RuleFallen, _: DiceSource) -> tuple[Any]:
    """The GM rules a fallen non-player character unconscious or dead (M20-066)."""
    check_gm(command.actor)
    check_rule_fallen(state, command.target, dead=command.dead)
    return (FallenRuled(target=command.target, dead=command.dead),)


# --------------------------------------------------------------------------- dangers


def decide_danger(state: CombatState, command: DangerCheck, dice: DiceSource) -> tuple[Any]:
    """A check against a danger, called by the GM (M20-009, M20-056); no action is spent."""
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
    check = CheckResult.judged(
        rolls=d20_alone(dice), terms=terms, against=Difficulty(command.difficulty)
    )
    if boosts.reroll and not check.success:
        check = reroll(check, dice)
    return (
        DangerChecked(
            participant=command.participant,
            specialty=command.specialty,
            stance=command.stance,
            dodge=command.dodge,
            situation=command.situation,
            boosts=boosts,
            helpers=helpers,
            check=check,
        ),
    )


def fold_danger(state: CombatState, event: DangerChecked) -> CombatState:
    """A check against a danger uses 廣域防禦's +1; its outcome is the GM's to apply."""
    me = state.combatant(event.participant)
    _, effects = danger_uses(me.effects, dodge=event.dodge)
    return state if effects is me.effects else replaced(state, changed(me, effects=effects))


def danger_command(_: CombatState, event: DangerChecked) -> DangerCheck:
    """The GM's command that produced *event*."""
    against = event.check.against
    return DangerCheck(
        participant=event.participant,
        specialty=event.specialty,
        difficulty=against.value,
        stance=event.stance,
        dodge=event.dodge,
        situation=event.situation,
        boosts=event.boosts,
        helpers=event.helpers,
    )
