"""Bots for skirmish and the batch simulator of win rates.

Every bot chooses among ``RULESET.legal_commands(state, actor=...)`` only.

- :func:`random_bot` is the core's :func:`tabletop_rules.simulation.random_bot`.
- :func:`greedy_bot` takes the command with the best expected damage, reading the exact odds
  of each check (:func:`odds`) before it pays any AP.
- :class:`Versus` lets a different bot play each player, and :func:`simulate` plays a batch on
  any :class:`concurrent.futures.Executor` and returns win rates with Wilson intervals.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final, cast

import attrs

from tabletop_rules.arguments import checked_ruleset, checked_whole, shown, wrong_type
from tabletop_rules.engine import Pass, Ruleset
from tabletop_rules.errors import InvalidData
from tabletop_rules.simulation import Bot, Estimate, Simulator, random_bot, win_rates
from tabletop_rules.simulation import simulate as _simulate
from tabletop_rules.skirmish._cards import Card, Skill, Target, sample_cards
from tabletop_rules.skirmish._checks import Rulings
from tabletop_rules.skirmish._combat import RULESET
from tabletop_rules.skirmish._combat._commands import (
    Attack,
    Command,
    EndTurn,
    GiveAp,
    Prepare,
    UseSkill,
)
from tabletop_rules.skirmish._combat._terms import action_check, distance
from tabletop_rules.skirmish._combat._values import (
    PLAYERS,
    Action,
    ActionKind,
    CombatSetup,
    CombatState,
    Team,
    Unit,
    other,
)
from tabletop_rules.skirmish._decks import SAMPLE_DECKS, team_of
from tabletop_rules.skirmish._effects import (
    ApChange,
    Damage,
    Heal,
    Marker,
    Modify,
    Move,
    Remove,
    Replace,
    Role,
    Summon,
)

__all__ = ["BOTS", "SIMULATOR", "Versus", "greedy_bot", "odds", "random_bot", "simulate"]


def odds(state: CombatState, command: Command) -> Fraction | None:
    """The exact chance that *command*'s check succeeds as things stand.

    It is known before any AP is paid; ``None`` for a command that makes no check (or names
    a character or a skill the game does not have, or a character that a marker keeps from
    acting).
    A skill that puts a status marker (SK-41) puts it with this chance when it makes a check.

    Raises:
        InvalidData: *state* is no skirmish state (path ``$.state``), or *command* no
            skirmish command (``$.command``).

    .. versionadded:: 0.1.0
    """
    state = RULESET.checked_state(state)
    if type(command) not in RULESET.command_rules:
        raise wrong_type("$.command", "skirmish.Command", command)
    unit = state.find(getattr(command, "unit", None))
    if unit is not None and not unit.can_act:
        return None  # a marker keeps it from acting (SK-41): it makes no check
    return _odds(state, command)


def _skill(unit: Unit, index: int) -> Skill | None:
    skills = unit.card.skills
    return skills[index] if 0 <= index < len(skills) else None


def _attack_odds(state: CombatState, command: Attack) -> Fraction | None:
    actor, target = state.find(command.unit), state.find(command.target)
    if actor is None or target is None:
        return None
    action = Action(kind=ActionKind.ATTACK, unit=command.unit, target=command.target)
    return action_check(state, action, actor, target).probability()


def _skill_odds(state: CombatState, command: UseSkill) -> Fraction | None:
    actor, target = state.find(command.unit), state.find(command.target)
    if actor is None or target is None:
        return None
    skill = _skill(actor, command.skill)
    if skill is None or not skill.check:
        return None
    action = Action(
        kind=ActionKind.SKILL, unit=command.unit, skill=command.skill, target=command.target
    )
    return action_check(state, action, actor, target).probability()


#: The odds of each command type that can make a check.
_ODDS: Final[Mapping[type[Any], Callable[[CombatState, Any], Fraction | None]]] = MappingProxyType(
    {Attack: _attack_odds, UseSkill: _skill_odds}
)


def _odds(state: CombatState, command: Command) -> Fraction | None:
    found = _ODDS.get(type(command))
    return None if found is None else found(state, command)


#: A worth to the greedy bot, roughly in hp: a whole number, or an exact fraction (half an AP,
#: the chance of a hit times its damage). Whole worths stay ``int``: a bot weighs every command
#: of every menu, and ``Fraction`` arithmetic is many times slower than ``int``'s.
Worth = Fraction | int

_HALF: Final = Fraction(1, 2)


class _Worth:
    """What the greedy bot reads to weigh one effect of a skill."""

    __slots__ = ("command", "skill", "state", "target")

    def __init__(
        self, state: CombatState, command: UseSkill, skill: Skill, target: Unit | None
    ) -> None:
        self.state = state
        self.command = command
        self.skill = skill
        self.target = target


def _damage_worth(work: _Worth, effect: Damage) -> Worth:
    return effect.amount


def _heal_worth(work: _Worth, effect: Heal) -> Worth:
    target = work.target
    return 0 if target is None else min(effect.amount, target.card.hp - target.hp)


def _remove_worth(work: _Worth, effect: Remove) -> Worth:
    return 0 if work.target is None else work.target.hp


def _card_worth(work: _Worth, effect: Summon | Replace) -> Worth:
    return 2


def _move_worth(work: _Worth, effect: Move) -> Worth:
    return 0  # where a move helps is more than the greedy bot weighs


def _marker_worth(work: _Worth, effect: Marker) -> Worth:
    """A modifier is worth 1; a status is worth what it costs or gives its holder, roughly in hp.

    Kept from acting, the holder loses about 3 hp of worth for each of its turns the marker
    lasts; kept from moving or responding, 1/2; hp at each turn's end, that hp for each turn
    end; AP at each of its turns' starts, half an hp an AP. A status on an enemy is worth what
    it costs the enemy; on an ally, what it gives.
    """
    # Counted in halves of an hp, whole numbers; one Fraction at the end.
    held = effect.effect
    worth = 2 if (held.skl or held.defense or held.atk) else 0
    turns = effect.duration
    own_turns = (turns + 1) // 2  # at most, of the holder's turns the marker lasts through
    hindrance = 6 * own_turns if held.cannot_act else 0
    hindrance += held.cannot_move + held.cannot_respond
    boon = 2 * held.turn_end_hp * turns + held.turn_start_ap * (turns // 2)
    target = work.target
    if target is not None and held.turn_end_hp < 0:
        boon = max(boon, -2 * target.hp)  # no more than the hp it has
    status = boon - hindrance
    mine = target is None or target.owner == work.state.unit(work.command.unit).owner
    return Fraction(worth + (status if mine else -status), 2)


def _ap_worth(work: _Worth, effect: ApChange) -> Worth:
    return Fraction(effect.amount, 2) * (1 if work.skill.target is Target.ALLY else -1)


def _modify_worth(work: _Worth, effect: Modify) -> Worth:
    state = work.state
    mine = state.unit(work.command.unit).owner
    top = state.stack.frames[-1].pending.pending if state.stack.frames else None
    helps = (
        top is not None
        and top.result is None
        and ((state.unit(top.unit).owner == mine) == (effect.role is Role.ACTOR))
    )
    return effect.amount if helps and effect.amount > 0 else -1


#: The greedy bot's worth of each kind of effect, roughly in hp.
_EFFECT_WORTH: Final[Mapping[type[Any], Callable[[_Worth, Any], Worth]]] = MappingProxyType(
    {
        Damage: _damage_worth,
        Heal: _heal_worth,
        Remove: _remove_worth,
        Summon: _card_worth,
        Replace: _card_worth,
        Marker: _marker_worth,
        Move: _move_worth,
        ApChange: _ap_worth,
        Modify: _modify_worth,
    }
)


def _attack_value(state: CombatState, command: Attack) -> Worth:
    hit = _attack_odds(state, command)
    if not hit:
        return 0
    unit = state.unit(command.unit)
    return hit * (unit.card.atk + unit.bonus("atk"))


def _skill_value(state: CombatState, command: UseSkill) -> Worth:
    unit = state.unit(command.unit)
    skill = _skill(unit, command.skill)
    if skill is None:
        return 0
    chance = _skill_odds(state, command)
    work = _Worth(state, command, skill, state.find(command.target))
    worth: Worth = 0
    for effect in skill.effects:
        worth += _EFFECT_WORTH[type(effect)](work, effect)
    if chance is not None:
        worth *= chance
    return worth - Fraction(skill.cost, 4) if skill.cost else worth


def _give_value(state: CombatState, command: GiveAp) -> Worth:
    return _HALF


#: The greedy bot's worth of each command type it weighs (the others are worth 0).
_VALUES: Final[Mapping[type[Any], Callable[[CombatState, Any], Worth]]] = MappingProxyType(
    {Attack: _attack_value, UseSkill: _skill_value, GiveAp: _give_value}
)


def _value(state: CombatState, command: Command) -> Worth:
    """The greedy bot's worth of a command: expected damage done and hp saved, roughly."""
    found = _VALUES.get(type(command))
    return 0 if found is None else found(state, command)


def greedy_bot(ruleset: Ruleset[Any, Any, Any, Any], state: CombatState, rng: random.Random) -> Any:
    """A bot that plays the command of best expected worth by exact odds.

    On its turn it attacks or uses the skill whose success chance times its effect is the
    highest; with nothing worth doing, it prepares (moving toward the enemy when no enemy is
    in reach) and then ends the turn.
    In a window it responds only when a response helps its side.

    Raises:
        InvalidData: *ruleset* is no ruleset (path ``$.ruleset``), or *state* no skirmish
            state (``$.state``).

    .. versionadded:: 0.1.0
    """
    actors = checked_ruleset(ruleset).to_act(state)
    if not actors:
        return None
    commands: tuple[Command, ...] = ruleset.legal_commands(state, actor=actors[0])
    if len(commands) == 1:
        return commands[0]
    best: Command | None = None
    best_value: Worth = 0
    for command in commands:
        value = _value(state, command)
        if value > best_value:
            best, best_value = command, value
    if best is not None:
        return best
    for command in commands:
        if type(command) is Pass:
            return command
    prepares = [c for c in commands if type(c) is Prepare]
    if prepares:
        enemies = state.standing(other(actors[0]))

        def reach(command: Prepare) -> int:
            unit = state.unit(command.unit)
            row = unit.row if command.row is None else command.row
            moved = attrs.evolve(unit, row=row)
            return min((distance(moved, e) for e in enemies), default=0)

        return min(prepares, key=reach)
    return next(c for c in commands if type(c) is EndTurn)


@attrs.frozen
class Versus:
    """A bot that lets :attr:`bots` play the player of the same name (picklable).

    >>> from tabletop_rules.skirmish import Versus, greedy_bot, random_bot
    >>> bot = Versus({"a": greedy_bot, "b": random_bot})

    .. versionadded:: 0.1.0
    """

    #: The bot of each player.
    bots: Mapping[str, Bot]

    def __call__(self, ruleset: Ruleset[Any, Any, Any, Any], state: Any, rng: random.Random) -> Any:
        actors = ruleset.to_act(state)
        if not actors:
            return None
        return self.bots[actors[0]](ruleset, state, rng)


def _team(deck: str | Team, player: str, path: str) -> Team:
    return deck if isinstance(deck, Team) else team_of(deck, player, path)


#: The most games one call of :func:`simulate` plays (each is a list item before it is played).
_MOST_GAMES: Final = 10_000_000


def _bots(bots: Mapping[str, Bot] | None) -> dict[str, Bot]:
    if bots is None:
        return dict.fromkeys(PLAYERS, random_bot)
    if not isinstance(bots, Mapping):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise wrong_type("$.bots", "Mapping[str, simulation.Bot]", bots)
    chosen = dict(bots)
    if set(chosen) != set(PLAYERS):
        given = ", ".join(sorted(map(str, chosen))) or "none"
        raise InvalidData("$.bots", f"give one bot for each of a and b, not for {given}")
    for player, bot in chosen.items():
        if not callable(bot):
            raise wrong_type(f"$.bots.{player}", "simulation.Bot", bot)
    return chosen


def simulate(  # noqa: PLR0917 - the issue's signature
    deck_a: str | Team,
    deck_b: str | Team,
    games: int,
    bots: Mapping[str, Bot] | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    library: Iterable[Card] = (),
    rulings: Rulings | None = None,
    progress: Callable[[int], object] | None = None,
) -> Mapping[str, Estimate]:
    """Play *games* games of *deck_a* (player ``a``) against *deck_b* (player ``b``).

    It returns the win rates of ``a`` and ``b`` and the draws (``""``), each with a 95%
    Wilson interval.
    Game *i* uses the seed ``seed + i``: the same seed gives the same rates on any executor.

    Args:
        deck_a: A sample deck's name (a key of ``SAMPLE_DECKS``) or a placed team.
        deck_b: The same for player ``b``.
        games: How many games (0 or more).
        bots: The bot of each player; random bots if not given.
        seed: The seed of the first game.
        executor: Where the games run; a process pool over every core if not given.
        library: More cards that the teams' summons and replacements may bring in (the
            sample set is always there).
        rulings: The readings.
        progress: Called with the number of games of each batch as it ends (for a progress
            bar).

    Raises:
        InvalidData: No sample deck has that name, *games* or *seed* is not a whole number
            (or *games* is below 0 or above 10,000,000), *bots* does not give one bot for
            each player, a team is not placed on its player's rows, or a team brings in a
            card that is not given.
            Nothing has been played.

    .. versionadded:: 0.1.0
    """
    if not 0 <= checked_whole(games, "$.games") <= _MOST_GAMES:
        raise InvalidData("$.games", f"must be from 0 to {_MOST_GAMES:,}, not {shown(games)}")
    if type(seed) is not int:
        checked_whole(seed, "$.seed")
    teams = (_team(deck_a, PLAYERS[0], "$.deck_a"), _team(deck_b, PLAYERS[1], "$.deck_b"))
    chosen = _bots(bots)
    setup = CombatSetup(
        teams=teams,
        library=(*sample_cards().cards, *library),
        rulings=rulings or Rulings(),
    )
    RULESET.start(setup)  # refuse a setup that brings in unknown cards, here
    # A kit ruleset's ClassVar names do not match the protocol's read-only properties for
    # pyright; it is a Ruleset all the same.
    ruleset = cast("Ruleset[CombatSetup, Any, Any, Any]", RULESET)
    played = _simulate(
        ruleset,
        [setup] * games,
        bot=Versus(chosen),
        first_seed=seed,
        executor=executor,
        progress=progress,
    )
    return win_rates(played, sides=PLAYERS)


#: The bots of :data:`SIMULATOR`, by name.
BOTS: Mapping[str, Bot] = MappingProxyType({"random": random_bot, "greedy": greedy_bot})


def _run(  # noqa: PLR0917 - the Simulator's signature
    decks: tuple[str, ...],
    games: int,
    bots: Mapping[str, Bot],
    seed: int,
    executor: Executor | None,
    progress: Callable[[int], object] | None,
) -> Mapping[str, Estimate]:
    deck_a, deck_b = decks
    return simulate(deck_a, deck_b, games, bots, seed, executor, progress=progress)


#: What ``tabletop-rules simulate`` plays: the sample decks with the random or greedy bot.
SIMULATOR: Final = Simulator(
    system="skirmish", players=PLAYERS, decks=tuple(SAMPLE_DECKS), bots=BOTS, run=_run
)
