"""The MCR (國標麻將) fan catalogue: the 81 fan of the Chinese Official rules
(中國麻將競賽規則, 1998), each with a stable code, its names in Traditional
and Simplified Chinese, English (as PyMahjongGB prints them) and Japanese,
and its points. Row 81, 花牌 (flower tiles), is never counted in `fan`: the
answer's `flowers` counts it, and the 8-point minimum ignores it.

PyMahjongGB (the reference calculator this service builds on) also scores
明暗槓 (a concealed and a melded kong, 5 points), a later addition the
catalogue lists after the 81 (``standard: false``). Its rule variants are
fixed when it is compiled: it has no 天和/地和/人和, so `blessing` is a 422
for MCR (``blessing_note``)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from service.core.settlement import LocalizedName


class McrFanRow(msgspec.Struct, frozen=True, kw_only=True):
    """One fan of the catalogue."""

    code: Annotated[str, msgspec.Meta(description="Stable code (snake_case English).")]
    number: Annotated[
        int, msgspec.Meta(description="Its number in the rules (1 = 大四喜 … 81 = 花牌; 82 = 明暗槓, the library's addition).")
    ]
    name_zh: Annotated[str, msgspec.Meta(description="Traditional Chinese name.")]
    name_zh_hans: Annotated[str, msgspec.Meta(description="Simplified Chinese name (as the 1998 rules print it).")]
    name_en: Annotated[str, msgspec.Meta(description="English name (as PyMahjongGB prints it).")]
    name_ja: Annotated[str, msgspec.Meta(description="Japanese name.")]
    name: LocalizedName = msgspec.UNSET  # type: ignore[assignment]
    fan: Annotated[int, msgspec.Meta(description="Points (番/分) the fan is worth, each time it counts.")]
    standard: Annotated[bool, msgspec.Meta(description="One of the 81 fan of the rules (false: 明暗槓, the library's addition).")] = True
    counted_in_fan: Annotated[bool, msgspec.Meta(description="False for 花牌: flowers are reported apart (`flowers`).")] = True


_ROWS: tuple[tuple[str, str, str, str, str, int], ...] = (
    # 88
    ("big_four_winds", "大四喜", "大四喜", "Big Four Winds", "大四喜", 88),
    ("big_three_dragons", "大三元", "大三元", "Big Three Dragons", "大三元", 88),
    ("all_green", "綠一色", "绿一色", "All Green", "緑一色", 88),
    ("nine_gates", "九蓮寶燈", "九莲宝灯", "Nine Gates", "九蓮宝燈", 88),
    ("four_kongs", "四槓", "四杠", "Four Kongs", "四槓子", 88),
    ("seven_shifted_pairs", "連七對", "连七对", "Seven Shifted Pairs", "連七対", 88),
    ("thirteen_orphans", "十三么", "十三幺", "Thirteen Orphans", "国士無双", 88),
    # 64
    ("all_terminals", "清么九", "清幺九", "All Terminals", "清老頭", 64),
    ("little_four_winds", "小四喜", "小四喜", "Little Four Winds", "小四喜", 64),
    ("little_three_dragons", "小三元", "小三元", "Little Three Dragons", "小三元", 64),
    ("all_honors", "字一色", "字一色", "All Honors", "字一色", 64),
    ("four_concealed_pungs", "四暗刻", "四暗刻", "Four Concealed Pungs", "四暗刻", 64),
    ("pure_terminal_chows", "一色雙龍會", "一色双龙会", "Pure Terminal Chows", "一色双竜会", 64),
    # 48
    ("quadruple_chow", "一色四同順", "一色四同顺", "Quadruple Chow", "一色四同順", 48),
    ("four_pure_shifted_pungs", "一色四節高", "一色四节高", "Four Pure Shifted Pungs", "一色四節高", 48),
    # 32
    ("four_pure_shifted_chows", "一色四步高", "一色四步高", "Four Pure Shifted Chows", "一色四歩高", 32),
    ("three_kongs", "三槓", "三杠", "Three Kongs", "三槓子", 32),
    ("all_terminals_and_honors", "混么九", "混幺九", "All Terminals and Honors", "混老頭", 32),
    # 24
    ("seven_pairs", "七對", "七对", "Seven Pairs", "七対子", 24),
    ("greater_honors_and_knitted_tiles", "七星不靠", "七星不靠", "Greater Honors and Knitted Tiles", "七星不靠", 24),
    ("all_even_pungs", "全雙刻", "全双刻", "All Even Pungs", "全双刻", 24),
    ("full_flush", "清一色", "清一色", "Full Flush", "清一色", 24),
    ("pure_triple_chow", "一色三同順", "一色三同顺", "Pure Triple Chow", "一色三同順", 24),
    ("pure_shifted_pungs", "一色三節高", "一色三节高", "Pure Shifted Pungs", "一色三節高", 24),
    ("upper_tiles", "全大", "全大", "Upper Tiles", "全大", 24),
    ("middle_tiles", "全中", "全中", "Middle Tiles", "全中", 24),
    ("lower_tiles", "全小", "全小", "Lower Tiles", "全小", 24),
    # 16
    ("pure_straight", "清龍", "清龙", "Pure Straight", "一気通貫", 16),
    ("three_suited_terminal_chows", "三色雙龍會", "三色双龙会", "Three-Suited Terminal Chows", "三色双竜会", 16),
    ("pure_shifted_chows", "一色三步高", "一色三步高", "Pure Shifted Chows", "一色三歩高", 16),
    ("all_five", "全帶五", "全带五", "All Five", "全帯五", 16),
    ("triple_pung", "三同刻", "三同刻", "Triple Pung", "三色同刻", 16),
    ("three_concealed_pungs", "三暗刻", "三暗刻", "Three Concealed Pungs", "三暗刻", 16),
    # 12
    ("lesser_honors_and_knitted_tiles", "全不靠", "全不靠", "Lesser Honors and Knitted Tiles", "全不靠", 12),
    ("knitted_straight", "組合龍", "组合龙", "Knitted Straight", "組合竜", 12),
    ("upper_four", "大於五", "大于五", "Upper Four", "大于五", 12),
    ("lower_four", "小於五", "小于五", "Lower Four", "小于五", 12),
    ("big_three_winds", "三風刻", "三风刻", "Big Three Winds", "三風刻", 12),
    # 8
    ("mixed_straight", "花龍", "花龙", "Mixed Straight", "花竜", 8),
    ("reversible_tiles", "推不倒", "推不倒", "Reversible Tiles", "推不倒", 8),
    ("mixed_triple_chow", "三色三同順", "三色三同顺", "Mixed Triple Chow", "三色同順", 8),
    ("mixed_shifted_pungs", "三色三節高", "三色三节高", "Mixed Shifted Pungs", "三色三節高", 8),
    ("chicken_hand", "無番和", "无番和", "Chicken Hand", "無番和", 8),
    ("last_tile_draw", "妙手回春", "妙手回春", "Last Tile Draw", "海底摸月", 8),
    ("last_tile_claim", "海底撈月", "海底捞月", "Last Tile Claim", "河底撈魚", 8),
    ("out_with_replacement_tile", "槓上開花", "杠上开花", "Out with Replacement Tile", "嶺上開花", 8),
    ("robbing_the_kong", "搶槓和", "抢杠和", "Robbing The Kong", "槍槓", 8),
    # 6
    ("all_pungs", "碰碰和", "碰碰和", "All Pungs", "対々和", 6),
    ("half_flush", "混一色", "混一色", "Half Flush", "混一色", 6),
    ("mixed_shifted_chows", "三色三步高", "三色三步高", "Mixed Shifted Chows", "三色三歩高", 6),
    ("all_types", "五門齊", "五门齐", "All Types", "五門斉", 6),
    ("melded_hand", "全求人", "全求人", "Melded Hand", "全求人", 6),
    ("two_concealed_kongs", "雙暗槓", "双暗杠", "Two Concealed Kongs", "双暗槓", 6),
    ("two_dragons_pungs", "雙箭刻", "双箭刻", "Two Dragons Pungs", "双箭刻", 6),
    # 4
    ("outside_hand", "全帶么", "全带幺", "Outside Hand", "全帯幺", 4),
    ("fully_concealed_hand", "不求人", "不求人", "Fully Concealed Hand", "不求人", 4),
    ("two_melded_kongs", "雙明槓", "双明杠", "Two Melded Kongs", "双明槓", 4),
    ("last_tile", "和絕張", "和绝张", "Last Tile", "和絶張", 4),
    # 2
    ("dragon_pung", "箭刻", "箭刻", "Dragon Pung", "箭刻", 2),
    ("prevalent_wind", "圈風刻", "圈风刻", "Prevalent Wind", "圏風刻", 2),
    ("seat_wind", "門風刻", "门风刻", "Seat Wind", "門風刻", 2),
    ("concealed_hand", "門前清", "门前清", "Concealed Hand", "門前清", 2),
    ("all_chows", "平和", "平和", "All Chows", "平和", 2),
    ("tile_hog", "四歸一", "四归一", "Tile Hog", "四帰一", 2),
    ("double_pung", "雙同刻", "双同刻", "Double Pung", "双同刻", 2),
    ("two_concealed_pungs", "雙暗刻", "双暗刻", "Two Concealed Pungs", "双暗刻", 2),
    ("concealed_kong", "暗槓", "暗杠", "Concealed Kong", "暗槓", 2),
    ("all_simples", "斷么", "断幺", "All Simples", "断幺九", 2),
    # 1
    ("pure_double_chow", "一般高", "一般高", "Pure Double Chow", "一盃口", 1),
    ("mixed_double_chow", "喜相逢", "喜相逢", "Mixed Double Chow", "喜相逢", 1),
    ("short_straight", "連六", "连六", "Short Straight", "連六", 1),
    ("two_terminal_chows", "老少副", "老少副", "Two Terminal Chows", "老少副", 1),
    ("pung_of_terminals_or_honors", "么九刻", "幺九刻", "Pung of Terminals or Honors", "幺九刻", 1),
    ("melded_kong", "明槓", "明杠", "Melded Kong", "明槓", 1),
    ("one_voided_suit", "缺一門", "缺一门", "One Voided Suit", "缺一門", 1),
    ("no_honors", "無字", "无字", "No Honors", "無字", 1),
    ("edge_wait", "邊張", "边张", "Edge Wait", "辺張", 1),
    ("closed_wait", "嵌張", "嵌张", "Closed Wait", "嵌張", 1),
    ("single_wait", "單釣將", "单钓将", "Single Wait", "単騎", 1),
    ("self_drawn", "自摸", "自摸", "Self-Drawn", "自摸", 1),
    ("flower_tiles", "花牌", "花牌", "Flower Tiles", "花牌", 1),
)

FAN_TABLE: tuple[McrFanRow, ...] = (
    *(
        McrFanRow(
            code=code,
            number=number,
            name_zh=zh,
            name_zh_hans=hans,
            name_en=en,
            name_ja=ja,
            fan=fan,
            counted_in_fan=code != "flower_tiles",
        )
        for number, (code, zh, hans, en, ja, fan) in enumerate(_ROWS, start=1)
    ),
    McrFanRow(
        code="concealed_kong_and_melded_kong",
        number=82,
        name_zh="明暗槓",
        name_zh_hans="明暗杠",
        name_en="Concealed Kong and Melded Kong",
        name_ja="明暗槓",
        fan=5,
        standard=False,
    ),
)
"""The 81 fan in the rules' order (88 down to 1), then the library's 明暗槓."""

FAN_BY_ENGLISH: dict[str, McrFanRow] = {row.name_en: row for row in FAN_TABLE}
"""PyMahjongGB's English name → the row (how its answers are read)."""

FAN_BY_CODE: dict[str, McrFanRow] = {row.code: row for row in FAN_TABLE}

BLESSING_NOTE = (
    "天和/地和/人和 (blessing of heaven, earth, man) are not among the 81 fan, and PyMahjongGB fixes its rule "
    "variants when it is compiled: an MCR hand with `blessing: true` is refused (422)."
)


class McrFanTable(msgspec.Struct, kw_only=True):
    rows: list[McrFanRow]
    blessing_note: Annotated[str, msgspec.Meta(description="Why `blessing` has no fan here.")]


def fan_table() -> McrFanTable:
    return McrFanTable(rows=list(FAN_TABLE), blessing_note=BLESSING_NOTE)
