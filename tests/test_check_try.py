"""The try page's browser check (docs/check_try.py) reports a page that does not work (issue 23).

The check itself runs in ``nox -s docs`` on the built site, where the page starts Pyodide;
these tests give it small pages that fail before any Pyodide would be needed. Without a
Chromium on the machine they are skipped (``.ci/run`` installs Debian's ``chromium``).
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).parents[1] / "docs"

pytestmark = pytest.mark.skipif(
    not any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")),
    reason="no Chromium on this machine",
)


@pytest.fixture
def check_try(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    # check_try imports check_pages as its neighbour, as `python docs/check_try.py` finds it.
    monkeypatch.syspath_prepend(str(DOCS))
    spec = importlib.util.spec_from_file_location("check_try", DOCS / "check_try.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("check_pages", None)


def _page(script: str, body: str = "") -> str:
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>'
        f'<p id="try-status"></p>{body}<script>{script}</script></body></html>'
    )


def test_a_build_without_the_page_is_found(check_try: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(_page(""))
    assert [f"try.html: page missing from {tmp_path}"] == check_try.check(tmp_path)


def test_a_page_where_the_library_does_not_start_is_found(
    check_try: ModuleType, tmp_path: Path
) -> None:
    failing = (
        "document.getElementById('try-status').textContent = 'no wheel';"
        "document.documentElement.dataset.tryState = 'failed';"
    )
    (tmp_path / "try.html").write_text(_page(failing))
    assert ["try.html: the library did not start (failed): no wheel"] == check_try.check(tmp_path)


def test_a_page_that_starts_without_its_tools_is_found_tool_by_tool(
    check_try: ModuleType, tmp_path: Path
) -> None:
    ready = (
        "document.getElementById('try-status').textContent = 'Ready';"
        "document.documentElement.dataset.tryState = 'ready';"
    )
    (tmp_path / "try.html").write_text(_page(ready))
    problems = check_try.check(tmp_path)
    tools = [problem.split(":")[0] for problem in problems]
    assert ["dice roller", "character builder", "record viewer"] == tools[:3]
    # No wheel was asked for: the library was never installed from the site.
    assert problems[3].startswith("try.html: the library's wheel was not fetched from the site")
