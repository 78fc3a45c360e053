"""The neutral piece: what a virtual tabletop shows of a character, whatever the format.

A system describes its character as a :class:`Piece` (name, memo, resources, parameters and
a chat palette); :mod:`._ccfolia` and :mod:`._udonarium` write a piece in their formats.
Every text a player wrote reaches a piece through :func:`plain` or :func:`note`, so that no
name can break a file or slip a line of its own into a chat palette.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from tabletop_rules._arguments import a_text, a_whole, checked_items, checked_text, type_name
from tabletop_rules.errors import InvalidData

__all__ = [
    "MAX_PALETTE_LINES",
    "MAX_TEXT",
    "PaletteLine",
    "Param",
    "Piece",
    "Pieces",
    "Resource",
    "note",
    "plain",
    "reference",
    "resolved",
    "signed",
]

CharacterT = TypeVar("CharacterT")

#: The most characters a text of a piece keeps (a longer one is cut, with an ellipsis).
MAX_TEXT: Final = 2000
#: The most lines of a chat palette.
MAX_PALETTE_LINES: Final = 200

# Characters XML 1.0 cannot hold, line breaks of every kind, and lone surrogates (which no
# UTF-8 file can hold): none of them reaches a file.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff\ud800-\udfff]")
_BREAKS: Final = re.compile("[\r\n\x85\u2028\u2029\v\f]+")
# The palette syntax of CCFOLIA and Udonarium: ``{name}`` (either width) is replaced by a
# value. In a player's text the braces become brackets.
_BRACES: Final = str.maketrans({"{": "(", "}": ")", "｛": "（", "｝": "）"})
# A reference in a palette command, as both formats read one.
_REFERENCE: Final = re.compile(r"\{([^{}]+)\}")
# What a command (before its references are filled in) may hold: the dice language's signs,
# letters and digits, in half width; no space, since the label follows the first space.
_COMMAND: Final = re.compile(r"[0-9A-Za-z+\-*/()<>=!@#%\[\],.{}_$^\u3000-\u9fff\uff00-\uffef]+")


def _clipped(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def plain(text: str) -> str:
    r"""*text* as one line that no format reads as anything but text.

    Line breaks become spaces, the palette's braces become brackets, characters that XML
    cannot hold go, and a text longer than :data:`~tabletop_rules.exports.MAX_TEXT` is cut.

    >>> from tabletop_rules.exports import plain
    >>> plain("Ann{HP}\n1D100 <b>")
    'Ann(HP) 1D100 <b>'

    Raises:
        InvalidData: *text* is no ``str`` (path ``$.text``).

    .. versionadded:: 0.1.0
    """
    text = checked_text(text, "$.text")
    one_line = _BREAKS.sub(" ", _NOT_XML.sub("", text)).translate(_BRACES)
    return _clipped(" ".join(one_line.split(" ")).strip())


def note(text: str) -> str:
    r"""*text* as a memo keeps it: its lines, without what XML cannot hold.

    Line breaks of every kind become ``\n``; a text longer than
    :data:`~tabletop_rules.exports.MAX_TEXT` is cut.

    Raises:
        InvalidData: *text* is no ``str`` (path ``$.text``).

    .. versionadded:: 0.1.0
    """
    text = checked_text(text, "$.text")
    return _clipped(_BREAKS.sub("\n", _NOT_XML.sub("", text).replace("\r\n", "\n")).strip())


def reference(label: str) -> str:
    """The palette's reference to the parameter or resource *label*: ``{label}``.

    >>> from tabletop_rules.exports import reference
    >>> reference("物攻")
    '{物攻}'

    Raises:
        InvalidData: *label* is no ``str`` (path ``$.label``).

    .. versionadded:: 0.1.0
    """
    return "{" + _reference_label(checked_text(label, "$.label")) + "}"


def _reference_label(label: str) -> str:
    """A label as a reference can name it: one line, no braces, no spaces."""
    return "".join(plain(label).split())


def signed(value: int) -> str:
    """*value* as a term of a sum: ``+3``, ``-2``, or ``+0``.

    >>> from tabletop_rules.exports import signed
    >>> signed(3), signed(-2), signed(0)
    ('+3', '-2', '+0')

    .. versionadded:: 0.1.0
    """
    return f"{value:+d}"


def _a_whole_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        a_whole(instance, attribute, value)


def _plain_label(value: str) -> str:
    return plain(checked_text(value, "$.label"))


@attrs.frozen(kw_only=True)
class Resource:
    """A number that goes down and up in play, such as HP (CCFOLIA's ``status``).

    .. versionadded:: 0.1.0
    """

    #: Its name, in the player's language (a palette may refer to it, so it holds no
    #: spaces).
    label: str = attrs.field(converter=_reference_label, validator=a_text)
    #: Its value now.
    value: int = attrs.field(validator=a_whole)
    #: Its most, if it has one.
    max: int | None = attrs.field(default=None, validator=_a_whole_or_none)


@attrs.frozen(kw_only=True)
class Param:
    """A value a palette may refer to, such as an attribute (CCFOLIA's ``params``).

    .. versionadded:: 0.1.0
    """

    #: Its name, in the player's language (a palette may refer to it, so it holds no
    #: spaces).
    label: str = attrs.field(converter=_reference_label, validator=a_text)
    #: Its value, as the tabletop shows it and a reference puts it in a command.
    value: str = attrs.field(converter=_plain_label, validator=a_text)


def _command(value: object) -> str:
    command = checked_text(value, "$.command")
    if _COMMAND.fullmatch(command) is None:
        raise InvalidData(
            "$.command",
            "a palette command is one word of the dice language (no space, no line break), "
            f"not {command[:80]!r}",
        )
    return command


def _check(value: object) -> str | None:
    return None if value is None else checked_text(value, "$.check")


@attrs.frozen(kw_only=True)
class PaletteLine:
    """One line of a chat palette: a dice command, then its label.

    .. versionadded:: 0.1.0
    """

    #: The command BCDice's generic dice bot (``DiceBot``) reads, with ``{label}`` references
    #: to the piece's parameters and resources (:func:`reference`).
    command: str = attrs.field(converter=_command)
    #: What the line rolls, in the player's language (one line; a player's words in it are
    #: made :func:`plain`).
    label: str = attrs.field(converter=_plain_label, validator=a_text)
    #: The library's own command for the same check (read by
    #: ``notation.parse(check, system=piece.system)``) when BCDice's answer is the rules'
    #: answer; ``None`` when the line is only the closest BCDice can say, which the memo
    #: explains.
    check: str | None = attrs.field(default=None, converter=_check)

    @property
    def text(self) -> str:
        """The line as a palette holds it (the command, a space, the label)."""
        return f"{self.command} {self.label}" if self.label else self.command


def _resources(values: Iterable[Resource]) -> tuple[Resource, ...]:
    return checked_items(values, Resource, "$.resources", "exports.Resource")


def _params(values: Iterable[Param]) -> tuple[Param, ...]:
    return checked_items(values, Param, "$.params", "exports.Param")


def _palette(values: Iterable[PaletteLine]) -> tuple[PaletteLine, ...]:
    return checked_items(
        values, PaletteLine, "$.palette", "exports.PaletteLine", most=MAX_PALETTE_LINES
    )


def _name(value: str) -> str:
    return plain(checked_text(value, "$.name"))


def _memo(value: str) -> str:
    return note(checked_text(value, "$.memo"))


def _system(value: str) -> str:
    return checked_text(value, "$.system")


@attrs.frozen(kw_only=True)
class Piece:
    """A character (or a card) as a virtual tabletop's piece, in no format yet.

    Every reference of the palette names exactly one of the piece's resources or
    parameters: the piece is refused otherwise, since the tabletop would put nothing (or
    the wrong value) in the command. Labels no command refers to may repeat (two items a
    player named alike).

    >>> from tabletop_rules.exports import PaletteLine, Param, Piece, Resource, resolved
    >>> piece = Piece(
    ...     system="duel",
    ...     name="Kira",
    ...     resources=[Resource(label="HP", value=4, max=4)],
    ...     params=[Param(label="skill", value="2")],
    ...     palette=[PaletteLine(command="2D6+{skill}>=9", label="Skill check")],
    ... )
    >>> resolved(piece, piece.palette[0])
    '2D6+2>=9'

    Raises:
        InvalidData: A field of the wrong type (at ``$.<field>``), or a reference to no
            resource or parameter, or to a label two of them hold
            (``$.palette[i].command``).

    .. versionadded:: 0.1.0
    """

    #: The rule system's registry name.
    system: str = attrs.field(converter=_system)
    #: The character's name, one line.
    name: str = attrs.field(converter=_name)
    #: What the tabletop shows beside the piece: the description and notes, such as what the
    #: palette cannot say.
    memo: str = attrs.field(default="", converter=_memo)
    #: HP first, then the system's other resources.
    resources: tuple[Resource, ...] = attrs.field(default=(), converter=_resources)
    #: The attributes, specialties and bonuses.
    params: tuple[Param, ...] = attrs.field(default=(), converter=_params)
    #: The chat palette, in order.
    palette: tuple[PaletteLine, ...] = attrs.field(default=(), converter=_palette)

    def __attrs_post_init__(self) -> None:
        counts: dict[str, int] = {}
        for label in [r.label for r in self.resources] + [p.label for p in self.params]:
            counts[label] = counts.get(label, 0) + 1
        for index, line in enumerate(self.palette):
            for name in _REFERENCE.findall(line.command):
                if counts.get(name, 0) != 1:
                    raise InvalidData(
                        f"$.palette[{index}].command",
                        f"{{{name}}} names no resource or parameter of the piece"
                        if name not in counts
                        else f"{{{name}}} names two values of the piece",
                    )

    def value_of(self, label: str) -> str:
        """The value a reference to *label* stands for (a resource's value now).

        Raises:
            KeyError: No resource or parameter is called *label*.
        """
        for resource in self.resources:
            if resource.label == label:
                return str(resource.value)
        for param in self.params:
            if param.label == label:
                return param.value
        raise KeyError(label)


def resolved(piece: Piece, line: PaletteLine) -> str:
    """*line*'s command with its references filled in, as the tabletop sends it to BCDice.

    Raises:
        InvalidData: *piece* is no :class:`Piece` or *line* no :class:`PaletteLine`.

    .. versionadded:: 0.1.0
    """
    if not isinstance(piece, Piece):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise InvalidData("$.piece", "error.wrong_type", expected="exports.Piece", given=piece)
    if not isinstance(line, PaletteLine):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise InvalidData("$.line", "error.wrong_type", expected="exports.PaletteLine", given=line)
    return _REFERENCE.sub(lambda match: piece.value_of(match[1]), line.command)


@attrs.frozen(kw_only=True)
class Pieces(Generic[CharacterT]):
    """How a rule system exports its characters (``RuleSystem.piece``).

    .. versionadded:: 0.1.0
    """

    #: The class (or classes) of what the system exports; anything else is refused.
    character_type: type[CharacterT] | tuple[type[Any], ...]
    #: The piece of a character, in a locale.
    piece: Callable[[CharacterT, str], Piece]
    #: Characters to show and to test with (the system's example sheet, sample cards).
    samples: Callable[[], Sequence[CharacterT]]
    #: How ``tabletop-rules export`` reads what a player gives it, when not the system's
    #: sheet (``None``: the sheet, or a character's JSON).
    read: Callable[[str], CharacterT] | None = None

    def of(self, character: object, locale: str, system: str) -> Piece:
        """The piece of *character* in *locale*.

        Raises:
            InvalidData: *character* is not one of :attr:`character_type` (path
                ``$.character``): a character of another system.
        """
        if not isinstance(character, self.character_type):
            raise InvalidData(
                "$.character",
                "exports.error.other_system",
                system=system,
                expected=type_name(self.character_type),
                given=type_name(type(character)),
            )
        return self.piece(character, locale)  # pyright: ignore[reportArgumentType]
