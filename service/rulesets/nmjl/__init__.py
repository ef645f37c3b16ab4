"""The nmjl ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.ruleset import Ruleset
from service.rulesets.nmjl import endpoints, game, settlement

RULESET = Ruleset(
    name="nmjl",
    names={"en": "American mahjong (NMJL card)", "zh-Hant": "美式麻將", "zh-Hans": "美式麻将", "ja": "アメリカ麻雀（NMJL）"},
    unit="points",
    unit_en="card value points",
    request=settlement.NmjlRequest,
    result=settlement.NmjlSettlement,
    rules=settlement.NmjlRules,
    settle=settlement.settle,
    game=game.game,
    game_types=game.TYPES,
    endpoints=endpoints.ENDPOINTS,
)
