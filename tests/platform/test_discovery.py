"""GET /v1/rulesets: names, units, endpoints and rule options (issue 8)."""

from __future__ import annotations

import re

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
    # discard_payment full_gun | half_gun, payment_scheme standard | per_share | classic_self_draw | equal_total, point_value 1
    assert options["table"]["default"] == "half_spicy" and sorted(options["table"]["values"]) == ["full_spicy", "half_spicy"]
    assert options["fan_cap"]["default"] == 10 and options["fan_cap"]["maximum"] == 13
    assert options["min_fan"]["default"] == 3
    assert sorted(options["discard_payment"]["values"]) == ["full_gun", "half_gun"]
    assert sorted(options["payment_scheme"]["values"]) == ["classic_self_draw", "equal_total", "per_share", "standard"]
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


# --- The options' meanings in the request's language -----------------------------------

LANGUAGES = {"zh-Hant": "zh-HK", "zh-Hans": "zh-CN", "ja": "ja-JP"}


def _options_in(client, header: str) -> tuple[str, dict[tuple[str, str], dict]]:
    response = client.get("/v1/rulesets", headers={"Accept-Language": header})
    assert response.status_code == 200
    options = {(entry["name"], o["name"]): o for entry in response.json()["rulesets"] for o in entry["rules"]}
    return response.headers["content-language"], options


@pytest.mark.parametrize(
    ("language", "fan_cap", "tai_cap"),
    [
        (
            "zh-Hant",
            "封頂：超過呢個番數照呢個番數計（常見 8、10、13 番）。",
            "手牌台數上限（莊家台同連莊台喺之後先加）；0 = 冇上限（預設：《台灣麻將台數表》：沒有上限）。",
        ),
        (
            "zh-Hans",
            "封顶：超过此番数按此番数计（常见 8、10、13 番）。",
            "手牌台数上限（庄家台和连庄台在之后才加）；0 = 不设上限（默认：《台湾麻将台数表》：沒有上限）。",
        ),
        (
            "ja",
            "上限（封頂）：これを超える番数はこの番数として支払います（8・10・13 が一般的）。",
            "手の台数の上限（莊家台と連荘の台はその後に加えます）；0 = 上限なし（既定：『台灣麻將台數表』の「沒有上限」）。",
        ),
    ],
)
def test_option_meanings_follow_accept_language(client, language, fan_cap, tai_cap) -> None:
    served, options = _options_in(client, LANGUAGES[language])
    assert served == language
    assert options[("hongkong", "fan_cap")]["description"] == fan_cap
    assert options[("taiwan", "tai_cap")]["description"] == tai_cap


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_only_the_meanings_change_with_the_language(client, rulesets, language) -> None:
    """Every option is translated; its name, type, values, default and bounds
    are the English answer's; every `code` and number of the English line is
    in the translation (a client may match on them)."""
    _, options = _options_in(client, LANGUAGES[language])
    english = {(name, o["name"]): o for name, entry in rulesets.items() for o in entry["rules"]}
    assert options.keys() == english.keys()
    for key, option in options.items():
        original = english[key]
        assert {k: v for k, v in option.items() if k != "description"} == {k: v for k, v in original.items() if k != "description"}
        assert option["description"] != original["description"], key
        for code in re.findall(r"`[^`]+`", original["description"]):
            assert code in option["description"], (key, code)
        for number in re.findall(r"\d+(?:\.\d+)?", original["description"]):
            assert number in option["description"], (key, number)


def test_english_meanings_are_the_schema_descriptions(client, rulesets) -> None:
    # the first line of each rules field's description in the published schema
    schema = client.get("/schema/openapi.json").json()["components"]["schemas"]
    kiriage = next(o for o in rulesets["riichi"]["rules"] if o["name"] == "kiriage")
    rules_schema = next(s for name, s in schema.items() if name.startswith("RiichiRules"))
    assert kiriage["description"] == rules_schema["properties"]["kiriage"]["description"].split("\n")[0]
    assert kiriage["description"] == "切上滿貫: 1920 basic points (4 han 30 fu, 3 han 60 fu) are paid as mangan."
