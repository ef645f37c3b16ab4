"""Tai from declared patterns: the counter behind `POST /v1/taiwan/tai`, which
the settlement and the tiles evaluator count with too.

Each listed pattern scores its preset's tai per unit × its count, read first
as :func:`service.rulesets.taiwan.concealed_self_draw.as_counted` reads the listing (門清 +
自摸 → 門清自摸 …); the tai tables' replacement rules (取代, 不另計, 唔計 …)
zero the replaced rows, which stay itemised; rows the preset or the mode
does not score count 0 with a warning. Sources: the Taiwan tai table
(:mod:`service.rulesets.taiwan.value_table`) and the Wikibooks extract's own
list (:mod:`service.rulesets.taiwan.value_table_yue`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from service.core.errors import (
    FieldProblem,
    RuleViolation,
    contradiction_problems,
    field_problem,
    template,
)
from service.core.fields import OrUnset
from service.core.settlement import (
    LocalizedName,
)
from service.core.warnings import SettlementWarning
from service.rulesets.taiwan.concealed_self_draw import as_counted
from service.rulesets.taiwan.value_table import (
    BY_CODE,
    CELLS,
    CONFLICTS_BY_PRESET,
    MODE_NOT_SCORED,
    PATTERN_CODES,
    REPLACEMENTS,
    TAI,
    PatternCode,
)
from service.rulesets.taiwan.value_table_rows import CellStatus, Mode, Preset, Replacement, Unit
from service.rulesets.taiwan.value_table_yue import ALL_HONOURS_DEDUCTION, DEDUCTED_WITH, YUE
from service.rulesets.taiwan.warnings import Code, warning

MAX_COUNT = 8
"""Largest count any per-set/per-tile row allows (8 flowers); each row has
its own ``max_count``."""
MAX_KONGS = 5
"""A 16-tile hand has five sets, so at most five kongs."""

ItemStatus = Literal["scored", "partly_replaced", "replaced", "not_scored_in_preset", "not_scored_in_mode"]


class PatternIn(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One pattern present in the hand."""

    code: Annotated[PatternCode, msgspec.Meta(description="A row code of `GET /v1/taiwan/tai-table`.")]
    count: Annotated[
        int,
        msgspec.Meta(
            ge=1,
            le=MAX_COUNT,
            description="How many: only for rows counted per set or per tile (dragon pungs ≤ 3, own flowers ≤ 2, flower sets ≤ 2, flowers ≤ 8, wind pungs ≤ 4, kongs ≤ 5); 1 for every other row.",
        ),
    ] = 1


Patterns = Annotated[
    list[PatternIn],
    msgspec.Meta(max_length=len(PATTERN_CODES), description="The patterns present, each code at most once."),
]


class TaiItem(msgspec.Struct, kw_only=True):
    """One listed pattern and what it scored."""

    code: str
    name_zh: str
    name_en: str
    name: OrUnset[LocalizedName] = msgspec.UNSET
    unit: Unit
    count: int
    counted: Annotated[int, msgspec.Meta(description="Units scored: `count` less those replaced (0 when not scored).")]
    tai_each: Annotated[int, msgspec.Meta(description="The preset's tai per unit.")]
    tai: Annotated[int, msgspec.Meta(description="`tai_each × counted`, less `deducted`.")]
    status: Annotated[
        ItemStatus,
        msgspec.Meta(
            description="`scored`; `replaced` (0 tai: `replaced_by` scores instead); `partly_replaced` (a flower set replaced some own flowers); `not_scored_in_preset` (the app does not score it, 0 tai); `not_scored_in_mode` (0 tai in this mode)."
        ),
    ]
    replaced_by: Annotated[str | None, msgspec.Meta(description="The pattern scoring instead of this one.")] = None
    replaces: Annotated[list[str], msgspec.Meta(description="Listed patterns this one replaced.")] = []
    note: Annotated[str, msgspec.Meta(description="The preset's note in the Taiwan tai table, as printed.")] = ""
    from_listed: Annotated[
        list[str],
        msgspec.Meta(
            description="The listed codes this item is counted for, when they differ from `code`: `concealed` and `self_draw` listed together count as `concealed_self_draw` (門清自摸); `concealed_self_draw` with a pattern that already holds 門清 (天聽, 地聽, 地胡 …) counts as `self_draw` + `unaided` (自摸 + 不求)."
        ),
    ] = []
    deducted: Annotated[
        int,
        msgspec.Meta(
            description="Tai taken off this item: under `yue_wikibooks`, 字一色 with 大/小四喜 or 大/小三元 (計完台數之後應該減除4台). `tai` is after it."
        ),
    ] = 0


class TaiBreakdown(msgspec.Struct, kw_only=True):
    preset: Preset
    mode: Mode
    items: list[TaiItem]
    tai: Annotated[int, msgspec.Meta(description="Sum of the items' tai. Dealer and streak tai are not included.")]


# --- Tai from patterns ---------------------------------------------------------

WON_ON: dict[str, str] = {
    "discard": template("{pattern} is won on a discard, but win type is self_draw."),
    "self_draw": template("{pattern} is won on a self-draw, but win type is discard."),
}
_WON_ON_BOTH: dict[str, str] = {
    "discard": template("{pattern} is won on a discard but {other} (index {index}) on a self-draw."),
    "self_draw": template("{pattern} is won on a self-draw but {other} (index {index}) on a discard."),
}
_COUNTED: dict[str, str] = {
    "per_set": template("{pattern} is counted per set; a hand has at most {limit}."),
    "per_tile": template("{pattern} is counted per tile; a hand has at most {limit}."),
}


def _check_patterns(patterns: list[PatternIn], preset: str, pointer: str) -> dict[str, int]:
    """Duplicates, counts and contradictions; returns code → index."""
    index: dict[str, int] = {}
    kongs = 0
    wins: dict[str, int] = {}
    for i, pattern in enumerate(patterns):
        row = BY_CODE[pattern.code]
        if pattern.code in index:
            raise RuleViolation(
                field_problem(
                    f"{pointer}/{i}/code",
                    "{pattern} is listed twice (also at index {index}); list each pattern once, with a count.",
                    pattern=pattern.code,
                    index=index[pattern.code],
                )
            )
        index[pattern.code] = i
        if pattern.count > row.max_count:
            if row.max_count == 1:
                problem = field_problem(
                    f"{pointer}/{i}/count", "{pattern} is counted once per hand: its count must be 1.", pattern=pattern.code
                )
            else:
                problem = field_problem(f"{pointer}/{i}/count", _COUNTED[row.unit], pattern=pattern.code, limit=row.max_count)
            raise RuleViolation(problem)
        if pattern.code in ("exposed_kong", "concealed_kong"):
            kongs += pattern.count
            if kongs > MAX_KONGS:
                raise RuleViolation(
                    field_problem(f"{pointer}/{i}/count", "A hand has five sets: at most {limit} kongs in all.", limit=MAX_KONGS)
                )
        if row.win != "any":
            other = "self_draw" if row.win == "discard" else "discard"
            if other in wins:
                j = wins[other]
                raise RuleViolation(
                    field_problem(f"{pointer}/{i}/code", _WON_ON_BOTH[row.win], pattern=pattern.code, other=patterns[j].code, index=j)
                )
            wins.setdefault(row.win, i)
    problems = contradiction_problems(index, CONFLICTS_BY_PRESET[preset], pointer, "/code")
    if problems:
        raise RuleViolation(*problems, title=template("The declared patterns contradict each other"))
    if preset == "zhaishenye" and "all_chows" in index and "concealed" in index:
        raise RuleViolation(
            FieldProblem(
                f"{pointer}/{index['concealed']}/code", "宅神爺 scores all_chows only for a hand that is not concealed (3（手牌不能門清）)."
            )
        )
    return index


def count_tai(
    patterns: list[PatternIn], preset: Preset, mode: Mode, pointer: str = "/patterns"
) -> tuple[TaiBreakdown, list[SettlementWarning]]:
    """Tai of the listed patterns under a preset and mode, itemised.

    The listing is read first as :func:`service.rulesets.taiwan.concealed_self_draw.as_counted`
    reads it (門清 + 自摸 → 門清自摸 …). A replaced pattern is itemised with 0
    tai and ``replaced_by``; a pattern the preset or the mode does not score
    is itemised with 0 tai and a warning. A pattern that is not scored
    replaces nothing."""
    _check_patterns(patterns, preset, pointer)
    entries = as_counted(patterns, preset, _one)
    counted_patterns = [pattern for pattern, _ in entries]
    index = {pattern.code: i for i, pattern in enumerate(counted_patterns)}
    replaced_by, replaced_units, replaces = _replacements(counted_patterns, index, preset, mode)
    deduction = _deduction(index, replaced_by, preset, mode)
    items: list[TaiItem] = []
    warnings: list[SettlementWarning] = []
    for pattern, from_listed in entries:
        code = pattern.code
        item = _item(pattern, preset, mode, replaced_by, replaced_units.get(code, 0), warnings)
        item.replaces = replaces.get(code, [])
        item.from_listed = list(from_listed)
        if code == "all_honours" and item.counted and deduction:
            item.deducted = deduction
            item.tai -= deduction
        items.append(item)
    return TaiBreakdown(preset=preset, mode=mode, items=items, tai=sum(item.tai for item in items)), warnings


def _one(code: str) -> PatternIn:
    return PatternIn(code=code)


ACTIVE: dict[tuple[str, str], frozenset[str]] = {
    (preset, mode): frozenset(code for code, cell in CELLS[preset].items() if code not in off and cell.status != "not_scored")
    for preset in CELLS
    for mode, off in MODE_NOT_SCORED.items()
}
"""(preset, mode) → the codes scored there."""
RULES_IN_FORCE: dict[tuple[str, str], tuple[Replacement, ...]] = {
    (preset, mode): tuple(rule for rule in REPLACEMENTS if preset not in rule.except_presets and rule.by in active)
    for (preset, mode), active in ACTIVE.items()
}
"""(preset, mode) → the replacement rules whose replacer is scored there, in order."""


def _active(code: str, preset: str, mode: str) -> bool:
    return code in ACTIVE[(preset, mode)]


def _replacements(
    patterns: list[PatternIn], index: dict[str, int], preset: str, mode: str
) -> tuple[dict[str, str], dict[str, int], dict[str, list[str]]]:
    """(replaced code → by, replaced code → units replaced, by → codes it replaced)."""
    replaced_by: dict[str, str] = {}
    replaced_units: dict[str, int] = {}
    replaces: dict[str, list[str]] = {}
    active = ACTIVE[(preset, mode)]
    for rule in RULES_IN_FORCE[(preset, mode)]:  # bigger replacers first
        by = rule.by
        if by not in index or by in replaced_by:
            continue
        by_count = patterns[index[by]].count
        for target in rule.replaces:
            if target not in index or target in replaced_by or target not in active:
                continue
            target_count = patterns[index[target]].count
            replaced_by[target] = by
            replaced_units[target] = min(target_count, by_count) if rule.per_unit else target_count
            replaces.setdefault(by, []).append(target)
    return replaced_by, replaced_units, replaces


def _deduction(index: dict[str, int], replaced_by: dict[str, str], preset: str, mode: str) -> int:
    """The Wikibooks extract's 字一色: 如果包含大/小四喜或大/小三元，計完台數之後應該減除4台."""
    if preset != YUE or "all_honours" not in index or not _active("all_honours", preset, mode):
        return 0
    with_big = any(code in index and code not in replaced_by and _active(code, preset, mode) for code in DEDUCTED_WITH)
    return ALL_HONOURS_DEDUCTION if with_big else 0


def _item(
    pattern: PatternIn, preset: str, mode: str, replaced_by: dict[str, str], replaced: int, warnings: list[SettlementWarning]
) -> TaiItem:
    """One pattern's item; its warnings are appended to ``warnings``."""
    code = pattern.code
    row = BY_CODE[code]
    cell = CELLS[preset][code]
    each = TAI[preset][code]
    status: ItemStatus
    if code in MODE_NOT_SCORED[mode]:
        status, counted = "not_scored_in_mode", 0
        warnings.append(warning("taiwan_pattern_not_scored_in_mode", pattern=code, name_zh=row.name_zh, mode=mode))
    elif cell.status == "not_scored":
        status, counted = "not_scored_in_preset", 0
        warnings.append(warning("taiwan_pattern_not_scored_in_preset", pattern=code, name_zh=row.name_zh, preset=preset))
    else:
        counted = pattern.count - replaced
        status = "scored" if code not in replaced_by else ("replaced" if counted == 0 else "partly_replaced")
        if counted and cell.status in _CELL_WARNINGS:
            warnings.append(
                warning(_CELL_WARNINGS[cell.status], pattern=code, name_zh=row.name_zh, preset=preset, note=cell.note, tai=each)
            )
    return TaiItem(
        code=code,
        name_zh=row.name_zh,
        name_en=row.name_en,
        unit=row.unit,
        count=pattern.count,
        counted=counted,
        tai_each=each,
        tai=each * counted,
        status=status,
        replaced_by=replaced_by.get(code),
        note=cell.note,
    )


_CELL_WARNINGS: dict[CellStatus, Code] = {
    "listed_without_value": "taiwan_preset_value_missing",
    "sources_disagree": "taiwan_preset_sources_disagree",
    "different_pattern": "taiwan_preset_name_differs",
}


# --- `POST /v1/taiwan/tai`: its request and answer ---------------------------------


PresetField = Annotated[
    Preset,
    msgspec.Meta(
        description="Whose tai values: `default` (the Taiwan tai table's 台 column) or one app column: `shenlaiye` 神來也, `mingxing` 明星3缺1, `xigu` 戲谷, `mahjong_master` 麻將大師, `zhaishenye` 宅神爺, `wikibooks` 維基教科書; or `yue_wikibooks`, the Wikibooks extract's own tai list (its values, its 36 patterns the tai table has no row for, its first-turn rules); or a source the table's 各家不同 column names: `willoughby` (Willoughby 英文規則: 四暗刻 7, 清一色 14, 天胡 14 …), `chinese_league` (華人麻將競技聯盟: 八仙過海 only adds 8 and does not win alone, no 七搶一)."
    ),
]
ModeField = Annotated[
    Mode,
    msgspec.Meta(
        description="`standard`, or `any_flower_any_wind` (見花見字): round wind, seat wind and own flower are not scored; the five 見花見字 rows are (in `standard` they are not)."
    ),
]


class TaiCountRules(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """House rules for counting `patterns` into tai. Every field is optional;
    settlement and tai requests carry them as top-level fields."""

    preset: PresetField = "default"
    mode: ModeField = "standard"


class TaiRequest(TaiCountRules, forbid_unknown_fields=True, kw_only=True):
    """The patterns of a hand, to count its tai."""

    patterns: Patterns


class TaiResult(TaiBreakdown, kw_only=True):
    """The tai of a hand, pattern by pattern."""

    warnings: list[SettlementWarning]


def tai(request: TaiRequest) -> TaiResult:
    breakdown, warnings = count_tai(request.patterns, request.preset, request.mode)
    return TaiResult(preset=breakdown.preset, mode=breakdown.mode, items=breakdown.items, tai=breakdown.tai, warnings=warnings)
