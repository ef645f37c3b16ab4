"""What the calculator page asks for and shows for this ruleset (a page
spec, `service.core.page`), served in `GET /v1/rulesets`."""

from __future__ import annotations

from typing import Any

from service.core.page import FLOWER_CODES, HOW_WON, ROUND_WIND, WITH_FLOWERS

PAGE: dict[str, Any] = {
    "schema": "HongKongRequest",
    "value": [["fan", "Fan", "int", "3"]],
    "extra": [["limit_hand", "Limit hand", "bool", ""], ["liable", "Liable (包)", "seat?", ""]],
    "patterns": {"url": "/v1/hongkong/fan-table", "field": "patterns", "replaces": ["fan", "limit_hand"], "shows": "fan"},
    "tilesReplace": ["fan", "limit_hand"],
    "tilesExtra": [ROUND_WIND, FLOWER_CODES, *HOW_WON, *WITH_FLOWERS],
    "melds": 4,
    "reference": {
        "kind": "points",
        "url": "/v1/hongkong/points-table",
        "rules": ["table", "fan_cap", "min_fan", "discard_payment", "payment_scheme", "point_value"],
        "caption": "Hong Kong points table",
    },
    "valueText": [{"text": "{fan} fan", "params": {"fan": "fan_paid"}}],
    "text": {
        "unit": "Fan",
        "receives": "points (or chips)",
        "pre": "Table points before the split",
        "hint": "Enter the fan your table counted. Most tables need 3 fan to win.",
        "where": "Hong Kong, Macau, southern China, and most sets sold in the West",
        "enter": "The fan",
    },
}
