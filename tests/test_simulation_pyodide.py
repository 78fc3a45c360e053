"""simulate() on the browser's Python, where no process or thread can start (issue 23).

``nox -s pyodide`` runs these in Pyodide's CPython under Node, where ``sys.platform`` is
``"emscripten"``: they check that platform itself, with nothing patched (tests/test_simulation.py
patches the platform on CPython). Elsewhere they are skipped.
"""

from __future__ import annotations

import sys

import pytest

if sys.platform != "emscripten":
    pytest.skip("checks Pyodide's own platform (no processes, no threads)", allow_module_level=True)

from tabletop_rules import skirmish
from tabletop_rules.simulation import InlineExecutor, process_pool, simulate


def test_no_pool_starts_here_so_the_games_run_inline() -> None:
    """The pool simulate() asks for, on Pyodide, is the InlineExecutor."""
    assert InlineExecutor is type(process_pool())


def test_simulate_without_an_executor_plays_every_game_here() -> None:
    """With no executor given, every game is played, the same as inline, and reported."""
    setups = [skirmish.sample_setup("vanguard", "wilds")]
    played: list[int] = []
    games = simulate(
        skirmish.RULESET, setups, games=6, first_seed=4, chunk_size=2, progress=played.append
    )
    inline = simulate(skirmish.RULESET, setups, games=6, first_seed=4, executor=InlineExecutor())
    assert (inline, 6) == (games, sum(played))
