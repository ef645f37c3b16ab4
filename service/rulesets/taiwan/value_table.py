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

from typing import TYPE_CHECKING, Literal

from service.core.errors import Contradiction, conflicts_by_code
from service.rulesets.taiwan.value_table_rows import (
    APPS,
    DASH,
    EQ,
    NAMED_SOURCES,
    NOT_LISTED,
    PRESETS,
    Cell,
    Replacement,
    TaiRow,
    value,
)
from service.rulesets.taiwan.value_table_yue import (
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
        code="dealer",
        name_zh="莊家",
        name_en="Dealer",
        section="basic",
        tai=1,
        tai_printed="1台",
        unit="per_dealer_payment",
        max_count=1,
        how_zh="每筆莊家參與的付款",
        description_zh="莊家贏或輸的每一筆付款都加 1 台，閒家之間的付款不加。",
        variants_zh="各家一致",
        cells=(EQ, EQ, EQ, EQ, EQ, EQ),
        pattern=False,
    ),
    TaiRow(
        code="dealer_streak",
        name_zh="連N拉N",
        name_en="Dealer streak",
        section="basic",
        tai=2,
        tai_printed="2N台",
        unit="per_streak",
        max_count=1,
        how_zh="跟莊家台一起算",
        description_zh="N 是莊家連莊的次數，莊家胡牌或流局都算一次。連二拉二是 4 台，加上莊家台共 5 台。",
        variants_zh="戲谷2N（可設為 N） 麻將大師N（有拉莊再加 N） Willoughby 英文規則每次連莊 +2",
        cells=(EQ, EQ, Cell("2N（可設為 N）", "value", 2, "可設為 N"), Cell("N（有拉莊再加 N）", "value", 1, "有拉莊再加 N"), EQ, EQ),
        pattern=False,
    ),
    TaiRow(
        code="concealed",
        name_zh="門清",
        name_en="Concealed hand",
        section="basic",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="沒有吃、碰、明槓或加槓，暗槓可以。胡別人打的牌時算 1 台；自摸時改算門清自摸。",
        variants_zh="宅神爺2",
        cells=(EQ, EQ, EQ, EQ, value(2), EQ),
    ),
    TaiRow(
        code="self_draw",
        name_zh="自摸",
        name_en="Self-draw",
        section="basic",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="胡的牌是自己從牌牆或補牌摸到的，1 台。門清的手牌通常改算門清自摸。",
        variants_zh="宅神爺2",
        cells=(EQ, EQ, EQ, EQ, value(2), EQ),
        win="self_draw",
    ),
    TaiRow(
        code="concealed_self_draw",
        name_zh="門清自摸",
        name_en="Concealed self-draw",
        section="basic",
        tai=3,
        tai_printed="3台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="門清又自摸，合起來算 3 台：門清 1、自摸 1、不求 1，俗稱「門清一摸三」。",
        variants_zh="宅神爺5",
        cells=(EQ, EQ, EQ, EQ, value(5), EQ),
        win="self_draw",
    ),
    TaiRow(
        code="unaided",
        name_zh="不求",
        name_en="Unaided",
        section="basic",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="宣告天聽或地聽的門清手牌自摸時，門清已經含在聽牌的台裡，所以不算門清自摸，改算自摸 1 台加「不求」1 台。",
        variants_zh="明星3缺1未列 戲谷未列 宅神爺未列 維基教科書未列",
        cells=(EQ, DASH, DASH, EQ, DASH, DASH),
        win="self_draw",
    ),
    # --- 風牌與三元 -------------------------------------------------------------
    TaiRow(
        code="round_wind",
        name_zh="圈風",
        name_en="Round wind",
        section="winds_and_dragons",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="圈風的刻子或槓，1 台。東風圈時，誰有東風刻子都算。",
        variants_zh="宅神爺有列，未給台數",
        cells=(EQ, EQ, EQ, EQ, LISTED_NO_VALUE, EQ),
    ),
    TaiRow(
        code="seat_wind",
        name_zh="門風",
        name_en="Seat wind",
        section="winds_and_dragons",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="自己門風的刻子或槓，1 台。門風看擲骰開門：從誰面前的牌牆開牌，誰就是東家，不一定是莊家。",
        variants_zh="宅神爺有列，未給台數",
        cells=(EQ, EQ, EQ, EQ, LISTED_NO_VALUE, EQ),
    ),
    TaiRow(
        code="dragon_pung",
        name_zh="三元台",
        name_en="Dragon pung",
        section="winds_and_dragons",
        tai=1,
        tai_printed="1台",
        unit="per_set",
        max_count=3,
        how_zh="每組",
        description_zh="中、發、白的刻子或槓，每組 1 台。",
        variants_zh="宅神爺2",
        cells=(EQ, EQ, EQ, EQ, value(2), EQ),
    ),
    # --- 花牌 -----------------------------------------------------------------
    TaiRow(
        code="own_flower",
        name_zh="正花",
        name_en="Own flower",
        section="flowers",
        tai=1,
        tai_printed="1台",
        unit="per_tile",
        max_count=2,
        how_zh="每張",
        description_zh="號碼和自己座位相同的花，每張 1 台：東 1、南 2、西 3、北 4。",
        variants_zh="宅神爺有列，未給台數",
        cells=(EQ, EQ, EQ, EQ, LISTED_NO_VALUE, EQ),
    ),
    TaiRow(
        code="flower_set",
        name_zh="花槓",
        name_en="Flower set",
        section="flowers",
        tai=2,
        tai_printed="2台",
        unit="per_set",
        max_count=2,
        how_zh="每一組四張",
        description_zh="集滿梅蘭菊竹或春夏秋冬一整組，2 台，取代那一組的正花；另一組的正花照算。",
        variants_zh="戲谷1 維基教科書2（正花另計）",
        cells=(EQ, EQ, value(1), EQ, EQ, value(2, "正花另計")),
    ),
    # --- 怎麼胡的 ---------------------------------------------------------------
    TaiRow(
        code="edge_wait",
        name_zh="邊張",
        name_en="Edge wait",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="只聽一種牌，而且是邊張：1-2 等 3，或 8-9 等 7。1 台。",
        variants_zh="宅神爺2 戲谷未列",
        cells=(EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        code="closed_wait",
        name_zh="中洞",
        name_en="Closed wait",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="只聽一種牌，等中間那一張，例如 4-6 等 5。1 台。",
        variants_zh="宅神爺2 戲谷未列",
        cells=(EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        code="pair_wait",
        name_zh="單吊",
        name_en="Pair wait",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="只聽一種牌，等的是對子（將眼）的另一張。1 台。",
        variants_zh="宅神爺2 戲谷未列",
        cells=(EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        code="single_wait",
        name_zh="獨聽",
        name_en="Single wait",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="只聽一種牌，但不是邊張、中洞或單吊，例如另一頭的牌你自己已經有四張。1 台。",
        variants_zh="宅神爺2 戲谷未列",
        cells=(EQ, EQ, DASH, EQ, value(2), EQ),
    ),
    TaiRow(
        code="robbing_kong",
        name_zh="搶槓",
        name_en="Robbing a kong",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="胡別人加槓的那張牌，1 台。視同加槓的人放槍，由他一人付，沒有自摸台。",
        variants_zh="宅神爺2",
        cells=(EQ, EQ, EQ, EQ, value(2), EQ),
        win="discard",
    ),
    TaiRow(
        code="win_on_replacement",
        name_zh="槓上開花",
        name_en="Win on a replacement",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="槓或補花之後補進來的牌自摸，1 台，自摸另計。",
        variants_zh="宅神爺2",
        cells=(EQ, EQ, EQ, EQ, value(2), EQ),
        win="self_draw",
    ),
    TaiRow(
        code="last_tile_self_draw",
        name_zh="海底撈月",
        name_en="Last-tile self-draw",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="自摸最後一張可以摸的牌，1 台，自摸另計。",
        variants_zh="宅神爺2",
        cells=(EQ, EQ, EQ, EQ, value(2), EQ),
        win="self_draw",
    ),
    TaiRow(
        code="last_discard",
        name_zh="河底撈魚",
        name_en="Last-discard win",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="你胡了摸到海底那家打出的牌，1 台。",
        variants_zh="神來也未列 明星3缺1未列 宅神爺2 Willoughby 英文規則未列",
        cells=(DASH, DASH, EQ, EQ, value(2), EQ),
        win="discard",
    ),
    TaiRow(
        code="all_melded",
        name_zh="全求人",
        name_en="All melded",
        section="how_won",
        tai=2,
        tai_printed="2台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="五組都是吃、碰、明槓或加槓來的，手上只剩一張，胡別人打的牌，2 台。不另計單吊。",
        variants_zh="宅神爺3 麻將大師3（單吊已含在內）",
        cells=(EQ, EQ, EQ, value(3, "單吊已含在內"), value(3), EQ),
        win="discard",
    ),
    TaiRow(
        code="half_melded",
        name_zh="半求人",
        name_en="All melded, self-drawn",
        section="how_won",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="和全求人一樣，但是自摸，1 台，自摸另計。",
        variants_zh="維基教科書1（只有部分牌桌算） 明星3缺1未列 戲谷未列 宅神爺未列 Willoughby 英文規則未列",
        cells=(EQ, DASH, DASH, EQ, DASH, value(1, "只有部分牌桌算")),
        win="self_draw",
    ),
    # --- 牌型 -----------------------------------------------------------------
    TaiRow(
        code="all_chows",
        name_zh="平胡",
        name_en="All chows",
        section="hand_shape",
        tai=2,
        tai_printed="2台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="五組順子加一對數牌，沒有字、沒有花，胡別人打的牌而且聽雙頭，2 台。門清另加。",
        variants_zh="宅神爺3（手牌不能門清）",
        cells=(EQ, EQ, EQ, EQ, value(3, "手牌不能門清"), EQ),
        win="discard",
    ),
    TaiRow(
        code="three_concealed_pungs",
        name_zh="三暗刻",
        name_en="Three concealed pungs",
        section="hand_shape",
        tai=2,
        tai_printed="2台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="三組自己摸齊的刻子，暗槓也算，2 台。靠別人打的牌湊成的那一組不算暗刻。",
        variants_zh="宅神爺3",
        cells=(EQ, EQ, EQ, EQ, value(3), EQ),
    ),
    TaiRow(
        code="four_concealed_pungs",
        name_zh="四暗刻",
        name_en="Four concealed pungs",
        section="hand_shape",
        tai=5,
        tai_printed="5台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="四組暗刻，5 台，取代三暗刻。",
        variants_zh="宅神爺7 Willoughby 英文規則7",
        cells=(EQ, EQ, EQ, EQ, value(7), EQ),
    ),
    TaiRow(
        code="five_concealed_pungs",
        name_zh="五暗刻",
        name_en="Five concealed pungs",
        section="hand_shape",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="五組暗刻，8 台，取代四暗刻。",
        variants_zh="宅神爺12 Willoughby 英文規則14",
        cells=(EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        code="all_pungs",
        name_zh="碰碰胡",
        name_en="All pungs",
        section="hand_shape",
        tai=4,
        tai_printed="4台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="五組都是刻子或槓，加一對，4 台。也叫對對胡。",
        variants_zh="宅神爺6 Willoughby 英文規則7",
        cells=(EQ, EQ, EQ, EQ, value(6), EQ),
    ),
    TaiRow(
        code="half_flush",
        name_zh="混一色",
        name_en="Half flush",
        section="hand_shape",
        tai=4,
        tai_printed="4台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="一種花色加字牌，4 台。也叫湊一色。",
        variants_zh="宅神爺6 Willoughby 英文規則7",
        cells=(EQ, EQ, EQ, EQ, value(6), EQ),
    ),
    TaiRow(
        code="full_flush",
        name_zh="清一色",
        name_en="Full flush",
        section="hand_shape",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="只有一種花色，沒有字牌，8 台。",
        variants_zh="宅神爺12 Willoughby 英文規則14",
        cells=(EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        code="all_honours",
        name_zh="字一色",
        name_en="All honours",
        section="hand_shape",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="全部都是字牌，8 台，不另計碰碰胡。",
        variants_zh="維基教科書8 到 24 以上（說法不一） 明星3缺1當作清一色算 宅神爺16 麻將大師16（碰碰胡等另計） Willoughby 英文規則未列",
        cells=(
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
        code="little_three_dragons",
        name_zh="小三元",
        name_en="Little three dragons",
        section="big_hands",
        tai=4,
        tai_printed="4台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="兩組三元牌刻子加一對三元牌，4 台，取代三元台。",
        variants_zh="宅神爺6 Willoughby 英文規則7",
        cells=(EQ, EQ, EQ, EQ, value(6), EQ),
    ),
    TaiRow(
        code="big_three_dragons",
        name_zh="大三元",
        name_en="Big three dragons",
        section="big_hands",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="中、發、白三組刻子，8 台，取代三元台。",
        variants_zh="宅神爺12 Willoughby 英文規則14",
        cells=(EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        code="little_four_winds",
        name_zh="小四喜",
        name_en="Little four winds",
        section="big_hands",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="三組風牌刻子加一對風牌，8 台。圈風、門風照算。",
        variants_zh="宅神爺12 Willoughby 英文規則7",
        cells=(EQ, EQ, EQ, EQ, value(12), EQ),
    ),
    TaiRow(
        code="big_four_winds",
        name_zh="大四喜",
        name_en="Big four winds",
        section="big_hands",
        tai=16,
        tai_printed="16台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="東南西北四組刻子，16 台，取代圈風、門風。",
        variants_zh="宅神爺24 Willoughby 英文規則14 麻將大師16（圈風、門風另計）",
        cells=(EQ, EQ, EQ, value(16, "圈風、門風另計"), value(24), EQ),
    ),
    TaiRow(
        code="declared_ready",
        name_zh="宣告聽牌",
        name_en="Declared ready",
        section="big_hands",
        tai=1,
        tai_printed="1台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="聽牌時宣告，1 台。宣告之後只能打摸進來的牌。",
        variants_zh="維基教科書未列 麻將大師未列 宅神爺2",
        cells=(EQ, EQ, EQ, DASH, value(2), DASH),
    ),
    TaiRow(
        code="earthly_ready",
        name_zh="地聽",
        name_en="Earthly ready",
        section="big_hands",
        tai=4,
        tai_printed="4台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="在第一次摸牌之後宣告：閒家留下摸到的那張、打出別張時宣告，莊家在第二次打牌時宣告。在那之前沒有人吃碰槓過，4 台。取代宣告聽牌和門清。",
        variants_zh="維基教科書8 戲谷未列 宅神爺未列",
        cells=(EQ, EQ, DASH, EQ, DASH, value(8)),
    ),
    TaiRow(
        code="heavenly_ready",
        name_zh="天聽",
        name_en="Heavenly ready",
        section="big_hands",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="配牌就聽了，在第一次打牌時宣告（閒家打出的是剛摸到的那張），8 台。取代宣告聽牌和門清。",
        variants_zh="維基教科書16 神來也未列 戲谷未列",
        cells=(DASH, EQ, DASH, EQ, EQ, value(16)),
    ),
    TaiRow(
        code="human_win",
        name_zh="人胡",
        name_en="Human win",
        section="big_hands",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="閒家在自己第一次摸牌之前就胡別人打的牌，而且沒有人吃碰槓過，8 台。",
        variants_zh="維基教科書16（書中叫地胡，指胡莊家打出的第一張牌） 明星3缺1未列 宅神爺16 麻將大師16",
        cells=(EQ, DASH, EQ, value(16), value(16), value(16, "書中叫地胡，指胡莊家打出的第一張牌")),
        win="discard",
        seat="non_dealer",
    ),
    TaiRow(
        code="earthly_win",
        name_zh="地胡",
        name_en="Earthly win",
        section="big_hands",
        tai=16,
        tai_printed="16台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="閒家第一次摸牌就自摸，而且沒有人吃碰槓過，16 台。",
        variants_zh="宅神爺24 Willoughby 英文規則14 維基教科書同名、不同胡法（見人胡）",
        cells=(EQ, EQ, EQ, EQ, value(24), Cell("同名、不同胡法（見人胡）", "different_pattern", note="同名、不同胡法（見人胡）")),
        win="self_draw",
        seat="non_dealer",
    ),
    TaiRow(
        code="heavenly_win",
        name_zh="天胡",
        name_en="Heavenly win",
        section="big_hands",
        tai=24,
        tai_printed="24台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="莊家補完花，開局的十七張就胡了，24 台。",
        variants_zh="維基教科書32 宅神爺36 麻將大師16 Willoughby 英文規則14",
        cells=(EQ, EQ, EQ, value(16), value(36), value(32)),
        win="self_draw",
        seat="dealer",
    ),
    TaiRow(
        code="eight_immortals",
        name_zh="八仙過海",
        name_en="Eight Immortals",
        section="big_hands",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="八張花全部到手，立刻胡，8 台，三家都付。",
        variants_zh="宅神爺16 Willoughby 英文規則14 華人麻將競技聯盟不能直接胡，只加 8 台",
        cells=(EQ, EQ, EQ, EQ, value(16), EQ),
        win="self_draw",
    ),
    TaiRow(
        code="seven_robs_one",
        name_zh="七搶一",
        name_en="Seven robs one",
        section="big_hands",
        tai=8,
        tai_printed="8台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="你有七張花，搶別人的第八張，立刻胡，8 台，被搶的人一人付。",
        variants_zh="明星3缺1未列 宅神爺16 麻將大師不採用 Willoughby 英文規則14 華人麻將競技聯盟不採用",
        cells=(EQ, DASH, EQ, Cell("不採用", "not_scored", note="不採用"), value(16), EQ),
        win="discard",
    ),
    TaiRow(
        code="flower_win_from_deal",
        name_zh="配牌花胡",
        name_en="Flower win from the deal",
        section="big_hands",
        tai=12,
        tai_printed="12台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="開局發牌補花後，就已經是八仙過海或七搶一，12 台。",
        variants_zh="明星3缺1未列 戲谷未列 麻將大師未列 宅神爺未列 維基教科書未列",
        cells=(EQ, DASH, DASH, DASH, DASH, DASH),
    ),
    # --- 見花見字玩法（另一種算法） ---------------------------------------------------
    TaiRow(
        code="any_flower",
        name_zh="見花見台",
        name_en="Any flower",
        section="any_flower_any_wind",
        tai=1,
        tai_printed="1台",
        unit="per_tile",
        max_count=8,
        how_zh="每張",
        description_zh="見花見字玩法：每一張花都算 1 台，不管號碼。",
        variants_zh="神來也未列 麻將大師未列 維基教科書未列",
        cells=(DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        code="any_wind_pung",
        name_zh="見風見台",
        name_en="Any wind pung",
        section="any_flower_any_wind",
        tai=1,
        tai_printed="1台",
        unit="per_set",
        max_count=4,
        how_zh="每組",
        description_zh="見花見字玩法：每一組風牌的刻子或槓都算 1 台，是不是圈風、門風都一樣。",
        variants_zh="神來也未列 麻將大師未列 維基教科書未列",
        cells=(DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        code="no_honours_no_flowers",
        name_zh="無字無花",
        name_en="No honours, no flowers",
        section="any_flower_any_wind",
        tai=2,
        tai_printed="2台",
        unit="per_hand",
        max_count=1,
        how_zh="",
        description_zh="見花見字玩法：沒有字牌也沒有花，2 台。有平胡時不另計這一項。",
        variants_zh="神來也未列 麻將大師未列 維基教科書未列",
        cells=(DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        code="exposed_kong",
        name_zh="明槓",
        name_en="Exposed kong",
        section="any_flower_any_wind",
        tai=1,
        tai_printed="1台",
        unit="per_set",
        max_count=5,
        how_zh="每個",
        description_zh="見花見字玩法：每個明槓或加槓 1 台。",
        variants_zh="神來也未列 麻將大師未列 維基教科書未列",
        cells=(DASH, EQ, EQ, DASH, EQ, DASH),
    ),
    TaiRow(
        code="concealed_kong",
        name_zh="暗槓",
        name_en="Concealed kong",
        section="any_flower_any_wind",
        tai=2,
        tai_printed="2台",
        unit="per_set",
        max_count=5,
        how_zh="每個",
        description_zh="見花見字玩法：每個暗槓 2 台。",
        variants_zh="神來也未列 麻將大師未列 維基教科書未列",
        cells=(DASH, EQ, EQ, DASH, EQ, DASH),
    ),
)
"""Every row of the Taiwan tai table, in the table's order. ``max_count`` bounds
the count of per-set/per-tile rows: 3 dragon pungs, 2 own flowers (one per
flower set), 2 flower sets, 8 flowers, 4 wind pungs, 5 kongs (five sets)."""

ROWS: tuple[TaiRow, ...] = (*TAI_TABLE_ROWS, *YUE_ROWS)
"""The Taiwan tai table's rows, then the Wikibooks extract's own (:mod:`service.rulesets.taiwan.value_table_yue`)."""

BY_CODE: dict[str, TaiRow] = {row.code: row for row in ROWS}
PATTERN_CODES: tuple[str, ...] = tuple(row.code for row in ROWS if row.pattern)
"""Codes a request may list: every row but the dealer's and the streak's
(those come from ``dealer`` and ``dealer_streak``), in the table's order."""

if TYPE_CHECKING:
    PatternCode = str
else:
    PatternCode = Literal[PATTERN_CODES]
    """:data:`PATTERN_CODES` as the type a request's `code` is decoded to (and published as)."""


REPLACEMENTS: tuple[Replacement, ...] = (
    # Bigger replacers first: a pattern that is itself replaced replaces nothing.
    # 配牌花胡: 就已經是八仙過海或七搶一，12 台 — the same win, valued 12
    Replacement("flower_win_from_deal", ("eight_immortals", "seven_robs_one"), "配牌花胡: 已經是八仙過海或七搶一，12 台"),
    # first-turn wins, every preset (the Wikibooks extract): 天胡 不計門清一摸三; 地胡 唔計天聽、門清;
    # 人胡 唔會計天聽、門清
    Replacement("heavenly_win", ("concealed_self_draw", "concealed", "self_draw", "unaided"), "天胡: 不計門清一摸三"),
    Replacement("earthly_win", ("heavenly_ready", "concealed"), "地胡: 唔計天聽、門清"),
    # what a self-drawn 地胡 adds: the extract 自摸 + 不求 (自摸就可以加計不求。自摸2台); the tai table's
    # presets 自摸 alone, 不求 being the table's only after a declared 天聽 or 地聽 (宣告天聽或地聽的門清手牌自摸時)
    Replacement(
        "earthly_win",
        ("unaided",),
        "the tai table's 不求: 宣告天聽或地聽的門清手牌自摸時 (a 地胡 declares neither)",
        except_presets=frozenset({YUE}),
    ),
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
        # 地胡 on the replacement for a flower drawn first is still 地胡, with 槓上開花 (the tai table's
        # 槓上開花: 槓或補花之後補進來的牌自摸; the Wikibooks extract: 摸花或開槓之後槓尾補牌)
        if (first_turn, other) != ("earthly_win", "win_on_replacement")
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


NO_FLOWER_WIN = "chinese_league"
"""The preset whose 八仙過海 does not win by itself (華人麻將競技聯盟不能直接胡，只加 8 台)."""
NOT_WON_BY_FLOWERS = Cell("八仙過海不能直接胡", "not_scored", note="八仙過海不能直接胡")
"""配牌花胡 under that preset: the table's row is a win by the flowers alone
(已經是八仙過海或七搶一), which its 八仙過海 cannot be; not scored."""


def named_cell(variants_zh: str, source: str) -> Cell:
    """A named source's cell, read from the row's 各家不同 text: `Willoughby
    英文規則7` is 7, `…未列` not listed, `…不採用` not played; other words (八仙過海's
    `不能直接胡，只加 8 台`, the streak's `每次連莊 +2`) keep the row's value,
    the words as the note; a row that does not name the source is the default."""
    start = variants_zh.find(source)
    if start < 0:
        return EQ
    text = variants_zh[start + len(source) :].split(" ")[0]
    if text.isdigit():
        return value(int(text))
    if text == "未列":
        return NOT_LISTED
    if text == "不採用":
        return Cell(text, "not_scored", note=text)
    words = variants_zh[start + len(source) :]
    return Cell(words, "default", note=words)


def _cell(row: TaiRow, preset: str) -> Cell:
    if preset == YUE:
        return YUE_CELLS.get(row.code, NOT_LISTED)
    if not row.in_tai_table:
        return NOT_LISTED
    if preset == NO_FLOWER_WIN and row.code == "flower_win_from_deal":
        return NOT_WON_BY_FLOWERS
    if preset in NAMED_SOURCES:
        return named_cell(row.variants_zh, NAMED_SOURCES[preset])
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
