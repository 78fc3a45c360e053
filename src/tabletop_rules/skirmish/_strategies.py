"""Hypothesis strategies for skirmish: valid cards, decks and game setups."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import strategies as st

from tabletop_rules.skirmish._cards import Card, Skill, Step, Target, Timing, sample_cards
from tabletop_rules.skirmish._checks import Rulings
from tabletop_rules.skirmish._combat._values import PLAYERS, CombatSetup, Team, home_rows
from tabletop_rules.skirmish._decks import SAMPLE_DECKS, Deck
from tabletop_rules.skirmish._effects import (
    ApChange,
    Damage,
    Effect,
    Heal,
    Marker,
    MarkerEffect,
    Modify,
    Move,
    Remove,
    Role,
)

__all__ = ["cards", "characters", "setups"]

_IDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=12)
_NAMES = st.text(alphabet="abcdefgh ABCDEFGH騎士弓兵", min_size=1, max_size=20).filter(
    lambda s: s.strip() != ""
)


def _marker_effects() -> st.SearchStrategy[MarkerEffect]:
    small = st.integers(-3, 3)
    flag = st.booleans()
    return st.builds(
        MarkerEffect,
        skl=small,
        defense=small,
        atk=small,
        cannot_act=flag,
        cannot_move=flag,
        cannot_respond=flag,
        turn_end_hp=small,
        turn_start_ap=small,
    ).filter(lambda e: not e.empty)


def _effects(*, response: bool) -> st.SearchStrategy[Effect]:
    options: list[st.SearchStrategy[Any]] = [
        st.builds(Damage, st.integers(1, 5)),
        st.builds(Heal, st.integers(1, 5)),
        st.builds(ApChange, st.integers(-3, 0)),
        st.builds(Move, st.integers(-2, 2)),
        st.builds(
            Marker,
            name=st.sampled_from(["hexed", "focused", "blessed"]),
            duration=st.integers(1, 6),
            effect=_marker_effects(),
            stacks=st.booleans(),
        ),
        st.just(Remove()),
    ]
    if response:
        options.append(st.builds(Modify, st.sampled_from(Role), st.integers(-3, 3)))
    return st.one_of(options)


@st.composite
def _skills(draw: st.DrawFn) -> Skill:
    timing = draw(st.sampled_from(Timing))
    target = draw(st.sampled_from(Target))
    response = timing is Timing.RESPONSE
    return Skill(
        name=draw(_NAMES),
        cost=draw(st.integers(1, 4)),
        check=target is Target.ENEMY and draw(st.booleans()),
        attack=draw(st.booleans()),
        target=target,
        range=draw(st.none() | st.integers(0, 3)),
        timing=timing,
        step=draw(st.sampled_from(Step)) if response else None,
        effects=tuple(draw(st.lists(_effects(response=response), min_size=1, max_size=3))),
    )


def cards(*, max_skills: int = 2) -> st.SearchStrategy[Card]:
    """Valid character cards (no summon or replace: those need a card set).

    .. versionadded:: 0.1.0
    """
    return st.builds(
        Card,
        id=_IDS,
        name=_NAMES,
        hp=st.integers(1, 9),
        atk=st.integers(0, 4),
        skl=st.integers(0, 4),
        defense=st.integers(0, 4),
        skills=st.lists(_skills(), max_size=max_skills).map(tuple),
    )


@st.composite
def _setups(draw: st.DrawFn, sample: bool) -> CombatSetup:
    pool = sample_cards()
    teams: list[Team] = []
    for player in PLAYERS:
        if sample:
            chosen = draw(st.lists(st.sampled_from(pool.cards), min_size=3, max_size=3))
        else:  # one id to a card (SK-01): each random card gets its own
            drawn = draw(st.lists(cards(), min_size=3, max_size=3))
            chosen = [attrs.evolve(c, id=f"{player}{i}-{c.id}") for i, c in enumerate(drawn)]
        rows = draw(st.lists(st.sampled_from(home_rows(player)), min_size=3, max_size=3))
        teams.append(Team(cards=tuple(chosen), rows=tuple(rows)))
    rulings = draw(
        st.builds(
            Rulings,
            defender_naturals=st.booleans(),
            rows_between=st.booleans(),
            limits_per_player=st.booleans(),
            enter_enemy_rows=st.booleans(),
            refresh_markers=st.booleans(),
            last_turn=st.integers(1, 12),
        )
    )
    return CombatSetup(teams=tuple(teams), library=pool.cards, rulings=rulings)


def setups(*, sample: bool = True) -> st.SearchStrategy[CombatSetup]:
    """Valid game setups: three cards a side on random rows of their own, random readings.

    Args:
        sample: Draw the cards from the sample set (with summons and replacements); else
            draw random cards.

    .. versionadded:: 0.1.0
    """
    return _setups(sample)


def characters() -> st.SearchStrategy[Deck]:
    """Valid decks of three sample cards (a sample deck now and then): what a sheet holds.

    .. versionadded:: 0.1.0
    """
    ids = sample_cards().ids
    drawn = st.lists(st.sampled_from(ids), min_size=3, max_size=3).map(lambda i: Deck(tuple(i)))
    return st.one_of(st.sampled_from(tuple(SAMPLE_DECKS)).map(Deck.sample), drawn)
