"""Simplified Chinese (``zh-Hans``): complete catalogs in Simplified script, reviewed words.

The zh-Hans catalogs are written from the zh-Hant ones by ``tools/zh_hans.py`` (OpenCC's
``tw2sp``, then the reviewed fixes that the bots guide lists). The tags that resolve to
zh-Hans are tested with the others in ``test_i18n.py``; the Simplified words each system reads
are tested with the system.
"""

from __future__ import annotations

import importlib.util
import json
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

from tabletop_rules import vectors
from tabletop_rules.i18n import LOCALES, catalog, translate
from tabletop_rules.systems import Registry

#: Traditional characters the zh-Hant catalogs use often, each written otherwise in
#: Simplified script: none of them may be left in a zh-Hans text.
TRADITIONAL = frozenset(
    "個們這說為與時對會從點選數無種應請設錯誤語檢擲難協屬傾長詭識體萬劍鬥傷範專禦喚項繩隊資"
    "戲棄戰擊敵勝敗輪後發動結則沒還進過讀寫實現變"
)

_TOOL = Path(__file__).resolve().parents[1] / "tools" / "zh_hans.py"


def _core_catalog(locale: str) -> dict[str, str]:
    folder = resources.files("tabletop_rules").joinpath("locales").joinpath(locale)
    found: dict[str, str] = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".json"):
            found.update(json.loads(entry.read_text("utf-8")))
    return found


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zh_hans_tool", _TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_zh_hans_is_a_shipped_locale() -> None:
    """zh-Hans is shipped beside zh-Hant, and is no copy of it."""
    assert ("zh-Hans", "失败", "失敗") == (
        LOCALES[2],
        translate("outcome.failure", "zh-Hans"),
        translate("outcome.failure", "zh-Hant"),
    )


def test_the_core_catalog_has_exactly_the_keys_of_english() -> None:
    """The core's zh-Hans files hold every key of the core's en files, and no other."""
    assert sorted(_core_catalog("en")) == sorted(_core_catalog("zh-Hans"))


@pytest.mark.parametrize("system", Registry.default().names)
def test_every_systems_catalog_has_exactly_the_keys_of_english(system: str) -> None:
    """Each registered system's zh-Hans catalog holds exactly the keys of its en one."""
    found = Registry.default().get(system)
    english = sorted(found.catalog("en"))
    assert (english, True) == (sorted(found.catalog("zh-Hans")), bool(english))


def test_no_simplified_text_holds_a_traditional_character() -> None:
    """Every zh-Hans template is in Simplified script (a zh-Hant text copied over fails)."""
    assert {} == {
        key: "".join(sorted(set(text) & TRADITIONAL))
        for key, text in catalog("zh-Hans").items()
        if set(text) & TRADITIONAL
    }


@pytest.mark.skipif(not _TOOL.exists(), reason="tools/ lies beside the package, in the repository")
def test_the_reviewed_words_are_the_simplified_ones() -> None:
    """No zh-Hans template keeps a word the review replaced, and each replacement is used."""
    reviewed: tuple[tuple[str, str, str], ...] = _tool().REVIEWED
    texts = "\n".join(catalog("zh-Hans").values())
    # The bot's own words are converted too; they are in examples/bot, not in the catalogs.
    bot = (_TOOL.parents[1] / "examples" / "bot" / "tabletop_bot" / "messages.py").read_text(
        "utf-8"
    )
    start = bot.index('"zh-Hans": {')
    simplified = texts + "\n" + bot[start : bot.index('"ja": {', start)]
    assert ([], []) == (
        [found for found, _, _ in reviewed if found in simplified],
        [fixed for _, fixed, _ in reviewed if fixed not in simplified],
    )


@pytest.mark.parametrize(
    ("key", "word"),
    [
        ("cli.demo.odds", "概率"),
        ("notation.help.common", "向下取整"),
        ("m20.event.frenzy_declared", "宣告"),
        ("error.notation.unexpected_end", "字符"),
        ("error.locale_type", "语言"),
    ],
)
def test_a_simplified_text_uses_the_mainland_word(key: str, word: str) -> None:
    """Spot checks of the review: the words of mainland players, not Taiwan's (机率, 字元)."""
    assert word in translate(key, "zh-Hans")


def test_every_rule_vector_records_the_simplified_text() -> None:
    """Every case of every system (and of the common dice language) that records its text in
    English records it in zh-Hans too: logs, explanations and refusals are all tested."""
    missing = [
        case.id
        for file in vectors.shipped_files()
        for case in file.cases
        if "en" in (case.expect or {}) and "zh-Hans" not in (case.expect or {})
    ]
    assert [] == missing


@pytest.mark.parametrize("system", ["", *Registry.default().names])
def test_every_system_has_rule_vectors_in_simplified_chinese(system: str) -> None:
    """Each system's vectors (and the common dice language's) hold zh-Hans texts that differ
    from their zh-Hant ones: Simplified output is tested for each."""
    differing = [
        case.id
        for file in vectors.shipped_files()
        for case in file.cases
        if case.system == system
        and (case.expect or {}).get("zh-Hans") not in (None, (case.expect or {}).get("zh-Hant"))
    ]
    assert differing
