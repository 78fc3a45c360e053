"""Rule vectors: each system's behaviour as data, fixed-dice cases with exact expected results.

A vector file is TOML; each ``[[case]]`` gives a system, an input (a chat command, a check
built from sheets, or a short combat), the scripted dice with their sizes, the clause ids it
checks, and a ``[case.expect]`` table: the outcome, the flags, the explanation in every
locale, the exact probability, and for combats the events as JSON.
A case fails when any expected field differs, when a die has the wrong size, when the
scripted dice run out, and when dice are left over.

The files ship in the package; a test needs two calls:

>>> from tabletop_rules import vectors
>>> "chat-keep-highest" in vectors.case_ids()
True
>>> vectors.check_case("chat-keep-highest")

The format, the record tool and a pytest example are in the "Rule vectors" guide.

.. versionadded:: 0.1.0
"""

from tabletop_rules.vectors._format import (
    ChatInput,
    CheckInput,
    CheckSpec,
    CombatInput,
    DieFace,
    VectorCase,
    VectorFile,
    VectorInput,
    parse_dice,
    read_vectors,
)
from tabletop_rules.vectors._runner import (
    LOCALES,
    Difference,
    VectorFailure,
    case_ids,
    check_case,
    cited_clauses,
    compare,
    counts,
    find_case,
    record_file,
    run_case,
    shipped_files,
)

__all__ = [
    "LOCALES",
    "ChatInput",
    "CheckInput",
    "CheckSpec",
    "CombatInput",
    "DieFace",
    "Difference",
    "VectorCase",
    "VectorFailure",
    "VectorFile",
    "VectorInput",
    "case_ids",
    "check_case",
    "cited_clauses",
    "compare",
    "counts",
    "find_case",
    "parse_dice",
    "read_vectors",
    "record_file",
    "run_case",
    "shipped_files",
]
