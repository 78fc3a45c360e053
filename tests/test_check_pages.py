"""The docs' browser check (docs/check_pages.py) finds what it is for (issue 13).

It opens pages in headless Chromium; without a Chromium on the machine these tests are
skipped (``.ci/run`` installs Debian's ``chromium``, so CI runs them).
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parents[1] / "docs" / "check_pages.py"

pytestmark = pytest.mark.skipif(
    not any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")),
    reason="no Chromium on this machine",
)
# 𰀀 (U+30000, CJK Extension G): a character that no common font draws.
UNDRAWN = "\U00030000"


def _check_pages() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_pages", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _page(body: str) -> str:
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>{body}</body></html>'


def test_broken_links_anchors_and_missing_text_are_found(tmp_path: Path) -> None:
    """A missing page, a missing anchor and CJK text that is not rendered are all reported."""
    (tmp_path / "index.html").write_text(
        _page(
            '<a href="m20.html#here">ok</a> <a href="gone.html">gone</a>'
            ' <a href="bar2d6.html#nowhere">no anchor</a> <a href="https://example.invalid/">web</a>'
        ),
        encoding="utf-8",
    )
    (tmp_path / "m20.html").write_text(
        _page('<h1 id="here">酒吧M20變體</h1><p>楊望蒼</p>'), encoding="utf-8"
    )
    # In the HTML source, but not rendered (display: none): the check reads what is shown.
    (tmp_path / "bar2d6.html").write_text(
        _page('<p style="display:none">個性點數</p>'), encoding="utf-8"
    )
    (tmp_path / "bayside23.html").write_text(
        _page("<p>ファントムサイドストーリー</p>"), encoding="utf-8"
    )
    problems = _check_pages().check(tmp_path)
    bar2d6 = (tmp_path / "bar2d6.html").as_uri()
    assert sorted(problems) == sorted(
        [
            f"index.html: broken link {(tmp_path / 'gone.html').as_uri()}",
            f"index.html: no #nowhere in bar2d6.html ({bar2d6}#nowhere)",
            "bar2d6.html: the rendered page does not show '個性點數'",
        ]
    )


def _has_cjk_fonts() -> bool:
    if shutil.which("fc-list") is None:
        return False
    found = [
        subprocess.run(
            ["fc-list", f":lang={lang}"], check=False, capture_output=True, text=True
        ).stdout
        for lang in ("zh-tw", "ja")
    ]
    return all(found)


@pytest.mark.skipif(not _has_cjk_fonts(), reason="no CJK font (Debian: fonts-noto-cjk)")
def test_a_sound_tree_passes(tmp_path: Path) -> None:
    """Pages whose links, anchors and text are all there give no problem."""
    for name, text in (
        ("m20.html", "酒吧M20變體 楊望蒼"),
        ("bar2d6.html", "個性點數"),
        ("bayside23.html", "ファントムサイドストーリー"),
    ):
        (tmp_path / name).write_text(
            _page(f'<p id="top">{text}</p><a href="m20.html#top">m20</a>'), encoding="utf-8"
        )
    assert _check_pages().check(tmp_path) == []


def test_characters_drawn_as_missing_glyphs_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Characters in the DOM that no installed font draws are reported, one by one."""
    check_pages = _check_pages()
    monkeypatch.setattr(check_pages, "RENDERED_TEXT", {"page.html": (f"漢{UNDRAWN}字",)})
    (tmp_path / "page.html").write_text(_page(f"<p>漢{UNDRAWN}字</p>"), encoding="utf-8")
    problems = check_pages.check(tmp_path)
    assert len(problems) == 1
    assert problems[0].startswith(f"page.html: {UNDRAWN!r} of ")
