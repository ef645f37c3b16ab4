"""Riichi han from yaku: the riichi scoring article's worked examples, dora, yakuman, renhou,
contradictions and bad input; engine and HTTP.

Sources: the riichi scoring article (例一–例六 and the limit ladder 滿貫 5, 跳滿 6–7, 倍滿 8–10,
三倍滿 11–12, 累計役滿 13+; 役滿和種不能與非役滿和種複合), the Wikibooks extract (the yaku
list, dora "當手牌無有翻數嘅時候…都冇得食糊", 裏懸賞牌只有立直至可以攞).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.errors import RuleViolation
from service.rulesets.riichi.hand.counting import HanRequest, count_han
from service.rulesets.riichi.hand.value_table import YAKU_TABLE
from service.rulesets.riichi.yaku_rules import YakuRules

HAN = "/v1/riichi/han"


def han(client, **body: Any) -> dict[str, Any]:
    response = client.post(HAN, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def pointers(response) -> list[str]:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    return sorted(e["pointer"] for e in response.json()["errors"])


# --- the riichi scoring article's worked examples -------------------------------------------------------


def test_example_1_haneman(client) -> None:
    # 例一: 立直 1 + 門前清自摸和 1 + 中 1 + 裡懸賞牌 3 (3只北風) = 共6翻 → 跳滿
    body = han(client, yaku=["riichi", "menzen_tsumo", "chun"], ura_dora=3)
    assert (body["han"], body["tier"]) == (6, "haneman")
    assert [(i["code"], i["count"], i["han"]) for i in body["items"]] == [
        ("riichi", 1, 1),
        ("menzen_tsumo", 1, 1),
        ("chun", 1, 1),
        ("ura_dora", 3, 3),
    ]
    engine = count_han(HanRequest(yaku=["riichi", "menzen_tsumo", "chun"], ura_dora=3))
    assert (engine.han, engine.tier) == (6, "haneman")


def test_example_2_chun_and_a_red_five(client) -> None:
    # 例二 (chi, pon, closed kan of 中: an open hand): 中 1 + 懸賞牌 1 (1隻紅五索) = 共2翻
    body = han(client, yaku=["chun"], aka_dora=1, open=True)
    assert (body["han"], body["tier"], body["warnings"]) == (2, None, [])
    assert count_han(HanRequest(yaku=["chun"], aka_dora=1, open=True)).han == 2


def test_example_3_double_south(client) -> None:
    # 例三 (南3局南位): 立直 1 + 圈風（南）1 + 門風（南）1 + 懸賞牌 1 = 共4翻 (tier then depends on fu)
    body = han(client, yaku=["riichi", "round_wind", "seat_wind"], dora=1)
    assert (body["han"], body["tier"]) == (4, None)


def test_example_4_sanbaiman(client) -> None:
    # 例四: 對對和 2 + 三暗刻 2 + 小三元 2 + 立直 1 + 白 1 + 中 1 + 懸賞 2 = 共11翻 → 三倍滿
    body = han(client, yaku=["toitoi", "sanankou", "shousangen", "riichi", "haku", "chun"], dora=2)
    assert (body["han"], body["tier"]) == (11, "sanbaiman")
    assert count_han(HanRequest(yaku=["toitoi", "sanankou", "shousangen", "riichi", "haku", "chun"], dora=2)).han == 11


def test_example_5_double_yakuman(client) -> None:
    # 例五: 四暗刻、大三元 → 雙倍役滿; the riichi and dora the hand also had are not added
    body = han(client, yaku=["suuankou", "daisangen", "riichi", "menzen_tsumo"], dora=1)
    assert (body["han"], body["yakuman"], body["tier"]) == (0, 2, "double_yakuman")
    assert {i["code"]: (i["yakuman"], i["han"], i["dropped"]) for i in body["items"]} == {
        "suuankou": (1, 0, None),
        "daisangen": (1, 0, None),
        "riichi": (0, 0, "yakuman"),
        "menzen_tsumo": (0, 0, "yakuman"),
        "dora": (0, 0, "yakuman"),
    }


def test_example_5_without_multiple_yakuman(client) -> None:
    # (如規則不設複合役滿，則以役滿計算)
    body = han(client, yaku=["suuankou", "daisangen"], rules={"multiple_yakuman": False})
    assert (body["yakuman"], body["tier"]) == (1, "yakuman")
    assert [i["dropped"] for i in body["items"]] == [None, "multiple_yakuman_off"]


def test_example_6_kazoe_yakuman(client) -> None:
    # 例六 (three players): 三暗刻 2 + 立直 1 + 門前清自摸和 1 + 嶺上開花 1 + 圈風（南）1
    # + 懸賞牌 13 = 共19翻 → 役滿 (counted). The article gives the 13 dora as one sum
    # (3隻🀟×2、4隻🀁、1隻🀕、2隻拔了的🀃); how it splits between kinds does not
    # change the total: 11 dora + 2 set-aside norths here.
    yaku = ["sanankou", "riichi", "menzen_tsumo", "rinshan_kaihou", "round_wind"]
    body = han(client, yaku=yaku, dora=11, nuki_dora=2)
    assert (body["han"], body["tier"]) == (19, "kazoe_yakuman")
    # EMA: 13 飜以上計三倍滿 (the reference calculator)
    assert han(client, yaku=yaku, dora=11, nuki_dora=2, rules={"kazoe": "sanbaiman"})["tier"] == "sanbaiman"


@pytest.mark.parametrize(
    ("total", "tier"),
    # the riichi scoring article: 滿貫 (5), 跳滿（6至7翻）、倍滿（8至10翻）、三倍滿（11至12翻）及累計役滿（13翻或以上）
    [
        (1, None),
        (4, None),
        (5, "mangan"),
        (6, "haneman"),
        (7, "haneman"),
        (8, "baiman"),
        (10, "baiman"),
        (11, "sanbaiman"),
        (12, "sanbaiman"),
        (13, "kazoe_yakuman"),
    ],
)
def test_limit_ladder(client, total, tier) -> None:
    # riichi (1) + dora for the rest
    assert han(client, yaku=["riichi"], dora=total - 1)["tier"] == tier


# --- dora ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["dora", "aka_dora", "nuki_dora"])
def test_dora_alone_is_no_yaku(client, kind) -> None:
    # 當手牌無有翻數嘅時候，即使手上有十隻懸賞牌，都冇得食糊
    body = han(client, yaku=[], **{kind: 2})
    assert body["han"] == 2
    assert [w["code"] for w in body["warnings"]] == ["no_yaku"]


def test_no_yaku_at_all(client) -> None:
    body = han(client, yaku=[])
    assert (body["han"], [w["code"] for w in body["warnings"]]) == (0, ["no_yaku"])


def test_dora_add_one_han_each(client) -> None:
    # tanyao 1 + dora 2 + red fives 3 + ura 1 (with riichi 1) = 8
    body = han(client, yaku=["tanyao", "riichi"], dora=2, aka_dora=3, ura_dora=1)
    assert (body["han"], body["tier"]) == (8, "baiman")


def test_ura_dora_need_riichi(client) -> None:
    # 裏面懸賞牌（只有立直至可以攞）
    assert pointers(client.post(HAN, json={"yaku": ["tanyao"], "ura_dora": 1})) == ["#/ura_dora"]
    assert han(client, yaku=["double_riichi"], ura_dora=1)["han"] == 3


def test_ippatsu_needs_riichi(client) -> None:
    assert pointers(client.post(HAN, json={"yaku": ["tanyao", "ippatsu"]})) == ["#/yaku/1"]
    assert han(client, yaku=["double_riichi", "ippatsu"])["han"] == 3


# --- contradictions ---------------------------------------------------------


@pytest.mark.parametrize("closed", ["riichi", "pinfu"])
def test_an_open_hand_with_riichi_or_pinfu(client, closed) -> None:
    response = client.post(HAN, json={"yaku": ["tanyao", closed], "open": True})
    assert pointers(response) == ["#/open", "#/yaku/1"]
    assert f"`{closed}`" in response.json()["detail"] and "`open`" in response.json()["detail"]
    with pytest.raises(RuleViolation):
        count_han(HanRequest(yaku=[closed], open=True))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("chiitoitsu", "iipeikou"),
        ("honitsu", "chinitsu"),
        ("riichi", "double_riichi"),
        ("iipeikou", "ryanpeikou"),
        ("chanta", "junchan"),
        ("tanyao", "chun"),
        ("pinfu", "toitoi"),
        ("menzen_tsumo", "houtei"),
        ("suuankou", "suuankou_tanki"),
        ("shousuushii", "daisuushii"),
    ],
)
def test_contradictions_name_both_codes(client, first, second) -> None:
    for yaku in ([first, second], [second, first]):
        response = client.post(HAN, json={"yaku": yaku})
        assert pointers(response) == ["#/yaku/0", "#/yaku/1"]
        detail = response.json()["detail"]
        assert f"`{first}`" in detail and f"`{second}`" in detail


def test_shousangen_with_all_three_dragons_is_daisangen(client) -> None:
    assert pointers(client.post(HAN, json={"yaku": ["shousangen", "haku", "hatsu", "chun"]})) == [
        "#/yaku/0",
        "#/yaku/1",
        "#/yaku/2",
        "#/yaku/3",
    ]
    # two dragon pungs with shousangen is the usual 2 + 1 + 1
    assert han(client, yaku=["shousangen", "haku", "chun"])["han"] == 4


def test_nagashi_mangan_stands_alone(client) -> None:
    assert pointers(client.post(HAN, json={"yaku": ["nagashi_mangan", "tanyao"]})) == ["#/yaku/0", "#/yaku/1"]
    assert pointers(client.post(HAN, json={"yaku": ["nagashi_mangan"], "dora": 1})) == ["#/dora", "#/yaku/0"]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # the Wikibooks extract's yakuman shapes
        ("kokushi_musou", "suuankou"),  # 十三么: single terminals and honours, no sets
        ("kokushi_musou_13", "tsuuiisou"),  # 十三么 has 19萬筒索 besides the honours
        ("chuuren_poutou", "daisangen"),  # 一一一二三四五六七八九九九 of one suit
        ("junsei_chuuren_poutou", "suuankou_tanki"),
        ("daisharin", "suuankou"),  # 2~8筒 七對子
        ("daisharin", "daichisei"),  # circles, not honours
        ("daichisei", "daisangen"),  # 7對子+字一色: pairs, no dragon pungs
        ("chinroutou", "daisangen"),  # 一、九嘅刻子同將 無字牌
        ("tsuuiisou", "chinroutou"),  # 全字牌 冇號碼牌
        ("ryuuiisou", "shousuushii"),  # 2、3、4、6、8索同發
        ("isshoku_suujun", "suuankou"),  # 4副序數相同嘅順子
        ("suurenkou", "daisuushii"),  # 4副依次遞增嘅刻子 of one suit, then no room for four wind sets
        # the dealt hand has no kan
        ("tenhou", "suukantsu"),
        ("chiihou", "sankantsu"),
        ("renhou", "suukantsu"),
    ],
)
def test_yakuman_shapes_that_exclude_each_other(client, first, second) -> None:
    for yaku in ([first, second], [second, first]):
        response = client.post(HAN, json={"yaku": yaku})
        assert response.status_code == 422, response.text
        assert pointers(response) == ["#/yaku/0", "#/yaku/1"]


@pytest.mark.parametrize(
    ("yaku", "yakuman"),
    [
        (["suuankou", "daisangen"], 2),  # the riichi scoring article's 例五: 四暗刻、大三元
        (["tsuuiisou", "daisuushii"], 3),
        (["daichisei", "tenhou"], 3),
        (["chinroutou", "suuankou", "suukantsu"], 3),
        (["ryuuiisou", "suuankou"], 2),
        (["ryuuiisou", "isshoku_suujun"], 2),  # 234 234 234 234 + 66 of bamboo
        (["suurenkou", "suuankou", "suukantsu"], 3),
        (["tsuuiisou", "daisangen", "suukantsu"], 3),
        (["tenhou", "kokushi_musou_13"], 3),
    ],
)
def test_yakuman_that_one_hand_can_hold(client, yaku, yakuman) -> None:
    assert han(client, yaku=yaku)["yakuman"] == yakuman


def test_no_consistent_declaration_holds_more_than_seven_yakuman() -> None:
    """Over every set of yakuman no contradiction, dealer rule or win type
    excludes, the most is 7: all honours 1 + big four winds 2 + four
    concealed pungs on a single wait 2 + four kans 1 + eight dealer wins 1.
    So `yakuman` (1–8) can give every hand the yaku can."""
    from service.rulesets.riichi.hand.value_table import CONTRADICTIONS, YAKU_TABLE
    from service.rulesets.riichi.payments import MAX_YAKUMAN
    from service.rulesets.riichi.value import DEALER_YAKU, NON_DEALER_YAKU, RON_YAKU, TSUMO_YAKU

    worth = {row.code: row.yakuman for row in YAKU_TABLE if row.yakuman}
    excluded = {frozenset(pair[:2]) for pair in CONTRADICTIONS}
    excluded |= {frozenset(pair) for pair in ((a, b) for a in DEALER_YAKU for b in NON_DEALER_YAKU)}
    excluded |= {frozenset(pair) for pair in ((a, b) for a in TSUMO_YAKU for b in RON_YAKU)}
    codes = sorted(worth, key=worth.get, reverse=True)
    best: tuple[int, list[str]] = (0, [])

    def search(index: int, chosen: list[str], total: int) -> None:
        nonlocal best
        if total > best[0]:
            best = (total, chosen)
        if index == len(codes) or total + sum(worth[c] for c in codes[index:]) <= best[0]:
            return
        code = codes[index]
        if all(frozenset((code, other)) not in excluded for other in chosen):
            search(index + 1, [*chosen, code], total + worth[code])
        search(index + 1, chosen, total)

    search(0, [], 0)
    assert best[0] == 7 <= MAX_YAKUMAN
    example = ["tsuuiisou", "daisuushii", "suuankou_tanki", "suukantsu", "paarenchan"]
    assert sum(worth[code] for code in example) == 7
    assert not any(frozenset((a, b)) in excluded for a in example for b in example)


def test_each_contradiction_listed_once() -> None:
    from service.rulesets.riichi.hand.value_table import CONTRADICTIONS

    pairs = [frozenset(pair[:2]) for pair in CONTRADICTIONS]
    assert len(pairs) == len(set(pairs))


# --- renhou as a limit -----------------------------------------------------------------


def test_renhou_mangan_does_not_add_to_smaller_yaku(client) -> None:
    # renhou (mangan, 5) against tanyao 1 + pinfu 1: renhou counts, the rest is dropped
    body = han(client, yaku=["renhou", "tanyao", "pinfu"])
    assert (body["han"], body["tier"]) == (5, "mangan")
    assert [i["dropped"] for i in body["items"]] == [None, "renhou_counts_instead", "renhou_counts_instead"]


def test_yaku_worth_more_than_renhou_count_instead(client) -> None:
    # chinitsu 6 + pinfu 1 + iipeikou 1 + 2 dora = 10 > 5: renhou is dropped
    body = han(client, yaku=["renhou", "chinitsu", "pinfu", "iipeikou"], dora=2)
    assert (body["han"], body["tier"]) == (10, "baiman")
    assert body["items"][0]["dropped"] == "other_yaku_higher"


def test_renhou_contradicts_a_self_draw(client) -> None:
    assert pointers(client.post(HAN, json={"yaku": ["renhou", "menzen_tsumo"]})) == ["#/yaku/0", "#/yaku/1"]


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"yaku": ["richii"]}, "#/yaku/0"),
        ({"yaku": "riichi"}, "#/yaku"),
        ({}, "#/yaku"),
        ({"yaku": [], "dora": -1}, "#/dora"),
        ({"yaku": [], "aka_dora": 5}, "#/aka_dora"),
        ({"yaku": [], "nuki_dora": 5}, "#/nuki_dora"),
        ({"yaku": [], "ura_dora": 91}, "#/ura_dora"),
        ({"yaku": [], "open": "yes"}, "#/open"),
        ({"yaku": [], "han": 3}, "#/han"),
        ({"yaku": [], "rules": {"renhou": "double"}}, "#/rules/renhou"),
    ],
)
def test_schema_invalid_is_400(client, body, pointer) -> None:
    response = client.post(HAN, json=body)
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


def test_a_yaku_twice_is_422(client) -> None:
    assert pointers(client.post(HAN, json={"yaku": ["riichi", "tanyao", "riichi"]})) == ["#/yaku/2"]


# --- properties ---------------------------------------------------------------------------

CODES = [row.code for row in YAKU_TABLE]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(CODES), unique=True, max_size=7),
    st.booleans(),
    st.integers(0, 12),
    st.integers(0, 4),
    st.booleans(),
    st.booleans(),
)
def test_han_is_the_sum_of_items(yaku, is_open, dora, aka, double, multiple) -> None:
    rules = YakuRules(double_yakuman=double, multiple_yakuman=multiple)
    try:
        result = count_han(HanRequest(yaku=yaku, open=is_open, dora=dora, aka_dora=aka, rules=rules))
    except RuleViolation:
        return
    assert result.han == sum(item.han for item in result.items)
    assert result.yakuman == sum(item.yakuman for item in result.items)
    assert all(item.han >= 0 and item.yakuman >= 0 for item in result.items)
    if result.yakuman:
        assert result.han == 0
    if not yaku:
        assert [w.code for w in result.warnings] == ["no_yaku"]
    if is_open:
        # an open hand is never worth more than the same yaku closed (減一番 or the same)
        closed = count_han(HanRequest(yaku=yaku, open=False, dora=dora, aka_dora=aka, rules=rules))
        assert result.han <= closed.han and result.yakuman == closed.yakuman


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([row.code for row in YAKU_TABLE if row.yakuman == 0 and row.limit is None]), unique=True, max_size=6),
    st.integers(0, 20),
)
def test_dora_add_exactly_their_count_to_ordinary_yaku(yaku, dora) -> None:
    try:
        without = count_han(HanRequest(yaku=yaku))
    except RuleViolation:
        return
    assert count_han(HanRequest(yaku=yaku, dora=dora)).han == without.han + dora
