"""Response windows: named players respond in order before a step, until all pass in a row."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, Generic, TypeVar, cast

import attrs

from tabletop_rules.engine import PromptFrame
from tabletop_rules.errors import IllegalCommand, InvalidData
from tabletop_rules.kit._copier import unchecked_copier

__all__ = ["ResponseWindow"]

PendingT = TypeVar("PendingT")


# --------------------------------------------------------------------------- response windows


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen(kw_only=True)
class ResponseWindow(Generic[PendingT]):
    """A frame of a response stack: named players may respond, in a fixed order, before a step.

    The window holds the suspended step as data (:attr:`pending`).
    The player at :attr:`to_answer` either responds (the system pushes the response's own
    work, which may open a window of its own, on top of this one; when it has resolved,
    :meth:`responded` gives the priority back to the first responder) or passes
    (:meth:`passed`, and the next responder in order is asked).
    When every responder has passed in a row, :attr:`closed` is true and the system pops the
    window and goes on with :attr:`pending`.

    >>> window = ResponseWindow(responders=("opponent", "active"), pending="attack")
    >>> window.to_answer
    'opponent'
    >>> window = window.passed("opponent")
    >>> window.to_answer, window.closed
    ('active', False)
    >>> window.passed("active").closed
    True

    .. versionadded:: 0.1.0
    """

    #: Who may respond, in the order they are asked.
    responders: tuple[str, ...] = attrs.field(converter=_names)
    #: The suspended step, as a value of the system's own type.
    pending: PendingT
    #: The index in :attr:`responders` of the one asked now.
    turn: int = 0
    #: How many responders have passed in a row.
    passes: int = 0

    def __attrs_post_init__(self) -> None:
        if not self.responders:
            raise InvalidData("$.responders", "a response window needs at least one responder")
        if type(self.turn) is not int or not 0 <= self.turn < len(self.responders):
            raise InvalidData("$.turn", f"no responder at index {self.turn!r}")
        if type(self.passes) is not int or not 0 <= self.passes <= len(self.responders):
            raise InvalidData("$.passes", f"{self.passes!r} passes in a row cannot be")

    @property
    def to_answer(self) -> str:
        """The responder asked now."""
        return self.responders[self.turn]

    @property
    def closed(self) -> bool:
        """Whether every responder has passed in a row."""
        return self.passes >= len(self.responders)

    def check(self, actor: str) -> None:
        """Refuse an answer from anyone but :attr:`to_answer`.

        Raises:
            IllegalCommand: *actor* is not the one asked (``"not_your_prompt"``).
        """
        if actor != self.to_answer:
            raise IllegalCommand("not_your_prompt", actor=actor, responder=self.to_answer)

    def passed(self, actor: str) -> ResponseWindow[PendingT]:
        """The window after *actor*, the one asked, passes: the next responder is asked.

        Raises:
            IllegalCommand: *actor* is not the one asked (``"not_your_prompt"``).
        """
        self.check(actor)
        return ResponseWindow(
            responders=self.responders,
            pending=self.pending,
            turn=(self.turn + 1) % len(self.responders),
            passes=self.passes + 1,
        )

    def frame(self, answers: Iterable[str]) -> PromptFrame[ResponseWindow[PendingT]]:
        """The prompt frame that holds this window.

        It asks :attr:`to_answer` for one of *answers*, or, once :attr:`closed`, asks no one,
        so that the rules resolve the step.
        Keep the window in a frame built by this method, and the frame's responder always
        agrees with the window.
        """
        if self.closed:
            return PromptFrame(responder=None, pending=self)
        return PromptFrame(responder=self.to_answer, answers=answers, pending=self)

    def holding(self, pending: PendingT) -> ResponseWindow[PendingT]:
        """This window with *pending* as its suspended step; who is asked and the passes kept.

        A system keeps a few windows built once (one per order of responders) and puts each
        action's step in a copy, without checking again what was checked when they were built.

        >>> ResponseWindow(responders=("b", "a"), pending=None).holding("attack").pending
        'attack'

        .. versionadded:: 0.1.0
        """
        return copy_window(self, pending=pending)

    def responded(self) -> ResponseWindow[PendingT]:
        """The window once a response has resolved: no passes yet, the first responder asked."""
        return ResponseWindow(responders=self.responders, pending=self.pending)


#: A copy of a window without its checks, for changes that keep a valid window valid (such
#: as another pending step in a window built once: :meth:`ResponseWindow.holding`).
copy_window: Final = cast("Callable[..., ResponseWindow[Any]]", unchecked_copier(ResponseWindow))
