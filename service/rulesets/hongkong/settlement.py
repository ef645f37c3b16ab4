"""Hong Kong (番) settlement.

Sources: the reference calculator (half/full-spicy ladders, cap,
full/half gun, point value, chip ladders), the Hong Kong fan sheet (a Hong Kong fan sheet
with its own payment table: one share S, 3S full gun, 2S + S + S half gun),
the Wikibooks extract (Cantonese Wikibooks chip ladders 二五雞/五一/一二蚊).

A hand's value is either its agreed `fan` or the `patterns` it has, added up
by :mod:`service.rulesets.hongkong.counting` on the Hong Kong fan sheet
(:mod:`service.rulesets.hongkong.value_table`), under the house rules of
:mod:`service.rulesets.hongkong.rules`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, ClassVar

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.fields import OrUnset
from service.core.money import (
    MINOR_UNITS,
    RATIOS,
)
from service.core.seats import OTHERS, SEATS, Seat
from service.core.settlement import (
    DISCARD_ROLES,
    SELF_DRAW_ROLES,
    Discard,
    Role,
    SelfDraw,
    Settlement,
    Win,
    check_discarder,
    pay_winner,
)
from service.core.tiles import Arranged
from service.core.warnings import SettlementWarning
from service.rulesets.hongkong.counting import (
    FanItem,
    Patterns,
    WonBy,
    fan_warnings,
    paid_fan,
    tally_fan,
)
from service.rulesets.hongkong.rules import (
    DEALER_MULTIPLIER_DEFAULT,
    FULL_SPICY_POINTS,
    HALF_SPICY_POINTS,
    MAX_FAN,
    MAX_FAN_CAP,
    POINTS_TABLES,
    SCHEMES,
    HongKongRules,
    PatternRules,
    Ratio,
)
from service.rulesets.hongkong.tiles import HongKongTiles, evaluate_tiles
from service.rulesets.hongkong.value_table import ON_DISCARD as ON_DISCARD_CODES
from service.rulesets.hongkong.value_table import SELF_DRAWN as SELF_DRAWN_CODES
from service.rulesets.hongkong.value_table import EightImmortals


class HongKongRequest(PatternRules, forbid_unknown_fields=True, kw_only=True):
    """A Hong Kong hand to settle: its agreed fan (or the patterns it has, or
    its tiles) and how it was won. Send exactly one of `fan`, `patterns` and
    `tiles`."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    # UNSET defaults (not `int | UnsetType`) keep the bounds in the published schema
    fan: OrUnset[
        Annotated[int, msgspec.Meta(ge=0, le=MAX_FAN, description="The agreed fan (番) of the hand. Send this or `patterns`, not both.")]
    ] = msgspec.UNSET
    patterns: OrUnset[
        Annotated[
            Patterns,
            msgspec.Meta(
                description="Instead of `fan`: the hand's patterns (codes from `GET /v1/hongkong/fan-table`), added up as `POST /v1/hongkong/fan` does; a self-drawn `win` adds `self_draw` when it is not listed."
            ),
        ]
    ] = msgspec.UNSET
    tiles: OrUnset[
        Annotated[
            HongKongTiles,
            msgspec.Meta(
                description="Instead of `fan` or `patterns`: the hand itself, evaluated as `POST /v1/hongkong/hands` does (the answer adds `evaluation`)."
            ),
        ]
    ] = msgspec.UNSET
    dealer: Annotated[
        Seat, msgspec.Meta(description="The dealer (莊). Hong Kong payments depend on it only through `rules.dealer_multiplier`.")
    ] = "east"
    limit_hand: Annotated[bool, msgspec.Meta(description="A limit hand (爆棚/例牌): paid at the cap whatever `fan` says.")] = False
    liable: Annotated[
        Seat | None,
        msgspec.Meta(description="包: this seat pays everything the winner receives; everyone else pays 0."),
    ] = None
    rules: HongKongRules = HongKongRules()  # frozen: one shared default, nothing built per request

    __schema_extra__: ClassVar[dict[str, Any]] = {"oneOf": [{"required": ["fan"]}, {"required": ["patterns"]}, {"required": ["tiles"]}]}
    """Published with the schema (service.api.openapi): exactly one of `fan`, `patterns` and `tiles`."""

    def __post_init__(self) -> None:
        # a schema rule (the published schema says oneOf fan/patterns/tiles):
        # msgspec reports it as a decoding error, 400, pointing at `fan`
        given = (self.fan is not msgspec.UNSET) + (self.patterns is not msgspec.UNSET) + (self.tiles is not msgspec.UNSET)
        if given != 1:
            if not given:
                raise ValueError(template("Object missing required field `fan` (or send `patterns` instead)"))
            if self.tiles is msgspec.UNSET:
                raise ValueError(template("Send either field `fan` or `patterns`, not both"))
            raise ValueError(template("Send one of fields `fan`, `patterns` and `tiles`, not more"))


class HongKongHandRequest(PatternRules, forbid_unknown_fields=True, kw_only=True):
    """A Hong Kong hand to evaluate from its tiles. Of `rules`, `fan_cap` and
    `min_fan` matter here."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (莊), who sits east: it sets the winner's seat wind.")] = "east"
    tiles: HongKongTiles
    rules: HongKongRules = HongKongRules()  # frozen: one shared default, nothing built per request


class HongKongHand(msgspec.Struct, kw_only=True):
    """The fan of a hand read from its tiles, itemised as `POST /v1/hongkong/fan` itemises."""

    fan: Annotated[int, msgspec.Meta(description="Total fan of the reading worth most (a limit hand: the cap).")]
    fan_paid: Annotated[int, msgspec.Meta(description="The fan a settlement pays: the total clamped to `fan_cap`.")]
    tier: Annotated[str | None, msgspec.Meta(description="`limit` when the fan reached the cap or the hand is a limit hand.")]
    limit_hand: Annotated[bool, msgspec.Meta(description="The tiles make a limit hand (爆棚).")]
    items: Annotated[list[FanItem], msgspec.Meta(description="The patterns found, itemised as `POST /v1/hongkong/fan` does.")]
    arrangement: Annotated[
        list[Arranged], msgspec.Meta(description="The reading chosen: concealed sets in tile order, the pair, the melds as called.")
    ]
    waits: Annotated[
        str, msgspec.Meta(description="The tiles that would have completed the hand before the winning tile, in MPSZ notation.")
    ]
    seat_wind: Annotated[Seat, msgspec.Meta(description="The winner's seat wind (the dealer sits east).")]
    warnings: list[SettlementWarning]
    eight_immortals: EightImmortals
    rules: HongKongRules


class HongKongSettlement(Settlement, kw_only=True, tag="hongkong"):
    """Who pays whom for a Hong Kong hand. `tier` is `limit` when the fan
    reached the cap or a limit hand was declared."""

    fan_paid: Annotated[int, msgspec.Meta(description="The fan the payment was computed from, after the cap.")]
    rules: HongKongRules
    fan_items: Annotated[
        list[FanItem] | None,
        msgspec.Meta(
            description="With `patterns` or `tiles`: the itemisation the fan came from (as `POST /v1/hongkong/fan` gives it); null when `fan` was sent."
        ),
    ] = None
    evaluation: OrUnset[
        Annotated[
            HongKongHand,
            msgspec.Meta(
                description="Only with `tiles`: the evaluation the fan came from (as `POST /v1/hongkong/hands` gives it); absent otherwise."
            ),
        ]
    ] = msgspec.UNSET


# --- Arithmetic --------------------------------------------------------------


def _hand_fan(request: HongKongRequest) -> tuple[int, bool, list[FanItem] | None]:
    """(fan, limit hand, itemisation) from the request's `patterns`."""
    assert request.patterns is not msgspec.UNSET  # settle calls it only with `patterns`
    rules = request.rules
    self_drawn = isinstance(request.win, SelfDraw)
    result = tally_fan(
        request.patterns,
        fan_cap=rules.fan_cap,
        eight_immortals=request.eight_immortals,
        self_drawn_win=self_drawn,
        round_flower=rules.round_flower,
        unvalued_fan=rules.unvalued_fan,
    )
    _check_win(request, result.won_by, result.positions)
    return result.fan, request.limit_hand or result.limit_hand, result.items


def _check_win(request: HongKongRequest, won_by: WonBy | None, positions: dict[str, int]) -> None:
    """The patterns must agree with `win` (and 天胡/地胡 with the dealer)."""
    problems: list[FieldProblem] = []
    self_drawn = isinstance(request.win, SelfDraw)
    if not self_drawn and won_by == "self_draw":
        code = next(code for code in positions if code in SELF_DRAWN_CODES)
        detail = template("`{code}` is a self-drawn win, but `win` is a discard.")
        problems += [field_problem("/win/type", detail, code=code), field_problem(f"/patterns/{positions[code]}/code", detail, code=code)]
    if self_drawn:
        on_discard = next((code for code in positions if code in ON_DISCARD_CODES), None)
        if on_discard is not None:
            detail = template("`{code}` is a win on another player's tile, but `win` is a self-draw.")
            problems += [
                field_problem("/win/type", detail, code=on_discard),
                field_problem(f"/patterns/{positions[on_discard]}/code", detail, code=on_discard),
            ]
    if "heavenly_hand" in positions and request.winner != request.dealer:
        detail = template("`heavenly_hand` (天胡) is the dealer's hand, but the winner is not the dealer.")
        problems += [FieldProblem("/winner", detail), FieldProblem(f"/patterns/{positions['heavenly_hand']}/code", detail)]
    if "earthly_hand" in positions and isinstance(request.win, Discard) and request.win.discarder != request.dealer:
        detail = template("`earthly_hand` (地胡) is won on the dealer's first discard, but the discarder is not the dealer.")
        problems += [FieldProblem("/win/discarder", detail), FieldProblem(f"/patterns/{positions['earthly_hand']}/code", detail)]
    if problems:
        raise RuleViolation(*problems, title=template("The declared patterns contradict the win"))


def _seven_robs_one_liable(liable: Seat | None, win: Win, fan_items: list[FanItem] | None) -> Seat | None:
    """七搶一: 出第8隻花嘅玩家包晒 (the Wikibooks extract; 算B出銃) — the player the
    eighth flower was robbed from, the discarder, pays everything (`liable`)."""
    if fan_items is None or not any(item.code == "seven_robs_one" for item in fan_items) or not isinstance(win, Discard):
        return liable
    if liable is not None and liable != win.discarder:
        detail = template(
            "Seven robs one (七搶一) is paid by the player robbed of the eighth flower, the discarder: `liable` must be that seat."
        )
        raise RuleViolation(FieldProblem("/liable", detail), FieldProblem("/win/discarder", detail))
    return win.discarder


class Quarters(msgspec.Struct, frozen=True):
    """A payment scheme's shares of V counted in quarters of V (all four of
    :class:`Split`'s ratios are whole quarters), for integer arithmetic."""

    self_draw_each: int
    full_gun_discarder: int
    half_gun_discarder: int
    half_gun_other: int


def _quarters(ratio: Ratio) -> int:
    numerator, denominator = ratio
    assert 4 * numerator % denominator == 0, "every share is a whole number of quarters of V"
    return 4 * numerator // denominator


QUARTERS: dict[str, Quarters] = {name: Quarters(*map(_quarters, msgspec.structs.astuple(split))) for name, split in SCHEMES.items()}
""":data:`SCHEMES` in quarters of V."""


def settle(request: HongKongRequest) -> HongKongSettlement:
    """Settle one Hong Kong hand: takes a validated :class:`HongKongRequest`
    (the hand's worth as fan, patterns or tiles) and gives the
    :class:`HongKongSettlement` with each payer's line under the table's
    payment scheme (a liable seat paying the whole), each seat's delta and
    the fan paid after the cap."""
    # no @exact: the money is integer arithmetic, and MINOR_UNITS makes the
    # Decimals under the exact context itself
    rules = request.rules
    winner = request.winner
    win = request.win
    check_discarder(winner, win, SEATS)
    liable = request.liable
    if liable == winner:
        raise RuleViolation(FieldProblem("/liable", "The liable seat (包) cannot be the winner."))

    evaluation: HongKongHand | msgspec.UnsetType = msgspec.UNSET
    fan_items: list[FanItem] | None
    if request.tiles is not msgspec.UNSET:
        evaluation = hand_result(
            request.tiles, winner=winner, dealer=request.dealer, win=win, rules=rules, eight_immortals=request.eight_immortals
        )
        fan, limit_hand = evaluation.fan, request.limit_hand or evaluation.limit_hand
        fan_items = evaluation.items
    elif request.patterns is not msgspec.UNSET:
        fan, limit_hand, fan_items = _hand_fan(request)
    else:
        assert request.fan is not msgspec.UNSET  # exactly one of them: checked on decoding
        fan, limit_hand, fan_items = request.fan, request.limit_hand, None
    if fan_items is not None:  # 七搶一 is found among the patterns
        liable = _seven_robs_one_liable(liable, win, fan_items)
    cap = rules.fan_cap
    fan_paid, tier = paid_fan(fan, limit_hand, cap)
    warnings = fan_warnings(fan, limit_hand, rules) if limit_hand or fan < rules.min_fan or fan > cap else []

    # money in integer units of point_value / 4 (the shares are whole
    # quarters of V), each amount turned into a Decimal once at the end
    numerator, denominator = RATIOS[rules.point_value]
    money = MINOR_UNITS[4 * denominator]
    value = POINTS_TABLES[rules.table][fan_paid] * numerator  # V, in units of 1 / denominator
    quarters = QUARTERS[rules.payment_scheme]
    losers = OTHERS[winner]
    roles: tuple[Role, ...] | list[Role]
    if isinstance(win, SelfDraw):
        each = value * quarters.self_draw_each
        owed = [each, each, each]
        roles = SELF_DRAW_ROLES
    else:
        position = losers.index(win.discarder)
        if rules.discard_payment == "full_gun":
            owed = [0, 0, 0]
            owed[position] = value * quarters.full_gun_discarder
        else:
            other = value * quarters.half_gun_other
            owed = [other, other, other]
            owed[position] = value * quarters.half_gun_discarder
        roles = DISCARD_ROLES[position]
    total_units = 4 * value
    if rules.dealer_multiplier is not DEALER_MULTIPLIER_DEFAULT and rules.dealer_multiplier != 1:
        owed, total_units, money = _dealer_multiplied(owed, losers, winner, request.dealer, rules, total_units, 4 * denominator)
    if liable is not None:  # 包: the liable seat pays the whole, the others 0
        position = losers.index(liable)
        total = sum(owed)
        owed = [0, 0, 0]
        owed[position] = total
        roles = list(roles)
        roles[position] = "liable"

    payments, deltas, receives = pay_winner(winner, losers, owed, roles, money)
    return HongKongSettlement(
        winner=winner,
        winner_receives=receives,
        payments=payments,
        deltas=deltas,
        pre_payout_total=money[total_units],
        tier=tier,
        warnings=warnings,
        fan_paid=fan_paid,
        rules=rules,
        fan_items=fan_items,
        evaluation=evaluation,
    )


def _dealer_multiplied(
    owed: list[int], losers: tuple[Seat, ...], winner: Seat, dealer: Seat, rules: HongKongRules, total_units: int, units: int
) -> tuple[list[int], int, Any]:
    """莊家 ×N (`rules.dealer_multiplier` = n / d): each payment between the
    dealer and another player times n / d, the others unchanged, counted in
    units d times smaller; the table points before the split times n / d when
    the dealer wins (the dealer receives everything)."""
    numerator, denominator = RATIOS[rules.dealer_multiplier]
    scaled = [amount * (numerator if dealer in (winner, loser) else denominator) for amount, loser in zip(owed, losers, strict=True)]
    total = total_units * (numerator if winner == dealer else denominator)
    return scaled, total, MINOR_UNITS[units * denominator]


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


def points_table(rules: HongKongRules) -> PointsTable:
    """The 14-row fan → points table (the reference calculator's 香港規則：由番到點數): the first
    two columns raw, the rest under the given cap, ladder, scheme and point value,
    each share worked out as :func:`settle` works it out (whole quarters of V)."""
    numerator, denominator = RATIOS[rules.point_value]
    money = MINOR_UNITS[4 * denominator]
    quarters = QUARTERS[rules.payment_scheme]
    full_gun = rules.discard_payment == "full_gun"
    ladder = POINTS_TABLES[rules.table]
    rows = []
    for fan in range(MAX_FAN_CAP + 1):
        value = ladder[paid_fan(fan, False, rules.fan_cap)[0]] * numerator  # V, in units of 1 / denominator
        rows.append(
            PointsRow(
                fan=fan,
                full_spicy=FULL_SPICY_POINTS[fan],
                half_spicy=HALF_SPICY_POINTS[fan],
                self_draw_each=money[value * quarters.self_draw_each],
                discarder_pays=money[value * (quarters.full_gun_discarder if full_gun else quarters.half_gun_discarder)],
                others_pay=money[0 if full_gun else value * quarters.half_gun_other],
            )
        )
    return PointsTable(rules=rules, rows=rows)


# --- Fan from tiles -------------------------------------------------------------


def hand_result(
    tiles: HongKongTiles, *, winner: Seat, dealer: Seat, win: Win, rules: HongKongRules, eight_immortals: EightImmortals
) -> HongKongHand:
    """The tiles evaluated (:mod:`service.rulesets.hongkong.tiles`), answered
    as `POST /v1/hongkong/hands` answers."""
    check_discarder(winner, win, SEATS)
    found = evaluate_tiles(
        tiles,
        winner=winner,
        dealer=dealer,
        win=win,
        fan_cap=rules.fan_cap,
        eight_immortals=eight_immortals,
        round_flower=rules.round_flower,
        unvalued_fan=rules.unvalued_fan,
    )
    result = found.count
    fan, limit_hand = result.fan, result.limit_hand
    fan_paid, tier = paid_fan(fan, limit_hand, rules.fan_cap)
    return HongKongHand(
        fan=fan,
        fan_paid=fan_paid,
        tier=tier,
        limit_hand=limit_hand,
        items=result.items,
        arrangement=found.arrangement,
        waits=found.waits,
        seat_wind=found.seat_wind,
        warnings=fan_warnings(fan, limit_hand, rules),
        eight_immortals=eight_immortals,
        rules=rules,
    )


def evaluate_hand(request: HongKongHandRequest) -> HongKongHand:
    return hand_result(
        request.tiles,
        winner=request.winner,
        dealer=request.dealer,
        win=request.win,
        rules=request.rules,
        eight_immortals=request.eight_immortals,
    )
