"""Oversized, malformed and hostile requests: a 200 or a 4xx, in time, and the server serves on.

The notation's fuzz corpus (the public strategies' commands in every spelling, chat, and any
text) goes to the roll routes of the generic dice and of each system; the JSON corpus (valid
documents mangled, deep nesting, huge numbers, bytes that are no UTF-8) to the library's
routes.
"Within the time bound" is the server's own verdict: past its bound it answers 503, which
no answer here may be; a client that waited ten times the bound would call the answer lost.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules.m20 import EXAMPLE_SHEET
from tabletop_rules.systems import Registry
from tabletop_rules.testing import strategies as ts

#: The server runs as a subprocess, which the browser's Python cannot start.
pytestmark = pytest.mark.needs("a subprocess")

#: conftest.Client: a keep-alive client of the server under test.
Client = Any
SYSTEMS = ["DiceBot", *Registry.default().names]
FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _kept(answer: Any) -> None:
    """A 200 or a 4xx, as JSON (or a zip), without a stack trace."""
    assert answer.status == 200 or 400 <= answer.status < 500, answer.body[:300]
    assert b"Traceback" not in answer.body
    if answer.headers.get("content-type", "").startswith("application/json"):
        body = answer.json()
        assert isinstance(body, dict)
        if answer.status != 200:
            assert body["ok"] is False
            assert isinstance(body["reason"], str)


def _texts() -> st.SearchStrategy[str]:
    return st.one_of(
        ts.notation_texts().map(lambda pair: pair[0]),
        ts.chat_messages(),
        st.text(alphabet="0123456789dDkKhHlL+-*/()<>=!#SsxXrRuUbBcC@ ,.　２Ｄ６＋ー", max_size=300),
        st.text(max_size=400),
    )


@FUZZ
@given(_texts(), st.sampled_from(SYSTEMS), st.sampled_from(["en", "ja", "zh-Hant", "xx-YY"]))
def test_notation_corpus_over_http(client: Client, text: str, system: str, locale: str) -> None:
    """Any command text, to any system's roll route: a 200 or a 400."""
    answer = client.get(
        f"/v2/game_system/{quote(system)}/roll?command={quote(text, safe='')}&locale={locale}"
    )
    _kept(answer)


HOSTILE_COMMANDS = [
    "9" * 5000 + "D6",
    "1D" + "9" * 400,
    "(" * 300 + "1D6" + ")" * 300,
    "x999999999 2D6",
    "100D1000!",
    "1D20R20",
    "2D6>=" + "1" * 10_000,
    "%ED%A0%80",
    "%00%01%02",
    "S" * 199,
    "D66" * 100,
]


@pytest.mark.parametrize("command", HOSTILE_COMMANDS)
def test_hostile_commands(client: Client, command: str) -> None:
    """Huge numbers, deep parentheses, long repeats, NUL and surrogate bytes: refused in time."""
    text = command if "%" in command else quote(command, safe="")
    _kept(client.get(f"/v2/game_system/DiceBot/roll?command={text}"))


def _mangled(document: Any, data: st.DataObject) -> Any:
    """*document* with one value replaced by any JSON value."""
    if isinstance(document, dict) and document:
        key = data.draw(st.sampled_from(sorted(document)))
        return {**document, key: _mangled(document[key], data)}
    if isinstance(document, list) and document:
        index = data.draw(st.integers(0, len(document) - 1))
        return [*document[:index], _mangled(document[index], data), *document[index + 1 :]]
    return data.draw(
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
            lambda inner: (
                st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3)
            ),
            max_leaves=8,
        )
    )


@pytest.fixture(scope="module")
def record() -> Any:
    from tabletop_rules.dice import SeededDice
    from tabletop_rules.engine import begin, step
    from tabletop_rules.serialization import to_json
    from tabletop_rules.systems import Seat

    system = Registry.default().get("duel")
    hero = system.piece.samples()[0]  # type: ignore[union-attr]
    setup = system.lineup([Seat(id="a", character=hero), Seat(id="b", character=hero, foe=True)])  # type: ignore[misc]
    dice = SeededDice(3)
    state, played = begin(system.ruleset, setup, dice)
    for _ in range(8):
        commands = system.ruleset.legal_commands(state)
        if not commands:
            break
        state, entry = step(system.ruleset, state, commands[0], dice)
        played = played.append(entry)
    return json.loads(to_json(played))


@FUZZ
@given(st.data())
def test_json_corpus_over_http(client: Client, record: Any, data: st.DataObject) -> None:
    """Mangled records to /api/records/verify, mangled sheets to the sheet and export routes."""
    _kept(
        client.post("/api/records/verify", json.dumps(_mangled(record, data)), "application/json")
    )
    sheet = _mangled({"sheet": EXAMPLE_SHEET}, data)
    system = data.draw(st.sampled_from(SYSTEMS))
    _kept(client.post(f"/api/systems/{quote(system)}/sheet", json.dumps(sheet), "application/json"))
    _kept(
        client.post(f"/api/systems/{quote(system)}/export", json.dumps(sheet), "application/json")
    )


HOSTILE_BODIES = [
    b"[" * 100_000,
    b'{"system": "duel", "entries": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    b'{"x": 1' + b"0" * 5000 + b"}",
    b"\xff\xfe\x00garbage",
    b'{"system": "duel", "rules_version": 1, "setup": {}, "entries": []}',
    b'{"sheet": "' + "姓名：".encode() + b"x" * 500_000 + b'"}',
]


@pytest.mark.parametrize("body", HOSTILE_BODIES, ids=range(len(HOSTILE_BODIES)))
@pytest.mark.parametrize(
    "path", ["/api/records/verify", "/api/systems/m20/sheet", "/api/systems/m20/export"]
)
def test_hostile_json(client: Client, body: bytes, path: str) -> None:
    """Deep nesting, a 5,000-digit number, bytes that are no UTF-8, a huge sheet: refused."""
    _kept(client.post(path, body, "application/json"))


def test_a_body_over_the_cap_is_refused(server_port: int) -> None:
    """A body over 1 MiB: 413 with the reason, answered before the body is sent whole."""
    import socket

    with socket.create_connection(("127.0.0.1", server_port), timeout=20) as connection:
        connection.sendall(
            b"POST /api/records/verify HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"
        )
        received = b""
        while b'"ok":false' not in received and (part := connection.recv(65536)):
            received += part  # the head and the body may come in two segments
    head = received.decode("latin-1")
    assert head.startswith("HTTP/1.1 413")
    assert '"ok":false' in head


def test_a_chunked_body_over_the_cap_is_refused(server_port: int) -> None:
    """A body with no length, sent in chunks, is cut off at the cap: 413."""
    import socket

    chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
    with socket.create_connection(("127.0.0.1", server_port), timeout=20) as connection:
        connection.sendall(
            b"POST /api/records/verify HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        try:
            for _ in range(20):
                connection.sendall(chunk)
        except OSError:
            pass  # the server answered and closed: what this test wants
        head = connection.recv(65536).decode("latin-1")
    assert head.startswith("HTTP/1.1 413")


def test_a_lying_content_length_is_refused(client: Client) -> None:
    """A Content-Length that is no number is refused."""
    answer = client.request(
        "POST", "/api/records/verify", b"{}", {"Content-Length": "x", "Content-Type": "text/plain"}
    )
    assert 400 <= answer.status < 500


def test_the_server_still_serves(client: Client) -> None:
    """After all of it, the server answers a roll."""
    assert 200 == client.get("/v2/game_system/DiceBot/roll?command=2D6").status
