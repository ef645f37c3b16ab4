"""The Hong Kong settlement with `patterns` instead of `fan`.

Amounts: the reference calculator's 香港規則：由番到點數 half-spicy column (8 fan → 64,
10 fan → 128) and CONTRACT.md's standard scheme (self-draw V/2 each, full gun
the discarder V). Patterns: the Hong Kong fan sheet.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.rulesets.hongkong.settlement import HongKongRequest, settle
from service.rulesets.hongkong.value_table import FAN_TABLE
from tests.helpers import D, paid

SETTLE = "/v1/hongkong/settlements"
SELF_DRAW = {"type": "self_draw"}


def discard(seat: str) -> dict[str, str]:
    return {"type": "discard", "discarder": seat}


def patterns(*codes: str | tuple[str, int]) -> list[dict[str, Any]]:
    return [{"code": c} if isinstance(c, str) else {"code": c[0], "count": c[1]} for c in codes]


def test_example_8_fan_self_drawn(client) -> None:
    # self-draw + concealed + half flush + all pongs = 1 + 1 + 3 + 3 = 8 fan
    # half spicy 8 fan = 64 points; self-draw V/2 = 32 from each of three → 96
    response = client.post(
        SETTLE, json={"winner": "east", "win": SELF_DRAW, "patterns": patterns("self_draw", "concealed", "half_flush", "all_pongs")}
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["fan_paid"] == 8
    assert D(body["pre_payout_total"]) == D(64)
    assert paid(body) == {"south": D(32), "west": D(32), "north": D(32)}
    assert D(body["winner_receives"]) == D(96)
    assert [(i["code"], i["fan"]) for i in body["fan_items"]] == [("self_draw", 1), ("concealed", 1), ("half_flush", 3), ("all_pongs", 3)]


def test_a_self_drawn_win_brings_its_self_draw_fan(client) -> None:
    # same hand without listing self_draw: the win is a self-draw, so it is added (1 + 3 + 3 + 1 = 8)
    body = client.post(
        SETTLE, json={"winner": "east", "win": SELF_DRAW, "patterns": patterns("concealed", "half_flush", "all_pongs")}
    ).json()
    assert body["fan_paid"] == 8
    assert body["fan_items"][-1] == {
        "code": "self_draw",
        "name_en": "Self-draw",
        "count": 1,
        "fan": 1,
        "included_in": None,
        "implied_by": "win",
    }
    assert D(body["winner_receives"]) == D(96)


def test_example_full_flush_all_pongs_on_a_discard(client) -> None:
    # 7 + 3 = 10 fan → 128 half spicy; full gun: the discarder pays all 128
    body = client.post(SETTLE, json={"winner": "south", "win": discard("west"), "patterns": patterns("full_flush", "all_pongs")}).json()
    assert (body["fan_paid"], body["tier"]) == (10, "limit")
    assert paid(body) == {"west": D(128), "north": D(0), "east": D(0)}


def test_example_big_three_dragons_all_pongs_limit_at_10(client) -> None:
    # 8 + 3 = 11 fan → clamped to 10: 128, limit, fan_capped
    body = client.post(
        SETTLE, json={"winner": "south", "win": discard("west"), "patterns": patterns("big_three_dragons", "all_pongs")}
    ).json()
    assert (body["fan_paid"], body["tier"]) == (10, "limit")
    assert [w["code"] for w in body["warnings"]] == ["fan_capped"]
    assert D(body["pre_payout_total"]) == D(128)
    assert sum(i["fan"] for i in body["fan_items"]) == 11


def test_a_limit_hand_pattern_pays_the_cap(client) -> None:
    # 十三么 at a 13 cap, half spicy: 384; half gun discarder V/2 = 192, others V/4 = 96
    body = client.post(
        SETTLE,
        json={
            "winner": "north",
            "win": discard("east"),
            "patterns": patterns("thirteen_orphans"),
            "rules": {"fan_cap": 13, "discard_payment": "half_gun"},
        },
    ).json()
    assert (body["fan_paid"], body["tier"]) == (13, "limit")
    assert [w["code"] for w in body["warnings"]] == ["limit_hand_declared"]
    assert paid(body) == {"east": D(192), "south": D(96), "west": D(96)}


def test_eight_immortals_as_a_limit_hand_pays_as_a_self_draw(client) -> None:
    # 八仙過海 played as a limit hand (the Wikibooks extract), cap 10: 128 points; 当自摸计: V/2 = 64 each
    body = client.post(
        SETTLE, json={"winner": "west", "win": SELF_DRAW, "patterns": patterns("eight_immortals"), "eight_immortals": "limit"}
    ).json()
    assert body["fan_paid"] == 10
    assert paid(body) == {"north": D(64), "east": D(64), "south": D(64)}


def test_seven_robs_one_paid_whole_by_the_eighth_flower(client) -> None:
    # The Wikibooks extract's 七搶一: 「香港牌當例牌食糊。出第8隻花嘅玩家包晒」 — a limit hand, and the
    # player who drew the eighth flower (north here) pays all of it. Like 八仙過海
    # it is paid as a self-draw, so "all of it" is the three self-draw shares:
    # cap 10, 128 points, 3 × 64 = 192 from north alone.
    body = client.post(SETTLE, json={"winner": "west", "win": SELF_DRAW, "fan": 0, "limit_hand": True, "liable": "north"}).json()
    assert paid(body) == {"north": D(192), "east": D(0), "south": D(0)}
    assert {p["payer"]: p["role"] for p in body["payments"]}["north"] == "liable"
    assert (D(body["winner_receives"]), body["tier"]) == (D(192), "limit")


def test_fan_still_works_and_reports_no_items(client) -> None:
    body = client.post(SETTLE, json={"winner": "east", "win": discard("south"), "fan": 3}).json()
    assert body["fan_items"] is None
    assert paid(body) == {"south": D(8), "west": D(0), "north": D(0)}


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        ({"fan": 3, "patterns": patterns("self_draw")}, "not both"),
        ({}, "missing required field `fan`"),
    ],
)
def test_exactly_one_of_fan_and_patterns(client, extra, fragment) -> None:
    # the published schema says oneOf (required fan | required patterns): a schema error, 400
    response = client.post(SETTLE, json={"winner": "east", "win": SELF_DRAW, **extra})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/fan"]
    assert fragment in response.json()["detail"]


def test_published_body_schema_says_exactly_one() -> None:
    # at least one of them (anyOf) and no two together (not): the rule every
    # validator and fuzzer reads, beside the properties client generators
    # build one model from (a top-level oneOf of bare `required` lists made
    # openapi-python-client give up on the model)
    document = json.loads((Path(__file__).resolve().parents[3] / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    body = document["paths"]["/v1/hongkong/settlements"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["allOf"] == [{"$ref": "#/components/schemas/HongKongRequest"}]
    for name in ("HongKongRequest", "HongKongItem", "HongKongGameWin"):
        schema = document["components"]["schemas"][name]
        assert "oneOf" not in schema
        assert schema["allOf"] == [
            {"anyOf": [{"required": ["fan"]}, {"required": ["patterns"]}, {"required": ["tiles"]}]},
            {"not": {"anyOf": [{"required": ["fan", "patterns"]}, {"required": ["fan", "tiles"]}, {"required": ["patterns", "tiles"]}]}},
        ]
    validator = jsonschema.Draft202012Validator({"$ref": "#/components/schemas/HongKongRequest", "components": document["components"]})
    base = {"winner": "east", "win": SELF_DRAW}
    assert validator.is_valid({**base, "fan": 3})
    assert validator.is_valid({**base, "patterns": patterns("self_draw")})
    assert not validator.is_valid(base)
    assert not validator.is_valid({**base, "fan": 3, "patterns": patterns("self_draw")})


@pytest.mark.parametrize("code", ["self_draw", "win_on_kong", "win_on_flower", "last_tile", "eight_immortals"])
def test_a_self_drawn_pattern_on_a_discard_is_422(client, code) -> None:
    response = client.post(SETTLE, json={"winner": "east", "win": discard("south"), "patterns": patterns("concealed", code)})
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/patterns/1/code", "#/win/type"]
    assert f"`{code}`" in response.json()["detail"]


@pytest.mark.parametrize("code", ["robbing_kong", "last_discard"])
def test_a_discard_pattern_on_a_self_draw_is_422(client, code) -> None:
    response = client.post(SETTLE, json={"winner": "east", "win": SELF_DRAW, "patterns": patterns(code)})
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/patterns/0/code", "#/win/type"]


def test_heavenly_hand_is_the_dealers(client) -> None:
    # 天胡: 庄家起手已经食胡
    ok = client.post(SETTLE, json={"winner": "south", "dealer": "south", "win": SELF_DRAW, "patterns": patterns("heavenly_hand")})
    assert ok.status_code == 200 and ok.json()["fan_paid"] == 10
    response = client.post(SETTLE, json={"winner": "south", "win": SELF_DRAW, "patterns": patterns("heavenly_hand")})
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/patterns/0/code", "#/winner"]


def test_earthly_hand_is_won_on_the_dealers_discard(client) -> None:
    # 地胡: 食庄家打出的第一只牌
    ok = client.post(SETTLE, json={"winner": "south", "win": discard("east"), "patterns": patterns("earthly_hand")})
    assert ok.status_code == 200
    response = client.post(SETTLE, json={"winner": "south", "win": discard("west"), "patterns": patterns("earthly_hand")})
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/patterns/0/code", "#/win/discarder"]


def test_contradictory_patterns_in_a_settlement(client) -> None:
    response = client.post(SETTLE, json={"winner": "east", "win": discard("north"), "patterns": patterns("half_flush", "full_flush")})
    assert response.status_code == 422
    assert sorted(e["pointer"] for e in response.json()["errors"]) == ["#/patterns/0/code", "#/patterns/1/code"]


def test_liable_with_patterns(client) -> None:
    # 包 on a self-drawn 8 fan: 3 × 32 = 96 all from west
    body = client.post(
        SETTLE,
        json={
            "winner": "east",
            "win": SELF_DRAW,
            "liable": "west",
            "patterns": patterns("self_draw", "concealed", "half_flush", "all_pongs"),
        },
    ).json()
    assert paid(body) == {"south": D(0), "west": D(96), "north": D(0)}


def test_published_schema_keeps_fan_bounds_and_makes_it_optional() -> None:
    document = json.loads((Path(__file__).resolve().parents[3] / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    request = document["components"]["schemas"]["HongKongRequest"]
    assert request["properties"]["fan"]["minimum"] == 0
    assert request["properties"]["fan"]["maximum"] == 1000
    assert request["properties"]["fan"]["type"] == "integer"
    assert request["properties"]["patterns"]["maxItems"] == len(FAN_TABLE)
    assert "fan" not in request["required"] and "patterns" not in request["required"]


# --- properties -------------------------------------------------------------------

SEATS = ["east", "south", "west", "north"]


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SEATS),
    st.one_of(st.none(), st.sampled_from(SEATS)),
    st.lists(st.sampled_from([row.code for row in FAN_TABLE]), unique=True, max_size=6),
    st.sampled_from(["half_spicy", "full_spicy"]),
    st.sampled_from(["full_gun", "half_gun"]),
    st.sampled_from(["standard", "per_share", "classic_self_draw", "equal_total"]),
    st.integers(1, 13),
)
def test_settlement_from_patterns_is_zero_sum_and_exact(winner, discarder, codes, table, gun, scheme, cap) -> None:
    win: dict[str, Any] = SELF_DRAW if discarder is None or discarder == winner else discard(discarder)
    raw = {
        "winner": winner,
        "dealer": winner,
        "win": win,
        "patterns": patterns(*codes),
        "rules": {"table": table, "discard_payment": gun, "payment_scheme": scheme, "fan_cap": cap},
    }
    request = convert(raw, HongKongRequest)
    try:
        result = settle(request)
    except RuleViolation:
        return
    assert result.fan_items is not None
    assert result.fan_paid == min(sum(i.fan for i in result.fan_items), cap)
    assert sum(result.deltas.values(), Decimal(0)) == 0
    assert sum((p.amount for p in result.payments), Decimal(0)) == result.winner_receives
    assert all(isinstance(p.amount, Decimal) for p in result.payments)


def test_patterns_through_the_tagged_settlement(client) -> None:
    # POST /v1/settlements routes by `ruleset`; the same 8-fan self-draw: 32 from each of three
    body = client.post(
        "/v1/settlements",
        json={
            "ruleset": "hongkong",
            "winner": "east",
            "win": SELF_DRAW,
            "patterns": patterns("self_draw", "concealed", "half_flush", "all_pongs"),
        },
    ).json()
    assert body["fan_paid"] == 8
    assert paid(body) == {"south": D(32), "west": D(32), "north": D(32)}
