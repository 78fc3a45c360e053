"""A search bot: Monte Carlo tree search over commands, chance weighted by the exact odds.

:class:`SearchBot` is a :data:`~tabletop_rules.simulation.Bot` for every rule system: it plays
the side that acts now (see :class:`Seating`) and chooses among that side's legal commands.
Each iteration walks down the tree of commands, choosing by UCT (the upper confidence bound),
plays the chosen command with dice drawn from the bot's random generator, adds one new
command to the tree, and plays the game out at random to its end.

Chance is weighted by the exact odds: below a command, each distinct resulting state is one
outcome, and the probability of each outcome is the sum of the exact probabilities of the
distinct faces found to lead to it (``1 / sides`` a die).
A command's value is the average of its outcomes' values weighted by those probabilities, not
by how often each was drawn, so that a rare outcome drawn twice does not count twice.

The bot needs no package beyond the library's own.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Final

import attrs

from tabletop_rules._arguments import checked_ruleset, wrong_type
from tabletop_rules._gameai import Seating, hit_point_balance, returns
from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import step
from tabletop_rules.errors import InvalidData
from tabletop_rules.simulation import Bot  # at run time: the converter reads the field's type

if TYPE_CHECKING:
    from tabletop_rules.dice import Dice, Roll
    from tabletop_rules.engine import Ruleset

__all__ = ["DEFAULT_ITERATIONS", "DEFAULT_ROLLOUT_STEPS", "SearchBot", "Seating"]

#: The iterations of a decision of :class:`SearchBot` by default.
DEFAULT_ITERATIONS: Final = 200
#: The most commands of one playout of :class:`SearchBot` by default.
DEFAULT_ROLLOUT_STEPS: Final = 60


def _positive_whole(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise wrong_type(f"$.{attribute.name}", "int", value)
    if value < 1:
        raise InvalidData(f"$.{attribute.name}", f"must be 1 or more, not {value}")


def _seconds(_: object, __: attrs.Attribute[float | None], value: object) -> None:
    if value is None:
        return
    if type(value) not in (int, float) or not math.isfinite(value):  # type: ignore[arg-type]
        raise wrong_type("$.seconds", "float | None", value)
    if value <= 0:  # type: ignore[operator]
        raise InvalidData("$.seconds", f"must be above 0, not {value}")


def _exploration(_: object, __: attrs.Attribute[float], value: object) -> None:
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:  # type: ignore[arg-type, operator]
        raise InvalidData("$.exploration", f"must be a number of 0 or more, not {value!r}")


def _bot(_: object, __: attrs.Attribute[Bot | None], value: object) -> None:
    if value is not None and not callable(value):
        raise wrong_type("$.playout", "simulation.Bot | None", value)


class _Recorded:
    """Dice that roll a seeded source and keep every face with the sides of its die."""

    __slots__ = ("dice", "faces", "probability")

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)
        self.faces: list[int] = []
        self.probability = 1.0

    def roll(self, dice: Dice) -> Roll:
        roll = self.dice.roll(dice)
        self.faces.extend(roll.faces)
        self.probability /= dice.sides**dice.count
        return roll


class _Outcome:
    """One distinct state a command can lead to: its exact probability so far, its node."""

    __slots__ = ("node", "probability")

    def __init__(self, node: _Node) -> None:
        self.node = node
        self.probability = 0.0


class _Chance:
    """A command of a node: the outcomes found so far, by resulting state."""

    __slots__ = ("command", "faces", "outcomes", "visits")

    def __init__(self, command: Any) -> None:
        self.command = command
        self.outcomes: dict[Any, _Outcome] = {}
        self.faces: set[tuple[int, ...]] = set()
        self.visits = 0

    def value(self, player: int) -> float:
        """The outcomes' mean values for *player*, weighted by their exact probabilities."""
        total = 0.0
        weight = 0.0
        for outcome in self.outcomes.values():
            node = outcome.node
            if node.visits:
                total += outcome.probability * node.totals[player] / node.visits
                weight += outcome.probability
        return total / weight if weight else 0.0


class _Node:
    """A state of the tree: who acts, the commands not tried yet, and the tried ones."""

    __slots__ = ("children", "player", "state", "totals", "untried", "value", "visits")

    def __init__(
        self,
        state: Any,
        player: int | None,
        *,
        commands: tuple[Any, ...],
        value: tuple[float, ...] | None,
        sides: int,
        rng: random.Random,
        first: Any = None,
    ) -> None:
        self.state = state
        self.player = player
        untried = list(commands)
        rng.shuffle(untried)
        if first is not None and first in untried:  # tried first: the list is popped
            untried.remove(first)
            untried.append(first)
        self.untried = untried
        self.children: list[_Chance] = []
        #: The game's end value, for a node where nobody seated may act.
        self.value = value
        self.totals = [0.0] * sides
        self.visits = 0


@attrs.frozen(kw_only=True)
class SearchBot:
    """A Monte Carlo tree search bot; a :data:`~tabletop_rules.simulation.Bot`.

    It plays the side that acts now and returns one of the legal commands of that side's
    actors (the only one, without searching, when there is one), or ``None`` when nobody
    seated may act (only the GM: the game stops there, as
    :func:`~tabletop_rules.simulation.random_bot` skipping the GM stops).
    Its choices and its dice come from the *rng* it is given: with an iteration budget, the
    same seed gives the same command on every machine.
    A time budget (*seconds*) ends each search at the first of the two limits, and then
    depends on the machine's speed.

    The value of a finished game to a side is +1 for a win and −1 for a loss between two
    sides (zero-sum among more: see :class:`Seating`), and 0 for a draw.
    A playout still going after *rollout_steps* commands is scored by the hit points left:
    each side's share of the hit points its members had when the search began, less the
    others' (from −1 to 1; 0 where the members have no ``hp``).

    A *playout* bot plays the playouts, every side's turns, in place of random commands, and
    its choice is the first command tried at each new node of the tree: with a system's
    heuristic bot (``skirmish.greedy_bot``), the search looks ahead from how that bot plays,
    and its playouts can run to the game's end.
    A bot is code: the JSON form of a search bot holds its numbers and ``"playout": null``
    (:func:`~tabletop_rules.serialization.to_json` refuses one with a playout bot, and
    :func:`~tabletop_rules.serialization.from_json` anything but ``null`` there); give the
    playout bot in code.

    Raises:
        InvalidData: A budget that is no positive whole number (``$.iterations``,
            ``$.rollout_steps``), *seconds* that is not above 0, *exploration* below 0, or a
            *playout* that is not callable.

    >>> from tabletop_rules.search import SearchBot
    >>> SearchBot(iterations=50).iterations
    50

    .. versionadded:: 0.1.0
    """

    #: The iterations of one decision.
    iterations: int = attrs.field(default=DEFAULT_ITERATIONS, validator=_positive_whole)
    #: The most seconds of one decision, or ``None`` for the iterations alone.
    seconds: float | None = attrs.field(default=None, validator=_seconds)
    #: UCT's exploration constant.
    exploration: float = attrs.field(default=1.4, validator=_exploration)
    #: The most commands of a playout; one cut short is scored by the hit points left.
    rollout_steps: int = attrs.field(default=DEFAULT_ROLLOUT_STEPS, validator=_positive_whole)
    #: The bot that plays the playouts and whose choice each node tries first, or ``None``
    #: for random playouts.
    #:
    #: .. versionadded:: 0.1.0
    playout: Bot | None = attrs.field(default=None, validator=_bot)

    def __call__(self, ruleset: Ruleset[Any, Any, Any, Any], state: Any, rng: random.Random) -> Any:
        """The command to play in *state*, or ``None`` when nobody seated may act.

        Raises:
            InvalidData: *ruleset* is no ruleset (``$.ruleset``), *state* no state of it
                (``$.state``), or *rng* has no ``random`` (``$.rng``).
        """
        checked_ruleset(ruleset)
        if not callable(getattr(rng, "getrandbits", None)):
            raise wrong_type("$.rng", "random.Random", rng)
        seating = Seating.of(state)
        player, commands = seating.commands(ruleset, state)
        if player is None or not commands:
            return None
        if len(commands) == 1:
            return commands[0]
        return _Search(self, ruleset, seating, rng).run(state, player, commands)


class _Search:
    """One decision's search."""

    __slots__ = ("bot", "rng", "root", "ruleset", "seating", "sides")

    def __init__(
        self,
        bot: SearchBot,
        ruleset: Ruleset[Any, Any, Any, Any],
        seating: Seating,
        rng: random.Random,
    ) -> None:
        self.bot = bot
        self.ruleset = ruleset
        self.seating = seating
        self.rng = rng
        self.sides = len(seating.sides)
        self.root: Any = None

    def node(self, state: Any) -> _Node:
        outcome = self.ruleset.outcome(state)
        if outcome is not None:
            return _Node(
                state,
                None,
                commands=(),
                value=returns(self.seating, outcome),
                sides=self.sides,
                rng=self.rng,
            )
        player, commands = self.seating.commands(self.ruleset, state)
        if player is None or not commands:
            return _Node(
                state, None, commands=(), value=(0.0,) * self.sides, sides=self.sides, rng=self.rng
            )
        return _Node(
            state,
            player,
            commands=commands,
            value=None,
            sides=self.sides,
            rng=self.rng,
            first=self.first(state),
        )

    def first(self, state: Any) -> Any:
        """The playout bot's choice in *state*, the first command to try; ``None`` without."""
        playout = self.bot.playout
        return None if playout is None else playout(self.ruleset, state, self.rng)

    def run(self, state: Any, player: int, commands: tuple[Any, ...]) -> Any:
        bot = self.bot
        self.root = state
        root = _Node(
            state,
            player,
            commands=commands,
            value=None,
            sides=self.sides,
            rng=self.rng,
            first=self.first(state),
        )
        deadline = None if bot.seconds is None else time.perf_counter() + bot.seconds
        for done in range(bot.iterations):
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self.iterate(root)
        best = max(root.children, key=lambda c: (c.visits, c.value(player)))
        return best.command

    def play(self, chance: _Chance, state: Any) -> _Node:
        """Play *chance*'s command with new dice: the node of the state it leads to."""
        dice = _Recorded(self.rng.getrandbits(64))
        after, _ = step(self.ruleset, state, chance.command, dice)
        outcome = chance.outcomes.get(after)
        if outcome is None:
            outcome = chance.outcomes[after] = _Outcome(self.node(after))
        faces = tuple(dice.faces)
        if faces not in chance.faces:
            chance.faces.add(faces)
            outcome.probability += dice.probability
        return outcome.node

    def select(self, node: _Node) -> _Chance:
        """The tried command of *node* with the best upper confidence bound."""
        player = node.player
        assert player is not None
        log_visits = math.log(node.visits)
        c = self.bot.exploration
        best = node.children[0]
        best_score = -math.inf
        for child in node.children:
            score = child.value(player) + c * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def iterate(self, root: _Node) -> None:
        path: list[tuple[_Node, _Chance | None]] = []
        node = root
        while True:
            if node.value is not None:
                value = node.value
                path.append((node, None))
                break
            if node.untried:
                chance = _Chance(node.untried.pop())
                node.children.append(chance)
                child = self.play(chance, node.state)
                path.append((node, chance))
                path.append((child, None))
                value = child.value if child.value is not None else self.rollout(child.state)
                break
            chance = self.select(node)
            path.append((node, chance))
            node = self.play(chance, node.state)
            if not node.visits and node.value is None:
                path.append((node, None))
                value = self.rollout(node.state)
                break
        for visited, tried in path:
            visited.visits += 1
            totals = visited.totals
            for index, got in enumerate(value):
                totals[index] += got
            if tried is not None:
                tried.visits += 1

    def rollout(self, state: Any) -> tuple[float, ...]:
        """Play *state* out, the seated sides only: the end's value to each side.

        The playout bot chooses each command, or, without one, a random seated actor a
        random legal command.
        """
        ruleset = self.ruleset
        seating = self.seating
        rng = self.rng
        playout = self.bot.playout
        dice = SeededDice(rng.getrandbits(64))
        for _ in range(self.bot.rollout_steps):
            outcome = ruleset.outcome(state)
            if outcome is not None:
                return returns(seating, outcome)
            actors = ruleset.to_act(state)
            player = seating.player(state, actors)
            if player is None:
                return (0.0,) * self.sides
            mine = [] if playout is not None else list(seating.actors(state, actors, player))
            command = None if playout is None else playout(ruleset, state, rng)
            while mine and command is None:
                actor = mine.pop(rng.randrange(len(mine)))
                offered = ruleset.legal_commands(state, actor=actor)
                if offered:
                    command = offered[rng.randrange(len(offered))]
            if command is None:
                return (0.0,) * self.sides
            state, _ = step(ruleset, state, command, dice)
        outcome = ruleset.outcome(state)
        if outcome is not None:
            return returns(seating, outcome)
        return hit_point_balance(seating, self.root, state)
