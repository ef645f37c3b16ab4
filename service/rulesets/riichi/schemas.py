"""Riichi settlement requests and answers: what a winner's hand is worth as a
request gives it (han/fu, yakuman, yaku, a hand structure or the tiles), who
won and how, and the answer's per-winner shares and chips.

The field descriptions are the published schema (OpenAPI); the rules
behind them live in :mod:`~service.rulesets.riichi.value` (a hand's value),
:mod:`~service.rulesets.riichi.pao` (liability) and
:mod:`~service.rulesets.riichi.settlement` (who pays whom).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, ClassVar

import msgspec

from service.core.errors import template
from service.core.fields import OrUnset
from service.core.seats import Seat
from service.core.settlement import Settlement, Win
from service.rulesets.riichi.hand.counting import MAX_AKA_DORA, MAX_DORA, MAX_NUKI_DORA, HanItem
from service.rulesets.riichi.hand.fu import FuResult, RiichiSettlementHand
from service.rulesets.riichi.hand.limits import MAX_HAN, Fu
from service.rulesets.riichi.hand.tiles import RiichiEvaluation, RiichiTiles
from service.rulesets.riichi.hand.value_table import YAKU_TABLE, YakuCode
from service.rulesets.riichi.payments import MAX_YAKUMAN
from service.rulesets.riichi.presets import PresetField, PresetName, with_presets
from service.rulesets.riichi.rules import DEFAULT_RULES, RiichiRules
from service.rulesets.riichi.seats import HonbaCount, Players, SticksCount, literal_bounds
from service.rulesets.riichi.yaku_rules import YakuOptions


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
            literal_bounds(20, 130, "符 after rounding: 20, 25 (seven pairs), 30, 40 … 130. Needed below 5 han, ignored from 5 han up."),
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


class AlsoLiable(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """A further liable seat: another player made another of the hand's yakuman."""

    seat: Annotated[Seat, msgspec.Meta(description="The seat liable for this yakuman (not the winner, not `liable`).")]
    yakuman: Annotated[
        int, msgspec.Meta(ge=1, le=MAX_YAKUMAN, description="How many of the hand's yakuman this seat answers for (default 1).")
    ] = 1


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
    preset: OrUnset[PresetField] = msgspec.UNSET


with_presets(RiichiRequest)


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
    preset: Annotated[
        OrUnset[PresetName], msgspec.Meta(description="The request's `preset`, when it named one (the resolved values are echoed).")
    ] = msgspec.UNSET
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
