"""The riichi ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.errors import CONTRADICTION
from service.core.ruleset import ApiTag, Example, OptionGroup, Ruleset
from service.rulesets.riichi import endpoints, error_codes, game, page, presets, rules, schemas, settlement, warnings, yaku_rules
from service.rulesets.riichi.hand import counting, fu, hands, value_table

PATTERN_CONTEXT = "riichi yaku"
"""Catalogue context of the yaku list's names (msgid: the English name)."""

RULESET = Ruleset(
    error_codes=error_codes.CODES,
    name="riichi",
    name_en="Japanese riichi mahjong",
    unit="飜+符",
    unit_en="han and fu",
    request=schemas.RiichiRequest,
    result=schemas.RiichiSettlement,
    rules=rules.RiichiRules,
    settle=settlement.settle,
    more_options=(OptionGroup("/yaku_options", yaku_rules.YakuOptions), OptionGroup("/hand/rules", fu.FuRules)),
    game=game.game,
    game_types=game.TYPES,
    hand_request=hands.RiichiHandRequest,
    evaluate_hand=hands.evaluate_hand,
    tiles_weight=4.5,
    blurb="Japanese riichi (飜/符)",
    tags=(
        ApiTag(
            endpoints.TAG,
            "飜/符: limits, kiriage, honba and riichi sticks, multiple ron, pao, three-player variants, draws, score table.",
        ),
        ApiTag(endpoints.EXTRAS, "飜/符 helpers: fu from the hand's structure, end-of-game results (oka, uma, chips)."),
    ),
    batch_example=Example("A riichi ron", {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "han": 3, "fu": 30}),
    game_examples=(
        Example(
            "East-only: a riichi ron by the dealer, then a draw with the dealer noten",
            {
                "game": {"length": "east"},
                "hands": [
                    {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "han": 3, "fu": 30, "riichi": ["east"]},
                    {"type": "draw", "tenpai": ["south"], "riichi": ["south"]},
                ],
            },
        ),
    ),
    named=(value_table.YakuRow, value_table.BonusRow, counting.HanItem),
    pattern_context=PATTERN_CONTEXT,
    warnings=warnings.TEMPLATES,
    page=page.PAGE,
    presets=presets.PRESET_INFO,
    messages=(schemas.WITHOUT_YAKU,),
    catalogue=(
        *((row.name_en, PATTERN_CONTEXT) for row in value_table.YAKU_TABLE),
        *((row.name_en, PATTERN_CONTEXT) for row in value_table.BONUS_TABLE),
        *((reason, CONTRADICTION) for *_, reason in value_table.CONTRADICTIONS),
    ),
    endpoints=endpoints.ENDPOINTS,
)
