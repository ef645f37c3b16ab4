"""The tenhou.net/6 JSON log, as the service reads it (docs/games.md,
"Recorded games").

A record is ``{"title", "name", "rule", "log"}``; ``log`` holds one array per
hand, seventeen entries long:

====  ==========================================================================
0     ``[hand, honba, sticks]``: the hand's number (0 east 1 … 3 east 4, 4 south
      1 …, 8 west 1), the honba counters, the sticks earlier hands left
1     the scores at the start, player 0 first (player 0 is the first east)
2, 3  the dora and the ura dora indicators shown
4–15  per player 0–3: starting hand, takes (draws and calls), discards
16    the result: ``["和了", deltas, [who, from, liable, text, yaku…], …]``
      (a second deltas and info for a second winner), ``["流局", deltas]``
      and its kin, or an abortive draw (``["九種九牌"]`` …)
====  ==========================================================================

Tiles are two digits: 11–19 characters, 21–29 dots, 31–39 bamboo, 41–47 the
winds and dragons (east, south, west, north, white, green, red), 51–53 the
red fives. A take is a tile, or a call: ``c`` chow, ``p`` pung, ``m`` open
kong, the letter before the called tile and its place telling who gave it (at
0 the player before, at 2 the one opposite, at 4 the one after; an open kong's
after-player is at 6). A discard is a tile, 60 for the tile just drawn, ``r``
before a riichi discard, ``k`` an added kong (the added tile after it), ``a``
a concealed kong, ``f`` a north set aside (three players), 0 the turn an open
kong took.

This module reads the entries into typed steps; a step it cannot read is a
:class:`MalformedRecord` (400) naming it. :mod:`service.rulesets.riichi.replay`
plays them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec

from service.core.errors import FieldProblem, field_problem, template

MAX_RECORD_HANDS = 64
"""Hands in one record, at most: a hanchan with its extension round rarely
passes 30."""
MAX_STEPS = 40
"""Takes (or discards) of one player in one hand, at most: a wall of 70 tiles
gives nobody more than 18 draws, and kongs add four each."""

TSUMOGIRI = 60
KONG_TURN = 0


class TenhouRule(msgspec.Struct, kw_only=True, frozen=True):
    """The record's rule line: ``disp`` names the room and the game
    (``四鳳南喰赤``: four players, 南 a hanchan, 喰 open tanyao, 赤 red
    fives); ``aka`` (or ``aka51``–``aka53``) the red fives."""

    disp: Annotated[str, msgspec.Meta(max_length=64, description="Room and game, as Tenhou prints it (`四鳳南喰赤`).")] = ""
    aka: Annotated[int, msgspec.Meta(ge=0, le=3, description="Red fives in play (1: one of each suit).")] = 0
    aka51: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0
    aka52: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0
    aka53: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0


HandEntry = Annotated[list[Any], msgspec.Meta(max_length=17, description="One hand: the seventeen entries of docs/games.md.")]


class TenhouRecord(msgspec.Struct, kw_only=True):
    """A tenhou.net/6 log. Other fields Tenhou writes (`ver`, `ref`, `sc`,
    `dan`, `rate`, `sx`, `ratingc`, `lobby`) are read past."""

    title: Annotated[list[Annotated[str, msgspec.Meta(max_length=200)]], msgspec.Meta(max_length=8)] = []
    name: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=64)]],
        msgspec.Meta(max_length=4, description="Player names, player 0 (the first east) first; empty for the fourth at three."),
    ] = []
    rule: TenhouRule = TenhouRule()
    log: Annotated[
        list[HandEntry],
        msgspec.Meta(min_length=1, max_length=MAX_RECORD_HANDS, description="The hands in order, each an array of 17 entries."),
    ]


class MalformedRecord(Exception):
    """A record entry that does not read as the format (a 400 at ``problem.pointer``)."""

    def __init__(self, problem: FieldProblem) -> None:
        super().__init__(problem.detail)
        self.problem = problem


NOT_A_HAND = template("A hand is an array of 17 entries (docs/games.md); this one has {count}.")
NOT_A_LIST = template("Expected an array of at most {limit} entries here.")
NOT_A_TILE = template("`{value}` is not a tile: tiles are 11–19, 21–29, 31–39, 41–47 and the red fives 51–53.")
NOT_A_STEP = template("`{value}` is not a step of the log: a tile, or a call, kong, riichi or north written as docs/games.md shows.")
NOT_A_NUMBER = template("Expected a whole number here.")
NOT_A_RESULT = template("A result starts with its kind (`和了`, `流局`, `九種九牌` …): `{value}` is none of them.")

TILE_CODES = frozenset([*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53])

CallKind = Literal["chow", "pung", "kong"]
KongKind = Literal["added", "concealed"]


@dataclass(frozen=True, slots=True)
class Draw:
    tile: int


@dataclass(frozen=True, slots=True)
class Call:
    """A chow, pung or open kong of a discard: ``called`` the discard, ``own``
    the tiles from hand, ``offset`` how far round the table the giver sits
    before the caller (1 the player before, 2 opposite, 3 the one after)."""

    kind: CallKind
    called: int
    own: tuple[int, ...]
    offset: int


@dataclass(frozen=True, slots=True)
class Discard:
    """``tile`` None: the tile just drawn (60)."""

    tile: int | None
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class Kong:
    """An added kong (``tile`` added to a pung) or a concealed one (four of ``tile``)."""

    kind: KongKind
    tiles: tuple[int, ...]
    tile: int


@dataclass(frozen=True, slots=True)
class North:
    """A north set aside (三麻 抜きドラ)."""

    tile: int


@dataclass(frozen=True, slots=True)
class KongTurn:
    """The discard slot an open kong takes (0)."""


Take = Draw | Call
Action = Discard | Kong | North | KongTurn

_CALL = re.compile(r"^(\d\d)*([cpm])(\d\d)+$")
_KONG = re.compile(r"^(\d\d)*([ka])(\d\d)+$")
_RIICHI = re.compile(r"^r(\d\d)$")
_NORTH = re.compile(r"^f(\d\d)$")
_CALL_SIZES = {"c": 3, "p": 3, "m": 4}
_CALL_OFFSETS = {"c": {0: 1}, "p": {0: 1, 2: 2, 4: 3}, "m": {0: 1, 2: 2, 6: 3}}
_KINDS: dict[str, CallKind] = {"c": "chow", "p": "pung", "m": "kong"}


def _pairs(text: str) -> list[int]:
    return [int(text[at : at + 2]) for at in range(0, len(text), 2)]


def tile(value: object, pointer: str) -> int:
    if type(value) is not int or value not in TILE_CODES:
        raise MalformedRecord(field_problem(pointer, NOT_A_TILE, value=value))
    return value


def _letter_split(value: str, letter_at: int) -> tuple[int, list[int]]:
    """The tile after the letter, and every tile in the order written."""
    digits = value[:letter_at] + value[letter_at + 1 :]
    return int(value[letter_at + 1 : letter_at + 3]), _pairs(digits)


def _tiles_ok(tiles: list[int]) -> bool:
    return all(code in TILE_CODES for code in tiles)


def read_take(value: object, pointer: str) -> Take:
    """One entry of a player's takes: a drawn tile or a call."""
    if type(value) is int:
        return Draw(tile(value, pointer))
    match = _CALL.match(value) if isinstance(value, str) else None
    if match is None or not isinstance(value, str):
        raise MalformedRecord(field_problem(pointer, NOT_A_STEP, value=value))
    letter = match.group(2)
    letter_at = match.start(2)
    called, tiles = _letter_split(value, letter_at)
    offset = _CALL_OFFSETS[letter].get(letter_at)
    if offset is None or len(tiles) != _CALL_SIZES[letter] or not _tiles_ok(tiles):
        raise MalformedRecord(field_problem(pointer, NOT_A_STEP, value=value))
    own = list(tiles)
    own.remove(called)
    return Call(_KINDS[letter], called, tuple(own), offset)


def read_action(value: object, pointer: str) -> Action:
    """One entry of a player's discards."""
    if type(value) is int:
        if value == TSUMOGIRI:
            return Discard(None)
        if value == KONG_TURN:
            return KongTurn()
        return Discard(tile(value, pointer))
    if not isinstance(value, str):
        raise MalformedRecord(field_problem(pointer, NOT_A_STEP, value=value))
    if found := _RIICHI.match(value):
        code = int(found.group(1))
        return Discard(None if code == TSUMOGIRI else tile(code, pointer), riichi=True)
    if found := _NORTH.match(value):
        return North(tile(int(found.group(1)), pointer))
    match = _KONG.match(value)
    if match is None:
        raise MalformedRecord(field_problem(pointer, NOT_A_STEP, value=value))
    letter = match.group(2)
    added, tiles = _letter_split(value, match.start(2))
    if len(tiles) != 4 or not _tiles_ok(tiles):
        raise MalformedRecord(field_problem(pointer, NOT_A_STEP, value=value))
    return Kong("added" if letter == "k" else "concealed", tuple(tiles), added)


ResultKind = Literal["win", "draw", "abort"]
DRAW_RESULTS = frozenset({"流局", "全員聴牌", "全員不聴", "流し満貫"})
ABORT_RESULTS = frozenset({"九種九牌", "四風連打", "四家立直", "四槓散了", "三家和了"})
WIN_RESULT = "和了"


@dataclass(frozen=True, slots=True)
class RecordedWin:
    """One winner of the result: who, from whom (who again on a tsumo), the
    liable seat (who again when none), and what the log paid."""

    who: int
    source: int
    liable: int
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RecordedResult:
    kind: ResultKind
    name: str
    deltas: tuple[int, ...]
    wins: tuple[RecordedWin, ...] = ()


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """One hand of the log, read."""

    number: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    starts: tuple[tuple[int, ...], ...]
    takes: tuple[tuple[Take, ...], ...]
    actions: tuple[tuple[Action, ...], ...]
    result: RecordedResult


def _list(value: object, pointer: str, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise MalformedRecord(field_problem(pointer, NOT_A_LIST, limit=limit))
    return value


def _numbers(value: object, pointer: str, limit: int) -> tuple[int, ...]:
    items = _list(value, pointer, limit)
    for at, item in enumerate(items):
        if type(item) is not int or not -1_000_000 <= item <= 1_000_000:
            raise MalformedRecord(FieldProblem(f"{pointer}/{at}", NOT_A_NUMBER, NOT_A_NUMBER))
    return tuple(items)


def _tiles(value: object, pointer: str, limit: int) -> tuple[int, ...]:
    return tuple(tile(item, f"{pointer}/{at}") for at, item in enumerate(_list(value, pointer, limit)))


def _win(deltas: object, info: object, pointer: str, at: int) -> RecordedWin:
    paid = _numbers(deltas, f"{pointer}/{at}", 4)
    parts = _list(info, f"{pointer}/{at + 1}", 64)
    seats = _numbers(parts[:3], f"{pointer}/{at + 1}", 3)
    if len(seats) != 3 or len(paid) != 4 or not all(0 <= seat <= 3 for seat in seats):
        raise MalformedRecord(field_problem(f"{pointer}/{at + 1}", NOT_A_LIST, limit=64))
    return RecordedWin(who=seats[0], source=seats[1], liable=seats[2], deltas=paid)


def read_result(value: object, pointer: str) -> RecordedResult:
    items = _list(value, pointer, 7)
    name = items[0] if items else None
    if name == WIN_RESULT:
        if len(items) not in (3, 5, 7):
            raise MalformedRecord(field_problem(pointer, NOT_A_LIST, limit=7))
        wins = tuple(_win(items[at], items[at + 1], pointer, at) for at in range(1, len(items), 2))
        total = tuple(sum(win.deltas[seat] for win in wins) for seat in range(4))
        return RecordedResult("win", name, total, wins)
    if name in DRAW_RESULTS or name in ABORT_RESULTS:
        deltas = _numbers(items[1], f"{pointer}/1", 4) if len(items) > 1 else (0, 0, 0, 0)
        if len(deltas) != 4:
            raise MalformedRecord(field_problem(f"{pointer}/1", NOT_A_LIST, limit=4))
        return RecordedResult("draw" if name in DRAW_RESULTS else "abort", str(name), deltas)
    raise MalformedRecord(field_problem(f"{pointer}/0", NOT_A_RESULT, value=name))


def read_hand(entry: list[Any], pointer: str) -> RecordedHand:
    """One hand of ``log``, every entry read (400 at the first that cannot be)."""
    if len(entry) != 17:
        raise MalformedRecord(field_problem(pointer, NOT_A_HAND, count=len(entry)))
    state = _numbers(entry[0], f"{pointer}/0", 3)
    if len(state) != 3 or not (0 <= state[0] <= 15 and 0 <= state[1] <= 100 and 0 <= state[2] <= 200):
        raise MalformedRecord(field_problem(f"{pointer}/0", NOT_A_LIST, limit=3))
    scores = _numbers(entry[1], f"{pointer}/1", 4)
    if len(scores) != 4:
        raise MalformedRecord(field_problem(f"{pointer}/1", NOT_A_LIST, limit=4))
    starts, takes, actions = [], [], []
    for player in range(4):
        at = 4 + 3 * player
        starts.append(_tiles(entry[at], f"{pointer}/{at}", 13))
        takes.append(
            tuple(read_take(v, f"{pointer}/{at + 1}/{i}") for i, v in enumerate(_list(entry[at + 1], f"{pointer}/{at + 1}", MAX_STEPS)))
        )
        actions.append(
            tuple(read_action(v, f"{pointer}/{at + 2}/{i}") for i, v in enumerate(_list(entry[at + 2], f"{pointer}/{at + 2}", MAX_STEPS)))
        )
    return RecordedHand(
        number=state[0],
        honba=state[1],
        sticks=state[2],
        scores=scores,
        dora=_tiles(entry[2], f"{pointer}/2", 5),
        ura=_tiles(entry[3], f"{pointer}/3", 5),
        starts=tuple(starts),
        takes=tuple(takes),
        actions=tuple(actions),
        result=read_result(entry[16], f"{pointer}/16"),
    )
