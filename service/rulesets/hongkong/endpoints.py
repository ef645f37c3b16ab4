"""Hong Kong endpoints as data: path, types, the library function, summary,
description and examples (the web service builds their routes)."""

from __future__ import annotations

from service.core.ruleset import Endpoint, Example, QueryRules
from service.rulesets.hongkong import settlement as hongkong
from service.rulesets.hongkong.counting import FanRequest, FanResult, FanTable, count_fan, fan_table
from service.rulesets.hongkong.rules import HongKongRules, PatternRules
from service.rulesets.hongkong.settlement import HongKongHand, HongKongHandRequest, HongKongRequest, HongKongSettlement, PointsTable

EXAMPLES = (
    Example(
        summary="3 fan on a discard (half spicy, full gun)",
        value={"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3},
    ),
    Example(
        summary="3 fan self-drawn, half gun table",
        value={"winner": "east", "win": {"type": "self_draw"}, "fan": 3, "rules": {"discard_payment": "half_gun"}},
    ),
    Example(
        summary="一二蚊: full spicy, half gun, point value 4, chicken hand",
        value={
            "winner": "east",
            "win": {"type": "discard", "discarder": "south"},
            "fan": 0,
            "rules": {"table": "full_spicy", "discard_payment": "half_gun", "point_value": 4, "min_fan": 0},
        },
    ),
    Example(
        summary="包: west is liable for a self-drawn 8 fan",
        value={"winner": "east", "win": {"type": "self_draw"}, "fan": 8, "liable": "west"},
    ),
    Example(
        summary="Patterns instead of fan: full flush + all pongs on a discard (10 fan)",
        value={
            "winner": "south",
            "win": {"type": "discard", "discarder": "west"},
            "patterns": [{"code": "full_flush"}, {"code": "all_pongs"}],
        },
    ),
)

HAND_EXAMPLES = (
    Example(
        summary="Concealed self-draw, a red dragon pung, no flowers: 4 fan",
        value={
            "winner": "south",
            "win": {"type": "self_draw"},
            "tiles": {"concealed": "234m678p345s77z666z", "win_tile": "6z"},
        },
    ),
    Example(
        summary="All pongs + half flush on a discard (the Hong Kong fan sheet: 對對胡＋混一色＝6), called pungs, own flower",
        value={
            "winner": "west",
            "win": {"type": "discard", "discarder": "north"},
            "tiles": {
                "concealed": "111p99p555z",
                "melds": [{"kind": "pung", "tiles": "777p"}, {"kind": "pung", "tiles": "222p"}],
                "win_tile": "5z",
                "flowers": ["f3"],
            },
        },
    ),
    Example(
        summary="Thirteen orphans: a limit hand (the cap)",
        value={
            "winner": "east",
            "win": {"type": "discard", "discarder": "north"},
            "tiles": {"concealed": "19m19p19s12345677z", "win_tile": "7z"},
            "rules": {"fan_cap": 13},
        },
    ),
)

FAN_EXAMPLES = (
    Example(
        summary="Self-draw + concealed + half flush + all pongs = 8 fan",
        value={"patterns": [{"code": "self_draw"}, {"code": "concealed"}, {"code": "half_flush"}, {"code": "all_pongs"}]},
    ),
    Example(
        summary="Big three dragons + all pongs = 11 fan: the limit at a 10 cap",
        value={"patterns": [{"code": "big_three_dragons"}, {"code": "all_pongs"}], "rules": {"fan_cap": 10}},
    ),
    Example(
        summary="Two seat flowers and a flower set (the set replaces its seat flower): 3 fan",
        value={"patterns": [{"code": "seat_flower", "count": 2}, {"code": "flower_set"}]},
    ),
    Example(
        summary="Eight immortals played as a limit hand",
        value={"patterns": [{"code": "eight_immortals"}], "eight_immortals": "limit", "rules": {"fan_cap": 13}},
    ),
)


TAG = "Hong Kong"


def _fan_table(rules: HongKongRules, patterns: PatternRules) -> FanTable:
    return fan_table(rules.fan_cap, patterns.eight_immortals, rules.unvalued_fan)


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/fan",
        count_fan,
        FanResult,
        "Fan of a Hong Kong hand from its patterns",
        """Adds up the declared patterns on the Hong Kong fan sheet and itemises
        them: 對對胡＋混一色＝6, 對對胡＋清一色＝10, 門前清＋自摸＝2; 混么九
        includes 對對胡; 小三元/大三元 include their dragon pongs; a 一台花
        replaces that set's 正花; a limit hand (爆棚) scores `fan_cap` and
        nothing is added. Contradictory patterns (混一色 with 清一色, 無花 with
        any flower) are a 422 naming both.""",
        TAG,
        request=FanRequest,
        examples=FAN_EXAMPLES,
    ),
    Endpoint(
        "/fan-table",
        _fan_table,
        FanTable,
        "The Hong Kong fan sheet",
        """Every row of the sheet: code, Chinese name as printed (Simplified)
        and in Traditional characters, English name, jyutping, fan, whether it
        is counted per tile or set. Limit rows show `fan_cap`.""",
        TAG,
        query=(("rules", QueryRules(HongKongRules, "fan_cap", "unvalued_fan")), ("patterns", QueryRules(PatternRules))),
    ),
    Endpoint(
        "/hands",
        hongkong.evaluate_hand,
        HongKongHand,
        "Fan of a Hong Kong hand from its tiles",
        """Reads the tiles (MPSZ notation: `123m456p789s1122z`), finds every
        way to split them into four sets and a pair (or 十三么), detects the
        fan sheet's patterns in each reading and counts them as
        `POST /v1/hongkong/fan` does; the reading worth most is answered
        (一副牌按最高番的拆法計; equal fan: the first reading in the stated
        order). `items` itemise the fan, `arrangement` shows the reading,
        `waits` the tiles the hand waited on. The seat wind follows from
        `winner` and `dealer` (the dealer sits east), 正花 from `flowers`;
        the flags say what the tiles cannot (`last_tile` 海底, `after_kong`
        槓上, `after_flower` 花上, `robbing_kong` 搶槓, `blessing` 天胡/地胡).
        Unreadable notation is a 400 naming the character; a hand that cannot
        be or is not complete, or a flag the win contradicts, a 422.""",
        TAG,
        request=HongKongHandRequest,
        examples=HAND_EXAMPLES,
    ),
    Endpoint(
        "/points-table",
        hongkong.points_table,
        PointsTable,
        "Fan → points table under the given rules",
        """Rows fan 0..13: `full_spicy` and `half_spicy` raw (uncapped, point
        value 1), `self_draw_each`, `discarder_pays` and `others_pay` under the
        given rules (the reference calculator's 香港規則：由番到點數).""",
        TAG,
        query=(("rules", QueryRules(HongKongRules, "table", "fan_cap", "min_fan", "discard_payment", "payment_scheme", "point_value")),),
    ),
    Endpoint(
        "/settlements",
        hongkong.settle,
        HongKongSettlement,
        "Settle a Hong Kong hand",
        """The fan is clamped to `fan_cap`, converted on the half- or
        full-spicy ladder and multiplied by `point_value` (V =
        `pre_payout_total`), then split by `payment_scheme` and
        `discard_payment`. `liable` (包) moves the whole amount onto one seat.
        Send `patterns` instead of `fan` to have the fan added up from the
        fan sheet (`fan_items` then shows how).""",
        TAG,
        request=HongKongRequest,
        examples=EXAMPLES,
    ),
)
"""In the order the OpenAPI document lists them."""
