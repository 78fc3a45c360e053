"""Development sessions for tabletop_rules.

Run every session with ``nox``, one with ``nox -s tests``; arguments after ``--`` go to the
session's main tool (``nox -s tests -- -k dice``).
Sessions run on the interpreter that runs nox (3.11 in CI);
``nox --force-python 3.12`` picks another.
Tool versions come from the ``[dependency-groups]`` table of ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"  # nox.project.dependency_groups
nox.options.default_venv_backend = "virtualenv"
nox.options.error_on_external_run = True
nox.options.sessions = ["tests", "lint", "typing", "docs", "build", "plugin", "palettes", "load"]

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
# None: the interpreter that runs nox. requires-python (>=3.11) guards the lower bound.
PYTHON: str | None = None


def _groups(*names: str) -> tuple[str, ...]:
    return nox.project.dependency_groups(PYPROJECT, *names)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the test suite (HYPOTHESIS_PROFILE, if set, selects the Hypothesis profile)."""
    session.install(".", *_groups("tests"))
    # The environment, HYPOTHESIS_PROFILE included, passes through to pytest;
    # tests/conftest.py reads it.
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def dask(session: nox.Session) -> None:
    """Run the simulations on a local Dask cluster (not a default session: see docs/skirmish)."""
    session.install(".", *_groups("tests", "dask"))
    session.run("pytest", "tests/skirmish/test_dask.py", *session.posargs)


@nox.session(python=PYTHON)
def plugin(session: nox.Session) -> None:
    """A fifth rule system from its own distribution (examples/duel): its tests, the vectors
    runner and the type checkers, with the library installed beside it as a user would."""
    session.install(".", "./examples/duel", *_groups("tests", "typing"))
    session.chdir(ROOT / "examples" / "duel")
    session.run("pytest", *session.posargs)
    session.run("mypy", "--strict", "src", "tests")
    session.run("pyright", "--pythonpath", str(Path(session.bin) / "python"))
    session.chdir(ROOT)
    # The library's vectors tests find the plugin's vectors through the registry.
    session.run("pytest", "tests/test_vectors.py", "-q")


@nox.session(python=PYTHON)
def palettes(session: nox.Session) -> None:
    """Feed every exported chat palette line to the pinned npm bcdice (tools/bcdice, Node)."""
    session.install(".", "./examples/duel", *_groups("tests"))
    with session.chdir(ROOT / "tools" / "bcdice"):
        # Node and npm are Debian's (the machine image has them); the lock file pins bcdice.
        session.run("npm", "ci", "--no-audit", "--no-fund", external=True)
    session.run("pytest", "tests/exports/test_palettes_bcdice.py", *session.posargs)


@nox.session(python=PYTHON)
def load(session: nox.Session) -> None:
    """The server's load test: 64 clients for 20 s over HTTP on 127.0.0.1 (docs/performance.md)."""
    session.install(".", *_groups("tests"))
    session.run(
        "pytest", "tests/server/test_load.py", "-m", "load", "-s", *session.posargs,
        env={"TABLETOP_RULES_LOAD": "1"},
    )  # fmt: skip


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """Check lint rules and formatting with ruff."""
    session.install(*_groups("lint"))
    session.run("ruff", "check", ".", *session.posargs)
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def typing(session: nox.Session) -> None:
    """Type-check src/, the public-API typing test and the example bot: mypy and pyright, strict."""
    session.install(".", *_groups("typing"))
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
        "npm", "ci", "--prefix", str(ROOT / "tools" / "pyodide"), "--no-audit", "--no-fund",
        external=True,
    )  # fmt: skip
    build_dir = ROOT / "docs" / "_build"
    shutil.rmtree(build_dir, ignore_errors=True)
    session.run(
        "sphinx-build", "-n", "-W", "--keep-going", "-b", "html",
        "docs", str(build_dir / "html"), *session.posargs,
    )  # fmt: skip
    session.run(
        "sphinx-build", "-n", "-W", "--keep-going", "-b", "doctest",
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
