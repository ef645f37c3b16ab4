"""`POST /v1/riichi/game-records` with `format` `mjai`: whole games written
by an MJAI server, replayed end to end against what the record states.

Records (tests/rulesets/riichi/data/records/; docs/sources.md):

- Apricot-S/mjai-manue-go (BSD 3-Clause), `docs/2026-07-01-130909.mjson`
  at commit 0a58977b3d0751e043c397fe8ae83737ec1485d4 and
  `docs/2025-08-23-085608.mjson` at commit
  f051978e17f9bb36cc04595f0e810783bbab61a1 (here
  `mjai-manue-go-<name>.mjson`): four mjai-manue bots playing a hanchan on
  gimite/mjai's server, the game log the server wrote, one event a line.
  Each event's `logs` field (the bots' reasoning tables, 90 % of the bytes)
  is left out; every other field is as written.

gimite's server (gimite/mjai, `lib/mjai/active_game.rb` and
`lib/mjai/player.rb` at commit 312c0c6f) writes the original MJAI: a
`start_kyoku` states no `scores`; every `hora`, `ryukyoku` and
`reach_accepted` states the `deltas` it makes and the `scores` after it, and
players start at 25,000 (`player.rb`: `@score = 25000` on `start_game`).
A `hora` also states the server's own valuation: `fan`, `fu`, `yakus`.

- smly/RiichiEnv (Apache-2.0),
  `tests/data/external_replay/mjsoul_3p_double_ron_excerpt.jsonl` at commit
  b4eb87418b0c37e5563ab1fec7932e7852e4a58e (here
  `riichienv-external-mjsoul_3p_double_ron_excerpt.jsonl`, byte for byte:
  SHA-256 f2f7ccd7…, as its `manifest.json` states): a three-player
  Mahjong Soul hand as MJAI, converted by hidacow/mjai-reviewer3p's convlog
  (commit a6c0a253) from that project's Apache-2.0 test record
  `convlog/tests/testdata/nukidora_doubleron.json`, its result tuples copied
  into the `hora` events; it stops after the next hand's `start_kyoku`.
- The same, `tenhou_4p_honba_kyotaku_excerpt.jsonl` (SHA-256 0ffb953f…;
  here `riichienv-external-tenhou_4p_honba_kyotaku_excerpt.jsonl`): the
  last hand of a Tenhou game (south 4, one honba, one stick) as MJAI,
  converted by NikkeTryHard/tenhou-to-mjai's convlog (commit 69fb75a5) from
  its CC BY 4.0 test record `confusing_nakis_4.json`, the result tuple
  copied into the `hora`.

Every expected number below is the record's own.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

URL = "/v1/riichi/game-records"
DATA = Path(__file__).parent / "data" / "records"
SEATS = ("east", "south", "west", "north")
ROUNDS = {"E": "east", "S": "south"}
GAMES = ("mjai-manue-go-2026-07-01-130909.mjson", "mjai-manue-go-2025-08-23-085608.mjson")

GIMITE_YAKU = {
    "akadora": "aka_dora",
    "dora": "dora",
    "uradora": "ura_dora",
    "reach": "riichi",
    "ippatsu": "ippatsu",
    "menzenchin_tsumoho": "menzen_tsumo",
    "pinfu": "pinfu",
    "tanyaochu": "tanyao",
    "ipeko": "iipeikou",
    "honiso": "honitsu",
    "bakaze": "round_wind",
    "jikaze": "seat_wind",
    "sangenpai": "dragon",
}
"""gimite/mjai's yaku names (`lib/mjai/hora.rb`) that these games use, as
the service's codes; `sangenpai` is any dragon pung (the service names the
dragon: `haku`, `hatsu`, `chun`)."""
DRAGONS = {"haku": "dragon", "hatsu": "dragon", "chun": "dragon"}


def events_of(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line]


def hands_of(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of each hand, its `start_kyoku` first."""
    hands: list[list[dict[str, Any]]] = []
    for event in events:
        if event["type"] == "start_kyoku":
            hands.append([])
        if hands and event["type"] not in ("end_game",):
            hands[-1].append(event)
    return hands


def replay(client: Any, events: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post(URL, content=json.dumps({"format": "mjai", "record": events}), headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text
    return response.json()


def _seats(values: list[int]) -> dict[str, int]:
    return dict(zip(SEATS, values, strict=True))


def _stated(hand: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in hand if event["type"] == kind]


@pytest.mark.parametrize("name", GAMES)
def test_a_server_written_game_replays_as_recorded(client: Any, name: str) -> None:
    """Every hand is the hand the record deals (`bakaze`, `kyoku`, `honba`),
    holds the sticks it states (`kyotaku` and each `reach_accepted`), pays
    what its `hora`s or `ryukyoku` pay (`deltas`) and ends at the scores it
    states after it (`scores`); the first starts at 25,000 each and the game
    ends at `end_game`'s `scores`."""
    events = events_of(name)
    hands = hands_of(events)
    answer = replay(client, events)
    assert answer["mismatches"] == 0
    assert len(answer["hands"]) == len(hands)
    for played, hand in zip(answer["hands"], hands, strict=True):
        start, results = hand[0], _stated(hand, "hora") or _stated(hand, "ryukyoku")
        assert (played["round"], played["hand_number"], played["honba"]) == (ROUNDS[start["bakaze"]], start["kyoku"], start["honba"])
        assert played["dealer"] == SEATS[start["oya"]]
        assert played["riichi_sticks"] == start["kyotaku"] + len(_stated(hand, "reach_accepted"))
        assert played["matches"] is True
        assert played["recorded_deltas"] == _seats([sum(column) for column in zip(*(r["deltas"] for r in results), strict=True)])
        assert played["scores"] == _seats(results[-1]["scores"])
    # the first hand's scores less every delta it states (its result's and
    # each riichi stick's, `reach_accepted`) are the start
    first = [event["deltas"] for event in hands[0] if "deltas" in event]
    start = [score - sum(column) for score, column in zip(results_scores(hands[0]), zip(*first, strict=True), strict=True)]
    assert start == [25_000] * 4
    assert answer["hands"][0]["scores"] == _seats(results_scores(hands[0]))
    assert answer["scores"] == _seats(next(e for e in events if e["type"] == "end_game")["scores"])
    assert answer["finished"] is True


def results_scores(hand: list[dict[str, Any]]) -> list[int]:
    """The scores the hand's last event that states them says."""
    return [event for event in hand if "scores" in event][-1]["scores"]


def _yaku(items: list[dict[str, Any]]) -> Counter[tuple[str, int]]:
    return Counter((DRAGONS.get(item["code"], item["code"]), item["han"]) for item in items if item["han"])


@pytest.mark.parametrize("name", GAMES)
def test_each_win_is_valued_as_the_server_valued_it(client: Any, name: str) -> None:
    """The service values each winner's tiles itself; the server wrote its
    valuation beside them: the same han (`fan`), the same yaku with the same
    han each (`yakus`), and below 5 han the same fu (`fu`; from mangan up
    the fu do not count and the service names none)."""
    events = events_of(name)
    horas = [event for event in events if event["type"] == "hora"]
    answer = replay(client, events)
    winners = [winner for hand in answer["hands"] if hand["type"] != "draw" for winner in hand["settlement"]["winners"]]
    assert len(winners) == len(horas)
    for winner, hora in zip(winners, horas, strict=True):
        assert winner["winner"] == SEATS[hora["actor"]]
        assert winner["han"] == hora["fan"]
        assert _yaku(winner["yaku_items"]) == Counter((GIMITE_YAKU[name], han) for name, han in hora["yakus"])
        if hora["fan"] < 5:
            assert winner["fu"] == hora["fu"]


def test_scores_left_out_of_start_kyoku_are_the_scores_stated_before_it(client: Any) -> None:
    """The same game with each `start_kyoku` given the scores the event
    before it stated (what Mortal's and riichienv's MJAI write there) answers
    exactly as the game as the server wrote it."""
    events = events_of(GAMES[0])
    stated = [25_000] * 4
    with_scores = []
    for event in events:
        if event["type"] == "start_kyoku":
            event = {**event, "scores": stated}
        elif "scores" in event:
            stated = event["scores"]
        with_scores.append(event)
    assert replay(client, with_scores) == replay(client, events)


THREE_PLAYER = "riichienv-external-mjsoul_3p_double_ron_excerpt.jsonl"
MJSOUL_YAKU = {"対々和": "toitoi", "ドラ": "dora", "三槓子": "sankantsu", "役牌 白": "haku"}
"""The record's yaku names (Mahjong Soul's, as tenhou.net/6 writes them) as
the service's codes."""


def test_a_three_player_double_ron_on_a_north_set_aside(client: Any) -> None:
    """Mahjong Soul, three players: west sets a north aside (`kita`) and
    both others win on it. The record states each win's deltas, han and
    yaku (東 dealer: 対々和 2 + ドラ 3 = 5 han, a dealer's mangan 12,000;
    南: 三槓子 2 + 役牌 白 1 + ドラ 5 = 8 han, baiman 16,000) and, in the
    next hand's `start_kyoku`, where the game goes on: east 1 again at one
    honba (the dealer won), no sticks, scores 47,000 / 51,000 / 7,000."""
    events = [json.loads(line) for line in (DATA / THREE_PLAYER).read_text().splitlines()]
    header = events[-1]
    assert header["type"] == "start_kyoku"
    response = client.post(
        URL,
        content=json.dumps({"format": "mjai", "record": events[:-1], "preset": "mahjong_soul"}),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["mismatches"] == 0
    (hand,) = answer["hands"]
    assert hand["recorded_deltas"] == {"east": 12000, "south": 16000, "west": -28000}
    horas = [event for event in events if event["type"] == "hora"]
    winners = hand["settlement"]["winners"]
    assert [w["winner"] for w in winners] == [SEATS[h["actor"]] for h in horas]
    for winner, hora in zip(winners, horas, strict=True):
        assert winner["han"] == hora["han"]
        assert Counter((i["code"], i["han"]) for i in winner["yaku_items"] if i["han"]) == Counter(
            (MJSOUL_YAKU[name], han) for name, han in hora["yaku"]
        )
        assert winner["receives"] == hora["hora_points"]
    assert answer["scores"] == dict(zip(SEATS, header["scores"], strict=False))
    upcoming = answer["next"]
    assert (upcoming["round"], upcoming["hand_number"], upcoming["honba"], upcoming["riichi_sticks"]) == (
        ROUNDS[header["bakaze"]],
        header["kyoku"],
        header["honba"],
        header["kyotaku"],
    )
    assert upcoming["dealer"] == SEATS[header["oya"]]


def test_a_record_that_starts_at_the_last_hand_ends_the_game(client: Any) -> None:
    """Tenhou, four players, the record starting at south 4 with one honba
    and one stick on the table (its `start_kyoku`): east wins on north's 9s
    — 役牌 發 1 + ドラ 2 = 3 han 30 fu, 3,900, plus 300 for the honba and the
    stick's 1,000 (`deltas` [5200, 0, 0, -4200]). The game is picked up
    there, and south 4 ends it at the record's scores plus its deltas."""
    events = [json.loads(line) for line in (DATA / "riichienv-external-tenhou_4p_honba_kyotaku_excerpt.jsonl").read_text().splitlines()]
    start = next(event for event in events if event["type"] == "start_kyoku")
    (hora,) = [event for event in events if event["type"] == "hora"]
    answer = replay(client, events)
    assert answer["mismatches"] == 0
    assert answer["game"]["resume"] == {
        "round": ROUNDS[start["bakaze"]],
        "hand_number": start["kyoku"],
        "honba": start["honba"],
        "riichi_sticks": start["kyotaku"],
        "scores": _seats(start["scores"]),
    }
    (hand,) = answer["hands"]
    assert (hand["honba"], hand["riichi_sticks"]) == (1, 1)
    assert hand["recorded_deltas"] == _seats(hora["deltas"])
    (winner,) = hand["settlement"]["winners"]
    assert (winner["winner"], winner["han"], winner["fu"]) == (SEATS[hora["actor"]], hora["fan"], hora["fu"])
    assert Counter((i["code"], i["han"]) for i in winner["yaku_items"] if i["han"]) == Counter(
        ({"役牌 發": "hatsu", "ドラ": "dora"}[name], han) for name, han in hora["yakus"]
    )
    assert answer["scores"] == _seats([score + delta for score, delta in zip(start["scores"], hora["deltas"], strict=True)])
    assert (answer["finished"], answer["end_reason"]) == (True, "length")
