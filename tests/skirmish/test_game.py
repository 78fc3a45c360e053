"""The skirmish game, rule by rule, with scripted dice (SK-01 to SK-53)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from tabletop_rules import CorruptRecord, IllegalCommand, InvalidData, ScriptedDice, SeededDice
from tabletop_rules.checks import CheckResult, Opposition
from tabletop_rules.engine import Pass, replay, step
from tabletop_rules.engine import begin as begin_game
from tabletop_rules.simulation import play as play_game
from tabletop_rules.skirmish import (
    RULESET,
    Advanced,
    Attack,
    CardSet,
    CombatSetup,
    CombatState,
    Command,
    Declared,
    Ended,
    EndTurn,
    Event,
    FirstPlayerRolled,
    GameEnded,
    GiveAp,
    Paid,
    Phase,
    Prepare,
    Resolved,
    Rolled,
    Rulings,
    Status,
    Step,
    StepTaken,
    TargetLost,
    Team,
    TurnEnded,
    TurnStarted,
    UseSkill,
    load_cards,
    sample_cards,
)

CARDS = load_cards("""
[[card]]
id = "knight"
name = "Knight"
hp = 5
atk = 2
skl = 2
def = 1

[[card]]
id = "squire"
name = "Squire"
hp = 4
atk = 1
skl = 1
def = 1

[[card]]
id = "bolt_mage"
name = "Bolt Mage"
hp = 4
atk = 1
skl = 2
def = 0
[[card.skill]]
name = "Bolt"
cost = 2
check = true
attack = true
target = "enemy"
range = 3
[[card.skill.effect]]
kind = "damage"
amount = 3
[[card.skill]]
name = "Ward"
cost = 1
target = "ally"
[[card.skill.effect]]
kind = "marker"
name = "warded"
duration = 2
effect = { def = 2 }
[[card.skill]]
name = "Exile"
cost = 1
target = "enemy"
[[card.skill.effect]]
kind = "remove"
[[card.skill]]
name = "Call"
cost = 1
[[card.skill.effect]]
kind = "summon"
card = "imp"
[[card.skill]]
name = "Swap"
cost = 1
target = "self"
[[card.skill.effect]]
kind = "replace"
card = "knight"

[[card]]
id = "imp"
name = "Imp"
hp = 1
atk = 1
skl = 0
def = 0
""")


def knight_teams(  # noqa: PLR0917 - a table of the test setups
    a: Sequence[str] = ("knight", "squire", "squire"),
    b: Sequence[str] = ("knight", "squire", "squire"),
    rows_a: tuple[int, ...] = (1, 1, 0),
    rows_b: tuple[int, ...] = (2, 2, 3),
    cards: CardSet = CARDS,
    rulings: Rulings | None = None,
) -> CombatSetup:
    return CombatSetup(
        teams=(
            Team(cards=tuple(cards[i] for i in a), rows=rows_a),
            Team(cards=tuple(cards[i] for i in b), rows=rows_b),
        ),
        library=cards.cards,
        rulings=rulings or Rulings(),
    )


def _steps(events: Sequence[Event]) -> list[StepTaken]:
    """The steps of the :class:`Advanced` events among *events*, in order."""
    return [t for e in events if isinstance(e, Advanced) for t in e.steps]


def _rolled(events: Sequence[Event]) -> Rolled:
    """The first check rolled among *events* (a step of an :class:`Advanced` event)."""
    return next(t for t in _steps(events) if isinstance(t, Rolled))


def run(
    state: CombatState, command: Command, faces: Sequence[int] = ()
) -> tuple[CombatState, tuple[Event, ...]]:
    """Play *command* with *faces*: the rules roll a check when its window closes (SK-30)."""
    dice = ScriptedDice(faces)
    state, entry = step(RULESET, state, command, dice)
    assert not dice.remaining
    return state, entry.events


def _opposing(result: CheckResult) -> Opposition:
    assert isinstance(result.against, Opposition)
    return result.against


def begin(setup: CombatSetup, first: str = "a") -> CombatState:
    """The game's first turn: the rules roll for the first player (SK-02)."""
    faces = [4, 4, 1, 2] if first == "a" else [1, 2, 4, 4]
    return begin_game(RULESET, setup, ScriptedDice(faces))[0]


def end_turns(state: CombatState, count: int) -> CombatState:
    for _ in range(count):
        state = run(state, EndTurn(state.active))[0]
    return state


# --------------------------------------------------------------------------- setup


def test_three_cards_a_side() -> None:
    """SK-01: each player fields exactly three character cards."""
    with pytest.raises(InvalidData, match="three"):
        CombatSetup(
            teams=(
                Team(cards=(CARDS["knight"],) * 2, rows=(1, 1)),
                Team(cards=(CARDS["knight"],) * 3, rows=(2, 2, 2)),
            )
        )


def test_first_player_ties_reroll() -> None:
    """SK-02: both roll 2D6; a tie rolls again; the higher goes first."""
    state, record = begin_game(RULESET, knight_teams(), ScriptedDice([3, 4, 5, 2, 1, 1, 6, 5]))
    first = record.entries[0].events[0]
    assert isinstance(first, FirstPlayerRolled)
    assert [r.total for r in first.rolls] == [7, 7, 2, 11]
    assert ("b", "b") == (first.first, state.active)


def test_the_rules_roll_for_the_first_player() -> None:
    """SK-02: nobody sends a command to roll for the first turn: the rules roll it at the start.

    Before it is rolled the game waits for chance: no one may act; ``engine.begin`` rolls it,
    and the record's first entry, with no command, keeps its faces.
    """
    state = RULESET.start(knight_teams())
    assert (True, (), ()) == (
        RULESET.is_chance(state),
        RULESET.legal_commands(state),
        RULESET.to_act(state),
    )
    state, record = begin_game(RULESET, knight_teams(), ScriptedDice([4, 4, 1, 2]))
    entry = record.entries[0]
    assert (None, (4, 4, 1, 2)) == (entry.command, entry.faces)
    assert ("a", 1, Phase.ACTION) == (state.active, state.turn, state.phase)


@pytest.mark.parametrize(
    ("build", "path"),
    [
        (lambda: CombatSetup(teams="ab"), "$.teams"),  # type: ignore[arg-type]
        (lambda: Team(cards=(1, 2, 3), rows=(0, 0, 1)), "$.cards[0]"),  # type: ignore[arg-type]
        (lambda: Team(cards=(CARDS["knight"],) * 3, rows=(0, True, 1)), "$.rows[1]"),
        (lambda: CombatSetup(teams=knight_teams().teams, library=("knight",)), "$.library[0]"),  # type: ignore[arg-type]
        (lambda: CombatSetup(teams=knight_teams().teams, rulings=None), "$.rulings"),  # type: ignore[arg-type]
    ],
)
def test_setup_values_of_the_wrong_type_are_invalid_data(build: Any, path: str) -> None:
    """SK-01, SK-03: a setup built from values of the wrong type names the field."""
    with pytest.raises(InvalidData) as caught:
        build()
    assert path == caught.value.path


def test_placement_in_own_rows_any_number_a_row() -> None:
    """SK-03, SK-04, SK-05: each side places in its own two rows, any number in a row."""
    state = RULESET.start(knight_teams(rows_a=(0, 0, 0), rows_b=(3, 3, 2)))
    assert [u.row for u in state.units] == [0, 0, 0, 3, 3, 2]
    with pytest.raises(InvalidData, match="rows"):
        knight_teams(rows_a=(1, 1, 2))


def test_distance_penalty_per_row() -> None:
    """SK-06, SK-22: a check takes −1 a row of distance between actor and target."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire"), rows_a=(0, 1, 1)))
    state = end_turns(state, 2)  # a has 2 AP on its second turn
    state, events = run(state, UseSkill("a", "a1", 0, "b3"), [3, 3, 1, 2])
    rolled = _rolled(events)
    assert [(t.label, t.value) for t in rolled.result.terms] == [
        ("skirmish.term.skl", 2),
        ("skirmish.term.distance", -3),
    ]


def test_rows_between_reading() -> None:
    """SK-06: the rows_between reading gives adjacent rows no penalty."""
    setup = knight_teams(rulings=Rulings(rows_between=True))
    state = begin(setup)
    state, events = run(state, Attack("a", "a1", "b1"), [3, 3, 1, 2])
    rolled = _rolled(events)
    assert [t.label for t in rolled.result.terms] == ["skirmish.term.skl"]


# --------------------------------------------------------------------------- turns


def test_preparation_gives_each_standing_character_one_ap() -> None:
    """SK-07: the turn player's characters gain 1 AP, and keep it into later turns."""
    state = begin(knight_teams())
    assert [u.ap for u in state.units] == [1, 1, 1, 0, 0, 0]
    state = end_turns(state, 2)
    assert [u.ap for u in state.units] == [2, 2, 2, 1, 1, 1]


def test_downed_characters_ap_may_be_given() -> None:
    """SK-08, SK-40: a downed character's AP may go to another character of its player."""
    state = begin(knight_teams(b=("squire", "imp", "squire")))
    state = run(state, Attack("a", "a1", "b2"), [5, 5, 1, 1])[0]
    assert state.unit("b2").status is Status.DOWNED
    state = end_turns(state, 1)
    assert state.spare_ap == 1
    state = run(state, GiveAp("b", "b1"))[0]
    assert (state.unit("b1").ap, state.spare_ap) == (2, 0)
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, GiveAp("b", "b1"), ScriptedDice([]))
    assert refused.value.reason == "skirmish.illegal.no_spare_ap"


def test_actions_are_declared_and_of_three_kinds() -> None:
    """SK-09, SK-10: a character declares a normal attack, a preparatory action or a skill."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire")))
    kinds = {type(c).__name__ for c in RULESET.legal_commands(state)}
    assert {"Attack", "Prepare", "UseSkill", "EndTurn"} <= kinds
    _, events = run(state, Prepare("a", "a1"))
    assert isinstance(events[0], Declared)


def test_normal_attack_within_distance_one() -> None:
    """SK-11: a normal attack targets a character within distance 1."""
    state = begin(knight_teams(rows_a=(0, 1, 1)))
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, Attack("a", "a1", "b1"), ScriptedDice([]))
    assert refused.value.reason == "skirmish.illegal.out_of_range"


def test_normal_attack_deals_atk_damage() -> None:
    """SK-12, SK-22, SK-23, SK-24, SK-25: 2D6+skl−distance against 2D6+def; higher hits."""
    state = begin(knight_teams())
    state, events = run(state, Attack("a", "a1", "b1"), [4, 3, 2, 3])
    rolled = _rolled(events)
    assert (rolled.result.total, _opposing(rolled.result).value) == (8, 6)
    assert state.unit("b1").hp == 3


def test_a_tie_fails() -> None:
    """SK-25: an equal total fails."""
    state = begin(knight_teams())
    state, _ = run(state, Attack("a", "a1", "b1"), [3, 3, 3, 3])  # 6+2-1 = 7 vs 6+1 = 7
    assert state.unit("b1").hp == 5


def test_attack_once_a_turn_and_no_prepare_after() -> None:
    """SK-13, SK-14, SK-15: a normal attack once a turn, and no preparatory action after it."""
    state = begin(knight_teams())
    state, _ = run(state, Attack("a", "a1", "b1"), [1, 2, 3, 3])
    checks: list[tuple[Command, str]] = [
        (Attack("a", "a1", "b2"), "skirmish.illegal.attacked"),
        (Prepare("a", "a1"), "skirmish.illegal.attacked"),
    ]
    for command, reason in checks:
        with pytest.raises(IllegalCommand) as refused:
            RULESET.decide(state, command, ScriptedDice([]))
        assert refused.value.reason == reason
    run(state, Attack("a", "a2", "b1"), [1, 2, 3, 3])  # per character


def test_limits_per_player_reading() -> None:
    """SK-14: with limits_per_player, one normal attack a turn for the whole side."""
    state = begin(knight_teams(rulings=Rulings(limits_per_player=True)))
    state, _ = run(state, Attack("a", "a1", "b1"), [1, 2, 3, 3])
    with pytest.raises(IllegalCommand):
        RULESET.decide(state, Attack("a", "a2", "b1"), ScriptedDice([]))


def test_prepare_gives_two_ap_and_a_move() -> None:
    """SK-16, SK-17: +2 AP and a move to an adjacent row, the opponent's rows included."""
    state = begin(knight_teams())
    state, _ = run(state, Prepare("a", "a1", 2))
    assert (state.unit("a1").ap, state.unit("a1").row) == (3, 2)


def test_no_move_into_enemy_rows_reading() -> None:
    """SK-17: with enter_enemy_rows off, a move stays in the player's own rows."""
    state = begin(knight_teams(rulings=Rulings(enter_enemy_rows=False)))
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, Prepare("a", "a1", 2), ScriptedDice([]))
    assert refused.value.reason == "skirmish.illegal.bad_row"


def test_prepare_once_and_no_attack_type_after() -> None:
    """SK-18, SK-19, SK-13: one preparatory action a turn, then no attack-type action."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire")))
    state, _ = run(state, Prepare("a", "a1"))
    for command in (Prepare("a", "a1"), Attack("a", "a1", "b1"), UseSkill("a", "a1", 0, "b1")):
        with pytest.raises(IllegalCommand) as refused:
            RULESET.decide(state, command, ScriptedDice([]))
        assert refused.value.reason == "skirmish.illegal.prepared"
    run(state, UseSkill("a", "a1", 1, "a2"))  # not attack-type: allowed


def test_skill_spends_its_ap() -> None:
    """SK-20, SK-21: a skill spends its cost; one with a check takes effect only on success."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire")))
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, UseSkill("a", "a1", 0, "b1"), ScriptedDice([]))
    assert refused.value.reason == "skirmish.illegal.no_ap"
    state = end_turns(state, 2)
    state, events = run(state, UseSkill("a", "a1", 0, "b1"), [1, 2, 6, 5])
    assert _steps(events)[0] == Paid("a1", 0, True, cost=2)
    assert not _rolled(events).result.success
    assert (state.unit("a1").ap, state.unit("b1").hp) == (0, 5)


def test_natural_one_one_fails_and_costs_ap() -> None:
    """SK-26, SK-27: 1+1 fails at once (no defender roll) and costs 1 AP, not below 0."""
    state = begin(knight_teams())
    state, events = run(state, Attack("a", "a1", "b1"), [1, 1])
    rolled = _rolled(events)
    assert _opposing(rolled.result).rolls == ()
    assert (state.unit("a1").ap, state.unit("b1").hp) == (0, 5)
    state = end_turns(state, 2)  # a1 has 1 AP again
    state, _ = run(state, Attack("a", "a1", "b1"), [1, 1])
    assert state.unit("a1").ap == 0
    state, _ = run(state, Attack("a", "a2", "b1"), [1, 1])
    assert state.unit("a2").ap == 1


def test_natural_six_six_succeeds_and_gains_ap() -> None:
    """SK-28, SK-29: 6+6 succeeds at once and gains 1 AP."""
    setup = knight_teams(b=("squire", "squire", "squire"))
    state = begin(setup)
    state, _ = run(state, Attack("a", "a2", "b1"), [6, 6])
    assert (state.unit("a2").ap, state.unit("b1").hp) == (2, 3)


def test_turn_end_and_the_other_players_turn() -> None:
    """SK-33, SK-34: the player ends the turn whenever; then the other player's turn."""
    state = begin(knight_teams())
    state, events = run(state, EndTurn("a"))
    assert isinstance(events[-1], TurnStarted)
    assert (state.active, state.turn, state.phase) == ("b", 2, Phase.ACTION)
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, EndTurn("a"), ScriptedDice([]))
    assert refused.value.reason == "skirmish.illegal.not_your_turn"


# --------------------------------------------------------------------------- the end


def test_all_down_wins() -> None:
    """SK-35, SK-40: when all of one side's characters are down, the other side wins."""
    state = begin(knight_teams(b=("imp", "imp", "imp"), rows_b=(2, 2, 2)))
    for attacker, target in (("a1", "b1"), ("a2", "b2"), ("a3", "b3")):
        if state.unit(attacker).row != 1:
            state = run(state, Prepare("a", attacker, 1))[0]
            state = end_turns(state, 2)
        state, events = run(state, Attack("a", attacker, target), [6, 5, 1, 1])
    # The game ends as soon as the effect downs the last one: the action does not go on to
    # its end step.
    assert isinstance(events[-1], GameEnded)
    last = events[-2]
    assert isinstance(last, Advanced)
    assert isinstance(last.steps[-1], Resolved)
    assert last.steps[-1].units[0].status is Status.DOWNED
    assert state.result is not None
    assert (state.result.winners, state.result.reason) == (("a",), "skirmish.result.all_down")


@pytest.mark.parametrize(
    ("last", "expected"),
    [(1, ("a",)), (2, ())],
)
def test_after_the_last_turn(last: int, expected: tuple[str, ...]) -> None:
    """SK-36, SK-37, SK-38, SK-39: more standing, then more hp, wins; else a draw."""
    setup = knight_teams(rulings=Rulings(last_turn=last))
    state = begin(setup)
    if last == 1:
        state, _ = run(state, Attack("a", "a1", "b1"), [6, 5, 1, 1])
    state = end_turns(state, last)
    assert state.result is not None
    assert state.result.winners == expected


def test_more_standing_characters_wins() -> None:
    """SK-37: after the last turn, the side with more standing characters wins."""
    state = begin(knight_teams(b=("imp", "knight", "knight"), rulings=Rulings(last_turn=1)))
    state, _ = run(state, Attack("a", "a1", "b1"), [6, 5, 1, 1])
    state = end_turns(state, 1)
    assert state.result is not None
    assert state.result.winners == ("a",)


def test_nobody_left_is_a_draw() -> None:
    """SK-49, SK-48: with no characters on the field on either side, the game is a draw.

    No single effect of the vocabulary empties both sides at once, so the state is built.
    """
    state = begin(knight_teams())
    gone = tuple(attrs.evolve(u, status=Status.REMOVED) for u in state.units)
    result = RULESET.outcome(attrs.evolve(state, units=gone))
    assert result is not None
    assert (result.winners, result.reason) == ((), "skirmish.result.nobody_left")


def test_a_side_with_none_left_loses() -> None:
    """SK-35, SK-47, SK-48: a side whose characters all left the game loses."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire"), b=("imp", "imp", "imp")))
    state = end_turns(state, 2)
    state, _ = run(state, UseSkill("a", "a1", 2, "b1"))
    state, _ = run(state, UseSkill("a", "a1", 2, "b2"))
    assert state.result is None
    state = end_turns(state, 2)
    state, _ = run(state, UseSkill("a", "a1", 2, "b3"))
    assert state.result is not None
    assert state.result.winners == ("a",)


# --------------------------------------------------------------------------- markers, removal


def test_marker_lasts_its_duration() -> None:
    """SK-41, SK-42, SK-45, SK-46: a marker lowers by 1 at every turn end and goes at 0."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire")))
    state, _ = run(state, UseSkill("a", "a1", 1, "a2"))
    assert [m.turns for m in state.unit("a2").markers] == [2]
    state = end_turns(state, 1)
    assert [m.turns for m in state.unit("a2").markers] == [1]
    state = end_turns(state, 1)
    assert state.unit("a2").markers == ()


def test_marker_modifies_checks() -> None:
    """SK-41, SK-44: the marker's effect applies (def +2 against an attack)."""
    state = begin(knight_teams(b=("bolt_mage", "squire", "squire")), first="b")
    state, _ = run(state, UseSkill("b", "b1", 1, "b1"))
    state = end_turns(state, 1)
    state, events = run(state, Attack("a", "a1", "b1"), [3, 3, 3, 3])
    rolled = _rolled(events)
    assert [t.label for t in _opposing(rolled.result).terms] == ["skirmish.term.def", "warded"]


def test_same_marker_does_not_stack() -> None:
    """SK-43: a repeated marker leaves one, with the longer duration."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire")))
    state = end_turns(state, 2)
    state, _ = run(state, UseSkill("a", "a1", 1, "a2"))
    state, _ = run(state, UseSkill("a", "a1", 1, "a2"))
    assert len(state.unit("a2").markers) == 1


def test_remove_from_game_is_not_downed() -> None:
    """SK-47, SK-48: a removed character leaves the field and is not downed."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire")))
    state, _ = run(state, UseSkill("a", "a1", 2, "b1"))
    assert state.unit("b1").status is Status.REMOVED
    state = end_turns(state, 1)
    assert state.spare_ap == 0
    assert "b1" not in {c.unit for c in RULESET.legal_commands(state) if isinstance(c, GiveAp)}


def test_replace_comes_in_fresh_in_the_same_row() -> None:
    """SK-50: the replacing card takes the old card's row, fresh; the old one leaves."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire"), rows_a=(0, 1, 1)))
    state, _ = run(state, UseSkill("a", "a1", 4, "a1"))
    new = state.units[-1]
    assert (new.card.id, new.row, new.hp, new.ap) == ("knight", 0, 5, 0)
    assert state.unit("a1").status is Status.REMOVED


def test_summon_acts_and_leaves_at_zero_hp() -> None:
    """SK-51, SK-52, SK-53: a summon acts normally and is removed, not downed, at 0 hp."""
    state = begin(knight_teams(a=("bolt_mage", "squire", "squire")))
    state, _ = run(state, UseSkill("a", "a1", 3, None))
    imp = state.units[-1]
    assert (imp.card.id, imp.summon, imp.row) == ("imp", True, 1)
    state = end_turns(state, 2)
    assert state.unit(imp.id).ap == 1
    state, _ = run(state, Attack("a", imp.id, "b1"), [1, 2, 3, 3])
    state = end_turns(state, 1)
    state, _ = run(state, Attack("b", "b1", imp.id), [5, 5, 1, 1])
    assert state.unit(imp.id).status is Status.REMOVED


# --------------------------------------------------------------------------- the stack


def _stack_setup() -> CombatSetup:
    cards = sample_cards()
    return CombatSetup(
        teams=(
            Team(
                cards=(cards["ember_knight"], cards["riposte_duelist"], cards["field_medic"]),
                rows=(1, 1, 0),
            ),
            Team(
                cards=(cards["stone_warden"], cards["wind_archer"], cards["beast_caller"]),
                rows=(2, 3, 3),
            ),
        ),
        library=cards.cards,
    )


def test_a_response_to_a_response_resolves_first() -> None:
    """SK-30, SK-31, SK-32: a response to a response resolves first (last in, first out).

    The opponent, then the active player, may respond before each step; passes move on.
    """
    state = end_turns(begin(_stack_setup()), 2)
    events: list[Event] = []
    script: list[tuple[Command, tuple[int, ...]]] = [
        (Attack("a", "a1", "b1"), ()),
        (UseSkill("b", "b1", 0, None), ()),  # Shield Wall: def +2
        (UseSkill("a", "a2", 1, None), ()),  # Feint, answering the Shield Wall: skl +2
        (Pass("a"), ()),
        (Pass("a"), ()),
        (Pass("a"), (5, 4, 2, 3)),  # the attack's window closes: its check rolls
    ]
    for command, faces in script:
        assert RULESET.to_act(state) == (command.actor,)
        state, new = run(state, command, faces)
        events.extend(new)
    ended = [t.unit for t in _steps(events) if isinstance(t, Ended)]
    assert ended == ["a2", "b1", "a1"]
    rolled = _rolled(events)
    assert rolled.result.total == 9 + 2 - 1 + 2
    assert _opposing(rolled.result).value == 5 + 3 + 2
    assert state.unit("b1").hp == 6
    assert state.stack.empty


def test_the_opponent_is_asked_first() -> None:
    """SK-32: in a window both may answer, the opponent is asked before the active player."""
    state = end_turns(begin(_stack_setup()), 2)
    state, _ = run(state, Attack("a", "a1", "b1"))
    assert state.stack.top.pending.responders == ("b", "a")
    assert RULESET.to_act(state) == ("b",)
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, Pass("a"), ScriptedDice([]))
    assert refused.value.reason == "not_your_prompt"


def test_nothing_else_while_resolving() -> None:
    """SK-31: while an action resolves, its player can start no other action."""
    state = end_turns(begin(_stack_setup()), 2)
    state, _ = run(state, Attack("a", "a1", "b1"))
    with pytest.raises(IllegalCommand):
        RULESET.decide(state, EndTurn("a"), ScriptedDice([]))


def test_the_check_rolls_when_its_window_closes() -> None:
    """SK-30 step 2, SK-32: the check rolls as soon as the window before it closes.

    The pass that closes the window sets the roll off: its entry holds the faces, and no one
    sends a command to roll.
    """
    state = end_turns(begin(_stack_setup()), 2)
    state, _ = run(state, Attack("a", "a1", "b1"))
    state, _ = run(state, Pass("b"))  # b could Shield Wall before the roll, and does not
    assert state.stack.top.responder == "a"  # a could Feint
    state, entry = step(RULESET, state, Pass("a"), ScriptedDice([6, 4, 1, 3]))
    assert ((6, 4, 1, 3), [(6, 4)]) == (
        entry.faces,
        [_rolled(entry.events).result.rolls[0].faces],
    )
    assert state.stack.top.pending.pending.result == _rolled(entry.events).result


def test_no_one_asked_the_check_rolls_with_the_command() -> None:
    """SK-30: with no window that asks anyone, the command's own entry rolls its check."""
    state = begin(knight_teams())
    state, entry = step(RULESET, state, Attack("a", "a1", "b1"), ScriptedDice([4, 3, 2, 3]))
    assert [type(e).__name__ for e in entry.events] == ["Declared", "Advanced"]
    assert [type(t).__name__ for t in _steps(entry.events)] == [
        "Paid",
        "Rolled",
        "Resolved",
        "Ended",
    ]
    assert entry.faces == (4, 3, 2, 3)


def test_verified_replay_of_the_stack_scenario() -> None:
    """SK-30, SK-31: the record of a turn with responses replays, verified, to the live state."""
    setup = _stack_setup()
    state, record = begin_game(RULESET, setup, ScriptedDice([4, 4, 1, 2]))
    script: list[tuple[Command, tuple[int, ...]]] = [
        (EndTurn("a"), ()),
        (EndTurn("b"), ()),
        (Attack("a", "a1", "b1"), ()),
        (UseSkill("b", "b1", 0, None), ()),
        (Pass("a"), ()),  # the Shield Wall's roll window: a could Feint, and does not
        (Pass("a"), ()),  # the Shield Wall's end window: a could Riposte, and does not
        (Pass("a"), (6, 4, 1, 3)),  # the attack's window again: b has no AP, a passes: roll
    ]
    for command, faces in script:
        dice = ScriptedDice(faces)
        state, entry = step(RULESET, state, command, dice)
        record = record.append(entry)
    assert replay(record, RULESET) == state
    assert any(isinstance(t, Resolved) and t.modifiers for t in _steps(record.events))


@pytest.mark.parametrize("trusted", [True, False])
def test_a_forged_advanced_event_is_refused(trusted: bool) -> None:
    """SK-30: an Advanced event whose steps are no steps is refused by replay, trusted or not."""
    record = play_game(RULESET, _stack_setup(), seed=3)
    entries = list(record.entries)
    at = next(i for i, e in enumerate(entries) if any(isinstance(v, Advanced) for v in e.events))
    events = [
        Advanced((TurnEnded("a"),)) if isinstance(v, Advanced) else v  # type: ignore[arg-type]
        for v in entries[at].events
    ]
    entries[at] = attrs.evolve(entries[at], events=events)
    with pytest.raises(CorruptRecord) as refused:
        replay(attrs.evolve(record, entries=entries), RULESET, trusted=trusted)
    assert refused.value.index == at


def test_a_target_that_moved_out_of_range_before_step_one_is_lost() -> None:
    """SK-30, SK-11: the target is chosen at step 1; one that has moved out of range is lost.

    Mist Dancer blinks away (row 2 to row 3) in the window before the pay step of a normal
    attack from row 1: at step 1 it is 2 rows away, beyond a normal attack's distance 1, so
    the attack comes to nothing and no check is rolled.
    """
    cards = sample_cards()
    duel = (cards["riposte_duelist"], cards["stone_warden"], cards["mist_dancer"])
    setup = CombatSetup(
        teams=(Team(cards=duel, rows=(1, 1, 1)), Team(cards=duel, rows=(2, 2, 2))),
        library=cards.cards,
    )
    state = end_turns(begin(setup, first="b"), 1)  # a's first turn: 1 AP each
    state, _ = run(state, Attack("a", "a1", "b3"))
    state, blinked = run(state, UseSkill("b", "b3", 0, "b3"))
    events: list[Event] = list(blinked)
    while state.stack.frames:  # the Blink's windows and the attack's: everyone passes
        top = state.stack.top.responder
        assert top is not None
        state, new = run(state, Pass(top))
        events.extend(new)
    assert state.unit("b3").row == 3
    lost = [t for t in _steps(events) if isinstance(t, TargetLost)]
    assert [("a1", "b3")] == [(t.unit, t.target) for t in lost]
    assert not any(isinstance(t, Rolled) for t in _steps(events))
    assert state.unit("b3").hp == 4


def _blink_setup() -> CombatSetup:
    """a: Riposte Duelist, Stone Warden, Mist Dancer in row 1; b: two Mist Dancers and a Warden."""
    cards = sample_cards()
    a = (cards["riposte_duelist"], cards["stone_warden"], cards["mist_dancer"])
    b = (cards["mist_dancer"], cards["stone_warden"], cards["mist_dancer"])
    return CombatSetup(
        teams=(Team(cards=a, rows=(1, 1, 1)), Team(cards=b, rows=(2, 2, 2))),
        library=cards.cards,
    )


def test_a_response_must_leave_the_ap_promised_to_skills_not_yet_paid() -> None:
    """SK-20, SK-30: AP is paid at step 1, and a character may not promise it twice.

    b3 (1 AP) blinks in the window before the attack's pay step; before the Blink pays, b may
    answer again, since b1 can still blink, but b3 may not: its only AP is promised. The
    refusal names the promise, and the menu offers b1's Blink and not b3's.
    """
    state = end_turns(begin(_blink_setup(), first="b"), 1)  # a's first turn: 1 AP each
    state, _ = run(state, Attack("a", "a1", "b3"))
    state, _ = run(state, UseSkill("b", "b3", 0, "b3"))
    state, _ = run(state, Pass("a"))
    assert state.stack.top.responder == "b"
    with pytest.raises(IllegalCommand) as refused:
        run(state, UseSkill("b", "b3", 0, "b3"))
    assert refused.value.reason == "skirmish.illegal.ap_promised"
    assert refused.value.params == {"unit": "b3", "cost": 1, "promised": 1}
    assert "promised 1 AP" in str(refused.value)
    offered = RULESET.legal_commands(state, actor="b")
    assert UseSkill("b", "b1", 0, "b1") in offered
    assert UseSkill("b", "b3", 0, "b3") not in offered
    state, _ = run(state, UseSkill("b", "b1", 0, "b1"))  # b1's own AP is free
    while state.stack.frames:
        top = state.stack.top.responder
        assert top is not None
        state, _ = run(state, Pass(top))
    assert (state.unit("b1").ap, state.unit("b3").ap) == (0, 0)  # each paid its own Blink
    assert (state.unit("b1").row, state.unit("b3").row) == (3, 3)


BLINKING_MAGE = load_cards("""
[[card]]
id = "blinking_mage"
name = "Blinking Mage"
hp = 4
atk = 1
skl = 2
def = 0
[[card.skill]]
name = "Spark"
cost = 1
target = "enemy"
range = 3
[[card.skill.effect]]
kind = "damage"
amount = 1
[[card.skill]]
name = "Blink"
cost = 1
timing = "response"
step = "pay"
target = "self"
[[card.skill.effect]]
kind = "move"
rows = 1
""")


def test_a_skill_declared_on_the_turn_promises_its_ap_too() -> None:
    """SK-20, SK-30, SK-32: a main skill not yet paid has promised its AP like a response.

    a1 (1 AP) casts Spark (cost 1) on its turn: before Spark is paid, a1 may not Blink (its AP
    is promised), so a is not asked, nor is b (no responses): Spark pays and takes effect.
    """
    cards = CardSet((*CARDS.cards, *BLINKING_MAGE.cards))
    setup = knight_teams(a=("blinking_mage", "squire", "squire"), cards=cards)
    state = end_turns(begin(setup, first="b"), 1)  # a's first turn: 1 AP each
    state, events = run(state, UseSkill("a", "a1", 0, "b1"))
    assert not state.stack.frames
    assert state.unit("a1").ap == 0
    assert state.unit("b1").hp == cards["knight"].hp - 1
    assert [t.paid for t in _steps(events) if isinstance(t, Paid)] == [True]


def _eager(state: CombatState) -> Command:
    """The first skill offered, else the first attack, else a pass or the turn's end."""
    actor = RULESET.to_act(state)[0]
    offered = RULESET.legal_commands(state, actor=actor)
    for kind in (UseSkill, Attack, Pass, EndTurn):
        for command in offered:
            if type(command) is kind:
                return command
    return offered[0]


@pytest.mark.parametrize("seed", range(4))
def test_a_player_who_always_responds_cannot_stall_the_game(seed: int) -> None:
    """SK-20, SK-30, SK-36: with AP promised, the stack stays as deep as the AP allows.

    Both players attack whenever they can and answer every window they may, with Blink before
    its own pay step too: the response stack never grows past the AP on the field, and the
    game ends by its last turn.
    Without the promised AP, b3 could answer its own Blink for ever.
    """
    dice = SeededDice(seed)
    state = begin_game(RULESET, _blink_setup(), dice)[0]
    for _ in range(2_000):
        if RULESET.outcome(state) is not None:
            break
        promised: dict[str, int] = {}
        for frame in state.stack.frames:
            action = frame.pending.pending
            if action.skill is not None and action.step is Step.PAY:
                cost = state.unit(action.unit).card.skills[action.skill].cost
                promised[action.unit] = promised.get(action.unit, 0) + cost
        assert all(state.unit(unit).ap >= owed for unit, owed in promised.items())
        state = step(RULESET, state, _eager(state), dice)[0]
    assert RULESET.outcome(state) is not None
