"""Simulations on a local Dask cluster (runs only where ``distributed`` is installed)."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import Any

import pytest

from tabletop_rules.skirmish import greedy_bot, random_bot, simulate

distributed = pytest.importorskip("distributed")


class _Inline(Executor):
    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_a_dask_cluster_gives_the_same_rates() -> None:
    """A simulation on Dask's executor gives the rates of one played in this process."""
    bots = {"a": greedy_bot, "b": random_bot}
    inline = simulate("vanguard", "arcane", 12, bots, seed=2, executor=_Inline())
    with distributed.Client(processes=False, n_workers=2, dashboard_address=None) as client:
        on_dask = simulate("vanguard", "arcane", 12, bots, seed=2, executor=client.get_executor())
    assert on_dask == inline


def test_a_local_cluster_of_processes_gives_the_same_rates() -> None:
    """Games sent to Dask worker processes give the same rates, batch by batch."""
    inline = simulate("arcane", "bastion", 60, seed=4, executor=_Inline())
    done: list[int] = []
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(
            "arcane", "bastion", 60, seed=4, executor=client.get_executor(), progress=done.append
        )
    assert (inline, [10, 50]) == (on_dask, sorted(done))
