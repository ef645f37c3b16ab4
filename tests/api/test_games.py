"""Whole games (`POST /v1/<ruleset>/games`): games worked by hand, each hand
also checked against the single-hand endpoint, and the ledger's invariants.

The expected figures below are worked from the contract's formulas (CONTRACT.md
"Games" and each ruleset's settlement section), not from the code."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core.game import places, settle_up
from tests.helpers import TSUMO, D, ron


def post(client: Any, ruleset: str, body: dict[str, Any]) -> Any:
    return client.post(f"/v1/{ruleset}/games", json=body)


def scores(answer: dict[str, Any]) -> dict[str, Decimal]:
    return {seat: D(value) for seat, value in answer["scores"].items()}


# --- Riichi -----------------------------------------------------------------------------

HANCHAN = [
    # E1, honba 0: east riichi, dealer tsumo 2 han 40 fu: 640 basic, 1,300 from each
    {"winner": "east", "win": TSUMO, "han": 2, "fu": 40, "riichi": ["east"]},
    # E1 honba 1: draw, east and south tenpai (south riichi): noten west and north pay 750 to each
    {"type": "draw", "tenpai": ["east", "south"], "riichi": ["south"]},
    # E1 honba 2: north rons the dealer, 1 han 30 fu: 1,000 + 600 honba, and south's stick
    {"winner": "north", "win": ron("east"), "han": 1, "fu": 30},
    # E2 honba 0: south (dealer) rons west with a yakuman: 48,000 — west busts
    {"winner": "south", "win": ron("west"), "yakuman": 1},
]


def test_a_riichi_hanchan_with_renchan_a_draw_sticks_carried_and_a_bust(client) -> None:
    answer = post(client, "riichi", {"hands": HANCHAN}).json()
    hands = answer["hands"]
    assert [(h["round"], h["hand_number"], h["dealer"], h["honba"], h["riichi_sticks"]) for h in hands] == [
        ("east", 1, "east", 0, 1),
        ("east", 1, "east", 1, 1),
        ("east", 1, "east", 2, 1),
        ("east", 2, "south", 0, 0),
    ]
    after = [{seat: D(v) for seat, v in h["scores"].items()} for h in hands]
    assert after[0] == {"east": D(28900), "south": D(23700), "west": D(23700), "north": D(23700)}
    assert after[1] == {"east": D(30400), "south": D(24200), "west": D(22200), "north": D(22200)}
    assert after[2] == {"east": D(28800), "south": D(24200), "west": D(22200), "north": D(24800)}
    assert after[3] == {"east": D(28800), "south": D(72200), "west": D(-25800), "north": D(24800)}
    assert answer["finished"] is True and answer["end_reason"] == "bust" and answer["next"] is None
    # standings: 30,000 returned, oka 20 to first, uma 10-20
    results = {s["seat"]: (s["place"], D(s["result"])) for s in answer["standings"]["standings"]}
    assert results == {"south": (1, D("82.2")), "east": (2, D("8.8")), "north": (3, D("-15.2")), "west": (4, D("-75.8"))}
    direct = client.post("/v1/riichi/game-results", json={"scores": {"east": 28800, "south": 72200, "west": -25800, "north": 24800}}).json()
    assert answer["standings"] == direct
    # pay the results: west owes 75.8 and north 15.2; south is due 82.2 and east 8.8
    transfers = {(t["payer"], t["payee"]): D(t["amount"]) for t in answer["settle_up"]}
    assert sum(transfers.values()) == D("91.0") and len(transfers) == 3


def test_each_riichi_hand_is_what_the_single_hand_endpoints_answer(client) -> None:
    hands = post(client, "riichi", {"hands": HANCHAN}).json()["hands"]
    for index in (0, 2, 3):
        body = {k: v for k, v in HANCHAN[index].items() if k != "riichi"}
        state = hands[index]
        body.update(dealer=state["dealer"], honba=state["honba"], riichi_sticks=state["riichi_sticks"])
        assert client.post("/v1/riichi/settlements", json=body).json() == state["settlement"]
    draw = client.post("/v1/riichi/draws", json={"tenpai": ["east", "south"], "dealer": "east", "honba": 1, "riichi_sticks": 1}).json()
    assert hands[1]["draw"] == draw and hands[1]["settlement"] is None


def test_an_east_only_game_ends_when_the_deal_has_gone_round(client) -> None:
    hands = [
        {"winner": "south", "win": ron("west"), "han": 1, "fu": 30},
        {"winner": "west", "win": ron("north"), "han": 1, "fu": 30},
        {"winner": "north", "win": ron("east"), "han": 1, "fu": 30},
        {"winner": "east", "win": ron("south"), "han": 1, "fu": 30},
    ]
    answer = post(client, "riichi", {"game": {"length": "east"}, "hands": hands}).json()
    assert [h["dealer"] for h in answer["hands"]] == ["east", "south", "west", "north"]
    # every seat won 1,000 and paid 1,000
    assert scores(answer) == {seat: D(25000) for seat in ("east", "south", "west", "north")}
    assert answer["finished"] and answer["end_reason"] == "length"
    # a four-way tie splits uma (0 net) and oka (20 / 4): −5 + 5 = 0 each
    assert {s["place"] for s in answer["standings"]["standings"]} == {1}
    assert all(D(s["result"]) == 0 for s in answer["standings"]["standings"])
    assert answer["settle_up"] == []


def test_a_hanchan_goes_on_into_the_south_round(client) -> None:
    hands = [
        {"winner": "south", "win": ron("west"), "han": 1, "fu": 30},
        {"winner": "west", "win": ron("north"), "han": 1, "fu": 30},
        {"winner": "north", "win": ron("east"), "han": 1, "fu": 30},
        {"winner": "east", "win": ron("south"), "han": 1, "fu": 30},
    ]
    answer = post(client, "riichi", {"hands": hands}).json()
    assert not answer["finished"]
    assert answer["next"] == {"round": "south", "hand_number": 1, "dealer": "east", "honba": 0, "riichi_sticks": 0, "dealer_streak": None}


def test_sticks_go_to_the_first_winner_of_a_multiple_ron(client) -> None:
    hand = {
        "winner": "north",
        "win": ron("east"),
        "han": 1,
        "fu": 30,
        "further_winners": [{"winner": "south", "han": 1, "fu": 30}],
        "riichi": ["south", "north"],
    }
    answer = post(client, "riichi", {"hands": [hand]}).json()
    # turn order from the discarder (east): south first. East pays 1,000 to each.
    assert scores(answer) == {"east": D(23000), "south": D(27000), "west": D(25000), "north": D(25000)}


@pytest.mark.parametrize(
    ("game", "hands", "pointer"),
    [
        ({}, [{"winner": "east", "win": ron("east"), "han": 1, "fu": 30}], "#/hands/0/win/discarder"),
        ({}, [*HANCHAN, {"type": "abort"}], "#/hands/4"),
        ({}, [{"type": "draw", "tenpai": [], "riichi": ["west"]}], "#/hands/0/tenpai"),
        # without bust, south (−23,000 after paying a dealer yakuman) cannot put down a stick
        (
            {"bust": False},
            [{"winner": "east", "win": ron("south"), "yakuman": 1}, {"type": "abort", "riichi": ["south"]}],
            "#/hands/1/riichi/0",
        ),
    ],
)
def test_a_hand_that_contradicts_the_derived_state_is_a_422_naming_it(client, game, hands, pointer) -> None:
    response = post(client, "riichi", {"game": game, "hands": hands})
    assert response.status_code == 422, response.text
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


@pytest.mark.parametrize(
    ("hand", "pointer"),
    [
        ({"winner": "east", "win": TSUMO, "han": 1, "fu": 30, "dealer": "south"}, "#/hands/0/dealer"),
        ({"winner": "east", "win": TSUMO, "han": 1, "fu": 30, "honba": 2}, "#/hands/0/honba"),
        ({"type": "tsumo"}, "#/hands/0/type"),
        ({"type": "draw", "tenpai": ["up"]}, "#/hands/0/tenpai/0"),
    ],
)
def test_what_the_game_derives_cannot_be_sent_and_bad_hands_are_400s(client, hand, pointer) -> None:
    response = post(client, "riichi", {"hands": [hand]})
    assert response.status_code == 400, response.text
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


def test_more_than_256_hands_is_a_413(client) -> None:
    response = post(client, "hongkong", {"hands": [{"type": "draw"}] * 257})
    assert response.status_code == 413
    assert "256" in response.json()["detail"]


# --- Taiwan ----------------------------------------------------------------------------


def test_a_taiwan_game_with_a_streak_of_three(client) -> None:
    hands = [
        {"winner": "east", "win": TSUMO, "tai": 1},  # streak 0: each pays 100 + (1 + 1) × 20 = 140
        {"winner": "east", "win": TSUMO, "tai": 1},  # 連1拉1: 100 + (1 + 1 + 2) × 20 = 180
        {"winner": "east", "win": TSUMO, "tai": 1},  # 連2拉2: 100 + (1 + 1 + 4) × 20 = 220
        {"winner": "south", "win": ron("east"), "tai": 1},  # 連3拉3: east pays 100 + (1 + 1 + 6) × 20 = 260
    ]
    answer = post(client, "taiwan", {"hands": hands}).json()
    assert [h["dealer_streak"] for h in answer["hands"]] == [0, 1, 2, 3]
    assert [h["dealer"] for h in answer["hands"]] == ["east"] * 4
    assert scores(answer) == {"east": D(1360), "south": D(-280), "west": D(-540), "north": D(-540)}
    assert answer["next"] == {
        "round": "east",
        "hand_number": 2,
        "dealer": "south",
        "honba": None,
        "riichi_sticks": None,
        "dealer_streak": 0,
    }
    for body, hand in zip(hands, answer["hands"], strict=True):
        single = client.post("/v1/taiwan/settlements", json={**body, "dealer": hand["dealer"], "dealer_streak": hand["dealer_streak"]})
        assert single.json() == hand["settlement"]


def test_a_taiwan_draw_passes_the_deal_when_the_table_says_so(client) -> None:
    hands = [{"winner": "east", "win": TSUMO, "tai": 1}, {"type": "draw"}]
    kept = post(client, "taiwan", {"hands": hands}).json()["next"]
    passed = post(client, "taiwan", {"game": {"draw_keeps_dealer": False}, "hands": hands}).json()["next"]
    assert (kept["dealer"], kept["dealer_streak"]) == ("east", 2)
    assert (passed["dealer"], passed["dealer_streak"]) == ("south", 0)


# --- MCR, Hong Kong, NMJL --------------------------------------------------------------


def test_an_mcr_round_of_four_passes_the_deal_every_hand(client) -> None:
    hands = [
        {"winner": "east", "win": TSUMO, "fan": 8},  # each pays 8 + 8 = 16
        {"winner": "west", "win": ron("north"), "fan": 10, "flowers": 1},  # north 19, east and south 8
        {"type": "draw"},
        {"winner": "north", "win": TSUMO, "fan": 12},  # each pays 20
    ]
    answer = post(client, "mcr", {"hands": hands}).json()
    assert [h["dealer"] for h in answer["hands"]] == ["east", "south", "west", "north"]
    assert [h["hand_number"] for h in answer["hands"]] == [1, 2, 3, 4]
    assert scores(answer) == {"east": D(20), "south": D(-44), "west": D(-1), "north": D(25)}
    assert answer["next"]["round"] == "south" and answer["next"]["dealer"] == "east"
    for body, hand in zip(hands, answer["hands"], strict=True):
        if "winner" in body:
            assert client.post("/v1/mcr/settlements", json={**body, "dealer": hand["dealer"]}).json() == hand["settlement"]
    # no two parties cancel out: three transfers, the largest debtor first
    assert answer["settle_up"] == [
        {"payer": "south", "payee": "north", "amount": 25},
        {"payer": "south", "payee": "east", "amount": 19},
        {"payer": "west", "payee": "east", "amount": 1},
    ]


def test_hong_kong_rotation_and_the_end_of_a_one_round_game(client) -> None:
    hands = [
        {"winner": "east", "win": TSUMO, "fan": 3},  # the dealer wins: keeps the deal
        {"type": "draw"},  # a draw: keeps it
        {"winner": "south", "win": ron("west"), "fan": 3},  # passes to south
        {"winner": "west", "win": ron("east"), "fan": 3},  # to west
        {"winner": "east", "win": ron("west"), "fan": 3},  # to north
        {"winner": "north", "win": TSUMO, "fan": 3},  # the dealer (north) wins: keeps
        {"winner": "east", "win": TSUMO, "fan": 3},  # passes back to east: the round is over
    ]
    answer = post(client, "hongkong", {"game": {"rounds": 1}, "hands": hands}).json()
    assert [h["dealer"] for h in answer["hands"]] == ["east", "east", "east", "south", "west", "north", "north"]
    assert answer["finished"] and answer["end_reason"] == "length" and answer["next"] is None
    assert [s["place"] for s in answer["standings"]] == sorted(s["place"] for s in answer["standings"])
    late = post(client, "hongkong", {"game": {"rounds": 1}, "hands": [*hands, {"type": "draw"}]})
    assert late.status_code == 422 and late.json()["errors"][0]["pointer"] == "#/hands/7"


def test_nmjl_bettors_are_in_the_totals(client) -> None:
    hand = {"winner": "north", "win": TSUMO, "value": 25, "bettors": [{"id": "ann", "bet_on": "north"}]}
    answer = post(client, "nmjl", {"hands": [hand]}).json()
    single = client.post("/v1/nmjl/settlements", json={**hand, "dealer": "east"}).json()
    assert answer["hands"][0]["settlement"] == single
    assert scores(answer) == {seat: D(v) for seat, v in single["deltas"].items()}


# --- Settle-up and places -----------------------------------------------------------------


def test_settle_up_finds_groups_that_cancel_out() -> None:
    # +3/−3 settle alone; +4/−2/−2 in two: 3 transfers (paying largest first across groups takes 4)
    totals = {"a": D(4), "b": D(3), "c": D(-3), "d": D(-2), "e": D(-2)}
    transfers = settle_up(totals)
    assert len(transfers) == 3
    assert {(t.payer, t.payee, t.amount) for t in transfers} == {("c", "b", D(3)), ("d", "a", D(2)), ("e", "a", D(2))}


def test_places_share_the_better_place_on_a_tie() -> None:
    assert [(p.seat, p.place) for p in places({"east": D(5), "south": D(5), "west": D(-2), "north": D(-8)})] == [
        ("east", 1),
        ("south", 1),
        ("west", 3),
        ("north", 4),
    ]


# --- Properties --------------------------------------------------------------------------

SEATS = ("east", "south", "west", "north")


@st.composite
def hk_hands(draw: st.DrawFn) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.integers(0, 4)) == 0:
            hands.append({"type": "draw"})
            continue
        winner = draw(st.sampled_from(SEATS))
        win = TSUMO if draw(st.booleans()) else ron(draw(st.sampled_from([s for s in SEATS if s != winner])))
        hands.append({"winner": winner, "win": win, "fan": draw(st.integers(3, 10))})
    return hands


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hk_hands())
def test_totals_are_zero_sum_and_a_prefix_replays_to_the_same_state(client, hands) -> None:
    answer = post(client, "hongkong", {"game": {"rounds": 1}, "hands": hands})
    if answer.status_code == 422:  # the one-round game ended before the last hand
        assert answer.json()["errors"][0]["detail"].startswith("The game ended")
        return
    body = answer.json()
    assert sum(scores(body).values()) == 0
    for k in range(len(hands)):
        prefix = post(client, "hongkong", {"game": {"rounds": 1}, "hands": hands[:k]}).json()
        if k:
            assert prefix["hands"] == body["hands"][:k]
            assert prefix["scores"] == body["hands"][k - 1]["scores"]
        expected = body["hands"][k]
        assert prefix["next"] == {
            "round": expected["round"],
            "hand_number": expected["hand_number"],
            "dealer": expected["dealer"],
            "honba": None,
            "riichi_sticks": None,
            "dealer_streak": None,
        }
    net = {transfer["payer"]: D(0) for transfer in body["settle_up"]}
    for transfer in body["settle_up"]:
        net[transfer["payer"]] = net.get(transfer["payer"], D(0)) - D(transfer["amount"])
        net[transfer["payee"]] = net.get(transfer["payee"], D(0)) + D(transfer["amount"])
    assert {p: v for p, v in net.items() if v} == {p: v for p, v in scores(body).items() if v}


@st.composite
def riichi_hands(draw: st.DrawFn) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 10))):
        declared = draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=2))
        kind = draw(st.integers(0, 5))
        if kind == 0:
            hands.append(
                {
                    "type": "draw",
                    "tenpai": sorted(set(declared) | set(draw(st.lists(st.sampled_from(SEATS), unique=True)))),
                    "riichi": declared,
                }
            )
        elif kind == 1:
            hands.append({"type": "abort", "riichi": declared})
        else:
            winner = draw(st.sampled_from(SEATS))
            win = TSUMO if draw(st.booleans()) else ron(draw(st.sampled_from([s for s in SEATS if s != winner])))
            hands.append({"winner": winner, "win": win, "han": draw(st.integers(1, 4)), "fu": 30, "riichi": declared})
    return hands


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(riichi_hands())
def test_riichi_points_plus_sticks_on_the_table_stay_what_the_players_started_with(client, hands) -> None:
    response = post(client, "riichi", {"hands": hands})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 422:
        return
    body = response.json()
    on_table = body["next"]["riichi_sticks"] if body["next"] else 0
    if body["finished"]:
        on_table = body["standings"]["riichi_sticks"]
    assert sum(scores(body).values()) + 1000 * on_table == 4 * 25000
    if body["finished"]:
        assert sum(D(s["result"]) for s in body["standings"]["standings"]) == 0


NO_VALUE = {"winner": "south", "win": TSUMO}
TWO_VALUES = {
    "hongkong": {"fan": 3, "patterns": [{"code": "all_pongs"}]},
    "mcr": {
        "fan": 8,
        "tiles": {
            "concealed": "234m456m77p",
            "win_tile": "7p",
            "melds": [{"kind": "chow", "tiles": "123p"}, {"kind": "chow", "tiles": "567s"}],
        },
    },
    "riichi": {"han": 1, "fu": 30, "tiles": {"hand": "123m456m789m123p55s", "win_tile": "5s"}},
    "taiwan": {"tai": 1, "patterns": [{"code": "self_draw"}]},
    "nmjl": {"value": 25, "patterns": []},
}


@pytest.mark.parametrize("ruleset", ["hongkong", "riichi", "mcr", "nmjl", "taiwan"])
@pytest.mark.parametrize("values", ["none", "two"])
def test_a_hand_without_its_value_or_with_two_is_answered_as_its_settlement_is(client, ruleset, values) -> None:
    """A win with no value (no `fan`, `patterns` or `tiles`), or with two of
    them, is refused in a game exactly as the settlement endpoint refuses the
    same hand (Hong Kong and MCR: 400 naming the field), the pointers under
    `#/hands/0`; never a 5xx."""
    hand = {**NO_VALUE, **(TWO_VALUES[ruleset] if values == "two" else {})}
    settled = client.post(f"/v1/{ruleset}/settlements", json=hand)
    played = client.post(f"/v1/{ruleset}/games", json={"hands": [hand]})
    assert settled.status_code in (400, 422), settled.text
    assert played.status_code == settled.status_code, played.text
    assert [error["pointer"] for error in played.json()["errors"]] == [
        "#/hands/0" + error["pointer"].removeprefix("#") for error in settled.json()["errors"]
    ]


@pytest.mark.parametrize(
    ("ruleset", "hand", "pointer"),
    [
        ("hongkong", NO_VALUE, "#/hands/0/fan"),
        ("hongkong", {**NO_VALUE, **TWO_VALUES["hongkong"]}, "#/hands/0/fan"),
        ("mcr", NO_VALUE, "#/hands/0/fan"),
        ("mcr", {**NO_VALUE, **TWO_VALUES["mcr"]}, "#/hands/0/fan"),
    ],
)
def test_hong_kong_and_mcr_hands_without_a_single_value_are_400s_naming_the_field(client, ruleset, hand, pointer) -> None:
    response = client.post(f"/v1/{ruleset}/games", json={"hands": [{"winner": "east", "win": TSUMO, "fan": 3}, hand]})
    pointer = pointer.replace("/hands/0", "/hands/1")
    assert response.status_code == 400, response.text
    assert [error["pointer"] for error in response.json()["errors"]] == [pointer]
