"""Locale catalogs and translation (DESIGN.md "Core contracts: Localization")."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType

import pytest

from tabletop_rules import Outcome, i18n
from tabletop_rules.i18n import (
    DEFAULT_LOCALE,
    LOCALES,
    catalog,
    resolve_locale,
    template_fields,
    translate,
)

OTHER_LOCALES = [locale for locale in LOCALES if locale != DEFAULT_LOCALE]


def _all_keys() -> set[str]:
    return {key for locale in LOCALES for key in catalog(locale)}


def test_shipped_locales() -> None:
    """The package ships en, zh-Hant, zh-Hans and ja, with en the fallback."""
    assert (("en", "zh-Hant", "zh-Hans", "ja"), "en") == (LOCALES, DEFAULT_LOCALE)


def test_every_shipped_locale_has_a_folder() -> None:
    """Each locale in LOCALES has a folder of JSON files in the package."""
    folder = resources.files("tabletop_rules").joinpath("locales")
    assert sorted(LOCALES) == sorted(e.name for e in folder.iterdir() if e.is_dir())


@pytest.mark.parametrize("locale", LOCALES)
def test_every_key_is_in_every_locale(locale: str) -> None:
    """A key present in any locale is present in this one."""
    assert [] == sorted(_all_keys() - set(catalog(locale)))


@pytest.mark.parametrize("locale", OTHER_LOCALES)
def test_every_template_has_the_same_fields_as_english(locale: str) -> None:
    """Each translation fills exactly the fields the English template fills."""
    english = catalog("en")
    assert {} == {
        key: sorted(template_fields(text) ^ template_fields(english[key]))
        for key, text in catalog(locale).items()
        if key in english and template_fields(text) != template_fields(english[key])
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_no_template_is_empty(locale: str) -> None:
    """No catalog entry is the empty string (a separator may be a space)."""
    assert [] == [key for key, text in catalog(locale).items() if not text]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_template_parses(locale: str) -> None:
    """Every template is valid ``str.format`` syntax."""
    broken = []
    for key, text in catalog(locale).items():
        try:
            template_fields(text)
        except ValueError:
            broken.append(key)
    assert [] == broken


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("outcome", list(Outcome), ids=lambda o: o.value)
def test_every_outcome_has_a_label(locale: str, outcome: Outcome) -> None:
    """Each outcome's label key is in each locale's catalog."""
    assert outcome.label in catalog(locale)


@pytest.mark.parametrize("locale", OTHER_LOCALES)
def test_outcome_labels_are_translated(locale: str) -> None:
    """Outcome words in zh-Hant, zh-Hans and ja differ from the English ones."""
    same = [o for o in Outcome if translate(o.label, locale) == translate(o.label, "en")]
    assert [] == same


def test_catalogs_are_read_only() -> None:
    """A catalog is a read-only mapping: callers cannot change the library's words."""
    assert isinstance(catalog("en"), MappingProxyType)


# -- resolve_locale ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("en", "en"),
        ("en-US", "en"),
        ("EN_gb", "en"),
        ("zh-Hant", "zh-Hant"),
        ("zh_TW", "zh-Hant"),
        ("zh-tw", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant-HK", "zh-Hant"),
        ("ZH-HANT-TW", "zh-Hant"),
        ("zh-MO", "zh-Hant"),
        ("zh-Hant-CN", "zh-Hant"),
        ("zh-Hans", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh_CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh-Hans-CN", "zh-Hans"),
        ("zh-Hans-HK", "zh-Hans"),
        ("ZH-HANS-SG", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("ja_JP", "ja"),
        ("fr", "en"),
        ("fr-CA", "en"),
        ("", "en"),
    ],
)
def test_resolve_locale(tag: str, expected: str) -> None:
    """Tags map case-insensitively, ``_`` as ``-``, most specific prefix first; others to en."""
    assert expected == resolve_locale(tag)


@pytest.mark.parametrize("tag", ["zh_TW", "zh_CN", "ja-JP", "fr"])
def test_catalog_of_a_tag_is_its_locales_catalog(tag: str) -> None:
    """``catalog(tag)`` is the catalog of the locale the tag resolves to."""
    assert dict(catalog(resolve_locale(tag))) == dict(catalog(tag))


# -- translate -----------------------------------------------------------------------------------


def test_many_distinct_tags_keep_one_catalog_each_and_a_bounded_memory() -> None:
    """A bot may pass every tag its players send: memory stays bounded, catalogs are shared.

    Each shipped locale's catalog is read once; a tag is remembered only in a bounded cache.
    """
    tags = [f"en-x-player{i}" for i in range(5_000)] + [f"ja-JP-x-{i}" for i in range(500)]
    for tag in tags:
        assert translate("outcome.success", tag) in ("Success", "成功")
    catalogs = {id(catalog(tag)) for tag in tags}
    assert catalogs == {id(catalog("en")), id(catalog("ja"))}
    remembered = i18n._catalog.cache_info()  # pyright: ignore[reportPrivateUsage]
    assert remembered.maxsize is not None
    assert remembered.currsize <= remembered.maxsize <= 1024


def test_translate_fills_fields() -> None:
    """Keyword arguments fill the template's fields."""
    assert "The scripted dice ran out: no face is left for 1D6." == translate(
        "error.dice_exhausted", "en", dice="1D6"
    )


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("en", "Failure"), ("zh-Hant", "失敗"), ("zh-Hans", "失败"), ("ja", "失敗")],
)
def test_translate_in_each_locale(locale: str, expected: str) -> None:
    """A key renders in the requested locale."""
    assert expected == translate("outcome.failure", locale)


def test_translate_defaults_to_english() -> None:
    """Without a locale, translate uses English."""
    assert "Failure" == translate("outcome.failure")


def test_translate_of_an_unknown_locale_is_english() -> None:
    """A locale the package does not ship gives the English text."""
    assert "Fumble" == translate("outcome.fumble", "fr")


def test_translate_of_a_non_key_is_the_text_itself() -> None:
    """Text that is no key in any catalog is returned unchanged."""
    assert "半狼" == translate("半狼", "ja")


def test_translate_falls_back_to_english_for_a_key_missing_in_the_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A key that a locale lacks is looked up in English before being shown as is."""
    catalogs: dict[str, Mapping[str, str]] = {
        "en": {"only.english": "English {x}"},
        "ja": {},
    }
    # translate reads the cached catalogs directly (catalog() wraps them with its check).
    monkeypatch.setattr(i18n, "_catalog", lambda locale: catalogs[resolve_locale(locale)])
    assert ["English 1", "missing.everywhere"] == [
        translate("only.english", "ja", x=1),
        translate("missing.everywhere", "ja"),
    ]


def test_template_fields_names_the_fields() -> None:
    """Field names are found, conversions and format specs ignored."""
    assert frozenset({"a", "b", "c"}) == template_fields("{a} {b!r} {c:>3} {{literal}}")


def test_a_template_with_unfilled_formatted_fields_still_renders() -> None:
    """A key used as a plain label renders even when its fields have format specs."""
    from tabletop_rules.checks import Term

    assert Term("m20.problem.stated_bonus", 1).explain("en").startswith("+1 ")
