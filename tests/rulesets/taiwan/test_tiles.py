"""Taiwanese tai from tiles (`POST /v1/taiwan/hands`, `tiles` in settlements).

Every expected tai is added up by hand from seed 004's tai table (default
preset unless a test says otherwise) for the hand written next to it; each
row has a hand that scores it and a near miss that does not. Seed 003's
worked examples with tiles are hands here too. Defaults: dealer east, round
wind east (1z); winner south (seat wind south, 2z; own flowers f2/s2), won on
north's discard."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core.errors import RuleViolation
from service.core.tiles import parse_tiles
from service.rulesets.taiwan.counting import TaiRequest, tai
from service.rulesets.taiwan.settlement import TaiwanHandRequest, evaluate_hand
from tests.helpers import TSUMO, ron
from tests.strategies import SEATS, sets_and_pair, tile_text

B = "123456789m234p567s88p"
"""Five chows and a suited pair: 2p completes 34p two-sided (waits 2p 5p)."""
ALL_FLOWERS = ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]


def hand(concealed: str, win_tile: str, *, winner: str = "south", win: dict[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"winner": winner, "win": win or ron("north")}
    for key in ("dealer", "preset", "mode"):
        if key in extra:
            body[key] = extra.pop(key)
    body["tiles"] = {"concealed": concealed, "win_tile": win_tile, **extra}
    return body


def evaluate(body: dict[str, Any]) -> dict[str, Any]:
    return msgspec.to_builtins(evaluate_hand(msgspec.convert(body, TaiwanHandRequest)), enc_hook=Decimal)  # echoed rules hold ExactNumber


def tai_of(body: dict[str, Any]) -> tuple[int, dict[str, int]]:
    result = evaluate(body)
    return result["tai"], {item["code"]: item["tai"] for item in result["items"]}


def meld(kind: str, tiles: str, concealed: bool = False) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "concealed": concealed}


OPEN_B = {"melds": [meld("chow", "123m")]}
FIVE_CALLED = [meld("chow", "123m"), meld("chow", "456m"), meld("chow", "789m"), meld("chow", "234p"), meld("chow", "567s")]
SINGLE = "123m234p567s789s88p"
"""With a kong of 4m: 23m waits on 1m only (the other end's four are in the kong) — 獨聽."""

# seed 003's worked examples (Wikibooks 台灣麻雀計番), as 17-tile hands
CLOSED_EX = hand("333567789p23444s46m5m", "5m")  # 333567789筒 23444索 46萬 +5萬: 獨聽 (中洞)
EDGE_EX = hand("111p1244567s234678m3s", "3s")  # 111筒 12 44567索 234678萬 +3索: 獨聽 (邊張)
PAIR_EX = hand("234456p667788s222m77z", "7z")  # 234456筒 667788索 222萬 中 +紅中: 獨聽 (單吊)
# 三暗坎 444678筒 555索 78萬 發發發 +6萬 — the seed leaves out the pair; 99索 added
THREE_EX = hand("678m444678p555s99s666z", "6m")
PUNGS_EX = hand("222666p555s11666m22z1m", "1m")  # 對對胡 222666筒 555索 11666萬 南南 +1萬
HALF_EX = hand("34567888p777z222z33z2p", "2p")  # 湊一色 34567888筒 中中中 南南南 西西 +2筒
LITTLE3_EX = hand("456777s789p777z66z55z5z", "5z")  # 小三元 456777索 789筒 中中中 發發 白白 +白
LITTLE4_EX = hand("77p444s111z22z333z444z7p", "7p", winner="west")  # 小四喜 77筒 444索 東東東 南南 西西西 北北北 +7筒
BIG3_EX = hand("23s56799m777z666z555z1s", "1s")  # 大三元 23索 56799萬 中中中 發發發 白白白 +1索
FIVE_EX = hand("111666p3338s777m777z8s", "8s")  # 五暗坎 111666筒 3338索 777萬 中中中 +8索
BIG4_EX = hand("678m33p111z222z333z44z4z", "4z")  # 大四喜 678萬 33筒 東東東 南南南 西西西 北北 +北
FLUSH_EX = hand("1112334456667788s9s", "9s")  # 清一色 111 233445 6667788索 +9索 (此牌聽七洞)

ROWS: list[tuple[str, dict[str, Any], int, dict[str, Any], int]] = [
    # 門清 1 + 平胡 2; near miss: a called chow (平胡 2 alone)
    ("concealed", hand(B, "2p"), 3, hand(B[3:], "2p", **OPEN_B), 2),
    ("self_draw", hand(B[3:], "2p", win=TSUMO, **OPEN_B), 1, hand(B[3:], "2p", **OPEN_B), 2),
    ("concealed_self_draw", hand(B, "2p", win=TSUMO), 3, hand(B[3:], "2p", win=TSUMO, **OPEN_B), 1),
    # 天聽 8 + 自摸 1 + 不求 1 (門清 is in the 天聽); near miss: undeclared, 門清自摸 3
    ("unaided", hand(B, "2p", win=TSUMO, context=["heavenly_ready"]), 10, hand(B, "2p", win=TSUMO), 3),
    # 圈風 (東) + 門清; near miss: a south round, the east pung is nothing for south
    ("round_wind", hand("123456m234p567s88p111z", "2p"), 2, hand("123456m234p567s88p111z", "2p", round_wind="south"), 1),
    ("seat_wind", hand("123456m234p567s88p222z", "2p"), 2, hand("123456m234p567s88p222z", "2p", winner="west"), 1),
    # 三元台 + 門清; near miss: a dragon pair (no 平胡 with an honour pair)
    ("dragon_pung", hand("123456m234p567s88p555z", "2p"), 2, hand("123456789m234p567s55z", "2p"), 1),
    # 正花 + 門清 (a flower loses 平胡); near miss: west's flower
    ("own_flower", hand(B, "2p", flowers=["f2"]), 2, hand(B, "2p", flowers=["f3"]), 1),
    # 花槓 2 (its 正花 f2 replaced) + 門清; near miss: three flowers and a season, 正花 f2 only
    ("flower_set", hand(B, "2p", flowers=["f1", "f2", "f3", "f4"]), 3, hand(B, "2p", flowers=["f1", "f2", "f3", "s4"]), 2),
    # 邊張 + 門清; near miss: two-sided (門清 + 平胡)
    ("edge_wait", EDGE_EX, 2, hand(B, "2p"), 3),
    # 中洞 + 門清; near miss: 3555m waits on 3m and 4m, so 4m in the middle is not 獨聽
    ("closed_wait", CLOSED_EX, 2, hand("34555m123456789p678s", "4m"), 1),
    # 單吊 + 門清; near miss: 雙碰 (白 and 發): 小三元 4 + 門清
    ("pair_wait", PAIR_EX, 2, LITTLE3_EX, 5),
    # 獨聽: two-sided, but the four 4m are in a called kong; near miss: a 9p kong, 23m waits on two
    ("single_wait", hand(SINGLE, "1m", melds=[meld("kong", "4444m")]), 1, hand(SINGLE, "1m", melds=[meld("kong", "9999p")]), 0),
    ("robbing_kong", hand(B, "2p", robbing_kong=True), 4, hand(B, "2p"), 3),
    # 槓上開花 + 門清自摸 3 (f3 is not south's); near miss: no replacement
    (
        "win_on_replacement",
        hand(B, "2p", win=TSUMO, after_flower=True, flowers=["f3"]),
        4,
        hand(B, "2p", win=TSUMO, flowers=["f3"]),
        3,
    ),
    ("last_tile_self_draw", hand(B, "2p", win=TSUMO, last_tile=True), 4, hand(B, "2p", last_tile=True), 4),
    ("last_discard", hand(B, "2p", last_tile=True), 4, hand(B, "2p", win=TSUMO, last_tile=True), 4),
    # 全求人 2 (單吊 not counted again); near miss: one kong concealed, not all called
    (
        "all_melded",
        hand("88p", "8p", melds=FIVE_CALLED),
        2,
        hand("88p", "8p", melds=[*FIVE_CALLED[:4], meld("kong", "5555s", True)]),
        1,
    ),
    # 半求人 1 + 自摸 1 + 單吊 1; near miss: on a discard it is 全求人
    ("half_melded", hand("88p", "8p", win=TSUMO, melds=FIVE_CALLED), 3, hand("88p", "8p", melds=FIVE_CALLED), 2),
    # 平胡 needs 聽雙頭: on the pair it is 單吊
    ("all_chows", hand(B, "2p"), 3, hand(B, "8p"), 2),
    # 三暗刻 2 + 三元台 + 門清; near miss: 小三元's third pung is completed by the discard
    ("three_concealed_pungs", THREE_EX, 4, LITTLE3_EX, 5),
    # 對對胡: 四暗刻 5 (111m is completed by the discard) + 碰碰胡 4 + 門清; near miss: three only
    ("four_concealed_pungs", PUNGS_EX, 10, THREE_EX, 4),
    # 五暗坎: 五暗刻 8 + 碰碰胡 4 + 單吊 + 三元台 + 門清 (seed 003 scores it 16 without 門清/對對胡:
    # seed 004's table, the counter here, replaces only 四暗刻 and 三暗刻); near miss: 四暗刻
    ("five_concealed_pungs", FIVE_EX, 15, PUNGS_EX, 10),
    ("all_pungs", PUNGS_EX, 10, BIG3_EX, 11),
    # 湊一色 4 + 門風 (南) + 三元台 (中) + 三暗刻 2 + 門清; near miss: 清一色
    ("half_flush", HALF_EX, 9, FLUSH_EX, 9),
    # 清一色 8 + 門清 (聽七洞: no one-tile wait); near miss: 湊一色
    ("full_flush", FLUSH_EX, 9, HALF_EX, 9),
    # 小三元 4 (三元台 replaced) + 門清; near miss: 大三元
    ("little_three_dragons", LITTLE3_EX, 5, BIG3_EX, 11),
    # 大三元 8 (三元台 ×3 replaced) + 三暗刻 2 + 門清; near miss: 小三元
    ("big_three_dragons", BIG3_EX, 11, LITTLE3_EX, 5),
    # 小四喜 8 + 圈風 + 門風 (west) + 四暗刻 5 + 碰碰胡 4 + 門清; near miss: 大四喜
    ("little_four_winds", LITTLE4_EX, 20, BIG4_EX, 19),
    # 大四喜 16 (圈風, 門風 replaced) + 三暗刻 2 + 門清; near miss: 小四喜
    ("big_four_winds", BIG4_EX, 19, LITTLE4_EX, 20),
    ("declared_ready", hand(B, "2p", context=["declared_ready"]), 4, hand(B, "2p"), 3),
    # 地聽 4 (門清 replaced) + 平胡 2
    ("earthly_ready", hand(B, "2p", context=["earthly_ready"]), 6, hand(B, "2p"), 3),
    ("heavenly_ready", hand(B, "2p", context=["heavenly_ready"]), 10, hand(B, "2p", context=["declared_ready"]), 4),
    # 人胡 8 + 平胡 2 (the Wikibooks extract's 人胡: 唔會計天聽、門清)
    ("human_win", hand(B, "2p", blessing=True), 10, hand(B, "2p"), 3),
    # 地胡 16 + 自摸 1 (the Wikibooks extract's 地胡: 唔計天聽、門清; 不求 the tai table's only after a declared
    # 天聽 or 地聽: 宣告天聽或地聽的門清手牌自摸時)
    ("earthly_win", hand(B, "2p", win=TSUMO, blessing=True), 17, hand(B, "2p", win=TSUMO), 3),
    # 天胡 24 alone, the dealer east (the Wikibooks extract's 天胡: 不計門清一摸三)
    ("heavenly_win", hand(B, "2p", winner="east", win=TSUMO, blessing=True), 24, hand(B, "2p", winner="east", win=TSUMO), 3),
    # 八仙過海 8 + 花槓 ×2 4 (正花 f2, s2 replaced by the sets) + 門清自摸 3; near miss: seven flowers,
    # 花槓 2 (f2 replaced) + 正花 s2 1 + 門清自摸 3
    ("eight_immortals", hand(B, "2p", win=TSUMO, flowers=ALL_FLOWERS), 15, hand(B, "2p", win=TSUMO, flowers=ALL_FLOWERS[:7]), 6),
    # 七搶一 8 + 花槓 ×2 4 + 門清 1
    ("seven_robs_one", hand(B, "2p", flowers=ALL_FLOWERS), 13, hand(B, "2p", flowers=ALL_FLOWERS[:7]), 4),
    # 配牌花胡 12 (八仙過海 replaced) + 花槓 ×2 4 + 門清自摸 3
    (
        "flower_win_from_deal",
        hand(B, "2p", win=TSUMO, flowers=ALL_FLOWERS, context=["flower_win_from_deal"]),
        19,
        hand(B, "2p", win=TSUMO, flowers=ALL_FLOWERS),
        15,
    ),
    # 見花見字: 見花見台 ×2 + 門清; near miss: standard mode, neither flower is south's
    ("any_flower", hand(B, "2p", mode="any_flower_any_wind", flowers=["f1", "f3"]), 3, hand(B, "2p", flowers=["f1", "f3"]), 1),
    (
        "any_wind_pung",
        hand("123456m234p567s88p333z", "2p", mode="any_flower_any_wind"),
        2,
        hand("123456m234p567s88p333z", "2p"),
        1,
    ),
    # 無字無花 2 + 單吊 + 門清; near miss: a flower (見花見台 instead)
    ("no_honours_no_flowers", hand(B, "8p", mode="any_flower_any_wind"), 4, hand(B, "8p", mode="any_flower_any_wind", flowers=["f1"]), 3),
    # 明槓 + 獨聽 + 無字無花 2; near miss: standard mode (獨聽 alone)
    (
        "exposed_kong",
        hand(SINGLE, "1m", mode="any_flower_any_wind", melds=[meld("kong", "4444m")]),
        4,
        hand(SINGLE, "1m", melds=[meld("kong", "4444m")]),
        1,
    ),
    # 暗槓 2 + 門清 + 獨聽 + 無字無花 2; near miss: the kong called (明槓 1 + 獨聽 + 無字無花 2)
    (
        "concealed_kong",
        hand(SINGLE, "1m", mode="any_flower_any_wind", melds=[meld("kong", "4444m", True)]),
        6,
        hand(SINGLE, "1m", mode="any_flower_any_wind", melds=[meld("kong", "4444m")]),
        4,
    ),
]


@pytest.mark.parametrize(("code", "scores", "total", "near", "near_total"), ROWS, ids=[row[0] for row in ROWS])
def test_each_tai_row_has_a_hand_and_a_near_miss(
    code: str, scores: dict[str, Any], total: int, near: dict[str, Any], near_total: int
) -> None:
    found, items = tai_of(scores)
    assert found == total
    assert items.get(code, 0) > 0
    near_found, near_items = tai_of(near)
    assert near_found == near_total
    assert near_items.get(code, 0) == 0


def test_all_honours() -> None:
    # 東東東 南南南 西西西 白白白 發發發 + 中中 (單吊): 字一色 8 (碰碰胡 replaced) + 五暗刻 8 + 小三元 4
    # (三元台 ×2 replaced) + 圈風 + 門風 + 單吊 + 門清 = 24
    found, items = tai_of(hand("111z222z333z555z666z77z", "7z"))
    assert found == 24
    assert items["all_honours"] == 8 and items["all_pungs"] == 0
    # near miss: one suited pung is 湊一色
    found, items = tai_of(hand("111z222z333z555z77z", "7z", melds=[meld("pung", "999m")]))
    assert "all_honours" not in items and items["half_flush"] == 4


def test_seed_003_waits() -> None:
    # 此牌聽七洞: the full flush waited on seven tiles
    assert evaluate(FLUSH_EX)["waits"] == "2356789s"
    # each 獨聽 example waits on one tile
    assert [evaluate(body)["waits"] for body in (CLOSED_EX, EDGE_EX, PAIR_EX)] == ["5m", "3s", "7z"]


def test_presets_change_the_values() -> None:
    # 宅神爺: 門清自摸 5, 單吊 2, 正花 listed without a value (default 1, a warning)
    result = evaluate(hand(B, "8p", winner="east", win=TSUMO, flowers=["f1"], preset="zhaishenye"))
    assert result["tai"] == 8
    assert [w["code"] for w in result["warnings"]] == ["taiwan_preset_value_missing"]
    # 戲谷 does not list 邊張: the edge example is 門清 alone
    assert tai_of({**EDGE_EX, "preset": "xigu"}) == (1, {"concealed": 1})
    # 宅神爺 scores 平胡 3 only for a hand that is not concealed: a concealed two-sided hand has 門清 2 only
    assert tai_of(hand(B, "2p", preset="zhaishenye")) == (2, {"concealed": 2})
    assert tai_of(hand(B[3:], "2p", preset="zhaishenye", **OPEN_B)) == (3, {"all_chows": 3})


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        (hand(B, "2p", context=["edge_wait"]), "/tiles/context/0"),
        (hand(B, "2p", context=["declared_ready", "declared_ready"]), "/tiles/context/1"),
        (hand(B[3:], "2p", context=["heavenly_ready"], **OPEN_B), "/tiles/context/0"),
        (hand(B, "2p", context=["heavenly_ready", "earthly_ready"]), "/tiles/context"),
        (hand(B, "2p", win=TSUMO, context=["flower_win_from_deal"]), "/tiles/context/0"),
        (hand(B, "2p", winner="east", blessing=True), "/tiles/blessing"),
        (hand(B[3:], "2p", blessing=True, **OPEN_B), "/tiles/blessing"),
        (hand(B, "2p", after_kong=True, win=TSUMO), "/tiles/after_kong"),
        (hand(B, "2p", win=TSUMO, robbing_kong=True), "/tiles/robbing_kong"),
        (hand(B, "2p", flowers=["s1", "s1"]), "/tiles/flowers/1"),
        (hand("123456789m234p567s8p9p", "9p"), "/tiles/concealed"),
        (hand("123m456p789s234s55m", "5m"), "/tiles/concealed"),  # a Hong Kong hand: 14 tiles
    ],
)
def test_impossible_hands_are_422_at_the_field(body: dict[str, Any], pointer: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        evaluate(body)
    assert pointer in {problem.pointer for problem in caught.value.problems}


def test_flower_win_without_a_hand_counts_the_flowers_only() -> None:
    # 花胡嗰陣如果手牌未同時成胡…唔計手牌台數: 八仙過海 8 + 花槓 ×2 4
    result = evaluate(hand("123456789m234p567s8p9p", "9p", win=TSUMO, flowers=ALL_FLOWERS))
    assert result["tai"] == 12
    assert {item["code"] for item in result["items"]} == {"eight_immortals", "flower_set", "own_flower"}


# --- Over HTTP --------------------------------------------------------------------


def test_hands_endpoint(client: Any) -> None:
    response = client.post("/v1/taiwan/hands", json=THREE_EX)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["tai"] == 4 and body["waits"] == "69m"
    assert body["arrangement"][-1] == {"kind": "pair", "tiles": "99s", "concealed": True}


def test_context_code_from_the_tiles_is_a_422(client: Any) -> None:
    response = client.post("/v1/taiwan/hands", json=hand(B, "2p", context=["all_chows"]))
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/tiles/context/0"


def test_settlement_with_tiles(client: Any) -> None:
    # 三暗坎 example: 4 tai; south wins on north's discard, dealer east not involved:
    # north pays 100 + 4 × 20 = 180
    response = client.post("/v1/taiwan/settlements", json=THREE_EX)
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["tai"] == 4 and result["deltas"] == {"east": 0, "south": 180, "west": 0, "north": -180}
    assert result["evaluation"]["tai"] == 4 and result["tai_breakdown"]["tai"] == 4
    both = {**THREE_EX, "tai": 3}
    assert client.post("/v1/taiwan/settlements", json=both).status_code == 422


def test_settlement_special_must_match_the_tiles(client: Any) -> None:
    body = {**hand(B, "2p", flowers=ALL_FLOWERS), "special": "seven_robs_one"}
    assert client.post("/v1/taiwan/settlements", json=body).status_code == 200
    body = {**hand(B, "2p"), "special": "robbing_kong"}
    assert client.post("/v1/taiwan/settlements", json=body).status_code == 422


# --- Properties ----------------------------------------------------------------------


@st.composite
def complete_hands(draw: st.DrawFn) -> dict[str, Any]:
    """Five sets and a pair (tests/strategies.py), flowers, a round wind,
    any preset and mode."""
    tiles = draw(sets_and_pair(5))
    winner = draw(st.sampled_from(SEATS))
    self_drawn = draw(st.booleans())
    return {
        "winner": winner,
        "win": TSUMO if self_drawn else ron(SEATS[(SEATS.index(winner) + 1) % 4]),
        "preset": draw(
            st.sampled_from(["default", "shenlaiye", "mingxing", "xigu", "mahjong_master", "zhaishenye", "wikibooks", "yue_wikibooks"])
        ),
        "mode": draw(st.sampled_from(["standard", "any_flower_any_wind"])),
        "tiles": {
            **tiles,
            "flowers": draw(st.lists(st.sampled_from(ALL_FLOWERS), unique=True, max_size=8)),
            "round_wind": draw(st.sampled_from(SEATS)),
        },
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_hands())
def test_items_posted_as_patterns_give_the_same_tai(body: dict[str, Any]) -> None:
    result = evaluate(body)
    patterns = [{"code": item["code"], "count": item["count"]} for item in result["items"]]
    counted = tai(msgspec.convert({"patterns": patterns, "preset": body["preset"], "mode": body["mode"]}, TaiRequest))
    assert counted.tai == result["tai"]
    if len(body["tiles"]["flowers"]) < 8:
        assert body["tiles"]["win_tile"] in _tiles(result["waits"])


def _tiles(text: str) -> set[str]:
    return {f"{read.tile % 9 + 1}{'mpsz'[read.tile // 9]}" for read in parse_tiles(text, "t", False)}


@settings(max_examples=100, deadline=None)
@given(complete_hands(), st.data())
def test_one_tile_out_is_not_a_hand(body: dict[str, Any], data: st.DataObject) -> None:
    body["tiles"]["flowers"] = []
    tiles = [read.tile for read in parse_tiles(body["tiles"]["concealed"], "t", False)]
    out = data.draw(st.integers(0, len(tiles) - 1))
    rest = tiles[:out] + tiles[out + 1 :]
    body["tiles"]["concealed"] = "".join(tile_text(t) for t in sorted(rest))
    body["tiles"]["win_tile"] = tile_text(rest[0])
    with pytest.raises(RuleViolation):
        evaluate(body)


NOTATION = st.text(alphabet="0123456789mpszx ", max_size=24)


@settings(max_examples=60, deadline=None)
@given(NOTATION, NOTATION, st.lists(st.sampled_from(["f1", "s2", "declared_ready"]), max_size=3))
def test_nothing_gives_a_5xx(client: Any, concealed: str, win_tile: str, extra: list[str]) -> None:
    body = {"winner": "south", "win": ron("west"), "tiles": {"concealed": concealed, "win_tile": win_tile[:2], "context": extra}}
    assert client.post("/v1/taiwan/hands", json=body).status_code in (200, 400, 422)
