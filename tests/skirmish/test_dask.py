"""Simulations on a local Dask cluster (where ``distributed`` is installed: ``nox -s dask``)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from tabletop_rules import simulation
from tabletop_rules.simulation import InlineExecutor, Tally
from tabletop_rules.skirmish import RULESET, Versus, greedy_bot, random_bot, sample_setup, simulate

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.needs("processes, threads and sockets")


@pytest.fixture(scope="module")
def processes() -> Iterator[Any]:
    """A client of a LocalCluster of two worker processes, one thread each."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_a_dask_cluster_gives_the_same_rates() -> None:
    """A simulation on Dask's executor (threads) gives the rates of one played in this process."""
    bots = {"a": greedy_bot, "b": random_bot}
    inline = simulate("vanguard", "arcane", 12, bots, seed=2, executor=InlineExecutor())
    with distributed.Client(processes=False, n_workers=2, dashboard_address=None) as client:
        on_dask = simulate("vanguard", "arcane", 12, bots, seed=2, executor=client.get_executor())
    assert on_dask == inline


def test_a_local_cluster_of_processes_gives_the_same_rates(processes: Any) -> None:
    """Games sent to Dask worker processes give the same rates, batch by batch."""
    inline = simulate("arcane", "bastion", 60, seed=4, executor=InlineExecutor())
    done: list[int] = []
    on_dask = simulate(
        "arcane", "bastion", 60, seed=4, executor=processes.get_executor(), progress=done.append
    )
    assert (inline, [10, 50]) == (on_dask, sorted(done))


@pytest.mark.parametrize("tally", [False, True], ids=["games", "tally"])
def test_a_local_cluster_plays_the_games_of_a_process_pool(processes: Any, tally: bool) -> None:
    """Two Dask worker processes and a pool of two processes play the same games, seed for seed."""
    bot = Versus({"a": greedy_bot, "b": random_bot})
    arguments: dict[str, Any] = {
        "games": 90, "bot": bot, "first_seed": 7, "chunk_size": 8, "in_flight": 4, "tally": tally,
    }  # fmt: skip
    with ProcessPoolExecutor(2) as pool:
        on_pool = simulation.simulate(RULESET, [sample_setup()], executor=pool, **arguments)
    on_dask = simulation.simulate(
        RULESET, [sample_setup()], executor=processes.get_executor(), **arguments
    )
    assert on_pool == on_dask
    assert 90 == (on_dask.games if isinstance(on_dask, Tally) else len(on_dask))
