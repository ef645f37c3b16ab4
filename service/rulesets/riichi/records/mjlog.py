"""Tenhou's mjlog XML, as the service reads it (docs/games.md, "Recorded
games": `format` `mjlog`).

A document is ``<mjloggm ver="2.3">`` holding, in the order played:
``SHUFFLE`` (the wall's seed), ``GO`` (``type``: the game's rules as bits),
``UN`` (names; again when a player reconnects), ``TAIKYOKU``, then per hand
``INIT`` (``seed`` = hand, honba, sticks, dice, dora indicator; ``ten`` the
scores in hundreds; ``hai0``–``hai3`` the starting hands), draws ``T`` ``U``
``V`` ``W`` and discards ``D`` ``E`` ``F`` ``G`` (players 0–3, the tile's
number 0–135 after the letter), ``N`` (a call, kong or north: ``who`` and the
meld code ``m``), ``REACH`` (step 1 declared, step 2 the stick laid),
``DORA``, and the result: ``AGARI`` (one per winner: ``who``, ``fromWho``,
``paoWho``, ``sc`` the scores and deltas in hundreds, ``doraHaiUra``) or
``RYUUKYOKU`` (``type`` an abortive draw's reason or ``nm`` nagashi mangan,
``sc``); ``BYE`` when a player leaves; ``owari`` on the last result.

Tiles are numbered 0–135, four of each kind: kind = number // 4 in the order
1m … 9m, 1p … 9p, 1s … 9s, east, south, west, north, white, green, red; with
red fives the first five of each suit (16, 52, 88) is red.

The ``GO`` type's bits: 0x01 against people, 0x02 no red fives, 0x04 no open
tanyao, 0x08 a hanchan (else east only), 0x10 three players, 0x20 and 0x80
the room (特上, 上級; both: 鳳凰), 0x40 fast.

The XML is read strictly: a document type declaration (and so any entity
of its own) is refused, its size is bounded by the request's, and its tags
by :data:`MAX_TAGS`. A document written as Tenhou writes it (printable
ASCII, empty elements with double-quoted attributes and nothing between
them) is split at its tags rather than parsed, a draw or discard being its
own piece of text (`T12/>`); any other goes through the XML parser, into
the same elements or the same 400.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import filterfalse
from operator import itemgetter
from typing import Annotated, Any, Literal

import msgspec

from service.core.errors import RuleViolation, UnreadablePart, field_problem, template
from service.rulesets.riichi.records.events import (
    TOO_MANY_HANDS,
    HandBuilder,
    ReadGame,
    ReadHand,
    check_hands,
    check_lines,
    finish_hand,
)
from service.rulesets.riichi.records.tenhou6 import MAX_RECORD_HANDS, RecordedWin

MAX_MJLOG_CHARS = 1_000_000
"""Characters of one mjlog document, at most (a hanchan is about 30,000)."""
MAX_TAGS = 20_000
"""Tags in one document, at most (a hanchan has about 2,000)."""
MAX_NUMBER = 100_000
"""A number in a list attribute, at most (scores are in hundreds)."""

NOT_XML = template("The record is not XML: {reason}.")
NOT_MJLOG = template("The record is XML but not an mjlog document: it starts with `<{tag}>`, not `<mjloggm>`.")
DOCTYPE = template("An mjlog document has no document type declaration or entities: this one does.")
TOO_MANY_TAGS = template("An mjlog document holds at most {limit} tags.")
UNKNOWN_TAG = template("`<{tag}>` is not a tag of Tenhou's mjlog.")
BAD_ATTRIBUTE = template("`<{tag}>`'s `{name}` is missing or not what Tenhou writes there.")
BAD_MELD = template("`{code}` is not a meld code Tenhou writes (a chow, pung, added or concealed kong, open kong or north).")
BEFORE_DEAL = template("`<{tag}>` before the first hand is dealt (`<INIT>`).")
NOT_SEATED = template("Player {player} is not at this table.")

_NUMBERS = msgspec.json.Decoder(Annotated[list[Annotated[int, msgspec.Meta(ge=-MAX_NUMBER, le=MAX_NUMBER)]], msgspec.Meta(max_length=64)])
"""A list attribute (`1,2,3`) inside brackets: up to 64 whole numbers in bounds."""
_TILES = msgspec.json.Decoder(Annotated[list[Annotated[int, msgspec.Meta(ge=0, le=135)]], msgspec.Meta(max_length=64)])
"""A list attribute of tile numbers (0–135) inside brackets, up to 64."""
_HANDS = ("hai0", "hai1", "hai2", "hai3")
_DRAWS = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARDS = {"D": 0, "E": 1, "F": 2, "G": 3}
_RED = {16: 51, 52: 52, 88: 53}
PLAIN_CODES = tuple((kind // 9 + 1) * 10 + kind % 9 + 1 for kind in (number // 4 for number in range(136)))
"""Each tile number's tenhou.net/6 code, no red fives."""
RED_CODES = tuple(_RED.get(number, code) for number, code in enumerate(PLAIN_CODES))
"""Each tile number's tenhou.net/6 code, the first five of each suit red."""
_PASS = frozenset({"SHUFFLE", "GO", "UN", "TAIKYOKU", "BYE"})
_ABORTS = {"yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了", "kaze4": "四風連打"}
_ROOMS = {0x00: "般", 0x20: "特", 0x80: "上", 0xA0: "鳳"}


def rule_line(kind: int) -> str:
    """The GO type as Tenhou prints the rule line (`四鳳南喰赤`)."""
    return "".join(
        (
            "三" if kind & 0x10 else "四",
            _ROOMS[kind & 0xA0],
            "南" if kind & 0x08 else "東",
            "" if kind & 0x04 else "喰",
            "" if kind & 0x02 else "赤",
            "速" if kind & 0x40 else "",
        )
    )


Items = list[str] | list[str | ET.Element]
"""The root's children in order: a draw or discard with no attributes as the
piece of text Tenhou writes it in (`T12/>`), anything else as its element or
as a piece that :func:`_parse`'s elements hold."""


def _parse(text: str) -> tuple[Items, dict[str, ET.Element]]:
    """The root's children, and each piece of text among them that is not a
    plain draw or discard as its element."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise UnreadablePart(field_problem("/record", DOCTYPE))
    plain = _plain(text)
    items: Items
    elements: dict[str, ET.Element] = {}
    if plain is None:
        items = [_PIECES.get(element.tag, element) for element in _parse_xml(text)]
    else:
        items, elements = plain
    if len(items) > MAX_TAGS:
        raise UnreadablePart(field_problem("/record", TOO_MANY_TAGS, limit=MAX_TAGS))
    return items, elements


def _parse_xml(text: str) -> list[ET.Element]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise UnreadablePart(field_problem("/record", NOT_XML, reason=str(exc))) from None
    if root.tag != "mjloggm":
        raise UnreadablePart(field_problem("/record", NOT_MJLOG, tag=str(root.tag)[:40]))
    return list(root)


_NAME = "[A-Za-z_][A-Za-z0-9_]*"
_SKELETON = re.compile(rf'({_NAME})((?: +{_NAME}="")*) */>')
"""An empty element with its attributes' values taken out."""
_ROOT = re.compile(rf'mjloggm(?: +{_NAME}="")* *>')
_NAMES = re.compile(rf" ({_NAME})=")
_PRINTABLE = bytes(range(0x20, 0x7F))
"""The printable ASCII characters."""


def _plain(text: str) -> tuple[list[str], dict[str, ET.Element]] | None:
    """The root's children as pieces of text, and the elements of those that
    are not plain draws or discards, when the document is written as Tenhou
    writes it: in printable ASCII with no entity and no namespace (which
    would rename the tags), ``<mjloggm …>``, then only
    empty elements with double-quoted attributes, each once, and nothing
    between them, then ``</mjloggm>``. None for any other document: XML reads
    it (into the same elements, or the reason it is not XML)."""
    body = text.rstrip(" \t\r\n")
    if not body.isascii() or body.encode("ascii").translate(None, _PRINTABLE) or "&" in body or "xmlns" in body:
        return None
    pieces = body.split("<")
    if len(pieces) < 3 or pieces[0] or pieces[-1] != "/mjloggm>" or not _ROOT.fullmatch('""'.join(pieces[1].split('"')[::2])):
        return None
    items = pieces[2:-1]
    elements: dict[str, ET.Element] = {}
    skeletons: dict[str, tuple[str, list[str]]] = {}
    """Each piece's skeleton (its attributes' values taken out) as its tag
    and attribute names: a hanchan's hundred other pieces have a dozen."""
    for piece in set(filterfalse(_ELEMENTS.__contains__, items)):
        parts = piece.split('"')
        skeleton = '""'.join(parts[::2])
        known = skeletons.get(skeleton)
        if known is None:
            match = _SKELETON.fullmatch(skeleton)
            names = _NAMES.findall(match[2]) if match else []
            if match is None or len(set(names)) != len(names):
                return None
            known = skeletons[skeleton] = (match[1], names)
        elements[piece] = ET.Element(known[0], dict(zip(known[1], parts[1::2], strict=True)))
    return items, elements


def _element(item: str | ET.Element, elements: dict[str, ET.Element]) -> ET.Element:
    """An item of :func:`_parse` as its element (a piece is a draw or discard
    or one of ``elements``)."""
    if not isinstance(item, str):
        return item
    element = elements.get(item)
    return _ELEMENTS[item] if element is None else element


class _Reader:
    """One document's tags, read in order into hands."""

    def __init__(self) -> None:
        self.kind = 0x09 | 0x20  # 四特南喰赤 until a GO tag says
        self.go_seen = False
        self.hands: list[ReadHand] = []
        self.builder: HandBuilder | None = None
        self.last_discarder = 0
        self.codes = RED_CODES
        self.players: Literal[3, 4] = 4

    def code(self, number: int, tag: str, name: str, at: int) -> int:
        """A tile's number (0–135) as its tenhou.net/6 code (11–47, red 51–53)."""
        if not 0 <= number < 136:
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_ATTRIBUTE, tag=tag, name=name))
        return self.codes[number]

    def numbers(self, element: ET.Element, name: str, at: int, count: int | None = None, decoder: Any = _NUMBERS) -> list[int]:
        """A list attribute (`1,2,3`) of at least ``count`` numbers, each in
        ``decoder``'s bounds (``count`` 0: the attribute may be left out;
        when it stands, it reads)."""
        value = element.get(name)
        try:
            numbers = decoder.decode(f"[{value}]") if value else []
        except msgspec.MsgspecError:
            numbers = None
        if numbers is None or (value is None and count != 0) or (count is not None and len(numbers) < count):
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_ATTRIBUTE, tag=element.tag, name=name))
        return numbers

    def tiles(self, element: ET.Element, name: str, at: int, count: int) -> tuple[int, ...]:
        """A list attribute of tile numbers (0–135), as their codes."""
        numbers = self.numbers(element, name, at, count, _TILES)
        return itemgetter(*numbers)(self.codes) if len(numbers) > 1 else tuple([self.codes[number] for number in numbers])

    def number(self, element: ET.Element, name: str, at: int, most: int = 3, default: int | None = None) -> int:
        value = element.get(name)
        if value is None and default is not None:
            return default
        if value is None or not value.isdigit() or int(value) > most:
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_ATTRIBUTE, tag=element.tag, name=name))
        return int(value)

    def seat(self, element: ET.Element, name: str, at: int) -> int:
        seat = self.number(element, name, at)
        if seat >= self.players:
            raise RuleViolation(field_problem(f"/record/{at}", NOT_SEATED, player=seat))
        return seat

    def hand(self, tag: str, at: int) -> HandBuilder:
        if self.builder is None:
            raise UnreadablePart(field_problem(f"/record/{at}", BEFORE_DEAL, tag=tag))
        return self.builder

    def read(self, element: ET.Element, at: int) -> None:
        tag = element.tag
        if tag == "N":
            self.meld(element, at)
        elif tag == "REACH":
            if self.number(element, "step", at, most=2) == 1:
                self.hand(tag, at).riichi(self.seat(element, "who", at), at)
        elif tag == "INIT":
            self.deal(element, at)
        elif tag == "AGARI":
            self.agari(element, at)
        elif tag in _PASS:
            self.go(element, at)
        elif tag == "DORA":
            self.hand(tag, at).dora.append(self.code(self.number(element, "hai", at, most=135), tag, "hai", at))
        elif tag == "RYUUKYOKU":
            self.ryuukyoku(element, at)
        elif tag[1:].isdigit() and len(tag) <= 4 and (tag[0] in _DRAWS or tag[0] in _DISCARDS):
            self.play(tag[0], int(tag[1:]), at)
        else:
            raise UnreadablePart(field_problem(f"/record/{at}", UNKNOWN_TAG, tag=str(tag)[:40]))

    def go(self, element: ET.Element, at: int) -> None:
        """A tag before the game or between hands: the first `GO` states the rules."""
        if element.tag == "GO" and not self.go_seen:
            self.kind = self.number(element, "type", at, most=0xFFFF)
            self.codes = PLAIN_CODES if self.kind & 0x02 else RED_CODES
            self.players = 3 if self.kind & 0x10 else 4
            self.go_seen = True

    def play(self, letter: str, number: int, at: int) -> None:
        hand = self.builder or self.hand(letter, at)
        drawn = letter in _DRAWS
        seat = _DRAWS[letter] if drawn else _DISCARDS[letter]
        if seat >= self.players:
            raise RuleViolation(field_problem(f"/record/{at}", NOT_SEATED, player=seat))
        code = self.codes[number] if number < 136 else self.code(number, letter, "tile", at)
        if drawn:
            hand.draw(seat, code, at)
        else:
            hand.discard(seat, code, at)
            self.last_discarder = seat

    def deal(self, element: ET.Element, at: int) -> None:
        self.close()
        if len(self.hands) >= MAX_RECORD_HANDS:
            raise UnreadablePart(field_problem(f"/record/{at}", TOO_MANY_HANDS, limit=MAX_RECORD_HANDS))
        seed = self.numbers(element, "seed", at, 6)
        ten = self.numbers(element, "ten", at, self.players)
        if not (0 <= seed[0] <= 15 and 0 <= seed[1] <= 100 and 0 <= seed[2] <= 200):
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_ATTRIBUTE, tag="INIT", name="seed"))
        players = self.players
        starts = tuple(self.tiles(element, name, at, 0 if seat >= players else 13) for seat, name in enumerate(_HANDS))
        scores = (*[100 * points for points in ten[:4]], *(0,) * (4 - min(len(ten), 4)))
        dora = [self.code(seed[5], "INIT", "seed", at)]
        self.builder = HandBuilder(at, seed[0], seed[1], seed[2], scores, starts, dora)

    def meld(self, element: ET.Element, at: int) -> None:
        hand = self.hand("N", at)
        seat = self.seat(element, "who", at)
        m = self.number(element, "m", at, most=0xFFFF)
        read = _read_meld(m, self.codes is RED_CODES)
        if read is None:
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_MELD, code=m))
        kind, called, own, codes = read
        if kind == "chow" or kind == "pung" or kind == "kong":
            hand.call(seat, kind, called, own, self.last_discarder, at)
        elif kind == "north":
            hand.north(seat, called, at)
        else:
            hand.kong(seat, "added" if kind == "added" else "concealed", codes, called, at)

    def deltas(self, element: ET.Element, at: int) -> tuple[int, ...]:
        """`sc`'s changes (every second number, in hundreds) as points, four seats."""
        changes = [100 * change for change in self.numbers(element, "sc", at, 2 * self.players)[1:8:2]]
        return (*changes, *(0,) * (4 - len(changes)))

    def agari(self, element: ET.Element, at: int) -> None:
        hand = self.hand("AGARI", at)
        who = self.seat(element, "who", at)
        source = self.seat(element, "fromWho", at)
        liable = self.number(element, "paoWho", at, default=who)
        ura = self.tiles(element, "doraHaiUra", at, 0)
        hand.win(RecordedWin(who, source, liable, self.deltas(element, at)), ura, at)

    def ryuukyoku(self, element: ET.Element, at: int) -> None:
        hand = self.hand("RYUUKYOKU", at)
        reason = element.get("type", "")
        deltas = self.deltas(element, at) if element.get("sc") else (0, 0, 0, 0)
        if reason in _ABORTS:
            hand.ended("abort", _ABORTS[reason], deltas, at)
        elif reason in ("", "nm"):
            hand.ended("draw", "流し満貫" if reason == "nm" else "流局", deltas, at)
        else:
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_ATTRIBUTE, tag="RYUUKYOKU", name="type"))

    def short_path(self) -> tuple[dict[Any, tuple[int, int]], list[list[Any]], list[list[int]]]:
        """What the loop's short path appends to: none while no hand is open
        or a player has just declared riichi (their discard is a riichi)."""
        builder = self.builder
        if builder is None or builder.closed or builder.declaring:
            return _SLOW, [], []
        return PLAYS[self.codes is RED_CODES, self.players], builder.lines, builder.events

    def close(self) -> None:
        if self.builder is not None:
            self.hands.append(finish_hand(self.builder))
            self.builder = None


MeldKind = Literal["chow", "pung", "kong", "added", "concealed", "north"]


def _meld(m: int) -> tuple[tuple[int, ...] | None, int, MeldKind]:
    """A meld code's tiles (0–135), the called (or added) tile and its kind;
    tiles None for a code Tenhou never writes."""
    if m & 0x4:  # chow: the lowest tile's kind and which tile was called
        pattern, called_at = divmod(m >> 10, 3)
        if pattern >= 21:
            return None, 0, "chow"
        low = ((pattern // 7) * 9 + pattern % 7) * 4
        tiles = (low + ((m >> 3) & 3), low + 4 + ((m >> 5) & 3), low + 8 + ((m >> 7) & 3))
        return tiles, tiles[called_at], "chow"
    if m & 0x18:  # pung, or a kong added to it: the unused (or added) copy
        pattern, called_at = divmod(m >> 9, 3)
        if pattern >= 34:
            return None, 0, "pung"
        unused = pattern * 4 + ((m >> 5) & 3)
        copies = list(range(pattern * 4, pattern * 4 + 4))
        copies.remove(unused)
        if m & 0x10:
            return (*copies, unused), unused, "added"
        return tuple(copies), copies[called_at], "pung"
    if m & 0x20:  # north set aside
        return ((m >> 8),), m >> 8, "north"
    called = m >> 8
    return tuple(range(called // 4 * 4, called // 4 * 4 + 4)), called, "concealed" if m & 3 == 0 else "kong"


def _read_meld(m: int, red: bool) -> tuple[MeldKind, int, tuple[int, ...], tuple[int, ...]] | None:
    """A meld code as its kind, the called (or added) tile's code, the codes
    of the tiles from hand and of every tile; None for a code Tenhou never
    writes."""
    tiles, called, kind = _meld(m)
    if tiles is None or min(tiles) < 0 or max(tiles) >= 136:
        return None
    codes = RED_CODES if red else PLAIN_CODES
    return kind, codes[called], tuple([codes[tile] for tile in tiles if tile != called]), tuple([codes[tile] for tile in tiles])


def _plays(codes: tuple[int, ...], players: int) -> dict[str, tuple[int, int]]:
    return {
        f"{letter}{number}/>": (2 * seat + line, codes[number])
        for line, letters in ((0, _DRAWS), (1, _DISCARDS))
        for letter, seat in letters.items()
        if seat < players
        for number in range(136)
    }


PLAYS = {(codes is RED_CODES, players): _plays(codes, players) for codes in (PLAIN_CODES, RED_CODES) for players in (3, 4)}
"""Each draw and discard as Tenhou writes it (`T12/>`, the piece of text
:func:`_parse` gives), for each numbering (red
fives or none) and table size: the hand's line it goes to
(:attr:`HandBuilder.lines`: a player's draws at twice the seat, discards
just after) and the
tile's code. Nine tags in ten are these: they take the short path."""
_SLOW: dict[Any, tuple[int, int]] = {}
_PIECES = {f"{letter}{number}": f"{letter}{number}/>" for letter in "TUVWDEFG" for number in range(136)}
"""Each draw and discard tag, as the piece of text Tenhou writes it in."""
_ELEMENTS = {piece: ET.Element(tag) for tag, piece in _PIECES.items()}
"""Each draw or discard piece as its element (read only)."""


def _latest_discarder(run: list[Any], plays: dict[Any, tuple[int, int]], before: int) -> int:
    """The player of the latest discard in a run of plain draws and
    discards, ``before`` when it has none."""
    for item in reversed(run):
        line = plays[item][0]
        if line & 1:  # a discard's line
            return line >> 1
    return before


def read_mjlog(text: str) -> ReadGame:
    """Every hand of an mjlog document (400 at the first tag that does not
    read as Tenhou writes it). A plain draw or discard is read in the loop
    itself; every other tag, every tag while no hand is open or a player has
    just declared riichi, and any step past a hand's bound, by
    :meth:`_Reader.read`."""
    reader = _Reader()
    plays, lines, events = reader.short_path()
    items, elements = _parse(text)
    since = 0
    for at, item in enumerate(items):
        play = plays.get(item)
        if play is None:
            if lines:
                check_lines(lines, events)
                reader.last_discarder = _latest_discarder(items[since:at], plays, reader.last_discarder)
            reader.read(_element(item, elements), at)
            plays, lines, events = reader.short_path()
            since = at + 1
            continue
        line, code = play
        lines[line].append(code)
        events[line].append(at)
    if lines:
        check_lines(lines, events)
    reader.close()
    check_hands(reader.hands, MAX_RECORD_HANDS)
    return ReadGame(reader.players, rule_line(reader.kind), tuple(reader.hands))
