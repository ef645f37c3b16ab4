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
from typing import Annotated, Literal

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.money import (
    POINT_VALUE_DEFAULT,
    POINTS,
    ZERO,
    Amounts,
    ExactNumber,
    check_point_value,
    exact,
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
)
from service.core.warnings import SettlementWarning
from service.rulesets.nmjl.warnings import warning

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


class NmjlRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
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


Section = Literal["standard", "singles_and_pairs", "quints"]
"""A card section, for the jokerless rule: 無百搭嘅牌，牌值乘二 … Singles and Pairs 同五枚使唔適用."""
NO_JOKERLESS_BONUS: frozenset[str] = frozenset({"singles_and_pairs", "quints"})
SECTIONS_DISAGREE = template("`singles_and_pairs` is true but `section` is `{section}`")


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
    section: Annotated[
        Section,
        msgspec.Meta(
            description=(
                "The card section the hand is from: `standard`; `singles_and_pairs` (Singles and Pairs, the same as "
                "`singles_and_pairs: true`) or `quints` (五枚使, hands with a quint) never get the jokerless doubling "
                "(the reference calculator: Singles and Pairs 同五枚使唔適用)."
            )
        ),
    ] = "standard"
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
    rules: NmjlRules = NmjlRules()  # frozen: one shared default, nothing built per request


class NmjlSettlement(Settlement, kw_only=True, tag="nmjl"):
    """Who pays whom for an NMJL hand, bettors included (role `bettor`,
    keyed by id in `deltas`). `pre_payout_total` is the value after the
    jokerless doubling × point value; `tier` is always null."""

    jokerless_doubled: Annotated[bool, msgspec.Meta(description="Whether the jokerless doubling was applied.")]
    players: int
    rules: NmjlRules


# --- Arithmetic --------------------------------------------------------------

PAYERS: dict[tuple[int, Seat, Seat | None], tuple[tuple[Seat, Role], ...]] = {
    (players, winner, discarder): tuple(
        (seat, "self_draw" if discarder is None else "discarder" if seat == discarder else "other") for seat in others(winner, players)
    )
    for players in (3, 4)
    for winner in seats_for(players)
    for discarder in (None, *others(winner, players))
}
"""(players, winner, discarder or None on a self-draw) → each payer and its
role, in turn order after the winner."""

ZEROS: dict[int, dict[str, Decimal]] = {players: dict.fromkeys(seats_for(players), ZERO) for players in (3, 4)}
"""Every seat's delta at zero, in seat order, per table size (copied: cheaper
than building it)."""


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
    """Settle one American (NMJL) hand: takes a validated :class:`NmjlRequest`
    (the card value, jokerless, the bettors) and gives the
    :class:`NmjlSettlement` with each payer's and bettor's line and each
    seat's delta."""
    rules = request.rules
    winner = request.winner
    win = request.win
    players = request.players
    discarder = win.discarder if isinstance(win, Discard) else None
    payers = PAYERS.get((players, winner, discarder))  # None: a seat not at the table, or the discarder is the winner
    if payers is None or request.bettors or request.dealer not in ZEROS[players]:
        _check_table(request, seats_for(players))  # raises on any problem, naming them all; bettors are always checked
        payers = PAYERS[players, winner, discarder]

    warnings: list[SettlementWarning] = []
    if request.value < rules.min_value:
        warnings.append(warning("below_minimum_value", value=request.value, min_value=rules.min_value))

    # whole card points, then each distinct figure becomes money once
    if request.singles_and_pairs and request.section == "quints":
        raise RuleViolation(field_problem("/section", SECTIONS_DISAGREE, section=request.section))
    doubled = request.jokerless and not request.singles_and_pairs and request.section not in NO_JOKERLESS_BONUS
    value = request.value * JOKERLESS_MULTIPLIER if doubled else request.value
    money = POINTS if rules.point_value is POINT_VALUE_DEFAULT else Amounts(rules.point_value)
    if request.bettors:
        payments, deltas = _with_bettors(request.bettors, winner, value, payers, seats_for(players), money)
    else:
        payments = []
        deltas = ZEROS[players].copy()
        received = 0
        for seat, role in payers:
            points = value * MULTIPLIER[role]
            received += points
            payments.append(Payment(seat, winner, money[points], role))
            deltas[seat] = money[-points]
        deltas[winner] = money[received]
    return NmjlSettlement(
        winner=winner,
        winner_receives=deltas[winner],
        payments=payments,
        deltas=deltas,
        pre_payout_total=money[value],
        tier=None,
        warnings=warnings,
        jokerless_doubled=doubled,
        players=players,
        rules=rules,
    )


def _with_bettors(
    bettors: list[Bettor],
    winner: Seat,
    value: int,
    payers: tuple[tuple[Seat, Role], ...],
    seats: tuple[Seat, ...],
    money: dict[int, Decimal],
) -> tuple[list[Payment], dict[str, Decimal]]:
    """The payments and deltas when players sitting out bet: the seats' own
    lines, then each bettor's in the order they were sent. A bettor on the
    winner collects from every loser what that loser pays the winner; a
    bettor on a loser pays the winner what that seat pays."""
    owes = {seat: value * MULTIPLIER[role] for seat, role in payers}  # points each seat pays the winner
    lines: list[tuple[str, str, int, Role]] = [(seat, winner, owes[seat], role) for seat, role in payers]
    for bettor in bettors:
        if bettor.bet_on == winner:
            lines.extend((seat, bettor.id, owes[seat], "bettor") for seat, _ in payers)
        else:
            lines.append((bettor.id, winner, owes[bettor.bet_on], "bettor"))
    totals = dict.fromkeys(seats + tuple(bettor.id for bettor in bettors), 0)  # the keys of `deltas`, in order
    for payer, payee, points, _ in lines:
        totals[payer] -= points
        totals[payee] += points
    payments = [Payment(payer, payee, money[points], role) for payer, payee, points, role in lines]
    return payments, {party: money[points] for party, points in totals.items()}
