"""Requests of known bcdice-api clients, replayed as they send them (issue 23, item 2).

- bcdice/bcdice-api's own ``test/test_api_v2.rb``: each request it makes and what it asserts.
- sera1mu/bcdeno-api (``src/BCDiceAPIClient.ts``): ky's GETs with ``searchParams`` (encoded
  as ``URLSearchParams`` encodes), its raw ``table=...`` POST, and its response checks, which
  refuse any field beyond bcdice-api's (``checkObject`` compares the key sets): replayed
  against ``--exact-shapes``.
- A Udonarium derivative's BCDice-API service: ``encodeURIComponent`` in the query, the
  command pattern compiled with the ``i`` flag, tables POSTed as ``URLSearchParams``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from typing import Any
from urllib.parse import quote, urlencode

import pytest

#: The server runs as a subprocess, which the browser's Python cannot start.
pytestmark = pytest.mark.needs("a subprocess")

#: conftest.Client: a keep-alive client of the server under test.
Client = Any

# ---------------------------------------------------------------- bcdice-api's own tests


def test_bcdice_api_version(client: Client) -> None:
    """test_version: ok, Access-Control-Allow-Origin *, keys bcdice and api."""
    answer = client.get("/v2/version")
    assert (200, "*") == (answer.status, answer.headers["access-control-allow-origin"])
    assert {"bcdice", "api"} <= set(answer.json())


def test_bcdice_api_game_system_info(client: Client) -> None:
    """test_game_system_info: DiceBot's id, and non-empty texts."""
    body = client.get("/v2/game_system/DiceBot").json()
    assert (True, "DiceBot") == (body["ok"], body["id"])
    assert all(body[k] for k in ("name", "command_pattern", "sort_key", "help_message"))


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/v2/game_system/Hoge/roll?command=1d100<=70", "unsupported game system"),
        ("/v2/game_system/DiceBot/roll?command=a", "unsupported command"),
        ("/v2/game_system/DiceBot/roll", "unsupported command"),
        ("/v2/game_system/DiceBot/roll?command=", "unsupported command"),
    ],
)
def test_bcdice_api_refusals(client: Client, path: str, reason: str) -> None:
    """test_unexpected_game_system, _command, test_no_command, test_blank_command: 400."""
    answer = client.get(path)
    assert (400, False, reason) == (answer.status, answer.json()["ok"], answer.json()["reason"])


def test_bcdice_api_diceroll(client: Client) -> None:
    """test_diceroll: 1d100<=70 as the Ruby test sends it (unencoded), booleans and rands."""
    body = client.get("/v2/game_system/DiceBot/roll?command=1d100<=70").json()
    assert body["ok"]
    assert (False, False, False) == (body["secret"], body["critical"], body["fumble"])
    assert isinstance(body["success"], bool)
    assert isinstance(body["rands"], list)


# ---------------------------------------------------------------- bcdeno-api


def _check_object(actual: dict[str, Any], types: dict[str, type]) -> bool:
    """bcdeno-api's checkObject: exactly these keys, each of its type."""
    return sorted(actual) == sorted(types) and all(
        isinstance(actual[k], t) for k, t in types.items()
    )


ROLL = {
    "text": str,
    "secret": bool,
    "success": bool,
    "failure": bool,
    "critical": bool,
    "fumble": bool,
    "rands": list,
}


def test_bcdeno_dice_roll(exact_client: Client) -> None:
    """diceRoll: GET v2/game_system/DiceBot/roll with searchParams; the exact key set."""
    body = exact_client.get("/v2/game_system/DiceBot/roll?" + urlencode({"command": "1D100<=50"}))
    data = body.json()
    del data["ok"]
    assert _check_object(data, ROLL)
    assert all(_check_object(r, {"kind": str, "sides": int, "value": int}) for r in data["rands"])


def test_bcdeno_game_systems(exact_client: Client) -> None:
    """getAvailableGameSystems: id, name, sort_key, each a text."""
    for entry in exact_client.get("/v2/game_system").json()["game_system"]:
        assert _check_object(entry, {"id": str, "name": str, "sort_key": str})


def test_bcdeno_game_system(exact_client: Client) -> None:
    """getGameSystem: the keys it keeps, and a command pattern that compiles."""
    data = exact_client.get("/v2/game_system/m20").json()
    del data["ok"]
    assert _check_object(
        data,
        {"id": str, "name": str, "sort_key": str, "command_pattern": str, "help_message": str},
    )
    re.compile(data["command_pattern"])


def test_bcdeno_original_table_raw_body(exact_client: Client) -> None:
    """runOriginalTable: the table sent as `table=${text}`, not encoded; text and rands."""
    table = "Drinks\n1D6\n1:Water\n2:Tea\n3:Milk\n4:Cola\n5:Juice\n6:Coffee"
    answer = exact_client.post(
        "/v2/original_table", f"table={table}", "application/x-www-form-urlencoded"
    )
    data = answer.json()
    del data["ok"]
    assert _check_object(data, {"text": str, "rands": list})


# ---------------------------------------------------------------- a Udonarium derivative


def test_udonarium_roll_with_encode_uri_component(client: Client) -> None:
    """bcDice(): /v2/game_system/${encodeURIComponent(id)}/roll?command=${...}; json.text."""
    command = "x2 2D6>=7 攻撃"
    path = f"/v2/game_system/{quote('DiceBot', safe='')}/roll?command={quote(command, safe='')}"
    body = client.get(path).json()
    assert body["ok"]
    assert "攻撃" in body["text"]
    assert len(body["rands"]) == 4


def test_udonarium_command_pattern_selects_commands(client: Client) -> None:
    """getCommandPattern(): new RegExp(json.command_pattern, "i") tells commands from chat."""
    pattern = re.compile(client.get("/v2/game_system/bayside23").json()["command_pattern"], re.I)
    assert pattern.match("bayhit+1<-1")
    assert pattern.match("2d6")
    assert not pattern.match("こんにちは")


def test_udonarium_table_as_url_search_params(client: Client) -> None:
    """rollTable(): POST v2/original_table, body new URLSearchParams({table})."""
    table = "表\n1D2\n1:a\n2:b"
    answer = client.post(
        "/v2/original_table", urlencode({"table": table}), "application/x-www-form-urlencoded"
    )
    assert answer.json()["ok"]


def test_command_patterns_compile_in_javascript(client: Client) -> None:
    """Every system's command pattern is a JavaScript regular expression (new RegExp)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    ids = [s["id"] for s in client.get("/v2/game_system").json()["game_system"]]
    patterns = [client.get(f"/v2/game_system/{i}").json()["command_pattern"] for i in ids]
    script = "for (const p of JSON.parse(process.argv[1])) new RegExp(p, 'i');"
    import json

    subprocess.run([node, "-e", script, json.dumps(patterns)], check=True, timeout=60)
