"""GET /v1/rulesets: names, units, endpoints and rule options (issue 8)."""

from __future__ import annotations

import pytest

UNITS = {"hongkong": "番", "riichi": "飜+符", "mcr": "分", "nmjl": "points", "taiwan": "台"}


@pytest.fixture(scope="module")
def rulesets(client):
    response = client.get("/v1/rulesets")
    assert response.status_code == 200
    return {entry["name"]: entry for entry in response.json()["rulesets"]}


def test_every_ruleset_with_four_names_and_its_unit(rulesets) -> None:
    assert set(rulesets) == set(UNITS)
    for name, entry in rulesets.items():
        assert entry["unit"] == UNITS[name]
        assert set(entry["names"]) == {"en", "zh-Hant", "zh-Hans", "ja"}
        assert all(entry["names"].values())
    assert rulesets["hongkong"]["names"]["zh-Hant"] == "香港麻雀"
    assert rulesets["mcr"]["names"]["zh-Hans"] == "国标麻将"


def test_endpoints(rulesets) -> None:
    assert "POST /v1/hongkong/settlements" in rulesets["hongkong"]["endpoints"]
    assert "GET /v1/hongkong/points-table" in rulesets["hongkong"]["endpoints"]
    assert "GET /v1/riichi/score-table" in rulesets["riichi"]["endpoints"]
    assert "GET /v1/taiwan/tai-table" in rulesets["taiwan"]["endpoints"]
    for name, entry in rulesets.items():
        assert f"POST /v1/{name}/settlements" in entry["endpoints"]


def test_hong_kong_options_match_the_contract(rulesets) -> None:
    options = {o["name"]: o for o in rulesets["hongkong"]["rules"]}
    # CONTRACT.md: table half_spicy | full_spicy (default half), fan_cap 10, min_fan 3,
    # discard_payment full_gun | half_gun, payment_scheme standard | per_share | classic_self_draw, point_value 1
    assert options["table"]["default"] == "half_spicy" and sorted(options["table"]["values"]) == ["full_spicy", "half_spicy"]
    assert options["fan_cap"]["default"] == 10 and options["fan_cap"]["maximum"] == 13
    assert options["min_fan"]["default"] == 3
    assert sorted(options["discard_payment"]["values"]) == ["full_gun", "half_gun"]
    assert sorted(options["payment_scheme"]["values"]) == ["classic_self_draw", "per_share", "standard"]
    assert options["point_value"] == {**options["point_value"], "type": "number", "default": 1}
    assert all(option["description"] for option in options.values())


def test_riichi_and_taiwan_defaults(rulesets) -> None:
    riichi = {o["name"]: o for o in rulesets["riichi"]["rules"]}
    assert riichi["kiriage"] == {**riichi["kiriage"], "type": "boolean", "default": False}
    assert riichi["kazoe"]["default"] == "yakuman"
    assert len(riichi["sanma_tsumo"]["values"]) == 8
    taiwan = {o["name"]: o for o in rulesets["taiwan"]["rules"]}
    assert (taiwan["base"]["default"], taiwan["unit"]["default"], taiwan["dealer_tai"]["default"]) == (100, 20, 1)


DEFAULT_BODIES = {
    "hongkong": {"winner": "east", "win": {"type": "self_draw"}, "fan": 3},
    "riichi": {"winner": "east", "win": {"type": "self_draw"}, "han": 3, "fu": 30},
    "mcr": {"winner": "east", "win": {"type": "self_draw"}, "fan": 8},
    "nmjl": {"winner": "east", "win": {"type": "self_draw"}, "value": 25},
    "taiwan": {"winner": "east", "win": {"type": "self_draw"}, "tai": 1},
}


@pytest.mark.parametrize("name", sorted(DEFAULT_BODIES))
def test_options_are_exactly_the_rules_a_settlement_echoes(client, rulesets, name) -> None:
    echoed = client.post(f"/v1/{name}/settlements", json=DEFAULT_BODIES[name]).json()["rules"]
    options = rulesets[name]["rules"]
    assert [o["name"] for o in options] == list(echoed)
    for option in options:
        if option["default"] is not None:
            assert echoed[option["name"]] == option["default"], option["name"]
