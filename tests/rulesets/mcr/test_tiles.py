"""MCR hands from tiles: `POST /v1/mcr/hands`, the fan table, flowers apart,
the library's errors as 4xx, `blessing`, settlement and batch with tiles."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

from service.rulesets.mcr.tiles import LIBRARY_ERRORS
from service.rulesets.mcr.value_table import FAN_BY_ENGLISH, FAN_TABLE
from tests.helpers import TSUMO, D, ron

ALL_CHOWS = {"concealed": "234m456m77p", "win_tile": "7p", "melds": [{"kind": "chow", "tiles": "123p"}, {"kind": "chow", "tiles": "567s"}]}


def pointers(problem: dict[str, Any]) -> set[str]:
    return {error["pointer"].removeprefix("#") for error in problem["errors"]}


def test_fan_table_has_the_81_fan(client: TestClient[Any]) -> None:
    response = client.get("/v1/mcr/fan-table")
    assert response.status_code == 200
    rows = response.json()["rows"]
    standard = [row for row in rows if row["standard"]]
    assert len(standard) == 81
    assert [row["number"] for row in standard] == list(range(1, 82))
    # the rules' points: seven at 88 … thirteen at 1 (花牌 included)
    by_points: dict[int, int] = {}
    for row in standard:
        by_points[row["fan"]] = by_points.get(row["fan"], 0) + 1
    assert by_points == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 13}
    assert {row["code"] for row in rows if not row["counted_in_fan"]} == {"flower_tiles"}
    assert "天和" in response.json()["blessing_note"]


def test_fan_table_names_in_four_languages(client: TestClient[Any]) -> None:
    for language, expected in (("zh-Hant", "九蓮寶燈"), ("zh-Hans", "九莲宝灯"), ("ja", "九蓮宝燈"), ("en", "Nine Gates")):
        rows = client.get("/v1/mcr/fan-table", headers={"Accept-Language": language}).json()["rows"]
        row = next(row for row in rows if row["code"] == "nine_gates")
        assert row.get("name", row["name_en"]) == expected


def test_every_library_fan_has_a_code() -> None:
    # the library's English names, as its C++ table prints them (80 fan, 花牌, 明暗杠)
    assert len(FAN_BY_ENGLISH) == len(FAN_TABLE) == 82


def test_flowers_are_apart_and_the_minimum_ignores_them(client: TestClient[Any]) -> None:
    # 平和 2 + 單釣將 1 = 3 points; three flowers are not fan
    body = {"winner": "south", "win": ron("west"), "tiles": {**ALL_CHOWS, "flowers": ["f1", "f2", "s4"]}}
    result = client.post("/v1/mcr/hands", json=body).json()
    assert (result["fan"], result["flowers"]) == (3, 3)
    assert "flower_tiles" not in {item["code"] for item in result["items"]}
    (note,) = result["warnings"]
    assert note["code"] == "below_minimum_fan" and "flowers do not count" in note["message"]


def test_repeated_flower_is_422(client: TestClient[Any]) -> None:
    response = client.post("/v1/mcr/hands", json={"winner": "south", "win": TSUMO, "tiles": {**ALL_CHOWS, "flowers": ["f1", "f1"]}})
    assert response.status_code == 422 and pointers(response.json()) == {"/tiles/flowers/1"}


def test_blessing_is_422_and_says_why(client: TestClient[Any]) -> None:
    response = client.post("/v1/mcr/hands", json={"winner": "east", "win": TSUMO, "tiles": {**ALL_CHOWS, "blessing": True}})
    assert response.status_code == 422
    assert "天和" in response.text and pointers(response.json()) == {"/tiles/blessing"}


def test_not_a_winning_hand_is_422(client: TestClient[Any]) -> None:
    tiles = {**ALL_CHOWS, "concealed": "234m456m78p"}
    response = client.post("/v1/mcr/hands", json={"winner": "east", "win": TSUMO, "tiles": tiles})
    assert response.status_code == 422 and "not a complete MCR hand" in response.text


def test_every_library_error_code_has_a_detail() -> None:
    assert set(LIBRARY_ERRORS) == {
        "ERROR_NOT_WIN",
        "ERROR_WRONG_TILES_COUNT",
        "ERROR_TILE_COUNT_GREATER_THAN_4",
        "ERROE_WRONG_TILE_CODE",
        "ERROE_WRONG_PACK_CODE",
        "ERROE_WRONG_OFFER_CODE",
        "ERROR_INVALID_HAND",
        "ERROR_INVALID_HAND_OR_PACK",
    }


def test_fifth_copy_is_422_before_the_library(client: TestClient[Any]) -> None:
    tiles = {"concealed": "11111m234p567s789s", "win_tile": "1m"}
    response = client.post("/v1/mcr/hands", json={"winner": "east", "win": TSUMO, "tiles": tiles})
    assert response.status_code == 422 and pointers(response.json()) == {"/tiles/concealed"}


@pytest.mark.parametrize("concealed", ["0m234p", "123q", "99z", "12"])
def test_bad_notation_is_400(client: TestClient[Any], concealed: str) -> None:
    response = client.post("/v1/mcr/hands", json={"winner": "east", "win": TSUMO, "tiles": {"concealed": concealed, "win_tile": "1m"}})
    assert response.status_code == 400 and "character" in response.text


def test_last_of_its_kind_with_a_copy_in_hand_is_422(client: TestClient[Any]) -> None:
    response = client.post("/v1/mcr/hands", json={"winner": "east", "win": ron("south"), "tiles": {**ALL_CHOWS, "last_of_its_kind": True}})
    assert response.status_code == 422 and pointers(response.json()) == {"/tiles/last_of_its_kind"}


def test_settlement_with_tiles(client: TestClient[Any]) -> None:
    # 平和 2 + 單釣將 1 = 3 points, 2 flowers; discard: west pays 3 + 2 + 8 = 13, the others 8
    body = {"winner": "south", "win": ron("west"), "tiles": {**ALL_CHOWS, "flowers": ["f1", "s2"]}}
    response = client.post("/v1/mcr/settlements", json=body)
    assert response.status_code == 200, response.text
    result = response.json()
    assert {p["payer"]: D(p["amount"]) for p in result["payments"]} == {"west": D(13), "north": D(8), "east": D(8)}
    assert result["evaluation"]["fan"] == 3 and result["hand_points"] == 5
    assert [w["code"] for w in result["warnings"]] == ["below_minimum_fan"]


def test_same_tiles_won_on_each_of_their_waits(client: TestClient[Any]) -> None:
    """The library is handed the concealed tiles without the winning one,
    memoised per notation and winning tile: one notation won on three
    different tiles, in turn, must each be read without the others' tile.
    234m567m345p678s55p is 門前清 2 + 平和 2 + 斷么 2 + 連六 1 (234m 567m) = 7
    whichever tile completed it; without 8s it waited on 5s/8s, without a 5p
    on 2p (34p, pair 55p) or 5p (the pair), without 2m on 2m/5m (34m) or
    5m/8m (345m 67m): each wait is of two or three tiles, so no 單釣將."""
    for win_tile, waits in (("8s", "58s"), ("5p", "25p"), ("2m", "258m"), ("8s", "58s")):
        tiles = {"concealed": "234m567m345p678s55p", "win_tile": win_tile}
        response = client.post("/v1/mcr/hands", json={"winner": "south", "win": ron("west"), "tiles": tiles})
        assert response.status_code == 200, (win_tile, response.text)
        answer = response.json()
        assert (answer["fan"], answer["waits"]) == (7, waits), win_tile
        assert {item["code"] for item in answer["items"]} == {"concealed_hand", "all_chows", "all_simples", "short_straight"}


@pytest.mark.parametrize(
    ("extra", "status"),
    [({"fan": 8, "tiles": ALL_CHOWS}, 400), ({}, 400), ({"flowers": 2, "tiles": ALL_CHOWS}, 422)],
)
def test_settlement_needs_exactly_fan_or_tiles(client: TestClient[Any], extra: dict[str, Any], status: int) -> None:
    response = client.post("/v1/mcr/settlements", json={"winner": "south", "win": ron("west"), **extra})
    assert response.status_code == status


def test_batch_item_with_tiles(client: TestClient[Any]) -> None:
    item = {"ruleset": "mcr", "winner": "south", "win": ron("west"), "tiles": ALL_CHOWS}
    response = client.post("/v1/settlements/batch", json={"items": [item]})
    assert response.status_code == 200
    assert response.json()["results"][0]["result"]["evaluation"]["fan"] == 3


@st.composite
def complete_hands(draw: st.DrawFn) -> dict[str, Any]:
    used = [0] * 34
    groups: list[list[int]] = []
    while len(groups) < 4:
        if draw(st.booleans()):
            first = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            if all(used[first + k] < 4 for k in range(3)):
                groups.append([first, first + 1, first + 2])
                for k in range(3):
                    used[first + k] += 1
        else:
            tile = draw(st.integers(0, 33))
            if used[tile] <= 1:
                used[tile] += 3
                groups.append([tile] * 3)
    pair = draw(st.sampled_from([t for t in range(34) if used[t] <= 2]))
    concealed = [pair, pair]
    melds = []
    for group in groups:
        if draw(st.booleans()):
            melds.append({"kind": "chow" if group[0] != group[1] else "pung", "tiles": fmt(group)})
        else:
            concealed += group
    flowers = draw(st.lists(st.sampled_from(["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]), unique=True, max_size=8))
    return {"concealed": fmt(concealed), "win_tile": fmt([draw(st.sampled_from(concealed))]), "melds": melds, "flowers": flowers}


def fmt(tiles: list[int]) -> str:
    from service.core.tiles import format_tiles

    return format_tiles(tiles)


SEATS = ("east", "south", "west", "north")


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(complete_hands(), st.sampled_from(SEATS), st.sampled_from([None, *SEATS]))
def test_random_complete_hands_settle_and_add_up(
    client: TestClient[Any], tiles: dict[str, Any], winner: str, discarder: str | None
) -> None:
    win = TSUMO if discarder in (None, winner) else ron(discarder)
    response = client.post("/v1/mcr/settlements", json={"winner": winner, "win": win, "tiles": tiles})
    assert response.status_code == 200, response.text  # every four sets and a pair wins in MCR (at worst 無番和 is 8)
    body = response.json()
    assert sum(D(v) for v in body["deltas"].values()) == 0
    assert body["evaluation"]["flowers"] == len(tiles["flowers"])
    assert body["hand_points"] == body["evaluation"]["fan"] + body["evaluation"]["flowers"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="0123456789mpszf ", max_size=30), st.text(alphabet="0123456789mpsz", max_size=4))
def test_junk_is_never_5xx(client: TestClient[Any], concealed: str, win_tile: str) -> None:
    response = client.post("/v1/mcr/hands", json={"winner": "east", "win": TSUMO, "tiles": {"concealed": concealed, "win_tile": win_tile}})
    assert response.status_code in (200, 400, 422), response.text
