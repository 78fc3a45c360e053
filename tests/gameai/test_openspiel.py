"""Every registered rule system as an OpenSpiel game, checked by OpenSpiel's own tools."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from tabletop_rules import openspiel  # noqa: E402
from tabletop_rules.errors import InvalidData  # noqa: E402
from tabletop_rules.serialization import to_json  # noqa: E402
from tabletop_rules.systems import Registry  # noqa: E402

SYSTEMS = Registry.default().names


def _game(name: str, seated: Callable[[Any], Any], **params: Any) -> Any:
    setup = seated(Registry.default().get(name))
    return pyspiel.load_game(openspiel.game_name(name), {"setup": to_json(setup), **params})


def _random_walk(game: Any, seed: int, most: int = 100_000) -> list[Any]:
    """The states of one random game (chance by its own odds), first to last."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < most:
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=chances)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


def test_every_registered_system_is_an_openspiel_game() -> None:
    """Importing the module registers one game per system of the registry."""
    registered = set(pyspiel.registered_names())
    assert {openspiel.game_name(n) for n in SYSTEMS} <= registered


@pytest.mark.parametrize("name", SYSTEMS)
def test_random_simulations_pass_openspiel_checks(name: str, seated: Any) -> None:
    """OpenSpiel's random simulation test, serialization included, passes for every system."""
    game = _game(name, seated)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", SYSTEMS)
def test_serialize_deserialize_round_trips_at_every_state(name: str, seated: Any) -> None:
    """Every state of a random game reads back from its JSON with the same history."""
    game = _game(name, seated)
    for state in _random_walk(game, seed=1, most=150):
        back = game.deserialize_state(state.serialize())
        assert (state.history(), str(state)) == (back.history(), str(back))


@pytest.mark.parametrize("name", SYSTEMS)
def test_chance_outcomes_are_the_faces_of_one_die_each_exactly_as_likely(
    name: str, seated: Any
) -> None:
    """A chance node lists the faces of the die the rules roll, each with 1/sides."""
    game = _game(name, seated)
    seen = 0
    for state in _random_walk(game, seed=2, most=200):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            sides = len(outcomes)
            seen += 1
            assert ([(face, 1 / sides) for face in range(sides)], 1.0) == (
                outcomes,
                pytest.approx(sum(p for _, p in outcomes)),
            )
    assert seen > 0


def test_the_first_chance_node_is_bayside23s_initiative_d6() -> None:
    """BAY-13: a battle opens with the initiative, 1d6 each, as chance nodes of six faces."""
    state = pyspiel.load_game(openspiel.game_name("bayside23")).new_initial_state()
    assert (True, [Fraction(1, 6)] * 6) == (
        state.is_chance_node(),
        [Fraction(p).limit_denominator(100) for _, p in state.chance_outcomes()],
    )


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_record_of_a_finished_game_replays_to_its_state(name: str, seated: Any) -> None:
    """The OpenSpiel game keeps the library's record: a verified replay gives its state."""
    from tabletop_rules.engine import replay

    final = _random_walk(_game(name, seated), seed=3)[-1]
    assert final.state == replay(final.record)


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_illegal_action_is_refused_and_changes_nothing(name: str, seated: Any) -> None:
    """An action that is not legal raises OpenSpiel's SpielError; the state is as it was."""
    game = _game(name, seated)
    state = next(s for s in _random_walk(game, seed=4) if not s.is_chance_node())
    illegal = next(a for a in range(256) if a not in state.legal_actions())
    before = (state.history(), state.serialize())
    with pytest.raises(pyspiel.SpielError, match="illegal action"):
        state.apply_action(illegal)
    assert before == (state.history(), state.serialize())


def test_an_impossible_chance_outcome_is_refused_and_changes_nothing() -> None:
    """A face the die cannot show is refused; the chance node is as it was."""
    state = pyspiel.load_game(openspiel.game_name("bayside23")).new_initial_state()
    before = state.serialize()
    with pytest.raises(pyspiel.SpielError, match="illegal chance outcome"):
        state.apply_action(6)
    assert before == state.serialize()


def test_players_are_sides_and_legal_actions_follow_the_acting_side(seated: Any) -> None:
    """The current player is the side of the one who must act; the others have no action."""
    game = _game("bayside23", seated)
    state = next(s for s in _random_walk(game, seed=5) if not s.is_chance_node())
    player = state.current_player()
    actor = state.get_game().system.ruleset.to_act(state.state)[0]
    side = game.seating.side_of(state.state, actor)
    assert (side, [], True) == (
        game.seating.sides[player],
        state.legal_actions(1 - player),
        bool(state.legal_actions(player)),
    )


def test_a_setup_that_is_not_json_of_the_system_is_refused() -> None:
    """A setup parameter that is no JSON of a setup raises InvalidData at $.setup."""
    with pytest.raises(InvalidData, match=r"\$\.setup"):
        openspiel.game_class(Registry.default().get("bayside23"))({"setup": '{"nope": 1}'})


def test_a_game_cut_at_max_actions_is_terminal_and_a_draw(seated: Any) -> None:
    """max_actions bounds the game's length: the state is then terminal, returns 0."""
    final = _random_walk(_game("duel", seated, max_actions=5), seed=6)[-1]
    assert (5, True, [0.0, 0.0]) == (len(final.history()), final.is_terminal(), final.returns())


@pytest.mark.parametrize(
    ("name", "simulations"), [("m20", 8), ("skirmish", 2), ("bayside23", 8), ("duel", 8)]
)
def test_openspiels_mcts_bot_plays_to_the_end(name: str, simulations: int, seated: Any) -> None:
    """OpenSpiel's MCTS bot plays every side of a whole game, which ends with a result."""
    if name not in SYSTEMS:
        pytest.skip(f"{name} is not installed")
    game = _game(name, seated)
    bot = mcts.MCTSBot(
        game,
        uct_c=2,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=chances)))
        else:
            state.apply_action(bot.step(state))
    result = game.system.ruleset.outcome(state.state)
    assert (True, 0.0) == (result is not None, sum(state.returns()))
