"""The Wikibooks extract's riichi yaku list (日本麻雀計番), yaku by yaku: the catalogue, and
each yaku declared on its own with a closed and with an open hand.

Expected values are copied from the Wikibooks extract: the section a yaku is listed
under gives its han (一番役 1, 二番役 2, 三番役 3; 清一色 "六番役"); "如果食糊時
有上碰，就減一番" gives open han = han − 1 (清一色: "如果唔係門前清，就減一番");
"一定要門前清" / "門前清之下" / "門清" mark closed-only yaku; 役滿 counts one
yakuman and 雙倍役滿 two.
"""

from __future__ import annotations

import pytest

from service.rulesets.riichi.hand.value_table import YAKU_TABLE

CLOSED = None  # open_han of a closed-only yaku

# code, name_zh as printed, section, han, open_han (CLOSED: refused when open)
ORDINARY = [
    # 一番役
    ("menzen_tsumo", "門前清自摸和", "one_han", 1, CLOSED),  # 喺門前清情況下自摸食糊
    ("riichi", "立直", "one_han", 1, CLOSED),  # 門前清之下嘅狀態叫糊
    ("ippatsu", "一發", "one_han", 1, CLOSED),  # 立直後
    ("pinfu", "平和", "one_han", 1, CLOSED),  # 一定要喺門前清狀態下叫糊
    ("iipeikou", "一盃口", "one_han", 1, CLOSED),  # 一定要門前清
    ("tanyao", "斷么九", "one_han", 1, 1),
    ("haku", "役牌（三元牌：白）", "one_han", 1, 1),
    ("hatsu", "役牌（三元牌：發）", "one_han", 1, 1),
    ("chun", "役牌（三元牌：中）", "one_han", 1, 1),
    ("seat_wind", "役牌（門風牌）", "one_han", 1, 1),
    ("round_wind", "役牌（圈風牌）", "one_han", 1, 1),
    ("rinshan_kaihou", "嶺上開花", "one_han", 1, 1),
    ("chankan", "搶槓", "one_han", 1, 1),
    ("haitei", "海底模月", "one_han", 1, 1),  # printed 模 (for 摸/撈)
    ("houtei", "河底撈魚", "one_han", 1, 1),
    # 二番役
    ("chiitoitsu", "七對子", "two_han", 2, CLOSED),  # 門清拎到七個唔同嘅對子
    ("chanta", "混全帶么", "two_han", 2, 1),  # 如果食糊時有上碰，就減一番
    ("ittsu", "一氣通貫", "two_han", 2, 1),  # 減一番
    ("sanshoku_doujun", "三色同順", "two_han", 2, 1),  # 減一番
    ("double_riichi", "雙立直", "two_han", 2, CLOSED),  # 立直前有碰、上、槓…就無效
    ("sanshoku_doukou", "三色同刻", "two_han", 2, 2),
    ("sanankou", "三暗刻", "two_han", 2, 2),
    ("sankantsu", "三槓子", "two_han", 2, 2),
    ("toitoi", "對對和", "two_han", 2, 2),
    ("honroutou", "混老頭", "two_han", 2, 2),
    ("shousangen", "小三元", "two_han", 2, 2),
    # 三番役
    ("junchan", "純全帶", "three_han", 3, 2),  # 減一番
    ("honitsu", "混一色", "three_han", 3, 2),  # 減一番
    ("ryanpeikou", "二盃口", "three_han", 3, CLOSED),  # 一定要門前清先計
    # 五番役以上
    ("chinitsu", "清一色", "five_han_plus", 6, 5),  # 六番役…如果唔係門前清，就減一番
]

# code, name_zh as printed, closed_only, yakuman
YAKUMAN = [
    ("daisangen", "大三元", False, 1),
    ("suuankou", "四暗刻", True, 1),
    ("tsuuiisou", "字一色", False, 1),
    ("ryuuiisou", "綠一色", False, 1),
    ("chinroutou", "清老頭", False, 1),
    ("chuuren_poutou", "九蓮寶燈", True, 1),  # 門清配成
    ("kokushi_musou", "國士無雙", True, 1),
    ("tenhou", "天和", True, 1),
    ("chiihou", "地和", True, 1),
    ("shousuushii", "小四喜", False, 1),
    ("suukantsu", "四槓子", False, 1),
    ("daisharin", "大車輪", True, 1),  # 七對子
    ("paarenchan", "八連莊", False, 1),
    ("suurenkou", "四連刻", False, 1),
    ("isshoku_suujun", "一色四順", False, 1),
    # 雙倍役滿
    ("junsei_chuuren_poutou", "純正九蓮寶燈", True, 2),
    ("daisuushii", "大四喜", False, 2),
    ("kokushi_musou_13", "國士無雙十三面", True, 2),
    ("suuankou_tanki", "四暗刻單騎", True, 2),
    ("daichisei", "大七星", True, 2),  # 7對子+字一色
]

NEEDS = {"ippatsu": ["riichi"]}  # 一發：立直後… — declared with riichi (1 + 1)


def table(client, **params) -> dict[str, dict]:
    response = client.get("/v1/riichi/yaku-table", params=params)
    assert response.status_code == 200, response.text
    return {row["code"]: row for row in response.json()["rows"]}


def test_the_list_is_complete_and_in_order() -> None:
    expected = [c for c, *_ in ORDINARY[:30]] + ["nagashi_mangan", "renhou"] + [c for c, *_ in YAKUMAN]
    assert [row.code for row in YAKU_TABLE] == expected


@pytest.mark.parametrize(("code", "name_zh", "section", "han", "open_han"), ORDINARY)
def test_catalogue_ordinary_yaku(client, code, name_zh, section, han, open_han) -> None:
    row = table(client)[code]
    assert (row["name_zh"], row["section"], row["han"], row["open_han"]) == (name_zh, section, han, open_han)
    assert row["closed_only"] is (open_han is CLOSED)
    assert row["yakuman"] == 0
    assert row["name_ja"] and row["name_ja_kanji"] and row["name_en"]


@pytest.mark.parametrize(("code", "name_zh", "closed_only", "yakuman"), YAKUMAN)
def test_catalogue_yakuman(client, code, name_zh, closed_only, yakuman) -> None:
    row = table(client)[code]
    assert (row["name_zh"], row["closed_only"], row["yakuman"], row["han"], row["open_han"]) == (name_zh, closed_only, yakuman, None, None)
    assert row["section"] == ("double_yakuman" if yakuman == 2 else "yakuman")
    # 大四喜 (可以設定大四喜為單倍役滿): with double_yakuman false every double counts once
    assert table(client, double_yakuman="false")[code]["yakuman"] == 1


@pytest.mark.parametrize(("code", "name_zh", "section", "han", "open_han"), ORDINARY)
def test_each_yaku_closed(client, code, name_zh, section, han, open_han) -> None:
    yaku = [*NEEDS.get(code, []), code]
    body = client.post("/v1/riichi/han", json={"yaku": yaku}).json()
    assert body["han"] == han + len(NEEDS.get(code, []))
    assert body["yakuman"] == 0
    assert body["warnings"] == []


@pytest.mark.parametrize(("code", "name_zh", "section", "han", "open_han"), ORDINARY)
def test_each_yaku_open(client, code, name_zh, section, han, open_han) -> None:
    response = client.post("/v1/riichi/han", json={"yaku": [code], "open": True})
    if open_han is CLOSED:
        assert response.status_code == 422, response.text
        assert response.headers["content-type"].startswith("application/problem+json")
        pointers = [e["pointer"] for e in response.json()["errors"]]
        assert "#/open" in pointers and "#/yaku/0" in pointers
    else:
        assert response.status_code == 200, response.text
        assert response.json()["han"] == open_han


@pytest.mark.parametrize(("code", "name_zh", "closed_only", "yakuman"), YAKUMAN)
def test_each_yakuman(client, code, name_zh, closed_only, yakuman) -> None:
    body = client.post("/v1/riichi/han", json={"yaku": [code]}).json()
    assert (body["han"], body["yakuman"], body["tier"]) == (0, yakuman, "double_yakuman" if yakuman == 2 else "yakuman")
    single = client.post("/v1/riichi/han", json={"yaku": [code], "rules": {"double_yakuman": False}}).json()
    assert (single["yakuman"], single["tier"]) == (1, "yakuman")
    opened = client.post("/v1/riichi/han", json={"yaku": [code], "open": True})
    assert opened.status_code == (422 if closed_only else 200)


def test_nagashi_mangan_is_a_mangan(client) -> None:
    # 流局滿貫: …以滿貫分數計算 → the fewest han of a mangan, 5
    row = table(client)["nagashi_mangan"]
    assert (row["name_zh"], row["section"], row["limit"], row["han"]) == ("流局滿貫", "five_han_plus", "mangan", None)
    body = client.post("/v1/riichi/han", json={"yaku": ["nagashi_mangan"]}).json()
    assert (body["han"], body["tier"]) == (5, "mangan")


@pytest.mark.parametrize(
    ("renhou", "han", "yakuman", "tier"),
    [
        # 人和 (亦可以設定人胡為跳滿，倍滿，三倍滿或役滿); the riichi scoring article: 滿貫 5, 跳滿 6, 倍滿 8, 三倍滿 11 飜
        ("mangan", 5, 0, "mangan"),
        ("haneman", 6, 0, "haneman"),
        ("baiman", 8, 0, "baiman"),
        ("sanbaiman", 11, 0, "sanbaiman"),
        ("yakuman", 0, 1, "yakuman"),
    ],
)
def test_renhou_options(client, renhou, han, yakuman, tier) -> None:
    row = table(client, renhou=renhou)["renhou"]
    assert row["name_zh"] == "人和" and row["closed_only"] is True and row["played"] is True
    assert row["limit"] == (None if renhou == "yakuman" else renhou)
    assert row["yakuman"] == yakuman
    body = client.post("/v1/riichi/han", json={"yaku": ["renhou"], "rules": {"renhou": renhou}}).json()
    assert (body["han"], body["yakuman"], body["tier"]) == (han, yakuman, tier)


def test_renhou_off(client) -> None:
    assert table(client, renhou="off")["renhou"]["played"] is False
    response = client.post("/v1/riichi/han", json={"yaku": ["renhou"], "rules": {"renhou": "off"}})
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/rules/renhou", "#/yaku/0"]


def test_open_tanyao_option(client) -> None:
    assert table(client, open_tanyao="false")["tanyao"]["open_han"] is None
    assert table(client, open_tanyao="true")["tanyao"]["open_han"] == 1
    response = client.post("/v1/riichi/han", json={"yaku": ["tanyao"], "open": True, "rules": {"open_tanyao": False}})
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/open", "#/rules/open_tanyao", "#/yaku/0"]
    closed = client.post("/v1/riichi/han", json={"yaku": ["tanyao"], "rules": {"open_tanyao": False}})
    assert closed.json()["han"] == 1


def test_dora_kinds_are_listed_apart(client) -> None:
    bonus = client.get("/v1/riichi/yaku-table").json()["bonus"]
    assert [(b["code"], b["name_zh"], b["han_each"]) for b in bonus] == [
        ("dora", "懸賞牌", 1),
        ("aka_dora", "赤紅5懸賞牌", 1),
        ("ura_dora", "裏面懸賞牌", 1),
        ("nuki_dora", "拔", 1),
    ]


def test_yaku_table_rejects_a_bad_option(client) -> None:
    response = client.get("/v1/riichi/yaku-table", params={"renhou": "double"})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
