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
:class:`UnreadablePart` (400) naming it. :mod:`service.rulesets.riichi.records.replay`
plays them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec

from service.core.errors import FieldProblem, RuleViolation, UnreadablePart, field_problem, template

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


TILE_CODES = frozenset([*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53])
RESULT_KINDS = ("和了", "流局", "全員聴牌", "全員不聴", "流し満貫", "九種九牌", "四風連打", "四家立直", "四槓散了", "三家和了")
MAX_POINTS = 1_000_000
CALL_PATTERN = r"^(\d\d)*[cpm](\d\d)+$"
ACTION_PATTERN = r"^(r\d\d|f\d\d|(\d\d)*[ka](\d\d)+)$"
MAX_STEP_TEXT = 9

_TILE = {"type": "integer", "minimum": 11, "maximum": 53, "enum": sorted(TILE_CODES)}
_POINTS = {"type": "integer", "minimum": -MAX_POINTS, "maximum": MAX_POINTS}


def _array(items: dict[str, Any], most: int, least: int = 0) -> dict[str, Any]:
    return {"type": "array", "items": items, "maxItems": most, **({"minItems": least} if least else {})}


_PLAYER = [
    _array(_TILE, 13),
    _array({"anyOf": [_TILE, {"type": "string", "maxLength": MAX_STEP_TEXT, "pattern": CALL_PATTERN}]}, 40),
    _array(
        {
            "anyOf": [
                _TILE,
                {"type": "integer", "minimum": 0, "maximum": 60, "enum": [0, 60]},
                {"type": "string", "maxLength": MAX_STEP_TEXT, "pattern": ACTION_PATTERN},
            ]
        },
        40,
    ),
]
_TEXT = {"type": "string", "maxLength": 200}
_PLACES: list[dict[str, Any]] = [
    {
        "type": "array",
        "minItems": 3,
        "maxItems": 3,
        "prefixItems": [
            {"type": "integer", "minimum": 0, "maximum": 15},
            {"type": "integer", "minimum": 0, "maximum": 100},
            {"type": "integer", "minimum": 0, "maximum": 200},
        ],
    },
    _array(_POINTS, 4, 4),
    _array(_TILE, 5),
    _array(_TILE, 5),
    *(_PLAYER * 4),
    {
        "type": "array",
        "minItems": 1,
        "maxItems": 7,
        "prefixItems": [{"type": "string", "enum": list(RESULT_KINDS)}],
        "items": _array({"anyOf": [_POINTS, _TEXT]}, 64),
    },
]
ANY_ENTRY: dict[str, Any] = {
    "type": "array",
    "maxItems": 64,
    "items": {
        "description": (
            "A whole number (a tile, a score, a counter), a text (a call, a step, a result's kind) or, in the "
            "result, an array of them (deltas, a winner's details)."
        )
    },
    "description": "An entry of a hand. What each of the seventeen places holds: the hand's `allOf`.",
}
HAND_SCHEMA: dict[str, Any] = {
    "type": "array",
    "minItems": 17,
    "maxItems": 17,
    "description": (
        "One hand: the seventeen entries of docs/games.md. `items` is any entry; the `prefixItems` in `allOf` say "
        "what each place holds (client generators read `items`: a hand is a list of entries, each a list)."
    ),
    "items": ANY_ENTRY,
    "allOf": [{"prefixItems": _PLACES}],
}
"""What the OpenAPI document publishes of a hand, and what :func:`read_hand`
checks before anything is played: a hand that breaks it is a 400. Entries
that keep to it and still cannot be (a call written with its letter where no
giver sits, a result with the wrong count of parts) are 422s."""

HandEntry = Annotated[list[Any], msgspec.Meta(max_length=17)]


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
        msgspec.Meta(
            min_length=1,
            max_length=MAX_RECORD_HANDS,
            description="The hands in order, each an array of 17 entries.",
            extra_json_schema={"extra": {"items": HAND_SCHEMA}},
        ),
    ]


NOT_A_HAND = template("A hand is an array of 17 entries (docs/games.md); this one has {count}.")
NOT_A_LIST = template("Expected an array of at most {limit} entries here.")
TEXT_TOO_LONG = template("Expected a text of at most {limit} characters here.")
NOT_THIS_LONG = template("Expected an array of {count} entries here.")
NOT_A_TILE = template("`{value}` is not a tile: tiles are 11–19, 21–29, 31–39, 41–47 and the red fives 51–53.")
NOT_A_STEP = template("`{value}` is not a step of the log: a tile, or a call, kong, riichi or north written as docs/games.md shows.")
NOT_A_NUMBER = template("Expected a whole number from {least} to {most} here.")
NOT_A_RESULT = template("A result starts with its kind (`和了`, `流局`, `九種九牌` …): `{value}` is none of them.")
NO_SUCH_CALL = template(
    "`{value}` cannot be: a chow takes the tile of the player before, a pung or kong names its giver by where its letter stands."
)
NO_SUCH_KONG = template("`{value}` cannot be: a kong is four of one tile.")
WIN_PARTS = template("A win's result is its kind, then deltas and details for each winner (one to three): this one has {count} parts.")
WIN_DETAILS = template("A winner's details start with three players 0–3: who won, from whom, who is liable.")
FOUR_DELTAS = template("Deltas are four whole numbers, player 0 first.")

CallKind = Literal["chow", "pung", "kong"]
KongKind = Literal["added", "concealed"]


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
class Riichi:
    """A riichi declared with its discard; ``tile`` None: the tile just drawn (60)."""

    tile: int | None


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


Take = int | Call
"""A draw (the tile's code) or a call."""
Action = int | Riichi | Kong | North
"""A discard (the tile's code; :data:`TSUMOGIRI` the tile just drawn,
:data:`KONG_TURN` the turn an open kong took), a riichi, a kong or a north.
Plain draws and discards stay ints: a record has a thousand of them."""

_CALL = re.compile(r"^(\d\d)*([cpm])(\d\d)+$")
_ACTION = re.compile(r"^(r\d\d|f\d\d|(\d\d)*([ka])(\d\d)+)$")
_CALL_SIZES = {"c": 3, "p": 3, "m": 4}
_CALL_OFFSETS = {"c": {0: 1}, "p": {0: 1, 2: 2, 4: 3}, "m": {0: 1, 2: 2, 6: 3}}
_KINDS: dict[str, CallKind] = {"c": "chow", "p": "pung", "m": "kong"}


def _pairs(text: str) -> list[int]:
    return [int(text[at : at + 2]) for at in range(0, len(text), 2)]


def whole(value: object) -> object:
    """A JSON number with no fraction as an int (JSON Schema counts ``7.0`` as
    an integer, as the service's strict decoding does; numbers arrive as exact
    decimals); anything else as it is."""
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    return value


def tile(value: object, pointer: str) -> int:
    """A tile code (400 for anything else: the schema's enum)."""
    value = whole(value)
    if type(value) is not int or value not in TILE_CODES:
        raise UnreadablePart(field_problem(pointer, NOT_A_TILE, value=value))
    return value


def _letter_split(value: str, letter_at: int) -> tuple[int, list[int]]:
    """The tile after the letter, and every tile in the order written."""
    digits = value[:letter_at] + value[letter_at + 1 :]
    return int(value[letter_at + 1 : letter_at + 3]), _pairs(digits)


def _step_text(value: object, pattern: re.Pattern[str], original: object) -> tuple[str, re.Match[str]]:
    """A step written as text: 400 unless it matches the schema's pattern."""
    match = pattern.match(value) if isinstance(value, str) and len(value) <= MAX_STEP_TEXT else None
    if match is None or not isinstance(value, str):
        raise _Refused(UnreadablePart, lambda at: field_problem(at, NOT_A_STEP, value=original))
    return value, match


class _Refused(Exception):
    """A step refused before its pointer is known: :func:`_steps` names it."""

    def __init__(self, error: type[Exception], problem_at: Callable[[str], FieldProblem]) -> None:
        super().__init__()
        self.error = error
        self.problem_at = problem_at

    def problem(self, pointer: str) -> Exception:
        problem = self.problem_at(pointer)
        return UnreadablePart(problem) if self.error is UnreadablePart else RuleViolation(problem)


def _step_tile(value: object, original: object) -> int:
    if type(value) is not int or value not in TILE_CODES:
        raise _Refused(UnreadablePart, lambda at: field_problem(at, NOT_A_TILE, value=original))
    return value


def read_take(original: object) -> Take:
    """One entry of a player's takes: a drawn tile or a call."""
    if type(original) is int and original in TILE_CODES:
        return original
    value = whole(original)
    if type(value) is int:
        return _step_tile(value, original)
    text, match = _step_text(value, _CALL, original)
    letter = match.group(2)
    letter_at = match.start(2)
    called, tiles = _letter_split(text, letter_at)
    offset = _CALL_OFFSETS[letter].get(letter_at)
    if offset is None or len(tiles) != _CALL_SIZES[letter] or not all(code in TILE_CODES for code in tiles):
        raise _Refused(RuleViolation, lambda at: field_problem(at, NO_SUCH_CALL, value=text))
    own = list(tiles)
    own.remove(called)
    return Call(_KINDS[letter], called, tuple(own), offset)


def read_action(original: object) -> Action:
    """One entry of a player's discards."""
    if type(original) is int and (original in TILE_CODES or original in (TSUMOGIRI, KONG_TURN)):
        return original
    value = whole(original)
    if type(value) is int:
        return value if value in (TSUMOGIRI, KONG_TURN) else _step_tile(value, original)
    text, match = _step_text(value, _ACTION, original)
    kind = text[0] if text[0] in "rf" else match.group(3)
    if kind == "r":
        code = int(text[1:])
        return Riichi(None if code == TSUMOGIRI else _tile_or_422(code, text, original))
    if kind == "f":
        return North(_tile_or_422(int(text[1:]), text, original))
    added, tiles = _letter_split(text, match.start(3))
    if len(tiles) != 4 or not all(code in TILE_CODES for code in tiles) or len({kind_key(code) for code in tiles}) != 1:
        raise _Refused(RuleViolation, lambda at: field_problem(at, NO_SUCH_KONG, value=text))
    return Kong("added" if kind == "k" else "concealed", tuple(tiles), added)


def kind_key(code: int) -> int:
    """A red five's plain code (51 → 15): one key per kind of tile."""
    return {51: 15, 52: 25, 53: 35}.get(code, code)


def _tile_or_422(code: int, text: str, original: object) -> int:
    if code not in TILE_CODES:
        raise _Refused(RuleViolation, lambda at: field_problem(at, NOT_A_STEP, value=text))
    return code


ResultKind = Literal["win", "draw", "abort"]
DRAW_RESULTS = frozenset({"流局", "全員聴牌", "全員不聴", "流し満貫"})
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
    passed: frozenset[tuple[int, int, int]] = frozenset()
    """Calls a player is known to have let pass (the replay's choices:
    draws so far, the player, its take's index); an event stream shows them,
    a tenhou.net/6 log does not."""


def _list(value: object, pointer: str, most: int, least: int = 0) -> list[Any]:
    """An array of ``least`` to ``most`` entries (400 otherwise: the schema's bounds)."""
    if not isinstance(value, list) or len(value) > most:
        raise UnreadablePart(field_problem(pointer, NOT_A_LIST, limit=most))
    if len(value) < least:
        raise UnreadablePart(field_problem(pointer, NOT_THIS_LONG, count=least))
    return value


def _number(value: object, pointer: str, least: int, most: int) -> int:
    value = whole(value)
    if type(value) is not int or not least <= value <= most:
        raise UnreadablePart(field_problem(pointer, NOT_A_NUMBER, least=least, most=most))
    return value


def _points(value: object, pointer: str, count: int) -> tuple[int, ...]:
    items = _list(value, pointer, count, count)
    return tuple(_number(item, f"{pointer}/{at}", -MAX_POINTS, MAX_POINTS) for at, item in enumerate(items))


def _tiles(value: object, pointer: str, limit: int) -> tuple[int, ...]:
    return tuple(tile(item, f"{pointer}/{at}") for at, item in enumerate(_list(value, pointer, limit)))


def _result_part(value: object, pointer: str) -> list[Any]:
    """A deltas or details part: integers and short texts (the schema's)."""
    items = _list(value, pointer, 64)
    read: list[Any] = []
    for at, item in enumerate(items):
        if isinstance(item, str):
            if len(item) > 200:
                raise UnreadablePart(field_problem(f"{pointer}/{at}", TEXT_TOO_LONG, limit=200))
            read.append(item)
        else:
            read.append(_number(item, f"{pointer}/{at}", -MAX_POINTS, MAX_POINTS))
    return read


def _win(deltas: list[Any], info: list[Any], pointer: str, at: int) -> RecordedWin:
    if len(deltas) != 4 or not all(type(item) is int for item in deltas):
        raise RuleViolation(field_problem(f"{pointer}/{at}", FOUR_DELTAS))
    seats = info[:3]
    if len(seats) != 3 or not all(type(seat) is int and 0 <= seat <= 3 for seat in seats):
        raise RuleViolation(field_problem(f"{pointer}/{at + 1}", WIN_DETAILS))
    return RecordedWin(who=seats[0], source=seats[1], liable=seats[2], deltas=tuple(deltas))


def read_result(value: object, pointer: str) -> RecordedResult:
    items = _list(value, pointer, 7, 1)
    name = items[0]
    if name not in RESULT_KINDS:
        raise UnreadablePart(field_problem(f"{pointer}/0", NOT_A_RESULT, value=name))
    parts = [_result_part(item, f"{pointer}/{at}") for at, item in enumerate(items[1:], start=1)]
    if name == WIN_RESULT:
        if len(parts) not in (2, 4, 6):
            raise RuleViolation(field_problem(pointer, WIN_PARTS, count=len(items)))
        wins = tuple(_win(parts[at - 1], parts[at], pointer, at) for at in range(1, len(parts), 2))
        total = tuple(sum(win.deltas[seat] for win in wins) for seat in range(4))
        return RecordedResult("win", name, total, wins)
    deltas = tuple(parts[0]) if parts else (0, 0, 0, 0)
    if len(deltas) != 4 or not all(type(item) is int for item in deltas):
        raise RuleViolation(field_problem(f"{pointer}/1", FOUR_DELTAS))
    return RecordedResult("draw" if name in DRAW_RESULTS else "abort", str(name), deltas)


def _steps(value: object, pointer: str, read: Any) -> tuple[Any, ...]:
    """Every step of a takes or discards entry; a step's pointer is written
    out only when the step is refused (most never are)."""
    steps = []
    for at, item in enumerate(_list(value, pointer, MAX_STEPS)):
        try:
            steps.append(read(item))
        except _Refused as refused:
            raise refused.problem(f"{pointer}/{at}") from None
    return tuple(steps)


def read_hand(entry: list[Any], pointer: str) -> RecordedHand:
    """One hand of ``log``, every entry read: 400 at the first that breaks
    the published shape (:data:`HAND_SCHEMA`), 422 at one that keeps to it
    and still cannot be."""
    if len(entry) != 17:
        raise UnreadablePart(field_problem(pointer, NOT_A_HAND, count=len(entry)))
    state = _list(entry[0], f"{pointer}/0", 3, 3)
    number, honba, sticks = (_number(state[at], f"{pointer}/0/{at}", 0, most) for at, most in enumerate((15, 100, 200)))
    starts, takes, actions = [], [], []
    for player in range(4):
        at = 4 + 3 * player
        starts.append(_tiles(entry[at], f"{pointer}/{at}", 13))
        takes.append(_steps(entry[at + 1], f"{pointer}/{at + 1}", read_take))
        actions.append(_steps(entry[at + 2], f"{pointer}/{at + 2}", read_action))
    return RecordedHand(
        number=number,
        honba=honba,
        sticks=sticks,
        scores=_points(entry[1], f"{pointer}/1", 4),
        dora=_tiles(entry[2], f"{pointer}/2", 5),
        ura=_tiles(entry[3], f"{pointer}/3", 5),
        starts=tuple(starts),
        takes=tuple(takes),
        actions=tuple(actions),
        result=read_result(entry[16], f"{pointer}/16"),
    )
