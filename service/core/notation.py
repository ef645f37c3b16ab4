"""Tiles in notation: the tile numbers, reading and writing MPSZ notation,
the notation fields of a request, and the bonus tiles.

**Notation** (MPSZ, as Tenhou and the Japanese mahjong libraries write
it): digits followed by their suit letter — `m` characters 萬, `p` dots 筒, `s` bamboo 索,
`z` honours 1–7 = east, south, west, north, white 白, green 發, red 中.
`"123m456p789s1122z"`. `0m`/`0p`/`0s` is a red five, in the ruleset
whose tiles take red fives (:data:`RedNotation`).

A tile is an int 0–33: characters 0–8, dots 9–17, bamboo 18–26, honours
27–33 (east, south, west, north, white, green, red).

Notation that cannot be read is a **400** at the field, naming the position
(1-based) of the first bad character — raised as ``ValueError`` from the
Structs' ``__post_init__``, so msgspec reports it with the field's path.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Literal

import msgspec

from service.core.errors import RuleViolation, field_problem, template
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
"""The published shape of a notation string with red fives (the service
reads it itself, to name the first bad character)."""
PLAIN_NOTATION_PATTERN = "^([1-9]+[mps]|[1-7]+z)*(?![\\s\\S])"
"""The same without red fives (every ruleset whose tiles have none)."""
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


Notation = Annotated[str, _notation(PLAIN_NOTATION_PATTERN, description=_NOTATION_TEXT + ". No red fives (`0m`/`0p`/`0s` is riichi only).")]
RedNotation = Annotated[
    str, _notation(NOTATION_PATTERN, _NOTATION_TEXT + "; `0m`/`0p`/`0s` is a red five.", examples=("123m406p789s1122z",))
]


def _tile(pattern: str, description: str) -> msgspec.Meta:
    """A one-tile field: two characters, its shape published as ``pattern``."""
    return msgspec.Meta(
        min_length=2, max_length=2, description=description, examples=["5m"], extra_json_schema={"extra": {"pattern": pattern}}
    )


TileText = Annotated[str, _tile(TILE_PATTERN, "One tile in MPSZ notation (`5m`, `7z`).")]
RedTileText = Annotated[str, _tile(RED_TILE_PATTERN, "One tile in MPSZ notation (`5m`, `7z`; `0p` a red five).")]
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
"""The `flowers` field of a ruleset's tiles that has bonus tiles."""

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
