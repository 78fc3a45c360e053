"""The README's quick start names what its commands need (issue 24)."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _quick_start() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## Usage", 1)[0]


def test_the_quick_start_names_what_nox_needs() -> None:
    """Before ``nox`` runs, the quick start names Debian's chromium and a CJK font."""
    quick = _quick_start()
    assert "nox" in quick
    assert "chromium" in quick
    assert "fonts-noto-cjk" in quick
