"""The riichi scoring article's quick-reference tables (點數速查表), every printed cell.

The two tables below are copied verbatim from the riichi scoring article (tab-separated, as
printed). A non-dealer cell reads `ron (non-dealer pays, dealer pays)` on a
tsumo; a dealer cell reads `ron (each pays)`. A 滿貫 cell that ends a row covers
every fu to its right (the article merges them). Rows 7, 9, 10 and 12 han are
printed empty: they belong to the limit above them.

Each cell is checked three ways: in GET /v1/riichi/score-table, in the engine's
score_table(), and by settling the actual hand (ron and tsumo) through
POST /v1/riichi/settlements.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import msgspec
import pytest

from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.hand.quick_reference import score_table
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import D, paid

NON_DEALER_TABLE = """\
\t20副\t25副\t30副\t40副\t50副\t60副\t70副\t80副\t90副\t100副\t110副
1翻\t700 (200,400)\t800 (200,400)\t1000 (300,500)\t1300 (400,700)\t1600 (400,800)\t2000 (500,1000)\t2300 (600,1200)\t2600 (700,1300)\t2900 (800,1500)\t3200 (800,1600)\t3600 (900,1800)
2翻\t1300 (400,700)\t1600 (400,800)\t2000 (500,1000)\t2600 (700,1300)\t3200 (800,1600)\t3900 (1000,2000)\t4500 (1200,2300)\t5200 (1300,2600)\t5800 (1500,2900)\t6400 (1600,3200)\t7100 (1800,3600)
3翻\t2600 (700,1300)\t3200 (800,1600)\t3900 (1000,2000)\t5200 (1300,2600)\t6400 (1600,3200)\t7700 (2000,3900)\t滿貫 8000 (2000,4000)
4翻\t5200 (1300,2600)\t6400 (1600,3200)\t7700 (2000,3900)\t滿貫 8000 (2000,4000)
5翻\t滿貫 8000 (2000,4000)
6翻\t跳滿 12000 (3000,6000)
7翻
8翻\t倍滿 16000 (4000,8000)
9翻
10翻
11翻\t三倍滿 24000 (6000,12000)
12翻
13翻\t累計役滿 32000 (8000,16000)
"""

DEALER_TABLE = """\
\t20副\t25副\t30副\t40副\t50副\t60副\t70副\t80副\t90副\t100副\t110副
1翻\t1000 (400)\t1200 (400)\t1500 (500)\t2000 (700)\t2400 (800)\t2900 (1000)\t3400 (1200)\t3900 (1300)\t4400 (1500)\t4800 (1600)\t5300 (1800)
2翻\t2000 (700)\t2400 (800)\t2900 (1000)\t3900 (1300)\t4800 (1600)\t5800 (2000)\t6800 (2300)\t7700 (2600)\t8700 (2900)\t9600 (3200)\t10600 (3600)
3翻\t3900 (1300)\t4800 (1600)\t5800 (2000)\t7700 (2600)\t9600 (3200)\t11600 (3900)\t滿貫 12000 (4000)
4翻\t7700 (2600)\t9600 (3200)\t11600 (3900)\t滿貫 12000 (4000)
5翻\t滿貫 12000 (4000)
6翻\t跳滿 18000 (6000)
7翻
8翻\t倍滿 24000 (8000)
9翻
10翻
11翻\t三倍滿 36000 (12000)
12翻
13翻\t累計役滿 48000 (16000)
"""

TIERS = {"滿貫": "mangan", "跳滿": "haneman", "倍滿": "baiman", "三倍滿": "sanbaiman", "累計役滿": "kazoe_yakuman"}
CELL = re.compile(r"^(?:(?P<tier>\S+) )?(?P<ron>\d+) \((?P<tsumo>[\d,]+)\)$")


def parse(table: str) -> tuple[dict[tuple[int, int], tuple[str | None, int, tuple[int, ...]]], dict[int, tuple[str, int, tuple[int, ...]]]]:
    """(han, fu) → (tier, ron, tsumo payments) for the grid, han → the same for
    the limit rows (empty rows take the limit printed above them)."""
    lines = table.splitlines()
    fus = [int(head.removesuffix("副")) for head in lines[0].split("\t")[1:]]
    grid: dict[tuple[int, int], Any] = {}
    limits: dict[int, Any] = {}
    previous = None
    for line in lines[1:]:
        label, *cells = line.split("\t")
        han = int(label.removesuffix("翻"))
        parsed = []
        for cell in cells:
            match = CELL.match(cell)
            assert match, cell
            tier = TIERS[match["tier"]] if match["tier"] else None
            parsed.append((tier, int(match["ron"]), tuple(int(x) for x in match["tsumo"].split(","))))
        if han <= 4:
            for index, fu in enumerate(fus):
                grid[(han, fu)] = parsed[min(index, len(parsed) - 1)]
        else:
            previous = parsed[0] if parsed else previous
            limits[han] = previous
    return grid, limits


ND_GRID, ND_LIMITS = parse(NON_DEALER_TABLE)
DEALER_GRID, DEALER_LIMITS = parse(DEALER_TABLE)


def test_the_transcription_covers_every_cell() -> None:
    # 4 han rows × 11 fu columns, and han 5..13
    assert len(ND_GRID) == len(DEALER_GRID) == 44
    assert sorted(ND_LIMITS) == sorted(DEALER_LIMITS) == list(range(5, 14))


@pytest.fixture(scope="module")
def served(client) -> dict[str, Any]:
    response = client.get("/v1/riichi/score-table")
    assert response.status_code == 200
    return response.json()


ENGINE_TABLE = score_table(RiichiRules())


def _row(table: Any, han: int, fu: int) -> Any:
    rows = table["rows"] if isinstance(table, dict) else [msgspec.to_builtins(r) for r in table.rows]
    (row,) = [r for r in rows if r["han"] == han and r["fu"] == fu]
    return row


def _settle(**body: Any) -> Any:
    return riichi.settle(msgspec.convert(body, RiichiRequest))


@pytest.mark.parametrize(("han", "fu"), sorted(ND_GRID))
def test_non_dealer_cell(served, han: int, fu: int) -> None:
    tier, ron, (from_non_dealer, from_dealer) = ND_GRID[(han, fu)]
    for row in (_row(served, han, fu), _row(msgspec.to_builtins(ENGINE_TABLE), han, fu)):
        assert D(row["non_dealer_ron"]) == ron
        assert D(row["non_dealer_tsumo_non_dealer_pays"]) == from_non_dealer
        assert D(row["non_dealer_tsumo_dealer_pays"]) == from_dealer
        assert D(row["non_dealer_tsumo_total"]) == from_dealer + 2 * from_non_dealer
        assert row["tier"] == tier
    # the same hand settled: south wins, east deals
    ron_result = _settle(winner="south", win={"type": "discard", "discarder": "north"}, han=han, fu=fu)
    assert ron_result.winner_receives == ron
    tsumo_result = _settle(winner="south", win={"type": "self_draw"}, han=han, fu=fu)
    assert {p.payer: p.amount for p in tsumo_result.payments} == {"east": from_dealer, "west": from_non_dealer, "north": from_non_dealer}


@pytest.mark.parametrize(("han", "fu"), sorted(DEALER_GRID))
def test_dealer_cell(served, han: int, fu: int) -> None:
    tier, ron, (each,) = DEALER_GRID[(han, fu)]
    for row in (_row(served, han, fu), _row(msgspec.to_builtins(ENGINE_TABLE), han, fu)):
        assert D(row["dealer_ron"]) == ron
        assert D(row["dealer_tsumo_each"]) == each
        assert D(row["dealer_tsumo_total"]) == 3 * each
        assert row["tier"] == tier
    ron_result = _settle(winner="east", win={"type": "discard", "discarder": "west"}, han=han, fu=fu)
    assert ron_result.winner_receives == ron
    tsumo_result = _settle(winner="east", win={"type": "self_draw"}, han=han, fu=fu)
    assert {p.payer: p.amount for p in tsumo_result.payments} == {"south": each, "west": each, "north": each}


@pytest.mark.parametrize("han", range(5, 14))
def test_limit_rows(client, served, han: int) -> None:
    tier, ron, (from_non_dealer, from_dealer) = ND_LIMITS[han]
    dealer_tier, dealer_ron, (each,) = DEALER_LIMITS[han]
    assert dealer_tier == tier
    (limit,) = [row for row in served["limits"] if row["han"] <= han and (row["han_max"] is None or han <= row["han_max"])]
    assert limit["fu"] is None
    assert limit["tier"] == tier
    assert (D(limit["non_dealer_ron"]), D(limit["non_dealer_tsumo_non_dealer_pays"]), D(limit["non_dealer_tsumo_dealer_pays"])) == (
        ron,
        from_non_dealer,
        from_dealer,
    )
    assert (D(limit["dealer_ron"]), D(limit["dealer_tsumo_each"])) == (dealer_ron, each)
    # fu no longer matter from 5 han: settle with an arbitrary fu, over HTTP
    body = {"winner": "south", "win": {"type": "discard", "discarder": "west"}, "han": han, "fu": 110}
    result = client.post("/v1/riichi/settlements", json=body).json()
    assert (D(result["winner_receives"]), result["tier"], result["fu"]) == (ron, tier, None)
    body = {"winner": "east", "win": {"type": "self_draw"}, "han": han}
    assert paid(client.post("/v1/riichi/settlements", json=body).json()) == {"south": each, "west": each, "north": each}


def test_limit_rows_are_listed_once_each_in_order(served) -> None:
    assert [(row["han"], row["han_max"], row["tier"]) for row in served["limits"]] == [
        (5, 5, "mangan"),
        (6, 7, "haneman"),
        (8, 10, "baiman"),
        (11, 12, "sanbaiman"),
        (13, None, "kazoe_yakuman"),
    ]
    assert len(served["rows"]) == 44
    assert served["rules"]["kiriage"] is False and served["players"] == 4


# Kiriage (the riichi scoring article's 切上滿貫, the reference calculator): basic 1920 — 4 han 30 fu (30 × 2^6) and
# 3 han 60 fu (60 × 2^5) — is paid as mangan; every other cell is unchanged.
KIRIAGE_CELLS = {(4, 30), (3, 60)}


@pytest.mark.parametrize(("han", "fu"), sorted(ND_GRID))
def test_kiriage_changes_exactly_the_1920_cells(client, han: int, fu: int) -> None:
    table = client.get("/v1/riichi/score-table", params={"kiriage": "true"}).json()
    assert table["rules"]["kiriage"] is True
    row = _row(table, han, fu)
    if (han, fu) in KIRIAGE_CELLS:
        expected_nd = ("mangan", 8000, (2000, 4000))
        expected_dealer = ("mangan", 12000, (4000,))
    else:
        expected_nd, expected_dealer = ND_GRID[(han, fu)], DEALER_GRID[(han, fu)]
    assert (
        row["tier"],
        D(row["non_dealer_ron"]),
        (D(row["non_dealer_tsumo_non_dealer_pays"]), D(row["non_dealer_tsumo_dealer_pays"])),
    ) == expected_nd
    assert (row["tier"], D(row["dealer_ron"]), (D(row["dealer_tsumo_each"]),)) == expected_dealer


def test_kazoe_sanbaiman_changes_the_13_han_row(client) -> None:
    table = client.get("/v1/riichi/score-table", params={"kazoe": "sanbaiman"}).json()
    last = table["limits"][-1]
    # EMA: 13+ han is sanbaiman, 6000 basic: 24000 ron, 6000 + 12000 tsumo; dealer 36000, 12000 each
    assert (last["han"], last["han_max"], last["tier"]) == (13, None, "sanbaiman")
    assert [
        D(last[k])
        for k in (
            "basic_points",
            "non_dealer_ron",
            "non_dealer_tsumo_non_dealer_pays",
            "non_dealer_tsumo_dealer_pays",
            "dealer_ron",
            "dealer_tsumo_each",
        )
    ] == [
        6000,
        24000,
        6000,
        12000,
        36000,
        12000,
    ]


def test_three_player_table_uses_the_sanma_variant(client) -> None:
    # The riichi scoring article's 三人麻雀 table, 千點加符 row: 30 fu 1 han non-dealer ron 1000, tsumo
    # 1300 + 1500; mangan tsumo 3000 + 5000; dealer tsumo 1500 × 2.
    table = client.get("/v1/riichi/score-table", params={"players": 3, "sanma_tsumo": "thousand_bonus"}).json()
    assert table["players"] == 3 and table["rules"]["honba_value"] == 200
    row = _row(table, 1, 30)
    assert [
        D(row[k])
        for k in (
            "non_dealer_ron",
            "non_dealer_tsumo_non_dealer_pays",
            "non_dealer_tsumo_dealer_pays",
            "non_dealer_tsumo_total",
            "dealer_tsumo_each",
        )
    ] == [
        1000,
        1300,
        1500,
        2800,
        1500,
    ]
    mangan = table["limits"][0]
    assert [
        D(mangan[k])
        for k in ("non_dealer_tsumo_non_dealer_pays", "non_dealer_tsumo_dealer_pays", "dealer_tsumo_each", "dealer_tsumo_total")
    ] == [
        3000,
        5000,
        5000,
        10000,
    ]


@pytest.mark.parametrize(
    ("params", "name"),
    [({"players": 5}, "players"), ({"players": "three"}, "players"), ({"kazoe": "double"}, "kazoe"), ({"sanma_tsumo": "x"}, "sanma_tsumo")],
)
def test_bad_query_is_a_400_problem(client, params: dict[str, Any], name: str) -> None:
    response = client.get("/v1/riichi/score-table", params=params)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert any(error.get("parameter") == name for error in response.json()["errors"])


def test_amounts_are_exact_numbers(served) -> None:
    cell = _row(served, 1, 20)
    assert isinstance(cell["non_dealer_ron"], int) and Decimal(cell["non_dealer_ron"]) == 700
