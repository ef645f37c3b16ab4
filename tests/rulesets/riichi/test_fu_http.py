"""POST /v1/riichi/fu over HTTP: the riichi scoring article's examples, options, and bad input as
problem+json naming the field. Arithmetic as in test_fu_engine.py."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.schema_check import validator_for

PATH = "/v1/riichi/fu"
SEQ = {"kind": "sequence"}
OPEN_SEQ = {"kind": "sequence", "open": True}


def post(client, body: dict[str, Any]) -> Any:
    return client.post(PATH, json=body)


def test_seed_001_example_1_40_fu(client) -> None:
    # 20 + 北暗刻 8 + 中暗刻 8 + 白雀頭 2 + 自摸 2 = 40
    response = post(
        client,
        {
            "melds": [
                SEQ,
                SEQ,
                {"kind": "triplet", "terminal_or_honor": True},
                {"kind": "triplet", "terminal_or_honor": True, "winning": True},
            ],
            "pair": "dragon",
            "wait": "shanpon",
            "tsumo": True,
        },
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["fu"], body["raw_fu"]) == (40, 40)
    assert {"code": "concealed_terminal_triplet", "fu": 8, "meld": 3} in body["items"]
    assert {"code": "tsumo", "fu": 2} in body["items"]


def test_seed_001_example_2_60_fu(client) -> None:
    # 20 + 中暗槓 32 + 五索明刻 2 + 東雀頭 4 + 獨聽 2 = 60
    body = post(
        client,
        {
            "melds": [{"kind": "kan", "terminal_or_honor": True}, OPEN_SEQ, {"kind": "triplet", "open": True}, OPEN_SEQ],
            "pair": "double_wind",
            "wait": "pair",
        },
    ).json()
    assert (body["fu"], body["raw_fu"]) == (60, 60)
    assert body["items"][0] == {"code": "base", "fu": 20}
    assert {"code": "pair_double_wind", "fu": 4} in body["items"]
    assert {"code": "wait_pair", "fu": 2} in body["items"]
    assert body["closed"] is False


def test_seed_001_example_3_54_to_60_fu(client) -> None:
    # 20 + 三萬暗槓 16 + 南暗刻 8 + 門清榮和 10 = 54 → 60
    body = post(client, {"melds": [{"kind": "kan"}, SEQ, SEQ, {"kind": "triplet", "terminal_or_honor": True}], "wait": "two_sided"}).json()
    assert (body["raw_fu"], body["fu"]) == (54, 60)
    assert {"code": "closed_ron", "fu": 10} in body["items"]


def test_seed_000_open_pinfu_shape_30_fu(client) -> None:
    # 食平和形照樣係 30 符: 20 + open_pinfu 10.
    body = post(client, {"melds": [OPEN_SEQ, OPEN_SEQ, SEQ, SEQ], "pair": "plain", "wait": "two_sided"}).json()
    assert body["fu"] == 30
    assert body["items"][-1] == {"code": "open_pinfu", "fu": 10}


def test_pinfu_tsumo_20_and_the_option(client) -> None:
    hand = {"melds": [SEQ] * 4, "wait": "two_sided", "tsumo": True}
    assert post(client, hand).json()["fu"] == 20
    # pinfu_tsumo_fu: 20 + 2 = 22 → 30
    body = post(client, {**hand, "rules": {"pinfu_tsumo_fu": True}}).json()
    assert (body["raw_fu"], body["fu"]) == (22, 30)
    assert body["rules"] == {"double_wind_pair_fu": 4, "rinshan_tsumo_fu": True, "pinfu_tsumo_fu": True}


def test_seven_pairs_25(client) -> None:
    body = post(client, {"seven_pairs": True, "wait": "pair"}).json()
    assert (body["raw_fu"], body["fu"], body["items"]) == (25, 25, [{"code": "seven_pairs", "fu": 25}])


def test_double_wind_pair_fu_option(client) -> None:
    # Closed ron, four sequences, tanki on the double wind: 20 + 10 + 4 + 2 = 36 → 40;
    # with 2: 20 + 10 + 2 + 2 = 34 → 40 (raw differs).
    hand = {"melds": [SEQ] * 4, "pair": "double_wind", "wait": "pair"}
    assert post(client, hand).json()["raw_fu"] == 36
    assert post(client, {**hand, "rules": {"double_wind_pair_fu": 2}}).json()["raw_fu"] == 34


def test_rinshan_tsumo_fu_option(client) -> None:
    # Open simple kan 8, tanki: 20 + 2 + 8 + 2 = 32 → 40; without the tsumo 2: 30.
    hand = {"melds": [{"kind": "kan", "open": True}, SEQ, SEQ, SEQ], "wait": "pair", "tsumo": True, "rinshan": True}
    assert post(client, hand).json()["fu"] == 40
    assert post(client, {**hand, "rules": {"rinshan_tsumo_fu": False}}).json()["fu"] == 30


@pytest.mark.parametrize(
    ("body", "status", "pointer"),
    [
        ({"seven_pairs": True, "melds": [SEQ], "wait": "pair"}, 422, "#/melds"),
        ({"melds": [SEQ, SEQ, SEQ], "wait": "pair"}, 422, "#/melds"),
        ({"melds": [{"kind": "kan", "winning": True}, SEQ, SEQ, SEQ], "wait": "shanpon"}, 422, "#/melds/0/winning"),
        ({"melds": [{"kind": "triplet"}] * 4, "wait": "edge"}, 422, "#/wait"),
        ({"melds": [SEQ] * 4, "wait": "pair", "rinshan": True}, 422, "#/rinshan"),
        ({"melds": [SEQ] * 5, "wait": "pair"}, 400, "#/melds"),
        ({"melds": [{"kind": "pair"}] * 4, "wait": "pair"}, 400, "#/melds/0/kind"),
        ({"melds": [SEQ] * 4}, 400, "#/wait"),
        ({"melds": [SEQ] * 4, "wait": "two_sided", "rules": {"double_wind_pair_fu": 3}}, 400, "#/rules/double_wind_pair_fu"),
        ({"melds": [SEQ] * 4, "wait": "two_sided", "han": 3}, 400, "#/han"),
        ({"melds": [SEQ] * 4, "wait": "two_sided", "tsumo": "yes"}, 400, "#/tsumo"),
    ],
    ids=[
        "seven_pairs_with_melds",
        "three_melds",
        "winning_kan",
        "edge_wait_without_sequence",
        "rinshan_on_ron_without_kan",
        "five_melds",
        "unknown_meld_kind",
        "missing_wait",
        "double_wind_3",
        "unknown_field",
        "string_bool",
    ],
)
def test_bad_input_is_problem_json_naming_the_field(client, body: dict[str, Any], status: int, pointer: str) -> None:
    response = post(client, body)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    melds=st.lists(
        st.fixed_dictionaries(
            {"kind": st.sampled_from(["sequence", "triplet", "kan"]), "open": st.booleans(), "terminal_or_honor": st.booleans()}
        ),
        min_size=4,
        max_size=4,
    ),
    wait=st.sampled_from(["two_sided", "edge", "closed", "pair", "shanpon"]),
    tsumo=st.booleans(),
)
def test_http_fu_is_a_scoring_value_or_a_422(client, melds, wait, tsumo) -> None:
    response = post(client, {"melds": melds, "wait": wait, "tsumo": tsumo})
    assert response.status_code in (200, 422)
    if response.status_code == 200:
        body = response.json()
        validator_for("FuResult").validate(body)
        assert body["fu"] in {20, 25} | set(range(30, 171, 10))
        assert body["raw_fu"] <= body["fu"]
        assert sum(item["fu"] for item in body["items"]) == body["raw_fu"]
