"""Multiple ron (`further_winners`, `rules.multiple_ron`, `rules.multi_ron_honba`)
and pao (責任払い: `liable`, `liable_yakuman`). The riichi scoring article's 場棒及立直棒: on a
double ron only the winner nearest the discarder takes the riichi sticks;
honba go to one winner or to all, by rule. Every case runs through the engine
and over HTTP."""

from __future__ import annotations

import pytest

from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import D, deltas, engine_or_http, lines

RON_NORTH = {"type": "discard", "discarder": "north"}


@pytest.fixture(params=["engine", "http"])
def settle(request, client):
    return engine_or_http(request, client, riichi.settle, RiichiRequest, "/v1/riichi/settlements")


# Double ron on north's discard; east deals. South (the request's winner)
# 3 han 30 fu: 960 × 4 = 3840 → 3900. East (dealer) 2 han 30 fu: 480 × 6 =
# 2880 → 2900. Turn order after north: east, south, west — east is first.
DOUBLE = {
    "winner": "south",
    "win": RON_NORTH,
    "han": 3,
    "fu": 30,
    "further_winners": [{"winner": "east", "han": 2, "fu": 30}],
    "honba": 1,
    "riichi_sticks": 2,
}


def test_double_ron_each_winner_paid_sticks_to_first(settle) -> None:
    result = settle(**DOUBLE)
    # honba 300 each; the 2000 in sticks go to east, first after north
    assert lines(result) == {
        ("north", "east"): (D(2900 + 300), "discarder"),
        ("west", "east"): (D(0), "other"),
        ("north", "south"): (D(3900 + 300), "discarder"),
        ("west", "south"): (D(0), "other"),
    }
    assert deltas(result) == {"east": D(5200), "south": D(4200), "west": D(0), "north": D(-7400)}
    assert D(result["winner_receives"]) == 4200  # south, the request's winner
    assert [w["winner"] for w in result["winners"]] == ["east", "south"]
    east, south = result["winners"]
    assert (D(east["riichi_stick_points"]), D(south["riichi_stick_points"])) == (2000, 0)
    assert (D(result["pre_payout_total"]), result["han"], result["fu"]) == (D(960), 3, 30)


def test_double_ron_honba_first_only(settle) -> None:
    result = settle(**{**DOUBLE, "rules": {"multi_ron_honba": "first_only"}})
    # east (first) collects 300 honba, south none
    assert lines(result)[("north", "east")] == (D(3200), "discarder")
    assert lines(result)[("north", "south")] == (D(3900), "discarder")
    assert deltas(result) == {"east": D(5200), "south": D(3900), "west": D(0), "north": D(-7100)}


def test_head_bump_pays_only_the_first_winner(settle) -> None:
    result = settle(**{**DOUBLE, "rules": {"multiple_ron": "head_bump"}})
    # east: 2900 + 300 honba + 2000 sticks; south is head-bumped
    assert lines(result) == {("north", "east"): (D(3200), "discarder"), ("west", "east"): (D(0), "other")}
    assert deltas(result) == {"east": D(5200), "south": D(0), "west": D(0), "north": D(-3200)}
    assert D(result["winner_receives"]) == 0
    south = result["winners"][1]
    assert (south["winner"], south["paid"], D(south["receives"])) == ("south", False, D(0))
    assert [w["code"] for w in result["warnings"]] == ["head_bumped"]


def test_triple_ron(settle) -> None:
    # west discards; turn order after west: north, east, south. Dealer east.
    # north 1 han 30 fu: 240 × 4 = 960 → 1000; east (dealer) mangan 12000; south 4 han 30 fu 7700.
    result = settle(
        winner="south",
        win={"type": "discard", "discarder": "west"},
        han=4,
        fu=30,
        further_winners=[{"winner": "east", "han": 5}, {"winner": "north", "han": 1, "fu": 30}],
        riichi_sticks=1,
    )
    assert [w["winner"] for w in result["winners"]] == ["north", "east", "south"]
    assert deltas(result) == {"north": D(1000 + 1000), "east": D(12000), "south": D(7700), "west": D(-20700)}
    # every line is from the discarder: winners do not pay one another
    assert {payer for payer, _ in lines(result)} == {"west"}


def test_three_player_double_ron(settle) -> None:
    # east discards; south then west. south 1 han 30 fu 1000 (+200 honba), west mangan 8000 (+200)
    result = settle(
        winner="west",
        win={"type": "discard", "discarder": "east"},
        han=5,
        players=3,
        honba=1,
        riichi_sticks=1,
        further_winners=[{"winner": "south", "han": 1, "fu": 30}],
    )
    assert deltas(result) == {"east": D(-9400), "south": D(1200 + 1000), "west": D(8200)}


def test_further_winners_each_have_their_own_warnings(settle) -> None:
    result = settle(winner="south", win=RON_NORTH, han=3, fu=30, further_winners=[{"winner": "west", "han": 2, "fu": 20}])
    assert [w["code"] for w in result["warnings"]] == ["fu_20_on_ron"]
    assert "west" in result["warnings"][0]["message"]


# --- Pao -------------------------------------------------------------------------------
# South wins (non-dealer; east deals). One yakuman: 8000 basic, ron value 32000.


def test_pao_tsumo_liable_pays_everything(settle) -> None:
    result = settle(winner="south", win={"type": "self_draw"}, yakuman=1, liable="west")
    assert lines(result) == {
        ("west", "south"): (D(32000), "liable"),
        ("north", "south"): (D(0), "non_dealer"),
        ("east", "south"): (D(0), "dealer"),
    }
    assert D(result["winner_receives"]) == 32000
    assert (result["winners"][0]["liable"], result["winners"][0]["liable_yakuman"]) == ("west", 1)


def test_pao_tsumo_dealer_winner(settle) -> None:
    # dealer yakuman: 8000 × 6 = 48000, all from the liable seat
    result = settle(winner="east", win={"type": "self_draw"}, yakuman=1, liable="north")
    assert lines(result)[("north", "east")] == (D(48000), "liable")
    assert deltas(result) == {"east": D(48000), "south": D(0), "west": D(0), "north": D(-48000)}


def test_pao_ron_liable_and_discarder_split(settle) -> None:
    result = settle(winner="south", win=RON_NORTH, yakuman=1, liable="west")
    # 32000 / 2 = 16000 each
    assert lines(result) == {
        ("west", "south"): (D(16000), "liable"),
        ("east", "south"): (D(0), "other"),
        ("north", "south"): (D(16000), "discarder"),
    }


def test_pao_ron_liable_is_the_discarder(settle) -> None:
    result = settle(winner="south", win=RON_NORTH, yakuman=1, liable="north")
    assert lines(result)[("north", "south")] == (D(32000), "discarder")
    assert D(result["winner_receives"]) == 32000


def test_pao_double_yakuman_tsumo_rest_paid_normally(settle) -> None:
    # daisangen (under pao) + tsuuiisou: liable part 32000 from west; the rest, one
    # yakuman by tsumo: east 16000, west 8000, north 8000. West: 32000 + 8000.
    result = settle(winner="south", win={"type": "self_draw"}, yakuman=2, liable="west")
    assert {k: v[0] for k, v in lines(result).items()} == {
        ("west", "south"): D(40000),
        ("north", "south"): D(8000),
        ("east", "south"): D(16000),
    }
    assert D(result["winner_receives"]) == 64000


def test_pao_double_yakuman_ron_rest_from_discarder(settle) -> None:
    # liable half 16000 from west; discarder 16000 + the other yakuman 32000
    result = settle(winner="south", win=RON_NORTH, yakuman=2, liable="west")
    assert {k: v[0] for k, v in lines(result).items()} == {
        ("west", "south"): D(16000),
        ("east", "south"): D(0),
        ("north", "south"): D(48000),
    }


def test_pao_for_both_yakuman(settle) -> None:
    # daisuushii as a double yakuman, all under pao: tsumo 64000 from the liable seat
    result = settle(winner="south", win={"type": "self_draw"}, yakuman=2, liable="west", liable_yakuman=2)
    assert lines(result)[("west", "south")] == (D(64000), "liable")


def test_pao_honba_follow_the_liable_seat(settle) -> None:
    # 2 honba = 600: on a tsumo all from the liable seat, on a ron too (our documented choice)
    tsumo = settle(winner="south", win={"type": "self_draw"}, yakuman=1, liable="west", honba=2, riichi_sticks=1)
    assert {k: v[0] for k, v in lines(tsumo).items()} == {("west", "south"): D(32600), ("north", "south"): D(0), ("east", "south"): D(0)}
    assert D(tsumo["winner_receives"]) == 33600
    ron = settle(winner="south", win=RON_NORTH, yakuman=1, liable="west", honba=2)
    assert {k: v[0] for k, v in lines(ron).items()} == {("west", "south"): D(16600), ("east", "south"): D(0), ("north", "south"): D(16000)}


def test_pao_with_multiple_yakuman_off(settle) -> None:
    # 2 yakuman paid as one; the liable seat answers for that one: 32000 on a tsumo
    result = settle(winner="south", win={"type": "self_draw"}, yakuman=2, liable="west", rules={"multiple_yakuman": False})
    assert {k: v[0] for k, v in lines(result).items()} == {("west", "south"): D(32000), ("north", "south"): D(0), ("east", "south"): D(0)}


def test_pao_three_players_tsumo(settle) -> None:
    # three players, tsumo_loss: the liable seat pays what a ron would, 8000 × 4 = 32000
    result = settle(winner="south", win={"type": "self_draw"}, yakuman=1, liable="west", players=3)
    assert {k: v[0] for k, v in lines(result).items()} == {("west", "south"): D(32000), ("east", "south"): D(0)}


def test_pao_on_a_further_winner(settle) -> None:
    # north discards; east (dealer) 1 han 30 fu: 240 × 6 = 1440 → 1500. South yakuman,
    # west liable: 16000 from west, 16000 from north.
    result = settle(
        winner="east",
        win=RON_NORTH,
        han=1,
        fu=30,
        further_winners=[{"winner": "south", "yakuman": 1, "liable": "west"}],
    )
    assert deltas(result) == {"east": D(1500), "south": D(32000), "west": D(-16000), "north": D(-17500)}
