"""The chat commands of rule systems, found through the rulesets' entry points."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

import attrs

from tabletop_rules._arguments import checked_text, wrong_type
from tabletop_rules.errors import InvalidNotation
from tabletop_rules.i18n import DEFAULT_LOCALE, translate
from tabletop_rules.notation._sums import check_comment, finish

if TYPE_CHECKING:
    from tabletop_rules.checks import CheckResult
    from tabletop_rules.dice import DiceSource

__all__ = [
    "NUMBER",
    "SIGNED",
    "ChatCommand",
    "SystemCheck",
    "SystemCommand",
    "commands",
    "help_text",
    "signed_total",
    "unreadable",
]


# What every system's chat commands read alike: the numbers and signed modifiers a player
# types (``M20+4-1``, ``B2D6+5``, ``SK+3>DEF+2``), and where a command stops reading.

#: A number a player types in a system's command: 1 to 3 digits (a regular expression).
#:
#: .. versionadded:: 0.1.0
NUMBER: Final = r"[0-9]{1,3}"
#: Any number of signed numbers, such as ``+3-1``: the modifiers of a system's command (a
#: regular expression; :func:`signed_total` sums a match).
#:
#: .. versionadded:: 0.1.0
SIGNED: Final = rf"(?:[+\-−]\s*{NUMBER}\s*)*"
_SIGNED_TERM: Final = re.compile(rf"([+\-−])\s*({NUMBER})")


def signed_total(text: str) -> int:
    """The sum of the signed numbers in *text* (a match of :data:`SIGNED`): ``+3-1`` is 2.

    .. versionadded:: 0.1.0
    """
    return sum(
        (-1 if sign in "-−" else 1) * int(number) for sign, number in _SIGNED_TERM.findall(text)
    )


def unreadable(key: str, text: str, read: re.Pattern[str], example: str) -> InvalidNotation:
    """The error of a system's command *text* that does not read, at where *read* stops.

    *read* matches as much of the command as is well written; *key* is the system's message,
    which shows *example*.

    .. versionadded:: 0.1.0
    """
    match = read.match(text)
    position = 0 if match is None else match.end()
    return InvalidNotation(key, text=text, position=position, example=example)


@runtime_checkable
class SystemCheck(Protocol):
    """What a system's chat command gives: the system's own check, with exact odds.

    .. versionadded:: 0.1.0
    """

    def probability(self) -> Fraction:
        """The exact chance of success."""
        ...

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll and judge; the result explains itself with ``explain(locale)``."""
        ...


@attrs.frozen(kw_only=True)
class SystemCommand:
    """A system's chat command written with the ``S`` secret mark or a trailing comment.

    :func:`~tabletop_rules.notation.parse` gives the system's own check for a plain command
    (``M20+4>=困難``) and this wrapper when the text is marked secret (``SM20+4>=困難``) or
    ends in a comment after whitespace (``M20+4>=困難 跳過懸崖``), as the common dice
    language's commands carry their own ``secret`` and ``comment``.
    It is a :class:`SystemCheck` itself: ``probability()`` and ``resolve()`` are the check's.

    >>> from tabletop_rules.notation import parse
    >>> from tabletop_rules.dice import ScriptedDice
    >>> command = parse("SM20+4>=困難 跳過懸崖", system="m20")
    >>> command.secret, command.comment
    (True, '跳過懸崖')
    >>> print(command.render(command.resolve(ScriptedDice([12])), "en"))
    (secret) 1D20[12] +4 modifier = 16 ≥ 16 (Hard) Success — 跳過懸崖

    .. versionadded:: 0.1.0
    """

    #: The system's own check, as the plain command gives it.
    check: SystemCheck
    #: Whether the roll is secret: a bot shows it to the roller alone.
    secret: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    #: The comment after the command, without its leading whitespace.
    comment: str = attrs.field(default="", validator=check_comment)

    def probability(self) -> Fraction:
        """The exact chance of success of the check."""
        return self.check.probability()

    def resolve(self, dice: DiceSource) -> CheckResult:
        """Roll and judge the check."""
        return self.check.resolve(dice)

    def render(self, result: CheckResult, locale: str = DEFAULT_LOCALE) -> str:
        """*result*'s explanation in *locale*, with this command's comment and secret mark."""
        return finish(
            result.explain(locale), secret=self.secret, comment=self.comment, locale=locale
        )


def _compile(value: str | re.Pattern[str]) -> re.Pattern[str]:
    return value if isinstance(value, re.Pattern) else re.compile(value, re.IGNORECASE)


@attrs.frozen(kw_only=True)
class ChatCommand:
    """One chat command of a rule system, as BCDice systems register their prefixes.

    .. versionadded:: 0.1.0
    """

    #: The system's name (``"m20"``).
    system: str
    #: The command's name within the system (``"check"``).
    name: str
    #: How the command is written, for the help (``"M20+N>=DIFFICULTY"``).
    pattern: str
    #: The start of the texts (after NFKC normalization) meant as this command; they read
    #: as it or raise :class:`~tabletop_rules.errors.InvalidNotation`, never as chat.
    prefix: re.Pattern[str] = attrs.field(converter=_compile)
    #: The catalog key of the one-paragraph help.
    help: str
    #: Reads the normalized text into the system's check, or raises ``InvalidNotation``.
    reader: Callable[[str], SystemCheck] = attrs.field(eq=False)
    #: Commands a player may type, for the help and the tests.
    examples: tuple[str, ...] = ()

    def matches(self, text: str) -> bool:
        """Whether the normalized *text* is meant as this command.

        Raises:
            InvalidData: *text* is not a ``str`` (path ``$``).
        """
        try:  # free unless it raises: the check is on the slow path only
            return self.prefix.match(text) is not None
        except TypeError:
            if isinstance(text, str):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise  # the command's own bug (a prefix that is no pattern), not the caller's
            raise wrong_type("$", "str", text) from None

    def read(self, text: str) -> SystemCheck:
        """The system's check for the normalized *text*.

        Raises:
            InvalidData: *text* is not a ``str`` (path ``$``).
        """
        return self.reader(checked_text(text, "$"))

    def help_text(self, locale: str = DEFAULT_LOCALE) -> str:
        """``pattern: help`` in *locale*."""
        return f"{self.pattern}: {translate(self.help, locale)}"


def commands(system: str) -> tuple[ChatCommand, ...]:
    """The chat commands of the rule system called *system*.

    A system names the module that lists them as ``CHAT_COMMANDS`` in its
    :class:`~tabletop_rules.systems.RuleSystem` (``chat``), found through the registry; the
    core imports no system itself.

    Raises:
        UnknownSystem: No system is registered under *system*.
        InvalidData: *system* is not a ``str`` (path ``$.system``).

    >>> [command.name for command in commands("m20")]
    ['attack', 'check']

    .. versionadded:: 0.1.0
    """
    if type(system) is not str:
        checked_text(system, "$.system")
    return _commands(system)


@functools.lru_cache(maxsize=64)  # registered names only: others raise
def _commands(system: str) -> tuple[ChatCommand, ...]:
    from tabletop_rules.systems import Registry

    return Registry.default().get(system).chat_commands()


def help_text(system: str | None = None, locale: str = DEFAULT_LOCALE) -> str:
    """The help of the common dice language, or of one system's commands, in *locale*.

    >>> print(help_text("m20", "en").splitlines()[2])  # doctest: +ELLIPSIS
    M20+N>=DIFFICULTY: A specialty check: ...

    Raises:
        UnknownSystem: No system is registered under *system*.
        InvalidData: *system* is neither ``None`` nor a ``str`` (path ``$.system``).

    .. versionadded:: 0.1.0
    """
    if system is None:
        return translate("notation.help.common", locale)
    checked_text(system, "$.system")
    lines = [translate("notation.help.system", locale, system=system)]
    lines.extend(command.help_text(locale) for command in commands(system))
    return "\n".join(lines)
