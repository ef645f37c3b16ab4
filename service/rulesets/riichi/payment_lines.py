"""A riichi winner's payment lines: who pays the winner how many points for
the hand and its honba (under pao, through
:func:`~service.rulesets.riichi.pao.liable_lines`), and the 祝儀 chips each
payer hands the winner.

Sources: the riichi scoring article (得點: ron from the discarder, tsumo from
every other seat; 場棒; 祝儀), the reference calculator (honba 300 = 100 per
payer on a tsumo). Whole points, integer arithmetic.
"""

from __future__ import annotations

import msgspec

from service.core.errors import FieldProblem, RuleViolation
from service.core.money import POINTS
from service.core.seats import Seat
from service.core.settlement import Payment
from service.rulesets.riichi.pao import Liability, liable_lines
from service.rulesets.riichi.payments import PaymentRule, ron_amount, tsumo_shares
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.schemas import HandFields
from service.rulesets.riichi.value import ResolvedHand

ZERO_POINTS = POINTS[0]

NO_LIABILITY = Liability((), None)
"""A multiple ron's winner without pao: the lines of :func:`liable_lines` with no liable seat."""


def winner_lines(
    winner: Seat,
    value: ResolvedHand,
    lines: list[Payment],
    balance: dict[Seat, int],
    *,
    discarder: Seat | None,
    dealer: Seat,
    payers: tuple[Seat, ...],
    rule: PaymentRule,
    honba_points: int,
    liable: Liability | None,
    winners: tuple[Seat, ...],
) -> int:
    """Appends one winner's payment lines from ``payers`` (the other seats in
    turn order) to ``lines``, takes each payer's points off its ``balance``,
    and returns the hand points in them (honba excluded). Under pao the lines
    come from :func:`~service.rulesets.riichi.pao.liable_lines`."""
    winner_is_dealer = winner == dealer
    if liable is not None or len(winners) > 1:
        pending, hand = liable_lines(
            winner,
            value.basic,
            liable or NO_LIABILITY,
            discarder=discarder,
            dealer=dealer,
            payers=payers,
            rule=rule,
            honba_points=honba_points,
            winners=winners,
        )
        for payer, points, role in pending:
            lines.append(Payment(payer, winner, POINTS[points], role))
            balance[payer] -= points
        return hand
    if discarder is None:  # tsumo: one share for the dealer, one for the others
        from_dealer, from_other = tsumo_shares(value.basic, winner_is_dealer, len(payers), rule)
        each = honba_points // len(payers)
        hand = 0
        for payer in payers:
            if payer == dealer:
                hand += from_dealer
                points = from_dealer + each
                lines.append(Payment(payer, winner, POINTS[points], "dealer"))
            else:
                hand += from_other
                points = from_other + each
                lines.append(Payment(payer, winner, POINTS[points], "non_dealer"))
            balance[payer] -= points
        return hand
    hand = ron_amount(value.basic, winner_is_dealer, rule)
    paid = hand + honba_points  # one winner, no pao: the discarder pays all, the others 0
    for payer in payers:
        if payer == discarder:
            lines.append(Payment(payer, winner, POINTS[paid], "discarder"))
            balance[payer] -= paid
        else:
            lines.append(Payment(payer, winner, ZERO_POINTS, "other"))
    return hand


KAZOE_CHIP_TIMES: dict[str | None, int] = {"kazoe_yakuman": 1, "kazoe_double_yakuman": 2}
"""How many yakuman a counted yakuman is, for its chips."""


def shugi_chips(fields: HandFields, value: ResolvedHand, *, tsumo: bool, rules: RiichiRules, pointer: str) -> int:
    """祝儀 each payer hands a paid winner. The riichi scoring article: 和牌者會收到一顆祝儀，自摸時
    則從每人收到一顆 — 立直一發, 每隻裏懸賞牌, 每隻赤懸賞牌, 役滿（榮和10顆，自摸每人5顆）:
    one per ippatsu, ura dora and red five, plus the yakuman chips (the
    rules' `shugi_yakuman_*`), from the discarder on a ron, from each other
    player on a tsumo."""
    if value.evaluation is not None:
        counts = {item.code: item.count for item in value.evaluation.items}
        chips = counts.get("ippatsu", 0) + counts.get("ura_dora", 0) + counts.get("aka_dora", 0)
    elif fields.yaku is msgspec.UNSET:
        raise RuleViolation(
            FieldProblem(
                f"{pointer}/yaku", "`shugi` counts chips from the declared yaku and dora: give `yaku` (with `ura_dora`, `aka_dora`)."
            )
        )
    else:
        chips = ("ippatsu" in fields.yaku) + (fields.ura_dora or 0) + (fields.aka_dora or 0)
    if value.yakuman:
        times = value.yakuman if rules.shugi_per_yakuman else 1
    else:
        times = KAZOE_CHIP_TIMES.get(value.tier, 0) if rules.shugi_kazoe else 0
        if times > 1 and not rules.shugi_per_yakuman:
            times = 1
    return chips + times * (rules.shugi_yakuman_tsumo if tsumo else rules.shugi_yakuman_ron)
