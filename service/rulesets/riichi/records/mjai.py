"""MJAI event logs, as the service reads them (docs/games.md, "Recorded
games": `format` `mjai`).

A record is the array of MJAI events in the order played (what Mortal,
mjai-reviewer, akochan and riichienv write): `start_game`, per hand
`start_kyoku` (`bakaze`, `kyoku` 1–4, `honba`, `kyotaku`, `oya`, `scores`,
`tehais`, `dora_marker`), `tsumo` and `dahai` (`actor`, `pai`), `chi`,
`pon`, `daiminkan` (`actor`, `target`, `pai`, `consumed`), `kakan` (`pai`,
`consumed`), `ankan` (`consumed`), `nukidora` (riichienv writes `kita`),
`reach`, `reach_accepted`, `dora` (`dora_marker`), `hora` (`actor`,
`target`; `deltas`, `ura_markers` where the writer gives them) and
`ryukyoku` (`reason`, `deltas`), `end_kyoku`, `end_game`. Other fields of an
event are read past. A `start_kyoku` without `scores` (gimite's server
writes none) starts at the scores the last event stated
(:meth:`_Reader.carried`).

Tiles are `1m`–`9m`, `1p`–`9p`, `1s`–`9s`, `E` `S` `W` `N` (winds), `P` `F`
`C` (white, green, red dragons), `5mr` `5pr` `5sr` the red fives.

A hand's recorded deltas are its `hora`'s (added up for several winners) or
its `ryukyoku`'s `deltas`; where the events carry none, the scores the next
`start_kyoku` (or `end_game`) states less the hand's, each riichi stick laid
in the hand given back (tenhou.net/6's deltas leave those out).
"""

from __future__ import annotations

import dataclasses
from operator import itemgetter
from typing import Any, Literal

from service.core.errors import RuleViolation, UnreadablePart, field_problem, template
from service.rulesets.riichi.records.events import (
    TOO_MANY_HANDS,
    UNSTATED,
    HandBuilder,
    ReadGame,
    ReadHand,
    check_hands,
    check_lines,
    finish_hand,
)
from service.rulesets.riichi.records.mjai_events import Dahai, Tsumo, as_object
from service.rulesets.riichi.records.tenhou6 import MAX_POINTS, MAX_RECORD_HANDS, RecordedResult, RecordedWin

MAX_EVENTS = 20_000
"""Events in one record, at most (a hanchan has about 2,000)."""
MAX_EVENT_FIELDS = 64
"""Fields of one event, at most (MJAI writes up to about a dozen)."""

NOT_AN_EVENT = template("An MJAI event is an object with a `type` and at most {limit} fields: this is not one.")
UNKNOWN_EVENT = template("`{value}` is not an MJAI event type this service reads.")
BAD_FIELD = template("The `{type}` event's `{name}` is missing or not what MJAI writes there.")
NOT_A_PAI = template("`{value}` is not an MJAI tile (`1m`…`9s`, `5mr`, `E` `S` `W` `N` `P` `F` `C`).")
BEFORE_DEAL = template("A `{type}` event before the first hand is dealt (`start_kyoku`).")
NOT_SEATED = template("Player {player} is not at this table.")

_HONOURS = {"E": 41, "S": 42, "W": 43, "N": 44, "P": 45, "F": 46, "C": 47}
_SUITS = {"m": 10, "p": 20, "s": 30}
_RED = {"5mr": 51, "5pr": 52, "5sr": 53}
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_CALLS = {"chi": "chow", "pon": "pung", "daiminkan": "kong"}
_PASS = frozenset({"start_game", "end_kyoku", "none"})
_ABORTS = {
    "kyushukyuhai": "九種九牌",
    "kyuushukyuuhai": "九種九牌",
    "suufonrenda": "四風連打",
    "suufuurenda": "四風連打",
    "suuchariichi": "四家立直",
    "suucha_riichi": "四家立直",
    "suukaikan": "四槓散了",
    "suukansanra": "四槓散了",
    "sanchaho": "三家和了",
    "sanchahou": "三家和了",
}


def pai(value: object, at: int) -> int:
    """An MJAI tile as its tenhou.net/6 code."""
    code = PAIS.get(value) if type(value) is str else None
    if code is None:
        raise UnreadablePart(field_problem(f"/record/{at}", NOT_A_PAI, value=str(value)[:16]))
    return code


def _pais(tiles: list[Any], at: int) -> tuple[int, ...]:
    """MJAI tiles as their tenhou.net/6 codes (:func:`pai` names the first
    that is not a tile)."""
    try:
        return itemgetter(*tiles)(PAIS) if len(tiles) > 1 else tuple([PAIS[tile] for tile in tiles])
    except (KeyError, TypeError):  # not a tile, or a list or object where one belongs
        return tuple([pai(tile, at) for tile in tiles])


def _int(event: dict[str, Any], name: str, at: int, least: int, most: int) -> int:
    value = event.get(name)
    if type(value) is not int or not least <= value <= most:
        raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name=name))
    return value


def _hand(tiles: object, at: int) -> list[Any]:
    """A starting hand of `tehais`: thirteen tiles."""
    if type(tiles) is not list or len(tiles) != 13:
        raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type="start_kyoku", name="hai"))
    return tiles


def _list(event: dict[str, Any], name: str, at: int, least: int, most: int) -> list[Any]:
    value = event.get(name)
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name=name))
    return value


def _points(event: dict[str, Any], name: str, at: int, players: int) -> tuple[int, ...]:
    """A list of points, one per player (three or four), as four seats'."""
    values = _list(event, name, at, players, 4)
    for value in values:
        if type(value) is not int or not -MAX_POINTS <= value <= MAX_POINTS:
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name=name))
    return (*values, 0) if len(values) == 3 else tuple(values)


def _deltas(event: dict[str, Any], at: int, players: int) -> tuple[int, ...] | None:
    return _points(event, "deltas", at, players) if "deltas" in event else None


def _all_hidden(tiles: object) -> bool:
    """Whether a hand of `tehais` is all `?` or empty (an empty seat);
    anything else there is a hand, to be read as one (or refused)."""
    if not tiles:
        return True
    return type(tiles) is list and tiles.count("?") == len(tiles)


class _Reader:
    def __init__(self) -> None:
        self.players: Literal[3, 4] = 4
        self.hands: list[ReadHand] = []
        self.builder: HandBuilder | None = None
        self.seats: list[tuple[list[Any], list[int]]] = []
        """The open hand's lines by seat, the table's seats only (:meth:`HandBuilder.by_seat`)."""
        self.scores: list[tuple[int, ...]] = []
        """Each hand's starting scores, then the final ones if `end_game` states them."""
        self.laid: list[set[int]] = []
        """Each hand's riichi sticks laid (`reach_accepted`)."""
        self.unpaid: list[int] = []
        """Hands whose result carries no deltas."""
        self.stated: tuple[dict[str, Any], int] | None = None
        """The last event that stated the scores after it (a `hora`,
        `ryukyoku` or `reach_accepted` of gimite's server), and its index."""

    def seat(self, event: dict[str, Any], name: str, at: int) -> int:
        seat = _int(event, name, at, 0, 3)
        if seat >= self.players:
            raise RuleViolation(field_problem(f"/record/{at}", NOT_SEATED, player=seat))
        return seat

    def hand(self, event: dict[str, Any], at: int) -> HandBuilder:
        if self.builder is None:
            raise UnreadablePart(field_problem(f"/record/{at}", BEFORE_DEAL, type=event["type"]))
        return self.builder

    def read(self, event: object, at: int) -> None:
        kind = event.get("type") if isinstance(event, dict) else None
        if not isinstance(kind, str) or not isinstance(event, dict) or len(event) > MAX_EVENT_FIELDS:
            raise UnreadablePart(field_problem(f"/record/{at}", NOT_AN_EVENT, limit=MAX_EVENT_FIELDS))
        handler = _HANDLERS.get(kind)
        if handler is None and kind not in _PASS:
            raise UnreadablePart(field_problem(f"/record/{at}", UNKNOWN_EVENT, value=kind[:40]))
        if handler is not None:
            handler(self, event, at)

    def accepted(self, event: dict[str, Any], at: int) -> None:
        self.hand(event, at)
        self.state(event, at)
        self.laid[-1].add(self.seat(event, "actor", at))

    def end(self, event: dict[str, Any], at: int) -> None:
        self.close()
        if "scores" in event:
            self.scores.append(self.points(event, at))

    def start(self, event: dict[str, Any], at: int) -> None:
        self.close()
        if len(self.hands) >= MAX_RECORD_HANDS:
            raise UnreadablePart(field_problem(f"/record/{at}", TOO_MANY_HANDS, limit=MAX_RECORD_HANDS))
        tehais = _list(event, "tehais", at, 3, 4)
        self.players = 3 if len(tehais) == 3 or _all_hidden(tehais[3]) else 4
        wind = event.get("bakaze")
        if wind not in _WINDS:
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type="start_kyoku", name="bakaze"))
        number = _WINDS[wind] * 4 + _int(event, "kyoku", at, 1, 4) - 1
        scores = self.points(event, at) if "scores" in event else self.carried()
        starts = tuple([_pais(_hand(tehais[seat], at), at) if seat < self.players else () for seat in range(4)])
        dora = [pai(event.get("dora_marker"), at)]
        self.builder = HandBuilder(at, number, _int(event, "honba", at, 0, 100), _int(event, "kyotaku", at, 0, 200), scores, starts, dora)
        self.seats = self.builder.by_seat()[: 2 * self.players]
        self.scores.append(scores)
        self.laid.append(set())

    def points(self, event: dict[str, Any], at: int) -> tuple[int, ...]:
        return _points(event, "scores", at, self.players)

    def state(self, event: dict[str, Any], at: int) -> None:
        if "scores" in event:
            self.stated = (event, at)

    def carried(self) -> tuple[int, ...]:
        """A `start_kyoku` without `scores` (gimite's server writes none):
        the scores the last event stated, or the start, 25,000 each
        (35,000 with three players), as its players keep them."""
        if self.stated is not None:
            return self.points(*self.stated)
        start = 35_000 if self.players == 3 else 25_000
        return tuple(start if seat < self.players else 0 for seat in range(4))

    def tsumo(self, event: dict[str, Any], at: int) -> None:
        self.hand(event, at).draw(self.seat(event, "actor", at), pai(event.get("pai"), at), at)

    def dahai(self, event: dict[str, Any], at: int) -> None:
        seat = self.seat(event, "actor", at)
        self.hand(event, at).discard(seat, pai(event.get("pai"), at), at)

    def call(self, event: dict[str, Any], at: int) -> None:
        hand = self.hand(event, at)
        kind = _CALLS[event["type"]]
        own = _pais(_list(event, "consumed", at, 2, 3), at)
        if len(own) != (3 if kind == "kong" else 2):
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name="consumed"))
        seat, giver = self.seat(event, "actor", at), self.seat(event, "target", at)
        hand.call(seat, kind, pai(event.get("pai"), at), own, giver, at)  # type: ignore[arg-type]

    def kong(self, event: dict[str, Any], at: int) -> None:
        hand = self.hand(event, at)
        seat = self.seat(event, "actor", at)
        if event["type"] == "ankan":
            tiles = _pais(_list(event, "consumed", at, 4, 4), at)
            hand.kong(seat, "concealed", tiles, tiles[0], at)
        else:
            added = pai(event.get("pai"), at)
            own = _pais(_list(event, "consumed", at, 3, 3), at)
            hand.kong(seat, "added", (*own, added), added, at)

    def north(self, event: dict[str, Any], at: int) -> None:
        self.hand(event, at).north(self.seat(event, "actor", at), pai(event.get("pai", "N"), at), at)

    def reach(self, event: dict[str, Any], at: int) -> None:
        self.hand(event, at).riichi(self.seat(event, "actor", at), at)

    def dora(self, event: dict[str, Any], at: int) -> None:
        self.hand(event, at).dora.append(pai(event.get("dora_marker"), at))

    def hora(self, event: dict[str, Any], at: int) -> None:
        hand = self.hand(event, at)
        self.state(event, at)
        who, source = self.seat(event, "actor", at), self.seat(event, "target", at)
        deltas = _deltas(event, at, self.players)
        markers = event.get("ura_markers", event.get("uradora_markers", []))
        ura = _pais(_list({"type": "hora", "ura": markers}, "ura", at, 0, 5), at)
        if deltas is None and (not self.unpaid or self.unpaid[-1] != len(self.hands)):
            self.unpaid.append(len(self.hands))
        hand.win(RecordedWin(who, source, UNSTATED, deltas or (0, 0, 0, 0)), ura, at)

    def ryukyoku(self, event: dict[str, Any], at: int) -> None:
        hand = self.hand(event, at)
        self.state(event, at)
        deltas = _deltas(event, at, self.players)
        reason = event.get("reason")
        key = reason.lower().replace("-", "_") if isinstance(reason, str) else ""
        if deltas is None:
            self.unpaid.append(len(self.hands))
        if key in _ABORTS:
            hand.ended("abort", _ABORTS[key], deltas or (0, 0, 0, 0), at)
        else:
            hand.ended("draw", "流局", deltas or (0, 0, 0, 0), at)

    def short_path(self) -> list[tuple[list[Any], list[int]]]:
        """Each seat's lines the loop appends a plain draw or discard to
        (:meth:`HandBuilder.by_seat`, the table's seats only): none while no hand
        is open or a player has just declared riichi (their discard is a riichi)."""
        builder = self.builder
        if builder is None or builder.closed or builder.declaring:
            return []
        return self.seats

    def close(self) -> None:
        if self.builder is not None:
            self.hands.append(finish_hand(self.builder))
            self.builder = None

    def paid(self) -> list[ReadHand]:
        """The hands, with the deltas of those whose result carries none
        read from the scores that follow them (module doc)."""
        hands = list(self.hands)
        for index in self.unpaid:
            if index + 1 >= len(self.scores):
                continue
            before, after = self.scores[index], self.scores[index + 1]
            laid = self.laid[index]
            deltas = tuple(after[seat] - before[seat] + (1000 if seat in laid else 0) for seat in range(4))
            read = hands[index]
            result = read.hand.result
            wins = tuple(dataclasses.replace(win, deltas=deltas if at == 0 else (0, 0, 0, 0)) for at, win in enumerate(result.wins))
            paid = RecordedResult(result.kind, result.name, deltas, wins)
            hands[index] = dataclasses.replace(read, hand=dataclasses.replace(read.hand, result=paid))
        return hands


_HANDLERS = {
    "start_kyoku": _Reader.start,
    "tsumo": _Reader.tsumo,
    "dahai": _Reader.dahai,
    "chi": _Reader.call,
    "pon": _Reader.call,
    "daiminkan": _Reader.call,
    "kakan": _Reader.kong,
    "ankan": _Reader.kong,
    "nukidora": _Reader.north,
    "kita": _Reader.north,
    "reach": _Reader.reach,
    "reach_accepted": _Reader.accepted,
    "end_game": _Reader.end,
    "dora": _Reader.dora,
    "hora": _Reader.hora,
    "ryukyoku": _Reader.ryukyoku,
}


PAIS: dict[str, int] = {
    **{f"{rank}{suit}": base + rank for suit, base in _SUITS.items() for rank in range(1, 10)},
    **_HONOURS,
    **_RED,
}
"""Every MJAI tile, as its tenhou.net/6 code."""


_LINES = {"tsumo": 0, "dahai": 1}
"""Where a plain `tsumo` or `dahai` goes among its actor's lines (:meth:`HandBuilder.by_seat`)."""
_NOT_A_PLAY = 8
"""The line of any other event: past every table's (:meth:`HandBuilder.by_seat`)."""


def _plain(event: dict[str, Any], players: int) -> tuple[int, int] | None:
    """A `tsumo` or `dahai` object as its line (:meth:`HandBuilder.by_seat`) and
    tile; None unless it is one as MJAI writes it (an actor at the table, a
    tile, at most :data:`MAX_EVENT_FIELDS` fields)."""
    kind, seat, tile = event.get("type"), event.get("actor"), event.get("pai")
    base = _LINES.get(kind) if type(kind) is str else None
    code = PAIS.get(tile) if type(tile) is str else None
    if base is None or code is None or type(seat) is not int or not 0 <= seat < players or len(event) > MAX_EVENT_FIELDS:
        return None
    return 2 * seat + base, code


def _step(reader: _Reader, event: Any, at: int, lines: list[tuple[list[Any], list[int]]]) -> list[tuple[list[Any], list[int]]]:
    """An event the loop does not append itself: a plain `tsumo` or `dahai`
    object goes on the hand's lines all the same; anything else is read by
    :meth:`_Reader.read`. The lines the loop appends to next."""
    play = _plain(event, reader.players) if lines and type(event) is dict else None
    if play is not None:
        steps, ats = lines[play[0]]
        steps.append(play[1])
        ats.append(at)
        return lines
    builder = reader.builder
    if lines and builder is not None:
        check_lines(builder.lines, builder.events)
    reader.read(as_object(event), at)
    return reader.short_path()


def read_mjai(events: list[Any]) -> ReadGame:
    """Every hand of an MJAI event log (400 at the first event that does not
    read as MJAI writes it). The events are typed (:mod:`.mjai_events`) or
    the JSON objects; a plain `tsumo` or `dahai` goes on the open hand's line
    for the player's draws or discards in the loop itself;
    anything else, or anything that would not be accepted there, is read by
    :meth:`_Reader.read`, which says what is wrong."""
    if len(events) > MAX_EVENTS:
        raise UnreadablePart(field_problem("/record", BAD_FIELD, type="record", name="length"))
    reader = _Reader()
    lines = reader.short_path()
    table = len(lines)
    pais = PAIS
    for at, event in enumerate(events):
        kind = type(event)
        if kind is Dahai:
            line = 2 * event.actor + 1
        elif kind is Tsumo:
            line = 2 * event.actor
        else:
            line = _NOT_A_PLAY
        if line >= table:  # not a typed play, no hand open, or a seat not at the table
            lines = _step(reader, event, at, lines)
            table = len(lines)
            continue
        steps, ats = lines[line]
        steps.append(pais[event.pai])
        ats.append(at)
    builder = reader.builder
    if builder is not None:
        check_lines(builder.lines, builder.events)
    reader.close()
    check_hands(reader.hands, MAX_RECORD_HANDS)
    return ReadGame(reader.players, "", tuple(reader.paid()))
