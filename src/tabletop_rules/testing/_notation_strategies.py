"""Hypothesis strategies for the dice language: valid commands, their spellings, and chat."""

from __future__ import annotations

from typing import Literal

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from tabletop_rules.dice import Dice
from tabletop_rules.notation import (
    Check,
    Command,
    CountRoll,
    Expression,
    Keep,
    Limits,
    Part,
    Relation,
    Repeat,
    Reroll,
)

__all__ = ["chat_messages", "notation_commands", "notation_texts"]

_SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
_COMMENTS = ("attack", "fire bolt", "攻撃", "攻擊 哥布林", "for the goblin", "3 times", "(test)")
_DEFAULTS = Limits()
# Values are built under these, then held to the defaults as a whole.
_BUILDING = Limits(max_dice=10_000, max_terms=1_000, max_repeats=1_000, max_work=10**12)

# Ordinary chat a bot sees: none of it starts with a die.
_CHAT = (
    "hello",
    "I have 2 cats",
    "see you at 8",
    "gg",
    "lol 2 more",
    "ok, 3 goblins left",
    "Really? 20 damage?",
    "the d20 is cursed",
    "Don't forget the 5 gold",
    "brb 10 min",
    "we need 4 players",
    "3 + 4 = 7",
    "DFS is a graph search",
    "dfw at 9?",
    "Sorry, 2 minutes",
    "what's 10 >= 8",
    "好的，明天見",
    "我有2隻貓",
    "今天晚上8點開團",
    "哥布林還剩3隻",
    "擲骰子吧",
    "よろしくお願いします",
    "8時に集合しましょう",
    "ゴブリンはあと3体",
    "ダイスを振ってください",
    "おつかれさまでした！",
)
_WORDS = ("cat", "goblin", "sword", "tonight", "貓", "劍", "今晚", "ゴブリン", "剣", "今夜", "ok")


def _check_bound(name: str, value: object, minimum: int) -> None:
    if type(value) is not int or value < minimum:
        raise InvalidArgument(f"{name}={value!r} must be an int, {minimum} or more")


@st.composite
def _dice_part(draw: st.DrawFn, max_dice: int, max_sides: int, sign: int) -> Part:
    count = draw(st.integers(1, max_dice))
    sides = draw(st.sampled_from([s for s in _SIDES if s <= max_sides] or [max_sides]))
    dice = Dice(count, sides)
    modifier = draw(st.sampled_from(("plain", "keep", "explode", "reroll")))
    if modifier == "keep" and count > 1:
        kind: Literal["KH", "KL", "DH", "DL"] = draw(st.sampled_from(("KH", "KL", "DH", "DL")))
        amount = draw(st.integers(1, count if kind in ("KH", "KL") else count - 1))
        return Part(sign=sign, dice=dice, keep=Keep(kind=kind, count=amount))
    if modifier == "explode" and count <= 2 and 1 < sides <= 20:
        return Part(sign=sign, dice=dice, explode=True)
    if modifier == "reroll" and sides > 1 and count <= 3:
        face = draw(st.integers(1, sides))
        return Part(sign=sign, dice=dice, reroll=Reroll(face=face, once=draw(st.booleans())))
    return Part(sign=sign, dice=dice)


@st.composite
def _part(draw: st.DrawFn, max_dice: int, max_sides: int, depth: int, *, dice: bool) -> Part:
    sign = draw(st.sampled_from((1, -1)))
    choices = ["dice", "dice", "d66"] + (["group"] if depth else [])
    if not dice:
        choices.append("number")
    kind = draw(st.sampled_from(choices))
    if kind == "number":
        part = Part(sign=sign, number=draw(st.integers(0, 20)))
    elif kind == "d66":
        part = Part(sign=sign, d66=True)
    elif kind == "group":
        inner = draw(_expression(max_dice, max_sides, max_terms=2, depth=depth - 1))
        part = Part(sign=sign, group=inner)
    else:
        part = draw(_dice_part(max_dice, max_sides, sign))
    if draw(st.integers(0, 4)) == 0:
        return Part(
            sign=part.sign,
            dice=part.dice,
            number=part.number,
            d66=part.d66,
            group=part.group,
            factor=draw(st.integers(2, 4)),
            keep=part.keep,
            explode=part.explode,
            reroll=part.reroll,
        )
    return part


@st.composite
def _expression(
    draw: st.DrawFn, max_dice: int, max_sides: int, max_terms: int, depth: int
) -> Expression:
    # The first drawn term holds dice, so that the text is a command; it may go anywhere.
    first = draw(_part(max_dice, max_sides, depth, dice=True))
    others = draw(st.lists(_part(max_dice, max_sides, depth, dice=False), max_size=max_terms - 1))
    at = draw(st.integers(0, len(others)))
    parts = [*others[:at], first, *others[at:]]
    if parts[0] is not first and parts[0].sign < 0 and parts[0].number == 0:
        parts[0] = Part(number=parts[0].number)
    return Expression(parts)


def _number_side(draw: st.DrawFn) -> Expression:
    return Expression((Part(number=draw(st.integers(0, 30))),))


@st.composite
def _single(
    draw: st.DrawFn, max_dice: int, max_sides: int, max_terms: int
) -> Expression | Check | CountRoll:
    kind = draw(st.sampled_from(("sum", "check", "opposed", "count")))
    if kind == "count":
        dice = Dice(draw(st.integers(1, max_dice * 2)), draw(st.sampled_from(_SIDES)))
        if draw(st.booleans()):
            return CountRoll(dice=dice)
        relation = draw(st.sampled_from(list(Relation)))
        return CountRoll(dice=dice, relation=relation, target=draw(st.integers(0, dice.sides)))
    left = draw(_expression(max_dice, max_sides, max_terms, depth=1))
    if kind == "sum":
        return left
    relation = draw(st.sampled_from(list(Relation)))
    if kind == "check":
        return Check(left=left, comparison=relation, right=_number_side(draw))
    right = draw(_expression(max_dice, max_sides, 2, depth=0))
    return Check(left=left, comparison=relation, right=right)


def _within_defaults(command: Command) -> bool:
    try:
        _DEFAULTS.enforce(command)
    except ValueError:
        return False
    return len(str(command)) <= _DEFAULTS.max_length


@st.composite
def _commands(draw: st.DrawFn, max_dice: int, max_sides: int, max_terms: int) -> Command:
    with _BUILDING.applied():
        return _command(draw, max_dice, max_sides, max_terms)


def _command(draw: st.DrawFn, max_dice: int, max_sides: int, max_terms: int) -> Command:
    single = draw(_single(max_dice, max_sides, max_terms))
    secret = draw(st.booleans())
    comment = draw(st.sampled_from(("", "", *_COMMENTS)))
    worst = single.worst_rolls
    if draw(st.integers(0, 3)) == 0 and worst * 2 <= _DEFAULTS.max_dice:
        times = draw(st.integers(2, min(4, _DEFAULTS.max_dice // worst)))
        return Repeat(times, single, secret=secret, comment=comment)
    if isinstance(single, Expression):
        return Expression(single.parts, secret=secret, comment=comment)
    if isinstance(single, Check):
        return Check(
            left=single.left,
            comparison=single.comparison,
            right=single.right,
            secret=secret,
            comment=comment,
        )
    return CountRoll(
        dice=single.dice,
        relation=single.relation,
        target=single.target,
        secret=secret,
        comment=comment,
    )


def notation_commands(
    *, max_dice: int = 4, max_sides: int = 100, max_terms: int = 4
) -> SearchStrategy[Command]:
    """Valid commands of the common dice language, within the default limits.

    Every feature of the grammar appears: numbers, dice, keep and drop, explosions, rerolls,
    ``D66``, parentheses, ``*``, the six comparisons, opposed checks, counting rolls,
    repeats, the ``S`` mark and comments in three languages.
    ``parse(str(command)) == command`` for every command drawn.

    Args:
        max_dice: The most dice in one term (1 or more).
        max_sides: The most sides of a die (2 or more; the usual dice up to it are drawn).
        max_terms: The most terms of a sum (1 or more).

    Returns:
        A strategy for commands (an ``Expression``, a ``Check``, a ``CountRoll`` or a
        ``Repeat`` of :mod:`tabletop_rules.notation`).

    Raises:
        hypothesis.errors.InvalidArgument: A bound is not an int or is too small.

    .. versionadded:: 0.2.0
    """
    _check_bound("max_dice", max_dice, 1)
    _check_bound("max_sides", max_sides, 2)
    _check_bound("max_terms", max_terms, 1)
    return _commands(max_dice, max_sides, max_terms).filter(_within_defaults)


_FULL_WIDTH = {chr(code): chr(code + 0xFEE0) for code in range(0x21, 0x7F)} | {" ": "\u3000"}


@st.composite
def _spelled(draw: st.DrawFn, command: Command) -> str:
    text = str(command)
    comment = command.comment
    body = text[: len(text) - len(comment) - 1] if comment else text
    letters = [(draw(st.booleans()) and character.swapcase()) or character for character in body]
    if draw(st.booleans()):
        letters = [_FULL_WIDTH.get(character, character) for character in letters]
    spaced = "".join(letters)
    padding = draw(st.sampled_from(("", " ", "\u3000", "\t")))
    return padding + spaced + (f" {comment}" if comment else "") + padding


def notation_texts(
    commands: SearchStrategy[Command] | None = None,
) -> SearchStrategy[tuple[str, Command]]:
    """What a player may type for a command: any letter case, full width, padding.

    Args:
        commands: The commands to spell; :func:`notation_commands` if not given.

    Returns:
        A strategy for ``(text, command)`` pairs with ``parse(text) == command``.

    .. versionadded:: 0.2.0
    """
    base = notation_commands() if commands is None else commands
    return base.flatmap(lambda command: _spelled(command).map(lambda text: (text, command)))


@st.composite
def _made_up_chat(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4))
    number = str(draw(st.integers(0, 100)))
    at = draw(st.integers(1, len(words)))
    return " ".join([*words[:at], number, *words[at:]])


def chat_messages() -> SearchStrategy[str]:
    """Ordinary chat in English, Chinese and Japanese, with numbers, that is never a command.

    A bot's test can check that its parser ignores all of it.

    .. versionadded:: 0.2.0
    """
    return st.sampled_from(_CHAT) | _made_up_chat()
