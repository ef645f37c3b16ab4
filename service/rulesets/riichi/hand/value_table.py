"""The riichi yaku list as data: every yaku of the Wikibooks extract with its
han, open han, yakuman and limit, the dora kinds, the pairs of yaku that
cannot be declared together, and the lookups made from them once.

Source: the Wikibooks extract, section 日本麻雀計番 (一番役, 二番役, 三番役,
五番役以上, 役滿, 雙倍役滿); the riichi scoring article (the limit ladder,
三人麻雀's 拔北, 例五's tier names). Counting them is
:mod:`~service.rulesets.riichi.hand.counting`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

import msgspec

from service.core.errors import conflicts_by_code
from service.core.fields import OrUnset
from service.core.settlement import LocalizedName

YakuCode = Literal[
    # 一番役
    "menzen_tsumo",
    "riichi",
    "ippatsu",
    "pinfu",
    "iipeikou",
    "tanyao",
    "haku",
    "hatsu",
    "chun",
    "seat_wind",
    "round_wind",
    "rinshan_kaihou",
    "chankan",
    "haitei",
    "houtei",
    # 二番役
    "chiitoitsu",
    "chanta",
    "ittsu",
    "sanshoku_doujun",
    "double_riichi",
    "sanshoku_doukou",
    "sanankou",
    "sankantsu",
    "toitoi",
    "honroutou",
    "shousangen",
    # 三番役
    "junchan",
    "honitsu",
    "ryanpeikou",
    # 五番役以上
    "chinitsu",
    "nagashi_mangan",
    "renhou",
    # 役滿
    "daisangen",
    "suuankou",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren_poutou",
    "kokushi_musou",
    "tenhou",
    "chiihou",
    "shousuushii",
    "suukantsu",
    "daisharin",
    "paarenchan",
    "suurenkou",
    "isshoku_suujun",
    # 雙倍役滿
    "junsei_chuuren_poutou",
    "daisuushii",
    "kokushi_musou_13",
    "suuankou_tanki",
    "daichisei",
]

BonusCode = Literal["dora", "aka_dora", "ura_dora", "nuki_dora"]
Section = Literal["one_han", "two_han", "three_han", "five_han_plus", "yakuman", "double_yakuman"]
Limit = Literal["mangan", "haneman", "baiman", "sanbaiman"]

SECTION_ZH: dict[str, str] = {
    "one_han": "一番役",
    "two_han": "二番役",
    "three_han": "三番役",
    "five_han_plus": "五番役以上",
    "yakuman": "役滿",
    "double_yakuman": "雙倍役滿",
}

LIMIT_HAN: dict[str, int] = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11}
"""The fewest han of each limit (the riichi scoring article: 滿貫 5, 跳滿 6–7, 倍滿 8–10, 三倍滿 11–12):
a yaku scored as a limit counts as that many han."""


class YakuRow(msgspec.Struct, frozen=True, kw_only=True):
    """One yaku of the Wikibooks extract's list."""

    code: Annotated[YakuCode, msgspec.Meta(description="Stable code (romaji).")]
    section: Annotated[Section, msgspec.Meta(description="The Wikibooks extract's heading: 一番役 … 雙倍役滿.")]
    section_zh: Annotated[str, msgspec.Meta(description="The heading as printed.")]
    name_zh: Annotated[str, msgspec.Meta(description="The Chinese name as printed in the Wikibooks extract (Traditional).")]
    name_ja: Annotated[str, msgspec.Meta(description="Japanese name, romaji.")]
    name_ja_kanji: Annotated[str, msgspec.Meta(description="Japanese name as written in Japanese.")]
    name_en: Annotated[str, msgspec.Meta(description="English name.")]
    name: OrUnset[LocalizedName] = msgspec.UNSET
    han: Annotated[int | None, msgspec.Meta(description="Han with a closed hand; null for yakuman and for yaku scored as a limit.")]
    open_han: Annotated[
        int | None,
        msgspec.Meta(
            description="Han with an open hand (減一番 where the Wikibooks extract says so); null when the yaku needs a closed hand, and for yakuman and limit yaku."
        ),
    ]
    closed_only: Annotated[bool, msgspec.Meta(description="Needs a closed hand (門前清): declaring it with `open: true` is a 422.")]
    yakuman: Annotated[
        int, msgspec.Meta(description="0 for ordinary yaku, 1 for a yakuman, 2 for a double yakuman (under the given rules).")
    ]
    limit: Annotated[
        Limit | None,
        msgspec.Meta(description="A yaku scored as a limit rather than han (流局滿貫; 人和 under `renhou`), else null."),
    ] = None
    played: Annotated[bool, msgspec.Meta(description="False when the table does not play it (`renhou: off`).")] = True


def _yaku(
    code: YakuCode,
    section: Section,
    name_zh: str,
    romaji: str,
    kanji: str,
    english: str,
    han: int | None,
    open_han: int | None,
    *,
    yakuman: int = 0,
    closed_only: bool | None = None,
    limit: Limit | None = None,
) -> YakuRow:
    return YakuRow(
        code=code,
        section=section,
        section_zh=SECTION_ZH[section],
        name_zh=name_zh,
        name_ja=romaji,
        name_ja_kanji=kanji,
        name_en=english,
        han=han,
        open_han=open_han,
        closed_only=(han is not None and open_han is None) if closed_only is None else closed_only,
        yakuman=yakuman,
        limit=limit,
    )


def _yakuman(code: YakuCode, name_zh: str, romaji: str, kanji: str, english: str, *, closed_only: bool, double: bool = False) -> YakuRow:
    section: Section = "double_yakuman" if double else "yakuman"
    return _yaku(code, section, name_zh, romaji, kanji, english, None, None, yakuman=2 if double else 1, closed_only=closed_only)


YAKU_TABLE: tuple[YakuRow, ...] = (
    # 一番役
    _yaku("menzen_tsumo", "one_han", "門前清自摸和", "Menzenchin tsumohou", "門前清自摸和", "Fully concealed self-draw", 1, None),
    _yaku("riichi", "one_han", "立直", "Riichi", "立直", "Riichi", 1, None),
    _yaku("ippatsu", "one_han", "一發", "Ippatsu", "一発", "One-shot", 1, None),
    _yaku("pinfu", "one_han", "平和", "Pinfu", "平和", "All sequences (no fu)", 1, None),
    _yaku("iipeikou", "one_han", "一盃口", "Iipeikou", "一盃口", "Pure double sequence", 1, None),
    _yaku("tanyao", "one_han", "斷么九", "Tanyao", "断幺九", "All simples", 1, 1),
    _yaku("haku", "one_han", "役牌（三元牌：白）", "Yakuhai haku", "役牌 白", "Dragon pung: white", 1, 1),
    _yaku("hatsu", "one_han", "役牌（三元牌：發）", "Yakuhai hatsu", "役牌 發", "Dragon pung: green", 1, 1),
    _yaku("chun", "one_han", "役牌（三元牌：中）", "Yakuhai chun", "役牌 中", "Dragon pung: red", 1, 1),
    _yaku("seat_wind", "one_han", "役牌（門風牌）", "Yakuhai jikaze", "役牌 自風", "Seat wind pung", 1, 1),
    _yaku("round_wind", "one_han", "役牌（圈風牌）", "Yakuhai bakaze", "役牌 場風", "Prevailing wind pung", 1, 1),
    _yaku("rinshan_kaihou", "one_han", "嶺上開花", "Rinshan kaihou", "嶺上開花", "Win on a kan replacement tile", 1, 1),
    _yaku("chankan", "one_han", "搶槓", "Chankan", "槍槓", "Robbing a kan", 1, 1),
    _yaku("haitei", "one_han", "海底模月", "Haitei moyue", "海底摸月", "Self-draw of the last tile", 1, 1),
    _yaku("houtei", "one_han", "河底撈魚", "Houtei raoyui", "河底撈魚", "Win on the last discard", 1, 1),
    # 二番役
    _yaku("chiitoitsu", "two_han", "七對子", "Chiitoitsu", "七対子", "Seven pairs", 2, None),
    _yaku("chanta", "two_han", "混全帶么", "Chanta", "混全帯幺九", "Half outside hand", 2, 1),
    _yaku("ittsu", "two_han", "一氣通貫", "Ikkitsuukan", "一気通貫", "Pure straight", 2, 1),
    _yaku("sanshoku_doujun", "two_han", "三色同順", "Sanshoku doujun", "三色同順", "Mixed triple sequence", 2, 1),
    _yaku("double_riichi", "two_han", "雙立直", "Daburu riichi", "ダブル立直", "Double riichi", 2, None),
    _yaku("sanshoku_doukou", "two_han", "三色同刻", "Sanshoku doukou", "三色同刻", "Triple pungs", 2, 2),
    _yaku("sanankou", "two_han", "三暗刻", "Sanankou", "三暗刻", "Three concealed pungs", 2, 2),
    _yaku("sankantsu", "two_han", "三槓子", "Sankantsu", "三槓子", "Three kans", 2, 2),
    _yaku("toitoi", "two_han", "對對和", "Toitoihou", "対々和", "All pungs", 2, 2),
    _yaku("honroutou", "two_han", "混老頭", "Honroutou", "混老頭", "All terminals and honours", 2, 2),
    _yaku("shousangen", "two_han", "小三元", "Shousangen", "小三元", "Little three dragons", 2, 2),
    # 三番役
    _yaku("junchan", "three_han", "純全帶", "Junchan", "純全帯幺九", "Fully outside hand", 3, 2),
    _yaku("honitsu", "three_han", "混一色", "Honiisou", "混一色", "Half flush", 3, 2),
    _yaku("ryanpeikou", "three_han", "二盃口", "Ryanpeikou", "二盃口", "Twice pure double sequence", 3, None),
    # 五番役以上
    _yaku("chinitsu", "five_han_plus", "清一色", "Chiniisou", "清一色", "Full flush", 6, 5),
    _yaku(
        "nagashi_mangan",
        "five_han_plus",
        "流局滿貫",
        "Nagashi mangan",
        "流し満貫",
        "Mangan at draw",
        None,
        None,
        closed_only=False,
        limit="mangan",
    ),
    _yaku("renhou", "five_han_plus", "人和", "Renhou", "人和", "Blessing of man", None, None, closed_only=True, limit="mangan"),
    # 役滿
    _yakuman("daisangen", "大三元", "Daisangen", "大三元", "Big three dragons", closed_only=False),
    _yakuman("suuankou", "四暗刻", "Suuankou", "四暗刻", "Four concealed pungs", closed_only=True),
    _yakuman("tsuuiisou", "字一色", "Tsuuiisou", "字一色", "All honours", closed_only=False),
    _yakuman("ryuuiisou", "綠一色", "Ryuuiisou", "緑一色", "All green", closed_only=False),
    _yakuman("chinroutou", "清老頭", "Chinroutou", "清老頭", "All terminals", closed_only=False),
    _yakuman("chuuren_poutou", "九蓮寶燈", "Chuuren poutou", "九蓮宝燈", "Nine gates", closed_only=True),
    _yakuman("kokushi_musou", "國士無雙", "Kokushi musou", "国士無双", "Thirteen orphans", closed_only=True),
    _yakuman("tenhou", "天和", "Tenhou", "天和", "Blessing of heaven", closed_only=True),
    _yakuman("chiihou", "地和", "Chiihou", "地和", "Blessing of earth", closed_only=True),
    _yakuman("shousuushii", "小四喜", "Shousuushii", "小四喜", "Little four winds", closed_only=False),
    _yakuman("suukantsu", "四槓子", "Suukantsu", "四槓子", "Four kans", closed_only=False),
    _yakuman("daisharin", "大車輪", "Daisharin", "大車輪", "Big wheels", closed_only=True),
    _yakuman("paarenchan", "八連莊", "Paarenchan", "八連荘", "Eight consecutive dealer wins", closed_only=False),
    _yakuman("suurenkou", "四連刻", "Suurenkou", "四連刻", "Four consecutive pungs", closed_only=False),
    _yakuman("isshoku_suujun", "一色四順", "Isshoku suujun", "一色四順", "Four identical sequences", closed_only=False),
    # 雙倍役滿
    _yakuman(
        "junsei_chuuren_poutou", "純正九蓮寶燈", "Junsei chuuren poutou", "純正九蓮宝燈", "Pure nine gates", closed_only=True, double=True
    ),
    _yakuman("daisuushii", "大四喜", "Daisuushii", "大四喜", "Big four winds", closed_only=False, double=True),
    _yakuman(
        "kokushi_musou_13",
        "國士無雙十三面",
        "Kokushi musou juusanmen machi",
        "国士無双十三面待ち",
        "Thirteen orphans, 13-sided wait",
        closed_only=True,
        double=True,
    ),
    _yakuman(
        "suuankou_tanki", "四暗刻單騎", "Suuankou tanki", "四暗刻単騎", "Four concealed pungs, single wait", closed_only=True, double=True
    ),
    _yakuman("daichisei", "大七星", "Daichisei", "大七星", "Big seven stars", closed_only=True, double=True),
)
"""The Wikibooks extract's 日本麻雀計番, every yaku in its order. 役牌 is one entry there
(三元牌 白/發/中, 門風牌, 圈風牌): one code per tile here, as each scores
on its own. 海底模月 is printed so (for 海底撈月/海底摸月)."""

YAKU: dict[str, YakuRow] = {row.code: row for row in YAKU_TABLE}


class BonusRow(msgspec.Struct, frozen=True, kw_only=True):
    """A dora kind: counted per tile, never a yaku."""

    code: BonusCode
    name_zh: str
    name_ja: str
    name_ja_kanji: str
    name_en: str
    name: OrUnset[LocalizedName] = msgspec.UNSET
    han_each: int


BONUS_TABLE: tuple[BonusRow, ...] = (
    BonusRow(code="dora", name_zh="懸賞牌", name_ja="Dora", name_ja_kanji="ドラ", name_en="Dora", han_each=1),
    BonusRow(code="aka_dora", name_zh="赤紅5懸賞牌", name_ja="Akadora", name_ja_kanji="赤ドラ", name_en="Red five", han_each=1),
    BonusRow(
        code="ura_dora", name_zh="裏面懸賞牌", name_ja="Uradora", name_ja_kanji="裏ドラ", name_en="Under-dora (riichi only)", han_each=1
    ),
    BonusRow(
        code="nuki_dora", name_zh="拔", name_ja="Nukidora", name_ja_kanji="抜きドラ", name_en="Set-aside north (three players)", han_each=1
    ),
)
"""The Wikibooks extract's 懸賞牌 (+1 han each; 赤紅5 and 裏面 (立直 only) likewise), the riichi scoring article
example 6 拔 (three-player north set aside, counted as dora)."""

RIICHI_CODES: frozenset[str] = frozenset({"riichi", "double_riichi"})

_YAKUHAI: tuple[YakuCode, ...] = ("haku", "hatsu", "chun", "seat_wind", "round_wind")
DRAGON_CODES: tuple[YakuCode, ...] = ("haku", "hatsu", "chun")

CONTRADICTIONS: tuple[tuple[YakuCode, YakuCode, str], ...] = (
    ("honitsu", "chinitsu", "a hand is a half flush or a full flush, not both"),
    ("chiitoitsu", "iipeikou", "seven pairs are not counted as a pure double sequence (七對子里，出一杯口牌型唔算一杯口)"),
    ("riichi", "double_riichi", "double riichi already is the riichi"),
    ("iipeikou", "ryanpeikou", "ryanpeikou counts instead of iipeikou"),
    ("chanta", "junchan", "junchan counts instead of chanta"),
    ("chanta", "honroutou", "a half outside hand has a sequence; all terminals and honours has none"),
    ("junchan", "honroutou", "a fully outside hand has a sequence and no honours"),
    ("ittsu", "chanta", "the 456 of a pure straight has no terminal"),
    ("ittsu", "junchan", "the 456 of a pure straight has no terminal"),
    ("sanshoku_doujun", "sanshoku_doukou", "three sequences and three pungs are more than four sets"),
    ("sanshoku_doujun", "ittsu", "a mixed triple sequence and a pure straight need five sequences"),
    *(
        ("tanyao", other, "all simples has no terminal or honour")
        for other in ("chanta", "junchan", "honroutou", "ittsu", "honitsu", "shousangen", *_YAKUHAI)
    ),
    *(
        ("pinfu", other, "pinfu has four sequences and no pung, kan or valued pair")
        for other in ("toitoi", "sanankou", "sankantsu", "sanshoku_doukou", "honroutou", "shousangen", "rinshan_kaihou", *_YAKUHAI)
    ),
    *(
        ("chiitoitsu", other, "seven pairs has no sets")
        for other in (
            "pinfu",
            "ryanpeikou",
            "toitoi",
            "sanankou",
            "sankantsu",
            "sanshoku_doukou",
            "sanshoku_doujun",
            "ittsu",
            "chanta",
            "junchan",
            "shousangen",
            "rinshan_kaihou",
            "chankan",
            *_YAKUHAI,
        )
    ),
    *(
        ("toitoi", other, "all pungs has no sequence")
        for other in ("iipeikou", "ryanpeikou", "ittsu", "sanshoku_doujun", "chanta", "junchan")
    ),
    *(
        ("ryanpeikou", other, "ryanpeikou has four sequences and no pung")
        for other in ("sanankou", "sankantsu", "sanshoku_doukou", "shousangen", *_YAKUHAI)
    ),
    *(("honitsu", other, "a half flush has one suit and honours") for other in ("junchan", "sanshoku_doujun", "sanshoku_doukou")),
    *(
        ("chinitsu", other, "a full flush has one suit and no honours")
        for other in ("chanta", "honroutou", "shousangen", "sanshoku_doujun", "sanshoku_doukou", *_YAKUHAI)
    ),
    *(("junchan", other, "a fully outside hand has no honours") for other in ("shousangen", *_YAKUHAI)),
    ("menzen_tsumo", "houtei", "houtei is a win on a discard"),
    ("menzen_tsumo", "chankan", "robbing a kan is a win on another player's tile"),
    ("haitei", "houtei", "the last tile is either drawn or discarded"),
    ("haitei", "chankan", "haitei is a self-draw, chankan a win on another player's tile"),
    ("haitei", "rinshan_kaihou", "a kan replacement tile is not the last tile of the wall"),
    ("rinshan_kaihou", "chankan", "rinshan is a self-draw, chankan a win on another player's tile"),
    ("rinshan_kaihou", "houtei", "rinshan is a self-draw, houtei a win on a discard"),
    ("ippatsu", "rinshan_kaihou", "one's own kan ends the ippatsu turn (包括自己暗槓)"),
    *(
        ("renhou", other, "renhou is a win on a discard in the first turn, before the winner's first draw")
        for other in (
            "menzen_tsumo",
            "riichi",
            "double_riichi",
            "ippatsu",
            "haitei",
            "houtei",
            "rinshan_kaihou",
            "chankan",
            "tenhou",
            "chiihou",
        )
    ),
    ("tenhou", "chiihou", "tenhou is the dealer's, chiihou another player's"),
    ("suuankou", "suuankou_tanki", "suuankou tanki counts instead of suuankou"),
    ("kokushi_musou", "kokushi_musou_13", "the 13-sided wait counts instead of kokushi musou"),
    ("chuuren_poutou", "junsei_chuuren_poutou", "junsei chuuren poutou counts instead of chuuren poutou"),
    ("shousuushii", "daisuushii", "a hand has either three or four wind pungs"),
    ("daisangen", "shousuushii", "three dragon pungs and three wind pungs are more than four sets"),
    ("daisangen", "daisuushii", "three dragon pungs and four wind pungs are more than four sets"),
    ("tsuuiisou", "ryuuiisou", "all green needs green bamboo tiles, all honours has none"),
    ("tsuuiisou", "daichisei", "big seven stars already is an all-honours hand (7對子+字一色)"),
    # Yakuman whose shapes exclude each other (the Wikibooks extract's yakuman list: 字一色 全字牌,
    # 綠一色 2、3、4、6、8索同發, 清老頭 一、九嘅刻子同將 無字牌, 九蓮寶燈
    # 一一一二三四五六七八九九九, 國士無雙 所有19萬筒索加7種字牌, 大車輪 2~8筒
    # 七對子, 大七星 7對子+字一色, 四連刻, 一色四順). Without them the yaku could
    # add up to more yakuman than any hand holds.
    *(
        (kokushi, other, "thirteen orphans has no sets and no seven pairs")
        for kokushi in ("kokushi_musou", "kokushi_musou_13")
        for other in (
            "suuankou",
            "suuankou_tanki",
            "suukantsu",
            "daisangen",
            "shousuushii",
            "daisuushii",
            "tsuuiisou",
            "chinroutou",
            "ryuuiisou",
            "chuuren_poutou",
            "junsei_chuuren_poutou",
            "daisharin",
            "daichisei",
            "suurenkou",
            "isshoku_suujun",
        )
    ),
    *(
        (chuuren, other, "nine gates is 1112345678999 and one more tile of the same suit")
        for chuuren in ("chuuren_poutou", "junsei_chuuren_poutou")
        for other in (
            "suuankou",
            "suuankou_tanki",
            "suukantsu",
            "daisangen",
            "shousuushii",
            "daisuushii",
            "tsuuiisou",
            "chinroutou",
            "ryuuiisou",
            "daisharin",
            "daichisei",
            "suurenkou",
            "isshoku_suujun",
        )
    ),
    *(
        (pairs, other, "seven pairs has no sets")
        for pairs in ("daisharin", "daichisei")
        for other in (
            "suuankou",
            "suuankou_tanki",
            "suukantsu",
            "daisangen",
            "shousuushii",
            "daisuushii",
            "chinroutou",
            "suurenkou",
            "isshoku_suujun",
        )
    ),
    *(("daisharin", other, "big wheels is pairs of circles 2 to 8 only") for other in ("daichisei", "tsuuiisou", "ryuuiisou")),
    *(("tsuuiisou", other, "all honours has no numbered tiles") for other in ("chinroutou", "suurenkou", "isshoku_suujun")),
    *(
        ("chinroutou", other, "all terminals has only ones and nines, no honours")
        for other in ("daisangen", "shousuushii", "daisuushii", "ryuuiisou", "suurenkou", "isshoku_suujun")
    ),
    *(
        ("ryuuiisou", other, "all green is bamboo 2, 3, 4, 6 and 8 and the green dragon only")
        for other in ("daisangen", "shousuushii", "daisuushii", "daichisei", "suurenkou")
    ),
    *(
        ("isshoku_suujun", other, "four identical sequences are all four sets")
        for other in ("suuankou", "suuankou_tanki", "suukantsu", "daisangen", "shousuushii", "daisuushii", "suurenkou")
    ),
    *(("suurenkou", other, "four consecutive pungs of one suit are all four sets") for other in ("daisangen", "shousuushii", "daisuushii")),
    # 天和 / 地和 / 人和 win with the dealt hand: no kan has been declared
    *(
        (first_turn, kan, "no kan is declared before a first-turn win")
        for first_turn in ("tenhou", "chiihou", "renhou")
        for kan in ("suukantsu", "sankantsu", "rinshan_kaihou")
        if (first_turn, kan) != ("renhou", "rinshan_kaihou")  # listed above
    ),
)
"""Yaku that cannot be declared together: 422 naming both codes."""

CONFLICTS = conflicts_by_code(CONTRADICTIONS)
YAKU_BIT: dict[str, int] = {row.code: 1 << number for number, row in enumerate(YAKU_TABLE)}
"""Each code's bit, for sets of codes as integers."""


def _bits(codes: Iterable[str]) -> int:
    """A set of codes as bits."""
    bits = 0
    for code in codes:
        bits |= YAKU_BIT[code]
    return bits


CONFLICT_BITS: dict[str, int] = {row.code: _bits(other for other, _ in CONFLICTS.get(row.code, ())) for row in YAKU_TABLE}
"""The codes each code conflicts with, as bits (a quick check before the wording); 0 for none."""

NORTH_REPLACEMENT_PAIRS = frozenset({("pinfu", "rinshan_kaihou"), ("chiitoitsu", "rinshan_kaihou")})
"""Pairs that rule each other out only because rinshan kaihou needs a kan: a
three-player win on the replacement tile for a north set aside (拔北, rules
`nukidora_rinshan`) is rinshan kaihou without any kan (Tenhou's three-player
rule: 抜きドラの嶺上牌で和了れば嶺上開花), so pinfu and seven pairs go with it."""
NORTH_CONFLICTS = conflicts_by_code(row for row in CONTRADICTIONS if (row[0], row[1]) not in NORTH_REPLACEMENT_PAIRS)
NORTH_CONFLICT_BITS: dict[str, int] = {row.code: _bits(other for other, _ in NORTH_CONFLICTS.get(row.code, ())) for row in YAKU_TABLE}
""":data:`CONFLICTS` and :data:`CONFLICT_BITS` for a hand won on a north's replacement."""
RIICHI_BITS = _bits(RIICHI_CODES)

VALUES: dict[str, tuple[int | None, int | None, int, Limit | None]] = {
    row.code: (row.han, row.open_han, row.yakuman, row.limit) for row in YAKU_TABLE
}
"""code → (closed han, open han, yakuman, limit), for counting without attribute lookups."""

TIER_BY_YAKUMAN: tuple[str, ...] = (
    "",
    "yakuman",
    "double_yakuman",
    "triple_yakuman",
    "quadruple_yakuman",
    "quintuple_yakuman",
    "sextuple_yakuman",
    "septuple_yakuman",
    "octuple_yakuman",
)
"""Tier name for k yakuman (k × 8000 basic points, the riichi scoring article's 例五: 雙倍役滿);
the riichi settlement uses the same names."""
