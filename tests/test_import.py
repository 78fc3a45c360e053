"""Importing the package: light and quick (issue 2, "Checks")."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys

import pytest

import tabletop_rules
from tabletop_rules._hypothesis import require_hypothesis


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.needs("a subprocess")
def test_import_does_not_import_hypothesis() -> None:
    """``import tabletop_rules`` loads neither Hypothesis nor the testing strategies."""
    loaded = json.loads(
        _run(
            "import sys, json, tabletop_rules; "
            "print(json.dumps(sorted(m for m in sys.modules "
            "if m.split('.')[0] == 'hypothesis' or m.startswith('tabletop_rules.testing'))))"
        )
    )
    assert [] == loaded


@pytest.mark.needs("a subprocess")
def test_import_does_not_import_rule_systems_or_the_cli() -> None:
    """The core never imports a rule system, the notation's CLI or the test-only libraries."""
    loaded = json.loads(
        _run(
            "import sys, json, tabletop_rules; "
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('icepool', 'pytest', 'tabletop_rules') and m not in ("
            "'tabletop_rules', 'tabletop_rules.checks', 'tabletop_rules.dice', "
            "'tabletop_rules.engine', 'tabletop_rules.errors', 'tabletop_rules.i18n', "
            "'tabletop_rules.odds', 'tabletop_rules.serialization', 'tabletop_rules.systems', "
            "'tabletop_rules._arguments', 'tabletop_rules._hypothesis', 'tabletop_rules._lazy', "
            "'tabletop_rules._slots'))))"
        )
    )
    assert [] == loaded


def test_public_names_are_sorted_and_exported() -> None:
    """``__all__`` is sorted and every name in it exists."""
    names = tabletop_rules.__all__
    assert (sorted(names), []) == (
        list(names),
        [name for name in names if not hasattr(tabletop_rules, name)],
    )


def test_version_is_a_string() -> None:
    """The package has a ``__version__`` string."""
    assert isinstance(tabletop_rules.__version__, str)


@pytest.mark.needs("a subprocess")
def test_rule_systems_load_no_metadata_json_or_notation() -> None:
    """``import tabletop_rules.m20`` loads neither importlib.metadata, importlib.resources,
    cattrs nor the notation: each is imported when first needed (issue 7, point 5)."""
    loaded = json.loads(
        _run(
            "import sys, json, tabletop_rules.m20; "
            "print(json.dumps(sorted(m for m in sys.modules if m in ("
            "'importlib.metadata', 'importlib.resources', 'cattrs', 'tabletop_rules.notation', "
            "'hypothesis'))))"
        )
    )
    assert [] == loaded


#: What importing each system leaves for its first use (issue 21: "a system should load only
#: what its first use needs"): the first two are loaded by the first use of ``SYSTEM``.
FIRST_USE_ONLY = {
    "m20": ("tabletop_rules.m20._combat", "tabletop_rules.m20._system", "tabletop_rules.m20._chat"),
    "bar2d6": (
        "tabletop_rules.bar2d6._combat",
        "tabletop_rules.bar2d6._system",
        "tabletop_rules.bar2d6._chat",
    ),
    "bayside23": (
        "tabletop_rules.bayside23._combat",
        "tabletop_rules.bayside23._system",
        "tabletop_rules.bayside23._chat",
    ),
    "skirmish": (
        "tabletop_rules.skirmish._combat",
        "tabletop_rules.skirmish._system",
        "tabletop_rules.skirmish._bots",
        "tabletop_rules.skirmish._decks",
        "tabletop_rules.skirmish._chat",
        "tabletop_rules.simulation",
        "tabletop_rules.exports",
        "concurrent.futures",
        "tomllib",
    ),
}


@pytest.mark.needs("a subprocess")
@pytest.mark.parametrize("system", sorted(FIRST_USE_ONLY))
def test_a_system_loads_its_parts_when_first_used(system: str) -> None:
    """Importing a system loads none of what its first use needs; the first use of a name
    loads it, and ``dir()`` lists the names not loaded yet."""
    lazy = FIRST_USE_ONLY[system]
    report = json.loads(
        _run(
            f"import sys, json, tabletop_rules.{system} as s; "
            f"before = [m for m in {lazy!r} if m in sys.modules]; "
            "listed = 'SYSTEM' in dir(s) and 'RULESET' in dir(s); "
            "name = s.SYSTEM.name; "
            f"after = [m for m in {lazy!r}[:2] if m in sys.modules]; "
            "print(json.dumps([before, listed, name, after, 'SYSTEM' in vars(s)]))"
        )
    )
    assert [[], True, system, list(lazy[:2]), True] == report


def test_an_unknown_name_of_a_system_is_an_attribute_error() -> None:
    """A name no module defines is refused as Python refuses it, naming the package."""
    import tabletop_rules.bar2d6

    with pytest.raises(AttributeError, match=r"'tabletop_rules\.bar2d6' has no attribute 'Nope'"):
        tabletop_rules.bar2d6.Nope  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.needs("a subprocess")
def test_importing_hypothesis_imports_nothing_of_the_library() -> None:
    """Hypothesis' entry point is a top-level module that imports nothing: ``import
    hypothesis`` loads no ``tabletop_rules`` module (issue 7, point 5)."""
    loaded = json.loads(
        _run(
            "import sys, json, hypothesis; "
            "print(json.dumps(sorted(m for m in sys.modules if 'tabletop_rules' in m)))"
        )
    )
    assert ["_tabletop_rules_hypothesis"] == loaded


@pytest.mark.needs("a subprocess")
@pytest.mark.parametrize("first", ["hypothesis", "systems"])
def test_registering_the_strategies_imports_none_of_them(first: str) -> None:
    """Whichever is imported first, registering the systems' strategies with Hypothesis
    imports no strategies module; the first ``st.from_type`` of a type imports its own."""
    systems = "import tabletop_rules.m20, tabletop_rules.skirmish, tabletop_rules.skirmish._decks"
    imports = (
        f"import hypothesis; {systems}"
        if first == "hypothesis"
        else f"{systems}; import hypothesis"
    )
    loaded = json.loads(
        _run(
            f"import sys, json; {imports}; "
            "strategies = lambda: sorted(m for m in sys.modules if m.startswith('tabletop_rules') "
            "and m.endswith('strategies')); "
            "before = strategies(); "
            "from hypothesis import strategies as st; from tabletop_rules.skirmish import Deck; "
            "st.from_type(Deck).example(); "
            "print(json.dumps([before, strategies()]))"
        )
    )
    assert [
        [],
        ["tabletop_rules.skirmish._strategies", "tabletop_rules.skirmish.strategies"],
    ] == loaded


STRATEGY_MODULES = (
    "tabletop_rules.testing.strategies",
    "tabletop_rules.m20.strategies",
    "tabletop_rules.bar2d6.strategies",
    "tabletop_rules.bayside23.strategies",
    "tabletop_rules.skirmish.strategies",
)


@pytest.mark.parametrize("module", STRATEGY_MODULES)
def test_strategies_without_hypothesis_name_the_extra(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without Hypothesis, importing a strategies module says which extra to install (issue 13)."""
    package = module.rpartition(".")[0]
    # Imported first, with Hypothesis, so that it registers its strategies for later tests.
    importlib.import_module(package)
    monkeypatch.setitem(sys.modules, "hypothesis", None)  # what an absent package looks like
    for name in (module, f"{package}._strategies", "tabletop_rules.testing._notation_strategies"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(
        ImportError, match=re.escape("pip install '.[hypothesis]' in a checkout")
    ) as caught:
        importlib.import_module(module)
    assert module in str(caught.value)
    assert caught.value.name == "hypothesis"


def test_other_import_errors_pass_through() -> None:
    """Only a missing Hypothesis is reworded; any other failed import is left as it is."""
    other = ModuleNotFoundError("No module named 'icepool'", name="icepool")
    require_hypothesis("tabletop_rules.testing.strategies", other)  # returns: the caller re-raises
