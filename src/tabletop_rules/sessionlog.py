"""Session logs: a whole game record as a log that players read, in their own language.

:meth:`SessionLog.of` reads a :class:`~tabletop_rules.engine.GameRecord` of any registered
rule system: one :class:`LogEntry` per entry of the record, with the command's menu label
(``RuleSystem.command_label``), the exact chance of success of the check it made
(``RuleSystem.odds``) and a line per event (``RuleSystem.describe``), then the game's result.
:meth:`SessionLog.render` writes it as plain text, Markdown or BBCode (the forums' markup for
play by post), as :class:`Markup` names them:

>>> from tabletop_rules import SeededDice, engine, m20
>>> from tabletop_rules.sessionlog import SessionLog
>>> from tabletop_rules.systems import Seat
>>> hero = m20.parse_sheet(m20.EXAMPLE_SHEET)
>>> seats = [Seat(id="ann", character=hero), Seat(id="orc", character=hero, foe=True)]
>>> dice = SeededDice(3)
>>> state, record = engine.begin(m20.RULESET, m20.lineup(seats), dice)
>>> for actor, kind in [("ann", "FocusDefense"), ("gm", "EndCombat")]:
...     menu = m20.RULESET.legal_commands(state, actor=actor)
...     command = next(c for c in menu if type(c).__name__ == kind)
...     state, entry = engine.step(m20.RULESET, state, command, dice)
...     record = record.append(entry)
>>> log = SessionLog.of(record, "en")
>>> print(log.render("text"))
Session log: Bar M20 variant
1. 楊望蒼 (ann) focuses on defense
   楊望蒼 (ann) focuses on defense.
2. GM: end the combat
   The combat is over: nobody wins (the GM ended the combat).
Result: nobody won (the GM ended the combat).
>>> print(SessionLog.of(record, "ja").render("bbcode"))
[b]セッションログ：酒場M20バリアント[/b]
<BLANKLINE>
[b]1. 楊望蒼（ann） が防御に専念[/b]
楊望蒼（ann） は防御に集中。
<BLANKLINE>
[b]2. GM：戦闘を終える[/b]
戦闘終了：勝者なし（GMが戦闘を終えた）。
<BLANKLINE>
[b]結果：勝者なし（GMが戦闘を終えた）。[/b]

Nothing is rolled: the log is read from the record, whose every entry is checked by a
verified :func:`~tabletop_rules.engine.replay` first (``trusted=True`` skips the check for a
record one stored oneself).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

import attrs

from tabletop_rules._arguments import checked, checked_flag, wrong_type
from tabletop_rules.engine import GameRecord, GameResult, fold, replay
from tabletop_rules.errors import CorruptRecord, InvalidData
from tabletop_rules.i18n import resolve_locale, translate
from tabletop_rules.systems import Registry

__all__ = ["LogEntry", "Markup", "SessionLog"]


class Markup(enum.Enum):
    """How a session log is written: :meth:`SessionLog.render` takes one, or its value.

    .. versionadded:: 0.1.0
    """

    #: Plain text: a numbered line per command, its events indented under it.
    TEXT = "text"
    #: Markdown (CommonMark): a heading, a numbered list, the events as a list under each.
    MARKDOWN = "markdown"
    #: BBCode, as forums write it (``[b]``, ``[i]``): for play by post.
    BBCODE = "bbcode"


def _lines(lines: Iterable[str]) -> tuple[str, ...]:
    return tuple(lines)


@attrs.frozen(kw_only=True)
class LogEntry:
    """One entry of a session log: a command (or the game's opening steps), in words.

    .. versionadded:: 0.1.0
    """

    #: The command's number, from 1; ``None`` for the opening steps the rules take before
    #: anyone acts (the record's first entry, when it has no command).
    number: int | None
    #: The command's menu label (``RuleSystem.command_label``), or the words for the
    #: opening steps.
    label: str
    #: The exact chance that the command's check succeeded, as it stood when the command
    #: was given (``RuleSystem.odds``); ``None`` for a command that makes no check.
    chance: Fraction | None
    #: A line per event that came of it (``RuleSystem.describe``).
    lines: tuple[str, ...] = attrs.field(converter=_lines)


def _entries(entries: Iterable[LogEntry]) -> tuple[LogEntry, ...]:
    return tuple(entries)


@attrs.frozen(kw_only=True)
class SessionLog:
    """A game record in words, in one locale: what :meth:`render` writes.

    .. versionadded:: 0.1.0
    """

    #: The system's registry name.
    system: str
    #: The shipped locale of its words.
    locale: str
    #: The system's title, in :attr:`locale`.
    title: str
    #: Every entry of the record, in order.
    entries: tuple[LogEntry, ...] = attrs.field(converter=_entries)
    #: How the game ended, or ``None`` while it goes on.
    result: GameResult | None

    @classmethod
    def of(
        cls,
        record: GameRecord[Any, Any, Any],
        locale: str = "en",
        *,
        registry: Registry | None = None,
        trusted: bool = False,
    ) -> SessionLog:
        """The session log of *record*, in *locale*.

        The record is first checked by a verified :func:`~tabletop_rules.engine.replay`
        (unless *trusted*); then its events are folded, entry by entry, so that each label
        and each chance is read from the state before its command, and each event's line
        names participants as the state after it does. It costs one verified replay, one
        fold, and a label, a chance and a line per event: linear in the record's length.

        Args:
            record: The game's record.
            locale: Any language tag (see :func:`~tabletop_rules.i18n.resolve_locale`).
            registry: Where the record's system is found;
                :meth:`~tabletop_rules.systems.Registry.default` if not given.
            trusted: Skip the verified replay (for a record one stored oneself).

        Raises:
            InvalidData: *record* is no :class:`~tabletop_rules.engine.GameRecord` (path
                ``$.record``), *locale* no ``str`` (``$.locale``), *registry* no
                registry (``$.registry``), *trusted* no ``bool`` (``$.trusted``); or the
                record is of another rules version.
            UnknownSystem: No system of *registry* has the record's name.
            CorruptRecord: An entry that legal play does not give (or, trusted, whose
                events do not fit the state), by its index.
        """
        checked(record, GameRecord, "$.record", "engine.GameRecord")
        shipped = resolve_locale(locale)
        checked_flag(trusted, "$.trusted")
        if registry is None:
            registry = Registry.default()
        checked(registry, Registry, "$.registry", "systems.Registry")
        system = registry.get(record.system)
        ruleset = system.ruleset
        if not trusted:
            replay(record, ruleset)  # refuses the first entry legal play does not give
        state = ruleset.start(record.setup)
        describe, label, odds = system.describe, system.command_label, system.odds
        entries: list[LogEntry] = []
        number = 0
        for index, entry in enumerate(record.entries):
            before = state
            try:
                state = fold(ruleset, state, entry.events)
            except Exception as error:  # a trusted record from storage may break anything
                raise CorruptRecord(index, str(error) or type(error).__name__) from error
            lines = tuple(describe(event, shipped, state=state) for event in entry.events)
            if entry.command is None:
                words = translate("sessionlog.opening", shipped)
                entries.append(LogEntry(number=None, label=words, chance=None, lines=lines))
                continue
            number += 1
            entries.append(
                LogEntry(
                    number=number,
                    label=label(entry.command, shipped, state=before),
                    chance=odds(before, entry.command),
                    lines=lines,
                )
            )
        return cls(
            system=system.name,
            locale=shipped,
            title=translate(system.title, shipped),
            entries=entries,
            result=ruleset.outcome(state),
        )

    def render(self, markup: Markup | str = Markup.TEXT) -> str:
        """The log written in *markup* (a :class:`Markup`, or its value: ``"markdown"``).

        Text a player gave (a character's name, a card's) is escaped in Markdown and BBCode,
        so it shows as written and never as markup: Markdown puts a backslash before its
        markup characters; BBCode puts a zero-width space after a ``[`` that would open or
        close a tag (``[b]``, ``[/url]``), and leaves other brackets (a roll's ``[3,4]``)
        alone.

        Raises:
            InvalidData: *markup* is no :class:`Markup` nor the value of one (path
                ``$.markup``).
        """
        chosen = _markup(markup)
        return _WRITERS[chosen](self)


# The words every markup shares -------------------------------------------------------


def _heading(log: SessionLog) -> str:
    return translate("sessionlog.heading", log.locale, system=log.title)


def _chance(log: SessionLog, chance: Fraction) -> str:
    return translate(
        "sessionlog.chance", log.locale, percent=_percent(chance), fraction=str(chance)
    )


def _result(log: SessionLog) -> str:
    result = log.result
    if result is None:
        return translate("sessionlog.unfinished", log.locale)
    # Some systems' reasons are sentences: the template closes them.
    reason = translate(result.reason, log.locale).rstrip(".。")
    if result.draw:
        return translate("sessionlog.draw", log.locale, reason=reason)
    winners = translate("sessionlog.separator", log.locale).join(result.winners)
    return translate("sessionlog.winners", log.locale, winners=winners, reason=reason)


def _markup(markup: object) -> Markup:
    if isinstance(markup, Markup):
        return markup
    if isinstance(markup, str):
        try:
            return Markup(markup)
        except ValueError:
            known = ", ".join(m.value for m in Markup)
            raise InvalidData("$.markup", "error.markup", markup=markup[:40], known=known) from None
    raise wrong_type("$.markup", "sessionlog.Markup | str", markup)


def _percent(chance: Fraction) -> str:
    """*chance* as a percentage with one decimal, ``≈`` before it when that is rounded."""
    scaled = chance * 1000
    tenths = round(scaled)
    shown = f"{tenths // 10}.{tenths % 10}%"
    return shown if scaled == tenths else f"≈{shown}"


# Plain text ---------------------------------------------------------------------------


def _text(log: SessionLog) -> str:
    out = [_heading(log)]
    for entry in log.entries:
        head = entry.label if entry.number is None else f"{entry.number}. {entry.label}"
        if entry.chance is not None:
            head = f"{head} ({_chance(log, entry.chance)})"
        out.append(head)
        indent = " " * (len(f"{entry.number}. ") if entry.number is not None else 3)
        out.extend(f"{indent}{line}" for part in entry.lines for line in part.splitlines())
    out.append(_result(log))
    return "\n".join(out)


# Markdown ------------------------------------------------------------------------------

#: The characters that may start Markdown markup anywhere in a line.
_MARKDOWN_INLINE: Final = re.compile(r"([\\`*_\[\]<>|~#])")
#: What makes the start of a line a block (a list item, a quote, a heading, a rule).
_MARKDOWN_START: Final = re.compile(r"^(\s*)([-+=]|\d+(?=[.)]))")


def _md(text: str) -> str:
    """*text* as Markdown shows it literally."""
    escaped = _MARKDOWN_INLINE.sub(r"\\\1", text)
    return _MARKDOWN_START.sub(lambda found: f"{found[1]}{found[2]}\\", escaped, count=1)


def _markdown(log: SessionLog) -> str:
    out = [f"## {_md(_heading(log))}", ""]
    for entry in log.entries:
        chance = "" if entry.chance is None else f" *({_md(_chance(log, entry.chance))})*"
        if entry.number is None:
            out.append(f"**{_md(entry.label)}**")
            out.append("")
            out.extend(f"- {_md(line)}" for part in entry.lines for line in part.splitlines())
            out.append("")
            continue
        marker = f"{entry.number}. "
        out.append(f"{marker}**{_md(entry.label)}**{chance}")
        indent = " " * len(marker)
        out.extend(f"{indent}- {_md(line)}" for part in entry.lines for line in part.splitlines())
    out.append("")
    out.append(f"**{_md(_result(log))}**")
    return "\n".join(out)


# BBCode --------------------------------------------------------------------------------

#: A ``[`` that opens or closes a BBCode tag (``[b]``, ``[/url]``, ``[*]``).
_BBCODE_TAG: Final = re.compile(r"\[(/?[A-Za-z*])")


def _bb(text: str) -> str:
    """*text* as BBCode shows it literally: no ``[`` of it opens a tag."""
    return _BBCODE_TAG.sub("[\u200b\\1", text)


def _bbcode(log: SessionLog) -> str:
    out = [f"[b]{_bb(_heading(log))}[/b]"]
    for entry in log.entries:
        out.append("")
        head = entry.label if entry.number is None else f"{entry.number}. {entry.label}"
        chance = "" if entry.chance is None else f" [i]({_bb(_chance(log, entry.chance))})[/i]"
        out.append(f"[b]{_bb(head)}[/b]{chance}")
        out.extend(_bb(line) for part in entry.lines for line in part.splitlines())
    out.append("")
    out.append(f"[b]{_bb(_result(log))}[/b]")
    return "\n".join(out)


#: How each markup writes a log.
_WRITERS: Final[Mapping[Markup, Callable[[SessionLog], str]]] = MappingProxyType(
    {Markup.TEXT: _text, Markup.MARKDOWN: _markdown, Markup.BBCODE: _bbcode}
)
