"""The Wikibooks extract's Hong Kong rows defined with no fan printed (蔴雀番種 二或三色刻類, 22 rows, and
一臺草 of 花牌類): fan-table rows with `valued: false`, worth `rules.unvalued_fan` (default 0: not counted,
not listed from tiles). Each hand below is built from the row's own line (quoted)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.hongkong.unvalued import UNVALUED_ROWS, mixed_flower_set, unvalued_patterns
from tests.helpers import TSUMO, ron
from tests.seeds import seed_file

SEED_NAMES = [
    "二色連刻",
    "二色老少刻",
    "二色同刻",
    "二色三連刻",
    "二色三嵌刻",
    "二色三筋刻",
    "二色三頂刻",
    "三色小同刻",
    "三色連刻",
    "三色同刻",
    "三色三嵌刻",
    "三色三筋刻",
    "三色三頂刻",
    "二色四連刻",
    "二色四嵌刻",
    "三色四連刻",
    "三色四嵌刻",
    "雲梯",
    "銀梯",
    "二色同槓",
    "三色同槓",
    "三色連槓",
    "一臺草",
]


def test_the_rows_are_the_extracts_in_its_order() -> None:
    text = seed_file("003").read_text(encoding="utf-8")
    assert [row[2] for row in UNVALUED_ROWS] == SEED_NAMES
    for _, _, name, _, line in UNVALUED_ROWS:
        # each heading is followed by its line (• …)
        assert f"\n{name}\n\n• {line}" in text or f"\n{name}\n\n{line}" in text, name


def test_fan_table_rows_have_no_value_of_their_own(client) -> None:
    rows = {row["code"]: row for row in client.get("/v1/hongkong/fan-table").json()["rows"]}
    unvalued = [row for row in rows.values() if not row["valued"]]
    assert [row["name_zh_hant"] for row in unvalued] == SEED_NAMES
    assert all(row["fan"] == 0 for row in unvalued)
    assert rows["self_draw"]["valued"] is True
    # a table that plays them: the house value
    valued_at = client.get("/v1/hongkong/fan-table", params={"unvalued_fan": 2}).json()["rows"]
    assert {row["fan"] for row in valued_at if not row["valued"]} == {2}


M, P, S = 0, 9, 18  # first tile of characters, dots, bamboo (tile index = suit start + number − 1)


@pytest.mark.parametrize(
    ("triplets", "kongs", "pair", "expected"),
    [
        # 二色連刻: 二種花色嘅二組刻組成等差數列，數列公差為1 — 3m 4p
        ([M + 2, P + 3], [], 27, ["two_suit_shifted_pungs"]),
        # 二色老少刻: 公差為8 — 1m 9s
        ([M + 0, S + 8], [], 27, ["two_suit_terminal_pungs"]),
        # 二色同刻: 二種花色嘅二組刻啲數一樣 — 5m 5p
        ([M + 4, P + 4], [], 27, ["two_suit_same_pungs"]),
        # 三色小同刻: 二色同刻 + 另一色數一樣嘅雀頭 — 5m 5p, pair 5s
        ([M + 4, P + 4], [], S + 4, ["three_suit_little_same_pungs"]),
        # 二色三連刻: 二種花色嘅三組刻, 公差為1 — 2m 3p 4m
        ([M + 1, P + 2, M + 3], [], 27, ["two_suit_three_shifted_pungs"]),
        # 二色三嵌刻 (2), 二色三筋刻 (3), 二色三頂刻 (4): 1m 3p 5m; 1m 4p 7m; 1m 5p 9m
        ([M + 0, P + 2, M + 4], [], 27, ["two_suit_three_skip_pungs"]),
        ([M + 0, P + 3, M + 6], [], 27, ["two_suit_three_step_three_pungs"]),
        ([M + 0, P + 4, M + 8], [], 27, ["two_suit_three_step_four_pungs"]),
        # 三色連刻 / 三色同刻 / 三色三嵌刻 / 三色三筋刻 / 三色三頂刻: 三種花色嘅三組刻
        ([M + 2, P + 3, S + 4], [], 27, ["three_suit_shifted_pungs"]),
        ([M + 6, P + 6, S + 6], [], 27, ["three_suit_same_pungs"]),
        ([M + 0, P + 2, S + 4], [], 27, ["three_suit_three_skip_pungs"]),
        ([M + 0, P + 3, S + 6], [], 27, ["three_suit_three_step_three_pungs"]),
        ([M + 0, P + 4, S + 8], [], 27, ["three_suit_three_step_four_pungs"]),
        # 二色四連刻 / 二色四嵌刻 / 三色四連刻 / 三色四嵌刻: 四組刻
        ([M + 1, P + 2, M + 3, P + 4], [], 27, ["two_suit_four_shifted_pungs"]),
        ([M + 0, P + 2, M + 4, P + 6], [], 27, ["two_suit_four_skip_pungs"]),
        ([M + 1, P + 2, S + 3, M + 4], [], 27, ["three_suit_four_shifted_pungs"]),
        ([M + 0, P + 2, S + 4, M + 6], [], 27, ["three_suit_four_skip_pungs"]),
        # 雲梯 (三種花色…公差為1，雀頭係連續數) and 銀梯 (二種花色…): 2345 with a pair of 6 (or 1)
        ([M + 1, P + 2, S + 3, M + 4], [], P + 5, ["cloud_ladder"]),
        ([M + 1, P + 2, M + 3, P + 4], [], S + 0, ["silver_ladder"]),
        # 二色同槓 / 三色同槓 / 三色連槓: the kongs hold the 刻 pattern of the same sets
        ([M + 4, P + 4], [M + 4, P + 4], 27, ["two_suit_same_kongs"]),
        ([M + 4, P + 4, S + 4], [M + 4, P + 4, S + 4], 27, ["three_suit_same_kongs"]),
        ([M + 2, P + 3, S + 4], [M + 2, P + 3, S + 4], 27, ["three_suit_shifted_kongs"]),
        # none: one suit only (2m 3m), honours
        ([M + 1, M + 2], [], 27, []),
        ([27, 28], [], 0, []),
    ],
)
def test_each_pattern_by_its_line(triplets: list[int], kongs: list[int], pair: int, expected: list[str]) -> None:
    assert unvalued_patterns(triplets, kongs, pair) == expected


def test_the_largest_only() -> None:
    # 6m 6p 6s: 三色同刻 holds its 二色同刻 (6m 6p, 6m 6s, 6p 6s); 1m beside: 1m 6m 6p … none of 公差 5
    assert unvalued_patterns([M + 5, P + 5, S + 5, M + 0], [], 27) == ["three_suit_same_pungs"]


def test_mixed_flower_set() -> None:
    # 一臺草: 攞齊1、2、3、4唔同色嘅花牌; all four of one colour is 一臺花
    assert mixed_flower_set({"f1", "s2", "f3", "s4"})
    assert not mixed_flower_set({"f1", "f2", "f3", "f4"})
    assert not mixed_flower_set({"f1", "s2", "f3"})


def hand(rules: dict[str, Any] | None = None, **tiles: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"winner": "south", "win": ron("north"), "tiles": tiles}
    if rules is not None:
        body["rules"] = rules
    return body


# 555m 555p 555s 123s 99p won on 9p from a discard: 三色同刻 (三種花色嘅，三組刻啲數一樣)
SAME_THREE = {"concealed": "555m555p555s123s9p", "win_tile": "9p", "melds": [], "flowers": ["f1"]}


def items(client: Any, body: dict[str, Any]) -> dict[str, int]:
    response = client.post("/v1/hongkong/hands", json=body)
    assert response.status_code == 200, response.text
    return {item["code"]: item["fan"] for item in response.json()["items"]}


def test_from_tiles_not_listed_by_default(client) -> None:
    found = items(client, hand(**{**SAME_THREE, "concealed": "555m555p555s123s99p"}))
    assert "three_suit_same_pungs" not in found


def test_from_tiles_at_the_house_value(client) -> None:
    # the table says such a pattern is worth 2: 三色同刻 2 on top of the sheet's fan
    body = hand({"unvalued_fan": 2}, **{**SAME_THREE, "concealed": "555m555p555s123s99p"})
    found = items(client, body)
    assert found["three_suit_same_pungs"] == 2
    plain = items(client, hand(**{**SAME_THREE, "concealed": "555m555p555s123s99p"}))
    assert sum(found.values()) == sum(plain.values()) + 2


def test_mixed_flower_set_from_tiles(client) -> None:
    # f1 s2 f3 s4, south (seat 2): 正花 s2 1; 一臺草 at the house value 3
    tiles = {"concealed": "123m456p789s234s55m", "win_tile": "5m", "flowers": ["f1", "s2", "f3", "s4"]}
    body = {"winner": "south", "win": TSUMO, "tiles": tiles, "rules": {"unvalued_fan": 3}}
    found = items(client, body)
    assert found["mixed_flower_set"] == 3


def test_from_patterns(client) -> None:
    # declared: 自摸 1 + 三色同刻 (house value 2) = 3; at the default 0 it is listed with 0
    patterns = [{"code": "self_draw"}, {"code": "three_suit_same_pungs"}]
    at_two = client.post("/v1/hongkong/fan", json={"patterns": patterns, "rules": {"unvalued_fan": 2}}).json()
    assert at_two["fan"] == 3
    at_zero = client.post("/v1/hongkong/fan", json={"patterns": patterns}).json()
    assert at_zero["fan"] == 1
    assert {item["code"]: item["fan"] for item in at_zero["items"]}["three_suit_same_pungs"] == 0


def test_settlement_counts_the_house_value(client) -> None:
    # 自摸 + 門前清 + 三色同刻 2 … from tiles, a self-draw: the settled fan is the evaluation's
    body = {"winner": "south", "win": TSUMO, "tiles": {"concealed": "555m555p555s123s99p", "win_tile": "9p"}, "rules": {"unvalued_fan": 2}}
    response = client.post("/v1/hongkong/settlements", json=body)
    assert response.status_code == 200, response.text
    result = response.json()
    assert {item["code"] for item in result["fan_items"]} >= {"three_suit_same_pungs"}


def test_house_value_is_bounded(client) -> None:
    response = client.post("/v1/hongkong/fan", json={"patterns": [{"code": "self_draw"}], "rules": {"unvalued_fan": 14}})
    assert response.status_code == 400
    assert "unvalued_fan" in response.text
