"""A differential test against riichienv 0.4.11 (an independent riichi engine
in Rust, Apache-2.0, pinned as a test dependency): hanchan it plays under
`GameRule.default_tenhou()` and `default_mjsoul()`, three and four players,
with a simple deterministic player (win when it can, set norths aside,
riichi, call now and then, else the discard nearest to ready; seeded).

Each game is read back from riichienv's MJAI log (tests/rulesets/riichi/
riichienv_oracle.py) and sent to the service with the matching `preset`:

* every win settled hand by hand from its tiles (`POST /v1/riichi/settlements`,
  several winners as `further_winners`, 包牌 as `liable`): the deltas equal
  riichienv's `hora` deltas, and the han and fu equal its `HandEvaluator`'s;
* the whole game replayed (`POST /v1/riichi/games`): every hand's deltas equal
  riichienv's, the game ends where riichienv's ended, and the final scores
  equal riichienv's.

riichienv's own errors are adjudicated, not copied: :data:`ADJUDICATED` lists
each deviation with the rule source that says the service is right, and the
test asserts that every disagreement is exactly one of them. Readings the
log needs (not disagreements: riichienv's MJAI leaves them out) are in
the helper's docstring; the sticks left on the table at the end are added to
first place on both sides (riichienv in its scores, the service in its
standings).

`RIICHIENV_GAMES` sets the games per table kind (default 20: about 15 s for
the four kinds); the figures of a larger run are in docs/games.md.
"""

from __future__ import annotations

import os

import pytest

from tests.rulesets.riichi.riichienv_oracle import Tally, compare

GAMES = int(os.environ.get("RIICHIENV_GAMES", "20"))

ADJUDICATED: dict[str, str] = {
    # ENGINEERING-NOTES ("Riichi engines and records to test against"): riichienv charges the
    # liable seat of a three-player tsumo the tsumo-loss total. The rule sources say the liable
    # seat pays the whole hand as if it had discarded the winning tile (包牌: 責任者の一人払い,
    # 放銃と同じ扱い; the service's `pao_scope: whole_hand`, docs/sources.md), which is a ron's
    # amount: tsumo loss is a tsumo's rule, and with pao nobody pays a tsumo share.
    "riichienv: three-player pao on a tsumo": "the liable seat pays a ron's amount (包牌), not the tsumo-loss total",
}


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("platform", ["tenhou", "mahjong_soul"])
def test_riichienv_games_agree_hand_by_hand_and_in_the_end(client, platform: str, players: int) -> None:
    tally = Tally()
    for seed in range(GAMES):
        compare(client, seed, platform, players, tally)
    unexplained = {kind: details for kind, details in tally.disagree.items() if kind not in ADJUDICATED}
    assert unexplained == {}
    # every game was compared whole: each hand's deltas and the final scores
    assert tally.agree.get("final scores", 0) == GAMES
    assert tally.agree.get("game hand deltas", 0) == tally.hands
    # every win was settled and valued (a win the service refused is a disagreement above)
    adjudicated = sum(len(details) for details in tally.disagree.values())
    assert tally.agree.get("settlement deltas", 0) + adjudicated == tally.hands - tally.draws
    assert tally.agree.get("hand value", 0) == tally.wins
    # the games are not all draws: the seeded set has wins of every kind the player makes
    assert tally.wins > GAMES * 3


def test_mahjong_soul_pays_the_honba_of_a_double_ron_to_the_first_winner(client) -> None:
    """Found by the differential test (riichienv's `default_mjsoul()` pays it so):
    Mahjong Soul's ranked rules (段位戦ルール説明, mahjongsoul.com/?newsid=
    60c8610c2ac863186fdbebd4, as quoted in Cryolite's question to its support):
    ダブロン・トリプルロンの場合，積み棒は上家取り — the honba go to the winner
    nearest the discarder, as Tenhou's."""
    # Honba 2, dealer east, south discards; west (south's next seat, so first) wins 2 han 30 fu:
    # 480 × 4 = 1,920 → 2,000, plus 2 × 300 honba = 2,600; north wins 1 han 30 fu: 960 → 1,000.
    body = {
        "preset": "mahjong_soul",
        "winner": "west",
        "win": {"type": "discard", "discarder": "south"},
        "han": 2,
        "fu": 30,
        "honba": 2,
        "further_winners": [{"winner": "north", "han": 1, "fu": 30}],
    }
    response = client.post("/v1/riichi/settlements", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["deltas"] == {"east": 0, "south": -3600, "west": 2600, "north": 1000}


def test_the_adjudicated_three_player_pao_tsumo(client) -> None:
    """Tenhou, three players, seed 1060 (found by a 500-game run): in the first hand
    west wins a yakuman by tsumo with south liable (包牌). Non-dealer yakuman, 8,000
    basic: a tsumo would take 16,000 from the dealer and 8,000 from south (north's
    share is lost: tsumo loss), 24,000; south liable pays it all as if it had
    discarded the winning tile, 4 × 8,000 = 32,000. riichienv charges south the
    24,000 of the tsumo; that is the one disagreement, and the game agrees
    otherwise once that hand is counted as the service counts it."""
    tally = Tally()
    compare(client, 1060, "tenhou", 3, tally)
    assert tally.disagree == {
        "riichienv: three-player pao on a tsumo": ["tenhou 3p seed 1060 hand 0: [0, -24000, 24000] vs [0, -32000, 32000]"]
    }
    assert tally.agree["final scores"] == 1
    assert tally.agree["game hand deltas"] == tally.hands
