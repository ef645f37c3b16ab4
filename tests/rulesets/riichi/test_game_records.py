"""`POST /v1/riichi/game-records`: records written by hand, one per kind of
call, kong, riichi and draw, each replayed from its steps. Every expected
payment is hand arithmetic from the riichi scoring table (basic points =
fu × 2^(han + 2), a ron pays 4× (dealer 6×), a tsumo 1× and 2× from the
dealer, each rounded up to 100), written beside the record as its deltas.

Tiles in a record: 11–19 characters, 21–29 dots, 31–39 bamboo, 41–47 east,
south, west, north, white, green, red; 60 discards the tile just drawn."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

URL = "/v1/riichi/game-records"
START = [25000, 25000, 25000, 25000]


def hand(
    players: list[tuple[list[int], list[Any], list[Any]]], result: list[Any], dora: list[int], ura: list[int] | None = None
) -> list[Any]:
    """One hand at east 1, no honba, no sticks: each player's (start, takes, discards)."""
    entry: list[Any] = [[0, 0, 0], START, dora, ura or []]
    for start, takes, discards in players:
        entry += [start, takes, discards]
    entry.append(result)
    return entry


def body(*hands: list[Any], disp: str = "四般東喰", **extra: Any) -> dict[str, Any]:
    return {"format": "tenhou6", "record": {"name": ["A", "B", "C", "D"], "rule": {"disp": disp, "aka": 0}, "log": list(hands)}, **extra}


def settle(client: Any, payload: dict[str, Any]) -> dict[str, Any]:
    response = client.post(URL, json=payload)
    assert response.status_code == 200, response.text
    return response.json()


# Player 1 (south) waits on 5s alone (tanki): 123m 456m 789p 234s 5s.
SOUTH_TANKI = [11, 12, 13, 14, 15, 16, 27, 28, 29, 32, 33, 34, 35]
EAST_JUNK = [17, 17, 18, 18, 19, 19, 21, 21, 22, 22, 41, 41, 42]


def test_double_riichi_ippatsu_ron(client: Any) -> None:
    """South declares riichi on its first discard, before any call (double
    riichi, 2 han), and wins on the dealer's next discard within the turn
    (ippatsu, 1 han): 3 han; 40 fu (20 + 10 closed ron + 2 single wait = 32,
    rounded up). Basic 40 × 2^5 = 1,280; a non-dealer ron pays 4 × 1,280 =
    5,120 → 5,200, and south takes its own stick back: +6,200."""
    record = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["r60"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 36, 36, 37, 37, 43], [41], [60]),
            ([38, 38, 39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42], [43], [60]),
        ],
        ["和了", [-5200, 6200, 0, 0], [1, 0, 1, "40符3飜5200点", "ダブル立直(2飜)", "一発(1飜)"]],
        dora=[47],
        ura=[47],
    )
    answer = settle(client, body(record))
    first = answer["hands"][0]
    assert first["matches"] is True and answer["mismatches"] == 0
    assert first["recorded_deltas"] == {"east": -5200, "south": 6200, "west": 0, "north": 0}
    settled = first["settlement"]
    assert settled["deltas"] == {"east": -5200, "south": 6200, "west": 0, "north": 0}
    assert (settled["winners"][0]["han"], settled["winners"][0]["fu"]) == (3, 40)
    codes = {item["code"] for item in settled["winners"][0]["yaku_items"]}
    assert {"double_riichi", "ippatsu"} <= codes
    assert first["riichi_sticks"] == 1
    assert answer["scores"] == {"east": 19800, "south": 30200, "west": 25000, "north": 25000}


def test_plain_riichi_after_a_full_turn_with_ura_dora(client: Any) -> None:
    """South discards once, then declares (riichi, not double), discards again
    (no ippatsu) and wins on north's 5s. The ura indicator 4s makes 5s dora:
    south's pair of 5s is 2 ura dora. Riichi 1 + ura 2 = 3 han 40 fu: 5,200
    from north, +1,000 stick."""
    record = hand(
        [
            (EAST_JUNK, [47, 44, 36], [60, 60, 60]),
            (SOUTH_TANKI, [43, 46, 39], [60, "r60", 60]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 36, 36, 37, 37, 43], [41, 47, 31], [60, 60, 60]),
            ([38, 38, 39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42], [43, 45, 35], [60, 60, 60]),
        ],
        ["和了", [0, 6200, 0, -5200], [1, 3, 1, "40符3飜5200点", "立直(1飜)", "裏ドラ(2飜)"]],
        dora=[47],
        ura=[34],
    )
    answer = settle(client, body(record))
    settled = answer["hands"][0]["settlement"]
    assert answer["hands"][0]["matches"] is True
    codes = {item["code"]: item["count"] for item in settled["winners"][0]["yaku_items"]}
    assert codes.get("riichi") == 1 and "double_riichi" not in codes and "ippatsu" not in codes
    assert codes.get("ura_dora") == 2
    assert settled["deltas"] == {"east": 0, "south": 6200, "west": 0, "north": -5200}


def test_a_chow_ends_ippatsu(client: Any) -> None:
    """West chows south's riichi discard (6s with 7s 8s; a chow is only from
    the player before): south's double riichi stands, its ippatsu is gone.
    2 han 40 fu: 640 × 4 = 2,560 → 2,600 from the dealer, +1,000 stick."""
    record = hand(
        [
            (EAST_JUNK, [41, 35], [60, 60]),
            (SOUTH_TANKI, [36], ["r60"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 37, 38, 43, 44, 44], ["c363738"], [43]),
            ([39, 39, 31, 31, 45, 45, 46, 46, 42, 42, 47, 36, 36], [43], [60]),
        ],
        ["和了", [-2600, 3600, 0, 0], [1, 0, 1, "40符2飜2600点", "ダブル立直(2飜)"]],
        dora=[47],
    )
    answer = settle(client, body(record))
    settled = answer["hands"][0]["settlement"]
    assert answer["hands"][0]["matches"] is True
    codes = {item["code"] for item in settled["winners"][0]["yaku_items"]}
    assert "double_riichi" in codes and "ippatsu" not in codes
    assert settled["deltas"]["east"] == -2600


def test_concealed_kong_then_a_win_on_its_replacement(client: Any) -> None:
    """The dealer draws the fourth 1m, declares a concealed kong and wins on
    the replacement (rinshan kaihou): rinshan, menzen tsumo, green dragons =
    3 han; fu 20 + 2 tsumo + 32 concealed terminal kong + 8 concealed honour
    pung + 2 dragon pair = 64 → 70. 3 han 70 fu is 2,240 basic points, over
    mangan's 2,000: 4,000 from each. The kong breaks the first turn: no
    tenhou. Two indicators shown, neither makes a dora."""
    record = hand(
        [
            ([11, 11, 11, 22, 23, 24, 35, 36, 37, 45, 45, 46, 46], [11, 46], ["111111a11"]),
            ([12, 13, 14, 15, 16, 17, 18, 19, 21, 21, 25, 26, 27], [], []),
            ([31, 32, 33, 34, 38, 38, 39, 39, 41, 41, 42, 42, 43], [], []),
            ([27, 28, 29, 44, 44, 47, 47, 12, 13, 14, 26, 26, 25], [], []),
        ],
        ["和了", [12000, -4000, -4000, -4000], [0, 0, 0, "満貫4000点∀", "嶺上開花(1飜)", "門前清自摸和(1飜)", "役牌 發(1飜)"]],
        dora=[43, 39],
    )
    answer = settle(client, body(record))
    settled = answer["hands"][0]["settlement"]
    assert answer["hands"][0]["matches"] is True
    assert settled["tier"] == "mangan"
    codes = {item["code"] for item in settled["winners"][0]["yaku_items"]}
    assert "rinshan_kaihou" in codes and "tenhou" not in codes
    assert answer["next"]["dealer"] == "east" and answer["next"]["honba"] == 1


def test_open_kong_its_empty_turn_and_a_win_on_the_replacement(client: Any) -> None:
    """North discards the fourth east; the dealer calls an open kong (`m` at
    0: from the player before), its discard slot is 0, and it wins on the
    replacement: rinshan 1, seat wind 1, round wind 1, open mixed triple
    chow (123m 123p 123s) 1, open outside hand (every set and the pair hold a
    terminal or honour) 1 = 5 han: mangan, 4,000 from each."""
    record = hand(
        [
            ([41, 41, 41, 11, 12, 13, 21, 22, 23, 31, 32, 33, 45], [46, "m41414141", 45], [60, 0]),
            ([14, 15, 16, 17, 18, 19, 24, 25, 26, 27, 28, 29, 42], [17], [60]),
            ([34, 35, 36, 37, 38, 39, 44, 44, 47, 47, 42, 43, 43], [18], [60]),
            ([14, 15, 16, 24, 25, 26, 34, 35, 36, 44, 46, 47, 43], [41], [60]),
        ],
        ["和了", [12000, -4000, -4000, -4000], [0, 0, 0, "満貫4000点∀", "嶺上開花(1飜)", "自風 東(1飜)", "場風 東(1飜)", "三色同順(1飜)"]],
        dora=[38],
    )
    answer = settle(client, body(record))
    settled = answer["hands"][0]["settlement"]
    assert answer["hands"][0]["matches"] is True
    winner = settled["winners"][0]
    assert winner["han"] == 5 and settled["tier"] == "mangan"
    codes = {item["code"] for item in winner["yaku_items"]}
    assert {"rinshan_kaihou", "sanshoku_doujun", "chanta"} <= codes


def test_pung_added_kong_robbed(client: Any) -> None:
    """West pungs south's 5p (`p` at 0: from the player before), later draws
    the fourth and adds it; the dealer, waiting on 2p-5p, robs it: robbing a
    kong 1 + closed pure straight 2 = 3 han; fu 20 + 10 closed ron + 4 double
    wind pair (east is seat and round wind) = 34 → 40. A dealer ron of 3 han
    40 fu: 1,280 × 6 = 7,680 → 7,700, paid by west."""
    record = hand(
        [
            ([23, 24, 11, 12, 13, 14, 15, 16, 17, 18, 19, 41, 41], [42, 44], [60, 60]),
            ([25, 31, 32, 33, 34, 35, 36, 37, 38, 39, 42, 42, 43], [47, 46], [25, 60]),
            ([25, 25, 26, 27, 28, 29, 44, 44, 45, 45, 46, 46, 43], ["p252525", 25], [43, "k25252525"]),
            ([21, 21, 22, 22, 26, 27, 28, 29, 47, 47, 39, 38, 37], [43], [60]),
        ],
        ["和了", [7700, 0, -7700, 0], [0, 2, 0, "40符3飜7700点", "槍槓(1飜)", "一気通貫(2飜)"]],
        dora=[36],
    )
    answer = settle(client, body(record))
    settled = answer["hands"][0]["settlement"]
    assert answer["hands"][0]["matches"] is True
    codes = {item["code"] for item in settled["winners"][0]["yaku_items"]}
    assert {"chankan", "ittsu"} <= codes
    assert settled["deltas"] == {"east": 7700, "south": 0, "west": -7700, "north": 0}


def test_double_ron_sticks_and_honba_to_the_first_winner(client: Any) -> None:
    """The dealer's 5s is won by south (double riichi, ippatsu: 3 han 40 fu,
    5,200) and west (all simples, 1 han 40 fu: 20 + 10 + 4 concealed pung of
    8s = 34 → 40, 1,300). South, first after the discarder, takes its own
    stick: +6,200; the dealer pays 6,500."""
    record = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["r60"]),
            ([22, 23, 24, 25, 26, 27, 25, 25, 38, 38, 38, 36, 37], [41], [60]),
            ([39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42, 28, 28], [43], [60]),
        ],
        [
            "和了",
            [-5200, 6200, 0, 0],
            [1, 0, 1, "40符3飜5200点", "ダブル立直(2飜)", "一発(1飜)"],
            [-1300, 0, 1300, 0],
            [2, 0, 2, "40符1飜1300点", "断幺九(1飜)"],
        ],
        dora=[47],
        ura=[47],
    )
    answer = settle(client, body(record))
    first = answer["hands"][0]
    assert first["matches"] is True
    assert first["recorded_deltas"] == {"east": -6500, "south": 6200, "west": 1300, "north": 0}
    assert first["settlement"]["deltas"] == {"east": -6500, "south": 6200, "west": 1300, "north": 0}


def wall(starts: list[list[int]], dora: list[int], leave_out: tuple[int, ...] = ()) -> list[int]:
    """The tiles nobody holds at the start and no indicator shows, in tile
    order, less ``leave_out`` (every copy): the draws of a hand in which
    everyone discards what they draw."""
    left = Counter({code: 4 for code in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)]})
    left.subtract(Counter([*(code for start in starts for code in start), *dora]))
    return sorted(code for code in left.elements() if code not in leave_out)


# Dealer: 123456789m 1234p, waiting on 1p or 4p. South: 123456789s EE SS, on
# east or south. West and north hold nothing near ready.
DRAW_STARTS = [
    [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24],
    [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 41, 42, 42],
    [25, 26, 28, 29, 43, 44, 45, 46, 47, 11, 13, 31, 33],
    [27, 27, 14, 16, 18, 34, 36, 38, 43, 44, 45, 46, 47],
]


def exhaustive_draw(extra_west_step: bool = False) -> list[Any]:
    draws = wall(DRAW_STARTS, [41])[:70]
    players = []
    for seat in range(4):
        mine = draws[seat::4]
        players.append((DRAW_STARTS[seat], mine, [60] * len(mine)))
    if extra_west_step:
        start, takes, discards = players[2]
        players[2] = (start, [*takes, 29], [*discards, 60])
    return hand(players, ["流局", [1500, 1500, -1500, -1500]], dora=[41])


def test_exhaustive_draw_tenpai_from_the_hands(client: Any) -> None:
    """Seventy draws (136 − 14 dead wall − 52 dealt), everyone discarding
    what they draw: east and south are ready, west and north are not. The
    3,000 noten payment: west and north pay 1,500, east and south get 1,500.
    The dealer is ready: it keeps the deal, honba 1."""
    answer = settle(client, body(exhaustive_draw()))
    first = answer["hands"][0]
    assert first["type"] == "draw" and first["matches"] is True
    assert first["draw"]["deltas"] == {"east": 1500, "south": 1500, "west": -1500, "north": -1500}
    assert answer["next"] == {"round": "east", "hand_number": 1, "dealer": "east", "honba": 1, "riichi_sticks": 0, "dealer_streak": None}


def test_a_draw_past_the_wall_is_refused_at_its_step(client: Any) -> None:
    response = client.post(URL, json=body(exhaustive_draw(extra_west_step=True)))
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/record/log/0/11/17"


def test_last_tile_self_draw(client: Any) -> None:
    """South (234m 567m 234p 678s 55p, waiting on 1m or 4m) draws the wall's
    seventieth and last tile, 4m: menzen tsumo, pinfu, all simples and
    haitei, 4 han 20 fu; 1,280 basic: 1,300 from each non-dealer, 2,600
    from the dealer."""
    south = [12, 13, 15, 16, 17, 22, 23, 24, 36, 37, 38, 25, 25]
    starts = [
        [17, 17, 18, 18, 19, 19, 21, 21, 29, 29, 41, 41, 42],
        south,
        [26, 26, 27, 27, 28, 31, 32, 33, 43, 43, 44, 45, 46],
        [34, 35, 39, 39, 47, 47, 46, 45, 44, 42, 42, 31, 32],
    ]
    draws = [*wall(starts, [41], leave_out=(11, 14))[:69], 14]
    players = []
    for seat in range(4):
        mine = draws[seat::4]
        discards = [60] * (len(mine) - (1 if seat == 1 else 0))
        players.append((starts[seat], mine, discards))
    record = hand(players, ["和了", [-2600, 5200, -1300, -1300], [1, 1, 1, "20符4飜1300-2600点", "海底摸月(1飜)"]], dora=[41])
    answer = settle(client, body(record))
    settled = answer["hands"][0]["settlement"]
    assert answer["hands"][0]["matches"] is True
    codes = {item["code"] for item in settled["winners"][0]["yaku_items"]}
    assert {"haitei", "pinfu", "tanyao", "menzen_tsumo"} <= codes


def test_three_players_a_north_set_aside(client: Any) -> None:
    """Three players (三 in the rule line; the fourth's entries empty). The
    dealer sets a north aside (`f44`), draws its replacement and discards
    it; south's 白 gives the dealer 白-wait 111m 123p 456p 發發發: green
    dragons 1 + one north 1 = 2 han; fu 20 + 10 + 8 + 8 concealed terminal
    and honour pungs + 2 dragon pair + 2 single wait = 50. A dealer ron of 2
    han 50 fu: 800 × 6 = 4,800."""
    entry: list[Any] = [
        [0, 0, 0],
        [35000, 35000, 35000, 0],
        [41],
        [],
        [11, 11, 11, 21, 22, 23, 24, 25, 26, 46, 46, 46, 45],
        [44, 19],
        ["f44", 60],
        [19, 19, 29, 29, 39, 39, 41, 41, 42, 42, 43, 43, 47],
        [45],
        [60],
        [21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34],
        [],
        [],
        [],
        [],
        [],
        ["和了", [4800, -4800, 0, 0], [0, 1, 0, "50符2飜4800点", "役牌 發(1飜)", "抜きドラ(1飜)"]],
    ]
    answer = settle(client, body(entry, disp="三般東喰"))
    first = answer["hands"][0]
    assert first["matches"] is True
    assert first["settlement"]["deltas"] == {"east": 4800, "south": -4800, "west": 0}
    assert answer["scores"] == {"east": 39800, "south": 30200, "west": 35000}


def test_nine_terminals_abort_then_the_dealer_keeps_the_deal(client: Any) -> None:
    """South wins the first hand (as in the ippatsu test: 6,200), so south
    deals the second; it draws and calls nine terminals (九種九牌): an
    abortive draw, nobody pays, south keeps the deal with one honba."""
    first = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["r60"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 36, 36, 37, 37, 43], [41], [60]),
            ([38, 38, 39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42], [43], [60]),
        ],
        ["和了", [-5200, 6200, 0, 0], [1, 0, 1, "40符3飜5200点", "ダブル立直(2飜)", "一発(1飜)"]],
        dora=[47],
        ura=[47],
    )
    second: list[Any] = [
        [1, 0, 0],
        [19800, 30200, 25000, 25000],
        [22],
        [],
        [12, 13, 14, 15, 16, 17, 22, 23, 24, 25, 26, 27, 33],
        [],
        [],
        [11, 19, 21, 29, 31, 39, 41, 42, 43, 34, 35, 36, 37],
        [44],
        [],
        [12, 13, 14, 15, 16, 17, 23, 24, 25, 26, 27, 28, 32],
        [],
        [],
        [18, 18, 18, 32, 33, 34, 35, 36, 37, 38, 38, 38, 28],
        [],
        [],
        ["九種九牌"],
    ]
    answer = settle(client, body(first, second))
    aborted = answer["hands"][1]
    assert (aborted["type"], aborted["dealer"], aborted["matches"]) == ("abort", "south", True)
    assert answer["next"]["dealer"] == "south" and answer["next"]["honba"] == 1
    assert answer["mismatches"] == 0


def test_a_call_of_a_tile_nobody_discarded(client: Any) -> None:
    """South discards west wind; west's next step is a chow of 6s."""
    record = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["r60"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 37, 38, 43, 44, 44], ["c363738"], [43]),
            ([39, 39, 31, 31, 45, 45, 46, 46, 42, 42, 47, 36, 36], [43], [60]),
        ],
        ["和了", [-5200, 6200, 0, 0], [1, 0, 1, "40符3飜5200点"]],
        dora=[47],
    )
    response = client.post(URL, json=body(record))
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/record/log/0/11/0"  # west: entries 10, 11, 12


def test_a_fifth_copy(client: Any) -> None:
    """Red dragons: the dora indicator, the ura indicator, the dealer's draw,
    west's draw, and north's draw would be a fifth."""
    record = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["r60"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 36, 36, 37, 37, 43], [47], [60]),
            ([38, 38, 39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42], [47], [60]),
        ],
        ["和了", [-5200, 6200, 0, 0], [1, 0, 1, "40符3飜5200点"]],
        dora=[47],
        ura=[47],
    )
    response = client.post(URL, json=body(record))
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/record/log/0/14/0"


def test_a_result_the_play_contradicts(client: Any) -> None:
    """The log says south won by self-draw; the play ends on the dealer's discard."""
    record = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["r60"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 36, 36, 37, 37, 43], [41], [60]),
            ([38, 38, 39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42], [43], [60]),
        ],
        ["和了", [-2600, 6200, -1300, -1300], [1, 1, 1, "40符3飜"]],
        dora=[47],
    )
    response = client.post(URL, json=body(record))
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/record/log/0/16"


def test_malformed_steps_are_400(client: Any) -> None:
    record = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["x43"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 36, 36, 37, 37, 43], [41], [60]),
            ([38, 38, 39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42], [43], [60]),
        ],
        ["和了", [-5200, 6200, 0, 0], [1, 0, 1, "40符3飜"]],
        dora=[47],
    )
    response = client.post(URL, json=body(record))
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/record/log/0/9/0"
    short = client.post(URL, json=body(record[:16]))
    assert short.status_code == 400
    assert short.json()["errors"][0]["pointer"] == "#/record/log/0"
    assert client.post(URL, json={**body(record), "format": "mjai"}).status_code == 400


def test_a_first_hand_that_is_not_the_shape_is_400_not_500(client: Any) -> None:
    """The record's own rules are read from its first hand (its scores are
    the start points) before the hands are read: an object among the scores
    (found by schemathesis) is the same 400 as anywhere else."""
    entry: list[Any] = [[0, 0, 0], [{}, 0, 0, 0], *([[]] * 14), ["和了"]]
    response = client.post(URL, json=body(entry))
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/record/log/0/1/0"


def test_a_league_resettles_under_its_own_uma(client: Any) -> None:
    """`game` changes the record's own rules field by field: the same hand,
    uma 5-15 instead of Tenhou's 10-20, and the game ends after one hand
    because an east game ends at once on a bust... here by `length` with one
    round of one hand is not possible, so the standings are checked through
    `next`: the deal passes to south after south's win."""
    record = hand(
        [
            (EAST_JUNK, [47, 35], [60, 60]),
            (SOUTH_TANKI, [43], ["r60"]),
            ([23, 23, 24, 24, 25, 25, 26, 26, 36, 36, 37, 37, 43], [41], [60]),
            ([38, 38, 39, 39, 31, 31, 44, 44, 45, 45, 46, 46, 42], [43], [60]),
        ],
        ["和了", [-5200, 6200, 0, 0], [1, 0, 1, "40符3飜5200点"]],
        dora=[47],
        ura=[47],
    )
    answer = settle(client, body(record, rules={"kiriage": True}, yaku_options={"double_yakuman": True}))
    settled = answer["hands"][0]["settlement"]
    assert settled["rules"]["kiriage"] is True
    assert settled["rules"]["multi_ron_honba"] == "first_only"  # the record's, kept
    assert settled["yaku_options"] == {"double_yakuman": True, "renhou": "off", "open_tanyao": True}


HANCHAN = Path(__file__).parent / "data" / "hanchan_tenhou6.json"


def test_a_whole_hanchan_written_by_hand(client: Any) -> None:
    """Nine hands (tests/rulesets/riichi/data/hanchan_tenhou6.json): east 1 is the
    dealer's rinshan mangan (+12,000; the dealer keeps the deal), east 1 with
    one honba the double-riichi ippatsu ron of this module (5,200 + 300 from
    the dealer, +1,000 stick), then round the table the last-tile tsumo
    (1,300/2,600) and the ron again, each won by the player after the dealer,
    so the deal passes every hand to south 4. By hand: east 12,000 − 5,500 −
    1,300 + 5,200 − 5,200 − 1,300 + 5,200 = +9,100 → 34,100; south −4,000 +
    5,500 − 2,600 − 1,300 + 5,200 − 2,600 − 1,300 = −1,100 → 23,900; west
    −6,600 → 18,400; north −1,400 → 23,600. East has the return points, so
    no extension round; south 4's dealer (north) did not win, so the game
    ends by its length. Standings under the record's (Tenhou's) rules, every
    place but the first rounded to whole thousands (23,900 → 24,000, 23,600
    → 24,000, 18,400 → 18,000), return 30,000, uma 10-20, oka 20: south −6 +
    10 = 4, north −6 − 10 = −16, west −12 − 20 = −32, east the rest, 44."""
    record = json.loads(HANCHAN.read_text(encoding="utf-8"))
    answer = settle(client, {"format": "tenhou6", "record": record})
    assert len(answer["hands"]) == 9 and answer["mismatches"] == 0
    assert [hand["dealer"] for hand in answer["hands"]] == ["east", "east", "south", "west", "north", "east", "south", "west", "north"]
    assert answer["hands"][1]["honba"] == 1
    assert answer["scores"] == {"east": 34100, "south": 23900, "west": 18400, "north": 23600}
    assert answer["finished"] is True and answer["end_reason"] == "length"
    results = {row["seat"]: row["result"] for row in answer["standings"]["standings"]}
    assert results == {"east": 44, "south": 4, "north": -16, "west": -32}


def test_a_league_resettles_the_hanchan_under_its_own_uma(client: Any) -> None:
    """The same record under a league's uma 5-15 and exact results: east 4.1
    + 15 + 20 = 39.1, south −6.1 + 5 = −1.1, north −6.4 − 5 = −11.4, west
    −11.6 − 15 = −26.6. The hands, and so the scores, are the same."""
    record = json.loads(HANCHAN.read_text(encoding="utf-8"))
    answer = settle(client, {"format": "tenhou6", "record": record, "game": {"uma": [5, 15], "rounding": "exact"}})
    assert answer["scores"] == {"east": 34100, "south": 23900, "west": 18400, "north": 23600}
    results = {row["seat"]: row["result"] for row in answer["standings"]["standings"]}
    assert results == {"east": 39.1, "south": -1.1, "north": -11.4, "west": -26.6}


def test_a_hand_after_the_game_ended(client: Any) -> None:
    """A tenth hand after south 4 ended the game: a 422 naming it."""
    record = json.loads(HANCHAN.read_text(encoding="utf-8"))
    record["log"].append(record["log"][-1])
    response = client.post(URL, json={"format": "tenhou6", "record": record})
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/record/log/9"


def test_three_players_a_win_on_a_norths_replacement_is_rinshan(client: Any) -> None:
    """Tenhou's three-player rule (the record's default `nukidora_rinshan`):
    the dealer, on its second turn, sets a north aside and wins on the
    replacement. Green dragons, menzen tsumo, rinshan and one north = 4 han;
    fu 20 + 2 + 8 + 8 + 2 + 2 = 42 → 50; 3,200 basic is mangan: 4,000 from
    each of the two others (the absent north's share is lost), +8,000."""
    entry: list[Any] = [
        [0, 0, 0],
        [35000, 35000, 35000, 0],
        [41],
        [],
        [11, 11, 11, 21, 22, 23, 24, 25, 26, 46, 46, 46, 45],
        [19, 44, 45],
        [60, "f44"],
        [19, 19, 29, 29, 39, 39, 41, 41, 42, 42, 43, 43, 47],
        [47],
        [60],
        [21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34],
        [43],
        [60],
        [],
        [],
        [],
        ["和了", [8000, -4000, -4000, 0], [0, 0, 0, "満貫4000点∀", "嶺上開花(1飜)", "門前清自摸和(1飜)", "役牌 發(1飜)", "抜きドラ(1飜)"]],
    ]
    answer = settle(client, body(entry, disp="三般東喰"))
    first = answer["hands"][0]
    assert first["matches"] is True
    assert first["settlement"]["deltas"] == {"east": 8000, "south": -4000, "west": -4000}
    assert "rinshan_kaihou" in {item["code"] for item in first["settlement"]["winners"][0]["yaku_items"]}


# A hand of a public game: the example of the tenhou.net/6 log format, the
# first hand of 第二期 天鳳名人戦 第１節 Ａ卓 １戦目 (as Tenhou's format page gives
# it, reproduced in Project Mahjong's TenhouEncoder.h). Tenhou's rules, 30,000
# start.
MEIJIN = {
    "title": ["第二期　天鳳名人戦", "第１節　Ａ卓　１戦目"],
    "name": ["Ⓢ福地誠", "Ⓟ多井隆晴", "Cさん", "Ⓟ石橋伸洋"],
    "rule": {"disp": "般南喰赤", "aka": 1},
    "log": [
        [
            [0, 0, 0],
            [30000, 30000, 30000, 30000],
            [24],
            [],
            [12, 17, 21, 22, 25, 26, 27, 32, 33, 34, 37, 37, 43],
            [39, 32, 46, 35, "32p3232", 33, "37p3737", 31],
            [43, 39, 12, 46, 21, 22, 17, 60],
            [16, 16, 19, 22, 22, 23, 26, 27, 29, 39, 42, 45, 47],
            [13, 28, 38, 21, 26, 23, 18, 12],
            [19, 39, 45, 38, 42, 47, 13, 60],
            [11, 11, 14, 15, 16, 17, 19, 28, 37, 41, 43, 44, 46],
            [41, 14, "1111p11", 38, 32, 35, 37, 33, 14],
            [28, 37, 43, 60, 60, 60, 60, 44, 33],
            [11, 51, 17, 18, 24, 52, 32, 33, 36, 36, 43, 44, 45],
            [31, 21, 26, 19, 44, 18],
            [43, 11, 45, 44, 60, 60],
            ["和了", [2900, 0, -2900, 0], [0, 2, 0, "30符2飜2900点", "断幺九(1飜)", "ドラ(1飜)"]],
        ]
    ],
}

# A hand of a public game under other rules: 第39期十段位決定戦 (日本プロ麻雀連盟
# 公式ルール, no red fives), its first hand, as published in the open-source
# parser test of the "parseTenhou" project.
JUDAN = {
    "title": ["第39期十段位決定戦", "日本プロ麻雀連盟公式ルール"],
    "name": ["荒正義", "三浦智博", "近藤久春", "浜上文吾"],
    "rule": {"disp": "第39期十段位決定戦1", "aka": 0},
    "log": [
        [
            [0, 0, 0],
            [30000, 30000, 30000, 30000],
            [19],
            [],
            [17, 47, 28, 42, 45, 26, 43, 32, 19, 15, 16, 39, 35],
            [46, 15, 37, 44, 13, 37, 36, 14, 43, 43, 24, 18, 28, 33, 42],
            [42, 43, 19, 60, 32, 39, 45, 47, 46, 37, "r60", 60, 60, 60, 60],
            [34, 33, 23, 24, 26, 11, 11, 36, 27, 16, 18, 19, 42],
            [34, 27, 21, 31, 39, 23, 13, 44, 14, 39, 29, 38, 38, 15, 22],
            [19, 42, 60, 60, 60, 36, 60, 60, 23, 60, 24, 18, 23, 33, 27],
            [14, 15, 21, 21, 28, 29, 41, 44, 11, 43, 37, 32, 19],
            [37, 24, 31, 29, 25, 45, 24, 18, 12, 26, 11, 38, 41, 22],
            [19, 44, 14, 15, 60, 24, 60, 28, 21, 45, 37, 37, 32, 18],
            [39, 38, 35, 34, 32, 28, 25, 21, 47, 41, 41, 16, 12],
            [35, 17, 18, 46, 46, 44, 23, 31, 25, 45, 45, 13, 17, 22],
            [21, 28, 32, 38, 39, 35, 25, 23, 31, 60, 60, 44, 46, 18],
            ["和了", [3000, -2000, 0, 0], [0, 1, 0, "40符1飜2000点", "立直(1飜)"]],
        ]
    ],
}


def test_a_public_tenhou_hand(client: Any) -> None:
    """Two pungs called (from across, `32p3232`; from the player after,
    `1111p11`), red fives held; the dealer's all simples + one dora on west's
    discard: 2 han 30 fu, 480 × 6 = 2,880 → 2,900, as the log paid."""
    answer = settle(client, {"format": "tenhou6", "record": MEIJIN})
    first = answer["hands"][0]
    assert first["matches"] is True
    assert first["settlement"]["deltas"] == {"east": 2900, "south": 0, "west": -2900, "north": 0}
    assert {item["code"] for item in first["settlement"]["winners"][0]["yaku_items"]} == {"tanyao", "dora"}
    assert answer["scores"] == {"east": 32900, "south": 30000, "west": 27100, "north": 30000}


def test_a_public_league_hand(client: Any) -> None:
    """The dealer's riichi on a tsumogiri (`r60`) and its ron on south's
    5p: riichi alone, 1 han 40 fu, 320 × 6 = 1,920 → 2,000, +1,000 stick."""
    answer = settle(client, {"format": "tenhou6", "record": JUDAN})
    first = answer["hands"][0]
    assert first["matches"] is True
    assert first["settlement"]["deltas"] == {"east": 3000, "south": -2000, "west": 0, "north": 0}


DATA = Path(__file__).parent / "data"
RANKED_GAMES = {
    "2019050417gm-0029-0000-4f2a8622": {"east": 21100, "south": 55000, "west": -4900, "north": 28800},
    "2020020316gm-0001-0000-7b22ddf5": {"east": 38000, "south": 29000, "west": -24000, "north": 57000},
}
"""Two whole public Tenhou ranked games and their final scores (each log's
own `sc`), as Tenhou exports them (tenhou.net/6 JSON; Tenhou serves them at
tenhou.net/5/?log=<ref>; these copies are the open-source mjai-reviewer's
convlog test data, names anonymised). The first (特南喰赤, a hanchan): three
hands, then west falls below zero. The second (般東喰赤, east only): two
hands, the second a double ron on west's discard: north's four kongs (a
yakuman, 32,000, with east's riichi stick, which the first winner in turn
from the discarder takes: +33,000) and east's baiman (16,000); west falls
below zero."""


@pytest.mark.parametrize("ref", sorted(RANKED_GAMES))
def test_a_whole_public_tenhou_game_ends_on_a_bust(client: Any, ref: str) -> None:
    """Every hand's payments are the log's; each hand's round, honba, sticks
    and starting scores are the log's own; the game ends on a bust, and the
    standings are Tenhou's own `sc` results: (score rounded to whole
    thousands − 30,000 return) / 1,000 + uma 20/10/−10/−20, the first taking
    the oka 20 and what keeps the sum. The first game: south 55 − 30 + 20 +
    20 = +65, north 29 − 30 + 10 = +9, east 21 − 30 − 10 = −19, west −5 − 30
    − 20 = −55. The second: north 57 − 30 + 20 + 20 = +67, east 38 − 30 + 10
    = +18, south 29 − 30 − 10 = −11, west −24 − 30 − 20 = −74."""
    record = json.loads((DATA / f"tenhou_{ref}.json").read_text(encoding="utf-8"))
    answer = settle(client, {"format": "tenhou6", "record": record})
    assert record["ref"] == ref
    assert answer["mismatches"] == 0
    assert all(h["matches"] for h in answer["hands"]) and len(answer["hands"]) == len(record["log"])
    seats = ["east", "south", "west", "north"]
    before = {seat: 25000 for seat in seats}
    for logged, ours in zip(record["log"], answer["hands"], strict=True):
        (number, honba, sticks), start = logged[0], logged[1]
        assert (ours["hand_number"], ours["honba"]) == (number % 4 + 1, honba)
        # the answer's sticks are those on the table when the hand is settled: the log's, and this hand's riichi
        declared = sum(1 for seat in range(4) for step in logged[6 + 3 * seat] if isinstance(step, str) and step.startswith("r"))
        assert sticks <= ours["riichi_sticks"] <= sticks + declared
        assert ours["round"] == seats[number // 4]
        assert before == dict(zip(seats, start, strict=True))
        paid = [sum(column) for column in zip(*logged[-1][1::2], strict=True)]
        assert ours["recorded_deltas"] == dict(zip(seats, paid, strict=True))
        before = ours["scores"]
    assert answer["finished"] is True and answer["end_reason"] == "bust"
    assert answer["scores"] == RANKED_GAMES[ref]
    sc = record["sc"]  # [score, result] per seat, in seat order
    assert {seat: sc[2 * i] for i, seat in enumerate(seats)} == RANKED_GAMES[ref]
    results = {seat: sc[2 * i + 1] for i, seat in enumerate(seats)}
    assert {s["seat"]: s["result"] for s in answer["standings"]["standings"]} == results
    assert [s["seat"] for s in answer["standings"]["standings"]] == sorted(results, key=lambda seat: -results[seat])


PUBLIC_HANDS = json.loads((Path(__file__).parent / "data" / "tenhou_public_hands.json").read_text(encoding="utf-8"))
"""Eight hands of public Tenhou games, each the tenhou.net/6 export of one
hand as review tools cut them out (the open-source mjai-reviewer keeps them
as its convlog test data, names as Tenhou shows them): a robbed kong, two
added kongs then a robbed one, four kongs by one player, a rinshan after a
concealed kong, a double ron, pungs called across the table at three honba,
nine terminals, four riichi. All but the first start later in their game:
the game is picked up there (`resume`, from the log's own first entries)."""


@pytest.mark.parametrize("name", sorted(PUBLIC_HANDS))
def test_public_tenhou_hands_replay_as_the_log_paid(client: Any, name: str) -> None:
    """Each hand's payments are the log's own deltas; the hand is settled at
    the place, honba and sticks the log gives it, from its scores."""
    record = PUBLIC_HANDS[name]
    answer = settle(client, {"format": "tenhou6", "record": record})
    assert answer["mismatches"] == 0
    (number, honba, sticks), start = record["log"][0][0], record["log"][0][1]
    first = answer["hands"][0]
    seats = ["east", "south", "west", "north"]
    assert (first["round"], first["hand_number"], first["honba"]) == (seats[number // 4], number % 4 + 1, honba)
    assert first["dealer"] == seats[number % 4]
    ours = (first["settlement"] or first["draw"] or {"deltas": dict.fromkeys(seats, 0)})["deltas"]
    # the log's result: its kind, then a deltas array and its yaku per winner (none after an abort)
    logged = [sum(column) for column in zip(*record["log"][0][-1][1::2], strict=True)] or [0] * 4
    assert ours == first["recorded_deltas"] == dict(zip(seats, logged, strict=True))
    # every point is kept: the scores before, and the sticks on the table, are the scores after and the sticks left
    left = answer["next"]["riichi_sticks"] if answer["next"] else answer["standings"]["riichi_sticks"]
    assert sum(first["scores"].values()) + 1000 * left == sum(start) + 1000 * sticks


def test_four_kongs_by_one_player(client: Any) -> None:
    """West (私) calls an open kong of 9s, adds 1s and 7s to its pungs and
    declares a concealed kong of 2m: 四槓子, a yakuman, on south's discard at
    south 1: a non-dealer ron of a yakuman pays 32,000, all from south."""
    answer = settle(client, {"format": "tenhou6", "record": PUBLIC_HANDS["suukantsu"]})
    first = answer["hands"][0]
    assert first["settlement"]["deltas"] == {"east": 0, "south": -32000, "west": 32000, "north": 0}
    assert [item["code"] for item in first["settlement"]["winners"][0]["yaku_items"]] == ["suukantsu"]
    assert answer["scores"] == {"east": 29300, "south": 2700, "west": 48500, "north": 19500}


def test_a_double_ron_at_the_last_hand_of_a_thirty_thousand_game(client: Any) -> None:
    """South 4 of a game whose scores and sticks add to 120,000: four
    players of 30,000, so the standings count from 30,000. North's riichi
    discard 7m is won by east (riichi, 3 dora, 2 red: 6 han, haneman, a
    non-dealer 12,000, plus east's own stick back: +13,000) and by west (發
    and a dora, 2 han 30 fu: 30 × 2^4 × 4 = 1,920 → 2,000); a riichi whose
    discard is won never stands, so north puts no stick down and pays
    12,000 + 2,000 = 14,000. The game is then
    over (the last hand, the dealer north not winning): east 53,800 → 54 −
    30 + 20 = +44; west 39,400 → 39 − 30 + 10 = +19; south 26,300 → 26 − 30
    − 10 = −14; north 500 → 1 (halves away from zero) − 30 − 20 = −49."""
    answer = settle(client, {"format": "tenhou6", "record": PUBLIC_HANDS["double_ron"]})
    assert answer["hands"][0]["settlement"]["deltas"] == {"east": 13000, "south": 0, "west": 2000, "north": -14000}
    assert answer["finished"] is True and answer["end_reason"] == "length"
    assert {s["seat"]: s["result"] for s in answer["standings"]["standings"]} == {"east": 44, "west": 19, "south": -14, "north": -49}
    assert answer["standings"]["start_points"] == 30000


def test_four_riichi_leave_four_sticks(client: Any) -> None:
    """East 3: all four declare riichi, the hand is aborted (四家立直); each
    score is 1,000 lower and the four sticks stay on the table."""
    answer = settle(client, {"format": "tenhou6", "record": PUBLIC_HANDS["four_riichi"]})
    first = answer["hands"][0]
    assert first["type"] == "abort"
    assert answer["scores"] == {"east": 20000, "south": 27000, "west": 26000, "north": 23000}
    assert answer["next"] == {**answer["next"], "round": "east", "hand_number": 3, "honba": 1, "riichi_sticks": 4}


def test_a_call_let_pass_then_made_on_the_same_tile_later(client: Any) -> None:
    """North deals (east 4). Player 1 tsumogiri 7m; player 0's next step is a
    pung of 7m from player 1, but the log shows player 0 let that tile pass:
    player 1 pungs 2z from player 2 later and discards its other 7m, which
    player 0 pungs, then discards 2z. Taking the first 7m would leave player
    1's pung of 2z with no 2z discarded by player 2; the replay lets the
    first 7m pass and plays the hand through: the draw's noten payments
    (player 0 alone noten: 3,000 shared by the three tenpai players) are the
    log's."""
    answer = settle(client, {"format": "tenhou6", "record": PUBLIC_HANDS["added_red_kong_then_a_draw"]})
    first = answer["hands"][0]
    assert first["matches"] is True
    assert first["draw"]["deltas"] == {"east": -3000, "south": 1000, "west": 1000, "north": 1000}
