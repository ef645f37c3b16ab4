"""Hong Kong settlement: every case of the payment table (docs/hongkong.md), over HTTP and on the engine.

Defaults: half spicy, cap 10, min 3, full gun, standard scheme, point value 1.
Seat order east, south, west, north; winner east, discarder south."""

from __future__ import annotations

from typing import Any

import pytest

from service.core.codec import convert
from service.rulesets.hongkong import settlement as hongkong
from tests.helpers import D, paid

DISCARD = {"type": "discard", "discarder": "south"}
SELF_DRAW = {"type": "self_draw"}


def body(fan: int, win: dict[str, Any], **extra: Any) -> dict[str, Any]:
    rules = extra.pop("rules", {})
    return {"winner": "east", "win": win, "fan": fan, "rules": rules, **extra}


# (case, request, winner_receives, payments by payer, tier, warning codes)
CASES = [
    # 3 fan half spicy = 8 points; full gun: the discarder pays it all.
    ("fan 3 discard", body(3, DISCARD), "8", {"south": "8", "west": "0", "north": "0"}, None, []),
    # half gun: discarder V/2 = 4, the others V/4 = 2 each.
    ("fan 3 half gun", body(3, DISCARD, rules={"discard_payment": "half_gun"}), "8", {"south": "4", "west": "2", "north": "2"}, None, []),
    # self-draw: each loser V/2 = 4, winner 12.
    ("fan 3 self-draw", body(3, SELF_DRAW), "12", {"south": "4", "west": "4", "north": "4"}, None, []),
    # classic self-draw: each loser the full V = 8.
    (
        "fan 3 classic",
        body(3, SELF_DRAW, rules={"payment_scheme": "classic_self_draw"}),
        "24",
        {"south": "8", "west": "8", "north": "8"},
        None,
        [],
    ),
    # 13 fan clamps to the cap 10 first: half spicy 10 fan = 128.
    ("fan 13 cap 10", body(13, DISCARD), "128", {"south": "128", "west": "0", "north": "0"}, "limit", ["fan_capped"]),
    # cap 13: half spicy 13 fan = 384.
    ("fan 13 cap 13", body(13, DISCARD, rules={"fan_cap": 13}), "384", {"south": "384", "west": "0", "north": "0"}, "limit", []),
    # 2 fan = 4 points, below the 3-fan minimum: still settled, with a warning.
    ("fan 2", body(2, DISCARD), "4", {"south": "4", "west": "0", "north": "0"}, None, ["below_minimum_fan"]),
    # full spicy 0 fan = 1 point; half gun 0.5 / 0.25 / 0.25 (二五雞 chicken hand).
    (
        "full spicy half gun fan 0",
        body(0, DISCARD, rules={"table": "full_spicy", "discard_payment": "half_gun", "min_fan": 0}),
        "1",
        {"south": "0.5", "west": "0.25", "north": "0.25"},
        None,
        [],
    ),
    # same at point value 4 (一二蚊): 2 / 1 / 1.
    (
        "一二蚊 fan 0",
        body(0, DISCARD, rules={"table": "full_spicy", "discard_payment": "half_gun", "min_fan": 0, "point_value": 4}),
        "4",
        {"south": "2", "west": "1", "north": "1"},
        None,
        [],
    ),
    # half spicy 5 fan = 24; half gun 12 / 6 / 6.
    ("half gun fan 5", body(5, DISCARD, rules={"discard_payment": "half_gun"}), "24", {"south": "12", "west": "6", "north": "6"}, None, []),
    # per share S = V/2 = 4; full gun 3S = 12.
    (
        "per share fan 3",
        body(3, DISCARD, rules={"payment_scheme": "per_share"}),
        "12",
        {"south": "12", "west": "0", "north": "0"},
        None,
        [],
    ),
    # per share half gun: 2S = 8, S = 4 each.
    (
        "per share half gun",
        body(3, DISCARD, rules={"payment_scheme": "per_share", "discard_payment": "half_gun"}),
        "16",
        {"south": "8", "west": "4", "north": "4"},
        None,
        [],
    ),
    # per share 10 fan self-draw: V = 128, S = 64 each, 192.
    (
        "per share fan 10 self-draw",
        body(10, SELF_DRAW, rules={"payment_scheme": "per_share"}),
        "192",
        {"south": "64", "west": "64", "north": "64"},
        "limit",
        [],
    ),
    # full spicy 13 fan at cap 13: V = 8192, S = 4096 each, 12288.
    (
        "per share full spicy 13",
        body(13, SELF_DRAW, rules={"payment_scheme": "per_share", "table": "full_spicy", "fan_cap": 13}),
        "12288",
        {"south": "4096", "west": "4096", "north": "4096"},
        "limit",
        [],
    ),
    # 5 fan = 24 points × 0.1 = 2.4 exactly.
    ("point value 0.1", body(5, DISCARD, rules={"point_value": 0.1}), "2.4", {"south": "2.4", "west": "0", "north": "0"}, None, []),
    # 8 fan = 64; self-draw V/2 = 32 × 3 = 96, all on the liable west.
    ("liable west", body(8, SELF_DRAW, liable="west"), "96", {"west": "96", "south": "0", "north": "0"}, None, []),
]


@pytest.mark.parametrize(("case", "request_body", "receives", "payments", "tier", "codes"), CASES, ids=[c[0] for c in CASES])
def test_case_over_http(client, case, request_body, receives, payments, tier, codes) -> None:
    response = client.post("/v1/hongkong/settlements", json=request_body)
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["ruleset"] == "hongkong"
    assert D(result["winner_receives"]) == D(receives)
    assert paid(result) == {seat: D(amount) for seat, amount in payments.items()}
    assert all(p["payee"] == "east" for p in result["payments"])
    assert result["tier"] == tier
    assert [w["code"] for w in result["warnings"]] == codes
    assert D(result["deltas"]["east"]) == D(receives)
    for seat, amount in payments.items():
        assert D(result["deltas"][seat]) == -D(amount)


@pytest.mark.parametrize(("case", "request_body", "receives", "payments", "tier", "codes"), CASES, ids=[c[0] for c in CASES])
def test_case_on_engine(case, request_body, receives, payments, tier, codes) -> None:
    result = hongkong.settle(convert(request_body, hongkong.HongKongRequest))
    assert result.winner_receives == D(receives)
    assert {p.payer: p.amount for p in result.payments} == {seat: D(amount) for seat, amount in payments.items()}


def test_point_value_product_is_exact_not_float(client) -> None:
    # 24 × 0.1 must be 2.4 in the JSON text itself, not 2.4000000000000004.
    response = client.post("/v1/hongkong/settlements", json=body(5, DISCARD, rules={"point_value": 0.1}))
    assert '"winner_receives":2.4,' in response.text


def test_roles_and_zero_lines_are_listed(client) -> None:
    result = client.post("/v1/hongkong/settlements", json=body(3, DISCARD)).json()
    roles = {p["payer"]: p["role"] for p in result["payments"]}
    assert roles == {"south": "discarder", "west": "other", "north": "other"}
    liable = client.post("/v1/hongkong/settlements", json=body(8, SELF_DRAW, liable="west")).json()
    assert {p["payer"]: p["role"] for p in liable["payments"]} == {"south": "self_draw", "west": "liable", "north": "self_draw"}


def test_liable_on_a_discard_takes_the_discarders_share_too(client) -> None:
    # half gun 5 fan: 12 + 6 + 6 = 24, all of it on the liable north.
    result = client.post("/v1/hongkong/settlements", json=body(5, DISCARD, liable="north", rules={"discard_payment": "half_gun"})).json()
    assert paid(result) == {"south": D(0), "west": D(0), "north": D(24)}


def test_limit_hand_pays_the_cap(client) -> None:
    # a declared limit hand at cap 8: half spicy 8 fan = 64, whatever fan says.
    result = client.post("/v1/hongkong/settlements", json=body(0, DISCARD, limit_hand=True, rules={"fan_cap": 8})).json()
    assert D(result["winner_receives"]) == D(64)
    assert result["tier"] == "limit"
    assert result["fan_paid"] == 8
    assert [w["code"] for w in result["warnings"]] == ["limit_hand_declared"]


def test_resolved_rules_are_echoed(client) -> None:
    result = client.post("/v1/hongkong/settlements", json=body(3, DISCARD)).json()
    assert result["rules"] == {
        "table": "half_spicy",
        "fan_cap": 10,
        "min_fan": 3,
        "discard_payment": "full_gun",
        "payment_scheme": "standard",
        "point_value": 1,
        "round_flower": False,
        "unvalued_fan": 0,
        "dealer_multiplier": 1,
    }
    assert D(result["pre_payout_total"]) == D(8)


def test_other_winner_seat(client) -> None:
    # north wins 4 fan (16 points) on west's discard, half gun: west 8, east 4, south 4.
    result = client.post(
        "/v1/hongkong/settlements",
        json={"winner": "north", "win": {"type": "discard", "discarder": "west"}, "fan": 4, "rules": {"discard_payment": "half_gun"}},
    ).json()
    assert paid(result) == {"east": D(4), "south": D(4), "west": D(8)}
    assert all(p["payee"] == "north" for p in result["payments"])


def test_points_table_row_11_with_defaults(client) -> None:
    rows = client.get("/v1/hongkong/points-table").json()["rows"]
    assert len(rows) == 14
    row = rows[11]
    assert row == {"fan": 11, "full_spicy": 2048, "half_spicy": 192, "self_draw_each": 64, "discarder_pays": 128, "others_pay": 0}


def test_points_table_follows_query_rules(client) -> None:
    # full spicy, cap 13, half gun, point value 0.5: 13 fan = 8192 × 0.5 = 4096;
    # discarder 2048, others 1024, self-draw 2048.
    rows = client.get(
        "/v1/hongkong/points-table",
        params={"table": "full_spicy", "fan_cap": 13, "discard_payment": "half_gun", "point_value": "0.5"},
    ).json()["rows"]
    assert rows[13]["discarder_pays"] == 2048
    assert rows[13]["others_pay"] == 1024
    assert rows[13]["self_draw_each"] == 2048
    assert rows[13]["full_spicy"] == 8192 and rows[13]["half_spicy"] == 384
