"""The command language for bots: the dice language players type, and each system's commands.

A bot hands every message to :func:`parse`.
Ordinary chat gives ``None``; a command gives a typed value that rolls with any
:class:`~tabletop_rules.dice.DiceSource`, knows its exact odds, and renders the result
BCDice-style in the player's locale:

>>> from tabletop_rules.dice import Dice, ScriptedDice
>>> from tabletop_rules.notation import *
>>> parse("I have 2 cats") is None
True
>>> command = parse("２Ｄ６＋５＞＝８")
>>> print(command)
2D6+5>=8
>>> command.probability()
Fraction(35, 36)
>>> result = command.roll(ScriptedDice([1, 2]))
>>> print(result.render("zh-Hant"))
(2D6+5>=8) ＞ 3[1,2]+5 ＞ 8 ＞ 成功

**The language.**
A command is a sum of terms joined by ``+`` and ``-``: whole numbers, dice written ``NdS``
(``d20`` is ``1D20``, ``5D`` is ``5D6``, ``(2+3)D6`` is ``5D6``), dice that keep or drop
(``4D6KH3``, ``4D6KL1``, ``4D6DH1``, ``4D6DL1``, ``2D20KH1`` for advantage, ``5D10KH``,
``3D6MAX``), explode (``3D6!``) or reroll (``1D20R1`` once, ``1D20RR1`` until another face),
BCDice's ``D66`` dice (two d6 read as tens and units: ``2D66``), and sums in parentheses;
any term may be multiplied by whole numbers and divided by them with BCDice's rounding
(``(1D6+1)*2``, ``1D6/2``, ``3D6/2U``, ``1D100/10R``).
BCDice's own commands are read too: counting rolls (``6B6>=4``, ``2b6+4b10>3``), reroll rolls
(``3R6>=5``, ``2R6[3]``), upper dice (``5U10[8]``), tallies (``6TY6``), calculations
(``C(10/3)``), choices (``choice[a,b,c]``) and ``D66`` with its orders (``D66S``).
A check compares two sums with ``>=``, ``>``, ``<=``, ``<``, ``=`` or ``<>`` (``≥``, ``≤``,
``≧``, ``≦`` and ``≠`` too), and either side may hold dice: ``2D6+5>=8``, ``2D6+5>=3D6``.
A repeat prefix ``x3``, ``rep3`` or ``repeat3``, then a space, rolls the command that many times; an
``S`` in front (``S2D6>=7``) marks the roll secret; text after the command and a space is a
comment kept on the result (``2D6+3 attack the goblin``).
An exploding die explodes at most ``CHAIN_DEPTH`` times, and ``RR``, BCDice's ``R`` and ``U``
roll a die again at most that many times; exact odds are for that rule.
Text is read after NFKC normalization (full-width ``２Ｄ６`` is ``2D6``), in either case.

**What counts as a command.**
After normalization, an optional ``S`` and an optional repeat prefix, a text is a command
when it starts with ``choice``, with ``C`` and arithmetic, with ``D66``, or with notation that
leads to a die (``d`` followed by a digit, a count followed by ``d``, ``d%`` or ``dF``, or a
pool such as ``6B6``, ``3R6``, ``5U10`` or ``6TY6``); a sum without dice is chat.
Any other text is chat and gives ``None``; a mistyped command of BCDice's is refused with a
message that says what to write.
A command that breaks the grammar raises :class:`~tabletop_rules.errors.InvalidNotation`
with the position of the problem; syntax of other dice bots that looks like a command
(``1d%``, ``4dF``, ``2d6!!``) raises its subclass
:class:`~tabletop_rules.errors.UnsupportedNotation`; so do other spellings of a comparison
(``!=``, ``==``, ``=>``), at the operator, with a message that names the sign to write
instead (``<>``, ``=``, ``>=``).
``parse(text, system="m20")`` first reads the commands that system registers.
A system writes its chat commands as :class:`ChatCommand` values, reading what players type
with :data:`NUMBER`, :data:`SIGNED` and :func:`signed_total`, and refusing a command that
does not read with :func:`unreadable`.

**Limits.**
Commands are held to :class:`Limits` before anything is rolled or computed: the length first,
then the repeats, the sides of each die, the terms, the items of a choice, the dice (every
explosion and reroll at its cap included) and the work of the exact odds.
A refusal is a :class:`~tabletop_rules.errors.NotationLimitExceeded`, which is an
``InvalidNotation`` too: one ``except InvalidNotation`` catches every refusal of a message.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from typing import overload

from tabletop_rules.notation._commands import (
    Check,
    CheckRoll,
    Command,
    CountResult,
    CountRoll,
    Repeat,
    RepeatResult,
    Result,
)
from tabletop_rules.notation._limits import CHAIN_DEPTH, Limits
from tabletop_rules.notation._modifiers import Keep, Relation, Reroll
from tabletop_rules.notation._parser import (
    CACHED_LENGTH,
    IMPLICIT_SIDES,
    cached_default,
    parse_text,
)
from tabletop_rules.notation._picks import (
    Calculation,
    CalculationResult,
    Choice,
    ChoiceResult,
    D66Result,
    D66Roll,
)
from tabletop_rules.notation._pools import (
    TALLY_SIDES,
    RerollCount,
    RerollResult,
    Tally,
    TallyResult,
    UpperResult,
    UpperRoll,
)
from tabletop_rules.notation._sums import Expression, ExpressionResult, Part, RolledPart, Step
from tabletop_rules.notation._systems import (
    NUMBER,
    SIGNED,
    ChatCommand,
    SystemCheck,
    SystemCommand,
    commands,
    help_text,
    signed_total,
    unreadable,
)

__all__ = [
    "CHAIN_DEPTH",
    "IMPLICIT_SIDES",
    "NUMBER",
    "SIGNED",
    "TALLY_SIDES",
    "Calculation",
    "CalculationResult",
    "ChatCommand",
    "Check",
    "CheckRoll",
    "Choice",
    "ChoiceResult",
    "Command",
    "CountResult",
    "CountRoll",
    "D66Result",
    "D66Roll",
    "Expression",
    "ExpressionResult",
    "Keep",
    "Limits",
    "Part",
    "Relation",
    "Repeat",
    "RepeatResult",
    "Reroll",
    "RerollCount",
    "RerollResult",
    "Result",
    "RolledPart",
    "Step",
    "SystemCheck",
    "SystemCommand",
    "Tally",
    "TallyResult",
    "UpperResult",
    "UpperRoll",
    "commands",
    "help_text",
    "parse",
    "signed_total",
    "unreadable",
]


@overload
def parse(text: str, *, limits: Limits | None = None, system: None = None) -> Command | None: ...
@overload
def parse(
    text: str, *, limits: Limits | None = None, system: str
) -> Command | SystemCheck | None: ...
def parse(
    text: str, *, limits: Limits | None = None, system: str | None = None
) -> Command | SystemCheck | None:
    """Read a player's message as a command, or return ``None`` for chat.

    The text is NFKC-normalized and stripped first; positions in errors count characters of
    that normalized text from 0.
    What counts as a command is described in the module's introduction.
    Texts already read are remembered, so a bot that sees the same command again pays only a
    lookup.

    Args:
        text: The whole message.
        limits: The limits for this call; :class:`Limits` ``()`` if not given.
        system: A rule system's name (``"m20"``): its chat commands are read first, then the
            common dice language.

    Returns:
        A :data:`Command` (an :class:`Expression`, a :class:`Check`, a :class:`CountRoll`, a
        :class:`RerollCount`, an :class:`UpperRoll`, a :class:`Tally`, a :class:`Calculation`,
        a :class:`Choice`, a :class:`D66Roll` or a :class:`Repeat`); with *system*, also that
        system's own check; ``None`` when the text is not a command.

    Raises:
        InvalidNotation: The text looks like a command but breaks the grammar, uses syntax
            that is not supported (:class:`~tabletop_rules.errors.UnsupportedNotation`) or
            goes over a limit (:class:`~tabletop_rules.errors.NotationLimitExceeded`);
            nothing has been rolled or computed.
        UnknownSystem: No rule system is called *system*.
        InvalidData: *text* is not a ``str`` (path ``$``), *limits* no :class:`Limits`
            (``$.limits``), *system* no ``str`` (``$.system``).

    >>> parse("hello") is None
    True
    >>> print(parse(" x3  2D6 "))
    x3 2D6
    >>> from tabletop_rules.errors import InvalidNotation, LimitExceeded
    >>> try:
    ...     parse("2D6>=>3")
    ... except InvalidNotation as error:
    ...     print(error.position)
    ...     print(error.localized("ja"))
    5
    「>」ではなく数値かダイス（2D6 など）が必要です（「2D6>=>3」の 6 文字目）。
    >>> try:
    ...     parse("101d6")
    ... except LimitExceeded as error:
    ...     print(error.limit, error.allowed, error.given)
    dice 100 101
    >>> print(parse("101d6", limits=Limits(max_dice=500)))
    101D6
    >>> check = parse("M20+4>=困難", system="m20")
    >>> check.probability()
    Fraction(9, 20)
    >>> print(check.resolve(ScriptedDice([12])).explain("ja"))
    1D20[12] +4 修正 = 16 ≥ 16（困難） 成功
    """
    if limits is None and system is None and type(text) is str and len(text) <= CACHED_LENGTH:
        # The commonest call, a bot's message with the default limits: one cache lookup.
        return cached_default(text, None)
    return parse_text(text, limits, system)
