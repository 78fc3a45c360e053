"""Each route of the server, over real HTTP (issue 23, item 2).

bcdice-api v2's routes and shapes (bcdice/bcdice-api ``docs/api_v2.md``) for the generic dice
and every rule system, and the library's own routes.
"""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any
from urllib.parse import quote

import pytest

from tabletop_rules.dice import SeededDice
from tabletop_rules.engine import begin, step
from tabletop_rules.m20 import EXAMPLE_SHEET
from tabletop_rules.serialization import to_json
from tabletop_rules.systems import Registry, Seat

#: The server runs as a subprocess, which the browser's Python cannot start.
pytestmark = pytest.mark.needs("a subprocess")

#: conftest.Client: a keep-alive client of the server under test.
Client = Any
ROLL_KEYS = {"ok", "text", "secret", "success", "failure", "critical", "fumble", "rands"}


def _roll(client: Client, system: str, command: str, locale: str = "en") -> Any:
    return client.get(f"/v2/game_system/{system}/roll?command={quote(command)}&locale={locale}")


def test_version(client: Client) -> None:
    """/v2/version: the api's and the dice engine's versions, texts."""
    answer = client.get("/v2/version")
    assert 200 == answer.status
    assert {"api", "bcdice"} == set(answer.json())


def test_admin(client: Client) -> None:
    """/v2/admin: name, url and email, empty when the operator set none."""
    assert {"name": "", "url": "", "email": ""} == client.get("/v2/admin").json()


def test_game_systems_list_the_generic_dice_and_every_system(client: Client) -> None:
    """/v2/game_system: DiceBot first (its sort key), then every registered system."""
    systems = client.get("/v2/game_system").json()["game_system"]
    ids = [s["id"] for s in systems]
    assert "DiceBot" == ids[0]
    assert set(Registry.default().names) <= set(ids)
    assert sorted(s["sort_key"] for s in systems) == [s["sort_key"] for s in systems]


def test_game_system_info_has_a_pattern_and_help(client: Client) -> None:
    """/v2/game_system/m20: its name in the locale, a command pattern that matches its command."""
    import re

    info = client.get("/v2/game_system/m20?locale=zh-Hant").json()
    assert ("m20", "酒吧M20變體") == (info["id"], info["name"])
    pattern = re.compile(info["command_pattern"], re.IGNORECASE)
    assert pattern.match("M20+4>=16")
    assert pattern.match("2d6+3")
    assert not pattern.match("hello")
    assert "M20+N>=DIFFICULTY" in info["help_message"]


def test_generic_roll_has_bcdice_apis_shape_and_the_odds(client: Client) -> None:
    """A generic check: bcdice-api's fields, one rand per die, and the exact probability."""
    answer = _roll(client, "DiceBot", "2D6+5>=8")
    body = answer.json()
    assert 200 == answer.status
    assert ROLL_KEYS | {"probability"} == set(body)
    assert "35/36" == body["probability"]
    assert [("normal", 6), ("normal", 6)] == [(r["kind"], r["sides"]) for r in body["rands"]]
    assert body["success"] != body["failure"]


def test_a_system_check_rolls(client: Client) -> None:
    """M20-036: m20's own check, answered in the requested locale."""
    body = _roll(client, "m20", "M20+4>=12", "ja").json()
    assert "13/20" == body["probability"]
    assert 1 == len(body["rands"])
    assert body["text"].startswith("1D20[")


def test_a_sum_has_no_probability(client: Client) -> None:
    """A roll that is no check: success and failure false, probability null."""
    body = _roll(client, "DiceBot", "3D6+1").json()
    assert (False, False, None) == (body["success"], body["failure"], body["probability"])


def test_secret_roll(client: Client) -> None:
    """S2D6 is secret."""
    assert _roll(client, "DiceBot", "S2D6").json()["secret"]


def test_roll_by_post_form(client: Client) -> None:
    """A POST may send the command as a form field, as bcdice-api takes it."""
    answer = client.post(
        "/v2/game_system/DiceBot/roll",
        "command=" + quote("1d100<=70"),
        "application/x-www-form-urlencoded",
    )
    assert 200 == answer.status
    assert "7/10" == answer.json()["probability"]


def test_roll_by_post_json(client: Client) -> None:
    """A POST may send the command in a JSON object."""
    answer = client.post(
        "/v2/game_system/DiceBot/roll", json.dumps({"command": "2D6"}), "application/json"
    )
    assert 200 == answer.status


def test_unknown_system_is_bcdice_apis_refusal(client: Client) -> None:
    """An unknown id: 400, reason "unsupported game system", the library's message beside it."""
    answer = _roll(client, "Hoge", "1d100<=70")
    assert 400 == answer.status
    body = answer.json()
    assert (False, "unsupported game system") == (body["ok"], body["reason"])
    assert "Hoge" in body["message"]


def test_broken_command_is_refused_with_the_librarys_message(client: Client) -> None:
    """A command that breaks the notation: 400, "unsupported command", the column in Japanese."""
    body = _roll(client, "DiceBot", "2D6>=>3", "ja").json()
    assert "unsupported command" == body["reason"]
    assert "6 文字目" in body["message"]


def test_original_table(client: Client) -> None:
    """/v2/original_table rolls a table: title(total) ＞ item."""
    table = (
        "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料"
    )
    answer = client.post(
        "/v2/original_table", "table=" + quote(table), "application/x-www-form-urlencoded"
    )
    body = answer.json()
    assert 200 == answer.status
    assert body["text"].startswith("飲み物表(")
    assert 1 == len(body["rands"])


def test_not_found_is_json(client: Client) -> None:
    """An unknown route: 404, bcdice-api's {"ok": false, "reason": "not found"}."""
    answer = client.get("/v3/nothing")
    assert (404, False, "not found") == (
        answer.status,
        answer.json()["ok"],
        answer.json()["reason"],
    )


def test_check_sheet_lists_every_problem_in_the_locale(client: Client) -> None:
    """POST /api/systems/m20/sheet: a broken sheet's problems, every one, in Japanese."""
    answer = client.post("/api/systems/m20/sheet?locale=ja", "姓名：x\n", "text/plain")
    body = answer.json()
    assert (200, False) == (answer.status, body["valid"])
    assert len(body["problems"]) >= 3
    assert all("シート" in problem for problem in body["problems"])


def test_check_sheet_gives_the_character(client: Client) -> None:
    """A valid sheet: the character's JSON and the sheet written back."""
    answer = client.post(
        "/api/systems/m20/sheet", json.dumps({"sheet": EXAMPLE_SHEET}), "application/json"
    )
    body = answer.json()
    assert (True, "楊望蒼") == (body["valid"], body["character"]["name"])


def test_export_ccfolia(client: Client) -> None:
    """POST /api/systems/m20/export: CCFOLIA's clipboard JSON."""
    answer = client.post("/api/systems/m20/export?format=ccfolia", EXAMPLE_SHEET, "text/plain")
    assert "character" == answer.json()["kind"]


def test_export_udonarium(client: Client) -> None:
    """format=udonarium: the zip, with data.xml."""
    answer = client.post("/api/systems/m20/export?format=udonarium", EXAMPLE_SHEET, "text/plain")
    assert "application/zip" == answer.headers["content-type"]
    with zipfile.ZipFile(io.BytesIO(answer.body)) as archive:
        assert ["data.xml"] == archive.namelist()


def test_export_of_another_systems_sheet_is_refused(client: Client) -> None:
    """An m20 sheet exported as skirmish is a 400 with the library's message."""
    answer = client.post("/api/systems/skirmish/export", EXAMPLE_SHEET, "text/plain")
    assert (400, False) == (answer.status, answer.json()["ok"])


def _duel_record() -> str:
    system = Registry.default().get("duel")
    samples = system.piece.samples()  # type: ignore[union-attr]
    setup = system.lineup(  # type: ignore[misc]
        [Seat(id="a", character=samples[0]), Seat(id="b", character=samples[0], foe=True)]
    )
    dice = SeededDice(7)
    state, record = begin(system.ruleset, setup, dice)
    for _ in range(12):
        commands = system.ruleset.legal_commands(state)
        if system.ruleset.is_over(state) or not commands:
            break
        state, entry = step(system.ruleset, state, commands[0], dice)
        record = record.append(entry)
    return to_json(record)


def test_verify_record_gives_its_log(client: Client) -> None:
    """POST /api/records/verify: a verified record's log, one line per event."""
    record = _duel_record()
    body = client.post("/api/records/verify", record, "application/json").json()
    assert (True, "duel") == (body["valid"], body["system"])
    assert body["events"] == len(body["log"])


def test_verify_record_names_a_tampered_entry(client: Client) -> None:
    """A record whose faces were changed is not valid, at the entry that breaks."""
    data = json.loads(_duel_record())
    entry = next(i for i, e in enumerate(data["entries"]) if e["faces"])
    data["entries"][entry]["faces"][0] = 7 - data["entries"][entry]["faces"][0]
    body = client.post("/api/records/verify", json.dumps(data), "application/json").json()
    assert (False, entry) == (body["valid"], body["index"])


def test_openapi_describes_every_route(client: Client) -> None:
    """/openapi.json is an OpenAPI 3.1 document naming every route the server has."""
    document = client.get("/openapi.json").json()
    assert "3.1.0" == document["openapi"]
    assert {
        "/v2/version",
        "/v2/admin",
        "/v2/game_system",
        "/v2/game_system/{id}",
        "/v2/game_system/{id}/roll",
        "/v2/original_table",
        "/api/systems/{system}/sheet",
        "/api/systems/{system}/export",
        "/api/records/verify",
        "/openapi.json",
    } == set(document["paths"])


def test_every_answer_allows_any_origin(client: Client) -> None:
    """Access-Control-Allow-Origin: * on answers and refusals, as bcdice-api sends it."""
    assert "*" == client.get("/v2/version").headers["access-control-allow-origin"]
    assert "*" == _roll(client, "Hoge", "1D6").headers["access-control-allow-origin"]


def test_exact_shapes_send_bcdice_apis_fields_only(exact_client: Client) -> None:
    """--exact-shapes: no probability, no message."""
    assert ROLL_KEYS == set(_roll(exact_client, "DiceBot", "2D6>=7").json())
    assert {"ok", "reason"} == set(_roll(exact_client, "DiceBot", "x").json())
