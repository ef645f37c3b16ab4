"""First-turn wins, the dealer's streak per preset, the seat that is east,
`rules` on `POST /v1/taiwan/hands`, and the Wikibooks extract's context codes.

Expected values: the Wikibooks extract's and the Taiwan tai table's lines
(quoted), added up by hand."""

from __future__ import annotations

from typing import Any

import pytest

from service.core.errors import RuleViolation
from tests.helpers import TSUMO, ron
from tests.rulesets.taiwan.test_tai import P, count
from tests.rulesets.taiwan.test_tiles import evaluate, hand, meld, tai_of

ISSUE_HAND = "123m456m789m222p567p55s"
KONG = [meld("kong", "2222p", True)]


# --- first-turn wins do not also score 門清 / 門清自摸 ------------------------------------------


@pytest.mark.parametrize(("preset", "tai"), [("default", 24), ("zhaishenye", 36), ("mahjong_master", 16), ("yue_wikibooks", 16)])
def test_heavenly_win_alone(preset: str, tai: int) -> None:
    # the Wikibooks extract, 天胡: 莊家喺配牌補花後即刻食糊…不計門清一摸三 — the dealt tiles win: no
    # 門清自摸 and no wait (the Taiwan tai table: 開局的十七張就胡了), 天胡 alone
    found, items = tai_of(hand(ISSUE_HAND, "5s", winner="east", win=TSUMO, blessing=True, preset=preset))
    assert found == tai
    assert items["concealed_self_draw"] == 0 and "pair_wait" not in items


def test_heavenly_win_listed_with_concealed_self_draw() -> None:
    result = count([P("heavenly_win"), P("concealed_self_draw")])
    assert result.tai == 24
    assert result.items[1].replaced_by == "heavenly_win"


def test_earthly_win_keeps_self_draw_and_unaided() -> None:
    # 地胡: 唔計天聽、門清，不過自摸就可以加計不求。自摸2台 — 16 + 自摸 1 + 不求 1 (the extract's values)
    result = count([P("earthly_win"), P("concealed_self_draw"), P("heavenly_ready")], preset="yue_wikibooks")
    assert result.tai == 16 + 1 + 1
    assert {item.code: item.tai for item in result.items} == {"earthly_win": 16, "self_draw": 1, "unaided": 1, "heavenly_ready": 0}


def test_human_win_without_concealed() -> None:
    # 人胡: 唔會計天聽、門清 — 人胡 8 alone
    result = count([P("human_win"), P("concealed"), P("heavenly_ready")])
    assert result.tai == 8


# --- 天胡 / 地胡 after concealed kongs before the first discard --------------------------------


def test_heavenly_win_after_a_concealed_kong_under_yue_wikibooks() -> None:
    # 莊家起手未打牌前開暗槓或連續暗槓而食糊，都當做天胡，而且可以加計槓上開花1台: 16 + 1
    body = hand("123456789m567s88p", "7s", winner="east", win=TSUMO, blessing=True, after_kong=True, melds=KONG, preset="yue_wikibooks")
    found, items = tai_of(body)
    assert found == 16 + 1
    assert items["heavenly_win"] == 16 and items["win_on_replacement"] == 1


def test_earthly_win_after_a_concealed_kong_under_yue_wikibooks() -> None:
    # 閒家摸入第一隻牌未打牌前開暗槓或連續暗槓而食糊，都當地胡，而且可以加計槓上開花1台; 自摸2台 (自摸 + 不求):
    # 16 + 1 + 1 + 1 (7s completes 56s two-sided: no one-tile wait)
    body = hand("123456789m567s88p", "7s", win=TSUMO, blessing=True, after_kong=True, melds=KONG, preset="yue_wikibooks")
    assert tai_of(body)[0] == 16 + 1 + 1 + 1


@pytest.mark.parametrize("preset", ["default", "wikibooks"])
def test_a_first_turn_win_after_a_kong_is_refused_by_the_tai_tables_presets(preset: str) -> None:
    # the Taiwan tai table, 天胡: 莊家補完花，開局的十七張就胡了 — no kong
    body = hand("123456789m567s88p", "7s", winner="east", win=TSUMO, blessing=True, after_kong=True, melds=KONG, preset=preset)
    with pytest.raises(RuleViolation) as caught:
        tai_of(body)
    assert [problem.pointer for problem in caught.value.problems] == ["/tiles/blessing"]


def test_a_first_turn_win_after_a_called_meld_is_refused_under_yue_wikibooks() -> None:
    body = hand("123456789m567s88p", "7s", win=TSUMO, blessing=True, melds=[meld("pung", "222p")], preset="yue_wikibooks")
    with pytest.raises(RuleViolation):
        tai_of(body)


def test_patterns_heavenly_win_with_a_replacement_under_yue_wikibooks() -> None:
    assert count([P("heavenly_win"), P("win_on_replacement")], preset="yue_wikibooks").tai == 17
    with pytest.raises(RuleViolation):
        count([P("heavenly_win"), P("win_on_replacement")])


# --- the Wikibooks extract's context codes ---------------------------------------------------


def test_earthly_ready_first() -> None:
    # 地聽一發 8: 唔會計地聽，門清。如果自摸就加計不求。自摸2台 — 8 + 自摸 1 + 不求 1 (+ nothing else: 2p two-sided,
    # 平胡 is a discard's)
    body = hand("123456789m234p567s88p", "2p", win=TSUMO, context=["earthly_ready_first", "earthly_ready"], preset="yue_wikibooks")
    found, items = tai_of(body)
    assert found == 8 + 1 + 1
    assert items["earthly_ready"] == 0


def test_two_kongs_bloom() -> None:
    # 連槓2開花 8 (槓上開花 in it) + 門清一摸三 3 (the kongs are concealed) + 雙2連刻 one group 2 (2222s 3333s:
    # 2連刻, 一組2台): 123m 456p 789p 88p + 暗槓 2222s 3333s
    melds = [meld("kong", "2222s", True), meld("kong", "3333s", True)]
    body = hand("123m456p789p88p", "8p", win=TSUMO, after_kong=True, melds=melds, context=["two_kongs_bloom"], preset="yue_wikibooks")
    found, items = tai_of(body)
    assert items["two_kongs_bloom"] == 8 and items["win_on_replacement"] == 0
    assert found == 8 + 3 + 2 + 1  # + 單釣 1: 8p was the only wait


def test_three_kongs_bloom_needs_three_kongs() -> None:
    melds = [meld("kong", "2222s", True), meld("kong", "3333s", True)]
    body = hand("123m456p789p88p", "8p", win=TSUMO, after_kong=True, melds=melds, context=["three_kongs_bloom"], preset="yue_wikibooks")
    with pytest.raises(RuleViolation) as caught:
        tai_of(body)
    assert [problem.pointer for problem in caught.value.problems] == ["/tiles/context/0"]


# --- 麻將大師 counts the streak as N ------------------------------------------------------------


def settlement(client, preset: str, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"winner": "south", "win": ron("east"), "tai": 5, "dealer": "east", "dealer_streak": 2, "preset": preset}
    if rules is not None:
        body["rules"] = rules
    response = client.post("/v1/taiwan/settlements", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def paid_by_east(body: dict[str, Any]) -> int:
    return next(line["amount"] for line in body["payments"] if line["payer"] == "east")


def test_mahjong_master_streak_is_n(client) -> None:
    # the Taiwan tai table, 連N拉N: 2N台 … 麻將大師 N（有拉莊再加 N）: the dealer east pays
    # 100 + (5 + 1 + 1 × 2) × 20 = 260
    body = settlement(client, "mahjong_master")
    assert paid_by_east(body) == 260 and body["rules"]["streak_tai_per"] == 1


def test_default_streak_is_2n(client) -> None:
    # 連二拉二是 4 台，加上莊家台共 5 台: 100 + (5 + 5) × 20 = 300
    body = settlement(client, "default")
    assert paid_by_east(body) == 300 and body["rules"]["streak_tai_per"] == 2


def test_a_sent_streak_rule_wins_over_the_preset(client) -> None:
    body = settlement(client, "mahjong_master", {"streak_tai_per": 2})
    assert paid_by_east(body) == 300 and body["rules"]["streak_tai_per"] == 2


# --- 門風 from the seat that is east ---------------------------------------------------------


def test_east_seat_sets_the_seat_wind() -> None:
    # 門風看擲骰開門：從誰面前的牌牆開牌，誰就是東家，不一定是莊家 — south is east: its 東 pung is 圈風 1 + 門風 1,
    # and f1 is its own flower 1; + 門清 1
    body = hand("123456789m111z34p88p2p", "2p", east_seat="south", flowers=["f1"])
    result = evaluate(body)
    assert result["seat_wind"] == "east"
    assert result["tai"] == 1 + 1 + 1 + 1
    # the dealer east sitting east: south's wind is south, f1 not its own — 圈風 1 + 門清 1
    assert tai_of(hand("123456789m111z34p88p2p", "2p", flowers=["f1"]))[0] == 2


# --- rules on POST /v1/taiwan/hands ------------------------------------------------------------


def test_hands_takes_rules(client) -> None:
    body = hand(ISSUE_HAND, "5s", win=TSUMO, preset="mahjong_master")
    body["rules"] = {"base": 50, "unit": 10, "tai_cap": 30}
    response = client.post("/v1/taiwan/hands", json=body)
    assert response.status_code == 200, response.text
    rules = response.json()["rules"]
    assert rules == {"base": 50, "unit": 10, "dealer_tai": 1, "streak_tai_per": 1, "tai_cap": 30}


def test_hands_refuses_a_bad_rule(client) -> None:
    body = hand(ISSUE_HAND, "5s", win=TSUMO)
    body["rules"] = {"streak_tai_per": 9}
    response = client.post("/v1/taiwan/hands", json=body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/rules/streak_tai_per"


# --- 地胡 on the replacement for a flower; what a self-drawn 地胡 adds, per preset ------------------


@pytest.mark.parametrize(("preset", "tai"), [("default", 16 + 1 + 1 + 1), ("yue_wikibooks", 16 + 1 + 1 + 1 + 1)])
def test_earthly_win_on_the_replacement_for_a_flower(preset: str, tai: int) -> None:
    # south's first draw is a flower (f3, not south's own number 2), the replacement 5s wins: still 地胡
    # (the tai table: 閒家第一次摸牌就自摸), and 槓上開花 1 (the tai table: 槓或補花之後補進來的牌自摸; the
    # Wikibooks extract: 摸花或開槓之後槓尾補牌). default: 16 + 自摸 1 + 槓上開花 1 + 單吊 1 (55s, 5s alone);
    # yue_wikibooks adds 不求 1 (自摸就可以加計不求。自摸2台)
    body = hand(ISSUE_HAND, "5s", win=TSUMO, blessing=True, after_flower=True, flowers=["f3"], preset=preset)
    found, items = tai_of(body)
    assert items["earthly_win"] == 16 and items["win_on_replacement"] == 1
    assert found == tai


def test_a_heavenly_win_on_a_flower_replacement_is_still_refused() -> None:
    # 天胡: 莊家補完花，開局的十七張就胡了 — the dealer's flowers are replaced in the deal, not a win on a replacement
    body = hand(ISSUE_HAND, "5s", winner="east", win=TSUMO, blessing=True, after_flower=True, flowers=["f3"])
    with pytest.raises(RuleViolation):
        tai_of(body)


@pytest.mark.parametrize(
    ("preset", "tai", "unaided"),
    [
        # the tai table's presets: 不求 only 宣告天聽或地聽的門清手牌自摸時 — 16 + 自摸 1 + 單吊 1
        ("default", 16 + 1 + 1, 0),
        ("shenlaiye", 16 + 1 + 1, 0),
        ("mahjong_master", 16 + 1 + 1, 0),
        # 宅神爺: 地胡 24, 自摸 2, 單吊 2 (邊張 row: 宅神爺2; 單吊 alike)
        ("zhaishenye", 24 + 2 + 2, 0),
        # the Wikibooks extract: 唔計天聽、門清，不過自摸就可以加計不求。自摸2台 — 16 + 自摸 1 + 不求 1 + 單吊 1
        ("yue_wikibooks", 16 + 1 + 1 + 1, 1),
    ],
)
def test_what_a_self_drawn_earthly_win_adds(preset: str, tai: int, unaided: int) -> None:
    found, items = tai_of(hand(ISSUE_HAND, "5s", win=TSUMO, blessing=True, preset=preset))
    assert found == tai
    assert items["self_draw"] >= 1 and items.get("unaided", 0) == unaided and items.get("concealed_self_draw", 0) == 0


@pytest.mark.parametrize(("preset", "tai"), [("default", 16 + 1), ("yue_wikibooks", 16 + 1 + 1)])
def test_what_a_self_drawn_earthly_win_adds_from_patterns(preset: str, tai: int) -> None:
    # the same from patterns: 地胡 listed with 門清自摸 counts 自摸 (+ 不求 under the extract)
    assert count([P("earthly_win"), P("concealed_self_draw")], preset=preset).tai == tai
    assert count([P("earthly_win"), P("self_draw"), P("unaided")], preset=preset).tai == tai
