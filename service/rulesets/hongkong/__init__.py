"""The hongkong ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.errors import CONTRADICTION
from service.core.ruleset import ApiTag, Example, OptionGroup, Ruleset
from service.rulesets.hongkong import counting, endpoints, error_codes, game, page, rules, settlement, value_table, warnings

PATTERN_CONTEXT = "hongkong pattern"
"""Catalogue context of the fan sheet's pattern names (msgid: the English name)."""

RULESET = Ruleset(
    error_codes=error_codes.CODES,
    name="hongkong",
    name_en="Hong Kong mahjong",
    unit="番",
    unit_en="fan",
    request=settlement.HongKongRequest,
    result=settlement.HongKongSettlement,
    rules=rules.HongKongRules,
    settle=settlement.settle,
    more_options=(OptionGroup("", rules.PatternRules),),
    game=game.game,
    game_types=game.TYPES,
    hand_request=settlement.HongKongHandRequest,
    evaluate_hand=settlement.evaluate_hand,
    camel="HongKong",
    tiles_weight=2.0,
    blurb="Hong Kong (番)",
    tags=(ApiTag(endpoints.TAG, "番: half/full spicy ladders, cap, full/half gun, 包."),),
    batch_example=Example("A Hong Kong hand", {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}),
    game_examples=(
        Example(
            "Two hands: the dealer wins (keeps the deal), then south wins (the deal passes)",
            {
                "hands": [
                    {"winner": "east", "win": {"type": "self_draw"}, "fan": 3},
                    {"winner": "south", "win": {"type": "discard", "discarder": "west"}, "fan": 4},
                ]
            },
        ),
    ),
    named=(value_table.FanRow, counting.FanItem),
    pattern_context=PATTERN_CONTEXT,
    warnings=warnings.TEMPLATES,
    page=page.PAGE,
    catalogue=(
        *((row.name_en, PATTERN_CONTEXT) for row in value_table.FAN_TABLE),
        *((reason, CONTRADICTION) for *_, reason in value_table.CONTRADICTIONS),
    ),
    endpoints=endpoints.ENDPOINTS,
)
