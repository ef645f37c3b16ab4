"""Riichi (飜/符) settlement, exhaustive draws and the quick-reference score table.

Sources: the riichi scoring article (日本麻雀計分方法: basic points, the limit ladder, payment
multipliers, rounding, honba and riichi sticks, the eight three-player
payment variants with their two tables of worked figures, the quick-reference
score tables, worked examples 1–6), the reference calculator (
kiriage, honba 300 = 100 per payer on a tsumo, 20 fu only on pinfu tsumo,
EMA kazoe sanbaiman), the Wikibooks extract (流局滿貫 paid as a mangan tsumo, riichi sticks
to the next winner).

Every riichi amount is a whole number of points, so the arithmetic is done in
Python integers (exact) and rounding up to 100 is integer ceiling division;
amounts leave the engine as exact Decimals.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Annotated, Any, ClassVar, Literal, get_args

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.fields import OrUnset
from service.core.money import POINTS
from service.core.seats import Seat, others, seats_for
from service.core.settlement import (
    Discard,
    Payment,
    SelfDraw,
    Settlement,
    Win,
    check_discarder,
)
from service.core.warnings import SettlementWarning
from service.rulesets.riichi.fu import FuResult, RiichiSettlementHand, count_fu
from service.rulesets.riichi.pao import AlsoLiable, Liability, PaoHonba, PaoScope, liability, liable_lines
from service.rulesets.riichi.payments import (
    FOUR_PLAYERS,
    MAX_YAKUMAN,
    SANMA_TSUMO,
    YAKUMAN_BASIC,
    PaymentRule,
    SanmaTsumo,
    ron_amount,
    tsumo_share,
    tsumo_shares,
)
from service.rulesets.riichi.tiles import RiichiEvaluation, RiichiTiles, evaluate
from service.rulesets.riichi.warnings import warning
from service.rulesets.riichi.yaku import (
    KAZOE_DOUBLE_HAN,
    MAX_AKA_DORA,
    MAX_DORA,
    MAX_NUKI_DORA,
    NO_YAKU,
    YAKU_TABLE,
    HanItem,
    KazoeDouble,
    KazoeRule,
    MultipleYakuman,
    YakuCode,
    YakuOptions,
    check_kazoe_double,
    tally_han,
    yakuman_tier,
)

# --- Rule tables (data) -------------------------------------------------------

MAX_HAN = 100
"""Largest han a request may carry (13+ is counted yakuman or sanbaiman, so
this only bounds the input)."""

FU_VALUES: tuple[int, ...] = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130)
"""Fu a hand can have after rounding: 25 (seven pairs, never rounded) and the
multiples of 10 from 20 (the riichi scoring article's 符; the reference calculator: 20, 25, 30, 40 … 110 seen in
practice; CONTRACT.md allows up to 130)."""

Fu = Literal[20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130]
assert get_args(Fu) == FU_VALUES

MANGAN_BASIC = 2000
"""The riichi scoring article's 滿貫: basic points are capped at 2000 below 5 han."""

KIRIAGE_BASIC = 1920
"""The riichi scoring article / the reference calculator's 切上滿貫: basic points of exactly 1920 (4 han 30 fu,
3 han 60 fu, 2 han 120 fu) are paid as mangan when `kiriage` is on."""

LIMIT_LADDER: tuple[tuple[int, int, int, str], ...] = (
    (5, 5, 2000, "mangan"),
    (6, 7, 3000, "haneman"),
    (8, 10, 4000, "baiman"),
    (11, 12, 6000, "sanbaiman"),
)
"""(from han, to han, basic points, tier) from 5 han up (the riichi scoring article: 滿貫 5,
跳滿 6–7, 倍滿 8–10, 三倍滿 11–12; fu no longer matter)."""

KAZOE_HAN = 13
KAZOE: dict[str, tuple[int, str]] = {"yakuman": (8000, "kazoe_yakuman"), "sanbaiman": (6000, "sanbaiman")}
"""13 han and more (累計役滿): a counted yakuman by default (the riichi scoring article), or
sanbaiman under the EMA rules (the reference calculator, `kazoe: sanbaiman`)."""

KAZOE_DOUBLE: tuple[int, str] = (2 * YAKUMAN_BASIC, "kazoe_double_yakuman")
"""26 han and more with `kazoe_double` (累計雙倍役滿, the riichi scoring article's 地方變異): two
yakuman's basic points."""

_LIMIT_BY_HAN: dict[int, tuple[int, str]] = {han: (basic, tier) for low, high, basic, tier in LIMIT_LADDER for han in range(low, high + 1)}

RIICHI_STICK = 1000
"""The reference calculator / 001: each riichi stick on the table is 1000 points to the winner."""

HONBA_VALUE: dict[int, int] = {4: 300, 3: 200}
"""The riichi scoring article's 場棒: 一本場300點（三麻則為200點）— the default per players."""

NOTEN_PAYMENT = 3000
"""Noten payments at an exhaustive draw: 3000 in total (issue 3), shared by the
tenpai players and paid by the noten players."""

MAX_SHUGI = 100
"""Largest yakuman chip count a table may set (the riichi scoring article uses 10 and 5)."""


OTHERS: dict[tuple[int, str], tuple[Seat, ...]] = {
    (players, seat): others(seat, players) for players in (3, 4) for seat in seats_for(players)
}
"""The other seats in turn order after a seat, per table size (precomputed)."""

ZERO_POINTS = POINTS[0]

NO_POINTS: dict[int, dict[Seat, int]] = {players: dict.fromkeys(seats_for(players), 0) for players in (3, 4)}
"""Every seat at 0 points, per table size (copied: cheaper than building it)."""


# --- Request and response types ---------------------------------------------------


def _literal_bounds(low: int, high: int, description: str) -> msgspec.Meta:
    """Meta for an integer Literal: publishes minimum/maximum next to the enum
    (every request number carries a maximum in the schema)."""
    return msgspec.Meta(description=description, extra_json_schema={"extra": {"minimum": low, "maximum": high}})


Players = Annotated[Literal[3, 4], _literal_bounds(3, 4, "4 (default) or 3: a three-player table has no `north` seat.")]
HonbaCount = Annotated[int, msgspec.Meta(ge=0, le=100, description="本場: counters on the table (default 0).")]
SticksCount = Annotated[int, msgspec.Meta(ge=0, le=200, description="Riichi sticks (1000 each) on the table before this hand (default 0).")]


class RiichiRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """The table's house rules. Every field is optional; the response echoes
    the fully resolved rules (with `honba_value` filled in)."""

    kiriage: Annotated[bool, msgspec.Meta(description="切上滿貫: 1920 basic points (4 han 30 fu, 3 han 60 fu) are paid as mangan.")] = False
    kazoe: KazoeRule = "yakuman"
    kazoe_double: KazoeDouble = False
    multiple_yakuman: MultipleYakuman = True
    honba_value: OrUnset[
        Annotated[
            int,
            msgspec.Meta(
                ge=0,
                le=10_000,
                description=(
                    "Points per honba counter: default 300 with 4 players, 200 with 3 (the riichi scoring article). Added to a ron from the "
                    "discarder; on a tsumo each payer pays honba_value / (players − 1) per counter."
                ),
            ),
        ]
    ] = msgspec.UNSET  # absent → the default for the table size
    sanma_tsumo: Annotated[
        SanmaTsumo,
        msgspec.Meta(
            description=(
                "Three-player payments (ignored with 4 players), the riichi scoring article: `tsumo_loss` 自摸損 (default: four-player "
                "payments, north's share is lost); `thousand_bonus` 千點加符 (+1000 per tsumo payer); `ron_total_1_2` 丸取, "
                "`ron_total_3_5` 丸取2, `ron_total_halves` 折半支付, `ron_total_1_3` 莊家三倍支付 (a tsumo brings in the "
                "four-player ron total, split non-dealer : dealer 1:2, 3:5, 1:1, 1:3, each share rounded up to 100); "
                "`ron_each` 倍取 (each payer pays the ron amount); `reduced_ron` 榮和收入調整 (ron 3× basic, dealer 4×; "
                "tsumo as tsumo_loss)."
            )
        ),
    ] = "tsumo_loss"
    multiple_ron: Annotated[
        Literal["allowed", "head_bump"],
        msgspec.Meta(
            description=(
                "Several winners on one discard: `allowed` (default, each is paid) or `head_bump` (頭ハネ: only the first "
                "winner after the discarder in turn order is paid)."
            )
        ),
    ] = "allowed"
    multi_ron_honba: Annotated[
        Literal["each", "first_only"],
        msgspec.Meta(
            description="Honba on a multiple ron: `each` paid winner collects them (default) or `first_only` (the first winner in turn order)."
        ),
    ] = "each"
    noten_payment: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=30_000,
            description="Draws: total noten payment (default 3000), paid by the noten players, shared by the tenpai players.",
        ),
    ] = NOTEN_PAYMENT
    noten_with_nagashi: Annotated[
        bool,
        msgspec.Meta(description="Draws: whether noten payments are still made when someone has nagashi mangan (default false)."),
    ] = False
    shugi: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "祝儀 (the riichi scoring article): chips counted apart from points, in `chip_payments` and `chip_deltas`. A winner gets one "
                "chip for 一發 and for each ura dora and red five, from the discarder or, on a tsumo, from each other "
                "player; a yakuman adds `shugi_yakuman_ron` or `shugi_yakuman_tsumo`. Needs `yaku` for every paid winner. "
                "Chips follow the win, not a liable seat. Default false."
            )
        ),
    ] = False
    shugi_yakuman_ron: Annotated[
        int,
        msgspec.Meta(
            ge=0, le=MAX_SHUGI, description="With `shugi`: chips a yakuman ron takes from the discarder (the riichi scoring article: 10)."
        ),
    ] = 10
    shugi_yakuman_tsumo: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=MAX_SHUGI,
            description="With `shugi`: chips a yakuman tsumo takes from each other player (the riichi scoring article: 5).",
        ),
    ] = 5
    shugi_kazoe: Annotated[
        bool,
        msgspec.Meta(
            description="With `shugi`: whether a counted yakuman (13 han and more, 累計役滿) earns the yakuman chips (default true)."
        ),
    ] = True
    shugi_per_yakuman: Annotated[
        bool,
        msgspec.Meta(
            description="With `shugi`: whether a double (triple, …) yakuman earns the yakuman chips that many times (default false: once)."
        ),
    ] = False
    pao_scope: Annotated[
        PaoScope,
        msgspec.Meta(
            description=(
                "包牌 (pao) with other yakuman in the hand: `yakuman` (default: the liable seat answers for `liable_yakuman` of them) "
                "or `whole_hand` (it answers for every yakuman of the hand, as Tenhou plays; `liable_yakuman` is not used).\n"
                "The riichi scoring article's 地方變異: 複合役滿的包牌（包全額或包一個役滿）."
            )
        ),
    ] = "yakuman"
    pao_honba: Annotated[
        PaoHonba,
        msgspec.Meta(
            description=(
                "Who pays the honba when a liable seat pays: `liable` (default: the liable seat, all of them) or `as_hand` "
                "(as without pao: the discarder on a ron, every payer a share on a tsumo).\n"
                "The riichi scoring article's 地方變異: 包牌時場棒的處理方法."
            )
        ),
    ] = "liable"
    rinshan_pao: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "A rinshan kaihou after a kan called from a discard may name that discarder as `liable`, who pays the whole hand as a ron, honba included (default false).\n"
                "The riichi scoring article's 地方變異: 嶺上開花…部分規則要包牌."
            )
        ),
    ] = False
    nukidora_rinshan: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "Three players: a win on the replacement tile for a north set aside (拔北) is rinshan kaihou (default true, as Tenhou plays).\n"
                "From tiles: `after_kong` with `nukidora` of 1 or more and no kong. False: `after_kong` needs a kong."
            )
        ),
    ] = True


DEFAULT_RULES = RiichiRules()
"""The rules of a request that sends none (the field's default: one shared object)."""

RESOLVED_DEFAULT_RULES: dict[int, RiichiRules] = {
    players: msgspec.structs.replace(DEFAULT_RULES, honba_value=HONBA_VALUE[players]) for players in (3, 4)
}
""":data:`DEFAULT_RULES` resolved per table size (:func:`resolve_rules`), made once."""

SEATS_FOR: dict[int, tuple[Seat, ...]] = {players: seats_for(players) for players in (3, 4)}
"""The seats per table size (:func:`seats_for` without the call)."""


class HandFields(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What a winning hand is worth. Give `han` (and `fu` or `hand` below 5
    han), or `yakuman`, or `yaku` with dora counts (and `fu` or `hand` below 5
    han). All of these are validated in one place, `resolve_hand`."""

    han: OrUnset[
        Annotated[int, msgspec.Meta(ge=1, le=MAX_HAN, description="飜 of the hand (dora included). Not needed with `yakuman`.")]
    ] = msgspec.UNSET
    fu: OrUnset[
        Annotated[
            Fu,
            _literal_bounds(20, 130, "符 after rounding: 20, 25 (seven pairs), 30, 40 … 130. Needed below 5 han, ignored from 5 han up."),
        ]
    ] = msgspec.UNSET
    yakuman: OrUnset[
        Annotated[
            int,
            msgspec.Meta(
                ge=1,
                le=MAX_YAKUMAN,
                description="Number of yakuman (2 = double yakuman); `han` and `fu` are then ignored. k yakuman are k × 8000 basic points.",
            ),
        ]
    ] = msgspec.UNSET
    yaku: OrUnset[
        Annotated[
            list[YakuCode],
            msgspec.Meta(
                max_length=len(YAKU_TABLE),
                description=(
                    "Instead of `han` or `yakuman`: the hand's yaku (codes from `GET /v1/riichi/yaku-table`), counted as "
                    "`POST /v1/riichi/han` does with `open` and the dora counts; `yaku_items` reports the itemisation."
                ),
            ),
        ]
    ] = msgspec.UNSET
    hand: OrUnset[
        Annotated[
            RiichiSettlementHand,
            msgspec.Meta(
                description=(
                    "The hand's structure instead of `fu`: the body of `POST /v1/riichi/fu` without `tsumo` (taken from "
                    "`win`). The fu are counted from it (`fu_count`) and used below 5 han; the structure is checked "
                    "whatever the han."
                )
            ),
        ]
    ] = msgspec.UNSET
    # UNSET defaults: these go with `yaku` only, and their presence is what the schema's dependentRequired checks
    open: OrUnset[
        Annotated[
            bool, msgspec.Meta(description="With `yaku`: the hand has an open meld (open han; closed-only yaku refused). Default false.")
        ]
    ] = msgspec.UNSET
    dora: OrUnset[Annotated[int, msgspec.Meta(ge=0, le=MAX_DORA, description="With `yaku`: dora in the hand. Default 0.")]] = msgspec.UNSET
    aka_dora: OrUnset[Annotated[int, msgspec.Meta(ge=0, le=MAX_AKA_DORA, description="With `yaku`: red fives. Default 0.")]] = msgspec.UNSET
    ura_dora: OrUnset[Annotated[int, msgspec.Meta(ge=0, le=MAX_DORA, description="With `yaku`: ura dora (riichi only). Default 0.")]] = (
        msgspec.UNSET
    )
    nuki_dora: OrUnset[
        Annotated[int, msgspec.Meta(ge=0, le=MAX_NUKI_DORA, description="With `yaku`: norths set aside (three players). Default 0.")]
    ] = msgspec.UNSET
    tiles: OrUnset[
        Annotated[
            RiichiTiles,
            msgspec.Meta(
                description=(
                    "The hand itself instead of its value (`han`/`fu`, `yakuman`, `yaku`/`hand`): valued as "
                    "`POST /v1/riichi/hands` does, under `rules` and `yaku_options`; the answer adds `evaluation`."
                )
            ),
        ]
    ] = msgspec.UNSET

    __schema_extra__: ClassVar[dict[str, Any]] = {
        "dependentRequired": {name: ["yaku"] for name in ("open", "dora", "aka_dora", "ura_dora", "nuki_dora")}
    }
    """Published with the schema (service.api.openapi): `open` and the dora counts need `yaku`."""

    def __post_init__(self) -> None:
        # a schema rule (published as dependentRequired): `open` and the dora
        # counts go with `yaku` — msgspec reports it as a decoding error, 400
        if self.yaku is msgspec.UNSET and not (
            self.open is self.dora is self.aka_dora is self.ura_dora is self.nuki_dora is msgspec.UNSET  # the YAKU_COMPANIONS
        ):
            for name in YAKU_COMPANIONS:
                if getattr(self, name) is not msgspec.UNSET:
                    raise ValueError(WITHOUT_YAKU.format(field=name))


YAKU_COMPANIONS: tuple[str, ...] = ("open", "dora", "aka_dora", "ura_dora", "nuki_dora")
WITHOUT_YAKU = template("Unexpected field `{field}` without `yaku` (`han` already includes the dora)")
"""The 400 for a companion of `yaku` sent without it (worded by the API in the request's language)."""


class _DeclaredHand(msgspec.Struct, frozen=True):
    """A settlement hand's `yaku` with its companions resolved to defaults
    (a Struct: a frozen dataclass sets each field through object.__setattr__)."""

    yaku: list[YakuCode]
    open: bool
    dora: int
    aka_dora: int
    ura_dora: int
    nuki_dora: int

    @classmethod
    def of(cls, fields: HandFields, yaku: list[YakuCode]) -> _DeclaredHand:
        """``fields`` declaring ``yaku`` (its `yaku`), absent counts as none
        (``msgspec.UNSET`` is falsy: ``or`` gives the default)."""
        return cls(
            yaku,
            fields.open or False,
            fields.dora or 0,
            fields.aka_dora or 0,
            fields.ura_dora or 0,
            fields.nuki_dora or 0,
        )


class WinnerFields(HandFields, forbid_unknown_fields=True, kw_only=True):
    liable: Annotated[
        Seat | None,
        msgspec.Meta(
            description=(
                "責任払い (pao) for daisangen / daisuushii / suukantsu: the seat liable for `liable_yakuman` of the "
                "hand's yakuman. On a tsumo the liable seat pays that part in full (what a ron of it would pay); on a "
                "ron the liable seat and the discarder each pay half of it. The rest of the hand is paid normally. "
                "Honba follow the liable seat: it pays all of this winner's honba, on a ron and on a tsumo (`rules.pao_honba`). "
                "See `rules.pao_scope` for the whole hand, and `rules.rinshan_pao` for a rinshan kaihou paid by the kan's discarder."
            )
        ),
    ] = None
    liable_yakuman: Annotated[
        int,
        msgspec.Meta(ge=1, le=MAX_YAKUMAN, description="How many of the yakuman the liable seat answers for (default 1)."),
    ] = 1
    also_liable: Annotated[
        list[AlsoLiable],
        msgspec.Meta(
            max_length=2,
            description=(
                "Further liable seats, each for another of the hand's yakuman made by a different player (大三元 and 四槓子 by "
                "two players): each pays its own yakuman as `liable` pays its part; the honba stay with `liable`. Needs `liable`."
            ),
        ),
    ] = msgspec.field(default_factory=list)


class FurtherWinner(WinnerFields, forbid_unknown_fields=True, kw_only=True):
    """Another player who won on the same discard, with its own hand."""

    winner: Annotated[Seat, msgspec.Meta(description="The further winner's seat (not the discarder, not another winner).")]


class RiichiRequest(WinnerFields, forbid_unknown_fields=True, kw_only=True):
    """A riichi hand to settle: its value (han/fu or yakuman), how it was won,
    the table's counters and rules."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won.")]
    win: Win
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (親), default east.")] = "east"
    players: Players = 4
    honba: HonbaCount = 0
    riichi_sticks: SticksCount = 0
    yaku_options: Annotated[
        YakuOptions,
        msgspec.Meta(
            description="How `yaku` are counted (double yakuman, renhou, open tanyao); `rules.multiple_yakuman` and `rules.kazoe` apply too."
        ),
    ] = YakuOptions()
    further_winners: Annotated[
        list[FurtherWinner],
        msgspec.Meta(
            max_length=2,
            description=(
                "Multiple ron: other players who won on the same discard, each with its own han/fu or yakuman. "
                "Riichi sticks go to the first winner after the discarder in turn order; see `rules.multiple_ron` and "
                "`rules.multi_ron_honba`."
            ),
        ),
    ] = msgspec.field(default_factory=list)
    rules: RiichiRules = DEFAULT_RULES


class ChipPayment(msgspec.Struct, gc=False):
    """祝儀 chips one player hands another (apart from points)."""

    payer: Seat
    payee: Seat
    chips: Annotated[int, msgspec.Meta(description="Chips, for ippatsu, ura dora, red fives and a yakuman.")]


class WinnerResult(msgspec.Struct, kw_only=True):
    """One winner's share of the settlement."""

    winner: Seat
    paid: Annotated[bool, msgspec.Meta(description="False when head-bumped (`multiple_ron: head_bump`).")]
    han: Annotated[int | None, msgspec.Meta(description="The han used (null for a yakuman hand).")]
    fu: Annotated[int | None, msgspec.Meta(description="The fu used (null from 5 han up and for yakuman).")]
    fu_count: Annotated[FuResult | None, msgspec.Meta(description="The fu counted from `hand`, itemised (null when `fu` was given).")] = (
        None
    )
    yakuman: Annotated[int, msgspec.Meta(description="Yakuman paid (after `multiple_yakuman`); 0 when none.")]
    basic_points: Annotated[Decimal, msgspec.Meta(description="基本點 of this winner's hand.")]
    tier: Annotated[str | None, msgspec.Meta(description="Limit name, as the settlement's `tier`.")]
    hand_points: Annotated[Decimal, msgspec.Meta(description="Received for the hand itself (with any three-player bonus).")]
    honba_points: Annotated[Decimal, msgspec.Meta(description="Received for honba.")]
    riichi_stick_points: Annotated[Decimal, msgspec.Meta(description="Taken from the table (riichi sticks).")]
    receives: Annotated[Decimal, msgspec.Meta(description="hand_points + honba_points + riichi_stick_points.")]
    liable: Seat | None
    liable_yakuman: Annotated[
        int,
        msgspec.Meta(
            description="Yakuman paid under pao, by `liable` and `also_liable` together (0 without a liable seat, and for a rinshan kaihou under `rules.rinshan_pao`)."
        ),
    ]
    yaku_items: Annotated[
        list[HanItem] | None,
        msgspec.Meta(description="With `yaku`: the itemisation the han or yakuman came from (as `POST /v1/riichi/han`); else null."),
    ] = None
    chips_each: Annotated[
        int | None,
        msgspec.Meta(
            description="With `rules.shugi`: chips each payer hands this winner (the discarder, or each player on a tsumo); else null."
        ),
    ] = None


class RiichiSettlement(Settlement, kw_only=True, tag="riichi"):
    """Who pays whom for a riichi hand. `pre_payout_total` is the winner's
    basic points; `tier` is null, `mangan`, `haneman`, `baiman`, `sanbaiman`,
    `kazoe_yakuman`, `yakuman`, `double_yakuman`, `triple_yakuman`, …
    Payment roles: `discarder`, `other` (0 on a ron), `dealer` / `non_dealer`
    (tsumo payers), `liable` (pao)."""

    han: Annotated[int | None, msgspec.Meta(description="The winner's han used (null for a yakuman hand).")]
    fu: Annotated[int | None, msgspec.Meta(description="The winner's fu used (null from 5 han up and for yakuman).")]
    fu_count: Annotated[
        FuResult | None,
        msgspec.Meta(description="The winner's fu counted from `hand`, itemised (null when `fu` was given)."),
    ] = None
    yakuman: Annotated[int, msgspec.Meta(description="The winner's yakuman paid; 0 when none.")]
    winners: Annotated[
        list[WinnerResult], msgspec.Meta(description="Every winner (more than one on a multiple ron) in turn order after the discarder.")
    ]
    dealer: Seat
    players: int
    honba: int
    riichi_sticks: int
    rules: RiichiRules
    yaku_options: YakuOptions
    yaku_items: Annotated[
        list[HanItem] | None,
        msgspec.Meta(
            description="With `yaku`: the winner's itemisation (as `POST /v1/riichi/han`); null when `han` or `yakuman` was sent."
        ),
    ] = None
    chip_payments: Annotated[
        list[ChipPayment] | None,
        msgspec.Meta(description="With `rules.shugi`: 祝儀 chips per payer and winner, in turn order; else null."),
    ] = None
    evaluation: OrUnset[
        Annotated[
            RiichiEvaluation,
            msgspec.Meta(description="With `tiles`: the winner's evaluation (the `POST /v1/riichi/hands` answer); absent otherwise."),
        ]
    ] = msgspec.UNSET
    evaluations: OrUnset[
        Annotated[
            dict[str, RiichiEvaluation],
            msgspec.Meta(description="With `tiles`: every winner's evaluation by seat (further winners included); absent otherwise."),
        ]
    ] = msgspec.UNSET
    chip_deltas: Annotated[
        dict[str, int] | None,
        msgspec.Meta(
            description="With `rules.shugi`: net chips per seat, zero-sum (add them up over a game for `POST /v1/riichi/game-results` `chips.counts`); else null."
        ),
    ] = None


_BLANK_SETTLEMENT = RiichiSettlement(
    winner="east",
    winner_receives=POINTS[0],
    payments=[],
    deltas={},
    pre_payout_total=POINTS[0],
    tier=None,
    warnings=[],
    han=None,
    fu=None,
    yakuman=0,
    winners=[],
    dealer="east",
    players=4,
    honba=0,
    riichi_sticks=0,
    rules=RiichiRules(),
    yaku_options=YakuOptions(),
)
"""What :func:`settle` copies (``msgspec.structs.replace``) and fills in
whole; the optional fields keep their defaults unless the hand has them.
Never handed out itself."""


# --- Hand value ----------------------------------------------------------------------


class ResolvedHand(msgspec.Struct, frozen=True):
    """A hand's resolved value: basic points and the tier, with the han/fu or
    yakuman count that produced them."""

    han: int | None
    fu: int | None
    yakuman: int
    basic: int
    tier: str | None
    warnings: tuple[SettlementWarning, ...] = ()
    fu_count: FuResult | None = None
    yaku_items: list[HanItem] | None = None
    evaluation: RiichiEvaluation | None = None


def basic_points(han: int, fu: int, rules: RiichiRules) -> tuple[int, str | None]:
    """Basic points and tier for a non-yakuman hand (the riichi scoring article's 基本點, 滿貫, 切上滿貫)."""
    if han >= KAZOE_HAN:
        if han >= KAZOE_DOUBLE_HAN and rules.kazoe_double and rules.kazoe == "yakuman":
            return KAZOE_DOUBLE
        return KAZOE[rules.kazoe]
    limit = _LIMIT_BY_HAN.get(han)
    if limit is not None:
        return limit
    basic = fu << (han + 2)  # fu × 2^(han+2)
    if basic >= MANGAN_BASIC or (rules.kiriage and basic == KIRIAGE_BASIC):
        return MANGAN_BASIC, "mangan"
    return basic, None


def yakuman_points(count: int, rules: RiichiRules) -> tuple[int, int, str]:
    """(yakuman paid, basic points, tier) for a hand of ``count`` yakuman."""
    paid = count if rules.multiple_yakuman else 1
    return paid, YAKUMAN_BASIC * paid, yakuman_tier(paid)


def resolve_hand(
    fields: HandFields,
    *,
    tsumo: bool,
    rules: RiichiRules,
    seat: Seat,
    pointer: str = "",
    options: YakuOptions | None = None,
    dealer: Seat | None = None,
    win: Win | None = None,
    players: int = 4,
) -> ResolvedHand:
    """Resolve and check what a hand is worth; ``pointer`` locates ``fields``
    in the request (``""`` or ``/further_winners/0``). A ``hand`` structure
    is counted into fu (and checked) whatever the han."""
    if fields.tiles is not msgspec.UNSET:
        return _value_from_tiles(
            fields,
            fields.tiles,
            tsumo=tsumo,
            rules=rules,
            seat=seat,
            pointer=pointer,
            options=options,
            dealer=dealer,
            win=win,
            players=players,
        )
    counted: FuResult | None = None
    tier: str | None  # yakuman, a limit, or none
    if fields.hand is not msgspec.UNSET:
        if fields.fu is not msgspec.UNSET:
            raise RuleViolation(FieldProblem(f"{pointer}/hand", "Give `fu` or `hand`, not both."))
        counted = count_fu(fields.hand, fields.hand.rules, f"{pointer}/hand", tsumo=tsumo)
    if fields.yaku is not msgspec.UNSET:
        return _value_from_yaku(
            fields,
            fields.yaku,
            tsumo=tsumo,
            rules=rules,
            seat=seat,
            pointer=pointer,
            options=options or YakuOptions(),
            dealer_won=seat == dealer,
            counted=counted,
        )
    if fields.yakuman is not msgspec.UNSET:
        paid, basic, tier = yakuman_points(fields.yakuman, rules)
        notes: tuple[SettlementWarning, ...] = ()
        if paid < fields.yakuman:
            notes = (warning("yakuman_capped", seat=seat, yakuman=fields.yakuman),)
        return ResolvedHand(None, None, paid, basic, tier, notes, counted)
    han = fields.han
    if han is msgspec.UNSET:
        raise RuleViolation(FieldProblem(f"{pointer}/han", "Give `han` (with `fu` below 5 han) or `yakuman`."))
    if han >= 5:
        basic, tier = basic_points(han, 0, rules)
        return ResolvedHand(han, None, 0, basic, tier, (), counted)
    fu = counted.fu if counted is not None else fields.fu
    if fu is msgspec.UNSET:
        raise RuleViolation(
            field_problem(f"{pointer}/fu", "Below 5 han the fu decide the value: give `fu` (or `hand`) for this {han}-han hand.", han=han)
        )
    basic, tier = basic_points(han, fu, rules)
    notes = _combination_warnings(han, fu, tsumo, seat) if fu in WARNED_FU else ()
    return ResolvedHand(han, fu, 0, basic, tier, notes, counted)


TILES_OR = template("Give `tiles` or `{field}`, not both: the tiles decide the value.")


def _value_from_tiles(
    fields: HandFields,
    tiles: RiichiTiles,
    *,
    tsumo: bool,
    rules: RiichiRules,
    seat: Seat,
    pointer: str,
    options: YakuOptions | None,
    dealer: Seat | None,
    win: Win | None,
    players: int,
) -> ResolvedHand:
    """The value of a winner's `tiles` (:mod:`service.rulesets.riichi.tiles`).
    The evaluation's pointers are under ``/tiles``; a further winner's are
    moved under its own entry."""
    for name in ("han", "fu", "yakuman", "yaku", "hand"):
        if getattr(fields, name) is not msgspec.UNSET:
            raise RuleViolation(
                field_problem(f"{pointer}/tiles", TILES_OR, field=name), field_problem(f"{pointer}/{name}", TILES_OR, field=name)
            )
    if win is None:
        win = SelfDraw() if tsumo else Discard(discarder=seat)
    try:
        found = evaluate(
            tiles, win=win, winner=seat, dealer=dealer or "east", players=players, rules=rules, options=options or YakuOptions()
        )
    except RuleViolation as violation:
        if not pointer:
            raise
        violation.problems = tuple(
            dataclasses.replace(problem, pointer=pointer + problem.pointer) if problem.pointer.startswith("/tiles") else problem
            for problem in violation.problems
        )
        raise
    notes = tuple(found.evaluation.warnings)
    if found.yakuman:
        return ResolvedHand(
            None, None, found.yakuman, found.basic, found.tier, notes, found.evaluation.fu_count, found.evaluation.items, found.evaluation
        )
    assert found.han is not None
    notes += _combination_warnings(found.han, found.fu, tsumo, seat) if found.fu is not None else ()
    return ResolvedHand(
        found.han, found.fu, 0, found.basic, found.tier, notes, found.evaluation.fu_count, found.evaluation.items, found.evaluation
    )


TSUMO_YAKU: frozenset[str] = frozenset({"menzen_tsumo", "haitei", "rinshan_kaihou", "tenhou", "chiihou"})
"""Yaku won by a self-draw (the Wikibooks extract: 自摸, 海底, 嶺上, 天和/地和 摸…自摸糊牌)."""
RON_YAKU: frozenset[str] = frozenset({"houtei", "chankan", "renhou"})
"""Yaku won on another player's tile (河底 出銃, 搶槓, 人和 有人出銃)."""
DEALER_YAKU: frozenset[str] = frozenset({"tenhou", "paarenchan"})
NON_DEALER_YAKU: frozenset[str] = frozenset({"chiihou", "renhou"})
WIN_BOUND_YAKU = TSUMO_YAKU | RON_YAKU | DEALER_YAKU | NON_DEALER_YAKU
"""The yaku :func:`_check_yaku_against_win` has anything to say about."""


def _value_from_yaku(
    fields: HandFields,
    yaku: list[YakuCode],
    *,
    tsumo: bool,
    rules: RiichiRules,
    seat: Seat,
    pointer: str,
    options: YakuOptions,
    dealer_won: bool,
    counted: FuResult | None,
) -> ResolvedHand:
    """The hand's value from its declared yaku and dora (the Wikibooks extract's list,
    :mod:`service.rulesets.riichi.yaku`), then the usual limits."""
    if fields.han is not msgspec.UNSET or fields.yakuman is not msgspec.UNSET:
        name = "han" if fields.han is not msgspec.UNSET else "yakuman"
        detail = template("Give `yaku` or `{field}`, not both.")
        raise RuleViolation(field_problem(f"{pointer}/yaku", detail, field=name), field_problem(f"{pointer}/{name}", detail, field=name))
    declared = _DeclaredHand.of(fields, yaku)
    if counted is not None and (declared.open == counted.closed or (not counted.pinfu and "pinfu" in yaku)):
        _check_yaku_against_shape(declared, counted, pointer)  # called only when it has something to say
    count = tally_han(declared, options, multiple_yakuman=rules.multiple_yakuman, at=pointer, options_at="/yaku_options")
    if not WIN_BOUND_YAKU.isdisjoint(count.positions):
        _check_yaku_against_win(count.positions, tsumo=tsumo, dealer_won=dealer_won, pointer=pointer)
    notes: tuple[SettlementWarning, ...] = () if count.has_yaku else (NO_YAKU,)
    if count.yakuman:
        # multiple_yakuman has been applied to the combination: a lone double
        # yakuman still counts two (unless yaku_options.double_yakuman is false)
        return ResolvedHand(
            None, None, count.yakuman, YAKUMAN_BASIC * count.yakuman, yakuman_tier(count.yakuman), notes, counted, count.items
        )
    if count.han == 0:
        raise RuleViolation(FieldProblem(f"{pointer}/yaku", "These yaku and dora make 0 han: nothing to settle."))
    if count.han >= 5:
        basic, tier = basic_points(count.han, 0, rules)
        return ResolvedHand(count.han, None, 0, basic, tier, notes, counted, count.items)
    fu = counted.fu if counted is not None else fields.fu
    if fu is msgspec.UNSET:
        raise RuleViolation(
            field_problem(
                f"{pointer}/fu", "Below 5 han the fu decide the value: give `fu` (or `hand`) for this {han}-han hand.", han=count.han
            )
        )
    basic, tier = basic_points(count.han, fu, rules)
    if fu in WARNED_FU:
        notes += _combination_warnings(count.han, fu, tsumo, seat)
    return ResolvedHand(count.han, fu, 0, basic, tier, notes, counted, count.items)


def _check_yaku_against_shape(declared: _DeclaredHand, counted: FuResult, pointer: str) -> None:
    """With both `yaku` and `hand`: `open` must say what the melds say, and
    pinfu needs the pinfu shape."""
    if declared.open == counted.closed:
        if declared.open:
            detail = template("`open` is true, but the melds in `hand` are closed.")
        else:
            detail = template("`open` is false, but the melds in `hand` are open.")
        raise RuleViolation(FieldProblem(f"{pointer}/open", detail), FieldProblem(f"{pointer}/hand", detail))
    if "pinfu" in declared.yaku and not counted.pinfu:
        detail = template("`pinfu` is declared, but `hand` is not a pinfu shape (closed, four sequences, a plain pair, a two-sided wait).")
        raise RuleViolation(FieldProblem(f"{pointer}/yaku/{declared.yaku.index('pinfu')}", detail), FieldProblem(f"{pointer}/hand", detail))


def _check_yaku_against_win(positions: dict[str, int], *, tsumo: bool, dealer_won: bool, pointer: str) -> None:
    """Win-type yaku must match `win`, dealer-only yaku the dealer (422 naming
    the yaku and `win/type` or `dealer`)."""
    problems: list[FieldProblem] = []
    win_type = dealer = False
    for code, index in positions.items():
        if tsumo and code in RON_YAKU:
            win_type = True
            problems.append(
                field_problem(f"{pointer}/yaku/{index}", "`{code}` is a win on another player's tile, but `win` is a self-draw.", code=code)
            )
        elif not tsumo and code in TSUMO_YAKU:
            win_type = True
            problems.append(field_problem(f"{pointer}/yaku/{index}", "`{code}` is a self-draw, but `win` is a discard.", code=code))
        if code in DEALER_YAKU and not dealer_won:
            dealer = True
            problems.append(
                field_problem(f"{pointer}/yaku/{index}", "`{code}` is the dealer's, but this winner is not the dealer.", code=code)
            )
        elif code in NON_DEALER_YAKU and dealer_won:
            dealer = True
            problems.append(
                field_problem(f"{pointer}/yaku/{index}", "`{code}` is a non-dealer's, but this winner is the dealer.", code=code)
            )
    if win_type:
        problems.append(FieldProblem("/win/type", "The declared yaku contradict how the hand was won."))
    if dealer:
        problems.append(FieldProblem("/dealer", "The declared yaku contradict who the dealer is."))
    if problems:
        raise RuleViolation(*problems, title=template("The declared yaku contradict the win"))


WARNED_FU: frozenset[int] = frozenset({20, 25})
"""The fu :func:`_combination_warnings` has anything to say about."""


def _combination_warnings(han: int, fu: int, tsumo: bool, seat: Seat) -> tuple[SettlementWarning, ...]:
    """Han/fu combinations no real hand has (the reference calculator's 符: 20 fu only on pinfu
    tsumo; 25 fu is seven pairs, itself 2 han). Still computed."""
    if fu not in WARNED_FU:
        return ()
    notes: list[SettlementWarning] = []
    if fu == 20 and not tsumo:
        notes.append(warning("fu_20_on_ron", seat=seat))
    if fu == 20 and tsumo and han < 2:
        notes.append(warning("fu_20_tsumo_below_2_han", seat=seat, han=han))
    if fu == 25 and han < 2:
        notes.append(warning("fu_25_below_2_han", seat=seat, han=han))
    elif fu == 25 and tsumo and han < 3:
        notes.append(warning("fu_25_tsumo_below_3_han", seat=seat, han=han))
    return tuple(notes)


# --- Payments ---------------------------------------------------------------------------


def payment_rule(players: int, rules: RiichiRules) -> PaymentRule:
    return FOUR_PLAYERS if players == 4 else SANMA_TSUMO[rules.sanma_tsumo]


def _winner_lines(
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


NO_LIABILITY = Liability((), None)
"""A multiple ron's winner without pao: the lines of :func:`liable_lines` with no liable seat."""


def check_seat(seat: Seat, seats: tuple[Seat, ...], pointer: str) -> None:
    if seat not in seats:
        raise RuleViolation(field_problem(pointer, "{seat} is not at a {players}-player table.", seat=seat, players=len(seats)))


def resolve_hand_rules(rules: RiichiRules, players: int) -> RiichiRules:
    """:func:`resolve_rules` for valuing a hand: `kazoe_double` with `kazoe`
    `sanbaiman` cannot be played (a 422; a score table just has no 26-han row)."""
    if rules.kazoe_double:
        check_kazoe_double(rules)
    return resolve_rules(rules, players)


def resolve_rules(rules: RiichiRules, players: int) -> RiichiRules:
    """The rules with `honba_value` filled in for the table size."""
    if rules is DEFAULT_RULES:
        return RESOLVED_DEFAULT_RULES[players]
    if rules.honba_value is msgspec.UNSET:
        return msgspec.structs.replace(rules, honba_value=HONBA_VALUE[players])
    return rules


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


def settle(request: RiichiRequest) -> RiichiSettlement:
    players = request.players
    seats = SEATS_FOR[players]
    rules = resolve_hand_rules(request.rules, players)
    honba_value = rules.honba_value
    assert honba_value is not msgspec.UNSET  # resolve_rules filled it in
    winner = request.winner
    dealer = request.dealer
    win = request.win
    discarder = win.discarder if type(win) is Discard else None  # Win is Discard | SelfDraw
    # the checks' functions are called only to word a failure
    if winner not in seats or dealer not in seats:
        check_seat(winner, seats, "/winner")
        check_seat(dealer, seats, "/dealer")
    if discarder is not None and (discarder == winner or discarder not in seats):
        check_discarder(winner, win, seats)
    tsumo = discarder is None

    entries: list[tuple[Seat, WinnerFields, str]] = [(winner, request, "")]
    if request.further_winners:
        if discarder is None:  # a tsumo
            raise RuleViolation(FieldProblem("/further_winners", "Only a discard can have further winners (multiple ron)."))
        taken = {winner}
        for index, further in enumerate(request.further_winners):
            pointer = f"/further_winners/{index}"
            check_seat(further.winner, seats, f"{pointer}/winner")
            if further.winner == discarder:
                raise RuleViolation(FieldProblem(f"{pointer}/winner", "A further winner cannot be the discarder."))
            if further.winner in taken:
                raise RuleViolation(field_problem(f"{pointer}/winner", "{seat} is already a winner of this hand.", seat=further.winner))
            taken.add(further.winner)
            entries.append((further.winner, further, pointer))
        order = OTHERS[(players, discarder)]
        entries.sort(key=lambda entry: order.index(entry[0]))
        winners = tuple([entry[0] for entry in entries])
    else:
        winners = (winner,)
    first = winners[0]
    rule = payment_rule(players, rules)
    honba_total = honba_value * request.honba
    sticks_total = RIICHI_STICK * request.riichi_sticks
    warnings: list[SettlementWarning] = []
    lines: list[Payment] = []
    balance = NO_POINTS[players].copy()  # points per seat, made Decimals at the end
    results: list[WinnerResult] = []
    chip_lines: list[ChipPayment] = []
    evaluations: dict[str, RiichiEvaluation] = {}
    for seat, fields, pointer in entries:
        value = resolve_hand(
            fields,
            tsumo=tsumo,
            rules=rules,
            seat=seat,
            pointer=pointer,
            options=request.yaku_options,
            dealer=dealer,
            win=win,
            players=players,
        )
        if value.warnings:
            warnings.extend(value.warnings)
        liable = None if fields.liable is None and not fields.also_liable else liability(fields, seat, value, seats, pointer, rules, tsumo)
        paid = rules.multiple_ron == "allowed" or seat == first
        honba_points = honba_total if paid and (rules.multi_ron_honba == "each" or seat == first) else 0
        if tsumo and (liable is None or liable.honba_payer is None) and honba_points % (players - 1):
            raise RuleViolation(
                field_problem(
                    "/rules/honba_value",
                    "{points} honba points do not split evenly between the {payers} payers of a tsumo.",
                    points=honba_points,
                    payers=players - 1,
                )
            )
        hand = 0
        if paid:
            hand = _winner_lines(
                seat,
                value,
                lines,
                balance,
                discarder=discarder,
                dealer=dealer,
                payers=OTHERS[(players, seat)],
                rule=rule,
                honba_points=honba_points,
                liable=liable,
                winners=winners,
            )
            balance[seat] += hand + honba_points  # what the lines add up to
        else:
            warnings.append(warning("head_bumped", seat=seat, first=first))
        sticks = sticks_total if seat == first else 0
        results.append(
            WinnerResult(
                winner=seat,
                paid=paid,
                han=value.han,
                fu=value.fu,
                fu_count=value.fu_count,
                yakuman=value.yakuman,
                basic_points=POINTS[value.basic],
                tier=value.tier,
                hand_points=POINTS[hand],
                honba_points=POINTS[honba_points],
                riichi_stick_points=POINTS[sticks],
                receives=POINTS[hand + honba_points + sticks],
                liable=None if liable is None else liable.seat,
                liable_yakuman=0 if liable is None else liable.yakuman,
                yaku_items=value.yaku_items,
            )
        )
        if value.evaluation is not None:
            evaluations[seat] = value.evaluation
        if rules.shugi:
            each = shugi_chips(fields, value, tsumo=tsumo, rules=rules, pointer=pointer) if paid else 0
            results[-1].chips_each = each
            if paid:
                chip_lines += [ChipPayment(payer, seat, each) for payer in (OTHERS[(players, seat)] if discarder is None else (discarder,))]

    # Every amount is whole points: the deltas are added up in integers (the
    # sticks come from the table, the one thing that is not zero-sum), and each
    # becomes a shared Decimal once.
    balance[first] += sticks_total
    deltas: dict[str, Decimal] = {}
    for party, points in balance.items():
        deltas[party] = POINTS[points]
    main = results[0] if results[0].winner == winner else next(result for result in results if result.winner == winner)
    # `replace` on a blank settlement: a constructor call with all its fields
    # (more than 15 keywords) goes through a dict in CPython, at several times the cost
    settlement = msgspec.structs.replace(
        _BLANK_SETTLEMENT,
        winner=winner,
        winner_receives=deltas[winner],
        payments=lines,
        deltas=deltas,
        pre_payout_total=main.basic_points,
        tier=main.tier,
        warnings=warnings,
        han=main.han,
        fu=main.fu,
        yakuman=main.yakuman,
        winners=results,
        dealer=dealer,
        players=players,
        honba=request.honba,
        riichi_sticks=request.riichi_sticks,
    )
    settlement.rules = rules
    settlement.yaku_options = request.yaku_options
    if main.fu_count is not None:
        settlement.fu_count = main.fu_count
    if main.yaku_items is not None:
        settlement.yaku_items = main.yaku_items
    if evaluations:
        settlement.evaluation = evaluations.get(winner, msgspec.UNSET)
        settlement.evaluations = evaluations
    if rules.shugi:
        chip_deltas: dict[str, int] = dict.fromkeys(seats, 0)
        for line in chip_lines:
            chip_deltas[line.payer] -= line.chips
            chip_deltas[line.payee] += line.chips
        settlement.chip_payments, settlement.chip_deltas = chip_lines, chip_deltas
    return settlement


# --- Exhaustive draw ---------------------------------------------------------------------


class RiichiDrawRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An exhaustive draw (荒牌流局): who is tenpai, who has nagashi mangan."""

    tenpai: Annotated[list[Seat], msgspec.Meta(max_length=4, description="The tenpai seats (any order, no repeats).")] = msgspec.field(
        default_factory=list
    )
    nagashi_mangan: Annotated[
        list[Seat],
        msgspec.Meta(max_length=4, description="流局滿貫: seats paid as a mangan tsumo (no honba) by every other seat."),
    ] = msgspec.field(default_factory=list)
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (親), default east.")] = "east"
    players: Players = 4
    honba: HonbaCount = 0
    riichi_sticks: SticksCount = 0
    rules: RiichiRules = RiichiRules()


DrawRole = Literal["noten", "dealer", "non_dealer"]


class DrawPayment(msgspec.Struct, frozen=True):
    """One payer → payee line of a draw. Roles: `noten` (a noten seat paying a
    tenpai seat its share of the noten payment), `dealer` / `non_dealer` (paying
    a nagashi mangan as on a mangan tsumo)."""

    payer: Seat
    payee: Seat
    amount: Annotated[Decimal, msgspec.Meta(description="Exact, never negative.")]
    role: DrawRole


class RiichiDrawResult(msgspec.Struct, kw_only=True):
    """Payments at an exhaustive draw. Honba and riichi sticks stay on the
    table: they are echoed, not paid."""

    ruleset: str
    tenpai: list[Seat]
    noten: list[Seat]
    nagashi_mangan: list[Seat]
    payments: list[DrawPayment]
    deltas: Annotated[dict[str, Decimal], msgspec.Meta(description="Net change per seat; zero-sum.")]
    dealer: Seat
    players: int
    honba: Annotated[int, msgspec.Meta(description="Honba counters, still on the table.")]
    riichi_sticks: Annotated[int, msgspec.Meta(description="Riichi sticks, still on the table.")]
    rules: RiichiRules


def _distinct_seats(values: list[Seat], seats: tuple[Seat, ...], pointer: str) -> frozenset[Seat]:
    seen: set[Seat] = set()
    for index, seat in enumerate(values):
        check_seat(seat, seats, f"{pointer}/{index}")
        if seat in seen:
            raise RuleViolation(field_problem(f"{pointer}/{index}", "{seat} is listed twice.", seat=seat))
        seen.add(seat)
    return frozenset(seen)


def draw(request: RiichiDrawRequest) -> RiichiDrawResult:
    players = request.players
    seats = seats_for(players)
    rules = resolve_rules(request.rules, players)
    check_seat(request.dealer, seats, "/dealer")
    tenpai = _distinct_seats(request.tenpai, seats, "/tenpai")
    nagashi = _distinct_seats(request.nagashi_mangan, seats, "/nagashi_mangan")
    rule = payment_rule(players, rules)
    lines: list[DrawPayment] = []

    for seat in (s for s in seats if s in nagashi):
        payers = OTHERS[(players, seat)]
        for payer in payers:
            amount = tsumo_share(MANGAN_BASIC, seat == request.dealer, payer == request.dealer, len(payers), rule)
            lines.append(DrawPayment(payer, seat, Decimal(amount), "dealer" if payer == request.dealer else "non_dealer"))

    tenpai_seats = [s for s in seats if s in tenpai]
    noten_seats = [s for s in seats if s not in tenpai]
    if tenpai_seats and noten_seats and (not nagashi or rules.noten_with_nagashi):
        pairs = len(tenpai_seats) * len(noten_seats)
        if rules.noten_payment % pairs:
            raise RuleViolation(
                field_problem(
                    "/rules/noten_payment",
                    "{amount} does not split evenly between {noten} noten and {tenpai} tenpai seats.",
                    amount=rules.noten_payment,
                    noten=len(noten_seats),
                    tenpai=len(tenpai_seats),
                )
            )
        share = Decimal(rules.noten_payment // pairs)
        lines.extend(DrawPayment(payer, payee, share, "noten") for payer in noten_seats for payee in tenpai_seats)

    deltas: dict[str, Decimal] = {seat: Decimal(0) for seat in seats}
    for line in lines:
        deltas[line.payer] -= line.amount
        deltas[line.payee] += line.amount
    return RiichiDrawResult(
        ruleset="riichi",
        tenpai=tenpai_seats,
        noten=noten_seats,
        nagashi_mangan=[s for s in seats if s in nagashi],
        payments=lines,
        deltas=deltas,
        dealer=request.dealer,
        players=players,
        honba=request.honba,
        riichi_sticks=request.riichi_sticks,
        rules=rules,
    )


# --- Score table ------------------------------------------------------------------------

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
