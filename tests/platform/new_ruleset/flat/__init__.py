"""Flat stakes: a ruleset made up for the test that adds a ruleset to a copy
of the service (tests/platform/test_new_ruleset.py). Each loser pays the
hand's value times the point value; on a discard the discarder pays twice."""

from __future__ import annotations

from service.core.ruleset import ApiTag, Example, Ruleset
from service.rulesets.flat import endpoints, settlement

RULESET = Ruleset(
    name="flat",
    name_en="Flat stakes",
    unit="points",
    unit_en="points",
    request=settlement.FlatRequest,
    result=settlement.FlatSettlement,
    rules=settlement.FlatRules,
    settle=settlement.settle,
    blurb="flat stakes",
    tags=(ApiTag(endpoints.TAG, "Flat stakes: every loser pays the value, the discarder twice."),),
    batch_example=Example("Flat stakes", endpoints.EXAMPLES[0].value),
    endpoints=endpoints.ENDPOINTS,
)
