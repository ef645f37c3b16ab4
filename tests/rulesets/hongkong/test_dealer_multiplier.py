"""`rules.dealer_multiplier`: the reference calculator's 「二係香港莊家 ×1.5」 (seed 000,
呢版唔做嘅嘢: some Hong Kong tables pay the dealer's part at 1.5 times; 呢版將莊家嘅牌當同
其他人一樣，所以莊家嗰部分要自己埋單). Every payment between the dealer and another player is
multiplied — all a winning dealer receives, the dealer's own payment when another player wins —
and payments between the other players are not. Worked by hand from the half-spicy ladder
(3 fan 8, 4 fan 16) and the standard split (self-draw V/2 each, full gun V, half gun V/2 + V/4 + V/4)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import TSUMO, ron

HALF = {"dealer_multiplier": 1.5}


def settle(client: Any, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/v1/hongkong/settlements", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_default_is_one_and_echoed(client) -> None:
    result = settle(client, {"winner": "south", "win": TSUMO, "fan": 3})
    # 3 fan = 8, self-draw 4 each, the dealer east too
    assert result["deltas"] == {"east": -4, "south": 12, "west": -4, "north": -4}
    assert result["rules"]["dealer_multiplier"] == 1


def test_dealer_wins_self_drawn(client) -> None:
    # east deals and wins: 4 × 1.5 = 6 from each, 18 in all; the table points 8 × 1.5 = 12
    result = settle(client, {"winner": "east", "win": TSUMO, "fan": 3, "rules": HALF})
    assert result["deltas"] == {"east": 18, "south": -6, "west": -6, "north": -6}
    assert result["pre_payout_total"] == 12


def test_dealer_wins_on_a_discard(client) -> None:
    # full gun: the discarder pays V = 8, × 1.5 = 12
    result = settle(client, {"winner": "east", "win": ron("north"), "fan": 3, "rules": HALF})
    assert result["deltas"] == {"east": 12, "south": 0, "west": 0, "north": -12}


def test_dealer_pays_on_a_self_draw(client) -> None:
    # south wins, the dealer east pays 4 × 1.5 = 6, west and north 4 each: south +14
    result = settle(client, {"winner": "south", "win": TSUMO, "fan": 3, "rules": HALF})
    assert result["deltas"] == {"east": -6, "south": 14, "west": -4, "north": -4}
    assert result["pre_payout_total"] == 8


def test_dealer_discards_half_gun(client) -> None:
    # half gun, east discards: east V/2 = 4 × 1.5 = 6, west and north V/4 = 2 each: 10
    rules = {**HALF, "discard_payment": "half_gun"}
    result = settle(client, {"winner": "south", "win": ron("east"), "fan": 3, "rules": rules})
    assert result["deltas"] == {"east": -6, "south": 10, "west": -2, "north": -2}


def test_payments_between_the_others_are_unchanged(client) -> None:
    # south wins on west's discard, full gun: the dealer pays nothing, west pays V = 8 as without the rule
    result = settle(client, {"winner": "south", "win": ron("west"), "fan": 3, "rules": HALF})
    assert result["deltas"] == {"east": 0, "south": 8, "west": -8, "north": 0}


def test_exact_decimals(client) -> None:
    # 1 fan = 2, self-draw 1 each; × 1.25 = 1.25 from the dealer; with point value 0.1: 0.125
    rules = {"dealer_multiplier": 1.25, "point_value": 0.1}
    result = settle(client, {"winner": "south", "win": TSUMO, "fan": 1, "rules": rules})
    assert {line["payer"]: line["amount"] for line in result["payments"]} == {"east": 0.125, "west": 0.1, "north": 0.1}
    assert result["rules"]["dealer_multiplier"] == 1.25


def test_from_patterns(client) -> None:
    # 自摸 1 + 門前清 1 + 無花 1 = 3 fan, V = 8; east deals and wins: 6 from each
    patterns = [{"code": "self_draw"}, {"code": "concealed"}, {"code": "no_flowers"}]
    result = settle(client, {"winner": "east", "win": TSUMO, "patterns": patterns, "rules": HALF})
    assert result["deltas"] == {"east": 18, "south": -6, "west": -6, "north": -6}


@pytest.mark.parametrize(
    ("winner", "deltas"),
    [
        # 自摸 + 門前清 + 無花 + 紅中 = 4 fan, V = 16, 8 each
        ("east", {"east": 36, "south": -12, "west": -12, "north": -12}),  # 8 × 1.5 = 12 from each
        ("south", {"east": -12, "south": 28, "west": -8, "north": -8}),  # the dealer's 8 × 1.5 = 12
    ],
)
def test_from_tiles(client, winner: str, deltas: dict[str, int]) -> None:
    body = {"winner": winner, "win": TSUMO, "tiles": {"concealed": "123m456p234s55m777z", "win_tile": "5m"}, "rules": HALF}
    result = settle(client, body)
    assert result["fan_paid"] == 4
    assert result["deltas"] == deltas


def test_liable_seat_pays_what_the_others_would(client) -> None:
    # 包: south wins self-drawn, north liable pays east's 6 + west's 4 + its own 4 = 14
    result = settle(client, {"winner": "south", "win": TSUMO, "fan": 3, "rules": HALF, "liable": "north"})
    assert result["deltas"] == {"east": 0, "south": 14, "west": 0, "north": -14}


@pytest.mark.parametrize("bad", [0.5, 11, 0])
def test_out_of_range_is_refused_naming_the_field(client, bad: float) -> None:
    response = client.post(
        "/v1/hongkong/settlements", json={"winner": "south", "win": TSUMO, "fan": 3, "rules": {"dealer_multiplier": bad}}
    )
    assert response.status_code in (400, 422)
    assert "dealer_multiplier" in response.text
