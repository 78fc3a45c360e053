"""Use the three tools of the built "Try it" page (docs/try.md) in headless Chromium.

Usage: ``python docs/check_try.py docs/_build/html`` (``nox -s docs`` runs it after
docs/check_pages.py).

The built site is served on 127.0.0.1 (the standard library's HTTP server: WebAssembly and
module scripts are not loaded from ``file:`` addresses) and the page is opened in the same
headless Chromium as docs/check_pages.py, driven over its DevTools protocol, with every other
host unreachable (``--host-resolver-rules``): Pyodide and every wheel must come from the site
(the build copies them there: docs/_try_site.py). Once the library has started in the page,
each tool is used as a reader would, and what the page shows is compared with what this
CPython computes with the same library (``docs/_static/try/try_page.py``, the code the page
runs, and the library's public API):

- the dice roller: explanations, exact probabilities and every bar of the chart, a refusal
  and ordinary chat;
- the character builder: each system's sample, with no problem and the CCFOLIA JSON that the
  copy button puts on the clipboard (read back from it); a broken sheet's problems in two
  languages;
- the record viewer: a record played here, pasted, verified and stepped through in two
  languages; the same record with one face changed, refused at the entry CPython's
  ``replay`` names; the example game, the same bytes as here.

Finally no resource of the page came from another origin, and the wheels were fetched from
the site. It exits with status 1 and lists every problem, or prints what it checked and how
long the page took to start.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from check_pages import DevTools, chromium

PAGE = "try.html"
#: How long the page may take to start Pyodide and install the wheels (a loaded CI machine).
START_TIMEOUT = 240.0
#: How long one click may take to answer.
ACTION_TIMEOUT = 30.0
# Only the test server's address resolves: anything else the page asks for fails.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
ROLLS = (
    ("2d6>=7", "ja", ""),
    ("4b6>=5", "en", ""),
    ("x3 1d20+5>=15", "zh-Hant", ""),
    ("3d6kh2+1", "en", ""),
    ("1d6>=1d6", "en", ""),
    ("M20+3>=12", "zh-Hant", "m20"),
    ("2d6>=", "ja", ""),
    ("hello there", "en", ""),
)
RECORD_SEED = 7
# The chart's bars: each one's value, count, and whether it wins (a check's), loses or neither.
BARS = """Array.from(document.querySelectorAll("#roll-chart rect.bar"), (r) => [
  Number(r.dataset.value),
  r.dataset.count,
  r.classList.contains("win") ? true : r.classList.contains("loss") ? false : null,
])"""


def _try_page() -> Any:
    """docs/_static/try/try_page.py, the page's Python, imported in this CPython."""
    path = Path(__file__).with_name("_static") / "try" / "try_page.py"
    spec = importlib.util.spec_from_file_location("try_page", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the build quietly, with the types Pyodide needs, and notes every path asked."""

    extensions_map = {  # noqa: RUF012 - the base class's attribute, extended
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".whl": "application/zip",
    }

    def __init__(self, *args: Any, asked: list[str], **kwargs: Any) -> None:
        self._asked = asked
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        """Note the path, then serve it."""
        self._asked.append(self.path)
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        """Log nothing: a failed check lists its own problems."""


class _Server(http.server.ThreadingHTTPServer):
    """The test server: a request the browser gave up on (a closed connection) is no error."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Ignore a connection the browser closed; report anything else."""
        if not isinstance(sys.exception(), ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def _serving(root: Path, asked: list[str]) -> Iterator[str]:
    """Serve *root* on 127.0.0.1 in a thread; the site's address."""
    handler = functools.partial(_Handler, directory=str(root), asked=asked)
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class _Page:
    """The page in Chromium: evaluate JavaScript, act on a tool and wait for its answer."""

    def __init__(self, tools: DevTools, session: str) -> None:
        self._tools = tools
        self._session = session

    def js(self, expression: str) -> Any:
        """The value of *expression* (awaited if a promise), run as a user's gesture."""
        reply = self._tools.call(
            "Runtime.evaluate",
            self._session,
            expression=expression,
            returnByValue=True,
            awaitPromise=True,
            userGesture=True,
        )
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression[:80]}: {reply['exceptionDetails']}")
        result = reply["result"]
        assert isinstance(result, dict)
        return result.get("value")

    def act(self, tool: str, script: str) -> None:
        """Run *script*, then wait until *tool* has answered (its ``data-done`` counter)."""
        before = self.js(f"document.getElementById({tool!r}).dataset.done")
        self.js(script)
        deadline = time.monotonic() + ACTION_TIMEOUT
        while self.js(f"document.getElementById({tool!r}).dataset.done") == before:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{tool} did not answer in {ACTION_TIMEOUT} s: {script[:80]}")
            time.sleep(0.02)

    def set_value(self, element: str, value: object, event: str | None = None) -> str:
        """A script that sets *element*'s value (and dispatches *event* on it)."""
        script = f"document.getElementById({element!r}).value = {json.dumps(value)};"
        if event:
            script += f"document.getElementById({element!r}).dispatchEvent(new Event({event!r}));"
        return script

    def texts(self, selector: str) -> list[str]:
        """What each element that *selector* matches shows."""
        return list(
            self.js(f"Array.from(document.querySelectorAll({selector!r}), (e) => e.textContent)")
        )

    def text(self, element: str) -> str:
        """What *element* shows."""
        return str(self.js(f"document.getElementById({element!r}).textContent"))


def _click(element: str) -> str:
    """A script that clicks *element*, a button, and fails if it is disabled."""
    return (
        f"((button) => {{ if (button.disabled) throw new Error({element!r} + ' is disabled');"
        f" button.click(); }})(document.getElementById({element!r}))"
    )


def _roller(page: _Page, expected: Callable[..., dict[str, Any]]) -> list[str]:
    problems = []
    for text, locale, system in ROLLS:
        seed = 20261202
        page.act(
            "try-roll",
            page.set_value("roll-text", text)
            + page.set_value("roll-locale", locale)
            + page.set_value("roll-system", system)
            + page.set_value("roll-seed", str(seed))
            + "document.getElementById('roll-form').requestSubmit()",
        )
        want = expected(text, locale, system, seed)
        shown = page.text("roll-explanation")
        where = f"dice roller, {text!r} in {locale}"
        if want["ok"]:
            if shown != want["explanation"]:
                problems.append(f"{where}: shows {shown!r}, not {want['explanation']!r}")
            bars = page.js(BARS)
            chart = want["chart"]
            wins = chart["wins"] or [None] * len(chart["values"])
            meant = [list(bar) for bar in zip(chart["values"], chart["counts"], wins, strict=True)]
            if bars != meant:
                problems.append(f"{where}: the chart's bars are {bars}, not {meant}")
            if chart["wins"] and chart["shown_all"]:
                # The law the chart draws: the winning bars' counts are the probability.
                won = sum(int(count) for _, count, win in bars if win)
                if Fraction(won, int(chart["total"])) != Fraction(want["probability"]):
                    problems.append(
                        f"{where}: the winning bars are {won}/{chart['total']},"
                        f" not {want['probability']}"
                    )
            probability = page.text("roll-probability")
            if want["probability"] and not probability.endswith(f": {want['probability']}"):
                problems.append(f"{where}: shows {probability!r}, not {want['probability']}")
        elif want.get("chat"):
            if "not a dice command" not in shown:
                problems.append(f"{where}: shows {shown!r}, not that it is chat")
        elif shown != want["reason"]:
            problems.append(f"{where}: shows {shown!r}, not the refusal {want['reason']!r}")
    # The library's own answer, not only the page's Python: 2D6 ≥ 7 is 21 of 36.
    page.act(
        "try-roll",
        page.set_value("roll-text", "2d6>=7")
        + page.set_value("roll-system", "")
        + "document.getElementById('roll-form').requestSubmit()",
    )
    counts = page.js(
        "Array.from(document.querySelectorAll('#roll-chart rect.win'), (r) => r.dataset.count)"
    )
    if sorted(map(int, counts)) != [1, 2, 3, 4, 5, 6]:
        problems.append(f"dice roller, 2d6>=7: the winning bars count {counts}, not 6+5+4+3+2+1")
    return problems


def _builder(
    page: _Page, expected: Callable[..., dict[str, Any]], samples: dict[str, str]
) -> list[str]:
    problems = []
    offered = page.js("Array.from(document.getElementById('build-system').options, (o) => o.value)")
    if offered != list(samples):
        problems.append(f"character builder: offers {offered}, not {list(samples)}")
    for system, sample in samples.items():
        where = f"character builder, {system}"
        page.act(
            "try-build",
            page.set_value("build-locale", "ja") + page.set_value("build-system", system, "change"),
        )
        sheet = page.js("document.getElementById('build-sheet').value")
        if sheet != sample:
            problems.append(f"{where}: starts with {sheet[:60]!r}, not the system's sample")
        want = expected(system, sample, "ja")
        listed = page.texts("#build-problems li")
        if listed != want["problems"] or want["problems"]:
            problems.append(f"{where}: the sample's problems are {listed}, not {want['problems']}")
            continue
        page.act("try-build", _click("build-copy"))
        copied = page.js("navigator.clipboard.readText()")
        if copied != want["ccfolia"]:
            problems.append(
                f"{where}: copied {str(copied)[:80]!r},"
                f" not the CCFOLIA JSON {want['ccfolia'][:80]!r}"
            )
        elif json.loads(copied)["kind"] != "character":
            problems.append(f"{where}: the copied JSON is no CCFOLIA character")
        # Every number made 9: a sheet (or card) that breaks the rules, in two languages.
        broken = re.sub(r"\d+", "9", sample)
        for locale in ("en", "zh-Hant"):
            page.act(
                "try-build",
                page.set_value("build-sheet", broken)
                + page.set_value("build-locale", locale, "change"),
            )
            want = expected(system, broken, locale)
            listed = page.texts("#build-problems li")
            if not want["problems"] or listed != want["problems"]:
                problems.append(
                    f"{where}, broken, {locale}: lists {listed}, not {want['problems']}"
                )
            if not page.js("document.getElementById('build-copy').disabled"):
                problems.append(f"{where}, broken: the copy button is still enabled")
    return problems


def _tampered(record: Any) -> tuple[str, int, str]:
    """*record*'s JSON with one face of its second entry with faces changed; where it breaks."""
    import attrs

    from tabletop_rules.engine import replay
    from tabletop_rules.errors import CorruptRecord
    from tabletop_rules.serialization import to_json

    with_faces = [i for i, entry in enumerate(record.entries) if entry.faces]
    index = with_faces[1]
    entry = record.entries[index]
    faces = (entry.faces[0] % 6 + 1, *entry.faces[1:])
    entries = (
        *record.entries[:index],
        attrs.evolve(entry, faces=faces),
        *record.entries[index + 1 :],
    )
    forged = attrs.evolve(record, entries=entries)
    try:
        replay(forged)
    except CorruptRecord as error:
        return to_json(forged), error.index, error.localized("ja")
    raise AssertionError("the forged record replays: change another face")


def _step(page: _Page) -> dict[str, Any]:
    return {
        "position": page.text("record-position"),
        "command": page.js("document.querySelector('#record-step .try-command')?.textContent"),
        "events": page.texts("#record-step li"),
    }


def _viewer(page: _Page, try_page: Any) -> list[str]:
    from tabletop_rules import skirmish
    from tabletop_rules.serialization import to_json
    from tabletop_rules.simulation import play

    problems = []
    record = play(skirmish.RULESET, skirmish.sample_setup(), seed=RECORD_SEED)
    page.act(
        "try-record",
        page.set_value("record-json", to_json(record))
        + page.set_value("record-locale", "ja")
        + _click("record-verify"),
    )
    if page.js("document.getElementById('record-verdict').dataset.valid") != "true":
        return [f"record viewer: a record played here is refused: {page.text('record-verdict')}"]
    want = {locale: try_page.verify(to_json(record), locale) for locale in ("ja", "en")}
    for _ in range(3):
        page.act("try-record", _click("record-next"))
    shown = _step(page)
    meant = want["ja"]["steps"][3]
    if shown["events"] != meant["events"] or shown["command"] not in (meant["command"], None):
        problems.append(f"record viewer: entry 4 in ja shows {shown}, not {meant}")
    if shown["position"] != f"Entry 4 of {len(record.entries)}":
        problems.append(
            f"record viewer: at {shown['position']!r}, not entry 4 of {len(record.entries)}"
        )
    page.act("try-record", page.set_value("record-locale", "en", "change"))
    page.act("try-record", _click("record-prev"))
    shown = _step(page)
    meant = want["en"]["steps"][2]
    if shown["events"] != meant["events"] or shown["command"] != meant["command"]:
        problems.append(f"record viewer: entry 3 in en shows {shown}, not {meant}")
    if shown["events"] == want["ja"]["steps"][2]["events"]:
        problems.append("record viewer: the language changed and the log did not")
    forged, index, reason = _tampered(record)
    page.act(
        "try-record",
        page.set_value("record-json", forged)
        + page.set_value("record-locale", "ja")
        + _click("record-verify"),
    )
    verdict = page.js("Object.assign({}, document.getElementById('record-verdict').dataset)")
    if verdict != {"valid": "false", "index": str(index)}:
        problems.append(
            f"record viewer: a forged record gives {verdict}, not refused at entry {index}"
        )
    if page.text("record-verdict") != reason:
        problems.append(
            f"record viewer: the refusal reads {page.text('record-verdict')!r}, not {reason!r}"
        )
    page.act(
        "try-record", page.set_value("record-seed", str(RECORD_SEED)) + _click("record-example")
    )
    example = page.js("document.getElementById('record-json').value")
    if example != to_json(record):
        problems.append(
            "record viewer: the example game of the same seed is not the game played here"
        )
    return problems


def _started(page: _Page) -> tuple[str, float]:
    """Wait for the page to start the library: its state and how long it took."""
    began = time.monotonic()
    while time.monotonic() - began < START_TIMEOUT:
        try:
            state = page.js("document.documentElement?.dataset.tryState ?? ''")
        except RuntimeError:  # the page is being replaced (about:blank, then the page)
            state = ""
        if state in ("ready", "failed"):
            return state, time.monotonic() - began
        time.sleep(0.1)
    return "timed out", time.monotonic() - began


def check(root: Path) -> list[str]:
    """Serve *root*, open its try page in Chromium and use its tools; the problems found."""
    root = root.resolve()
    if not (root / PAGE).is_file():
        return [f"{PAGE}: page missing from {root}"]
    try_page = _try_page()
    samples = {entry["name"]: entry["sample"] for entry in try_page.systems()["systems"]}
    asked: list[str] = []
    with _serving(root, asked) as site, chromium(OFFLINE) as (tools, session):
        tools.call(
            "Browser.grantPermissions",
            origin=site.rstrip("/"),
            permissions=["clipboardReadWrite", "clipboardSanitizedWrite"],
        )
        tools.call("Emulation.setFocusEmulationEnabled", session, enabled=True)
        page = _Page(tools, session)
        tools.call("Page.navigate", session, url=site + PAGE)
        state, took = _started(page)
        if state != "ready":
            return [f"{PAGE}: the library did not start ({state}): {page.text('try-status')}"]
        print(f"check_try: {page.text('try-status')} ({took:.1f} s to start)")
        problems: list[str] = []
        uses: tuple[tuple[str, Callable[[], list[str]]], ...] = (
            ("dice roller", lambda: _roller(page, try_page.roll)),
            ("character builder", lambda: _builder(page, try_page.build, samples)),
            ("record viewer", lambda: _viewer(page, try_page)),
        )
        for tool, use in uses:
            try:
                problems += use()
            except RuntimeError as error:  # a tool that did not answer, a script that failed
                problems.append(f"{tool}: {error}")
        elsewhere = page.js(
            "performance.getEntriesByType('resource').map((e) => e.name)"
            f".filter((url) => !url.startsWith({site!r}))"
        )
    problems += [f"{PAGE}: fetched {url} from another origin" for url in elsewhere]
    wheels = [path for path in asked if path.endswith(".whl")]
    if not any("/tabletop_rules-" in path for path in wheels):
        problems.append(f"{PAGE}: the library's wheel was not fetched from the site ({wheels})")
    if not problems:
        print(
            f"check_try: {PAGE}: {len(ROLLS) + 1} rolls, {len(samples)} systems' sheets,"
            f" a record of seed {RECORD_SEED} checked in Chromium;"
            f" {len(asked)} requests, all to {site}"
        )
    return problems


def main() -> None:
    """Check the build directory named on the command line; exit 1 if anything is wrong."""
    if len(sys.argv) != 2:
        sys.exit("usage: python docs/check_try.py BUILD_DIR")
    began = time.monotonic()
    problems = check(Path(sys.argv[1]))
    for problem in problems:
        print(f"check_try: {problem}", file=sys.stderr)
    print(f"check_try: {time.monotonic() - began:.1f} s in all")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
