"""The m20 combat ruleset, one behaviour per test, with scripted dice.

Characters are built by :func:`hero`: 物攻3 特攻3 物防2 特防2, 詭計型 (詭計 +3) with the
bonus specialty 知識 (+1), and the skills given (max HP 7 − picks).
Faces are given in the order they are rolled: for an attack, the attack d20 then the
defense d20 (範圍攻擊: the attack d20, then each defense d20).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import pytest

from tabletop_rules import CorruptRecord, IllegalCommand, ScriptedDice, engine
from tabletop_rules.checks import Opposition, Term
from tabletop_rules.engine import Entry, GameRecord, GameResult, Pass
from tabletop_rules.m20 import (
    RULESET,
    Assist,
    Attack,
    Attacked,
    AttackKind,
    AttackMode,
    Attribute,
    Attributes,
    BoostDamage,
    Character,
    CombatEnded,
    CombatSetup,
    CombatState,
    Command,
    CoolDown,
    Dismiss,
    EndCombat,
    EndRound,
    Event,
    Fell,
    FirstAid,
    FocusDefense,
    Frenzy,
    Heal,
    Hide,
    Hinder,
    HinderChoice,
    Participant,
    RoundEnded,
    RuleFallen,
    ScenarioLedger,
    Skill,
    SkillPick,
    Specialty,
    SplitFocus,
    Status,
    Strike,
    StrikeResolved,
    Summon,
    Summoned,
    SummonVanished,
    Tendency,
    UseDecisiveStrike,
    UseIndomitable,
    UseNarrowEscape,
    WideGuard,
    danger_terms,
    describe,
    hp_after,
    ledger_after,
    rest,
)
from tabletop_rules.serialization import from_json, make_converter, to_json

CONVERTER = make_converter()
PHYSICAL_ATTACK = Attribute.PHYSICAL_ATTACK.label
PHYSICAL_DEFENSE = Attribute.PHYSICAL_DEFENSE.label


def hero(name: str, *skills: Skill) -> Character:
    picks = tuple(
        SkillPick(skill=s, situations=("a", "b") if s is Skill.EXPERTISE else ()) for s in skills
    )
    return Character(
        name=name,
        attributes=Attributes(
            physical_attack=3, special_attack=3, physical_defense=2, special_defense=2
        ),
        tendency=Tendency.CUNNING,
        bonus_specialty=Specialty.KNOWLEDGE,
        picks=picks,
    )


def combat(
    a: Character | None = None,
    b: Character | None = None,
    c: Character | None = None,
    *,
    hp: dict[str, int] | None = None,
    ledger: ScenarioLedger | None = None,
) -> CombatState:
    """``a`` (and ``c``, if given) on side ``heroes`` against ``b`` on side ``foes`` (GM-run)."""
    hp = hp or {}
    people = [("a", a or hero("A"), "heroes", True), ("b", b or hero("B"), "foes", False)]
    if c is not None:
        people.append(("c", c, "heroes", True))
    return RULESET.start(
        CombatSetup(
            participants=[
                Participant(id=i, character=ch, side=s, player=p, hp=hp.get(i))
                for i, ch, s, p in people
            ],
            ledger=ledger or ScenarioLedger(),
        )
    )


def play(
    state: CombatState, commands: Iterable[Command], faces: Sequence[int] = ()
) -> tuple[CombatState, tuple[Event, ...]]:
    dice = ScriptedDice(faces)
    events: list[Event] = []
    for command in commands:
        state, new = engine.step(RULESET, state, command, dice)
        events.extend(new.events)
    assert () == dice.remaining
    return state, events_tuple(events)


def events_tuple(events: list[Event]) -> tuple[Event, ...]:
    return tuple(events)


Record = GameRecord[CombatSetup, Command, Event]


def recorded(
    setup: CombatSetup, commands: Iterable[Command], faces: Sequence[int] = ()
) -> tuple[CombatState, Record]:
    """Play *commands* from *setup* with *faces*: the state, and the record of the game."""
    dice = ScriptedDice(faces)
    state, record = engine.begin(RULESET, setup, dice)
    entries: list[Entry[Command, Event]] = []
    for command in commands:
        state, entry = engine.step(RULESET, state, command, dice)
        entries.append(entry)
    assert () == dice.remaining
    return state, record.extend(entries)


def duel_setup() -> CombatSetup:
    """``a`` (a player) against ``b`` (GM-run), both :func:`hero`."""
    return CombatSetup(
        participants=[
            Participant(id="a", character=hero("A"), side="heroes"),
            Participant(id="b", character=hero("B"), side="foes", player=False),
        ]
    )


def strikes(events: Iterable[Event]) -> list[Strike]:
    return [s for e in events if isinstance(e, Attacked) for s in e.strikes]


def attack_terms_of(events: Iterable[Event]) -> list[tuple[Term, ...]]:
    return [s.check.terms for s in strikes(events)]


def defense_terms_of(events: Iterable[Event]) -> list[tuple[Term, ...]]:
    out = []
    for s in strikes(events):
        assert isinstance(s.check.against, Opposition)
        out.append(s.check.against.terms)
    return out


def hit(actor: str = "a", target: str = "b", **kw: object) -> Attack:
    return Attack(actor=actor, targets=(target,), **kw)  # type: ignore[arg-type]


def refused(state: CombatState, command: Command, faces: Sequence[int] = ()) -> str:
    before = to_json(state, converter=CONVERTER)
    with pytest.raises(IllegalCommand) as raised:
        RULESET.decide(state, command, ScriptedDice(faces))
    assert before == to_json(state, converter=CONVERTER)
    return raised.value.reason


# --------------------------------------------------------------------------- setup and rounds


def test_start_gives_max_hp_or_the_carried_hp() -> None:
    """M20-002, M20-049: everyone starts standing, at max HP unless HP is carried over."""
    state = combat(hp={"b": 3})

    assert (7, 3) == (state.combatant("a").hp, state.combatant("b").hp)
    assert Status.STANDING == state.combatant("b").status
    assert 1 == state.round


def test_attack_that_ties_hits_for_one_damage() -> None:
    """M20-025, M20-027, M20-029, M20-031..034, M20-051: 10+3 物攻 ≥ 11+2 物防 hits for 1."""
    state, events = play(combat(), [hit()], [10, 11])

    assert [(Term(PHYSICAL_ATTACK, 3),)] == attack_terms_of(events)
    assert [(Term(PHYSICAL_DEFENSE, 2),)] == defense_terms_of(events)
    assert StrikeResolved(attacker="a", target="b", hit=True, damage=1, hp=6) == events[-1]
    assert 6 == state.combatant("b").hp


def test_attack_that_falls_short_misses() -> None:
    """M20-033: 5+3 < 10+2 misses and deals nothing."""
    _state, events = play(combat(), [hit()], [5, 10])

    assert StrikeResolved(attacker="a", target="b", hit=False, damage=0, hp=7) == events[-1]


def test_special_attack_uses_special_attributes() -> None:
    """M20-028, M20-030: a special attack is 特攻 against 特防."""
    _, events = play(combat(), [hit(kind=AttackKind.SPECIAL)], [10, 10])

    assert [(Term(Attribute.SPECIAL_ATTACK.label, 3),)] == attack_terms_of(events)
    assert [(Term(Attribute.SPECIAL_DEFENSE.label, 2),)] == defense_terms_of(events)


def test_second_main_action_in_a_round_is_refused() -> None:
    """M20-049, M20-050: one main action a round, here spent on focus defense."""
    state, _ = play(combat(), [FocusDefense("a")])

    assert "m20.illegal.no_action_left" == refused(state, hit(), [10, 10])


def test_round_ends_when_everyone_has_acted() -> None:
    """M20-049: when all standing have acted the round ends and actions come back."""
    state, events = play(combat(), [FocusDefense("a"), FocusDefense("b")])

    assert RoundEnded(round=1) == events[-1]
    assert 2 == state.round
    assert 0 == state.combatant("a").actions_taken


def test_gm_ends_the_round() -> None:
    """M20-049: the GM may end the round before everyone has acted."""
    state, events = play(combat(), [EndRound()])

    assert (RoundEnded(round=1, by_gm=True),) == events
    assert 2 == state.round


def test_only_the_gm_sends_rulings() -> None:
    """M20-049, M20-065: rulings come from the GM actor."""
    assert "gm_only" == refused(combat(), EndRound(actor="a"))


def test_combat_ends_when_one_side_is_left() -> None:
    """M20-065, M20-066: the last foe falls (down, for the GM to rule); the heroes win."""
    state, events = play(combat(hp={"b": 1}), [hit()], [10, 1])

    assert Fell(participant="b", status=Status.DOWN) in events
    assert CombatEnded(winners=("heroes",), reason="m20.result.one_side_left") == events[-1]
    assert GameResult(winners=("heroes",), reason="m20.result.one_side_left") == (
        RULESET.outcome(state)
    )
    assert RULESET.is_over(state)


def test_player_character_at_zero_is_unconscious() -> None:
    """M20-065: a player character at 0 HP falls unconscious."""
    _state, events = play(combat(hp={"a": 1}), [hit("b", "a")], [10, 1])

    assert Fell(participant="a", status=Status.UNCONSCIOUS) in events


def test_gm_rules_a_fallen_npc_dead() -> None:
    """M20-066: the GM decides whether a non-player character at 0 HP is dead."""
    state, _ = play(combat(hp={"b": 1}), [hit(), RuleFallen(target="b", dead=True)], [10, 1])

    assert Status.DEAD == state.combatant("b").status


def test_an_unconscious_npc_can_only_be_ruled_dead() -> None:
    """M20-066: a fallen NPC ruled unconscious stays so; ruling it unconscious again is refused.

    Only the ruling that changes something (dead) remains, in ``legal_commands`` as in
    ``decide``, so that a record cannot hold a ruling no legal play offers.
    """
    state, _ = play(combat(hp={"b": 1}), [hit(), RuleFallen(target="b", dead=False)], [10, 1])

    assert Status.UNCONSCIOUS == state.combatant("b").status
    assert "m20.illegal.already_unconscious" == refused(state, RuleFallen(target="b", dead=False))
    assert (RuleFallen(target="b", dead=True),) == RULESET.legal_commands(state, actor="gm")


def test_gm_ends_the_combat() -> None:
    """M20-065: the GM may end the combat; nobody wins."""
    state, _events = play(combat(), [EndCombat()])

    assert GameResult(winners=(), reason="result.gm_ended") == RULESET.outcome(state)
    assert "game_over" == refused(state, hit(), [10, 10])


# --------------------------------------------------------------------------- main actions


def test_hide_gives_plus_two_on_the_next_attack_on_that_target() -> None:
    """M20-052, M20-053, M20-054: hide (詭計 + 物攻, DC 10), then +2 against the target once."""
    state, events = play(combat(), [Hide(actor="a", target="b"), EndRound(), hit()], [4, 10, 10])

    assert events[0].check.terms == (  # type: ignore[union-attr]
        Term(Specialty.CUNNING.label, 3),
        Term(PHYSICAL_ATTACK, 3),
    )
    assert Term("m20.term.hidden", 2) in attack_terms_of(events)[0]
    assert () == state.combatant("a").effects


def test_hiding_ends_with_an_attack_on_anyone() -> None:
    """M20-054: attacking another creature ends hiding, without the +2."""
    state, events = play(
        combat(c=hero("C")),
        [Hide(actor="c", target="b"), EndRound(), hit("c", "a")],
        [10, 10, 10],
    )

    assert [(Term(PHYSICAL_ATTACK, 3),)] == attack_terms_of(events)
    assert () == state.combatant("c").effects


def test_stealth_master_adds_two_to_hiding() -> None:
    """M20-116: 隱匿大師 +2 on the hide check."""
    _, events = play(combat(hero("A", Skill.STEALTH_MASTER)), [Hide(actor="a", target="b")], [1])

    assert Term(Skill.STEALTH_MASTER.label, 2) in events[0].check.terms  # type: ignore[union-attr]


def test_failed_hide_gives_nothing() -> None:
    """M20-052: a hide below 10 fails and leaves no bonus."""
    state, _ = play(combat(), [Hide(actor="a", target="b")], [3])

    assert () == state.combatant("a").effects


def test_focus_defense_lasts_this_round() -> None:
    """M20-055: +2 to defense checks this round, gone at the round's end."""
    state, events = play(combat(), [FocusDefense("a"), hit("b", "a")], [10, 10])

    assert Term("m20.term.focus_defense", 2) in defense_terms_of(events)[0]
    assert 2 == state.round
    assert () == state.combatant("a").effects


def test_assist_gives_the_named_ally_plus_two_once() -> None:
    """M20-057, M20-058: assist (詭計 + 物防, DC 10); the ally's next attack on the target +2."""
    state, events = play(
        combat(c=hero("C")),
        [Assist(actor="a", target="b", ally="c"), hit("c", "b")],
        [5, 10, 10],
    )

    assert events[0].check.terms == (  # type: ignore[union-attr]
        Term(Specialty.CUNNING.label, 3),
        Term(PHYSICAL_DEFENSE, 2),
    )
    assert Term("m20.term.assisted", 2) in attack_terms_of(events)[0]
    assert () == state.combatant("c").effects


def test_expert_assist_gives_plus_three() -> None:
    """M20-132: 專精協助 makes the assist +3."""
    _, events = play(
        combat(hero("A", Skill.EXPERT_ASSIST), c=hero("C")),
        [Assist(actor="a", target="b", ally="c"), hit("c", "b")],
        [10, 10, 10],
    )

    assert Term(Skill.EXPERT_ASSIST.label, 3) in attack_terms_of(events)[0]


def test_assist_must_name_an_ally() -> None:
    """M20-058: the bonus goes to one of your allies."""
    state = combat(c=hero("C"))

    assert "m20.illegal.not_an_ally" == refused(state, Assist(actor="a", target="c", ally="b"))


def test_hinder_defense_gives_minus_two_on_the_next_defense() -> None:
    """M20-059, M20-060: hinder (詭計 + 物攻, DC 10), the target's next defense −2."""
    _, events = play(
        combat(c=hero("C")),
        [Hinder(actor="a", target="b", choice=HinderChoice.DEFENSE), hit("c", "b")],
        [4, 10, 10],
    )

    assert Term("m20.term.hindered", -2) in defense_terms_of(events)[0]


def test_hinder_attack_gives_minus_two_on_the_next_attack() -> None:
    """M20-060: the hindering player chose the attack: the target's next attack −2."""
    _, events = play(
        combat(),
        [Hinder(actor="a", target="b", choice=HinderChoice.ATTACK), hit("b", "a")],
        [4, 10, 10],
    )

    assert Term("m20.term.hindered", -2) in attack_terms_of(events)[0]


def test_expert_hinder_gives_minus_three() -> None:
    """M20-133: 專精妨害 makes the hinder −3."""
    _, events = play(
        combat(hero("A", Skill.EXPERT_HINDER)),
        [Hinder(actor="a", target="b", choice=HinderChoice.ATTACK), hit("b", "a")],
        [10, 10, 10],
    )

    assert Term(Skill.EXPERT_HINDER.label, -3) in attack_terms_of(events)[0]


def test_healing_restores_one_hp() -> None:
    """M20-061, M20-087, M20-088: 治療 (知識 + 物防, DC 12) heals 1."""
    state, events = play(
        combat(hero("A", Skill.HEALING), c=hero("C"), hp={"c": 3}),
        [Heal(actor="a", target="c")],
        [9],
    )

    assert events[0].check.total == 12  # type: ignore[union-attr]
    assert 4 == state.combatant("c").hp


def test_healing_wakes_the_unconscious_at_one() -> None:
    """M20-088: 治療 may target an unconscious character, who wakes at 1 HP."""
    state, _ = play(
        combat(hero("A", Skill.HEALING), c=hero("C"), hp={"c": 0}),
        [Heal(actor="a", target="c")],
        [15],
    )

    assert (1, Status.STANDING) == (state.combatant("c").hp, state.combatant("c").status)


def test_healing_yourself_is_allowed() -> None:
    """M20-088: 治療 may target yourself."""
    state, _ = play(
        combat(hero("A", Skill.HEALING), hp={"a": 2}), [Heal(actor="a", target="a")], [15]
    )

    assert 3 == state.combatant("a").hp


def test_healing_at_max_hp_is_refused() -> None:
    """M20-088: healing never raises HP above max."""
    state = combat(hero("A", Skill.HEALING))

    assert "m20.illegal.at_full_hp" == refused(state, Heal(actor="a", target="a"), [20])


def test_healing_needs_the_skill() -> None:
    """M20-087: 治療 is a skill."""
    assert "m20.illegal.lacks_skill" == refused(combat(hp={"a": 2}), Heal(actor="a", target="a"))


def test_first_aid_at_max_minus_one_heals_one() -> None:
    """M20-062, M20-063, M20-064: first aid (知識 + 物防, DC 16) heals 1."""
    state, events = play(combat(hp={"a": 6}), [FirstAid(actor="a", target="a")], [13])

    assert 16 == events[0].check.total  # type: ignore[union-attr]
    assert 7 == state.combatant("a").hp


def test_first_aid_elsewhere_is_refused() -> None:
    """M20-062: first aid only on a target at exactly max HP − 1."""
    state = combat(hp={"a": 5})

    assert "m20.illegal.first_aid_hp" == refused(state, FirstAid(actor="a", target="a"), [20])


def test_first_aid_with_healing_is_difficulty_eight() -> None:
    """M20-089: with 治療 first aid is DC 8."""
    state, _ = play(
        combat(hero("A", Skill.HEALING), hp={"a": 5}), [FirstAid(actor="a", target="a")], [5]
    )

    assert 6 == state.combatant("a").hp


def test_magical_first_aid_uses_special_defense() -> None:
    """M20-063: magical first aid is 知識 + 特防."""
    _, events = play(combat(hp={"a": 6}), [FirstAid(actor="a", target="a", magical=True)], [1])

    assert Term(Attribute.SPECIAL_DEFENSE.label, 2) in events[0].check.terms  # type: ignore[union-attr]


# --------------------------------------------------------------------------- summons


def test_summon_appears_and_costs_its_summoner_four() -> None:
    """M20-119, M20-121, M20-122: a 1-HP summon appears; the summoner's checks take −4."""
    _state, events = play(
        combat(hero("A", Skill.SUMMONER)), [Summon("a"), EndRound(), hit()], [10, 10]
    )

    assert Summoned(actor="a", summon="a/summon", hp=1) == events[0]
    assert Term(Skill.SUMMONER.label, -4) in attack_terms_of(events)[0]


def test_summon_attacks_with_its_own_attributes() -> None:
    """M20-120, M20-121: the summon attacks the chosen target with 物攻2."""
    _, events = play(
        combat(hero("A", Skill.SUMMONER)), [Summon("a"), hit("a/summon", "b")], [10, 10]
    )

    assert [(Term(PHYSICAL_ATTACK, 2),)] == attack_terms_of(events)


def test_summon_once_a_combat() -> None:
    """M20-124: 召喚師 once a combat, even after the summon is gone."""
    state, _ = play(combat(hero("A", Skill.SUMMONER)), [Summon("a"), Dismiss("a"), EndRound()])

    assert "m20.illegal.once_a_combat" == refused(state, Summon("a"))


def test_dismissed_summon_ends_the_penalty() -> None:
    """M20-123: the summoner may dismiss the summon at any time; the −4 ends."""
    state, events = play(
        combat(hero("A", Skill.SUMMONER)), [Summon("a"), Dismiss("a"), EndRound(), hit()], [10, 10]
    )

    assert Status.GONE == state.combatant("a/summon").status
    assert [(Term(PHYSICAL_ATTACK, 3),)] == attack_terms_of(events)


def test_enduring_summon_has_two_hp_and_costs_three() -> None:
    """M20-126, M20-127: 強化召喚物耐久: summon HP 2, the penalty −3."""
    state, events = play(
        combat(hero("A", Skill.SUMMONER, Skill.SUMMON_ENDURANCE)),
        [Summon("a"), EndRound(), hit()],
        [10, 10],
    )

    assert 2 == state.combatant("a/summon").max_hp
    assert Term(Skill.SUMMON_ENDURANCE.label, -3) in attack_terms_of(events)[0]


def test_both_upgrades_cost_two_and_give_the_summon_plus_one() -> None:
    """M20-129, M20-130, M20-131: both upgrades: −2 to the summoner, +1 to the summon."""
    _, events = play(
        combat(hero("A", Skill.SUMMONER, Skill.SUMMON_ENDURANCE, Skill.SUMMON_PROWESS)),
        [Summon("a"), hit("a/summon", "b"), hit("b", "a")],
        [10, 10, 10, 10],
    )

    assert (Term(PHYSICAL_ATTACK, 2), Term(Skill.SUMMON_PROWESS.label, 1)) == attack_terms_of(
        events
    )[0]
    assert Term(Skill.SUMMON_PROWESS.label, -2) in defense_terms_of(events)[1]


def test_summon_prowess_alone_costs_three_under_its_own_label() -> None:
    """M20-130: 強化召喚物能力 alone: the summoner's −3 is labelled by that skill."""
    _, events = play(
        combat(hero("A", Skill.SUMMONER, Skill.SUMMON_PROWESS)),
        [Summon("a"), EndRound(), hit()],
        [10, 10],
    )

    assert (Term(PHYSICAL_ATTACK, 3), Term(Skill.SUMMON_PROWESS.label, -3)) == attack_terms_of(
        events
    )[0]


def test_summon_at_zero_vanishes() -> None:
    """M20-121: a summon at 0 HP vanishes as if dismissed."""
    state, events = play(
        combat(hero("A", Skill.SUMMONER)), [Summon("a"), hit("b", "a/summon")], [10, 1]
    )

    assert Fell(participant="a/summon", status=Status.GONE) in events
    assert "m20.illegal.not_standing" == refused(state, hit("a/summon", "b"), [10, 10])


def test_summon_vanishes_when_its_summoner_falls() -> None:
    """M20-121: the summon vanishes when its summoner falls."""
    _, events = play(
        combat(hero("A", Skill.SUMMONER), hp={"a": 1}), [Summon("a"), hit("b", "a")], [10, 1]
    )

    assert SummonVanished("a/summon") in events


def test_summon_can_only_attack() -> None:
    """M20-120: the summon attacks; it takes no other action."""
    state, _ = play(combat(hero("A", Skill.SUMMONER)), [Summon("a")])

    assert "m20.illegal.summon_only_attacks" == refused(state, FocusDefense("a/summon"))


# --------------------------------------------------------------------------- attack skills


def test_double_attack_makes_two_checks_at_minus_two() -> None:
    """M20-100, M20-101: two separate checks, each −2, here both on the same target."""
    state, events = play(
        combat(hero("A", Skill.DOUBLE_ATTACK)),
        [Attack(actor="a", targets=("b", "b"), mode=AttackMode.DOUBLE)],
        [10, 5, 10, 5],
    )

    assert [Term(Skill.DOUBLE_ATTACK.label, -2)] * 2 == [t[-1] for t in attack_terms_of(events)]
    assert 5 == state.combatant("b").hp


def test_improved_double_attack_has_no_penalty() -> None:
    """M20-103: 強化雙重攻擊 makes the penalty −0."""
    _, events = play(
        combat(hero("A", Skill.DOUBLE_ATTACK, Skill.IMPROVED_DOUBLE_ATTACK), c=hero("C")),
        [Attack(actor="a", targets=("b", "c"), mode=AttackMode.DOUBLE)],
        [10, 5, 10, 5],
    )

    assert [(Term(PHYSICAL_ATTACK, 3),)] * 2 == attack_terms_of(events)


def test_double_attack_needs_the_skill() -> None:
    """M20-100: 雙重攻擊 is a skill."""
    command = Attack(actor="a", targets=("b", "b"), mode=AttackMode.DOUBLE)

    assert "m20.illegal.lacks_skill" == refused(combat(), command)


def test_area_attack_rolls_once_against_everyone_named_allies_included() -> None:
    """M20-104, M20-105, M20-106: one roll at −4 against each defense; the ally is hit."""
    state, events = play(
        combat(hero("A", Skill.AREA_ATTACK), c=hero("C")),
        [Attack(actor="a", targets=("b", "c"), mode=AttackMode.AREA)],
        [15, 5, 5],
    )

    rolled = [s.check.rolls for s in strikes(events)]
    assert rolled[0] == rolled[1]
    assert Term(Skill.AREA_ATTACK.label, -4) in attack_terms_of(events)[0]
    assert (6, 6) == (state.combatant("b").hp, state.combatant("c").hp)


def test_improved_area_attack_costs_two() -> None:
    """M20-108: 強化範圍攻擊 makes the penalty −2."""
    _, events = play(
        combat(hero("A", Skill.AREA_ATTACK, Skill.IMPROVED_AREA_ATTACK)),
        [Attack(actor="a", targets=("b",), mode=AttackMode.AREA)],
        [15, 5],
    )

    assert Term(Skill.IMPROVED_AREA_ATTACK.label, -2) in attack_terms_of(events)[0]


def test_one_attack_a_round_even_with_split_focus() -> None:
    """M20-078, M20-100: the extra action of 分神援護 is not an attack."""
    state, _ = play(combat(hero("A", Skill.SPLIT_FOCUS)), [SplitFocus("a"), hit()], [10, 10])

    assert "m20.illegal.one_attack_a_round" == refused(state, hit(), [10, 10])


# --------------------------------------------------------------------------- declarations


def test_wide_guard_takes_the_attack_on_the_protected() -> None:
    """M20-082, M20-083: the next attack on the protected targets the guard, at −4."""
    state, events = play(
        combat(c=hero("C", Skill.WIDE_GUARD)),
        [WideGuard(actor="c", protected=("a",)), hit("b", "a")],
        [10, 10],
    )

    assert ("a", "c") == (strikes(events)[0].aimed_at, strikes(events)[0].target)
    assert Term(Skill.WIDE_GUARD.label, -4) in defense_terms_of(events)[0]
    assert 7 == state.combatant("a").hp


def test_protected_creature_gets_plus_one_on_its_next_check() -> None:
    """M20-084: each protected creature gets +1 on its next check."""
    _, events = play(
        combat(c=hero("C", Skill.WIDE_GUARD)),
        [WideGuard(actor="c", protected=("a",)), hit("a", "b")],
        [10, 10],
    )

    assert Term("m20.term.guarded", 1) in attack_terms_of(events)[0]


def test_improved_wide_guard_costs_two() -> None:
    """M20-086: 強化廣域防禦 makes the penalty −2."""
    _, events = play(
        combat(c=hero("C", Skill.WIDE_GUARD, Skill.IMPROVED_WIDE_GUARD)),
        [WideGuard(actor="c", protected=("a",)), hit("b", "a")],
        [10, 10],
    )

    assert Term(Skill.IMPROVED_WIDE_GUARD.label, -2) in defense_terms_of(events)[0]


def test_cool_down_raises_defense_this_round() -> None:
    """M20-090: 冷卻 +2 to defense checks this round."""
    _, events = play(combat(hero("A", Skill.COOL_DOWN)), [CoolDown("a"), hit("b", "a")], [10, 10])

    assert Term(Skill.COOL_DOWN.label, 2) in defense_terms_of(events)[0]


def test_cool_down_lowers_attacks_until_the_end_of_the_next_turn() -> None:
    """M20-091: 冷卻's −2 to attacks lasts through the next turn, then ends."""
    _state, events = play(
        combat(hero("A", Skill.COOL_DOWN)),
        [CoolDown("a"), FocusDefense("a"), EndRound(), hit(), EndRound(), hit()],
        [10, 10, 10, 10],
    )

    terms = attack_terms_of(events)
    assert Term(Skill.COOL_DOWN.label, -2) in terms[0]
    assert Term(Skill.COOL_DOWN.label, -2) not in terms[1]


def test_cool_down_once_a_round() -> None:
    """M20-090: 冷卻 at most once a round."""
    state, _ = play(combat(hero("A", Skill.COOL_DOWN)), [CoolDown("a")])

    assert "m20.illegal.once_a_round" == refused(state, CoolDown("a"))


def test_frenzy_raises_attacks_this_round() -> None:
    """M20-114: 狂暴 +2 to attack checks this round."""
    _, events = play(combat(hero("A", Skill.FRENZY)), [Frenzy("a"), hit()], [10, 10])

    assert Term(Skill.FRENZY.label, 2) in attack_terms_of(events)[0]


def test_frenzy_lowers_defense_until_the_start_of_the_next_turn() -> None:
    """M20-115: 狂暴's −2 to defense lasts into the next round until the next turn begins."""
    _, events = play(
        combat(hero("A", Skill.FRENZY)),
        [
            Frenzy("a"),
            FocusDefense("a"),
            EndRound(),
            hit("b", "a"),
            FocusDefense("a"),
            EndRound(),
            hit("b", "a"),
        ],
        [10, 10, 10, 10],
    )

    terms = defense_terms_of(events)
    assert Term(Skill.FRENZY.label, -2) in terms[0]
    assert Term(Skill.FRENZY.label, -2) not in terms[1]


def test_split_focus_gives_an_extra_action_and_a_penalty() -> None:
    """M20-078, M20-079: two main actions; the second one's specialty check takes −2."""
    state, events = play(
        combat(hero("A", Skill.SPLIT_FOCUS)),
        [SplitFocus("a"), FocusDefense("a"), Hide(actor="a", target="b")],
        [10],
    )

    assert Term(Skill.SPLIT_FOCUS.label, -2) in events[-1].check.terms  # type: ignore[union-attr]
    assert 2 == state.combatant("a").actions_taken


def test_split_focus_penalty_falls_on_defense() -> None:
    """M20-079: after 分神援護, the defense check takes −2 too (every check but attacks)."""
    _, events = play(
        combat(hero("A", Skill.SPLIT_FOCUS)),
        [SplitFocus("a"), FocusDefense("a"), Hide(actor="a", target="b"), hit("b", "a")],
        [10, 10, 10],
    )

    assert Term(Skill.SPLIT_FOCUS.label, -2) in defense_terms_of(events)[0]


def test_split_focus_penalty_ends_when_the_next_turn_starts() -> None:
    """M20-079: the −2 lasts until the start of the next turn: that turn's check is clean."""
    _, events = play(
        combat(hero("A", Skill.SPLIT_FOCUS)),
        [
            SplitFocus("a"),
            FocusDefense("a"),
            Hide(actor="a", target="b"),
            EndRound(),
            Hide(actor="a", target="b"),
        ],
        [10, 10],
    )

    assert (Term(Specialty.CUNNING.label, 3), Term(PHYSICAL_ATTACK, 3)) == events[-1].check.terms  # type: ignore[union-attr]


def test_split_focus_penalty_spares_attacks() -> None:
    """M20-079: attack checks take no −2 from 分神援護."""
    _, events = play(
        combat(hero("A", Skill.SPLIT_FOCUS)),
        [SplitFocus("a"), FocusDefense("a"), hit()],
        [10, 10],
    )

    assert (Term(PHYSICAL_ATTACK, 3),) == attack_terms_of(events)[0]


def test_improved_split_focus_has_no_penalty() -> None:
    """M20-081: 強化分神援護 makes the penalty −0."""
    _, events = play(
        combat(hero("A", Skill.SPLIT_FOCUS, Skill.IMPROVED_SPLIT_FOCUS)),
        [SplitFocus("a"), FocusDefense("a"), Hide(actor="a", target="b")],
        [10],
    )

    assert (Term(Specialty.CUNNING.label, 3), Term(PHYSICAL_ATTACK, 3)) == events[-1].check.terms  # type: ignore[union-attr]


# --------------------------------------------------------------------------- reactions


def test_decisive_strike_is_offered_on_a_miss() -> None:
    """M20-098: after the dice, the attacker may add +5 to an attack that would miss."""
    state, _ = play(combat(hero("A", Skill.DECISIVE_STRIKE)), [hit()], [10, 15])

    assert ("a",) == RULESET.to_act(state)
    assert (UseDecisiveStrike("a"), Pass("a")) == RULESET.legal_commands(state)


def test_decisive_strike_turns_the_miss_into_a_hit() -> None:
    """M20-098: 13 + 5 ≥ 17 hits."""
    state, events = play(
        combat(hero("A", Skill.DECISIVE_STRIKE)), [hit(), UseDecisiveStrike("a")], [10, 15]
    )

    assert StrikeResolved(attacker="a", target="b", hit=True, damage=1, hp=6) == events[-1]
    assert 1 == state.ledger.spent("a", Skill.DECISIVE_STRIKE)


def test_only_the_prompted_may_act() -> None:
    """M20-098: while the prompt waits, nobody else acts."""
    state, _ = play(combat(hero("A", Skill.DECISIVE_STRIKE)), [hit()], [10, 15])

    assert "not_your_prompt" == refused(state, FocusDefense("b"))


def test_third_decisive_strike_in_a_scenario_is_refused() -> None:
    """M20-099, M20-022: twice a scenario; the ledger carries the uses to the next combat."""
    first, _ = play(
        combat(hero("A", Skill.DECISIVE_STRIKE)),
        [hit(), UseDecisiveStrike("a"), EndRound(), hit(), UseDecisiveStrike("a")],
        [1, 20, 1, 20],
    )
    second, _ = play(
        combat(hero("A", Skill.DECISIVE_STRIKE), ledger=ledger_after(first)), [hit()], [1, 20]
    )

    assert 2 == ledger_after(first).spent("a", Skill.DECISIVE_STRIKE)
    assert second.prompts.empty
    assert "no_prompt" == refused(second, UseDecisiveStrike("a"))


def test_new_scenario_restores_the_uses() -> None:
    """M20-022: ``ScenarioLedger()`` starts a scenario with every use."""
    state, _ = play(
        combat(hero("A", Skill.DECISIVE_STRIKE), ledger=ScenarioLedger()), [hit()], [1, 20]
    )

    assert not state.prompts.empty


def test_narrow_escape_turns_the_hit_into_a_miss() -> None:
    """M20-076: the defender may add +5 to a defense that would fail: 12 + 5 > 15."""
    state, events = play(
        combat(b=hero("B", Skill.NARROW_ESCAPE)), [hit(), UseNarrowEscape("b")], [12, 10]
    )

    assert StrikeResolved(attacker="a", target="b", hit=False, damage=0, hp=6) == events[-1]
    assert 1 == state.ledger.spent("b", Skill.NARROW_ESCAPE)


def test_narrow_escape_twice_a_scenario() -> None:
    """M20-077: a third 危機閃避 is not offered."""
    ledger = ScenarioLedger().spend("b", Skill.NARROW_ESCAPE).spend("b", Skill.NARROW_ESCAPE)
    state, _ = play(combat(b=hero("B", Skill.NARROW_ESCAPE), ledger=ledger), [hit()], [12, 10])

    assert 5 == state.combatant("b").hp
    assert "no_prompt" == refused(state, UseNarrowEscape("b"))


def test_indomitable_leaves_one_hp() -> None:
    """M20-134: when HP would reach 0, 頑強不屈 sets it to 1."""
    state, _events = play(
        combat(b=hero("B", Skill.INDOMITABLE), hp={"b": 1}), [hit(), UseIndomitable("b")], [15, 1]
    )

    assert 1 == state.combatant("b").hp
    assert not RULESET.is_over(state)


def test_indomitable_once_a_scenario() -> None:
    """M20-135: a second 頑強不屈 in the scenario is not offered."""
    ledger = ScenarioLedger().spend("b", Skill.INDOMITABLE)
    state, _ = play(
        combat(b=hero("B", Skill.INDOMITABLE), hp={"b": 1}, ledger=ledger), [hit()], [15, 1]
    )

    assert Status.DOWN == state.combatant("b").status


def test_damage_boost_adds_one() -> None:
    """M20-109: 傷害增幅 adds 1 damage to a hit."""
    state, _ = play(combat(hero("A", Skill.DAMAGE_BOOST)), [hit(), BoostDamage("a")], [15, 1])

    assert 5 == state.combatant("b").hp


def test_damage_boost_uses_per_combat_equal_picks() -> None:
    """M20-110, M20-112: one pick, one use a combat: the second hit is not boosted."""
    state, _ = play(
        combat(hero("A", Skill.DAMAGE_BOOST)),
        [hit(), BoostDamage("a"), EndRound(), hit()],
        [15, 1, 15, 1],
    )

    assert 4 == state.combatant("b").hp
    assert 0 == state.combatant("a").damage_boosts_left


def test_damage_boost_once_per_attack() -> None:
    """M20-113: at most +1 from 傷害增幅 per attack check, even hitting several targets."""
    a = hero("A", Skill.AREA_ATTACK, Skill.DAMAGE_BOOST, Skill.DAMAGE_BOOST)
    state, _ = play(
        combat(a, c=hero("C")),
        [Attack(actor="a", targets=("b", "c"), mode=AttackMode.AREA), BoostDamage("a")],
        [20, 1, 1],
    )

    assert (5, 6) == (state.combatant("b").hp, state.combatant("c").hp)


def test_assassination_stacks_with_damage_boost() -> None:
    """M20-117, M20-118: a hit from hiding: +1 暗殺, +1 傷害增幅, 3 damage in all."""
    state, _ = play(
        combat(hero("A", Skill.ASSASSINATION, Skill.DAMAGE_BOOST)),
        [Hide(actor="a", target="b"), EndRound(), hit(), BoostDamage("a")],
        [10, 15, 1],
    )

    assert 4 == state.combatant("b").hp


def test_a_declined_reaction_resolves_the_strike() -> None:
    """M20-076: passing on 危機閃避 lets the hit land."""
    state, _ = play(combat(b=hero("B", Skill.NARROW_ESCAPE)), [hit(), Pass("b")], [12, 10])

    assert 5 == state.combatant("b").hp


# --------------------------------------------------------------------------- between combats


def test_rest_restores_one_hp_an_hour() -> None:
    """M20-067: 1 HP an hour, never above max."""
    assert (5, 7) == (rest(hero("A"), 2, 3), rest(hero("A"), 6, 3))


def test_rest_of_eight_hours_restores_all() -> None:
    """M20-068: 8 hours restore all HP."""
    assert 7 == rest(hero("A"), 0, 8)


def test_hp_after_leaves_out_summons() -> None:
    """M20-067: rest starts from the HP each participant carries out of the combat."""
    state, _ = play(combat(hero("A", Skill.SUMMONER)), [Summon("a"), hit("b", "a")], [10, 1])

    carried = hp_after(state)

    assert {"a": 5, "b": 7} == dict(carried)
    assert 6 == rest(hero("A", Skill.SUMMONER), carried["a"], 1)


# --------------------------------------------------------------------------- records


def test_an_action_while_an_attack_resolves_is_corrupt() -> None:
    """M20-049, M20-051: no main action fits between an attack's check and its damage.

    A record whose attack entry stops at the check, the damage moved into the next entry
    after a focus, is refused at the attack.
    """
    _, record = recorded(duel_setup(), [hit(), FocusDefense("b")], [10, 10])
    attack, focus = record.entries
    attacked, resolved = attack.events
    forged = attrs.evolve(
        record,
        entries=(
            attrs.evolve(attack, events=(attacked,)),
            attrs.evolve(focus, events=(resolved, *focus.events)),
        ),
    )

    with pytest.raises(CorruptRecord) as raised:
        engine.replay(forged)

    assert 0 == raised.value.index


def test_a_record_cut_before_its_damage_plays_on_with_the_damage_first() -> None:
    """M20-034, M20-049: the damage a cut record owes comes first: decide records it."""
    live, events = play(combat(), [hit()], [10, 10])
    cut = RULESET.evolve(combat(), events[0])

    assert RULESET.legal_commands(live) == RULESET.legal_commands(cut)
    assert (events[1], *RULESET.decide(live, FocusDefense("b"), ScriptedDice([]))) == (
        RULESET.decide(cut, FocusDefense("b"), ScriptedDice([]))
    )


def test_a_record_cut_before_its_end_is_over() -> None:
    """M20-065: a record cut before its automatic end is over, with the end it owes."""
    _, events = play(combat(hp={"b": 1}), [hit()], [10, 10])
    cut = engine.fold(RULESET, combat(hp={"b": 1}), events[:-1])

    assert (True, ("heroes",)) == (RULESET.is_over(cut), RULESET.outcome(cut).winners)  # type: ignore[union-attr]


def test_a_ruling_waits_for_the_prompt() -> None:
    """M20-066, M20-098: while 必殺一擊 waits, the GM's ruling on a fallen NPC is refused."""
    setup = CombatSetup(
        participants=[
            Participant(id="a", character=hero("A", Skill.DECISIVE_STRIKE), side="heroes"),
            Participant(id="b", character=hero("B"), side="foes", player=False),
            Participant(id="d", character=hero("D"), side="foes", player=False, hp=0),
        ]
    )
    state, _ = play(RULESET.start(setup), [hit()], [10, 15])

    assert "not_your_prompt" == refused(state, RuleFallen(target="d", dead=True))


def test_the_gm_is_to_act_while_rulings_remain_after_the_combat() -> None:
    """M20-065, M20-066: the combat is over, yet the GM still rules on the fallen NPC."""
    state, _ = play(combat(hp={"b": 1}), [hit()], [10, 10])

    assert (True, ("gm",)) == (RULESET.is_over(state), RULESET.to_act(state))


def test_state_with_a_prompt_round_trips_through_json() -> None:
    """M20-098: the 必殺一擊 prompt survives JSON; its +5 still makes 13 + 5 ≥ 17 hit."""
    state, _ = play(combat(hero("A", Skill.DECISIVE_STRIKE)), [hit()], [10, 15])
    again = from_json(to_json(state, converter=CONVERTER), CombatState, converter=CONVERTER)

    _, events = play(again, [UseDecisiveStrike("a")])

    assert StrikeResolved(attacker="a", target="b", hit=True, damage=1, hp=6) == events[-1]


def test_record_replays_with_the_default_registry() -> None:
    """M20-034, M20-049: a record replayed from JSON (through the installed entry point) gives
    each hit its 1 damage and ends the round once each has taken its one main action."""
    state, record = recorded(duel_setup(), [hit(), hit("b", "a")], [10, 10, 10, 10])

    again = engine.replay(from_json(to_json(record), GameRecord))

    assert state == again
    assert (6, 6, 2) == (again.combatant("a").hp, again.combatant("b").hp, again.round)


def test_a_tampered_record_is_corrupt() -> None:
    """M20-034: a record that claims a hit dealt 5 damage, not 1, is refused on replay."""
    _, record = recorded(duel_setup(), [FocusDefense("a"), hit("b", "a")], [10, 10])
    focus, attack = record.entries
    forged = attrs.evolve(
        attack,
        events=(
            attack.events[0],
            StrikeResolved(attacker="b", target="a", hit=True, damage=5, hp=2),
            *attack.events[2:],
        ),
    )

    with pytest.raises(CorruptRecord) as raised:
        engine.replay(attrs.evolve(record, entries=(focus, forged)))

    assert 1 == raised.value.index


def test_describe_renders_the_log_in_zh_hant() -> None:
    """M20-034: the zh-Hant log line of a hit says it dealt 1 damage."""
    _, events = play(combat(), [hit()], [10, 11])

    assert "b 受到 1 點傷害（生命值 6）。" == describe(events[-1], "zh-Hant")


def test_rest_with_the_gms_adjustment() -> None:
    """M20-069: the GM may adjust the HP recovered for the care given."""
    assert (6, 2) == (rest(hero("A"), 2, 3, extra=1), rest(hero("A"), 2, 1, extra=-3))


def test_focus_defense_helps_dodging_dangers() -> None:
    """M20-056: 專注防禦 gives +2 to specialty checks to dodge dangers, this round."""
    state, _ = play(combat(), [FocusDefense("a")])

    assert (Term("m20.term.focus_defense", 2),) == danger_terms(state, "a")


def test_combat_checks_keep_the_boosts_and_specializations() -> None:
    """M20-072, M20-073, M20-074, M20-075, M20-092: combat checks use the m20 check terms.

    攻擊強化 +1; 防禦特化 +3 with no 防禦強化 beside it; and 防禦特化's −2 on attacks.
    """
    a = hero("A", Skill.ATTACK_BOOST)
    b = hero("B", Skill.DEFENSE_SPECIALIZATION, Skill.DEFENSE_BOOST, Skill.EXPERTISE)
    _, events = play(combat(a, b), [hit(), hit("b", "a")], [10, 10, 10, 10])

    assert (Term(PHYSICAL_ATTACK, 3), Term(Skill.ATTACK_BOOST.label, 1)) == attack_terms_of(events)[
        0
    ]
    assert (Term(PHYSICAL_DEFENSE, 2), Term(Skill.DEFENSE_SPECIALIZATION.label, 3)) == (
        defense_terms_of(events)[0]
    )
    assert Term(Skill.DEFENSE_SPECIALIZATION.label, -2) in attack_terms_of(events)[1]


def test_a_refusal_names_the_skill_in_the_readers_locale() -> None:
    """M20-114: 狂暴 without the skill is refused, naming it in each locale's own words."""
    with pytest.raises(IllegalCommand) as raised:
        RULESET.decide(combat(), Frenzy("a"), ScriptedDice([]))

    english, chinese = raised.value.localized("en"), raised.value.localized("zh-Hant")
    assert (True, False, True) == ("Frenzy" in english, "狂暴" in english, "狂暴" in chinese)
