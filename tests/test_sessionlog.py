"""Session logs: a whole record in words, in a locale, as plain text, Markdown and BBCode.

``tabletop_rules.sessionlog`` (issue 24, item 6) reads any registered system's record through
its ``RuleSystem``: ``command_label`` for each command, ``odds`` for each check's chance,
``describe`` for each event, then the game's result.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from tabletop_rules import SeededDice, engine, m20, skirmish, to_json
from tabletop_rules.engine import GameRecord
from tabletop_rules.errors import CorruptRecord, InvalidData, UnknownSystem
from tabletop_rules.i18n import LOCALES
from tabletop_rules.sessionlog import LogEntry, Markup, SessionLog
from tabletop_rules.simulation import play
from tabletop_rules.systems import Registry, RuleSystem, Seat
from tabletop_rules.testing import laws

SYSTEMS = [system for system in Registry.default() if system.strategies is not None]


def _m20(name: str = "楊望蒼", *kinds: str) -> GameRecord[Any, Any, Any]:
    """An m20 combat of the commands of *kinds*, ann's and the orc's characters called *name*."""
    hero = attrs.evolve(m20.parse_sheet(m20.EXAMPLE_SHEET), name=name)
    setup = m20.lineup([Seat(id="ann", character=hero), Seat(id="orc", character=hero, foe=True)])
    dice = SeededDice(3)
    state, record = engine.begin(m20.RULESET, setup, dice)
    for kind in kinds or ("FocusDefense", "Attack", "EndCombat"):
        command = next(c for c in m20.RULESET.legal_commands(state) if type(c).__name__ == kind)
        state, entry = engine.step(m20.RULESET, state, command, dice)
        record = record.append(entry)
    return record


def _states_before(record: GameRecord[Any, Any, Any], ruleset: Any) -> list[Any]:
    """The state before each command of *record*, by verified replay of its undos."""
    held = record.commands
    return [engine.undo(record, held - n, ruleset)[0] for n in range(held)]


@pytest.mark.parametrize("system", SYSTEMS, ids=[system.name for system in SYSTEMS])
def test_each_entry_is_its_commands_label_its_chance_and_its_events_lines(
    system: RuleSystem[Any, Any, Any, Any],
) -> None:
    """In every system, the log has one entry per entry of the record: the opening steps,
    then each command numbered from 1 with its menu label and its chance of success as it
    stood before it, and a line per event, named as the state after the entry names them."""

    @settings(max_examples=max(3, settings().max_examples // 10), deadline=None)
    @given(played=laws.games(system, max_steps=12))
    def law(played: laws.Played[Any, Any, Any, Any]) -> None:
        record, ruleset = played.record, system.ruleset
        log = SessionLog.of(record, "zh-Hant")
        befores = _states_before(record, ruleset)
        commands = [entry for entry in record.entries if entry.command is not None]
        expected = [
            LogEntry(
                number=number,
                label=system.command_label(entry.command, "zh-Hant", state=before),
                chance=system.odds(before, entry.command),
                lines=[system.describe(e, "zh-Hant", state=after) for e in entry.events],
            )
            for number, (entry, before, after) in enumerate(
                zip(commands, befores, played.states[1:], strict=True), 1
            )
        ]
        assert expected == [entry for entry in log.entries if entry.number is not None]
        assert (system.name, ruleset.outcome(played.final)) == (log.system, log.result)

    law()


def test_the_opening_steps_come_first_without_a_number() -> None:
    """A game whose rules roll before anyone acts opens its log with those steps' lines."""
    from tabletop_rules import bayside23

    mina = bayside23.parse_sheet(bayside23.EXAMPLE_SHEET)
    seats = [Seat(id="mina", character=mina), Seat(id="g", character=mina, foe=True)]
    first, record = engine.begin(bayside23.RULESET, bayside23.lineup(seats), SeededDice(5))
    (opening,) = SessionLog.of(record, "ja").entries
    assert (
        LogEntry(
            number=None,
            label="最初のコマンドの前",
            chance=None,
            lines=[bayside23.describe(e, "ja", state=first) for e in record.entries[0].events],
        )
        == opening
    )


def test_a_skirmish_log_tells_each_checks_chance() -> None:
    """A skirmish attack's entry gives the exact chance ``skirmish.odds`` gives before it,
    written as a percentage and a fraction."""
    record = play(skirmish.RULESET, skirmish.sample_setup(), seed=7, max_steps=30)
    log = SessionLog.of(record, "en")
    chances = [entry for entry in log.entries if entry.chance is not None]
    assert chances
    befores = _states_before(record, skirmish.RULESET)
    commands = [entry.command for entry in record.entries if entry.command is not None]
    for entry in chances:
        assert entry.number is not None
        before, command = befores[entry.number - 1], commands[entry.number - 1]
        assert skirmish.odds(before, command) == entry.chance
    text = log.render()
    first = chances[0]
    assert f"{first.number}. {first.label} (chance of success " in text
    assert f", {first.chance})" in text


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (Fraction(1, 2), "50.0%"),
        (Fraction(1), "100.0%"),
        (Fraction(0), "0.0%"),
        (Fraction(4, 9), "≈44.4%"),
        (Fraction(1, 3), "≈33.3%"),
        (Fraction(2, 3), "≈66.7%"),
    ],
)
def test_a_chance_is_a_percentage_marked_when_rounded(chance: Fraction, shown: str) -> None:
    log = SessionLog(system="x", locale="en", title="X", entries=[], result=None)
    entry = LogEntry(number=1, label="go", chance=chance, lines=[])
    text = attrs.evolve(log, entries=[entry]).render()
    assert f"1. go (chance of success {shown}, {chance})" == text.splitlines()[1]


def test_the_text_log_of_a_combat() -> None:
    """Plain text: the heading, each command numbered with its lines indented, the result."""
    assert [
        "Session log: Bar M20 variant",
        "1. 楊望蒼 (ann) focuses on defense",
        "   楊望蒼 (ann) focuses on defense.",
        "2. 楊望蒼 (orc) attacks 楊望蒼 (ann) (Physical attack) (chance of success 52.5%, 21/40)",
        "   楊望蒼 (orc) attacks 楊望蒼 (ann): Attack: 1D20[14] +3 Physical Attack +1 蒼空/夜魂"
        " = 18 ≥ 6 (1D20[2] +2 Physical Defense +2 focus defense) Success",
        "   楊望蒼 (ann) takes 1 damage (HP 2).",
        "   Round 1 ends.",
        "3. GM: end the combat",
        "   The combat is over: nobody wins (the GM ended the combat).",
        "Result: nobody won (the GM ended the combat).",
    ] == SessionLog.of(_m20(), "en").render(Markup.TEXT).splitlines()


def test_the_markdown_log_of_a_combat() -> None:
    """Markdown: a heading, a numbered list of commands in bold, their events listed under
    each, the result in bold; a roll's brackets escaped."""
    assert [
        "## セッションログ：酒場M20バリアント",
        "",
        "1. **楊望蒼（ann） が防御に専念**",
        "   - 楊望蒼（ann） は防御に集中。",
        "2. **楊望蒼（orc） が 楊望蒼（ann） を攻撃（物理攻撃）** *(成功率 52.5%、21/40)*",
        "   - 楊望蒼（orc） が 楊望蒼（ann） を攻撃：攻撃判定：1D20\\[14\\] +3 物攻 +1 蒼空/夜魂"
        " = 18 ≥ 6（1D20\\[2\\] +2 物防 +2 防御集中） 成功",
        "   - 楊望蒼（ann） は 1 ダメージ（HP 2）。",
        "   - 第1ラウンド終了。",
        "3. **GM：戦闘を終える**",
        "   - 戦闘終了：勝者なし（GMが戦闘を終えた）。",
        "",
        "**結果：勝者なし（GMが戦闘を終えた）。**",
    ] == SessionLog.of(_m20(), "ja").render("markdown").splitlines()


def test_the_bbcode_log_of_a_combat() -> None:
    """BBCode: bold heads, a blank line between entries, the lines as they are (a roll's
    brackets open no tag)."""
    assert [
        "[b]團錄：酒吧M20變體[/b]",
        "",
        "[b]1. 楊望蒼（ann） 專注防禦[/b]",
        "楊望蒼（ann） 專注防禦。",
        "",
        "[b]2. 楊望蒼（orc） 攻擊 楊望蒼（ann）（物理攻擊）[/b] [i](成功機率 52.5%，21/40)[/i]",
        "楊望蒼（orc） 攻擊 楊望蒼（ann）：攻擊判定：1D20[14] +3 物攻 +1 蒼空/夜魂 = 18 ≥ 6"
        "（1D20[2] +2 物防 +2 專注防禦） 成功",
        "楊望蒼（ann） 受到 1 點傷害（生命值 2）。",
        "第1輪結束。",
        "",
        "[b]3. GM：結束戰鬥[/b]",
        "戰鬥結束：無人獲勝（GM結束了戰鬥）。",
        "",
        "[b]結果：無人獲勝（GM結束了戰鬥）。[/b]",
    ] == SessionLog.of(_m20(), "zh-Hant").render(Markup.BBCODE).splitlines()


def _skirmish() -> GameRecord[Any, Any, Any]:
    """Three commands of a skirmish whose first is an attack: its chance is in the log."""
    return play(skirmish.RULESET, skirmish.sample_setup(), seed=15, max_steps=3)


_SKIRMISH_ATTACK = "Beast Caller makes a normal attack on Ember Knight"
_SKIRMISH_CHECK = (
    "Check: 2D6[5,3] +2 skl -1 distance = 9 ≤ 11"
    " (2D6[6,4] +1 def) Failure. No effect. The action of Beast Caller ends."
)


def test_the_text_log_of_a_card_game_with_its_odds() -> None:
    """Plain text of a skirmish: the opening steps unnumbered, the attack with its exact
    chance (4/9, about 44.4%), a game that goes on."""
    assert [
        "Session log: Card skirmish",
        "Before the first command",
        "   Rolls for the first turn: 11 12; b goes first.",
        "   Turn 1 of b: each standing character gains 1 AP.",
        f"1. {_SKIRMISH_ATTACK} (chance of success ≈44.4%, 4/9)",
        "   Beast Caller declares a normal attack (target: Ember Knight).",
        f"   {_SKIRMISH_CHECK}",
        "2. Wind Archer takes a preparatory action (+2 AP) and moves to row 2",
        "   Wind Archer takes a preparatory action: +2 AP and a move to row 2.",
        "   Effect: Wind Archer: 5 hp, 3 AP, row 2. The action of Wind Archer ends.",
        "3. Moon Shifter takes a preparatory action (+2 AP)",
        "   Moon Shifter takes a preparatory action: +2 AP.",
        "   Effect: Moon Shifter: 5 hp, 3 AP, row 3. The action of Moon Shifter ends.",
        "No result yet: the game has not been played to its end.",
    ] == SessionLog.of(_skirmish(), "en").render("text").splitlines()


def test_the_markdown_log_of_a_card_game_with_its_odds() -> None:
    """Markdown of a skirmish: the opening steps as a list under a bold line, the chance in
    italics after the bold label, a check's brackets and its ``>`` escaped."""
    lines = SessionLog.of(_skirmish(), "en").render(Markup.MARKDOWN).splitlines()
    assert [
        "## Session log: Card skirmish",
        "",
        "**Before the first command**",
        "",
        "- Rolls for the first turn: 11 12; b goes first.",
        "- Turn 1 of b: each standing character gains 1 AP.",
        "",
        f"1. **{_SKIRMISH_ATTACK}** *(chance of success ≈44.4%, 4/9)*",
        "   - Beast Caller declares a normal attack (target: Ember Knight).",
        "   - Check: 2D6\\[5,3\\] +2 skl -1 distance = 9 ≤ 11"
        " (2D6\\[6,4\\] +1 def) Failure. No effect. The action of Beast Caller ends.",
    ] == lines[:10]
    assert ["", "**No result yet: the game has not been played to its end.**"] == lines[-2:]


def test_the_bbcode_log_of_a_card_game_with_its_odds() -> None:
    """BBCode of a skirmish: the chance in italics after the bold label."""
    lines = SessionLog.of(_skirmish(), "en").render("bbcode").splitlines()
    assert [
        "[b]Session log: Card skirmish[/b]",
        "",
        "[b]Before the first command[/b]",
        "Rolls for the first turn: 11 12; b goes first.",
        "Turn 1 of b: each standing character gains 1 AP.",
        "",
        f"[b]1. {_SKIRMISH_ATTACK}[/b] [i](chance of success ≈44.4%, 4/9)[/i]",
        "Beast Caller declares a normal attack (target: Ember Knight).",
        _SKIRMISH_CHECK,
    ] == lines[:9]
    assert ["", "[b]No result yet: the game has not been played to its end.[/b]"] == lines[-2:]


def test_a_players_text_is_never_markup() -> None:
    """A name that looks like markup shows as written: escaped in Markdown, its tags broken
    by a zero-width space in BBCode, as it is in plain text."""
    name = "*Bold* [b]x[/b] _y_ #1"
    record = _m20(name, "FocusDefense")
    markdown = SessionLog.of(record, "en").render("markdown")
    assert "\\*Bold\\* \\[b\\]x\\[/b\\] \\_y\\_ \\#1 (ann) focuses on defense" in markdown
    bbcode = SessionLog.of(record, "en").render("bbcode")
    assert "*Bold* [\u200bb]x[\u200b/b] _y_ #1 (ann) focuses on defense" in bbcode
    assert f"{name} (ann) focuses on defense" in SessionLog.of(record, "en").render("text")


def test_a_line_that_would_start_a_markdown_block_is_escaped() -> None:
    """A name that starts with a list or heading marker stays text in Markdown."""
    for name, shown in [("- a", "-\\ a"), ("1. a", "1\\. a"), ("+ a", "+\\ a")]:
        record = _m20(name, "FocusDefense")
        log = SessionLog.of(record, "en")
        assert f"**{shown} (ann) focuses on defense**" in log.render("markdown")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_word_of_the_log_is_in_the_locale(locale: str) -> None:
    """The heading, the opening, the chance and the result are the catalog's, in each locale."""
    from tabletop_rules.i18n import translate

    log = SessionLog.of(_m20(), locale)
    text = log.render()
    assert text.startswith(translate("sessionlog.heading", locale, system=log.title))
    assert log.title == translate("m20.title", locale)


def test_the_result_names_the_winners() -> None:
    """A game won names its winners and why; one that goes on says it has no result yet."""
    record = play(skirmish.RULESET, skirmish.sample_setup(), seed=7)
    log = SessionLog.of(record, "en")
    assert log.result is not None
    assert log.render().endswith(
        f"Result: {', '.join(log.result.winners)} won (The last turn is over: more standing"
        " characters, then more hp, wins)."
    )
    going = SessionLog.of(_m20("x", "FocusDefense"), "en")
    assert (None, "No result yet: the game has not been played to its end.") == (
        going.result,
        going.render().splitlines()[-1],
    )


def test_a_tampered_record_is_refused_at_the_changed_entry() -> None:
    """The log checks the record by verified replay first: a changed event is refused."""
    record = _m20()
    entry = record.entries[1]
    changed = attrs.evolve(entry, events=entry.events[1:])
    tampered = attrs.evolve(record, entries=(record.entries[0], changed, *record.entries[2:]))
    with pytest.raises(CorruptRecord) as refused:
        SessionLog.of(tampered, "en")
    assert 1 == refused.value.index


def test_a_trusted_record_is_only_folded() -> None:
    """``trusted=True`` skips the verified replay: the log follows the recorded events."""
    record = _m20()
    entry = record.entries[1]
    shorter = attrs.evolve(record, entries=(record.entries[0], attrs.evolve(entry, faces=())))
    log = SessionLog.of(shorter, "en", trusted=True)
    assert 2 == len(log.entries)
    with pytest.raises(CorruptRecord):
        SessionLog.of(shorter, "en")


def test_a_record_read_from_json_gives_the_same_log() -> None:
    from tabletop_rules import from_json

    record = _m20()
    again = from_json(to_json(record), GameRecord)
    assert SessionLog.of(record, "en") == SessionLog.of(again, "en")


def test_each_event_is_described_once() -> None:
    """The log costs one line per event and one label and chance per command: linear."""
    calls = {"describe": 0, "label": 0, "odds": 0}
    system = m20.SYSTEM

    def describe(event: Any, locale: str = "en", *, state: Any = None) -> str:
        calls["describe"] += 1
        return system.describe(event, locale, state=state)

    def label(command: Any, locale: str = "en", *, state: Any = None) -> str:
        calls["label"] += 1
        return system.command_label(command, locale, state=state)

    def odds(state: Any, command: Any) -> Fraction | None:
        calls["odds"] += 1
        return None

    counting = attrs.evolve(system, describe=describe, command_label=label, odds=odds)
    record = _m20()
    SessionLog.of(record, "en", registry=Registry.default().with_systems(counting))
    assert {"describe": len(record.events), "label": 3, "odds": 3} == calls


# -- bad arguments ---------------------------------------------------------------------------


@pytest.mark.parametrize("record", [None, "{}", 5, m20.RULESET])
def test_anything_but_a_record_is_refused(record: object) -> None:
    with pytest.raises(InvalidData) as refused:
        SessionLog.of(record, "en")  # type: ignore[arg-type]
    assert "$.record" == refused.value.path


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        ({"locale": None}, "$.locale"),
        ({"locale": 5}, "$.locale"),
        ({"trusted": 1}, "$.trusted"),
        ({"registry": {}}, "$.registry"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], path: str) -> None:
    with pytest.raises(InvalidData) as refused:
        SessionLog.of(_m20(), **arguments)
    assert path == refused.value.path


@pytest.mark.parametrize("markup", ["html", "", None, 5, "TEXT"])
def test_an_unknown_markup_is_refused(markup: object) -> None:
    """A markup that is no ``Markup`` nor one's value is refused at ``$.markup``."""
    with pytest.raises(InvalidData) as refused:
        SessionLog.of(_m20(), "en").render(markup)  # type: ignore[arg-type]
    assert "$.markup" == refused.value.path


def test_a_record_of_an_unknown_system_is_refused() -> None:
    record = attrs.evolve(_m20(), system="nosuch")
    with pytest.raises(UnknownSystem):
        SessionLog.of(record, "en")


def test_a_record_of_another_rules_version_is_refused() -> None:
    record = attrs.evolve(_m20(), rules_version="0")
    with pytest.raises(InvalidData) as refused:
        SessionLog.of(record, "en")
    assert "$.rules_version" == refused.value.path


def test_a_log_is_json_free_of_the_record() -> None:
    """The log holds words and numbers only: it goes to JSON without the record's values."""
    log = SessionLog.of(_m20(), "en")
    document = json.loads(to_json(log))
    assert {"system", "locale", "title", "entries", "result"} == set(document)
