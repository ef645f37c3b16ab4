"""NMJL (American mahjong) settlement, engine level.

Expected values come from the payment tables and bettor example (docs/mcr-nmjl.md), the reference calculator's
worked examples and rules text, CONTRACT.md, or hand arithmetic written next
to them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.core.seats import SEATS, seats_for
from service.core.settlement import Discard, Payment, SelfDraw
from service.rulesets.nmjl import settlement as nmjl
from service.rulesets.nmjl.settlement import Bettor, NmjlRequest, NmjlRules
from tests.helpers import D


def settle(**body: Any) -> nmjl.NmjlSettlement:
    return nmjl.settle(convert(body, NmjlRequest))


def discard(by: str = "south") -> dict[str, str]:
    return {"type": "discard", "discarder": by}


SELF_DRAW = {"type": "self_draw"}


def lines(result: nmjl.NmjlSettlement) -> dict[tuple[str, str], Decimal]:
    """(payer, payee) → amount; each pair appears once."""
    out = {(p.payer, p.payee): p.amount for p in result.payments}
    assert len(out) == len(result.payments)
    return out


def to_winner(result: nmjl.NmjlSettlement) -> dict[str, Decimal]:
    return {p.payer: p.amount for p in result.payments if p.payee == result.winner}


# Issue 5's table, every row (winner east, discarder south):
# (value, jokerless, singles_and_pairs, win, winner_receives, south, west, north, warnings)
ISSUE_TABLE = [
    # discarder 2 × 25 = 50, others 25 each: 100
    (25, False, False, discard(), "100", "50", "25", "25", []),
    # jokerless: 25 × 2 = 50 first; discarder 100, others 50: 200
    (25, True, False, discard(), "200", "100", "50", "50", []),
    # self-draw: 2 × 25 = 50 from each of three: 150
    (25, False, False, SELF_DRAW, "150", "50", "50", "50", []),
    # jokerless self-draw: 2 × 50 = 100 from each: 300
    (25, True, False, SELF_DRAW, "300", "100", "100", "100", []),
    # Singles and Pairs: no jokerless doubling, so 50 each: 150
    (25, True, True, SELF_DRAW, "150", "50", "50", "50", []),
    # 20 < 25: discarder 40, others 20 each: 80, still settled
    (20, False, False, discard(), "80", "40", "20", "20", ["below_minimum_value"]),
]


@pytest.mark.parametrize("value, jokerless, sp, win, receives, south, west, north, warnings", ISSUE_TABLE)
def test_issue_table(value, jokerless, sp, win, receives, south, west, north, warnings) -> None:
    result = settle(winner="east", win=win, value=value, jokerless=jokerless, singles_and_pairs=sp)
    assert result.winner_receives == D(receives)
    assert to_winner(result) == {"south": D(south), "west": D(west), "north": D(north)}
    assert [w.code for w in result.warnings] == warnings
    assert result.ruleset == "nmjl"
    assert result.tier is None


# The reference calculator's 美式 rows of "同一個「三」" (25 點出銃 100: 50 / 25 / 25; 無百搭
# 25 點自摸 300: 100 / 100 / 100) and its sentence 同一個 25 點嘅牌可以係 100、
# 150、200 或者 300 (discard, self-draw, jokerless discard, jokerless self-draw).
@pytest.mark.parametrize(
    "jokerless, win, receives",
    [(False, discard(), "100"), (False, SELF_DRAW, "150"), (True, discard(), "200"), (True, SELF_DRAW, "300")],
)
def test_seed_000_twenty_five_points(jokerless, win, receives) -> None:
    assert settle(winner="east", win=win, value=25, jokerless=jokerless).winner_receives == D(receives)


def test_seed_000_rows_split() -> None:
    assert to_winner(settle(winner="east", win=discard(), value=25)) == {"south": D(50), "west": D(25), "north": D(25)}
    jokerless = settle(winner="east", win=SELF_DRAW, value=25, jokerless=True)
    assert to_winner(jokerless) == {"south": D(100), "west": D(100), "north": D(100)}


# The reference calculator: the calculator's American table is the generic 25／30／35／40／45／50
# scale. Every cell, by hand: discard 2v + v + v = 4v, self-draw 3 × 2v = 6v,
# jokerless doubles v first (8v, 12v).
# (value, discard, self-draw, jokerless discard, jokerless self-draw)
SCALE = [
    (25, "100", "150", "200", "300"),
    (30, "120", "180", "240", "360"),
    (35, "140", "210", "280", "420"),
    (40, "160", "240", "320", "480"),
    (45, "180", "270", "360", "540"),
    (50, "200", "300", "400", "600"),
]


@pytest.mark.parametrize("value, on_discard, on_self_draw, jokerless_discard, jokerless_self_draw", SCALE)
def test_seed_000_scale(value, on_discard, on_self_draw, jokerless_discard, jokerless_self_draw) -> None:
    assert settle(winner="west", win=discard("north"), value=value).winner_receives == D(on_discard)
    assert settle(winner="west", win=SELF_DRAW, value=value).winner_receives == D(on_self_draw)
    assert settle(winner="west", win=discard("north"), value=value, jokerless=True).winner_receives == D(jokerless_discard)
    assert settle(winner="west", win=SELF_DRAW, value=value, jokerless=True).winner_receives == D(jokerless_self_draw)


@pytest.mark.parametrize(
    "value, jokerless, sp, point_value, total, doubled",
    [
        (25, False, False, "1", "25", False),
        (25, True, False, "1", "50", True),  # 25 × 2
        (25, True, True, "1", "25", False),  # Singles and Pairs: no doubling
        (25, False, True, "1", "25", False),
        (30, True, False, "0.01", "0.6", True),  # 30 × 2 × 0.01
        (35, False, False, "0.25", "8.75", False),  # 35 × 0.25
    ],
)
def test_pre_payout_total(value, jokerless, sp, point_value, total, doubled) -> None:
    result = settle(
        winner="east",
        win=SELF_DRAW,
        value=value,
        jokerless=jokerless,
        singles_and_pairs=sp,
        rules={"point_value": Decimal(point_value)},
    )
    assert result.pre_payout_total == D(total)
    assert str(result.pre_payout_total) == total
    assert result.jokerless_doubled is doubled


def test_point_value_one_cent_is_exact() -> None:
    # one point is one cent: 25 × 0.01 = 0.25; discarder 0.5, others 0.25; total 1
    result = settle(winner="east", win=discard(), value=25, rules={"point_value": Decimal("0.01")})
    assert to_winner(result) == {"south": D("0.5"), "west": D("0.25"), "north": D("0.25")}
    assert str(result.winner_receives) == "1"


def test_min_value_rule_and_jokerless_does_not_lift_it() -> None:
    # the minimum is the card's 25, compared with the printed value: a
    # jokerless 20 is paid as 40 but is still under 25
    assert [w.code for w in settle(winner="east", win=SELF_DRAW, value=20, jokerless=True).warnings] == ["below_minimum_value"]
    assert settle(winner="east", win=SELF_DRAW, value=25).warnings == []
    assert settle(winner="east", win=SELF_DRAW, value=20, rules={"min_value": 20}).warnings == []
    assert [w.code for w in settle(winner="east", win=SELF_DRAW, value=25, rules={"min_value": 30}).warnings] == ["below_minimum_value"]


def test_roles_order_and_deltas() -> None:
    result = settle(winner="north", win=discard("west"), value=25)
    # turn order after north: east, south, west
    assert [(p.payer, p.role) for p in result.payments] == [("east", "other"), ("south", "other"), ("west", "discarder")]
    assert result.deltas == {"east": D(-25), "south": D(-25), "west": D(-50), "north": D(100)}
    assert {p.role for p in settle(winner="north", win=SELF_DRAW, value=25).payments} == {"self_draw"}


def test_rules_are_echoed_resolved() -> None:
    result = settle(winner="east", win=SELF_DRAW, value=25)
    assert result.rules == NmjlRules(point_value=Decimal(1), min_value=25)
    assert result.players == 4


# --- Bettors -------------------------------------------------------------------


def test_issue_bettor_on_the_winner() -> None:
    # Issue 5: 25, discard by south, winner east, bettor b1 on east → b1
    # receives 50 from south and 25 from each of west and north.
    result = settle(winner="east", win=discard(), value=25, bettors=[{"id": "b1", "bet_on": "east"}])
    assert lines(result) == {
        ("south", "east"): D(50),
        ("west", "east"): D(25),
        ("north", "east"): D(25),
        ("south", "b1"): D(50),
        ("west", "b1"): D(25),
        ("north", "b1"): D(25),
    }
    assert [p.role for p in result.payments if p.payee == "b1"] == ["bettor"] * 3
    # each loser pays twice over; the winner's own take is unchanged
    assert result.deltas == {"east": D(100), "south": D(-100), "west": D(-50), "north": D(-50), "b1": D(100)}
    assert result.winner_receives == D(100)


def test_issue_bettor_on_the_discarder() -> None:
    # Issue 5: bettor b2 on south (the discarder) → b2 pays east 50
    result = settle(winner="east", win=discard(), value=25, bettors=[{"id": "b2", "bet_on": "south"}])
    assert [p for p in result.payments if "b2" in (p.payer, p.payee)] == [Payment("b2", "east", D(50), "bettor")]
    # east: 50 + 25 + 25 from the seats, + 50 from b2 = 150
    assert result.winner_receives == D(150)
    assert result.deltas == {"east": D(150), "south": D(-50), "west": D(-25), "north": D(-25), "b2": D(-50)}


def test_issue_both_bettors_settle_with_seats_only() -> None:
    # b1 on the winner and b2 on the discarder: b2 pays east, not b1
    result = settle(
        winner="east",
        win=discard(),
        value=25,
        bettors=[{"id": "b1", "bet_on": "east"}, {"id": "b2", "bet_on": "south"}],
    )
    assert ("b2", "b1") not in lines(result) and ("b1", "b2") not in lines(result)
    # east 100 + 50 (b2) = 150; south −50 −50 = −100; west −25 −25; north −25 −25;
    # b1 +100; b2 −50: 150 − 100 − 50 − 50 + 100 − 50 = 0
    assert result.deltas == {
        "east": D(150),
        "south": D(-100),
        "west": D(-50),
        "north": D(-50),
        "b1": D(100),
        "b2": D(-50),
    }


def test_seed_000_bettor_on_a_self_drawing_winner() -> None:
    # 有人賭你贏嘅話，除咗你之外其他人畀你幾多，就要同樣畀佢幾多: a jokerless 25
    # self-drawn is 100 from each, so each of the three also pays the bettor 100.
    result = settle(winner="west", win=SELF_DRAW, value=25, jokerless=True, bettors=[{"id": "sam", "bet_on": "west"}])
    assert {k: v for k, v in lines(result).items() if k[1] == "sam"} == {
        ("north", "sam"): D(100),
        ("east", "sam"): D(100),
        ("south", "sam"): D(100),
    }
    assert result.deltas["sam"] == D(300)
    assert result.deltas["west"] == D(300)


def test_bettor_on_a_non_discarder_pays_once() -> None:
    # west pays east 25 on south's discard, so a bettor on west pays east 25
    result = settle(winner="east", win=discard(), value=25, bettors=[{"id": "w", "bet_on": "west"}])
    assert lines(result)[("w", "east")] == D(25)
    assert result.winner_receives == D(125)  # 100 + 25


def test_bettor_on_a_self_draw_loser_pays_double() -> None:
    result = settle(winner="east", win=SELF_DRAW, value=30, bettors=[{"id": "n", "bet_on": "north"}])
    assert lines(result)[("n", "east")] == D(60)  # 2 × 30
    assert result.winner_receives == D(240)  # 3 × 60 + 60


def test_two_bettors_on_one_seat_each_mirror_it() -> None:
    result = settle(
        winner="south",
        win=discard("east"),
        value=25,
        bettors=[{"id": "a", "bet_on": "south"}, {"id": "b", "bet_on": "south"}],
    )
    # east 50, west 25, north 25 to south, to a and to b: 100 each
    assert result.deltas == {"east": D(-150), "south": D(100), "west": D(-75), "north": D(-75), "a": D(100), "b": D(100)}


def test_no_bettors_no_bettor_lines() -> None:
    result = settle(winner="east", win=discard(), value=25)
    assert set(result.deltas) == set(SEATS)
    assert all(p.role != "bettor" for p in result.payments)


# --- Three players ---------------------------------------------------------------


def test_three_players_discard() -> None:
    # two payers: discarder 2 × 25 = 50, the other 25; 75
    result = settle(winner="east", win=discard(), value=25, players=3)
    assert lines(result) == {("south", "east"): D(50), ("west", "east"): D(25)}
    assert result.deltas == {"east": D(75), "south": D(-50), "west": D(-25)}
    assert result.players == 3


def test_three_players_self_draw_jokerless() -> None:
    # 25 × 2 = 50 jokerless, × 2 self-draw = 100 from each of two: 200
    result = settle(winner="west", win=SELF_DRAW, value=25, jokerless=True, players=3)
    assert lines(result) == {("east", "west"): D(100), ("south", "west"): D(100)}
    assert result.winner_receives == D(200)


def test_three_players_bettor() -> None:
    # bettor on the winner south collects what east (50) and west (25) pay
    result = settle(winner="south", win=discard("east"), value=25, players=3, bettors=[{"id": "x", "bet_on": "south"}])
    assert result.deltas == {"east": D(-100), "south": D(75), "west": D(-50), "x": D(75)}


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"winner": "north", "win": SELF_DRAW}, "/winner"),
        ({"winner": "east", "win": discard("north")}, "/win/discarder"),
        ({"winner": "east", "win": SELF_DRAW, "dealer": "north"}, "/dealer"),
        ({"winner": "east", "win": SELF_DRAW, "bettors": [{"id": "b", "bet_on": "north"}]}, "/bettors/0/bet_on"),
        ({"winner": "east", "win": SELF_DRAW, "bettors": [{"id": "north", "bet_on": "east"}]}, "/bettors/0/id"),
    ],
)
def test_three_players_north_is_absent(body, pointer) -> None:
    with pytest.raises(RuleViolation) as caught:
        settle(value=25, players=3, **body)
    assert [p.pointer for p in caught.value.problems] == [pointer]


# --- Impossible input ----------------------------------------------------------------


def test_discarder_equal_to_winner() -> None:
    with pytest.raises(RuleViolation) as caught:
        settle(winner="south", win=discard("south"), value=25)
    assert [p.pointer for p in caught.value.problems] == ["/win/discarder"]


def test_duplicate_bettor_ids() -> None:
    with pytest.raises(RuleViolation) as caught:
        settle(
            winner="east",
            win=SELF_DRAW,
            value=25,
            bettors=[{"id": "b1", "bet_on": "east"}, {"id": "b2", "bet_on": "west"}, {"id": "b1", "bet_on": "south"}],
        )
    assert [p.pointer for p in caught.value.problems] == ["/bettors/2/id"]


@pytest.mark.parametrize("seat", SEATS)
def test_bettor_id_cannot_be_a_seat(seat) -> None:
    with pytest.raises(RuleViolation) as caught:
        settle(winner="east", win=SELF_DRAW, value=25, bettors=[{"id": seat, "bet_on": "east"}])
    assert [p.pointer for p in caught.value.problems] == ["/bettors/0/id"]


def test_every_problem_is_reported() -> None:
    with pytest.raises(RuleViolation) as caught:
        settle(
            winner="east",
            win=discard("east"),
            value=25,
            bettors=[{"id": "a", "bet_on": "east"}, {"id": "a", "bet_on": "east"}],
        )
    assert [p.pointer for p in caught.value.problems] == ["/win/discarder", "/bettors/1/id"]


# --- Invariants ----------------------------------------------------------------

point_values = st.decimals(min_value=Decimal("0.0001"), max_value=Decimal(1_000_000), places=4, allow_nan=False, allow_infinity=False)
bettor_ids = st.lists(st.from_regex(r"\A[a-z0-9_-]{1,8}\Z"), max_size=nmjl.MAX_BETTORS, unique=True).filter(
    lambda ids: not set(ids) & set(SEATS)
)


@st.composite
def requests(draw: st.DrawFn) -> NmjlRequest:
    players = draw(st.sampled_from([3, 4]))
    seats = seats_for(players)
    winner = draw(st.sampled_from(seats))
    if draw(st.booleans()):
        win: Discard | SelfDraw = Discard(discarder=draw(st.sampled_from([s for s in seats if s != winner])))
    else:
        win = SelfDraw()
    return NmjlRequest(
        winner=winner,
        win=win,
        value=draw(st.integers(0, nmjl.MAX_VALUE)),
        jokerless=draw(st.booleans()),
        singles_and_pairs=draw(st.booleans()),
        bettors=[Bettor(id=i, bet_on=draw(st.sampled_from(seats))) for i in draw(bettor_ids)],
        players=players,
        rules=NmjlRules(point_value=draw(point_values), min_value=draw(st.integers(0, nmjl.MAX_VALUE))),
    )


@settings(max_examples=200, deadline=None)
@given(requests())
def test_invariants(request: NmjlRequest) -> None:
    result = nmjl.settle(request)
    seats = seats_for(request.players)
    winner = request.winner
    pv = request.rules.point_value
    amounts = [p.amount for p in result.payments] + list(result.deltas.values()) + [result.pre_payout_total]
    assert all(isinstance(a, Decimal) for a in amounts)
    # exact: every amount is a whole number of card points times the point value
    assert all((a / pv) == (a / pv).to_integral_value() for a in amounts)
    # zero-sum, bettors included; every seat and every bettor has a delta
    assert sum(result.deltas.values()) == 0
    assert set(result.deltas) == set(seats) | {b.id for b in request.bettors}
    assert sum(p.amount for p in result.payments if p.payee == winner) == result.winner_receives
    assert result.deltas[winner] == result.winner_receives
    # every other seat pays the winner, at one or two times the hand
    from_seats = {p.payer: p.amount for p in result.payments if p.payee == winner and p.payer in seats}
    assert set(from_seats) == set(seats) - {winner}
    assert all(a in (result.pre_payout_total, 2 * result.pre_payout_total) for a in from_seats.values())
    # each bettor mirrors its seat
    for bettor in request.bettors:
        if bettor.bet_on == winner:
            assert result.deltas[bettor.id] == sum(from_seats.values())
        else:
            assert result.deltas[bettor.id] == -from_seats[bettor.bet_on]
    # bettors never change what the seats pay the winner
    plain = nmjl.settle(msgspec.structs.replace(request, bettors=[]))
    assert {p.payer: p.amount for p in plain.payments} == from_seats
