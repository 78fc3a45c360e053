"""The API pages render attribute comments as sentences, not as a "Type:" (issue 24).

Napoleon takes the words before a first colon of an attribute's comment for its type; the
docs' hook gives them back to the sentence.
"""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sphinx")

from sphinx.ext.napoleon import Config
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.pycode import ModuleAnalyzer

CONF = Path(__file__).resolve().parents[1] / "docs" / "conf.py"


@pytest.fixture(scope="module")
def undo() -> Any:
    return runpy.run_path(str(CONF))["_undo_prose_types"]


@pytest.mark.parametrize(
    ("module", "name", "start"),
    [
        (
            "tabletop_rules.m20._sheet",
            "MAX_MESSAGE_LENGTH",
            "The longest message of an error from :func:`parse_sheet`, in every shipped locale:",
        ),
        ("tabletop_rules.tables._tables", "Table.dice", "The dice rolled: a sum of them"),
    ],
)
def test_an_attribute_comment_renders_as_a_sentence(
    undo: Any, module: str, name: str, start: str
) -> None:
    """``m20.MAX_MESSAGE_LENGTH``'s comment, a comma before its colon, is one sentence."""
    owner, _, attribute = name.rpartition(".")
    lines = ModuleAnalyzer.for_module(module).find_attr_docs()[owner, attribute]
    docstring = GoogleDocstring(list(lines), Config(), what="attribute", name=name, obj=object())
    rendered = str(docstring).splitlines()
    undo(None, "attribute", name, None, None, rendered)
    assert rendered[0].startswith(start)
    assert not any(line.startswith(":type:") for line in rendered)
