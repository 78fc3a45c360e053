"""Shared test configuration: the Hypothesis settings profiles, and what Pyodide cannot run.

Choose a profile with the ``HYPOTHESIS_PROFILE`` environment variable:

- ``default``: fast, for every local run (50 examples a test);
- ``ci``: thorough, for continuous integration (300 examples, failure blobs printed);
- ``dev``: quickest, while editing (10 examples).

A test marked ``@pytest.mark.needs("processes")`` (or ``"threads"``, ``"a subprocess"``,
``"sockets"``, ``"the network"``, ``"native speed"`` for a bound in seconds set for native
CPython) needs what the browser's CPython, Pyodide, has not: it is skipped there with that
reason (``nox -s pyodide``), and runs everywhere else.
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import settings

settings.register_profile("default", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=300, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: Where processes, threads, subprocesses and sockets cannot start (the browser's Python).
_NO_OS = sys.platform in {"emscripten", "wasi"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On Pyodide, skip each test marked ``needs(...)``, saying what it needs."""
    if not _NO_OS:
        return
    for item in items:
        for mark in item.iter_markers("needs"):
            if len(mark.args) != 1 or not isinstance(mark.args[0], str):
                raise pytest.UsageError(f"{item.nodeid}: needs() takes what, as one text")
            reason = f"needs {mark.args[0]}, which {sys.platform} (Pyodide) has not"
            item.add_marker(pytest.mark.skip(reason=reason))
