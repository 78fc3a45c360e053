# ruff: noqa: D103, PLR0917, PT018
r"""Write the inputs of bar2d6's rule vectors (``src/tabletop_rules/bar2d6/vectors.toml``).

Emits every case's input (``dice``, ``clauses``, ``note`` and the chat, check or combat) over
the boundaries of rules/bar2d6.zh-Hant.txt; the expected results are then recorded with
``python -m tabletop_rules.vectors record <file>`` and reviewed by hand against the text.

Run from the repository root::

    PYTHONPATH=$PWD/src python tools/vectors/gen_bar2d6.py
    PYTHONPATH=$PWD/src python -m tabletop_rules.vectors record \
        src/tabletop_rules/bar2d6/vectors.toml

Regenerating drops the recorded results: record again and review ``git diff``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop_rules import bar2d6
from tabletop_rules.serialization import to_json

OUT = Path(__file__).resolve().parents[2] / "src/tabletop_rules/bar2d6/vectors.toml"

# --------------------------------------------------------------------------- sheets

SHEETS: dict[str, tuple[str, str]] = {
    "b": (
        "The example sheet of tabletop_rules.bar2d6.EXAMPLE_SHEET: the rule text's climber.",
        bar2d6.EXAMPLE_SHEET,
    ),
    "c": ("", "姓名：C\n血量：3\n項目：\n長腿（技能）：主動+1 被動+2\n"),
    "plain": ("No items: a bare 2D6.", "姓名：路人\n血量：3\n"),
    "ten": (
        "Every point on active bonuses: +10 with all four items, the highest total (22).",
        "姓名：十全\n血量：3\n個性點數：10/10\n項目：\n劍（武器）：主動+3\n槍（武器）：主動+3\n"
        "弓（武器）：主動+3\n拳（技能）：主動+1\n",
    ),
    "wall": (
        "Passive bonuses only: +9 on defense.",
        "姓名：鐵壁\n血量：3\n項目：\n盾（武器）：被動+3\n甲（武器）：被動+3\n閃避（技能）：被動+3\n",
    ),
    "tank": ("All ten points on HP (B2D6-12): max HP 8.", "姓名：重甲\n血量：8\n個性點數：10/10\n"),
    "split": (
        "One item at the cap with both sides: 主動+2 被動+1 is 3 points.",
        "姓名：雙面\n血量：3\n項目：\n短劍（武器）：主動+2 被動+1\n",
    ),
    "dear": (
        "A single special ability of 5 points: over the 3-point cap, allowed (B2D6-11).",
        "姓名：聖女\n血量：3\n項目：\n聖光（招式）：回復能力5\n",
    ),
    "cap4": (
        "One item with 4 points: over the cap.",
        "姓名：甲\n血量：3\n項目：\n劍（武器）：主動+4\n",
    ),
    "cap22": (
        "One item with 2 + 2 points: the cap counts both sides.",
        "姓名：乙\n血量：3\n項目：\n劍（武器）：主動+2 被動+2\n",
    ),
    "cap_special": (
        "A 4-point ability lifts the item's cap to 4, not to 5.",
        "姓名：丙\n血量：3\n項目：\n祈禱（招式）：回復能力4 主動+1\n",
    ),
    "overspent": (
        "11 points spent.",
        "姓名：丁\n血量：4\n項目：\n劍（武器）：主動+3\n盾（武器）：被動+3\n弓（武器）：主動+3\n",
    ),
    "low_hp": ("HP below the base 3.", "姓名：戊\n血量：2\n"),
    "healer": (
        "回復能力 2 (heals 1) on an item with a bonus, and 回復能力 4 (heals 2).",
        "姓名：醫\n血量：3\n項目：\n藥草學（技能）：主動+1 回復能力2\n祈禱（招式）：回復能力4\n"
        "杖（武器）：被動+2\n",
    ),
    "bard": (
        "給予加值 2 (+1), 給予加值 4 (+2), and 給予加值 2 that the GM set to +3.",
        "姓名：詩\n血量：3\n項目：\n鼓舞（招式）：給予加值2\n戰歌（招式）：給予加值4\n"
        "琴（武器）：主動+1 被動+1\n號令（招式）：給予加值2=3\n",
    ),
    "warrior": (
        "增傷能力 3 (+1 damage), max HP 4.",
        "姓名：戰\n血量：4\n項目：\n劍術（技能）：主動+3\n巨斧（武器）：增傷能力3\n盾（武器）：被動+2\n",
    ),
    "mage": (
        "範圍攻擊 on an item that also has +1.",
        "姓名：法\n血量：3\n項目：\n火球（招式）：主動+1 範圍攻擊2\n法杖（武器）：主動+2 被動+1\n"
        "護盾（招式）：被動+2\n",
    ),
    "sword": (
        "多次攻擊 3 (2 attacks), and 多次攻擊 3 that the GM set to 3 attacks.",
        "姓名：劍\n血量：3\n項目：\n連斬（招式）：多次攻擊3\n三段突（招式）：多次攻擊3=3\n"
        "刀（武器）：主動+2 被動+1\n",
    ),
    "brute": (
        "範圍攻擊, 增傷能力 and 多次攻擊 (2 points: 2 attacks) on one character.",
        "姓名：蠻\n血量：3\n項目：\n橫掃（招式）：範圍攻擊3\n重錘（武器）：增傷能力3\n連打（招式）：多次攻擊2\n"
        "力量（特性）：主動+2\n",
    ),
    "weak": (
        "Abilities whose default amount rounds down to 0, and a 6-point damage boost (+2).",
        "姓名：弱\n血量：3\n項目：\n小藥（武器）：回復能力1\n輕擊（招式）：增傷能力2\n微助（招式）：給予加值1\n"
        "大錘（武器）：增傷能力6\n",
    ),
    "saint": (
        "回復能力 2 that the GM set to 3, and a custom ability (特殊能力).",
        "姓名：聖\n血量：4\n項目：\n神藥（武器）：回復能力2=3\n召喚術（招式）：特殊能力3\n杖（武器）：被動+2\n",
    ),
    "goblin": ("", "姓名：哥布林\n血量：3\n項目：\n棍棒（武器）：主動+1\n盾（武器）：被動+2\n"),
    "ogre": ("", "姓名：食人魔\n血量：5\n項目：\n巨棒（武器）：主動+3\n厚皮（特性）：被動+2\n"),
}

BONUS = {  # (sheet, items) -> active bonus, for building ties
    ("b", ()): 0,
    ("b", ("攀爬",)): 2,
    ("b", ("繩鉤",)): 3,
    ("b", ("攀爬", "繩鉤")): 5,
}


def faces(count: int, total: int) -> list[int]:
    """*count* d6 faces summing to *total*, highest first."""
    assert count <= total <= 6 * count, (count, total)
    out = []
    for index in range(count):
        face = min(6, total - (count - index - 1))
        out.append(face)
        total -= face
    return out


def pair(total: int) -> list[int]:
    """Two faces summing to *total*, as even as they go."""
    assert 2 <= total <= 12, total
    return [total - total // 2, total // 2]


def d(count: int, values: list[int]) -> str:
    assert len(values) == count and all(1 <= v <= 6 for v in values), values
    head = "d6" if count == 1 else f"{count}d6"
    return f"{head}:{','.join(map(str, values))}"


def p2(total: int) -> str:
    return d(2, pair(total))


def gm(count: int, total: int) -> list[str]:
    return [] if count == 0 else [d(count, faces(count, total))]


CASES: list[dict[str, Any]] = []


def case(id: str, clauses: list[str], dice: list[str], note: str = "", **input: Any) -> None:
    assert all(c["id"] != f"bar2d6-{id}" for c in CASES), id
    CASES.append(
        {"id": f"bar2d6-{id}", "note": note, "clauses": sorted(set(clauses)), "dice": dice, **input}
    )


GM_CORE = ["B2D6-19", "B2D6-20", "B2D6-27", "B2D6-28", "B2D6-29", "B2D6-32"]
LADDER = "B2D6-30"
CONTEST = ["B2D6-19", "B2D6-20", "B2D6-34", "B2D6-35", "B2D6-38"]
HELP = ["B2D6-41", "B2D6-42", "B2D6-43", "B2D6-45", "B2D6-46", "B2D6-47"]
HELP_DIV = {1: "B2D6-48", 2: "B2D6-49", 3: "B2D6-50", 4: "B2D6-51"}
LEVEL = {0: "none", 1: "easy", 2: "normal", 3: "hard", 4: "very hard"}

# --------------------------------------------------------------------------- rule-text examples


def examples() -> None:
    case(
        "example-climb",
        [*GM_CORE, "B2D6-25", "B2D6-33"],
        ["2d6:3,4", "3d6:6,5,1"],
        "the rule text's example: 攀爬 +2 and 繩鉤 +3, faces 3 and 4 give 12, "
        "against 3 dice (hard)",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬", "繩鉤"], "difficulty": 3},
    )
    case(
        "gm-one-short",
        ["B2D6-29", "B2D6-33"],
        ["2d6:3,3", "3d6:6,5,1"],
        "the example's climb one short: 11 < 12, the GM's 3D6 is higher, failure",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬", "繩鉤"], "difficulty": 3},
    )
    for g, faces3 in ((3, "1,1,1"), (11, "6,4,1"), (13, "6,6,1"), (18, "6,6,6")):
        case(
            f"example-climb-gm-{g}",
            [*GM_CORE, "B2D6-25", "B2D6-33"],
            ["2d6:3,4", f"3d6:{faces3}"],
            f"the example's 12 against a GM 3D6 of {g}: succeeds while the GM's is ≤ 12",
            check="gm",
            sheets=["b"],
            args={"items": ["攀爬", "繩鉤"], "difficulty": 3},
        )
    case(
        "example-climb-chat",
        [*GM_CORE, "B2D6-33"],
        ["2d6:3,4", "3d6:6,5,1"],
        "the example typed as a chat command, the two bonuses as two terms",
        chat="B2D6+2+3>=困難",
    )
    case(
        "chat-check",
        ["B2D6-28", "B2D6-29", "B2D6-33"],
        ["2d6:3,4", "3d6:6,5,1"],
        "the example as one modifier",
        chat="B2D6+5>=3",
    )
    # A: 2D6 + bonuses against 1D6 (the text's example of A, easy).
    for pf, g in (((1, 2), 3), ((1, 1), 2), ((1, 1), 3), ((6, 6), 6)):
        total = sum(pf)
        case(
            f"example-a-easy-{total}-vs-{g}",
            [*GM_CORE, LADDER],
            [d(2, list(pf)), f"d6:{g}"],
            "the text's A: 2D6 then the GM's 1D6 (easy); success when ≥ the GM's",
            check="gm",
            sheets=["plain"],
            args={"difficulty": 1},
        )
    case(
        "example-normal-default",
        [*GM_CORE, "B2D6-31"],
        ["2d6:3,4", "2d6:6,6"],
        "no difficulty given: the preset 2 dice (普通)",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬"]},
    )
    case(
        "example-normal-default-tie",
        [*GM_CORE, "B2D6-31"],
        ["2d6:3,4", "2d6:6,3"],
        "no difficulty given: 2 dice; 9 ≥ 9 succeeds",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬"]},
    )
    case(
        "example-fire-stick",
        [*GM_CORE, "B2D6-26"],
        ["2d6:2,3", "2d6:3,3"],
        "the GM allows no item (a wooden stick cannot put out a fire): B's bonuses do not count",
        check="gm",
        sheets=["b"],
        args={"difficulty": 2},
    )


def seeds() -> None:
    """The first cases of the file, kept under their ids."""
    case(
        "no-challenge",
        ["B2D6-30"],
        ["2d6:1,1"],
        check="gm",
        sheets=["b"],
        args={"difficulty": 0},
    )
    case(
        "wounded-at-two",
        ["B2D6-21", "B2D6-22"],
        ["2d6:1,2", "d6:6"],
        check="gm",
        sheets=["b"],
        args={"items": ["繩鉤"], "hp": 2, "difficulty": 1},
    )
    case(
        "not-wounded-at-three",
        ["B2D6-21"],
        ["2d6:1,2", "d6:6"],
        check="gm",
        sheets=["b"],
        args={"items": ["繩鉤"], "hp": 3, "difficulty": 1},
    )
    case(
        "contest-tie-to-defender",
        ["B2D6-34", "B2D6-38"],
        ["2d6:2,2", "2d6:2,2"],
        check="contest",
        sheets=["b", "c"],
        args={"attacker_items": ["攀爬"], "defender_items": ["長腿"]},
    )
    case(
        "contest-attacker-higher",
        ["B2D6-34", "B2D6-38"],
        ["2d6:3,4", "2d6:2,2"],
        check="contest",
        sheets=["b", "c"],
        args={"attacker_items": ["攀爬"], "defender_items": ["長腿"]},
    )


# --------------------------------------------------------------------------- GM checks


def gm_checks() -> None:
    for (sheet, items), bonus in BONUS.items():
        tag = "+".join(items) or "bare"
        clauses = [*GM_CORE, LADDER] + (["B2D6-25"] if len(items) > 1 else [])
        for n in range(5):
            if n == 0:
                case(
                    f"gm-{tag}-0-dice",
                    clauses,
                    ["2d6:1,1"],
                    "0 dice: not a challenge; the GM rolls nothing and any total succeeds",
                    check="gm",
                    sheets=[sheet],
                    args={"items": list(items), "difficulty": 0},
                )
                continue
            # The tie: the GM's total equals the player's, a success.
            ties = [p for p in (7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12) if n <= p + bonus <= 6 * n]
            if not ties:
                case(
                    f"gm-{tag}-{n}-dice-gm-max",
                    clauses,
                    ["2d6:1,1", d(n, [6] * n)],
                    f"{LEVEL[n]}: the lowest roll beats the GM's highest {n}D6 with +{bonus}",
                    check="gm",
                    sheets=[sheet],
                    args={"items": list(items), "difficulty": n},
                )
                continue
            p = ties[0]
            case(
                f"gm-{tag}-{n}-dice-tie",
                clauses,
                [p2(p), *gm(n, p + bonus)],
                f"{LEVEL[n]}: the GM's {n}D6 equals the player's total, a success (≥)",
                check="gm",
                sheets=[sheet],
                args={"items": list(items), "difficulty": n},
            )
            above = [p for p in range(2, 13) if n <= p + bonus + 1 <= 6 * n]
            if above:
                p = min(above, key=lambda q: abs(q - 7))
                case(
                    f"gm-{tag}-{n}-dice-one-short",
                    clauses,
                    [p2(p), *gm(n, p + bonus + 1)],
                    f"{LEVEL[n]}: the GM's {n}D6 one more than the player's, a failure",
                    check="gm",
                    sheets=[sheet],
                    args={"items": list(items), "difficulty": n},
                )
            else:
                case(
                    f"gm-{tag}-{n}-dice-gm-max",
                    clauses,
                    ["2d6:1,1", d(n, [6] * n)],
                    f"{LEVEL[n]}: the lowest roll beats the GM's highest {n}D6 with +{bonus}",
                    check="gm",
                    sheets=[sheet],
                    args={"items": list(items), "difficulty": n},
                )
    # Minimum and maximum totals at every difficulty.
    for n in range(1, 5):
        case(
            f"gm-min-vs-min-{n}",
            [*GM_CORE, LADDER],
            ["2d6:1,1", d(n, [1] * n)],
            f"the lowest 2D6 (2) against the GM's lowest {n}D6 ({n})",
            check="gm",
            sheets=["plain"],
            args={"difficulty": n},
        )
        case(
            f"gm-max-vs-max-{n}",
            [*GM_CORE, LADDER, "B2D6-25"],
            ["2d6:6,6", d(n, [6] * n)],
            f"the highest total with every item (22) against the GM's highest {n}D6 ({6 * n})",
            check="gm",
            sheets=["ten"],
            args={"items": ["劍", "槍", "弓", "拳"], "difficulty": n},
        )
    case(
        "gm-max-ties-4-dice",
        [*GM_CORE, LADDER, "B2D6-25"],
        ["2d6:6,6", "4d6:6,6,6,4"],
        "the highest total, 22, ties the GM's 4D6 at 22: a success",
        check="gm",
        sheets=["ten"],
        args={"items": ["劍", "槍", "弓", "拳"], "difficulty": 4},
    )
    case(
        "gm-min-wounded-0-dice",
        [*GM_CORE, LADDER, "B2D6-21", "B2D6-22"],
        ["2d6:1,1"],
        "the lowest total of all: 2 − 2 = 0, still ≥ 0 against no dice",
        check="gm",
        sheets=["plain"],
        args={"hp": 1, "difficulty": 0},
    )
    case(
        "gm-min-wounded-1-die",
        [*GM_CORE, LADDER, "B2D6-21", "B2D6-22"],
        ["2d6:1,1", "d6:1"],
        "2 − 2 = 0 against the GM's lowest 1D6: a failure",
        check="gm",
        sheets=["plain"],
        args={"hp": 2, "difficulty": 1},
    )
    # Wounded thresholds.
    for hp in (4, 3, 2, 1):
        wounded = hp <= 2
        case(
            f"gm-hp-{hp}",
            [*GM_CORE, "B2D6-21"] + (["B2D6-22"] if wounded else []),
            ["2d6:3,3", "2d6:4,3"],
            f"HP {hp}: " + ("wounded, −2 (2 or less)" if wounded else "not wounded"),
            check="gm",
            sheets=["b"],
            args={"items": ["攀爬"], "hp": hp, "difficulty": 2},
        )
        case(
            f"gm-hp-{hp}-passive",
            [*GM_CORE, "B2D6-21", "B2D6-24"] + (["B2D6-22"] if wounded else []),
            ["2d6:2,2", "d6:4"],
            f"HP {hp}, reacting with 被動 +2: " + ("−2 for the wound" if wounded else "no penalty"),
            check="gm",
            sheets=["c"],
            args={"items": ["長腿"], "side": "passive", "hp": hp, "difficulty": 1},
        )
    case(
        "gm-wounded-tie",
        [*GM_CORE, "B2D6-21", "B2D6-22"],
        ["2d6:4,4", "3d6:6,5,1"],
        "wounded at HP 2: 8 + 5 − 2 = 11 against 12, a failure the wound causes",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬", "繩鉤"], "hp": 2, "difficulty": 3},
    )
    case(
        "gm-wounded-meets",
        [*GM_CORE, "B2D6-21", "B2D6-22"],
        ["2d6:4,5", "3d6:6,5,1"],
        "wounded at HP 1: 9 + 5 − 2 = 12 ties the GM's 12, a success",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬", "繩鉤"], "hp": 1, "difficulty": 3},
    )
    case(
        "gm-hp-0-cannot-act",
        ["B2D6-03"],
        [],
        "HP 0: the character cannot act, so it cannot check; no die is rolled",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬"], "hp": 0, "difficulty": 2},
    )
    case(
        "gm-tank-hp-3",
        [*GM_CORE, "B2D6-08", "B2D6-12", "B2D6-21"],
        ["2d6:3,3", "2d6:3,3"],
        "max HP 8 (all ten points on HP, no cap) at HP 3: not wounded",
        check="gm",
        sheets=["tank"],
        args={"hp": 3, "difficulty": 2},
    )
    case(
        "gm-tank-hp-2",
        [*GM_CORE, "B2D6-08", "B2D6-12", "B2D6-21", "B2D6-22"],
        ["2d6:3,3", "2d6:3,3"],
        "max HP 8 at HP 2: wounded all the same, −2 (the threshold is HP, not a share)",
        check="gm",
        sheets=["tank"],
        args={"hp": 2, "difficulty": 2},
    )
    # Sides.
    for side, dice in (("active", ["2d6:3,3", "2d6:4,4"]), ("passive", ["2d6:3,3", "2d6:4,4"])):
        case(
            f"gm-c-{side}",
            [*GM_CORE, "B2D6-06", "B2D6-07", "B2D6-24"],
            dice,
            f"長腿 has 主動+1 被動+2: the {side} bonus applies",
            check="gm",
            sheets=["c"],
            args={"items": ["長腿"], "side": side, "difficulty": 2},
        )
    for side in ("active", "passive"):
        case(
            f"gm-split-{side}",
            [*GM_CORE, "B2D6-06", "B2D6-07", "B2D6-10", "B2D6-24"],
            ["2d6:2,5", "2d6:5,4"],
            f"短劍 holds 3 points, 主動+2 被動+1: the {side} one applies",
            check="gm",
            sheets=["split"],
            args={"items": ["短劍"], "side": side, "difficulty": 2},
        )
    case(
        "gm-passive-item-acting",
        [*GM_CORE, "B2D6-24"],
        ["2d6:3,3", "2d6:3,3"],
        "acting with passive-only items: no active bonus, they add nothing",
        check="gm",
        sheets=["wall"],
        args={"items": ["盾", "甲", "閃避"], "difficulty": 2},
    )
    case(
        "gm-wall-passive",
        [*GM_CORE, "B2D6-24", "B2D6-25"],
        ["2d6:1,1", "4d6:3,3,3,2"],
        "reacting with three passive items, +9: 11 ≥ 11 against very hard",
        check="gm",
        sheets=["wall"],
        args={"items": ["盾", "甲", "閃避"], "side": "passive", "difficulty": 4},
    )
    case(
        "gm-item-named-twice",
        [*GM_CORE, "B2D6-25"],
        ["2d6:3,3", "2d6:4,4"],
        "an item listed twice counts once",
        check="gm",
        sheets=["b"],
        args={"items": ["攀爬", "攀爬"], "difficulty": 2},
    )
    case(
        "gm-unknown-item",
        ["B2D6-05", "B2D6-26"],
        [],
        "B has no 飛行: refused before any die",
        check="gm",
        sheets=["b"],
        args={"items": ["飛行"], "difficulty": 2},
    )
    for n in (5, -1):
        case(
            f"gm-difficulty-{n}".replace("--", "-minus-"),
            [LADDER],
            [],
            f"{n} dice is off the ladder (0 to 4): refused",
            check="gm",
            sheets=["b"],
            args={"difficulty": n},
        )
    # Caps and creation.
    for sheet, clauses, note in (
        ("cap4", ["B2D6-10"], "主動+4 on one item: over the 3-point cap, refused"),
        ("cap22", ["B2D6-10"], "主動+2 被動+2 on one item: 4 points, over the cap"),
        ("cap_special", ["B2D6-10", "B2D6-11"], "a 4-point ability and +1: 5 points, cap 4"),
        ("overspent", ["B2D6-04", "B2D6-08"], "9 on items + 2 on HP: 11 of 10 points, refused"),
        ("low_hp", ["B2D6-01"], "血量 2: below the base HP of 3, refused"),
    ):
        case(
            f"sheet-{sheet.replace('_', '-')}",
            clauses,
            [],
            note,
            check="gm",
            sheets=[sheet],
            args={"difficulty": 2},
        )
    case(
        "sheet-dear-ability",
        [*GM_CORE, "B2D6-09", "B2D6-11", "B2D6-15"],
        ["2d6:3,3", "2d6:2,2"],
        "a single 5-point healing ability passes the cap; it adds nothing to a check",
        check="gm",
        sheets=["dear"],
        args={"items": ["聖光"], "difficulty": 2},
    )
    case(
        "sheet-cap-three",
        [*GM_CORE, "B2D6-10"],
        ["2d6:6,6", "3d6:6,6,3"],
        "+3 on one item, the most a bonus can be: 15 ≥ 15",
        check="gm",
        sheets=["ten"],
        args={"items": ["劍"], "difficulty": 3},
    )
    # Items that hold special abilities, used for their bonuses in checks.
    for sheet, items, side, note in (
        ("healer", ["藥草學"], "active", "藥草學 holds 回復能力2 and 主動+1: only the +1 counts"),
        ("healer", ["祈禱"], "active", "祈禱 holds only 回復能力4: no bonus"),
        ("bard", ["琴", "鼓舞"], "passive", "琴 被動+1; 鼓舞 (給予加值) adds nothing itself"),
        (
            "warrior",
            ["劍術", "巨斧"],
            "active",
            "劍術 +3; 巨斧's 增傷能力 adds no bonus to a check",
        ),
        ("mage", ["火球", "法杖"], "active", "火球 +1 (with 範圍攻擊) and 法杖 +2"),
        ("sword", ["連斬", "刀"], "active", "刀 +2; 連斬's 多次攻擊 adds no bonus to a check"),
        ("sword", ["三段突", "刀"], "passive", "刀 被動+1; 三段突 (多次攻擊=3) none"),
    ):
        ability = {
            "healer": "B2D6-15",
            "bard": "B2D6-17",
            "warrior": "B2D6-16",
            "mage": "B2D6-13",
            "sword": "B2D6-14",
        }[sheet]
        case(
            f"special-check-{sheet}-{'-'.join(items)}-{side}",
            [*GM_CORE, "B2D6-09", "B2D6-24", "B2D6-25", ability],
            ["2d6:4,3", "2d6:5,4"],
            note,
            check="gm",
            sheets=[sheet],
            args={"items": items, "side": side, "difficulty": 2},
        )


# --------------------------------------------------------------------------- grants in checks


def grant_checks() -> None:
    for item, amount in (("鼓舞", 1), ("戰歌", 2), ("號令", 3)):
        case(
            f"grant-check-{item}",
            [*GM_CORE, "B2D6-17"],
            ["2d6:3,3", gm(2, 8 + amount)[0]],
            f"詩's {item} grants +{amount} (⌊cost ÷ 2⌋, or the GM's amount): "
            "B meets the GM exactly",
            check="gm",
            sheets=["b", "bard"],
            args={"items": ["攀爬"], "difficulty": 2, "grants": [{"item": item}]},
        )
    case(
        "grant-check-two",
        [*GM_CORE, "B2D6-17"],
        ["2d6:1,1", "3d6:6,1,1"],
        "two grants stack on one check: +1 and +2, then +2 攀爬: 7 < 8",
        check="gm",
        sheets=["b", "bard"],
        args={"items": ["攀爬"], "difficulty": 3, "grants": [{"item": "鼓舞"}, {"item": "戰歌"}]},
    )
    case(
        "grant-check-wounded",
        [*GM_CORE, "B2D6-17", "B2D6-21", "B2D6-22"],
        ["2d6:3,3", "2d6:3,3"],
        "a wounded B with 戰歌's +2: the grant offsets the −2",
        check="gm",
        sheets=["b", "bard"],
        args={"hp": 2, "difficulty": 2, "grants": [{"item": "戰歌"}]},
    )
    case(
        "grant-check-no-ability",
        ["B2D6-17"],
        [],
        "琴 has no 給予加值: refused",
        check="gm",
        sheets=["b", "bard"],
        args={"difficulty": 2, "grants": [{"item": "琴"}]},
    )


# --------------------------------------------------------------------------- helped checks

HELPERS = [  # sheet index, sheet, items, side, bonus
    ("ten", ["拳"], "active", 1),
    ("b", ["攀爬"], "active", 2),
    ("b", ["繩鉤"], "active", 3),
    ("ten", ["劍", "拳"], "active", 4),
    ("b", ["攀爬", "繩鉤"], "active", 5),
    ("ten", ["劍", "槍"], "active", 6),
    ("ten", ["劍", "槍", "拳"], "active", 7),
    ("ten", ["劍", "槍", "弓"], "active", 9),
    ("ten", ["劍", "槍", "弓", "拳"], "active", 10),
]


def grant(bonus: int, dice: int) -> int:
    return -(-bonus // {1: 4, 2: 3, 3: 2, 4: 1}[dice])


def helped_checks() -> None:
    for hsheet, items, side, bonus in HELPERS:
        for hd in range(1, 5):
            g = grant(bonus, hd)
            # The helper meets its GM dice exactly; the challenger (C, +1) then ties
            # the GM thanks to the grant.
            helper_total = 6 + bonus
            gm_help = min(helper_total, 6 * hd)
            p = 6
            target = p + 1 + g
            n = 3 if target <= 18 else 4
            case(
                f"help-{bonus}-at-{hd}",
                [*GM_CORE, *HELP, HELP_DIV[hd]],
                ["2d6:3,3", *gm(hd, gm_help), p2(p), *gm(n, target)],
                f"a helper using +{bonus} at {hd} dice succeeds and grants ⌈{bonus} ÷ "
                f"{ {1: 4, 2: 3, 3: 2, 4: 1}[hd] }⌉ = {g}; C then ties the GM",
                check="gm",
                sheets=["c", hsheet],
                args={
                    "items": ["長腿"],
                    "difficulty": n,
                    "helpers": [{"items": items, "side": side, "dice": hd}],
                },
            )
    for hd in range(1, 5):
        case(
            f"help-fails-at-{hd}",
            [*GM_CORE, *HELP, HELP_DIV[hd]],
            ["2d6:1,1", d(hd, [6] * hd), "2d6:3,3", "2d6:4,4"],
            f"the helper (+2) loses to its {hd} GM dice: no bonus, C fails 7 < 8",
            check="gm",
            sheets=["c", "b"],
            args={"items": ["長腿"], "difficulty": 2, "helpers": [{"items": ["攀爬"], "dice": hd}]},
        )
    case(
        "help-ties-its-dice",
        [*GM_CORE, *HELP, "B2D6-49"],
        ["2d6:2,2", "2d6:4,3", "2d6:3,3", "2d6:4,4"],
        "the helper's 4 + 3 = 7 meets its GM's 7: a success, +1; C 6 + 1 + 1 = 8 ≥ 8",
        check="gm",
        sheets=["c", "b"],
        args={"items": ["長腿"], "difficulty": 2, "helpers": [{"items": ["繩鉤"], "dice": 2}]},
    )
    case(
        "help-two-stack",
        [*GM_CORE, *HELP, "B2D6-44", "B2D6-50", "B2D6-51"],
        ["2d6:3,3", "3d6:1,1,1", "2d6:5,5", "4d6:1,1,1,1", "2d6:2,2", "3d6:6,5,4"],
        "two helpers stack: +3 at 3 dice grants 2, +3 at 4 dice grants 3; 4 + 1 + 5 = 10 < 15",
        check="gm",
        sheets=["c", "b", "ten"],
        args={
            "items": ["長腿"],
            "difficulty": 3,
            "helpers": [{"items": ["繩鉤"], "dice": 3}, {"items": ["劍"], "dice": 4}],
        },
    )
    case(
        "help-three-stack",
        [*GM_CORE, *HELP, "B2D6-44", "B2D6-48", "B2D6-49", "B2D6-51"],
        [
            "2d6:3,3",
            "d6:1",
            "2d6:3,3",
            "2d6:1,1",
            "2d6:3,3",
            "4d6:1,1,1,1",
            "2d6:2,2",
            "4d6:6,5,1,1",
        ],
        "three helpers: ⌈2÷4⌉ + ⌈3÷3⌉ + 1 = 3; 4 + 1 + 3 = 8; no limit on helpers",
        check="gm",
        sheets=["c", "b", "b", "ten"],
        args={
            "items": ["長腿"],
            "difficulty": 4,
            "helpers": [
                {"items": ["攀爬"], "dice": 1},
                {"items": ["繩鉤"], "dice": 2},
                {"items": ["拳"], "dice": 4},
            ],
        },
    )
    case(
        "help-one-of-two-fails",
        [*GM_CORE, *HELP, "B2D6-44", "B2D6-51"],
        ["2d6:1,1", "4d6:6,6,6,6", "2d6:6,6", "4d6:1,1,1,1", "2d6:3,3", "3d6:6,4,1"],
        "the first helper fails (no bonus), the second grants its whole +3: 6 + 1 + 3 = 10 < 11",
        check="gm",
        sheets=["c", "ten", "b"],
        args={
            "items": ["長腿"],
            "difficulty": 3,
            "helpers": [{"items": ["劍"], "dice": 4}, {"items": ["繩鉤"], "dice": 4}],
        },
    )
    case(
        "help-passive",
        [*GM_CORE, *HELP, "B2D6-24", "B2D6-49"],
        ["2d6:3,3", "2d6:1,1", "2d6:3,3", "2d6:5,5"],
        "facing trouble: the helper C uses 長腿's 被動+2 (the bonuses that fit), ⌈2÷3⌉ = 1",
        check="gm",
        sheets=["b", "c"],
        args={
            "items": ["攀爬"],
            "difficulty": 2,
            "helpers": [{"items": ["長腿"], "side": "passive", "dice": 2}],
        },
    )
    case(
        "help-no-bonus",
        [*GM_CORE, *HELP, "B2D6-51"],
        ["2d6:3,3", "4d6:1,1,1,1", "2d6:3,3", "2d6:4,4"],
        "a helper with no bonus succeeds and grants ⌈0⌉ = 0, even at 4 dice",
        check="gm",
        sheets=["c", "plain"],
        args={"items": ["長腿"], "difficulty": 2, "helpers": [{"dice": 4}]},
    )
    for counts, clauses in ((False, []), (True, [])):
        case(
            f"help-wounded-{'counts' if counts else 'default'}",
            [*GM_CORE, *HELP, "B2D6-21", "B2D6-22", "B2D6-50", *clauses],
            ["2d6:3,3", "3d6:1,1,1", "2d6:3,3", "3d6:6,3,1"],
            "a wounded helper (+5 −2 at HP 2) at 3 dice grants "
            + (
                "⌈(5 − 2) ÷ 2⌉ = 2: this table counts the wound in the bonus used"
                if counts
                else "⌈5 ÷ 2⌉ = 3: the bonus used is the personality points (DESIGN)"
            ),
            check="gm",
            sheets=["c", "b"],
            args={
                "items": ["長腿"],
                "difficulty": 3,
                "help_counts_modifiers": counts,
                "helpers": [{"items": ["攀爬", "繩鉤"], "dice": 3, "hp": 2}],
            },
        )
    case(
        "help-wounded-helper-fails",
        [*GM_CORE, *HELP, "B2D6-22", "B2D6-49"],
        ["2d6:2,2", "2d6:3,2", "2d6:3,3", "2d6:4,4"],
        "the helper's wound makes its roll 4 + 2 − 2 = 4 < 5: no bonus",
        check="gm",
        sheets=["c", "b"],
        args={
            "items": ["長腿"],
            "difficulty": 2,
            "helpers": [{"items": ["攀爬"], "dice": 2, "hp": 1}],
        },
    )
    case(
        "help-helper-down",
        ["B2D6-03", "B2D6-41"],
        [],
        "a helper at HP 0 cannot act, so cannot help: refused",
        check="gm",
        sheets=["c", "b"],
        args={"items": ["長腿"], "helpers": [{"items": ["攀爬"], "dice": 2, "hp": 0}]},
    )
    for hd in (0, 5):
        case(
            f"help-dice-{hd}",
            ["B2D6-47", "B2D6-48", "B2D6-51"],
            [],
            f"a helper chooses 1 to 4 dice; {hd} is refused",
            check="gm",
            sheets=["c", "b"],
            args={"items": ["長腿"], "helpers": [{"items": ["攀爬"], "dice": hd}]},
        )
    case(
        "help-min-dice-refused",
        ["B2D6-40"],
        [],
        "a table that helps only challenges of 3 dice or more refuses help at 2",
        check="gm",
        sheets=["c", "b"],
        args={
            "items": ["長腿"],
            "difficulty": 2,
            "help_min_dice": 3,
            "helpers": [{"items": ["攀爬"], "dice": 1}],
        },
    )
    case(
        "help-min-dice-met",
        [*GM_CORE, *HELP, "B2D6-40", "B2D6-48"],
        ["2d6:3,3", "d6:1", "2d6:3,3", "3d6:6,1,1"],
        "the same table helps a 3-dice challenge: ⌈2÷4⌉ = 1, 6 + 1 + 1 = 8 ≥ 8",
        check="gm",
        sheets=["c", "b"],
        args={
            "items": ["長腿"],
            "difficulty": 3,
            "help_min_dice": 3,
            "helpers": [{"items": ["攀爬"], "dice": 1}],
        },
    )
    case(
        "help-easy-challenge",
        [*GM_CORE, *HELP, "B2D6-40", "B2D6-48"],
        ["2d6:3,3", "d6:2", "2d6:1,1", "d6:5"],
        "by default any check against the GM can be helped, even at 1 die: 2 + 1 + 1 = 4 < 5",
        check="gm",
        sheets=["c", "b"],
        args={"items": ["長腿"], "difficulty": 1, "helpers": [{"items": ["攀爬"], "dice": 1}]},
    )
    case(
        "help-and-grant",
        [*GM_CORE, *HELP, "B2D6-17", "B2D6-50"],
        ["2d6:4,4", "3d6:2,2,2", "2d6:3,3", "3d6:6,4,1"],
        "a grant (戰歌 +2) and a helper (+3 at 3 dice, +2) on one check: 6 + 1 + 2 + 2 = 11",
        check="gm",
        sheets=["c", "b", "bard"],
        args={
            "items": ["長腿"],
            "difficulty": 3,
            "grants": [{"sheet": 2, "item": "戰歌"}],
            "helpers": [{"items": ["繩鉤"], "dice": 3}],
        },
    )


# --------------------------------------------------------------------------- contests


def contests() -> None:
    pairs = [  # attacker sheet, items, defender sheet, items
        ("b", ["攀爬"], "c", ["長腿"], 2, 2),
        ("b", ["攀爬", "繩鉤"], "c", ["長腿"], 5, 2),
        ("c", ["長腿"], "b", [], 1, 0),
        ("plain", [], "plain", [], 0, 0),
        ("ten", ["劍", "槍", "弓", "拳"], "wall", ["盾", "甲", "閃避"], 10, 9),
    ]
    for a, ai, dname, di, ab, db in pairs:
        tag = f"{a}{ab}-vs-{dname}{db}"
        # A tie: the defender wins.
        ap = next(p for p in (7, 6, 8, 5, 9, 10, 11, 12) if 2 <= p + ab - db <= 12)
        case(
            f"contest-{tag}-tie",
            [*CONTEST, "B2D6-25"],
            [p2(ap), p2(ap + ab - db)],
            f"equal totals ({ap + ab}): the defender wins",
            check="contest",
            sheets=[a, dname],
            args={"attacker_items": ai, "defender_items": di},
        )
        if 2 <= ap + ab - db - 1 <= 12:
            case(
                f"contest-{tag}-higher",
                [*CONTEST, "B2D6-25"],
                [p2(ap), p2(ap + ab - db - 1)],
                "the attacker one higher: the attacker wins",
                check="contest",
                sheets=[a, dname],
                args={"attacker_items": ai, "defender_items": di},
            )
        if 2 <= ap + ab - db + 1 <= 12:
            case(
                f"contest-{tag}-lower",
                [*CONTEST, "B2D6-25"],
                [p2(ap), p2(ap + ab - db + 1)],
                "the defender one higher: the defender wins",
                check="contest",
                sheets=[a, dname],
                args={"attacker_items": ai, "defender_items": di},
            )
    case(
        "contest-min-min",
        CONTEST,
        ["2d6:1,1", "2d6:1,1"],
        "both at the lowest, 2 against 2: the defender wins",
        check="contest",
        sheets=["plain", "plain"],
    )
    case(
        "contest-max-max",
        CONTEST,
        ["2d6:6,6", "2d6:6,6"],
        "both at 12 with no items: the defender wins",
        check="contest",
        sheets=["plain", "plain"],
    )
    case(
        "contest-highest",
        [*CONTEST, "B2D6-25"],
        ["2d6:6,6", "2d6:6,6"],
        "the highest attack, 22, against the highest defense here, 21: the attacker wins",
        check="contest",
        sheets=["ten", "wall"],
        args={"attacker_items": ["劍", "槍", "弓", "拳"], "defender_items": ["盾", "甲", "閃避"]},
    )
    for hp_a, hp_d in ((2, None), (None, 2), (1, 1), (3, 3)):
        case(
            f"contest-hp-{hp_a}-{hp_d}".replace("None", "full"),
            [*CONTEST, "B2D6-21"] + (["B2D6-22"] if 2 in (hp_a, hp_d) or 1 in (hp_a, hp_d) else []),
            ["2d6:4,4", "2d6:3,3"],
            f"attacker HP {hp_a or 'full'}, defender HP {hp_d or 'full'}: −2 on each side at 2 or "
            "less",
            check="contest",
            sheets=["b", "c"],
            args={
                "attacker_items": ["攀爬"],
                "defender_items": ["長腿"],
                **({"attacker_hp": hp_a} if hp_a is not None else {}),
                **({"defender_hp": hp_d} if hp_d is not None else {}),
            },
        )
    case(
        "contest-defender-down",
        ["B2D6-03"],
        [],
        "a defender at HP 0 cannot act: no contest",
        check="contest",
        sheets=["b", "c"],
        args={"defender_hp": 0},
    )
    case(
        "contest-simultaneous-active",
        [*CONTEST, "B2D6-36", "B2D6-37"],
        ["2d6:3,3", "2d6:2,3"],
        "a race with no attacker or defender: the GM rules both use 主動; C +1 vs 長腿 +1",
        check="contest",
        sheets=["c", "c"],
        args={
            "attacker_items": ["長腿"],
            "defender_items": ["長腿"],
            "defender_side": "active",
        },
    )
    case(
        "contest-simultaneous-passive",
        [*CONTEST, "B2D6-36", "B2D6-37"],
        ["2d6:3,3", "2d6:3,3"],
        "the GM rules both use 被動: +2 each, a tie, the defender (acting later) wins",
        check="contest",
        sheets=["c", "c"],
        args={
            "attacker_items": ["長腿"],
            "defender_items": ["長腿"],
            "attacker_side": "passive",
        },
    )
    case(
        "contest-cooking",
        [*CONTEST, "B2D6-25"],
        ["2d6:5,4", "2d6:6,5"],
        "a cooking contest: B challenges with both items (+5, 14) against 路人's bare 11",
        check="contest",
        sheets=["b", "plain"],
        args={"attacker_items": ["攀爬", "繩鉤"]},
    )
    case(
        "contest-unknown-item",
        ["B2D6-26"],
        [],
        "C has no 攀爬: refused",
        check="contest",
        sheets=["b", "c"],
        args={"defender_items": ["攀爬"]},
    )


# --------------------------------------------------------------------------- chat


def chat() -> None:
    words = {
        0: ["0", "稱不上挑戰", "none"],
        1: ["1", "簡單", "easy"],
        2: ["2", "普通", "Normal"],
        3: ["3", "困難", "hard"],
        4: ["4", "極為困難", "very_hard", "極めて困難"],
    }
    for n, names in words.items():
        for name in names:
            if n == 0:
                case(
                    f"chat-level-{n}-{name}".replace(" ", "-"),
                    [*GM_CORE, LADDER],
                    ["2d6:1,2"],
                    f"{name!r} is {n} dice: nothing to beat",
                    chat=f"B2D6>={name}",
                )
                continue
            case(
                f"chat-level-{n}-{name}".replace(" ", "-"),
                [*GM_CORE, LADDER],
                ["2d6:4,3", *gm(n, min(9, 6 * n))],
                f"{name!r} is {n} dice: 7 + 2 = 9 against the GM's {n}D6",
                chat=f"B2D6+2>={name}",
            )
    for m, n, p, g in (
        (0, 1, 6, 6),
        (0, 1, 5, 6),
        (-2, 1, 7, 5),
        (-2, 1, 7, 6),
        (3, 2, 9, 12),
        (3, 2, 8, 12),
        (-1, 2, 3, 2),
        (1, 3, 10, 11),
        (1, 3, 10, 12),
        (9, 4, 12, 21),
        (9, 4, 12, 22),
        (0, 4, 2, 4),
        (10, 4, 12, 22),
        (10, 4, 12, 24),
    ):
        sign = f"{m:+d}" if m else ""
        case(
            f"chat-{n}-dice-{sign or '0'}-{p}-vs-{g}",
            [*GM_CORE, LADDER],
            [p2(p), *gm(n, g)],
            f"{p}{sign} = {p + m} against the GM's {g}: " + ("≥, success" if p + m >= g else "<"),
            chat=f"B2D6{sign}>={n}",
        )
    case(
        "chat-full-width",
        GM_CORE,
        ["2d6:3,4", "3d6:6,5,1"],
        "≥ for >=",
        chat="B2D6+5≥3",
    )
    case(
        "chat-lower-case",
        GM_CORE,
        ["2d6:3,4", "2d6:5,5"],
        "lower case command",
        chat="b2d6+3>=normal",
    )
    case(
        "chat-wound-typed",
        [*GM_CORE, "B2D6-22"],
        ["2d6:4,4", "3d6:6,5,1"],
        "the wound typed as a term: +5 −2 = +3, 11 < 12",
        chat="B2D6+5-2>=3",
    )
    case(
        "chat-not-a-command",
        [],
        [],
        "ordinary chat",
        chat="攀爬很難",
    )
    for tag, text, note in (
        ("5-dice", "B2D6+5>=5", "5 dice: off the ladder"),
        ("unknown-level", "B2D6+5>=impossible", "no such level"),
        ("no-difficulty", "B2D6+5", "no difficulty"),
    ):
        case(
            f"chat-refused-{tag}",
            [LADDER],
            [],
            note,
            chat=text,
        )
    # Cooperation: every bonus used at every number of dice.
    for hd in range(1, 5):
        for m in (1, 2, 3, 4, 5, 6, 8):
            g = grant(m, hd)
            case(
                f"chat-help-{m}-at-{hd}",
                [*GM_CORE, *HELP, HELP_DIV[hd]],
                ["2d6:3,3", *gm(hd, hd), "2d6:3,3", *gm(3, 6 + 2 + g)],
                f"help +{m} at {hd} dice grants {g}: 6 + 2 + {g} meets the GM exactly",
                chat=f"B2D6+2>=3 HELP+{m}@{hd}",
            )
    case(
        "chat-help-fails",
        [*GM_CORE, *HELP, "B2D6-51"],
        ["2d6:1,1", "4d6:6,6,6,6", "2d6:3,3", "3d6:6,5,1"],
        "the help fails: no bonus",
        chat="B2D6+5>=3 HELP+3@4",
    )
    case(
        "chat-help-two",
        [*GM_CORE, *HELP, "B2D6-44", "B2D6-48", "B2D6-51"],
        ["2d6:4,4", "4d6:2,2,2,2", "2d6:2,2", "d6:1", "2d6:3,3", "4d6:6,3,1,1"],
        "two helpers, rolled in order: +3@4 grants 3, +1@1 grants 1; 6 + 1 + 3 + 1 = 11 ≥ 11",
        chat="B2D6+1>=困難 協力+3@4 協力+1@1".replace("困難", "極為困難"),
    )
    case(
        "chat-help-wounded-helper",
        [*GM_CORE, *HELP, "B2D6-22", "B2D6-49"],
        ["2d6:2,2", "2d6:2,2", "2d6:3,3", "2d6:4,4"],
        "a helper typed with its wound: +3 −2 = +1 used, grants ⌈1÷3⌉ = 1 (the chat reads one "
        "modifier)",
        chat="B2D6+1>=2 HELP+3-2@2",
    )
    for tag, text, note in (
        ("contest", "B2D6+3 VS +2 HELP+2@1", "a contest cannot be helped (B2D6-40)"),
        ("dice-5", "B2D6+3>=2 HELP+2@5", "a helper's dice are 1 to 4"),
        ("dice-0", "B2D6+3>=2 HELP+2@0", "a helper's dice are 1 to 4"),
        ("no-dice", "B2D6+3>=2 HELP", "a helper without dice"),
    ):
        case(
            f"chat-help-refused-{tag}",
            ["B2D6-40"] if "VS" in text else ["B2D6-47"],
            [],
            note,
            chat=text,
        )
    for a, dd, ap, dp in (
        (3, 2, 6, 7),
        (3, 2, 6, 8),
        (3, 2, 6, 6),
        (0, 0, 2, 2),
        (0, 0, 12, 12),
        (0, 0, 12, 11),
        (-2, 0, 9, 7),
        (-2, 0, 9, 6),
        (5, -2, 2, 9),
        (5, -2, 2, 10),
    ):
        sa = f"{a:+d}" if a else ""
        sd = f"{dd:+d}" if dd else ""
        case(
            f"chat-vs-{sa or '0'}-{sd or '0'}-{ap}-{dp}",
            ["B2D6-34", "B2D6-38", "B2D6-39"],
            [p2(ap), p2(dp)],
            f"{ap + a} against {dp + dd}: "
            + ("the attacker" if ap + a > dp + dd else "the defender"),
            chat=f"B2D6{sa} VS {sd}".rstrip(),
        )


# --------------------------------------------------------------------------- combat


def _setup(rows: list[tuple[str, str, str, bool, int | None]], **rulings: Any) -> str:
    participants = [
        bar2d6.Participant(
            id=pid,
            character=bar2d6.parse_sheet(SHEETS[sheet][1]),
            side=side,
            player=player,
            hp=hp,
        )
        for pid, sheet, side, player, hp in rows
    ]
    return to_json(bar2d6.CombatSetup(participants=participants, rulings=bar2d6.Rulings(**rulings)))


SETUPS = {
    "goblins": (
        "docs/bar2d6.md: a hero with an area attack against two wounded goblins.",
        '{"participants":[{"id":"hero","character":{"name":"Hero","description":"","items":[{"name":'
        '"劍","kind":"weapon","active":2,"passive":1,"specials":[]},{"name":"旋風斬","kind":"move",'
        '"active":0,"passive":0,"specials":[{"kind":"area","cost":3,"amount":null}]}],"hp_bought":0}'
        ',"side":"pc","player":true,"hp":null},{"id":"g1","character":{"name":"Goblin","description":'
        '"","items":[{"name":"盾","kind":"weapon","active":0,"passive":2,"specials":[]}],"hp_bought":0'
        '},"side":"npc","player":false,"hp":1},{"id":"g2","character":{"name":"Goblin","description":'
        '"","items":[{"name":"盾","kind":"weapon","active":0,"passive":2,"specials":[]}],"hp_bought":0'
        '},"side":"npc","player":false,"hp":1}],"rulings":{"help_counts_modifiers":false,'
        '"help_min_dice":0,"heal_above_max":false}}',
    ),
    "duel": (
        "戰 (max HP 4, 增傷) against a goblin the GM plays.",
        _setup([("war", "warrior", "pc", True, None), ("gob", "goblin", "npc", False, None)]),
    ),
    "duel_wounded": (
        "Both at HP 2: wounded.",
        _setup([("war", "warrior", "pc", True, 2), ("gob", "goblin", "npc", False, 2)]),
    ),
    "party": (
        "A party of four (heal, grant, area, multi-attack) against an ogre and two goblins.",
        _setup(
            [
                ("heal", "healer", "pc", True, None),
                ("bard", "bard", "pc", True, None),
                ("mage", "mage", "pc", True, None),
                ("sword", "sword", "pc", True, None),
                ("ogre", "ogre", "npc", False, None),
                ("g1", "goblin", "npc", False, None),
                ("g2", "goblin", "npc", False, None),
            ]
        ),
    ),
    "hurt": (
        "The healer and the bard with a fallen warrior (HP 0) and a hurt one (HP 2), "
        "against a goblin.",
        _setup(
            [
                ("heal", "healer", "pc", True, None),
                ("down", "warrior", "pc", True, 0),
                ("war", "warrior", "pc", True, 2),
                ("gob", "goblin", "npc", False, 1),
                ("bard", "bard", "pc", True, None),
            ]
        ),
    ),
    "hurt_above_max": (
        "As hurt, at a table whose healing may pass max HP.",
        _setup(
            [
                ("heal", "healer", "pc", True, None),
                ("down", "warrior", "pc", True, 0),
                ("war", "warrior", "pc", True, 2),
                ("gob", "goblin", "npc", False, 1),
            ],
            heal_above_max=True,
        ),
    ),
    "specials": (
        "The weak, the saint and the brute against an ogre and two goblins.",
        _setup(
            [
                ("weak", "weak", "pc", True, None),
                ("saint", "saint", "pc", True, None),
                ("brute", "brute", "pc", True, None),
                ("ogre", "ogre", "npc", False, None),
                ("g1", "goblin", "npc", False, None),
                ("g2", "goblin", "npc", False, None),
            ]
        ),
    ),
    "brink": (
        "Both sides at HP 1: the next hit ends the combat.",
        _setup([("war", "warrior", "pc", True, 1), ("gob", "goblin", "npc", False, 1)]),
    ),
}


def attack(
    actor: str,
    targets: list[str],
    items: list[str] | None = None,
    defense: list[str] | None = None,
    special: str | None = None,
    boost: str | None = None,
) -> str:
    return to_json(
        bar2d6.Attack(
            actor=actor,
            targets=tuple(targets),
            items=tuple(items or ()),
            defense_items=tuple(defense or ()),
            special=special,
            boost=boost,
        )
    )


def heal(actor: str, target: str, item: str) -> str:
    return to_json(bar2d6.Heal(actor=actor, target=target, item=item))


def grant_cmd(actor: str, target: str, item: str) -> str:
    return to_json(bar2d6.GrantBonus(actor=actor, target=target, item=item))


def wait(actor: str) -> str:
    return to_json(bar2d6.Wait(actor))


def set_hp(target: str, hp: int, actor: str = "gm") -> str:
    return to_json(bar2d6.SetHp(target=target, hp=hp, actor=actor))


END_ROUND = to_json(bar2d6.EndRound())
END_COMBAT = to_json(bar2d6.EndCombat())
SWORD = ["劍術"]
SHIELD = ["盾"]
FIGHT = [*CONTEST, "B2D6-02", "B2D6-23", "B2D6-39"]


def combats() -> None:
    case(
        "combat-area-attack",
        ["B2D6-13", "B2D6-22", "B2D6-38"],
        ["2d6:5,6", "2d6:2,3", "2d6:4,4"],
        "docs/bar2d6.md: one attack roll, each wounded goblin defends with -2",
        setup="goblins",
        commands=[attack("hero", ["g1", "g2"], ["劍"], ["盾"], special="旋風斬")],
    )
    # Single attacks: the attacker's 2D6 + 3 against the goblin's 2D6 + 2.
    for a, dd, note in (
        (7, 8, "10 against 10: a tie, the defender wins, no damage"),
        (7, 7, "10 against 9: a hit, 1 damage (B2D6-02)"),
        (7, 9, "10 against 11: a miss"),
        (2, 2, "the lowest rolls, 5 against 4: a hit"),
        (12, 12, "the highest rolls, 15 against 14: a hit"),
    ):
        case(
            f"combat-duel-{a}-vs-{dd}",
            FIGHT,
            [p2(a), p2(dd)],
            note,
            setup="duel",
            commands=[attack("war", ["gob"], SWORD, SHIELD)],
        )
    case(
        "combat-duel-no-items",
        [*FIGHT, "B2D6-26"],
        ["2d6:4,4", "2d6:3,4"],
        "the GM allows no items: 8 against 7, a hit",
        setup="duel",
        commands=[attack("war", ["gob"])],
    )
    case(
        "combat-duel-items-each-side",
        [*FIGHT, "B2D6-23"],
        ["2d6:4,4", "2d6:4,4"],
        "the goblin defends with 盾's passive +2; 劍術's active +3 attacks: 11 > 10",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, SHIELD)],
    )
    case(
        "combat-boost-hit",
        [*FIGHT, "B2D6-16"],
        ["2d6:4,4", "2d6:3,3"],
        "巨斧's 增傷能力3 adds ⌊3÷3⌋ = 1: a hit deals 2",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, SHIELD, boost="巨斧")],
    )
    case(
        "combat-boost-miss",
        [*FIGHT, "B2D6-16"],
        ["2d6:2,2", "2d6:3,2"],
        "a missed boosted attack deals nothing: 7 against 7",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, SHIELD, boost="巨斧")],
    )
    case(
        "combat-boost-twice-kills",
        [*FIGHT, "B2D6-03", "B2D6-16"],
        ["2d6:4,4", "2d6:1,1", "2d6:1,1", "2d6:6,6", "2d6:5,5", "2d6:1,2"],
        "hit for 2 (HP 3 → 1), the goblin (wounded) misses, hit again: HP 0, the combat ends",
        setup="duel",
        commands=[
            attack("war", ["gob"], SWORD, SHIELD, boost="巨斧"),
            attack("gob", ["war"], ["棍棒"], SHIELD),
            attack("war", ["gob"], SWORD, SHIELD, boost="巨斧"),
        ],
    )
    case(
        "combat-boost-not-an-ability",
        ["B2D6-16"],
        [],
        "劍術 has no 增傷能力: refused",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, SHIELD, boost="劍術")],
    )
    case(
        "combat-round",
        [*FIGHT, "B2D6-21", "B2D6-22"],
        ["2d6:3,3", "2d6:3,3", "2d6:5,5", "2d6:2,2"],
        "both act, the round ends by itself; the goblin's hit takes 戰 to HP 3, not wounded",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, SHIELD), attack("gob", ["war"], ["棍棒"], SHIELD)],
    )
    case(
        "combat-wounded-after-hit",
        [*FIGHT, "B2D6-21", "B2D6-22"],
        ["2d6:6,6", "2d6:1,1", "2d6:4,4", "2d6:3,3"],
        "a hit takes the goblin to HP 2: wounded, its next roll takes −2 (9 − 2 = 7 against 8)",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, SHIELD), attack("gob", ["war"], ["棍棒"], SHIELD)],
    )
    case(
        "combat-wounded-both",
        [*FIGHT, "B2D6-21", "B2D6-22"],
        ["2d6:4,4", "2d6:4,5"],
        "both at HP 2: 8 + 3 − 2 = 9 against 9 + 2 − 2 = 9, a tie, no damage",
        setup="duel_wounded",
        commands=[attack("war", ["gob"], SWORD, SHIELD)],
    )
    case(
        "combat-wounded-hit",
        [*FIGHT, "B2D6-21", "B2D6-22"],
        ["2d6:5,5", "2d6:4,5"],
        "both at HP 2: 10 + 1 = 11 against 9: a hit, the goblin to HP 1",
        setup="duel_wounded",
        commands=[attack("war", ["gob"], SWORD, SHIELD)],
    )
    case(
        "combat-brink-kill",
        [*FIGHT, "B2D6-03"],
        ["2d6:3,4", "2d6:2,2"],
        "the goblin at HP 1 falls to 0; one side is left and the combat ends",
        setup="brink",
        commands=[attack("war", ["gob"], SWORD, SHIELD)],
    )
    case(
        "combat-brink-npc-kills",
        [*FIGHT, "B2D6-03"],
        ["2d6:6,5", "2d6:1,1"],
        "the GM's goblin strikes first (the table's order, B2D6-35) and fells 戰",
        setup="brink",
        commands=[attack("gob", ["war"], ["棍棒"], SHIELD)],
    )
    case(
        "combat-down-cannot-act",
        ["B2D6-03"],
        [],
        "戰 at HP 0 cannot act",
        setup="hurt",
        commands=[attack("down", ["gob"], SWORD)],
    )
    case(
        "combat-down-cannot-be-attacked",
        ["B2D6-03"],
        [],
        "a fallen character is no target",
        setup="hurt",
        commands=[attack("gob", ["down"], ["棍棒"])],
    )
    case(
        "combat-already-acted",
        ["B2D6-35"],
        ["2d6:3,3", "2d6:3,3"],
        "one action a round",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, SHIELD), attack("war", ["gob"], SWORD, SHIELD)],
    )
    case(
        "combat-self-target",
        ["B2D6-34"],
        [],
        "an attack needs someone else",
        setup="duel",
        commands=[attack("war", ["war"], SWORD)],
    )
    case(
        "combat-two-targets-no-area",
        ["B2D6-13"],
        [],
        "two targets without an area ability: refused",
        setup="party",
        commands=[attack("sword", ["g1", "g2"], ["刀"])],
    )
    case(
        "combat-repeated-target",
        ["B2D6-13"],
        [],
        "the same target twice: refused",
        setup="party",
        commands=[attack("mage", ["g1", "g1"], ["火球"], special="火球")],
    )
    case(
        "combat-unknown-item",
        ["B2D6-26"],
        [],
        "戰 has no 火球",
        setup="duel",
        commands=[attack("war", ["gob"], ["火球"])],
    )
    case(
        "combat-special-not-an-ability",
        ["B2D6-13", "B2D6-14"],
        [],
        "盾 has no area or multi-attack ability",
        setup="duel",
        commands=[attack("war", ["gob"], SWORD, special="盾")],
    )
    # Area attacks.
    case(
        "combat-area-three",
        [*FIGHT, "B2D6-13"],
        ["2d6:4,4", "2d6:3,3", "2d6:4,5", "2d6:2,2"],
        "火球 + 法杖 (+3): one roll, 11, against the ogre 8 + 2 = 10 (hit), g1 9 + 2 = 11 (tie), "
        "g2 4 + 2 = 6 (hit)",
        setup="party",
        commands=[
            attack("mage", ["ogre", "g1", "g2"], ["火球", "法杖"], ["厚皮", "盾"], special="火球")
        ],
    )
    case(
        "combat-area-one-target",
        [*FIGHT, "B2D6-13"],
        ["2d6:1,1", "2d6:1,1"],
        "an area attack on one target: 2 + 1 = 3 against 2 + 2 = 4, a miss",
        setup="party",
        commands=[attack("mage", ["g1"], ["火球"], ["盾"], special="火球")],
    )
    case(
        "combat-area-both-hit",
        [*FIGHT, "B2D6-13"],
        ["2d6:1,2", "2d6:1,1", "2d6:1,1"],
        "3 + 3 = 6 against 2 + 2 = 4 each: both goblins hit",
        setup="party",
        commands=[attack("mage", ["g1", "g2"], ["火球", "法杖"], ["盾"], special="火球")],
    )
    case(
        "combat-area-boosted",
        [*FIGHT, "B2D6-13"],
        [],
        "法 has no 增傷 item: a boost with 法杖 is refused",
        setup="party",
        commands=[attack("mage", ["g1", "g2"], ["火球"], ["盾"], special="火球", boost="法杖")],
    )
    # Multi-attacks.
    case(
        "combat-multi-two",
        [*FIGHT, "B2D6-14"],
        ["2d6:4,4", "2d6:2,3", "2d6:3,3"],
        "連斬 (多次攻擊3, 2 attacks): 10 and 7 against one defense of 8; one hit",
        setup="party",
        commands=[attack("sword", ["g1"], ["刀"], ["盾"], special="連斬")],
    )
    case(
        "combat-multi-three",
        [*FIGHT, "B2D6-14"],
        ["2d6:6,6", "2d6:5,5", "2d6:3,4", "2d6:3,3"],
        "三段突 (the GM's 3 attacks): 14, 12, 9 against 8: three hits, the goblin falls",
        setup="party",
        commands=[attack("sword", ["g1"], ["刀"], ["盾"], special="三段突")],
    )
    case(
        "combat-multi-ties",
        [*FIGHT, "B2D6-14", "B2D6-38"],
        ["2d6:3,3", "2d6:3,3", "2d6:3,3"],
        "two attacks of 8 against the ogre's 6 + 2 = 8: both ties, no damage",
        setup="party",
        commands=[attack("sword", ["ogre"], ["刀"], ["厚皮"], special="連斬")],
    )
    case(
        "combat-multi-two-targets",
        ["B2D6-14"],
        [],
        "a multi-attack has one target",
        setup="party",
        commands=[attack("sword", ["g1", "g2"], ["刀"], special="連斬")],
    )
    # Healing.
    case(
        "combat-heal-one",
        ["B2D6-15"],
        [],
        "藥草學's 回復能力2 heals ⌊2÷2⌋ = 1: 戰 from 2 to 3, no longer wounded",
        setup="hurt",
        commands=[heal("heal", "war", "藥草學")],
    )
    case(
        "combat-heal-two",
        ["B2D6-15"],
        [],
        "祈禱's 回復能力4 heals ⌊4÷2⌋ = 2: 戰 from 2 to 4",
        setup="hurt",
        commands=[heal("heal", "war", "祈禱")],
    )
    case(
        "combat-heal-fallen",
        ["B2D6-03", "B2D6-15"],
        ["2d6:4,4", "2d6:1,1"],
        "healing the fallen 戰 to 2: it can act again, wounded "
        "(8 + 3 − 2 = 9 against 2 + 2 − 2 = 2)",
        setup="hurt",
        commands=[heal("heal", "down", "祈禱"), attack("down", ["gob"], SWORD, SHIELD)],
    )
    case(
        "combat-heal-capped",
        ["B2D6-15"],
        [],
        "祈禱 heals 2, but the healer is at max HP 3 less 1 after a GM ruling: only 1",
        setup="hurt",
        commands=[set_hp("heal", 2), heal("heal", "heal", "祈禱")],
    )
    case(
        "combat-heal-full",
        ["B2D6-15"],
        [],
        "a healthy target: nothing to heal, refused",
        setup="hurt",
        commands=[heal("heal", "heal", "藥草學")],
    )
    case(
        "combat-heal-above-max",
        ["B2D6-15"],
        [],
        "a table that lets healing pass max HP: the healer at 3 goes to 5",
        setup="hurt_above_max",
        commands=[heal("heal", "heal", "祈禱")],
    )
    case(
        "combat-heal-no-ability",
        ["B2D6-15"],
        [],
        "杖 has no 回復能力",
        setup="hurt",
        commands=[heal("heal", "war", "杖")],
    )
    # Granting bonuses.
    case(
        "combat-grant-attack",
        [*FIGHT, "B2D6-17"],
        ["2d6:3,3", "2d6:4,4"],
        "戰歌 gives the mage +2 on its next check: 6 + 3 + 2 = 11 against 10",
        setup="party",
        commands=[
            grant_cmd("bard", "mage", "戰歌"),
            attack("mage", ["g1"], ["火球", "法杖"], ["盾"]),
        ],
    )
    case(
        "combat-grant-defense",
        [*FIGHT, "B2D6-17"],
        ["2d6:5,5", "2d6:4,4"],
        "號令 (the GM's +3) goes to the mage; the ogre attacks it: "
        "10 + 3 = 13 against 8 + 3 + 3 = 14",
        setup="party",
        commands=[
            grant_cmd("bard", "mage", "號令"),
            attack("ogre", ["mage"], ["巨棒"], ["護盾", "法杖"]),
        ],
    )
    case(
        "combat-grant-area",
        [*FIGHT, "B2D6-13", "B2D6-17"],
        ["2d6:2,2", "2d6:2,2", "2d6:3,3"],
        "鼓舞 +1 on the mage's area attack: 4 + 1 + 1 = 6 against g1 4 + 2 (tie) and g2 6 + 2",
        setup="party",
        commands=[
            grant_cmd("bard", "mage", "鼓舞"),
            attack("mage", ["g1", "g2"], ["火球"], ["盾"], special="火球"),
        ],
    )
    case(
        "combat-grant-multi-first-only",
        [*FIGHT, "B2D6-14", "B2D6-17"],
        ["2d6:3,3", "2d6:3,3", "2d6:3,3"],
        "戰歌 +2 on a multi-attack counts on the first strike only: 10 (hit) and 8 (tie) vs 8",
        setup="party",
        commands=[
            grant_cmd("bard", "sword", "戰歌"),
            attack("sword", ["g1"], ["刀"], ["盾"], special="連斬"),
        ],
    )
    case(
        "combat-grant-no-ability",
        ["B2D6-17"],
        [],
        "琴 has no 給予加值",
        setup="party",
        commands=[grant_cmd("bard", "mage", "琴")],
    )
    case(
        "combat-grant-to-fallen",
        ["B2D6-03", "B2D6-17"],
        [],
        "a fallen character takes no checks: no grant",
        setup="hurt",
        commands=[grant_cmd("bard", "down", "鼓舞")],
    )
    # The GM.
    case(
        "combat-gm-sets-hp",
        ["B2D6-21"],
        [],
        "the GM rules 戰 to HP 2 (a fall): wounded from now on",
        setup="duel",
        commands=[set_hp("war", 2)],
    )
    case(
        "combat-gm-sets-hp-zero",
        ["B2D6-03"],
        [],
        "the GM rules the goblin to 0: the combat ends with one side left",
        setup="duel",
        commands=[set_hp("gob", 0)],
    )
    case(
        "combat-gm-hp-over-max",
        ["B2D6-01", "B2D6-08"],
        [],
        "HP 5 for max 4: refused",
        setup="duel",
        commands=[set_hp("war", 5)],
    )
    case(
        "combat-player-sets-hp",
        ["B2D6-39"],
        [],
        "only the GM rules HP",
        setup="duel",
        commands=[set_hp("gob", 0, actor="war")],
    )
    case(
        "combat-end-round",
        ["B2D6-35"],
        ["2d6:3,3", "2d6:3,3"],
        "the GM ends the round; 戰 acts again",
        setup="duel",
        commands=[wait("war"), END_ROUND, attack("war", ["gob"], SWORD, SHIELD)],
    )
    case(
        "combat-end-combat",
        [],
        [],
        "the GM ends the combat with no winner; nothing more is allowed",
        setup="duel",
        commands=[END_COMBAT, wait("war")],
    )
    case(
        "combat-wait-round",
        ["B2D6-35"],
        [],
        "both wait: the round ends by itself",
        setup="duel",
        commands=[wait("war"), wait("gob")],
    )


def special_amounts() -> None:
    case(
        "combat-boost-rounds-to-zero",
        [*FIGHT, "B2D6-16"],
        ["2d6:6,6", "2d6:1,1"],
        "輕擊's 增傷能力2 adds ⌊2÷3⌋ = 0: the hit deals 1",
        setup="specials",
        commands=[attack("weak", ["g1"], [], SHIELD, boost="輕擊")],
    )
    case(
        "combat-boost-six",
        [*FIGHT, "B2D6-11", "B2D6-16"],
        ["2d6:6,6", "2d6:1,1"],
        "大錘's 增傷能力6 (over the cap, one ability) adds ⌊6÷3⌋ = 2: 3 damage fells the goblin",
        setup="specials",
        commands=[attack("weak", ["g1"], [], SHIELD, boost="大錘")],
    )
    case(
        "combat-heal-rounds-to-zero",
        ["B2D6-15"],
        [],
        "小藥's 回復能力1 heals ⌊1÷2⌋ = 0",
        setup="specials",
        commands=[set_hp("brute", 2), heal("weak", "brute", "小藥")],
    )
    case(
        "combat-heal-gm-amount",
        ["B2D6-15"],
        [],
        "神藥's 回復能力2 heals the GM's 3, not ⌊2÷2⌋ = 1: 聖 from 1 to 4",
        setup="specials",
        commands=[set_hp("saint", 1), heal("saint", "saint", "神藥")],
    )
    case(
        "combat-grant-rounds-to-zero",
        [*FIGHT, "B2D6-17"],
        ["2d6:3,3", "2d6:3,3"],
        "微助's 給予加值1 grants ⌊1÷2⌋ = 0: 6 + 2 + 0 = 8 against the ogre's 6 + 2 = 8, a tie",
        setup="specials",
        commands=[
            grant_cmd("weak", "brute", "微助"),
            attack("brute", ["ogre"], ["力量"], ["厚皮"]),
        ],
    )
    case(
        "combat-area-boosted-hits",
        [*FIGHT, "B2D6-13", "B2D6-16"],
        ["2d6:5,5", "2d6:3,3", "2d6:5,5", "2d6:1,2"],
        "橫掃 with 重錘: one roll, 12; the ogre 8 (hit, 2 damage), g1 12 (tie), g2 5 (hit, 2)",
        setup="specials",
        commands=[
            attack("brute", ["ogre", "g1", "g2"], ["力量"], ["厚皮", "盾"], "橫掃", "重錘"),
        ],
    )
    case(
        "combat-multi-boosted",
        [*FIGHT, "B2D6-14", "B2D6-16"],
        ["2d6:4,4", "2d6:5,5", "2d6:2,3"],
        "連打 (多次攻擊2) with 重錘: 10 and 12 against the ogre's 7; two hits of 2, HP 5 to 1",
        setup="specials",
        commands=[attack("brute", ["ogre"], ["力量"], ["厚皮"], "連打", "重錘")],
    )
    case(
        "combat-multi-overkill",
        [*FIGHT, "B2D6-03", "B2D6-14", "B2D6-16"],
        ["2d6:4,4", "2d6:5,5", "2d6:1,1"],
        "two boosted hits on a goblin of 3 HP: 4 damage, HP stops at 0",
        setup="specials",
        commands=[attack("brute", ["g1"], ["力量"], SHIELD, "連打", "重錘")],
    )
    case(
        "combat-custom-ability-is-no-attack",
        ["B2D6-09", "B2D6-13", "B2D6-14", "B2D6-18"],
        [],
        "召喚術 is a custom ability (the text handles no summoning): it is no area or multi-attack",
        setup="specials",
        commands=[attack("saint", ["g1"], [], SHIELD, special="召喚術")],
    )
    case(
        "special-check-saint-custom",
        [*GM_CORE, "B2D6-09", "B2D6-18", "B2D6-24"],
        ["2d6:4,3", "2d6:5,4"],
        "召喚術 (特殊能力3) adds nothing to a check; 杖 adds its 被動+2",
        check="gm",
        sheets=["saint"],
        args={"items": ["召喚術", "杖"], "side": "passive", "difficulty": 2},
    )
    case(
        "special-check-weak",
        [*GM_CORE, "B2D6-11", "B2D6-15", "B2D6-16", "B2D6-17"],
        ["2d6:4,3", "d6:6"],
        "items holding only abilities add no bonus: a bare 7 against easy",
        check="gm",
        sheets=["weak"],
        args={"items": ["小藥", "輕擊", "微助", "大錘"], "difficulty": 1},
    )
    case(
        "contest-arm-wrestling",
        [*CONTEST, "B2D6-36", "B2D6-37", "B2D6-39"],
        ["2d6:5,5", "2d6:4,5"],
        "arm wrestling: the GM rules both use 主動 (力量 +2, 巨棒 +3) and rolls for the ogre; "
        "12 against 12, the defender wins",
        check="contest",
        sheets=["brute", "ogre"],
        args={"attacker_items": ["力量"], "defender_items": ["巨棒"], "defender_side": "active"},
    )


def party_grant_once() -> None:
    case(
        "combat-grant-once",
        [*FIGHT, "B2D6-17"],
        ["2d6:3,3", "2d6:4,4", "2d6:3,3", "2d6:4,4"],
        "鼓舞's +1 counts on one check only: 6 + 3 + 1 = 10 vs 10 is a tie; next round 9 vs 10",
        setup="party",
        commands=[
            grant_cmd("bard", "mage", "鼓舞"),
            attack("mage", ["g1"], ["火球", "法杖"], ["盾"]),
            END_ROUND,
            attack("mage", ["g1"], ["火球", "法杖"], ["盾"]),
        ],
    )


# --------------------------------------------------------------------------- writing


def _toml(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def render() -> str:
    out = [
        "# bar2d6 (rules/bar2d6.zh-Hant.txt). Generated by tools/vectors/gen_bar2d6.py;",
        "# record: python -m tabletop_rules.vectors record <this file>",
        'system = "bar2d6"',
        "",
        "[sheets]",
    ]
    for name, (note, text) in SHEETS.items():
        if note:
            out.append(f"# {note}")
        out.append(f'{name} = """\n{text}"""')
    out += ["", "[setups]"]
    for name, (note, text) in SETUPS.items():
        out.append(f"# {note}")
        out.append(f"{name} = '''{text}'''")
    for c in CASES:
        out += ["", "[[case]]", f"id = {_toml(c['id'])}"]
        if c["note"]:
            out.append(f"note = {_toml(c['note'])}")
        out.append(f"clauses = {_toml(c['clauses'])}")
        out.append(f"dice = {_toml(c['dice'])}")
        if "chat" in c:
            out.append(f"chat = {_toml(c['chat'])}")
        elif "check" in c:
            out.append(f"check = {_toml(c['check'])}")
            out.append(f"sheets = {_toml(c['sheets'])}")
            if c.get("args"):
                out.append(f"args = {_toml(c['args'])}")
        else:
            out.append(f"setup = {_toml(c['setup'])}")
            out.append("commands = [")
            out += [f"  '{command}'," for command in c["commands"]]
            out.append("]")
    return "\n".join(out) + "\n"


def called(challenger: str, difficulty: int, items: list[str], **more: Any) -> str:
    return to_json(
        bar2d6.CallCheck(challenger=challenger, difficulty=difficulty, items=tuple(items), **more)
    )


def called_checks() -> None:
    """Checks the GM calls in the middle of a combat, with named helpers (issue 24)."""
    from tabletop_rules.checks import Term

    against = ["B2D6-27", "B2D6-28", "B2D6-29", "B2D6-32"]
    case(
        "combat-gm-check",
        against,
        ["2d6:4,4", "2d6:5,5"],
        "the GM calls a check of 劍士 (刀 +2) against 2 dice: 8 + 2 = 10 >= 10 succeeds",
        setup="party",
        commands=[called("sword", 2, ["刀"])],
    )
    case(
        "combat-gm-check-fails",
        against,
        ["2d6:4,4", "2d6:6,5"],
        "10 against the GM's 11: fails",
        setup="party",
        commands=[called("sword", 2, ["刀"])],
    )
    case(
        "combat-gm-check-modifier",
        [*against, "B2D6-20"],
        ["2d6:4,4", "2d6:5,4"],
        "the GM's situational -2: 8 + 2 - 2 = 8 < 9 fails",
        setup="party",
        commands=[called("sword", 2, ["刀"], modifiers=(Term("bar2d6.term.modifier", -2),))],
    )
    help_by_mage = bar2d6.CheckHelp(helper="mage", dice=2, items=("法杖",))
    case(
        "combat-gm-check-helped",
        [*against, "B2D6-41", "B2D6-42", "B2D6-43", "B2D6-49"],
        ["2d6:4,4", "2d6:3,3", "2d6:3,3", "3d6:3,3,3"],
        "魔法師 helps first (法杖 +2 at 2 dice: 10 >= 6, adds ⌈2/3⌉ = 1): 6 + 2 + 1 = 9 >= 9",
        setup="party",
        commands=[called("sword", 3, ["刀"], helpers=(help_by_mage,))],
    )
    two = (
        bar2d6.CheckHelp(helper="mage", dice=1, items=("法杖",)),
        bar2d6.CheckHelp(helper="bard", dice=4, items=("琴",)),
    )
    case(
        "combat-gm-check-two-helpers",
        [*against, "B2D6-44", "B2D6-48", "B2D6-51"],
        ["2d6:3,3", "1d6:2", "2d6:6,6", "4d6:1,1,1,1", "2d6:2,3", "2d6:4,4"],
        "two helpers stack: 法杖 2 at 1 die adds 1, 琴 1 at 4 dice adds 1: 5 + 2 + 2 = 9 >= 8",
        setup="party",
        commands=[called("sword", 2, ["刀"], helpers=two)],
    )
    case(
        "combat-gm-check-own-help",
        ["B2D6-41"],
        [],
        "the challenger cannot help its own check: refused",
        setup="party",
        commands=[called("sword", 2, [], helpers=(bar2d6.CheckHelp(helper="sword", dice=1),))],
    )
    case(
        "combat-gm-check-helps-twice",
        ["B2D6-41"],
        [],
        "one character helps one check once: refused",
        setup="party",
        commands=[
            called(
                "sword",
                2,
                [],
                helpers=(
                    bar2d6.CheckHelp(helper="mage", dice=1),
                    bar2d6.CheckHelp(helper="mage", dice=2),
                ),
            )
        ],
    )
    case(
        "combat-attack-situational",
        [*FIGHT, "B2D6-20", "B2D6-26"],
        ["2d6:4,4", "2d6:3,3"],
        "the GM rules fog, -2 to 戰's attack: 8 + 3 - 2 = 9 > 6 + 2 = 8, a hit",
        setup="duel",
        commands=[
            to_json(
                bar2d6.Attack(
                    actor="war",
                    targets=("gob",),
                    items=("劍術",),
                    defense_items=("盾",),
                    modifiers=(Term("bar2d6.term.modifier", -2),),
                )
            )
        ],
    )


def main() -> None:
    examples()
    seeds()
    gm_checks()
    grant_checks()
    helped_checks()
    contests()
    chat()
    combats()
    party_grant_once()
    special_amounts()
    called_checks()
    OUT.write_text(render(), "utf-8")
    print(f"{len(CASES)} cases written to {OUT}")


if __name__ == "__main__":
    main()
