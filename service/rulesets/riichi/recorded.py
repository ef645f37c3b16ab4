"""A recorded game read from an event stream (Tenhou's mjlog XML, MJAI),
in the one form the replay plays (docs/games.md, "Recorded games").

The replay (:mod:`.replay`) plays a hand from what tenhou.net/6 keeps of it:
each player's starting hand, takes (draws and calls) and discards
(:class:`~.tenhou.RecordedHand`). The mjlog and MJAI readers hand their
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

from dataclasses import dataclass, field
from typing import Literal

from service.core.errors import UnreadablePart, field_problem, template
from service.rulesets.riichi.tenhou import (
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


@dataclass
class _Discard:
    draws: int
    seat: int
    code: int
    take_at: tuple[int, ...]
    caller: int | None = None


@dataclass
class HandBuilder:
    """One hand's events, in the order played, sorted into its steps."""

    at: int
    """The index of the event that deals the hand."""
    number: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    starts: tuple[tuple[int, ...], ...]
    dora: list[int]
    takes: list[list[Take]] = field(default_factory=lambda: [[], [], [], []])
    actions: list[list[Action]] = field(default_factory=lambda: [[], [], [], []])
    where: dict[tuple[int, int], int] = field(default_factory=dict)
    """(entry, step) in tenhou.net/6's places → the event's index."""
    draws: int = 0
    discards: list[_Discard] = field(default_factory=list)
    declaring: set[int] = field(default_factory=set)
    ura: tuple[int, ...] = ()
    wins: list[RecordedWin] = field(default_factory=list)
    result: RecordedResult | None = None
    result_at: int = 0

    def _open(self, at: int) -> None:
        if self.result is not None or self.wins:
            raise UnreadablePart(field_problem(f"/record/{at}", AFTER_RESULT))

    def _take(self, seat: int, take: Take, at: int) -> None:
        steps = self.takes[seat]
        if len(steps) >= MAX_HAND_STEPS:
            raise UnreadablePart(field_problem(f"/record/{at}", TOO_MANY_STEPS, limit=MAX_HAND_STEPS))
        self.where[(5 + 3 * seat, len(steps))] = at
        steps.append(take)

    def _act(self, seat: int, action: Action, at: int) -> None:
        steps = self.actions[seat]
        if len(steps) >= MAX_HAND_STEPS:
            raise UnreadablePart(field_problem(f"/record/{at}", TOO_MANY_STEPS, limit=MAX_HAND_STEPS))
        self.where[(6 + 3 * seat, len(steps))] = at
        steps.append(action)

    def draw(self, seat: int, code: int, at: int) -> None:
        self._open(at)
        self.draws += 1
        self._take(seat, code, at)

    def discard(self, seat: int, code: int, at: int) -> None:
        self._open(at)
        riichi = seat in self.declaring
        self.declaring.discard(seat)
        self._act(seat, Riichi(code) if riichi else code, at)
        take_at = tuple(len(steps) for steps in self.takes)
        self.discards.append(_Discard(self.draws, seat, code, take_at))

    def riichi(self, seat: int, at: int) -> None:
        self._open(at)
        self.declaring.add(seat)

    def call(self, seat: int, kind: CallKind, called: int, own: tuple[int, ...], giver: int, at: int) -> None:
        """A chow, pung or open kong of the discard just made (by ``giver``)."""
        self._open(at)
        if self.discards and self.discards[-1].caller is None:
            self.discards[-1].caller = seat
        self._take(seat, Call(kind, called, own, (seat - giver) % 4), at)
        if kind == "kong":
            self._act(seat, KONG_TURN, at)

    def kong(self, seat: int, kind: KongKind, tiles: tuple[int, ...], tile: int, at: int) -> None:
        self._open(at)
        self._act(seat, Kong(kind, tiles, tile), at)

    def north(self, seat: int, code: int, at: int) -> None:
        self._open(at)
        self._act(seat, North(code), at)

    def win(self, win: RecordedWin, ura: tuple[int, ...], at: int) -> None:
        if self.result is not None:
            raise UnreadablePart(field_problem(f"/record/{at}", RESULT_AGAIN))
        if not self.wins:
            self.result_at = at
        self.wins.append(win)
        self.ura = self.ura or ura

    def ended(self, kind: Literal["draw", "abort"], name: str, deltas: tuple[int, ...], at: int) -> None:
        if self.result is not None or self.wins:
            raise UnreadablePart(field_problem(f"/record/{at}", RESULT_AGAIN))
        self.result = RecordedResult(kind, name, deltas)
        self.result_at = at

    def passed(self) -> frozenset[Choice]:
        """The calls a player let pass: at a discard nobody (or another
        player) called, the player's next take is a call of that tile from
        that seat (the replay would otherwise take it there)."""
        passed = set()
        for discard in self.discards:
            for seat, steps in enumerate(self.takes):
                index = discard.take_at[seat]
                if seat in (discard.seat, discard.caller) or index >= len(steps):
                    continue
                take = steps[index]
                if isinstance(take, Call) and take.called == discard.code and (seat - discard.seat) % 4 == take.offset:
                    passed.add((discard.draws, seat, index))
        return frozenset(passed)

    def hand(self) -> RecordedHand:
        """The hand in the replay's form (400 when it has no result)."""
        result = self.result
        if result is None:
            if not self.wins:
                raise UnreadablePart(field_problem(f"/record/{self.at}", NO_RESULT))
            total = tuple(sum(win.deltas[seat] for win in self.wins) for seat in range(4))
            result = RecordedResult("win", "和了", total, tuple(self.wins))
        return RecordedHand(
            number=self.number,
            honba=self.honba,
            sticks=self.sticks,
            scores=self.scores,
            dora=tuple(self.dora),
            ura=self.ura,
            starts=self.starts,
            takes=tuple(tuple(steps) for steps in self.takes),
            actions=tuple(tuple(steps) for steps in self.actions),
            result=result,
            passed=self.passed(),
        )


@dataclass(frozen=True)
class ReadHand:
    """A hand read from an event stream, and where its steps came from."""

    hand: RecordedHand
    at: int
    result_at: int
    where: dict[tuple[int, int], int]

    def locate(self, pointer: str, base: str) -> str:
        """A replay pointer (``base/<entry>/<step>``) as the event's:
        `/record/<index>`."""
        parts = pointer.removeprefix(base).strip("/").split("/")
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            found = self.where.get((int(parts[0]), int(parts[1])))
            if found is not None:
                return f"/record/{found}"
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


def finish_hand(builder: HandBuilder) -> ReadHand:
    return ReadHand(builder.hand(), builder.at, builder.result_at, builder.where)


def check_hands(hands: list[ReadHand], limit: int) -> None:
    if not hands:
        raise UnreadablePart(field_problem("/record", NO_HANDS))
    if len(hands) > limit:
        raise UnreadablePart(field_problem("/record", TOO_MANY_HANDS, limit=limit))
