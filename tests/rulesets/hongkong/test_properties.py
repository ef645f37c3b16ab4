"""Invariants of Hong Kong settlement for any valid request (hypothesis)."""

from __future__ import annotations

import json
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rulesets.hongkong.rules import FULL_SPICY_POINTS, HALF_SPICY_POINTS
from tests.schema_check import validator_for

SEATS = ["east", "south", "west", "north"]


@st.composite
def requests(draw):
    winner = draw(st.sampled_from(SEATS))
    if draw(st.booleans()):
        win = {"type": "self_draw"}
    else:
        win = {"type": "discard", "discarder": draw(st.sampled_from([s for s in SEATS if s != winner]))}
    body = {
        "winner": winner,
        "win": win,
        "fan": draw(st.integers(0, 1000)),
        "limit_hand": draw(st.booleans()),
        "rules": {
            "table": draw(st.sampled_from(["half_spicy", "full_spicy"])),
            "fan_cap": draw(st.integers(1, 13)),
            "min_fan": draw(st.integers(0, 13)),
            "discard_payment": draw(st.sampled_from(["full_gun", "half_gun"])),
            "payment_scheme": draw(st.sampled_from(["standard", "per_share", "classic_self_draw", "equal_total"])),
            "point_value": draw(st.decimals(min_value=Decimal("0.0001"), max_value=Decimal(1_000_000), places=4, allow_nan=False)),
        },
    }
    if draw(st.booleans()):
        body["liable"] = draw(st.sampled_from([s for s in SEATS if s != winner]))
    return body


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=requests())
def test_invariants(client, body) -> None:
    payload = json.dumps({**body, "rules": {**body["rules"], "point_value": float(body["rules"]["point_value"])}})
    # send point_value as the exact decimal text, not a float repr
    payload = payload.replace(json.dumps(float(body["rules"]["point_value"])), str(body["rules"]["point_value"]), 1)
    response = client.post("/v1/hongkong/settlements", content=payload, headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text
    result = json.loads(response.text, parse_float=Decimal, parse_int=Decimal)
    validator_for("HongKongSettlement").validate(json.loads(response.text))

    winner = body["winner"]
    amounts = [p["amount"] for p in result["payments"]]
    assert len(result["payments"]) == 3
    assert {p["payer"] for p in result["payments"]} == set(SEATS) - {winner}
    assert all(p["payee"] == winner for p in result["payments"])
    assert all(a >= 0 for a in amounts)
    # payments sum to what the winner receives; deltas are zero-sum
    assert sum(amounts) == result["winner_receives"]
    assert sum(result["deltas"].values()) == 0
    assert result["deltas"][winner] == result["winner_receives"]

    # every amount is an exact multiple of a quarter of the table points × point value
    rules = body["rules"]
    fan = rules["fan_cap"] if body["limit_hand"] else min(body["fan"], rules["fan_cap"])
    points = (HALF_SPICY_POINTS if rules["table"] == "half_spicy" else FULL_SPICY_POINTS)[fan]
    value = points * rules["point_value"]
    assert result["pre_payout_total"] == value
    for amount in amounts:
        assert (amount * 4 / value) in {Decimal(k) for k in (0, 1, 2, 4, 6, 8, 12)} if value else amount == 0
    # full gun or liable: at most one seat pays
    if body.get("liable") or (body["win"]["type"] == "discard" and rules["discard_payment"] == "full_gun"):
        assert sum(1 for a in amounts if a > 0) == 1
