"""POST /v1/taiwan/tai: tai from patterns under a preset and a mode, the
replacement rules of the Taiwan tai table one by one, and bad input. Tai values come
from the Taiwan tai table (the 台 column and the app columns)."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.rulesets.taiwan import counting
from service.rulesets.taiwan.counting import TaiRequest
from service.rulesets.taiwan.value_table import (
    BY_CODE,
    CONTRADICTIONS,
    PATTERN_CODES,
    PRESETS,
)

URL = "/v1/taiwan/tai"


def P(code: str, count: int = 1) -> dict[str, Any]:
    return {"code": code, "count": count}


def count(patterns: list[dict[str, Any]], preset: str = "default", mode: str = "standard") -> counting.TaiResult:
    return counting.tai(convert({"patterns": patterns, "preset": preset, "mode": mode}, TaiRequest))


def items(result: counting.TaiResult) -> dict[str, tuple[int, str | None]]:
    return {i.code: (i.tai, i.replaced_by) for i in result.items}


def codes(result: counting.TaiResult) -> list[str]:
    return [w.code for w in result.warnings]


# --- replacement rules, one by one ---------------------------------------------------


@pytest.mark.parametrize(("preset", "total"), [("default", 3), ("zhaishenye", 5)])
def test_concealed_self_draw_replaces_concealed_and_self_draw(preset: str, total: int) -> None:
    # 門清自摸 3 (宅神爺 5) instead of 門清 1 + 自摸 1 (宅神爺 2 + 2)
    result = count([P("concealed"), P("self_draw"), P("concealed_self_draw")], preset)
    assert result.tai == total
    assert items(result) == {
        "concealed": (0, "concealed_self_draw"),
        "self_draw": (0, "concealed_self_draw"),
        "concealed_self_draw": (total, None),
    }
    assert [i.status for i in result.items] == ["replaced", "replaced", "scored"]
    assert result.items[2].replaces == ["concealed", "self_draw"]  # 不求 not listed
    assert result.warnings == []


def test_concealed_self_draw_includes_unaided() -> None:
    # the Taiwan tai table: 門清自摸 3 台：門清 1、自摸 1、不求 1 — a listed 不求 is inside the 3
    result = count([P("concealed_self_draw"), P("unaided")])
    assert result.tai == 3
    assert items(result)["unaided"] == (0, "concealed_self_draw")


def test_four_concealed_pungs_replaces_three() -> None:
    # 四暗刻 5, 取代三暗刻 (2)
    result = count([P("three_concealed_pungs"), P("four_concealed_pungs")])
    assert result.tai == 5
    assert items(result)["three_concealed_pungs"] == (0, "four_concealed_pungs")


def test_five_concealed_pungs_replaces_four() -> None:
    # 五暗刻 8, 取代四暗刻 (which had replaced 三暗刻): 8 in all
    result = count([P("three_concealed_pungs"), P("four_concealed_pungs"), P("five_concealed_pungs")])
    assert result.tai == 8
    assert items(result) == {
        "three_concealed_pungs": (0, "five_concealed_pungs"),
        "four_concealed_pungs": (0, "five_concealed_pungs"),
        "five_concealed_pungs": (8, None),
    }
    # 宅神爺: 五暗刻 12
    assert count([P("four_concealed_pungs"), P("five_concealed_pungs")], "zhaishenye").tai == 12


@pytest.mark.parametrize(("code", "pungs", "total"), [("little_three_dragons", 2, 4), ("big_three_dragons", 3, 8)])
def test_three_dragons_replace_dragon_pungs(code: str, pungs: int, total: int) -> None:
    # 小三元 4 / 大三元 8, 取代三元台 (1 per pung)
    result = count([P("dragon_pung", pungs), P(code)])
    assert result.tai == total
    assert items(result)["dragon_pung"] == (0, code)
    assert result.items[0].count == pungs and result.items[0].counted == 0


def test_dragon_pungs_alone_count_per_set() -> None:
    # 三元台 每組 1 台: two pungs 2; 宅神爺 2 each: 4
    assert count([P("dragon_pung", 2)]).tai == 2
    assert count([P("dragon_pung", 2)], "zhaishenye").tai == 4


@pytest.mark.parametrize(
    ("preset", "total"),
    [
        ("default", 16),  # 大四喜 16, 取代圈風、門風
        ("zhaishenye", 24),  # 宅神爺 24, the default rule
        ("mahjong_master", 18),  # 16（圈風、門風另計）: 16 + 1 + 1
    ],
)
def test_big_four_winds_replaces_round_and_seat_wind(preset: str, total: int) -> None:
    result = count([P("round_wind"), P("seat_wind"), P("big_four_winds")], preset)
    assert result.tai == total
    replaced = None if preset == "mahjong_master" else "big_four_winds"
    assert items(result)["round_wind"][1] == items(result)["seat_wind"][1] == replaced


def test_little_four_winds_keeps_round_and_seat_wind() -> None:
    # 小四喜 8. 圈風、門風照算: 8 + 1 + 1 = 10
    assert count([P("little_four_winds"), P("round_wind"), P("seat_wind")]).tai == 10


@pytest.mark.parametrize(
    ("preset", "total"),
    [
        ("default", 8),  # 字一色 8, 不另計碰碰胡
        ("zhaishenye", 16),  # 宅神爺 16, all pungs (6) not added
        ("mahjong_master", 20),  # 16（碰碰胡等另計）: 16 + 4
        ("mingxing", 8),  # 當作清一色算: its 清一色 is "=", 8; all pungs not added
    ],
)
def test_all_honours_does_not_add_all_pungs(preset: str, total: int) -> None:
    result = count([P("all_honours"), P("all_pungs")], preset)
    assert result.tai == total


@pytest.mark.parametrize(("preset", "total"), [("default", 2), ("zhaishenye", 3), ("mahjong_master", 3)])
def test_all_melded_does_not_add_pair_wait(preset: str, total: int) -> None:
    # 全求人 2, 不另計單吊; 宅神爺 3; 麻將大師 3（單吊已含在內）
    result = count([P("all_melded"), P("pair_wait")], preset)
    assert result.tai == total
    assert items(result)["pair_wait"] == (0, "all_melded")


@pytest.mark.parametrize(("code", "total"), [("earthly_ready", 4), ("heavenly_ready", 8)])
def test_earthly_and_heavenly_ready_replace_declared_ready_and_concealed(code: str, total: int) -> None:
    # 地聽 4 / 天聽 8, 取代宣告聽牌和門清
    result = count([P("declared_ready"), P("concealed"), P(code)])
    assert result.tai == total
    assert items(result)["declared_ready"] == items(result)["concealed"] == (0, code)


def test_a_ready_the_preset_does_not_score_replaces_nothing() -> None:
    # 戲谷 does not score 地聽 (–): 宣告聽牌 1 + 門清 1 are scored, 地聽 0 with a warning
    result = count([P("declared_ready"), P("concealed"), P("earthly_ready")], "xigu")
    assert result.tai == 2
    assert items(result)["earthly_ready"] == (0, None)
    assert codes(result) == ["taiwan_pattern_not_scored_in_preset"]


def test_unaided_with_a_ready_hand() -> None:
    # 不求 row: a declared 天聽 hand that self-draws: 天聽 8 (replacing 門清) + 自摸 1 + 不求 1 = 10
    result = count([P("heavenly_ready"), P("concealed"), P("self_draw"), P("unaided")])
    assert result.tai == 10
    assert result.warnings == []


@pytest.mark.parametrize(
    ("preset", "sets", "own", "total", "own_counted"),
    [
        ("default", 1, 2, 3, 1),  # 花槓 2 取代那一組的正花; 另一組的正花照算 1
        ("default", 2, 2, 4, 0),  # both sets: 2 + 2, both own flowers replaced
        ("default", 1, 1, 2, 0),  # the one own flower is in the set
        ("xigu", 1, 2, 2, 1),  # 戲谷 花槓 1: 1 + 1
        ("wikibooks", 1, 2, 4, 2),  # 2（正花另計）: 2 + 1 + 1
        ("wikibooks", 2, 2, 6, 2),  # 2 + 2 + 1 + 1
    ],
)
def test_flower_set_replaces_its_own_flower(preset: str, sets: int, own: int, total: int, own_counted: int) -> None:
    result = count([P("own_flower", own), P("flower_set", sets)], preset)
    assert result.tai == total
    own_item = result.items[0]
    assert own_item.counted == own_counted
    assert own_item.status == {own: "scored", 0: "replaced"}.get(own_counted, "partly_replaced")
    assert own_item.replaced_by == (None if own_counted == own else "flower_set")


def test_all_chows_replaces_no_honours_no_flowers() -> None:
    # 見花見字: 無字無花 2, 有平胡時不另計; 平胡 2 (明星3缺1 scores both "=")
    result = count([P("no_honours_no_flowers"), P("all_chows")], "mingxing", "any_flower_any_wind")
    assert result.tai == 2
    assert items(result)["no_honours_no_flowers"] == (0, "all_chows")
    # alone it scores 2
    assert count([P("no_honours_no_flowers")], "mingxing", "any_flower_any_wind").tai == 2


def test_eight_immortals_and_the_flower_tai() -> None:
    # The Taiwan tai table does not say 八仙過海 replaces flower tai (大牌和其他台相加): 8 +
    # 花槓 2 × 2 (each replacing its own flower) = 12.
    flowers = [P("eight_immortals"), P("flower_set", 2), P("own_flower", 2)]
    assert count(flowers).tai == 12
    # Wikibooks (the Wikibooks extract's 花牌: 拎滿花(8花牌)改計8台): the eight flowers score 8 only.
    result = count(flowers, "wikibooks")
    assert result.tai == 8
    assert items(result)["flower_set"] == (0, "eight_immortals")
    assert items(result)["own_flower"] == (0, "eight_immortals")


def test_flower_win_from_deal_replaces_eight_immortals() -> None:
    # 配牌花胡 12: 就已經是八仙過海或七搶一 — the same win, valued 12, not 12 + 8
    result = count([P("eight_immortals"), P("flower_win_from_deal")])
    assert result.tai == 12
    assert items(result)["eight_immortals"] == (0, "flower_win_from_deal")
    # 明星3缺1 does not score 配牌花胡 (–): the eight immortals' 8 stands
    assert count([P("eight_immortals"), P("flower_win_from_deal")], "mingxing").tai == 8


def test_order_does_not_matter() -> None:
    listed = [P("three_concealed_pungs"), P("four_concealed_pungs"), P("five_concealed_pungs"), P("dragon_pung", 3), P("big_three_dragons")]
    # 五暗刻 8 + 大三元 8 = 16 whatever the order
    for order in permutations(listed):
        result = count(list(order))
        assert result.tai == 16
        assert items(result)["three_concealed_pungs"] == (0, "five_concealed_pungs")


# --- presets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "code", "tai", "warning"),
    [
        ("mingxing", "unaided", 0, "taiwan_pattern_not_scored_in_preset"),  # –
        ("mahjong_master", "seven_robs_one", 0, "taiwan_pattern_not_scored_in_preset"),  # 不採用
        ("zhaishenye", "round_wind", 1, "taiwan_preset_value_missing"),  # 有列，未給台數
        ("zhaishenye", "own_flower", 1, "taiwan_preset_value_missing"),
        ("wikibooks", "all_honours", 8, "taiwan_preset_sources_disagree"),  # 8 到 24 以上（說法不一）
        ("wikibooks", "earthly_win", 16, "taiwan_preset_name_differs"),  # 同名、不同胡法（見人胡）
    ],
)
def test_preset_cells_that_warn(preset: str, code: str, tai: int, warning: str) -> None:
    result = count([P(code)], preset)
    assert result.tai == tai
    assert codes(result) == [warning]
    assert result.items[0].status == ("not_scored_in_preset" if tai == 0 else "scored")


@pytest.mark.parametrize(
    ("preset", "code", "tai"),
    [
        ("xigu", "flower_set", 1),
        ("zhaishenye", "heavenly_win", 36),
        ("wikibooks", "heavenly_win", 32),
        ("mahjong_master", "heavenly_win", 16),
        ("wikibooks", "human_win", 16),
        ("wikibooks", "half_melded", 1),
        ("mingxing", "all_honours", 8),
    ],
)
def test_preset_values(preset: str, code: str, tai: int) -> None:
    result = count([P(code)], preset)
    assert (result.tai, result.warnings) == (tai, [])


def test_notes_are_itemised(client) -> None:
    response = client.post(URL, json={"patterns": [P("all_melded")], "preset": "mahjong_master"})
    assert response.json()["items"][0]["note"] == "單吊已含在內"


# --- modes ---------------------------------------------------------------------------------


def test_any_flower_mode_drops_round_seat_and_own_flower() -> None:
    # 見花見字: 圈風、門風、正花不算; 見花見台 ×2 = 2, 見風見台 ×1 = 1, 明槓 ×1 = 1
    listed = [P("round_wind"), P("seat_wind"), P("own_flower", 1), P("any_flower", 2), P("any_wind_pung"), P("exposed_kong")]
    result = count(listed, "default", "any_flower_any_wind")
    assert result.tai == 4
    assert [i.status for i in result.items][:3] == ["not_scored_in_mode"] * 3
    assert codes(result) == ["taiwan_pattern_not_scored_in_mode"] * 3


def test_standard_mode_drops_the_any_flower_rows() -> None:
    listed = [P("round_wind"), P("any_flower", 2), P("any_wind_pung"), P("exposed_kong"), P("concealed_kong", 2)]
    result = count(listed)
    assert result.tai == 1  # 圈風 only
    assert codes(result) == ["taiwan_pattern_not_scored_in_mode"] * 4
    # 無字無花 is a 見花見字 row too (it cannot go with 圈風: a hand without honours)
    result = count([P("all_pungs"), P("no_honours_no_flowers")])
    assert result.tai == 4  # 碰碰胡 only
    assert codes(result) == ["taiwan_pattern_not_scored_in_mode"]


def test_any_flower_mode_in_an_app_without_it() -> None:
    # 神來也 does not list the 見花見字 rows (–): 0 with a warning
    result = count([P("any_flower", 3)], "shenlaiye", "any_flower_any_wind")
    assert result.tai == 0
    assert codes(result) == ["taiwan_pattern_not_scored_in_preset"]


def test_concealed_kongs_count_per_kong() -> None:
    # 暗槓 每個 2 台: 3 kongs → 6
    assert count([P("concealed_kong", 3)], "xigu", "any_flower_any_wind").tai == 6


# --- listings the tai table scores differently ---------------------------------------------------


@pytest.mark.parametrize(("preset", "tai"), [("default", 3), ("zhaishenye", 5), ("yue_wikibooks", 3)])
def test_concealed_and_self_draw_listed_count_as_concealed_self_draw(preset: str, tai: int) -> None:
    # the Taiwan tai table, 門清: 胡別人打的牌時算 1 台；自摸時改算門清自摸 — 門清自摸 3 (宅神爺 5),
    # as the same hand from its tiles; the Wikibooks extract: 不求.自摸 2 同門清合稱「門清一摸三」, 1 + 2
    result = count([P("concealed"), P("self_draw")], preset=preset)
    assert result.tai == tai
    assert [(item.code, item.from_listed) for item in result.items] == [("concealed_self_draw", ["concealed", "self_draw"])]
    assert codes(result) == []


def test_concealed_self_draw_with_a_ready_hand_counts_self_draw_and_unaided() -> None:
    # the Taiwan tai table, 不求: 宣告天聽或地聽的門清手牌自摸時…不算門清自摸，改算自摸 1 台加「不求」1 台 — 4 + 1 + 1
    result = count([P("earthly_ready"), P("concealed_self_draw")])
    assert result.tai == 6
    assert [(item.code, item.tai, item.from_listed) for item in result.items] == [
        ("earthly_ready", 4, []),
        ("self_draw", 1, ["concealed_self_draw"]),
        ("unaided", 1, ["concealed_self_draw"]),
    ]
    assert codes(result) == []


# --- HTTP and bad input -----------------------------------------------------------------------


def test_http_response_shape(client) -> None:
    response = client.post(URL, json={"patterns": [P("little_three_dragons"), P("dragon_pung", 2), P("half_flush")]})
    assert response.status_code == 200, response.text
    body = response.json()
    # 小三元 4 + 混一色 4, the two dragon pungs replaced
    assert body["tai"] == 8 and body["preset"] == "default" and body["mode"] == "standard"
    assert body["items"][1] == {
        "code": "dragon_pung",
        "name_zh": "三元台",
        "name_en": "Dragon pung",
        "unit": "per_set",
        "count": 2,
        "counted": 0,
        "tai_each": 1,
        "tai": 0,
        "status": "replaced",
        "replaced_by": "little_three_dragons",
        "replaces": [],
        "note": "",
        "from_listed": [],
        "deducted": 0,
    }
    assert body["items"][0]["replaces"] == ["dragon_pung"]
    assert body["warnings"] == []


@pytest.mark.parametrize(
    ("body", "status", "pointer"),
    [
        ({"patterns": [P("pinfu")]}, 400, "#/patterns/0/code"),
        ({"patterns": [P("dragon_pung", 0)]}, 400, "#/patterns/0/count"),
        ({"patterns": [P("any_flower", 9)]}, 400, "#/patterns/0/count"),
        ({"patterns": [P("any_flower", 1000000)]}, 400, "#/patterns/0/count"),
        ({"patterns": [P("dragon_pung", 4)]}, 422, "#/patterns/0/count"),
        ({"patterns": [P("own_flower", 3)]}, 422, "#/patterns/0/count"),
        ({"patterns": [P("half_flush"), P("concealed", 2)]}, 422, "#/patterns/1/count"),
        ({"patterns": [P("half_flush"), P("half_flush")]}, 422, "#/patterns/1/code"),
        ({"patterns": [P("exposed_kong", 3), P("concealed_kong", 3)], "mode": "any_flower_any_wind"}, 422, "#/patterns/1/count"),
        ({"patterns": [P("robbing_kong"), P("self_draw")]}, 422, "#/patterns/1/code"),
        ({"patterns": [P("all_chows"), P("concealed")], "preset": "zhaishenye"}, 422, "#/patterns/1/code"),
        ({"patterns": [{"code": "concealed", "tai": 3}]}, 400, "#/patterns/0/tai"),
        ({"patterns": [P("concealed")], "preset": "tenhou"}, 400, "#/preset"),
        ({"patterns": [P("concealed")], "mode": "any"}, 400, "#/mode"),
        ({"preset": "default"}, 400, "#/patterns"),
        ({"patterns": [P(code) for code in PATTERN_CODES] + [P("concealed")]}, 400, "#/patterns"),
    ],
    ids=[
        "unknown-code",
        "count-0",
        "count-9",
        "count-absurd",
        "three-dragons-max",
        "two-own-flowers-max",
        "per-hand-count",
        "listed-twice",
        "six-kongs",
        "robbing-kong-self-draw",
        "zhaishenye-all-chows-concealed",
        "unknown-field",
        "unknown-preset",
        "unknown-mode",
        "patterns-missing",
        "too-many",
    ],
)
def test_bad_input(client, body: dict[str, Any], status: int, pointer: str) -> None:
    response = client.post(URL, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("half_flush", "full_flush"),  # 混一色 一種花色加字牌; 清一色 沒有字牌
        ("full_flush", "all_honours"),  # 字一色 全部都是字牌
        ("full_flush", "big_three_dragons"),
        ("all_chows", "all_pungs"),  # 平胡 五組順子; 碰碰胡 五組都是刻子或槓
        ("all_chows", "own_flower"),  # 平胡 沒有字、沒有花
        ("all_chows", "edge_wait"),  # 平胡 聽雙頭
        ("no_honours_no_flowers", "round_wind"),  # 無字無花 沒有字牌也沒有花
        ("little_three_dragons", "big_three_dragons"),
        ("big_three_dragons", "little_four_winds"),  # 3 + 3 sets and a pair: more than a hand holds
        ("concealed", "all_melded"),  # 門清 沒有吃、碰、明槓; 全求人 五組都是吃、碰、明槓或加槓
        ("concealed", "exposed_kong"),
        ("half_melded", "four_concealed_pungs"),
        ("heavenly_win", "earthly_win"),  # 天胡 莊家; 地胡 閒家
        ("human_win", "exposed_kong"),  # 沒有人吃碰槓過
        ("edge_wait", "closed_wait"),  # 只聽一種牌
        ("single_wait", "pair_wait"),  # 獨聽 不是邊張、中洞或單吊
        ("all_pungs", "closed_wait"),  # 中洞 4-6 等 5 completes a chow
    ],
)
def test_patterns_no_hand_holds_together_are_a_422_naming_both(client, first: str, second: str) -> None:
    for order in ([first, second], [second, first]):
        response = client.post(URL, json={"patterns": [P(code) for code in order]})
        assert response.status_code == 422, response.text
        assert response.json()["title"] == "The declared patterns contradict each other"
        assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/patterns/0/code", "#/patterns/1/code"]
        detail = response.json()["detail"]
        assert f"`{first}`" in detail and f"`{second}`" in detail


def test_a_settlement_with_contradicting_patterns_is_a_422(client) -> None:
    body = {"winner": "south", "win": {"type": "self_draw"}, "patterns": [P("half_flush"), P("full_flush")]}
    response = client.post("/v1/taiwan/settlements", json=body, headers={"Accept-Language": "zh-TW"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["detail"] == "`half_flush` 同 `full_flush` 唔可以一齊申報：混一色有字牌，清一色冇。"


@pytest.mark.parametrize(
    "codes",
    [
        ["big_three_dragons", "all_pungs", "half_flush"],  # 大三元 碰碰胡 混一色: one suit, honours, all pungs
        ["all_honours", "big_four_winds"],  # 字一色 大四喜
        ["all_chows", "concealed"],  # 平胡 門清另加
        ["concealed_self_draw", "four_concealed_pungs", "full_flush"],
        ["all_melded", "pair_wait", "half_flush"],  # 全求人 不另計單吊 (replaced, not contradicted)
    ],
)
def test_patterns_one_hand_can_hold_are_accepted(client, codes: list[str]) -> None:
    assert client.post(URL, json={"patterns": [P(code) for code in codes]}).status_code == 200


def test_each_taiwan_contradiction_listed_once() -> None:
    pairs = [frozenset(pair[:2]) for pair in CONTRADICTIONS]
    assert len(pairs) == len(set(pairs))
    assert all(code in BY_CODE for pair in pairs for code in pair)


@pytest.mark.parametrize("preset", ["default", "wikibooks"])
def test_seed_003_half_melded_single_wait_self_draw_is_3(preset: str) -> None:
    # The Wikibooks extract's 半求: 「暗牌得返1張加自摸，計埋獨聽同自摸共3台」: 半求 1 + 獨聽 1 + 自摸 1.
    # With one tile in hand the wait is on the pair: 單吊 in the Taiwan tai table's rows.
    # The Taiwan tai table agrees: 半求人 1 台，自摸另計, and nothing replaces 單吊.
    result = count([P("half_melded"), P("pair_wait"), P("self_draw")], preset)
    assert result.tai == 3
    assert all(i.replaced_by is None for i in result.items)


@pytest.mark.parametrize("preset", ["default", "wikibooks"])
def test_all_melded_pair_wait_follows_seed_004_not_seed_003(preset: str) -> None:
    # The sources disagree. The Wikibooks extract's 全求: 「得返一隻單釣糊銃…計埋獨聽1台，夾埋3台」
    # (2 + 1). The Taiwan tai table's 全求人 row: 「2 台。不另計單吊」, its 維基教科書 column "="
    # (the same 2). The presets are the Taiwan tai table's columns, so 全求人 takes in the
    # pair wait: 2 tai, with 單吊 reported as replaced.
    result = count([P("all_melded"), P("pair_wait")], preset)
    assert result.tai == 2
    assert items(result) == {"all_melded": (2, None), "pair_wait": (0, "all_melded")}


def test_all_chows_and_concealed_elsewhere() -> None:
    # 平胡 2, 門清另加 1 (only 宅神爺 says 手牌不能門清)
    assert count([P("all_chows"), P("concealed")]).tai == 3


# --- invariants -------------------------------------------------------------------------------


EXCLUDED = {frozenset(pair[:2]) for pair in CONTRADICTIONS}


def _fits(code: str, chosen: list[str]) -> bool:
    """Neither a contradiction nor a win the other patterns rule out."""
    win = BY_CODE[code].win
    return all(frozenset((code, other)) not in EXCLUDED and (win == "any" or BY_CODE[other].win in ("any", win)) for other in chosen)


@st.composite
def listings(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Up to 12 patterns one hand can hold together (the contradiction table
    and each row's win), so the invariants see rich listings."""
    order = draw(st.permutations(PATTERN_CODES))
    chosen: list[str] = []
    for code in order[: draw(st.integers(0, 20))]:
        if len(chosen) < 12 and _fits(code, chosen):
            chosen.append(code)
    return [P(code, draw(st.integers(1, BY_CODE[code].max_count))) for code in chosen]


@settings(max_examples=200, deadline=None)
@given(listings(), st.sampled_from(PRESETS), st.sampled_from(["standard", "any_flower_any_wind"]), st.randoms())
def test_tai_invariants(listed: list[dict[str, Any]], preset: str, mode: str, rnd: Any) -> None:
    try:
        result = count(listed, preset, mode)
    except RuleViolation:
        assume(False)
        return
    assert result.tai == sum(i.tai for i in result.items) >= 0
    for item in result.items:
        # less what the table deducts beside another row (yue_wikibooks: 字一色 with 大/小三元 減除4台)
        assert item.tai == item.tai_each * item.counted - item.deducted
        assert 0 <= item.deducted <= item.tai_each * item.counted
        assert 0 <= item.counted <= item.count
        if item.status in ("replaced", "not_scored_in_preset", "not_scored_in_mode"):
            assert item.tai == 0
        if item.replaced_by is not None:
            assert item.code in next(i for i in result.items if i.code == item.replaced_by).replaces
    # replacement never adds tai
    assert result.tai <= sum(i.tai_each * i.count for i in result.items)
    shuffled = list(listed)
    rnd.shuffle(shuffled)
    assert count(shuffled, preset, mode).tai == result.tai
