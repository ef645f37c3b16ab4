"""What the calculator page asks for and shows for this ruleset (a page
spec, `service.core.page`), served in `GET /v1/rulesets`."""

from __future__ import annotations

from typing import Any

from service.core.page import FLOWER_CODES, HOW_WON, ROUND_WIND, WITH_FLOWERS

TABLE_QUERY = {"preset": "default", "mode": "standard"}
"""The tai table follows the form's preset and mode (these defaults when unset)."""

PAGE: dict[str, Any] = {
    "schema": "TaiwanRequest",
    "value": [["tai", "Tai", "int", "1"], ["dealer_streak", "Dealer streak", "int", "0"]],
    "extra": [["preset", "Preset", "enum", "default"], ["mode", "Mode", "enum", "standard"]],
    "patterns": {
        "url": "/v1/taiwan/tai-table",
        "query": TABLE_QUERY,
        "field": "patterns",
        "replaces": ["tai"],
        "shows": "cell",
        "rows": {"require": "pattern", "hide": {"scored_in_mode": False}},
    },
    "tilesReplace": ["tai"],
    "tilesExtra": [
        ROUND_WIND,
        FLOWER_CODES,
        *HOW_WON,
        *WITH_FLOWERS,
        # what only the table knows (the tiles decide the rest)
        [
            "context",
            "Declared at the table",
            "checks",
            "",
            {
                "choices": [
                    ["declared_ready", "Declared ready"],
                    ["heavenly_ready", "Heavenly ready"],
                    ["earthly_ready", "Earthly ready"],
                    ["flower_win_from_deal", "Flower win from the deal"],
                    ["earthly_ready_first", "Earthly ready, first tile"],
                    ["two_kongs_bloom", "Two kongs in a row, won on the replacement"],
                    ["three_kongs_bloom", "Three kongs in a row, won on the replacement"],
                ],
            },
        ],
        # 門風 from the dice: the seat that is east, when it is not the dealer
        ["east_seat", "East seat (from the dice)", "seat?", "", {"none": "The dealer"}],
    ],
    "melds": 5,  # 16 tiles: five sets and a pair
    "handTiles": 17,
    "derived": ["dealer_streak"],
    "reference": {"kind": "tai", "url": "/v1/taiwan/tai-table", "query": TABLE_QUERY, "caption": "Taiwan tai table"},
    "valueText": [{"text": "{tai} tai", "params": {"tai": "tai_paid"}}],
    "labels": {"base": "Base (底)"},
    "text": {
        "unit": "Tai",
        "receives": "dollars",
        "pre": "Base + tai × unit",
        "hint": "The hand's tai, without the dealer's own tai and the streak.",
        "where": "Taiwan, with sixteen tiles in hand",
        "enter": "The tai",
    },
}
