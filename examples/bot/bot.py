"""Run the example bot: ``python examples/bot/bot.py --db bot.db``."""

from tabletop_bot.stdio import main

if __name__ == "__main__":
    main()
