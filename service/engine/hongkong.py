"""Hong Kong (番) settlement.

Sources: seed 000 (the reference calculator: half/full-spicy ladders, cap,
full/half gun, point value, chip ladders), seed 002 (a Hong Kong fan sheet
with its own payment table: one share S, 3S full gun, 2S + S + S half gun),
seed 003 (Cantonese Wikibooks chip ladders 二五雞/五一/一二蚊).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from service.engine.common import (
    Discard,
    Payment,
    SelfDraw,
    Settlement,
    Win,
    check_discarder,
    settle_lines,
)
from service.engine.errors import FieldProblem, RuleViolation
from service.engine.money import ZERO, check_decimal, clean, decimal_field, exact
from service.engine.seats import SEATS, Seat, others
from service.engine.warnings import Warning, warning

# --- Rule tables (data) -------------------------------------------------------

MAX_FAN_CAP = 13

HALF_SPICY_POINTS: tuple[int, ...] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
"""半辣 ladder, fan 0..13. Seed 000 (香港規則：由番到點數, 半辣 column) and
CONTRACT.md: equal to full spicy up to 4 fan, then doubling every two fan."""

FULL_SPICY_POINTS: tuple[int, ...] = tuple(2**fan for fan in range(MAX_FAN_CAP + 1))
"""全辣 ladder, fan 0..13: 2^fan (seed 000, 全辣 column)."""

POINTS_TABLES: dict[str, tuple[int, ...]] = {"half_spicy": HALF_SPICY_POINTS, "full_spicy": FULL_SPICY_POINTS}

MAX_FAN = 1000
"""Largest fan a request may carry. Anything above the cap pays as the cap,
so this only bounds the input."""

Table = Literal["half_spicy", "full_spicy"]
DiscardPayment = Literal["full_gun", "half_gun"]
PaymentScheme = Literal["standard", "per_share", "classic_self_draw"]


POINT_VALUE_MIN = Decimal("0.0001")
POINT_VALUE_MAX = Decimal(1_000_000)
PointValue = decimal_field(
    minimum=POINT_VALUE_MIN,
    maximum=POINT_VALUE_MAX,
    description="Multiplier on table points (每點值幾多): 1 reads points; 二五雞 1, 五一 2, 一二蚊 4 on a full-spicy half-gun table.",
    examples=[1, 0.1, 4],
)


class HongKongRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The table's house rules. Every field is optional; the response echoes
    the fully resolved rules."""

    table: Annotated[
        Table,
        msgspec.Meta(description="Points ladder: `half_spicy` 半辣 (1 2 4 8 16 24 32 48 …) or `full_spicy` 全辣 (2^fan)."),
    ] = "half_spicy"
    fan_cap: Annotated[
        int,
        msgspec.Meta(ge=1, le=MAX_FAN_CAP, description="封頂: fan above this pays as this (8, 10 and 13 are common)."),
    ] = 10
    min_fan: Annotated[
        int,
        msgspec.Meta(ge=0, le=MAX_FAN_CAP, description="起糊: hands below it are still settled, with a warning."),
    ] = 3
    discard_payment: Annotated[
        DiscardPayment,
        msgspec.Meta(
            description="全銃 `full_gun`: the discarder pays it all. 半銃 `half_gun`: the discarder pays half, the other two a quarter each (standard scheme)."
        ),
    ] = "full_gun"
    payment_scheme: Annotated[
        PaymentScheme,
        msgspec.Meta(
            description=(
                "`standard` (seed 000): self-draw V/2 each, full gun V, half gun V/2 + V/4 + V/4. "
                "`per_share` (seed 002, S = V/2): self-draw S each, full gun 3S, half gun 2S + S + S. "
                "`classic_self_draw` (古典自摸): self-draw V each, discards as standard."
            )
        ),
    ] = "standard"
    point_value: PointValue = Decimal(1)  # type: ignore[valid-type]

    def __post_init__(self) -> None:
        check_decimal(self.point_value, "point_value", minimum=POINT_VALUE_MIN, maximum=POINT_VALUE_MAX)


class HongKongRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A Hong Kong hand to settle: its agreed fan and how it was won."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    fan: Annotated[int, msgspec.Meta(ge=0, le=MAX_FAN, description="The agreed fan (番) of the hand.")]
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (莊). Hong Kong payments do not depend on it.")] = "east"
    limit_hand: Annotated[
        bool, msgspec.Meta(description="A limit hand (爆棚/例牌): paid at the cap whatever `fan` says.")
    ] = False
    liable: Annotated[
        Seat | None,
        msgspec.Meta(description="包: this seat pays everything the winner receives; everyone else pays 0."),
    ] = None
    rules: HongKongRules = msgspec.field(default_factory=HongKongRules)


class HongKongSettlement(Settlement, kw_only=True, tag="hongkong"):
    """Who pays whom for a Hong Kong hand. `tier` is `limit` when the fan
    reached the cap or a limit hand was declared."""

    fan_paid: Annotated[int, msgspec.Meta(description="The fan the payment was computed from, after the cap.")]
    rules: HongKongRules


# --- Arithmetic --------------------------------------------------------------


def table_points(fan: int, table: Table) -> int:
    """Raw ladder points for a fan already clamped to 0..13."""
    return POINTS_TABLES[table][fan]


def hand_value(fan: int, rules: HongKongRules) -> Decimal:
    """V: the capped fan converted on the table's ladder, times the point value.
    The fan is clamped to the cap first, then converted (seed 000)."""
    return POINTS_TABLES[rules.table][min(fan, rules.fan_cap)] * rules.point_value


def self_draw_each(value: Decimal, rules: HongKongRules) -> Decimal:
    if rules.payment_scheme == "classic_self_draw":
        return value
    return value / 2  # standard V/2; per_share S = V/2


def discard_shares(value: Decimal, rules: HongKongRules) -> tuple[Decimal, Decimal]:
    """(discarder pays, each other player pays) on a discard."""
    if rules.payment_scheme == "per_share":
        share = value / 2
        if rules.discard_payment == "full_gun":
            return share * 3, ZERO
        return share * 2, share
    if rules.discard_payment == "full_gun":
        return value, ZERO
    return value / 2, value / 4


@exact
def settle(request: HongKongRequest) -> HongKongSettlement:
    rules = request.rules
    winner = request.winner
    check_discarder(winner, request.win, SEATS)
    if request.liable == winner:
        raise RuleViolation(FieldProblem("/liable", "The liable seat (包) cannot be the winner."))

    warnings: list[Warning] = []
    fan_paid = rules.fan_cap if request.limit_hand else min(request.fan, rules.fan_cap)
    if request.limit_hand:
        warnings.append(warning("limit_hand_declared", cap=rules.fan_cap))
    else:
        if request.fan < rules.min_fan:
            warnings.append(warning("below_minimum_fan", fan=request.fan, min_fan=rules.min_fan))
        if request.fan > rules.fan_cap:
            warnings.append(warning("fan_capped", fan=request.fan, cap=rules.fan_cap))
    tier = "limit" if request.limit_hand or request.fan >= rules.fan_cap else None

    value = hand_value(fan_paid, rules)
    losers = others(winner)
    lines: list[Payment]
    if isinstance(request.win, SelfDraw):
        each = clean(self_draw_each(value, rules))
        lines = [Payment(seat, winner, each, "self_draw") for seat in losers]
    else:
        assert isinstance(request.win, Discard)
        discarder_pays, other_pays = (clean(amount) for amount in discard_shares(value, rules))
        lines = [
            Payment(seat, winner, discarder_pays, "discarder")
            if seat == request.win.discarder
            else Payment(seat, winner, other_pays, "other")
            for seat in losers
        ]

    if request.liable is not None:
        total = clean(sum((line.amount for line in lines), ZERO))
        lines = [
            Payment(line.payer, winner, total, "liable") if line.payer == request.liable else Payment(line.payer, winner, ZERO, line.role)
            for line in lines
        ]

    payments, deltas, receives = settle_lines(winner, lines, SEATS)
    return HongKongSettlement(
        winner=winner,
        winner_receives=receives,
        payments=payments,
        deltas=deltas,
        pre_payout_total=clean(value),
        tier=tier,
        warnings=warnings,
        fan_paid=fan_paid,
        rules=rules,
    )


# --- Points table ------------------------------------------------------------


class PointsRow(msgspec.Struct):
    fan: int
    full_spicy: Annotated[int, msgspec.Meta(description="Raw 全辣 points (uncapped, point value 1).")]
    half_spicy: Annotated[int, msgspec.Meta(description="Raw 半辣 points (uncapped, point value 1).")]
    self_draw_each: Annotated[Decimal, msgspec.Meta(description="Each loser on a self-draw, under the given rules.")]
    discarder_pays: Annotated[Decimal, msgspec.Meta(description="The discarder on a discard, under the given rules.")]
    others_pay: Annotated[Decimal, msgspec.Meta(description="Each other player on a discard, under the given rules.")]


class PointsTable(msgspec.Struct):
    rules: HongKongRules
    rows: list[PointsRow]


@exact
def points_table(rules: HongKongRules) -> PointsTable:
    """The 14-row fan → points table (seed 000 香港規則：由番到點數): the first
    two columns raw, the rest under the given cap, ladder, scheme and point value."""
    rows = []
    for fan in range(MAX_FAN_CAP + 1):
        value = hand_value(fan, rules)
        discarder_pays, other_pays = discard_shares(value, rules)
        rows.append(
            PointsRow(
                fan=fan,
                full_spicy=FULL_SPICY_POINTS[fan],
                half_spicy=HALF_SPICY_POINTS[fan],
                self_draw_each=clean(self_draw_each(value, rules)),
                discarder_pays=clean(discarder_pays),
                others_pay=clean(other_pays),
            )
        )
    return PointsTable(rules=rules, rows=rows)
