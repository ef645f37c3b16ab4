"""American / NMJL (National Mah Jongg League card) settlement.

Source: the reference calculator (citing Tom Sloper's Mah-Jongg
FAQ 19 and English Wikipedia's *American mahjong*). The service never
reproduces the card: the client sends the value printed next to the hand on
its own card. The payment rules: a jokerless hand doubles the value first
(not Singles and Pairs, which cannot use jokers anyway); on a discard the
discarder pays twice the value and the others once; on a self-draw everyone
pays twice; a bettor sitting out mirrors the seat they bet on. There is no
concealed-hand doubling (the reference calculator: FAQ 19 lists only the three multipliers).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem
from service.core.money import (
    POINT_VALUE_DEFAULT,
    ExactNumber,
    check_point_value,
    clean,
    exact,
    mul,
    point_value_meta,
)
from service.core.seats import SEATS, Seat, others, seats_for
from service.core.settlement import (
    Discard,
    Payment,
    Role,
    Settlement,
    Win,
    check_discarder,
    settle_lines,
)
from service.core.warnings import SettlementWarning, warning

# --- Rule tables (data) -------------------------------------------------------

MULTIPLIER: dict[str, int] = {"discarder": 2, "other": 1, "self_draw": 2}
"""What each payer pays, in card values, by role (the reference calculator, FAQ 19): 出銃嗰個畀
兩倍，另外兩家各畀一倍；自摸三家都畀兩倍."""

JOKERLESS_MULTIPLIER = 2
"""無百搭嘅牌，牌值先乘二 (the reference calculator), except Singles and Pairs hands."""

MIN_VALUE = 25
"""The lowest value on the card: 和牌嘅 25 分最低值 (the reference calculator, citing English
Wikipedia's *American mahjong*)."""

MAX_VALUE = 1000
"""Largest card value a request may carry (card values stay below 100), so
the input is bounded."""

MAX_BETTORS = 8
"""Largest number of bettors a request may carry (a table has one or two
players sitting out)."""

BETTOR_ID_PATTERN = r"^[A-Za-z0-9_-]+(?![\s\S])"
"""Letters, digits, ``_`` and ``-`` to the very end. Not ``…$``: in Python
(which msgspec checks with) ``$`` also matches before a trailing newline, so
``"b1\n"`` would pass here while a JavaScript client reading the schema
rejects it; "no character follows" means the same in both."""
MAX_BETTOR_ID_LENGTH = 32

PointValue = Annotated[
    ExactNumber,
    point_value_meta(
        description="Multiplier on card points: 1 reads points (on most tables one point is one cent, 0.01 in dollars).",
        examples=[1, 0.01, 0.25],
    ),
]


class NmjlRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The table's rules. Every field is optional; the response echoes the
    fully resolved rules."""

    point_value: PointValue = POINT_VALUE_DEFAULT
    min_value: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=MAX_VALUE,
            description="Lowest card value (25 on the card). Compared with `value` before the jokerless doubling; hands below it are still settled, with a warning.",
        ),
    ] = MIN_VALUE

    def __post_init__(self) -> None:
        check_point_value(self.point_value)


class Bettor(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A player sitting out who bets on one seat and mirrors it."""

    id: Annotated[
        str,
        msgspec.Meta(
            min_length=1,
            max_length=MAX_BETTOR_ID_LENGTH,
            pattern=BETTOR_ID_PATTERN,
            description="The bettor's key in `payments` and `deltas`: unique, and not a seat name.",
        ),
    ]
    bet_on: Annotated[Seat, msgspec.Meta(description="The seat this bettor mirrors. Must be at the table.")]


class NmjlRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An NMJL hand to settle: the value printed on the card, the jokerless
    bonus, how it was won, and any bettors."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    value: Annotated[
        int,
        msgspec.Meta(ge=0, le=MAX_VALUE, description="The hand's value as printed on the player's own card (25 and up)."),
    ]
    jokerless: Annotated[bool, msgspec.Meta(description="No joker in the hand: the value is doubled first.")] = False
    singles_and_pairs: Annotated[
        bool,
        msgspec.Meta(description="A Singles and Pairs hand: never gets the jokerless doubling (it cannot use jokers)."),
    ] = False
    bettors: Annotated[
        list[Bettor],
        msgspec.Meta(
            max_length=MAX_BETTORS,
            description=(
                "Players sitting out, each betting on a seat. If that seat wins, every loser pays the bettor what it pays "
                "the winner; if that seat pays, the bettor pays the winner what that seat pays. Bettors settle with "
                "seats only, never with each other."
            ),
        ),
    ] = []
    players: Annotated[
        int,
        msgspec.Meta(ge=3, le=4, description="4, or 3 for a three-player table: north is absent and two seats pay."),
    ] = 4
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (East). NMJL payments do not depend on it.")] = "east"
    rules: NmjlRules = msgspec.field(default_factory=NmjlRules)


class NmjlSettlement(Settlement, kw_only=True, tag="nmjl"):
    """Who pays whom for an NMJL hand, bettors included (role `bettor`,
    keyed by id in `deltas`). `pre_payout_total` is the value after the
    jokerless doubling × point value; `tier` is always null."""

    jokerless_doubled: Annotated[bool, msgspec.Meta(description="Whether the jokerless doubling was applied.")]
    players: int
    rules: NmjlRules


# --- Arithmetic --------------------------------------------------------------


def _check_table(request: NmjlRequest, seats: tuple[Seat, ...]) -> None:
    """The discarder is not the winner, every seat named in the request is at
    the table, bettor ids are unique and are not seat names (they share the
    keys of `deltas`). Every problem is reported at once."""
    problems: list[FieldProblem] = []
    try:
        check_discarder(request.winner, request.win, seats)
    except RuleViolation as exc:
        problems.extend(exc.problems)
    if request.winner not in seats:
        problems.append(
            field_problem("/winner", "{seat} is not at a {players}-player table.", seat=request.winner, players=request.players)
        )
    if request.dealer not in seats:
        problems.append(
            field_problem("/dealer", "{seat} is not at a {players}-player table.", seat=request.dealer, players=request.players)
        )
    seen: set[str] = set()
    for index, bettor in enumerate(request.bettors):
        if bettor.id in SEATS:
            problems.append(field_problem(f"/bettors/{index}/id", "A bettor id cannot be a seat name ({id}).", id=bettor.id))
        elif bettor.id in seen:
            problems.append(field_problem(f"/bettors/{index}/id", "Bettor id {id} is used twice.", id=bettor.id))
        seen.add(bettor.id)
        if bettor.bet_on not in seats:
            problems.append(
                field_problem(
                    f"/bettors/{index}/bet_on", "{seat} is not at a {players}-player table.", seat=bettor.bet_on, players=request.players
                )
            )
    if problems:
        raise RuleViolation(*problems)


@exact
def settle(request: NmjlRequest) -> NmjlSettlement:
    rules = request.rules
    winner = request.winner
    seats = seats_for(request.players)
    _check_table(request, seats)

    warnings: list[SettlementWarning] = []
    if request.value < rules.min_value:
        warnings.append(warning("below_minimum_value", value=request.value, min_value=rules.min_value))

    doubled = request.jokerless and not request.singles_and_pairs
    value = mul(request.value * (JOKERLESS_MULTIPLIER if doubled else 1), rules.point_value)

    discarder = request.win.discarder if isinstance(request.win, Discard) else None
    lines: list[Payment] = []
    owes: dict[str, Decimal] = {}
    by_role: dict[str, Decimal] = {}  # seats in the same role pay the same amount
    for seat in others(winner, request.players):
        role: Role = "self_draw" if discarder is None else "discarder" if seat == discarder else "other"
        amount = by_role.get(role)
        if amount is None:
            amount = by_role[role] = mul(value, MULTIPLIER[role])
        owes[seat] = amount
        lines.append(Payment(seat, winner, amount, role))
    seat_lines = tuple(lines) if request.bettors else ()
    for bettor in request.bettors:
        if bettor.bet_on == winner:
            lines.extend(Payment(line.payer, bettor.id, line.amount, "bettor") for line in seat_lines)
        else:
            lines.append(Payment(bettor.id, winner, owes[bettor.bet_on], "bettor"))

    keys = seats + tuple(bettor.id for bettor in request.bettors)
    payments, deltas, receives = settle_lines(winner, lines, keys)
    return NmjlSettlement(
        winner=winner,
        winner_receives=receives,
        payments=payments,
        deltas=deltas,
        pre_payout_total=clean(value),
        tier=None,
        warnings=warnings,
        jokerless_doubled=doubled,
        players=request.players,
        rules=rules,
    )
