"""The taiwan ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.ruleset import OptionGroup, Ruleset
from service.rulesets.taiwan import endpoints, game, settlement

RULESET = Ruleset(
    name="taiwan",
    names={"en": "Taiwanese 16-tile mahjong", "zh-Hant": "台灣十六張麻將", "zh-Hans": "台湾十六张麻将", "ja": "台湾麻雀（16枚）"},
    unit="台",
    unit_en="tai",
    request=settlement.TaiwanRequest,
    result=settlement.TaiwanSettlement,
    rules=settlement.TaiwanRules,
    settle=settlement.settle,
    more_options=(OptionGroup("", settlement.TaiCountRules),),
    game=game.game,
    game_types=game.TYPES,
    hand_request=settlement.TaiwanHandRequest,
    evaluate_hand=settlement.evaluate_hand,
    endpoints=endpoints.ENDPOINTS,
)
