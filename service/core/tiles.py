"""Hands from tiles: the request's `tiles` object, the hand read and checked,
its first split and waits, and the arrangement the answer shows. Shared by
every ruleset that reads tiles. The notation is read by
:mod:`service.core.notation`, the splits and waits worked out by
:mod:`service.core.splits`; their names are importable from here too.

**Notation** (MPSZ, as Tenhou and the Japanese mahjong libraries write
it): digits followed by their suit letter — `m` characters 萬, `p` dots 筒, `s` bamboo 索,
`z` honours 1–7 = east, south, west, north, white 白, green 發, red 中.
`"123m456p789s1122z"`. `0m`/`0p`/`0s` is a red five, where a ruleset's tiles
take them (:class:`RedMeld`).

A tile is an int 0–33: characters 0–8, dots 9–17, bamboo 18–26, honours
27–33 (east, south, west, north, white, green, red).

Two kinds of error, as for every request:

- notation that cannot be read is a **400** at the field, naming the position
  (1-based) of the first bad character — raised as ``ValueError`` from the
  Structs' ``__post_init__``, so msgspec reports it with the field's path;
- a hand that cannot be (a fifth copy, a red five twice, the wrong number of
  tiles, a win tile not in hand, a meld that is not its kind) or that is not
  complete is a **422**, :class:`RuleViolation` from :func:`read_hand`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Annotated, ClassVar, Literal

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.notation import (
    DIGIT_OF,
    DIGITS,
    DRAGONS,
    EAST,
    FLOWER_SEAT,
    FLOWER_TWICE,
    GREEN,
    HONOURS,
    NORTH,
    NOTATION_MESSAGES,
    NOTATION_PATTERN,
    PLAIN_NOTATION_PATTERN,
    READ_TILES,
    RED,
    RED_TILE_PATTERN,
    SOUTH,
    SUIT_OF,
    SUITS,
    TILE_KINDS,
    TILE_PATTERN,
    WEST,
    WHITE,
    WIND_OF_SEAT,
    WINDS,
    Flower,
    Flowers,
    MeldText,
    Notation,
    ReadTile,
    RedMeldText,
    RedNotation,
    RedTileText,
    TileText,
    _parse_tiles,
    check_flowers,
    format_tiles,
    parse_tiles,
    tile_text,
)
from service.core.seats import Seat
from service.core.splits import (
    ONE,
    SUIT_STARTS,
    TABLE_TILES,
    THIRTEEN_ORPHANS,
    SetKind,
    SetReading,
    Split,
    _first_split,
    _group,
    _group_complete,
    _searched_group,
    _special_waits,
    _suit_complete,
    _suit_table,
    _waits,
    build_tables,
    code,
    special_waits,
    splits,
    thirteen_orphans_waits,
    waits,
)

__all__ = [
    "DIGITS",
    "DIGIT_OF",
    "DRAGONS",
    "EAST",
    "FLOWER_SEAT",
    "FLOWER_TWICE",
    "GREEN",
    "HONOURS",
    "NORTH",
    "NOTATION_MESSAGES",
    "NOTATION_PATTERN",
    "ONE",
    "PLAIN_NOTATION_PATTERN",
    "READ_TILES",
    "RED",
    "RED_TILE_PATTERN",
    "SOUTH",
    "SUITS",
    "SUIT_OF",
    "SUIT_STARTS",
    "TABLE_TILES",
    "THIRTEEN_ORPHANS",
    "TILE_KINDS",
    "TILE_PATTERN",
    "WEST",
    "WHITE",
    "WINDS",
    "WIND_OF_SEAT",
    "Flower",
    "Flowers",
    "MeldText",
    "Notation",
    "ReadTile",
    "RedMeldText",
    "RedNotation",
    "RedTileText",
    "SetKind",
    "SetReading",
    "Split",
    "TileText",
    "_group",
    "_group_complete",
    "_parse_tiles",
    "_searched_group",
    "_suit_complete",
    "_suit_table",
    "build_tables",
    "check_flowers",
    "code",
    "format_tiles",
    "parse_tiles",
    "special_waits",
    "splits",
    "thirteen_orphans_waits",
    "tile_text",
    "waits",
]
"""The notation's and the splits' names, importable from here as before they had modules of their own."""

MeldKind = Literal["chow", "pung", "kong"]


class Meld(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """A called meld, or a concealed kong (`concealed: true`, kongs only)."""

    kind: MeldKind
    tiles: MeldText
    concealed: bool = False


class RedMeld(Meld, forbid_unknown_fields=True, kw_only=True):
    """A meld that may hold a red five (riichi)."""

    tiles: RedMeldText


class Tiles(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The hand itself, in place of its value. Each ruleset's request uses its
    own subclass, which adds the fields only that ruleset reads."""

    RED_FIVES: ClassVar[bool] = False

    concealed: Notation
    """The tiles in hand, the winning tile included."""
    melds: Annotated[list[Meld], msgspec.Meta(max_length=6, description="Called melds and concealed kongs.")] = []
    win_tile: TileText
    round_wind: Seat = "east"
    last_tile: bool = False
    after_kong: bool = False
    robbing_kong: bool = False
    blessing: bool = False

    def __post_init__(self) -> None:
        parse_tiles(self.concealed, "concealed", self.RED_FIVES)
        for meld in self.melds:
            parse_tiles(meld.tiles, "tiles", self.RED_FIVES)
        parse_tiles(self.win_tile, "win_tile", self.RED_FIVES)


class HandMeld(msgspec.Struct, frozen=True, gc=False):
    kind: MeldKind
    tiles: tuple[int, ...]
    concealed: bool
    red: int

    @property
    def first(self) -> int:
        return self.tiles[0]


class Hand(msgspec.Struct, frozen=True, gc=False):
    """A hand read and checked: concealed tiles (the win tile included) as
    counts, the melds, the win tile, red fives in hand."""

    counts: tuple[int, ...]
    """Concealed tiles, 34 counts."""
    melds: tuple[HandMeld, ...]
    win_tile: int
    red_fives: int
    """Red fives among the concealed tiles."""
    groups: tuple[tuple[int, ...], ...]
    """The same counts cut into the three suits' nine and the honours' seven,
    as :func:`split_and_waits` reads them."""

    @property
    def all_counts(self) -> list[int]:
        """Every tile of the hand, melds included (a kong as four)."""
        counts = list(self.counts)
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        return counts

    @property
    def open(self) -> bool:
        """Any meld called from another player (concealed kongs keep a hand closed)."""
        return any(not meld.concealed for meld in self.melds)


HAND_IMPOSSIBLE = template("More than four `{tile}` in the hand")
AFTER_KONG_DISCARD = template("`after_kong` is a win on a kong's replacement tile: a self-draw, but `win` is a discard")
NO_KONG = template("`after_kong` needs a kong among the melds")
ROBBING_SELF_DRAW = template("`robbing_kong` is a win on another player's tile, but `win` is a self-draw")
ROBBED_TILE_HELD = template(
    "A robbed kong's tile is the fourth `{tile}`: the robbed pung holds the other three, so the hand can hold no other"
)


def kong_flag_problems(tiles: Tiles, hand: Hand, self_drawn: bool, pointer: str) -> list[FieldProblem]:
    """What contradicts the two kong flags, in every ruleset from tiles
    (``pointer``: the tiles object). `after_kong` is a self-draw of a kong's
    replacement tile, so the melds hold a kong. `robbing_kong` (搶槓) wins on
    the tile another player adds to an exposed pung: not a self-draw, and
    the other three of it are in that pung, so the winner's hand (melds
    included) holds the winning tile once."""
    problems: list[FieldProblem] = []
    if tiles.after_kong:
        if not self_drawn:
            problems += [FieldProblem(f"{pointer}/after_kong", AFTER_KONG_DISCARD), FieldProblem("/win/type", AFTER_KONG_DISCARD)]
        if not any(meld.kind == "kong" for meld in hand.melds):
            problems.append(FieldProblem(f"{pointer}/after_kong", NO_KONG))
    if tiles.robbing_kong:
        if self_drawn:
            problems += [FieldProblem(f"{pointer}/robbing_kong", ROBBING_SELF_DRAW), FieldProblem("/win/type", ROBBING_SELF_DRAW)]
        if hand.all_counts[hand.win_tile] > 1:
            problems.append(field_problem(f"{pointer}/robbing_kong", ROBBED_TILE_HELD, tile=tile_text(hand.win_tile)))
    return problems


RED_TWICE = template("Only one red five `0{suit}` exists")
WRONG_COUNT = template("A hand with {melds} melds needs {needed} concealed tiles, not {got}")
WIN_NOT_IN_HAND = template("The winning tile `{tile}` is not among the concealed tiles")
NOT_A_MELD = template("`{tiles}` is not a {kind}")
CONCEALED_NOT_KONG = template("Only a kong can be concealed among the melds")


def read_hand(tiles: Tiles, sets: int, pointer: str = "/tiles") -> Hand:
    """Check the tiles can be a hand of ``sets`` sets and a pair (each kong one
    tile more): 422 naming each problem under ``pointer``."""
    problems: list[FieldProblem] = []
    counts, groups, concealed_red, size, fullest = _counted(tiles.concealed, tiles.RED_FIVES)
    red_seen: Sequence[int] = concealed_red
    melds: list[HandMeld] = []
    total: Sequence[int] = counts
    if tiles.melds:
        melds, total, red_seen = _read_melds(tiles, counts, concealed_red, pointer, problems)
        fullest = max(total)
    problems += _too_many(total, red_seen, fullest, tiles.RED_FIVES, pointer)
    needed = 3 * (sets - len(melds)) + 2
    if size != needed:
        problems.append(field_problem(f"{pointer}/concealed", WRONG_COUNT, melds=len(melds), needed=needed, got=size))
    win = _parse_tiles(tiles.win_tile, "win_tile", tiles.RED_FIVES)[0]
    if counts[win.tile] == 0:
        problems.append(field_problem(f"{pointer}/win_tile", WIN_NOT_IN_HAND, tile=tiles.win_tile))
    if problems:
        raise RuleViolation(*problems)
    return Hand(counts, tuple(melds), win.tile, sum(concealed_red), groups)


def _read_melds(
    tiles: Tiles, counts: Sequence[int], concealed_red: Sequence[int], pointer: str, problems: list[FieldProblem]
) -> tuple[list[HandMeld], list[int], list[int]]:
    """The melds read, and every tile of the hand (melds included) as counts
    and red fives by suit; each meld that is not the set it names, or is
    concealed without being a kong, is added to ``problems``."""
    melds: list[HandMeld] = []
    grown = list(counts)
    red_grown = list(concealed_red)
    for index, meld in enumerate(tiles.melds):
        read_meld = _parse_tiles(meld.tiles, "tiles", tiles.RED_FIVES)
        values = tuple(sorted(read.tile for read in read_meld))
        for read in read_meld:
            grown[read.tile] += 1
            if read.red:
                red_grown[read.tile // 9] += 1
        at = f"{pointer}/melds/{index}"
        if not _is_meld(meld.kind, values):
            problems.append(field_problem(f"{at}/tiles", NOT_A_MELD, tiles=meld.tiles, kind=meld.kind))
        if meld.concealed and meld.kind != "kong":
            problems.append(field_problem(f"{at}/concealed", CONCEALED_NOT_KONG))
        melds.append(HandMeld(meld.kind, values, meld.concealed, sum(1 for read in read_meld if read.red)))
    return melds, grown, red_grown


def _too_many(total: Sequence[int], red_seen: Sequence[int], fullest: int, red_fives: bool, pointer: str) -> list[FieldProblem]:
    """A problem for each tile the hand holds more than four of (``fullest``:
    the most copies of one) and, with red fives, for each suit whose red five
    it holds twice."""
    problems: list[FieldProblem] = []
    if fullest > 4:
        for kind, count in enumerate(total):
            if count > 4:
                problems.append(field_problem(f"{pointer}/concealed", HAND_IMPOSSIBLE, tile=tile_text(kind)))
    if red_fives and sum(red_seen) > 1:  # two red fives may still be of two suits
        for suit, seen in enumerate(red_seen):
            if seen > 1:
                problems.append(field_problem(f"{pointer}/concealed", RED_TWICE, suit=SUITS[suit]))
    return problems


@lru_cache(maxsize=8192)
def _counted(text: str, red_fives: bool) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, int, int], int, int]:
    """Concealed tiles in notation as 34 counts (and cut into the suits and
    honours), red fives by suit, how many tiles, and the most copies of one
    tile (memoised with the reading itself)."""
    counts = [0] * TILE_KINDS
    red = [0, 0, 0]
    fullest = 0  # kept as the tiles are counted: max() over the 34 counts costs more than the counting
    read = _parse_tiles(text, "concealed", red_fives)
    for tile in read:
        kind = tile.tile
        count = counts[kind] = counts[kind] + 1
        if count > fullest:
            fullest = count
        if tile.red:
            red[kind // 9] += 1
    whole = tuple(counts)
    groups = (whole[0:9], whole[9:18], whole[18:27], whole[27:34])
    return whole, groups, (red[0], red[1], red[2]), len(read), fullest


def _is_meld(kind: MeldKind, tiles: tuple[int, ...]) -> bool:
    if kind == "chow":
        return (
            len(tiles) == 3
            and tiles[0] < HONOURS
            and tiles[0] // 9 == tiles[2] // 9
            and tiles[1] == tiles[0] + 1
            and tiles[2] == tiles[0] + 2
        )
    size = 3 if kind == "pung" else 4
    return len(tiles) == size and len(set(tiles)) == 1


def split_and_waits(hand: Hand, held: Sequence[int], special: bool) -> tuple[Split | None, list[int]]:
    """For a hand as :func:`read_hand` checked it (3 × sets + 2 concealed
    tiles): the first of its :func:`splits` (``None`` when it has none) and
    the :func:`waits` of its concealed tiles without the winning one, in tile
    order; with ``special`` (a hand without melds, so ``held`` are its
    concealed tiles before the win) the :func:`special_waits` among them. The
    groups are read once: the hand before the win differs only in the win
    tile's."""
    counts = hand.groups
    groups = [_group(counts[0], 0), _group(counts[1], 9), _group(counts[2], 18), _group(counts[3], HONOURS)]
    split = _first_split(groups)
    win_tile = hand.win_tile
    suit = win_tile // 9
    start = SUIT_STARTS[suit]
    before = list(counts[suit])
    before[win_tile - start] -= 1
    groups[suit] = _group(tuple(before), start)  # now the groups before the win
    found = _waits(groups, held)
    if special:
        first, second, third, fourth = groups
        pairs = first.pairs + second.pairs + third.pairs + fourth.pairs
        orphans = first.orphans + second.orphans + third.orphans + fourth.orphans
        if pairs == 6 or orphans == 13:  # else neither seven pairs nor thirteen orphans can wait
            more = _special_waits(held, held, pairs, orphans)
            if more:
                found = sorted(set(found + more))
    return split, found


WaitShape = Literal["two_sided", "edge", "closed", "pair", "pung"]
"""Where the winning tile sits in a reading (:func:`service.core.readings.readings`):
in the pair (單吊), in a pung (雙碰), or in a chow as two-sided, edge (邊張) or
closed (嵌張)."""


ArrangedKind = Literal["chow", "pung", "kong", "pair", "special"]


class Arranged(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One group of the chosen split (frozen: the concealed sets and pairs
    are built once, in :data:`CONCEALED_CHOWS` and its siblings)."""

    kind: ArrangedKind
    tiles: str
    concealed: bool


def arrangement(split: Split, melds: Sequence[HandMeld], won_on_discard: bool = False, win_tile: int | None = None) -> list[Arranged]:
    """The chosen split as the answer shows it: concealed sets first (in tile
    order), then the pair, then the melds as called. A pung completed by a
    discarded winning tile counts as exposed (``won_on_discard``): pass the
    win tile to have the one pung holding it shown so."""
    out: list[Arranged] = []
    for kind, first in split.sets:
        if kind == "chow":
            out.append(CONCEALED_CHOWS[first])
        elif won_on_discard and first == win_tile:  # one pung at most: a second would be a seventh copy
            out.append(Arranged(kind=kind, tiles=PUNG_TEXT[first], concealed=False))
        else:
            out.append(CONCEALED_PUNGS[first])
    out.append(CONCEALED_PAIRS[split.pair])
    for meld in melds:
        out.append(Arranged(kind=meld.kind, tiles=format_tiles(meld.tiles), concealed=meld.concealed))
    return out


CHOW_TEXT: tuple[str, ...] = tuple(
    format_tiles((tile, tile + 1, tile + 2)) if tile < HONOURS and tile % 9 <= 6 else "" for tile in range(TILE_KINDS)
)
"""A chow's text by its lowest tile (``"345p"``)."""
PUNG_TEXT: tuple[str, ...] = tuple(format_tiles((tile,) * 3) for tile in range(TILE_KINDS))
PAIR_TEXT: tuple[str, ...] = tuple(format_tiles((tile,) * 2) for tile in range(TILE_KINDS))
CONCEALED_CHOWS: tuple[Arranged, ...] = tuple(Arranged(kind="chow", tiles=text, concealed=True) for text in CHOW_TEXT)
"""A concealed chow as the answer shows it, by its lowest tile."""
CONCEALED_PUNGS: tuple[Arranged, ...] = tuple(Arranged(kind="pung", tiles=text, concealed=True) for text in PUNG_TEXT)
CONCEALED_PAIRS: tuple[Arranged, ...] = tuple(Arranged(kind="pair", tiles=text, concealed=True) for text in PAIR_TEXT)
