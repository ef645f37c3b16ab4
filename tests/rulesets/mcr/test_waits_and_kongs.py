"""MCR from tiles where the service's count departs from PyMahjongGB's rows
(service.rulesets.mcr.fan_rules): a wait on one tile once the winner's own
tiles are counted (邊張/嵌張/單釣將: the answer's `waits` and its fan agree),
and `rules.mixed_kong_fan` (明暗槓 5, or 明槓 1 + 暗槓 2 as the 81 fan read).

Expected points are the fan table of the Chinese Official rules added by
hand (中國麻將競賽規則, with its 不計 rules), as in test_golden_hands.py.
Winner east, dealer east, round east, a win on south's discard."""

from __future__ import annotations

from typing import Any

import pytest
from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]

from tests.helpers import ron

DISCARD = ron("south")


def hand(client: Any, tiles: dict[str, Any], **rules: Any) -> dict[str, Any]:
    body = {"winner": "east", "win": DISCARD, "tiles": tiles, **({"rules": rules} if rules else {})}
    response = client.post("/v1/mcr/hands", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def fan(answer: dict[str, Any]) -> dict[str, int]:
    return {item["code"]: item["points"] for item in answer["items"]}


# 45677m with 789m, 444m and 111m called, won on 7m: the shape 4567m waits on 4m and 7m, but all
# four 4m are the winner's own (the pung and the 4m in hand), so it waited on 7m alone.
# 清一色 24 (不計無字) + 四歸一 2 (four 4m, no kong) + 連六 1 (456m 789m) + 幺九刻 1 (111m)
# + 單釣將 1 = 29
HELD_OTHER_WAIT = {
    "concealed": "45677m",
    "win_tile": "7m",
    "melds": [{"kind": "chow", "tiles": "789m"}, {"kind": "pung", "tiles": "444m"}, {"kind": "pung", "tiles": "111m"}],
}


def test_a_wait_on_one_tile_counts_single_wait(client) -> None:
    answer = hand(client, HELD_OTHER_WAIT)
    assert answer["waits"] == "7m"
    assert fan(answer) == {"full_flush": 24, "tile_hog": 2, "short_straight": 1, "pung_of_terminals_or_honors": 1, "single_wait": 1}
    assert answer["fan"] == 29


def test_pymahjonggb_reads_the_shape_alone() -> None:
    # the disagreement this service resolves: the library counts no 單釣將 for the same hand
    rows = MahjongFanCalculator(
        pack=(("CHI", "W8", 1), ("PENG", "W4", 1), ("PENG", "W1", 1)),
        hand=("W4", "W5", "W6", "W7"),
        winTile="W7",
        flowerCount=0,
        isSelfDrawn=False,
        is4thTile=False,
        isAboutKong=False,
        isWallLast=False,
        seatWind=0,
        prevalentWind=0,
        verbose=True,
    )
    assert "Single Wait" not in {row[3] for row in rows}


def test_a_wait_on_two_tiles_counts_none(client) -> None:
    # the same shape with 222m called instead of 444m: 4m is live, the hand waited on 4m and 7m
    tiles = {
        **HELD_OTHER_WAIT,
        "melds": [{"kind": "chow", "tiles": "789m"}, {"kind": "pung", "tiles": "222m"}, {"kind": "pung", "tiles": "111m"}],
    }
    answer = hand(client, tiles)
    assert answer["waits"] == "47m"
    assert not {"single_wait", "edge_wait", "closed_wait"} & set(fan(answer))


def test_an_edge_wait_once_the_other_tile_is_all_held(client) -> None:
    # 1222m waits on 1m (222m, 1m the pair) and 3m (12m, 22m the pair); all four 1m are the winner's
    # (111m called, one in hand): won on 3m it waited on 3m alone, at the edge of 123m.
    # 四歸一 2 (four 1m) + 幺九刻 1 × 2 (111m, 999p) + 無字 1 + 邊張 1 = 6
    tiles = {
        "concealed": "12223m",
        "win_tile": "3m",
        "melds": [{"kind": "pung", "tiles": "111m"}, {"kind": "pung", "tiles": "999p"}, {"kind": "chow", "tiles": "456s"}],
    }
    answer = hand(client, tiles)
    assert answer["waits"] == "3m"
    assert fan(answer) == {"tile_hog": 2, "pung_of_terminals_or_honors": 2, "no_honors": 1, "edge_wait": 1}
    assert answer["fan"] == 6


# 2222m called as a kong, 8888p a concealed kong, 345s called, 567m and 99s in hand, won on 9s:
# 明暗槓 5 (or 明槓 1 + 暗槓 2 = 3) + 單釣將 1 (567m 9s waits on 9s alone) + 無字 1
MIXED_KONGS = {
    "concealed": "567m99s",
    "win_tile": "9s",
    "melds": [
        {"kind": "kong", "tiles": "2222m"},
        {"kind": "kong", "tiles": "8888p", "concealed": True},
        {"kind": "chow", "tiles": "345s"},
    ],
}


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ({}, {"concealed_kong_and_melded_kong": 5, "single_wait": 1, "no_honors": 1}),
        ({"mixed_kong_fan": True}, {"concealed_kong_and_melded_kong": 5, "single_wait": 1, "no_honors": 1}),
        ({"mixed_kong_fan": False}, {"concealed_kong": 2, "melded_kong": 1, "single_wait": 1, "no_honors": 1}),
    ],
)
def test_mixed_kong_fan(client, rules, expected) -> None:
    answer = hand(client, MIXED_KONGS, **rules)
    assert fan(answer) == expected
    assert answer["fan"] == sum(expected.values())


def test_mixed_kong_fan_in_a_settlement(client) -> None:
    # 暗槓 2 + 明槓 1 + 單釣將 1 + 無字 1 = 5 points, + 8 base from the discarder: 13; the others 8 each
    body = {"winner": "east", "win": DISCARD, "tiles": MIXED_KONGS, "rules": {"mixed_kong_fan": False}}
    answer = client.post("/v1/mcr/settlements", json=body).json()
    assert {p["payer"]: p["amount"] for p in answer["payments"]} == {"south": 13, "west": 8, "north": 8}


def test_seven_pairs_counts_no_wait_fan_of_a_reading_in_sets(client) -> None:
    # 1111 22 3 4444 99m waits on 3m alone (all 1m and 4m held); it reads as 七對 (11 11 22 33 44 44 99)
    # and as sets (111 123 444 234 99, 3m at the edge of 123m). The library scores seven pairs; 七對
    # 不計門前清、單釣將 and has no edge wait, so the edge wait of the other reading is not added:
    # 七對 24 + 清一色 24 (不計無字) + 四歸一 2 × 2 (four 1m, four 4m) = 52
    answer = hand(client, {"concealed": "11112233444499m", "win_tile": "3m"})
    assert answer["waits"] == "3m"
    assert fan(answer) == {"seven_pairs": 24, "full_flush": 24, "tile_hog": 4}
    assert answer["fan"] == 52
    # the arrangement shown is the one scored: seven pairs, four of a kind as two
    assert [(group["kind"], group["tiles"]) for group in answer["arrangement"]] == [
        ("pair", "11m"),
        ("pair", "11m"),
        ("pair", "22m"),
        ("pair", "33m"),
        ("pair", "44m"),
        ("pair", "44m"),
        ("pair", "99m"),
    ]


def test_the_arrangement_shown_holds_the_added_wait(client) -> None:
    # 12223m + melds: the added 邊張 is 3m at the edge of 123m; the arrangement shows 123m and 22m
    tiles = {
        "concealed": "12223m",
        "win_tile": "3m",
        "melds": [{"kind": "pung", "tiles": "111m"}, {"kind": "pung", "tiles": "999p"}, {"kind": "chow", "tiles": "456s"}],
    }
    shown = [(group["kind"], group["tiles"]) for group in hand(client, tiles)["arrangement"]]
    assert shown[:2] == [("chow", "123m"), ("pair", "22m")]


def test_a_wait_fan_comes_with_the_fan_of_its_own_arrangement(client) -> None:
    # 234 66 7 78 8 9999m won on 6m: waits on 6m alone (9m all held). Two arrangements are worth 29
    # without a wait fan: 234 666 789 789 99m (清一色 24 + 門前清 2 + 四歸一 2 + 一般高 1; 6m completes a
    # pung, no wait fan) and 234 678 789 999 66m (清一色 24 + 門前清 2 + 四歸一 2 + 幺九刻 1; 6m completes
    # the pair). The second adds 單釣將 1: 30, with its own 幺九刻, never the first's 一般高 beside it.
    answer = hand(client, {"concealed": "23466677889999m", "win_tile": "6m"})
    assert answer["waits"] == "6m"
    assert fan(answer) == {
        "full_flush": 24,
        "concealed_hand": 2,
        "tile_hog": 2,
        "pung_of_terminals_or_honors": 1,
        "single_wait": 1,
    }
    assert answer["fan"] == 30
    assert sorted(group["tiles"] for group in answer["arrangement"]) == ["234m", "66m", "678m", "789m", "999m"]


def test_no_wait_fan_from_an_arrangement_worth_less(client) -> None:
    # 234 66 678 678 999m won on 9m (6m all held: waits on 9m alone). The library's arrangement:
    # 清一色 24 + 門前清 2 + 四歸一 2 (6666) + 一般高 1 (678 678) + 幺九刻 1 (999) = 30, 9m completing a pung.
    # 234 666 678 789 99m puts 9m in the pair (單釣將) but is worth 24 + 2 + 2 + 1 = 29: not counted.
    answer = hand(client, {"concealed": "23466667788999m", "win_tile": "9m"})
    assert not {"single_wait", "edge_wait", "closed_wait"} & set(fan(answer))
    assert answer["fan"] == 30
