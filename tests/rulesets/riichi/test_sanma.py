"""Three players (`players: 3`): the riichi scoring article's 三人麻雀, every figure of its two
variant tables, the 200-point honba, and the missing north seat.

The tables below are copied verbatim from the riichi scoring article (例子: 閒家的點數 /
莊家的點數). Columns: basic points 240 (30 fu 1 han), 2000 (mangan), 8000
(yakuman). A cell reads `ron (tsumo payments = tsumo total)`; in the non-dealer
table the first tsumo payment is the other non-dealer's, the second the
dealer's; in the dealer table `n×2` is what each of the two non-dealers pays.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.rulesets.riichi import settlement as riichi
from service.rulesets.riichi.schemas import RiichiRequest
from tests.helpers import D, paid

NON_DEALER_TABLE = """\
基本點\t240 30副1翻\t2000 滿貫\t8000 役滿
自摸損\t1000 (300+500=800)\t8000 (2000+4000=6000)\t32000 (8000+16000=24000)
千點加符\t1000 (1300+1500=2800)\t8000 (3000+5000=8000)\t32000 (9000+17000=26000)
丸取\t1000 (400+700=1100)\t8000 (2700+5400=8100)\t32000 (10700+21400=32100)
丸取2\t1000 (400+700=1100)\t8000 (3000+5000=8000)\t32000 (12000+20000=32000)
折半支付\t1000 (500+500=1000)\t8000 (4000+4000=8000)\t32000 (16000+16000=32000)
莊家三倍支付\t1000 (300+800=1100)\t8000 (2000+6000=8000)\t32000 (8000+24000=32000)
倍取\t1000 (1000+1000=2000)\t8000 (8000+8000=16000)\t32000 (32000+32000=64000)
榮和收入調整\t800 (300+500=800)\t6000 (2000+4000=6000)\t24000 (8000+16000=24000)
"""

DEALER_TABLE = """\
基本點\t240 30副1翻\t2000 滿貫\t8000 役滿
自摸損\t1500 (500×2=1000)\t12000 (4000×2=8000)\t48000 (16000×2=32000)
千點加符\t1500 (1500×2=3000)\t12000 (5000×2=10000)\t48000 (17000×2=34000)
丸取\t1500 (800×2=1600)\t12000 (6000×2=12000)\t48000 (24000×2=48000)
倍取\t1500 (1500×2=3000)\t12000 (12000×2=24000)\t48000 (48000×2=96000)
榮和收入調整\t1000 (500×2=1000)\t8000 (4000×2=8000)\t32000 (16000×2=32000)
"""

VARIANTS = {
    "自摸損": "tsumo_loss",
    "千點加符": "thousand_bonus",
    "丸取": "ron_total_1_2",
    "丸取2": "ron_total_3_5",
    "折半支付": "ron_total_halves",
    "莊家三倍支付": "ron_total_1_3",
    "倍取": "ron_each",
    "榮和收入調整": "reduced_ron",
}

# The hand behind each column: basic 240 = 30 fu × 2^(1+2); mangan = 5 han;
# yakuman = one yakuman (8000 basic).
COLUMNS: list[dict[str, Any]] = [{"han": 1, "fu": 30}, {"han": 5}, {"yakuman": 1}]
BASICS = [240, 2000, 8000]

ND_CELL = re.compile(r"^(\d+) \((\d+)\+(\d+)=(\d+)\)$")
DEALER_CELL = re.compile(r"^(\d+) \((\d+)×2=(\d+)\)$")


def rows(table: str, cell: re.Pattern[str]) -> list[tuple[str, int, int, tuple[int, ...]]]:
    out = []
    lines = table.splitlines()
    assert [int(head.split(" ")[0]) for head in lines[0].split("\t")[1:]] == BASICS
    for line in lines[1:]:
        name, *cells = line.split("\t")
        for column, text in enumerate(cells):
            match = cell.match(text)
            assert match, text
            out.append((VARIANTS[name], column, int(match[1]), tuple(int(x) for x in match.groups()[1:])))
    return out


ND_ROWS = rows(NON_DEALER_TABLE, ND_CELL)
DEALER_ROWS = rows(DEALER_TABLE, DEALER_CELL)


def test_transcription_has_every_figure() -> None:
    assert len(ND_ROWS) == 8 * 3 and len(DEALER_ROWS) == 5 * 3
    assert {variant for variant, *_ in ND_ROWS} == set(VARIANTS.values())


def body(winner: str, win: dict[str, Any], column: int, variant: str, **extra: Any) -> dict[str, Any]:
    return {"winner": winner, "win": win, "players": 3, "rules": {"sanma_tsumo": variant}, **COLUMNS[column], **extra}


@pytest.mark.parametrize(("variant", "column", "ron", "tsumo"), ND_ROWS, ids=[f"{v}-{BASICS[c]}" for v, c, *_ in ND_ROWS])
def test_non_dealer_figure(client, variant: str, column: int, ron: int, tsumo: tuple[int, int, int]) -> None:
    """South wins (non-dealer; east deals, west is the other non-dealer)."""
    from_non_dealer, from_dealer, total = tsumo
    # The article's own per-line sums: each payment is rounded up to 100 on its own,
    # so the ron_total_* rows can total more than the ron (e.g. 400 + 700 = 1100).
    assert from_non_dealer + from_dealer == total

    result = client.post("/v1/riichi/settlements", json=body("south", {"type": "discard", "discarder": "west"}, column, variant)).json()
    assert paid(result) == {"west": D(ron), "east": D(0)}  # the dealer, not the discarder, pays 0
    assert D(result["winner_receives"]) == ron
    assert D(result["pre_payout_total"]) == BASICS[column]

    result = client.post("/v1/riichi/settlements", json=body("south", {"type": "self_draw"}, column, variant)).json()
    assert paid(result) == {"west": D(from_non_dealer), "east": D(from_dealer)}
    assert D(result["winner_receives"]) == total
    assert {p["payer"]: p["role"] for p in result["payments"]} == {"west": "non_dealer", "east": "dealer"}

    # the same at engine level
    engine = riichi.settle(msgspec.convert(body("south", {"type": "self_draw"}, column, variant), RiichiRequest))
    assert engine.winner_receives == total and engine.rules.sanma_tsumo == variant


@pytest.mark.parametrize(("variant", "column", "ron", "tsumo"), DEALER_ROWS, ids=[f"{v}-{BASICS[c]}" for v, c, *_ in DEALER_ROWS])
def test_dealer_figure(client, variant: str, column: int, ron: int, tsumo: tuple[int, int]) -> None:
    """East (the dealer) wins; south and west pay."""
    each, total = tsumo
    assert 2 * each == total
    result = client.post("/v1/riichi/settlements", json=body("east", {"type": "discard", "discarder": "south"}, column, variant)).json()
    assert paid(result) == {"south": D(ron), "west": D(0)}
    result = client.post("/v1/riichi/settlements", json=body("east", {"type": "self_draw"}, column, variant)).json()
    assert paid(result) == {"south": D(each), "west": D(each)}
    assert D(result["winner_receives"]) == total


# The riichi scoring article's dealer table has no 丸取2, 折半支付 or 莊家三倍支付 row: those split
# the ron total between a non-dealer and the dealer, and when the dealer wins
# both payers are non-dealers, so the split is even — the 丸取 row: ron 1500,
# 6 × 240 = 1440 → 1500; tsumo 1500 / 2 = 750 → 800 each; 12000 → 6000 each;
# 48000 → 24000 each.
MARUTORI_DEALER = [(1500, 800), (12000, 6000), (48000, 24000)]


@pytest.mark.parametrize("variant", ["ron_total_3_5", "ron_total_halves", "ron_total_1_3"])
@pytest.mark.parametrize("column", [0, 1, 2])
def test_dealer_split_variants_pay_like_marutori(client, variant: str, column: int) -> None:
    ron, each = MARUTORI_DEALER[column]
    result = client.post("/v1/riichi/settlements", json=body("east", {"type": "discard", "discarder": "west"}, column, variant)).json()
    assert D(result["winner_receives"]) == ron
    result = client.post("/v1/riichi/settlements", json=body("east", {"type": "self_draw"}, column, variant)).json()
    assert paid(result) == {"south": D(each), "west": D(each)}


def test_tsumo_loss_is_the_default(client) -> None:
    # 自摸損 is the default: 30 fu 1 han non-dealer tsumo 300 + 500
    result = client.post(
        "/v1/riichi/settlements", json={"winner": "south", "win": {"type": "self_draw"}, "han": 1, "fu": 30, "players": 3}
    ).json()
    assert result["rules"]["sanma_tsumo"] == "tsumo_loss"
    assert paid(result) == {"west": D(300), "east": D(500)}


def test_example_6_three_player_kazoe_yakuman_tsumo(client) -> None:
    """The riichi scoring article's 例六: 三麻, west seat (non-dealer), 19 han tsumo → counted yakuman,
    8000 basic. The article prints "莊家付8000×2=16000點加300點，閒家付8000點，
    共24000點": the stray "+300" does not belong — there are no honba in the
    example (and a three-player honba is 200, 100 per payer), and its own total
    16000 + 8000 = 24000 leaves no room for it. We follow the arithmetic."""
    result = client.post("/v1/riichi/settlements", json={"winner": "west", "win": {"type": "self_draw"}, "han": 19, "players": 3}).json()
    assert paid(result) == {"east": D(16000), "south": D(8000)}
    assert D(result["winner_receives"]) == 24000
    assert result["tier"] == "kazoe_yakuman"


def test_three_player_honba_defaults_to_200(client) -> None:
    # ron: 1000 + 200 × 2 = 1400; tsumo: 200 × 2 / 2 payers = 200 each → 500 + 200, 300 + 200
    ron = client.post(
        "/v1/riichi/settlements",
        json={"winner": "south", "win": {"type": "discard", "discarder": "west"}, "han": 1, "fu": 30, "players": 3, "honba": 2},
    ).json()
    assert ron["rules"]["honba_value"] == 200
    assert paid(ron) == {"west": D(1400), "east": D(0)}
    tsumo = client.post(
        "/v1/riichi/settlements", json={"winner": "south", "win": {"type": "self_draw"}, "han": 1, "fu": 30, "players": 3, "honba": 2}
    ).json()
    assert paid(tsumo) == {"east": D(700), "west": D(500)}
    assert D(tsumo["winner_receives"]) == 1200


def test_explicit_honba_value_wins_over_the_default(client) -> None:
    # honba_value 300 at three players: ron + 300; tsumo 300 / 2 = 150 each
    result = client.post(
        "/v1/riichi/settlements",
        json={"winner": "south", "win": {"type": "self_draw"}, "han": 1, "fu": 30, "players": 3, "honba": 1, "rules": {"honba_value": 300}},
    ).json()
    assert result["rules"]["honba_value"] == 300
    assert paid(result) == {"east": D(650), "west": D(450)}


def test_sanma_tsumo_is_ignored_with_four_players(client) -> None:
    # four players: 30 fu 1 han non-dealer tsumo is 300 / 300 / 500 whatever the variant
    result = client.post(
        "/v1/riichi/settlements",
        json={"winner": "south", "win": {"type": "self_draw"}, "han": 1, "fu": 30, "rules": {"sanma_tsumo": "ron_each"}},
    ).json()
    assert paid(result) == {"east": D(500), "west": D(300), "north": D(300)}


def test_three_player_deltas_have_no_north(client) -> None:
    result = client.post(
        "/v1/riichi/settlements",
        json={"winner": "east", "win": {"type": "discard", "discarder": "south"}, "han": 2, "fu": 30, "players": 3},
    ).json()
    assert set(result["deltas"]) == {"east", "south", "west"}
    # dealer ron: 30 × 2^4 = 480; × 6 = 2880 → 2900; west is listed with 0
    assert paid(result) == {"south": D(2900), "west": D(0)}


@pytest.mark.parametrize(
    ("request_body", "pointer"),
    [
        ({"winner": "north", "win": {"type": "self_draw"}, "han": 1, "fu": 30}, "#/winner"),
        ({"winner": "east", "win": {"type": "discard", "discarder": "north"}, "han": 1, "fu": 30}, "#/win/discarder"),
        ({"winner": "east", "dealer": "north", "win": {"type": "self_draw"}, "han": 1, "fu": 30}, "#/dealer"),
        ({"winner": "east", "win": {"type": "self_draw"}, "yakuman": 1, "liable": "north"}, "#/liable"),
        (
            {
                "winner": "east",
                "win": {"type": "discard", "discarder": "south"},
                "han": 1,
                "fu": 30,
                "further_winners": [{"winner": "north", "han": 1, "fu": 30}],
            },
            "#/further_winners/0/winner",
        ),
    ],
)
def test_a_north_seat_at_a_three_player_table_is_a_422(client, request_body: dict[str, Any], pointer: str) -> None:
    response = client.post("/v1/riichi/settlements", json={**request_body, "players": 3})
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    assert [e["pointer"] for e in response.json()["errors"]] == [pointer]


def test_seed_001_dealer_baiman_ron_equals_a_yakuman_tsumo(client) -> None:
    """The riichi scoring article's 三人麻雀, 自摸損: 「放铳給莊家倍滿的點數（4000×6=24000）已經等于
    閒家自摸役滿（8000×3=24000）」 — a non-dealer's tsumo collects basic × 3
    (1 from the other non-dealer, 2 from the dealer), a dealer's ron basic × 6."""
    url = "/v1/riichi/settlements"
    ron = client.post(url, json={"winner": "east", "win": {"type": "discard", "discarder": "south"}, "han": 8, "players": 3}).json()
    assert (ron["tier"], D(ron["pre_payout_total"])) == ("baiman", D(4000))
    assert paid(ron) == {"south": D(24000), "west": D(0)}
    tsumo = client.post(url, json={"winner": "south", "win": {"type": "self_draw"}, "yakuman": 1, "players": 3}).json()
    assert tsumo["rules"]["sanma_tsumo"] == "tsumo_loss"
    assert paid(tsumo) == {"east": D(16000), "west": D(8000)}
    assert D(tsumo["winner_receives"]) == D(ron["winner_receives"]) == D(24000)
