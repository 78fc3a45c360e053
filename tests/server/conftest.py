"""A real server for the HTTP tests: ``tabletop-rules serve`` on 127.0.0.1, a free port.

The server runs in its own process (uvicorn, as a user starts it), and the tests talk to it
over HTTP with the standard library's client, as any client would.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette", reason="the server extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the server extra (uvicorn) is not installed")

#: The seconds a client waits for one answer before calling it lost: ten times the server's
#: own time bound, so that only a server that stopped answering trips it.
CLIENT_TIMEOUT = 20.0
#: The log file of each server started, by process id.
_LOGS: dict[int, Any] = {}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@attrs.frozen
class Answer:
    """One HTTP answer."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@attrs.define
class Client:
    """A keep-alive HTTP/1.1 client of one server."""

    port: int
    connection: http.client.HTTPConnection | None = None

    def request(
        self,
        method: str,
        path: str,
        body: bytes | str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        data = body.encode("utf-8") if isinstance(body, str) else body
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=CLIENT_TIMEOUT
                )
            try:
                self.connection.request(method, path, body=data, headers=dict(headers or {}))
                response = self.connection.getresponse()
                read = response.read()
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
                self.close()  # the server closed an idle keep-alive connection: once more
                if attempt:
                    raise
                continue
            found = {k.lower(): v for k, v in response.getheaders()}
            if found.get("connection", "").lower() == "close":
                self.close()
            return Answer(response.status, found, read)
        raise AssertionError("unreachable")

    def get(self, path: str, headers: Mapping[str, str] | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, body: bytes | str, content_type: str) -> Answer:
        return self.request("POST", path, body, {"Content-Type": content_type})

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def start(*options: str) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``tabletop-rules serve`` with *options*; wait until it answers."""
    port = _free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115  # the log outlives this call: stop() closes it
    process = subprocess.Popen(
        [sys.executable, "-m", "tabletop_rules", "serve", "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=log,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    _LOGS[process.pid] = log
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"the server stopped: {log.read().decode()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process, port
        except OSError:
            time.sleep(0.1)
    stop(process)
    raise RuntimeError("the server did not start within 60 s")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server this module started (by its own process)."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    log = _LOGS.pop(process.pid, None)
    if log is not None:
        log.close()


@pytest.fixture(scope="session")
def server_port() -> Iterator[int]:
    process, port = start()
    yield port
    stop(process)


@pytest.fixture(scope="session")
def exact_port() -> Iterator[int]:
    process, port = start("--exact-shapes")
    yield port
    stop(process)


@pytest.fixture
def client(server_port: int) -> Iterator[Client]:
    found = Client(server_port)
    yield found
    found.close()


@pytest.fixture
def exact_client(exact_port: int) -> Iterator[Client]:
    found = Client(exact_port)
    yield found
    found.close()


@pytest.fixture(scope="session")
def client_type() -> type[Client]:
    """The client class, for tests that open many connections."""
    return Client
