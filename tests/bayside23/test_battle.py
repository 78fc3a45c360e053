"""bayside23 battles: the text's flow played out with scripted dice."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop_rules import ScriptedDice, engine
from tabletop_rules.bayside23 import (
    RULESET,
    ArtifactUsed,
    Attack,
    Attacked,
    Cast,
    Character,
    CombatEnded,
    CombatSetup,
    CombatState,
    Event,
    Feature,
    FinishingStrike,
    Fled,
    Flee,
    ForgoStrike,
    Healed,
    InitiativeRolled,
    Participant,
    Ready,
    Rulings,
    SessionLedger,
    Side,
    Spell,
    Status,
    Struck,
    SwitchWeapon,
    TurnEnded,
    TurnLost,
    UseArtifact,
    Wait,
    Waited,
    Weapon,
    describe,
    ledger_after,
    log,
)
from tabletop_rules.checks import Outcome
from tabletop_rules.errors import IllegalCommand, InvalidCheck, InvalidData


def _character(
    name: str, strength: int, mind: int, agility: int, hp: int, **more: int
) -> Character:
    return Character(
        name=name,
        strength=strength,
        mind=mind,
        agility=agility,
        hp=hp,
        feature=Feature("頑固", 3),
        **more,  # type: ignore[arg-type]
    )


MINA = _character("ミナ", 17, 10, 12, 5, defense=1)
REN = _character("レン", 9, 15, 14, 4, magic_defense=1)
GOBLIN = _character("ゴブリン", 10, 8, 9, 3)
FIRE = Spell(name="火炎")
HEAL = Spell(name="癒し", heals=True)
SWORD = Weapon(name="剣")
BOW = Weapon(name="弓", ranged=True)
CLUB = Weapon(name="棍棒")


VICTORY = CombatEnded(winners=("party",), reason="bayside23.result.victory")
DEFEAT = CombatEnded(winners=("enemies",), reason="bayside23.result.defeat")


def party_setup(rulings: Rulings | None = None) -> CombatSetup:
    return CombatSetup(
        participants=[
            Participant(id="mina", character=MINA, weapons=[SWORD, BOW]),
            Participant(id="ren", character=REN, spells=[FIRE, HEAL]),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES, weapons=[CLUB]),
            Participant(id="g2", character=GOBLIN, side=Side.ENEMIES, weapons=[CLUB]),
        ],
        rulings=rulings or Rulings(),
        ledger=SessionLedger(artifacts=("星の指輪",)),
    )


def play(
    state: CombatState, command: object, faces: list[int]
) -> tuple[CombatState, tuple[Event, ...]]:
    """Play *command* with exactly *faces*: its own dice, then those of the steps it sets off."""
    dice = ScriptedDice(faces)
    state, entry = engine.step(RULESET, state, command, dice)  # type: ignore[arg-type]
    assert dice.remaining == ()
    assert entry.faces == tuple(faces)
    return state, entry.events


def begun(setup: CombatSetup, faces: list[int]) -> tuple[CombatState, tuple[Event, ...]]:
    """Begin a battle whose first initiative rolls exactly *faces*."""
    dice = ScriptedDice(faces)
    state, record = engine.begin(RULESET, setup, dice)
    assert dice.remaining == ()
    assert record.entries[0].command is None
    return state, record.events


def opened(order_faces: list[int], rulings: Rulings | None = None) -> CombatState:
    return begun(party_setup(rulings), order_faces)[0]


def test_two_goblins_the_whole_battle() -> None:
    """BAY-13, BAY-16, BAY-17, BAY-18, BAY-20, BAY-24, BAY-25, BAY-29, BAY-31, BAY-32, BAY-33:
    initiative with a tie re-rolled, a critical, a fumble, a lost turn, a win and the strike."""
    state, events = begun(party_setup(), [3, 2, 5, 5, 6, 2])
    (rolled,) = events
    assert isinstance(rolled, InitiativeRolled)
    assert [(r.id, r.total, r.round) for r in rolled.rolls] == [
        ("mina", 3, 0),
        ("ren", 1, 0),
        ("g1", 5, 0),
        ("g2", 5, 0),
        ("g1", 6, 1),
        ("g2", 2, 1),
    ]
    assert rolled.order == ("ren", "mina", "g2", "g1")
    assert RULESET.to_act(state) == ("ren",)
    # レン's 火炎 rolls all ones: a critical, 3 damage with no damage roll.
    state, events = play(state, Cast(actor="ren", target="g1", spell=0), [1, 1, 1, 4, 3, 5])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert attack.check.outcome is Outcome.CRITICAL
    assert attack.damage == 3
    assert attack.damage_roll is None
    assert state.combatant("g1").status is Status.DOWN
    # ミナ fumbles: an automatic miss, and she falls.
    state, events = play(state, Attack("mina", "g2"), [6, 6, 6, 2, 3, 4])
    assert isinstance(events[0], Attacked)
    assert events[0].falls == ("mina",)
    assert events[0].falls_now == ()
    assert state.combatant("mina").prone
    # The goblin hits ミナ: 8 < 13 − 2; 1D6[4] + 0 − 防御力 1 = 3. g1 is down: the turn ends,
    # and the rules roll turn 2's initiative with the same command's dice: g1 does not roll,
    # and ミナ's fall costs her this turn.
    state, events = play(state, Attack("g2", "mina"), [2, 3, 3, 4, 4, 5, 4, 1, 3, 5])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 3
    assert events[1] == TurnEnded(1)
    assert isinstance(events[2], InitiativeRolled)
    assert (events[2].turn, events[2].order) == (2, ("mina", "ren", "g2"))
    assert events[3:] == (TurnLost("mina"),)
    assert state.combatant("mina").hp == 2
    assert not state.combatant("mina").prone
    # レン: 7 − 1 < 12 + 1; 1D6[4] + 1 − 0 = 5: the last goblin falls, the party wins.
    state, events = play(state, Cast(actor="ren", target="g2", spell=0), [2, 3, 2, 5, 4, 3, 4])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 5
    assert events[1:] == (VICTORY,)
    assert RULESET.to_act(state) == ("mina", "ren")
    assert RULESET.outcome(state) is None
    state, events = play(state, FinishingStrike(actor="mina", target="g2", sides=3), [2])
    assert isinstance(events[0], Struck)
    result = RULESET.outcome(state)
    assert result is not None
    assert result.winners == ("party",)


def test_the_first_initiative_is_rolled_by_begin() -> None:
    """BAY-13, BAY-18: a battle's first state waits for the rules to roll initiative (a chance
    step): no one acts and nothing is legal until ``engine.begin`` rolls it."""
    start = RULESET.start(party_setup())
    assert RULESET.is_chance(start)
    assert RULESET.to_act(start) == ()
    assert RULESET.legal_commands(start) == ()
    state, events = begun(party_setup(), [1, 3, 5, 6])
    assert not RULESET.is_chance(state)
    assert [type(e) for e in events] == [InitiativeRolled]
    assert RULESET.to_act(state) == ("mina",)


def test_to_act_names_only_those_whose_commands_are_legal() -> None:
    """BAY-13: the one whose turn it is acts, no GM: every legal command is that actor's."""
    state = opened([1, 3, 5, 6])
    assert RULESET.to_act(state) == ("mina",)
    assert {c.actor for c in RULESET.legal_commands(state)} == {"mina"}
    assert RULESET.legal_commands(state, actor="gm") == ()


def test_the_log_is_in_japanese() -> None:
    """BAY-18, BAY-29: the log names the dice, each modifier, the re-roll and the critical in
    Japanese, and tells apart the two goblins of one name by their ids."""
    state, first = begun(party_setup(), [3, 2, 5, 5, 6, 2])
    state, second = play(state, Cast(actor="ren", target="g1", spell=0), [1, 1, 1, 4, 3, 5])
    lines = log([*first, *second], "ja", state=state).splitlines()
    assert lines[0] == (
        "ターン1 先攻判定：ミナ 1D6[3] +0 敏捷性 = 3, レン 1D6[2] -1 敏捷性 = 1, "
        "ゴブリン（g1） 1D6[5] +0 敏捷性 = 5, ゴブリン（g2） 1D6[5] +0 敏捷性 = 5, "
        "ゴブリン（g1） 1D6[6] +0 敏捷性 = 6（振り直し）, "
        "ゴブリン（g2） 1D6[2] +0 敏捷性 = 2（振り直し）。"
        "行動順：レン → ミナ → ゴブリン（g2） → ゴブリン（g1）。"
    )
    assert "クリティカル" in lines[1]
    assert lines[1].endswith("ゴブリン（g1） に 3 ダメージ。")
    assert "Critical" in log(second, "en")
    assert "大成功" in log(second, "zh-Hant")


def test_the_initiative_log_shows_each_modifier() -> None:
    """BAY-18, BAY-19: each initiative die is shown with the modifier it adds and the total;
    the raw score, by option, is shown as the modifier it then is."""
    state, events = begun(party_setup(), [1, 3, 5, 6])
    assert "レン 1D6[3] -1 Agility (敏捷性) = 2" in log(events, "en", state=state)
    _, events = begun(party_setup(Rulings(initiative_raw_score=True)), [5, 4, 6, 1])
    assert "ren 1D6[4] +14 敏捷性 = 18" in log(events, "ja")


def test_the_log_names_participants_from_a_state_and_shows_ids_without() -> None:
    """BAY-18, BAY-29: with a state of the battle, ``describe`` and ``log`` name participants
    by their characters' names; without one, by their ids; English unless told otherwise."""
    state, first = begun(party_setup(), [3, 2, 5, 5, 6, 2])
    state, second = play(state, Cast(actor="ren", target="g1", spell=0), [1, 1, 1, 4, 3, 5])
    attacked = second[0]
    assert isinstance(attacked, Attacked)
    named = describe(attacked, state=state)
    assert named.startswith("レン attacks ゴブリン (g1): Hit (magic): ")
    assert named.endswith(" ゴブリン (g1) takes 3 damage.")
    shown = describe(attacked)
    assert shown.startswith("ren attacks g1: Hit (magic): ")
    assert shown.endswith(" g1 takes 3 damage.")
    assert log([*first, attacked], state=state).splitlines()[1] == named
    assert log([*first, attacked]).splitlines()[1] == shown
    assert "行動順：ren → mina → g2 → g1。" in log(first, "ja")


def test_initiative_uses_the_modifier_or_the_raw_score() -> None:
    """BAY-18, BAY-19: 1d6 + 敏捷性's modifier by default; the raw score by option."""
    _, events = begun(party_setup(), [1, 3, 5, 6])
    assert isinstance(events[0], InitiativeRolled)
    assert [r.total for r in events[0].rolls] == [1, 2, 5, 6]
    _, events = begun(party_setup(Rulings(initiative_raw_score=True)), [5, 4, 6, 1])
    assert isinstance(events[0], InitiativeRolled)
    # The text's example: 1d6 + 5 → 10 goes before 1d6 + 5 → 11 (here 12 + 5 and 14 + 4).
    assert [r.total for r in events[0].rolls] == [17, 18, 15, 10]
    assert events[0].order == ("g2", "g1", "mina", "ren")


def test_lower_initiative_acts_first_whatever_the_side() -> None:
    """BAY-19: allies 10 and enemies 11: allies first; reversed, the enemies first."""
    _, events = begun(party_setup(), [1, 1, 6, 5])
    assert isinstance(events[0], InitiativeRolled)
    assert events[0].order[:2] == ("ren", "mina")
    _, events = begun(party_setup(), [6, 6, 1, 2])
    assert isinstance(events[0], InitiativeRolled)
    assert events[0].order[:2] == ("g1", "g2")


def test_ties_roll_again_until_they_part() -> None:
    """BAY-18: ties re-roll among the tied only, as often as needed, every die recorded."""
    _, events = begun(party_setup(), [2, 4, 6, 6, 4, 4, 5, 1])
    rolled = events[0]
    assert isinstance(rolled, InitiativeRolled)
    assert [r.round for r in rolled.rolls] == [0, 0, 0, 0, 1, 1, 2, 2]
    assert rolled.order == ("mina", "ren", "g2", "g1")


def test_weapon_damage_six_deals_one() -> None:
    """BAY-22, BAY-23: 1D6 + 体力's bonus − 防御力, and a 6 on the die deals exactly 1."""
    state = opened([1, 3, 5, 6])  # mina, ren, g1, g2
    state, events = play(state, Attack("mina", "g1"), [2, 2, 2, 5, 5, 5, 6])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 1
    assert state.combatant("g1").hp == 2


def test_weapon_damage_adds_the_bonus() -> None:
    """BAY-02, BAY-22: ミナ's 体力 17 gives −2 to hit and +2 damage."""
    state = opened([1, 3, 5, 6])
    state, events = play(state, Attack("mina", "g1"), [4, 4, 4, 4, 4, 4, 1])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert attack.check.total == 10
    assert attack.damage == 3


def test_a_tie_misses() -> None:
    """BAY-21: 12 − 2 against 10 + 0: equal totals miss."""
    state = opened([1, 3, 5, 6])
    _, events = play(state, Attack("mina", "g1"), [4, 4, 4, 3, 3, 4])
    assert isinstance(events[0], Attacked)
    assert events[0].check.outcome is Outcome.FAILURE


def _wait_out(state: CombatState, initiative: list[int]) -> CombatState:
    """*state* after everyone left in the turn's order waits; the next turn rolls *initiative*."""
    while len(state.order) - state.position > 1:
        state, _ = play(state, Wait(state.current or ""), [])
    state, events = play(state, Wait(state.current or ""), initiative)
    assert isinstance(events[-1], InitiativeRolled)
    return state


def test_ranged_needs_a_readied_weapon() -> None:
    """BAY-04, BAY-14, BAY-27, BAY-28: switch to the bow, ready it, then shoot with 敏捷性."""
    state = opened([1, 3, 5, 6])
    state, _ = play(state, SwitchWeapon("mina", 1), [])
    assert state.combatant("mina").weapon == BOW
    assert Attack("mina", "g1") not in RULESET.legal_commands(state)
    state = _wait_out(state, [1, 3, 5, 6])  # ren, g1 and g2 wait
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, Attack("mina", "g1"), ScriptedDice([]))
    assert caught.value.reason == "bayside23.illegal.not_ready"
    state, _ = play(state, Ready("mina"), [])
    state = _wait_out(state, [1, 3, 5, 6])
    # A ranged hit: 3d6 + 0 (敏捷性 12) against 3d6 + 0 (敏捷性 9); damage 1D6[6] + 0 − 0: a 6.
    state, events = play(state, Attack("mina", "g1"), [2, 2, 2, 5, 5, 5, 6])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert attack.damage == 6
    assert attack.check.terms[0].label == "bayside23.attribute.agility"


def test_ranged_six_is_one_by_option() -> None:
    """BAY-28: with ranged_six_is_one the 6 deals 1 for bows and guns too."""
    rulings = Rulings(ranged_six_is_one=True)
    setup = CombatSetup(
        participants=[
            Participant(id="a", character=MINA, weapons=[BOW]),
            Participant(id="b", character=GOBLIN, side=Side.ENEMIES),
        ],
        rulings=rulings,
    )
    state = begun(setup, [1, 5])[0]
    state = play(state, Ready("a"), [])[0]
    state = play(state, Wait("b"), [1, 5])[0]
    _, events = play(state, Attack("a", "b"), [2, 2, 2, 5, 5, 5, 6])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 1


def test_magic_damage_uses_magic_defense() -> None:
    """BAY-03, BAY-09, BAY-24, BAY-25, BAY-26: the spell die + 精神力's bonus − 魔法防御力."""
    state = opened([3, 1, 5, 6])  # ren first
    state, events = play(state, Cast(actor="ren", target="g1", spell=0), [2, 2, 2, 5, 5, 5, 1])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 2
    goblin_mage = Participant(
        id="g3",
        character=_character("ゴブリン術師", 10, 3, 9, 6),
        side=Side.ENEMIES,
        spells=[FIRE],
    )
    setup = CombatSetup(participants=[Participant(id="ren", character=REN), goblin_mage])
    state = begun(setup, [5, 1])[0]
    # 精神力 3: +3 to hit, +(−3) damage... the goblin's die 6 deals exactly 1 anyway.
    _, events = play(state, Cast(actor="g3", target="ren", spell=0), [1, 2, 2, 6, 6, 5, 6])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 1


def test_one_downed_in_a_turn_rolls_no_initiative_in_the_next() -> None:
    """BAY-07, BAY-16: one downed during a turn does not roll the next turn's initiative."""
    state = opened([3, 1, 5, 6])
    state = play(state, Wait("ren"), [])[0]
    state = play(state, Wait("mina"), [])[0]
    state = play(state, Attack("g1", "ren"), [1, 2, 2, 5, 5, 5, 5])[0]  # 5 + 0 − 0 → ren 0
    assert state.combatant("ren").status is Status.DOWN
    state = play(state, Wait("g2"), [3, 5, 6])[0]  # mina, g1, g2: ren is down
    assert "ren" not in state.order


def test_heal_restores_and_wakes() -> None:
    """BAY-07, BAY-15: a downed ally healed above 0 can act again; HP stops at 生命力."""
    setup = CombatSetup(
        participants=[
            Participant(id="ren", character=REN, spells=[HEAL]),
            Participant(id="mina", character=MINA, hp=0),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES),
        ]
    )
    assert RULESET.start(setup).combatant("mina").status is Status.DOWN
    state = begun(setup, [1, 4])[0]
    state, events = play(state, Cast(actor="ren", target="mina", spell=0), [6])
    healed = events[0]
    assert isinstance(healed, Healed)
    assert healed.amount == 5
    assert state.combatant("mina").hp == 5
    assert state.combatant("mina").active


def test_down_is_not_dead_and_cannot_act() -> None:
    """BAY-07: at 0 HP a combatant stays in the battle, unable to act or be attacked."""
    state = opened([3, 1, 5, 6])
    state = play(state, Cast(actor="ren", target="g1", spell=0), [1, 1, 1, 4, 4, 4])[0]
    assert state.combatant("g1").status is Status.DOWN
    assert state.has("g1")
    assert Attack("mina", "g1") not in RULESET.legal_commands(state)
    with pytest.raises(IllegalCommand):
        RULESET.decide(state, Attack("mina", "g1"), ScriptedDice([]))


def test_flee_leaves_and_the_last_ally_gone_loses() -> None:
    """BAY-14, BAY-17: flight leaves at once; when every ally is down or gone, the party loses."""
    state = opened([1, 3, 5, 6])
    state, events = play(state, Flee("mina"), [])
    assert events == (Fled("mina"),)
    assert state.combatant("mina").status is Status.GONE
    state, events = play(state, Flee("ren"), [])
    assert events[1:] == (DEFEAT,)
    result = RULESET.outcome(state)
    assert result is not None
    assert result.winners == ("enemies",)
    assert RULESET.legal_commands(state) == ()


def test_wait_and_switch_spend_the_action() -> None:
    """BAY-14: waiting, switching and readying each take the turn."""
    state = opened([1, 3, 5, 6])
    state = play(state, SwitchWeapon("mina", 1), [])[0]
    assert state.current == "ren"
    state = play(state, Wait("ren"), [])[0]
    assert state.current == "g1"


def test_a_new_turn_after_everyone() -> None:
    """BAY-13, BAY-16: when everyone has acted, the turn ends and the rules roll initiative
    again, with the dice of the command that ended the turn."""
    state = opened([1, 3, 5, 6])
    for actor in ("mina", "ren", "g1"):
        state = play(state, Wait(actor), [])[0]
    state, events = play(state, Wait("g2"), [6, 5, 3, 1])
    assert events[:2] == (Waited("g2"), TurnEnded(1))
    assert isinstance(events[2], InitiativeRolled)
    assert events[2].turn == 2
    assert (state.turn, state.order) == (2, ("g2", "g1", "ren", "mina"))
    assert RULESET.to_act(state) == ("g2",)


def test_followers_fight_like_everyone() -> None:
    """BAY-20: a follower rolls initiative and acts; only it holds no artifact."""
    setup = CombatSetup(
        participants=[
            Participant(id="mina", character=MINA, weapons=[SWORD]),
            Participant(id="npc", character=GOBLIN, follower=True, weapons=[CLUB]),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES),
        ],
        ledger=SessionLedger(artifacts=("星の指輪",)),
    )
    state = begun(setup, [4, 1, 6])[0]
    assert state.order == ("npc", "mina", "g1")
    assert UseArtifact("npc", "星の指輪") not in RULESET.legal_commands(state)
    assert Attack("npc", "g1") in RULESET.legal_commands(state)


def test_artifacts_once_then_spent_for_the_session() -> None:
    """BAY-47, BAY-49: an artifact is used at most once; it stays spent until the next session."""
    state = opened([1, 3, 5, 6])
    state, events = play(state, UseArtifact("mina", "星の指輪"), [])
    assert events == (ArtifactUsed("mina", "星の指輪"),)
    assert state.current == "mina"  # the action is not spent
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, UseArtifact("mina", "星の指輪"), ScriptedDice([]))
    assert caught.value.reason == "bayside23.illegal.artifact_spent"
    ledger = ledger_after(state)
    assert ledger.available == ()
    assert ledger.next_session().available == ("星の指輪",)


def test_artifacts_at_most_twelve() -> None:
    """BAY-48: a party holds at most 12 artifacts."""
    SessionLedger(artifacts=[f"a{i}" for i in range(12)])
    with pytest.raises(InvalidCheck):
        SessionLedger(artifacts=[f"a{i}" for i in range(13)])


def test_the_strike_is_1d3_or_1d6_by_choice() -> None:
    """BAY-33: after a win the party chooses 1d3 or 1d6, or forgoes the strike."""
    setup = CombatSetup(
        participants=[
            Participant(id="mina", character=MINA, weapons=[SWORD]),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES, hp=1),
        ]
    )
    state = begun(setup, [1, 6])[0]
    state, events = play(state, Attack("mina", "g1"), [1, 1, 1, 4, 4, 4])
    assert events[-1] == VICTORY
    options = RULESET.legal_commands(state)
    assert FinishingStrike(actor="mina", target="g1", sides=3) in options
    assert FinishingStrike(actor="mina", target="g1", sides=6) in options
    assert ForgoStrike("mina") in options
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(
            state, FinishingStrike(actor="mina", target="g1", sides=4), ScriptedDice([2])
        )
    assert caught.value.reason == "bayside23.illegal.strike_dice"
    done, _events = play(state, ForgoStrike("mina"), [])
    assert RULESET.is_over(done)


def test_the_end_names_the_winning_side() -> None:
    """BAY-17: the battle's end is the kit's CombatEnded, with the winning side and why."""
    state = opened([1, 3, 5, 6])
    state, events = play(state, Flee("mina"), [])
    state, events = play(state, Flee("ren"), [])
    assert events[-1] == DEFEAT
    assert describe(events[-1], "ja") == "戦闘終了：敵の勝利。"
    assert describe(VICTORY, "en") == "The battle is over: the party won."


def test_defender_critical_by_option() -> None:
    """BAY-30: with defender_specials, a defender's all-ones makes the attack miss and deals 3."""
    state = opened([1, 3, 5, 6], Rulings(defender_specials=True))
    state, events = play(state, Attack("mina", "g1"), [2, 2, 2, 1, 1, 1])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert attack.backlash == 3
    assert attack.damage == 0
    assert state.combatant("mina").hp == 2


def test_a_fumbler_yet_to_act_cannot_act_this_turn() -> None:
    """BAY-30, BAY-32: with defender_specials, a defender who fumbles before its place in the
    order falls and loses this turn's action, and the log says so; one who has acted loses
    its next turn's."""
    state = opened([1, 3, 5, 6], Rulings(defender_specials=True))  # mina, ren, g1, g2
    # A hit all the same (the defender's fumble is no miss); the die's 6 deals 1.
    state, events = play(state, Attack("mina", "g1"), [2, 2, 2, 6, 6, 6, 6])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert (attack.falls, attack.falls_now) == (("g1",), ("g1",))
    assert describe(attack, "en").endswith("g1 falls and cannot act this turn.")
    assert describe(attack, "ja").endswith("g1 は転倒し、このターン行動できない。")
    state, events = play(state, Wait("ren"), [])
    assert events == (Waited("ren"), TurnLost("g1"))  # g1's place came: its turn is lost
    state, events = play(state, Attack("g2", "mina"), [2, 2, 2, 6, 6, 6, 6, 1, 3, 5, 6])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert (attack.falls, attack.falls_now) == (("mina",), ())
    assert describe(attack, "en").endswith("mina falls and loses the next turn.")
    assert events[-1] == TurnLost("mina")  # the next turn's first place is hers


def test_an_attacker_who_fumbles_loses_the_next_turn() -> None:
    """BAY-31, BAY-32: the fumbler has acted this turn: the log says it loses the next."""
    state = opened([1, 3, 5, 6])
    _, events = play(state, Attack("mina", "g1"), [6, 6, 6, 2, 3, 4])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert attack.falls_now == ()
    assert describe(attack, "ja").endswith("mina は転倒し、次のターン行動できない。")


def test_enemies_roll_criticals_too() -> None:
    """BAY-30: an enemy's all-ones against the party is a critical: 3 damage."""
    state = opened([5, 5, 1, 2])
    state, events = play(state, Attack("g1", "mina"), [1, 1, 1, 2, 2, 2])
    assert isinstance(events[0], Attacked)
    assert events[0].check.outcome is Outcome.CRITICAL
    assert state.combatant("mina").hp == 2


def test_illegal_commands_change_nothing() -> None:
    """BAY-13: out of turn, at a friend, or with a missing spell: refused with a reason."""
    state = opened([1, 3, 5, 6])
    for command, reason in (
        (Attack("ren", "g1"), "bayside23.illegal.not_your_turn"),
        (Attack("mina", "ren"), "bayside23.illegal.not_an_enemy"),
        (Attack("mina", "zz"), "unknown_actor"),
        (Attack("zz", "g1"), "unknown_actor"),
        (Cast(actor="mina", target="g1", spell=0), "bayside23.illegal.no_spell"),
        (SwitchWeapon("mina", 0), "bayside23.illegal.no_weapon_to_switch"),
        (Ready("mina"), "bayside23.illegal.nothing_to_ready"),
        (ForgoStrike("mina"), "bayside23.illegal.no_strike"),
    ):
        with pytest.raises(IllegalCommand) as caught:
            RULESET.decide(state, command, ScriptedDice([1] * 10))  # type: ignore[arg-type]
        assert caught.value.reason == reason


def test_a_refusal_describes_a_huge_number_rather_than_quoting_it() -> None:
    """BAY-13: a spell or weapon number of 4,000 digits is refused in a message a chat can hold."""
    state = opened([1, 3, 5, 6])
    huge = 10**4000
    for command in (Cast(actor="mina", target="g1", spell=huge), SwitchWeapon("mina", huge)):
        with pytest.raises(IllegalCommand) as caught:
            RULESET.decide(state, command, ScriptedDice([1] * 10))  # type: ignore[arg-type]
        assert len(str(caught.value)) < 200
        assert "more than 80 digits" in str(caught.value)


def test_an_unknown_id_is_refused_alike_everywhere() -> None:
    """BAY-13: a combatant looked up by an id no one has is the kit's one refusal."""
    state = opened([1, 3, 5, 6])
    with pytest.raises(IllegalCommand) as caught:
        state.combatant("nobody")
    assert caught.value.reason == "unknown_actor"


def test_malformed_commands_are_refused() -> None:
    """BAY-14: a command with a field of the wrong type is refused before any rule reads it."""
    state = opened([1, 3, 5, 6])
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, Attack("mina", 3), ScriptedDice([]))  # type: ignore[arg-type]
    assert caught.value.reason == "bayside23.illegal.bad_command"
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, object(), ScriptedDice([]))  # type: ignore[arg-type]
    assert caught.value.reason == "bayside23.illegal.unknown_command"


@pytest.mark.parametrize(
    ("participants", "path"),
    [
        (lambda: [Participant(id="a", character=MINA)], "$.participants"),
        (
            lambda: [
                Participant(id="a", character=MINA),
                Participant(id="a", character=GOBLIN, side=Side.ENEMIES),
            ],
            "$.participants",
        ),
        (
            lambda: [Participant(id="a", character=MINA), Participant(id="b", character=GOBLIN)],
            "$.participants",
        ),
        (
            lambda: [
                Participant(id="a", character=MINA, hp=9),
                Participant(id="b", character=GOBLIN, side=Side.ENEMIES),
            ],
            "$.participants[0].hp",
        ),
    ],
)
def test_bad_setups_are_invalid_data(
    participants: Callable[[], list[Participant]], path: str
) -> None:
    """BAY-06, BAY-17: a battle needs two sides, distinct ids and HP within 生命力."""
    with pytest.raises(InvalidData) as caught:
        CombatSetup(participants=participants())
    assert caught.value.path == path


@pytest.mark.parametrize("id", ["gm", "", "x" * 65])
def test_a_participant_id_is_short_text_and_not_the_gms(id: str) -> None:
    """BAY-20: every participant, followers too, needs an id of its own, not the GM's."""
    with pytest.raises(InvalidData) as caught:
        Participant(id=id, character=MINA)
    assert caught.value.path == "$.id"
