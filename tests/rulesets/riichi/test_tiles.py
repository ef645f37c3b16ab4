"""Riichi hands from tiles (`POST /v1/riichi/hands`, `tiles` in settlements):
the `mahjong` library's traps, each guarded; expected values from seed 001's
rules (han, fu, basic points) worked by hand."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient
from mahjong.hand_calculating.yaku_config import YakuConfig

from service.rulesets.riichi.hand.dora import dora_of
from service.rulesets.riichi.hand.library import DORA_CLASSES, NEVER_ASKED, YAKU_CODES
from service.rulesets.riichi.hand.tiles import hand_config
from service.rulesets.riichi.hand.value_table import YAKU
from tests.helpers import TSUMO, D, ron

HANDS = "/v1/riichi/hands"


def hands(client: TestClient[Any], status: int = 200, **body: Any) -> dict[str, Any]:
    response = client.post(HANDS, json=body)
    assert response.status_code == status, response.text
    return response.json()


def pointers(problem: dict[str, Any]) -> set[str]:
    return {error["pointer"].removeprefix("#") for error in problem["errors"]}


def codes(result: dict[str, Any]) -> dict[str, int]:
    return {item["code"]: item["count"] for item in result["items"]}


# --- Values worked by hand -------------------------------------------------------


def test_riichi_pinfu_tsumo_is_3_han_20_fu(client: TestClient[Any]) -> None:
    # 234m 789m 123p 456p 66p, tsumo on 6p (3p-6p two-sided): riichi 1 + menzen
    # tsumo 1 + pinfu 1 = 3 han; pinfu tsumo 20 fu (seed 000); basic 20 × 2^5 = 640
    result = hands(client, winner="south", win=TSUMO, tiles={"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True})
    assert (result["han"], result["fu"], result["yakuman"]) == (3, 20, 0)
    assert codes(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}
    assert D(result["basic_points"]) == D(640)
    assert result["waits"] == "36p"
    assert [group["tiles"] for group in result["arrangement"]] == ["234m", "789m", "123p", "456p", "66p"]


def test_tanyao_shanpon_ron_counts_the_won_pung_as_open(client: TestClient[Any]) -> None:
    # 22m 444m 333p 567p 444s, ron on 4s (shanpon 2m/4s): tanyao 1 han;
    # fu 20 + closed ron 10 + 444m and 333p concealed simple pungs 4 + 4 +
    # 444s completed by the ron, counted open 2 = 40 (seed 001 example 4)
    result = hands(client, winner="west", win=ron("south"), tiles={"concealed": "22444m333567p444s", "win_tile": "4s"})
    assert (result["han"], result["fu"]) == (1, 40)
    assert result["fu_count"]["raw_fu"] == 40
    assert result["waits"] == "2m4s"
    shown = {group["tiles"]: group["concealed"] for group in result["arrangement"]}
    assert shown["444s"] is False and shown["444m"] is True


def test_seven_pairs_half_flush_is_mangan(client: TestClient[Any]) -> None:
    # chiitoitsu 2 + honitsu 3 = 5 han: mangan, 2000 basic
    result = hands(client, winner="west", win=ron("south"), tiles={"concealed": "1133557799m1122z", "win_tile": "2z"})
    assert result["han"] == 5 and result["tier"] == "mangan" and D(result["basic_points"]) == D(2000)
    assert result["fu_count"]["fu"] == 25
    assert [group["kind"] for group in result["arrangement"]] == ["pair"] * 7


def test_thirteen_sided_kokushi_is_double_yakuman(client: TestClient[Any]) -> None:
    result = hands(client, winner="east", win=TSUMO, tiles={"concealed": "19m19p19s12345677z", "win_tile": "7z"})
    assert result["yakuman"] == 2 and result["tier"] == "double_yakuman" and D(result["basic_points"]) == D(16000)
    assert result["waits"] == "19m19p19s1234567z"
    assert result["arrangement"][0]["kind"] == "special"


def test_double_yakuman_off_counts_one(client: TestClient[Any]) -> None:
    result = hands(
        client,
        winner="east",
        win=TSUMO,
        tiles={"concealed": "19m19p19s12345677z", "win_tile": "7z"},
        yaku_options={"double_yakuman": False},
    )
    assert result["yakuman"] == 1


# --- The library's traps ---------------------------------------------------------------


def test_a_fifth_copy_is_refused_before_the_library(client: TestClient[Any]) -> None:
    # the library would read the fifth 1m as a 2m
    problem = hands(client, 422, winner="east", win=TSUMO, tiles={"concealed": "11111m234p567s789s", "win_tile": "1m"})
    assert pointers(problem) == {"/tiles/concealed"}


def test_a_fifth_copy_counting_a_called_kong_is_refused(client: TestClient[Any]) -> None:
    body = {"concealed": "1m234p567s789s11z", "win_tile": "1z", "melds": [{"kind": "kong", "tiles": "1111m"}]}
    hands(client, 422, winner="east", win=TSUMO, tiles=body)


def test_indicators_count_toward_four_copies(client: TestClient[Any]) -> None:
    # 2p is held four times (234p, 222p) and shown as an indicator: a fifth
    body = {"concealed": "234m222234p56677s", "win_tile": "7s", "riichi": True, "dora_indicators": "2p"}
    problem = hands(client, 422, winner="east", win=TSUMO, tiles=body)
    assert "2p" in problem["errors"][0]["detail"]


def test_no_phantom_red_five(client: TestClient[Any]) -> None:
    # plain fives: no aka dora, even with a red five elsewhere
    plain = hands(client, winner="east", win=TSUMO, tiles={"concealed": "234m555p55567s789s", "win_tile": "7s", "riichi": True})
    assert "aka_dora" not in codes(plain)
    red = hands(client, winner="east", win=TSUMO, tiles={"concealed": "234m055p55567s789s", "win_tile": "7s", "riichi": True})
    assert codes(red)["aka_dora"] == 1
    assert red["han"] == plain["han"] + 1


def test_red_win_tile_is_the_red_five(client: TestClient[Any]) -> None:
    result = hands(client, winner="east", win=TSUMO, tiles={"concealed": "234m340p567s789s22z", "win_tile": "0p", "riichi": True})
    assert codes(result)["aka_dora"] == 1


def test_two_red_fives_of_a_suit_are_refused(client: TestClient[Any]) -> None:
    hands(client, 422, winner="east", win=TSUMO, tiles={"concealed": "00m5m234p567s789s22z", "win_tile": "2z"})


def test_double_wind_pair_fu_2_holds(client: TestClient[Any]) -> None:
    # east seat, east round, pair of east (連風牌), closed ron on 4p with 23p
    # (two-sided) and a concealed 999s pung: 20 + 10 ron + 8 (999s) + pair
    # 4 = 42 → 50 fu by default; with double_wind_pair_fu 2: 40 → 40 fu. The
    # library always counts 4.
    tiles = {"concealed": "234m678m234p999s11z", "win_tile": "4p", "riichi": True}
    default = hands(client, winner="east", win=ron("south"), tiles=tiles)
    assert default["fu"] == 50
    two = hands(client, winner="east", win=ron("south"), tiles={**tiles, "fu_rules": {"double_wind_pair_fu": 2}})
    assert two["fu"] == 40
    assert {"code": "pair_double_wind", "fu": 2} in two["fu_count"]["items"]


def test_nuki_dora_are_not_plain_dora(client: TestClient[Any]) -> None:
    # three players, two norths set aside, dora indicator 3m: no dora in hand
    tiles = {"concealed": "11m123456789p789s", "win_tile": "9s", "riichi": True, "nukidora": 2, "dora_indicators": "3s"}
    result = hands(client, winner="south", win=TSUMO, players=3, tiles=tiles)
    assert codes(result)["nuki_dora"] == 2
    assert "dora" not in codes(result)


def test_nuki_dora_on_a_north_dora(client: TestClient[Any]) -> None:
    # indicator 3z (west) makes north the dora: each north set aside is 1 nuki + 1 dora
    tiles = {"concealed": "11m123456789p789s", "win_tile": "9s", "riichi": True, "nukidora": 2, "dora_indicators": "3z"}
    result = hands(client, winner="south", win=TSUMO, players=3, tiles=tiles)
    assert codes(result)["nuki_dora"] == 2 and codes(result)["dora"] == 2


def test_nuki_dora_at_four_players_is_422(client: TestClient[Any]) -> None:
    hands(client, 422, winner="south", win=TSUMO, tiles={"concealed": "11m123456789p789s", "win_tile": "9s", "riichi": True, "nukidora": 1})


def test_a_three_player_wall_has_no_2m_to_8m_and_no_chow(client: TestClient[Any]) -> None:
    """三人麻雀 plays without 2m–8m and without chi: a hand, a meld or an
    indicator that needs one cannot be, and each is named where it is."""
    sanma = {"winner": "south", "win": TSUMO, "players": 3}
    problem = hands(client, 422, **sanma, tiles={"concealed": "234m567p345p678s55p", "win_tile": "8s"})
    assert problem["errors"] == [
        {"detail": "`2m` is not in a three-player game: its wall has no 2m–8m", "code": "not_in_sanma_wall", "pointer": "#/tiles/concealed"}
    ] + [
        {
            "detail": f"`{n}m` is not in a three-player game: its wall has no 2m–8m",
            "code": "not_in_sanma_wall",
            "pointer": "#/tiles/concealed",
        }
        for n in (3, 4)
    ]
    called = {"concealed": "11m456789p789s", "win_tile": "9s", "melds": [{"kind": "chow", "tiles": "123p"}]}
    problem = hands(client, 422, **sanma, tiles=called)
    assert pointers(problem) == {"/tiles/melds/0/kind"}
    assert "no chow" in problem["detail"]
    ponned = {"concealed": "11m123456p789s", "win_tile": "9s", "melds": [{"kind": "pung", "tiles": "555m"}]}
    assert pointers(hands(client, 422, **sanma, tiles=ponned)) == {"/tiles/melds/0/tiles"}
    indicated = {"concealed": "11m123456789p789s", "win_tile": "9s", "riichi": True, "dora_indicators": "5m"}
    assert pointers(hands(client, 422, **sanma, tiles=indicated)) == {"/tiles/dora_indicators"}
    # the same tiles at four players are a hand; 1m and 9m stay in a three-player wall
    assert hands(client, **{**sanma, "players": 4}, tiles=indicated)["han"] >= 1
    assert hands(client, **sanma, tiles={**indicated, "dora_indicators": "9m"})["han"] >= 1


def test_ippatsu_ends_with_ones_own_kan(client: TestClient[Any]) -> None:
    """A kan after riichi ends the ippatsu turn, so a win on its replacement
    tile has no ippatsu: the two flags together are a 422 at `ippatsu` (the
    library would count 一発 and 嶺上開花 side by side)."""
    tiles = {
        "concealed": "234m567m345p99p",
        "win_tile": "5p",
        "riichi": True,
        "after_kong": True,
        "melds": [{"kind": "kong", "tiles": "7777z", "concealed": True}],
    }
    won = hands(client, winner="south", win=TSUMO, tiles=tiles)
    assert {"riichi", "rinshan_kaihou"} <= set(codes(won))
    problem = hands(client, 422, winner="south", win=TSUMO, tiles={**tiles, "ippatsu": True})
    assert problem["errors"] == [
        {
            "detail": "`ippatsu` and `after_kong` cannot both be true: one's own kan ends the ippatsu turn",
            "code": "ippatsu_after_kong",
            "pointer": "#/tiles/ippatsu",
        }
    ]


def test_dora_indicators_wrap() -> None:
    assert dora_of(8, 4) == 0  # 9m → 1m
    assert dora_of(0, 3) == 8  # three players: 1m → 9m
    assert dora_of(30, 4) == 27  # north → east
    assert dora_of(33, 4) == 31  # red → white


def test_every_library_yaku_has_a_code() -> None:
    config = YakuConfig()
    names = {type(yaku).__name__ for yaku in vars(config).values()}
    for name in names - DORA_CLASSES - set(NEVER_ASKED):
        assert name in YAKU_CODES, name
        assert YAKU_CODES[name] in YAKU
    # what is never asked for is never configured
    made = hand_config
    assert made is not None


def test_open_riichi_and_sashikomi_are_never_configured() -> None:
    import msgspec

    from service.rulesets.riichi.hand.tiles import RiichiTiles
    from service.rulesets.riichi.yaku_rules import YakuOptions

    tiles = msgspec.convert({"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True, "double_riichi": False}, RiichiTiles)
    config = hand_config(tiles, tsumo=False, winner="east", dealer="east", players=4, options=YakuOptions(), aka=False)
    assert not config.is_open_riichi and not config.options.has_sashikomi_yakuman


# --- Errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("concealed", "position"),
    [("123m456p789s11x", 15), ("123m456p789s1122", 13), ("8z", 1), ("m123", 1)],
)
def test_bad_notation_is_400_with_the_position(client: TestClient[Any], concealed: str, position: int) -> None:
    problem = hands(client, 400, winner="east", win=TSUMO, tiles={"concealed": concealed, "win_tile": "1m"})
    assert f"character {position}" in problem["detail"] or any(
        f"character {position}" in e.get("detail", "") for e in problem.get("errors", [])
    )


def test_flowers_are_400_in_riichi(client: TestClient[Any]) -> None:
    hands(client, 400, winner="east", win=TSUMO, tiles={"concealed": "234789m12345666p", "win_tile": "6p", "flowers": ["f1"]})


def test_incomplete_hand_is_422(client: TestClient[Any]) -> None:
    problem = hands(client, 422, winner="east", win=TSUMO, tiles={"concealed": "234789m12345667p", "win_tile": "6p"})
    assert pointers(problem) == {"/tiles/concealed"}


def test_no_yaku_is_422(client: TestClient[Any]) -> None:
    # open hand, no yaku: 123m chow called, 456p 789s 11p ... ron
    body = {"concealed": "456p789s11p23s", "win_tile": "1s", "melds": [{"kind": "chow", "tiles": "123m"}]}
    body["concealed"] = "456p789s11p123s"
    hands(client, 422, winner="east", win=ron("south"), tiles=body)


@pytest.mark.parametrize(
    ("flags", "win"),
    [
        ({"after_kong": True}, ron("south")),
        ({"robbing_kong": True}, TSUMO),
        ({"ippatsu": True}, TSUMO),
        ({"riichi": True, "double_riichi": True}, TSUMO),
        ({"blessing": True}, ron("south")),
    ],
)
def test_flags_the_win_contradicts_are_422(client: TestClient[Any], flags: dict[str, bool], win: dict[str, str]) -> None:
    hands(client, 422, winner="east", win=win, tiles={"concealed": "234789m12345666p", "win_tile": "6p", **flags})


def test_blessing_is_tenhou_for_the_dealer(client: TestClient[Any]) -> None:
    result = hands(client, winner="east", win=TSUMO, tiles={"concealed": "234789m12345666p", "win_tile": "6p", "blessing": True})
    assert codes(result) == {"tenhou": 1} and result["yakuman"] == 1


def test_blessing_on_a_discard_is_renhou(client: TestClient[Any]) -> None:
    # renhou counts mangan by default (seed 003): 5 han
    result = hands(client, winner="south", win=ron("west"), tiles={"concealed": "234789m12345666p", "win_tile": "6p", "blessing": True})
    assert "renhou" in codes(result) and result["tier"] == "mangan"


# --- Settlement with tiles ----------------------------------------------------------------------


def test_settlement_with_tiles(client: TestClient[Any]) -> None:
    # riichi pinfu tsumo by a non-dealer: 3 han 20 fu, basic 640 → dealer
    # pays 1300, the others 700 each (seed 001: 640 × 2 = 1280 → 1300, 640 → 700)
    body = {"winner": "south", "win": TSUMO, "tiles": {"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True}}
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 200, response.text
    result = response.json()
    assert (result["han"], result["fu"]) == (3, 20)
    assert {p["payer"]: D(p["amount"]) for p in result["payments"]} == {"east": D(1300), "west": D(700), "north": D(700)}
    assert result["evaluation"]["han"] == 3
    assert sum(D(v) for v in result["deltas"].values()) == 0


def test_settlement_tiles_and_han_is_422(client: TestClient[Any]) -> None:
    body = {"winner": "south", "win": TSUMO, "han": 3, "fu": 30, "tiles": {"concealed": "234789m12345666p", "win_tile": "6p"}}
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 422
    assert pointers(response.json()) >= {"/tiles", "/han"}


def test_further_winners_carry_their_own_tiles(client: TestClient[Any]) -> None:
    # double ron on north's discard of 6p: south riichi pinfu ron (2 han 30 fu,
    # basic 30 × 2^4 = 480, × 4 = 1920 → 2000), west seven pairs (2 han 25
    # fu: basic 400, × 4 = 1600)
    body = {
        "winner": "south",
        "win": ron("north"),
        "tiles": {"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True},
        "further_winners": [{"winner": "west", "tiles": {"concealed": "1133557799m66p11z", "win_tile": "6p"}}],
    }
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 200, response.text
    result = response.json()
    by_winner = {w["winner"]: w for w in result["winners"]}
    assert (by_winner["south"]["han"], by_winner["south"]["fu"]) == (2, 30)
    assert (by_winner["west"]["han"], by_winner["west"]["fu"]) == (2, 25)
    assert result["evaluations"]["west"]["fu_count"]["fu"] == 25
    assert result["evaluation"] == result["evaluations"]["south"]
    north = [p for p in result["payments"] if p["payer"] == "north"]
    assert sum(D(p["amount"]) for p in north) == D(2000) + D(1600)


def test_further_winner_problem_points_under_its_entry(client: TestClient[Any]) -> None:
    body = {
        "winner": "south",
        "win": ron("north"),
        "tiles": {"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True},
        "further_winners": [{"winner": "west", "tiles": {"concealed": "1133557799m66p12z", "win_tile": "6p"}}],
    }
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 422
    assert all(p.startswith("/further_winners/0/tiles") for p in pointers(response.json()))


def test_batch_item_with_tiles(client: TestClient[Any]) -> None:
    item = {
        "ruleset": "riichi",
        "winner": "south",
        "win": TSUMO,
        "tiles": {"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True},
    }
    response = client.post("/v1/settlements/batch", json={"items": [item, {**item, "tiles": {"concealed": "1m", "win_tile": "1m"}}]})
    assert response.status_code == 200, response.text
    first, second = response.json()["results"]
    assert {p["payer"]: D(p["amount"]) for p in first["result"]["payments"]}["east"] == D(1300)
    assert second["status"] == 422 and second["problem"]["errors"][0]["pointer"].startswith("#/items/1/tiles")
