"""The library's errors.

Every error the library raises on purpose is a :class:`TabletopRulesError`.
Each carries a catalog key and the values that fill it, so that a bot can show it to a player
in their own language with :meth:`TabletopRulesError.localized`; ``str(error)`` is the English
message.
Errors that describe a bad value (a malformed command, an impossible face, broken JSON) are
also instances of :class:`ValueError`.

An argument of the wrong type given to any public function or constructor (``None`` or a
number where a text belongs, a state of another rule system) raises :class:`InvalidData` at
``$.<parameter>`` (``$.locale``, ``$.state``), never an ``AttributeError`` or ``TypeError``
from deep inside; the value a function reads as a document (a parser's text, JSON, a record, a
command or an event) is ``$`` itself.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from tabletop_rules import i18n

__all__ = [
    "MAX_LISTED_PROBLEMS",
    "MAX_QUOTED",
    "MAX_QUOTED_IN_PROBLEM",
    "CorruptRecord",
    "DiceExhausted",
    "IllegalCommand",
    "InvalidCharacter",
    "InvalidCheck",
    "InvalidData",
    "InvalidDice",
    "InvalidDiceFace",
    "InvalidNotation",
    "LimitExceeded",
    "NotationLimitExceeded",
    "TabletopRulesError",
    "UnknownSystem",
    "UnsupportedNotation",
]


#: The most characters of one text field that a message quotes (longer ones are cut short).
MAX_QUOTED: Final = 200
#: The most problems an :class:`InvalidCharacter` message lists (the others are counted).
MAX_LISTED_PROBLEMS: Final = 10
#: The most characters of one text field that a problem of a character quotes.
MAX_QUOTED_IN_PROBLEM: Final = 80


def _clipped(params: Mapping[str, object], most: int) -> dict[str, object]:
    """*params* with every text longer than *most* characters cut short."""
    return {
        name: value[: most - 1] + "…" if isinstance(value, str) and len(value) > most else value
        for name, value in params.items()
    }


class TabletopRulesError(Exception):
    """The base of every error the library raises on purpose.

    Args:
        key: The catalog key of the message (see :mod:`tabletop_rules.i18n`).
        **params: The values that fill the message's fields.
    """

    #: The catalog key of the message.
    key: str
    #: The values that fill the message's fields.
    params: Mapping[str, object]

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = dict(params)
        super().__init__(self.localized(i18n.DEFAULT_LOCALE))

    def __reduce__(self) -> tuple[object, ...]:
        # Subclasses take other arguments than ``args``: rebuild from the fields instead,
        # so that errors cross process boundaries (``concurrent.futures``) intact.
        return (_rebuild, (type(self), dict(self.__dict__), self.args))

    def localized(self, locale: str) -> str:
        """Return the message in *locale* (English where the locale lacks it).

        A text field longer than :data:`MAX_QUOTED` characters (a name or command a player
        typed) is quoted cut short, so that every message fits a chat message.
        """
        return i18n.translate(self.key, locale, **_clipped(self.params, MAX_QUOTED))


def _rebuild(
    cls: type[TabletopRulesError], state: dict[str, object], args: tuple[object, ...]
) -> TabletopRulesError:
    error = cls.__new__(cls)
    error.__dict__.update(state)
    error.args = args
    return error


class InvalidDice(TabletopRulesError, ValueError):
    """A pool of dice that cannot exist, such as ``Dice(-1, 6)`` or ``Dice(1, 0)``."""


class InvalidDiceFace(TabletopRulesError, ValueError):
    """A face that the die cannot show, such as a 7 on a d6.

    Args:
        face: The face given.
        sides: The sides of the die it was given for, or ``None`` for a face that no die
            can show (0, a negative number, not a whole number).
    """

    def __init__(self, face: object, sides: int | None = None) -> None:
        #: The face given.
        self.face = face
        #: The sides of the die, if the face was given for one.
        self.sides = sides
        if sides is None:
            super().__init__("error.invalid_face", face=face)
        else:
            super().__init__("error.invalid_dice_face", face=face, sides=sides)


class DiceExhausted(TabletopRulesError):
    """A :class:`~tabletop_rules.dice.ScriptedDice` has no faces left for a roll."""


class InvalidNotation(TabletopRulesError, ValueError):
    """A command string that starts like a command but cannot be read.

    Args:
        key: The catalog key of what is wrong.
        text: The text that was read (after normalization).
        position: The 0-based index in *text* where reading failed.
        **params: Further values for the message.
    """

    def __init__(self, key: str, /, *, text: str, position: int, **params: object) -> None:
        #: The normalized text.
        self.text = text
        #: The 0-based index in :attr:`text` where reading failed.
        self.position = position
        super().__init__(key, text=text, position=position, column=position + 1, **params)


class LimitExceeded(TabletopRulesError, ValueError):
    """Input that goes over a limit, refused before any work is done.

    Args:
        limit: The name of the limit (``"dice"``, ``"sides"``, ``"terms"``, ...).
        allowed: The largest value allowed.
        given: The value asked for.
    """

    def __init__(self, limit: str, *, allowed: int, given: int) -> None:
        #: The name of the limit.
        self.limit = limit
        #: The largest value allowed.
        self.allowed = allowed
        #: The value asked for.
        self.given = given
        super().__init__(f"error.limit.{limit}", allowed=allowed, given=given)


class UnsupportedNotation(InvalidNotation):
    """A command that uses dice-bot syntax this library does not support, such as ``1d%``.

    It is never treated as chat: a bot can tell its player that the syntax is not supported.

    .. versionadded:: 0.1.0
    """


class NotationLimitExceeded(InvalidNotation, LimitExceeded):
    """A command that goes over a limit of the notation, refused before any work is done.

    It is both an :class:`InvalidNotation` (so one ``except InvalidNotation`` catches every
    refusal of a chat message) and a :class:`LimitExceeded`.
    The message names the column of the problem.

    Args:
        limit: The name of the limit (``"dice"``, ``"sides"``, ``"work"``, ...).
        allowed: The largest value allowed.
        given: The value asked for.
        text: The command's normalized text (or its canonical text, for a built command).
        position: The 0-based index in *text* of the term that goes over the limit.

    .. versionadded:: 0.1.0
    """

    def __init__(self, limit: str, *, allowed: int, given: int, text: str, position: int) -> None:
        #: The name of the limit.
        self.limit = limit
        #: The largest value allowed.
        self.allowed = allowed
        #: The value asked for.
        self.given = given
        #: The normalized text.
        self.text = text
        #: The 0-based index in :attr:`text` of the problem.
        self.position = position
        TabletopRulesError.__init__(
            self,
            f"error.notation.limit.{limit}",
            allowed=allowed,
            given=given,
            text=text,
            position=position,
            column=position + 1,
        )


class InvalidCharacter(TabletopRulesError, ValueError):
    """A character that breaks the creation rules; lists every problem at once.

    Args:
        problems: One ``(key, params)`` pair per problem.
    """

    def __init__(self, problems: Iterable[tuple[str, Mapping[str, object]]]) -> None:
        found = tuple((key, dict(params)) for key, params in problems)
        #: The problems as ``(key, params)`` pairs, for localized display.
        self.problem_keys: tuple[tuple[str, Mapping[str, object]], ...] = found
        #: Every problem, in English.
        self.problems = tuple(
            i18n.translate(key, i18n.DEFAULT_LOCALE, **params) for key, params in found
        )
        super().__init__("error.invalid_character", problems="; ".join(self.problems))

    def localized_problems(self, locale: str) -> tuple[str, ...]:
        """Return every problem in *locale*."""
        return tuple(i18n.translate(key, locale, **params) for key, params in self.problem_keys)

    def localized(self, locale: str) -> str:
        """Return the message in *locale*, its problems in that locale too.

        The message fits a chat message: it lists at most :data:`MAX_LISTED_PROBLEMS`
        problems, then how many more there are, and quotes a text at most
        :data:`MAX_QUOTED_IN_PROBLEM` characters long (:attr:`problems` keeps them all).
        """
        shown = [
            i18n.translate(key, locale, **_clipped(params, MAX_QUOTED_IN_PROBLEM))
            for key, params in self.problem_keys[:MAX_LISTED_PROBLEMS]
        ]
        more = len(self.problem_keys) - MAX_LISTED_PROBLEMS
        if more > 0:
            shown.append(i18n.translate("error.more_problems", locale, count=more))
        return i18n.translate(self.key, locale, problems="; ".join(shown))


class InvalidCheck(TabletopRulesError, ValueError):
    """A check asked for in a way the rules cannot make, such as −1 helpers.

    Args:
        key: The catalog key of the message (a system's ``<system>.error.*`` key).
        **params: The values that fill it.
    """


class IllegalCommand(TabletopRulesError):
    """A command that the rules do not allow now; the state is unchanged.

    Args:
        reason: A machine-readable reason such as ``"not_your_turn"``; its message is the
            catalog key ``"illegal." + reason`` (or ``"<system>.illegal.<reason>"`` when
            the reason contains a dot).
        **params: The values that fill the message.
    """

    def __init__(self, reason: str, /, **params: object) -> None:
        #: The machine-readable reason.
        self.reason = reason
        key = reason if "." in reason else f"illegal.{reason}"
        super().__init__(key, **params)


class InvalidData(TabletopRulesError, ValueError):
    """Data (JSON, a sheet, a card file) or an argument that does not fit the type it should be.

    An argument of the wrong type given to a public function or constructor (``None`` or a
    number where a text belongs, a state of another rule system) is refused with this error,
    at the path ``$.<parameter>``: ``$.locale``, ``$.state``, ``$.seed``.

    Args:
        path: Where the bad field is, as a JSON path such as ``$.events[3].faces[0]``.
        detail: What is wrong there: English text, or the catalog key of a message that
            *params* fill, which :meth:`localized` renders in the reader's locale.
        **params: The values that fill *detail*'s message. A template used as *detail* has
            no field called ``path`` or ``detail``: those names are the arguments'
            (``InvalidData(path="$.x", detail="bad")`` works, as it always did).
    """

    def __init__(self, path: str, detail: str, **params: object) -> None:
        #: The JSON path of the bad field (``$`` for the whole document).
        self.path = path
        #: The catalog key of what is wrong (or the English text given instead of a key).
        self.detail_key = detail
        #: The values that fill :attr:`detail_key`'s message.
        self.detail_params: Mapping[str, object] = dict(params)
        #: What is wrong there, in English.
        self.detail = i18n.translate(detail, i18n.DEFAULT_LOCALE, **params)
        super().__init__("error.invalid_data", path=path, detail=self.detail)

    def localized(self, locale: str) -> str:
        """Return the message in *locale*, what is wrong in that locale too."""
        detail = i18n.translate(self.detail_key, locale, **_clipped(self.detail_params, MAX_QUOTED))
        return i18n.translate(
            self.key, locale, **_clipped({**self.params, "detail": detail}, MAX_QUOTED)
        )


class CorruptRecord(TabletopRulesError, ValueError):
    """A game record with an entry that legal play does not give.

    Args:
        index: The 0-based index of the first entry that does not fit.
        cause: Why it does not fit.
    """

    def __init__(self, index: int, cause: str) -> None:
        #: The 0-based index of the first entry that does not fit.
        self.index = index
        #: Why it does not fit.
        self.cause = cause
        super().__init__("error.corrupt_record", index=index, cause=cause)


class UnknownSystem(TabletopRulesError, LookupError):
    """A rule system name that no registered ruleset has.

    Args:
        system: The name asked for.
        known: The names that are registered.
    """

    def __init__(self, system: str, known: Iterable[str]) -> None:
        #: The name asked for.
        self.system = system
        #: The registered names.
        self.known = tuple(sorted(known))
        super().__init__("error.unknown_system", system=system, known=", ".join(self.known))
