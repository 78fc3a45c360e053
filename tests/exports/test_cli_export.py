"""``tabletop-rules export``: a sheet to CCFOLIA's JSON or an Udonarium zip (issue 23)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from tabletop_rules.cli import main
from tabletop_rules.m20 import EXAMPLE_SHEET


def _sheet(tmp_path: Path, text: str = EXAMPLE_SHEET) -> str:
    path = tmp_path / "sheet.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_ccfolia_to_standard_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The one system that reads the sheet is found; the JSON is printed."""
    assert 0 == main(["export", "--format", "ccfolia", _sheet(tmp_path)])
    data = json.loads(capsys.readouterr().out)
    assert "楊望蒼" == data["data"]["name"]


def test_udonarium_to_a_file(tmp_path: Path) -> None:
    """--output writes the zip."""
    out = tmp_path / "piece.zip"
    code = main(
        ["export", "--format", "udonarium", "--system", "m20", "-o", str(out), _sheet(tmp_path)]
    )
    assert 0 == code
    with zipfile.ZipFile(io.BytesIO(out.read_bytes())) as archive:
        assert ["data.xml"] == archive.namelist()


def test_a_sample_card_by_id(capsys: pytest.CaptureFixture[str]) -> None:
    """The skirmish reads a sample card's id as well as a card file."""
    assert 0 == main(["export", "--format", "ccfolia", "--system", "skirmish", "ember_knight"])
    assert "Ember Knight" == json.loads(capsys.readouterr().out)["data"]["name"]


def test_another_systems_sheet_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An m20 sheet exported as bar2d6 fails with the library's error, exit code 1."""
    assert 1 == main(["export", "--format", "ccfolia", "--system", "bar2d6", _sheet(tmp_path)])
    assert "tabletop-rules: error:" in capsys.readouterr().err


def test_a_sheet_no_system_reads_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --system, a sheet that no system reads is a usage error (exit code 2)."""
    assert 2 == main(["export", "--format", "ccfolia", _sheet(tmp_path, "x skill 9")])
    assert "--system" in capsys.readouterr().err


def test_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    """A file that cannot be read is a usage error."""
    assert 2 == main(["export", "--format", "ccfolia", str(tmp_path / "none.txt")])
