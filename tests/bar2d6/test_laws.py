"""The engine's laws on random bar2d6 combats (``tabletop_rules.testing.laws``)."""

from tabletop_rules.bar2d6 import SYSTEM
from tabletop_rules.testing import laws

TestLaws = laws.suite(SYSTEM)
