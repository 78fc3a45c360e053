# /// script
# requires-python = ">=3.11"
# dependencies = ["opencc-python-reimplemented==0.1.7"]
# ///
"""Write the Simplified Chinese (``zh-Hans``) catalogs from the Traditional (``zh-Hant``) ones.

Every ``zh-Hant`` catalog of the library (the core's, each system's), of the example plugin
(``examples/duel``) and the example bot's own words (``examples/bot``) is converted with
OpenCC's ``tw2sp`` conversion (Taiwan's Traditional to mainland Simplified, with mainland
phrases), then the reviewed fixes of :data:`REVIEWED` are applied: the words a Simplified
Chinese TRPG player (QQ, KOOK; Dice!, sealdice) writes differently from what OpenCC gives.
The bots guide (``docs/bots.md``, "Simplified Chinese") lists the same fixes.

OpenCC is a development tool only, never a dependency of the library. Run from the
repository's root::

    python -m pip install opencc-python-reimplemented==0.1.7
    python tools/zh_hans.py          # rewrite every zh-Hans catalog
    python tools/zh_hans.py --check  # exit 1, naming them, if a catalog is not up to date

Edit a ``zh-Hant`` catalog, then run this: a ``zh-Hans`` catalog is never edited by hand
(add a fix to :data:`REVIEWED` instead).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

#: The OpenCC conversion: Taiwan's Traditional to mainland Simplified, phrases included
#: (資料 → 数据, 支援 → 支持, 字元 → 字符).
CONVERSION = "tw2sp"

#: The reviewed fixes, applied in order to OpenCC's output: (what OpenCC gives, what a
#: Simplified Chinese TRPG player writes, why). Each must be used by some catalog.
REVIEWED: tuple[tuple[str, str, str], ...] = (
    ("声明", "宣告", "tw2sp turns 宣告 into 声明; the rule texts and Chinese TRPG players 宣告"),
    ("矢量", "向量", "test vectors are 测试向量 (矢量 is a physics vector)"),
    ("几率", "概率", "probability is 概率 on the mainland (机率/几率 are Taiwan's)"),
    ("拷贝后贴到", "复制后粘贴到", "copy and paste are 复制 and 粘贴 (拷贝 is a file's copy)"),
    ("仿真", "模拟", "a simulated game is 模拟 (仿真 is engineering's emulation)"),
    ("行程", "进程", "an operating-system process is 进程 (行程 is Taiwan's)"),
    ("交互", "互动", "characters 互动 with each other (交互 is a user interface's)"),
    ("信赖区间", "置信区间", "the statistics term"),
    ("平手", "平局", "a draw is 平局"),
    ("语系", "语言", "a locale is named by its 语言 (语系 is Taiwan's)"),
    ("传回", "返回", "a function 返回 a value"),
    ("纪录", "记录", "a game's record is 记录 (纪录 is a sports record)"),
    ("笔项目", "条", "the measure word of a record's entry is 条 (笔 is Taiwan's)"),
    ("无条件舍去", "向下取整", "rounding down"),
    ("无条件进位", "向上取整", "rounding up"),
    ("注解", "注释", "a comment after a command is a 注释"),
    ("清单", "列表", "a list of items is a 列表"),
    ("没有关上", "没有闭合", "an unclosed bracket is 没有闭合"),
    ("提早", "提前", "ending early is 提前结束"),
    ("范例", "示例", "the sample cards and decks are 示例 (范例 is Taiwan's)"),
    ("复本", "副本", "a copy of a foe is a 副本"),
    ("不明的", "未知的", "an unknown command or language is 未知的"),
    ("数据列", "数据行", "a database row is a 行 on the mainland (Taiwan's 列 is a row)"),
    ("管理者", "管理员", "a bot's administrator is its 管理员"),
    ("使用繁体中文", "使用简体中文", "the bot's channel in zh-Hans uses Simplified Chinese"),
    ("运行", "执行", "a player's command or choice is 执行 (运行 is a program's)"),
)

_ROOT = Path(__file__).resolve().parent.parent
#: Where the zh-Hant catalogs are: the core's, each system's, the example plugin's.
_CATALOGS = (
    "src/tabletop_rules/locales/zh-Hant/*.json",
    "src/tabletop_rules/*/locales/zh-Hant/*.json",
    "examples/*/src/*/locales/zh-Hant/*.json",
)
#: The example bot keeps its words in a Python mapping, one block per locale.
_BOT = "examples/bot/tabletop_bot/messages.py"
_BLOCK = re.compile(r'^    "(?P<locale>zh-Han[st])": \{\n.*?^    \},\n', re.MULTILINE | re.DOTALL)


class _Simplifier:
    """OpenCC's conversion, then the reviewed fixes; it remembers which fixes it used."""

    def __init__(self) -> None:
        try:
            from opencc import OpenCC  # type: ignore[import-untyped, import-not-found, unused-ignore]
        except ImportError:
            sys.exit("OpenCC is missing: python -m pip install opencc-python-reimplemented==0.1.7")
        self._convert: Callable[[str], str] = OpenCC(CONVERSION).convert
        self.used: set[str] = set()

    def __call__(self, text: str) -> str:
        converted = self._convert(text)
        for found, fixed, _ in REVIEWED:
            if found in converted:
                self.used.add(found)
                converted = converted.replace(found, fixed)
        return converted


def _catalog(text: str, simplified: Callable[[str], str]) -> str:
    traditional: dict[str, str] = json.loads(text)
    converted = {key: simplified(value) for key, value in traditional.items()}
    return json.dumps(converted, ensure_ascii=False, indent=2) + "\n"


def _bot(text: str, simplified: Callable[[str], str]) -> str:
    blocks = {match["locale"]: match for match in _BLOCK.finditer(text)}
    traditional = blocks["zh-Hant"]
    block = simplified(traditional[0]).replace('"zh-Hant": {', '"zh-Hans": {', 1)
    if "zh-Hans" in blocks:
        old = blocks["zh-Hans"]
        return text[: old.start()] + block + text[old.end() :]
    return text[: traditional.end()] + block + text[traditional.end() :]


def _targets(simplified: Callable[[str], str]) -> Iterator[tuple[Path, str]]:
    """Each zh-Hans file with the text it should have."""
    for pattern in _CATALOGS:
        for source in sorted(_ROOT.glob(pattern)):
            target = source.parent.parent / "zh-Hans" / source.name
            yield target, _catalog(source.read_text("utf-8"), simplified)
    bot = _ROOT / _BOT
    yield bot, _bot(bot.read_text("utf-8"), simplified)


def main(argv: list[str] | None = None) -> int:
    """Write (or, with ``--check``, compare) every zh-Hans catalog; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    options = parser.parse_args(argv)
    simplified = _Simplifier()
    stale: list[str] = []
    for target, text in _targets(simplified):
        current = target.read_text("utf-8") if target.exists() else None
        if current == text:
            continue
        stale.append(str(target.relative_to(_ROOT)))
        if not options.check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, "utf-8")
    unused = [found for found, _, _ in REVIEWED if found not in simplified.used]
    if unused:
        print(f"fixes no catalog needs (remove them from REVIEWED): {', '.join(unused)}")
        return 1
    for name in stale:
        print(("stale: " if options.check else "wrote: ") + name)
    return 1 if options.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
