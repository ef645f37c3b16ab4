"""Hong Kong endpoints: decode, call the engine, encode."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from litestar import Controller, Response, get, post
from litestar.openapi.spec import Example
from litestar.params import Body, Parameter

from service.api.codec import StrictBody, json_response
from service.api.problems import problem_responses
from service.api.responses import rules_from_query, settlement_response
from service.engine import hongkong
from service.engine.hongkong import (
    DiscardPayment,
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
        `discard_payment`. `liable` (包) moves the whole amount onto one seat."""
        return settlement_response(hongkong.settle(data))

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
        payment_scheme: Annotated[PaymentScheme, Parameter(description="`standard`, `per_share` or `classic_self_draw`.")] = "standard",
        point_value: Annotated[hongkong.PointValue, Parameter(description="Multiplier on table points, 0.0001–1000000.")] = Decimal(1),  # type: ignore[valid-type]
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
