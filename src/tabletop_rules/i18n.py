"""Localized labels and messages.

Every word the library shows a player lives in a per-locale catalog of JSON files: the core's
in ``tabletop_rules/locales/<locale>/``, each rule system's in its own package
(``locales/<locale>.json``, keys that begin with the system's name): adding a locale adds data
files, not code.
A catalog maps a key (``"outcome.success"``) to a template (``"Success"``) whose ``{name}``
fields are filled from keyword arguments.

English (``en``) is the fallback: a key missing from a locale is looked up in English, and a
key missing from English too is shown as it is, so that a label a player chose (an item's
name, a skill's display name) can be used wherever a key can.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import functools
import json
import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "Label",
    "catalog",
    "resolve_locale",
    "template_fields",
    "translate",
]

#: The locales the package ships a catalog for, in a stable order.
LOCALES: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans", "ja")

#: The locale used when a key or a locale is missing.
DEFAULT_LOCALE = "en"

_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "en": "en",
        "zh-hant": "zh-Hant",
        "zh-tw": "zh-Hant",
        "zh-hk": "zh-Hant",
        "zh-mo": "zh-Hant",
        # Bare zh is Simplified, as in CLDR's likely subtags (zh → zh-Hans-CN): a script or a
        # region of Traditional Chinese is more specific and wins (zh-TW, zh-Hant-CN).
        "zh": "zh-Hans",
        "zh-hans": "zh-Hans",
        "zh-cn": "zh-Hans",
        "zh-sg": "zh-Hans",
        "zh-my": "zh-Hans",
        "ja": "ja",
        "jp": "ja",
    }
)

_ALIAS_PARTS = max(alias.count("-") + 1 for alias in _ALIASES)


@attrs.frozen
class Label:
    """A catalog key given as a field of a message: rendered in the message's own locale.

    A message that names a thing of the rules (an attribute, a skill) passes its label, so
    that the English message says "Physical Attack" and the Japanese one "物攻":

    >>> translate("illegal.not_your_turn", "en", actor=Label("outcome.fumble"))
    "It is not Fumble's turn."
    >>> translate("illegal.not_your_turn", "ja", actor=Label("outcome.fumble"))
    '今は ファンブル の手番ではありません。'

    .. versionadded:: 0.1.0
    """

    #: The catalog key (or, as everywhere, any text to show as it is).
    key: str


def resolve_locale(tag: str) -> str:
    """Map a language tag to the shipped locale that serves it.

    Tags are matched case-insensitively, with ``_`` read as ``-``, from the most specific
    prefix down: ``"zh_TW"`` and ``"zh-Hant-HK"`` give ``"zh-Hant"``, ``"ja-JP"`` gives
    ``"ja"``.
    Chinese goes by its script first, then its region: ``zh-Hans`` (and ``zh-Hans-*``),
    ``zh-CN``, ``zh-SG`` and ``zh-MY`` give ``"zh-Hans"``; ``zh-Hant`` (and ``zh-Hant-*``),
    ``zh-TW``, ``zh-HK`` and ``zh-MO`` give ``"zh-Hant"``; a bare ``zh`` (or one with a region
    neither lists) is Simplified, as CLDR's likely subtags read it (``zh`` is ``zh-Hans-CN``).
    A tag no shipped locale serves gives :data:`DEFAULT_LOCALE`, so that a bot can pass a
    player's client language as it comes.

    Args:
        tag: A BCP 47 language tag such as ``"en-US"``, ``"zh-Hant"`` or ``"ja"``.

    Every locale the library is given goes through here (:func:`catalog` and so
    :func:`translate` resolve theirs here), so this is where a locale that is no text is
    refused, for every function that takes one.

    Returns:
        One of :data:`LOCALES`.

    Raises:
        InvalidData: *tag* is not a ``str`` (path ``$.locale``).

    >>> resolve_locale("zh_TW")
    'zh-Hant'
    >>> resolve_locale("zh-CN")
    'zh-Hans'
    >>> resolve_locale("fr")
    'en'
    """
    if not isinstance(tag, str):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise _not_a_locale(tag)
    # No alias has more than _ALIAS_PARTS parts: the rest of a long tag cannot matter.
    parts = tag.replace("_", "-").lower().split("-", _ALIAS_PARTS)[:_ALIAS_PARTS]
    for end in range(len(parts), 0, -1):
        found = _ALIASES.get("-".join(parts[:end]))
        if found is not None:
            return found
    return DEFAULT_LOCALE


def _not_a_locale(tag: object) -> Exception:
    """The refusal of a locale that is not a ``str``."""
    # errors imports this module: import it only when a locale is refused.
    from tabletop_rules._arguments import described
    from tabletop_rules.errors import InvalidData

    return InvalidData("$.locale", "error.locale_type", given=described(tag))


def catalog(locale: str) -> Mapping[str, str]:
    """Return the read-only catalog of one shipped locale: the core's and every system's.

    The core's words are the JSON files in ``tabletop_rules/locales/<locale>/``; each
    registered rule system keeps its own in its package
    (:meth:`~tabletop_rules.systems.RuleSystem.catalog`), under keys that begin with its
    name, and this merges them all (every registered system is loaded).

    Args:
        locale: One of :data:`LOCALES` (other tags go through :func:`resolve_locale`).

    Returns:
        A read-only mapping from message keys to templates.

    Raises:
        InvalidData: *locale* is not a ``str`` (path ``$.locale``).
    """
    if not isinstance(locale, str):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise _not_a_locale(locale)
    return _merged(resolve_locale(locale))


@functools.lru_cache(maxsize=len(LOCALES))
def _merged(locale: str) -> Mapping[str, str]:
    from tabletop_rules.systems import Registry

    merged = dict(_shipped(locale))
    for system in Registry.default():
        merged.update(system.catalog(locale))
    return MappingProxyType(merged)


#: The most language tags remembered with the catalog they resolve to: a bot may pass every
#: tag its players' clients send, and each one remembered costs only an entry.
_TAGS_REMEMBERED: Final = 256


@functools.lru_cache(maxsize=_TAGS_REMEMBERED)
def _catalog(locale: str) -> Mapping[str, str]:
    # The body of catalog(), which translate() calls directly on its fast path: a bounded
    # number of tags, each mapped to one of the few shipped catalogs, read once each.
    return _shipped(resolve_locale(locale))


@functools.cache
def _shipped(locale: str) -> Mapping[str, str]:
    # The merged catalog of the shipped locale *locale* (one of LOCALES).
    from importlib import resources  # only when first needed: it is slow to import

    folder = resources.files("tabletop_rules").joinpath("locales").joinpath(locale)
    merged: dict[str, str] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            merged.update(json.loads(entry.read_text("utf-8")))
    return MappingProxyType(merged)


def template_fields(template: str) -> frozenset[str]:
    """Return the names of the ``{fields}`` a template fills.

    >>> sorted(template_fields("{total} ≥ {target}"))
    ['target', 'total']

    Raises:
        InvalidData: *template* is not a ``str`` (path ``$``).
    """
    if not isinstance(template, str):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise _wrong_type("$", "str", template)
    return frozenset(
        field for _, field, _, _ in string.Formatter().parse(template) if field is not None
    )


def translate(key: str, locale: str = DEFAULT_LOCALE, /, **params: object) -> str:
    """Render the message *key* in *locale*.

    Args:
        key: A catalog key, or any text: text that is not a key is returned as it is.
        locale: A language tag, resolved with :func:`resolve_locale`.
        **params: Values for the template's ``{fields}``.

    Returns:
        The filled template.

    Raises:
        InvalidData: *locale* is not a ``str`` (path ``$.locale``) or *key* is not a ``str``
            (path ``$.key``).

    >>> translate("outcome.success", "zh-Hant")
    '成功'
    >>> translate("error.dice_exhausted", "en", dice="1D6")
    'The scripted dice ran out: no face is left for 1D6.'
    >>> translate("半狼", "ja")
    '半狼'
    """
    try:  # free unless it raises: the checks of the arguments are on the slow paths only
        template = _catalog(locale).get(key)
        if template is None:
            template = _catalog(DEFAULT_LOCALE).get(key)
            if template is None and "." in key:
                template = _system_template(key, locale)
    except TypeError:  # an unhashable locale (the cache cannot look it up) or key
        if not isinstance(locale, str):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise _not_a_locale(locale) from None
        if not isinstance(key, str):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise _not_a_key(key) from None
        raise  # not the caller's fault: a bug in reading the catalogs
    if template is None:
        if not isinstance(key, str):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise _not_a_key(key)
        return key
    fields = _Fields(
        (name, translate(value.key, locale) if isinstance(value, Label) else value)
        for name, value in params.items()
    )
    return template.format_map(fields)


def _system_template(key: str, locale: str) -> str | None:
    """The template of *key* in the catalog of the system its first part names, if any."""
    from tabletop_rules.systems import system_catalog  # systems are found when first needed

    name = key.partition(".")[0]
    template = system_catalog(name, resolve_locale(locale)).get(key)
    if template is None:
        template = system_catalog(name, DEFAULT_LOCALE).get(key)
    return template


def _not_a_key(key: object) -> Exception:
    """The refusal of a message key that is not a ``str``."""
    return _wrong_type("$.key", "str", key)


def _wrong_type(path: str, expected: str, value: object) -> Exception:
    """:func:`tabletop_rules._arguments.wrong_type`, imported when first needed."""
    from tabletop_rules._arguments import wrong_type  # errors imports this module

    return wrong_type(path, expected, value)


class _Unfilled:
    # Formats as the field's name in braces, whatever its format spec or conversion.
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        return f"{{{self.name}}}"

    def __repr__(self) -> str:
        return f"{{{self.name}}}"


class _Fields(dict[str, object]):
    # A field the caller did not fill stays as written, so that a template used as a plain
    # label (a term named by a key that has fields) still renders.
    def __missing__(self, name: str) -> _Unfilled:
        return _Unfilled(name)
