"""Bad input to the m20 combat: setup values and commands of the wrong shape.

Every refusal is one of the library's errors: :class:`~tabletop_rules.errors.InvalidData`
with the path of the bad field for setups and ledgers, and
:class:`~tabletop_rules.errors.IllegalCommand` (``m20.illegal.bad_command``) for commands.
"""

from __future__ import annotations

import contextlib
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import IllegalCommand, ScriptedDice
from tabletop_rules.engine import Pass
from tabletop_rules.errors import InvalidData, TabletopRulesError
from tabletop_rules.m20 import (
    RULESET,
    Assist,
    Attack,
    AttackKind,
    AttackMode,
    BoostDamage,
    CombatSetup,
    CombatState,
    Command,
    CoolDown,
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
    RuleFallen,
    ScenarioLedger,
    Skill,
    SplitFocus,
    Summon,
    UseDecisiveStrike,
    UseIndomitable,
    UseNarrowEscape,
    WideGuard,
)
from tabletop_rules.serialization import make_converter, to_json

from .test_combat import combat, hero, hit, play

CONVERTER = make_converter()
COMMANDS: tuple[type[Any], ...] = (
    Attack,
    Hide,
    FocusDefense,
    Assist,
    Hinder,
    Heal,
    FirstAid,
    Summon,
    SplitFocus,
    CoolDown,
    Frenzy,
    WideGuard,
    Dismiss,
    UseDecisiveStrike,
    UseNarrowEscape,
    BoostDamage,
    UseIndomitable,
    Pass,
    EndRound,
    EndCombat,
    RuleFallen,
)


def invalid_data(build: Any) -> tuple[str, str]:
    with pytest.raises(InvalidData) as raised:
        build()
    return raised.value.path, raised.value.detail


def two(first: Participant) -> CombatSetup:
    return CombatSetup(participants=[first, Participant(id="b", character=hero("B"), side="foes")])


def test_the_gms_name_is_no_participant_id() -> None:
    """M20-066: ``gm`` names the GM, who rules; no participant may take it."""
    path, _ = invalid_data(lambda: Participant(id="gm", character=hero("A"), side="heroes"))

    assert "$.id" == path


def test_a_participant_id_has_no_slash() -> None:
    """M20-121: ``/`` is kept for the summon's id (``a/summon``)."""
    path, _ = invalid_data(lambda: Participant(id="a/b", character=hero("A"), side="heroes"))

    assert "$.id" == path


def test_a_participant_needs_a_character() -> None:
    """M20-049: each participant is a character (the text's sheet)."""
    path, _ = invalid_data(lambda: Participant(id="a", character="A", side="heroes"))  # type: ignore[arg-type]

    assert "$.character" == path


def test_a_side_is_a_name() -> None:
    """M20-065: sides are named by text, so the winners can be told."""
    path, _ = invalid_data(lambda: Participant(id="a", character=hero("A"), side=1))  # type: ignore[arg-type]

    assert "$.side" == path


def test_participants_must_be_participants() -> None:
    """M20-049: the combat's participants are Participant values."""
    path, _ = invalid_data(lambda: CombatSetup(participants=["a", "b"]))  # type: ignore[list-item]

    assert "$.participants[0]" == path


def test_a_ledger_holds_ledger_entries() -> None:
    """M20-022: a scenario ledger lists entries of uses spent."""
    path, _ = invalid_data(lambda: ScenarioLedger(entries=["x"]))  # type: ignore[list-item]

    assert "$.entries[0]" == path


def test_a_ledger_keeps_entries_given_as_any_iterable() -> None:
    """M20-022: entries given as a generator are kept, as a list of them is (none lost)."""
    entry = LedgerEntry(participant="al", skill=Skill.NARROW_ESCAPE, spent=1)

    assert ScenarioLedger(entries=[entry]) == ScenarioLedger(entries=(e for e in [entry]))


def test_a_bad_hp_is_reported_with_every_other_problem() -> None:
    """M20-002, M20-065: a lone participant at HP −1: its HP and the missing second side."""
    lone = Participant(id="a", character=hero("A"), side="heroes", hp=-1)

    actual = invalid_data(lambda: CombatSetup(participants=[lone]))

    assert (
        "$.participants",
        "$.participants[0].hp: HP must be from 0 to 7, not -1; "
        "$.participants: a combat needs two sides or more with someone above 0 HP",
    ) == actual


@pytest.mark.parametrize(
    "command",
    [
        Hide(actor="a", target="b", kind="physical"),  # type: ignore[arg-type]
        Hinder(actor="a", target="b", choice=HinderChoice.ATTACK, kind=None),  # type: ignore[arg-type]
        Attack(actor="a", targets=None),  # type: ignore[arg-type]
        WideGuard(actor="a", protected=None),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_command_is_refused(command: Command) -> None:
    """M20-051, M20-052, M20-059, M20-082: a field of the wrong type is refused, not crashed on."""
    state = combat(hero("A", Skill.WIDE_GUARD))

    with pytest.raises(IllegalCommand) as raised:
        RULESET.decide(state, command, ScriptedDice([10, 10]))

    assert "m20.illegal.bad_command" == raised.value.reason


def test_a_malformed_command_says_what_to_fix() -> None:
    """M20-052: the message names the command, the field, the type wanted and the value."""
    with pytest.raises(IllegalCommand) as raised:
        RULESET.decide(combat(), Hide(actor="a", target="b", kind="physical"), ScriptedDice([]))  # type: ignore[arg-type]

    assert (
        "Hide.kind must be AttackKind, not 'physical': fix that field and send the command again."
        == str(raised.value)
    )


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=False),
    st.sampled_from(["a", "b", "c", "gm", "a/summon", "", "nobody"]),
    st.sampled_from([*AttackKind, *AttackMode, *HinderChoice, *Skill]),
    st.lists(st.sampled_from(["a", "b", "c", "zz", 1]), max_size=3),
    st.lists(st.sampled_from(["a", "b", "c", "zz"]), max_size=3).map(tuple),
    st.builds(object),
)


def junk_commands(cls: type[Any]) -> st.SearchStrategy[Any]:
    return st.builds(cls, **{f.name: JUNK for f in attrs.fields(cls) if f.init})


def moments() -> list[CombatState]:
    start = combat(hero("A", Skill.DECISIVE_STRIKE, Skill.WIDE_GUARD), c=hero("C"))
    prompt, _ = play(start, [hit()], [10, 15])
    over, _ = play(combat(hp={"b": 1}), [hit()], [10, 10])
    return [start, prompt, over]


MOMENTS = moments()


@given(st.sampled_from(MOMENTS), st.one_of(*(junk_commands(cls) for cls in COMMANDS)))
def test_junk_in_any_command_field_is_refused_by_the_library(
    state: CombatState, command: Any
) -> None:
    """M20-049: any value in any field of any command is accepted or refused by a library error,
    and the state is unchanged."""
    before = to_json(state, converter=CONVERTER)

    with contextlib.suppress(TabletopRulesError):
        RULESET.decide(state, command, ScriptedDice([10] * 8))

    assert before == to_json(state, converter=CONVERTER)
