"""Rules a platform preset needs that earlier fields did not say: kokushi
musou robbing a concealed kan (`yaku_options.kokushi_ankan_chankan`, with the
robbed kan's kind `tiles.robbed_kong`).

Expected values are quoted from the sources in docs/sources.md ("Platform
presets") or worked by hand: a yakuman is 8,000 basic points, a non-dealer's
ron 4× = 32,000."""

from __future__ import annotations

from typing import Any

import pytest

RON = {"winner": "south", "win": {"type": "discard", "discarder": "east"}}
KOKUSHI_ON_CHUN = {"concealed": "19m19p19s12345667z", "win_tile": "7z", "robbing_kong": True, "robbed_kong": "concealed"}
"""South's kokushi musou (1m 9m 1p 9p 1s 9s, the winds, haku, a pair of hatsu)
waiting on chun alone, won on the chun east adds to a concealed kan (all four
of chun in east's kan, so south holds none but the winning tile)."""


def post(client: Any, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    answer: dict[str, Any] = response.json()
    return answer


def codes(problem: dict[str, Any]) -> set[tuple[str, str]]:
    return {(error["pointer"], error["code"]) for error in problem["errors"]}


# --- kokushi musou robbing a concealed kan ------------------------------------------------------


def test_kokushi_robs_a_concealed_kan_by_default(client: Any) -> None:
    """Without the option the service answers as before: a yakuman ron,
    8,000 × 4 = 32,000 from the kan's declarer."""
    answer = post(client, "/v1/riichi/settlements", {**RON, "tiles": KOKUSHI_ON_CHUN})
    assert answer["deltas"] == {"east": -32_000, "south": 32_000, "west": 0, "north": 0}
    assert "kokushi_ankan_chankan" not in answer["yaku_options"]  # echoed only when sent


def test_a_table_that_forbids_it_refuses_the_win_naming_the_option(client: Any) -> None:
    body = {**RON, "tiles": KOKUSHI_ON_CHUN, "yaku_options": {"kokushi_ankan_chankan": False}}
    problem = post(client, "/v1/riichi/settlements", body, status=422)
    assert codes(problem) == {
        ("#/tiles/robbed_kong", "kokushi_ankan_chankan_off"),
        ("#/yaku_options/kokushi_ankan_chankan", "kokushi_ankan_chankan_off"),
    }
    allowed = {**body, "yaku_options": {"kokushi_ankan_chankan": True}}
    answer = post(client, "/v1/riichi/settlements", allowed)
    assert answer["deltas"]["south"] == 32_000 and answer["yaku_options"]["kokushi_ankan_chankan"] is True


def test_an_added_kan_is_robbed_whatever_the_option(client: Any) -> None:
    """The option is about a concealed kan only: the same kokushi robbing an
    added kan (加槓) is paid, 32,000, under a table that forbids the other."""
    tiles = {**KOKUSHI_ON_CHUN, "robbed_kong": "added"}
    body = {**RON, "tiles": tiles, "yaku_options": {"kokushi_ankan_chankan": False}}
    assert post(client, "/v1/riichi/settlements", body)["deltas"]["south"] == 32_000


def test_only_kokushi_robs_a_concealed_kan(client: Any) -> None:
    """riichi.wiki, Chankan: "This is the only case where a tile may be taken
    from an closed kan" — any other hand robbing one is refused."""
    tiles = {"concealed": "123m456p678789s55z", "win_tile": "1m", "robbing_kong": True, "robbed_kong": "concealed"}
    problem = post(client, "/v1/riichi/hands", {**RON, "tiles": tiles}, status=422)
    assert codes(problem) == {("#/tiles/robbed_kong", "robbed_concealed_not_kokushi")}


def test_the_kind_of_kan_needs_a_robbed_kan(client: Any) -> None:
    tiles = {**KOKUSHI_ON_CHUN, "robbing_kong": False}
    problem = post(client, "/v1/riichi/hands", {**RON, "tiles": tiles}, status=422)
    assert ("#/tiles/robbed_kong", "robbed_kong_alone") in codes(problem)


@pytest.mark.parametrize(
    ("preset", "allowed"),
    [
        # riichienv 0.4.11, GameRule.default_tenhou(): allows_ron_on_ankan_for_kokushi_musou False
        # (riichi.wiki's Chankan page shows a Tenhou game, "Kokushi Denied": "Case where a closed kan was
        # declared during a kokushi tenpai")
        ("tenhou", False),
        # riichienv 0.4.11, GameRule.default_mjsoul(): allows_ron_on_ankan_for_kokushi_musou True
        ("mahjong_soul", True),
        # M.League's rules (mahjong-space.com, "Mリーグルール"): "暗カンに対する槍槓は認められない(国士無双を含む)"
        ("mleague", False),
    ],
)
def test_each_preset_robs_a_concealed_kan_as_its_source_says(client: Any, preset: str, allowed: bool) -> None:
    body = {**RON, "tiles": KOKUSHI_ON_CHUN, "preset": preset}
    if allowed:
        assert post(client, "/v1/riichi/settlements", body)["deltas"]["south"] == 32_000
    else:
        problem = post(client, "/v1/riichi/settlements", body, status=422)
        assert ("#/yaku_options/kokushi_ankan_chankan", "kokushi_ankan_chankan_off") in codes(problem)


def _kokushi_robs_an_ankan() -> list[dict[str, Any]]:
    """One MJAI hand: the dealer (0) draws its fourth chun and declares a
    concealed kan of it; player 1, tenpai for kokushi musou on chun, wins on
    it. The record pays 8,000 × 4 = 32,000 from the dealer."""
    tehais = [
        ["C", "C", "C", "2m", "3m", "4m", "5m", "6m", "7m", "2p", "3p", "4p", "5p"],
        ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "F"],
        ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "2m", "3m", "4m", "6p", "7p", "8p"],
        ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "5m", "6m", "7m", "6p", "7p", "8p"],
    ]
    start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0}
    return [
        {"type": "start_game"},
        {**start, "scores": [25_000] * 4, "tehais": tehais, "dora_marker": "9s"},
        {"type": "tsumo", "actor": 0, "pai": "C"},
        {"type": "ankan", "actor": 0, "consumed": ["C", "C", "C", "C"]},
        {"type": "hora", "actor": 1, "target": 0, "pai": "C", "deltas": [-32_000, 32_000, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]


def test_a_record_replay_follows_the_option_for_a_robbed_concealed_kan(client: Any) -> None:
    """The replay knows the robbed kan was concealed: Mahjong Soul's table
    pays it as the record does (32,000), Tenhou's refuses it, naming the
    option."""
    body = {"format": "mjai", "record": _kokushi_robs_an_ankan()}
    answer = post(client, "/v1/riichi/game-records", {**body, "preset": "mahjong_soul"})
    assert answer["mismatches"] == 0
    assert answer["hands"][0]["settlement"]["deltas"] == {"east": -32_000, "south": 32_000, "west": 0, "north": 0}
    problem = post(client, "/v1/riichi/game-records", {**body, "preset": "tenhou"}, status=422)
    assert "kokushi_ankan_chankan_off" in {error["code"] for error in problem["errors"]}
    again = post(client, "/v1/riichi/game-records", {**body, "preset": "tenhou", "yaku_options": {"kokushi_ankan_chankan": True}})
    assert again["mismatches"] == 0


# --- M.League's suukantsu pao -------------------------------------------------------------------

FOUR_KANS_TEHAIS = [
    ["5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "6s", "7s", "8s", "9s"],
    ["1m", "1m", "1m", "2m", "2m", "2m", "3m", "3m", "3m", "4m", "4m", "4m", "5p"],
    ["5m", "6m", "7m", "6p", "7p", "8p", "1s", "2s", "3s", "4s", "5s", "6s", "E"],
    ["S", "S", "W", "W", "N", "N", "P", "P", "F", "F", "C", "C", "9m"],
]
"""Player 1 (south) holds three of 1m, 2m, 3m and 4m and a 5p: three
concealed kans from its draws, the fourth kan called from player 2's 4m."""


def _four_kans(ending: list[dict[str, Any]]) -> list[dict[str, Any]]:
    start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "dora_marker": "9s"}
    steps: list[dict[str, Any]] = [
        {"type": "start_game"},
        {**start, "scores": [25_000] * 4, "tehais": FOUR_KANS_TEHAIS},
        {"type": "tsumo", "actor": 0, "pai": "E"},
        {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": True},
    ]
    for drawn, replacement in (("1m", "2m"), ("2m", "3m"), ("3m", "9p")):
        if drawn == "1m":
            steps.append({"type": "tsumo", "actor": 1, "pai": drawn})
        steps += [{"type": "ankan", "actor": 1, "consumed": [drawn] * 4}, {"type": "tsumo", "actor": 1, "pai": replacement}]
    steps += [
        {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "4m"},
        {"type": "dahai", "actor": 2, "pai": "4m", "tsumogiri": True},
        {"type": "daiminkan", "actor": 1, "target": 2, "pai": "4m", "consumed": ["4m", "4m", "4m"]},
    ]
    return [*steps, *ending, {"type": "end_kyoku"}, {"type": "end_game"}]


SUUKANTSU_TSUMO = _four_kans(
    [
        {"type": "tsumo", "actor": 1, "pai": "5p"},
        # a non-dealer's yakuman, 8,000 basic: the liable seat (player 2, who
        # discarded the fourth kan's 4m) pays what a ron would, 8,000 × 4 = 32,000,
        # and nobody else pays
        {"type": "hora", "actor": 1, "target": 1, "pai": "5p", "deltas": [0, 32_000, -32_000, 0]},
    ]
)
SUUKANTSU_RON = _four_kans(
    [
        {"type": "tsumo", "actor": 1, "pai": "9s"},
        {"type": "dahai", "actor": 1, "pai": "9s", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "7s"},
        {"type": "dahai", "actor": 2, "pai": "7s", "tsumogiri": True},
        {"type": "tsumo", "actor": 3, "pai": "5p"},
        {"type": "dahai", "actor": 3, "pai": "5p", "tsumogiri": True},
        # a non-dealer's yakuman ron, 32,000: the liable seat (player 2) and the
        # discarder (player 3) each pay half, 16,000
        {"type": "hora", "actor": 1, "target": 3, "pai": "5p", "deltas": [0, 32_000, -16_000, -16_000]},
    ]
)


def test_mleague_makes_the_fourth_kans_discarder_liable_on_a_tsumo(client: Any) -> None:
    """riichi.wiki, M.League: "Sekinin barai: Applies to daisangen, daisuushi
    and suukantsu. Suukantsu's pao only applies to the case where sankantsu is
    completed while fourth kan is daiminkan"."""
    answer = post(client, "/v1/riichi/game-records", {"format": "mjai", "record": SUUKANTSU_TSUMO, "preset": "mleague"})
    assert answer["rules"]["suukantsu_pao"] is True
    hand = answer["hands"][0]
    assert hand["matches"] and hand["settlement"]["deltas"] == {"east": 0, "south": 32_000, "west": -32_000, "north": 0}
    assert hand["settlement"]["winners"][0]["liable"] == "west"


def test_mleague_shares_a_suukantsu_ron_between_the_liable_seat_and_the_discarder(client: Any) -> None:
    answer = post(client, "/v1/riichi/game-records", {"format": "mjai", "record": SUUKANTSU_RON, "preset": "mleague"})
    hand = answer["hands"][0]
    assert hand["matches"] and hand["settlement"]["deltas"] == {"east": 0, "south": 32_000, "west": -16_000, "north": -16_000}


def test_without_the_rule_nobody_is_liable_for_four_kans(client: Any) -> None:
    """Tenhou's table (no `suukantsu_pao`): the same tsumo is paid as any
    non-dealer yakuman tsumo, 16,000 from the dealer and 8,000 from each
    other player; the ron all by the discarder, 32,000. The M.League
    record's deltas then differ, and the answer says so."""
    body = {"format": "mjai", "record": SUUKANTSU_TSUMO, "preset": "tenhou"}
    hand = post(client, "/v1/riichi/game-records", body)["hands"][0]
    assert hand["settlement"]["deltas"] == {"east": -16_000, "south": 32_000, "west": -8_000, "north": -8_000}
    assert not hand["matches"]
    ron = post(client, "/v1/riichi/game-records", {**body, "record": SUUKANTSU_RON})["hands"][0]
    assert ron["settlement"]["deltas"] == {"east": 0, "south": 32_000, "west": 0, "north": -32_000}
    # the rule sent over Tenhou's table works the liable seat out as M.League's does
    sent = post(client, "/v1/riichi/game-records", {**body, "rules": {"suukantsu_pao": True}})["hands"][0]
    assert sent["matches"] and sent["settlement"]["winners"][0]["liable"] == "west"


def test_a_settlement_names_the_liable_seat_for_suukantsu(client: Any) -> None:
    """In a settlement the client names the liable seat; the rule is echoed.
    A non-dealer's suukantsu ron from north with west liable: 32,000 shared,
    16,000 each."""
    body = {
        "winner": "south",
        "win": {"type": "discard", "discarder": "north"},
        "yaku": ["suukantsu"],
        "liable": "west",
        "preset": "mleague",
    }
    answer = post(client, "/v1/riichi/settlements", body)
    assert answer["deltas"] == {"east": 0, "south": 32_000, "west": -16_000, "north": -16_000}
    assert answer["rules"]["suukantsu_pao"] is True
    assert "suukantsu_pao" not in post(client, "/v1/riichi/settlements", {**body, "preset": "tenhou"})["rules"]


# --- a preset's fu rules in a record's replay ---------------------------------------------------


def _dealer_wins_on_a_double_east_pair(dealer_gets: int) -> list[dict[str, Any]]:
    """One MJAI hand, east 1: the dealer (0) holds haku ×3, 345s, 678p, 78m
    and a pair of east, and wins on player 1's 9m. Haku is its one han; its
    fu: 20 + 10 (concealed ron) + 8 (concealed honour pung) + the pair of the
    round's and its own wind, 4 fu as Tenhou counts it (42 → 50 fu) or 2 as
    M.League does (40 fu). A dealer's 1 han 50 fu ron is 50 × 2³ × 6 = 2,400;
    40 fu is 1,920, rounded up to 2,000."""
    others = ["1s", "2s", "3s", "4s", "6s", "7s", "8s", "2p", "3p", "4p", "1m", "2m", "3m"]
    tehais = [["P", "P", "P", "3s", "4s", "5s", "6p", "7p", "8p", "7m", "8m", "E", "E"], others, others, others]
    start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0}
    return [
        {"type": "start_game"},
        {**start, "scores": [25_000] * 4, "tehais": tehais, "dora_marker": "9s"},
        {"type": "tsumo", "actor": 0, "pai": "1p"},
        {"type": "dahai", "actor": 0, "pai": "1p", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "9m"},
        {"type": "dahai", "actor": 1, "pai": "9m", "tsumogiri": True},
        {"type": "hora", "actor": 0, "target": 1, "pai": "9m", "deltas": [dealer_gets, -dealer_gets, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]


@pytest.mark.parametrize(("preset", "paid", "fu"), [("tenhou", 2_400, 50), ("mleague", 2_000, 40)])
def test_a_record_replay_counts_fu_by_the_presets_rules(client: Any, preset: str, paid: int, fu: int) -> None:
    """M.League's double-wind pair is 2 fu in a recorded game too, not only
    in a settlement (docs/sources.md quotes the league's line)."""
    body = {"format": "mjai", "record": _dealer_wins_on_a_double_east_pair(paid), "preset": preset}
    answer = post(client, "/v1/riichi/game-records", body)
    assert answer["mismatches"] == 0
    settlement = answer["hands"][0]["settlement"]
    assert settlement["deltas"] == {"east": paid, "south": -paid, "west": 0, "north": 0}
    assert settlement["fu"] == fu
