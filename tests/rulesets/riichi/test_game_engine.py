"""End-of-game results, engine level (service.rulesets.riichi.game_results).

The riichi scoring article's 結算: hand back the return points, the start/return difference of
every player (oka) goes to first, divide by 1000; 馬: 4th pays 1st the
larger, 3rd pays 2nd the smaller (三麻: 3rd pays 1st). The arithmetic is
written out next to every case."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.rulesets.riichi.game_results import GameResultsRequest, game_results
from tests.helpers import D


def run(**fields: Any):
    return game_results(convert(fields, GameResultsRequest))


def by_seat(result, field: str = "result") -> dict[str, Decimal]:
    return {s.seat: getattr(s, field) for s in result.standings}


SEED = {"east": 45000, "south": 30000, "west": 15000, "north": 10000}


def test_seed_001_example_uma_10_20() -> None:
    # 25k start, 30k return, uma 10-20 (the riichi scoring article's 結算 and 馬):
    # points (score − 30000) / 1000: +15, 0, −15, −20
    # oka (30000 − 25000) × 4 = 20000 → +20 to first
    # uma: 1st +20, 2nd +10, 3rd −10, 4th −20
    # east 15 + 20 + 20 = 55; south 0 + 10 = 10; west −15 − 10 = −25; north −20 − 20 = −40
    result = run(scores=SEED, start_points=25000, return_points=30000, uma=[10, 20])
    assert [(s.seat, s.place, s.score, s.result) for s in result.standings] == [
        ("east", 1, 45000, D(55)),
        ("south", 2, 30000, D(10)),
        ("west", 3, 15000, D(-25)),
        ("north", 4, 10000, D(-40)),
    ]
    assert by_seat(result, "points") == {"east": D(15), "south": D(0), "west": D(-15), "north": D(-20)}
    assert by_seat(result, "uma") == {"east": D(20), "south": D(10), "west": D(-10), "north": D(-20)}
    assert by_seat(result, "oka") == {"east": D(20), "south": D(0), "west": D(0), "north": D(0)}
    assert result.oka == D(20)
    assert sum(by_seat(result).values()) == 0


def test_defaults_are_25k_start_30k_return_uma_10_20() -> None:
    # The riichi scoring article's 地方變異: 一般為25000入30000返, 馬一般為10-20. Same answer as above.
    result = run(scores=SEED)
    assert (result.start_points, result.return_points, result.uma) == (25000, 30000, [10, 20])
    assert [s.result for s in result.standings] == [D(55), D(10), D(-25), D(-40)]


def test_uma_10_30() -> None:
    # east 15 + 20 + 30 = 65; south 0 + 10 = 10; west −15 − 10 = −25; north −20 − 30 = −50
    result = run(scores=SEED, uma=[10, 30])
    assert by_seat(result) == {"east": D(65), "south": D(10), "west": D(-25), "north": D(-50)}


def test_no_oka_when_start_equals_return_and_no_uma() -> None:
    # 25000入25000返 (the riichi scoring article): (45000 − 25000)/1000 = 20, 5, −10, −15.
    result = run(scores=SEED, return_points=25000, uma=[0, 0])
    assert by_seat(result) == {"east": D(20), "south": D(5), "west": D(-10), "north": D(-15)}
    assert result.oka == D(0)


def test_three_players_third_pays_first_the_larger_uma() -> None:
    # 三麻則為三位支付一位. 35k start, 40k return, uma [10, 20]:
    # points (45000 − 40000)/1000 = 5, (35000 − 40000)/1000 = −5, (25000 − 40000)/1000 = −15
    # oka (40000 − 35000) × 3 = 15000 → +15; uma 1st +20, 2nd 0, 3rd −20
    # east 5 + 15 + 20 = 40; south −5; west −15 − 20 = −35
    result = run(scores={"east": 45000, "south": 35000, "west": 25000}, start_points=35000, return_points=40000, uma=[10, 20])
    assert result.players == 3
    assert [(s.seat, s.place, s.result) for s in result.standings] == [("east", 1, D(40)), ("south", 2, D(-5)), ("west", 3, D(-35))]
    assert by_seat(result, "uma") == {"east": D(20), "south": D(0), "west": D(-20)}


def test_leftover_sticks_go_to_first() -> None:
    # One stick on the table: scores add up to 99000 = 4 × 25000 − 1000.
    # east (44000 − 30000)/1000 = 14 + oka 20 + uma 20 + stick 1 = 55; the rest as in the article's example.
    result = run(scores={"east": 44000, "south": 30000, "west": 15000, "north": 10000}, riichi_sticks=1)
    assert by_seat(result) == {"east": D(55), "south": D(10), "west": D(-25), "north": D(-40)}
    assert by_seat(result, "riichi_sticks")["east"] == D(1)
    assert sum(by_seat(result).values()) == 0
    assert result.warnings == []


def test_leftover_sticks_can_leave_the_game() -> None:
    # Same, sticks_to_first false: east 14 + 20 + 20 = 54; the results sum to −1.
    result = run(scores={"east": 44000, "south": 30000, "west": 15000, "north": 10000}, riichi_sticks=1, sticks_to_first=False)
    assert by_seat(result) == {"east": D(54), "south": D(10), "west": D(-25), "north": D(-40)}
    assert sum(by_seat(result).values()) == D(-1)
    assert [w.code for w in result.warnings] == ["riichi_sticks_left_the_game"]


TIE_FOR_FIRST = {"east": 35000, "south": 35000, "west": 20000, "north": 10000}


def test_tie_for_first_split() -> None:
    # points 5, 5, −10, −20. East and south share places 1–2: uma (20 + 10)/2 = 15,
    # oka 20/2 = 10 each → 5 + 15 + 10 = 30 each. west −10 − 10 = −20; north −20 − 20 = −40.
    result = run(scores=TIE_FOR_FIRST, ties="split")
    assert [(s.seat, s.place, s.result) for s in result.standings] == [
        ("east", 1, D(30)),
        ("south", 1, D(30)),
        ("west", 3, D(-20)),
        ("north", 4, D(-40)),
    ]
    assert by_seat(result, "oka") == {"east": D(10), "south": D(10), "west": D(0), "north": D(0)}


def test_tie_for_first_by_seat_order() -> None:
    # East ranks above south: east 5 + 20 + 20 = 45; south 5 + 10 = 15.
    result = run(scores=TIE_FOR_FIRST, ties="seat_order")
    assert [(s.seat, s.place, s.result) for s in result.standings] == [
        ("east", 1, D(45)),
        ("south", 2, D(15)),
        ("west", 3, D(-20)),
        ("north", 4, D(-40)),
    ]


def test_seat_order_puts_the_earlier_seat_first_whatever_the_key_order() -> None:
    # West and north tie for second at 25000: west (earlier seat) is 2nd.
    # west (25000 − 30000)/1000 = −5 + 10 = 5; north −5 − 10 = −15.
    result = run(scores={"north": 25000, "west": 25000, "south": 40000, "east": 10000}, ties="seat_order")
    assert [(s.seat, s.place, s.result) for s in result.standings] == [
        ("south", 1, D(50)),  # 10 + 20 + 20
        ("west", 2, D(5)),
        ("north", 3, D(-15)),
        ("east", 4, D(-40)),  # −20 − 20
    ]


def test_three_way_tie_split_in_whole_points() -> None:
    # 30000 × 3 + 10000. Places 1–3 share uma 20 + 10 − 10 = 20 (20000 points)
    # and oka 20 (20000 points): 20000 / 3 = 6666 r 2 each.
    # Uma: the 2 odd points go to east, south → 6667, 6667, 6666.
    # Oka: continuing round, west, east → 6667, 6666, 6667.
    # east 13334 → 13.334, south 13333 → 13.333, west 13333 → 13.333 (sum 40000);
    # north −20 − 20 = −40.
    result = run(scores={"east": 30000, "south": 30000, "west": 30000, "north": 10000})
    assert [(s.seat, s.place, s.result) for s in result.standings] == [
        ("east", 1, D("13.334")),
        ("south", 1, D("13.333")),
        ("west", 1, D("13.333")),
        ("north", 4, D(-40)),
    ]
    assert by_seat(result, "uma") == {"east": D("6.667"), "south": D("6.667"), "west": D("6.666"), "north": D(-20)}
    assert by_seat(result, "oka") == {"east": D("6.667"), "south": D("6.666"), "west": D("6.667"), "north": D(0)}
    assert sum(by_seat(result).values()) == 0
    assert [w.code for w in result.warnings] == ["tie_share_remainder"]


def test_tie_for_second_split_shares_uma() -> None:
    # 40000/25000/25000/10000: 2nd and 3rd share uma 10 − 10 = 0.
    # east 10 + 20 + 20 = 50; south −5 + 0; west −5 + 0; north −20 − 20 = −40.
    result = run(scores={"east": 40000, "south": 25000, "west": 25000, "north": 10000})
    assert [(s.seat, s.place, s.result) for s in result.standings] == [
        ("east", 1, D(50)),
        ("south", 2, D(-5)),
        ("west", 2, D(-5)),
        ("north", 4, D(-40)),
    ]


def test_chips_with_a_value_per_chip() -> None:
    # The article's example plus chips +3, −1, 0, −2 at 0.5 each:
    # east 55 + 1.5 = 56.5; south 10 − 0.5 = 9.5; west −25; north −40 − 1 = −41.
    result = run(scores=SEED, chips={"counts": {"east": 3, "south": -1, "north": -2}, "value": Decimal("0.5")})
    assert by_seat(result) == {"east": D("56.5"), "south": D("9.5"), "west": D(-25), "north": D(-41)}
    assert by_seat(result, "chips") == {"east": D("1.5"), "south": D("-0.5"), "west": D(0), "north": D(-1)}
    assert result.chip_value == D("0.5")
    assert sum(by_seat(result).values()) == 0


def test_negative_scores_are_allowed() -> None:
    # A player below zero (飛び): 60000/30000/15000/−5000 = 100000.
    # east 30 + 20 + 20 = 70; south 0 + 10 = 10; west −15 − 10 = −25; north −35 − 20 = −55.
    result = run(scores={"east": 60000, "south": 30000, "west": 15000, "north": -5000})
    assert by_seat(result) == {"east": D(70), "south": D(10), "west": D(-25), "north": D(-55)}


@pytest.mark.parametrize(
    ("fields", "pointer", "says"),
    [
        ({"scores": {**SEED, "north": 11000}}, "/scores", "1000 points too many"),
        ({"scores": {**SEED, "north": 9000}}, "/scores", "1000 points too few"),
        ({"scores": SEED, "riichi_sticks": 2}, "/scores", "2000 points too many"),
        ({"scores": {"east": 45000, "south": 30000, "west": 15000}}, "/scores", "15000 points too many"),  # 90000 vs 3 × 25000 = 75000
        ({"scores": SEED, "uma": [20, 10]}, "/uma", "20 is more than 10"),
        ({"scores": SEED, "chips": {"counts": {"east": 1}, "value": 1}}, "/chips/counts", "add up to 1"),
        (
            {"scores": {"east": 45000, "south": 20000, "west": 10000}, "chips": {"counts": {"east": 1, "north": -1}, "value": 1}},
            "/chips/counts/north",
            "three-player",
        ),
    ],
    ids=[
        "too_many",
        "too_few",
        "sticks_counted",
        "three_players_without_north",
        "uma_order",
        "chips_not_zero_sum",
        "chips_north_three_players",
    ],
)
def test_impossible_input_is_rejected_with_a_pointer(fields: dict[str, Any], pointer: str, says: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        run(**fields)
    problem = caught.value.problems[0]
    assert problem.pointer == pointer
    assert says in problem.detail


# --- Properties -------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.sampled_from([3, 4]))
    seats = ["east", "south", "west", "north"][:players]
    start = draw(st.sampled_from([25000, 30000, 35000])) + draw(st.integers(0, 50)) * 100
    returned = start + draw(st.integers(-5, 10)) * 1000
    sticks = draw(st.integers(0, 4))
    # Many ties: scores from a small grid.
    scores = [draw(st.integers(-100, 700)) * 100 for _ in seats[:-1]]
    scores.append(players * start - 1000 * sticks - sum(scores))
    smaller = draw(st.integers(0, 30))
    larger = smaller + draw(st.integers(0, 30))
    fields: dict[str, Any] = {
        "scores": dict(zip(seats, scores, strict=True)),
        "start_points": start,
        "return_points": returned,
        "uma": [smaller, larger],
        "riichi_sticks": sticks,
        "sticks_to_first": draw(st.booleans()),
        "ties": draw(st.sampled_from(["split", "seat_order"])),
    }
    if draw(st.booleans()):
        counts = [draw(st.integers(-10, 10)) for _ in seats[:-1]]
        counts.append(-sum(counts))
        fields["chips"] = {"counts": dict(zip(seats, counts, strict=True)), "value": Decimal(draw(st.integers(1, 40))) / 4}
    return fields


@settings(max_examples=300, deadline=None)
@given(games())
def test_results_are_exact_and_zero_sum(fields: dict[str, Any]) -> None:
    result = run(**fields)
    results = [s.result for s in result.standings]
    expected_total = 0 if fields["sticks_to_first"] else -fields["riichi_sticks"]
    assert sum(results) == expected_total
    for s in result.standings:
        assert isinstance(s.result, Decimal)
        assert s.result == s.points + s.uma + s.oka + s.riichi_sticks + s.chips
        assert (s.result * 1000) == (s.result * 1000).to_integral_value()  # whole points
    # Ordered by place; places follow the scores.
    places = [s.place for s in result.standings]
    assert places == sorted(places)
    assert [s.score for s in result.standings] == sorted((s.score for s in result.standings), reverse=True)
    assert places[0] == 1
    if fields["ties"] == "seat_order":
        assert places == list(range(1, len(places) + 1))
    else:
        # Tied seats share a place and end at most one point apart (before chips).
        for a in result.standings:
            for b in result.standings:
                if a.score == b.score:
                    assert a.place == b.place
                    assert abs((a.result - a.chips) - (b.result - b.chips)) <= D("0.001")
