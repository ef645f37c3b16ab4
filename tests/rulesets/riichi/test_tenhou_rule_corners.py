"""Three corners of Tenhou's rules that an independent engine (riichienv,
which plays Tenhou's and Mahjong Soul's rules) settles and this service
refused or ended wrongly: ura dora shown on a riichi yakuman, pinfu and
seven pairs won on the replacement tile for a north set aside, and a dealer
who keeps the deal behind in the extension round.

Amounts are worked by hand from the riichi scoring article's 得點 (non-dealer
ron 4× basic; tsumo: the dealer 2×, each other non-dealer 1×; payments
rounded up to 100; three players: tsumo loss, the absent north's share is
not paid)."""

from __future__ import annotations

from typing import Any

from tests.helpers import TSUMO, D, deltas, ron

HANDS = "/v1/riichi/hands"
SETTLE = "/v1/riichi/settlements"


def post(client: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def codes(result: dict[str, Any]) -> dict[str, int]:
    return {item["code"]: item["count"] for item in result["items"]}


# --- Ura dora on a riichi yakuman ---------------------------------------------------------------
# Ura dora count only after riichi, but a yakuman replaces every yaku and dora: the
# indicators turned over for the riichi must be accepted and add nothing.

# Three players, east deals: south, in riichi on 19m 19p 19s 1234567z + the second east,
# robs the north west sets aside (kokushi may rob it as a kan, Tenhou's three-player rule).
# Ura indicator 9p points at 1p (three players: 9 → 1), which south holds.
# Kokushi musou: yakuman, 8,000 basic; non-dealer ron 4 × 8,000 = 32,000 from west.
KOKUSHI_ROBS_NORTH = {
    "winner": "south",
    "win": ron("west"),
    "players": 3,
    "tiles": {
        "concealed": "19m19p19s11234567z",
        "win_tile": "4z",
        "riichi": True,
        "robbing_kong": True,
        "ura_dora_indicators": "9p",
    },
}


def test_ura_dora_hitting_a_riichi_kokushi_are_accepted(client) -> None:
    result = post(client, HANDS, KOKUSHI_ROBS_NORTH)
    assert (result["yakuman"], result["tier"], result["han"]) == (1, "yakuman", None)
    assert codes(result) == {"kokushi_musou": 1}
    assert D(result["basic_points"]) == D(8000)
    settled = post(client, SETTLE, KOKUSHI_ROBS_NORTH)
    assert deltas(settled) == {"east": D(0), "south": D(32000), "west": D(-32000)}


def test_ura_dora_hitting_a_four_player_riichi_suuankou_add_nothing(client) -> None:
    # 111m 333p 555s 777s + 99s, tsumo on 7s: suuankou (the 9s pair was the other wait);
    # ura indicators 9m and 4s point at 1m and 5s: 3 + 3 hits, counted nowhere.
    # Non-dealer tsumo, dealer east: east 2 × 8,000 = 16,000, south and west 8,000 each.
    body = {
        "winner": "north",
        "win": TSUMO,
        "tiles": {"concealed": "111m333p55577799s", "win_tile": "7s", "riichi": True, "ura_dora_indicators": "9m4s"},
    }
    result = post(client, HANDS, body)
    assert (result["yakuman"], codes(result)) == (1, {"suuankou": 1})
    assert deltas(post(client, SETTLE, body)) == {"east": D(-16000), "south": D(-8000), "west": D(-8000), "north": D(32000)}


def test_ura_dora_without_riichi_stay_refused(client) -> None:
    body = {**KOKUSHI_ROBS_NORTH, "tiles": {**KOKUSHI_ROBS_NORTH["tiles"], "riichi": False}}
    response = client.post(HANDS, json=body)
    assert response.status_code == 422
    assert [error["pointer"] for error in response.json()["errors"]] == ["#/tiles/ura_dora_indicators"]


# --- Pinfu and seven pairs on a north's replacement -------------------------------------------
# Three players (`nukidora_rinshan`, Tenhou's rule): a win on the tile drawn for a north set
# aside is rinshan kaihou, but no kan was made, so nothing rules out pinfu or seven pairs; and
# no kan means a plain tsumo's fu. riichienv's HandEvaluator3P answers the same (4 han 20 fu,
# 2,600 / 1,300 for the pinfu hand below).

# South (dealer east) holds 99m 123p 456p 123s 789s, 23s waiting on 1s/4s (two-sided), sets a
# north aside and draws 1s: menzen tsumo 1 + pinfu 1 + rinshan kaihou 1 + nuki dora 1 = 4 han;
# pinfu tsumo 20 fu; basic 20 × 2^6 = 1,280: east 2,560 → 2,600, west 1,280 → 1,300.
PINFU_ON_NORTH = {
    "winner": "south",
    "win": TSUMO,
    "players": 3,
    "tiles": {"concealed": "99m123456p123789s", "win_tile": "1s", "after_kong": True, "nukidora": 1},
}


def test_pinfu_won_on_a_norths_replacement(client) -> None:
    result = post(client, HANDS, PINFU_ON_NORTH)
    assert (result["han"], result["fu"]) == (4, 20)
    assert codes(result) == {"menzen_tsumo": 1, "pinfu": 1, "rinshan_kaihou": 1, "nuki_dora": 1}
    assert deltas(post(client, SETTLE, PINFU_ON_NORTH)) == {"east": D(-2600), "south": D(3900), "west": D(-1300)}


def test_pinfu_and_rinshan_declared_with_a_north_set_aside(client) -> None:
    # the same hand declared by its yaku: the north set aside says which replacement it was
    body = {"winner": "south", "win": TSUMO, "players": 3, "yaku": ["menzen_tsumo", "pinfu", "rinshan_kaihou"], "nuki_dora": 1, "fu": 20}
    assert deltas(post(client, SETTLE, body)) == {"east": D(-2600), "south": D(3900), "west": D(-1300)}
    # without a north set aside, or at four players (who set none aside), the replacement
    # was a kan's, which pinfu cannot have
    for other in ({**body, "nuki_dora": 0}, {**body, "players": 4}):
        response = client.post(SETTLE, json=other)
        assert response.status_code == 422
        assert "`pinfu` and `rinshan_kaihou` cannot be declared together" in response.json()["detail"]


def test_seven_pairs_won_on_a_norths_replacement(client) -> None:
    # 11m 99m 11p 55p 11s 99s + east pair drawn for a north: menzen tsumo 1 + rinshan kaihou 1 +
    # chiitoitsu 2 + nuki dora 1 = 5 han, mangan, 2,000 basic: east 4,000, west 2,000
    body = {**PINFU_ON_NORTH, "tiles": {"concealed": "1199m1155p1199s11z", "win_tile": "1z", "after_kong": True, "nukidora": 1}}
    result = post(client, HANDS, body)
    assert (result["han"], result["tier"]) == (5, "mangan")
    assert codes(result) == {"menzen_tsumo": 1, "rinshan_kaihou": 1, "chiitoitsu": 1, "nuki_dora": 1}
    assert deltas(post(client, SETTLE, body)) == {"east": D(-4000), "south": D(6000), "west": D(-2000)}


def test_a_north_replacement_is_no_rinshan_when_the_table_says_so(client) -> None:
    body = {**PINFU_ON_NORTH, "rules": {"nukidora_rinshan": False}}
    response = client.post(HANDS, json=body)
    assert response.status_code == 422
    assert [error["pointer"] for error in response.json()["errors"]] == ["#/tiles/after_kong"]


# --- The extension round: a dealer who keeps the deal behind plays on -------------------------
# Tenhou (its manual's サドンデス, as hagurin-tenhou.com and jkaljsoiw.hatenablog.com spell it out):
# 西場でも流局時に親がテンパイ、かつ親がトップ目でない場合は、親以外が30000点以上になっても1本場が
# 始まる — 親の連荘と子の3万点超えが同時に発生した場合は連荘を優先する. The record
# 2022060108gm-00a9-0000-930771df plays west 1 again after a draw with the dealer tenpai.

# A hanchan, east the first dealer, 25,000 each. E1: south rons west, 3 han 30 fu: 960 × 4 =
# 3,840 → 3,900 (south 28,900, west 21,100); then seven draws nobody is tenpai at (E2 … S4, the
# deal passes, honba 1 … 7). Nobody has 30,000: west 1, east deals, honba 7.
TO_WEST = [{"winner": "south", "win": ron("west"), "han": 3, "fu": 30}, *[{"type": "draw"}] * 7]
# W1: a draw, east (dealer) and south tenpai: west and north pay 1,500 each → east 26,500,
# south 30,400 (≥ 30,000), west 19,600, north 23,500; east keeps the deal but is not first.
DEALER_TENPAI_BEHIND = {"type": "draw", "tenpai": ["east", "south"]}


def game(client: Any, hands: list[dict[str, Any]]) -> dict[str, Any]:
    return post(client, "/v1/riichi/games", {"game": {"extension": "sudden_death", "agari_yame": True}, "hands": hands})


def test_the_extension_goes_on_while_the_dealer_keeps_the_deal_behind(client) -> None:
    answer = game(client, [*TO_WEST, DEALER_TENPAI_BEHIND])
    assert {seat: D(points) for seat, points in answer["scores"].items()} == {
        "east": D(26500),
        "south": D(30400),
        "west": D(19600),
        "north": D(23500),
    }
    assert answer["finished"] is False
    assert (answer["next"]["round"], answer["next"]["hand_number"], answer["next"]["dealer"], answer["next"]["honba"]) == (
        "west",
        1,
        "east",
        8,
    )


def test_the_extension_ends_when_the_deal_passes_with_someone_at_the_return_points(client) -> None:
    # W1 honba 8: a draw nobody is tenpai at: the deal passes and south has 30,400: the game ends
    answer = game(client, [*TO_WEST, DEALER_TENPAI_BEHIND, {"type": "draw"}])
    assert (answer["finished"], answer["end_reason"]) == (True, "return_points")
    assert D(answer["scores"]["south"]) == D(30400)
