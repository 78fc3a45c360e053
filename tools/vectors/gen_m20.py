"""Write the inputs of m20's rule vectors (src/tabletop_rules/m20/vectors.toml).

Run from the repository's root, then record and review::

    PYTHONPATH=$PWD/src python tools/vectors/gen_m20.py
    PYTHONPATH=$PWD/src python -m tabletop_rules.vectors record \
        src/tabletop_rules/m20/vectors.toml
    git diff src/tabletop_rules/m20/vectors.toml

The file is rewritten whole: notes live here, and the record tool writes the results.
Clause ids are those of rules/clauses.md (M20-001 …).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _emit import Case, write_file

from tabletop_rules.checks import Term
from tabletop_rules.engine import Pass
from tabletop_rules.m20 import (
    Assist,
    Attack,
    AttackKind,
    AttackMode,
    Attributes,
    BoostDamage,
    Boosts,
    Character,
    CombatSetup,
    CoolDown,
    DangerCheck,
    DefenseBoosts,
    Dismiss,
    EndCombat,
    EndRound,
    FirstAid,
    FocusDefense,
    Frenzy,
    Heal,
    Hide,
    Hinder,
    HinderChoice,
    LedgerEntry,
    Participant,
    RewardItem,
    RuleFallen,
    Rulings,
    ScenarioLedger,
    Skill,
    SkillPick,
    Specialty,
    SplitFocus,
    Stance,
    Summon,
    UseDecisiveStrike,
    UseIndomitable,
    UseNarrowEscape,
    WideGuard,
    format_sheet,
)
from tabletop_rules.m20._character import Tendency
from tabletop_rules.serialization import to_json

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "src/tabletop_rules/m20/vectors.toml"

HEADER = """\
# 酒吧M20變體 (rules/m20.zh-Hant.txt). Written by tools/vectors/gen_m20.py (inputs and notes);
# results recorded with: python -m tabletop_rules.vectors record <this file>"""

# --------------------------------------------------------------------------- characters

YANG = """
姓名：楊望蒼
描述：御使蒼藍色鬥氣的雙劍士，食量很大
屬性：物攻3 特攻3 物防２ 特防２
生命值：３
行事傾向：身體型
特長：身理＋３ 詭計＋１ 知識＋0 交涉＋０
技能：
蒼嵐劍勢（雙重攻擊）：可以在進行攻擊判定時承受－２減值，以進行二次攻擊。
蒼嵐鬥氣（強化雙重攻擊）：在進行雙重攻擊時，攻擊判定所承受的減值從－２變為－０。
蒼空/夜魂（攻擊強化）：進行攻擊判定時將額外獲得＋１加值。
半狼（專精特長）：進行與[調查線索]或[奔跑]相關的判定時獲得＋５的加值
"""
XUE = """
姓名：小雪
屬性：物攻2 特攻3 物防2 特防3
行事傾向：知識型
特長：身理＋0 詭計＋0 知識＋4 交涉＋0
"""

S = Specialty
T = Tendency
K = Skill


def attrs(pa: int, sa: int, pd: int, sd: int) -> Attributes:
    """The four attributes, 物攻 特攻 物防 特防."""
    return Attributes(
        physical_attack=pa, special_attack=sa, physical_defense=pd, special_defense=sd
    )


def pick(skill: Skill, *situations: str) -> SkillPick:
    """A skill pick, with the situations of a 專精特長."""
    return SkillPick(skill=skill, situations=situations)


def char(
    name: str,
    skills: tuple[Skill, ...] = (),
    *,
    a: Attributes | None = None,
    tendency: Tendency = T.PHYSIQUE,
    bonus: Specialty = S.CUNNING,
    picks: tuple[SkillPick, ...] = (),
) -> Character:
    """A character of the given skills (a 身體型 with 物攻3 特攻3 物防2 特防2 unless told)."""
    return Character(
        name=name,
        attributes=a or attrs(3, 3, 2, 2),
        tendency=tendency,
        bonus_specialty=bonus,
        picks=(*picks, *(pick(s) for s in skills)),
    )


# 4-3-2-1 so that every attribute a check uses shows as itself.
ABCD = attrs(4, 3, 2, 1)
SHEETS: dict[str, str] = {"yang": YANG, "xue": XUE}


def sheet(name: str, character: Character) -> str:
    """Keep *character* as the zh-Hant sheet called *name*; the name."""
    SHEETS[name] = format_sheet(character, "zh-Hant")
    return name


TENDENCY_SHEETS = {
    T.PHYSIQUE: sheet("body", char("身體型", a=ABCD, tendency=T.PHYSIQUE, bonus=S.PHYSIQUE)),
    T.CUNNING: sheet("trick", char("詭計型", a=ABCD, tendency=T.CUNNING, bonus=S.KNOWLEDGE)),
    T.KNOWLEDGE: sheet("mind", char("知識型", a=ABCD, tendency=T.KNOWLEDGE, bonus=S.NEGOTIATION)),
    T.NEGOTIATION: sheet("talk", char("交涉型", a=ABCD, tendency=T.NEGOTIATION, bonus=S.PHYSIQUE)),
    T.ALL_ROUND: sheet("allround", char("萬能型", a=ABCD, tendency=T.ALL_ROUND, bonus=S.CUNNING)),
}
TENDENCY_CLAUSE = {
    T.PHYSIQUE: "M20-013",
    T.CUNNING: "M20-014",
    T.KNOWLEDGE: "M20-015",
    T.NEGOTIATION: "M20-016",
    T.ALL_ROUND: "M20-017",
}
BONUS_OF = {
    T.PHYSIQUE: S.PHYSIQUE,
    T.CUNNING: S.KNOWLEDGE,
    T.KNOWLEDGE: S.NEGOTIATION,
    T.NEGOTIATION: S.PHYSIQUE,
    T.ALL_ROUND: S.CUNNING,
}
# 物攻0: 身理 acting is 1D20 + 0 + 0, the bare die (交涉型 puts its +3 on 交涉).
sheet("zero", char("零", a=attrs(0, 4, 4, 2), tendency=T.NEGOTIATION, bonus=S.NEGOTIATION))
sheet("plain", char("常人", a=attrs(3, 2, 3, 2), tendency=T.NEGOTIATION, bonus=S.NEGOTIATION))
for n in (1, 2, 3):
    sheet(f"atk{n}", char(f"攻擊強化{n}", (K.ATTACK_BOOST,) * n))
    sheet(f"def{n}", char(f"防禦強化{n}", (K.DEFENSE_BOOST,) * n))
sheet("atkspec", char("攻擊特化", (K.ATTACK_SPECIALIZATION,)))
sheet(
    "atkspec_boost", char("攻擊特化強化", (K.ATTACK_SPECIALIZATION, K.ATTACK_BOOST, K.ATTACK_BOOST))
)
sheet("defspec", char("防禦特化", (K.DEFENSE_SPECIALIZATION,)))
sheet("defspec_boost", char("防禦特化強化", (K.DEFENSE_SPECIALIZATION, K.DEFENSE_BOOST)))
sheet(
    "expert2",
    char("雙專精", picks=(pick(K.EXPERTISE, "奔跑", "攀爬"), pick(K.EXPERTISE, "奔跑", "說謊"))),
)
sheet("maxed", char("極限", a=attrs(4, 4, 2, 0), tendency=T.PHYSIQUE, bonus=S.PHYSIQUE))

CASES: list[Case] = []


def add(
    case_id: str, clauses: list[str], faces: list[int] | tuple[int, ...] = (), **kw: object
) -> None:
    """Add a case: the faces meant, then the input fields."""
    CASES.append(Case(id=case_id, clauses=clauses, faces=list(faces), **kw))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the seed cases

add(
    "m20-example-dodge-rocks",
    ["M20-035", "M20-036", "M20-037", "M20-038", "M20-039", "M20-040"],
    [11],
    note="the rule text's example: 1D20 + 3 (身理) + 2 (物防), here against 困難 16, met exactly",
    check="specialty",
    sheets=["yang"],
    args={"specialty": "physique", "stance": "reacting", "difficulty": "hard"},
)
add(
    "m20-example-dodge-rocks-one-short",
    ["M20-037", "M20-040"],
    [10],
    check="specialty",
    sheets=["yang"],
    args={"specialty": "physique", "stance": "reacting", "difficulty": 16},
)
add(
    "m20-example-running-expertise",
    ["M20-041", "M20-137"],
    [6],
    note="the rule text's example: 半狼 adds +5 when the GM agrees the check is about running",
    check="specialty",
    sheets=["yang"],
    args={"specialty": "physique", "stance": "reacting", "difficulty": "hard", "situation": "奔跑"},
)
add(
    "m20-cooperation-capped",
    ["M20-042", "M20-044", "M20-045", "M20-046"],
    [2],
    check="specialty",
    sheets=["xue"],
    args={"specialty": "knowledge", "difficulty": "moderate", "helpers": 5},
)
add(
    "m20-reroll-item",
    ["M20-141"],
    [3, 15],
    check="specialty",
    sheets=["xue"],
    args={"specialty": "knowledge", "difficulty": 12, "reroll": True},
)
add(
    "m20-attack-tie-hits",
    ["M20-027", "M20-029", "M20-031", "M20-032", "M20-033"],
    [10, 12],
    check="attack",
    sheets=["yang", "xue"],
)
add(
    "m20-special-attack-misses",
    ["M20-028", "M20-030", "M20-031", "M20-032", "M20-033"],
    [1, 20],
    check="attack",
    sheets=["xue", "yang"],
    args={"kind": "special"},
)
add("m20-chat-check", ["M20-035", "M20-036", "M20-037"], [12], chat="M20+4>=困難")

# --------------------------------------------------------------------------- specialty checks


def specialty(
    case_id: str, clauses: list[str], faces: list[int], who: str, note: str = "", **args: object
) -> None:
    """Add a specialty check of the sheet *who*."""
    add(case_id, clauses, faces, check="specialty", sheets=[who], args=args, note=note)


# Every tendency × specialty × stance: the attribute follows stance and specialty (M20-038,
# M20-039), the bonus follows the tendency and the +1 (M20-010, M20-013..017).
LEVELS = ["trivial", "easy", "moderate", "hard"]
ATTRIBUTE_OF = {
    (S.PHYSIQUE, "acting"): "物攻 4",
    (S.CUNNING, "acting"): "物攻 4",
    (S.KNOWLEDGE, "acting"): "特攻 3",
    (S.NEGOTIATION, "acting"): "特攻 3",
    (S.PHYSIQUE, "reacting"): "物防 2",
    (S.CUNNING, "reacting"): "物防 2",
    (S.KNOWLEDGE, "reacting"): "特防 1",
    (S.NEGOTIATION, "reacting"): "特防 1",
}
counter = 0
for tendency, who in TENDENCY_SHEETS.items():
    for spec in S:
        for stance in ("acting", "reacting"):
            counter += 1
            clauses = [
                "M20-007",
                "M20-008",
                "M20-024",
                "M20-036",
                "M20-037",
                "M20-038",
                "M20-039",
                TENDENCY_CLAUSE[tendency],
            ]
            if spec is BONUS_OF[tendency]:
                clauses.append("M20-010")
            if spec is S.PHYSIQUE and stance == "reacting":
                clauses.append("M20-011")
            add(
                f"m20-tendency-{tendency.value}-{spec.value}-{stance}",
                clauses,
                [(counter * 7) % 20 + 1],
                note=f"{who}: 4-3-2-1 attributes, so the {ATTRIBUTE_OF[spec, stance]} term "
                "names its attribute",
                check="specialty",
                sheets=[who],
                args={"specialty": spec.value, "stance": stance, "difficulty": LEVELS[counter % 4]},
            )

# The difficulty ladder, met exactly and missed by one: 楊望蒼 reacting with 身理 is +5.
for level, value in zip(LEVELS, (4, 8, 12, 16), strict=True):
    if value - 5 >= 1:
        specialty(
            f"m20-ladder-{level}-met",
            ["M20-035", "M20-037"],
            [value - 5],
            "yang",
            specialty="physique",
            stance="reacting",
            difficulty=level,
        )
    if value - 6 >= 1:
        specialty(
            f"m20-ladder-{level}-one-short",
            ["M20-035", "M20-037"],
            [value - 6],
            "yang",
            specialty="physique",
            stance="reacting",
            difficulty=level,
        )
specialty(
    "m20-ladder-trivial-lowest-die",
    ["M20-035", "M20-037"],
    [1],
    "yang",
    specialty="physique",
    stance="reacting",
    difficulty="trivial",
)
for name in ("TRIVIAL", "EASY", "MODERATE", "HARD"):
    specialty(
        f"m20-ladder-by-name-{name.lower()}",
        ["M20-035"],
        [10],
        "zero",
        specialty="physique",
        difficulty=name,
    )
# The bare die: the lowest and highest totals, and numbers at and past the ends.
for face, difficulty, tag in [
    (1, 1, "min-total-vs-1"),
    (1, 2, "min-total-one-short"),
    (20, 20, "max-total-vs-20"),
    (19, 20, "one-below-max-vs-20"),
    (20, 21, "max-total-vs-21-impossible"),
    (10, 10, "middle-tie"),
    (11, 10, "middle-over"),
    (9, 10, "middle-under"),
]:
    specialty(
        f"m20-bare-die-{tag}",
        ["M20-035", "M20-036", "M20-037"],
        [face],
        "zero",
        specialty="physique",
        difficulty=difficulty,
        note=f"1D20 + 0 + 0 (物攻 0, 身理 +0) against {difficulty}"
        + ("; m20 has no natural 1 or 20: the total alone decides" if face in (1, 20) else ""),
    )
# Difficulties the GM may set that are odd or out of range: recorded as the library reads them.
for difficulty, tag in [(0, "zero"), (-3, "negative"), (999, "huge")]:
    specialty(
        f"m20-difficulty-{tag}",
        ["M20-035"],
        [10],
        "zero",
        specialty="physique",
        difficulty=difficulty,
    )
# The highest modifier a sheet can reach: 身體型 +3, +1 on 身理, 物攻 4: +8 (then 28 max).
specialty(
    "m20-max-modifier-max-die",
    ["M20-006", "M20-010", "M20-013", "M20-036"],
    [20],
    "maxed",
    specialty="physique",
    difficulty=28,
)
specialty(
    "m20-max-modifier-min-die",
    ["M20-006", "M20-010", "M20-013", "M20-036"],
    [1],
    "maxed",
    specialty="physique",
    difficulty=9,
)
# Cooperation: +1 a helper, at most +3 (M20-042..046).
for helpers in (0, 1, 2, 3, 4, 10):
    specialty(
        f"m20-cooperation-{helpers}-helpers",
        ["M20-042", "M20-043", "M20-044", "M20-045", "M20-046"],
        [5],
        "xue",
        specialty="knowledge",
        difficulty=12 + min(helpers, 3),
        helpers=helpers,
    )
specialty(
    "m20-cooperation-negative-helpers",
    ["M20-045"],
    [],
    "xue",
    specialty="knowledge",
    difficulty=12,
    helpers=-1,
)
# 專精特長 (M20-041, M20-136..138).
specialty(
    "m20-expertise-clue",
    ["M20-041", "M20-137"],
    [8],
    "yang",
    specialty="cunning",
    difficulty="hard",
    situation="調查線索",
    note="半狼's other situation: 調查線索 with 詭計 + 物攻 (acting), +5",
)
specialty(
    "m20-expertise-other-situation",
    ["M20-137"],
    [8],
    "yang",
    specialty="physique",
    difficulty="hard",
    situation="攀爬",
    note="攀爬 is not one of 半狼's situations: no +5",
)
specialty(
    "m20-expertise-knowledge",
    ["M20-137"],
    [3],
    "yang",
    specialty="knowledge",
    stance="reacting",
    difficulty=10,
    situation="奔跑",
    note="the +5 follows the situation, whatever the specialty",
)
specialty(
    "m20-expertise-two-picks-one-bonus",
    ["M20-137", "M20-138"],
    [4],
    "expert2",
    specialty="physique",
    difficulty="hard",
    situation="奔跑",
    note="two 專精特長 picks both name 奔跑; by default (expertise_stacks false) one +5 counts",
)
specialty(
    "m20-expertise-second-pick",
    ["M20-137", "M20-138"],
    [4],
    "expert2",
    specialty="negotiation",
    difficulty="moderate",
    situation="說謊",
)
# An attribute named by the action (hiding by magic: 詭計 + 特攻).
specialty(
    "m20-attribute-override",
    ["M20-038", "M20-052"],
    [7],
    "yang",
    specialty="cunning",
    attribute="special_attack",
    difficulty=10,
)
specialty(
    "m20-attribute-override-defense",
    ["M20-057"],
    [7],
    "xue",
    specialty="cunning",
    attribute="special_defense",
    difficulty=10,
)
# Reroll items (M20-141): no reroll on a success, a second die kept on a failure.
specialty(
    "m20-reroll-not-needed",
    ["M20-141"],
    [12],
    "xue",
    specialty="knowledge",
    difficulty=12,
    reroll=True,
)
specialty(
    "m20-reroll-fails-again",
    ["M20-141"],
    [2, 4],
    "xue",
    specialty="knowledge",
    difficulty=12,
    reroll=True,
)
specialty(
    "m20-reroll-exactly",
    ["M20-141"],
    [4, 5],
    "xue",
    specialty="knowledge",
    difficulty=12,
    reroll=True,
)
# The −2 of the specializations on checks that use the other side's attributes.
specialty(
    "m20-defspec-acting-penalty", ["M20-074"], [10], "defspec", specialty="physique", difficulty=12
)
specialty(
    "m20-defspec-reacting-no-penalty",
    ["M20-074"],
    [10],
    "defspec",
    specialty="physique",
    stance="reacting",
    difficulty=12,
)
specialty(
    "m20-defspec-special-attack-penalty",
    ["M20-074"],
    [10],
    "defspec",
    specialty="knowledge",
    difficulty=12,
)
specialty(
    "m20-atkspec-reacting-penalty",
    ["M20-096"],
    [10],
    "atkspec",
    specialty="physique",
    stance="reacting",
    difficulty=12,
)
specialty(
    "m20-atkspec-special-defense-penalty",
    ["M20-096"],
    [10],
    "atkspec",
    specialty="negotiation",
    stance="reacting",
    difficulty=12,
)
specialty(
    "m20-atkspec-acting-no-penalty",
    ["M20-096"],
    [10],
    "atkspec",
    specialty="physique",
    difficulty=12,
)

# ---- sheets that break a creation rule are refused, with every problem (M20-001..023, M20-136)
BASE_SHEET = """
姓名：試作
屬性：物攻3 特攻3 物防2 特防2
行事傾向：身體型
特長：身理＋３ 詭計＋１ 知識＋0 交涉＋０
技能：
"""
BROKEN_SHEETS = [
    (
        "total-11",
        ["M20-004", "M20-005"],
        BASE_SHEET.replace("物攻3", "物攻4"),
        "attributes total 11",
    ),
    ("total-9", ["M20-005"], BASE_SHEET.replace("物攻3", "物攻2"), "attributes total 9"),
    (
        "attribute-5",
        ["M20-006"],
        BASE_SHEET.replace("物攻3 特攻3", "物攻5 特攻1"),
        "物攻 5, over the cap of 4",
    ),
    (
        "five-picks",
        ["M20-018"],
        BASE_SHEET + "攻擊強化\n防禦強化\n狂暴\n冷卻\n治療\n",
        "five skills",
    ),
    ("skill-twice", ["M20-019"], BASE_SHEET + "狂暴\n狂暴\n", "狂暴 picked twice"),
    (
        "defense-boost-4",
        ["M20-071"],
        BASE_SHEET + "防禦強化\n防禦強化\n防禦強化\n防禦強化\n",
        "防禦強化 four times",
    ),
    (
        "attack-boost-4",
        ["M20-093"],
        BASE_SHEET + "攻擊強化\n攻擊強化\n攻擊強化\n攻擊強化\n",
        "攻擊強化 four times",
    ),
    (
        "damage-boost-4",
        ["M20-111"],
        BASE_SHEET + "傷害增幅\n傷害增幅\n傷害增幅\n傷害增幅\n",
        "傷害增幅 four times",
    ),
    (
        "improved-split-alone",
        ["M20-080"],
        BASE_SHEET + "強化分神援護\n",
        "強化分神援護 without 分神援護",
    ),
    (
        "improved-guard-alone",
        ["M20-085"],
        BASE_SHEET + "強化廣域防禦\n",
        "強化廣域防禦 without 廣域防禦",
    ),
    (
        "improved-double-alone",
        ["M20-102"],
        BASE_SHEET + "強化雙重攻擊\n",
        "強化雙重攻擊 without 雙重攻擊",
    ),
    (
        "improved-area-alone",
        ["M20-107"],
        BASE_SHEET + "強化範圍攻擊\n",
        "強化範圍攻擊 without 範圍攻擊",
    ),
    (
        "endurance-alone",
        ["M20-125"],
        BASE_SHEET + "強化召喚物耐久\n",
        "強化召喚物耐久 without 召喚師",
    ),
    (
        "prowess-alone",
        ["M20-128"],
        BASE_SHEET + "強化召喚物能力\n",
        "強化召喚物能力 without 召喚師",
    ),
    (
        "expertise-one-situation",
        ["M20-136"],
        BASE_SHEET + "專精特長：[奔跑]\n",
        "專精特長 naming one situation",
    ),
    (
        "wrong-hp",
        ["M20-002", "M20-003", "M20-023"],
        BASE_SHEET.replace("行事傾向", "生命值：３\n行事傾向"),
        "生命值 3 stated, but no skill gives 3 + 4 = 7",
    ),
    (
        "wrong-bonus",
        ["M20-010", "M20-013", "M20-023"],
        BASE_SHEET.replace("身理＋３", "身理＋５"),
        "身理 +5 stated; 身體型 gives +3 (+4 with the +1)",
    ),
    ("no-tendency", ["M20-012"], BASE_SHEET.replace("行事傾向：身體型\n", ""), "no tendency"),
    ("unknown-skill", ["M20-021"], BASE_SHEET + "飛行\n", "a skill the rules do not have"),
]
for tag, clauses, text, what in BROKEN_SHEETS:
    name = "broken_" + tag.replace("-", "_")
    SHEETS[name] = text
    specialty(
        f"m20-sheet-{tag}-refused",
        ["M20-001", *clauses],
        [],
        name,
        note=f"a sheet with {what}: refused",
        specialty="physique",
        difficulty=12,
    )
SHEETS["valid_full"] = BASE_SHEET + "攻擊強化\n攻擊強化\n攻擊強化\n專精特長：[奔跑][攀爬]\n"
specialty(
    "m20-sheet-four-picks-valid",
    ["M20-018", "M20-093", "M20-136", "M20-137", "M20-138"],
    [4],
    "valid_full",
    specialty="physique",
    difficulty=16,
    situation="攀爬",
    note="three picks of 攻擊強化 and one 專精特長 fill the four slots: 4 +3 +3 +5 = 15",
)
SHEETS["renamed"] = BASE_SHEET + "靈敏閃避身法（防禦強化）\n"
add(
    "m20-sheet-renamed-skill",
    ["M20-020", "M20-070"],
    [12, 10],
    check="attack",
    sheets=["plain", "renamed"],
    note="a renamed skill shows its new name, the original noted in brackets on the sheet",
)

# --------------------------------------------------------------------------- opposed checks
# 楊望蒼 (身理 3 + 物攻 3 acting) against 小雪 (身理 0 + 物防 2 reacting): 1D20+6 against 1D20+2.
OPPOSED = ["M20-047", "M20-048"]
add(
    "m20-opposed-wins",
    OPPOSED,
    [10, 13],
    check="opposed",
    sheets=["yang", "xue"],
    args={"specialty": "physique"},
    note="16 against 15: the active side wins",
)
add(
    "m20-opposed-tie-to-active",
    OPPOSED,
    [10, 14],
    check="opposed",
    sheets=["yang", "xue"],
    args={"specialty": "physique"},
    note="16 against 16: a tie goes to the active side",
)
add(
    "m20-opposed-tie-to-reacting",
    OPPOSED,
    [10, 14],
    check="opposed",
    sheets=["yang", "xue"],
    args={"specialty": "physique", "tie_to_active": False},
    note="the same tie under Rulings(opposed_tie_to_active=False): the reacting side wins",
)
add(
    "m20-opposed-loses",
    OPPOSED,
    [1, 20],
    check="opposed",
    sheets=["yang", "xue"],
    args={"specialty": "physique"},
    note="7 against 22",
)
add(
    "m20-opposed-other-specialty",
    OPPOSED,
    [12, 5],
    check="opposed",
    sheets=["xue", "yang"],
    args={"specialty": "knowledge", "against": "cunning"},
    note="小雪's 知識 (特攻 acting) against 楊望蒼's 詭計 (物防 reacting)",
)
add(
    "m20-opposed-reroll",
    [*OPPOSED, "M20-141"],
    [2, 15, 19],
    check="opposed",
    sheets=["yang", "xue"],
    args={"specialty": "physique", "reroll": True},
    note="a reroll item rolls the lost active d20 again; the other side keeps its roll",
)

# --------------------------------------------------------------------------- attack checks


def attack(
    case_id: str,
    clauses: list[str],
    faces: list[int],
    a: str,
    d: str,
    *,
    note: str = "",
    **args: object,
) -> None:
    """Add an attack check of the sheet *a* on the sheet *d*."""
    add(case_id, clauses, faces, check="attack", sheets=[a, d], args=args, note=note)


BASE_ATTACK = ["M20-024", "M20-025", "M20-026", "M20-031", "M20-032", "M20-033"]
for kind, clauses in (("physical", ["M20-027", "M20-029"]), ("special", ["M20-028", "M20-030"])):
    attack(f"m20-attack-{kind}-tie", BASE_ATTACK + clauses, [10, 10], "plain", "plain", kind=kind)
    attack(
        f"m20-attack-{kind}-one-short", BASE_ATTACK + clauses, [9, 10], "plain", "plain", kind=kind
    )
    attack(
        f"m20-attack-{kind}-one-over", BASE_ATTACK + clauses, [11, 10], "plain", "plain", kind=kind
    )
    attack(
        f"m20-attack-{kind}-min-vs-max", BASE_ATTACK + clauses, [1, 20], "plain", "plain", kind=kind
    )
    attack(
        f"m20-attack-{kind}-max-vs-min", BASE_ATTACK + clauses, [20, 1], "plain", "plain", kind=kind
    )
attack("m20-attack-uses-attacker-physical", ["M20-027", "M20-029"], [10, 10], "body", "mind")
attack(
    "m20-attack-uses-attacker-special",
    ["M20-028", "M20-030"],
    [10, 10],
    "body",
    "mind",
    kind="special",
)
for n in (1, 2, 3):
    attack(f"m20-attack-boost-{n}", ["M20-092", "M20-093"], [10, 12], f"atk{n}", "plain")
    attack(f"m20-defense-boost-{n}", ["M20-070", "M20-071"], [12, 10], "plain", f"def{n}")
attack("m20-attack-specialization", ["M20-095"], [10, 13], "atkspec", "plain")
attack(
    "m20-attack-specialization-overrides-boost",
    ["M20-094", "M20-097"],
    [10, 13],
    "atkspec_boost",
    "plain",
)
attack("m20-defense-specialization", ["M20-073"], [13, 10], "plain", "defspec")
attack(
    "m20-defense-specialization-overrides-boost",
    ["M20-072", "M20-075"],
    [13, 10],
    "plain",
    "defspec_boost",
)
attack("m20-defspec-attacks-with-penalty", ["M20-074"], [12, 10], "defspec", "plain")
attack("m20-atkspec-defends-with-penalty", ["M20-096"], [10, 12], "plain", "atkspec")
attack("m20-specialists-meet", ["M20-073", "M20-095"], [10, 10], "atkspec", "defspec")
attack("m20-attack-boost-3-vs-defense-boost-3", ["M20-070", "M20-092"], [7, 7], "atk3", "def3")
attack("m20-attack-reroll-hits", ["M20-141"], [2, 15, 18], "plain", "plain", reroll=True)
attack("m20-attack-reroll-not-needed", ["M20-141"], [15, 2], "plain", "plain", reroll=True)

# --------------------------------------------------------------------------- chat commands


def chat(case_id: str, clauses: list[str], faces: list[int], text: str, note: str = "") -> None:
    """Add an m20 chat command."""
    add(case_id, clauses, faces, chat=text, note=note)


for word, _value, face in [
    ("輕而易舉", 4, 1),
    ("簡單", 8, 4),
    ("適中", 12, 8),
    ("困難", 16, 11),
    ("trivial", 4, 3),
    ("easy", 8, 3),
    ("moderate", 12, 7),
    ("hard", 16, 12),
]:
    chat(f"m20-chat-{word}", ["M20-035", "M20-036", "M20-037"], [face], f"M20+4>={word}")
chat("m20-chat-japanese-normal", ["M20-035"], [8], "M20+4>=普通")
chat("m20-chat-japanese-trivial", ["M20-035"], [1], "M20+0>=容易")
chat("m20-chat-japanese-easy", ["M20-035"], [7], "M20+0>=簡単")
chat("m20-chat-english-upper", ["M20-035"], [12], "M20+4>=HARD")
chat("m20-chat-spaces", ["M20-036"], [10], "M20 + 3 >= 13")
chat("m20-chat-number", ["M20-036", "M20-037"], [16], "M20+4>=20")
chat("m20-chat-number-one-short", ["M20-037"], [15], "M20+4>=20")
chat("m20-chat-no-modifier", ["M20-036"], [12], "M20>=12")
chat("m20-chat-negative", ["M20-036"], [13], "M20-1>=12")
chat(
    "m20-chat-several-terms",
    ["M20-036", "M20-045"],
    [6],
    "M20+3+2+1>=12",
    note="+3 +2 +1 sum to one modifier",
)
chat("m20-chat-lower-case", ["M20-036"], [3], "m20+2>=easy")
chat("m20-chat-full-width", ["M20-036"], [10], "Ｍ２０＋３＞＝１２")
chat("m20-chat-ge-sign", ["M20-036"], [10], "M20+3≥13")
chat("m20-chat-min-die", ["M20-037"], [1], "M20+3>=4")
chat("m20-chat-max-die", ["M20-037"], [20], "M20>=20")
chat("m20-chat-bad-difficulty", ["M20-035"], [], "M20+4>=impossible")
chat("m20-chat-malformed", ["M20-035"], [], "M20+>=12")
chat("m20-chat-attack-tie", ["M20-031", "M20-032", "M20-033"], [10, 11], "M20ATK+3>=DEF+2")
chat("m20-chat-attack-miss", ["M20-033"], [9, 11], "M20ATK+3>=DEF+2")
chat("m20-chat-attack-bare", ["M20-031", "M20-032"], [14, 14], "m20atk>=def")
chat("m20-chat-attack-negative", ["M20-031"], [20, 1], "M20ATK-1>=DEF+4")
chat("m20-chat-attack-malformed", ["M20-031"], [], "M20ATK+3>=+2")
chat(
    "m20-chat-common-language",
    [],
    [3, 4],
    "2d6+1",
    note="m20 reads the common dice language after its own",
)
chat(
    "m20-chat-d20-natural",
    [],
    [20],
    "1d20+3>=16",
    note="the common language flags a natural 20; it means nothing in m20, whose checks have none",
)
chat("m20-chat-not-a-command", [], [], "M20 is a fine system")
chat(
    "m20-chat-secret",
    ["M20-035", "M20-037"],
    [12],
    "SM20+4>=困難",
    note="the S secret mark works on a system's command as on the common language's",
)
chat(
    "m20-chat-comment",
    ["M20-035", "M20-037"],
    [11],
    "M20+4>=困難 跳過懸崖",
    note="a comment after whitespace is kept and shown after the explanation",
)
chat(
    "m20-chat-secret-attack-comment",
    ["M20-033"],
    [10, 11],
    "sm20atk+3>=def+2 slash the bandit",
    note="secret, with an English comment; a tie hits",
)
chat(
    "m20-chat-comment-looks-like-command",
    [],
    [],
    "M20+4>=16 >=3",
    note="a first word with a comparison reads as more of the command: refused, not a comment",
)

# --------------------------------------------------------------------------- combats

SETUPS: dict[str, str] = {}
BANDIT = char("山賊", a=attrs(3, 1, 3, 3), bonus=S.PHYSIQUE)
HERO = char("阿明", a=attrs(3, 3, 2, 2))
ALLY = char("小雪", a=attrs(2, 3, 2, 3), tendency=T.KNOWLEDGE, bonus=S.KNOWLEDGE)


def pc(pid: str, character: Character, hp: int | None = None, side: str = "party") -> Participant:
    """A player character."""
    return Participant(id=pid, character=character, side=side, hp=hp)


def npc(
    pid: str, character: Character = BANDIT, hp: int | None = 2, side: str = "bandits"
) -> Participant:
    """A non-player character (a bandit of 2 HP unless told)."""
    return Participant(id=pid, character=character, side=side, player=False, hp=hp)


def setup(name: str, *parts: Participant, spent: dict[tuple[str, Skill], int] | None = None) -> str:
    """Keep a combat setup as JSON under *name*, with the scenario uses already spent."""
    ledger = ScenarioLedger(
        entries=[
            LedgerEntry(participant=p, skill=s, spent=n) for (p, s), n in (spent or {}).items()
        ]
    )
    SETUPS[name] = to_json(CombatSetup(participants=parts, ledger=ledger, rulings=Rulings()))
    return name


def combat(
    case_id: str,
    clauses: list[str],
    faces: list[int],
    where: str,
    *commands: object,
    note: str = "",
) -> None:
    """Add a combat: *commands* played in order in the setup *where*."""
    add(case_id, clauses, faces, setup=where, commands=[to_json(c) for c in commands], note=note)


def hero_with(*skills: Skill, a: Attributes | None = None, name: str = "阿明") -> Character:
    """阿明 with the given skills."""
    return char(name, skills, a=a or attrs(3, 3, 2, 2))


def duel(
    name: str, hero: Character, hero_hp: int | None = None, foe_hp: int | None = 2, **kw: object
) -> str:
    """A setup of the hero against one bandit."""
    return setup(name, pc("hero", hero, hero_hp), npc("foe", hp=foe_hp), **kw)  # type: ignore[arg-type]


# The seed combat of docs/m20.md: 楊望蒼 against two bandits of 2 HP.
SETUPS["bandits"] = (
    '{"participants":[{"id":"楊望蒼","character":{"name":"楊望蒼","description":"御使蒼藍色鬥氣的雙劍士，食量很大","attributes":{"physical_attack":3,"special_attack":3,"physical_defense":2,"special_defense":2},"tendency":"physique","bonus_specialty":"cunning","picks":[{"skill":"double_attack","display_name":"蒼嵐劍勢","situations":[]},{"skill":"improved_double_attack","display_name":"蒼嵐鬥氣","situations":[]},{"skill":"attack_boost","display_name":"蒼空/夜魂","situations":[]},{"skill":"expertise","display_name":"半狼","situations":["調查線索","奔跑"]}]},"side":"party","player":true,"hp":null},{"id":"山賊甲","character":{"name":"山賊","description":"","attributes":{"physical_attack":3,"special_attack":1,"physical_defense":3,"special_defense":3},"tendency":"physique","bonus_specialty":"physique","picks":[]},"side":"bandits","player":false,"hp":2},{"id":"山賊乙","character":{"name":"山賊","description":"","attributes":{"physical_attack":3,"special_attack":1,"physical_defense":3,"special_defense":3},"tendency":"physique","bonus_specialty":"physique","picks":[]},"side":"bandits","player":false,"hp":2}],"rulings":{"opposed_tie_to_active":true,"expertise_stacks":false},"ledger":{"entries":[]}}'
)
add(
    "m20-combat-double-attack",
    ["M20-034", "M20-051"],
    [12, 5, 14, 9, 15, 8],
    note=(
        "docs/m20.md: 蒼嵐劍勢 with 蒼嵐鬥氣 attacks both bandits without penalty, "
        "then a bandit strikes back"
    ),
    setup="bandits",
    commands=[
        '{"type":"Attack","actor":"楊望蒼","targets":["山賊甲","山賊乙"],"kind":"physical","mode":"double"}',
        '{"type":"Attack","actor":"山賊甲","targets":["楊望蒼"]}',
    ],
)
add(
    "m20-combat-unknown-target",
    ["M20-051"],
    [],
    note="a refused command is a result: the error, its reason and its message in every locale",
    setup="bandits",
    commands=['{"type":"Attack","actor":"楊望蒼","targets":["nobody"]}'],
)

ATK = ["M20-025", "M20-031", "M20-032", "M20-033", "M20-034", "M20-049", "M20-051"]

# ---- attacks, hits, misses and falling (M20-025..034, M20-049..051, M20-065, M20-066)
duel("duel", HERO)
combat(
    "m20-combat-attack-hits",
    [*ATK, "M20-027", "M20-029"],
    [12, 8],
    "duel",
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-attack-tie-hits",
    ATK,
    [10, 10],
    "duel",
    Attack(actor="hero", targets=("foe",)),
    note="1D20 10 +3 物攻 = 13 against 1D20 10 +3 物防 = 13: a tie hits",
)
combat("m20-combat-attack-misses", ATK, [9, 10], "duel", Attack(actor="hero", targets=("foe",)))
combat(
    "m20-combat-special-attack",
    [*ATK, "M20-028", "M20-030"],
    [12, 10],
    "duel",
    Attack(actor="hero", targets=("foe",), kind=AttackKind.SPECIAL),
)
combat(
    "m20-combat-special-attack-misses",
    [*ATK, "M20-028", "M20-030"],
    [5, 12],
    "duel",
    Attack(actor="hero", targets=("foe",), kind=AttackKind.SPECIAL),
)
combat("m20-combat-npc-attacks", ATK, [15, 3], "duel", Attack(actor="foe", targets=("hero",)))
combat(
    "m20-combat-exchange",
    ATK,
    [12, 8, 4, 16],
    "duel",
    Attack(actor="hero", targets=("foe",)),
    Attack(actor="foe", targets=("hero",)),
)
duel("duel-foe-1hp", HERO, foe_hp=1)
combat(
    "m20-combat-npc-falls",
    [*ATK, "M20-066"],
    [12, 8],
    "duel-foe-1hp",
    Attack(actor="hero", targets=("foe",)),
    note="a bandit at 1 HP takes 1: it is down, the GM rules later, and the combat is over",
)
combat(
    "m20-combat-npc-ruled-dead",
    ["M20-066"],
    [12, 8],
    "duel-foe-1hp",
    Attack(actor="hero", targets=("foe",)),
    RuleFallen(target="foe", dead=True),
)
combat(
    "m20-combat-npc-ruled-unconscious",
    ["M20-066"],
    [12, 8],
    "duel-foe-1hp",
    Attack(actor="hero", targets=("foe",)),
    RuleFallen(target="foe", dead=False),
)
combat(
    "m20-combat-rule-standing-refused", ["M20-066"], [], "duel", RuleFallen(target="foe", dead=True)
)
combat(
    "m20-combat-rule-fallen-not-gm",
    ["M20-066"],
    [12, 8],
    "duel-foe-1hp",
    Attack(actor="hero", targets=("foe",)),
    RuleFallen(target="foe", dead=True, actor="hero"),
)
duel("duel-hero-1hp", HERO, hero_hp=1)
combat(
    "m20-combat-player-unconscious",
    [*ATK, "M20-065"],
    [15, 3],
    "duel-hero-1hp",
    Attack(actor="foe", targets=("hero",)),
    note="a player character at 0 HP is unconscious and out",
)
combat(
    "m20-combat-player-survives-miss",
    ATK,
    [3, 15],
    "duel-hero-1hp",
    Attack(actor="foe", targets=("hero",)),
)
setup("duel-hero-0hp", pc("hero", HERO, hp=0), pc("ally", ALLY), npc("foe"))
combat(
    "m20-combat-fallen-cannot-act",
    ["M20-065"],
    [],
    "duel-hero-0hp",
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-max-hp-no-picks",
    ["M20-002", "M20-003"],
    [15, 1],
    "duel",
    Attack(actor="foe", targets=("hero",)),
    note="阿明 has no skill: 3 + 4 = 7 HP, so a hit leaves 6",
)
setup(
    "duel-yang",
    pc("hero", char("楊望蒼", (K.DOUBLE_ATTACK, K.ATTACK_BOOST, K.ATTACK_BOOST, K.ATTACK_BOOST))),
    npc("foe", hp=None),
)
combat(
    "m20-combat-four-picks-3hp",
    ["M20-002", "M20-018"],
    [15, 1],
    "duel-yang",
    Attack(actor="foe", targets=("hero",)),
    note="four picks: 3 HP; a hit leaves 2",
)
combat(
    "m20-combat-npc-full-hp",
    ["M20-002", "M20-003"],
    [15, 1],
    "duel-yang",
    Attack(actor="hero", targets=("foe",)),
    note="the bandit without skills starts at 7 HP",
)

# ---- one main action a round (M20-049, M20-050), rounds and the end
combat(
    "m20-combat-act-twice-refused",
    ["M20-049"],
    [12, 8],
    "duel",
    Attack(actor="hero", targets=("foe",)),
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-focus-after-attack-refused",
    ["M20-049", "M20-050"],
    [12, 8],
    "duel",
    Attack(actor="hero", targets=("foe",)),
    FocusDefense(actor="hero"),
)
combat(
    "m20-combat-round-ends-when-all-acted",
    ["M20-049"],
    [12, 8, 4, 16, 11, 9],
    "duel",
    Attack(actor="hero", targets=("foe",)),
    Attack(actor="foe", targets=("hero",)),
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-gm-ends-round",
    ["M20-049"],
    [12, 8, 11, 9],
    "duel",
    Attack(actor="hero", targets=("foe",)),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
)
combat("m20-combat-player-ends-round-refused", ["M20-049"], [], "duel", EndRound(actor="hero"))
combat("m20-combat-gm-ends-combat", ["M20-049"], [], "duel", EndCombat())
combat(
    "m20-combat-after-end-refused",
    ["M20-049"],
    [],
    "duel",
    EndCombat(),
    Attack(actor="hero", targets=("foe",)),
)
combat("m20-combat-pass-without-prompt-refused", ["M20-049"], [], "duel", Pass(actor="hero"))
combat(
    "m20-combat-unknown-actor", ["M20-051"], [], "duel", Attack(actor="nobody", targets=("foe",))
)
combat(
    "m20-combat-attack-self-refused",
    ["M20-051"],
    [],
    "duel",
    Attack(actor="hero", targets=("hero",)),
)
combat(
    "m20-combat-single-two-targets-refused",
    ["M20-051"],
    [],
    "duel",
    Attack(actor="hero", targets=("foe", "foe")),
)
combat(
    "m20-combat-double-without-skill-refused",
    ["M20-100"],
    [],
    "duel",
    Attack(actor="hero", targets=("foe", "foe"), mode=AttackMode.DOUBLE),
)
combat(
    "m20-combat-area-without-skill-refused",
    ["M20-104"],
    [],
    "duel",
    Attack(actor="hero", targets=("foe",), mode=AttackMode.AREA),
)

# ---- 躲藏 (M20-052..054), 隱匿大師 (M20-116), 暗殺 (M20-117, M20-118)
HIDE = ["M20-050", "M20-052"]
duel("duel-long", HERO, foe_hp=None)
combat(
    "m20-combat-hide-exactly-10",
    HIDE,
    [6],
    "duel-long",
    Hide(actor="hero", target="foe"),
    note="阿明 (身體型, +1 on 詭計): 6 +1 詭計 +3 物攻 = 10, the difficulty itself",
)
combat("m20-combat-hide-one-short", HIDE, [5], "duel-long", Hide(actor="hero", target="foe"))
combat(
    "m20-combat-hide-special",
    [*HIDE, "M20-038"],
    [6],
    "duel-long",
    Hide(actor="hero", target="foe", kind=AttackKind.SPECIAL),
    note="hiding by magic: 詭計 + 特攻",
)
combat(
    "m20-combat-hide-then-attack",
    [*HIDE, "M20-053", "M20-054"],
    [6, 8, 10],
    "duel-long",
    Hide(actor="hero", target="foe"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    note="the next attack on the foe gets +2 (8 +3 +2 = 13 against 13: a hit it needed the +2 for)",
)
combat(
    "m20-combat-hide-then-miss-ends",
    [*HIDE, "M20-053", "M20-054"],
    [6, 2, 15, 12, 8, 11, 9],
    "duel-long",
    Hide(actor="hero", target="foe"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    Attack(actor="foe", targets=("hero",)),
    Attack(actor="hero", targets=("foe",)),
    note="a miss ends hiding too: the attack after it has no +2",
)
combat(
    "m20-combat-hide-failed-no-bonus",
    HIDE,
    [5, 8, 10],
    "duel-long",
    Hide(actor="hero", target="foe"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
)
setup("hide-two", pc("hero", HERO), npc("foe", hp=None), npc("foe2", hp=None))
combat(
    "m20-combat-hide-bonus-only-on-that-target",
    [*HIDE, "M20-053"],
    [6, 8, 10],
    "hide-two",
    Hide(actor="hero", target="foe"),
    EndRound(),
    Attack(actor="hero", targets=("foe2",)),
)
combat(
    "m20-combat-hide-with-helper",
    [*HIDE, "M20-042", "M20-045"],
    [5],
    "hide-two",
    Hide(actor="hero", target="foe", helpers=("foe2",)),
    note="any other standing creature the table names may help: here the other bandit, +1",
)
setup("hide-party", pc("hero", HERO), pc("ally", ALLY), npc("foe", hp=None))
combat(
    "m20-combat-hide-helped",
    [*HIDE, "M20-042", "M20-044", "M20-045"],
    [5],
    "hide-party",
    Hide(actor="hero", target="foe", helpers=("ally",)),
    note="one helper, +1: 5 +1 +3 +1 = 10",
)
combat(
    "m20-combat-helper-twice-refused",
    [*HIDE, "M20-045"],
    [],
    "hide-party",
    Hide(actor="hero", target="foe", helpers=("ally", "ally")),
)
combat(
    "m20-combat-helper-self-refused",
    [*HIDE, "M20-043"],
    [],
    "hide-party",
    Hide(actor="hero", target="foe", helpers=("hero",)),
)
duel("duel-stealth", hero_with(K.STEALTH_MASTER), foe_hp=None)
combat(
    "m20-combat-stealth-master",
    [*HIDE, "M20-116"],
    [4],
    "duel-stealth",
    Hide(actor="hero", target="foe"),
    note="隱匿大師: +2 on the hide check, 4 +1 +3 +2 = 10",
)
combat(
    "m20-combat-stealth-master-short",
    [*HIDE, "M20-116"],
    [3],
    "duel-stealth",
    Hide(actor="hero", target="foe"),
)
duel("duel-assassin", hero_with(K.ASSASSINATION), foe_hp=None)
combat(
    "m20-combat-assassination",
    ["M20-053", "M20-117"],
    [6, 8, 10],
    "duel-assassin",
    Hide(actor="hero", target="foe"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    note="a hit while hiding: 1 + 1 (暗殺) = 2 damage",
)
combat(
    "m20-combat-assassination-miss",
    ["M20-054", "M20-117"],
    [6, 2, 18],
    "duel-assassin",
    Hide(actor="hero", target="foe"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-assassination-not-hidden",
    ["M20-117"],
    [12, 8],
    "duel-assassin",
    Attack(actor="hero", targets=("foe",)),
    note="not hiding: 1 damage",
)
duel("duel-assassin-boost", hero_with(K.ASSASSINATION, K.DAMAGE_BOOST), foe_hp=None)
combat(
    "m20-combat-assassination-and-damage-boost",
    ["M20-109", "M20-113", "M20-117", "M20-118"],
    [6, 8, 10],
    "duel-assassin-boost",
    Hide(actor="hero", target="foe"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    note="暗殺 stacks with 傷害增幅: 3 damage (DESIGN's reading of M20-113 against M20-118)",
)

# ---- 專注防禦 (M20-055, M20-056)
combat(
    "m20-combat-focus-defense",
    ["M20-050", "M20-055"],
    [13, 12],
    "duel",
    FocusDefense(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="13 +3 = 16 against 12 +2 +2 = 16: still a hit on the tie",
)
combat(
    "m20-combat-focus-defense-saves",
    ["M20-050", "M20-055"],
    [12, 12],
    "duel",
    FocusDefense(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
)
combat(
    "m20-combat-focus-defense-danger",
    ["M20-056"],
    [10],
    "duel",
    FocusDefense(actor="hero"),
    DangerCheck(participant="hero", specialty=S.PHYSIQUE, difficulty=17),
    note="dodging a danger after 專注防禦: +2 on the specialty check",
)
combat(
    "m20-combat-focus-defense-not-dodge",
    ["M20-056"],
    [10],
    "duel",
    FocusDefense(actor="hero"),
    DangerCheck(participant="hero", specialty=S.KNOWLEDGE, difficulty=12, dodge=False),
    note="not a dodge: no +2",
)
combat(
    "m20-combat-focus-defense-ends-with-round",
    ["M20-055"],
    [12, 12],
    "duel",
    FocusDefense(actor="hero"),
    EndRound(),
    Attack(actor="foe", targets=("hero",)),
)

# ---- 協助隊友 (M20-057, M20-058), 專精協助 (M20-132)
setup("party", pc("hero", HERO), pc("ally", ALLY), npc("foe", hp=None))
ASSIST = ["M20-050", "M20-057", "M20-058"]
combat(
    "m20-combat-assist-success",
    ASSIST,
    [8, 9, 10],
    "party",
    Assist(actor="ally", target="foe", ally="hero"),
    Attack(actor="hero", targets=("foe",)),
    note="8 +0 詭計 +2 物防 = 10: the ally's next attack on the foe gets +2",
)
combat(
    "m20-combat-assist-failure",
    ASSIST,
    [7, 9, 10],
    "party",
    Assist(actor="ally", target="foe", ally="hero"),
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-assist-special",
    ASSIST,
    [7],
    "party",
    Assist(actor="ally", target="foe", ally="hero", kind=AttackKind.SPECIAL),
    note="helping by magic: 詭計 + 特防 (3)",
)
combat(
    "m20-combat-assist-self-refused",
    ASSIST,
    [],
    "party",
    Assist(actor="ally", target="foe", ally="ally"),
)
setup(
    "party-expert-assist",
    pc("hero", HERO),
    pc(
        "ally",
        char(
            "小雪", (K.EXPERT_ASSIST,), a=attrs(2, 3, 2, 3), tendency=T.KNOWLEDGE, bonus=S.KNOWLEDGE
        ),
    ),
    npc("foe", hp=None),
)
combat(
    "m20-combat-expert-assist",
    ["M20-057", "M20-132"],
    [8, 9, 12],
    "party-expert-assist",
    Assist(actor="ally", target="foe", ally="hero"),
    Attack(actor="hero", targets=("foe",)),
    note="專精協助: +3 instead of +2",
)

# ---- 妨害敵人 (M20-059, M20-060), 專精妨害 (M20-133)
HINDER = ["M20-050", "M20-059", "M20-060"]
combat(
    "m20-combat-hinder-attack",
    HINDER,
    [6, 11, 11],
    "duel-long",
    Hinder(actor="hero", target="foe", choice=HinderChoice.ATTACK),
    Attack(actor="foe", targets=("hero",)),
    note="6 +1 詭計 +3 物攻 = 10; the foe's next attack takes −2, and 11 +3 −2 = 12 misses 13",
)
combat(
    "m20-combat-hinder-defense",
    HINDER,
    [6, 10, 12],
    "duel-long",
    Hinder(actor="hero", target="foe", choice=HinderChoice.DEFENSE),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    note="the foe's next defense takes −2",
)
combat(
    "m20-combat-hinder-fails",
    HINDER,
    [5, 11, 11],
    "duel-long",
    Hinder(actor="hero", target="foe", choice=HinderChoice.ATTACK),
    Attack(actor="foe", targets=("hero",)),
)
combat(
    "m20-combat-hinder-special",
    HINDER,
    [7],
    "duel-long",
    Hinder(actor="hero", target="foe", choice=HinderChoice.ATTACK, kind=AttackKind.SPECIAL),
)
duel("duel-expert-hinder", hero_with(K.EXPERT_HINDER), foe_hp=None)
combat(
    "m20-combat-expert-hinder",
    ["M20-060", "M20-133"],
    [6, 12, 11],
    "duel-expert-hinder",
    Hinder(actor="hero", target="foe", choice=HinderChoice.ATTACK),
    Attack(actor="foe", targets=("hero",)),
    note="專精妨害: −3 instead of −2: 12 +3 −3 = 12 misses 13, where −2 would tie and hit",
)
combat(
    "m20-combat-expert-hinder-defense",
    ["M20-060", "M20-133"],
    [6, 10, 12],
    "duel-expert-hinder",
    Hinder(actor="hero", target="foe", choice=HinderChoice.DEFENSE),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
)

# ---- 治療 (M20-061, M20-087..089) and 應急包紮 (M20-062..064)
HEALER = char("小雪", (K.HEALING,), a=attrs(2, 3, 2, 3), tendency=T.KNOWLEDGE, bonus=S.KNOWLEDGE)
# 小雪 has one pick: 6 HP; 阿明 none: 7 HP.
setup("heal-hurt-2", pc("hero", HERO, hp=5), pc("ally", HEALER), npc("foe", hp=None))
setup("heal-hurt-1", pc("hero", HERO, hp=6), pc("ally", HEALER), npc("foe", hp=None))
setup("heal-full", pc("hero", HERO), pc("ally", HEALER), npc("foe", hp=None))
setup("aid-hurt-1", pc("hero", HERO, hp=6), pc("ally", ALLY), npc("foe", hp=None))
setup("aid-hurt-2", pc("hero", HERO, hp=5), pc("ally", ALLY), npc("foe", hp=None))
setup("aid-full", pc("hero", HERO), pc("ally", ALLY), npc("foe", hp=None))
setup("heal-self", pc("hero", HERO), pc("ally", HEALER, hp=4), npc("foe", hp=None))
setup("heal-foe", pc("hero", HERO), pc("ally", HEALER), npc("foe", hp=1))
setup("aid-down", pc("hero", HERO, hp=0), pc("ally", HEALER), npc("foe", hp=None))
HEAL = ["M20-050", "M20-061", "M20-087", "M20-088"]
combat(
    "m20-combat-heal-exactly-12",
    HEAL,
    [6],
    "heal-hurt-2",
    Heal(actor="ally", target="hero"),
    note="治療: 6 +4 知識 +2 物防 = 12, the difficulty itself: +1 HP",
)
combat("m20-combat-heal-one-short", HEAL, [5], "heal-hurt-2", Heal(actor="ally", target="hero"))
combat(
    "m20-combat-heal-magical",
    HEAL,
    [5],
    "heal-hurt-2",
    Heal(actor="ally", target="hero", magical=True),
    note="magical healing: 知識 + 特防 (3): 5 +4 +3 = 12",
)
combat("m20-combat-heal-to-max", HEAL, [15], "heal-hurt-1", Heal(actor="ally", target="hero"))
combat("m20-combat-heal-at-full-refused", HEAL, [], "heal-full", Heal(actor="ally", target="hero"))
combat(
    "m20-combat-heal-without-skill-refused",
    ["M20-061", "M20-087"],
    [],
    "aid-hurt-2",
    Heal(actor="ally", target="hero"),
)
combat("m20-combat-heal-self", HEAL, [12], "heal-self", Heal(actor="ally", target="ally"))
combat(
    "m20-combat-heal-the-fallen",
    HEAL,
    [15],
    "aid-down",
    Heal(actor="ally", target="hero"),
    note="DESIGN (M20-088): 治療 may target an unconscious character, who wakes at 1 HP",
)
combat("m20-combat-heal-enemy", HEAL, [12], "heal-foe", Heal(actor="ally", target="foe"))
AID = ["M20-050", "M20-062", "M20-063", "M20-064"]
combat(
    "m20-combat-first-aid-exactly-16",
    AID,
    [10],
    "aid-hurt-1",
    FirstAid(actor="ally", target="hero"),
    note="應急包紮 at max − 1: 10 +4 知識 +2 物防 = 16",
)
combat(
    "m20-combat-first-aid-one-short", AID, [9], "aid-hurt-1", FirstAid(actor="ally", target="hero")
)
combat(
    "m20-combat-first-aid-magical",
    AID,
    [9],
    "aid-hurt-1",
    FirstAid(actor="ally", target="hero", magical=True),
    note="magical: 知識 + 特防 (3): 9 +4 +3 = 16",
)
combat(
    "m20-combat-first-aid-two-down-refused",
    AID,
    [],
    "aid-hurt-2",
    FirstAid(actor="ally", target="hero"),
    note="HP 5 of 7 is not max − 1",
)
combat(
    "m20-combat-first-aid-full-refused", AID, [], "aid-full", FirstAid(actor="ally", target="hero")
)
combat(
    "m20-combat-first-aid-with-healing",
    [*AID, "M20-089"],
    [2],
    "heal-hurt-1",
    FirstAid(actor="ally", target="hero"),
    note="with 治療 the difficulty is 8: 2 +4 +2 = 8",
)
combat(
    "m20-combat-first-aid-with-healing-short",
    [*AID, "M20-089"],
    [1],
    "heal-hurt-1",
    FirstAid(actor="ally", target="hero"),
)
combat("m20-combat-first-aid-self", AID, [10], "aid-hurt-1", FirstAid(actor="hero", target="hero"))

# ---- the GM's danger checks (M20-009, M20-011, M20-036..041)
DANGER = ["M20-009", "M20-011", "M20-036", "M20-037"]
combat(
    "m20-combat-danger-dodge",
    [*DANGER, "M20-038"],
    [11],
    "duel",
    DangerCheck(participant="hero", specialty=S.PHYSIQUE, difficulty=16),
    note="阿明 dodges: 11 +3 身理 +2 物防 = 16",
)
combat(
    "m20-combat-danger-acting",
    [*DANGER, "M20-038"],
    [8],
    "duel",
    DangerCheck(
        participant="hero",
        specialty=S.NEGOTIATION,
        difficulty=12,
        stance=Stance.ACTING,
        dodge=False,
    ),
)
setup(
    "yang-party",
    pc(
        "yang",
        char(
            "楊望蒼",
            (K.DOUBLE_ATTACK, K.IMPROVED_DOUBLE_ATTACK, K.ATTACK_BOOST),
            picks=(pick(K.EXPERTISE, "調查線索", "奔跑"),),
        ),
    ),
    pc("ally", ALLY),
    npc("foe", hp=None),
)
combat(
    "m20-combat-danger-expertise",
    [*DANGER, "M20-041", "M20-137"],
    [6],
    "yang-party",
    DangerCheck(participant="yang", specialty=S.PHYSIQUE, difficulty=16, situation="奔跑"),
    note="the rule text's example in a combat: 6 +3 +2 +5 = 16",
)
combat(
    "m20-combat-danger-helped",
    [*DANGER, "M20-042", "M20-045"],
    [9],
    "yang-party",
    DangerCheck(participant="yang", specialty=S.PHYSIQUE, difficulty=16, helpers=("ally",)),
)
combat(
    "m20-combat-danger-by-player-refused",
    DANGER,
    [],
    "duel",
    DangerCheck(participant="hero", specialty=S.PHYSIQUE, difficulty=16, actor="hero"),
)
combat(
    "m20-combat-danger-no-action-spent",
    ["M20-049"],
    [11, 12, 8],
    "duel",
    DangerCheck(participant="hero", specialty=S.PHYSIQUE, difficulty=16),
    Attack(actor="hero", targets=("foe",)),
    note="a danger check takes no main action",
)

# ---- bar reward items (M20-139..142)
CHARM = RewardItem(name="幸運符", bonus=1)
OWN = RewardItem(name="M20徽章", bonus=2, from_this_system=True)
combat(
    "m20-combat-item-other-system",
    ["M20-139"],
    [10, 12],
    "duel",
    Attack(actor="hero", targets=("foe",), boosts=Boosts(items=[CHARM])),
    note="+1 from a 2D6 system counts +2",
)
combat(
    "m20-combat-item-this-system",
    ["M20-140"],
    [10, 12],
    "duel",
    Attack(actor="hero", targets=("foe",), boosts=Boosts(items=[OWN])),
    note="an m20 item keeps its +2",
)
combat(
    "m20-combat-item-both",
    ["M20-139", "M20-140"],
    [8, 12],
    "duel",
    Attack(actor="hero", targets=("foe",), boosts=Boosts(items=[CHARM, OWN])),
)
combat(
    "m20-combat-item-on-defense",
    ["M20-139"],
    [15, 13],
    "duel",
    Attack(
        actor="foe",
        targets=("hero",),
        defense_boosts=(DefenseBoosts(defender="hero", boosts=Boosts(items=[CHARM])),),
    ),
)
combat(
    "m20-combat-item-reroll",
    ["M20-141"],
    [2, 12, 15],
    "duel",
    Attack(actor="hero", targets=("foe",), boosts=Boosts(reroll=True)),
    note="the attack misses, the reroll item rolls the attacker's d20 again and keeps the defense",
)
combat(
    "m20-combat-item-reroll-unused",
    ["M20-141"],
    [15, 12],
    "duel",
    Attack(actor="hero", targets=("foe",), boosts=Boosts(reroll=True)),
)
combat(
    "m20-combat-item-gm-term",
    ["M20-021", "M20-142"],
    [10, 12],
    "duel",
    Attack(actor="hero", targets=("foe",), boosts=Boosts(extra=[Term("GM裁定", 2)])),
    note="a GM-made effect as a term: 10 +3 +2 = 15 against 15",
)
combat(
    "m20-combat-item-on-hide",
    ["M20-139", "M20-052"],
    [4],
    "duel-long",
    Hide(actor="hero", target="foe", boosts=Boosts(items=[CHARM])),
)
combat(
    "m20-combat-item-on-danger",
    ["M20-139", "M20-009"],
    [9],
    "duel",
    DangerCheck(
        participant="hero", specialty=S.PHYSIQUE, difficulty=16, boosts=Boosts(items=[CHARM])
    ),
)
combat(
    "m20-combat-too-many-items-refused",
    ["M20-139"],
    [],
    "duel",
    Attack(actor="hero", targets=("foe",), boosts=Boosts(items=[CHARM] * 9)),
)
combat(
    "m20-combat-item-too-large-refused",
    ["M20-139"],
    [],
    "duel",
    Attack(
        actor="hero", targets=("foe",), boosts=Boosts(items=[RewardItem(name="神器", bonus=101)])
    ),
)
combat(
    "m20-combat-item-largest",
    ["M20-139"],
    [1, 20],
    "duel",
    Attack(
        actor="hero", targets=("foe",), boosts=Boosts(items=[RewardItem(name="神器", bonus=100)])
    ),
)

# ---- passive attack and defense skills in a combat (M20-070..075, M20-092..097)
for n in (1, 2, 3):
    duel(f"duel-atk{n}", hero_with(*(K.ATTACK_BOOST,) * n))
    combat(
        f"m20-combat-attack-boost-{n}",
        ["M20-092", "M20-093"],
        [10, 10 + n],
        f"duel-atk{n}",
        Attack(actor="hero", targets=("foe",)),
        note=f"{n} pick(s) of 攻擊強化: +{n}, a tie that hits",
    )
    duel(f"duel-def{n}", hero_with(*(K.DEFENSE_BOOST,) * n))
    combat(
        f"m20-combat-defense-boost-{n}",
        ["M20-070", "M20-071"],
        [9, 10],
        f"duel-def{n}",
        Attack(actor="foe", targets=("hero",)),
        note=f"{n} pick(s) of 防禦強化: +{n}; 9 +3 = 12 misses 12 + {n}, where a tie would hit",
    )
duel("duel-atkspec", hero_with(K.ATTACK_SPECIALIZATION, K.ATTACK_BOOST))
combat(
    "m20-combat-attack-specialization",
    ["M20-094", "M20-095", "M20-097"],
    [10, 13],
    "duel-atkspec",
    Attack(actor="hero", targets=("foe",)),
    note="攻擊特化 with 攻擊強化: +3, not +4",
)
combat(
    "m20-combat-attack-specialization-defends",
    ["M20-096"],
    [10, 10],
    "duel-atkspec",
    Attack(actor="foe", targets=("hero",)),
    note="攻擊特化: −2 on its defense",
)
combat(
    "m20-combat-attack-specialization-danger",
    ["M20-096"],
    [12],
    "duel-atkspec",
    DangerCheck(participant="hero", specialty=S.PHYSIQUE, difficulty=16),
)
duel("duel-defspec", hero_with(K.DEFENSE_SPECIALIZATION, K.DEFENSE_BOOST))
combat(
    "m20-combat-defense-specialization",
    ["M20-072", "M20-073", "M20-075"],
    [13, 10],
    "duel-defspec",
    Attack(actor="foe", targets=("hero",)),
    note="防禦特化 with 防禦強化: +3, not +4",
)
combat(
    "m20-combat-defense-specialization-attacks",
    ["M20-074"],
    [12, 10],
    "duel-defspec",
    Attack(actor="hero", targets=("foe",)),
    note="防禦特化: −2 on its attack",
)
combat(
    "m20-combat-defense-specialization-hides",
    ["M20-074", "M20-052"],
    [8],
    "duel-defspec",
    Hide(actor="hero", target="foe"),
    note="hiding uses 物攻: −2",
)

# ---- 危機閃避 (M20-076, M20-077)
XUE_ESC = char(
    "小雪", (K.NARROW_ESCAPE,), a=attrs(2, 3, 2, 3), tendency=T.KNOWLEDGE, bonus=S.KNOWLEDGE
)
setup("escape", pc("xue", XUE_ESC), npc("foe", hp=None))
setup(
    "escape-spent-1", pc("xue", XUE_ESC), npc("foe", hp=None), spent={("xue", K.NARROW_ESCAPE): 1}
)
setup(
    "escape-spent-2", pc("xue", XUE_ESC), npc("foe", hp=None), spent={("xue", K.NARROW_ESCAPE): 2}
)
ESC = ["M20-022", "M20-076", "M20-077"]
combat(
    "m20-combat-narrow-escape",
    ESC,
    [9, 6],
    "escape",
    Attack(actor="foe", targets=("xue",)),
    UseNarrowEscape(actor="xue"),
    note="9 +3 = 12 against 6 +2 = 8 hits; +5 makes 13: the attack misses",
)
combat(
    "m20-combat-narrow-escape-not-enough",
    ESC,
    [15, 6],
    "escape",
    Attack(actor="foe", targets=("xue",)),
    UseNarrowEscape(actor="xue"),
    note="18 against 8 + 5 = 13: still a hit",
)
combat(
    "m20-combat-narrow-escape-tie",
    ESC,
    [10, 6],
    "escape",
    Attack(actor="foe", targets=("xue",)),
    UseNarrowEscape(actor="xue"),
    note="13 against 8 + 5 = 13: a tie still hits",
)
combat(
    "m20-combat-narrow-escape-pass",
    ESC,
    [9, 6],
    "escape",
    Attack(actor="foe", targets=("xue",)),
    Pass(actor="xue"),
)
combat(
    "m20-combat-narrow-escape-not-offered-on-miss",
    ESC,
    [2, 15],
    "escape",
    Attack(actor="foe", targets=("xue",)),
)
combat(
    "m20-combat-narrow-escape-second-use",
    ESC,
    [9, 6],
    "escape-spent-1",
    Attack(actor="foe", targets=("xue",)),
    UseNarrowEscape(actor="xue"),
    note="one use left of two a scenario",
)
combat(
    "m20-combat-narrow-escape-spent",
    ESC,
    [9, 6],
    "escape-spent-2",
    Attack(actor="foe", targets=("xue",)),
    note="both uses of the scenario spent: no prompt",
)
combat(
    "m20-combat-narrow-escape-spent-refused",
    ESC,
    [9, 6],
    "escape-spent-2",
    Attack(actor="foe", targets=("xue",)),
    UseNarrowEscape(actor="xue"),
)
combat(
    "m20-combat-narrow-escape-wrong-answer",
    ESC,
    [9, 6],
    "escape",
    Attack(actor="foe", targets=("xue",)),
    Attack(actor="xue", targets=("foe",)),
    note="while the prompt waits, nothing else may be played",
)

# ---- 必殺一擊 (M20-098, M20-099)
duel("decisive", hero_with(K.DECISIVE_STRIKE), foe_hp=None)
duel(
    "decisive-spent-2",
    hero_with(K.DECISIVE_STRIKE),
    foe_hp=None,
    spent={("hero", K.DECISIVE_STRIKE): 2},
)
DEC = ["M20-022", "M20-098", "M20-099"]
combat(
    "m20-combat-decisive-strike",
    DEC,
    [6, 10],
    "decisive",
    Attack(actor="hero", targets=("foe",)),
    UseDecisiveStrike(actor="hero"),
    note="6 +3 = 9 against 13 misses; +5 makes 14: a hit",
)
combat(
    "m20-combat-decisive-strike-tie",
    DEC,
    [5, 10],
    "decisive",
    Attack(actor="hero", targets=("foe",)),
    UseDecisiveStrike(actor="hero"),
    note="8 + 5 = 13 against 13: a hit",
)
combat(
    "m20-combat-decisive-strike-not-enough",
    DEC,
    [1, 20],
    "decisive",
    Attack(actor="hero", targets=("foe",)),
    UseDecisiveStrike(actor="hero"),
)
combat(
    "m20-combat-decisive-strike-pass",
    DEC,
    [6, 10],
    "decisive",
    Attack(actor="hero", targets=("foe",)),
    Pass(actor="hero"),
)
combat(
    "m20-combat-decisive-strike-not-on-hit",
    DEC,
    [15, 10],
    "decisive",
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-decisive-strike-spent",
    DEC,
    [6, 10],
    "decisive-spent-2",
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-decisive-strike-twice",
    DEC,
    [6, 10, 4, 16, 6, 10],
    "decisive",
    Attack(actor="hero", targets=("foe",)),
    UseDecisiveStrike(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    Attack(actor="hero", targets=("foe",)),
    UseDecisiveStrike(actor="hero"),
    note="the second use of the scenario, in the second round",
)

# ---- 傷害增幅 (M20-109..113)
for n in (1, 2, 3):
    duel(f"boost{n}", hero_with(*(K.DAMAGE_BOOST,) * n), foe_hp=None)
DMG = ["M20-109", "M20-110", "M20-111", "M20-112"]
combat(
    "m20-combat-damage-boost",
    DMG,
    [12, 8],
    "boost1",
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    note="2 damage",
)
combat(
    "m20-combat-damage-boost-pass",
    DMG,
    [12, 8],
    "boost1",
    Attack(actor="hero", targets=("foe",)),
    Pass(actor="hero"),
)
combat(
    "m20-combat-damage-boost-once-a-combat",
    DMG,
    [12, 8, 4, 16, 12, 8],
    "boost1",
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    Attack(actor="hero", targets=("foe",)),
    note="one pick: one use a combat, so the second hit is not offered it",
)
combat(
    "m20-combat-damage-boost-two-picks",
    DMG,
    [12, 8, 4, 16, 12, 8],
    "boost2",
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    note="two picks: two uses a combat",
)
combat(
    "m20-combat-damage-boost-three-picks",
    DMG,
    [12, 8],
    "boost3",
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
)
combat(
    "m20-combat-damage-boost-not-on-miss",
    DMG,
    [2, 18],
    "boost1",
    Attack(actor="hero", targets=("foe",)),
)
setup(
    "boost-double",
    pc("hero", hero_with(K.DAMAGE_BOOST, K.DAMAGE_BOOST, K.DOUBLE_ATTACK)),
    npc("foe", hp=None),
)
combat(
    "m20-combat-damage-boost-double-attack",
    ["M20-100", "M20-112", "M20-113"],
    [14, 5, 14, 5],
    "boost-double",
    Attack(actor="hero", targets=("foe", "foe"), mode=AttackMode.DOUBLE),
    BoostDamage(actor="hero"),
    BoostDamage(actor="hero"),
    note=(
        "雙重攻擊 makes two attacks (DESIGN), so two picks may add +1 to each: 2 + 2; "
        "each attack still deals at most 2"
    ),
)
combat(
    "m20-combat-damage-boost-double-attack-pass",
    ["M20-100", "M20-113"],
    [14, 5, 14, 5],
    "boost-double",
    Attack(actor="hero", targets=("foe", "foe"), mode=AttackMode.DOUBLE),
    Pass(actor="hero"),
    BoostDamage(actor="hero"),
    note="declined on the first strike, used on the second",
)
setup(
    "boost-area",
    pc("hero", hero_with(K.DAMAGE_BOOST, K.DAMAGE_BOOST, K.AREA_ATTACK)),
    npc("foe", hp=None),
    npc("foe2", hp=None),
)
combat(
    "m20-combat-damage-boost-area-one-target",
    ["M20-105", "M20-109", "M20-113"],
    [18, 5, 5],
    "boost-area",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.AREA),
    BoostDamage(actor="hero"),
    note="範圍攻擊 is one attack: 傷害增幅 adds +1 to one of its targets only (其中一個目標)",
)

# ---- 頑強不屈 (M20-134, M20-135)
IND_HERO = hero_with(K.INDOMITABLE)
setup("indomitable", pc("hero", IND_HERO, hp=1), npc("foe", hp=None))
setup(
    "indomitable-spent",
    pc("hero", IND_HERO, hp=1),
    npc("foe", hp=None),
    spent={("hero", K.INDOMITABLE): 1},
)
setup("indomitable-2hp", pc("hero", IND_HERO, hp=2), npc("foe", hp=None))
IND = ["M20-022", "M20-065", "M20-134", "M20-135"]
combat(
    "m20-combat-indomitable",
    IND,
    [15, 3],
    "indomitable",
    Attack(actor="foe", targets=("hero",)),
    UseIndomitable(actor="hero"),
    note="HP would drop to 0: it drops to 1 instead",
)
combat(
    "m20-combat-indomitable-pass",
    IND,
    [15, 3],
    "indomitable",
    Attack(actor="foe", targets=("hero",)),
    Pass(actor="hero"),
)
combat(
    "m20-combat-indomitable-spent",
    IND,
    [15, 3],
    "indomitable-spent",
    Attack(actor="foe", targets=("hero",)),
    note="once a scenario: spent, so 阿明 falls",
)
combat(
    "m20-combat-indomitable-not-needed",
    IND,
    [15, 3],
    "indomitable-2hp",
    Attack(actor="foe", targets=("hero",)),
    note="2 HP − 1 = 1: no prompt",
)

# ---- 雙重攻擊 (M20-100..103)
setup("double", pc("hero", hero_with(K.DOUBLE_ATTACK)), npc("foe"), npc("foe2"))
setup(
    "double-improved",
    pc("hero", hero_with(K.DOUBLE_ATTACK, K.IMPROVED_DOUBLE_ATTACK)),
    npc("foe"),
    npc("foe2"),
)
DBL = ["M20-100", "M20-101"]
combat(
    "m20-combat-double-attack-two-targets",
    DBL,
    [12, 8, 11, 8],
    "double",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.DOUBLE),
    note="two attack checks, −2 each",
)
combat(
    "m20-combat-double-attack-same-target",
    DBL,
    [12, 8, 11, 8],
    "double",
    Attack(actor="hero", targets=("foe", "foe"), mode=AttackMode.DOUBLE),
    note="both at one target: the bandit at 2 HP falls",
)
combat(
    "m20-combat-double-attack-tie-at-penalty",
    DBL,
    [12, 10, 2, 20],
    "double",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.DOUBLE),
    note="12 +3 −2 = 13 against 10 +3 = 13: a tie hits even with the penalty",
)
combat(
    "m20-combat-double-attack-improved",
    [*DBL, "M20-102", "M20-103"],
    [10, 10, 10, 10],
    "double-improved",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.DOUBLE),
    note="強化雙重攻擊: −0",
)
combat(
    "m20-combat-double-attack-one-target-refused",
    DBL,
    [],
    "double",
    Attack(actor="hero", targets=("foe",), mode=AttackMode.DOUBLE),
)
combat(
    "m20-combat-double-attack-single",
    DBL,
    [12, 8],
    "double",
    Attack(actor="hero", targets=("foe",)),
    note="with 雙重攻擊 a single attack takes no penalty",
)

# ---- 範圍攻擊 (M20-104..108)
setup("area", pc("hero", hero_with(K.AREA_ATTACK)), pc("ally", ALLY), npc("foe"), npc("foe2"))
setup(
    "area-improved",
    pc("hero", hero_with(K.AREA_ATTACK, K.IMPROVED_AREA_ATTACK)),
    pc("ally", ALLY),
    npc("foe"),
    npc("foe2"),
)
AREA = ["M20-104", "M20-105"]
combat(
    "m20-combat-area-attack",
    AREA,
    [14, 6, 12],
    "area",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.AREA),
    note="one roll, 14 +3 −4 = 13, against each defense: 9 hits, 15 does not",
)
combat(
    "m20-combat-area-attack-tie",
    AREA,
    [14, 10, 11],
    "area",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.AREA),
)
combat(
    "m20-combat-area-attack-improved",
    [*AREA, "M20-107", "M20-108"],
    [12, 10, 9],
    "area-improved",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.AREA),
    note="強化範圍攻擊: −2",
)
combat(
    "m20-combat-area-attack-hits-ally",
    [*AREA, "M20-106"],
    [15, 6, 5],
    "area",
    Attack(actor="hero", targets=("foe", "ally"), mode=AttackMode.AREA),
    note="an ally in the area is attacked too",
)
combat(
    "m20-combat-area-attack-one-target",
    AREA,
    [15, 6],
    "area",
    Attack(actor="hero", targets=("foe",), mode=AttackMode.AREA),
)
combat(
    "m20-combat-area-attack-min-roll",
    AREA,
    [1, 1, 1],
    "area",
    Attack(actor="hero", targets=("foe", "foe2"), mode=AttackMode.AREA),
)

# ---- 分神援護 (M20-078..081)
setup("split", pc("hero", hero_with(K.SPLIT_FOCUS)), pc("ally", ALLY), npc("foe", hp=None))
setup(
    "split-improved",
    pc("hero", hero_with(K.SPLIT_FOCUS, K.IMPROVED_SPLIT_FOCUS)),
    pc("ally", ALLY),
    npc("foe", hp=None),
)
SPLIT = ["M20-078", "M20-079"]
combat(
    "m20-combat-split-focus",
    SPLIT,
    [8, 12, 10],
    "split",
    SplitFocus(actor="hero"),
    Assist(actor="hero", target="foe", ally="ally"),
    Attack(actor="hero", targets=("foe",)),
    note="an extra main action (assist, at −2), then the attack",
)
combat(
    "m20-combat-split-focus-defense-penalty",
    SPLIT,
    [8, 12, 10, 12, 12],
    "split",
    SplitFocus(actor="hero"),
    Assist(actor="hero", target="foe", ally="ally"),
    Attack(actor="hero", targets=("foe",)),
    Attack(actor="foe", targets=("hero",)),
    note="−2 on every check but attacks, the defense included",
)
combat(
    "m20-combat-split-focus-extra-attack-refused",
    SPLIT,
    [12, 10],
    "split",
    SplitFocus(actor="hero"),
    Attack(actor="hero", targets=("foe",)),
    Attack(actor="hero", targets=("foe",)),
    note="the extra action may not be an attack",
)
combat(
    "m20-combat-split-focus-after-action-refused",
    SPLIT,
    [12, 10],
    "split",
    Attack(actor="hero", targets=("foe",)),
    SplitFocus(actor="hero"),
)
combat(
    "m20-combat-split-focus-improved",
    [*SPLIT, "M20-080", "M20-081"],
    [6, 12, 10],
    "split-improved",
    SplitFocus(actor="hero"),
    Assist(actor="hero", target="foe", ally="ally"),
    Attack(actor="hero", targets=("foe",)),
    note="強化分神援護: −0",
)
combat(
    "m20-combat-split-focus-without-skill-refused",
    ["M20-078"],
    [],
    "party",
    SplitFocus(actor="hero"),
)
combat(
    "m20-combat-split-focus-twice-refused",
    SPLIT,
    [],
    "split",
    SplitFocus(actor="hero"),
    SplitFocus(actor="hero"),
)

# ---- 廣域防禦 (M20-082..086)
GUARD = char("鐵壁", (K.WIDE_GUARD,), a=attrs(2, 2, 4, 2))
GUARD2 = char("鐵壁", (K.WIDE_GUARD, K.IMPROVED_WIDE_GUARD), a=attrs(2, 2, 4, 2))
setup("guard", pc("guard", GUARD), pc("ally", ALLY), npc("foe", hp=None))
setup("guard-improved", pc("guard", GUARD2), pc("ally", ALLY), npc("foe", hp=None))
WG = ["M20-082", "M20-083"]
combat(
    "m20-combat-wide-guard",
    WG,
    [12, 12],
    "guard",
    WideGuard(actor="guard", protected=("ally",)),
    Attack(actor="foe", targets=("ally",)),
    note="the attack on 小雪 goes to 鐵壁, who defends at −4",
)
combat(
    "m20-combat-wide-guard-improved",
    [*WG, "M20-085", "M20-086"],
    [12, 12],
    "guard-improved",
    WideGuard(actor="guard", protected=("ally",)),
    Attack(actor="foe", targets=("ally",)),
    note="−2 instead",
)
combat(
    "m20-combat-wide-guard-protected-bonus",
    [*WG, "M20-084"],
    [12, 12, 10, 10],
    "guard",
    WideGuard(actor="guard", protected=("ally",)),
    Attack(actor="foe", targets=("ally",)),
    Attack(actor="ally", targets=("foe",)),
    note="小雪 gets +1 on her next check",
)
combat(
    "m20-combat-wide-guard-self-refused",
    WG,
    [],
    "guard",
    WideGuard(actor="guard", protected=("guard",)),
)
combat(
    "m20-combat-wide-guard-enemy",
    WG,
    [],
    "guard",
    WideGuard(actor="guard", protected=("foe",)),
    note=(
        "the text says 對象 and DESIGN's M20-082 ruling 'each chosen creature': a foe may be chosen"
    ),
)
combat(
    "m20-combat-wide-guard-attack-on-guard",
    WG,
    [12, 12],
    "guard",
    WideGuard(actor="guard", protected=("ally",)),
    Attack(actor="foe", targets=("guard",)),
)
combat(
    "m20-combat-wide-guard-without-skill-refused",
    ["M20-082"],
    [],
    "party",
    WideGuard(actor="hero", protected=("ally",)),
)

# ---- 冷卻 (M20-090, M20-091) and 狂暴 (M20-114, M20-115)
duel("cool", hero_with(K.COOL_DOWN), foe_hp=None)
duel("frenzy", hero_with(K.FRENZY), foe_hp=None)
combat(
    "m20-combat-cool-down",
    ["M20-090"],
    [12, 12],
    "cool",
    CoolDown(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="冷卻: +2 on defense this round",
)
combat(
    "m20-combat-cool-down-attack-penalty",
    ["M20-090", "M20-091"],
    [12, 12, 12, 10],
    "cool",
    CoolDown(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    note="−2 on its attacks until the end of its next turn",
)
combat(
    "m20-combat-cool-down-and-attack",
    ["M20-090", "M20-091"],
    [12, 10],
    "cool",
    CoolDown(actor="hero"),
    Attack(actor="hero", targets=("foe",)),
)
combat(
    "m20-combat-cool-down-without-skill-refused", ["M20-090"], [], "duel", CoolDown(actor="hero")
)
combat(
    "m20-combat-frenzy",
    ["M20-114"],
    [10, 12],
    "frenzy",
    Frenzy(actor="hero"),
    Attack(actor="hero", targets=("foe",)),
    note="狂暴: +2 on attacks this round",
)
combat(
    "m20-combat-frenzy-defense-penalty",
    ["M20-114", "M20-115"],
    [10, 12, 12, 12],
    "frenzy",
    Frenzy(actor="hero"),
    Attack(actor="hero", targets=("foe",)),
    Attack(actor="foe", targets=("hero",)),
    note="−2 on defense until its next turn starts",
)
combat(
    "m20-combat-frenzy-twice-refused",
    ["M20-114"],
    [],
    "frenzy",
    Frenzy(actor="hero"),
    Frenzy(actor="hero"),
)
combat("m20-combat-frenzy-without-skill-refused", ["M20-114"], [], "duel", Frenzy(actor="hero"))

# ---- 召喚師 (M20-119..131)
SUM = ["M20-050", "M20-061", "M20-119", "M20-121", "M20-122", "M20-124"]
for name, skills in [
    ("summoner", (K.SUMMONER,)),
    ("summoner-endurance", (K.SUMMONER, K.SUMMON_ENDURANCE)),
    ("summoner-prowess", (K.SUMMONER, K.SUMMON_PROWESS)),
    ("summoner-both", (K.SUMMONER, K.SUMMON_ENDURANCE, K.SUMMON_PROWESS)),
]:
    duel(name, hero_with(*skills), foe_hp=None)
combat(
    "m20-combat-summon",
    SUM,
    [],
    "summoner",
    Summon(actor="hero"),
    note="a summon with 1 HP, 物攻2 特攻2 物防0 特防0",
)
combat(
    "m20-combat-summon-attacks",
    [*SUM, "M20-120"],
    [11, 10],
    "summoner",
    Summon(actor="hero"),
    Attack(actor="hero/summon", targets=("foe",)),
    note="11 +2 = 13 against 10 +3 = 13: a hit",
)
combat(
    "m20-combat-summon-defends",
    SUM,
    [10, 10],
    "summoner",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero/summon",)),
    note="物防 0: the summon falls",
)
combat(
    "m20-combat-summoner-penalty",
    [*SUM, "M20-122"],
    [10, 12],
    "summoner",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="−4 on all the summoner's checks",
)
combat(
    "m20-combat-summoner-penalty-danger",
    [*SUM, "M20-122"],
    [15],
    "summoner",
    Summon(actor="hero"),
    DangerCheck(participant="hero", specialty=S.PHYSIQUE, difficulty=16),
)
combat(
    "m20-combat-summon-endurance",
    [*SUM, "M20-125", "M20-126", "M20-127"],
    [10, 12],
    "summoner-endurance",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="HP 2, and −3",
)
combat(
    "m20-combat-summon-endurance-survives",
    [*SUM, "M20-126"],
    [10, 10],
    "summoner-endurance",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero/summon",)),
)
combat(
    "m20-combat-summon-prowess",
    [*SUM, "M20-128", "M20-129", "M20-130"],
    [10, 12],
    "summoner-prowess",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="−3 on the summoner",
)
combat(
    "m20-combat-summon-prowess-attacks",
    [*SUM, "M20-129"],
    [10, 10],
    "summoner-prowess",
    Summon(actor="hero"),
    Attack(actor="hero/summon", targets=("foe",)),
    note="the summon's checks +1",
)
combat(
    "m20-combat-summon-prowess-defends",
    [*SUM, "M20-129"],
    [10, 10],
    "summoner-prowess",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero/summon",)),
)
combat(
    "m20-combat-summon-both",
    [*SUM, "M20-131"],
    [10, 12],
    "summoner-both",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="both improvements: −2",
)
combat(
    "m20-combat-summon-dismiss",
    [*SUM, "M20-123"],
    [10, 12],
    "summoner",
    Summon(actor="hero"),
    Dismiss(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="dismissed: the −4 is gone",
)
combat(
    "m20-combat-summon-twice-refused",
    SUM,
    [],
    "summoner",
    Summon(actor="hero"),
    EndRound(),
    Summon(actor="hero"),
    note="once a combat",
)
combat(
    "m20-combat-summon-dismiss-twice-refused",
    [*SUM, "M20-123"],
    [],
    "summoner",
    Summon(actor="hero"),
    Dismiss(actor="hero"),
    Dismiss(actor="hero"),
)
combat(
    "m20-combat-summon-only-attacks",
    [*SUM, "M20-120"],
    [],
    "summoner",
    Summon(actor="hero"),
    FocusDefense(actor="hero/summon"),
)
combat("m20-combat-summon-without-skill-refused", ["M20-119"], [], "duel", Summon(actor="hero"))
combat(
    "m20-combat-dismiss-without-summon-refused", ["M20-123"], [], "summoner", Dismiss(actor="hero")
)

# ---- more thresholds and caps
duel("boost1-foe-1hp", hero_with(K.DAMAGE_BOOST), foe_hp=1)
combat(
    "m20-combat-damage-stops-at-0",
    ["M20-034", "M20-066", "M20-109"],
    [12, 8],
    "boost1-foe-1hp",
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    note="2 damage on 1 HP: HP 0, not −1",
)
setup(
    "indomitable-vs-boost",
    pc("hero", hero_with(K.INDOMITABLE), hp=2),
    npc("foe", char("山賊頭", (K.DAMAGE_BOOST,), a=attrs(3, 1, 3, 3), bonus=S.PHYSIQUE), hp=None),
)
combat(
    "m20-combat-indomitable-against-two-damage",
    ["M20-109", "M20-134"],
    [15, 3],
    "indomitable-vs-boost",
    Attack(actor="foe", targets=("hero",)),
    BoostDamage(actor="foe"),
    UseIndomitable(actor="hero"),
    note="2 HP, 2 damage: the HP would reach 0, so 頑強不屈 is offered and leaves 1",
)
setup(
    "crowd",
    pc("hero", HERO),
    *(pc(f"ally{i}", ALLY) for i in range(1, 5)),
    npc("foe", hp=None),
)
combat(
    "m20-combat-helpers-capped",
    ["M20-042", "M20-045", "M20-046"],
    [8],
    "crowd",
    DangerCheck(
        participant="hero",
        specialty=S.PHYSIQUE,
        difficulty=16,
        helpers=("ally1", "ally2", "ally3", "ally4"),
    ),
    note="four helpers still add +3: 8 +3 +2 +3 = 16",
)
combat(
    "m20-combat-helpers-three",
    ["M20-045", "M20-046"],
    [8],
    "crowd",
    DangerCheck(
        participant="hero", specialty=S.PHYSIQUE, difficulty=16, helpers=("ally1", "ally2", "ally3")
    ),
)
combat(
    "m20-combat-hide-helpers-capped",
    ["M20-042", "M20-046", "M20-052"],
    [3],
    "crowd",
    Hide(actor="hero", target="foe", helpers=("ally1", "ally2", "ally3", "ally4")),
    note="3 +1 詭計 +3 物攻 +3 helpers = 10",
)
combat(
    "m20-combat-item-negative",
    ["M20-139"],
    [12, 10],
    "duel",
    Attack(
        actor="hero",
        targets=("foe",),
        boosts=Boosts(items=[RewardItem(name="詛咒", bonus=-1)]),
    ),
    note="a −1 from another system counts −2 too: 12 +3 −1 −1 = 13 against 13",
)
combat(
    "m20-combat-item-reroll-on-defense",
    ["M20-141"],
    [12, 2, 14],
    "duel",
    Attack(
        actor="foe",
        targets=("hero",),
        defense_boosts=(DefenseBoosts(defender="hero", boosts=Boosts(reroll=True)),),
    ),
    note=(
        "the defender's reroll item: its d20 is rolled again when the defense fails: "
        "15 against 16, a miss"
    ),
)
combat(
    "m20-combat-player-at-0-stays-down",
    ["M20-065"],
    [],
    "duel-hero-0hp",
    FocusDefense(actor="hero"),
    note="an unconscious player character cannot act",
)

combat(
    "m20-combat-damage-boost-three-uses",
    ["M20-110", "M20-111", "M20-112"],
    [12, 8, 12, 8, 12, 8, 12, 8],
    "boost3",
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    BoostDamage(actor="hero"),
    EndRound(),
    Attack(actor="hero", targets=("foe",)),
    note=(
        "three picks, three uses a combat: 2 + 2 + 2, "
        "then the fourth hit deals 1 and is not offered it"
    ),
)
combat(
    "m20-combat-summon-attacks-once-a-round",
    ["M20-120"],
    [11, 10],
    "summoner",
    Summon(actor="hero"),
    Attack(actor="hero/summon", targets=("foe",)),
    Attack(actor="hero/summon", targets=("foe",)),
)
setup(
    "summoner-1hp", pc("hero", hero_with(K.SUMMONER), hp=1), pc("ally", ALLY), npc("foe", hp=None)
)
combat(
    "m20-combat-summon-vanishes-with-summoner",
    ["M20-065", "M20-121"],
    [15, 3],
    "summoner-1hp",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero",)),
    note="DESIGN (M20-121): the summon vanishes when its summoner falls",
)
combat(
    "m20-combat-summon-falls-penalty-ends",
    ["M20-121", "M20-122"],
    [10, 10, 10, 12],
    "summoner",
    Summon(actor="hero"),
    Attack(actor="foe", targets=("hero/summon",)),
    Attack(actor="foe", targets=("hero",)),
    note="DESIGN (M20-121): a summon at 0 HP vanishes as if dismissed, so the −4 ends",
)
setup(
    "decisive-vs-escape",
    pc("hero", hero_with(K.DECISIVE_STRIKE)),
    npc("foe", char("山賊", (K.NARROW_ESCAPE,), a=attrs(3, 1, 3, 3), bonus=S.PHYSIQUE), hp=None),
)
combat(
    "m20-combat-decisive-then-narrow-escape",
    ["M20-076", "M20-098"],
    [6, 10],
    "decisive-vs-escape",
    Attack(actor="hero", targets=("foe",)),
    UseDecisiveStrike(actor="hero"),
    UseNarrowEscape(actor="foe"),
    note="9 misses 13; 必殺一擊 makes 14, a hit; 危機閃避 makes the defense 18: a miss after all",
)
combat(
    "m20-combat-decisive-then-escape-declined",
    ["M20-076", "M20-098"],
    [6, 10],
    "decisive-vs-escape",
    Attack(actor="hero", targets=("foe",)),
    UseDecisiveStrike(actor="hero"),
    Pass(actor="foe"),
)


write_file(TARGET, HEADER, CASES, system="m20", sheets=SHEETS, setups=SETUPS)
