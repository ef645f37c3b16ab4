"""The Hong Kong fan sheet's rows that a reading of the tiles has, each
found by its own detector over facts worked out once (:class:`Facts`), in
:data:`DETECTORS` beside the sheet's table
(:data:`service.rulesets.hongkong.value_table.FAN_TABLE`). Each is tested alone
(tests/rulesets/hongkong/test_detectors.py), as the ``mahjong`` library tests
its yaku."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from service.core.tiles import DRAGONS, WINDS
from service.rulesets.hongkong.value_table import HAND_SETS, FanCode


@dataclass(slots=True)
class Facts:
    """What the detectors read, worked out once: the hand's part once per
    hand (``suits`` … ``nine_gates``), the reading's for each reading of it
    (:func:`service.rulesets.hongkong.tiles.evaluate_tiles`)."""

    suits: int
    """How many of the three suits the hand holds (melds included)."""
    honours: bool
    """Any honour tile in the hand."""
    terminals_only: bool
    """Every tile a terminal (1, 9) or an honour."""
    nine_gates: bool
    """No melds, and one suit held as 1112345678999 plus one more of it."""
    triplets: tuple[int, ...]
    """The tile of each pung and kong of the reading."""
    dragons: int
    """Pungs and kongs of dragons."""
    winds: int
    """Pungs and kongs of winds."""
    pair: int
    seat_tile: int
    """The winner's seat wind, as a tile."""
    round_tile: int
    """The round's wind, as a tile."""
    two_sided: bool
    """The winning tile completed a chow waiting on two sides (兩頭)."""
    kongs: int
    all_concealed: bool
    """Every set concealed (a pung completed by a discard is not)."""


Detector = Callable[[Facts], int]
"""How many of a row a reading has (0: none)."""


def big_three_dragons(facts: Facts) -> int:
    """大三元: 三组三元牌."""
    return facts.dragons == 3


def little_three_dragons(facts: Facts) -> int:
    """小三元: 两组三元牌＋三元牌做眼."""
    return facts.dragons == 2 and facts.pair in DRAGONS


def dragon_pong(facts: Facts) -> int:
    """三元牌的碰或杠, 每组 (counted beside 大三元/小三元, which include them)."""
    return facts.dragons


def seat_wind(facts: Facts) -> int:
    """门风: 自己门风的碰或杠."""
    return facts.seat_tile in facts.triplets


def prevailing_wind(facts: Facts) -> int:
    """圈风: 当圈风的碰或杠."""
    return facts.round_tile in facts.triplets


def big_four_winds(facts: Facts) -> int:
    """大四喜: 四种风牌全部成碰."""
    return facts.winds == 4


def little_four_winds(facts: Facts) -> int:
    """小四喜: 三组风牌＋风牌做眼."""
    return facts.winds == 3 and facts.pair in WINDS


def half_flush(facts: Facts) -> int:
    """混一色: 一门花色＋字牌."""
    return facts.suits == 1 and facts.honours


def full_flush(facts: Facts) -> int:
    """清一色: 一门花色，没有字牌."""
    return facts.suits == 1 and not facts.honours


def all_honours(facts: Facts) -> int:
    """字一色: 只有风牌及三元牌."""
    return facts.suits == 0


def pure_terminals(facts: Facts) -> int:
    """清么九: 只有一、九，全部成碰."""
    return len(facts.triplets) == HAND_SETS and facts.terminals_only and not facts.honours


def mixed_terminals(facts: Facts) -> int:
    """混么九: 只有一、九及字牌，全部成碰 (a suit and honours both)."""
    return len(facts.triplets) == HAND_SETS and facts.terminals_only and facts.honours and facts.suits > 0


def all_pongs(facts: Facts) -> int:
    """对对胡: 四组碰或杠＋一对眼."""
    return len(facts.triplets) == HAND_SETS


def all_chows(facts: Facts) -> int:
    """平胡: 四组顺子，眼非番牌，两头听."""
    return not facts.triplets and facts.two_sided and facts.pair not in (*DRAGONS, facts.seat_tile, facts.round_tile)


def four_kongs(facts: Facts) -> int:
    """十八罗汉: 四组杠."""
    return facts.kongs == HAND_SETS


def four_concealed_pongs(facts: Facts) -> int:
    """坎坎胡: 四组刻子全部自己摸回."""
    return len(facts.triplets) == HAND_SETS and facts.all_concealed


def nine_gates(facts: Facts) -> int:
    """九莲宝灯: 门前清同门 1112345678999＋同门一只."""
    return facts.nine_gates


def chicken_hand(facts: Facts) -> int:
    """鸡胡: no hand-shape row and no limit hand (没有番种). Every row of the
    sheet's 牌型 and 爆棚 sections a reading can have needs one suit or none,
    four pungs, or all chows (大四喜, 十八罗汉 and 坎坎胡 are four pungs; 九莲宝灯
    is one suit): a hand of two suits or more with none of those is a chicken
    hand."""
    return facts.suits > 1 and not all_pongs(facts) and not all_chows(facts)


DETECTORS: dict[FanCode, Detector] = {
    # the honours' rows: none without a pung of honours
    "big_three_dragons": big_three_dragons,
    "little_three_dragons": little_three_dragons,
    "dragon_pong": dragon_pong,
    "seat_wind": seat_wind,
    "prevailing_wind": prevailing_wind,
    "big_four_winds": big_four_winds,
    "little_four_winds": little_four_winds,
    # the suits
    "half_flush": half_flush,
    "full_flush": full_flush,
    "all_honours": all_honours,
    # four pungs: none with a chow
    "pure_terminals": pure_terminals,
    "mixed_terminals": mixed_terminals,
    "all_pongs": all_pongs,
    "four_kongs": four_kongs,
    "four_concealed_pongs": four_concealed_pongs,
    # the rest
    "all_chows": all_chows,
    "nine_gates": nine_gates,
    "chicken_hand": chicken_hand,
}
"""The rows a reading of the tiles has, each by its own detector, in the
order the items list them (平胡 and 九莲宝灯 come after the four-pung rows, which
neither can be found with). The rows of how the hand was won and of the bonus
tiles come from the request, not from a reading
(:func:`service.rulesets.hongkong.tiles.evaluate_tiles`); 十三么 is not a
reading of sets and a pair."""

NEED_HONOUR_PUNG: frozenset[str] = frozenset(list(DETECTORS)[:7])
"""Rows a reading without a pung or kong of honours never has."""
NEED_FOUR_PUNGS: frozenset[str] = frozenset({"pure_terminals", "mixed_terminals", "all_pongs", "four_kongs", "four_concealed_pongs"})
"""Rows a reading with a chow never has."""
