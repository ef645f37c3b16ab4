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
sticks on the table) has its own driver in its package over the same shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec

from service.core.errors import RuleViolation, field_problem, template
from service.core.fields import struct_fields
from service.core.money import ZERO, clean
from service.core.seats import SEATS, Seat

MAX_HANDS = 256
"""A game's hands, at most (more is a 413)."""

HandType = Literal["win", "draw", "abort"]
EndReason = Literal["length", "bust", "agari_yame", "return_points"]


class GameDraw(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="draw"):
    """A hand nobody won (荒牌). `tenpai` matters only in riichi; elsewhere it is
    recorded and pays nothing."""

    tenpai: Annotated[list[Seat], msgspec.Meta(max_length=4, description="The seats that were ready (riichi: noten payments).")] = (
        msgspec.field(default_factory=list)
    )


class GameAbort(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="abort"):
    """An abortive draw (途中流局, riichi): nobody pays, the dealer keeps the deal."""


class GameSetup(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """How the game runs."""

    start_dealer: Annotated[Seat, msgspec.Meta(description="The first hand's dealer (default east).")] = "east"
    start_round: Annotated[Seat, msgspec.Meta(description="The first hand's round wind (default east).")] = "east"
    rounds: Annotated[
        int,
        msgspec.Meta(
            ge=1, le=4, description="Round winds the game lasts (default 4: east, south, west and north, each dealt once round the table)."
        ),
    ] = 4


class HandState(msgspec.Struct, kw_only=True):
    """Where the game stands before a hand."""

    round: Annotated[Seat, msgspec.Meta(description="The round's wind (圈風).")]
    hand_number: Annotated[int, msgspec.Meta(description="1–4 within the round (the deal's place round the table).")]
    dealer: Seat
    honba: Annotated[int | None, msgspec.Meta(description="Riichi: 本場 counters for this hand; null elsewhere.")] = None
    riichi_sticks: Annotated[int | None, msgspec.Meta(description="Riichi: sticks on the table before this hand; null elsewhere.")] = None
    dealer_streak: Annotated[int | None, msgspec.Meta(description="Taiwan: N in 連N拉N for this hand; null elsewhere.")] = None


class Place(msgspec.Struct, kw_only=True):
    """A seat's place by total; equal totals share the better place."""

    seat: str
    place: int
    total: Decimal


class Transfer(msgspec.Struct, kw_only=True):
    """One payment of the settle-up."""

    payer: str
    payee: str
    amount: Decimal


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


BAD_HAND_TYPE = template("`type` must be `win` (or left out), `draw` or `abort`")
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


def field_names(struct: Any) -> tuple[str, ...]:
    """A Struct's (or Struct type's) field names."""
    names: tuple[str, ...] = struct.__struct_fields__
    return names


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


# --- Types per ruleset -----------------------------------------------------------------


@dataclass(frozen=True)
class GameTypes:
    """A ruleset's game shapes: the win item, the request (as published and as
    decoded: hands stay raw, each decoded alone), one answered hand, the answer."""

    win: type
    request: type
    wire: type
    hand: type
    answer: type
    items: dict[str | None, type]
    """`type` of a hand item → its Struct (None: a win)."""
    setup: type
    """The request's `game` object: how the game runs (its fields are game options)."""
    top: tuple[str, ...] = ()
    """Further top-level fields of the request (a preset's name), passed on as decoded."""


def game_types(
    name: str,
    title: str,
    request_type: type,
    rules_type: type,
    options_type: type,
    settlement_type: type,
    omit: Sequence[str],
    extra_win_fields: Sequence[tuple[str, Any, Any]] = (),
    draw_type: type = GameDraw,
    abort_type: type = GameAbort,
    draw_result: type | None = None,
    standings_type: Any = list[Place],
    top_fields: Sequence[tuple[str, Any, Any]] = (),
    answer_fields: Sequence[tuple[str, Any, Any]] = (),
) -> GameTypes:
    """A ruleset's game shapes; ``top_fields``: further top-level request
    fields (not a win's), ``answer_fields``: further answer fields."""
    module = f"service.rulesets.{name}.game"
    extra_doc = "".join(f"A win also takes `{field[0]}`. " for field in extra_win_fields)
    win = msgspec.defstruct(
        f"{title}GameWin",
        [*struct_fields(request_type, (*omit, "rules", *(field[0] for field in top_fields))), *extra_win_fields],
        kw_only=True,
        forbid_unknown_fields=True,
        tag_field="type",
        tag="win",
        module=module,
    )
    # the body's own object-level rules, and a win may leave `type` out
    win.__schema_extra__ = {**getattr(request_type, "__schema_extra__", {}), "optional": ["type"]}  # type: ignore[attr-defined]
    win.__doc__ = f"A won hand: the {title} settlement body without the fields the game derives ({', '.join(omit)}) and `rules`."
    hands_meta = msgspec.Meta(
        max_length=MAX_HANDS,
        description=(
            f"The hands so far, in order (at most {MAX_HANDS}; more is a 413). A win is the settlement body without "
            f"{', '.join(f'`{field}`' for field in omit)} and `rules`, which the game supplies; "
            f"{extra_doc}"
            '`{"type": "draw"}` (fields: '
            + ", ".join(f"`{f}`" for f in field_names(draw_type))
            + ') and `{"type": "abort"}`'
            + (" (fields: " + ", ".join(f"`{f}`" for f in field_names(abort_type)) + ")" if field_names(abort_type) else "")
            + " are hands nobody won. Each hand is decoded on its own, as strictly as a settlement body, so the list's items are left open here."
        ),
    )
    common = [
        ("rules", rules_type, msgspec.field(default_factory=rules_type)),
        ("game", options_type, msgspec.field(default_factory=options_type)),
    ]
    request = msgspec.defstruct(
        f"{title}GameRequest",
        [*common, ("hands", Annotated[list[win | draw_type | abort_type], hands_meta]), *top_fields],  # type: ignore[valid-type]
        kw_only=True,
        forbid_unknown_fields=True,
        module=module,
    )
    request.__doc__ = f"A {title} game so far: its rules, how it runs and its hands."
    empty = msgspec.Raw(b"{}")
    wire = msgspec.defstruct(
        f"_{title}GameWire",
        [("rules", msgspec.Raw, empty), ("game", msgspec.Raw, empty), ("hands", list[msgspec.Raw]), *top_fields],
        kw_only=True,
        forbid_unknown_fields=True,
        module=module,
    )
    hand = msgspec.defstruct(
        f"{title}GameHand",
        [
            ("type", Annotated[HandType, msgspec.Meta(description="`win`, `draw` or `abort`.")]),
            ("round", Annotated[Seat, msgspec.Meta(description="The round's wind (圈風).")]),
            ("hand_number", Annotated[int, msgspec.Meta(description="1–4 within the round.")]),
            ("dealer", Seat),
            ("honba", Annotated[int | None, msgspec.Meta(description="Riichi: 本場 for this hand; null elsewhere.")]),
            ("riichi_sticks", Annotated[int | None, msgspec.Meta(description="Riichi: sticks on the table as the hand was settled.")]),
            ("dealer_streak", Annotated[int | None, msgspec.Meta(description="Taiwan: N in 連N拉N for this hand; null elsewhere.")]),
            (
                "settlement",
                Annotated[
                    settlement_type | None,
                    msgspec.Meta(
                        description="A win: exactly what the settlement endpoint answers for the derived body; null for a draw or abort."
                    ),
                ],
            ),
            *(
                [
                    (
                        "draw",
                        Annotated[
                            draw_result | None, msgspec.Meta(description="A draw: exactly what `POST /v1/riichi/draws` answers for it.")
                        ],
                    )
                ]
                if draw_result is not None
                else []
            ),
            ("scores", Annotated[dict[str, Decimal], msgspec.Meta(description="Each seat's running total after the hand.")]),
        ],
        kw_only=True,
        module=module,
    )
    answer = msgspec.defstruct(
        f"{title}Game",
        [
            ("ruleset", str),
            ("hands", list[hand]),  # type: ignore[valid-type]
            ("scores", Annotated[dict[str, Decimal], msgspec.Meta(description="Running totals after the last hand.")]),
            ("next", Annotated[HandState | None, msgspec.Meta(description="The state for the next hand; null when the game is over.")]),
            ("finished", bool),
            (
                "end_reason",
                Annotated[
                    EndReason | None,
                    msgspec.Meta(
                        description=(
                            "`length` (the last round is over), `bust`, and riichi's `agari_yame` (the dealer stayed first at the "
                            "last hand) and `return_points` (someone reached the return points in the extension round)."
                        )
                    ),
                ],
            ),
            ("standings", Annotated[standings_type | None, msgspec.Meta(description="When finished: places by total.")]),
            ("settle_up", Annotated[list[Transfer], msgspec.Meta(description="The fewest transfers that settle everyone's net total.")]),
            *answer_fields,
        ],
        kw_only=True,
        module=module,
    )
    return GameTypes(
        win=win,
        request=request,
        wire=wire,
        hand=hand,
        answer=answer,
        items={None: win, "win": win, "draw": draw_type, "abort": abort_type},
        setup=options_type,
        top=tuple(field[0] for field in top_fields),
    )


class HandKind(msgspec.Struct):
    """What is read of a hand first: its `type` (none for a win)."""

    type: str | None = None


def hand_type(types: GameTypes, kind: str | None) -> type:
    """The Struct of a hand by its `type`; ``ValueError`` (a 400 at `type`)
    for any other value."""
    item_type = types.items.get(kind)
    if item_type is None:
        raise ValueError(BAD_HAND_TYPE)
    return item_type


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
