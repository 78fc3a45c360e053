"""The engine's laws on random skirmish games (SK-01, SK-09, SK-30, SK-32).

Replay equals live play, records and states round-trip through JSON, a refused command
changes nothing, every command a menu offers is accepted and nothing else is, who may act
is who the menus name, a tampered record is refused at its entry, every event and command
has words, and damaged JSON is refused: ``tabletop_rules.testing.laws`` checks them all, on
games of the sample cards and on games of random cards.
"""

from __future__ import annotations

from tabletop_rules.skirmish import SYSTEM
from tabletop_rules.skirmish.strategies import setups
from tabletop_rules.testing import laws

TestLaws = laws.suite(SYSTEM, max_steps=150)
TestLawsOfRandomCards = laws.suite(SYSTEM, setups=setups(sample=False), max_steps=150, examples=0.3)
