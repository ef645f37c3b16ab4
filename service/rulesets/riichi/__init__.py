"""The riichi ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.ruleset import OptionGroup, Ruleset
from service.rulesets.riichi import endpoints, fu, game, hands, settlement, yaku

RULESET = Ruleset(
    name="riichi",
    names={"en": "Japanese riichi mahjong", "zh-Hant": "日本立直麻雀", "zh-Hans": "日本立直麻将", "ja": "リーチ麻雀"},
    unit="飜+符",
    unit_en="han and fu",
    request=settlement.RiichiRequest,
    result=settlement.RiichiSettlement,
    rules=settlement.RiichiRules,
    settle=settlement.settle,
    more_options=(OptionGroup("/yaku_options", yaku.YakuOptions), OptionGroup("/hand/rules", fu.FuRules)),
    game=game.game,
    game_types=game.TYPES,
    hand_request=hands.RiichiHandRequest,
    evaluate_hand=hands.evaluate_hand,
    endpoints=endpoints.ENDPOINTS,
)
