"""Each Hong Kong detector alone, over facts written by hand from the fan
sheet's rows (the Hong Kong fan sheet, 番数表): the row's own wording, one
reading that has it and one that does not."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.tiles import EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE
from service.rulesets.hongkong import detectors
from service.rulesets.hongkong.detectors import DETECTORS, NEED_FOUR_PUNGS, NEED_HONOUR_PUNG, Facts
from service.rulesets.hongkong.value_table import ROWS

# 123m 456p 789s 234s 55m, won two-sided, east seat in an east round: no row but 鸡胡's ingredients
PLAIN = Facts(
    suits=3,
    honours=False,
    terminals_only=False,
    nine_gates=False,
    triplets=(),
    dragons=0,
    winds=0,
    pair=4,
    seat_tile=EAST,
    round_tile=EAST,
    two_sided=False,
    kongs=0,
    all_concealed=True,
)


def facts(**changes: object) -> Facts:
    return replace(PLAIN, **changes)  # type: ignore[arg-type]


ONE_SUIT_AND_HONOURS = {"suits": 1, "honours": True}
FOUR_PUNGS = {"triplets": (0, 8, 9, 17)}
CASES: list[tuple[str, Facts, int]] = [
    # 大三元: 三组三元牌 (白 發 中 pungs)
    ("big_three_dragons", facts(triplets=(WHITE, GREEN, RED), dragons=3, honours=True), 1),
    ("big_three_dragons", facts(triplets=(WHITE, GREEN), dragons=2, pair=RED, honours=True), 0),
    # 小三元: 两组三元牌＋三元牌做眼
    ("little_three_dragons", facts(triplets=(WHITE, GREEN), dragons=2, pair=RED, honours=True), 1),
    ("little_three_dragons", facts(triplets=(WHITE, GREEN), dragons=2, pair=EAST, honours=True), 0),
    # 三元牌的碰或杠，每组: two dragon pungs count 2
    ("dragon_pong", facts(triplets=(WHITE, RED), dragons=2, honours=True), 2),
    ("dragon_pong", PLAIN, 0),
    # 门风: the seat's own wind (south seat, south pung)
    ("seat_wind", facts(triplets=(SOUTH,), winds=1, seat_tile=SOUTH, honours=True), 1),
    ("seat_wind", facts(triplets=(WEST,), winds=1, seat_tile=SOUTH, honours=True), 0),
    # 圈风: the round's wind (west round, west pung)
    ("prevailing_wind", facts(triplets=(WEST,), winds=1, round_tile=WEST, honours=True), 1),
    ("prevailing_wind", facts(triplets=(WEST,), winds=1, round_tile=EAST, honours=True), 0),
    # 大四喜: 四种风牌全部成碰
    ("big_four_winds", facts(triplets=(EAST, SOUTH, WEST, NORTH), winds=4, honours=True), 1),
    ("big_four_winds", facts(triplets=(EAST, SOUTH, WEST), winds=3, pair=NORTH, honours=True), 0),
    # 小四喜: 三组风牌＋风牌做眼
    ("little_four_winds", facts(triplets=(EAST, SOUTH, WEST), winds=3, pair=NORTH, honours=True), 1),
    ("little_four_winds", facts(triplets=(EAST, SOUTH, WEST), winds=3, pair=RED, honours=True), 0),
    # 混一色: 一门花色＋字牌; 清一色: 一门花色，没有字牌; 字一色: 只有风牌及三元牌
    ("half_flush", facts(**ONE_SUIT_AND_HONOURS), 1),
    ("half_flush", facts(suits=1), 0),
    ("full_flush", facts(suits=1), 1),
    ("full_flush", facts(**ONE_SUIT_AND_HONOURS), 0),
    ("all_honours", facts(suits=0, honours=True), 1),
    ("all_honours", facts(**ONE_SUIT_AND_HONOURS), 0),
    # 清么九: 只有一、九，全部成碰 (111m 999m 111p 999p, 11s)
    ("pure_terminals", facts(**FOUR_PUNGS, terminals_only=True), 1),
    ("pure_terminals", facts(**FOUR_PUNGS, terminals_only=True, honours=True), 0),
    # 混么九: 只有一、九及字牌，全部成碰
    ("mixed_terminals", facts(triplets=(0, 8, EAST, RED), terminals_only=True, honours=True, suits=1), 1),
    ("mixed_terminals", facts(**FOUR_PUNGS, terminals_only=True), 0),
    ("mixed_terminals", facts(triplets=(0, 8, EAST), terminals_only=True, honours=True, suits=1), 0),
    # 对对胡: 四组碰或杠＋一对眼
    ("all_pongs", facts(triplets=(1, 2, 3, 4)), 1),
    ("all_pongs", facts(triplets=(1, 2, 3)), 0),
    # 平胡: 四组顺子，眼非番牌，两头听
    ("all_chows", facts(two_sided=True), 1),
    ("all_chows", facts(two_sided=False), 0),
    ("all_chows", facts(two_sided=True, pair=RED), 0),  # a dragon pair is a scoring pair
    ("all_chows", facts(two_sided=True, pair=SOUTH, seat_tile=SOUTH), 0),  # so is the seat's wind
    ("all_chows", facts(two_sided=True, pair=WEST, round_tile=WEST), 0),  # and the round's
    ("all_chows", facts(two_sided=True, pair=NORTH), 1),  # another wind is not
    ("all_chows", facts(two_sided=True, triplets=(3,)), 0),
    # 十八罗汉: 四组杠
    ("four_kongs", facts(triplets=(1, 2, 3, 4), kongs=4), 1),
    ("four_kongs", facts(triplets=(1, 2, 3, 4), kongs=3), 0),
    # 坎坎胡: 四组刻子全部自己摸回
    ("four_concealed_pongs", facts(triplets=(1, 2, 3, 4), all_concealed=True), 1),
    ("four_concealed_pongs", facts(triplets=(1, 2, 3, 4), all_concealed=False), 0),
    # 九莲宝灯: 门前清同门 1112345678999＋同门一只
    ("nine_gates", facts(suits=1, nine_gates=True), 1),
    ("nine_gates", facts(suits=1), 0),
    # 鸡胡: 没有番种
    ("chicken_hand", PLAIN, 1),
    ("chicken_hand", facts(suits=1), 0),
    ("chicken_hand", facts(two_sided=True), 0),
    ("chicken_hand", facts(triplets=(1, 2, 3, 4)), 0),
    ("chicken_hand", facts(triplets=(WHITE,), dragons=1, honours=True), 1),  # a dragon pong is not a shape
]


@pytest.mark.parametrize(("code", "reading", "count"), CASES)
def test_detector(code: str, reading: Facts, count: int) -> None:
    assert int(DETECTORS[code](reading)) == count  # type: ignore[index]


def test_every_detector_is_tested_and_named_after_its_row() -> None:
    assert {code for code, _, _ in CASES} == set(DETECTORS)
    for code, detect in DETECTORS.items():
        assert code in ROWS and detect is getattr(detectors, code)


TILES = st.integers(0, 33)


@st.composite
def readings(draw: st.DrawFn) -> Facts:
    """Facts as a reading has them: the honour counts and kongs agree with the pungs."""
    triplets = tuple(draw(st.lists(TILES, max_size=4, unique=True)))
    return Facts(
        suits=draw(st.integers(0, 3)),
        honours=draw(st.booleans()) or any(tile >= EAST for tile in triplets),
        terminals_only=draw(st.booleans()),
        nine_gates=draw(st.booleans()),
        triplets=triplets,
        dragons=sum(1 for tile in triplets if tile >= WHITE),
        winds=sum(1 for tile in triplets if EAST <= tile <= NORTH),
        pair=draw(TILES),
        seat_tile=draw(st.sampled_from((EAST, SOUTH, WEST, NORTH))),
        round_tile=draw(st.sampled_from((EAST, SOUTH, WEST, NORTH))),
        two_sided=draw(st.booleans()),
        kongs=draw(st.integers(0, len(triplets))),
        all_concealed=draw(st.booleans()),
    )


FACTS = readings()
SHAPE_OR_LIMIT = [code for code in DETECTORS if ROWS[code].category in ("shape", "limit") and code != "chicken_hand"]


@given(FACTS)
def test_chicken_hand_is_a_reading_without_shape_or_limit_rows(reading: Facts) -> None:
    """鸡胡 没有番种: it is found exactly when no row of the sheet's 牌型 and 爆棚
    sections is (for the readings a hand can have: all honours hold no suit,
    four winds are four pungs, nine gates is one suit)."""
    if (reading.winds == 4 and len(reading.triplets) < 4) or (reading.nine_gates and reading.suits != 1):
        return  # not a reading a hand can have
    assert bool(DETECTORS["chicken_hand"](reading)) == (not any(DETECTORS[code](reading) for code in SHAPE_OR_LIMIT))


@given(FACTS)
def test_the_rows_left_out_for_a_reading_cannot_be_found_in_it(reading: Facts) -> None:
    """The evaluator skips the honours' rows for a reading without a pung of
    honours, and the four-pung rows for one with a chow: those find nothing there."""
    if reading.dragons == 0 and reading.winds == 0:
        assert not any(DETECTORS[code](reading) for code in NEED_HONOUR_PUNG)  # type: ignore[index]
    if len(reading.triplets) < 4:
        assert not any(DETECTORS[code](reading) for code in NEED_FOUR_PUNGS)  # type: ignore[index]
