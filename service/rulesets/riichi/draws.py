"""Riichi exhaustive draws (荒牌流局): noten payments and nagashi mangan.

Sources: the common noten payment (3000 in total, shared by the tenpai
seats, paid by the noten seats: Tenhou's, the EMA rules'), the Wikibooks extract (流局滿貫 paid as a mangan
tsumo). Honba and riichi sticks stay on the table. Whole points, integer
arithmetic.
"""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from service.core.errors import RuleViolation, field_problem, template
from service.core.fields import OrUnset
from service.core.seats import Seat, seats_for
from service.rulesets.riichi.hand.limits import MANGAN_BASIC
from service.rulesets.riichi.payments import PaymentRule, tsumo_share
from service.rulesets.riichi.presets import PresetField, PresetName, with_presets
from service.rulesets.riichi.rules import RiichiRules, payment_rule, resolve_rules
from service.rulesets.riichi.seats import OTHERS, HonbaCount, Players, SticksCount, check_seat


class RiichiDrawRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An exhaustive draw (荒牌流局): who is tenpai, who has nagashi mangan."""

    tenpai: Annotated[list[Seat], msgspec.Meta(max_length=4, description="The tenpai seats (any order, no repeats).")] = msgspec.field(
        default_factory=list
    )
    nagashi_mangan: Annotated[
        list[Seat],
        msgspec.Meta(max_length=4, description="流局滿貫: seats paid as a mangan tsumo (no honba) by every other seat."),
    ] = msgspec.field(default_factory=list)
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (親), default east.")] = "east"
    players: Players = 4
    honba: HonbaCount = 0
    riichi_sticks: SticksCount = 0
    rules: RiichiRules = RiichiRules()
    preset: OrUnset[PresetField] = msgspec.UNSET


with_presets(RiichiDrawRequest)

DrawRole = Literal["noten", "dealer", "non_dealer"]


class DrawPayment(msgspec.Struct, frozen=True):
    """One payer → payee line of a draw. Roles: `noten` (a noten seat paying a
    tenpai seat its share of the noten payment), `dealer` / `non_dealer` (paying
    a nagashi mangan as on a mangan tsumo)."""

    payer: Seat
    payee: Seat
    amount: Annotated[Decimal, msgspec.Meta(description="Exact, never negative.")]
    role: DrawRole


class RiichiDrawResult(msgspec.Struct, kw_only=True):
    """Payments at an exhaustive draw. Honba and riichi sticks stay on the
    table: they are echoed, not paid."""

    ruleset: str
    tenpai: list[Seat]
    noten: list[Seat]
    nagashi_mangan: list[Seat]
    payments: list[DrawPayment]
    deltas: Annotated[dict[str, Decimal], msgspec.Meta(description="Net change per seat; zero-sum.")]
    dealer: Seat
    players: int
    honba: Annotated[int, msgspec.Meta(description="Honba counters, still on the table.")]
    riichi_sticks: Annotated[int, msgspec.Meta(description="Riichi sticks, still on the table.")]
    rules: RiichiRules
    preset: Annotated[
        OrUnset[PresetName], msgspec.Meta(description="The request's `preset`, when it named one (the resolved values are echoed).")
    ] = msgspec.UNSET


NO_NAGASHI = template("This table does not play nagashi mangan (`rules.nagashi_mangan` is false).")


def _distinct_seats(values: list[Seat], seats: tuple[Seat, ...], pointer: str) -> frozenset[Seat]:
    seen: set[Seat] = set()
    for index, seat in enumerate(values):
        check_seat(seat, seats, f"{pointer}/{index}")
        if seat in seen:
            raise RuleViolation(field_problem(f"{pointer}/{index}", "{seat} is listed twice.", seat=seat))
        seen.add(seat)
    return frozenset(seen)


def _nagashi_lines(request: RiichiDrawRequest, nagashi: Collection[Seat], seats: tuple[Seat, ...], rule: PaymentRule) -> list[DrawPayment]:
    """Each nagashi mangan paid as a mangan tsumo, seat by seat."""
    lines: list[DrawPayment] = []
    players = request.players
    for seat in (s for s in seats if s in nagashi):
        payers = OTHERS[(players, seat)]
        for payer in payers:
            amount = tsumo_share(MANGAN_BASIC, seat == request.dealer, payer == request.dealer, len(payers), rule)
            lines.append(DrawPayment(payer, seat, Decimal(amount), "dealer" if payer == request.dealer else "non_dealer"))
    return lines


def _noten_lines(tenpai_seats: list[Seat], noten_seats: list[Seat], rules: RiichiRules) -> list[DrawPayment]:
    """The noten payment, split evenly from every noten seat to every tenpai
    seat; refused when it does not split."""
    pairs = len(tenpai_seats) * len(noten_seats)
    if rules.noten_payment % pairs:
        raise RuleViolation(
            field_problem(
                "/rules/noten_payment",
                "{amount} does not split evenly between {noten} noten and {tenpai} tenpai seats.",
                amount=rules.noten_payment,
                noten=len(noten_seats),
                tenpai=len(tenpai_seats),
            )
        )
    share = Decimal(rules.noten_payment // pairs)
    return [DrawPayment(payer, payee, share, "noten") for payer in noten_seats for payee in tenpai_seats]


def draw(request: RiichiDrawRequest) -> RiichiDrawResult:
    """Settle an exhaustive draw: takes the tenpai and nagashi mangan seats
    with the table's rules, gives the payments (nagashi mangan, then the
    noten payment where the rules still pay it) and each seat's delta."""
    players = request.players
    seats = seats_for(players)
    rules = resolve_rules(request.rules, players)
    check_seat(request.dealer, seats, "/dealer")
    tenpai = _distinct_seats(request.tenpai, seats, "/tenpai")
    nagashi = _distinct_seats(request.nagashi_mangan, seats, "/nagashi_mangan")
    if nagashi and rules.nagashi_mangan is False:
        raise RuleViolation(field_problem("/nagashi_mangan/0", NO_NAGASHI))
    lines = _nagashi_lines(request, nagashi, seats, payment_rule(players, rules))

    tenpai_seats = [s for s in seats if s in tenpai]
    noten_seats = [s for s in seats if s not in tenpai]
    if tenpai_seats and noten_seats and (not nagashi or rules.noten_with_nagashi):
        lines.extend(_noten_lines(tenpai_seats, noten_seats, rules))

    deltas: dict[str, Decimal] = {seat: Decimal(0) for seat in seats}
    for line in lines:
        deltas[line.payer] -= line.amount
        deltas[line.payee] += line.amount
    return RiichiDrawResult(
        ruleset="riichi",
        tenpai=tenpai_seats,
        noten=noten_seats,
        nagashi_mangan=[s for s in seats if s in nagashi],
        payments=lines,
        deltas=deltas,
        dealer=request.dealer,
        players=players,
        honba=request.honba,
        riichi_sticks=request.riichi_sticks,
        rules=rules,
        preset=request.preset,
    )
