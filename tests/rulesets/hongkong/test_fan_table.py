"""The Hong Kong fan sheet's Hong Kong fan sheet, row by row: the catalogue and each row
declared on its own.

Every expected value below is copied from the sheet (the Hong Kong fan sheet, 番数表): name
as printed, English name, jyutping (None where the sheet prints none), fan,
and 每只/每组/每台 for rows counted per tile or set. Limit rows (爆棚牌：计十番，
不另加番) score the table's cap.
"""

from __future__ import annotations

import pytest

from service.rulesets.hongkong.counting import FanRequest, PatternEntry, count_fan
from service.rulesets.hongkong.rules import HongKongRules
from service.rulesets.hongkong.value_table import FAN_TABLE

CAP = "cap"

# code, name_zh (as printed), name_zh_hant, name_en, jyutping, fan, per, category
SHEET = [
    # 食胡方式
    ("self_draw", "自摸", "自摸", "Self-draw", "zi6 mo2", 1, None, "winning"),
    ("concealed", "门前清", "門前清", "Concealed hand", "mun4 cin4 cing1", 1, None, "winning"),
    ("win_on_kong", "杠上自摸", "槓上自摸", "Win on kong replacement", None, 1, None, "winning"),
    ("win_on_flower", "花上自摸", "花上自摸", "Win on flower replacement", None, 1, None, "winning"),
    ("robbing_kong", "抢杠", "搶槓", "Robbing the kong", "coeng2 gong3", 1, None, "winning"),
    ("last_tile", "海底捞月", "海底撈月", "Last tile of the wall", "hoi2 dai2 laau4 jyut6", 1, None, "winning"),
    ("last_discard", "海底炮", "海底炮", "Last discard", None, 1, None, "winning"),
    # 花牌
    ("seat_flower", "正花", "正花", "Seat flower or season", "zing3 faa1", 1, "tile", "flowers"),
    ("flower_set", "一台花", "一臺花", "Full flower or season set", "jat1 toi4 faa1", 2, "set", "flowers"),
    ("no_flowers", "无花", "無花", "No bonus tiles", "mou4 faa1", 1, None, "flowers"),
    ("eight_immortals", "八仙过海", "八仙過海", "All eight bonus tiles", "baat3 sin1 gwo3 hoi2", 8, None, "flowers"),
    # 三元牌及风牌
    ("dragon_pong", "红中／发财／白板", "紅中／發財／白板", "Dragon pong", None, 1, "set", "honours"),
    ("seat_wind", "门风", "門風", "Seat wind pong", "mun4 fung1", 1, None, "honours"),
    ("prevailing_wind", "圈风", "圈風", "Prevailing wind pong", "hyun1 fung1", 1, None, "honours"),
    ("little_three_dragons", "小三元", "小三元", "Little three dragons", "siu2 saam1 jyun4", 5, None, "honours"),
    ("big_three_dragons", "大三元", "大三元", "Big three dragons", "daai6 saam1 jyun4", 8, None, "honours"),
    ("little_four_winds", "小四喜", "小四喜", "Little four winds", "siu2 sei3 hei2", 6, None, "honours"),
    # 牌型
    ("chicken_hand", "鸡胡", "雞胡", "Chicken hand", "gai1 wu4", 0, None, "shape"),
    ("all_chows", "平胡", "平胡", "All chows", "ping4 wu4", 1, None, "shape"),
    ("all_pongs", "对对胡", "對對胡", "All pongs", "deoi3 deoi3 wu4", 3, None, "shape"),
    ("half_flush", "混一色", "混一色", "Half flush", "wan6 jat1 sik1", 3, None, "shape"),
    ("mixed_terminals", "混么九", "混么九", "Mixed terminals", "wan6 jiu1 gau2", 4, None, "shape"),
    ("full_flush", "清一色", "清一色", "Full flush", "cing1 jat1 sik1", 7, None, "shape"),
    # 爆棚牌
    ("thirteen_orphans", "十三么", "十三么", "Thirteen orphans", "sap6 saam1 jiu1", CAP, None, "limit"),
    ("nine_gates", "九莲宝灯", "九蓮寶燈", "Nine gates", "gau2 lin4 bou2 dang1", CAP, None, "limit"),
    ("four_kongs", "十八罗汉", "十八羅漢", "Four kongs", "sap6 baat3 lo4 hon3", CAP, None, "limit"),
    ("big_four_winds", "大四喜", "大四喜", "Big four winds", "daai6 sei3 hei2", CAP, None, "limit"),
    ("all_honours", "字一色", "字一色", "All honours", "zi6 jat1 sik1", CAP, None, "limit"),
    ("pure_terminals", "清么九", "清么九", "Pure terminals", "cing1 jiu1 gau2", CAP, None, "limit"),
    ("four_concealed_pongs", "坎坎胡", "坎坎胡", "Four concealed pongs", "ham2 ham2 wu4", CAP, None, "limit"),
    ("heavenly_hand", "天胡", "天胡", "Heavenly hand", "tin1 wu4", CAP, None, "limit"),
    ("earthly_hand", "地胡", "地胡", "Earthly hand", "dei6 wu4", CAP, None, "limit"),
]

ALONE = {
    # declared on their own, these rows bring their self-draw with them:
    # 杠上自摸 / 花上自摸 "连自摸共 2 番"; 海底捞月 "摸最后一只牌自摸" → 1 + 1
    "win_on_kong": 2,
    "win_on_flower": 2,
    "last_tile": 2,
}


def test_the_sheet_has_32_rows_in_its_order() -> None:
    # then the two rows of the Wikibooks extract's 花牌類: 七搶一 and the round's flower, then its rows with no
    # fan printed (二或三色刻類, 22, and 一臺草), checked in test_unvalued.py
    codes = [row.code for row in FAN_TABLE]
    assert codes[: len(SHEET) + 2] == [entry[0] for entry in SHEET] + ["seven_robs_one", "round_flower"]
    assert len(codes) == len(SHEET) + 2 + 23


@pytest.mark.parametrize(("code", "name_zh", "name_zh_hant", "name_en", "jyutping", "fan", "per", "category"), SHEET)
def test_catalogue_row_is_the_sheet(client, code, name_zh, name_zh_hant, name_en, jyutping, fan, per, category) -> None:
    for cap in (10, 13):
        response = client.get("/v1/hongkong/fan-table", params={"fan_cap": cap})
        assert response.status_code == 200
        rows = {row["code"]: row for row in response.json()["rows"]}
        row = rows[code]
        assert row["name_zh"] == name_zh
        assert row["name_zh_hant"] == name_zh_hant
        assert row["name_en"] == name_en
        assert row["jyutping"] == jyutping
        assert row["fan"] == (cap if fan == CAP else fan)
        assert row["limit"] is (fan == CAP)
        assert row["per"] == per
        assert row["category"] == category


@pytest.mark.parametrize(("code", "name_zh", "name_zh_hant", "name_en", "jyutping", "fan", "per", "category"), SHEET)
@pytest.mark.parametrize("cap", [8, 10, 13])
def test_each_row_on_its_own_scores_its_fan(code, name_zh, name_zh_hant, name_en, jyutping, fan, per, category, cap) -> None:
    result = count_fan(FanRequest(patterns=[PatternEntry(code=code)], rules=HongKongRules(fan_cap=cap)))
    expected = cap if fan == CAP else ALONE.get(code, fan)
    assert result.fan == expected
    assert result.limit_hand is (fan == CAP)
    assert result.items[0].code == code
    assert result.items[0].fan == (cap if fan == CAP else fan)


@pytest.mark.parametrize(("code", "name_zh", "name_zh_hant", "name_en", "jyutping", "fan", "per", "category"), SHEET)
def test_each_row_over_http(client, code, name_zh, name_zh_hant, name_en, jyutping, fan, per, category) -> None:
    response = client.post("/v1/hongkong/fan", json={"patterns": [{"code": code}]})
    assert response.status_code == 200, response.text
    body = response.json()
    # default cap 10 (the Hong Kong fan sheet: 十番满胡)
    assert body["fan"] == (10 if fan == CAP else ALONE.get(code, fan))
    assert body["tier"] == ("limit" if fan == CAP else None)


@pytest.mark.parametrize(
    ("code", "name_en", "per", "max_count", "unit_fan"),
    [
        ("seat_flower", "Seat flower or season", "tile", 2, 1),
        ("flower_set", "Full flower or season set", "set", 2, 2),
        ("dragon_pong", "Dragon pong", "set", 3, 1),
    ],
)
def test_rows_counted_per_tile_or_set(client, code, name_en, per, max_count, unit_fan) -> None:
    # 正花 每只 1 (one flower and one season match a seat: 2 at most);
    # 一台花 每台 2 (four flowers, four seasons: 2 sets); 三元牌 每组 1 (3 dragons)
    for count in range(1, max_count + 1):
        body = client.post("/v1/hongkong/fan", json={"patterns": [{"code": code, "count": count}]}).json()
        assert body["fan"] == count * unit_fan
        assert body["items"] == [
            {"code": code, "name_en": name_en, "count": count, "fan": count * unit_fan, "included_in": None, "implied_by": None}
        ]
    too_many = client.post("/v1/hongkong/fan", json={"patterns": [{"code": code, "count": max_count + 1}]})
    # above the schema's bound (3) the body does not decode: 400; below it the rule says no: 422
    assert too_many.status_code == (422 if max_count + 1 <= 3 else 400)
    assert too_many.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in too_many.json()["errors"]] == ["#/patterns/0/count"]


def test_eight_immortals_as_a_limit_hand_in_the_table(client) -> None:
    rows = {
        row["code"]: row for row in client.get("/v1/hongkong/fan-table", params={"eight_immortals": "limit", "fan_cap": 13}).json()["rows"]
    }
    assert rows["eight_immortals"]["fan"] == 13
    assert rows["eight_immortals"]["limit"] is True


def test_fan_table_rejects_a_bad_cap(client) -> None:
    response = client.get("/v1/hongkong/fan-table", params={"fan_cap": 14})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
