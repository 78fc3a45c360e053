"""The standard input and output transport, and the command line.

Each input line is a message: ``#channel user: text``, or just ``text`` (then channel
``main``, user ``you``). A message whose text ends with ``<<`` goes on over the next lines
until an empty line: that is how a sheet is pasted. Replies are printed as
``[#channel] text`` (public) and ``[@user] text`` (private).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

from tabletop_bot.bot import Bot
from tabletop_bot.store import DatabaseInUse, Store
from tabletop_bot.transport import Incoming, Outgoing, Public, serve

__all__ = ["StdioTransport", "main"]

_HEADER = re.compile(r"#(?P<channel>\S+)\s+(?P<user>[^:\s]+):\s?(?P<text>.*)")


class StdioTransport:
    """Messages from a text stream, replies to another."""

    def __init__(self, lines: TextIO, out: TextIO) -> None:
        self._lines = lines
        self._out = out

    def receive(self) -> Iterator[Incoming]:  # noqa: D102
        lines = iter(self._lines)
        for line in lines:
            found = _HEADER.fullmatch(line.rstrip("\n"))
            channel, user, text = found.groups() if found else ("main", "you", line.rstrip("\n"))
            if text.rstrip().endswith("<<"):
                pasted: list[str] = []
                for more in lines:
                    if not more.strip():
                        break
                    pasted.append(more.rstrip("\n"))
                text = "\n".join([text.rstrip()[:-2].rstrip(), *pasted])
            if text.strip():
                yield Incoming(channel, user, text)

    def send(self, message: Outgoing) -> None:  # noqa: D102
        where = f"#{message.channel}" if isinstance(message, Public) else f"@{message.user}"
        print(f"[{where}] {message.text}", file=self._out, flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the bot on standard input and output until the input ends."""
    parser = argparse.ArgumentParser(
        prog="tabletop_bot", description="The example chat bot on standard input and output."
    )
    parser.add_argument("--db", required=True, help="the SQLite database file (created if missing)")
    parser.add_argument("--seed", type=int, help="seed new channels' dice (reproducible runs)")
    args = parser.parse_args(argv)
    try:
        store = Store(args.db)
    except DatabaseInUse as error:
        sys.exit(f"tabletop_bot: {error}")
    try:
        bot = Bot(store, seed=args.seed)
        for line in _damage_report(bot):
            print(f"tabletop_bot: {line}", file=sys.stderr)
        serve(bot, StdioTransport(sys.stdin, sys.stdout))
    finally:
        store.close()


def _damage_report(bot: Bot) -> Iterator[str]:
    """What of the database the bot could not use, for the operator."""
    for name, (game, error) in bot.broken.items():
        yield f"game #{game} in #{name} not resumed: {error}"
    for name, error in bot.damaged_lobbies.items():
        yield f"the lobby of #{name} not resumed: {error}"
    for name, error in bot.damaged_libraries.items():
        yield f"the tables and decks of #{name} not loaded: {error}"
    for name, channel in bot.channels.items():
        for column, error in channel.damage.items():
            yield f"#{name}: the stored {column} is damaged: {error}"
    for row in bot.set_aside:
        yield f"left as it is: {row}"
