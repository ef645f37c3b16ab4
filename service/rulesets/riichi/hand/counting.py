"""Riichi han from declared yaku (役 → 飜).

Source: the Wikibooks extract, section 日本麻雀計番 (一番役, 二番役, 三番役, 五番役以上, 役滿,
雙倍役滿): every yaku with its han, the open-hand reductions printed as
"如果食糊時有上碰，就減一番" (chinitsu: "如果唔係門前清，就減一番"), the
closed-only ones ("一定要門前清", "門前清之下", "門清"), the local options it
names (人和 as mangan, haneman, baiman, sanbaiman or yakuman; 大四喜 and the
other double yakuman as single) and the dora rule (懸賞牌, 赤紅5懸賞牌 and
裏懸賞牌 are bonuses counted after the hand has a yaku: "當手牌無有翻數嘅時候，
即使手上有十隻懸賞牌，都冇得食糊"). The riichi scoring article: 役滿和種不能與非役滿和種複合
(yakuman never combine with non-yakuman yaku), 複合役滿 as a rule option, the
limit ladder (滿貫 5, 跳滿 6–7, 倍滿 8–10, 三倍滿 11–12, 累計役滿 13+) and
three-player 拔北 counted as dora.

The table is data (:mod:`~service.rulesets.riichi.hand.value_table`);
:func:`count_han` walks the declared yaku once against its lookups.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

import msgspec

from service.core.fields import OrUnset
from service.core.settlement import LocalizedName
from service.core.warnings import SettlementWarning
from service.rulesets.riichi.hand.value_table import (
    BONUS_TABLE,
    LIMIT_HAN,
    TIER_BY_YAKUMAN,
    VALUES,
    YAKU_TABLE,
    BonusCode,
    BonusRow,
    Limit,
    YakuCode,
    YakuRow,
)
from service.rulesets.riichi.hand.yaku_checks import DeclaredHand, check_declared
from service.rulesets.riichi.presets import PresetField, PresetName, with_presets
from service.rulesets.riichi.warnings import warning
from service.rulesets.riichi.yaku_rules import KAZOE_DOUBLE_HAN, Kazoe, YakuOptions, YakuRules, check_kazoe_double

NO_YAKU = warning("no_yaku")

MAX_DORA = 90
"""Dora and ura dora: at most 18 tiles (four kans) × 5 indicators."""
MAX_AKA_DORA = 4
MAX_NUKI_DORA = 4


# --- Request and response -----------------------------------------------------


class HanRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The yaku a riichi hand has and its dora; the answer is its han, itemised."""

    yaku: Annotated[
        list[YakuCode],
        msgspec.Meta(
            max_length=len(YAKU_TABLE), description="The hand's yaku, each at most once (codes from `GET /v1/riichi/yaku-table`)."
        ),
    ]
    open: Annotated[
        bool, msgspec.Meta(description="The hand has an open meld (上碰/副露): closed-only yaku are refused, others count their open han.")
    ] = False
    dora: Annotated[int, msgspec.Meta(ge=0, le=MAX_DORA, description="Dora (懸賞牌) in the hand, from the indicators shown.")] = 0
    aka_dora: Annotated[int, msgspec.Meta(ge=0, le=MAX_AKA_DORA, description="Red fives (赤ドラ) in the hand.")] = 0
    ura_dora: Annotated[int, msgspec.Meta(ge=0, le=MAX_DORA, description="Ura dora (裏ドラ): only with riichi or double riichi.")] = 0
    nuki_dora: Annotated[int, msgspec.Meta(ge=0, le=MAX_NUKI_DORA, description="Three players: norths set aside (拔北), one han each.")] = 0
    rules: YakuRules = YakuRules()
    preset: OrUnset[PresetField] = msgspec.UNSET


with_presets(HanRequest)

Dropped = Literal["yakuman", "multiple_yakuman_off", "renhou_counts_instead", "other_yaku_higher"]


class HanItem(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One yaku or dora kind and what it added. Frozen: a count hands out
    shared items from :data:`YAKU_ITEMS` and :data:`BONUS_ITEMS`, and a
    dropped item is a copy (``msgspec.structs.replace``)."""

    code: YakuCode | BonusCode
    name_en: Annotated[str, msgspec.Meta(description="English name (as in `GET /v1/riichi/yaku-table`).")]
    name: OrUnset[LocalizedName] = msgspec.UNSET
    count: Annotated[int, msgspec.Meta(description="Dora: how many; yaku: 1.")]
    han: Annotated[int, msgspec.Meta(description="Han this item adds (a limit yaku: the fewest han of its limit).")]
    yakuman: Annotated[int, msgspec.Meta(description="Yakuman this item adds (2 for a counted double yakuman).")]
    dropped: Annotated[
        Dropped | None,
        msgspec.Meta(
            description=(
                "Why the item adds nothing: `yakuman` (役滿唔可以有非役滿加計), `multiple_yakuman_off` (only the highest yakuman counts), "
                "`renhou_counts_instead` / `other_yaku_higher` (renhou scored as a limit does not add to other yaku: the higher counts)."
            )
        ),
    ] = None


class HanResult(msgspec.Struct, kw_only=True):
    """A hand's han (or yakuman), itemised."""

    items: list[HanItem]
    han: Annotated[int, msgspec.Meta(description="Total han of the counted items (0 on a yakuman hand: see `yakuman`).")]
    yakuman: Annotated[int, msgspec.Meta(description="Yakuman counted (0 when none); a settlement uses this instead of han and fu.")]
    tier: Annotated[
        str | None,
        msgspec.Meta(
            description="Limit reached without fu: `mangan` (5), `haneman` (6–7), `baiman` (8–10), `sanbaiman` (11–12), `kazoe_yakuman` (13+, or `sanbaiman` with kazoe sanbaiman), `kazoe_double_yakuman` (26+ with `kazoe_double`), `yakuman`, `double_yakuman`, …; null under 5 han (it depends on fu)."
        ),
    ]
    open: bool
    warnings: list[SettlementWarning]
    rules: YakuRules
    preset: Annotated[
        OrUnset[PresetName], msgspec.Meta(description="The request's `preset`, when it named one (the resolved values are echoed).")
    ] = msgspec.UNSET


# --- Computation ------------------------------------------------------------


def yakuman_tier(yakuman: int) -> str:
    """The tier name for ``yakuman`` (≥ 1) yakuman: a name up to eight, then
    ``yakuman_x<k>``. Yaku that :data:`CONTRADICTIONS` lets through add up
    to seven at most (tested), so the second form is a guard, not a tier any
    hand reaches."""
    return TIER_BY_YAKUMAN[yakuman] if yakuman < len(TIER_BY_YAKUMAN) else f"yakuman_x{yakuman}"


def _tier(han: int, yakuman: int, kazoe: Kazoe, kazoe_double: bool = False) -> str | None:
    if yakuman:
        return yakuman_tier(yakuman)
    if han >= KAZOE_DOUBLE_HAN and kazoe_double and kazoe == "yakuman":
        return "kazoe_double_yakuman"
    if han >= 13:
        return "kazoe_yakuman" if kazoe == "yakuman" else "sanbaiman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5:
        return "mangan"
    return None


YAKU_ITEMS: dict[tuple[str, int, int], HanItem] = {
    (row.code, han, yakuman): HanItem(code=row.code, name_en=row.name_en, count=1, han=han, yakuman=yakuman)
    for row in YAKU_TABLE
    for han, yakuman in [(han, 0) for han in range(max(LIMIT_HAN.values()) + 1)] + [(0, 1), (0, 2)]
}
"""Every item a yaku can count as: (code, han, yakuman) → its item, made once
(up to sanbaiman's 11 han, the most a yaku or limit adds; 1 or 2 yakuman)."""

BONUS_ITEMS: dict[str, list[HanItem]] = {
    row.code: [HanItem(code=row.code, name_en=row.name_en, count=count, han=count, yakuman=0) for count in range(MAX_DORA + 1)]
    for row in BONUS_TABLE
}
"""Every item a dora kind can count as: code → its items by count, made once
(0 to :data:`MAX_DORA`; the smaller kinds never reach the top)."""


PLAIN_ITEMS: dict[str, tuple[HanItem, HanItem | None]] = {
    row.code: (YAKU_ITEMS[row.code, row.han, 0], None if row.open_han is None else YAKU_ITEMS[row.code, row.open_han, 0])
    for row in YAKU_TABLE
    if not row.yakuman and row.limit is None and row.han is not None
}
"""The yaku worth plain han (no yakuman, no limit: no option changes them) →
their items (closed hand, open hand; None when closed only), made once."""


class HanCount(msgspec.Struct, kw_only=True):
    """What :func:`tally_han` found."""

    items: list[HanItem]
    han: int
    yakuman: int
    positions: dict[str, int]
    has_yaku: bool


def _double_yakuman_value(options: YakuOptions) -> tuple[int, Limit | None]:
    """A double yakuman (雙倍役滿): two yakuman, or one when the table counts
    them single (the Wikibooks extract: 可以設定大四喜為單倍役滿)."""
    return (2 if options.double_yakuman else 1), None


def _renhou_value(options: YakuOptions) -> tuple[int, Limit | None]:
    """人和: a yakuman, or the limit the table scores it as (the Wikibooks
    extract: mangan, 亦可以設定人胡為跳滿，倍滿，三倍滿或役滿). `off` never gets
    here: :func:`_check` refuses renhou then."""
    rule = options.renhou
    if rule == "yakuman":
        return 1, None
    assert rule != "off"
    return 0, rule


def _fixed_value(code: str) -> tuple[int, Limit | None]:
    """A yaku no option changes: its yakuman and limit as the table has them."""
    _closed_han, _open_han, yakuman, limit = VALUES[code]
    return yakuman, limit


OPTION_VALUED: dict[str, Callable[[YakuOptions], tuple[int, Limit | None]]] = {
    **{row.code: _double_yakuman_value for row in YAKU_TABLE if row.yakuman == 2},
    "renhou": _renhou_value,
}
"""The yaku whose worth the options decide → what they are worth under them,
(yakuman, limit): the double yakuman (`double_yakuman`) and renhou
(`renhou`). Every other yaku that is not plain han is worth what its row
says (:func:`_fixed_value`)."""


def _drop_beside_yakuman(items: list[HanItem], best: int, multiple_yakuman: bool) -> None:
    """A yakuman hand: the other items add nothing (役滿唔可以有非役滿加計, the
    Wikibooks extract), and with ``multiple_yakuman`` false only the first of
    the highest yakuman counts (the riichi scoring article: 複合役滿 is a
    rule). Replaces the dropped items in ``items``."""
    kept = False
    for index, item in enumerate(items):
        if item.yakuman == 0:
            items[index] = msgspec.structs.replace(item, han=0, dropped="yakuman")
        elif not multiple_yakuman:
            if item.yakuman == best and not kept:
                kept = True
            else:
                items[index] = msgspec.structs.replace(item, yakuman=0, dropped="multiple_yakuman_off")


def _renhou_or_the_rest(items: list[HanItem], at_renhou: int, han: int) -> int:
    """人和 scored as a limit does not add to the other yaku: the higher of
    renhou and the rest counts, the other is dropped in ``items``. Returns
    the han that count (``han`` is every item's, renhou's included)."""
    renhou = items[at_renhou]
    if renhou.han >= han - renhou.han:
        for index, item in enumerate(items):
            if index != at_renhou:
                items[index] = msgspec.structs.replace(item, han=0, dropped="renhou_counts_instead")
        return renhou.han
    items[at_renhou] = msgspec.structs.replace(renhou, han=0, dropped="other_yaku_higher")
    return han - renhou.han


def tally_han(
    hand: DeclaredHand,
    options: YakuOptions,
    *,
    multiple_yakuman: bool,
    at: str = "",
    options_at: str = "/rules",
    north_rinshan: bool = False,
) -> HanCount:
    """Add up a hand's yaku and dora. Yakuman replace everything else;
    ``multiple_yakuman`` false keeps the highest yakuman only;
    ``north_rinshan``: the table's `nukidora_rinshan`."""
    positions = check_declared(hand, options, at, options_at, north_rinshan=north_rinshan)

    items: list[HanItem] = []
    han = 0
    yakuman = 0
    best = 0
    is_open = hand.open
    for code in hand.yaku:
        plain = PLAIN_ITEMS.get(code)
        if plain is not None:  # most yaku: their han, closed or open
            item = plain[is_open]
            assert item is not None  # _check has refused a closed-only yaku in an open hand
            han += item.han
            items.append(item)
            continue
        valued = OPTION_VALUED.get(code)
        value, limit = _fixed_value(code) if valued is None else valued(options)
        if value:
            yakuman += value
            best = max(best, value)
            items.append(YAKU_ITEMS[code, 0, value])
        else:  # a yaku paid as a limit (nagashi mangan, renhou by the rules); plain han came from PLAIN_ITEMS
            assert limit is not None
            points = LIMIT_HAN[limit]
            han += points
            items.append(YAKU_ITEMS[code, points, 0])
    has_yaku = bool(items)
    if hand.dora:
        han += hand.dora
        items.append(BONUS_ITEMS["dora"][hand.dora])
    if hand.aka_dora:
        han += hand.aka_dora
        items.append(BONUS_ITEMS["aka_dora"][hand.aka_dora])
    if hand.ura_dora:
        han += hand.ura_dora
        items.append(BONUS_ITEMS["ura_dora"][hand.ura_dora])
    if hand.nuki_dora:
        han += hand.nuki_dora
        items.append(BONUS_ITEMS["nuki_dora"][hand.nuki_dora])

    if yakuman:
        han = 0
        _drop_beside_yakuman(items, best, multiple_yakuman)
        if not multiple_yakuman:
            yakuman = best
    elif "renhou" in positions:
        han = _renhou_or_the_rest(items, positions["renhou"], han)
    return HanCount(items=items, han=han, yakuman=yakuman, positions=positions, has_yaku=has_yaku)


def count_han(request: HanRequest) -> HanResult:
    rules = request.rules
    check_kazoe_double(rules)
    result = tally_han(request, rules, multiple_yakuman=rules.multiple_yakuman)
    return HanResult(
        items=result.items,
        han=result.han,
        yakuman=result.yakuman,
        tier=_tier(result.han, result.yakuman, rules.kazoe, rules.kazoe_double),
        open=request.open,
        warnings=[] if result.has_yaku else [NO_YAKU],
        rules=rules,
        preset=request.preset,
    )


# --- Catalogue ----------------------------------------------------------------


class YakuTable(msgspec.Struct, kw_only=True):
    rules: YakuRules
    rows: list[YakuRow]
    bonus: Annotated[list[BonusRow], msgspec.Meta(description="Dora kinds: counts, one han each, never a yaku.")]


def yaku_table(rules: YakuRules) -> YakuTable:
    """The Wikibooks extract's yaku under the given options (open tanyao, double yakuman
    as single, renhou's value)."""
    rows = []
    for row in YAKU_TABLE:
        if row.code == "tanyao" and not rules.open_tanyao:
            row = msgspec.structs.replace(row, open_han=None, closed_only=True)
        elif row.yakuman == 2 and not rules.double_yakuman:
            row = msgspec.structs.replace(row, yakuman=1)
        elif row.code == "renhou":
            if rules.renhou == "yakuman":
                row = msgspec.structs.replace(row, limit=None, yakuman=1)
            elif rules.renhou == "off":
                row = msgspec.structs.replace(row, played=False)
            else:
                row = msgspec.structs.replace(row, limit=rules.renhou)
        rows.append(row)
    return YakuTable(rules=rules, rows=rows, bonus=list(BONUS_TABLE))
