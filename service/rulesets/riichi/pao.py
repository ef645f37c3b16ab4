"""Riichi liability (包牌, 責任払い): who answers for which part of a hand.

The riichi scoring article's 地方變異 names the ways tables differ here, each a
rule of :class:`~service.rulesets.riichi.rules.RiichiRules`:

* 複合役滿的包牌（包全額或包一個役滿…）: the liable seat answers for the yakuman
  it caused (`pao_scope: yakuman`, `liable_yakuman` of them) or for the whole
  hand, other yakuman included (`pao_scope: whole_hand`, as Tenhou plays);
* …或大三元四槓子包牌同時間由不同人成立的處理方法: a second yakuman made liable
  by a different player (`also_liable`), each liable seat answering for its
  own yakuman;
* 包牌時場棒的處理方法: the honba paid by the (first) liable seat
  (`pao_honba: liable`) or as in a hand without pao (`as_hand`);
* 嶺上開花…部分規則要包牌: a rinshan kaihou win after a kan called from a
  discard paid by that discarder as a ron (`rinshan_pao`).

On a tsumo a liable seat pays its part in full (what a ron of it would
pay); on a ron it and the discarder each pay half of it (rounded up to 100).
The rest of the hand is paid as usual. Whole points, integer arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.seats import Seat
from service.core.settlement import Role
from service.rulesets.riichi.payments import YAKUMAN_BASIC, PaymentRule, ron_amount, tsumo_shares, up100
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.schemas import WinnerFields
from service.rulesets.riichi.value import ResolvedHand


@dataclass(frozen=True, slots=True)
class Liability:
    """What a winner's liable seats answer for."""

    parts: tuple[tuple[Seat, int], ...]
    """(liable seat, the basic points it answers for), the request's `liable` first."""
    honba_payer: Seat | None
    """The seat that pays all of this winner's honba; None: paid as without pao."""
    yakuman: int = 0
    """Yakuman paid under pao (0 for a rinshan kaihou paid as a ron)."""
    as_ron: bool = False
    """`rinshan_pao`: the liable seat alone pays the whole hand as a ron."""

    @property
    def seat(self) -> Seat:
        return self.parts[0][0]


NOT_WINNER = template("The liable seat (責任払い) cannot be the winner.")
YAKUMAN_ONLY = template("Pao (責任払い) applies to yakuman hands only: give `yakuman`.")
YAKUMAN_OR_RINSHAN = template(
    "Pao (責任払い) applies to yakuman hands, and with `rules.rinshan_pao` to a rinshan kaihou (嶺上開花) self-draw: this hand is neither."
)
TOO_MANY = template("The liable seat cannot answer for more than the hand's {yakuman} yakuman.")
TOO_MANY_SEATS = template("The liable seats cannot answer for more than the hand's {yakuman} yakuman between them.")
ALSO_ALONE = template("`also_liable` names a second liable seat: give the first as `liable`.")
ALSO_WHOLE_HAND = template("With `rules.pao_scope` `whole_hand` one seat answers for the whole hand: leave `also_liable` out.")
ALSO_TWICE = template("{seat} is already liable for this hand.")
RINSHAN_ALONE = template("A rinshan kaihou paid by the kan's discarder (`rules.rinshan_pao`) has one liable seat: leave `also_liable` out.")
RINSHAN_NO_OPEN_KONG = template(
    "A rinshan kaihou paid by the kan's discarder needs a kan called from a discard: the hand has no open kong."
)


def liability(
    fields: WinnerFields, winner: Seat, value: ResolvedHand, seats: Sequence[Seat], pointer: str, rules: RiichiRules, tsumo: bool
) -> Liability | None:
    """Check a winner's pao fields (`liable`, `liable_yakuman`, `also_liable`)
    under the table's rules; None without a liable seat."""
    liable = fields.liable
    if liable is None:
        if fields.also_liable:
            raise RuleViolation(FieldProblem(f"{pointer}/also_liable", ALSO_ALONE), FieldProblem(f"{pointer}/liable", ALSO_ALONE))
        return None
    _check_seat(liable, winner, seats, f"{pointer}/liable")
    if value.yakuman == 0:
        return _rinshan(fields, value, pointer, rules, tsumo)
    honba_payer = liable if rules.pao_honba == "liable" else None
    if rules.pao_scope == "whole_hand":
        if fields.also_liable:
            raise RuleViolation(FieldProblem(f"{pointer}/also_liable", ALSO_WHOLE_HAND), FieldProblem("/rules/pao_scope", ALSO_WHOLE_HAND))
        return Liability(((liable, YAKUMAN_BASIC * value.yakuman),), honba_payer, value.yakuman)
    declared = value.yakuman if fields.yakuman is msgspec.UNSET else fields.yakuman  # `yaku` give no `yakuman`
    if fields.liable_yakuman > declared:
        raise RuleViolation(field_problem(f"{pointer}/liable_yakuman", TOO_MANY, yakuman=declared))
    count = min(fields.liable_yakuman, value.yakuman)
    parts = [(liable, YAKUMAN_BASIC * count)]
    for index, extra in enumerate(fields.also_liable):
        at = f"{pointer}/also_liable/{index}"
        _check_seat(extra.seat, winner, seats, f"{at}/seat")
        if any(seat == extra.seat for seat, _ in parts):
            raise RuleViolation(field_problem(f"{at}/seat", ALSO_TWICE, seat=extra.seat))
        count += extra.yakuman
        if count > value.yakuman:
            raise RuleViolation(field_problem(f"{at}/yakuman", TOO_MANY_SEATS, yakuman=value.yakuman))
        parts.append((extra.seat, YAKUMAN_BASIC * extra.yakuman))
    return Liability(tuple(parts), honba_payer, count)


def _check_seat(seat: Seat, winner: Seat, seats: Sequence[Seat], pointer: str) -> None:
    if seat not in seats:
        raise RuleViolation(field_problem(pointer, "{seat} is not at a {players}-player table.", seat=seat, players=len(seats)))
    if seat == winner:
        raise RuleViolation(FieldProblem(pointer, NOT_WINNER))


def _rinshan(fields: WinnerFields, value: ResolvedHand, pointer: str, rules: RiichiRules, tsumo: bool) -> Liability:
    """`rules.rinshan_pao`: a rinshan kaihou self-draw after a kan called from
    a discard, paid whole by that discarder as a ron (honba too). From `yaku`
    or tiles the hand must have rinshan kaihou; from tiles an open kong."""
    liable = fields.liable
    assert liable is not None
    codes = None if value.yaku_items is None else {item.code for item in value.yaku_items}
    if not rules.rinshan_pao:
        raise RuleViolation(FieldProblem(f"{pointer}/liable", YAKUMAN_ONLY))
    if not tsumo or (codes is not None and "rinshan_kaihou" not in codes):
        raise RuleViolation(FieldProblem(f"{pointer}/liable", YAKUMAN_OR_RINSHAN))
    if fields.also_liable:
        raise RuleViolation(FieldProblem(f"{pointer}/also_liable", RINSHAN_ALONE))
    shown = value.evaluation.arrangement if value.evaluation is not None else None
    if shown is not None and not any(group.kind == "kong" and not group.concealed for group in shown):
        raise RuleViolation(FieldProblem(f"{pointer}/liable", RINSHAN_NO_OPEN_KONG))
    return Liability(((liable, value.basic),), liable, as_ron=True)


def liable_lines(
    winner: Seat,
    basic: int,
    liable: Liability,
    *,
    discarder: Seat | None,
    dealer: Seat,
    payers: Sequence[Seat],
    rule: PaymentRule,
    honba_points: int,
    winners: Sequence[Seat],
) -> tuple[list[tuple[Seat, int, Role]], int]:
    """One winner's payment lines (payer, points, role) under pao, in the
    payers' turn order, and the hand points in them (honba excluded)."""
    owed = _hand_owed(winner == dealer, basic, liable, discarder=discarder, dealer=dealer, payers=payers, rule=rule)
    hand = sum(owed.values())
    if liable.honba_payer is not None:
        owed[liable.honba_payer] += honba_points
    elif discarder is not None:
        owed[discarder] += honba_points
    else:
        for payer in payers:
            owed[payer] += honba_points // len(payers)
    liable_seats = {seat for seat, _ in liable.parts}
    lines: list[tuple[Seat, int, Role]] = []
    for payer in payers:
        if payer == discarder:
            lines.append((payer, owed[payer], "discarder"))
        elif payer in liable_seats:
            lines.append((payer, owed[payer], "liable"))
        elif discarder is None:
            lines.append((payer, owed[payer], "dealer" if payer == dealer else "non_dealer"))
        elif payer not in winners:
            lines.append((payer, 0, "other"))
    return lines, hand


def _hand_owed(
    winner_is_dealer: bool,
    basic: int,
    liable: Liability,
    *,
    discarder: Seat | None,
    dealer: Seat,
    payers: Sequence[Seat],
    rule: PaymentRule,
) -> dict[Seat, int]:
    """Hand points per payer (no honba)."""
    owed = dict.fromkeys(payers, 0)
    if liable.as_ron:
        owed[liable.seat] = ron_amount(basic, winner_is_dealer, rule)
        return owed
    rest = basic - sum(part for _, part in liable.parts)
    if discarder is None:
        from_dealer, from_other = tsumo_shares(rest, winner_is_dealer, len(payers), rule) if rest else (0, 0)
        for payer in payers:
            owed[payer] += from_dealer if payer == dealer else from_other
        for seat, part in liable.parts:
            owed[seat] += ron_amount(part, winner_is_dealer, rule)
        return owed
    owed[discarder] += ron_amount(rest, winner_is_dealer, rule) if rest else 0
    for seat, part in liable.parts:
        half = up100(ron_amount(part, winner_is_dealer, rule), 2)
        owed[discarder] += half
        owed[seat] += half
    return owed
