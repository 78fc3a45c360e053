"""The packages' lazily imported names keep their types, and an unknown name is an error.

Never run: ``mypy --strict`` (which reports an unneeded ``type: ignore``) and pyright in strict
mode check it (``nox -s typing``).
A package's module ``__getattr__`` is hidden from the checkers, so that a misspelled name is
reported instead of being read as ``Any``.
"""

from __future__ import annotations

from typing import assert_type

import tabletop_rules
from tabletop_rules import bar2d6, bayside23, m20, skirmish
from tabletop_rules.notation import ChatCommand

assert_type(tabletop_rules.to_json(tabletop_rules.Dice(1, 6)), str)
m20_commands: tuple[ChatCommand, ...] = m20.CHAT_COMMANDS
bayside23_commands: tuple[ChatCommand, ...] = bayside23.CHAT_COMMANDS

_ = tabletop_rules.to_jsn  # type: ignore[attr-defined]
_ = m20.CHAT_COMMAND  # type: ignore[attr-defined]
_ = bayside23.CHAT_COMMAND  # type: ignore[attr-defined]
_ = bar2d6.Charcter  # type: ignore[attr-defined]
_ = skirmish.Crd  # type: ignore[attr-defined]
