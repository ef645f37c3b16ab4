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
    if isinstance(value, str):
        code = _HONOURS.get(value) or _RED.get(value)
        if code is not None:
            return code
        if len(value) == 2 and value[0] in "123456789" and value[1] in _SUITS:
            return _SUITS[value[1]] + int(value[0])
    raise UnreadablePart(field_problem(f"/record/{at}", NOT_A_PAI, value=str(value)[:16]))


def _pais(tiles: list[Any], at: int) -> tuple[int, ...]:
    """MJAI tiles as their tenhou.net/6 codes (:func:`pai` names the first
    that is not a tile)."""
    try:
        codes = tuple(map(PAIS.get, tiles))
    except TypeError:  # a list or object where a tile belongs
        codes = (None,)
    if None in codes:
        return tuple(pai(tile, at) for tile in tiles)
    return codes  # type: ignore[return-value]  # no None among them


def _int(event: dict[str, Any], name: str, at: int, least: int, most: int) -> int:
    value = event.get(name)
    if type(value) is not int or not least <= value <= most:
        raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name=name))
    return value


def _list(event: dict[str, Any], name: str, at: int, least: int, most: int) -> list[Any]:
    value = event.get(name)
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name=name))
    return value


def _deltas(event: dict[str, Any], at: int, players: int) -> tuple[int, ...] | None:
    if "deltas" not in event:
        return None
    values = _list(event, "deltas", at, players, 4)
    if not all(type(value) is int and abs(value) <= MAX_POINTS for value in values):
        raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name="deltas"))
    return tuple(values[seat] if seat < len(values) else 0 for seat in range(4))


class _Reader:
    def __init__(self) -> None:
        self.players: Literal[3, 4] = 4
        self.hands: list[ReadHand] = []
        self.builder: HandBuilder | None = None
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
        self.players = 3 if len(tehais) == 3 or all(tile == "?" for tile in tehais[3] or ["?"]) else 4
        wind = event.get("bakaze")
        if wind not in _WINDS:
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type="start_kyoku", name="bakaze"))
        number = _WINDS[wind] * 4 + _int(event, "kyoku", at, 1, 4) - 1
        scores = self.points(event, at) if "scores" in event else self.carried()
        starts = tuple(
            _pais(_list({"type": "start_kyoku", "hai": tehais[seat]}, "hai", at, 13, 13), at) if seat < self.players else ()
            for seat in range(4)
        )
        dora = [pai(event.get("dora_marker"), at)]
        self.builder = HandBuilder(at, number, _int(event, "honba", at, 0, 100), _int(event, "kyotaku", at, 0, 200), scores, starts, dora)
        self.scores.append(scores)
        self.laid.append(set())

    def points(self, event: dict[str, Any], at: int) -> tuple[int, ...]:
        values = _list(event, "scores", at, self.players, 4)
        if not all(type(value) is int and abs(value) <= MAX_POINTS for value in values):
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name="scores"))
        return tuple(values[seat] if seat < len(values) else 0 for seat in range(4))

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
        kind = {"chi": "chow", "pon": "pung", "daiminkan": "kong"}[event["type"]]
        own = tuple(pai(tile, at) for tile in _list(event, "consumed", at, 2, 3))
        if len(own) != (3 if kind == "kong" else 2):
            raise UnreadablePart(field_problem(f"/record/{at}", BAD_FIELD, type=event["type"], name="consumed"))
        seat, giver = self.seat(event, "actor", at), self.seat(event, "target", at)
        hand.call(seat, kind, pai(event.get("pai"), at), own, giver, at)  # type: ignore[arg-type]

    def kong(self, event: dict[str, Any], at: int) -> None:
        hand = self.hand(event, at)
        seat = self.seat(event, "actor", at)
        if event["type"] == "ankan":
            tiles = tuple(pai(tile, at) for tile in _list(event, "consumed", at, 4, 4))
            hand.kong(seat, "concealed", tiles, tiles[0], at)
        else:
            added = pai(event.get("pai"), at)
            own = tuple(pai(tile, at) for tile in _list(event, "consumed", at, 3, 3))
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
        ura = tuple(pai(tile, at) for tile in _list({"type": "hora", "ura": markers}, "ura", at, 0, 5))
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

    def short_path(self) -> tuple[list[list[Any]], list[list[int]]]:
        """The lines the loop's short path appends to: none while no hand is
        open or a player has just declared riichi (their discard is a riichi)."""
        builder = self.builder
        if builder is None or builder.closed or builder.declaring:
            return [], []
        return builder.lines, builder.events

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


def read_mjai(events: list[Any]) -> ReadGame:
    """Every hand of an MJAI event log (400 at the first event that does not
    read as MJAI writes it)."""
    if len(events) > MAX_EVENTS:
        raise UnreadablePart(field_problem("/record", BAD_FIELD, type="record", name="length"))
    reader = _Reader()
    lines, events_of = reader.short_path()
    for at, event in enumerate(events):
        # a plain `tsumo` or `dahai` (most events are) goes on the hand's line
        # for the player's draws (0–3) or discards (4–7); anything else, or
        # anything the short path would not accept, is read by _Reader.read,
        # which says what is wrong
        line = -1
        if lines and type(event) is dict and len(event) <= MAX_EVENT_FIELDS:
            kind, seat, tile = event.get("type"), event.get("actor"), event.get("pai")
            code = PAIS.get(tile) if type(tile) is str else None
            if code is not None and type(seat) is int and 0 <= seat < reader.players:
                line = seat if kind == "tsumo" else seat + 4 if kind == "dahai" else -1
        if line < 0:
            if lines:
                check_lines(lines, events_of)
            reader.read(event, at)
            lines, events_of = reader.short_path()
            continue
        lines[line].append(code)
        events_of[line].append(at)
    if lines:
        check_lines(lines, events_of)
    reader.close()
    check_hands(reader.hands, MAX_RECORD_HANDS)
    return ReadGame(reader.players, "", tuple(reader.paid()))
