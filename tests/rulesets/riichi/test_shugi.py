"""祝儀 chips on riichi settlements (`rules.shugi`), from the riichi scoring article:

    若出現以下情況，和牌者會收到一顆祝儀，自摸時則從每人收到一顆：
    立直一發 · 每隻裏懸賞牌 · 每隻赤懸賞牌 · 役滿（榮和10顆，自摸每人5顆）

So a winner's chips per payer are ippatsu (1) + ura dora + red fives, plus the
yakuman chips; on a ron the discarder pays them, on a tsumo each other player.
Tables differ on counted yakuman and on double yakuman (rule options, with
the article's reading as the default: a counted yakuman is 役滿, and the figure
is per hand). Every case runs through the engine and over HTTP.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import TSUMO, D, engine_or_http, ron

URL = "/v1/riichi/settlements"


@pytest.fixture(params=["engine", "http"])
def settle(request, client):
    run = engine_or_http(request, client, riichi.settle, RiichiRequest, URL)

    def with_shugi(rules: dict[str, Any] | None = None, **body: Any) -> dict[str, Any]:
        return run(**body, rules={"shugi": True, **(rules or {})})

    return with_shugi


def chips(result: dict[str, Any]) -> dict[tuple[str, str], int]:
    return {(line["payer"], line["payee"]): line["chips"] for line in result["chip_payments"]}


def test_example_1_three_ura_dora_on_a_tsumo(settle) -> None:
    # The riichi scoring article's 例一: south tsumo, 裡懸賞牌 3 (three norths): one chip per ura dora from each player.
    result = settle(winner="south", win=TSUMO, yaku=["riichi", "menzen_tsumo", "chun"], ura_dora=3, fu=40)
    assert chips(result) == {("west", "south"): 3, ("north", "south"): 3, ("east", "south"): 3}
    assert result["chip_deltas"] == {"east": -3, "south": 9, "west": -3, "north": -3}
    assert result["winners"][0]["chips_each"] == 3


def test_example_2_a_red_five_on_a_ron(settle) -> None:
    # The riichi scoring article's 例二: east (dealer) rons north's tile with one red five: one chip, from north.
    result = settle(winner="east", win=ron("north"), yaku=["chun"], aka_dora=1, open=True, fu=60)
    assert chips(result) == {("north", "east"): 1}
    assert result["chip_deltas"] == {"east": 1, "south": 0, "west": 0, "north": -1}


def test_ippatsu_ura_and_red_fives_add_up(settle) -> None:
    # 一發 1 + 裏 2 + 赤 1 = 4 chips, from the discarder only
    result = settle(winner="north", win=ron("west"), yaku=["riichi", "ippatsu"], ura_dora=2, aka_dora=1, fu=40)
    assert chips(result) == {("west", "north"): 4}
    assert result["chip_deltas"] == {"east": 0, "south": 0, "west": -4, "north": 4}


@pytest.mark.parametrize(
    ("rules", "each"),
    [
        ({}, 5),  # 役滿 自摸每人5顆, once for the hand
        ({"shugi_per_yakuman": True}, 10),  # a table that doubles them for a double yakuman
        ({"shugi_per_yakuman": True, "multiple_yakuman": False}, 5),  # paid as one yakuman: one set of chips
        ({"shugi_yakuman_tsumo": 3}, 3),
    ],
)
def test_example_5_double_yakuman_tsumo(settle, rules, each) -> None:
    # The riichi scoring article's 例五: west tsumo, 四暗刻 + 大三元 (its 裏懸賞 1p shows 2p, which the hand lacks: no ura chip)
    result = settle(winner="west", win=TSUMO, yaku=["suuankou", "daisangen", "riichi", "menzen_tsumo"], rules=rules)
    assert chips(result) == {("north", "west"): each, ("east", "west"): each, ("south", "west"): each}
    assert result["chip_deltas"]["west"] == 3 * each


def test_yakuman_ron_takes_ten_from_the_discarder(settle) -> None:
    # 役滿 榮和10顆, plus a red five's chip
    result = settle(winner="south", win=ron("east"), yaku=["kokushi_musou"], aka_dora=1)
    assert chips(result) == {("east", "south"): 11}


@pytest.mark.parametrize(("kazoe_chips", "each"), [(True, 7 + 5), (False, 7)])
def test_example_6_counted_yakuman(settle, kazoe_chips, each) -> None:
    # The riichi scoring article's 例六 (三麻, west, tsumo, 19 han) as the article counts its 懸賞牌 13: 3 + 1 from the
    # indicators 🀟🀕, 3 + 4 from the ura indicators 🀟🀁 (7 ura dora), 2 set-aside norths.
    # Each of the two payers: 7 ura chips, and 5 more when a counted yakuman earns the yakuman chips.
    yaku = ["sanankou", "riichi", "menzen_tsumo", "rinshan_kaihou", "round_wind"]
    result = settle(winner="west", win=TSUMO, players=3, yaku=yaku, dora=4, ura_dora=7, nuki_dora=2, rules={"shugi_kazoe": kazoe_chips})
    assert result["tier"] == "kazoe_yakuman"
    assert chips(result) == {("east", "west"): each, ("south", "west"): each}
    assert result["chip_deltas"] == {"east": -each, "south": -each, "west": 2 * each}


def test_double_ron_each_winner_collects_from_the_discarder(settle) -> None:
    result = settle(
        winner="north",
        win=ron("west"),
        yaku=["riichi", "ippatsu"],
        fu=30,
        further_winners=[{"winner": "east", "yaku": ["tanyao"], "aka_dora": 2, "fu": 30}],
    )
    assert chips(result) == {("west", "north"): 1, ("west", "east"): 2}
    assert result["chip_deltas"] == {"east": 2, "south": 0, "west": -3, "north": 1}


def test_a_head_bumped_winner_gets_no_chips_and_needs_no_yaku(settle) -> None:
    # 頭ハネ: north is first after west; east's hand is not paid, so it earns no chips
    result = settle(
        winner="north",
        win=ron("west"),
        yaku=["riichi"],
        ura_dora=1,
        fu=30,
        further_winners=[{"winner": "east", "han": 2, "fu": 30}],
        rules={"multiple_ron": "head_bump"},
    )
    assert chips(result) == {("west", "north"): 1}
    assert [w["chips_each"] for w in result["winners"]] == [1, 0]


def test_chips_follow_the_win_not_the_liable_seat(settle) -> None:
    # 大三元 tsumo with south liable (pao): south pays all the points, but every
    # player hands over the 5 yakuman chips of a tsumo
    result = settle(winner="west", win=TSUMO, yaku=["daisangen"], liable="south")
    assert {p["payer"]: p["role"] for p in result["payments"] if D(p["amount"])} == {"south": "liable"}
    assert chips(result) == {("north", "west"): 5, ("east", "west"): 5, ("south", "west"): 5}


def test_without_shugi_there_are_no_chips(client) -> None:
    body = {"winner": "south", "win": TSUMO, "yaku": ["riichi", "menzen_tsumo"], "ura_dora": 3, "fu": 40}
    result = client.post(URL, json=body).json()
    assert (result["chip_payments"], result["chip_deltas"], result["winners"][0]["chips_each"]) == (None, None, None)
    assert result["rules"]["shugi"] is False


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"winner": "south", "win": TSUMO, "han": 3, "fu": 30}, "#/yaku"),
        ({"winner": "south", "win": TSUMO, "yakuman": 1}, "#/yaku"),
        (
            {
                "winner": "north",
                "win": ron("west"),
                "yaku": ["riichi"],
                "fu": 30,
                "further_winners": [{"winner": "east", "han": 2, "fu": 30}],
            },
            "#/further_winners/0/yaku",
        ),
    ],
    ids=["han", "yakuman", "further_winner"],
)
def test_shugi_needs_yaku(client, body, pointer) -> None:
    response = client.post(URL, json={**body, "rules": {"shugi": True}})
    assert response.status_code == 422, response.text
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]
    assert "`yaku`" in response.json()["errors"][0]["detail"]


def test_shugi_bounds(client) -> None:
    response = client.post(URL, json={"winner": "south", "win": TSUMO, "yakuman": 1, "rules": {"shugi_yakuman_ron": 101}})
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/rules/shugi_yakuman_ron"


SEATS = ("east", "south", "west", "north")


@settings(max_examples=200, deadline=None)
@given(
    winner=st.sampled_from(SEATS),
    tsumo=st.booleans(),
    discarder_offset=st.integers(1, 3),
    ippatsu=st.booleans(),
    ura=st.integers(0, 5),
    aka=st.integers(0, 4),
    yakuman=st.booleans(),
)
def test_chips_are_zero_sum_and_match_the_count(winner, tsumo, discarder_offset, ippatsu, ura, aka, yakuman) -> None:
    discarder = SEATS[(SEATS.index(winner) + discarder_offset) % 4]
    yaku = ["riichi"] + (["ippatsu"] if ippatsu else []) + (["kokushi_musou"] if yakuman else [])
    if yakuman:
        yaku = ["kokushi_musou"]
        ippatsu = False
    body = {
        "winner": winner,
        "win": TSUMO if tsumo else ron(discarder),
        "yaku": yaku + (["menzen_tsumo"] if tsumo and not yakuman else []),
        "ura_dora": ura if not yakuman else 0,
        "aka_dora": aka,
        "fu": 40,
        "rules": {"shugi": True},
    }
    result = riichi.settle(convert(body, RiichiRequest))
    each = int(ippatsu) + (ura if not yakuman else 0) + aka + ((5 if tsumo else 10) if yakuman else 0)
    payers = 3 if tsumo else 1
    assert [line.chips for line in result.chip_payments] == [each] * payers
    assert sum(result.chip_deltas.values()) == 0
    assert result.chip_deltas[winner] == each * payers
