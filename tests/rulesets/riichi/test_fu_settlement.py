"""POST /v1/riichi/settlements with `hand` (the structure of POST
/v1/riichi/fu, without `tsumo`) instead of `fu`. Every case runs through the
engine and over HTTP. Fu arithmetic as in test_fu_engine.py; payments
from the riichi scoring article's 得點 (basic = fu × 2^(han+2); non-dealer ron ×4, dealer ron ×6;
tsumo: dealer ×2, non-dealers ×1; each payment up to 100)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import TSUMO, D, engine_or_http, paid

SEQ = {"kind": "sequence"}
OPEN_SEQ = {"kind": "sequence", "open": True}

# The riichi scoring article's 例一: two sequences, concealed north and 中 triplets, 白 pair, shanpon: 40 fu.
EXAMPLE_1 = {
    "melds": [SEQ, SEQ, {"kind": "triplet", "terminal_or_honor": True}, {"kind": "triplet", "terminal_or_honor": True, "winning": True}],
    "pair": "dragon",
    "wait": "shanpon",
}
# The riichi scoring article's 例二: 20 + 中暗槓 32 + 五索明刻 2 + 東雀頭 4 + 獨聽 2 = 60 fu.
EXAMPLE_2 = {
    "melds": [{"kind": "kan", "terminal_or_honor": True}, OPEN_SEQ, {"kind": "triplet", "open": True}, OPEN_SEQ],
    "pair": "double_wind",
    "wait": "pair",
}
# The riichi scoring article's 例三: 20 + 三萬暗槓 16 + 南暗刻 8 + 門清榮和 10 = 54 → 60 fu.
EXAMPLE_3 = {"melds": [{"kind": "kan"}, SEQ, SEQ, {"kind": "triplet", "terminal_or_honor": True}], "wait": "two_sided"}


@pytest.fixture(params=["engine", "http"])
def settle(request, client):
    return engine_or_http(request, client, riichi.settle, RiichiRequest, "/v1/riichi/settlements")


def test_seed_001_example_2_from_the_structure(settle) -> None:
    # East (dealer), 2 han, 60 fu counted: 60 × 2^(2+2) = 960; × 6 = 5760 → 5800 (the riichi scoring article's 例二).
    result = settle(winner="east", win={"type": "discard", "discarder": "north"}, han=2, hand=EXAMPLE_2)
    assert result["fu"] == 60
    assert (result["fu_count"]["fu"], result["fu_count"]["raw_fu"]) == (60, 60)
    assert {"code": "concealed_terminal_kan", "fu": 32, "meld": 0} in result["fu_count"]["items"]
    assert D(result["pre_payout_total"]) == 960
    assert paid(result) == {"north": D(5800), "south": D(0), "west": D(0)}
    assert result["winners"][0]["fu_count"] == result["fu_count"]


def test_seed_001_example_3_from_the_structure(settle) -> None:
    # South, 4 han, 54 → 60 fu: 60 × 2^6 = 3840 ≥ 2000 → mangan, 2000 × 4 = 8000 (the riichi scoring article's 例三).
    result = settle(winner="south", win={"type": "discard", "discarder": "west"}, han=4, hand=EXAMPLE_3)
    assert (result["fu"], result["fu_count"]["raw_fu"]) == (60, 54)
    assert result["tier"] == "mangan"
    assert paid(result)["west"] == D(8000)


def test_seed_001_example_1_counts_the_tsumo_from_win(settle) -> None:
    # South, 6 han tsumo: haneman, fu no longer used (null) but counted: 40, with the
    # tsumo 2 taken from `win` (the riichi scoring article's 例一: 共40符6翻). Payments follow the
    # arithmetic, not the article's split (see test_settlement.py): 6000 + 3000 + 3000.
    result = settle(winner="south", win=TSUMO, han=6, hand=EXAMPLE_1)
    assert result["fu"] is None
    assert result["fu_count"]["fu"] == 40
    assert {"code": "tsumo", "fu": 2} in result["fu_count"]["items"]
    assert paid(result) == {"east": D(6000), "west": D(3000), "north": D(3000)}


def test_pinfu_tsumo_20_fu(settle) -> None:
    # Pinfu tsumo, 2 han, non-dealer: 20 × 2^4 = 320; dealer 640 → 700, others 320 → 400
    # (the riichi scoring article's 速查表 2翻 20副: (400,700)).
    result = settle(winner="south", win=TSUMO, han=2, hand={"melds": [SEQ] * 4, "wait": "two_sided"})
    assert result["fu"] == 20
    assert paid(result) == {"east": D(700), "west": D(400), "north": D(400)}


def test_hand_rules_apply(settle) -> None:
    # Closed ron, concealed terminal triplet, double wind pair, two-sided:
    # 20 + 10 + 8 + 4 = 42 → 50; with double_wind_pair_fu 2: 40.
    # 1 han non-dealer ron: 50 × 8 × 4 = 1600; 40 × 8 × 4 = 1280 → 1300 (the riichi scoring article's 速查表 1翻).
    hand = {"melds": [{"kind": "triplet", "terminal_or_honor": True}, SEQ, SEQ, SEQ], "pair": "double_wind", "wait": "two_sided"}
    ron = {"winner": "south", "win": {"type": "discard", "discarder": "west"}, "han": 1}
    four = settle(**ron, hand=hand)
    two = settle(**ron, hand={**hand, "rules": {"double_wind_pair_fu": 2}})
    assert (four["fu"], paid(four)["west"]) == (50, D(1600))
    assert (two["fu"], paid(two)["west"]) == (40, D(1300))
    assert two["fu_count"]["rules"] == {"double_wind_pair_fu": 2, "rinshan_tsumo_fu": True, "pinfu_tsumo_fu": False}


def test_further_winner_with_a_hand(settle) -> None:
    # Double ron on west's discard: south with fu 30 (1 han: 30 × 8 × 4 = 960 → 1000),
    # north with the riichi scoring article's 例三's structure at 1 han: 60 × 8 × 4 = 1920 → 2000.
    result = settle(
        winner="south",
        win={"type": "discard", "discarder": "west"},
        han=1,
        fu=30,
        further_winners=[{"winner": "north", "han": 1, "hand": EXAMPLE_3}],
    )
    by_winner = {w["winner"]: w for w in result["winners"]}
    assert by_winner["south"]["fu_count"] is None
    assert (by_winner["north"]["fu"], by_winner["north"]["fu_count"]["raw_fu"]) == (60, 54)
    assert [D(by_winner[s]["hand_points"]) for s in ("south", "north")] == [D(1000), D(2000)]


def test_fu_without_hand_reports_no_count(settle) -> None:
    result = settle(winner="south", win={"type": "discard", "discarder": "west"}, han=1, fu=30)
    assert result["fu_count"] is None


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"han": 2, "fu": 60, "hand": EXAMPLE_2}, "#/hand"),
        ({"han": 2, "hand": {**EXAMPLE_2, "melds": EXAMPLE_2["melds"][:3]}}, "#/hand/melds"),
        ({"han": 2, "hand": {**EXAMPLE_3, "rinshan": True}}, "#/hand/rinshan"),  # rinshan is a tsumo; this is a ron
        ({"yakuman": 1, "hand": {"seven_pairs": True, "wait": "edge"}}, "#/hand/wait"),  # checked whatever the value
        (
            {
                "han": 1,
                "fu": 30,
                "further_winners": [{"winner": "north", "han": 1, "hand": {"melds": [{"kind": "triplet"}] * 4, "wait": "edge"}}],
            },
            "#/further_winners/0/hand/wait",
        ),
    ],
    ids=["fu_and_hand", "three_melds", "rinshan_on_ron", "impossible_with_yakuman", "further_winner"],
)
def test_bad_hands_are_422_naming_the_field(client, body: dict[str, Any], pointer: str) -> None:
    response = client.post("/v1/riichi/settlements", json={"winner": "south", "win": {"type": "discard", "discarder": "west"}, **body})
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


def test_hand_with_tsumo_field_is_400(client) -> None:
    # `tsumo` comes from `win`; the settlement's hand does not take it.
    response = client.post("/v1/riichi/settlements", json={"winner": "south", "win": TSUMO, "han": 2, "hand": {**EXAMPLE_3, "tsumo": True}})
    assert response.status_code == 400
    assert [e["pointer"] for e in response.json()["errors"]] == ["#/hand/tsumo"]


@pytest.mark.parametrize(
    ("winner", "melds", "amount"),
    [
        ("south", [SEQ] * 4, 3900),  # closed: 20 + 門前榮和 10 = 30 fu
        ("south", [OPEN_SEQ, SEQ, SEQ, SEQ], 3900),  # open pinfu shape: 20 + 10 = 30 fu all the same
        ("east", [SEQ] * 4, 5800),  # the dealer: 6 × 960 = 5760 → 5800
    ],
    ids=["closed", "open_pinfu_shape", "dealer"],
)
def test_seed_000_three_han_thirty_fu_from_the_structure(settle, winner, melds, amount) -> None:
    # The reference calculator: 三飜三十符閒家 = 30 × 2^5 = 960 basic, × 4 = 3840 → 3,900, all from the
    # discarder; the dealer 5,760 → 5,800; 副露咗打出去…照樣係 30 符，出嚟仲係 3,900.
    discarder = "north" if winner == "east" else "west"
    result = settle(
        winner=winner, win={"type": "discard", "discarder": discarder}, han=3, hand={"melds": melds, "pair": "plain", "wait": "two_sided"}
    )
    assert (result["fu"], D(result["pre_payout_total"])) == (30, D(960))
    assert paid(result)[discarder] == D(amount)
    assert D(result["winner_receives"]) == D(amount)
