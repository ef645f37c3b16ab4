"""The formats a recorded game comes in, each read far enough to replay
(docs/games.md, "Recorded games"): a tenhou.net/6 log hand by hand as the
replay goes (:mod:`.tenhou6`), Tenhou's mjlog XML (:mod:`.mjlog`) and MJAI
events (:mod:`.mjai`) whole, through :mod:`.events`. :func:`read_source`
picks the reader by `format`; :mod:`.endpoint` replays what it gives.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from service.rulesets.riichi.records.events import ReadGame
from service.rulesets.riichi.records.mjai import read_mjai
from service.rulesets.riichi.records.mjlog import read_mjlog
from service.rulesets.riichi.records.tenhou6 import RecordedHand, TenhouRecord, read_hand, whole


def players_of(record: TenhouRecord) -> Literal[3, 4]:
    """Three players when the rule line says 三 (or the fourth seat is empty)."""
    fourth_empty = all(not hand[13] for hand in record.log if len(hand) == 17 and isinstance(hand[13], list))
    return 3 if "三" in record.rule.disp or fourth_empty else 4


class Source(Protocol):
    """A record read far enough to replay: the table's size, its rule line,
    its first hand's place and scores, and its hands in the replay's form."""

    @property
    def players(self) -> Literal[3, 4]: ...

    @property
    def disp(self) -> str: ...

    @property
    def count(self) -> int: ...

    def opening(self) -> Opening | None: ...

    def hands(self) -> Iterator[tuple[str, RecordedHand]]:
        """Each hand and the pointer its replay's problems start from."""
        ...

    def locate(self, index: int, pointer: str) -> str:
        """A problem's pointer inside hand ``index`` as the record's."""
        ...


Opening = tuple[tuple[int, int, int], list[int]]
"""A record's first hand as the game's start state: (its hand number in the
game, honba, sticks on the table) and each seat's score."""


def _opening(record: TenhouRecord, players: int) -> Opening | None:
    """The first hand's place and scores, read before the hand is (the one
    reader of them: not yet checked, anything may stand there); None when
    they are not whole numbers where the format puts them (such a first hand
    is the reader's 400 once the hand is read)."""
    entry = record.log[0] if record.log else None
    if not (isinstance(entry, list) and len(entry) > 1 and isinstance(entry[0], list) and isinstance(entry[1], list)):
        return None
    place = [value for value in map(whole, entry[0][:3]) if type(value) is int]
    scores = [value for value in map(whole, entry[1][:players]) if type(value) is int]
    if len(place) != 3 or len(scores) != players:
        return None
    return (place[0], place[1], place[2]), scores


@dataclass(frozen=True)
class Tenhou6Source:
    """A tenhou.net/6 log: its hands are read one by one as they are played."""

    record: TenhouRecord

    @property
    def players(self) -> Literal[3, 4]:
        return players_of(self.record)

    @property
    def disp(self) -> str:
        return self.record.rule.disp

    @property
    def count(self) -> int:
        return len(self.record.log)

    def opening(self) -> Opening | None:
        return _opening(self.record, self.players)

    def hands(self) -> Iterator[tuple[str, RecordedHand]]:
        for index, entry in enumerate(self.record.log):
            pointer = f"/record/log/{index}"
            yield pointer, read_hand(entry, pointer)

    def locate(self, index: int, pointer: str) -> str:
        return pointer or f"/record/log/{index}"


@dataclass(frozen=True)
class EventSource:
    """A record read whole from its events (mjlog, MJAI): a problem points
    at the event (`/record/<index>`)."""

    game: ReadGame

    @property
    def players(self) -> Literal[3, 4]:
        return self.game.players

    @property
    def disp(self) -> str:
        return self.game.disp

    @property
    def count(self) -> int:
        return len(self.game.hands)

    def opening(self) -> Opening | None:
        hand = self.game.hands[0].hand
        return (hand.number, hand.honba, hand.sticks), list(hand.scores[: self.players])

    def hands(self) -> Iterator[tuple[str, RecordedHand]]:
        for read in self.game.hands:
            yield f"/record/{read.at}", read.hand

    def locate(self, index: int, pointer: str) -> str:
        read = self.game.hands[index]
        return read.locate(pointer, f"/record/{read.at}") if pointer else f"/record/{read.at}"


def read_source(format: str, record: Any) -> Source:
    """The record in the replay's form, by its format (400 at what does not read)."""
    if format == "mjlog":
        return EventSource(read_mjlog(record))
    if format == "mjai":
        return EventSource(read_mjai(record))
    return Tenhou6Source(record)
