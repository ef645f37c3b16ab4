"""What the calculator page asks for and shows for this ruleset (a page
spec, `service.core.page`), served in `GET /v1/rulesets`."""

from __future__ import annotations

from typing import Any

from service.core.page import HOW_WON, ROUND_WIND

PAGE: dict[str, Any] = {
    "schema": "RiichiRequest",
    "value": [["han", "Han", "int", "1"], ["fu", "Fu", "enum", "30"], ["yakuman", "Yakuman", "int0", "0"]],
    "extra": [
        ["preset", "Platform's table", "enum", "", {"none": "None: the rules below"}],
        ["honba", "Honba", "int", "0"],
        ["riichi_sticks", "Riichi sticks", "int", "0"],
        ["players", "Players", "enum", "4"],
    ],
    "patterns": {
        "url": "/v1/riichi/yaku-table",
        "field": "yaku",
        "replaces": ["han", "yakuman"],
        "shows": "han",
        "rows": {"hide": {"played": False}},
        "extra": [
            ["dora", "Dora", "int", "0"],
            ["aka_dora", "Red fives", "int", "0"],
            ["ura_dora", "Ura dora", "int", "0"],
            ["open", "Open hand", "bool", ""],
        ],
    },
    "tilesReplace": ["han", "fu", "yakuman"],
    "tilesExtra": [
        ["riichi", "Riichi", "bool", ""],
        ["ippatsu", "Ippatsu", "bool", ""],
        ["double_riichi", "Double riichi", "bool", ""],
        ["dora_indicators", "Dora indicators", "notation", ""],
        ["ura_dora_indicators", "Ura dora indicators", "notation", ""],
        ["nukidora", "Nukidora", "count", "0", {"when": {"players": "3"}}],
        ROUND_WIND,
        *HOW_WON,
        ["blessing", "Blessing", "bool", ""],
    ],
    "melds": 4,
    "redFives": True,
    "threePlayers": {"field": "players", "value": "3"},
    "fuHelper": {"url": "/v1/riichi/fu"},
    "skipWhen": {"yakuman": ["han", "fu"]},
    "derived": ["honba", "riichi_sticks", "players", "preset"],
    "reference": {
        "kind": "score",
        "url": "/v1/riichi/score-table",
        "rules": ["kiriage", "kazoe", "sanma_tsumo"],
        "query": {"players": "4"},
        "caption": "Riichi score table",
    },
    "valueText": [
        {"when": "yakuman", "text": "{count} × yakuman", "params": {"count": "yakuman"}},
        {"when": "fu", "text": "{han} han {fu} fu", "params": {"han": "han", "fu": "fu"}},
        {"text": "{han} han", "params": {"han": "han"}},
    ],
    "text": {
        "unit": "Han and fu",
        "receives": "points",
        "pre": "Basic points",
        "hint": "The han with dora, and the fu after rounding (or let the page count the fu).",
        "where": "Japan, and online play everywhere",
        "enter": "Han and fu, or the hand's shape",
    },
}
