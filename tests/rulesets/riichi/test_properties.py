"""Invariants of riichi settlements and draws over generated hands and tables
(hypothesis, bounded)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.seats import seats_for
from service.rulesets.riichi import draws as riichi_draws
from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.draws import RiichiDrawRequest
from service.rulesets.riichi.hand.limits import FU_VALUES, basic_points
from service.rulesets.riichi.payments import SANMA_TSUMO
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.schemas import RiichiRequest

SETTINGS = settings(max_examples=200, deadline=None)

RULES = st.fixed_dictionaries(
    {},
    optional={
        "kiriage": st.booleans(),
        "kazoe": st.sampled_from(["yakuman", "sanbaiman"]),
        "multiple_yakuman": st.booleans(),
        "sanma_tsumo": st.sampled_from(list(SANMA_TSUMO)),
        "multiple_ron": st.sampled_from(["allowed", "head_bump"]),
        "multi_ron_honba": st.sampled_from(["each", "first_only"]),
    },
)


@st.composite
def hand(draw: Any, seats: tuple[str, ...], winner: str) -> dict[str, Any]:
    if draw(st.booleans()):
        count = draw(st.integers(1, 3))
        value: dict[str, Any] = {"yakuman": count}
        liable = draw(st.sampled_from([None, *[s for s in seats if s != winner]]))
        if liable is not None:
            value["liable"] = liable
            value["liable_yakuman"] = draw(st.integers(1, count))
        return value
    return {"han": draw(st.integers(1, 16)), "fu": draw(st.sampled_from(FU_VALUES))}


@st.composite
def requests(draw: Any) -> dict[str, Any]:
    players = draw(st.sampled_from([3, 4]))
    seats = seats_for(players)
    winner = draw(st.sampled_from(seats))
    body: dict[str, Any] = {
        "winner": winner,
        "dealer": draw(st.sampled_from(seats)),
        "players": players,
        "honba": draw(st.integers(0, 8)),
        "riichi_sticks": draw(st.integers(0, 5)),
        "rules": draw(RULES),
        **draw(hand(seats, winner)),
    }
    if draw(st.booleans()):
        body["win"] = {"type": "self_draw"}
    else:
        discarder = draw(st.sampled_from([s for s in seats if s != winner]))
        body["win"] = {"type": "discard", "discarder": discarder}
        candidates = [s for s in seats if s not in (winner, discarder)]
        further = draw(st.lists(st.sampled_from(candidates), unique=True, max_size=len(candidates)))
        body["further_winners"] = [{"winner": seat, **draw(hand(seats, seat))} for seat in further]
    return body


@SETTINGS
@given(requests())
def test_settlement_invariants(body: dict[str, Any]) -> None:
    result = riichi.settle(msgspec.convert(body, RiichiRequest))
    sticks = Decimal(1000 * body["riichi_sticks"])
    seats = seats_for(body["players"])

    # amounts are exact whole Decimals, never negative, multiples of 100
    for line in result.payments:
        assert isinstance(line.amount, Decimal) and line.amount >= 0 and line.amount % 100 == 0
        assert line.payer != line.payee and line.payer in seats and line.payee in seats

    # deltas: every seat, zero-sum except the riichi sticks taken from the table
    assert set(result.deltas) == set(seats)
    assert sum(result.deltas.values()) == sticks

    # each winner receives exactly its payment lines plus its sticks
    for winner in result.winners:
        incoming = sum((p.amount for p in result.payments if p.payee == winner.winner), Decimal(0))
        assert winner.receives == incoming + winner.riichi_stick_points
        assert winner.receives == winner.hand_points + winner.honba_points + winner.riichi_stick_points
    assert sum(w.riichi_stick_points for w in result.winners) == sticks
    assert sum(p.amount for p in result.payments) + sticks == sum(w.receives for w in result.winners)

    # a winner who pays nobody ends up with exactly what it receives
    main = next(w for w in result.winners if w.winner == body["winner"])
    if not any(p.payer == body["winner"] for p in result.payments):
        assert result.winner_receives == main.receives
    assert result.pre_payout_total == main.basic_points


@SETTINGS
@given(requests())
def test_ron_payment_is_the_basic_times_the_multiplier_rounded_up(body: dict[str, Any]) -> None:
    """Four players, one winner, no honba, no pao: the discarder pays
    4 × basic (6 × for the dealer) rounded up to the next 100 — at least that,
    less than 100 more."""
    body = {
        **body,
        "players": 4,
        "honba": 0,
        "further_winners": [],
        "win": {"type": "discard", "discarder": "south" if body["winner"] != "south" else "west"},
    }
    body.pop("liable", None)
    result = riichi.settle(msgspec.convert(body, RiichiRequest))
    multiplier = 6 if body["winner"] == body["dealer"] else 4
    exact = result.pre_payout_total * multiplier
    (line,) = [p for p in result.payments if p.role == "discarder"]
    assert exact <= line.amount < exact + 100


@SETTINGS
@given(st.integers(1, 20), st.sampled_from(FU_VALUES), st.booleans(), st.sampled_from(["yakuman", "sanbaiman"]))
def test_more_han_or_fu_never_pays_less(han: int, fu: int, kiriage: bool, kazoe: str) -> None:
    rules = RiichiRules(kiriage=kiriage, kazoe=kazoe)  # type: ignore[arg-type]
    basic, _ = basic_points(han, fu, rules)
    assert basic_points(han + 1, fu, rules)[0] >= basic
    higher_fu = [f for f in FU_VALUES if f > fu]
    if higher_fu:
        assert basic_points(han, higher_fu[0], rules)[0] >= basic
    assert basic <= 8000


@st.composite
def draws(draw: Any) -> dict[str, Any]:
    players = draw(st.sampled_from([3, 4]))
    seats = seats_for(players)
    return {
        "players": players,
        "dealer": draw(st.sampled_from(seats)),
        "tenpai": draw(st.lists(st.sampled_from(seats), unique=True)),
        "nagashi_mangan": draw(st.lists(st.sampled_from(seats), unique=True, max_size=2)),
        "honba": draw(st.integers(0, 5)),
        "riichi_sticks": draw(st.integers(0, 5)),
        "rules": draw(
            st.fixed_dictionaries({}, optional={"sanma_tsumo": st.sampled_from(list(SANMA_TSUMO)), "noten_with_nagashi": st.booleans()})
        ),
    }


@SETTINGS
@given(draws())
def test_draw_invariants(body: dict[str, Any]) -> None:
    result = riichi_draws.draw(msgspec.convert(body, RiichiDrawRequest))
    players = body["players"]
    assert sum(result.deltas.values()) == 0  # sticks and honba stay on the table
    assert sorted(result.tenpai + result.noten) == sorted(seats_for(players))
    noten_lines = [p for p in result.payments if p.role == "noten"]
    noten_total = sum((p.amount for p in noten_lines), Decimal(0))
    if 0 < len(result.tenpai) < players and (not result.nagashi_mangan or body["rules"].get("noten_with_nagashi")):
        assert noten_total == 3000
    else:
        assert noten_total == 0
    for line in result.payments:
        assert line.amount > 0 and line.amount == line.amount.to_integral_value()


@settings(max_examples=100, deadline=None)
@given(requests())
def test_http_never_answers_5xx(client, body: dict[str, Any]) -> None:
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 200, response.text
    assert sum(Decimal(str(v)) for v in response.json()["deltas"].values()) == 1000 * body["riichi_sticks"]
