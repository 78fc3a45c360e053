"""The server under load: 64 concurrent clients for 20 s, no error and nothing lost.

Marked ``load``: ``nox -s load`` runs it (``TABLETOP_RULES_LOAD=1``); the default run skips it.
It prints the requests per second and the p50 and p99 latency (docs/performance.md); like
every figure of a shared machine, they are reported, not asserted.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from typing import Any
from urllib.parse import quote

import pytest

CLIENTS = 64
SECONDS = 20.0
REQUESTS = [
    "/v2/game_system/DiceBot/roll?command=" + quote("2D6+5>=8"),
    "/v2/game_system/DiceBot/roll?command=" + quote("4D6KH3"),
    "/v2/game_system/m20/roll?command=" + quote("M20+4>=16"),
    "/v2/game_system/skirmish/roll?command=" + quote("SK+3>DEF+2@1"),
    "/v2/game_system/bayside23/roll?command=" + quote("BAYHIT-1<+0"),
    "/v2/game_system",
]

pytestmark = [
    pytest.mark.load,
    pytest.mark.skipif(
        os.environ.get("TABLETOP_RULES_LOAD") != "1",
        reason="the load test runs in `nox -s load` (TABLETOP_RULES_LOAD=1)",
    ),
]


def test_64_clients_for_20_seconds(server_port: int, client_type: Any) -> None:
    """Every request of 64 keep-alive clients over 20 s is answered, with 200."""
    sent = [0] * CLIENTS
    answered: list[list[tuple[int, float]]] = [[] for _ in range(CLIENTS)]
    failures: list[str] = []
    start = threading.Barrier(CLIENTS + 1)

    def client(index: int) -> None:
        connection: Any = client_type(server_port)
        start.wait()
        stop = time.monotonic() + SECONDS
        turn = index
        try:
            while time.monotonic() < stop:
                path = REQUESTS[turn % len(REQUESTS)]
                turn += 1
                sent[index] += 1
                began = time.perf_counter()
                answer = connection.get(path)
                answered[index].append((answer.status, time.perf_counter() - began))
        except Exception as error:  # a lost answer: record it, the test fails below
            failures.append(f"client {index}: {error!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.monotonic()
    for thread in threads:
        thread.join(SECONDS + 60)
    elapsed = time.monotonic() - began
    results = [result for per_client in answered for result in per_client]
    latencies = sorted(seconds for _, seconds in results)
    statuses = {status for status, _ in results}
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(
        f"\nload: {CLIENTS} clients, {elapsed:.1f} s, {len(results)} requests, "
        f"{len(results) / elapsed:.0f} requests/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )
    assert [] == failures
    assert sum(sent) == len(results)  # nothing lost
    assert {200} == statuses  # no error
