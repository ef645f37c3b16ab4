"""Riichi house rules: the :class:`RiichiRules` a table plays by, their
defaults per table size, and the payment rule they choose.

Sources: the riichi scoring article (場棒 per table size, 三人麻雀's payment
variants, 祝儀, the 地方變異 of pao), the reference calculator (kiriage,
EMA kazoe sanbaiman), the common noten payment (Tenhou's, the EMA rules'). Every option is described
where it is declared; discovery, the query parameters, OpenAPI and the docs
derive from these fields.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from service.core.fields import OrUnset
from service.rulesets.riichi.payments import FOUR_PLAYERS, SANMA_TSUMO, PaymentRule, SanmaTsumo
from service.rulesets.riichi.yaku_rules import KazoeDouble, KazoeRule, MultipleYakuman, check_kazoe_double

HONBA_VALUE: dict[int, int] = {4: 300, 3: 200}
"""The riichi scoring article's 場棒: 一本場300點（三麻則為200點）— the default per players."""

NOTEN_PAYMENT = 3000
"""Noten payments at an exhaustive draw: 3000 in total (Tenhou, the EMA rules), shared by the
tenpai players and paid by the noten players."""

MAX_SHUGI = 100
"""Largest yakuman chip count a table may set (the riichi scoring article uses 10 and 5)."""

PaoScope = Literal["yakuman", "whole_hand"]
PaoHonba = Literal["liable", "as_hand"]


class RiichiRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True, gc=False):
    """The table's house rules. Every field is optional; the response echoes
    the fully resolved rules (with `honba_value` filled in)."""

    __echoed_when_sent__: ClassVar[tuple[str, ...]] = ("triple_ron", "nagashi_mangan", "suukantsu_pao")
    """Options added later: echoed only when sent (or set by a preset), so an answer without them stays as it was."""

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
    # fields added later are OrUnset: left out of the echoed rules unless sent (or set by a preset), so an answer
    # without them stays as it was; absent means the default the description names
    triple_ron: OrUnset[
        Annotated[
            Literal["allowed", "abortive_draw"],
            msgspec.Meta(
                description=(
                    "Three winners on one discard (三家和): `allowed` (default: each is paid, as `multiple_ron` says) or "
                    "`abortive_draw` (the hand is an abortive draw, as Tenhou plays: a settlement with two further winners is refused)."
                )
            ),
        ]
    ] = msgspec.UNSET
    nagashi_mangan: OrUnset[
        Annotated[
            bool,
            msgspec.Meta(description="Draws: whether the table plays nagashi mangan (default true; false refuses `nagashi_mangan` seats)."),
        ]
    ] = msgspec.UNSET
    suukantsu_pao: OrUnset[
        Annotated[
            bool,
            msgspec.Meta(
                description=(
                    "四槓子の責任払い: whether the discarder of a fourth kan called from a discard (大明槓) is liable for suukantsu "
                    "(default false; true as M.League plays). A settlement names that seat in `liable`; a record's replay works it out.\n"
                    "With it a liable seat answers for suukantsu as for daisangen and daisuushii (`liable`, `pao_scope`, `pao_honba`)."
                )
            ),
        ]
    ] = msgspec.UNSET


DEFAULT_RULES = RiichiRules()
"""The rules of a request that sends none (the field's default: one shared object)."""

RESOLVED_DEFAULT_RULES: dict[int, RiichiRules] = {
    players: msgspec.structs.replace(DEFAULT_RULES, honba_value=HONBA_VALUE[players]) for players in (3, 4)
}
""":data:`DEFAULT_RULES` resolved per table size (:func:`resolve_rules`), made once."""


def resolve_rules(rules: RiichiRules, players: int) -> RiichiRules:
    """The rules with `honba_value` filled in for the table size."""
    if rules is DEFAULT_RULES:
        return RESOLVED_DEFAULT_RULES[players]
    if rules.honba_value is msgspec.UNSET:
        return msgspec.structs.replace(rules, honba_value=HONBA_VALUE[players])
    return rules


def resolve_hand_rules(rules: RiichiRules, players: int) -> RiichiRules:
    """:func:`resolve_rules` for valuing a hand: `kazoe_double` with `kazoe`
    `sanbaiman` cannot be played (a 422; a score table just has no 26-han row)."""
    if rules.kazoe_double:
        check_kazoe_double(rules)
    return resolve_rules(rules, players)


def payment_rule(players: int, rules: RiichiRules) -> PaymentRule:
    """How hands are paid at this table: the four-player payments, or the
    three-player variant `sanma_tsumo` names."""
    return FOUR_PLAYERS if players == 4 else SANMA_TSUMO[rules.sanma_tsumo]
