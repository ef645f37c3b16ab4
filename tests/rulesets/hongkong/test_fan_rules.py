"""The Hong Kong fan sheet's combination rules, one by one, engine and HTTP; contradictions;
the issue's worked examples; bad input.

Sources: the Hong Kong fan sheet (相加：对对胡＋混一色＝6 · 对对胡＋清一色＝10 · 门前清＋自摸＝2 ·
混一色与清一色不可同计; the rows' own notes 已包括其番, 已包括对对胡, 同时是门风共
2 番, 连自摸共 2 番, 当自摸计; 爆棚牌：计十番，不另加番), the Wikibooks extract (一臺花 每組計兩番，
唔計正花; 拎滿花改計8台; 八仙過海 香港牌當例牌食糊) and the worked examples of the fan rules.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.errors import RuleViolation
from service.rulesets.hongkong.counting import FanRequest, PatternEntry, count_fan
from service.rulesets.hongkong.rules import HongKongRules
from service.rulesets.hongkong.value_table import CONTRADICTIONS, FAN_TABLE


def fan_of(*codes: str | tuple[str, int], **rules: Any) -> int:
    patterns = [PatternEntry(code=c) if isinstance(c, str) else PatternEntry(code=c[0], count=c[1]) for c in codes]
    eight_immortals = rules.pop("eight_immortals", "eight_fan")
    return count_fan(FanRequest(patterns=patterns, eight_immortals=eight_immortals, rules=HongKongRules(**rules))).fan


def post(client, *codes: str | tuple[str, int], **rules: Any):
    patterns = [{"code": c} if isinstance(c, str) else {"code": c[0], "count": c[1]} for c in codes]
    body: dict[str, Any] = {"patterns": patterns}
    if "eight_immortals" in rules:
        body["eight_immortals"] = rules.pop("eight_immortals")
    if rules:
        body["rules"] = rules
    return client.post("/v1/hongkong/fan", json=body)


def items(response) -> dict[str, dict[str, Any]]:
    return {item["code"]: item for item in response.json()["items"]}


def assert_contradiction(response, first: str, second: str, pointers: list[str]) -> None:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert sorted(e["pointer"] for e in problem["errors"]) == sorted(pointers)
    assert f"`{first}`" in problem["detail"] and f"`{second}`" in problem["detail"]


# --- 相加 (the sheet's sums) --------------------------------------------------


def test_all_pongs_plus_half_flush_is_6(client) -> None:
    # 对对胡＋混一色＝6 (3 + 3)
    assert fan_of("all_pongs", "half_flush") == 6
    assert post(client, "all_pongs", "half_flush").json()["fan"] == 6


def test_all_pongs_plus_full_flush_is_10(client) -> None:
    # 对对胡＋清一色＝10 (3 + 7): at the sheet's 10 cap that is the limit
    assert fan_of("all_pongs", "full_flush") == 10
    body = post(client, "all_pongs", "full_flush").json()
    assert (body["fan"], body["fan_paid"], body["tier"], body["limit_hand"]) == (10, 10, "limit", False)
    body = post(client, "all_pongs", "full_flush", fan_cap=13).json()
    assert (body["fan"], body["fan_paid"], body["tier"]) == (10, 10, None)


def test_concealed_plus_self_draw_is_2(client) -> None:
    # 门前清＋自摸＝2
    assert fan_of("concealed", "self_draw") == 2
    body = post(client, "concealed", "self_draw").json()
    assert body["fan"] == 2
    assert body["won_by"] == "self_draw"


def test_half_flush_and_full_flush_never_together(client) -> None:
    # 混一色与清一色不可同计
    with pytest.raises(RuleViolation):
        fan_of("half_flush", "full_flush")
    response = post(client, "half_flush", "all_pongs", "full_flush")
    assert_contradiction(response, "half_flush", "full_flush", ["#/patterns/0/code", "#/patterns/2/code"])


def test_mixed_terminals_includes_all_pongs(client) -> None:
    # 混么九 4 …全部成碰（已包括对对胡）: all pongs adds nothing on top
    assert fan_of("mixed_terminals") == 4
    assert fan_of("mixed_terminals", "all_pongs") == 4
    response = post(client, "mixed_terminals", "all_pongs")
    assert response.json()["fan"] == 4
    assert items(response)["all_pongs"] == {
        "code": "all_pongs",
        "name_en": "All pongs",
        "count": 1,
        "fan": 0,
        "included_in": "mixed_terminals",
        "implied_by": None,
    }


def test_mixed_terminals_with_half_flush_adds(client) -> None:
    # 111 999 of one suit + honour pongs: 混么九 4 + 混一色 3 = 7 (no rule joins them)
    assert post(client, "mixed_terminals", "half_flush").json()["fan"] == 7


def test_little_three_dragons_includes_its_dragon_pongs(client) -> None:
    # 小三元 5: 两组三元牌＋三元牌做眼（已包括其番）: the two dragon pongs add 0
    assert fan_of("little_three_dragons", ("dragon_pong", 2)) == 5
    response = post(client, "little_three_dragons", ("dragon_pong", 2))
    assert response.json()["fan"] == 5
    assert items(response)["dragon_pong"]["included_in"] == "little_three_dragons"
    assert items(response)["dragon_pong"]["fan"] == 0


def test_little_three_dragons_cannot_have_a_third_dragon_pong(client) -> None:
    response = post(client, "little_three_dragons", ("dragon_pong", 3))
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/patterns/0/code", "#/patterns/1/count"]


def test_big_three_dragons_includes_its_dragon_pongs(client) -> None:
    # 大三元 8: 三组三元牌（已包括其番）
    assert fan_of("big_three_dragons", ("dragon_pong", 3)) == 8
    assert post(client, "big_three_dragons", ("dragon_pong", 3)).json()["fan"] == 8


def test_little_and_big_three_dragons_together_is_a_contradiction(client) -> None:
    assert_contradiction(
        post(client, "little_three_dragons", "big_three_dragons"),
        "little_three_dragons",
        "big_three_dragons",
        ["#/patterns/0/code", "#/patterns/1/code"],
    )


def test_prevailing_wind_that_is_also_the_seat_wind_scores_both(client) -> None:
    # 圈风 当圈风的碰或杠；同时是门风共 2 番
    assert fan_of("seat_wind", "prevailing_wind") == 2
    assert post(client, "prevailing_wind", "seat_wind").json()["fan"] == 2


def test_a_flower_set_replaces_its_seat_flower(client) -> None:
    # 一台花 每台 2, 唔計正花 (the Wikibooks extract): the set's own seat flower adds nothing
    assert fan_of(("seat_flower", 1), ("flower_set", 1)) == 2
    response = post(client, ("seat_flower", 1), "flower_set")
    assert items(response)["seat_flower"] == {
        "code": "seat_flower",
        "name_en": "Seat flower or season",
        "count": 1,
        "fan": 0,
        "included_in": "flower_set",
        "implied_by": None,
    }
    # the seat flower of the other set still scores: 1 + 2 = 3
    assert fan_of(("seat_flower", 2), ("flower_set", 1)) == 3
    assert items(post(client, ("seat_flower", 2), "flower_set"))["seat_flower"]["fan"] == 1
    # both sets: 2 × 2, both seat flowers replaced
    assert fan_of(("seat_flower", 2), ("flower_set", 2)) == 4


def test_no_flowers_with_no_flowers_at_all(client) -> None:
    assert post(client, "no_flowers", "self_draw").json()["fan"] == 2


@pytest.mark.parametrize("flower", ["seat_flower", "flower_set", "eight_immortals"])
def test_no_flowers_with_any_flower_is_a_contradiction(client, flower) -> None:
    with pytest.raises(RuleViolation) as caught:
        fan_of("no_flowers", flower)
    assert [p.pointer for p in caught.value.problems] == ["/patterns/0/code", "/patterns/1/code"]
    assert_contradiction(post(client, flower, "no_flowers"), "no_flowers", flower, ["#/patterns/0/code", "#/patterns/1/code"])


@pytest.mark.parametrize("cap", [8, 10, 13])
@pytest.mark.parametrize("limit", [row.code for row in FAN_TABLE if row.limit])
def test_limit_hands_score_the_cap_and_nothing_else(client, limit, cap) -> None:
    # 爆棚牌：计十番，不另加番 — "ten" is the sheet's cap; a table's own cap here
    response = post(client, limit, "concealed", "seat_wind", "seat_flower", fan_cap=cap)
    body = response.json()
    assert (body["fan"], body["fan_paid"], body["tier"], body["limit_hand"]) == (cap, cap, "limit", True)
    assert [(i["code"], i["fan"], i["included_in"]) for i in body["items"]] == [
        (limit, cap, None),
        ("concealed", 0, limit),
        ("seat_wind", 0, limit),
        ("seat_flower", 0, limit),
    ]
    assert [w["code"] for w in body["warnings"]] == ["limit_hand_declared"]


def test_two_limit_hands_still_score_one_cap(client) -> None:
    body = post(client, "all_honours", "big_four_winds").json()
    assert body["fan"] == 10
    assert [i["fan"] for i in body["items"]] == [10, 0]


def test_eight_immortals_is_8_fan_and_counts_as_self_draw(client) -> None:
    # 八仙过海 8: 集齐八只花季：即时食胡，当自摸计
    body = post(client, "eight_immortals").json()
    assert (body["fan"], body["limit_hand"], body["won_by"]) == (8, False, "self_draw")
    # the self-draw it counts as, and the flowers it is made of, add nothing
    # (the Wikibooks extract: 拎滿花(8花牌)改計8台 — eight flowers replace the flower fan)
    body = post(client, "eight_immortals", "self_draw", ("seat_flower", 2), ("flower_set", 2)).json()
    assert body["fan"] == 8
    assert {i["code"]: (i["fan"], i["included_in"]) for i in body["items"]} == {
        "eight_immortals": (8, None),
        "self_draw": (0, "eight_immortals"),
        "seat_flower": (0, "eight_immortals"),
        "flower_set": (0, "eight_immortals"),
    }


def test_eight_immortals_as_a_limit_hand_option(client) -> None:
    # the Wikibooks extract: 八仙過海 … 香港牌當例牌食糊
    body = post(client, "eight_immortals", "concealed", eight_immortals="limit", fan_cap=13).json()
    assert (body["fan"], body["limit_hand"], body["tier"]) == (13, True, "limit")
    assert fan_of("eight_immortals", eight_immortals="limit", fan_cap=8) == 8


def test_eight_immortals_cannot_be_won_on_a_discard(client) -> None:
    assert_contradiction(
        post(client, "eight_immortals", "robbing_kong"), "eight_immortals", "robbing_kong", ["#/patterns/0/code", "#/patterns/1/code"]
    )


@pytest.mark.parametrize("code", ["win_on_kong", "win_on_flower", "last_tile"])
def test_replacement_and_last_tile_wins_bring_their_self_draw(client, code) -> None:
    # 杠上自摸 / 花上自摸: 连自摸共 2 番; 海底捞月 is a self-draw of the last tile
    response = post(client, code)
    assert response.json()["fan"] == 2
    assert items(response)["self_draw"] == {
        "code": "self_draw",
        "name_en": "Self-draw",
        "count": 1,
        "fan": 1,
        "included_in": None,
        "implied_by": code,
    }
    # declaring the self-draw too does not count it twice
    assert post(client, code, "self_draw").json()["fan"] == 2


@pytest.mark.parametrize(
    ("drawn", "discard"), [("self_draw", "robbing_kong"), ("last_tile", "last_discard"), ("win_on_kong", "robbing_kong")]
)
def test_a_self_draw_and_a_discard_win_together_is_a_contradiction(client, drawn, discard) -> None:
    assert_contradiction(post(client, drawn, discard), drawn, discard, ["#/patterns/0/code", "#/patterns/1/code"])


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("chicken_hand", "all_pongs"),
        ("chicken_hand", "full_flush"),
        ("all_chows", "all_pongs"),
        ("all_chows", "dragon_pong"),
        ("full_flush", "dragon_pong"),
        ("full_flush", "seat_wind"),
        ("full_flush", "mixed_terminals"),
        ("heavenly_hand", "earthly_hand"),
    ],
)
def test_other_impossible_pairs(client, first, second) -> None:
    # 鸡胡 没有番种; 平胡 四组顺子; 清一色 没有字牌 (混么九 has honours, else it is 清么九)
    assert_contradiction(post(client, first, second), first, second, ["#/patterns/0/code", "#/patterns/1/code"])


def test_each_impossible_pair_is_listed_once() -> None:
    pairs = [frozenset(pair[:2]) for pair in CONTRADICTIONS]
    assert len(pairs) == len(set(pairs))


def test_chicken_hand_with_flowers_and_self_draw(client) -> None:
    # 鸡胡 0: 没有番种：要靠其他番凑够三番 — here self-draw + two seat flowers = 3
    body = post(client, "chicken_hand", "self_draw", ("seat_flower", 2)).json()
    assert body["fan"] == 3
    assert body["warnings"] == []


def test_little_four_winds_adds_its_wind_pongs(client) -> None:
    # 小四喜 6 carries no 已包括 note on the sheet: seat and prevailing wind pongs add
    assert post(client, "little_four_winds", "seat_wind", "prevailing_wind").json()["fan"] == 8


# --- worked examples of the fan rules -------------------------------------------------------------


def test_example_self_draw_concealed_half_flush_all_pongs_is_8(client) -> None:
    # 1 + 1 + 3 + 3 = 8
    response = post(client, "self_draw", "concealed", "half_flush", "all_pongs")
    body = response.json()
    assert body["fan"] == 8
    assert [(i["code"], i["fan"]) for i in body["items"]] == [("self_draw", 1), ("concealed", 1), ("half_flush", 3), ("all_pongs", 3)]
    assert body["tier"] is None and body["warnings"] == []


def test_example_full_flush_all_pongs_is_10(client) -> None:
    assert post(client, "full_flush", "all_pongs").json()["fan"] == 10


def test_example_big_three_dragons_all_pongs_is_11_limit_at_10(client) -> None:
    # 8 + 3 = 11 → clamped to the 10 cap: the limit
    body = post(client, "big_three_dragons", "all_pongs", fan_cap=10).json()
    assert (body["fan"], body["fan_paid"], body["tier"]) == (11, 10, "limit")
    assert [w["code"] for w in body["warnings"]] == ["fan_capped"]
    body = post(client, "big_three_dragons", "all_pongs", fan_cap=13).json()
    assert (body["fan"], body["fan_paid"], body["tier"]) == (11, 11, None)


def test_below_minimum_is_still_counted(client) -> None:
    body = post(client, "self_draw", "concealed").json()
    assert body["fan"] == 2
    assert [w["code"] for w in body["warnings"]] == ["below_minimum_fan"]


# --- bad input ----------------------------------------------------------------------


def test_a_code_twice_is_422(client) -> None:
    response = post(client, "self_draw", "concealed", "self_draw")
    assert response.status_code == 422
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/patterns/2/code"]


def test_count_on_a_row_counted_once_is_422(client) -> None:
    response = post(client, ("self_draw", 2))
    assert response.status_code == 422
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/patterns/0/count"]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"patterns": [{"code": "dragon"}]}, "#/patterns/0/code"),
        ({"patterns": [{"code": "self_draw", "count": 0}]}, "#/patterns/0/count"),
        ({"patterns": [{"code": "self_draw", "fan": 3}]}, "#/patterns/0/fan"),
        ({"patterns": "self_draw"}, "#/patterns"),
        ({}, "#/patterns"),
        ({"patterns": [], "eight_immortals": "nine"}, "#/eight_immortals"),
    ],
)
def test_schema_invalid_is_400(client, body, pointer) -> None:
    response = client.post("/v1/hongkong/fan", json=body)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


def test_no_patterns_is_zero_fan(client) -> None:
    body = client.post("/v1/hongkong/fan", json={"patterns": []}).json()
    assert (body["fan"], body["items"]) == (0, [])


# --- properties -------------------------------------------------------------------

CODES = [row.code for row in FAN_TABLE]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(CODES), unique=True, max_size=8), st.randoms(use_true_random=False), st.integers(1, 13))
def test_total_is_the_sum_of_items_and_order_does_not_matter(codes, random, cap) -> None:
    rules = HongKongRules(fan_cap=cap)
    try:
        first = count_fan(FanRequest(patterns=[PatternEntry(code=c) for c in codes], rules=rules))
    except RuleViolation:
        return
    assert first.fan == sum(item.fan for item in first.items)
    assert all(item.fan >= 0 for item in first.items)
    assert first.fan_paid == min(first.fan, cap)
    if first.limit_hand:
        assert first.fan == cap
    shuffled = list(codes)
    random.shuffle(shuffled)
    second = count_fan(FanRequest(patterns=[PatternEntry(code=c) for c in shuffled], rules=rules))
    assert second.fan == first.fan
