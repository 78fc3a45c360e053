"""What the "Try it" page (docs/try.md) needs in the built site, under ``_static/try/``.

``docs/conf.py`` calls :func:`build` when the HTML build finishes. It puts beside the page's
own files (``try.js``, ``try_page.py``, ``try.css``, copied from ``docs/_static/try/``):

- ``wheels/``: the library's wheel, built from this checkout (``pip wheel --no-deps``), and the
  pure-Python wheels of the ``try-page`` dependency group of ``pyproject.toml`` (micropip and
  the library's dependencies, pinned), downloaded for Pyodide's platform;
- ``pyodide/``: the files of the npm package ``pyodide`` that ``tools/pyodide`` pins, once
  ``npm ci --prefix tools/pyodide`` has installed it; without it the page loads the same
  pinned package from jsDelivr, and the build log says so;
- ``site.json``: where Pyodide is and which wheels to install, micropip's first.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_DIR = ROOT / "tools" / "pyodide"
#: The files of the npm package that loading Pyodide in a page fetches.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Where the page loads Pyodide from when the site has no copy: jsDelivr's copy of npm's.
CDN = "https://cdn.jsdelivr.net/npm/pyodide@{version}/"
#: The CPython of the pinned Pyodide (314.x: CPython 3.14), for ``pip download``.
PYODIDE_PYTHON = "3.14"


class SiteError(RuntimeError):
    """The page's files could not be made: what failed, and what to do."""


def pinned_pyodide() -> str:
    """The version of the npm package ``pyodide`` that ``tools/pyodide`` pins."""
    package = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))
    return str(package["dependencies"]["pyodide"])


def page_requirements() -> list[str]:
    """The ``try-page`` dependency group of ``pyproject.toml``: pinned requirements."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [str(r) for r in pyproject["dependency-groups"]["try-page"]]


def _run(*command: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SiteError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


def _wheels(wheels: Path) -> list[str]:
    """Build the library's wheel and download the page's others into *wheels*; their names."""
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir(parents=True)
    pip = (sys.executable, "-m", "pip", "--disable-pip-version-check")
    _run(*pip, "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels), str(ROOT))
    _run(
        *pip, "download", "--quiet", "--no-deps", "--dest", str(wheels),
        "--only-binary=:all:", "--implementation", "py", "--abi", "none",
        "--platform", "any", "--python-version", PYODIDE_PYTHON,
        *page_requirements(),
    )  # fmt: skip
    names = sorted(p.name for p in wheels.glob("*.whl"))
    if not any(n.startswith("tabletop_rules-") for n in names):
        raise SiteError(f"no wheel of tabletop_rules was built in {wheels}")
    return names


def _pyodide(target: Path, log: Callable[[str], None]) -> str:
    """Copy the installed npm package into *target*; the page's address of Pyodide."""
    version = pinned_pyodide()
    installed = PYODIDE_DIR / "node_modules" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    if not installed.is_dir():
        cdn = CDN.format(version=version)
        log(
            f"try page: no {installed.relative_to(ROOT)} (run `npm ci --prefix tools/pyodide`):"
            f" the page loads Pyodide {version} from {cdn}"
        )
        return cdn
    found = json.loads((installed / "package.json").read_text(encoding="utf-8"))["version"]
    if found != version:
        raise SiteError(
            f"{installed} holds pyodide {found}, tools/pyodide pins {version}:"
            " run `npm ci --prefix tools/pyodide`"
        )
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(installed / name, target / name)
    log(f"try page: Pyodide {version} copied from {installed.relative_to(ROOT)}")
    return "pyodide/"


def build(static: Path, log: Callable[[str], None]) -> None:
    """Write the page's wheels, Pyodide and ``site.json`` into ``static/try``.

    Raises:
        SiteError: A wheel could not be built or downloaded, or the installed Pyodide is not
            the pinned one.
    """
    folder = static / "try"
    names = _wheels(folder / "wheels")
    micropip = next((n for n in names if n.startswith("micropip-")), None)
    if micropip is None:
        raise SiteError("the try-page group of pyproject.toml names no micropip")
    site = {
        "pyodide": _pyodide(folder / "pyodide", log),
        "micropip": f"wheels/{micropip}",
        "wheels": [f"wheels/{n}" for n in names if n != micropip],
    }
    (folder / "site.json").write_text(json.dumps(site, indent=2) + "\n", encoding="utf-8")
    log(f"try page: {len(names)} wheels in {folder / 'wheels'}")
