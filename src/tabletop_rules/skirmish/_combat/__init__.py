"""The skirmish game built on the ruleset kit: values, commands and events, rules, flow."""

from tabletop_rules.skirmish._combat._flow import RULESET, SkirmishRuleset

__all__ = ["RULESET", "SkirmishRuleset"]
