"""Preset `yue_wikibooks`: the Wikibooks extract's own Taiwan tai list (台灣麻雀計番).

Every expected tai is the extract's value for each pattern (its headings 一台 …
二十四台), added up by hand for the hand written next to it, with the line
it comes from quoted. Defaults: dealer east, round wind east, winner south
(seat wind south), won on north's discard.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from service.core.errors import RuleViolation
from service.core.tiles import parse_tiles
from service.rulesets.taiwan.value_table import ROWS, TAI
from tests.helpers import TSUMO, ron
from tests.rulesets.taiwan.test_tai import P, count
from tests.rulesets.taiwan.test_tiles import evaluate, hand, meld, tai_of

YUE = "yue_wikibooks"


def yue(concealed: str, win_tile: str, **extra: Any) -> dict[str, Any]:
    return hand(concealed, win_tile, preset=YUE, **extra)


# --- the values: the extract's heading of each pattern --------------------------------

VALUES = [
    # 一台 門清、半求、莊、獨聽 (中洞、站壁、單釣)、搶槓、自摸、槓上開花、海底撈月
    *((code, 1) for code in ("concealed", "half_melded", "single_wait", "edge_wait", "closed_wait", "pair_wait")),
    *((code, 1) for code in ("robbing_kong", "self_draw", "win_on_replacement", "last_tile_self_draw")),
    ("all_melded", 3),  # 全求 計埋獨聽1台，夾埋3台
    ("concealed_self_draw", 3),  # 不求.自摸 (2) 同門清合稱「門清一摸三」
    ("all_chows", 2),
    ("three_concealed_pungs", 2),
    ("four_concealed_pungs", 2),  # not listed: a hand with four concealed pungs has 三暗坎
    ("flower_set", 2),  # 拎同色花槓(春夏秋冬或梅蘭菊竹)改計2台
    ("all_pungs", 4),
    ("half_flush", 4),
    ("little_three_dragons", 4),
    ("earthly_ready", 4),
    ("little_four_winds", 8),
    ("big_three_dragons", 8),
    ("eight_immortals", 8),
    ("seven_robs_one", 8),
    ("heavenly_ready", 8),
    ("human_win", 8),
    ("full_flush", 12),  # 十二台 清一色
    ("flower_win_from_deal", 12),
    ("all_honours", 16),  # 十六台 字一色
    ("five_concealed_pungs", 16),  # 五暗坎
    ("big_four_winds", 16),
    ("heavenly_win", 16),
    ("earthly_win", 16),
    # the 36 patterns only the extract names
    *((code, 2) for code in ("five_kinds", "pure_double_chow", "four_in_two", "mixed_shifted_chows", "mixed_shifted_pungs")),
    *((code, 4) for code in ("mixed_straight", "triple_pung", "four_in_three")),
    *((code, 2) for code in ("two_shifted_pungs", "two_suit_pungs", "two_suit_chows")),  # 一組2台
    # 四台: 雙2連刻, 雙2色同刻, 雙兩相連 — the 雙 (two groups) forms, listed under 四台
    *((code, 4) for code in ("double_two_shifted_pungs", "double_two_suit_pungs", "double_two_suit_chows")),
    *((code, 8) for code in ("earthly_ready_first", "seven_pairs_and_pung", "two_kongs_bloom", "knitted_straight")),
    *((code, 8) for code in ("knitted_alike", "three_kongs", "four_shifted_chows", "four_in_four")),
    *((code, 10) for code in ("sixteen_unrelated", "outside_hand", "mixed_nine_gates")),
    *((code, 12) for code in ("mixed_thirteen_orphans", "all_green", "three_kongs_bloom", "five_shifted_chows")),
    *((code, 12) for code in ("four_shifted_pungs", "mixed_terminals")),
    *((code, 16) for code in ("five_shifted_pungs", "four_kongs", "four_identical_chows", "pure_terminals")),
    ("pure_thirteen_orphans", 20),
    ("pure_nine_gates", 20),  # 清九連寶燈，20台
    ("five_kongs", 24),
    ("true_sixteen_unrelated", 24),
    # not in the extract's list: not scored
    *(
        (code, 0)
        for code in (
            "declared_ready",
            "last_discard",
            "any_flower",
            "any_wind_pung",
            "exposed_kong",
            "concealed_kong",
            "no_honours_no_flowers",
        )
    ),
]


@pytest.mark.parametrize(("code", "tai"), VALUES, ids=[code for code, _ in VALUES])
def test_value(code: str, tai: int) -> None:
    assert TAI[YUE][code] == tai


def test_every_row_has_its_value() -> None:
    assert {code for code, _ in VALUES} | {
        "dealer",
        "dealer_streak",
        "unaided",
        "round_wind",
        "seat_wind",
        "dragon_pung",
        "own_flower",
    } >= {row.code for row in ROWS}


def test_the_extracts_rows_are_not_scored_by_the_tai_tables_presets(client) -> None:
    rows = {row["code"]: row for row in client.get("/v1/taiwan/tai-table", params={"preset": "default"}).json()["rows"]}
    assert rows["five_kongs"]["scored"] is False and rows["five_kongs"]["cell"] == "未列" and rows["five_kongs"]["tai"] == 0
    mine = {row["code"]: row for row in client.get("/v1/taiwan/tai-table", params={"preset": YUE}).json()["rows"]}
    assert mine["five_kongs"]["scored"] is True and mine["five_kongs"]["tai"] == 24
    assert mine["declared_ready"]["scored"] is False and mine["declared_ready"]["cell"] == "未列"


# --- the extract's own rules ---------------------------------------------------------


def test_all_honours_less_four_with_big_three_dragons() -> None:
    # 字一色 16 … 如果包含大/小四喜或大/小三元，計完台數之後應該減除4台 — 16 − 4 + 大三元 8
    result = count([P("all_honours"), P("big_three_dragons"), P("all_pungs")], preset=YUE)
    assert result.tai == 16 - 4 + 8
    item = next(item for item in result.items if item.code == "all_honours")
    assert (item.tai, item.deducted) == (12, 4)


def test_all_honours_from_tiles_with_little_four_winds() -> None:
    # 東東東 南南南 西西西 白白白 中中中 北 + 北 on a discard (the pair): 字一色 16 − 4 (小四喜 in it) + 小四喜 8
    # + 圈風 東 1 + 門風 南 1 + 箭字坎 ×2 + 五暗坎 16 (the five pungs all concealed) + 單釣 1;
    # 對對胡 not counted (唔計做對對糊而計做字一色), nor 門清 (五暗坎: 門清、對對胡就唔會計台)
    found, items = tai_of(yue("111222333z44z555777z", "4z"))
    assert items["all_honours"] == 12 and items["all_pungs"] == 0 and items["concealed"] == 0
    assert found == 12 + 8 + 1 + 1 + 2 + 16 + 1


def test_five_concealed_pungs_self_drawn() -> None:
    # 五暗坎 例: 111666筒 3338索 777萬 中中中 +8索 — 16, 門清、對對胡就唔會計台，如果係自摸，計多台
    # 不求人、自摸2台; + 單釣 1 + 箭字坎 中 1
    found, items = tai_of(yue("111666p3338s777m777z8s", "8s", win=TSUMO))
    assert found == 16 + 2 + 1 + 1
    assert items["five_concealed_pungs"] == 16 and items["all_pungs"] == 0


def test_five_concealed_pungs_on_a_discard() -> None:
    # the same on a discard: the 8s pair is still concealed: 16 + 單釣 1 + 中 1 (門清 not counted)
    found, items = tai_of(yue("111666p3338s777m777z8s", "8s"))
    assert found == 18 and items["concealed"] == 0


def test_all_melded_includes_the_pair_wait() -> None:
    # 全求 … 得返一隻單釣糊銃，就係全求。計埋獨聽1台，夾埋3台
    five = [meld("chow", "123m"), meld("chow", "456m"), meld("chow", "789m"), meld("chow", "234p"), meld("chow", "567s")]
    found, items = tai_of(yue("88p", "8p", melds=five))
    assert found == 3 and items["pair_wait"] == 0


def test_half_melded_counts_wait_and_self_draw() -> None:
    # 半求 … 暗牌得返1張加自摸，計埋獨聽同自摸共3台
    five = [meld("chow", "123m"), meld("chow", "456m"), meld("chow", "789m"), meld("chow", "234p"), meld("chow", "567s")]
    found, _ = tai_of(yue("88p", "8p", win=TSUMO, melds=five))
    assert found == 3


def test_flower_set_replaces_its_own_flower() -> None:
    # 花牌：合開門序1台，拎同色花槓改計2台 — south holds f1–f4 (f2 its own) and s2: 花槓 2 + 正花 s2 1
    found, items = tai_of(yue("123456789m234p567s88p", "2p", flowers=["f1", "f2", "f3", "f4", "s2"]))
    assert items["flower_set"] == 2 and items["own_flower"] == 1
    assert found == 2 + 1 + 1  # + 門清 1 (平胡 needs 無花)


# --- worked examples ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "tai", "waits"),
    [
        # 嚦咕嚦咕 例: 224499筒 33777索 1萬 東東 南南（+1萬，單釣加1台）: 8 + 單釣 1 + 門清 1
        (yue("224499p33777s1m1122z1m", "1m"), 8 + 1 + 1, "1m"),
        # 33377筒 116677索 555萬 發發（聽二洞：+3筒 或 +5萬）: 8 + 4歸2 2 (3333筒 as two pairs: 哩咕哩咕亦得) + 門清 1
        (yue("33377p116677s555m66z3p", "3p"), 8 + 2 + 1, "5m3p"),
        # 113344 667799筒 南南 中中（聽八洞，加計湊一色，+中加1台）: 8 + 湊一色 4 + 中 1 + 門清 1
        (yue("113344667799p2277z7z", "7z"), 8 + 4 + 1 + 1, "134679p27z"),
    ],
    ids=["single_wait", "two_waits", "eight_waits"],
)
def test_seven_pairs_and_pung_examples(body: dict[str, Any], tai: int, waits: str) -> None:
    result = evaluate(body)
    assert result["tai"] == tai
    assert result["waits"] == waits
    assert result["arrangement"][0]["kind"] == "special"


def test_seven_pairs_and_pung_is_not_a_hand_elsewhere() -> None:
    with pytest.raises(RuleViolation):
        tai_of(hand("224499p33777s1m1122z1m", "1m"))


# --- each of the 36 patterns from tiles ---------------------------------------------------

FROM_TILES = [
    # 五門齊: 123m 456p 789s 東東東 中中中 + 55m: 2 + 圈風 1 + 中 1 + 門清 1
    ("five_kinds", yue("123m456p789s111z777z5m5m", "5m"), 2),
    # 般高: 123m 123m 456p 789s 234s + 99p: 2 + 門清 1 + 平胡 2 (two-sided 3s)
    ("pure_double_chow", yue("123123m456p789s24s99p3s", "3s"), 2),
    # 4歸2: 111m + 123m (four 1m in two sets) 456p 789s 234s 99p
    ("four_in_two", yue("111123m456p789s24s99p3s", "3s"), 2),
    # 三色步高: 123m 234p 345s
    ("mixed_shifted_chows", yue("123m234p345s789m55z666z", "6z"), 2),
    # 三色連刻: 222m 333p 444s
    ("mixed_shifted_pungs", yue("222m333p444s789m11z666z", "6z"), 2),
    # 混龍: 123m 456p 789s
    ("mixed_straight", yue("123m456p789s789m55z666z", "6z"), 4),
    # 三色同刻: 777m 777p 777s
    ("triple_pung", yue("777m777p777s123m55z666z", "6z"), 4),
    # 雙2連刻 (四台): 22 33m (2連刻) and 66 77p (2連刻): 2組2連刻, 4
    ("double_two_shifted_pungs", yue("222333m666777p55z666z", "6z"), 4),
    # one 2連刻 (一組2台): 222 333m, the rest chows
    ("two_shifted_pungs", yue("222333m123p789p55z666z", "6z"), 2),
    # 4歸3: 1112 … 11m pair + 123m 123m: four 1m over two chows and the pair
    ("four_in_three", yue("11123123m456p789s666z", "6z"), 4),
    # 雙2色同刻: 222m 222p (one group)
    ("two_suit_pungs", yue("222m222p123s789s55z666z", "6z"), 2),
    # 雙兩相連 (四台): 123m 123p and 789m 789p: 兩個2色同順, 4
    ("double_two_suit_chows", yue("123789m123789p55z666z", "6z"), 4),
    # one 2色同順 (一組2台): 123m 123p
    ("two_suit_chows", yue("123m123p456s789s55z666z", "6z"), 2),
    # 雙2色同刻 (四台): 222m 222p and 888m 888p: 2組2色同刻, 4
    ("double_two_suit_pungs", yue("222888m222888p55z666z", "6z"), 4),
    # 嚦咕嚦咕: seven pairs and a pung
    ("seven_pairs_and_pung", yue("224499p33777s1m1122z1m", "1m"), 8),
    # 不塔龍: 258m 147p 369s (1 to 9, no two next to each other) + the seven honours, 東 twice (16不塔 10 + 8)
    ("knitted_straight", yue("258m147p369s11234567z", "1z"), 8),
    # 不塔3相連: 135m 135p 135s + honours + 1z twice (not 1–9: 16不塔 10 + 8)
    ("knitted_alike", yue("135m135p135s11234567z", "1z"), 8),
    # 三杠子: three concealed kongs
    (
        "three_kongs",
        yue(
            "123m55z666z",
            "6z",
            melds=[meld("kong", "2222p", True), meld("kong", "3333s", True), meld("kong", "9999m", True)],
        ),
        8,
    ),
    # 1色4步高: 123 234 345 456m
    ("four_shifted_chows", yue("123234345456m55z666z", "6z"), 8),
    # 4歸4: 123m 234m 345m 345m: the four 3m in four chows
    ("four_in_four", yue("123234345345m55z666z", "6z"), 8),
    # 16不塔: 147 in each suit (no two next to each other), the seven honours, 東 twice
    ("sixteen_unrelated", yue("147m147p147s11234567z", "1z"), 10),
    # 全帶么九: 123m 789p 111s 999s 東東東 + 99m
    ("outside_hand", yue("123m789p111999s111z99m", "9m"), 10),
    # 混九連寶燈: 1112345678999m + 5m, and 中中中 of another kind
    ("mixed_nine_gates", yue("11123456789995m777z", "7z"), 10),
    # 混13么: the thirteen, 1m twice (the eye) and a chow 123p
    ("mixed_thirteen_orphans", yue("119m19p19s1234567z123p", "3p"), 12),
    # 綠一色: 22s 234s 234s 666s 888s 發發發 — nothing but 23468索 and 發
    ("all_green", yue("22234234666888s666z", "6z"), 12),
    # 1色5步高: 123 234 345 456 567m + 55z
    ("five_shifted_chows", yue("123234345456567m55z", "5z"), 12),
    # 四連刻: 222 333 444 555m
    ("four_shifted_pungs", yue("222333444555m123p55z", "5z"), 12),
    # 混老頭: 111m 999p 111s 東東東 中中中 + 99s
    ("mixed_terminals", yue("111m999p111s111z777z99s", "9s"), 12),
    # 五連刻: 222 333 444 555 666m + 55z
    ("five_shifted_pungs", yue("222333444555666m55z", "5z"), 16),
    # 4槓子: four concealed kongs
    (
        "four_kongs",
        yue(
            "55z666z",
            "6z",
            melds=[meld("kong", "2222p", True), meld("kong", "3333s", True), meld("kong", "9999m", True), meld("kong", "1111z", True)],
        ),
        16,
    ),
    # 4連大寶: 123m ×4
    ("four_identical_chows", yue("123123123123m55z666z", "6z"), 16),
    # 清老頭: 111m 999m 111p 999p 111s + 99s
    ("pure_terminals", yue("111999m111999p111s99s", "9s"), 16),
    # 清13么: the thirteen, 1m twice (the eye) and a pung of 5p
    ("pure_thirteen_orphans", yue("119m19p19s1234567z555p", "5p"), 20),
    # 清九連寶燈: 1112345678999m + 5m + 234m
    ("pure_nine_gates", yue("1112345678999m5234m", "4m"), 20),
    # 5槓子: five concealed kongs and a pair
    (
        "five_kongs",
        yue(
            "55z",
            "5z",
            melds=[
                meld("kong", "2222p", True),
                meld("kong", "3333s", True),
                meld("kong", "9999m", True),
                meld("kong", "1111z", True),
                meld("kong", "7777z", True),
            ],
        ),
        24,
    ),
    # 正宗16不塔: 147萬+258筒+369條+7組字牌+一眼
    ("true_sixteen_unrelated", yue("147m258p369s11234567z", "1z"), 24),
]


@pytest.mark.parametrize(("code", "body", "tai"), FROM_TILES, ids=[row[0] for row in FROM_TILES])
def test_each_pattern_from_tiles(code: str, body: dict[str, Any], tai: int) -> None:
    _, items = tai_of(body)
    assert items.get(code) == tai, items


def test_the_extracts_patterns_are_not_counted_by_other_presets() -> None:
    # 三色同刻 is not a row of the Taiwan tai table: under its presets the hand scores none of it
    body = hand("777m777p777s123m55z666z", "6z")
    _, items = tai_of(body)
    assert "triple_pung" not in items


# --- hands that add up in full --------------------------------------------------------------


def test_mixed_straight_hand_in_full() -> None:
    # 123m 456p 789s 789m 55z 666z +6z (發 completed by north's discard): 混龍 4 + 雙兩相連 one group
    # (789m 789s: 2色同順, 一組2台) 2 + 箭字坎 1 + 門清 1
    found, _ = tai_of(yue("123m456p789s789m55z666z", "6z"))
    assert found == 4 + 2 + 1 + 1


def test_five_kongs_in_full() -> None:
    # five concealed kongs 2222p 3333s 9999m 東東東東 中中中中 + 白白 won on the pair: 5槓子 24 (4槓子、三杠子
    # in it) + 五暗坎 16 (暗槓都計; 門清、對對胡 not counted) + 五門齊 2 (筒, 索, 萬, 風, 箭: one set each)
    # + 圈風 東 1 + 箭字坎 中 1 + 單釣 1
    found, items = tai_of(FROM_TILES[[row[0] for row in FROM_TILES].index("five_kongs")][1])
    assert items["five_kongs"] == 24 and items["five_concealed_pungs"] == 16
    assert found == 24 + 16 + 2 + 1 + 1 + 1


# --- properties -----------------------------------------------------------------------------


@st.composite
def seven_pairs_and_a_pung(draw: st.DrawFn) -> dict[str, Any]:
    """Seven pairs (a tile at most twice: four of it) and a pung of another tile, concealed."""
    pung = draw(st.integers(0, 33))
    pairs = draw(st.lists(st.integers(0, 33).filter(lambda tile: tile != pung), min_size=7, max_size=7))
    counts = [0] * 34
    counts[pung] = 3
    for tile in pairs:
        counts[tile] += 2
    assume(max(counts) <= 4)
    tiles = [tile for tile, n in enumerate(counts) for _ in range(n)]
    win = draw(st.sampled_from(tiles))
    text = "".join(f"{tile % 9 + 1}{'mpsz'[tile // 9]}" for tile in tiles)
    return yue(text, f"{win % 9 + 1}{'mpsz'[win // 9]}", win=draw(st.sampled_from([TSUMO, ron("north")])))


@settings(max_examples=80, deadline=None)
@given(seven_pairs_and_a_pung())
def test_every_seven_pairs_and_a_pung_is_read(body: dict[str, Any]) -> None:
    # 嚦咕嚦咕 由七個對子同一個刻子組成: the hand is worth at least its 8 (another reading may be worth more),
    # the winning tile is among the waits, and the items posted as patterns give the same tai
    result = evaluate(body)
    assert result["tai"] >= 8
    waits = {f"{read.tile % 9 + 1}{'mpsz'[read.tile // 9]}" for read in parse_tiles(result["waits"], "w", False)}
    assert body["tiles"]["win_tile"] in waits
    posted = [{"code": item["code"], "count": item["count"]} for item in result["items"]]
    assert count([P(item["code"], item["count"]) for item in posted], preset=YUE).tai == result["tai"]


@pytest.mark.parametrize(
    ("double", "single"),
    [
        ("double_two_shifted_pungs", "two_shifted_pungs"),
        ("double_two_suit_pungs", "two_suit_pungs"),
        ("double_two_suit_chows", "two_suit_chows"),
    ],
)
def test_the_double_forms_from_patterns(double: str, single: str) -> None:
    # 雙2連刻，2組2連刻（一組2台）(listed under 四台): the 雙 form is 4 and holds the one group (2);
    # one group listed twice is the same 2 × 2 = 4
    assert count([P(double)], preset=YUE).tai == 4
    assert count([P(double), P(single)], preset=YUE).tai == 4
    assert count([P(single, 2)], preset=YUE).tai == 4
    assert count([P(single)], preset=YUE).tai == 2
