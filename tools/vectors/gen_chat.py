"""Write the inputs of the dice language's vectors (src/tabletop_rules/vectors/data/chat.toml).

Run from the repository's root, then record and review::

    PYTHONPATH=$PWD/src python tools/vectors/gen_chat.py
    PYTHONPATH=$PWD/src python -m tabletop_rules.vectors record \
        src/tabletop_rules/vectors/data/chat.toml
    git diff src/tabletop_rules/vectors/data/chat.toml

The file is rewritten whole: notes live here, and the record tool writes the results.
The language is docs/notation.md; its cases cite no rule clause.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _emit import Case, write_file

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "src/tabletop_rules/vectors/data/chat.toml"
HEADER = """\
# The common dice language (docs/notation.md): no system.
# Written by tools/vectors/gen_chat.py (inputs and notes); results recorded with:
# python -m tabletop_rules.vectors record <this file>"""

CASES: list[Case] = []


def chat(
    case_id: str,
    text: str,
    faces: list[int] | tuple[int, ...] = (),
    note: str = "",
    dice: list[str] | None = None,
) -> None:
    """A case: *text* typed in a chat, the dice meant to show *faces* (or *dice* as written)."""
    CASES.append(Case(id=case_id, clauses=[], faces=list(faces), chat=text, note=note, dice=dice))


# --------------------------------------------------------------------------- the seed cases
chat("chat-sum", "2D6+3", [3, 4])
chat(
    "chat-check-boundary", "２Ｄ６＋５＞＝８", [1, 2], note="the difficulty itself succeeds with >="
)
chat("chat-keep-highest", "4D6KH3", [6, 1, 3, 5])
chat("chat-drop-lowest", "4d6dl1>=9", [2, 2, 5, 1])
chat("chat-advantage", "2D20KH1+2>=15", [4, 17])
chat(
    "chat-explode",
    "3D6!",
    note="a 6 explodes into one more die",
    dice=["3d6:6,2,1", "d6:4"],
)
chat("chat-d66", "D66", [3, 5])
chat("chat-count", "6B6>=4", [2, 3, 5, 6, 4, 1])
chat("chat-comment", "1D20+3 attack the goblin", [14])
chat("chat-secret", "S2D6>=7", [6, 6])
chat("chat-repeat", "x2 1d6>=4", [5, 2])
chat("chat-reroll-once", "1D20R1", [1, 9])
chat("chat-not-a-command", "I have 2 cats")
chat("chat-bad-notation", "2D6>=>3")

# --------------------------------------------------------------------------- sums
chat("chat-sum-d20", "d20", [20], note="the count defaults to 1; a lone d20 of 20 is a natural 20")
chat("chat-sum-min", "3d6", [1, 1, 1], note="the lowest total")
chat("chat-sum-max", "3d6", [6, 6, 6], note="the highest total")
chat("chat-sum-mixed", "1d20-1+2d4", [10, 1, 4])
chat("chat-sum-leading-minus", "-1d4+3", [4], note="the first term may have a sign: 3 − 4 = −1")
chat("chat-sum-factor", "3*2d6", [2, 5], note="the factor stays where it was written")
chat("chat-sum-group", "(1d6+1)*2", [4])
chat("chat-sum-d100", "1d100", [100])
chat("chat-sum-one-sided", "3d1", [1, 1, 1], note="a die of 1 side always shows 1")
chat(
    "chat-sum-spaces",
    "  2d6 + 1d4 - 2 ",
    [3, 3, 1],
    note="spaces around terms and the text are ignored",
)
chat("chat-sum-full-width", "１ｄ２０＋５", [7], note="full-width input is read after NFKC")
chat("chat-sum-largest-die", "1d1000", [1000], note="max_sides is 1000: allowed")

# --------------------------------------------------------------------------- keep and drop
chat("chat-keep-k-alias", "4d6k3", [2, 6, 4, 4], note="K3 is KH3")
chat("chat-keep-lowest", "4d6kl1", [5, 2, 6, 3])
chat("chat-drop-highest", "4d6dh1", [5, 2, 6, 3])
chat("chat-keep-ties", "4d6kh2", [5, 5, 5, 1], note="equal faces: two of the three fives are kept")
chat("chat-keep-all", "3d6kh3", [2, 4, 6], note="keeping every die drops none")
chat("chat-disadvantage", "2d20kl1+5", [7, 15])
chat("chat-advantage-natural-1", "2d20kh1", [1, 1], note="the kept d20 shows 1: a natural 1")
chat("chat-advantage-natural-20", "2d20kh1+3>=25", [20, 3], note="the kept d20 shows 20")
chat("chat-keep-check", "4d6kh3>=15", [6, 5, 4, 1], note="6 + 5 + 4 = 15, the target itself")
chat("chat-keep-too-many", "2d6kh3", note="keeping more dice than are rolled")
chat("chat-keep-zero", "4d6kh0")

# --------------------------------------------------------------------------- explosions
chat("chat-explode-none", "1d6!", [5], note="no 6, no explosion")
chat("chat-explode-once", "1d6!", [6, 3])
chat("chat-explode-two-dice", "2d6!", [6, 6, 2, 1], note="each 6 adds a die, rolled after the dice")
chat(
    "chat-explode-chain-cap",
    "1d6!",
    [6, 6, 6, 6, 6, 6],
    note="CHAIN_DEPTH 5: five explosions, then the sixth 6 stands: 36, the most 1D6! can show",
)
chat(
    "chat-explode-check-boundary", "1d6!>=7", [6, 1], note="7 is reached only through an explosion"
)
chat("chat-explode-check-fails", "1d6!>=7", [5])
chat("chat-explode-d20", "1d20!+2", [20, 20, 4])
chat("chat-explode-double-bang", "2d6!!", note="compounding explosions are not supported")

# --------------------------------------------------------------------------- rerolls
chat("chat-reroll-not-needed", "1d20r1", [14])
chat("chat-reroll-once-only", "1d20r1", [1, 1], note="R rerolls once: the second 1 stands")
chat("chat-reroll-until", "1d6rr1", [1, 1, 4], note="RR rerolls until another face")
chat(
    "chat-reroll-until-cap",
    "1d6rr1",
    [1, 1, 1, 1, 1, 1],
    note="RR stops after 5 rerolls: the last 1 stands",
)

# --------------------------------------------------------------------------- D66
chat("chat-d66-lowest", "D66", [1, 1], note="tens then units: 11")
chat("chat-d66-highest", "D66", [6, 6], note="66")
chat("chat-d66-order", "d66", [5, 3], note="the first die is the tens: 53, not 35")
chat("chat-d66-check", "D66>=61", [6, 1], note="61, the target itself")
chat("chat-d66-repeat", "x3 D66", [1, 2, 3, 4, 5, 6])
chat(
    "chat-d66-three",
    "3D66",
    [1, 2, 3, 4, 5, 6],
    note="BCDice's nD66: three D66 added up, each two d6 read as tens and units",
)

# --------------------------------------------------------------------------- counting
chat("chat-count-none", "6B6>=4", [1, 2, 3, 1, 2, 3], note="no die passes: 0 successes")
chat("chat-count-all", "6B6>=4", [4, 5, 6, 4, 5, 6])
chat(
    "chat-count-strict",
    "6B6>4",
    [4, 5, 6, 4, 5, 6],
    note="> fails on a tie: the fours do not count",
)
chat("chat-count-at-most", "5B10<=3", [1, 3, 4, 10, 2])
chat(
    "chat-count-no-target", "3B6", [2, 6, 4], note="a counting roll without a target lists the dice"
)
chat("chat-count-d10", "10B10>=8", [8, 7, 10, 1, 9, 3, 8, 2, 5, 6])
chat("chat-count-sum-refused", "6B6+1", note="a counting roll cannot be added to")

# --------------------------------------------------------------------------- comments
chat("chat-comment-japanese", "1D20+5 攻撃", [12])
chat("chat-comment-chinese", "2d6>=7 閃避落石", [3, 4])
chat("chat-comment-check-fails", "2d6>=7 pick the lock", [1, 5])
chat("chat-comment-after-repeat", "x2 1d6 damage", [3, 6])
chat("chat-comment-keep", "4d6dl1 strength", [3, 3, 3, 3])

# --------------------------------------------------------------------------- secret rolls
chat("chat-secret-fails", "S2D6>=7", [1, 2])
chat("chat-secret-sum", "s1d20+3", [9])
chat("chat-secret-comment", "S2D6>=7 sneak past the guard", [5, 4])
chat("chat-secret-repeat", "Sx3 2D6", [1, 2, 3, 4, 5, 6])
chat("chat-secret-keep", "s4d6dl1", [6, 6, 1, 6])
chat("chat-secret-count", "S6B6>=5", [5, 6, 1, 2, 3, 4])

# --------------------------------------------------------------------------- repeats
chat("chat-repeat-sums", "x3 2d6", [1, 1, 6, 6, 3, 4])
chat("chat-repeat-rep", "rep3 2d6>=7", [3, 4, 1, 1, 6, 6], note="rep3 is x3")
chat("chat-repeat-none-succeed", "x2 1d20>=21", [20, 20], note="21 cannot be reached: 0 of 2")
chat("chat-repeat-max", "x20 1d1", [1] * 20, note="max_repeats is 20: allowed")
chat("chat-repeat-over-max", "x21 1d6", note="max_repeats is 20")
chat("chat-repeat-opposed", "x2 1d20>=1d20+3", [10, 7, 5, 6])

# --------------------------------------------------------------------------- comparisons and ties
for symbol, tag, faces in [
    (">=", "at-least", [3, 4]),
    (">", "more-than", [3, 4]),
    ("<=", "at-most", [3, 4]),
    ("<", "less-than", [3, 4]),
    ("=", "equal", [3, 4]),
    ("<>", "not-equal", [3, 4]),
]:
    chat(
        f"chat-compare-{tag}-tie",
        f"2d6{symbol}7",
        faces,
        note=f"2D6 shows 7, the target: {symbol} on a tie",
    )
chat("chat-compare-more-than-over", "2d6>7", [4, 4])
chat("chat-compare-less-than-under", "2d6<7", [3, 3])
chat("chat-compare-not-equal-other", "2d6<>7", [6, 6])
chat("chat-compare-unicode-ge", "2d6≥7", [3, 4])
chat("chat-compare-unicode-le", "3d6≤12", [6, 6, 1])
chat("chat-compare-japanese-ge", "2d6≧7", [1, 1])
chat("chat-compare-japanese-le", "2d6≦7", [1, 1])
chat("chat-compare-not-equal-bang", "2d6!=7", note="write <> for not equal")
chat(
    "chat-compare-not-equal-bang-spaced",
    "2D6 != 7",
    note="refused at the operator, not read as 2D6 with the comment != 7",
)
chat("chat-compare-not-equal-sign", "2d6≠7", [3, 4], note="≠ is <>, as printed")
chat("chat-compare-double-equals", "2d6==7", note="write = for equal")
chat("chat-compare-equals-greater", "2d6=>7", note="write >= for at least")
chat(
    "chat-explode-equal",
    "2d6! = 7",
    [3, 4],
    note="an exploding roll compared with =: the space keeps ! and = apart",
)
chat("chat-opposed", "2d6+5>=3d6", [3, 4, 2, 3, 5])
chat("chat-opposed-tie", "1d20+5>=1d20+3", [10, 12], note="15 against 15: >= succeeds on a tie")
chat(
    "chat-opposed-number-left",
    "10>=2d6",
    [5, 5],
    note="a number on the left, dice on the right: 10 ≥ 10",
)
chat(
    "chat-check-natural-1",
    "1d20+10>=5",
    [1],
    note="a natural 1 is flagged, but the total 11 still succeeds",
)
chat(
    "chat-check-natural-20-fails",
    "1d20>=25",
    [20],
    note="a natural 20 is flagged, but 20 < 25 fails",
)
chat("chat-check-impossible", "1d6>=7", [6], note="probability 0")
chat("chat-check-certain", "1d6>=1", [1], note="probability 1")

# --------------------------------------------------------------------------- refusals at the limits
chat("chat-limit-dice-allowed", "100d1", [1] * 100, note="max_dice is 100: allowed")
chat("chat-limit-dice", "101d6", note="max_dice is 100")
chat("chat-limit-dice-repeat", "x3 40d6", note="3 × 40 = 120 dice")
chat("chat-limit-dice-explode", "20d6!", note="explosions count at their cap: 20 × 6 = 120")
chat("chat-limit-dice-reroll", "60d6r1", note="R counts one extra die each: 120")
chat("chat-limit-sides", "1d1001", note="max_sides is 1000")
chat("chat-limit-work", "100d1000", note="the exact odds would take too long")
chat("chat-limit-terms", "+".join(["1d2"] * 21), note="max_terms is 20")
chat("chat-limit-length", "1d6 " + "x" * 197, note="max_length is 200 characters")
chat("chat-limit-digits", "1d6+1234567890123456789", note="a number has at most 18 digits")
chat("chat-zero-sides", "2d0")
chat("chat-unclosed", "(2d6")
chat("chat-ends-early", "2d6+")
chat("chat-percent-die", "1d%")
chat("chat-fudge-dice", "4dF")
chat("chat-division-by-zero", "2d6/0", note="BCDice answers 1; the library refuses")
chat("chat-critical-syntax", "1d20cs>19")
chat("chat-dice-times-dice", "2d6*1d4")

# --------------------------------------------------------------------------- BCDice's vocabulary
chat("chat-divide", "1D6/2", [3], note="a division rounds down unless told")
chat("chat-divide-up", "3D6/2U", [1, 2, 4], note="U rounds up: 7/2 is 4")
chat("chat-divide-c", "3D6/2C", [1, 2, 4], note="C is U, and is shown U")
chat("chat-divide-round", "1D100/10R", [55], note="R rounds halves away from zero")
chat("chat-divide-floor", "1D6+3/2F", [3], note="F rounds down; / binds tighter than +")
chat("chat-divide-negative", "1d6/-3", [4], note="4 / -3 rounds down to -2, as BCDice")
chat("chat-count-expression", "(2+3)d6", [2, 3, 1, 5, 6], note="a count as arithmetic")
chat("chat-sides-expression", "1d(3/2U)", [1], note="sides as arithmetic: 3/2 rounded up")
chat("chat-implicit-sides-keep", "5DKH3", [6, 3, 2, 5, 6], note="the sides left out: 6")
chat("chat-implicit-keep-count", "5D10KH", [8, 3, 2, 5, 8], note="KH alone keeps one")
chat("chat-keep-max", "3D6MAX", [3, 5, 1], note="MAX is KH1")
chat("chat-keep-min", "5DMIN", [5, 3, 6, 2, 5], note="MIN is KL1")
chat("chat-implicit-sides", "2D", [3, 4])
chat("chat-double-signs", "2d10--3-4", [3, 5], note="a minus of a minus adds")
chat("chat-count-pools", "2b6+4b10>3", [3, 4, 9, 7, 1, 5], note="several counting pools")
chat("chat-count-count-expression", "(1*2)b6", [3, 4])
chat("chat-reroll-dice", "3R6>=5", [5, 6, 1, 5, 2, 1], note="each die reaching 5 rolls again")
chat(
    "chat-reroll-dice-twelve",
    "12R6>=6",
    [2, 4, 4, 5, 4, 1, 2, 6, 6, 6, 1, 4, 6, 4, 6, 3, 4],
    note="BCDice's own example: batches of rerolls",
)
chat("chat-reroll-threshold", "2R6[3]", [3, 2, 1], note="a threshold without a target")
chat("chat-reroll-pools", "2R4+2R6[<=2]>=4", [4, 2, 3, 5, 2, 4], note="BCDice's own example")
chat(
    "chat-reroll-chain-cap",
    "1R6>=6",
    [6, 6, 6, 6, 6, 6],
    note="a die rolls again at most CHAIN_DEPTH (5) times",
)
chat("chat-reroll-no-threshold", "2R6", note="write 2R6>=5 or 2R6[5]")
chat("chat-reroll-forever", "2R6<=7", note="every face would reroll")
chat("chat-upper", "5U10[8]", [8, 10, 1, 2, 3, 4, 5], note="the highest die and the total")
chat("chat-upper-modifier", "3U6[6]+1", [6, 2, 3, 4], note="the modifier goes to each die")
chat("chat-upper-target", "4U6[6]>=10", [5, 2, 6, 5, 6, 6, 6, 5], note="counts the dice")
chat("chat-upper-at", "4U6+11>=21@6", [5, 2, 6, 5, 6, 6, 6, 5], note="@ gives the threshold")
chat("chat-upper-pools", "2U6+2U4[4]+6", [1, 5, 5, 3, 2, 4, 4, 4, 3])
chat("chat-upper-no-threshold", "5U10", note="write 5U10[8]")
chat("chat-upper-twice", "4U6[6]+11>=21@4", note="the threshold given twice")
chat("chat-tally", "5TY6", [6, 1, 2, 5, 2], note="faces not shown are left out")
chat("chat-tally-zeros", "5TZ6", [6, 1, 2, 5, 2], note="faces not shown are listed: ×0")
chat("chat-tally-sides", "2TY21", note="a tally has at most 20 sides")
chat("chat-calc", "C(10/3)", note="whole-number arithmetic: 10/3 rounds down")
chat("chat-calc-signs", "C(-1--1)", note="the signs as written")
chat("chat-calc-rounding", "c1/2R", note="R rounds the half up; shown in parentheses")
chat("chat-calc-zero", "C(1/0)", note="BCDice answers with a message; the library refuses")
chat("chat-choice", "choice[a,b,c]", [2], note="a d3 picks the second item")
chat("chat-choice-two", "choice2(a,b,c)", [1, 1], note="two different items: a d3, then a d2")
chat("chat-choice-words", "choice a b c", [3])
chat("chat-choice-range", "choice[A-F]", [3], note="one item A-F is the letters A to F")
chat("chat-choice-too-many", "choice3[1-1000]", note="at most 100 items, as BCDice")
chat("chat-choice-one", "choice[a]", note="a choice needs two items")
chat("chat-d66-ascending", "D66S", [5, 2], note="S (or A): the lower die first")
chat("chat-d66-a", "D66A", [6, 1])
chat("chat-d66-descending", "D66D", [1, 6], note="D: the higher die first")
chat("chat-d66-as-rolled", "D66N", [6, 1], note="N: as rolled")
chat("chat-d66-sum", "2D66", [6, 6, 5, 4], note="two D66 added: 66 + 54")
chat("chat-repeat-keyword", "repeat2 1D6", [2, 4], note="repeat is x")
chat("chat-repeat-inner-secret", "x2 s1D6", [2, 4], note="an S after the repeat is secret too")
chat("chat-repeat-twice", "x2 x3 2d6", note="a repeat of a repeat")
chat("chat-repeat-chat", "x3 hello", note="BCDice answers it: the library says what to write")

# --------------------------------------------------------------------------- ordinary chat
for tag, text in [
    ("hello", "hello"),
    ("arithmetic", "3+4"),
    ("comparison", "10 >= 8"),
    ("3d-printing", "3d printing is fun"),
    ("chinese", "今天擲骰子嗎？"),
    ("japanese", "ダイスを振ろう"),
]:
    chat(f"chat-not-a-command-{tag}", text)


write_file(TARGET, HEADER, CASES)
