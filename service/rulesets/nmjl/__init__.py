"""The nmjl ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.ruleset import ApiTag, Example, Ruleset
from service.rulesets.nmjl import endpoints, error_codes, game, page, settlement, warnings

RULESET = Ruleset(
    error_codes=error_codes.CODES,
    name="nmjl",
    name_en="American mahjong (NMJL card)",
    unit="points",
    unit_en="card value points",
    request=settlement.NmjlRequest,
    result=settlement.NmjlSettlement,
    rules=settlement.NmjlRules,
    settle=settlement.settle,
    game=game.game,
    game_types=game.TYPES,
    blurb="American NMJL (card value)",
    tags=(
        ApiTag(
            endpoints.TAG,
            "American mahjong: card value, discarder and self-draw doubles, jokerless doubling, bettors, three-player tables.",
        ),
    ),
    game_examples=(Example("One hand", {"hands": [{"winner": "north", "win": {"type": "self_draw"}, "value": 25}]}),),
    warnings=warnings.TEMPLATES,
    page=page.PAGE,
    endpoints=endpoints.ENDPOINTS,
)
