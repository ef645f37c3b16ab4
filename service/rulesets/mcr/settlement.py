"""Chinese Official / MCR (國標麻將, 分) settlement.

Source: the reference calculator (citing Tom Sloper's Mah-Jongg
FAQ 22 and the 1998 《中國麻將競賽規則》): flowers and seasons are one point
each and are added to the pattern points; on a discard the discarder pays
the total plus 8 and the other two 8 each; on a self-draw all three pay the
total plus 8. The 8-point minimum to go out is counted *before* flowers:
a 6-point hand with two flowers does not reach it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, ClassVar

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.fields import OrUnset
from service.core.money import (
    POINT_VALUE_DEFAULT,
    POINTS,
    ZERO,
    Amounts,
    ExactNumber,
    check_point_value,
    exact,
    point_value_meta,
)
from service.core.seats import SEATS, Seat, others
from service.core.settlement import (
    Discard,
    Payment,
    Role,
    Settlement,
    Win,
    check_discarder,
)
from service.core.warnings import SettlementWarning
from service.rulesets.mcr.tiles import McrEvaluation, McrTiles, evaluate
from service.rulesets.mcr.warnings import warning

# --- Rule tables (data) -------------------------------------------------------

FLOWER_TILES = 8
"""A set holds four flowers and four seasons (花牌同季牌), one point each
(the reference calculator): more than 8 in one hand is impossible."""

MAX_FLOWERS_INPUT = 144
"""Largest ``flowers`` the schema accepts: no more than the tiles of a whole
set. Anything above :data:`FLOWER_TILES` is well-formed but impossible, which
the contract answers with 422, so the schema does not stop it at 8."""

BASE_POINTS = 8
"""Every payer pays 8 on top (每家都硬食嗰 8 分, the reference calculator): the minimum legal
8-point hand collects 32 on a discard and 48 on a self-draw."""

MIN_FAN = 8
"""起和門檻: 8 pattern points, flowers not counted (the reference calculator)."""

PAYS_HAND_POINTS: dict[str, bool] = {"discarder": True, "other": False, "self_draw": True}
"""Which payers pay the hand's points (pattern points + flowers) on top of the
base, by role (the reference calculator, FAQ 22): the discarder and every self-draw loser
do; the two others on a discard pay the base alone."""

MAX_FAN = 1000
"""Largest pattern-point total a request may carry (the highest real MCR hands
stay in the low hundreds), so the input is bounded."""

MAX_BASE = 1000

PointValue = Annotated[
    ExactNumber,
    point_value_meta(
        description="Multiplier on points: 1 reads points (competition scoring); a money table puts what one point is worth.",
        examples=[1, 0.1, 2],
    ),
]


class McrRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """The table's rules. Every field is optional; the response echoes the
    fully resolved rules."""

    base: Annotated[
        int,
        msgspec.Meta(ge=0, le=MAX_BASE, description="What every payer pays on top (8 under the competition rules)."),
    ] = BASE_POINTS
    min_fan: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=MAX_FAN,
            description="起和: pattern points needed to go out (flowers never count). Hands below it are still settled, with a warning.",
        ),
    ] = MIN_FAN
    point_value: PointValue = POINT_VALUE_DEFAULT
    mixed_kong_fan: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "From tiles: one melded and one concealed kong count 明暗槓, 5 points (default true: the 《国标麻将规则释义》 reading "
                "PyMahjongGB counts); false counts 明槓 1 + 暗槓 2, as the 81-fan list reads."
            )
        ),
    ] = True

    def __post_init__(self) -> None:
        check_point_value(self.point_value)


class McrRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An MCR hand to settle: its agreed pattern points, its flowers and how
    it was won."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    # UNSET default (not `int | UnsetType`) keeps the bounds in the published schema
    fan: OrUnset[
        Annotated[
            int,
            msgspec.Meta(
                ge=0, le=MAX_FAN, description="The hand's pattern points (牌型分), flowers excluded. Send this or `tiles`, not both."
            ),
        ]
    ] = msgspec.UNSET
    flowers: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=MAX_FLOWERS_INPUT,
            description=(
                "Flower and season tiles (花牌), one point each, paid but never counted toward `min_fan`. "
                "A set has 8: more than 8 is answered 422."
            ),
        ),
    ] = 0
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (莊). MCR payments do not depend on it.")] = "east"
    tiles: OrUnset[
        Annotated[
            McrTiles,
            msgspec.Meta(
                description=(
                    "Instead of `fan` and `flowers`: the hand itself, valued as `POST /v1/mcr/hands` does (its flowers in "
                    "`tiles.flowers`); the answer adds `evaluation`."
                )
            ),
        ]
    ] = msgspec.UNSET
    rules: McrRules = McrRules()  # frozen: one shared default, nothing built per request

    __schema_extra__: ClassVar[dict[str, Any]] = {"oneOf": [{"required": ["fan"]}, {"required": ["tiles"]}]}
    """Published with the schema (service.api.openapi): exactly one of `fan` and `tiles`."""

    def __post_init__(self) -> None:
        # a schema rule (oneOf fan/tiles): msgspec reports it as a decoding error, 400
        if (self.fan is msgspec.UNSET) == (self.tiles is msgspec.UNSET):
            if self.fan is msgspec.UNSET:
                raise ValueError(template("Object missing required field `fan` (or send `tiles` instead)"))
            raise ValueError(template("Send either field `fan` or `tiles`, not both"))


class McrSettlement(Settlement, kw_only=True, tag="mcr", omit_defaults=True):
    """Who pays whom for an MCR hand. `pre_payout_total` is (fan + flowers +
    base) × point value; `tier` is always null."""

    hand_points: Annotated[
        int, msgspec.Meta(description="fan + flowers: what the discarder (or every self-draw loser) pays on top of the base.")
    ]
    rules: McrRules
    evaluation: Annotated[
        McrEvaluation | None,
        msgspec.Meta(description="With `tiles`: what the tiles are worth (the `POST /v1/mcr/hands` answer); else null."),
    ] = None


# --- Arithmetic --------------------------------------------------------------

PAYERS: dict[tuple[Seat, Seat | None], tuple[tuple[Seat, Role], ...]] = {
    (winner, discarder): tuple(
        (seat, "self_draw" if discarder is None else "discarder" if seat == discarder else "other") for seat in others(winner)
    )
    for winner in SEATS
    for discarder in (None, *others(winner))
}
"""(winner, discarder, or None on a self-draw) → each payer and its role, in
turn order after the winner."""

ZEROS: dict[str, Decimal] = dict.fromkeys(SEATS, ZERO)
"""Every seat's delta at zero, in seat order (copied: cheaper than building it)."""


def _check(request: McrRequest) -> None:
    """The discarder is not the winner and the flowers exist; every problem
    is reported at once."""
    problems: list[FieldProblem] = []
    try:
        check_discarder(request.winner, request.win, SEATS)
    except RuleViolation as exc:
        problems.extend(exc.problems)
    if request.tiles is not msgspec.UNSET and request.flowers:
        problems.append(FieldProblem("/flowers", "With `tiles`, the flowers go in `tiles.flowers`, not in `flowers`"))
    if request.flowers > FLOWER_TILES:
        problems.append(
            field_problem(
                "/flowers", "A set has only {limit} flower and season tiles; got {flowers}.", limit=FLOWER_TILES, flowers=request.flowers
            )
        )
    if problems:
        raise RuleViolation(*problems)


@exact
def settle(request: McrRequest) -> McrSettlement:
    """Settle one MCR (國標) hand: takes a validated :class:`McrRequest` (the
    fan, or the tiles to evaluate, and the flowers) and gives the
    :class:`McrSettlement`: base plus hand points from the discarder or each
    self-draw payer, base alone from the others, each seat's delta."""
    rules = request.rules
    winner = request.winner
    win = request.win
    discarder = win.discarder if isinstance(win, Discard) else None
    flowers = request.flowers
    payers = PAYERS.get((winner, discarder))  # None: the discarder is the winner (or not a seat)
    if payers is None or flowers > FLOWER_TILES or (flowers and request.tiles is not msgspec.UNSET):
        _check(request)  # raises, naming every problem
        payers = PAYERS[winner, discarder]
    evaluation: McrEvaluation | None = None
    if request.tiles is not msgspec.UNSET:
        evaluation = evaluate(
            request.tiles, win=win, winner=winner, dealer=request.dealer, min_fan=rules.min_fan, mixed_kong_fan=rules.mixed_kong_fan
        )
        fan, flowers = evaluation.fan, evaluation.flowers
    else:
        assert isinstance(request.fan, int)  # `fan` or `tiles`: checked on decoding
        fan = request.fan

    warnings: list[SettlementWarning] = []
    if fan < rules.min_fan:
        variant = "points" if evaluation is None else "points_without_flowers"
        warnings.append(warning("below_minimum_fan", variant, fan=fan, min_fan=rules.min_fan))
        if fan + flowers >= rules.min_fan:
            warnings.append(
                warning(
                    "flowers_not_counted_toward_minimum",
                    fan=fan,
                    flowers=flowers,
                    total=fan + flowers,
                    min_fan=rules.min_fan,
                )
            )

    # whole points, then each distinct figure becomes money once
    hand_points = fan + flowers
    full = hand_points + rules.base
    money = POINTS if rules.point_value is POINT_VALUE_DEFAULT else Amounts(rules.point_value)
    payments: list[Payment] = []
    deltas = ZEROS.copy()
    received = 0
    for seat, role in payers:
        points = full if PAYS_HAND_POINTS[role] else rules.base
        received += points
        payments.append(Payment(seat, winner, money[points], role))
        deltas[seat] = money[-points]
    deltas[winner] = receives = money[received]
    return McrSettlement(
        winner=winner,
        winner_receives=receives,
        payments=payments,
        deltas=deltas,
        pre_payout_total=money[full],
        tier=None,
        warnings=warnings,
        hand_points=hand_points,
        rules=rules,
        evaluation=evaluation,
    )
