"""MCR hands from tiles, valued by PyMahjongGB (the C++ calculator of the
Chinese Official rules, MIT).

Before every call the hand is checked here (tile counts, sizes, flowers,
flags): the library reports every failure as a ``TypeError`` whose text is a
code, each mapped to a 422 with a clear detail (:data:`LIBRARY_ERRORS`). Its
rows are read by their English names into our fan-table codes
(:mod:`service.rulesets.mcr.value_table`); its 花牌 row is left out of `fan`
(flowers are counted apart, in `flowers`). It does not apply the 8-point
minimum: the answer warns `below_minimum_fan` (flowers never count)."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, ClassVar

import msgspec
from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]  # a C++ extension without stubs

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.readings import Reading
from service.core.seats import SEATS, Seat
from service.core.settlement import Discard, LocalizedName, Win
from service.core.tiles import (
    HONOURS,
    TILE_KINDS,
    WIND_OF_SEAT,
    Arranged,
    Flowers,
    Hand,
    Split,
    Tiles,
    arrangement,
    check_flowers,
    format_tiles,
    kong_flag_problems,
    parse_tiles,
    read_hand,
    split_and_waits,
)
from service.core.warnings import SettlementWarning
from service.rulesets.mcr.fan_rules import NOT_SETS_AND_A_PAIR, PAIRS_SHAPES, Counted, by_rule
from service.rulesets.mcr.value_table import FAN_BY_ENGLISH
from service.rulesets.mcr.warnings import warning

SUIT_LETTERS = ("W", "B", "T")
"""Our suits m, p, s → the library's W (萬), B (餅/筒), T (條/索)."""
DRAGON_CODES = {31: "J3", 32: "J2", 33: "J1"}
"""White 白 J3, green 發 J2, red 中 J1."""


def library_tile(tile: int) -> str:
    if tile < HONOURS:
        return f"{SUIT_LETTERS[tile // 9]}{tile % 9 + 1}"
    if tile in DRAGON_CODES:
        return DRAGON_CODES[tile]
    return f"F{tile - HONOURS + 1}"


LIBRARY_TILES: tuple[str, ...] = tuple(library_tile(tile) for tile in range(TILE_KINDS))
"""Each tile's code in the library."""


class McrTiles(Tiles, forbid_unknown_fields=True, kw_only=True):
    """An MCR hand from its tiles: 14 tiles (a kong one more), no red fives;
    flowers and seasons apart."""

    flowers: Flowers = []
    last_of_its_kind: Annotated[
        bool, msgspec.Meta(description="和絕張: the winning tile is the last of its kind (the other three are in sight).")
    ] = False


class McrItem(msgspec.Struct, kw_only=True, gc=False):
    """One fan the hand scores."""

    __schema_name__: ClassVar[str] = "McrFanItem"
    """Its name in the OpenAPI document: the batch's MCR item is `McrItem`."""

    code: Annotated[str, msgspec.Meta(description="Code from `GET /v1/mcr/fan-table`.")]
    name_en: str
    name: LocalizedName = msgspec.UNSET  # type: ignore[assignment]
    fan: Annotated[int, msgspec.Meta(description="Points of one occurrence.")]
    count: Annotated[int, msgspec.Meta(description="How many times it counts.")]
    points: Annotated[int, msgspec.Meta(description="fan × count.")]


class McrEvaluation(msgspec.Struct, kw_only=True):
    """What the tiles are worth: the `POST /v1/mcr/hands` answer, and a
    settlement's `evaluation`."""

    fan: Annotated[int, msgspec.Meta(description="Pattern points, flowers excluded.")]
    flowers: Annotated[int, msgspec.Meta(description="Flower and season tiles, one point each (never toward the minimum).")]
    items: list[McrItem]
    arrangement: list[Arranged]
    waits: Annotated[str, msgspec.Meta(description="The tiles that completed the hand before the winning tile (`58m`).")]
    warnings: list[SettlementWarning]


BLESSING = template(
    "MCR has no 天和/地和/人和 (blessing of heaven, earth or man): they are not among its 81 fan, and the calculator "
    "this service uses has them compiled out"
)
LAST_OF_KIND_HELD = template(
    "`last_of_its_kind` (和絕張) means the other three `{tile}` are in sight on the table, but the hand holds another one itself"
)
FLAGS_TOGETHER = template("`{first}` and `{second}` cannot both be true")
LIBRARY_ERRORS: dict[str, str] = {
    "ERROR_NOT_WIN": template(
        "These tiles are not a complete MCR hand (four sets and a pair, seven pairs, thirteen orphans or a knitted hand)"
    ),
    "ERROR_WRONG_TILES_COUNT": template("The hand has the wrong number of tiles for its melds"),
    "ERROR_TILE_COUNT_GREATER_THAN_4": template("More than four of one tile in the hand"),
    "ERROE_WRONG_TILE_CODE": template("A tile the calculator does not know"),
    "ERROE_WRONG_PACK_CODE": template("A meld the calculator does not know"),
    "ERROE_WRONG_OFFER_CODE": template("A meld's claimed tile the calculator does not know"),
    "ERROR_INVALID_HAND": template("The concealed tiles cannot be part of a hand"),
    "ERROR_INVALID_HAND_OR_PACK": template("The tiles and melds cannot be one hand"),
}
"""PyMahjongGB's error codes (``ERROE_`` misspelt as the library spells it)
→ the 422 detail. Checks made before the call leave only ``ERROR_NOT_WIN``
reachable; the rest are mapped in case."""
LIBRARY_UNKNOWN = template("The calculator refused the hand ({code})")


def _check_flags(tiles: McrTiles, hand: Hand, tsumo: bool) -> None:
    problems = kong_flag_problems(tiles, hand, tsumo, "/tiles")
    if tiles.blessing:
        problems.append(FieldProblem("/tiles/blessing", BLESSING))
    for first, second in (("after_kong", "robbing_kong"), ("last_tile", "after_kong"), ("last_tile", "robbing_kong")):
        if getattr(tiles, first) and getattr(tiles, second):
            problems.append(field_problem(f"/tiles/{second}", FLAGS_TOGETHER, first=first, second=second))
    if problems:
        raise RuleViolation(*problems)


def _pack(kind: str, tiles: tuple[int, ...], concealed: bool) -> tuple[str, str, int]:
    if kind == "chow":
        return ("CHI", library_tile(tiles[1]), 1)
    if kind == "pung":
        return ("PENG", library_tile(tiles[0]), 1)
    return ("GANG", library_tile(tiles[0]), 0 if concealed else 1)


@lru_cache(maxsize=8192)
def _standing(concealed: str, win_tile: int) -> tuple[str, ...]:
    """The library's standing tiles: the concealed ones (notation already
    read by :func:`read_hand`) without the winning tile, in tile order.
    Memoised per notation, as the core memoises its readings (what it saves:
    docs/tiles.md, Speed)."""
    held = sorted([read.tile for read in parse_tiles(concealed, "concealed", False)])
    held.remove(win_tile)
    return tuple([LIBRARY_TILES[tile] for tile in held])


SEAT_NUMBER: dict[Seat, int] = {seat: number for number, seat in enumerate(SEATS)}
"""East 0 to north 3: the library's seat and prevalent winds count from east."""


def evaluate(tiles: McrTiles, *, win: Win, winner: Seat, dealer: Seat, min_fan: int, mixed_kong_fan: bool = True) -> McrEvaluation:
    """Value an MCR hand from its tiles (422 for what cannot be); the
    library's rows with :func:`~service.rulesets.mcr.fan_rules.by_rule`
    applied (a one-tile wait, `mixed_kong_fan`)."""
    tsumo = not isinstance(win, Discard)
    hand = read_hand(tiles, 4)
    flowers = check_flowers(tiles.flowers, "/tiles/flowers") if tiles.flowers else 0
    if tiles.blessing or tiles.after_kong or tiles.robbing_kong or tiles.last_tile:
        _check_flags(tiles, hand, tsumo)
    if tiles.last_of_its_kind and hand.counts[hand.win_tile] > 1:
        raise RuleViolation(field_problem("/tiles/last_of_its_kind", LAST_OF_KIND_HELD, tile=tiles.win_tile))
    standing = _standing(tiles.concealed, hand.win_tile)
    packs = tuple([_pack(meld.kind, meld.tiles, meld.concealed) for meld in hand.melds]) if hand.melds else ()
    winds = {"seatWind": (SEAT_NUMBER[winner] - SEAT_NUMBER[dealer]) % 4, "prevalentWind": WIND_OF_SEAT[tiles.round_wind] - HONOURS}
    try:
        rows = MahjongFanCalculator(
            pack=packs,
            hand=standing,
            winTile=LIBRARY_TILES[hand.win_tile],
            flowerCount=flowers,
            isSelfDrawn=tsumo,
            is4thTile=tiles.last_of_its_kind,
            isAboutKong=tiles.after_kong or tiles.robbing_kong,
            isWallLast=tiles.last_tile,
            verbose=True,
            **winds,
        )
    except TypeError as error:
        code = str(error)
        if code not in LIBRARY_ERRORS:
            raise RuleViolation(field_problem("/tiles", LIBRARY_UNKNOWN, code=code)) from None
        detail = LIBRARY_ERRORS[code]
        raise RuleViolation(FieldProblem("/tiles/concealed", detail), title=template("The tiles are not a winning MCR hand")) from None

    held = hand.all_counts if hand.melds else list(hand.counts)  # every tile before the win, melds included
    held[hand.win_tile] -= 1
    split, waiting = split_and_waits(hand, held, special=not hand.melds)

    counted = _counted(rows)
    counted, wait_split = by_rule(
        counted,
        hand,
        waiting,
        self_drawn=tsumo,
        mixed_kong_fan=mixed_kong_fan,
        scored=lambda reading: _counted_or_none(_reading_rows(reading, rows, winds)),
    )
    items: list[McrItem] = []
    fan = 0
    for row, points, count in counted:
        if row.counted_in_fan:
            total = points * count
            items.append(McrItem(code=row.code, name_en=row.name_en, fan=points, count=count, points=total))
            fan += total
    notes: list[SettlementWarning] = []
    if fan < min_fan:
        notes.append(warning("below_minimum_fan", "points_without_flowers", fan=fan, min_fan=min_fan))
    shown = _shown(hand, {row.code for row, _, _ in counted}, wait_split or split, won_on_discard=not tsumo)
    return McrEvaluation(fan=fan, flowers=flowers, items=items, arrangement=shown, waits=format_tiles(waiting), warnings=notes)


def _shown(hand: Hand, codes: set[str], split: Split | None, *, won_on_discard: bool) -> list[Arranged]:
    """The arrangement the library scored: seven pairs as pairs (four of a
    kind as two), another shape that is not sets and a pair as its tiles,
    else the split (the one whose reading shows an added wait fan)."""
    if not codes.isdisjoint(PAIRS_SHAPES):
        return [
            Arranged(kind="pair", tiles=format_tiles((tile, tile)), concealed=True)
            for tile in range(TILE_KINDS)
            for _ in range(hand.counts[tile] // 2)
        ]
    if split is not None and codes.isdisjoint(NOT_SETS_AND_A_PAIR):
        return arrangement(split, hand.melds, won_on_discard=won_on_discard, win_tile=hand.win_tile)
    everything = [tile for tile in range(TILE_KINDS) for _ in range(hand.counts[tile])]
    shown = [Arranged(kind="special", tiles=format_tiles(everything), concealed=True)]
    return shown + [Arranged(kind=meld.kind, tiles=format_tiles(meld.tiles), concealed=meld.concealed) for meld in hand.melds]


NOT_OF_THE_SHAPE = frozenset(
    {
        "Concealed Hand",
        "Fully Concealed Hand",
        "Two Concealed Pungs",
        "Three Concealed Pungs",
        "Four Concealed Pungs",
        "Concealed Kong",
        "Two Concealed Kongs",
        "Concealed Kong and Melded Kong",
        "Melded Kong",
        "Single Wait",
        "Edge Wait",
        "Closed Wait",
        "Melded Hand",
        "Self-Drawn",
        "Flower Tiles",
        "Last Tile",
        "Last Tile Draw",
        "Last Tile Claim",
        "Out with Replacement Tile",
        "Robbing the Kong",
    }
)
"""The library's rows that a reading given as melds cannot keep (what a
concealed hand, its kongs, its wait or its way out add): left out when
readings are compared."""


LibraryRows = list[tuple[int, int, str, str]]
"""The library's rows: (points of one, count, Chinese name, English name)."""
CONCEALED_PUNG_ROWS: dict[int, tuple[int, int, str, str]] = {
    2: (2, 1, "雙暗刻", "Two Concealed Pungs"),
    3: (16, 1, "三暗刻", "Three Concealed Pungs"),
}
BY_READING = frozenset({"Two Concealed Pungs", "Three Concealed Pungs", "Four Concealed Pungs", "Single Wait", "Edge Wait", "Closed Wait"})
"""Rows of the library's answer that depend on the arrangement beyond its shape."""


def _counted(rows: LibraryRows) -> Counted:
    return [(FAN_BY_ENGLISH[name_en], points, count) for points, count, _name_zh, name_en in rows]


def _counted_or_none(rows: LibraryRows | None) -> Counted | None:
    return None if rows is None else _counted(rows)


def _reading_rows(reading: Reading, rows: LibraryRows, winds: dict[str, int]) -> LibraryRows | None:
    """One reading's rows when it is worth as much as the library's answer
    (see :mod:`service.rulesets.mcr.fan_rules`): the library's own when the
    shape is the one it scored, else the reading's shape, its concealed pungs
    and the rest of the answer."""
    mine = _rows_of(reading, winds)
    shape = _structural(mine)
    if shape == _structural(rows):
        return rows
    pungs = sum(1 for group in reading.groups if group.triplet and group.concealed)
    if not mine or pungs > 3:
        return None
    candidate = [row for row in rows if row[3] in NOT_OF_THE_SHAPE and row[3] not in BY_READING]
    candidate += [row for row in mine if row[3] not in NOT_OF_THE_SHAPE]
    if pungs in CONCEALED_PUNG_ROWS:
        candidate.append(CONCEALED_PUNG_ROWS[pungs])
    if sum(points * count for points, count, _, _ in candidate) < sum(points * count for points, count, _, _ in rows):
        return None
    return candidate


def _structural(rows: list[tuple[int, int, str, str]]) -> frozenset[tuple[str, int]]:
    return frozenset((name_en, points * count) for points, count, _name_zh, name_en in rows if name_en not in NOT_OF_THE_SHAPE)


def _rows_of(reading: Reading, winds: dict[str, int]) -> list[tuple[int, int, str, str]]:
    """The library's rows for one reading: its sets given as melds, its pair
    the tile won on (kongs keep their kind)."""
    packs = []
    for group in reading.groups:
        kind = "CHI" if group.kind == "chow" else "PENG" if group.kind == "pung" else "GANG"
        packs.append((kind, LIBRARY_TILES[group.tile + 1 if group.kind == "chow" else group.tile], 1))
    pair = LIBRARY_TILES[reading.pair if reading.pair is not None else 0]
    try:
        rows: list[tuple[int, int, str, str]] = MahjongFanCalculator(
            pack=tuple(packs),
            hand=(pair,),
            winTile=pair,
            flowerCount=0,
            isSelfDrawn=False,
            is4thTile=False,
            isAboutKong=False,
            isWallLast=False,
            verbose=True,
            **winds,
        )
    except TypeError:
        return []
    return rows
