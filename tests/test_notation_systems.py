"""Tests of the systems' chat commands in tabletop_rules.notation (issue 9, point 2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop_rules import m20
from tabletop_rules.checks import Term
from tabletop_rules.dice import ScriptedDice
from tabletop_rules.errors import InvalidNotation, UnknownSystem
from tabletop_rules.i18n import LOCALES, catalog
from tabletop_rules.notation import (
    Expression,
    SystemCheck,
    SystemCommand,
    commands,
    help_text,
    parse,
)


def test_m20_registers_its_commands_through_its_package() -> None:
    """commands("m20") is the m20 package's CHAT_COMMANDS, found through the entry point."""
    assert m20.CHAT_COMMANDS == commands("m20")
    assert ("attack", "check") == tuple(command.name for command in commands("m20"))


@pytest.mark.parametrize(
    ("text", "modifier", "difficulty"),
    [
        ("M20+4>=16", 4, 16),
        ("m20+4>=困難", 4, 16),
        ("m20+4>=困难", 4, 16),
        ("M20+1>=轻而易举", 1, 4),
        ("Ｍ２０＋４＞＝ｈａｒｄ", 4, 16),
        ("M20-1>=easy", -1, 8),
        ("M20+3-1>=適中", 2, 12),
        ("M20>=12", 0, 12),
        ("M20+2>=普通", 2, 12),
    ],
)
def test_m20_check_gives_a_specialty_check(text: str, modifier: int, difficulty: int) -> None:
    """M20+N>=DIFFICULTY reads a number or a ladder word in any shipped locale (M20-035)."""
    check = parse(text, system="m20")
    assert isinstance(check, m20.SpecialtyCheck)
    terms = (Term("m20.term.modifier", modifier),) if modifier else ()
    assert (terms, difficulty) == (check.terms, check.difficulty.value)


def test_m20_check_resolves_and_explains() -> None:
    """The m20 check rolls 1D20 + N against the difficulty, explained in the locale (M20-036)."""
    check = parse("M20+4>=困難", system="m20")
    assert isinstance(check, m20.SpecialtyCheck)
    assert Fraction(9, 20) == check.probability()
    explained = check.resolve(ScriptedDice([12])).explain("zh-Hant")
    assert "1D20[12] +4 修正 = 16 ≥ 16（困難） 成功" == explained


def test_m20_attack_gives_an_attack_check() -> None:
    """M20ATK+N>=DEF+M is an attack against a defense; a tie hits (M20-033)."""
    check = parse("M20ATK+3>=DEF+2", system="m20")
    assert isinstance(check, m20.AttackCheck)
    assert (Term("m20.term.modifier", 3),) == check.attack
    assert (Term("m20.term.modifier", 2),) == check.defense
    assert check.resolve(ScriptedDice([10, 11])).success
    assert Fraction(229, 400) == check.probability()


def test_system_checks_satisfy_the_protocol() -> None:
    """What a system command gives is a SystemCheck."""
    assert isinstance(parse("M20+1>=4", system="m20"), SystemCheck)


def test_system_commands_come_before_the_common_ones() -> None:
    """With a system, its commands are read first, then the common language."""
    assert isinstance(parse("2d6+1", system="m20"), Expression)
    assert parse("M20+4>=16") is None


@pytest.mark.parametrize("text", ["M20 is a nice system", "m20", "I like M20"])
def test_m20_chat_stays_chat(text: str) -> None:
    """Chat that mentions m20 is not a command."""
    assert parse(text, system="m20") is None


@pytest.mark.parametrize(
    ("text", "key", "position"),
    [
        ("M20+4>=impossible", "m20.error.chat_difficulty", 7),
        ("M20+4>=", "m20.error.chat_command", 7),
        ("M20ATK+3", "m20.error.chat_command", 8),
        ("M20+4>=16 +1 more", "m20.error.chat_command", 9),
    ],
)
def test_malformed_m20_commands_say_where(text: str, key: str, position: int) -> None:
    """A text meant as an m20 command that cannot be read is an InvalidNotation with a column."""
    with pytest.raises(InvalidNotation) as caught:
        parse(text, system="m20")
    assert (key, position) == (caught.value.key, caught.value.position)


def test_unknown_system_is_refused() -> None:
    """parse(system=...) with a name no ruleset has raises UnknownSystem listing the known."""
    with pytest.raises(UnknownSystem) as caught:
        parse("2d6", system="nope")
    assert "m20" in caught.value.known


@pytest.mark.parametrize("locale", LOCALES)
def test_help_lists_each_command_in_the_locale(locale: str) -> None:
    """help_text(system, locale) has one line per command with its localized paragraph."""
    lines = help_text("m20", locale).splitlines()
    assert len(commands("m20")) + 1 == len(lines)
    for command, line in zip(commands("m20"), lines[1:], strict=True):
        assert line == f"{command.pattern}: {catalog(locale)[command.help]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_common_help_is_localized(locale: str) -> None:
    """help_text() without a system is the common language's paragraph in the locale."""
    assert catalog(locale)["notation.help.common"] == help_text(None, locale)


def test_every_example_of_every_command_parses() -> None:
    """Each command's examples read as that system's check."""
    for command in commands("m20"):
        for example in command.examples:
            assert isinstance(parse(example, system="m20"), SystemCheck), example


@pytest.mark.parametrize(
    ("system", "text", "plain", "secret", "comment"),
    [
        ("m20", "SM20+4>=困難", "M20+4>=困難", True, ""),
        ("m20", "M20+4>=困難 跳過懸崖", "M20+4>=困難", False, "跳過懸崖"),
        ("m20", "sm20atk+3>=def+2 slash the bandit", "M20ATK+3>=DEF+2", True, "slash the bandit"),
        ("bar2d6", "B2D6+5>=3 攀爬岩壁", "B2D6+5>=3", False, "攀爬岩壁"),
        ("bar2d6", "SB2D6+5>=3 HELP+2@1 climb", "B2D6+5>=3 HELP+2@1", True, "climb"),
        ("bayside23", "SBAYHIT-2<+0 斬る", "BAYHIT-2<+0", True, "斬る"),
        ("skirmish", "SSK+3>DEF+2@1", "SK+3>DEF+2@1", True, ""),
    ],
)
def test_system_commands_take_the_secret_mark_and_a_comment(
    system: str, text: str, plain: str, secret: bool, comment: str
) -> None:
    """A system's command takes S and a trailing comment as the common language does."""
    command = parse(text, system=system)
    assert isinstance(command, SystemCommand)
    assert (parse(plain, system=system), secret, comment) == (
        command.check,
        command.secret,
        command.comment,
    )
    assert command.probability() == command.check.probability()


def test_a_system_command_renders_its_comment_and_secret_mark_in_every_locale() -> None:
    """The secret mark and the comment wrap the check's explanation, in the locale's layout."""
    command = parse("SM20+4>=困難 跳過懸崖", system="m20")
    assert isinstance(command, SystemCommand)
    result = command.resolve(ScriptedDice([12]))
    assert "（シークレット）1D20[12] +4 修正 = 16 ≥ 16（困難） 成功「跳過懸崖」" == (
        command.render(result, "ja")
    )
    assert "(secret) 1D20[12] +4 modifier = 16 ≥ 16 (Hard) Success — 跳過懸崖" == (
        command.render(result, "en")
    )


@pytest.mark.parametrize(
    ("system", "text"),
    [
        ("bar2d6", "B2D6+5>=3 HELP+2@x"),
        ("m20", "M20+4>=16 >=3"),
        ("bar2d6", "SB2D6+5>=3 協力+3@9 climbing"),
    ],
)
def test_a_mistyped_part_is_not_taken_for_a_comment(system: str, text: str) -> None:
    """A first word with a sign, a comparison or @ reads as more of the command: refused."""
    with pytest.raises(InvalidNotation):
        parse(text, system=system)


def test_an_s_before_chat_is_still_chat() -> None:
    """An S before text that is no command of the system (a word) stays chat."""
    assert parse("Sure, M20+4>=16 later", system="m20") is None
