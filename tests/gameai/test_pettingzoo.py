"""Every registered rule system as a PettingZoo AEC environment, checked by api_test."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from tabletop_rules.errors import InvalidData  # noqa: E402
from tabletop_rules.pettingzoo import ACTIONS, Env, IllegalAction, env  # noqa: E402
from tabletop_rules.systems import Registry  # noqa: E402

SYSTEMS = Registry.default().names
#: What api_test says of every environment of the library, and why it is so:
#: the observation is a dict holding the action mask, as PettingZoo's classic games' are;
#: the agents are named after the sides, not ``player_0``.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
    "We recommend agents to be named in the format",
)


def _env(name: str, seated: Any, **options: Any) -> Any:
    return env(name, seated(Registry.default().get(name)), **options)


def _play(environment: Any, seed: int) -> list[int]:
    """Play an episode with actions drawn from the masks; the actions taken."""
    rng = np.random.RandomState(seed)
    environment.reset(seed=seed)
    taken: list[int] = []
    for agent in environment.agent_iter(100_000):
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append(action)
        environment.step(action)
        del agent
    return taken


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_passes_pettingzoos_api_test(name: str, seated: Any) -> None:
    """PettingZoo's api_test passes; it warns only of what the docs say the design is."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(_env(name, seated), num_cycles=200)
    unexpected = {
        str(w.message)
        for w in caught
        if not any(str(w.message).startswith(e) for e in EXPECTED_WARNINGS)
    }
    assert set() == unexpected


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_same_seed_plays_the_same_episode(name: str, seated: Any) -> None:
    """PettingZoo's seed test: reset with one seed gives the same observations."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: _env(name, seated), num_cycles=50)


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_episode_ends_with_zero_sum_rewards_and_the_record(name: str, seated: Any) -> None:
    """Rewards come at the end (+1/−1 between two sides); the record replays to the state."""
    from tabletop_rules.engine import replay

    environment = _env(name, seated)
    rewards: dict[str, float] = {}
    rng = np.random.RandomState(7)
    environment.reset(seed=7)
    for agent in environment.agent_iter(100_000):
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] = rewards.get(agent, 0.0) + reward
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    raw = environment.unwrapped
    result = raw.system.ruleset.outcome(raw.state_now)
    assert (0.0, raw.state_now) == (sum(rewards.values()), replay(raw.record))
    assert (result is None) == all(value == 0 for value in rewards.values())


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_illegal_action_is_refused_and_changes_nothing(name: str, seated: Any) -> None:
    """An action outside the mask raises IllegalAction (an AssertionError); nothing changes."""
    environment = _env(name, seated)
    environment.reset(seed=3)
    agent = environment.agent_selection
    before = environment.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="illegal action"):
        environment.step(illegal)
    after = environment.observe(agent)
    assert (agent, True, True) == (
        environment.agent_selection,
        bool((before["observation"] == after["observation"]).all()),
        bool((before["action_mask"] == after["action_mask"]).all()),
    )


def test_an_action_outside_the_space_is_refused_by_the_wrapper(seated: Any) -> None:
    """The wrapped environment asserts that every action is one of the 256 bytes."""
    environment = _env("duel", seated)
    environment.reset(seed=1)
    with pytest.raises(AssertionError, match="action space"):
        environment.step(ACTIONS)


def test_the_selected_agent_follows_a_prompt_to_the_side_asked(seated: Any) -> None:
    """DUEL: the defender's side is selected while its member may brace against a hit."""
    environment = _env("duel", seated)
    raw = environment.unwrapped
    environment.reset(seed=11)
    asked = []
    for agent in environment.agent_iter(2_000):
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        frames = raw.system.ruleset.prompts(raw.state_now).frames
        if frames and frames[-1].responder is not None:
            responder = frames[-1].responder
            asked.append((agent, raw.seating.side_of(raw.state_now, responder)))
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert asked
    assert all(agent == side for agent, side in asked)


def test_a_bad_option_is_refused_with_invalid_data() -> None:
    """A count below 1 raises InvalidData at its path before any episode."""
    with pytest.raises(InvalidData, match=r"\$\.max_actions"):
        Env("bayside23", max_actions=0)


def test_an_episode_is_truncated_at_max_actions(seated: Any) -> None:
    """max_actions bounds an episode: every agent is truncated there, rewards 0."""
    taken = _play(_env("duel", seated, max_actions=3), seed=5)
    assert 3 == len(taken)
