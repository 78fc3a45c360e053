"""Every registered rule system as a PettingZoo AEC environment.

It needs the ``pettingzoo`` extra (``pip install 'tabletop-rules[pettingzoo]'``).

>>> from tabletop_rules.pettingzoo import env
>>> battle = env("bayside23")
>>> battle.reset(seed=1)
>>> battle.agents
['party', 'enemies']
>>> observation, reward, terminated, truncated, info = battle.last()
>>> int(observation["action_mask"].sum()) > 0
True

How a game reads as an environment (the same as its OpenSpiel game,
:mod:`tabletop_rules.openspiel`):

- **Agents** are the game's sides (:class:`~tabletop_rules.search.Seating`); the GM is no
  agent, and a state in which only the GM may act ends the episode (every reward 0).
- :attr:`~pettingzoo.AECEnv.agent_selection` is the side that acts now, following the
  rules' prompts and response windows: the side whose member is asked to react is selected
  until it has answered.
- **Actions** (``Discrete(256)``) choose a command of the selected side byte by byte of
  its canonical JSON, where its legal commands differ; the observation's ``action_mask``
  marks the bytes that continue a legal command (all zero for an agent not selected).
- **Chance** is rolled inside the environment with
  :class:`~tabletop_rules.dice.SeededDice` of the seed given to :meth:`Env.reset`: the
  same seed and actions give the same game.
- **Rewards** come at the end only: +1 and −1 between two sides, 0 for a draw (zero-sum
  among more sides, as in OpenSpiel); every agent is then terminated. A game that reaches
  *max_actions* actions is truncated with rewards 0.
- **Observations** are ``{"observation": ..., "action_mask": ...}``: the observation is
  the UTF-8 JSON of the state and of the bytes chosen so far (perfect information: every
  agent sees the same), zero-padded to *observation_size* bytes (``info["observation"]``
  holds the same text).

An action that the mask does not allow is refused with :class:`IllegalAction`, an
``AssertionError`` as PettingZoo's own environments raise, and nothing changes.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv  # pyright: ignore[reportMissingTypeStubs]  # no py.typed
    from pettingzoo.utils import wrappers  # pyright: ignore[reportMissingTypeStubs]
except ImportError as _error:  # pragma: no cover - the extra is missing
    if (_error.name or "").partition(".")[0] in ("pettingzoo", "gymnasium", "numpy"):
        raise ImportError(
            f"{__name__} needs PettingZoo, which is not installed: install the 'pettingzoo' "
            "extra (pip install 'tabletop-rules[pettingzoo]')",
            name=_error.name,
        ) from _error
    raise

import json
import random
from typing import Any, Final

from tabletop_rules._arguments import checked, wrong_type
from tabletop_rules._gameai import Menu, Seating, default_setup, returns
from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import GameRecord, begin, step
from tabletop_rules.errors import InvalidData
from tabletop_rules.systems import Registry, RuleSystem

__all__ = ["ACTIONS", "Env", "IllegalAction", "env"]

#: The size of every agent's action space: one action per byte.
ACTIONS: Final = 256


class IllegalAction(AssertionError):
    """An action the action mask does not allow; the environment has not changed.

    PettingZoo's own environments refuse an illegal move with an ``AssertionError``.

    .. versionadded:: 0.1.0
    """


def _system(system: str | RuleSystem[Any, Any, Any, Any], registry: Registry | None) -> Any:
    if isinstance(system, RuleSystem):
        return system
    if not isinstance(system, str):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise wrong_type("$.system", "str | systems.RuleSystem", system)
    found = Registry.default() if registry is None else checked(registry, Registry, "$.registry")
    return found.get(system)


class Env(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # mypy: pettingzoo is untyped
    """The AEC environment of one rule system and one setup.

    Args:
        system: A registered system's name, or the system itself.
        setup: The setup of every episode; by default the system's ``lineup`` of two seats
            of its example sheet (see :func:`tabletop_rules.openspiel.default_setup`).
        max_actions: The actions after which an episode is truncated.
        observation_size: The bytes of an observation.
        render_mode: ``"ansi"`` (:meth:`render` returns the state's JSON) or ``None``.
        registry: Where to find *system* by name.

    Raises:
        InvalidData: A setup that is no setup of the system (``$.setup``), fewer than two
            sides, or a count below 1 (``$.max_actions``, ``$.observation_size``).
        UnknownSystem: No system has that name.

    .. versionadded:: 0.1.0
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["ansi"],
        "name": "tabletop_rules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        system: str | RuleSystem[Any, Any, Any, Any],
        setup: Any = None,
        *,
        max_actions: int = 100_000,
        observation_size: int = 1 << 16,
        render_mode: str | None = None,
        registry: Registry | None = None,
    ) -> None:
        super().__init__()
        chosen: RuleSystem[Any, Any, Any, Any] = _system(system, registry)
        ruleset = chosen.ruleset
        setup = (
            default_setup(chosen)
            if setup is None
            else checked(setup, ruleset.setup_type, "$.setup")
        )
        for name, value in (("max_actions", max_actions), ("observation_size", observation_size)):
            if type(value) is not int or value < 1:
                raise InvalidData(
                    f"$.{name}", f"must be a whole number of 1 or more, not {value!r}"
                )
        if render_mode not in (None, "ansi"):
            raise InvalidData("$.render_mode", f"must be 'ansi' or None, not {render_mode!r}")
        seating = Seating.of(ruleset.start(setup))
        if len(seating.sides) < 2:
            raise InvalidData("$.setup", "an environment needs two sides or more")
        #: The rule system.
        self.system = chosen
        #: The setup of every episode.
        self.setup = setup
        #: The agents, as sides.
        self.seating = seating
        self.max_actions = max_actions
        self.observation_size = observation_size
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tabletop_rules_{chosen.name}_v0"}
        self.possible_agents: list[str] = list(seating.sides)
        self.agents: list[str] = []
        self._actions = gymnasium.spaces.Discrete(ACTIONS)
        self._observations = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=0, high=255, shape=(observation_size,), dtype=np.uint8
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(ACTIONS,), dtype=np.int8),
            }
        )
        self._state: Any = None
        self._record: GameRecord[Any, Any, Any] | None = None
        self._dice = SeededDice(0)
        self._menu: Menu | None = None
        self._prefix = b""
        self._count = 0

    # ---------------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Every agent's: the state's bytes and the action mask."""
        return self._observations

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Every agent's: one of 256 bytes."""
        return self._actions

    # ---------------------------------------------------------------- the game

    @property
    def state_now(self) -> Any:
        """The library's state of the episode (``None`` before :meth:`reset`)."""
        return self._state

    @property
    def record(self) -> GameRecord[Any, Any, Any] | None:
        """The record of the episode so far (``None`` before :meth:`reset`)."""
        return self._record

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode; the dice are ``SeededDice(seed)`` (a random seed if ``None``).

        Raises:
            InvalidData: *seed* is no whole number (``$.seed``).
        """
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        elif type(seed) is not int:
            seed = int(checked(seed, int, "$.seed"))
        self._dice = SeededDice(seed)
        self._state, self._record = begin(self.system.ruleset, self.setup, self._dice)
        self._count = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        """Select the side that acts in the new state, or end the episode."""
        self._prefix = b""
        ruleset = self.system.ruleset
        outcome = ruleset.outcome(self._state)
        player, commands = (
            (None, ()) if outcome is not None else self.seating.commands(ruleset, self._state)
        )
        if player is None or not commands:
            self._menu = None
            values = returns(self.seating, outcome)
            for agent, value in zip(self.possible_agents, values, strict=True):
                self.rewards[agent] = value
                self.terminations[agent] = True
            self._refresh_infos()
            return
        self._menu = Menu.of(commands)
        self.agent_selection = self.possible_agents[player]
        self._refresh_infos()

    def _refresh_infos(self) -> None:
        text = self._observation_text()
        for agent in self.agents:
            self.infos[agent] = {"observation": text}

    def _observation_text(self) -> str:
        from tabletop_rules.serialization import to_json

        return json.dumps(
            {
                "state": json.loads(to_json(self._state)),
                "prefix": self._prefix.decode("utf-8", "surrogateescape"),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def _legal(self) -> list[int]:
        menu = self._menu
        if menu is None:
            return []
        _, choices = menu.choices(self._prefix)
        if choices:
            return choices
        return [menu.spelled[menu.matching(self._prefix)[0]][len(self._prefix)]]

    def observe(self, agent: str) -> dict[str, Any]:
        """The state's bytes, and the mask of the bytes *agent* may choose now.

        Raises:
            InvalidData: The state's JSON is longer than *observation_size* bytes
                (``$.observation_size``).
        """
        data = self.infos[agent]["observation"].encode() if agent in self.infos else b""
        if len(data) > self.observation_size:
            raise InvalidData(
                "$.observation_size",
                f"the state's JSON takes {len(data):,} bytes, more than the observation's "
                f"{self.observation_size:,}: make the environment's observation_size larger",
            )
        observation = np.zeros(self.observation_size, np.uint8)
        observation[: len(data)] = np.frombuffer(data, np.uint8)
        mask = np.zeros(ACTIONS, np.int8)
        if agent == getattr(self, "agent_selection", None) and not self.terminations.get(agent):
            mask[self._legal()] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Choose the next byte of the selected side's command; play it once it is chosen.

        Raises:
            IllegalAction: *action* is not marked in the selected agent's action mask
                (nothing has changed).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal()
        if isinstance(action, np.integer):
            action = int(action)  # pyright: ignore[reportUnknownArgumentType]  # np.integer[Any]
        if type(action) is not int or action not in legal:
            raise IllegalAction(f"illegal action {action!r} for {agent}: the mask allows {legal}")
        menu = self._menu
        assert menu is not None
        shared, choices = menu.choices(self._prefix)
        prefix = (shared if choices else self._prefix) + bytes([action])
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._count += 1
        command = menu.chosen(prefix)
        if command is None:
            self._prefix = prefix
            self._refresh_infos()
        else:
            assert self._record is not None
            self._state, entry = step(self.system.ruleset, self._state, command, self._dice)
            self._record = self._record.append(entry)
            self._settle()
        if self._count >= self.max_actions and not any(self.terminations.values()):
            for name in self.agents:
                self.truncations[name] = True
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The state's JSON (``"ansi"``), or ``None`` without a render mode."""
        return self._observation_text() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


def env(system: str | RuleSystem[Any, Any, Any, Any], setup: Any = None, **options: Any) -> Any:
    """The environment of *system*, wrapped as PettingZoo's classic environments are.

    The wrappers check the order of calls and that every action is in the action space; an
    action outside the mask raises :class:`IllegalAction`. *options* go to :class:`Env`.

    .. versionadded:: 0.1.0
    """
    wrapped: Any = Env(system, setup, **options)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
