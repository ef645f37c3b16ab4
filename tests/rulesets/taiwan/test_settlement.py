"""POST /v1/taiwan/settlements: base + tai × unit, who pays, dealer and
streak tai (the Taiwan tai table, docs/taiwan.md)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.rulesets.taiwan import settlement as taiwan
from service.rulesets.taiwan.settlement import TaiwanRequest
from tests.helpers import D, paid

URL = "/v1/taiwan/settlements"
SEATS = ("east", "south", "west", "north")


def engine(body: dict[str, Any]) -> taiwan.TaiwanSettlement:
    return taiwan.settle(convert(body, TaiwanRequest))


def engine_paid(body: dict[str, Any]) -> dict[str, Decimal]:
    return {p.payer: p.amount for p in engine(body).payments}


def discard(seat: str) -> dict[str, str]:
    return {"type": "discard", "discarder": seat}


SELF = {"type": "self_draw"}

# The issue's table, a 100/20 table (the defaults), dealer east (the default).
ISSUE_CASES = [
    pytest.param(
        # 100 + 5 × 20 = 200; the dealer is not part of this payment
        {"winner": "south", "win": discard("west"), "tai": 5},
        {"west": D(200), "east": D(0), "north": D(0)},
        id="non-dealers-discard",
    ),
    pytest.param(
        # 100 + (5 + 1) × 20 = 220: the dealer's 1 tai, streak 0
        {"winner": "south", "win": discard("east"), "tai": 5, "dealer_streak": 0},
        {"east": D(220), "west": D(0), "north": D(0)},
        id="dealer-discards",
    ),
    pytest.param(
        # east: 100 + (5 + 1 + 2×2) × 20 = 300; west, north: 100 + 5 × 20 = 200
        {"winner": "south", "win": SELF, "tai": 5, "dealer_streak": 2},
        {"east": D(300), "west": D(200), "north": D(200)},
        id="self-draw-dealer-pays-streak-2",
    ),
    pytest.param(
        # every payer adds the dealer's 1 + streak 4: 100 + 10 × 20 = 300
        {"winner": "east", "win": SELF, "tai": 5, "dealer_streak": 2},
        {"south": D(300), "west": D(300), "north": D(300)},
        id="dealer-self-draws-streak-2",
    ),
    pytest.param(
        # no minimum: 0 tai is the base, 100
        {"winner": "south", "win": discard("west"), "tai": 0},
        {"west": D(100), "east": D(0), "north": D(0)},
        id="zero-tai",
    ),
]


@pytest.mark.parametrize(("body", "expected"), ISSUE_CASES)
def test_issue_table_engine(body: dict[str, Any], expected: dict[str, Decimal]) -> None:
    assert engine_paid(body) == expected


@pytest.mark.parametrize(("body", "expected"), ISSUE_CASES)
def test_issue_table_http(client, body: dict[str, Any], expected: dict[str, Decimal]) -> None:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.text
    result = response.json()
    assert paid(result) == expected
    total = sum(expected.values())
    assert D(result["winner_receives"]) == total
    assert D(result["deltas"][body["winner"]]) == total
    assert sum(D(v) for v in result["deltas"].values()) == 0
    assert result["ruleset"] == "taiwan" and result["tier"] is None
    # pre_payout_total: base + tai × unit, without dealer tai
    assert D(result["pre_payout_total"]) == D(100) + D(body["tai"]) * 20


def test_seed_formula_example() -> None:
    # the Taiwan tai table's 付款公式: 100/20 的桌子，5 台的牌，一般付款是 100 + 5 × 20 = 200
    result = engine({"winner": "north", "win": discard("south"), "tai": 5})
    assert result.pre_payout_total == D(200)
    assert engine_paid({"winner": "north", "win": discard("south"), "tai": 5})["south"] == D(200)


def test_seed_streak_example() -> None:
    # the Taiwan tai table: 連二拉二是 4 台，加上莊家台共 5 台 — a 0-tai hand the dealer wins
    # on a discard pays 100 + 5 × 20 = 200
    result = engine({"winner": "east", "win": discard("north"), "tai": 0, "dealer_streak": 2})
    assert result.dealer_extra_tai == 5
    assert {p.payer: p.amount for p in result.payments}["north"] == D(200)


def test_seed_003_streak_both_ways() -> None:
    # the Wikibooks extract: 「連2拉2，2加2就即係四台，即係莊家食糊就贏四台，出銃就輸四台」, and
    # 莊 1 台 on top (the Wikibooks extract's 一台: 莊; the Taiwan tai table: 加上莊家台共 5 台). The dealer east,
    # second repeat, discards into south's 3-tai hand: east pays 100 + (3 + 4 + 1) × 20
    # = 260, where a non-dealer discarder would pay 100 + 3 × 20 = 160.
    result = engine({"winner": "south", "win": discard("east"), "tai": 3, "dealer_streak": 2})
    assert {p.payer: p.amount for p in result.payments}["east"] == D(260)
    result = engine({"winner": "south", "win": discard("west"), "tai": 3, "dealer_streak": 2})
    assert {p.payer: p.amount for p in result.payments}["west"] == D(160)


def test_roles_and_zero_lines() -> None:
    result = engine({"winner": "south", "win": discard("west"), "tai": 5})
    assert [(p.payer, p.role) for p in result.payments] == [("west", "discarder"), ("north", "other"), ("east", "other")]
    result = engine({"winner": "south", "win": SELF, "tai": 5})
    assert {p.role for p in result.payments} == {"self_draw"}


def test_payer_tai_reports_the_tai_of_each_payment() -> None:
    # south self-draws 5 tai, dealer east, streak 1: east 5 + 1 + 2 = 8, others 5
    result = engine({"winner": "south", "win": SELF, "tai": 5, "dealer_streak": 1})
    assert result.payer_tai == {"west": 5, "north": 5, "east": 8}
    assert result.dealer_extra_tai == 3


def test_streak_as_n() -> None:
    # 戲谷's option / 麻將大師's column: N instead of 2N.
    # east pays 100 + (5 + 1 + 1×2) × 20 = 260
    body = {"winner": "south", "win": SELF, "tai": 5, "dealer_streak": 2, "rules": {"streak_tai_per": 1}}
    assert engine_paid(body) == {"east": D(260), "west": D(200), "north": D(200)}


def test_other_dealer_seat() -> None:
    # dealer north, streak 1: north pays 100 + (3 + 1 + 2) × 20 = 220; east, south 160
    body = {"winner": "west", "win": SELF, "tai": 3, "dealer": "north", "dealer_streak": 1}
    assert engine_paid(body) == {"north": D(220), "east": D(160), "south": D(160)}


def test_dealer_tai_option() -> None:
    # dealer_tai 0: the dealer discarding 5 tai pays 100 + 5 × 20 = 200
    body = {"winner": "south", "win": discard("east"), "tai": 5, "rules": {"dealer_tai": 0}}
    assert engine_paid(body)["east"] == D(200)


def test_no_cap_by_default() -> None:
    # 沒有上限: 36 tai pays 100 + 36 × 20 = 820
    assert engine_paid({"winner": "south", "win": discard("west"), "tai": 36})["west"] == D(820)


def test_tai_cap() -> None:
    # 30 tai capped at 20: west 100 + 20 × 20 = 500; the dealer east adds 1
    # tai after the cap: 100 + 21 × 20 = 520
    result = engine({"winner": "south", "win": SELF, "tai": 30, "rules": {"tai_cap": 20}})
    assert {p.payer: p.amount for p in result.payments} == {"west": D(500), "north": D(500), "east": D(520)}
    assert (result.tai, result.tai_paid) == (30, 20)
    assert [w.code for w in result.warnings] == ["taiwan_tai_capped"]
    assert engine({"winner": "south", "win": SELF, "tai": 20, "rules": {"tai_cap": 20}}).warnings == []


def test_exact_decimals(client) -> None:
    # base 0.5, unit 0.1, 3 tai between non-dealers: 0.5 + 3 × 0.1 = 0.8 exactly
    body = {"winner": "south", "win": discard("west"), "tai": 3, "rules": {"base": 0.5, "unit": 0.1}}
    response = client.post(URL, json=body)
    assert response.status_code == 200
    assert '"amount":0.8' in response.text
    assert paid(response.json())["west"] == D("0.8")


def test_rules_are_echoed(client) -> None:
    response = client.post(URL, json={"winner": "south", "win": SELF, "tai": 1})
    assert response.json()["rules"] == {"base": 100, "unit": 20, "dealer_tai": 1, "streak_tai_per": 2, "tai_cap": 0}


# --- special wins -----------------------------------------------------------------


def test_robbing_kong_paid_by_the_kong_adder(client) -> None:
    # west added to the kong: west alone pays, as a discard: 100 + 2 × 20 = 140
    body = {"winner": "south", "win": discard("west"), "tai": 2, "special": "robbing_kong"}
    response = client.post(URL, json=body)
    assert response.status_code == 200
    assert paid(response.json()) == {"west": D(140), "north": D(0), "east": D(0)}
    assert response.json()["special"] == "robbing_kong"


def test_robbing_kong_has_no_self_draw(client) -> None:
    response = client.post(URL, json={"winner": "south", "win": SELF, "tai": 2, "special": "robbing_kong"})
    assert response.status_code == 422
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/win/type"]
    # and no self-draw tai among its patterns
    body = {
        "winner": "south",
        "win": discard("west"),
        "special": "robbing_kong",
        "patterns": [{"code": "robbing_kong"}, {"code": "self_draw"}],
    }
    response = client.post(URL, json=body)
    assert response.status_code == 422
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/patterns/1/code"]


def test_robbing_kong_with_patterns() -> None:
    # 搶槓 1 + 單吊 1 = 2 tai; the adder west pays 100 + 2 × 20 = 140
    body = {
        "winner": "south",
        "win": discard("west"),
        "special": "robbing_kong",
        "patterns": [{"code": "robbing_kong"}, {"code": "pair_wait"}],
    }
    assert engine_paid(body) == {"west": D(140), "north": D(0), "east": D(0)}


def test_seven_robs_one_paid_by_the_robbed_player() -> None:
    # north drew the eighth flower and is robbed: north alone, and north is
    # not the dealer: 100 + 8 × 20 = 260
    body = {"winner": "south", "win": discard("north"), "special": "seven_robs_one", "patterns": [{"code": "seven_robs_one"}]}
    assert engine_paid(body) == {"north": D(260), "east": D(0), "west": D(0)}
    with pytest.raises(RuleViolation) as caught:
        engine({"winner": "south", "win": SELF, "tai": 8, "special": "seven_robs_one"})
    assert caught.value.problems[0].pointer == "/win/type"


def test_eight_immortals_paid_by_all_three() -> None:
    # 8 tai, all three: 100 + 8 × 20 = 260, the dealer east 100 + 9 × 20 = 280
    body = {"winner": "south", "win": SELF, "special": "eight_immortals", "patterns": [{"code": "eight_immortals"}]}
    assert engine_paid(body) == {"west": D(260), "north": D(260), "east": D(280)}
    with pytest.raises(RuleViolation) as caught:
        engine({"winner": "south", "win": discard("west"), "tai": 8, "special": "eight_immortals"})
    assert caught.value.problems[0].pointer == "/win/type"


def test_special_must_be_among_the_patterns(client) -> None:
    body = {"winner": "south", "win": SELF, "special": "eight_immortals", "patterns": [{"code": "self_draw"}]}
    response = client.post(URL, json=body)
    assert response.status_code == 422
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/special"]


def test_flower_win_from_deal_names_the_special() -> None:
    # 配牌花胡 12 台 (an eight immortals from the deal): 100 + 12 × 20 = 340 each,
    # the dealer east 100 + 13 × 20 = 360
    body = {"winner": "west", "win": SELF, "special": "eight_immortals", "patterns": [{"code": "flower_win_from_deal"}]}
    assert engine_paid(body) == {"north": D(340), "east": D(360), "south": D(340)}


# --- patterns in place of tai -------------------------------------------------------


def test_patterns_settlement_is_itemised(client) -> None:
    # 小三元 4 (replaces 三元台 ×2) + 混一色 4 = 8 tai; west pays 100 + 8 × 20 = 260
    body = {
        "winner": "south",
        "win": discard("west"),
        "patterns": [{"code": "little_three_dragons"}, {"code": "dragon_pung", "count": 2}, {"code": "half_flush"}],
    }
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.text
    result = response.json()
    assert paid(result)["west"] == D(260)
    assert result["tai"] == 8
    breakdown = result["tai_breakdown"]
    assert (breakdown["preset"], breakdown["mode"], breakdown["tai"]) == ("default", "standard", 8)
    assert [(i["code"], i["tai"], i["replaced_by"]) for i in breakdown["items"]] == [
        ("little_three_dragons", 4, None),
        ("dragon_pung", 0, "little_three_dragons"),
        ("half_flush", 4, None),
    ]


def test_patterns_with_preset_and_mode() -> None:
    # 明星3缺1, 見花見字: 見花見台 ×3 = 3, 暗槓 ×1 = 2, 門清自摸 3 → 8 tai;
    # south self-draws: 100 + 8 × 20 = 260, the dealer east 280
    body = {
        "winner": "south",
        "win": SELF,
        "preset": "mingxing",
        "mode": "any_flower_any_wind",
        "patterns": [{"code": "any_flower", "count": 3}, {"code": "concealed_kong"}, {"code": "concealed_self_draw"}],
    }
    result = engine(body)
    assert result.tai == 8
    assert {p.payer: p.amount for p in result.payments} == {"west": D(260), "north": D(260), "east": D(280)}


def test_empty_patterns_is_a_chicken_hand() -> None:
    # 屁胡只拿底: no patterns, 0 tai, the base
    assert engine_paid({"winner": "south", "win": discard("west"), "patterns": []})["west"] == D(100)


def test_pattern_warnings_reach_the_settlement() -> None:
    body = {"winner": "south", "win": SELF, "preset": "mingxing", "patterns": [{"code": "self_draw"}, {"code": "unaided"}]}
    result = engine(body)
    assert result.tai == 1
    assert [w.code for w in result.warnings] == ["taiwan_pattern_not_scored_in_preset"]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"winner": "south", "win": discard("west"), "patterns": [{"code": "concealed_self_draw"}]}, "#/patterns/0/code"),
        ({"winner": "south", "win": SELF, "patterns": [{"code": "half_flush"}, {"code": "all_melded"}]}, "#/patterns/1/code"),
        ({"winner": "south", "win": SELF, "patterns": [{"code": "heavenly_win"}]}, "#/patterns/0/code"),
        ({"winner": "east", "win": SELF, "patterns": [{"code": "earthly_win"}]}, "#/patterns/0/code"),
        ({"winner": "east", "win": discard("west"), "patterns": [{"code": "human_win"}]}, "#/patterns/0/code"),
    ],
    ids=[
        "self-draw-pattern-on-discard",
        "discard-pattern-on-self-draw",
        "heavenly-win-not-dealer",
        "earthly-win-by-dealer",
        "human-win-by-dealer",
    ],
)
def test_patterns_must_fit_the_win(client, body: dict[str, Any], pointer: str) -> None:
    response = client.post(URL, json=body)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


def test_heavenly_win_by_the_dealer() -> None:
    # 天胡 24 tai, dealer east: each 100 + (24 + 1) × 20 = 600
    body = {"winner": "east", "win": SELF, "patterns": [{"code": "heavenly_win"}]}
    assert engine_paid(body) == {"south": D(600), "west": D(600), "north": D(600)}


# --- bad input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "pointers"),
    [
        ({"winner": "south", "win": discard("west"), "tai": 5, "patterns": []}, 422, ["#/tai", "#/patterns"]),
        ({"winner": "south", "win": discard("west")}, 422, ["#/tai", "#/patterns"]),
        ({"winner": "south", "win": discard("south"), "tai": 5}, 422, ["#/win/discarder"]),
        ({"winner": "south", "win": discard("west"), "tai": -1}, 400, ["#/tai"]),
        ({"winner": "south", "win": discard("west"), "tai": 1001}, 400, ["#/tai"]),
        ({"winner": "south", "win": discard("west"), "tai": "5"}, 400, ["#/tai"]),
        ({"winner": "south", "win": discard("west"), "tai": 5, "dealer_streak": -1}, 400, ["#/dealer_streak"]),
        ({"winner": "south", "win": discard("west"), "tai": 5, "rules": {"unit": -20}}, 400, ["#/rules/unit"]),
        ({"winner": "south", "win": discard("west"), "tai": 5, "rules": {"streak_tai_per": 5}}, 400, ["#/rules/streak_tai_per"]),
        ({"winner": "south", "win": discard("west"), "tai": 5, "special": "kong"}, 400, ["#/special"]),
        ({"winner": "south", "win": discard("west"), "tai": 5, "fan": 3}, 400, ["#/fan"]),
        ({"winner": "south", "win": discard("west"), "patterns": [{"code": "dealer"}]}, 400, ["#/patterns/0/code"]),
        (
            {"winner": "south", "win": discard("west"), "patterns": [{"code": "pair_wait"}, {"code": "pair_wait"}]},
            422,
            ["#/patterns/1/code"],
        ),
    ],
    ids=[
        "tai-and-patterns",
        "neither",
        "discarder-is-winner",
        "negative-tai",
        "absurd-tai",
        "tai-string",
        "negative-streak",
        "negative-unit",
        "streak-per-too-big",
        "unknown-special",
        "unknown-field",
        "dealer-is-not-a-pattern",
        "pattern-twice",
    ],
)
def test_bad_input(client, body: dict[str, Any], status: int, pointers: list[str]) -> None:
    response = client.post(URL, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == pointers


# --- invariants ----------------------------------------------------------------------

seats = st.sampled_from(SEATS)
money = st.decimals(min_value=0, max_value=10_000, places=2, allow_nan=False, allow_infinity=False)


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    winner = draw(seats)
    if draw(st.booleans()):
        win: dict[str, str] = SELF
    else:
        win = discard(draw(st.sampled_from([s for s in SEATS if s != winner])))
    return {
        "winner": winner,
        "win": win,
        "tai": draw(st.integers(0, 1000)),
        "dealer": draw(seats),
        "dealer_streak": draw(st.integers(0, 99)),
        "rules": {
            "base": draw(money),
            "unit": draw(money),
            "dealer_tai": draw(st.integers(0, 16)),
            "streak_tai_per": draw(st.integers(0, 4)),
            "tai_cap": draw(st.integers(0, 1000)),
        },
    }


@settings(max_examples=200, deadline=None)
@given(requests())
def test_invariants(body: dict[str, Any]) -> None:
    result = engine(body)
    rules = body["rules"]
    assert sum(result.deltas.values()) == 0
    assert sum(p.amount for p in result.payments) == result.winner_receives == result.deltas[body["winner"]]
    assert all(isinstance(p.amount, Decimal) and p.amount >= 0 for p in result.payments)
    assert len(result.payments) == 3 and {p.payer for p in result.payments} == set(SEATS) - {body["winner"]}
    cap = rules["tai_cap"]
    assert result.tai_paid == (min(body["tai"], cap) if cap else body["tai"])
    extra = rules["dealer_tai"] + rules["streak_tai_per"] * body["dealer_streak"]
    for p in result.payments:
        if p.payer not in result.payer_tai:
            assert p.amount == 0 and p.role == "other"
            continue
        involved = body["dealer"] in (p.payer, body["winner"])
        assert result.payer_tai[p.payer] == result.tai_paid + (extra if involved else 0)
        assert p.amount == rules["base"] + result.payer_tai[p.payer] * rules["unit"]
    payers = len(result.payer_tai)
    assert payers == (3 if body["win"]["type"] == "self_draw" else 1)
