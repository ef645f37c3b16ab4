"""POST /v1/riichi/settlements: the numbers of docs/riichi.md, the riichi scoring article's worked
examples, limits, honba and riichi sticks, warnings. Every case runs twice:
straight through the engine and over HTTP."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.hand.limits import basic_points
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import TSUMO, D, engine_or_http, paid

RON_SOUTH = {"type": "discard", "discarder": "south"}


@pytest.fixture(params=["engine", "http"])
def settle(request, client):
    return engine_or_http(request, client, riichi.settle, RiichiRequest, "/v1/riichi/settlements")


# Issue 3's table: east wins as a non-dealer (the dealer is west) unless the
# case says dealer, the discarder is south.
ISSUE_CASES = [
    # 30 × 2^(3+2) = 960; × 4 = 3840 → 3900 from the discarder, the others 0
    ("3h30f non-dealer ron", {"han": 3, "fu": 30, "dealer": "west", "win": RON_SOUTH}, {"south": 3900, "west": 0, "north": 0}, 3900, None),
    # 960 × 6 = 5760 → 5800
    ("3h30f dealer ron", {"han": 3, "fu": 30, "dealer": "east", "win": RON_SOUTH}, {"south": 5800, "west": 0, "north": 0}, 5800, None),
    # dealer 960 × 2 = 1920 → 2000; non-dealers 960 → 1000 each
    (
        "3h30f non-dealer tsumo",
        {"han": 3, "fu": 30, "dealer": "west", "win": TSUMO},
        {"west": 2000, "south": 1000, "north": 1000},
        4000,
        None,
    ),
    # pinfu tsumo: 20 × 2^5 = 640; dealer 1280 → 1300, others 640 → 700 (the reference calculator: 2,700, not 2,600)
    ("pinfu 3h20f tsumo", {"han": 3, "fu": 20, "dealer": "west", "win": TSUMO}, {"west": 1300, "south": 700, "north": 700}, 2700, None),
    # 30 × 2^6 = 1920; × 4 = 7680 → 7700
    ("4h30f ron", {"han": 4, "fu": 30, "dealer": "west", "win": RON_SOUTH}, {"south": 7700, "west": 0, "north": 0}, 7700, None),
    # kiriage: 1920 → mangan 2000 × 4 = 8000
    (
        "4h30f ron kiriage",
        {"han": 4, "fu": 30, "dealer": "west", "win": RON_SOUTH, "rules": {"kiriage": True}},
        {"south": 8000, "west": 0, "north": 0},
        8000,
        "mangan",
    ),
    # 60 × 2^5 = 1920 → 7700; kiriage 8000
    ("3h60f ron", {"han": 3, "fu": 60, "dealer": "west", "win": RON_SOUTH}, {"south": 7700, "west": 0, "north": 0}, 7700, None),
    (
        "3h60f ron kiriage",
        {"han": 3, "fu": 60, "dealer": "west", "win": RON_SOUTH, "rules": {"kiriage": True}},
        {"south": 8000, "west": 0, "north": 0},
        8000,
        "mangan",
    ),
    # 40 × 2^6 = 2560 → capped at 2000: 8000 with or without kiriage
    ("4h40f ron", {"han": 4, "fu": 40, "dealer": "west", "win": RON_SOUTH}, {"south": 8000, "west": 0, "north": 0}, 8000, "mangan"),
    (
        "4h40f ron kiriage",
        {"han": 4, "fu": 40, "dealer": "west", "win": RON_SOUTH, "rules": {"kiriage": True}},
        {"south": 8000, "west": 0, "north": 0},
        8000,
        "mangan",
    ),
    # 3900 + 2 × 300 honba = 4500 from the discarder, + 1000 stick from the table = 5500
    (
        "2 honba 1 stick ron",
        {"han": 3, "fu": 30, "dealer": "west", "win": RON_SOUTH, "honba": 2, "riichi_sticks": 1},
        {"south": 4500, "west": 0, "north": 0},
        5500,
        None,
    ),
    # tsumo: 600 honba split 200 per payer: 2000 + 200, 1000 + 200 each = 4600; + 1000 stick = 5600
    (
        "2 honba 1 stick tsumo",
        {"han": 3, "fu": 30, "dealer": "west", "win": TSUMO, "honba": 2, "riichi_sticks": 1},
        {"west": 2200, "south": 1200, "north": 1200},
        5600,
        None,
    ),
    # the riichi scoring article's 例二: 60 × 2^4 = 960, dealer ron 960 × 6 = 5760 → 5800
    ("ex.2 2h60f dealer ron", {"han": 2, "fu": 60, "dealer": "east", "win": RON_SOUTH}, {"south": 5800, "west": 0, "north": 0}, 5800, None),
    # 11 han sanbaiman 6000 × 4
    ("11 han ron", {"han": 11, "dealer": "west", "win": RON_SOUTH}, {"south": 24000, "west": 0, "north": 0}, 24000, "sanbaiman"),
    # 13 han: EMA sanbaiman 6000 × 4 = 24000; counted yakuman 8000 × 4 = 32000
    (
        "13 han kazoe sanbaiman",
        {"han": 13, "dealer": "west", "win": RON_SOUTH, "rules": {"kazoe": "sanbaiman"}},
        {"south": 24000, "west": 0, "north": 0},
        24000,
        "sanbaiman",
    ),
    (
        "13 han kazoe yakuman",
        {"han": 13, "dealer": "west", "win": RON_SOUTH},
        {"south": 32000, "west": 0, "north": 0},
        32000,
        "kazoe_yakuman",
    ),
    # the riichi scoring article's 例五: double yakuman 16000 basic; dealer 16000 × 2 = 32000, others 16000: 64000
    (
        "ex.5 yakuman 2 tsumo",
        {"yakuman": 2, "dealer": "west", "win": TSUMO},
        {"west": 32000, "south": 16000, "north": 16000},
        64000,
        "double_yakuman",
    ),
]


@pytest.mark.parametrize(
    ("body", "payments", "receives", "tier"), [case[1:] for case in ISSUE_CASES], ids=[case[0] for case in ISSUE_CASES]
)
def test_issue_numbers(settle, body: dict[str, Any], payments: dict[str, int], receives: int, tier: str | None) -> None:
    result = settle(winner="east", **body)
    assert paid(result) == {seat: D(amount) for seat, amount in payments.items()}
    assert D(result["winner_receives"]) == receives
    assert result["tier"] == tier
    assert result["ruleset"] == "riichi"


def test_ron_roles_and_zero_lines(settle) -> None:
    result = settle(winner="east", dealer="west", win=RON_SOUTH, han=3, fu=30)
    assert [(p["payer"], p["payee"], p["role"]) for p in result["payments"]] == [
        ("south", "east", "discarder"),
        ("west", "east", "other"),
        ("north", "east", "other"),
    ]


def test_tsumo_roles(settle) -> None:
    result = settle(winner="east", dealer="west", win=TSUMO, han=3, fu=30)
    assert {p["payer"]: p["role"] for p in result["payments"]} == {"west": "dealer", "south": "non_dealer", "north": "non_dealer"}


def test_honba_and_sticks_are_reported_apart(settle) -> None:
    # 2 honba × 300 = 600, 1 stick = 1000, hand 4000 (tsumo above)
    (winner,) = settle(winner="east", dealer="west", win=TSUMO, han=3, fu=30, honba=2, riichi_sticks=1)["winners"]
    assert [D(winner[k]) for k in ("hand_points", "honba_points", "riichi_stick_points", "receives")] == [4000, 600, 1000, 5600]


def test_deltas_are_zero_sum_except_sticks(settle) -> None:
    result = settle(winner="east", dealer="west", win=RON_SOUTH, han=3, fu=30, honba=2, riichi_sticks=1)
    # the discarder loses 4500, the winner gains 5500: the extra 1000 is the stick from the table
    assert {seat: D(v) for seat, v in result["deltas"].items()} == {"east": D(5500), "south": D(-4500), "west": D(0), "north": D(0)}


def test_custom_honba_value(settle) -> None:
    # 1500 per honba (the riichi scoring article's 地方變異): ron + 1500; tsumo 1500 / 3 = 500 per payer
    ron = settle(winner="east", dealer="west", win=RON_SOUTH, han=3, fu=30, honba=1, rules={"honba_value": 1500})
    assert paid(ron)["south"] == D(3900 + 1500)
    tsumo = settle(winner="east", dealer="west", win=TSUMO, han=3, fu=30, honba=1, rules={"honba_value": 1500})
    assert paid(tsumo) == {"west": D(2500), "south": D(1500), "north": D(1500)}


def test_rules_are_echoed_resolved(settle) -> None:
    result = settle(winner="east", win=TSUMO, han=1, fu=30)
    assert result["rules"] == {
        "kiriage": False,
        "kazoe": "yakuman",
        "kazoe_double": False,
        "multiple_yakuman": True,
        "honba_value": 300,
        "sanma_tsumo": "tsumo_loss",
        "multiple_ron": "allowed",
        "multi_ron_honba": "each",
        "noten_payment": 3000,
        "noten_with_nagashi": False,
        "shugi": False,
        "shugi_yakuman_ron": 10,
        "shugi_yakuman_tsumo": 5,
        "shugi_kazoe": True,
        "shugi_per_yakuman": False,
        "pao_scope": "yakuman",
        "pao_honba": "liable",
        "rinshan_pao": False,
        "nukidora_rinshan": True,
    }
    assert (result["players"], result["dealer"], result["honba"], result["riichi_sticks"]) == (4, "east", 0, 0)


# --- The riichi scoring article's 例一 … 例五 (例六, three players, is in test_sanma.py) ------
# "X位" in the article is the seat wind; with the dealer at east (the default) the
# seat wind is the seat.


def test_example_1_haneman_tsumo(settle) -> None:
    """例一: south, 6 han 40 fu tsumo — haneman, 3000 basic. The article prints
    "莊家付4000，閒家付2000，共收12000": 4000 + 2000 + 2000 is 8000, not its own
    12000 total. Following the arithmetic (the riichi scoring article's 得點): the dealer pays
    3000 × 2 = 6000, each non-dealer 3000: 6000 + 3000 + 3000 = 12000."""
    result = settle(winner="south", win=TSUMO, han=6, fu=40)
    assert paid(result) == {"east": D(6000), "west": D(3000), "north": D(3000)}
    assert D(result["winner_receives"]) == 12000
    assert (result["tier"], D(result["pre_payout_total"]), result["fu"]) == ("haneman", D(3000), None)


def test_example_2_dealer_ron(settle) -> None:
    """例二: east (dealer), 2 han 60 fu ron: 960 × 6 = 5760 → 5800."""
    result = settle(winner="east", win={"type": "discard", "discarder": "north"}, han=2, fu=60)
    assert paid(result)["north"] == D(5800)
    assert D(result["pre_payout_total"]) == 960


def test_example_3_four_han_sixty_fu(settle) -> None:
    """例三: south, 4 han, 54 fu rounded to 60: mangan, 2000 × 4 = 8000."""
    result = settle(winner="south", win={"type": "discard", "discarder": "west"}, han=4, fu=60)
    assert paid(result)["west"] == D(8000)
    assert result["tier"] == "mangan"


def test_example_4_sanbaiman_ron(settle) -> None:
    """例四: west, 11 han ron: sanbaiman, 6000 × 4 = 24000."""
    result = settle(winner="west", win={"type": "discard", "discarder": "south"}, han=11)
    assert paid(result)["south"] == D(24000)
    assert (result["tier"], D(result["pre_payout_total"])) == ("sanbaiman", D(6000))


def test_example_5_double_yakuman_tsumo(settle) -> None:
    """例五: west, 四暗刻 + 大三元 tsumo: 16000 basic, dealer 32000, others 16000."""
    result = settle(winner="west", win=TSUMO, yakuman=2)
    assert paid(result) == {"east": D(32000), "south": D(16000), "north": D(16000)}
    assert D(result["winner_receives"]) == 64000
    assert result["yakuman"] == 2 and result["han"] is None


def test_example_5_without_multiple_yakuman(settle) -> None:
    """例五: "如規則不設複合役滿，則以役滿計算" — one yakuman: 16000 + 8000 + 8000."""
    result = settle(winner="west", win=TSUMO, yakuman=2, rules={"multiple_yakuman": False})
    assert paid(result) == {"east": D(16000), "south": D(8000), "north": D(8000)}
    assert (result["tier"], result["yakuman"]) == ("yakuman", 1)
    assert [w["code"] for w in result["warnings"]] == ["yakuman_capped"]


# --- Limits and tiers --------------------------------------------------------------

LADDER = [
    # han, basic points, tier — the riichi scoring article's 滿貫 … 累計役滿
    (5, 2000, "mangan"),
    (6, 3000, "haneman"),
    (7, 3000, "haneman"),
    (8, 4000, "baiman"),
    (10, 4000, "baiman"),
    (11, 6000, "sanbaiman"),
    (12, 6000, "sanbaiman"),
    (13, 8000, "kazoe_yakuman"),
    (40, 8000, "kazoe_yakuman"),
]


@pytest.mark.parametrize(("han", "basic", "tier"), LADDER)
def test_limit_ladder(settle, han: int, basic: int, tier: str) -> None:
    result = settle(winner="south", win={"type": "discard", "discarder": "west"}, han=han, fu=30)
    assert (D(result["pre_payout_total"]), result["tier"], result["fu"]) == (D(basic), tier, None)
    assert paid(result)["west"] == D(4 * basic)


@pytest.mark.parametrize(
    ("count", "tier"),
    [
        (1, "yakuman"),
        (2, "double_yakuman"),
        (3, "triple_yakuman"),
        (4, "quadruple_yakuman"),
        (6, "sextuple_yakuman"),
        (8, "octuple_yakuman"),
    ],
)
def test_yakuman_counts(settle, count: int, tier: str) -> None:
    # k yakuman = k × 8000 basic; non-dealer ron × 4; han/fu given alongside are ignored
    result = settle(winner="south", win={"type": "discard", "discarder": "west"}, yakuman=count, han=2, fu=30)
    assert (D(result["pre_payout_total"]), result["tier"], result["han"], result["fu"]) == (D(8000 * count), tier, None, None)
    assert D(result["winner_receives"]) == 32000 * count


def test_mangan_cap_below_five_han(settle) -> None:
    # 2 han 110 fu: 110 × 16 = 1760 (no cap); 3 han 70 fu: 70 × 32 = 2240 → capped at 2000
    assert settle(winner="south", win=TSUMO, han=2, fu=110)["tier"] is None
    capped = settle(winner="south", win=TSUMO, han=3, fu=70)
    assert (capped["tier"], D(capped["pre_payout_total"])) == ("mangan", D(2000))


def test_kiriage_applies_to_every_1920_hand() -> None:
    # 2 han 120 fu is also 120 × 2^4 = 1920 (the reference calculator: kiriage is about basic 1920)
    assert basic_points(2, 120, RiichiRules(kiriage=True)) == (2000, "mangan")
    assert basic_points(2, 120, RiichiRules()) == (1920, None)
    assert basic_points(4, 25, RiichiRules(kiriage=True)) == (1600, None)  # 25 × 64


def test_fu_is_not_needed_from_five_han(settle) -> None:
    result = settle(winner="south", win=TSUMO, han=5)
    assert paid(result) == {"east": D(4000), "west": D(2000), "north": D(2000)}


# --- Warnings ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "win", "codes", "receives"),
    [
        # 20 fu ron: 20 × 2^5 = 640 × 4 = 2560 → 2600, still computed
        (3, 20, RON_SOUTH, ["fu_20_on_ron"], 2600),
        # 20 fu tsumo at 1 han: 160 → 200, 200, 320 → 400: 800
        (1, 20, TSUMO, ["fu_20_tsumo_below_2_han"], 800),
        # 25 fu at 1 han ron: 25 × 8 = 200 × 4 = 800
        (1, 25, RON_SOUTH, ["fu_25_below_2_han"], 800),
        # 25 fu tsumo at 2 han: 25 × 16 = 400 → 400 + 400 + 800 = 1600
        (2, 25, TSUMO, ["fu_25_tsumo_below_3_han"], 1600),
        # 1 han 20 fu ron: 160 × 4 = 640 → 700
        (1, 20, RON_SOUTH, ["fu_20_on_ron"], 700),
        # legitimate combinations, no warning. Pinfu tsumo 2 han: 320; 640 → 700 + 320 → 400 × 2 = 1500
        (2, 20, TSUMO, [], 1500),
        (2, 25, RON_SOUTH, [], 1600),  # 25 × 16 = 400 × 4
        (3, 25, TSUMO, [], 1600 + 800 + 800),  # 25 × 32 = 800; dealer 1600
        (5, 20, RON_SOUTH, [], 8000),  # fu are ignored from 5 han: nothing to warn about
    ],
)
def test_impossible_combinations_warn_but_settle(settle, han: int, fu: int, win: dict[str, Any], codes: list[str], receives: int) -> None:
    result = settle(winner="east", dealer="west", win=win, han=han, fu=fu)
    assert [w["code"] for w in result["warnings"]] == codes
    assert D(result["winner_receives"]) == receives
    for item in result["warnings"]:
        assert "east" in item["message"]


def test_fu_20_tsumo_at_two_han_is_pinfu_tsumo(settle) -> None:
    # 2 han 20 fu tsumo (pinfu + menzen tsumo): 320; dealer 640 → 700, others 320 → 400: 1500
    result = settle(winner="east", dealer="west", win=TSUMO, han=2, fu=20)
    assert paid(result) == {"west": D(700), "south": D(400), "north": D(400)}
