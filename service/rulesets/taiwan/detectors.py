"""The Wikibooks extract's own patterns in one reading of five sets and a pair.

Each detector is a small function of the reading's groups (and its pair, or
the hand's tile counts); :func:`shape_patterns` lists what they find as
(code, count) pairs, the way a client would list them for `POST /v1/taiwan/tai`.
Only the biggest of a family is listed (5槓子, not 4槓子 too); the counter's
replacement rules (:data:`service.rulesets.taiwan.value_table_yue.YUE_REPLACEMENTS`)
settle the rest. The definitions are the extract's lines, quoted above each
detector; where a line leaves a reading open the one chosen is said there
and in docs/sources.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from service.core.readings import Group, terminal_or_honour
from service.core.tiles import DRAGONS, HONOURS

GREEN: frozenset[int] = frozenset({18 + 1, 18 + 2, 18 + 3, 18 + 5, 18 + 7, DRAGONS[1]})
"""綠一色: 23468索 + 發財."""

Found = list[tuple[str, int]]


def _kind(tile: int) -> int:
    """萬 0, 筒 1, 索 2, 風 3, 箭 4."""
    if tile < HONOURS:
        return tile // 9
    return 4 if tile in DRAGONS else 3


def _suited(groups: Sequence[Group], chows: bool) -> list[tuple[int, int]]:
    """(suit, number 0–8) of each suited chow (by its lowest tile) or pung/kong."""
    return [(g.tile // 9, g.tile % 9) for g in groups if g.tile < HONOURS and (g.kind == "chow") == chows]


def five_kinds(groups: Sequence[Group]) -> bool:
    """五門齊，五組花色 — read as the five sets one of each kind: 萬, 筒, 索, 風, 箭."""
    return len({_kind(g.tile) for g in groups}) == 5


def pure_double_chow(groups: Sequence[Group]) -> bool:
    """般高，一色內嘅雙同順: the same chow twice."""
    return any(n >= 2 for n in Counter(g.tile for g in groups if g.kind == "chow").values())


def four_identical_chows(groups: Sequence[Group]) -> bool:
    """4連大寶（1色4順子），同花色嘅四組同順子."""
    return any(n >= 4 for n in Counter(g.tile for g in groups if g.kind == "chow").values())


def four_tiles_spread(groups: Sequence[Group], pair: int, counts: Sequence[int]) -> list[str]:
    """4歸2 / 4歸3 / 4歸4: all four of a tile (not a kong) spread over two
    sets (or a set and the pair), two chows and the pair, or four chows."""
    found: list[str] = []
    for tile, held in enumerate(counts):
        if held != 4 or any(g.kind == "kong" and g.tile == tile for g in groups):
            continue
        holding = sum(1 for g in groups if tile in g.tiles) + (pair == tile)
        code = {2: "four_in_two", 3: "four_in_three", 4: "four_in_four"}.get(holding)
        if code and code not in found:
            found.append(code)
    return found


def _three_suits_step(places: list[tuple[int, int]], starts: Sequence[int], step: int) -> bool:
    """Three of ``places`` in three different suits at ``start``, ``start + step``,
    ``start + 2 × step`` (in any order of suits), for some start."""
    suits_at: dict[int, set[int]] = {}
    for suit, number in places:
        suits_at.setdefault(number, set()).add(suit)
    for start in starts:
        first, second, third = (suits_at.get(start + i * step, set()) for i in range(3))
        if any(a != b and b != c and a != c for a in first for b in second for c in third):
            return True
    return False


def mixed_shifted_chows(groups: Sequence[Group]) -> bool:
    """三色步高，三組唔同花色裏嘅順子 — read as 步高: stepping up by one (123m 234p 345s)."""
    return _three_suits_step(_suited(groups, chows=True), range(5), 1)


def mixed_shifted_pungs(groups: Sequence[Group]) -> bool:
    """三色連刻，三組唔同花色裏嘅刻子/槓子 — read as 連: consecutive numbers."""
    return _three_suits_step(_suited(groups, chows=False), range(7), 1)


def mixed_straight(groups: Sequence[Group]) -> bool:
    """混龍，三色組合嘅123456789牌: 123, 456, 789 in three suits."""
    return _three_suits_step(_suited(groups, chows=True), (0,), 3)


def triple_pung(groups: Sequence[Group]) -> bool:
    """三色同刻，萬筒索三組同號碼嘅刻子或槓子."""
    return _three_suits_step(_suited(groups, chows=False), range(9), 0)


def _pairs_across_suits(places: list[tuple[int, int]]) -> int:
    """How many disjoint pairs of ``places`` share a number in two different suits."""
    pairs = 0
    for number in {n for _, n in places}:
        by_suit = Counter(suit for suit, n in places if n == number)
        total = sum(by_suit.values())
        pairs += min(total // 2, total - max(by_suit.values()))
    return pairs


def two_suit_pungs(groups: Sequence[Group]) -> int:
    """雙2色同刻，2組2色同刻（一組2台）: pungs of one number in two suits, per pair."""
    return min(2, _pairs_across_suits(_suited(groups, chows=False)))


def two_suit_chows(groups: Sequence[Group]) -> int:
    """雙兩相連，兩個2色同順（一組2台）: chows of the same numbers in two suits, per pair."""
    return min(2, _pairs_across_suits(_suited(groups, chows=True)))


def _run(numbers: set[int]) -> int:
    """The longest run of consecutive numbers."""
    return max((sum(1 for _ in _takewhile(numbers, start)) for start in numbers), default=0)


def _takewhile(numbers: set[int], start: int) -> list[int]:
    out = []
    while start in numbers:
        out.append(start)
        start += 1
    return out


def shifted_pungs(groups: Sequence[Group]) -> Found:
    """五連刻 / 四連刻: 5 or 4 pungs of one suit in a row (同花色相連嘅刻子); else
    雙2連刻 (2組2連刻, 一組2台): disjoint pairs of consecutive pungs in one suit."""
    places = _suited(groups, chows=False)
    for suit in range(3):
        longest = _run({n for s, n in places if s == suit})
        if longest >= 5:
            return [("five_shifted_pungs", 1)]
        if longest == 4:
            return [("four_shifted_pungs", 1)]
    pairs = 0
    for suit in range(3):
        numbers = sorted({n for s, n in places if s == suit})
        i = 0
        while i + 1 < len(numbers):
            if numbers[i + 1] == numbers[i] + 1:
                pairs, i = pairs + 1, i + 2
            else:
                i += 1
    return _groups_of_two("two_shifted_pungs", min(2, pairs))


def _groups_of_two(code: str, groups: int) -> Found:
    """One group of a 一組2台 pattern is its code; two are its 雙 form, 4台
    (雙2連刻，2組2連刻; 雙2色同刻，2組2色同刻; 雙兩相連，兩個2色同順)."""
    if groups >= 2:
        return [(f"double_{code}", 1)]
    return [(code, 1)] if groups else []


def shifted_chows(groups: Sequence[Group]) -> Found:
    """1色5步高 / 1色4步高: 5 or 4 chows of one suit, each one up (測進相連嘅順子)."""
    places = _suited(groups, chows=True)
    for suit in range(3):
        longest = _run({n for s, n in places if s == suit})
        if longest >= 5:
            return [("five_shifted_chows", 1)]
        if longest == 4:
            return [("four_shifted_chows", 1)]
    return []


def kongs(groups: Sequence[Group]) -> Found:
    """三杠子 / 4槓子 / 5槓子: 3, 4 or 5 kongs."""
    code = {3: "three_kongs", 4: "four_kongs", 5: "five_kongs"}.get(sum(1 for g in groups if g.kind == "kong"))
    return [(code, 1)] if code else []


def outside_hand(groups: Sequence[Group], pair: int) -> bool:
    """全帶么九，順子、杠子、刻子都要有1同9等牌 — read with the pair too (as every
    全帶么 is): each set and the pair holds a 1, a 9 or an honour."""
    return terminal_or_honour(pair) and all(any(terminal_or_honour(tile) for tile in g.tiles) for g in groups)


def terminal_pungs(groups: Sequence[Group], counts: Sequence[int]) -> Found:
    """清老頭 (胡牌全有19萬筒索刻子) / 混老頭 (19萬筒索+字牌刻子): every set a pung or
    kong and every tile a 1 or a 9 (混: with honours)."""
    if any(g.kind == "chow" for g in groups):
        return []
    held = [tile for tile, n in enumerate(counts) if n]
    if not all(terminal_or_honour(tile) for tile in held):
        return []
    honours = any(tile >= HONOURS for tile in held)
    suited = any(tile < HONOURS for tile in held)
    if suited and honours:
        return [("mixed_terminals", 1)]
    return [("pure_terminals", 1)] if suited else []


def all_green(counts: Sequence[int]) -> bool:
    """綠一色，牌型中有23468索+發財 — read as nothing but these tiles."""
    return all(tile in GREEN for tile, n in enumerate(counts) if n)


def nine_gates(concealed: Sequence[int], counts: Sequence[int], melds: int) -> Found:
    """清九連寶燈 (清一色+1112345678999組合牌型: no melds, one suit) or 混九連寶燈
    (1112345678999組合牌型+一組塔子嘅其他花色: fourteen concealed tiles of one
    suit holding 1112345678999, the fifth set of another kind)."""
    for suit in range(3):
        tiles = concealed[suit * 9 : suit * 9 + 9]
        if tiles[0] < 3 or tiles[8] < 3 or not all(tiles[1:8]):
            continue
        in_suit = sum(counts[suit * 9 : suit * 9 + 9])
        if sum(tiles) == 17 and not melds:
            return [("pure_nine_gates", 1)]
        if sum(tiles) == 14 and in_suit == 14:
            return [("mixed_nine_gates", 1)]
    return []


def shape_patterns(groups: Sequence[Group], pair: int, concealed: Sequence[int], counts: Sequence[int], melds: int) -> Found:
    """Every pattern only the Wikibooks extract names that this reading has."""
    found: Found = [(code, 1) for code in four_tiles_spread(groups, pair, counts)]
    flags = (
        ("five_kinds", five_kinds(groups)),
        ("four_identical_chows", four_identical_chows(groups)),
        ("pure_double_chow", pure_double_chow(groups)),
        ("mixed_shifted_chows", mixed_shifted_chows(groups)),
        ("mixed_shifted_pungs", mixed_shifted_pungs(groups)),
        ("mixed_straight", mixed_straight(groups)),
        ("triple_pung", triple_pung(groups)),
        ("outside_hand", outside_hand(groups, pair)),
        ("all_green", all_green(counts)),
    )
    found += [(code, 1) for code, present in flags if present]
    found += _groups_of_two("two_suit_pungs", two_suit_pungs(groups)) + _groups_of_two("two_suit_chows", two_suit_chows(groups))
    found += shifted_pungs(groups) + shifted_chows(groups) + kongs(groups) + terminal_pungs(groups, counts)
    found += nine_gates(concealed, counts, melds)
    return found
