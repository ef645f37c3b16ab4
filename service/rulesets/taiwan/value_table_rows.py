"""The rows of the Taiwan tai tables, as types: a row, one preset's cell, a
replacement rule, and the preset names.

The Taiwan tai table (:mod:`service.rulesets.taiwan.value_table`) and the
Wikibooks extract's own list (:mod:`service.rulesets.taiwan.value_table_yue`) are
both written with these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Preset = Literal[
    "default", "shenlaiye", "mingxing", "xigu", "mahjong_master", "zhaishenye", "wikibooks", "yue_wikibooks", "willoughby", "chinese_league"
]
APPS: tuple[Preset, ...] = ("shenlaiye", "mingxing", "xigu", "mahjong_master", "zhaishenye", "wikibooks")
"""The app columns of the Taiwan tai table, in the table's order."""
NAMED_SOURCES: dict[str, str] = {"willoughby": "Willoughby 英文規則", "chinese_league": "華人麻將競技聯盟"}
"""Presets read from the Taiwan tai table's 各家不同 column, where these
sources are named beside a row's value (they have no column of their own):
a row that does not name one is the table's default."""
PRESETS: tuple[Preset, ...] = ("default", *APPS, "yue_wikibooks", "willoughby", "chinese_league")
"""Every preset: the tai table's 台 column, its six app columns, the Wikibooks
extract's own list, and the two sources the 各家不同 column names."""
APP_NAMES_ZH: dict[str, str] = {
    "shenlaiye": "神來也",
    "mingxing": "明星3缺1",
    "xigu": "戲谷",
    "mahjong_master": "麻將大師",
    "zhaishenye": "宅神爺",
    "wikibooks": "維基教科書",
    "yue_wikibooks": "維基教科書（粵文）",
    **NAMED_SOURCES,
}

Mode = Literal["standard", "any_flower_any_wind"]
Unit = Literal["per_hand", "per_set", "per_tile", "per_dealer_payment", "per_streak"]
Section = Literal["basic", "winds_and_dragons", "flowers", "how_won", "hand_shape", "big_hands", "any_flower_any_wind", "yue_wikibooks"]
"""The Taiwan tai table's sections, and ``yue_wikibooks`` for the rows only the Wikibooks extract names."""
WinNeeded = Literal["any", "discard", "self_draw"]
SeatNeeded = Literal["any", "dealer", "non_dealer"]
CellStatus = Literal["default", "value", "not_scored", "listed_without_value", "as_pattern", "sources_disagree", "different_pattern"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One app cell of the Taiwan tai table, as printed and as read."""

    raw: str
    status: CellStatus
    tai: int | None = None
    note: str = ""
    as_code: str = ""


EQ = Cell("=", "default")
DASH = Cell("–", "not_scored")
NOT_LISTED = Cell("未列", "not_scored", note="未列")
"""A row the preset's source does not name: the Wikibooks extract's own rows
under the Taiwan tai table's presets, and the tai table's rows the extract
leaves out under `yue_wikibooks`. Not scored."""


def value(tai: int, note: str = "") -> Cell:
    """A written number, optionally followed by a note in （）."""
    return Cell(f"{tai}（{note}）" if note else str(tai), "value", tai, note)


@dataclass(frozen=True, slots=True, kw_only=True)
class TaiRow:
    """One row of a tai table, every column named where the row is written."""

    code: str
    name_zh: str
    name_en: str
    section: Section
    tai: int
    tai_printed: str
    unit: Unit
    max_count: int
    how_zh: str
    description_zh: str
    variants_zh: str
    cells: tuple[Cell, Cell, Cell, Cell, Cell, Cell]
    win: WinNeeded = "any"
    seat: SeatNeeded = "any"
    pattern: bool = True
    in_tai_table: bool = True
    """False for the rows only the Wikibooks extract names (its own list, preset `yue_wikibooks`)."""


@dataclass(frozen=True, slots=True)
class Replacement:
    """``by`` scores instead of ``replaces`` (取代 / 不另計). ``except_presets``
    are apps whose cell note says the replaced rows are counted too.
    ``per_unit``: one unit of ``by`` replaces one unit of each replaced row
    (a flower set replaces that set's own flower, not the other set's)."""

    by: str
    replaces: tuple[str, ...]
    source: str
    except_presets: frozenset[str] = frozenset()
    per_unit: bool = False
