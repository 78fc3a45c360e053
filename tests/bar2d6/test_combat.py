"""The bar2d6 combat: attacks, specials, damage, wounds, falling, the GM's rulings, replay."""

from __future__ import annotations

import typing

import attrs
import pytest

from tabletop_rules import CorruptRecord, IllegalCommand, InvalidData, ScriptedDice, engine
from tabletop_rules.bar2d6 import (
    GM,
    RULESET,
    SYSTEM,
    Attack,
    Attacked,
    AttackMode,
    BonusGranted,
    CallCheck,
    Character,
    CombatEnded,
    CombatSetup,
    CombatState,
    Command,
    EndCombat,
    EndRound,
    Event,
    GrantBonus,
    Heal,
    Healed,
    HpSet,
    Item,
    ItemKind,
    Participant,
    RoundEnded,
    SetHp,
    Special,
    SpecialKind,
    Wait,
    command_label,
    describe,
    hp_after,
)
from tabletop_rules.checks import Term
from tabletop_rules.engine import GameRecord
from tabletop_rules.i18n import LOCALES
from tabletop_rules.serialization import from_json, to_json

HERO = Character(
    name="Hero",
    items=[
        Item(name="劍", kind=ItemKind.WEAPON, active=2, passive=1),
        Item(name="旋風斬", kind=ItemKind.MOVE, specials=[Special(kind=SpecialKind.AREA, cost=3)]),
        Item(
            name="連斬",
            kind=ItemKind.MOVE,
            specials=[Special(kind=SpecialKind.MULTI, cost=3, amount=3)],
        ),
    ],
    hp_bought=0,
)
HEALER = Character(
    name="Healer",
    items=[
        Item(name="聖光", kind=ItemKind.MOVE, specials=[Special(kind=SpecialKind.HEAL, cost=4)]),
        Item(name="鼓舞", kind=ItemKind.MOVE, specials=[Special(kind=SpecialKind.GRANT, cost=3)]),
        Item(
            name="巨斧", kind=ItemKind.WEAPON, specials=[Special(kind=SpecialKind.DAMAGE, cost=3)]
        ),
    ],
)
GOBLIN = Character(name="Goblin", items=[Item(name="盾", kind=ItemKind.WEAPON, passive=2)])


def _setup(hero_hp: int | None = None) -> CombatSetup:
    return CombatSetup(
        participants=[
            Participant(id="hero", character=HERO, side="pc", hp=hero_hp),
            Participant(id="healer", character=HEALER, side="pc"),
            Participant(id="g1", character=GOBLIN, side="npc", player=False),
            Participant(id="g2", character=GOBLIN, side="npc", player=False),
        ]
    )


Record = GameRecord[CombatSetup, Command, Event]


def _record(
    commands: list[tuple[Command, list[int]]], setup: CombatSetup | None = None
) -> tuple[CombatState, Record]:
    state, record = engine.begin(RULESET, setup or _setup(), ScriptedDice([]))
    for command, faces in commands:
        state, entry = engine.step(RULESET, state, command, ScriptedDice(faces))
        record = record.append(entry)
    assert engine.replay(record, RULESET) == state
    return state, record


def _play(
    commands: list[tuple[Command, list[int]]], setup: CombatSetup | None = None
) -> tuple[CombatState, list[Event]]:
    state, record = _record(commands, setup)
    return state, list(record.events)


def _hp(state: CombatState) -> dict[str, int]:
    return dict(hp_after(state))


def _strike_on_g1(faces: list[int]) -> tuple[CombatState, list[Event]]:
    attack = Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",))
    return _play([(attack, faces)])


def test_a_hit_deals_one_damage() -> None:
    """B2D6-02, B2D6-34, B2D6-23: 2D6 + 劍 2 = 8 beats 2D6 + 盾 2 = 6: the goblin loses 1 HP."""
    state, _ = _strike_on_g1([3, 3, 2, 2])
    assert 2 == state.combatant("g1").hp


def test_a_tie_misses() -> None:
    """B2D6-38: 8 against 8: the defender wins, no damage."""
    state, events = _strike_on_g1([3, 3, 3, 3])
    assert isinstance(events[0], Attacked)
    assert (3, 0) == (state.combatant("g1").hp, events[0].strikes[0].damage)


def test_the_attacker_is_who_acts_and_rolls_first() -> None:
    """B2D6-35: the actor's 2D6 is the attack (first faces), the target's the defense."""
    _, events = _strike_on_g1([6, 5, 1, 2])
    assert isinstance(events[0], Attacked)
    check = events[0].strikes[0].check
    assert ((6, 5), 13, True) == (check.rolls[0].faces, check.total, check.success)


def test_the_gm_rolls_for_npcs_with_the_same_dice() -> None:
    """B2D6-39: a GM-run goblin's defense is drawn from the same dice and recorded like
    anyone's: the attack's entry holds the attacker's faces, then the goblin's."""
    attack = Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",))
    _, record = _record([(attack, [1, 1, 6, 6])])
    (entry,) = record.entries
    (attacked,) = entry.events
    assert isinstance(attacked, Attacked)
    defense = attacked.strikes[0].check.against
    assert ((1, 1, 6, 6), (6, 6)) == (entry.faces, defense.rolls[0].faces)


def test_a_wounded_attacker_takes_two_off() -> None:
    """B2D6-21, B2D6-22: the hero at 2 HP attacks with −2: 8 + 2 − 2 = 8 ties 6 + 2."""
    attack = Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",))
    state, events = _play([(attack, [4, 4, 3, 3])], _setup(hero_hp=2))
    assert isinstance(events[0], Attacked)
    assert (Term("劍", 2), Term("bar2d6.term.wounded", -2)) == events[0].strikes[0].check.terms
    assert 3 == state.combatant("g1").hp


def test_at_zero_hp_no_action() -> None:
    """B2D6-03: a combatant at 0 HP is refused and not offered any command."""
    state = RULESET.start(_setup(hero_hp=0))
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, Wait("hero"), ScriptedDice([]))
    assert ("bar2d6.illegal.cannot_act", ()) == (
        caught.value.reason,
        RULESET.legal_commands(state, actor="hero"),
    )


def test_healed_to_one_acts_again() -> None:
    """B2D6-03, B2D6-15: healing 2 (⌊4 ÷ 2⌋) brings the fallen hero back into play."""
    state, _ = _play([(Heal(actor="healer", target="hero", item="聖光"), [])], _setup(hero_hp=0))
    assert (2, True) == (state.combatant("hero").hp, "hero" in RULESET.to_act(state))


def test_healing_stops_at_max_hp() -> None:
    """B2D6-15 (DESIGN: never above max HP): 2 points of healing on 2/3 HP heal 1."""
    state, events = _play(
        [(Heal(actor="healer", target="hero", item="聖光"), [])], _setup(hero_hp=2)
    )
    assert (Healed(actor="healer", target="hero", item="聖光", amount=1), 3) == (
        events[0],
        state.combatant("hero").hp,
    )


def test_healing_at_max_hp_is_refused() -> None:
    """B2D6-15: nothing to heal at max HP."""
    with pytest.raises(IllegalCommand, match="max HP"):
        RULESET.decide(
            RULESET.start(_setup()),
            Heal(actor="healer", target="hero", item="聖光"),
            ScriptedDice([]),
        )


def test_a_damage_boost_adds_to_each_hit() -> None:
    """B2D6-16, B2D6-02: 巨斧 (3 points, +1) makes a hit deal 2."""
    attack = Attack(actor="healer", targets=("g1",), boost="巨斧")
    state, _ = _play([(attack, [6, 6, 1, 1])])
    assert 1 == state.combatant("g1").hp


def test_a_granted_bonus_helps_the_next_check_once() -> None:
    """B2D6-17: 鼓舞 (3 points, +1) on the hero; its next attack has +1, the one after none."""
    grant = GrantBonus(actor="healer", target="hero", item="鼓舞")
    attack = Attack(actor="hero", targets=("g1",))
    state, events = _play([(grant, []), (attack, [3, 3, 3, 3])])
    assert isinstance(events[0], BonusGranted)
    assert isinstance(events[1], Attacked)
    assert ((Term("鼓舞", 1),), 2, ()) == (
        events[1].strikes[0].check.terms,
        state.combatant("g1").hp,
        state.combatant("hero").grants,
    )


def test_an_area_attack_rolls_once_and_each_target_defends() -> None:
    """B2D6-13: one attack 2D6 [5,5]; g1 defends [1,1] and is hit, g2 [5,5] and is not."""
    attack = Attack(
        actor="hero", targets=("g1", "g2"), items=("劍",), defense_items=("盾",), special="旋風斬"
    )
    state, events = _play([(attack, [5, 5, 1, 1, 5, 5])])
    assert isinstance(events[0], Attacked)
    strikes = events[0].strikes
    assert (AttackMode.AREA, strikes[0].check.rolls, [2, 3]) == (
        events[0].mode,
        strikes[1].check.rolls,
        [state.combatant("g1").hp, state.combatant("g2").hp],
    )


def test_a_multi_attack_rolls_per_attack_and_the_target_defends_once() -> None:
    """B2D6-14: three attack rolls [6,6], [1,1], [5,5] against one defense [3,3]: two hits."""
    attack = Attack(
        actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",), special="連斬"
    )
    state, events = _play([(attack, [6, 6, 1, 1, 5, 5, 3, 3])])
    assert isinstance(events[0], Attacked)
    strikes = events[0].strikes
    assert (3, 1, [1, 0, 1]) == (
        len({s.check.against for s in strikes}) + 2,
        state.combatant("g1").hp,
        [s.damage for s in strikes],
    )


def test_a_plain_attack_has_one_target() -> None:
    """B2D6-13: only an area attack names several targets."""
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(
            RULESET.start(_setup()), Attack(actor="hero", targets=("g1", "g2")), ScriptedDice([])
        )
    assert "bar2d6.illegal.one_target" == caught.value.reason


def test_the_order_of_action_is_the_tables() -> None:
    """B2D6-35 (DESIGN: order as the table decides): anyone standing may act first; the round
    ends by itself when all have acted."""
    state, events = _play(
        [(Wait("g2"), []), (Wait("hero"), []), (Wait("g1"), []), (Wait("healer"), [])]
    )
    assert (RoundEnded(round=1), 2) == (events[-1], state.round)


def test_one_action_a_round() -> None:
    """B2D6-35: a combatant that has acted waits for the next round."""
    state, _ = _play([(Wait("hero"), [])])
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, Wait("hero"), ScriptedDice([]))
    assert "bar2d6.illegal.already_acted" == caught.value.reason


def test_the_combat_ends_when_one_side_stands() -> None:
    """B2D6-02, B2D6-03: the last goblin at 1 HP is hit; the pcs win."""
    setup = CombatSetup(
        participants=[
            Participant(id="hero", character=HERO, side="pc"),
            Participant(id="g1", character=GOBLIN, side="npc", hp=1, player=False),
        ]
    )
    state, events = _play([(Attack(actor="hero", targets=("g1",)), [6, 6, 1, 1])], setup)
    assert (CombatEnded(winners=("pc",), reason="bar2d6.result.one_side_left"), True) == (
        events[-1],
        RULESET.is_over(state),
    )


def test_the_gms_rulings() -> None:
    """B2D6-36: the GM rules HP, ends the round and ends the combat."""
    state, events = _play([(SetHp(target="g1", hp=1), []), (EndRound(), []), (EndCombat(), [])])
    assert [HpSet(target="g1", hp=1), RoundEnded(round=1, by_gm=True)] == events[:2]
    assert (1, 2, True) == (state.combatant("g1").hp, state.round, RULESET.is_over(state))


@pytest.mark.parametrize(
    "command",
    [EndRound(actor="hero"), EndCombat(actor="hero"), SetHp(target="g1", hp=1, actor="hero")],
)
def test_only_the_gm_rules(command: Command) -> None:
    """B2D6-36: a player cannot send the GM's rulings (the kit's ``gm_only``)."""
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(RULESET.start(_setup()), command, ScriptedDice([]))
    assert "gm_only" == caught.value.reason


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (Attack(actor="hero", targets=("hero",)), "bar2d6.illegal.self_target"),
        (Attack(actor="hero", targets=()), "bar2d6.illegal.no_target"),
        (Attack(actor="hero", targets=("g1",), items=("槍",)), "bar2d6.illegal.unknown_item"),
        (Attack(actor="hero", targets=("g1",), special="劍"), "bar2d6.illegal.no_special"),
        (Attack(actor="nobody", targets=("g1",)), "unknown_actor"),
        (Attack(actor="hero", targets=("g1",), items="劍"), "bar2d6.illegal.bad_command"),  # type: ignore[arg-type]
        (Attack(actor=GM, targets=("g1",)), "bar2d6.illegal.gm_cannot"),
        (SetHp(target="g1", hp=9), "bar2d6.illegal.hp_range"),
        (SetHp(target="g1", hp=3), "bar2d6.illegal.hp_same"),
        (Heal(actor="hero", target="g1", item="劍"), "bar2d6.illegal.no_special"),
    ],
)
def test_refusals_change_nothing(command: Command, reason: str) -> None:
    """B2D6-26, B2D6-13: a refused command names its reason and the state is unchanged."""
    state = RULESET.start(_setup())
    before = to_json(state)
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, command, ScriptedDice([1] * 8))
    assert (reason, before) == (caught.value.reason, to_json(state))


@pytest.mark.parametrize(
    ("hp", "quoted"),
    [
        (9, "not 9."),
        (10**5000, "not a whole number of more than 80 digits."),
        (-(10**5000), "not a whole number of more than 80 digits."),
    ],
    ids=["nine", "huge", "huge-negative"],
)
def test_a_ruled_hp_out_of_range_is_quoted_short(hp: int, quoted: str) -> None:
    """B2D6-03: a GM's HP outside 0..max HP is refused in a message that fits a chat."""
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(RULESET.start(_setup()), SetHp(target="g1", hp=hp), ScriptedDice([]))
    assert str(caught.value).endswith(quoted)
    assert len(str(caught.value)) < 120


def test_a_tampered_record_is_refused_at_its_index() -> None:
    """B2D6-38: a record that turns a tie into a hit is corrupt at that entry."""
    attack = Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",))
    _, record = _record([(Wait("g2"), []), (attack, [3, 3, 3, 3])])
    entry = record.entries[1]
    attacked = entry.events[0]
    assert isinstance(attacked, Attacked)
    strike = attrs.evolve(attacked.strikes[0], damage=1)
    forged = attrs.evolve(entry, events=(attrs.evolve(attacked, strikes=(strike,)),))
    tampered = attrs.evolve(record, entries=(record.entries[0], forged))
    with pytest.raises(CorruptRecord) as caught:
        engine.replay(tampered, RULESET)
    assert 1 == caught.value.index


def test_a_record_round_trips_through_json() -> None:
    """B2D6-13: a record with an area attack survives JSON and replays to the same state."""
    attack = Attack(actor="hero", targets=("g1", "g2"), special="旋風斬")
    state, record = _record([(attack, [5, 5, 1, 1, 4, 4])])
    assert state == engine.replay(from_json(to_json(record), GameRecord))


def test_a_setup_with_one_side_is_refused() -> None:
    """B2D6-34: a combat is between characters of two sides or more."""
    with pytest.raises(InvalidData):
        CombatSetup(participants=[Participant(id="a", character=HERO, side="pc")])


def test_events_are_described_in_each_locale() -> None:
    """B2D6-02, B2D6-38: an attack's line shows the contest and the damage."""
    _, events = _strike_on_g1([3, 3, 2, 2])
    assert "hero 攻擊 g1：對抗：2D6[3,3] +2 劍 = 8 > 6（2D6[2,2] +2 盾） 成功；造成 1 點傷害。" == (
        describe(events[0], "zh-Hant")
    )


def test_describe_names_combatants_from_a_state_and_shows_ids_without() -> None:
    """B2D6-02: with a state of the combat, the log names combatants as the menus do (the id
    beside the name where two characters share one); without a state, it shows the ids."""
    attack = Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",))
    state, events = _play([(attack, [3, 3, 2, 2]), (Wait("g2"), [])])
    named = [describe(event, "en", state=state) for event in events]
    assert [
        "Hero attacks Goblin (g1): Contest: 2D6[3,3] +2 劍 = 8 > 6 (2D6[2,2] +2 盾) Success;"
        " 1 damage.",
        "Goblin (g2) waits.",
    ] == named
    assert [
        "hero attacks g1: Contest: 2D6[3,3] +2 劍 = 8 > 6 (2D6[2,2] +2 盾) Success; 1 damage.",
        "g2 waits.",
    ] == [describe(event, "en") for event in events]


# --------------------------------------------------------------------------- menus

#: One of every command type and every attack variant a menu shows.
EVERY_COMMAND: list[Command] = [
    Attack(actor="hero", targets=("g1",), items=("劍",)),
    Attack(actor="hero", targets=("g1",), special="連斬"),
    Attack(actor="hero", targets=("g1", "g2"), special="旋風斬"),
    Attack(actor="healer", targets=("g1",), boost="巨斧"),
    Heal(actor="healer", target="hero", item="聖光"),
    GrantBonus(actor="healer", target="hero", item="鼓舞"),
    Wait("hero"),
    EndRound(),
    EndCombat(),
    SetHp(target="g1", hp=0),
    CallCheck(challenger="hero"),
]


def _renders(label: str) -> bool:
    return all(mark not in label for mark in ("bar2d6.", "{", "}", "\n"))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_command_type_has_a_label(locale: str) -> None:
    """B2D6-13, B2D6-14, B2D6-15, B2D6-16, B2D6-17, B2D6-34: each command type and attack
    variant has its own one-line label, with or without the state."""
    state = RULESET.start(_setup())
    assert {type(c) for c in EVERY_COMMAND} == set(typing.get_args(Command))
    for known in (state, None):
        labels = [command_label(c, locale, state=known) for c in EVERY_COMMAND]
        assert all(_renders(label) for label in labels), labels
        assert len(set(labels)) == len(labels)


def test_labels_name_characters_and_abilities() -> None:
    """B2D6-13, B2D6-14, B2D6-16: with the state, characters by name (with the id where two
    share one) and the item's ability kind; without it, the ids and the item."""
    state = RULESET.start(_setup())
    area = Attack(actor="hero", targets=("g1", "g2"), special="旋風斬", boost="旋風斬")
    assert "Hero attacks Goblin (g1), Goblin (g2) with 旋風斬 (Area-attack), boosted by 旋風斬" == (
        command_label(area, state=state)
    )
    assert "hero 以 旋風斬 攻擊 g1、g2，並以 旋風斬 增傷" == command_label(area, "zh-Hant")
    assert "Hero が 連斬（複数回攻撃） で Goblin（g1） を攻撃" == command_label(
        Attack(actor="hero", targets=("g1",), special="連斬"), "ja", state=state
    )
    assert "The GM sets Healer's HP to 2" == command_label(
        SetHp(target="healer", hp=2), state=state
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_every_legal_command_has_a_distinct_label(locale: str) -> None:
    """B2D6-34, B2D6-39: a menu of everything anyone may send has no two equal lines."""
    state = RULESET.start(_setup(hero_hp=2))
    labels = [command_label(c, locale, state=state) for c in RULESET.legal_commands(state)]
    assert all(_renders(label) for label in labels)
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize(
    "foreign",
    [
        Healed(actor="a", target="b", item="x", amount=1),
        "Wait",
        None,
        Attack(actor="hero", targets="g1"),  # type: ignore[arg-type]
        SetHp(target=["g1"], hp=1),  # type: ignore[arg-type]
    ],
)
def test_command_label_refuses_what_is_no_command(foreign: object) -> None:
    """A label of something that is no bar2d6 command, or of a command with a field of the
    wrong type, raises ``InvalidData``."""
    with pytest.raises(InvalidData):
        command_label(foreign)  # type: ignore[arg-type]


def test_command_label_refuses_what_is_no_state() -> None:
    """A label with a state that is not a bar2d6 combat state raises ``InvalidData``."""
    with pytest.raises(InvalidData):
        command_label(Wait("hero"), state=_setup())  # type: ignore[arg-type]


# --------------------------------------------------------------------------- menus and their forms

TWO_BOOSTS = Character(
    name="Brute",
    items=[
        Item(
            name="巨斧", kind=ItemKind.WEAPON, specials=[Special(kind=SpecialKind.DAMAGE, cost=3)]
        ),
        Item(name="怒吼", kind=ItemKind.MOVE, specials=[Special(kind=SpecialKind.DAMAGE, cost=3)]),
        Item(
            name="風暴",
            kind=ItemKind.MOVE,
            specials=[
                Special(kind=SpecialKind.MULTI, cost=1, amount=2),
                Special(kind=SpecialKind.AREA, cost=2),
            ],
        ),
    ],
)


def _brute_setup() -> CombatSetup:
    return CombatSetup(
        participants=[
            Participant(id="brute", character=TWO_BOOSTS, side="pc"),
            Participant(id="g1", character=GOBLIN, side="npc", player=False),
            Participant(id="g2", character=GOBLIN, side="npc", player=False),
        ]
    )


def test_the_menu_offers_every_damage_boost() -> None:
    """B2D6-16: a character with two damage-boost items is offered attacks boosted by each,
    as ``decide`` accepts either (issue 26: only the first was offered)."""
    state = RULESET.start(_brute_setup())
    boosts = {
        c.boost for c in RULESET.legal_commands(state, actor="brute") if isinstance(c, Attack)
    }
    assert {None, "巨斧", "怒吼"} == boosts


def test_an_item_with_an_area_and_a_multi_attack_is_offered_as_an_area_attack() -> None:
    """B2D6-13, B2D6-14: an item with both abilities attacks an area (the command names the
    item, and the area comes first): the menu offers no multi-attack it would not make."""
    state = RULESET.start(_brute_setup())
    specials = [
        (c.targets, c.boost)
        for c in RULESET.legal_commands(state, actor="brute")
        if isinstance(c, Attack) and c.special == "風暴"
    ]
    assert [(("g1", "g2"), None), (("g1", "g2"), "巨斧"), (("g1", "g2"), "怒吼")] == specials
    _, events = _play(
        [(Attack(actor="brute", targets=("g1",), special="風暴"), [6, 6, 1, 1])], _brute_setup()
    )
    assert isinstance(events[0], Attacked)
    assert AttackMode.AREA == events[0].mode


def test_the_gm_is_offered_one_hp_ruling_a_combatant() -> None:
    """B2D6-36: the GM's menu rules each combatant's HP once: one less, or max HP at 0 (the
    HP is the GM's free choice, offered in that one form)."""
    state = RULESET.start(_setup(hero_hp=0))
    rulings = [c for c in RULESET.legal_commands(state, actor=GM) if isinstance(c, SetHp)]
    assert [
        SetHp(target="hero", hp=3),
        SetHp(target="healer", hp=2),
        SetHp(target="g1", hp=2),
        SetHp(target="g2", hp=2),
    ] == rulings


def test_any_hp_the_gm_rules_has_the_form_of_the_menus() -> None:
    """B2D6-36: every HP in range is accepted, and ``SYSTEM.menu_form`` gives it the form of
    the one ruling the menu offers for that combatant."""
    state = RULESET.start(_setup())
    offered = {SYSTEM.menu_form(c) for c in RULESET.legal_commands(state)}
    for hp in range(3):
        RULESET.decide(state, SetHp(target="g1", hp=hp), ScriptedDice([]))
        assert SYSTEM.menu_form(SetHp(target="g1", hp=hp)) in offered


def test_an_attack_with_fewer_items_has_the_form_of_the_menus() -> None:
    """B2D6-26: which items apply is the GM's call: an attack with none of them is accepted,
    and has the form of the attack the menu offers with all of them."""
    state = RULESET.start(_setup())
    bare = Attack(actor="hero", targets=("g1",))
    offered = [c for c in RULESET.legal_commands(state, actor="hero") if isinstance(c, Attack)]
    assert Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",)) in offered
    RULESET.decide(state, bare, ScriptedDice([1, 1, 6, 6]))
    assert SYSTEM.menu_form(bare) in {SYSTEM.menu_form(c) for c in offered}


def test_an_area_attack_on_some_of_the_enemies_has_the_form_of_the_menus() -> None:
    """B2D6-13: who stands in the area is the table's call: an area attack on one goblin is
    accepted, and has the form of the area attack the menu offers at both."""
    state = RULESET.start(_setup())
    one = Attack(actor="hero", targets=("g2",), special="旋風斬")
    offered = {SYSTEM.menu_form(c) for c in RULESET.legal_commands(state, actor="hero")}
    RULESET.decide(state, one, ScriptedDice([1, 1, 6, 6]))
    assert SYSTEM.menu_form(one) in offered


def test_an_item_named_in_another_spelling_is_recorded_as_the_sheet_names_it() -> None:
    """B2D6-15, B2D6-17: items are compared after NFKC and case folding; the event records
    the sheet's name, so two spellings of one command give the same events."""
    healer = Character(
        name="Cleric",
        items=[
            Item(
                name="Light", kind=ItemKind.MOVE, specials=[Special(kind=SpecialKind.HEAL, cost=4)]
            )
        ],
    )
    setup = CombatSetup(
        participants=[
            Participant(id="c", character=healer, side="pc"),
            Participant(id="g1", character=GOBLIN, side="npc", hp=1),
        ]
    )
    _, events = _play([(Heal(actor="c", target="g1", item="ＬＩＧＨＴ"), [])], setup)
    assert Healed(actor="c", target="g1", item="Light", amount=2) == events[0]


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("en", "The combat is over: nobody wins (the GM ended the combat)."),
        ("zh-Hant", "戰鬥結束：無人獲勝（GM結束了戰鬥）。"),
        ("ja", "戦闘終了：勝者なし（GMが戦闘を終えた）。"),
    ],
)
def test_a_combat_the_gm_ended_is_one_line(locale: str, line: str) -> None:
    """B2D6-36: the GM's end of the combat reads as one sentence in every locale."""
    _, events = _play([(EndCombat(), [])])
    assert [line] == [describe(event, locale) for event in events]
