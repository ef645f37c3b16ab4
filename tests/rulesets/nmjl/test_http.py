"""POST /v1/nmjl/settlements over HTTP: the payment table and bettor example (docs/mcr-nmjl.md),
the reference calculator's examples, three-player tables, exact decimals on the wire, and bad
input as problem+json naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import D

URL = "/v1/nmjl/settlements"
DISCARD = {"type": "discard", "discarder": "south"}
SELF_DRAW = {"type": "self_draw"}


def ok(client: Any, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    return response.json()


def lines(body: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """(payer, payee) → exact amount; each pair appears once."""
    out = {(p["payer"], p["payee"]): D(p["amount"]) for p in body["payments"]}
    assert len(out) == len(body["payments"])
    return out


def deltas(body: dict[str, Any]) -> dict[str, Any]:
    return {k: D(v) for k, v in body["deltas"].items()}


# Issue 5's table, every row (winner east, discarder south):
# (value, jokerless, singles_and_pairs, win, winner_receives, south, west, north, warnings)
ISSUE_TABLE = [
    (25, False, False, DISCARD, "100", "50", "25", "25", []),  # 2 × 25 + 25 + 25
    (25, True, False, DISCARD, "200", "100", "50", "50", []),  # 25 × 2 = 50 first
    (25, False, False, SELF_DRAW, "150", "50", "50", "50", []),  # 2 × 25 from each
    (25, True, False, SELF_DRAW, "300", "100", "100", "100", []),  # 2 × 50 from each
    (25, True, True, SELF_DRAW, "150", "50", "50", "50", []),  # Singles and Pairs: no doubling
    (20, False, False, DISCARD, "80", "40", "20", "20", ["below_minimum_value"]),  # 2 × 20 + 20 + 20
]


@pytest.mark.parametrize("value, jokerless, sp, win, receives, south, west, north, warnings", ISSUE_TABLE)
def test_issue_table(client, value, jokerless, sp, win, receives, south, west, north, warnings) -> None:
    body = ok(
        client,
        {"winner": "east", "win": win, "value": value, "jokerless": jokerless, "singles_and_pairs": sp},
    )
    assert D(body["winner_receives"]) == D(receives)
    assert lines(body) == {("south", "east"): D(south), ("west", "east"): D(west), ("north", "east"): D(north)}
    assert [w["code"] for w in body["warnings"]] == warnings
    assert body["ruleset"] == "nmjl"
    assert body["tier"] is None


# The reference calculator: 美式（NMJL）25 點出銃 100: 50 / 25 / 25 and 美式（NMJL・無百搭）25 點自摸
# 300: 100 / 100 / 100; pre_payout_total is 計完倍數的牌值 (25, then 50 jokerless).
@pytest.mark.parametrize(
    "jokerless, win, receives, south, others, total",
    [(False, DISCARD, "100", "50", "25", "25"), (True, SELF_DRAW, "300", "100", "100", "50")],
)
def test_seed_000_examples(client, jokerless, win, receives, south, others, total) -> None:
    body = ok(client, {"winner": "east", "win": win, "value": 25, "jokerless": jokerless})
    assert D(body["winner_receives"]) == D(receives)
    assert D(body["pre_payout_total"]) == D(total)
    assert lines(body) == {("south", "east"): D(south), ("west", "east"): D(others), ("north", "east"): D(others)}


def test_seed_000_no_concealed_doubling(client) -> None:
    # The reference calculator: NMJL 冇「門前加倍」 — there is no such option, and unknown
    # fields are rejected rather than silently ignored.
    response = client.post(URL, json={"winner": "east", "win": DISCARD, "value": 25, "concealed": True})
    assert response.status_code == 400
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/concealed"]


def test_defaults_are_echoed(client) -> None:
    body = ok(client, {"winner": "east", "win": SELF_DRAW, "value": 25})
    assert body["rules"] == {"point_value": 1, "min_value": 25}
    assert body["players"] == 4
    assert body["jokerless_doubled"] is False


def test_issue_bettor_example(client) -> None:
    # Issue 5: 25, discard by south, winner east; b1 on east receives 50 from
    # south and 25 from each of west and north; b2 on south pays east 50.
    body = ok(
        client,
        {
            "winner": "east",
            "win": DISCARD,
            "value": 25,
            "bettors": [{"id": "b1", "bet_on": "east"}, {"id": "b2", "bet_on": "south"}],
        },
    )
    assert lines(body) == {
        ("south", "east"): D(50),
        ("west", "east"): D(25),
        ("north", "east"): D(25),
        ("south", "b1"): D(50),
        ("west", "b1"): D(25),
        ("north", "b1"): D(25),
        ("b2", "east"): D(50),
    }
    assert [p["role"] for p in body["payments"] if "b1" in (p["payer"], p["payee"]) or p["payer"] == "b2"] == ["bettor"] * 4
    # east 100 + 50 from b2 = 150; south 50 + 50 = 100; west, north 25 + 25
    assert deltas(body) == {"east": 150, "south": -100, "west": -50, "north": -50, "b1": 100, "b2": -50}
    assert D(body["winner_receives"]) == D(150)


def test_three_player_table(client) -> None:
    # two payers; north absent: discarder 2 × 30 = 60, the other 30: 90
    body = ok(client, {"winner": "west", "win": {"type": "discard", "discarder": "east"}, "value": 30, "players": 3})
    assert lines(body) == {("east", "west"): D(60), ("south", "west"): D(30)}
    assert deltas(body) == {"east": -60, "south": -30, "west": 90}
    assert body["players"] == 3


def test_point_value_is_an_exact_json_number(client) -> None:
    # one point is one cent: 30 × 0.01 = 0.3; discarder 0.6, the other 0.3: 0.9
    response = client.post(
        URL,
        json={
            "winner": "west",
            "win": {"type": "discard", "discarder": "east"},
            "value": 30,
            "players": 3,
            "rules": {"point_value": 0.01},
        },
    )
    assert response.status_code == 200
    assert '"winner_receives":0.9,' in response.text
    assert '"amount":0.6,' in response.text and '"amount":0.3,' in response.text
    assert '"pre_payout_total":0.3,' in response.text


# --- Bad input: 4xx problem+json naming the field ----------------------------


def problem(client: Any, body: Any, status: int) -> list[str]:
    response = client.post(URL, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["status"] == status
    return [e["pointer"] for e in response.json()["errors"]]


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"winner": "south", "win": DISCARD, "value": 25}, "#/win/discarder"),
        (
            {"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": "b", "bet_on": "east"}, {"id": "b", "bet_on": "west"}]},
            "#/bettors/1/id",
        ),
        ({"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": "south", "bet_on": "east"}]}, "#/bettors/0/id"),
        ({"winner": "north", "win": SELF_DRAW, "value": 25, "players": 3}, "#/winner"),
        ({"winner": "east", "win": {"type": "discard", "discarder": "north"}, "value": 25, "players": 3}, "#/win/discarder"),
        ({"winner": "east", "win": SELF_DRAW, "value": 25, "players": 3, "dealer": "north"}, "#/dealer"),
        (
            {"winner": "east", "win": SELF_DRAW, "value": 25, "players": 3, "bettors": [{"id": "b", "bet_on": "north"}]},
            "#/bettors/0/bet_on",
        ),
    ],
)
def test_impossible_input_is_422(client, body, pointer) -> None:
    assert problem(client, body, 422) == [pointer]


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"winner": "east", "win": DISCARD, "value": -1}, "#/value"),
        ({"winner": "east", "win": DISCARD, "value": 1001}, "#/value"),
        ({"winner": "east", "win": DISCARD}, "#/value"),
        ({"winner": "east", "win": DISCARD, "value": 25, "jokerless": "yes"}, "#/jokerless"),
        ({"winner": "east", "win": DISCARD, "value": 25, "players": 5}, "#/players"),
        ({"winner": "east", "win": DISCARD, "value": 25, "players": 2}, "#/players"),
        ({"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": "", "bet_on": "east"}]}, "#/bettors/0/id"),
        ({"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": "a b", "bet_on": "east"}]}, "#/bettors/0/id"),
        ({"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": "x" * 33, "bet_on": "east"}]}, "#/bettors/0/id"),
        ({"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": "b", "bet_on": "centre"}]}, "#/bettors/0/bet_on"),
        ({"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": "b"}]}, "#/bettors/0/bet_on"),
        (
            {"winner": "east", "win": DISCARD, "value": 25, "bettors": [{"id": f"b{i}", "bet_on": "east"} for i in range(9)]},
            "#/bettors",
        ),
        ({"winner": "east", "win": DISCARD, "value": 25, "rules": {"min_value": -1}}, "#/rules/min_value"),
        ({"winner": "east", "win": DISCARD, "value": 25, "rules": {"point_value": -0.01}}, "#/rules/point_value"),
    ],
)
def test_schema_invalid_is_400(client, body, pointer) -> None:
    assert problem(client, body, 400) == [pointer]


def test_point_value_with_too_many_digits_is_400(client) -> None:
    # 21 significant digits, sent as raw JSON so no float rounding happens first
    raw = b'{"winner": "east", "win": {"type": "self_draw"}, "value": 25, "rules": {"point_value": 0.123456789012345678901}}'
    response = client.post(URL, content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/rules/point_value"]


def test_point_value_keeps_every_digit_sent(client) -> None:
    # 999999.999999 (13 digits, the most 6 decimal places allow) × 25 = 24999999.999975 exactly
    raw = b'{"winner": "east", "win": {"type": "discard", "discarder": "south"}, "value": 25, "rules": {"point_value": 999999.999999}}'
    response = client.post(URL, content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 200
    assert '"pre_payout_total":24999999.999975,' in response.text
    # 4 × 24999999.999975 = 99999999.9999
    assert '"winner_receives":99999999.9999,' in response.text


def test_point_value_with_more_than_6_places_is_400(client) -> None:
    # 19 decimal places: taken before amounts were limited to 6 (docs/api.md)
    raw = b'{"winner": "east", "win": {"type": "discard", "discarder": "south"}, "value": 25, "rules": {"point_value": 0.1234567890123456789}}'
    response = client.post(URL, content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["too_many_decimal_places"]


# The reference calculator (百搭): 完全冇用過百搭嘅牌，牌值乘二 … Singles and Pairs 同五枚使唔適用.
@pytest.mark.parametrize(
    ("section", "jokerless", "receives"),
    [
        ("standard", True, "300"),  # 25 × 2 = 50, self-draw 2 × 50 from each
        ("standard", False, "150"),  # 2 × 25 from each
        ("singles_and_pairs", True, "150"),  # no doubling: 2 × 25 from each
        ("quints", True, "150"),  # 五枚使: no doubling either
    ],
)
def test_section_applies_the_jokerless_rule(client, section, jokerless, receives) -> None:
    body = ok(client, {"winner": "east", "win": SELF_DRAW, "value": 25, "jokerless": jokerless, "section": section})
    assert D(body["winner_receives"]) == D(receives)
    assert body["jokerless_doubled"] is (section == "standard" and jokerless)


def test_singles_and_pairs_flag_and_a_quints_section_disagree(client) -> None:
    body = {"winner": "east", "win": SELF_DRAW, "value": 25, "singles_and_pairs": True, "section": "quints"}
    response = client.post("/v1/nmjl/settlements", json=body)
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/section"
