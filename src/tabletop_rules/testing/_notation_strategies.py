"""Hypothesis strategies for the dice language: valid commands, their spellings, and chat."""

from __future__ import annotations

from typing import Any, Literal

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from tabletop_rules.dice import Dice
from tabletop_rules.notation import (
    TALLY_SIDES,
    Calculation,
    Check,
    Choice,
    Command,
    CountRoll,
    D66Roll,
    Expression,
    Keep,
    Limits,
    Part,
    Relation,
    Repeat,
    Reroll,
    RerollCount,
    Step,
    Tally,
    UpperRoll,
)
from tabletop_rules.notation._arithmetic import read_formula
from tabletop_rules.notation._pools import rerolls_forever

__all__ = ["chat_messages", "notation_commands", "notation_texts"]

_SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
_COMMENTS = ("attack", "fire bolt", "攻撃", "攻擊 哥布林", "for the goblin", "3 times", "(test)")
_ITEMS = ("sword", "axe", "bow", "劍", "弓", "剣", "A()", "B[]", "north-east", "1", "2")
_ROUNDINGS = ("", "U", "R", "F")
_DEFAULTS = Limits()
# Values are built under these, then held to the defaults as a whole.
_BUILDING = Limits(
    max_dice=10_000, max_terms=1_000, max_repeats=1_000, max_work=10**12, max_items=1_000
)
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
def _dice_part(draw: st.DrawFn, max_dice: int, max_sides: int) -> Part:
    count = draw(st.integers(1, max_dice))
    sides = draw(st.sampled_from([s for s in _SIDES if s <= max_sides] or [max_sides]))
    dice = Dice(count, sides)
    modifier = draw(st.sampled_from(("plain", "plain", "keep", "explode", "reroll", "d66")))
    if modifier == "d66":
        return Part(dice=Dice(min(count, 2), 66))
    if modifier == "keep" and count > 1:
        kind: Literal["KH", "KL", "DH", "DL"] = draw(st.sampled_from(("KH", "KL", "DH", "DL")))
        amount = draw(st.integers(1, count if kind in ("KH", "KL") else count - 1))
        return Part(dice=dice, keep=Keep(kind=kind, count=amount))
    if modifier == "explode" and count <= 2 and 1 < sides <= 20:
        return Part(dice=dice, explode=True)
    if modifier == "reroll" and sides > 1 and count <= 3:
        face = draw(st.integers(1, sides))
        return Part(dice=dice, reroll=Reroll(face=face, once=draw(st.booleans())))
    return Part(dice=dice)


@st.composite
def _atom(draw: st.DrawFn, max_dice: int, max_sides: int, depth: int, *, dice: bool) -> Part:
    choices = ["dice", "dice"] + (["group"] if depth else [])
    if not dice:
        choices.append("number")
    kind = draw(st.sampled_from(choices))
    if kind == "number":
        return Part(number=draw(st.integers(0, 20)))
    if kind == "group":
        return Part(group=draw(_expression(max_dice, max_sides, max_terms=2, depth=depth - 1)))
    return draw(_dice_part(max_dice, max_sides))


def _number(value: int) -> Part:
    return Part(sign=-1 if value < 0 else 1, number=abs(value))


@st.composite
def _part(draw: st.DrawFn, max_dice: int, max_sides: int, depth: int, *, dice: bool) -> Part:
    sign = draw(st.sampled_from((1, -1)))
    steps: list[Step] = []
    if dice and draw(st.integers(0, 5)) == 0:
        # A number first, the dice after it: 3*2D6.
        base = Part(number=draw(st.integers(1, 4)))
        steps.append(Step(op="*", operand=draw(_dice_part(max_dice, max_sides))))
    else:
        base = draw(_atom(max_dice, max_sides, depth, dice=dice))
    for _ in range(draw(st.integers(0, 2)) if draw(st.integers(0, 2)) == 0 else 0):
        if draw(st.booleans()):
            factor = draw(st.integers(-4, 4).filter(bool))
            steps.append(Step(op="*", operand=_number(factor)))
        else:
            divisor = draw(st.integers(-4, 10).filter(bool))
            rounding = draw(st.sampled_from(_ROUNDINGS))
            steps.append(Step(op="/", operand=_number(divisor), rounding=rounding))  # type: ignore[arg-type]
    return Part(
        sign=sign,
        dice=base.dice,
        number=base.number,
        group=base.group,
        keep=base.keep,
        explode=base.explode,
        reroll=base.reroll,
        steps=steps,
    )


@st.composite
def _expression(
    draw: st.DrawFn, max_dice: int, max_sides: int, max_terms: int, depth: int
) -> Expression:
    # The first drawn term holds dice, so that the text is a command; it may go anywhere.
    first = draw(_part(max_dice, max_sides, depth, dice=True))
    others = draw(st.lists(_part(max_dice, max_sides, depth, dice=False), max_size=max_terms - 1))
    at = draw(st.integers(0, len(others)))
    parts = [*others[:at], first, *others[at:]]
    if parts[0] is not first and parts[0].sign < 0 and parts[0].constant == 0:
        parts[0] = Part(number=parts[0].number, steps=parts[0].steps)
    return Expression(parts)


def _number_side(draw: st.DrawFn) -> Expression:
    return Expression((_number(draw(st.integers(-3, 30))),))


def _pools(draw: st.DrawFn, max_dice: int, sides: tuple[int, ...]) -> tuple[Dice, ...]:
    count = draw(st.integers(1, 2))
    return tuple(
        Dice(draw(st.integers(1, max_dice * 2)), draw(st.sampled_from(sides))) for _ in range(count)
    )


def _counting(draw: st.DrawFn, max_dice: int) -> CountRoll:
    dice = _pools(draw, max_dice, _SIDES)
    if draw(st.booleans()):
        return CountRoll(dice=dice)
    relation = draw(st.sampled_from(list(Relation)))
    return CountRoll(dice=dice, relation=relation, target=draw(st.integers(-1, dice[0].sides)))


def _reroll_count(draw: st.DrawFn, max_dice: int) -> RerollCount:
    dice = _pools(draw, max_dice, (4, 6, 8, 10, 12, 20))
    reroll = draw(st.sampled_from(list(Relation)))
    sides = [pool.sides for pool in dice]
    at = draw(
        st.integers(0, max(sides) + 1).filter(
            lambda value: not any(rerolls_forever(reroll, value, s) for s in sides)
        )
    )
    if draw(st.booleans()):
        return RerollCount(dice=dice, reroll_at=at, reroll_relation=reroll)
    relation = draw(st.sampled_from(list(Relation)))
    target = draw(st.integers(0, max(sides)))
    return RerollCount(
        dice=dice, reroll_at=at, reroll_relation=reroll, relation=relation, target=target
    )


def _upper_roll(draw: st.DrawFn, max_dice: int) -> UpperRoll:
    dice = _pools(draw, max_dice, (2, 4, 6, 10))
    upper = draw(st.integers(2, max(pool.sides for pool in dice) + 1))
    modifier = draw(st.integers(-3, 3))
    if draw(st.booleans()):
        return UpperRoll(dice=dice, upper_at=upper, modifier=modifier)
    relation = draw(st.sampled_from(list(Relation)))
    return UpperRoll(
        dice=dice,
        upper_at=upper,
        modifier=modifier,
        relation=relation,
        target=draw(st.integers(0, 12)),
    )


def _tally(draw: st.DrawFn, max_dice: int) -> Tally:
    dice = Dice(draw(st.integers(1, max_dice * 2)), draw(st.integers(1, TALLY_SIDES)))
    return Tally(dice=dice, zeros=draw(st.booleans()))


@st.composite
def _formula(draw: st.DrawFn, depth: int) -> str:
    kind = draw(st.sampled_from(["number", "number", "sign", "binary"] + (["group"] * bool(depth))))
    if kind == "number":
        return str(draw(st.integers(0, 30)))
    if kind == "sign":
        return "-" + draw(_formula(depth))
    if kind == "group":
        return f"({draw(_formula(depth - 1))})"
    op = draw(st.sampled_from(["+", "-", "*", "/"]))
    if op != "/":
        return f"{draw(_formula(depth))}{op}{draw(_formula(depth))}"
    # A divisor is a number or a group: its rounding letter ends it.
    divisor = str(draw(st.integers(1, 9))) if not depth else f"({draw(_formula(depth - 1))})"
    rounding = draw(st.sampled_from(("", "C", "R", "F")))
    return f"{draw(_formula(depth))}/{divisor}{rounding}"


def _calculation(draw: st.DrawFn) -> Calculation:
    value, text = read_formula(draw(_formula(2)))
    if value is None:  # a division by 0: C() refuses it
        text = "1"
    return Calculation(formula=text)


def _choice(draw: st.DrawFn) -> Choice:
    brackets: Literal["[", "(", " "] = draw(st.sampled_from(("[", "(", " ")))
    closing = {"[": "]", "(": ")", " ": " "}[brackets]
    fitting = [item for item in _ITEMS if closing not in item]
    items = draw(st.lists(st.sampled_from(fitting), min_size=2, max_size=5))
    takes = draw(st.integers(1, min(3, len(items))))
    return Choice(items=tuple(items), takes=takes, brackets=brackets)


@st.composite
def _single(draw: st.DrawFn, max_dice: int, max_sides: int, max_terms: int) -> object:
    kind = draw(
        st.sampled_from(
            (
                "sum",
                "sum",
                "check",
                "check",
                "opposed",
                "count",
                "reroll",
                "upper",
                "tally",
                "calc",
                "choice",
                "d66",
            )
        )
    )
    if kind == "count":
        return _counting(draw, max_dice)
    if kind == "reroll":
        return _reroll_count(draw, max_dice)
    if kind == "upper":
        return _upper_roll(draw, max_dice)
    if kind == "tally":
        return _tally(draw, max_dice)
    if kind == "calc":
        return _calculation(draw)
    if kind == "choice":
        return _choice(draw)
    if kind == "d66":
        return D66Roll(order=draw(st.sampled_from(("", "N", "A", "S", "D"))))
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
    single: Any = draw(_single(max_dice, max_sides, max_terms))
    secret = draw(st.booleans())
    comment = draw(st.sampled_from(("", "", *_COMMENTS)))
    if isinstance(single, Choice) and single.brackets == " ":
        comment = ""  # every word after choice is an item
    worst = max(single.worst_rolls, 1)
    if draw(st.integers(0, 3)) == 0 and worst * 2 <= _DEFAULTS.max_dice:
        times = draw(st.integers(2, min(4, _DEFAULTS.max_dice // worst)))
        return Repeat(times, single, secret=secret, comment=comment)
    made: Command = attrs.evolve(single, secret=secret, comment=comment)
    return made


def notation_commands(
    *, max_dice: int = 4, max_sides: int = 100, max_terms: int = 4
) -> SearchStrategy[Command]:
    """Valid commands of the common dice language, within the default limits.

    Every feature of the grammar appears: numbers, dice, keep and drop, explosions, rerolls,
    ``D66`` dice, parentheses, ``*`` and ``/`` with each rounding, the six comparisons,
    opposed checks, counting rolls of several pools, BCDice's ``R`` and ``U`` rolls, tallies,
    ``C()``, ``choice``, ``D66`` and its orders, repeats, the ``S`` mark and comments in
    three languages.
    ``parse(str(command)) == command`` for every command drawn.

    Args:
        max_dice: The most dice in one term (1 or more).
        max_sides: The most sides of a die (2 or more; the usual dice up to it are drawn).
        max_terms: The most terms of a sum (1 or more).

    Returns:
        A strategy for commands (any :data:`~tabletop_rules.notation.Command` of
        :mod:`tabletop_rules.notation`).

    Raises:
        hypothesis.errors.InvalidArgument: A bound is not an int or is too small.

    .. versionadded:: 0.1.0
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
    # A choice's items are read as written: only the command's own letters change case.
    keyword = body.find("choice")
    fixed = len(body) if keyword < 0 else keyword + len("choice")
    letters = [
        (index < fixed and draw(st.booleans()) and character.swapcase()) or character
        for index, character in enumerate(body)
    ]
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

    .. versionadded:: 0.1.0
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

    .. versionadded:: 0.1.0
    """
    return st.sampled_from(_CHAT) | _made_up_chat()
