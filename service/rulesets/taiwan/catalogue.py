"""The Taiwan tai table under one preset and mode: `GET /v1/taiwan/tai-table`."""

from __future__ import annotations

from typing import Annotated

import msgspec

from service.core.settlement import LocalizedName
from service.rulesets.taiwan.value_table import CELLS, MODE_NOT_SCORED, REPLACEMENTS_BY, ROWS, TAI
from service.rulesets.taiwan.value_table_rows import CellStatus, Mode, Preset, Section, Unit


class TaiTableRow(msgspec.Struct, kw_only=True):
    code: str
    name_zh: Annotated[str, msgspec.Meta(description="Chinese name as printed in the Taiwan tai table.")]
    name_en: Annotated[str, msgspec.Meta(description="English name as printed in the Taiwan tai table.")]
    name: LocalizedName = msgspec.UNSET  # type: ignore[assignment]
    section: Section
    unit: Annotated[
        Unit,
        msgspec.Meta(
            description="`per_hand`, `per_set` (每組/每個), `per_tile` (每張); the dealer row is `per_dealer_payment`, the streak row `per_streak` (tai per N)."
        ),
    ]
    max_count: int
    tai: Annotated[int, msgspec.Meta(description="The preset's tai per unit (0 where the app does not score it).")]
    default_tai: int
    cell: Annotated[
        str,
        msgspec.Meta(
            description="The preset's cell in the Taiwan tai table as printed (`=`, `–`, a number, a note); the default preset's is the 台 column."
        ),
    ]
    status: Annotated[
        CellStatus,
        msgspec.Meta(
            description="How the cell is read: `default` (=), `value` (a number), `not_scored` (– or 不採用), `listed_without_value` (有列，未給台數: default used), `as_pattern` (scored as `scored_as`), `sources_disagree` (default used), `different_pattern` (the source uses the name for another win: default used)."
        ),
    ]
    notes: Annotated[str, msgspec.Meta(description="The cell's note as printed, if any.")]
    scored: Annotated[bool, msgspec.Meta(description="Scored under this preset and mode.")]
    scored_in_mode: bool
    pattern: Annotated[bool, msgspec.Meta(description="False for the dealer and streak rows, which come from `dealer`/`dealer_streak`.")]
    scored_as: str | None
    replaces: Annotated[list[str], msgspec.Meta(description="Rows this one replaces under this preset.")]
    win: Annotated[str, msgspec.Meta(description="`any`, `discard` or `self_draw`: how a hand with this pattern is won.")]
    how_zh: Annotated[str, msgspec.Meta(description="怎麼算 as printed (empty when the table leaves it out).")]
    description_zh: Annotated[str, msgspec.Meta(description="說明 as printed.")]
    variants_zh: Annotated[str, msgspec.Meta(description="各家不同 as printed.")]


class TaiTable(msgspec.Struct, kw_only=True):
    preset: Preset
    mode: Mode
    rows: list[TaiTableRow]


def tai_table(preset: Preset, mode: Mode) -> TaiTable:
    """Every row of the Taiwan tai table under one preset and mode."""
    cells = CELLS[preset]
    off = MODE_NOT_SCORED[mode]
    rows = []
    for row in ROWS:
        cell = cells[row.code]
        in_mode = row.code not in off
        rows.append(
            TaiTableRow(
                code=row.code,
                name_zh=row.name_zh,
                name_en=row.name_en,
                section=row.section,
                unit=row.unit,
                max_count=row.max_count,
                tai=TAI[preset][row.code],
                default_tai=row.tai,
                cell=cell.raw,
                status=cell.status,
                notes=cell.note,
                scored=in_mode and cell.status != "not_scored",
                scored_in_mode=in_mode,
                pattern=row.pattern,
                scored_as=cell.as_code or None,
                replaces=[
                    target
                    for rule in REPLACEMENTS_BY.get(row.code, ())
                    if preset not in rule.except_presets and in_mode and cell.status != "not_scored"
                    for target in rule.replaces
                ],
                win=row.win,
                how_zh=row.how_zh,
                description_zh=row.description_zh,
                variants_zh=row.variants_zh,
            )
        )
    return TaiTable(preset=preset, mode=mode, rows=rows)
