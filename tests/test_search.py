"""The search bot: legal, deterministic for a seed, stronger than random play."""

from __future__ import annotations

import functools
import random
from typing import Any

import attrs
import pytest

from tabletop_rules import bayside23, engine
from tabletop_rules._gameai import Seating, hit_point_balance, returns
from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import GameResult
from tabletop_rules.errors import InvalidData
from tabletop_rules.search import SearchBot
from tabletop_rules.simulation import random_bot
from tabletop_rules.systems import Registry

BAYSIDE23 = Registry.default().get("bayside23")


def _setup() -> Any:
    character = BAYSIDE23.sheets.parse(BAYSIDE23.sheets.example)  # type: ignore[union-attr]
    from tabletop_rules.systems import Seat

    assert BAYSIDE23.lineup is not None
    return BAYSIDE23.lineup(
        [Seat(id="p1", character=character), Seat(id="p2", character=character, foe=True)]
    )


def _first_choice() -> Any:
    """A bayside23 state in which the side to act has more than one command."""
    ruleset = bayside23.RULESET
    state, _ = engine.begin(ruleset, _setup(), SeededDice(1))
    seating = Seating.of(state)
    assert len(seating.commands(ruleset, state)[1]) > 1
    return state


def test_the_command_chosen_is_one_of_the_acting_sides_legal_commands() -> None:
    """The bot returns a command the menus offer to the side that acts."""
    state = _first_choice()
    command = SearchBot(iterations=20)(bayside23.RULESET, state, random.Random(1))
    assert command in Seating.of(state).commands(bayside23.RULESET, state)[1]


def test_the_same_seed_chooses_the_same_command() -> None:
    """With an iteration budget the search is deterministic for the generator's seed."""
    state = _first_choice()
    bot = SearchBot(iterations=40)
    choices = {repr(bot(bayside23.RULESET, state, random.Random(5))) for _ in range(3)}
    assert 1 == len(choices)


class _OneCommand:
    """A ruleset of one member, who has exactly one command."""

    name = "one"
    rules_version = "1"
    setup_type = object
    state_type = object
    command_type = object
    event_type = object

    def start(self, setup: Any) -> Any:
        return setup

    def decide(self, state: Any, command: Any, dice: Any) -> tuple[Any, ...]:
        raise AssertionError("the bot must not play anything to choose")

    def evolve(self, state: Any, event: Any) -> Any:
        return state

    def to_act(self, state: Any) -> tuple[str, ...]:
        return ("x",)

    def legal_commands(self, state: Any, *, actor: str | None = None) -> tuple[Any, ...]:
        return ("the only one",)

    def outcome(self, state: Any) -> None:
        return None


@attrs.frozen
class _Member:
    id: str
    side: str


@attrs.frozen
class _Members:
    combatants: tuple[_Member, ...]


def test_a_single_legal_command_is_played_without_search() -> None:
    """Where the side has one command, the bot returns it, plays nothing and draws nothing."""
    rng = random.Random(9)
    before = rng.getstate()
    state = _Members((_Member("x", "left"), _Member("y", "right")))
    command = SearchBot()(_OneCommand(), state, rng)  # type: ignore[arg-type]
    assert ("the only one", before) == (command, rng.getstate())


def test_a_finished_game_gets_no_command() -> None:
    """Nobody may act in a finished game: the bot returns None."""
    from tabletop_rules.simulation import play

    record = play(bayside23.RULESET, _setup(), seed=2)
    final = engine.replay(record)
    assert bayside23.RULESET.is_over(final)
    assert SearchBot(iterations=5)(bayside23.RULESET, final, random.Random(1)) is None


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("iterations", 0),
        ("iterations", 2.5),
        ("seconds", 0),
        ("seconds", float("nan")),
        ("exploration", -1),
        ("rollout_steps", 0),
        ("playout", "greedy"),
    ],
)
def test_a_bad_budget_is_refused_with_invalid_data(field: str, value: object) -> None:
    """A budget that is no positive number raises InvalidData at its path."""
    with pytest.raises(InvalidData, match=rf"\$\.{field}"):
        SearchBot(**{field: value})  # type: ignore[arg-type]


def test_a_generator_that_is_no_generator_is_refused() -> None:
    """The rng must be a random.Random (InvalidData at $.rng)."""
    with pytest.raises(InvalidData, match=r"\$\.rng"):
        SearchBot()(bayside23.RULESET, _first_choice(), 42)  # type: ignore[arg-type]


def test_returns_are_zero_sum_between_two_sides_and_zero_for_a_draw() -> None:
    """A win is +1 and a loss −1; a draw or an unfinished game is 0 to everyone."""
    seating = Seating(("a", "b", "c"))
    assert [(2.0, -1.0, -1.0), (0.5, 0.5, -1.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)] == [
        returns(seating, GameResult(winners=("a",), reason="r")),
        returns(seating, GameResult(winners=("a", "b"), reason="r")),
        returns(seating, GameResult(winners=(), reason="r")),
        returns(seating, None),
    ]


def test_a_cut_playout_is_scored_by_the_hit_points_left() -> None:
    """Each side's share of its hit points less the other's: 0 at the start."""
    state = _first_choice()
    seating = Seating.of(state)
    assert (0.0, 0.0) == hit_point_balance(seating, state, state)


def test_the_search_bot_beats_the_random_bot_at_bayside23() -> None:
    """Seeded games, the search bot's side alternating: it wins most of them."""
    ruleset = bayside23.RULESET
    search = SearchBot(iterations=40)
    opponent = functools.partial(random_bot, skip=("gm",))
    wins = 0
    games = 12
    for seed in range(games):
        rng = random.Random(seed)
        dice = SeededDice(seed)
        state, _ = engine.begin(ruleset, _setup(), dice)
        seating = Seating.of(state)
        mine = seating.sides[seed % 2]
        while not ruleset.is_over(state):
            player, _ = seating.commands(ruleset, state)
            if player is None:
                break
            bot = search if seating.sides[player] == mine else opponent
            state, _ = engine.step(ruleset, state, bot(ruleset, state, rng), dice)
        result = ruleset.outcome(state)
        wins += result is not None and mine in result.winners
    assert wins >= 10, wins


class _Counting:
    """A playout bot: plays the last of the acting side's commands, and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, ruleset: Any, state: Any, rng: random.Random) -> Any:
        self.calls += 1
        _, commands = Seating.of(state).commands(ruleset, state)
        return commands[-1] if commands else None


def test_a_playout_bot_plays_the_playouts_and_its_choice_is_tried_first() -> None:
    """With one iteration, the one command tried is the playout bot's; the bot plays the
    playouts (called at every step of them), and the search stays deterministic."""
    state = _first_choice()
    ruleset = bayside23.RULESET
    playout = _Counting()
    bot = SearchBot(iterations=1, playout=playout)
    expected = Seating.of(state).commands(ruleset, state)[1][-1]
    assert expected == bot(ruleset, state, random.Random(3))
    assert playout.calls > 2  # the root's choice, the new node's and the playout's steps
    many = SearchBot(iterations=30, playout=_Counting())
    assert many(ruleset, state, random.Random(4)) == many(ruleset, state, random.Random(4))


def test_greedy_playouts_look_ahead_of_the_greedy_bot_in_the_skirmish() -> None:
    """The skirmish's greedy bot as the playout bot: every choice is legal, and a game
    against the greedy bot is played to its end."""
    from tabletop_rules import skirmish

    ruleset = skirmish.RULESET
    bot = SearchBot(iterations=8, rollout_steps=400, playout=skirmish.greedy_bot)
    rng = random.Random(2)
    dice = SeededDice(2)
    state, _ = engine.begin(ruleset, skirmish.sample_setup(), dice)
    for _ in range(2_000):
        if ruleset.is_over(state):
            break
        acting = ruleset.to_act(state)[0]
        player = bot if acting == "a" else skirmish.greedy_bot
        command = player(ruleset, state, rng)
        assert command in ruleset.legal_commands(state, actor=acting)
        state, _ = engine.step(ruleset, state, command, dice)
    assert ruleset.is_over(state)


def test_the_json_form_holds_the_numbers_and_no_playout_bot() -> None:
    """A search bot reads back from its JSON; a playout bot, being code, is refused both
    ways (InvalidData) and is given in code instead."""
    from tabletop_rules.serialization import from_json, to_json

    bot = SearchBot(iterations=7, seconds=0.5, exploration=0.0, rollout_steps=9)
    assert from_json(to_json(bot), SearchBot) == bot
    assert from_json('{"iterations": 7, "playout": null}', SearchBot).playout is None
    with pytest.raises(InvalidData, match="is a function"):
        to_json(SearchBot(playout=_Counting()))
    with pytest.raises(InvalidData, match=r"\$\.playout.*code, not JSON"):
        from_json('{"playout": "greedy"}', SearchBot)
