"""The Wikibooks extract's hands that are not five sets and a pair.

* 嚦咕嚦咕 (八對半): 由七個對子同一個刻子組成，一定要門清先有效 — seven pairs and a
  pung, concealed (four of a tile are two pairs: 4歸2 … 哩咕哩咕亦得).
* 16不塔: 胡牌由7隻番子+3組唔連續嘅萬筒索+一對眼 — the seven honours, three
  tiles of each suit no two of them next to each other, and one of the
  sixteen twice (the pair); 不塔龍 (the nine suit tiles make 1 to 9),
  不塔3相連 (the same numbers in each suit), 正宗16不塔 (147萬+258筒+369條).
* 混13么 / 清13么: 13隻唔同么九牌，一眼，一組順子或刻子 (清: 刻子) 和胡。要門清，不杠.

Each is read from the concealed tiles of a hand without melds; the waits of
a shape are the tiles that complete it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from service.core.tiles import HONOURS, THIRTEEN_ORPHANS, TILE_KINDS

SEVEN_PAIRS_AND_PUNG = "seven_pairs_and_pung"
TRUE_KNITTED: tuple[frozenset[int], ...] = (frozenset({0, 3, 6}), frozenset({1, 4, 7}), frozenset({2, 5, 8}))
"""正宗16不塔: 147萬 + 258筒 + 369條."""


def pung_of_seven_pairs(counts: Sequence[int]) -> int | None:
    """The pung's tile when ``counts`` (17 tiles) are seven pairs and a pung, else None."""
    if sum(counts) != 17:
        return None
    odd = [tile for tile, n in enumerate(counts) if n % 2]
    if len(odd) != 1 or counts[odd[0]] != 3:
        return None
    return odd[0]


def _knitted_suit(numbers: list[int]) -> bool:
    """Three numbers, no two next to each other (唔連續)."""
    return len(numbers) == 3 and all(b - a >= 2 for a, b in pairwise(numbers))


def unrelated(counts: Sequence[int]) -> list[str]:
    """16不塔 and what it adds (不塔龍, 不塔3相連), or 正宗16不塔; [] when not one."""
    if sum(counts) != 17 or any(n == 0 for n in counts[HONOURS:]) or sorted(counts, reverse=True)[:2] != [2, 1]:
        return []
    suits = [sorted(n for n in range(9) if counts[suit * 9 + n]) for suit in range(3)]
    if not all(_knitted_suit(numbers) for numbers in suits) or any(n > 2 for n in counts):
        return []
    sets = [frozenset(numbers) for numbers in suits]
    if tuple(sets) == TRUE_KNITTED:
        return ["true_sixteen_unrelated"]
    found = ["sixteen_unrelated"]
    if len(sets[0] | sets[1] | sets[2]) == 9:
        found.append("knitted_straight")
    if sets[0] == sets[1] == sets[2]:
        found.append("knitted_alike")
    return found


def _pair_and_set(rest: list[int]) -> tuple[bool, bool]:
    """(a chow, a pung) in the four tiles left once one of each of the thirteen
    is taken: one of them is the eye (a second of one of the thirteen), the
    other three the set."""
    chow = pung = False
    for tile in THIRTEEN_ORPHANS:
        if not rest[tile]:
            continue
        left = list(rest)
        left[tile] -= 1
        held = [t for t, m in enumerate(left) if m]
        pung = pung or (len(held) == 1 and left[held[0]] == 3)
        chow = chow or (len(held) == 3 and held[0] < HONOURS and held[0] // 9 == held[2] // 9 and held[2] - held[0] == 2)
    return chow, pung


def thirteen_orphans(counts: Sequence[int]) -> str | None:
    """清13么 (the set a pung), 混13么 (a chow), or None."""
    if sum(counts) != 17 or any(counts[tile] == 0 for tile in THIRTEEN_ORPHANS):
        return None
    rest = list(counts)
    for tile in THIRTEEN_ORPHANS:
        rest[tile] -= 1
    chow, pung = _pair_and_set(rest)
    if pung:
        return "pure_thirteen_orphans"
    return "mixed_thirteen_orphans" if chow else None


def special_codes(counts: Sequence[int]) -> list[str]:
    """The special shapes ``counts`` (concealed, no melds) make, each with what it adds."""
    found: list[str] = []
    if pung_of_seven_pairs(counts) is not None:
        found.append(SEVEN_PAIRS_AND_PUNG)
    found += unrelated(counts)
    orphans = thirteen_orphans(counts)
    if orphans:
        found.append(orphans)
    return found


def special_waits(before: Sequence[int], held: Sequence[int]) -> list[int]:
    """The tiles that would make ``before`` (16 concealed tiles) one of the special shapes."""
    out = []
    for tile in range(TILE_KINDS):
        if held[tile] >= 4:
            continue
        grown = list(before)
        grown[tile] += 1
        if special_codes(grown):
            out.append(tile)
    return out
