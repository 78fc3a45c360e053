"""Random legal m20 combats, driven only by ``legal_commands``: the invariants of play."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import IllegalCommand, SeededDice, engine
from tabletop_rules.checks import Term
from tabletop_rules.engine import Entry, GameRecord
from tabletop_rules.m20 import (
    GM,
    RULESET,
    SCENARIO_LIMITS,
    Assist,
    Attack,
    Boosts,
    CombatSetup,
    CombatState,
    Command,
    DangerCheck,
    Event,
    FirstAid,
    Heal,
    Hide,
    Hinder,
    RewardItem,
    RoundEnded,
    Specialty,
    SplitFocusDeclared,
    Stance,
    menu_form,
)
from tabletop_rules.m20.strategies import setups
from tabletop_rules.serialization import from_json, make_converter, to_json
from tabletop_rules.testing.strategies import games

CONVERTER = make_converter()
GAMES = games(RULESET, setups(max_participants=4), max_steps=60)
Record = GameRecord[CombatSetup, Command, Event]


def _states(record: Record) -> list[tuple[CombatState, Event]]:
    state = RULESET.start(record.setup)
    seen = []
    for event in record.events:
        seen.append((state, event))
        state = RULESET.evolve(state, event)
    return seen


def _check_state(state: CombatState) -> None:
    for c in state.combatants:
        assert 0 <= c.hp <= c.max_hp
        assert c.damage_boosts_left >= 0
        assert 0 <= c.actions_taken <= c.actions_allowed <= 2
    for entry in state.ledger.entries:
        assert 1 <= entry.spent <= SCENARIO_LIMITS[entry.skill]


@given(GAMES)
def test_random_play_keeps_hp_and_counters_in_range(record: Record) -> None:
    """M20-002, M20-022, M20-065, M20-099: HP in 0..max; no counter below 0 or above its limit."""
    for state, _ in _states(record):
        _check_state(state)
    _check_state(engine.replay(record))


@given(GAMES)
def test_random_play_gives_one_main_action_a_round(record: Record) -> None:
    """M20-049, M20-078: two main actions in a round only after 分神援護."""
    actions: dict[str, int] = {}
    split: set[str] = set()
    for event in record.events:
        if isinstance(event, RoundEnded):
            actions.clear()
            split.clear()
        elif isinstance(event, SplitFocusDeclared):
            split.add(event.actor)
        elif type(event).__name__ in {
            "Attacked",
            "Hid",
            "FocusedDefense",
            "Assisted",
            "Hindered",
            "Treated",
            "Summoned",
        }:
            actor: str = getattr(event, "actor")  # noqa: B009
            actions[actor] = actions.get(actor, 0) + 1
            assert actions[actor] <= (2 if actor in split else 1)


@given(GAMES)
def test_random_play_never_sticks(record: Record) -> None:
    """M20-049, M20-066, M20-098: a combat that is not over always has a legal command.

    Whoever may act is asked (the prompt's responder alone while a reaction waits, the GM
    while rulings on fallen characters remain); ``testing.laws`` checks that ``to_act`` is
    exactly the actors of ``legal_commands``.
    """
    final = engine.fold(RULESET, RULESET.start(record.setup), record.events)
    for state in [*(s for s, _ in _states(record)), final]:
        assert RULESET.is_over(state) or RULESET.legal_commands(state)


@given(GAMES)
def test_random_play_counts_the_rounds(record: Record) -> None:
    """M20-049: the round the fold reaches is one more than the rounds ended."""
    live = engine.fold(RULESET, RULESET.start(record.setup), record.events)

    assert 1 + sum(isinstance(e, RoundEnded) for e in record.events) == live.round


def _mutations(command: Command, state: CombatState) -> list[Command]:
    ids = [c.id for c in state.combatants]
    out: list[Command] = []
    if hasattr(command, "actor"):
        out.extend(attrs.evolve(command, actor=i) for i in [*ids, "gm", "nobody"])  # type: ignore[misc]
    if isinstance(command, Attack):
        out.append(attrs.evolve(command, targets=(*command.targets, command.actor)))
        out.append(attrs.evolve(command, targets=("nobody",)))
    if hasattr(command, "target"):
        out.extend(attrs.evolve(command, target=i) for i in [*ids, "nobody"])  # type: ignore[misc]
    return out


@given(GAMES, st.data())
def test_illegal_commands_change_nothing(record: Record, data: st.DataObject) -> None:
    """M20-049: a command of another moment, or a mutated one, is refused or legal; never harmful.

    Every command either appears in ``legal_commands`` in its menu form (``menu_form``) or
    raises ``IllegalCommand`` without changing the state: actors and targets swapped for
    every combatant, the GM and an unknown id, and an attack on its own attacker.
    """
    moments = [s for s, _ in _states(record)] or [RULESET.start(record.setup)]
    state = data.draw(st.sampled_from(moments))
    other = data.draw(st.sampled_from(moments))
    candidates = list(RULESET.legal_commands(other))
    if candidates:
        base = data.draw(st.sampled_from(candidates))
        candidates.extend(_mutations(base, state))
    legal = set(RULESET.legal_commands(state))
    forms = {menu_form(c) for c in legal}
    before = to_json(state, converter=CONVERTER)
    for command in (
        data.draw(st.lists(st.sampled_from(candidates), max_size=8)) if candidates else []
    ):
        if command in legal:
            RULESET.decide(state, command, SeededDice(0))
            continue
        try:
            RULESET.decide(state, command, SeededDice(0))
        except IllegalCommand:
            pass
        else:
            # decide accepted a command legal_commands does not list: only a free-form choice
            # (an area or a guard named otherwise), whose menu form a menu offers.
            assert menu_form(command) in forms, command
        assert before == to_json(state, converter=CONVERTER)


# --------------------------------------------------------------------------- at the table

_ITEMS = st.builds(
    RewardItem,
    name=st.sampled_from(["幸運符", "charm", "お守り"]),
    bonus=st.integers(-3, 3),
    from_this_system=st.booleans(),
)
_BOOSTS = st.builds(
    Boosts,
    items=st.lists(_ITEMS, max_size=2).map(tuple),
    extra=st.lists(st.builds(Term, st.just("GM"), st.integers(-3, 3)), max_size=2).map(tuple),
    reroll=st.booleans(),
)
_SPECIALTY_COMMANDS = (Hide, Assist, Hinder, Heal, FirstAid)


@st.composite
def table_games(draw: st.DrawFn) -> Record:
    """Random legal combats where commands take boosts and helpers and the GM calls dangers."""
    setup = draw(setups(max_participants=4))
    dice = SeededDice(draw(st.integers(0, 2**32)))
    state, record = engine.begin(RULESET, setup, dice)
    entries: list[Entry[Command, Event]] = []
    for _ in range(40):
        if RULESET.is_over(state):
            break
        legal = RULESET.legal_commands(state)
        command = draw(st.sampled_from(legal))
        standing = [c.id for c in state.combatants if c.standing]
        if isinstance(command, Attack):
            command = attrs.evolve(command, boosts=draw(_BOOSTS))
        elif isinstance(command, _SPECIALTY_COMMANDS):
            others = [i for i in standing if i != command.actor]
            helpers = (
                draw(st.lists(st.sampled_from(others), unique=True, max_size=4)) if others else []
            )
            command = attrs.evolve(command, boosts=draw(_BOOSTS), helpers=tuple(helpers))
        elif command.actor == GM and draw(st.booleans()):
            characters = [c.id for c in state.combatants if c.standing and c.character is not None]
            if characters and not state.prompts.frames:
                command = DangerCheck(
                    participant=draw(st.sampled_from(characters)),
                    specialty=draw(st.sampled_from(Specialty)),
                    difficulty=draw(st.integers(4, 20)),
                    stance=draw(st.sampled_from(Stance)),
                    dodge=draw(st.booleans()),
                    boosts=draw(_BOOSTS),
                )
        state, entry = engine.step(RULESET, state, command, dice)
        entries.append(entry)
    return record.extend(entries)


@given(table_games())
def test_table_play_replays_verified_and_round_trips(record: Record) -> None:
    """M20-009, M20-042..046, M20-139..141: combats with reward items, GM terms, rerolls,
    helpers and danger checks replay verified to the live state and survive JSON; HP and
    counters stay in range."""
    live = engine.fold(RULESET, RULESET.start(record.setup), record.events)
    for state, _ in _states(record):
        _check_state(state)

    again = from_json(to_json(record, converter=CONVERTER), GameRecord, converter=CONVERTER)
    assert record == again
    assert live == engine.replay(again, RULESET)
    assert live == engine.replay(again, RULESET, trusted=True)
