"""The Wikibooks extract's own Taiwan tai list (preset `yue_wikibooks`) as data.

Source: the Wikibooks extract, 台灣麻雀計番 (十六張麻將計番: 零台 … 二十四台).
Its values for the rows the Taiwan tai table also has are in :data:`YUE_CELLS`
(a row it does not name is not scored); the 36 patterns only it names (and
the one-group forms of its three 雙 patterns) are :data:`YUE_ROWS`, each with the extract's heading as its value and its
line as the description. Its replacement rules (唔計 …, 改計 …, 減除4台) are
:data:`YUE_REPLACEMENTS` and :data:`ALL_HONOURS_DEDUCTION`.

Where the extract is silent the reading chosen is stated next to the rule
(and in docs/sources.md): a pattern that is a bigger form of another one
(三杠子 → 4槓子 → 5槓子, 混13么 → 清13么, 2連刻 → 四連刻 → 五連刻, …)
replaces it, as the Taiwan tai table's 五暗刻 取代四暗刻 does; any other
patterns add up (the Taiwan tai table: 大牌和其他台相加).
"""

from __future__ import annotations

from service.rulesets.taiwan.value_table_rows import NOT_LISTED, PRESETS, Cell, Replacement, TaiRow, Unit, WinNeeded, value

YUE = "yue_wikibooks"
ONLY_YUE = frozenset(PRESETS) - {YUE}
"""`except_presets` of a rule that only the extract states."""


def _row(
    code: str,
    name_zh: str,
    name_en: str,
    tai: int,
    line: str,
    unit: Unit = "per_hand",
    max_count: int = 1,
    win: WinNeeded = "any",
) -> TaiRow:
    per_group = unit == "per_set"
    return TaiRow(
        code=code,
        name_zh=name_zh,
        name_en=name_en,
        section="yue_wikibooks",
        tai=tai,
        tai_printed=f"一組{tai}台" if per_group else f"{tai}台",
        unit=unit,
        max_count=max_count,
        how_zh="一組" if per_group else "",
        description_zh=line,
        variants_zh="只有維基教科書（粵文）列出",
        cells=(NOT_LISTED,) * 6,
        win=win,
        in_tai_table=False,
    )


YUE_ROWS: tuple[TaiRow, ...] = (
    # 二台
    _row("five_kinds", "五門齊", "Five kinds", 2, "五門齊，五組花色"),
    _row("pure_double_chow", "般高", "Pure double chow", 2, "般高，一色內嘅雙同順"),
    _row("four_in_two", "4歸2", "Four tiles in two sets", 2, "4歸2，四組相同嘅排分別落到兩組牌（哩咕哩咕亦得）"),
    _row("mixed_shifted_chows", "三色步高", "Mixed shifted chows", 2, "三色步高，三組唔同花色裏嘅順子"),
    _row("mixed_shifted_pungs", "三色連刻", "Mixed shifted pungs", 2, "三色連刻，三組唔同花色裏嘅刻子/槓子"),
    # 四台
    _row("mixed_straight", "混龍", "Mixed straight", 4, "混龍，三色組合嘅123456789牌"),
    _row("triple_pung", "三色同刻", "Triple pung", 4, "三色同刻，萬筒索三組同號碼嘅刻子或槓子"),
    _row("two_shifted_pungs", "2連刻", "Two shifted pungs", 2, "雙2連刻，2組2連刻（一組2台）: one group", "per_set", 2),
    _row("double_two_shifted_pungs", "雙2連刻", "Double two shifted pungs", 4, "雙2連刻，2組2連刻（一組2台）"),
    _row("four_in_three", "4歸3", "Four tiles in three sets", 4, "4歸3，四組相同嘅排分別落到兩組順子+一眼"),
    _row("two_suit_pungs", "2色同刻", "Two-suit pungs", 2, "雙2色同刻，2組2色同刻（一組2台）: one group", "per_set", 2),
    _row("double_two_suit_pungs", "雙2色同刻", "Double two-suit pungs", 4, "雙2色同刻，2組2色同刻（一組2台）"),
    _row("two_suit_chows", "2色同順", "Two-suit chows", 2, "雙兩相連，兩個2色同順（一組2台）: one group", "per_set", 2),
    _row("double_two_suit_chows", "雙兩相連", "Double two-suit chows", 4, "雙兩相連，兩個2色同順（一組2台）"),
    # 八台
    _row(
        "earthly_ready_first",
        "地聽一發",
        "Earthly ready, first tile",
        8,
        "地聽一發：宣佈咗地聽之後，唔理人哋有無上碰，糊各家打出宣佈之後第一張牌或摸之後1張牌自摸，都當做地聽一發，唔會計地聽，門清。如果自摸就加計不求。自摸2台",
    ),
    _row(
        "seven_pairs_and_pung",
        "嚦咕嚦咕",
        "Seven pairs and a pung",
        8,
        "嚦咕嚦咕（選用）：又叫八對半。由七個對子同一個刻子組成，一定要門清先有效，其中刻子如果係有價字牌，台數加計。如符合獨聽、湊一色、清一色、字一色牌型都可以加計",
    ),
    _row(
        "two_kongs_bloom",
        "連槓2開花",
        "Two kongs in a row, won on the replacement",
        8,
        "連槓2開花，連續杠牌後鋪牌後胡牌，花牌可計。",
        win="self_draw",
    ),
    _row("knitted_straight", "不塔龍", "Knitted straight", 8, "不塔龍，16不塔+9張牌組成1到9，不連。"),
    _row("knitted_alike", "不塔3相連", "Knitted alike", 8, "不塔3相連，16不塔+9張牌同嘅組合（比如135萬，135筒，135索）"),
    _row("three_kongs", "三杠子", "Three kongs", 8, "三杠子，3組槓子"),
    _row("four_shifted_chows", "1色4步高", "Pure four shifted chows", 8, "1色4步高，4組同花色，測進相連嘅順子。"),
    _row("four_in_four", "4歸4", "Four tiles in four sets", 8, "4歸4，四組相同嘅排分別落到四組順子"),
    # 十台
    _row("sixteen_unrelated", "16不塔", "Sixteen unrelated", 10, "16不塔，胡牌由7隻番子+3組唔連續嘅萬筒索+一對眼。"),
    _row("outside_hand", "全帶么九", "Outside hand", 10, "全帶么九，順子、杠子、刻子都要有1同9等牌"),
    _row("mixed_nine_gates", "混九連寶燈", "Mixed nine gates", 10, "混九連寶燈，1112345678999組合牌型+一組塔子嘅其他花色"),
    # 十二台
    _row(
        "mixed_thirteen_orphans", "混13么", "Mixed thirteen orphans", 12, "混13么，13隻唔同么九牌，一眼，一組順子或刻子和胡。要門清，不杠。"
    ),
    _row("all_green", "綠一色", "All green", 12, "綠一色，牌型中有23468索+發財。"),
    _row(
        "three_kongs_bloom",
        "連槓3開花",
        "Three kongs in a row, won on the replacement",
        12,
        "連槓3開花，連續開槓後鋪牌後胡牌，花牌可計。",
        win="self_draw",
    ),
    _row("five_shifted_chows", "1色5步高", "Pure five shifted chows", 12, "1色5步高，5組同花色，測進相連嘅順子。"),
    _row("four_shifted_pungs", "四連刻", "Four shifted pungs", 12, "四連刻（4節高），4組同花色相連嘅刻子或杠"),
    _row("mixed_terminals", "混老頭", "Mixed terminals", 12, "混老頭（湊老頭），胡牌全有19萬筒索+字牌刻子。"),
    # 十六台
    _row("five_shifted_pungs", "五連刻", "Five shifted pungs", 16, "五連刻（5節高），5組同花色相連嘅刻子或槓"),
    _row("four_kongs", "4槓子", "Four kongs", 16, "4槓子，4組槓子。"),
    _row("four_identical_chows", "4連大寶", "Four identical chows", 16, "4連大寶（1色4順子），同花色嘅四組同順子。"),
    _row("pure_terminals", "清老頭", "Pure terminals", 16, "清老頭，胡牌全有19萬筒索刻子。"),
    # 二十台
    _row("pure_thirteen_orphans", "清13么", "Pure thirteen orphans", 20, "清13么，13隻唔同么九牌、一眼、一組刻子和胡。要門清，不槓。"),
    _row("pure_nine_gates", "清九連寶燈", "Pure nine gates", 20, "清九連寶燈，20台，清一色+1112345678999組合牌型"),
    # 二十四台
    _row("five_kongs", "5槓子", "Five kongs", 24, "5槓子，5組槓牌。"),
    _row("true_sixteen_unrelated", "正宗16不塔", "True sixteen unrelated", 24, "正宗16不塔，147萬+258筒+369條+7組字牌+一眼。"),
)
"""The 36 patterns only the Wikibooks extract names, in its order (二台 … 二十四台),
and beside its three 雙 patterns of 四台 (雙2連刻, 雙2色同刻, 雙兩相連: two groups)
the one group their lines count 2 each (一組2台: 2連刻, 2色同刻, 2色同順): 39 rows."""

YUE_CELLS: dict[str, Cell] = {
    # 一台: 門清, 半求, 獨聽 (中洞、站壁、單釣 alike), 搶槓, 自摸, 槓上開花, 海底撈月
    **{code: value(1) for code in ("concealed", "self_draw", "half_melded", "robbing_kong", "win_on_replacement", "last_tile_self_draw")},
    **{code: value(1) for code in ("edge_wait", "closed_wait", "pair_wait", "single_wait")},
    # 不求.自摸 2 台, 同門清合稱「門清一摸三」: 1 + 2
    "concealed_self_draw": value(3, "門清一摸三"),
    # 地聽 / 天聽: 如果自摸就加計不求
    "unaided": value(1),
    # 風字坎 合開門序1台，合圈序加1台; 箭字坎 各計1台
    "round_wind": value(1),
    "seat_wind": value(1),
    "dragon_pung": value(1),
    # 花牌 合開門序1台，拎同色花槓改計2台
    "own_flower": value(1),
    "flower_set": value(2, "改計"),
    # 全求 計埋獨聽1台，夾埋3台
    "all_melded": value(3, "單吊已含在內"),
    # 二台 平胡、三暗坎; 四台 對對胡、湊一色、小三元、地聽
    "all_chows": value(2),
    "three_concealed_pungs": value(2),
    # 四暗坎 is not in the list: a hand with four concealed pungs has three (三暗坎)
    "four_concealed_pungs": Cell("未列：當作三暗坎算", "as_pattern", note="未列：當作三暗坎算", as_code="three_concealed_pungs"),
    "five_concealed_pungs": value(16),
    "all_pungs": value(4),
    "half_flush": value(4),
    "full_flush": value(12),
    "all_honours": value(16),
    "little_three_dragons": value(4),
    "big_three_dragons": value(8),
    "little_four_winds": value(8),
    "big_four_winds": value(16),
    "earthly_ready": value(4),
    "heavenly_ready": value(8),
    "human_win": value(8),
    "earthly_win": value(16),
    "heavenly_win": value(16),
    "eight_immortals": value(8),
    "seven_robs_one": value(8),
    "flower_win_from_deal": value(12),
    **{row.code: value(row.tai) for row in YUE_ROWS},
}
"""The extract's value of every row it names (the rest: :data:`NOT_LISTED`)."""

YUE_REPLACEMENTS: tuple[Replacement, ...] = (
    # 五暗坎: 門清、對對胡就唔會計台
    Replacement("five_concealed_pungs", ("concealed", "all_pungs"), "五暗坎: 門清、對對胡就唔會計台", except_presets=ONLY_YUE),
    # 地聽一發: 唔會計地聽，門清
    Replacement("earthly_ready_first", ("earthly_ready", "declared_ready", "concealed"), "地聽一發: 唔會計地聽，門清"),
    # bigger forms of one pattern replace the smaller (the extract is silent; as 五暗刻 取代四暗刻)
    Replacement("five_kongs", ("four_kongs", "three_kongs"), "5槓子 holds 4槓子 and 三杠子"),
    Replacement("four_kongs", ("three_kongs",), "4槓子 holds 三杠子"),
    Replacement("pure_thirteen_orphans", ("mixed_thirteen_orphans",), "清13么 holds 混13么"),
    Replacement(
        "five_shifted_pungs",
        ("four_shifted_pungs", "double_two_shifted_pungs", "two_shifted_pungs"),
        "五連刻 holds 四連刻 and 2連刻",
    ),
    Replacement("four_shifted_pungs", ("double_two_shifted_pungs", "two_shifted_pungs"), "四連刻 holds 2連刻"),
    # 雙2連刻 / 雙2色同刻 / 雙兩相連 (4台) are two groups of the 一組2台 pattern: they hold it
    Replacement("double_two_shifted_pungs", ("two_shifted_pungs",), "雙2連刻: 2組2連刻"),
    Replacement("double_two_suit_pungs", ("two_suit_pungs",), "雙2色同刻: 2組2色同刻"),
    Replacement("double_two_suit_chows", ("two_suit_chows",), "雙兩相連: 兩個2色同順"),
    Replacement("five_shifted_chows", ("four_shifted_chows",), "1色5步高 holds 1色4步高"),
    Replacement("four_identical_chows", ("pure_double_chow", "four_in_four"), "4連大寶 holds 般高 and 4歸4"),
    Replacement("triple_pung", ("double_two_suit_pungs", "two_suit_pungs"), "三色同刻 holds 2色同刻"),
    Replacement("three_kongs_bloom", ("two_kongs_bloom", "win_on_replacement"), "連槓3開花 holds 連槓2開花 and 槓上開花"),
    Replacement("two_kongs_bloom", ("win_on_replacement",), "連槓2開花 holds 槓上開花"),
    Replacement("true_sixteen_unrelated", ("sixteen_unrelated", "knitted_straight"), "正宗16不塔 holds 16不塔 and 不塔龍"),
    Replacement("pure_terminals", ("outside_hand", "all_pungs"), "清老頭: every set a pung of 1 or 9"),
    Replacement("mixed_terminals", ("outside_hand", "all_pungs"), "混老頭: every set a pung of 1, 9 or honours"),
    Replacement("all_honours", ("outside_hand",), "字一色: every set is of honours", except_presets=ONLY_YUE),
)
"""The extract's own replacement rules, applied after the Taiwan tai table's."""

ALL_HONOURS_DEDUCTION = 4
"""字一色: 如果包含大/小四喜或大/小三元，計完台數之後應該減除4台 (preset `yue_wikibooks`)."""
DEDUCTED_WITH: tuple[str, ...] = ("big_four_winds", "little_four_winds", "big_three_dragons", "little_three_dragons")

HOLDS_CONCEALED: dict[str, frozenset[str]] = {
    preset: frozenset(
        {"heavenly_ready", "earthly_ready", "earthly_ready_first", "earthly_win"} | ({"five_concealed_pungs"} if preset == YUE else set())
    )
    for preset in PRESETS
}
"""Patterns whose tai already hold 門清: a self-drawn hand with one of them
scores 自摸 + 不求, not 門清自摸 (the Taiwan tai table's 不求; the extract's
天聽/地聽/地聽一發/地胡: 唔計門清…自摸就可以加計不求。自摸2台; 五暗坎:
計多台不求人、自摸2台，因為五暗坎實係門清)."""

FIRST_TURN_WITH_KONG: frozenset[str] = frozenset({"heavenly_win", "earthly_win"})
"""The extract: 莊家起手未打牌前開暗槓或連續暗槓而食糊，都當做天胡，而且可以加計槓上開花1台
(地胡 alike): under `yue_wikibooks` these go with a concealed kong and 槓上開花."""
