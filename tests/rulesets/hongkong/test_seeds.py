"""Hong Kong worked examples from the rule sources, table-driven against the engine.

The reference calculator's 14-row table (defaults: half spicy, cap 10,
full gun, point value 1) and its half-gun table (cap 13); the chip ladders
二五雞/五一/一二蚊; the 3-fan examples. The Hong Kong fan sheet: the 找數表 (per-share S, 3S,
2S, 4S) rows 3–13. The Wikibooks extract: the Cantonese Wikibooks chip ladders (半銃制)
for 辣辣上 and 半辣上, fan 0–10."""

from __future__ import annotations

from decimal import Decimal

import pytest

from service.core.codec import convert
from service.rulesets.hongkong import settlement as hongkong
from service.rulesets.hongkong.rules import HongKongRules
from service.rulesets.hongkong.settlement import HongKongRequest
from tests.helpers import D


def rules(**kw) -> HongKongRules:
    return convert(kw, HongKongRules)


def settle(fan: int, win: str, **rule_fields) -> dict[str, Decimal]:
    w = {"type": "discard", "discarder": "south"} if win == "discard" else {"type": "self_draw"}
    request = convert({"winner": "east", "win": w, "fan": fan, "rules": rule_fields}, HongKongRequest)
    return {p.payer: p.amount for p in hongkong.settle(request).payments}


# The reference calculator's 「香港規則：由番到點數」: fan, 全辣, 半辣, 自摸・每家要付, 出銃 (defaults).
SEED_000_POINTS = [
    (0, 1, 1, "0.5", 1),
    (1, 2, 2, 1, 2),
    (2, 4, 4, 2, 4),
    (3, 8, 8, 4, 8),
    (4, 16, 16, 8, 16),
    (5, 32, 24, 12, 24),
    (6, 64, 32, 16, 32),
    (7, 128, 48, 24, 48),
    (8, 256, 64, 32, 64),
    (9, 512, 96, 48, 96),
    (10, 1024, 128, 64, 128),
    (11, 2048, 192, 64, 128),
    (12, 4096, 256, 64, 128),
    (13, 8192, 384, 64, 128),
]


@pytest.mark.parametrize(("fan", "full", "half", "self_draw_each", "discard"), SEED_000_POINTS)
def test_seed_000_points_table(fan, full, half, self_draw_each, discard) -> None:
    row = hongkong.points_table(HongKongRules()).rows[fan]
    assert (row.full_spicy, row.half_spicy) == (full, half)
    assert row.self_draw_each == D(self_draw_each)
    assert row.discarder_pays == D(discard)
    assert row.others_pay == 0


@pytest.mark.parametrize(("fan", "full", "half", "self_draw_each", "discard"), SEED_000_POINTS)
def test_seed_000_points_table_over_http(client, fan, full, half, self_draw_each, discard) -> None:
    row = client.get("/v1/hongkong/points-table").json()["rows"][fan]
    assert row["fan"] == fan and row["full_spicy"] == full and row["half_spicy"] == half
    assert D(row["self_draw_each"]) == D(self_draw_each) and D(row["discarder_pays"]) == D(discard)


# The reference calculator's 「香港番數換算表：全辣、半辣，同兩種分帳（每點值 1）」: fan, 全辣, 半辣,
# 半辣・半銃 (出銃者 / 其餘兩家), 半辣・自摸 (每家). Its rows 11–13 (96/48,
# 128/64, 192/96) are uncapped to 13 fan, so the table is read at fan_cap 13.
SEED_000_HALF_GUN = [
    (0, 1, 1, "0.5", "0.25", "0.5"),
    (1, 2, 2, "1", "0.5", "1"),
    (2, 4, 4, "2", "1", "2"),
    (3, 8, 8, "4", "2", "4"),
    (4, 16, 16, "8", "4", "8"),
    (5, 32, 24, "12", "6", "12"),
    (6, 64, 32, "16", "8", "16"),
    (7, 128, 48, "24", "12", "24"),
    (8, 256, 64, "32", "16", "32"),
    (9, 512, 96, "48", "24", "48"),
    (10, 1024, 128, "64", "32", "64"),
    (11, 2048, 192, "96", "48", "96"),
    (12, 4096, 256, "128", "64", "128"),
    (13, 8192, 384, "192", "96", "192"),
]


@pytest.mark.parametrize(("fan", "full", "half", "discarder", "other", "self_draw_each"), SEED_000_HALF_GUN)
def test_seed_000_half_gun_and_self_draw(fan, full, half, discarder, other, self_draw_each) -> None:
    row = hongkong.points_table(rules(fan_cap=13, discard_payment="half_gun")).rows[fan]
    assert (row.full_spicy, row.half_spicy) == (full, half)
    assert (row.discarder_pays, row.others_pay, row.self_draw_each) == (D(discarder), D(other), D(self_draw_each))
    payments = settle(fan, "discard", fan_cap=13, discard_payment="half_gun", min_fan=0)
    assert payments == {"south": D(discarder), "west": D(other), "north": D(other)}
    assert settle(fan, "self_draw", fan_cap=13, min_fan=0) == dict.fromkeys(("south", "west", "north"), D(self_draw_each))


# The reference calculator's 「三番半辣：同一副牌，三種收法」: 8 / 0 / 0, 4 / 2 / 2, and 4 / 4 / 4 (12).
@pytest.mark.parametrize(
    ("win", "rule_fields", "expected"),
    [
        ("discard", {}, {"south": "8", "west": "0", "north": "0"}),
        ("discard", {"discard_payment": "half_gun"}, {"south": "4", "west": "2", "north": "2"}),
        ("self_draw", {}, {"south": "4", "west": "4", "north": "4"}),
        # 古典自摸: "三番半辣嘅牌就係每家 8 而唔係版面顯示嘅 4".
        ("self_draw", {"payment_scheme": "classic_self_draw"}, {"south": "8", "west": "8", "north": "8"}),
    ],
)
def test_seed_000_three_fan_three_ways(win, rule_fields, expected) -> None:
    assert settle(3, win, **rule_fields) == {k: D(v) for k, v in expected.items()}


# The reference calculator, lines 91 (Cosmopolitan HK, 一二蚊, three fan): 「自摸位位八蚊，出銃就出銃者
# 十六蚊、其餘兩家每位四蚊」 — what a self-draw collects equals what a discard
# collects (L260, L302: 「自摸收到嘅總數同出銃一樣」). Three fan is 8 points on
# either ladder, so V = 8 at point value 1: self-draw V each (24), half gun
# 2V + V/2 + V/2 (16 + 4 + 4 = 24). The article names neither 全銃 nor 半銃;
# its split has the other two paying, which is half gun. Full gun: the
# discarder alone pays the same 24.
@pytest.mark.parametrize(
    ("win", "rule_fields", "expected"),
    [
        ("self_draw", {}, {"south": "8", "west": "8", "north": "8"}),
        ("discard", {"discard_payment": "half_gun"}, {"south": "16", "west": "4", "north": "4"}),
        ("discard", {}, {"south": "24", "west": "0", "north": "0"}),
        ("discard", {"discard_payment": "half_gun", "table": "full_spicy"}, {"south": "16", "west": "4", "north": "4"}),
    ],
)
def test_seed_000_cosmopolitan_equal_totals(win, rule_fields, expected) -> None:
    assert settle(3, win, payment_scheme="equal_total", **rule_fields) == {k: D(v) for k, v in expected.items()}


def test_seed_000_cosmopolitan_over_http(client) -> None:
    body = {
        "winner": "east",
        "win": {"type": "discard", "discarder": "south"},
        "fan": 3,
        "rules": {"payment_scheme": "equal_total", "discard_payment": "half_gun"},
    }
    result = client.post("/v1/hongkong/settlements", json=body).json()
    assert {p["payer"]: D(p["amount"]) for p in result["payments"]} == {"south": D(16), "west": D(4), "north": D(4)}
    assert D(result["winner_receives"]) == D(24) and D(result["pre_payout_total"]) == D(8)
    # the points table under the same rules: three fan, 8 each on a self-draw, 16 / 4 on a discard
    row = client.get("/v1/hongkong/points-table", params={"payment_scheme": "equal_total", "discard_payment": "half_gun"}).json()["rows"][3]
    assert (D(row["self_draw_each"]), D(row["discarder_pays"]), D(row["others_pay"])) == (D(8), D(16), D(4))


# The reference calculator's 「封頂同換算表」: 13 fan = 128 at cap 10, 384 at cap 13; the two
# ladders at 5, 7, 10 and 13 fan: 24/32, 48/128, 128/1024, 384/8192.
@pytest.mark.parametrize(("fan", "half", "full"), [(5, 24, 32), (7, 48, 128), (10, 128, 1024), (13, 384, 8192)])
def test_seed_000_ladders_side_by_side(fan, half, full) -> None:
    assert settle(fan, "discard", fan_cap=13)["south"] == D(half)
    assert settle(fan, "discard", fan_cap=13, table="full_spicy")["south"] == D(full)


def test_seed_000_cap_clamps_before_converting() -> None:
    assert settle(13, "discard")["south"] == D(128)
    assert settle(13, "discard", fan_cap=13)["south"] == D(384)


# Chip ladders, half gun (出銃要畀雙份錢，其他兩家畀單份), fan 0–10. Each cell is
# one single share (其他兩家): 二五雞 point value 1, 五一 2, 一二蚊 4 (the reference calculator:
# 「二五雞填 1、五一填 2、一二蚊填 4」). The Wikibooks extract's two tables, cell for cell.
FULL_SPICY_CHIPS = [  # 辣辣上
    ("0.25", "0.5", "1"),
    ("0.5", "1", "2"),
    ("1", "2", "4"),
    ("2", "4", "8"),
    ("4", "8", "16"),
    ("8", "16", "32"),
    ("16", "32", "64"),
    ("32", "64", "128"),
    ("64", "128", "256"),
    ("128", "256", "512"),
    ("256", "512", "1024"),
]
HALF_SPICY_CHIPS = [  # 半辣上
    ("0.25", "0.5", "1"),
    ("0.5", "1", "2"),
    ("1", "2", "4"),
    ("2", "4", "8"),
    ("4", "8", "16"),
    ("6", "12", "24"),
    ("8", "16", "32"),
    ("12", "24", "48"),
    ("16", "32", "64"),
    ("24", "48", "96"),
    ("32", "64", "128"),
]
CHIP_POINT_VALUES = {"二五雞": 1, "五一": 2, "一二蚊": 4}


@pytest.mark.parametrize(
    ("table", "fan", "ladder", "single"),
    [
        (table, fan, name, cells[fan][index])
        for table, grid in (("full_spicy", FULL_SPICY_CHIPS), ("half_spicy", HALF_SPICY_CHIPS))
        for fan in range(11)
        for index, name in enumerate(CHIP_POINT_VALUES)
        for cells in (grid,)
    ],
)
def test_seed_003_chip_ladders(table, fan, ladder, single) -> None:
    point_value = CHIP_POINT_VALUES[ladder]
    one = D(single)
    # 出銃一家要畀雙份, 其他兩家畀單份
    assert settle(fan, "discard", table=table, discard_payment="half_gun", point_value=point_value, min_fan=0) == {
        "south": one * 2,
        "west": one,
        "north": one,
    }
    # 自摸位位 (each) 雙份: 二五雞 chicken hand 自摸位位五毫.
    assert settle(fan, "self_draw", table=table, point_value=point_value, min_fan=0) == dict.fromkeys(("south", "west", "north"), one * 2)


def test_seed_003_chicken_hand_sentences() -> None:
    # 二五雞：出銃一家要畀五毫，其他兩家畀二毫半，自摸位位五毫 (and 五一, 一二蚊 likewise).
    for point_value, discarder, other, each in ((1, "0.5", "0.25", "0.5"), (2, "1", "0.5", "1"), (4, "2", "1", "2")):
        kw = dict(table="full_spicy", discard_payment="half_gun", point_value=point_value, min_fan=0)
        assert settle(0, "discard", **kw) == {"south": D(discarder), "west": D(other), "north": D(other)}
        assert settle(0, "self_draw", **kw) == dict.fromkeys(("south", "west", "north"), D(each))


# The Hong Kong fan sheet's 找數表 (per share, S = 自摸時每家付的分數): fan, then S, 3S, 2S, 4S for
# 半辣上 and for 辣辣上. Rows 11–13 from 「十三番满胡：十一至十三番的 S 为
# 96 · 128 · 192（半辣上）或 1,024 · 2,048 · 4,096（辣辣上）」 at cap 13.
SEED_002_ROWS = [
    (3, (4, 12, 8, 16), (4, 12, 8, 16)),
    (4, (8, 24, 16, 32), (8, 24, 16, 32)),
    (5, (12, 36, 24, 48), (16, 48, 32, 64)),
    (6, (16, 48, 32, 64), (32, 96, 64, 128)),
    (7, (24, 72, 48, 96), (64, 192, 128, 256)),
    (8, (32, 96, 64, 128), (128, 384, 256, 512)),
    (9, (48, 144, 96, 192), (256, 768, 512, 1024)),
    (10, (64, 192, 128, 256), (512, 1536, 1024, 2048)),
    (11, (96, 288, 192, 384), (1024, 3072, 2048, 4096)),
    (12, (128, 384, 256, 512), (2048, 6144, 4096, 8192)),
    (13, (192, 576, 384, 768), (4096, 12288, 8192, 16384)),
]


@pytest.mark.parametrize(("fan", "half", "full"), SEED_002_ROWS)
@pytest.mark.parametrize("table", ["half_spicy", "full_spicy"])
def test_seed_002_payment_table(table, fan, half, full) -> None:
    s, three_s, two_s, four_s = half if table == "half_spicy" else full
    cap = 13 if fan > 10 else 10  # 标准规则：十番满胡; the 11–13 rows are the 十三番满胡 line
    kw = dict(table=table, payment_scheme="per_share", fan_cap=cap)
    # 自摸：三家各付 S
    assert settle(fan, "self_draw", **kw) == dict.fromkeys(("south", "west", "north"), D(s))
    # 全铳（标准）：出铳者独付 3S
    assert settle(fan, "discard", **kw) == {"south": D(three_s), "west": D(0), "north": D(0)}
    # 半铳：出铳者付 2S，其余两家各付 S，共 4S
    half_gun = settle(fan, "discard", discard_payment="half_gun", **kw)
    assert half_gun == {"south": D(two_s), "west": D(s), "north": D(s)}
    assert sum(half_gun.values()) == D(four_s)
