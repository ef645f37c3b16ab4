"""Chombo (錯和) in a riichi game and its standings: the `chombo` hand,
`game.chombo` and the presets that set it. Sources (docs/sources.md,
"Chombo"); the arithmetic is worked in each test.

- WRC rule book 2015, 7.1 (ooyamaneko.net's text of it): "Chonbo — When
  other players' hands cannot continue normally. 20 points penalty and the
  hand is re-dealt. … Riichi bets are returned to the players who declared
  riichi. No continuance counter is placed, and the dealer does not rotate.
  There is no "mangan payment"."; "Point penalty — … The points are removed
  from the offending player's overall score. They are not added to the
  opponents' scores. It doesn't change the table's score. (1 overall score
  point is equivalent to 1,000 points at the table.)"
- The EMA's notes on its 2016 rules (kasu.at): "Chombo penalty in a
  tournament is 20,000 points deduction after uma"; RCR 2016, 3.4: "Chombo
  results in a redeal and does not count as a hand."
- The EMA's Riichi Competition Rules before 2016, 3.4.6 (mahjong.com): "The
  chombo penalty is the same size as a mangan payment: 4000 to East, 2000 to
  other players. If the offending player is East, 4000 is payed to each of
  the other players." … "After a chombo riichi bets are returned to the
  players who declared riichi, and there is a re-deal. No counter is placed,
  and the dealer does not rotate."
- M.League (its 競技要項 第7章 罰則, as top3776.hatenablog.com sums it up):
  "チョンボをした本人のポイントを20ポイント減らします".
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.seats import SEATS
from service.rulesets.riichi.chombo import mangan_deltas
from service.rulesets.riichi.presets import PRESETS
from tests.helpers import D

GAMES = "/v1/riichi/games"
RESULTS = "/v1/riichi/game-results"
NOBODY_TENPAI = {"type": "draw", "tenpai": []}


def post(client: Any, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    answer: dict[str, Any] = response.json()
    return answer


def standing(answer: dict[str, Any], field: str) -> dict[str, Decimal]:
    return {item["seat"]: D(item[field]) for item in answer["standings"]["standings"]}


# --- a whole hanchan under `ema`: the deduction after uma ---------------------------------------

# East 1: north rons west, a non-dealer mangan: 8,000. The deal passes to south (east 2);
# seven draws with nobody tenpai (nothing paid, the deal passes each time) play out east 2–4 and
# south 1–4: the hanchan is over. Scores: east 30,000, south 30,000, west 22,000, north 38,000.
EMA_HANDS = [{"winner": "north", "win": {"type": "discard", "discarder": "west"}, "han": 5}, *[NOBODY_TENPAI] * 7]


def test_ema_hanchan_south_chombo_takes_20_off_south_and_nobody_else(client: Any) -> None:
    """EMA (30,000 start and return, uma 15/5/−5/−15 shared on a tie, no oka):
    north 1st (38,000 − 30,000) / 1,000 + 15 = 23; east and south tie at
    30,000 for 2nd and 3rd and share +5 and −5: 0 each; west 4th −8 − 15 = −23.
    South's chombo (before north's win, east 1 dealt again) takes 20 off
    south's result only: −20; the table's scores are as without it."""
    plain = post(client, GAMES, {"preset": "ema", "hands": EMA_HANDS})
    fouled = post(client, GAMES, {"preset": "ema", "hands": [{"type": "chombo", "seat": "south"}, *EMA_HANDS]})
    assert plain["finished"] and fouled["finished"]
    assert fouled["scores"] == plain["scores"] == {"east": 30000, "south": 30000, "west": 22000, "north": 38000}
    assert standing(plain, "result") == {"north": D(23), "east": D(0), "south": D(0), "west": D(-23)}
    assert standing(fouled, "result") == {"north": D(23), "east": D(0), "south": D(-20), "west": D(-23)}
    assert standing(fouled, "chombo") == {"north": D(0), "east": D(0), "south": D(-20), "west": D(0)}
    # uma unaffected ("after uma"): south keeps its shared place and its share of the uma
    assert standing(fouled, "place") == standing(plain, "place") == {"north": D(1), "east": D(2), "south": D(2), "west": D(4)}
    assert standing(fouled, "uma") == standing(plain, "uma")
    # "not added to the opponents' scores": the results sum to −20; the settle-up among the
    # players pays the table's results (west pays north 23), the deduction is paid to nobody
    assert sum(standing(fouled, "result").values()) == D(-20)
    assert fouled["settle_up"] == plain["settle_up"] == [{"payer": "west", "payee": "north", "amount": 23}]
    hand = fouled["hands"][0]
    assert hand["type"] == "chombo" and hand["chombo"] == {
        "seat": "south",
        "penalty": "deduct_20000",
        "deltas": {"east": 0, "south": 0, "west": 0, "north": 0},
        "deduction": 20000,
    }
    # the hand is dealt again: east 1 again, no honba
    assert (fouled["hands"][1]["round"], fouled["hands"][1]["hand_number"], fouled["hands"][1]["honba"]) == ("east", 1, 0)


# --- the mangan form ----------------------------------------------------------------------------


def test_dealer_chombo_pays_4000_all(client: Any) -> None:
    # east deals east 1: 4,000 to each of south, west, north; east 25,000 − 12,000 = 13,000
    answer = post(client, GAMES, {"game": {"chombo": "mangan"}, "hands": [{"type": "chombo", "seat": "east"}]})
    assert answer["scores"] == {"east": 13000, "south": 29000, "west": 29000, "north": 29000}
    assert answer["hands"][0]["chombo"]["deltas"] == {"east": -12000, "south": 4000, "west": 4000, "north": 4000}
    assert answer["next"] == {"round": "east", "hand_number": 1, "dealer": "east", "honba": 0, "riichi_sticks": 0, "dealer_streak": None}


def test_non_dealer_chombo_pays_4000_to_the_dealer_and_2000_to_the_others(client: Any) -> None:
    # south at east 1: east +4,000, west and north +2,000 each; south −8,000
    answer = post(client, GAMES, {"game": {"chombo": "mangan"}, "hands": [{"type": "chombo", "seat": "south"}]})
    assert answer["scores"] == {"east": 29000, "south": 17000, "west": 27000, "north": 27000}


def test_three_players_pay_by_seat(client: Any) -> None:
    # 35,000 each; south's chombo: east (dealer) +4,000, west +2,000, south −6,000;
    # then east's: 4,000 to each of south and west, east −8,000
    game = {"players": 3, "start_points": 35000, "return_points": 40000, "chombo": "mangan"}
    answer = post(client, GAMES, {"game": game, "hands": [{"type": "chombo", "seat": "south"}, {"type": "chombo", "seat": "east"}]})
    assert answer["hands"][0]["scores"] == {"east": 39000, "south": 29000, "west": 37000}
    assert answer["scores"] == {"east": 31000, "south": 33000, "west": 41000}


def test_sticks_go_back_honba_stay_dealer_deals_again(client: Any) -> None:
    """East 1: a draw with east and west tenpai, west in riichi: south and north
    pay 1,500 each (3,000 noten payment), west's stick stays on the table,
    east keeps the deal, honba 1. Then south's chombo with north in riichi:
    north's stick goes back (net 0), west's from the draw stays; honba still
    1, east 1 again. Scores: east 26,500 + 4,000 = 30,500; west 25,500 +
    2,000 = 27,500; north 23,500 + 2,000 = 25,500; south 23,500 − 8,000 =
    15,500; with the stick on the table 100,000."""
    draw = {"type": "draw", "tenpai": ["east", "west"], "riichi": ["west"]}
    chombo = {"type": "chombo", "seat": "south", "riichi": ["north"]}
    answer = post(client, GAMES, {"game": {"chombo": "mangan"}, "hands": [draw, chombo]})
    assert answer["scores"] == {"east": 30500, "south": 15500, "west": 27500, "north": 25500}
    hand = answer["hands"][1]
    assert (hand["round"], hand["hand_number"], hand["dealer"], hand["honba"], hand["riichi_sticks"]) == ("east", 1, "east", 1, 1)
    assert answer["next"]["honba"] == 1 and answer["next"]["riichi_sticks"] == 1 and answer["next"]["dealer"] == "east"


def test_a_chombo_is_no_hand_for_agari_yame(client: Any) -> None:
    """EMA 2016: "Chombo results in a redeal and does not count as a hand."
    East 4 of an east-only game, north dealing and first by far, under
    agari-yame: a dealer win there would end the game; south's chombo does
    not, and east 4 is dealt again (north 45,000 + 4,000 = 49,000)."""
    resume = {"round": "east", "hand_number": 4, "scores": {"east": 20000, "south": 15000, "west": 20000, "north": 45000}}
    game = {"length": "east", "agari_yame": True, "chombo": "mangan", "resume": resume}
    answer = post(client, GAMES, {"game": game, "hands": [{"type": "chombo", "seat": "south"}]})
    assert not answer["finished"] and answer["scores"]["north"] == 49000
    assert (answer["next"]["round"], answer["next"]["hand_number"], answer["next"]["dealer"]) == ("east", 4, "north")


def test_a_chombo_payment_can_bust(client: Any) -> None:
    # `bust` ends the game after any hand that leaves a score below 0: 3,000 − 8,000
    resume = {"round": "east", "hand_number": 1, "scores": {"east": 39000, "south": 3000, "west": 29000, "north": 29000}}
    answer = post(client, GAMES, {"game": {"chombo": "mangan", "resume": resume}, "hands": [{"type": "chombo", "seat": "south"}]})
    assert answer["finished"] and answer["end_reason"] == "bust"
    # mangan: nothing is deducted from the results beyond what was paid at the table
    assert answer["standings"]["chombo"] == "mangan"
    assert all("chombo" not in item for item in answer["standings"]["standings"])


@given(
    players=st.sampled_from([3, 4]),
    fouls=st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=12),
)
def test_the_table_payment_is_zero_sum(players: int, fouls: list[tuple[int, bool]]) -> None:
    """Any chombo under `mangan`, by any seat with any dealer: the deltas
    sum to 0, the offender pays what the others get, each other seat gets
    2,000 or 4,000."""
    seats = SEATS[:players]
    for offender, dealer_offends in fouls:
        seat = seats[offender % players]
        dealer = seat if dealer_offends else seats[(offender + 1) % players]
        deltas = mangan_deltas(seat, dealer, seats)
        assert sum(deltas.values()) == 0
        assert all(deltas[other] in (2000, 4000) for other in seats if other != seat)
        assert -deltas[seat] == (4000 * (players - 1) if seat == dealer else 4000 + 2000 * (players - 2))


CHOMBO_HANDS = st.one_of(
    st.builds(
        lambda seat, riichi: {"type": "chombo", "seat": seat, "riichi": riichi},
        st.sampled_from(SEATS),
        st.lists(st.sampled_from(SEATS), unique=True, max_size=4),
    ),
    st.just(NOBODY_TENPAI),
)


@given(hands=st.lists(CHOMBO_HANDS, min_size=1, max_size=6))
def test_a_game_of_chombo_keeps_the_table_whole(client: Any, hands: list[dict[str, Any]]) -> None:
    """Under `mangan`, after every hand the scores and the sticks on the
    table add up to the start (4 × 100,000): a chombo moves points between
    seats and gives its sticks back; its hand leaves the dealer and honba."""
    game = {"chombo": "mangan", "start_points": 100_000, "return_points": 100_000, "bust": False}
    answer = post(client, GAMES, {"game": game, "hands": hands})
    after = [*({"dealer": hand["dealer"], "honba": hand["honba"]} for hand in answer["hands"][1:]), answer["next"]]
    for sent, hand, following in zip(hands, answer["hands"], after, strict=True):
        assert sum(hand["scores"].values()) + 1000 * hand["riichi_sticks"] == 400_000
        if sent["type"] == "chombo":
            # the hand is dealt again: the next one has its dealer and honba
            assert (following["dealer"], following["honba"]) == (hand["dealer"], hand["honba"])
            assert hand["riichi_sticks"] == 0  # nothing was on the table: every stick went back


# --- game-results: the deduction on its own ---------------------------------------------------


def test_game_results_wrc(client: Any) -> None:
    # WRC: 30,000 start and return, uma 15/5: east 15 + 15 = 30; south 0 + 5 = 5, less 20 = −15;
    # west −5 − 5 = −10; north −10 − 15 = −25. Sum −20.
    scores = {"east": 45000, "south": 30000, "west": 25000, "north": 20000}
    answer = post(client, RESULTS, {"preset": "wrc", "scores": scores, "chombo_counts": {"south": 1}})
    results = {item["seat"]: (D(item["result"]), D(item["chombo"]), D(item["points"])) for item in answer["standings"]}
    assert results == {
        "east": (D(30), D(0), D(15)),
        "south": (D(-15), D(-20), D(0)),
        "west": (D(-10), D(0), D(-5)),
        "north": (D(-25), D(0), D(-10)),
    }
    assert answer["chombo"] == "deduct_20000"


def test_game_results_mleague_twice(client: Any) -> None:
    # M.League: 25,000 start, 30,000 return (oka 20), uma 10/30: east 15 + 20 + 30 = 65;
    # south 0 + 10 = 10; west −15 − 10 = −25; north −20 − 30 = −50; two chombo by north: −90
    scores = {"east": 45000, "south": 30000, "west": 15000, "north": 10000}
    answer = post(client, RESULTS, {"preset": "mleague", "scores": scores, "chombo_counts": {"north": 2}})
    assert [(item["seat"], D(item["result"]), D(item["chombo"])) for item in answer["standings"]] == [
        ("east", D(65), D(0)),
        ("south", D(10), D(0)),
        ("west", D(-25), D(0)),
        ("north", D(-90), D(-40)),
    ]


def test_game_results_without_chombo_is_as_before(client: Any) -> None:
    scores = {"east": 45000, "south": 30000, "west": 15000, "north": 10000}
    answer = post(client, RESULTS, {"scores": scores})
    # as before: no chombo field anywhere
    assert "chombo" not in answer and all("chombo" not in item for item in answer["standings"])
    game = post(client, GAMES, {"hands": [NOBODY_TENPAI]})
    assert "chombo" not in game["hands"][0]


# --- presets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["mleague", "wrc", "ema"])
def test_tournament_presets_deduct_20000(client: Any, preset: str) -> None:
    """EMA 2016 "20,000 points deduction after uma"; WRC 2015 "20 points
    penalty" (1 overall point = 1,000 table points); M.League "20ポイント減らします"."""
    for players in (4, 3):
        assert PRESETS[preset].game[players]["chombo"] == "deduct_20000"
    assert post(client, GAMES, {"preset": preset, "hands": []})["game"]["chombo"] == "deduct_20000"
    entry = next(entry for entry in client.get("/v1/rulesets").json()["rulesets"] if entry["name"] == "riichi")
    listed = next(item for item in entry["presets"] if item["name"] == preset)
    assert listed["values"]["4"]["game"]["chombo"] == "deduct_20000"


@pytest.mark.parametrize("preset", ["tenhou", "mahjong_soul"])
def test_online_platforms_have_no_chombo(client: Any, preset: str) -> None:
    # a program cannot commit a foul: the preset leaves `chombo` at none, and a chombo hand is refused
    assert "chombo" not in PRESETS[preset].game[4]
    problem = post(client, GAMES, {"preset": preset, "hands": [{"type": "chombo", "seat": "south"}]}, status=422)
    assert problem["errors"][0]["code"] == "chombo_off" and problem["errors"][0]["pointer"] == "#/hands/0/type"


def test_discovery_lists_the_option(client: Any) -> None:
    entry = next(entry for entry in client.get("/v1/rulesets").json()["rulesets"] if entry["name"] == "riichi")
    assert "chombo" in str(entry["game_rules"])


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "pointer", "code"),
    [
        ({"game": {"chombo": "mangan"}, "hands": [{"type": "chombo", "seat": "northwest"}]}, 400, "#/hands/0/seat", "not_allowed_value"),
        ({"game": {"chombo": "mangan"}, "hands": [{"type": "chombo"}]}, 400, "#/hands/0/seat", "missing_field"),
        (
            {"game": {"chombo": "mangan", "players": 3}, "hands": [{"type": "chombo", "seat": "north"}]},
            422,
            "#/hands/0/seat",
            "seat_not_at_table",
        ),
        ({"game": {"chombo": "thirty"}, "hands": []}, 400, "#/game/chombo", "not_allowed_value"),
        ({"hands": [{"type": "chombo", "seat": "south"}]}, 422, "#/hands/0/type", "chombo_off"),
        ({"hands": [{"type": "foul", "seat": "south"}]}, 400, "#/hands/0/type", "game_hand_type"),
        (
            {"game": {"chombo": "mangan"}, "hands": [{"type": "chombo", "seat": "south", "riichi": ["south", "south"]}]},
            422,
            "#/hands/0/riichi/1",
            "seat_listed_twice",
        ),
    ],
)
def test_bad_chombo_hands(client: Any, body: dict[str, Any], status: int, pointer: str, code: str) -> None:
    problem = post(client, GAMES, body, status=status)
    assert (problem["errors"][0]["pointer"], problem["errors"][0]["code"]) == (pointer, code)


@pytest.mark.parametrize(
    ("body", "status", "pointer", "code"),
    [
        ({"chombo_counts": {"south": 1}}, 422, "#/chombo_counts", "chombo_not_deducted"),
        ({"chombo": "mangan", "chombo_counts": {"south": 1}}, 422, "#/chombo_counts", "chombo_not_deducted"),
        ({"chombo": "deduct_20000", "chombo_counts": {"south": 101}}, 400, "#/chombo_counts/south", "out_of_range"),
        ({"chombo": "deduct_20000", "chombo_counts": {"south": -1}}, 400, "#/chombo_counts/south", "out_of_range"),
    ],
)
def test_bad_chombo_counts(client: Any, body: dict[str, Any], status: int, pointer: str, code: str) -> None:
    scores = {"east": 45000, "south": 30000, "west": 15000, "north": 10000}
    problem = post(client, RESULTS, {"scores": scores, **body}, status=status)
    assert (problem["errors"][0]["pointer"], problem["errors"][0]["code"]) == (pointer, code)


def test_three_players_have_no_north_chombo_in_the_results(client: Any) -> None:
    scores = {"east": 45000, "south": 35000, "west": 25000}
    body = {"scores": scores, "start_points": 35000, "return_points": 40000, "chombo": "deduct_20000", "chombo_counts": {"north": 1}}
    problem = post(client, RESULTS, body, status=422)
    assert problem["errors"][0]["pointer"] == "#/chombo_counts/north"
