"""The checks of arguments' types that every public entry point shares, for rule systems.

A public function or constructor given an argument of the wrong type (``None`` or a number
where a text belongs, a value of another rule system) refuses it with
:class:`~tabletop_rules.errors.InvalidData` at ``$.<parameter>``, whose message says what was
expected and what was given, in the reader's locale.
A rule system, the library's own or one in another distribution, refuses bad arguments
alike with these checks and attrs validators:

>>> from tabletop_rules.arguments import checked_text, wrong_type
>>> checked_text("a1", "$.unit")
'a1'
>>> print(wrong_type("$.unit", "str", 5))
Invalid data at $.unit: expected str, not 5 (int).

.. versionadded:: 0.1.0
"""

from tabletop_rules._arguments import (
    Validator,
    a_flag,
    a_text,
    a_whole,
    alias_name,
    an_instance,
    checked,
    checked_flag,
    checked_items,
    checked_ruleset,
    checked_source,
    checked_text,
    checked_whole,
    described,
    shown,
    tupled,
    type_name,
    wrong_type,
)

__all__ = [
    "Validator",
    "a_flag",
    "a_text",
    "a_whole",
    "alias_name",
    "an_instance",
    "checked",
    "checked_flag",
    "checked_items",
    "checked_ruleset",
    "checked_source",
    "checked_text",
    "checked_whole",
    "described",
    "shown",
    "tupled",
    "type_name",
    "wrong_type",
]
