"""Riichi (飜/符) settlement: who pays whom for one hand, one winner or
several on one discard, with honba, riichi sticks, pao and 祝儀 chips.

Sources: the riichi scoring article (payment multipliers, rounding, honba and
riichi sticks, the eight three-player payment variants with their two tables
of worked figures, worked examples 1–6), the reference calculator (honba 300
= 100 per payer on a tsumo), the Wikibooks extract (riichi sticks to the next
winner).

The parts, each in its own module, imports pointing one way:
:mod:`~service.rulesets.riichi.rules` (the house rules),
:mod:`~service.rulesets.riichi.hand.limits` (basic points, 滿貫 … 役滿),
:mod:`~service.rulesets.riichi.schemas` (request and answer),
:mod:`~service.rulesets.riichi.value` (a hand's value),
:mod:`~service.rulesets.riichi.pao` (liability),
:mod:`~service.rulesets.riichi.payment_lines` (a winner's lines and chips),
:mod:`~service.rulesets.riichi.draws` (exhaustive draws) and
:mod:`~service.rulesets.riichi.hand.quick_reference` (the quick-reference table).

Every riichi amount is a whole number of points, so the arithmetic is done in
Python integers (exact) and rounding up to 100 is integer ceiling division;
amounts leave the engine as exact Decimals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.money import POINTS
from service.core.seats import Seat
from service.core.settlement import Discard, Payment, check_discarder
from service.core.warnings import SettlementWarning
from service.rulesets.riichi.draws import RiichiDrawRequest, RiichiDrawResult, draw
from service.rulesets.riichi.hand.quick_reference import ScoreTable, score_table
from service.rulesets.riichi.hand.tiles import RiichiEvaluation
from service.rulesets.riichi.pao import Liability, liability
from service.rulesets.riichi.payment_lines import shugi_chips, winner_lines
from service.rulesets.riichi.rules import RiichiRules, payment_rule, resolve_hand_rules
from service.rulesets.riichi.schemas import ChipPayment, RiichiRequest, RiichiSettlement, WinnerFields, WinnerResult
from service.rulesets.riichi.seats import NO_POINTS, OTHERS, SEATS_FOR, check_seat
from service.rulesets.riichi.value import ResolvedHand, resolve_hand
from service.rulesets.riichi.warnings import warning
from service.rulesets.riichi.yaku_rules import YakuOptions

__all__ = [
    "RIICHI_STICK",
    "RiichiDrawRequest",
    "RiichiDrawResult",
    "RiichiRequest",
    "RiichiRules",
    "RiichiSettlement",
    "ScoreTable",
    "draw",
    "score_table",
    "settle",
]
"""What this module gives: :func:`settle` and the riichi stick's value; the
request, rules and answer types, the draw and the score table are named here
too because the endpoints reach them through this module."""

RIICHI_STICK = 1000
"""The reference calculator / 001: each riichi stick on the table is 1000 points to the winner."""


_BLANK_SETTLEMENT = RiichiSettlement(
    winner="east",
    winner_receives=POINTS[0],
    payments=[],
    deltas={},
    pre_payout_total=POINTS[0],
    tier=None,
    warnings=[],
    han=None,
    fu=None,
    yakuman=0,
    winners=[],
    dealer="east",
    players=4,
    honba=0,
    riichi_sticks=0,
    rules=RiichiRules(),
    yaku_options=YakuOptions(),
)
"""What :func:`settle` copies (``msgspec.structs.replace``) and fills in
whole; the optional fields keep their defaults unless the hand has them.
Never handed out itself."""


TRIPLE_RON_DRAW = template(
    "Three players won on one discard: at this table (`rules.triple_ron` `abortive_draw`) that is an abortive draw (三家和), "
    "not a settlement; a game records it as an `abort` hand."
)


def _add_further_winners(
    request: RiichiRequest, entries: list[tuple[Seat, WinnerFields, str]], discarder: Seat | None, seats: tuple[Seat, ...], players: int
) -> tuple[Seat, ...]:
    """A multiple ron: checks the further winners, adds them to ``entries``
    and sorts those in turn order after the discarder; returns the winners
    in that order."""
    if discarder is None:  # a tsumo
        raise RuleViolation(FieldProblem("/further_winners", "Only a discard can have further winners (multiple ron)."))
    taken = {request.winner}
    for index, further in enumerate(request.further_winners):
        pointer = f"/further_winners/{index}"
        check_seat(further.winner, seats, f"{pointer}/winner")
        if further.winner == discarder:
            raise RuleViolation(FieldProblem(f"{pointer}/winner", "A further winner cannot be the discarder."))
        if further.winner in taken:
            raise RuleViolation(field_problem(f"{pointer}/winner", "{seat} is already a winner of this hand.", seat=further.winner))
        taken.add(further.winner)
        entries.append((further.winner, further, pointer))
    if len(request.further_winners) == 2 and request.rules.triple_ron == "abortive_draw":
        raise RuleViolation(FieldProblem("/further_winners/1", TRIPLE_RON_DRAW))
    order = OTHERS[(players, discarder)]
    entries.sort(key=lambda entry: order.index(entry[0]))
    return tuple([entry[0] for entry in entries])


def _check_seats(request: RiichiRequest, seats: tuple[Seat, ...]) -> Seat | None:
    """The winner, the dealer and a discarder seated at this table (the
    discarder not the winner); returns the discarder, none on a tsumo."""
    winner, dealer, win = request.winner, request.dealer, request.win
    discarder = win.discarder if type(win) is Discard else None  # Win is Discard | SelfDraw
    # the checks' functions are called only to word a failure
    if winner not in seats or dealer not in seats:
        check_seat(winner, seats, "/winner")
        check_seat(dealer, seats, "/dealer")
    if discarder is not None and (discarder == winner or discarder not in seats):
        check_discarder(winner, win, seats)
    return discarder


@dataclass(slots=True)
class _Hand:
    """One hand being settled: what every winner's turn reads, and the lines,
    balance, results and chips each turn adds to."""

    request: RiichiRequest
    rules: RiichiRules
    seats: tuple[Seat, ...]
    discarder: Seat | None
    winners: tuple[Seat, ...]
    honba_total: int
    lines: list[Payment] = field(default_factory=list)
    warnings: list[SettlementWarning] = field(default_factory=list)
    results: list[WinnerResult] = field(default_factory=list)
    chip_lines: list[ChipPayment] = field(default_factory=list)
    evaluations: dict[str, RiichiEvaluation] = field(default_factory=dict)
    balance: dict[Seat, int] = field(default_factory=dict)


def _honba_points(hand: _Hand, seat: Seat, *, paid: bool, liable: Liability | None) -> int:
    """The honba a winner takes: the first winner's, or each paid winner's
    where ``rules.multi_ron_honba`` is ``each``; refuses a tsumo's honba that
    does not split evenly between its payers."""
    rules, players = hand.rules, hand.request.players
    first = hand.winners[0]
    points = hand.honba_total if paid and (rules.multi_ron_honba == "each" or seat == first) else 0
    if hand.discarder is None and (liable is None or liable.honba_payer is None) and points % (players - 1):
        raise RuleViolation(
            field_problem(
                "/rules/honba_value",
                "{points} honba points do not split evenly between the {payers} payers of a tsumo.",
                points=points,
                payers=players - 1,
            )
        )
    return points


def _settle_winner(hand: _Hand, seat: Seat, fields: WinnerFields, pointer: str) -> None:
    """One winner: values the hand, pays it (or, head-bumped, warns), and adds
    its result, evaluation and chips to ``hand``."""
    request, rules, discarder = hand.request, hand.rules, hand.discarder
    players, tsumo, first = request.players, hand.discarder is None, hand.winners[0]
    value = resolve_hand(
        fields,
        tsumo=tsumo,
        rules=rules,
        seat=seat,
        pointer=pointer,
        options=request.yaku_options,
        dealer=request.dealer,
        win=request.win,
        players=players,
    )
    if value.warnings:
        hand.warnings.extend(value.warnings)
    liable = None if fields.liable is None and not fields.also_liable else liability(fields, seat, value, hand.seats, pointer, rules, tsumo)
    paid = rules.multiple_ron == "allowed" or seat == first
    honba_points = _honba_points(hand, seat, paid=paid, liable=liable)
    points = 0
    if paid:
        points = winner_lines(
            seat,
            value,
            hand.lines,
            hand.balance,
            discarder=discarder,
            dealer=request.dealer,
            payers=OTHERS[(players, seat)],
            rule=payment_rule(players, rules),
            honba_points=honba_points,
            liable=liable,
            winners=hand.winners,
        )
        hand.balance[seat] += points + honba_points  # what the lines add up to
    else:
        hand.warnings.append(warning("head_bumped", seat=seat, first=first))
    sticks = RIICHI_STICK * request.riichi_sticks if seat == first else 0
    hand.results.append(
        WinnerResult(
            winner=seat,
            paid=paid,
            han=value.han,
            fu=value.fu,
            fu_count=value.fu_count,
            yakuman=value.yakuman,
            basic_points=POINTS[value.basic],
            tier=value.tier,
            hand_points=POINTS[points],
            honba_points=POINTS[honba_points],
            riichi_stick_points=POINTS[sticks],
            receives=POINTS[points + honba_points + sticks],
            liable=None if liable is None else liable.seat,
            liable_yakuman=0 if liable is None else liable.yakuman,
            yaku_items=value.yaku_items,
        )
    )
    if value.evaluation is not None:
        hand.evaluations[seat] = value.evaluation
    if rules.shugi:
        _add_chips(hand.results[-1], fields, value, hand.chip_lines, rules=rules, discarder=discarder, players=players, pointer=pointer)


def _assemble(hand: _Hand) -> RiichiSettlement:
    """The settlement from every winner's turn: the deltas (the riichi sticks
    to the first winner), the main winner's figures, the optional fields the
    hand has."""
    request, rules = hand.request, hand.rules
    winner = request.winner
    # Every amount is whole points: the deltas are added up in integers (the
    # sticks come from the table, the one thing that is not zero-sum), and each
    # becomes a shared Decimal once.
    hand.balance[hand.winners[0]] += RIICHI_STICK * request.riichi_sticks
    deltas: dict[str, Decimal] = {}
    for party, points in hand.balance.items():
        deltas[party] = POINTS[points]
    results = hand.results
    main = results[0] if results[0].winner == winner else next(result for result in results if result.winner == winner)
    # `replace` on a blank settlement rather than the constructor (docs/performance.md)
    settlement = msgspec.structs.replace(
        _BLANK_SETTLEMENT,
        winner=winner,
        winner_receives=deltas[winner],
        payments=hand.lines,
        deltas=deltas,
        pre_payout_total=main.basic_points,
        tier=main.tier,
        warnings=hand.warnings,
        han=main.han,
        fu=main.fu,
        yakuman=main.yakuman,
        winners=results,
        dealer=request.dealer,
        players=request.players,
        honba=request.honba,
        riichi_sticks=request.riichi_sticks,
    )
    settlement.rules = rules
    settlement.yaku_options = request.yaku_options
    if request.preset is not msgspec.UNSET:
        settlement.preset = request.preset
    if main.fu_count is not None:
        settlement.fu_count = main.fu_count
    if main.yaku_items is not None:
        settlement.yaku_items = main.yaku_items
    if hand.evaluations:
        settlement.evaluation = hand.evaluations.get(winner, msgspec.UNSET)
        settlement.evaluations = hand.evaluations
    if rules.shugi:
        settlement.chip_payments, settlement.chip_deltas = hand.chip_lines, _chip_deltas(hand.chip_lines, hand.seats)
    return settlement


def settle(request: RiichiRequest) -> RiichiSettlement:
    """Settle one riichi hand: takes a validated :class:`RiichiRequest` (one
    winner, or several on one discard) and gives the :class:`RiichiSettlement`
    with every payment line, each seat's delta, each winner's result and,
    where the table plays them, the chip lines; a :class:`RuleViolation`
    names every field that cannot be."""
    players = request.players
    seats = SEATS_FOR[players]
    rules = resolve_hand_rules(request.rules, players)
    honba_value = rules.honba_value
    assert honba_value is not msgspec.UNSET  # resolve_rules filled it in
    discarder = _check_seats(request, seats)
    entries: list[tuple[Seat, WinnerFields, str]] = [(request.winner, request, "")]
    if request.further_winners:
        winners = _add_further_winners(request, entries, discarder, seats, players)
    else:
        winners = (request.winner,)
    hand = _Hand(request, rules, seats, discarder, winners, honba_value * request.honba)
    hand.balance = NO_POINTS[players].copy()  # points per seat, made Decimals at the end
    for seat, fields, pointer in entries:
        _settle_winner(hand, seat, fields, pointer)
    return _assemble(hand)


def _add_chips(
    result: WinnerResult,
    fields: WinnerFields,
    value: ResolvedHand,
    chip_lines: list[ChipPayment],
    *,
    rules: RiichiRules,
    discarder: Seat | None,
    players: int,
    pointer: str,
) -> None:
    """`rules.shugi`: the chips each payer hands this winner (none when
    head-bumped), on its result and as chip lines, from the discarder or, on
    a tsumo, from every other seat."""
    each = shugi_chips(fields, value, tsumo=discarder is None, rules=rules, pointer=pointer) if result.paid else 0
    result.chips_each = each
    if result.paid:
        seat = result.winner
        chip_lines += [ChipPayment(payer, seat, each) for payer in (OTHERS[(players, seat)] if discarder is None else (discarder,))]


def _chip_deltas(chip_lines: list[ChipPayment], seats: tuple[Seat, ...]) -> dict[str, int]:
    """Net chips per seat from the chip lines (zero-sum)."""
    chip_deltas: dict[str, int] = dict.fromkeys(seats, 0)
    for line in chip_lines:
        chip_deltas[line.payer] -= line.chips
        chip_deltas[line.payee] += line.chips
    return chip_deltas
