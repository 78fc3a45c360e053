"""bayside23 battles: the text's flow played out with scripted dice."""

from __future__ import annotations

import pytest

from tabletop_rules import ScriptedDice, engine
from tabletop_rules.bayside23 import (
    GM,
    RULESET,
    ArtifactUsed,
    Attack,
    Attacked,
    BattleEnded,
    BattleSetup,
    BattleState,
    Cast,
    Character,
    Feature,
    FinishingStrike,
    Fled,
    Flee,
    ForgoStrike,
    Healed,
    InitiativeRolled,
    Participant,
    Ready,
    RollInitiative,
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
    Weapon,
    describe,
    ledger_after,
    log,
)
from tabletop_rules.checks import Outcome
from tabletop_rules.errors import IllegalCommand, InvalidCheck


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


def party_setup(rulings: Rulings | None = None, **ledger: object) -> BattleSetup:
    return BattleSetup(
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
    state: BattleState, command: object, faces: list[int]
) -> tuple[BattleState, tuple[object, ...]]:
    dice = ScriptedDice(faces)
    state, events = engine.step(RULESET, state, command, dice)  # type: ignore[arg-type]
    assert dice.remaining == ()
    return state, events


def opened(order_faces: list[int], rulings: Rulings | None = None) -> BattleState:
    state = RULESET.start(party_setup(rulings))
    return play(state, RollInitiative(), order_faces)[0]


def test_two_goblins_the_whole_battle() -> None:
    """BAY-13, BAY-16, BAY-17, BAY-18, BAY-20, BAY-24, BAY-25, BAY-29, BAY-31, BAY-32, BAY-33:
    initiative with a tie re-rolled, a critical, a fumble, a lost turn, a win and the strike."""
    state = RULESET.start(party_setup())
    assert RULESET.to_act(state) == (GM,)
    state, events = play(state, RollInitiative(), [3, 2, 5, 5, 6, 2])
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
    assert state.combatant("mina").prone
    # The goblin hits ミナ: 8 < 13 − 2; 1D6[4] + 0 − 防御力 1 = 3. g1 is down: the turn ends.
    state, events = play(state, Attack("g2", "mina"), [2, 3, 3, 4, 4, 5, 4])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 3
    assert events[1:] == (TurnEnded(1),)
    assert state.combatant("mina").hp == 2
    # Turn 2: g1 is down and does not roll; ミナ's fall costs her this turn.
    state, events = play(state, RollInitiative(), [1, 3, 5])
    assert isinstance(events[0], InitiativeRolled)
    assert events[0].order == ("mina", "ren", "g2")
    assert events[1:] == (TurnLost("mina"),)
    assert not state.combatant("mina").prone
    # レン: 7 − 1 < 12 + 1; 1D6[4] + 1 − 0 = 5: the last goblin falls, the party wins.
    state, events = play(state, Cast(actor="ren", target="g2", spell=0), [2, 3, 2, 5, 4, 3, 4])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 5
    assert events[1:] == (BattleEnded(Side.PARTY),)
    assert RULESET.to_act(state) == ("mina", "ren")
    assert RULESET.outcome(state) is None
    state, events = play(state, FinishingStrike(actor="mina", target="g2", sides=3), [2])
    assert isinstance(events[0], Struck)
    result = RULESET.outcome(state)
    assert result is not None
    assert result.winners == ("party",)


def test_the_log_is_in_japanese() -> None:
    """BAY-18, BAY-29: the log names the dice, the re-roll and the critical in Japanese."""
    state = RULESET.start(party_setup())
    state, first = play(state, RollInitiative(), [3, 2, 5, 5, 6, 2])
    state, second = play(state, Cast(actor="ren", target="g1", spell=0), [1, 1, 1, 4, 3, 5])
    lines = log([*first, *second], "ja", state=state).splitlines()
    assert lines[0].startswith("ターン1 先攻判定：ミナ 1D6[3]=3")
    assert "（振り直し）" in lines[0]
    assert lines[0].endswith("行動順：レン → ミナ → ゴブリン → ゴブリン。")
    assert "クリティカル" in lines[1]
    assert "ゴブリン に 3 ダメージ。" in lines[1]
    assert "Critical" in log(second, "en")
    assert "大成功" in log(second, "zh-Hant")


def test_the_log_names_participants_from_a_state_and_shows_ids_without() -> None:
    """BAY-18, BAY-29: with a state of the battle, ``describe`` and ``log`` name participants
    by their characters' names; without one, by their ids; English unless told otherwise."""
    state = RULESET.start(party_setup())
    state, first = play(state, RollInitiative(), [3, 2, 5, 5, 6, 2])
    state, second = play(state, Cast(actor="ren", target="g1", spell=0), [1, 1, 1, 4, 3, 5])
    attacked = second[0]
    assert isinstance(attacked, Attacked)
    named = describe(attacked, state=state)
    assert named.startswith("レン attacks ゴブリン: Hit (magic): ")
    assert named.endswith(" ゴブリン takes 3 damage.")
    shown = describe(attacked)
    assert shown.startswith("ren attacks g1: Hit (magic): ")
    assert shown.endswith(" g1 takes 3 damage.")
    assert log([*first, attacked], state=state).splitlines()[1] == named
    assert log([*first, attacked]).splitlines()[1] == shown
    assert "行動順：ren → mina → g2 → g1。" in log(first, "ja")


def test_initiative_uses_the_modifier_or_the_raw_score() -> None:
    """BAY-18, BAY-19: 1d6 + 敏捷性's modifier by default; the raw score by option."""
    state = RULESET.start(party_setup())
    _, events = play(state, RollInitiative(), [1, 3, 5, 6])
    assert isinstance(events[0], InitiativeRolled)
    assert [r.total for r in events[0].rolls] == [1, 2, 5, 6]
    raw = RULESET.start(party_setup(Rulings(initiative_raw_score=True)))
    _, events = play(raw, RollInitiative(), [5, 4, 6, 1])
    assert isinstance(events[0], InitiativeRolled)
    # The text's example: 1d6 + 5 → 10 goes before 1d6 + 5 → 11 (here 12 + 5 and 14 + 4).
    assert [r.total for r in events[0].rolls] == [17, 18, 15, 10]
    assert events[0].order == ("g2", "g1", "mina", "ren")


def test_lower_initiative_acts_first_whatever_the_side() -> None:
    """BAY-19: allies 10 and enemies 11: allies first; reversed, the enemies first."""
    state = RULESET.start(party_setup())
    _, events = play(state, RollInitiative(), [1, 1, 6, 5])
    assert isinstance(events[0], InitiativeRolled)
    assert events[0].order[:2] == ("ren", "mina")
    _, events = play(state, RollInitiative(), [6, 6, 1, 2])
    assert isinstance(events[0], InitiativeRolled)
    assert events[0].order[:2] == ("g1", "g2")


def test_ties_roll_again_until_they_part() -> None:
    """BAY-18: ties re-roll among the tied only, as often as needed, every die recorded."""
    state = RULESET.start(party_setup())
    _, events = play(state, RollInitiative(), [2, 4, 6, 6, 4, 4, 5, 1])
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


def test_ranged_needs_a_readied_weapon() -> None:
    """BAY-04, BAY-14, BAY-27, BAY-28: switch to the bow, ready it, then shoot with 敏捷性."""
    state = opened([1, 3, 5, 6])
    state, _ = play(state, SwitchWeapon("mina", 1), [])
    assert state.combatant("mina").weapon == BOW
    assert Attack("mina", "g1") not in RULESET.legal_commands(state)
    for _ in range(3):  # ren, g1, g2
        state, _ = play(state, Wait(state.current or ""), [])
    state, _ = play(state, RollInitiative(), [1, 3, 5, 6])
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, Attack("mina", "g1"), ScriptedDice([]))
    assert caught.value.reason == "bayside23.illegal.not_ready"
    state, _ = play(state, Ready("mina"), [])
    for _ in range(3):
        state, _ = play(state, Wait(state.current or ""), [])
    state, _ = play(state, RollInitiative(), [1, 3, 5, 6])
    # A ranged hit: 3d6 + 0 (敏捷性 12) against 3d6 + 0 (敏捷性 9); damage 1D6[6] + 0 − 0: a 6.
    state, events = play(state, Attack("mina", "g1"), [2, 2, 2, 5, 5, 5, 6])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert attack.damage == 6
    assert attack.check.terms[0].label == "bayside23.attribute.agility"


def test_ranged_six_is_one_by_option() -> None:
    """BAY-28: with ranged_six_is_one the 6 deals 1 for bows and guns too."""
    rulings = Rulings(ranged_six_is_one=True)
    setup = BattleSetup(
        participants=[
            Participant(id="a", character=MINA, weapons=[BOW]),
            Participant(id="b", character=GOBLIN, side=Side.ENEMIES),
        ],
        rulings=rulings,
    )
    state = play(RULESET.start(setup), RollInitiative(), [1, 5])[0]
    state = play(state, Ready("a"), [])[0]
    state = play(state, Wait("b"), [])[0]
    state = play(state, RollInitiative(), [1, 5])[0]
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
    setup = BattleSetup(participants=[Participant(id="ren", character=REN), goblin_mage])
    state = play(RULESET.start(setup), RollInitiative(), [5, 1])[0]
    # 精神力 3: +3 to hit, +(−3) damage... the goblin's die 6 deals exactly 1 anyway.
    _, events = play(state, Cast(actor="g3", target="ren", spell=0), [1, 2, 2, 6, 6, 5, 6])
    assert isinstance(events[0], Attacked)
    assert events[0].damage == 1


def test_heal_never_above_hp() -> None:
    """BAY-15: a heal is the die + 精神力's bonus, no defense, never above 生命力."""
    state = opened([3, 1, 5, 6])
    state = play(state, Wait("ren"), [])[0]
    state = play(state, Wait("mina"), [])[0]
    state = play(state, Attack("g1", "ren"), [1, 2, 2, 5, 5, 5, 5])[0]  # 5 + 0 − 0 → ren 0
    assert state.combatant("ren").status is Status.DOWN
    state = play(state, Wait("g2"), [])[0]
    state = play(state, RollInitiative(), [3, 5, 6])[0]  # mina, g1, g2: ren is down
    assert "ren" not in state.order


def test_heal_restores_and_wakes() -> None:
    """BAY-07, BAY-15: a downed ally healed above 0 can act again; HP stops at 生命力."""
    setup = BattleSetup(
        participants=[
            Participant(id="ren", character=REN, spells=[HEAL]),
            Participant(id="mina", character=MINA, hp=0),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES),
        ]
    )
    state = RULESET.start(setup)
    assert state.combatant("mina").status is Status.DOWN
    state = play(state, RollInitiative(), [1, 4])[0]
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
    assert events[1:] == (BattleEnded(Side.ENEMIES),)
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
    """BAY-13, BAY-16: when everyone has acted, the turn ends and initiative is rolled again."""
    state = opened([1, 3, 5, 6])
    for actor in ("mina", "ren", "g1"):
        state = play(state, Wait(actor), [])[0]
    state, events = play(state, Wait("g2"), [])
    assert events[-1] == TurnEnded(1)
    assert RULESET.legal_commands(state) == (RollInitiative(),)


def test_followers_fight_like_everyone() -> None:
    """BAY-20: a follower rolls initiative and acts; only it holds no artifact."""
    setup = BattleSetup(
        participants=[
            Participant(id="mina", character=MINA, weapons=[SWORD]),
            Participant(id="npc", character=GOBLIN, follower=True, weapons=[CLUB]),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES),
        ],
        ledger=SessionLedger(artifacts=("星の指輪",)),
    )
    state = play(RULESET.start(setup), RollInitiative(), [4, 1, 6])[0]
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
    setup = BattleSetup(
        participants=[
            Participant(id="mina", character=MINA, weapons=[SWORD]),
            Participant(id="g1", character=GOBLIN, side=Side.ENEMIES, hp=1),
        ]
    )
    state = play(RULESET.start(setup), RollInitiative(), [1, 6])[0]
    state = play(state, Attack("mina", "g1"), [1, 1, 1, 4, 4, 4])[0]
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


def test_defender_critical_by_option() -> None:
    """BAY-30: with defender_specials, a defender's all-ones makes the attack miss and deals 3."""
    state = opened([1, 3, 5, 6], Rulings(defender_specials=True))
    state, events = play(state, Attack("mina", "g1"), [2, 2, 2, 1, 1, 1])
    attack = events[0]
    assert isinstance(attack, Attacked)
    assert attack.backlash == 3
    assert attack.damage == 0
    assert state.combatant("mina").hp == 2


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
        (Attack("ren", "g1"), "not_your_turn"),
        (Attack("mina", "ren"), "not_an_enemy"),
        (Attack("mina", "zz"), "no_such_combatant"),
        (Cast(actor="mina", target="g1", spell=0), "no_spell"),
        (RollInitiative(), "initiative_rolled"),
        (SwitchWeapon("mina", 0), "no_weapon_to_switch"),
        (Ready("mina"), "nothing_to_ready"),
        (ForgoStrike("mina"), "no_strike"),
    ):
        with pytest.raises(IllegalCommand) as caught:
            RULESET.decide(state, command, ScriptedDice([1] * 10))  # type: ignore[arg-type]
        assert caught.value.reason == f"bayside23.illegal.{reason}"


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
    "participants",
    [
        [Participant(id="a", character=MINA)],
        [
            Participant(id="a", character=MINA),
            Participant(id="a", character=GOBLIN, side=Side.ENEMIES),
        ],
        [Participant(id="a", character=MINA), Participant(id="b", character=GOBLIN)],
        [
            Participant(id="gm", character=MINA),
            Participant(id="b", character=GOBLIN, side=Side.ENEMIES),
        ],
        [
            Participant(id="a", character=MINA, hp=9),
            Participant(id="b", character=GOBLIN, side=Side.ENEMIES),
        ],
    ],
)
def test_bad_setups_are_typed_errors(participants: list[Participant]) -> None:
    """BAY-06, BAY-17: a battle needs two sides, distinct ids and HP within 生命力."""
    with pytest.raises(InvalidCheck):
        BattleSetup(participants=participants)
