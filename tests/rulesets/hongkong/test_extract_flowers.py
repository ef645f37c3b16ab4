"""Hong Kong flower rules from the Wikibooks extract (花牌類): 七搶一 and the
flower of the round's number (`rules.round_flower`).

七搶一: 攞7隻花牌，之後如果其中一家攞到第8隻花嘅話可以搶花牌食糊。台灣牌同廣東牌計八番，
香港牌當例牌食糊。出第8隻花嘅玩家包晒。例子：…A可以搶咗佢隻花兼且可以食糊，算B出銃。
正花 例子1: 如果呢局係東風南，而玩家攞到1號或者2號花嘅話計兩番。例子2: 如果玩家坐南位而攞到2號花嘅話計一番。

Amounts by hand from the reference calculator's ladder (half spicy, cap 10:
128 points, point value 1).
"""

from __future__ import annotations

from typing import Any

import pytest

from service.core.errors import RuleViolation
from tests.helpers import TSUMO, D, paid, ron
from tests.rulesets.hongkong.test_tiles import A, fan_of, hand

EIGHT = ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]


def settle(client, **body: Any) -> dict[str, Any]:
    request = {"winner": "south", "win": ron("west"), **body}
    response = client.post("/v1/hongkong/settlements", json=request)
    assert response.status_code == 200, response.text
    return response.json()


# --- 七搶一 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("discard_payment", ["full_gun", "half_gun"])
def test_seven_robs_one_is_a_limit_hand_paid_by_the_robbed(client, discard_payment: str) -> None:
    # 香港牌當例牌食糊 (the cap, 10 fan: 128), 出第8隻花嘅玩家包晒 — west pays all 128 even under half gun
    body = settle(client, patterns=[{"code": "seven_robs_one"}], rules={"discard_payment": discard_payment})
    assert body["tier"] == "limit" and body["fan_paid"] == 10
    assert paid(body) == {"west": D(128), "north": D(0), "east": D(0)}
    assert {line["payer"]: line["role"] for line in body["payments"]}["west"] == "liable"


def test_seven_robs_one_from_tiles(client) -> None:
    # seven flowers held, west's eighth robbed: 算B出銃 — a discard by west; the tiles need not be a hand
    body = settle(client, tiles={"concealed": "123m456p789s234s5m9p", "win_tile": "9p", "flowers": EIGHT})
    assert body["evaluation"]["limit_hand"] is True
    assert body["evaluation"]["items"][0]["code"] == "seven_robs_one"
    assert paid(body)["west"] == D(128)


def test_seven_robs_one_is_not_a_self_draw(client) -> None:
    response = client.post("/v1/hongkong/settlements", json={"winner": "south", "win": TSUMO, "patterns": [{"code": "seven_robs_one"}]})
    assert response.status_code == 422


def test_seven_robs_one_liable_is_the_discarder(client) -> None:
    body = {"winner": "south", "win": ron("west"), "patterns": [{"code": "seven_robs_one"}], "liable": "north"}
    response = client.post("/v1/hongkong/settlements", json=body)
    assert response.status_code == 422
    assert {error["pointer"] for error in response.json()["errors"]} == {"#/liable", "#/win/discarder"}


def test_eight_flowers_self_drawn_stay_eight_immortals() -> None:
    # 八仙過海 當自摸計: 8 fan (the Hong Kong fan sheet), the flower fan included in it; + 門前清 1 + 自摸 1 + 平胡 1
    _, items = fan_of(hand(A, "1m", win=TSUMO, flowers=EIGHT))
    assert items["eight_immortals"] == 8 and "seven_robs_one" not in items


# --- the round's flower --------------------------------------------------------------------


def flowers_fan(flowers: list[str], round_flower: bool, **extra: Any) -> int:
    _, items = fan_of(hand(A, "1m", flowers=flowers, rules={"round_flower": round_flower}, **extra))
    return items.get("seat_flower", 0) + items.get("round_flower", 0) + items.get("flower_set", 0)


def test_example_1_round_east_seat_south() -> None:
    # 例子1: 東風南 … 攞到1號或者2號花嘅話計兩番 — south in the east round holding 1 and 2: one fan each
    assert flowers_fan(["f1", "f2"], True) == 2
    assert flowers_fan(["f1", "f2"], False) == 1  # the Hong Kong fan sheet: the seat's own only


def test_example_2_seat_south_flower_two() -> None:
    # 例子2: 如果玩家坐南位而攞到2號花嘅話計一番
    assert flowers_fan(["s2"], True) == 1


def test_a_flower_of_the_seat_and_the_round_counts_once() -> None:
    # east in the east round: 1 is both; 每隻正花計一番 — one fan a tile
    assert flowers_fan(["f1"], True, winner="east", win=ron("north")) == 1


def test_a_flower_set_holds_the_round_flower_too() -> None:
    # 一臺花: 攞齊1、2、3、4一樣色嘅花牌。每組計兩番，唔計正花 — south holds f1–f4 in the east round: 2
    assert flowers_fan(["f1", "f2", "f3", "f4"], True) == 2


def test_round_flower_is_refused_without_the_rule(client) -> None:
    response = client.post("/v1/hongkong/fan", json={"patterns": [{"code": "round_flower"}]})
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/patterns/0/code"
    ok = client.post("/v1/hongkong/fan", json={"patterns": [{"code": "round_flower", "count": 2}], "rules": {"round_flower": True}})
    assert ok.json()["fan"] == 2


def test_round_flower_rule_in_a_settlement(client) -> None:
    with pytest.raises(RuleViolation):
        fan_of(hand(A, "1m", flowers=["f1", "f1"]))
    body = settle(client, tiles={"concealed": A, "win_tile": "1m", "flowers": ["f1", "f2"]}, rules={"round_flower": True, "min_fan": 0})
    # 門前清 1 + 平胡 1 + 正花 f2 1 + the round's flower f1 1 = 4 fan: 16 points, full gun
    assert body["fan_paid"] == 4 and paid(body)["west"] == D(16)
