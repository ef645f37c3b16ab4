"""Real public records in tenhou.net/6, replayed with their platform's
`preset`: every hand as the record pays it, and the standings as the
platform printed them.

- Mahjong Soul, three players (tests/rulesets/riichi/data/mahjong_soul_records.json):
  hidacow/mjai-reviewer3p, convlog/tests/testdata/{chankan,kokushi_ankan,kokushi_peinuki}.json
  at 03c84faa5a09aa6ea28e0dca314de020b05e5af7 (rooms 三銀の間, 三金の間, 三玉の間: Mahjong Soul's
  three-player ranked rooms; names as the repository anonymised them).
- Mahjong Soul, four players: Equim-chan/mjai-reviewer,
  convlog/tests/testdata/confusing_nakis_7.json at 61b130cb3d53feee669532a0a0641e72b1d8e9e8
  ("Gold Room South", one hand cut out at south 1).
- M.League (tests/rulesets/riichi/data/mleague_L001_S014_0012_02A.json):
  Preserver6166/MleaguePaifuParser, src/main/resources/L001_S014_0012_02A_tenhou at
  afc314d2a10fff179ba7665ef6d6437278cd0418, the tenhou.net/5 link's JSON (2023/04/28 semifinal,
  game 2; player names replaced by A–D)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"
SOUL = json.loads((DATA / "mahjong_soul_records.json").read_text(encoding="utf-8"))
MLEAGUE = json.loads((DATA / "mleague_L001_S014_0012_02A.json").read_text(encoding="utf-8"))
SEATS = ["east", "south", "west", "north"]


def replay(client: Any, record: dict[str, Any], preset: str) -> dict[str, Any]:
    response = client.post("/v1/riichi/game-records", json={"format": "tenhou6", "record": record, "preset": preset})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    assert answer["preset"] == preset
    return answer


@pytest.mark.parametrize("name", ["chankan", "kokushi_ankan", "confusing_nakis_7"])
def test_mahjong_soul_records_replay_as_they_paid(client: Any, name: str) -> None:
    answer = replay(client, SOUL[name], "mahjong_soul")
    assert answer["mismatches"] == 0
    assert all(hand["matches"] for hand in answer["hands"])
    assert len(answer["hands"]) == len(SOUL[name]["log"])


def test_a_three_player_mahjong_soul_game_ends_as_the_platform_scored_it(client: Any) -> None:
    """kokushi_ankan: east's kokushi robs south's concealed kan of a north
    (Mahjong Soul lets kokushi rob a concealed kan; the record pays it,
    48,000) and south falls below zero. The record's `sc` prints each seat's
    final score and result: east 83,000 → 63, west 35,000 → 0, south −13,000
    → −63. Mahjong Soul (riichi.wiki, Majsoul): PtsGain = (RawScore −
    StartingPts) / 1000 + UmaPts, 3P uma +15 / ±0 / −15, starting points
    35,000: east (83,000 − 35,000) / 1,000 + 15 = 63; south −48 − 15 = −63."""
    record = SOUL["kokushi_ankan"]
    answer = replay(client, record, "mahjong_soul")
    sc = record["sc"]
    assert answer["finished"] and answer["end_reason"] == "bust"
    results = {standing["seat"]: (standing["score"], Decimal(str(standing["result"]))) for standing in answer["standings"]["standings"]}
    assert results == {seat: (sc[2 * i], Decimal(str(sc[2 * i + 1]))) for i, seat in enumerate(SEATS[:3])}


def test_a_record_whose_hand_leaves_out_the_riichi_stick_still_ends_at_its_own_scores(client: Any) -> None:
    """kokushi_peinuki, its last hand: east declared riichi (`r35`) and west's
    kokushi robs the north east then sets aside. The hand's deltas give west
    48,000, but the record's own final scores (`sc`: west 94,000 = 45,000 +
    48,000 + east's 1,000 stick) show west took the stick, as the service
    pays it: that hand is the one mismatch (by the stick), and the final
    scores and results are the record's: west 74, south 9.6, east −83.6
    ((94,000 − 35,000) / 1,000 + 15; 44,600 → 9.6; −33,600 → −68.6 − 15)."""
    record = SOUL["kokushi_peinuki"]
    answer = replay(client, record, "mahjong_soul")
    assert answer["mismatches"] == 1
    last = answer["hands"][-1]
    ours, logged = last["settlement"]["deltas"], last["recorded_deltas"]
    assert {seat: Decimal(str(ours[seat])) - logged[seat] for seat in logged} == {"east": 0, "south": 0, "west": 1000}
    sc = record["sc"]
    results = {standing["seat"]: (standing["score"], Decimal(str(standing["result"]))) for standing in answer["standings"]["standings"]}
    assert results == {seat: (sc[2 * i], Decimal(str(sc[2 * i + 1]))) for i, seat in enumerate(SEATS[:3])}


def test_the_mleague_record_replays_and_ends_as_the_league_scored_it(client: Any) -> None:
    """The parser's header for this game: "松ヶ瀬 6.1pt; 渋川 59.5pt; 黒沢 -16.0pt;
    小林 -49.6pt" (seats east to north: 松ヶ瀬, 渋川, 黒沢, 小林). M.League
    (riichi.wiki, M.League): start 25,000, target 30,000, "oka and uma is
    +50/+10/-10/-30": south 39,500 → 9.5 + 30 + 20 = 59.5; east 26,100 →
    −3.9 + 10 = 6.1; west 24,000 → −6 − 10 = −16; north 10,400 → −19.6 − 30
    = −49.6. The game ends after south 4, a draw with the dealer (north)
    noten: no agari-yame, no extension."""
    answer = replay(client, MLEAGUE, "mleague")
    assert answer["mismatches"] == 0 and len(answer["hands"]) == len(MLEAGUE["log"]) == 11
    assert answer["finished"] and answer["end_reason"] == "length"
    results = {standing["seat"]: Decimal(str(standing["result"])) for standing in answer["standings"]["standings"]}
    assert results == {"east": Decimal("6.1"), "south": Decimal("59.5"), "west": Decimal("-16"), "north": Decimal("-49.6")}


def test_without_the_preset_the_mleague_standings_are_tenhous(client: Any) -> None:
    """The record's own rules are Tenhou's (docs/games.md): return 30,000,
    uma 10-20, oka 20 and whole thousands: south's 39,500 counts as 40,000,
    (40,000 − 30,000) / 1,000 + 20 + 20 = 50, not the league's 59.5: the
    preset is what makes the league's numbers."""
    response = client.post("/v1/riichi/game-records", json={"format": "tenhou6", "record": MLEAGUE})
    first = response.json()["standings"]["standings"][0]
    assert (first["seat"], first["result"]) == ("south", 50)
