"""Hong Kong endpoints: decode, call the engine, encode."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.openapi.spec import Example
from litestar.params import Body, Parameter

from service.api.codec import StrictBody, json_response
from service.api.problems import problem_responses
from service.api.responses import rules_from_query, settlement_response
from service.core.money import POINT_VALUE_DEFAULT
from service.rulesets.hongkong import settlement as hongkong
from service.rulesets.hongkong.patterns import EightImmortals
from service.rulesets.hongkong.settlement import (
    DiscardPayment,
    FanRequest,
    FanResult,
    FanTable,
    HongKongRequest,
    HongKongRules,
    HongKongSettlement,
    PaymentScheme,
    PointsTable,
    Table,
)

EXAMPLES = [
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
]

FAN_EXAMPLES = [
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
]


class HongKongController(Controller):
    path = "/v1/hongkong"
    tags = ["Hong Kong"]

    @post(
        "/settlements",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="Settle a Hong Kong hand",
        responses=problem_responses(),
    )
    def settle(self, data: Annotated[HongKongRequest, Body(examples=EXAMPLES)]) -> Response[HongKongSettlement]:
        """The fan is clamped to `fan_cap`, converted on the half- or
        full-spicy ladder and multiplied by `point_value` (V =
        `pre_payout_total`), then split by `payment_scheme` and
        `discard_payment`. `liable` (包) moves the whole amount onto one seat.
        Send `patterns` instead of `fan` to have the fan added up from the
        fan sheet (`fan_items` then shows how)."""
        return settlement_response(hongkong.settle(data))

    @post(
        "/fan",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="Fan of a Hong Kong hand from its patterns",
        responses=problem_responses(),
    )
    def fan(self, data: Annotated[FanRequest, Body(examples=FAN_EXAMPLES)]) -> Response[FanResult]:
        """Adds up the declared patterns on seed 002's fan sheet and itemises
        them: 對對胡＋混一色＝6, 對對胡＋清一色＝10, 門前清＋自摸＝2; 混么九
        includes 對對胡; 小三元/大三元 include their dragon pongs; a 一台花
        replaces that set's 正花; a limit hand (爆棚) scores `fan_cap` and
        nothing is added. Contradictory patterns (混一色 with 清一色, 無花 with
        any flower) are a 422 naming both."""
        return json_response(hongkong.count_fan(data))

    @get(
        "/fan-table",
        sync_to_thread=False,
        summary="The Hong Kong fan sheet (seed 002)",
        responses=problem_responses(body=False, rules=False),
    )
    def fan_table(
        self,
        fan_cap: Annotated[int, Parameter(ge=1, le=hongkong.MAX_FAN_CAP, description="封頂: the fan limit hands score.")] = 10,
        eight_immortals: Annotated[EightImmortals, Parameter(description="`eight_fan` (8 fan) or `limit` (a limit hand).")] = "eight_fan",
    ) -> Response[FanTable]:
        """Every row of the sheet: code, Chinese name as printed (Simplified)
        and in Traditional characters, English name, jyutping, fan, whether it
        is counted per tile or set. Limit rows show `fan_cap`."""
        return json_response(hongkong.fan_table(fan_cap, eight_immortals))

    @get(
        "/points-table",
        sync_to_thread=False,
        summary="Fan → points table under the given rules",
        responses=problem_responses(body=False, rules=False),
    )
    def points_table(
        self,
        table: Annotated[Table, Parameter(description="`half_spicy` or `full_spicy`.")] = "half_spicy",
        fan_cap: Annotated[int, Parameter(ge=1, le=hongkong.MAX_FAN_CAP, description="封頂.")] = 10,
        min_fan: Annotated[int, Parameter(ge=0, le=hongkong.MAX_FAN_CAP, description="起糊.")] = 3,
        discard_payment: Annotated[DiscardPayment, Parameter(description="`full_gun` or `half_gun`.")] = "full_gun",
        payment_scheme: Annotated[
            PaymentScheme, Parameter(description="`standard`, `per_share`, `classic_self_draw` or `equal_total`.")
        ] = "standard",
        point_value: Annotated[
            hongkong.PointValue, Parameter(description="Multiplier on table points, 0.0001–1000000.")
        ] = POINT_VALUE_DEFAULT,
    ) -> Response[PointsTable]:
        """Rows fan 0..13: `full_spicy` and `half_spicy` raw (uncapped, point
        value 1), `self_draw_each`, `discarder_pays` and `others_pay` under the
        given rules (seed 000's 香港規則：由番到點數)."""
        rules = rules_from_query(
            HongKongRules,
            table=table,
            fan_cap=fan_cap,
            min_fan=min_fan,
            discard_payment=discard_payment,
            payment_scheme=payment_scheme,
            point_value=point_value,
        )
        return json_response(hongkong.points_table(rules))


CONTROLLERS: list[type] = [HongKongController]
