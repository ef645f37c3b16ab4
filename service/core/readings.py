"""Readings of a complete hand for the rulesets that score it themselves
(Hong Kong, Taiwan): every split of the concealed tiles, with every place the
winning tile can sit in it, as groups an evaluator can look at.

A *reading* is one split (:func:`service.core.tiles.splits`) plus the group
the winning tile completed. The place matters: a pung completed by another
player's discard is not a concealed pung (坎坎胡, 三暗刻), and a chow
completed on its middle tile is a closed wait (中洞). Evaluators score every
reading and keep the one worth most, so the search is over readings, not
splits.

Built on :mod:`service.core.tiles`: the waits are the ones every ruleset
reads there, thirteen orphans' added for the rulesets without seven pairs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from service.core.errors import FieldProblem, field_problem, template
from service.core.seats import SEATS, Seat
from service.core.tiles import (
    HONOURS,
    THIRTEEN_ORPHANS,
    TILE_KINDS,
    Arranged,
    Hand,
    Split,
    WaitShape,
    arrangement,
    format_tiles,
    kong_flag_problems,
    splits,
    thirteen_orphans_waits,
    waits,
)

GroupKind = Literal["chow", "pung", "kong"]


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
    return all(counts[tile] >= 1 for tile in THIRTEEN_ORPHANS) and all(
        counts[tile] == 0 for tile in range(TILE_KINDS) if tile not in THIRTEEN_ORPHANS
    )


def complete_waits(counts_before: Sequence[int], sets: int, held: Sequence[int], thirteen_orphans: bool = False) -> list[int]:
    """The tiles that complete ``counts_before`` (concealed tiles without the
    winning one) into ``sets`` sets and a pair, or (``thirteen_orphans``, a
    hand without melds) into 十三么; a tile the hand holds all four of is no
    wait (``held``: every tile of the hand, melds included, before the win).
    In tile order. The waits every ruleset reads (:func:`service.core.tiles.waits`,
    from the suit tables), with thirteen orphans' when asked."""
    found = waits(counts_before, sets, held)
    if thirteen_orphans:
        orphans = thirteen_orphans_waits(counts_before, held)
        if orphans:
            found = sorted({*found, *orphans})
    return found


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


FLOWER_TWICE = template("Bonus tile `{flower}` is listed twice; each exists once")
NEEDS_SELF_DRAW = template("`{flag}` is a self-drawn win, but `win` is a discard")
BLESSING_LAST_TILE = template("A first-turn win (`blessing`) cannot be on the wall's last tile (`last_tile`)")


def flag_problems(tiles: Any, hand: Hand, self_drawn: bool, pointer: str) -> list[FieldProblem]:
    """What the win or the tiles contradict among the flags and bonus tiles
    every bonus-tile ruleset shares (Hong Kong, Taiwan): a bonus tile listed
    twice, `after_kong`/`after_flower` on a discard, `after_kong` without a
    kong, `robbing_kong` on a self-draw or holding its tile twice, a first-turn
    win on the wall's last tile. Each ruleset adds its own blessing
    rules."""
    problems: list[FieldProblem] = []
    seen: set[str] = set()
    for index, flower in enumerate(tiles.flowers):
        if flower in seen:
            problems.append(field_problem(f"{pointer}/flowers/{index}", FLOWER_TWICE, flower=flower))
        seen.add(flower)
    if tiles.after_flower and not self_drawn:
        problems.append(field_problem(f"{pointer}/after_flower", NEEDS_SELF_DRAW, flag="after_flower"))
    problems += kong_flag_problems(tiles, hand, self_drawn, pointer)
    if tiles.blessing and tiles.last_tile:
        problems.append(FieldProblem(f"{pointer}/last_tile", BLESSING_LAST_TILE))
    return problems
