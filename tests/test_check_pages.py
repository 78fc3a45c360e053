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
MOVED = Path(__file__).parents[1] / "docs" / "_moved.py"

pytestmark = pytest.mark.skipif(
    not any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")),
    reason="no Chromium on this machine",
)
# 𰀀 (U+30000, CJK Extension G): a character that no common font draws.
UNDRAWN = "\U00030000"


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check_pages() -> ModuleType:
    return _load(SCRIPT)


def _page(body: str) -> str:
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>{body}</body></html>'


def _moved_api(root: Path, pages: dict[str, list[str]] | None = None) -> None:
    """The old api.html, moved: each anchor of *pages* to its page, anything else to the index.

    The API pages themselves are written too: the index, and a dice page with a module heading
    and one class.
    """
    (root / "api").mkdir()
    (root / "api" / "index.html").write_text(_page('<h1 id="api-reference">API</h1>'))
    (root / "api" / "dice.html").write_text(
        _page('<h1 id="tabletop-rules-dice">dice</h1><dl><dt id="tabletop_rules.dice.Dice">Dice')
    )
    if pages is None:
        pages = {
            "api/dice.html": ["tabletop_rules.dice.Dice", "tabletop-rules-dice"],
            "api/index.html": ["api-reference"],
        }
    page = _load(MOVED).moved_page(
        pages=pages, default="api/index.html", title="Moved", notice="Moved:", link="API"
    )
    (root / "api.html").write_text(page, encoding="utf-8")


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
    _moved_api(tmp_path)
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
    _moved_api(tmp_path)
    assert _check_pages().check(tmp_path) == []


def test_characters_drawn_as_missing_glyphs_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Characters in the DOM that no installed font draws are reported, one by one."""
    check_pages = _check_pages()
    monkeypatch.setattr(check_pages, "RENDERED_TEXT", {"page.html": (f"漢{UNDRAWN}字",)})
    monkeypatch.setattr(check_pages, "MOVED_PAGES", ())
    (tmp_path / "page.html").write_text(_page(f"<p>漢{UNDRAWN}字</p>"), encoding="utf-8")
    problems = check_pages.check(tmp_path)
    assert len(problems) == 1
    assert problems[0].startswith(f"page.html: {UNDRAWN!r} of ")


# -- pages that moved ---------------------------------------------------------------------------


def test_a_moved_page_sends_each_anchor_to_the_page_that_has_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """api.html#tabletop_rules.dice.Dice lands on api/dice.html there, api.html on the index.

    The check follows docs/_moved.py's page in Chromium (one anchor of each page, none, and
    an unknown one), and a link to the moved page's anchor is a link to its map.
    """
    check_pages = _check_pages()
    monkeypatch.setattr(check_pages, "RENDERED_TEXT", {})
    _moved_api(tmp_path)
    (tmp_path / "index.html").write_text(
        _page('<a href="api.html#tabletop_rules.dice.Dice">Dice</a> <a href="api.html#gone">x</a>')
    )
    moved = (tmp_path / "api.html").as_uri()
    assert [f"index.html: no #gone in api.html ({moved}#gone)"] == check_pages.check(tmp_path)


def test_an_anchor_of_the_map_that_its_page_lacks_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every anchor of a moved page's map must be on the page the map names."""
    check_pages = _check_pages()
    monkeypatch.setattr(check_pages, "RENDERED_TEXT", {})
    _moved_api(
        tmp_path, {"api/dice.html": ["tabletop_rules.dice.Dice", "tabletop_rules.dice.Gone"]}
    )
    dice = (tmp_path / "api" / "dice.html").as_uri()
    assert [
        f"api.html: no #tabletop_rules.dice.Gone in api/dice.html ({dice}#tabletop_rules.dice.Gone)"
    ] == check_pages.check(tmp_path)


def test_a_moved_page_that_lands_elsewhere_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A moved page whose script sends an anchor to the wrong page fails the check."""
    check_pages = _check_pages()
    monkeypatch.setattr(check_pages, "RENDERED_TEXT", {})
    _moved_api(tmp_path)
    page = (tmp_path / "api.html").read_text(encoding="utf-8")
    (tmp_path / "api.html").write_text(
        page.replace("location.replace(page + location.hash)", "location.replace(moved.default)"),
        encoding="utf-8",
    )
    moved = (tmp_path / "api.html").as_uri()
    index = (tmp_path / "api" / "index.html").as_uri()
    dice = (tmp_path / "api" / "dice.html").as_uri()
    assert sorted(
        [
            f"api.html: {moved}#tabletop_rules.dice.Dice lands on {index},"
            f" not {dice}#tabletop_rules.dice.Dice",
            f"api.html: {moved}#api-reference lands on {index}, not {index}#api-reference",
        ]
    ) == sorted(check_pages.check(tmp_path))


def test_an_old_address_that_is_gone_or_not_moved_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """api.html must be there, and be a page that moved, not any page."""
    check_pages = _check_pages()
    monkeypatch.setattr(check_pages, "RENDERED_TEXT", {})
    (tmp_path / "index.html").write_text(_page("<p>home</p>"))
    assert ["api.html: page missing"] == check_pages.check(tmp_path)
    (tmp_path / "api.html").write_text(_page("<p>the old page</p>"))
    assert ["api.html: not a page that moved (docs/_moved.py)"] == check_pages.check(tmp_path)
