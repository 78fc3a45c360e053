"""The reactions: questions the rules ask in the middle of an attack, one table row each.

After the dice of a strike are seen, the rules may offer a reaction to the attacker or to the
one hit: 必殺一擊 and 危機閃避 (M20-076, M20-098), 傷害增幅 (M20-109) and 頑強不屈 (M20-134).
The pending attack is the work of the top prompt frame; :func:`ask` writes into that frame
who is asked now and with which answers, from :data:`REACTIONS`, in order.

Adding a reaction is: a :class:`~tabletop_rules.m20.Question` member, its answer command and
its event (``_commands.py``, ``_events.py``), one :class:`Reaction` row here with its two
functions (who is offered it; what its event does), and its catalog keys.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Any, Final

import attrs

from tabletop_rules.checks import CheckResult, Opposition, Term
from tabletop_rules.m20._combat._commands import (
    BoostDamage,
    UseDecisiveStrike,
    UseIndomitable,
    UseNarrowEscape,
)
from tabletop_rules.m20._combat._events import (
    DamageBoosted,
    DecisiveStrikeUsed,
    Declined,
    IndomitableUsed,
    NarrowEscapeUsed,
)
from tabletop_rules.m20._combat._terms import label
from tabletop_rules.m20._combat._values import (
    Combatant,
    CombatState,
    PendingAttack,
    Question,
    attack_with,
    changed,
    one_prompt,
    state_with,
    strike_with,
)
from tabletop_rules.m20._skills import Skill

__all__ = ["NO_ANSWERS", "REACTIONS", "Reaction", "answer", "ask", "damage", "decline"]


@attrs.frozen(kw_only=True)
class Reaction:
    """One reaction: its question, answer, event, who is offered it and what it does."""

    #: The question.
    question: Question
    #: The command that says yes.
    command: type[Any]
    #: The event of the yes.
    event: type[Any]
    #: Who is offered it for the current strike (``None``: no one), given the state, the
    #: attack, the attacker and the defender; asked only while both are standing.
    offered: Callable[[CombatState, PendingAttack, Combatant, Combatant], str | None]
    #: The fold of its event: the state with the reaction spent.
    apply: Callable[[CombatState, Combatant, PendingAttack], CombatState]


def _scenario_left(state: CombatState, c: Combatant, skill: Skill) -> int:
    if c.character is None:
        return 0
    return state.ledger.remaining(c.id, c.character, skill)


def damage(attack: PendingAttack) -> int:
    """The damage of the current strike if it hits."""
    # M20-034, M20-109, M20-113, M20-117, M20-118: 1, +1 傷害增幅, +1 暗殺 (stacking).
    return 1 + int(attack.boost) + int(attack.strikes[attack.index].assassination)


def _with_attack(state: CombatState, attack: PendingAttack, **changes: Any) -> CombatState:
    frame = state.prompts.frames[-1]
    return state_with(state, prompts=one_prompt(frame.responder, frame.answers, attack), **changes)


def _with_strike(attack: PendingAttack, **changes: Any) -> PendingAttack:
    strikes = list(attack.strikes)
    strikes[attack.index] = strike_with(strikes[attack.index], **changes)
    return attack_with(attack, strikes=tuple(strikes))


# ------------------------------------------------------------------ 必殺一擊 (M20-097..099)


def _decisive_offered(
    state: CombatState, attack: PendingAttack, attacker: Combatant, _: Combatant
) -> str | None:
    strike = attack.strikes[attack.index]
    if strike.hit or strike.decisive:
        return None
    return attacker.id if _scenario_left(state, attacker, Skill.DECISIVE_STRIKE) else None


def _decisive(state: CombatState, attacker: Combatant, attack: PendingAttack) -> CombatState:
    check = attack.strikes[attack.index].check
    check = CheckResult.judged(
        rolls=check.rolls,
        terms=(*check.terms, Term(label(attacker.character, Skill.DECISIVE_STRIKE), 5)),
        against=check.against,
        label=check.label,
    )
    return _with_attack(
        state,
        _with_strike(attack, check=check, decisive=True),
        ledger=state.ledger.spend(attacker.id, Skill.DECISIVE_STRIKE),
    )


# ------------------------------------------------------------------ 危機閃避 (M20-075..077)


def _escape_offered(
    state: CombatState, attack: PendingAttack, _: Combatant, target: Combatant
) -> str | None:
    strike = attack.strikes[attack.index]
    if not strike.hit or strike.escaped:
        return None
    return target.id if _scenario_left(state, target, Skill.NARROW_ESCAPE) else None


def _escape(state: CombatState, target: Combatant, attack: PendingAttack) -> CombatState:
    check = attack.strikes[attack.index].check
    against = check.against
    assert isinstance(against, Opposition)
    against = attrs.evolve(
        against,
        terms=(*against.terms, Term(label(target.character, Skill.NARROW_ESCAPE), 5)),
    )
    check = CheckResult.judged(
        rolls=check.rolls, terms=check.terms, against=against, label=check.label
    )
    return _with_attack(
        state,
        _with_strike(attack, check=check, escaped=True),
        ledger=state.ledger.spend(target.id, Skill.NARROW_ESCAPE),
    )


# ------------------------------------------------------------------ 傷害增幅 (M20-109..113)


def _boost_offered(
    _: CombatState, attack: PendingAttack, attacker: Combatant, __: Combatant
) -> str | None:
    strike = attack.strikes[attack.index]
    if not strike.hit or attack.boost or strike.group in attack.boosted_groups:
        return None
    return attacker.id if attacker.damage_boosts_left > 0 else None


def _boost(state: CombatState, attacker: Combatant, attack: PendingAttack) -> CombatState:
    group = attack.strikes[attack.index].group
    spent = changed(attacker, damage_boosts_left=attacker.damage_boosts_left - 1)
    state = state_with(
        state, combatants=tuple(spent if c.id == spent.id else c for c in state.combatants)
    )
    return _with_attack(
        state, attack_with(attack, boost=True, boosted_groups=attack.boosted_groups | {group})
    )


# ------------------------------------------------------------------ 頑強不屈 (M20-132..134)


def _indomitable_offered(
    state: CombatState, attack: PendingAttack, _: Combatant, target: Combatant
) -> str | None:
    strike = attack.strikes[attack.index]
    if not strike.hit or attack.indomitable or target.hp - damage(attack) > 0:
        return None
    return target.id if _scenario_left(state, target, Skill.INDOMITABLE) else None


def _indomitable(state: CombatState, target: Combatant, attack: PendingAttack) -> CombatState:
    return _with_attack(
        state,
        attack_with(attack, indomitable=True),
        ledger=state.ledger.spend(target.id, Skill.INDOMITABLE),
    )


#: Every reaction, in the order the rules ask them for a strike.
REACTIONS: Final = (
    Reaction(
        question=Question.DECISIVE_STRIKE,
        command=UseDecisiveStrike,
        event=DecisiveStrikeUsed,
        offered=_decisive_offered,
        apply=_decisive,
    ),
    Reaction(
        question=Question.NARROW_ESCAPE,
        command=UseNarrowEscape,
        event=NarrowEscapeUsed,
        offered=_escape_offered,
        apply=_escape,
    ),
    Reaction(
        question=Question.DAMAGE_BOOST,
        command=BoostDamage,
        event=DamageBoosted,
        offered=_boost_offered,
        apply=_boost,
    ),
    Reaction(
        question=Question.INDOMITABLE,
        command=UseIndomitable,
        event=IndomitableUsed,
        offered=_indomitable_offered,
        apply=_indomitable,
    ),
)

#: The reactions by question, by answer command and by event.
BY_QUESTION: Final = MappingProxyType({r.question: r for r in REACTIONS})
BY_COMMAND: Final = MappingProxyType({r.command: r for r in REACTIONS})
BY_EVENT: Final = MappingProxyType({r.event: r for r in REACTIONS})


#: The answers to each question, and to none, built once (a frame keeps a frozen set).
_ANSWERS: Final = MappingProxyType(
    {r.question: frozenset((r.question.command, "Pass")) for r in REACTIONS}
)
NO_ANSWERS: Final[frozenset[str]] = frozenset()

#: The skills whose reactions the rules may offer.
_REACTION_SKILLS: Final = (Skill.DECISIVE_STRIKE, Skill.NARROW_ESCAPE, Skill.INDOMITABLE)


def _may_react(c: Combatant) -> bool:
    """Whether any reaction could be offered to *c* (a quick test before asking each row)."""
    if c.damage_boosts_left:
        return True
    skills = c.character.skills if c.character is not None else ()
    for skill in _REACTION_SKILLS:  # noqa: SIM110 - a plain loop: no generator to resume
        if skill in skills:
            return True
    return False


def ask(state: CombatState) -> CombatState:
    """*state* with its top frame asking the next reaction the rules offer, or no one."""
    frames = state.prompts.frames
    if not frames:
        return state
    frame = frames[-1]
    attack = frame.pending
    question: Question | None = None
    responder: str | None = None
    attacker = state.combatant(attack.attacker)
    target = state.combatant(attack.strikes[attack.index].target)
    if attacker.standing and target.standing and (_may_react(attacker) or _may_react(target)):
        declined = attack.declined
        for reaction in REACTIONS:
            if reaction.question in declined:
                continue
            responder = reaction.offered(state, attack, attacker, target)
            if responder is not None:
                question = reaction.question
                break
    if question is attack.question and responder == frame.responder:
        return state
    answers = _ANSWERS[question] if question is not None else NO_ANSWERS
    pending = attack_with(attack, question=question)
    return state_with(state, prompts=one_prompt(responder, answers, pending))


def answer(state: CombatState, event: Any) -> CombatState:
    """The fold of a yes: the reaction spent (its row's ``apply``), then the next question."""
    attack = state.prompts.frames[-1].pending
    reaction = BY_EVENT[type(event)]
    return ask(reaction.apply(state, state.combatant(event.actor), attack))


def decline(state: CombatState, _: Declined) -> CombatState:
    """The fold of a pass: the question declined for this strike, then the next question."""
    attack = state.prompts.frames[-1].pending
    assert attack.question is not None
    declined = attack_with(attack, declined=attack.declined | {attack.question})
    return ask(_with_attack(state, declined))
