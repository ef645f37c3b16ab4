"""A whole game as a ledger of hands: what a score-keeper derives by hand.

Stateless: the client sends the hands so far; :func:`play` replays them,
settling each win with its ruleset's own settlement function after filling in
what the service derives (the dealer, and Taiwan's dealer streak), and
answers the state after each hand, the running totals, whether the game is
over, the standings and the fewest transfers that settle the table.

Rotation (Hong Kong, MCR, NMJL, Taiwan): the deal passes after a non-dealer
win and stays after a dealer win or a draw (MCR passes it after every hand;
Taiwan's draw keeps it only with ``draw_keeps_dealer``); the round's wind
advances after the deal has gone round the table once; the game ends when the
last round's deal passes on. A ruleset whose game carries more (counters,
sticks on the table) has its own driver in its package over the same shapes
(:mod:`service.core.game_types`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import msgspec

from service.core.errors import RuleViolation, field_problem, template
from service.core.game_types import GameAbort, GameDraw, GameTypes, HandState, HandType, Place, Transfer, field_names
from service.core.money import ZERO, clean
from service.core.seats import SEATS, Seat


@dataclass(frozen=True)
class GameSpec:
    """What the generic driver needs of a ruleset."""

    name: str
    request: type
    settle: Callable[[Any], Any]
    streak: bool = False
    """Taiwan: derive `dealer_streak`."""
    pass_every_hand: bool = False
    """MCR: the deal passes after every hand."""


GAME_OVER = template("The game ended with hand {last} (counting from 0): no hand can follow it.")
DEALER_SEAT_TAKEN = template("{seat} is not at this table.")


def seats_at(players: int) -> tuple[Seat, ...]:
    return SEATS if players == 4 else SEATS[:3]


def next_seat(seat: Seat, seats: Sequence[Seat]) -> Seat:
    return seats[(seats.index(seat) + 1) % len(seats)]


def places(totals: dict[str, Decimal]) -> list[Place]:
    """Places by total, highest first; ties share the better place and keep
    table order (seats first, then any other party in the order given)."""
    order = sorted(totals, key=lambda party: -totals[party])
    out: list[Place] = []
    for index, party in enumerate(order):
        place = index + 1
        if index and totals[party] == totals[order[index - 1]]:
            place = out[-1].place
        out.append(Place(seat=party, place=place, total=clean(totals[party])))
    return out


MAX_EXACT_SETTLE_UP = 10
"""Parties up to which :func:`settle_up` finds the true fewest transfers."""


def settle_up(totals: dict[str, Decimal]) -> list[Transfer]:
    """The fewest transfers that settle everyone's net total.

    With n parties whose totals are nonzero the answer is n − k transfers,
    where k is the largest number of disjoint groups that each sum to zero
    (each group settles alone with one transfer fewer than its size). The
    groups are found exactly by a search over subsets (at most
    ``MAX_EXACT_SETTLE_UP`` parties: four seats and any NMJL bettors); within
    a group the largest debtor pays the largest creditor first."""
    parties = [party for party in totals if totals[party] != 0]
    if len(parties) > MAX_EXACT_SETTLE_UP:
        return _greedy({party: totals[party] for party in parties})
    n = len(parties)
    sums = [ZERO] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + totals[parties[low]]
    # best[mask]: most zero-sum groups that partition `mask` (only for zero-sum masks)
    best = [-1] * (1 << n)
    best[0] = 0
    choice = [0] * (1 << n)
    for mask in range(1, 1 << n):
        if sums[mask] != 0:
            continue
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        while True:  # the group holding the lowest party: low | sub
            group = low | sub
            if sums[group] == 0 and best[mask ^ group] >= 0 and best[mask ^ group] + 1 > best[mask]:
                best[mask] = best[mask ^ group] + 1
                choice[mask] = group
            if sub == 0:
                break
            sub = (sub - 1) & rest
    transfers: list[Transfer] = []
    mask = (1 << n) - 1
    while mask:
        group = choice[mask]
        transfers += _greedy({parties[i]: totals[parties[i]] for i in range(n) if group >> i & 1})
        mask ^= group
    return transfers


def _greedy(totals: dict[str, Decimal]) -> list[Transfer]:
    owed = {party: -amount for party, amount in totals.items() if amount < 0}
    due = {party: amount for party, amount in totals.items() if amount > 0}
    transfers = []
    while owed and due:
        payer = max(owed, key=lambda party: owed[party])
        payee = max(due, key=lambda party: due[party])
        amount = min(owed[payer], due[payee])
        transfers.append(Transfer(payer=payer, payee=payee, amount=clean(amount)))
        owed[payer] -= amount
        due[payee] -= amount
        if owed[payer] == 0:
            del owed[payer]
        if due[payee] == 0:
            del due[payee]
    return transfers


@dataclass
class Rotation:
    """The deal and the round wind as they move round the table."""

    seats: tuple[Seat, ...]
    dealer: Seat
    round: Seat
    rounds: int
    start_dealer: Seat
    hand_number: int = 1
    rounds_played: int = 0

    def pass_deal(self) -> None:
        self.dealer = next_seat(self.dealer, self.seats)
        self.hand_number += 1
        if self.dealer == self.start_dealer:  # round the table once: the next wind
            self.hand_number = 1
            self.round = next_seat(self.round, SEATS)
            self.rounds_played += 1

    @property
    def over(self) -> bool:
        return self.rounds_played >= self.rounds


def build_request(request_type: type, item: Any, index: int, **derived: Any) -> Any:
    """The ruleset's settlement body for a win item, the derived fields filled
    in. A rule the body's own checks enforce (`__post_init__`) is a 400 at
    the hand, as for a settlement."""
    values = {name: getattr(item, name) for name in field_names(item) if name in field_names(request_type)}
    try:
        return request_type(**values, **derived)
    except (ValueError, TypeError) as exc:
        raise msgspec.ValidationError(f"{exc} - at `$.hands[{index}]`") from None


def check_not_over(finished: bool, index: int) -> None:
    if finished:
        raise RuleViolation(field_problem(f"/hands/{index}", GAME_OVER, last=index - 1))


def prefixed(exc: RuleViolation, index: int) -> RuleViolation:
    """A hand's settlement problem, pointed at that hand (the same exception,
    its title kept)."""
    exc.problems = tuple(
        type(problem)(f"/hands/{index}{problem.pointer}", problem.detail, problem.template, problem.params) for problem in exc.problems
    )
    return exc


def add(totals: dict[str, Decimal], deltas: dict[str, Decimal]) -> None:
    for party, delta in deltas.items():
        totals[party] = totals.get(party, ZERO) + delta


def snapshot(totals: dict[str, Decimal]) -> dict[str, Decimal]:
    return {party: clean(amount) for party, amount in totals.items()}


# --- The generic driver ---------------------------------------------------------------


GameSteps = Generator[None, None, Any]
"""A game being replayed: yields after each hand, returns the answer (a
caller serving many requests at once can do other work between hands)."""


def finish(steps: Generator[Any, None, Any]) -> Any:
    """Run a game's steps (or any steps, whatever they yield) to the end; its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def play(spec: GameSpec, types: GameTypes, request: Any) -> Any:
    """Replay a Hong Kong, MCR, NMJL or Taiwan game."""
    return finish(play_steps(spec, types, request))


def play_steps(spec: GameSpec, types: GameTypes, request: Any) -> GameSteps:
    """:func:`play`, yielding after each hand."""
    options = request.game
    players = getattr(options, "players", 4)
    seats = seats_at(players)
    rotation = Rotation(
        seats=seats, dealer=options.start_dealer, round=options.start_round, rounds=options.rounds, start_dealer=options.start_dealer
    )
    if options.start_dealer not in seats:
        raise RuleViolation(field_problem("/game/start_dealer", DEALER_SEAT_TAKEN, seat=options.start_dealer))
    totals: dict[str, Decimal] = {seat: ZERO for seat in seats}
    streak = 0
    answered = []
    for index, item in enumerate(request.hands):
        check_not_over(rotation.over, index)
        state = dict(round=rotation.round, hand_number=rotation.hand_number, dealer=rotation.dealer)
        dealer = rotation.dealer
        settlement = None
        if isinstance(item, GameDraw | GameAbort):
            kind: HandType = "draw" if isinstance(item, GameDraw) else "abort"
            keeps = _draw_keeps_dealer(spec, options, item, index, seats)
        else:
            kind = "win"
            settlement = _settle_win(spec, request, item, index, dealer, players, streak)
            add(totals, settlement.deltas)
            keeps = not spec.pass_every_hand and settlement.winner == dealer
        this_streak = streak
        streak = streak + 1 if keeps else 0
        answered.append(
            types.hand(
                type=kind,
                **state,
                honba=None,
                riichi_sticks=None,
                dealer_streak=this_streak if spec.streak else None,
                settlement=settlement,
                scores=snapshot(totals),
            )
        )
        if not keeps:
            rotation.pass_deal()
        yield
    finished = rotation.over
    next_state = None
    if not finished:
        next_state = HandState(
            round=rotation.round, hand_number=rotation.hand_number, dealer=rotation.dealer, dealer_streak=streak if spec.streak else None
        )
    return types.answer(
        ruleset=spec.name,
        hands=answered,
        scores=snapshot(totals),
        next=next_state,
        finished=finished,
        end_reason="length" if finished else None,
        standings=places(totals) if finished else None,
        settle_up=settle_up(totals),
    )


def _draw_keeps_dealer(spec: GameSpec, options: Any, item: Any, index: int, seats: Sequence[Seat]) -> bool:
    """Whether the dealer deals again after a draw or an abort (never where
    the deal passes every hand; where a streak is kept, as the game's
    `draw_keeps_dealer` says); a 422 for a tenpai seat not at the table."""
    for at, seat in enumerate(getattr(item, "tenpai", ())):
        if seat not in seats:
            raise RuleViolation(field_problem(f"/hands/{index}/tenpai/{at}", DEALER_SEAT_TAKEN, seat=seat))
    return not spec.pass_every_hand and (not spec.streak or getattr(options, "draw_keeps_dealer", True))


def _settle_win(spec: GameSpec, request: Any, item: Any, index: int, dealer: Seat, players: int, streak: int) -> Any:
    """The settlement of a won hand: its request built from the item and what
    the game knows (the dealer, the rules, the players and the dealer's
    streak where the ruleset reads them), its problems under `/hands/{index}`."""
    derived: dict[str, Any] = {"dealer": dealer, "rules": request.rules}
    if "players" in field_names(spec.request):
        derived["players"] = players
    if spec.streak:
        derived["dealer_streak"] = streak
    body = build_request(spec.request, item, index, **derived)
    try:
        return spec.settle(body)
    except RuleViolation as exc:
        raise prefixed(exc, index) from None
