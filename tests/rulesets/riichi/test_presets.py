"""`preset`: a platform's table by name on every riichi request.

Each expected value is quoted from its source (docs/sources.md, "Platform
presets") or worked by hand from the riichi scoring table: basic points =
fu × 2^(han + 2), a yakuman 8,000, a ron pays 4× (dealer 6×), a tsumo 1×
and 2× from the dealer, each payment rounded up to 100."""

from __future__ import annotations

from typing import Any

import pytest

from service.core.codec import ENCODER, json_decoder
from service.rulesets.riichi.schemas import RiichiRequest

RON = {"winner": "south", "win": {"type": "discard", "discarder": "west"}}


def post(client: Any, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    answer: dict[str, Any] = response.json()
    return answer


# --- what each preset sets, against its source ---------------------------------------------


def test_tenhou_four_players(client: Any) -> None:
    """ENGINEERING-NOTES, "Tenhou's rules" (checked against its records):
    "`kiriage` false; `kazoe` yakuman; several yakuman add up, but a 'double'
    single yakuman … counts once (`double_yakuman` false); no renhou; open
    tanyao …; double ron, honba and sticks to the first winner from the
    discarder; 包牌 …: the liable seat pays the whole hand" and "Games:
    return 30,000 …, uma 10-20 …, ties by seat, bust below 0, agari-yame,
    one extension round …; ranked rooms print results in whole thousands"."""
    answer = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "fu": 30, "preset": "tenhou"})
    assert answer["preset"] == "tenhou"
    rules, options = answer["rules"], answer["yaku_options"]
    assert (rules["kiriage"], rules["kazoe"], rules["multiple_yakuman"]) == (False, "yakuman", True)
    assert (rules["multi_ron_honba"], rules["pao_scope"], rules["honba_value"]) == ("first_only", "whole_hand", 300)
    assert options == {"double_yakuman": False, "renhou": "off", "open_tanyao": True, "kokushi_ankan_chankan": False}
    game = post(client, "/v1/riichi/games", {"preset": "tenhou", "hands": []})["game"]
    assert (game["start_points"], game["return_points"], game["uma"]) == (25_000, 30_000, [10, 20])
    assert (game["ties"], game["bust"], game["agari_yame"], game["extension"]) == ("seat_order", True, True, "sudden_death")
    assert game["rounding"] == "nearest_thousand"


def test_tenhou_three_players(client: Any) -> None:
    """ENGINEERING-NOTES, "Tenhou's rules": "Three players: tsumo loss, 200 per
    honba, noten payments 2,000 in all, norths set aside are nukidora. Games:
    return … (40,000 with three), uma … (three players: +20 / −20)"; the
    start, 35,000, is what Tenhou's three-player records open with."""
    answer = post(client, "/v1/riichi/draws", {"tenpai": ["east"], "players": 3, "preset": "tenhou"})
    # noten 2,000 in all: south and west each pay east 1,000
    assert answer["deltas"] == {"east": 2000, "south": -1000, "west": -1000}
    rules = answer["rules"]
    assert (rules["sanma_tsumo"], rules["honba_value"], rules["nukidora_rinshan"]) == ("tsumo_loss", 200, True)
    game = post(client, "/v1/riichi/games", {"preset": "tenhou", "game": {"players": 3}, "hands": []})["game"]
    assert (game["start_points"], game["return_points"], game["uma"]) == (35_000, 40_000, [0, 20])


def test_mahjong_soul_counts_a_thirteen_wait_kokushi_double(client: Any) -> None:
    """riichienv's GameRule.default_mjsoul: `is_kokushi_musou_13machi_double:
    True` (and suuankou tanki, junsei chuuren, daisuushii); Tenhou's
    (default_tenhou) all False. A non-dealer ron: double yakuman 16,000 × 4 =
    64,000; once under Tenhou: 32,000."""
    body = {**RON, "yaku": ["kokushi_musou_13"]}
    assert post(client, "/v1/riichi/settlements", {**body, "preset": "mahjong_soul"})["deltas"]["south"] == 64_000
    assert post(client, "/v1/riichi/settlements", {**body, "preset": "tenhou"})["deltas"]["south"] == 32_000


def test_mahjong_soul_pao_answers_for_its_yakuman_only(client: Any) -> None:
    """riichienv: default_mjsoul `yakuman_pao_is_liability_only: True`,
    default_tenhou False. Daisangen + tsuuiisou ron from west, north liable:
    Mahjong Soul: north and west share the daisangen (32,000 / 2 each), west
    pays the tsuuiisou 32,000 → west −48,000, north −16,000. Tenhou: the whole
    64,000 is north's half and west's half → −32,000 each."""
    body = {**RON, "yaku": ["daisangen", "tsuuiisou"], "liable": "north"}
    soul = post(client, "/v1/riichi/settlements", {**body, "preset": "mahjong_soul"})["deltas"]
    assert (soul["west"], soul["north"], soul["south"]) == (-48_000, -16_000, 64_000)
    tenhou = post(client, "/v1/riichi/settlements", {**body, "preset": "tenhou"})["deltas"]
    assert (tenhou["west"], tenhou["north"]) == (-32_000, -32_000)


# --- fields sent override the preset one by one -------------------------------------------


def test_a_field_sent_overrides_the_preset_and_only_it(client: Any) -> None:
    body = {**RON, "yaku": ["kokushi_musou_13"], "preset": "mahjong_soul", "yaku_options": {"double_yakuman": False}}
    answer = post(client, "/v1/riichi/settlements", body)
    assert answer["deltas"]["south"] == 32_000
    # the other options stay the preset's
    assert answer["yaku_options"] == {"double_yakuman": False, "renhou": "off", "open_tanyao": True, "kokushi_ankan_chankan": True}
    rules = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "fu": 30, "preset": "tenhou", "rules": {"kiriage": True}})["rules"]
    assert (rules["kiriage"], rules["pao_scope"], rules["multi_ron_honba"]) == (True, "whole_hand", "first_only")


def test_a_field_sent_with_its_default_value_still_overrides(client: Any) -> None:
    """Sending the service's default is a choice too: Tenhou's `renhou: off`
    overridden by `mangan` (the default) is mangan."""
    options = post(client, "/v1/riichi/han", {"yaku": ["riichi"], "preset": "tenhou", "rules": {"renhou": "mangan"}})["rules"]
    assert options["renhou"] == "mangan"
    assert options["double_yakuman"] is False


def test_game_options_override_one_by_one(client: Any) -> None:
    game = post(client, "/v1/riichi/games", {"preset": "tenhou", "game": {"uma": [5, 10], "players": 3}, "hands": []})["game"]
    assert (game["uma"], game["return_points"], game["ties"]) == ([5, 10], 40_000, "seat_order")


def test_game_results_take_the_game_values(client: Any) -> None:
    """Tenhou's end of game, three players (ENGINEERING-NOTES): return 40,000,
    uma +20/−20, seat order for ties, whole thousands. 35,000 each to start:
    oka (40,000 − 35,000) × 3 = 15 to first. First 50,000: +10 + 20 + 15 = 45."""
    body = {"scores": {"east": 50_000, "south": 35_000, "west": 20_000}, "preset": "tenhou"}
    answer = post(client, "/v1/riichi/game-results", body)
    assert (answer["return_points"], answer["start_points"], answer["uma"], answer["ties"]) == (40_000, 35_000, [0, 20], "seat_order")
    assert answer["standings"][0]["result"] == 45
    sent = post(client, "/v1/riichi/game-results", {**body, "uma": [0, 0]})
    assert sent["uma"] == [0, 0] and sent["return_points"] == 40_000


def test_a_games_wins_take_the_yaku_options(client: Any) -> None:
    """A game's wins carry their own `yaku_options`: the preset's are laid
    under each. Kokushi 13-wait dealer ron under Mahjong Soul: 16,000 × 6 =
    96,000; a hand that sends `double_yakuman: false` gets 48,000."""
    win = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "yaku": ["kokushi_musou_13"]}
    answer = post(client, "/v1/riichi/games", {"preset": "mahjong_soul", "game": {"bust": False}, "hands": [win]})
    assert answer["hands"][0]["settlement"]["deltas"]["east"] == 96_000
    single = {**win, "yaku_options": {"double_yakuman": False}}
    answer = post(client, "/v1/riichi/games", {"preset": "mahjong_soul", "game": {"bust": False}, "hands": [single]})
    assert answer["hands"][0]["settlement"]["deltas"]["east"] == 48_000


def test_batch_items_take_a_preset(client: Any) -> None:
    item = {"ruleset": "riichi", **RON, "yaku": ["kokushi_musou_13"], "preset": "mahjong_soul"}
    answer = post(client, "/v1/settlements/batch", {"items": [item, {**item, "preset": "tenhou"}]})
    assert [entry["result"]["deltas"]["south"] for entry in answer["results"]] == [64_000, 32_000]
    assert answer["results"][0]["result"]["preset"] == "mahjong_soul"


# --- without a preset nothing changes -------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {**RON, "han": 3, "fu": 30},
        {**RON, "han": 3, "fu": 30, "rules": {"kiriage": True}, "yaku_options": {"double_yakuman": False}},
        # the word in a value is not a preset
        {**RON, "han": 3, "fu": 30, "rules": {"pao_scope": "yakuman"}, "further_winners": []},
    ],
)
def test_a_body_without_a_preset_is_decoded_as_before(body: dict[str, Any]) -> None:
    import msgspec

    raw = msgspec.json.encode(body)
    plain = msgspec.json.Decoder(RiichiRequest).decode(raw)
    assert ENCODER.encode(json_decoder(RiichiRequest).decode(raw)) == ENCODER.encode(plain)


def test_the_answer_has_no_preset_without_one(client: Any) -> None:
    answer = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "fu": 30})
    assert "preset" not in answer
    assert "preset" not in post(client, "/v1/riichi/games", {"hands": []})


def test_an_unknown_preset_is_a_400_at_preset(client: Any) -> None:
    problem = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "fu": 30, "preset": "tenho"}, status=400)
    assert problem["errors"][0]["pointer"] == "#/preset"
    assert "`tenhou`" in problem["detail"]
    problem = post(client, "/v1/riichi/games", {"preset": 3, "hands": []}, status=400)
    assert problem["errors"][0]["pointer"] == "#/preset"


def test_a_preset_with_a_bad_group_words_the_groups_problem(client: Any) -> None:
    problem = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "fu": 30, "preset": "tenhou", "rules": 5}, status=400)
    assert problem["errors"][0]["pointer"] == "#/rules"
    problem = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "fu": 30, "preset": "tenhou", "rules": {"kiriage": 1}}, status=400)
    assert problem["errors"][0]["pointer"] == "#/rules/kiriage"


def test_mahjong_soul_three_players(client: Any) -> None:
    """riichi.wiki, Majsoul: "3P: 1st +15, 2nd ±0, 3rd -15", "Starting Points:
    4P 25000; 3P 35000", "PtsGain = (RawScore - StartingPts) / 1000 + UmaPts"
    (no oka: results from the start points); its three-player records pay a
    tsumo without north's share (chankan.json's first hand: a baiman tsumo
    4,000 + 8,000 = 12,000) and 2,000 noten payments (1,000 + 1,000 to two
    tenpai seats). A game plays on until someone has 40,000 (the records end
    there, e.g. nukidora_doubleron.json at east 3 with 45,700)."""
    answer = post(client, "/v1/riichi/games", {"preset": "mahjong_soul", "game": {"players": 3}, "hands": []})
    game, rules = answer["game"], answer["rules"]
    assert (game["start_points"], game["return_points"], game["goal_points"], game["uma"]) == (35_000, 35_000, 40_000, [0, 15])
    assert (rules["sanma_tsumo"], rules["noten_payment"], rules["honba_value"]) == ("tsumo_loss", 2000, 200)
    # a non-dealer baiman tsumo: the dealer 8,000, the other 4,000, north's 4,000 lost
    tsumo = post(
        client, "/v1/riichi/settlements", {"winner": "west", "win": {"type": "self_draw"}, "han": 8, "players": 3, "preset": "mahjong_soul"}
    )
    assert tsumo["deltas"] == {"east": -8000, "south": -4000, "west": 12000}


def test_mahjong_soul_plays_on_to_its_goal(client: Any) -> None:
    """An east-only game at 25,000 each where every hand is drawn with the
    dealer noten: after east 4 nobody has 30,000 (riichi.wiki, mjstars:
    "Sudden death rule if all players are below 30000 points after the last
    round"), so south 1 is played; results count from 25,000 (no oka)."""
    draw = {"type": "draw", "tenpai": []}
    answer = post(client, "/v1/riichi/games", {"preset": "mahjong_soul", "game": {"length": "east"}, "hands": [draw] * 4})
    assert not answer["finished"] and answer["next"]["round"] == "south"


def test_mleague(client: Any) -> None:
    """riichi.wiki, M.League: "Multiple ron: Atamahane", "Double-wind pair
    worths 2 fu", "Ryuukyoku: No abortive draws", "Counted yakuman: Not
    applied. Regular yaku scoring is capped to sanbaiman", "Double yakuman:
    Not applied", "Tie: Bonus point spilts evenly to tied players", "The
    starting score is 25,000 points; the target score is 30,000 points. The
    bonus of oka and uma is +50/+10/-10/-30"; the league's rules as summarised
    at majannavi.com: "飛びなし", "アガリ止め無し"."""
    answer = post(client, "/v1/riichi/settlements", {**RON, "han": 13, "preset": "mleague"})
    assert (answer["tier"], answer["deltas"]["south"]) == ("sanbaiman", 24_000)
    assert answer["rules"]["multiple_ron"] == "head_bump" and answer["yaku_options"]["double_yakuman"] is False
    game = post(client, "/v1/riichi/games", {"preset": "mleague", "hands": []})["game"]
    assert (game["start_points"], game["return_points"], game["uma"], game["ties"]) == (25_000, 30_000, [10, 30], "split")
    assert (game["bust"], game["agari_yame"], game["abortive_draws"]) == (False, False, False)
    # a double wind pair is 2 fu: 20 + 10 closed ron + 4 concealed simple triplet + 2 pair + 2 pair wait = 38 → 40
    # (4 fu for the pair would make 40 too; the itemised pair line shows it)
    shape = {"melds": [{"kind": "sequence"}] * 3 + [{"kind": "triplet"}], "pair": "double_wind", "wait": "pair"}
    fu = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "hand": shape, "preset": "mleague"})["fu_count"]
    assert {"code": "pair_double_wind", "fu": 2} in fu["items"]
    assert post(client, "/v1/riichi/fu", {**shape, "preset": "mleague"})["rules"]["double_wind_pair_fu"] == 2


def test_wrc(client: Any) -> None:
    """riichi.wiki, World Riichi Championship rules: "Starting points 30,000",
    "Ending points (Target) 30,000", "Negative score: Game end", "Oka 0",
    "Uma +15/+5 Modified for ties", "Abortive draws: None", "Every yakuman is
    counted as single yakuman"; the WRC 2014 errata: "Kazoe yakuman is not
    allowed, so the 'sanbaiman line' should be labeled '11+'"; the WRC rule
    book 2015's contents: "5.9.1 No agari yame"."""
    game = post(client, "/v1/riichi/games", {"preset": "wrc", "hands": []})["game"]
    assert (game["start_points"], game["return_points"], game["uma"], game["ties"]) == (30_000, 30_000, [5, 15], "split")
    assert (game["bust"], game["agari_yame"], game["abortive_draws"]) == (True, False, False)
    answer = post(client, "/v1/riichi/han", {"yaku": ["suuankou_tanki"], "preset": "wrc"})
    assert answer["yakuman"] == 1


def test_ema(client: Any) -> None:
    """The EMA's notes on its 2016 rules (kasu.at, "New EMA ruleset"): "Red
    fives have been removed", "Renho (Blessing of Man) is a mangan", "Dai
    suushii … is a yakuman, not a double yakuman", "A hand with 13+ fan is
    scored as a sanbaiman", "Abortive draws are not allowed", "Nagashi Mangan
    is not allowed", "Uma is changed to 15,000/5,000/-5,000/-15,000"."""
    assert (
        post(client, "/v1/riichi/draws", {"nagashi_mangan": ["south"], "preset": "ema"}, status=422)["errors"][0]["pointer"]
        == "#/nagashi_mangan/0"
    )
    problem = post(client, "/v1/riichi/han", {"yaku": ["chun"], "aka_dora": 1, "preset": "ema"}, status=422)
    assert problem["errors"][0]["pointer"] == "#/aka_dora"
    tiles = {"concealed": "234m067p345s11z555z", "win_tile": "5z"}
    problem = post(client, "/v1/riichi/hands", {**RON, "tiles": tiles, "preset": "ema"}, status=422)
    assert problem["errors"][0]["pointer"] == "#/tiles/concealed"
    answer = post(client, "/v1/riichi/han", {"yaku": ["daisuushii"], "preset": "ema"})
    assert answer["yakuman"] == 1
    game = post(client, "/v1/riichi/games", {"preset": "ema", "hands": []})["game"]
    assert (game["uma"], game["start_points"], game["abortive_draws"]) == ([5, 15], 30_000, False)
    problem = post(client, "/v1/riichi/games", {"preset": "ema", "hands": [{"type": "abort"}]}, status=422)
    assert problem["errors"][0]["pointer"] == "#/hands/0/type"


# --- the new fields on their own (default: as before) ------------------------------------------


def test_triple_ron_as_an_abortive_draw(client: Any) -> None:
    """riichienv: default_tenhou `sanchaho_is_draw: True`, default_mjsoul False."""
    body = {
        **RON,
        "han": 1,
        "fu": 30,
        "further_winners": [{"winner": "north", "han": 1, "fu": 30}, {"winner": "east", "han": 1, "fu": 30}],
    }
    problem = post(client, "/v1/riichi/settlements", {**body, "rules": {"triple_ron": "abortive_draw"}}, status=422)
    assert problem["errors"][0]["pointer"] == "#/further_winners/1"
    assert post(client, "/v1/riichi/settlements", {**body, "preset": "tenhou"}, status=422)["errors"][0]["pointer"] == "#/further_winners/1"
    # each paid, 1,000 each (1 han 30 fu ron: 30 × 2^3 × 4 = 960 → 1,000; east, the dealer, 30 × 8 × 6 = 1,440 → 1,500)
    paid = post(client, "/v1/riichi/settlements", {**body, "preset": "mahjong_soul"})["deltas"]
    assert paid == {"east": 1500, "south": 1000, "west": -3500, "north": 1000}
    # two winners are a double ron under any of them
    assert (
        post(client, "/v1/riichi/settlements", {**body, "further_winners": body["further_winners"][:1], "preset": "tenhou"})["deltas"][
            "west"
        ]
        == -2000
    )


def test_the_new_rules_default_to_what_was_played(client: Any) -> None:
    # south's nagashi mangan, paid as a non-dealer mangan tsumo: 4,000 from the dealer, 2,000 from each other
    assert post(client, "/v1/riichi/draws", {"nagashi_mangan": ["south"]})["deltas"]["south"] == 8000
    assert post(client, "/v1/riichi/han", {"yaku": ["chun"], "aka_dora": 1})["han"] == 2
    answer = post(client, "/v1/riichi/games", {"hands": [{"type": "abort"}]})
    assert answer["hands"][0]["type"] == "abort" and "preset" not in answer and "game" not in answer


def test_a_goal_apart_from_the_return(client: Any) -> None:
    """`goal_points` 30,000 with `return_points` 25,000: the extension is
    played while nobody has 30,000 although everyone has the return."""
    draw = {"type": "draw", "tenpai": []}
    game = {"length": "east", "extension": "sudden_death", "return_points": 25_000}
    assert post(client, "/v1/riichi/games", {"game": game, "hands": [draw] * 4})["finished"]
    answer = post(client, "/v1/riichi/games", {"game": {**game, "goal_points": 30_000}, "hands": [draw] * 4})
    assert not answer["finished"]


@pytest.mark.parametrize("preset", ["tenhou", "mahjong_soul", "mleague", "wrc", "ema"])
def test_discovery_lists_every_value_a_preset_sets(client: Any, preset: str) -> None:
    """`GET /v1/rulesets` lists each preset with a source and its values; a
    request under the preset echoes exactly those values."""
    entry = next(entry for entry in client.get("/v1/rulesets").json()["rulesets"] if entry["name"] == "riichi")
    listed = next(item for item in entry["presets"] if item["name"] == preset)
    assert listed["source"] and set(listed["values"]) == {"3", "4"}
    for players in ("4", "3"):
        values = listed["values"][players]
        answer = post(client, "/v1/riichi/settlements", {**RON, "han": 1, "fu": 30, "players": int(players), "preset": preset})
        assert {name: answer["rules"][name] for name in values.get("rules", {})} == values.get("rules", {})
        assert {name: answer["yaku_options"][name] for name in values.get("yaku_options", {})} == values.get("yaku_options", {})
        game = post(client, "/v1/riichi/games", {"preset": preset, "game": {"players": int(players)}, "hands": []})["game"]
        assert {name: game[name] for name in values.get("game", {})} == values.get("game", {})
