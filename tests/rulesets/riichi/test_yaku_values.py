"""Riichi yaku whose worth the table's options decide, and the two rules that
drop items from a count, each tested alone.

Source: the Wikibooks extract (seeds: 日本麻雀計番): 人和 listed under 五番役以上
(a mangan) "亦可以設定人胡為跳滿，倍滿，三倍滿或役滿"; 雙倍役滿 純正九蓮寶燈,
大四喜, 國士無雙十三面, 四暗刻單騎, 大七星 "可以設定大四喜為單倍役滿"; 役滿
"唔可以有非役滿加計". The riichi scoring article: 複合役滿 is a rule. The han
are the extract's (立直 1, 斷么九 1, 清一色 6) and the limit ladder's (滿貫 5).
"""

from __future__ import annotations

import pytest

from service.rulesets.riichi.hand.counting import (
    OPTION_VALUED,
    YAKU_ITEMS,
    _double_yakuman_value,
    _drop_beside_yakuman,
    _fixed_value,
    _renhou_or_the_rest,
    _renhou_value,
)
from service.rulesets.riichi.yaku_rules import YakuOptions

DOUBLE_YAKUMAN = {"junsei_chuuren_poutou", "daisuushii", "kokushi_musou_13", "suuankou_tanki", "daichisei"}
"""The extract's 雙倍役滿: 純正九蓮寶燈, 大四喜, 國士無雙十三面, 四暗刻單騎, 大七星."""


def test_the_option_valued_yaku_are_the_double_yakuman_and_renhou() -> None:
    assert set(OPTION_VALUED) == DOUBLE_YAKUMAN | {"renhou"}


@pytest.mark.parametrize(("double", "expected"), [(True, (2, None)), (False, (1, None))])
def test_a_double_yakuman_counts_twice_or_once(double: bool, expected: tuple[int, None]) -> None:
    assert _double_yakuman_value(YakuOptions(double_yakuman=double)) == expected
    for code in DOUBLE_YAKUMAN:
        assert OPTION_VALUED[code](YakuOptions(double_yakuman=double)) == expected


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("mangan", (0, "mangan")),
        ("haneman", (0, "haneman")),
        ("baiman", (0, "baiman")),
        ("sanbaiman", (0, "sanbaiman")),
        ("yakuman", (1, None)),
    ],
)
def test_renhou_is_the_limit_or_the_yakuman_the_table_sets(rule: str, expected: tuple[int, str | None]) -> None:
    assert _renhou_value(YakuOptions(renhou=rule)) == expected  # type: ignore[arg-type]


def test_renhou_is_a_mangan_by_default() -> None:
    assert _renhou_value(YakuOptions()) == (0, "mangan")


def test_a_yaku_no_option_changes_is_worth_its_row() -> None:
    assert _fixed_value("nagashi_mangan") == (0, "mangan")  # 流局滿貫
    assert _fixed_value("daisangen") == (1, None)  # 大三元, a yakuman


def test_beside_a_yakuman_the_other_items_add_nothing() -> None:
    items = [YAKU_ITEMS["riichi", 1, 0], YAKU_ITEMS["daisangen", 0, 1], YAKU_ITEMS["tsuuiisou", 0, 1]]
    _drop_beside_yakuman(items, 1, multiple_yakuman=True)
    assert [(item.code, item.han, item.yakuman, item.dropped) for item in items] == [
        ("riichi", 0, 0, "yakuman"),
        ("daisangen", 0, 1, None),
        ("tsuuiisou", 0, 1, None),
    ]


def test_without_multiple_yakuman_only_the_first_highest_yakuman_counts() -> None:
    items = [YAKU_ITEMS["daisangen", 0, 1], YAKU_ITEMS["daisuushii", 0, 2], YAKU_ITEMS["tsuuiisou", 0, 1]]
    _drop_beside_yakuman(items, 2, multiple_yakuman=False)
    assert [(item.code, item.yakuman, item.dropped) for item in items] == [
        ("daisangen", 0, "multiple_yakuman_off"),
        ("daisuushii", 2, None),
        ("tsuuiisou", 0, "multiple_yakuman_off"),
    ]


def test_renhou_counts_instead_when_it_is_higher() -> None:
    # renhou as mangan 5 han against riichi 1 + tanyao 1 = 2 han: 5 count
    items = [YAKU_ITEMS["renhou", 5, 0], YAKU_ITEMS["riichi", 1, 0], YAKU_ITEMS["tanyao", 1, 0]]
    assert _renhou_or_the_rest(items, 0, 7) == 5
    assert [(item.code, item.han, item.dropped) for item in items] == [
        ("renhou", 5, None),
        ("riichi", 0, "renhou_counts_instead"),
        ("tanyao", 0, "renhou_counts_instead"),
    ]


def test_renhou_is_dropped_when_the_other_yaku_are_higher() -> None:
    # chinitsu 6 han against renhou as mangan 5: 11 − 5 = 6 count
    items = [YAKU_ITEMS["chinitsu", 6, 0], YAKU_ITEMS["renhou", 5, 0]]
    assert _renhou_or_the_rest(items, 1, 11) == 6
    assert [(item.code, item.han, item.dropped) for item in items] == [("chinitsu", 6, None), ("renhou", 0, "other_yaku_higher")]
