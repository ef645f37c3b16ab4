"""The hongkong ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.ruleset import OptionGroup, Ruleset
from service.rulesets.hongkong import endpoints, game, settlement

RULESET = Ruleset(
    name="hongkong",
    names={"en": "Hong Kong mahjong", "zh-Hant": "香港麻雀", "zh-Hans": "香港麻将", "ja": "香港麻雀"},
    unit="番",
    unit_en="fan",
    request=settlement.HongKongRequest,
    result=settlement.HongKongSettlement,
    rules=settlement.HongKongRules,
    settle=settlement.settle,
    more_options=(OptionGroup("", settlement.PatternRules),),
    game=game.game,
    game_types=game.TYPES,
    hand_request=settlement.HongKongHandRequest,
    evaluate_hand=settlement.evaluate_hand,
    endpoints=endpoints.ENDPOINTS,
)
