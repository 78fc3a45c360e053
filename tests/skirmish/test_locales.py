"""The skirmish catalogs: complete and consistent in every locale."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from tabletop_rules.i18n import LOCALES, template_fields


def skirmish_catalog(locale: str) -> dict[str, str]:
    folder = resources.files("tabletop_rules.skirmish").joinpath("locales", locale)
    catalog: dict[str, str] = json.loads(folder.joinpath("skirmish.json").read_text("utf-8"))
    return catalog


def test_every_key_is_in_every_locale() -> None:
    """SK-01: every skirmish key exists in en, zh-Hant and ja."""
    keys = [set(skirmish_catalog(locale)) for locale in LOCALES]
    assert keys[0] == keys[1] == keys[2]


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_every_template_has_the_same_fields(locale: str) -> None:
    """A message fills the same fields in every locale."""
    english, other = skirmish_catalog("en"), skirmish_catalog(locale)
    assert {k: template_fields(v) for k, v in other.items()} == {
        k: template_fields(v) for k, v in english.items()
    }


def test_every_key_the_code_uses_is_in_the_catalog() -> None:
    """Every ``skirmish.`` key written in the package's code has a message."""
    import tabletop_rules.skirmish as package

    root = Path(package.__file__).parent
    used = {
        key
        for path in root.rglob("*.py")
        for key in re.findall(r'"(skirmish\.[a-z_]+\.[a-z_]+)"', path.read_text("utf-8"))
    }
    assert used <= set(skirmish_catalog("en"))
