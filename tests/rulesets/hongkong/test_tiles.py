"""Hong Kong fan from tiles (`POST /v1/hongkong/hands`, `tiles` in settlements).

Every expected fan is added up by hand from seed 002's fan sheet (番数表) for
the hand written next to it; each row of the sheet has a hand that scores it
and a near miss that does not. Seat winds: the dealer sits east, so with the
default dealer east a winner `south` has seat wind south (2z) and own
flowers f2/s2; the round wind defaults to east (1z)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core.errors import RuleViolation
from service.core.tiles import parse_tiles
from service.rulesets.hongkong.counting import FanRequest, count_fan
from service.rulesets.hongkong.settlement import HongKongHandRequest, evaluate_hand
from tests.helpers import TSUMO, ron
from tests.strategies import SEATS, sets_and_pair, tile_text

A = "123m456p789s234s55m"
"""Four chows, a plain pair: 1m completes 123m two-sided, 3m completes it on the edge."""


def hand(concealed: str, win_tile: str, *, winner: str = "south", win: dict[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    tiles: dict[str, Any] = {"concealed": concealed, "win_tile": win_tile}
    body: dict[str, Any] = {"winner": winner, "win": win or ron("north")}
    for key in ("dealer", "rules", "eight_immortals"):
        if key in extra:
            body[key] = extra.pop(key)
    tiles.update(extra)
    body["tiles"] = tiles
    return body


def evaluate(body: dict[str, Any]) -> dict[str, Any]:
    return msgspec.to_builtins(evaluate_hand(msgspec.convert(body, HongKongHandRequest)), enc_hook=Decimal)  # echoed rules hold ExactNumber


def fan_of(body: dict[str, Any]) -> tuple[int, dict[str, int]]:
    """(total fan, code → fan it added) of the hand."""
    result = evaluate(body)
    return result["fan"], {item["code"]: item["fan"] for item in result["items"]}


def pung(tiles: str) -> dict[str, Any]:
    return {"kind": "pung", "tiles": tiles}


def kong(tiles: str, concealed: bool = False) -> dict[str, Any]:
    return {"kind": "kong", "tiles": tiles, "concealed": concealed}


def chow(tiles: str) -> dict[str, Any]:
    return {"kind": "chow", "tiles": tiles}


# (row, hand that scores it, total fan, near miss, total fan of the near miss)
ROWS: list[tuple[str, dict[str, Any], int, dict[str, Any] | None, int]] = [
    # 門前清 1 + 無花 1 + 平胡 1; near miss: the winning tile on the edge (not 两头听)
    ("all_chows", hand(A, "1m"), 3, hand(A, "3m"), 2),
    # 平胡 needs 眼非番牌: a red-dragon pair is a near miss
    ("all_chows", hand(A, "1m"), 3, hand("123m456p789s234s77z", "1m"), 2),
    ("self_draw", hand(A, "1m", win=TSUMO), 4, hand(A, "1m"), 3),
    # 門前清 near miss: a called pung (無花 1 + 雞胡 0)
    ("concealed", hand(A, "1m"), 3, hand("123m456p234s55m", "5m", melds=[pung("777s")]), 1),
    # 槓上自摸 + 自摸 + 門前清 (a concealed kong keeps it) + 無花
    (
        "win_on_kong",
        hand("123m456p234s55m", "5m", win=TSUMO, melds=[kong("7777s", True)], after_kong=True),
        4,
        hand("123m456p234s55m", "5m", win=TSUMO, melds=[kong("7777s", True)]),
        3,
    ),
    # 花上自摸 + 自摸 + 門前清 + 平胡 (f4 is north's flower, not south's)
    ("win_on_flower", hand(A, "1m", win=TSUMO, flowers=["f4"], after_flower=True), 4, hand(A, "1m", win=TSUMO, flowers=["f4"]), 3),
    ("robbing_kong", hand(A, "1m", robbing_kong=True), 4, hand(A, "1m"), 3),
    ("last_tile", hand(A, "1m", win=TSUMO, last_tile=True), 5, hand(A, "1m", last_tile=True), 4),
    ("last_discard", hand(A, "1m", last_tile=True), 4, hand(A, "1m", win=TSUMO, last_tile=True), 5),
    # 正花 ×2 (south: f2, s2) + 門前清 + 平胡; near miss f1 is east's
    ("seat_flower", hand(A, "1m", flowers=["f2", "s2"]), 4, hand(A, "1m", flowers=["f1"]), 2),
    # 一台花 2 (its 正花 f2 is not counted again) + 門前清 + 平胡; near miss 3 flowers and a season: f2 正花 only
    ("flower_set", hand(A, "1m", flowers=["f1", "f2", "f3", "f4"]), 4, hand(A, "1m", flowers=["f1", "f2", "f3", "s4"]), 3),
    ("no_flowers", hand(A, "1m"), 3, hand(A, "1m", flowers=["s3"]), 2),
    # 八仙過海 8 (the flowers and the self-draw are part of it) + 門前清 + 平胡; near miss: seven flowers,
    # 一台花 2 + 正花 s2 1 (f2 is in the set) + 自摸 1 + 門前清 1 + 平胡 1
    (
        "eight_immortals",
        hand(A, "1m", win=TSUMO, flowers=["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]),
        10,
        hand(A, "1m", win=TSUMO, flowers=["f1", "f2", "f3", "f4", "s1", "s2", "s3"]),
        6,
    ),
    # 門前清 + 無花 + 紅中 1 (雞胡)
    ("dragon_pong", hand("123m456p234s55m777z", "5m"), 3, hand("123m456p234s55m789s", "5m"), 2),
    # west's seat wind is west (3z); for south it is no pattern
    ("seat_wind", hand("123m456p234s55m333z", "5m", winner="west"), 3, hand("123m456p234s55m333z", "5m"), 2),
    (
        "prevailing_wind",
        hand("123m456p234s55m222z", "5m", winner="west", round_wind="south"),
        3,
        hand("123m456p234s55m222z", "5m", winner="west"),
        2,
    ),
    # 小三元 5 (its two dragon pongs included) + 門前清 + 無花; near miss: a plain pair, two dragon pongs 2
    ("little_three_dragons", hand("123m234p55z666z777z", "1m"), 7, hand("123m234p55m666z777z", "1m"), 4),
    ("big_three_dragons", hand("123m99p555z666z777z", "1m"), 10, hand("123m456s99p666z777z", "1m"), 4),
    # 小四喜 6 + 門風 (222z) + 圈風 (111z) + 混一色 3 + 門前清 + 無花; near miss: a suited pair, no 小四喜
    ("little_four_winds", hand("123m111z222z333z44z", "1m"), 13, hand("123m55m111z222z333z", "1m"), 7),
    ("chicken_hand", hand(A, "3m"), 2, hand("111m222p333s55p", "5p", melds=[pung("444m")]), 4),
    # 對對胡 3 + 無花 (a called pung: not 坎坎胡); near miss: a called chow instead
    ("all_pongs", hand("111m222p333s55p", "5p", melds=[pung("444m")]), 4, hand("111m222p333s55p", "5p", melds=[chow("345m")]), 1),
    # 混一色 3 + 圈風 (111z) + 門前清 + 無花; near miss: the pair in another suit
    ("half_flush", hand("123456789m111z99m", "1z"), 6, hand("123456789m111z99p", "1z"), 3),
    # 清一色 7 + 平胡 + 門前清 + 無花; near miss: an honour pair makes it 混一色
    ("full_flush", hand("123m456m789m234m55m", "1m"), 10, hand("123m456m789m234m77z", "1m"), 5),
    # 混么九 4 (對對胡 included) + 圈風 + 無花; near miss: 888p is not a terminal, 對對胡 3
    (
        "mixed_terminals",
        hand("111m999p111z22z", "2z", melds=[pung("999s")]),
        6,
        hand("111m888p111z22z", "2z", melds=[pung("999s")]),
        5,
    ),
]


@pytest.mark.parametrize(("code", "scores", "total", "near", "near_total"), ROWS, ids=[f"{row[0]}-{i}" for i, row in enumerate(ROWS)])
def test_each_fan_row_has_a_hand_and_a_near_miss(
    code: str, scores: dict[str, Any], total: int, near: dict[str, Any] | None, near_total: int
) -> None:
    fan, items = fan_of(scores)
    assert fan == total
    assert code in items
    if near is not None:
        near_fan, near_items = fan_of(near)
        assert near_fan == near_total
        assert code not in near_items or (code == "all_chows" and near_items[code] == 0)


CAP = 10

LIMITS: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    # (limit row, hand, near miss, a row the near miss has instead)
    ("thirteen_orphans", hand("19m19p19s12345677z", "7z"), hand("19m19p19s1234566z9s", "9s"), "thirteen_orphans"),
    ("nine_gates", hand("11123456789999m", "9m"), hand("11123456999m", "9m", melds=[chow("789m")]), "full_flush"),
    (
        "four_kongs",
        hand("55m", "5m", melds=[kong("1111m"), kong("2222p"), kong("3333s"), kong("4444m")]),
        hand("55m111m", "5m", melds=[kong("2222p"), kong("3333s"), kong("4444m")]),
        "all_pongs",
    ),
    ("big_four_winds", hand("11m111z222z333z444z", "1m"), hand("111z222z333z44z", "4z", melds=[pung("555m")]), "little_four_winds"),
    ("all_honours", hand("111z222z333z77z", "7z", melds=[pung("555z")]), hand("111z222z333z77z", "7z", melds=[pung("555m")]), "half_flush"),
    (
        "pure_terminals",
        hand("111m999m111p11s", "1s", melds=[pung("999p")]),
        hand("111m999m111z11s", "1s", melds=[pung("999p")]),
        "mixed_terminals",
    ),
    # 坎坎胡: four concealed pongs, the discard completing the pair; near miss: the discard completes a pong
    ("four_concealed_pongs", hand("111m222p333s444m55p", "5p"), hand("111m222p333s444m55p", "4m"), "all_pongs"),
    ("heavenly_hand", hand(A, "1m", winner="east", win=TSUMO, blessing=True), hand(A, "1m", winner="east", win=TSUMO), "all_chows"),
    ("earthly_hand", hand(A, "1m", win=ron("east"), blessing=True), hand(A, "1m", win=ron("east")), "all_chows"),
]


@pytest.mark.parametrize(("code", "scores", "near", "instead"), LIMITS, ids=[row[0] for row in LIMITS])
def test_each_limit_hand_scores_the_cap_and_its_near_miss_does_not(
    code: str, scores: dict[str, Any], near: dict[str, Any], instead: str
) -> None:
    result = evaluate(scores)
    assert result["limit_hand"] is True
    assert result["fan"] == CAP and result["fan_paid"] == CAP and result["tier"] == "limit"
    items = {item["code"]: item for item in result["items"]}
    assert items[code]["fan"] == CAP
    # 爆棚牌：计十番，不另加番 — everything else is included in it
    assert all(item["fan"] == 0 and item["included_in"] == code for c, item in items.items() if c != code)
    if code == "thirteen_orphans":
        with pytest.raises(RuleViolation):
            evaluate(near)
        return
    missed = evaluate(near)
    assert missed["limit_hand"] is False
    assert code not in {item["code"] for item in missed["items"]}
    assert instead in {item["code"] for item in missed["items"]}


def test_seed_002_combinations_as_hands() -> None:
    # 相加：对对胡＋混一色＝6 — called pungs, a north pung (no wind fan for south in an east round), a flower not south's
    fan, items = fan_of(hand("111p99p444z", "4z", flowers=["f1"], melds=[pung("777p"), pung("222p")]))
    assert (fan, items) == (6, {"all_pongs": 3, "half_flush": 3})
    # 对对胡＋清一色＝10
    fan, items = fan_of(hand("111p99p555p", "5p", flowers=["f1"], melds=[pung("777p"), pung("222p")]))
    assert (fan, items) == (10, {"all_pongs": 3, "full_flush": 7})
    # 门前清＋自摸＝2: a chicken hand won on the edge
    fan, items = fan_of(hand(A, "3m", win=TSUMO, flowers=["f1"]))
    assert (fan, items) == (2, {"self_draw": 1, "concealed": 1, "chicken_hand": 0})


def test_the_split_worth_most_is_taken() -> None:
    # 111222333m 456p 99s on a discard of 3m: three pongs (333m completed by the
    # discard) or three chows with 3m on the edge — both 門前清 + 無花 = 2
    result = evaluate(hand("111222333m456p99s", "3m"))
    assert result["fan"] == 2
    # equal fan: the first reading (pongs before chows)
    assert [a["tiles"] for a in result["arrangement"]] == ["111m", "222m", "333m", "456p", "99s"]
    assert result["arrangement"][2]["concealed"] is False
    # 1112223334445m + 5m: four concealed pongs when self-drawn (a limit hand)
    # rather than 123m×3 + 444m + 55m (full flush 7 + 自摸 + 門前清 + 無花 = 10 at most)
    result = evaluate(hand("11122233344455m", "5m", win=TSUMO, rules={"fan_cap": 13}))
    assert result["fan"] == 13 and "four_concealed_pongs" in {item["code"] for item in result["items"]}


def test_waits_and_arrangement() -> None:
    result = evaluate(hand(A, "1m"))
    # before 1m: 23m waits on 1m and 4m
    assert result["waits"] == "14m"
    assert result["arrangement"] == [
        {"kind": "chow", "tiles": "123m", "concealed": True},
        {"kind": "chow", "tiles": "456p", "concealed": True},
        {"kind": "chow", "tiles": "234s", "concealed": True},
        {"kind": "chow", "tiles": "789s", "concealed": True},
        {"kind": "pair", "tiles": "55m", "concealed": True},
    ]
    # nine gates waits on all nine
    assert evaluate(hand("11123456789999m", "9m"))["waits"] == "123456789m"
    # thirteen orphans won on the pair's second tile: one of each before it, a
    # thirteen-sided wait
    assert evaluate(hand("19m19p19s12345677z", "7z"))["waits"] == "19m19p19s1234567z"
    assert evaluate(hand("19m19p19s12345677z", "1m"))["waits"] == "1m"


def test_seat_wind_follows_the_dealer() -> None:
    # dealer south: the winner south is east (seat flower f1, seat wind 1z)
    result = evaluate(hand(A, "1m", dealer="south", flowers=["f1"]))
    assert result["seat_wind"] == "east"
    assert {item["code"]: item["fan"] for item in result["items"]}["seat_flower"] == 1


def test_eight_immortals_win_without_a_hand() -> None:
    # 集齐八只花季：即时食胡，当自摸计 — the tiles need not be complete
    result = evaluate(hand("123m456p789s234s5m6m", "6m", win=TSUMO, flowers=["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]))
    assert result["fan"] == 8
    assert result["arrangement"][0]["kind"] == "special"
    assert evaluate(
        hand("123m456p789s234s5m6m", "6m", win=TSUMO, eight_immortals="limit", flowers=["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"])
    )["limit_hand"]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        (hand(A, "1m", after_kong=True, win=TSUMO), "/tiles/after_kong"),  # no kong
        (hand("123m456p234s55m", "5m", melds=[kong("7777s")], after_kong=True), "/tiles/after_kong"),  # a discard
        (hand(A, "1m", win=TSUMO, robbing_kong=True), "/tiles/robbing_kong"),
        (hand(A, "1m", after_flower=True), "/tiles/after_flower"),
        (hand(A, "1m", blessing=True, win=ron("east"), winner="east", dealer="east"), "/win/discarder"),
        (hand(A, "1m", blessing=True), "/tiles/blessing"),  # south wins on west's tile
        (hand(A, "1m", winner="east", blessing=True, win=ron("north")), "/tiles/blessing"),
        (hand(A, "1m", flowers=["f1", "f1"]), "/tiles/flowers/1"),
        (hand("123m456p789s234s56m", "6m"), "/tiles/concealed"),  # not complete
        (hand(A, "9m"), "/tiles/win_tile"),
    ],
)
def test_impossible_hands_are_422_at_the_field(body: dict[str, Any], pointer: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        evaluate(body)
    assert pointer in {problem.pointer for problem in caught.value.problems}


# --- Over HTTP --------------------------------------------------------------------


def test_hands_endpoint(client: Any) -> None:
    response = client.post("/v1/hongkong/hands", json=hand("123m456p234s55m777z", "5m", win=TSUMO))
    assert response.status_code == 200
    body = response.json()
    # 自摸 + 門前清 + 無花 + 紅中 = 4
    assert body["fan"] == 4 and body["fan_paid"] == 4 and body["tier"] is None
    assert body["waits"] == "5m"


def test_unreadable_notation_is_a_400_naming_the_character(client: Any) -> None:
    response = client.post("/v1/hongkong/hands", json=hand("123m456p78q9s234s55m", "1m"))
    assert response.status_code == 400
    assert "character 11" in response.json()["detail"]


def test_settlement_with_tiles(client: Any) -> None:
    # 自摸 + 門前清 + 無花 + 紅中 = 4 fan; half spicy 16 points, standard self-draw: 8 each
    body = hand("123m456p234s55m777z", "5m", win=TSUMO)
    response = client.post("/v1/hongkong/settlements", json=body)
    assert response.status_code == 200
    result = response.json()
    assert result["fan_paid"] == 4 and result["pre_payout_total"] == 16
    assert result["deltas"] == {"east": -8, "south": 24, "west": -8, "north": -8}
    assert result["evaluation"]["fan"] == 4
    assert [item["code"] for item in result["fan_items"]] == [item["code"] for item in result["evaluation"]["items"]]


def test_settlement_takes_exactly_one_way_to_the_value(client: Any) -> None:
    body = hand(A, "1m")
    body["fan"] = 3
    assert client.post("/v1/hongkong/settlements", json=body).status_code == 400
    body = hand(A, "1m")
    body["patterns"] = [{"code": "concealed"}]
    assert client.post("/v1/hongkong/settlements", json=body).status_code == 400


def test_batch_item_with_tiles(client: Any) -> None:
    item = {"ruleset": "hongkong", **hand("123m456p234s55m777z", "5m", win=TSUMO)}
    response = client.post("/v1/settlements/batch", json={"items": [item]})
    assert response.status_code == 200, response.text
    assert response.json()["results"][0]["result"]["evaluation"]["fan"] == 4


# --- Properties ----------------------------------------------------------------------


def _tile(text: str) -> int:
    return parse_tiles(text, "t", False)[0].tile


@st.composite
def complete_hands(draw: st.DrawFn) -> dict[str, Any]:
    """Four sets and a pair (tests/strategies.py), flowers, a round wind."""
    tiles = draw(sets_and_pair(4))
    flowers = draw(st.lists(st.sampled_from(["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]), unique=True, max_size=7))
    self_drawn = draw(st.booleans())
    return {
        "winner": draw(st.sampled_from(SEATS)),
        "win": TSUMO if self_drawn else None,
        "tiles": {**tiles, "flowers": flowers, "round_wind": draw(st.sampled_from(SEATS))},
    }


def _with_discarder(body: dict[str, Any]) -> dict[str, Any]:
    if body["win"] is None:
        seats = ["east", "south", "west", "north"]
        body["win"] = ron(seats[(seats.index(body["winner"]) + 1) % 4])
    return body


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_hands())
def test_items_posted_as_patterns_give_the_same_fan(body: dict[str, Any]) -> None:
    body = _with_discarder(body)
    result = evaluate(body)
    patterns = [{"code": item["code"], "count": item["count"]} for item in result["items"] if item["implied_by"] is None]
    counted = count_fan(msgspec.convert({"patterns": patterns}, FanRequest))
    assert counted.fan == result["fan"]
    # the winning tile is always one the hand waited on
    assert body["tiles"]["win_tile"] in _waits(result["waits"])


def _waits(text: str) -> set[str]:
    out, digits = set(), ""
    for character in text:
        if character.isdigit():
            digits += character
        else:
            out |= {digit + character for digit in digits}
            digits = ""
    return out


@settings(max_examples=100, deadline=None)
@given(complete_hands(), st.data())
def test_one_tile_out_is_not_a_hand(body: dict[str, Any], data: st.DataObject) -> None:
    body = _with_discarder(body)
    tiles = parse_tiles(body["tiles"]["concealed"], "t", False)
    out = data.draw(st.integers(0, len(tiles) - 1))
    rest = [read.tile for i, read in enumerate(tiles) if i != out]
    body["tiles"]["concealed"] = "".join(tile_text(t) for t in sorted(rest))
    if _tile(body["tiles"]["win_tile"]) not in rest:
        body["tiles"]["win_tile"] = tile_text(rest[0])
    with pytest.raises(RuleViolation):
        evaluate(body)


NOTATION = st.text(alphabet="0123456789mpszx ", max_size=24)


@settings(max_examples=60, deadline=None)
@given(NOTATION, NOTATION, st.booleans(), st.lists(st.sampled_from(["f1", "f2", "s3", "x"]), max_size=3))
def test_nothing_gives_a_5xx(client: Any, concealed: str, win_tile: str, self_drawn: bool, flowers: list[str]) -> None:
    body = {
        "winner": "south",
        "win": TSUMO if self_drawn else ron("west"),
        "tiles": {"concealed": concealed, "win_tile": win_tile[:2], "flowers": flowers},
    }
    assert client.post("/v1/hongkong/hands", json=body).status_code in (200, 400, 422)
