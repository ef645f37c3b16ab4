"""Riichi payments: what each payer pays for a hand of so many basic points.

Source: the riichi scoring article (得點: the multipliers of a ron and of a tsumo,
every payment rounded up to 100 on its own; 三人麻雀: the eight ways a
three-player table makes up for the missing north seat). Whole points,
integer arithmetic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RON_NON_DEALER = 4
RON_DEALER = 6
TSUMO_FROM_DEALER = 2
TSUMO_FROM_NON_DEALER = 1
TSUMO_DEALER_WINS = 2
"""The riichi scoring article's 得點: non-dealer ron 4× basic, dealer ron 6×; non-dealer tsumo:
the dealer pays 2×, other non-dealers 1×; dealer tsumo: everyone 2×. Every
payment is rounded up to 100 on its own."""


ROUND_TO = 100

YAKUMAN_BASIC = 8000
"""The riichi scoring article's 役滿: 8000 basic points per yakuman."""

MAX_YAKUMAN = 8
"""Most yakuman a request may count."""

SanmaTsumo = Literal[
    "tsumo_loss",
    "thousand_bonus",
    "ron_total_1_2",
    "ron_total_3_5",
    "ron_total_halves",
    "ron_total_1_3",
    "ron_each",
    "reduced_ron",
]


@dataclass(frozen=True, slots=True)
class PaymentRule:
    """How a hand is paid at one kind of table.

    ``ron_non_dealer``/``ron_dealer``: basic points × this on a ron.
    ``tsumo``: ``multipliers`` (the four-player multipliers per payer, plus
    ``bonus`` each), ``split`` (the rounded ron total split between the payers
    in the ratio ``weights`` = (non-dealer payer, dealer payer)), or ``each``
    (every payer pays the rounded ron total).
    """

    ron_non_dealer: int
    ron_dealer: int
    tsumo: Literal["multipliers", "split", "each"]
    weights: tuple[int, int] = (1, 1)
    bonus: int = 0


FOUR_PLAYERS = PaymentRule(RON_NON_DEALER, RON_DEALER, "multipliers")

SANMA_TSUMO: dict[str, PaymentRule] = {
    "tsumo_loss": PaymentRule(RON_NON_DEALER, RON_DEALER, "multipliers"),
    "thousand_bonus": PaymentRule(RON_NON_DEALER, RON_DEALER, "multipliers", bonus=1000),
    "ron_total_1_2": PaymentRule(RON_NON_DEALER, RON_DEALER, "split", (1, 2)),
    "ron_total_3_5": PaymentRule(RON_NON_DEALER, RON_DEALER, "split", (3, 5)),
    "ron_total_halves": PaymentRule(RON_NON_DEALER, RON_DEALER, "split", (1, 1)),
    "ron_total_1_3": PaymentRule(RON_NON_DEALER, RON_DEALER, "split", (1, 3)),
    "ron_each": PaymentRule(RON_NON_DEALER, RON_DEALER, "each"),
    "reduced_ron": PaymentRule(3, 4, "multipliers"),
}
"""The riichi scoring article's 三人麻雀, the eight ways a three-player table makes up for the
missing north seat: 自摸損 tsumo_loss (four-player payments, north's share is
simply lost), 千點加符 thousand_bonus (+1000 per tsumo payer), 丸取
ron_total_1_2 / 丸取2 ron_total_3_5 / 折半支付 ron_total_halves / 莊家三倍支付
ron_total_1_3 (a tsumo brings in the four-player ron total, split non-dealer :
dealer 1:2, 3:5, 1:1, 1:3), 倍取 ron_each (each payer pays the ron amount),
榮和收入調整 reduced_ron (ron cut to 3× / 4× basic, tsumo as tsumo_loss)."""


def up100(numerator: int, denominator: int = 1) -> int:
    """numerator / denominator rounded up to a multiple of 100, exactly."""
    return -(-numerator // (denominator * ROUND_TO)) * ROUND_TO


def ron_amount(basic: int, winner_is_dealer: bool, rule: PaymentRule) -> int:
    """What the discarder pays for a hand of ``basic`` points (no honba)."""
    return up100(basic * (rule.ron_dealer if winner_is_dealer else rule.ron_non_dealer))


def tsumo_share(basic: int, winner_is_dealer: bool, payer_is_dealer: bool, payer_count: int, rule: PaymentRule) -> int:
    """What one tsumo payer pays for a hand of ``basic`` points (no honba).
    ``payer_count`` is the number of payers (the split variants need the other
    payers' weights: with a non-dealer winner one payer is the dealer)."""
    if rule.tsumo == "multipliers":
        if winner_is_dealer:
            multiplier = TSUMO_DEALER_WINS
        else:
            multiplier = TSUMO_FROM_DEALER if payer_is_dealer else TSUMO_FROM_NON_DEALER
        return up100(basic * multiplier) + rule.bonus
    total = ron_amount(basic, winner_is_dealer, rule)
    if rule.tsumo == "each":
        return total
    non_dealer_weight, dealer_weight = rule.weights
    if winner_is_dealer:
        weight, weights = non_dealer_weight, non_dealer_weight * payer_count
    else:
        weight = dealer_weight if payer_is_dealer else non_dealer_weight
        weights = dealer_weight + non_dealer_weight * (payer_count - 1)
    return up100(total * weight, weights)


def tsumo_shares(basic: int, winner_is_dealer: bool, payer_count: int, rule: PaymentRule) -> tuple[int, int]:
    """(what the dealer pays, what each other payer pays) on a tsumo of
    ``basic`` points (no honba): :func:`tsumo_share` for both kinds of payer
    in one call. When the dealer wins, both are what each payer pays."""
    if rule.tsumo == "multipliers":  # the four-player payments, written out (docs/performance.md)
        if winner_is_dealer:
            each = -(-basic * TSUMO_DEALER_WINS // ROUND_TO) * ROUND_TO + rule.bonus
            return each, each
        return (
            -(-basic * TSUMO_FROM_DEALER // ROUND_TO) * ROUND_TO + rule.bonus,
            -(-basic * TSUMO_FROM_NON_DEALER // ROUND_TO) * ROUND_TO + rule.bonus,
        )
    if winner_is_dealer:
        each = tsumo_share(basic, True, False, payer_count, rule)
        return each, each
    return tsumo_share(basic, False, True, payer_count, rule), tsumo_share(basic, False, False, payer_count, rule)
