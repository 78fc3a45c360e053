"""The bayside23 catalogs: complete in every locale, with the text's own words in Japanese."""

from __future__ import annotations

import pytest

from tabletop_rules.bayside23 import SYSTEM, Attribute, HitKind, Side, Status
from tabletop_rules.i18n import LOCALES, template_fields, translate

#: The kinds of key a system's catalog holds (``bayside23.<kind>.<name>``), as every
#: system's do: log lines, menu labels, refusals, problems of characters, errors of checks.
KINDS = {
    "attribute",
    "chat",
    "check",
    "command",
    "error",
    "event",
    "field",
    "illegal",
    "problem",
    "result",
    "side",
    "status",
    "term",
}


def bayside_catalog(locale: str) -> dict[str, str]:
    return dict(SYSTEM.catalog(locale))


def test_every_key_is_in_every_locale() -> None:
    """BAY-02, BAY-03, BAY-04: every bayside23 key exists in en, zh-Hant and ja."""
    keys = [set(bayside_catalog(locale)) for locale in LOCALES]
    assert [keys[0]] * len(LOCALES) == keys
    assert all(key.startswith("bayside23.") for key in keys[0])


def test_keys_are_of_the_shared_kinds() -> None:
    """BAY-13: log lines are ``event`` keys, menu labels ``command``, refusals ``illegal``
    and problems of characters ``problem``, as in every system's catalog."""
    kinds = {key.split(".")[1] for key in bayside_catalog("en") if key != "bayside23.title"}
    assert kinds == KINDS


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_every_template_has_the_same_fields(locale: str) -> None:
    """BAY-18: a message fills the same fields in every locale."""
    english, other = bayside_catalog("en"), bayside_catalog(locale)
    assert {k: template_fields(v) for k, v in other.items()} == {
        k: template_fields(v) for k, v in english.items()
    }


def test_every_label_is_a_key() -> None:
    """BAY-02, BAY-21, BAY-07, BAY-14: each member's label is in the catalog."""
    members = [*Attribute, *HitKind, *Side, *Status]
    assert {m.label for m in members} <= set(bayside_catalog("en"))


def test_japanese_uses_the_texts_words() -> None:
    """BAY-02, BAY-03, BAY-04, BAY-07: the ja labels are the text's names."""
    assert [translate(a.label, "ja") for a in Attribute] == ["体力", "精神力", "敏捷性"]
    assert translate(Status.DOWN.label, "ja") == "活動不可"
