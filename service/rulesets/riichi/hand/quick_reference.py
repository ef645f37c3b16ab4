"""The riichi quick-reference score table (點數速查表): the payments of every
han and fu from 1 han 20 fu to 4 han 110 fu, then the limit rows, under a
table's rules.

Source: the riichi scoring article's 點數速查表 (han 1–4 × fu 20–110, then
滿貫 … 役滿).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import msgspec

from service.rulesets.riichi.hand.limits import KAZOE, KAZOE_DOUBLE, KAZOE_HAN, LIMIT_LADDER, basic_points
from service.rulesets.riichi.payments import PaymentRule, ron_amount, tsumo_share
from service.rulesets.riichi.rules import RiichiRules, payment_rule, resolve_rules
from service.rulesets.riichi.yaku_rules import KAZOE_DOUBLE_HAN

TABLE_HAN: tuple[int, ...] = (1, 2, 3, 4)
TABLE_FU: tuple[int, ...] = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""The riichi scoring article's 點數速查表: han 1–4 × fu 20–110, then the limit rows."""


class ScoreCell(msgspec.Struct, kw_only=True):
    """Payments for one hand value, with no honba or sticks. A non-dealer tsumo
    is paid by the dealer and each other non-dealer, a dealer tsumo by every
    non-dealer alike."""

    han: Annotated[int, msgspec.Meta(description="The han; for a limit row, the lowest han of the row.")]
    han_max: Annotated[int | None, msgspec.Meta(description="Limit rows: the highest han of the row (null: and above).")]
    fu: Annotated[int | None, msgspec.Meta(description="The fu; null for limit rows.")]
    basic_points: Decimal
    tier: str | None
    non_dealer_ron: Decimal
    non_dealer_tsumo_non_dealer_pays: Decimal
    non_dealer_tsumo_dealer_pays: Decimal
    non_dealer_tsumo_total: Decimal
    dealer_ron: Decimal
    dealer_tsumo_each: Decimal
    dealer_tsumo_total: Decimal


class ScoreTable(msgspec.Struct, kw_only=True):
    players: int
    rules: RiichiRules
    rows: Annotated[list[ScoreCell], msgspec.Meta(description="han 1–4 × fu 20–110, han first.")]
    limits: Annotated[
        list[ScoreCell],
        msgspec.Meta(
            description="Mangan, haneman, baiman, sanbaiman, then 13 han and more (with `kazoe_double`: 13–25, then 26 and more)."
        ),
    ]


def _cell(han: int, han_max: int | None, fu: int | None, basic: int, tier: str | None, players: int, rule: PaymentRule) -> ScoreCell:
    payers = players - 1
    from_non_dealer = tsumo_share(basic, False, False, payers, rule)
    from_dealer = tsumo_share(basic, False, True, payers, rule)
    each = tsumo_share(basic, True, False, payers, rule)
    return ScoreCell(
        han=han,
        han_max=han_max,
        fu=fu,
        basic_points=Decimal(basic),
        tier=tier,
        non_dealer_ron=Decimal(ron_amount(basic, False, rule)),
        non_dealer_tsumo_non_dealer_pays=Decimal(from_non_dealer),
        non_dealer_tsumo_dealer_pays=Decimal(from_dealer),
        non_dealer_tsumo_total=Decimal(from_dealer + from_non_dealer * (payers - 1)),
        dealer_ron=Decimal(ron_amount(basic, True, rule)),
        dealer_tsumo_each=Decimal(each),
        dealer_tsumo_total=Decimal(each * payers),
    )


def score_table(rules: RiichiRules, players: int = 4) -> ScoreTable:
    rules = resolve_rules(rules, players)
    rule = payment_rule(players, rules)
    rows = []
    for han in TABLE_HAN:
        for fu in TABLE_FU:
            basic, tier = basic_points(han, fu, rules)
            rows.append(_cell(han, han, fu, basic, tier, players, rule))
    limits = [_cell(low, high, None, basic, tier, players, rule) for low, high, basic, tier in LIMIT_LADDER]
    basic, tier = KAZOE[rules.kazoe]
    double = rules.kazoe_double and rules.kazoe == "yakuman"
    limits.append(_cell(KAZOE_HAN, KAZOE_DOUBLE_HAN - 1 if double else None, None, basic, tier, players, rule))
    if double:
        limits.append(_cell(KAZOE_DOUBLE_HAN, None, None, *KAZOE_DOUBLE, players, rule))
    return ScoreTable(players=players, rules=rules, rows=rows, limits=limits)
