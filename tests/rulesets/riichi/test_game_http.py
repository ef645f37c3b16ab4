"""POST /v1/riichi/game-results over HTTP. Arithmetic as in
test_game_engine.py."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.helpers import D
from tests.schema_check import validator_for

PATH = "/v1/riichi/game-results"
SEED = {"east": 45000, "south": 30000, "west": 15000, "north": 10000}


def results(body: dict[str, Any]) -> list[tuple[str, int, Decimal]]:
    return [(s["seat"], s["place"], D(s["result"])) for s in body["standings"]]


def test_seed_001_example(client) -> None:
    # points +15, 0, −15, −20; oka (30000 − 25000) × 4 = 20 to first; uma 10-20:
    # 15 + 20 + 20 = 55; 0 + 10 = 10; −15 − 10 = −25; −20 − 20 = −40.
    response = client.post(PATH, json={"scores": SEED, "start_points": 25000, "return_points": 30000, "uma": [10, 20]})
    assert response.status_code == 200
    body = response.json()
    validator_for("GameResults").validate(body)
    assert results(body) == [("east", 1, D(55)), ("south", 2, D(10)), ("west", 3, D(-25)), ("north", 4, D(-40))]
    assert [s["score"] for s in body["standings"]] == [45000, 30000, 15000, 10000]
    assert sum(D(s["result"]) for s in body["standings"]) == 0


def test_results_are_exact_decimals_in_json(client) -> None:
    # Three-way tie: 13.334 / 13.333 / 13.333 / −40 (see the engine test), sent as JSON numbers.
    response = client.post(PATH, json={"scores": {"east": 30000, "south": 30000, "west": 30000, "north": 10000}})
    assert b'"result":13.334' in response.content
    assert results(response.json())[1] == ("south", 1, D("13.333"))
    assert response.json()["warnings"][0]["code"] == "tie_share_remainder"


def test_three_players(client) -> None:
    # 40 / −5 / −35 (35k start, 40k return, uma [10, 20]: 3rd pays 1st 20).
    body = client.post(
        PATH, json={"scores": {"east": 45000, "south": 35000, "west": 25000}, "start_points": 35000, "return_points": 40000}
    ).json()
    assert results(body) == [("east", 1, D(40)), ("south", 2, D(-5)), ("west", 3, D(-35))]


def test_sticks_and_chips(client) -> None:
    # One stick left: east 44000 → 14 + 20 + 20 + 1 = 55, plus chips 2 × 2 = 59;
    # south 10 − 2 = 8; west −25; north −40 − 2 = −42. Sum 0.
    body = client.post(
        PATH,
        json={
            "scores": {"east": 44000, "south": 30000, "west": 15000, "north": 10000},
            "riichi_sticks": 1,
            "chips": {"counts": {"east": 2, "south": -1, "north": -1}, "value": 2},
        },
    ).json()
    validator_for("GameResults").validate(body)
    assert results(body) == [("east", 1, D(59)), ("south", 2, D(8)), ("west", 3, D(-25)), ("north", 4, D(-42))]


def test_ties_by_seat_order(client) -> None:
    # 35000/35000/20000/10000: east 5 + 20 + 20 = 45, south 5 + 10 = 15.
    body = client.post(PATH, json={"scores": {"east": 35000, "south": 35000, "west": 20000, "north": 10000}, "ties": "seat_order"}).json()
    assert results(body)[:2] == [("east", 1, D(45)), ("south", 2, D(15))]


@pytest.mark.parametrize(
    ("body", "status", "pointer", "says"),
    [
        ({"scores": {**SEED, "north": 12000}}, 422, "#/scores", "2000 points too many"),
        ({"scores": SEED, "riichi_sticks": 1}, 422, "#/scores", "1000 points too many"),
        ({"scores": {**SEED, "north": 9500}}, 422, "#/scores", "500 points too few"),
        ({"scores": SEED, "uma": [30, 10]}, 422, "#/uma", "30 is more than 10"),
        ({"scores": SEED, "chips": {"counts": {"east": 2}, "value": 1}}, 422, "#/chips/counts", "add up to 2"),
        ({"scores": SEED, "uma": [10, 20, 30]}, 400, "#/uma", ""),
        ({"scores": SEED, "uma": [10, 1001]}, 400, "#/uma/1", ""),
        ({"scores": {"east": 45000, "south": 30000}}, 400, "#/scores/west", ""),
        ({"scores": {**SEED, "centre": 0}}, 400, "#/scores/centre", ""),
        ({"scores": SEED, "ties": "coin_toss"}, 400, "#/ties", ""),
        ({"scores": SEED, "start_points": 2000000}, 400, "#/start_points", ""),
        ({"scores": SEED, "chips": {"counts": {}, "value": -1}}, 400, "#/chips/value", ""),
        ({"scores": SEED, "chips": {"counts": {}}}, 400, "#/chips/value", ""),
    ],
    ids=[
        "scores_too_many",
        "sticks_not_taken_out",
        "scores_too_few",
        "uma_order",
        "chips_not_zero_sum",
        "uma_three_values",
        "uma_out_of_range",
        "missing_seat",
        "unknown_seat",
        "unknown_tie_rule",
        "start_points_too_big",
        "negative_chip_value",
        "chip_value_missing",
    ],
)
def test_bad_input_is_problem_json_naming_the_field(client, body: dict[str, Any], status: int, pointer: str, says: str) -> None:
    response = client.post(PATH, json=body)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert [e["pointer"] for e in problem["errors"]] == [pointer]
    assert says in problem["detail"]
