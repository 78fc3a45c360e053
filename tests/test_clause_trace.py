"""The clause trace: every clause of the rule texts is checked by a test or a rule vector.

The clause inventory (``rules/clauses.md``) lives beside the repository, not in it: set
``TABLETOP_RULES_CLAUSES`` to its path, or keep it in ``shared/rules/`` of a parent folder.
A clause counts as traced when a test's docstring cites its id or a shipped rule vector lists
it in ``clauses`` (:func:`tabletop_rules.vectors.cited_clauses`).
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

from tabletop_rules import vectors

_ID = re.compile(r"\b(?:M20|B2D6|BAY|SK)-[0-9]+\b")
_TESTS = Path(__file__).parent


def _inventory() -> Path | None:
    given = os.environ.get("TABLETOP_RULES_CLAUSES")
    if given:
        return Path(given)
    for folder in _TESTS.resolve().parents:
        candidate = folder / "shared" / "rules" / "clauses.md"
        if candidate.exists():
            return candidate
    return None


_CLAUSES = _inventory()
pytestmark = pytest.mark.skipif(
    _CLAUSES is None or not _CLAUSES.exists(),
    reason="rules/clauses.md is not beside the repository",
)


def _known() -> set[str]:
    assert _CLAUSES is not None
    text = _CLAUSES.read_text("utf-8")
    return set(re.findall(r"^\| ((?:M20|B2D6|BAY|SK)-[0-9]+) \|", text, re.MULTILINE))


def _docstring_citations() -> set[str]:
    cited: set[str] = set()
    for path in _TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                cited.update(_ID.findall(ast.get_docstring(node) or ""))
    return cited


def test_every_clause_is_traced() -> None:
    """Every clause id of rules/clauses.md is cited by a test docstring or a rule vector."""
    traced = _docstring_citations() | set(vectors.cited_clauses())
    assert sorted(_known() - traced) == []


def test_every_citation_is_a_clause() -> None:
    """Test docstrings and rule vectors cite only clause ids that exist."""
    cited = _docstring_citations() | set(vectors.cited_clauses())
    assert sorted(cited - _known()) == []
