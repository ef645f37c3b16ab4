"""How Tenhou's games end, and its results in whole thousands: `game.agari_yame`
(アガリ止め), `game.extension: sudden_death` (西入/南入, the riichi scoring
article's 地方變異: "也有25000入25000返或30000入30000返（無西入）的規則" — a 西入 is
played only when return points are above start), and `rounding:
nearest_thousand` for `POST /v1/riichi/game-results` and a game's standings.

Every score below is worked by hand from the riichi scoring article's 得點
(non-dealer ron 4× basic, dealer ron 6×, tsumo 2× from the dealer or for a
dealer, 1× from each other; each payment rounded up to 100; 300 per honba)
and its 結算 (return 30,000, oka 20 to first, uma 10-20)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from service.core.codec import convert
from service.rulesets.riichi.game_results import GameResultsRequest, game_results, round_thousand
from tests.helpers import TSUMO, D, ron


def play(client: Any, hands: list[dict[str, Any]], **game: Any) -> dict[str, Any]:
    response = client.post("/v1/riichi/games", json={"game": {"length": "east", **game}, "hands": hands})
    assert response.status_code == 200, response.text
    return response.json()


def scores(answer: dict[str, Any]) -> dict[str, Decimal]:
    return {seat: D(points) for seat, points in answer["scores"].items()}


def results(answer: dict[str, Any]) -> list[tuple[str, Decimal]]:
    return [(s["seat"], D(s["result"])) for s in answer["standings"]["standings"]]


# An east-only game, east the first dealer, 25,000 each.
OPENING = [
    # E1 (east deals): south rons west, 3 han 30 fu: 960 × 4 = 3,840 → 3,900
    {"winner": "south", "win": ron("west"), "han": 3, "fu": 30},
    # E2 (south deals): north tsumo 1 han 30 fu, 240 basic: south 500, east and west 300 each
    {"winner": "north", "win": TSUMO, "han": 1, "fu": 30},
    # E3 (west deals): east rons north, 2 han 30 fu: 480 × 4 = 1,920 → 2,000
    {"winner": "east", "win": ron("north"), "han": 2, "fu": 30},
]
AFTER_OPENING = {"east": D(26700), "south": D(28400), "west": D(20800), "north": D(24100)}
# E4, all last (north deals): a dealer mangan ron on west, 2,000 × 6 = 12,000
DEALER_MANGAN = {"winner": "north", "win": ron("west"), "han": 5}


def test_the_opening_scores(client) -> None:
    answer = play(client, OPENING)
    assert scores(answer) == AFTER_OPENING
    assert answer["next"]["dealer"] == "north" and answer["next"]["hand_number"] == 4


def test_agari_yame_ends_the_game_when_the_dealer_wins_into_first(client) -> None:
    # north 24,100 + 12,000 = 36,100, first: the game ends there
    answer = play(client, [*OPENING, DEALER_MANGAN], agari_yame=True)
    assert scores(answer) == {"east": D(26700), "south": D(28400), "west": D(8800), "north": D(36100)}
    assert (answer["finished"], answer["end_reason"], answer["next"]) == (True, "agari_yame", None)
    # north (36.1 − 30) + 20 oka + 20 = 46.1; south −1.6 + 10 = 8.4; east −3.3 − 10 = −13.3; west −21.2 − 20 = −41.2
    assert results(answer) == [("north", D("46.1")), ("south", D("8.4")), ("east", D("-13.3")), ("west", D("-41.2"))]


def test_without_agari_yame_the_dealer_deals_again(client) -> None:
    answer = play(client, [*OPENING, DEALER_MANGAN])
    assert answer["finished"] is False
    assert (answer["next"]["dealer"], answer["next"]["hand_number"], answer["next"]["honba"]) == ("north", 4, 1)


def test_agari_yame_on_a_tenpai_draw_and_not_while_the_dealer_is_behind(client) -> None:
    # E4: a draw, north alone tenpai: 1,000 from each noten seat → north 27,100, behind south's 27,400
    tenpai_behind = {"type": "draw", "tenpai": ["north"]}
    answer = play(client, [*OPENING, tenpai_behind], agari_yame=True)
    assert scores(answer) == {"east": D(25700), "south": D(27400), "west": D(19800), "north": D(27100)}
    assert (answer["finished"], answer["next"]["dealer"], answer["next"]["honba"]) == (False, "north", 1)
    # E4 honba 1: north alone tenpai again: 30,100, first; the game ends at the draw
    answer = play(client, [*OPENING, tenpai_behind, tenpai_behind], agari_yame=True)
    assert scores(answer) == {"east": D(24700), "south": D(26400), "west": D(18800), "north": D(30100)}
    assert (answer["finished"], answer["end_reason"]) == (True, "agari_yame")


def test_agari_yame_on_a_dealer_tsumo_with_honba(client) -> None:
    # after the tenpai draw above, E4 honba 1: north tsumo 1 han 30 fu as dealer, 240 × 2 = 480 → 500
    # from each, plus 100 honba each: north 27,100 + 1,800 = 28,900, first (south 26,800)
    hands = [*OPENING, {"type": "draw", "tenpai": ["north"]}, {"winner": "north", "win": TSUMO, "han": 1, "fu": 30}]
    answer = play(client, hands, agari_yame=True)
    assert scores(answer) == {"east": D(25100), "south": D(26800), "west": D(19200), "north": D(28900)}
    assert answer["end_reason"] == "agari_yame"


# --- The extension round ------------------------------------------------------------------
# E4 (north deals): west rons east, 1 han 30 fu: 1,000 → nobody has 30,000 when the east round ends.
NOBODY_AT_RETURN = [*OPENING, {"winner": "west", "win": ron("east"), "han": 1, "fu": 30}]


def test_without_extension_the_game_ends_with_its_length(client) -> None:
    answer = play(client, NOBODY_AT_RETURN)
    assert scores(answer) == {"east": D(25700), "south": D(28400), "west": D(21800), "north": D(24100)}
    assert (answer["finished"], answer["end_reason"]) == (True, "length")


def test_the_extension_round_is_played_while_nobody_has_the_return_points(client) -> None:
    answer = play(client, NOBODY_AT_RETURN, extension="sudden_death")
    assert answer["finished"] is False
    assert (answer["next"]["round"], answer["next"]["hand_number"], answer["next"]["dealer"]) == ("south", 1, "east")


def test_the_extension_ends_when_someone_reaches_the_return_points(client) -> None:
    # S1 (east deals): south rons north, 2 han 30 fu, 2,000 → south 30,400 ≥ 30,000
    hands = [*NOBODY_AT_RETURN, {"winner": "south", "win": ron("north"), "han": 2, "fu": 30}]
    answer = play(client, hands, extension="sudden_death")
    assert scores(answer) == {"east": D(25700), "south": D(30400), "west": D(21800), "north": D(22100)}
    assert (answer["finished"], answer["end_reason"]) == (True, "return_points")
    assert answer["hands"][-1]["round"] == "south"
    # south 0.4 + 20 + 20 = 40.4; east −4.3 + 10 = 5.7; north −7.9 − 10 = −17.9; west −8.2 − 20 = −28.2
    assert results(answer) == [("south", D("40.4")), ("east", D("5.7")), ("north", D("-17.9")), ("west", D("-28.2"))]
    # in whole thousands: east 26,000 → 6; north 22,000 → −18; west 22,000 → −28; south the rest, 40
    rounded = play(client, hands, extension="sudden_death", rounding="nearest_thousand")
    assert results(rounded) == [("south", D(40)), ("east", D(6)), ("north", D(-18)), ("west", D(-28))]
    assert rounded["standings"]["rounding"] == "nearest_thousand"


def test_agari_yame_waits_for_the_return_points_with_an_extension(client) -> None:
    # E4: north tsumo 2 han 40 fu as dealer, 640 × 2 = 1,280 → 1,300 from each: north 28,000, first
    dealer_tsumo = {"winner": "north", "win": TSUMO, "han": 2, "fu": 40}
    answer = play(client, [*OPENING, dealer_tsumo], agari_yame=True)
    assert scores(answer) == {"east": D(25400), "south": D(27100), "west": D(19500), "north": D(28000)}
    assert answer["end_reason"] == "agari_yame"
    # with the extension north is first but below 30,000: north deals again
    answer = play(client, [*OPENING, dealer_tsumo], agari_yame=True, extension="sudden_death")
    assert (answer["finished"], answer["next"]["dealer"], answer["next"]["honba"]) == (False, "north", 1)


def test_west_round_after_a_hanchan_nobody_won(client) -> None:
    # eight exhaustive draws, nobody tenpai: no payments, the deal passes, honba + 1 each time
    draws = [{"type": "draw"}] * 8
    answer = client.post("/v1/riichi/games", json={"game": {"extension": "sudden_death"}, "hands": draws}).json()
    assert answer["finished"] is False
    assert answer["next"] == {"round": "west", "hand_number": 1, "dealer": "east", "honba": 8, "riichi_sticks": 0, "dealer_streak": None}
    # W1: south rons west, 3 han 30 fu: 3,900 + 8 × 300 = 6,300 → south 31,300, and the game ends
    hands = [*draws, {"winner": "south", "win": ron("west"), "han": 3, "fu": 30}]
    answer = client.post("/v1/riichi/games", json={"game": {"extension": "sudden_death"}, "hands": hands}).json()
    assert scores(answer) == {"east": D(25000), "south": D(31300), "west": D(18700), "north": D(25000)}
    assert (answer["finished"], answer["end_reason"]) == (True, "return_points")
    # south 1.3 + 20 + 20 = 41.3; east and north tie for second: the 10 and −10 of uma shared, −5 each; west −11.3 − 20
    assert results(answer) == [("south", D("41.3")), ("east", D(-5)), ("north", D(-5)), ("west", D("-31.3"))]


def test_no_hand_after_the_game_ended_by_agari_yame(client) -> None:
    body = {"game": {"length": "east", "agari_yame": True}, "hands": [*OPENING, DEALER_MANGAN, {"type": "draw"}]}
    response = client.post("/v1/riichi/games", json=body)
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/hands/4"


# --- Results in whole thousands -------------------------------------------------------------


@pytest.mark.parametrize(("points", "rounded"), [(24500, 25000), (24499, 24000), (-1500, -2000), (-1499, -1000), (31400, 31000), (0, 0)])
def test_round_thousand_halves_away_from_zero(points, rounded) -> None:
    assert round_thousand(points) == rounded


def test_results_in_whole_thousands() -> None:
    # west 31,400 → 31,000: 1 + 10 = 11; south 28,500 → 29,000 (a half, away from zero): −1 − 10 = −11;
    # north −1,500 → −2,000: −32 − 20 = −52; east, first, the rest: 52 (exactly 51.6)
    scores_ = {"east": 41600, "south": 28500, "west": 31400, "north": -1500}
    result = game_results(convert({"scores": scores_, "rounding": "nearest_thousand"}, GameResultsRequest))
    assert [(s.seat, s.result, s.points) for s in result.standings] == [
        ("east", D(52), D(12)),
        ("west", D(11), D(1)),
        ("south", D(-11), D(-1)),
        ("north", D(-52), D(-32)),
    ]
    exact = game_results(convert({"scores": scores_}, GameResultsRequest))
    assert [s.result for s in exact.standings] == [D("51.6"), D("11.4"), D("-11.5"), D("-51.5")]


def test_results_in_whole_thousands_over_http(client) -> None:
    body = {"scores": {"east": 41600, "south": 28500, "west": 31400, "north": -1500}, "rounding": "nearest_thousand"}
    answer = client.post("/v1/riichi/game-results", json=body).json()
    assert [(s["seat"], D(s["result"])) for s in answer["standings"]] == [("east", 52), ("west", 11), ("south", -11), ("north", -52)]


# --- A game picked up at a later hand (`game.resume`) ------------------------------------

RESUMED = {
    "round": "south",
    "hand_number": 3,
    "honba": 1,
    "riichi_sticks": 1,
    "scores": {"east": 30000, "south": 20000, "west": 24000, "north": 25000},
}


def test_a_game_picked_up_at_south_3(client: Any) -> None:
    """A hanchan picked up at south 3 (west deals: third from east, the first
    dealer), one honba and one stick on the table. West self-draws 3 han 30
    fu: basic 960, a dealer's tsumo 2 × 960 = 1,920 → 2,000 from each, + 100
    each for the honba, + the stick: west +7,300, the others −2,100. The
    dealer keeps the deal: south 3 again, two honba."""
    answer = play(client, [{"winner": "west", "win": {"type": "self_draw"}, "han": 3, "fu": 30}], length="hanchan", resume=RESUMED)
    first = answer["hands"][0]
    assert (first["round"], first["hand_number"], first["dealer"], first["honba"], first["riichi_sticks"]) == ("south", 3, "west", 1, 1)
    assert scores(answer) == {"east": D(27900), "south": D(17900), "west": D(31300), "north": D(22900)}
    assert answer["next"] == {**answer["next"], "round": "south", "hand_number": 3, "dealer": "west", "honba": 2, "riichi_sticks": 0}
    assert answer["finished"] is False


def test_a_game_picked_up_at_its_last_hand_ends_after_it(client: Any) -> None:
    """South 4 of a hanchan (north deals): east wins on north's discard, so
    the deal passes and the game is over (its length). Scores 25,000 each
    before; 3 han 30 fu ron by a non-dealer: 3,900."""
    resume = {"round": "south", "hand_number": 4, "scores": dict.fromkeys(("east", "south", "west", "north"), 25000)}
    answer = play(client, [{"winner": "east", "win": ron("north"), "han": 3, "fu": 30}], length="hanchan", resume=resume)
    assert answer["finished"] is True and answer["end_reason"] == "length"
    assert scores(answer) == {"east": D(28900), "south": D(25000), "west": D(25000), "north": D(21100)}


@pytest.mark.parametrize(
    ("game", "pointer"),
    [
        (
            {"players": 3, "resume": {**RESUMED, "hand_number": 4, "scores": {"east": 35000, "south": 35000, "west": 35000}}},
            "/game/resume/hand_number",
        ),
        ({"length": "east", "resume": RESUMED}, "/game/resume/round"),
        ({"length": "hanchan", "resume": {**RESUMED, "round": "west"}}, "/game/resume/round"),
        ({"players": 3, "length": "hanchan", "resume": RESUMED}, "/game/resume/scores"),
    ],
)
def test_a_resume_the_game_cannot_have_is_named(client: Any, game: dict[str, Any], pointer: str) -> None:
    """A fourth hand at a three-player table, a south round in an east-only
    game (or a west round in a hanchan: the extension round is not picked
    up), a north score at a three-player table: each a 422 naming it."""
    response = client.post("/v1/riichi/games", json={"game": game, "hands": []})
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["pointer"] == "#" + pointer
