"""The bot's side of a chat transport: what comes in, what goes out.

A transport (standard input and output here; Discord, LINE or Telegram elsewhere) turns
its platform's messages into :class:`Incoming` values, hands them to
:meth:`tabletop_bot.bot.Bot.handle`, and delivers each :class:`Public` or :class:`Private`
reply it gets back. Nothing else of the bot knows which platform it runs on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

__all__ = ["Incoming", "Outgoing", "Private", "Public", "Transport", "serve"]


@dataclass(frozen=True)
class Incoming:
    """A message a user wrote in a channel."""

    #: Where it was written: a channel, a group chat, a direct-message thread.
    channel: str
    #: Who wrote it: a stable id on the platform.
    user: str
    #: What they wrote (it may hold several lines: a pasted sheet).
    text: str


@dataclass(frozen=True)
class Public:
    """A reply everyone in the channel sees."""

    channel: str
    text: str


@dataclass(frozen=True)
class Private:
    """A reply only one user sees (a secret roll's result)."""

    user: str
    text: str


#: What the bot sends back.
Outgoing = Public | Private


class Handler(Protocol):
    """What a transport serves: the bot."""

    def handle(self, message: Incoming) -> list[Outgoing]:
        """The replies to *message* (none for ordinary chat)."""
        ...


class Transport(Protocol):
    """A chat platform, seen from the bot."""

    def receive(self) -> Iterable[Incoming]:
        """The messages, as they come."""
        ...

    def send(self, message: Outgoing) -> None:
        """Deliver one reply."""
        ...


def serve(bot: Handler, transport: Transport) -> None:
    """Answer every message the transport receives until it has no more."""
    for message in transport.receive():
        for reply in bot.handle(message):
            transport.send(reply)
