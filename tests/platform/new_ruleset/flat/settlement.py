"""Flat stakes' one rule: each loser pays ``value × point_value``, the
discarder of a discard twice that."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import msgspec

from service.core.money import POINT_VALUE_DEFAULT, ZERO, ExactNumber, check_point_value, clean, point_value_meta
from service.core.seats import OTHERS, SEATS, Seat
from service.core.settlement import Discard, Payment, Role, Settlement, Win, check_discarder


class FlatRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """The table's house rules."""

    point_value: Annotated[ExactNumber, point_value_meta("Money per point.", [1, 0.5])] = POINT_VALUE_DEFAULT

    def __post_init__(self) -> None:
        check_point_value(self.point_value)


class FlatRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A hand at flat stakes."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    value: Annotated[int, msgspec.Meta(ge=1, le=1000, description="What each loser pays, in points.")]
    rules: FlatRules = FlatRules()


class FlatSettlement(Settlement, kw_only=True, tag="flat"):
    """Who pays whom at flat stakes."""

    rules: FlatRules


def settle(request: FlatRequest) -> FlatSettlement:
    check_discarder(request.winner, request.win, SEATS)
    each = request.value * request.rules.point_value
    win = request.win
    payments: list[Payment] = []
    deltas: dict[str, Decimal] = dict.fromkeys(SEATS, ZERO)
    for seat in OTHERS[request.winner]:
        role: Role = ("discarder" if seat == win.discarder else "other") if isinstance(win, Discard) else "self_draw"
        amount = clean(each * 2 if role == "discarder" else each)
        payments.append(Payment(seat, request.winner, amount, role))
        deltas[seat] = clean(-amount)
    receives = clean(sum((payment.amount for payment in payments), ZERO))
    deltas[request.winner] = receives
    return FlatSettlement(
        winner=request.winner,
        winner_receives=receives,
        payments=payments,
        deltas=deltas,
        pre_payout_total=clean(each),
        tier=None,
        warnings=[],
        rules=request.rules,
    )
