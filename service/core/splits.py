"""Every split of a hand's concealed tiles into sets and a pair, and its
waits, from tile counts (:mod:`service.core.notation` numbers the tiles).

Sets never cross a suit, so each suit (and the honours) is read on its own:
from a table of every complete count vector built once (:func:`_suit_table`),
or, for a group larger than the table (Taiwan's 16-tile hands), by search
(:func:`_searched_group`), which is also the reference the table is tested
against. :mod:`service.core.tiles` combines the groups of a checked hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import product
from operator import mul
from typing import Literal, NamedTuple

import msgspec

from service.core.notation import HONOURS, TILE_KINDS

SetKind = Literal["chow", "pung"]


class Split(msgspec.Struct, frozen=True, gc=False):
    """One reading of the concealed tiles: a pair and sets (a chow by its
    lowest tile)."""

    pair: int
    sets: tuple[tuple[SetKind, int], ...]


def splits(counts: Sequence[int], sets: int) -> list[Split]:
    """Every distinct way to read ``counts`` as ``sets`` sets and one pair
    (none when the tiles are not such a hand). At most a few dozen for any
    real hand, in a fixed order: by the pair's tile, then suit by suit (each
    suit's readings take its lowest remaining tile as a pung before the start
    of a chow), so no reading is found twice.

    Sets never cross a suit, so each suit (and the honours) is read on its own
    from a table filled once per count vector (:func:`_group`), and a split is
    one suit's reading with the pair and the other suits' readings as sets."""
    if sum(counts) != 3 * sets + 2:
        return []
    groups = _groups(counts)
    found: list[Split] = []
    for index, group in enumerate(groups):
        if not group.paired:
            continue
        others = [other.plain for at, other in enumerate(groups) if at != index]
        if not all(others):
            continue
        for pair, own in group.paired:
            choices = list(others)
            choices.insert(index, (own,))
            for parts in product(*choices):
                found.append(Split(pair, parts[0] + parts[1] + parts[2] + parts[3]))
    return found


SUIT_STARTS: tuple[int, ...] = (0, 9, 18, HONOURS)
"""Where each group of :func:`_groups` starts: the three suits, the honours."""

SetReading = tuple[tuple[SetKind, int], ...]


class _Group(msgspec.Struct, frozen=True, gc=False):
    """One suit's counts (or the honours') read once: its readings as sets
    alone, and with one pair (by the pair's tile), tiles numbered as in the
    whole hand (empty when the counts cannot be read so); the tiles that,
    added, make it read as sets alone or as sets and a pair; and, for the
    waits of seven pairs and thirteen orphans, how many of its tiles it holds
    twice and how many terminals and honours it holds."""

    plain: tuple[SetReading, ...]
    paired: tuple[tuple[int, SetReading], ...]
    plain_waits: tuple[int, ...]
    paired_waits: tuple[int, ...]
    pairs: int
    orphans: int


def _groups(counts: Sequence[int]) -> tuple[_Group, _Group, _Group, _Group]:
    """The hand's three suits and honours, each from the table."""
    return (
        _group(tuple(counts[0:9]), 0),
        _group(tuple(counts[9:18]), 9),
        _group(tuple(counts[18:27]), 18),
        _group(tuple(counts[27:34]), HONOURS),
    )


@lru_cache(maxsize=32768)
def _group(counts: tuple[int, ...], start: int) -> _Group:
    """The readings of one suit's nine counts (``start`` its first tile) or
    of the seven honours' counts (``start`` = :data:`HONOURS`, no chows),
    looked up in :func:`_suit_table` by the counts' :func:`code`: its
    readings as sets, as sets and a pair (one look-up per tile it holds
    twice), and the tiles that complete it (the table's vectors among the
    group with one more tile of each rank). A group of more tiles than the
    table holds (Taiwan's 16-tile hands), or more than four copies of a tile
    (never in a hand), is read by :func:`_searched_group`."""
    size = sum(counts)
    if size > TABLE_TILES or max(counts) > 4:
        return _searched_group(counts, start)
    table = _suit_table(start)
    key = code(counts)
    plain = table.sets.get(key, ())
    paired: list[tuple[int, SetReading]] = []
    if key in table.paired:
        for pair, count in enumerate(counts):
            if count >= 2:
                paired += [(start + pair, read) for read in table.sets.get(key - 2 * ONE[pair], ())]
    plain_waits: tuple[int, ...] = ()
    paired_waits: tuple[int, ...] = ()
    left = size % 3
    if left == 1:  # one more tile makes sets and a pair
        paired_waits = _completing(counts, key, start, with_pair=True)
    elif left == 2 and size < TABLE_TILES:  # one more tile makes sets only
        plain_waits = _completing(counts, key, start, with_pair=False)
    elif left == 2:  # 14 tiles: one more makes five sets, beyond the table
        plain_waits = _searched_group(counts, start).plain_waits
    chows = start < HONOURS
    pairs = counts.count(2)
    orphans = counts[0] + counts[8] if chows else size
    return _Group(plain, tuple(paired), plain_waits, paired_waits, pairs, orphans)


def _completing(counts: tuple[int, ...], key: int, start: int, with_pair: bool) -> tuple[int, ...]:
    """The tiles that, added to the group (its ``counts``, their :func:`code`
    ``key``), make a vector of the table (as sets and a pair, or as sets),
    in tile order. (``ONE`` has nine
    ranks; the honours' two beyond their seven are in no honours vector.)

    A fifth copy is beyond the table: a hand never holds one, and
    :func:`_waits` leaves out a tile held four times, but :func:`waits` is
    asked about any counts, so a tile held four times is tried by
    :func:`_group_complete`."""
    table = _suit_table(start)
    complete = table.paired if with_pair else table.whole
    found = [start + rank for rank, one in RANKS_AND_ONES if key + one in complete]
    if 4 in counts:
        for rank, count in enumerate(counts):
            if count == 4 and _group_complete((*counts[:rank], 5, *counts[rank + 1 :]), with_pair, start < HONOURS):
                found.append(start + rank)
        found.sort()
    return tuple(found)


def code(counts: Sequence[int]) -> int:
    """A group's counts as one number, the count of rank r in its r-th octal
    digit (three bits): ``(1, 1, 1, 0, 0, 0, 0, 0, 2)`` → ``0o200000111``.
    Adding a tile of rank r is adding ``ONE[r]``; a count never passes four."""
    return sum(map(mul, counts, ONE))


ONE: tuple[int, ...] = tuple(1 << 3 * rank for rank in range(9))
"""One tile of each rank in a :func:`code`."""
RANKS_AND_ONES: tuple[tuple[int, int], ...] = tuple(enumerate(ONE))

TABLE_TILES = 14
"""The most tiles of one group :func:`_suit_table` reads: four sets and a
pair, the most one suit holds in a hand of four sets and a pair."""


class _SuitTable(NamedTuple):
    sets: dict[int, tuple[SetReading, ...]]
    """The :func:`code` of every count vector that reads as sets (up to
    four) → its readings, in the order :func:`_group_sets` finds them."""
    whole: frozenset[int]
    """The same codes (the vectors that read as sets) as a set."""
    paired: frozenset[int]
    """The :func:`code` of every count vector (up to 14 tiles) that reads as
    sets and one pair."""


def _count(key: int, rank: int) -> int:
    """How many tiles of ``rank`` a :func:`code` holds."""
    return key >> 3 * rank & 7


def _one_set_more(level: list[int], ranks: int, chows: bool) -> list[int]:
    """The codes of the vectors one set larger than those of ``level``: each
    with a pung (of a rank it holds at most one of) or, in a suit, a chow (of
    ranks it holds fewer than four of) added, in the order they are first
    made, without repeats."""
    grown: dict[int, None] = {}
    for key in level:
        for rank in range(ranks):
            if _count(key, rank) <= 1:
                grown[key + 3 * ONE[rank]] = None
            if chows and rank <= 6 and _count(key, rank) < 4 and _count(key, rank + 1) < 4 and _count(key, rank + 2) < 4:
                grown[key + ONE[rank] + ONE[rank + 1] + ONE[rank + 2]] = None
    return list(grown)


def _readings(key: int, sets: dict[int, tuple[SetReading, ...]], start: int, chows: bool) -> tuple[SetReading, ...]:
    """A vector's readings as sets: its lowest tile as a pung, then as the
    first of a chow, each followed by a reading of what is left (looked up
    in ``sets``, the vectors of one set fewer)."""
    low = 0
    while not _count(key, low):
        low += 1
    found: list[SetReading] = []
    if _count(key, low) >= 3:
        found += [(("pung", start + low), *tail) for tail in sets.get(key - 3 * ONE[low], ())]
    if chows and low <= 6 and _count(key, low + 1) and _count(key, low + 2):
        found += [(("chow", start + low), *tail) for tail in sets.get(key - ONE[low] - ONE[low + 1] - ONE[low + 2], ())]
    return tuple(found)


@cache
def _suit_table(start: int) -> _SuitTable:
    """The complete count vectors of one suit (``start`` 0, 9 or 18: pungs
    and chows) or of the honours (:data:`HONOURS`: pungs only), with their
    readings in the suit's tiles, built once (:func:`build_tables`, at the
    service's start; elsewhere on first use).

    The vectors of n + 1 sets are those of n sets with one set added (no
    count above four); a vector's readings take its lowest tile as a pung,
    then as the first of a chow, each followed by a reading of what is left
    (a vector of one set fewer, already in the table): the order in which
    :func:`_group_sets` finds them. Then every vector of sets with a pair
    added. A suit: 2,869 vectors of sets (3,584 readings), 18,874 with a
    pair; the honours 99 and 399. All four tables: about 3.5 MB, 40–60 ms to
    build on this machine."""

    chows = start < HONOURS
    ranks = 9 if chows else TILE_KINDS - HONOURS
    sets: dict[int, tuple[SetReading, ...]] = {0: ((),)}
    level = [0]
    for _ in range(4):
        level = _one_set_more(level, ranks, chows)
        for key in level:
            sets[key] = _readings(key, sets, start, chows)
    if 0 < start < HONOURS:  # the same vectors as the characters' (their readings in other tiles): shared
        characters = _suit_table(0)
        return _SuitTable(sets, characters.whole, characters.paired)
    paired = frozenset(key + 2 * ONE[rank] for key in sets for rank in range(ranks) if _count(key, rank) <= 2)
    return _SuitTable(sets, frozenset(sets), paired)


def build_tables() -> None:
    """Build every suit's table now rather than on the first hand that holds
    that suit (about 50 ms and 3.5 MB for all four): the service calls it
    before it reports ready, so no request pays for it."""
    for start in SUIT_STARTS:
        _suit_table(start)


def _searched_group(counts: tuple[int, ...], start: int) -> _Group:
    """:func:`_group` by searching every reading (:func:`_group_sets`) and
    trying every tile that could complete the group (:func:`_group_complete`):
    for groups larger than the table, and the reference the table is tested
    against."""
    work = list(counts)
    chows = start < HONOURS
    plain = tuple(_group_sets(work, 0, start, chows))
    paired = []
    for pair, count in enumerate(counts):
        if count >= 2:
            work[pair] -= 2
            paired += [(start + pair, read) for read in _group_sets(work, 0, start, chows)]
            work[pair] += 2
    plain_waits: list[int] = []
    paired_waits: list[int] = []
    # one more tile can complete the group only when its size allows (size
    # + 1 a multiple of three: as sets; two more than one: as sets and a
    # pair), and only next to a tile it holds (the new tile joins a chow,
    # or a pung or pair of its own kind): the other tries cannot succeed
    size = sum(counts) % 3
    if size:
        with_pair = size == 1
        found = paired_waits if with_pair else plain_waits
        last = len(counts) - 1
        for rank in range(len(counts)):
            if chows:
                if not any(counts[max(0, rank - 2) : min(last, rank + 2) + 1]):
                    continue
            elif not counts[rank]:
                continue
            work[rank] += 1
            if _group_complete(tuple(work), with_pair, chows):
                found.append(start + rank)
            work[rank] -= 1
    pairs = counts.count(2)
    orphans = counts[0] + counts[8] if chows else sum(counts)
    return _Group(plain, tuple(paired), tuple(plain_waits), tuple(paired_waits), pairs, orphans)


def _group_sets(counts: list[int], rank: int, start: int, chows: bool) -> Iterator[SetReading]:
    """Every reading of ``counts`` (one group) as sets: the lowest remaining
    tile as a pung, then as the start of a chow."""
    size = len(counts)
    while rank < size and counts[rank] == 0:
        rank += 1
    if rank == size:
        yield ()
        return
    if counts[rank] >= 3:
        counts[rank] -= 3
        for rest in _group_sets(counts, rank, start, chows):
            yield (("pung", start + rank), *rest)
        counts[rank] += 3
    if chows and rank <= 6 and counts[rank + 1] and counts[rank + 2]:
        for step in (0, 1, 2):
            counts[rank + step] -= 1
        for rest in _group_sets(counts, rank, start, chows):
            yield (("chow", start + rank), *rest)
        for step in (0, 1, 2):
            counts[rank + step] += 1


def waits(counts_before: Sequence[int], sets: int, held: Sequence[int] | None = None) -> list[int]:
    """The tiles that complete ``counts_before`` (the concealed tiles without
    the winning one) into ``sets`` sets and a pair, leaving out a tile whose
    four copies the hand already holds (``held``: every tile of the hand,
    melds included, before the win), in tile order.

    A tile completes the hand when its own group, grown by it, reads as sets
    (and the pair) and every other group reads as sets (the one left holding
    the pair). Each group's growing tiles come from a table filled once per
    count vector (:func:`_group`); the groups only combine here."""
    held = held if held is not None else counts_before
    if sum(counts_before) != 3 * sets + 1:
        return []
    return _waits(_groups(counts_before), held)


def _first_split(groups: Sequence[_Group]) -> Split | None:
    """The first reading :func:`splits` finds. Only a group whose counts are
    not a multiple of three can hold the pair, and a whole hand (3 × sets + 2
    tiles) has at least one: with one such group and every other read as
    sets, the pair's group comes first in that order."""
    paired = None
    for group in groups:
        if not group.plain:
            if paired is not None:
                return None
            paired = group
    if paired is None or not paired.paired:
        return None
    pair, own = paired.paired[0]
    sets: SetReading = ()
    for group in groups:
        sets += own if group is paired else group.plain[0]
    return Split(pair, sets)


def _waits(groups: Sequence[_Group], held: Sequence[int]) -> list[int]:
    """:func:`waits` from the groups of the tiles before the win."""
    broken: list[_Group] = []
    for group in groups:
        if not group.plain:
            broken.append(group)
    found: list[int] = []
    if len(broken) == 1:
        # the pair joins the broken group, or the broken group holds it already
        lone = broken[0]
        for group in groups:
            if group is lone:
                found += group.paired_waits
            elif lone.paired:
                found += group.plain_waits
    elif len(broken) == 2:
        first, second = broken
        if second.paired:
            found += first.plain_waits
        if first.paired:
            found += second.plain_waits
    return [tile for tile in found if held[tile] < 4]


def _group_complete(counts: tuple[int, ...], with_pair: bool, suited: bool = True) -> bool:
    """A suit's nine counts, or honours' counts, read as sets (and one pair)."""
    if sum(counts) % 3 != (2 if with_pair else 0):
        return False
    if not suited:
        pairs = sum(1 for count in counts if count % 3 == 2)
        return all(count % 3 != 1 for count in counts) and pairs == (1 if with_pair else 0)
    return _suit_complete(counts, with_pair)


@lru_cache(maxsize=65536)
def _suit_complete(counts: tuple[int, ...], with_pair: bool) -> bool:
    """Nine counts of one suit read as sets (and one pair with ``with_pair``)."""
    if with_pair:
        for pair in range(9):
            if counts[pair] >= 2:
                taken = list(counts)
                taken[pair] -= 2
                if _suit_complete(tuple(taken), False):
                    return True
        return False
    first = next((t for t in range(9) if counts[t]), None)
    if first is None:
        return True
    tile = first
    rest = list(counts)
    if rest[tile] >= 3:
        rest[tile] -= 3
        if _suit_complete(tuple(rest), False):
            return True
        rest[tile] += 3
    if tile <= 6 and rest[tile + 1] and rest[tile + 2]:
        for step in (0, 1, 2):
            rest[tile + step] -= 1
        return _suit_complete(tuple(rest), False)
    return False


THIRTEEN_ORPHANS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, *range(HONOURS, TILE_KINDS))


def special_waits(counts_before: Sequence[int], held: Sequence[int]) -> list[int]:
    """Waits of seven pairs and thirteen orphans (13 concealed tiles, no
    melds): the single of six pairs; every orphan when all thirteen are
    held, else the one orphan missing."""
    if sum(counts_before) != 13:
        return []
    return _special_waits(counts_before, held, counts_before.count(2), sum(map(counts_before.__getitem__, THIRTEEN_ORPHANS)))


def _special_waits(counts_before: Sequence[int], held: Sequence[int], pairs: int, orphans: int) -> list[int]:
    """:func:`special_waits` of 13 tiles holding ``pairs`` tiles twice and
    ``orphans`` terminals and honours."""
    if pairs == 6:  # twelve tiles in pairs: the thirteenth is a single
        single = counts_before.index(1)
        return [single] if held[single] < 4 else []
    if orphans != 13:
        return []
    return _orphan_waits(counts_before, held)


def thirteen_orphans_waits(counts_before: Sequence[int], held: Sequence[int]) -> list[int]:
    """Waits of thirteen orphans alone (十三么: 13 concealed tiles, no melds;
    for the rulesets that have no seven pairs): every orphan when all
    thirteen are held, else the one orphan missing."""
    if sum(counts_before) != 13 or sum(map(counts_before.__getitem__, THIRTEEN_ORPHANS)) != 13:
        return []
    return _orphan_waits(counts_before, held)


def _orphan_waits(counts_before: Sequence[int], held: Sequence[int]) -> list[int]:
    """The waits of 13 tiles that are all terminals and honours."""
    present = sum(1 for tile in THIRTEEN_ORPHANS if counts_before[tile])
    if present == 13:
        return [tile for tile in THIRTEEN_ORPHANS if held[tile] < 4]
    if present == 12:
        return [tile for tile in THIRTEEN_ORPHANS if not counts_before[tile] and held[tile] < 4]
    return []
