"""Development sessions for tabletop_rules.

Run every session with ``nox``, one with ``nox -s tests-3.12``; arguments after ``--`` go to
the session's main tool (``nox -s tests-3.11 -- -k dice``).
The tests run on every CPython of :data:`TEST_PYTHONS` that nox finds (pyenv's, or
``python3.X`` on ``PATH``), always including the interpreter that runs nox, which takes the
place of any that is missing; ``pyodide`` runs them again under Pyodide's CPython in Node.
The other sessions run on the interpreter that runs nox (3.11 in CI).
Tool versions come from the ``[dependency-groups]`` table of ``pyproject.toml``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import nox

nox.needs_version = ">=2025.10.16"  # nox.options.download_python
nox.options.default_venv_backend = "virtualenv"
nox.options.error_on_external_run = True
# No interpreter is downloaded: CI reaches only the package registries.
nox.options.download_python = "never"

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
# None: the interpreter that runs nox. requires-python (>=3.11) guards the lower bound.
PYTHON: str | None = None
#: The CPython versions the tests session runs on (pyproject.toml's classifiers list them).
TEST_PYTHONS = ("3.11", "3.12", "3.13")
#: Pyodide's npm package (pinned in tools/pyodide/package-lock.json) and its CPython.
PYODIDE_DIR = ROOT / "tools" / "pyodide"
PYODIDE_PYTHON = "3.14"


def _groups(*names: str) -> tuple[str, ...]:
    return nox.project.dependency_groups(PYPROJECT, *names)


def _pyenv_versions() -> dict[str, str]:
    """The newest pyenv CPython of each minor version, as ``{"3.12": "3.12.1"}``."""
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    newest: dict[str, tuple[int, str]] = {}
    for folder in (root / "versions").glob("3.*"):
        found = re.fullmatch(r"(3\.\d+)\.(\d+)", folder.name)
        if found and (folder / "bin" / f"python{found[1]}").is_file():
            patch = int(found[2])
            if patch >= newest.get(found[1], (-1, ""))[0]:
                newest[found[1]] = (patch, folder.name)
    if newest:
        # pyenv's shims (and python-discovery, which nox asks) answer only for the active
        # versions: make every installed one active, the one already chosen first.
        os.environ.setdefault("PYENV_ROOT", str(root))
        active = os.environ.get("PYENV_VERSION") or _pyenv_global(root)
        chosen = [v for v in active.split(":") if v] + [name for _, name in newest.values()]
        os.environ["PYENV_VERSION"] = ":".join(dict.fromkeys(chosen))
    return {minor: name for minor, (_, name) in newest.items()}


def _pyenv_global(root: Path) -> str:
    try:
        lines = (root / "version").read_text(encoding="utf-8").split()
    except OSError:
        return ""
    return ":".join(line for line in lines if not line.startswith("#"))


def _runs(command: str) -> bool:
    """Whether *command* on PATH is a Python that starts (a pyenv shim may not)."""
    found = shutil.which(command)
    if found is None:
        return False
    try:
        ran = subprocess.run([found, "-c", ""], check=False, capture_output=True, timeout=60)
        return ran.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _test_pythons() -> list[str]:
    """The versions of TEST_PYTHONS found here, the one running nox always among them."""
    pyenv = _pyenv_versions()
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    found = [v for v in TEST_PYTHONS if v == running or v in pyenv or _runs(f"python{v}")]
    if running not in found:
        found.append(running)
    missing = [v for v in TEST_PYTHONS if v not in found]
    if missing:
        print(
            f"noxfile: no CPython {', '.join(missing)} here (neither pyenv's nor python3.X on"
            f" PATH); the tests run on {', '.join(found)}",
            file=sys.stderr,
        )
    return found


TESTED_PYTHONS = _test_pythons()
nox.options.sessions = [
    *(f"tests-{v}" for v in TESTED_PYTHONS),
    "pyodide",
    "dask",
    "lint",
    "typing",
    "docs",
    "build",
    "plugin",
    "bcdice",
    "load",
    "ai",
]


def _junit(session: nox.Session) -> list[str]:
    """``--junitxml`` into $JUNIT_DIR (set by .ci/run), one report per session."""
    folder = os.environ.get("JUNIT_DIR")
    return [f"--junitxml={Path(folder) / session.name}.xml"] if folder else []


@nox.session(python=TESTED_PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite on every core (HYPOTHESIS_PROFILE, if set, selects the Hypothesis
    profile; arguments after ``--`` go to pytest, ``-n 0`` runs it in one process)."""
    # The duel plugin too: the registry's tests (exports, the server, the laws) find a fifth
    # system from another distribution, as a user's would.
    session.install(".", "./examples/duel", *_groups("tests", "parallel"))
    # The environment, HYPOTHESIS_PROFILE included, passes through to pytest;
    # tests/conftest.py reads it. The thorough `ci` profile runs once, on the first of the
    # interpreters; the others check the platform with the `default` one (as Pyodide does), so
    # that the three sessions fit CI's time.
    env = {}
    if os.environ.get("HYPOTHESIS_PROFILE") == "ci" and session.python != TESTED_PYTHONS[0]:
        env["HYPOTHESIS_PROFILE"] = "default"
    session.run("pytest", "-n", "auto", *_junit(session), *session.posargs, env=env)


@nox.session(python=PYTHON)
def pyodide(session: nox.Session) -> None:
    """Run the test suite under Pyodide's CPython in Node, from local wheels only.

    The project's wheel is built here and pip downloads the pure-Python wheels of its
    dependencies and of the ``tests`` group; npm installs the pinned ``pyodide`` package
    (tools/pyodide); micropip installs every wheel from its file. Tests marked
    ``needs(...)`` (processes, threads, a subprocess) are skipped there, saying why.
    Hypothesis runs its ``default`` profile here (``PYODIDE_HYPOTHESIS_PROFILE`` changes it).
    """
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        session.error(
            "the pyodide session needs Node.js 18 or later and npm (.ci/run installs them)"
        )
    wheels = Path(session.create_tmp()) / "pyodide-wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    session.run(
        "python",
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--wheel-dir",
        str(wheels),
        str(ROOT),
        str(ROOT / "examples" / "duel"),
    )
    session.run(
        "python", "-m", "pip", "download", "--quiet", "--dest", str(wheels),
        "--only-binary=:all:", "--implementation", "py", "--abi", "none", "--platform", "any",
        "--python-version", PYODIDE_PYTHON,
        "micropip", *PYPROJECT["project"]["dependencies"], *_groups("tests"),
    )  # fmt: skip
    session.run(npm, "ci", "--prefix", str(PYODIDE_DIR), "--no-audit", "--no-fund", external=True)
    # This run checks the platform; the CPython sessions run the thorough profile (CI's
    # `ci`), at a fraction of WebAssembly's cost. PYODIDE_HYPOTHESIS_PROFILE picks another.
    profile = os.environ.get("PYODIDE_HYPOTHESIS_PROFILE", "default")
    env = {**os.environ, "HYPOTHESIS_PROFILE": profile}
    runner = [node, str(PYODIDE_DIR / "run_tests.mjs"), str(wheels), str(ROOT), "--"]
    if session.posargs:  # the tests asked for, in one interpreter
        session.run(*runner, *session.posargs, external=True, env=env)
        return
    # Pyodide has one thread: the suite runs in one interpreter per core, each given a share
    # of the test files (by size), each writing its JUnit report to $JUNIT_DIR (mounted at
    # /junit by the runner) and its output to a log, printed when all are done.
    shards = _shards(sorted((ROOT / "tests").rglob("test_*.py")), os.cpu_count() or 1)
    logs = Path(session.create_tmp())
    running = []
    for index, files in enumerate(shards, 1):
        junit = [f"--junitxml=/junit/pyodide-{index}.xml"] if os.environ.get("JUNIT_DIR") else []
        log = logs / f"pyodide-{index}.log"
        session.log(f"shard {index}: {len(files)} test files, output in {log}")
        command = [*runner, *junit, "-q", *(str(f.relative_to(ROOT)) for f in files)]
        with log.open("w", encoding="utf-8") as out:
            running.append(
                (
                    index,
                    log,
                    subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env),
                )
            )
    failed = [index for index, _, process in running if process.wait() != 0]
    for _, log, _ in running:
        print(log.read_text(encoding="utf-8"), flush=True)
    if failed:
        session.error(f"pyodide shard(s) {', '.join(map(str, failed))} failed")


def _shards(files: list[Path], count: int) -> list[list[Path]]:
    """*files* in at most *count* groups of about the same size, each sorted."""
    sizes = [0] * max(1, count)
    groups: list[list[Path]] = [[] for _ in sizes]
    for file in sorted(files, key=lambda f: f.stat().st_size, reverse=True):
        smallest = sizes.index(min(sizes))
        sizes[smallest] += file.stat().st_size
        groups[smallest].append(file)
    return [sorted(group) for group in groups if group]


@nox.session(python=PYTHON)
def dask(session: nox.Session) -> None:
    """Run the simulations on a local Dask cluster of worker processes (the ``dask`` group)."""
    session.install(".", *_groups("tests", "dask"))
    session.run("pytest", *_junit(session), "tests/skirmish/test_dask.py", *session.posargs)


@nox.session(python=PYTHON)
def ai(session: nox.Session) -> None:
    """The game-AI adapters on their pinned wheels: OpenSpiel's and PettingZoo's own checks of
    every system's game, OpenSpiel's MCTS bot, the search bot and the balance heat map."""
    session.install(".[openspiel,pettingzoo,charts]", "./examples/duel", *_groups("tests"))
    session.run("pytest", *_junit(session), "tests/gameai", *session.posargs)


@nox.session(python=PYTHON)
def plugin(session: nox.Session) -> None:
    """A fifth rule system from its own distribution (examples/duel): its tests, the vectors
    runner and the type checkers, with the library installed beside it as a user would."""
    session.install(".", "./examples/duel", *_groups("tests", "typing"))
    session.chdir(ROOT / "examples" / "duel")
    session.run("pytest", *_junit(session), *session.posargs)
    session.run("mypy", "--strict", "src", "tests")
    session.run("pyright", "--pythonpath", str(Path(session.bin) / "python"))
    session.chdir(ROOT)
    # The library's vectors tests find the plugin's vectors through the registry.
    session.run("pytest", "tests/test_vectors.py", "-q")


@nox.session(python=PYTHON)
def bcdice(session: nox.Session) -> None:
    """Check the dice language, original tables and the exported chat palettes against
    BCDice, the pinned npm package run by Node.

    ``npm ci`` installs ``bcdice`` exactly as ``tools/bcdice/package-lock.json`` pins it; the
    differential tests then must run (``TABLETOP_RULES_BCDICE=required``), and print the BCDice
    commands the library reads as chat; every palette line of every system's sample
    characters (the plugin's included) is fed to BCDice too.
    """
    session.install(".", "./examples/duel", *_groups("tests"))
    with session.chdir(ROOT / "tools" / "bcdice"):
        session.run("npm", "ci", "--no-audit", "--no-fund", external=True)
    session.run(
        "pytest", *_junit(session), "tests/test_notation_bcdice.py", "tests/test_tables_bcdice.py",
        "tests/exports/test_palettes_bcdice.py", "-s", *session.posargs,
        env={"TABLETOP_RULES_BCDICE": "required"},
    )  # fmt: skip


@nox.session(python=PYTHON)
def load(session: nox.Session) -> None:
    """The server's load test: 64 clients for 20 s over HTTP on 127.0.0.1 (docs/performance.md)."""
    session.install(".", *_groups("tests"))
    session.run(
        "pytest", *_junit(session), "tests/server/test_load.py", "-m", "load", "-s",
        *session.posargs,
        env={"TABLETOP_RULES_LOAD": "1"},
    )  # fmt: skip


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """Check lint rules and formatting with ruff, and that every zh-Hans catalog is what
    ``tools/zh_hans.py`` makes of its zh-Hant one."""
    session.install(*_groups("lint"))
    session.run("ruff", "check", ".", *session.posargs)
    session.run("ruff", "format", "--check", ".")
    session.run("python", "tools/zh_hans.py", "--check")


@nox.session(python=PYTHON)
def typing(session: nox.Session) -> None:
    """Type-check src/, the public-API typing test and the example bot: mypy and pyright, strict."""
    # tests/typing/check_duel.py uses the duel plugin as a user who installed it would.
    session.install(".", "./examples/duel", *_groups("typing"))
    session.run("mypy", "--strict", "src", "tests/typing", "examples/bot", *session.posargs)
    # Paths and strictness come from [tool.pyright]; the session's interpreter resolves imports.
    python = str(Path(session.bin) / "python")
    session.run("pyright", "--pythonpath", python)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML docs (warnings are errors), run the doctests, check every page in Chromium,
    and use the "Try it" page's tools there, the library running in Pyodide."""
    session.install(".", *_groups("docs"))
    # The try page's Pyodide: npm's package, pinned by tools/pyodide's lock file, which the
    # build copies into the site (docs/_try_site.py). Node and npm are Debian's.
    session.run(
        "npm", "ci", "--prefix", str(PYODIDE_DIR), "--no-audit", "--no-fund",
        external=True,
    )  # fmt: skip
    # The docs' own hooks, with Sphinx's parsers (no other session has Sphinx).
    session.run("pytest", *_junit(session), "tests/test_docs_attribute_prose.py")
    build_dir = ROOT / "docs" / "_build"
    shutil.rmtree(build_dir, ignore_errors=True)
    # One doctree cache for both builders: the doctest build reads no page again (nor plays
    # again the skirmish chart's games).
    doctrees = str(build_dir / "doctrees")
    session.run(
        "sphinx-build", "-n", "-W", "--keep-going", "-d", doctrees, "-b", "html",
        "docs", str(build_dir / "html"), *session.posargs,
    )  # fmt: skip
    session.run(
        "sphinx-build", "-n", "-W", "--keep-going", "-d", doctrees, "-b", "doctest",
        "docs", str(build_dir / "doctest"),
    )  # fmt: skip
    # Every page in headless Chromium (Debian's package; .ci/run installs it): links and CJK text.
    session.run("python", "docs/check_pages.py", str(build_dir / "html"))
    # The try page served on 127.0.0.1, every other host unreachable: its three tools, used.
    session.run("python", "docs/check_try.py", str(build_dir / "html"))


@nox.session(python=PYTHON)
def build(session: nox.Session) -> None:
    """Build the sdist and, from it, the wheel; check their contents and metadata."""
    session.install(*_groups("build"))
    out = Path(session.create_tmp()) / "dist"
    shutil.rmtree(out, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(out), str(ROOT))
    artifacts = sorted(str(p) for p in out.iterdir())
    session.run("twine", "check", "--strict", *artifacts)
    _check_wheel(session, next(out.glob("*.whl")))


def _check_wheel(session: nox.Session, wheel: Path) -> None:
    """Fail unless the wheel holds the package, its data files, and nothing else."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    top = ("tabletop_rules/", "tabletop_rules-", "_tabletop_rules_hypothesis.py")
    stray = [n for n in names if not n.startswith(top)]
    if stray:
        session.error(f"unexpected files in {wheel.name}: {stray}")
    for required in ("tabletop_rules/__init__.py", "tabletop_rules/py.typed"):
        if required not in names:
            session.error(f"{required} missing from {wheel.name}")
    if not any(n.startswith("tabletop_rules/locales/") and n.endswith(".json") for n in names):
        session.error(f"no locales/*.json in {wheel.name}")
    # The chat language's vectors ship with the core; each system's in its own package, beside
    # its catalogs: every system package of the wheel (one with a _system.py) has both.
    if "tabletop_rules/vectors/data/chat.toml" not in names:
        session.error(f"the chat vectors are missing from {wheel.name}: they must ship")
    for system in sorted({n.split("/")[1] for n in names if n.endswith("/_system.py")}):
        for wanted in (
            f"tabletop_rules/{system}/vectors.toml",
            f"tabletop_rules/{system}/locales/",
        ):
            if not any(n.startswith(wanted) for n in names):
                session.error(f"{wanted} missing from {wheel.name}: a system's data must ship")
    session.log(f"{wheel.name}: {len(names)} files, package data present")
