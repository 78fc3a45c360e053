"""Sphinx configuration for the tabletop_rules documentation.

`nox -s docs` and Read the Docs both build from this file.
On Read the Docs (``READTHEDOCS=True``) intersphinx links the types of Python, attrs,
cattrs and Hypothesis to their own docs; the offline build of `nox -s docs` (CI reaches no
docs site) has no intersphinx, and both list the types of other projects in
``nitpick_ignore_regex``, so that the two builds pass the same checks.
The one thing the HTML build fetches is the "Try it" page's wheels, from the package index
(docs/_try_site.py).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import pkgutil
import re
import sys
import types
import typing
from importlib.metadata import version as _dist_version
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.inspect import object_description

_logger = logging.getLogger(__name__)

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
    "matplotlib.sphinxext.plot_directive",
]
# Intersphinx needs the network, which Read the Docs has and CI's offline build has not.
if os.environ.get("READTHEDOCS") == "True":
    extensions.append("sphinx.ext.intersphinx")
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable/", None),
        "cattrs": ("https://catt.rs/en/stable/", None),
        "hypothesis": ("https://hypothesis.readthedocs.io/en/latest/", None),
    }
    intersphinx_timeout = 30
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
    # Other projects' and the standard library's types: no intersphinx in CI's offline build
    # (on Read the Docs intersphinx links those it knows, and these keep the rest quiet).
    (
        r"py:.*",
        r"(attrs?|cattrs?|hypothesis|typing_extensions|fractions|collections\.abc|concurrent"
        r"|enum|random|re|types|pathlib|argparse|io|_io|json|numbers|decimal|importlib"
        r"|functools|starlette|uvicorn|pyspiel|pettingzoo|gymnasium|numpy)(\..*)?",
    ),
    # The same types when a signature names them unqualified.
    (
        r"py:.*",
        r"Fraction|SearchStrategy|InvalidArgument|Converter|Executor|Future|Random|Enum|IntEnum|StrEnum"
        r"|Callable|Iterable|Iterator|Mapping|Sequence|Set|Hashable|Self|TextIO|Path|Starlette"
        r"|Traversable",
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
# Docstrings are tested here (autodoc puts them on the pages), where they do not run in their
# module's namespace. There is no global setup: every example imports what it uses, or its
# API page brings its module's public names into scope with a ``testsetup`` block, as a
# session that imported the module would have them (docs/api/dice.md, docs/api/m20.md, ...).

# -- Charts ------------------------------------------------------------------
# The ``plot`` directive runs docs/_charts.py at every build: the charts are never committed.
plot_formats = ["svg"]
plot_html_show_formats = False
plot_html_show_source_link = False
plot_include_source = False

# -- HTML --------------------------------------------------------------------
html_theme = "furo"
html_title = f"tabletop_rules {release}"
# docs/_static/try/: the "Try it" page's script, Python and styles (docs/try.md).
html_static_path = ["_static"]


# -- Hooks ---------------------------------------------------------------------
# Packages whose public names are defined in private submodules: the ``#:`` comments of the
# constants they re-export (RULESET, EXAMPLE_SHEET, GM, ...) are where the names are defined,
# which autodoc, reading only the package's own source, does not see.
def _reexporting_packages() -> tuple[str, ...]:
    """The core's packages that re-export, and the package of every registered system."""
    from tabletop_rules.systems import Registry

    systems = [s.package for s in Registry.default() if s.package is not None]
    core = ("kit", "notation", "tables", "vectors")
    return (*(f"tabletop_rules.{name}" for name in core), *systems)


def _lend_attribute_docs(app: Sphinx) -> None:
    """Give each package's analyzer the doc comments of the constants it re-exports."""
    for name in _reexporting_packages():
        package = importlib.import_module(name)
        analyzer = ModuleAnalyzer.for_module(name)
        analyzer.analyze()
        wanted = {n for n in package.__all__ if ("", n) not in analyzer.attr_docs}
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            if not wanted:
                break
            module = importlib.import_module(info.name)
            docs = ModuleAnalyzer.for_module(info.name).find_attr_docs()
            for attr in sorted(wanted):
                if ("", attr) in docs and getattr(module, attr, None) is getattr(package, attr):
                    analyzer.attr_docs["", attr] = docs["", attr]
                    wanted.discard(attr)
        for attr in package.__all__:
            lines = analyzer.attr_docs.get(("", attr))
            if lines is not None and not _value_is_readable(getattr(package, attr)):
                analyzer.attr_docs["", attr] = [*lines, "", ":meta hide-value:", ""]


def _hide_unreadable_class_values(app: Sphinx) -> None:
    """Show no value for a class attribute whose repr names private modules or object ids.

    An attribute documented by a base class's comment (a system's ``command_type``) gets
    that comment, with its value hidden.
    """
    import tabletop_rules

    for info in pkgutil.walk_packages(tabletop_rules.__path__, prefix="tabletop_rules."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        analyzer = ModuleAnalyzer.for_module(info.name)
        analyzer.analyze()
        classes = [
            c for c in vars(module).values() if isinstance(c, type) and c.__module__ == info.name
        ]
        for cls in classes:
            for attr, value in vars(cls).items():
                if attr.startswith("_") or callable(value) or _value_is_readable(value):
                    continue
                lines = _attribute_doc(cls, attr)
                if lines:
                    analyzer.attr_docs[cls.__qualname__, attr] = [
                        *lines,
                        "",
                        ":meta hide-value:",
                        "",
                    ]


def _attribute_doc(cls: type, attr: str) -> list[str]:
    """The ``#:`` comment of *attr* in *cls* or, failing that, in the nearest base class."""
    for base in cls.__mro__:
        if base.__module__.startswith("tabletop_rules"):
            docs = ModuleAnalyzer.for_module(base.__module__).find_attr_docs()
            lines = docs.get((base.__qualname__, attr))
            if lines:
                return [line for line in lines if line.strip() != ":meta hide-value:"]
    return []


def _value_is_readable(value: object) -> bool:
    """Whether a constant's repr is worth printing after its name (short, public, no object id)."""
    text = object_description(value)
    if isinstance(value, types.UnionType):
        return False
    return len(text) <= 80 and "<" not in text and "._" not in text


def _list_union_members(  # noqa: PLR0917 - Sphinx passes an event's arguments by position
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Under a union type alias (a system's ``Command``), link each of its members."""
    if what == "data" and isinstance(obj, types.UnionType):
        # A member lives on its own module's page if that module is public, else on the page of
        # the package its module is in (the kit's round, in a system's union, on the kit's).
        homes = [
            arg.__module__.split("._")[0] if "._" in arg.__module__ else arg.__module__
            for arg in typing.get_args(obj)
        ]
        members = ", ".join(
            f":class:`~{home}.{arg.__name__}`"
            for home, arg in zip(homes, typing.get_args(obj), strict=True)
        )
        lines.extend(["", f"One of {members}.", ""])


# attrs writes ``__init__`` with defaults such as ``attr_dict['label'].default`` (and ``NOTHING``
# for factories), which autodoc_preserve_defaults would print verbatim.
_ATTRS_DEFAULT = re.compile(r"(\w+)=(?:attr_dict\['(\w+)'\]\.default|NOTHING)")


def _attrs_signature(  # noqa: PLR0917 - Sphinx passes an event's arguments by position
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Show the defaults of an attrs class's fields instead of attrs' generated expressions."""
    if what not in {"class", "exception"} or signature is None or not attrs.has(obj):
        return None
    by_alias = {f.alias: f for f in attrs.fields(obj)}

    def default(match: re.Match[str]) -> str:
        field = by_alias[match[1]]
        value = field.default
        if isinstance(value, attrs.Factory):  # type: ignore[arg-type]
            if value.takes_self:  # type: ignore[attr-defined]
                return f"{match[1]}=<factory>"
            value = value.factory()  # type: ignore[attr-defined]
        return f"{match[1]}={_default_text(value)}"

    return _ATTRS_DEFAULT.sub(default, signature), annotation


def _default_text(value: object) -> str:
    """A default as a signature shows it; a lambda as it is written (``lambda _: ()``)."""
    if isinstance(value, types.LambdaType) and value.__name__ == "<lambda>":
        try:
            found = re.search(r"=\s*(lambda\b[^\n]*?)\s*$", inspect.getsource(value), re.M)
        except (OSError, TypeError):
            found = None
        if found:
            return found[1]
    return object_description(value)


def _undo_prose_types(  # noqa: PLR0917 - Sphinx passes an event's arguments by position
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give back the prose napoleon took for a type in an attribute's first line.

    Napoleon reads ``#: Whether the roll is secret: a bot shows it ...`` as the type
    "Whether the roll is secret"; the library's attributes take their types from annotations,
    so a "type" that reads as words (spaces, and none of ``|[``: a comma outside brackets is
    prose, as in "from parse_sheet(), in every shipped locale") is put back in the sentence.
    """
    if what not in {"attribute", "data"}:
        return
    for i, line in enumerate(lines):
        prose = line.removeprefix(":type: ")
        if prose != line and " " in prose and not set("|[") & set(prose):
            del lines[i]
            if i and not lines[i - 1].strip():
                del lines[i - 1]
            first = next(j for j, text in enumerate(lines) if text.strip())
            lines[first] = f"{prose}: {lines[first]}"
            return


def _no_exception_return_type(  # noqa: PLR0917 - Sphinx passes an event's arguments by position
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    annotation: str | None,
) -> None:
    """Drop the ``-> None`` of an exception's ``__init__`` (autodoc shows it as "Return type")."""
    if what == "exception":
        app.env.current_document.autodoc_annotations.get(name, {}).pop("return", None)


def _check_every_public_name_documented(app: Sphinx, env: Any) -> None:
    """Warn (an error under ``-W``) about a public name (in ``__all__``) no API page documents."""
    documented = env.get_domain("py").objects
    for page in sorted(Path(app.srcdir, "api").glob("*.md")):
        if page.stem == "index":
            continue
        name = page.stem if page.stem == "tabletop_rules" else f"tabletop_rules.{page.stem}"
        module = importlib.import_module(name)
        for attr in module.__all__:
            value = getattr(module, attr)
            homes = {name, getattr(value, "__module__", name)}
            if not any(f"{home}.{attr}" in documented for home in homes):
                _logger.warning(
                    "%s.%s is public but no API page documents it",
                    name,
                    attr,
                    location=f"api/{page.stem}",
                )


def _write_moved_api_page(app: Sphinx, exception: Exception | None) -> None:
    """Keep ``api.html``, the old single API page, as a page that sends its readers on.

    The API reference was one page until it became one page per module under ``api/``.
    ``api.html#tabletop_rules.dice.Dice`` goes on to the page that now has that anchor, and
    ``api.html`` alone (or with an anchor no page has) to the API index (docs/_moved.py).
    The anchors are what the build knows: the id of every object of the Python domain (classes,
    functions, attributes, ``module-`` targets) and of every heading of the API pages, so the
    map grows with the API.
    """
    builder = app.builder
    if exception is not None or builder.name != "html":  # dirhtml has no api.html to keep
        return
    env = app.env
    homes: dict[str, str] = {}
    for entry in env.get_domain("py").objects.values():
        homes.setdefault(entry.node_id, entry.docname)
    for docname in sorted(env.found_docs):
        if docname.startswith("api/"):
            for section in env.get_doctree(docname).findall(nodes.section):
                for anchor in section["ids"]:
                    homes.setdefault(anchor, docname)
    pages: dict[str, list[str]] = {}
    for anchor, docname in sorted(homes.items()):
        pages.setdefault(builder.get_target_uri(docname), []).append(anchor)
    spec = importlib.util.spec_from_file_location("_moved", Path(__file__).with_name("_moved.py"))
    assert spec is not None
    assert spec.loader is not None
    moved = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(moved)
    page = moved.moved_page(
        pages=pages,
        default=builder.get_target_uri("api/index"),
        title=f"The API reference has moved — {project}",
        notice="The API reference is now one page per module:",
        link="API reference",
    )
    Path(app.outdir, "api.html").write_text(page, encoding="utf-8")


def _builtins_stay_home(app: Sphinx, modname: str, fullname: str) -> str | None:
    """Keep viewcode from following a class attribute whose value is a builtin class.

    ``kit.Rules.state_type`` is ``object`` by default: followed, it would send the source
    link to a page of the ``builtins`` module, which has no source.
    """
    value: object = sys.modules.get(modname)
    for part in fullname.split("."):
        value = getattr(value, part, None)
    if isinstance(value, type) and value.__module__ == "builtins":
        return modname
    return None


# viewcode's "[docs]" links on a source page all start with the first public module that
# documented one of its objects: a private module whose names several packages re-export
# (kit/_roster.py, _gameai.py) linked the others to anchors that do not exist. These two
# hooks note the module each object is documented under and put it in its link.
_VIEWCODE_HOMES = "_tabletop_viewcode_homes"


def _note_viewcode_homes(app: Sphinx, doctree: nodes.document) -> None:
    """Note the module each object that viewcode links from this document is documented under."""
    from sphinx.ext.viewcode import viewcode_anchor

    env = app.env
    homes: dict[str, dict[str, tuple[str, str]]] = env.__dict__.setdefault(_VIEWCODE_HOMES, {})
    docname = env.current_document.docname
    for anchor in doctree.findall(viewcode_anchor):
        source = anchor["reftarget"].removeprefix("_modules/").replace("/", ".")
        homes.setdefault(source, {})[anchor["refid"]] = (docname, anchor.parent["module"])


def _forget_viewcode_homes(app: Sphinx, env: Any, docname: str) -> None:
    for names in env.__dict__.get(_VIEWCODE_HOMES, {}).values():
        for name in [name for name, (doc, _) in names.items() if doc == docname]:
            del names[name]


def _merge_viewcode_homes(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    homes = env.__dict__.setdefault(_VIEWCODE_HOMES, {})
    for source, names in other.__dict__.get(_VIEWCODE_HOMES, {}).items():
        homes.setdefault(source, {}).update(names)


def _fix_viewcode_backlinks(app: Sphinx, exception: Exception | None) -> None:
    """Point each "[docs]" link of a source page at the module its object is documented under."""
    if exception is not None or app.builder.format != "html":
        return
    modules = getattr(app.env, "_viewcode_modules", {})
    for source, names in app.env.__dict__.get(_VIEWCODE_HOMES, {}).items():
        entry = modules.get(source)
        page = Path(app.outdir, "_modules", *source.split(".")).with_suffix(".html")
        if not entry or not page.is_file():
            continue
        used, first = entry[2], entry[3]
        html = original = page.read_text(encoding="utf-8")
        for name, (docname, module) in names.items():
            if module != first and used.get(name) == docname:
                html = html.replace(f'#{first}.{name}"', f'#{module}.{name}"')
        if html != original:
            page.write_text(html, encoding="utf-8")


def _write_try_site(app: Sphinx, exception: Exception | None) -> None:
    """Put the "Try it" page's wheels, Pyodide and ``site.json`` into the HTML build.

    The wheels are the library's, built from this checkout, and the pinned ones of the
    ``try-page`` group; Pyodide is the npm package of ``tools/pyodide`` (docs/_try_site.py).
    """
    if exception is not None or app.builder.format != "html":
        return
    spec = importlib.util.spec_from_file_location(
        "_try_site", Path(__file__).with_name("_try_site.py")
    )
    assert spec is not None
    assert spec.loader is not None
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    site.build(Path(app.outdir, "_static"), _logger.info)


def setup(app: Sphinx) -> None:
    app.connect("build-finished", _write_try_site)
    app.connect("viewcode-follow-imported", _builtins_stay_home)
    # After viewcode's own handlers (priority 500).
    app.connect("doctree-read", _note_viewcode_homes, priority=600)
    app.connect("env-purge-doc", _forget_viewcode_homes)
    app.connect("env-merge-info", _merge_viewcode_homes)
    app.connect("build-finished", _fix_viewcode_backlinks)
    app.connect("build-finished", _write_moved_api_page)
    app.connect("env-check-consistency", _check_every_public_name_documented)
    app.connect("builder-inited", _lend_attribute_docs)
    app.connect("builder-inited", _hide_unreadable_class_values)
    app.connect("autodoc-process-signature", _attrs_signature)
    app.connect("autodoc-process-docstring", _list_union_members)
    # After napoleon (priority 500), which turns "words: more words" into a type.
    app.connect("autodoc-process-docstring", _undo_prose_types, priority=600)
    # After sphinx.ext.autodoc.typehints records the annotations (priority 500).
    app.connect("autodoc-process-signature", _no_exception_return_type, priority=600)
