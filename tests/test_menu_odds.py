"""Menu odds (issue 24): each system's ``odds(state, command)`` is the exact chance of success.

Each chance is checked against enumeration: the command's rule is played with scripted dice of
every sequence of faces it can draw (``menu_odds.enumerated``), and the successes are counted.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tabletop_rules import ScriptedDice, bar2d6, bayside23, engine, m20
from tabletop_rules.bar2d6 import Character as Bar2d6Character
from tabletop_rules.bar2d6 import Item, ItemKind, Special, SpecialKind
from tabletop_rules.checks import Term
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.m20 import Boosts, DefenseBoosts, Skill

from .bar2d6.test_combat import _setup as bar2d6_setup
from .bayside23.test_battle import opened as bayside23_opened
from .m20.test_combat import combat, hero
from .menu_odds import enumerated

# --------------------------------------------------------------------------- m20


def _m20_hit(events: Any) -> bool:
    """An m20 attack succeeds when one of its strikes hits."""
    return any(strike.check.success for strike in events[0].strikes)


def _m20_state() -> m20.CombatState:
    return combat(hero("A", Skill.DOUBLE_ATTACK, Skill.AREA_ATTACK), c=hero("C"))


def _reroll(defender: str) -> tuple[DefenseBoosts, ...]:
    return (DefenseBoosts(defender=defender, boosts=Boosts(reroll=True)),)


def _high(reroll: bool = False) -> Boosts:
    """+15 from the GM: a miss is rare, so an attacker's reroll seldom branches."""
    return Boosts(extra=[Term("GM", 15)], reroll=reroll)


M20_ATTACKS = {
    "single": m20.Attack(actor="a", targets=("b",)),
    "single, attacker rerolls": m20.Attack(actor="a", targets=("b",), boosts=Boosts(reroll=True)),
    "single, defender rerolls": m20.Attack(actor="a", targets=("b",), defense_boosts=_reroll("b")),
    "single, both reroll": m20.Attack(
        actor="a", targets=("b",), boosts=_high(reroll=True), defense_boosts=_reroll("b")
    ),
    "area of two": m20.Attack(actor="a", targets=("b", "c"), mode=m20.AttackMode.AREA),
    "area of two, attacker rerolls": m20.Attack(
        actor="a", targets=("b", "c"), mode=m20.AttackMode.AREA, boosts=_high(reroll=True)
    ),
}


@pytest.mark.parametrize("name", sorted(M20_ATTACKS))
def test_m20_attack_odds_are_enumerations_odds(name: str) -> None:
    """M20-033, M20-100, M20-104, M20-141: at least one strike hits (a tie hits); an area's
    strikes share the attack d20 and its reroll; each reroll item as decide uses it."""
    state, command = _m20_state(), M20_ATTACKS[name]
    rule = m20.RULESET.command_rules[m20.Attack]

    expected = enumerated(lambda dice: rule(state, command, dice), _m20_hit, sides=20)
    assert expected == m20.odds(state, command)


def test_m20_double_attack_odds_are_its_two_strikes() -> None:
    """M20-100: a 雙重攻擊's strikes roll their own dice: it succeeds unless both miss; each
    strike's chance is enumerated with its own planned terms (the double's penalty included)."""
    state = _m20_state()
    command = m20.Attack(actor="a", targets=("b", "b"), mode=m20.AttackMode.DOUBLE)
    events = m20.RULESET.decide(state, command, ScriptedDice([10, 10, 10, 10]))
    missed = Fraction(1)
    for strike in events[0].strikes:  # type: ignore[union-attr]
        check = m20.AttackCheck(
            attack=strike.check.terms,
            defense=strike.check.against.terms,  # type: ignore[union-attr]
        )
        missed *= 1 - enumerated(check.resolve, lambda r: r.success, sides=20)
    assert 1 - missed == m20.odds(state, command)


@pytest.mark.parametrize("reroll", [False, True])
def test_m20_specialty_odds_are_enumerations_odds(reroll: bool) -> None:
    """M20-036, M20-052, M20-141: a hide check against its difficulty, with a reroll item."""
    state = _m20_state()
    command = m20.Hide(actor="a", target="b", boosts=Boosts(reroll=reroll))
    rule = m20.RULESET.command_rules[m20.Hide]

    expected = enumerated(
        lambda dice: rule(state, command, dice), lambda e: e[0].check.success, sides=20
    )
    assert expected == m20.odds(state, command)


def test_m20_danger_odds_are_enumerations_odds() -> None:
    """M20-009, M20-036: the GM's check against a danger."""
    state = _m20_state()
    command = next(c for c in m20.RULESET.legal_commands(state) if type(c) is m20.DangerCheck)
    rule = m20.RULESET.command_rules[m20.DangerCheck]

    expected = enumerated(
        lambda dice: rule(state, command, dice), lambda e: e[0].check.success, sides=20
    )
    assert expected == m20.odds(state, command)


def test_every_m20_menu_item_has_odds_or_none() -> None:
    """Every command a menu offers gets its chance (or ``None``), without raising."""
    state = _m20_state()
    chances = {type(c).__name__: m20.odds(state, c) for c in m20.RULESET.legal_commands(state)}

    assert chances["EndRound"] is None
    assert isinstance(chances["Attack"], Fraction)


def test_m20_odds_refuse_what_decide_refuses() -> None:
    """An attack by someone not in the combat is refused as decide refuses it."""
    with pytest.raises(IllegalCommand):
        m20.odds(_m20_state(), m20.Attack(actor="zz", targets=("b",)))


def test_m20_odds_refuse_what_is_no_command() -> None:
    """A value that is no m20 command is refused at its path."""
    with pytest.raises(InvalidData) as caught:
        m20.odds(_m20_state(), "attack")  # type: ignore[arg-type]
    assert "$.command" == caught.value.path


# --------------------------------------------------------------------------- bar2d6

TWIN = Bar2d6Character(
    name="Twin",
    items=[
        Item(name="劍", kind=ItemKind.WEAPON, active=2, passive=1),
        Item(
            name="雙斬",
            kind=ItemKind.MOVE,
            specials=[Special(kind=SpecialKind.MULTI, cost=3, amount=2)],
        ),
    ],
    hp_bought=0,
)


def _bar2d6_state() -> bar2d6.CombatState:
    setup = bar2d6_setup()
    participants = [*setup.participants, bar2d6.Participant(id="twin", character=TWIN, side="pc")]
    state, _ = engine.begin(
        bar2d6.RULESET, bar2d6.CombatSetup(participants=participants), ScriptedDice([])
    )
    return state


BAR2D6_ATTACKS = {
    "single": bar2d6.Attack(actor="hero", targets=("g1",), items=("劍",), defense_items=("盾",)),
    "area of two": bar2d6.Attack(
        actor="hero", targets=("g1", "g2"), items=("劍",), defense_items=("盾",), special="旋風斬"
    ),
    "multi of two": bar2d6.Attack(
        actor="twin", targets=("g1",), items=("劍",), defense_items=("盾",), special="雙斬"
    ),
    "single, the GM's modifiers": bar2d6.Attack(
        actor="hero",
        targets=("g1",),
        items=("劍",),
        modifiers=(Term("bar2d6.term.modifier", -1),),
        defense_modifiers=(Term("bar2d6.term.modifier", 2),),
    ),
    "multi of two, the GM's modifiers": bar2d6.Attack(
        actor="twin",
        targets=("g1",),
        special="雙斬",
        modifiers=(Term("bar2d6.term.modifier", 3),),
        defense_modifiers=(Term("bar2d6.term.modifier", -1),),
    ),
}


@pytest.mark.parametrize("name", sorted(BAR2D6_ATTACKS))
def test_bar2d6_attack_odds_are_enumerations_odds(name: str) -> None:
    """B2D6-13, B2D6-14, B2D6-34, B2D6-38: one contest won (strictly higher) is a success;
    an area's attack roll is shared, a multi-attack's defense roll is."""
    state, command = _bar2d6_state(), BAR2D6_ATTACKS[name]
    rule = bar2d6.RULESET.command_rules[bar2d6.Attack]

    expected = enumerated(
        lambda dice: rule(state, command, dice),
        lambda e: any(s.check.success for s in e[0].strikes),
        sides=6,
    )
    assert expected == bar2d6.odds(state, command)


BAR2D6_CALLS = {
    "alone, the GM's modifier": bar2d6.CallCheck(
        challenger="hero",
        difficulty=2,
        items=("劍",),
        modifiers=(Term("bar2d6.term.modifier", -1),),
    ),
    "helped": bar2d6.CallCheck(
        challenger="healer",
        difficulty=1,
        helpers=(bar2d6.CheckHelp(helper="hero", dice=1, items=("劍",)),),
    ),
}


@pytest.mark.parametrize("name", sorted(BAR2D6_CALLS))
def test_bar2d6_called_check_odds_are_enumerations_odds(name: str) -> None:
    """B2D6-27, B2D6-29, B2D6-32, B2D6-42, B2D6-43, B2D6-48: at least the GM's total is a
    success; a helper rolls first and its success adds its share of the bonus used."""
    state, command = _bar2d6_state(), BAR2D6_CALLS[name]
    rule = bar2d6.RULESET.command_rules[bar2d6.CallCheck]

    expected = enumerated(
        lambda dice: rule(state, command, dice), lambda e: e[0].result.success, sides=6
    )
    assert expected == bar2d6.odds(state, command)


def test_bar2d6_odds_refuse_a_call_decide_refuses() -> None:
    """B2D6-41: a character helping its own check is refused by odds as decide refuses it."""
    command = bar2d6.CallCheck(
        challenger="hero", helpers=(bar2d6.CheckHelp(helper="hero", dice=1),)
    )
    with pytest.raises(IllegalCommand) as refused:
        bar2d6.odds(_bar2d6_state(), command)
    assert "bar2d6.illegal.own_check" == refused.value.reason


def test_a_bar2d6_heal_has_no_odds() -> None:
    """B2D6-15: a heal makes no check."""
    state = _bar2d6_state()
    assert bar2d6.odds(state, bar2d6.Heal(actor="healer", target="hero", item="聖光")) is None


def test_bar2d6_odds_refuse_what_decide_refuses() -> None:
    """An attack on someone not in the combat is refused as decide refuses it."""
    with pytest.raises(IllegalCommand):
        bar2d6.odds(_bar2d6_state(), bar2d6.Attack(actor="hero", targets=("zz",)))


# --------------------------------------------------------------------------- bayside23

BAYSIDE23_RULINGS = {
    "defaults": bayside23.Rulings(),
    "ties hit, defenders' specials": bayside23.Rulings(
        tie_hits=True, defender_specials=True, specials="any_two"
    ),
}


@pytest.mark.parametrize(
    ("rulings", "command"),
    [
        ("defaults", bayside23.Attack("mina", "g1")),
        ("ties hit, defenders' specials", bayside23.Cast(actor="ren", target="g1", spell=0)),
    ],
    ids=["weapon", "magic"],
)
def test_bayside23_hit_odds_are_enumerations_odds(rulings: str, command: Any) -> None:
    """BAY-21, BAY-24, BAY-29, BAY-31: the hit check succeeds (a critical counts), the
    rulings in force; the six hit dice are enumerated (the damage die after a hit cannot
    change it)."""
    state = bayside23_opened([1, 3, 5, 6], BAYSIDE23_RULINGS[rulings])  # mina, ren, g1, g2
    if command.actor == "ren":
        state = engine.step(bayside23.RULESET, state, bayside23.Wait("mina"), ScriptedDice([]))[0]
    rule = bayside23.RULESET.command_rules[type(command)]

    expected = enumerated(
        lambda dice: rule(state, command, dice),
        lambda e: e[0].check.success,
        sides=6,
        counted=6,
    )
    assert expected == bayside23.odds(state, command)


@pytest.mark.parametrize("difficulty", [-3, 0, 4])
def test_bayside23_action_check_odds_are_enumerations_odds(difficulty: int) -> None:
    """BAY-34, BAY-35, BAY-36, BAY-37: the GM's action check succeeds at or under its
    target (the feature's value − the GM's difficulty); its two dice are enumerated."""
    state = bayside23_opened([1, 3, 5, 6])  # mina first
    command = bayside23.Overcome(
        actor="mina", obstacle=bayside23.Obstacle.TRAP, difficulty=difficulty
    )
    rule = bayside23.RULESET.command_rules[bayside23.Overcome]

    expected = enumerated(
        lambda dice: rule(state, command, dice), lambda e: e[0].result.success, sides=6
    )
    assert expected == bayside23.odds(state, command)


def test_a_bayside23_heal_spell_has_no_odds() -> None:
    """BAY-15: a heal makes no hit check."""
    state = bayside23_opened([3, 1, 5, 6])  # ren first
    assert bayside23.odds(state, bayside23.Cast(actor="ren", target="mina", spell=1)) is None


def test_bayside23_odds_refuse_what_decide_refuses() -> None:
    """BAY-13: an attack out of turn is refused as decide refuses it."""
    state = bayside23_opened([1, 3, 5, 6])  # mina first
    with pytest.raises(IllegalCommand):
        bayside23.odds(state, bayside23.Attack("g1", "mina"))


@pytest.mark.parametrize("system", [m20.SYSTEM, bar2d6.SYSTEM, bayside23.SYSTEM])
def test_each_system_names_its_odds(system: Any) -> None:
    """Each system's ``SYSTEM.odds`` is its own ``odds``."""
    assert system.odds.__module__.endswith("._odds")


@pytest.mark.parametrize(
    ("odds", "command"),
    [
        (m20.odds, m20.Attack(actor="a", targets=("b",))),
        (bar2d6.odds, bar2d6.Attack(actor="hero", targets=("g1",))),
        (bayside23.odds, bayside23.Attack("mina", "g1")),
    ],
    ids=["m20", "bar2d6", "bayside23"],
)
def test_odds_refuse_what_is_no_state(odds: Any, command: Any) -> None:
    """A value that is no state of the system is refused at ``$.state``."""
    with pytest.raises(InvalidData) as caught:
        odds("a state", command)
    assert "$.state" == caught.value.path


@pytest.mark.parametrize(
    ("odds", "state"),
    [
        (bar2d6.odds, _bar2d6_state),
        (bayside23.odds, lambda: bayside23_opened([1, 3, 5, 6])),
    ],
    ids=["bar2d6", "bayside23"],
)
def test_odds_refuse_another_systems_command(odds: Any, state: Any) -> None:
    """An m20 command is no command of bar2d6 or bayside23: refused at ``$.command``."""
    with pytest.raises(InvalidData) as caught:
        odds(state(), m20.Attack(actor="a", targets=("b",)))
    assert "$.command" == caught.value.path
