"""What the calculator page asks for and shows for this ruleset (a page
spec, `service.core.page`), served in `GET /v1/rulesets`."""

from __future__ import annotations

from typing import Any

from service.core.page import FLOWER_CODES, HOW_WON, ROUND_WIND

PAGE: dict[str, Any] = {
    "schema": "McrRequest",
    "value": [["fan", "Points", "int", "8"], ["flowers", "Flowers", "int", "0"]],
    "extra": [],
    "tilesReplace": ["fan", "flowers"],
    "tilesExtra": [ROUND_WIND, FLOWER_CODES, ["last_of_its_kind", "Last of its kind", "bool", ""], *HOW_WON],
    "melds": 4,
    "reference": {
        # a few hands settled in one batch under the table's rules, east winning, south discarding
        "kind": "batch",
        "caption": "Chinese Official payments (no flowers)",
        "head": [
            "Points",
            "Discarder pays",
            "Others pay",
            ["Winner receives", "Discard"],
            "Self-draw, each",
            ["Winner receives", "Self-draw"],
        ],
        "rows": [8, 10, 12, 16, 24, 32, 48, 64, 88],
        "field": "fan",
        "hands": [{}, {"self": True}],
        "columns": [["paid", 0, "south"], ["paid", 0, "west"], ["receives", 0], ["paid", 1, "south"], ["receives", 1]],
    },
    "valueText": [{"text": "{points} points", "params": {"points": "hand_points"}}],
    "labels": {"base": "Paid by everyone on top"},
    "text": {
        "unit": "Points",
        "receives": "points",
        "pre": "Pattern points + flowers + 8",
        "hint": "The pattern points without flowers; a hand needs 8 to win.",
        "where": "International tournaments and official play in China",
        "enter": "The total of the pattern points",
    },
}
