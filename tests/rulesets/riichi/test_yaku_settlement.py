"""The riichi settlement with `yaku` + dora counts instead of `han`.

The riichi scoring article's worked examples 例一–例六, declared as yaku: the han are the article's
own sums, the payments the riichi scoring article's 得點 (non-dealer ron 4× basic, dealer ron 6×;
tsumo: dealer 2×, non-dealer 1×; each rounded up to 100). Where the article's
per-player split does not add up (例一, 例六) the arithmetic is followed, as in
tests/rulesets/riichi/test_settlement.py and tests/rulesets/riichi/test_sanma.py.

例三, 例四 and 例六 count their dora against the sources' own rule: they count
the indicator tile itself, where 例一 (西 shown → 北 is dora) and the Wikibooks extract's
table (顯示牌 > 懸賞牌: 西 > 北, 發 > 中, 7 > 8 …) count the next tile. The
article's han are kept in the example tests (the service is told the han, it does
not read indicators); test_seed_001_dora_by_the_next_tile settles the same
hands with the dora the rule gives.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.codec import convert
from service.core.errors import RuleViolation
from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.hand.counting import yakuman_tier
from service.rulesets.riichi.hand.value_table import YAKU_TABLE
from service.rulesets.riichi.payments import MAX_YAKUMAN
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import TSUMO, D, engine_or_http, paid, ron

URL = "/v1/riichi/settlements"


@pytest.fixture(params=["engine", "http"])
def settle(request, client):
    return engine_or_http(request, client, riichi.settle, RiichiRequest, URL)


def test_example_1_haneman(settle) -> None:
    # 例一 (south, tsumo): 立直 1 + 門前清自摸和 1 + 中 1 + 裡懸賞牌 3 = 6 han → haneman, 3000 basic;
    # dealer 3000 × 2 = 6000, non-dealers 3000 (the article's "4000 / 2000" does not make its own 12000)
    result = settle(winner="south", win=TSUMO, yaku=["riichi", "menzen_tsumo", "chun"], ura_dora=3, fu=40)
    assert paid(result) == {"east": D(6000), "west": D(3000), "north": D(3000)}
    assert (result["han"], result["fu"], result["tier"]) == (6, None, "haneman")
    assert [(i["code"], i["han"]) for i in result["yaku_items"]] == [("riichi", 1), ("menzen_tsumo", 1), ("chun", 1), ("ura_dora", 3)]
    assert result["winners"][0]["yaku_items"] == result["yaku_items"]


def test_example_2_open_hand_with_a_red_five(settle) -> None:
    # 例二 (east, dealer, ron from north): 中 1 + 1 red five = 2 han, 60 fu:
    # 60 × 2^(2+2) = 960; × 6 = 5760 → 5800
    result = settle(winner="east", win=ron("north"), yaku=["chun"], aka_dora=1, open=True, fu=60)
    assert paid(result)["north"] == D(5800)
    assert (result["han"], D(result["pre_payout_total"])) == (2, D(960))


def test_example_3_four_han_sixty_fu(settle) -> None:
    # 例三 (south, ron): 立直 + 圈風 + 門風 + 懸賞 1 = 4 han, 60 fu → 60 × 64 = 3840 ≥ 2000: mangan, × 4 = 8000
    result = settle(winner="south", win=ron("west"), yaku=["riichi", "round_wind", "seat_wind"], dora=1, fu=60)
    assert paid(result)["west"] == D(8000)
    assert (result["han"], result["tier"]) == (4, "mangan")


def test_example_4_sanbaiman(settle) -> None:
    # 例四 (west, ron from south): 2 + 2 + 2 + 1 + 1 + 1 + 2 = 11 han → sanbaiman, 6000 × 4 = 24000
    result = settle(winner="west", win=ron("south"), yaku=["toitoi", "sanankou", "shousangen", "riichi", "haku", "chun"], dora=2)
    assert paid(result)["south"] == D(24000)
    assert (result["han"], result["tier"]) == (11, "sanbaiman")


def test_example_5_double_yakuman(settle) -> None:
    # 例五 (west, tsumo): 四暗刻 + 大三元 = double yakuman, 16000 basic: dealer 32000, others 16000
    result = settle(winner="west", win=TSUMO, yaku=["suuankou", "daisangen", "riichi", "menzen_tsumo"], dora=1)
    assert paid(result) == {"east": D(32000), "south": D(16000), "north": D(16000)}
    assert (result["yakuman"], result["han"], result["tier"]) == (2, None, "double_yakuman")
    assert [i["dropped"] for i in result["yaku_items"]] == [None, None, "yakuman", "yakuman", "yakuman"]


def test_example_5_without_multiple_yakuman(settle) -> None:
    # (如規則不設複合役滿，則以役滿計算): 8000 basic — dealer 16000, others 8000
    result = settle(winner="west", win=TSUMO, yaku=["suuankou", "daisangen"], rules={"multiple_yakuman": False})
    assert paid(result) == {"east": D(16000), "south": D(8000), "north": D(8000)}
    assert (result["yakuman"], result["tier"]) == (1, "yakuman")


def test_a_lone_double_yakuman_is_not_a_combination(settle) -> None:
    # multiple_yakuman is about combining yakuman; 大四喜 alone is one double yakuman
    # (16000 basic, ron × 4 = 64000) unless yaku_options.double_yakuman is false (8000 × 4)
    result = settle(winner="south", win=ron("west"), yaku=["daisuushii"], rules={"multiple_yakuman": False})
    assert paid(result)["west"] == D(64000)
    single = settle(winner="south", win=ron("west"), yaku=["daisuushii"], yaku_options={"double_yakuman": False})
    assert paid(single)["west"] == D(32000)


# The dora of 例三, 例四 and 例六 by the next-tile rule (the Wikibooks extract: 顯示牌 > 懸賞牌):
# 例三: 懸賞 7m, 3s → 8m, 4s: none; 裏 2p, 西 → 3p ×1 and 北 ×2 (the pair): 3 ura dora.
#       立直 + 圈風 + 門風 + 3 = 6 han: haneman, 3000 × 4 = 12000 (the article: 4 han, 8000).
# 例四: 懸賞 發 → 中 ×3; 裏 1p → 2p: none. 11 − 2 + 3 = 12 han: still sanbaiman, 24000.
# 例六: 懸賞 7p, 6s → 8p: none, 7s ×1; 裏 南, 7p → 西, 8p: none; 拔北 ×2.
#       2 + 1 + 1 + 1 + 1 = 6, + 1 dora + 2 nuki = 9 han: baiman, 4000 basic;
#       three players, tsumo loss: dealer 8000, south 4000 (the article: 19 han, 16000 + 8000).
@pytest.mark.parametrize(
    ("body", "han", "tier", "expected"),
    [
        (
            {
                "winner": "south",
                "win": {"type": "discard", "discarder": "west"},
                "yaku": ["riichi", "round_wind", "seat_wind"],
                "ura_dora": 3,
                "fu": 60,
            },
            6,
            "haneman",
            {"west": 12000, "east": 0, "north": 0},
        ),
        (
            {
                "winner": "west",
                "win": {"type": "discard", "discarder": "south"},
                "yaku": ["toitoi", "sanankou", "shousangen", "riichi", "haku", "chun"],
                "dora": 3,
            },
            12,
            "sanbaiman",
            {"south": 24000, "east": 0, "north": 0},
        ),
        (
            {
                "winner": "west",
                "win": TSUMO,
                "players": 3,
                "yaku": ["sanankou", "riichi", "menzen_tsumo", "rinshan_kaihou", "round_wind"],
                "dora": 1,
                "nuki_dora": 2,
            },
            9,
            "baiman",
            {"east": 8000, "south": 4000},
        ),
    ],
    ids=["example_3", "example_4", "example_6"],
)
def test_seed_001_dora_by_the_next_tile(settle, body, han, tier, expected) -> None:
    result = settle(**body)
    assert (result["han"], result["tier"]) == (han, tier)
    assert paid(result) == {seat: D(amount) for seat, amount in expected.items()}


def test_example_6_three_players_kazoe(settle) -> None:
    # 例六 (三麻, west, tsumo): 三暗刻 2 + 立直 1 + 門前清自摸和 1 + 嶺上開花 1 + 圈風 1 + 懸賞牌 13 = 19
    # → counted yakuman, 8000 basic: dealer 16000, south 8000 (the article's stray "+300" dropped)
    result = settle(
        winner="west",
        win=TSUMO,
        players=3,
        yaku=["sanankou", "riichi", "menzen_tsumo", "rinshan_kaihou", "round_wind"],
        dora=11,
        nuki_dora=2,
    )
    assert paid(result) == {"east": D(16000), "south": D(8000)}
    assert (result["han"], result["tier"]) == (19, "kazoe_yakuman")


def test_renhou_as_mangan(settle) -> None:
    # 人和 (mangan: 2000 basic) on a discard, non-dealer: 8000
    result = settle(winner="south", win=ron("west"), yaku=["renhou"])
    assert paid(result)["west"] == D(8000)
    haneman = settle(winner="south", win=ron("west"), yaku=["renhou"], yaku_options={"renhou": "haneman"})
    assert paid(haneman)["west"] == D(12000)


def test_dora_alone_settle_with_no_yaku(settle) -> None:
    # 2 dora, 30 fu: 30 × 16 = 480 × 4 = 1920 → 2000; the hand has no yaku (warning)
    result = settle(winner="south", win=ron("west"), yaku=[], dora=2, fu=30)
    assert paid(result)["west"] == D(2000)
    assert [w["code"] for w in result["warnings"]] == ["no_yaku"]


def test_further_winner_with_yaku(settle) -> None:
    # double ron on west's discard: south tanyao + 2 dora = 3 han 30 fu (960 × 4 = 3840 → 3900);
    # north 5 han by yaku (chinitsu open 5) = mangan 8000
    result = settle(
        winner="south",
        win=ron("west"),
        yaku=["tanyao"],
        dora=2,
        fu=30,
        further_winners=[{"winner": "north", "yaku": ["chinitsu"], "open": True}],
    )
    assert {w["winner"]: (w["han"], D(w["receives"])) for w in result["winners"]} == {"north": (5, D(8000)), "south": (3, D(3900))}
    north = next(w for w in result["winners"] if w["winner"] == "north")
    assert north["yaku_items"] == [{"code": "chinitsu", "name_en": "Full flush", "count": 1, "han": 5, "yakuman": 0, "dropped": None}]


def test_pao_with_yaku(settle) -> None:
    # daisangen with east liable, tsumo by south (non-dealer): the liable east pays the whole
    # yakuman as a ron would (8000 × 4 = 32000); nothing else is left to pay
    result = settle(winner="south", win=TSUMO, yaku=["daisangen"], liable="east")
    assert paid(result) == {"east": D(32000), "west": D(0), "north": D(0)}


def test_han_given_the_old_way_is_unchanged(settle) -> None:
    result = settle(winner="south", win=ron("west"), han=3, fu=30)
    assert result["yaku_items"] is None
    assert paid(result)["west"] == D(3900)


# --- bad input --------------------------------------------------------------------------


def pointers(response) -> list[str]:
    assert response.headers["content-type"].startswith("application/problem+json")
    return sorted(e["pointer"] for e in response.json()["errors"])


@pytest.mark.parametrize("field", ["dora", "aka_dora", "ura_dora", "nuki_dora", "open"])
def test_dora_counts_and_open_need_yaku(client, field) -> None:
    # `han` already includes the dora: a dora count beside it is a schema error (dependentRequired)
    value = True if field == "open" else 1
    response = client.post(URL, json={"winner": "south", "win": ron("west"), "han": 3, "fu": 30, field: value})
    assert response.status_code == 400
    assert pointers(response) == [f"#/{field}"]
    further = client.post(
        URL,
        json={
            "winner": "south",
            "win": ron("west"),
            "han": 3,
            "fu": 30,
            "further_winners": [{"winner": "north", "han": 1, "fu": 30, field: value}],
        },
    )
    assert further.status_code == 400
    assert pointers(further) == [f"#/further_winners/0/{field}"]


@pytest.mark.parametrize("other", [{"han": 3}, {"yakuman": 1}])
def test_yaku_and_han_or_yakuman_together(client, other) -> None:
    (name,) = other
    response = client.post(URL, json={"winner": "south", "win": ron("west"), "yaku": ["tanyao"], "fu": 30, **other})
    assert response.status_code == 422
    assert pointers(response) == sorted([f"#/{name}", "#/yaku"])


def test_below_five_han_needs_fu(client) -> None:
    response = client.post(URL, json={"winner": "south", "win": ron("west"), "yaku": ["tanyao"]})
    assert response.status_code == 422
    assert pointers(response) == ["#/fu"]


def test_zero_han_cannot_be_settled(client) -> None:
    response = client.post(URL, json={"winner": "south", "win": ron("west"), "yaku": [], "fu": 30})
    assert response.status_code == 422
    assert pointers(response) == ["#/yaku"]


def test_yaku_contradictions_point_into_the_hand(client) -> None:
    response = client.post(URL, json={"winner": "south", "win": ron("west"), "yaku": ["riichi", "pinfu"], "open": True, "fu": 30})
    assert response.status_code == 422
    assert pointers(response) == ["#/open", "#/yaku/0", "#/yaku/1"]
    further = client.post(
        URL,
        json={
            "winner": "south",
            "win": ron("west"),
            "han": 1,
            "fu": 30,
            "further_winners": [{"winner": "north", "yaku": ["honitsu", "chinitsu"]}],
        },
    )
    assert further.status_code == 422
    assert pointers(further) == ["#/further_winners/0/yaku/0", "#/further_winners/0/yaku/1"]


def test_yaku_options_pointers(client) -> None:
    response = client.post(URL, json={"winner": "south", "win": ron("west"), "yaku": ["renhou"], "yaku_options": {"renhou": "off"}})
    assert response.status_code == 422
    assert pointers(response) == ["#/yaku/0", "#/yaku_options/renhou"]


@pytest.mark.parametrize(
    ("yaku", "win", "winner", "pointer"),
    [
        (["menzen_tsumo"], ron("west"), "south", "#/win/type"),
        (["houtei", "riichi"], TSUMO, "south", "#/win/type"),
        (["chankan", "tanyao"], TSUMO, "south", "#/win/type"),
        (["tenhou"], TSUMO, "south", "#/dealer"),
        (["chiihou"], TSUMO, "east", "#/dealer"),
        (["renhou"], ron("west"), "east", "#/dealer"),
    ],
)
def test_yaku_must_agree_with_the_win(client, yaku, win, winner, pointer) -> None:
    response = client.post(URL, json={"winner": winner, "win": win, "yaku": yaku, "fu": 30})
    assert response.status_code == 422, response.text
    assert pointer in pointers(response) and "#/yaku/0" in pointers(response)


def test_published_schema_says_dora_need_yaku() -> None:
    document = json.loads((Path(__file__).resolve().parents[3] / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    for component in ("RiichiRequest", "FurtherWinner"):
        schema = document["components"]["schemas"][component]
        assert schema["dependentRequired"] == {name: ["yaku"] for name in ("open", "dora", "aka_dora", "ura_dora", "nuki_dora")}
        assert schema["properties"]["dora"]["maximum"] == 90 and schema["properties"]["aka_dora"]["maximum"] == 4


# --- properties -------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([row.code for row in YAKU_TABLE]), unique=True, max_size=5),
    st.integers(0, 6),
    st.sampled_from(["east", "south", "west", "north"]),
    st.one_of(st.none(), st.sampled_from(["east", "south", "west", "north"])),
    st.sampled_from([30, 40, 50]),
)
def test_yaku_settlement_is_the_han_settlement(yaku, dora, winner, discarder, fu) -> None:
    win = TSUMO if discarder is None or discarder == winner else ron(discarder)
    body: dict[str, Any] = {"winner": winner, "win": win, "yaku": yaku, "dora": dora, "fu": fu}
    try:
        by_yaku = riichi.settle(convert(body, RiichiRequest))
    except RuleViolation:
        return
    assert sum(by_yaku.deltas.values(), Decimal(0)) == 0
    # every declaration the contradictions let through is one `yakuman` can also give
    assert by_yaku.yakuman <= MAX_YAKUMAN
    # the same hand given as its han (or yakuman) pays exactly the same
    if by_yaku.yakuman:
        plain = {"winner": winner, "win": win, "yakuman": by_yaku.yakuman}
    else:
        plain = {"winner": winner, "win": win, "han": by_yaku.han, "fu": fu}
    by_han = riichi.settle(convert(plain, RiichiRequest))
    assert by_han.payments == by_yaku.payments


def test_yaku_through_the_tagged_settlement(client) -> None:
    # 例四 routed by `ruleset`: 11 han → sanbaiman, 24000 from the discarder
    body = client.post(
        "/v1/settlements",
        json={
            "ruleset": "riichi",
            "winner": "west",
            "win": ron("south"),
            "yaku": ["toitoi", "sanankou", "shousangen", "riichi", "haku", "chun"],
            "dora": 2,
        },
    ).json()
    assert paid(body)["south"] == D(24000)
    assert body["yaku_items"][-1] == {"code": "dora", "name_en": "Dora", "count": 2, "han": 2, "yakuman": 0, "dropped": None}


# --- yaku together with the hand's structure (`hand` instead of `fu`) -----------------------

EXAMPLE_2_HAND = {
    # 例二: closed kan of 中, chi, pon of 5-sou, chi, pair of east (double wind for the dealer at east), pair wait
    "melds": [
        {"kind": "kan", "terminal_or_honor": True},
        {"kind": "sequence", "open": True},
        {"kind": "triplet", "open": True},
        {"kind": "sequence", "open": True},
    ],
    "pair": "double_wind",
    "wait": "pair",
}


def test_example_2_from_yaku_and_structure(settle) -> None:
    # 例二: 中 1 + red five 1 = 2 han; 20 + 32 (中 closed kan) + 2 (5-sou open pon) + 4 (東 pair) + 2 (單騎)
    # = 60 fu; 60 × 2^4 = 960 × 6 = 5760 → 5800
    result = settle(winner="east", win=ron("north"), yaku=["chun"], aka_dora=1, open=True, hand=EXAMPLE_2_HAND)
    assert paid(result)["north"] == D(5800)
    assert (result["han"], result["fu"]) == (2, 60)
    assert [i["code"] for i in result["yaku_items"]] == ["chun", "aka_dora"]


def test_open_must_match_the_structure(client) -> None:
    response = client.post(URL, json={"winner": "east", "win": ron("north"), "yaku": ["chun"], "aka_dora": 1, "hand": EXAMPLE_2_HAND})
    assert response.status_code == 422
    assert pointers(response) == ["#/hand", "#/open"]


def test_pinfu_needs_the_pinfu_shape(client) -> None:
    # closed, but a closed triplet: not pinfu
    hand = {
        "melds": [
            {"kind": "sequence"},
            {"kind": "sequence"},
            {"kind": "sequence"},
            {"kind": "triplet"},
        ],
        "pair": "plain",
        "wait": "two_sided",
    }
    response = client.post(URL, json={"winner": "south", "win": ron("west"), "yaku": ["riichi", "pinfu"], "hand": hand})
    assert response.status_code == 422, response.text
    assert pointers(response) == ["#/hand", "#/yaku/1"]


def test_the_most_yakuman_one_hand_can_declare(client) -> None:
    """All honours 1 + big four winds 2 + four concealed pungs on a single
    wait 2 + four kans 1 + eight consecutive dealer wins 1 = 7 yakuman, the
    most a consistent declaration holds (tests/rulesets/riichi/test_yaku_rules.py).
    The riichi scoring article's 得點: a dealer's tsumo is paid 2 × basic by each of three,
    basic 7 × 8,000 = 56,000."""
    yaku = ["tsuuiisou", "daisuushii", "suuankou_tanki", "suukantsu", "paarenchan"]
    response = client.post(URL, json={"winner": "east", "dealer": "east", "win": TSUMO, "yaku": yaku})
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["yakuman"], body["tier"], D(body["pre_payout_total"])) == (7, "septuple_yakuman", D(56_000))
    assert paid(body) == {"south": D(112_000), "west": D(112_000), "north": D(112_000)}
    assert D(body["winner_receives"]) == D(336_000)


def test_yakuman_that_no_hand_holds_together_are_a_422(client) -> None:
    """Four kans, pure nine gates, big four winds, thirteen orphans (13-sided)
    and four concealed pungs (single wait) once counted nine yakuman and were
    settled as declared: nine gates and thirteen orphans exclude every other
    shape here (the Wikibooks extract's yakuman list)."""
    yaku = ["suukantsu", "junsei_chuuren_poutou", "daisuushii", "kokushi_musou_13", "suuankou_tanki"]
    response = client.post(URL, json={"winner": "east", "dealer": "east", "win": TSUMO, "yaku": yaku})
    assert response.status_code == 422, response.text
    assert response.json()["title"] == "The declared yaku contradict each other"
    assert sorted(set(pointers(response))) == ["#/yaku/0", "#/yaku/1", "#/yaku/2", "#/yaku/3", "#/yaku/4"]


def test_the_tier_past_octuple_is_named_by_its_count() -> None:
    # a guard: no declaration reaches it, and `yakuman` stops at 8
    assert yakuman_tier(8) == "octuple_yakuman"
    assert yakuman_tier(9) == "yakuman_x9"
