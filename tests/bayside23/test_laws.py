"""The engine's laws on random bayside23 battles (``tabletop_rules.testing.laws``).

Replay equals live play, records and states round-trip through JSON, ``to_act`` is exactly
the actors of ``legal_commands`` (BAY-13: the one whose turn it is, or the winners after a
win, BAY-33), every offered command is accepted and nothing else is, a tampered record is
refused at the changed entry, every event and command has words in every locale, and damaged
JSON is refused with ``InvalidData``.
"""

from __future__ import annotations

from tabletop_rules.bayside23 import SYSTEM
from tabletop_rules.testing import laws

TestBayside23Laws = laws.suite(SYSTEM)
