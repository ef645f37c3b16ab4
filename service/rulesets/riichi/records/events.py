"""A recorded game read from an event stream (Tenhou's mjlog XML, MJAI),
in the one form the replay plays (docs/games.md, "Recorded games").

The replay (:mod:`.replay`) plays a hand from what tenhou.net/6 keeps of it:
each player's starting hand, takes (draws and calls) and discards
(:class:`~.tenhou6.RecordedHand`). The mjlog and MJAI readers hand their
events in the order played to a :class:`HandBuilder`, which sorts them into
those per-player steps. An event stream also shows what a log of steps does
not: which calls a player let pass before calling the same tile later. The
builder writes them down (``RecordedHand.passed``), so the replay takes each
call where it was made, with no search.

Each step keeps the index of the event it came from, so that a 422 of the
replay names the event (`/record/<index>`: the tag inside `<mjloggm>` or the
MJAI event, counting from 0).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from service.core.errors import UnreadablePart, field_problem, template
from service.rulesets.riichi.records.tenhou6 import (
    KONG_TURN,
    Action,
    Call,
    CallKind,
    Kong,
    KongKind,
    North,
    RecordedHand,
    RecordedResult,
    RecordedWin,
    Riichi,
    Take,
)

RESULT_AGAIN = template("A second result for a hand that already ended in a draw.")
AFTER_RESULT = template("A step after the hand's result (a new hand starts with its deal).")
NO_RESULT = template("The hand that starts here has no result (a win or a draw) before the record ends.")
NO_HANDS = template("The record has no hand.")
TOO_MANY_HANDS = template("A record holds at most {limit} hands.")
TOO_MANY_STEPS = template("A player has at most {limit} takes or discards in one hand.")

UNSTATED = -1
"""A win's liable seat when the record does not say (MJAI): the replay's
(who fed the third dragon or fourth wind set)."""

MAX_HAND_STEPS = 40
"""Takes (or discards) of one player in one hand, as tenhou.net/6 bounds them."""

Choice = tuple[int, int, int]


class HandBuilder:
    """One hand's events, in the order played, sorted into its steps. A
    hanchan has about 2,000 events: the draws and discards take the short
    path (plain lists, no per-step objects)."""

    def __init__(
        self,
        at: int,
        number: int,
        honba: int,
        sticks: int,
        scores: tuple[int, ...],
        starts: tuple[tuple[int, ...], ...],
        dora: list[int],
    ) -> None:
        self.at = at
        """The index of the event that deals the hand."""
        self.number, self.honba, self.sticks, self.scores, self.starts, self.dora = number, honba, sticks, scores, starts, dora
        self.lines: list[list[Any]] = [[], [], [], [], [], [], [], []]
        """Each player's takes (at ``2 × seat``) and actions (``2 × seat + 1``):
        the lists the readers' short paths append a plain draw or discard to."""
        self.events: list[list[int]] = [[], [], [], [], [], [], [], []]
        """Each line's event indices."""
        self.takes: list[list[Take]] = self.lines[0::2]
        self.actions: list[list[Action]] = self.lines[1::2]
        self.take_events = self.events[0::2]
        """Per player, each take's event index (and :attr:`action_events` each discard's)."""
        self.action_events = self.events[1::2]
        self.declaring: set[int] = set()
        self.calls: list[tuple[int, int, Call]] = []
        """Each call's player, its index among the player's takes, and the call."""
        self.ura: tuple[int, ...] = ()
        self.wins: list[RecordedWin] = []
        self.result: RecordedResult | None = None
        self.result_at = 0
        self.closed = False

    def by_seat(self) -> list[tuple[list[Any], list[int]]]:
        """Each of :attr:`lines` with its event indices."""
        return list(zip(self.lines, self.events, strict=True))

    def _refuse(self, at: int) -> None:
        if self.closed:
            raise UnreadablePart(field_problem(f"/record/{at}", AFTER_RESULT))
        raise UnreadablePart(field_problem(f"/record/{at}", TOO_MANY_STEPS, limit=MAX_HAND_STEPS))

    def _take(self, seat: int, take: Take, at: int) -> None:
        steps = self.takes[seat]
        if self.closed or len(steps) >= MAX_HAND_STEPS:
            self._refuse(at)
        steps.append(take)
        self.take_events[seat].append(at)

    def _act(self, seat: int, action: Action, at: int) -> None:
        steps = self.actions[seat]
        if self.closed or len(steps) >= MAX_HAND_STEPS:
            self._refuse(at)
        steps.append(action)
        self.action_events[seat].append(at)

    def draw(self, seat: int, code: int, at: int) -> None:
        steps = self.takes[seat]
        if self.closed or len(steps) >= MAX_HAND_STEPS:
            self._refuse(at)
        steps.append(code)
        self.take_events[seat].append(at)

    def discard(self, seat: int, code: int, at: int) -> None:
        """A discard (the riichi discard when the player has just declared).
        The readers' short paths append a plain one themselves: the same
        two appends."""
        steps = self.actions[seat]
        if self.closed or len(steps) >= MAX_HAND_STEPS:
            self._refuse(at)
        if self.declaring and seat in self.declaring:
            self.declaring.discard(seat)
            steps.append(Riichi(code))
        else:
            steps.append(code)
        self.action_events[seat].append(at)

    def riichi(self, seat: int, at: int) -> None:
        if self.closed:
            self._refuse(at)
        self.declaring.add(seat)

    def call(self, seat: int, kind: CallKind, called: int, own: tuple[int, ...], giver: int, at: int) -> None:
        """A chow, pung or open kong of the discard just made (by ``giver``)."""
        take = Call(kind, called, own, (seat - giver) % 4)
        self.calls.append((seat, len(self.takes[seat]), take))
        self._take(seat, take, at)
        if kind == "kong":
            self._act(seat, KONG_TURN, at)

    def kong(self, seat: int, kind: KongKind, tiles: tuple[int, ...], tile: int, at: int) -> None:
        self._act(seat, Kong(kind, tiles, tile), at)

    def north(self, seat: int, code: int, at: int) -> None:
        self._act(seat, North(code), at)

    def win(self, win: RecordedWin, ura: tuple[int, ...], at: int) -> None:
        if self.result is not None:
            raise UnreadablePart(field_problem(f"/record/{at}", RESULT_AGAIN))
        if not self.wins:
            self.result_at = at
        self.wins.append(win)
        self.ura = self.ura or ura
        self.closed = True

    def ended(self, kind: Literal["draw", "abort"], name: str, deltas: tuple[int, ...], at: int) -> None:
        if self.closed:
            raise UnreadablePart(field_problem(f"/record/{at}", RESULT_AGAIN))
        self.result = RecordedResult(kind, name, deltas)
        self.result_at = at
        self.closed = True

    def passed(self) -> frozenset[Choice]:
        """The calls a player let pass: for each call, the discards of the
        same tile by the same giver made since the caller's take before it,
        other than the one called (the replay would take the call at the
        first of them). Most calls let none pass: the giver discarded once
        since, the tile called."""
        passed: set[Choice] = set()
        for seat, index, take in self.calls:
            giver = (seat - take.offset) % 4
            since = self.take_events[seat][index - 1] if index else self.at
            until = self.take_events[seat][index]
            given = self.action_events[giver]
            first, last = bisect_right(given, since), bisect_left(given, until)
            if last - first < 2:  # one discard since: the one called
                continue
            discards = _discards_of(take.called)
            ats = [at for at, action in zip(given[first:last], self.actions[giver][first:last], strict=True) if discards(action)]
            if len(ats) > 1:
                passed.update((self._draws_before(at), seat, index) for at in ats[:-1])
        return frozenset(passed)

    def _draws_before(self, at: int) -> int:
        """The plain draws (takes that are not calls) made before event ``at``."""
        calls_before = sum(1 for seat, index, _ in self.calls if self.take_events[seat][index] < at)
        return sum(bisect_left(takes, at) for takes in self.take_events) - calls_before

    def hand(self) -> RecordedHand:
        """The hand in the replay's form (400 when it has no result)."""
        result = self.result
        if result is None:
            if not self.wins:
                raise UnreadablePart(field_problem(f"/record/{self.at}", NO_RESULT))
            total = tuple(map(sum, zip(*(win.deltas for win in self.wins), strict=True)))
            result = RecordedResult("win", "和了", total, tuple(self.wins))
        return RecordedHand(
            number=self.number,
            honba=self.honba,
            sticks=self.sticks,
            scores=self.scores,
            dora=tuple(self.dora),
            ura=self.ura,
            starts=self.starts,
            takes=tuple(map(tuple, self.takes)),
            actions=tuple(map(tuple, self.actions)),
            result=result,
            passed=self.passed(),
        )


def _discards_of(code: int) -> Callable[[Action], bool]:
    """Whether an action discards ``code`` (plainly or declaring riichi)."""
    return lambda action: action == code or (type(action) is Riichi and action.tile == code)


@dataclass(frozen=True)
class ReadHand:
    """A hand read from an event stream, and where its steps came from."""

    hand: RecordedHand
    at: int
    result_at: int
    take_events: list[list[int]]
    """Per player, each take's event index (and ``action_events`` each discard's)."""
    action_events: list[list[int]]

    def locate(self, pointer: str, base: str) -> str:
        """A replay pointer (``base/<entry>/<step>``: tenhou.net/6's places)
        as the event's: `/record/<index>`."""
        parts = pointer.removeprefix(base).strip("/").split("/")
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            seat, kind = divmod(int(parts[0]) - 4, 3)
            events = (self.take_events, self.action_events)[kind - 1] if kind in (1, 2) and 0 <= seat < 4 else None
            step = int(parts[1])
            if events is not None and step < len(events[seat]):
                return f"/record/{events[seat][step]}"
        if parts[0] == "16":
            return f"/record/{self.result_at}"
        return f"/record/{self.at}"


@dataclass(frozen=True)
class ReadGame:
    """A whole record read from an event stream: the table's size, its rule
    line in Tenhou's letters (`四鳳南喰赤`; empty when the format states
    none) and its hands."""

    players: Literal[3, 4]
    disp: str
    hands: tuple[ReadHand, ...]


def check_lines(lines: list[list[Any]], events: list[list[int]]) -> None:
    """400 at the first step past a player's bound in a hand's lines
    (:attr:`HandBuilder.lines`), which the readers' short paths append to
    without looking: they call this before any other event is read."""
    if max(map(len, lines)) > MAX_HAND_STEPS:
        at = min(indices[MAX_HAND_STEPS] for indices in events if len(indices) > MAX_HAND_STEPS)
        raise UnreadablePart(field_problem(f"/record/{at}", TOO_MANY_STEPS, limit=MAX_HAND_STEPS))


def finish_hand(builder: HandBuilder) -> ReadHand:
    return ReadHand(builder.hand(), builder.at, builder.result_at, builder.take_events, builder.action_events)


def check_hands(hands: list[ReadHand], limit: int) -> None:
    if not hands:
        raise UnreadablePart(field_problem("/record", NO_HANDS))
    if len(hands) > limit:
        raise UnreadablePart(field_problem("/record", TOO_MANY_HANDS, limit=limit))
