"""``python -m tabletop_bot --db bot.db``: the bot on standard input and output."""

from tabletop_bot.stdio import main

main()
