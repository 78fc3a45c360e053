# ruff: noqa: D102, D103, E501, PLR0915, PLR0917
"""Emit the INPUT part of skirmish's rule vectors (src/tabletop_rules/vectors/data/skirmish.toml).

Run from the repository root with the worktree's src first on the path::

    PYTHONPATH=$PWD/src python tools/vectors/gen_skirmish.py > src/tabletop_rules/skirmish/vectors.toml
    PYTHONPATH=$PWD/src python -m tabletop_rules.vectors record src/tabletop_rules/skirmish/vectors.toml

then review the recorded ``[case.expect]`` tables against rules/skirmish.zh-Hant.txt.
Combat cases are built by playing them here: before each command the generator answers any
response window the command does not answer itself with passes (SK-32's "two passes in a
row"), so the commands read as a player would send them.
The rules roll on their own: the first player when the game begins, and a check when the
window before it closes; a case's dice list the faces in the order the rules draw them.
"""

from __future__ import annotations

import sys
from typing import Any

import attrs

from tabletop_rules import engine
from tabletop_rules.dice import ScriptedDice
from tabletop_rules.engine import Pass
from tabletop_rules.errors import DiceExhausted, IllegalCommand
from tabletop_rules.serialization import to_json
from tabletop_rules.skirmish import (
    RULESET,
    Attack,
    CombatSetup,
    EndTurn,
    GiveAp,
    Prepare,
    Rulings,
    Team,
    UseSkill,
    load_cards,
    sample_cards,
)

SAMPLE = sample_cards()
CUSTOM = load_cards(
    """
[[card]]
id = "glass"
name = "Glass Pawn"
hp = 1
atk = 1
skl = 0
def = 0

[[card]]
id = "giant"
name = "Giant"
hp = 20
atk = 1
skl = 0
def = 0

[[card]]
id = "brute"
name = "Brute"
hp = 5
atk = 9
skl = 3
def = 0

[[card]]
id = "exile"
name = "Exile Priest"
hp = 3
atk = 1
skl = 1
def = 0
[[card.skill]]
name = "Exile"
cost = 1
target = "enemy"
range = 3
[[card.skill.effect]]
kind = "remove"
"""
)


def card(card_id: str) -> Any:
    return CUSTOM[card_id] if card_id in CUSTOM else SAMPLE[card_id]


SETUPS: dict[str, tuple[str, CombatSetup]] = {}


def setup(
    name: str,
    note: str,
    a: list[tuple[str, int]],
    b: list[tuple[str, int]],
    library: tuple[str, ...] = (),
    **rulings: Any,
) -> str:
    teams = tuple(
        Team(cards=tuple(card(c) for c, _ in side), rows=tuple(r for _, r in side))
        for side in (a, b)
    )
    SETUPS[name] = (
        note,
        CombatSetup(
            teams=teams, library=tuple(card(c) for c in library), rulings=Rulings(**rulings)
        ),
    )
    return name


CASES: list[str] = []
IDS: set[str] = set()


def q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dice_text(faces: list[tuple[int, int]]) -> str:
    return "[" + ", ".join(q(f"2d6:{a},{b}") for a, b in faces) + "]"


def emit(
    case_id: str, clauses: list[str], note: str, faces: list[tuple[int, int]], body: list[str]
) -> None:
    case_id = "skirmish-" + case_id
    assert case_id not in IDS, case_id
    IDS.add(case_id)
    lines = ["[[case]]", f"id = {q(case_id)}"]
    if note:
        lines.append(f"note = {q(note)}")
    lines.append("clauses = [" + ", ".join(q(c) for c in sorted(set(clauses))) + "]")
    lines.append(f"dice = {dice_text(faces)}")
    lines.extend(body)
    CASES.append("\n".join(lines))


def cards_case(
    case_id: str,
    clauses: list[str],
    note: str,
    actor: str,
    target: str,
    faces: list[tuple[int, int]],
    **args: int,
) -> None:
    body = ['check = "cards"', f"sheets = [{q(actor)}, {q(target)}]"]
    if args:
        body.append("args = { " + ", ".join(f"{k} = {v}" for k, v in args.items()) + " }")
    emit(case_id, clauses, note, faces, body)


def chat_case(
    case_id: str, clauses: list[str], note: str, text: str, faces: list[tuple[int, int]]
) -> None:
    emit(case_id, clauses, note, faces, [f"chat = {q(text)}"])


def _scripted(faces: list[tuple[int, int]]) -> ScriptedDice:
    return ScriptedDice([f for pair in faces for f in pair], sides=[6] * (2 * len(faces)))


class Game:
    """A combat case played here, passes filled in."""

    def __init__(self, setup_name: str, first: str | list[tuple[int, int]] = "a") -> None:
        self.setup_name = setup_name
        if isinstance(first, list):
            initiative = first
        else:
            initiative = [(6, 5), (2, 3)] if first == "a" else [(1, 2), (3, 3)]
        dice = _scripted(initiative)
        self.state, _ = engine.begin(RULESET, SETUPS[setup_name][1], dice)
        assert not dice.remaining, initiative
        self.commands: list[str] = []
        self.faces: list[tuple[int, int]] = list(initiative)
        #: The faces of the checks to come, rolled when their windows close.
        self.rolls: list[tuple[int, int]] = []
        #: The command that closed a window before a check whose faces are not given yet.
        self.waiting: Any = None
        self.closed = False

    def _apply(self, command: Any) -> None:
        """Play *command*; one whose check needs faces not given yet waits for :meth:`roll`."""
        assert self.waiting is None, (self.waiting, command)
        dice = _scripted(self.rolls)
        try:
            self.state, entry = engine.step(RULESET, self.state, command, dice)
        except DiceExhausted:
            self.waiting = command  # the table rolls it next: nothing has changed
            return
        used = len(entry.faces) // 2
        self.faces.extend(self.rolls[:used])
        self.rolls = self.rolls[used:]
        self.commands.append(to_json(command))

    def passes(self, command: Any = None) -> None:
        """Pass every open window that *command* does not answer."""
        while self.waiting is None:
            frames = self.state.stack.frames
            if not frames or frames[-1].responder is None:
                return
            top = frames[-1]
            if command is not None and getattr(command, "actor", None) == top.responder:
                if isinstance(command, Pass):
                    return
                if isinstance(command, UseSkill):
                    unit = self.state.find(command.unit)
                    skills = () if unit is None else unit.card.skills
                    if (
                        not 0 <= command.skill < len(skills)
                        or skills[command.skill].timing.value == "response"
                    ):
                        return
            self._apply(Pass(top.responder))

    def send(self, command: Any, faces: list[tuple[int, int]] | None = None) -> Game:
        assert not self.closed
        self.passes(command)
        self.rolls.extend(faces or [])
        self._apply(command)
        return self

    def roll(self, actor: tuple[int, int], defender: tuple[int, int] | None = None) -> Game:
        """The faces of the check to come; the windows before it are passed until it rolls."""
        self.rolls.extend([actor] if defender is None else [actor, defender])
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            self._apply(waiting)
        return self.settle()

    def settle(self) -> Game:
        """Pass the windows until the checks to come have rolled (or nothing asks)."""
        while self.rolls and self.waiting is None:
            frames = self.state.stack.frames
            if not frames or frames[-1].responder is None:
                break
            self._apply(Pass(frames[-1].responder))
        return self

    def finish(self) -> Game:
        """Pass every window until nothing is being resolved (its checks' faces queued)."""
        self.passes()
        return self

    def illegal(self, command: Any, faces: list[tuple[int, int]] | None = None) -> Game:
        assert not self.rolls, self.rolls
        assert self.waiting is None, self.waiting
        dice = ScriptedDice([f for pair in faces or [] for f in pair])
        try:
            engine.step(RULESET, self.state, command, dice)
        except IllegalCommand:
            pass
        else:
            raise AssertionError(f"legal: {command}")
        self.commands.append(to_json(command))
        self.faces.extend(faces or [])
        self.closed = True
        return self

    # shorthands
    def attack(
        self,
        unit: str,
        target: str,
        actor: tuple[int, int] | None = None,
        defender: tuple[int, int] | None = None,
    ) -> Game:
        faces = [] if actor is None else [actor] if defender is None else [actor, defender]
        self.send(Attack(unit[0], unit, target), faces)
        return self.settle()

    def prepare(self, unit: str, row: int | None = None) -> Game:
        return self.send(Prepare(unit[0], unit, row))

    def skill(
        self,
        unit: str,
        index: int,
        target: str | None = None,
        actor: tuple[int, int] | None = None,
        defender: tuple[int, int] | None = None,
    ) -> Game:
        if target is None and self.state.unit(unit).card.skills[index].target.value == "self":
            target = unit
        faces = [] if actor is None else [actor] if defender is None else [actor, defender]
        self.send(UseSkill(unit[0], unit, index, target), faces)
        return self.settle()

    def end(self, times: int = 1) -> Game:
        for _ in range(times):
            self.send(EndTurn(self.state.active))
        return self

    def give(self, unit: str) -> Game:
        return self.send(GiveAp(unit[0], unit))

    def emit(self, case_id: str, clauses: list[str], note: str = "") -> None:
        assert not self.rolls, (case_id, self.rolls)
        assert self.waiting is None, (case_id, self.waiting)
        body = [f"setup = {q(self.setup_name)}", "commands = ["]
        body.extend(f"  '{c}'," for c in self.commands)
        body.append("]")
        emit(case_id, clauses, note, self.faces, body)


def write(out: Any) -> None:
    out.write(
        "# The card skirmish (rules/skirmish.zh-Hant.txt). Record: python -m tabletop_rules.vectors record <this file>\n"
        "# Generated by tools/vectors/gen_skirmish.py (inputs); the [case.expect] tables are recorded\n"
        '# and reviewed. A check\'s "sheets" are two sample card ids (skirmish/cards/sample.toml): the actor, then the target.\n'
        'system = "skirmish"\n\n[setups]\n'
    )
    for name, (note, value) in SETUPS.items():
        out.write(f"# {note}\n{name} = '''{to_json(value)}'''\n")
    for case in CASES:
        out.write("\n" + case + "\n")


def seeds() -> None:
    """The first cases of the file (phase 1), kept with their ids."""
    cards_case("actor-higher", ["SK-25"], "", "ember_knight", "wind_archer", [(4, 4), (3, 3)])
    cards_case("tie-fails", ["SK-25"], "", "ember_knight", "stone_warden", [(4, 4), (3, 4)])
    cards_case(
        "natural-snake-eyes", ["SK-26"], "", "wind_archer", "wind_archer", [(1, 1)], actor_bonus=20
    )
    cards_case(
        "natural-boxcars", ["SK-28"], "", "field_medic", "stone_warden", [(6, 6)], defender_bonus=20
    )
    cards_case(
        "distance-penalty",
        ["SK-06"],
        "",
        "wind_archer",
        "ember_knight",
        [(4, 3), (2, 3)],
        distance=2,
    )
    chat_case(
        "chat-check",
        ["SK-25"],
        "P(2D6+3 beats 2D6+2) is 5/9 (issue 12)",
        "SK+3>DEF+2",
        [(5, 5), (4, 3)],
    )


def main() -> None:
    seeds()
    checks()
    status_checks()
    chats()
    combats()
    write(sys.stdout)


# ---------------------------------------------------------------- the checks of two cards


def pair(total: int) -> tuple[int, int]:
    """Two d6 faces with *total*, never a natural (1+1 or 6+6) unless the total forces it."""
    low = max(1, total - 6)
    first = max(low, min(total // 2, 6))
    return (first, total - first)


CHECK = ["SK-22", "SK-23", "SK-24", "SK-25"]


def checks() -> None:
    # The first fourteen sample cards, paired as they always were; the status cards that came
    # after them have cases of their own (statuses()).
    ids = list(SAMPLE.ids)[:14]
    names = {"+1": "wins-by-one", "0": "tie", "-1": "loses-by-one"}
    for i, actor_id in enumerate(ids):
        target_id = ids[(i + 5) % len(ids)]
        actor, target = SAMPLE[actor_id], SAMPLE[target_id]
        for delta in (1, 0, -1):
            for s_a in (7, 6, 8, 5, 9, 4, 10, 3, 11):
                s_d = s_a + actor.skl - target.defense - delta
                if 3 <= s_d <= 11:
                    break
            word = names[f"{delta:+d}" if delta else "0"]
            note = (
                f"2D6+{actor.skl} skl ({actor.name}) against 2D6+{target.defense} def ({target.name}); "
                f"the actor's total is {'one more than' if delta > 0 else 'equal to' if delta == 0 else 'one less than'} "
                f"the defender's: {'only strictly higher succeeds' if delta >= 0 else 'failure'}"
            )
            cards_case(
                f"cards-{actor_id}-{word}", CHECK, note, actor_id, target_id, [pair(s_a), pair(s_d)]
            )
    # every row of distance, -1 a row (SK-06), at the edge of success
    for rows in range(4):
        # wind_archer skl 3 against ember_knight def 1: 2D6+3-rows against 2D6+1
        s_a = 7
        for delta, word in ((1, "wins-by-one"), (0, "tie")):
            s_d = s_a + 3 - rows - 1 - delta
            cards_case(
                f"cards-distance-{rows}-{word}",
                [*CHECK, "SK-06"],
                f"{rows} row(s) between actor and target: -{rows}; the total is then "
                f"{'one above' if delta else 'equal to'} the defender's",
                "wind_archer",
                "ember_knight",
                [pair(s_a), pair(s_d)],
                distance=rows,
            )
    # the actor's naturals end the check at once: the defender does not roll
    for actor_id, target_id, bonus in (
        ("wind_archer", "iron_golem", 20),
        ("iron_golem", "wind_archer", 9),
        ("void_binder", "spirit_wolf", 0),
        ("moon_beast", "lantern_sage", 0),
    ):
        if target_id not in SAMPLE:
            continue
        cards_case(
            f"cards-snake-eyes-{actor_id}",
            ["SK-22", "SK-26"],
            "the actor's natural 1+1 fails at once however high its total: the defender does not roll",
            actor_id,
            target_id,
            [(1, 1)],
            **({"actor_bonus": bonus} if bonus else {}),
        )
    for actor_id, target_id, bonus in (
        ("iron_golem", "stone_warden", 20),
        ("field_medic", "riposte_duelist", 9),
        ("lantern_sage", "mist_dancer", 0),
    ):
        cards_case(
            f"cards-boxcars-{actor_id}",
            ["SK-22", "SK-28"],
            "the actor's natural 6+6 succeeds at once however high the defence: the defender does not roll",
            actor_id,
            target_id,
            [(6, 6)],
            **({"defender_bonus": bonus} if bonus else {}),
        )
    cards_case(
        "cards-snake-eyes-at-distance",
        ["SK-06", "SK-26"],
        "1+1 at distance 3: fails at once",
        "wind_archer",
        "wind_archer",
        [(1, 1)],
        distance=3,
    )
    cards_case(
        "cards-boxcars-at-distance",
        ["SK-06", "SK-28"],
        "6+6 at distance 3 against a higher total: succeeds at once (12+0-3 = 9 would lose)",
        "iron_golem",
        "stone_warden",
        [(6, 6)],
        distance=3,
        defender_bonus=5,
    )
    # next to the naturals: ordinary totals
    cards_case(
        "cards-one-two-not-natural",
        [*CHECK, "SK-26"],
        "1+2 is not a natural: 3+3 skl+5 = 11 beats 2+3+0 = 5",
        "wind_archer",
        "wind_archer",
        [(1, 2), (2, 3)],
        actor_bonus=5,
    )
    cards_case(
        "cards-two-one-not-natural",
        [*CHECK, "SK-26"],
        "2+1 is not a natural; a plain failure against 4+4",
        "iron_golem",
        "spirit_wolf",
        [(2, 1), (4, 4)],
    )
    cards_case(
        "cards-six-five-not-natural",
        [*CHECK, "SK-28"],
        "6+5 is not a natural: 11+0 against 5+5+3 = 13 fails",
        "iron_golem",
        "stone_warden",
        [(6, 5), (5, 5)],
    )
    cards_case(
        "cards-five-six-not-natural",
        [*CHECK, "SK-28"],
        "5+6 is not a natural: 11+2 against 6+6+2 = 14 fails (the defender's 6+6 is only a total)",
        "ember_knight",
        "riposte_duelist",
        [(5, 6), (6, 6)],
    )
    # the defender's naturals do nothing (DESIGN Rulings)
    cards_case(
        "cards-defender-snake-eyes-wins",
        [*CHECK, "SK-26"],
        "the defender's 1+1 is just 2: 2+3 def = 5 against the actor's 2+1+0 = 3, the action fails",
        "iron_golem",
        "stone_warden",
        [(2, 1), (1, 1)],
    )
    cards_case(
        "cards-defender-snake-eyes-tie",
        [*CHECK, "SK-26"],
        "the defender's 1+1 + 2 def = 4 ties the actor's 1+3+0 = 4: a tie fails",
        "iron_golem",
        "iron_golem",
        [(1, 3), (1, 1)],
    )
    cards_case(
        "cards-defender-boxcars-loses",
        [*CHECK, "SK-28"],
        "the defender's 6+6 is just 12: 12+0 def loses to 6+5+3 = 14",
        "wind_archer",
        "wind_archer",
        [(6, 5), (6, 6)],
    )
    cards_case(
        "cards-defender-boxcars-tie",
        [*CHECK, "SK-28"],
        "the defender's 6+6+1 = 13 ties 5+6+2 = 13: failure",
        "ember_knight",
        "ember_knight",
        [(5, 6), (6, 6)],
    )
    # the lowest and highest totals
    cards_case(
        "cards-lowest-totals",
        CHECK,
        "the lowest non-natural actor total, 1+2+0 = 3, beats 1+1+0 = 2",
        "iron_golem",
        "wind_archer",
        [(1, 2), (1, 1)],
    )
    cards_case(
        "cards-highest-totals",
        CHECK,
        "the highest non-natural actor total 6+5+3 = 14 ties 6+6+2 = 14",
        "moon_beast",
        "iron_golem",
        [(5, 6), (6, 6)],
    )
    cards_case(
        "cards-highest-beats-lowest",
        CHECK,
        "11+3 = 14 against 2+3 = 5",
        "void_binder",
        "stone_warden",
        [(6, 5), (1, 1)],
    )
    # modifiers of other kinds (markers, responses) as bonuses
    for name, args, faces in (
        ("actor-bonus-wins", {"actor_bonus": 2}, [(3, 3), (4, 4)]),
        ("actor-penalty-ties", {"actor_bonus": -2}, [(4, 4), (3, 4)]),
        ("defender-bonus-ties", {"defender_bonus": 2}, [(4, 4), (3, 4)]),
        ("defender-penalty-loses", {"defender_bonus": -2}, [(2, 2), (4, 4)]),
        ("both-bonuses", {"actor_bonus": 1, "defender_bonus": 3, "distance": 1}, [(5, 5), (2, 3)]),
    ):
        cards_case(
            f"cards-{name}",
            [*CHECK, "SK-06"] if "distance" in args else CHECK,
            "other modifiers add to either total (2d6+skl+其他修正值, 2d6+def+其他修正值)",
            "ember_knight",
            "hex_weaver",
            faces,
            **args,
        )


# ---------------------------------------------------------------- chat commands


def chats() -> None:
    rows = [
        (
            "chat-tie",
            ["SK-25"],
            "8+3 = 11 against 9+2 = 11: a tie fails",
            "SK+3>DEF+2",
            [(4, 4), (4, 5)],
        ),
        ("chat-by-one", ["SK-25"], "12 against 11", "SK+3>DEF+2", [(4, 5), (4, 5)]),
        ("chat-loses", ["SK-25"], "", "SK+3>DEF+2", [(1, 2), (5, 5)]),
        (
            "chat-snake-eyes",
            ["SK-26"],
            "1+1 fails at once, the defender does not roll",
            "SK+20>DEF",
            [(1, 1)],
        ),
        ("chat-boxcars", ["SK-28"], "6+6 succeeds at once", "SK>DEF+20", [(6, 6)]),
        (
            "chat-defender-snake-eyes",
            ["SK-26", "SK-25"],
            "the defender's 1+1 is only a total",
            "SK>DEF+3",
            [(1, 3), (1, 1)],
        ),
        (
            "chat-defender-boxcars",
            ["SK-28", "SK-25"],
            "the defender's 6+6 is only a total",
            "SK+5>DEF",
            [(4, 4), (6, 6)],
        ),
        ("chat-plain", ["SK-25"], "no modifiers", "SK>DEF", [(3, 4), (3, 3)]),
        ("chat-plain-tie", ["SK-25"], "no modifiers, a tie", "SK>DEF", [(3, 4), (2, 5)]),
        ("chat-lowercase", ["SK-25"], "", "sk+2>def+1@2", [(4, 4), (2, 2)]),
        ("chat-spaces", ["SK-25"], "", "SK + 2 > DEF + 1", [(4, 4), (2, 2)]),
        ("chat-negative", ["SK-25"], "a negative actor modifier", "SK-1>DEF+0", [(5, 4), (3, 4)]),
        ("chat-unicode-minus", ["SK-25"], "the minus sign U+2212", "SK−1>DEF−1", [(3, 4), (3, 4)]),
        (
            "chat-several-terms",
            ["SK-25"],
            "terms add up: +2+1-1 = +2, +1+1 = +2",
            "SK+2+1-1>DEF+1+1",
            [(4, 4), (4, 4)],
        ),
        (
            "chat-big-modifiers",
            ["SK-25"],
            "three-digit modifiers",
            "SK+100>DEF+99",
            [(2, 2), (2, 2)],
        ),
    ]
    for rows_ in range(4):
        rows.append(
            (
                f"chat-distance-{rows_}-tie",
                ["SK-06", "SK-25"],
                f"@{rows_}: 7+3-{rows_} ties {8 - rows_}+2",
                f"SK+3>DEF+2@{rows_}",
                [(3, 4), pair(8 - rows_)],
            )
        )
        rows.append(
            (
                f"chat-distance-{rows_}-win",
                ["SK-06", "SK-25"],
                f"@{rows_}: 7+3-{rows_} beats {7 - rows_}+2 by one",
                f"SK+3>DEF+2@{rows_}",
                [(3, 4), pair(7 - rows_)],
            )
        )
    for case_id, text, faces in (
        ("chat-error-far", "SK+3>DEF+2@4", []),
        ("chat-error-no-def", "SK+3>", []),
        ("chat-error-four-digits", "SK+1000>DEF", []),
        ("chat-error-letters", "SK+3>DEF+x", []),
    ):
        chat_case(
            case_id,
            ["SK-06", "SK-25"],
            "refused: the command's form is SK+N>DEF+M@D (D 0-3)",
            text,
            faces,
        )
    for case_id, text in (
        ("chat-not-a-command", "skill check later"),
        ("chat-plain-text", "good game"),
    ):
        chat_case(case_id, ["SK-25"], "ordinary chat, not a command", text, [])
    for case_id, clauses, note, text, faces in rows:
        chat_case(case_id, clauses, note, text, faces)


# ---------------------------------------------------------------- combats

WIN, TIE = "success", "tie"


def setups() -> None:
    from tabletop_rules.skirmish import sample_setup

    SETUPS["sample"] = (
        "tabletop_rules.skirmish.sample_setup(): vanguard (a) against wilds (b).",
        sample_setup(),
    )
    setup(
        "plain",
        "no response skills: a1 Ember Knight r1, a2 Hex Weaver r1, a3 Field Medic r0; "
        "b1 Wind Archer r2, b2 Iron Golem r2, b3 Void Binder r3",
        [("ember_knight", 1), ("hex_weaver", 1), ("field_medic", 0)],
        [("wind_archer", 2), ("iron_golem", 2), ("void_binder", 3)],
    )
    for name, rulings in (
        ("plain-defender-naturals", {"defender_naturals": True}),
        ("plain-rows-between", {"rows_between": True}),
        ("plain-per-player", {"limits_per_player": True}),
        ("plain-own-rows", {"enter_enemy_rows": False}),
        ("plain-ignore-markers", {"refresh_markers": False}),
        ("plain-last-turn-2", {"last_turn": 2}),
    ):
        _, value = SETUPS["plain"]
        SETUPS[name] = (
            f"plain with Rulings({rulings})",
            attrs.evolve(value, rulings=Rulings(**rulings)),
        )
    setup(
        "glass",
        "a1 Ember Knight, a2 Iron Golem, a3 Wind Archer, all r1; b1-b3 Glass Pawns (hp 1) r2",
        [("ember_knight", 1), ("iron_golem", 1), ("wind_archer", 1)],
        [("glass", 2), ("glass", 2), ("glass", 2)],
    )
    setup(
        "count",
        "a1 Ember Knight r1, a2 Field Medic r1, a3 Hex Weaver r0 (16 hp); "
        "b1 Glass Pawn r2, b2 Giant r2, b3 Giant r3 (41 hp)",
        [("ember_knight", 1), ("field_medic", 1), ("hex_weaver", 0)],
        [("glass", 2), ("giant", 2), ("giant", 3)],
    )
    setup(
        "exile",
        "a1-a3 Exile Priests (Exile: 1 AP, remove an enemy) r1; b1-b3 Glass Pawns r2",
        [("exile", 1), ("exile", 1), ("exile", 1)],
        [("glass", 2), ("glass", 2), ("glass", 3)],
    )
    setup(
        "last-wolf",
        "a1 Beast Caller, a2 and a3 Glass Pawns, all r1; b1-b3 Brutes (atk 9) r2; the library holds Spirit Wolf",
        [("beast_caller", 1), ("glass", 1), ("glass", 1)],
        [("brute", 2), ("brute", 2), ("brute", 2)],
        library=("spirit_wolf",),
    )
    setup(
        "summon",
        "a1 Beast Caller r1, a2 Lantern Sage r1, a3 Moon Shifter r1; "
        "b1 Ember Knight r2, b2 Iron Golem r2, b3 Wind Archer r3; the library holds Spirit Wolf and Moon Beast",
        [("beast_caller", 1), ("lantern_sage", 1), ("moon_shifter", 1)],
        [("ember_knight", 2), ("iron_golem", 2), ("wind_archer", 3)],
        library=("spirit_wolf", "moon_beast"),
    )
    setup(
        "duel",
        "every response skill: a1 Riposte Duelist r1, a2 Stone Warden r1, a3 Mist Dancer r1; "
        "b1 Riposte Duelist r2, b2 Stone Warden r2, b3 Mist Dancer r2",
        [("riposte_duelist", 1), ("stone_warden", 1), ("mist_dancer", 1)],
        [("riposte_duelist", 2), ("stone_warden", 2), ("mist_dancer", 2)],
    )
    setup(
        "mirror",
        "the same three cards on both sides: Ember Knight front, Hex Weaver and Field Medic back",
        [("ember_knight", 1), ("hex_weaver", 0), ("field_medic", 0)],
        [("ember_knight", 2), ("hex_weaver", 3), ("field_medic", 3)],
    )


ATTACK = ["SK-09", "SK-10", "SK-11", "SK-13", "SK-22", "SK-23", "SK-24", "SK-25", "SK-30", "SK-06"]


def initiative() -> None:
    runs = [
        ("b-first", [(1, 2), (3, 3)], "a rolls 3, b 6: b takes the first turn"),
        (
            "tie-then-a",
            [(3, 4), (2, 5), (6, 5), (1, 1)],
            "7 and 7 tie: both roll again; 11 against 2",
        ),
        (
            "two-ties-then-b",
            [(6, 6), (6, 6), (1, 1), (1, 1), (1, 2), (2, 2)],
            "12-12 and 2-2 tie; then 3 against 4",
        ),
        ("twelve-eleven", [(6, 6), (5, 6)], "12 against 11 by one"),
        ("two-three", [(1, 1), (1, 2)], "2 against 3: b"),
    ]
    for total in range(2, 13):
        tie = pair(total) if total not in (2, 12) else ((1, 1) if total == 2 else (6, 6))
        runs.append(
            (
                f"tie-at-{total}",
                [tie, tie, (4, 4), (3, 4)],
                f"both roll {total}: roll again; 8 against 7",
            )
        )
    g = Game("sample")
    g.emit(
        "combat-first-player",
        ["SK-01", "SK-02", "SK-03", "SK-04", "SK-05", "SK-07"],
        "three cards a side, placed in their own two rows (two in one row); a rolls 11, b 5: a takes the first turn",
    )
    for name, faces, note in runs:
        g = Game("plain", first=faces)
        g.emit(f"combat-first-{name}", ["SK-02", "SK-07"], note)


def attacks() -> None:
    # every attacker and target in reach, at the edges of the check (plain: dist 1, -1)
    stats = {u.id: u for u in RULESET.start(SETUPS["plain"][1]).units}
    for first, pairs in (
        ("a", [("a1", "b1"), ("a1", "b2"), ("a2", "b1"), ("a2", "b2")]),
        ("b", [("b1", "a1"), ("b1", "a2"), ("b2", "a1"), ("b2", "a2")]),
    ):
        for unit, target in pairs:
            skl, dfn = stats[unit].card.skl - 1, stats[target].card.defense
            for delta, word in ((1, "wins-by-one"), (0, "tie")):
                s_a = 7
                s_d = s_a + skl - dfn - delta
                while not 3 <= s_d <= 11:
                    s_a += 1 if s_d < 3 else -1
                    s_d = s_a + skl - dfn - delta
                g = Game("plain", first=first).attack(unit, target, pair(s_a), pair(s_d))
                g.emit(
                    f"combat-attack-{unit}-{target}-{word}",
                    [*ATTACK, "SK-12"],
                    f"{unit} ({stats[unit].card.name}) attacks {target} one row away (-1): the total is "
                    f"{'one above' if delta else 'equal to'} the defence; {'atk damage' if delta else 'a tie fails, no damage'}",
                )
            g = Game("plain", first=first).attack(unit, target, (1, 1))
            g.emit(
                f"combat-attack-{unit}-{target}-snake-eyes",
                [*ATTACK, "SK-26", "SK-27"],
                "1+1: fails at once, the defender does not roll, the attacker's AP 1 -> 0",
            )
            g = Game("plain", first=first).attack(unit, target, (6, 6))
            g.emit(
                f"combat-attack-{unit}-{target}-boxcars",
                [*ATTACK, "SK-12", "SK-28", "SK-29"],
                "6+6: succeeds at once (atk damage), the defender does not roll, AP 1 -> 2",
            )
    Game("plain").attack("a1", "b1", (3, 3), (1, 1)).emit(
        "combat-defender-snake-eyes",
        [*ATTACK, "SK-26"],
        "the defender's 1+1 is only 2: 6+2-1 = 7 > 2, a success, no AP change",
    )
    Game("plain").attack("a1", "b2", (1, 2), (1, 1)).emit(
        "combat-defender-snake-eyes-tie",
        [*ATTACK, "SK-26"],
        "3+2-1 = 4 ties the defender's 1+1+2 = 4: the tie fails, the defender's 1+1 changes nothing",
    )
    Game("plain").attack("a2", "b1", (1, 2), (1, 1)).emit(
        "combat-defender-snake-eyes-low",
        [*ATTACK, "SK-26"],
        "the lowest ordinary roll 1+2+2-1 = 4 beats the defender's 1+1+0 = 2",
    )
    Game("plain").attack("a1", "b1", (6, 5), (6, 6)).emit(
        "combat-defender-boxcars",
        [*ATTACK, "SK-28"],
        "the defender's 6+6 is only 12: 11+2-1 = 12 ties 12+0, a failure",
    )
    Game("plain").attack("a1", "b2", (6, 5), (6, 6)).emit(
        "combat-defender-boxcars-loses",
        [*ATTACK, "SK-28"],
        "11+2-1 = 12 against 12+2 = 14: failure, no AP change",
    )
    # AP at 0 and 1+1 (never below 0)
    Game("plain").skill("a2", 1).attack("a2", "b1", (1, 1)).emit(
        "combat-snake-eyes-at-zero-ap",
        ["SK-20", "SK-26", "SK-27", "SK-41"],
        "Hex Weaver spends its 1 AP on Focus, then rolls 1+1 attacking: AP stays 0 (最低減至0)",
    )
    Game("plain").skill("a2", 1).attack("a2", "b1", (6, 6)).emit(
        "combat-boxcars-at-zero-ap", ["SK-20", "SK-28", "SK-29", "SK-12"], "at 0 AP, 6+6 gives 1 AP"
    )
    Game("plain").attack("a1", "b1", (1, 1)).attack("a2", "b1", (1, 1)).emit(
        "combat-two-snake-eyes", ["SK-26", "SK-27", "SK-14"], "each attacker loses its own AP"
    )
    # distance 0: b steps into row 1, a attacks in the same row
    Game("plain", first="b").prepare("b1", 1).end().attack("a1", "b1", (3, 3), (3, 3)).emit(
        "combat-attack-same-row",
        ["SK-06", "SK-11", "SK-17", "SK-25"],
        "same row: no distance term; 6+2 > 6+0",
    )
    Game("plain", first="b").prepare("b1", 1).end().attack("a3", "b1", (3, 3), (4, 3)).emit(
        "combat-attack-from-back-row",
        ["SK-06", "SK-11", "SK-25"],
        "Field Medic r0 reaches b1 now in r1: distance 1, -1",
    )
    Game("plain").illegal(Attack("a", "a3", "b1")).emit(
        "combat-attack-out-of-range", ["SK-11"], "Field Medic r0 against Wind Archer r2: distance 2"
    )
    Game("plain").illegal(Attack("a", "a1", "b3")).emit(
        "combat-attack-out-of-range-back",
        ["SK-11"],
        "Ember Knight r1 against Void Binder r3: distance 2",
    )
    Game("plain").illegal(Attack("a", "a1", "a2")).emit(
        "combat-attack-ally", ["SK-11"], "a target is an enemy"
    )
    Game("plain").illegal(Attack("a", "b1", "a1")).emit(
        "combat-attack-with-enemy", ["SK-09"], "a player acts with its own characters"
    )
    Game("plain").illegal(Attack("b", "b1", "a1")).emit(
        "combat-attack-not-your-turn", ["SK-09", "SK-34"], "b acts on b's turn"
    )
    Game("plain").illegal(Attack("a", "a1", "b9")).emit(
        "combat-attack-nobody", ["SK-11"], "no such target"
    )
    # once a turn; the exclusions (per character, DESIGN)
    Game("plain").attack("a1", "b1", (4, 4), (3, 3)).illegal(Attack("a", "a1", "b2")).emit(
        "combat-attack-twice", ["SK-14"], "a normal attack once a turn"
    )
    Game("plain").attack("a1", "b1", (4, 4), (3, 3)).attack("a2", "b1", (4, 4), (5, 3)).emit(
        "combat-attack-two-characters",
        ["SK-12", "SK-14"],
        "the limit is each character's (DESIGN): a2 may attack too",
    )
    Game("plain").attack("a1", "b1", (2, 2), (4, 4)).end(2).attack("a1", "b1", (4, 4), (3, 3)).emit(
        "combat-attack-next-turn",
        ["SK-14", "SK-07", "SK-12"],
        "the limit resets with the character's next turn",
    )
    Game("plain").attack("a1", "b1", (4, 4), (3, 3)).illegal(Prepare("a", "a1", None)).emit(
        "combat-prepare-after-attack", ["SK-15"], "進行普通攻擊後就不能再進行預備動作"
    )
    Game("plain").attack("a1", "b1", (4, 4), (3, 3)).prepare("a2", 0).emit(
        "combat-other-prepares-after-attack",
        ["SK-15", "SK-16", "SK-17"],
        "another character may still prepare",
    )
    Game("plain").prepare("a1").illegal(Attack("a", "a1", "b1")).emit(
        "combat-attack-after-prepare", ["SK-19"], "進行預備動作後就不能再進行攻擊類型的行動"
    )
    Game("plain").prepare("a1").illegal(UseSkill("a", "a1", 0, "b1")).emit(
        "combat-attack-skill-after-prepare",
        ["SK-19", "SK-21"],
        "Flame Lance is attack-type: not after a preparatory action",
    )
    Game("plain").prepare("a2").attack("a1", "b2", (5, 4), (3, 3)).emit(
        "combat-other-attacks-after-prepare",
        ["SK-19", "SK-12"],
        "another character may still attack",
    )
    Game("plain").prepare("a2").skill("a2", 0, "b2", (4, 4), (3, 3)).emit(
        "combat-hex-after-prepare",
        ["SK-19", "SK-20", "SK-21", "SK-41", "SK-06"],
        "Withering Hex needs a check but is not attack-type: allowed after preparing (3 AP -> 1)",
    )
    # downed targets and the end when all are down
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).emit(
        "combat-down-at-zero", ["SK-12", "SK-40"], "2 damage to 1 hp: hp 0 (never below), downed"
    )
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).illegal(Attack("a", "a2", "b1")).emit(
        "combat-attack-downed", ["SK-40", "SK-11"], "a downed character is no target"
    )
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).attack("a2", "b2", (5, 5), (3, 3)).attack(
        "a3", "b3", (4, 4), (3, 3)
    ).emit(
        "combat-all-down",
        ["SK-03", "SK-35", "SK-40", "SK-12"],
        "the third pawn falls: every character of b is down, a wins",
    )
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).attack("a2", "b2", (5, 5), (3, 3)).attack(
        "a3", "b3", (4, 4), (3, 3)
    ).illegal(EndTurn("a")).emit("combat-after-the-end", ["SK-35"], "the game is over")
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).attack("a2", "b2", (5, 5), (3, 3)).attack(
        "a3", "b3", (2, 2), (3, 3)
    ).emit("combat-two-down", ["SK-40", "SK-35"], "one pawn still stands: the game goes on")


def preparation() -> None:
    Game("plain").prepare("a1").emit(
        "combat-prepare", ["SK-07", "SK-10", "SK-16"], "1 AP from the preparation + 2 = 3"
    )
    Game("plain").prepare("a1", 2).emit(
        "combat-prepare-into-enemy-row",
        ["SK-16", "SK-17"],
        "r1 -> r2, the opponent's row (DESIGN: any adjacent row)",
    )
    Game("plain").prepare("a1", 0).emit("combat-prepare-back", ["SK-16", "SK-17"], "r1 -> r0")
    Game("plain").prepare("a3", 1).emit("combat-prepare-forward", ["SK-16", "SK-17"], "r0 -> r1")
    Game("plain").illegal(Prepare("a", "a3", 2)).emit(
        "combat-prepare-two-rows", ["SK-17"], "r0 -> r2 is not adjacent"
    )
    Game("plain").illegal(Prepare("a", "a3", -1)).emit(
        "combat-prepare-off-field", ["SK-04", "SK-17"], "there is no row -1"
    )
    Game("plain", first="b").illegal(Prepare("b", "b3", 4)).emit(
        "combat-prepare-off-field-b", ["SK-04", "SK-17"], "there is no row 4"
    )
    Game("plain").illegal(Prepare("a", "a1", 1)).emit(
        "combat-prepare-same-row", ["SK-17"], "a move goes to an adjacent row"
    )
    Game("plain").prepare("a1").illegal(Prepare("a", "a1", None)).emit(
        "combat-prepare-twice", ["SK-18"], "預備動作一回合只能進行一次"
    )
    Game("plain").prepare("a1").prepare("a2").prepare("a3", 1).emit(
        "combat-prepare-all", ["SK-16", "SK-18"], "each character once"
    )
    Game("plain").prepare("a1").end(2).prepare("a1").emit(
        "combat-prepare-next-turn",
        ["SK-07", "SK-16", "SK-18"],
        "AP carries over: 3, +1 at turn 3, +2 = 6",
    )
    Game("plain").end().prepare("b1").emit(
        "combat-prepare-b",
        ["SK-07", "SK-16", "SK-34"],
        "b's characters gain AP in b's turn only: 1 + 2",
    )
    Game("plain").end(2).prepare("a1").emit(
        "combat-ap-accumulates", ["SK-07", "SK-16"], "turns 1 and 3: 2 AP, +2 = 4"
    )
    Game("plain-own-rows").illegal(Prepare("a", "a1", 2)).emit(
        "combat-own-rows-ruling", ["SK-17"], "Rulings(enter_enemy_rows=False): r2 is b's"
    )
    Game("plain-own-rows").prepare("a1", 0).emit(
        "combat-own-rows-back", ["SK-17"], "own rows still fine"
    )
    Game("plain").end().emit(
        "combat-end-turn",
        ["SK-33", "SK-34", "SK-07"],
        "a may end at once (DESIGN); b's turn 2 begins",
    )
    Game("plain").illegal(EndTurn("b")).emit(
        "combat-end-turn-not-yours", ["SK-33"], "only the turn player ends the turn"
    )
    Game("duel", first="b").end().send(Attack("a", "a1", "b1")).illegal(EndTurn("a")).emit(
        "combat-end-turn-while-resolving",
        ["SK-30", "SK-33"],
        "an action is being resolved and b is asked first: a may not end the turn",
    )
    Game("duel", first="b").end().send(Attack("a", "a1", "b1")).illegal(
        Attack("a", "a2", "b1")
    ).emit("combat-attack-while-resolving", ["SK-30"], "one action at a time")
    # spare AP of downed characters (SK-08)
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).end().give("b2").prepare("b2").emit(
        "combat-give-spare-ap",
        ["SK-07", "SK-08", "SK-16"],
        "b1 is down: its 1 AP goes to b2: 1+1+2 = 4",
    )
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).attack("a2", "b2", (4, 4), (3, 3)).end().give(
        "b3"
    ).give("b3").prepare("b3").emit(
        "combat-give-two-spare-ap", ["SK-08"], "two down: 2 spare AP, both to b3: 1+2+2 = 5"
    )
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).end().give("b2").illegal(
        GiveAp("b", "b3")
    ).emit("combat-give-too-much", ["SK-08"], "only the downed characters' AP")
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).end().illegal(GiveAp("b", "b1")).emit(
        "combat-give-to-downed", ["SK-08", "SK-40"], "the AP goes to another, standing character"
    )
    Game("plain").illegal(GiveAp("a", "a1")).emit(
        "combat-give-nothing", ["SK-08"], "no one is down: no spare AP"
    )
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).end().end().end().prepare("b2").emit(
        "combat-spare-ap-lapses",
        ["SK-08"],
        "spare AP is not kept: b gave none in turn 2, so b2 has 1 (turn 2) + 1 (turn 4) + 2 = 4 at turn 4",
    )


def skills() -> None:
    # Ember Knight: Flame Lance (2 AP, check, attack, range 2, 3 damage)
    Game("plain").end(2).skill("a1", 0, "b3", (5, 5), (2, 3)).emit(
        "combat-flame-lance",
        ["SK-20", "SK-21", "SK-06", "SK-12"],
        "2 AP at turn 3; r1 -> r3: -2; 10+2-2 > 5+1: 3 damage",
    )
    Game("plain").end(2).skill("a1", 0, "b3", (3, 3), (3, 3)).emit(
        "combat-flame-lance-fails",
        ["SK-20", "SK-21", "SK-30"],
        "the AP is paid before the roll and spent on a failure",
    )
    Game("plain").end(2).skill("a1", 0, "b2", (1, 1)).emit(
        "combat-flame-lance-snake-eyes",
        ["SK-20", "SK-26", "SK-27"],
        "2 AP paid, then 1+1: AP stays 0",
    )
    Game("plain").end(2).skill("a1", 0, "b2", (6, 6)).emit(
        "combat-flame-lance-boxcars",
        ["SK-20", "SK-28", "SK-29"],
        "2 AP paid (0), 6+6: +1 AP and 3 damage",
    )
    Game("plain").illegal(UseSkill("a", "a1", 0, "b1")).emit(
        "combat-flame-lance-no-ap", ["SK-20"], "1 AP, the lance costs 2"
    )
    Game("plain").illegal(UseSkill("a", "a1", 5, "b1")).emit(
        "combat-no-such-skill", ["SK-20"], "Ember Knight has one skill"
    )
    Game("plain").end(2).illegal(UseSkill("a", "a1", 0, "a2")).emit(
        "combat-flame-lance-ally", ["SK-20"], "an enemy target"
    )
    Game("plain").end(2).skill("a1", 0, "b1", (4, 4), (4, 5)).emit(
        "combat-flame-lance-adjacent-tie", ["SK-06", "SK-25"], "8+2-1 = 9 ties 9+0"
    )
    # Hex Weaver: Withering Hex (marker hexed, def -2, 3 turns) and Focus (focused, skl +2, 2 turns)
    Game("plain").prepare("a2").skill("a2", 0, "b2", (4, 4), (3, 3)).attack(
        "a1", "b2", (3, 3), (3, 3)
    ).emit(
        "combat-hex-then-attack",
        ["SK-41", "SK-24", "SK-12"],
        "hexed: Iron Golem's def 2 - 2; 6+2-1 = 7 > 6+2-2 = 6",
    )
    Game("plain").prepare("a2").skill("a2", 0, "b2", (2, 2), (4, 4)).attack(
        "a1", "b2", (3, 3), (3, 3)
    ).emit(
        "combat-hex-fails",
        ["SK-21", "SK-41"],
        "the hex fails: no marker; the attack then ties 7 against 6+2 = 8 -> fails",
    )
    Game("plain").prepare("a2").skill("a2", 0, "b2", (4, 4), (3, 3)).end(2).attack(
        "a1", "b2", (3, 3), (3, 3)
    ).emit(
        "combat-hex-lasts",
        ["SK-42", "SK-45"],
        "two turn ends: the hex (3) has 1 left and still counts",
    )
    Game("plain").prepare("a2").skill("a2", 0, "b2", (4, 4), (3, 3)).end(4).attack(
        "a1", "b2", (3, 3), (3, 3)
    ).emit(
        "combat-hex-expires",
        ["SK-45", "SK-46"],
        "three turn ends took the hex away: def 2 again, 6+2-1 = 7 < 6+2 = 8 fails",
    )
    Game("plain").prepare("a2").skill("a2", 0, "b2", (4, 4), (3, 3)).end(2).prepare("a2").skill(
        "a2", 0, "b2", (4, 4), (3, 3)
    ).skill("a2", 0, "b2", (4, 4), (3, 3)).emit(
        "combat-hex-no-stack",
        ["SK-43", "SK-41"],
        "one hexed marker: the second hex refreshes to 3, the third changes nothing",
    )
    Game("plain").prepare("a2").skill("a2", 0, "b2", (4, 4), (3, 3)).end(2).prepare("a2").skill(
        "a2", 0, "b2", (4, 4), (3, 3)
    ).attack("a1", "b2", (2, 2), (1, 1)).emit(
        "combat-hex-refreshed-counts-once",
        ["SK-43"],
        "a repeated hex still gives -2 once: 4+2-1 = 5 > 2+2-2 = 2",
    )
    Game("plain-ignore-markers").prepare("a2").skill("a2", 0, "b2", (4, 4), (3, 3)).end(2).prepare(
        "a2"
    ).skill("a2", 0, "b2", (4, 4), (3, 3)).emit(
        "combat-hex-ignored-ruling",
        ["SK-43"],
        "Rulings(refresh_markers=False): the repeat is ignored, 1 turn left",
    )
    Game("plain").skill("a2", 1).attack("a2", "b1", (3, 3), (4, 4)).emit(
        "combat-focus", ["SK-20", "SK-41", "SK-23"], "focused: skl 2 + 2; 6+4-1 = 9 > 8"
    )
    Game("plain").skill("a2", 1).end(2).attack("a2", "b1", (3, 3), (4, 4)).emit(
        "combat-focus-expires",
        ["SK-45", "SK-46"],
        "Focus lasts 2 turn ends: gone at turn 3, 6+2-1 = 7 < 8",
    )
    Game("plain").skill("a2", 1).illegal(UseSkill("a", "a2", 1, None)).emit(
        "combat-focus-no-ap", ["SK-20"], "1 AP spent"
    )
    # Field Medic: Mend (heal 3, range 2), Rally (+1 AP, range 3)
    Game("plain", first="b").attack("b1", "a1", (5, 5), (2, 2)).attack(
        "b2", "a1", (5, 5), (2, 2)
    ).end().prepare("a3").skill("a3", 0, "a1").emit(
        "combat-mend", ["SK-20", "SK-12"], "a1 at 2 hp healed by 3: 5"
    )
    Game("plain", first="b").attack("b1", "a1", (5, 5), (2, 2)).end().prepare("a3").skill(
        "a3", 0, "a1"
    ).emit("combat-mend-capped", ["SK-20"], "4 hp + 3, capped at the card's 6")
    Game("plain").prepare("a3").skill("a3", 0, "a3").emit(
        "combat-mend-full", ["SK-20"], "a full character stays full"
    )
    Game("plain").prepare("a3").skill("a3", 1, "a1").skill("a1", 0, "b1", (4, 4), (2, 2)).emit(
        "combat-rally-then-lance",
        ["SK-20", "SK-21", "SK-19"],
        "Rally gives a1 1 AP (2): a1 has not prepared, so it may use Flame Lance",
    )
    Game("plain").prepare("a3").skill("a3", 1, "a1").illegal(UseSkill("a", "a3", 1, "a1")).emit(
        "combat-rally-no-ap", ["SK-20"], "3 - 2 = 1 AP left"
    )
    # Wind Archer: Gust Shot (2, check, attack, range 3, 1 damage, push 1 row)
    Game("plain", first="b").end(2).skill("b1", 0, "a1", (4, 4), (3, 3)).emit(
        "combat-gust-shot",
        ["SK-06", "SK-20", "SK-21"],
        "r2 -> r1: -1; 8+3-1 > 6+1: 1 damage, a1 pushed back to r0",
    )
    Game("plain", first="b").end(2).skill("b1", 0, "a3", (4, 4), (2, 3)).emit(
        "combat-gust-shot-edge", ["SK-06", "SK-04"], "r2 -> r0: -2; a3 is already in r0: it stays"
    )
    Game("plain", first="b").end().prepare("a1", 2).end().skill("b1", 0, "a1", (4, 4), (3, 3)).emit(
        "combat-gust-shot-same-row",
        ["SK-06", "SK-17"],
        "a1 stepped into r2: same row, no penalty; pushed toward a's side, r1",
    )
    Game("plain", first="b").end().prepare("a1", 2).end().prepare("b3", 2).skill(
        "b1", 0, "a1", (4, 4), (3, 3)
    ).emit(
        "combat-gust-shot-after-prepare-other",
        ["SK-19"],
        "b3 prepared, b1 did not: b1 may still use Gust Shot",
    )
    Game("plain", first="b").end(2).illegal(UseSkill("b", "b3", 0, "a1")).emit(
        "combat-banish-no-ap", ["SK-20"], "2 AP at turn 3; Banish costs 5"
    )
    Game("plain", first="b").end(2).skill("b1", 0, "a3", (3, 4), (1, 2)).emit(
        "combat-gust-shot-distance-2", ["SK-06"], "r2 -> r0: 7+3-2 = 8 > 3+1"
    )
    Game("plain", first="b").end().prepare("a1", 2).end().prepare("b1", 3).end().prepare(
        "a1", 1
    ).end().skill("b1", 0, "a3", (3, 4), (1, 2)).emit(
        "combat-gust-shot-distance-3",
        ["SK-06", "SK-17"],
        "r3 -> r0: 7+3-3 = 7 > 3+1; range 3 reaches",
    )
    # Iron Golem: Crushing Grip (2, check, attack, range 1, 1 damage, -2 AP)
    Game("plain", first="b").end(2).skill("b2", 0, "a1", (5, 5), (2, 2)).emit(
        "combat-crushing-grip",
        ["SK-20", "SK-21", "SK-27"],
        "1 damage; a1's 1 AP - 2 stays at 0 (AP never below 0)",
    )
    Game("plain", first="b").end().prepare("a1").end().skill("b2", 0, "a1", (5, 5), (2, 2)).emit(
        "combat-crushing-grip-ap", ["SK-20"], "a1 has 3 AP: 3 - 2 = 1"
    )
    Game("plain", first="b").end(2).illegal(UseSkill("b", "b2", 0, "a3")).emit(
        "combat-crushing-grip-range",
        ["SK-11", "SK-20"],
        "range 1: Field Medic in r0 is 2 rows away",
    )
    # Void Binder: Banish (5, check, remove)
    banish = Game("plain", first="b").prepare("b3").end(2).prepare("b3")
    banish.skill("b3", 0, "a1", (5, 5), (2, 2)).emit(
        "combat-banish",
        ["SK-20", "SK-21", "SK-47", "SK-48", "SK-06"],
        "6 AP - 5; r3 -> r1: -2; 10+3-2 > 4+1: a1 is removed from the game",
    )
    Game("plain", first="b").prepare("b3").end(2).prepare("b3").skill(
        "b3", 0, "a1", (5, 5), (2, 2)
    ).end().emit(
        "combat-banished-not-downed",
        ["SK-08", "SK-48"],
        "a's next turn: no spare AP, a removed character is not downed",
    )
    Game("plain", first="b").prepare("b3").end(2).prepare("b3").skill(
        "b3", 0, "a1", (5, 5), (2, 2)
    ).end().illegal(Attack("a", "a1", "b1")).emit(
        "combat-banished-cannot-act", ["SK-47"], "不能再參與這場對局"
    )
    Game("plain", first="b").prepare("b3").end(2).prepare("b3").skill(
        "b3", 0, "a1", (2, 2), (5, 5)
    ).emit("combat-banish-fails", ["SK-21", "SK-30"], "the 5 AP are spent, a1 stays")
    # the summoner, the wolf, the shifter, the sage
    Game("summon").prepare("a1").skill("a1", 0).emit(
        "combat-call-the-wolf", ["SK-20", "SK-51"], "Spirit Wolf a4 appears in the summoner's row"
    )
    Game("summon").prepare("a1").skill("a1", 0).end(2).prepare("a4").emit(
        "combat-wolf-gains-ap",
        ["SK-52", "SK-07"],
        "the summon gains 1 AP at a's turn 3 like the others: 1 + 2",
    )
    Game("summon").prepare("a1").skill("a1", 0).end(2).attack("a4", "b1", (4, 4), (3, 3)).emit(
        "combat-wolf-attacks", ["SK-52", "SK-12"], "8+2-1 > 6+1: 2 damage"
    )
    Game("summon").prepare("a1").skill("a1", 0).attack("a4", "b1", (4, 4), (3, 3)).emit(
        "combat-wolf-attacks-at-once", ["SK-52"], "a summon may act in the turn it came"
    )
    Game("summon").prepare("a1").skill("a1", 0).end().attack("b1", "a4", (4, 4), (1, 2)).attack(
        "b2", "a4", (4, 4), (1, 2)
    ).emit("combat-wolf-removed", ["SK-53"], "3 hp - 2 - 2: at 0 the wolf is removed, not downed")
    Game("summon").prepare("a1").skill("a1", 0).end().attack("b1", "a4", (4, 4), (1, 2)).attack(
        "b2", "a4", (4, 4), (1, 2)
    ).end().emit(
        "combat-wolf-removed-no-spare",
        ["SK-53", "SK-08"],
        "a's next turn: the removed wolf leaves no spare AP",
    )
    Game("summon").prepare("a3").skill("a3", 0, "a3").emit(
        "combat-night-form",
        ["SK-20", "SK-50"],
        "Moon Shifter leaves; Moon Beast a4 comes fresh into r1: 6 hp, 0 AP",
    )
    Game("summon").prepare("a3").skill("a3", 0, "a3").attack("a4", "b1", (4, 4), (2, 2)).emit(
        "combat-moon-beast-attacks",
        ["SK-50", "SK-12"],
        "the new card acts at once; atk 3; skl 3 - 1",
    )
    Game("summon").prepare("a3").skill("a3", 0, "a3").end().emit(
        "combat-replaced-not-downed",
        ["SK-50", "SK-08"],
        "the replaced card does not count as downed (DESIGN)",
    )
    Game("summon").prepare("a2").skill("a2", 0, "a3").attack("a3", "b1", (4, 4), (3, 3)).emit(
        "combat-blessing", ["SK-20", "SK-41", "SK-12"], "blessed: atk 2 + 1 = 3 damage"
    )
    Game("summon").prepare("a2").skill("a2", 0, "a3").end(2).attack(
        "a3", "b1", (4, 4), (3, 3)
    ).emit(
        "combat-blessing-expires", ["SK-45", "SK-46"], "2 turn ends: the blessing is gone, 2 damage"
    )
    Game("summon").prepare("a2").end(2).prepare("a2").skill("a2", 0, "a3").skill(
        "a2", 0, "a3"
    ).attack("a3", "b1", (4, 4), (3, 3)).emit(
        "combat-blessing-stacks",
        ["SK-43", "SK-41", "SK-12"],
        "Blessing says it stacks: two markers, atk 2 + 1 + 1 = 4",
    )
    Game("summon").illegal(UseSkill("a", "a1", 0, None)).emit(
        "combat-call-no-ap", ["SK-20"], "3 AP needed"
    )
    # the exile priest (a test card): remove
    Game("exile").skill("a1", 0, "b1").emit(
        "combat-exile", ["SK-47", "SK-48"], "removed without a check"
    )
    Game("exile").skill("a1", 0, "b1").illegal(UseSkill("a", "a2", 0, "b1")).emit(
        "combat-exiled-no-target", ["SK-47"], "a removed character is no target"
    )
    Game("exile").skill("a1", 0, "b1").skill("a2", 0, "b2").skill("a3", 0, "b3").emit(
        "combat-all-removed",
        ["SK-35", "SK-47", "SK-48"],
        "b has no character left on the field: a wins (DESIGN)",
    )
    Game("exile").skill("a1", 0, "b1").end().emit(
        "combat-exiled-no-spare", ["SK-48", "SK-08"], "b's turn: no spare AP"
    )


def ending() -> None:
    Game("sample").end(12).emit(
        "combat-last-turn-hp",
        ["SK-36", "SK-37", "SK-38"],
        "after turn 12: 3 standing each; a has 19 hp, b 15: a wins",
    )
    Game("sample").end(11).emit(
        "combat-turn-12-goes-on", ["SK-36"], "after 11 turns the game goes on into turn 12"
    )
    Game("mirror").end(12).emit(
        "combat-last-turn-draw", ["SK-36", "SK-39"], "same cards, same hp: a draw"
    )
    Game("mirror").attack("a1", "b1", (4, 4), (3, 3)).end(12).emit(
        "combat-last-turn-a-hp", ["SK-36", "SK-38"], "b1 lost 2 hp: 16 against 14, a wins"
    )
    Game("mirror", first="b").attack("b1", "a1", (4, 4), (3, 3)).end(12).emit(
        "combat-last-turn-b-hp", ["SK-36", "SK-38"], "b went first and hit: b wins on hp"
    )
    Game("mirror").attack("a1", "b1", (4, 4), (3, 3)).end().attack("b1", "a1", (4, 4), (3, 3)).end(
        11
    ).emit("combat-last-turn-even-hp", ["SK-36", "SK-39"], "each lost 2 hp: 14 against 14, a draw")
    Game("count").attack("a1", "b1", (4, 4), (3, 3)).end(12).emit(
        "combat-last-turn-count",
        ["SK-36", "SK-37"],
        "3 standing against 2: a wins though b has 40 hp to 16",
    )
    Game("count", first="b").end(12).emit(
        "combat-last-turn-hp-b", ["SK-36", "SK-38"], "3 against 3; 41 hp against 16: b"
    )
    Game("plain-last-turn-2").end(2).emit(
        "combat-last-turn-ruling",
        ["SK-36", "SK-38"],
        "Rulings(last_turn=2): after turn 2; 16 hp against 18: b",
    )
    Game("plain-last-turn-2").end().emit(
        "combat-last-turn-ruling-goes-on", ["SK-36"], "after turn 1 of 2: on"
    )
    Game("sample").end(12).illegal(EndTurn("a")).emit(
        "combat-after-last-turn", ["SK-36"], "the game is over"
    )


def rulings() -> None:
    Game("plain-defender-naturals").attack("a1", "b1", (2, 1), (1, 1)).emit(
        "combat-ruling-defender-snake-eyes",
        ["SK-26"],
        "Rulings(defender_naturals=True): the defender's 1+1 makes the action succeed",
    )
    Game("plain-defender-naturals").attack("a1", "b1", (6, 5), (6, 6)).emit(
        "combat-ruling-defender-boxcars",
        ["SK-28"],
        "Rulings(defender_naturals=True): the defender's 6+6 makes it fail",
    )
    Game("plain-defender-naturals").attack("a1", "b1", (6, 6)).emit(
        "combat-ruling-actor-boxcars", ["SK-28", "SK-29"], "the actor's naturals still decide first"
    )
    Game("plain-rows-between").attack("a1", "b1", (3, 3), (4, 4)).emit(
        "combat-ruling-rows-between-adjacent",
        ["SK-06"],
        "Rulings(rows_between=True): adjacent rows, no penalty; 6+2 = 8 ties 8",
    )
    Game("plain-rows-between").end(2).skill("a1", 0, "b3", (3, 4), (3, 3)).emit(
        "combat-ruling-rows-between-two",
        ["SK-06"],
        "r1 -> r3: one row between, -1; 7+2-1 = 8 > 6+1 = 7",
    )
    Game("plain-per-player").attack("a1", "b1", (4, 4), (3, 3)).illegal(
        Attack("a", "a2", "b1")
    ).emit(
        "combat-ruling-per-player-attack",
        ["SK-14"],
        "Rulings(limits_per_player=True): one normal attack for the player",
    )
    Game("plain-per-player").prepare("a3").illegal(Attack("a", "a1", "b1")).emit(
        "combat-ruling-per-player-prepare",
        ["SK-19"],
        "after any preparatory action of the player, no attack",
    )
    Game("plain-per-player").attack("a1", "b1", (4, 4), (3, 3)).illegal(
        Prepare("a", "a3", None)
    ).emit(
        "combat-ruling-per-player-no-prepare",
        ["SK-15"],
        "after the player's attack, no preparatory action",
    )
    Game("plain-per-player").prepare("a1").illegal(Prepare("a", "a3", None)).emit(
        "combat-ruling-per-player-prepare-once", ["SK-18"], "one preparatory action for the player"
    )


def responses() -> None:
    # duel: b first; turn 2 (a): everyone has 1 AP
    Game("duel", first="b").end().attack("a1", "b1", (4, 4), (3, 3)).emit(
        "combat-response-two-passes",
        ["SK-30", "SK-32", "SK-12"],
        "before paying and before rolling, b then a are asked; two passes in a row move on",
    )
    Game("duel", first="b").end().send(Attack("a", "a1", "b1")).emit(
        "combat-response-declared", ["SK-30", "SK-32"], "the window before paying asks b first"
    )
    Game("duel", first="b").end().send(Attack("a", "a1", "b1")).illegal(Pass("a")).emit(
        "combat-response-order", ["SK-32"], "the opponent is asked first: a may not pass yet"
    )
    Game("duel", first="b").end().send(Attack("a", "a1", "b1")).skill("b3", 0, "b3").roll(
        (4, 4), (3, 3)
    ).emit(
        "combat-blink",
        ["SK-31", "SK-32", "SK-20"],
        "b3 Mist Dancer blinks (r2 -> r3) before the pay step; the attack goes on",
    )
    Game("duel", first="b").end().send(Attack("a", "a1", "b3")).skill("b3", 0, "b3").finish().emit(
        "combat-blink-away",
        ["SK-30", "SK-31", "SK-11"],
        "the target blinks to r3 before the pay step: at step 1, where the target is chosen, it is "
        "2 rows away, beyond a normal attack's distance 1: the attack comes to nothing, and nothing is rolled",
    )
    g = Game("duel", first="b").end().send(Attack("a", "a1", "b1"))
    g.send(Pass("b")).send(Pass("a"))
    g.emit(
        "combat-pass-pay",
        ["SK-30", "SK-32"],
        "two passes before paying: a1 pays (an attack costs 0) and the window before the roll opens",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.skill("b2", 0).roll((4, 4), (3, 3))
    g.emit(
        "combat-shield-wall",
        ["SK-31", "SK-32", "SK-24"],
        "b2 answers before the roll: b1's def +2; 8+2-1 = 9 against 6+2+2 = 10 fails",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.skill("b2", 0).send(Pass("a")).send(Pass("b"))
    g.skill("a1", 1).roll((4, 4), (3, 3))
    g.emit(
        "combat-response-to-response",
        ["SK-31", "SK-32", "SK-23", "SK-24"],
        "a answers the Shield Wall with Feint: Feint resolves first, then Shield Wall, then the roll: 8+2-1+2 = 11 > 6+2+2 = 10",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.skill("b1", 1).roll((4, 4), (3, 3))
    g.emit(
        "combat-feint-by-defender",
        ["SK-31"],
        "Feint adds +2 to the actor's total whoever plays it: b's Feint helps a's attack",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.illegal(UseSkill("b", "b3", 0, "b3"))
    g.emit("combat-response-wrong-step", ["SK-32"], "Blink answers the pay step, not the roll")
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.skill("b2", 0).send(Pass("a")).send(Pass("b"))
    g.skill("a1", 1).send(Pass("b")).send(Pass("a")).skill("b1", 1).roll((4, 4), (3, 3))
    g.emit(
        "combat-three-deep",
        ["SK-31", "SK-32"],
        "a response to a response to a response: last in, first out",
    )
    Game("duel", first="b").end().illegal(UseSkill("a", "a2", 0, None)).emit(
        "combat-response-as-action",
        ["SK-10", "SK-20"],
        "Shield Wall is a response, not a main action",
    )
    Game("duel").illegal(Pass("a")).emit("combat-pass-nothing", ["SK-32"], "nothing to answer")
    # riposte at the end step: turn 4, everyone has 2 AP
    g = Game("duel", first="b").end(3)
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a")).send(Pass("b"))
    g.send(Pass("a"), [(4, 4), (3, 3)])  # the window before the roll closes: the check rolls
    g.skill("b1", 0, "a1").roll((4, 4), (3, 3)).finish()
    g.emit(
        "combat-riposte",
        ["SK-31", "SK-32", "SK-12", "SK-30"],
        "after the attack's effect, b1 ripostes before the end step: its own check, 2 damage to a1",
    )
    g = Game("duel", first="b").end(3)
    g.send(Attack("a", "a1", "b1")).roll((2, 2), (3, 3))
    g.skill("b1", 0, "a1").roll((1, 1)).finish()
    g.emit(
        "combat-riposte-snake-eyes",
        ["SK-26", "SK-27", "SK-31"],
        "the responder's 1+1: it loses 1 AP (2-2 paid = 0, stays 0)",
    )
    g = Game("duel", first="b").end(3)
    g.send(Attack("a", "a1", "b1")).roll((2, 2), (3, 3))
    g.skill("b1", 0, "a1").roll((6, 6)).finish()
    g.emit(
        "combat-riposte-boxcars",
        ["SK-28", "SK-29", "SK-31"],
        "the responder's 6+6: +1 AP and 2 damage",
    )
    g = Game("duel", first="b").end(3)
    g.send(Attack("a", "a1", "b1")).roll((2, 2), (3, 3)).finish()
    g.emit("combat-riposte-passed", ["SK-32"], "both pass the end window: the attack ends")
    # sample: Stone Warden's Shield Wall against the archer
    g = Game("sample", first="b").end(2)
    g.send(UseSkill("b", "b2", 0, "a1"))
    g.skill("a2", 0).roll((4, 4), (2, 2))
    g.emit(
        "combat-sample-shield-wall",
        ["SK-06", "SK-31", "SK-32", "SK-24"],
        "Gust Shot r3 -> r1 (-2); Stone Warden raises def +2: 8+3-2 = 9 against 4+1+2 = 7, still hits",
    )


def more() -> None:
    Game("plain").illegal(UseSkill("b", "b1", 0, "a1")).emit(
        "combat-skill-not-your-turn",
        ["SK-09", "SK-34"],
        "b's skills wait for b's turn (or a window)",
    )
    Game("plain").illegal(Prepare("a", "b1", None)).emit(
        "combat-prepare-enemy", ["SK-09"], "a player prepares its own characters"
    )
    Game("glass").attack("a1", "b1", (4, 4), (3, 3)).end().illegal(Prepare("b", "b1", None)).emit(
        "combat-downed-cannot-prepare", ["SK-40"], "a downed character does not act"
    )
    Game("plain").illegal(GiveAp("b", "b1")).emit(
        "combat-give-not-your-turn", ["SK-08"], "only on one's own turn"
    )
    Game("duel").attack("a1", "b1", (4, 4), (3, 3)).emit(
        "combat-response-only-with-ap",
        ["SK-20", "SK-32"],
        "turn 1: b's characters have 0 AP and are not asked; a is asked about its own attack",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a")).send(Pass("b"))
    g.skill("a1", 1).roll((3, 3), (4, 4))
    g.emit(
        "combat-feint-own-attack",
        ["SK-31", "SK-32"],
        "b passes, then a feints its own attack: 6+2-1+2 = 9 < 8+2 = 10, fails",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a")).send(Pass("b"))
    g.skill("a1", 1).roll((4, 3), (4, 4))
    g.emit(
        "combat-feint-own-attack-tie",
        ["SK-31", "SK-25"],
        "7+2-1+2 = 10 ties 8+2 = 10: fails; Feint is not enough",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a")).send(Pass("b"))
    g.skill("a1", 1).roll((4, 4), (4, 4))
    g.emit("combat-feint-own-attack-by-one", ["SK-31", "SK-25"], "8+2-1+2 = 11 > 10: 2 damage")
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.skill("b2", 0).send(Pass("a")).send(Pass("b")).send(Pass("a")).send(Pass("b")).roll((6, 6))
    g.emit(
        "combat-shield-wall-boxcars",
        ["SK-28", "SK-29", "SK-31"],
        "Shield Wall resolves, then 6+6 wins anyway: +1 AP",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.skill("b2", 0).send(Pass("a")).send(Pass("b"))
    g.skill("a2", 0).roll((5, 5), (3, 3))
    g.emit(
        "combat-two-shield-walls",
        ["SK-31", "SK-32", "SK-24"],
        "a's Stone Warden answers b's: both +2 go to b1's def (the text lets a card help either side)",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b1")).send(Pass("b")).send(Pass("a"))
    g.skill("b2", 0).send(Pass("a")).send(Pass("b"))
    g.skill("a2", 0)
    while True:
        top = g.state.stack.frames[-1]
        action = top.pending.pending
        if top.responder == "b" and action.kind.value == "attack" and action.step.value == "roll":
            break
        g._apply(Pass(top.responder))
    g.illegal(UseSkill("b", "b2", 0, None))
    g.emit(
        "combat-response-no-ap-left",
        ["SK-20", "SK-31"],
        "both Shield Walls resolved; the attack's window before the roll asks b again, but b2 spent its only AP",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b3")).skill("b3", 0, "b3").send(Pass("a")).finish()
    g.emit(
        "combat-blink-on-blink",
        ["SK-20", "SK-30", "SK-31"],
        "b3 may not answer its own Blink: its only AP is promised to the Blink not yet paid, so the "
        "window before Blink's pay step asks a alone; a passes, the Blink pays and moves b3, and at the "
        "attack's step 1 b3 is 2 rows away: the attack comes to nothing",
    )
    g = Game("duel", first="b").end()
    g.send(Attack("a", "a1", "b3")).skill("b3", 0, "b3").illegal(UseSkill("b", "b3", 0, "b3"))
    g.emit(
        "combat-blink-wait-your-turn", ["SK-32"], "the window before Blink's pay step asks a first"
    )
    Game("mirror").prepare("a2").skill("a2", 0, "b1", (4, 4), (3, 3)).attack(
        "a1", "b1", (3, 3), (4, 4)
    ).emit(
        "combat-hex-ember",
        ["SK-41", "SK-06", "SK-24"],
        "the hex from r0 to r2 (-2): 8+2-2 = 8 > 7; then the attack 6+2-1 = 7 ties 8+1-2 = 7: fails",
    )
    Game("mirror").prepare("a2").skill("a2", 0, "b1", (4, 4), (3, 3)).attack(
        "a1", "b1", (3, 4), (4, 4)
    ).emit("combat-hex-ember-wins", ["SK-41", "SK-25"], "7+2-1 = 8 > 8+1-2 = 7")
    Game("mirror").prepare("a2").skill("a2", 0, "b3", (3, 3), (1, 1)).emit(
        "combat-hex-distance-3", ["SK-06", "SK-41"], "r0 -> r3: -3; 6+2-3 = 5 > 2+1 = 3"
    )
    Game("mirror").prepare("a2").skill("a2", 0, "b3", (3, 3), (2, 2)).emit(
        "combat-hex-distance-3-tie",
        ["SK-06", "SK-25"],
        "r0 -> r3: 6+2-3 = 5 ties 4+1 = 5: fails, no marker",
    )
    Game("summon").prepare("a1").skill("a1", 0).end().attack("b1", "a4", (4, 4), (1, 2)).emit(
        "combat-wolf-hurt", ["SK-52", "SK-12"], "3 hp - 2 = 1: still standing"
    )
    Game("summon").prepare("a3").skill("a3", 0, "a3").end().attack("b1", "a4", (4, 4), (1, 2)).emit(
        "combat-moon-beast-defends", ["SK-50"], "the new card's own def 1; 6 hp - 2"
    )
    Game("summon").prepare("a3").skill("a3", 0, "a3").end().illegal(Attack("b", "b1", "a3")).emit(
        "combat-replaced-no-target", ["SK-50"], "the old card left the field"
    )
    Game("sample").prepare("a3").skill("a3", 1, "a2").finish().emit(
        "combat-sample-rally", ["SK-20"], "Rally on Stone Warden: 1 + 1 AP"
    )
    Game("sample").attack("a1", "b1", (4, 4), (3, 3)).emit(
        "combat-sample-attack", [*ATTACK, "SK-12"], "Ember Knight hits Beast Caller: 2 damage"
    )
    Game("sample", first="b").prepare("b3", 2).skill("b3", 0, "b3").emit(
        "combat-sample-night-form",
        ["SK-17", "SK-50"],
        "the shifter steps to r2, then becomes the Moon Beast there (b4)",
    )
    Game("sample", first="b").prepare("b1").skill("b1", 0).emit(
        "combat-sample-call-the-wolf", ["SK-51"], "b4 Spirit Wolf in r2"
    )


def summons_at_the_end() -> None:
    def wolf_alone() -> Game:
        g = Game("last-wolf").prepare("a1").skill("a1", 0).end()
        g.attack("b1", "a1", (4, 4), (3, 3)).attack("b2", "a2", (4, 4), (3, 3))
        return g.attack("b3", "a3", (4, 4), (3, 3))

    wolf_alone().emit(
        "combat-summon-keeps-the-game",
        ["SK-35", "SK-40", "SK-52"],
        "a's three cards are down but its Spirit Wolf stands: the game goes on (DESIGN: a summon counts while on the field)",
    )
    wolf_alone().end().prepare("a4").emit(
        "combat-summon-alone-acts",
        ["SK-08", "SK-52"],
        "a's turn 3: three downed characters give 3 spare AP; the wolf gains 1 and prepares: 1 + 2 = 3",
    )
    wolf_alone().end().end().attack("b1", "a4", (4, 4), (3, 3)).emit(
        "combat-last-summon-removed",
        ["SK-35", "SK-53"],
        "the wolf at 0 hp leaves the game: a has no character standing on the field, b wins",
    )
    Game("last-wolf").prepare("a1").skill("a1", 0).end().attack("b1", "a4", (1, 1)).emit(
        "combat-summon-snake-eyes-against",
        ["SK-26", "SK-27"],
        "b1's 1+1 against the wolf: AP 1 -> 0",
    )


STATUS_CARDS = (
    ("venom_stalker", "ember_knight"),
    ("thorn_keeper", "mist_dancer"),
    ("frost_witch", "stone_warden"),
)


def status_checks() -> None:
    """The checks of the status cards (SK-41) against a sample card, at the edge of success."""
    for actor_id, target_id in STATUS_CARDS:
        actor, target = SAMPLE[actor_id], SAMPLE[target_id]
        for delta, word in ((1, "wins-by-one"), (0, "tie")):
            s_a = 7
            s_d = s_a + actor.skl - target.defense - delta
            cards_case(
                f"cards-{actor_id}-{word}",
                CHECK,
                f"2D6+{actor.skl} skl ({actor.name}) against 2D6+{target.defense} def ({target.name}): "
                f"{'one more: success' if delta else 'a tie fails'}",
                actor_id,
                target_id,
                [pair(s_a), pair(s_d)],
            )


def statuses() -> None:
    """Markers that are statuses (SK-41, 「類似於造成狀態」): every kind the cards can say."""
    setup(
        "blight",
        "the status cards: a1 Venom Stalker r1, a2 Thorn Keeper r1, a3 Frost Witch r1; "
        "b1 Stone Warden r2, b2 Riposte Duelist r2, b3 Mist Dancer r2",
        [("venom_stalker", 1), ("thorn_keeper", 1), ("frost_witch", 1)],
        [("stone_warden", 2), ("riposte_duelist", 2), ("mist_dancer", 2)],
    )
    # Venom Sting: 1 damage and poisoned (-1 hp at each turn end, 3 turn ends)
    Game("blight").end(2).skill("a1", 0, "b1", (6, 6)).end().emit(
        "combat-poison-at-turn-end",
        ["SK-41", "SK-45", "SK-28"],
        "6+6: the sting hits (8 -> 7 hp); at a's turn end the poison takes 1 more (6), then the marker has 2 left",
    )
    Game("blight").end(2).skill("a1", 0, "b1", (6, 6)).end(3).emit(
        "combat-poison-expires",
        ["SK-41", "SK-45", "SK-46"],
        "three turn ends, 1 hp each: 7 -> 4 hp, and the marker is gone",
    )
    # Regrowth: +1 hp at each turn end, never above the card's hp
    Game("blight", first="b").attack("b1", "a1", (5, 5), (1, 2)).end().prepare("a2").skill(
        "a2", 1, "a1"
    ).end().emit(
        "combat-regrowth-heals",
        ["SK-41", "SK-45"],
        "Stone Warden hits Venom Stalker (5 -> 4 hp); Regrowth heals 1 at a's turn end: 5",
    )
    Game("blight").prepare("a2").skill("a2", 1, "a1").end().emit(
        "combat-regrowth-capped",
        ["SK-41", "SK-45"],
        "Venom Stalker at full hp: the healing changes nothing (+0, 5 hp, the card's)",
    )
    # Entangle: rooted (cannot move, cannot respond), 2 turn ends
    Game("blight").end(2).skill("a2", 0, "b3", (6, 6)).end().illegal(Prepare("b", "b3", 3)).emit(
        "combat-rooted-cannot-move",
        ["SK-41", "SK-17"],
        "Mist Dancer is rooted: its preparatory action may not move it",
    )
    Game("blight").end(2).skill("a2", 0, "b3", (6, 6)).end().prepare("b3").emit(
        "combat-rooted-prepares-in-place",
        ["SK-41", "SK-16"],
        "rooted, Mist Dancer still prepares for +2 AP in its row",
    )
    Game("blight").end(2).skill("a2", 0, "b3", (6, 6)).attack("a1", "b3", (4, 4), (2, 3)).emit(
        "combat-rooted-cannot-respond",
        ["SK-41", "SK-31"],
        "rooted, Mist Dancer cannot Blink away: no window before paying; 8+2-1 = 9 > 5+2 = 7",
    )
    # Freeze: frozen (cannot act), 2 turn ends
    Game("blight").end(2).prepare("a3").skill("a3", 0, "b1", (6, 6)).end().illegal(
        Attack("b", "b1", "a1")
    ).emit(
        "combat-frozen-cannot-attack",
        ["SK-41", "SK-10"],
        "Stone Warden is frozen on b's turn: no normal attack",
    )
    Game("blight").end(2).prepare("a3").skill("a3", 0, "b1", (6, 6)).end().illegal(
        Prepare("b", "b1", None)
    ).emit(
        "combat-frozen-cannot-prepare",
        ["SK-41", "SK-10"],
        "frozen: no preparatory action either",
    )
    Game("blight").end(2).prepare("a3").skill("a3", 0, "b1", (6, 6)).end(3).attack(
        "b1", "a1", (5, 5), (1, 2)
    ).emit(
        "combat-frozen-thaws",
        ["SK-41", "SK-45", "SK-46"],
        "the freeze lasted through b's turn and went at its end: on b's next turn Stone Warden attacks",
    )
    # Chill: -1 AP at each start of its holder's turns, 3 turn ends
    Game("blight").skill("a3", 1, "b2", (6, 6)).end().emit(
        "combat-chill-at-turn-start",
        ["SK-41", "SK-07"],
        "chilled: at b's turn start Riposte Duelist gains 1 AP and loses 1 (0 AP)",
    )
    Game("blight").skill("a3", 1, "b2", (6, 6)).end(3).emit(
        "combat-chill-gone",
        ["SK-41", "SK-07", "SK-45", "SK-46"],
        "put on a's turn, the chill of 3 acts at b's next turn start only: gone at a's turn end before b's second",
    )


def combats() -> None:
    setups()
    initiative()
    attacks()
    preparation()
    skills()
    ending()
    rulings()
    responses()
    more()
    summons_at_the_end()
    statuses()


if __name__ == "__main__":
    main()
