"""Checks the GM calls in the middle of a bar2d6 combat, with named helpers (issue 24)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop_rules import IllegalCommand, ScriptedDice, engine
from tabletop_rules.bar2d6 import (
    GM,
    RULESET,
    SYSTEM,
    Attack,
    Attacked,
    CallCheck,
    CheckHelp,
    CheckMade,
    CombatSetup,
    CombatState,
    Command,
    GMCheck,
    GrantBonus,
    Helper,
    Rulings,
    Side,
    check_terms,
    describe,
    odds,
)
from tabletop_rules.checks import Term
from tabletop_rules.serialization import to_json

from .test_combat import GOBLIN, HERO, _record, _setup

LOCK = Term("bar2d6.term.modifier", -1)


def _called(command: Command, faces: list[int]) -> tuple[CombatState, CheckMade]:
    state, record = _record([(command, faces)])
    (event,) = record.events
    assert isinstance(event, CheckMade)
    return state, event


def test_the_gm_calls_a_check_against_its_dice() -> None:
    """B2D6-27, B2D6-28, B2D6-29, B2D6-32: 2D6 + 劍 2 = 8 against the GM's 2D6 = 8 succeeds."""
    _, event = _called(CallCheck(challenger="hero", items=("劍",)), [4, 4, 5, 3])
    result = event.result
    assert (True, (4, 4), (5, 3), ("劍",)) == (
        result.success,
        result.rolls[0].faces,
        result.against.rolls[0].faces,  # type: ignore[union-attr]
        tuple(t.label for t in result.terms),
    )


def test_the_record_keeps_the_gms_modifiers_and_dice() -> None:
    """B2D6-20, B2D6-28: the situational modifiers and every die are in the record."""
    command = CallCheck(challenger="hero", difficulty=1, modifiers=(LOCK,))
    _, record = _record([(command, [2, 2, 3])])
    entry = record.entries[-1]
    (event,) = entry.events
    assert isinstance(event, CheckMade)
    assert ((2, 2, 3), (LOCK,), True) == (entry.faces, event.result.terms, event.result.success)


def test_a_called_check_takes_no_action() -> None:
    """B2D6-35: the GM's check is no one's action: the challenger may still act this round."""
    state, _ = _called(CallCheck(challenger="hero"), [1, 1, 6, 6])
    assert any(isinstance(c, Attack) and c.actor == "hero" for c in RULESET.legal_commands(state))


def test_named_helpers_roll_first_and_add_their_bonus() -> None:
    """B2D6-41, B2D6-43, B2D6-44, B2D6-45, B2D6-48: the helper rolls first; 劍 2 at 1 die adds 1."""
    helper = CheckHelp(helper="hero", dice=1, items=("劍",))
    command = CallCheck(challenger="healer", difficulty=2, helpers=(helper,))
    _, event = _called(command, [3, 3, 4, 3, 4, 5, 2])
    result = event.result
    assert (("hero",), 1, ("bar2d6.term.help",), True) == (
        event.helpers,
        len(result.helpers),
        tuple(t.label for t in result.terms),
        result.success,
    )


@pytest.mark.parametrize(
    ("helpers", "reason"),
    [
        ((CheckHelp(helper="hero", dice=1),), "bar2d6.illegal.own_check"),
        (
            (CheckHelp(helper="healer", dice=1), CheckHelp(helper="healer", dice=2)),
            "bar2d6.illegal.helped_twice",
        ),
        ((CheckHelp(helper="healer", dice=5),), "bar2d6.illegal.help_dice"),
        ((CheckHelp(helper="nobody", dice=1),), "unknown_actor"),
        ((CheckHelp(helper="healer", dice=1, items=("劍",)),), "bar2d6.illegal.unknown_item"),
    ],
)
def test_a_helper_who_may_not_help_is_refused(helpers: tuple[CheckHelp, ...], reason: str) -> None:
    """B2D6-41, B2D6-47: one cooperation check a character not taking the challenge."""
    state, _ = engine.begin(RULESET, _setup(), ScriptedDice([]))
    before = to_json(state)
    command = CallCheck(challenger="hero", helpers=helpers)
    with pytest.raises(IllegalCommand) as refused:
        engine.step(RULESET, state, command, ScriptedDice([1] * 12))
    assert (reason, before) == (refused.value.reason, to_json(state))


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (CallCheck(challenger="hero", difficulty=5), "bar2d6.illegal.difficulty"),
        (CallCheck(challenger="hero", difficulty=-1), "bar2d6.illegal.difficulty"),
        (CallCheck(challenger="hero", items=("盾",)), "bar2d6.illegal.unknown_item"),
        (CallCheck(challenger="ghost"), "unknown_actor"),
        (CallCheck(challenger="hero", actor="hero"), "gm_only"),
    ],
)
def test_a_bad_call_is_refused_and_changes_nothing(command: CallCheck, reason: str) -> None:
    """B2D6-30: 0 to 4 of the GM's dice, the challenger's own items, the GM's call."""
    state, _ = engine.begin(RULESET, _setup(), ScriptedDice([]))
    before = to_json(state)
    with pytest.raises(IllegalCommand) as refused:
        engine.step(RULESET, state, command, ScriptedDice([1] * 12))
    assert reason in refused.value.reason
    assert before == to_json(state)


def test_a_check_too_easy_to_help_is_refused() -> None:
    """B2D6-40: the reading that checks below a number of dice cannot be helped."""
    setup = CombatSetup(participants=_setup().participants, rulings=Rulings(help_min_dice=3))
    state, _ = engine.begin(RULESET, setup, ScriptedDice([]))
    command = CallCheck(challenger="hero", helpers=(CheckHelp(helper="healer", dice=1),))
    with pytest.raises(IllegalCommand) as refused:
        engine.step(RULESET, state, command, ScriptedDice([1] * 9))
    assert "bar2d6.illegal.help_too_easy" == refused.value.reason


def test_a_granted_bonus_goes_to_the_called_check() -> None:
    """B2D6-17: the bonus granted to the next check counts in a check the GM calls, once."""
    grant = GrantBonus(actor="healer", target="hero", item="鼓舞")
    state, record = _record([(grant, []), (CallCheck(challenger="hero"), [1, 2, 3, 3])])
    event = record.events[-1]
    assert isinstance(event, CheckMade)
    assert ("鼓舞", ()) == (event.result.terms[0].label, state.combatant("hero").grants)


def test_odds_of_a_called_check_count_its_helpers() -> None:
    """B2D6-42, B2D6-48: the menu's odds are GMCheck's, helpers' chances included."""
    state, _ = engine.begin(RULESET, _setup(), ScriptedDice([]))
    help = CheckHelp(helper="hero", dice=2, items=("劍",))
    command = CallCheck(challenger="healer", difficulty=3, modifiers=(LOCK,), helpers=(help,))
    expected = GMCheck(
        terms=(LOCK,), difficulty=3, helpers=(Helper.of(HERO, ("劍",), 2, side=Side.ACTIVE),)
    ).probability()
    assert (expected, SYSTEM.odds) == (odds(state, command), odds)


def test_odds_of_a_refused_call_give_its_refusal() -> None:
    """B2D6-41: a call the rules refuse has no odds: the refusal ``decide`` gives it."""
    state, _ = engine.begin(RULESET, _setup(), ScriptedDice([]))
    command = CallCheck(challenger="hero", helpers=(CheckHelp(helper="hero", dice=1),))
    with pytest.raises(IllegalCommand) as refused:
        odds(state, command)
    assert "bar2d6.illegal.own_check" == refused.value.reason


def test_the_gms_menu_offers_a_check_of_each_standing_combatant() -> None:
    """B2D6-27: the GM may call a check of anyone standing, in one form (2 dice)."""
    state, _ = engine.begin(RULESET, _setup(), ScriptedDice([]))
    offered = [c for c in RULESET.legal_commands(state, actor=GM) if isinstance(c, CallCheck)]
    assert ["hero", "healer", "g1", "g2"] == [c.challenger for c in offered]


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("en", "The GM calls a check of Hero: Healer: "),
        ("zh-Hant", "GM要求 Hero 判定：Healer："),
        ("zh-Hans", "GM要求 Hero 判定：Healer："),
        ("ja", "GMが Hero に判定を求める：Healer："),
    ],
)
def test_the_log_tells_a_called_check_with_its_helpers(locale: str, line: str) -> None:
    """B2D6-43: the helper's check, then the challenger's, on the line, in every locale."""
    helper = CheckHelp(helper="healer", dice=1)
    command = CallCheck(challenger="hero", items=("劍",), helpers=(helper,))
    state, event = _called(command, [3, 3, 2, 4, 4, 5, 3])
    text = describe(event, locale, state=state)
    assert text.startswith(line)
    assert ("bar2d6." in text, "\n" in text) == (False, False)


def test_an_attack_takes_the_gms_situational_modifiers() -> None:
    """B2D6-20, B2D6-26: 6 + 劍 2 − 2 fog = 6 ties 3 + 盾 2 + 1 cover = 6: a miss."""
    fog, cover = Term("bar2d6.term.modifier", -2), Term("bar2d6.term.modifier", 1)
    attack = Attack(
        actor="hero",
        targets=("g1",),
        items=("劍",),
        defense_items=("盾",),
        modifiers=(fog,),
        defense_modifiers=(cover,),
    )
    state, record = _record([(attack, [3, 3, 1, 2])])
    (event,) = record.events
    assert isinstance(event, Attacked)
    check = event.strikes[0].check
    assert (fog in check.terms, 3, False) == (True, state.combatant("g1").hp, check.success)
    assert cover in check.against.terms  # type: ignore[union-attr]


def test_odds_of_an_attack_count_the_gms_modifiers() -> None:
    """B2D6-34, B2D6-38: the chance to hit counts the situational modifiers of both sides."""
    state, _ = engine.begin(RULESET, _setup(), ScriptedDice([]))
    plain = Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",))
    fog = Attack(
        actor="hero",
        targets=("g1",),
        items=("劍",),
        defense_items=("盾",),
        modifiers=(Term("bar2d6.term.modifier", -20),),
    )
    chance = odds(state, plain)
    assert (Fraction(0), True) == (odds(state, fog), chance is not None and 0 < chance < 1)


def test_the_terms_of_a_called_check_are_the_check_terms_of_its_items() -> None:
    """B2D6-20, B2D6-23: the passive side of an item counts when the GM calls a reaction."""
    _, event = _called(CallCheck(challenger="g1", items=("盾",), side=Side.PASSIVE), [6, 6, 1, 1])
    assert check_terms(GOBLIN, ("盾",), Side.PASSIVE) == event.result.terms


@pytest.mark.parametrize(
    ("locale", "relation"),
    [
        ("en", "= 2 < 12 (2D6[6,6])"),
        ("ja", "= 2 < 12（2D6[6,6]）"),
        ("zh-Hant", "= 2 < 12（2D6[6,6]）"),
        ("zh-Hans", "= 2 < 12（2D6[6,6]）"),
    ],
)
def test_the_log_of_a_failed_called_check_states_the_true_relation(
    locale: str, relation: str
) -> None:
    """B2D6-29: 2 against the GM's 12 fails, and the log says 2 < 12, not 2 ≥ 12."""
    state, event = _called(CallCheck(challenger="hero"), [1, 1, 6, 6])
    assert relation in describe(event, locale, state=state)


@pytest.mark.parametrize(
    "command",
    [
        CallCheck(challenger="hero", difficulty="2"),  # type: ignore[arg-type]
        CallCheck(challenger="hero", side="up"),  # type: ignore[arg-type]
        CallCheck(challenger="hero", helpers=("healer",)),  # type: ignore[arg-type]
        CallCheck(challenger="hero", modifiers=(3,)),  # type: ignore[arg-type]
        Attack(actor="hero", targets=("g1",), modifiers=("fog",)),  # type: ignore[arg-type]
    ],
)
def test_a_call_of_the_wrong_shape_is_refused_by_decide_and_odds_alike(command: Command) -> None:
    """B2D6-27, B2D6-20: a field of the wrong type is the same typed refusal in both."""
    state, _ = engine.begin(RULESET, _setup(), ScriptedDice([]))
    before = to_json(state)
    with pytest.raises(IllegalCommand) as decided:
        engine.step(RULESET, state, command, ScriptedDice([1] * 12))
    with pytest.raises(IllegalCommand) as offered:
        odds(state, command)
    assert ("bar2d6.illegal.bad_command",) * 2 + (before,) == (
        decided.value.reason,
        offered.value.reason,
        to_json(state),
    )
