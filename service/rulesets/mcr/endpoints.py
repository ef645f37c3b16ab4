"""MCR (國標麻將) endpoints as data: path, types, the library function,
summary, description and examples (the web service builds their routes)."""

from __future__ import annotations

from service.core.ruleset import Endpoint, Example
from service.rulesets.mcr import value_table
from service.rulesets.mcr.hands import McrHandRequest, evaluate_hand
from service.rulesets.mcr.settlement import McrRequest, McrSettlement, settle
from service.rulesets.mcr.tiles import McrEvaluation
from service.rulesets.mcr.value_table import McrFanTable

EXAMPLES = (
    Example(
        summary="The minimum 8-point hand on a discard: 16 + 8 + 8 = 32",
        value={"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 8},
    ),
    Example(
        summary="8 points self-drawn: 16 from each = 48",
        value={"winner": "east", "win": {"type": "self_draw"}, "fan": 8},
    ),
    Example(
        summary="24 points + 2 flowers on a discard: 34 + 8 + 8 = 50",
        value={"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 24, "flowers": 2},
    ),
    Example(
        summary="From the tiles: all pungs + half flush ... on a discard, two flowers",
        value={
            "winner": "east",
            "win": {"type": "discard", "discarder": "south"},
            "tiles": {
                "concealed": "111m999m22z55z",
                "win_tile": "5z",
                "melds": [{"kind": "pung", "tiles": "777z"}],
                "flowers": ["f1", "s2"],
            },
        },
    ),
    Example(
        summary="Money table: one point is worth 0.5",
        value={"winner": "west", "win": {"type": "self_draw"}, "fan": 12, "flowers": 1, "rules": {"point_value": 0.5}},
    ),
)


HAND_EXAMPLES = (
    Example(
        summary="Nine gates, self-drawn, two flowers: fan 88+ (flowers apart)",
        value={
            "winner": "east",
            "win": {"type": "self_draw"},
            "tiles": {"concealed": "11123455678999m", "win_tile": "5m", "flowers": ["f1", "f2"]},
        },
    ),
    Example(
        summary="Below the minimum: a 6-point hand with 3 flowers is still below 8 (flowers do not count)",
        value={
            "winner": "south",
            "win": {"type": "discard", "discarder": "west"},
            "tiles": {
                "concealed": "234m456m77p",
                "win_tile": "7p",
                "melds": [{"kind": "chow", "tiles": "123p"}, {"kind": "chow", "tiles": "567s"}],
                "flowers": ["f1", "f2", "s4"],
            },
        },
    ),
)


TAG = "MCR"

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/settlements",
        settle,
        McrSettlement,
        "Settle an MCR (Chinese Official) hand",
        """Discard: the discarder pays fan + flowers + base, the other two
        base each; self-draw: all three pay fan + flowers + base; every
        amount × `point_value`. Flowers are paid but never count toward
        `min_fan` (warnings `below_minimum_fan`,
        `flowers_not_counted_toward_minimum`). More than 8 flowers is 422.""",
        TAG,
        request=McrRequest,
        examples=EXAMPLES,
    ),
    Endpoint(
        "/fan-table",
        value_table.fan_table,
        McrFanTable,
        "The 81 MCR fan",
        """Every fan of the Chinese Official rules with code, Traditional and
        Simplified Chinese, English and Japanese names and points (88 down to
        1; 花牌 last, never counted in `fan`), then PyMahjongGB's 明暗槓.""",
        TAG,
    ),
    Endpoint(
        "/hands",
        evaluate_hand,
        McrEvaluation,
        "Fan of an MCR hand from its tiles",
        """Values the hand with PyMahjongGB (the reference calculator of the
        Chinese Official rules): items in the codes of `GET /v1/mcr/fan-table`,
        `fan` without flowers, `flowers` counted apart; `below_minimum_fan`
        when `fan` is under `rules.min_fan` (flowers never count). MCR has no
        天和/地和/人和: `blessing: true` is a 422. Unreadable notation (red
        fives included) is 400 with the position of the first bad character;
        an impossible or incomplete hand is 422.""",
        TAG,
        request=McrHandRequest,
        examples=HAND_EXAMPLES,
    ),
)
"""In the order the OpenAPI document lists them."""
