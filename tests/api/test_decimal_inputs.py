"""Decimal request fields: every value the schema and the checks accept is
settled exactly, and a value too small to settle exactly is a 400 naming its
field, never a 500.

Fuzzing found Taiwan's `unit` at 7.798404411949716e-48 answered 500: it lay
in 0–1000000 with 16 significant digits, but 100 + 530 × 7.8E-48 needs more
digits than the exact context carries, so the sum raised Inexact. Nonzero
decimal inputs are now at least 0.0001 (point_value's minimum)."""

from __future__ import annotations

import json
from decimal import Decimal, localcontext
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.core.money import CONTEXT, MAX_DECIMAL_PLACES, MAX_INPUT_DIGITS, SMALLEST_NONZERO
from service.rulesets.hongkong import settlement as hongkong
from service.rulesets.mcr import settlement as mcr
from service.rulesets.nmjl import settlement as nmjl
from service.rulesets.riichi import game_results as riichi_game
from service.rulesets.taiwan import settlement as taiwan
from tests.helpers import D

DOCUMENT = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json").read_text(encoding="utf-8"))
SCHEMAS = DOCUMENT["components"]["schemas"]


def problem_pointers(response) -> list[str]:
    assert response.headers["content-type"].startswith("application/problem+json"), response.text
    return [e["pointer"] for e in response.json()["errors"]]


def test_the_fuzzed_taiwan_unit_is_a_400_naming_it(client) -> None:
    raw = (
        b'{"win": {"type": "discard", "discarder": "south"}, "winner": "west", "tai": 530, "preset": "shenlaiye",'
        b' "mode": "standard", "rules": {"base": 100, "tai_cap": 417, "unit": 7.798404411949716e-48}}'
    )
    response = client.post("/v1/taiwan/settlements", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert problem_pointers(response) == ["#/rules/unit"]
    assert response.json()["errors"][0]["detail"] == "Invalid field `unit`: must be 0 or at least 0.0001"


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        ("/v1/taiwan/settlements", {"winner": "west", "win": {"type": "self_draw"}, "tai": 1, "rules": {"base": 1e-40}}, "#/rules/base"),
        ("/v1/taiwan/settlements", {"winner": "west", "win": {"type": "self_draw"}, "tai": 1, "rules": {"unit": 0.00009}}, "#/rules/unit"),
        (
            "/v1/riichi/game-results",
            {
                "scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000},
                "chips": {"counts": {"east": 1, "south": -1}, "value": 1e-45},
            },
            "#/chips/value",
        ),
    ],
)
def test_a_nonzero_amount_below_0_0001_is_a_400(client, path, body, pointer) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 400
    assert problem_pointers(response) == [pointer]


def test_the_message_follows_accept_language(client) -> None:
    body = {"winner": "west", "win": {"type": "self_draw"}, "tai": 1, "rules": {"unit": 0.00009}}
    response = client.post("/v1/taiwan/settlements", json=body, headers={"Accept-Language": "zh-TW"})
    assert response.json()["errors"][0]["detail"] == "欄位 `unit` 無效：一定要係 0 或者最少 0.0001"


def test_zero_and_the_smallest_amount_settle_exactly(client) -> None:
    # the Taiwan tai table: a discarder pays 底 + 台 × 單位; neither seat is the dealer (east)
    body = {"winner": "west", "win": {"type": "discard", "discarder": "south"}, "tai": 5, "rules": {"base": 0, "unit": 0.0001}}
    response = client.post("/v1/taiwan/settlements", json=body)
    assert response.status_code == 200, response.text
    assert D(response.json()["winner_receives"]) == D("0.0005")  # 0 + 5 × 0.0001


# --- the published schema says the same ---------------------------------------------------


def _decimal_property(component: str, name: str) -> dict[str, Any]:
    return SCHEMAS[component]["properties"][name]


@pytest.mark.parametrize(("component", "name"), [("TaiwanRules", "base"), ("TaiwanRules", "unit"), ("GameChips", "value")])
@pytest.mark.parametrize(
    ("value", "accepted"), [(0, True), (0.0001, True), (0.00009999, False), (1e-48, False), (1000000, True), (1000000.5, False)]
)
def test_schema_and_checks_agree_on_the_bounds(client, component, name, value, accepted) -> None:
    schema = _decimal_property(component, name)
    assert jsonschema.Draft202012Validator(schema).is_valid(value) is accepted
    if component == "TaiwanRules":
        body = {"winner": "west", "win": {"type": "self_draw"}, "tai": 1, "rules": {name: value}}
        status = client.post("/v1/taiwan/settlements", json=body).status_code
    else:
        chips = {"counts": {"east": 1, "south": -1}, "value": value}
        body = {"scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000}, "chips": chips}
        status = client.post("/v1/riichi/game-results", json=body).status_code
    assert status == (200 if accepted else 400)


# --- every accepted value settles exactly ---------------------------------------------------


def _amounts(low: Decimal, high: Decimal) -> st.SearchStrategy[Decimal]:
    """Decimals in [low, high] with up to MAX_INPUT_DIGITS significant digits
    and MAX_DECIMAL_PLACES decimal places, spread over every exponent the
    bounds allow (the extremes included)."""
    digits = st.integers(1, 10**MAX_INPUT_DIGITS - 1)
    exponents = st.integers(-MAX_DECIMAL_PLACES, 6)
    scaled = st.builds(lambda k, e: Decimal(k).scaleb(e), digits, exponents)
    extremes = [low, high, Decimal("0.000123"), Decimal("999999.999999")]
    return st.one_of(st.sampled_from(extremes), scaled.filter(lambda v: low <= v <= high))


MONEY = _amounts(SMALLEST_NONZERO, Decimal(1_000_000))


def _win(discarder: str | None) -> dict[str, str]:
    return {"type": "self_draw"} if discarder is None else {"type": "discard", "discarder": discarder}


def _assert_exact_and_zero_sum(result: Any) -> None:
    """Deltas add up to zero and the payments to what the winner receives,
    summed exactly (amounts may carry more digits than the default context's 28)."""
    with localcontext(CONTEXT):
        assert sum(result.deltas.values(), Decimal(0)) == 0
        assert sum((p.amount for p in result.payments), Decimal(0)) == result.winner_receives


@settings(max_examples=300, deadline=None)
@given(
    base=st.one_of(st.just(Decimal(0)), MONEY),
    unit=st.one_of(st.just(Decimal(0)), MONEY),
    tai=st.integers(0, taiwan.MAX_TAI),
    dealer_streak=st.integers(0, 10),
    discarder=st.sampled_from([None, "south", "east"]),
)
def test_taiwan_settles_any_accepted_amounts_exactly(base, unit, tai, dealer_streak, discarder) -> None:
    body = {"winner": "west", "win": _win(discarder), "tai": tai, "dealer_streak": dealer_streak, "rules": {"base": base, "unit": unit}}
    result = taiwan.settle(convert(body, taiwan.TaiwanRequest))
    _assert_exact_and_zero_sum(result)
    with localcontext(CONTEXT):  # each payer pays 底 + 台 × 單位 at least (dealer tai only add)
        assert all(p.amount >= base + tai * unit for p in result.payments if p.amount)


@settings(max_examples=300, deadline=None)
@given(point_value=MONEY, value=st.integers(25, 100), jokerless=st.booleans(), discarder=st.sampled_from([None, "south"]))
def test_nmjl_settles_any_accepted_point_value_exactly(point_value, value, jokerless, discarder) -> None:
    body = {"winner": "east", "win": _win(discarder), "value": value, "jokerless": jokerless, "rules": {"point_value": point_value}}
    _assert_exact_and_zero_sum(nmjl.settle(convert(body, nmjl.NmjlRequest)))


@settings(max_examples=300, deadline=None)
@given(
    point_value=MONEY,
    fan=st.integers(0, 13),
    table=st.sampled_from(["half_spicy", "full_spicy"]),
    discard_payment=st.sampled_from(["full_gun", "half_gun"]),
    payment_scheme=st.sampled_from(["standard", "per_share", "classic_self_draw", "equal_total"]),
    discarder=st.sampled_from([None, "south"]),
)
def test_hong_kong_settles_any_accepted_point_value_exactly(point_value, fan, table, discard_payment, payment_scheme, discarder) -> None:
    # the half-gun and self-draw shares divide the value by 2 and 4: still exact
    rules = {
        "point_value": point_value,
        "table": table,
        "discard_payment": discard_payment,
        "payment_scheme": payment_scheme,
        "fan_cap": 13,
    }
    body = {"winner": "east", "win": _win(discarder), "fan": fan, "rules": rules}
    _assert_exact_and_zero_sum(hongkong.settle(convert(body, hongkong.HongKongRequest)))


@settings(max_examples=200, deadline=None)
@given(point_value=MONEY, fan=st.integers(8, 88), flowers=st.integers(0, 8), discarder=st.sampled_from([None, "south"]))
def test_mcr_settles_any_accepted_point_value_exactly(point_value, fan, flowers, discarder) -> None:
    body = {"winner": "east", "win": _win(discarder), "fan": fan, "flowers": flowers, "rules": {"point_value": point_value}}
    result = mcr.settle(convert(body, mcr.McrRequest))
    _assert_exact_and_zero_sum(result)
    with localcontext(CONTEXT):
        # the reference calculator: (8 + fan + flowers) × 3 on a self-draw, 8 × 3 + fan + flowers on a discard, × point_value
        base = 8 * 3 + (fan + flowers) * (3 if discarder is None else 1)
        assert result.winner_receives == base * point_value


@settings(max_examples=300, deadline=None)
@given(value=st.one_of(st.just(Decimal(0)), MONEY), chips=st.integers(-riichi_game.MAX_CHIPS, riichi_game.MAX_CHIPS))
def test_game_results_take_any_accepted_chip_value_exactly(value, chips) -> None:
    body = {
        "scores": {"east": 40000, "south": 30000, "west": 20000, "north": 10000},
        "chips": {"counts": {"east": chips, "west": -chips}, "value": value},
    }
    try:
        result = riichi_game.game_results(convert(body, riichi_game.GameResultsRequest))
    except RuleViolation:
        raise AssertionError("a valid request was refused") from None
    by_seat = {s.seat: s for s in result.standings}
    with localcontext(CONTEXT):
        assert by_seat["east"].chips == chips * value and by_seat["west"].chips == -chips * value


def test_a_value_below_the_smallest_cannot_be_built_through_the_engine_either() -> None:
    with pytest.raises(msgspec.ValidationError, match=r"must be 0 or at least 0\.0001"):
        convert({"winner": "west", "win": {"type": "self_draw"}, "tai": 1, "rules": {"unit": Decimal("1E-5")}}, taiwan.TaiwanRequest)


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        # JavaScript's 0.1 + 0.2 (IEEE 754 doubles) prints 0.30000000000000004: 17 decimal places
        (
            "/v1/hongkong/settlements",
            {"winner": "east", "win": {"type": "self_draw"}, "fan": 3, "rules": {"point_value": 0.30000000000000004}},
            "#/rules/point_value",
        ),
        (
            "/v1/mcr/settlements",
            {"winner": "east", "win": {"type": "self_draw"}, "fan": 8, "rules": {"point_value": 2.0000001}},
            "#/rules/point_value",
        ),
        (
            "/v1/taiwan/settlements",
            {"winner": "west", "win": {"type": "self_draw"}, "tai": 1, "rules": {"unit": 1.0000005}},
            "#/rules/unit",
        ),
    ],
)
def test_an_amount_with_more_than_6_decimal_places_is_a_400_naming_it(client, path, body, pointer) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 400, response.text
    assert problem_pointers(response) == [pointer]
    assert response.json()["errors"][0]["detail"].endswith("at most 6 decimal places")


def test_six_decimal_places_and_trailing_zeros_are_taken(client) -> None:
    # 0.000125 has 6 places. 4 fan on the default half-spicy table is 16 points and a self-draw
    # costs each of three payers half of it (docs/hongkong.md's fan table: self_draw_each 8):
    # 3 × 8 = 24 points, × 0.000125 = 0.003
    body = {"winner": "east", "win": {"type": "self_draw"}, "fan": 4, "rules": {"point_value": 0.000125}}
    response = client.post("/v1/hongkong/settlements", json=body)
    assert response.status_code == 200, response.text
    assert '"winner_receives":0.003,' in response.text
    raw = b'{"winner": "east", "win": {"type": "self_draw"}, "fan": 4, "rules": {"point_value": 0.3000000000}}'
    response = client.post("/v1/hongkong/settlements", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text
    assert '"point_value":0.3,' in response.text
