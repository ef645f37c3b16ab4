"""POST /v1/mcr/settlements over HTTP: the payment table (docs/mcr-nmjl.md), the reference calculator's examples,
exact decimals on the wire, and bad input as problem+json naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import D, paid

URL = "/v1/mcr/settlements"
DISCARD = {"type": "discard", "discarder": "south"}
SELF_DRAW = {"type": "self_draw"}


def post(client: Any, body: dict[str, Any]) -> Any:
    return client.post(URL, json=body)


def ok(client: Any, body: dict[str, Any]) -> dict[str, Any]:
    response = post(client, body)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    return response.json()


# Issue 5's table, every row (winner east, discarder south):
# (fan, flowers, win, winner_receives, south, west, north, warning codes)
ISSUE_TABLE = [
    (8, 0, DISCARD, "32", "16", "8", "8", []),  # 16 + 8 + 8
    (8, 0, SELF_DRAW, "48", "16", "16", "16", []),  # 16 × 3
    (24, 2, DISCARD, "50", "34", "8", "8", []),  # 24 + 2 + 8 = 34; + 8 + 8
    (6, 0, DISCARD, "30", "14", "8", "8", ["below_minimum_fan"]),  # 6 + 8 = 14; + 8 + 8
    (6, 2, DISCARD, "32", "16", "8", "8", ["below_minimum_fan", "flowers_not_counted_toward_minimum"]),
]


@pytest.mark.parametrize("fan, flowers, win, receives, south, west, north, warnings", ISSUE_TABLE)
def test_issue_table(client, fan, flowers, win, receives, south, west, north, warnings) -> None:
    body = ok(client, {"winner": "east", "win": win, "fan": fan, "flowers": flowers})
    assert D(body["winner_receives"]) == D(receives)
    assert paid(body) == {"south": D(south), "west": D(west), "north": D(north)}
    assert [w["code"] for w in body["warnings"]] == warnings
    assert all(w["message"] for w in body["warnings"])
    assert body["ruleset"] == "mcr"
    assert body["tier"] is None
    assert {p["payee"] for p in body["payments"]} == {"east"}


# The reference calculator: the 國標 rows of "同一個「三」" (32: 16 / 8 / 8 and 48: 16 / 16 / 16),
# 二十四分帶兩隻花牌 (50: 34 / 8 / 8) and the six-point hand (30: 14 / 8 / 8).
# (fan, flowers, win, winner_receives, discarder or each, others, 牌型分＋花牌＋8)
SEED_000 = [
    (8, 0, DISCARD, "32", "16", "8", "16"),
    (8, 0, SELF_DRAW, "48", "16", "16", "16"),
    (24, 2, DISCARD, "50", "34", "8", "34"),
    (6, 0, DISCARD, "30", "14", "8", "14"),
]


@pytest.mark.parametrize("fan, flowers, win, receives, first, others, total", SEED_000)
def test_seed_000_examples(client, fan, flowers, win, receives, first, others, total) -> None:
    body = ok(client, {"winner": "east", "win": win, "fan": fan, "flowers": flowers})
    assert D(body["winner_receives"]) == D(receives)
    assert D(body["pre_payout_total"]) == D(total)
    assert paid(body) == {"south": D(first), "west": D(others), "north": D(others)}


def test_seed_000_faq_flowers_do_not_count(client) -> None:
    # FAQ 國標麻將點畀錢？: 六分帶兩隻花牌一樣唔夠 — but the flowers are paid
    body = ok(client, {"winner": "north", "win": {"type": "discard", "discarder": "west"}, "fan": 6, "flowers": 2})
    assert [w["code"] for w in body["warnings"]] == ["below_minimum_fan", "flowers_not_counted_toward_minimum"]
    assert paid(body) == {"east": D(8), "south": D(8), "west": D(16)}
    assert body["deltas"] == {"east": -8, "south": -8, "west": -16, "north": 32}


def test_defaults_are_echoed(client) -> None:
    body = ok(client, {"winner": "east", "win": SELF_DRAW, "fan": 8})
    assert body["rules"] == {"base": 8, "min_fan": 8, "point_value": 1, "mixed_kong_fan": True}
    assert body["hand_points"] == 8


def test_point_value_is_an_exact_json_number(client) -> None:
    # (8 + 8) × 0.1 = 1.6, 8 × 0.1 = 0.8; 1.6 + 0.8 + 0.8 = 3.2
    response = post(client, {"winner": "east", "win": DISCARD, "fan": 8, "rules": {"point_value": 0.1}})
    assert response.status_code == 200
    assert '"winner_receives":3.2,' in response.text
    assert '"amount":1.6,' in response.text and '"amount":0.8,' in response.text
    body = response.json()
    assert body["rules"]["point_value"] == 0.1
    assert D(body["pre_payout_total"]) == D("1.6")


def test_custom_base_and_minimum(client) -> None:
    # base 10, self-draw: (12 + 3 + 10) = 25 from each of three = 75; 12 ≥ 12
    body = ok(client, {"winner": "south", "win": SELF_DRAW, "fan": 12, "flowers": 3, "rules": {"base": 10, "min_fan": 12}})
    assert paid(body) == {"west": D(25), "north": D(25), "east": D(25)}
    assert D(body["winner_receives"]) == D(75)
    assert body["warnings"] == []


# --- Bad input: 4xx problem+json naming the field ----------------------------


def problem(client: Any, body: Any, status: int) -> list[str]:
    response = post(client, body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    data = response.json()
    assert data["status"] == status
    return [e["pointer"] for e in data["errors"]]


@pytest.mark.parametrize("flowers", [9, 20, 144])
def test_more_than_eight_flowers_is_422(client, flowers) -> None:
    # CONTRACT.md: more flowers than exist is well-formed but impossible → 422
    assert problem(client, {"winner": "east", "win": DISCARD, "fan": 8, "flowers": flowers}, 422) == ["#/flowers"]


def test_discarder_equal_to_winner_is_422(client) -> None:
    body = {"winner": "south", "win": DISCARD, "fan": 8}
    assert problem(client, body, 422) == ["#/win/discarder"]


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"winner": "east", "win": DISCARD, "fan": -1}, "#/fan"),
        ({"winner": "east", "win": DISCARD, "fan": 1001}, "#/fan"),
        ({"winner": "east", "win": DISCARD, "fan": "8"}, "#/fan"),
        ({"winner": "east", "win": DISCARD, "fan": 8.5}, "#/fan"),
        ({"winner": "east", "win": DISCARD}, "#/fan"),
        ({"winner": "east", "win": DISCARD, "fan": 8, "flowers": -1}, "#/flowers"),
        ({"winner": "east", "win": DISCARD, "fan": 8, "flowers": 145}, "#/flowers"),
        ({"winner": "centre", "win": DISCARD, "fan": 8}, "#/winner"),
        ({"winner": "east", "win": {"type": "discard"}, "fan": 8}, "#/win/discarder"),
        ({"winner": "east", "win": DISCARD, "fan": 8, "rules": {"base": -1}}, "#/rules/base"),
        ({"winner": "east", "win": DISCARD, "fan": 8, "rules": {"min_fan": 1001}}, "#/rules/min_fan"),
        ({"winner": "east", "win": DISCARD, "fan": 8, "rules": {"point_value": 0}}, "#/rules/point_value"),
        ({"winner": "east", "win": DISCARD, "fan": 8, "seasons": 2}, "#/seasons"),
    ],
)
def test_schema_invalid_is_400(client, body, pointer) -> None:
    assert problem(client, body, 400) == [pointer]


def test_fan_of_ten_point_zero_is_an_integer(client) -> None:
    # JSON Schema counts 10.0 as an integer; the service accepts it as 10
    body = ok(client, {"winner": "east", "win": DISCARD, "fan": 10.0})
    assert D(body["winner_receives"]) == D(34)  # 10 + 8 = 18; + 8 + 8
