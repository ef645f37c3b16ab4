"""Readings of a complete hand for the rulesets that score it themselves
(Hong Kong, Taiwan): every split of the concealed tiles, with every place the
winning tile can sit in it, as groups an evaluator can look at.

A *reading* is one split (:func:`service.core.tiles.splits`) plus the group
the winning tile completed. The place matters: a pung completed by another
player's discard is not a concealed pung (坎坎胡, 三暗刻), and a chow
completed on its middle tile is a closed wait (中洞). Evaluators score every
reading and keep the one worth most, so the search is over readings, not
splits.

Built on :mod:`service.core.tiles` and additive to it: nothing there changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

import msgspec

from service.core.seats import SEATS, Seat
from service.core.tiles import (
    HONOURS,
    TILE_KINDS,
    Arranged,
    Hand,
    Meld,
    Split,
    WaitShape,
    arrangement,
    format_tiles,
    splits,
)

GroupKind = Literal["chow", "pung", "kong"]

PLAIN_NOTATION = "^([1-9]+[mps]|[1-7]+z)*$"
"""The published shape of notation without red fives (every ruleset but riichi)."""
PLAIN_TILE = "^([1-9][mps]|[1-7]z)$"
"""The published shape of one tile without red fives."""
PLAIN_TILES_SCHEMA: dict[str, Any] = {"patterns": {"concealed": PLAIN_NOTATION, "win_tile": PLAIN_TILE}}
"""`__schema_extra__` of a ruleset's Tiles without red fives: the notation's
shape in the published schema (the struct still reads it itself, to name the
first bad character in a 400)."""


class PlainMeld(Meld, kw_only=True):
    """A called meld or concealed kong, in notation without red fives."""

    __schema_extra__: ClassVar[dict[str, Any]] = {"patterns": {"tiles": PLAIN_NOTATION}}


PlainMelds = Annotated[list[PlainMeld], msgspec.Meta(max_length=6, description="Called melds and concealed kongs.")]

TERMINALS_AND_HONOURS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, *range(HONOURS, TILE_KINDS))
"""十三么's thirteen kinds: the ones and nines of each suit, the seven honours."""


@dataclass(frozen=True, slots=True)
class Group:
    """One set of a reading: a chow by its lowest tile, a pung or kong by its
    tile. ``concealed`` is false for a called meld and for a pung completed by
    a discarded winning tile."""

    kind: GroupKind
    tile: int
    concealed: bool
    called: bool
    """A meld called from another player (a concealed kong is not)."""

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    @property
    def triplet(self) -> bool:
        return self.kind != "chow"


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand: its groups (concealed sets, then the
    melds), the pair, and where the winning tile sits (``shape``; ``None`` for
    a special hand)."""

    groups: tuple[Group, ...]
    pair: int | None
    shape: WaitShape | None
    split: Split | None
    special: str | None = None
    """The special shape's name (``thirteen_orphans``) when the hand is not sets and a pair."""


def meld_groups(hand: Hand) -> tuple[Group, ...]:
    return tuple(Group(kind=meld.kind, tile=meld.first, concealed=meld.concealed, called=not meld.concealed) for meld in hand.melds)


def readings(hand: Hand, sets: int, won_on_discard: bool) -> Iterator[Reading]:
    """Every reading of ``hand`` as ``sets`` sets and a pair (melds included),
    in a stated order: splits as :func:`splits` finds them (pairs from the
    lowest tile), and within one split the winning tile in the pair first,
    then in each set in tile order."""
    melds = meld_groups(hand)
    win = hand.win_tile
    for split in splits(hand.counts, sets - len(hand.melds)):
        base = [Group(kind=kind, tile=first, concealed=True, called=False) for kind, first in split.sets]
        if split.pair == win:
            yield Reading(groups=(*base, *melds), pair=split.pair, shape="pair", split=split)
        seen: set[tuple[str, int]] = set()
        for index, (kind, first) in enumerate(split.sets):
            if (kind, first) in seen:
                continue
            if kind == "pung" and first == win:
                seen.add((kind, first))
                groups = list(base)
                if won_on_discard:
                    groups[index] = Group(kind="pung", tile=first, concealed=False, called=False)
                yield Reading(groups=(*groups, *melds), pair=split.pair, shape="pung", split=split)
            elif kind == "chow" and first <= win <= first + 2:
                seen.add((kind, first))
                yield Reading(groups=(*base, *melds), pair=split.pair, shape=chow_shape(first, win), split=split)


def chow_shape(first: int, win: int) -> WaitShape:
    offset = win - first
    if offset == 1:
        return "closed"
    if (offset == 0 and first % 9 == 6) or (offset == 2 and first % 9 == 0):
        return "edge"
    return "two_sided"


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """一九、四风、三元各一，再多一只: one of each of the thirteen, one of them twice."""
    if sum(counts) != 14:
        return False
    return all(counts[tile] >= 1 for tile in TERMINALS_AND_HONOURS) and all(
        counts[tile] == 0 for tile in range(TILE_KINDS) if tile not in TERMINALS_AND_HONOURS
    )


def complete_waits(counts_before: Sequence[int], sets: int, held: Sequence[int], thirteen_orphans: bool = False) -> list[int]:
    """The tiles that complete ``counts_before`` (concealed tiles without the
    winning one) into ``sets`` sets and a pair, or (``thirteen_orphans``, a
    hand without melds) into 十三么; a tile the hand holds all four of is no
    wait (``held``: every tile of the hand, melds included, before the win)."""
    work = list(counts_before)
    found = []
    for tile in range(TILE_KINDS):
        if held[tile] >= 4:
            continue
        work[tile] += 1
        if (thirteen_orphans and is_thirteen_orphans(work)) or _complete(work, sets):
            found.append(tile)
        work[tile] -= 1
    return found


def _complete(counts: list[int], sets: int) -> bool:
    if sum(counts) != 3 * sets + 2:
        return False
    for pair in range(TILE_KINDS):
        if counts[pair] >= 2:
            counts[pair] -= 2
            ok = _sets_only(counts, 0)
            counts[pair] += 2
            if ok:
                return True
    return False


def _sets_only(counts: list[int], start: int) -> bool:
    """Whether ``counts`` is sets only; the lowest tile is a pung or starts a
    chow, and a pung of it never blocks a reading three chows would give."""
    tile = start
    while tile < TILE_KINDS and counts[tile] == 0:
        tile += 1
    if tile == TILE_KINDS:
        return True
    if counts[tile] >= 3:
        counts[tile] -= 3
        ok = _sets_only(counts, tile)
        counts[tile] += 3
        if ok:
            return True
    if tile < HONOURS and tile % 9 <= 6 and counts[tile + 1] and counts[tile + 2]:
        for step in (0, 1, 2):
            counts[tile + step] -= 1
        ok = _sets_only(counts, tile)
        for step in (0, 1, 2):
            counts[tile + step] += 1
        return ok
    return False


def hand_waits(hand: Hand, sets: int, thirteen_orphans: bool = False) -> list[int]:
    """The waits before the winning tile, as :func:`complete_waits` finds them."""
    before = list(hand.counts)
    before[hand.win_tile] -= 1
    held = hand.all_counts
    held[hand.win_tile] -= 1
    return complete_waits(before, sets - len(hand.melds), held, thirteen_orphans and not hand.melds)


def shown(reading: Reading, hand: Hand, won_on_discard: bool) -> list[Arranged]:
    """The reading as the answer's `arrangement`: concealed sets in tile order,
    the pair, the melds as called; a special hand as one group."""
    if reading.split is None:
        tiles = [tile for tile in range(TILE_KINDS) for _ in range(hand.counts[tile])]
        out = [Arranged(kind="special", tiles=format_tiles(tiles), concealed=True)]
        out += [Arranged(kind=m.kind, tiles=format_tiles(m.tiles), concealed=m.concealed) for m in hand.melds]
        return out
    return arrangement(reading.split, hand.melds, won_on_discard=won_on_discard and reading.shape == "pung", win_tile=hand.win_tile)


def seat_wind(winner: Seat, dealer: Seat) -> Seat:
    """The winner's seat wind: the dealer sits east, the others follow in turn."""
    return SEATS[(SEATS.index(winner) - SEATS.index(dealer)) % 4]


def suits_and_honours(counts: Sequence[int]) -> tuple[set[int], bool]:
    """The suits present (0 characters, 1 dots, 2 bamboo) and whether any honour is."""
    suits = {tile // 9 for tile in range(HONOURS) if counts[tile]}
    return suits, any(counts[tile] for tile in range(HONOURS, TILE_KINDS))


def terminal_or_honour(tile: int) -> bool:
    return tile >= HONOURS or tile % 9 in (0, 8)
