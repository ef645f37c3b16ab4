"""Hands from tiles: the notation, the request's `tiles` object, tile counting,
every split of a hand into sets and a pair, and its waits. Shared by every
ruleset that reads tiles (Hong Kong, riichi, MCR, Taiwan).

**Notation** (MPSZ, as Tenhou and the riichi libraries write it): digits
followed by their suit letter — `m` characters 萬, `p` dots 筒, `s` bamboo 索,
`z` honours 1–7 = east, south, west, north, white 白, green 發, red 中.
`"123m456p789s1122z"`. `0m`/`0p`/`0s` is a red five (riichi only).

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

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from operator import mul
from typing import Annotated, ClassVar, Literal, NamedTuple

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.seats import SEATS, Seat

SUITS = "mpsz"
HONOURS = 27
TILE_KINDS = 34
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS: tuple[int, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[int, ...] = (WHITE, GREEN, RED)
WIND_OF_SEAT: dict[Seat, int] = {"east": EAST, "south": SOUTH, "west": WEST, "north": NORTH}

BAD_CHARACTER = template("Unexpected `{character}` at character {position} of field `{field}`: tiles are digits followed by m, p, s or z")
NO_SUIT = template("Digits without a suit letter at the end of field `{field}` (character {position}): write them followed by m, p, s or z")
NO_DIGITS = template("Suit letter `{character}` without digits before it at character {position} of field `{field}`")
BAD_HONOUR = template("There is no honour `{digit}z` (character {position} of field `{field}`): honours are 1z to 7z")
NO_RED_FIVES = template("A red five (`0{suit}`, character {position} of field `{field}`) exists only in riichi")
NOTATION_MESSAGES: tuple[str, ...] = (BAD_CHARACTER, NO_SUIT, NO_DIGITS, BAD_HONOUR, NO_RED_FIVES)
"""The 400 details of unreadable notation (worded by the API in the request's language)."""

NOTATION_PATTERN = "^([0-9]+[mps]|[1-7]+z)*(?![\\s\\S])"
"""The published shape of a notation string with red fives (riichi; the
service reads it itself, to name the first bad character)."""
PLAIN_NOTATION_PATTERN = "^([1-9]+[mps]|[1-7]+z)*(?![\\s\\S])"
"""The same without red fives (every ruleset but riichi)."""
TILE_PATTERN = "^([1-9][mps]|[1-7]z)(?![\\s\\S])"
RED_TILE_PATTERN = "^([0-9][mps]|[1-7]z)(?![\\s\\S])"

_NOTATION_TEXT = (
    "Tiles in MPSZ notation: digits followed by their suit letter, `m` characters 萬, `p` dots 筒, "
    "`s` bamboo 索, `z` honours 1–7 (east, south, west, north, white 白, green 發, red 中)"
)


def _notation(pattern: str, description: str, max_length: int = 64, examples: tuple[str, ...] = ("123m456p789s1122z",)) -> msgspec.Meta:
    """A notation field: the pattern is published in the schema (generators and
    clients see the shape), but read by :func:`parse_tiles`, whose 400 names
    the position of the first bad character."""
    return msgspec.Meta(
        max_length=max_length, description=description, examples=list(examples), extra_json_schema={"extra": {"pattern": pattern}}
    )


Notation = Annotated[str, _notation(PLAIN_NOTATION_PATTERN, _NOTATION_TEXT + ". No red fives (`0m`/`0p`/`0s` is riichi only).")]
RedNotation = Annotated[
    str, _notation(NOTATION_PATTERN, _NOTATION_TEXT + "; `0m`/`0p`/`0s` is a red five.", examples=("123m406p789s1122z",))
]
TileText = Annotated[
    str,
    msgspec.Meta(
        min_length=2,
        max_length=2,
        description="One tile in MPSZ notation (`5m`, `7z`).",
        examples=["5m"],
        extra_json_schema={"extra": {"pattern": TILE_PATTERN}},
    ),
]
RedTileText = Annotated[
    str,
    msgspec.Meta(
        min_length=2,
        max_length=2,
        description="One tile in MPSZ notation (`5m`, `7z`; `0p` a red five).",
        examples=["5m"],
        extra_json_schema={"extra": {"pattern": RED_TILE_PATTERN}},
    ),
]
MeldText = Annotated[
    str,
    _notation(PLAIN_NOTATION_PATTERN, "The meld's tiles in MPSZ notation (`345p`, `7777z`).", max_length=8, examples=("345p",)),
]
RedMeldText = Annotated[
    str,
    _notation(NOTATION_PATTERN, "The meld's tiles in MPSZ notation (`345p`, `7777z`; `0p` a red five).", max_length=8, examples=("345p",)),
]
Flower = Literal["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]
"""Bonus tiles: `f1`–`f4` flowers 梅蘭菊竹, `s1`–`s4` seasons 春夏秋冬; number n
belongs to seat n counted from east."""
FLOWER_SEAT: dict[str, Seat] = {f"{kind}{n}": seat for kind in "fs" for n, seat in enumerate(SEATS, start=1)}
Flowers = Annotated[
    list[Flower],
    msgspec.Meta(
        max_length=8,
        description="Bonus tiles: `f1`–`f4` flowers 梅蘭菊竹, `s1`–`s4` seasons 春夏秋冬 (n belongs to seat n from east); each once.",
        examples=[["f1", "s3"]],
    ),
]
"""The `flowers` field of a ruleset's tiles that has bonus tiles (not riichi)."""

FLOWER_TWICE = template("Bonus tile `{flower}` is listed twice: each flower and season exists once")


def check_flowers(flowers: Sequence[str], pointer: str = "/tiles/flowers") -> int:
    """How many bonus tiles; a repeated one is a 422 at its index."""
    if len(set(flowers)) == len(flowers):
        return len(flowers)
    seen: set[str] = set()
    problems = []
    for index, flower in enumerate(flowers):
        if flower in seen:
            problems.append(field_problem(f"{pointer}/{index}", FLOWER_TWICE, flower=flower))
        seen.add(flower)
    if problems:
        raise RuleViolation(*problems)
    return len(flowers)


@dataclass(frozen=True, slots=True)
class ReadTile:
    tile: int
    red: bool = False


READ_TILES: tuple[ReadTile, ...] = tuple(ReadTile(tile) for tile in range(TILE_KINDS))
"""Each tile as the parser reads it, built once and shared."""
_ROWS: dict[str, dict[str, ReadTile]] = {
    suit: {str(digit): READ_TILES[start + digit - 1] for digit in range(1, 8 if suit == "z" else 10)}
    for suit, start in zip(SUITS, (0, 9, 18, HONOURS), strict=True)
}
"""A suit letter → its digits → the tiles they read as (red fives apart)."""
_RED_ROWS: dict[str, dict[str, ReadTile]] = {
    suit: {**row, "0": ReadTile(row["5"].tile, red=True)} if suit != "z" else row for suit, row in _ROWS.items()
}
"""As :data:`_ROWS`, with ``0`` a red five in the three suits."""
DIGITS = frozenset("0123456789")
"""The notation's digits (ASCII only: ``"５"`` is not one)."""


def parse_tiles(text: str, field: str, red_fives: bool) -> list[ReadTile]:
    """Read MPSZ notation; ``ValueError`` (a 400 at ``field``) naming the first
    character that cannot be read. Readings are memoised: the same short
    strings (a win tile, a meld, an indicator) come back all the time."""
    return list(_parse_tiles(text, field, red_fives))


@lru_cache(maxsize=8192)
def _parse_tiles(text: str, field: str, red_fives: bool) -> tuple[ReadTile, ...]:
    rows = _RED_ROWS if red_fives else _ROWS
    tiles: list[ReadTile] = []
    start = 0  # the first of the digits that wait for their suit letter
    for index, character in enumerate(text):
        if character in DIGITS:
            continue
        if character not in rows:
            raise ValueError(BAD_CHARACTER.format(character=character, position=index + 1, field=field))
        if start == index:
            raise ValueError(NO_DIGITS.format(character=character, position=index + 1, field=field))
        row = rows[character]
        for at in range(start, index):
            read = row.get(text[at])
            if read is None:  # 0, 8 or 9 as an honour; 0 where red fives are not played
                if character == "z":
                    raise ValueError(BAD_HONOUR.format(digit=text[at], position=at + 1, field=field))
                raise ValueError(NO_RED_FIVES.format(suit=character, position=at + 1, field=field))
            tiles.append(read)
        start = index + 1
    if start < len(text):
        raise ValueError(NO_SUIT.format(position=start + 1, field=field))
    return tuple(tiles)


def tile_text(tile: int) -> str:
    """One tile in notation: ``4`` → ``"5m"``, ``27`` → ``"1z"``."""
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


def format_tiles(tiles: Iterable[int]) -> str:
    """Tiles as one notation string, sorted, grouped by suit (``"123m55z"``):
    each suit's letter is written when the next suit starts, and at the end."""
    text = letter = ""
    for tile in sorted(tiles):
        suit = SUIT_OF[tile]
        if suit != letter:
            text += letter
            letter = suit
        text += DIGIT_OF[tile]
    return text + letter


DIGIT_OF: tuple[str, ...] = tuple(str(tile % 9 + 1) for tile in range(TILE_KINDS))
"""Each tile's digit in notation."""
SUIT_OF: tuple[str, ...] = tuple(SUITS[tile // 9] for tile in range(TILE_KINDS))
"""Each tile's suit letter in notation."""


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
        total, red_seen, fullest = grown, red_grown, max(grown)
    if fullest > 4:
        for kind, count in enumerate(total):
            if count > 4:
                problems.append(field_problem(f"{pointer}/concealed", HAND_IMPOSSIBLE, tile=tile_text(kind)))
    if tiles.RED_FIVES and sum(red_seen) > 1:  # two red fives may still be of two suits
        for suit, seen in enumerate(red_seen):
            if seen > 1:
                problems.append(field_problem(f"{pointer}/concealed", RED_TWICE, suit=SUITS[suit]))
    needed = 3 * (sets - len(melds)) + 2
    if size != needed:
        problems.append(field_problem(f"{pointer}/concealed", WRONG_COUNT, melds=len(melds), needed=needed, got=size))
    win = _parse_tiles(tiles.win_tile, "win_tile", tiles.RED_FIVES)[0]
    if counts[win.tile] == 0:
        problems.append(field_problem(f"{pointer}/win_tile", WIN_NOT_IN_HAND, tile=tiles.win_tile))
    if problems:
        raise RuleViolation(*problems)
    return Hand(counts, tuple(melds), win.tile, sum(concealed_red), groups)


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

    def count(key: int, rank: int) -> int:
        return key >> 3 * rank & 7

    chows = start < HONOURS
    ranks = 9 if chows else TILE_KINDS - HONOURS
    sets: dict[int, tuple[SetReading, ...]] = {0: ((),)}
    level = [0]
    for _ in range(4):
        grown: dict[int, None] = {}
        for key in level:
            for rank in range(ranks):
                if count(key, rank) <= 1:
                    grown[key + 3 * ONE[rank]] = None
                if chows and rank <= 6 and count(key, rank) < 4 and count(key, rank + 1) < 4 and count(key, rank + 2) < 4:
                    grown[key + ONE[rank] + ONE[rank + 1] + ONE[rank + 2]] = None
        for key in grown:
            low = 0
            while not count(key, low):
                low += 1
            found: list[SetReading] = []
            if count(key, low) >= 3:
                found += [(("pung", start + low), *tail) for tail in sets.get(key - 3 * ONE[low], ())]
            if chows and low <= 6 and count(key, low + 1) and count(key, low + 2):
                found += [(("chow", start + low), *tail) for tail in sets.get(key - ONE[low] - ONE[low + 1] - ONE[low + 2], ())]
            sets[key] = tuple(found)
        level = list(grown)
    if 0 < start < HONOURS:  # the same vectors as the characters' (their readings in other tiles): shared
        characters = _suit_table(0)
        return _SuitTable(sets, characters.whole, characters.paired)
    paired = frozenset(key + 2 * ONE[rank] for key in sets for rank in range(ranks) if count(key, rank) <= 2)
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
