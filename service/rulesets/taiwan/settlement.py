"""Taiwanese 16-tile (台) settlement, tai from patterns and from tiles.

Sources: the Taiwan tai table (台灣麻將 · 台數表: the payment formula 底 + 台 × 單位, who
pays, the dealer's and the streak's tai, and the tai table with six apps'
variants, transcribed in :mod:`service.rulesets.taiwan.value_table`), the Wikibooks extract (a
Cantonese Wikibooks tai list: its own list is the preset `yue_wikibooks`), CONTRACT.md (Taiwan).
The counter is :mod:`service.rulesets.taiwan.counting`, the table endpoint
:mod:`service.rulesets.taiwan.catalogue`.

Each payment is ``base + tai × unit``. Self-draw: all three pay; discard:
the discarder alone (the other two are listed with 0). The dealer's tai and
the streak's ``streak_tai_per × N`` tai are added to a payment only when the
dealer is its payer or its payee (莊家台和連莊台只算在莊家和付款那家之間). No
minimum (0 tai pays the base), no cap unless ``rules.tai_cap``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from service.core.errors import (
    FieldProblem,
    RuleViolation,
    field_problem,
    one_of,
    template,
)
from service.core.fields import OrUnset
from service.core.money import (
    MINOR_UNITS,
    RATIOS,
    ExactNumber,
    check_decimal,
    decimal_meta,
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
from service.rulesets.taiwan.counting import WON_ON, PatternIn, TaiBreakdown, TaiCountRules, TaiItem, count_tai
from service.rulesets.taiwan.tiles import TaiwanTiles, evaluate_tiles
from service.rulesets.taiwan.value_table import (
    BY_CODE,
    PATTERN_CODES,
)
from service.rulesets.taiwan.value_table_rows import PRESETS, Mode, Preset
from service.rulesets.taiwan.warnings import warning

# --- Bounds --------------------------------------------------------------------

MAX_TAI = 1000
"""Largest tai a request may carry (the biggest hand in the rule sources is 36 tai)."""
MAX_STREAK = 99
MAX_DEALER_TAI = 16
MAX_STREAK_TAI_PER = 4
MONEY_MIN = Decimal(0)
MONEY_MAX = Decimal(1_000_000)
BASE_DEFAULT = ExactNumber(100)
"""The default `rules.base` (底): one shared object, known to be valid."""
UNIT_DEFAULT = ExactNumber(20)
"""The default `rules.unit` (每台): one shared object, known to be valid."""
Base = Annotated[
    ExactNumber,
    decimal_meta(minimum=MONEY_MIN, maximum=MONEY_MAX, description="底: paid on every hand, 0 tai included.", examples=[100, 50]),
]
UnitValue = Annotated[ExactNumber, decimal_meta(minimum=MONEY_MIN, maximum=MONEY_MAX, description="單位: paid per tai.", examples=[20, 10])]

Special = Literal["robbing_kong", "seven_robs_one", "eight_immortals"]
SPECIAL_WIN: dict[str, type] = {"robbing_kong": Discard, "seven_robs_one": Discard, "eight_immortals": SelfDraw}
"""The Taiwan tai table: 搶槓 視同加槓的人放槍，由他一人付，沒有自摸台; 七搶一 被搶的人一人付;
八仙過海 三家都付 (a self-draw)."""
SPECIAL_PATTERNS: dict[str, frozenset[str]] = {
    "robbing_kong": frozenset({"robbing_kong"}),
    "seven_robs_one": frozenset({"seven_robs_one", "flower_win_from_deal"}),
    "eight_immortals": frozenset({"eight_immortals", "flower_win_from_deal"}),
}
"""Patterns that name each special win (配牌花胡 is an eight immortals or a
seven-robs-one from the deal)."""


# --- Requests and responses ------------------------------------------------------


class TaiwanRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """The table's house rules. Every field is optional; the response echoes
    the fully resolved rules."""

    base: Base = BASE_DEFAULT
    unit: UnitValue = UNIT_DEFAULT
    dealer_tai: Annotated[
        int, msgspec.Meta(ge=0, le=MAX_DEALER_TAI, description="莊家台: added to every payment the dealer is part of.")
    ] = 1
    streak_tai_per: OrUnset[
        Annotated[
            int,
            msgspec.Meta(
                ge=0,
                le=MAX_STREAK_TAI_PER,
                description="Tai per streak (連N拉N): 2 for 2N (default), 1 for N (戲谷's option). When it is not sent, the preset `mahjong_master` settles with 1 (its column: N（有拉莊再加 N）) and every other preset with 2; the response echoes the value used.",
            ),
        ]
    ] = msgspec.UNSET  # absent → the preset's streak (2, or 1 under mahjong_master)
    tai_cap: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=MAX_TAI,
            description="Cap on the hand's tai (dealer and streak tai are added after it); 0 = no cap (the default: the Taiwan tai table says 沒有上限).",
        ),
    ] = 0

    def __post_init__(self) -> None:
        # the defaults are shared objects, known to be valid
        if self.base is not BASE_DEFAULT:
            check_decimal(self.base, "base", minimum=MONEY_MIN, maximum=MONEY_MAX)
        if self.unit is not UNIT_DEFAULT:
            check_decimal(self.unit, "unit", minimum=MONEY_MIN, maximum=MONEY_MAX)


DEFAULT_RULES = TaiwanRules()
"""The rules a request without `rules` has (one shared object)."""


class TaiwanRequest(TaiCountRules, forbid_unknown_fields=True, kw_only=True):
    """A Taiwanese hand to settle: its tai (or its patterns, or its tiles) and
    how it was won. Exactly one of `tai`, `patterns` and `tiles`; `preset` and
    `mode` apply to `patterns` and `tiles`, and `preset` also to the streak's
    tai when `rules.streak_tai_per` is not sent (1 under `mahjong_master`)."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    tai: OrUnset[Annotated[int, msgspec.Meta(ge=0, le=MAX_TAI, description="The hand's agreed tai, without dealer and streak tai.")]] = (
        msgspec.UNSET
    )
    patterns: OrUnset[
        Annotated[
            list[PatternIn],
            msgspec.Meta(
                max_length=len(PATTERN_CODES),
                description="Instead of `tai`: the patterns present (see `POST /v1/taiwan/tai`); the response itemises them.",
            ),
        ]
    ] = msgspec.UNSET
    tiles: OrUnset[
        Annotated[
            TaiwanTiles,
            msgspec.Meta(
                description="Instead of `tai` or `patterns`: the hand itself, evaluated as `POST /v1/taiwan/hands` does under `preset` and `mode` (the answer adds `evaluation`)."
            ),
        ]
    ] = msgspec.UNSET
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (莊).")] = "east"
    dealer_streak: Annotated[int, msgspec.Meta(ge=0, le=MAX_STREAK, description="N in 連N拉N: the dealer's consecutive deals.")] = 0
    special: Annotated[
        Special | None,
        msgspec.Meta(
            description="`robbing_kong` (搶槓: a discard by the player who added to the kong), `seven_robs_one` (七搶一: a discard by the player robbed), `eight_immortals` (八仙過海: a self-draw, all three pay). Checked against `win`."
        ),
    ] = None
    rules: TaiwanRules = DEFAULT_RULES  # frozen: one shared default, nothing built per request


class TaiwanHandRequest(TaiCountRules, forbid_unknown_fields=True, kw_only=True):
    """A Taiwanese 16-tile hand to evaluate from its tiles, under a preset and
    mode. `rules` are the table's, as a settlement takes them (echoed, resolved)."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (莊), who sits east unless `tiles.east_seat` says otherwise.")] = "east"
    tiles: TaiwanTiles
    rules: TaiwanRules = DEFAULT_RULES  # frozen: one shared default, nothing built per request


class TaiwanHand(msgspec.Struct, kw_only=True):
    """The tai of a hand read from its tiles, itemised as `POST /v1/taiwan/tai` itemises."""

    tai: Annotated[int, msgspec.Meta(description="The tai of the reading worth most (dealer and streak tai are the settlement's).")]
    preset: Preset
    mode: Mode
    items: Annotated[list[TaiItem], msgspec.Meta(description="The patterns found, itemised as `POST /v1/taiwan/tai` does.")]
    arrangement: Annotated[
        list[Arranged], msgspec.Meta(description="The reading chosen: concealed sets in tile order, the pair, the melds as called.")
    ]
    waits: Annotated[
        str, msgspec.Meta(description="The tiles that would have completed the hand before the winning tile, in MPSZ notation.")
    ]
    seat_wind: Annotated[Seat, msgspec.Meta(description="The winner's seat wind (`tiles.east_seat`, else the dealer, sits east).")]
    warnings: list[SettlementWarning]
    rules: Annotated[TaiwanRules, msgspec.Meta(description="The table's rules as a settlement of this hand would use them.")]


class TaiwanSettlement(Settlement, kw_only=True, tag="taiwan"):
    """Who pays whom for a Taiwanese hand. `pre_payout_total` is base + tai ×
    unit (a payment without dealer or streak tai)."""

    tai: Annotated[int, msgspec.Meta(description="The hand's tai (given, or from the patterns), before the cap.")]
    tai_paid: Annotated[int, msgspec.Meta(description="The hand's tai after `tai_cap`.")]
    dealer_extra_tai: Annotated[
        int, msgspec.Meta(description="dealer_tai + streak_tai_per × dealer_streak: added to each payment the dealer is part of.")
    ]
    payer_tai: Annotated[dict[str, int], msgspec.Meta(description="Seat → the tai its payment was computed from.")]
    special: Special | None
    tai_breakdown: Annotated[
        TaiBreakdown | None, msgspec.Meta(description="The itemisation used when `patterns` or `tiles` were sent.")
    ] = None
    evaluation: OrUnset[
        Annotated[
            TaiwanHand,
            msgspec.Meta(
                description="Only with `tiles`: the evaluation the tai came from (as `POST /v1/taiwan/hands` gives it); absent otherwise."
            ),
        ]
    ] = msgspec.UNSET
    rules: TaiwanRules


# --- Settlement --------------------------------------------------------------------


def _check_win(request: TaiwanRequest) -> None:
    win = request.win
    if request.special is not None and not isinstance(win, SPECIAL_WIN[request.special]):
        if request.special == "eight_immortals":
            detail = template("Eight immortals (八仙過海) is paid by all three: send win type self_draw.")
        elif request.special == "robbing_kong":
            detail = template(
                "Robbing a kong (搶槓) is a discard by the player who added to the kong: send win type discard with that discarder."
            )
        else:
            detail = template("Seven robs one (七搶一) is paid by the player robbed: send win type discard with that player as discarder.")
        raise RuleViolation(FieldProblem("/win/type", detail))
    if request.patterns is msgspec.UNSET:
        return
    kind = "self_draw" if isinstance(win, SelfDraw) else "discard"
    listed = set()
    for i, pattern in enumerate(request.patterns):
        row = BY_CODE[pattern.code]
        listed.add(pattern.code)
        if row.win not in ("any", kind):
            raise RuleViolation(field_problem(f"/patterns/{i}/code", WON_ON[row.win], pattern=pattern.code))
        if row.seat == "dealer" and request.winner != request.dealer:
            raise RuleViolation(
                field_problem(f"/patterns/{i}/code", "{pattern} is a dealer's win; the winner is not the dealer.", pattern=pattern.code)
            )
        if row.seat == "non_dealer" and request.winner == request.dealer:
            raise RuleViolation(
                field_problem(f"/patterns/{i}/code", "{pattern} is a non-dealer's win; the winner is the dealer.", pattern=pattern.code)
            )
    if request.special is not None and not (SPECIAL_PATTERNS[request.special] & listed):
        names = one_of(sorted(SPECIAL_PATTERNS[request.special]))
        raise RuleViolation(
            field_problem("/special", "special is {special} but patterns do not list {names}.", special=request.special, names=names)
        )


def _check_one_source(request: TaiwanRequest) -> None:
    """Exactly one of `tai`, `patterns` and `tiles` says what the hand is worth."""
    has_tai = request.tai is not msgspec.UNSET
    has_patterns = request.patterns is not msgspec.UNSET
    has_tiles = request.tiles is not msgspec.UNSET
    if has_tiles and (has_tai or has_patterns):
        detail = template("Send exactly one of tai, patterns and tiles.")
        raise RuleViolation(FieldProblem("/tiles", detail), FieldProblem("/tai" if has_tai else "/patterns", detail))
    if has_tai == has_patterns and not has_tiles:
        detail = template("Send exactly one of tai and patterns.") if has_tai else template("Send tai or patterns (exactly one of them).")
        raise RuleViolation(FieldProblem("/tai", detail), FieldProblem("/patterns", detail))


def _hand_tai(
    request: TaiwanRequest, rules: TaiwanRules
) -> tuple[int, TaiBreakdown | None, list[SettlementWarning], TaiwanHand | msgspec.UnsetType]:
    """The hand's tai from what the request sends: the agreed tai, the
    patterns counted, or the tiles evaluated (their breakdown, warnings and
    evaluation beside it)."""
    tai = request.tai
    if isinstance(tai, int) and request.patterns is msgspec.UNSET and request.tiles is msgspec.UNSET:  # the agreed tai
        if request.special is not None:
            _check_win(request)
        return tai, None, [], msgspec.UNSET
    _check_one_source(request)
    _check_win(request)
    if not isinstance(request.tiles, msgspec.UnsetType):
        evaluation = hand_result(
            request.tiles,
            winner=request.winner,
            dealer=request.dealer,
            win=request.win,
            preset=request.preset,
            mode=request.mode,
            rules=rules,
        )
        _check_special(request.special, evaluation)
        breakdown = TaiBreakdown(preset=evaluation.preset, mode=evaluation.mode, items=evaluation.items, tai=evaluation.tai)
        return evaluation.tai, breakdown, list(evaluation.warnings), evaluation
    assert not isinstance(request.patterns, msgspec.UnsetType)  # exactly one of them: checked above
    breakdown, warnings = count_tai(request.patterns, request.preset, request.mode)
    return breakdown.tai, breakdown, warnings, msgspec.UNSET


def _owed(
    request: TaiwanRequest, plain: int, with_dealer: int, tai_paid: int, extra_tai: int
) -> tuple[list[int], dict[str, int], tuple[Role, ...]]:
    """What each of the winner's three opponents owes (in turn order), the
    tai each payer pays for, and the payers' roles: every opponent on a
    self-draw, the discarder alone on a discard; the dealer's extra tai
    where the dealer wins or pays."""
    winner, dealer = request.winner, request.dealer
    losers = OTHERS[winner]
    if isinstance(request.win, SelfDraw):
        if dealer == winner:
            owed = [with_dealer, with_dealer, with_dealer]
            tais = [extra_tai, extra_tai, extra_tai]
        else:
            position = losers.index(dealer)
            owed = [plain, plain, plain]
            owed[position] = with_dealer
            tais = [tai_paid, tai_paid, tai_paid]
            tais[position] = extra_tai
        first, second, third = losers
        return owed, {first: tais[0], second: tais[1], third: tais[2]}, SELF_DRAW_ROLES
    discarder = request.win.discarder
    position = losers.index(discarder)
    extra = dealer == winner or discarder == dealer
    owed = [0, 0, 0]
    owed[position] = with_dealer if extra else plain
    return owed, {discarder: extra_tai if extra else tai_paid}, DISCARD_ROLES[position]


def settle(request: TaiwanRequest) -> TaiwanSettlement:
    """Settle one Taiwan hand: takes a validated :class:`TaiwanRequest` (the
    hand's worth as agreed tai, patterns or tiles) and gives the
    :class:`TaiwanSettlement` with each payer's line, each seat's delta, the
    tai paid (capped by the rules) and the dealer's extra tai."""
    # no @exact: the money is integer arithmetic, and MINOR_UNITS makes the
    # Decimals under the exact context itself
    rules = resolve_rules(request.rules, request.preset)
    winner = request.winner
    check_discarder(winner, request.win, SEATS)
    hand_tai, breakdown, warnings, evaluation = _hand_tai(request, rules)
    tai_paid = hand_tai
    if rules.tai_cap and hand_tai > rules.tai_cap:
        tai_paid = rules.tai_cap
        warnings.append(warning("taiwan_tai_capped", tai=hand_tai, cap=rules.tai_cap))

    assert rules.streak_tai_per is not msgspec.UNSET  # resolve_rules filled it in
    dealer_extra = rules.dealer_tai + rules.streak_tai_per * request.dealer_streak

    # a payer pays base + tai × unit; the dealer's extra tai count when the
    # dealer wins or pays (two possible amounts). Money is counted in integer
    # units of 1 / (base's denominator × unit's denominator), each amount
    # turned into a Decimal once at the end.
    base_numerator, base_denominator = RATIOS[rules.base]
    unit_numerator, unit_denominator = RATIOS[rules.unit]
    money = MINOR_UNITS[base_denominator * unit_denominator]
    unit = unit_numerator * base_denominator
    plain = base_numerator * unit_denominator + tai_paid * unit
    with_dealer = plain + dealer_extra * unit
    owed, payer_tai, roles = _owed(request, plain, with_dealer, tai_paid, tai_paid + dealer_extra)
    payments, deltas, receives = pay_winner(winner, OTHERS[winner], owed, roles, money)
    return TaiwanSettlement(
        winner=winner,
        winner_receives=receives,
        payments=payments,
        deltas=deltas,
        pre_payout_total=money[plain],
        tier=None,
        warnings=warnings,
        tai=hand_tai,
        tai_paid=tai_paid,
        dealer_extra_tai=dealer_extra,
        payer_tai=payer_tai,
        special=request.special,
        tai_breakdown=breakdown,
        evaluation=evaluation,
        rules=rules,
    )


# --- Tai from tiles ----------------------------------------------------------------


def _pattern(code: str, count: int) -> PatternIn:
    return PatternIn(code=code, count=count)


STREAK_TAI_PER: dict[str, int] = {preset: 1 if preset == "mahjong_master" else 2 for preset in PRESETS}
"""Tai per streak when `rules.streak_tai_per` is not sent: the Taiwan tai table's 連N拉N,
2N (麻將大師: N（有拉莊再加 N）)."""
RESOLVED_DEFAULT_RULES: dict[str, TaiwanRules] = {preset: TaiwanRules(streak_tai_per=STREAK_TAI_PER[preset]) for preset in PRESETS}


def resolve_rules(rules: TaiwanRules, preset: str) -> TaiwanRules:
    """The rules with `streak_tai_per` filled in for the preset."""
    if rules.streak_tai_per is not msgspec.UNSET:
        return rules
    if rules is DEFAULT_RULES or rules == DEFAULT_RULES:
        return RESOLVED_DEFAULT_RULES[preset]
    return msgspec.structs.replace(rules, streak_tai_per=STREAK_TAI_PER[preset])


def hand_result(
    tiles: TaiwanTiles,
    *,
    winner: Seat,
    dealer: Seat,
    win: Win,
    preset: Preset,
    mode: Mode,
    rules: TaiwanRules | None = None,
) -> TaiwanHand:
    """The tiles evaluated (:mod:`service.rulesets.taiwan.tiles`) and counted
    by :func:`count_tai`, answered as `POST /v1/taiwan/hands` answers."""
    check_discarder(winner, win, SEATS)
    found = evaluate_tiles(tiles, winner=winner, dealer=dealer, win=win, preset=preset, mode=mode, count=count_tai, pattern=_pattern)
    breakdown: TaiBreakdown = found.breakdown
    return TaiwanHand(
        tai=breakdown.tai,
        preset=preset,
        mode=mode,
        items=breakdown.items,
        arrangement=found.arrangement,
        waits=found.waits,
        seat_wind=found.seat_wind,
        warnings=found.warnings,
        rules=resolve_rules(rules or DEFAULT_RULES, preset),
    )


def evaluate_hand(request: TaiwanHandRequest) -> TaiwanHand:
    return hand_result(
        request.tiles,
        winner=request.winner,
        dealer=request.dealer,
        win=request.win,
        preset=request.preset,
        mode=request.mode,
        rules=request.rules,
    )


def _check_special(special: str | None, evaluation: TaiwanHand) -> None:
    """`special` must be what the tiles say (搶槓, 七搶一, 八仙過海)."""
    if special is None:
        return
    found = {item.code for item in evaluation.items}
    if not SPECIAL_PATTERNS[special] & found:
        names = one_of(sorted(SPECIAL_PATTERNS[special]))
        raise RuleViolation(
            field_problem("/special", "special is {special} but the tiles do not show {names}.", special=special, names=names)
        )
