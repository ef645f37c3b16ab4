"""Hong Kong patterns the Wikibooks extract defines with no fan printed
(蔴雀番種: 二或三色刻類, and 一臺草 among 花牌類): rows of the fan table that
carry no value of their own. A table that plays them says what each is worth
with `rules.unvalued_fan` (the same house value for each; default 0: not
counted, and from tiles not listed).

Read from the extract's lines (quoted with each row):

* 二色 / 三色: the sets use exactly two / three suits; 刻 are pungs or kongs,
  槓 kongs only; 等差數列，數列公差為 d: the numbers, in order, each d above
  the last (a number used twice is 同刻, difference 0).
* Only the largest pattern of a group of sets counts: sets inside a bigger
  pattern found (三色同刻 holds 二色同刻, 三色四連刻 holds 三色連刻; 雲梯 and
  銀梯 hold the four-pung pattern they extend; a 槓 pattern holds the 刻
  pattern of the same sets) are not counted again. The extract is silent on
  this (docs/sources.md).
* 一臺草: 攞齊1、2、3、4唔同色嘅花牌 — every number 1–4 held, both colours
  among them, and neither colour's four (that is 一臺花, 每組計兩番)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Literal

from service.core.tiles import HONOURS

UnvaluedCode = Literal[
    "two_suit_shifted_pungs",
    "two_suit_terminal_pungs",
    "two_suit_same_pungs",
    "two_suit_three_shifted_pungs",
    "two_suit_three_skip_pungs",
    "two_suit_three_step_three_pungs",
    "two_suit_three_step_four_pungs",
    "three_suit_little_same_pungs",
    "three_suit_shifted_pungs",
    "three_suit_same_pungs",
    "three_suit_three_skip_pungs",
    "three_suit_three_step_three_pungs",
    "three_suit_three_step_four_pungs",
    "two_suit_four_shifted_pungs",
    "two_suit_four_skip_pungs",
    "three_suit_four_shifted_pungs",
    "three_suit_four_skip_pungs",
    "cloud_ladder",
    "silver_ladder",
    "two_suit_same_kongs",
    "three_suit_same_kongs",
    "three_suit_shifted_kongs",
    "mixed_flower_set",
]

# code, 简体, 繁體, English, the extract's line
UNVALUED_ROWS: tuple[tuple[UnvaluedCode, str, str, str, str], ...] = (
    ("two_suit_shifted_pungs", "二色连刻", "二色連刻", "Two-suit shifted pungs", "二種花色嘅二組刻組成等差數列，數列公差為1。"),
    ("two_suit_terminal_pungs", "二色老少刻", "二色老少刻", "Two-suit terminal pungs", "二種花色嘅二組刻組成等差數列，數列公差為8。"),
    ("two_suit_same_pungs", "二色同刻", "二色同刻", "Two-suit same pungs", "二種花色嘅二組刻啲數一樣。"),
    (
        "two_suit_three_shifted_pungs",
        "二色三连刻",
        "二色三連刻",
        "Two-suit three shifted pungs",
        "二種花色嘅三組刻組成等差數列，數列公差為1。",
    ),
    (
        "two_suit_three_skip_pungs",
        "二色三嵌刻",
        "二色三嵌刻",
        "Two-suit three pungs, step two",
        "二種花色嘅三組刻組成等差數列，數列公差為2。",
    ),
    (
        "two_suit_three_step_three_pungs",
        "二色三筋刻",
        "二色三筋刻",
        "Two-suit three pungs, step three",
        "二種花色嘅三組刻組成等差數列，數列公差為3。",
    ),
    (
        "two_suit_three_step_four_pungs",
        "二色三顶刻",
        "二色三頂刻",
        "Two-suit three pungs, step four",
        "二種花色嘅三組刻組成等差數列，數列公差為4。",
    ),
    (
        "three_suit_little_same_pungs",
        "三色小同刻",
        "三色小同刻",
        "Three-suit little same pungs",
        "二種花色嘅二組刻啲數一樣 + 另一色數一樣嘅雀頭。",
    ),
    ("three_suit_shifted_pungs", "三色连刻", "三色連刻", "Three-suit shifted pungs", "三種花色嘅三組刻組成等差數列，數列公差為1。"),
    ("three_suit_same_pungs", "三色同刻", "三色同刻", "Three-suit same pungs", "三種花色嘅，三組刻啲數一樣。"),
    (
        "three_suit_three_skip_pungs",
        "三色三嵌刻",
        "三色三嵌刻",
        "Three-suit three pungs, step two",
        "三種花色嘅三組刻組成等差數列，數列公差為2。",
    ),
    (
        "three_suit_three_step_three_pungs",
        "三色三筋刻",
        "三色三筋刻",
        "Three-suit three pungs, step three",
        "三種花色嘅三組刻組成等差數列，數列公差為3。",
    ),
    (
        "three_suit_three_step_four_pungs",
        "三色三顶刻",
        "三色三頂刻",
        "Three-suit three pungs, step four",
        "三種花色嘅三組刻組成等差數列，數列公差為4。",
    ),
    (
        "two_suit_four_shifted_pungs",
        "二色四连刻",
        "二色四連刻",
        "Two-suit four shifted pungs",
        "二種花色嘅四組刻組成等差數列，數列公差為1。",
    ),
    (
        "two_suit_four_skip_pungs",
        "二色四嵌刻",
        "二色四嵌刻",
        "Two-suit four pungs, step two",
        "二種花色嘅四組刻組成等差數列，數列公差為2。",
    ),
    (
        "three_suit_four_shifted_pungs",
        "三色四连刻",
        "三色四連刻",
        "Three-suit four shifted pungs",
        "三種花色嘅四組刻組成等差數列，數列公差為1。",
    ),
    (
        "three_suit_four_skip_pungs",
        "三色四嵌刻",
        "三色四嵌刻",
        "Three-suit four pungs, step two",
        "三種花色嘅四組刻組成等差數列，數列公差為2。",
    ),
    ("cloud_ladder", "云梯", "雲梯", "Cloud ladder", "三種花色嘅四組刻組成等差數列，數列公差為1，雀頭係連續數。"),
    ("silver_ladder", "银梯", "銀梯", "Silver ladder", "二種花色嘅四組刻組成等差數列，數列公差為1，雀頭係連續數。"),
    ("two_suit_same_kongs", "二色同杠", "二色同槓", "Two-suit same kongs", "二種花色嘅二組槓數一樣。"),
    ("three_suit_same_kongs", "三色同杠", "三色同槓", "Three-suit same kongs", "三種花色嘅三組槓數一樣。"),
    ("three_suit_shifted_kongs", "三色连杠", "三色連槓", "Three-suit shifted kongs", "三種花色嘅三組槓組成等差數列，數列公差為1。"),
    ("mixed_flower_set", "一台草", "一臺草", "Mixed flower set", "攞齊1、2、3、4唔同色嘅花牌。"),
)
"""The extract's rows in its order (二或三色刻類, then 一臺草 of 花牌類)."""

UNVALUED: frozenset[str] = frozenset(row[0] for row in UNVALUED_ROWS)

_BY_SHAPE: dict[tuple[int, int, int], UnvaluedCode] = {
    # (sets, suits, difference) → the 刻 pattern
    (2, 2, 1): "two_suit_shifted_pungs",
    (2, 2, 8): "two_suit_terminal_pungs",
    (2, 2, 0): "two_suit_same_pungs",
    (3, 2, 1): "two_suit_three_shifted_pungs",
    (3, 2, 2): "two_suit_three_skip_pungs",
    (3, 2, 3): "two_suit_three_step_three_pungs",
    (3, 2, 4): "two_suit_three_step_four_pungs",
    (3, 3, 1): "three_suit_shifted_pungs",
    (3, 3, 0): "three_suit_same_pungs",
    (3, 3, 2): "three_suit_three_skip_pungs",
    (3, 3, 3): "three_suit_three_step_three_pungs",
    (3, 3, 4): "three_suit_three_step_four_pungs",
    (4, 2, 1): "two_suit_four_shifted_pungs",
    (4, 2, 2): "two_suit_four_skip_pungs",
    (4, 3, 1): "three_suit_four_shifted_pungs",
    (4, 3, 2): "three_suit_four_skip_pungs",
}
_KONG_SHAPES: dict[tuple[int, int, int], UnvaluedCode] = {
    (2, 2, 0): "two_suit_same_kongs",
    (3, 3, 0): "three_suit_same_kongs",
    (3, 3, 1): "three_suit_shifted_kongs",
}
_LADDERS: dict[UnvaluedCode, UnvaluedCode] = {
    "three_suit_four_shifted_pungs": "cloud_ladder",
    "two_suit_four_shifted_pungs": "silver_ladder",
}


def _shape(tiles: Sequence[int]) -> tuple[int, int, int] | None:
    """(sets, suits, difference) of suited sets whose numbers, in order, are
    evenly spaced (a repeated number only as 同刻, every number the same)."""
    numbers = sorted(tile % 9 for tile in tiles)
    steps = {b - a for a, b in pairwise(numbers)}
    if len(steps) != 1:
        return None
    (step,) = steps
    return (len(tiles), len({tile // 9 for tile in tiles}), step)


def _found(
    tiles: Sequence[int], among: Sequence[int], table: dict[tuple[int, int, int], UnvaluedCode]
) -> list[tuple[frozenset[int], UnvaluedCode]]:
    """Each group of the sets ``among`` (indexes into ``tiles``) with the
    pattern of ``table`` it makes."""
    out = []
    for size in (2, 3, 4):
        for chosen in combinations(among, size):
            shape = _shape([tiles[i] for i in chosen])
            if shape is not None and shape[1] >= 2 and shape in table:
                out.append((frozenset(chosen), table[shape]))
    return out


def unvalued_patterns(triplets: Sequence[int], kongs: Sequence[int], pair: int) -> list[UnvaluedCode]:
    """The extract's 二或三色刻類 rows one reading has, the largest only
    (see the module): ``triplets`` the tiles of its pungs and kongs, ``kongs``
    which of them (as tiles) are kongs, ``pair`` its pair."""
    suited = [tile for tile in triplets if tile < HONOURS]
    if len(suited) < 2:
        return []
    found = _found(suited, range(len(suited)), _BY_SHAPE)
    found += _found(suited, [i for i, tile in enumerate(suited) if tile in kongs], _KONG_SHAPES)
    found = [(group, _with_pair(code, group, suited, pair)) for group, code in found]
    kept = [
        (group, code)
        for group, code in found
        if not any(
            group < other or (group == other and code in _BY_SHAPE.values() and other_code in _KONG_SHAPES.values())
            for other, other_code in found
        )
    ]
    return sorted({code for _, code in kept}, key=ORDER.__getitem__)


def _with_pair(code: UnvaluedCode, group: frozenset[int], suited: Sequence[int], pair: int) -> UnvaluedCode:
    """雲梯 / 銀梯 (四連刻, 雀頭係連續數); 三色小同刻 (二色同刻 + 另一色數一樣嘅雀頭)."""
    if pair >= HONOURS:
        return code
    numbers = sorted(suited[i] % 9 for i in group)
    if code in _LADDERS and pair % 9 in (numbers[0] - 1, numbers[-1] + 1):
        return _LADDERS[code]
    if code == "two_suit_same_pungs" and pair % 9 == numbers[0] and pair // 9 not in {suited[i] // 9 for i in group}:
        return "three_suit_little_same_pungs"
    return code


def mixed_flower_set(flowers: set[str]) -> bool:
    """一臺草: every number 1–4 held, both colours among them, neither colour's four."""
    if not all(f"f{n}" in flowers or f"s{n}" in flowers for n in "1234"):
        return False
    return not any(all(f"{kind}{n}" in flowers for n in "1234") for kind in "fs")


ORDER: dict[str, int] = {row[0]: index for index, row in enumerate(UNVALUED_ROWS)}
