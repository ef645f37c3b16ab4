"""What the calculator page asks for and shows for this ruleset (a page
spec, `service.core.page`), served in `GET /v1/rulesets`."""

from __future__ import annotations

from typing import Any

PAGE: dict[str, Any] = {
    "schema": "NmjlRequest",
    "value": [
        ["value", "Card value", "int", "25"],
        ["jokerless", "Jokerless", "bool", ""],
        ["section", "Section", "enum", "standard"],
    ],
    "extra": [],
    "bettors": True,
    "reference": {
        # a few hands settled in one batch under the table's rules, east winning, south discarding
        "kind": "batch",
        "caption": "NMJL payments by card value",
        "head": [
            "Card value",
            "Discarder pays",
            "Others pay",
            "Self-draw, each",
            "Jokerless: discarder pays",
            "Jokerless: self-draw, each",
        ],
        "rows": [25, 30, 35, 40, 45, 50],
        "field": "value",
        "hands": [{}, {"self": True}, {"jokerless": True}, {"jokerless": True, "self": True}],
        "columns": [["paid", 0, "south"], ["paid", 0, "west"], ["paid", 1, "south"], ["paid", 2, "south"], ["paid", 3, "south"]],
    },
    "valueText": [{"text": "card value {value}", "params": {"value": "form.value"}}],
    "text": {
        "unit": "Card value",
        "receives": "points (often a cent each)",
        "pre": "Card value after doubling",
        "hint": "The value printed on the card beside your hand.",
        "where": "The United States, with the National Mah Jongg League card",
        "enter": "The value printed on the card",
    },
}
