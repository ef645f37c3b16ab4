"""The riichi scoring article's 地方變異 and Tenhou's rules that a table
switches on: 累計雙倍役滿 (`kazoe_double`), 包牌 of the whole hand
(`pao_scope`), two liable seats (`also_liable`), who pays the honba under
包牌 (`pao_honba`), 嶺上開花 包牌 (`rinshan_pao`) and, with three players, a
win on the replacement for a north set aside (`nukidora_rinshan`).

The lines quoted are the article's 地方變異:

    • 嶺上自摸的計算方式（部分規則嶺上開花時不計自摸2副，也有部分規則要包牌）
    • 有無累計役滿（如無則非役滿役最高按三倍滿計算）、雙倍役滿、複合役滿、累計雙倍役滿等
    • 複合役滿的包牌（包全額或包一個役滿，或大三元四槓子包牌同時間由不同人成立的處理方法）
    • 包牌時場棒的處理方法

Every amount is worked by hand from the article's 得點 (non-dealer ron 4×
basic, dealer 6×; tsumo: the dealer 2×, each other non-dealer 1×; every
payment rounded up to 100). Each case is settled from values, from `yaku`
and from tiles where the tiles can show it, through the engine and over
HTTP."""

from __future__ import annotations

import pytest

from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import TSUMO, D, engine_or_http, lines, ron


@pytest.fixture(params=["engine", "http"])
def settle(request, client):
    return engine_or_http(request, client, riichi.settle, RiichiRequest, "/v1/riichi/settlements")


def amounts(result) -> dict[str, D]:
    return {payer: amount for (payer, _), (amount, _) in lines(result).items()}


def problem_pointers(client, body) -> list[str]:
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 422, response.text
    return [error["pointer"].removeprefix("#") for error in response.json()["errors"]]


# --- 累計雙倍役滿 -----------------------------------------------------------------
# 26 han counted is two yakuman: 16,000 basic; a non-dealer's ron 16,000 × 4 = 64,000,
# 25 han stays one counted yakuman, 8,000 × 4 = 32,000.


@pytest.mark.parametrize(("han", "paid", "tier"), [(25, 32000, "kazoe_yakuman"), (26, 64000, "kazoe_double_yakuman")])
def test_kazoe_double_from_han(settle, han, paid, tier) -> None:
    result = settle(winner="south", win=ron("west"), han=han, rules={"kazoe_double": True})
    assert amounts(result)["west"] == D(paid)
    assert result["tier"] == tier


def test_kazoe_double_off_by_default(settle) -> None:
    result = settle(winner="south", win=ron("west"), han=30)
    assert (amounts(result)["west"], result["tier"]) == (D(32000), "kazoe_yakuman")


def test_kazoe_double_from_yaku(settle) -> None:
    # riichi 1 + ippatsu 1 + menzen tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 14,
    # dora 8 + red five 1 + ura dora 3 = 26 han: the dealer pays 16,000 × 2, the others 16,000
    result = settle(
        winner="south",
        win=TSUMO,
        yaku=["riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "ryanpeikou", "chinitsu"],
        dora=8,
        aka_dora=1,
        ura_dora=3,
        fu=20,
        rules={"kazoe_double": True},
    )
    assert amounts(result) == {"east": D(32000), "west": D(16000), "north": D(16000)}
    assert (D(result["pre_payout_total"]), result["tier"]) == (D(16000), "kazoe_double_yakuman")


def test_kazoe_double_from_tiles(settle) -> None:
    # 223344 0m5m 667788m, riichi, ippatsu, tsumo 8m: 14 han of yaku (as above); dora
    # indicators 1m 2m 5m 6m point at 2m 3m 6m 7m, two of each (8), the red five 1,
    # ura indicators 3m 7m at 4m and 8m (4): 27 han, a counted double yakuman
    result = settle(
        winner="south",
        win=TSUMO,
        tiles={
            "concealed": "223344m0m5m667788m",
            "win_tile": "8m",
            "riichi": True,
            "ippatsu": True,
            "dora_indicators": "1m2m5m6m",
            "ura_dora_indicators": "3m7m",
        },
        rules={"kazoe_double": True},
    )
    assert result["evaluation"]["han"] == 27
    assert amounts(result) == {"east": D(32000), "west": D(16000), "north": D(16000)}
    assert result["tier"] == "kazoe_double_yakuman"


def test_kazoe_double_needs_counted_yakuman(client) -> None:
    body = {"winner": "south", "win": ron("west"), "han": 26, "rules": {"kazoe_double": True, "kazoe": "sanbaiman"}}
    assert problem_pointers(client, body) == ["/rules/kazoe_double", "/rules/kazoe"]


def test_kazoe_double_needs_counted_yakuman_from_tiles_too(client) -> None:
    body = {
        "winner": "south",
        "win": TSUMO,
        "tiles": {"concealed": "223344m0m5m667788m", "win_tile": "8m", "riichi": True},
        "rules": {"kazoe_double": True, "kazoe": "sanbaiman"},
    }
    response = client.post("/v1/riichi/hands", json=body)
    assert response.status_code == 422
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/rules/kazoe_double", "#/rules/kazoe"]


def test_kazoe_double_in_the_han_count(client) -> None:
    body = {"yaku": ["chinitsu", "ryanpeikou", "pinfu", "tanyao", "riichi"], "dora": 14, "rules": {"kazoe_double": True}}
    # 6 + 3 + 1 + 1 + 1 + 14 = 26
    assert client.post("/v1/riichi/han", json=body).json()["tier"] == "kazoe_double_yakuman"


def test_kazoe_double_in_the_score_table(client) -> None:
    limits = client.get("/v1/riichi/score-table", params={"kazoe_double": "true"}).json()["limits"]
    assert [(row["han"], row["han_max"], D(row["non_dealer_ron"])) for row in limits[-2:]] == [(13, 25, D(32000)), (26, None, D(64000))]
    # with kazoe sanbaiman nothing is counted as a yakuman: no 26-han row, 13 han and more stay 6,000 × 4
    limits = client.get("/v1/riichi/score-table", params={"kazoe_double": "true", "kazoe": "sanbaiman"}).json()["limits"]
    assert [(row["han"], row["han_max"], D(row["non_dealer_ron"])) for row in limits[-1:]] == [(13, None, D(24000))]


# --- 包牌 of the whole hand (Tenhou) ------------------------------------------------
# 大三元 + 字一色, two yakuman (16,000 basic), south wins, east deals, west fed the third dragon.

DAISANGEN_TSUUIISOU = {"yaku": ["daisangen", "tsuuiisou"], "open": True}
DAISANGEN_TILES = {
    "tiles": {
        "concealed": "111z22z",
        "win_tile": "2z",
        "melds": [{"kind": "pung", "tiles": "555z"}, {"kind": "pung", "tiles": "666z"}, {"kind": "pung", "tiles": "777z"}],
    }
}


@pytest.mark.parametrize("hand", [{"yakuman": 2}, DAISANGEN_TSUUIISOU, DAISANGEN_TILES], ids=["values", "yaku", "tiles"])
def test_whole_hand_pao_tsumo(settle, hand) -> None:
    # 包全額: the liable seat pays what a ron of both yakuman would, 16,000 × 4 = 64,000; nobody else pays
    result = settle(winner="south", win=TSUMO, liable="west", rules={"pao_scope": "whole_hand"}, **hand)
    assert lines(result) == {
        ("west", "south"): (D(64000), "liable"),
        ("north", "south"): (D(0), "non_dealer"),
        ("east", "south"): (D(0), "dealer"),
    }
    assert (result["winners"][0]["liable"], result["winners"][0]["liable_yakuman"]) == ("west", 2)


@pytest.mark.parametrize("hand", [{"yakuman": 2}, DAISANGEN_TSUUIISOU, DAISANGEN_TILES], ids=["values", "yaku", "tiles"])
def test_one_yakuman_pao_tsumo(settle, hand) -> None:
    # 包一個役滿 (the default): west pays a ron of one yakuman, 32,000; the other yakuman is a
    # tsumo: the dealer 16,000, each non-dealer 8,000 (west too: 32,000 + 8,000)
    result = settle(winner="south", win=TSUMO, liable="west", **hand)
    assert amounts(result) == {"west": D(40000), "north": D(8000), "east": D(16000)}


def test_whole_hand_pao_ron(settle) -> None:
    # on a ron the liable seat and the discarder each pay half: 64,000 / 2 = 32,000
    result = settle(winner="south", win=ron("north"), liable="west", yakuman=2, rules={"pao_scope": "whole_hand"})
    assert lines(result) == {
        ("west", "south"): (D(32000), "liable"),
        ("north", "south"): (D(32000), "discarder"),
        ("east", "south"): (D(0), "other"),
    }


# --- Two liable seats: 大三元 and 四槓子 made by different players --------------------


@pytest.mark.parametrize("hand", [{"yakuman": 2}, {"yaku": ["daisangen", "suukantsu"], "open": True}], ids=["values", "yaku"])
def test_two_liable_seats_tsumo(settle, hand) -> None:
    # west fed the third dragon, north the fourth kan: each pays a ron of its yakuman, 8,000 × 4
    result = settle(winner="south", win=TSUMO, liable="west", also_liable=[{"seat": "north"}], **hand)
    assert lines(result) == {
        ("west", "south"): (D(32000), "liable"),
        ("north", "south"): (D(32000), "liable"),
        ("east", "south"): (D(0), "dealer"),
    }
    assert result["winners"][0]["liable_yakuman"] == 2


def test_two_liable_seats_ron(settle) -> None:
    # east discards: half of each yakuman from east (16,000 + 16,000), the other halves from
    # west and north; the one honba (300) goes with `liable`, west
    result = settle(winner="south", win=ron("east"), yakuman=2, honba=1, liable="west", also_liable=[{"seat": "north", "yakuman": 1}])
    assert amounts(result) == {"west": D(16300), "north": D(16000), "east": D(32000)}


def test_two_liable_seats_and_a_third_yakuman(settle) -> None:
    # three yakuman, two liable: the third is a plain tsumo, dealer 16,000, each non-dealer 8,000
    result = settle(winner="south", win=TSUMO, yakuman=3, liable="west", also_liable=[{"seat": "north"}])
    assert amounts(result) == {"west": D(40000), "north": D(40000), "east": D(16000)}


@pytest.mark.parametrize(
    ("fields", "pointer"),
    [
        ({"also_liable": [{"seat": "north"}]}, "/also_liable"),
        ({"liable": "west", "also_liable": [{"seat": "west"}]}, "/also_liable/0/seat"),
        ({"liable": "west", "also_liable": [{"seat": "south"}]}, "/also_liable/0/seat"),
        ({"liable": "west", "also_liable": [{"seat": "north", "yakuman": 2}]}, "/also_liable/0/yakuman"),
        ({"liable": "west", "also_liable": [{"seat": "north"}], "rules": {"pao_scope": "whole_hand"}}, "/also_liable"),
    ],
)
def test_two_liable_seats_refused(client, fields, pointer) -> None:
    body = {"winner": "south", "win": TSUMO, "yakuman": 2, **fields}
    assert problem_pointers(client, body)[0] == pointer


# --- Who pays the honba under 包牌 ---------------------------------------------------
# 大三元 tsumo by south, east deals, west liable, two honba (600).


def test_pao_honba_liable(settle) -> None:
    # `liable` (the default): west pays the yakuman's ron (32,000) and all 600
    result = settle(winner="south", win=TSUMO, yakuman=1, honba=2, liable="west")
    assert amounts(result) == {"west": D(32600), "north": D(0), "east": D(0)}


def test_pao_honba_as_hand_tsumo(settle) -> None:
    # `as_hand`: the 600 as on any tsumo, 200 from each of the three
    result = settle(winner="south", win=TSUMO, yakuman=1, honba=2, liable="west", rules={"pao_honba": "as_hand"})
    assert amounts(result) == {"west": D(32200), "north": D(200), "east": D(200)}


def test_pao_honba_as_hand_ron(settle) -> None:
    # on north's discard: 16,000 each from north and west; `as_hand` puts the 600 on the discarder
    result = settle(winner="south", win=ron("north"), yakuman=1, honba=2, liable="west", rules={"pao_honba": "as_hand"})
    assert amounts(result) == {"west": D(16000), "north": D(16600), "east": D(0)}
    default = settle(winner="south", win=ron("north"), yakuman=1, honba=2, liable="west")
    assert amounts(default) == {"west": D(16600), "north": D(16000), "east": D(0)}


# --- 嶺上開花 包牌 ------------------------------------------------------------------
# West discarded the 白 south called for a kan; south's replacement tile wins: 白 1 + 嶺上開花 1
# = 2 han, 40 fu (20 + tsumo 2 + open honour kan 16 + pair wait 2 = 40), basic 40 × 2^4 = 640.
# Paid by west as a ron: 640 × 4 = 2,560 → 2,600, and the honba as on a ron (300).

RINSHAN_TILES = {
    "tiles": {
        "concealed": "234m567p456s88s",
        "win_tile": "8s",
        "after_kong": True,
        "melds": [{"kind": "kong", "tiles": "5555z"}],
    }
}
RINSHAN_HANDS = [{"han": 2, "fu": 40}, {"yaku": ["haku", "rinshan_kaihou"], "open": True, "fu": 40}, RINSHAN_TILES]


@pytest.mark.parametrize("hand", RINSHAN_HANDS, ids=["values", "yaku", "tiles"])
def test_rinshan_pao(settle, hand) -> None:
    result = settle(winner="south", win=TSUMO, honba=1, liable="west", rules={"rinshan_pao": True}, **hand)
    assert lines(result) == {
        ("west", "south"): (D(2900), "liable"),
        ("north", "south"): (D(0), "non_dealer"),
        ("east", "south"): (D(0), "dealer"),
    }
    assert (result["winners"][0]["liable"], result["winners"][0]["liable_yakuman"]) == ("west", 0)


@pytest.mark.parametrize("hand", RINSHAN_HANDS, ids=["values", "yaku", "tiles"])
def test_rinshan_without_pao(settle, hand) -> None:
    # the same hand as a plain tsumo: the dealer 640 × 2 = 1,280 → 1,300, the others 640 → 700
    result = settle(winner="south", win=TSUMO, **hand)
    assert amounts(result) == {"west": D(700), "north": D(700), "east": D(1300)}


@pytest.mark.parametrize(
    ("fields", "pointer"),
    [
        ({"han": 2, "fu": 40}, "/liable"),  # rinshan_pao off: pao is for yakuman
        ({"han": 2, "fu": 40, "rules": {"rinshan_pao": True}, "win": ron("west")}, "/liable"),
        ({"yaku": ["haku"], "open": True, "fu": 40, "rules": {"rinshan_pao": True}}, "/liable"),
        (
            {
                "tiles": {**RINSHAN_TILES["tiles"], "melds": [{"kind": "kong", "tiles": "5555z", "concealed": True}]},
                "rules": {"rinshan_pao": True},
            },
            "/liable",
        ),
    ],
)
def test_rinshan_pao_refused(client, fields, pointer) -> None:
    body = {"winner": "south", "win": TSUMO, "liable": "west", **fields}
    assert problem_pointers(client, body)[0] == pointer


# --- Three players: the replacement for a north set aside is rinshan kaihou ----------------
# West (dealer east) holds 234p 567p 789s 11s with an open pung of 9p and one north set aside; the
# replacement tile 4p wins. 嶺上開花 1 + nuki dora 1 = 2 han; 20 + tsumo 2 + open terminal pung 4 = 26
# → 30 fu; basic 30 × 2^4 = 480: the dealer 960 → 1,000, south 480 → 500 (north's share is lost).

NORTH_REPLACEMENT = {
    "tiles": {
        "concealed": "23p4p567p789s11s",
        "win_tile": "4p",
        "after_kong": True,
        "nukidora": 1,
        "melds": [{"kind": "pung", "tiles": "999p"}],
    }
}


@pytest.mark.parametrize(
    "hand",
    [{"han": 2, "fu": 30}, {"yaku": ["rinshan_kaihou"], "open": True, "nuki_dora": 1, "fu": 30}, NORTH_REPLACEMENT],
    ids=["values", "yaku", "tiles"],
)
def test_north_replacement_is_rinshan(settle, hand) -> None:
    result = settle(winner="west", win=TSUMO, players=3, **hand)
    assert amounts(result) == {"east": D(1000), "south": D(500)}


def test_north_replacement_items(settle) -> None:
    result = settle(winner="west", win=TSUMO, players=3, **NORTH_REPLACEMENT)
    assert {item["code"]: item["han"] for item in result["evaluation"]["items"]} == {"rinshan_kaihou": 1, "nuki_dora": 1}
    assert result["evaluation"]["fu"] == 30


def test_north_replacement_off(client) -> None:
    body = {"winner": "west", "win": TSUMO, "players": 3, "rules": {"nukidora_rinshan": False}, **NORTH_REPLACEMENT}
    assert problem_pointers(client, body) == ["/tiles/after_kong"]


def test_replacement_without_kong_or_north_stays_refused(client) -> None:
    # four players set no north aside: `after_kong` still needs a kong
    body = {"winner": "west", "win": TSUMO, "tiles": {**NORTH_REPLACEMENT["tiles"], "nukidora": 0, "concealed": "23p4p567p789s11s"}}
    assert problem_pointers(client, body) == ["/tiles/after_kong"]
