"""Hong Kong house rules: the :class:`HongKongRules` a table plays by (the
points table, the cap, who pays on a discard and on a self-draw, the point
value and chips), with the payment ladders and shares as data, and the
rules for adding up `patterns` (:class:`PatternRules`).

Sources: the reference calculator (half/full-spicy ladders, cap, full/half
gun, point value, chip ladders), the Hong Kong fan sheet (its payment table:
one share S, 3S full gun, 2S + S + S half gun), the Wikibooks extract
(Cantonese Wikibooks chip ladders 二五雞/五一/一二蚊; 八仙過海 played as a
limit hand).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from service.core.money import (
    POINT_VALUE_DEFAULT,
    ExactNumber,
    check_decimal,
    check_point_value,
    decimal_meta,
    point_value_meta,
)
from service.rulesets.hongkong.value_table import EightImmortals

# --- Rule tables (data) -------------------------------------------------------

MAX_FAN_CAP = 13

HALF_SPICY_POINTS: tuple[int, ...] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
"""半辣 ladder, fan 0..13. The reference calculator (香港規則：由番到點數, 半辣 column) and
CONTRACT.md: equal to full spicy up to 4 fan, then doubling every two fan."""

FULL_SPICY_POINTS: tuple[int, ...] = tuple(2**fan for fan in range(MAX_FAN_CAP + 1))
"""全辣 ladder, fan 0..13: 2^fan (the reference calculator, 全辣 column)."""

POINTS_TABLES: dict[str, tuple[int, ...]] = {"half_spicy": HALF_SPICY_POINTS, "full_spicy": FULL_SPICY_POINTS}

MAX_FAN = 1000
"""Largest fan a request may carry. Anything above the cap pays as the cap,
so this only bounds the input."""

Table = Literal["half_spicy", "full_spicy"]
DiscardPayment = Literal["full_gun", "half_gun"]
PaymentScheme = Literal["standard", "per_share", "classic_self_draw", "equal_total"]


Ratio = tuple[int, int]
"""A share of V as (numerator, denominator): V × n / d is exact, and a
division keeps the canonical form (8 / 2 is 4, where 8 × 0.5 is 4.0)."""


class Split(msgspec.Struct, frozen=True):
    """One payment scheme: what each loser pays, as a share of V (the hand's value)."""

    self_draw_each: Ratio
    full_gun_discarder: Ratio
    half_gun_discarder: Ratio
    half_gun_other: Ratio


SCHEMES: dict[str, Split] = {
    # the reference calculator (香港規則, 維基百科〈分數計算〉): a self-draw is half of V from each,
    # a full-gun discarder pays V, half gun halves it and the others pay a quarter.
    "standard": Split((1, 2), (1, 1), (1, 2), (1, 4)),
    # the Hong Kong fan sheet (找數表, S = V/2): self-draw S each, full gun 3S, half gun 2S + S + S.
    "per_share": Split((1, 2), (3, 2), (1, 1), (1, 2)),
    # the reference calculator, lines 260, 302 (古典自摸): every loser pays V on a self-draw; discards as standard.
    "classic_self_draw": Split((1, 1), (1, 1), (1, 2), (1, 4)),
    # the reference calculator, lines 91, 260, 302 (Cosmopolitan HK, 「自摸收到嘅總數同出銃一樣」): a
    # discard costs the table what a self-draw does, 3V. Its example, 一二蚊
    # three fan: self-draw 8 from each; the discarder 16, the others 4 each
    # (half gun: 2V + V/2 + V/2). Full gun: the discarder pays the whole 3V.
    "equal_total": Split((1, 1), (3, 1), (2, 1), (1, 2)),
}
"""Who pays what, per `payment_scheme` (CONTRACT.md's table, plus `equal_total`)."""


DEALER_MULTIPLIER_MIN = Decimal(1)
DEALER_MULTIPLIER_MAX = Decimal(10)
DEALER_MULTIPLIER_DEFAULT = ExactNumber(1)
"""`rules.dealer_multiplier` by default: one shared object, known to be valid."""

PointValue = Annotated[
    ExactNumber,
    point_value_meta(
        description="Multiplier on table points (每點值幾多): 1 reads points; 二五雞 1, 五一 2, 一二蚊 4 on a full-spicy half-gun table.",
        examples=[1, 0.1, 4],
    ),
]


class HongKongRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
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
                "`standard` (the reference calculator): self-draw V/2 each, full gun V, half gun V/2 + V/4 + V/4. "
                "`per_share` (the Hong Kong fan sheet, S = V/2): self-draw S each, full gun 3S, half gun 2S + S + S. "
                "`classic_self_draw` (古典自摸): self-draw V each, discards as standard. "
                "`equal_total` (the reference calculator, 自摸總數同出銃一樣): self-draw V each, full gun 3V, half gun 2V + V/2 + V/2."
            )
        ),
    ] = "standard"
    point_value: PointValue = POINT_VALUE_DEFAULT
    round_flower: Annotated[
        bool,
        msgspec.Meta(
            description="正花 also counts the flowers of the round's number, one fan each (the Wikibooks extract's 正花 例子1: 東風南 … 1號或者2號花嘅話計兩番); a flower both the seat's and the round's counts once. Off: the seat's number only (the Hong Kong fan sheet)."
        ),
    ] = False

    unvalued_fan: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=MAX_FAN_CAP,
            description="What each pattern its source defines with no fan printed is worth at this table (the Wikibooks extract's 二或三色刻類 — 二色連刻 … 雲梯, 銀梯, 二色同槓, 三色同槓, 三色連槓 — and 一臺草, the fan table's rows without a value of their own). 0: not counted, and not listed from tiles.",
        ),
    ] = 0
    dealer_multiplier: Annotated[
        ExactNumber,
        decimal_meta(
            minimum=DEALER_MULTIPLIER_MIN,
            maximum=DEALER_MULTIPLIER_MAX,
            description=(
                "莊家 ×N: every payment between the dealer and another player is multiplied by this — all a winning "
                "dealer receives, and the dealer's own payment when another player wins; payments between the other "
                "players are not (the reference calculator: 二係香港莊家 ×1.5). 1: the dealer pays and is paid as anyone."
            ),
            examples=[1, 1.5, 2],
        ),
    ] = DEALER_MULTIPLIER_DEFAULT

    def __post_init__(self) -> None:
        if self.point_value is not POINT_VALUE_DEFAULT:  # the default is known to be valid
            check_point_value(self.point_value)
        if self.dealer_multiplier is not DEALER_MULTIPLIER_DEFAULT:
            check_decimal(self.dealer_multiplier, "dealer_multiplier", minimum=DEALER_MULTIPLIER_MIN, maximum=DEALER_MULTIPLIER_MAX)


EightImmortalsRule = Annotated[
    EightImmortals,
    msgspec.Meta(
        description="House rule for 八仙過海 in `patterns`: `eight_fan` (the Hong Kong fan sheet: 8 fan, counts as a self-draw) or `limit` (the Wikibooks extract: Hong Kong tables play it as a limit hand, 例牌)."
    ),
]


class PatternRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """House rules for adding up `patterns` on the fan sheet. Every field is
    optional; settlement and fan requests carry them as top-level fields."""

    eight_immortals: EightImmortalsRule = "eight_fan"
