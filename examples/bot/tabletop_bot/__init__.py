"""An example chat bot on tabletop_rules: dice, characters and games, kept in SQLite.

Run it with ``python examples/bot/bot.py --db bot.db`` (or ``python -m tabletop_bot`` from
``examples/bot``). See ``docs/bots.md``.
"""

from __future__ import annotations

from tabletop_bot.bot import Bot
from tabletop_bot.store import Store
from tabletop_bot.transport import Incoming, Outgoing, Private, Public, Transport, serve

__all__ = ["Bot", "Incoming", "Outgoing", "Private", "Public", "Store", "Transport", "serve"]
