"""m20 at a real table: reward items, GM terms, cooperation and danger checks in combat,
the readings of issue 8, and logs and menus that players can read.

Characters are :func:`~test_combat.hero`s: 物攻3 特攻3 物防2 特防2, 詭計 +3, 知識 +1.
Faces are given in the order they are rolled.
"""

from __future__ import annotations

import attrs
import pytest

from tabletop_rules import CorruptRecord, IllegalCommand, engine
from tabletop_rules.checks import Outcome, Term
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import InvalidData
from tabletop_rules.i18n import LOCALES
from tabletop_rules.m20 import (
    MAX_BOOSTS,
    RULESET,
    Assist,
    Attack,
    AttackKind,
    AttackMode,
    Attribute,
    Boosts,
    CombatSetup,
    DangerCheck,
    DangerChecked,
    DefenseBoosts,
    EndRound,
    FirstAid,
    FocusDefense,
    Heal,
    Hid,
    Hide,
    Hinder,
    HinderChoice,
    Participant,
    RewardItem,
    Skill,
    Specialty,
    SplitFocus,
    Stance,
    StrikeResolved,
    Summon,
    WideGuard,
    command_label,
    describe,
    names_of,
    specialty_terms,
)
from tabletop_rules.serialization import from_json, to_json

from .test_combat import (
    CONVERTER,
    PHYSICAL_ATTACK,
    attack_terms_of,
    combat,
    defense_terms_of,
    hero,
    hit,
    play,
    recorded,
    refused,
    strikes,
)

PHYSICAL_DEFENSE = Attribute.PHYSICAL_DEFENSE.label
OTHER_SYSTEM = RewardItem(name="幸運符", bonus=1)
THIS_SYSTEM = RewardItem(name="酒吧徽章", bonus=1, from_this_system=True)


# --------------------------------------------------------------------------- reward items


def test_an_item_from_another_system_counts_double_on_an_attack() -> None:
    """M20-139: a +1 item from another bar system adds +2 to the attack, shown as two terms."""
    _, events = play(combat(), [hit(boosts=Boosts(items=[OTHER_SYSTEM]))], [10, 12])

    assert (
        Term(PHYSICAL_ATTACK, 3),
        Term("幸運符", 1),
        Term("m20.term.item_doubled", 1),
    ) == attack_terms_of(events)[0]
    assert strikes(events)[0].check.success  # 10 + 5 ≥ 12 + 2


def test_an_item_from_this_system_keeps_its_bonus_on_a_defense() -> None:
    """M20-140: an item of this system adds its +N as printed, here to b's defense."""
    _, events = play(
        combat(),
        [hit(defense_boosts=(DefenseBoosts(defender="b", boosts=Boosts(items=[THIS_SYSTEM])),))],
        [9, 10],
    )

    assert Term("酒吧徽章", 1) == defense_terms_of(events)[0][-1]
    assert not strikes(events)[0].check.success  # 9 + 3 < 10 + 2 + 1


def test_a_reroll_item_rolls_a_missed_attack_again_with_every_modifier() -> None:
    """M20-141: the attack misses (2+3 < 10+2), the reroll keeps +3 and hits (15+3 ≥ 12)."""
    state, events = play(combat(), [hit(boosts=Boosts(reroll=True))], [2, 10, 15])

    check = strikes(events)[0].check
    assert [2, 15] == [roll.total for roll in check.rolls]
    assert (Term(PHYSICAL_ATTACK, 3), Term("m20.term.reroll", -2)) == check.terms
    assert (True, 6) == (check.success, state.combatant("b").hp)


def test_a_reroll_item_is_not_used_on_a_hit() -> None:
    """M20-141: the reroll is for a check that fails: a hit rolls no more dice."""
    _, events = play(combat(), [hit(boosts=Boosts(reroll=True))], [15, 10])

    assert 1 == len(strikes(events)[0].check.rolls)


def test_a_defenders_reroll_rolls_a_failed_defense_again() -> None:
    """M20-141: the defense fails (15+3 ≥ 2+2), b rerolls it: 18+2 > 18, the attack misses."""
    reroll = (DefenseBoosts(defender="b", boosts=Boosts(reroll=True)),)
    state, events = play(combat(), [hit(defense_boosts=reroll)], [15, 2, 18])

    check = strikes(events)[0].check
    assert (False, 7) == (check.success, state.combatant("b").hp)
    assert [2, 18] == [roll.total for roll in check.against.rolls]  # type: ignore[union-attr]


def test_an_area_attacks_reroll_serves_every_target() -> None:
    """M20-104, M20-141: one attack d20 against all; a miss on any rerolls it for all."""
    state, events = play(
        combat(hero("A", Skill.AREA_ATTACK), c=hero("C")),
        [Attack(actor="a", targets=("b", "c"), mode=AttackMode.AREA, boosts=Boosts(reroll=True))],
        [10, 5, 15, 18],
    )

    rolled = [[roll.total for roll in s.check.rolls] for s in strikes(events)]
    assert [[10, 18], [10, 18]] == rolled
    assert (6, 6) == (state.combatant("b").hp, state.combatant("c").hp)


# --------------------------------------------------------------------------- GM terms


def test_gm_terms_show_in_the_check_and_its_explanation() -> None:
    """M20-021, M20-142: a GM-made skill's modifier is a term of the combat check."""
    gm = Term("暗影步（ＧＭ）", 2)
    _, events = play(combat(), [Hide(actor="a", target="b", boosts=Boosts(extra=[gm]))], [5])

    check = events[0].check  # type: ignore[union-attr]
    assert gm == check.terms[-1]
    assert "+2 暗影步（ＧＭ）" in check.explain("zh-Hant")
    assert check.success  # 5 + 3 + 3 + 2 ≥ 10


# --------------------------------------------------------------------------- cooperation


def test_helpers_add_one_each_to_a_combat_specialty_check() -> None:
    """M20-042, M20-043, M20-044, M20-045: two named helpers add +2; they roll nothing."""
    state, events = play(
        combat(c=hero("C"), hp={"a": 6}),
        [FirstAid(actor="c", target="a", helpers=("a",))],
        [12],
    )

    check = events[0].check  # type: ignore[union-attr]
    assert Term("m20.term.helpers", 1) in check.terms
    assert 7 == state.combatant("a").hp


def test_cooperation_adds_at_most_three() -> None:
    """M20-046: four helpers still add +3."""
    state = RULESET.start(setup_with("d", "e", "f"))
    _, events = play(state, [Hide(actor="a", target="b", helpers=("c", "d", "e", "f"))], [1])

    assert Term("m20.term.helpers", 3) in events[0].check.terms  # type: ignore[union-attr]


def setup_with(*extra: str) -> CombatSetup:
    """a, c and the *extra* heroes against b."""
    return CombatSetup(
        participants=[
            Participant(id="a", character=hero("A"), side="heroes"),
            Participant(id="b", character=hero("B"), side="foes", player=False),
            Participant(id="c", character=hero("C"), side="heroes"),
            *(Participant(id=i, character=hero(i.upper()), side="heroes") for i in extra),
        ]
    )


def test_the_combat_cooperation_term_is_the_stand_alone_one() -> None:
    """M20-045: a combat check's cooperation is the same term a stand-alone check gives."""
    _, events = play(
        combat(c=hero("C")),
        [Hinder(actor="a", target="b", choice=HinderChoice.ATTACK, helpers=("c",))],
        [1],
    )
    stand_alone = specialty_terms(
        hero("A"), Specialty.CUNNING, attribute=Attribute.PHYSICAL_ATTACK, helpers=1
    )

    assert stand_alone == events[0].check.terms  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("helpers", "reason"),
    [
        (("c", "c"), "m20.illegal.helper_twice"),
        (("a",), "m20.illegal.not_a_helper"),
        (("zed",), "unknown_actor"),
    ],
)
def test_helpers_are_other_standing_creatures_named_once(
    helpers: tuple[str, ...], reason: str
) -> None:
    """M20-043: a helper is another participant, named once."""
    assert reason == refused(
        combat(c=hero("C")), Hide(actor="a", target="b", helpers=helpers), [10]
    )


def test_a_fallen_creature_cannot_help() -> None:
    """M20-043, M20-065: a helper at 0 HP is refused."""
    state = combat(c=hero("C"), hp={"c": 0})
    assert "m20.illegal.not_a_helper" == refused(
        state, Hide(actor="a", target="b", helpers=("c",)), [10]
    )


# --------------------------------------------------------------------------- limits of boosts


def test_too_many_reward_items_are_refused() -> None:
    """M20-139: a check takes at most MAX_BOOSTS reward items."""
    items = [OTHER_SYSTEM] * (MAX_BOOSTS + 1)
    assert "m20.illegal.too_many_boosts" == refused(
        combat(), hit(boosts=Boosts(items=items)), [10, 10]
    )


@pytest.mark.parametrize(
    "boosts",
    [
        Boosts(extra=[Term("GM", 10**6)]),
        Boosts(items=[RewardItem(name="", bonus=1)]),
        Boosts(items=[RewardItem(name="x" * 65, bonus=1)]),
    ],
)
def test_oversized_boosts_are_refused(boosts: Boosts) -> None:
    """M20-142: a GM term or item outside the bounds is refused before any die."""
    assert "m20.illegal.boost_too_large" == refused(combat(), hit(boosts=boosts), [10, 10])


def test_boosts_of_the_wrong_type_are_refused() -> None:
    """A command whose boosts are not a ``Boosts`` is refused, naming the field."""
    command = Hide(actor="a", target="b", boosts="lucky")  # type: ignore[arg-type]
    assert "m20.illegal.bad_command" == refused(combat(), command, [10])


# --------------------------------------------------------------------------- dangers


def test_a_danger_check_uses_the_stance_attribute_and_focus_defense() -> None:
    """M20-009, M20-038, M20-040, M20-056: dodging rocks, 身理 + 物防, +2 from focus."""
    state, events = play(
        combat(),
        [
            FocusDefense("a"),
            DangerCheck(participant="a", specialty=Specialty.PHYSIQUE, difficulty=12),
        ],
        [8],
    )

    danger = events[-1]
    assert isinstance(danger, DangerChecked)
    assert (
        Term(Specialty.PHYSIQUE.label, 0),
        Term(PHYSICAL_DEFENSE, 2),
        Term("m20.term.focus_defense", 2),
    ) == danger.check.terms
    assert danger.check.success  # 8 + 0 + 2 + 2 ≥ 12
    assert 1 == state.combatant("a").actions_taken  # the check took no action


def test_focus_defense_helps_dodges_only() -> None:
    """M20-056: a climb is no dodge: 專注防禦's +2 does not apply."""
    _, events = play(
        combat(),
        [
            FocusDefense("a"),
            DangerCheck(participant="a", specialty=Specialty.PHYSIQUE, difficulty=12, dodge=False),
        ],
        [8],
    )

    assert Term("m20.term.focus_defense", 2) not in events[-1].check.terms  # type: ignore[union-attr]


def test_a_danger_check_takes_split_focus_and_the_summoners_penalty() -> None:
    """M20-079, M20-122: 分神援護's −2 and the summoner's −4 apply to a danger check."""
    _, events = play(
        combat(hero("A", Skill.SPLIT_FOCUS, Skill.SUMMONER)),
        [
            SplitFocus("a"),
            Summon("a"),
            DangerCheck(participant="a", specialty=Specialty.CUNNING, difficulty=8),
        ],
        [20],
    )

    terms = events[-1].check.terms  # type: ignore[union-attr]
    assert Term(Skill.SPLIT_FOCUS.label, -2) in terms
    assert Term(Skill.SUMMONER.label, -4) in terms


def test_a_danger_check_takes_expertise_for_its_situation() -> None:
    """M20-041, M20-137: 專精特長 adds +5 when the GM agrees the situation applies."""
    _, events = play(
        combat(hero("A", Skill.EXPERTISE)),
        [
            DangerCheck(
                participant="a",
                specialty=Specialty.PHYSIQUE,
                difficulty=16,
                stance=Stance.ACTING,
                situation="a",
            )
        ],
        [10],
    )

    assert Term(Skill.EXPERTISE.label, 5) in events[-1].check.terms  # type: ignore[union-attr]


def test_only_the_gm_calls_for_danger_checks_and_only_of_standing_characters() -> None:
    """M20-009, M20-065: the GM calls; a fallen participant cannot dodge."""
    command = DangerCheck(participant="a", specialty=Specialty.PHYSIQUE, difficulty=8)
    assert "gm_only" == refused(
        combat(),
        DangerCheck(participant="a", specialty=Specialty.PHYSIQUE, difficulty=8, actor="a"),
        [10],
    )
    assert "m20.illegal.not_standing" == refused(combat(hp={"a": 0}, c=hero("C")), command, [10])


# --------------------------------------------------------------------------- readings


def test_focus_defense_twice_in_a_round_is_refused() -> None:
    """M20-055, M20-078: 專注防禦 is a state for the round; a second one (after 分神援護)
    would add nothing and is refused; the defense gets +2, not +4."""
    state, _ = play(combat(hero("A", Skill.SPLIT_FOCUS)), [SplitFocus("a"), FocusDefense("a")])

    assert "m20.illegal.already_focused" == refused(state, FocusDefense("a"))
    assert FocusDefense("a") not in RULESET.legal_commands(state, actor="a")
    _, events = play(state, [hit("b", "a")], [10, 10])
    assert [Term("m20.term.focus_defense", 2)] == [
        t for t in defense_terms_of(events)[0] if t.label == "m20.term.focus_defense"
    ]


def test_focus_defense_again_next_round_is_allowed() -> None:
    """M20-055: "this round": the next round may focus again."""
    state, _ = play(combat(), [FocusDefense("a"), EndRound(), FocusDefense("a")])
    assert 1 == state.round - 1


def test_an_area_attack_over_a_guard_and_its_ward_is_defended_once() -> None:
    """M20-082, M20-083, M20-104: the guard c and the ally a it protects are both in the
    area: c defends once against the one roll, with its −4, and a is not attacked."""
    state, events = play(
        combat(hero("A"), hero("B", Skill.AREA_ATTACK), c=hero("C", Skill.WIDE_GUARD)),
        [
            WideGuard(actor="c", protected=("a",)),
            Attack(actor="b", targets=("c", "a"), mode=AttackMode.AREA),
        ],
        [15, 5],
    )

    assert [("c", "c")] == [(s.aimed_at, s.target) for s in strikes(events)]
    assert Term(Skill.WIDE_GUARD.label, -4) in defense_terms_of(events)[0]
    c = state.combatant("c")
    assert (7, c.max_hp - 1) == (state.combatant("a").hp, c.hp)


def test_the_second_strike_on_a_downed_target_is_lost_not_a_miss() -> None:
    """M20-100: the first strike downs b; the second, a successful check, is lost, and the
    log says so instead of calling it a miss."""
    state, events = play(
        combat(hero("A", Skill.DOUBLE_ATTACK), hp={"b": 1}),
        [Attack(actor="a", targets=("b", "b"), mode=AttackMode.DOUBLE)],
        [15, 2, 15, 2],
    )

    lost = [e for e in events if isinstance(e, StrikeResolved)][-1]
    assert (True, True, 0) == (lost.lost, lost.hit, lost.damage)
    assert "already down" in describe(lost, state=state)
    assert "miss" not in describe(lost, state=state)


def test_hiding_gives_no_defense_and_does_not_make_you_untargetable() -> None:
    """M20-052, M20-053, M20-054: hiding gives +2 on your next attack on that target only:
    you can still be attacked, and your defense takes nothing from it."""
    state, _ = play(combat(), [Hide(actor="a", target="b")], [10])
    _, events = play(state, [hit("b", "a")], [10, 10])

    assert (Term(PHYSICAL_DEFENSE, 2),) == defense_terms_of(events)[0]


# --------------------------------------------------------------------------- records


def test_a_combat_with_items_helpers_and_dangers_replays_and_round_trips() -> None:
    """M20-009, M20-045, M20-139, M20-141: verified replay and JSON keep every choice."""
    setup = setup_with()
    state, record = recorded(
        setup,
        [
            Hide(actor="a", target="b", helpers=("c",), boosts=Boosts(items=[OTHER_SYSTEM])),
            DangerCheck(
                participant="c",
                specialty=Specialty.PHYSIQUE,
                difficulty=16,
                boosts=Boosts(reroll=True),
            ),
            hit(
                "b",
                "a",
                boosts=Boosts(reroll=True),
                defense_boosts=(DefenseBoosts(defender="a", boosts=Boosts(extra=[Term("盾", 1)])),),
            ),
        ],
        [9, 3, 17, 4, 18, 12],
    )

    assert state == engine.replay(record, RULESET)
    assert record == from_json(
        to_json(record, converter=CONVERTER), GameRecord, converter=CONVERTER
    )
    hide = record.entries[0]
    assert isinstance(hide.events[0], Hid)
    # The command without its helper gives a check without the helper's +1.
    unhelped = attrs.evolve(hide, command=attrs.evolve(hide.command, helpers=()))
    forged = attrs.evolve(record, entries=(unhelped, *record.entries[1:]))
    with pytest.raises(CorruptRecord) as raised:
        engine.replay(forged, RULESET)
    assert 0 == raised.value.index


# --------------------------------------------------------------------------- logs and menus


def test_describe_names_participants_by_their_characters() -> None:
    """Logs name characters, not ids; a summon is its summoner's."""
    state, events = play(combat(hero("A", Skill.SUMMONER)), [Summon("a")])

    assert "A summons A's summon (HP 1)." == describe(events[0], state=state)
    assert "a summons a/summon (HP 1)." == describe(events[0])


def test_describe_refuses_what_is_no_event() -> None:
    """``describe`` of something it cannot describe raises; it never shows a raw key."""
    with pytest.raises(InvalidData):
        describe(Hide(actor="a", target="b"))  # type: ignore[arg-type]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_legal_command_has_a_label(locale: str) -> None:
    """Every command a menu can show has a one-line label with names, not a raw key."""
    state = combat(
        hero("A", Skill.DOUBLE_ATTACK, Skill.AREA_ATTACK, Skill.WIDE_GUARD, Skill.HEALING),
        c=hero("C", Skill.SPLIT_FOCUS, Skill.COOL_DOWN, Skill.FRENZY, Skill.SUMMONER),
        hp={"c": 2},
    )
    commands = [
        *RULESET.legal_commands(state),
        DangerCheck(participant="a", specialty=Specialty.CUNNING, difficulty=8),
    ]
    labels = [command_label(c, locale, state=state) for c in commands]

    assert all("m20." not in label and "{" not in label and "\n" not in label for label in labels)
    assert len(set(labels)) == len(labels)
    assert command_label(Heal(actor="a", target="c"), "en", state=state) == "A heals C"


def test_command_label_refuses_what_is_no_command() -> None:
    """A label of something that is no m20 command raises."""
    with pytest.raises(InvalidData):
        command_label(Outcome.SUCCESS)  # type: ignore[arg-type]


def test_assist_is_labelled_with_its_ally() -> None:
    """A menu line says who assists whom against whom."""
    state = combat(c=hero("C"))
    assert "A assists C against B (Physical attack)" == command_label(
        Assist(actor="a", target="b", ally="c"), "en", state=state
    )


def test_refusals_name_no_raw_keys() -> None:
    """Every new refusal of issue 8 has its message in every locale."""
    reasons = [
        IllegalCommand("m20.illegal.already_focused", actor="A"),
        IllegalCommand("m20.illegal.too_many_boosts", most=8),
        IllegalCommand("m20.illegal.boost_too_large", most=100, length=64),
        IllegalCommand("m20.illegal.helper_twice"),
        IllegalCommand("m20.illegal.not_a_helper", actor="A"),
    ]
    for error in reasons:
        for locale in LOCALES:
            assert "m20.illegal" not in error.localized(locale)


def goblins() -> CombatSetup:
    """Al against two GM-run goblins of one name, g1 and g2."""
    return CombatSetup(
        participants=[
            Participant(id="a", character=hero("Al"), side="heroes"),
            Participant(id="g1", character=hero("Goblin"), side="foes", player=False),
            Participant(id="g2", character=hero("Goblin"), side="foes", player=False),
        ]
    )


def test_two_participants_of_one_name_are_told_apart_in_the_log() -> None:
    """M20-034: a log line names each of two goblins called alike with its id."""
    state, events = play(RULESET.start(goblins()), [hit("a", "g2")], [10, 10])

    assert "Goblin (g2) takes 1 damage (HP 6)." == describe(events[-1], state=state)
    assert "Al attacks Goblin (g2)" in describe(events[0], state=state)


def test_two_participants_of_one_name_are_told_apart_in_the_menus() -> None:
    """M20-051: a menu's lines for two goblins called alike differ, each naming its id."""
    state = RULESET.start(goblins())
    labels = [
        command_label(c, "en", state=state)
        for c in RULESET.legal_commands(state, actor="a")
        if isinstance(c, Attack) and c.kind is AttackKind.PHYSICAL
    ]

    assert [
        "Al attacks Goblin (g1) (Physical attack)",
        "Al attacks Goblin (g2) (Physical attack)",
    ] == labels


def test_names_of_gives_each_goblin_its_id_and_the_gm_its_name() -> None:
    """``names_of`` is what logs and menus name participants with, in the reader's locale."""
    assert {"a": "Al", "g1": "Goblin (g1)", "g2": "Goblin (g2)", "gm": "the GM"} == dict(
        names_of(RULESET.start(goblins()), "en")
    )
