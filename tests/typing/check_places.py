"""The modules around the systems used the way a user's code uses them, for the type checkers.

The registry of systems, the exports to virtual tabletops, the dice server, the laws every
system's games keep, and the game-AI adapters (their typed parts: OpenSpiel's own classes
carry no types).
Never run: ``mypy --strict`` and pyright in strict mode check it (``nox -s typing``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.resources.abc import Traversable
from typing import Any, assert_type

from hypothesis.strategies import SearchStrategy
from starlette.applications import Starlette

from tabletop_rules import bar2d6, bayside23, exports, m20, server, skirmish
from tabletop_rules import openspiel as spiel
from tabletop_rules import pettingzoo as zoo
from tabletop_rules.engine import GameRecord
from tabletop_rules.notation import ChatCommand
from tabletop_rules.systems import ENTRY_POINT_GROUP, Registry, RuleSystem, system_catalog
from tabletop_rules.testing import laws

# -- the registry --------------------------------------------------------------------------------

registry = Registry.default()
assert_type(registry, Registry)
assert_type(registry.names, tuple[str, ...])
system = registry.get("bar2d6")
assert_type(system, RuleSystem[Any, Any, Any, Any])
assert_type(system.catalog("ja"), Mapping[str, str])
assert_type(system.vectors, Traversable | None)
assert_type(system.chat_commands(), tuple[ChatCommand, ...])
assert_type(Registry().with_systems(m20.SYSTEM, bayside23.SYSTEM), Registry)
assert_type(system_catalog("skirmish", "zh-Hant"), Mapping[str, str])
group: str = ENTRY_POINT_GROUP

# -- exports -------------------------------------------------------------------------------------

hero = m20.parse_sheet(m20.EXAMPLE_SHEET)
piece = exports.piece_of(hero, system="m20", locale="zh-Hant")
assert_type(piece, exports.Piece)
assert_type(piece.resources, tuple[exports.Resource, ...])
assert_type(piece.palette, tuple[exports.PaletteLine, ...])
assert_type(exports.resolved(piece, piece.palette[0]), str)
assert_type(exports.ccfolia(piece), str)
assert_type(exports.ccfolia_data(piece), dict[str, Any])
assert_type(exports.udonarium(piece, "ja"), bytes)
assert_type(exports.udonarium_xml(piece), str)
assert_type(exports.export(hero, "udonarium", system="m20"), str | bytes)
assert_type(exports.read_character(bar2d6.EXAMPLE_SHEET, "bar2d6"), object)
assert_type(exports.pieces_of("skirmish"), exports.Pieces[Any])
assert_type(exports.plain("a {name}\n"), str)
formats: tuple[exports.Format, ...] = exports.FORMATS

# -- the server ----------------------------------------------------------------------------------

settings = server.ServerSettings(locale="ja", extras=False, timeout=1.0)
assert_type(settings.body_limit, int)
assert_type(server.create_app(settings, registry=registry), Starlette)
serve: Callable[..., None] = server.run

# -- the laws ------------------------------------------------------------------------------------

played_games = laws.games(skirmish.SYSTEM, max_steps=10)
assert_type(
    played_games,
    SearchStrategy[
        laws.Played[skirmish.CombatSetup, skirmish.CombatState, skirmish.Command, skirmish.Event]
    ],
)


def check_a_game(played: laws.Played[Any, Any, Any, Any]) -> None:
    """What a contributor's own test of a system's laws does with a game."""
    assert_type(played.record, GameRecord[Any, Any, Any])
    assert_type(played.states, tuple[Any, ...])
    laws.check_replay(played)
    laws.check_json(played)
    laws.check_to_act(played)
    laws.check_words(played)
    laws.check_legal_commands_are_accepted(played, played.seed)
    laws.check_tampering(played, 0, 1)


assert_type(laws.suite(bar2d6.SYSTEM, examples=0.1), type)

# -- the game-AI adapters ------------------------------------------------------------------------

assert_type(spiel.game_name("m20"), str)
assert_type(spiel.register(registry), tuple[str, ...])
assert_type(spiel.game_class(m20.SYSTEM), type[spiel.Game])
assert_type(spiel.default_setup(m20.SYSTEM), Any)
environment = zoo.Env("bayside23", max_actions=50, render_mode="ansi")
assert_type(environment.observe("player_0"), dict[str, Any])
assert_type(environment.render(), str | None)
actions: int = zoo.ACTIONS
