"""Open every page of the built HTML docs in headless Chromium and check what it renders.

Usage: ``python docs/check_pages.py docs/_build/html`` (``nox -s docs`` runs it after the build).

One Chromium (Debian's ``chromium`` package; ``.ci/run`` installs it) loads each page through
the DevTools protocol, spoken over a WebSocket with the standard library only, so nothing is
downloaded at run time. For every page, in the DOM the browser built:

- every internal link (``a[href]`` to a page of the build) goes to a page that exists, and its
  ``#fragment``, if any, is the id of an element of that page;
- the pages of the three systems whose texts are not in English show their text in its own
  script: it is in the rendered ``innerText`` (not only in the HTML source), and every one of
  its characters is drawn with a real glyph, not the box of a missing one (a font with CJK
  glyphs must be installed: Debian's ``fonts-noto-cjk``, which ``.ci/run`` installs);
- a page that moved (docs/_moved.py: its ``<script id="moved-to" type="application/json">``
  maps each page that has its anchors now to those anchors) is checked as links to every
  anchor of its map, and its anchors are those of the map; Chromium follows its script without
  an anchor, with an anchor no page has, and with one anchor of each page of the map, and it
  must land where the map says; the old addresses that must keep working (``MOVED_PAGES``)
  are such pages.

It exits with status 1 and lists every problem, or prints how many pages and links it checked.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse

# Text each page must render, in the script of its system's rule text.
RENDERED_TEXT = {
    "m20.html": ("酒吧M20變體", "楊望蒼"),
    "bar2d6.html": ("個性點數",),
    "bayside23.html": ("ファントムサイドストーリー",),
}
# Old addresses that must keep working, as pages that send their readers on (docs/conf.py).
MOVED_PAGES = ("api.html",)
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# What the page reports: its ids, its links (resolved by the browser) and its rendered text.
PAGE_FACTS = """JSON.stringify({
  ids: Array.from(document.querySelectorAll("[id]"), (e) => e.id),
  names: Array.from(document.querySelectorAll("a[name]"), (e) => e.name),
  links: Array.from(document.querySelectorAll("a[href]"), (a) => a.href),
  text: document.body.innerText,
})"""
# The characters of a text that the page's fonts draw as a missing glyph: each is drawn on a
# canvas in the body's font and compared with a private-use character no font has, and a space.
MISSING_GLYPHS = """((text) => {
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const g = canvas.getContext("2d");
  g.font = "48px " + getComputedStyle(document.body).fontFamily;
  const draw = (ch) => {
    g.clearRect(0, 0, 64, 64);
    g.fillText(ch, 4, 52);
    return g.getImageData(0, 0, 64, 64).data.join();
  };
  const missing = [draw("\\u{10FFFD}"), draw(" ")];
  return Array.from(text).filter((ch) => missing.includes(draw(ch))).join("");
})(%s)"""
TIMEOUT = 30.0
# The map of a page that moved (docs/_moved.py).
MOVED = re.compile(r'<script id="moved-to" type="application/json">(.*?)</script>', re.S)
# An anchor that no page has: a moved page sends it to its default page.
NO_SUCH_ANCHOR = "no-such-anchor-of-check-pages"


class DevTools:
    """A WebSocket client of Chromium's DevTools protocol (text frames, one connection)."""

    def __init__(self, url: str) -> None:
        parsed = urlparse(url)
        self._sock = socket.create_connection((parsed.hostname, parsed.port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        self._sock.sendall(
            f"GET {parsed.path} HTTP/1.1\r\nHost: {parsed.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        response = b""
        while b"\r\n\r\n" not in response:
            response += self._sock.recv(4096)
        head, _, self._buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"DevTools refused the WebSocket: {head[:200]!r}")
        self._next_id = 0

    def close(self) -> None:
        """Close the connection."""
        self._sock.close()

    def _read(self, n: int) -> bytes:
        while len(self._buffer) < n:
            chunk = self._sock.recv(1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools connection")
            self._buffer += chunk
        data, self._buffer = self._buffer[:n], self._buffer[n:]
        return data

    def _receive(self) -> dict[str, object]:
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack(">H", self._read(2))
            elif length == 127:
                (length,) = struct.unpack(">Q", self._read(8))
            message += self._read(length)
            if first & 0x80:  # FIN: the last frame of the message
                result: dict[str, object] = json.loads(message)
                return result

    def call(self, method: str, session: str | None = None, **params: object) -> dict[str, object]:
        """Send one command and return its result (events that arrive meanwhile are dropped)."""
        self._next_id += 1
        payload: dict[str, object] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            payload["sessionId"] = session
        data = json.dumps(payload).encode()
        mask = os.urandom(4)
        if len(data) < 126:
            header = struct.pack(">BB", 0x81, 0x80 | len(data))
        elif len(data) < 1 << 16:
            header = struct.pack(">BBH", 0x81, 0x80 | 126, len(data))
        else:  # a pasted record (docs/check_try.py)
            header = struct.pack(">BBQ", 0x81, 0x80 | 127, len(data))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self._sock.sendall(header + mask + masked)
        while True:
            reply = self._receive()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result = reply.get("result", {})
                assert isinstance(result, dict)
                return result


def _browser() -> str:
    for name in BROWSERS:
        if found := shutil.which(name):
            return found
    sys.exit(
        "check_pages: no Chromium found; install Debian's package: apt-get install -y chromium"
    )


def _state(tools: DevTools, session: str) -> tuple[str, str] | None:
    """The page's ``document.readyState`` and address; ``None`` while another replaces it."""
    try:
        result = tools.call(
            "Runtime.evaluate",
            session,
            expression="[document.readyState, location.href]",
            returnByValue=True,
        )["result"]
    except RuntimeError as error:
        if "navigated" in str(error):  # the page sent the browser on while it was asked
            return None
        raise
    assert isinstance(result, dict)
    value = result.get("value")
    return (str(value[0]), str(value[1])) if isinstance(value, list) else None


def _page_facts(
    tools: DevTools, session: str, url: str, texts: tuple[str, ...]
) -> dict[str, list[str] | str]:
    tools.call("Page.navigate", session, url=url)
    deadline = time.monotonic() + TIMEOUT
    while True:
        if _state(tools, session) == ("complete", url):
            break
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not finish loading in {TIMEOUT} s")
        time.sleep(0.02)
    facts = tools.call("Runtime.evaluate", session, expression=PAGE_FACTS, returnByValue=True)
    result = facts["result"]
    assert isinstance(result, dict)
    loaded: dict[str, list[str] | str] = json.loads(result["value"])
    missing = []
    for text in texts:
        drawn = tools.call(
            "Runtime.evaluate",
            session,
            expression=MISSING_GLYPHS % json.dumps(text),
            returnByValue=True,
        )["result"]
        assert isinstance(drawn, dict)
        missing.append(str(drawn["value"]))
    loaded["missing_glyphs"] = missing
    return loaded


def _moved_map(page: Path) -> dict[str, object] | None:
    """The map of *page* if it is a page that moved, else ``None``."""
    found = MOVED.search(page.read_text(encoding="utf-8", errors="replace"))
    if found is None:
        return None
    moved: dict[str, object] = json.loads(found[1])
    return moved


def _landing(tools: DevTools, session: str, url: str) -> str | None:
    """Where the browser lands from *url*, a page that sends it on; ``None`` if it stays."""
    # From a blank page, so that the page of the last call cannot be taken for the landing.
    tools.call("Page.navigate", session, url="about:blank")
    tools.call("Page.navigate", session, url=url)
    left = urldefrag(url)[0]
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        time.sleep(0.02)
        state = _state(tools, session)
        if state and state[0] == "complete" and urldefrag(state[1])[0] not in (left, "about:blank"):
            return state[1]
    return None


def _moved_facts(
    tools: DevTools, session: str, page: Path, moved: dict[str, object], texts: tuple[str, ...]
) -> dict[str, list[str] | str]:
    """The facts of a page that moved: its map as ids and links, and where the browser lands.

    It shows no text: the texts it should show (*texts*) are reported as not shown.
    """
    url = page.as_uri()
    pages = moved["pages"]
    assert isinstance(pages, dict)
    default = urljoin(url, str(moved["default"]))
    ids = [anchor for anchors in pages.values() for anchor in anchors]
    links = [default]
    links.extend(
        f"{urljoin(url, target)}#{anchor}"
        for target, anchors in pages.items()
        for anchor in anchors
    )
    # Without an anchor and with one no page has: the default; one anchor of each page: there.
    expected = {"": default, NO_SUCH_ANCHOR: default}
    for target, anchors in pages.items():
        if anchors:
            expected[anchors[0]] = f"{urljoin(url, target)}#{anchors[0]}"
    wrong = []
    for anchor, meant in expected.items():
        asked = f"{url}#{anchor}" if anchor else url
        landed = _landing(tools, session, asked)
        if landed is None:
            wrong.append(f"{asked} did not send the browser on in {TIMEOUT} s")
        elif unquote(landed) != unquote(meant):
            wrong.append(f"{asked} lands on {landed}, not {meant}")
    return {
        "ids": ids,
        "names": [],
        "links": links,
        "text": "",
        "missing_glyphs": ["" for _ in texts],
        "wrong": wrong,
    }


def _all_facts(
    tools: DevTools, session: str, root: Path, pages: list[Path]
) -> dict[Path, dict[str, list[str] | str]]:
    """The facts of every page: loaded in Chromium, or followed if the page moved."""
    facts = {}
    for page in pages:
        texts = RENDERED_TEXT.get(page.relative_to(root).as_posix(), ())
        moved = _moved_map(page)
        if moved is None:
            facts[page] = _page_facts(tools, session, page.as_uri(), texts)
        else:
            facts[page] = _moved_facts(tools, session, page, moved, texts)
    return facts


def _stop(browser: subprocess.Popen[bytes]) -> None:
    """End Chromium, and its helper processes with it (its own process group)."""
    browser.terminate()
    browser.wait(timeout=TIMEOUT)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(browser.pid, signal.SIGKILL)


def _missing_pages(root: Path, facts: dict[Path, dict[str, list[str] | str]]) -> list[str]:
    """The pages the build must have and has not: the systems' pages, the old addresses."""
    problems = [
        f"{name}: page missing"
        for name in (*RENDERED_TEXT, *MOVED_PAGES)
        if root / name not in facts
    ]
    problems.extend(
        f"{name}: not a page that moved (docs/_moved.py)"
        for name in MOVED_PAGES
        if root / name in facts and "wrong" not in facts[root / name]
    )
    return problems


@contextlib.contextmanager
def chromium(*flags: str) -> Iterator[tuple[DevTools, str]]:
    """A headless Chromium with one blank tab: its DevTools connection and the tab's session.

    *flags* are more of Chromium's command-line switches. Chromium (and its helpers) end
    with the block.

    Raises:
        RuntimeError: Chromium did not open its DevTools port.
    """
    # Chromium's helper processes may still write to the profile as it is removed: a file
    # left behind in a temporary directory is no problem of the pages.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        log = Path(profile, "chromium.log")
        with log.open("w") as err:
            browser = subprocess.Popen(
                [
                    _browser(), "--headless", "--no-sandbox", "--disable-gpu", *flags,
                    "--remote-debugging-port=0", f"--user-data-dir={profile}/data", "about:blank",
                ],
                stdout=subprocess.DEVNULL, stderr=err, start_new_session=True,
            )  # fmt: skip
        try:
            deadline = time.monotonic() + TIMEOUT
            while not (match := re.search(r"DevTools listening on (ws://\S+)", log.read_text())):
                if browser.poll() is not None or time.monotonic() > deadline:
                    output = log.read_text()
                    raise RuntimeError(f"Chromium did not open its DevTools port:\n{output}")
                time.sleep(0.05)
            tools = DevTools(match[1])
            try:
                target = tools.call("Target.createTarget", url="about:blank")
                attached = tools.call(
                    "Target.attachToTarget", targetId=target["targetId"], flatten=True
                )
                yield tools, str(attached["sessionId"])
            finally:
                tools.close()
        finally:
            _stop(browser)


def check(root: Path) -> list[str]:
    """Check every page under *root*; return the problems found."""
    root = root.resolve()
    pages = sorted(root.rglob("*.html"))
    if not pages:
        return [f"no HTML pages under {root}"]
    problems: list[str] = []
    try:
        with chromium() as (tools, session):
            facts = _all_facts(tools, session, root, pages)
    except RuntimeError as error:
        if "DevTools port" not in str(error):
            raise
        return [str(error)]
    anchors = {page: {*facts[page]["ids"], *facts[page]["names"]} for page in pages}
    links = 0
    for page in pages:
        name = page.relative_to(root).as_posix()
        problems.extend(f"{name}: {wrong}" for wrong in facts[page].get("wrong", []))
        for href in facts[page]["links"]:
            url, fragment = urldefrag(href)
            if not url.startswith("file:"):
                continue  # another site: not checked here (no network in CI)
            links += 1
            target = Path(unquote(urlparse(url).path))
            if target not in anchors:
                if not target.exists():
                    problems.append(f"{name}: broken link {href}")
                continue  # a file that is not a page (an image, a source): it exists
            if fragment and unquote(fragment) not in anchors[target]:
                problems.append(f"{name}: no #{fragment} in {target.relative_to(root)} ({href})")
        texts = RENDERED_TEXT.get(name, ())
        for text, missing in zip(texts, facts[page]["missing_glyphs"], strict=True):
            if text not in facts[page]["text"]:
                problems.append(f"{name}: the rendered page does not show {text!r}")
            elif missing:
                problems.append(
                    f"{name}: {missing!r} of {text!r} drawn as missing glyphs"
                    " (no font has them: install a CJK font, such as Debian's fonts-noto-cjk)"
                )
    problems.extend(_missing_pages(root, facts))
    if not problems:
        print(f"check_pages: {len(pages)} pages, {links} internal links checked in Chromium")
    return problems


def main() -> None:
    """Check the build directory named on the command line; exit 1 if anything is wrong."""
    if len(sys.argv) != 2:
        sys.exit("usage: python docs/check_pages.py BUILD_DIR")
    problems = check(Path(sys.argv[1]))
    for problem in problems:
        print(f"check_pages: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
