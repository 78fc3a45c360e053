"""Rule vectors: every shipped case passes, and the runner fails when a case is wrong."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from tabletop_rules import vectors
from tabletop_rules.errors import InvalidData
from tabletop_rules.systems import Registry
from tabletop_rules.vectors import VectorCase, VectorFailure, parse_dice, read_vectors
from tabletop_rules.vectors.__main__ import main


@pytest.mark.parametrize("case_id", vectors.case_ids())
def test_vector(case_id: str) -> None:
    """Every shipped rule vector passes (the clauses each checks are named in its file)."""
    vectors.check_case(case_id)


def test_every_system_has_vectors() -> None:
    """The chat language and every registered system ship vectors of every input kind."""
    kinds = {
        (case.system, type(case.input).__name__)
        for case in (vectors.find_case(case_id) for case_id in vectors.case_ids())
    }
    for system in Registry.default().names:
        assert {(system, "ChatInput"), (system, "CheckInput"), (system, "CombatInput")} <= kinds
    assert ("", "ChatInput") in kinds


def _mutated(case_id: str, **changes: object) -> VectorCase:
    case = vectors.find_case(case_id)
    expect = {**(case.expect or {}), **changes}
    return attrs.evolve(case, expect=expect)


def _fields(case: VectorCase) -> list[str]:
    with pytest.raises(VectorFailure) as failure:
        vectors.check_case(case)
    return [difference.field for difference in failure.value.differences]


def test_a_changed_text_fails() -> None:
    """M20-040: an explanation changed in one locale fails on that field alone."""
    case = _mutated("m20-example-dodge-rocks", ja="1D20[11] = 16 成功")
    assert _fields(case) == ["ja"]


def test_a_changed_probability_fails() -> None:
    """M20-037: a changed probability fails, and the failure gives both values."""
    case = _mutated("m20-example-dodge-rocks", probability="11/20")
    with pytest.raises(VectorFailure) as failure:
        vectors.check_case(case)
    (difference,) = failure.value.differences
    assert (difference.field, difference.expected, difference.got) == (
        "probability",
        "11/20",
        "1/2",
    )


def test_a_changed_event_fails() -> None:
    """SK-04: a changed combat event fails on that event's index."""
    case = vectors.find_case("skirmish-combat-first-player")
    events = list((case.expect or {})["events"])
    events[1] = events[1].replace('"turn":1', '"turn":2')
    assert _fields(attrs.evolve(case, expect={**(case.expect or {}), "events": events})) == [
        "events[1]"
    ]


def test_a_missing_or_extra_field_fails() -> None:
    """A case without a field the library gives, or with one it does not give, fails."""
    case = vectors.find_case("chat-sum")
    expect = dict(case.expect or {})
    del expect["total"]
    expect["outcome"] = "success"
    assert sorted(_fields(attrs.evolve(case, expect=expect))) == ["outcome", "total"]


def test_a_leftover_die_fails() -> None:
    """A case whose dice are not all used fails and names the unused dice."""
    case = vectors.find_case("chat-sum")
    extra = attrs.evolve(case, dice=(*case.dice, vectors.DieFace(6, 2)))
    with pytest.raises(VectorFailure, match=r"1 scripted dice unused: d6:2"):
        vectors.check_case(extra)


def test_a_die_of_the_wrong_size_fails() -> None:
    """A d6 scripted where the rules roll a d20 fails, even with a face the d20 could show."""
    case = vectors.find_case("m20-chat-check")
    wrong = attrs.evolve(case, dice=(vectors.DieFace(6, 5),))
    with pytest.raises(VectorFailure, match=r"d6, but the rules rolled 1D20"):
        vectors.check_case(wrong)


def test_running_out_of_dice_fails() -> None:
    """B2D6-32: a case with too few dice for the GM's roll fails."""
    case = vectors.find_case("bar2d6-example-climb")
    short = attrs.evolve(case, dice=case.dice[:-1])
    with pytest.raises(VectorFailure, match=r"ran out"):
        vectors.check_case(short)


#: Every 20th shipped case, from every file: the sample the mutation check runs on.
SAMPLE: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *vectors.case_ids()[::20],
            *(vectors.case_ids(name)[0] for name in ("", *Registry.default().names)),
        ]
    )
)


@pytest.mark.parametrize("case_id", SAMPLE)
def test_the_runner_fails_on_a_mutated_sample(case_id: str) -> None:
    """Each sampled case fails with a changed text, a changed probability and a leftover die.

    The changed field alone is named, and the leftover die is named in the message.
    """
    case = vectors.find_case(case_id)
    expect = case.expect or {}
    if "en" in expect:  # chat that is no command (``command = false``) has no text
        assert _fields(_mutated(case_id, en=f"{expect['en']} (changed)")) == ["en"]
    if "probability" in expect:
        changed = "1/3" if expect["probability"] != "1/3" else "1/4"
        assert _fields(_mutated(case_id, probability=changed)) == ["probability"]
    leftover = attrs.evolve(case, dice=(*case.dice, vectors.DieFace(7, 3)))
    with pytest.raises(VectorFailure, match=r"scripted dice unused: d7:3"):
        vectors.check_case(leftover)


def test_the_mutation_sample_reaches_every_file_and_kind() -> None:
    """The sample holds cases of every file and of every input kind, probabilities included."""
    sampled = [vectors.find_case(case_id) for case_id in SAMPLE]
    assert {case.system for case in sampled} == {"", *Registry.default().names}
    assert {type(case.input).__name__ for case in sampled} == {
        "ChatInput",
        "CheckInput",
        "CombatInput",
    }
    assert any("probability" in (case.expect or {}) for case in sampled)


def test_an_unrecorded_case_fails() -> None:
    """A case with no expect table fails on every field, so it cannot pass by accident."""
    case = attrs.evolve(vectors.find_case("chat-sum"), expect=None)
    assert "total" in _fields(case)


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('[[case]]\nid = "a"\nchat = "1d6"\ndice = ["d6:7"]\n', "x.toml:a.dice[0]"),
        ('[[case]]\nid = "a"\nchat = "1d6"\ndice = ["6:1"]\n', "x.toml:a.dice[0]"),
        ('[[case]]\nid = "a"\ndice = []\n', "x.toml:a"),
        ('[[case]]\nid = "a"\nchat = "1d6"\ncheck = "x"\n', "x.toml:a"),
        ('[[case]]\nid = "a"\nchat = "1d6"\nclauses = ["m20"]\n', "x.toml:a.clauses"),
        ('[[case]]\nid = "a"\nchat = "1d6"\nexpected = {}\n', "x.toml:a.expected"),
        ('[[case]]\nid = "a"\nchat = "1d6"\n[[case]]\nid = "a"\nchat = "1d6"\n', "x.toml:a"),
        ('[[case]]\nid = "a"\nsystem = "m20"\nsetup = "nope"\ncommands = []\n', "x.toml:a.setup"),
        ("[[case]\n", "x.toml"),
        ("cases = []\n", "x.toml.cases"),
    ],
)
def test_bad_files_name_the_field(text: str, path: str) -> None:
    """A vector file that breaks the format gives InvalidData naming the file, case and field."""
    with pytest.raises(InvalidData) as error:
        read_vectors(text, "x.toml")
    assert error.value.path == path


def test_bad_check_arguments_name_the_field() -> None:
    """M20-035: a check argument that does not fit names the case and the argument."""
    sheet = (
        "姓名：X\n屬性：物攻3 特攻3 物防2 特防2\n行事傾向：萬能型\n"
        "特長：身理＋2 詭計＋1 知識＋1 交涉＋1\n"
    )
    file = read_vectors(
        f'[sheets]\nx = """\n{sheet}"""\n'
        '[[case]]\nid = "a"\nsystem = "m20"\ndice = ["d20:1"]\ncheck = "specialty"\n'
        'sheets = ["x"]\nargs = { specialty = "cooking", difficulty = 4 }\n',
        "x.toml",
    )
    with pytest.raises(InvalidData) as error:
        vectors.run_case(file.cases[0])
    assert error.value.path == "x.toml:a.args.specialty"


def test_an_unknown_system_names_the_field() -> None:
    """A misspelt system is a bad case, not a recorded refusal."""
    file = read_vectors('[[case]]\nid = "a"\nsystem = "m21"\nchat = "1d6"\n', "x.toml")
    with pytest.raises(InvalidData) as error:
        vectors.run_case(file.cases[0])
    assert error.value.path == "x.toml:a.system"


def test_record_fills_expect_and_keeps_the_rest(tmp_path: Path) -> None:
    """Recording writes the expect table from the library and keeps comments and inputs."""
    path = tmp_path / "v.toml"
    path.write_text(
        '# top comment\n\n[[case]]\n# why\nid = "a"\ndice = ["2d6:3,4"]\nchat = "2D6>=7"\n'
        '[case.expect]\ntotal = 99\n\n# before b\n[[case]]\nid = "b"\ndice = []\nchat = "hi"\n',
        "utf-8",
    )
    assert main(["record", str(path)]) == 0
    text = path.read_text("utf-8")
    assert text.startswith("# top comment\n\n[[case]]\n# why\n")
    assert "# before b\n[[case]]" in text
    assert "total = 99" not in text
    recorded = read_vectors(text, "v.toml")
    assert all(not vectors.compare(case) for case in recorded.cases)
    assert recorded.cases[1].expect == {"command": False}
    assert main(["check", str(path)]) == 0


def test_counts_cover_every_case() -> None:
    """The counts per system add up to the shipped cases (the docs show them)."""
    counts = vectors.counts()
    assert sum(counts.values()) == len(vectors.case_ids())
    assert set(counts) == {"chat", *Registry.default().names}


def test_record_only_and_missing(tmp_path: Path) -> None:
    """--only records the named cases, --missing those without an expect table."""
    path = tmp_path / "v.toml"
    path.write_text(
        '[[case]]\nid = "a"\ndice = ["d6:1"]\nchat = "1d6"\n[case.expect]\ntotal = 9\n\n'
        '[[case]]\nid = "b"\ndice = ["d6:2"]\nchat = "1d6"\n\n'
        '[[case]]\nid = "c"\ndice = ["d6:3"]\nchat = "1d6"\n',
        "utf-8",
    )
    assert vectors.record_file(path, only=["b"]) == 1
    assert vectors.record_file(path, missing=True) == 1
    cases = read_vectors(path.read_text("utf-8"), "v.toml").cases
    assert [(case.expect or {}).get("total") for case in cases] == [9, 2, 3]
    assert main(["check", str(path)]) == 1


def test_record_refuses_cases_whose_dice_do_not_fit(tmp_path: Path) -> None:
    """Recording a case with a leftover die writes nothing and says which case."""
    path = tmp_path / "v.toml"
    text = '[[case]]\nid = "a"\ndice = ["d6:1", "d6:2"]\nchat = "1d6"\n'
    path.write_text(text, "utf-8")
    with pytest.raises(VectorFailure, match="Rule vector a failed"):
        vectors.record_file(path)
    assert path.read_text("utf-8") == text


@pytest.mark.parametrize("item", ["d" + "9" * 5000 + ":1", "d6:" + "1" * 5000, "9" * 19 + "d6:1"])
def test_a_die_of_a_huge_number_is_refused(item: str) -> None:
    """Issue 26: a number of a die has at most 18 digits, as in a command; one of 5,000 was
    read with ``int`` and raised a bare ``ValueError`` (Python reads at most 4,300)."""
    with pytest.raises(InvalidData) as caught:
        parse_dice([item])
    assert "dice[0]" == caught.value.path
