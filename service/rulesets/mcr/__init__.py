"""The mcr ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.ruleset import Ruleset
from service.rulesets.mcr import endpoints, game, hands, settlement

RULESET = Ruleset(
    name="mcr",
    names={"en": "Chinese Official (MCR)", "zh-Hant": "國標麻將", "zh-Hans": "国标麻将", "ja": "中国公式ルール（国標麻将）"},
    unit="分",
    unit_en="points",
    request=settlement.McrRequest,
    result=settlement.McrSettlement,
    rules=settlement.McrRules,
    settle=settlement.settle,
    game=game.game,
    game_types=game.TYPES,
    hand_request=hands.McrHandRequest,
    evaluate_hand=hands.evaluate_hand,
    endpoints=endpoints.ENDPOINTS,
)
