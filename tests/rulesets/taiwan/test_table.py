"""GET /v1/taiwan/tai-table against the Taiwan tai table, cell by cell.

TABLE below is transcribed from the Taiwan tai table (台灣麻將 · 台數表) by hand: for
each row the name as printed, the 台 column, the unit (怎麼算: 每組/每個 →
per set, 每張 → per tile), the six app cells as printed in the table's
column order (神來也, 明星3缺1, 戲谷, 麻將大師, 宅神爺, 維基教科書) and the
tai each app scores, read by hand from the cell: "=" → the default, "–" or
不採用 → 0, a number → that number, 有列，未給台數 / 8 到 24 以上（說法不一）
/ 同名、不同胡法（見人胡） → the default, 當作清一色算 → that app's 清一色 (8).
"""

from __future__ import annotations

import re

import pytest

from service.rulesets.taiwan.catalogue import tai_table
from service.rulesets.taiwan.value_table import APPS
from tests.seeds import seed_file

PRESET_COLUMNS = ("shenlaiye", "mingxing", "xigu", "mahjong_master", "zhaishenye", "wikibooks")
ANY = ("any_flower", "any_wind_pung", "no_honours_no_flowers", "exposed_kong", "concealed_kong")

# code, 中文, English, 台 as printed, default tai, unit, six cells, six tai
TABLE: list[tuple[str, str, str, str, int, str, tuple[str, ...], tuple[int, ...]]] = [
    ("dealer", "莊家", "Dealer", "1台", 1, "per_dealer_payment", ("=", "=", "=", "=", "=", "="), (1, 1, 1, 1, 1, 1)),
    (
        "dealer_streak",
        "連N拉N",
        "Dealer streak",
        "2N台",
        2,
        "per_streak",
        ("=", "=", "2N（可設為 N）", "N（有拉莊再加 N）", "=", "="),
        (2, 2, 2, 1, 2, 2),
    ),
    ("concealed", "門清", "Concealed hand", "1台", 1, "per_hand", ("=", "=", "=", "=", "2", "="), (1, 1, 1, 1, 2, 1)),
    ("self_draw", "自摸", "Self-draw", "1台", 1, "per_hand", ("=", "=", "=", "=", "2", "="), (1, 1, 1, 1, 2, 1)),
    ("concealed_self_draw", "門清自摸", "Concealed self-draw", "3台", 3, "per_hand", ("=", "=", "=", "=", "5", "="), (3, 3, 3, 3, 5, 3)),
    ("unaided", "不求", "Unaided", "1台", 1, "per_hand", ("=", "–", "–", "=", "–", "–"), (1, 0, 0, 1, 0, 0)),
    ("round_wind", "圈風", "Round wind", "1台", 1, "per_hand", ("=", "=", "=", "=", "有列，未給台數", "="), (1, 1, 1, 1, 1, 1)),
    ("seat_wind", "門風", "Seat wind", "1台", 1, "per_hand", ("=", "=", "=", "=", "有列，未給台數", "="), (1, 1, 1, 1, 1, 1)),
    ("dragon_pung", "三元台", "Dragon pung", "1台", 1, "per_set", ("=", "=", "=", "=", "2", "="), (1, 1, 1, 1, 2, 1)),
    ("own_flower", "正花", "Own flower", "1台", 1, "per_tile", ("=", "=", "=", "=", "有列，未給台數", "="), (1, 1, 1, 1, 1, 1)),
    ("flower_set", "花槓", "Flower set", "2台", 2, "per_set", ("=", "=", "1", "=", "=", "2（正花另計）"), (2, 2, 1, 2, 2, 2)),
    ("edge_wait", "邊張", "Edge wait", "1台", 1, "per_hand", ("=", "=", "–", "=", "2", "="), (1, 1, 0, 1, 2, 1)),
    ("closed_wait", "中洞", "Closed wait", "1台", 1, "per_hand", ("=", "=", "–", "=", "2", "="), (1, 1, 0, 1, 2, 1)),
    ("pair_wait", "單吊", "Pair wait", "1台", 1, "per_hand", ("=", "=", "–", "=", "2", "="), (1, 1, 0, 1, 2, 1)),
    ("single_wait", "獨聽", "Single wait", "1台", 1, "per_hand", ("=", "=", "–", "=", "2", "="), (1, 1, 0, 1, 2, 1)),
    ("robbing_kong", "搶槓", "Robbing a kong", "1台", 1, "per_hand", ("=", "=", "=", "=", "2", "="), (1, 1, 1, 1, 2, 1)),
    ("win_on_replacement", "槓上開花", "Win on a replacement", "1台", 1, "per_hand", ("=", "=", "=", "=", "2", "="), (1, 1, 1, 1, 2, 1)),
    ("last_tile_self_draw", "海底撈月", "Last-tile self-draw", "1台", 1, "per_hand", ("=", "=", "=", "=", "2", "="), (1, 1, 1, 1, 2, 1)),
    ("last_discard", "河底撈魚", "Last-discard win", "1台", 1, "per_hand", ("–", "–", "=", "=", "2", "="), (0, 0, 1, 1, 2, 1)),
    ("all_melded", "全求人", "All melded", "2台", 2, "per_hand", ("=", "=", "=", "3（單吊已含在內）", "3", "="), (2, 2, 2, 3, 3, 2)),
    (
        "half_melded",
        "半求人",
        "All melded, self-drawn",
        "1台",
        1,
        "per_hand",
        ("=", "–", "–", "=", "–", "1（只有部分牌桌算）"),
        (1, 0, 0, 1, 0, 1),
    ),
    ("all_chows", "平胡", "All chows", "2台", 2, "per_hand", ("=", "=", "=", "=", "3（手牌不能門清）", "="), (2, 2, 2, 2, 3, 2)),
    ("three_concealed_pungs", "三暗刻", "Three concealed pungs", "2台", 2, "per_hand", ("=", "=", "=", "=", "3", "="), (2, 2, 2, 2, 3, 2)),
    ("four_concealed_pungs", "四暗刻", "Four concealed pungs", "5台", 5, "per_hand", ("=", "=", "=", "=", "7", "="), (5, 5, 5, 5, 7, 5)),
    ("five_concealed_pungs", "五暗刻", "Five concealed pungs", "8台", 8, "per_hand", ("=", "=", "=", "=", "12", "="), (8, 8, 8, 8, 12, 8)),
    ("all_pungs", "碰碰胡", "All pungs", "4台", 4, "per_hand", ("=", "=", "=", "=", "6", "="), (4, 4, 4, 4, 6, 4)),
    ("half_flush", "混一色", "Half flush", "4台", 4, "per_hand", ("=", "=", "=", "=", "6", "="), (4, 4, 4, 4, 6, 4)),
    ("full_flush", "清一色", "Full flush", "8台", 8, "per_hand", ("=", "=", "=", "=", "12", "="), (8, 8, 8, 8, 12, 8)),
    (
        "all_honours",
        "字一色",
        "All honours",
        "8台",
        8,
        "per_hand",
        ("=", "當作清一色算", "=", "16（碰碰胡等另計）", "16", "8 到 24 以上（說法不一）"),
        (8, 8, 8, 16, 16, 8),
    ),
    ("little_three_dragons", "小三元", "Little three dragons", "4台", 4, "per_hand", ("=", "=", "=", "=", "6", "="), (4, 4, 4, 4, 6, 4)),
    ("big_three_dragons", "大三元", "Big three dragons", "8台", 8, "per_hand", ("=", "=", "=", "=", "12", "="), (8, 8, 8, 8, 12, 8)),
    ("little_four_winds", "小四喜", "Little four winds", "8台", 8, "per_hand", ("=", "=", "=", "=", "12", "="), (8, 8, 8, 8, 12, 8)),
    (
        "big_four_winds",
        "大四喜",
        "Big four winds",
        "16台",
        16,
        "per_hand",
        ("=", "=", "=", "16（圈風、門風另計）", "24", "="),
        (16, 16, 16, 16, 24, 16),
    ),
    ("declared_ready", "宣告聽牌", "Declared ready", "1台", 1, "per_hand", ("=", "=", "=", "–", "2", "–"), (1, 1, 1, 0, 2, 0)),
    ("earthly_ready", "地聽", "Earthly ready", "4台", 4, "per_hand", ("=", "=", "–", "=", "–", "8"), (4, 4, 0, 4, 0, 8)),
    ("heavenly_ready", "天聽", "Heavenly ready", "8台", 8, "per_hand", ("–", "=", "–", "=", "=", "16"), (0, 8, 0, 8, 8, 16)),
    (
        "human_win",
        "人胡",
        "Human win",
        "8台",
        8,
        "per_hand",
        ("=", "–", "=", "16", "16", "16（書中叫地胡，指胡莊家打出的第一張牌）"),
        (8, 0, 8, 16, 16, 16),
    ),
    (
        "earthly_win",
        "地胡",
        "Earthly win",
        "16台",
        16,
        "per_hand",
        ("=", "=", "=", "=", "24", "同名、不同胡法（見人胡）"),
        (16, 16, 16, 16, 24, 16),
    ),
    ("heavenly_win", "天胡", "Heavenly win", "24台", 24, "per_hand", ("=", "=", "=", "16", "36", "32"), (24, 24, 24, 16, 36, 32)),
    ("eight_immortals", "八仙過海", "Eight Immortals", "8台", 8, "per_hand", ("=", "=", "=", "=", "16", "="), (8, 8, 8, 8, 16, 8)),
    ("seven_robs_one", "七搶一", "Seven robs one", "8台", 8, "per_hand", ("=", "–", "=", "不採用", "16", "="), (8, 0, 8, 0, 16, 8)),
    (
        "flower_win_from_deal",
        "配牌花胡",
        "Flower win from the deal",
        "12台",
        12,
        "per_hand",
        ("=", "–", "–", "–", "–", "–"),
        (12, 0, 0, 0, 0, 0),
    ),
    ("any_flower", "見花見台", "Any flower", "1台", 1, "per_tile", ("–", "=", "=", "–", "=", "–"), (0, 1, 1, 0, 1, 0)),
    ("any_wind_pung", "見風見台", "Any wind pung", "1台", 1, "per_set", ("–", "=", "=", "–", "=", "–"), (0, 1, 1, 0, 1, 0)),
    (
        "no_honours_no_flowers",
        "無字無花",
        "No honours, no flowers",
        "2台",
        2,
        "per_hand",
        ("–", "=", "=", "–", "=", "–"),
        (0, 2, 2, 0, 2, 0),
    ),
    ("exposed_kong", "明槓", "Exposed kong", "1台", 1, "per_set", ("–", "=", "=", "–", "=", "–"), (0, 1, 1, 0, 1, 0)),
    ("concealed_kong", "暗槓", "Concealed kong", "2台", 2, "per_set", ("–", "=", "=", "–", "=", "–"), (0, 2, 2, 0, 2, 0)),
]

CELLS = [(row, preset) for row in TABLE for preset in ("default", *PRESET_COLUMNS)]


def expected_status(raw: str) -> str:
    """How a cell is read, from its printed text."""
    if raw == "=":
        return "default"
    if raw in ("–", "不採用"):
        return "not_scored"
    if raw == "有列，未給台數":
        return "listed_without_value"
    if raw == "當作清一色算":
        return "as_pattern"
    if "說法不一" in raw:
        return "sources_disagree"
    if raw.startswith("同名"):
        return "different_pattern"
    assert re.match(r"^\d+N?|^N", raw), raw
    return "value"


@pytest.fixture(scope="module")
def tables(client) -> dict[tuple[str, str], dict[str, dict]]:
    out = {}
    for preset in ("default", *PRESET_COLUMNS):
        for mode in ("standard", "any_flower_any_wind"):
            response = client.get("/v1/taiwan/tai-table", params={"preset": preset, "mode": mode})
            assert response.status_code == 200
            body = response.json()
            assert body["preset"] == preset and body["mode"] == mode
            out[(preset, mode)] = {row["code"]: row for row in body["rows"]}
    return out


def test_app_columns_are_in_the_seeds_order() -> None:
    assert APPS == PRESET_COLUMNS


def test_every_row_in_the_seeds_order(client) -> None:
    # the Taiwan tai table's rows in its order, then the 36 only the Wikibooks extract names, and the
    # one group (一組2台) of each of its three 雙 patterns (雙2連刻, 雙2色同刻, 雙兩相連): 39
    rows = client.get("/v1/taiwan/tai-table").json()["rows"]
    assert [row["code"] for row in rows][: len(TABLE)] == [entry[0] for entry in TABLE]
    assert all(row["section"] == "yue_wikibooks" for row in rows[len(TABLE) :])
    assert len(rows) == len(TABLE) + 36 + 3


@pytest.mark.parametrize(("row", "preset"), CELLS, ids=[f"{row[0]}-{preset}" for row, preset in CELLS])
def test_cell(tables, row, preset: str) -> None:
    code, name_zh, name_en, printed, default_tai, unit, cells, tais = row
    got = tables[(preset, "standard")][code]
    assert (got["name_zh"], got["name_en"], got["unit"], got["default_tai"]) == (name_zh, name_en, unit, default_tai)
    if preset == "default":
        assert (got["cell"], got["tai"], got["status"]) == (printed, default_tai, "default")
        return
    column = PRESET_COLUMNS.index(preset)
    assert got["cell"] == cells[column]
    assert got["tai"] == tais[column]
    assert got["status"] == expected_status(cells[column])
    note = re.search(r"（(.*)）$", cells[column])
    if expected_status(cells[column]) == "value":
        assert got["notes"] == (note.group(1) if note else "")
    elif cells[column] not in ("=", "–"):
        assert got["notes"] == cells[column]
    # the mode changes whether a row is scored, never its value or cell
    other = tables[(preset, "any_flower_any_wind")][code]
    assert (other["tai"], other["cell"]) == (got["tai"], got["cell"])


def test_mingxing_scores_all_honours_as_its_full_flush(tables) -> None:
    row = tables[("mingxing", "standard")]["all_honours"]
    assert row["scored_as"] == "full_flush"
    assert row["tai"] == tables[("mingxing", "standard")]["full_flush"]["tai"] == 8


@pytest.mark.parametrize("preset", ("default", *PRESET_COLUMNS))
def test_modes_switch_the_right_rows(tables, preset: str) -> None:
    # the Taiwan tai table: 見花見字玩法：圈風、門風、正花不算，改算表格最後一組的五項
    standard = tables[(preset, "standard")]
    any_mode = tables[(preset, "any_flower_any_wind")]
    for code in ANY:
        assert standard[code]["scored_in_mode"] is False and standard[code]["scored"] is False
        assert any_mode[code]["scored_in_mode"] is True
        assert any_mode[code]["scored"] is (any_mode[code]["cell"] != "–")
    for code in ("round_wind", "seat_wind", "own_flower"):
        assert standard[code]["scored_in_mode"] is True and standard[code]["scored"] is True
        assert any_mode[code]["scored_in_mode"] is False and any_mode[code]["scored"] is False
    assert any_mode["flower_set"]["scored"] is True  # not in the list of rows the mode drops


def test_dealer_rows_are_not_patterns(tables) -> None:
    rows = tables[("default", "standard")]
    assert rows["dealer"]["pattern"] is False and rows["dealer_streak"]["pattern"] is False
    assert all(rows[entry[0]]["pattern"] for entry in TABLE[2:])


@pytest.mark.parametrize(
    ("preset", "code", "replaces"),
    [
        ("default", "big_four_winds", ["round_wind", "seat_wind"]),
        ("mahjong_master", "big_four_winds", []),  # 16（圈風、門風另計）
        ("default", "all_honours", ["all_pungs"]),
        ("mahjong_master", "all_honours", []),  # 16（碰碰胡等另計）
        ("default", "flower_set", ["own_flower"]),
        ("wikibooks", "flower_set", []),  # 2（正花另計）
        ("mahjong_master", "all_melded", ["pair_wait"]),  # 3（單吊已含在內）
        ("xigu", "earthly_ready", []),  # – : not scored, replaces nothing
        ("default", "earthly_ready", ["declared_ready", "concealed"]),
    ],
)
def test_replaces_per_preset(tables, preset: str, code: str, replaces: list[str]) -> None:
    assert tables[(preset, "standard")][code]["replaces"] == replaces


@pytest.mark.parametrize(("preset", "mode"), [("xigu", "standard"), ("shenlaiye", "any_flower_any_wind")])
def test_engine_and_endpoint_agree(client, preset: str, mode: str) -> None:
    import msgspec

    engine = msgspec.to_builtins(tai_table(preset, mode))  # type: ignore[arg-type]
    assert client.get("/v1/taiwan/tai-table", params={"preset": preset, "mode": mode}).json() == engine


@pytest.mark.parametrize(("params", "parameter"), [({"preset": "nobody"}, "preset"), ({"mode": "見花"}, "mode")])
def test_bad_query(client, params: dict[str, str], parameter: str) -> None:
    response = client.get("/v1/taiwan/tai-table", params=params)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e.get("parameter") for e in response.json()["errors"]] == [parameter]


# --- Against the rule source file itself ----------------------------------


def seed_rows() -> list[list[str]]:
    """Pattern rows of the Taiwan tai table's markdown table: a trailing empty cell (rows
    without 怎麼算 end in `| |`) is dropped, leaving 11 or 10 cells."""
    rows = []
    for line in seed_file("004").read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| 牌型 | 台"):
            continue
        cells = [c.strip() for c in line.strip()[1:-1].split("|")]
        if all(c == "" for c in cells[1:]):
            continue  # a section heading
        if cells[-1] == "":
            cells = cells[:-1]
        rows.append(cells)
    return rows


def test_transcription_matches_the_seed_file(tables) -> None:
    rows = seed_rows()
    assert len(rows) == len(TABLE)
    for cells, entry in zip(rows, TABLE, strict=True):
        code, name_zh, name_en, printed, _, _, app_cells, _ = entry
        assert len(cells) in (10, 11)
        assert cells[0] == name_zh + name_en
        assert cells[1] == printed
        assert tuple(cells[-6:]) == app_cells, code
        served = tables[("default", "standard")][code]
        if len(cells) == 11:
            assert (served["how_zh"], served["description_zh"], served["variants_zh"]) == (cells[2], cells[3], cells[4])
        else:
            assert (served["how_zh"], served["description_zh"], served["variants_zh"]) == ("", cells[2], cells[3])
        for preset, cell in zip(PRESET_COLUMNS, cells[-6:], strict=True):
            assert tables[(preset, "standard")][code]["cell"] == cell


# --- The two sources the 各家不同 column names: Willoughby 英文規則 and 華人麻將競技聯盟 ----------------
# Transcribed by hand from the column (各家不同) of the Taiwan tai table:
# 每次連莊 +2, 四暗刻 7, 五暗刻 14, 碰碰胡 7, 混一色 7, 清一色 14, 小三元 7, 大三元 14, 小四喜 7, 大四喜 14,
# 地胡 14, 天胡 14, 八仙過海 14, 七搶一 14; 未列: 河底撈魚, 半求人, 字一色.
WILLOUGHBY = {
    "four_concealed_pungs": 7,
    "five_concealed_pungs": 14,
    "all_pungs": 7,
    "half_flush": 7,
    "full_flush": 14,
    "little_three_dragons": 7,
    "big_three_dragons": 14,
    "little_four_winds": 7,
    "big_four_winds": 14,
    "earthly_win": 14,
    "heavenly_win": 14,
    "eight_immortals": 14,
    "seven_robs_one": 14,
    "last_discard": 0,
    "half_melded": 0,
    "all_honours": 0,
    "dealer_streak": 2,  # 每次連莊 +2: 2 a streak, the table's 2N
}
# 華人麻將競技聯盟: 八仙過海 不能直接胡，只加 8 台 (8, as the table); 七搶一 不採用 (0). 配牌花胡 is a win by
# the flowers alone, which its 八仙過海 cannot be: 0 (the source is silent; docs/sources.md).
LEAGUE = {"eight_immortals": 8, "seven_robs_one": 0, "flower_win_from_deal": 0}
NAMED = {"willoughby": ("Willoughby 英文規則", WILLOUGHBY), "chinese_league": ("華人麻將競技聯盟", LEAGUE)}


@pytest.mark.parametrize("preset", NAMED)
def test_named_sources_cell_by_cell(client, preset: str) -> None:
    source, expected = NAMED[preset]
    rows = {row["code"]: row for row in client.get("/v1/taiwan/tai-table", params={"preset": preset}).json()["rows"]}
    named_in_seed = set()
    for cells, entry in zip(seed_rows(), TABLE, strict=True):
        code, default_tai = entry[0], entry[4]
        variants = cells[4] if len(cells) == 11 else cells[3]
        if source in variants:
            named_in_seed.add(code)
        assert rows[code]["tai"] == expected.get(code, default_tai), code
    # every row the seed names the source on is in the transcription, and no other (配牌花胡 aside)
    assert named_in_seed == set(expected) - {"flower_win_from_deal"}
    # the Wikibooks extract's own rows are not this source's
    assert all(row["tai"] == 0 for row in rows.values() if row["section"] == "yue_wikibooks")


def test_willoughby_hand(client) -> None:
    # 111 222 333 555 777m 99m won on 9m from a discard: the pair completes, the five pungs are concealed:
    # Willoughby's 清一色 14, 碰碰胡 7 and 五暗刻 14 (the table's 8, 4 and 8)
    body = {
        "winner": "south",
        "win": {"type": "discard", "discarder": "north"},
        "preset": "willoughby",
        "tiles": {"concealed": "11122233355577799m", "win_tile": "9m"},
    }
    response = client.post("/v1/taiwan/hands", json=body)
    assert response.status_code == 200, response.text
    items = {item["code"]: item["tai"] for item in response.json()["items"]}
    assert items["full_flush"] == 14 and items["all_pungs"] == 7 and items["five_concealed_pungs"] == 14


def test_league_eight_flowers_do_not_win_alone(client) -> None:
    # 華人麻將競技聯盟: 八仙過海不能直接胡 — eight flowers and tiles that are no hand: 422; elsewhere 八仙過海 wins
    tiles = {"concealed": "13579m13579p13579s12z", "win_tile": "7s", "flowers": ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]}
    body = {"winner": "south", "win": {"type": "self_draw"}, "tiles": tiles}
    assert client.post("/v1/taiwan/hands", json=body).status_code == 200
    response = client.post("/v1/taiwan/hands", json={**body, "preset": "chinese_league"})
    assert response.status_code == 422


def test_league_eight_flowers_add_eight_to_a_hand(client) -> None:
    # 只加 8 台: a complete hand with all eight flowers, self-drawn, adds 八仙過海 8
    tiles = {"concealed": "123m456m789m123p456p55s", "win_tile": "5s", "flowers": ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]}
    body = {"winner": "south", "win": {"type": "self_draw"}, "tiles": tiles, "preset": "chinese_league"}
    response = client.post("/v1/taiwan/hands", json=body)
    assert response.status_code == 200, response.text
    items = {item["code"]: item["tai"] for item in response.json()["items"]}
    assert items["eight_immortals"] == 8
