"""The Taiwanese 16-tile tai table as data.

Source: the Taiwan tai table (台灣麻將 · 台數表), transcribed row by row. Each row keeps the
table's Chinese name and English name as printed, its default tai (the 台
column), its unit (怎麼算: 每組 → per set, 每張 → per tile, 每個 → per kong,
i.e. per set), the table's description (說明) and variant summary (各家不同),
and the six app columns in the table's order: 神來也 ``shenlaiye``, 明星3缺1
``mingxing``, 戲谷 ``xigu``, 麻將大師 ``mahjong_master``, 宅神爺
``zhaishenye``, 維基教科書 ``wikibooks``.

Each app cell is kept as printed (``raw``) together with how it is read:

* ``=`` → ``default``: the default tai.
* a number → ``value``: replaces the default; text in （） after it is kept
  as ``note`` (it may change a replacement rule for that app, see
  :data:`REPLACEMENTS`).
* ``–`` (en dash) or ``不採用`` → ``not_scored``: the app does not score the
  pattern: 0 tai and a warning.
* ``有列，未給台數`` → ``listed_without_value``: the default, with a warning.
* ``當作清一色算`` → ``as_pattern``: scored at that app's value of another
  row (``as_code``).
* ``8 到 24 以上（說法不一）`` → ``sources_disagree``: the default, with a
  warning.
* ``同名、不同胡法（見人胡）`` → ``different_pattern``: the app's source uses
  this name for another win; the default, with a warning.

Replacement rules (取代 …, 不另計 …) are in :data:`REPLACEMENTS`; the modes
(standard and 見花見字) in :data:`MODE_NOT_SCORED`.
"""

from __future__ import annotations

from typing import Literal

from service.core.errors import Contradiction, conflicts_by_code
from service.rulesets.taiwan.rows import (
    APPS,
    DASH,
    EQ,
    NOT_LISTED,
    PRESETS,
    Cell,
    Replacement,
    TaiRow,
    value,
)
from service.rulesets.taiwan.yue_table import (
    FIRST_TURN_WITH_KONG,
    YUE,
    YUE_CELLS,
    YUE_REPLACEMENTS,
    YUE_ROWS,
)

LISTED_NO_VALUE = Cell("有列，未給台數", "listed_without_value", note="有列，未給台數")

TAI_TABLE_ROWS: tuple[TaiRow, ...] = (
    # --- 基本 -----------------------------------------------------------------
    TaiRow(
        "dealer",
        "莊家",
        "Dealer",
        "basic",
        1,
        "1台",
        "per_dealer_payment",
        1,
        "每筆莊家參與的付款",
        "莊家贏或輸的每一筆付款都加 1 台，閒家之間的付款不加。",
        "各家一致",
        (EQ, EQ, EQ, EQ, EQ, EQ),
        pattern=False,
    ),
    TaiRow(
        "dealer_streak",
        "連N拉N",
        "Dealer streak",
        "basic",
        2,
        "2N台",
        "per_streak",
        1,
        "跟莊家台一起算",
        "N 是莊家連莊的次數，莊家胡牌或流局都算一次。連二拉二是 4 台，加上莊家台共 5 台。",
        "戲谷2N（可設為 N） 麻將大師N（有拉莊再加 N） Willoughby 英文規則每次連莊 +2",
        (EQ, EQ, Cell("2N（可設為 N）", "value", 2, "可設為 N"), Cell("N（有拉莊再加 N）", "value", 1, "有拉莊再加 N"), EQ, EQ),
        pattern=False,
    ),
    TaiRow(
        "concealed",
        "門清",
        "Concealed hand",
        "basic",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "沒有吃、碰、明槓或加槓，暗槓可以。胡別人打的牌時算 1 台；自摸時改算門清自摸。",
        "宅神爺2",
        (EQ, EQ, EQ, EQ, value(2), EQ),
    ),
    TaiRow(
        "self_draw",
        "自摸",
        "Self-draw",
        "basic",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "胡的牌是自己從牌牆或補牌摸到的，1 台。門清的手牌通常改算門清自摸。",
        "宅神爺2",
        (EQ, EQ, EQ, EQ, value(2), EQ),
        win="self_draw",
    ),
    TaiRow(
        "concealed_self_draw",
        "門清自摸",
        "Concealed self-draw",
        "basic",
        3,
        "3台",
        "per_hand",
        1,
        "",
        "門清又自摸，合起來算 3 台：門清 1、自摸 1、不求 1，俗稱「門清一摸三」。",
        "宅神爺5",
        (EQ, EQ, EQ, EQ, value(5), EQ),
        win="self_draw",
    ),
    TaiRow(
        "unaided",
        "不求",
        "Unaided",
        "basic",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "宣告天聽或地聽的門清手牌自摸時，門清已經含在聽牌的台裡，所以不算門清自摸，改算自摸 1 台加「不求」1 台。",
        "明星3缺1未列 戲谷未列 宅神爺未列 維基教科書未列",
        (EQ, DASH, DASH, EQ, DASH, DASH),
        win="self_draw",
    ),
    # --- 風牌與三元 -------------------------------------------------------------
    TaiRow(
        "round_wind",
        "圈風",
        "Round wind",
        "winds_and_dragons",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "圈風的刻子或槓，1 台。東風圈時，誰有東風刻子都算。",
        "宅神爺有列，未給台數",
        (EQ, EQ, EQ, EQ, LISTED_NO_VALUE, EQ),
    ),
    TaiRow(
        "seat_wind",
        "門風",
        "Seat wind",
        "winds_and_dragons",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "自己門風的刻子或槓，1 台。門風看擲骰開門：從誰面前的牌牆開牌，誰就是東家，不一定是莊家。",
        "宅神爺有列，未給台數",
        (EQ, EQ, EQ, EQ, LISTED_NO_VALUE, EQ),
    ),
    TaiRow(
        "dragon_pung",
        "三元台",
        "Dragon pung",
        "winds_and_dragons",
        1,
        "1台",
        "per_set",
        3,
        "每組",
        "中、發、白的刻子或槓，每組 1 台。",
        "宅神爺2",
        (EQ, EQ, EQ, EQ, value(2), EQ),
    ),
    # --- 花牌 -----------------------------------------------------------------
    TaiRow(
        "own_flower",
        "正花",
        "Own flower",
        "flowers",
        1,
        "1台",
        "per_tile",
        2,
        "每張",
        "號碼和自己座位相同的花，每張 1 台：東 1、南 2、西 3、北 4。",
        "宅神爺有列，未給台數",
        (EQ, EQ, EQ, EQ, LISTED_NO_VALUE, EQ),
    ),
    TaiRow(
        "flower_set",
        "花槓",
        "Flower set",
        "flowers",
        2,
        "2台",
        "per_set",
        2,
        "每一組四張",
        "集滿梅蘭菊竹或春夏秋冬一整組，2 台，取代那一組的正花；另一組的正花照算。",
        "戲谷1 維基教科書2（正花另計）",
        (EQ, EQ, value(1), EQ, EQ, value(2, "正花另計")),
    ),
    # --- 怎麼胡的 ---------------------------------------------------------------
    TaiRow(
        "edge_wait",
        "邊張",
        "Edge wait",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "只聽一種牌，而且是邊張：1-2 等 3，或 8-9 等 7。1 台。",
        "宅神爺2 戲谷未列",
        (EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        "closed_wait",
        "中洞",
        "Closed wait",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "只聽一種牌，等中間那一張，例如 4-6 等 5。1 台。",
        "宅神爺2 戲谷未列",
        (EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        "pair_wait",
        "單吊",
        "Pair wait",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "只聽一種牌，等的是對子（將眼）的另一張。1 台。",
        "宅神爺2 戲谷未列",
        (EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        "single_wait",
        "獨聽",
        "Single wait",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "只聽一種牌，但不是邊張、中洞或單吊，例如另一頭的牌你自己已經有四張。1 台。",
        "宅神爺2 戲谷未列",
        (EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        "robbing_kong",
        "搶槓",
        "Robbing a kong",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "胡別人加槓的那張牌，1 台。視同加槓的人放槍，由他一人付，沒有自摸台。",
        "宅神爺2",
        (EQ, EQ, EQ, EQ, value(2), EQ),
        win="discard",
    ),
    TaiRow(
        "win_on_replacement",
        "槓上開花",
        "Win on a replacement",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "槓或補花之後補進來的牌自摸，1 台，自摸另計。",
        "宅神爺2",
        (EQ, EQ, EQ, EQ, value(2), EQ),
        win="self_draw",
    ),
    TaiRow(
        "last_tile_self_draw",
        "海底撈月",
        "Last-tile self-draw",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "自摸最後一張可以摸的牌，1 台，自摸另計。",
        "宅神爺2",
        (EQ, EQ, EQ, EQ, value(2), EQ),
        win="self_draw",
    ),
    TaiRow(
        "last_discard",
        "河底撈魚",
        "Last-discard win",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "你胡了摸到海底那家打出的牌，1 台。",
        "神來也未列 明星3缺1未列 宅神爺2 Willoughby 英文規則未列",
        (DASH, DASH, EQ, EQ, value(2), EQ),
        win="discard",
    ),
    TaiRow(
        "all_melded",
        "全求人",
        "All melded",
        "how_won",
        2,
        "2台",
        "per_hand",
        1,
        "",
        "五組都是吃、碰、明槓或加槓來的，手上只剩一張，胡別人打的牌，2 台。不另計單吊。",
        "宅神爺3 麻將大師3（單吊已含在內）",
        (EQ, EQ, EQ, value(3, "單吊已含在內"), value(3), EQ),
        win="discard",
    ),
    TaiRow(
        "half_melded",
        "半求人",
        "All melded, self-drawn",
        "how_won",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "和全求人一樣，但是自摸，1 台，自摸另計。",
        "維基教科書1（只有部分牌桌算） 明星3缺1未列 戲谷未列 宅神爺未列 Willoughby 英文規則未列",
        (EQ, DASH, DASH, EQ, DASH, value(1, "只有部分牌桌算")),
        win="self_draw",
    ),
    # --- 牌型 -----------------------------------------------------------------
    TaiRow(
        "all_chows",
        "平胡",
        "All chows",
        "hand_shape",
        2,
        "2台",
        "per_hand",
        1,
        "",
        "五組順子加一對數牌，沒有字、沒有花，胡別人打的牌而且聽雙頭，2 台。門清另加。",
        "宅神爺3（手牌不能門清）",
        (EQ, EQ, EQ, EQ, value(3, "手牌不能門清"), EQ),
        win="discard",
    ),
    TaiRow(
        "three_concealed_pungs",
        "三暗刻",
        "Three concealed pungs",
        "hand_shape",
        2,
        "2台",
        "per_hand",
        1,
        "",
        "三組自己摸齊的刻子，暗槓也算，2 台。靠別人打的牌湊成的那一組不算暗刻。",
        "宅神爺3",
        (EQ, EQ, EQ, EQ, value(3), EQ),
    ),
    TaiRow(
        "four_concealed_pungs",
        "四暗刻",
        "Four concealed pungs",
        "hand_shape",
        5,
        "5台",
        "per_hand",
        1,
        "",
        "四組暗刻，5 台，取代三暗刻。",
        "宅神爺7 Willoughby 英文規則7",
        (EQ, EQ, EQ, EQ, value(7), EQ),
    ),
    TaiRow(
        "five_concealed_pungs",
        "五暗刻",
        "Five concealed pungs",
        "hand_shape",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "五組暗刻，8 台，取代四暗刻。",
        "宅神爺12 Willoughby 英文規則14",
        (EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        "all_pungs",
        "碰碰胡",
        "All pungs",
        "hand_shape",
        4,
        "4台",
        "per_hand",
        1,
        "",
        "五組都是刻子或槓，加一對，4 台。也叫對對胡。",
        "宅神爺6 Willoughby 英文規則7",
        (EQ, EQ, EQ, EQ, value(6), EQ),
    ),
    TaiRow(
        "half_flush",
        "混一色",
        "Half flush",
        "hand_shape",
        4,
        "4台",
        "per_hand",
        1,
        "",
        "一種花色加字牌，4 台。也叫湊一色。",
        "宅神爺6 Willoughby 英文規則7",
        (EQ, EQ, EQ, EQ, value(6), EQ),
    ),
    TaiRow(
        "full_flush",
        "清一色",
        "Full flush",
        "hand_shape",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "只有一種花色，沒有字牌，8 台。",
        "宅神爺12 Willoughby 英文規則14",
        (EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        "all_honours",
        "字一色",
        "All honours",
        "hand_shape",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "全部都是字牌，8 台，不另計碰碰胡。",
        "維基教科書8 到 24 以上（說法不一） 明星3缺1當作清一色算 宅神爺16 麻將大師16（碰碰胡等另計） Willoughby 英文規則未列",
        (
            EQ,
            Cell("當作清一色算", "as_pattern", note="當作清一色算", as_code="full_flush"),
            EQ,
            value(16, "碰碰胡等另計"),
            value(16),
            Cell("8 到 24 以上（說法不一）", "sources_disagree", note="8 到 24 以上（說法不一）"),
        ),
    ),
    # --- 大牌與特殊胡法 -----------------------------------------------------------
    TaiRow(
        "little_three_dragons",
        "小三元",
        "Little three dragons",
        "big_hands",
        4,
        "4台",
        "per_hand",
        1,
        "",
        "兩組三元牌刻子加一對三元牌，4 台，取代三元台。",
        "宅神爺6 Willoughby 英文規則7",
        (EQ, EQ, EQ, EQ, value(6), EQ),
    ),
    TaiRow(
        "big_three_dragons",
        "大三元",
        "Big three dragons",
        "big_hands",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "中、發、白三組刻子，8 台，取代三元台。",
        "宅神爺12 Willoughby 英文規則14",
        (EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        "little_four_winds",
        "小四喜",
        "Little four winds",
        "big_hands",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "三組風牌刻子加一對風牌，8 台。圈風、門風照算。",
        "宅神爺12 Willoughby 英文規則7",
        (EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        "big_four_winds",
        "大四喜",
        "Big four winds",
        "big_hands",
        16,
        "16台",
        "per_hand",
        1,
        "",
        "東南西北四組刻子，16 台，取代圈風、門風。",
        "宅神爺24 Willoughby 英文規則14 麻將大師16（圈風、門風另計）",
        (EQ, EQ, EQ, value(16, "圈風、門風另計"), value(24), EQ),
    ),
    TaiRow(
        "declared_ready",
        "宣告聽牌",
        "Declared ready",
        "big_hands",
        1,
        "1台",
        "per_hand",
        1,
        "",
        "聽牌時宣告，1 台。宣告之後只能打摸進來的牌。",
        "維基教科書未列 麻將大師未列 宅神爺2",
        (EQ, EQ, EQ, DASH, value(2), DASH),
    ),
    TaiRow(
        "earthly_ready",
        "地聽",
        "Earthly ready",
        "big_hands",
        4,
        "4台",
        "per_hand",
        1,
        "",
        "在第一次摸牌之後宣告：閒家留下摸到的那張、打出別張時宣告，莊家在第二次打牌時宣告。在那之前沒有人吃碰槓過，4 台。取代宣告聽牌和門清。",
        "維基教科書8 戲谷未列 宅神爺未列",
        (EQ, EQ, DASH, EQ, DASH, value(8)),
    ),
    TaiRow(
        "heavenly_ready",
        "天聽",
        "Heavenly ready",
        "big_hands",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "配牌就聽了，在第一次打牌時宣告（閒家打出的是剛摸到的那張），8 台。取代宣告聽牌和門清。",
        "維基教科書16 神來也未列 戲谷未列",
        (DASH, EQ, DASH, EQ, EQ, value(16)),
    ),
    TaiRow(
        "human_win",
        "人胡",
        "Human win",
        "big_hands",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "閒家在自己第一次摸牌之前就胡別人打的牌，而且沒有人吃碰槓過，8 台。",
        "維基教科書16（書中叫地胡，指胡莊家打出的第一張牌） 明星3缺1未列 宅神爺16 麻將大師16",
        (EQ, DASH, EQ, value(16), value(16), value(16, "書中叫地胡，指胡莊家打出的第一張牌")),
        win="discard",
        seat="non_dealer",
    ),
    TaiRow(
        "earthly_win",
        "地胡",
        "Earthly win",
        "big_hands",
        16,
        "16台",
        "per_hand",
        1,
        "",
        "閒家第一次摸牌就自摸，而且沒有人吃碰槓過，16 台。",
        "宅神爺24 Willoughby 英文規則14 維基教科書同名、不同胡法（見人胡）",
        (EQ, EQ, EQ, EQ, value(24), Cell("同名、不同胡法（見人胡）", "different_pattern", note="同名、不同胡法（見人胡）")),
        win="self_draw",
        seat="non_dealer",
    ),
    TaiRow(
        "heavenly_win",
        "天胡",
        "Heavenly win",
        "big_hands",
        24,
        "24台",
        "per_hand",
        1,
        "",
        "莊家補完花，開局的十七張就胡了，24 台。",
        "維基教科書32 宅神爺36 麻將大師16 Willoughby 英文規則14",
        (EQ, EQ, EQ, value(16), value(36), value(32)),
        win="self_draw",
        seat="dealer",
    ),
    TaiRow(
        "eight_immortals",
        "八仙過海",
        "Eight Immortals",
        "big_hands",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "八張花全部到手，立刻胡，8 台，三家都付。",
        "宅神爺16 Willoughby 英文規則14 華人麻將競技聯盟不能直接胡，只加 8 台",
        (EQ, EQ, EQ, EQ, value(16), EQ),
        win="self_draw",
    ),
    TaiRow(
        "seven_robs_one",
        "七搶一",
        "Seven robs one",
        "big_hands",
        8,
        "8台",
        "per_hand",
        1,
        "",
        "你有七張花，搶別人的第八張，立刻胡，8 台，被搶的人一人付。",
        "明星3缺1未列 宅神爺16 麻將大師不採用 Willoughby 英文規則14 華人麻將競技聯盟不採用",
        (EQ, DASH, EQ, Cell("不採用", "not_scored", note="不採用"), value(16), EQ),
        win="discard",
    ),
    TaiRow(
        "flower_win_from_deal",
        "配牌花胡",
        "Flower win from the deal",
        "big_hands",
        12,
        "12台",
        "per_hand",
        1,
        "",
        "開局發牌補花後，就已經是八仙過海或七搶一，12 台。",
        "明星3缺1未列 戲谷未列 麻將大師未列 宅神爺未列 維基教科書未列",
        (EQ, DASH, DASH, DASH, DASH, DASH),
    ),
    # --- 見花見字玩法（另一種算法） ---------------------------------------------------
    TaiRow(
        "any_flower",
        "見花見台",
        "Any flower",
        "any_flower_any_wind",
        1,
        "1台",
        "per_tile",
        8,
        "每張",
        "見花見字玩法：每一張花都算 1 台，不管號碼。",
        "神來也未列 麻將大師未列 維基教科書未列",
        (DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        "any_wind_pung",
        "見風見台",
        "Any wind pung",
        "any_flower_any_wind",
        1,
        "1台",
        "per_set",
        4,
        "每組",
        "見花見字玩法：每一組風牌的刻子或槓都算 1 台，是不是圈風、門風都一樣。",
        "神來也未列 麻將大師未列 維基教科書未列",
        (DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        "no_honours_no_flowers",
        "無字無花",
        "No honours, no flowers",
        "any_flower_any_wind",
        2,
        "2台",
        "per_hand",
        1,
        "",
        "見花見字玩法：沒有字牌也沒有花，2 台。有平胡時不另計這一項。",
        "神來也未列 麻將大師未列 維基教科書未列",
        (DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        "exposed_kong",
        "明槓",
        "Exposed kong",
        "any_flower_any_wind",
        1,
        "1台",
        "per_set",
        5,
        "每個",
        "見花見字玩法：每個明槓或加槓 1 台。",
        "神來也未列 麻將大師未列 維基教科書未列",
        (DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        "concealed_kong",
        "暗槓",
        "Concealed kong",
        "any_flower_any_wind",
        2,
        "2台",
        "per_set",
        5,
        "每個",
        "見花見字玩法：每個暗槓 2 台。",
        "神來也未列 麻將大師未列 維基教科書未列",
        (DASH, EQ, EQ, DASH, EQ, DASH),
    ),
)
"""Every row of the Taiwan tai table, in the table's order. ``max_count`` bounds
the count of per-set/per-tile rows: 3 dragon pungs, 2 own flowers (one per
flower set), 2 flower sets, 8 flowers, 4 wind pungs, 5 kongs (five sets)."""

ROWS: tuple[TaiRow, ...] = (*TAI_TABLE_ROWS, *YUE_ROWS)
"""The Taiwan tai table's rows, then the Wikibooks extract's own (:mod:`service.rulesets.taiwan.yue_table`)."""

PatternCode = Literal[
    "concealed",
    "self_draw",
    "concealed_self_draw",
    "unaided",
    "round_wind",
    "seat_wind",
    "dragon_pung",
    "own_flower",
    "flower_set",
    "edge_wait",
    "closed_wait",
    "pair_wait",
    "single_wait",
    "robbing_kong",
    "win_on_replacement",
    "last_tile_self_draw",
    "last_discard",
    "all_melded",
    "half_melded",
    "all_chows",
    "three_concealed_pungs",
    "four_concealed_pungs",
    "five_concealed_pungs",
    "all_pungs",
    "half_flush",
    "full_flush",
    "all_honours",
    "little_three_dragons",
    "big_three_dragons",
    "little_four_winds",
    "big_four_winds",
    "declared_ready",
    "earthly_ready",
    "heavenly_ready",
    "human_win",
    "earthly_win",
    "heavenly_win",
    "eight_immortals",
    "seven_robs_one",
    "flower_win_from_deal",
    "any_flower",
    "any_wind_pung",
    "no_honours_no_flowers",
    "exposed_kong",
    "concealed_kong",
    "five_kinds",
    "pure_double_chow",
    "four_in_two",
    "mixed_shifted_chows",
    "mixed_shifted_pungs",
    "mixed_straight",
    "triple_pung",
    "two_shifted_pungs",
    "four_in_three",
    "two_suit_pungs",
    "two_suit_chows",
    "earthly_ready_first",
    "seven_pairs_and_pung",
    "two_kongs_bloom",
    "knitted_straight",
    "knitted_alike",
    "three_kongs",
    "four_shifted_chows",
    "four_in_four",
    "sixteen_unrelated",
    "outside_hand",
    "mixed_nine_gates",
    "mixed_thirteen_orphans",
    "all_green",
    "three_kongs_bloom",
    "five_shifted_chows",
    "four_shifted_pungs",
    "mixed_terminals",
    "five_shifted_pungs",
    "four_kongs",
    "four_identical_chows",
    "pure_terminals",
    "pure_thirteen_orphans",
    "pure_nine_gates",
    "five_kongs",
    "true_sixteen_unrelated",
]
"""Codes a request may list: every row but the dealer's and the streak's
(those come from ``dealer`` and ``dealer_streak``)."""

BY_CODE: dict[str, TaiRow] = {row.code: row for row in ROWS}
PATTERN_CODES: tuple[str, ...] = tuple(row.code for row in ROWS if row.pattern)


REPLACEMENTS: tuple[Replacement, ...] = (
    # Bigger replacers first: a pattern that is itself replaced replaces nothing.
    # 配牌花胡: 就已經是八仙過海或七搶一，12 台 — the same win, valued 12
    Replacement("flower_win_from_deal", ("eight_immortals", "seven_robs_one"), "配牌花胡: 已經是八仙過海或七搶一，12 台"),
    # first-turn wins, every preset (the Wikibooks extract): 天胡 不計門清一摸三; 地胡 唔計天聽、門清;
    # 人胡 唔會計天聽、門清 (a self-drawn 地胡 keeps 自摸 + 不求: 自摸就可以加計不求。自摸2台)
    Replacement("heavenly_win", ("concealed_self_draw", "concealed", "self_draw", "unaided"), "天胡: 不計門清一摸三"),
    Replacement("earthly_win", ("heavenly_ready", "concealed"), "地胡: 唔計天聽、門清"),
    Replacement("human_win", ("heavenly_ready", "concealed"), "人胡: 唔會計天聽、門清"),
    YUE_REPLACEMENTS[1],  # 地聽一發 唔會計地聽，門清: before 地聽's own rule
    # the Wikibooks extract (Wikibooks 花牌): 拎同色花槓改計2台，拎滿花(8花牌)改計8台
    Replacement(
        "eight_immortals",
        ("flower_set", "own_flower"),
        "the Wikibooks extract's 花牌: 拎滿花(8花牌)改計8台",
        except_presets=frozenset(PRESETS) - {"wikibooks", YUE},
    ),
    Replacement(
        "seven_robs_one",
        ("flower_set", "own_flower"),
        "the Wikibooks extract's 花牌: 拎滿花(8花牌)改計8台",
        except_presets=frozenset(PRESETS) - {"wikibooks", YUE},
    ),
    Replacement(
        "flower_set",
        ("own_flower",),
        "花槓: 取代那一組的正花；另一組的正花照算",
        except_presets=frozenset({"wikibooks"}),  # 2（正花另計）
        per_unit=True,
    ),
    # 門清 1、自摸 1、不求 1: the 3 tai include 不求, so a listed 不求 is replaced too
    Replacement("concealed_self_draw", ("concealed", "self_draw", "unaided"), "門清自摸: 門清 1、自摸 1、不求 1"),
    # five replaces four, which replaces three: five replaces both
    Replacement("five_concealed_pungs", ("four_concealed_pungs", "three_concealed_pungs"), "五暗刻: 取代四暗刻"),
    Replacement("four_concealed_pungs", ("three_concealed_pungs",), "四暗刻: 取代三暗刻"),
    Replacement("big_three_dragons", ("dragon_pung",), "大三元: 取代三元台"),
    Replacement("little_three_dragons", ("dragon_pung",), "小三元: 取代三元台"),
    Replacement(
        "big_four_winds",
        ("round_wind", "seat_wind"),
        "大四喜: 取代圈風、門風",
        except_presets=frozenset({"mahjong_master"}),  # 16（圈風、門風另計）
    ),
    Replacement(
        "all_honours",
        ("all_pungs",),
        "字一色: 不另計碰碰胡",
        except_presets=frozenset({"mahjong_master"}),  # 16（碰碰胡等另計）
    ),
    # mahjong_master 3（單吊已含在內）: pair wait included, so replaced there too
    Replacement("all_melded", ("pair_wait",), "全求人: 不另計單吊"),
    Replacement("heavenly_ready", ("declared_ready", "concealed"), "天聽: 取代宣告聽牌和門清"),
    Replacement("earthly_ready", ("declared_ready", "concealed"), "地聽: 取代宣告聽牌和門清"),
    Replacement("all_chows", ("no_honours_no_flowers",), "無字無花: 有平胡時不另計這一項"),
    *(rule for rule in YUE_REPLACEMENTS if rule.by != "earthly_ready_first"),
)
"""The replacement rules the Taiwan tai table states (and the Wikibooks extract's eight-flower rule
for the Wikibooks preset), applied in this order. A row replaces only when
it is itself scored (the preset scores it, the mode counts it, and no
earlier rule replaced it)."""

_HONOUR_ROWS = (
    "round_wind",
    "seat_wind",
    "dragon_pung",
    "little_three_dragons",
    "big_three_dragons",
    "little_four_winds",
    "big_four_winds",
    "any_wind_pung",
)
_FLOWER_ROWS = ("own_flower", "flower_set", "eight_immortals", "seven_robs_one", "flower_win_from_deal", "any_flower")
_CLOSED_ROWS = ("concealed", "concealed_self_draw", "unaided", "heavenly_ready", "earthly_ready")
_MELDED_ROWS = ("all_melded", "half_melded")

CONTRADICTIONS: tuple[Contradiction, ...] = (
    # 混一色 一種花色加字牌; 清一色 只有一種花色，沒有字牌; 字一色 全部都是字牌
    ("half_flush", "full_flush", "a half flush has honours, a full flush has none"),
    ("half_flush", "all_honours", "a half flush has a suit, all honours has none"),
    ("full_flush", "all_honours", "a full flush has no honours, all honours has only honours"),
    *(("full_flush", honour, "a full flush has no honours") for honour in _HONOUR_ROWS),
    # 平胡 五組順子加一對數牌，沒有字、沒有花，胡別人打的牌而且聽雙頭
    *(
        ("all_chows", other, "all chows is five chows and a suited pair, no honours, no flowers, won on a two-sided wait")
        for other in (
            *_HONOUR_ROWS,
            *_FLOWER_ROWS,
            "half_flush",
            "all_honours",
            "all_pungs",
            "three_concealed_pungs",
            "four_concealed_pungs",
            "five_concealed_pungs",
            "exposed_kong",
            "concealed_kong",
            "edge_wait",
            "closed_wait",
            "pair_wait",
            "single_wait",
        )
    ),
    # 無字無花 沒有字牌也沒有花
    *(
        ("no_honours_no_flowers", other, "no honours, no flowers has neither")
        for other in (*_HONOUR_ROWS, *_FLOWER_ROWS, "half_flush", "all_honours")
    ),
    # 小三元 兩組三元牌刻子加一對三元牌, 大三元 三組; 小四喜 三組風牌刻子加一對風牌, 大四喜 四組;
    # a hand is five sets and one pair
    ("little_three_dragons", "big_three_dragons", "a hand has two or three dragon pungs, not both"),
    ("little_four_winds", "big_four_winds", "a hand has three or four wind pungs, not both"),
    *(
        (dragons, winds, "the dragon and wind patterns together need more than five sets and one pair")
        for dragons in ("little_three_dragons", "big_three_dragons")
        for winds in ("little_four_winds", "big_four_winds")
    ),
    # 門清 沒有吃、碰、明槓或加槓 (天聽、地聽 and 不求 are concealed hands too);
    # 全求人 / 半求人 五組都是吃、碰、明槓或加槓來的
    *((closed, other, "a concealed hand has no melded set") for closed in _CLOSED_ROWS for other in (*_MELDED_ROWS, "exposed_kong")),
    *(
        (melded, concealed, "an all-melded hand has no concealed set")
        for melded in _MELDED_ROWS
        for concealed in ("three_concealed_pungs", "four_concealed_pungs", "five_concealed_pungs", "concealed_kong")
    ),
    # 天胡 莊家…開局的十七張就胡了; 地胡 閒家第一次摸牌就自摸; 人胡 閒家在自己第一次摸牌之前就胡; 沒有人吃碰槓過
    ("heavenly_win", "earthly_win", "a heavenly win is the dealer's, an earthly win another player's"),
    *(
        (first_turn, other, "nothing is melded or konged before a first-turn win")
        for first_turn in ("heavenly_win", "earthly_win", "human_win")
        for other in (*_MELDED_ROWS, "exposed_kong", "concealed_kong", "win_on_replacement")
    ),
    # 邊張、中洞、單吊: 只聽一種牌, each its own shape; 獨聽 不是邊張、中洞或單吊
    *(
        (first, second, "a hand wins on one kind of wait")
        for first, second in (
            ("edge_wait", "closed_wait"),
            ("edge_wait", "pair_wait"),
            ("closed_wait", "pair_wait"),
            ("single_wait", "edge_wait"),
            ("single_wait", "closed_wait"),
            ("single_wait", "pair_wait"),
        )
    ),
    # 邊張 1-2 等 3, 中洞 4-6 等 5: the winning tile completes a chow
    *(
        (pungs, wait, "an edge or closed wait completes a chow")
        for pungs in ("all_pungs", "all_honours", "five_concealed_pungs")
        for wait in ("edge_wait", "closed_wait")
    ),
)
"""Patterns that cannot be declared together (the Taiwan tai table's definitions, quoted
above each group): 422 naming both codes. How the hand was won (自摸 or a
discard) is checked from each row's ``win`` instead."""

CONFLICTS = conflicts_by_code(CONTRADICTIONS)

_KONG_BEFORE_FIRST_DISCARD = frozenset({"concealed_kong", "win_on_replacement"})
CONFLICTS_BY_PRESET: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    preset: CONFLICTS
    if preset != YUE
    else conflicts_by_code(
        (first, second, reason)
        for first, second, reason in CONTRADICTIONS
        if not (first in FIRST_TURN_WITH_KONG and second in _KONG_BEFORE_FIRST_DISCARD)
    )
    for preset in PRESETS
}
"""The contradictions under each preset: the Wikibooks extract's 天胡 and 地胡 may
follow a concealed kong declared before the first discard, with 槓上開花
(莊家起手未打牌前開暗槓或連續暗槓而食糊，都當做天胡，而且可以加計槓上開花1台)."""

REPLACEMENTS_BY: dict[str, tuple[Replacement, ...]] = {}
for _rule in REPLACEMENTS:
    REPLACEMENTS_BY[_rule.by] = (*REPLACEMENTS_BY.get(_rule.by, ()), _rule)

MODE_NOT_SCORED: dict[str, frozenset[str]] = {
    "standard": frozenset({"any_flower", "any_wind_pung", "no_honours_no_flowers", "exposed_kong", "concealed_kong"}),
    "any_flower_any_wind": frozenset({"round_wind", "seat_wind", "own_flower"}),
}
"""The Taiwan tai table: 見花見字玩法：圈風、門風、正花不算，改算表格最後一組的五項."""


def _cell(row: TaiRow, preset: str) -> Cell:
    if preset == YUE:
        return YUE_CELLS.get(row.code, NOT_LISTED)
    if not row.in_tai_table:
        return NOT_LISTED
    if preset == "default":
        return Cell(row.tai_printed, "default")
    return row.cells[APPS.index(preset)]


def _resolve(row: TaiRow, preset: str) -> int:
    cell = _cell(row, preset)
    if cell.status == "value":
        assert cell.tai is not None
        return cell.tai
    if cell.status == "not_scored":
        return 0
    if cell.status == "as_pattern":
        return _resolve(BY_CODE[cell.as_code], preset)
    return row.tai  # default, listed_without_value, sources_disagree, different_pattern


CELLS: dict[str, dict[str, Cell]] = {preset: {row.code: _cell(row, preset) for row in ROWS} for preset in PRESETS}
"""preset → code → the table's cell (the default preset's cell is the 台 column)."""

TAI: dict[str, dict[str, int]] = {preset: {row.code: _resolve(row, preset) for row in ROWS} for preset in PRESETS}
"""preset → code → tai per unit (0 where the app does not score the row)."""
