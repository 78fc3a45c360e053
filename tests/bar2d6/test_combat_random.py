"""Random legal bar2d6 combats, driven only by ``legal_commands``: the invariants of play.

The engine's own laws (replay, JSON, refusals, menus) are ``test_laws.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import IllegalCommand, SeededDice
from tabletop_rules.bar2d6 import (
    RULESET,
    SYSTEM,
    Attack,
    Attacked,
    CombatSetup,
    CombatState,
    Command,
    Event,
    Participant,
    command_label,
)
from tabletop_rules.bar2d6.strategies import characters, setups
from tabletop_rules.i18n import LOCALES
from tabletop_rules.testing import laws

Played = laws.Played[CombatSetup, CombatState, Command, Event]

GAMES = laws.games(SYSTEM, setups=setups(max_participants=4), max_steps=40)


@st.composite
def _crowded_setups(draw: st.DrawFn) -> CombatSetup:
    """Setups of characters with many items, so that several carry the same ability."""
    people = draw(st.lists(characters(max_items=10), min_size=2, max_size=4))
    return CombatSetup(
        participants=[
            Participant(id=f"p{index}", character=character, side=("left", "right")[index % 2])
            for index, character in enumerate(people)
        ]
    )


#: Games of characters with many items each.
CROWDED = laws.games(SYSTEM, setups=_crowded_setups(), max_steps=20)


def _before_each_event(played: Played) -> Iterator[tuple[CombatState, Event]]:
    """Each event of the game with the state it was folded into."""
    state = played.states[0]
    for event in played.record.events:
        yield state, event
        state = RULESET.evolve(state, event)


@given(GAMES)
def test_hp_stays_within_zero_and_max(played: Played) -> None:
    """B2D6-01, B2D6-08, B2D6-15: HP never below 0 nor above 3 + HP bought."""
    for state in played.states:
        for c in state.combatants:
            assert 0 <= c.hp <= c.max_hp == 3 + c.character.hp_bought


@given(GAMES)
def test_no_one_at_zero_hp_acts(played: Played) -> None:
    """B2D6-03: no attack is made by a combatant at 0 HP, and none is offered one."""
    for state, event in _before_each_event(played):
        if isinstance(event, Attacked):
            assert state.combatant(event.actor).hp > 0
    for state in played.states:
        for command in RULESET.legal_commands(state):
            actor = command.actor
            assert actor == "gm" or state.combatant(actor).hp > 0


@given(GAMES)
def test_hits_deal_damage_and_misses_none(played: Played) -> None:
    """B2D6-02, B2D6-38: a strike deals damage (1 or more) exactly when strictly higher."""
    for event in played.record.events:
        if isinstance(event, Attacked):
            for strike in event.strikes:
                assert (strike.damage >= 1) == (strike.check.total > strike.check.against.value)


def _names(state: CombatState, actor: str) -> list[str | None]:
    """Every item name of *actor*, as written and upper-cased, and no item at all."""
    items = [i.name for i in state.combatant(actor).character.items]
    return [None, *items, *(name.upper() for name in items)]


def _attack_variants(state: CombatState, attack: Attack) -> Iterator[Attack]:
    """*attack* with every special and boost the attacker could name, fewer items, other
    targets: what a bot that sends its own commands may send."""
    names = _names(state, attack.actor)
    ids = [c.id for c in state.combatants]
    targets = [attack.targets, *((i,) for i in ids), tuple(ids[:2]), tuple(reversed(ids))]
    for special in names:
        for chosen in targets:
            yield attrs.evolve(attack, special=special, targets=chosen)
    for boost in names:
        yield attrs.evolve(attack, boost=boost)
    yield attrs.evolve(attack, items=attack.items[:1], defense_items=())


@given(st.one_of(GAMES, CROWDED), st.data())
def test_every_attack_decide_accepts_is_offered_in_its_form(
    played: Played, data: st.DataObject
) -> None:
    """B2D6-13, B2D6-14, B2D6-16, B2D6-26: an attack with any special or boost item, any
    spelling of it, other targets or fewer items is refused, or a menu offers its form (the
    items the GM allows and who stands in an area are free): a bot that sends its own
    attacks plays the game the menus do."""
    state = data.draw(st.sampled_from(played.states))
    legal = RULESET.legal_commands(state)
    offered = {SYSTEM.menu_form(c) for c in legal}
    attacks = [c for c in legal if isinstance(c, Attack)]
    for attack in data.draw(st.lists(st.sampled_from(attacks), max_size=3)) if attacks else []:
        for variant in _attack_variants(state, attack):
            try:
                RULESET.decide(state, variant, SeededDice(0))
            except IllegalCommand:
                continue
            assert SYSTEM.menu_form(variant) in offered, variant


@given(GAMES, st.data())
def test_every_legal_command_has_a_label_in_every_locale(
    played: Played, data: st.DataObject
) -> None:
    """B2D6-34, B2D6-39: at any moment of play, every command of ``legal_commands`` has a
    one-line label in every locale, with names and no raw key or placeholder."""
    state = data.draw(st.sampled_from(played.states))
    # Names are free text (a brace is a legal name): the check reads the label without them.
    names = sorted(
        {
            name
            for c in state.combatants
            for name in (c.id, c.character.name, *(i.name for i in c.character.items))
        },
        key=len,
        reverse=True,
    )
    for command in RULESET.legal_commands(state):
        for locale in LOCALES:
            label = command_label(command, locale, state=state)
            assert label
            assert "\n" not in label
            for name in names:
                label = label.replace(name, "")
            assert all(mark not in label for mark in ("bar2d6.", "{", "}")), label
