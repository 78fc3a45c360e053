"""The engine's laws on random m20 combats (``tabletop_rules.testing.laws``)."""

from __future__ import annotations

from tabletop_rules.m20 import SYSTEM
from tabletop_rules.testing import laws

TestLaws = laws.suite(SYSTEM)
