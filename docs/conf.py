"""Sphinx configuration for the tabletop_rules documentation.

`nox -s docs` and Read the Docs both build from this file; neither may need the network,
so there is no intersphinx: references to types of other projects are listed in
``nitpick_ignore_regex`` instead.
"""

from __future__ import annotations

from importlib.metadata import version as _dist_version

# -- Project -----------------------------------------------------------------
project = "tabletop_rules"
author = "the tabletop_rules developers"
copyright = "2026, the tabletop_rules developers"
release = _dist_version("tabletop-rules")
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# Files starting with "_" are fragments that other pages include.
exclude_patterns = ["_build", "_*.md", "Thumbs.db", ".DS_Store"]
language = "en"

# Every cross-reference must resolve, on Read the Docs as well as with `sphinx-build -n`.
nitpicky = True
nitpick_ignore_regex = [
    # Type variables of generic classes and protocols (SetupT, PendingT, ...) have no page.
    (r"py:class", r"(tabletop_rules\.[\w.]+\.)?([A-Z]\w*)?T(_co|_contra)?"),
    # Other projects' and the standard library's types: no intersphinx (no network in CI).
    (
        r"py:.*",
        r"(attrs?|cattrs?|hypothesis|typing_extensions|fractions|collections\.abc|concurrent"
        r"|enum|random|re|types|pathlib|argparse|io|_io|json|numbers|decimal|importlib"
        r"|functools)(\..*)?",
    ),
    # The same types when a signature names them unqualified.
    (
        r"py:.*",
        r"Fraction|SearchStrategy|InvalidArgument|Converter|Executor|Future|Random|Enum|IntEnum|StrEnum"
        r"|Callable|Iterable|Iterator|Mapping|Sequence|Set|Hashable|Self|TextIO|Path",
    ),
]

# -- MyST --------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
myst_heading_anchors = 3


def _vector_counts() -> str:
    """The shipped rule vectors per system, as a Markdown table (docs/vectors.md)."""
    from tabletop_rules import vectors

    counts = vectors.counts()
    rows = ["| vectors | cases |", "| --- | ---: |"]
    rows.extend(f"| {system} | {count} |" for system, count in counts.items())
    rows.append(f"| total | {sum(counts.values())} |")
    return "\n".join(rows)


# Counted when the docs are built, so that the page cannot go stale.
myst_substitutions = {"vector_counts": _vector_counts()}

# -- autodoc and napoleon ----------------------------------------------------
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- doctest -----------------------------------------------------------------
# Docstring examples run with the public names in scope, as a user's session would have them.
# Docstrings are tested here (autodoc puts them on the pages), where they do not run in
# their module's namespace: every core module's public names are in scope instead.
doctest_global_setup = """
import enum
from fractions import Fraction

import attrs

import tabletop_rules
from tabletop_rules import *
from tabletop_rules.checks import *
from tabletop_rules.dice import *
from tabletop_rules.engine import *
from tabletop_rules.errors import *
from tabletop_rules.i18n import *
from tabletop_rules.kit import *
from tabletop_rules.m20 import *
from tabletop_rules.odds import *
from tabletop_rules.serialization import *
"""

# -- HTML --------------------------------------------------------------------
html_theme = "furo"
html_title = f"tabletop_rules {release}"
