"""The mcr ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.ruleset import ApiTag, Example, Ruleset
from service.rulesets.mcr import endpoints, error_codes, game, hands, page, settlement, tiles, value_table, warnings

PATTERN_CONTEXT = "mcr fan"
"""Catalogue context of the fan table's names (msgid: the English name)."""

RULESET = Ruleset(
    error_codes=error_codes.CODES,
    name="mcr",
    name_en="Chinese Official (MCR)",
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
    tiles_weight=0.8,
    blurb="Chinese Official/MCR (分)",
    tags=(
        ApiTag(
            endpoints.TAG,
            "國標麻將 (分): pattern points + flowers + 8 from each payer; flowers never count toward the 8-point minimum.",
        ),
    ),
    batch_example=Example(
        "An impossible hand: the discarder is the winner",
        {"winner": "east", "win": {"type": "discard", "discarder": "east"}, "fan": 8},
    ),
    game_examples=(
        Example(
            "The deal passes after every hand",
            {"hands": [{"winner": "east", "win": {"type": "self_draw"}, "fan": 8}, {"type": "draw"}]},
        ),
    ),
    named=(value_table.McrFanRow, tiles.McrItem),
    pattern_context=PATTERN_CONTEXT,
    warnings=warnings.TEMPLATES,
    page=page.PAGE,
    catalogue=tuple((row.name_en, PATTERN_CONTEXT) for row in value_table.FAN_TABLE),
    endpoints=endpoints.ENDPOINTS,
)
