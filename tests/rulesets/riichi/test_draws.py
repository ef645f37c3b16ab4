"""POST /v1/riichi/draws: noten payments, nagashi mangan, honba and sticks
left on the table. Every case runs through the engine and over HTTP."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.riichi import draws as riichi_draws
from service.rulesets.riichi.draws import RiichiDrawRequest
from tests.helpers import D, deltas, engine_or_http, lines


@pytest.fixture(params=["engine", "http"])
def draw(request, client):
    return engine_or_http(request, client, riichi_draws.draw, RiichiDrawRequest, "/v1/riichi/draws")


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        # 3000 in total: one tenpai takes 1000 from each of three noten
        (["south"], {"east": -1000, "south": 3000, "west": -1000, "north": -1000}),
        # two and two: each noten pays 1500, 750 to each tenpai
        (["west", "east"], {"east": 1500, "south": -1500, "west": 1500, "north": -1500}),
        # three tenpai: the one noten pays 3000, 1000 to each
        (["east", "south", "west"], {"east": 1000, "south": 1000, "west": 1000, "north": -3000}),
        # nobody or everybody tenpai: no payment
        ([], {"east": 0, "south": 0, "west": 0, "north": 0}),
        (["north", "west", "south", "east"], {"east": 0, "south": 0, "west": 0, "north": 0}),
    ],
)
def test_noten_payments(draw, tenpai: list[str], expected: dict[str, int]) -> None:
    result = draw(tenpai=tenpai)
    assert deltas(result) == {seat: D(v) for seat, v in expected.items()}
    assert all(role == "noten" for _, role in lines(result).values())


def test_two_two_split_lines(draw) -> None:
    result = draw(tenpai=["east", "west"])
    assert lines(result) == {
        ("south", "east"): (D(750), "noten"),
        ("south", "west"): (D(750), "noten"),
        ("north", "east"): (D(750), "noten"),
        ("north", "west"): (D(750), "noten"),
    }
    assert (result["tenpai"], result["noten"]) == (["east", "west"], ["south", "north"])


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        # three players, 3000 in total: two noten pay 1500 each; one noten pays 1500 to each tenpai
        (["south"], {"east": -1500, "south": 3000, "west": -1500}),
        (["south", "west"], {"east": -3000, "south": 1500, "west": 1500}),
    ],
)
def test_three_player_noten(draw, tenpai: list[str], expected: dict[str, int]) -> None:
    assert deltas(draw(tenpai=tenpai, players=3)) == {seat: D(v) for seat, v in expected.items()}


def test_noten_payment_option(draw) -> None:
    # a 2000-point three-player table: 1000 from each noten
    result = draw(tenpai=["west"], players=3, rules={"noten_payment": 2000})
    assert deltas(result) == {"east": D(-1000), "south": D(-1000), "west": D(2000)}


def test_nagashi_mangan_non_dealer(draw) -> None:
    # a mangan tsumo by south: dealer east 4000, west and north 2000; no noten payment
    result = draw(tenpai=["east"], nagashi_mangan=["south"])
    assert lines(result) == {
        ("west", "south"): (D(2000), "non_dealer"),
        ("north", "south"): (D(2000), "non_dealer"),
        ("east", "south"): (D(4000), "dealer"),
    }
    assert result["nagashi_mangan"] == ["south"]


def test_nagashi_mangan_dealer(draw) -> None:
    # the dealer's mangan tsumo: 4000 from everyone
    result = draw(nagashi_mangan=["east"])
    assert deltas(result) == {"east": D(12000), "south": D(-4000), "west": D(-4000), "north": D(-4000)}


def test_two_nagashi_mangan(draw) -> None:
    # south: east 4000, west 2000, north 2000; west: east 4000, south 2000, north 2000
    result = draw(nagashi_mangan=["west", "south"])
    assert deltas(result) == {"east": D(-8000), "south": D(8000 - 2000), "west": D(8000 - 2000), "north": D(-4000)}


def test_nagashi_with_noten_payments_option(draw) -> None:
    # noten_with_nagashi: south's mangan (4000 / 2000 / 2000) and one tenpai (east) taking 1000 × 3
    result = draw(tenpai=["east"], nagashi_mangan=["south"], rules={"noten_with_nagashi": True})
    assert deltas(result) == {"east": D(-4000 + 3000), "south": D(8000 - 1000), "west": D(-3000), "north": D(-3000)}


def test_three_player_nagashi_follows_the_sanma_variant(draw) -> None:
    # tsumo_loss: mangan tsumo 2000 + 4000; thousand_bonus: 3000 + 5000 (the riichi scoring article's table)
    assert deltas(draw(nagashi_mangan=["south"], players=3)) == {"east": D(-4000), "south": D(6000), "west": D(-2000)}
    bonus = draw(nagashi_mangan=["south"], players=3, rules={"sanma_tsumo": "thousand_bonus"})
    assert deltas(bonus) == {"east": D(-5000), "south": D(8000), "west": D(-3000)}


def test_honba_and_sticks_stay_on_the_table(draw) -> None:
    result = draw(tenpai=["south"], honba=3, riichi_sticks=2)
    assert (result["honba"], result["riichi_sticks"]) == (3, 2)
    assert sum(deltas(result).values()) == 0
    assert result["rules"]["honba_value"] == 300


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"tenpai": ["east", "east"]}, "#/tenpai/1"),
        ({"tenpai": ["north"], "players": 3}, "#/tenpai/0"),
        ({"nagashi_mangan": ["south", "south"]}, "#/nagashi_mangan/1"),
        ({"dealer": "north", "players": 3}, "#/dealer"),
        # 1000 among three noten: 333.33… each is not a whole payment
        ({"tenpai": ["east"], "rules": {"noten_payment": 1000}}, "#/rules/noten_payment"),
    ],
)
def test_impossible_draws_are_422(client, body: dict[str, Any], pointer: str) -> None:
    response = client.post("/v1/riichi/draws", json=body)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"tenpai": ["centre"]}, "#/tenpai/0"),
        ({"tenpai": ["east", "south", "west", "north", "east"]}, "#/tenpai"),
        ({"honba": -1}, "#/honba"),
        ({"players": 2}, "#/players"),
        ({"tenpai": [], "extra": 1}, "#/extra"),
    ],
)
def test_schema_invalid_draws_are_400(client, body: dict[str, Any], pointer: str) -> None:
    response = client.post("/v1/riichi/draws", json=body)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]
