"""The Hong Kong fan sheet as data (番種 → 番數): its rows, what each includes, and the pairs that cannot be declared together.

Source: the Hong Kong fan sheet (港式麻雀番数表): every row of its
番数表 — 食胡方式, 花牌, 三元牌及风牌, 牌型 and the 爆棚 limit hands — with the
combination rules printed under it (相加：对对胡＋混一色＝6 · 对对胡＋清一色＝10 ·
门前清＋自摸＝2 · 混一色与清一色不可同计). The Wikibooks extract (花牌類) adds that a flower
set is counted instead of its seat flower (每組計兩番，唔計正花), that eight
flowers replace the flower fan (拎滿花改計8台) and that Hong Kong tables play
eight immortals as a limit hand (香港牌當例牌食糊) — an option here.

The table is data, counted by :func:`service.rulesets.hongkong.counting.tally_fan`.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from service.core.errors import (
    conflicts_by_code,
)
from service.core.fields import OrUnset
from service.core.settlement import LocalizedName
from service.rulesets.hongkong.unvalued import UNVALUED_ROWS, UnvaluedCode

HAND_SETS = 4
"""The Hong Kong fan sheet: 食胡：四组牌＋一对眼."""

FanCode = Literal[
    "self_draw",
    "concealed",
    "win_on_kong",
    "win_on_flower",
    "robbing_kong",
    "last_tile",
    "last_discard",
    "seat_flower",
    "flower_set",
    "no_flowers",
    "eight_immortals",
    "dragon_pong",
    "seat_wind",
    "prevailing_wind",
    "little_three_dragons",
    "big_three_dragons",
    "little_four_winds",
    "chicken_hand",
    "all_chows",
    "all_pongs",
    "half_flush",
    "mixed_terminals",
    "full_flush",
    "thirteen_orphans",
    "nine_gates",
    "four_kongs",
    "big_four_winds",
    "all_honours",
    "pure_terminals",
    "four_concealed_pongs",
    "heavenly_hand",
    "earthly_hand",
    "seven_robs_one",
    "round_flower",
    UnvaluedCode,
]

Category = Literal["winning", "flowers", "honours", "shape", "limit"]
"""The sheet's sections: 食胡方式, 花牌, 三元牌及风牌, 牌型, 爆棚牌."""

Per = Literal["tile", "set"]

EightImmortals = Literal["eight_fan", "limit"]
"""八仙过海: 8 fan as the Hong Kong fan sheet prints it, or a limit hand as the Wikibooks extract says
Hong Kong tables play it (香港牌當例牌食糊)."""


class FanRow(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the Hong Kong fan sheet."""

    code: Annotated[FanCode, msgspec.Meta(description="Stable English code.")]
    category: Annotated[
        Category,
        msgspec.Meta(
            description="The sheet's section: `winning` 食胡方式, `flowers` 花牌, `honours` 三元牌及风牌, `shape` 牌型, `limit` 爆棚牌."
        ),
    ]
    name_zh: Annotated[str, msgspec.Meta(description="The Chinese name as printed on the sheet (Simplified characters).")]
    name_zh_hant: Annotated[str, msgspec.Meta(description="The same name in Traditional characters.")]
    name_en: Annotated[str, msgspec.Meta(description="The English name as printed on the sheet.")]
    name: OrUnset[LocalizedName] = msgspec.UNSET
    jyutping: Annotated[str | None, msgspec.Meta(description="Jyutping as printed on the sheet; null where the sheet prints none.")]
    fan: Annotated[
        int,
        msgspec.Meta(
            description="Fan per occurrence. Limit hands (爆棚) score the table's cap, `fan_cap`; in the table endpoint this is the cap."
        ),
    ]
    limit: Annotated[bool, msgspec.Meta(description="A limit hand (爆棚): scores the cap, nothing else is added.")]
    per: Annotated[
        Per | None,
        msgspec.Meta(description="`tile` (每只) or `set` (每组/每台) when the row is counted per tile or set, else null (counted once)."),
    ]
    max_count: Annotated[int, msgspec.Meta(description="Largest `count` a hand can have of this row.")]
    sheet_zh: Annotated[str, msgspec.Meta(description="The sheet's explanation, as printed.")]
    valued: Annotated[
        bool,
        msgspec.Meta(
            description="False for a row its source defines with no fan printed (the Wikibooks extract's 二或三色刻類 and 一臺草): it counts `rules.unvalued_fan` (default 0); `fan` is that value."
        ),
    ] = True


def _row(
    code: FanCode,
    category: Category,
    name_zh: str,
    name_zh_hant: str,
    name_en: str,
    jyutping: str | None,
    fan: int,
    sheet_zh: str,
    per: Per | None = None,
    max_count: int = 1,
) -> FanRow:
    return FanRow(
        code=code,
        category=category,
        name_zh=name_zh,
        name_zh_hant=name_zh_hant,
        name_en=name_en,
        jyutping=jyutping,
        fan=fan,
        limit=category == "limit",
        per=per,
        max_count=max_count,
        sheet_zh=sheet_zh,
    )


LIMIT = 0
"""Placeholder fan of a limit row in the data: it scores the table's cap."""

FAN_TABLE: tuple[FanRow, ...] = (
    # 食胡方式
    _row("self_draw", "winning", "自摸", "自摸", "Self-draw", "zi6 mo2", 1, "自己摸到食胡的牌"),
    _row("concealed", "winning", "门前清", "門前清", "Concealed hand", "mun4 cin4 cing1", 1, "无上、碰、明杠（暗杠亦不计）"),
    _row("win_on_kong", "winning", "杠上自摸", "槓上自摸", "Win on kong replacement", None, 1, "杠后补牌食胡；连自摸共 2 番"),
    _row("win_on_flower", "winning", "花上自摸", "花上自摸", "Win on flower replacement", None, 1, "补花补牌食胡；连自摸共 2 番"),
    _row("robbing_kong", "winning", "抢杠", "搶槓", "Robbing the kong", "coeng2 gong3", 1, "食别人加杠的那只牌"),
    _row("last_tile", "winning", "海底捞月", "海底撈月", "Last tile of the wall", "hoi2 dai2 laau4 jyut6", 1, "摸最后一只牌自摸"),
    _row("last_discard", "winning", "海底炮", "海底炮", "Last discard", None, 1, "食最后一只打出的牌"),
    # 花牌
    _row("seat_flower", "flowers", "正花", "正花", "Seat flower or season", "zing3 faa1", 1, "与坐位号码相同的花或季，每只", "tile", 2),
    _row(
        "flower_set", "flowers", "一台花", "一臺花", "Full flower or season set", "jat1 toi4 faa1", 2, "四只花或四只季齐全，每台", "set", 2
    ),
    _row("no_flowers", "flowers", "无花", "無花", "No bonus tiles", "mou4 faa1", 1, "手上没有任何花季牌"),
    _row(
        "eight_immortals",
        "flowers",
        "八仙过海",
        "八仙過海",
        "All eight bonus tiles",
        "baat3 sin1 gwo3 hoi2",
        8,
        "集齐八只花季：即时食胡，当自摸计",
    ),
    # 三元牌及风牌
    _row("dragon_pong", "honours", "红中／发财／白板", "紅中／發財／白板", "Dragon pong", None, 1, "三元牌的碰或杠，每组", "set", 3),
    _row("seat_wind", "honours", "门风", "門風", "Seat wind pong", "mun4 fung1", 1, "自己门风的碰或杠"),
    _row("prevailing_wind", "honours", "圈风", "圈風", "Prevailing wind pong", "hyun1 fung1", 1, "当圈风的碰或杠；同时是门风共 2 番"),
    _row(
        "little_three_dragons",
        "honours",
        "小三元",
        "小三元",
        "Little three dragons",
        "siu2 saam1 jyun4",
        5,
        "两组三元牌＋三元牌做眼（已包括其番）",
    ),
    _row("big_three_dragons", "honours", "大三元", "大三元", "Big three dragons", "daai6 saam1 jyun4", 8, "三组三元牌（已包括其番）"),
    _row("little_four_winds", "honours", "小四喜", "小四喜", "Little four winds", "siu2 sei3 hei2", 6, "三组风牌＋风牌做眼"),
    # 牌型
    _row("chicken_hand", "shape", "鸡胡", "雞胡", "Chicken hand", "gai1 wu4", 0, "没有番种：要靠其他番凑够三番"),
    _row("all_chows", "shape", "平胡", "平胡", "All chows", "ping4 wu4", 1, "四组顺子，眼非番牌，两头听"),
    _row("all_pongs", "shape", "对对胡", "對對胡", "All pongs", "deoi3 deoi3 wu4", 3, "四组碰或杠＋一对眼"),
    _row("half_flush", "shape", "混一色", "混一色", "Half flush", "wan6 jat1 sik1", 3, "一门花色＋字牌"),
    _row(
        "mixed_terminals", "shape", "混么九", "混么九", "Mixed terminals", "wan6 jiu1 gau2", 4, "只有一、九及字牌，全部成碰（已包括对对胡）"
    ),
    _row("full_flush", "shape", "清一色", "清一色", "Full flush", "cing1 jat1 sik1", 7, "一门花色，没有字牌"),
    # 爆棚牌：计十番，不另加番
    _row("thirteen_orphans", "limit", "十三么", "十三么", "Thirteen orphans", "sap6 saam1 jiu1", LIMIT, "一九、四风、三元各一，再多一只"),
    _row("nine_gates", "limit", "九莲宝灯", "九蓮寶燈", "Nine gates", "gau2 lin4 bou2 dang1", LIMIT, "门前清同门 1112345678999＋同门一只"),
    _row("four_kongs", "limit", "十八罗汉", "十八羅漢", "Four kongs", "sap6 baat3 lo4 hon3", LIMIT, "四组杠"),
    _row("big_four_winds", "limit", "大四喜", "大四喜", "Big four winds", "daai6 sei3 hei2", LIMIT, "四种风牌全部成碰"),
    _row("all_honours", "limit", "字一色", "字一色", "All honours", "zi6 jat1 sik1", LIMIT, "只有风牌及三元牌"),
    _row("pure_terminals", "limit", "清么九", "清么九", "Pure terminals", "cing1 jiu1 gau2", LIMIT, "只有一、九，全部成碰"),
    _row("four_concealed_pongs", "limit", "坎坎胡", "坎坎胡", "Four concealed pongs", "ham2 ham2 wu4", LIMIT, "四组刻子全部自己摸回"),
    _row("heavenly_hand", "limit", "天胡", "天胡", "Heavenly hand", "tin1 wu4", LIMIT, "庄家起手已经食胡"),
    _row("earthly_hand", "limit", "地胡", "地胡", "Earthly hand", "dei6 wu4", LIMIT, "食庄家打出的第一只牌"),
    # not on the sheet: the Wikibooks extract (花牌類)
    _row(
        "seven_robs_one",
        "limit",
        "七抢一",
        "七搶一",
        "Seven robs one",
        None,
        LIMIT,
        "攞7隻花牌，之後如果其中一家攞到第8隻花嘅話可以搶花牌食糊…香港牌當例牌食糊。出第8隻花嘅玩家包晒",
    ),
    _row(
        "round_flower",
        "flowers",
        "正花（圈）",
        "正花（圈）",
        "Round's flower",
        None,
        1,
        "如果呢局係東風南，而玩家攞到1號或者2號花嘅話計兩番（rules.round_flower）",
        "tile",
        2,
    ),
)
"""The Hong Kong fan sheet's 番数表, every row, in the sheet's order, then two
rows from the Wikibooks extract (花牌類): 七搶一 (a limit hand in Hong Kong,
paid by the player who gave up the eighth flower) and the flower of the
round's number (正花 例子1, only under `rules.round_flower`). Their
``sheet_zh`` is the extract's line."""

FAN_TABLE += tuple(
    msgspec.structs.replace(_row(code, "flowers" if code == "mixed_flower_set" else "shape", hans, hant, en, None, 0, line), valued=False)
    for code, hans, hant, en, line in UNVALUED_ROWS
)
"""… then the extract's rows with no fan printed (:mod:`service.rulesets.hongkong.unvalued`)."""

ROWS: dict[str, FanRow] = {row.code: row for row in FAN_TABLE}


INCLUDED_BY: dict[str, tuple[tuple[FanCode, int], ...]] = {
    # 混么九 … 全部成碰（已包括对对胡）
    "all_pongs": (("mixed_terminals", 1),),
    # 小三元 两组三元牌…（已包括其番）; 大三元 三组三元牌（已包括其番）
    "dragon_pong": (("big_three_dragons", 3), ("little_three_dragons", 2)),
    # 八仙过海 replaces the flower fan (the Wikibooks extract: 拎滿花…改計8台); 一台花 每組計兩番，唔計正花
    "seat_flower": (("eight_immortals", 2), ("flower_set", 1)),
    "round_flower": (("eight_immortals", 2), ("flower_set", 1)),
    "flower_set": (("eight_immortals", 2),),
    # 八仙过海 当自摸计: the self-draw is the eight immortals themselves
    "self_draw": (("eight_immortals", 1),),
}
"""code → the patterns that already include its fan, with how many of its
units (tiles, sets) each unit of the including pattern covers. The covered
units score 0 and are itemised with `included_in`; the rest still score."""

SELF_DRAWN: frozenset[str] = frozenset({"self_draw", "win_on_kong", "win_on_flower", "last_tile", "eight_immortals", "heavenly_hand"})
"""Patterns that say the hand was self-drawn (or, 八仙过海, counts as self-drawn)."""

ON_DISCARD: frozenset[str] = frozenset({"robbing_kong", "last_discard", "earthly_hand", "seven_robs_one"})
"""Patterns that say the hand was won on another player's tile."""

IMPLIES_SELF_DRAW: tuple[FanCode, ...] = ("win_on_kong", "win_on_flower", "last_tile")
"""Replacement-tile and last-tile wins are self-draws: 连自摸共 2 番. When
`self_draw` is not declared it is added (itemised with `implied_by`)."""

_HONOURS: tuple[FanCode, ...] = (
    "dragon_pong",
    "seat_wind",
    "prevailing_wind",
    "little_three_dragons",
    "big_three_dragons",
    "little_four_winds",
)

CONTRADICTIONS: tuple[tuple[FanCode, FanCode, str], ...] = (
    ("half_flush", "full_flush", "half flush and full flush are never counted together (混一色与清一色不可同计)"),
    ("no_flowers", "seat_flower", "no flowers (无花) means no bonus tiles at all"),
    ("no_flowers", "flower_set", "no flowers (无花) means no bonus tiles at all"),
    ("no_flowers", "eight_immortals", "no flowers (无花) means no bonus tiles at all"),
    ("no_flowers", "seven_robs_one", "no flowers (无花) means no bonus tiles at all"),
    ("no_flowers", "round_flower", "no flowers (无花) means no bonus tiles at all"),
    ("little_three_dragons", "big_three_dragons", "a hand has either two or three dragon pongs"),
    *(
        (drawn, discard, "one hand is won either by a self-draw or on another player's tile")
        for drawn in ("self_draw", "win_on_kong", "win_on_flower", "last_tile", "eight_immortals", "heavenly_hand")
        for discard in ("robbing_kong", "last_discard", "earthly_hand", "seven_robs_one")
    ),
    *(
        ("chicken_hand", shape, "a chicken hand (鸡胡) has no hand-shape pattern")
        for shape in ("all_chows", "all_pongs", "half_flush", "mixed_terminals", "full_flush")
    ),
    *(("all_chows", pong, "all chows (平胡) has four chows and no pong") for pong in ("all_pongs", "mixed_terminals", *_HONOURS)),
    *(("full_flush", honour, "a full flush (清一色) has no honour tiles") for honour in ("mixed_terminals", *_HONOURS)),
)
"""Pairs that cannot be declared together: 422 naming both codes."""

CONFLICTS = conflicts_by_code(CONTRADICTIONS)


def table_rows(fan_cap: int, eight_immortals: EightImmortals, unvalued_fan: int = 0) -> list[FanRow]:
    """The Hong Kong fan sheet's rows; limit rows (and eight immortals played as a limit
    hand) show the table's cap as their fan, rows with no fan printed the house value."""
    rows = []
    for row in FAN_TABLE:
        if not row.valued:
            row = msgspec.structs.replace(row, fan=unvalued_fan)
        elif row.limit:
            row = msgspec.structs.replace(row, fan=fan_cap)
        elif row.code == "eight_immortals" and eight_immortals == "limit":
            row = msgspec.structs.replace(row, fan=fan_cap, limit=True)
        rows.append(row)
    return rows
