"""MCR (國標麻將) settlement, engine level.

Expected values come from the payment table (docs/mcr-nmjl.md), the reference calculator's worked examples and FAQ
answers, CONTRACT.md's formula, or hand arithmetic written next to them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.core.seats import SEATS
from service.core.settlement import Discard, SelfDraw
from service.rulesets.mcr import settlement as mcr
from service.rulesets.mcr.settlement import McrRequest, McrRules
from tests.helpers import D


def settle(**body: Any) -> mcr.McrSettlement:
    return mcr.settle(convert(body, McrRequest))


def discard(by: str = "south") -> dict[str, str]:
    return {"type": "discard", "discarder": by}


SELF_DRAW = {"type": "self_draw"}


def by_payer(result: mcr.McrSettlement) -> dict[str, Decimal]:
    assert all(p.payee == result.winner for p in result.payments)
    return {p.payer: p.amount for p in result.payments}


def codes(result: mcr.McrSettlement) -> list[str]:
    return [w.code for w in result.warnings]


# Issue 5's table (every row), winner east, discarder south.
# (fan, flowers, win, winner_receives, south, west, north, warning codes)
ISSUE_TABLE = [
    # 8 + 0 + 8 = 16 from the discarder, 8 + 8 from the others: 32
    (8, 0, discard(), "32", "16", "8", "8", []),
    # 16 from each of three: 48
    (8, 0, SELF_DRAW, "48", "16", "16", "16", []),
    # 24 + 2 + 8 = 34, + 8 + 8 = 50
    (24, 2, discard(), "50", "34", "8", "8", []),
    # 6 + 8 = 14, + 8 + 8 = 30; 6 < 8
    (6, 0, discard(), "30", "14", "8", "8", ["below_minimum_fan"]),
    # 6 + 2 + 8 = 16, + 8 + 8 = 32; 6 < 8 although 6 + 2 = 8
    (6, 2, discard(), "32", "16", "8", "8", ["below_minimum_fan", "flowers_not_counted_toward_minimum"]),
]


@pytest.mark.parametrize("fan, flowers, win, receives, south, west, north, warnings", ISSUE_TABLE)
def test_issue_table(fan, flowers, win, receives, south, west, north, warnings) -> None:
    result = settle(winner="east", win=win, fan=fan, flowers=flowers)
    assert result.winner_receives == D(receives)
    assert by_payer(result) == {"south": D(south), "west": D(west), "north": D(north)}
    assert codes(result) == warnings
    assert result.ruleset == "mcr"
    assert result.tier is None


# The reference calculator's worked examples ("同一個「三」" table, 國標 rows; the six-point
# example; the FAQ 國標麻將點畀錢？). Each is (fan, flowers, win,
# winner_receives, discarder or each, others, pre_payout_total).
SEED_000 = [
    # 國標・MCR（冇花牌）8 分出銃: 32, 16 / 8 / 8 — 牌型分＋花牌＋8 = 16
    (8, 0, discard(), "32", "16", "8", "16"),
    # 國標・MCR（冇花牌）8 分自摸: 48, 16 / 16 / 16
    (8, 0, SELF_DRAW, "48", "16", "16", "16"),
    # 帶兩隻花牌嘅二十四分牌合共二十六分，出銃收 50，放銃家 34、其餘兩家各 8
    (24, 2, discard(), "50", "34", "8", "34"),
    # 六分嘅牌照計，出銃收 30（放銃家 14、其餘兩家各 8）
    (6, 0, discard(), "30", "14", "8", "14"),
]


@pytest.mark.parametrize("fan, flowers, win, receives, first, others, total", SEED_000)
def test_seed_000_examples(fan, flowers, win, receives, first, others, total) -> None:
    result = settle(winner="east", win=win, fan=fan, flowers=flowers)
    assert result.winner_receives == D(receives)
    assert result.pre_payout_total == D(total)
    assert by_payer(result) == {"south": D(first), "west": D(others), "north": D(others)}


def test_seed_000_six_points_is_settled_with_a_warning() -> None:
    # 六分嘅牌照計，附一句話你未夠 8 分
    result = settle(winner="east", win=discard(), fan=6)
    assert codes(result) == ["below_minimum_fan"]
    assert "6" in result.warnings[0].message and "8" in result.warnings[0].message


def test_seed_000_flowers_do_not_lift_six_to_eight() -> None:
    # 六分帶兩隻花牌一樣唔夠: flowers are paid (16 from the discarder) but
    # the hand stays below the 8-point minimum.
    result = settle(winner="east", win=discard(), fan=6, flowers=2)
    assert codes(result) == ["below_minimum_fan", "flowers_not_counted_toward_minimum"]
    assert by_payer(result)["south"] == D(16)
    assert result.hand_points == 8


@pytest.mark.parametrize(
    "fan, flowers, expected",
    [
        (8, 0, []),  # exactly the minimum
        (8, 8, []),  # flowers never create a warning on a legal hand
        (7, 0, ["below_minimum_fan"]),
        (7, 1, ["below_minimum_fan", "flowers_not_counted_toward_minimum"]),  # 7 + 1 = 8
        (6, 1, ["below_minimum_fan"]),  # 6 + 1 = 7: flowers would not have lifted it either
        (0, 8, ["below_minimum_fan", "flowers_not_counted_toward_minimum"]),  # 0 + 8 = 8
        (0, 7, ["below_minimum_fan"]),
    ],
)
def test_minimum_warnings(fan, flowers, expected) -> None:
    assert codes(settle(winner="north", win=SELF_DRAW, fan=fan, flowers=flowers)) == expected


def test_min_fan_rule() -> None:
    assert codes(settle(winner="east", win=discard(), fan=6, rules={"min_fan": 6})) == []
    # 8 < 10 and 8 + 2 = 10 would have reached it
    assert codes(settle(winner="east", win=discard(), fan=8, flowers=2, rules={"min_fan": 10})) == [
        "below_minimum_fan",
        "flowers_not_counted_toward_minimum",
    ]
    assert codes(settle(winner="east", win=discard(), fan=0, rules={"min_fan": 0})) == []


def test_base_rule() -> None:
    # base 5: discarder 10 + 1 + 5 = 16, others 5 each; 16 + 5 + 5 = 26
    result = settle(winner="west", win=discard("north"), fan=10, flowers=1, rules={"base": 5})
    assert by_payer(result) == {"north": D(16), "east": D(5), "south": D(5)}
    assert result.winner_receives == D(26)
    assert result.pre_payout_total == D(16)


def test_base_zero_lists_zero_payments() -> None:
    # base 0: only the discarder pays 12; the two others' 0 is part of the answer
    result = settle(winner="east", win=discard("west"), fan=12, rules={"base": 0})
    assert by_payer(result) == {"south": D(0), "west": D(12), "north": D(0)}
    assert result.winner_receives == D(12)


def test_point_value_is_exact() -> None:
    # point value 0.1: (8 + 0 + 8) × 0.1 = 1.6 from the discarder, 8 × 0.1 = 0.8
    # from each other; 1.6 + 0.8 + 0.8 = 3.2 — never 3.2000000000000006
    result = settle(winner="east", win=discard(), fan=8, rules={"point_value": Decimal("0.1")})
    assert by_payer(result) == {"south": D("1.6"), "west": D("0.8"), "north": D("0.8")}
    assert result.winner_receives == D("3.2")
    assert str(result.winner_receives) == "3.2"
    assert result.pre_payout_total == D("1.6")
    # pre_payout_total = (24 + 2 + 8) × 0.5 = 17; self-draw 17 × 3 = 51
    result = settle(winner="south", win=SELF_DRAW, fan=24, flowers=2, rules={"point_value": Decimal("0.5")})
    assert result.pre_payout_total == D(17)
    assert str(result.pre_payout_total) == "17"
    assert result.winner_receives == D(51)


def test_deltas_roles_and_order() -> None:
    result = settle(winner="west", win=discard("east"), fan=8)
    # turn order after west: north, east, south
    assert [(p.payer, p.role) for p in result.payments] == [("north", "other"), ("east", "discarder"), ("south", "other")]
    assert result.deltas == {"east": D(-16), "south": D(-8), "west": D(32), "north": D(-8)}
    result = settle(winner="west", win=SELF_DRAW, fan=8)
    assert {p.role for p in result.payments} == {"self_draw"}


def test_rules_are_echoed_resolved() -> None:
    result = settle(winner="east", win=SELF_DRAW, fan=8)
    assert result.rules == McrRules(base=8, min_fan=8, point_value=Decimal(1))


@pytest.mark.parametrize("flowers", [9, 10, 144])
def test_more_than_eight_flowers_is_a_rule_violation(flowers) -> None:
    with pytest.raises(RuleViolation) as caught:
        settle(winner="east", win=discard(), fan=8, flowers=flowers)
    assert [p.pointer for p in caught.value.problems] == ["/flowers"]


def test_discarder_equal_to_winner_is_a_rule_violation() -> None:
    with pytest.raises(RuleViolation) as caught:
        settle(winner="east", win=discard("east"), fan=8, flowers=9)
    # both problems are reported at once
    assert [p.pointer for p in caught.value.problems] == ["/win/discarder", "/flowers"]


@pytest.mark.parametrize("fan", [-1, mcr.MAX_FAN + 1])
def test_fan_out_of_bounds_does_not_decode(fan) -> None:
    with pytest.raises(msgspec.ValidationError, match=r"\$\.fan"):
        msgspec.json.decode(msgspec.json.encode({"winner": "east", "win": SELF_DRAW, "fan": fan}), type=McrRequest)


# --- Invariants ----------------------------------------------------------------

point_values = st.decimals(min_value=Decimal("0.0001"), max_value=Decimal(1_000_000), places=4, allow_nan=False, allow_infinity=False)


@st.composite
def requests(draw: st.DrawFn) -> McrRequest:
    winner = draw(st.sampled_from(SEATS))
    if draw(st.booleans()):
        win: Discard | SelfDraw = Discard(discarder=draw(st.sampled_from([s for s in SEATS if s != winner])))
    else:
        win = SelfDraw()
    return McrRequest(
        winner=winner,
        win=win,
        fan=draw(st.integers(0, mcr.MAX_FAN)),
        flowers=draw(st.integers(0, mcr.FLOWER_TILES)),
        rules=McrRules(
            base=draw(st.integers(0, mcr.MAX_BASE)),
            min_fan=draw(st.integers(0, mcr.MAX_FAN)),
            point_value=draw(point_values),
        ),
    )


@settings(max_examples=200, deadline=None)
@given(requests())
def test_invariants(request: McrRequest) -> None:
    result = mcr.settle(request)
    pv = request.rules.point_value
    amounts = [p.amount for p in result.payments] + list(result.deltas.values())
    assert all(isinstance(a, Decimal) for a in amounts)
    # exact: every amount is a whole number of points times the point value
    assert all((a / pv) == (a / pv).to_integral_value() for a in amounts)
    assert sum(result.deltas.values()) == 0
    assert set(result.deltas) == set(SEATS)
    assert sum(p.amount for p in result.payments if p.payee == request.winner) == result.winner_receives
    assert result.deltas[request.winner] == result.winner_receives
    assert len(result.payments) == 3 and request.winner not in {p.payer for p in result.payments}
    # every payer pays at least the base; the hand's points go on top
    base = request.rules.base * pv
    assert all(p.amount >= base for p in result.payments)
    assert result.pre_payout_total == base + (request.fan + request.flowers) * pv
    # flowers never change whether the minimum is reached
    assert ("below_minimum_fan" in codes(result)) == (request.fan < request.rules.min_fan)
