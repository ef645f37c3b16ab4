"""MCR golden hands: each hand's fan worked by hand from the fan table of the
Chinese Official rules (中國麻將競賽規則: the 81 fan and their 不計 rules —
a fan implied by a bigger one is not counted again, 套算一次 for sets used
in several fan) and compared with what `POST /v1/mcr/hands` answers through
PyMahjongGB. The values are the rulebook's points added by hand, not the
library's output.

Winner east, dealer east (seat wind east), round east, unless a hand says."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from tests.helpers import TSUMO, ron

DISCARD = ron("south")

GOLDEN: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, int]]] = [
    # 平和 2 (four chows, suited pair; 不計無字) + 單釣將 1 (77p waits on 7p alone) = 3
    (
        "all_chows",
        {"concealed": "234m456m77p", "win_tile": "7p", "melds": [{"kind": "chow", "tiles": "123p"}, {"kind": "chow", "tiles": "567s"}]},
        DISCARD,
        {"all_chows": 1, "single_wait": 1},
    ),
    # 大三元 88 (不計箭刻, 雙箭刻) + 全帶么 4 (every set and the pair hold 1, 9 or an honour) + 缺一門 1 (no s) + 單釣將 1 = 94
    (
        "big_three_dragons",
        {"concealed": "123m99p777z", "win_tile": "9p", "melds": [{"kind": "pung", "tiles": "555z"}, {"kind": "pung", "tiles": "666z"}]},
        DISCARD,
        {"big_three_dragons": 1, "outside_hand": 1, "one_voided_suit": 1, "single_wait": 1},
    ),
    # 碰碰和 6 + 圈風刻 2 + 門風刻 2 (east pung, east round, east seat; winds 不計么九刻) + 么九刻 1 (999m) = 11
    (
        "all_pungs_double_wind",
        {
            "concealed": "33p555s",
            "win_tile": "5s",
            "melds": [{"kind": "pung", "tiles": "111z"}, {"kind": "pung", "tiles": "999m"}, {"kind": "pung", "tiles": "222p"}],
        },
        DISCARD,
        {"all_pungs": 1, "prevalent_wind": 1, "seat_wind": 1, "pung_of_terminals_or_honors": 1},
    ),
    # 混一色 6 (不計缺一門) + 箭刻 2 (發) + 老少副 1 (123m 789m) + 單釣將 1 = 10
    (
        "half_flush_dragon",
        {"concealed": "345m789m11z", "win_tile": "1z", "melds": [{"kind": "pung", "tiles": "666z"}, {"kind": "chow", "tiles": "123m"}]},
        ron("north"),
        {"half_flush": 1, "dragon_pung": 1, "two_terminal_chows": 1, "single_wait": 1},
    ),
    # 七對 24 (不計門前清, 單釣將, 不求人) = 24
    ("seven_pairs", {"concealed": "1199m2288p3377s11z", "win_tile": "1z"}, DISCARD, {"seven_pairs": 1}),
    # 十三么 88 (不計五門齊, 門前清, 單釣將, 混么九) on a discard = 88
    ("thirteen_orphans", {"concealed": "119m19p19s1234567z", "win_tile": "1z"}, DISCARD, {"thirteen_orphans": 1}),
    # 門前清 2 + 平和 2 + 斷么 2 (2 to 8 only) + 連六 1 (234m 567m) = 7
    (
        "concealed_hand",
        {"concealed": "234m567m345p678s55p", "win_tile": "8s"},
        DISCARD,
        {"concealed_hand": 1, "all_chows": 1, "all_simples": 1, "short_straight": 1},
    ),
    # self-drawn: 不求人 4 (不計門前清, 自摸) + 平和 2 + 斷么 2 + 連六 1 = 9
    (
        "fully_concealed",
        {"concealed": "234m567m345p678s55p", "win_tile": "8s"},
        TSUMO,
        {"fully_concealed_hand": 1, "all_chows": 1, "all_simples": 1, "short_straight": 1},
    ),
    # 斷么 2 (不計無字) + 雙同刻 2 + 雙暗刻 2 + 門前清 2 + 連六 1 (345s 678s) + 單釣將 1 = 10
    (
        "all_simples_double_pung",
        {"concealed": "222m66m222p345s678s", "win_tile": "6m"},
        DISCARD,
        {"all_simples": 1, "double_pung": 1, "two_concealed_pungs": 1, "concealed_hand": 1, "short_straight": 1, "single_wait": 1},
    ),
    # 清龍 16 (不計連六, 老少副) + 平和 2 + 門前清 2 + 喜相逢 1 (456m 456p) + 單釣將 1 = 22
    (
        "pure_straight",
        {"concealed": "123456789m456p77s", "win_tile": "7s"},
        DISCARD,
        {"pure_straight": 1, "all_chows": 1, "concealed_hand": 1, "mixed_double_chow": 1, "single_wait": 1},
    ),
    # 三色三同順 8 + 邊張 1 (89s waits on 7s alone) = 9
    (
        "mixed_triple_chow",
        {"concealed": "345s789s22z", "win_tile": "7s", "melds": [{"kind": "chow", "tiles": "345m"}, {"kind": "chow", "tiles": "345p"}]},
        DISCARD,
        {"mixed_triple_chow": 1, "edge_wait": 1},
    ),
    # 四歸一 2 (four 2m, no kong) + 斷么 2 + 單釣將 1 = 5
    (
        "tile_hog",
        {"concealed": "222m456s88p", "win_tile": "8p", "melds": [{"kind": "chow", "tiles": "234m"}, {"kind": "chow", "tiles": "678p"}]},
        DISCARD,
        {"tile_hog": 1, "all_simples": 1, "single_wait": 1},
    ),
    # 全不靠 12 (不計五門齊, 門前清, 單釣將) on a discard = 12
    ("lesser_honors_knitted", {"concealed": "147m25p369s123456z", "win_tile": "6z"}, DISCARD, {"lesser_honors_and_knitted_tiles": 1}),
    # 全求人 6 (不計單釣將) + 連六 1 (456p 789p) = 7
    (
        "melded_hand",
        {
            "concealed": "22z",
            "win_tile": "2z",
            "melds": [
                {"kind": "chow", "tiles": "123m"},
                {"kind": "chow", "tiles": "456p"},
                {"kind": "pung", "tiles": "777s"},
                {"kind": "chow", "tiles": "789p"},
            ],
        },
        DISCARD,
        {"melded_hand": 1, "short_straight": 1},
    ),
    # 妙手回春 8 (不計自摸) + 不求人 4 + 平和 2 + 斷么 2 + 連六 1 = 17
    (
        "last_tile_draw",
        {"concealed": "234m567m345p678s55p", "win_tile": "8s", "last_tile": True},
        TSUMO,
        {"last_tile_draw": 1, "fully_concealed_hand": 1, "all_chows": 1, "all_simples": 1, "short_straight": 1},
    ),
    # 海底撈月 8 + 門前清 2 + 平和 2 + 斷么 2 + 連六 1 = 15
    (
        "last_tile_claim",
        {"concealed": "234m567m345p678s55p", "win_tile": "8s", "last_tile": True},
        DISCARD,
        {"last_tile_claim": 1, "concealed_hand": 1, "all_chows": 1, "all_simples": 1, "short_straight": 1},
    ),
    # 搶槓和 8 (不計和絕張) + 門前清 2 + 平和 2 + 斷么 2 + 連六 1 = 15
    (
        "robbing_the_kong",
        {"concealed": "234m567m345p678s55p", "win_tile": "8s", "robbing_kong": True},
        DISCARD,
        {"robbing_the_kong": 1, "concealed_hand": 1, "all_chows": 1, "all_simples": 1, "short_straight": 1},
    ),
    # 槓上開花 8 (不計自摸) + 不求人 4 + 暗槓 2 + 么九刻 1 (9999m) + 連六 1 (123p 456p) + 單釣將 1 + 無字 1 = 18
    (
        "out_with_replacement_tile",
        {
            "concealed": "123456p789s55s",
            "win_tile": "5s",
            "after_kong": True,
            "melds": [{"kind": "kong", "tiles": "9999m", "concealed": True}],
        },
        TSUMO,
        {
            "out_with_replacement_tile": 1,
            "fully_concealed_hand": 1,
            "concealed_kong": 1,
            "pung_of_terminals_or_honors": 1,
            "short_straight": 1,
            "single_wait": 1,
            "no_honors": 1,
        },
    ),
    # 和絕張 4 (the three other 8s are in sight) + 門前清 2 + 平和 2 + 斷么 2 + 連六 1 = 11
    (
        "last_of_its_kind",
        {"concealed": "234m567m345p678s55p", "win_tile": "8s", "last_of_its_kind": True},
        DISCARD,
        {"last_tile": 1, "concealed_hand": 1, "all_chows": 1, "all_simples": 1, "short_straight": 1},
    ),
    # 四暗刻 64 (不計門前清, 碰碰和, 三暗刻, 雙暗刻, 不求人) + 箭刻 2 (中) + 么九刻 1 × 2 (111m, 999s) + 單釣將 1 = 69
    (
        "four_concealed_pungs",
        {"concealed": "111m555p999s777z55z", "win_tile": "5z"},
        DISCARD,
        {"four_concealed_pungs": 1, "dragon_pung": 1, "pung_of_terminals_or_honors": 2, "single_wait": 1},
    ),
    # 小三元 64 (不計箭刻, 雙箭刻) + 混一色 6 + 全帶么 4 + 老少副 1 + 單釣將 1 = 76
    (
        "little_three_dragons",
        {"concealed": "123m789m77z", "win_tile": "7z", "melds": [{"kind": "pung", "tiles": "555z"}, {"kind": "pung", "tiles": "666z"}]},
        DISCARD,
        {"little_three_dragons": 1, "half_flush": 1, "outside_hand": 1, "two_terminal_chows": 1, "single_wait": 1},
    ),
]


@pytest.mark.parametrize(("name", "tiles", "win", "expected"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_hand(client: TestClient[Any], name: str, tiles: dict[str, Any], win: dict[str, Any], expected: dict[str, int]) -> None:
    from service.rulesets.mcr.value_table import FAN_BY_CODE

    response = client.post("/v1/mcr/hands", json={"winner": "east", "win": win, "tiles": tiles})
    assert response.status_code == 200, response.text
    result = response.json()
    got = {item["code"]: item["count"] for item in result["items"]}
    assert got == expected, name
    assert result["fan"] == sum(FAN_BY_CODE[code].fan * count for code, count in expected.items())


def test_at_least_twenty_golden_hands() -> None:
    assert len(GOLDEN) >= 20
