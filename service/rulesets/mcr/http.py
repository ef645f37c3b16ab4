"""MCR (國標麻將) endpoints: decode, call the engine, encode."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, post
from litestar.openapi.spec import Example
from litestar.params import Body

from service.api.asgi import documentation_stub
from service.api.codec import StrictBody
from service.api.problems import problem_responses
from service.rulesets.mcr.settlement import McrRequest, McrSettlement

EXAMPLES = [
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
        summary="Money table: one point is worth 0.5",
        value={"winner": "west", "win": {"type": "self_draw"}, "fan": 12, "flowers": 1, "rules": {"point_value": 0.5}},
    ),
]


class McrController(Controller):
    path = "/v1/mcr"
    tags = ["MCR"]

    @post(
        "/settlements",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="Settle an MCR (Chinese Official) hand",
        responses=problem_responses(),
    )
    def settle(self, data: Annotated[McrRequest, Body(examples=EXAMPLES)]) -> Response[McrSettlement]:
        """Discard: the discarder pays fan + flowers + base, the other two
        base each; self-draw: all three pay fan + flowers + base; every
        amount × `point_value`. Flowers are paid but never count toward
        `min_fan` (warnings `below_minimum_fan`,
        `flowers_not_counted_toward_minimum`). More than 8 flowers is 422."""
        documentation_stub()  # answered by the ASGI entry (service.api.asgi)


CONTROLLERS: list[type] = [McrController]
